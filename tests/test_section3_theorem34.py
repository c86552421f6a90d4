"""Theorem 3.4's decision on synthetic numbers (no sweep runs): each criterion, fed data on
either side of it, flips the status or its qualifier alone; NaN decides nothing."""

import dataclasses
import math

import pytest

from mines_theory.verification.claims.section3.orders import OrderDecision
from mines_theory.verification.claims.section3.theorem34 import (
    HOLDER_MOMENT,
    KINK_MOMENT,
    Theorem34Data,
    decide_theorem34,
    describe_theorem34,
)
from mines_theory.verification.framework.decisions import LOOSE
from mines_theory.verification.framework.verdict import Status, Undecidable

LOOSE_Q = "loose"
BEYOND = "holds beyond eq:alp_cond"
ORDER2 = "order α² with a quadratic even part of the Hessian"
ORDER15 = "order α^1.5 with a Hölder-½ even part of the Hessian"
ORDER1 = "order α attained with a Lipschitz Hessian"
QUALIFIERS = (LOOSE_Q, BEYOND, ORDER2, ORDER15, ORDER1)


def settled(order: float) -> OrderDecision:
    return OrderDecision(order, order + 0.001, 0.001, f"settled at {order}")


NOT_DECIDED = OrderDecision(math.nan, 1.8, 0.1, "drifting")

#: Every criterion met: status "holds" and every qualifier "yes".
GOOD = Theorem34Data(
    alpha_max=1e-3,
    grid=20,
    valid=5,
    misses_valid=0,
    misses_grid=0,
    misses_1d=0,
    loose=2 * LOOSE,
    slope=2.0,
    slope_se=0.01,
    smooth_slope=2.0,
    holder_slope=1.5,
    kink_slope=1.0,
    holder_constant=HOLDER_MOMENT * 1.005,
    kink_constant=KINK_MOMENT * 0.995,
    orders={
        "logistic": settled(2.0),
        "smooth": settled(2.0),
        "holder": settled(1.5),
        "kink": settled(1.0),
    },
)


def outcomes(data: Theorem34Data) -> tuple[Status, dict[str, bool]]:
    status, qualifiers = decide_theorem34(data, small=1e-2)
    return status, {q.name: q.outcome for q in qualifiers}


def with_order(name: str, decision: OrderDecision) -> Theorem34Data:
    return dataclasses.replace(GOOD, orders={**GOOD.orders, name: decision})


def test_every_criterion_met_holds_with_every_qualifier():
    status, named = outcomes(GOOD)
    assert status is Status.HOLDS
    assert named == dict.fromkeys(QUALIFIERS, True)
    assert describe_theorem34(GOOD, *decide_theorem34(GOOD, 1e-2)).headline().startswith("holds")


@pytest.mark.parametrize(
    "change",
    [dict(misses_valid=1), dict(misses_1d=1)],
    ids=["a bound fails inside eq:alp_cond", "the 1-D bound fails"],
)
def test_a_bound_missed_at_one_point_fails_and_changes_no_qualifier(change):
    status, named = outcomes(dataclasses.replace(GOOD, **change))
    assert status is Status.FAILS
    assert named == dict.fromkeys(QUALIFIERS, True)


@pytest.mark.parametrize(
    "data, flipped",
    [
        (dataclasses.replace(GOOD, loose=LOOSE * 0.99), LOOSE_Q),
        (dataclasses.replace(GOOD, misses_grid=1), BEYOND),
        (with_order("logistic", settled(1.5)), ORDER2),
        (with_order("smooth", NOT_DECIDED), ORDER2),
        (with_order("holder", settled(2.0)), ORDER15),
        (dataclasses.replace(GOOD, holder_constant=HOLDER_MOMENT * 1.02), ORDER15),
        (with_order("kink", settled(1.5)), ORDER1),
        (dataclasses.replace(GOOD, kink_constant=KINK_MOMENT * 0.98), ORDER1),
    ],
    ids=[
        "looseness below LOOSE",
        "a bound fails beyond eq:alp_cond",
        "logistic order α^1.5",
        "smooth order not decided",
        "Hölder order α²",
        "Hölder constant 2% off",
        "kink order α^1.5",
        "kink constant 2% off",
    ],
)
def test_each_qualifier_flips_alone_and_leaves_the_status(data, flipped):
    status, named = outcomes(data)
    assert status is Status.HOLDS
    assert named == {name: name != flipped for name in QUALIFIERS}


def test_without_a_point_inside_eq_alp_cond_the_hypotheses_are_not_met():
    data = dataclasses.replace(GOOD, valid=0, loose=math.nan)
    assert outcomes(data) == (Status.HYPOTHESES_NOT_MET, {})
    verdict = describe_theorem34(data, *decide_theorem34(data, 1e-2))
    assert verdict.status is Status.HYPOTHESES_NOT_MET and verdict["valid"].value == 0


@pytest.mark.parametrize("name", ["slope", "smooth_slope", "holder_slope", "kink_slope"])
def test_a_slope_that_could_not_be_fitted_is_not_checked(name):
    assert outcomes(dataclasses.replace(GOOD, **{name: math.nan})) == (Status.NOT_CHECKED, {})


@pytest.mark.parametrize("name", ["loose", "holder_constant", "kink_constant"])
@pytest.mark.parametrize("value", [math.nan, math.inf])
def test_a_number_that_is_not_finite_decides_nothing(name, value):
    with pytest.raises(Undecidable, match=name):
        decide_theorem34(dataclasses.replace(GOOD, **{name: value}), 1e-2)
