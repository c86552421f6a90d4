"""Lemma 5.3 and Remark 5.3 decided on synthetic data, no run (issue 43 §2): each part of
``decide_lemma53`` (the share of seeds above C against δ, the hypotheses, and the qualifiers
"too loose", the two rate qualifiers, "Var G̃ fits") and of ``decide_variance_remark`` (sympy,
the reduction, two Monte Carlo tests) reached on both sides of its criterion, each alone; too
little data (one seed, one record in the last decade) refused."""

import numpy as np
import pytest

from mines_theory.verification.claims.section5.covariance import (
    AT_LEAST_1_OVER_K,
    CONSTANT_FITS,
    EXACT_RATE,
    REDUCES_TOLERANCE,
    decide_lemma53,
    decide_variance_remark,
)
from mines_theory.verification.framework.stats import K_SE
from mines_theory.verification.framework.verdict import Status, Undecidable

SEEDS, DELTA = 20, 0.1
LIMIT, SECOND = 1.0, 3.0
K = np.unique(np.geomspace(1, 1000, 31).round())  # records at k = 1 … 1000
TOO_LOOSE = "too loose to be tested"
RATE = EXACT_RATE
FAST = AT_LEAST_1_OVER_K
CONSTANT = CONSTANT_FITS


def errors(constant=LIMIT, power=1.0, spread=0.01, k=K, seeds=SEEDS, above=0, C=10.0):
    """‖Σ_k⁻¹ − H‖² = c_s·k^(−power), c_s = ``constant``·(1 + ``spread``·N(0, 1)) per seed
    (power 1: k‖·‖² = c_s at every k); the first ``above`` seeds exceed ``C`` once, at k = 2."""
    rng = np.random.default_rng(43)
    c = constant * (1 + spread * rng.standard_normal(seeds))
    out = c[None, :] * k[:, None] ** -power
    out[1, :above] = 1.5 * C / k[1]
    return out


def decide(data=None, *, k=K, C=10.0, cap=100.0, valid=True, second=SECOND):
    status, measurements, qualifiers = decide_lemma53(
        errors() if data is None else data,
        k,
        C=C,
        cap=cap,
        limit=LIMIT,
        second=second,
        delta=DELTA,
        valid=valid,
        iterations=int(k.max()),
    )
    return status, {q.name: q.outcome for q in qualifiers}


def test_lemma53_below_c_at_rate_one_over_k_with_the_constant_var_holds():
    status, outcomes = decide()
    assert status is Status.HOLDS
    assert outcomes == {TOO_LOOSE: False, FAST: True, RATE: True, CONSTANT: True}


@pytest.mark.parametrize("above, status", [(2, Status.HOLDS), (3, Status.FAILS)])
def test_lemma53_the_share_above_c_against_delta(above, status):
    """δ = 0.1 of 20 seeds: 2 above C is allowed, 3 are not."""
    assert decide(errors(above=above))[0] is status


def test_lemma53_without_its_hypotheses_is_not_met_whatever_the_runs():
    assert decide(valid=False)[0] is Status.HYPOTHESES_NOT_MET
    assert decide(errors(above=10), valid=False)[0] is Status.HYPOTHESES_NOT_MET


@pytest.mark.parametrize("cap, loose", [(9.99, True), (10.0, False)])
def test_lemma53_too_loose_where_the_cap_is_below_c(cap, loose):
    status, outcomes = decide(cap=cap)
    assert status is Status.HOLDS and outcomes[TOO_LOOSE] is loose


@pytest.mark.parametrize("power", [0.7, 0.85, 1.15, 1.3])
def test_lemma53_a_slower_or_faster_rate_is_not_one_over_k(power):
    """k^−0.7, k^−0.85, k^−1.15, k^−1.3 over the last decade (narrow intervals, inside
    (−1.25, −0.75) or not, never containing −1): not "rate exactly 1/k"."""
    status, outcomes = decide(errors(power=power))
    assert status is Status.HOLDS and not outcomes[RATE]


@pytest.mark.parametrize("power, fast", [(0.6, False), (0.7, False), (1.0, True), (1.3, True)])
def test_lemma53_at_least_as_fast_as_one_over_k_rejects_a_slower_rate_only(power, fast):
    """The bound's question on both sides: k^−0.6 and k^−0.7 (slower than 1/k, the alternative)
    are not "at least as fast as 1/k"; k^−1 and k^−1.3 (faster, which an upper bound of order
    1/k allows) are, whatever "rate exactly 1/k" says; the status, below C = 1000, is the same."""
    status, outcomes = decide(errors(power=power), C=1000.0, cap=10_000.0)
    assert status is Status.HOLDS and outcomes[FAST] is fast
    assert outcomes[RATE] is (power == 1.0)


def test_lemma53_without_the_exact_rate_asks_the_bound_s_question_alone():
    """The γ > 0 row (``exact=False``): one rate qualifier, the same answer as with both."""
    _, _, qualifiers = decide_lemma53(
        errors(power=1.3), K, C=10.0, cap=100.0, limit=LIMIT, second=SECOND,
        delta=DELTA, valid=True, iterations=int(K.max()), exact=False,
    )  # fmt: skip
    assert [q.name for q in qualifiers if "1/k" in q.name] == [FAST]
    assert next(q for q in qualifiers if q.name == FAST).outcome


def test_lemma53_a_slope_of_minus_one_with_too_wide_an_interval_is_not_rate_one_over_k():
    """Four seeds, two at k^−0.6 and two at k^−1.4 (weighted so that their mean has slope −1.00
    over the last decade): the bootstrap interval (−1.4, −0.6) contains −1 but is not inside
    (−1.25, −0.75), so the rate is not resolved as 1/k, nor as at least as fast as 1/k."""
    slow = np.arange(4) % 2 == 0
    data = 1e-3 * np.where(slow, 1.0, 316**0.8) * K[:, None] ** -np.where(slow, 0.6, 1.4)
    status, outcomes = decide(data)
    assert status is Status.HOLDS and not outcomes[RATE] and not outcomes[FAST]


@pytest.mark.parametrize(
    "constant, expected",
    [
        (LIMIT, True),
        (SECOND, False),
        (2.0, False),
        (LIMIT * (1 + 0.5 * K_SE * 0.01 / 20**0.5), True),
    ],
    ids=["Var G̃", "the second moment", "neither", "Var G̃ within K_SE SE"],
)
def test_lemma53_the_constant_against_var_and_the_second_moment(constant, expected):
    status, outcomes = decide(errors(constant=constant))
    assert outcomes[CONSTANT] is expected and outcomes[RATE]


def test_lemma53_the_constant_more_than_k_se_from_var_is_not_var():
    """Every seed's constant 1.03·Var with 1% spread: z ≈ 13 (> K_SE) from Var G̃."""
    assert not decide(errors(constant=1.03 * LIMIT))[1][CONSTANT]


def test_lemma53_the_constant_must_also_be_told_from_the_second_moment():
    """Var G̃ and the second moment within K_SE SE of each other: the measured constant at Var
    G̃ does not tell them apart, so it is not "Var G̃, not the second moment"."""
    outcomes = decide(second=LIMIT * 1.001)[1]
    assert outcomes == {TOO_LOOSE: False, FAST: True, RATE: True, CONSTANT: False}


def test_lemma53_one_record_in_the_last_decade_or_one_seed_does_not_decide():
    """The slope over the last decade needs two records there: k = 1, 2, 5, 1000 has one
    (k ≥ 100), k = 1, 2, 100, 1000 two."""
    one = np.array([1.0, 2.0, 5.0, 1000.0])
    two = np.array([1.0, 2.0, 100.0, 1000.0])
    with pytest.raises(Undecidable):
        decide(errors(k=one), k=one)
    assert decide(errors(k=two), k=two)[0] is Status.HOLDS
    with pytest.raises(Undecidable):
        decide(errors(seeds=1))


# ---------------------------------------------------------------------------------------------
# Remark 5.3: decide_variance_remark


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(symbolic=False),
        dict(reduces=1.01 * REDUCES_TOLERANCE),
        dict(z=1.01 * K_SE),
        dict(z_grid=1.01 * K_SE),
    ],
    ids=["sympy", "reduction", "Monte Carlo d = 3", "Monte Carlo grid"],
)
def test_remark53_each_part_alone_fails_it(kwargs):
    parts = dict(symbolic=True, reduces=0.99 * REDUCES_TOLERANCE, z=K_SE, z_grid=K_SE)
    assert decide_variance_remark(**parts) is Status.HOLDS
    assert decide_variance_remark(**{**parts, **kwargs}) is Status.FAILS


def test_remark53_refuses_nan():
    with pytest.raises(Undecidable):
        decide_variance_remark(True, 1e-16, float("nan"), 1.0)


def test_lemma53_a_curve_still_falling_does_not_fit_whatever_its_window_mean():
    """The alternative a reader means on the γ > 0 row: k·E‖Σ_k⁻¹ − H‖² still falling over the
    last decade (the error at k^−1.3), scaled so that its second-half mean is Var G̃ (z ≈ 0):
    its mean is not its limit, so "Var G̃ fits" is No; the same mean on a levelled curve
    (k^−1), Yes."""
    half = K >= K.max() / 2
    scale = 1 / np.mean(K[half] ** -0.3)  # second-half mean of k·c·k^−1.3 = c / scale
    falling = errors(constant=LIMIT * scale, power=1.3)
    assert abs(np.mean((falling * K[:, None])[half]) - LIMIT) < 0.05 * LIMIT
    status, outcomes = decide(falling, C=1000.0, cap=10_000.0)
    assert status is Status.HOLDS and outcomes[FAST] and not outcomes[CONSTANT]
    assert decide(errors(constant=LIMIT), C=1000.0, cap=10_000.0)[1][CONSTANT]
