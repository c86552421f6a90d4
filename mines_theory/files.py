"""Files written whole or not at all: every file the project writes (the published verdicts,
the README's tables, figures, the COCO summaries, the book's generated pages) goes through
``atomic_write``.

A file written in place and interrupted (a full disk, a quota, a file-size limit, a kill) is
left half-written, and whatever reads it next fails (a truncated ``published.json`` stopped
every ``list`` and ``check``). ``atomic_write`` writes into a temporary file beside the target
(in the same directory, hence on the same file system), flushes it and ``os.fsync``\\ s it, and
only then moves it over the target with ``os.replace``, which POSIX makes atomic: a reader sees
the old file or the new one, never a part of either. On any exception, a ``KeyboardInterrupt``
included, the temporary file is removed and the old file is left as it was; a process killed
outright (``SIGKILL``) cannot clean up, and leaves at most a temporary file named
``.<name>.<random>.tmp`` beside an intact target.

>>> import pathlib, tempfile
>>> target = pathlib.Path(tempfile.mkdtemp()) / "table.md"
>>> write_text(target, "| a |\\n")
>>> with atomic_write(target) as out:
...     _ = out.write("| b |\\n")
...     raise RuntimeError("interrupted")
Traceback (most recent call last):
...
RuntimeError: interrupted
>>> target.read_text(), sorted(p.name for p in target.parent.iterdir())
('| a |\\n', ['table.md'])
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

__all__ = [
    "atomic_write",
    "replace_directory",
    "save_with",
    "write_bytes",
    "write_text",
    "TEMPORARY_SUFFIX",
]

#: The suffix of the temporary file ``atomic_write`` writes beside its target.
TEMPORARY_SUFFIX = ".tmp"


def _target(path: Any) -> Path:
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(
            f"path must be a str or os.PathLike (a file to write), got "
            f"{type(path).__name__} {path!r:.60}"
        )
    target = Path(path)
    if target.is_dir():
        raise ValueError(f"path must be a file to write, got the directory {str(target)!r}")
    return target


@contextlib.contextmanager
def atomic_write(
    path: str | os.PathLike, mode: str = "w", encoding: str | None = "utf-8"
) -> Iterator[IO[Any]]:
    """A file object open for writing (``mode`` "w" or "wb") that becomes ``path`` when the
    ``with`` block ends without an exception (module docstring); the file keeps the mode bits
    of the file it replaces (a new one gets 0o666 less the umask, as ``open`` would give it).

    Raises
    ------
    ValueError
        If ``mode`` is not "w" or "wb", or ``path`` is a directory.
    TypeError
        If ``path`` is not a str or os.PathLike.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"mode must be 'w' or 'wb', got {mode!r}")
    target = _target(path)
    descriptor, temporary = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=TEMPORARY_SUFFIX, dir=target.parent or "."
    )
    try:
        try:
            permissions = os.stat(target).st_mode & 0o7777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            permissions = 0o666 & ~umask
        os.chmod(temporary, permissions)
        binary = mode == "wb"
        with os.fdopen(
            descriptor, mode, encoding=None if binary else encoding, newline=None
        ) as out:
            descriptor = -1  # the file object owns it now
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        if descriptor >= 0:
            os.close(descriptor)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically (``atomic_write``)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__} {text!r:.60}")
    with atomic_write(path, "w", encoding) as out:
        out.write(text)


def write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (``atomic_write``)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes, got {type(data).__name__} {data!r:.60}")
    with atomic_write(path, "wb") as out:
        out.write(data)


def save_with(path: str | os.PathLike, save: Callable[[IO[Any]], object], binary: bool) -> None:
    """Call ``save(file)`` (a writer that takes an open file: ``fig.savefig``,
    ``frame.to_csv``, ``json.dump``) on a file that becomes ``path`` atomically
    (``atomic_write``); ``binary``: open it as bytes."""
    with atomic_write(path, "wb" if binary else "w") as out:
        save(out)


def replace_directory(new: str | os.PathLike, old: str | os.PathLike) -> None:
    """Move the directory ``new`` (complete, on the same file system) to ``old``: the old one is
    renamed aside (``<old>.replaced``), the new one renamed into its place, and only then is the
    old one removed. An interruption leaves the old directory whole, at ``old`` or, between
    the two renames, at ``<old>.replaced``; never a directory half-copied."""
    new, old = Path(new), Path(old)
    if not new.is_dir():
        raise ValueError(f"new must be a directory, got {str(new)!r}")
    old.parent.mkdir(parents=True, exist_ok=True)
    if old.exists():
        retired = old.with_name(old.name + ".replaced")
        shutil.rmtree(retired, ignore_errors=True)
        old.rename(retired)
        new.rename(old)
        shutil.rmtree(retired)
    else:
        new.rename(old)
