"""The published proof walk (``proofs/walked.json``) and what reads it: the walk's statuses
recomputed against it, the README's table, the ``walk`` command of the verification command
line, and the book's pages (issue 42 §2)."""

from __future__ import annotations

import copy
import importlib.util
import io
import json
import re
from pathlib import Path

import pytest

from mines_theory.verification import command
from mines_theory.verification.proofs import pages, published, spec, walk
from mines_theory.verification.views import report
from mines_theory.verification.framework.verdict import Status

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("render_ledger", ROOT / "tools" / "render_ledger.py")
assert _spec is not None and _spec.loader is not None
render_ledger = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(render_ledger)

PUBLISHED = published.load()


def _statuses(data):
    return {
        name: [(s["index"], s["status"]) for s in steps] for name, steps in data["proofs"].items()
    }


def test_the_readme_shows_the_published_walk():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(render_ledger.WALK_START) + len(render_ledger.WALK_START)
    assert text[start : text.index(render_ledger.WALK_END)].strip() == published.summary_table()


def test_the_summary_counts_by_hand():
    data = {
        "proofs": {},
        "coverage": {
            "E": {"relations": 10, "walked": 4, "holds": 2, "fails": 1, "follows": 1},
            "F": {"relations": 2, "walked": 2, "identity": 2},
        },
    }
    table = published.summary_table(data)
    assert "| E | 10 | 4 | 0 | 2 | 1 | 1 | 0 |" in table
    assert "| all | **12** | **6** | **2** | **2** | **1** | **1** | **0** |" in table
    assert "6 of the 12 displayed relations of the walked proofs are steps (50%)." in table
    assert "Of the steps, 83% are decided (identity, holds or fails);" in table
    assert "1 `follows` (the line's own check holds only given an earlier" in table
    assert "`not checked`" not in table.split("|")[-1]
    assert "No step has the status" not in table
    # a walk where no step follows from a false one says so, and does not define `follows`
    del data["coverage"]["E"]["follows"]
    data["coverage"]["E"]["not checked"] = 1
    table = published.summary_table(data)
    assert "| E | 10 | 4 | 0 | 2 | 1 | 1 |" in table  # no column of zero follows
    assert "| follows |" not in table
    assert table.endswith(
        "the other 1 are `not checked`, each with its reason. No step has the status `follows`: "
        "every step after a false one was checked on its own."
    )
    assert "earlier line that fails" not in table


def test_a_status_change_republishes_and_a_moved_margin_does_not(tmp_path, monkeypatch):
    """``make figures`` (``render_ledger.publish_walk``) rewrites the walk where a status
    changed, and leaves it as it is where only a margin moved."""
    path = tmp_path / "walked.json"
    published.write(PUBLISHED, path)
    monkeypatch.setattr(published, "PUBLISHED", path)
    monkeypatch.delenv("MINES_THEORY_PAPER", raising=False)
    moved = json.loads(json.dumps(PUBLISHED))
    step = moved["proofs"]["Thm 5.4"][0]
    step["worst_margin"] = (step["worst_margin"] or 0.0) + 1e-9
    monkeypatch.setattr(published, "fresh", lambda tex, draws=1000: json.loads(json.dumps(moved)))
    before = path.read_bytes()
    render_ledger.publish_walk()
    assert path.read_bytes() == before
    moved["proofs"]["Thm 5.4"][0]["status"] = "fails"
    render_ledger.publish_walk()
    assert published.load(path)["proofs"]["Thm 5.4"][0]["status"] == "fails"


def test_a_corrupt_published_walk_is_a_named_error(tmp_path):
    path = tmp_path / "walked.json"
    path.write_text('{"proofs": ', encoding="utf-8")
    with pytest.raises(published.WalkError, match="walked.json is not valid JSON"):
        published.load(path)
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(published.WalkError, match="must be an object with a 'proofs' table"):
        published.load(path)
    with pytest.raises(published.WalkError, match="is missing"):
        published.load(tmp_path / "nowhere.json")


def test_walk_by_the_pdf_name_through_the_verification_command():
    """``python -m mines_theory.verification walk "Theorem 2" --json``: each step of the proof
    of Theorem 2 (our 3.2) with the fields the issue names, its status one of the closed set,
    as published (tests/test_proof_walk.py compares every proof's walk with the published)."""
    out = io.StringIO()
    assert command.main(["walk", "Theorem 2", "--json"], out=out) == 0
    steps = json.loads(out.getvalue())
    for step in steps:
        assert {"proof", "index", "latex", "relation", "status", "reason"} <= set(step)
        assert step["status"] in spec.STATUSES
    assert [(s["index"], s["status"]) for s in steps] == _statuses(PUBLISHED)["Thm 3.2"]


def test_walk_list_reads_the_specs_only():
    out = io.StringIO()
    assert command.main(["walk", "--list"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == len(spec.proofs())
    assert any(line.startswith("Lemma 5.1   Lemma 9 ") for line in lines)


def test_every_walked_proof_is_named_as_the_ledger_names_it():
    """A proof's names are its claim's: our number as the ledger writes it ("Thm 3.1", not
    "Theorem 3.1") and the PDF's beside it."""
    from mines_theory.verification.framework import ledger

    for proof in spec.proofs():
        assert ledger.claim(proof.name).printed == proof.printed, proof.name


def test_a_proof_page_marks_its_first_false_step_and_folds_the_evidence():
    steps = PUBLISHED["proofs"]["Lemma 5.1"]
    first = pages.first_error(steps)  # the ledger's; step 3, a typo, is badged so
    assert first is not None and steps[first - 1]["status"] == "fails"
    page = pages.proof_page("Lemma 9", PUBLISHED, lambda name: "repaired-lemma-5-1")
    assert page.startswith("# Lemma 9 (our Lemma 5.1): the walk of its proof\n")
    assert f"**its first error (a false step that is no slip) is [step {first}]" in page
    assert f"## Step {first} · ✗ fails · first error" in page
    assert "## Step 3 · ✗ typo · the first typo" in page
    assert page.count("## Step ") == len(steps)
    folds = ("Evidence", "Source", "Symbols on this page")
    folds = tuple(f"<summary>{fold}</summary>" for fold in folds)
    assert sum(page.count(summary) for summary in folds) == page.count("</details>")
    assert "{prf:ref}`Lemma 9, repaired <repaired-lemma-5-1>`" in page
    clean = pages.proof_page("Theorem 12", PUBLISHED)
    assert "no step fails" in clean and "first false step" not in clean
    # a line that holds after a false one says in its heading that the chain broke before it
    after = [s for s in steps if s["after"] and s["status"] in ("holds", "identity")]
    assert after, "Lemma 9's proof holds lines after its false ones"
    for s in after:
        badge = pages.BADGE[s["status"]]
        near = pages.nearest_false("Lemma 5.1", steps, s["index"])
        assert steps[near - 1]["status"] == "fails" and near >= s["after"]
        assert f"## Step {s['index']} · {badge} · after step {near}, which fails" in page


def test_the_index_lists_every_walked_proof_with_its_first_false_step():
    index = pages.index_page(PUBLISHED)
    unanswered = pages.unanswered_errata(PUBLISHED)
    for proof in spec.proofs():
        steps = PUBLISHED["proofs"][proof.name]
        fails = [(s["index"], pages.slip(s)) for s in steps if s["status"] == "fails"]
        errors = [i for i, kind in fails if kind not in ("typo", "imprecision")]
        kinds = {kind for _, kind in fails}
        line = next(x for x in index.splitlines() if f"(our {proof.name})]" in x)
        line = line.split("; the proof's first error")[0]
        assert f"({report.page_name(proof.name)}.md)" in line
        prose = [e for e in unanswered.get(proof.name, ()) if e["kind"] == "error"]
        if errors:  # the map's ✗ and the ledger's step: the first false step that is no slip
            where = f"first error at step {errors[0]}"
        elif prose:  # no relation is an error, but an erratum of kind error points into it
            where = f"fails in its prose (erratum {prose[0]['number']})"
        elif fails:
            where = f"{'typos' if kinds == {'typo'} else 'slips'} only, the first at step "
            where += str(fails[0][0])
        else:
            where = "no false step"
        assert line.split("; ")[-1].startswith(where) or where in line.split("; ")[-2], line
    # Theorem 4's step 4 is named by a typo (eq:J_Sig_0), its step 41 by an imprecision; round
    # 3: the list said "the first not a typo at step 41" where the map and ledger said "slips 4"
    line = next(x for x in index.splitlines() if "(our Thm 3.4)]" in x)
    assert line.endswith("; slips only, the first at step 4")
    # Lemma 28's (our D.5) first false step is a typo, its first error step 3; Lemma 29's (our
    # D.6) steps 14-15 answer to its Taylor erratum, an imprecision (stop 58): slips only
    line = next(x for x in index.splitlines() if "(our Lemma D.5)]" in x)
    assert line.endswith("; first error at step 3 (a typo at step 1)")
    line = next(x for x in index.splitlines() if "(our Lemma D.6)]" in x)
    assert line.endswith("; slips only, the first at step 1, the statement")


def test_a_fragment_loses_its_alignment_and_labels_not_its_mathematics():
    """Labels, alignment and line breaks go; a reference becomes the number the PDF prints
    (eq:TG is (4.10), lem:Sig_dec Lemma 11); an unknown one stays as its label."""
    fragment = r"&\le \frac{a}{b} \label{eq:x} \nonumber \\ & + c"
    assert pages.tex_fragment(fragment) == r"\le \frac{a}{b} + c"
    cited = r"\stackrel{\eqref{eq:TG}}{\le} x \text{ by } \ref{lem:Sig_dec}, \eqref{eq:nowhere}"
    assert pages.tex_fragment(cited) == (
        r"\stackrel{\text{(4.10)}}{\le} x \text{ by } \text{Lemma 11}, \text{eq:nowhere}"
    )


def test_the_errata_cross_check_of_the_published_walk():
    """Each erratum that a failing step names exists and that step fails; the issue's source of
    the γ > 0 errata (Lemma 9's substitution of η₁,k, step 9) answers to its erratum; every
    failing step no erratum names is listed as a new finding on the book's index page, with the
    step's reason."""
    labels = published.errata_labels()
    result = published.cross_check(PUBLISHED, labels)
    assert set(result.matched) <= set(labels)
    steps = {name: {s["index"]: s for s in ss} for name, ss in PUBLISHED["proofs"].items()}
    for label, where in result.matched.items():
        assert all(steps[name][index]["status"] == "fails" for name, index in where), label
    assert ("Lemma 5.1", 9) in result.matched["proof of Lemma 5.1, substituting η₁,k; Δ_α,1"]
    named = {(n, i) for where in result.matched.values() for n, i in where}
    failing = {(n, i) for n, ss in steps.items() for i, s in ss.items() if s["status"] == "fails"}
    assert set(result.new_findings) == failing - named
    index = pages.index_page(PUBLISHED)
    for name, step in result.new_findings:
        assert f"step {step} of {spec.find(name).printed}]({report.page_name(name)}.md)" in index
    assert "## The walk against the errata" in index


def test_notebook_08d_shows_the_published_walk():
    """Notebook 08d's table of the walk is the rendering of the published walk (its stored
    output, which the book shows: stale after a republication until ``make figures`` runs)."""
    notebook = json.loads((ROOT / "notebooks" / "08d-errata.ipynb").read_text(encoding="utf-8"))
    cells = [c for c in notebook["cells"] if "walk.summary_table()" in "".join(c["source"])]
    assert len(cells) == 1
    (output,) = cells[0]["outputs"]
    shown = "".join(output["data"]["text/markdown"])
    assert shown.startswith(published.summary_table() + "\n\n")  # then the errata's count


def test_notebook_08d_lists_the_errata_its_reconciliation_says_are_listed():
    """The sentence under 08d's table of the walk says the errata no failing step names are
    "listed below" (a cold reader, stop 58, found no list): its stored output lists, after it,
    each erratum a step names without failing (``answers_to``) and each that points into a
    walked proof none of whose failing steps answers to it, linked to its entry and to the
    proof's page, with how many of that proof's steps fail; as many of each as the sentence
    counts, and no erratum of another kind."""
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.framework.paper import with_number
    from mines_theory.verification.views.errata import erratum_link

    notebook = json.loads((ROOT / "notebooks" / "08d-errata.ipynb").read_text(encoding="utf-8"))
    cells = [c for c in notebook["cells"] if "walk.summary_table()" in "".join(c["source"])]
    (output,) = cells[0]["outputs"]
    shown = "".join(output["data"]["text/markdown"])
    result = published.cross_check(PUBLISHED)
    said = report.html_scripts(with_number(published.reconciliation(PUBLISHED)))
    assert said in shown
    after = shown.split(said, 1)[1]
    held = after.split("Named by a step that does not fail:", 1)[1]
    held, inside = held.split("Pointing into a walked proof:", 1)
    assert held.count("\n- ") == len(result.dangling) >= 1
    for step in result.dangling:
        assert report.html_scripts(with_number(pages.answers_to(*step))) in held
    assert inside.count("\n- ") == len(result.unmatched) >= 1
    for label in result.unmatched:
        labels = published.proof_labels(PUBLISHED)
        proof = next(p for p in spec.proofs() if walk.points_into(label, p, labels.get(p.name, ())))
        failing = sum(s["status"] == "fails" for s in PUBLISHED["proofs"][proof.name])
        # several errata may share a link (those written out under one repair in 08a)
        link = f"*]({erratum_link(ledger.erratum(label))})"
        named = f"[*{report.html_scripts(with_number(label))}{link}"
        [item] = [x for x in inside.splitlines() if named in x]
        assert f"]({report.page_name(proof.name)}.md), " in item
        assert (f"whose {failing} failing steps" in item) == (failing > 0), item
        assert ("no step of which fails" in item) == (failing == 0), item
    assert f"{len(result.dangling)} is named by a step that does not fail (listed below)" in said
    assert f"{len(result.unmatched)} point into a walked proof" in said


def test_notebook_08d_lists_the_walk_s_new_findings():
    """Notebook 08d (the errata, read as the corrigendum's index) lists every failing step that
    no erratum names, each linked to its proof's page with the step's reason: its stored output
    is the rendering of the published walk."""
    notebook = json.loads((ROOT / "notebooks" / "08d-errata.ipynb").read_text(encoding="utf-8"))
    cells = [c for c in notebook["cells"] if "pages.new_findings()" in "".join(c["source"])]
    assert len(cells) == 1
    (output,) = cells[0]["outputs"]
    text = "".join(output["data"]["text/markdown"])
    assert text == pages.new_findings(PUBLISHED)
    for name, index in published.cross_check(PUBLISHED).new_findings:
        printed = spec.find(name).printed
        assert f"[step {index} of {printed}]({report.page_name(name)}.md) (our {name})" in text


def test_new_findings_are_the_failing_steps_no_erratum_names():
    """On a synthetic walk of Lemma 5.1: the failing step the erratum names is not a finding,
    the other failing step is, with its reason and counterexample; none left: '(none)'."""
    step = {"status": "holds", "reason": "", "counterexample": None, "erratum": None}
    steps = [dict(step, index=i, proof="Lemma 5.1") for i in range(1, 4)]
    steps[0].update(status="fails", erratum="proof of Lemma 5.1, substituting η₁,k; Δ_α,1")
    steps[2].update(status="fails", reason="a slip", counterexample={"d": 2, "tau": 0.25})
    data = {"proofs": {"Lemma 5.1": steps}}
    for s in steps:
        s.update(printed="Lemma 9", latex="", relation="=", evidence="", instances=0)
        s.update(worst_margin=None)
    text = pages.new_findings(data)
    assert text.count("\n- ") == 0 and text.startswith("- [step 3 of Lemma 9](")
    assert "a slip. Counterexample: d = 2, τ = 0.25." in text
    steps[2].update(erratum="proof of Lemma 5.1, substituting η₁,k; Δ_α,1")
    assert pages.new_findings(data) == "(none)"


def test_the_walk_pages_write_mathematics_as_mathematics():
    """The reasons and notes of the proof pages and the index write TeX's scripts as plain text
    (Σ^{1/2}, ν_i); the pages typeset them (``views.report.html_scripts``), as the notebooks'
    do: none is left for the book's check to find."""
    from .test_book_pages import plain_mathematics

    assert plain_mathematics("‖Σ^{1/2}‖ max_i|ν_i|")  # the pages' raw text, before
    for proof in spec.proofs():
        assert plain_mathematics(pages.proof_page(proof.name, PUBLISHED)) == [], proof.name
    assert plain_mathematics(pages.index_page(PUBLISHED)) == []


def test_a_proof_page_names_the_walks_of_what_its_proof_cites():
    """Theorem 12's own lines hold, yet it rests on Lemmas 9–11, whose proofs fail: its page
    says so, each cited result with its walk's first false step (or 'not walked')."""
    page = pages.proof_page("Thm 5.4", PUBLISHED)
    summaries = pages.proof_summaries(PUBLISHED)
    assert summaries["Thm 5.4"].first_error is None
    for name, printed in (("Lemma 5.1", 9), ("Lemma 5.2", 10), ("Lemma 5.3", 11)):
        first = summaries[name].first_error
        assert first is not None
        link = f"[Lemma {printed} (our {name})]({report.page_name(name)}.md)"
        assert f"{link}, first error at step {first}" in page
    assert "Lemma 17 (our Lemma B.1), not walked" in pages.proof_page("Thm 3.3", PUBLISHED)


def test_a_proof_page_opens_with_what_the_ledger_finds_of_its_statement():
    """Lemma 9 (our 5.1) has two ledger rows, each with its published status and qualifiers,
    linked to the ledger; a verdict that changes changes the sentence (it is read, not
    written); the corrigendum's repairs are not the statement."""
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.framework.verdict import Status, Verdict

    verdicts = ledger.published()

    def opening(page: str) -> str:
        return next(line for line in page.split("\n") if line.startswith(pages.STATEMENT_LEAD))

    lead = pages.STATEMENT_LEAD
    page = pages.proof_page("Lemma 5.1", PUBLISHED)
    said = opening(page)
    link = "[Lemma 5.1](ledger.md#claim-lemma-5-1)"
    run = " (its run on a quadratic f, γ = 0)"  # two rows, two runs (reader E, stop 59)
    assert said.startswith(f"{lead} {link}{run}, concluded **repaired** (")
    assert "; on the runs, the statement as printed holds (" in said
    gamma = "[Lemma 5.1, γ > 0](ledger.md#claim-lemma-5-1-gamma-0)"
    assert "on the runs, the statement is false as printed and holds corrected (" in said
    assert said.count("**repaired**") == 2 and gamma in said
    for number in ("Lemma 5.1", "Lemma 5.1, γ > 0"):
        held = [q.name for q in verdicts[number].qualifiers if q.outcome]
        assert held and held[0] in said, number
    flipped = dict(verdicts, **{"Lemma 5.1": Verdict(Status.FAILS, "made up")})
    other = opening(pages.proof_page("Lemma 5.1", PUBLISHED, results=flipped))
    assert other.startswith(f"{lead} [Lemma 5.1](ledger.md#claim-lemma-5-1){run}, concluded **")
    assert other.split("; [")[0].endswith("; on the runs, the statement as printed fails")
    # an erratum-free proof whose statement holds without qualifiers
    clean = opening(pages.proof_page("Thm 3.2", PUBLISHED))
    assert clean == (
        f"{lead} [Thm 3.2](ledger.md#claim-thm-3-2), concluded **stands** (nothing found "
        "against it); on the runs, the statement as printed holds."
    )
    with pytest.raises(ValueError, match="name='Lemma 9.9'"):
        pages.statement_verdicts("Lemma 9.9", verdicts)


def _lemma9_spec(tmp_path, slip: bool) -> spec.Proof:
    """Lemma 9's (our 5.1) spec as published, with or without its steps 3 and 6's
    ``slip = "typo"``."""
    text = (Path(spec.__file__).parent / "e01-lemma9.toml").read_text(encoding="utf-8")
    assert text.count('slip = "typo"\n') == 2
    path = tmp_path / "e01-lemma9.toml"
    path.write_text(text if slip else text.replace('slip = "typo"\n', ""), encoding="utf-8")
    return spec.load(path)


def _with_spec(monkeypatch, proof: spec.Proof) -> None:
    """The specs as published with ``proof`` in place of the one of its name."""
    made = tuple(proof if p.name == proof.name else p for p in spec.proofs())
    monkeypatch.setattr(spec, "proofs", lambda: made)


def test_the_first_false_step_says_the_kind_its_erratum_gives(tmp_path, monkeypatch):
    """Lemma 28's (our D.5) first false step is named by an erratum of kind "typo", its first
    error (step 3) by one of kind "error"; Lemma 29's (our D.6) step 3 is an imprecision (its
    erratum's kind) and badged so; Lemma 9's step 3 is named by none, and says nothing of a kind
    where its spec gives it none (its note's "a typo" is prose, not read); an erratum's kind
    replaces it."""
    from mines_theory.verification.framework import ledger

    steps = PUBLISHED["proofs"]["Lemma D.5"]
    first = report.first_false(steps)
    assert first is not None
    assert ledger.erratum(steps[first - 1]["erratum"]).kind == "typo"
    page = pages.proof_page("Lemma D.5", PUBLISHED)
    assert f"**the first false step is step {first}**, a typo (its erratum: “Lemmas D.1, " in page
    link = "[step 3](walk-lemma-d-5.md#walk-lemma-d-5-step-3)"
    assert f"**its first error (a false step that is no slip) is {link}**, an error" in page
    assert "## Step 3 · ✗ fails · first error\n" in page
    page = pages.proof_page("Lemma D.6", PUBLISHED)
    assert "## Step 3 · ✗ imprecision\n" in page  # a slip: its kind badges it
    assert "## Step 14 · ✗ imprecision\n" in page and "first error" not in page
    _with_spec(monkeypatch, _lemma9_spec(tmp_path, slip=False))
    bare = pages.proof_page("Lemma 5.1", PUBLISHED)
    first = report.first_false(PUBLISHED["proofs"]["Lemma 5.1"])
    said = f"**the first false step is step {first}**, which no erratum names (a new finding"
    assert said in bare and "its first error" not in bare and "the walk reads it" not in bare
    error = next(e.label for e in ledger.errata() if e.kind == "error")
    walk = json.loads(json.dumps(PUBLISHED))
    walk["proofs"]["Lemma 5.1"][first - 1]["erratum"] = error
    monkeypatch.undo()  # the published spec, its slip beside an erratum: the erratum's kind
    named = pages.proof_page("Lemma 5.1", walk)
    assert f"**the first false step is step {first}**, an error, as its erratum says." in named
    assert "its first error" not in named


def test_lemma_9_s_steps_3_and_6_are_typos_by_their_spec_and_step_9_the_first_that_is_not(
    tmp_path, monkeypatch
):
    """Lemma 9's (our 5.1) step 3, Ũ_kŨ_k∇f for Ũ_kŨ_kᵀ∇f, and step 6, Ũ_kUΣ_kUᵀŨ_kᵀ for
    Ũ_kUᵀΣ_kUŨ_kᵀ, are the same defect (a product defined only when b = d), read alike: both
    as printed, both typos no erratum names (``slip = "typo"``; step 3 was read as intended, an
    identity, while step 6 failed: a cold reader saw the two treated apart). So the page calls
    step 3 the first false step, a typo, and step 9 (an error, its erratum) the first that is
    not one, in the sentence, the headings and the index; the same spec without the field says
    "a new finding" and names no step 9."""
    steps = PUBLISHED["proofs"]["Lemma 5.1"]
    for typo in (steps[2], steps[5]):
        assert typo["erratum"] is None and typo["status"] == "fails"
        assert pages.slip(typo) == "typo"
    assert pages.slip(steps[8]) == "error"
    assert pages.first_error(steps) == 9 and report.first_false(steps) == 3
    link = "[step 9](walk-lemma-5-1.md#walk-lemma-5-1-step-9)"
    said = (
        "**the first false step is step 3**, a typo (as the walk reads it: a new finding, which "
        "no erratum names); **its first error (a false step that is no slip) is "
        f"{link}**, an error, as its erratum says."
    )
    page = pages.proof_page("Lemma 9", PUBLISHED)
    assert said in page
    assert "## Step 9 · ✗ fails · first error\n" in page
    assert "## Step 3 · ✗ typo · the first typo\n" in page
    assert "No erratum names this step: the walk reads it as a typo" in page
    index = pages.index_page(PUBLISHED)
    assert "first error at step 9 (2 typos before it)" in index
    for slipped in (False, True):
        _with_spec(monkeypatch, _lemma9_spec(tmp_path, slip=slipped))
        page = pages.proof_page("Lemma 9", PUBLISHED)
        assert (said in page) is slipped
        assert ("its first error (a false step that is no slip)" in page) is slipped
        assert ("step 3**, which no erratum names (a new finding" in page) is not slipped
        assert (pages.first_error(steps) == 9) is slipped
        monkeypatch.undo()


@pytest.mark.parametrize(
    "extra, match",
    [
        ('slip = "typo"', None),
        ('slip = "error"', None),
        ('slip = "a slip"', "slip must be one of"),
        ("slip = 1", "field 'slip' must be str"),
        ('slip = "typo"\nerratum = "eq:bG"', "slip='typo' on a step the erratum 'eq:bG' names"),
    ],
)
def test_a_step_s_slip_is_an_erratum_kind_and_only_where_no_erratum_names_it(
    tmp_path, extra, match
):
    path = tmp_path / "slip.toml"
    path.write_text(
        '[proof]\nname = "X"\nprinted = "Y"\nlabel = "z"\nanchor = "a"\ncomplete = false\n'
        'hypotheses = "h"\n\n[[step]]\nindex = 1\nlatex = "= x"\nrelation = "="\n'
        f'how = "identity"\nchecker = "lemma9:gram_identity"\n{extra}\n'
    )
    if match is None:
        assert spec.load(path).steps[0].slip == extra.split('"')[1]
        return
    with pytest.raises(ValueError, match=re.escape("slip.toml (X), step 1: ") + ".*" + match):
        spec.load(path)


def test_every_slip_the_specs_declare_is_a_failing_step_no_erratum_names():
    """A spec's ``slip`` reads a new finding: each is on a step that fails in the published
    walk, with no erratum (which the spec refuses beside it) and a reading that says why."""
    slipped = [(p.name, s) for p in spec.proofs() for s in p.steps if s.slip is not None]
    assert {(name, s.index) for name, s in slipped} == {
        ("Lemma 5.1", 3),
        ("Lemma 5.1", 6),
        ("Lemma D.1", 10),
        ("Lemma D.4", 6),
        ("Lemma D.5", 7),
    }
    for name, step in slipped:
        walked = PUBLISHED["proofs"][name][step.index - 1]
        assert walked["status"] == "fails" and walked["erratum"] is None, (name, step.index)
        assert step.slip in step.reason, (name, step.index)


def test_a_first_false_step_that_is_a_typo_names_the_first_that_is_not():
    """Lemma 9 (our 5.1) with its steps 3 and 6 named by a typo erratum (its notes read them
    as ones): the page says step 3 is a typo and that the first false step that is not one is
    step 9 (an error, its erratum), marked in its heading; with step 9 a typo as well, step 10
    (no erratum names it). On synthetic steps: a new finding, an error or nothing after the
    typos."""
    from mines_theory.verification.framework import ledger

    typo = next(e.label for e in ledger.errata() if e.kind == "typo")
    walk = json.loads(json.dumps(PUBLISHED))
    steps = walk["proofs"]["Lemma 5.1"]
    assert [s["index"] for s in steps if s["status"] == "fails"] == [3, 6, 9, 10]
    steps[2]["erratum"] = steps[5]["erratum"] = typo
    assert pages.first_error(steps) == 9 and report.first_false(steps) == 3
    page = pages.proof_page("Lemma 9", walk)
    link = "[step 9](walk-lemma-5-1.md#walk-lemma-5-1-step-9)"
    assert f"**the first false step is step 3**, a typo (its erratum: “{typo}" in page
    said = f"”); **its first error (a false step that is no slip) is {link}**, an error, as its"
    assert said + " erratum says." in page
    assert "## Step 9 · ✗ fails · first error\n" in page
    assert "## Step 3 · ✗ typo · the first typo\n" in page
    steps[8]["erratum"] = typo
    steps[9]["erratum"] = None  # step 10 as if no erratum named it (it names step 9's)
    assert pages.first_error(steps) == 10
    assert "is [step 10](walk-lemma-5-1.md#walk-lemma-5-1-step-10)**, which no erratum" in (
        pages.proof_page("Lemma 9", walk)
    )
    # synthetic steps: what follows the typos decides
    error = next(e.label for e in ledger.errata() if e.kind == "error")
    made = [
        {"index": 1, "status": "fails", "erratum": typo},
        {"index": 2, "status": "holds", "erratum": None},
        {"index": 3, "status": "fails", "erratum": typo},
        {"index": 4, "status": "fails", "erratum": error},
        {"index": 5, "status": "fails", "erratum": None},
    ]
    assert pages.first_error(made) == 4
    assert pages.first_error(made[:3] + made[4:]) == 5
    assert pages.first_error(made[:3]) is None and pages.first_error(made[1:2]) is None
    made[0]["erratum"] = error  # not a typo: the first false step itself
    assert pages.first_error(made) == report.first_false(made) == 1


def test_the_errata_section_leads_with_each_proof_in_the_paper_s_order():
    """The index's walk against the errata has a line per walked proof with a failing step, in
    the paper's order (``spec.proofs``), led by the proof: "Lemma 38 (our Lemma E.8): steps 1,
    3, … and 32 answer to eq:chi_1 …", so a reader scanning for a proof finds it once. Each
    line holds exactly its proof's failing steps (read from the walk data), each once, each
    number a link to its step's target on the proof's page (which the page carries); an
    erratum spanning three proofs is under each."""
    index = pages.index_page(PUBLISHED)
    section = index[index.index("## The walk against the errata") :]
    section = section[: section.index("**New findings**")]
    section = section.split("Steps that name an erratum without failing")[0]  # led by errata
    bullets: list[str] = []  # a proof's item, with the items nested beneath it
    for x in section.splitlines():
        if x.startswith("- ["):
            bullets.append(x)
        elif x.startswith("  - ") and bullets and bullets[-1].startswith("- ["):
            bullets[-1] += "\n" + x
    led = [re.match(r"- \[[^]]*\(our ([^)]*)\)\]", x) for x in bullets]
    assert all(led)
    failing = [
        p.name
        for p in spec.proofs()
        if any(s["status"] == "fails" for s in PUBLISHED["proofs"][p.name])
    ]
    assert [m[1] for m in led if m] == _listed()
    bullets = [x for x, m in zip(bullets, led, strict=True) if m and m[1] in failing]
    for name, line in zip(failing, bullets, strict=True):
        anchor = re.escape(report.page_name(name))
        linked = [int(i) for i in re.findall(rf"\[(\d+)\]\({anchor}\.md#{anchor}-step-\d+\)", line)]
        steps = PUBLISHED["proofs"][name]
        assert sorted(linked) == [s["index"] for s in steps if s["status"] == "fails"], name
    line = bullets[failing.index("Lemma E.8")]
    chi = [
        s["index"]
        for s in PUBLISHED["proofs"]["Lemma E.8"]
        if (s["erratum"] or "").startswith("eq:chi_1")
    ]
    assert len(chi) == 10
    links = [f"[{i}](walk-lemma-e-8.md#walk-lemma-e-8-step-{i})" for i in chi]
    assert line.startswith(  # an erratum's label holds a ";": an item each, beneath the proof
        "- [Lemma 38 (our Lemma E.8)](walk-lemma-e-8.md):\n  - steps "
        + ", ".join(links[:-1])
        + f" and {links[-1]} answer to [*eq:chi_1 (E.10) (Lemma E.8)"  # linked to its entry
    )
    page = pages.proof_page("Lemma E.8", PUBLISHED)
    for i in chi:
        assert f"(walk-lemma-e-8-step-{i})=\n" in page
    spanning = [x for x in bullets if "*proofs of eq:nu (D.3), eq:hh (D.6)" in x]
    assert len(spanning) == 3  # Lemmas 25, 27 and 28 (our D.2, D.4, D.5)
    assert pages.step_numbers("Lemma E.2", [9]) == (
        "step [9](walk-lemma-e-2.md#walk-lemma-e-2-step-9)"
    )


def _listed() -> list[str]:
    """The walked proofs the index's walk against the errata should list, in the paper's
    order: those with a failing step or an erratum that points into them unanswered."""
    unmatched = published.cross_check(PUBLISHED).unmatched
    return [
        p.name
        for p in spec.proofs()
        if p.name in PUBLISHED["proofs"]
        and (
            any(s["status"] == "fails" for s in PUBLISHED["proofs"][p.name])
            or any(
                walk.points_into(x, p, published.proof_labels(PUBLISHED).get(p.name, ()))
                for x in unmatched
            )
        )
    ]


UNANSWERED = {  # erratum → the walked proof it points into, where no failing step answers
    "proof of Thm 3.2": "Thm 3.2",
    "proof of Thm 3.4, after eq:Sig_opt": "Thm 3.4",
    "eq:Sig_opt → eq:Sig_opt_1": "Thm 3.4",  # both equations displayed inside the proof
    "eq:alpha_err (Lemma E.4), the step citing eq:GG": "Lemma E.4",
    "eq:sto_err (Lemma E.9), proof": "Lemma E.9",
    "Lemma 5.3 (statement and proof); Thm 5.4, item 2": "Lemma 5.3",
}


def test_the_errata_that_point_into_a_walked_proof_are_grouped_by_where_they_point():
    """An erratum points into a walked proof by its label ("proof of …", or the proof named
    and then its "proof" or a "step" of it) or by an equation the .tex displays inside the
    proof: the six no failing step answers to are exactly these (a cold reader found E.9's
    "eq:sto_err (Lemma E.9), proof", E.4's "…, the step citing eq:GG" and Thm 3.4's
    "eq:Sig_opt → eq:Sig_opt_1" filed among the errata "not labelled as the proof of a walked
    result", as the old rule, "proof of" only, had them); each proof's spec says why no relation
    answers to each of its own, and names no other. eq:J_quad's erratum, whose equation the
    proof of Thm 3.1 cites but Section 2 displays, points into no proof."""
    result = published.cross_check(PUBLISHED)
    assert dict.fromkeys(result.unmatched) == dict.fromkeys(
        x for x in published.errata_labels() if x in UNANSWERED
    )
    for label, name in UNANSWERED.items():
        proof = spec.find(name)
        shown = published.proof_labels(PUBLISHED)
        into = [p.name for p in spec.proofs() if walk.points_into(label, p, shown.get(p.name, ()))]
        assert into == [name], label
        assert label in dict(proof.unanswered), (name, label)
    for proof in spec.proofs():
        for label in dict(proof.unanswered):
            assert UNANSWERED.get(label) == proof.name, (proof.name, label)
    quad = "eq:J_quad (proof of Thm 3.1, first display)"
    assert not any(walk.points_into(quad, p) for p in spec.proofs())
    old = [x for x in published.errata_labels() if x in UNANSWERED and x.startswith("proof of")]
    assert len(old) == 2 < len(result.unmatched) == 6


def test_the_published_labels_inside_each_proof_are_the_tex_s(tex):
    """The equations displayed inside each walked proof, which place an erratum about one of
    them (``walk.points_into``), are published as the .tex has them."""
    assert published.proof_labels(PUBLISHED) == published.labels_of(tex)
    assert {"eq:Sig_opt", "eq:Sig_opt_1"} <= set(published.proof_labels(PUBLISHED)["Thm 3.4"])


def test_an_erratum_no_failing_step_answers_to_is_under_its_proof_and_on_its_page():
    """The errata no failing step answers to (``UNANSWERED``) stand on the index beneath
    their proofs' lines (Thm 3.2's, which has no failing step, added for it), not in a list
    apart, with the reason their proof's spec gives; each proof's page says it once for each,
    linking its entry; no other page says it. Given to a failing step of Thm 3.4 in a copy of
    the walk, the erratum is answered: its sentence leaves its page and the index."""
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.views.errata import erratum_link

    unmatched = published.cross_check(PUBLISHED).unmatched
    assert set(unmatched) == set(UNANSWERED)
    index = pages.index_page(PUBLISHED)
    section = index[index.index("## The walk against the errata") :]
    assert "Errata that no failing step answers to" not in section
    lines = section.splitlines()
    said = "An erratum points into this proof, "
    for label, name in UNANSWERED.items():
        link = erratum_link(ledger.erratum(label))  # two errata may share an entry's link
        reason = dict(spec.find(name).unanswered)[label]  # up to its first label, rendered
        at = next(i for i, x in enumerate(lines) if link in x and reason.split("eq:")[0][:40] in x)
        assert lines[at].startswith(f"  - {said}")
        owner = next(x for x in reversed(lines[:at]) if x.startswith("- ["))
        assert f"(our {name})]" in owner
    assert "- [Theorem 2 (our Thm 3.2)](walk-thm-3-2.md): no step fails." in lines
    for proof in spec.proofs():
        if proof.name in PUBLISHED["proofs"]:
            page = pages.proof_page(proof.name, PUBLISHED)
            mine = sum(name == proof.name for name in UNANSWERED.values())
            assert page.count(said) == mine, proof.name
    page = pages.proof_page("Thm 3.4", PUBLISHED)
    link = erratum_link(ledger.erratum("proof of Thm 3.4, after eq:Sig_opt"))
    assert page.index(said) < page.index("*Admissible instances*") and link in page
    changed = json.loads(json.dumps(PUBLISHED))
    step = next(s for s in changed["proofs"]["Thm 3.4"] if s["status"] == "fails")
    step["erratum"] = "proof of Thm 3.4, after eq:Sig_opt"
    page = pages.proof_page("Thm 3.4", changed)
    assert not [x for x in page.splitlines() if x.startswith(said) and link in x]
    section = pages.index_page(changed)
    section = section[section.index("## The walk against the errata") :]
    assert not [x for x in section.splitlines() if said in x and link in x]  # answered now


def test_a_step_an_erratum_names_says_so_in_a_sentence():
    """Lemma 9's (our 5.1) step 9 is named by an erratum of kind "error": the line under it
    says so with the label in quotation marks, linked to its entry, where the old line
    ("Named by the erratum proof of Lemma 5.1, substituting …") read as a garbled sentence;
    the kind follows the erratum's (Lemma 29's step 1, a typo)."""
    page = pages.proof_page("Lemma 9", PUBLISHED)
    assert (
        "An erratum names this step (an error): [“proof of Lemma 5.1, substituting η₁,k; "
        "Δ<sub>α,1</sub>”](08a-corrigendum-section5.ipynb#repair-lemma-5-1); it names step "
    ) in page
    named = [s for s in PUBLISHED["proofs"]["Lemma 5.1"] if s["erratum"]]
    said = page.count("An erratum names this step")
    assert named and said == len({s["erratum"] for s in named})  # once, with its later steps
    other = pages.proof_page("Lemma D.6", PUBLISHED)
    assert "An erratum names this step (a typo): [“eq:G_norm (" in other
    for proof in spec.proofs():
        assert "Named by the erratum" not in pages.proof_page(proof.name, PUBLISHED), proof.name


def test_a_negative_margin_of_a_step_that_holds_gives_its_tolerance(monkeypatch):
    """Lemma 9's step 2 holds with worst margin −2.48e-16 (walked.json): its evidence writes it
    as a power of ten with the rounding tolerance beside it, read from ``check.TOLERANCE`` (a
    different tolerance changes the sentence); a positive margin (step 4's 5.8·10⁻³) and a
    failing step's (step 6's −0.901) get no tolerance, nor does a Monte Carlo step that holds
    at a negative margin (Theorem 1's step 1: its standard error decides). The page explains
    the margin once; no page writes a number as 2.48e-16."""
    from mines_theory.verification.proofs import check

    page = pages.proof_page("Lemma 9", PUBLISHED)
    steps = {s["index"]: s for s in PUBLISHED["proofs"]["Lemma 5.1"]}
    assert steps[2]["worst_margin"] < 0 < steps[4]["worst_margin"]
    within = "(within the rounding tolerance 10⁻¹⁰)"
    assert f"worst margin −2.5×10⁻¹⁶ {within}" in page
    assert "worst margin 0.0058." in page and "ormalized margin −0.901 at the instance" in page
    index = pages.index_page(PUBLISHED)  # the margins explained once, on the index
    assert index.count("*The margins.*") == 1 and "at least −10⁻¹⁰" in index
    monkeypatch.setattr(check, "TOLERANCE", 1e-12)
    assert "worst margin −2.5×10⁻¹⁶ (within the rounding tolerance 10⁻¹²" in (
        pages.proof_page("Lemma 9", PUBLISHED)
    )
    monkeypatch.undo()
    first = PUBLISHED["proofs"]["Thm 3.1"][0]
    assert first["worst_margin"] < 0 and "Monte Carlo" in first["evidence"]
    theorem = pages.proof_page("Thm 3.1", PUBLISHED)
    assert theorem.count("rounding tolerance 10⁻¹⁰ of") < sum(
        s["worst_margin"] is not None and s["worst_margin"] < 0
        for s in PUBLISHED["proofs"]["Thm 3.1"]
    )
    for proof in spec.proofs():
        text = pages.proof_page(proof.name, PUBLISHED)
        assert not re.findall(r"\d e?[-+]\d\d\b|\de[-+]\d", text), proof.name
    assert pages.margin_note([{"worst_margin": None}]) is None


def test_every_name_a_published_counterexample_uses_is_defined_on_its_page():
    """Each walk page has one "Symbols on this page" fold (its displays use symbols), and every name
    any published counterexample uses (iterated over the walk, not listed here) is defined in
    it, the paper's symbols linked to the notation page; a name nothing defines is a named
    error, not a silent gap. The model's choices are words: Lemma 29's (our D.6) "isotropic =
    1" reads "isotropic instance: yes"; the sides, "left side", are words, not symbols listed
    (reader D, stop 58)."""
    fold = re.compile(r"<summary>Symbols on this page</summary>\n\n(.*?)\n\n</details>", re.S)
    for name, steps in PUBLISHED["proofs"].items():
        used = {k for s in steps for k in (s["counterexample"] or {})}
        page = pages.proof_page(name, PUBLISHED)
        found = fold.findall(page)
        assert len(found) == 1, name  # every page's displays use symbols (and define them)
        for key in used:
            together = any({"estimate", "se"} <= set(s["counterexample"] or {}) for s in steps)
            if key in ("estimate", "se") and together:
                continue  # one item in words, the step's slack ± its error (pages._values)
            if key in ("lhs", "rhs", "lhs - rhs"):  # "left side", in words: no symbol to list
                assert not re.search(r"\n- (left|right) side: ", found[0]), name
                continue
            written = "ν₁, ν₂, …" if re.fullmatch(r"nu_\d", key) else None
            written = written or pages.WORDS.get(key) or pages.symbol(key)
            item = rf"(?:\n- |, ){re.escape(written)}(?:, [^:;\n]+)?: \S"
            assert re.search(item, found[0]), (name, key)
        if any(k in pages.GLOSSARY and pages.GLOSSARY[k].startswith("†") for k in used):
            assert "[the notation page](notation.md)" in found[0], name
    page = pages.proof_page("Lemma D.6", PUBLISHED)
    assert "isotropic instance: yes" in page and "isotropic = 1" not in page
    lemma9 = pages.proof_page("Lemma 9", PUBLISHED)  # a letter's meaning once, in the fold
    assert "\n- a: ‖Ũᵀ∇f‖²\n" in lemma9 and "(where a = " not in lemma9
    assert page.count("where an isotropic instance") == 0 and "- isotropic instance: " in page
    # Theorem 4's c₀…c₄ are its polynomial's, Lemma 29's c₂ is not eq:c1's: each proof's sense
    assert "c₀, c₁, c₂, c₃, c₄: the coefficients of f(μ + x)" in pages.proof_page("Thm 3.4")
    assert "(not eq:c1 (5.1)'s c₂)" in page
    made = {"proofs": {"Lemma 5.1": json.loads(json.dumps(PUBLISHED["proofs"]["Lemma 5.1"]))}}
    made["proofs"]["Lemma 5.1"][5]["counterexample"]["kappa_hat"] = 1.0
    with pytest.raises(ValueError, match="name='kappa_hat'"):
        pages.proof_page("Lemma 5.1", made)


#: The paper's symbols the notes write, as a reader finds them in the notes (not read from
#: ``pages.NOTE_NAMES``): Lemma 9's erratum names Δ_α,1, Lemma 38's notes use Y_{t,i}, z_{t,k}.
NOTED = ("Δ_α,1", "Δ_α,2", "Y_{t,i}", "X_{t,i}", "z_{t,k}", "Λ_t", "V_t", "H_t", "H*", "Π_S'")


def test_every_symbol_of_the_paper_a_note_uses_is_defined_on_its_page():
    """A symbol of the paper that only a page's notes write (a step's reading, the label of the
    erratum that names it) is defined in its "Symbols on this page" fold, from the glossary, the
    paper's marked as the notation page's: Δ_α,1 on Lemma 9's page (its erratum's label), Y_{t,i}
    and z_{t,k} on Lemma 38's; a name written as a longer one's part (H_{t+1}) is not found. A
    made-up note that writes Δ_α,1 brings it into a page's fold, and the fold is not there
    without it."""
    from mines_theory.verification.views.report import html_scripts

    fold = re.compile(r"<summary>Symbols on this page</summary>\n\n(.*?)\n\n</details>", re.S)
    for name, steps in PUBLISHED["proofs"].items():
        notes = " ".join((s["reason"] or "") + " " + (s["erratum"] or "") for s in steps)
        found = fold.findall(pages.proof_page(name, PUBLISHED))
        for symbol in NOTED:
            if re.search(rf"(?<!\w){re.escape(symbol)}(?![0-9{{])", notes):
                assert found and f"{html_scripts(symbol)}: " in found[0], (name, symbol)
    lemma9 = fold.findall(pages.proof_page("Lemma 9", PUBLISHED))[0]
    assert "Δ<sub>α,1</sub>: the additive term of Lemma 9's (our 5.1) contraction" in lemma9
    paper = re.search(r"\n\n([^.\n]*) are the paper's, as \[the notation page\]", lemma9)
    assert paper is not None and "Δ<sub>α,1</sub>" in paper[1].split(", ")
    lemma38 = fold.findall(pages.proof_page("Lemma 38", PUBLISHED))[0]
    assert "Y<sub>t,i</sub>: " in lemma38 and "z<sub>t,k</sub>: " in lemma38
    assert pages.symbols_line("Thm 3.1", [{"reason": "H_{t+1} and Σ_t", "erratum": None}]) is None
    made = [{"index": 1, "status": "holds", "reason": "as printed", "erratum": None}]
    assert pages.symbols_line("Thm 3.1", made) is None
    made[0]["reason"] = "read with max{Δ_α,1, 0}"
    assert "Δ_α,1: the additive term" in (pages.symbols_line("Thm 3.1", made) or "")


def test_the_first_substantive_false_step_shows_its_evidence():
    """A cold reader saw Lemma 9's typo at step 6 with its counterexample open and step 9, the
    error, with its counterexample folded: both are open (the first false step, now the typo
    at step 3, and step 9); a step that holds stays folded, and so does step 6, a typo after
    the first."""
    page = pages.proof_page("Lemma 9", PUBLISHED)
    sections = page.split("\n## ")

    def evidence_of(step: int) -> str:
        [text] = [s for s in sections if s.startswith(f"Step {step} ·")]
        return text[text.index("<details") : text.index("<summary>")]

    assert " open" in evidence_of(3) and " open" in evidence_of(9)
    assert " open" not in evidence_of(6)
    assert " open" not in evidence_of(10) and " open" not in evidence_of(2)


@pytest.mark.parametrize(
    "status, erratum, said",
    [
        ("holds", None, "which holds where the walk tests it (the erratum is about the argument"),
        ("identity", None, "which is an identity where the walk tests it"),
        ("follows", None, "which holds only given an earlier false step, its premise"),
        ("not checked", None, "which the walk does not check (its reason says why)"),
        ("holds", "proof of no such place", "but the errata have no entry of that label"),
    ],
)
def test_a_step_that_names_an_erratum_without_failing_reads_as_a_sentence(status, erratum, said):
    """Lemma 37's (our E.7) step 8 names the erratum on Hoeffding's hypotheses and holds: the
    index leads with the erratum and says what the step is, for each status such a step can
    have (and for a label no erratum has), as a reader would; the old "names *…*: the step
    holds" is gone. The walk is changed in a copy (a synthetic cross-check of each case)."""
    data = json.loads(json.dumps(PUBLISHED))
    step = data["proofs"]["Lemma E.7"][7]
    assert step["index"] == 8 and step["status"] == "holds" and step["erratum"]
    step["status"] = status
    label = erratum or step["erratum"]
    step["erratum"] = label
    result = published.cross_check(data)
    why = "no such erratum" if erratum else f"the step {status}"
    assert result.dangling == (("Lemma E.7", 8, label, why),)
    index = pages.index_page(data)
    lines = [x for x in index.splitlines() if "walk-lemma-e-7-step-8)" in x]
    assert len(lines) == 1
    lead = "named by [step 8 of Lemma 37]" if erratum else "answers to [step 8 of Lemma 37]"
    # the erratum linked to its entry where the errata have one (a cold reading, stop 59)
    assert lines[0].startswith("- *" if erratum else "- [*") and lead in lines[0]
    assert said in lines[0] and ": the step " not in lines[0]
    with pytest.raises(ValueError, match="why='the step fails'"):
        pages.answers_to("Lemma E.7", 8, label, "the step fails")


def test_the_index_says_the_two_numberings_near_its_top():
    """The index mixes the PDF's numbers (Lemma 38) and ours (Lemma E.8): the sentence on the
    two numberings (``views.report.NUMBERING``) stands before the walk's table."""
    index = pages.index_page(PUBLISHED)
    said = pages.numbered(report.NUMBERING)
    assert index.count(said) == 1
    assert index.index(said) < index.index("| appendix |")


def _opening(page: str) -> str:
    """The opening of a proof page: from its counts sentence to its admissible instances."""
    start = page.index("The proof of ")
    return page[start : page.index("*Admissible instances*", start)]


def test_lemma_38_s_opening_lists_its_failures_by_erratum():
    """Lemma 38's (our E.8) walk page says in its opening how its failing steps fall under the
    errata, most first, as a list, an item per erratum (the old opening ran them into one
    sentence of a paragraph of six): counted on the walk's data (the failing steps' ``erratum``
    field), each item's count beside its label, linked to its entry, the counts summing to the
    failing steps; the first is the threshold A_t of eq:chi_1 with its correction from the
    errata table."""
    from collections import Counter

    from mines_theory.verification.framework import ledger
    from mines_theory.verification.views.errata import erratum_link

    steps = PUBLISHED["proofs"]["Lemma E.8"]
    counts = Counter(s["erratum"] for s in steps if s["status"] == "fails")
    assert None not in counts and len(counts) >= 2
    opening = _opening(pages.proof_page("Lemma E.8", PUBLISHED))
    said = re.search(r"Its (\d+) failing steps answer to (\d+) errata:\n\n", opening)
    assert said is not None, opening
    assert int(said[1]) == sum(counts.values()) and int(said[2]) == len(counts)
    items = [x for x in opening.splitlines() if x.startswith("- ")]
    assert len(items) == len(counts)
    told = [int(re.match(r"- (\d+) to an? ", x)[1]) for x in items]  # type: ignore[index]
    assert told == sorted(counts.values(), reverse=True)
    for item, (label, _) in zip(items, counts.most_common(), strict=True):
        # what is wrong in words first, then its entry, linked (reader D, stop 58)
        assert item.endswith(f"*]({erratum_link(ledger.erratum(label))}))")
        assert item.index("its correction") < item.index("(erratum [*")
    top, n = counts.most_common(1)[0]
    assert top.startswith("eq:chi_1") and n == told[0] > sum(told[1:])
    correct = ledger.erratum(top).correct.split(" (")[0]  # "A_t = 8 log(b/δ) + 16 log(t+1) + d"
    assert report.html_scripts(correct) in items[0]
    assert opening.index("**the first false step is step 1**") < opening.index(f"- {told[0]} to ")


def test_the_failures_list_flips_from_one_erratum_to_two_and_needs_two_failures():
    """A synthetic walk whose failing steps all name one erratum says "one erratum" in a
    sentence; naming a second erratum at one step makes it "2 errata" and a list of two items,
    the counts moving with it; a step no erratum names is an item "to none"; a walk with one
    failing step says nothing."""
    one = [
        {"index": i, "status": "fails", "erratum": "eq:Sig_dec (Lemma E.2)"} for i in (1, 2, 3)
    ] + [{"index": 4, "status": "holds", "erratum": None}]
    said = pages.failures_by_erratum(one)
    assert said is not None and "\n" not in said
    assert said.startswith("Its 3 failing steps answer to one erratum: an error")
    assert "(erratum [*eq:Sig_dec" in said
    assert "its correction: 2(t−1)/(k(k−1))" in said
    two = [dict(s) for s in one]
    two[2]["erratum"] = "eq:bG"
    said = pages.failures_by_erratum(two)
    assert said is not None
    lead, items = said.split("\n\n")
    assert lead == "Its 3 failing steps answer to 2 errata:"
    assert items.splitlines()[0].startswith("- 2 to an error")
    assert "(erratum [*eq:Sig_dec" in items.splitlines()[0]
    assert items.splitlines()[1].startswith("- 1 to a typo: the paper prints “")
    assert "; its correction: " in items.splitlines()[1]
    assert "(erratum [*eq:bG*](" in items.splitlines()[1]
    two[1]["erratum"] = None
    said = pages.failures_by_erratum(two)
    assert said is not None and said.startswith("Its 3 failing steps answer to 2 errata or to none")
    assert said.splitlines()[2:] == [x for x in said.splitlines() if x.startswith("- 1 to ")]
    assert "- 1 to none (a new finding of the walk)" in said
    assert pages.failures_by_erratum(one[2:]) is None
    none = [{**s, "erratum": None} for s in one]
    assert pages.failures_by_erratum(none) == (
        "Its 3 failing steps answer to no erratum: every one is a new finding of the walk."
    )
    assert "failing steps answer" not in _opening(pages.proof_page("Lemma C.1", PUBLISHED))


def test_every_walk_page_opens_with_its_verdict_then_sets_how_to_read_it_apart():
    """On every walk page the opening is in parts a reader scans: the counts and the first
    false step, the failures by erratum (a list whose counts sum to the page's failing steps,
    from the walk data), the admissible instances in a paragraph of their own, and how to read
    the page as a link, once, before the first step, to the index's one explanation; the old
    opening (all of it one paragraph, the explanations after it) fails each."""
    for proof in spec.proofs():
        if proof.name not in PUBLISHED["proofs"]:
            continue
        steps = PUBLISHED["proofs"][proof.name]
        page = pages.proof_page(proof.name, PUBLISHED)
        opening = _opening(page)
        first = opening.split("\n\n")[0]
        assert first.startswith(f"The proof of {proof.printed}, relation by relation: ")
        assert "\n" not in first and "Admissible" not in first and "failing steps" not in first
        failing = sum(s["status"] == "fails" for s in steps)
        items = re.findall(r"^- (\d+) to ", opening, re.M)
        if len(items) > 1:
            assert sum(int(n) for n in items) == failing, proof.name
        instances = page[page.index("*Admissible instances*") :].split("\n\n")[0]
        assert "\n" not in instances and instances.endswith(".")
        link = f"*{pages.HOW_TO_READ}:* [the proof walk's guide](proofs.md#"
        assert page.count(link) == 1, proof.name
        assert "*The margins.*" not in page and pages.CHAINED not in page  # said on the index
        assert page.index(link) > page.index("*Admissible instances*")
        assert page.index(link) < page.index("### Step 1 ") if "### Step 1 " in page else True
    assert pages.index_page(PUBLISHED).count("*The margins.*") == 1


def test_an_erratum_s_gist_is_its_correction_or_what_fails():
    """The gist of an erratum is the first clause of its correction (a colon in a parenthesis
    or a formula's parenthesis does not end it); a long correction gives way to a shorter
    consequence only where that says what fails ("false …"), never to "… survives"."""
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.framework.spec import Erratum

    assert pages.first_clause("≤ (1/b)Σ_i‖Y_i‖²; no bound") == "≤ (1/b)Σ_i‖Y_i‖²"
    assert pages.first_clause("a (x: y) b: c") == "a (x: y) b"
    assert pages.first_clause("‖Uν‖² ≤ ‖U‖²‖ν‖² (ν_i depends on u_i)") == "‖Uν‖² ≤ ‖U‖²‖ν‖²"
    base = ledger.erratum("eq:bG")
    long = "x" * (pages.GIST + 1)
    wrong = Erratum(base.label, "error", "p", long, "false for f = x²; more", base.check)
    assert pages.gist(wrong) == "an error; its consequence: false for f = x²"
    fine = Erratum(base.label, "error", "p", long, "Lemma 4.3 survives", base.check)
    assert pages.gist(fine) == f"an error; its correction: {long}"
    assert pages.gist(Erratum(base.label, "typo", "p", "H* here", "", base.check)) == (
        "a typo; its correction: H\\* here"
    )
    # a star that is a script stays for html_scripts (Σ<sub>∗</sub>), where "Σ_\\*" stayed raw
    scripted = Erratum(base.label, "typo", "p", "Φ(Σ̂*) for Φ(Σ_*)", "", base.check)
    assert pages.gist(scripted) == "a typo; its correction: Φ(Σ̂\\*) for Φ(Σ_*)"
    assert "Σ<sub>∗</sub>" in report.html_scripts(pages.gist(scripted))


def test_a_proof_without_a_false_step_whose_statement_is_repaired_says_where_the_flaw_is():
    """Theorem 12's proof has no false step, yet the corrigendum repairs its constant (a cold
    reader found the index and the ledger at odds): its index line and its page say that the
    flaw is in the results it cites; a proof with a false step (Lemma 38) says neither, and
    Theorem 12's walk with a step made to fail drops the sentence."""
    index = pages.index_page(PUBLISHED)
    [line] = [x for x in index.splitlines() if x.startswith("- [Theorem 12 (our Thm 5.4)]")]
    assert "no false step (its statement is repaired all the same" in line
    assert "repaired all the same" not in next(
        x for x in index.splitlines() if x.startswith("- [Lemma 38 (our Lemma E.8)]")
    )
    page = pages.proof_page("Thm 5.4", PUBLISHED)
    assert "No displayed relation of this proof fails, yet the corrigendum" in page
    changed = copy.deepcopy(dict(PUBLISHED))
    changed["proofs"]["Thm 5.4"][0]["status"] = "fails"
    assert pages.inherited("Thm 5.4", changed["proofs"]["Thm 5.4"]) is None


def test_a_flaw_no_relation_shows_is_where_the_ledger_says_the_proof_fails():
    """Reader (stop 58): the ledger said Lemma E.9's proof "has slips only" while its constant
    changes by erratum 43, an error in the proof's prose that no relation shows; and Lemma
    E.7 "its walked proof holds" beside erratum 35, an imprecision its step 8 names though the
    step's relation holds. Both errata concern the proof with no failing step answering."""
    table = pages.unanswered_errata(PUBLISHED)
    prose = next(e for e in table["Lemma E.9"] if e["kind"] == "error")
    assert prose["label"] == "eq:sto_err (Lemma E.9), proof" and prose["step"] is None
    slipped = pages.with_slips(PUBLISHED)
    note = report.proof_note("Lemma E.9", Status.HOLDS, slipped)
    assert note == f"[proof fails in its prose (erratum {prose['number']})](walk-lemma-e-9.md)"
    held = table["Lemma E.7"][0]
    assert (held["kind"], held["step"]) == ("imprecision", 8)
    # the alternative: a failing step that answers to the erratum takes it off the table, and
    # the note goes back to the steps (E.9's others are slips: "slips only")
    answered = copy.deepcopy(dict(PUBLISHED))
    step = answered["proofs"]["Lemma E.9"][3]
    step.update(status="fails", erratum=prose["label"])
    assert all(
        e["label"] != prose["label"] for e in pages.unanswered_errata(answered).get("Lemma E.9", ())
    )
    assert "first error at step 4" in report.proof_note(
        "Lemma E.9", Status.HOLDS, pages.with_slips(answered), words="first error at step {step}"
    )


def test_the_errata_no_failing_step_answers_are_listed_by_proof():
    """``pages.unanswered_errata``: the errata that point into a walked proof but that no
    failing step answers to, by proof in the paper's order; what the index, the walk pages and
    notebook 08d list. Against the data itself: no failing step of the walk names a listed
    erratum; a failing step that stops naming its erratum puts it under its proof, and a step
    that fails naming a listed one takes it off the list."""

    def labels(data):
        table = pages.unanswered_errata(data, held=False)
        return {name: tuple(e["label"] for e in rows) for name, rows in table.items()}

    found = labels(PUBLISHED)
    order = [p.name for p in spec.proofs()]
    assert list(found) == sorted(found, key=order.index)
    named = {
        s["erratum"] for ss in PUBLISHED["proofs"].values() for s in ss if s["status"] == "fails"
    }
    assert found and all(label not in named for labels in found.values() for label in labels)
    assert found.get("Thm 3.2") == ("proof of Thm 3.2",)
    made = copy.deepcopy(PUBLISHED)
    last = "proof of Thm 3.3, last line"
    for s in made["proofs"]["Thm 3.3"]:
        s["erratum"] = None if s["erratum"] == last else s["erratum"]
    made["proofs"]["Thm 3.2"][0].update(status="fails", erratum="proof of Thm 3.2")
    changed = labels(made)
    assert changed["Thm 3.3"] == (last,) and "Thm 3.2" not in changed
    assert {k: v for k, v in changed.items() if k not in ("Thm 3.2", "Thm 3.3")} == {
        k: v for k, v in found.items() if k != "Thm 3.2"
    }
