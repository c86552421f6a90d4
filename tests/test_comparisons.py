"""The comparison table is rendered from the verdict's measurements."""

import math

from mines_theory.experiments import COMPARED
from mines_theory.verification.comparisons import Comparison, Problem, comparison_table
from mines_theory.verification.stats import median_interval, proportion
from mines_theory.verification.verdict import Status, Verdict


def test_table_cells_from_measurements():
    comparison = Comparison(problems=(Problem("ellipsoid", 5, 100.0),), seeds=5)
    measurements = (median_interval([1000.0, 1100.0, 1200.0, 1300.0, 1400.0], "median_0_0"),
                    proportion("reached_0_0", 5, 5),
                    median_interval([1.0, math.nan, math.nan, math.nan, math.nan], "median_0_3"),
                    proportion("reached_0_3", 1, 5))
    table = comparison_table(Verdict(Status.HOLDS, "", measurements), comparison)
    row = table.loc["ellipsoid d=5, κ=1e+02"]
    assert list(table.columns) == list(COMPARED)
    assert row[COMPARED[0]] == "1200 [1000, 1400] (5/5)"
    assert row[COMPARED[3]] == "— (1/5)"
    assert row[COMPARED[1]] == ""
