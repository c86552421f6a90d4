"""Lemmas B.1 and B.2 on both sides of each part of their criteria (issue 43 §2): each check
handed a bound wrong in one part only fails, the other part still holding.

B.1: a lower bound 1% too high, or an upper bound 5% too low. B.2: the lower threshold with
√(‖γ‖₂²t) for 2√(‖γ‖₂²t) (only the exact part, for equal weights, reads the lower tail), and
the upper threshold with the norms of the smallest weight (equal for equal weights, so only the
Monte Carlo with weights (3, 1, 0.5, 0.1) can see it)."""

import numpy as np
import pytest

from mines_theory.theory.gaussian import lemma_b1_bounds
from mines_theory.verification.claims.section4.probability import (
    check_lemma_b1,
    check_lemma_b2,
    decide_largest_ratio,
    decide_lemma_b3,
)
from mines_theory.verification.framework.stats import K_SE
from mines_theory.verification.framework.verdict import Status


def test_lemma_b1_each_bound_alone():
    assert check_lemma_b1().status is Status.HOLDS
    high = check_lemma_b1(lambda d, p: (1.01 * lemma_b1_bounds(d, p)[0], lemma_b1_bounds(d, p)[1]))
    assert high.status is Status.FAILS
    assert high["lower"].value < 1 <= high["upper"].value
    low = check_lemma_b1(lambda d, p: (lemma_b1_bounds(d, p)[0], 0.95 * lemma_b1_bounds(d, p)[1]))
    assert low.status is Status.FAILS
    assert low["upper"].value < 1 <= low["lower"].value + 1e-12


DRAWS = 200_000


def test_lemma_b2_holds_with_its_thresholds():
    assert check_lemma_b2(DRAWS).status is Status.HOLDS


def test_lemma_b2_a_lower_tail_too_tight_fails_the_exact_part_alone():
    def half(gamma, t):
        gamma = np.asarray(gamma, dtype=float)
        return float(gamma.sum() - np.sqrt(np.sum(gamma**2) * t))

    verdict = check_lemma_b2(DRAWS, lower=half)
    assert verdict["worst"].value > 1 and verdict["z"].value <= K_SE
    assert verdict.status is Status.FAILS


def test_lemma_b2_norms_of_the_smallest_weight_fail_the_monte_carlo_alone():
    """‖γ‖₂² and ‖γ‖∞ read as n·min γ² and min γ: the same for equal weights (the exact part
    holds), far too small a threshold for (3, 1, 0.5, 0.1)."""

    def smallest_weight(gamma, t):
        gamma = np.asarray(gamma, dtype=float)
        low = gamma.min()
        return float(gamma.sum() + 2 * low * np.sqrt(gamma.size * t) + 2 * low * t)

    verdict = check_lemma_b2(DRAWS, upper=smallest_weight)
    assert verdict["worst"].value <= 1 + 1e-12 and verdict["z"].value > K_SE
    assert verdict.status is Status.FAILS


@pytest.mark.parametrize(
    "z, status", [(K_SE, Status.HOLDS), (K_SE + 0.01, Status.FAILS), (-86.1, Status.HOLDS)]
)
def test_lemma_b3_on_both_sides_of_k_se(z, status):
    assert decide_lemma_b3(z) is status


def test_largest_ratio_each_bound_alone():
    """Lemma B.4 (one bound: the χ² tail over δ), Lemma B.6 (the recursion), and two bounds,
    each alone above 1."""
    assert decide_largest_ratio(tail=1.0).value == "holds"
    assert decide_largest_ratio(tail=1.0 + 1e-9).value == "fails"
    assert decide_largest_ratio(a=0.5, b=1.0).value == "holds"
    assert decide_largest_ratio(a=1.5, b=1.0).value == "fails"
    assert decide_largest_ratio(a=0.5, b=1.5).value == "fails"
