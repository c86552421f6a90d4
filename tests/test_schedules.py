"""The step-size schedules of Lemmas 5.1 and 5.2 and the practical Hutchinson step, each against
a value worked out by hand or an independent computation, one seed and stacks alike."""

import dataclasses
import math

import numpy as np
import pytest
import scipy.linalg

from .conftest import mines
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.algorithm.precision import CholeskyFactor
from mines_theory.algorithm.schedules import Estimate
from mines_theory.algorithm.algorithm1 import MiNESStrategy
from mines_theory.linalg.spd import random_spd
from mines_theory.algorithm.schedules import (
    HutchinsonStep,
    hutchinson_step,
    lemma51_step,
    lemma52_step,
)


def c1(d, b, delta):
    return (math.sqrt(d) + math.sqrt(b) + math.sqrt(2 * math.log(2 / delta))) ** 2


def _state(mean, sigma_inv, **kw):
    d = np.shape(mean)[-1]
    strategy = MiNESStrategy(dim=d, alpha=0.1, batch_size=3, tau=0.01, zeta=100.0, eta1=0.1)
    if np.ndim(mean) == 1:
        return strategy.init(mean, sigma_inv)
    S = len(mean)
    state = strategy.init(mean[0], sigma_inv[0], num_seeds=S)
    return type(state)(
        np.asarray(mean, float),
        CholeskyFactor(np.asarray(sigma_inv, float), np.linalg.cholesky(sigma_inv)),
        **kw,
    )


def test_lemma51_step_by_hand():
    """η₁ = bτ/(4Lc₁), c₁ = (√d + √b + √(2 log(2/δ)))² (eq:c1)."""
    step = lemma51_step(d=4, b=9, delta=0.1, L=10.0, tau=0.5)
    assert step.value == pytest.approx(9 * 0.5 / (40 * c1(4, 9, 0.1)), rel=1e-14)
    assert step(7, None, None) == step.value


def test_lemma52_step_uses_the_largest_preconditioned_eigenvalue():
    """𝓛_k = λmax(Σ^{1/2}∇²f(μ)Σ^{1/2}) from scipy's generalized eigenvalues, d = 4 with
    distinct eigenvalues, one state and a stack of three with different Σ⁻¹."""
    rng = np.random.default_rng(0)
    H = random_spd(rng, 4, eigenvalues=[0.5, 1.0, 3.0, 7.0])
    sigma_invs = np.stack([random_spd(rng, 4, 0.2, 5.0) for _ in range(3)])
    eta = lemma52_step(lambda x: np.broadcast_to(H, np.shape(x)[:-1] + (4, 4)), d=4, b=6, delta=0.1)
    expected = [
        6 / (4 * scipy.linalg.eigh(H, S, eigvals_only=True)[-1] * c1(4, 6, 0.1)) for S in sigma_invs
    ]
    assert eta(1, _state(np.zeros(4), sigma_invs[1]), None) == pytest.approx(expected[1], rel=1e-10)
    np.testing.assert_allclose(
        eta(1, _state(np.zeros((3, 4)), sigma_invs), None), expected, rtol=1e-10
    )


def _estimate(second):
    second = np.asarray(second, dtype=float)
    return Estimate(None, None, second)


def test_hutchinson_step_is_b_over_4_c1_mean_second_difference():
    """η = b/(4c₁T̂), T̂ the mean of all b second differences (distinct values, so dropping or
    doubling one shows), per seed for a stack."""
    step = HutchinsonStep(d=3, b=4, delta=0.1)
    state = _state(np.zeros(3), np.eye(3))
    expected = 4 / (4 * c1(3, 4, 0.1) * np.mean([1.0, 2.0, 4.0, 9.0]))
    assert step(1, state, _estimate([1.0, 2.0, 4.0, 9.0])) == pytest.approx(expected, rel=1e-14)
    stacked = _state(np.zeros((2, 3)), np.stack([np.eye(3)] * 2), eta1=np.array([0.1, 0.2]))
    values = step(1, stacked, _estimate([[1.0, 2.0, 4.0, 9.0], [2.0, 2.0, 2.0, 2.0]]))
    np.testing.assert_allclose(values, [expected, 4 / (4 * c1(3, 4, 0.1) * 2.0)], rtol=1e-14)


def test_hutchinson_step_falls_back_to_the_previous_step():
    step = HutchinsonStep(d=3, b=2, delta=0.1)
    stacked = _state(np.zeros((2, 3)), np.stack([np.eye(3)] * 2), eta1=np.array([0.1, 0.2]))
    values = step(5, stacked, _estimate([[-1.0, 0.5], [1.0, 3.0]]))
    assert values[0] == 0.1 and values[1] == pytest.approx(2 / (4 * c1(3, 2, 0.1) * 2.0))


def test_hutchinson_step_inside_mines_on_a_quadratic():
    """On a quadratic the second differences are z_iᵀHz_i exactly, so the η₁ that MiNES applied
    is b/(4c₁·mean z_iᵀHz_i) with z_i read off the asked points; and with a concave batch at
    k = 1 (no previous step) MiNES names the schedule."""
    f = RotatedEllipsoid(3, 10.0, seed=1)

    def hutchinson_mines():
        return mines(
            np.ones(3),
            np.eye(3),
            alpha=0.1,
            b=4,
            S=(0.5, 20.0),
            eta1=HutchinsonStep(d=3, b=4, delta=0.1),
            seed=3,
        )

    es = hutchinson_mines()
    X = es.ask()
    es.tell(X, f(X))
    Z = (X[1:5] - np.ones(3)) / 0.1
    trace = np.mean(np.einsum("bi,ij,bj->b", Z, f.H, Z))
    assert es.info.eta1 == pytest.approx(4 / (4 * c1(3, 4, 0.1) * trace), rel=1e-8)
    concave = hutchinson_mines()
    X = concave.ask()
    with pytest.raises(ValueError, match="schedule eta1 returned .*nan.* at k=1"):
        concave.tell(X, -f(X))


# ---------------------------------------------------------------------------------------------
# The schedules by hand. The constants are chosen so that eq:c1 is a whole number: d = 9,
# b = 16, δ = 2e⁻⁸ give c₁ = (√9 + √16 + √(2 log(2/δ)))² = (3 + 4 + √16)² = 11² = 121.
# ---------------------------------------------------------------------------------------------


D9, B16, DELTA = 9, 16, 2.0 * math.exp(-8.0)  # c₁ = 121 (module docstring)


def _stacked_state(eta1):
    strategy = MiNESStrategy(dim=D9, alpha=0.1, batch_size=B16, tau=0.01, zeta=100.0, eta1=0.1)
    state = strategy.init(np.zeros(D9), np.eye(D9), num_seeds=len(eta1))
    return dataclasses.replace(state, eta1=np.asarray(eta1, float))


def _estimate_of(second):
    return Estimate(None, None, np.asarray(second, dtype=float))


def test_hutchinson_step_with_a_trace_estimate_below_one():
    """T̂ = mean of 16 distinct second differences = 0.5 (eight pairs 0.1 + 0.9), so
    η = b/(4c₁T̂) = 16/(4·121·0.5) = 8/121 (by hand). Kills ``np.maximum(trace, 1.0)`` (gives
    4/121) and ``trace > 1`` (falls back to the previous step 0.3)."""
    second = np.tile([0.1, 0.9], 8) + np.repeat(np.arange(8) * 1e-3, 2) * np.tile([1, -1], 8)
    assert np.mean(second) == pytest.approx(0.5, abs=1e-15)
    step = HutchinsonStep(d=D9, b=B16, delta=DELTA)
    value = step(3, _stacked_state([0.3]), _estimate_of(second[None, :]))
    np.testing.assert_allclose(value, [8.0 / 121.0], rtol=1e-13)


def test_hutchinson_step_falls_back_when_the_estimate_is_exactly_zero():
    """A batch whose second differences sum to exactly 0 (±1, ±0.5, exact in binary) is a
    non-positive estimate: the step falls back to state.eta1 (docstring). Kills
    ``trace >= 0`` (which would take b/(4c₁·1e-300), about 3e297)."""
    second = np.tile([1.0, -1.0, 0.5, -0.5], 4)
    step = HutchinsonStep(d=D9, b=B16, delta=DELTA)
    value = step(
        4, _stacked_state([0.25, 0.75]), _estimate_of(np.stack([second, np.full(16, 2.0)]))
    )
    np.testing.assert_allclose(value, [0.25, 16.0 / (4 * 121 * 2.0)], rtol=1e-13)


def test_hutchinson_step_factory_by_hand():
    """``hutchinson_step(d, b, delta)`` is the schedule b/(4c₁T̂): with c₁ = 121, b = 16 and
    T̂ = 4, η = 16/(4·121·4) = 1/121: the factory passes d, b and delta through."""
    step = hutchinson_step(d=D9, b=B16, delta=DELTA)
    assert isinstance(step, HutchinsonStep)
    value = step(1, _stacked_state([np.nan]), _estimate_of(np.full((1, 16), 4.0)))
    np.testing.assert_allclose(value, [1.0 / 121.0], rtol=1e-13)
    assert step.c1 == pytest.approx(121.0, rel=1e-14) and step.b == 16
