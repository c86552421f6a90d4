"""``make coco``: MiNES (practical defaults), MiNES-step (the same with the step-size rule of
``algorithm.stepsize``, beyond the paper), xNES, CMA-ES (pycma) and RGF on COCO's ``bbob``
suite, through ``cocoex.Suite`` and ``cocoex.Observer``, then ``cocopp`` offline.

0. **Every argument is checked before anything is touched** (``check_arguments``): function
   numbers in 1–24, dimensions among cocoex's, instances in 1–15, at least one worker, known
   solvers, a positive budget; a bad one exits with status 2 and a message naming it, and
   leaves every file as it was (``--workers 1,2``: "must be one integer"). ``--dry-run`` stops
   after the checks and prints the plan. A run holds a lock on its ``--folder``
   (``folder_lock``): a second run into the same folder exits with status 2 naming the folder,
   before it touches anything.
1. Each solver runs the subset (default ``mines_theory.experiments.coco.SUBSET``: 9 functions
   × d ∈ {2, 5, 10} × instances 1–3, budget 10⁴·d, restarts; its module docstring says why) in
   its own worker process of a ``concurrent.futures.ProcessPoolExecutor`` (``--workers``,
   default 2: one task per solver, the slowest first, ``SUBMIT``), with an observer writing
   into a staging folder ``<folder>/staging/exdata/<solver>``. Run i of a problem is seeded by
   SeedSequence([function, dimension, instance]), the same for every solver.
2. **Only when every solver's run has completed** is each ``<folder>/exdata/<solver>`` replaced
   by its new data (the old one is kept until then; a failed or interrupted run leaves it as
   it was).
3. ``cocopp`` (its full output: runtime ECDFs per function group and per function, aRT tables,
   an ``index.html``) writes ``<folder>/ppdata/`` from all the solvers in ``<folder>/exdata``;
   the book links ``coco/ppdata/index.html``. ``--postprocess-only`` reruns steps 3 and 4 on
   the existing data. Each target of ``coco_stats.TARGETS`` is matched to cocopp's own level
   with a relative tolerance (``coco_stats.cocopp_targets``).
4. The summary that notebook 10 and the ledger read (``mines_theory.experiments.coco_stats``'s
   ``SUMMARY_COLUMNS``: per run, the evaluations it used and those to reach each of COCO's 51
   targets) is read back from cocopp's data sets, and ``figures/coco-bbob-runs.csv`` holds each
   run's evaluations, whether it hit the final target, its starts, why each start ended and
   its error ("" if none). Both are written to a temporary file beside their target and moved
   over it: the package's summary
   (``mines_theory/verification/coco-bbob-summary.csv``) and ``figures/coco-bbob-runs.csv``
   only when the data cover exactly the declared subset for all five solvers; otherwise (a
   partial run) the summary goes to ``<folder>/coco-bbob-summary.csv`` and the runs to
   ``<folder>/coco-bbob-runs.csv``, and the committed files are not touched (each solver's
   data carry the subset and budget that made them, ``MARKER``).

``coco/`` is git-ignored; the summary and the runs are committed. The wall time of each step is
printed.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import fcntl
import os
import shutil
import sys
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd

from mines_theory.experiments import coco
from mines_theory.files import replace_directory, save_with
from mines_theory.experiments.coco_stats import SUMMARY_COLUMNS, TARGETS, cocopp_targets
from mines_theory.verification.claims.coco_bbob import SUMMARY

ROOT = Path(__file__).resolve().parents[1]
ORDER = ("CMA-ES", "MiNES", "MiNES-step", "xNES", "RGF")
#: The order the worker tasks are submitted in: the slowest first (measured: RGF's iterations
#: of 2 values cost the most Python per evaluation, CMA-ES restarts on the multimodal functions).
SUBMIT = ("RGF", "CMA-ES", "xNES", "MiNES", "MiNES-step")
RUNS = "coco-bbob-runs.csv"
#: Written beside each solver's data: the subset (and budget) that made it.
MARKER = "mines-theory-subset.txt"
#: The lock file of a run in its --folder (``folder_lock``).
LOCK = ".coco_experiment.lock"
#: The instance indices of cocoex's bbob suite (an index beyond is silently replaced by all).
INSTANCES = range(1, 16)


@dataclasses.dataclass(frozen=True)
class Plan:
    """What the checked arguments ask for."""

    subset: coco.Subset
    solvers: tuple[str, ...]
    workers: int
    folder: Path
    figures: Path
    summary: Path
    postprocess_only: bool
    dry_run: bool

    @property
    def complete(self) -> bool:
        """Whether the run is the declared one: the package's files may then be rewritten."""
        return self.subset == coco.SUBSET and self.solvers == ORDER


def _integers(parser, option: str, text: str | None, default, allowed, what: str):
    """A comma-separated list of distinct integers among ``allowed``, or ``parser.error``."""
    if text is None:
        return tuple(default)
    values = []
    for part in text.split(","):
        try:
            values.append(int(part))
        except ValueError:
            parser.error(f"{option} must be comma-separated integers ({what}), got {text!r}")
    bad = [v for v in values if v not in allowed]
    if bad or not values:
        parser.error(f"{option} must list {what}, got {text!r}")
    if len(set(values)) != len(values):
        parser.error(f"{option} must not repeat a value, got {text!r}")
    return tuple(values)


def _one(parser, option: str, text: str, allowed, what: str) -> int:
    """One integer among ``allowed``, or ``parser.error`` (a list such as "1,2" too)."""
    values = _integers(parser, option, text, (), allowed, what)
    if len(values) != 1:
        parser.error(f"{option} must be {what}, got {text!r}")
    return values[0]


class FolderInUse(RuntimeError):
    """Another run of this script holds the lock of the same ``--folder``."""


@contextlib.contextmanager
def folder_lock(folder: Path):
    """Hold ``<folder>/.coco_experiment.lock`` (an exclusive ``flock``, released when the run
    ends, however it ends) while a run writes into ``folder``; a second run into the same folder
    raises ``FolderInUse`` naming it, before it touches anything."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK
    with open(path, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            raise FolderInUse(
                f"--folder {str(folder)!r} is in use by another run of coco_experiment.py "
                f"(process {holder}, lock {str(path)!r}): wait for it to end, or choose another "
                f"--folder"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def check_arguments(argv=None) -> Plan:
    """Parse and check every argument (step 0) without touching a file; a bad one exits with
    status 2 and a message that names it."""
    parser = argparse.ArgumentParser(
        prog="coco_experiment.py", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--workers", default="2", help="worker processes (>= 1)")
    parser.add_argument("--folder", default=str(ROOT / "coco"))
    parser.add_argument("--figures", default=str(ROOT / "figures"))
    parser.add_argument(
        "--summary", default=str(SUMMARY), help="where the summary of a complete run goes"
    )
    parser.add_argument("--functions", default=None, help="e.g. 1,2,3 (bbob numbers 1..24)")
    parser.add_argument("--dimensions", default=None, help="e.g. 2,5 (cocoex: 2,3,5,10,20,40)")
    parser.add_argument("--instances", default=None, help="e.g. 1,2 (1..15)")
    parser.add_argument("--budget", default=str(coco.BUDGET_MULTIPLIER), help="evaluations / d")
    parser.add_argument("--solvers", default=",".join(ORDER))
    parser.add_argument(
        "--postprocess-only", action="store_true", help="rerun cocopp on the existing data"
    )
    parser.add_argument("--dry-run", action="store_true", help="check the arguments only")
    args = parser.parse_args(argv)
    default = coco.SUBSET
    functions = _integers(
        parser, "--functions", args.functions, default.functions, coco.BBOB_FUNCTIONS,
        "bbob function numbers 1..24",
    )  # fmt: skip
    dimensions = _integers(
        parser, "--dimensions", args.dimensions, default.dimensions, coco.BBOB_DIMENSIONS,
        f"dimensions of cocoex's bbob suite {coco.BBOB_DIMENSIONS}",
    )  # fmt: skip
    instances = _integers(
        parser, "--instances", args.instances, default.instances, INSTANCES,
        "bbob instance indices 1..15",
    )  # fmt: skip
    workers = _one(parser, "--workers", args.workers, range(1, 257), "one integer >= 1")
    budget = _one(parser, "--budget", args.budget, range(1, 10**7 + 1), "one integer in 1..10^7")
    names = [s for s in args.solvers.split(",") if s]
    unknown = [s for s in names if s not in ORDER]
    if unknown or not names:
        parser.error(f"--solvers must name some of {','.join(ORDER)}, got {args.solvers!r}")
    folder, figures, summary = (
        Path(p).resolve() for p in (args.folder, args.figures, args.summary)
    )
    for option, path in (("--folder", folder), ("--figures", figures)):
        if path.exists() and not path.is_dir():
            parser.error(f"{option} must be a folder, got the file {str(path)!r}")
        if not path.exists() and not path.parent.is_dir():
            parser.error(f"{option} must be a folder or inside one, got {str(path)!r}")
    if summary.is_dir() or not summary.parent.is_dir():
        parser.error(f"--summary must be a file in an existing folder, got {str(summary)!r}")
    if args.postprocess_only:
        have = [s for s in ORDER if (folder / "exdata" / s).is_dir()]
        if not have:
            parser.error(
                f"--postprocess-only needs the data of an earlier run in "
                f"{str(folder / 'exdata')!r}, found none"
            )
    return Plan(
        coco.Subset(functions, dimensions, instances, budget),
        tuple(s for s in ORDER if s in names),
        workers,
        folder,
        figures,
        summary,
        args.postprocess_only,
        args.dry_run,
    )


def run_solver(name: str, subset: coco.Subset, folder: str) -> list[dict]:
    """One solver on the subset, observed into ``folder``/exdata/``name`` (a worker task)."""
    import cocoex

    os.chdir(folder)
    suite = cocoex.Suite("bbob", "", subset.suite_options())
    observer = cocoex.Observer("bbob", f"result_folder: {name} algorithm_name: {name}")
    rows = []
    for problem in suite:
        problem.observe_with(observer)
        seed = np.random.SeedSequence([problem.id_function, problem.dimension, problem.id_instance])
        start = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # StepsRoundedAway and pycma's notes
            run = coco.solve(name, problem, seed=seed, budget_multiplier=subset.budget_multiplier)
        rows.append(
            {
                "solver": name,
                "function": problem.id_function,
                "dimension": problem.dimension,
                "instance": problem.id_instance,
                "evaluations": run.evaluations,
                "hit": bool(problem.final_target_hit),
                "starts": run.starts,
                "stops": ";".join(run.stops),
                "seconds": round(time.perf_counter() - start, 3),
                "error": run.error,
            }
        )
        problem.free()
    observer = None
    return rows


def experiment(plan: Plan, staging: Path) -> pd.DataFrame:
    """Step 1: every solver on the subset, one worker task per solver; the runs as a frame."""
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=plan.workers) as pool:
        futures = [
            pool.submit(run_solver, name, plan.subset, str(staging))
            for name in sorted(plan.solvers, key=SUBMIT.index)  # the slowest first
        ]
        runs = pd.DataFrame([row for future in futures for row in future.result()])
    print(
        f"experiment: {len(runs)} runs in {time.perf_counter() - start:.0f} s wall "
        f"({runs['seconds'].sum():.0f} s summed over runs) on {plan.workers} workers"
    )
    for name, group in runs.groupby("solver"):
        print(
            f"  {name:7s} final target hit in {int(group['hit'].sum())} of {len(group)} runs, "
            f"{int(group['starts'].sum())} starts, {(group['error'] != '').sum()} ended by an "
            f"error, {group['seconds'].sum():.0f} s"
        )
    return runs


def write_beside(frame: pd.DataFrame, path: Path, **options) -> None:
    """Write ``frame`` as CSV to a temporary file beside ``path`` and move it over ``path``
    (``files.atomic_write``: an interrupted write leaves the old file and no temporary one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    save_with(path, lambda out: frame.to_csv(out, index=False, **options), binary=False)


def summary_from_cocopp(exdata: Path, solvers) -> pd.DataFrame:
    """The summary rows (``SUMMARY_COLUMNS``) from cocopp's data sets of each solver."""
    import cocopp

    rows = []
    for name in solvers:
        for ds in cocopp.load(str(exdata / name)):
            hits = ds.detEvals(cocopp_targets(TARGETS))  # matched with a relative tolerance
            for i, instance in enumerate(ds.instancenumbers):
                row = {
                    "solver": name,
                    "function": ds.funcId,
                    "dimension": ds.dim,
                    "instance": int(instance),
                    "evaluations": int(ds.maxevals[i]),
                }
                row.update(zip(SUMMARY_COLUMNS[5:], (evals[i] for evals in hits)))
                rows.append(row)
    frame = pd.DataFrame(rows, columns=SUMMARY_COLUMNS)
    return frame.sort_values(["solver", "function", "dimension", "instance"], ignore_index=True)


def postprocess(plan: Plan, solvers) -> pd.DataFrame:
    """Steps 3 and 4: cocopp's full output into ``<folder>/ppdata`` and the summary."""
    import matplotlib

    matplotlib.use("Agg")
    warnings.simplefilter("ignore")
    import cocopp

    # cocopp draws simulated restarts (for the runs that missed a target) from NumPy's global
    # generator: seeded, a rerun on the same data draws the same figures
    np.random.seed(0)
    start = time.perf_counter()
    staging = plan.folder / "staging"
    shutil.rmtree(staging / "ppdata", ignore_errors=True)
    staging.mkdir(parents=True, exist_ok=True)
    os.chdir(plan.folder)
    cocopp.main(["-o", str(staging / "ppdata"), *(str(Path("exdata") / s) for s in solvers)])
    replace_directory(staging / "ppdata", plan.folder / "ppdata")
    print(f"cocopp: {time.perf_counter() - start:.0f} s wall, {plan.folder / 'ppdata'}")
    return summary_from_cocopp(plan.folder / "exdata", solvers)


def main(argv=None) -> int:
    plan = check_arguments(argv)  # before anything is touched
    if plan.dry_run:
        print(
            f"would run {', '.join(plan.solvers)} on {plan.subset.suite_options()} at "
            f"{plan.subset.budget_multiplier}·d on {plan.workers} workers into {plan.folder}; "
            f"complete run (package summary rewritten): {plan.complete}"
        )
        return 0
    if os.environ.get("PYTHONHASHSEED") != "0":
        # cocopp iterates over sets of names when it draws the reference algorithm's simulated
        # runs: with Python's per-process string hashing the figures differ from run to run
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable, *sys.argv])
    try:
        with folder_lock(plan.folder):
            return run(plan)
    except FolderInUse as error:
        print(f"coco_experiment.py: error: {error}", file=sys.stderr)
        return 2


def run(plan: Plan) -> int:
    """Steps 1 to 4 (the module docstring), with ``plan.folder`` locked."""
    exdata = plan.folder / "exdata"
    runs = None
    if not plan.postprocess_only:
        staging = plan.folder / "staging"
        shutil.rmtree(staging, ignore_errors=True)  # a staging folder of an interrupted run
        staging.mkdir(parents=True)
        runs = experiment(plan, staging)  # an error here leaves exdata as it was
        for name in plan.solvers:  # every run completed: the new data replace the old
            (staging / "exdata" / name / MARKER).write_text(repr(plan.subset) + "\n")
            replace_directory(staging / "exdata" / name, exdata / name)
    solvers = [s for s in ORDER if (exdata / s).is_dir()]
    summary = postprocess(plan, solvers)
    shutil.rmtree(plan.folder / "staging", ignore_errors=True)
    declared = solvers == list(ORDER) and all(
        (exdata / s / MARKER).is_file()
        and (exdata / s / MARKER).read_text().strip() == repr(coco.SUBSET)
        for s in solvers
    )
    summary_path = plan.summary if declared else plan.folder / SUMMARY.name
    runs_path = (plan.figures if declared else plan.folder) / RUNS
    write_beside(summary, summary_path, float_format="%.10g")
    print(f"summary: {len(summary)} runs -> {summary_path}")
    if runs is not None:
        if runs_path.is_file():  # keep the rows of the solvers that did not run now
            kept = pd.read_csv(runs_path, keep_default_na=False)
            kept = kept[~kept["solver"].isin(plan.solvers)]
            if len(kept) and list(kept.columns) == list(runs.columns):
                runs = pd.concat([kept, runs], ignore_index=True).astype(runs.dtypes.to_dict())
        # without the run times, which differ from run to run (they are printed above)
        write_beside(
            runs.drop(columns="seconds").sort_values(
                ["solver", "function", "dimension", "instance"]
            ),
            runs_path,
        )
        print(f"runs: -> {runs_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
