"""The forms of Σ⁻¹ (``precision``): each samples z ~ N(0, Σ) and takes the printed step
(eq:g_mu, eq:TG, eq:Sig_modi) for the factor it sampled with, redone densely."""

import collections

import numpy as np
import pytest
import scipy.linalg

from mines_theory.algorithm.mines import MiNES
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.algorithm.estimators import mean_gradient, sigma_gradient
from mines_theory.algorithm.precision import (
    LOW_RANK_SHARE,
    CholeskyFactor,
    LowRankPlusIdentity,
    SymmetricRoot,
)
from mines_theory.algorithm.algorithm1 import MiNESStrategy
from mines_theory.linalg.lowrank import low_rank
from mines_theory.algorithm.schedules import Lemma52Step
from mines_theory.algorithm.strategy import run

from .conftest import random_spd
from .test_estimators import smooth_nonquadratic


# ---------------------------------------------------------------------------------------------
# Sampling: the symmetric root reproduces the pure estimators, the Cholesky form samples L^{-T}u
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("b, d", [(3, 5), (7, 2)])
def test_symmetric_root_reproduces_the_pure_estimators(b, d):
    """MiNES with precision_form="symmetric" applies exactly g̃ = ``mean_gradient`` and G̃ =
    ``sigma_gradient`` of the directions it drew (to rounding: 1e-12 relative), on a
    non-quadratic objective; the step sizes are the schedules' values."""
    rng = np.random.default_rng(d)
    mu, sigma_inv = rng.normal(size=d), random_spd(rng, d, 0.3, 6.0)
    es = MiNES(
        mu,
        sigma_inv,
        alpha=0.3,
        batch_size=b,
        tau=0.1,
        zeta=10.0,
        eta1=0.25,
        eta2=1e-4,
        precision_form="symmetric",
        seed=9,
    )
    X = es.ask()
    es.tell(X, smooth_nonquadratic(X))
    u = np.random.default_rng(9).standard_normal((b, d))  # what ask() drew
    g = mean_gradient(smooth_nonquadratic, mu, sigma_inv, 0.3, u)
    G = sigma_gradient(smooth_nonquadratic, mu, sigma_inv, 0.3, u)
    np.testing.assert_allclose(es.info.estimate.g, g, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(es.info.estimate.G, G, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(es.mean, mu - 0.25 * g, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(es.sigma_inv, sigma_inv + 1e-4 * G, rtol=1e-12, atol=1e-14)


def test_cholesky_sampling_is_L_inverse_transpose():
    """The default factor: z_i = L^{-T}u_i for Σ⁻¹ = LLᵀ (so z ~ N(0, Σ)), checked against an
    independent solve, with a Σ⁻¹ whose spectrum (0.05…20) and rotation make L^{-1}u_i and
    L^{-T}u_i far apart."""
    rng = np.random.default_rng(3)
    sigma_inv = random_spd(rng, 4, 0.05, 20.0)
    es = MiNES(
        np.zeros(4), sigma_inv, alpha=0.5, batch_size=6, tau=0.01, zeta=50.0, eta1=0.1, seed=2
    )
    Z = (es.ask()[1:7]) / 0.5
    u = np.random.default_rng(2).standard_normal((6, 4))
    L = np.linalg.cholesky(sigma_inv)
    np.testing.assert_allclose(Z, np.linalg.solve(L.T, u.T).T, rtol=1e-12)
    assert np.max(np.abs(Z - np.linalg.solve(L, u.T).T)) > 0.1


# ---------------------------------------------------------------------------------------------
# Every step is the printed update, redone densely; auto's choice; one interface
# ---------------------------------------------------------------------------------------------


STEP_RTOL = 1e-10  # rounding: measured ≤ 6e-13 relative over these runs (max over entries)


def _printed_step(before_mean, before_sigma_inv, factor, u, values, alpha, eta1, eta2, tau, zeta):
    """Iteration k of Algorithm 1 written out densely, independently of the library: the factor
    F (F Fᵀ = Σ) is scipy's sqrtm of Σ ("symmetric") or L^{-T} from numpy's Cholesky
    ("cholesky"); z_i = F u_i, r_i = F^{-T} u_i stands for Σ^{-1/2} u_i; g̃ and G̃ as printed;
    μ_{k+1} = μ_k − η₁g̃; Σ⁻¹_{k+½} = Σ_k⁻¹ + η₂G̃, clipped to [τ, ζ] by numpy's eigh unless its
    spectrum is strictly inside. Returns (X, μ_{k+1}, Σ⁻¹_{k+1}, projected)."""
    b = u.shape[0]
    if factor == "symmetric":
        F = np.real(scipy.linalg.sqrtm(np.linalg.inv(before_sigma_inv)))
        R = np.real(scipy.linalg.sqrtm(before_sigma_inv))
    else:
        L = np.linalg.cholesky(before_sigma_inv)
        F, R = np.linalg.inv(L).T, L
    Z, rows = u @ F.T, u @ R.T
    X = np.vstack([before_mean, before_mean + alpha * Z, before_mean - alpha * Z])
    f0, fp, fm = values[0], values[1 : b + 1], values[b + 1 :]
    g = sum((fp[i] - fm[i]) / (2 * alpha) * Z[i] for i in range(b)) / b
    w = (fp + fm - 2 * f0) / (2 * b * alpha**2)
    G = sum(w[i] * np.outer(rows[i], rows[i]) for i in range(b)) - (w.sum() + 1) * before_sigma_inv
    half = before_sigma_inv + eta2 * G
    lam, U = np.linalg.eigh(0.5 * (half + half.T))
    projected = not (lam[0] > tau and lam[-1] < zeta)
    sigma_inv = (U * np.clip(lam, tau, zeta)) @ U.T if projected else half
    return X, before_mean - eta1 * g, sigma_inv, projected


def _form_of(precision):
    return {SymmetricRoot: "symmetric", CholeskyFactor: "cholesky", LowRankPlusIdentity: "lowrank"}[
        type(precision)
    ]


#: Runs that exercise every branch of the forms: (name, objective, d, b, Σ₁⁻¹, iterations,
#: options). Σ₁⁻¹ is "I", "2I" or "H" (the objective's Hessian).
def _concave(X):
    return -0.5 * np.sum(X**2, axis=1)


_F12, _F40, _G12 = (
    RotatedEllipsoid(12, 10.0, seed=0),
    RotatedEllipsoid(40, 10.0, seed=0),
    RotatedEllipsoid(12, 10.0, seed=1),
)


_RUNS = {
    # η₂,k = 1/k from Σ₁⁻¹ = I, b ≪ d: c_k < 0 with every step projected and rank ≤ b, then
    # c_k > 0 with the rank growing past 2d/3 (the low-rank form's dense branch)
    "paper": (_F12, "I", 3, 600, {"tau": 0.1 * _F12.sigma, "zeta": 10 * _F12.L, "eta1": 1e-2}),
    # unprojected steps: from 2I (rank 0) the rank grows by b per step, past 2d/3 to d
    "inside from 2I": (_F40, "2I", 2, 40, {"tau": 0.01, "zeta": 100.0, "eta1": 1e-2, "eta2": 1e-3}),
    # from Σ₁⁻¹ = H (full rank): never projected
    "inside from H": (
        _G12,
        "H",
        3,
        100,
        {"tau": 0.01 * _G12.sigma, "zeta": 10 * _G12.L, "eta1": 1e-2, "eta2": 1e-3},
    ),
    # a concave f: negative weights, Σw < −1, c_k > 1: the floor grows and is clipped to ζ
    "c above 1": (_concave, "I", 3, 60, {"tau": 0.1, "zeta": 5.0, "eta1": 1e-3, "eta2": 0.05}),
    # from H (Cholesky under "auto") with η₂ = 0.5 for three steps (c_k < 0: at most b
    # eigenvalues above τ, the low-rank form), then 1/k (the rank grows back past 2d/3)
    "switch both ways": (
        _F12,
        "H",
        3,
        400,
        {
            "tau": 0.1 * _F12.sigma,
            "zeta": 10 * _F12.L,
            "eta1": 1e-2,
            "eta2": lambda k, state, estimate: 0.5 if k <= 3 else 1.0 / k,
        },
    ),
}


def _run_step_by_step(form, run):
    """Run one seed with ``precision_form=form``; after each iteration redo it with
    ``_printed_step`` from the state before, the same u and the same f(X), with the factor that
    the iteration sampled with (the symmetric root for the low-rank form): the query points
    and the new μ and Σ⁻¹ must agree to STEP_RTOL, and the projected flags exactly. Also
    checks each state's form: the low-rank form's eigendecomposition and the Cholesky form's
    factor give Σ⁻¹, and "auto" follows its rule. Returns counts of what the run exercised."""
    f, start, b, iterations, options = _RUNS[run]
    d = 40 if f is _F40 or f is _concave and run == "c above 1" else 12
    mean0 = np.ones(d)
    sigma_inv0 = {"I": np.eye(d), "2I": 2 * np.eye(d), "H": getattr(f, "H", None)}[start]
    es = MiNES(mean0, sigma_inv0, alpha=0.1, batch_size=b, precision_form=form, seed=5, **options)
    seen = collections.Counter()
    for _ in range(iterations):
        X = es.ask()
        es.tell(X, f(X))
        it, state = es.info, es.state
        before = _form_of(it.before.precision)
        seen[before] += 1
        if before == "lowrank":  # the branch of the update: in the subspace, or a dense eigh
            small = it.before.precision.eigen.rank + b <= LOW_RANK_SHARE * d
            seen["subspace" if small else "dense eigh"] += 1
        factor = "cholesky" if before == "cholesky" else "symmetric"
        X_ref, mean, sigma_inv, projected = _printed_step(
            it.before.mean,
            it.before.sigma_inv,
            factor,
            it.sample.u,
            it.values,
            0.1,
            float(it.eta1),
            float(it.eta2),
            es.params.tau,
            es.params.zeta,
        )
        scale = np.abs(sigma_inv).max()
        np.testing.assert_allclose(X, X_ref, rtol=0, atol=STEP_RTOL * max(1.0, np.abs(X).max()))
        np.testing.assert_allclose(
            es.mean, mean, rtol=0, atol=STEP_RTOL * max(1.0, np.abs(mean).max())
        )
        np.testing.assert_allclose(es.sigma_inv, sigma_inv, rtol=0, atol=STEP_RTOL * scale)
        assert bool(it.projected) == projected
        seen["projected" if projected else "unprojected"] += 1
        weights = it.estimate.second_differences / (2 * b)
        c = 1.0 - float(it.eta2) * (1.0 + weights.sum())
        seen["c < 0"] += c < 0
        seen["c > 1"] += c > 1
        after = _form_of(state.precision)
        if after == "lowrank":
            eigen = state.precision.eigen
            np.testing.assert_allclose(eigen.dense(), es.sigma_inv, rtol=0, atol=STEP_RTOL * scale)
            seen["floor at zeta"] += eigen.floor == es.params.zeta
            if c < 0:  # a negative c leaves at most b eigenvalues above τ (Weyl)
                assert eigen.rank <= b
            # r: the eigenvalues of Σ⁻¹ away from the complement's value (numpy's eigvalsh)
            away = np.abs(np.linalg.eigvalsh(es.sigma_inv) - eigen.floor) > 1e-9 * scale
            assert np.count_nonzero(away) == eigen.rank
        if after == "cholesky":
            L = state.precision.cholesky()
            np.testing.assert_allclose(L @ L.T, es.sigma_inv, rtol=0, atol=STEP_RTOL * scale)
        if form == "auto":  # the rule: low rank only while r + b ≤ 2d/3
            if after == "lowrank":
                assert state.precision.eigen.rank + b <= LOW_RANK_SHARE * d
            if before != after:
                seen[f"{before} -> {after}"] += 1
        else:
            assert after == form
    return seen


@pytest.mark.parametrize("run", list(_RUNS))
@pytest.mark.parametrize("form", ["symmetric", "cholesky", "lowrank", "auto"])
def test_every_form_takes_the_printed_step(form, run):
    """Each form of Σ⁻¹ against the printed step redone densely, on runs that reach every
    branch: the counts show that each run exercised what it is there for."""
    seen = _run_step_by_step(form, run)
    iterations = _RUNS[run][3]
    if run == "paper":
        assert 100 < seen["c < 0"] < iterations and seen["projected"] == iterations
    if run.startswith("inside"):
        assert seen["unprojected"] >= 0.75 * iterations
    if run == "c above 1":
        assert seen["c > 1"] > 30 and seen["projected"] > 30
    if form == "lowrank":
        if run in ("paper", "inside from 2I"):
            assert seen["subspace"] >= 10 and seen["dense eigh"] >= 10
        if run == "c above 1":
            assert seen["subspace"] == iterations and seen["floor at zeta"] > 10
    if form == "auto":
        if run == "paper":
            assert seen["lowrank"] > 100 and seen["lowrank -> cholesky"] >= 1
        if run == "inside from H":
            assert seen["cholesky"] == iterations
        if run == "switch both ways":
            assert seen["cholesky -> lowrank"] >= 1 and seen["lowrank -> cholesky"] >= 1
            assert seen["lowrank"] > 100 and seen["cholesky"] > 20


def test_lowrank_form_with_an_oracle_schedule_and_a_seed_axis():
    """Lemma 5.2's oracle schedule reads the state's Cholesky factor, which the low-rank form
    computes on demand: the same steps as the symmetric root, to rounding. With a seed axis
    "lowrank" holds the symmetric root: two seeds in lockstep give each one-seed "lowrank" run
    to rounding."""
    f = RotatedEllipsoid(6, 10.0, seed=2)
    eta1 = Lemma52Step(f.hessian, d=6, b=2, delta=0.1)
    options = {"alpha": 0.1, "batch_size": 2, "tau": 0.1 * f.sigma, "zeta": 10 * f.L, "eta1": eta1}
    runs = [
        MiNES(np.ones(6), np.eye(6), precision_form=form, seed=5, **options)
        for form in ("symmetric", "lowrank")
    ]
    for _ in range(30):
        for es in runs:
            X = es.ask()
            es.tell(X, f(X))
    np.testing.assert_allclose(runs[1].sigma_inv, runs[0].sigma_inv, rtol=0, atol=1e-11)
    assert isinstance(runs[1].state.precision, LowRankPlusIdentity)
    strategy = MiNESStrategy(dim=6, precision_form="lowrank", **options)
    state = strategy.init(np.ones(6), np.eye(6), num_seeds=2)
    assert isinstance(state.precision, SymmetricRoot)
    seeds = np.random.SeedSequence(4).spawn(2)
    state = run(strategy, f, state, [np.random.default_rng(s) for s in seeds], 30)
    for i, seed in enumerate(seeds):
        es = MiNES(np.ones(6), np.eye(6), precision_form="lowrank", seed=seed, **options)
        for _ in range(30):
            X = es.ask()
            es.tell(X, f(X))
        np.testing.assert_allclose(state.sigma_inv[i], es.sigma_inv, rtol=0, atol=1e-11)
        np.testing.assert_allclose(state.mean[i], es.mean, rtol=0, atol=1e-12)


def test_auto_is_lowrank_in_the_papers_regime_and_cholesky_inside_s_prime():
    """Σ₁⁻¹ = I (rank 0) in the paper's regime: the same iterates as precision_form="lowrank",
    bit for bit while the rank stays small. Σ₁⁻¹ = H with a small η₂ (never projected, full
    rank): the same iterates as "cholesky", bit for bit."""
    f = RotatedEllipsoid(40, 10.0, seed=0)
    options = {"alpha": 0.1, "batch_size": 3, "tau": 0.1 * f.sigma, "zeta": 10 * f.L, "eta1": 1e-2}
    for sigma_inv0, eta2, twin in (
        (np.eye(40), None, LowRankPlusIdentity),
        (f.H, 1e-4, CholeskyFactor),
    ):
        runs = [
            MiNES(np.ones(40), sigma_inv0, precision_form=form, seed=3, eta2=eta2, **options)
            for form in ("auto", _form_of(twin(None, None)))
        ]
        for _ in range(60):
            for es in runs:
                X = es.ask()
                es.tell(X, f(X))
        np.testing.assert_array_equal(runs[0].sigma_inv, runs[1].sigma_inv)
        np.testing.assert_array_equal(runs[0].mean, runs[1].mean)
        assert isinstance(runs[0].state.precision, twin)


def test_the_forms_share_one_interface():
    """``sample``, ``gradient``, ``mirror_step``, ``project`` and ``dense`` of each form, on one
    Σ⁻¹ = τ'I + rank 2 (d = 9, b = 2: the low-rank form updates in its subspace), against dense
    formulas: F Fᵀ = Σ (from z_i = F u_i with u = I), the rows r_i = Σ⁻¹ z_i give
    G̃ = Σ w_i r_i r_iᵀ − (Σw + 1)Σ⁻¹, the half step is Σ⁻¹ + ηG̃, and the projection clips
    the spectrum of the half step to [τ, ζ] (it has eigenvalues on both sides)."""
    rng = np.random.default_rng(40)
    d, tau, zeta = 9, 0.5, 4.0
    V = np.linalg.qr(rng.standard_normal((d, 2)))[0]
    sigma_inv = tau * np.eye(d) + (V * [2.0, 3.0]) @ V.T
    u, w, eta = rng.standard_normal((2, d)), np.array([3.0, -0.2]), np.float64(0.9)
    forms = [
        SymmetricRoot(sigma_inv),
        CholeskyFactor(sigma_inv, np.linalg.cholesky(sigma_inv)),
        LowRankPlusIdentity(sigma_inv, low_rank(sigma_inv, tau)),
    ]
    for form in forms:
        np.testing.assert_array_equal(form.dense(), sigma_inv)
        F_transposed, _ = form.sample(np.eye(d))  # rows F e_i
        np.testing.assert_allclose(
            F_transposed.T @ F_transposed, np.linalg.inv(sigma_inv), rtol=0, atol=1e-12
        )
        Z, factor = form.sample(u)
        rows = Z @ sigma_inv  # r_i = Σ⁻¹ z_i
        G = form.gradient(u, factor, w)
        expected = (rows.T * w) @ rows - (w.sum() + 1) * sigma_inv
        np.testing.assert_allclose(G, expected, rtol=0, atol=1e-12)
        half = form.mirror_step(eta, G, factor, w)
        np.testing.assert_allclose(half.dense(), sigma_inv + eta * expected, rtol=0, atol=1e-12)
        lam, U = np.linalg.eigh(sigma_inv + eta * expected)
        assert lam[0] < tau and lam[-1] > zeta  # outside S' both ways
        projection = half.project(tau, zeta)
        assert bool(projection.projected)
        np.testing.assert_allclose(
            projection.matrix, (U * np.clip(lam, tau, zeta)) @ U.T, rtol=0, atol=1e-12
        )
