"""One command to re-check a claim (issue 32 §3): ``python -m mines_theory.verification``.

The parser, the name resolution (our number, the PDF's, spelled out, an erratum's label; an
unknown and an ambiguous name), the comparison of a fresh verdict with the published one (a
shortened run never contradicts: "not checked" or the same status), ``--json`` as data that
``Verdict.from_json`` reads back, and ``check --scale 0.05`` on one cheap claim of each family
of checks (the whole ledger at 0.05 takes about 2 minutes: the lead's report has the table)."""

import dataclasses
import io
import json
import subprocess
import sys

import pytest

from mines_theory.verification import command
from mines_theory.verification.command import (
    AGREES,
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
from mines_theory.verification.framework.verdict import Kind, Measurement, Status, Verdict

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
    assert status == 0 and not any(DIFFERS in line for line in heads), out.getvalue()
    outcomes = {line.split(" s: ", 1)[1].split(" (")[0] for line in heads}
    assert outcomes == {AGREES, NOT_CHECKED}  # both kinds of answer are reached


def test_the_module_runs_as_a_command():
    done = subprocess.run(
        [sys.executable, "-m", "mines_theory.verification", "check", "Lemma 99"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 2 and "UnknownName" in done.stderr
