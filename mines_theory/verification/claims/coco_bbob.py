"""The 2019 claim on COCO's bbob suite (issue 27; notebook 10).

The earlier version of the paper (Ye & Zhang, arXiv:1910.11490) called MiNES "a query-efficient
optimization algorithm competitive to classical algorithms including NES and CMA-ES". The field
tests such a claim on COCO's ``bbob`` suite; ``make coco`` (``tools/coco_experiment.py``) ran
MiNES with the practical defaults of ``mines_theory.algorithm.practical`` (the paper gives no
black-box settings), xNES, CMA-ES (pycma) and RGF on the subset of
``mines_theory.experiments.coco.SUBSET`` and wrote ``SUMMARY`` beside this module: per (solver,
function, dimension, instance) run, the evaluations to reach f − f_opt ≤ t for the targets t of
``coco.TARGETS``, read back from cocopp's data sets. ``check_coco_claim`` decides from that file
alone (the notebook and the ledger never rerun COCO).

"Competitive", declared before the run: at COCO's final target 1e-8 (and at 1e-1), the 95%
Wilson interval of the fraction of runs in which MiNES reached the target within 10³·d
evaluations overlaps that of the other solver. The alternative that a false outcome names: MiNES
reaches the target in a smaller fraction of runs, with the two intervals disjoint. The status is
"fails" when MiNES is below CMA-ES in that sense at the final target (a counterexample to
"competitive to CMA-ES"), "holds" when it is competitive with both CMA-ES and xNES there.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from mines_theory.experiments.coco import SUMMARY_COLUMNS, summary_fractions
from ..framework.registry import finding
from ..framework.spec import NoBar
from ..framework.verdict import Kind, Measurement, Qualifier, Status, Verdict, decides

__all__ = ["SUMMARY", "CLAIM_2019", "read_summary", "fraction_measurement", "check_coco_claim"]

#: The summary of ``make coco`` (package data, committed).
SUMMARY = Path(__file__).parent.parent / "coco-bbob-summary.csv"

CLAIM_2019 = (
    "a query-efficient optimization algorithm competitive to classical algorithms "
    "including NES and CMA-ES"
)

#: The targets that the qualifiers test: COCO's final target, and an easy one.
FINAL, EASY = 1e-8, 1e-1
SOLVERS = ("MiNES", "CMA-ES", "xNES", "RGF")


def read_summary(path: Path | str | None = None) -> pd.DataFrame:
    """The summary CSV (``SUMMARY`` unless ``path``), checked for its columns."""
    frame = pd.read_csv(SUMMARY if path is None else path)
    missing = [c for c in SUMMARY_COLUMNS if c not in frame.columns]
    if missing:
        raise ValueError(
            f"the COCO summary {path or SUMMARY} must have the columns "
            f"{SUMMARY_COLUMNS}, it lacks {missing}"
        )
    return frame


def fraction_measurement(name: str, row) -> Measurement:
    """A fraction of runs with its 95% Wilson interval, as a measurement."""
    low, high = float(row["low"]), float(row["high"])
    return Measurement(
        name,
        float(row["fraction"]),
        (high - low) / (2 * 1.959963984540054),
        Kind.INTERVAL,
        interval=(low, high),
        percent=True,
    )


def _disjoint_below(a, b) -> bool:
    """a's fraction lies below b's with disjoint 95% intervals."""
    return float(a["high"]) < float(b["low"])


@finding(
    "COCO bbob",
    label="arXiv:1910.11490",
    statement="the 2019 version's claim: MiNES is competitive with NES and CMA-ES (on COCO's bbob)",
    notebook="10-coco-bbob",
    atlas=NoBar("a benchmark of methods (shares of runs reaching a target), without a bound"),
)
@decides
def check_coco_claim(summary: pd.DataFrame | None = None) -> Verdict:
    """The 2019 claim's verdict from the COCO summary (module docstring): fractions of runs
    reaching f − f_opt ≤ 1e-8 and ≤ 1e-1 per solver, with 95% Wilson intervals, and whether
    MiNES is competitive with CMA-ES and xNES and better than RGF there."""
    frame = read_summary() if summary is None else summary
    present = set(frame["solver"])
    if not {"MiNES", "CMA-ES"} <= present:
        return Verdict.not_checked(
            f"the summary holds no runs of MiNES and CMA-ES (solvers: {sorted(present)})",
            Measurement("runs", len(frame), kind=Kind.COUNT),
        )
    fractions = {t: summary_fractions(frame, t).set_index("solver") for t in (FINAL, EASY)}
    measurements = []
    for target, label in ((FINAL, "1e-8"), (EASY, "1e-1")):
        for solver in SOLVERS:
            if solver in fractions[target].index:
                measurements.append(
                    fraction_measurement(f"{solver} reached {label}", fractions[target].loc[solver])
                )
    measurements.append(
        Measurement("runs per solver", int(fractions[FINAL].loc["MiNES", "runs"]), kind=Kind.COUNT)
    )

    def below(target, other):
        table = fractions[target]
        return other in table.index and _disjoint_below(table.loc["MiNES"], table.loc[other])

    def above(target, other):
        table = fractions[target]
        return other in table.index and _disjoint_below(table.loc[other], table.loc["MiNES"])

    qualifiers = []
    for target, label in ((FINAL, "1e-8"), (EASY, "1e-1")):
        for other in ("CMA-ES", "xNES"):
            qualifiers.append(
                Qualifier(
                    f"competitive with {other} at {label}",
                    f"the 95% Wilson intervals of the fractions of runs reaching "
                    f"f − f_opt ≤ {label} (MiNES, {other}) overlap; false rules in the "
                    f"alternative: MiNES reaches it in fewer runs, the intervals disjoint",
                    not below(target, other),
                )
            )
    qualifiers.append(
        Qualifier(
            "beats RGF at 1e-1",
            "MiNES's 95% interval of the fraction reaching f − f_opt ≤ 1e-1 lies "
            "above RGF's; false: the intervals overlap or MiNES is below",
            above(EASY, "RGF"),
        )
    )
    if below(FINAL, "CMA-ES"):
        status = Status.FAILS
    elif not below(FINAL, "xNES"):
        status = Status.HOLDS
    else:
        status = Status.FAILS
    runs = int(fractions[FINAL].loc["MiNES", "runs"])
    span = lambda column: ", ".join(map(str, sorted(set(frame[column]))))  # noqa: E731
    return Verdict(
        status,
        f"'{CLAIM_2019}' (arXiv:1910.11490) on bbob: {runs} runs per solver "
        f"({frame['function'].nunique()} functions × d = {span('dimension')} × "
        f"instances {span('instance')}, budget 10³·d), MiNES with the practical "
        f"defaults of mines_theory.algorithm.practical",
        tuple(measurements),
        tuple(qualifiers),
        data={"fractions": fractions},
    )
