"""The front page's "What was found" box (issue 45, a cold reading: the front page had no summary
before its figures): an admonition before the first figure whose bullets are computed from the
published verdicts and walk, each tied to its ledger rows. These tests build no book: they stage
the front page's text (``build_site.front_page``) and feed ``report.found_box`` altered data.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib.util
import json
import re
import sys
from pathlib import Path

from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.verdict import VACUOUS_QUALIFIER, Status, Verdict
from mines_theory.verification.proofs import published as walk
from mines_theory.numbers import powers_of_ten
from mines_theory.verification.views import report

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))


def _build_site():
    sys.path.insert(0, str(ROOT))  # tools/build_site.py imports tools.citation
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _bullets(box: str) -> list[str]:
    return re.findall(r"^\* (.*)$", box, re.M)


def test_the_box_comes_before_any_figure_of_the_front_page():
    site = _build_site()
    index = (ROOT / "book" / "index.md").read_text(encoding="utf-8")
    page = site.front_page(index, NOTEBOOKS, pdf=False)
    assert site.FOUND not in page and "PART_I" not in page
    box = page.index("```{admonition} What was found")
    assert box < page.index("```{figure}")
    assert 4 <= len(_bullets(report.found_box(walk=walk.load()))) <= 6


def test_the_numbers_are_those_of_the_published_data():
    """Counted here from published.json and walked.json as files, not through the ledger."""
    raw = json.loads(ledger.PUBLISHED.read_text(encoding="utf-8"))
    raw = raw.get("verdicts", raw)
    statuses = [raw[c.number]["status"] for c in ledger.claims()]
    data = json.loads(walk.PUBLISHED.read_text(encoding="utf-8"))
    fails = sum(row.get("fails", 0) for row in data["coverage"].values())
    box = report.found_box(walk=walk.load())
    vacuous = [
        c.number
        for c in ledger.claims()
        if any(
            q["outcome"] and q["name"] == "vacuous as printed" for q in raw[c.number]["qualifiers"]
        )
    ]
    assert vacuous == ["Lemma B.5"]  # its printed bound on a probability is e² > 1
    errata = statuses.count("erratum") - len(vacuous)
    false = statuses.count("fails") + errata
    assert f"**{false} are false as printed**" in box
    assert f"* {statuses.count('fails')} fail on their runs (status fails)" in box
    assert f"* {errata} of the {statuses.count('erratum')} rows of status erratum (their own" in box
    assert "* not counted: [Lemma B.5](ledger.md#claim-lemma-b-5) (Lemma 21)" in box
    loose = [  # holds, and no run could contradict it: one predicate, report.untested_by
        c.number
        for c in ledger.claims()
        if raw[c.number]["status"] == "holds"
        and any(
            q["outcome"] and q["name"].startswith("too loose to be tested")
            for q in raw[c.number]["qualifiers"]
        )
    ]
    assert f"{statuses.count('holds')} hold ({len(loose)} of them too loose to be tested)," in box
    assert f", {fails} of them fail;" in box
    for number in report.MAIN_RESULTS + report.PEER_ROWS:
        assert f"(ledger.md#{report.claim_anchor(number)})" in box


def test_a_claim_that_fails_changes_the_box():
    """The alternative: the box typed by hand would not move when a verdict does."""
    results = dict(ledger.published())
    before = report.found_box(results, walk.load())
    results["Thm 5.4"] = Verdict(Status.FAILS, "a failing run")
    after = report.found_box(results, walk.load())
    assert after != before
    failing = _false_part(after)
    assert "[Thm 5.4](ledger.md#claim-thm-5-4)" in failing.split("have a repaired row")[0]
    n = sum(results[c.number].status is Status.FAILS for c in ledger.claims())
    m = sum(results[c.number].status is Status.ERRATUM for c in ledger.claims())
    assert failing.startswith(f"**{n + m - 1} are false as printed**")
    assert f"* {n} fail on their runs" in failing


def _false_part(box: str) -> str:
    """The bullet of the rows false as printed, with its sub-bullets."""
    start = box.index("* **", box.index("are false as printed**") - 12)
    return box[start + 2 : box.index("* **The corrigendum")]


def _rescued(box: str) -> int:
    return int(re.search(r"\* (\d+) of these \d+ have a repaired row", _false_part(box)).group(1))


def test_the_box_counts_the_failing_rows_whose_repaired_row_holds():
    """The box said the rows that fail had "no corrected form tested on the runs" while
    repaired rows tested corrected D.2, D.4, D.5, D.7 and E.8 on the same runs: it counts them,
    from the published statuses of the repaired rows (counted here from the file), and the
    count falls when one of those repaired rows fails."""
    raw = json.loads(ledger.PUBLISHED.read_text(encoding="utf-8"))
    failing = [c.number for c in ledger.claims() if raw[c.number]["status"] == "fails"]
    rescued = [n for n in failing if raw.get(f"{n}, repaired", {}).get("status") == "holds"]
    box = report.found_box(walk=walk.load())
    assert _rescued(box) == len(rescued) == 5
    assert "no corrected form tested on the runs" not in box
    results = dict(ledger.published())
    results["Lemma D.2, repaired"] = Verdict(Status.FAILS, "a failing run")
    assert _rescued(report.found_box(results, walk.load())) == len(rescued) - 1


def test_a_vacuous_printed_bound_is_not_counted_false():
    """Lemma B.5's printed bound exp(+2ψ²/Σ(bᵢ − aᵢ)²) ≥ 1 cannot be violated: its row's
    qualifier "vacuous as printed" takes it out of the rows false as printed; without the
    qualifier it is counted again."""
    results = dict(ledger.published())
    box = _false_part(report.found_box(results, walk.load()))
    assert "[Lemma B.5](ledger.md#claim-lemma-b-5)" not in box.split("not counted:")[0]
    b5 = results["Lemma B.5"]
    results["Lemma B.5"] = Verdict(b5.status, b5.summary, b5.measurements)
    after = _false_part(report.found_box(results, walk.load()))
    assert "not counted:" not in after
    assert "[Lemma B.5](ledger.md#claim-lemma-b-5)" in after


def test_a_walk_with_one_more_failing_line_changes_the_box():
    data = copy.deepcopy(walk.load())
    before = report.found_box(walk=data)
    data["coverage"]["F"]["fails"] = data["coverage"]["F"].get("fails", 0) + 1
    assert report.found_box(walk=data) != before


def main_result(box: str, name: str) -> str:
    """A main result's bullet in the front page's ``box`` with its lines beneath it (what its
    runs show, its non-quadratic row: a sub-bullet each)."""
    lines = box.splitlines()
    start = next(i for i, x in enumerate(lines) if f"* [{name}](" in x)
    below = lines[start + 1 :]
    end = next((i for i, x in enumerate(below) if not x.startswith("    * ")), len(below))
    return "\n".join(lines[start : start + 1 + end])


def test_a_main_result_shows_its_non_quadratic_row_and_how_weak_a_hold_is():
    """A cold reader read "Lemma 5.3 holds" while the proof map called it too loose to be
    tested, and "Thm 5.4 holds" beside an erratum on γ > 0: the box says what the map says, and
    moves with the non-quadratic row and with the looseness of the repaired results."""
    results = dict(ledger.published())
    box = report.found_box(results, walk.load())
    lemma, theorem = main_result(box, "Lemma 5.3"), main_result(box, "Thm 5.4")
    assert "\n    * On the runs: holds, too loose to be tested" in lemma  # a line each
    assert "**repaired**: " in lemma.splitlines()[0]  # the conclusion first (``conclusion``)
    assert (  # which part of it fails, from its decisive qualifier
        "[its row with γ > 0](ledger.md#claim-thm-5-4-gamma-0)): false as printed (the printed "
        "Δ<sub>α,1</sub> fails on the rescaled run), with" in theorem
    )
    results["Thm 5.4, γ > 0"] = Verdict(Status.HOLDS, "repaired in place")
    theorem = main_result(report.found_box(results, walk.load()), "Thm 5.4")
    assert "[its row with γ > 0](ledger.md#claim-thm-5-4-gamma-0)): holds," in theorem
    loose = re.search(r"(\d+) of them too loose to be tested", box)
    assert loose is not None
    for c in ledger.repaired():  # none too loose: the parenthesis goes
        results[c.number] = Verdict(Status.HOLDS, "holds")
    repaired = report.found_box(results, walk.load()).split("repaired results**")[1]
    assert "too loose to be tested" not in repaired.split("errata**")[0]


def test_a_bound_too_loose_to_be_tested_says_why_and_how_far():
    """A cold reader read "holds, too loose to be tested: … = 130 ± 10" as a contradiction: the
    box gives the qualifier's criterion and the bound C beside the measured number, taken from
    the verdict (a different C, or a qualifier that does not hold, changes the line)."""
    results = dict(ledger.published())
    lemma = main_result(report.found_box(results, walk.load()), "Lemma 5.3")
    v = results["Lemma 5.3"]
    criterion = next(q.criterion for q in v.qualifiers if q.name == "too loose to be tested")
    assert f"({criterion.rsplit(': ', 1)[-1]})" in lemma  # its conclusion
    assert f"vs bound C = {powers_of_ten(v['C'].render())}" in lemma
    assert lemma.count("no run could exceed C") == 1  # the row with γ > 0 does not repeat it
    measurements = tuple(
        dataclasses.replace(m, value=m.value * 10) if m.name == "C" else m for m in v.measurements
    )
    results["Lemma 5.3"] = dataclasses.replace(v, measurements=measurements)
    moved = main_result(report.found_box(results, walk.load()), "Lemma 5.3")
    moved_c = powers_of_ten(results["Lemma 5.3"]["C"].render())
    assert f"vs bound C = {moved_c}" in moved and moved != lemma
    qualifiers = tuple(dataclasses.replace(q, outcome=False) for q in v.qualifiers)
    results["Lemma 5.3"] = dataclasses.replace(v, qualifiers=qualifiers)
    tested = main_result(report.found_box(results, walk.load()), "Lemma 5.3")
    assert "[Lemma 5.3](ledger.md#claim-lemma-5-3) (Lemma 11)" in tested
    assert tested.count("no run could exceed C") == 1  # now said by the row with γ > 0 alone


def test_the_peers_are_named_by_their_statements_not_their_row_names():
    box = report.found_box(walk=walk.load())
    peers = next(b for b in _bullets(box) if b.startswith("**Against its peers**"))
    for number in report.PEER_ROWS:
        assert f"[{number}](" not in peers
        assert f"({ledger.claim(number).notebook}.ipynb)" in peers


def test_the_box_opens_with_its_headline_and_keeps_its_key_and_glosses_the_walk():
    """A cold reader met "proof fails", "erratum" and "first false step 16" before they were
    defined: a key of the words, linked to how to read a verdict, and the walk's step said as
    the nth relation of its proof walk. Stop 58's reader found a key first hard to read cold:
    the box opens with the counts of what to conclude, each glossed where it is said, and says
    which corrected statements the repaired rows cite; the key follows, folded."""
    box = report.found_box(walk=walk.load())
    headline = box.split("\n\n")[1]
    assert headline.startswith("**The paper's 45 checked statements**")
    assert "(cite the corrected statement)" in headline and "repaired results" in headline
    key = box.split("<summary>Key: the words of this box</summary>")[1].split("\n\n")[1]
    assert key.startswith("*Key*:") and "(reading-a-verdict.md)" in key
    for word in ("stands", "proof fails", "repaired", "holds", "fails", "erratum"):
        assert f"**{word}** (" in key or f"**{word}**," in key, word
    assert "first false step" not in box
    assert re.search(r"first error: the \d+(st|nd|rd|th) relation of its proof walk\]", box)


def test_the_repaired_results_bullet_says_what_holds_and_counts_void_union_bounds():
    """ "12 of 12 repaired results hold" overstated where the union-bound form is void: the
    rows whose qualifier says so are counted and named, and the bullet says which form holds;
    without the qualifier the count goes."""
    results = dict(ledger.published())
    box = report.found_box(results, walk.load())
    vacuous = [
        c.number
        for c in ledger.repaired()
        if any(q.outcome and q.name == VACUOUS_QUALIFIER for q in results[c.number].qualifiers)
    ]
    assert vacuous, "no repaired row says its union-bound form is vacuous"
    assert f"{len(vacuous)} union-bound form vacuous)" in box
    assert f"[{vacuous[0]}](" in box.split("repaired results**")[1]
    assert "exceedance at most δ per draw" in box
    for number in vacuous:
        results[number] = Verdict(Status.HOLDS, "holds")
    assert "union-bound form" not in report.found_box(results, walk.load())


def test_the_peers_bullet_states_the_outcome_from_the_verdict():
    """ "… holds: see the comparison table" stated no claim: the outcomes that held are said,
    and move with the verdict's qualifiers."""
    results = dict(ledger.published())
    peers = next(b for b in _bullets(report.found_box(results, walk.load())) if "peers" in b)
    held = [q.name for q in results["Comparison"].qualifiers if q.outcome]
    assert held and all(f"{name}: yes" in peers for name in held)
    assert "the suite's finding, not a claim of the paper" in peers
    results["Comparison"] = dataclasses.replace(
        results["Comparison"],
        qualifiers=tuple(
            dataclasses.replace(q, outcome=False) for q in results["Comparison"].qualifiers
        ),
    )
    peers = next(b for b in _bullets(report.found_box(results, walk.load())) if "peers" in b)
    assert not any(f"{name}: yes" in peers for name in held)


def test_the_headline_says_which_corrected_statement_the_repaired_rows_cite():
    """Stop 58's reader could not tell how "18 are repaired" met "the corrigendum's 12 repaired
    results": the headline splits the rows concluded repaired into those a repaired result of
    the corrigendum checks (counted here from the repaired rows' own ``repairs`` field, not
    through ``report.repaired_twins``) and those an erratum corrects, and counts the results."""
    from mines_theory.verification.framework.ledger import statement_of

    data = walk.load()
    results = ledger.published()
    repaired = [
        c
        for c in ledger.claims()
        if report.conclusion(c, results[c.number], data) is report.Conclusion.REPAIRED
    ]
    checked = {statement_of(r.repairs or "") for r in ledger.repaired()}
    by_result = [c for c in repaired if statement_of(c.number) in checked]
    cited = {r.number for r in ledger.repaired() if statement_of(r.repairs or "") in checked}
    headline = report.found_box(results, data).split("\n\n")[1]
    said = (
        f"Of the {len(repaired)} repaired, {len(by_result)} are repaired by the corrigendum's "
        f"{len(cited)} repaired results"
    )
    assert said in headline, headline
    assert f"and {len(repaired) - len(by_result)} by an erratum's correction" in headline
    for c in repaired:
        if c not in by_result:
            assert f"[{c.number}](ledger.md#" in headline.split("erratum's correction")[1]
