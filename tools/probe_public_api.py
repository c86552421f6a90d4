"""Run every case of the probe's tables (``tests/probes``, issue 36) and print the count per
table and per outcome class, then every case outside the class it expects.

The contract: 0 unclear errors, 0 inputs accepted silently, 0 valid inputs refused, 0 internal
exceptions, 0 silent NaN, 0 hangs, 0 memory blow-ups. ``make probe`` runs this; ``make test``
runs the cases not marked slow (``tests/test_probe.py``). Exit status 1 if a case breaks it.

Usage::

    python tools/probe_public_api.py [--only TEXT] [--verbose]
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # nothing written into the tree, not even .pyc
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mines_theory.plotting.figures import FIGURES_ENV  # noqa: E402
from tests.probes import harness  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="run only the cases whose id contains this")
    parser.add_argument("--verbose", action="store_true", help="print every case")
    args = parser.parse_args(argv)
    os.chdir(harness.scratch())  # pycma and friends write nothing into the tree
    os.environ[FIGURES_ENV] = harness.scratch()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cases = [c for c in harness.all_cases() if args.only is None or args.only in c.id]
    counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    broken: list[str] = []
    for case in cases:
        outcome, detail = harness.classify(case)
        plt.close("all")
        counts[case.module][outcome] += 1
        if not harness.keeps(case, outcome) or args.verbose:
            line = f"[{outcome}] {case.id} (expected {case.expect}) -> {detail}"
            (broken if not harness.keeps(case, outcome) else []).append(line)
            if args.verbose:
                print(line)
    columns = (harness.REFUSED, harness.ANSWERED) + harness.FAILURES
    print(f"{'table':12s} {'cases':>6s} " + " ".join(f"{c[:10]:>10s}" for c in columns))
    total: collections.Counter = collections.Counter()
    for module, counter in counts.items():
        total += counter
        row = " ".join(f"{counter[c]:10d}" for c in columns)
        print(f"{module:12s} {sum(counter.values()):6d} {row}")
    print(f"{'all':12s} {len(cases):6d} " + " ".join(f"{total[c]:10d}" for c in columns))
    if broken:
        print(f"\n{len(broken)} cases outside their class:\n" + "\n".join(broken))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
