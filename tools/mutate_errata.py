"""Mutation test of the erratum checks: does any test notice a check that always says "erratum"?

For every erratum (``ledger.errata()``) the check is replaced by a mutant that says
"erratum" whatever it is given, and the tests of the module that defines the check
(``tests/test_<part>.py``, e.g. ``tests/test_appendix_d.py`` for
``errata.appendix_d.erratum_two_log``) run in a fresh subprocess. The mutant is *killed* when at
least one test fails, and *survives* when they all pass. Before the mutants, each test module
runs once unmutated: a module whose tests fail already cannot kill anything, and its mutants are
reported as "baseline fails" instead of killed.

The mutant. A check returns a ``Verdict`` (``verdict.flagged``: the status "erratum" where the
form it tests is shown wrong, the sentence that argues it, the numbers). ``--mutant flag`` (the
default) calls the original and forces its status to "erratum": the verdict keeps its sentence
and its numbers (``dataclasses.replace``), and a check that refuses bad input still refuses. So
only a test that checks the flag where it must be False (the corrected form, ``printed=False``,
data under the alternative) kills it; a test that reads the sentence or the numbers sees what it
saw before.
The bare ``return True`` of issue 22 §3 (``--mutant true``) was meaningful while every check
returned a bool; against a Verdict check it is killed by any test that reads ``.flagged`` or a
measurement (AttributeError on a bool), however well the flag is tested, and ``flagged(True,
"")`` by any that reads a measurement (KeyError): both count a kill that says nothing about the
flag, so neither is the default.

How the replacement is made, without writing into the tree: a pytest plugin written to a
temporary directory (``-p _mutate_errata_plugin``, that directory on ``PYTHONPATH``) imports
``mines_theory.verification`` and all its submodules before the tests are collected, rebinds
the name in every module of ``mines_theory.verification`` (a package and the submodule that
defines the check alike) that holds the check, and leaves a marker file in the temporary
directory (a mutant that failed to load is an error, never a kill). So
``from mines_theory.verification.claims.section3 import erratum_x``, ``getattr(section3,
"erratum_x")`` and the calls inside the package all see the mutant. The plugin is not a conftest,
and nothing under the repository changes (pytest runs with ``-p no:cacheprovider``).

Usage (from the repository root, with the project's venv; not run by ``make test``)::

    OPENBLAS_NUM_THREADS=1 .venv/bin/python tools/mutate_errata.py
    .venv/bin/python tools/mutate_errata.py --module section2 --mutant true
    .venv/bin/python tools/mutate_errata.py --module appendix_d --module section4
    .venv/bin/python tools/mutate_errata.py --check erratum_two_log

It prints one row per erratum check (check, module, killed: yes / no / baseline fails) and the
totals, overall and per module, and exits with status 1 if any mutant survived. Each mutant
stops at the first failing test (``-x``); a surviving mutant runs its module's tests in full, so
a full run takes as long as the slowest modules' tests times their surviving mutants plus one
run per killed mutant (about 45 minutes for the 47 entries here, on 2 shared cores).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PLUGIN = textwrap.dedent('''
    """Rebind one erratum check to its mutant before the tests are collected: with
    MUTATE_ERRATA_MUTANT=flag the original's result with its flag forced to True, with "true" the
    bare ``return True``."""
    import dataclasses
    import functools
    import importlib
    import os
    import pkgutil
    import sys

    import mines_theory.verification as _verification
    from mines_theory.verification.framework.verdict import Status as _Status

    _module, _name = os.environ["MUTATE_ERRATA_TARGET"].split(":")
    for _info in pkgutil.walk_packages(_verification.__path__, _verification.__name__ + "."):
        importlib.import_module(_info.name)
    _original = getattr(importlib.import_module(_module), _name)


    @functools.wraps(_original)
    def _mutant(*args, **kwargs):
        if os.environ["MUTATE_ERRATA_MUTANT"] == "true":
            return True
        return dataclasses.replace(_original(*args, **kwargs), status=_Status.ERRATUM)


    _rebound = []
    for _key, _mod in list(sys.modules.items()):
        if _key.startswith("mines_theory.verification") and getattr(_mod, _name, None) is _original:
            setattr(_mod, _name, _mutant)
            _rebound.append(_key)
    # the ledger's specs name the check (framework.spec.CheckRef), resolved from its module
    # when it runs: the rebinding above is what the ledger's table sees too
    if not _rebound:
        raise RuntimeError(f"{_name} not found in mines_theory.verification")
    with open(os.environ["MUTATE_ERRATA_MARKER"], "w") as _marker:
        _marker.write(" ".join(sorted(_rebound)))
''')


def errata_checks() -> list[tuple[str, str, str]]:
    """(check name, part of the paper, defining module) for each erratum, in table
    order; the part (section2 … appendix_e) names the test module, ``tests/test_<part>.py``, and
    is read off the defining module (``mines_theory.verification.errata.section3_mean`` →
    section3)."""
    from mines_theory.verification.framework import ledger

    rows = []
    for entry in ledger.errata():
        check = entry.check
        found = re.match(
            r"mines_theory\.verification\.errata\.(section\d|appendix_[a-z])", check.module
        )
        if found is None:
            raise ValueError(
                f"the check of {entry.label!r} ({check.module}.{check.name}) is not in "
                "a module of mines_theory.verification.errata named after a part of the paper"
            )
        rows.append((check.name, found.group(1), check.module))
    return rows


def run_tests(
    module: str, plugin_dir: str, target: str | None, mutant: str = "flag"
) -> tuple[bool, float]:
    """Run ``tests/test_<module>.py`` (stopping at the first failure); with ``target``
    (``defining.module:name``) under the mutant (``mutant``: "flag" or "true", see the module's
    docstring). Returns (all passed, seconds)."""
    env = dict(
        os.environ,
        OPENBLAS_NUM_THREADS=os.environ.get("OPENBLAS_NUM_THREADS", "1"),
        OMP_NUM_THREADS=os.environ.get("OMP_NUM_THREADS", "1"),
    )
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        f"tests/test_{module}.py",
    ]
    marker = Path(plugin_dir, "loaded")
    marker.unlink(missing_ok=True)
    if target is not None:
        env["MUTATE_ERRATA_TARGET"] = target
        env["MUTATE_ERRATA_MARKER"] = str(marker)
        env["MUTATE_ERRATA_MUTANT"] = mutant
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [plugin_dir, env.get("PYTHONPATH")]))
        command[3:3] = ["-p", "_mutate_errata_plugin"]
    start = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if target is not None and not marker.is_file():
        # the plugin itself failed (e.g. the name was not found): say so, do not count a kill
        raise RuntimeError(
            f"the mutant {target} did not load:\n{result.stdout[-2000:]}{result.stderr[-2000:]}"
        )
    return result.returncode == 0, time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--module",
        action="append",
        help="only the checks of this module (section2, …, appendix_e); repeatable",
    )
    parser.add_argument("--check", action="append", help="only this check; repeatable")
    parser.add_argument(
        "--mutant",
        choices=("flag", "true"),
        default="flag",
        help="flag: the original's result with its flag forced to True "
        "(default); true: the bare `return True`",
    )
    args = parser.parse_args(argv)
    rows = errata_checks()
    if args.module:
        rows = [r for r in rows if r[1] in args.module]
    if args.check:
        rows = [r for r in rows if r[0] in args.check]
    if not rows:
        parser.error("no erratum check matches the selection")
    results = []
    with tempfile.TemporaryDirectory() as plugin_dir:
        Path(plugin_dir, "_mutate_errata_plugin.py").write_text(PLUGIN)
        baseline = {}
        for module in sorted({r[1] for r in rows}):
            baseline[module], seconds = run_tests(module, plugin_dir, None)
            print(
                f"baseline tests/test_{module}.py: "
                f"{'pass' if baseline[module] else 'FAIL'} ({seconds:.0f} s)",
                flush=True,
            )
        for name, module, defining in rows:
            if not baseline[module]:
                results.append((name, module, "baseline fails", 0.0))
                continue
            passed, seconds = run_tests(module, plugin_dir, f"{defining}:{name}", args.mutant)
            results.append((name, module, "no" if passed else "yes", seconds))
            print(
                f"  {name:<40} {module:<11} killed: {results[-1][2]:<3} ({seconds:.0f} s)",
                flush=True,
            )
    width = max(len(r[0]) for r in results)
    print()
    print(f"| {'check':<{width}} | module     | killed |")
    print(f"|{'-' * (width + 2)}|------------|--------|")
    for name, module, killed, _ in results:
        print(f"| {name:<{width}} | {module:<10} | {killed:<6} |")
    killed = Counter(r[2] for r in results)
    print(
        f"\ntotal: {killed['yes']} of {len(results)} mutants killed, {killed['no']} survived"
        + (
            f", {killed['baseline fails']} not run (baseline fails)"
            if killed["baseline fails"]
            else ""
        )
    )
    for module in sorted({r[1] for r in results}):
        mine = [r for r in results if r[1] == module]
        survivors = [r[0] for r in mine if r[2] == "no"]
        print(
            f"  {module}: {sum(r[2] == 'yes' for r in mine)} of {len(mine)} killed"
            + (f"; survive: {', '.join(survivors)}" if survivors else "")
        )
    return 1 if killed["no"] else 0


if __name__ == "__main__":
    sys.exit(main())
