"""The checkers of the proof of eq:EXY (Lemma 36, our Lemma E.6, lem:EXY; Appendix E).

The admissible instances: d ∈ {1, …, 6}, Λ_t diagonal with entries in [10⁻², 10²], a threshold
A_t > 0, and any vector ū = ū_{t,i}; q = ūᵀΛ_tū, X = q(ūūᵀ − I)𝟙{‖ū‖² ≤ A_t}, Y = q(ūūᵀ −
I)𝟙{‖ū‖² > A_t}. Expectations over ū ~ N(0, I) are exact: the fourth moments by Isserlis'
theorem, E[ū_aū_bū_cū_e] = δ_abδ_ce + δ_acδ_be + δ_aeδ_bc, and their truncations by the χ²
laws (E[‖ū‖^{2m}𝟙{‖ū‖² ≤ A}] = E‖ū‖^{2m}·P(χ²_{d+2m} ≤ A), so E[X] = (tr Λ·I + 2Λ)F_{d+4}(A) −
tr Λ·I·F_{d+2}(A) with F_n the χ²_n distribution function).
"""

from __future__ import annotations

import numpy as np

from ..check import Draw
from .common import positive

__all__ = [
    "mean_split",
    "statement_exy",
    "centred",
    "linearity",
    "mean",
    "named_xy",
    "split_matrix",
    "split_vector",
    "truncated_means",
]


def _instance(x: np.ndarray, d: int) -> dict:
    lam = np.array([positive(v, 1e-2, 1e2) for v in x[:d]])
    ubar = np.asarray(x[d : 2 * d]) * 2
    A = positive(x[2 * d], 1e-2, 10.0 * d)
    q = float(ubar @ (lam * ubar))
    full = q * (np.outer(ubar, ubar) - np.eye(d))
    inside = float(ubar @ ubar) <= A
    X = full if inside else np.zeros((d, d))
    Y = np.zeros((d, d)) if inside else full
    return dict(Lam=np.diag(lam), ubar=ubar, A=A, inside=inside, full=full, X=X, Y=Y, d=d)


def _draw(rng: np.random.Generator, sides) -> Draw:
    d = int(rng.integers(1, 7))
    x0 = rng.standard_normal(2 * d + 1)

    def evaluate(x: np.ndarray):
        s = _instance(x, d)
        lhs, rhs = sides(s)
        size = np.linalg.norm(s["full"]) + 2 * np.linalg.norm(s["Lam"]) + np.linalg.norm(s["ubar"])
        return lhs, rhs, float(size)

    return Draw(x0, evaluate, lambda x: dict(d=d, A=_instance(x, d)["A"]))


def split_vector(rng):
    """Step 1: ū = ū𝟙{‖ū‖² ≤ A_t} + ū𝟙{‖ū‖² > A_t}."""

    def sides(s):
        u, inside = s["ubar"], s["inside"]
        return u, u * float(inside) + u * float(not inside)

    return _draw(rng, sides)


def split_matrix(rng):
    """Step 2: ūᵀΛū(ūūᵀ − I) = ūᵀΛū(ūūᵀ − I)𝟙{‖ū‖² ≤ A_t} + ūᵀΛū(ūūᵀ − I)𝟙{‖ū‖² > A_t}."""

    def sides(s):
        full, inside = s["full"], s["inside"]
        return full, full * float(inside) + full * float(not inside)

    return _draw(rng, sides)


def named_xy(rng):
    """ūᵀΛū(ūūᵀ − I) = X_{t,i} + Y_{t,i}: the display's first member against X and Y as the
    statement defines them (X on ‖ū‖² ≤ A_t, Y on ‖ū‖² > A_t: complementary events, so their
    sum is the whole; overlapping or missing events would fail, at ‖ū‖² = A_t among others)."""

    def sides(s):
        return s["full"], s["X"] + s["Y"]

    return _draw(rng, sides)


def _moments(Lam: np.ndarray) -> np.ndarray:
    """E[ūᵀΛū·ūūᵀ] by Isserlis' theorem (the fourth-moment tensor contracted with Λ)."""
    d = Lam.shape[0]
    eye = np.eye(d)
    M4 = (
        np.einsum("ab,ce->abce", eye, eye)
        + np.einsum("ac,be->abce", eye, eye)
        + np.einsum("ae,bc->abce", eye, eye)
    )
    return np.einsum("ce,abce->ab", Lam, M4)


def mean(rng):
    """Step 4 (Lemma 23): E[ūᵀΛū(ūūᵀ − I)] = 2Λ, the left side by Isserlis' theorem."""

    def sides(s):
        Lam = s["Lam"]
        return _moments(Lam) - np.trace(Lam) * np.eye(s["d"]), 2 * Lam

    return _draw(rng, sides)


def centred(rng):
    """Step 7: ūᵀΛū(ūūᵀ − I) − 2Λ = X + Y − E[X + Y], E[X + Y] = 2Λ (steps 4 and 5)."""

    def sides(s):
        return s["full"] - 2 * s["Lam"], s["X"] + s["Y"] - 2 * s["Lam"]

    return _draw(rng, sides)


def truncated_means(s: dict) -> tuple[np.ndarray, np.ndarray]:
    """E[X] and E[Y] from the χ² laws (module docstring), for an instance with ``d``, ``A`` and
    ``Lam``."""
    from scipy.stats import chi2

    d, A, Lam = s["d"], s["A"], s["Lam"]
    fourth = np.trace(Lam) * np.eye(d) + 2 * Lam  # E[ūᵀΛū·ūūᵀ]
    second = np.trace(Lam) * np.eye(d)  # E[ūᵀΛū]·I
    F4, F2 = chi2.cdf(A, d + 4), chi2.cdf(A, d + 2)
    return fourth * F4 - second * F2, fourth * (1 - F4) - second * (1 - F2)


def linearity(rng):
    """Step 8: X + Y − E[X + Y] = (X − E[X]) + (Y − E[Y]), E[X], E[Y] from the χ² laws and
    E[X + Y] = 2Λ (step 4)."""

    def sides(s):
        EX, EY = truncated_means(s)
        return s["X"] + s["Y"] - 2 * s["Lam"], (s["X"] - EX) + (s["Y"] - EY)

    return _draw(rng, sides)


def statement_exy(rng):
    """The statement, eq:EXY: E_{t,i} = ūᵀΛū(ūūᵀ − I) − 2Λ (its definition in lem:E) equals
    (X − E[X]) + (Y − E[Y]), E[X] and E[Y] from the χ² laws."""

    def sides(s):
        EX, EY = truncated_means(s)
        return s["full"] - 2 * s["Lam"], (s["X"] - EX) + (s["Y"] - EY)

    return _draw(rng, sides)


def mean_split(rng):
    """Step 8: 2Λ = E[X + Y], E[X] + E[Y] from the χ² laws (the truncations at A_t), against
    2Λ (Lemma 23, Isserlis' theorem: step 7)."""

    def sides(s):
        EX, EY = truncated_means(s)
        return 2 * s["Lam"], EX + EY

    return _draw(rng, sides)
