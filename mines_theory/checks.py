"""Check functions behind the claims ledger: each recomputes one claim's verdict from scratch.

A check compares the paper's statement with something independent of the code under test: a
closed form, Gauss–Hermite quadrature, or a Monte-Carlo mean with its standard error (fixed
seeds; tolerance ``K_SE`` standard errors). Each returns a ``Verdict`` whose text is stable
across machines (thresholds, not last digits), so the rendered ledger can be compared verbatim.
Checks accept the function under test as an argument, so that tests can hand them a broken
one and see the verdict turn.
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np

from .algorithm import mean_gradient, sigma_gradient, symmetric_roots
from .objectives import LogCoshQuadratic, RotatedEllipsoid
from .projection import project_eigenvalues, spectrum_within

__all__ = ["Verdict", "K_SE", "check_lemma41", "check_lemma43", "check_proposition_a2",
           "gauss_hermite_expectation"]

K_SE = 5.0


@dataclasses.dataclass(frozen=True)
class Verdict:
    status: str      # "holds", "fails", "erratum", ...
    detail: str      # what was measured, in words and stable numbers


def gauss_hermite_expectation(g, dim: int, degree: int = 40):
    """E[g(u)] for u ~ N(0, I_dim) by a tensor Gauss–Hermite rule (numpy's probabilists'
    nodes, ``hermegauss``). ``g`` maps nodes of shape (n, dim) to an array of shape (n, ...)."""
    nodes, weights = np.polynomial.hermite_e.hermegauss(degree)
    weights = weights / np.sqrt(2.0 * np.pi)
    grid = np.array(list(itertools.product(nodes, repeat=dim)))
    w = np.prod(np.array(list(itertools.product(weights, repeat=dim))), axis=1)
    values = np.asarray(g(grid))
    return np.tensordot(w, values, axes=(0, 0))


def _quadratic_case():
    f = RotatedEllipsoid(3, condition=10.0, seed=3, minimizer=np.array([1.0, -2.0, 0.5]))
    rng = np.random.default_rng(11)
    Q, _ = np.linalg.qr(rng.standard_normal((3, 3)))
    sigma_inv = (Q * np.array([0.3, 1.5, 6.0])) @ Q.T
    return f, np.array([0.3, 0.2, -0.4]), sigma_inv


def _monte_carlo(estimator, f, mu, sigma_inv, alpha, batches=400, batch_size=250, seed=2024):
    rng = np.random.default_rng(seed)
    samples = np.array([estimator(f, mu, sigma_inv, alpha, rng.standard_normal((batch_size, mu.size)))
                        for _ in range(batches)])
    return samples.mean(axis=0), samples.std(axis=0, ddof=1) / np.sqrt(batches)


def _nonquadratic_case():
    f = LogCoshQuadratic.random(2, condition=5.0, weight=2.0, seed=7)
    sigma_inv = np.array([[2.0, 0.6], [0.6, 1.0]])
    return f, f.minimizer + np.array([0.4, -0.7]), sigma_inv, 0.8


def _unbiasedness_verdict(estimator, claim: str, smoothed_target, quadratic_target) -> Verdict:
    """E[estimator] against (i) ``smoothed_target(f, mu, sigma_inv, alpha, root)`` on the 2-D
    log-cosh case, both by 40² Gauss–Hermite nodes (the estimator gets one node per batch), and
    (ii) ``quadratic_target(f, mu, sigma_inv)`` on a quadratic by Monte Carlo (400 batches of
    250 directions, ``K_SE`` standard errors)."""
    f, mu, sigma_inv, alpha = _nonquadratic_case()
    root, _ = symmetric_roots(sigma_inv)
    lhs = gauss_hermite_expectation(
        lambda U: np.array([estimator(f, mu, sigma_inv, alpha, u[None, :]) for u in U]), 2)
    rhs = smoothed_target(f, mu, sigma_inv, alpha, root)
    quadrature_error = float(np.max(np.abs(lhs - rhs)) / np.max(np.abs(rhs)))

    fq, mu_q, sigma_inv_q = _quadratic_case()
    mean, se = _monte_carlo(estimator, fq, mu_q, sigma_inv_q, 0.7)
    z = float(np.max(np.abs(mean - quadratic_target(fq, mu_q, sigma_inv_q)) / se))
    holds = quadrature_error < 1e-10 and z <= K_SE
    detail = (f"{claim}: quadrature (2-D log-cosh) relative error "
              f"{'< 1e-10' if quadrature_error < 1e-10 else f'{quadrature_error:.1e}'}; "
              f"quadratic Monte Carlo (10⁵ directions) {'within' if z <= K_SE else 'outside'} "
              f"{K_SE:g} SE")
    return Verdict("holds" if holds else "fails", detail)


def check_lemma41(estimator=mean_gradient) -> Verdict:
    """Lemma 4.1: the natural gradient F_μ⁻¹ ∂Q_α/∂μ = α²Σ E[∇f(μ + αΣ^{1/2}u)] equals
    α²·E[(f(μ + αΣ^{1/2}u) − f(μ − αΣ^{1/2}u))/(2α)·Σ^{1/2}u], i.e. E[g̃] = Σ E[∇f(μ + αz)];
    on a quadratic the right side is Σ∇f(μ) exactly."""
    return _unbiasedness_verdict(
        estimator, "E g̃ = Σ E∇f(μ+αz)",
        lambda f, mu, s, a, root: np.linalg.solve(
            s, gauss_hermite_expectation(lambda U: f.gradient(mu + a * U @ root), 2)),
        lambda f, mu, s: np.linalg.solve(s, f.gradient(mu)))


def check_lemma43(estimator=sigma_gradient) -> Verdict:
    """Lemma 4.3: G̃ is unbiased for 2α⁻² ∂Q_α/∂Σ = E[∇²f(μ + αΣ^{1/2}u)] − Σ⁻¹ (Price's
    theorem for ∂J/∂Σ̄ = ½E∇²f, Σ̄ = α²Σ, with the entrywise derivative of −α²/2·log det Σ);
    on a quadratic the target is H − Σ⁻¹ (Lemma C.1)."""
    return _unbiasedness_verdict(
        estimator, "E G̃ = E∇²f(μ+αz) − Σ⁻¹",
        lambda f, mu, s, a, root: gauss_hermite_expectation(
            lambda U: f.hessian(mu + a * U @ root), 2) - s,
        lambda f, mu, s: f.H - s)


def check_proposition_a2(projection=project_eigenvalues, cases: int = 200) -> Verdict:
    """Prop. A.2 / eq:proj_cs_prime. Clipping the spectrum to [τ, ζ] is the Frobenius
    projection onto S' = {τI ⪯ X ⪯ ζI}: checked by the variational inequality
    ⟨A − P, Y − P⟩ ≤ 0 for 50 random Y ∈ S' in each of ``cases`` random symmetric A. The paper
    prints the bounds of S instead ([ζ⁻¹, τ⁻¹]); the counterexample τ = 1/2, ζ = 4,
    spectrum {3, 0.3} shows that the printed rule leaves S'."""
    rng = np.random.default_rng(0)
    worst = -np.inf
    for _ in range(cases):
        d = int(rng.integers(1, 6))
        A = rng.normal(0, 5, (d, d))
        A = 0.5 * (A + A.T)
        tau, zeta = sorted(rng.uniform(0.1, 8.0, 2))
        P = projection(A, tau, zeta)
        for _ in range(50):
            Q, _ = np.linalg.qr(rng.standard_normal((d, d)))
            Y = (Q * rng.uniform(tau, zeta, d)) @ Q.T
            worst = max(worst, float(np.sum((A - P) * (Y - P))) / (1 + np.abs(A).max() * zeta))
    in_set = spectrum_within(projection(np.diag([3.0, 0.3]), 0.5, 4.0), 0.5 - 1e-12, 4.0 + 1e-12)
    printed = project_eigenvalues(np.diag([3.0, 0.3]), 1 / 4.0, 1 / 0.5)   # the printed rule
    printed_outside = not spectrum_within(printed, 0.5 - 1e-12, 4.0 + 1e-12)
    if worst > 1e-10 or not in_set:
        return Verdict("fails", f"clipping to [τ, ζ] violates the projection inequality "
                                f"(worst {worst:.1e})")
    detail = ("clipping the spectrum to [τ, ζ] is the projection onto S' "
              f"({cases} random cases, variational inequality holds to 1e-10); "
              "eq:proj_cs_prime and Prop. A.2 print the bounds [ζ⁻¹, τ⁻¹] of S"
              + (": τ=1/2, ζ=4 maps spectrum {3, 0.3} to {2, 0.3} ∉ S'" if printed_outside else ""))
    return Verdict("erratum" if printed_outside else "holds", detail)
