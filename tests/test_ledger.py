"""The claims ledger: every verdict recomputed agrees with the published one, the README is the
rendering of the published verdicts, and the errata are confirmed."""

import re
import sys
from pathlib import Path

import pytest

from mines_theory.verification.framework import ledger
from mines_theory.verification.views import report
from mines_theory.verification.views.errata import errata_table
from mines_theory.verification.framework.ledger import ERRATA
from mines_theory.verification.framework.registry import KINDS
from mines_theory.verification.framework.ledger import (
    CLAIMS,
    REPAIRED,
    README_END,
    README_START,
    reconcile,
    render_into,
)
from mines_theory.verification.framework.registry import Claim
from mines_theory.verification.framework.verdict import (
    Evidence,
    Kind,
    Measurement,
    Qualifier,
    Status,
    Verdict,
)
from mines_theory.verification.claims.repairs import REPAIRS

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")}


@pytest.fixture(scope="module")
def published():
    return ledger.published()


@pytest.mark.parametrize("claim", CLAIMS + REPAIRED, ids=[c.number for c in CLAIMS + REPAIRED])
def test_verdict(claim, published):
    """Each verdict of a claim or a repaired result, recomputed here, agrees with the published
    one: the same status, summary and qualifier outcomes, and every measurement within the
    uncertainties of both (numbers that move within their uncertainty on another CPU do not
    fail; a change beyond it does)."""
    fresh = claim.check()
    assert claim.number in published, "run `make figures` to publish the new claim"
    differences = published[claim.number].differences(fresh)
    assert not differences, (
        "the fresh verdict does not agree with the published one "
        "(run `make figures` if the change is intended): " + "; ".join(differences)
    )


def test_readme_ledger_is_the_published_one(published):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index(README_START) + len(README_START) : text.index(README_END)]
    assert section.strip() == report.summary_table(published, CLAIMS, report.readme_link), (
        "run `make figures` to rewrite README.md"
    )
    findings = text[
        text.index(ledger.FINDINGS_START) + len(ledger.FINDINGS_START) : text.index(
            ledger.FINDINGS_END
        )
    ]
    assert findings.strip() == report.summary_table(published, ledger.FINDINGS, report.readme_link)
    repaired = text[
        text.index(ledger.REPAIRED_START) + len(ledger.REPAIRED_START) : text.index(
            ledger.REPAIRED_END
        )
    ]
    assert repaired.strip() == report.summary_table(published, REPAIRED, report.readme_link)
    assert set(published) == {c.number for c in CLAIMS + ledger.FINDINGS + REPAIRED}


def test_rows_unique_and_notebooks_exist():
    numbers = [c.number for c in CLAIMS + ledger.FINDINGS + REPAIRED]
    assert len(numbers) == len(set(numbers))
    assert {c.notebook for c in CLAIMS + ledger.FINDINGS + REPAIRED} <= NOTEBOOKS


#: The published order of the ledger's tables (the README's and the book's), pinned by hand: the
#: rows are collected from declarations spread over the verification modules
#: (``registry.claim``, ``registry.finding``), and this is the order they must come out in.
CLAIM_ORDER = [
    "Sec. 2",
    "Thm 3.1",
    "Thm 3.2",
    "Thm 3.3",
    "Thm 3.4",
    "Lemma 4.1",
    "Lemma 4.2",
    "Lemma 4.3",
    "Sec. 4",
    "Lemma 5.1",
    "Lemma 5.2",
    "Lemma 5.1, γ > 0",
    "Lemma 5.2, γ > 0",
    "Lemma 5.3",
    "Remark 5.3",
    "Thm 5.4",
    "Remark 5.6",
    "Prop. A.1",
    "Prop. A.2",
    "Lemma B.1",
    "Lemma B.2",
    "Lemma B.3",
    "Lemma B.4",
    "Lemma B.5",
    "Lemma B.6",
    "Lemma C.1",
    "Lemma D.1",
    "Lemma D.2",
    "Lemma D.3",
    "Lemma D.4",
    "Lemma D.5",
    "Lemma D.6",
    "Lemma D.7",
    "Lemma E.1",
    "Lemma E.2",
    "Lemma E.3",
    "Lemma E.4",
    "Lemma E.5",
    "Lemma E.6",
    "Lemma E.7",
    "Lemma E.8",
    "Lemma E.9",
    "Lemma E.10",
]
FINDING_ORDER = [
    "MiNES demo",
    "NES as printed",
    "Constant η₂",
    "The start",
    "α-bias",
    "Comparison",
    "COCO bbob",
]


def test_the_tables_keep_their_order():
    assert [c.number for c in CLAIMS] == CLAIM_ORDER
    assert [c.number for c in ledger.FINDINGS] == FINDING_ORDER
    assert list(ledger.PRINTED) == CLAIM_ORDER + FINDING_ORDER + [c.number for c in REPAIRED]


def test_each_row_is_declared_above_its_check():
    """Every row's check is the function its module exports under that name (the declaration
    is the outermost decorator), in one of ``ledger.SOURCES``; each claim's PDF number is its
    declaration's."""
    sources = ledger.SOURCES
    for row in CLAIMS + ledger.FINDINGS:
        module = sys.modules[row.check.__module__]
        assert getattr(module, row.check.__name__) is row.check, row.number
        assert module.__name__.startswith(sources), row.number
        assert ledger.PRINTED[row.number] == row.printed
    assert ledger.PRINTED["Lemma 5.3"] == "Lemma 11" and ledger.claim("Thm 5.4").printed == (
        "Theorem 12"
    )


def test_the_repaired_rows_are_the_corrigendums_checks():
    """One row of REPAIRED per check (and further check) of corrigendum.REPAIRS, in its order,
    named after its base claim, with the base claim's label, and the corrigendum's check itself;
    ``repair_of`` and ``repaired_rows`` are inverse; any other name is a ValueError."""

    checks = [
        check for r in REPAIRS for check in ((r.check,) if r.check is not None else ()) + r.more
    ]
    assert [c.check for c in REPAIRED] == checks
    assert [c.number for c in REPAIRED][:5] == [
        "Lemma 5.1, repaired",
        "Lemma 5.2, repaired",
        "Lemma 5.2, repaired, γ > 0",
        "Lemma 5.3, repaired",
        "Thm 5.4, repaired",
    ]
    for row in REPAIRED:
        base = ledger.claim(row.number.replace(", repaired", ""))
        assert row.label == base.label and row.notebook == "08-errata", row.number
        assert "$" not in row.statement and "\\" not in row.statement and row.statement
        assert row in ledger.repaired_rows(ledger.repair_of(row.number))
    assert ledger.claim("Thm 5.4, repaired") is REPAIRED[4]
    assert ledger.repaired_rows("Lemma E.2") == ()
    assert ledger.repaired_rows("Lemma 5.2") == REPAIRED[1:3]
    with pytest.raises(ValueError, match="must be a row of REPAIRED"):
        ledger.repair_of("Lemma 5.1")
    with pytest.raises(ValueError, match="must name an entry of REPAIRS"):
        ledger.repaired_rows("Lemma 5.9")


def test_labels_exist_in_the_paper(tex):
    for c in CLAIMS:
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


def test_verdict_cell_prints_the_published_text_or_says_it_differs(monkeypatch, tmp_path):
    row = Claim("X 1", "eq:x", "a claim", "00-overview", lambda: _verdict(1.05))
    monkeypatch.setattr(ledger, "CLAIMS", (row,))
    path = tmp_path / "published.json"
    ledger.write_published({"X 1": _verdict(1.0)}, path)
    monkeypatch.setattr(ledger, "PUBLISHED", path)
    assert ledger.verdict_cell("X 1").startswith(
        "X 1 (PDF: —; eq:x): holds (loose)\nx = 1.00 ± 0.10"
    )
    assert "DIFFERS FROM THE PUBLISHED VERDICT" in ledger.verdict_cell(
        "X 1", fresh={"X 1": _verdict(9.0)}
    )


def test_published_json_round_trips(tmp_path, published):
    path = tmp_path / "published.json"
    ledger.write_published(published, path)
    again = ledger.published(path)
    assert again == published
    assert report.summary_table(again) == report.summary_table(published)


def test_summary_renders_every_row_and_escapes_pipes():
    claims = (
        Claim("X 0", "eq:w", "unchecked", "08-errata"),
        Claim("X|1", "eq:x", "a | b", "08-errata"),
    )
    v = Verdict(Status.FAILS, "x {x}", (Measurement("x", 2.0, kind=Kind.COUNT),))
    table = report.summary_table({"X|1": v}, claims).splitlines()
    assert len(table) == 2 + len(claims)
    assert table[-1] == "| X\\|1 | — | **fails** | x = 2 | `08-errata` |"
    assert "**not checked**" in table[2]


def test_render_into_replaces_only_the_marked_section():
    text = f"intro\n{README_START}\nold\n{README_END}\nrest\n"
    assert render_into(text, "NEW") == f"intro\n{README_START}\nNEW\n{README_END}\nrest\n"
    with pytest.raises(ValueError, match="the README has no markers"):
        render_into("no markers", "NEW")


@pytest.mark.parametrize("erratum", ERRATA, ids=[e.label for e in ERRATA])
def test_erratum_is_confirmed(erratum):
    """Each erratum's numeric or symbolic check confirms that the printed form is wrong (an
    ``verdict.Evidence`` that flags it)."""
    assert erratum.kind in KINDS
    result = erratum.check()
    assert isinstance(result, Evidence) and result.flagged


def test_errata_table_renders_each_checks_evidence():
    """The check column is the check's own sentence with its numbers, not "confirmed"."""
    table = errata_table(ERRATA[:2]).splitlines()
    assert len(table) == 4
    for row, erratum in zip(table[2:], ERRATA[:2]):
        assert row.endswith(f"| flagged: {erratum.check().text()} |")


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


def test_errata_table_not_flagged_path_and_a_check_that_is_no_evidence():
    """An erratum whose check does not flag it is rendered "NOT flagged: …" (the row stays, so a
    reader sees it); a check returning anything but an Evidence (a bare flag, a verdict) is an
    error naming the erratum."""
    from mines_theory.verification.framework.registry import Erratum

    def erratum(check, label="eq:x"):
        return Erratum(label, "typo", "a | b", "c", "survives", check)

    rows = (
        erratum(lambda: Evidence(False, "z = 1")),
        erratum(lambda: Evidence(True, "z", ()), "eq:y"),
    )
    assert errata_table(rows).splitlines()[2:] == [
        "| eq:x | typo | a \\| b | c | survives | NOT flagged: z = 1 |",
        "| eq:y | typo | a \\| b | c | survives | flagged: z |",
    ]
    for bad in (True, None, 1, _verdict(1.0)):
        with pytest.raises(TypeError, match="the check of erratum 'eq:z' must return an Evidence"):
            errata_table((erratum(lambda bad=bad: bad, "eq:z"),))


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
