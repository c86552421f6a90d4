"""Cases for the files the project writes and reads (issue 46 §1, §4, §5): a write stopped
halfway (an exception mid-write, a file-size limit in a process of its own) leaves the old file
and no temporary one; a corrupt ``published.json`` is the named ``PublishedVerdictsError``; the
writers' bad arguments are named; and the sizes that ``--scale`` multiplies are named before
memory is asked for.

A write case answers 0.0 where the old file is intact and nothing else is left beside it, and
NaN where it is not (a half-written file counts as a silent NaN: a wrong answer given quietly).
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

from mines_theory import files
from mines_theory.verification.claims.section5 import mean
from mines_theory.verification.framework import ledger, sizes
from mines_theory.verification.framework.ledger import PublishedVerdictsError
from mines_theory.verification.framework.sizes import Data

from .harness import NAN, Table, scratch

ROOT = Path(__file__).resolve().parents[2]
OLD = "the old contents\n"


def _folder() -> Path:
    return Path(tempfile.mkdtemp(dir=scratch(), prefix="write-"))


def _intact(folder: Path, name: str) -> float:
    """0.0 where ``folder`` holds ``name`` with the old contents and nothing else, else NaN."""
    whole = (folder / name).read_text() == OLD and os.listdir(folder) == [name]
    return 0.0 if whole else NAN


def stopped_by(error: BaseException, writer: str) -> float:
    """A write through ``writer`` ("atomic_write" or "save_with") that raises ``error``
    halfway."""
    folder = _folder()
    (folder / "table.md").write_text(OLD)

    def half(out):
        out.write("| new | half of it")
        raise error

    try:
        if writer == "atomic_write":
            with files.atomic_write(folder / "table.md") as out:
                half(out)
        else:
            files.save_with(folder / "table.md", half, binary=False)
    except BaseException as raised:  # noqa: BLE001 - the error the write was stopped by
        if raised is not error:
            raise
    return _intact(folder, "table.md")


def out_of_space(what: str) -> float:
    """``what`` ("published.json" or "figure.png") rewritten with more than a 20 kB file-size
    limit allows, in a process of its own (as a full disk or a quota stops it)."""
    folder = _folder()
    target = folder / what
    target.write_text(OLD)
    body = {
        "published.json": "from mines_theory.verification.framework import ledger\n"
        f"ledger.write_published(ledger.published(), Path({str(target)!r}))",
        "figure.png": "from mines_theory.files import write_bytes\n"
        f"write_bytes(Path({str(target)!r}), bytes(200_000))",
    }[what]
    script = textwrap.dedent(
        """
        import resource, signal
        from pathlib import Path
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script + body], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    if "File too large" not in done.stderr:  # the write was not stopped: nothing was probed
        raise RuntimeError(f"the write was not stopped by the limit: {done.stderr[-300:]}")
    return _intact(folder, what)


def read_published(text: str) -> dict:
    path = _folder() / "published.json"
    path.write_text(text, encoding="utf-8")
    return ledger.published(path)


def _measurement_set(field: str, value: Any, kind: str | None = None) -> str:
    """The published verdicts with ``field`` of the first measurement (of ``kind``) set to
    ``value``, as JSON."""
    data = json.loads(ledger.PUBLISHED.read_text(encoding="utf-8"))
    for entry in data.values():
        for measurement in entry["measurements"]:
            if kind is None or measurement["kind"] == kind:
                measurement[field] = value
                return json.dumps(data)
    raise LookupError(f"no measurement of kind {kind!r} is published")


def _check(draws: int = 400_000) -> None: ...


def cases() -> list:
    t = Table("files")
    for error, label in [
        (RuntimeError("a writer's bug"), "a RuntimeError"),
        (KeyboardInterrupt(), "Ctrl-C"),
        (OSError(28, "No space left on device"), "ENOSPC"),
    ]:
        for writer in ("atomic_write", "save_with"):
            t.answers(writer, f"stopped halfway by {label}",
                      lambda e=error, w=writer: stopped_by(e, w))  # fmt: skip
    for what in ("published.json", "figure.png"):
        t.answers("write_published" if what == "published.json" else "write_bytes",
                  f"{what} beyond a 20 kB file-size limit", lambda w=what: out_of_space(w),
                  slow=True)  # fmt: skip
    folder = _folder
    bad: Any = 3  # arguments of the wrong type, as a caller may pass them
    t.refuses("write_text", "path a directory", lambda: files.write_text(scratch(), "x"), "path")
    t.refuses("write_text", "path 3", lambda: files.write_text(bad, "x"), "path", bad)
    t.refuses("write_text", "text 3", lambda: files.write_text(folder() / "a", bad), "text", bad)
    t.refuses("write_bytes", "data 3", lambda: files.write_bytes(folder() / "a", bad), "data", bad)
    t.refuses(
        "atomic_write",
        "mode 'a'",
        lambda: files.atomic_write(folder() / "a", "a").__enter__(),
        "mode",
        "a",
    )
    t.refuses(
        "replace_directory",
        "new missing",
        lambda: files.replace_directory(folder() / "none", folder() / "b"),
        "new",
    )

    # a corrupt published.json: the named error, naming the file and what is wrong with it
    original = ledger.PUBLISHED.read_text(encoding="utf-8")
    for text, label, match in [
        (original[:19_597], "truncated at char 19,597", "are not valid JSON"),
        ("", "empty", "are not valid JSON"),
        ("[]", "a list", "must be a JSON object"),
        ('{"Thm 3.1": 3}', "an entry that is no verdict", "the entry 'Thm 3.1' is not a verdict"),
        (original.replace('"holds"', '"hodls"', 1), "an unknown status", "is not a verdict"),
        (
            _measurement_set("uncertainty", True),
            "an uncertainty true",
            "does not read back as itself",
        ),
        (
            _measurement_set("value", math.inf, kind="count"),
            "a count of Infinity",
            "is not a verdict",
        ),
    ]:
        t.named("published", label, lambda x=text: read_published(x), PublishedVerdictsError,
                rf"the published verdicts .*published\.json:? .*{match}")  # fmt: skip
    t.named("published", "missing", lambda: ledger.published(_folder() / "published.json"),
            PublishedVerdictsError, "are missing")  # fmt: skip

    # the sizes --scale multiplies: named, with the memory they would need, before allocating
    for scale, label, match in [
        (1e6, "draws × 1e6", r"draws = 400,000 × 1e\+06, .*\(2\.98e\+03 GiB\)"),
        (1e308, "draws × 1e308 (an OverflowError before)", r"more than 1e300 GiB"),
        ((2**28 + 1) / 400_000, "one past the limit", r"\(2 GiB\)"),
    ]:
        t.named("scaled", label, lambda s=scale: sizes.scaled(_check, Data(draws=10), s),
                ValueError, rf"^scale = .* would need .*{match}")  # fmt: skip
    t.answers("scaled", "at the limit",
              lambda: sizes.scaled(_check, Data(draws=10), 2**28 / 400_000)["draws"])  # fmt: skip
    # a configuration with too few seeds: "not checked", naming the field and the minimum
    few = dataclasses.replace(mean.LEMMA51, seeds=2)
    t.answers("check_lemma51", "config.seeds = 2",
              lambda: mean.check_lemma51(config=few),
              check=lambda v: 0.0 if "config.seeds = 2: fewer seeds than the 6" in v.text()
              else NAN)  # fmt: skip
    return t.cases
