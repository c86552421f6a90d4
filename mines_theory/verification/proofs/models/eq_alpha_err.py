"""The checkers of the proof of eq:alpha_err (Lemma 34, our Lemma E.4; Appendix E).

The admissible instances: d ∈ {1, …, 4}, k ∈ {2, …, 7}, for t = 2, …, k symmetric matrices
X_t = Σ_t⁻¹ − H*, A_t = H_t − H* and D_t = BG(Σ_t) − (1/2b)Σ_i u_iᵀΣ_t^{1/2}H_tΣ_t^{1/2}u_i(…),
with D_t's spectral norm within eq:GG's bound c₃^{3/2}(c₃ + 1)ζγα/(4τ^{3/2}) (the cited bound, a
hypothesis here; ‖·‖ is the Frobenius norm, ⟨A, B⟩ = tr(AᵀB)).
"""

from __future__ import annotations

import math

import numpy as np

from ..check import Draw
from .common import constants, positive

__all__ = [
    "statement_alpha_err",
    "cauchy_terms",
    "cauchy_sum",
    "cauchy_terms_d",
    "gg",
    "cauchy_sum_x",
]


def _symmetric(x: np.ndarray, d: int) -> np.ndarray:
    A = np.asarray(x).reshape(d, d)
    return A + A.T


def _instance(x: np.ndarray, d: int, k: int) -> dict:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e3)
    gamma = positive(x[2], 1e-3, 1e2)
    alpha = positive(x[3], 1e-3, 1.0)
    delta = positive(x[4], 1e-4, 0.999)
    _, _, c3 = constants(d, 1, delta)
    bound = c3**1.5 * (c3 + 1) * zeta * gamma * alpha / (4 * tau**1.5)
    at, n = 5, d * d
    X, A, D = [], [], []
    for _ in range(2, k + 1):
        X.append(_symmetric(x[at : at + n], d))
        A.append(_symmetric(x[at + n : at + 2 * n], d))
        Dt = _symmetric(x[at + 2 * n : at + 3 * n], d)
        norm2 = np.linalg.norm(Dt, 2)
        D.append(Dt * min(1.0, bound / norm2) if norm2 > 0 else Dt)  # within eq:GG
        at += 3 * n
    return dict(tau=tau, zeta=zeta, gamma=gamma, alpha=alpha, c3=c3, X=X, A=A, D=D, k=k)


def _draw(rng: np.random.Generator, sides) -> Draw:
    d, k = int(rng.integers(1, 5)), int(rng.integers(2, 8))
    x0 = rng.standard_normal(5 + 3 * d * d * (k - 1))

    def evaluate(x: np.ndarray):
        lhs, rhs = sides(_instance(x, d, k))
        return lhs, rhs, abs(lhs) + abs(rhs)

    def describe(x: np.ndarray) -> dict[str, float]:
        s = _instance(x, d, k)
        return dict(d=d, k=k, **{n: s[n] for n in ("tau", "zeta", "gamma", "alpha", "c3")})

    return Draw(x0, evaluate, describe)


def _weights(k: int) -> list[int]:
    return [t - 1 for t in range(2, k + 1)]


def cauchy_terms(rng):
    """Step 1: Σ(t − 1)⟨A_t, X_t⟩ ≤ Σ(t − 1)‖A_t‖‖X_t‖."""

    def sides(s):
        w = _weights(s["k"])
        lhs = sum(wt * float(np.sum(A * X)) for wt, A, X in zip(w, s["A"], s["X"], strict=True))
        rhs = sum(
            wt * np.linalg.norm(A) * np.linalg.norm(X)
            for wt, A, X in zip(w, s["A"], s["X"], strict=True)
        )
        return lhs, float(rhs)

    return _draw(rng, sides)


def cauchy_sum(rng):
    """Step 2: Σ(t − 1)‖A_t‖‖X_t‖ ≤ √(Σ‖A_t‖²)·√(Σ(t − 1)²‖X_t‖²)."""

    def sides(s):
        w = _weights(s["k"])
        a = [np.linalg.norm(A) for A in s["A"]]
        x = [np.linalg.norm(X) for X in s["X"]]
        lhs = sum(wt * at * xt for wt, at, xt in zip(w, a, x, strict=True))
        rhs = math.sqrt(sum(at**2 for at in a)) * math.sqrt(
            sum((wt * xt) ** 2 for wt, xt in zip(w, x, strict=True))
        )
        return float(lhs), rhs

    return _draw(rng, sides)


def cauchy_terms_d(rng):
    """Step 3: Σ(t − 1)⟨D_t, X_t⟩ ≤ Σ(t − 1)‖D_t‖‖X_t‖."""

    def sides(s):
        w = _weights(s["k"])
        lhs = sum(wt * float(np.sum(D * X)) for wt, D, X in zip(w, s["D"], s["X"], strict=True))
        rhs = sum(
            wt * np.linalg.norm(D) * np.linalg.norm(X)
            for wt, D, X in zip(w, s["D"], s["X"], strict=True)
        )
        return lhs, float(rhs)

    return _draw(rng, sides)


def gg(rng):
    """Step 4 (eq:GG): Σ(t − 1)‖D_t‖‖X_t‖ against c₃^{3/2}(c₃ + 1)ζα/(4τ^{3/2}d^{1/2}) times
    Σ(t − 1)‖X_t‖, for ‖D_t‖₂ within eq:GG's bound (which has γ and no d^{-1/2})."""

    def sides(s):
        w = _weights(s["k"])
        d = s["X"][0].shape[0]
        x = [np.linalg.norm(X) for X in s["X"]]
        lhs = sum(wt * np.linalg.norm(D) * xt for wt, D, xt in zip(w, s["D"], x, strict=True))
        c3 = s["c3"]
        factor = c3**1.5 * (c3 + 1) * s["zeta"] / (4 * s["tau"] ** 1.5 * math.sqrt(d)) * s["alpha"]
        return float(lhs), factor * sum(wt * xt for wt, xt in zip(w, x, strict=True))

    return _draw(rng, sides)


def cauchy_sum_x(rng):
    """Step 5: Σ(t − 1)‖X_t‖ ≤ √(k − 1)·√(Σ(t − 1)²‖X_t‖²) (the constant factor dropped)."""

    def sides(s):
        w = _weights(s["k"])
        x = [np.linalg.norm(X) for X in s["X"]]
        lhs = sum(wt * xt for wt, xt in zip(w, x, strict=True))
        rhs = math.sqrt(s["k"] - 1) * math.sqrt(
            sum((wt * xt) ** 2 for wt, xt in zip(w, x, strict=True))
        )
        return float(lhs), rhs

    return _draw(rng, sides)


def statement_alpha_err(rng):
    """The statement, eq:alpha_err: Σ(t − 1)⟨D_t, X_t⟩ + Σ(t − 1)⟨A_t, X_t⟩ ≤
    √(Σ‖A_t‖²)·√(Σ(t − 1)²‖X_t‖²) + c₃^{3/2}(c₃ + 1)ζγ√(k − 1)α/(4τ^{3/2}d^{1/2})·
    √(Σ(t − 1)²‖X_t‖²), ‖D_t‖₂ within eq:GG's bound. Half the draws put D_t at that bound
    times the sign of X_t
    (D_t = bound·V sign(Λ)Vᵀ for X_t = VΛVᵀ: ⟨D_t, X_t⟩ = bound·‖X_t‖_*, the largest eq:GG
    allows)."""
    aligned = bool(rng.random() < 0.5)

    def sides(s):
        w = _weights(s["k"])
        d = s["X"][0].shape[0]
        c3 = s["c3"]
        bound = c3**1.5 * (c3 + 1) * s["zeta"] * s["gamma"] * s["alpha"] / (4 * s["tau"] ** 1.5)
        D = s["D"]
        if aligned:
            D = []
            for X in s["X"]:
                lam, V = np.linalg.eigh(X)
                D.append(bound * (V * np.sign(lam)) @ V.T)
        lhs = sum(wt * float(np.sum(Dt * X)) for wt, Dt, X in zip(w, D, s["X"], strict=True))
        lhs += sum(wt * float(np.sum(A * X)) for wt, A, X in zip(w, s["A"], s["X"], strict=True))
        root_x = math.sqrt(
            sum((wt * np.linalg.norm(X)) ** 2 for wt, X in zip(w, s["X"], strict=True))
        )
        root_a = math.sqrt(sum(np.linalg.norm(A) ** 2 for A in s["A"]))
        rhs = root_a * root_x + bound * math.sqrt(s["k"] - 1) / math.sqrt(d) * root_x
        return lhs, rhs

    return _draw(rng, sides)
