"""The paper's bounds and constants as plain functions of the paper's symbols.

Keyword names follow the paper: ``d, b, delta, L, sigma, gamma, tau, zeta, alpha, K``.
This package uses nothing else of the library but its input checks. It holds the constants of
eq:c1, Theorems 3.2–3.4, Lemmas 5.1–5.3, Theorem 5.4, and the appendix lemmas of Appendices D
and E that their proofs rest on, each evaluated exactly as printed (errata are noted in the
docstrings), and the corrigendum's repairs, by claim family:

- ``section3``: Theorems 3.2–3.4 (PDF Theorems 2–4) and E‖Σ^{1/2}u‖³;
- ``section5``: eq:c1, Lemmas 5.1–5.3 and Theorem 5.4 (PDF Lemmas 9–11, Theorem 12);
- ``appendix``: the lemmas of Appendices D and E;
- ``corrected``: the ``*_corrected`` repairs of all of these;
- ``checking``: ``@checked``, the one boundary every public bound is declared with (the rule of
  each symbol in ``SYMBOL_RULES``, τ ≤ ζ, a named ``FloatingPointError`` on overflow).
"""

from .appendix import (
    G_norm_1_bound,
    G_norm_bound,
    GG_bound,
    NuBounds,
    alpha_err_coefficient,
    chi_threshold,
    dd_bound,
    hh_bound,
    nu_bounds,
    sig2_bound,
    sto_err_coefficient,
    tgm3_bound,
)
from .checking import NON_FINITE_BY_DESIGN
from .checking import SYMBOL_RULES as SYMBOL_RULES  # re-exported, not in __all__
from .checking import checked as checked  # re-exported, not in __all__
from .corrected import (
    Y_SUM,
    G_norm_1_bound_corrected,
    Lemma53Corrected,
    Theorem54Corrected,
    chi_threshold_corrected,
    delta_alpha_1_corrected,
    delta_alpha_2_corrected,
    hh_bound_corrected,
    lemma52_rate_corrected,
    lemma53_constants_corrected,
    local_region_threshold_corrected,
    nu_bounds_corrected,
    per_step_failures_corrected,
    tgm3_bound_corrected,
    theorem33_bounds_corrected,
    theorem54_bounds_corrected,
)
from .section3 import (
    Sandwich,
    Theorem33,
    Theorem34,
    alpha_condition,
    expected_cubed_norm,
    phi,
    theorem32_bounds,
    theorem33_bounds,
    theorem33_improved,
    theorem34_bounds,
)
from .section5 import (
    CConstants,
    Lemma53Constants,
    Rate,
    Theorem54,
    c_constants,
    delta_alpha_1,
    delta_alpha_2,
    lemma51_rate,
    lemma52_rate,
    lemma53_constants,
    local_region_threshold,
    nab_f_threshold,
    theorem54_bounds,
)

__all__ = [
    "CConstants",
    "c_constants",
    "expected_cubed_norm",
    "phi",
    "Sandwich",
    "theorem32_bounds",
    "Theorem33",
    "theorem33_bounds",
    "theorem33_bounds_corrected",
    "theorem33_improved",
    "alpha_condition",
    "Theorem34",
    "theorem34_bounds",
    "Rate",
    "lemma51_rate",
    "delta_alpha_1",
    "delta_alpha_1_corrected",
    "lemma52_rate",
    "delta_alpha_2",
    "local_region_threshold",
    "Lemma53Constants",
    "lemma53_constants",
    "Theorem54",
    "theorem54_bounds",
    "NuBounds",
    "nu_bounds",
    "hh_bound",
    "tgm3_bound",
    "G_norm_bound",
    "GG_bound",
    "G_norm_1_bound",
    "sig2_bound",
    "nab_f_threshold",
    "alpha_err_coefficient",
    "chi_threshold",
    "sto_err_coefficient",
    "dd_bound",
    "NON_FINITE_BY_DESIGN",
    "lemma52_rate_corrected",
    "local_region_threshold_corrected",
    "delta_alpha_2_corrected",
    "nu_bounds_corrected",
    "hh_bound_corrected",
    "tgm3_bound_corrected",
    "G_norm_1_bound_corrected",
    "chi_threshold_corrected",
    "per_step_failures_corrected",
    "Lemma53Corrected",
    "lemma53_constants_corrected",
    "Theorem54Corrected",
    "theorem54_bounds_corrected",
    "Y_SUM",
]
