"""Appendix D of the paper: the properties of g̃(μ) and G̃(Σ) behind Lemmas 5.1 and 5.2.

D.1 = ``lem:tgm_1``, D.2 = ``eq:nu``, D.3 = ``eq:gd_low``, D.4 = ``lem:tgm`` (eq:hh), D.5 =
``eq:tgm_3``, D.6 = ``eq:G_norm``/``eq:GG``, D.7 = ``eq:G_norm_1``/``eq:G_norm_2``; and the errata
in their proofs. Each check compares a printed statement with something independent (a closed
form, scipy's χ² distribution, or a Monte Carlo frequency tested against the allowed
probability, ``stats.exceedance_z``), with fixed seeds. Notebook ``09-appendix-lemmas`` plots
``BIAS_CURVE`` and ``G_CURVE``.

The package is split by concern: ``lemmas`` (the checks of Lemmas D.1–D.7 and their
experiments), ``proofs`` (the errata in their proofs, each returning an ``Evidence``) and
``common`` (what both use); every name is re-exported here, so
``from mines_theory.verification.appendix_d import X`` works as before.
"""

from __future__ import annotations

from .common import quadratic
from .lemmas import (
    BIAS,
    BIAS_CURVE,
    D7,
    G_CURVE,
    INSIDE,
    BiasExperiment,
    HalfSquareG,
    InsideG,
    bias_curve,
    check_lemma_d1,
    check_lemma_d2,
    check_lemma_d3,
    check_lemma_d4,
    check_lemma_d5,
    check_lemma_d6,
    check_lemma_d7,
    cubic_perturbed_quadratic,
    gradient_norm_curve,
)
from .proofs import (
    erratum_G_norm_1,
    erratum_hypotheses,
    erratum_nu_gamma_power,
    erratum_taylor_weight,
    erratum_two_log,
    erratum_U_nu_step,
)

__all__ = [
    "BIAS",
    "BIAS_CURVE",
    "D7",
    "G_CURVE",
    "INSIDE",
    "BiasExperiment",
    "HalfSquareG",
    "InsideG",
    "bias_curve",
    "check_lemma_d1",
    "check_lemma_d2",
    "check_lemma_d3",
    "check_lemma_d4",
    "check_lemma_d5",
    "check_lemma_d6",
    "check_lemma_d7",
    "cubic_perturbed_quadratic",
    "erratum_G_norm_1",
    "erratum_U_nu_step",
    "erratum_hypotheses",
    "erratum_nu_gamma_power",
    "erratum_taylor_weight",
    "erratum_two_log",
    "gradient_norm_curve",
    "quadratic",
]
