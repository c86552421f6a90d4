"""The claims ledger: every verdict recomputed (each claim's, finding's, repaired result's and
erratum's) agrees with the published one, the README is the rendering of the published
verdicts, the rows come out in the published order, and each is declared above its check."""

import functools
import re
import sys
from pathlib import Path

import pytest

from mines_theory.verification.framework import ledger, registry
from mines_theory.verification.framework.ledger import (
    README_END,
    README_START,
    reconcile,
    render_into,
)
from mines_theory.verification.framework.paper import with_number
from mines_theory.verification.framework.registry import corrigendum_page, repaired_number
from mines_theory.verification.framework.spec import Claim, Erratum, NoBar
from mines_theory.verification.framework.verdict import (
    Kind,
    Measurement,
    Qualifier,
    Status,
    Verdict,
    flagged,
)
from mines_theory.verification.views import report

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")}
#: What ``test_verdict`` recomputes: every row (the claims, the findings, the repaired results)
#: and every erratum, outside the notebooks, so that ``make test-fast`` and the runs under
#: another BLAS kernel check them all. In a session that runs a row's notebook under nbval, the
#: notebook's verdict cell recomputes it and the row is deselected here (the root conftest.py).
RECOMPUTED = ledger.rows() + ledger.errata()


@pytest.fixture(scope="module")
def published():
    return ledger.published()


@pytest.mark.parametrize("spec", RECOMPUTED, ids=[s.name for s in RECOMPUTED])
def test_verdict(spec, published):
    """Each verdict of a claim, a finding, a repaired result or an erratum, recomputed here,
    agrees with the published one: the measurements its spec declares, the same status, summary
    and qualifier outcomes, and every measurement within the uncertainties of both (numbers that
    move within their uncertainty on another CPU do not fail; a change beyond it does)."""
    fresh = spec.verdict()
    assert spec.name in published, "run `make figures` to publish the new claim"
    assert [m.name for m in fresh.measurements] == list(spec.measures), "the spec's measures"
    differences = published[spec.name].differences(fresh)
    assert not differences, (
        "the fresh verdict does not agree with the published one "
        "(run `make figures` if the change is intended): " + "; ".join(differences)
    )


def test_readme_ledger_is_the_published_one(published):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for rows, start, end in (
        (ledger.claims(), README_START, README_END),
        (ledger.findings(), ledger.FINDINGS_START, ledger.FINDINGS_END),
        (ledger.repaired(), ledger.REPAIRED_START, ledger.REPAIRED_END),
    ):
        section = text[text.index(start) + len(start) : text.index(end)]
        assert section.strip() == report.summary_table(
            published, rows, report.readme_link, notes=True
        ), "run `make figures` to rewrite README.md"


def test_the_published_file_lists_every_row_and_erratum_in_the_ledgers_order(published):
    """One entry per row (claims, findings, repaired results) and per erratum, in the order the
    tables show them (the file is written in the order ``ledger.verdicts`` runs them)."""
    names = [r.number for r in ledger.rows()] + [e.label for e in ledger.errata()]
    assert list(published) == names
    assert len(names) == len(set(names))
    assert {c.notebook for c in ledger.rows() + ledger.errata()} <= NOTEBOOKS


def test_each_row_is_declared_above_its_check():
    """Every row's and erratum's check is the function its module exports under that name (the
    declaration is the outermost decorator), in one of ``ledger.SOURCES``; each row's PDF number
    is its declaration's (a repaired row's, its claim's)."""
    printed = ledger.printed()
    for spec in ledger.rows() + ledger.errata():
        check = spec.check.resolve()
        assert getattr(sys.modules[spec.check.module], spec.check.name) is check, spec.name
        assert spec.check.module.startswith(ledger.SOURCES), spec.name
    for row in ledger.rows():
        assert printed[row.number] == row.printed
    assert printed["Lemma 5.3"] == "Lemma 11" and ledger.claim("Thm 5.4").printed == "Theorem 12"


def test_the_repaired_rows_are_the_corrigendums_checks():
    """One row per ``declare.repaired`` check, named after the claim it repairs, with that
    claim's label and PDF number, shown on the corrigendum's page of its part of the paper;
    ``repair_of`` and ``repaired_rows`` are inverse; a section argued by its errata has no row;
    any other name is a ValueError."""
    for row in ledger.repaired():
        assert row.repairs is not None
        base = ledger.claim(row.repairs)
        assert row.number == repaired_number(row.repairs)
        assert (row.label, row.printed, row.notebook) == (
            base.label,
            base.printed,
            corrigendum_page(row.repairs),
        )
        assert "$" not in row.statement and "\\" not in row.statement and row.statement
        assert row in ledger.repaired_rows(ledger.repair_of(row.number))
    assert ledger.repaired_rows("Lemma E.2") == ()
    assert [r.number for r in ledger.repaired_rows("Lemma 5.2")] == [
        "Lemma 5.2, repaired",
        "Lemma 5.2, repaired, γ > 0",
    ]
    sections = [r.repairs for r in ledger.repairs()]
    assert sections == sorted(sections, key=registry.claim_key)
    assert ledger.repair("Lemma 5.3").repair is not None
    with pytest.raises(ValueError, match="must be a repaired row"):
        ledger.repair_of("Lemma 5.1")
    with pytest.raises(ValueError, match="must name a repaired result"):
        ledger.repaired_rows("Lemma 5.9")


def test_labels_exist_in_the_paper(tex):
    for c in ledger.claims():
        for label in re.findall(r"(?:eq|prop|lem|thm):[A-Za-z_0-9]+", c.label):
            assert f"\\label{{{label}}}" in tex, label


def _verdict(value, status=Status.HOLDS, outcome=True):
    return Verdict(
        status,
        "x = {x}",
        (Measurement("x", value, 0.1, Kind.SE),),
        (Qualifier("loose", "x ≥ 1", outcome),),
    )


def test_reconcile_keeps_what_agrees_and_replaces_what_does_not():
    old = {"A": _verdict(1.0), "B": _verdict(1.0), "C": _verdict(1.0), "D": _verdict(1.0)}
    fresh = {
        "A": _verdict(1.07),  # within 0.5·√2·0.1: keep the published
        "B": _verdict(2.0),  # beyond: replace
        "C": _verdict(1.0, Status.FAILS),  # status changed
        "D": _verdict(1.0, outcome=False),  # qualifier changed
        "E": _verdict(1.0),
    }  # new claim
    merged, changed = reconcile(fresh, old)
    assert merged["A"] is old["A"] and merged["B"] is fresh["B"]
    assert sorted(changed) == ["B", "C", "D", "E"]
    assert "status" in changed["C"][0] and "qualifier 'loose'" in changed["D"][0]


def _declared(monkeypatch, *specs):
    """The library's registry copied with ``specs`` (rows or errata) declared in a module of
    ``ledger.SOURCES``, in place of the library's for this test."""
    copy = registry.REGISTRY.copy()
    where = "mines_theory.verification.claims.synthetic"
    for spec in specs:
        if isinstance(spec, Erratum):
            copy.add_erratum(spec, len(copy.errata()) + 1, where, f"{where}.{spec.label}")
        else:
            copy.add_claim(spec, where, f"{where}.{spec.number}")
    monkeypatch.setattr(registry, "REGISTRY", copy)


def test_verdict_cell_prints_the_published_text_or_says_it_differs(monkeypatch, tmp_path):
    """A row prints "number (PDF: …; label): " and its report, an erratum "label: flagged: …";
    the published text where the fresh verdict agrees, else the fresh one under a line saying
    that it differs."""
    row = Claim(
        "Lemma 9.1", "eq:x", "a claim", "00-overview", lambda: _verdict(1.05), "Lemma 99",
        atlas=NoBar("none"),
    )  # fmt: skip
    erratum = Erratum("eq:y", "typo", "p", "c", "s", lambda: flagged(True, "z = {z}", _z(48.5)))
    _declared(monkeypatch, row, erratum)
    path = tmp_path / "published.json"
    old = {"Lemma 9.1": _verdict(1.0), "eq:y": flagged(True, "z = {z}", _z(48.3))}
    ledger.write_published(old, path)
    monkeypatch.setattr(ledger, "PUBLISHED", path)
    assert ledger.verdict_cell("Lemma 9.1").startswith(
        "Lemma 9.1 (PDF: Lemma 99; eq:x): holds (loose)\nx = 1.00 ± 0.10"
    )
    assert "DIFFERS FROM THE PUBLISHED VERDICT" in ledger.verdict_cell(
        "Lemma 9.1", fresh={"Lemma 9.1": _verdict(9.0)}
    )
    assert ledger.verdict_cell("eq:y") == "eq:y: flagged: z = 48.3"
    differs = ledger.verdict_cell("eq:y", fresh={"eq:y": flagged(True, "z = {z}", _z(60.0))})
    assert differs.startswith("eq:y: DIFFERS FROM THE PUBLISHED VERDICT (measurement 'z'")
    with pytest.raises(ValueError, match="name must be a ledger row's number or an erratum"):
        ledger.verdict_cell("Lemma 9.9")


def _z(value):
    return (Measurement("z", value, 1.0, Kind.Z),)


def test_published_json_round_trips(tmp_path, published):
    path = tmp_path / "published.json"
    ledger.write_published(published, path)
    again = ledger.published(path)
    assert again == published
    assert report.summary_table(again) == report.summary_table(published)


def test_summary_renders_every_row_and_escapes_pipes():
    claims = (
        Claim("X 0", "eq:w", "unchecked", "08d-errata"),
        Claim("X|1", "eq:x", "a | b", "08d-errata"),
    )
    v = Verdict(Status.FAILS, "x {x}", (Measurement("x", 2.0, kind=Kind.COUNT),))
    table = report.summary_table({"X|1": v}, claims).splitlines()
    assert len(table) == 2 + len(claims)
    assert table[-1] == "| X\\|1 | — | **fails** | x = 2 | `08d-errata` |"
    assert "**not checked**" in table[2]


def test_render_into_replaces_only_the_marked_section():
    text = f"intro\n{README_START}\nold\n{README_END}\nrest\n"
    assert render_into(text, "NEW") == f"intro\n{README_START}\nNEW\n{README_END}\nrest\n"
    with pytest.raises(ValueError, match="the README has no markers"):
        render_into("no markers", "NEW")


def test_readme_comparison_table_is_the_notebooks():
    """The comparison table in the README is the file notebook 07 wrote
    (figures/07-comparison.md)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[
        text.index(ledger.COMPARISON_START) + len(ledger.COMPARISON_START) : text.index(
            ledger.COMPARISON_END
        )
    ]
    table = (ROOT / "figures" / "07-comparison.md").read_text(encoding="utf-8")
    assert section.strip() == table.strip()
    assert "CMA-ES" in section


def test_glue_measurements_pastes_each_rendered_measurement(monkeypatch):
    """Each named measurement is glued, rendered with its uncertainty, under prefix_name."""
    import myst_nb

    from mines_theory.verification.framework.verdict import Kind, Measurement, Status, Verdict

    glued = {}
    monkeypatch.setattr(
        myst_nb, "glue", lambda key, value, display=True: glued.update({key: value})
    )
    verdict = Verdict(
        Status.HOLDS,
        "{rate}",
        (Measurement("rate", 1.3853, 0.0512, "se"), Measurement("runs", 8, kind=Kind.COUNT)),
    )
    ledger.glue_measurements("mean", verdict, "rate", "runs")
    assert glued == {"mean_rate": verdict["rate"].render(), "mean_runs": "8"}
    assert glued["mean_rate"] == "1.39 ± 0.05"


def test_a_missing_or_corrupt_published_json_is_a_named_error(tmp_path, monkeypatch):
    """Never read as "nothing published" (that wrote 49 rows of "not checked" into the README):
    a missing file, invalid JSON, a non-object and an entry that is not a verdict each raise
    PublishedVerdictsError naming the file (issue 22 §2)."""
    import json

    missing = tmp_path / "published.json"
    with pytest.raises(
        ledger.PublishedVerdictsError, match=f"{re.escape(str(missing))} are missing"
    ):
        ledger.published(missing)
    assert ledger.published(missing, missing_ok=True) == {}
    cases = {
        "{not json": "are not valid JSON",
        "[1, 2]": "must be a JSON object",
        json.dumps({"Thm 3.1": {"status": "holds"}}): "the entry 'Thm 3.1' is not a verdict",
        json.dumps(
            {"Thm 3.1": {"status": "probably", "summary": "", "measurements": [], "qualifiers": []}}
        ): "the entry 'Thm 3.1' is not a verdict",
        json.dumps(
            {
                "X": _verdict(1.0).to_json()
                | {
                    "measurements": [
                        {"name": "x", "value": float("nan"), "uncertainty": 0.1, "kind": "se"}
                    ]
                }
            }
        ): "the entry 'X' is not a verdict",
    }
    for text, message in cases.items():
        missing.write_text(text, encoding="utf-8")
        with pytest.raises(ledger.PublishedVerdictsError, match=message) as error:
            ledger.published(missing)
        assert str(missing) in str(error.value)
    # the README renderer and the verdict cells go through published(): they raise too
    missing.unlink()
    monkeypatch.setattr(ledger, "PUBLISHED", missing)
    with pytest.raises(ledger.PublishedVerdictsError):
        report.summary_table()
    with pytest.raises(ledger.PublishedVerdictsError):
        ledger.verdict_cell("Thm 3.1", fresh={"Thm 3.1": _verdict(1.0)})
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "render_ledger", ROOT / "tools" / "render_ledger.py"
    )
    render_ledger = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(render_ledger)
    monkeypatch.setattr(ledger, "verdicts", lambda: pytest.fail("must not recompute"))
    with pytest.raises(ledger.PublishedVerdictsError, match="--init"):
        render_ledger.publish()


def test_reconcile_every_branch_by_hand():
    """Kept (agrees: the old object itself), replaced (each reason), new, and dropped (a claim
    no longer computed is not published)."""
    old = {"keep": _verdict(1.0), "move": _verdict(1.0), "gone": _verdict(1.0)}
    fresh = {"keep": _verdict(1.0 + 1e-9), "move": _verdict(5.0), "new": _verdict(2.0)}
    merged, changed = reconcile(fresh, old)
    assert list(merged) == ["keep", "move", "new"]
    assert merged["keep"] is old["keep"] and merged["move"] is fresh["move"]
    assert changed == {"move": ["measurement 'x': 1.00 ± 0.10 vs 5.00 ± 0.10 (se)"], "new": ["new"]}
    assert reconcile({}, old) == ({}, {})


def test_reconciled_by_hand(tmp_path, monkeypatch):
    path = tmp_path / "published.json"
    ledger.write_published({"A": _verdict(1.0)}, path)
    monkeypatch.setattr(ledger, "PUBLISHED", path)
    old = ledger.published()["A"]
    assert ledger.reconciled("A", _verdict(1.0 + 1e-9)) == old
    moved = _verdict(5.0)
    assert ledger.reconciled("A", moved) is moved
    new = _verdict(1.0)
    assert ledger.reconciled("B", new) is new


def test_a_row_whose_check_cannot_decide_is_not_checked():
    """A check not decorated with ``decides`` that builds a "holds" from NaN: its ledger row is
    "not checked" with the reason, never "holds"."""
    import math

    def check():
        return Verdict(Status.HOLDS, "{x}", (Measurement("x", math.nan, 0.1, Kind.SE),))

    verdict = Claim("X 1", "eq:x", "a claim", "00-overview", check).verdict()
    assert verdict.status is Status.NOT_CHECKED
    assert verdict.text() == "NaN measurement x (cannot decide 'holds')"


@functools.cache
def _verdict_cells() -> dict[str, str]:
    """Notebook → what its verdict cells printed: the stored outputs of its ``#
    NBVAL_CHECK_OUTPUT`` cells that call ``ledger.verdict_cell`` (nbval recomputes them and fails
    where a fresh run prints otherwise, so the stored text is what a run prints)."""
    import nbformat

    out = {}
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = nbformat.read(path, 4).cells
        out[path.stem] = "\n".join(
            output.get("text", "")
            for cell in cells
            if cell.cell_type == "code"
            and cell.source.startswith("# NBVAL_CHECK_OUTPUT")
            and "ledger.verdict_cell(" in cell.source
            for output in cell.get("outputs", ())
            if output.get("output_type") == "stream"
        )
    return out


SHOWN = ledger.rows() + ledger.errata()


@pytest.mark.parametrize("spec", SHOWN, ids=[s.name for s in SHOWN])
def test_every_verdict_is_shown_in_its_notebooks_verdict_cell(spec):
    """Each row's and erratum's verdict is printed by a verdict cell of the notebook its
    declaration names (``ledger.verdict_cell``): a claim declared without the cell that shows it
    fails here. An erratum may be printed after its number in the index of errata (08d's
    cell), its equations at the PDF's numbers alone."""
    from mines_theory.verification.views.errata import erratum_numbers
    from mines_theory.verification.views.report import readable

    printed = _verdict_cells()[spec.notebook]
    number = erratum_numbers().get(spec.name)
    heads = {with_number(ledger.header(spec, n)) + ": " for n in (None, number)}
    heads |= {readable(h) for h in heads}
    lines = printed.splitlines()
    assert any(line.startswith(tuple(heads)) for line in lines), (
        f"{spec.name!r} is not shown in the verdict cell of {spec.notebook}"
    )


def test_glue_measurements_pastes_powers_of_ten_not_exponent_notation(monkeypatch):
    """Prose reads "1.6×10¹⁴", as the rest of the book writes it, where the verdict cell prints
    "1.6e+14" (``Measurement.prose``); a number without an exponent is pasted as rendered."""
    import myst_nb

    from mines_theory.verification.framework.verdict import Kind, Measurement, Status, Verdict

    glued = {}
    monkeypatch.setattr(
        myst_nb, "glue", lambda key, value, display=True: glued.update({key: value})
    )
    verdict = Verdict(
        Status.HOLDS,
        "{C} {rate}",
        (Measurement("C", 1.6e14, kind=Kind.NUMERIC), Measurement("rate", 0.0831, 0.001)),
    )
    ledger.glue_measurements("thm", verdict, "C", "rate")
    assert glued == {"thm_C": "1.6×10¹⁴", "thm_rate": verdict["rate"].render()}


#: An equation's label as the .tex spells it ("eq:alp_cond"), a computer's exponent notation
#: ("3.0e-04") and a hyphen for a minus sign: what a printed criterion must not show.
_RAW = {
    "label": re.compile(r"\beq:\w"),
    "exponent": re.compile(r"(?<![\w.])\d+(?:\.\d+)?e[+-]?\d"),
    "hyphen": re.compile(r"(?<![\w.)\]])-(?=[\d.∞])"),
}


def test_qualifier_text_reads_as_the_verdict_cell():
    """A criterion printed on its own (``ledger.qualifier_text``) names an equation by the PDF's
    number and writes numbers as a reader writes them, as the verdict cell does (04 printed
    "inside eq:alp_cond" with ``Qualifier.render``; a cold reader found it)."""
    raw = Qualifier("inside eq:alp_cond", "α ≤ 3.0e-04 and slope -1 (inside eq:alp_cond)", True)
    verdict = Verdict(Status.HOLDS, "", qualifiers=(raw,))
    assert all(pattern.search(raw.render()) for pattern in _RAW.values())
    text = ledger.qualifier_text(verdict, raw.name)
    number = ledger.readable_text("eq:alp_cond")
    assert re.fullmatch(r"\(\d+\.\d+\)", number), number
    assert text == (
        f"inside {number}? Yes. Criterion: α ≤ 3.0×10⁻⁴ and slope −1 (inside {number})."
    )


@pytest.mark.parametrize("name", sorted(ledger.published()))
def test_every_published_criterion_prints_the_pdfs_numbers(name):
    """Every qualifier of every published verdict, printed as a notebook prints it
    (``ledger.qualifier_text``), shows no .tex label of an equation, no exponent notation and
    no hyphen for a minus sign."""
    verdict = ledger.published()[name]
    for qualifier in verdict.qualifiers:
        text = ledger.qualifier_text(verdict, qualifier.name)
        found = [kind for kind, pattern in _RAW.items() if pattern.search(text)]
        assert not found, f"{name}: {qualifier.name!r} prints {found}: {text}"
