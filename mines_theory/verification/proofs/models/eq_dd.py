"""The checkers of the proof of eq:dd (Lemma 40, our Lemma E.10; Appendix E).

The admissible instances: σ ≤ L, τ ≤ ζ, Σ_t⁻¹ with spectrum in [τ, ζ], ∇²f with spectrum in
[σ, L]; d, b, δ with c₂ > 0 (as in ``lemma9``); ρ₁ = c₂τσ/(16Lc₁ζ); F = f(μ_k) − f(μ*) ≥ 0; the
objective, where a line needs one, ``common.LogCosh``. Lemma 9 and Lemma 10 (eq:dec) are used as
printed: they are the lemmas this proof cites.
"""

from __future__ import annotations

import math

import numpy as np
import sympy

from ..check import Draw, Symbolic
from .common import constants, logcosh, logcosh_size, positive, spd

__all__ = [
    "statement_dd",
    "exact_sum",
    "hessian_lower",
    "hessian_upper",
    "lemma10_rate",
    "combined_rate",
    "projection",
    "hessian_lipschitz",
    "strong_convexity",
    "unrolled",
    "summed",
    "closed_form",
    "final_bound",
]


def _spectra(x: np.ndarray, d: int) -> dict:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e4)
    sigma = positive(x[2], 1e-2, 10.0)
    L = sigma * positive(x[3], 1.0, 1e4)
    k = 4 + d * d + d
    return dict(
        tau=tau,
        zeta=zeta,
        sigma=sigma,
        L=L,
        sigma_inv=spd(x[4:k], d, tau, zeta),
        H=spd(x[k : k + d * d + d], d, sigma, L),
    )


def _spectra_draw(rng: np.random.Generator, sides) -> Draw:
    d = int(rng.integers(1, 7))
    x0 = rng.standard_normal(4 + 2 * (d * d + d))

    def describe(x: np.ndarray) -> dict[str, float]:
        s = _spectra(x, d)
        return dict(d=d, **{k: s[k] for k in ("tau", "zeta", "sigma", "L")})

    return Draw(x0, lambda x: sides(_spectra(x, d)), describe)


def hessian_lower(rng: np.random.Generator) -> Draw:
    """Step 1 (eq:ddd, left): (σ/ζ)Σ_t⁻¹ ⪯ ∇²f(μ_t)."""

    def sides(s: dict):
        lhs = s["sigma"] / s["zeta"] * s["sigma_inv"]
        return lhs, s["H"], float(np.linalg.norm(lhs, 2) + np.linalg.norm(s["H"], 2))

    return _spectra_draw(rng, sides)


def hessian_upper(rng: np.random.Generator) -> Draw:
    """Step 2 (eq:ddd, right): ∇²f(μ_t) ⪯ (L/τ)Σ_t⁻¹."""

    def sides(s: dict):
        rhs = s["L"] / s["tau"] * s["sigma_inv"]
        return s["H"], rhs, float(np.linalg.norm(rhs, 2) + np.linalg.norm(s["H"], 2))

    return _spectra_draw(rng, sides)


def _rates(x: np.ndarray, d: int, b: int) -> dict[str, float]:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e4)
    sigma = positive(x[2], 1e-2, 10.0)
    L = sigma * positive(x[3], 1.0, 1e4)
    delta = math.exp(-positive(x[4], 1e-3, 0.999) * b / 4)  # c₂ > 0
    c1, c2, c3 = constants(d, b, delta)
    gamma = positive(x[5], 1e-3, 1e2)
    alpha = positive(x[6], 1e-3, 1.0)
    F = positive(x[7], 1e-8, 1e4)
    rho1 = c2 * tau * sigma / (16 * L * c1 * zeta)
    delta1 = (
        c3**3
        * gamma
        * b
        * alpha**4
        / (2**5 * 3**2 * c1 * L * zeta * tau**3)
        * (1 + c1 * c3 / (2 * tau * zeta))
    )
    delta2 = (
        b**1.5 * zeta**3 * gamma**4 * c3**6 * alpha**6 / (2**8 * 3**4 * sigma**3 * c1**3 * tau**6)
        + b * zeta * gamma**2 * c3**4 * alpha**4 / (2**5 * 3**2 * sigma * tau**3 * c1**2)
        + b * gamma * c3**3 * alpha**4 / (2**5 * 3**2 * tau**3 * c1)
    )
    return dict(
        d=d,
        b=b,
        tau=tau,
        zeta=zeta,
        sigma=sigma,
        L=L,
        delta=delta,
        c1=c1,
        c2=c2,
        rho1=rho1,
        F=F,
        delta1=delta1,
        delta2=delta2,
    )


def _rates_draw(rng: np.random.Generator, sides) -> Draw:
    d, b = int(rng.integers(1, 7)), int(rng.integers(1, 13))
    x0 = rng.standard_normal(8)
    return Draw(x0, lambda x: sides(_rates(x, d, b)), lambda x: _rates(x, d, b))


def lemma10_rate(rng: np.random.Generator) -> Draw:
    """Step 3: eq:dec with ξ_k = σ/ζ and 𝓛_k = L/τ (eq:ddd), (1 − ξ_kc₂/(8𝓛_kc₁))F + Δ_α,2,
    against (1 − ρ₁)F + Δ_α,2."""

    def sides(v: dict):
        xi, ell = v["sigma"] / v["zeta"], v["L"] / v["tau"]
        lhs = (1 - xi * v["c2"] / (8 * ell * v["c1"])) * v["F"] + v["delta2"]
        rhs = (1 - v["rho1"]) * v["F"] + v["delta2"]
        return lhs, rhs, abs(lhs) + abs(rhs)

    return _rates_draw(rng, sides)


def combined_rate(rng: np.random.Generator) -> Draw:
    """Step 4: the bound of whichever lemma applies at step k, Lemma 9's (eq:dec_0: rate 1 − ρ₁,
    Δ_α,1) outside eq:cond's region or step 3's (Δ_α,2) inside it (the region drawn with the
    instance), against (1 − ρ₁)F + max{Δ_α,1, Δ_α,2}."""
    d, b = int(rng.integers(1, 7)), int(rng.integers(1, 13))
    x0 = rng.standard_normal(9)

    def sides(x: np.ndarray):
        v = _rates(x, d, b)
        local = x[8] > 0
        lhs = (1 - v["rho1"]) * v["F"] + (v["delta2"] if local else v["delta1"])
        rhs = (1 - v["rho1"]) * v["F"] + max(v["delta1"], v["delta2"])
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, sides, lambda x: dict(_rates(x, d, b), local=float(x[8] > 0)))


def projection(rng: np.random.Generator) -> Draw:
    """Step 5: ‖Π_S'(A) − Π_S'(B)‖² ≤ ‖A − B‖² for symmetric A = ∇²f(μ_k), B = ∇²f(μ*), whose
    spectra may leave [τ, ζ] (Π_S' clips the spectrum: ``linalg.spd.project_eigenvalues``)."""
    from ....linalg.spd import project_eigenvalues

    d = int(rng.integers(1, 7))
    x0 = rng.standard_normal(2 + 2 * d * d)

    def sides(x: np.ndarray):
        tau = positive(x[0], 1e-2, 10.0)
        zeta = tau * positive(x[1], 1.0, 1e3)
        A = np.asarray(x[2 : 2 + d * d]).reshape(d, d) * zeta
        B = np.asarray(x[2 + d * d :]).reshape(d, d) * zeta
        A, B = A + A.T, B + B.T
        lhs = (
            np.linalg.norm(project_eigenvalues(A, tau, zeta) - project_eigenvalues(B, tau, zeta))
            ** 2
        )
        rhs = np.linalg.norm(A - B) ** 2
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, sides, lambda x: dict(d=d))


def _function_draw(rng: np.random.Generator, sides) -> Draw:
    d, m = int(rng.integers(1, 6)), int(rng.integers(1, 4))
    n = logcosh_size(d, m)
    x0 = rng.standard_normal(n)
    return Draw(x0, lambda x: sides(*logcosh(x, d, m)), lambda x: dict(d=d, terms=m))


def hessian_lipschitz(rng: np.random.Generator) -> Draw:
    """Step 6: ‖∇²f(μ_k) − ∇²f(μ*)‖² ≤ γ²‖μ_k − μ*‖² for ``LogCosh`` (Frobenius norm)."""

    def sides(f, mu):
        lhs = np.linalg.norm(f.hessian(mu) - f.hessian(f.mu_star)) ** 2
        rhs = f.gamma**2 * np.sum((mu - f.mu_star) ** 2)
        return lhs, rhs, abs(lhs) + abs(rhs)

    return _function_draw(rng, sides)


def strong_convexity(rng: np.random.Generator) -> Draw:
    """Step 7: γ²‖μ_k − μ*‖² ≤ (2γ²/σ)(f(μ_k) − f(μ*)) for the σ-strongly convex ``LogCosh``."""

    def sides(f, mu):
        lhs = f.gamma**2 * np.sum((mu - f.mu_star) ** 2)
        rhs = 2 * f.gamma**2 / f.sigma * (f(mu) - f(f.mu_star))
        return lhs, rhs, abs(lhs) + abs(rhs)

    return _function_draw(rng, sides)


def _sequence(x: np.ndarray, k: int) -> dict:
    """F_1, …, F_k with F_{t+1} ≤ (1 − ρ)F_t + Δ (step 4's recursion), ρ ∈ (0, 1), Δ ≥ 0."""
    rho = positive(x[0], 1e-4, 0.999)
    D = positive(x[1], 1e-8, 1e2)
    F = [positive(x[2], 1e-8, 1e4)]
    for t in range(k - 1):
        F.append(((1 - rho) * F[-1] + D) * positive(x[3 + t], 1e-6, 1.0))
    return dict(k=k, rho=rho, Delta=D, F=np.array(F))


def _bound(rho: float, D: float, F1: float, t: int) -> float:
    """(1 − ρ)^{t−1}F₁ + Δ Σ_{i=0}^{t−2}(1 − ρ)^i, summed term by term."""
    return (1 - rho) ** (t - 1) * F1 + D * sum((1 - rho) ** i for i in range(t - 1))


def unrolled(rng: np.random.Generator) -> Draw:
    """Step 8: F_k ≤ (1 − ρ₁)^{k−1}F₁ + Δ Σ_{i=0}^{k−2}(1 − ρ₁)^i for every sequence obeying
    step 4's recursion from k = 1 (the factor 2γ²/σ > 0 on both sides dropped)."""
    k = int(rng.integers(2, 30))
    x0 = rng.standard_normal(2 + k)

    def sides(x: np.ndarray):
        s = _sequence(x, k)
        lhs, rhs = s["F"][-1], _bound(s["rho"], s["Delta"], s["F"][0], k)
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, sides, lambda x: {k: v for k, v in _sequence(x, k).items() if k != "F"})


def summed(rng: np.random.Generator) -> Draw:
    """Step 9: Σ_{t=2}^k h_t ≤ Σ_{t=2}^k (2γ²/σ)((1−ρ₁)^{t−1}F₁ + ΔΣ(1−ρ₁)^i) for h_t ≤
    (2γ²/σ)F_t (steps 5–7) and F_t obeying the recursion (2γ²/σ set to 1)."""
    k = int(rng.integers(2, 30))
    x0 = rng.standard_normal(2 + k + k)

    def sides(x: np.ndarray):
        s = _sequence(x[: 2 + k], k)
        h = s["F"] * np.array([positive(v, 1e-6, 1.0) for v in x[2 + k :]])
        lhs = h[1:].sum()
        rhs = sum(_bound(s["rho"], s["Delta"], s["F"][0], t) for t in range(2, k + 1))
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, sides, lambda x: dict(k=k))


def _symbols():
    k = sympy.Symbol("k", integer=True, positive=True)
    t, i = sympy.symbols("t i", integer=True, nonnegative=True)
    rho, F, D, gamma, sigma = sympy.symbols("rho_1 F_1 Delta gamma sigma", positive=True)
    return k, t, i, rho, F, D, gamma, sigma


def _sum_expression():
    k, t, i, rho, F, D, gamma, sigma = _symbols()
    inner = (1 - rho) ** (t - 1) * F + D * sympy.summation((1 - rho) ** i, (i, 0, t - 2))
    total = 2 * gamma**2 / sigma * sympy.summation(inner, (t, 2, k))
    # sympy returns a Piecewise on ρ₁ = 0 or 1; 0 < ρ₁ < 1 here, so the general branch
    total = total.replace(lambda e: isinstance(e, sympy.Piecewise), lambda e: e.args[-1].expr)
    return total


def closed_form(rng: np.random.Generator) -> Symbolic:
    """Step 10, the "=" line: sympy sums Σ_{t=2}^k[(1−ρ₁)^{t−1}F₁ + ΔΣ_{i=0}^{t−2}(1−ρ₁)^i] and
    compares it with the printed closed form (Δ = max{Δ_α,1, Δ_α,2}, F₁ = f(μ₁) − f(μ*))."""
    k, t, i, rho, F, D, gamma, sigma = _symbols()
    q = 1 - rho
    printed = (
        2
        * gamma**2
        / sigma
        * q
        / rho
        * ((1 - q ** (k - 1)) * F + ((k - 1) - (1 - q ** (k - 1)) / rho) * D)
    )
    witness = {k: 3, rho: sympy.Rational(1, 2), F: 0, D: 1, gamma: 1, sigma: 2}
    q_ = sympy.Symbol("q", positive=True)  # q = 1 − ρ₁: sympy simplifies the powers of q
    return Symbolic(_sum_expression(), printed, witness, {rho: 1 - q_}, {q_: 1 - rho})


def exact_sum(*, k: int, rho: float, F: float, D: float) -> float:
    """Σ_{t=2}^k[(1−ρ)^{t−1}F + DΣ_{i=0}^{t−2}(1−ρ)^i], summed term by term."""
    return sum(_bound(rho, D, F, t) for t in range(2, k + 1))


def final_bound(rng: np.random.Generator) -> Draw:
    """Step 11: the last line, (1/ρ₁)(F₁ + (k − 1)Δ) (2γ²/σ set to 1), against the larger of the
    exact sum (summed term by term) and the printed "=" line: the last line bounds both."""
    k = int(rng.integers(2, 60))
    x0 = rng.standard_normal(3)

    def values(x: np.ndarray) -> dict[str, float]:
        return dict(
            k=k,
            rho=positive(x[0], 1e-4, 0.999),
            F=positive(x[1], 1e-8, 1e4),
            D=positive(x[2], 1e-8, 1e4),
        )

    def sides(x: np.ndarray):
        v = values(x)
        rho, F, D, q = v["rho"], v["F"], v["D"], 1 - v["rho"]
        printed = q / rho * ((1 - q ** (k - 1)) * F + ((k - 1) - (1 - q ** (k - 1)) / rho) * D)
        lhs = max(exact_sum(**v), printed)  # type: ignore[arg-type]
        rhs = (F + (k - 1) * D) / rho
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, sides, values)


def statement_dd(rng: np.random.Generator) -> Draw:
    """The statement, eq:dd: Σ_{t=2}^k h_t ≤ (1/ρ₁)(F₁ + (k − 1)Δ) for h_t ≤ (2γ²/σ)F_t (the
    proof's steps 5–7, 2γ²/σ set to 1) and F_t obeying Lemmas 9 and 10 as printed (step 4's
    recursion F_{t+1} ≤ (1 − ρ₁)F_t + Δ)."""
    k = int(rng.integers(2, 30))
    x0 = rng.standard_normal(2 + k + k)

    def sides(x: np.ndarray):
        s = _sequence(x[: 2 + k], k)
        h = s["F"] * np.array([positive(v, 1e-6, 1.0) for v in x[2 + k :]])
        rhs = (s["F"][0] + (k - 1) * s["Delta"]) / s["rho"]
        return float(h[1:].sum()), rhs, float(h[1:].sum()) + rhs

    return Draw(x0, sides, lambda x: dict(k=k))
