"""``python -m mines_theory.verification``: the ledger on the command line, and one command to
re-check a claim.

``list``
    one line per ledger row (claims, findings, repaired results) and per erratum: our name, the
    PDF's, the published status and the row's number, read from ``published.json`` (nothing
    runs);
``walk NAME… [--json]`` (or ``walk --all``, ``--list``, ``--errata``, ``--coverage``)
    the proof walk (``proofs.command``): each displayed relation of a walked proof with its
    status, by our name, the PDF's or the label ("Lemma 9");
``check NAME… [--scale S] [--json]`` (or ``check --all``)
    recomputes the named rows and errata and prints each fresh verdict beside the published
    one. A name is our number ("Lemma 5.3", or spelled out, "Theorem 5.4"), the PDF's ("Lemma
    11"; a PDF name of several rows names the row of the result as printed, "Lemma 9" Lemma 5.1,
    not "Lemma 5.1, γ > 0", which its own name reaches), a finding's name,
    or an erratum's label (or a prefix of it that only one label starts with); case and spacing
    do not matter. ``--scale S`` multiplies every sample size the claim's declaration places
    (seeds, draws, steps, batches: ``sizes.Data``) by S: a shortened run agrees with the
    published status or is "not checked" (it has less data than declared), never another
    status. ``--json`` prints the fresh verdicts as data, in the form of ``published.json``
    (name → ``Verdict.to_json``). A progress bar (tqdm, on stderr) follows the claims and the
    runs inside them when stderr is a terminal (``--progress``/``--no-progress``).
    ``--workers N`` runs the checks in N processes of this machine, ``--scheduler ADDRESS`` on
    the ``dask.distributed`` cluster at ADDRESS (``executor_for``); each check runs whole on
    one worker, by name (``remote_verdict``), and its verdict comes back as data: the same
    verdicts as in one process, printed in the same order.

Exit status (``EXIT``), each its own code, as a Unix tool's:

=====  ========================================================================================
code   when
=====  ========================================================================================
0      every fresh verdict agrees with the published one (at scale 1: every number within its
       uncertainty; at another scale: the same status and qualifier outcomes); ``list``
       printed the ledger
1      differs: some fresh verdict does not agree (the lines say which and why)
2      bad arguments: an unknown or ambiguous name, a scale that is not a positive number (the
       error named on stderr; argparse's code)
3      not checked: no verdict differs, but some row decided nothing ("not checked": less data
       than it declares, or, at a scale other than 1, a sample size the check refuses, too
       small for its own minimum or too large for memory, named in its line) or has no
       published verdict to compare with
4      corrupt data: ``published.json`` cannot be read (missing, not JSON, an entry that is no
       verdict: ``ledger.PublishedVerdictsError``, named on stderr); nothing is checked
5      a check raised an exception other than a refused size: a bug. Its traceback goes to
       stderr, its line says ERROR, and the other rows are still checked (``--all`` always
       finishes); at scale 1 every exception is such a bug, at another scale a ``ValueError``
       is the check refusing its scaled sizes (code 3)
130    interrupted (Ctrl-C): nothing is written, the rows done so far are printed
141    stdout was closed early (``list | head -c 10``): the standard recipe for SIGPIPE
       (Python's ``signal`` documentation): the rest of the output goes to /dev/null, no
       traceback, and the code a shell reports for a tool killed by SIGPIPE (128 + 13)
=====  ========================================================================================

Where rows end differently the highest in this order wins: 5, 1, 3, 0.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import difflib
import json
import math
import multiprocessing
import os
import sys
import time
import traceback
from collections.abc import Iterable, Iterator, Sequence
from typing import TextIO, TypeVar

from .framework import ledger
from .framework.spec import Claim, Erratum
from .framework.verdict import Status, Verdict
from .views.report import key_number

__all__ = [
    "AmbiguousName",
    "EXIT",
    "UnknownName",
    "Outcome",
    "CheckFailed",
    "executor_for",
    "fresh_verdict",
    "remote_verdict",
    "verdicts_on",
    "compare",
    "list_lines",
    "main",
    "parser",
    "resolve",
]

Spec = Claim | Erratum
T = TypeVar("T")

#: The exit status of each ending (module docstring).
EXIT = {
    "agrees": 0,
    "differs": 1,
    "bad arguments": 2,
    "not checked": 3,
    "corrupt data": 4,
    "error": 5,
    "interrupted": 130,
    "broken pipe": 141,
}
#: Of several rows' endings, the exit status is that of the first in this order.
PRECEDENCE = ("error", "differs", "not checked", "agrees")


class UnknownName(ValueError):
    """A name that is no row's number, PDF name or finding name and no erratum's label."""


class AmbiguousName(ValueError):
    """A name that several rows or errata answer to (a PDF name of several rows, a prefix of
    several labels)."""


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def _names(spec: Spec) -> set[str]:
    """What a spec answers to exactly: its number (and spelled out) or its label."""
    if isinstance(spec, Erratum):
        return {_norm(spec.label)}
    names = {_norm(spec.number)}
    if spec.kind != "finding":
        names.add(_norm(ledger.title(spec.number)))
    return names


def resolve(name: str, specs: Sequence[Spec] | None = None) -> Spec:
    """The row or erratum ``name`` names (module docstring). ``UnknownName`` with the closest
    names, or ``AmbiguousName`` with every candidate, where there is not exactly one."""
    specs = tuple(ledger.rows() + ledger.errata()) if specs is None else tuple(specs)
    wanted = _norm(name)
    exact = [s for s in specs if wanted in _names(s)]
    if exact:
        return exact[0]
    printed = [s for s in specs if isinstance(s, Claim) and s.kind == "claim"]
    printed = [s for s in printed if _norm(s.printed) == wanted]
    labels = [
        s for s in specs if isinstance(s, Erratum) and _norm(s.label).startswith(wanted) and wanted
    ]
    plain = [s for s in printed if "," not in s.name]  # the result as printed, no qualifier
    if len(printed) > 1 and len(plain) == 1:
        return plain[0]
    for found in (printed, labels):
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise AmbiguousName(
                f"name {name!r} is ambiguous: it names {len(found)} entries "
                f"({'; '.join(s.name for s in found)}); give one of them"
            )
    every = sorted({s.name for s in specs} | {s.printed for s in printed if isinstance(s, Claim)})
    close = difflib.get_close_matches(name, every, n=4, cutoff=0.5)
    hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
    raise UnknownName(
        f"name {name!r} is no claim, finding, repaired result or erratum of the ledger{hint}; "
        "`python -m mines_theory.verification list` shows them"
    )


def _status(verdict: Verdict | None) -> str:
    return verdict.headline() if verdict is not None else "not published"


def list_lines(published: dict[str, Verdict] | None = None) -> list[str]:
    """One line per ledger row and erratum: our name, the PDF's, the published status, the
    row's number (an erratum: its first measurement)."""
    published = ledger.published() if published is None else published
    table = []
    for row in ledger.rows():
        verdict = published.get(row.number)
        number = key_number(row, verdict) if verdict is not None else "—"
        table.append((row.number, row.printed, _status(verdict), number))
    for erratum in ledger.errata():
        verdict = published.get(erratum.label)
        first = verdict.measurements[0] if verdict is not None and verdict.measurements else None
        number = f"{first.name} = {first.render()}" if first is not None else "—"
        table.append((erratum.label, "erratum", _status(verdict), number))
    widths = [min(max(len(r[i]) for r in table), 36) for i in range(3)]
    head = ("name", "PDF", "published", "number")
    return [
        "  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths)) + "  " + row[3]
        for row in (head, *table)
    ]


#: How a fresh verdict stands to the published one (``compare``).
Outcome = str
AGREES, NOT_CHECKED, DIFFERS, NOT_PUBLISHED = "agrees", "not checked", "DIFFERS", "not published"


def compare(published: Verdict | None, fresh: Verdict, scale: float) -> tuple[Outcome, str]:
    """(outcome, why): "not checked" (the fresh verdict decides nothing: never a
    contradiction), "agrees" (at scale 1: ``Verdict.agrees``; at another scale: the same
    status and the same outcome of every qualifier both have, whatever their numbers and the
    sample sizes their text names), "DIFFERS" with the differences (a status, or a qualifier
    that flipped: "CMA-ES fastest everywhere" no longer so is a difference), or "not
    published"."""
    if fresh.status is Status.NOT_CHECKED:
        return NOT_CHECKED, fresh.text()
    if published is None:
        return NOT_PUBLISHED, "no published verdict to compare with"
    if scale == 1:
        differences = published.differences(fresh)
        return (DIFFERS, "; ".join(differences)) if differences else (AGREES, "")
    if published.status is not fresh.status:
        return DIFFERS, f"status {fresh.status.value!r}, published {published.status.value!r}"
    outcomes = {q.name: q.outcome for q in fresh.qualifiers}
    flipped = [
        f"qualifier {q.name!r} {'yes' if outcomes[q.name] else 'no'}, published "
        f"{'yes' if q.outcome else 'no'}"
        for q in published.qualifiers
        if q.name in outcomes and outcomes[q.name] != q.outcome
    ]
    if flipped:
        return DIFFERS, "; ".join(flipped)
    return AGREES, "its status and qualifiers"


def _progress(items: Iterable[T], enabled: bool, total: int | None = None) -> Iterable[T]:
    if total is None:
        items = list(items)
        total = len(items)
    if not enabled or total < 2:
        return items
    from tqdm import tqdm

    return tqdm(items, desc="claims", file=sys.stderr, leave=False, total=total)


@contextlib.contextmanager
def _progress_env(progress: bool) -> Iterator[None]:
    """Progress bars of the runs inside each check (``PROGRESS_ENV``) while it is open."""
    from mines_theory.algorithm.strategy import PROGRESS_ENV  # numpy: not for ``list``

    previous = os.environ.get(PROGRESS_ENV)
    if progress:
        os.environ[PROGRESS_ENV] = "1"
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(PROGRESS_ENV, None)
        else:
            os.environ[PROGRESS_ENV] = previous


def fresh_verdict(spec: Spec, scale: float = 1.0) -> Verdict:
    """The fresh verdict of ``spec`` at ``scale``. At a scale other than 1 a ``ValueError``
    raised by the check (a scaled sample size below its own minimum, ``max_evaluations must be
    at least …``, or beyond memory, ``sizes.scaled``) is "not checked" with its message: the
    shortened or lengthened run decides nothing. At scale 1 it is a bug and is raised, as is
    any other exception at any scale."""
    try:
        return spec.verdict(scale)
    except ValueError as error:
        if scale == 1:
            raise
        reason = f"at scale {scale:g}, the check refused its sizes: {error}"
        return Verdict.not_checked(reason.replace("{", "{{").replace("}", "}}"))


#: What a check run elsewhere sends back: (its verdict as data, ``Verdict.to_json``, or None;
#: the seconds it took; the traceback of the exception it raised, or None).
Remote = tuple[dict | None, float, str | None]


def remote_verdict(name: str, scale: float) -> Remote:
    """Run the check of the row or erratum ``name`` (exactly its name) at ``scale`` in this
    process, as a worker of ``--workers`` or ``--scheduler`` does (``fresh_verdict``), and return
    what can travel back to the process that asked (``Remote``): the verdict as data, never a
    live object; an exception as its traceback, so that the asking process reports it as a bug
    in the check and goes on."""
    start = time.perf_counter()
    try:
        spec = next(s for s in ledger.rows() + ledger.errata() if s.name == name)
        verdict = fresh_verdict(spec, scale)
    except Exception:  # noqa: BLE001 - reported by the asking process, as in one process
        return None, time.perf_counter() - start, traceback.format_exc()
    return verdict.to_json(), time.perf_counter() - start, None


class CheckFailed(Exception):
    """A check that raised in a worker (``remote_verdict``): its traceback, as text."""


def verdicts_on(
    specs: Sequence[Spec], scale: float, executor: concurrent.futures.Executor | None = None
) -> Iterator[tuple[Spec, Verdict | Exception, float]]:
    """(spec, fresh verdict at ``scale`` or the exception its check raised, seconds it took)
    for each of ``specs``, in their order: in this process (``fresh_verdict``), or, given an
    ``executor`` (``concurrent.futures``: processes, or a Dask cluster's
    ``Client.get_executor()``), on its workers, all submitted at once (``remote_verdict``); a
    verdict that comes back is read with ``Verdict.from_json`` (without its ``data``, which
    no one compares)."""
    if executor is None:
        for spec in specs:
            start = time.perf_counter()
            try:
                verdict: Verdict | Exception = fresh_verdict(spec, scale)
            except Exception as error:  # noqa: BLE001 - a bug in a check, reported by the caller
                verdict = error
            yield spec, verdict, time.perf_counter() - start
        return
    futures = [executor.submit(remote_verdict, spec.name, scale) for spec in specs]
    try:
        for spec, future in zip(specs, futures):
            data, seconds, failure = future.result()
            if failure is not None or data is None:
                yield spec, CheckFailed(failure or "no verdict came back"), seconds
            else:
                yield spec, Verdict.from_json(data), seconds
    finally:
        for future in futures:
            future.cancel()


@contextlib.contextmanager
def executor_for(
    workers: int | None = None, scheduler: str | None = None
) -> Iterator[concurrent.futures.Executor | None]:
    """Where the ``check`` command runs its checks: this process (neither given: None),
    ``workers`` processes of this machine, or the ``dask.distributed`` cluster at
    ``scheduler`` (its workers need this package installed, as ``pip install -e .`` does)."""
    if scheduler is not None:
        from distributed import Client

        with Client(scheduler) as client:
            yield client.get_executor(pure=False)
    elif workers is not None and workers > 1:
        context = multiprocessing.get_context("spawn")  # no fork of a process with threads
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
            yield pool
    else:
        yield None


def _scale(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"--scale must be a positive number, got {text!r}")
    return value


def _workers(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 256:
        raise argparse.ArgumentTypeError(f"--workers must be an integer in 1..256, got {text!r}")
    return value


def parser() -> argparse.ArgumentParser:
    """The command line (module docstring)."""
    top = argparse.ArgumentParser(
        prog="python -m mines_theory.verification",
        description="The claims ledger of mines-theory: list it, or re-check claims.",
    )
    commands = top.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="one line per claim, finding, repaired result and erratum")
    commands.add_parser(
        "walk",
        help="walk proofs step by step: walk NAME… [--json], --all, --list, --errata, "
        "--coverage (proofs.command)",
        add_help=False,
    )
    c = commands.add_parser("check", help="recompute claims and compare with the published")
    c.add_argument("names", nargs="*", metavar="NAME", help='"Lemma 5.3", "Lemma 11", "eq:bG", …')
    c.add_argument("--all", action="store_true", help="every row and erratum of the ledger")
    c.add_argument(
        "--scale",
        type=_scale,
        default=1.0,
        metavar="S",
        help="multiply every sample size (seeds, draws, steps, batches) by S (default 1)",
    )
    c.add_argument("--json", action="store_true", help="print the fresh verdicts as JSON")
    where = c.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=_workers,
        default=None,
        metavar="N",
        help="run the checks in N processes of this machine (default: this process)",
    )
    where.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run the checks on the dask.distributed cluster at ADDRESS (tcp://host:port)",
    )
    c.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bars on stderr (default: when stderr is a terminal)",
    )
    return top


def _specs(args: argparse.Namespace) -> list[Spec]:
    if args.all and args.names:
        raise UnknownName("give names or --all, not both")
    if not args.all and not args.names:
        raise UnknownName("name at least one claim (or --all)")
    if args.all:
        return list(ledger.rows() + ledger.errata())
    chosen: list[Spec] = []
    for name in args.names:
        spec = resolve(name)
        if spec not in chosen:
            chosen.append(spec)
    return chosen


def _report(spec: Spec, verdict: Verdict, old: Verdict | None, seconds: float, scale: float):
    outcome, why = compare(old, verdict, scale)
    head = ledger.header(spec) if isinstance(spec, Claim) else spec.label
    lines = [
        f"{head} — scale {scale:g}, {seconds:.1f} s: {outcome}" + (f" ({why})" if why else ""),
        f"  fresh:     {verdict.headline()}: {verdict.text()}",
        f"  published: {_status(old)}" + (f": {old.text()}" if old is not None else ""),
    ]
    return outcome, "\n".join(lines)


def _error(top: argparse.ArgumentParser, ending: str, error: Exception) -> int:
    print(f"{top.prog}: error: {type(error).__name__}: {error}", file=sys.stderr)
    return EXIT[ending]


def _check(args: argparse.Namespace, top: argparse.ArgumentParser, out: TextIO) -> int:
    try:
        specs = _specs(args)
    except (UnknownName, AmbiguousName) as error:  # as argparse's own: SystemExit(2)
        top.exit(EXIT["bad arguments"], f"{top.prog}: error: {type(error).__name__}: {error}\n")
    published = ledger.published()  # corrupt: PublishedVerdictsError before any check runs
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    lines = sys.stderr if args.json else out
    endings, fresh = {"agrees"}, {}
    with _progress_env(progress), executor_for(args.workers, args.scheduler) as executor:
        results = verdicts_on(specs, args.scale, executor)
        for spec, verdict, seconds in _progress(results, progress, len(specs)):
            if isinstance(verdict, Exception):  # a bug in a check: named, the rest run
                endings.add("error")
                print(f"{spec.name} — scale {args.scale:g}: ERROR (a bug in its check)", file=lines)
                if isinstance(verdict, CheckFailed):
                    print(verdict.args[0], file=sys.stderr)
                else:
                    traceback.print_exception(verdict, file=sys.stderr)
                continue
            fresh[spec.name] = verdict
            old = published.get(spec.name)
            outcome, text = _report(spec, verdict, old, seconds, args.scale)
            endings.add({DIFFERS: "differs", AGREES: "agrees"}.get(outcome, "not checked"))
            print(text.splitlines()[0] if args.json else text, file=lines)
            lines.flush()
    if args.json:
        text = json.dumps({n: v.to_json() for n, v in fresh.items()}, indent=1, ensure_ascii=False)
        print(text, file=out)
    return EXIT[next(e for e in PRECEDENCE if e in endings)]


def _quiet_broken_pipe(out: TextIO) -> None:
    """After a BrokenPipeError: the rest of the output, on ``out``, stdout and stderr (either may
    be the pipe: ``2>&1 | head``), goes to /dev/null (Python's ``signal`` documentation, "Note
    on SIGPIPE"), so that the interpreter's last flush at exit raises nothing either."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in (out, sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, OSError, ValueError):  # no file: a StringIO
            os.dup2(devnull, stream.fileno())
    os.close(devnull)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``), printing to ``out``
    (default stdout); the exit status (module docstring, ``EXIT``)."""
    out = sys.stdout if out is None else out
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["walk"]:  # the proof walk's own command line (``proofs.command``)
        from .proofs.command import main as walk_main

        with contextlib.redirect_stdout(out):
            return walk_main(argv)
    top = parser()
    args = top.parse_args(argv)
    try:
        if args.command == "list":
            print("\n".join(list_lines()), file=out)
            status = EXIT["agrees"]
        else:
            status = _check(args, top, out)
        out.flush()  # here, not at exit, so that a closed pipe is caught below
        return status
    except ledger.PublishedVerdictsError as error:
        return _error(top, "corrupt data", error)
    except BrokenPipeError:
        _quiet_broken_pipe(out)
        return EXIT["broken pipe"]
    except KeyboardInterrupt:
        print(f"{top.prog}: interrupted; nothing was written", file=sys.stderr)
        return EXIT["interrupted"]
