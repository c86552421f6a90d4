"""Section 3 of the paper: the regularized objective Q_α(μ, Σ) = J(μ, Σ) − α²/2·log det Σ and its
minimizer (Theorems 3.1–3.4 = printed Theorems 1–4), and the errata in their proofs.

Theorem 3.1 = ``prop:quad_case``, 3.2 = ``prop:close``, 3.3 = ``prop:mu``, 3.4 = ``prop:Sigma``.
Notebook ``04-regularized-objective`` plots ``SECTION3_SWEEP`` against the bounds.

The package is split by claim family: ``theorems`` (the sweeps and the four checks),
``proofs_mean`` (the errata in the proofs of Theorems 3.1–3.3, eq:R's cancellation),
``proofs_covariance`` (the errata in the proof of Theorem 3.4) and ``convexity`` (where Q_α is
convex in Σ, the threshold, the strict-convexity erratum), with ``common`` (their shared
helpers); ``proofs`` re-exports the errata under their old module name. Every name is
re-exported here, so ``from mines_theory.verification.section3 import X`` works as before.
"""

from __future__ import annotations

from . import proofs as proofs  # the module name before the split: section3.proofs.X
from .convexity import (
    convexity_scan,
    convexity_threshold,
    erratum_strict_convexity,
    q_curvature,
)
from .proofs_covariance import (
    erratum_j_sig_0_power,
    erratum_last_chain_norms,
    erratum_sig_opt_mu,
    erratum_sig_opt_posdef,
    erratum_tmp2_first_line,
    erratum_tmp_phi_argument,
)
from .proofs_mean import (
    Theorem33WithoutR,
    erratum_j_quad_integrand,
    erratum_logdet_step,
    erratum_taylor_sigma,
    erratum_theorem33_sign,
    theorem33_r_cancels,
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
