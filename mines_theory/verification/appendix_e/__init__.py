"""Appendix E of the paper: the lemmas that prove Lemma 5.3.

E.1 = ``lem:nab_f``, E.2 = ``eq:Sig_dec``/``eq:Sig_2_bnd``, E.3 = ``lem:GH``, E.4 =
``eq:alpha_err``, E.5 = ``lem:E``, E.6 = ``lem:EXY``, E.7 = ``lem:X``, E.8 = ``lem:Y``, E.9 =
``eq:sto_err``, E.10 = ``eq:dd``; and the errata in their proofs. E.2, E.4, E.9 and E.10 are
checked along ``TRAJECTORY``: Algorithm 1 (``MiNESStrategy``, the symmetric root as printed) on a
3-D log-cosh objective, with a record hook that keeps what the lemmas talk about. Numbers along
that run carry bootstrap intervals over its independent seeds.

The package is split by claim family: ``trajectory`` (E.1, E.2, E.4, E.9, E.10 and the run
they share), ``moments`` (E.3, E.5–E.8: identities, truncated moments, tails), the errata in
their proofs by family: ``errata_recursion`` (E.1, E.2, E.4, E.10), ``errata_stochastic`` (E.7–E.9)
and ``errata_induction`` (Lemma 5.3's base case, probability count and induction hypothesis), and
``common`` (what they share); every name is re-exported here, so
``from mines_theory.verification.appendix_e import X`` works as before.
"""

from __future__ import annotations

from .common import (
    untestable,
)
from .trajectory import (
    ALPHA_ERR_COUNTEREXAMPLE,
    AlphaErrCounterexample,
    check_lemma_e1,
    check_lemma_e10,
    check_lemma_e2,
    check_lemma_e4,
    check_lemma_e9,
    SIG2,
    Sig2Experiment,
    sig_dec_sides,
    TRAJECTORY,
    Trajectory,
    TrajectoryRun,
)
from .moments import (
    azuma_margin,
    check_lemma_e3,
    check_lemma_e5,
    check_lemma_e6,
    check_lemma_e7,
    check_lemma_e8,
    chi_threshold_region,
    truncated_moments,
)
from .errata_recursion import (
    erratum_alpha_err_factor,
    erratum_alpha_err_projection,
    erratum_dd_middle_equality,
    erratum_nab_f_typos,
    erratum_sig2_nonquadratic,
    erratum_sig_dec_factor,
)
from .errata_stochastic import (
    erratum_chi_threshold,
    erratum_EY_formula,
    erratum_Lambda_norm,
    erratum_lemX_dependence,
    erratum_sto_err_missing_1_over_b,
    erratum_sto_err_Y_omitted,
    erratum_Y0_sum,
)
from .errata_induction import (
    erratum_base_case_C,
    erratum_probability_bookkeeping,
    erratum_Sigma_vs_Sigma_inv,
)

__all__ = [
    "ALPHA_ERR_COUNTEREXAMPLE",
    "AlphaErrCounterexample",
    "azuma_margin",
    "check_lemma_e1",
    "check_lemma_e10",
    "check_lemma_e2",
    "check_lemma_e3",
    "check_lemma_e4",
    "check_lemma_e5",
    "check_lemma_e6",
    "check_lemma_e7",
    "check_lemma_e8",
    "check_lemma_e9",
    "chi_threshold_region",
    "erratum_alpha_err_factor",
    "erratum_alpha_err_projection",
    "erratum_base_case_C",
    "erratum_chi_threshold",
    "erratum_dd_middle_equality",
    "erratum_EY_formula",
    "erratum_Lambda_norm",
    "erratum_lemX_dependence",
    "erratum_nab_f_typos",
    "erratum_probability_bookkeeping",
    "erratum_sig2_nonquadratic",
    "erratum_sig_dec_factor",
    "erratum_Sigma_vs_Sigma_inv",
    "erratum_sto_err_missing_1_over_b",
    "erratum_sto_err_Y_omitted",
    "erratum_Y0_sum",
    "SIG2",
    "Sig2Experiment",
    "sig_dec_sides",
    "TRAJECTORY",
    "Trajectory",
    "TrajectoryRun",
    "truncated_moments",
    "untestable",
]
