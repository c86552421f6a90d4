"""The comparison table is rendered from the verdict's measurements."""

import dataclasses
import math

import numpy as np
import pandas as pd
import pytest

from mines_theory.experiments.runs import COMPARED
from mines_theory.algorithm.schedules import lemma51_step
from mines_theory.verification.claims.comparisons import (
    COMPARISON,
    Comparison,
    ComparisonData,
    Problem,
    comparison_table,
    decide_comparison,
    final_conditions,
    lemma51_least_evaluations,
    measure_comparison,
    runtime_ecdf,
    shortfalls,
)
from mines_theory.experiments.sweep import COLUMNS, evaluations_to_target
from mines_theory.verification.framework.stats import median_interval, proportion
from mines_theory.verification.framework.verdict import Kind, Measurement, Status, Verdict


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
    # one notation in every cell: a power of ten, 3 significant digits (a mantissa of 1 dropped)
    assert row[COMPARED[0]] == "1.20×10³ [10³, 1.40×10³] (5/5)"
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


def _cell(median: float, low: float, high: float) -> Measurement:
    return Measurement("m", median, (high - low) / 3.92, Kind.INTERVAL, (low, high))


FAST, SLOW, NEVER = _cell(100, 90, 110), _cell(1000, 900, 1100), _cell(np.inf, 1000, np.inf)


def _data(cells: dict, nes_reached=(0,)) -> ComparisonData:
    labels = tuple(dict.fromkeys(label for label, _ in cells))
    return ComparisonData(cells, (), labels, tuple(nes_reached))


def _table(fast: str, labels=("p",)) -> dict:
    """CMA-ES and one other method fast, NES never at the target, every other method slow, on
    each problem."""
    speed = {"CMA-ES": FAST, fast: FAST, "NES": NEVER}
    return {(label, m): speed.get(m, SLOW) for label in labels for m in COMPARED}


def _outcomes(data: ComparisonData) -> dict[str, bool]:
    return {q.name: q.outcome for q in decide_comparison(data)}


def test_decide_comparison_each_qualifier_flips_alone():
    """Each qualifier of the comparison decided on synthetic medians, on both sides of its
    criterion, with the others held: CMA-ES fastest only when its interval lies below every other
    median; MiNES beats RGF only when its interval lies below RGF's median; NES never reaches the
    target only when it ran and no run reached it."""
    cmaes_alone = _table("CMA-ES")
    base = _outcomes(_data(cmaes_alone))
    assert base == {
        "CMA-ES fastest everywhere": True,
        "MiNES (oracle) beats RGF everywhere": False,
        "MiNES (Hutchinson) beats RGF everywhere": False,
        "NES at η = 1/L never reaches the target": True,
    }
    # CMA-ES ties with one method (its interval not below that median): not fastest everywhere
    tied = cmaes_alone | {("p", "xNES"): FAST}
    assert _outcomes(_data(tied)) == base | {"CMA-ES fastest everywhere": False}
    # MiNES (oracle) faster than RGF: only its qualifier flips
    oracle = cmaes_alone | {("p", "MiNES (Lemma 5.2, oracle)"): _cell(500, 400, 600)}
    assert _outcomes(_data(oracle)) == base | {"MiNES (oracle) beats RGF everywhere": True}
    # a median below RGF's with an interval reaching past it is not "faster"
    overlapping = cmaes_alone | {("p", "MiNES (Lemma 5.2, oracle)"): _cell(500, 400, 1050)}
    assert _outcomes(_data(overlapping)) == base
    hutchinson = cmaes_alone | {("p", "MiNES (Hutchinson)"): _cell(500, 400, 600)}
    assert _outcomes(_data(hutchinson)) == base | {"MiNES (Hutchinson) beats RGF everywhere": True}
    # one run of NES reached the target somewhere
    assert _outcomes(_data(cmaes_alone, nes_reached=(0, 1))) == base | {
        "NES at η = 1/L never reaches the target": False
    }


def test_decide_comparison_needs_every_problem_and_a_shared_one():
    """ "Everywhere" fails on the one problem where it does not hold, and is false, not vacuously
    true, where two methods never ran on a common problem; a method that never reached the
    target (+∞ median) beats nobody; NES that never ran is not "never reaches"."""
    two = _table("MiNES (Lemma 5.2, oracle)", labels=("p", "q"))
    assert _outcomes(_data(two))["MiNES (oracle) beats RGF everywhere"]
    one_slow = two | {("q", "MiNES (Lemma 5.2, oracle)"): SLOW}
    assert not _outcomes(_data(one_slow))["MiNES (oracle) beats RGF everywhere"]
    never = two | {("q", "MiNES (Lemma 5.2, oracle)"): NEVER}
    assert not _outcomes(_data(never))["MiNES (oracle) beats RGF everywhere"]
    apart = {("p", "MiNES (Lemma 5.2, oracle)"): FAST, ("q", "RGF"): SLOW}
    assert not _outcomes(_data(apart))["MiNES (oracle) beats RGF everywhere"]
    assert not _outcomes(_data(two, nes_reached=()))["NES at η = 1/L never reaches the target"]


def test_shortfalls_say_why_each_problem_is_not_faster():
    """Where MiNES is not faster than RGF, each reason on its own problem, read from a verdict's
    measurements (``median_{problem}_{method}``): no median on either side, none on MiNES's
    only, RGF's median lower, MiNES's interval reaching RGF's median; a problem where MiNES is
    faster (RGF with no median included) is not listed, and flips to listed when it is not."""
    problems = tuple(Problem("ellipsoid", d, 1e2) for d in (2, 3, 4, 5, 6))
    comparison = Comparison(problems=problems, seeds=5)
    mines, rgf = COMPARED.index("MiNES (Lemma 5.2, oracle)"), COMPARED.index("RGF")
    pairs = [
        (NEVER, NEVER),
        (NEVER, SLOW),
        (SLOW, FAST),
        (_cell(500, 400, 1050), SLOW),
        (FAST, NEVER),
    ]
    cells = [
        dataclasses.replace(m, name=f"median_{i}_{j}")
        for i, pair in enumerate(pairs)
        for j, m in zip((mines, rgf), pair)
    ]
    verdict = Verdict(Status.HOLDS, "…", cells)
    why = shortfalls(verdict, "MiNES (Lemma 5.2, oracle)", "RGF", comparison)
    labels = [p.label for p in problems]
    assert why == {
        labels[0]: "neither it nor RGF reaches the target in half its runs: no median to compare",
        labels[1]: "it has no median (fewer than half its runs reach the target), RGF has one",
        labels[2]: "RGF's median is lower",
        labels[3]: "its median is lower, but its interval reaches RGF's median",
    }
    last = [
        dataclasses.replace(SLOW, name=f"median_4_{mines}"),
        dataclasses.replace(FAST, name=f"median_4_{rgf}"),
    ]
    slower = Verdict(Status.HOLDS, "…", [*cells[:8], *last])
    assert shortfalls(slower, "MiNES (Lemma 5.2, oracle)", "RGF", comparison)[labels[4]] == (
        "RGF's median is lower"
    )


def test_measure_comparison_by_hand():
    """The statistics of two tiny frames, counted by hand: a run that never reached the target is
    +∞ in the median, the reached fraction counts seeds, and at_target sums the runs at target."""
    frame = pd.DataFrame(
        {
            "method": ["CMA-ES"] * 3 + ["NES"] * 3,
            "seed": [0, 1, 2] * 2,
            "evaluations": [10, 20, 30, 40, 50, 60],
            "f_gap": [1e-9, 1e-9, 1.0, 1.0, 1.0, 1.0],
        }
    )
    data = measure_comparison({"p": frame}, target=1e-8)
    m = {x.name: x for x in data.measurements}
    cmaes, nes = COMPARED.index("CMA-ES"), COMPARED.index("NES")
    assert m[f"median_0_{cmaes}"].value == 20
    assert m[f"reached_0_{cmaes}"].value == pytest.approx(2 / 3)
    assert m[f"median_0_{nes}"].value == np.inf
    assert m["at_target"].value == 2
    # its uncertainty: the cells' Wilson half-widths / 1.96 in runs (n = 3), 3·z/(1 + z²/3)·
    # √(p(1 − p)/3 + z²/36)/1.96 with p = x/3, x = 2 (CMA-ES) and x = 0 (NES), combined
    z = 1.959963984540054
    cells = [
        (3 * z / (1 + z**2 / 3) * math.sqrt(x / 3 * (1 - x / 3) / 3 + z**2 / 36) / 1.96) ** 2
        for x in (2, 0)
    ]
    assert m["at_target"].uncertainty == pytest.approx(math.sqrt(sum(cells)))
    assert data.nes_reached == (0,) and data.labels == ("p",)


def test_runs_at_target_agree_within_a_borderline_run_not_beyond():
    """The published runs at the target are compared within their error: one borderline run
    ending on the other side of the target (128 against 127, as under another BLAS kernel)
    agrees; ten fewer runs at the target is a difference."""
    from mines_theory.verification.framework import ledger

    published = ledger.published()["Comparison"]["at_target"]
    assert published.kind is Kind.SE and published.uncertainty > 0

    def fewer(runs):
        return dataclasses.replace(published, value=published.value - runs)

    assert published.agrees(fewer(1))
    assert not published.agrees(fewer(10))


def _history(method, seed, evaluations, f_gaps, conditions, error=""):
    """Rows of a ``compare_methods`` frame for one run; ``error`` on its last row."""
    rows = []
    for i, (e, f, c) in enumerate(zip(evaluations, f_gaps, conditions)):
        last = i == len(evaluations) - 1
        rows.append(
            dict.fromkeys(COLUMNS, np.nan)
            | {"method": method, "seed": seed, "k": i, "evaluations": e, "f_gap": f}
            | {"condition": c, "error": error if last else ""}
        )
    return rows


def test_a_run_that_stops_early_is_never_reported_with_a_final_value():
    """NES's record at the start is κ = 10⁴ and its last row (Σ̄ not positive definite) NaN:
    ``.last()`` would give 10⁴, a 'final' value of a run that never went on. The table says
    when and why it stopped instead; a run to the budget keeps its final value; a mixed method
    shows both, the final value from the runs that ended only."""
    message = "NES: the covariance is no longer positive definite after iteration 3"
    rows = []
    for seed, stop in enumerate((12, 40)):
        rows += _history("NES", seed, [0, stop], [1.0, 2.0], [1e4, np.nan], message)
        rows += _history("RGF", seed, [0, 100], [1.0, 0.5], [1e4, 1e4])
        rows += _history(
            "mixed", seed, [0, 50 + 50 * seed], [1.0, 0.5], [1e4, 7.0], message if seed == 0 else ""
        )
    frame = pd.DataFrame(rows, columns=COLUMNS)
    assert frame.groupby(["method", "seed"]).condition.last()["NES"].eq(1e4).all()
    table = final_conditions(frame, 1e-8)
    assert math.isnan(table.loc["NES", "final"])
    assert table.loc["NES", "text"] == (
        "stopped at evaluation 12–40 (2/2 runs): Σ left the positive-definite cone"
    )
    assert "10" not in table.loc["NES", "text"].split(":")[1]
    assert table.loc["RGF", "final"] == 1e4 and table.loc["RGF", "stopped"] == 0
    assert table.loc["mixed", "final"] == 7.0  # seed 1 only, not seed 0's record
    assert table.loc["mixed", "text"].startswith("stopped at evaluation 50 (1/2 runs)")
    ecdf = runtime_ecdf(evaluations_to_target(frame, 1e-8), 1000.0, start=1.0)
    ends = ecdf.groupby("method").evaluations.max()
    assert ends["NES"] == 40 and ends["RGF"] == 1000 and ends["mixed"] == 1000


def test_lemma51_least_evaluations_against_the_iterated_expected_mean():
    """The closed form against the recursion it solves: the expected mean under Σ = I/τ,
    μ ← μ − η₁Σ∇f(μ) on the first problem's ellipsoid, iterated until the part of f − f* along
    H's flattest direction falls to the target."""
    problem = COMPARISON.problems[0]
    f, target = problem.objective(), 1e-8
    d, tau = f.dim, f.runs_box[0]
    eta1 = lemma51_step(d=d, b=d, delta=0.1, L=f.L, tau=tau).value
    w, v = np.linalg.eigh(f.hessian(f.minimizer))
    mu, k = np.zeros(d), 0
    while 0.5 * w[0] * float(v[:, 0] @ (mu - f.minimizer)) ** 2 > target:
        mu = mu - eta1 / tau * f.gradient(mu)
        k += 1
    expected = k * (2 * d + 1)
    got = lemma51_least_evaluations(problem, target)
    assert expected - (2 * d + 1) < got <= expected
