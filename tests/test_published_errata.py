"""The errata's checks, published (``corrigendum.evidence``): every erratum's result recomputed
here agrees with the one in ``verification/published.json`` (as ``test_ledger`` does for the
claims' verdicts), and the publication, the agreement and the rendering each on both sides:
an ``Evidence`` is published as its JSON and agrees within its numbers' uncertainties, not
beyond; a check that returns anything else (a bool without its numbers) is refused."""

import json
import re

import numpy as np
import pytest


from mines_theory.verification.framework import ledger
from mines_theory.verification.views.errata import errata_table
from mines_theory.verification.framework.ledger import ERRATA
from mines_theory.verification.framework.registry import Erratum
from mines_theory.verification.framework.verdict import Evidence, Kind, Measurement
from mines_theory.verification.framework.evidence import (
    published_evidence,
    evidence_differences,
    ERRATA_KEY,
    reconcile_evidence,
    write_published_evidence,
    errata_verdict_cell,
    erratum_evidence,
)
from mines_theory.verification.framework.evidence import as_result, check_text
from mines_theory.verification.claims.repairs import repair
from mines_theory.verification.views.corrigendum import (
    repair_markdown,
    errata_markdown,
    errata_outside_repairs,
)


@pytest.fixture(scope="module")
def published():
    return published_evidence()


@pytest.mark.parametrize("erratum", ERRATA, ids=[e.label for e in ERRATA])
def test_erratum_result_agrees_with_the_published_one(erratum, published):
    """Each erratum's check, recomputed, agrees with its published result: the same flag (and,
    for an Evidence, the same sentence and every number within the uncertainties of both)."""
    fresh = as_result(erratum.label, erratum.check())
    assert erratum.label in published, "run tools/render_ledger.py to publish the new erratum"
    differences = evidence_differences(published[erratum.label], fresh)
    assert not differences, (
        "the fresh result does not agree with the published one (run "
        "tools/render_ledger.py if the change is intended): " + "; ".join(differences)
    )


def test_published_labels_are_the_errata_and_the_claims_file_still_reads(published):
    assert list(published) == [e.label for e in ERRATA]
    assert ERRATA_KEY not in ledger.published()


def _evidence(z, flagged=True, shown="largest z = {z} (criterion: z > 4)"):
    return Evidence(flagged, shown, (Measurement("z", z, 1.0, Kind.Z),))


def test_agreement_on_both_sides():
    """Within the uncertainty the published evidence stands; beyond it, with another flag or
    another sentence, it is replaced and the reason given."""
    old = {"a": _evidence(48.3), "b": _evidence(48.3), "c": _evidence(48.3)}
    fresh = {
        "a": _evidence(48.5),
        "b": _evidence(60.0),
        "c": _evidence(48.3, flagged=False),
        "g": _evidence(1.0, flagged=False),
    }
    merged, changed = reconcile_evidence(fresh, old)
    assert merged["a"] is old["a"] and merged["g"] is fresh["g"]
    assert sorted(changed) == ["b", "c", "g"]
    assert "measurement 'z'" in changed["b"][0] and "flagged" in changed["c"][0]
    assert changed["g"] == ["new"]
    assert evidence_differences(_evidence(1.0), _evidence(1.0, shown="z = {z}")) == [
        "shown text differs"
    ]


def test_publication_round_trips_and_keeps_the_claims(tmp_path):
    """Written under "errata" beside the claims' verdicts (kept as they are), read back equal;
    rewritten only when the text changes; a missing key is an error naming the file, unless
    ``missing_ok``; an entry that is no result is an error naming the erratum."""
    path = tmp_path / "published.json"
    path.write_text(json.dumps({"X 1": {"status": "holds"}}), encoding="utf-8")
    with pytest.raises(ledger.PublishedVerdictsError, match="hold no errata.*render_ledger"):
        published_evidence(path)
    assert published_evidence(path, missing_ok=True) == {}
    results = {"b": _evidence(2.0, flagged=False), "c": _evidence(48.31)}
    assert write_published_evidence(results, path) is True
    assert write_published_evidence(results, path) is False
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["X 1"] == {"status": "holds"} and raw["errata"]["c"]["flagged"] is True
    back = published_evidence(path)
    assert back["b"] == results["b"] and back["c"].agrees(results["c"])
    assert back["c"]["z"].value == 48.31
    raw["errata"]["d"] = True  # a bare flag, without its numbers, is no result
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ledger.PublishedVerdictsError, match="the erratum 'd' is no result"):
        published_evidence(path)
    with pytest.raises(ledger.PublishedVerdictsError, match="are missing"):
        published_evidence(tmp_path / "nowhere.json")


def test_check_text_and_the_types_a_check_may_return():
    assert check_text(_evidence(48.31)) == "flagged: largest z = 48.3 (criterion: z > 4)"
    assert check_text(_evidence(1.0, flagged=False)).startswith("NOT flagged: largest z = 1.0")
    assert as_result("x", _evidence(1.0)) == _evidence(1.0)
    for bad in (True, np.bool_(True), None, 1, 0.5, np.array([True]), "yes"):
        with pytest.raises(TypeError, match="erratum 'x' must return an Evidence"):
            as_result("x", bad)


def _erratum(check, label="eq:x"):
    return Erratum(label, "typo", "a | b", "c", "survives", check)


def test_errata_table_shows_the_evidence_and_reads_the_published_results():
    """The check column is the evidence's sentence with its numbers ("flagged: …" or "NOT
    flagged: …"); given ``evidence`` (label → published result) the checks are not run, and a
    check that returns no Evidence (a bare True) is a TypeError."""
    rows = (
        _erratum(lambda: _evidence(48.31)),
        _erratum(lambda: _evidence(0.5, flagged=False), "eq:y"),
    )
    table = errata_table(rows, columns=("place", "check")).splitlines()
    assert table[2:] == [
        "| eq:x | flagged: largest z = 48.3 (criterion: z > 4) |",
        "| eq:y | NOT flagged: largest z = 0.5 (criterion: z > 4) |",
    ]

    def never():
        raise AssertionError("the check ran although its published result was given")

    table = errata_table(
        (_erratum(never),), columns=("check",), evidence={"eq:x": _evidence(7.0, flagged=False)}
    )
    assert table.splitlines()[2] == "| NOT flagged: largest z = 7.0 (criterion: z > 4) |"
    with pytest.raises(TypeError, match="the check of erratum 'eq:z' must return an Evidence"):
        errata_table((_erratum(lambda: True, "eq:z"),))


def test_the_corrigendum_shows_each_erratum_with_its_evidence():
    """``repair_markdown`` puts each repaired erratum's evidence beside it, ``errata_markdown``
    each other erratum's, ``erratum_evidence`` one sentence (eq: labels with PDF numbers); a
    label without a result is a ValueError."""
    entry = repair("Lemma 5.3")
    evidence = {label: _evidence(48.31) for label in (e.label for e in ERRATA)}
    text = repair_markdown(entry, evidence=evidence)
    listed = [line for line in text.splitlines() if line.startswith("* *")]
    assert len(listed) == len(entry.errata)
    for line in listed:
        assert line.endswith("(*check:* flagged: largest z = 48.3 (criterion: z > 4))"), line
    assert "*check:*" not in repair_markdown(entry)
    typos = errata_markdown("typo", evidence)
    outside = len(errata_outside_repairs("typo"))
    assert typos.count("(*check:* flagged: largest z = 48.3") == outside > 0
    assert erratum_evidence("eq:bG", {"eq:bG": _evidence(2.0)}) == (
        "flagged: largest z = 2.0 (criterion: z > 4)"
    )
    with pytest.raises(ValueError, match="label must name an erratum.*'eq:nowhere'"):
        erratum_evidence("eq:nowhere", {})
    with pytest.raises(ValueError, match=re.escape(f"missing {entry.errata[0]!r}")):
        repair_markdown(entry, evidence={})


def test_the_verdict_cell_prints_the_published_text_or_says_it_differs(tmp_path):
    path = tmp_path / "published.json"
    path.write_text("{}", encoding="utf-8")
    write_published_evidence({"eq:x": _evidence(48.3)}, path)
    assert errata_verdict_cell({"eq:x": _evidence(48.5)}, path) == (
        "eq:x: flagged: largest z = 48.3 (criterion: z > 4)"
    )
    differs = errata_verdict_cell({"eq:x": _evidence(60.0)}, path)
    assert differs.startswith("eq:x: DIFFERS FROM THE PUBLISHED RESULT (measurement 'z'")
    assert "DIFFERS" in errata_verdict_cell({"eq:y": _evidence(48.3)}, path)
