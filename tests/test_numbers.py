"""How a number is written (``framework.numbers``, ``Measurement.render`` and ``prose``): as a
careful author writes it, each rule tested on the case it changes and on one it must leave."""

from __future__ import annotations

import pytest

from mines_theory.verification.framework.numbers import powers_of_ten, rounded
from mines_theory.verification.framework.verdict import Kind, Measurement


def test_powers_of_ten_leaves_no_exponent_notation():
    assert powers_of_ten("1.2e-05 and 3e+10") == "1.2×10⁻⁵ and 3×10¹⁰"
    assert powers_of_ten("version 1.2e5x") == "version 1.2e5x"  # not a number in prose


def test_an_interval_of_counts_keeps_no_decimals():
    """A median iteration with its order statistics ("k = 205.0 [202.0, 209.0]" before) is a
    count; a rate of the same spread keeps the decimal its uncertainty asks for."""
    assert rounded([205.0, 202.0, 209.0], 7 / 4, False) == ["205", "202", "209"]
    assert rounded([204.6, 202.1, 209.3], 7 / 4, False) == ["204.6", "202.1", "209.3"]
    enter = Measurement("enter", 205.0, kind=Kind.INTERVAL, interval=(202.0, 209.0))
    assert enter.render() == "205 [202, 209]"


def test_an_interval_of_zero_width_is_printed_as_its_value():
    """ "0% [0%, 0%]" read as a width lost to rounding; an interval of zero width is its value
    alone, and an interval of some width keeps the digits that show it."""
    none = Measurement("v", 0.0, kind=Kind.INTERVAL, interval=(0.0, 0.0), percent=True)
    assert none.prose() == "0%"
    some = Measurement("v", 0.0, kind=Kind.PROPORTION, interval=(0.0, 0.0019), percent=True)
    assert some.prose() == some.render() == "0.00% [0.00%, 0.19%]"


def test_prose_writes_powers_of_ten_where_render_writes_exponents():
    c = Measurement("C", 1.6e14, kind=Kind.NUMERIC)
    assert c.render() == "1.6e+14" and c.prose() == "1.6×10¹⁴"
    rate = Measurement("r", 6.04e-4, kind=Kind.INTERVAL, interval=(5.74e-4, 6.34e-4))
    assert rate.prose() == "6.04×10⁻⁴ [5.74×10⁻⁴, 6.34×10⁻⁴]"
    assert Measurement("r", 0.0831, 0.001).prose() == Measurement("r", 0.0831, 0.001).render()


def test_a_constant_above_fixed_below_is_written_to_its_digits():
    """06 printed C₃ = 2.927e+04 (then 29269 in fixed notation); with ``fixed_below`` a
    constant of 2 significant digits keeps 2 (2.9e+04), one below it stays fixed."""
    from mines_theory.verification.framework.numbers import format_number

    assert format_number(29269.0) == "29269"
    assert format_number(29269.0, fixed_below=1e3) == "2.9e+04"
    assert format_number(123.6, fixed_below=1e3) == "124"
    with pytest.raises(ValueError, match="fixed_below"):
        format_number(1.0, fixed_below=0.0)


def test_a_verdicts_prose_fills_its_summary_as_prose_writes_numbers():
    from mines_theory.verification.framework.verdict import Status, Verdict

    verdict = Verdict(
        Status.HOLDS,
        "C = {C}, above the bound {share}",
        (
            Measurement("C", 3.3e12, kind=Kind.NUMERIC),
            Measurement("share", 0.0, kind=Kind.INTERVAL, interval=(0.0, 0.0), percent=True),
        ),
    )
    assert verdict.text() == "C = 3.3e+12, above the bound 0% [0%, 0%]"
    assert verdict.prose() == "C = 3.3×10¹², above the bound 0%"
