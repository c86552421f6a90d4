"""The errata in the proofs of Section 3's theorems, under the name they had before the split:
``proofs_mean`` (Theorems 3.1–3.3, eq:R's cancellation), ``proofs_covariance`` (Theorem 3.4)
and ``convexity`` (where Q_α is convex in Σ, the strict-convexity erratum) define them; every
public name is re-exported here, so ``from mines_theory.verification.section3.proofs import X``
works as before."""

from __future__ import annotations

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

__all__ = [
    "Theorem33WithoutR",
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
    "q_curvature",
    "theorem33_r_cancels",
]
