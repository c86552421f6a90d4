"""``make coco``: MiNES (practical defaults), xNES, CMA-ES (pycma) and RGF on COCO's ``bbob``
suite, through ``cocoex.Suite`` and ``cocoex.Observer``, then ``cocopp`` offline.

1. Each solver runs ``mines_theory.experiments.coco.SUBSET`` (24 functions × d ∈ {2, 3, 5, 10} ×
   instances 1–3, budget 10³·d; the module docstring of ``mines_theory.experiments.coco`` says why)
   in its own worker process of a ``concurrent.futures.ProcessPoolExecutor`` (``--workers``,
   default 2: one task per solver, the slowest first), with an observer writing
   ``coco/exdata/<solver>/``, where cocopp reads it. Run i of a problem is seeded by
   SeedSequence([function, dimension, instance]), the same for every solver.
2. ``cocopp`` (``--rld-only``: the runtime ECDFs, per function group and aggregated, in each
   dimension; SVG only) writes ``coco/ppdata/``; the figures that notebook 10 shows (d = 10,
   the five groups and all functions) are copied to ``figures/coco-ecdf-10D-<group>.svg``
   (deterministic names, cocopp's own folder name carries a time stamp; fixed SVG ids, no
   date, a seeded generator for cocopp's simulated restarts and PYTHONHASHSEED=0 (the script
   restarts itself with it), so that a rerun on the same data writes the same bytes).
   ``--postprocess-only`` reruns this step and the next on the existing ``coco/exdata``.
3. The summary that notebook 10 and the ledger read,
   ``mines_theory/verification/coco-bbob-summary.csv`` (package data, beside published.json)
   (``mines_theory.experiments.coco.SUMMARY_COLUMNS``: per run the evaluations to reach each target
   of ``coco.TARGETS``), is read back from cocopp's data sets; ``figures/coco-bbob-runs.csv`` holds
   each run's evaluations, whether it hit the final target and its error ("" if none); the
   wall times are printed.

``coco/`` is git-ignored; the summary and the figures are committed. The wall time of each step
is printed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd

from mines_theory.experiments import coco
from mines_theory.verification.claims.coco_bbob import SUMMARY

ROOT = Path(__file__).resolve().parents[1]
ORDER = ("CMA-ES", "MiNES", "xNES", "RGF")  # the slowest first
#: cocopp's names of the function groups in its pprldmany figures, and the dimensions shown.
GROUPS = ("separ", "lcond", "hcond", "multi", "mult2", "noiselessall")
SHOWN = tuple((10, group) for group in GROUPS)


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
            evaluations, error = coco.solve(
                name, problem, seed=seed, budget_multiplier=subset.budget_multiplier
            )
        rows.append(
            {
                "solver": name,
                "function": problem.id_function,
                "dimension": problem.dimension,
                "instance": problem.id_instance,
                "evaluations": evaluations,
                "hit": bool(problem.final_target_hit),
                "seconds": round(time.perf_counter() - start, 3),
                "error": error,
            }
        )
        problem.free()
    observer = None
    return rows


def summary_from_cocopp(exdata: Path, solvers) -> pd.DataFrame:
    """The summary rows (``coco.SUMMARY_COLUMNS``) from cocopp's data sets of each solver."""
    import cocopp

    rows = []
    for name in solvers:
        for ds in cocopp.load(str(exdata / name)):
            hits = ds.detEvals(list(coco.TARGETS))
            for i, instance in enumerate(ds.instancenumbers):
                row = {
                    "solver": name,
                    "function": ds.funcId,
                    "dimension": ds.dim,
                    "instance": int(instance),
                    "budget": int(ds.maxevals[i]),
                }
                for target, evals in zip(coco.TARGETS, hits):
                    row[coco.target_column(target)] = evals[i]
                rows.append(row)
    frame = pd.DataFrame(rows, columns=coco.SUMMARY_COLUMNS)
    return frame.sort_values(["solver", "function", "dimension", "instance"], ignore_index=True)


def experiment(solvers, subset: coco.Subset, folder: Path, workers: int) -> pd.DataFrame:
    """Step 1: every solver on the subset, one worker task per solver; the runs as a frame."""
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run_solver, name, subset, str(folder)) for name in solvers]
        runs = pd.DataFrame([row for future in futures for row in future.result()])
    print(
        f"experiment: {len(runs)} runs in {time.perf_counter() - start:.0f} s wall "
        f"({runs['seconds'].sum():.0f} s summed over runs) on {workers} workers"
    )
    for name, group in runs.groupby("solver"):
        print(
            f"  {name:7s} final target hit in {int(group['hit'].sum())} of {len(group)} runs, "
            f"{(group['error'] != '').sum()} ended by an error, {group['seconds'].sum():.0f} s"
        )
    return runs


def _deterministic_svg(source: Path, target: Path) -> None:
    """Copy cocopp's SVG without the time stamp that matplotlib writes into its metadata."""
    text = re.sub(r"\s*<dc:date>[^<]*</dc:date>", "", source.read_text(encoding="utf-8"))
    target.write_text(text, encoding="utf-8")


def postprocess(folder: Path, figures: Path, solvers) -> pd.DataFrame:
    """Steps 2 and 3: cocopp's runtime ECDFs, the copied figures and the summary CSV."""
    import matplotlib

    matplotlib.use("Agg")
    # fixed ids and text as text: the same SVG bytes on every run, a third of the size
    matplotlib.rcParams.update({"svg.hashsalt": "mines-theory", "svg.fonttype": "none"})
    warnings.simplefilter("ignore")
    import cocopp

    cocopp.genericsettings.figure_file_formats = ["svg"]
    # cocopp draws simulated restarts (for the runs that missed a target) from NumPy's global
    # generator: seeded, a rerun on the same data draws the same figures
    np.random.seed(0)
    start = time.perf_counter()
    shutil.rmtree(folder / "ppdata", ignore_errors=True)
    os.chdir(folder)
    cocopp.main(
        [
            "--rld-only",
            "--no-rld-single-fcts",
            "-o",
            "ppdata",
            *(str(Path("exdata") / name) for name in solvers),
        ]
    )
    print(f"cocopp: {time.perf_counter() - start:.0f} s wall")
    summary = summary_from_cocopp(folder / "exdata", solvers)
    summary.to_csv(SUMMARY, index=False, float_format="%.10g")
    output = next((folder / "ppdata").glob("*/"), None)
    figures.mkdir(parents=True, exist_ok=True)
    for dim, group in SHOWN:
        source = None if output is None else output / f"pprldmany_{dim:02d}D_{group}.svg"
        if source is not None and source.exists():
            _deterministic_svg(source, figures / f"coco-ecdf-{dim:02d}D-{group}.svg")
    return summary


def main(argv=None) -> int:
    if os.environ.get("PYTHONHASHSEED") != "0":
        # cocopp iterates over sets of names when it draws the reference algorithm's simulated
        # runs: with Python's per-process string hashing the figures differ from run to run
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable, *sys.argv])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--folder", default=str(ROOT / "coco"))
    parser.add_argument("--figures", default=str(ROOT / "figures"))
    parser.add_argument("--functions", default=None, help="e.g. 1,2,3 (default: all 24)")
    parser.add_argument("--dimensions", default=None, help="e.g. 2,3 (default: 2,3,5,10)")
    parser.add_argument("--instances", default=None, help="e.g. 1,2 (default: 1,2,3)")
    parser.add_argument("--solvers", default=",".join(ORDER))
    parser.add_argument(
        "--postprocess-only",
        action="store_true",
        help="rerun cocopp on the existing coco/exdata only",
    )
    args = parser.parse_args(argv)

    def ints(text, default):
        return default if text is None else tuple(int(x) for x in text.split(","))

    subset = coco.Subset(
        functions=ints(args.functions, coco.SUBSET.functions),
        dimensions=ints(args.dimensions, coco.SUBSET.dimensions),
        instances=ints(args.instances, coco.SUBSET.instances),
    )
    solvers = [s for s in ORDER if s in args.solvers.split(",")]
    folder, figures = Path(args.folder), Path(args.figures)
    exdata = folder / "exdata"
    if not args.postprocess_only:
        for name in solvers:  # cocoex would add a suffix to an existing folder
            shutil.rmtree(exdata / name, ignore_errors=True)
        folder.mkdir(parents=True, exist_ok=True)
        runs = experiment(solvers, subset, folder, args.workers)
        figures.mkdir(parents=True, exist_ok=True)
        path = figures / "coco-bbob-runs.csv"
        if path.is_file():  # keep the rows of the solvers that did not run now
            kept = pd.read_csv(path, keep_default_na=False)
            runs = pd.concat([kept[~kept["solver"].isin(solvers)], runs], ignore_index=True)
        # without the run times, which differ from run to run (they are printed above)
        runs.drop(columns="seconds").sort_values(
            ["solver", "function", "dimension", "instance"]
        ).to_csv(path, index=False)
    # cocopp and the summary take every solver whose data is there
    summary = postprocess(folder, figures, [s for s in ORDER if (exdata / s).is_dir()])
    for target in (1e-1, 1e-8):
        print(f"fraction of runs reaching f - f_opt <= {target:g}:")
        print(coco.summary_fractions(summary, target).to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
