"""The checkers of the proof of Lemma 23 (our Lemma C.1, lem:exp_tg; Appendix C).

The admissible instances: d ∈ {1, 2, 3}, f quadratic with a symmetric PSD Hessian H (spectrum
in [10⁻², 10]), Σ ≻ 0 (spectrum in [10⁻², 10²]) with its symmetric root, α ∈ [10⁻², 1],
u ~ N(0, I_d), h = Σ^{1/2}u, q = hᵀHh, D = Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹. J(θ) = f(μ) + (α²/2)⟨H, Σ⟩
(eq:J_quad). The matrix expectations are read through a fixed test matrix C = I + ½S (S
symmetric, drawn): E⟨C, ·⟩, Monte Carlo.
"""

from __future__ import annotations

import numpy as np
import sympy

from ..check import Draw, Expectation, Symbolic
from .common import positive, spd

__all__ = ["derivative", "reduce_tg", "unbiased", "constant"]


def derivative(rng):
    """∂J/∂Σ = (α²/2)H for J = f(μ) + (α²/2)⟨H, Σ⟩, Σ's entries as independent variables (d = 2,
    sympy), read through the weights C = [[1, 2], [3, 5]]."""
    a = sympy.symbols("alpha", positive=True)
    S = sympy.Matrix(2, 2, sympy.symbols("s11 s12 s21 s22", real=True))
    H = sympy.Matrix(2, 2, sympy.symbols("h11 h12 h12 h22", real=True))  # H symmetric
    f0 = sympy.symbols("f0", real=True)
    J = f0 + a**2 / 2 * (H.T * S).trace()
    C = sympy.Matrix([[1, 2], [3, 5]])
    lhs = sum(C[i, j] * sympy.diff(J, S[i, j]) for i in range(2) for j in range(2))
    rhs = sum(C[i, j] * a**2 / 2 * H[i, j] for i in range(2) for j in range(2))
    witness = {a: 0.5, **{h: v for h, v in zip(H.free_symbols, (1.0, 2.0, 3.0), strict=False)}}
    return Symbolic(lhs, rhs, witness)


def _setting(x: np.ndarray, d: int) -> dict:
    m = d * d + d
    H = spd(x[:m], d, 1e-2, 10.0)
    sigma = spd(x[m : 2 * m], d, 1e-2, 1e2)
    w, P = np.linalg.eigh(sigma)
    return dict(
        H=H,
        sigma=sigma,
        sigma_inv=np.linalg.inv(sigma),
        root=(P * np.sqrt(w)) @ P.T,
        inv_root=(P / np.sqrt(w)) @ P.T,
        alpha=positive(x[2 * m], 1e-2, 1.0),
    )


def reduce_tg(rng):
    """E[G̃] = E[½ q D] − ½Σ⁻¹ for quadratic f: G̃ − ½qD is deterministic (b = 1, eq:TG), so the
    line is compared draw by draw: G̃(u) − ½q(u)D(u) against the printed −½Σ⁻¹."""
    d = int(rng.integers(1, 4))
    x0 = rng.standard_normal(2 * (d * d + d) + 1 + d + d)

    def sides(x):
        s = _setting(x, d)
        u = np.asarray(x[-2 * d : -d])
        mu = np.asarray(x[-d:])
        h = s["root"] @ u
        alpha = s["alpha"]

        def f(z):
            return 0.5 * z @ s["H"] @ z

        D = np.outer(s["inv_root"] @ u, s["inv_root"] @ u) - s["sigma_inv"]
        G = (f(mu - alpha * h) + f(mu + alpha * h) - 2 * f(mu)) / (2 * alpha**2) * D - s[
            "sigma_inv"
        ]
        lhs = G - 0.5 * float(h @ s["H"] @ h) * D
        rhs = -0.5 * s["sigma_inv"]
        return lhs, rhs, float(np.linalg.norm(s["sigma_inv"]))

    return Draw(x0, sides, lambda x: dict(d=d))


def unbiased(rng):
    """E[½ q D] = 2α⁻²∂J/∂Σ = H (Lemma 8, prop:TG; step 1), Monte Carlo of ⟨C, ½qD⟩ against
    ⟨C, H⟩."""
    d = int(rng.integers(1, 4))
    s = _setting(rng.standard_normal(2 * (d * d + d) + 1), d)
    S = rng.standard_normal((d, d))
    C = np.eye(d) + 0.25 * (S + S.T)

    def sample(gen, n):
        U = gen.standard_normal((n, d))
        Hs = s["root"] @ s["H"] @ s["root"]
        q = np.einsum("ni,ij,nj->n", U, Hs, U)
        V = U @ s["inv_root"]  # rows Σ^{-1/2}u
        inner = np.einsum("ni,ij,nj->n", V, C, V) - float(np.sum(C * s["sigma_inv"]))
        return 0.5 * q * inner

    rhs = float(np.sum(C * s["H"]))
    return Expectation(sample, rhs, abs(rhs) + 1.0, dict(d=d))


def constant(rng):
    """2α⁻²·(α²/2)H = H (sympy)."""
    a, h = sympy.symbols("alpha h", positive=True)
    return Symbolic(2 / a**2 * (a**2 / 2 * h), h)
