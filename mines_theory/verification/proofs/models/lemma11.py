"""The checkers of the proof of Lemma 11 (our Lemma 5.3, lem:Sig_dec; Appendix E).

The admissible instances: S' = [τ, ζ], H* = Π_S'(∇²f(μ*)) and Σ_t⁻¹ with spectra in [τ, ζ]; for
eq:dec_sig's first line, η₂,t = 1/t, TG(Σ_t) any symmetric matrices and Σ_{t+1}⁻¹ =
Π_S'(Σ_t⁻¹ + TG(Σ_t)/t) from any Σ₂⁻¹ (the recursion of eq:Sig_dec), BG = TG + Σ⁻¹ (eq:bG as
its erratum reads it). For the lines that use the constants: τ ≤ σ ≤ L ≤ ζ, γ ≥ 0, α > 0, d ≥ 1,
b ≥ 1 and 0 < δ ≤ 1/b (so that A_K's log(1/(bδ)) ≥ 0) with c₂ > 0, K ≥ k ≥ 2, and C₁, …, C₄, C
of eq:C evaluated as printed by the library (``theory.bounds.section5.lemma53_constants``).
The cited bounds of eq:dec_sig's second line (eq:G_norm_1, eq:alpha_err, eq:sto_err, eq:dd) are
taken at their printed values, so that the line is checked as the combination of its citations.
"""

from __future__ import annotations

import math

import numpy as np
import sympy

from ....linalg.spd import project_eigenvalues
from ....theory.bounds.section5 import eq_C, lemma53_constants
from ..check import Draw, Symbolic
from .common import positive, spd

__all__ = ["recursion", "combined", "initial_trivial", "initial", "restated", "base_case", "step"]


def _ip(A: np.ndarray, B: np.ndarray) -> float:
    return float(np.sum(A * B))


def recursion(rng: np.random.Generator) -> Draw:
    """Step 1: ‖Σ_{k+1}⁻¹ − H*‖² ≤ (1/(k(k − 1)))Σ_{t=2}^k (t − 1)⟨BG(Σ_t) − H*, Σ_t⁻¹ − H*⟩ +
    (1/(k(k − 1)))Σ_{t=2}^k ((t − 1)/t)‖TG(Σ_t)‖², along the recursion (d ≤ 3, k ≤ 6)."""
    d, k = int(rng.integers(1, 4)), int(rng.integers(2, 7))
    m = d * d + d

    def sides(x: np.ndarray):
        tau = positive(x[0], 1e-2, 10.0)
        zeta = tau * positive(x[1], 1.0, 1e2)
        H_star = spd(x[2 : 2 + m], d, tau, zeta)
        sigma_inv = spd(x[2 + m : 2 + 2 * m], d, tau, zeta)
        at = 2 + 2 * m
        inner, squares = 0.0, 0.0
        for t in range(2, k + 1):
            G = np.asarray(x[at : at + d * d]).reshape(d, d) * zeta
            at += d * d
            TG = G + G.T
            X = sigma_inv - H_star
            inner += (t - 1) * _ip(TG + sigma_inv - H_star, X)  # BG − H* = TG + Σ⁻¹ − H*
            squares += (t - 1) / t * _ip(TG, TG)
            sigma_inv = project_eigenvalues(sigma_inv + TG / t, tau, zeta)
        lhs = _ip(sigma_inv - H_star, sigma_inv - H_star)
        rhs = (inner + squares) / (k * (k - 1))
        return lhs, rhs, lhs + abs(inner) / (k * (k - 1)) + squares / (k * (k - 1))

    x0 = rng.standard_normal(2 + 2 * m + (k - 1) * d * d)
    return Draw(x0, sides, lambda x: dict(d=d, k=k))


def _constants(x: np.ndarray, d: int, k: int, K: int) -> dict:
    """The constants of eq:C at K (printed) and the cited bounds' at k ≤ K, from free numbers."""
    b = int(round(positive(x[0], 9.0, 1e8)))
    # c₂ = b − 2√(b log(1/δ)) > 0 needs δ > exp(−b/4); A_K's log(1/(bδ)) ≥ 0 needs δ ≤ 1/b
    delta = positive(x[1], max(math.exp(-b / 4), 1e-9 / b) * (1 + 1e-9), 1.0 / b)
    tau = positive(x[2], 1e-2, 10.0)
    sigma = tau * positive(x[3], 1.0, 10.0)
    L = sigma * positive(x[4], 1.0, 10.0)
    zeta = L * positive(x[5], 1.0, 10.0)
    gamma = positive(x[6], 1e-6, 1e2)
    alpha = positive(x[7], 1e-8, 1.0)
    f_gap = positive(x[8], 1e-6, 10.0)
    initial = d * (zeta - tau) ** 2 * positive(x[9], 1e-6, 1.0)
    args = dict(d=d, b=b, delta=delta, L=L, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta)
    args.update(alpha=alpha, f_gap_1=f_gap, initial_error_sq=initial)
    at_K = lemma53_constants(K=K, **args)
    at_k = lemma53_constants(K=k, **args)
    return dict(
        at_K=at_K,
        at_k=at_k,
        gamma=gamma,
        initial=initial,
        b=b,
        delta=delta,
        L=L,
        tau=tau,
        zeta=zeta,
    )


def _constants_draw(
    rng: np.random.Generator, sides, extra: int = 0, corner: dict[int, float] | None = None
) -> Draw:
    """d ≤ 5, 2 ≤ k ≤ K ≤ 200, the free numbers standard normal; with probability 1/2 (when
    ``corner`` is given) the free numbers of ``corner`` (index: mean) are drawn around their
    mean instead, and k = K = 2: the corner where the line is tight, drawn as often as the
    rest."""
    d, K = int(rng.integers(1, 6)), int(rng.integers(2, 201))
    k = int(rng.integers(2, K + 1))
    x0 = rng.standard_normal(10 + extra)
    if corner is not None and rng.random() < 0.5:
        k = K = 2
        for i, mean in corner.items():
            x0[i] += mean

    def evaluate(x: np.ndarray):
        return sides(_constants(x, d, k, K), d, k, x[10:])

    def describe(x: np.ndarray) -> dict[str, float]:
        c = _constants(x, d, k, K)
        return dict(d=d, k=k, K=K, b=c["b"], delta=c["delta"], gamma=c["gamma"])

    return Draw(x0, evaluate, describe)


def combined(rng: np.random.Generator) -> Draw:
    """Step 2, as the combination of its citations at their printed values: eq:sto_err's
    C₁(k), eq:alpha_err's √(Σ‖H_t − H*‖²) ≤ C₂(k) (eq:dd) and its α-term (with γ), times R =
    √(Σ(t − 1)²‖Σ_t⁻¹ − H*‖²), over k(k − 1), plus eq:G_norm_1's ‖TG‖² ≤ C₄ in the second sum;
    against (C₁ + C₂ + C₃)R/(k(k − 1)) + C₄/k with the constants at K ≥ k."""

    def sides(c, d, k, rest):
        at_K, at_k = c["at_K"], c["at_k"]
        top = math.sqrt(sum((t - 1) ** 2 for t in range(2, k + 1))) * math.sqrt(d)
        R = positive(rest[0], 1e-6, 1.0) * top * (c["zeta"] - c["tau"])  # ‖·‖_F ≤ √d(ζ − τ)
        alpha_term = c["gamma"] * at_k.C3  # eq:alpha_err's α-term: C₃'s form times γ
        second = sum((t - 1) / t for t in range(2, k + 1)) / (k * (k - 1))
        lhs = (at_k.C1 + at_k.C2 + alpha_term) * R / (k * (k - 1)) + at_K.C4 * second
        rhs = (at_K.C1 + at_K.C2 + at_K.C3) * R / (k * (k - 1)) + at_K.C4 / k
        return lhs, rhs, rhs

    return _constants_draw(rng, sides, extra=1, corner={0: 3.0, 6: 4.0, 10: 4.0})


def initial_trivial(rng: np.random.Generator) -> Symbolic:
    """Step 3: ‖Σ₁⁻¹ − H*‖² ≤ ‖Σ₁⁻¹ − H*‖²/1, with equality (sympy)."""
    a = sympy.Symbol("a", nonnegative=True)
    return Symbolic(a, a / 1, {a: 2.0})


def initial(rng: np.random.Generator) -> Draw:
    """Step 4: ‖Σ₁⁻¹ − H*‖²/1 ≤ C/1, C of eq:C (its third entry is ‖Σ₁⁻¹ − H*‖²)."""

    def sides(c, d, k, rest):
        return c["initial"], c["at_K"].C, c["at_K"].C

    return _constants_draw(rng, sides)


def restated(rng: np.random.Generator) -> Symbolic:
    """Step 5: the right side is eq:Sig_2_bnd's, 4L²c₃²(c₃ζ + √dζ)²/(bτ²) + dζ²/b, with c₃ =
    2d + 3 log(1/δ) written out (sympy)."""
    L, c3, zeta, d, b, tau, delta = sympy.symbols("L c_3 zeta d b tau delta", positive=True)
    cited = (
        4 * L**2 * c3**2 * (c3 * zeta + sympy.sqrt(d) * zeta) ** 2 / (b * tau**2) + d * zeta**2 / b
    )
    c = 2 * d + 3 * sympy.log(1 / delta)
    printed = (
        4 * L**2 * c**2 * (zeta * c + sympy.sqrt(d) * zeta) ** 2 / (b * tau**2) + d * zeta**2 / b
    )
    witness = {L: 2.0, zeta: 3.0, d: 2.0, b: 5.0, tau: 0.5, delta: 0.1}
    return Symbolic(cited.subs(c3, c), printed, witness)


def base_case(rng: np.random.Generator) -> Draw:
    """Step 6: 4L²c₃²(c₃ζ + √dζ)²/(bτ²) + dζ²/b ≤ C/2, C of eq:C as printed (9 ≤ b ≤ 10⁸)."""

    def sides(c, d, k, rest):
        c3 = 2 * d + 3 * math.log(1 / c["delta"])
        L, zeta, b, tau = c["L"], c["zeta"], c["b"], c["tau"]
        lhs = (
            4 * L**2 * c3**2 * (c3 * zeta + math.sqrt(d) * zeta) ** 2 / (b * tau**2)
            + d * zeta**2 / b
        )
        return lhs, c["at_K"].C / 2, c["at_K"].C / 2

    return _constants_draw(rng, sides, corner={0: 8.0, 1: 8.0, 6: -8.0, 7: -8.0})


def step(rng: np.random.Generator) -> Draw:
    """Step 7, the induction step (Lemma sgd_dec): with a_t ≤ C/t for t ≤ k and C ≥ 9S²/4 +
    3C₄ (eq:C), S/(k(k − 1))·√(Σ_{t=2}^k (t − 1)²a_t) + C₄/k ≤ C/(k + 1) (k ≤ 60)."""
    k = int(rng.integers(2, 61))

    def sides(x: np.ndarray):
        S = positive(x[0], 1e-4, 1e4)
        C4 = positive(x[1], 1e-4, 1e4)
        C = eq_C(S, 0.0, 0.0, C4, L=0.0, b=1, initial_error_sq=0.0) * positive(x[2], 1.0, 10.0)
        a = [C / t * positive(v, 1e-6, 1.0) for t, v in zip(range(2, k + 1), x[3:], strict=True)]
        root = math.sqrt(sum((t - 1) ** 2 * at for t, at in zip(range(2, k + 1), a, strict=True)))
        lhs = S / (k * (k - 1)) * root + C4 / k
        return lhs, C / (k + 1), C / (k + 1)

    return Draw(rng.standard_normal(3 + k - 1), sides, lambda x: dict(k=k))
