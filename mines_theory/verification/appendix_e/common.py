"""What the Appendix E modules share: the Frobenius inner product, the "too loose to be
tested" qualifier, and the same-direction sum of lem:GH and the quartic X + Y of eq:EXY."""

from __future__ import annotations


import numpy as np

from ...algorithm import sigma_gradient
from ..appendix_d import quadratic
from ..verdict import Qualifier


def inner(A, B):
    return np.einsum("...ij,...ij->...", A, B)


def untestable(largest: float) -> Qualifier:
    """The qualifier of a bound so loose that no run could violate it: the largest ratio of the
    measured side to the bound (its upper 95% end where it has one) is at most 10⁻²."""
    return Qualifier("too loose to be tested", "largest measured/bound ≤ 10⁻²: no run of this "
                     "kind could violate the bound, so holding is no evidence", largest <= 1e-2)


def same_direction_sum(H, sigma_inv, u):
    """(1/2b)Σ_i u_iᵀΣ^{1/2}HΣ^{1/2}u_i(Σ^{-1/2}u_iu_iᵀΣ^{-1/2} − Σ⁻¹), the sum of lem:GH: G̃ + Σ⁻¹
    of the quadratic ½xᵀHx at μ = 0 (exact for every α)."""
    return sigma_gradient(quadratic(H), np.zeros(len(H)), sigma_inv, 1.0, u) + sigma_inv


def quartic(ub, Lam):
    """ūᵀΛū(ūūᵀ − I) for each row ū of ``ub`` (Λ = diag(``Lam``)): X + Y of eq:EXY."""
    d = ub.shape[-1]
    return ((ub**2) @ Lam)[..., None, None] * (ub[..., :, None] * ub[..., None, :] - np.eye(d))
