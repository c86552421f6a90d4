"""The framework's decision functions (mines_theory.verification.framework.decisions, issue 32
§2): each fed synthetic data on both sides of its criterion, at its boundary, and with a NaN or
infinite input (Undecidable, never a decision); a status of several parts in which each part
alone decides."""

import itertools
import math

import mpmath
import pytest

from mines_theory.verification.framework.decisions import (
    exceeded,
    identity_within,
    status_of,
    within_se,
)
from mines_theory.verification.framework.stats import K_SE, exceedance_z
from mines_theory.verification.framework.verdict import Status, Undecidable


#: The exact tails at the boundaries, from term-by-term sums at 50 digits (mpmath), against
#: the level Φ̄(5) = 2.8665·10⁻⁷: 28 of 100 at 0.1 has P(X ≥ 28) = 3.48·10⁻⁷ (not rejected,
#: where the normal z was 6.0), 29 has 9.44·10⁻⁸; 46 of 2·10⁴ at 10⁻³ 4.46·10⁻⁷, 47 1.87·10⁻⁷.
@pytest.mark.parametrize(
    "count, trials, allowed, verdict",
    [
        (0, 100, 0.1, False),  # never exceeded
        (10, 100, 0.1, False),  # exactly as often as allowed
        (26, 100, 0.1, False),  # normal z = 5.33 rejected it; the exact tail 4.1·10⁻⁶ does not
        (28, 100, 0.1, False),  # tail 3.48·10⁻⁷: just short of the level
        (29, 100, 0.1, True),  # tail 9.44·10⁻⁸
        (100, 100, 0.1, True),  # always
        (46, 20_000, 1e-3, False),  # tail 4.46·10⁻⁷
        (47, 20_000, 1e-3, True),  # tail 1.87·10⁻⁷
        (1, 100, 1 / 9000, False),  # one rare event: normal z = 9.4 rejected it; tail 0.011
    ],
)
def test_exceeded_is_the_exact_binomial_test_at_k_se(count, trials, allowed, verdict):
    with mpmath.workdps(50):
        a = mpmath.mpf(allowed)
        tail = mpmath.fsum(
            mpmath.binomial(trials, j) * a**j * (1 - a) ** (trials - j)
            for j in range(count, trials + 1)
        )
        assert (tail < mpmath.ncdf(-K_SE)) is verdict
    assert exceeded(count, trials, allowed) is verdict
    at = exceedance_z(count, trials, allowed)
    if math.isfinite(at):
        assert exceeded(count, trials, allowed, k=at) is False  # at the criterion: not beyond it
        assert exceeded(count, trials, allowed, k=at - 1e-9) is True  # it moves with k
        assert exceeded(count, trials, allowed, k=at + 1e-9) is False


def test_exceeded_refuses_no_trial_and_a_bad_probability():
    with pytest.raises(Undecidable, match="no trials"):
        exceeded(0, 0, 0.1)
    with pytest.raises(ValueError, match="allowed must lie in"):
        exceeded(1, 10, 1.0)


@pytest.mark.parametrize(
    "value, target, se, inside",
    [
        (1.0, 1.0, 0.01, True),
        (1.0 + 4.99 * 0.01, 1.0, 0.01, True),
        (1.0 - 4.99 * 0.01, 1.0, 0.01, True),  # both sides of the target
        (1.0 + 5.01 * 0.01, 1.0, 0.01, False),
        (1.0 - 5.01 * 0.01, 1.0, 0.01, False),
        (2.0, 1.0, 0.0, False),  # no uncertainty: only equality is within
        (1.0, 1.0, 0.0, True),
    ],
)
def test_within_se_on_both_sides(value, target, se, inside):
    assert within_se(value, target, se) is inside


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_no_decision_from_a_nan_or_an_infinity(bad):
    for call in (
        lambda: within_se(bad, 1.0, 0.1),
        lambda: within_se(1.0, bad, 0.1),
        lambda: within_se(1.0, 1.0, bad),
        lambda: identity_within(bad, 1e-10),
    ):
        with pytest.raises(Undecidable, match="a decision needs a finite number"):
            call()


def test_identity_within_its_tolerance():
    assert identity_within(0.0, 1e-10) and identity_within(9.9e-11, 1e-10)
    assert not identity_within(1e-10, 1e-10) and not identity_within(1.0, 1e-10)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_a_status_of_several_parts_fails_when_any_one_part_alone_fails(n):
    names = [f"part{i}" for i in range(n)]
    for values in itertools.product([True, False], repeat=n):
        status = status_of(**dict(zip(names, values)))
        assert status is (Status.HOLDS if all(values) else Status.FAILS)


def test_a_status_part_must_be_a_bool():
    import numpy as np

    assert status_of(x=np.bool_(True), y=bool(np.float64(1.0) <= 2)) is Status.HOLDS
    for bad in (np.array([True, False]), 1, None, math.nan, "yes"):
        with pytest.raises(TypeError, match="part x must be a bool"):
            status_of(x=bad)
    with pytest.raises(ValueError, match="parts must name at least one criterion"):
        status_of()


def test_too_few_seeds_flips_with_the_seeds_and_the_allowed_fraction():
    """Lemma 5.2's "0% (none in 16 seeds; Wilson 95% upper bound 19%)" against δ = 0.1: the
    seeds cannot exclude an exceedance rate above δ (Yes); 40 seeds (bound 8.8%) can (No), as
    can 16 against δ = 0.25; a share with events is judged by its interval's upper end."""
    from mines_theory.verification.framework.decisions import too_few_seeds
    from mines_theory.verification.framework.verdict import TOO_FEW_SEEDS, Measurement

    def zero(seeds: int) -> Measurement:
        return Measurement(
            "v", 0.0, kind="interval", interval=(0.0, 0.0), percent=True, units=seeds
        )

    q = too_few_seeds(zero(16), 0.1)
    assert q.name == TOO_FEW_SEEDS and q.outcome and "δ = 0.1" in q.criterion
    assert not too_few_seeds(zero(40), 0.1).outcome
    assert not too_few_seeds(zero(16), 0.25).outcome
    some = Measurement("v", 0.02, 0.01, "interval", (0.01, 0.12), percent=True, units=16)
    assert too_few_seeds(some, 0.1).outcome and not too_few_seeds(some, 0.15).outcome


def test_too_loose_to_test_on_both_sides_of_its_criterion():
    from mines_theory.verification.framework.decisions import UNTESTABLE, too_loose_to_test

    assert too_loose_to_test(UNTESTABLE).outcome
    assert not too_loose_to_test(1.01 * UNTESTABLE).outcome
    with pytest.raises(Undecidable):
        too_loose_to_test(float("nan"))
