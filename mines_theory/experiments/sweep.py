"""The machinery of a seeded sweep, below the runs of ``experiments``: the tidy frame's
``COLUMNS`` and one row of it (``result_row``), the seeds (``spawn_seeds``, at most
``MAX_SEEDS``), the chunks of ``CHUNK_SIZE`` seeds that a sweep runs as tasks (``seed_chunks``),
how their results are gathered on an executor (``gather``) and put together in seed order
(``combine_chunks``), ``cached_sweep``, and ``evaluations_to_target``, read off a sweep's
frame. ``experiments``' docstring states the seeds, the columns and how a sweep scales out; it
re-exports the public names it had.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from mines_theory.algorithm.strategy import progress_bar
from mines_theory.validation import executor as check_executor
from mines_theory.validation import frame as check_frame
from mines_theory.validation import nonnegative_int, nonnegative_scalar, positive_int

__all__ = [
    "COLUMNS",
    "MAX_SEEDS",
    "CHUNK_SIZE",
    "spawn_seeds",
    "at_most_max_seeds",
    "cached_sweep",
    "seed_chunks",
    "gather",
    "combine_chunks",
    "result_row",
    "evaluations_to_target",
]

COLUMNS = [
    "method",
    "seed",
    "k",
    "evaluations",
    "f_gap",
    "precision_error",
    "relative_precision_error",
    "condition",
    "xi",
    "curvature",
    "error",
]


#: The most runs a sweep takes (``seeds``). Spawning n seeds costs ~13 µs each here
#: (SeedSequence.spawn: 1.3 s for 10⁵, 13 s for 10⁶), so seeds = 10⁹ would spend hours before
#: the first run; the notebooks use at most 64 seeds, a sweep of 10⁵ runs is far beyond any
#: of them.
MAX_SEEDS = 100_000


def spawn_seeds(seeds: Any, entropy: int = 0) -> list[np.random.SeedSequence]:
    """``seeds`` as a list of independent ``SeedSequence`` (an int n spawns n from ``entropy``),
    at most ``MAX_SEEDS`` of them (more raise ``ValueError``)."""
    if isinstance(seeds, (int, np.integer)) and not isinstance(seeds, bool):
        count = positive_int("seeds", seeds)
        entropy = nonnegative_int("entropy", entropy)
        at_most_max_seeds(count)
        return np.random.SeedSequence(entropy).spawn(count)
    if (
        isinstance(seeds, (list, tuple))
        and seeds
        and all(isinstance(s, np.random.SeedSequence) for s in seeds)
    ):
        at_most_max_seeds(len(seeds))
        return list(seeds)
    raise ValueError(
        f"seeds must be a positive int or a non-empty list of SeedSequence, got {seeds!r:.60}"
    )


def at_most_max_seeds(count: int) -> None:
    if count > MAX_SEEDS:
        raise ValueError(
            f"seeds must be at most MAX_SEEDS = {MAX_SEEDS:,} runs, got {count:,} "
            f"(spawning them alone would take ~{13e-6 * count:.3g} s, before any "
            f"run)"
        )


#: Seeds per task (and per lockstep batch) of a sweep: chunks of 64 keep most of the lockstep
#: speed-up (``benchmarks/bench_lockstep.py`` runs 64 seeds), and every sweep of the notebooks
#: has at most 64 seeds, so it runs as one batch.
CHUNK_SIZE = 64


def cached_sweep(method: Callable[[Any, Any], Any]) -> Callable[..., Any]:
    """Cache ``method(self, executor=None)`` on ``self`` alone, as ``functools.cache`` caches a
    ``method(self)`` of a frozen dataclass: the executor decides where the seeds run, never the
    result (see Scaling out), so a result computed on a cluster serves later in-process calls."""
    results = {}

    @functools.wraps(method)
    def cached(self, executor=None):
        executor = check_executor("executor", executor)
        if self not in results:
            results[self] = method(self, executor)
        return results[self]

    cached.cache_clear = results.clear  # type: ignore[attr-defined]
    return cached


def seed_chunks(seeds: list, chunk_size: Any) -> list[tuple[int, list]]:
    """(index of the first seed, seeds) of each chunk, in order."""
    size = positive_int("chunk_size", chunk_size)
    return [(start, seeds[start : start + size]) for start in range(0, len(seeds), size)]


def gather(
    calls: Sequence[Callable[[], Any]], executor: Any, progress: bool | None, description: str
) -> list:
    """The results of the zero-argument ``calls``, in order: called here one after the other
    (``executor`` None), or all submitted to ``executor`` first and then collected."""
    if executor is None:
        return [call() for call in calls]
    futures = [executor.submit(call) for call in calls]
    return [future.result() for future in progress_bar(futures, description, progress)]


def combine_chunks(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """The chunks' frames as one, ordered by seed and k (a stable sort: rows of one seed and
    iteration, such as a run's last record and its error, keep their order)."""
    frame = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]
    return frame.sort_values(["seed", "k"], kind="stable", ignore_index=True)


def result_row(
    method: str,
    seed: int,
    k: int,
    evaluations: int,
    f_gap: float,
    precision_error: float,
    h_norm: float,
    condition: float,
    xi: float = np.nan,
    curvature: float = np.nan,
    error: str = "",
) -> dict[str, Any]:
    return {
        "method": method,
        "seed": seed,
        "k": k,
        "evaluations": evaluations,
        "f_gap": f_gap,
        "precision_error": precision_error,
        "relative_precision_error": precision_error / h_norm,
        "condition": condition,
        "xi": xi,
        "curvature": curvature,
        "error": error,
    }


def evaluations_to_target(frame: pd.DataFrame, target: float) -> pd.DataFrame:
    """Per (method, seed): the evaluations at the first recorded iterate with f_gap ≤ ``target``
    (NaN if never), whether it was reached, the evaluations the run used (``budget_used``), and
    why it ended (``end``): "target" (reached), "stopped" (the run raised: its last row's
    ``error``, in ``stopped``, says why; ``budget_used`` says when) or "budget" (it ran out of
    evaluations). A frame without an ``error`` column has no stopped run."""
    frame = check_frame("frame", frame, ("method", "seed", "evaluations", "f_gap"))
    target = nonnegative_scalar("target", target)
    rows = []
    for (method, seed), history in frame.groupby(["method", "seed"], sort=False):
        hit = history[history.f_gap <= target]
        error = str(history.error.iloc[-1]) if "error" in history else ""
        rows.append(
            {
                "method": method,
                "seed": seed,
                "reached": not hit.empty,
                "evaluations": float(hit.evaluations.iloc[0]) if not hit.empty else np.nan,
                "budget_used": int(history.evaluations.iloc[-1]),
                "end": "target" if not hit.empty else "stopped" if error else "budget",
                "stopped": error,
            }
        )
    return pd.DataFrame(rows)
