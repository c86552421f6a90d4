"""Files written whole or not at all (issue 46 §1, ``mines_theory.files``): a write stopped
halfway, by a file-size limit (RLIMIT_FSIZE, as a full disk or a quota stops it), by an
exception raised mid-write, or by SIGKILL, leaves the old file intact; every stop but SIGKILL
also leaves no temporary file. The same stops on a plain in-place write leave the file
half-written (the alternative the helper rules out), and ``published.json`` so written reads
back as the named ``PublishedVerdictsError``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from mines_theory import files
from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.ledger import PublishedVerdictsError

ROOT = Path(__file__).resolve().parent.parent
OLD = "the old contents\n"
LIMIT = 20_000  # bytes: the reproducer (a 20 kB file size limit)


def _limited(tmp_path: Path, body: str) -> subprocess.CompletedProcess:
    """Run ``body`` in a Python subprocess whose files may not grow beyond ``LIMIT`` bytes
    (SIGXFSZ ignored, so that the write fails with EFBIG as on a full disk)."""
    script = textwrap.dedent(
        f"""
        import resource, signal, sys
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, ({LIMIT}, {LIMIT}))
        """
    ) + textwrap.dedent(body)
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )


def _left(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def test_a_write_stopped_by_the_file_size_limit_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "table.md"
    target.write_text(OLD)
    done = _limited(
        tmp_path,
        f"""
        from mines_theory.files import write_text
        write_text({str(target)!r}, "x" * {10 * LIMIT})
        """,
    )
    assert done.returncode != 0 and "File too large" in done.stderr, done.stderr
    assert target.read_text() == OLD
    assert _left(tmp_path) == ["table.md"]


def test_the_same_write_in_place_is_left_half_written(tmp_path):
    """The alternative: ``Path.write_text`` under the same limit leaves the first ``LIMIT``
    bytes of the new contents, not the old file (so the test above can fail)."""
    target = tmp_path / "table.md"
    target.write_text(OLD)
    done = _limited(
        tmp_path,
        f"""
        from pathlib import Path
        Path({str(target)!r}).write_text("x" * {10 * LIMIT})
        """,
    )
    assert done.returncode != 0
    assert target.read_text() == "x" * LIMIT


def _published_copy(tmp_path: Path) -> tuple[Path, dict]:
    path = tmp_path / "published.json"
    path.write_bytes(ledger.PUBLISHED.read_bytes())
    return path, ledger.published(path)


def test_published_json_survives_a_write_that_runs_out_of_space(tmp_path):
    """``write_published`` of more than ``LIMIT`` bytes under the limit: the published verdicts
    read back as they were (the issue's reproducer: a JSONDecodeError at char 19,597)."""
    path, before = _published_copy(tmp_path)
    assert path.stat().st_size > LIMIT  # the write must be stopped halfway
    done = _limited(
        tmp_path,
        f"""
        from pathlib import Path
        from mines_theory.verification.framework import ledger
        verdicts = ledger.published(Path({str(path)!r}))
        ledger.write_published(dict(reversed(verdicts.items())), Path({str(path)!r}))
        """,
    )
    assert done.returncode != 0 and "File too large" in done.stderr, done.stderr
    assert ledger.published(path) == before
    assert _left(tmp_path) == ["published.json"]


def test_published_json_written_in_place_and_stopped_is_a_named_error(tmp_path):
    path, _ = _published_copy(tmp_path)
    done = _limited(
        tmp_path,
        f"""
        from pathlib import Path
        p = Path({str(path)!r})
        p.write_text(p.read_text() + " ")
        """,
    )
    assert done.returncode != 0 and path.stat().st_size == LIMIT
    with pytest.raises(PublishedVerdictsError, match="are not valid JSON"):
        ledger.published(path)


@pytest.mark.parametrize("error", [RuntimeError("a writer's bug"), KeyboardInterrupt()])
def test_an_exception_mid_write_leaves_the_old_file_and_no_temporary(tmp_path, error):
    target = tmp_path / "figure.png"
    target.write_bytes(b"old")
    with pytest.raises(type(error)):
        with files.atomic_write(target, "wb") as out:
            out.write(b"new, half of it")
            raise error
    assert target.read_bytes() == b"old" and _left(tmp_path) == ["figure.png"]
    with pytest.raises(ZeroDivisionError):  # a writer that takes the file object (savefig)
        files.save_with(target, lambda out: (out.write(b"half"), 1 / 0), binary=True)
    assert target.read_bytes() == b"old" and _left(tmp_path) == ["figure.png"]


def test_a_write_killed_outright_leaves_the_old_file(tmp_path):
    """SIGKILL mid-write (no cleanup can run): the old file is intact; what is left beside it
    is a temporary file of the documented name, never the target half-written."""
    target = tmp_path / "summary.csv"
    target.write_text(OLD)
    started = tmp_path / "started"
    script = textwrap.dedent(
        f"""
        import time
        from pathlib import Path
        from mines_theory.files import atomic_write
        with atomic_write({str(target)!r}) as out:
            out.write("new, half of it")
            out.flush()
            Path({str(started)!r}).touch()
            time.sleep(60)
        """
    )
    process = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert started.exists()
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait(timeout=60)
    assert process.returncode == -signal.SIGKILL
    assert target.read_text() == OLD
    left = [n for n in _left(tmp_path) if n not in ("summary.csv", "started")]
    assert len(left) == 1 and left[0].startswith(".summary.csv.")
    assert left[0].endswith(files.TEMPORARY_SUFFIX)


def test_a_completed_write_replaces_the_file_and_keeps_its_mode(tmp_path):
    target = tmp_path / "published.json"
    target.write_text("{}")
    target.chmod(0o640)
    files.write_text(target, json.dumps({"a": 1}))
    assert json.loads(target.read_text()) == {"a": 1}
    assert target.stat().st_mode & 0o777 == 0o640 and _left(tmp_path) == ["published.json"]
    files.write_bytes(tmp_path / "new.bin", b"\x00\x01")
    assert (tmp_path / "new.bin").read_bytes() == b"\x00\x01"


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda d: files.write_text(d, "x"), ValueError, "path must be a file to write, got the"),
        (lambda d: files.write_text(3, "x"), TypeError, "path must be a str or os.PathLike"),
        (lambda d: files.write_text(d / "a", b"x"), TypeError, "text must be a str, got bytes"),
        (lambda d: files.write_bytes(d / "a", "x"), TypeError, "data must be bytes, got str"),
        (lambda d: files.atomic_write(d / "a", "a").__enter__(), ValueError, "mode must be 'w'"),
        (lambda d: files.replace_directory(d / "none", d / "b"), ValueError, "new must be a dir"),
    ],
)
def test_bad_arguments_are_named(tmp_path, call, error, message):
    with pytest.raises(error, match=message):
        call(tmp_path)
    assert _left(tmp_path) == []


def test_a_directory_is_replaced_only_once_the_new_one_is_complete(tmp_path):
    old, new = tmp_path / "site", tmp_path / ".site.new"
    old.mkdir()
    (old / "index.html").write_text("old")
    new.mkdir()
    (new / "index.html").write_text("new")
    files.replace_directory(new, old)
    assert (old / "index.html").read_text() == "new" and _left(tmp_path) == ["site"]
