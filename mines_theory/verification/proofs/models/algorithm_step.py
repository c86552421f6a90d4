"""The checkers of the lines that restate Algorithm 1's updates (the first lines of the proofs of
Lemmas 9, 10 and 32), against the library's Algorithm 1 (``algorithm.algorithm1.MiNESStrategy``,
one ``ask``/``tell`` with given directions: its own code for g̃, G̃, the steps and Π_S').

The admissible instances: d ∈ {1, 2, 3}, b ∈ {1, …, 6}, f = ``common.LogCosh`` (μ* = 0), a point
μ_k, S' = [τ, ζ], Σ_k⁻¹ with spectrum in [τ, ζ], α ∈ [10⁻², 1], any directions u_i, η₁ > 0, k ≥ 2
with η₂,k = 1/k, H* with spectrum in [τ, ζ]. The library holds Σ_k⁻¹ in its symmetric-root form,
so that z_i = Σ_k^{1/2}u_i, as eq:g_mu and eq:TG print it. The printed side is computed here from
the printed formulas: g̃ of eq:g_mu, G̃ of eq:TG, and Π_S' as the clipping of the spectrum to
[τ, ζ] (Prop. A.2).
"""

from __future__ import annotations

import numpy as np

from ..check import Draw
from .common import logcosh, logcosh_size, positive, spd

__all__ = ["mean_update", "precision_update"]


def _instance(x: np.ndarray, d: int, b: int, k: int) -> dict:
    from mines_theory.algorithm.algorithm1 import MiNESStrategy

    n = logcosh_size(d, 2)
    f, mu = logcosh(x[:n], d, 2)
    tau = positive(x[n], 1e-2, 10.0)
    zeta = tau * positive(x[n + 1], 1.0 + 1e-9, 1e2)
    m = d * d + d
    sigma_inv = spd(x[n + 2 : n + 2 + m], d, tau, zeta)
    H_star = spd(x[n + 2 + m : n + 2 + 2 * m], d, tau, zeta)
    at = n + 2 + 2 * m
    alpha = positive(x[at], 1e-2, 1.0)
    eta1 = positive(x[at + 1], 1e-3, 1.0)
    U = np.asarray(x[at + 2 : at + 2 + b * d]).reshape(b, d)
    strategy = MiNESStrategy(
        dim=d,
        alpha=alpha,
        batch_size=b,
        tau=tau,
        zeta=zeta,
        eta1=eta1,
        eta2=1.0 / k,
        precision_form="symmetric",
    )
    state = strategy.init(mu, sigma_inv)
    X, sample = strategy.ask(state, U)
    after, _ = strategy.tell(state, sample, f.values(X))
    return dict(
        f=f,
        mu=mu,
        tau=tau,
        zeta=zeta,
        sigma_inv=sigma_inv,
        H_star=H_star,
        alpha=alpha,
        eta1=eta1,
        eta2=1.0 / k,
        U=U,
        b=b,
        mean_after=after.mean,
        sigma_inv_after=after.sigma_inv,
    )


def _draw(rng: np.random.Generator, sides) -> Draw:
    d, b, k = int(rng.integers(1, 4)), int(rng.integers(1, 7)), int(rng.integers(2, 50))
    x0 = rng.standard_normal(logcosh_size(d, 2) + 2 + 2 * (d * d + d) + 2 + b * d)

    def describe(x: np.ndarray) -> dict[str, float]:
        s = _instance(x, d, b, k)
        return dict(d=d, b=b, k=k) | {n: s[n] for n in ("tau", "zeta", "alpha", "eta1")}

    return Draw(x0, lambda x: sides(_instance(x, d, b, k)), describe)


def _roots(sigma_inv: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Σ^{1/2} and Σ^{-1/2} from Σ⁻¹."""
    w, P = np.linalg.eigh(sigma_inv)
    return (P / np.sqrt(w)) @ P.T, (P * np.sqrt(w)) @ P.T


def mean_update(rng):
    """f(μ_{k+1}) = f(μ_k − η₁g̃(μ_k)): μ_{k+1} from the library's Algorithm 1, g̃ of eq:g_mu as
    printed, (1/b)Σ_i (f(μ + αΣ^{1/2}u_i) − f(μ − αΣ^{1/2}u_i))/(2α)·Σ^{1/2}u_i."""

    def sides(s):
        f, mu, alpha = s["f"], s["mu"], s["alpha"]
        root, _ = _roots(s["sigma_inv"])
        Z = s["U"] @ root
        g = sum((f(mu + alpha * z) - f(mu - alpha * z)) / (2 * alpha) * z for z in Z) / s["b"]
        lhs, rhs = f(s["mean_after"]), f(mu - s["eta1"] * g)
        return lhs, rhs, abs(lhs) + abs(rhs) + abs(f(mu))

    return _draw(rng, sides)


def precision_update(rng):
    """‖Σ_{k+1}⁻¹ − H*‖² = ‖Π_S'(Σ_k⁻¹ + η₂,kG̃(Σ_k)) − H*‖² (Frobenius): Σ_{k+1}⁻¹ from the
    library's Algorithm 1, G̃ of eq:TG as printed, Π_S' the clipping of the spectrum."""

    def sides(s):
        f, mu, alpha, sigma_inv = s["f"], s["mu"], s["alpha"], s["sigma_inv"]
        root, inv_root = _roots(sigma_inv)
        G = -sigma_inv
        for u in s["U"]:
            z = root @ u
            second = f(mu - alpha * z) + f(mu + alpha * z) - 2 * f(mu)
            v = inv_root @ u
            G = G + second * (np.outer(v, v) - sigma_inv) / (2 * s["b"] * alpha**2)
        lam, Q = np.linalg.eigh(sigma_inv + s["eta2"] * G)
        projected = (Q * np.clip(lam, s["tau"], s["zeta"])) @ Q.T
        lhs = float(np.sum((s["sigma_inv_after"] - s["H_star"]) ** 2))
        rhs = float(np.sum((projected - s["H_star"]) ** 2))
        size = lhs + rhs + float(np.sum(s["H_star"] ** 2) + np.sum(G**2) * s["eta2"] ** 2)
        return lhs, rhs, size

    return _draw(rng, sides)
