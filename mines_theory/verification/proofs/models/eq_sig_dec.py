"""The checkers of the proof of eq:Sig_dec and eq:Sig_2_bnd (Lemma 32, our Lemma E.2; Appendix E).

The admissible instances: d ∈ {1, …, 5}, S' = [τ, ζ], Σ_k⁻¹ and H* = Π_S'(∇²f(μ*)) with spectra
in [τ, ζ], G = TG(Σ_k) any symmetric matrix, X = Σ_k⁻¹ − H*, η₂,k = 1/k; for the unwound
recursion, sequences a_t = ‖Σ_t⁻¹ − H*‖² ≥ 0 obeying the recursion of the first display with any
inner products c_t and any ‖TG(Σ_t)‖² ≥ 0; for eq:bG, the ``LogCosh`` objective. The cited
eq:G_norm_1 and eq:G_norm_2 are hypotheses on the norms they bound.
"""

from __future__ import annotations

import math

import numpy as np

from ....linalg.spd import project_eigenvalues
from ..check import Draw
from .common import constants, logcosh, logcosh_size, positive, spd

__all__ = [
    "statement_sig_dec",
    "projection",
    "expand",
    "split",
    "step_size",
    "unwound",
    "products",
    "bg",
    "first_step",
    "cauchy_schwarz",
    "young",
    "collect",
    "g_norm",
]


def _instance(x: np.ndarray, d: int) -> dict:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e3)
    k = 2 + int(abs(x[2]) * 10) % 50  # k ≥ 2
    m = d * d + d
    sigma_inv = spd(x[3 : 3 + m], d, tau, zeta)
    H_star = spd(x[3 + m : 3 + 2 * m], d, tau, zeta)
    G = np.asarray(x[3 + 2 * m : 3 + 2 * m + d * d]).reshape(d, d) * zeta
    return dict(
        tau=tau, zeta=zeta, k=k, sigma_inv=sigma_inv, H_star=H_star, G=G + G.T, X=sigma_inv - H_star
    )


def _draw(rng: np.random.Generator, sides) -> Draw:
    d = int(rng.integers(1, 6))
    x0 = rng.standard_normal(3 + 2 * (d * d + d) + d * d)

    def evaluate(x: np.ndarray):
        lhs, rhs, scale = sides(_instance(x, d))
        return lhs, rhs, scale

    def describe(x: np.ndarray) -> dict[str, float]:
        s = _instance(x, d)
        return dict(d=d, k=s["k"], tau=s["tau"], zeta=s["zeta"])

    return Draw(x0, evaluate, describe)


def _ip(A: np.ndarray, B: np.ndarray) -> float:
    return float(np.sum(A * B))


def projection(rng):
    """Step 2: ‖Π_S'(Σ_k⁻¹ + η G) − H*‖² ≤ ‖Σ_k⁻¹ + η G − H*‖² (H* ∈ S', Π_S' non-expansive)."""

    def sides(s):
        Y = s["sigma_inv"] + s["G"] / s["k"]
        lhs = np.linalg.norm(project_eigenvalues(Y, s["tau"], s["zeta"]) - s["H_star"]) ** 2
        rhs = np.linalg.norm(Y - s["H_star"]) ** 2
        return lhs, rhs, lhs + rhs

    return _draw(rng, sides)


def _terms(s) -> tuple[float, float, float]:
    X, G, k = s["X"], s["G"], s["k"]
    return _ip(X, X), _ip(X, G), _ip(G, G) / k**2


def expand(rng):
    """Step 3: ‖X + ηG‖² = ‖X‖² + 2η⟨X, G⟩ + η²‖G‖²."""

    def sides(s):
        X, G, eta = s["X"], s["G"], 1 / s["k"]
        xx, xg, gg = _terms(s)
        return np.linalg.norm(X + eta * G) ** 2, xx + 2 * eta * xg + gg, xx + 2 * eta * abs(xg) + gg

    return _draw(rng, sides)


def split(rng):
    """Step 4: 2η⟨X, G⟩ = 2η⟨X, H* − Σ⁻¹⟩ + 2η⟨X, G − (H* − Σ⁻¹)⟩ (rest of both sides the same)."""

    def sides(s):
        X, G, eta = s["X"], s["G"], 1 / s["k"]
        xx, xg, gg = _terms(s)
        lhs = xx + 2 * eta * xg + gg
        rhs = xx + 2 * eta * _ip(X, -X) + 2 * eta * _ip(X, G + X) + gg
        return lhs, rhs, xx + 2 * eta * (abs(xg) + xx) + gg

    return _draw(rng, sides)


def step_size(rng):
    """Step 5: with η₂,k = 1/k, (1 − 2/k)‖X‖² + (2/k)⟨G − (H* − Σ⁻¹), X⟩ + ‖G‖²/k²."""

    def sides(s):
        X, G, k = s["X"], s["G"], s["k"]
        xx, xg, gg = _terms(s)
        lhs = xx + 2 / k * _ip(X, -X) + 2 / k * _ip(X, G + X) + gg
        rhs = (1 - 2 / k) * xx + 2 / k * _ip(G + X, X) + gg
        return lhs, rhs, xx + 2 / k * (abs(xg) + xx) + gg

    return _draw(rng, sides)


def _sequence(x: np.ndarray, k: int) -> dict:
    """a_2, …, a_{k+1} ≥ 0 with a_{t+1} ≤ (1 − 2/t)a_t + (2/t)c_t + g_t/t², c_t any, g_t ≥ 0."""
    a = [positive(x[0], 1e-6, 1e3)]
    c, g = [], []
    for t in range(2, k + 1):
        i = 1 + 3 * (t - 2)
        gt = positive(x[i], 1e-6, 1e3)
        floor = -t / 2 * ((1 - 2 / t) * a[-1] + gt / t**2)  # keeps the right side ≥ 0
        ct = max(float(x[i + 1]) * 10, floor)
        c.append(ct)
        g.append(gt)
        a.append(((1 - 2 / t) * a[-1] + 2 / t * ct + gt / t**2) * positive(x[i + 2], 1e-6, 1.0))
    return dict(a=a, c=c, g=g)


def _product(t: int, k: int) -> float:
    return math.prod(1 - 2 / j for j in range(t + 1, k + 1))


def _sequence_draw(rng: np.random.Generator, sides) -> Draw:
    k = int(rng.integers(2, 25))
    x0 = rng.standard_normal(1 + 3 * (k - 1))
    return Draw(x0, lambda x: sides(_sequence(x, k), k), lambda x: dict(k=k))


def unwound(rng):
    """Step 6: a_{k+1} ≤ Σ_{t=2}^k (2/t)Π_{j=t+1}^k(1 − 2/j)c_t + Σ_t (1/t²)Π_{j=t+1}^k(1 − 2/j)g_t
    (the recursion unwound to t = 2, where the factor 1 − 2/2 = 0 removes a_2)."""

    def sides(s, k):
        terms = [
            (2 / t * s["c"][t - 2] + s["g"][t - 2] / t**2) * _product(t, k) for t in range(2, k + 1)
        ]
        # the size of what the recursion adds and cancels at each t (its rounding), weighted
        size = sum(
            (abs(2 / t * s["c"][t - 2]) + s["g"][t - 2] / t**2 + (1 - 2 / t) * s["a"][t - 2])
            * _product(t, k)
            for t in range(2, k + 1)
        )
        return s["a"][-1], sum(terms), s["a"][-1] + size

    return _sequence_draw(rng, sides)


def products(rng):
    """Step 7, "=": the products evaluated, against the printed 1/(k(k−1)) Σ(t−1)c_t +
    1/(k(k−1)) Σ((t−1)/t)g_t."""

    def sides(s, k):
        lhs_terms = [
            (2 / t * s["c"][t - 2] + s["g"][t - 2] / t**2) * _product(t, k) for t in range(2, k + 1)
        ]
        rhs_terms = [
            ((t - 1) * s["c"][t - 2] + (t - 1) / t * s["g"][t - 2]) / (k * (k - 1))
            for t in range(2, k + 1)
        ]
        scale = sum(abs(v) for v in lhs_terms) + sum(abs(v) for v in rhs_terms)
        return sum(lhs_terms), sum(rhs_terms), scale

    return _sequence_draw(rng, sides)


def bg(rng: np.random.Generator) -> Draw:
    """Step 8: ⟨TG − (H* − Σ⁻¹), X⟩ = ⟨BG − H*, X⟩ with TG of eq:TG and BG of eq:bG as printed,
    both from function values of ``LogCosh`` (the same draws u_i)."""
    d, m, b = int(rng.integers(1, 5)), int(rng.integers(1, 4)), int(rng.integers(1, 6))
    n = logcosh_size(d, m)
    x0 = rng.standard_normal(n + 3 + 2 * (d * d + d) + d * b + d * d)

    def sides(x: np.ndarray):
        f, mu = logcosh(x[:n], d, m)
        tau = positive(x[n], 1e-2, 10.0)
        zeta = tau * positive(x[n + 1], 1.0, 1e2)
        alpha = positive(x[n + 2], 1e-3, 1.0)
        at = n + 3
        sigma_inv = spd(x[at : at + d * d + d], d, tau, zeta)
        H_star = spd(x[at + d * d + d : at + 2 * (d * d + d)], d, tau, zeta)
        at += 2 * (d * d + d)
        U = np.asarray(x[at : at + d * b]).reshape(d, b)
        Y = np.asarray(x[at + d * b :]).reshape(d, d)
        Xm = Y + Y.T
        w, V = np.linalg.eigh(sigma_inv)
        inv_root = (V * np.sqrt(w)) @ V.T  # Σ^{-1/2}
        root = (V / np.sqrt(w)) @ V.T  # Σ^{1/2}
        tg = np.zeros((d, d))
        bg_ = np.zeros((d, d))
        for i in range(b):
            u = U[:, i]
            D = f(mu - alpha * root @ u) + f(mu + alpha * root @ u) - 2 * f(mu)
            outer = inv_root @ np.outer(u, u) @ inv_root
            tg += D * (outer - sigma_inv)
            bg_ += D * (outer @ inv_root - sigma_inv)
        tg = tg / (2 * b * alpha**2) - sigma_inv
        bg_ = bg_ / (2 * b * alpha**2)
        lhs = _ip(tg - (H_star - sigma_inv), Xm)
        rhs = _ip(bg_ - H_star, Xm)
        scale = np.linalg.norm(Xm) * (
            np.linalg.norm(tg)
            + np.linalg.norm(bg_)
            + np.linalg.norm(sigma_inv)
            + np.linalg.norm(H_star)
        )
        return lhs, rhs, float(scale)

    return Draw(x0, sides, lambda x: dict(d=d, terms=m, b=b))


def first_step(rng):
    """Step 9 (k = 1, η₂,₁ = 1): ‖Π_S'(Σ₁⁻¹ + G) − H*‖² ≤ −‖X‖² + 2⟨G − (H* − Σ₁⁻¹), X⟩ + ‖G‖²."""

    def sides(s):
        X, G = s["X"], s["G"]
        lhs = (
            np.linalg.norm(
                project_eigenvalues(s["sigma_inv"] + G, s["tau"], s["zeta"]) - s["H_star"]
            )
            ** 2
        )
        rhs = -_ip(X, X) + 2 * _ip(G + X, X) + _ip(G, G)
        return lhs, rhs, lhs + _ip(X, X) + 2 * abs(_ip(G + X, X)) + _ip(G, G)

    return _draw(rng, sides)


def cauchy_schwarz(rng):
    """Step 10: 2⟨G + X, X⟩ ≤ 2‖G + X‖‖X‖ (the rest of both sides the same)."""

    def sides(s):
        X, G = s["X"], s["G"]
        lhs = 2 * _ip(G + X, X)
        rhs = 2 * np.linalg.norm(G + X) * np.linalg.norm(X)
        return lhs, rhs, abs(lhs) + rhs

    return _draw(rng, sides)


def young(rng):
    """Step 11: 2‖G + X‖‖X‖ ≤ ‖G + X‖² + ‖X‖²."""

    def sides(s):
        p, q = np.linalg.norm(s["G"] + s["X"]), np.linalg.norm(s["X"])
        return 2 * p * q, p**2 + q**2, 2 * p * q + p**2 + q**2

    return _draw(rng, sides)


def collect(rng):
    """Step 12: −‖X‖² + ‖G + X‖² + ‖X‖² + ‖G‖² = ‖G + X‖² + ‖G‖²."""

    def sides(s):
        X, G = s["X"], s["G"]
        lhs = -_ip(X, X) + _ip(G + X, G + X) + _ip(X, X) + _ip(G, G)
        rhs = _ip(G + X, G + X) + _ip(G, G)
        return lhs, rhs, 2 * _ip(X, X) + rhs

    return _draw(rng, sides)


def g_norm(rng: np.random.Generator) -> Draw:
    """Step 13 (eq:G_norm_1, eq:G_norm_2): p + q ≤ 4L²c₃²(c₃ζ + √dζ)²/(bτ²) + dζ²/b for p, q up
    to the cited bound 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b) each."""
    d, b = int(rng.integers(1, 7)), int(rng.integers(1, 13))
    x0 = rng.standard_normal(6)

    def values(x: np.ndarray) -> dict[str, float]:
        tau = positive(x[0], 1e-2, 10.0)
        zeta = tau * positive(x[1], 1.0, 1e3)
        L = positive(x[2], 1e-2, 1e2)
        delta = positive(x[3], 1e-4, 0.999)
        _, _, c3 = constants(d, b, delta)
        B = 2 * L**2 * c3**2 * (zeta * c3 + math.sqrt(d) * zeta) ** 2 / (
            b * tau**2
        ) + d * zeta**2 / (2 * b)
        return dict(
            d=d,
            b=b,
            tau=tau,
            zeta=zeta,
            L=L,
            c3=c3,
            p=B * positive(x[4], 1e-6, 1.0),
            q=B * positive(x[5], 1e-6, 1.0),
        )

    def sides(x: np.ndarray):
        v = values(x)
        rhs = (
            4
            * v["L"] ** 2
            * v["c3"] ** 2
            * (v["c3"] * v["zeta"] + math.sqrt(d) * v["zeta"]) ** 2
            / (b * v["tau"] ** 2)
            + d * v["zeta"] ** 2 / b
        )
        return v["p"] + v["q"], rhs, v["p"] + v["q"] + rhs

    return Draw(x0, sides, values)


def statement_sig_dec(rng):
    """The statement, eq:Sig_dec: a_{k+1} ≤ 1/(k(k−1)) Σ(t−1)c_t + 1/(k(k−1)) Σ((t−1)/t)g_t for
    every sequence obeying the recursion of the proof's first display (c_t = ⟨BG(Σ_t) − H*,
    Σ_t⁻¹ − H*⟩, read with BG = TG + Σ⁻¹; g_t = ‖TG(Σ_t)‖²); half the draws with equality in the
    recursion."""

    def sides(s, k):
        rhs = sum(
            ((t - 1) * s["c"][t - 2] + (t - 1) / t * s["g"][t - 2]) / (k * (k - 1))
            for t in range(2, k + 1)
        )
        size = sum(
            abs((t - 1) * s["c"][t - 2]) + (t - 1) / t * s["g"][t - 2] for t in range(2, k + 1)
        ) / (k * (k - 1))
        return s["a"][-1], rhs, s["a"][-1] + size

    k = int(rng.integers(2, 25))
    x0 = rng.standard_normal(1 + 3 * (k - 1))
    tight = bool(rng.random() < 0.5)

    def sequence(x: np.ndarray) -> dict:
        if tight:  # half the draws: the recursion with equality at every t (a free ≤ can be =)
            x = np.array(x, dtype=float)
            x[3::3] = 40.0
        return _sequence(x, k)

    return Draw(x0, lambda x: sides(sequence(x), k), lambda x: dict(k=k, tight=float(tight)))
