"""The 2019 COCO claim's decision (``coco_bbob.judge``) on synthetic statistics, without a
summary: each criterion flips the status or its qualifier alone, a non-finite number that
decides is Undecidable; ``describe`` reports what it was given."""

import dataclasses
import math

import pandas as pd
import pytest

from mines_theory.verification.claims.coco_bbob import CocoMeasures, describe, judge
from mines_theory.verification.framework.verdict import Kind, Measurement, Status, Undecidable

ART = "aRT within 3× of the better peer"
ECDF = "ECDF area not inferior"
BY_FUNCTION = "ECDF area, MiNES − better peer, by function"
RGF = "beats RGF at 10⁻¹"


def interval(name: str, value: float, low: float, high: float) -> Measurement:
    return Measurement(name, value, (high - low) / 3.92, Kind.INTERVAL, interval=(low, high))


GOOD = CocoMeasures(
    peers=("CMA-ES", "xNES"),
    difference=interval("ECDF area, MiNES − better peer", -0.01, -0.03, 0.01),
    by_function=interval(BY_FUNCTION, -0.01, -0.04, 0.02),
    share=interval("pairs within 3× of the better peer", 0.7, 0.5, 0.9),
    counts=(
        Measurement("(f, d) pairs", 27, kind=Kind.COUNT),
        Measurement("pairs the better peer solves", 20, kind=Kind.COUNT),
        Measurement("pairs MiNES solves", 18, kind=Kind.COUNT),
    ),
    areas=(interval("ECDF area MiNES", 0.6, 0.55, 0.65),),
    rgf_gap=interval("share reaching 1e-1, MiNES − RGF", 0.3, 0.2, 0.4),
    step=(),
    runs=pd.DataFrame({"function": [1, 2], "dimension": [2, 5], "instance": [1, 2]}),
    data={},
)


def outcomes(measures: CocoMeasures) -> tuple[Status, dict[str, bool]]:
    status, qualifiers = judge(measures)
    return status, {q.name: q.outcome for q in qualifiers}


def test_every_criterion_met_holds():
    assert outcomes(GOOD) == (Status.HOLDS, {ART: True, ECDF: True, RGF: True})
    verdict = describe(GOOD, *judge(GOOD))
    assert verdict.status is Status.HOLDS
    assert verdict["runs per solver"].value == 2


@pytest.mark.parametrize(
    "change, flipped",
    [
        (dict(share=interval("pairs within 3× of the better peer", 0.49, 0.3, 0.7)), ART),
        (dict(by_function=interval(BY_FUNCTION, 0.0, -0.051, 0.05)), ECDF),
    ],
    ids=["share just below one half", "ECDF lower end just below the margin -0.05"],
)
def test_each_part_of_the_status_flips_it_alone(change, flipped):
    status, named = outcomes(dataclasses.replace(GOOD, **change))
    assert status is Status.FAILS
    assert named == {ART: flipped != ART, ECDF: flipped != ECDF, RGF: True}


def test_non_inferiority_reads_the_lower_end_by_function_not_whether_0_is_inside():
    """The interval by function decides, by its lower end against the margin −0.05: an interval
    [−0.049, −0.01] that excludes 0 is non-inferior; an interval [−0.3, 0.2] that contains 0
    (what the rule "contains 0" passed, as a small experiment does) is not; the interval by
    pair does not decide."""
    below_zero = dataclasses.replace(GOOD, by_function=interval(BY_FUNCTION, -0.03, -0.049, -0.01))
    assert outcomes(below_zero)[1][ECDF]
    wide = dataclasses.replace(GOOD, by_function=interval(BY_FUNCTION, 0.0, -0.3, 0.2))
    assert outcomes(wide) == (Status.FAILS, {ART: True, ECDF: False, RGF: True})
    by_pair_bad = interval("ECDF area, MiNES − better peer", -0.2, -0.3, -0.1)
    assert outcomes(dataclasses.replace(GOOD, difference=by_pair_bad))[0] is Status.HOLDS


def test_the_share_criterion_is_met_at_exactly_one_half():
    at = dataclasses.replace(GOOD, share=interval("pairs within 3× of the better peer", 0.5, 0, 1))
    assert outcomes(at)[0] is Status.HOLDS


@pytest.mark.parametrize(
    "gap",
    [interval("share reaching 1e-1, MiNES − RGF", 0.1, -0.01, 0.2), None],
    ids=["interval reaches 0", "no RGF runs"],
)
def test_beats_rgf_flips_alone(gap):
    status, named = outcomes(dataclasses.replace(GOOD, rgf_gap=gap))
    assert status is Status.HOLDS
    assert named == {ART: True, ECDF: True, RGF: False}


@pytest.mark.parametrize(
    "change",
    [
        dict(share=interval("pairs within 3× of the better peer", math.nan, 0.5, 0.9)),
        dict(by_function=interval(BY_FUNCTION, 0.0, math.nan, 0.1)),
        dict(rgf_gap=interval("share reaching 1e-1, MiNES − RGF", 0.3, math.nan, 0.4)),
    ],
    ids=["share", "ECDF lower end by function", "RGF lower end"],
)
def test_a_number_that_decides_and_is_nan_decides_nothing(change):
    with pytest.raises(Undecidable):
        judge(dataclasses.replace(GOOD, **change))
