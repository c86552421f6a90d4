"""Section 3 of the paper: the regularized objective Q_α(μ, Σ) = J(μ, Σ) − α²/2·log det Σ and its
minimizer (Theorems 3.1–3.4 = printed Theorems 1–4), and the errata in their proofs.

Theorem 3.1 = ``prop:quad_case``, 3.2 = ``prop:close``, 3.3 = ``prop:mu``, 3.4 = ``prop:Sigma``.
Notebook ``04-regularized-objective`` plots ``SECTION3_SWEEP`` against the bounds.

The package is split by claim family: ``theorems`` (the sweeps and the four checks) and
``proofs`` (the errata in the proofs, eq:R's cancellation, the convexity threshold); every name
is re-exported here, so ``from mines_theory.verification.section3 import X`` works as before.
"""

from __future__ import annotations

from .proofs import (
    convexity_scan,
    convexity_threshold,
    erratum_j_quad_integrand,
    erratum_j_sig_0_power,
    erratum_last_chain_norms,
    erratum_logdet_step,
    erratum_sig_opt_mu,
    erratum_sig_opt_posdef,
    erratum_strict_convexity,
    erratum_taylor_sigma,
    erratum_theorem33_sign,
    erratum_tmp2_first_line,
    erratum_tmp_phi_argument,
    q_curvature,
    theorem33_r_cancels,
    Theorem33WithoutR,
)
from .theorems import (
    HOLDER,
    KINKED,
    LOOSE,
    ORDER_BOUNDARY,
    ORDER_SE,
    SECTION3_SWEEP,
    SECTION3_SWEEP_1D,
    SMOOTH,
    AlphaSweep,
    check_theorem31,
    check_theorem32,
    check_theorem33,
    check_theorem34,
    KinkedSweep,
    order_above,
    order_below,
    slope_fit,
)

__all__ = [
    "AlphaSweep",
    "check_theorem31",
    "check_theorem32",
    "check_theorem33",
    "check_theorem34",
    "convexity_scan",
    "convexity_threshold",
    "erratum_j_quad_integrand",
    "erratum_j_sig_0_power",
    "erratum_last_chain_norms",
    "erratum_logdet_step",
    "erratum_sig_opt_mu",
    "erratum_sig_opt_posdef",
    "erratum_strict_convexity",
    "erratum_taylor_sigma",
    "erratum_theorem33_sign",
    "erratum_tmp2_first_line",
    "erratum_tmp_phi_argument",
    "HOLDER",
    "KINKED",
    "KinkedSweep",
    "LOOSE",
    "order_above",
    "order_below",
    "ORDER_BOUNDARY",
    "ORDER_SE",
    "q_curvature",
    "SECTION3_SWEEP",
    "SECTION3_SWEEP_1D",
    "slope_fit",
    "SMOOTH",
    "theorem33_r_cancels",
    "Theorem33WithoutR",
]
