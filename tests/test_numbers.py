"""How a number is written (``mines_theory.numbers``, ``Measurement.render`` and ``prose``): as a
careful author writes it, each rule tested on the case it changes and on one it must leave."""

from __future__ import annotations

import pytest

from mines_theory.numbers import powers_of_ten, rounded
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
    from mines_theory.numbers import format_number

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


def test_prose_writes_a_negative_number_with_a_minus_sign():
    """05's slope of the frozen runs was glued as "-0.99968 [-0.99987, -0.99928]", with a
    hyphen; prose writes "−" (U+2212), the verdict cell's ``render`` keeps the code's sign."""
    from mines_theory.numbers import minus_signs

    slope = Measurement("s", -0.99968, kind=Kind.INTERVAL, interval=(-0.99987, -0.99928))
    assert slope.render() == "-0.99968 [-0.99987, -0.99928]"
    assert slope.prose() == "−0.99968 [−0.99987, −0.99928]"
    assert Measurement("m", -2.5e-16, kind=Kind.NUMERIC).prose() == "−2.5×10⁻¹⁶"
    assert Measurement("z", -1.25, 1.0, Kind.Z).prose() == "−1.2"
    assert "-" not in Measurement("v", -0.5, 0.01).prose()
    assert minus_signs("a 2-D run, 10-90%, x-1, k-th") == "a 2-D run, 10-90%, x-1, k-th"


def test_a_share_zero_in_every_seed_is_a_count_with_its_wilson_bound():
    """ "0% [0%, 0%]" (a bootstrap over seeds, each with no event) is written as the seeds it
    rests on and the upper end of the Wilson interval of 0 of n (``stats.proportion``); without
    its seeds (a measurement published before they were counted) it is written as before."""
    from mines_theory.verification.framework.stats import bootstrap, proportion

    zero = bootstrap(lambda s: 0.0, 40, "violations", method="BCa", percent=True)
    assert zero.units == 40 and zero.interval == (0.0, 0.0)
    bound = proportion("p", 0, 40).interval[1]
    assert 0.087 < bound < 0.088
    assert zero.render() == "0% (none in 40 seeds; Wilson 95% upper bound 8.8%)"
    assert zero.prose() == zero.render()
    every = Measurement("s", 1.0, kind=Kind.INTERVAL, interval=(1.0, 1.0), percent=True, units=40)
    assert every.render() == "100% (all, in each of 40 seeds; Wilson 95% lower bound 91%)"
    old = Measurement("v", 0.0, kind=Kind.INTERVAL, interval=(0.0, 0.0), percent=True)
    assert old.render() == "0% [0%, 0%]" and old.prose() == "0%"
    # an interval of some width, or a share that is not 0 or 1, keeps its interval
    some = Measurement("v", 0.1, kind=Kind.INTERVAL, interval=(0.05, 0.2), percent=True, units=8)
    assert some.render() == "10% [5%, 20%]"
    # published without the key, written back without it; with it, round-trips
    assert "units" not in old.to_json() and Measurement.from_json(old.to_json()) == old
    assert Measurement.from_json(zero.to_json()) == zero
    with pytest.raises(ValueError, match="units must be a positive whole number"):
        Measurement("v", 0.0, units=0)


def test_a_tables_column_takes_one_notation():
    """05's table mixed 0.00977 and 9.78×10⁻⁴ in one column: where some cells need powers of
    ten the column is written in them throughout, to each number's digits; a column in fixed
    notation throughout, and the index, stay as they are."""
    import pandas as pd

    from mines_theory.plotting.figures import markdown_table
    from mines_theory.numbers import one_notation

    frozen = ["0.00977 [0.00963, 0.00986]", "9.78×10⁻⁴ [9.65×10⁻⁴, 9.89×10⁻⁴]"]
    assert one_notation(frozen) == [
        "9.77×10⁻³ [9.63×10⁻³, 9.86×10⁻³]",
        "9.78×10⁻⁴ [9.65×10⁻⁴, 9.89×10⁻⁴]",
    ]
    fixed = ["0.0831 [0.0810, 0.0847]", "0.080 [0.074, 0.083]"]
    assert one_notation(fixed) == fixed
    assert one_notation(["0.0013", "10⁻⁴", "0", "12"]) == ["1.3×10⁻³", "10⁻⁴", "0", "1.2×10¹"]
    table = pd.DataFrame({"rate": frozen, "slope": ["-0.5", "0.25"]}, index=["10", "100"])
    assert markdown_table(table, "κ").splitlines()[2:] == [
        "| 10 | 9.77×10⁻³ [9.63×10⁻³, 9.86×10⁻³] | −0.5 |",
        "| 100 | 9.78×10⁻⁴ [9.65×10⁻⁴, 9.89×10⁻⁴] | 0.25 |",
    ]


def test_a_table_writes_exponent_notation_as_powers_of_ten():
    """03's table of Lemma B.1 (PDF Lemma 17) showed "6.56e+03" and "1e+04" (cells formatted
    with ``:.3g``): ``markdown_table`` writes them, in cells and in the index, as powers of ten,
    and the column in one notation."""
    import pandas as pd

    from mines_theory.plotting.figures import markdown_table

    table = pd.DataFrame({"moment": ["105", "6.56e+03"], "bound": ["1e+04", "1e+04"]})
    table.index = ["1e-06", "2"]
    assert markdown_table(table, "d").splitlines()[2:] == [
        "| 10⁻⁶ | 1.05×10² | 10⁴ |",
        "| 2 | 6.56×10³ | 10⁴ |",
    ]
    # a whole power of ten in fixed notation takes the form powers_of_ten gives 1e+04
    column = markdown_table(pd.DataFrame({"x": ["10", "1e+04", "12"]})).splitlines()[2:]
    assert column == ["| 0 | 10¹ |", "| 1 | 10⁴ |", "| 2 | 1.2×10¹ |"]
