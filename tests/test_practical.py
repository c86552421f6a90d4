"""The practical defaults of MiNES (``mines_theory.algorithm.practical``) and black-box
``minimize``.

Each rule is checked against its documented formula on a case computed by hand (or by an
independent closed form: uᵀHu for a second difference of a quadratic); the defaults run on
small problems to a stated target; bad input raises ValueError naming the parameter."""

import math
import re

import numpy as np
import pytest

from .conftest import SMALL_RUN, minimize_with
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.algorithm.mines import minimize
from mines_theory.algorithm.schedules import Estimate
from mines_theory.algorithm.algorithm1 import MiNESStrategy
from mines_theory.algorithm.practical import (
    CAP,
    Box,
    Termination,
    box_tau,
    termination_reason,
    termination_windows,
    FORGET,
    TAU_FACTOR,
    ZETA_FACTOR,
    CurvatureStep,
    PracticalEta2,
    curvature_scale,
    default_batch_size,
    practical_settings,
    prior_batches,
)


def _rosenbrock(X):
    return np.sum(100.0 * (X[:, 1:] - X[:, :-1] ** 2) ** 2 + (1.0 - X[:, :-1]) ** 2, axis=1)


def _ripples(X):
    """A bowl with ripples, ‖x‖² + 0.05 Σ_i cos(40 x_i): its second derivative along e_i is
    2 − 80 cos(40 x_i), negative where cos(40 x_i) > 1/40 (at x_i = 0.95: 2 − 80·0.955)."""
    return np.sum(X**2, axis=1) + 0.05 * np.sum(np.cos(40.0 * X), axis=1)


# ---------------------------------------------------------------------------------------------
# Each rule against its formula, by hand
# ---------------------------------------------------------------------------------------------


def test_batch_size_and_prior_batches_by_hand():
    # 3 ln 10 = 6.91, 3 ln 2 = 2.08, 3 ln 40 = 11.07
    assert [default_batch_size(d) for d in (1, 2, 10, 40)] == [4, 6, 10, 15]
    # ⌈10·11/20⌉ = ⌈5.5⌉ = 6, ⌈2·3/12⌉ = 1, ⌈40·41/30⌉ = ⌈54.67⌉ = 55
    assert (prior_batches(10, 10), prior_batches(2, 6), prior_batches(40, 15)) == (6, 1, 55)


def test_curvature_scale_by_hand():
    # s = (1 + 1 − 0)/1 = 2 and (4 + 4)/1 = 8: h₀ = 5; with σ₀ = 2, s = 2/4, 8/4: h₀ = 1.25
    assert curvature_scale(0.0, np.array([1.0, 4.0]), np.array([1.0, 4.0]), 1.0) == 5.0
    assert curvature_scale(0.0, np.array([1.0, 4.0]), np.array([1.0, 4.0]), 2.0) == 1.25
    # |s| counts: s = −2 and +8 give (2 + 8)/2 = 5
    assert curvature_scale(0.0, np.array([-1.0, 4.0]), np.array([-1.0, 4.0]), 1.0) == 5.0
    # all s = 0 (linear): the slope over the scale, |1 − (−1)|/(2·1²) = 1; flat: 1/σ₀² = 0.25
    assert curvature_scale(0.0, np.array([1.0]), np.array([-1.0]), 1.0) == 1.0
    assert curvature_scale(3.0, np.array([3.0]), np.array([3.0]), 2.0) == 0.25


def test_settings_from_a_quadratic_match_u_h_u():
    """On f = ½xᵀHx the calibration's second differences are u_iᵀHu_i exactly (an independent
    closed form): h₀ = mean |u_iᵀHu_i| for the same directions, then α = σ₀√h₀, Σ₁⁻¹ = h₀I,
    τ = 1e-4 h₀, ζ = 1e4 h₀."""
    H = np.diag([1.0, 4.0, 9.0])
    f = lambda X: 0.5 * np.einsum("ni,ij,nj->n", X, H, X)  # noqa: E731
    scale = 0.5
    settings = practical_settings(f, np.zeros(3), np.random.default_rng(7), scale=scale)
    u = np.random.default_rng(7).standard_normal((settings.batch_size, 3))
    h0 = np.mean(np.abs(np.einsum("ni,ij,nj->n", u, H, u)))
    assert settings.batch_size == 4 + math.floor(3 * math.log(3)) == 7
    assert settings.curvature == pytest.approx(h0, rel=1e-12)
    assert settings.alpha == pytest.approx(scale * math.sqrt(h0), rel=1e-12)
    np.testing.assert_allclose(settings.sigma_inv0, h0 * np.eye(3), rtol=1e-12)
    assert (settings.tau, settings.zeta) == pytest.approx((1e-4 * h0, 1e4 * h0), rel=1e-12)
    assert (TAU_FACTOR, ZETA_FACTOR) == (1e-4, 1e4)
    assert settings.evaluations == 2 * 7 + 1
    assert settings.eta2.prior == math.ceil(3 * 4 / (2 * 7)) == 1


def _estimate(second, g=(1.0, 0.0)):
    second = np.asarray(second, float)
    return Estimate(np.asarray(g, float), np.zeros((2, 2)), second)


def _state(sigma_inv, eta1=np.nan):
    strategy = MiNESStrategy(dim=2, alpha=1.0, batch_size=2, tau=1e-3, zeta=1e3, eta1=1.0)
    state = strategy.init(np.zeros(2), sigma_inv)
    return type(state)(state.mean, state.precision, state.k, state.projections, eta1)


def test_curvature_step_by_hand():
    """d = b = 2, s = (1, 3): λ̂ = 3/2, T̂ = 2, η = 1/(1.5·1.5 + 2/2) = 1/3.25; with g = (1, 0)
    and Σ⁻¹ = 4I, ‖g‖_{Σ⁻¹} = 2 and the cap α/2 binds for α = 0.2 (0.1 < 1/3.25)."""
    state = _state(4.0 * np.eye(2))
    assert CAP == 1.0
    assert float(CurvatureStep(2, 2, 1.0)(1, state, _estimate([1.0, 3.0]))) == pytest.approx(
        1 / 3.25, rel=1e-14
    )
    assert float(CurvatureStep(2, 2, 0.2)(1, state, _estimate([1.0, 3.0]))) == pytest.approx(
        0.1, rel=1e-14
    )
    # negative curvature gives the same step as its magnitude: finite and > 0 at k = 1
    assert float(CurvatureStep(2, 2, 1.0)(1, state, _estimate([-1.0, -3.0]))) == pytest.approx(
        1 / 3.25, rel=1e-14
    )
    # every s_i = 0: b/(b + d + 1) = 2/5 at k = 1, the previous step later
    assert float(CurvatureStep(2, 2, 1.0)(1, state, _estimate([0.0, 0.0]))) == 0.4
    assert (
        float(CurvatureStep(2, 2, 1.0)(5, _state(4.0 * np.eye(2), 0.25), _estimate([0.0, 0.0])))
        == 0.25
    )


def test_eta2_by_hand():
    """k₀ = 2, b = 2: 1/(k + 2) while small, ½/(1 + Σ|w_i|) with w_i = s_i/4 when larger
    curvature would push c_k below ½, and 1/(FORGET·3 + 2) from k = FORGET·3 on."""
    rule, state = PracticalEta2(2), _state(np.eye(2))
    assert float(rule(1, state, _estimate([0.0, 0.0]))) == pytest.approx(1 / 3)
    assert float(rule(1, state, _estimate([4.0, -4.0]))) == pytest.approx(0.5 / 3)  # Σ|w| = 2
    assert FORGET == 10
    assert float(rule(10**6, state, _estimate([0.0, 0.0]))) == pytest.approx(1 / 32)
    # c_k = 1 − η₂(1 + Σw) ≥ ½ for any positive weights
    for s in ([0.1, 0.2], [10.0, 30.0], [1e6, 1e6]):
        eta = float(rule(1, state, _estimate(s)))
        assert 1 - eta * (1 + sum(s) / 4) >= 0.5 - 1e-15


# ---------------------------------------------------------------------------------------------
# The defaults on small problems
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dim, condition, target", [(3, 1e2, 1e-12), (10, 1e4, 1e-3)])
def test_defaults_reach_a_target_on_rotated_ellipsoids(dim, condition, target):
    f = RotatedEllipsoid(dim, condition, seed=1)
    for seed in range(2):
        res = minimize(f, np.ones(dim), max_evaluations=1000 * dim, seed=seed, target=target)
        assert res.success, (seed, res.fun)
        assert res.settings is not None and res.nfev <= 1000 * dim


def test_defaults_on_rosenbrock_reach_a_modest_target():
    """From (−1.2, 1), f = 24.2, with σ₀ = 0.1: f(μ_k) ≤ 1 within 4000 values in 5 of 10 seeds
    (measured); the fixed α (rule 2) leaves a noise floor above that on the curved valley, so
    the target is f ≤ 1, and at least 3 of 10 seeds must reach it."""
    hits = [
        minimize(
            _rosenbrock,
            np.array([-1.2, 1.0]),
            max_evaluations=4000,
            seed=seed,
            scale=0.1,
            target=1.0,
            vectorized=True,
        ).success
        for seed in range(10)
    ]
    assert sum(hits) >= 3, hits


def test_defaults_survive_negative_second_differences_at_the_start():
    """At x₀ = 0.95·1 the rippled bowl's second differences at the scale σ₀ = 0.01 are negative
    along every axis (checked below, not assumed): the case where the Hutchinson step had no
    fallback at k = 1. The defaults run, and reach the bowl's bottom, f ≤ 0.25 (from f(x₀) =
    3.79; f(0) = 0.2, the ripples' depth)."""
    x0 = np.full(4, 0.95)
    scale = 0.01
    u = np.eye(4)
    second = (
        _ripples(x0 + scale * u) + _ripples(x0 - scale * u) - 2 * _ripples(x0[None])
    ) / scale**2
    assert np.all(second < 0), second
    for seed in range(3):
        res = minimize(
            _ripples, x0, max_evaluations=4000, seed=seed, scale=scale, target=0.25, vectorized=True
        )
        assert res.success, (seed, res.fun)


# ---------------------------------------------------------------------------------------------
# The paper's settings are untouched; bad input
# ---------------------------------------------------------------------------------------------


def test_paper_settings_take_no_calibration():
    f = RotatedEllipsoid(3, 4.0, seed=0)
    res = minimize(f, np.ones(3), **SMALL_RUN, max_evaluations=71, seed=0)
    assert res.settings is None and res.nfev == 71 and res.history["evaluations"].iloc[0] == 7


def test_calibration_counts_in_the_budget():
    f = RotatedEllipsoid(3, 4.0, seed=0)
    res = minimize(f, np.ones(3), max_evaluations=100, seed=0)
    first = res.settings.evaluations
    assert first == 15  # b = 7: 2b + 1
    assert res.history["evaluations"].iloc[0] == first + 15
    assert res.nfev <= 100 and res.nfev == res.history["evaluations"].iloc[-1] + 1


# ---------------------------------------------------------------------------------------------
# Issue 36: the settings and the budget mean what they say
# ---------------------------------------------------------------------------------------------


def test_a_given_alpha_is_the_runs_alpha_and_its_step_cap():
    """alpha = 0.01 with the other defaults: the cap of η₁ is 0.01 (it was the calibration's α),
    ``res.settings`` is what ran (α, τ, ζ, η₁, η₂ and Σ₁⁻¹ = clip(h₀, τ, ζ)·I), and on one
    batch the run moves the mean by at most CAP·α in the Σ₁⁻¹ norm."""
    f = RotatedEllipsoid(3, 4.0, seed=0)
    alone = minimize(f, np.ones(3), max_evaluations=100, seed=0).settings
    res = minimize(f, np.ones(3), alpha=0.01, tau=5.0, max_evaluations=31, seed=0)
    s = res.settings
    assert (s.alpha, s.eta1.alpha, s.tau, s.zeta) == (0.01, 0.01, 5.0, alone.zeta)
    assert (s.curvature, s.eta2) == (alone.curvature, alone.eta2) and s.curvature < 5.0
    np.testing.assert_array_equal(s.sigma_inv0, 5.0 * np.eye(3))  # h₀ < τ: clipped up to τ
    step = res.mean - np.ones(3)
    assert res.nit == 1 and np.sqrt(step @ s.sigma_inv0 @ step) <= CAP * 0.01 * (1 + 1e-12)
    assert s == minimize(f, np.ones(3), alpha=0.01, tau=5.0, max_evaluations=31, seed=0).settings
    assert s != alone and alone == alone


@pytest.mark.parametrize("budget", [9, 10, 17, 18, 99, 100, 101, 150])
def test_max_evaluations_is_a_maximum_the_final_value_included(budget):
    """d = 1 (b = 4, 9 values per batch): every value f is asked for counts, and their number
    is at most the budget, from the calibration batch alone (9, the boundary 2b+1; it used to
    be 10 with the final f(x)) on; the calibration and as many iterations as fit, then the final
    mean if one value is left."""
    calls = []

    def f(X):
        calls.append(X.shape[0])
        return X[:, 0] ** 2

    res = minimize(f, np.ones(1), max_evaluations=budget, seed=0, vectorized=True)
    assert sum(calls) == res.nfev <= budget and res.nfev > budget - 9
    iterations = (budget - 9) // 9
    assert res.nit == iterations and res.status == 1
    assert (res.fun_mean is not None) == (budget - 9 - 9 * iterations >= 1 or iterations == 0)


def test_a_budget_below_the_calibration_is_refused_before_f_is_evaluated():
    def f(X):
        raise AssertionError("f evaluated")

    with pytest.raises(ValueError, match=r"max_evaluations must cover the calibration .* got 5"):
        minimize(f, np.zeros(2), max_evaluations=5)
    with pytest.raises(ValueError, match=r"alpha must be a finite number > 0, got -1"):
        minimize(f, np.zeros(2), alpha=-1.0, max_evaluations=100)


def test_a_batch_too_large_for_memory_is_named_before_anything_is_allocated():
    """batch_size = 10**9 with the other defaults tried to draw 2·10⁹ normals (14.9 GiB)."""
    with pytest.raises(ValueError, match=r"batch_size = 1000000000 would need .* GiB"):
        minimize(lambda X: X[:, 0], np.zeros(2), batch_size=10**9, max_evaluations=100)


@pytest.mark.parametrize(
    "f, stop",
    [
        (lambda X: np.full(X.shape[0], 1e308), r"stopped at k = 1: the differences of f"),
        (lambda X: 1e300 * np.sum(X, axis=1), r"max_evaluations reached|stopped at k = \d+: f"),
    ],
)
def test_objectives_too_large_for_the_arithmetic_end_with_a_status(f, stop):
    """A constant 1e308 and 1e300·Σx are valid objectives: the first overflows f(μ+αz) +
    f(μ−αz) at once, the second the norm in η₁'s cap (that cap said "eta1 returned 0.0", blaming
    a setting the user never gave). Each run ends with a result: success False, a message
    saying why, and x a point whose value fun is f(x)."""
    res = minimize(f, np.zeros(2), max_evaluations=300, seed=0, vectorized=True)
    assert not res.success and re.match(stop, res.message) and res.status in (1, 2)
    assert res.fun == f(res.x[None])[0] and np.isfinite(res.x).all()


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"scale": -1.0}, "scale must be a finite number > 0, got -1.0"),
        (
            {"scale": 1.0, "alpha": 0.1, "batch_size": 3, "tau": 0.5, "zeta": 8.0, "eta1": 0.1},
            "scale must be None when alpha, batch_size, tau, zeta and eta1 are all given",
        ),
        ({"max_evaluations": 10}, r"max_evaluations must cover the calibration batch .*2b\+1 = 15"),
        ({"batch_size": 0}, "batch_size must be an integer >= 1, got 0"),
        ({"tau": 2.0, "zeta": 1.0}, "tau must be <= zeta"),
    ],
)
def test_bad_input(kwargs, match):
    f = RotatedEllipsoid(3, 4.0, seed=0)
    with pytest.raises(ValueError, match=match):
        minimize(f, np.ones(3), **{"max_evaluations": 100, **kwargs})


def test_defaults_run_on_every_bbob_function():
    """The issue's failure: bbob f2, f10, f11 stopped at k = 1. Every bbob function in d = 2
    and 5 (instance 1, COCO's initial solution, σ₀ = 2, budget 200·d) runs without error."""
    cocoex = pytest.importorskip("cocoex")
    suite = cocoex.Suite("bbob", "", "dimensions:2,5 instance_indices:1")
    for problem in suite:
        res = minimize(
            lambda X, p=problem: np.array([p(x) for x in X]),
            problem.initial_solution,
            max_evaluations=200 * problem.dimension,
            scale=2.0,
            seed=1,
            vectorized=True,
        )
        assert np.isfinite(res.fun), problem.id


# ---------------------------------------------------------------------------------------------
# Rule 7: the search domain
# ---------------------------------------------------------------------------------------------


def test_box_transform_by_hand():
    """On [−5, 5] the margins are min(10/2, max(1, 5)/20) = 0.25: identity on [−4.75, 4.75];
    5 → 5 − (5 − 5.25)²/(4·0.25) = 4.9375; 5.25 → 5 (the bound); 6 is mirrored at 5.25 to 4.5;
    25.5 is one period 2(10 + 0.5) = 21 beyond 4.5; −5.25 → −5."""
    box = Box(np.full(1, -5.0), np.full(1, 5.0))
    y = box.transform(np.array([[0.0], [4.75], [5.0], [5.25], [6.0], [25.5], [-5.25]]))
    np.testing.assert_allclose(y[:, 0], [0.0, 4.75, 4.9375, 5.0, 4.5, 4.5, -5.0], atol=1e-14)
    np.testing.assert_array_equal(box.repair(np.array([[6.0], [-7.0], [1.0]]))[:, 0], [5, -5, 1])


def test_box_transform_is_pycmas():
    """The same values as pycma's own BoxConstraintsLinQuadTransformation (an independent
    implementation), on points far inside, in the margins and many periods away."""
    transformations = pytest.importorskip("cma.transformations")
    lower, upper = np.array([-5.0, 0.0, 1.0]), np.array([5.0, 30.0, 1.5])
    theirs = transformations.BoxConstraintsLinQuadTransformation(list(zip(lower, upper)))
    X = np.random.default_rng(3).normal(0.0, 40.0, size=(200, 3))
    ours = Box(lower, upper).transform(X)
    np.testing.assert_allclose(ours, np.array([theirs(x) for x in X]), rtol=1e-12, atol=1e-12)
    assert np.all((ours >= lower) & (ours <= upper))


def test_settings_with_a_box_scale_sigma0_and_tau():
    """On f = ½xᵀHx in the box [−5, 5] × [−5, 5] × [−1, 1]: σ₀ = mean width/5 = (10 + 10 + 2)/15,
    h₀ = mean |u_iᵀHu_i| (the closed form, as above), τ = min(h₀, α²/w_min²) = h₀ (σ₀/2)²
    (α² = σ₀²h₀, w_min = 2), ζ = 1e4 h₀."""
    H = np.diag([1.0, 4.0, 9.0])
    f = lambda X: 0.5 * np.einsum("ni,ij,nj->n", X, H, X)  # noqa: E731
    box = Box(np.array([-5.0, -5.0, -1.0]), np.array([5.0, 5.0, 1.0]))
    settings = practical_settings(f, np.zeros(3), np.random.default_rng(7), box=box)
    sigma0 = 22.0 / 15.0
    u = np.random.default_rng(7).standard_normal((settings.batch_size, 3)) * sigma0
    h0 = np.mean(np.abs(np.einsum("ni,ij,nj->n", u, H, u))) / sigma0**2
    assert settings.scale == pytest.approx(sigma0, rel=1e-15)
    assert settings.curvature == pytest.approx(h0, rel=1e-12)
    assert settings.tau == pytest.approx(h0 * (sigma0 / 2.0) ** 2, rel=1e-12)
    assert settings.zeta == pytest.approx(1e4 * h0, rel=1e-12)
    # a σ₀ wider than the box: τ = h₀, the spread never exceeds σ₀
    assert box_tau(3.0, 5.0, box) == 3.0


def test_project_keeps_the_mean_in_the_box():
    """f = ‖x − c‖² in [−5, 5]². With c = (4.5, −4.8) inside, near two faces (the first samples
    spread σ₀ = 2 and cross them), every mean lies in the box and the run converges to c (the
    central differences are exact on a quadratic; the projection is inactive there). With
    c = (7, 1) outside, every mean lies in the box and the first coordinate ends on the face,
    x₀ = 5 exactly (the second is not clip(c)₁ = 1: the Euclidean projection of a step
    preconditioned by a noisy Σ has its fixed point off the constrained minimizer)."""
    for c, expected in ((np.array([4.5, -4.8]), [4.5, -4.8]), (np.array([7.0, 1.0]), None)):

        def f(X, c=c):
            return np.sum((X - c) ** 2, axis=1)

        means = []
        res = minimize(
            f,
            np.zeros(2),
            max_evaluations=3000,
            bounds=(-5.0, 5.0),
            seed=0,
            vectorized=True,
            callback=lambda r: means.append(r.mean),
        )
        assert np.abs(means).max() <= 5.0 and len(means) == res.nit
        assert np.all(np.abs(res.x) <= 5.0)
        if expected is not None:
            np.testing.assert_allclose(res.x, expected, atol=1e-6)
        else:
            assert res.mean[0] == 5.0
        assert res.settings.scale == 2.0  # a fifth of the width 10


def test_transform_evaluates_inside_the_box_only():
    """With "transform" every point that f sees lies in the box, and x = T(μ) does too."""
    seen = []

    def f(X):
        seen.append(X.copy())
        return np.sum((X - 4.9) ** 2, axis=1)

    res = minimize(
        f,
        np.zeros(3),
        max_evaluations=600,
        bounds=(-5, 5),
        bound_handling="transform",
        seed=1,
        vectorized=True,
    )
    points = np.concatenate(seen)
    assert points.min() >= -5.0 and points.max() <= 5.0
    assert np.all(np.abs(res.x) <= 5.0) and np.all(np.abs(res.mean) <= 5.0)
    assert res.settings.box.handling == "transform"


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"bounds": (5.0, -5.0)}, "bounds must have lower < upper in every coordinate"),
        ({"bounds": (np.zeros(2), np.ones(2))}, "bounds must be vectors of length 3"),
        ({"bounds": 5.0}, r"bounds must be a pair \(lower, upper\)"),
        ({"bounds": (-np.inf, 1.0)}, "bounds must be finite"),
        (
            {"bounds": (-1, 1), "bound_handling": "clip"},
            r"bound_handling must be one of 'project', 'transform', got 'clip'",
        ),
    ],
)
def test_bad_bounds(kwargs, match):
    f = RotatedEllipsoid(3, 4.0, seed=0)
    with pytest.raises(ValueError, match=match):
        minimize(f, np.zeros(3), max_evaluations=100, **kwargs)


# ---------------------------------------------------------------------------------------------
# Rule 8: termination
# ---------------------------------------------------------------------------------------------


def test_termination_windows_by_hand():
    # d = 10, λ = 21: W = 10 + ⌈300/21⌉ = 10 + 15, S = 100 + ⌈100·10^1.5/21⌉ = 100 + ⌈150.6⌉
    # d = 2, λ = 13: W = 10 + ⌈60/13⌉ = 15, S = 100 + ⌈282.8/13⌉ = 100 + 22
    assert termination_windows(10, 21) == (25, 251)
    assert termination_windows(2, 13) == (15, 122)


def test_termination_rules_by_hand():
    """d = 2, λ = 13: W = 15, S = 122. Each rule on a history made to fire it, and not one
    value earlier; each history changed in one place no longer fires it."""
    d, per = 2, 13
    # flat: 15 values within 1e-11; 14 are not enough; a spread of 2e-11 is not flat
    flat = np.concatenate([np.arange(10.0, 0.0, -1.0), np.full(15, 0.5)])
    assert termination_reason(flat, None, d, per).startswith("flat f")
    assert termination_reason(flat[:-1], None, d, per) is None
    bumped = flat.copy()
    bumped[-8] += 2e-11
    assert termination_reason(bumped, None, d, per) is None
    # pinned: projected in each of the last 15 updates, none of them a new best
    values = np.concatenate([np.arange(10.0, 0.0, -1.0), 1.0 + np.arange(15) % 2])
    pinned = np.ones(25, bool)
    assert termination_reason(values, pinned, d, per).startswith("pinned at the edge of S'")
    unpinned = pinned.copy()
    unpinned[-3] = False
    assert termination_reason(values, unpinned, d, per) is None
    improving = values.copy()
    improving[-1] = 0.5  # a new best in the window
    assert termination_reason(improving, pinned, d, per) is None
    assert termination_reason(values, None, d, per) is None  # no S': not tested
    # stagnation: no new best in the last 122 of 123 values; one new best at the end resets it
    stalled = np.concatenate([[0.0], 1.0 + np.arange(122) % 3])
    assert termination_reason(stalled, None, d, per).startswith("stagnation")
    assert termination_reason(stalled[:-1], None, d, per) is None
    fresh = stalled.copy()
    fresh[-1] = -1.0
    assert termination_reason(fresh, None, d, per) is None


def test_termination_history_matches_the_rule_on_the_whole_history():
    """``Termination`` keeps only the last W values, the best and when it was first reached:
    on long random histories (random walks, drifts, and integer values, which tie often) it
    answers as ``termination_reason`` on the whole history, at every step, with and without
    the projection flags."""
    rng = np.random.default_rng(5)
    histories = [np.cumsum(rng.normal(0.0, 1.0, 700)) + 0.05 * np.arange(700) * t for t in range(3)]
    histories.append(rng.integers(0, 4, 700).astype(float))
    histories.append(np.repeat(rng.normal(0.0, 1.0, 70), 10))  # plateaus: "flat f"
    for values in histories:
        projected = rng.random(700) < 0.9
        for flags in (True, False):
            rule = Termination(2, 13, projections=flags)
            for k in range(700):
                ours = rule.add(values[k], projected[k])
                theirs = termination_reason(
                    values[: k + 1], projected[: k + 1] if flags else None, 2, 13
                )
                assert ours == theirs, k
                if ours is not None:
                    break


def test_minimize_stops_by_rule_8_with_the_defaults_only():
    """A constant f: "flat f" after W iterations with the practical defaults (message), the
    whole budget with the paper's settings or with terminate=False."""
    f = lambda X: np.full(X.shape[0], 3.0)  # noqa: E731
    res = minimize(f, np.zeros(2), max_evaluations=2000, seed=0, vectorized=True)
    window = termination_windows(2, 2 * res.settings.batch_size + 1)[0]
    assert res.message.startswith("flat f") and res.nit == window and res.status == 3
    assert res.success and list(res.stops) == ["flat"]  # converged, no target given
    with_target = minimize(f, np.zeros(2), max_evaluations=2000, target=0.0, vectorized=True)
    assert with_target.status == 3 and not with_target.success
    full = minimize(f, np.zeros(2), max_evaluations=2000, terminate=False, vectorized=True)
    assert full.message.startswith("max_evaluations reached") and full.status == 1
    paper = minimize(
        f,
        np.zeros(2),
        alpha=0.1,
        batch_size=2,
        tau=0.5,
        zeta=2.0,
        eta1=0.1,
        max_evaluations=500,
        vectorized=True,
    )
    assert paper.message.startswith("max_evaluations reached") and paper.status == 1


def test_a_diverging_first_step_names_its_cause():
    """Hand-picked settings with a step far too large for f: an early step sends μ where f
    is not finite; the run stops there (status 2, x the last mean whose value is known) and
    the message says which step, by how much, and what to change."""

    def f(X):  # a bowl with a wall: not finite beyond ‖x‖ = 10
        squares = np.sum(X**2, axis=1)
        return np.where(squares <= 100.0, squares, np.inf)

    res = minimize_with(
        f,
        np.full(2, 1.0),
        alpha=0.1,
        b=2,
        S=(0.5, 2.0),
        eta1=10.0,
        max_evaluations=100,
        seed=0,
        vectorized=True,
    )
    assert res.status == 2 and not res.success
    assert re.search(
        r"non-finite value inf.*The cause: the mean step of iteration \d+ \(eta1 = 10 times"
        r".*times the samples' largest standard deviation.*eta1 is too large",
        res.message,
    ), res.message
    assert np.isfinite(res.fun) and res.fun == f(res.x[None, :])[0]
