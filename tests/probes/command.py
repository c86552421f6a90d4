"""Cases for the command line, ``python -m mines_theory.verification`` (issue 46 §2, §3, §5):
names, scales, a corrupt ``published.json``, a closed pipe.

A run of the command is a case: ``command(*argv)`` runs it in this process and returns its exit
status when it is 0 (answered); any other status is raised as ``Exited``, a ValueError whose
message is "exit N: " and what the command said (its first line of output and stderr), which
the case's pattern must match (refused, named). A traceback out of ``main`` (an exception it
let through) is what the harness classifies it as: an internal exception. The cases that start
a process (a closed pipe) are slow: ``make probe`` runs them, ``make test`` does not.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any
from pathlib import Path

from mines_theory.verification import command as cli
from mines_theory.verification.framework import ledger

from .harness import Table, scratch

ROOT = Path(__file__).resolve().parents[2]


class Exited(ValueError):
    """The command ended with a status other than 0: "exit N: what it said"."""


def command(*argv: str) -> int:
    """Run the command line with ``argv`` in this process (module docstring)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            code = cli.main([*argv, "--no-progress"] if argv[0] == "check" else list(argv), out)
        except SystemExit as ended:  # argparse's way of exiting 2
            code = ended.code if isinstance(ended.code, int) else 2
    if code == 0:
        return 0
    said = (out.getvalue().splitlines() or [""])[0] + " | " + err.getvalue().strip()
    raise Exited(f"exit {code}: {said}".replace("\n", " "))


@contextlib.contextmanager
def published_as(text: str) -> Iterator[None]:
    """``ledger.PUBLISHED`` replaced by a scratch file holding ``text`` while open."""
    path = Path(scratch()) / "published.json"
    path.write_text(text, encoding="utf-8")
    previous = ledger.PUBLISHED
    ledger.PUBLISHED = path
    try:
        yield
    finally:
        ledger.PUBLISHED = previous


def corrupt(how: str, *argv: str) -> int:
    original = ledger.PUBLISHED.read_text(encoding="utf-8")
    text = {"truncated": original[:19_597], "empty": "", "a list": "[]"}[how]
    with published_as(text):
        return command(*argv)


def closed_pipe(*argv: str) -> int:
    """Run the command in a new process whose stdout is a pipe with no reader (``| head -c 10``
    after head has gone): 0 where it ends quietly with status 141, else ``Exited`` with its status
    and what it said on stderr (a wrong status or a traceback is an unclear error)."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "mines_theory.verification", *argv],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
    finally:
        os.close(write)
    if done.stderr or done.returncode != cli.EXIT["broken pipe"]:
        raise Exited(f"exit {done.returncode}: {done.stderr.strip()[-300:]}")
    return 0


def coco_arguments(*argv: str) -> Any:
    """``tools/coco_experiment.py``'s check of its arguments (step 0, nothing touched): its
    plan, or ``Exited`` with what it said on exiting."""
    if "coco_experiment" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "coco_experiment", ROOT / "tools" / "coco_experiment.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["coco_experiment"] = module  # its dataclass looks its module up
        spec.loader.exec_module(module)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            return sys.modules["coco_experiment"].check_arguments([*argv, "--dry-run"])
        except SystemExit as ended:
            said = err.getvalue().strip().replace("\n", " ")
            raise Exited(f"exit {ended.code}: {said}") from None


def cases() -> list:
    t = Table("command")
    t.answers("list", "the ledger", lambda: command("list"))
    for argv, label, match in [
        (("check", "Lemma 99"), "an unknown name", r"^exit 2: .*UnknownName: name 'Lemma 99'"),
        (("check", "eq:Sig_opt"), "a prefix of two labels", r"^exit 2: .*AmbiguousName"),
        (("check",), "no name", r"^exit 2: .*name at least one claim"),
        (("check", "--all", "Thm 3.1"), "names and --all", r"^exit 2: .*not both"),
        (("frobnicate",), "an unknown command", r"^exit 2: .*invalid choice: 'frobnicate'"),
    ]:
        t.named("check", label, lambda a=argv: command(*a), Exited, match)
    for scale in ("0", "-1", "nan", "inf", "two", "1e-400", "", "0x10"):
        t.named("check", f"--scale {scale!r}", lambda s=scale: command("check", "Thm 3.1",
                "--scale", s), Exited,
                rf"^exit 2: .*--scale must be a positive number, got {scale!r}")  # fmt: skip
    # a scale too small for a check's own minimum, or too large for memory: "not checked",
    # named, before anything is allocated (each of these ends in well under a second)
    for name, scale, match in [
        ("Comparison", "1e-5", r"not checked \(comparison.seeds = 1: fewer seeds than the 5"),
        ("Lemma E.6", "1e6", r"draws = 400,000 × 1e\+06, at least one float64 .*GiB"),
        ("Lemma E.6", "1e308", r"draws = 400,000 × 1e\+308, .*more than 1e300 GiB"),
        ("Lemma 5.3", "1e6", r"config\.iterations = 2,000 × 1e\+06, .*\(14\.9 GiB\)"),
        ("Lemma 5.1", "1e-3", r"config\.seeds = 1: fewer seeds than the 6 declared"),
    ]:
        t.named("check", f"{name} --scale {scale}",
                lambda n=name, s=scale: command("check", n, "--scale", s), Exited,
                rf"^exit 3: .*{match}")  # fmt: skip
    # a corrupt published.json: a named error with its own status, for list and check alike
    for how in ("truncated", "empty", "a list"):
        for argv in (("list",), ("check", "Prop. A.1")):
            t.named(argv[0], f"published.json {how}", lambda h=how, a=argv: corrupt(h, *a),
                    Exited, r"^exit 4: .*PublishedVerdictsError: the published verdicts "
                    r".*published\.json")  # fmt: skip
    # the tools' arguments (tools/coco_experiment.py: an unpacking ValueError before)
    t.answers("coco_experiment", "the defaults", lambda: coco_arguments().workers)
    for argv, match in [
        (("--workers", "1,2"), "--workers must be one integer >= 1, got '1,2'"),
        (("--workers", "0"), "--workers must list one integer >= 1, got '0'"),
        (("--budget", "10,20"), r"--budget must be one integer in 1\.\.10\^7, got '10,20'"),
        (("--functions", "1,1"), "--functions must not repeat a value"),
        (("--dimensions", "4"), "--dimensions must list dimensions of cocoex's bbob suite"),
        (("--solvers", "MiNES,foo"), "foo"),
    ]:
        t.named("coco_experiment", " ".join(argv), lambda a=argv: coco_arguments(*a), Exited,
                rf"^exit 2: .*{match}")  # fmt: skip
    # a closed pipe: quietly, status 141 (a process each: slow)
    for argv, label in [
        (("list",), "list | head -c 10"),
        (("check", "Comparison", "--scale", "1e-5", "--no-progress"), "check … | head"),
    ]:
        t.answers(argv[0], label, lambda a=argv: closed_pipe(*a), slow=True)
    return t.cases
