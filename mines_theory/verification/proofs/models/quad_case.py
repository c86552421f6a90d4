"""The checkers of the proof of Theorem 1 (our Theorem 3.1, prop:quad_case; Appendix C).

The admissible instances: d ∈ {1, …, 4}, f(μ) = ½(μ − μ*)ᵀH(μ − μ*) with H symmetric positive
definite (spectrum in [10⁻², 10²], on both sides of [τ, ζ]), 0 < τ ≤ ζ, α ∈ [10⁻², 1],
Σ ≻ 0. The construction of the proof: H = UΛUᵀ, Λ̄ (τ⁻¹ where Λ ≤ τ, ζ⁻¹ where Λ ≥ ζ, Λ⁻¹
otherwise), Σ* = UΛ̄Uᵀ, A₁ = UΛ⁽¹⁾Uᵀ, A₂ = UΛ⁽²⁾Uᵀ with Λ⁽¹⁾ = max(τ − Λ, 0), Λ⁽²⁾ =
max(Λ − ζ, 0). The derivatives are sympy's (d = 2, a matrix's entries as independent variables,
read through fixed weights); J = E f(μ + αΣ^{1/2}u) is Monte Carlo.
"""

from __future__ import annotations

import numpy as np
import sympy

from ..check import Draw, Expectation, Symbolic
from .common import positive, spd

__all__ = [
    "q_quadratic",
    "dq_dmu",
    "dl_dsigma",
    "kkt_stationary",
    "kkt_slack_1",
    "kkt_slack_2",
    "kkt_psd_1",
    "kkt_psd_2",
    "sum_spectral",
    "sum_lambda_bar",
    "sum_inverse",
]

_C = sympy.Matrix([[1, 2], [3, 5]])  # the weights through which a matrix identity is read


def q_quadratic(rng):
    """Q_α(θ) = f(μ) + (α²/2)⟨H, Σ⟩ − (α²/2) log det Σ: Monte Carlo of E f(μ + αΣ^{1/2}u) − (α²/2)
    log det Σ against the closed form."""
    d = int(rng.integers(1, 5))
    m = d * d + d
    H = spd(rng.standard_normal(m), d, 1e-2, 1e2)
    sigma = spd(rng.standard_normal(m), d, 1e-2, 1e2)
    mu = rng.standard_normal(d)
    alpha = positive(rng.standard_normal(), 1e-2, 1.0)
    w, P = np.linalg.eigh(sigma)
    root = (P * np.sqrt(w)) @ P.T
    logdet = float(np.sum(np.log(w)))
    f0 = 0.5 * float(mu @ H @ mu)  # μ* = 0
    rhs = f0 + alpha**2 / 2 * float(np.sum(H * sigma)) - alpha**2 / 2 * logdet

    def sample(gen, n):
        Z = mu + alpha * gen.standard_normal((n, d)) @ root
        return 0.5 * np.einsum("ni,ij,nj->n", Z, H, Z) - alpha**2 / 2 * logdet

    return Expectation(sample, rhs, abs(rhs) + 1.0, dict(d=d, alpha=alpha))


def _symbols():
    a = sympy.symbols("alpha", positive=True)
    S = sympy.Matrix(2, 2, sympy.symbols("s11 s12 s21 s22", real=True))
    h11, h12, h22 = sympy.symbols("h11 h12 h22", real=True)
    H = sympy.Matrix([[h11, h12], [h12, h22]])
    return a, S, H


def dq_dmu(rng):
    """∂Q_α/∂μ = ∇f(μ) (d = 2, sympy; through the weights (1, 3))."""
    a, S, H = _symbols()
    mu = sympy.Matrix(sympy.symbols("m1 m2", real=True))
    star = sympy.Matrix(sympy.symbols("p1 p2", real=True))
    e = mu - star
    Q = (e.T * H * e)[0] / 2 + a**2 / 2 * (H.T * S).trace() - a**2 / 2 * sympy.log(S.det())
    grad = H * e  # ∇f, computed apart from Q
    lhs = sympy.diff(Q, mu[0]) + 3 * sympy.diff(Q, mu[1])
    return Symbolic(lhs, grad[0] + 3 * grad[1])


def dl_dsigma(rng):
    """∂L/∂Σ = (α²/2)(H − Σ⁻¹ + A₁ − A₂) (d = 2, sympy; Σ's entries independent, then Σ
    symmetric; ∂ log det Σ/∂Σ = Σ⁻ᵀ)."""
    a, S, H = _symbols()
    A1 = sympy.Matrix(2, 2, sympy.symbols("a11 a12 a12 a22", real=True))
    A2 = sympy.Matrix(2, 2, sympy.symbols("b11 b12 b12 b22", real=True))
    tau, zeta = sympy.symbols("tau zeta", positive=True)
    eye = sympy.eye(2)
    L = (
        a**2 / 2 * (H.T * S).trace()
        - a**2 / 2 * sympy.log(S.det())
        + a**2 / 2 * (A1.T * (S - eye / tau)).trace()
        + a**2 / 2 * (A2.T * (eye / zeta - S)).trace()
    )
    symmetric = {S[1, 0]: S[0, 1]}
    grad = sympy.Matrix(2, 2, lambda i, j: sympy.diff(L, S[i, j])).subs(symmetric)
    target = (a**2 / 2 * (H - S.inv() + A1 - A2)).subs(symmetric)
    lhs = sum(_C[i, j] * grad[i, j] for i in range(2) for j in range(2))
    rhs = sum(_C[i, j] * target[i, j] for i in range(2) for j in range(2))
    return Symbolic(sympy.simplify(lhs), sympy.simplify(rhs))


def _construction(x: np.ndarray, d: int) -> dict:
    H = spd(x[: d * d + d], d, 1e-2, 1e2)
    tau = positive(x[d * d + d], 1e-1, 10.0)
    zeta = tau * positive(x[d * d + d + 1], 1.0, 1e2)
    lam, U = np.linalg.eigh(H)
    bar = np.where(lam <= tau, 1 / tau, np.where(lam >= zeta, 1 / zeta, 1 / lam))
    l1, l2 = np.maximum(tau - lam, 0.0), np.maximum(lam - zeta, 0.0)
    return dict(
        H=H,
        tau=tau,
        zeta=zeta,
        lam=lam,
        U=U,
        bar=bar,
        sigma=(U * bar) @ U.T,
        A1=(U * l1) @ U.T,
        A2=(U * l2) @ U.T,
        l1=l1,
        l2=l2,
    )


def _draw(rng: np.random.Generator, sides) -> Draw:
    d = int(rng.integers(1, 5))
    x0 = rng.standard_normal(d * d + d + 2)

    def evaluate(x):
        s = _construction(x, d)
        lhs, rhs = sides(s)
        size = float(np.linalg.norm(s["H"]) + np.linalg.norm(s["A1"]) + np.linalg.norm(s["A2"]))
        return lhs, rhs, size + 1.0 / s["tau"]

    def describe(x):
        s = _construction(x, d)
        return dict(d=d, tau=s["tau"], zeta=s["zeta"])

    return Draw(x0, evaluate, describe)


def kkt_stationary(rng):
    """Σ*⁻¹ = H + A₁ − A₂ at the construction (Σ*⁻¹ by inversion)."""
    return _draw(rng, lambda s: (np.linalg.inv(s["sigma"]), s["H"] + s["A1"] - s["A2"]))


def kkt_slack_1(rng):
    """A₁Σ* = τ⁻¹A₁ at the construction."""
    return _draw(rng, lambda s: (s["A1"] @ s["sigma"], s["A1"] / s["tau"]))


def kkt_slack_2(rng):
    """A₂Σ* = ζ⁻¹A₂ at the construction."""
    return _draw(rng, lambda s: (s["A2"] @ s["sigma"], s["A2"] / s["zeta"]))


def kkt_psd_1(rng):
    """A₁ ⪰ 0 at the construction."""
    return _draw(rng, lambda s: (s["A1"], np.zeros_like(s["A1"])))


def kkt_psd_2(rng):
    """A₂ ⪰ 0 at the construction."""
    return _draw(rng, lambda s: (s["A2"], np.zeros_like(s["A2"])))


def sum_spectral(rng):
    """H + A₁ − A₂ = UΛUᵀ + UΛ⁽¹⁾Uᵀ − UΛ⁽²⁾Uᵀ."""

    def sides(s):
        U = s["U"]
        rhs = (U * s["lam"]) @ U.T + (U * s["l1"]) @ U.T - (U * s["l2"]) @ U.T
        return s["H"] + s["A1"] - s["A2"], rhs

    return _draw(rng, sides)


def sum_lambda_bar(rng):
    """UΛUᵀ + UΛ⁽¹⁾Uᵀ − UΛ⁽²⁾Uᵀ = UΛ̄⁻¹Uᵀ."""

    def sides(s):
        U = s["U"]
        lhs = (U * s["lam"]) @ U.T + (U * s["l1"]) @ U.T - (U * s["l2"]) @ U.T
        return lhs, (U / s["bar"]) @ U.T

    return _draw(rng, sides)


def sum_inverse(rng):
    """UΛ̄⁻¹Uᵀ = Σ*⁻¹ (Σ* = UΛ̄Uᵀ, inverted)."""
    return _draw(rng, lambda s: ((s["U"] / s["bar"]) @ s["U"].T, np.linalg.inv(s["sigma"])))
