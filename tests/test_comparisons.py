"""The comparison table is rendered from the verdict's measurements."""

import math

import numpy as np
import pandas as pd
import pytest

from mines_theory.experiments.runs import COMPARED
from mines_theory.verification.claims.comparisons import (
    Comparison,
    Problem,
    comparison_table,
    runtime_ecdf,
)
from mines_theory.verification.framework.stats import median_interval, proportion
from mines_theory.verification.framework.verdict import Status, Verdict


def test_table_cells_from_measurements():
    comparison = Comparison(problems=(Problem("ellipsoid", 5, 100.0),), seeds=5)
    measurements = (
        median_interval([1000.0, 1100.0, 1200.0, 1300.0, 1400.0], "median_0_0"),
        proportion("reached_0_0", 5, 5),
        median_interval([1.0, math.inf, math.inf, math.inf, math.inf], "median_0_3"),
        proportion("reached_0_3", 1, 5),
    )
    table = comparison_table(Verdict(Status.HOLDS, "", measurements), comparison)
    row = table.loc["ellipsoid d=5, κ=1e+02"]
    assert list(table.columns) == list(COMPARED)
    assert row[COMPARED[0]] == "1200 [1000, 1400] (5/5)"
    assert row[COMPARED[3]] == "— (1/5)"
    assert row[COMPARED[1]] == ""


def test_runtime_ecdf_by_hand():
    # A: 4 runs, reached at 100, 100, 300 and never: 2/4 by 100, 3/4 by 300, 3/4 at the budget.
    # B: 2 runs, never: a flat 0 that ends at the budget.
    table = pd.DataFrame(
        {
            "method": ["A", "A", "B", "A", "A", "B"],
            "evaluations": [100.0, np.nan, np.nan, 300.0, 100.0, np.nan],
        }
    )
    ecdf = runtime_ecdf(table, budget=1000)
    a, b = ecdf[ecdf.method == "A"], ecdf[ecdf.method == "B"]
    assert a.evaluations.tolist() == [1.0, 100.0, 300.0, 1000.0]
    assert a.fraction.tolist() == [0.0, 0.5, 0.75, 0.75]
    assert b.evaluations.tolist() == [1.0, 1000.0] and b.fraction.tolist() == [0.0, 0.0]
    assert set(ecdf.runs[ecdf.method == "A"]) == {4} and set(b.runs) == {2}


def test_runtime_ecdf_refuses_runs_beyond_the_budget():
    table = pd.DataFrame({"method": ["A"], "evaluations": [2000.0]})
    with pytest.raises(ValueError, match=r"table.evaluations must lie in \[start, budget\]"):
        runtime_ecdf(table, budget=1000)
    with pytest.raises(ValueError, match="budget"):
        runtime_ecdf(table, budget=-1)


def test_comparison_of_nothing_is_not_checked():
    """check_comparison(problems=()) said "holds (CMA-ES fastest everywhere…)" (issue 22 §2)."""
    from mines_theory.verification.claims.comparisons import check_comparison

    verdict = check_comparison(Comparison(problems=()))
    assert verdict.status is Status.NOT_CHECKED and verdict.qualifiers == ()
    assert verdict.text() == "no problem to compare the methods on"
    verdict = check_comparison(Comparison(problems=(Problem("ellipsoid", 5, 100.0),), seeds=0))
    assert verdict.status is Status.NOT_CHECKED
    assert verdict.text().startswith("comparison.seeds = 0")
