"""Section 3, the regularized objective: Theorems 3.2–3.4 (PDF Theorems 2–4) as printed, the
Gaussian moment E‖Σ^{1/2}u‖³ they use, Theorem 3.3's O(α⁴) form and its step eq:R repaired."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import scipy.integrate
from numpy.typing import ArrayLike

from mines_theory.validation import float_array, symmetric_matrix
from .checking import checked

__all__ = [
    "Sandwich",
    "Theorem33",
    "Theorem34",
    "alpha_condition",
    "expected_cubed_norm",
    "phi",
    "theorem32_bounds",
    "theorem33_bounds",
    "theorem33_bounds_corrected",
    "theorem33_improved",
    "theorem34_bounds",
]


@checked(matrices=("sigma",))
def expected_cubed_norm(sigma: ArrayLike) -> float:
    """E‖Σ^{1/2}u‖³ for u ~ N(0, I), exactly up to quadrature of a smooth 1-D integral:
    for Q = ‖Σ^{1/2}u‖² ≥ 0 and 1 < s < 2, Q^s = Γ(−s)⁻¹ ∫₀^∞ (e^{−tQ} − 1 + tQ) t^{−s−1} dt, and
    E e^{−tQ} = det(I + 2tΣ)^{−1/2}; with s = 3/2, Γ(−3/2) = 4√π/3."""
    matrix = symmetric_matrix("sigma", np.atleast_2d(float_array("sigma", sigma)))
    eigenvalues = np.linalg.eigvalsh(matrix)
    if eigenvalues[0] < 0:
        raise ValueError(
            f"sigma must be positive semi-definite, got smallest eigenvalue {eigenvalues[0]!r}"
        )
    largest = float(eigenvalues[-1])
    if largest == 0.0:
        return 0.0
    # E‖Σ^½u‖³ scales like s^{3/2} under Σ → sΣ: integrate at the scale λmax = 1 (accurate
    # for any scale) and scale back.
    with np.errstate(over="ignore"):
        value = np.float64(largest) ** 1.5 * _cubed_norm_unit(eigenvalues / largest)
    if not np.isfinite(value):
        raise FloatingPointError(
            f"expected_cubed_norm overflows for sigma with largest "
            f"eigenvalue {largest!r}: E‖Σ^½u‖³ is not a float"
        )
    return float(value)


def _cubed_norm_unit(eigenvalues: np.ndarray) -> float:
    trace = float(eigenvalues.sum())
    k2, k3 = 2.0 * float(np.sum(eigenvalues**2)), 8.0 * float(np.sum(eigenvalues**3))
    m2, m3 = trace**2 + k2, trace**3 + 3.0 * k2 * trace + k3  # E Q², E Q³ (cumulants)

    def integrand(t: float) -> float:
        if t * trace < 1e-3:  # Taylor: e^{−tQ} − 1 + tQ = t²Q²/2 − t³Q³/6 + O(t⁴)
            return (m2 / 2.0 - t * m3 / 6.0) * t**-0.5
        return (np.prod(1.0 + 2.0 * t * eigenvalues) ** -0.5 - 1.0 + t * trace) * t**-2.5

    scale = 1.0 / trace
    value = sum(
        scipy.integrate.quad(integrand, a, b, limit=200, epsabs=0, epsrel=1e-11)[0]
        for a, b in [(0.0, 1e-3 * scale), (1e-3 * scale, scale), (scale, np.inf)]
    )
    return float(value / (4.0 * math.sqrt(math.pi) / 3.0))


@checked(matrices=("sigma",))
def phi(sigma: ArrayLike, *, gamma: float) -> float:
    """φ(Σ) = γ/6 · E‖Σ^{1/2}u‖³ (Theorem 3.2)."""
    return gamma / 6.0 * expected_cubed_norm(sigma)


class Sandwich(NamedTuple):
    lower: float
    upper: float


def _positive_definite(name: str, value: ArrayLike) -> tuple[np.ndarray, float]:
    """A symmetric positive definite matrix and its log-determinant, or a ``ValueError``."""
    matrix = symmetric_matrix(name, np.atleast_2d(float_array(name, value)))
    sign, logdet = np.linalg.slogdet(matrix)
    if sign <= 0:
        raise ValueError(f"{name} must be positive definite, got {matrix}")
    return matrix, float(logdet)


@checked
def theorem32_bounds(
    *, f_mu: float, sigma_matrix: ArrayLike, L: float, gamma: float, alpha: float
) -> Sandwich:
    """Theorem 3.2 (prop:close): f(μ) ∓ Lα²/2·tr Σ ∓ α³φ(Σ) + R(Σ), R(Σ) = −α²/2·log det Σ."""
    S, logdet = _positive_definite("sigma_matrix", sigma_matrix)
    R = -(alpha**2) / 2 * logdet
    spread = L * alpha**2 / 2 * float(np.trace(S)) + alpha**3 * phi(S, gamma=gamma)
    return Sandwich(f_mu - spread + R, f_mu + spread + R)


class Theorem33(NamedTuple):
    f_gap: float  # bound on f(μ̂*) − f(μ*)
    distance_sq: float  # bound on ‖μ* − μ̂*‖²


@checked
def theorem33_bounds(
    *, d: int, L: float, sigma: float, gamma: float, tau: float, zeta: float, alpha: float
) -> Theorem33:
    """Theorem 3.3 (prop:mu), as printed:
    f(μ̂*) − f(μ*) ≤ dLα²/τ + γα³(d+3)^{3/2}/(3τ^{3/2}) + dα²/2·(τ⁻¹ − ζ⁻¹), and 2/σ times that
    for ‖μ* − μ̂*‖²."""
    gap = (
        d * L * alpha**2 / tau
        + gamma * alpha**3 * (d + 3) ** 1.5 / (3 * tau**1.5)
        + d * alpha**2 / 2 * (1 / tau - 1 / zeta)
    )
    return Theorem33(gap, 2 * gap / sigma)


@checked
def theorem33_bounds_corrected(
    *, d: int, L: float, sigma: float, gamma: float, tau: float, zeta: float, alpha: float
) -> Theorem33:
    """Theorem 3.3 with the step eq:R repaired: R(Σ*) − R(Σ̂*) = α²/2·(log det Σ̂* − log det Σ*)
    ≤ dα²/2·log(ζ/τ) for Σ*, Σ̂* ∈ S (the printed step bounds a difference of logarithms by the
    difference of the numbers, which fails when eigenvalues are below 1)."""
    printed = theorem33_bounds(d=d, L=L, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta, alpha=alpha)
    gap = (
        printed.f_gap
        - d * alpha**2 / 2 * (1 / tau - 1 / zeta)
        + d * alpha**2 / 2 * math.log(zeta / tau)
    )
    return Theorem33(gap, 2 * gap / sigma)


@checked
def theorem33_improved(
    *, d: int, sigma: float, gamma: float, tau: float, alpha: float
) -> Theorem33:
    """Theorem 3.3's quantities are O(α⁴), not O(α²), under the theorem's own assumptions
    (σ-strongly convex f with a γ-Lipschitz Hessian, Σ̂* ∈ S). Derivation: μ̂* minimizes
    Q_α(·, Σ̂*) without constraint, so E∇f(μ̂* + αz) = 0 with z = Σ̂*^{1/2}u. Taylor's theorem with
    the Lipschitz Hessian gives ∇f(μ̂* + αz) = ∇f(μ̂*) + α∇²f(μ̂*)z + r, ‖r‖ ≤ γα²‖z‖²/2; taking
    the expectation, E z = 0 removes the middle term, so ‖∇f(μ̂*)‖ ≤ γα²E‖z‖²/2 = γα² tr Σ̂*/2
    ≤ γα²d/(2τ). Strong convexity then gives

        ‖μ̂* − μ*‖ ≤ ‖∇f(μ̂*)‖/σ,  so  ‖μ* − μ̂*‖² ≤ γ²α⁴d²/(4σ²τ²),
        f(μ̂*) − f(μ*) ≤ ‖∇f(μ̂*)‖²/(2σ) ≤ γ²α⁴d²/(8στ²).

    (Not in the paper; ``verification.section3`` checks it against the computed minimizers.)

    >>> round(theorem33_improved(d=2, sigma=0.5, gamma=1.0, tau=0.25, alpha=0.1).distance_sq, 12)
    0.0064
    """
    gradient = gamma * alpha**2 * d / (2 * tau)
    return Theorem33(gradient**2 / (2 * sigma), gradient**2 / sigma**2)


def _theorem34_constant(d: int) -> float:
    return (d + 5) ** 2.5 + d * (d + 3) ** 1.5


@checked(non_finite=True)
def alpha_condition(*, d: int, sigma: float, gamma: float, tau: float, zeta: float) -> float:
    """The largest α allowed by eq:alp_cond: 3τ^{3/2}σ/(γζ) · ((d+5)^{5/2} + d(d+3)^{3/2})⁻¹;
    +∞ for a quadratic (γ = 0: no condition)."""
    if gamma == 0.0:
        return math.inf
    return 3 * tau**1.5 * sigma / zeta / _theorem34_constant(d) / gamma


class Theorem34(NamedTuple):
    sigma_hat: float  # bound on ‖Σ̂* − Π_S(∇²f(μ̂*)⁻¹)‖
    sigma_diff: float  # bound on ‖Σ* − Σ̂*‖
    valid: bool  # α satisfies eq:alp_cond


@checked
def theorem34_bounds(
    *, d: int, L: float, sigma: float, gamma: float, tau: float, zeta: float, alpha: float
) -> Theorem34:
    """Theorem 3.4 (prop:Sigma), as printed; ``valid`` says whether α satisfies eq:alp_cond
    (outside it the theorem claims nothing, and the value is returned flagged). γ = 0 (a
    quadratic) gives 0 for both: Theorem 3.1's exact minimizer."""
    first = alpha * gamma * zeta / (3 * tau**1.5 * sigma**2) * _theorem34_constant(d)
    distance_sq = theorem33_bounds(
        d=d, L=L, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta, alpha=alpha
    ).distance_sq
    second = 2 * first + gamma / sigma**2 * math.sqrt(distance_sq)
    valid = alpha <= alpha_condition(d=d, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta)
    return Theorem34(first, second, bool(valid))
