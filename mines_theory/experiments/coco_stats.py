"""What COCO reports, computed from the summary of ``make coco``: the expected running time
(aRT) per function and dimension, its ratio to the better peer, runtime ECDFs and their area,
with intervals from a bootstrap over (function, dimension) pairs.

The summary (``SUMMARY_COLUMNS``, one row per run: solver, function, dimension, instance, the
evaluations the run used, and per target t of ``TARGETS`` the evaluations it took to reach
f − f_opt ≤ t, empty if it did not) is written by ``tools/coco_experiment.py`` from cocopp's
data sets. Everything here is a pure function of it, so that it can be fed synthetic data.

- **aRT** (``art``; Hansen et al., COCO's performance assessment, 2022): the evaluations of
  every run of a (function, dimension) pair, successful or not, summed until it reached the
  target or ended, divided by the number of runs that reached it; ∞ when none did.
- **Runtime ECDF** (``ecdf``): over the (run, target) pairs of COCO's 51 targets
  10^{2, 1.8, …, −8} (``TARGETS``), the fraction reached within x·d evaluations, against
  log₁₀ x from 0 to log₁₀ of the budget multiplier. Its **area** (``ecdf_area``), normalized to
  [0, 1], is the mean over those pairs of (L − max(0, log₁₀(rt/d)))/L for a target reached
  after rt evaluations (0 if not), L = log₁₀(budget/d): 1 means every target at the first
  evaluation, 0 none within the budget.
- **Uncertainty** (``pair_bootstrap``): the runs of one (function, dimension) pair share
  their function and are not independent; the unit that is resampled is the pair (with all
  its instances and targets), ``BOOTSTRAP`` times with a fixed seed, and the interval is the
  2.5% and 97.5% percentiles. The three dimensions of one function share it too: the
  bootstrap by function (``cluster_weights``: the functions resampled, each with all its
  pairs) gives the wider interval that this correlation calls for, reported beside the one
  by pair.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from mines_theory.validation import positive_int, positive_scalar

__all__ = [
    "TARGETS",
    "TARGET_RTOL",
    "cocopp_targets",
    "TABLE_TARGETS",
    "SUMMARY_COLUMNS",
    "FUNCTION_GROUPS",
    "BOOTSTRAP",
    "target_column",
    "function_group",
    "reached",
    "art",
    "art_ratios",
    "area_contributions",
    "ecdf",
    "ecdf_area",
    "pair_weights",
    "cluster_weights",
    "pair_bootstrap",
]

#: COCO's 51 targets of the runtime ECDFs: f − f_opt ≤ 10^{2 − k/5}, k = 0, …, 50.
TARGETS = tuple(10.0 ** (2 - k / 5) for k in range(51))

#: The relative tolerance with which a target of ``TARGETS`` matches cocopp's own target level:
#: 10.0 ** (2 − k/5) lands one float step below cocopp's value for 9 of the 51 targets, and
#: cocopp's ``detEvals`` (the first level ≤ the target asked) then returns the next finer level's
#: runtime. Far above the rounding (1e-16) and far below the spacing of the levels (10^0.2).
TARGET_RTOL = 1e-9


def cocopp_targets(targets=TARGETS, rtol: float = TARGET_RTOL) -> list[float]:
    """The targets to ask cocopp's ``DataSet.detEvals`` for, so that a level within ``rtol`` of a
    target (relative) counts as that target: each target times (1 + rtol).

    >>> ours, cocopps = 10.0 ** (2 - 8 / 5), 10.0 ** (2 / 5)  # one level, computed two ways
    >>> cocopps <= ours, cocopps <= cocopp_targets([ours])[0]
    (False, True)
    """
    return [float(t) * (1.0 + rtol) for t in targets]


#: The targets of the aRT tables (COCO's tables show 1e1 … 1e-7; 1e-8 is the final target).
TABLE_TARGETS = (1e1, 1e-1, 1e-3, 1e-5, 1e-8)

#: bbob's function groups, as cocopp names them.
FUNCTION_GROUPS = {
    "separable": range(1, 6),
    "moderate": range(6, 10),
    "ill-conditioned": range(10, 15),
    "multimodal": range(15, 20),
    "weakly structured": range(20, 25),
}

#: Bootstrap resamples of the (function, dimension) pairs.
BOOTSTRAP = 2000


def target_column(target: float) -> str:
    """The summary's column for a target precision 10^e: evaluations to reach f − f_opt ≤ it.

    >>> target_column(100.0), target_column(10 ** -0.2), target_column(1e-8)
    ('evals_1e+2.0', 'evals_1e-0.2', 'evals_1e-8.0')
    """
    exponent = round(math.log10(positive_scalar("target", target)), 1)
    return f"evals_1e{exponent + 0.0:+.1f}"


#: The columns of the summary CSV: one row per (solver, function, dimension, instance) run,
#: ``evaluations`` the evaluations it used, and per target of ``TARGETS`` the evaluations to
#: reach it (empty if not reached).
SUMMARY_COLUMNS = [
    "solver",
    "function",
    "dimension",
    "instance",
    "evaluations",
    *map(target_column, TARGETS),
]


def function_group(function: int) -> str:
    """The bbob group of a function number (``FUNCTION_GROUPS``).

    >>> function_group(1), function_group(12), function_group(24)
    ('separable', 'ill-conditioned', 'weakly structured')
    """
    for name, members in FUNCTION_GROUPS.items():
        if function in members:
            return name
    raise ValueError(f"function must be a bbob function number 1..24, got {function!r}")


def reached(summary: pd.DataFrame, target: float, *, by=("solver",)) -> pd.DataFrame:
    """Per group of ``by`` (summary columns, or "group" for the bbob function group): the runs
    and how many reached f − f_opt ≤ ``target``, and the share.

    >>> frame = pd.DataFrame({"solver": ["a"] * 4, "function": [1, 2, 10, 24],
    ...                       "evals_1e-8.0": [10.0, np.nan, 5.0, np.nan]})
    >>> reached(frame, 1e-8)[["solver", "runs", "reached", "share"]].to_numpy().tolist()
    [['a', 4, 2, 0.5]]
    """
    frame = summary.assign(group=[function_group(int(f)) for f in summary["function"]])
    grouped = frame.groupby(list(by), sort=True)[target_column(target)]
    out = pd.DataFrame({"runs": grouped.size(), "reached": grouped.count()}).reset_index()
    out["share"] = out["reached"] / out["runs"]
    return out


def art(summary: pd.DataFrame, target: float) -> pd.DataFrame:
    """aRT per (solver, function, dimension) at ``target`` (module docstring): columns
    ``runs``, ``successes``, ``art`` (∞ when no run reached the target).

    Two runs, one reaching the target after 100 evaluations, one ending unsuccessful after
    1000: aRT = (100 + 1000)/1 = 1100.

    >>> frame = pd.DataFrame({"solver": "a", "function": 1, "dimension": 2,
    ...                       "evaluations": [300, 1000], "evals_1e-8.0": [100.0, np.nan]})
    >>> art(frame, 1e-8)[["runs", "successes", "art"]].to_numpy().tolist()
    [[2.0, 1.0, 1100.0]]
    """
    column = target_column(target)
    hit = summary[column].notna()
    spent = summary[column].where(hit, summary["evaluations"]).astype(float)
    frame = summary.assign(_spent=spent, _hit=hit.astype(int))
    grouped = frame.groupby(["solver", "function", "dimension"], sort=True)
    out = pd.DataFrame(
        {
            "runs": grouped.size(),
            "successes": grouped["_hit"].sum(),
            "spent": grouped["_spent"].sum(),
        }
    ).reset_index()
    with np.errstate(divide="ignore"):
        out["art"] = np.where(out["successes"] > 0, out["spent"] / out["successes"], np.inf)
    return out.drop(columns="spent")


def art_ratios(
    summary: pd.DataFrame, solver: str, peers: Sequence[str], target: float
) -> pd.DataFrame:
    """Per (function, dimension) pair: the aRT of ``solver``, of the better of ``peers`` (the
    smaller aRT), which peer that is, and the ratio (∞ when ``solver`` never reached the
    target; NaN when no peer did)."""
    table = art(summary, target).pivot_table(
        index=["function", "dimension"], columns="solver", values="art"
    )
    present = [p for p in peers if p in table.columns]
    if solver not in table.columns or not present:
        raise ValueError(
            f"summary must hold runs of {solver!r} and of one of {list(peers)}, "
            f"got {sorted(set(summary['solver']))}"
        )
    best = table[present].min(axis=1)
    which = table[present].idxmin(axis=1).where(np.isfinite(best), "")
    with np.errstate(invalid="ignore"):
        ratio = np.where(np.isfinite(best), table[solver] / best, np.nan)
    return pd.DataFrame(
        {"art": table[solver], "best_peer_art": best, "best_peer": which, "ratio": ratio},
        index=table.index,
    ).reset_index()


def area_contributions(summary: pd.DataFrame, budget_multiplier: int) -> np.ndarray:
    """Per run, the sum over COCO's 51 targets of its ECDF-area contributions (module
    docstring): divided by 51, the run's share of the area."""
    L = math.log10(positive_int("budget_multiplier", budget_multiplier))
    evals = summary[[target_column(t) for t in TARGETS]].to_numpy(float)
    scaled = np.log10(evals / summary["dimension"].to_numpy(float)[:, None])
    part = (L - np.clip(scaled, 0.0, L)) / L
    return np.where(np.isfinite(part), part, 0.0).sum(axis=1)


def ecdf_area(summary: pd.DataFrame, budget_multiplier: int) -> pd.Series:
    """The area under each solver's runtime ECDF over COCO's 51 targets (module docstring),
    normalized to [0, 1].

    One run in d = 2, budget 10⁴·d, that reached every target after 200 evaluations
    (log₁₀(200/2) = 2 of L = 4): area (4 − 2)/4 = 0.5.

    >>> frame = pd.DataFrame({"solver": "a", "function": 1, "dimension": 2, "instance": 1,
    ...                       "evaluations": 200, **{target_column(t): 200.0 for t in TARGETS}},
    ...                      index=[0])
    >>> float(ecdf_area(frame, 10_000)["a"])
    0.5
    """
    parts = summary.assign(_area=area_contributions(summary, budget_multiplier))
    return parts.groupby("solver")["_area"].sum() / (parts.groupby("solver").size() * len(TARGETS))


def ecdf(summary: pd.DataFrame, budget_multiplier: int, points: int = 201) -> pd.DataFrame:
    """Each solver's runtime ECDF (module docstring) at ``points`` values of log₁₀(evals/d)
    from 0 to log₁₀ ``budget_multiplier``: columns ``solver``, ``log_evals_per_d``,
    ``fraction`` (of the (run, target) pairs reached within 10^x·d evaluations)."""
    L = math.log10(positive_int("budget_multiplier", budget_multiplier))
    grid = np.linspace(0.0, L, positive_int("points", points))
    rows = []
    for solver, group in summary.groupby("solver", sort=True):
        evals = group[[target_column(t) for t in TARGETS]].to_numpy(float)
        scaled = np.log10(evals / group["dimension"].to_numpy(float)[:, None]).ravel()
        scaled = np.where(np.isfinite(scaled), scaled, np.inf)
        fraction = (scaled[None, :] <= grid[:, None]).mean(axis=1)
        rows.append(pd.DataFrame({"solver": solver, "log_evals_per_d": grid, "fraction": fraction}))
    return pd.concat(rows, ignore_index=True)


def pair_weights(pairs: int, resamples: int = BOOTSTRAP, seed: int = 0) -> np.ndarray:
    """How often each of ``pairs`` (function, dimension) pairs is drawn in each of
    ``resamples`` bootstrap resamples (with replacement), shape (resamples, pairs); row sums
    ``pairs``. Seeded (``seed``), so that the intervals are the same on every machine: the
    cluster bootstrap (``cluster_weights``) with each pair its own cluster."""
    return cluster_weights(np.arange(positive_int("pairs", pairs)), resamples, seed)


def cluster_weights(clusters, resamples: int = BOOTSTRAP, seed: int = 0) -> np.ndarray:
    """The weights of a cluster bootstrap, shape (resamples, pairs): the clusters (the distinct
    labels of ``clusters``, one label per pair: the function of each (function, dimension)
    pair, say) are drawn with replacement, as many as there are, and each pair weighs as often
    as its cluster was drawn. Seeded as ``pair_weights``, which it is when every pair is its
    own cluster.

    Three pairs, the first two of one function: a resample draws two clusters, so its weights
    are (2, 2, 0), (1, 1, 1) or (0, 0, 2).

    >>> weights = cluster_weights([1, 1, 2], resamples=500)
    >>> sorted({tuple(w) for w in weights.astype(int).tolist()})
    [(0, 0, 2), (1, 1, 1), (2, 2, 0)]
    """
    labels, index = np.unique(np.asarray(clusters), return_inverse=True)
    if labels.size == 0:
        raise ValueError("clusters must label at least one pair, got none")
    count, resamples = labels.size, positive_int("resamples", resamples)
    rng = np.random.default_rng(np.random.SeedSequence([35, seed]))
    draws = rng.integers(0, count, size=(resamples, count))
    drawn = np.stack([np.bincount(row, minlength=count) for row in draws]).astype(float)
    return drawn[:, index.ravel()]


def pair_bootstrap(estimate: float, resampled: np.ndarray) -> tuple[float, tuple[float, float]]:
    """(estimate, (2.5%, 97.5%) percentiles of the finite ``resampled`` values): the interval of
    a statistic recomputed on each resample of ``pair_weights``."""
    values = np.asarray(resampled, float)
    values = values[np.isfinite(values)]
    if values.size == 0:
        return float(estimate), (math.nan, math.nan)
    low, high = np.percentile(values, [2.5, 97.5])
    return float(estimate), (float(low), float(high))
