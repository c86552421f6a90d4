"""Algorithm 1 (``algorithm``): MiNESStrategy's ask and tell, MiNES and minimize. The
estimators are tested in test_estimators.py, the forms of Σ⁻¹ in test_precision.py."""

import dataclasses
import math
import re
import warnings
from fractions import Fraction

import numpy as np
import pytest

from mines_theory.algorithm.mines import MiNES, minimize
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.algorithm.estimators import mean_gradient, sigma_gradient
from mines_theory.algorithm.algorithm1 import MiNESStrategy, StepsRoundedAway
from mines_theory.linalg.spd import project_eigenvalues, spectrum_within
from mines_theory.algorithm.schedules import HutchinsonStep

from .conftest import SMALL_RUN, mines, minimize_with, paper_settings, random_spd

K_SE = 5.0  # Monte-Carlo tolerance: |mean − expected| ≤ K_SE standard errors, entry by entry

_H3 = random_spd(np.random.default_rng(31), 3, eigenvalues=[0.5, 2.0, 6.0])  # non-diagonal


def _quadratic(X):
    """q(x) = ½ xᵀHx with the rotated H above (eigenvalues 0.5, 2, 6)."""
    X = np.atleast_2d(X)
    return 0.5 * np.einsum("ni,ij,nj->n", X, _H3, X)


# ---------------------------------------------------------------------------------------------
# Unbiased on a quadratic: E[g̃] = Σ∇f (Lemma 4.1), E[G̃] = H − Σ⁻¹ (Lemma C.1), and what ask draws
# ---------------------------------------------------------------------------------------------


def _mean_and_se(samples):
    samples = np.asarray(samples)
    return samples.mean(axis=0), samples.std(axis=0, ddof=1) / np.sqrt(samples.shape[0])


def _assert_within_se(mean, se, expected, k=K_SE):
    z = np.abs(mean - expected) / se
    assert np.all(z <= k), f"max |z| = {z.max():.2f} > {k}: mean {mean}, expected {expected}"


@pytest.fixture
def quadratic_case():
    rng = np.random.default_rng(11)
    f = RotatedEllipsoid(3, condition=10.0, seed=3, minimizer=np.array([1.0, -2.0, 0.5]))
    mu = np.array([0.3, 0.2, -0.4])
    sigma_inv = random_spd(rng, 3, 0.2, 8.0)
    return f, mu, sigma_inv


def test_pure_estimators_unbiased_on_quadratic(quadratic_case):
    """Lemma 4.1: E g̃ = Σ ∇f(μ); Lemma 4.3 / C.1: E G̃ = H − Σ⁻¹ (quadratic f, exact).
    400 independent batches of b = 250 directions; tolerance 5 standard errors."""
    f, mu, sigma_inv = quadratic_case
    rng = np.random.default_rng(2024)
    gs, Gs = [], []
    for _ in range(400):
        u = rng.standard_normal((250, 3))
        gs.append(mean_gradient(f, mu, sigma_inv, 0.7, u))
        Gs.append(sigma_gradient(f, mu, sigma_inv, 0.7, u))
    _assert_within_se(*_mean_and_se(gs), np.linalg.solve(sigma_inv, f.gradient(mu)))
    _assert_within_se(*_mean_and_se(Gs), f.H - sigma_inv)


def test_ask_tell_applies_unbiased_estimates(quadratic_case):
    """What MiNES.ask samples and MiNES.tell applies: with constant η1, η2 small enough that
    no projection happens, (μ_k − μ_{k+1})/η1 = g̃ and (Σ⁻¹_{k+1} − Σ⁻¹_k)/η2 = G̃. Over 2000
    independent one-step runs with b = 200 their means must be Σ∇f(μ) and H − Σ⁻¹ (5 standard
    errors). The broken shortcut of DESIGN.md (a Cholesky factor C for Σ^{1/2} and C⁻¹ for
    Σ^{-1/2}, i.e. W = u L instead of u Lᵀ in ``ask``) gives |z| up to 9.9 here and fails."""
    f, mu, sigma_inv = quadratic_case
    eta1, eta2 = 0.5, 1e-3
    seeds = np.random.SeedSequence(77).spawn(2000)
    gs, Gs = [], []
    for seed in seeds:
        es = mines(mu, sigma_inv, alpha=0.7, b=200, S=(1e-3, 1e3), eta1=eta1, eta2=eta2, seed=seed)
        X = es.ask()
        es.tell(X, f(X))
        assert spectrum_within(es.sigma_inv, 1e-3, 1e3)  # strictly inside: not projected
        gs.append((mu - es.mean) / eta1)
        Gs.append((es.sigma_inv - sigma_inv) / eta2)
    _assert_within_se(*_mean_and_se(gs), np.linalg.solve(sigma_inv, f.gradient(mu)))
    _assert_within_se(*_mean_and_se(Gs), f.H - sigma_inv)


def test_ask_layout_and_distribution(quadratic_case):
    """Row 0 is μ, rows 1..b are μ + αz_i, rows b+1..2b are μ − αz_i, z_i ~ N(0, Σ):
    the sample covariance of (X[1:b+1] − μ)/α over 20000 draws matches Σ (5 standard errors)."""
    _, mu, sigma_inv = quadratic_case
    es = MiNES(mu, sigma_inv, alpha=0.5, batch_size=20000, tau=0.1, zeta=10.0, eta1=0.1, seed=1)
    X = es.ask()
    b = 20000
    np.testing.assert_array_equal(X[0], mu)
    Z = (X[1 : b + 1] - mu) / 0.5
    np.testing.assert_allclose((X[b + 1 :] - mu) / 0.5, -Z, atol=1e-12)
    products = Z[:, :, None] * Z[:, None, :]
    _assert_within_se(*_mean_and_se(products), np.linalg.inv(sigma_inv))


# ---------------------------------------------------------------------------------------------
# The iteration's record: counters, seeds, what tell hands to a record hook
# ---------------------------------------------------------------------------------------------


def test_evaluations_and_iterations_are_counted():
    f = RotatedEllipsoid(4, 10.0, seed=0)
    es = MiNES(np.ones(4), np.eye(4), alpha=0.1, batch_size=3, tau=0.5, zeta=20.0, eta1=0.1, seed=0)
    for k in range(5):
        X = es.ask()
        assert X.shape == (7, 4)
        es.tell(X, f(X))
    assert (es.iteration, es.evaluations) == (5, 35)


def test_projections_are_counted():
    """With η_{2,1} = 1 and b < d, Σ₂⁻¹ is the projection of a single batch estimate, which has
    d − b eigenvalues at most −(Σw)·λ < τ: the first update must project; with a tiny constant η₂
    from Σ₁⁻¹ = H deep inside S', none may."""
    f = RotatedEllipsoid(6, 10.0, seed=0)
    es = MiNES(np.zeros(6), f.H, alpha=0.1, batch_size=2, tau=0.5, zeta=20.0, eta1=1e-3, seed=0)
    X = es.ask()
    es.tell(X, f(X))
    assert es.projections == 1
    np.testing.assert_allclose(np.linalg.eigvalsh(es.sigma_inv)[:4], 0.5)
    calm = MiNES(
        np.zeros(6), f.H, alpha=0.1, batch_size=2, tau=0.5, zeta=20.0, eta1=1e-3, eta2=1e-6, seed=0
    )
    for _ in range(20):
        X = calm.ask()
        calm.tell(X, f(X))
    assert calm.projections == 0


def test_same_seed_same_history():
    f = RotatedEllipsoid(4, 100.0, seed=2)
    kwargs = paper_settings(
        alpha=0.05,
        b=4,
        S=(0.5, 200.0),
        eta1=1e-3,
        sigma_inv0=f.L * np.eye(4),
        max_evaluations=900,
        seed=123,
    )
    r1, r2 = minimize(f, np.ones(4), **kwargs), minimize(f, np.ones(4), **kwargs)
    np.testing.assert_array_equal(r1.history.to_numpy(), r2.history.to_numpy())
    np.testing.assert_array_equal(r1.x, r2.x)
    r3 = minimize(f, np.ones(4), **{**kwargs, "seed": 124})
    assert not np.array_equal(r1.x, r3.x)


def test_iteration_record_holds_the_sample_values_steps_and_projection_flag():
    """``es.info`` after the first tell: the directions u are the first draw of
    default_rng(seed), the query points are those ``ask`` returned, the values those told,
    η₂ = 1/k = 1 (default), and the update was projected (Σ₁⁻¹ = H, b = 2 < d = 6, η₂ = 1:
    Σ₁⁻¹ + G̃ has d − b eigenvalues ≤ −(Σw)λ_min(H) < τ, see test_projections_are_counted)."""
    H = random_spd(np.random.default_rng(34), 6, eigenvalues=[1.0, 1.5, 2.0, 4.0, 7.0, 10.0])

    def f(X):
        return 0.5 * np.einsum("ni,ij,nj->n", X, H, X)

    es = MiNES(np.zeros(6), H, alpha=0.1, batch_size=2, tau=0.5, zeta=20.0, eta1=1e-3, seed=8)
    X = es.ask()
    values = f(X)
    es.tell(X, values)
    u = np.random.default_rng(8).standard_normal((2, 6))
    np.testing.assert_array_equal(es.info.sample.u, u)
    np.testing.assert_array_equal(es.info.sample.X, X)
    np.testing.assert_array_equal(es.info.values, values)
    assert float(es.info.eta2) == 1.0
    assert bool(es.info.projected) is True and es.projections == 1


def test_lockstep_init_has_one_counter_and_one_previous_step_per_seed():
    """``init(…, num_seeds=3)``: ``projections`` is an integer count per seed, all 0, and
    ``eta1`` (the previous step, none yet at k = 1) is NaN per seed."""
    strategy = MiNESStrategy(dim=2, alpha=0.1, batch_size=2, tau=0.5, zeta=4.0, eta1=0.1)
    state = strategy.init(np.ones(2), np.eye(2), num_seeds=3)
    assert state.projections.shape == (3,) and np.issubdtype(state.projections.dtype, np.integer)
    np.testing.assert_array_equal(state.projections, [0, 0, 0])
    assert state.eta1.dtype == np.float64 and state.eta1.shape == (3,)
    assert np.all(np.isnan(state.eta1))


# ---------------------------------------------------------------------------------------------
# Step sizes: η₂ = 1/k by default (Lemma 5.3), what a schedule receives, what tell accepts
# ---------------------------------------------------------------------------------------------


def test_default_eta2_is_one_over_k():
    """With η_{2,k} = 1/k the first update replaces Σ⁻¹ by Π_S'(Σ₁⁻¹ + G̃) (η_{2,1} = 1): the
    default must equal an explicit callable 1/k."""
    f = RotatedEllipsoid(3, 10.0, seed=0)
    runs = []
    for eta2 in (None, lambda k, state, estimate: 1.0 / k):
        es = mines(
            np.ones(3), np.eye(3), alpha=0.1, b=3, S=(0.5, 20.0), eta1=0.1, eta2=eta2, seed=4
        )
        for _ in range(6):
            X = es.ask()
            es.tell(X, f(X))
        runs.append(es.sigma_inv)
    np.testing.assert_array_equal(runs[0], runs[1])


def test_schedules_receive_k_the_state_before_and_the_estimate():
    seen = []

    def eta1(k, state, estimate):
        seen.append((k, state.k, state.mean.copy(), estimate.second_differences.copy()))
        return 0.1

    f = RotatedEllipsoid(2, 4.0, seed=0)
    es = MiNES(np.ones(2), np.eye(2), alpha=0.1, batch_size=2, tau=0.5, zeta=8.0, eta1=eta1, seed=0)
    for _ in range(3):
        mean_before = es.mean
        X = es.ask()
        es.tell(X, f(X))
        np.testing.assert_array_equal(seen[-1][2], mean_before)
        # on a quadratic the second differences are z_iᵀHz_i, z_i = (X[i] − μ)/α
        Z = (X[1:3] - mean_before) / 0.1
        np.testing.assert_allclose(seen[-1][3], np.einsum("bi,ij,bj->b", Z, f.H, Z), rtol=1e-6)
    assert [s[:2] for s in seen] == [(1, 1), (2, 2), (3, 3)]


def _fitted_slope(k, y):
    return np.polyfit(np.log(k), np.log(y), 1)[0]


def test_precision_error_decays_like_one_over_k():
    """Lemma 5.3 on a quadratic with τ ≤ λmin(H), ζ ≥ λmax(H): ‖Σ_k⁻¹ − H‖²_F ~ C/k. The
    mean over 8 seeds of the squared error, fitted on log-log axes over the last decade
    (k = 300..3000), has a slope in [−1.3, −0.7]."""
    d = 5
    f = RotatedEllipsoid(d, 10.0, seed=5)
    K = 3000
    errors = np.zeros((8, K))
    for s, seed in enumerate(np.random.SeedSequence(5).spawn(8)):
        es = mines(
            np.zeros(d),
            np.eye(d) * f.L,
            alpha=0.1,
            b=5,
            S=(0.5 * f.sigma, 2 * f.L),
            eta1=1e-3,
            seed=seed,
        )
        for k in range(K):
            X = es.ask()
            es.tell(X, f(X))
            errors[s, k] = np.sum((es.sigma_inv - f.H) ** 2)
    k = np.arange(2, K + 2)  # errors[:, j] is ‖Σ⁻¹_{j+2} − H‖²
    window = k >= 300
    slope = _fitted_slope(k[window], errors.mean(axis=0)[window])
    assert -1.3 <= slope <= -0.7, slope


def _c1(d, b, delta):
    """eq:c1 written out: (√d + √b + √(2 log(2/δ)))²."""
    return (math.sqrt(d) + math.sqrt(b) + math.sqrt(2 * math.log(2 / delta))) ** 2


def test_a_fractional_step_size_is_applied_as_its_value():
    """A schedule may return any real number, e.g. ``Fraction(1, 4)``: η₁ = 0.25 is applied.
    On the linear f(x) = cᵀx the antithetic estimate is exact: g̃ = 1/b Σ_i (cᵀz_i) z_i with
    z_i read off the asked points, so μ₂ = μ₁ − g̃/4. Kills ``np.asarray(raw, dtype=None)``
    (and the omitted dtype), which keep an object array that ``np.isfinite`` rejects."""
    c = np.array([1.0, -2.0, 0.5])

    def f(X):
        return X @ c

    mu = np.array([0.3, -0.1, 0.2])
    es = mines(
        mu,
        np.eye(3),
        alpha=0.2,
        b=4,
        S=(0.1, 10.0),
        eta1=lambda k, state, est: Fraction(1, 4),
        eta2=Fraction(1, 100),
        seed=5,
    )
    X = es.ask()
    es.tell(X, f(X))
    Z = (X[1:5] - mu) / 0.2
    g = (Z @ c) @ Z / 4
    assert float(es.info.eta1) == 0.25 and float(es.info.eta2) == 0.01
    np.testing.assert_allclose(es.mean, mu - 0.25 * g, rtol=1e-12, atol=1e-15)


def test_eta2_schedule_receives_the_estimate():
    """η₂ gets the same ``estimate`` as η₁: on a quadratic its second differences are z_iᵀHz_i,
    z_i read off the asked points. Kills ``_step_size("eta2", …, None)``."""
    seen = []

    def eta2(k, state, estimate):
        seen.append(estimate.second_differences.copy())
        return 1.0 / (k + 1)

    mu = np.array([0.5, -1.0, 0.25])
    es = MiNES(
        mu, np.eye(3), alpha=0.1, batch_size=4, tau=0.1, zeta=20.0, eta1=0.05, eta2=eta2, seed=7
    )
    X = es.ask()
    es.tell(X, _quadratic(X))
    Z = (X[1:5] - mu) / 0.1
    np.testing.assert_allclose(seen[0], np.einsum("bi,ij,bj->b", Z, _H3, Z), rtol=1e-8)
    assert es.info.eta2 == 0.5


def test_hutchinson_step_falls_back_to_the_step_of_the_previous_tell():
    """Iteration 1 on a convex quadratic: η₁ = b/(4c₁T̂₁) with T̂₁ the mean of z_iᵀHz_i (z_i read
    off the asked points). Iteration 2 told −f (a concave batch, T̂₂ < 0) falls back to that η₁."""
    b, d, delta = 4, 3, 0.1
    mu = np.array([1.0, -0.5, 0.25])
    es = mines(
        mu,
        np.eye(3),
        alpha=0.1,
        b=b,
        S=(0.2, 20.0),
        eta1=HutchinsonStep(d=d, b=b, delta=delta),
        eta2=1e-3,
        seed=9,
    )
    X = es.ask()
    es.tell(X, _quadratic(X))
    Z = (X[1 : b + 1] - mu) / 0.1
    eta_1 = b / (4 * _c1(d, b, delta) * np.mean(np.einsum("bi,ij,bj->b", Z, _H3, Z)))
    assert float(es.info.eta1) == pytest.approx(eta_1, rel=1e-8)
    X = es.ask()
    es.tell(X, -_quadratic(X))
    assert float(es.info.eta1) == pytest.approx(eta_1, rel=1e-8)


def test_schedule_returning_garbage_is_reported():
    es = MiNES(
        np.zeros(2), np.eye(2), **{**GOOD, "eta1": lambda k, state, est: float("nan")}, seed=0
    )
    X = es.ask()
    with pytest.raises(ValueError, match="schedule eta1 returned nan at k=1"):
        es.tell(X, np.sum(X**2, axis=1))


@pytest.mark.parametrize("bad", [-0.1, 0.0, np.inf])
def test_schedule_values_that_are_not_finite_and_positive_are_rejected(bad):
    """η must be finite and > 0. Kills ``isfinite | (value > 0)`` (−0.1 and +inf pass) and
    ``value >= 0`` (0 passes)."""
    es = mines(
        np.zeros(2), np.eye(2), alpha=0.1, b=3, S=(0.5, 4.0), eta1=lambda k, state, est: bad, seed=0
    )
    X = es.ask()
    with pytest.raises(ValueError, match="schedule eta1 returned .* expected a finite number > 0"):
        es.tell(X, np.sum(X**2, axis=1))


def test_a_schedule_of_the_wrong_shape_is_reported():
    """Three values for one seed cannot be broadcast to the seed shape (): a ValueError names
    the schedule. Kills ``value = ""`` in the except branch (a TypeError from np.isfinite)."""
    es = mines(
        np.zeros(2),
        np.eye(2),
        alpha=0.1,
        b=3,
        S=(0.5, 4.0),
        eta1=lambda k, state, est: np.ones(3),
        seed=0,
    )
    X = es.ask()
    with pytest.raises(
        ValueError, match=r"schedule eta1 returned array\(\[1\., 1\., 1\.\]\) at k=1"
    ):
        es.tell(X, np.sum(X**2, axis=1))


def _lockstep_step(strategy, state, f, seed):
    u = np.random.default_rng(seed).standard_normal(
        (state.mean.shape[0], strategy.params.batch_size, strategy.params.dim)
    )
    X, sample = strategy.ask(state, u)
    values = f(X.reshape(-1, X.shape[-1])).reshape(X.shape[:-1])
    return strategy.tell(state, sample, values)


def test_a_bad_step_for_one_of_several_seeds_is_reported_with_the_seed_count():
    """A lockstep state of 3 seeds and a schedule that is NaN for seed 1: a ValueError that says
    a number is expected for each of the 3 seeds (not an IndexError)."""
    strategy = MiNESStrategy(
        dim=3,
        alpha=0.1,
        batch_size=2,
        tau=0.5,
        zeta=8.0,
        eta1=lambda k, state, est: np.array([0.1, np.nan, 0.1]),
    )
    state = strategy.init(np.ones(3), np.eye(3), num_seeds=3)
    with pytest.raises(ValueError, match=r"expected a finite number > 0 for each of 3 seeds$"):
        _lockstep_step(strategy, state, _quadratic, 0)


# ---------------------------------------------------------------------------------------------
# Parameters and the start: Σ₁⁻¹ in S', named errors
# ---------------------------------------------------------------------------------------------


GOOD = dict(alpha=0.1, batch_size=3, tau=0.5, zeta=4.0, eta1=0.1)


@pytest.mark.parametrize(
    "change, match",
    [
        ({"alpha": 0.0}, "alpha must be a finite number > 0, got 0.0"),
        ({"alpha": -1.0}, "alpha must be a finite number > 0"),
        ({"alpha": np.nan}, "alpha must be a finite number > 0"),
        ({"batch_size": 0}, "batch_size must be an integer >= 1, got 0"),
        ({"batch_size": 2.5}, "batch_size must be an integer >= 1"),
        ({"tau": 0.0}, "tau must be a finite number > 0"),
        ({"tau": -0.5}, "tau must be a finite number > 0"),
        ({"tau": 5.0}, "tau must be <= zeta, got tau = 5.0 > zeta = 4.0"),
        ({"eta1": -0.1}, "eta1 must be a finite number > 0"),
        ({"eta2": 0.0}, "eta2 must be a finite number > 0"),
    ],
)
def test_bad_parameters(change, match):
    with pytest.raises(ValueError, match=match):
        MiNES(np.zeros(2), np.eye(2), **{**GOOD, **change})


@pytest.mark.parametrize(
    "mean0, sigma_inv0, match",
    [
        (np.zeros((2, 2)), np.eye(2), "mean0 must be a non-empty 1-D array"),
        (np.zeros(3), np.eye(2), r"sigma_inv0 must be 3 x 3, got shape \(2, 2\)"),
        (np.zeros(2), np.array([[1.0, 0.5], [0.0, 1.0]]), "sigma_inv0 must be symmetric"),
        (np.zeros(2), np.eye(2) * 10, r"sigma_inv0 must have its spectrum in \[tau, zeta\]"),
        (np.array([0.0, np.inf]), np.eye(2), "mean0 must be finite"),
    ],
)
def test_bad_shapes_and_state(mean0, sigma_inv0, match):
    with pytest.raises(ValueError, match=match):
        MiNES(mean0, sigma_inv0, **GOOD)


def test_tau_equal_to_zeta_is_allowed_and_pins_sigma_inv():
    """0 < τ ≤ ζ: with τ = ζ = 2, S' = {2I} and every update is projected back to 2I.
    Kills ``tau >= zeta`` (rejects τ = ζ)."""
    es = MiNES(
        np.ones(3), 2.0 * np.eye(3), alpha=0.1, batch_size=4, tau=2.0, zeta=2.0, eta1=0.05, seed=1
    )
    X = es.ask()
    es.tell(X, _quadratic(X))
    np.testing.assert_allclose(es.sigma_inv, 2.0 * np.eye(3), atol=1e-12)
    assert es.projections == 1


def test_init_rejects_a_mean_of_the_wrong_length():
    """``MiNESStrategy.init`` checks the length of mean0 against dim, naming mean0."""
    strategy = MiNESStrategy(dim=2, alpha=0.1, batch_size=2, tau=0.5, zeta=4.0, eta1=0.1)
    with pytest.raises(ValueError, match="mean0 must have length 2, got length 3"):
        strategy.init(np.zeros(3), np.eye(2))


@pytest.mark.parametrize(
    "eigenvalues",
    [
        [0.3, 1.0, 2.0],  # smallest below τ = 0.5
        [1.0, 2.0, 9.0],  # largest above ζ = 4
        [0.45, 1.0, 3.9],
    ],
)  # smallest below τ by 0.05
def test_init_rejects_a_start_outside_s_prime(eigenvalues):
    """Σ₁⁻¹ must lie in S' = {0.5I ⪯ X ⪯ 4I}; the matrices are rotated (non-diagonal) with one
    eigenvalue outside [0.5, 4] and the others inside. Kills ``eigenvalues[1]`` for the smallest,
    ``eigenvalues[+1]`` and ``eigenvalues[-2]`` for the largest, and the slack 1.000000000001·ζ."""
    sigma_inv0 = random_spd(np.random.default_rng(32), 3, eigenvalues=eigenvalues)
    with pytest.raises(ValueError, match=r"sigma_inv0 must have its spectrum in \[tau, zeta\]"):
        MiNES(np.zeros(3), sigma_inv0, alpha=0.1, batch_size=2, tau=0.5, zeta=4.0, eta1=0.1)


def test_init_accepts_the_boundary_of_s_prime_and_projected_matrices():
    """The boundary belongs to S' (τI ⪯ X ⪯ ζI): diag(τ, ζ, 1) is accepted. And the docstring's
    promise: ``project_eigenvalues(A, tau, zeta)`` puts a matrix in S' — for rotated matrices
    with ζ = 1000 the clipped eigenvalues come back at τ up to rounding of order 1e-13, which
    must be accepted. Kills ``p.tau + slack`` and ``p.zeta - slack`` (the boundary is rejected)
    and the slack 1e-12/ζ (projected matrices are rejected)."""
    mines(np.zeros(3), np.diag([0.5, 1000.0, 1.0]), alpha=0.1, b=2, S=(0.5, 1000.0), eta1=0.1)
    rng = np.random.default_rng(33)
    for _ in range(10):
        A = rng.normal(0.0, 300.0, (4, 4))
        P = project_eigenvalues(A + A.T, 0.5, 1000.0)
        MiNES(np.zeros(4), P, alpha=0.1, batch_size=2, tau=0.5, zeta=1000.0, eta1=0.1)


# ---------------------------------------------------------------------------------------------
# The ask/tell protocol
# ---------------------------------------------------------------------------------------------


def test_tell_before_ask_or_twice():
    es = MiNES(np.zeros(2), np.eye(2), **GOOD, seed=0)
    with pytest.raises(RuntimeError, match="without a pending ask"):
        es.tell(np.zeros((7, 2)), np.zeros(7))
    X = es.ask()
    with pytest.raises(RuntimeError, match="ask\\(\\) called twice"):
        es.ask()
    es.tell(X, np.sum(X**2, axis=1))
    with pytest.raises(RuntimeError, match="without a pending ask"):
        es.tell(X, np.sum(X**2, axis=1))


def test_tell_with_other_points_or_wrong_values():
    es = MiNES(np.zeros(2), np.eye(2), **GOOD, seed=0)
    X = es.ask()
    with pytest.raises(ValueError, match="X must be the array of points returned by the last ask"):
        es.tell(X + 1.0, np.zeros(7))
    with pytest.raises(
        ValueError, match=r"values must hold one value per row of X, shape \(7,\), got shape \(6,\)"
    ):
        es.tell(X, np.zeros(6))


# ---------------------------------------------------------------------------------------------
# Floating point: a non-finite update is named, steps that round away are reported
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_non_finite_values_name_the_point(bad):
    def f(X):
        values = np.sum(X**2, axis=1)
        values[2] = bad
        return values

    es = MiNES(np.zeros(2), np.eye(2), **GOOD, seed=0)
    X = es.ask()
    with pytest.raises(ValueError, match=r"non-finite value .* at the point x = \[") as info:
        es.tell(X, f(X))
    printed = re.search(r"at the point x = \[([^\]]*)\]", str(info.value)).group(1)
    np.testing.assert_allclose(np.array(printed.split(), dtype=float), X[2], rtol=1e-5)
    with pytest.raises(ValueError, match="non-finite value"):
        minimize(f, np.zeros(2), max_evaluations=100, vectorized=True, **GOOD)
    with pytest.raises(ValueError, match="non-finite value"):
        sigma_gradient(f, np.zeros(2), np.eye(2), 0.1, np.ones((3, 2)))


def test_overflowing_second_differences_raise_floating_point_error():
    """f ≡ 1e308: f(μ+αz) + f(μ−αz) overflows, the second differences are not finite, and tell
    raises the FloatingPointError that says so, with the largest |f| (not a TypeError while
    writing it, nor a schedule's ValueError: issue 36)."""
    es = MiNES(np.zeros(2), np.eye(2), alpha=0.1, batch_size=3, tau=0.5, zeta=4.0, eta1=0.1, seed=0)
    X = es.ask()
    with np.errstate(all="ignore"):
        with pytest.raises(
            FloatingPointError,
            match=r"the differences of f are not finite: .*largest \|f\| = 1e\+308",
        ):
            es.tell(X, np.full(X.shape[0], 1e308))


def test_a_mean_step_that_overflows_raises_floating_point_error():
    """f(x) = 1e306·x₁ with η₁ = 1e10: g̃ ≈ 1e306·Σ e₁ is finite, η₁g̃ overflows. ``tell`` raises
    a FloatingPointError naming the mean, η₁ and |g|, with no NumPy warning, and leaves the state
    unchanged. Infinite values told to the pure ``tell`` are refused as values (issue 36)."""
    es = mines(np.zeros(2), np.eye(2), alpha=0.1, b=3, S=(0.5, 4.0), eta1=1e10, eta2=1e-3, seed=0)
    X = es.ask()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no RuntimeWarning on the way
        with pytest.raises(
            FloatingPointError,
            match=r"update of mean at k=1 is not finite: "
            r".*eta1=1e\+10, largest \|g\| = ",
        ):
            es.tell(X, 1e306 * X[:, 0])
    np.testing.assert_array_equal(es.mean, np.zeros(2))
    strategy = MiNESStrategy(dim=2, alpha=0.1, batch_size=3, tau=0.5, zeta=4.0, eta1=0.1)
    state = strategy.init(np.zeros(2), np.eye(2))
    X, sample = strategy.ask(state, np.ones((3, 2)))
    values = np.array([0.0, np.inf, np.inf, np.inf, np.inf, np.inf, np.inf])
    with pytest.raises(ValueError, match=r"values must be finite, got 6 non-finite values"):
        strategy.tell(state, sample, values)


@pytest.mark.parametrize("mean0, alpha", [(1.0, 1e-120), (1e150, 0.1)])
def test_steps_that_round_away_are_reported(mean0, alpha):
    """μ ± αz == μ in floating point for every query point (α = 1e-120 at |μ| = 1, or α = 0.1 at
    |μ| = 1e150): at k = 1 ``ask`` raises a ValueError naming alpha and mean0 (before, x never
    moved while Σ⁻¹ collapsed to τI). The same α with μ near 0 runs."""
    with pytest.raises(
        ValueError,
        match=rf"alpha = {alpha!r} is too small for mean0: every "
        r"query point mu ± alpha\*z_i equals mu",
    ):
        minimize_with(
            _quadratic,
            np.full(3, mean0),
            alpha=alpha,
            b=2,
            S=(0.5, 4.0),
            eta1=0.1,
            max_evaluations=50,
            vectorized=True,
        )
    res = minimize_with(
        _quadratic,
        np.full(3, 1e-3 * alpha),
        alpha=alpha,
        b=2,
        S=(0.5, 4.0),
        eta1=0.1,
        max_evaluations=51,
        vectorized=True,
    )
    assert res.nit == 10


def test_a_run_that_drifts_to_where_the_steps_round_away_warns():
    """A run that starts resolved and drifts to a mean where μ ± αz == μ (a state set by hand:
    μ_k = 1e150 at k = 5) warns with ``StepsRoundedAway``, a RuntimeWarning, and goes on; a
    stack names nothing but warns as well."""
    strategy = MiNESStrategy(dim=3, alpha=0.1, batch_size=2, tau=0.5, zeta=4.0, eta1=0.1)
    state = dataclasses.replace(strategy.init(np.ones(3), np.eye(3)), mean=np.full(3, 1e150), k=5)
    with pytest.warns(
        StepsRoundedAway,
        match=r"alpha = 0.1 is too small for the mean that the "
        r"run has drifted to",
    ):
        X, _ = strategy.ask(state, np.ones((2, 3)))
    assert issubclass(StepsRoundedAway, RuntimeWarning)
    np.testing.assert_array_equal(X, np.full((5, 3), 1e150))
    stack = strategy.init(np.ones(3), np.eye(3), num_seeds=2)
    stack = dataclasses.replace(stack, mean=np.array([np.ones(3), np.full(3, 1e150)]), k=5)
    with pytest.warns(StepsRoundedAway):
        strategy.ask(stack, np.ones((2, 2, 3)))
    with pytest.raises(ValueError, match=r"too small for mean0 \(seed 1\)"):
        strategy.ask(dataclasses.replace(stack, k=1), np.ones((2, 2, 3)))


# ---------------------------------------------------------------------------------------------
# minimize: budget, target, history, record, and an objective that is not vectorized
# ---------------------------------------------------------------------------------------------


def test_minimize_budget_target_and_history():
    f = RotatedEllipsoid(3, 4.0, seed=0)
    res = minimize(f, np.ones(3), **SMALL_RUN, max_evaluations=701, seed=0, vectorized=True)
    assert res.nit == 100 and res.nfev == 701 and not res.success  # 7 · 100 + the final mean
    assert res.status == 1 and res.message.startswith("max_evaluations reached")
    assert list(res.history.columns) == ["k", "evaluations", "f_mean"]
    np.testing.assert_array_equal(res.history["evaluations"], 7 * np.arange(1, 101))
    first_value = f(np.ones(3))
    assert res.history["f_mean"].iloc[0] == first_value
    assert res.fun_mean == f(res.mean) and res.fun <= res.fun_mean
    target = 0.1 * first_value
    hit = minimize(f, np.ones(3), **SMALL_RUN, max_evaluations=10**5, target=target, seed=0)
    assert hit.success and hit.status == 0 and hit.fun <= target
    assert f(hit.x) == pytest.approx(hit.fun, rel=1e-12)
    assert hit.history["f_mean"].iloc[:-1].min() > target


def test_minimize_default_seed_is_zero_by_one_step_by_hand():
    """One iteration (max_evaluations = 2b + 2) without a seed: Σ₁⁻¹ = I (τ ≤ 1 ≤ ζ), so
    z_i = u_i, the first b×d normals of default_rng(0); on f(x) = cᵀx the estimate is exact,
    g̃ = 1/b Σ (cᵀu_i) u_i, and the final mean is μ₁ − η₁g̃, whose value fun_mean is one more
    evaluation. Kills the default ``seed=1``."""
    c = np.array([2.0, -1.0, 0.5, 3.0])

    def f(x):
        return x @ c

    mu = np.array([1.0, 0.0, -1.0, 0.5])
    res = minimize(f, mu, alpha=0.3, batch_size=5, tau=0.5, zeta=4.0, eta1=0.1, max_evaluations=12)
    u = np.random.default_rng(0).standard_normal((5, 4))
    expected = mu - 0.1 * (u @ c) @ u / 5
    np.testing.assert_allclose(res.mean, expected, rtol=1e-12, atol=1e-14)
    assert res.nit == 1 and res.nfev == 12
    assert res.fun_mean == pytest.approx(expected @ c, rel=1e-12)
    # x is the best of the 12 points evaluated, found here independently of the run
    points = np.concatenate([[mu], mu + 0.3 * u, mu - 0.3 * u, [expected]])
    np.testing.assert_allclose(res.x, points[np.argmin(points @ c)], rtol=1e-12)


def test_minimize_passes_eta2_and_returns_the_precision():
    """One iteration with η₂ = 1e-3 from Σ₁⁻¹ = I = LLᵀ (L = I): Σ₂⁻¹ = I + η₂G̃ with
    G̃ = Σ_i w_i u_iu_iᵀ − (Σw + 1)I, w_i = z_iᵀHz_i/(2b), z_i = u_i from default_rng(3)
    (no projection: the change is O(1e-3) inside [0.1, 10]); the result holds that Σ₂⁻¹, and
    not the one of the default η₂ = 1/k = 1."""
    mu = np.array([0.5, -0.5, 1.0])
    res = minimize_with(
        _quadratic,
        mu,
        alpha=0.1,
        b=6,
        S=(0.1, 10.0),
        eta1=0.01,
        eta2=1e-3,
        max_evaluations=14,
        seed=3,
        vectorized=True,
    )
    u = np.random.default_rng(3).standard_normal((6, 3))
    w = np.einsum("bi,ij,bj->b", u, _H3, u) / 12
    G = (u.T * w) @ u - (w.sum() + 1) * np.eye(3)
    np.testing.assert_allclose(res.precision, np.eye(3) + 1e-3 * G, rtol=1e-10, atol=1e-12)


def test_minimize_budget_history_callback_and_messages():
    """b = 3 (7 values per iteration) and a budget of 75 fit 10 iterations (70 values) and the
    final mean: nit = 10, nfev = 71, history k = 1..10 with evaluations 7k. The callback sees
    each iteration once, after its tell (nit = k, nfev = 7k, mean = μ_{k+1}, the best value so
    far non-increasing); the last mean it saw is the result's. status 1, success False."""
    seen = []
    res = minimize_with(
        _quadratic,
        np.array([1.0, 2.0, -1.0]),
        alpha=0.1,
        b=3,
        S=(0.2, 10.0),
        eta1=0.05,
        max_evaluations=75,
        seed=4,
        vectorized=True,
        callback=seen.append,
    )
    assert res.nit == 10 and res.nfev == 71
    assert res.success is False and res.status == 1
    assert res.message.startswith("max_evaluations reached")
    np.testing.assert_array_equal(res.history["k"], np.arange(1, 11))
    np.testing.assert_array_equal(res.history["evaluations"], 7 * np.arange(1, 11))
    assert [r.nit for r in seen] == list(range(1, 11))
    assert [r.nfev for r in seen] == list(7 * np.arange(1, 11))
    assert all(a.fun >= b.fun for a, b in zip(seen, seen[1:]))
    np.testing.assert_array_equal(seen[-1].mean, res.mean)
    assert [r.f_mean for r in seen] == list(res.history["f_mean"])


def test_minimize_target_equal_to_a_value_succeeds():
    """ "Stop once a value ≤ target has been evaluated": on the constant f = 13 the first
    iteration's values are all 13, so target = 13 stops after it (≤, not <: status 0, success)
    and target = 12.999 runs to the budget (status 1)."""

    def f(X):
        return np.full(X.shape[0], 13.0)

    options = dict(alpha=0.1, b=3, S=(0.5, 4.0), eta1=0.05, max_evaluations=100, seed=0)
    res = minimize_with(f, np.array([1.0, 2.0]), target=13.0, vectorized=True, **options)
    assert res.success is True and res.status == 0 and res.message.startswith("target reached")
    assert res.nit == 1 and res.fun == 13.0
    below = minimize_with(f, np.array([1.0, 2.0]), target=12.999, vectorized=True, **options)
    assert below.status == 1 and not below.success and below.nit == 14


def test_an_objective_written_for_one_point_is_rejected_when_2b_plus_1_equals_d():
    """At d = 3 with b = 1 the query array is 3 x 3, so ``x[0]**2 + x[1]**2 + x[2]**2`` (the
    rows of X read as coordinates) returns 3 values and passes the shape test; passed with
    ``vectorized=True``, it is evaluated on the first row alone first, where it raises
    IndexError: a ValueError says that f must be vectorized. ``x[0]`` alone returns shape (3,)
    on one row: the same error. The vectorized form runs with no extra evaluation, and the
    per-point form runs by default, to the same result."""

    def one_point(x):
        return x[0] ** 2 + x[1] ** 2 + x[2] ** 2

    def first_row(x):
        return x[0]

    def vectorized(X):
        return X[:, 0] ** 2 + X[:, 1] ** 2 + X[:, 2] ** 2

    options = {
        "alpha": 0.1,
        "batch_size": 1,
        "tau": 0.5,
        "zeta": 4.0,
        "eta1": 0.1,
        "max_evaluations": 32,
    }
    for f, cause in ((one_point, "raised IndexError"), (first_row, r"returned shape \(3,\)")):
        with pytest.raises(
            ValueError,
            match=r"f must be vectorized when vectorized=True: f\(X\) with X of shape "
            r"\(n, d\) must return shape \(n,\).*" + cause,
        ):
            minimize(f, np.ones(3), vectorized=True, **options)
    res = minimize(vectorized, np.ones(3), vectorized=True, **options)
    assert res.nit == 10 and res.nfev == 10 * 3 + 1  # + the final mean
    alone = minimize(one_point, np.ones(3), **options)
    np.testing.assert_allclose(alone.x, res.x, rtol=1e-12)
    assert alone.nfev == res.nfev


# ---------------------------------------------------------------------------------------------
# The module split: algorithm re-exports the names of estimators, precision and algorithm1
# ---------------------------------------------------------------------------------------------
