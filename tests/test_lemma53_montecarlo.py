"""Lemma 5.3 (PDF Lemma 11) repaired, by Monte Carlo: Algorithm 1 with η₂,k = 1/k on a
cubic-per-axis objective, the inner sum of eq:Sig_dec split as in the proof into the X-martingale
(C₁), the Y-term (C₅), the α-term (C₃) and the drift (C₂), each divided by its bound along every
run; and the two expectations the proof computes exactly (E Y, the fourth moment of the
variance), against their Monte Carlo estimates with standard errors.

Objective: f(x) = Σ_j φ(x_j), φ″(x) = 1 + γ·min(|x|, R), γ = 1, R = 2 (σ = 1, L = 3, the Hessian
γ-Lipschitz in Frobenius, x* = 0, H* = I; φ = x²/2 + γ|x|³/6 near 0, where the Taylor weight 1/6
is attained). d = 2, b = 64, S' = [0.5, 4] ∋ every Hessian, α = 0.3, K = 100, η₁ = bτ/(4Lc₁),
μ₁ = (0.02, −0.01) (near x*, where the segments μ ± αΣ^{1/2}u cross the kink of φ‴ and the
α-term is largest), Σ₁⁻¹ = R(30°)diag(3.5, 0.7)R(30°)ᵀ; the constants at δ/N (N the proof's
δ-events, δ = 0.1). 300 runs, ``SeedSequence(53)``.

The per-step bounds (Taylor weight, the α-term per direction, the range, base, C₅ on its
event) are deterministic on their events: one exceedance is a counterexample. A bound ten
times smaller is exceeded for the Taylor weight and the base case (``CATCHES_TENFOLD``); the
other bounds are 10 to 10⁹ times what the runs reach
(``test_assembled_constants_are_far_above_the_runs``), so no run can tell them from ten times
smaller ones: the proof's worst cases (‖u‖² at its radius, Σ⁻¹ at τ, Λ at ℓ/τ) are not met by
the runs.
"""

import math

import numpy as np
import pytest
import scipy.stats

from mines_theory.algorithm.estimators import sigma_gradient
from mines_theory.theory.bounds.corrected import (
    alpha_term_constant_corrected,
    chi_threshold_corrected,
    lemma53_constants_corrected,
)
from mines_theory.theory.bounds.section5 import c_constants

D, B, K, RUNS = 2, 64, 100, 300
GAMMA, CAP, SIGMA, L = 1.0, 2.0, 1.0, 3.0
TAU, ZETA, ALPHA, DELTA = 0.5, 4.0, 0.3, 0.1
SEED = 53


def phi(x):
    a = np.abs(x)
    inner = a**2 / 2 + GAMMA * a**3 / 6
    R = CAP
    outer = (
        R**2 / 2
        + GAMMA * R**3 / 6
        + (R + GAMMA * R**2 / 2) * (a - R)
        + (1 + GAMMA * R) * (a - R) ** 2 / 2
    )
    return np.where(a <= R, inner, outer)


def f(X):
    return phi(X).sum(axis=-1)


def sym_fun(S, fun):
    w, V = np.linalg.eigh(S)
    return np.einsum("rij,rj,rkj->rik", V, fun(w), V)


def inner(A, Bm):
    return np.einsum("...ij,...ij->...", A, Bm)


def g_factor(r):
    """g(r) = min{(ζ/τ)r√(r² − 2r + d), r√(κ²r² + dζ²/τ²)} (the derivation's, written here)."""
    kappa = (ZETA + TAU) ** 2 / (4 * ZETA * TAU)
    return min(
        ZETA / TAU * r * math.sqrt(r * r - 2 * r + D),
        r * math.sqrt(kappa**2 * r * r + D * ZETA**2 / TAU**2),
    )


MU1 = np.array([0.02, -0.01])
_C, _S = math.cos(math.pi / 6), math.sin(math.pi / 6)
SIGMA1_INV = np.array([[_C, -_S], [_S, _C]]) @ np.diag([3.5, 0.7]) @ np.array([[_C, _S], [-_S, _C]])


def constants():
    """The repaired constants at δ/N, and δ/N."""
    kw = dict(
        d=D,
        b=B,
        L=L,
        sigma=SIGMA,
        gamma=GAMMA,
        tau=TAU,
        zeta=ZETA,
        alpha=ALPHA,
        K=K,
        f_gap_1=float(f(MU1)),
        initial_error_sq=float(np.sum((SIGMA1_INV - np.eye(D)) ** 2)),
    )
    level = DELTA / lemma53_constants_corrected(delta=DELTA, **kw).failures
    return lemma53_constants_corrected(delta=level, **kw), level


@pytest.fixture(scope="module")
def runs():
    """Per run: the largest ratio of each quantity to its bound (over k, or over t and i), the
    events, and the largest k‖Σ_k⁻¹ − H*‖²; plus one G̃ recomputed by ``sigma_gradient``."""
    C, level = constants()
    c = c_constants(d=D, b=B, delta=level)
    kappa3 = alpha_term_constant_corrected(
        d=D, delta=level, gamma=GAMMA, tau=TAU, zeta=ZETA, alpha=ALPHA, K=K
    ) / math.sqrt(K - 1)
    eta1 = B * TAU / (4 * L * c.c1)
    radius = {t: chi_threshold_corrected(d=D, b=B, delta=level, t=t) for t in range(2, K)}
    rng = np.random.default_rng(np.random.SeedSequence(SEED))
    mu = np.tile(MU1, (RUNS, 1))
    S = np.tile(SIGMA1_INV, (RUNS, 1, 1))
    a_sq = np.zeros((RUNS, K + 1))
    ZX, ZY, II, III = (np.zeros((RUNS, K + 1)) for _ in range(4))
    G_max = np.zeros(RUNS)
    on_c3, on_A = np.ones(RUNS, bool), np.ones(RUNS, bool)
    taylor, direction, span = np.zeros(RUNS), np.zeros(RUNS), np.zeros(RUNS)
    check = None
    for t in range(1, K):
        Dm = S - np.eye(D)
        a_sq[:, t] = inner(Dm, Dm)
        half = sym_fun(S, lambda w: w**-0.5)  # Σ^{1/2}
        root = sym_fun(S, lambda w: w**0.5)  # Σ^{-1/2}
        u = rng.standard_normal((RUNS, B, D))
        r2 = np.sum(u**2, axis=-1)
        v = np.einsum("rij,rbj->rbi", half, u)
        fp, fm = f(mu[:, None, :] + ALPHA * v), f(mu[:, None, :] - ALPHA * v)
        q = (fp + fm - 2 * f(mu)[:, None]) / (2 * ALPHA**2)
        w = np.einsum("rij,rbj->rbi", root, u)
        M = np.einsum("rbi,rbj->rbij", w, w) - S[:, None]
        BG = np.mean(q[..., None, None] * M, axis=1)
        G = BG - S
        if t == 1:
            check = (G[0], sigma_gradient(f, mu[0], S[0], ALPHA, u[0]))
        H = np.einsum("rj,jk->rjk", 1 + GAMMA * np.minimum(np.abs(mu), CAP), np.eye(D))
        qhat = 0.5 * np.einsum("rbi,rij,rbj->rb", v, H, v)
        P = np.mean(qhat[..., None, None] * M, axis=1)
        II[:, t], III[:, t] = inner(BG - P, Dm), inner(H - np.eye(D), Dm)
        G_max = np.maximum(G_max, inner(G, G))
        on_c3 &= np.all(r2 <= c.c3, axis=1)
        norm_v = np.linalg.norm(v, axis=-1)
        taylor = np.maximum(
            taylor, np.max(np.abs(q - qhat) / (GAMMA * ALPHA * norm_v**3 / 6), axis=1)
        )
        per = np.abs(q - qhat) * np.linalg.norm(M, axis=(-2, -1)) / kappa3
        direction = np.maximum(direction, np.where(r2 <= c.c3, per, 0.0).max(axis=1))
        if t >= 2:
            A = radius[t]
            on_A &= np.all(r2 <= A, axis=1)
            Lam, V = np.linalg.eigh(np.einsum("rij,rjk,rkl->ril", half, H, half))
            ub = np.einsum("rji,rbj->rbi", V, u)
            N = np.einsum("rji,rjk,rkl,rlm,rmn->rin", V, root, Dm, root, V)
            quad = np.einsum("rbi,ri,rbi->rb", ub, Lam, ub)
            full = quad[..., None, None] * (np.einsum("rbi,rbj->rbij", ub, ub) - np.eye(D))
            inside = (r2 <= A)[..., None, None]
            p4, p2 = scipy.stats.chi2.sf(A, D + 4), scipy.stats.chi2.sf(A, D + 2)
            Lam_m = Lam[:, :, None] * np.eye(D)
            EY = 2 * p4 * Lam_m + (Lam.sum(1) * (p4 - p2))[:, None, None] * np.eye(D)
            X, Y = full * inside, full * ~inside
            ZX[:, t] = np.mean(0.5 * inner(X - (2 * Lam_m - EY)[:, None], N[:, None]), axis=1)
            ZY[:, t] = np.mean(0.5 * inner(Y - EY[:, None], N[:, None]), axis=1)
            bound = L * g_factor(A) * np.sqrt(a_sq[:, t])
            span = np.maximum(span, (np.abs(inner(X, N[:, None])) / bound[:, None]).max(axis=1))
        mu = mu - eta1 * np.mean(((fp - fm) / (2 * ALPHA))[..., None] * v, axis=1)
        S = sym_fun(S + G / t, lambda w: np.clip(w, TAU, ZETA))
    a_sq[:, K] = inner(S - np.eye(D), S - np.eye(D))
    ks = np.arange(2, K)
    weight = np.arange(K + 1) - 1.0
    steps = np.arange(K + 1)
    W = np.sqrt(np.cumsum(weight**2 * a_sq * (steps >= 2), axis=1))
    W_bar = np.sqrt(C.C * np.cumsum(np.where(steps >= 2, weight**2 / np.maximum(steps, 1), 0)))

    def largest(part, scale):
        return np.max(np.cumsum(weight * part, axis=1)[:, ks] / scale[..., ks], axis=1)

    return {
        "constants": C,
        "check": check,
        "events": (on_c3, on_A),
        # name: (per-run largest measured/bound, the runs on which the bound is claimed)
        "ratios": {
            "taylor": (taylor, slice(None)),
            "alpha_direction": (direction, slice(None)),
            "range": (span, slice(None)),
            "base": (a_sq[:, 2] / C.base, slice(None)),
            "y_term": (largest(np.abs(ZY), C.C5 * W) if C.C5 else None, on_A),
            "C1": (largest(ZX, C.C1 * W_bar[None, :]), slice(None)),
            "C2": (largest(np.abs(III), C.C2 * W), slice(None)),
            "C3": (largest(np.abs(II), C.C3 * W), on_c3),
            "C4": (G_max / C.C4, on_c3),
            "C": (np.max(steps[None, 1:] * a_sq[:, 1:], axis=1) / C.C, on_c3 & on_A),
        },
    }


#: The quantities whose bound, made ten times smaller, some run exceeds (largest ratios 0.99
#: and 0.40); the others reach at most 0.09 (the α-term per direction), 0.06 (C₅), 0.02 (the
#: range) and 10⁻⁴ or less (C₁, C₂, C₃, C₄, C).
CATCHES_TENFOLD = ("taylor", "base")


def test_the_simulation_computes_algorithm_1s_sigma_gradient(runs):
    mine, library = runs["check"]
    assert np.allclose(mine, library, rtol=1e-12, atol=1e-12)


def test_every_bound_holds_in_every_run_on_its_event(runs):
    """No run exceeds any of the bounds; the events ‖u‖² ≤ c₃ and ‖u‖² ≤ A_t held in every run
    (each fails with probability ≤ (K − 1)b·δ/N ≈ 0.02 and (π²/6 − 5/4)δ/N)."""
    on_c3, on_A = runs["events"]
    assert on_c3.all() and on_A.all()
    for name, (ratio, where) in runs["ratios"].items():
        assert np.max(ratio[where]) <= 1.0, name


def test_the_taylor_weight_is_attained_in_the_runs(runs):
    """The 1/6 of |q − q̂| ≤ γα‖Σ^{1/2}u‖³/6: the largest ratio per run has a mean more than 4
    standard errors above 0.97 (0.988 ± 0.0002), and exceeds 0.99 in some run."""
    ratio = runs["ratios"]["taylor"][0]
    mean, se = ratio.mean(), ratio.std(ddof=1) / math.sqrt(ratio.size)
    assert mean - 4 * se > 0.97 and ratio.max() > 0.99


@pytest.mark.parametrize("name", CATCHES_TENFOLD)
def test_a_tenfold_smaller_step_bound_is_exceeded(runs, name):
    ratio, where = runs["ratios"][name]
    assert np.max(10 * ratio[where]) > 1.0


def test_assembled_constants_are_far_above_the_runs(runs):
    """C₁, C₂, C₃, C₄, C₅ and C are worst cases over their events (largest Σ_t, ‖u‖², Λ and
    alignment): no run comes within a factor 10 of them (largest ratios printed by ``-s``), so
    the Monte Carlo cannot tell them from ten times smaller constants; their steps are tested
    where attained (``test_lemma53_repair``). The same holds for the α-term per direction and
    the range of the X-martingale, ℓ·g(A_t)‖D_t‖."""
    for name in ("C1", "C2", "C3", "C4", "C", "y_term", "alpha_direction", "range"):
        ratio, where = runs["ratios"][name]
        print(f"{name}: largest measured/bound {np.max(ratio[where]):.3g}")
        assert np.max(ratio[where]) < 0.1, name


def test_expected_Y_and_the_fourth_moment_by_monte_carlo():
    """E Y = 2p₄Λ + trΛ(p₄ − p₂)I (d = 2, Λ = diag(0.7, 2.3), A = 6) and E[‖u‖⁴(uᵀNu − trN)²] =
    8(trN)² + 2(d + 4)(d + 6)‖N‖², within 4 standard errors of 10⁶ draws (``SeedSequence(54)``);
    a formula off by 5% in the leading term (2p₄ → 2.1p₄, 8 → 8.4 and 96 → 100.8) is more
    than 4 standard errors away."""
    rng = np.random.default_rng(np.random.SeedSequence(54))
    u = rng.standard_normal((1_000_000, 2))
    r2 = np.sum(u**2, axis=1)
    lam, A = np.array([0.7, 2.3]), 6.0
    quad = u**2 @ lam
    Y = (quad * (r2 > A))[:, None] * np.stack([u[:, 0] ** 2 - 1, u[:, 1] ** 2 - 1], axis=1)
    p4, p2 = scipy.stats.chi2.sf(A, 6), scipy.stats.chi2.sf(A, 4)
    mean, se = Y.mean(axis=0), Y.std(axis=0, ddof=1) / math.sqrt(len(Y))

    def z(form):
        return np.abs(mean - form) / se

    assert np.all(z(2 * p4 * lam + lam.sum() * (p4 - p2)) < 4)
    assert np.any(z(2.1 * p4 * lam + lam.sum() * (p4 - p2)) > 4)
    N = np.array([[0.8, -0.3], [-0.3, -0.5]])
    values = r2**2 * (np.einsum("ni,ij,nj->n", u, N, u) - np.trace(N)) ** 2
    m, s = values.mean(), values.std(ddof=1) / math.sqrt(values.size)
    assert abs(m - (8 * np.trace(N) ** 2 + 96 * np.sum(N * N))) < 4 * s
    assert abs(m - (8.4 * np.trace(N) ** 2 + 100.8 * np.sum(N * N))) > 4 * s
