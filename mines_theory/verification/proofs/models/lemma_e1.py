"""The checkers of the proof of Lemma 31 (our Lemma E.1, lem:nab_f; Appendix E).

The admissible instances: the σ-strongly convex, L-smooth ``common.LogCosh`` with its
γ-Lipschitz Hessian (μ* = 0, f(μ*) = 0), a point μ_k, e = μ_k − μ*, H = ∇²f(μ_k), H* =
∇²f(μ*), S' = [τ, ζ], Σ_k⁻¹ with spectrum in [τ, ζ], and ξ_k any number with ξ_kΣ_k⁻¹ ⪯ H (a
share of the least eigenvalue of Σ_k^{1/2}HΣ_k^{1/2}). Integrals over s ∈ [0, 1] are computed
by composite Gauss–Legendre quadrature (16 panels of 12 points); ‖HΣ‖ is the spectral norm.
Δ₁ is the proof's, as printed: ∫₀¹(∇²f(μ* − s(μ_k − μ*)) − ∇²f(μ*))(μ_k − μ*) ds.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import sympy

from ..check import Draw, Symbolic
from .common import logcosh, logcosh_size, positive, spd

__all__ = [
    "statement_nab_rst",
    "taylor_gradient",
    "gradient_at_minimizer",
    "delta_bound",
    "delta_integral",
    "delta_as_used",
    "cross_term",
    "xi_bound",
    "taylor_value",
    "zero_gradient",
    "split_hessian",
    "hessian_difference",
    "eq_h_s",
    "cauchy_schwarz",
    "delta_substituted",
    "h_sigma_bound",
    "combined",
    "h_s_substituted",
    "merged",
    "strong_convexity",
    "condition",
    "condition_identity",
]

_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(12)
_PANELS = 16  # composite rule: sech² varies on scales ~1/|wᵀe| in s
_S = np.concatenate([(j + (_NODES + 1) / 2) / _PANELS for j in range(_PANELS)])
_W = np.tile(_WEIGHTS / 2 / _PANELS, _PANELS)


def _integral(fn) -> Any:
    """∫₀¹ fn(s) ds by composite Gauss–Legendre quadrature."""
    return sum(w * fn(s) for s, w in zip(_S, _W, strict=True))


def _hessian_integral(f: Any, p: np.ndarray, e: np.ndarray, v: np.ndarray) -> np.ndarray:
    """∫₀¹ ∇²f(p − s·e) v ds for the ``LogCosh`` f, by the quadrature of ``_integral`` (all
    nodes at once: ∇²f = A + β Wᵀ diag(sech²(W(x − μ*))) W)."""
    points = p[None, :] - _S[:, None] * e[None, :] - f.mu_star[None, :]
    sech2 = 1 - np.tanh(points @ f.W.T) ** 2  # (nodes, terms)
    weighted = _W @ sech2  # ∫ sech²(wᵢᵀ(p − s e − μ*)) ds, per term
    return f.A @ v + f.beta * f.W.T @ (weighted * (f.W @ v))


def _instance(x: np.ndarray, d: int, m: int) -> dict:
    n = logcosh_size(d, m)
    f, mu = logcosh(x[:n], d, m)
    tau = positive(x[n], 1e-2, 10.0)
    zeta = tau * positive(x[n + 1], 1.0, 1e3)
    sigma_inv = spd(x[n + 2 : n + 2 + d * d + d], d, tau, zeta)
    Sigma = np.linalg.inv(sigma_inv)
    H = f.hessian(mu)
    w, V = np.linalg.eigh(Sigma)
    root = (V * np.sqrt(w)) @ V.T
    xi = float(np.linalg.eigvalsh(root @ H @ root)[0]) * positive(x[-1], 1e-3, 1.0)
    e = mu - f.mu_star
    H_star = f.hessian(f.mu_star)
    delta1 = _hessian_integral(f, f.mu_star, e, e) - H_star @ e
    return dict(
        f=f,
        mu=mu,
        e=e,
        H=H,
        H_star=H_star,
        Sigma=Sigma,
        tau=tau,
        xi=xi,
        delta1=delta1,
        r=float(np.linalg.norm(e)),
        gap=f(mu) - f(f.mu_star),
    )


def _draw(rng: np.random.Generator, sides) -> Draw:
    d, m = int(rng.integers(1, 5)), int(rng.integers(1, 4))
    x0 = rng.standard_normal(logcosh_size(d, m) + 2 + d * d + d + 1)

    def describe(x: np.ndarray) -> dict[str, float]:
        s = _instance(x, d, m)
        f = s["f"]
        return dict(
            d=d,
            terms=m,
            sigma=f.sigma,
            L=f.L,
            gamma=f.gamma,
            tau=s["tau"],
            xi=s["xi"],
            norm_e=s["r"],
        )

    def evaluate(x: np.ndarray):
        lhs, rhs, *scale = sides(_instance(x, d, m))
        return lhs, rhs, scale[0] if scale else float(np.linalg.norm(lhs) + np.linalg.norm(rhs))

    return Draw(x0, evaluate, describe)


def taylor_gradient(rng):
    """Step 1: ∇f(μ*) = ∇f(μ_k) + H(μ* − μ_k) + ∫₀¹(∇²f(μ_k − s(μ_k − μ*)) − H)(μ* − μ_k) ds."""

    def sides(s):
        f, mu, e, H = s["f"], s["mu"], s["e"], s["H"]
        rest = _hessian_integral(f, mu, e, -e) + H @ e
        g = f.gradient(mu)
        size = np.linalg.norm(g) + np.linalg.norm(H @ e) + np.linalg.norm(rest)
        # moved across so that neither side is 0 (∇f(μ*) = 0): ∇f(μ*) − H(μ* − μ_k) − ∫… = ∇f(μ_k)
        return f.gradient(f.mu_star) - H @ (-e) - rest, g, float(size)

    return _draw(rng, sides)


def gradient_at_minimizer(rng):
    """Step 2: ∇f(μ_k) = H(μ_k − μ*) + ∫₀¹(∇²f(μ_k − s(μ_k − μ*)) − H)(μ_k − μ*) ds."""

    def sides(s):
        f, mu, e, H = s["f"], s["mu"], s["e"], s["H"]
        rest = _hessian_integral(f, mu, e, e) - H @ e
        size = np.linalg.norm(f.gradient(mu)) + np.linalg.norm(H @ e) + np.linalg.norm(rest)
        return f.gradient(mu), H @ e + rest, float(size)

    return _draw(rng, sides)


def delta_bound(rng):
    """Step 4 (eq:gamma_1): ‖Δ₁‖ ≤ γ∫₀¹ s‖μ_k − μ*‖² ds (the integral by quadrature)."""

    def sides(s):
        return float(np.linalg.norm(s["delta1"])), s["f"].gamma * _integral(lambda t: t) * s[
            "r"
        ] ** 2

    return _draw(rng, sides)


def delta_integral(rng):
    """Step 5: γ∫₀¹ s‖μ_k − μ*‖² ds = (γ/2)‖μ_k − μ*‖² (sympy)."""
    t, gamma, r = sympy.symbols("s gamma r", positive=True)
    return Symbolic(gamma * sympy.integrate(t * r**2, (t, 0, 1)), gamma / 2 * r**2)


def delta_as_used(rng):
    """Step 6: −‖∇f(μ_k)‖²_Σ = −‖H(μ_k − μ*) + Δ₁‖²_Σ with Δ₁ as printed (step 3)."""

    def sides(s):
        g, v = s["f"].gradient(s["mu"]), s["H"] @ s["e"] + s["delta1"]
        return -g @ s["Sigma"] @ g, -v @ s["Sigma"] @ v

    return _draw(rng, sides)


def cross_term(rng):
    """Step 7: −‖He + Δ₁‖²_Σ ≤ −‖He‖²_Σ + 2⟨He, ΣΔ₁⟩."""

    def sides(s):
        a, b, S = s["H"] @ s["e"], s["delta1"], s["Sigma"]
        return -(a + b) @ S @ (a + b), -a @ S @ a + 2 * a @ S @ b

    return _draw(rng, sides)


def xi_bound(rng):
    """Step 8: −‖He‖²_Σ ≤ −ξ_k‖e‖²_H (ξ_kΣ_k⁻¹ ⪯ H gives HΣ_kH ⪰ ξ_kH); the common
    2⟨He, ΣΔ₁⟩ dropped."""

    def sides(s):
        a = s["H"] @ s["e"]
        return -a @ s["Sigma"] @ a, -s["xi"] * s["e"] @ s["H"] @ s["e"]

    return _draw(rng, sides)


def taylor_value(rng):
    """Step 9 (eq:taylor): f(μ_k) ≤ f(μ*) + ⟨∇f(μ*), e⟩ + ½⟨H*e, e⟩ + (γ/6)‖e‖³."""

    def sides(s):
        f, e = s["f"], s["e"]
        rhs = (
            f(f.mu_star)
            + f.gradient(f.mu_star) @ e
            + e @ s["H_star"] @ e / 2
            + f.gamma / 6 * s["r"] ** 3
        )
        return f(s["mu"]), rhs

    return _draw(rng, sides)


def zero_gradient(rng):
    """Step 10: f(μ*) + ⟨∇f(μ*), e⟩ + ½⟨H*e, e⟩ = f(μ*) + ½‖e‖²_{H*} (∇f(μ*) = 0; the common
    (γ/6)‖e‖³ dropped)."""

    def sides(s):
        f, e = s["f"], s["e"]
        quadratic = e @ s["H_star"] @ e / 2
        linear = f.gradient(f.mu_star) @ e
        lhs, rhs = f(f.mu_star) + linear + quadratic, f(f.mu_star) + quadratic
        return lhs, rhs, abs(f(f.mu_star)) + abs(quadratic) + s["r"] * s["f"].L * s["r"]

    return _draw(rng, sides)


def split_hessian(rng):
    """Step 11: ½‖e‖²_{H*} = ½‖e‖²_H + ½‖e‖²_{H*−H}."""

    def sides(s):
        e = s["e"]
        lhs = e @ s["H_star"] @ e / 2
        rhs = e @ s["H"] @ e / 2 + e @ (s["H_star"] - s["H"]) @ e / 2
        return lhs, rhs, s["f"].L * s["r"] ** 2

    return _draw(rng, sides)


def hessian_difference(rng):
    """Step 12 (eq:gamma_1): ½‖e‖²_{H*−H} + (γ/6)‖e‖³ ≤ (2γ/3)‖e‖³."""

    def sides(s):
        e, g = s["e"], s["f"].gamma
        return e @ (s["H_star"] - s["H"]) @ e / 2 + g / 6 * s["r"] ** 3, 2 * g / 3 * s["r"] ** 3

    return _draw(rng, sides)


def eq_h_s(rng):
    """Step 13 (eq:H_s): −½‖e‖²_H ≤ −(f(μ_k) − f(μ*)) + (2γ/3)‖e‖³."""

    def sides(s):
        e = s["e"]
        return -e @ s["H"] @ e / 2, -s["gap"] + 2 * s["f"].gamma / 3 * s["r"] ** 3

    return _draw(rng, sides)


def cauchy_schwarz(rng):
    """Step 14: ⟨He, ΣΔ₁⟩ ≤ ‖e‖‖Δ₁‖‖HΣ‖₂."""

    def sides(s):
        lhs = (s["H"] @ s["e"]) @ s["Sigma"] @ s["delta1"]
        return lhs, s["r"] * np.linalg.norm(s["delta1"]) * np.linalg.norm(s["H"] @ s["Sigma"], 2)

    return _draw(rng, sides)


def delta_substituted(rng):
    """Step 15 (eq:delta_1): ‖e‖‖Δ₁‖‖HΣ‖₂ ≤ (γ/2)‖e‖³‖HΣ‖₂."""

    def sides(s):
        hs = np.linalg.norm(s["H"] @ s["Sigma"], 2)
        return s["r"] * np.linalg.norm(s["delta1"]) * hs, s["f"].gamma / 2 * s["r"] ** 3 * hs

    return _draw(rng, sides)


def h_sigma_bound(rng):
    """Step 16 (eq:L_1, eq:cS): (γ/2)‖e‖³‖HΣ‖₂ ≤ (γL/(2τ))‖e‖³."""

    def sides(s):
        g, r = s["f"].gamma, s["r"]
        return g / 2 * r**3 * np.linalg.norm(s["H"] @ s["Sigma"], 2), g * s["f"].L / (
            2 * s["tau"]
        ) * r**3

    return _draw(rng, sides)


def combined(rng):
    """Step 17: −‖∇f(μ_k)‖²_Σ ≤ −ξ_k‖e‖²_H + γLτ⁻¹‖e‖³, with the true left side."""

    def sides(s):
        g, e, f = s["f"].gradient(s["mu"]), s["e"], s["f"]
        return -g @ s["Sigma"] @ g, -s["xi"] * e @ s["H"] @ e + f.gamma * f.L / s["tau"] * s[
            "r"
        ] ** 3

    return _draw(rng, sides)


def h_s_substituted(rng):
    """Step 18 (eq:H_s): −ξ_k‖e‖²_H ≤ −2ξ_k(f(μ_k) − f*) + (4ξ_kγ/3)‖e‖³ (the common γLτ⁻¹‖e‖³
    dropped)."""

    def sides(s):
        e, xi = s["e"], s["xi"]
        return -xi * e @ s["H"] @ e, -2 * xi * s["gap"] + 4 * xi * s["f"].gamma / 3 * s["r"] ** 3

    return _draw(rng, sides)


def merged(rng):
    """Step 19: (4ξ_kγ/3 + γLτ⁻¹)‖e‖³ ≤ γ(Lτ⁻¹ + 2ξ_k)‖e‖³."""

    def sides(s):
        g, xi, r, lt = s["f"].gamma, s["xi"], s["r"], s["f"].L / s["tau"]
        return (4 * xi * g / 3 + g * lt) * r**3, g * (lt + 2 * xi) * r**3

    return _draw(rng, sides)


def strong_convexity(rng):
    """Step 20: ‖e‖³ ≤ (2/σ)^{3/2}(f(μ_k) − f*)^{3/2} (times γ(Lτ⁻¹ + 2ξ_k) > 0)."""

    def sides(s):
        k = s["f"].gamma * (s["f"].L / s["tau"] + 2 * s["xi"])
        return k * s["r"] ** 3, k * (2 / s["f"].sigma) ** 1.5 * max(s["gap"], 0.0) ** 1.5

    return _draw(rng, sides)


def condition(rng: np.random.Generator) -> Draw:
    """Step 21: γ(Lτ⁻¹ + 2ξ)(2/σ)^{3/2}F^{3/2} ≤ ξF for 0 ≤ F ≤ ξ²σ³/(8γ²(Lτ⁻¹ + 2ξ)²) (eq:nab_rst's
    condition)."""
    x0 = rng.standard_normal(6)

    def values(x: np.ndarray) -> dict[str, float]:
        sigma = positive(x[0], 1e-2, 10.0)
        v = dict(
            sigma=sigma,
            L=sigma * positive(x[1], 1.0, 1e3),
            tau=positive(x[2], 1e-2, 10.0),
            xi=positive(x[3], 1e-3, 10.0),
            gamma=positive(x[4], 1e-3, 10.0),
        )
        bound = (
            v["xi"] ** 2 * sigma**3 / (8 * v["gamma"] ** 2 * (v["L"] / v["tau"] + 2 * v["xi"]) ** 2)
        )
        v["F"] = bound * positive(x[5], 1e-6, 1.0)
        return v

    def sides(x: np.ndarray):
        v = values(x)
        k = v["gamma"] * (v["L"] / v["tau"] + 2 * v["xi"])
        lhs = k * (2 / v["sigma"]) ** 1.5 * v["F"] ** 1.5
        rhs = v["xi"] * v["F"]
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, sides, values)


def condition_identity(rng):
    """Step 22: −2ξF + ξF = −ξF (sympy)."""
    xi, F = sympy.symbols("xi F", positive=True)
    return Symbolic(-2 * xi * F + xi * F, -xi * F)


def statement_nab_rst(rng: np.random.Generator) -> Draw:
    """The statement, eq:nab_rst: −‖∇f(μ_k)‖²_Σ ≤ −ξ_k(f(μ_k) − f(μ*)) at a μ_k inside its
    condition f(μ_k) − f(μ*) ≤ ξ_k²σ³/(8γ²(Lτ⁻¹ + 2ξ_k)²): μ_k drawn as ``_instance`` draws it,
    then pulled towards μ* along its ray (bisection on the scale, f convex) until the condition
    holds; ξ_k the same share of the least eigenvalue of Σ_k^{1/2}∇²f(μ_k)Σ_k^{1/2} there."""
    d, m = int(rng.integers(1, 5)), int(rng.integers(1, 4))
    x0 = rng.standard_normal(logcosh_size(d, m) + 2 + d * d + d + 1)
    n = logcosh_size(d, m)

    def inside(x: np.ndarray) -> dict:
        f, mu = logcosh(x[:n], d, m)
        tau = positive(x[n], 1e-2, 10.0)
        zeta = tau * positive(x[n + 1], 1.0, 1e3)
        Sigma = np.linalg.inv(spd(x[n + 2 : n + 2 + d * d + d], d, tau, zeta))
        w, V = np.linalg.eigh(Sigma)
        root = (V * np.sqrt(w)) @ V.T
        share = positive(x[-1], 1e-3, 1.0)

        def at(c: float) -> dict:
            point = f.mu_star + c * (mu - f.mu_star)
            xi = float(np.linalg.eigvalsh(root @ f.hessian(point) @ root)[0]) * share
            k = f.gamma * (f.L / tau + 2 * xi)
            gap = f(point) - f(f.mu_star)
            return dict(mu=point, xi=xi, gap=gap, ok=gap <= xi**2 * f.sigma**3 / (8 * k**2))

        s = at(1.0)
        if not s["ok"]:
            low, high = 0.0, 1.0
            for _ in range(12):
                mid = (low + high) / 2
                low, high = (mid, high) if at(mid)["ok"] else (low, mid)
            s = at(low)
        return s | dict(f=f, Sigma=Sigma, tau=tau)

    def sides(x: np.ndarray):
        s = inside(x)
        g = s["f"].gradient(s["mu"])
        lhs, rhs = -float(g @ s["Sigma"] @ g), -s["xi"] * s["gap"]
        return lhs, rhs, abs(lhs) + abs(rhs)

    def describe(x: np.ndarray) -> dict[str, float]:
        s = inside(x)
        f = s["f"]
        keys = dict(sigma=f.sigma, L=f.L, gamma=f.gamma, tau=s["tau"], xi=s["xi"], gap=s["gap"])
        return dict(d=d, terms=m) | keys

    return Draw(x0, sides, describe)
