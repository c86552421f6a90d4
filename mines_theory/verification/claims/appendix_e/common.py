"""What the Appendix E modules share: the Frobenius inner product, the same-direction
sum of lem:GH and the quartic X + Y of eq:EXY, and the
measurements an erratum's ``Evidence`` is made of (``count``, ``exact``, ``below``)."""

from __future__ import annotations


import numpy as np

from mines_theory.algorithm.estimators import sigma_gradient
from ..appendix_d.common import quadratic
from ...framework.verdict import Kind, Measurement

__all__ = ["below", "count", "ends", "exact", "inner", "quartic", "same_direction_sum"]


def inner(A, B):
    return np.einsum("...ij,...ij->...", A, B)


def same_direction_sum(H, sigma_inv, u):
    """(1/2b)Σ_i u_iᵀΣ^{1/2}HΣ^{1/2}u_i(Σ^{-1/2}u_iu_iᵀΣ^{-1/2} − Σ⁻¹), the sum of lem:GH: G̃ + Σ⁻¹
    of the quadratic ½xᵀHx at μ = 0 (exact for every α)."""
    return sigma_gradient(quadratic(H), np.zeros(len(H)), sigma_inv, 1.0, u) + sigma_inv


def quartic(ub, Lam):
    """ūᵀΛū(ūūᵀ − I) for each row ū of ``ub`` (Λ = diag(``Lam``)): X + Y of eq:EXY."""
    d = ub.shape[-1]
    return ((ub**2) @ Lam)[..., None, None] * (ub[..., :, None] * ub[..., None, :] - np.eye(d))


def count(name: str, n) -> Measurement:
    """An exact integer (a count of cases, draws or terms) as a measurement."""
    return Measurement(name, int(n), kind=Kind.COUNT)


def exact(name: str, x, digits: int = 3, rel: float = 1e-9, percent: bool = False) -> Measurement:
    """A deterministic number (closed form, sympy, scipy, a fixed-seed computation whose last
    digits a BLAS kernel may move) to ``digits`` significant digits, with the numeric tolerance
    ``rel``·|x| (at least 10⁻³⁰⁰, so that 0 is compared exactly); ``percent``: a probability."""
    x = float(x)
    return Measurement(
        name, x, max(rel * abs(x), 1e-300), Kind.NUMERIC, digits=digits, percent=percent
    )


def below(name: str, residual, tolerance: float) -> Measurement:
    """A residual that should vanish, shown as "< tolerance" where it does, else its value."""
    return Measurement(name, float(residual), float(tolerance), Kind.BELOW)


def ends(m: Measurement) -> tuple[float, float]:
    """The 95% interval of a measurement that has one (``stats.bootstrap``,
    ``stats.median_interval``); a ValueError naming it if it has none."""
    if m.interval is None:
        raise ValueError(f"measurement {m.name!r} has no interval (kind {m.kind.value!r})")
    return m.interval
