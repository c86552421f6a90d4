"""Verdicts as data: rendering rounded to the uncertainty, agreement within it, JSON round trips."""

import math

import pytest

from mines_theory.verification.verdict import (
    Kind,
    Measurement,
    Qualifier,
    Status,
    Verdict,
    format_number,
)


@pytest.mark.parametrize("measurement, text", [
    (Measurement("a", 1.3853, 0.0512, Kind.SE), "1.39 ± 0.05"),
    (Measurement("a", 1.3853, 0.0152, Kind.SE), "1.385 ± 0.015"),      # leading 1: two digits
    (Measurement("a", 1559.0, 109.0, Kind.SE), "1560 ± 110"),
    (Measurement("a", 6.04e-4, 1.1e-5, Kind.SE), "(6.04 ± 0.11)e-04"),
    (Measurement("a", 0.25, 0.04, Kind.SE, percent=True), "25 ± 4%"),
    (Measurement("a", -1.09, 0.05, Kind.INTERVAL, (-1.19, -1.01)), "-1.09 [-1.19, -1.01]"),
    (Measurement("a", 30745, 900, Kind.INTERVAL, (29100, 34265)), "30700 [29100, 34300]"),
    (Measurement("a", 3e-14, 1e-10, Kind.BELOW), "< 1e-10"),
    (Measurement("a", 0.5, 1e-10, Kind.BELOW), "0.50"),
    (Measurement("a", 7.0, kind=Kind.COUNT), "7"),
    (Measurement("a", 4251.3, 4.0, Kind.NUMERIC), "4251"),
    (Measurement("a", 2.1234e-8, 0.0, Kind.NUMERIC, digits=3), "2.12e-08"),
    (Measurement("a", -2.345, 1.0, Kind.Z), "-2.3"),
])
def test_render(measurement, text):
    assert measurement.render() == text


def test_format_number():
    assert [format_number(x) for x in (0.0, 0.01234, 123.4, 1.234e6, -5e-5)] == \
        ["0", "0.012", "123", "1.2e+06", "-5.0e-05"]


@pytest.mark.parametrize("kind, a, b, agree", [
    (Kind.SE, (1.0, 0.1), (1.7, 0.1), True),          # |Δ| = 0.7 ≤ 5·√0.02 = 0.707
    (Kind.SE, (1.0, 0.1), (1.75, 0.1), False),
    (Kind.NUMERIC, (1.0, 1e-6), (1.0 + 1.9e-6, 1e-6), True),
    (Kind.NUMERIC, (1.0, 1e-6), (1.0 + 2.1e-6, 1e-6), False),
    (Kind.COUNT, (3.0, 0.0), (3.0, 0.0), True),
    (Kind.COUNT, (3.0, 0.0), (4.0, 0.0), False),
    (Kind.BELOW, (1e-13, 1e-10), (5e-11, 1e-10), True),
    (Kind.BELOW, (1e-13, 1e-10), (2e-10, 1e-10), False),
])
def test_agreement_within_uncertainty(kind, a, b, agree):
    assert Measurement("x", *a, kind).agrees(Measurement("x", *b, kind)) is agree


def test_agreement_needs_the_same_name_and_kind():
    assert not Measurement("x", 1.0, 0.1, Kind.SE).agrees(Measurement("y", 1.0, 0.1, Kind.SE))
    assert not Measurement("x", 1.0, 0.1, Kind.SE).agrees(Measurement("x", 1.0, 0.1, Kind.Z))
    nan = Measurement("x", math.nan, 0.1, Kind.SE)
    assert nan.agrees(nan) and not nan.agrees(Measurement("x", 1.0, 0.1, Kind.SE))


def test_verdict_text_headline_report_and_differences():
    v = Verdict(Status.HOLDS, "rate {r}", (Measurement("r", 0.5, 0.01, Kind.SE),),
                (Qualifier("loose", "r ≥ 0.1", True), Qualifier("tight", "r ≤ 0.1", False)))
    assert v.text() == "rate 0.500 ± 0.010"
    assert v.headline() == "holds (loose)"
    assert v.report().splitlines() == ["holds (loose)", "rate 0.500 ± 0.010",
                                       "- loose? Yes. Criterion: r ≥ 0.1.",
                                       "- tight? No. Criterion: r ≤ 0.1."]
    assert v["r"].value == 0.5 and v.qualifier("tight").outcome is False
    other = Verdict(Status.FAILS, "rate {r}", (Measurement("r", 0.9, 0.01, Kind.SE),),
                    (Qualifier("loose", "r ≥ 0.1", True), Qualifier("tight", "r ≤ 0.1", False)))
    diff = v.differences(other)
    assert diff[0] == "status 'holds' != 'fails'" and diff[1].startswith("measurement 'r'")
    assert Verdict.from_json(v.to_json()) == v


def test_verdict_rejects_a_placeholder_without_measurement_and_duplicate_names():
    with pytest.raises(KeyError):
        Verdict(Status.HOLDS, "x = {x}")
    with pytest.raises(ValueError, match="measurement names must be unique"):
        Verdict(Status.HOLDS, "", (Measurement("x", 1.0), Measurement("x", 2.0)))
    with pytest.raises(ValueError):
        Verdict("probably", "")
