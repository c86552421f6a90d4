"""Constants of eq:c1 and the step-size schedules built on them."""

import math

import numpy as np
import pytest

from mines_theory.bounds import c_constants
from mines_theory.schedules import lemma51_step, lemma52_step, preconditioned_extremes


def test_c_constants_by_hand_at_b_equal_d():
    # d = b = 4, δ = e^{-1}: c1 = (2 + 2 + √(2(1 + ln 2)))², c2 = 4 − 2·√4 = 0, c3 = 8 + 3 = 11.
    c = c_constants(d=4, b=4, delta=math.exp(-1))
    assert c.c1 == pytest.approx((4 + math.sqrt(2 * (1 + math.log(2)))) ** 2, rel=1e-14)
    assert c.c2 == pytest.approx(0.0, abs=1e-14) and c.c3 == pytest.approx(11.0)
    assert not c.valid     # c2 = 0: Lemma 5.1's contraction factor is 1, the bound is vacuous


def test_c2_negative_for_small_batches_is_flagged():
    """c2 = b − 2√(b log(1/δ)) ≤ 0 ⇔ b ≤ 4 log(1/δ): for δ = 0.05, b ≤ 11.98."""
    assert not c_constants(d=10, b=11, delta=0.05).valid
    assert c_constants(d=10, b=12, delta=0.05).valid
    assert c_constants(d=10, b=1, delta=0.05).c2 < 0


@pytest.mark.parametrize("kwargs, match", [({"d": 0, "b": 1, "delta": 0.1}, "d must be"),
                                           ({"d": 1, "b": 1, "delta": 1.0}, "delta must lie in"),
                                           ({"d": 1, "b": 1, "delta": 0.0}, "delta must be")])
def test_c_constants_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        c_constants(**kwargs)


def test_lemma51_step_by_hand():
    c1 = (math.sqrt(4) + math.sqrt(9) + math.sqrt(2 * math.log(20))) ** 2
    assert lemma51_step(d=4, b=9, delta=0.1, L=10.0, tau=0.5) == pytest.approx(9 * 0.5 / (40 * c1))


def test_preconditioned_extremes_and_lemma52_step():
    H = np.diag([1.0, 4.0])
    sigma_inv = np.diag([2.0, 2.0])            # Σ^{1/2} H Σ^{1/2} = diag(0.5, 2)
    assert preconditioned_extremes(H, sigma_inv) == pytest.approx((0.5, 2.0))

    class State:
        mean = np.zeros(2)

    State.sigma_inv = sigma_inv
    eta = lemma52_step(lambda x: H, d=2, b=3, delta=0.1)
    c1 = (math.sqrt(2) + math.sqrt(3) + math.sqrt(2 * math.log(20))) ** 2
    assert eta(1, State) == pytest.approx(3 / (4 * 2.0 * c1))
