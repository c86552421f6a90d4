"""The checkers of the proof of Lemma 30 (our Lemma D.7, eq:G_norm_1 and eq:G_norm_2).

The admissible instances, from the lemma's hypotheses: d ∈ {1, …, 3}, b ∈ {1, …, 16},
Σ_k⁻¹ ∈ S' (spectrum in [τ, ζ]), f = ``common.LogCosh`` (L-smooth with its L; μ* = 0), a point
μ_k, α ∈ [10⁻², 1], 0 < δ < 1, c₃ = 2d + 3 log(1/δ), H* = Π_S'(∇²f(μ*)) (eigenvalues clipped
to [τ, ζ]) and u_1, …, u_b on the events of eq:u_norm (‖u_i‖² ≤ c₃), drawn as
u_i = √c₃·s_i·(v + ρw_i)/‖v + ρw_i‖ so that a search can align them (ρ → 0) and lift their
radii s_i ∈ [0.01, 1] together (one shared number in each s_i). Half the draws
are the erratum's family: f = (a/2)‖x‖² (L = a, exactly), Σ_k⁻¹ = τI and u_1 = … = u_b with
‖u_i‖² = c₃ (on the events, at their boundary). X_i =
(f(μ_k − αΣ_k^{1/2}u_i) + f(μ_k + αΣ_k^{1/2}u_i) − 2f(μ_k))(Σ_k^{-1/2}u_iu_iᵀΣ_k^{-1/2} − Σ_k⁻¹),
G̃(Σ_k) = (1/(2bα²))Σ_i X_i − Σ_k⁻¹ (eq:TG). ‖·‖ is the Frobenius norm (the dζ² term is
‖Σ⁻¹‖²_F's bound).
"""

from __future__ import annotations

import math

import numpy as np

from ....linalg.spd import project_eigenvalues
from ..check import Draw
from .common import LogCosh, logcosh, logcosh_size, positive, spd

__all__ = [
    "statement_g_norm_1",
    "statement_g_norm_2",
    "statement_sig_2_bnd",
    "tg_definition",
    "young_sum",
    "split_sigma",
    "cited_g_norm",
    "shift_h_star",
    "smooth_h_star",
]


def _instance(x: np.ndarray, d: int, b: int, iso: bool) -> dict:
    k = logcosh_size(d, 2)
    f, mu = logcosh(x[:k], d, 2)
    tau = positive(x[k], 1e-2, 10.0)
    zeta = tau * positive(x[k + 1], 1.0, 1e2)
    m = d * d + d
    sigma_inv = spd(x[k + 2 : k + 2 + m], d, tau, zeta)
    if iso:  # f = (a/2)‖x‖², Σ⁻¹ = τI
        f = LogCosh(np.eye(d) * positive(x[0], 0.05, 20.0), np.zeros((1, d)), 1.0, np.zeros(d))
        zeta, sigma_inv = tau, tau * np.eye(d)
    at = k + 2 + m
    alpha = positive(x[at], 1e-2, 1.0)
    delta = positive(x[at + 1], 1e-6, 0.999)
    rho = positive(x[at + 2], 1e-3, 10.0)
    c3 = 2 * d + 3 * math.log(1 / delta)
    v = np.asarray(x[at + 3 : at + 3 + d])
    W = np.asarray(x[at + 3 + d : at + 3 + d + d * b]).reshape(b, d)
    # a shared level (x[at + 3 + d + d·b]) and one number each: a search lifts them together
    share = float(x[at + 3 + d + d * b])
    radii = [positive(share + t, 1e-2, 1.0) for t in x[at + 4 + d + d * b : at + 4 + d + d * b + b]]
    w, P = np.linalg.eigh(sigma_inv)
    root, inv_root = (P / np.sqrt(w)) @ P.T, (P * np.sqrt(w)) @ P.T  # Σ^{1/2}, Σ^{-1/2}
    X, us = [], []
    for i in range(b):
        direction = v + rho * W[i]
        if iso:  # the erratum's family: all u_i equal, on the event's boundary
            direction, radii[i] = v, 1.0
        u = math.sqrt(c3) * radii[i] * direction / (np.linalg.norm(direction) + 1e-300)
        us.append(u)
        h = alpha * root @ u
        second = f(mu - h) + f(mu + h) - 2 * f(mu)
        X.append(second * (np.outer(inv_root @ u, inv_root @ u) - sigma_inv))
    lam, Q = np.linalg.eigh(f.hessian(np.zeros(d)))
    H_star = (Q * np.clip(lam, tau, zeta)) @ Q.T
    TG = sum(X) / (2 * b * alpha**2) - sigma_inv
    return dict(
        f=f,
        mu=mu,
        u=np.array(us),
        d=d,
        b=b,
        iso=float(iso),
        tau=tau,
        zeta=zeta,
        L=f.L,
        alpha=alpha,
        delta=delta,
        c3=c3,
        rho=rho,
        sigma_inv=sigma_inv,
        X=X,
        TG=TG,
        H_star=H_star,
    )


def _fro2(A: np.ndarray) -> float:
    return float(np.sum(A * A))


def _draw(rng: np.random.Generator, sides) -> Draw:
    d, b = int(rng.integers(1, 4)), int(rng.integers(1, 17))
    iso = bool(rng.random() < 0.5)
    x0 = rng.standard_normal(logcosh_size(d, 2) + 2 + d * d + d + 4 + d + d * b + b)

    def evaluate(x: np.ndarray):
        lhs, rhs, *size = sides(_instance(x, d, b, iso))  # a line whose terms cancel: their size
        return lhs, rhs, abs(lhs) + abs(rhs) + (size[0] if size else 0.0)

    def describe(x: np.ndarray) -> dict:
        s = _instance(x, d, b, iso)
        keys = ("d", "b", "iso", "tau", "zeta", "L", "alpha", "delta", "rho")
        return {k: s[k] for k in keys}

    return Draw(x0, evaluate, describe)


def _bound(s: dict) -> float:
    c, d, zeta = s["c3"], s["d"], s["zeta"]
    return 2 * s["L"] ** 2 * c**2 * (zeta * c + math.sqrt(d) * zeta) ** 2 / (
        s["b"] * s["tau"] ** 2
    ) + d * zeta**2 / (2 * s["b"])


def young_sum(rng):
    """‖G̃(Σ_k)‖² ≤ (1/(4b²α⁴))Σ_i‖X_i − α²Σ_k⁻¹‖² (erratum: ‖(1/b)Σ_i Y_i‖² ≤ (1/b)Σ_i‖Y_i‖²,
    not 1/b², and Σ_iα²Σ⁻¹ is bα²Σ⁻¹ against 2bα²Σ⁻¹)."""

    def sides(s):
        a2 = s["alpha"] ** 2
        rhs = sum(_fro2(X - a2 * s["sigma_inv"]) for X in s["X"]) / (4 * s["b"] ** 2 * a2**2)
        return _fro2(s["TG"]), rhs

    return _draw(rng, sides)


def split_sigma(rng):
    """(1/(4b²α⁴))Σ_i‖X_i − α²Σ⁻¹‖² ≤ (1/(2b²α⁴))(Σ_i‖X_i‖² + bα⁴‖Σ⁻¹‖²) (‖a − c‖² ≤ 2‖a‖² +
    2‖c‖²)."""

    def sides(s):
        a2, b = s["alpha"] ** 2, s["b"]
        lhs = sum(_fro2(X - a2 * s["sigma_inv"]) for X in s["X"]) / (4 * b**2 * a2**2)
        rhs = (sum(_fro2(X) for X in s["X"]) + b * a2**2 * _fro2(s["sigma_inv"])) / (
            2 * b**2 * a2**2
        )
        return lhs, rhs

    return _draw(rng, sides)


def cited_g_norm(rng):
    """(1/(2b²α⁴))(Σ_i‖X_i‖² + bα⁴‖Σ⁻¹‖²) ≤ 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b) (eq:G_norm at
    the true X_i, with 3 log(1/δ); eq:cS_p)."""

    def sides(s):
        a2, b = s["alpha"] ** 2, s["b"]
        lhs = (sum(_fro2(X) for X in s["X"]) + b * a2**2 * _fro2(s["sigma_inv"])) / (
            2 * b**2 * a2**2
        )
        return lhs, _bound(s)

    return _draw(rng, sides)


def shift_h_star(rng):
    """‖G̃(Σ_k) − (H* − Σ_k⁻¹)‖² = ‖(1/(2bα²))Σ_i X_i − H*‖²."""

    def sides(s):
        mean = sum(s["X"]) / (2 * s["b"] * s["alpha"] ** 2)
        rhs = _fro2(mean - s["H_star"])
        size = _fro2(mean) + _fro2(s["H_star"]) + _fro2(s["sigma_inv"])
        return _fro2(s["TG"] - (s["H_star"] - s["sigma_inv"])), rhs, size

    return _draw(rng, sides)


def smooth_h_star(rng):
    """‖(1/(2bα²))Σ_i X_i − H*‖² ≤ 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b) ("f is L-smooth")."""

    def sides(s):
        return _fro2(sum(s["X"]) / (2 * s["b"] * s["alpha"] ** 2) - s["H_star"]), _bound(s)

    return _draw(rng, sides)


def statement_g_norm_1(rng):
    """eq:G_norm_1, the statement: ‖G̃(Σ_k)‖² ≤ 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b)."""
    return _draw(rng, lambda s: (_fro2(s["TG"]), _bound(s)))


def statement_g_norm_2(rng):
    """eq:G_norm_2, the statement: ‖G̃(Σ_k) − (H* − Σ_k⁻¹)‖² ≤ the same bound."""
    return _draw(rng, lambda s: (_fro2(s["TG"] - (s["H_star"] - s["sigma_inv"])), _bound(s)))


def statement_sig_2_bnd(rng):
    """Lemma 32's (E.2's) statement, eq:Sig_2_bnd: ‖Σ₂⁻¹ − H*‖² ≤ 4L²c₃²(c₃ζ + √dζ)²/(bτ²) + dζ²/b
    with Σ₂⁻¹ = Π_S'(Σ₁⁻¹ + η₂,₁TG(Σ₁)), η₂,₁ = 1 (eq:Sig_dec's η₂,k = 1/k), so Σ₂⁻¹ =
    Π_S'((1/(2bα²))Σ_i X_i). The u_i on eq:u_norm's events as eq:G_norm_1/2 use them (each its
    own event): all u_i equal to one u with ‖u‖² ≤ c₃, so that (1/b)Σ_i X_i = X₁ for any b, and
    b ∈ [1, 10¹²]
    (log-uniform; the bound is O(1/b), the left side does not depend on b) drawn with the
    instance; Σ₁⁻¹ ∈ S', f, μ₁ as ``_instance``."""
    d, b = int(rng.integers(1, 4)), int(10 ** rng.uniform(0, 12))
    x0 = rng.standard_normal(logcosh_size(d, 2) + 2 + d * d + d + 4 + d + d + 1)

    def instance(x: np.ndarray) -> dict:
        s = _instance(x, d, 1, False)  # one u: (1/b)Σ_i X_i = X₁ for u_1 = … = u_b
        sigma_2 = project_eigenvalues(s["X"][0] / (2 * s["alpha"] ** 2), s["tau"], s["zeta"])
        return s | dict(b=b, lhs=_fro2(sigma_2 - s["H_star"]))

    def sides(x: np.ndarray):
        s = instance(x)
        c, zeta = s["c3"], s["zeta"]
        rhs = 4 * s["L"] ** 2 * c**2 * (c * zeta + math.sqrt(d) * zeta) ** 2 / (b * s["tau"] ** 2)
        rhs += d * zeta**2 / b
        return s["lhs"], rhs, s["lhs"] + rhs

    def describe(x: np.ndarray) -> dict:
        s = instance(x)
        return {k: s[k] for k in ("d", "b", "tau", "zeta", "L", "alpha", "delta")}

    return Draw(x0, sides, describe)


def tg_definition(rng):
    """Line 1 of the proof: ‖G̃(Σ_k)‖² with G̃ as ``algorithm.estimators.sigma_gradient``
    computes eq:TG (its own code), against the printed ‖(1/(2bα²))Σ_i[(…)(Σ_k^{-1/2}u_iu_iᵀ
    Σ_k^{-1/2} − Σ_k⁻¹)] − Σ_k⁻¹‖² (the model's X_i)."""
    from mines_theory.algorithm.estimators import sigma_gradient

    d, b = int(rng.integers(1, 4)), int(rng.integers(1, 17))
    iso = bool(rng.random() < 0.5)
    x0 = rng.standard_normal(logcosh_size(d, 2) + 2 + d * d + d + 4 + d + d * b + b)

    def sides(x: np.ndarray):
        s = _instance(x, d, b, iso)
        G = sigma_gradient(s["f"].values, s["mu"], s["sigma_inv"], s["alpha"], s["u"])
        lhs, rhs = _fro2(G), _fro2(s["TG"])
        return lhs, rhs, lhs + rhs + sum(_fro2(X) for X in s["X"]) / (2 * b * s["alpha"] ** 2) ** 2

    def describe(x: np.ndarray) -> dict:
        s = _instance(x, d, b, iso)
        return {k: s[k] for k in ("d", "b", "iso", "tau", "zeta", "alpha")}

    return Draw(x0, sides, describe)
