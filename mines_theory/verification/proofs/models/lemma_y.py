"""The checkers of Lemma 38 (our Lemma E.8, lem:Y; Appendix E): its statement and its proof.

The admissible instances: d ≥ 1, b ≥ 1, 0 < δ < 1, t ≥ 0 and the lemma's radius
A_t = 8 log(1/(bδ)) + 16 log(t + 1) + d (drawn with A_t > 0 where a line integrates up to it);
u ~ N(0, I_d), X = ‖u‖² ~ χ²_d; for the moment identities any Λ = diag(λ) with λ > 0 and any
threshold A > 0 (the identities hold at every A); for the statement and its last display, S' =
[τ, ζ], Σ_t⁻¹, H_t and H* with spectra in [τ, ζ], Σ_t^{1/2}H_tΣ_t^{1/2} = V_tΛ_tV_tᵀ, W_t =
V_tᵀΣ_t^{-1/2}(Σ_t⁻¹ − H*)Σ_t^{-1/2}V_t, z_{t,k} ≥ 0, and Y_{t,i} = ūᵀΛ_tū(ūūᵀ − I)𝟙{‖ū‖² > A_t}
with ū = ū_{t,i} ~ N(0, I_d) independent (lem:EXY). Matrix norms: ‖E Y‖ is the spectral norm
(the last display's von Neumann step pairs it with Σ|λ_i|), ‖Σ_t⁻¹ − H*‖ the Frobenius norm
(the larger, the paper's side).

Exact where a closed form exists: the χ² tails p_j = P(χ²_{d+j} > A) (scipy), E[X^m𝟙{X > A}] =
E[X^m]·P(χ²_{d+2m} > A), and E Y = (tr Λ·I + 2Λ)p_4 − tr Λ·p_2·I = 2p_4Λ + tr Λ(p_4 − p_2)I
(the polar decomposition u = ‖u‖u', with ‖u‖ and u' independent; checked by Monte Carlo at
step 15); the fourth moments by the library's cumulant sums
(``theory.gaussian.quadratic_form_moment_matrix``); the layer-cake integrals by Gauss–Legendre
quadrature (``_tail_integral``); the infinite union over t truncated at t = T where the remaining
terms are below double precision. Probabilities of events are Monte Carlo with their standard
error (``check``).
"""

from __future__ import annotations

import math

import numpy as np
import sympy
from scipy.stats import chi2

from ....theory.gaussian import norm_moment, quadratic_form_moment, quadratic_form_moment_matrix
from ..check import Draw, Expectation, Symbolic
from .common import positive, shown, spd

__all__ = [
    "statement",
    "chi_tail",
    "radius_tail",
    "union_bound",
    "count_bound",
    "basel",
    "zero_bound",
    "fourth_moment",
    "polar_fourth",
    "sphere_fourth",
    "second_moment",
    "polar_second",
    "sphere_second",
    "truncated_mean",
    "truncated_polar",
    "truncated_formula",
    "mean_norm",
    "layer_cake_fourth",
    "rewrite_fourth",
    "split_fourth",
    "chi_applied_fourth",
    "substitution",
    "integrated",
    "fourth_bound",
    "layer_cake_second",
    "rewrite_second",
    "chi_applied_second",
    "second_bound",
    "mean_bound",
    "on_event",
    "von_neumann",
    "final",
    "radius",
    "mean_y",
]

#: The union over t ≥ 0 is summed to T: P(χ²_d > A_T) is below 1e-40 at every instance drawn.
T_UNION = 2000
#: The Monte Carlo steps over a union of events draw t = 0, …, T_MC (the later t add at most
#: b·Σ_{t>T_MC} P(χ²_d > A_t), below 1e-6 at the instances drawn: a truncation that can only
#: lower the estimated probability, the side on which the printed bound holds).
T_MC = 30
#: Step 18 averages this many draws of X²𝟙{X > A} into each Monte Carlo value.
LAYER_BATCH = 25


def radius(d: int, b: int, delta: float, t: int | np.ndarray) -> float | np.ndarray:
    """The lemma's A_t = 8 log(1/(bδ)) + 16 log(t + 1) + d."""
    return 8 * math.log(1 / (b * delta)) + 16 * np.log(np.asarray(t) + 1.0) + d


def _tail(A: float, dof: int) -> float:
    """P(χ²_dof > A) (1 for A ≤ 0)."""
    return float(chi2.sf(A, dof)) if A > 0 else 1.0


def mean_y(lam: np.ndarray, A: float) -> np.ndarray:
    """E Y = E[ūᵀΛū(ūūᵀ − I)𝟙{‖ū‖² > A}] for ū ~ N(0, I_d), Λ = diag(lam), exactly."""
    d = lam.size
    p2, p4 = _tail(A, d + 2), _tail(A, d + 4)
    return 2 * p4 * np.diag(lam) + float(lam.sum()) * (p4 - p2) * np.eye(d)


def _delta(x: float, d: int, b: int, t: int) -> float:
    """A δ ∈ (0, 1) at which A_t is a target in [0.01, 100], log-uniform in x's logistic (the
    target is not reached where it would need δ ≥ 1: there δ = 0.999)."""
    target = positive(x, 1e-2, 100.0)
    return min(0.999, math.exp(-(target - d - 16 * math.log(t + 1)) / 8) / b)


def _integers(rng: np.random.Generator, d_max: int = 8, b_max: int = 20, t_max: int = 6):
    return (
        int(rng.integers(1, d_max + 1)),
        int(rng.integers(1, b_max + 1)),
        int(rng.integers(0, t_max + 1)),
    )


def _radius_draw(
    rng: np.random.Generator, sides, *, positive_radius: bool = False, corner: bool = False
) -> Draw:
    """A draw of (d, b, t) and of δ from x[0] (with A_t > 0 when ``positive_radius``: A_t a
    target in [0.01, 100], ``_delta``). ``corner``: half of the draws in the corner d ∈ [29, 60],
    b ≥ 5, A_t near 1.1d, where a line that holds elsewhere is tight."""
    d, b, t = _integers(rng, d_max=30, b_max=30, t_max=30)
    x0 = rng.standard_normal(1)
    if corner and rng.random() < 0.5:
        d, b, t = int(rng.integers(29, 61)), int(rng.integers(5, 31)), int(rng.integers(0, 6))
        # the δ at which A_t ≈ 1.1d, as the logistic x of ``_delta``'s target
        share = math.log(1.1 * d / 1e-2) / math.log(1e4)
        x0[0] = math.log(share / (1 - share)) + 0.2 * x0[0]

    def delta_of(x: np.ndarray) -> float:
        return _delta(x[0], d, b, t) if positive_radius else positive(x[0], 1e-6, 0.999)

    def evaluate(x: np.ndarray):
        delta = delta_of(x)
        return sides(d, b, t, delta, float(radius(d, b, delta, t)))

    def describe(x: np.ndarray) -> dict[str, float]:
        delta = delta_of(x)
        return dict(d=d, b=b, t=t, delta=delta, A_t=float(radius(d, b, delta, t)))

    return Draw(x0, evaluate, describe)


# --- the statement -------------------------------------------------------------------------


def _roots(sigma_inv: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    w, P = np.linalg.eigh(sigma_inv)
    return (P / np.sqrt(w)) @ P.T, (P * np.sqrt(w)) @ P.T  # Σ^{1/2}, Σ^{-1/2}


def _iterates(x: np.ndarray, d: int, k: int) -> dict:
    """Per t = 0, …, k: Λ_t's diagonal, W_t, M_t = Σ_t^{-1/2}(Σ_t⁻¹ − H*)Σ_t^{-1/2}, tr Σ_t⁻¹,
    ‖Σ_t⁻¹ − H*‖_F, and z_{t,k}, from the free numbers x."""
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e2)
    m = d * d + d
    H_star = spd(x[2 : 2 + m], d, tau, zeta)
    at = 2 + m
    out = []
    for _ in range(k + 1):
        sigma_inv = spd(x[at : at + m], d, tau, zeta)
        H_t = spd(x[at + m : at + 2 * m], d, tau, zeta)
        z = positive(x[at + 2 * m], 1e-2, 10.0)
        at += 2 * m + 1
        root, inv_root = _roots(sigma_inv)
        lam, V = np.linalg.eigh(root @ H_t @ root)
        B = sigma_inv - H_star
        M = inv_root @ B @ inv_root
        out.append(
            dict(
                lam=lam,
                W=V.T @ M @ V,
                M=M,
                trace=float(np.trace(sigma_inv)),
                gap=float(np.linalg.norm(B)),
                z=z,
                sigma_inv=sigma_inv,
                H_t=H_t,
            )
        )
    return dict(tau=tau, zeta=zeta, per_t=out, H_star=H_star)


def _iterates_size(d: int, k: int) -> int:
    m = d * d + d
    return 2 + m + (k + 1) * (2 * m + 1)


def _printed_bound(term: dict, d: int, delta: float, t: int, A: float) -> float:
    """One t's term of the statement's (and the last line's) right side."""
    return (
        term["z"]
        * 3
        * float(term["lam"].sum())
        / d
        * delta
        * (A**2 + 16 * A + 144)
        / (t + 1) ** 2
        * term["trace"]
        * term["gap"]
    )


def corrected_radius(d: int, b: int, delta: float, t: int | np.ndarray) -> float | np.ndarray:
    """The repaired A_t, x = log(b(t + 1)²/δ): the erratum's d + 8x = 8 log(b/δ) + 16 log(t + 1)
    + d (the erratum of eq:chi_1) on its range d ≤ 9x (Laurent and Massart's χ² bound), where it
    is the larger; the corrigendum's d + 2√(dx) + 2x beyond it (valid for every d). So the
    larger of the two, each where it is valid."""
    x = np.log(b * (np.asarray(t) + 1.0) ** 2 / delta)
    return np.maximum(d + 8 * x, d + 2 * np.sqrt(d * x) + 2 * x)


def statement(rng: np.random.Generator) -> Expectation:
    """Step 1, the statement: P(|Σ_t z_{t,k}(1/b)Σ_i⟨Y_{t,i} − E Y_{t,i}, ½W_t⟩| > the printed
    right side) ≤ δ, an exceedance test at two kinds of instance (``_statement``)."""
    return _statement(rng, radius)


def statement_corrected(rng: np.random.Generator) -> Expectation:
    """Step 1 re-run with the erratum's A_t (``corrected_radius``) in Y's truncation and in
    the right side alike, at the same instances (the same draws of d, k, b, δ and iterates) as
    ``statement``: the exceedance test of the statement as corrected."""
    return _statement(rng, corrected_radius)


def _statement(rng: np.random.Generator, radius_of) -> Expectation:
    """An instance of step 1's test, of three kinds: half of them the corner where the printed
    A_t is about d (d = 1, k ∈ {0, 1}, b ∈ [2500, 4000], bδ ∈ [0.7, 1.3]; away from it the right
    side, 3·tr Λ_t·δ·144 and more, is far above the fluctuations; the repaired A_t, about 134,
    leaves every Y = 0 there); a quarter large d (d ∈ [30, 100], k ∈ {0, 1}, b ≤ 4, δ ∈ [0.3,
    0.9]), beyond the erratum's range d ≤ 9x, where the repaired A_t is the corrigendum's and
    leaves some Y_{t,i} ≠ 0 in a large share of the draws (``P_Y``, exact); a quarter small d
    (d ∈ [1, 4], k ∈ {0, 1}, b = 1, δ ∈ [0.3, 0.6]), inside the erratum's range (9x ≥ 4.6 ≥ d),
    where its A_t, the printed one at b = 1, leaves Y ≠ 0 in a few per cent of the draws. So
    the re-run (``statement_corrected``) tests each A_t of the repair where it is valid, and
    not trivially."""
    kind = rng.random()
    if kind < 0.5:
        d, k, b = 1, int(rng.integers(0, 2)), int(rng.integers(2500, 4001))
        delta = float(rng.uniform(0.7, 1.3)) / b
    elif kind < 0.75:
        d, k, b = int(rng.integers(30, 101)), int(rng.integers(0, 2)), int(rng.integers(1, 5))
        delta = float(rng.uniform(0.3, 0.9))
    else:
        d, k, b = int(rng.integers(1, 5)), int(rng.integers(0, 2)), 1
        delta = float(rng.uniform(0.3, 0.6))
    s = _iterates(rng.standard_normal(_iterates_size(d, k)), d, k)
    terms = []
    bound = 0.0
    none = 1.0  # P(every Y_{t,i} = 0), exactly
    for t, term in enumerate(s["per_t"]):
        A = float(radius_of(d, b, delta, t))
        half_W = 0.5 * term["W"]
        centre = float(np.sum(mean_y(term["lam"], A) * half_W))
        terms.append((term["z"], term["lam"], half_W, centre, A))
        bound += _printed_bound(term, d, delta, t, A)
        none *= (1 - _tail(A, d)) ** b

    def sample(gen: np.random.Generator, n: int) -> np.ndarray:
        out = np.empty(n)
        chunk = max(1, 4_000_000 // (b * d * d))
        for lo in range(0, n, chunk):  # chunks of b·d normals per draw
            m = min(chunk, n - lo)
            total = np.zeros(m)
            for z, lam, half_W, centre, A in terms:
                u = gen.standard_normal((m, b, d))
                sq = np.einsum("nbi,nbi->nb", u, u)
                q = np.einsum("nbi,i,nbi->nb", u, lam, u)
                inner = np.einsum("nbi,ij,nbj->nb", u, half_W, u) - np.trace(half_W)
                total += z * (q * inner * (sq > A) - centre).mean(axis=1)
            out[lo : lo + m] = np.abs(total) > bound
        return out

    describe: dict[str, float | str] = dict(d=d, b=b, k=k, delta=delta)
    describe["H*"] = shown(s["H_star"])
    for t, term in enumerate(s["per_t"]):
        sub = str(t).translate(_SUBSCRIPTS)
        describe[f"z{sub}"] = term["z"]
        describe[f"Λ{sub}"] = shown(term["lam"])
        describe[f"Σ{sub}⁻¹"] = shown(term["sigma_inv"])
        describe[f"H{sub}"] = shown(term["H_t"])
    describe |= dict(P_Y=1 - none, bound=bound)
    return Expectation(sample, delta, 1.0, describe)


# --- eq:chi, eq:chi_1 ----------------------------------------------------------------------


def chi_tail(rng: np.random.Generator) -> Draw:
    """Step 2, eq:chi: P(χ²_d ≥ (β + 1)d) ≤ exp(−dβ/8) for β ≥ 1, exactly (d ≤ 60, β ≤ 101)."""
    d = int(rng.integers(1, 61))

    def sides(x: np.ndarray):
        beta = 1 + positive(x[0], 1e-8, 100.0)
        rhs = math.exp(-d * beta / 8)
        return float(chi2.sf((beta + 1) * d, d)), rhs, rhs

    def describe(x: np.ndarray) -> dict[str, float]:
        return dict(d=d, beta=1 + positive(x[0], 1e-8, 100.0))

    return Draw(rng.standard_normal(1), sides, describe)


def radius_tail(rng: np.random.Generator) -> Draw:
    """Step 3, eq:chi_1: P(χ²_d ≥ A_t) ≤ δ/(b(t + 1)²), exactly."""

    def sides(d, b, t, delta, A):
        rhs = delta / (b * (t + 1) ** 2)
        return _tail(A, d), rhs, rhs

    return _radius_draw(rng, sides)


# --- the union over t and i, eq:Y0 ---------------------------------------------------------


def _tails_over_t(d: int, b: int, delta: float) -> np.ndarray:
    A = radius(d, b, delta, np.arange(T_UNION + 1))
    return np.where(A > 0, chi2.sf(np.maximum(A, 0.0), d), 1.0)


def _union_draw(rng: np.random.Generator, sides) -> Draw:
    d, b = int(rng.integers(1, 31)), int(rng.integers(1, 31))

    def evaluate(x: np.ndarray):
        delta = positive(x[0], 1e-6, 0.999)
        return sides(_tails_over_t(d, b, delta), b, delta)

    return Draw(
        rng.standard_normal(1),
        evaluate,
        lambda x: dict(d=d, b=b, delta=positive(x[0], 1e-6, 0.999)),
    )


def _none_exceeds(p: np.ndarray, b: int) -> float:
    """P(no ‖u_{t,i}‖² ≥ A_t, t = 0, …, T, i ≤ b) = Π_t (1 − p_t)^b (independent draws)."""
    if np.any(p >= 1):
        return 0.0
    return math.exp(b * float(np.log1p(-p).sum()))


def union_bound(rng: np.random.Generator) -> Draw:
    """Step 4, the union bound: P(∃ t ≥ 0, i ≤ b: ‖u_{t,i}‖² ≥ A_t) ≤ Σ_{t≥1}Σ_i P(‖u_{t,i}‖²
    ≥ A_t), both exactly (χ² tails, t ≤ T_UNION)."""

    def sides(p, b, delta):
        lhs = 1 - _none_exceeds(p, b)
        rhs = b * float(p[1:].sum())
        return lhs, rhs, lhs + rhs

    return _union_draw(rng, sides)


def count_bound(rng: np.random.Generator) -> Draw:
    """Step 5: Σ_{t≥1} b·P(χ²_d ≥ A_t) ≤ Σ_{t≥1} δ/(t + 1)², exactly."""

    def sides(p, b, delta):
        rhs = (math.pi**2 / 6 - 1) * delta
        return b * float(p[1:].sum()), rhs, rhs

    return _union_draw(rng, sides)


def basel(rng: np.random.Generator) -> Symbolic:
    """Step 6: Σ_{t≥1} δ/(t + 1)² = π²δ/6 (sympy's sum)."""
    t = sympy.Symbol("t", integer=True, positive=True)
    delta = sympy.Symbol("delta", positive=True)
    total = sympy.summation(delta / (t + 1) ** 2, (t, 1, sympy.oo))
    return Symbolic(total, sympy.pi**2 * delta / 6, {delta: 0.5})


def zero_bound(rng: np.random.Generator) -> Draw:
    """Step 7, eq:Y0: P(Y_{t,i} = 0 ∀ t ≥ 0, i ≤ b) = Π_t(1 − P(χ²_d > A_t))^b ≥ 1 − π²δ/6."""

    def sides(p, b, delta):
        return _none_exceeds(p, b), 1 - math.pi**2 * delta / 6, 1.0

    return _union_draw(rng, sides)


# --- E Y: the polar decomposition ----------------------------------------------------------


def _spectrum_draw(rng: np.random.Generator, sides) -> Draw:
    """Λ = diag(λ), λ ∈ [10⁻², 10²]^d, from free numbers."""
    d = int(rng.integers(1, 7))

    def evaluate(x: np.ndarray):
        return sides(np.array([positive(v, 1e-2, 1e2) for v in x]))

    return Draw(rng.standard_normal(d), evaluate, lambda x: dict(d=d))


def fourth_moment(rng: np.random.Generator) -> Draw:
    """Step 8: tr Λ·I + 2Λ = E[uᵀΛu·uuᵀ] (the library's cumulant sum)."""

    def sides(lam):
        Lam = np.diag(lam)
        lhs = float(lam.sum()) * np.eye(lam.size) + 2 * Lam
        rhs = quadratic_form_moment_matrix(Lam)
        return lhs, rhs, float(np.linalg.norm(lhs) + np.linalg.norm(rhs))

    return _spectrum_draw(rng, sides)


def second_moment(rng: np.random.Generator) -> Draw:
    """Step 11: tr Λ·I = E[uᵀΛu·I] (the library's moment of a quadratic form)."""

    def sides(lam):
        lhs = float(lam.sum()) * np.eye(lam.size)
        rhs = float(quadratic_form_moment(np.diag(lam))) * np.eye(lam.size)
        return lhs, rhs, float(np.linalg.norm(lhs) + np.linalg.norm(rhs))

    return _spectrum_draw(rng, sides)


def _polar_instance(rng: np.random.Generator) -> tuple[int, np.ndarray, np.ndarray]:
    """d, Λ's diagonal, and a positive semidefinite W (so that tr W > 0)."""
    d = int(rng.integers(1, 7))
    lam = np.exp(rng.uniform(-2, 2, d))
    G = rng.standard_normal((d, d))
    return d, lam, G @ G.T / d + 0.1 * np.eye(d)


def _sphere(gen: np.random.Generator, n: int, d: int) -> np.ndarray:
    g = gen.standard_normal((n, d))
    return g / np.linalg.norm(g, axis=1, keepdims=True)


def _polar_symbols():
    """d (a positive integer), λ = Λ_ii > 0 and T = tr Λ > λ: the closed forms of steps 9–13
    are the diagonal entries (i, i) of their matrices, the off-diagonal ones 0 on both sides
    (odd moments of a symmetric law, Λ diagonal in its eigenbasis)."""
    d = sympy.Symbol("d", integer=True, positive=True)
    lam, rest = sympy.symbols("lambda rest", positive=True)  # T = λ + rest
    return d, lam, lam + rest


def _chi_moment(d, k: int):
    """E[(χ²_d)^k] = 2^k Γ(d/2 + k)/Γ(d/2): the χ² law's moment, so E‖u‖^{2k}."""
    return 2**k * sympy.gamma(d / 2 + k) / sympy.gamma(d / 2)


def _sphere_moments(d):
    """E[u'_i⁴], E[u'_i²u'_j²] (i ≠ j) and E[u'_i²] for u' uniform on the sphere S^{d−1}:
    (u'_1², u'_2², the rest) is Dirichlet(½, ½, (d − 2)/2), whose moments are
    E[X_i²] = α_i(α_i + 1)/(α₀(α₀ + 1)), E[X_iX_j] = α_iα_j/(α₀(α₀ + 1)), E[X_i] = α_i/α₀,
    α₀ = d/2."""
    half, a0 = sympy.Rational(1, 2), d / 2
    return (
        half * (half + 1) / (a0 * (a0 + 1)),
        half * half / (a0 * (a0 + 1)),
        half / a0,
    )


def _sphere_fourth_entry(d, lam, trace):
    """E[u'ᵀΛu'·u'u'ᵀ]_ii = λ_i E[u'_i⁴] + Σ_{j≠i} λ_j E[u'_i²u'_j²] (``_sphere_moments``)."""
    four, cross, _ = _sphere_moments(d)
    return lam * four + (trace - lam) * cross


def polar_fourth(rng: np.random.Generator) -> Symbolic:
    """Step 9, an identity in closed form: E[uᵀΛu·uuᵀ]_ii = λ_i E[u_i⁴] + Σ_{j≠i} λ_j
    E[u_i²]E[u_j²] (sympy.stats' normal moments) against E‖u‖⁴ (the χ² moment) times the sphere's
    E[u'ᵀΛu'·u'u'ᵀ]_ii (its Dirichlet moments), symbolic in d, λ_i and tr Λ."""
    from sympy.stats import E, Normal

    d, lam, trace = _polar_symbols()
    z = Normal("z", 0, 1)
    lhs = lam * E(z**4) + (trace - lam) * E(z**2) ** 2
    rhs = _chi_moment(d, 2) * _sphere_fourth_entry(d, lam, trace)
    return Symbolic(lhs, rhs, {d: 3, lam: 0.5, trace - lam: 1.0})


def sphere_fourth(rng: np.random.Generator) -> Symbolic:
    """Step 10, an identity in closed form: E‖u‖⁴ = 2²Γ(d/2 + 2)/Γ(d/2) (the χ² moment) times
    the sphere's E[u'ᵀΛu'·u'u'ᵀ]_ii against the printed (d² + 2d) times the same, symbolic."""
    d, lam, trace = _polar_symbols()
    sphere = _sphere_fourth_entry(d, lam, trace)
    return Symbolic(
        _chi_moment(d, 2) * sphere, (d**2 + 2 * d) * sphere, {d: 3, lam: 0.5, trace - lam: 1.0}
    )


def polar_second(rng: np.random.Generator) -> Symbolic:
    """Step 12, an identity in closed form: E[uᵀΛu] = Σ_j λ_j E[u_j²] = tr Λ (sympy.stats'
    normal moment) against E‖u‖² (the χ² moment) times the sphere's E[u'ᵀΛu'] = Σ_j λ_j E[u'_j²]
    (its Dirichlet moment), symbolic in d and tr Λ (the ·I_d on both sides)."""
    from sympy.stats import E, Normal

    d, lam, trace = _polar_symbols()
    lhs = trace * E(Normal("z", 0, 1) ** 2)
    rhs = _chi_moment(d, 1) * trace * _sphere_moments(d)[2]
    return Symbolic(lhs, rhs, {d: 3, lam: 0.5, trace - lam: 1.0})


def sphere_second(rng: np.random.Generator) -> Symbolic:
    """Step 13, an identity in closed form: E‖u‖² = 2Γ(d/2 + 1)/Γ(d/2) (the χ² moment) times
    the sphere's E[u'ᵀΛu'] against the printed d times the same, symbolic in d and tr Λ."""
    d, lam, trace = _polar_symbols()
    sphere = trace * _sphere_moments(d)[2]
    return Symbolic(_chi_moment(d, 1) * sphere, d * sphere, {d: 3, lam: 0.5, trace - lam: 1.0})


def _threshold_instance(rng: np.random.Generator, dof_shift: int):
    """d, Λ's diagonal, W, and a threshold A at a χ²_{d+shift} level in [0.1, 0.9] (so that the
    truncated moments are not negligible)."""
    d, lam, W = _polar_instance(rng)
    return d, lam, W, float(chi2.ppf(rng.uniform(0.1, 0.9), d + dof_shift))


def truncated_mean(rng: np.random.Generator) -> Expectation:
    """Step 14: E⟨Y, W⟩ = E⟨ūᵀΛū(ūūᵀ − I)𝟙{‖ū‖² > A}, W⟩, Monte Carlo of the line's integrand
    (ū ~ N(0, I)) against E Y exactly (χ² truncations)."""
    d, lam, W, A = _threshold_instance(rng, 2)
    rhs = float(np.sum(mean_y(lam, A) * W))

    def sample(gen: np.random.Generator, n: int) -> np.ndarray:
        u = gen.standard_normal((n, d))
        q = np.einsum("ni,i,ni->n", u, lam, u)
        inner = np.einsum("ni,ij,nj->n", u, W, u) - np.trace(W)
        return q * inner * (np.einsum("ni,ni->n", u, u) > A)

    return Expectation(sample, rhs, abs(rhs) + float(lam.sum() * np.linalg.norm(W)), dict(d=d, A=A))


def truncated_polar(rng: np.random.Generator) -> Expectation:
    """Step 15: E[(‖u‖⁴u'ᵀΛu'·u'u'ᵀ − ‖u‖²u'ᵀΛu'·I)𝟙{‖u‖² > A}] (the printed "− ‖u‖²u'ᵀΛu'"
    read with I), ‖u‖ and u' independent, Monte Carlo against E Y exactly."""
    d, lam, W, A = _threshold_instance(rng, 2)
    rhs = float(np.sum(mean_y(lam, A) * W))

    def sample(gen: np.random.Generator, n: int) -> np.ndarray:
        r2 = gen.chisquare(d, n)
        v = _sphere(gen, n, d)
        q = np.einsum("ni,i,ni->n", v, lam, v)
        vWv = np.einsum("ni,ij,nj->n", v, W, v)
        return (r2**2 * q * vWv - r2 * q * np.trace(W)) * (r2 > A)

    return Expectation(sample, rhs, abs(rhs) + float(lam.sum() * np.linalg.norm(W)), dict(d=d, A=A))


def _threshold_draw(rng: np.random.Generator, sides, names: tuple[str, str] | None = None) -> Draw:
    """Λ's diagonal and a threshold A ∈ [0.25, 200] from free numbers; a counterexample shows
    d, A, Λ's diagonal and, with ``names``, the diagonals of the two sides where they are
    (diagonal) matrices, so named."""
    d = int(rng.integers(1, 7))

    def instance(x: np.ndarray) -> tuple[np.ndarray, float]:
        return np.array([positive(v, 1e-2, 1e2) for v in x[:d]]), positive(x[d], 0.25, 200.0)

    def evaluate(x: np.ndarray):
        lam, A = instance(x)
        return sides(d, lam, A)

    def describe(x: np.ndarray) -> dict[str, float | str]:
        lam, A = instance(x)
        out: dict[str, float | str] = dict(d=d, A=A, Λ=shown(lam))
        lhs, rhs, _ = sides(d, lam, A)
        if names is not None and np.ndim(lhs) == 2:  # diagonal matrices: their diagonals
            out |= {names[0]: shown(np.diag(lhs)), names[1]: shown(np.diag(rhs))}
        return out

    return Draw(rng.standard_normal(d + 1), evaluate, describe)


def truncated_formula(rng: np.random.Generator) -> Draw:
    """Step 16: E Y = E[((tr Λ·I + 2Λ)/(d² + 2d)·‖u‖⁴ − tr Λ/d·I)𝟙{‖u‖² > A}] as printed, i.e.
    (tr Λ·I + 2Λ)p_4 − (tr Λ/d)p_0·I, against E Y exactly."""

    def sides(d, lam, A):
        lhs = mean_y(lam, A)
        p0, p4 = _tail(A, d), _tail(A, d + 4)
        fourth = norm_moment(d, 4) * p4  # E[‖u‖⁴𝟙{‖u‖² > A}]
        rhs = (float(lam.sum()) * np.eye(d) + 2 * np.diag(lam)) / (d * d + 2 * d) * fourth - float(
            lam.sum()
        ) / d * p0 * np.eye(d)
        return lhs, rhs, float(np.linalg.norm(lhs) + np.linalg.norm(rhs)) + 1e-300

    return _threshold_draw(rng, sides, ("E Y", "printed"))


def mean_norm(rng: np.random.Generator) -> Draw:
    """Step 17: ‖E Y‖₂ ≤ max{3 tr Λ/(d² + 2d)·E[‖u‖⁴𝟙], tr Λ/d·E[‖u‖²𝟙]}, all exact."""

    def sides(d, lam, A):
        lhs = float(np.linalg.norm(mean_y(lam, A), 2))
        fourth = norm_moment(d, 4) * _tail(A, d + 4)
        second = d * _tail(A, d + 2)
        tr = float(lam.sum())
        rhs = max(3 * tr / (d * d + 2 * d) * fourth, tr / d * second)
        return lhs, rhs, lhs + rhs + 1e-300

    return _threshold_draw(rng, sides)


# --- the layer-cake integrals ---------------------------------------------------------------


#: Gauss–Legendre nodes and weights on [0, 1], for ``_tail_integral``.
_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(400)
_NODES, _WEIGHTS = (_NODES + 1) / 2, _WEIGHTS / 2


def _tail_integral(f, lo: float, h: float) -> float:
    """∫_lo^∞ f(x) dx for a vectorized f, by 400-point Gauss–Legendre quadrature after x = lo +
    h·v/(1 − v), v ∈ [0, 1) (h: the integrand's scale). Against ``scipy.integrate.quad`` (and the
    closed forms) its relative error is below 1e-12 for the χ² tails integrated here, d ≤ 8,
    A ∈ [0.25, 200]; it costs 0.2 ms where quad costs 20 ms."""
    x = lo + h * _NODES / (1 - _NODES)
    return float(np.sum(_WEIGHTS * f(x) * h / (1 - _NODES) ** 2))


def _scale(d: int, A: float) -> float:
    return max(A, d) / 2 + 2


def _layer_fourth(d: int, A: float) -> float:
    """∫_0^∞ P(X > max(√s, A)) ds by quadrature, split at s = A²."""
    integrand = lambda s: chi2.sf(np.sqrt(s), d)  # noqa: E731
    return A * A * _tail(A, d) + _tail_integral(integrand, A * A, 4 * max(A, 1.0) * _scale(d, A))


def _layer_second(d: int, A: float) -> float:
    """∫_0^∞ P(X > max(s, A)) ds by quadrature, split at s = A."""
    return A * _tail(A, d) + _tail_integral(lambda s: chi2.sf(s, d), A, _scale(d, A))


def _moment_instance(rng: np.random.Generator, dof_shift: int) -> tuple[int, float]:
    d = int(rng.integers(1, 9))
    return d, float(chi2.ppf(rng.uniform(0.1, 0.9), d + dof_shift))


def layer_cake_fourth(rng: np.random.Generator) -> Expectation:
    """Step 18: E[X²𝟙{X > A}] = ∫_0^∞ P(X²𝟙{X > A} > s) ds: Monte Carlo of the left side against
    the integral by quadrature, each value a mean of ``LAYER_BATCH`` draws (X² has a heavy
    tail: single draws left a power of 0.35 of the scale). Not exactly: the event {X²𝟙{X > A} >
    s} is {X > max(√s, A)}, so an exact left side would be step 19's check over again; the
    layer-cake formula E Z = ∫P(Z > s) ds, this step's content, is what the draws test."""
    d, A = _moment_instance(rng, 4)
    rhs = _layer_fourth(d, A)

    def sample(gen: np.random.Generator, n: int) -> np.ndarray:
        X = gen.chisquare(d, (n, LAYER_BATCH))
        return (X**2 * (X > A)).mean(axis=1)

    return Expectation(sample, rhs, rhs, dict(d=d, A=A), batch=LAYER_BATCH)


def layer_cake_second(rng: np.random.Generator) -> Expectation:
    """Step 25: E[X𝟙{X > A}] = ∫_0^∞ P(X𝟙{X > A} > s) ds, as step 18."""
    d, A = _moment_instance(rng, 2)
    rhs = _layer_second(d, A)

    def sample(gen: np.random.Generator, n: int) -> np.ndarray:
        X = gen.chisquare(d, n)
        return X * (X > A)

    return Expectation(sample, rhs, rhs, dict(d=d, A=A))


def rewrite_fourth(rng: np.random.Generator) -> Draw:
    """Step 19: E[X²𝟙{X > A}] = E[X²]·P(χ²_{d+4} > A) against ∫_0^∞ P(X > max(√s, A)) ds
    (quadrature in s)."""

    def sides(d, lam, A):
        lhs = norm_moment(d, 4) * _tail(A, d + 4)
        rhs = _layer_fourth(d, A)
        return lhs, rhs, lhs + rhs + 1e-300

    return _threshold_draw(rng, sides)


def split_fourth(rng: np.random.Generator) -> Draw:
    """Step 20: E[X²𝟙{X > A}] = ∫_0^{A²}P(X > A) ds + ∫_{A²}^∞ P(X > √s) ds, the second by
    quadrature in x = √s (∫_A^∞ 2x P(X > x) dx), so that it is not step 19's integral."""

    def sides(d, lam, A):
        lhs = norm_moment(d, 4) * _tail(A, d + 4)
        rhs = A * A * _tail(A, d) + _tail_integral(lambda x: 2 * x * chi2.sf(x, d), A, _scale(d, A))
        return lhs, rhs, lhs + rhs + 1e-300

    return _threshold_draw(rng, sides)


def rewrite_second(rng: np.random.Generator) -> Draw:
    """Step 26: E[X𝟙{X > A}] = E[X]·P(χ²_{d+2} > A) against ∫_0^∞ P(X > max(s, A)) ds."""

    def sides(d, lam, A):
        lhs = d * _tail(A, d + 2)
        rhs = _layer_second(d, A)
        return lhs, rhs, lhs + rhs + 1e-300

    return _threshold_draw(rng, sides)


def chi_applied_fourth(rng: np.random.Generator) -> Draw:
    """Step 21: A²P(X > A) + ∫_{A²}^∞ P(X > √s) ds ≤ ∫_0^{A²} δ/(t + 1)² ds + ∫_{A²}^∞
    exp(−(√s − d)/8) ds, at A = A_t, exactly (the integral in closed form, steps 22–23)."""

    def sides(d, b, t, delta, A):
        lhs = norm_moment(d, 4) * _tail(A, d + 4)
        rhs = A * A * delta / (t + 1) ** 2 + 16 * (A + 8) * math.exp(-(A - d) / 8)
        return lhs, rhs, rhs

    return _radius_draw(rng, sides, positive_radius=True, corner=True)


def _integral_symbols():
    return sympy.symbols("A d delta t", positive=True)


def substitution(rng: np.random.Generator) -> Symbolic:
    """Step 22: ∫_{A²}^∞ exp(−(√s − d)/8) ds = ∫_A^∞ 2x exp(−(x − d)/8) dx (sympy integrates
    both)."""
    A, d, delta, t = _integral_symbols()
    s, x = sympy.symbols("s x", positive=True)
    first = delta * A**2 / (t + 1) ** 2
    lhs = first + sympy.integrate(sympy.exp(-(sympy.sqrt(s) - d) / 8), (s, A**2, sympy.oo))
    rhs = first + sympy.integrate(2 * x * sympy.exp(-(x - d) / 8), (x, A, sympy.oo))
    witness = {A: 20.0, d: 3.0, delta: 0.1, t: 1.0}
    return Symbolic(lhs.rewrite(sympy.exp), rhs, witness)


def integrated(rng: np.random.Generator) -> Symbolic:
    """Step 23: ∫_A^∞ 2x exp(−(x − d)/8) dx = 16(A + 8)exp(−(A − d)/8) (sympy)."""
    A, d, delta, t = _integral_symbols()
    x = sympy.Symbol("x", positive=True)
    first = delta * A**2 / (t + 1) ** 2
    lhs = first + sympy.integrate(2 * x * sympy.exp(-(x - d) / 8), (x, A, sympy.oo))
    rhs = first + 16 * (A + 8) * sympy.exp(-(A - d) / 8)
    return Symbolic(lhs, rhs, {A: 20.0, d: 3.0, delta: 0.1, t: 1.0})


def fourth_bound(rng: np.random.Generator) -> Draw:
    """Step 24: δA²/(t + 1)² + 16(A + 8)exp(−(A − d)/8) ≤ δ(A² + 16A + 144)/(t + 1)² at A = A_t."""

    def sides(d, b, t, delta, A):
        lhs = delta * A * A / (t + 1) ** 2 + 16 * (A + 8) * math.exp(-(A - d) / 8)
        rhs = delta * (A * A + 16 * A + 144) / (t + 1) ** 2
        return lhs, rhs, rhs

    return _radius_draw(rng, sides, positive_radius=True)


def chi_applied_second(rng: np.random.Generator) -> Draw:
    """Step 27: A·P(X > A) + ∫_A^∞ P(X > s) ds ≤ ∫_0^A δ/(t + 1)² ds + ∫_A^∞ exp(−(s − d)/8) ds
    at A = A_t, exactly (∫_A^∞ exp(−(s − d)/8) ds = 8 exp(−(A − d)/8))."""

    def sides(d, b, t, delta, A):
        lhs = d * _tail(A, d + 2)
        rhs = A * delta / (t + 1) ** 2 + 8 * math.exp(-(A - d) / 8)
        return lhs, rhs, rhs

    return _radius_draw(rng, sides, positive_radius=True)


def second_bound(rng: np.random.Generator) -> Draw:
    """Step 28: δA/(t + 1)² + 8exp(−(A − d)/8) ≤ δ(A² + 8)/(t + 1)² at A = A_t (the integral
    of step 27's right side in closed form)."""

    def sides(d, b, t, delta, A):
        lhs = delta * A / (t + 1) ** 2 + 8 * math.exp(-(A - d) / 8)
        rhs = delta * (A * A + 8) / (t + 1) ** 2
        return lhs, rhs, rhs

    return _radius_draw(rng, sides, positive_radius=True)


def _batch(rng: np.random.Generator) -> int:
    """b log-uniform in [1, 1000]."""
    return int(round(10 ** rng.uniform(0, 3)))


def mean_bound(rng: np.random.Generator) -> Draw:
    """Step 29: ‖E Y_{t,i}‖₂ ≤ 3 tr Λ_t/d·δ(A_t² + 16A_t + 144)/(t + 1)², E Y exact (b ≤ 1000)."""
    d, t = int(rng.integers(1, 9)), int(rng.integers(0, 11))
    b = _batch(rng)

    def evaluate(x: np.ndarray):
        delta = _delta(x[0], d, b, t)
        A = float(radius(d, b, delta, t))
        lam = np.array([positive(v, 1e-2, 1e2) for v in x[1 : 1 + d]])
        lhs = float(np.linalg.norm(mean_y(lam, A), 2))
        rhs = 3 * float(lam.sum()) / d * delta * (A * A + 16 * A + 144) / (t + 1) ** 2
        return lhs, rhs, rhs

    def describe(x: np.ndarray) -> dict[str, float | str]:
        """Every input the two sides need: d, t, δ and A_t, and Λ_t (the left side's E Y_t
        needs its entries, the right side its trace)."""
        delta = _delta(x[0], d, b, t)
        lam = np.array([positive(v, 1e-2, 1e2) for v in x[1 : 1 + d]])
        return dict(
            d=d, b=b, t=t, delta=delta, A_t=float(radius(d, b, delta, t)),
            **{"Λ<sub>t</sub>": shown(lam), "tr Λ<sub>t</sub>": float(lam.sum())},
        )  # fmt: skip

    return Draw(rng.standard_normal(1 + d), evaluate, describe)


# --- the last display -----------------------------------------------------------------------


def _sum_draw(rng: np.random.Generator, sides, *, directions: bool = False) -> Draw:
    """k ∈ {0, 1, 2}, d ≤ 4, the iterates of ``_iterates``, δ, and (``directions``: b ≤ 8) the
    ū_{t,i} inside the ball ‖ū‖² ≤ A_t (eq:Y0's event); otherwise b ≤ 1000."""
    d, k = int(rng.integers(1, 5)), int(rng.integers(0, 3))
    b = int(rng.integers(1, 9)) if directions else _batch(rng)
    n = _iterates_size(d, k)

    def evaluate(x: np.ndarray):
        s = _iterates(x[:n], d, k)
        delta = _delta(x[n], d, b, 0)
        U = np.asarray(x[n + 1 :]).reshape(k + 1, b, d) if directions else np.zeros((k + 1, 0, d))
        rows = []
        for t, term in enumerate(s["per_t"]):
            A = float(radius(d, b, delta, t))
            norms = np.linalg.norm(U[t], axis=1, keepdims=True)
            inside = U[t] * np.minimum(1.0, 0.999 * math.sqrt(A) / np.maximum(norms, 1e-300))
            rows.append((t, term, A, mean_y(term["lam"], A), inside))
        return sides(d, b, delta, rows)

    def describe(x: np.ndarray) -> dict[str, float | str]:
        """d, b, k, δ, H* and, per t, z_{t,k}, Λ_t and Σ_t⁻¹: every input of the two sides
        (A_t follows from d, b, δ and t; ū only where ``directions``, not shown)."""
        s = _iterates(x[:n], d, k)
        out: dict[str, float | str] = dict(d=d, b=b, k=k, delta=_delta(x[n], d, b, 0))
        out["H*"] = shown(s["H_star"])
        for t, term in enumerate(s["per_t"]):
            sub = str(t).translate(_SUBSCRIPTS)
            out[f"z{sub}"] = term["z"]
            out[f"Λ{sub}"] = shown(term["lam"])
            out[f"Σ{sub}⁻¹"] = shown(term["sigma_inv"])
        return out

    x0 = rng.standard_normal(n + 1 + ((k + 1) * b * d if directions else 0))
    return Draw(x0, evaluate, describe)


#: t as the subscript of a counterexample's name (z₀, Λ₁, Σ₂⁻¹).
_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def on_event(rng: np.random.Generator) -> Draw:
    """Step 30: on eq:Y0's event, |Σ_t z(1/b)Σ_i⟨Y_{t,i} − E Y_t, ½W_t⟩| = |Σ_t z⟨E Y_t, ½W_t⟩|,
    with Y_{t,i} from its definition at ū_{t,i} inside the ball."""

    def sides(d, b, delta, rows):
        lhs = 0.0
        rhs = 0.0
        for _, term, A, EY, U in rows:
            lam = term["lam"]
            total = np.zeros((d, d))
            for u in U:
                total += float(u @ (lam * u)) * (np.outer(u, u) - np.eye(d)) * float(u @ u > A)
            half_W = 0.5 * term["W"]
            lhs += term["z"] * float(np.sum((total / b - EY) * half_W))
            rhs += term["z"] * float(np.sum(EY * half_W))
        lhs, rhs = abs(lhs), abs(rhs)
        return lhs, rhs, lhs + rhs + 1e-300

    return _sum_draw(rng, sides, directions=True)


def _nuclear(term: dict) -> float:
    return float(np.abs(np.linalg.eigvalsh(term["M"])).sum())


def von_neumann(rng: np.random.Generator) -> Draw:
    """Step 31: |Σ_t z⟨E Y_t, ½W_t⟩| ≤ Σ_t z‖E Y_t‖₂·Σ_i|λ_i(Σ_t^{-1/2}(Σ_t⁻¹ − H*)Σ_t^{-1/2})|."""

    def sides(d, b, delta, rows):
        lhs = abs(
            sum(term["z"] * float(np.sum(EY * 0.5 * term["W"])) for _, term, _, EY, _ in rows)
        )
        rhs = sum(
            term["z"] * float(np.linalg.norm(EY, 2)) * _nuclear(term) for _, term, _, EY, _ in rows
        )
        return lhs, rhs, lhs + rhs + 1e-300

    return _sum_draw(rng, sides)


def final(rng: np.random.Generator) -> Draw:
    """Step 32: Σ_t z‖E Y_t‖₂Σ_i|λ_i| ≤ Σ_t z·3 tr Λ_t/d·δ(A_t² + 16A_t + 144)/(t + 1)²·
    tr(Σ_t⁻¹)‖Σ_t⁻¹ − H*‖_F."""

    def sides(d, b, delta, rows):
        lhs = sum(
            term["z"] * float(np.linalg.norm(EY, 2)) * _nuclear(term) for _, term, _, EY, _ in rows
        )
        rhs = sum(_printed_bound(term, d, delta, t, A) for t, term, A, _, _ in rows)
        return lhs, rhs, rhs + 1e-300

    return _sum_draw(rng, sides)
