"""Theorem 3.3's decision on synthetic sweeps (no solver runs): each of its two bounds alone
fails the status at one α, each qualifier flips alone on either side of its criterion, and NaN
decides nothing (issue 43 §2: the status had been decided by one of its two bounds). At the
end, Theorem 3.2's sandwich with either side alone moved inward."""

import pandas as pd
import pytest

from mines_theory.verification.framework.decisions import LOOSE
from mines_theory.theory.bounds.section3 import theorem32_bounds
from mines_theory.verification.claims.section3.theorems import check_theorem32, decide_theorem33
from mines_theory.verification.framework.verdict import Status, Undecidable

LOOSE_Q = "loose"
ORDER = "order α⁴, not α²"
STEP = "proof step eq:R holds at the minimizers"
IMPROVED = "O(α⁴) bound from the stationarity of μ̂* holds"


def sweep(**changes) -> pd.DataFrame:
    """Three α, every quantity at half its bound; ``changes`` maps a column to (row, value)."""
    df = pd.DataFrame(
        dict(
            alpha=[1e-3, 1e-2, 1e-1],
            f_gap=[1e-12, 1e-8, 1e-4],
            f_gap_bound=[2e-12, 2e-8, 2e-4],
            distance_sq=[1e-12, 1e-8, 1e-4],
            distance_sq_bound=[2e-12, 2e-8, 2e-4],
            logdet_step=[0.5, 0.5, 0.5],
            logdet_step_bound=[1.0, 1.0, 1.0],
        )
    )
    for column, (row, value) in changes.items():
        df.loc[row, column] = value
    return df


def decide(df=None, *, loose=2 * LOOSE, slopes=(4.0, 4.0), improved=2.0):
    status, qualifiers = decide_theorem33(
        sweep() if df is None else df, loose=loose, slopes=slopes, improved=improved, small=1e-2
    )
    return status, {q.name: q.outcome for q in qualifiers}


def test_every_part_met_holds_with_every_qualifier():
    status, outcomes = decide()
    assert status is Status.HOLDS and all(outcomes.values())


@pytest.mark.parametrize("column", ["f_gap", "distance_sq"])
@pytest.mark.parametrize("row", [0, 2])
def test_each_bound_alone_exceeded_at_one_alpha_fails(column, row):
    """The f-gap above its bound at one α, the distance within; and the other way round."""
    status, _ = decide(sweep(**{column: (row, 3 * 10.0 ** (-12 + 4 * row))}))
    assert status is Status.FAILS


def test_a_bound_met_with_equality_holds():
    status, _ = decide(sweep(f_gap=(1, 2e-8), distance_sq=(1, 2e-8)))
    assert status is Status.HOLDS


@pytest.mark.parametrize(
    "kwargs, name",
    [
        (dict(loose=0.99 * LOOSE), LOOSE_Q),
        (dict(slopes=(3.4, 4.0)), ORDER),
        (dict(slopes=(4.0, 4.6)), ORDER),
        (dict(slopes=(2.0, 2.0)), ORDER),
        (dict(improved=0.99), IMPROVED),
    ],
)
def test_each_qualifier_flips_alone(kwargs, name):
    status, outcomes = decide(**kwargs)
    assert status is Status.HOLDS
    assert {n for n, yes in outcomes.items() if not yes} == {name}


def test_the_qualifiers_hold_on_their_boundaries():
    status, outcomes = decide(loose=LOOSE, slopes=(3.5, 4.5), improved=1.0)
    assert all(outcomes.values())


def test_the_logdet_step_above_its_bound_at_one_alpha_flips_its_qualifier_alone():
    status, outcomes = decide(sweep(logdet_step=(1, 1.01)))
    assert status is Status.HOLDS
    assert {n for n, yes in outcomes.items() if not yes} == {STEP}


@pytest.mark.parametrize("field", ["loose", "improved"])
def test_nan_decides_nothing(field):
    with pytest.raises(Undecidable):
        decide(**{field: float("nan")})
    with pytest.raises(Undecidable):
        decide(slopes=(float("nan"), 4.0))


# ---------------------------------------------------------------------------------------------
# Theorem 3.2: either side of the sandwich alone


def shifted(side: int, by: float):
    """``theorem32_bounds`` with its ``side`` (0 lower, 1 upper) moved by ``by`` times the
    sandwich's width (inward for by > 0)."""

    def bounds(**kw):
        lower, upper = theorem32_bounds(**kw)
        width = upper - lower
        return (lower + by * width, upper) if side == 0 else (lower, upper - by * width)

    return bounds


@pytest.mark.parametrize("side", [0, 1], ids=["lower", "upper"])
def test_theorem32_either_side_of_the_sandwich_alone_fails_it(side):
    """Each side moved inward by 60% of the width: the other still holds, the sandwich does
    not (at some point Q_α lies outside it; the published smallest margin is 0.1 of it)."""
    assert check_theorem32().status is Status.HOLDS
    verdict = check_theorem32(shifted(side, 0.6))
    assert verdict.status is Status.FAILS and verdict["margin"].value < 0
    points = verdict.data["points"]
    outside_lower, outside_upper = (points.Q < points.lower).any(), (points.Q > points.upper).any()
    assert (outside_lower, outside_upper) == ((True, False) if side == 0 else (False, True))
