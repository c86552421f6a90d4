"""One command to re-check a claim (issue 32 §3): ``python -m mines_theory.verification``.

The parser, the name resolution (our number, the PDF's, spelled out, an erratum's label; an
unknown and an ambiguous name), the comparison of a fresh verdict with the published one (a
shortened run never contradicts: "not checked" or the same status), ``--json`` as data that
``Verdict.from_json`` reads back, and ``check --scale 0.05`` on one cheap claim of each family
of checks (the whole ledger at 0.05 takes about 2 minutes: the lead's report has the table)."""

import concurrent.futures
import contextlib
import dataclasses
import functools
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mines_theory.verification import command
from mines_theory.verification.command import (
    AGREES,
    EXIT,
    DIFFERS,
    NOT_CHECKED,
    NOT_PUBLISHED,
    AmbiguousName,
    UnknownName,
    compare,
    list_lines,
    main,
    parser,
    resolve,
)
from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.verdict import (
    Kind,
    Measurement,
    Qualifier,
    Status,
    Verdict,
)

# --------------------------------------------------------------------------------------------
# The parser
# --------------------------------------------------------------------------------------------


def test_the_parser_reads_names_scale_json_and_all():
    args = parser().parse_args(["check", "Lemma 5.3", "Lemma 11", "--scale", "0.05", "--json"])
    assert (args.command, args.names, args.scale, args.json, args.all) == (
        "check",
        ["Lemma 5.3", "Lemma 11"],
        0.05,
        True,
        False,
    )
    args = parser().parse_args(["check", "--all"])
    assert (args.all, args.names, args.scale, args.json, args.progress) == (
        True,
        [],
        1.0,
        False,
        None,
    )
    assert parser().parse_args(["list"]).command == "list"


@pytest.mark.parametrize("scale", ["0", "-1", "nan", "inf", "two"])
def test_a_scale_that_is_no_positive_number_exits_2_naming_it(scale, capsys):
    with pytest.raises(SystemExit) as exit_:
        parser().parse_args(["check", "Lemma 5.3", "--scale", scale])
    assert exit_.value.code == 2
    assert f"--scale must be a positive number, got {scale!r}" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, error",
    [
        ([], "the following arguments are required: command"),
        (["check"], "UnknownName: name at least one claim (or --all)"),
        (["check", "--all", "Lemma 5.3"], "UnknownName: give names or --all, not both"),
        (["check", "Lemma 99"], "UnknownName: name 'Lemma 99' is no claim"),
        (["check", "eq:Sig_opt"], "AmbiguousName: name 'eq:Sig_opt' is ambiguous"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
    ],
)
def test_bad_arguments_exit_2_with_a_named_error(argv, error, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv, out=io.StringIO())
    assert exit_.value.code == 2
    assert error in capsys.readouterr().err


# --------------------------------------------------------------------------------------------
# Names: ours, the PDF's, spelled out, an erratum's label
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, number",
    [
        ("Lemma 5.3", "Lemma 5.3"),
        ("Lemma 11", "Lemma 5.3"),
        ("  lemma   11 ", "Lemma 5.3"),
        ("Thm 5.4", "Thm 5.4"),
        ("Theorem 5.4", "Thm 5.4"),
        ("Theorem 12", "Thm 5.4"),
        ("Proposition 16", "Prop. A.2"),
        ("Lemma 5.1, repaired", "Lemma 5.1, repaired"),
        ("NES as printed", "NES as printed"),
        ("eq:bG", "eq:bG"),
        ("eq:Sig_opt_1", "eq:Sig_opt_1"),
    ],
)
def test_a_claim_resolves_by_either_name(name, number):
    assert resolve(name).name == number


def test_every_row_and_erratum_resolves_by_its_own_name_and_each_pdf_name_of_one_row():
    specs = ledger.rows() + ledger.errata()
    for spec in specs:
        assert resolve(spec.name) is spec
    claims = [s for s in ledger.rows() if s.kind == "claim" and s.printed != "—"]
    for spec in claims:
        same = [s for s in claims if s.printed == spec.printed]
        plain = [s for s in same if "," not in s.name]
        if len(same) == 1:
            assert resolve(spec.printed) is spec
        elif len(plain) == 1:  # the result as printed, not its variants ("Lemma 5.1, γ > 0")
            assert resolve(spec.printed) is plain[0]
        else:
            with pytest.raises(AmbiguousName, match=f"it names {len(same)} entries"):
                resolve(spec.printed)


def test_an_unknown_name_suggests_close_ones_and_an_ambiguous_one_names_each():
    with pytest.raises(UnknownName, match=r"did you mean 'Lemma E\.9'"):
        resolve("Lemma 99")
    assert resolve("Lemma 9").name == "Lemma 5.1"  # the result as printed …
    assert resolve("Lemma 5.1, γ > 0").name == "Lemma 5.1, γ > 0"  # … its variant by its name
    two = [s for s in ledger.rows() if s.name in ("Lemma 5.1, γ > 0", "Lemma 5.2, γ > 0")]
    with pytest.raises(AmbiguousName, match=r"\(Lemma 5\.1, γ > 0; Lemma 5\.2, γ > 0\)"):
        resolve("Lemma 9", two + [dataclasses.replace(two[1], printed="Lemma 9")])
    with pytest.raises(AmbiguousName, match="name 'eq:Sig_opt' is ambiguous"):
        resolve("eq:Sig_opt")  # a prefix of several labels
    assert resolve("eq:Sig_opt →").label == "eq:Sig_opt → eq:Sig_opt_1"  # a prefix of one


def test_list_has_one_line_per_row_and_erratum_with_both_names():
    lines = list_lines()
    assert len(lines) == 1 + len(ledger.rows()) + len(ledger.errata())
    assert lines[0].split() == ["name", "PDF", "published", "number"]
    lemma53 = next(line for line in lines if line.split("  ")[0] == "Lemma 5.3")
    assert "Lemma 11" in lemma53 and "holds" in lemma53


# --------------------------------------------------------------------------------------------
# The comparison with the published verdict
# --------------------------------------------------------------------------------------------


def _verdict(status: Status, value: float = 1.0) -> Verdict:
    return Verdict(status, "x = {x}", (Measurement("x", value, 0.1, Kind.SE),))


def _qualified(outcome: bool, criterion: str = "at K = 1500", status=Status.HOLDS) -> Verdict:
    return dataclasses.replace(
        _verdict(status), qualifiers=(Qualifier("CMA-ES fastest everywhere", criterion, outcome),)
    )


@pytest.mark.parametrize(
    "published, fresh, scale, outcome",
    [
        (_qualified(True), _qualified(False), 0.05, DIFFERS),  # a qualifier flipped
        (_qualified(True), _qualified(False), 3.0, DIFFERS),
        (_qualified(True), _qualified(True, "at K = 75"), 0.05, AGREES),  # its text's sizes
        (_qualified(True), _verdict(Status.HOLDS), 0.05, AGREES),  # not decided at this scale
        (_qualified(True), _qualified(True, status=Status.FAILS), 0.05, DIFFERS),
    ],
)
def test_at_another_scale_a_flipped_qualifier_is_a_difference(published, fresh, scale, outcome):
    """At a scale other than 1 the status and every qualifier's outcome must agree (issue 43
    §3: the comparison printed "agrees" while its "CMA-ES fastest everywhere" flipped); the
    numbers and the sample sizes a criterion names may differ."""
    assert compare(published, fresh, scale)[0] == outcome


@pytest.mark.parametrize(
    "published, fresh, scale, outcome",
    [
        (_verdict(Status.HOLDS), Verdict.not_checked("too few"), 0.05, NOT_CHECKED),
        (_verdict(Status.HOLDS), Verdict.not_checked("too few"), 1.0, NOT_CHECKED),
        (_verdict(Status.HOLDS), _verdict(Status.HOLDS, 3.0), 0.05, AGREES),  # status only
        (_verdict(Status.HOLDS), _verdict(Status.FAILS), 0.05, DIFFERS),
        (_verdict(Status.HOLDS), _verdict(Status.HOLDS, 1.05), 1.0, AGREES),
        (_verdict(Status.HOLDS), _verdict(Status.HOLDS, 3.0), 1.0, DIFFERS),  # the number moved
        (None, _verdict(Status.HOLDS), 1.0, NOT_PUBLISHED),
    ],
)
def test_compare_never_lets_a_shortened_run_contradict(published, fresh, scale, outcome):
    assert compare(published, fresh, scale)[0] == outcome


def test_a_contradiction_exits_1(monkeypatch):
    """A fresh verdict whose status is not the published one: exit status 1, the line says
    DIFFERS (here the published verdict is replaced by a failing one)."""
    spec = resolve("Prop. A.1")
    published = dict(ledger.published())
    published[spec.name] = _verdict(Status.FAILS)
    monkeypatch.setattr(command.ledger, "published", lambda: published)
    out = io.StringIO()
    assert main(["check", "Prop. A.1", "--scale", "0.5", "--no-progress"], out=out) == 1
    assert "DIFFERS (status 'holds', published 'fails')" in out.getvalue()


# --------------------------------------------------------------------------------------------
# --json, and --scale 0.05 on one claim of each family
# --------------------------------------------------------------------------------------------


def test_json_round_trips_through_verdict_from_json(capsys):
    out = io.StringIO()
    assert main(["check", "Proposition 15", "Thm 3.2", "--json", "--no-progress"], out=out) == 0
    data = json.loads(out.getvalue())
    assert list(data) == ["Prop. A.1", "Thm 3.2"]
    published = ledger.published()
    for name, item in data.items():
        verdict = Verdict.from_json(item)
        assert verdict.to_json() == item
        assert verdict.agrees(published[name]), name
    assert "Prop. A.1" in capsys.readouterr().err  # the lines go to stderr, the data to stdout


#: One cheap claim of each family of checks: a theorem of Section 3, a lemma of Section 4 (too
#: few batches at 0.05), an appendix B tail bound, appendix D (one decided, one "not checked"),
#: appendix E (z-scores; a binomial test), Section 5 (too few seeds), a finding, a repaired
#: result and two errata.
FAMILIES = (
    "Thm 3.2",
    "Lemma 4.1",
    "Lemma B.2",
    "Lemma D.1",
    "Lemma D.2",
    "Lemma E.6",
    "Lemma E.8",
    "Lemma 5.1",
    "NES as printed",
    "Lemma 5.1, repaired",
    "eq:bG",
    "eq:J_quad",
)


def test_check_at_scale_005_never_contradicts_the_published_status():
    out = io.StringIO()
    status = main(["check", *FAMILIES, "--scale", "0.05", "--no-progress"], out=out)
    heads = [line for line in out.getvalue().splitlines() if " — scale 0.05, " in line]
    assert len(heads) == len(FAMILIES)
    assert not any(DIFFERS in line for line in heads), out.getvalue()
    outcomes = {line.split(" s: ", 1)[1].split(" (")[0] for line in heads}
    assert outcomes == {AGREES, NOT_CHECKED}  # both kinds of answer are reached
    assert status == EXIT["not checked"]  # none differs, some decided nothing


def test_the_module_runs_as_a_command():
    done = subprocess.run(
        [sys.executable, "-m", "mines_theory.verification", "check", "Lemma 99"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 2 and "UnknownName" in done.stderr


# --------------------------------------------------------------------------------------------
# Exit codes (issue 46 §2): each ending its own, documented in the module docstring
# --------------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def test_every_exit_code_is_distinct_and_documented():
    assert len(set(EXIT.values())) == len(EXIT)
    for code in EXIT.values():
        assert f"\n{code:<5d}  " in command.__doc__, code
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(f"{code} {ending}" in readme for ending, code in EXIT.items())


def test_a_scale_too_small_for_a_checks_own_minimum_is_not_checked_naming_it():
    """The issue's reproducer: ``check Comparison --scale 1e-5`` ended in a traceback
    (``max_evaluations must be at least …``); it is "not checked" naming what is too small (its
    seeds now, below the 5 its "fastest" needs; a check's own refusal of its scaled sizes, a
    ValueError, is "not checked" too: ``test_all_always_finishes…``)."""
    out = io.StringIO()
    assert main(["check", "Comparison", "--scale", "1e-5", "--no-progress"], out=out) == 3
    head = out.getvalue().splitlines()[0]
    assert "not checked (comparison.seeds = 1: fewer seeds than the 5 declared" in head


def test_a_scale_beyond_memory_is_refused_naming_the_memory_before_allocating():
    """``check "Lemma E.6" --scale 1e6`` asked numpy for 8.73 TiB; the scaled draws are named
    with the least memory they need, and the check never runs (no time passes)."""
    out = io.StringIO()
    assert main(["check", "Lemma E.6", "--scale", "1e6", "--no-progress"], out=out) == 3
    head = out.getvalue().splitlines()[0]
    assert "draws = 400,000 × 1e+06, at least one float64 per draw" in head
    assert "(2.98e+03 GiB), more than the limit" in head and ", 0.0 s: not checked" in head


def _raises(error):
    def check():
        raise error

    return check


@pytest.fixture
def rows(monkeypatch):
    """The ledger's rows replaced by three: a check that refuses its sizes (ValueError), one
    with a bug (ZeroDivisionError), and Prop. A.1 (cheap); no erratum."""
    good = resolve("Prop. A.1")
    one = functools.partial(dataclasses.replace, good, minimum=None)
    bad = (
        one(number="Lemma 9.1", check=_raises(ValueError("b must be >= 2"))),
        one(number="Lemma 9.2", check=_raises(ZeroDivisionError("1/0"))),
        good,
    )
    monkeypatch.setattr(command.ledger, "rows", lambda: bad)
    monkeypatch.setattr(command.ledger, "errata", lambda: ())
    return bad


def test_all_always_finishes_and_a_bug_surfaces_with_its_own_code(rows, capsys):
    """At scale 0.5 the ValueError is "not checked: <message>", the ZeroDivisionError a bug
    (ERROR, its traceback on stderr, exit 5), and the row after them is still checked."""
    out = io.StringIO()
    assert main(["check", "--all", "--scale", "0.5", "--no-progress"], out=out) == EXIT["error"]
    text = out.getvalue()
    assert "the check refused its sizes: b must be >= 2" in text
    assert "Lemma 9.2 — scale 0.5: ERROR (a bug in its check)" in text
    assert "Prop. A.1 (PDF: Proposition 15; appendix A) — scale 0.5" in text
    assert "ZeroDivisionError: 1/0" in capsys.readouterr().err


def test_with_json_a_bug_leaves_stdout_valid_json(rows, capsys):
    out = io.StringIO()
    argv = ["check", "--all", "--scale", "0.5", "--json", "--no-progress"]
    assert main(argv, out=out) == EXIT["error"]
    assert list(json.loads(out.getvalue())) == ["Lemma 9.1", "Prop. A.1"]
    assert "Lemma 9.2 — scale 0.5: ERROR" in capsys.readouterr().err


def test_at_scale_1_a_value_error_is_a_bug(rows, capsys):
    out = io.StringIO()
    assert main(["check", "Lemma 9.1", "--no-progress"], out=out) == EXIT["error"]
    assert "ValueError: b must be >= 2" in capsys.readouterr().err
    assert main(["check", "Lemma 9.1", "--scale", "0.5", "--no-progress"], out=out) == 3


@pytest.mark.parametrize("argv", [["list"], ["check", "Prop. A.1", "--no-progress"]])
@pytest.mark.parametrize(
    "corrupt",
    [lambda text: text[: len(text) // 2], lambda text: "[]", lambda text: '{"Thm 3.1": 3}'],
    ids=["truncated", "not an object", "not a verdict"],
)
def test_a_corrupt_published_json_is_a_named_error_with_its_own_code(
    tmp_path, monkeypatch, capsys, argv, corrupt
):
    path = tmp_path / "published.json"
    path.write_text(corrupt(ledger.PUBLISHED.read_text(encoding="utf-8")), encoding="utf-8")
    monkeypatch.setattr(ledger, "PUBLISHED", path)
    out = io.StringIO()
    assert main(argv, out=out) == EXIT["corrupt data"] == 4
    assert out.getvalue() == ""  # nothing checked, nothing listed
    err = capsys.readouterr().err
    assert f"error: PublishedVerdictsError: the published verdicts {path}" in err


def test_an_interrupt_exits_130_naming_it(monkeypatch, capsys):
    def interrupted(spec, scale=1.0):
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "fresh_verdict", interrupted)
    assert main(["check", "Prop. A.1", "--no-progress"], out=io.StringIO()) == 130
    assert "interrupted; nothing was written" in capsys.readouterr().err


def _closed_stdout(arguments: list[str]) -> subprocess.CompletedProcess:
    """Run ``python arguments`` with stdout a pipe whose reader has gone before the first
    write (the race of ``| head -c 10`` decided)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, *arguments],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
            cwd=ROOT,
        )
    finally:
        os.close(write)


@pytest.mark.parametrize(
    "argv", [["list"], ["check", "Comparison", "--scale", "1e-5", "--no-progress"]]
)
def test_a_closed_stdout_ends_quietly_with_141(argv):
    """``list | head -c 10`` raised BrokenPipeError in 2 of 3 runs: it ends without a
    traceback, exit 141. The alternative, a program without the recipe, prints the
    BrokenPipeError."""
    done = _closed_stdout(["-m", "mines_theory.verification", *argv])
    assert (done.returncode, done.stderr) == (EXIT["broken pipe"], "")
    unhandled = _closed_stdout(["-c", "print('name' * 10_000)"])
    assert "BrokenPipeError" in unhandled.stderr


# ---------------------------------------------------------------------------------------------
# --workers and --scheduler (issue 46 §6): the same verdicts as one process
# ---------------------------------------------------------------------------------------------

PARALLEL = ["Prop. A.1", "eq:bG"]  # a row and an erratum, each a few seconds


@functools.cache
def _one_process() -> dict:
    out = io.StringIO()
    assert main(["check", *PARALLEL, "--json", "--no-progress"], out=out) == EXIT["agrees"]
    return json.loads(out.getvalue())


@pytest.mark.parametrize("where", ["workers", "cluster"])
def test_workers_and_a_dask_cluster_give_the_verdicts_of_one_process(where):
    """``check --workers 2`` (processes of this machine) and ``check --scheduler ADDRESS`` (a
    ``dask.distributed`` cluster, here a ``LocalCluster`` of 2 worker processes) print, as
    JSON, exactly the verdicts that one process prints: every status, summary, qualifier and
    number (each check's seeds are fixed, so nothing may move)."""
    out = io.StringIO()
    with contextlib.ExitStack() as stack:
        if where == "workers":
            argv = ["--workers", "2"]
        else:
            from distributed import LocalCluster

            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
                )
            )
            argv = ["--scheduler", cluster.scheduler_address]
        status = main(["check", *PARALLEL, "--json", "--no-progress", *argv], out=out)
    assert status == EXIT["agrees"]
    assert json.loads(out.getvalue()) == _one_process()


def test_a_bug_on_a_worker_is_reported_as_in_one_process(rows):
    """On an executor the checks run by name (``remote_verdict``): the verdicts come back as
    data, in the order asked, a refused size as "not checked" and a bug as ``CheckFailed``
    holding its traceback, the rows after it still run (threads here, so that the replaced
    ledger is the one the workers read)."""
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(command.verdicts_on(rows, 0.5, pool))
    assert [spec.name for spec, _, _ in results] == ["Lemma 9.1", "Lemma 9.2", "Prop. A.1"]
    refused, bug, good = (verdict for _, verdict, _ in results)
    assert refused.status is Status.NOT_CHECKED and "b must be >= 2" in refused.text()
    assert isinstance(bug, command.CheckFailed) and "ZeroDivisionError: 1/0" in bug.args[0]
    assert good.status is Status.HOLDS


@pytest.mark.parametrize("workers", ["0", "two", "1,2", "257"])
def test_workers_must_be_one_integer_in_range(workers, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["check", "Prop. A.1", "--workers", workers])
    assert stop.value.code == EXIT["bad arguments"]
    assert f"--workers must be an integer in 1..256, got {workers!r}" in capsys.readouterr().err
