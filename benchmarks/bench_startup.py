"""Start-up: what a reader waits for before anything runs, measured in one run (``make
bench``): ``import mines_theory``, ``python -m mines_theory.verification list`` (every spec read
as data, no module of checks imported) and, as the ratio's reference, a bare interpreter; each
a fresh process, the median of 7 runs. Issue 42's targets: ``list`` under 1 s and the import
under 0.5 s on the project's 2-core machine."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "import mines_theory": [sys.executable, "-c", "import mines_theory"],
    "verification list": [sys.executable, "-m", "mines_theory.verification", "list"],
}
TARGETS = {"import mines_theory": 0.5, "verification list": 1.0}
RUNS = 7


def median_seconds(command: list[str], runs: int = RUNS) -> float:
    """The median wall time of ``runs`` fresh processes running ``command``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


if __name__ == "__main__":
    measured = {name: median_seconds(command) for name, command in COMMANDS.items()}
    bare = measured["python -c pass"]
    for name, seconds in measured.items():
        target = TARGETS.get(name)
        against = ""
        if target is not None:
            against = f", target < {target} s: {'met' if seconds < target else 'MISSED'}"
        print(
            f"{name}: {seconds:.3f} s (median of {RUNS}; {seconds / bare:.1f}x a bare "
            f"interpreter{against})"
        )
