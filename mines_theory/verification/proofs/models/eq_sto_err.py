"""The checkers of the proof of eq:sto_err (Lemma 39, our Lemma E.9; Appendix E).

The admissible instances: d ∈ {1, …, 4}, b ∈ {1, …, 6}, 0 < δ < 1/b (so that A_t = 8 log(1/(bδ))
+ 16 log(t + 1) + d is positive and grows with t), S' = [τ, ζ], σ ≤ L (τ and L in either order),
for each t: Σ_t⁻¹ and H* with spectra in [τ, ζ], ∇²f(μ_t) with spectrum in [σ, L], H_t =
Π_S'(∇²f(μ_t)), Σ_t^{1/2}H_tΣ_t^{1/2} = V_tΛ_tV_tᵀ, X_t = Σ_t⁻¹ − H*, u_i any vectors,
z_{t,k} = (t − 1)/(k(k − 1)). E[X_{t,i}], E[Y_{t,i}] are exact (``lemma_exy.truncated_means``).
"""

from __future__ import annotations

import math

import numpy as np

from ....linalg.spd import project_eigenvalues
from ..check import Draw
from .common import positive, spd
from .lemma_exy import truncated_means

__all__ = ["eq_e", "eq_exy", "gamma_bound", "collect"]


def _roots(sigma_inv: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    w, P = np.linalg.eigh(sigma_inv)
    return (P / np.sqrt(w)) @ P.T, (P * np.sqrt(w)) @ P.T  # Σ^{1/2}, Σ^{-1/2}


def _one_t(x: np.ndarray, d: int, b: int) -> dict:
    """One t: Σ_t⁻¹, H_t, H* ∈ S', u_i, and E_{t,i} = ūᵀΛū(ūūᵀ − I) − 2Λ per i."""
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e3)
    A = positive(x[2], 1e-2, 10.0 * d)
    m = d * d + d
    sigma_inv = spd(x[3 : 3 + m], d, tau, zeta)
    H_t = spd(x[3 + m : 3 + 2 * m], d, tau, zeta)
    H_star = spd(x[3 + 2 * m : 3 + 3 * m], d, tau, zeta)
    U = np.asarray(x[3 + 3 * m : 3 + 3 * m + d * b]).reshape(d, b)
    root, inv_root = _roots(sigma_inv)
    lam, V = np.linalg.eigh(root @ H_t @ root)
    Lam = np.diag(lam)
    Q = np.zeros((d, d))
    E, XY = [], []
    means = 0.0  # the size of the exact means subtracted (their rounding)
    for u in U.T:
        Q += (u @ root @ H_t @ root @ u) * (inv_root @ np.outer(u, u) @ inv_root - sigma_inv)
        ub = V.T @ u
        full = (ub @ Lam @ ub) * (np.outer(ub, ub) - np.eye(d))
        E.append(full - 2 * Lam)
        EX, EY = truncated_means(dict(d=d, A=A, Lam=Lam))
        inside = float(ub @ ub) <= A
        X = full if inside else 0 * full
        Y = 0 * full if inside else full
        XY.append((X - EX) + (Y - EY))
        means += float(np.linalg.norm(EX) + np.linalg.norm(EY))
    X_t = sigma_inv - H_star
    W = V.T @ inv_root @ X_t @ inv_root @ V
    return dict(Q=Q / (2 * b), H_t=H_t, X_t=X_t, W=W, E=E, XY=XY, b=b, means=means)


def _draw_one(rng: np.random.Generator, sides) -> Draw:
    d, b = int(rng.integers(1, 5)), int(rng.integers(1, 7))
    x0 = rng.standard_normal(3 + 3 * (d * d + d) + d * b)

    def evaluate(x: np.ndarray):
        s = _one_t(x, d, b)
        lhs, rhs, size = sides(s)
        return lhs, rhs, size

    return Draw(x0, evaluate, lambda x: dict(d=d, b=b))


def _ip(A: np.ndarray, B: np.ndarray) -> float:
    return float(np.sum(A * B))


def eq_e(rng):
    """Step 1 (eq:E), one t: ⟨(1/2b)Σ_i u_iᵀΣ^{1/2}H_tΣ^{1/2}u_i(…) − H_t, X_t⟩ against the printed
    ⟨½Σ_i E_{t,i}, V_tᵀΣ_t^{-1/2}X_tΣ_t^{-1/2}V_t⟩ (the common weight (t − 1)/(k(k − 1))
    dropped)."""

    def sides(s):
        lhs = _ip(s["Q"] - s["H_t"], s["X_t"])
        rhs = _ip(0.5 * sum(s["E"]), s["W"])
        size = np.linalg.norm(s["X_t"]) * (np.linalg.norm(s["Q"]) + np.linalg.norm(s["H_t"]))
        return lhs, rhs, float(size + abs(rhs))

    return _draw_one(rng, sides)


def eq_exy(rng):
    """Step 2 (eq:EXY): ⟨½Σ_iE_{t,i}, W⟩ = ⟨½Σ_i[(X_{t,i} − E X) + (Y_{t,i} − E Y)], W⟩."""

    def sides(s):
        lhs, rhs = _ip(0.5 * sum(s["E"]), s["W"]), _ip(0.5 * sum(s["XY"]), s["W"])
        size = np.linalg.norm(s["W"]) * (sum(np.linalg.norm(E) for E in s["E"]) + s["means"])
        return lhs, rhs, float(size)

    return _draw_one(rng, sides)


def _sequence(x: np.ndarray, d: int, b: int, k: int) -> dict:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e3)
    sigma = positive(x[2], 1e-2, 10.0)
    L = sigma * positive(x[3], 1.0, 1e3)
    delta = positive(x[4], 1e-4, 0.999) / b  # bδ < 1
    m = d * d + d
    H_star = spd(x[5 : 5 + m], d, tau, zeta)
    at = 5 + m
    gammas, norms = [], []
    for t in range(2, k + 1):
        sigma_inv = spd(x[at : at + m], d, tau, zeta)
        hess = spd(x[at + m : at + 2 * m], d, sigma, L)
        at += 2 * m
        H_t = project_eigenvalues(hess, tau, zeta)
        root, _ = _roots(sigma_inv)
        lam_norm = float(np.linalg.norm(root @ H_t @ root, 2))
        A_t = 8 * math.log(1 / (b * delta)) + 16 * math.log(t + 1) + d
        X = sigma_inv - H_star
        gammas.append(A_t * lam_norm * (zeta * A_t + np.trace(sigma_inv)) * np.linalg.norm(X, 2))
        norms.append(float(np.linalg.norm(X)))
    A_k = 8 * math.log(1 / (b * delta)) + 16 * math.log(k + 1) + d
    return dict(
        tau=tau,
        zeta=zeta,
        sigma=sigma,
        L=L,
        delta=delta,
        A_k=A_k,
        gammas=gammas,
        norms=norms,
        d=d,
        b=b,
        k=k,
    )


def gamma_bound(rng: np.random.Generator) -> Draw:
    """Step 4: Σ_t z²Γ_t² ≤ (A_kLτ⁻¹(ζA_k + dζ))²·Σ_t z²‖X_t‖² (‖Λ_t‖₂ ≤ L/τ, tr Σ_t⁻¹ ≤ dζ,
    A_t ≤ A_k; the common factor (2/b)log(k²/δ) dropped)."""
    d, b, k = int(rng.integers(1, 4)), int(rng.integers(1, 7)), int(rng.integers(2, 6))
    x0 = rng.standard_normal(5 + (d * d + d) * (1 + 2 * (k - 1)))

    def sides(x: np.ndarray):
        s = _sequence(x, d, b, k)
        z = [(t - 1) / (k * (k - 1)) for t in range(2, k + 1)]
        lhs = sum(zt**2 * g**2 for zt, g in zip(z, s["gammas"], strict=True))
        K = s["A_k"] * s["L"] / s["tau"] * (s["zeta"] * s["A_k"] + d * s["zeta"])
        rhs = K**2 * sum(zt**2 * n**2 for zt, n in zip(z, s["norms"], strict=True))
        return lhs, rhs, lhs + rhs

    def describe(x: np.ndarray) -> dict[str, float]:
        s = _sequence(x, d, b, k)
        return {n: s[n] for n in ("d", "b", "k", "tau", "zeta", "sigma", "L", "delta")}

    return Draw(x0, sides, describe)


def collect(rng: np.random.Generator) -> Draw:
    """Step 5, "=": √(c·K²·Σ_t(t − 1)²‖Σ_t⁻¹ − H*‖²/(k²(k − 1)²)) against the printed
    K/(k(k − 1))·√c·√(Σ_t(t − 1)²‖Σ_t − H*‖²) (c = (2/b)log(k²/δ), K = A_kL(ζA_k + dζ)/τ)."""
    d, k = int(rng.integers(1, 4)), int(rng.integers(2, 6))
    m = d * d + d
    x0 = rng.standard_normal(4 + m * k)

    def sides(x: np.ndarray):
        tau = positive(x[0], 1e-2, 10.0)
        zeta = tau * positive(x[1], 1.0, 1e3)
        c = positive(x[2], 1e-3, 1e3)
        K = positive(x[3], 1e-3, 1e3)
        H_star = spd(x[4 : 4 + m], d, tau, zeta)
        inv, direct = 0.0, 0.0
        for j, t in enumerate(range(2, k + 1)):
            sigma_inv = spd(x[4 + m * (j + 1) : 4 + m * (j + 2)], d, tau, zeta)
            inv += (t - 1) ** 2 * float(np.linalg.norm(sigma_inv - H_star)) ** 2
            direct += (t - 1) ** 2 * float(np.linalg.norm(np.linalg.inv(sigma_inv) - H_star)) ** 2
        lhs = math.sqrt(c * K**2 * inv / (k**2 * (k - 1) ** 2))
        rhs = K / (k * (k - 1)) * math.sqrt(c) * math.sqrt(direct)
        return lhs, rhs, lhs + rhs

    return Draw(x0, sides, lambda x: dict(d=d, k=k))
