"""Calibrate the agreement rule (``verdict.K_AGREE``) on several BLAS kernels.

The seeds of every check are fixed, so a recomputed number differs from the published one only
by how the machine rounds. This tool measures how far that moves each kind of measurement:

1. ``run OUT.json``: run every ledger check (``ledger.verdicts()``) in this process and save the
   verdicts (``Verdict.to_json``). Run it once per kernel, in separate processes::

       OPENBLAS_NUM_THREADS=1 python tools/calibrate_agreement.py run /tmp/default.json
       OPENBLAS_CORETYPE=Haswell ... run /tmp/haswell.json
       OPENBLAS_CORETYPE=Sandybridge ... run /tmp/sandybridge.json

   (about 8 minutes each on one core: the comparison of notebook 07 takes most of it).
2. ``compare A.json B.json ...``: the largest |difference|/√(u₁² + u₂²) per kind of
   measurement over every pair of runs (proportions apart), beside ``K_AGREE``; every
   measurement that differs between the runs; and whether each pair agrees under
   ``Measurement.agrees``. ``--save PATH`` writes the measurements that differ, with their value
   in every run, as the fixture ``tests/test_verdict.py`` checks the rule against.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time

from mines_theory.files import write_text
from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.verdict import K_AGREE, Kind, Measurement, Verdict


def run(path: str) -> None:
    results = {}
    start = time.time()
    for claim in ledger.claims() + ledger.findings():
        begin = time.time()
        results[claim.number] = claim.verdict().to_json()
        print(f"{claim.number}: {time.time() - begin:.1f} s", flush=True)
    print(f"total {time.time() - start:.0f} s")
    write_text(path, json.dumps(results, indent=1, ensure_ascii=False))


def _kind(m: Measurement) -> str:
    return "proportion" if m.is_proportion else m.kind.value


def _ratio(a: Measurement, b: Measurement) -> float:
    if a.value == b.value:
        return 0.0
    if not (math.isfinite(a.value) and math.isfinite(b.value)):
        return math.inf
    if a.kind is Kind.NUMERIC:
        return abs(a.value - b.value) / (a.uncertainty + b.uncertainty)
    combined = math.hypot(a._spread(), b._spread())
    return abs(a.value - b.value) / combined if combined > 0 else math.inf


def compare(paths: list[str], save: str | None = None) -> int:
    runs = {}
    for path in paths:
        with open(path, encoding="utf-8") as file:
            runs[path] = {number: Verdict.from_json(v) for number, v in json.load(file).items()}
    worst: dict[str, tuple[float, str]] = {}
    differing: dict[str, dict] = {}
    disagreements = []
    for a, b in itertools.combinations(paths, 2):
        for number, verdict in runs[a].items():
            other = runs[b][number]
            disagreements += [f"{a} / {b} {number}: {d}" for d in verdict.differences(other)]
            for m in verdict.measurements:
                n = other[m.name]
                r = _ratio(m, n)
                if r > worst.get(_kind(m), (0.0, ""))[0]:
                    worst[_kind(m)] = (r, f"{number}: {m.name} {m.value:.6g} vs {n.value:.6g}")
                if m.value != n.value and m.kind not in (Kind.BELOW, Kind.NUMERIC):
                    differing.setdefault(
                        f"{number} | {m.name}",
                        {path: runs[path][number][m.name].to_json() for path in paths},
                    )
    print("largest |difference|/√(u₁² + u₂²) over every pair of runs, per kind:")
    for kind, (r, where) in sorted(worst.items()):
        print(f"  {kind:10s} {r:10.3g}   K_AGREE {K_AGREE.get(kind, '—')}   ({where})")
    print(f"{len(differing)} Monte Carlo measurements differ between the runs")
    for line in disagreements:
        print("DISAGREES:", line)
    if save:
        write_text(save, json.dumps(differing, indent=1, ensure_ascii=False) + "\n")
    return 1 if disagreements else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run").add_argument("out")
    c = sub.add_parser("compare")
    c.add_argument("runs", nargs="+")
    c.add_argument("--save")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args.out)
        return 0
    return compare(args.runs, args.save)


if __name__ == "__main__":
    sys.exit(main())
