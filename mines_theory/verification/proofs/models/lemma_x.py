"""The checkers of the proof of Lemma 37 (our Lemma E.7, lem:X; Appendix E).

The admissible instances: d ∈ {1, …, 5}, S' = [τ, ζ], Σ_t⁻¹, H_t and H* with spectra in
[τ, ζ], Σ_t^{1/2}H_tΣ_t^{1/2} = V_tΛ_tV_tᵀ, any ū = ū_{t,i}, a threshold A_t > 0 (on either side
of ‖ū‖²), X_{t,i} = ūᵀΛ_tū(ūūᵀ − I)𝟙{‖ū‖² ≤ A_t}, B = Σ_t⁻¹ − H*, M = Σ_t^{-1/2}BΣ_t^{-1/2},
W = V_tᵀMV_t and Γ_t = A_t‖Λ_t‖₂(ζA_t + tr Σ_t⁻¹)‖B‖₂ as the lemma defines it.
"""

from __future__ import annotations

import numpy as np
import sympy

from ..check import Draw, Symbolic
from .common import positive, spd

__all__ = ["half_out", "triangle", "spectral", "von_neumann", "gamma", "threshold"]


def _instance(x: np.ndarray, d: int) -> dict:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e3)
    m = d * d + d
    sigma_inv = spd(x[2 : 2 + m], d, tau, zeta)
    H_t = spd(x[2 + m : 2 + 2 * m], d, tau, zeta)
    H_star = spd(x[2 + 2 * m : 2 + 3 * m], d, tau, zeta)
    ubar = np.asarray(x[2 + 3 * m : 2 + 3 * m + d]) * 2
    A = float(ubar @ ubar) * positive(x[-1], 0.5, 3.0)
    w, P = np.linalg.eigh(sigma_inv)
    root, inv_root = (P / np.sqrt(w)) @ P.T, (P * np.sqrt(w)) @ P.T
    lam, V = np.linalg.eigh(root @ H_t @ root)
    Lam = np.diag(lam)
    inside = float(float(ubar @ ubar) <= A)
    q = float(ubar @ Lam @ ubar)
    B = sigma_inv - H_star
    M = inv_root @ B @ inv_root
    return dict(
        d=d,
        zeta=zeta,
        sigma_inv=sigma_inv,
        Lam=Lam,
        lam2=float(np.abs(lam).max()),
        ubar=ubar,
        A=A,
        inside=inside,
        q=q,
        B=B,
        M=M,
        W=V.T @ M @ V,
        X=q * (np.outer(ubar, ubar) - np.eye(d)) * inside,
    )


def _draw(rng: np.random.Generator, sides) -> Draw:
    d = int(rng.integers(1, 6))
    x0 = rng.standard_normal(2 + 3 * (d * d + d) + d + 1)

    def evaluate(x: np.ndarray):
        lhs, rhs, size = sides(_instance(x, d))
        return lhs, rhs, size

    return Draw(x0, evaluate, lambda x: dict(d=d, inside=_instance(x, d)["inside"]))


def _ip(A: np.ndarray, B: np.ndarray) -> float:
    return float(np.sum(A * B))


def half_out(rng):
    """Step 1: |⟨X_{t,i}, ½W⟩| = ½|⟨ūᵀΛū(ūūᵀ − I)𝟙{‖ū‖² ≤ A_t}, W⟩|."""

    def sides(s):
        full = s["q"] * (np.outer(s["ubar"], s["ubar"]) - np.eye(s["d"])) * s["inside"]
        lhs, rhs = abs(_ip(s["X"], 0.5 * s["W"])), 0.5 * abs(_ip(full, s["W"]))
        return lhs, rhs, lhs + rhs + np.linalg.norm(s["W"]) * abs(s["q"]) * s["inside"]

    return _draw(rng, sides)


def _parts(s: dict) -> tuple[float, float]:
    u, W = s["ubar"], s["W"]
    first = 0.5 * abs(_ip(s["q"] * np.outer(u, u) * s["inside"], W))
    second = 0.5 * abs(_ip(s["q"] * s["inside"] * np.eye(s["d"]), W))
    return first, second


def triangle(rng):
    """Step 2: ½|⟨q(ūūᵀ − I)𝟙, W⟩| ≤ ½|⟨qūūᵀ𝟙, W⟩| + ½|⟨q𝟙·I, W⟩|."""

    def sides(s):
        lhs = 0.5 * abs(_ip(s["X"], s["W"]))
        rhs = sum(_parts(s))
        return lhs, rhs, lhs + rhs

    return _draw(rng, sides)


def spectral(rng):
    """Step 3: ≤ (A_t²‖Λ_t‖₂/2)‖M‖₂ + (A_t‖Λ_t‖₂/2)|tr M| (‖ū‖² ≤ A_t on the indicator)."""

    def sides(s):
        lhs = sum(_parts(s))
        A, lam2, M = s["A"], s["lam2"], s["M"]
        rhs = A**2 * lam2 / 2 * np.linalg.norm(M, 2) + A * lam2 / 2 * abs(np.trace(M))
        return lhs, float(rhs), lhs + float(rhs)

    return _draw(rng, sides)


def von_neumann(rng):
    """Step 4 (eq:cS, von Neumann): ‖M‖₂ ≤ ζ‖B‖₂ and |tr M| ≤ tr(Σ_t⁻¹)‖B‖₂."""

    def sides(s):
        A, lam2, M, B = s["A"], s["lam2"], s["M"], s["B"]
        lhs = A**2 * lam2 / 2 * np.linalg.norm(M, 2) + A * lam2 / 2 * abs(np.trace(M))
        b2 = np.linalg.norm(B, 2)
        rhs = s["zeta"] * A**2 * lam2 / 2 * b2 + A * lam2 * np.trace(s["sigma_inv"]) / 2 * b2
        return float(lhs), float(rhs), float(lhs + rhs)

    return _draw(rng, sides)


def gamma(rng):
    """Step 5: ζA²‖Λ‖‖B‖/2 + A‖Λ‖tr(Σ⁻¹)‖B‖/2 = Γ_t/2 (sympy)."""
    A, lam, B, zeta, tr = sympy.symbols("A Lambda B zeta tr", positive=True)
    Gamma = A * lam * (zeta * A + tr) * B
    return Symbolic(zeta * A**2 * lam / 2 * B + A * lam * tr / 2 * B, Gamma / 2)


def threshold(rng):
    """The last display: the deviation ψ at which the printed tail exp(−(bψ²/2)/S) equals δ/k²
    (S = Σ_t z²Γ_t²), against the printed √((2/b)log(k²/δ)·S) (sympy)."""
    b, S, k, delta = sympy.symbols("b S k delta", positive=True)
    psi = sympy.sqrt(2 * S * sympy.log(k**2 / delta) / b)  # solves bψ²/(2S) = log(k²/δ)
    tail = sympy.exp(-(b * psi**2 / 2) / S)
    # both sides as the tail at ψ and δ/k²: equal iff ψ is the printed deviation
    return Symbolic(sympy.simplify(tail), delta / k**2)
