"""The corrigendum: what the paper proves once repaired, result by result, as data with checks.

Each ``Repair`` names a numbered result (our name, the PDF's number, the .tex label), its
statement as printed and as repaired (MyST math), whether it survives (``SURVIVAL``), the errata
it repairs (labels of ``errata.ERRATA``), the ``bounds.*_corrected`` functions that hold its
constants, the ``derivations`` function that derives them, and a check. The check evaluates the
repaired bound on the same runs the printed one is checked on (the ``section5`` and
``appendix_d`` configurations, cached per process) and returns a ``Verdict`` whose looseness
(bound/measured, with a bootstrap interval) says whether the repaired theorem says anything
at those settings.

The package is split by what it holds: ``checks`` (the repaired bounds on the runs, and the
probabilities they use), ``repairs`` (``REPAIRS``, the results as data), ``evidence`` (each
erratum's check as published data: the sentence and numbers that argue it) and ``render``
(the corrigendum's Markdown). Every name is re-exported here, so
``from mines_theory.verification.corrigendum import X`` works as before. Notebook ``08-errata``
renders this package.
"""

from __future__ import annotations

from .checks import (
    E8_GRID,
    check_lemma51_repaired,
    check_lemma52_nonquadratic_repaired,
    check_lemma52_repaired,
    check_lemma53_repaired,
    check_lemma_d2_repaired,
    check_lemma_d4_repaired,
    check_lemma_d5_repaired,
    check_lemma_d7_repaired,
    check_lemma_e8_repaired,
    check_theorem54_repaired,
    exceedance_verdict,
    lemma53_corrected_for,
    theorem54_corrected_C,
)
from .evidence import (
    ERRATA_KEY,
    ErratumResult,
    as_result,
    check_text,
    errata_verdict_cell,
    erratum_evidence,
    evidence_differences,
    fresh_evidence,
    published_evidence,
    reconcile_evidence,
    reconciled_evidence,
    result_from_json,
    result_to_json,
    write_published_evidence,
)
from .render import (
    derivation_markdown,
    errata_markdown,
    errata_outside_repairs,
    readable,
    repair_markdown,
)
from .repairs import REPAIRS, SURVIVAL, Repair, looseness_table, repair, repairs_by_survival

__all__ = [
    "SURVIVAL",
    "Repair",
    "REPAIRS",
    "repair",
    "repairs_by_survival",
    "exceedance_verdict",
    "check_lemma51_repaired",
    "check_lemma52_repaired",
    "check_lemma52_nonquadratic_repaired",
    "check_lemma53_repaired",
    "check_theorem54_repaired",
    "check_lemma_d2_repaired",
    "check_lemma_d4_repaired",
    "check_lemma_d5_repaired",
    "check_lemma_d7_repaired",
    "check_lemma_e8_repaired",
    "lemma53_corrected_for",
    "theorem54_corrected_C",
    "looseness_table",
    "readable",
    "errata_outside_repairs",
    "repair_markdown",
    "derivation_markdown",
    "errata_markdown",
    "E8_GRID",
    "ERRATA_KEY",
    "ErratumResult",
    "as_result",
    "check_text",
    "errata_verdict_cell",
    "erratum_evidence",
    "evidence_differences",
    "fresh_evidence",
    "published_evidence",
    "reconcile_evidence",
    "reconciled_evidence",
    "result_from_json",
    "result_to_json",
    "write_published_evidence",
]
