"""MiNES against its peers (the paper has no experiments): evaluations to reach f − f* ≤ 10⁻⁸
for MiNES with three step sizes, random gradient-free descent, xNES, CMA-ES and the NES
meta-algorithm of Section 2 (at this suite's settings, ``NES_SETTINGS``: the paper gives none),
on rotated ellipsoids and a log-cosh objective.

The result is a verdict like the ledger's: each cell of the table is a measurement (the median
over seeds with an order-statistic interval, and the fraction of seeds that reached the
target), so the published table changes only when a number moves beyond its interval.
Notebook ``07-comparisons`` plots ``data`` and writes ``comparison_table`` for the README.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
import pandas as pd

from mines_theory.experiments.runs import COMPARED, compare_methods
from mines_theory.experiments.sweep import cached_sweep, evaluations_to_target
from mines_theory.problems.objectives import LogCoshQuadratic, RotatedEllipsoid
from mines_theory.algorithm.schedules import lemma51_step
from mines_theory.algorithm.strategy import progress_bar
from mines_theory.validation import positive_scalar
from ..framework.declare import finding
from mines_theory.numbers import format_number, powers_of_ten
from ..framework.sizes import Data
from ..framework.stats import median_interval, proportion
from ..framework.verdict import Kind, Measurement, Qualifier, Status, Verdict

__all__ = [
    "COMPARISON",
    "COMPARISON_MIN_SEEDS",
    "NES_SETTINGS",
    "Comparison",
    "Problem",
    "ComparisonData",
    "check_comparison",
    "comparison_table",
    "decide_comparison",
    "final_conditions",
    "lemma51_least_evaluations",
    "STOP_REASONS",
    "measure_comparison",
    "not_faster",
    "runtime_ecdf",
    "shortfalls",
    "stop_reason",
]


@dataclasses.dataclass(frozen=True)
class Problem:
    kind: str  # "ellipsoid" or "log-cosh"
    d: int
    condition: float

    @property
    def label(self) -> str:
        return f"{self.kind} d={self.d}, κ={self.condition:.0e}"

    def objective(self) -> Any:
        if self.kind == "ellipsoid":
            return RotatedEllipsoid(self.d, self.condition, seed=0, minimizer=np.ones(self.d))
        return LogCoshQuadratic.random(self.d, condition=self.condition, seed=1)


@dataclasses.dataclass(frozen=True)
class Comparison:
    """Every method of ``experiments.COMPARED`` (MiNES with the Lemma 5.1 step only on the first
    problem: it needs millions of evaluations) from μ₁ = 0 with the same seeds and budget, with
    the settings of ``experiments.compare_methods``."""

    problems: tuple = tuple(
        Problem("ellipsoid", d, kappa) for d in (5, 10, 20) for kappa in (1e2, 1e4)
    ) + (Problem("log-cosh", 10, 1e2),)
    seeds: int = 5
    budget: int = 150_000
    target: float = 1e-8
    record_every: int = 5

    def methods(self, index: int) -> tuple[str, ...]:
        return COMPARED if index == 0 else tuple(m for m in COMPARED if m != "MiNES (Lemma 5.1)")

    @cached_sweep
    def run(self, executor: Any = None) -> dict[str, pd.DataFrame]:
        """Problem label → the tidy frame of ``compare_methods``; ``executor`` runs each
        problem's methods and seeds as tasks on a ``concurrent.futures.Executor`` (the same
        frames)."""
        return {
            p.label: compare_methods(
                p.objective(),
                seeds=self.seeds,
                max_evaluations=self.budget,
                target=self.target,
                methods=self.methods(i),
                record_every=self.record_every,
                executor=executor,
            )
            for i, p in progress_bar(list(enumerate(self.problems)), "problems")
        }


COMPARISON = Comparison()


def _faster(a: Measurement, b: Measurement) -> bool:
    """Method a needs fewer evaluations than b: a's interval lies below b's median and a reached
    the target in at least half of the runs."""
    return bool(np.isfinite(a.value) and a.interval is not None and a.interval[1] < b.value)


#: Why a method is not faster than another, ``b``, on one problem (``not_faster``), in the
#: page's words (``shortfalls`` names ``b``).
NO_MEDIANS = "neither it nor {b} reaches the target in half its runs: no median to compare"
NO_MEDIAN = "it has no median (fewer than half its runs reach the target), {b} has one"
SLOWER = "{b}'s median is lower"
OVERLAP = "its median is lower, but its interval reaches {b}'s median"


def not_faster(a: Measurement, b: Measurement) -> str | None:
    """Why method a is not faster than b (``_faster``) on one problem, one of ``NO_MEDIANS``,
    ``NO_MEDIAN``, ``SLOWER``, ``OVERLAP``; None where it is faster.

    >>> cell = lambda m, lo, hi: Measurement("m", m, 1.0, Kind.INTERVAL, (lo, hi))
    >>> never = cell(np.inf, 10, np.inf)
    >>> not_faster(never, never) == NO_MEDIANS, not_faster(never, cell(5, 4, 6)) == NO_MEDIAN
    (True, True)
    >>> not_faster(cell(7, 6, 8), cell(5, 4, 6)) == SLOWER
    True
    >>> not_faster(cell(5, 4, 8), cell(7, 6, 8)) == OVERLAP, not_faster(cell(5, 4, 6), never)
    (True, None)
    """
    if _faster(a, b):
        return None
    if not np.isfinite(a.value):
        return NO_MEDIANS if not np.isfinite(b.value) else NO_MEDIAN
    return SLOWER if a.value >= b.value else OVERLAP


def shortfalls(
    verdict: Verdict, a: str, b: str, comparison: Comparison = COMPARISON
) -> dict[str, str]:
    """Where method ``a`` is not faster than ``b`` in ``verdict`` (fresh or published), the
    criterion of "beats … everywhere": problem label → why (``not_faster``, naming ``b``), over
    the problems on which both ran."""
    i_a, i_b = COMPARED.index(a), COMPARED.index(b)
    out = {}
    for i, problem in enumerate(comparison.problems):
        try:
            cells = verdict[f"median_{i}_{i_a}"], verdict[f"median_{i}_{i_b}"]
        except KeyError:
            continue
        why = not_faster(*cells)
        if why is not None:
            out[problem.label] = why.format(b=b)
    return out


@dataclasses.dataclass(frozen=True)
class ComparisonData:
    """What the comparison measured: per problem label and method, the median evaluations to
    target with its interval (``cells``), every measurement of the verdict, the problems in their
    order, and the runs of NES as printed that reached the target, per problem."""

    cells: dict[tuple[str, str], Measurement]
    measurements: tuple[Measurement, ...]
    labels: tuple[str, ...]
    nes_reached: tuple[int, ...]


def measure_comparison(frames: dict[str, pd.DataFrame], target: float) -> ComparisonData:
    """The statistics of ``Comparison.run``'s frames: per problem and method, the median of the
    evaluations to ``target`` (a run that never reached it counts as +∞) with its order-statistic
    interval, and the fraction of seeds that reached it; then the runs at the target in all, with
    the standard error of the cells' fractions, in runs."""
    measurements: list[Measurement] = []
    cells: dict[tuple[str, str], Measurement] = {}
    nes_reached, at_target, variance = [], 0, 0.0
    for i, (label, frame) in enumerate(frames.items()):
        table = evaluations_to_target(frame, target)
        for j, method in enumerate(COMPARED):
            runs = table[table.method == method]
            if runs.empty:
                continue
            never = np.where(runs.reached, runs.evaluations, np.inf)  # never reached: +∞
            median = median_interval(never, f"median_{i}_{j}")
            reached = int(runs.reached.sum())
            fraction = proportion(f"reached_{i}_{j}", reached, len(runs))
            measurements += [median, fraction]
            at_target += reached
            variance += (len(runs) * fraction.uncertainty) ** 2  # the fraction's error, in runs
            cells[label, method] = median
            if method == "NES":
                nes_reached.append(reached)
    # The runs at the target are a sum of independent runs' outcomes, not an exact count: under
    # another BLAS kernel a run near the target's edge may end on its other side (128 against
    # 127 under OPENBLAS_CORETYPE=Haswell). Its standard error is that of the cells' reached
    # fractions (``stats.proportion``, Wilson: never of width 0), in runs, combined.
    measurements.append(Measurement("at_target", at_target, math.sqrt(variance), Kind.SE))
    return ComparisonData(cells, tuple(measurements), tuple(frames), tuple(nes_reached))


#: The settings of NES (``baselines``' defaults), chosen by this suite: Section 2 gives the
#: meta-algorithm without a step size, a batch size or a start.
NES_SETTINGS = "η = 1/L, b = 4 + ⌊3 ln d⌋, Σ̄₁ = I/L"


def decide_comparison(data: ComparisonData) -> tuple[Qualifier, ...]:
    """The comparison's qualifiers, a pure function of its statistics. "a beats b everywhere":
    on every problem where both ran, a's interval lies below b's median (``_faster``), and they
    met on at least one problem (over none it would hold vacuously); "NES at η = 1/L never
    reaches the target": it ran (the meta-algorithm of Section 2 with this suite's settings,
    ``NES_SETTINGS``: the paper gives none), and no run of it did."""

    def everywhere(a: str, b: str) -> bool:
        shared = [lab for lab in data.labels if (lab, a) in data.cells and (lab, b) in data.cells]
        return bool(shared) and all(
            _faster(data.cells[lab, a], data.cells[lab, b]) for lab in shared
        )

    others = [m for m in COMPARED if m != "CMA-ES"]
    beats_rgf = "on every problem the upper end of MiNES's interval lies below RGF's median"
    return (
        Qualifier(
            "CMA-ES fastest everywhere",
            "on every problem the upper end of CMA-ES's "
            "interval lies below every other method's median",
            all(everywhere("CMA-ES", m) for m in others),
        ),
        Qualifier(
            "MiNES (oracle) beats RGF everywhere",
            beats_rgf,
            everywhere("MiNES (Lemma 5.2, oracle)", "RGF"),
        ),
        Qualifier(
            "MiNES (Hutchinson) beats RGF everywhere",
            beats_rgf,
            everywhere("MiNES (Hutchinson)", "RGF"),
        ),
        Qualifier(
            "NES at η = 1/L never reaches the target",
            f"no run of NES on any problem, with this suite's settings (the paper gives "
            f"none): {NES_SETTINGS}",
            bool(data.nes_reached) and sum(data.nes_reached) == 0,
        ),
    )


#: The fewest seeds from which "fastest" is decided: a method's interval is the order-statistic
#: interval of its median over seeds, [min, max], which covers the median with probability
#: 1 − 2·2⁻ⁿ: 0.94 at 5 seeds, 0.75 at 3, none at 1. From one seed (``check --scale 0.05``)
#: "CMA-ES fastest everywhere" flipped (issue 43 §3).
COMPARISON_MIN_SEEDS = 5


@finding(
    "Comparison",
    minimum=Data(
        seeds=COMPARISON_MIN_SEEDS,
        steps=1,
        runs=1,
        at={"steps": "comparison.budget", "runs": "measured:at_target"},
    ),
)
def check_comparison(comparison: Comparison = COMPARISON) -> Verdict:
    """Evaluations to reach f − f* ≤ target per problem and method (a run that never reached it
    counts as +∞ in the median), and which method is fastest.

    "Not checked" without a problem or a seed, or when no run of any method reached the target
    (``at_target``, its declaration's minimum: a table of +∞ compares nothing): "fastest
    everywhere" over no problem would hold vacuously. A qualifier comparing two methods is true
    only when they meet on at least one problem."""
    if not comparison.problems:
        return Verdict.not_checked(
            "no problem to compare the methods on", Measurement("problems", 0, kind=Kind.COUNT)
        )
    frames = comparison.run()
    data = measure_comparison(frames, comparison.target)
    return Verdict(
        Status.HOLDS,
        f"evaluations to f − f* ≤ {comparison.target:g} within "
        f"{comparison.budget} evaluations, {comparison.seeds} seeds, "
        f"{len(data.labels)} problems (the table in notebook 07)",
        data.measurements,
        decide_comparison(data),
        data={
            "frames": frames,
            "labels": list(data.labels),
            "cells": data.cells,
            "targets": {
                lab: evaluations_to_target(fr, comparison.target) for lab, fr in frames.items()
            },
        },
    )


def comparison_table(verdict: Verdict, comparison: Comparison = COMPARISON) -> pd.DataFrame:
    """The table of ``verdict`` (fresh or published): per problem and method, the median
    evaluations with its interval and the share of seeds that reached the target; "—" where
    fewer than half did."""
    rows = {}
    for i, problem in enumerate(comparison.problems):
        row = {}
        for j, method in enumerate(COMPARED):
            try:
                median, reached = verdict[f"median_{i}_{j}"], verdict[f"reached_{i}_{j}"]
            except KeyError:
                row[method] = ""
                continue
            count = round(reached.value * comparison.seeds)
            row[method] = (
                f"{_evaluations(median)} ({count}/{comparison.seeds})"
                if np.isfinite(median.value)
                else f"— ({count}/{comparison.seeds})"
            )
        rows[problem.label] = row
    return pd.DataFrame(rows).T[list(COMPARED)]


def _evaluations(median: Measurement) -> str:
    """A median count of evaluations with its interval, in one notation for every cell of the
    table: a power of ten with 3 significant digits, a mantissa of 1 dropped
    ("1.11×10⁴ [6.50×10³, 1.22×10⁴]", "[10³, …]")."""
    values = [median.value, *(median.interval or ())]
    low_high = [powers_of_ten(format_number(v, 3, fixed_below=1.0)) for v in values]
    if len(low_high) == 1:
        return low_high[0]
    return f"{low_high[0]} [{low_high[1]}, {low_high[2]}]"


#: What a run's error message means, in the words of the tables: (a fragment of the message,
#: the reason shown). A message matching none is shown as it is.
STOP_REASONS = (("no longer positive definite", "Σ left the positive-definite cone"),)


def stop_reason(message: str) -> str:
    """The words of ``STOP_REASONS`` for a stopped run's error ``message``."""
    for fragment, words in STOP_REASONS:
        if fragment in message:
            return words
    return message


def final_conditions(frame: pd.DataFrame, target: float) -> pd.DataFrame:
    """Per method of ``frame`` (a ``compare_methods`` frame), the median over its seeds of
    cond(C^{1/2}H*C^{1/2}) at the end of the runs that ended at the target or the budget
    (``final``, NaN when none did), and, for its runs that stopped early, how many
    (``stopped``), at how many evaluations (``first_stop``, ``last_stop``) and why
    (``reason``). A stopped run never gives a final value: its condition column holds the
    start's record, not where it ended. ``text``: the cell of the notebook's table."""
    ends = evaluations_to_target(frame, target).set_index(["method", "seed"])
    last = frame.groupby(["method", "seed"], sort=False).condition.last()
    rows = {}
    for method, runs in ends.groupby(level="method", sort=False):
        ran = runs[runs.end != "stopped"].index
        stopped = runs[runs.end == "stopped"]
        final = float(last.loc[ran].median()) if len(ran) else np.nan
        reasons = sorted({stop_reason(m) for m in stopped.stopped})
        row = {
            "final": final,
            "stopped": len(stopped),
            "runs": len(runs),
            "first_stop": stopped.budget_used.min() if len(stopped) else np.nan,
            "last_stop": stopped.budget_used.max() if len(stopped) else np.nan,
            "reason": "; ".join(reasons),
        }
        rows[method] = {**row, "text": _final_text(row)}
    return pd.DataFrame.from_dict(rows, orient="index")


def _final_text(row: dict) -> str:
    """The cell of a method: its final value ("1.20") if its runs all ended, "stopped at
    evaluation 10–40 (5/5 runs): why" if they stopped early,
    and both where some did."""
    parts = []
    if row["stopped"]:
        low, high = int(row["first_stop"]), int(row["last_stop"])
        at = f"{low}" if low == high else f"{low}–{high}"
        parts.append(
            f"stopped at evaluation {at} ({row['stopped']}/{row['runs']} runs): {row['reason']}"
        )
    if np.isfinite(row["final"]):
        parts.append(format_number(row["final"], 3))
    return "; others ".join(parts) if len(parts) == 2 else parts[0]


def lemma51_least_evaluations(problem: Problem, target: float = COMPARISON.target) -> float:
    """The evaluations MiNES with Lemma 5.1's step (PDF Lemma 9), η₁ = bτ/(4Lc₁) at the runs'
    b = d and δ = 0.1 (``experiments.compare_methods``), needs to bring the part of f − f*
    along the flattest eigenvector v of H = ∇²f(μ*) from its value at μ₁ = 0 to ``target``, were
    Σ_k the widest that S' allows, I/τ, from the first iteration. On a quadratic E g̃ = Σ∇f
    (Lemma 4.1), so that part of the expected mean shrinks by ρ = 1 − η₁λ_min/τ an iteration
    (λ_min: H's smallest eigenvalue; the part of f − f* by ρ²), and an iteration costs 2b + 1
    evaluations: (2b + 1)·ln(½λ_min(vᵀμ*)²/target)/(−2 ln ρ), 0 where that part is already
    below ``target``. The noise of g̃ only adds to E f (Jensen), and a Σ_k narrower along v
    (the runs start at Σ₁ = I/L) shrinks that part more slowly."""
    f = problem.objective()
    d = f.dim
    tau = f.runs_box[0]
    eta1 = lemma51_step(d=d, b=d, delta=0.1, L=f.L, tau=tau).value
    eigenvalues, vectors = np.linalg.eigh(f.hessian(f.minimizer))
    part = 0.5 * eigenvalues[0] * float(vectors[:, 0] @ f.minimizer) ** 2
    if part <= target:
        return 0.0
    rho = 1.0 - eta1 * eigenvalues[0] / tau
    return (2 * d + 1) * math.log(part / target) / (-2.0 * math.log(rho))


def runtime_ecdf(table: pd.DataFrame, budget: float, start: float = 1.0) -> pd.DataFrame:
    """Empirical cumulative distribution of the evaluations to target, per method: the fraction
    of its runs that reached the target within x evaluations, for x from ``start`` to ``budget``
    (the runtime ECDF of black-box benchmarking, as in COCO). A run that never reached the target
    counts in the denominator only, so the curve ends at the budget at the fraction that
    succeeded, and the failures are the gap above it.

    Parameters
    ----------
    table : pandas.DataFrame
        ``experiments.evaluations_to_target``'s frame: ``method``, ``evaluations`` (NaN where the
        target was not reached), and optionally ``end`` and ``budget_used``: a method every run
        of which stopped early (``end`` "stopped") has its curve end where its last run
        stopped, not at the budget it never used.
    budget : float
        The evaluation budget of every run (no run may have reached the target later).
    start : float
        The first abscissa (fraction 0), for a log axis.

    Returns
    -------
    pandas.DataFrame
        ``method, evaluations, fraction, runs``: the corners of each step function (draw with
        ``Axes.step(..., where="post")``): ``(start, 0)``, one row per distinct number of
        evaluations at which runs reached the target, and ``(budget, fraction reached)`` (or
        the last stop, see ``table``).

    References
    ----------
    Hansen, Auger, Brockhoff, Tušar (2022), *Anytime performance assessment in blackbox
    optimization benchmarking*, IEEE TEVC 26(6).
    """
    budget = positive_scalar("budget", budget)
    reached = table.evaluations.dropna()
    if (reached > budget).any() or (reached < start).any():
        raise ValueError(
            f"table.evaluations must lie in [start, budget] = [{start:g}, {budget:g}]"
            f", got {reached.min():g} to {reached.max():g}"
        )
    rows = []
    for method, runs in table.groupby("method", sort=False):
        values = np.sort(runs.evaluations.dropna().to_numpy())
        corners, counts = np.unique(values, return_counts=True)
        fractions = np.cumsum(counts) / len(runs)
        final = fractions[-1] if len(fractions) else 0.0
        end = budget
        if "end" in runs and (runs.end == "stopped").all():
            end = max(float(runs.budget_used.max()), start)
        for x, fraction in [(start, 0.0), *zip(corners, fractions), (end, final)]:
            rows.append(
                {
                    "method": method,
                    "evaluations": float(x),
                    "fraction": float(fraction),
                    "runs": len(runs),
                }
            )
    return pd.DataFrame(rows)
