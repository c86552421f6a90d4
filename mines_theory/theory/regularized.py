"""The regularized objective Q_α(μ, Σ) = J(μ, Σ) − α²/2·log det Σ of Section 3 (eq:Q) and its
constrained minimizer over μ ∈ R^d, Σ ∈ S = {ζ⁻¹I ⪯ Σ ⪯ τ⁻¹I} (eq:modi_prob).

J(μ, Σ) = E f(μ + αΣ^{1/2}u) is computed
- exactly for a quadratic (eq:J_quad: f(μ) + α²/2⟨H, Σ⟩), when the objective has an ``H``;
- by tensor Gauss–Hermite quadrature (``numpy.polynomial.hermite_e``) in low dimension;
- by Monte Carlo with common random numbers (a fixed sample of u) otherwise.
Any factor F with F Fᵀ = Σ gives the same law of F u, so Σ = C Cᵀ (Cholesky) is used.

The minimizer solves the first-order conditions (unconstrained derivative convention):
∇_μ J = E∇f(μ + αΣ^{1/2}u) = 0 and, by Price's theorem ∂J/∂Σ = α²/2·E∇²f(μ + αΣ^{1/2}u), the KKT
conditions in Σ, whose solution is the fixed point Σ = Π_S(M(μ, Σ)⁻¹) with M = E∇²f(μ + αΣ^{1/2}u)
(the paper's eq:Sig_opt_1; Π_S clips the spectrum to [ζ⁻¹, τ⁻¹]). ``minimize_regularized``
alternates Newton steps in μ with that fixed-point map in Σ until both change by less than
``tol``; the accuracy is that of the expectations (exact, ~1e-14 for quadrature of the smooth
test functions at degree 30 in d ≤ 2, 20 in d = 3).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from mines_theory.linalg.spd import project_eigenvalues
from mines_theory.validation import (
    finite_result,
    generator,
    instance,
    interval,
    nonnegative_int,
    positive_definite,
    positive_int,
    positive_scalar,
    smoothing_radius,
    symmetric_matrix,
    vector,
)
from mines_theory.validation import objective as check_objective

__all__ = [
    "GaussianRule",
    "smoothed",
    "regularized_objective",
    "RegularizedMinimizer",
    "minimize_regularized",
    "minimize_sigma_given_mean",
    "alpha_sweep",
]


#: The largest tensor Gauss–Hermite rule that ``GaussianRule.gauss_hermite`` builds (the nodes
#: take 8·dim bytes each).
MAX_NODES = 2_000_000


@dataclasses.dataclass(frozen=True)
class GaussianRule:
    """Nodes U (n, d) and weights w (n,) with Σ_i w_i g(U_i) ≈ E g(u), u ~ N(0, I_d)."""

    nodes: np.ndarray
    weights: np.ndarray

    @classmethod
    def gauss_hermite(cls, dim: int, degree: int = 30) -> "GaussianRule":
        """Tensor Gauss–Hermite rule (probabilists' nodes), exact for polynomials of degree
        2·degree − 1 in each coordinate; degree^dim nodes."""
        degree, dim = positive_int("degree", degree), positive_int("dim", dim)
        if degree**dim > MAX_NODES:
            raise ValueError(
                f"degree**dim must be at most {MAX_NODES:g} nodes (a tensor rule "
                f"grows as degree^dim), got degree = {degree}, dim = {dim}: "
                f"{float(degree) ** dim:.3g} nodes; use GaussianRule.monte_carlo"
            )
        nodes, weights = np.polynomial.hermite_e.hermegauss(degree)
        weights = weights / np.sqrt(2.0 * np.pi)
        grid = np.array(list(itertools.product(nodes, repeat=positive_int("dim", dim))))
        w = np.prod(np.array(list(itertools.product(weights, repeat=dim))), axis=1)
        return cls(grid, w)

    def expectation(self, g: Callable[[np.ndarray], ArrayLike]) -> np.ndarray:
        """Σ_i w_i g(U_i) ≈ E g(u): ``g`` maps the nodes, shape (n, d), to an array of shape
        (n, …).

        >>> rule = GaussianRule.gauss_hermite(2, 10)
        >>> round(float(rule.expectation(lambda U: U[:, 0] ** 2 * U[:, 1] ** 4)), 12)   # 1·3
        3.0
        """
        return np.tensordot(self.weights, np.asarray(g(self.nodes)), axes=(0, 0))

    @classmethod
    def monte_carlo(cls, dim: int, num_samples: int, seed: Any = 0) -> "GaussianRule":
        """A fixed Monte-Carlo sample with equal weights (common random numbers: every call with
        this rule uses the same u, so differences between (μ, Σ) are smooth)."""
        rng = generator("seed", seed)
        n = positive_int("num_samples", num_samples)
        return cls(rng.standard_normal((n, positive_int("dim", dim))), np.full(n, 1.0 / n))


def _factor(sigma):
    try:
        return np.linalg.cholesky(sigma)
    except np.linalg.LinAlgError:
        raise ValueError(
            f"sigma must be positive definite, got smallest eigenvalue "
            f"{float(np.linalg.eigvalsh(sigma)[0]):.3g}"
        ) from None


#: What ``smoothed`` needs of ``f`` and of ``rule``.
SMOOTHED_NEEDS = ("dim", "gradient", "hessian")
RULE_NEEDS = ("nodes", "weights")


def _check_rule(rule):
    return instance(
        "rule",
        rule,
        RULE_NEEDS,
        "a quadrature rule",
        "GaussianRule.gauss_hermite(dim) or GaussianRule.monte_carlo(dim, n)",
    )


def smoothed(
    f: Any, mu: ArrayLike, sigma: ArrayLike, alpha: float, rule: GaussianRule, derivatives: int = 0
) -> Any:
    """(E f, E∇f, E∇²f)(μ + αΣ^{1/2}u) up to ``derivatives`` (0, 1 or 2) under ``rule``."""
    f = check_objective("f", f, SMOOTHED_NEEDS)
    mu = vector("mu", mu, f.dim)
    sigma = symmetric_matrix("sigma", sigma, f.dim)
    alpha = smoothing_radius("alpha", alpha)
    rule = _check_rule(rule)
    if nonnegative_int("derivatives", derivatives) > 2:
        raise ValueError(f"derivatives must be 0, 1 or 2, got {derivatives!r}")
    X = mu + alpha * rule.nodes @ _factor(sigma).T
    out: list[Any] = [float(rule.weights @ f(X))]
    if derivatives >= 1:
        out.append(rule.weights @ f.gradient(X))
    if derivatives >= 2:
        out.append(np.tensordot(rule.weights, f.hessian(X), axes=(0, 0)))
    return finite_result(
        "the smoothed f and its derivatives",
        tuple(out),
        f"alpha = {alpha!r}, largest |mu| = {float(np.max(np.abs(mu))):.3g}",
    )


def regularized_objective(
    f: Any, mu: ArrayLike, sigma: ArrayLike, alpha: float, rule: GaussianRule | None = None
) -> float:
    """Q_α(μ, Σ) (eq:Q): exact (eq:J_quad) when ``f`` has a constant Hessian ``f.H`` and no rule
    is given, else with ``rule``."""
    f = check_objective("f", f, ("dim",))
    mu = vector("mu", mu, f.dim)
    sigma = symmetric_matrix("sigma", sigma, f.dim)
    alpha = smoothing_radius("alpha", alpha)
    sign, logdet = np.linalg.slogdet(sigma)
    if sign <= 0:
        raise ValueError("sigma must be positive definite")
    if rule is None:
        if not hasattr(f, "H"):
            raise ValueError("rule is required for a non-quadratic objective")
        J = float(f(mu[None, :])[0]) + alpha**2 / 2 * float(np.sum(f.H * sigma))
    else:
        J = smoothed(f, mu, sigma, alpha, rule)[0]
    return finite_result(
        "Q_alpha",
        J - alpha**2 / 2 * logdet,
        f"alpha = {alpha!r}, largest |mu| = {float(np.max(np.abs(mu))):.3g}",
    )


@dataclasses.dataclass(frozen=True)
class RegularizedMinimizer:
    mean: np.ndarray
    sigma: np.ndarray
    iterations: int
    gradient_norm: float  # ‖E∇f(μ̂ + αΣ̂^{1/2}u)‖ at the solution
    fixed_point_residual: float  # ‖Σ̂ − Π_S(M⁻¹)‖_F at the solution


def _sigma_map(f, mu, sigma, alpha, tau, zeta, rule):
    M = smoothed(f, mu, sigma, alpha, rule, derivatives=2)[2]
    return project_eigenvalues(np.linalg.inv(M), 1.0 / zeta, 1.0 / tau)  # Π_S(M⁻¹)


def minimize_sigma_given_mean(
    f: Any,
    mu: ArrayLike,
    alpha: float,
    *,
    tau: float,
    zeta: float,
    rule: GaussianRule | None,
    sigma0: ArrayLike | None = None,
    tol: float = 1e-14,
    max_iterations: int = 500,
) -> np.ndarray:
    """Σ_* = argmin_{Σ ∈ S} Q_α(μ, Σ) for fixed μ (Theorem 3.4's Σ_* at μ = μ*), by the
    fixed-point map Σ ← Π_S(E∇²f(μ + αΣ^{1/2}u)⁻¹)."""
    f = check_objective("f", f, SMOOTHED_NEEDS)
    mu = vector("mu", mu, f.dim)
    alpha = smoothing_radius("alpha", alpha)
    tau, zeta = interval("tau", tau, "zeta", zeta)
    rule = _check_rule(rule)
    tol = positive_scalar("tol", tol)
    max_iterations = positive_int("max_iterations", max_iterations)
    sigma = (
        np.linalg.inv(f.hessian(mu))
        if sigma0 is None
        else positive_definite("sigma0", sigma0, f.dim)
    )
    sigma = project_eigenvalues(sigma, 1.0 / zeta, 1.0 / tau)
    for _ in range(max_iterations):
        new = _sigma_map(f, mu, sigma, alpha, tau, zeta, rule)
        if np.max(np.abs(new - sigma)) <= tol * max(1.0, np.max(np.abs(sigma))):
            return new
        sigma = new
    raise RuntimeError(
        f"the Σ fixed point did not converge in max_iterations = {max_iterations} iterations"
    )


def minimize_regularized(
    f: Any,
    alpha: float,
    *,
    tau: float,
    zeta: float,
    rule: GaussianRule,
    mean0: ArrayLike | None = None,
    tol: float = 1e-13,
    max_iterations: int = 500,
) -> RegularizedMinimizer:
    """(μ̂*, Σ̂*) = argmin over μ, Σ ∈ S of Q_α (eq:modi_prob); see the module docstring."""
    f = check_objective("f", f, SMOOTHED_NEEDS + ("minimizer",))
    alpha = smoothing_radius("alpha", alpha)
    tau, zeta = interval("tau", tau, "zeta", zeta)
    rule = _check_rule(rule)
    tol = positive_scalar("tol", tol)
    max_iterations = positive_int("max_iterations", max_iterations)
    mu = f.minimizer.copy() if mean0 is None else vector("mean0", mean0, f.dim)
    sigma = project_eigenvalues(np.linalg.inv(f.hessian(mu)), 1.0 / zeta, 1.0 / tau)
    for iteration in range(1, max_iterations + 1):
        # Newton steps in μ at fixed Σ: E∇f(μ + αΣ^{1/2}u) = 0
        for _ in range(50):
            _, g, H = smoothed(f, mu, sigma, alpha, rule, derivatives=2)
            step = np.linalg.solve(H, g)
            mu = mu - step
            if np.max(np.abs(step)) <= tol * max(1.0, np.max(np.abs(mu))):
                break
        new_sigma = _sigma_map(f, mu, sigma, alpha, tau, zeta, rule)
        change = np.max(np.abs(new_sigma - sigma))
        sigma = new_sigma
        if change <= tol * max(1.0, np.max(np.abs(sigma))):
            break
    else:
        raise RuntimeError(f"minimize_regularized did not converge in {max_iterations} rounds")
    _, g = smoothed(f, mu, sigma, alpha, rule, derivatives=1)
    residual = float(np.linalg.norm(sigma - _sigma_map(f, mu, sigma, alpha, tau, zeta, rule)))
    return RegularizedMinimizer(mu, sigma, iteration, float(np.linalg.norm(g)), residual)


def _f_gap(f, mean) -> float:
    """f(μ) − f(μ*), by the second-order Taylor form ½δᵀ∇²f(μ*)δ when the direct difference
    would be lost in rounding (relative error O(‖δ‖) there, far below the rounding error)."""
    delta = mean - f.minimizer
    direct = float(f(mean[None, :])[0] - f.f_star)
    if direct > 1e-9:
        return direct
    return float(0.5 * delta @ f.hessian(f.minimizer) @ delta)


def alpha_sweep(
    f: Any, alphas: Any, *, tau: float, zeta: float, rule: GaussianRule
) -> pd.DataFrame:
    """For each α: the minimizer (μ̂*, Σ̂*) of Q_α over S and Σ_* = argmin_Σ Q_α(μ*, Σ), the
    quantities bounded by Theorems 3.3 and 3.4 and the bounds as printed. Returns a DataFrame
    with columns alpha, f_gap = f(μ̂*) − f(μ*), distance_sq = ‖μ* − μ̂*‖², sigma_hat_error =
    ‖Σ̂* − Π_S(∇²f(μ̂*)⁻¹)‖_F, sigma_diff = ‖Σ_* − Σ̂*‖_F, logdet_step = R(Σ_*) − R(Σ̂*), and the
    bounds f_gap_bound, distance_sq_bound, f_gap_bound_corrected, logdet_step_bound (the
    printed eq:R), sigma_hat_bound, sigma_diff_bound, valid (eq:alp_cond)."""
    from .bounds.section3 import theorem33_bounds, theorem34_bounds
    from .bounds.section3 import theorem33_bounds_corrected

    f = check_objective("f", f)
    if isinstance(alphas, (str, bytes)) or np.ndim(alphas) != 1 or len(alphas) == 0:
        raise ValueError(
            f"alphas must be a non-empty sequence of smoothing radii, got {alphas!r:.60}"
        )
    for alpha in alphas:
        smoothing_radius("alphas[i]", alpha)
    constants = dict(d=f.dim, L=f.L, sigma=f.sigma, gamma=f.gamma, tau=tau, zeta=zeta)
    rows = []
    for alpha in alphas:
        hat = minimize_regularized(f, alpha, tau=tau, zeta=zeta, rule=rule)
        star = minimize_sigma_given_mean(
            f, f.minimizer, alpha, tau=tau, zeta=zeta, rule=rule, sigma0=hat.sigma
        )
        target = project_eigenvalues(np.linalg.inv(f.hessian(hat.mean)), 1 / zeta, 1 / tau)
        b33 = theorem33_bounds(alpha=alpha, **constants)
        b34 = theorem34_bounds(alpha=alpha, **constants)
        rows.append(
            {
                "alpha": alpha,
                "f_gap": _f_gap(f, hat.mean),
                "distance_sq": float(np.sum((hat.mean - f.minimizer) ** 2)),
                "sigma_hat_error": float(np.linalg.norm(hat.sigma - target)),
                "sigma_diff": float(np.linalg.norm(star - hat.sigma)),
                "logdet_step": float(
                    alpha**2 / 2 * (np.linalg.slogdet(hat.sigma)[1] - np.linalg.slogdet(star)[1])
                ),
                "f_gap_bound": b33.f_gap,
                "distance_sq_bound": b33.distance_sq,
                "f_gap_bound_corrected": theorem33_bounds_corrected(alpha=alpha, **constants).f_gap,
                "logdet_step_bound": f.dim * alpha**2 / 2 * (1 / tau - 1 / zeta),
                "sigma_hat_bound": b34.sigma_hat,
                "sigma_diff_bound": b34.sigma_diff,
                "valid": b34.valid,
            }
        )
    return pd.DataFrame(rows)
