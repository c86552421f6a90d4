"""The errata (mines_theory.verification.errata), parametrized over the registry: each check
flags the printed form and not the corrected one, with a verdict a reader can check; the errata
table's links between entries that state one flaw twice, and its count of distinct flaws; its
rows, collected from the declarations beside the checks, numbered 1 to n."""

import re
import sys
from pathlib import Path

import pytest

from mines_theory.verification.framework import ledger, registry
from mines_theory.verification.framework.paper import with_number
from mines_theory.verification.framework.spec import KINDS, Erratum
from mines_theory.verification.framework.verdict import Status, Verdict, flag_text, flagged
from mines_theory.verification.views.errata import (
    distinct_flaws,
    errata_table,
    erratum_anchor,
    erratum_link,
    erratum_numbers,
    flaw_groups,
    gist,
    in_paper_order,
    index_columns,
    outcome_sentence,
    paper_position,
    same_flaw_numbers,
)
from mines_theory.verification.proofs import published as published_walk
from mines_theory.verification.views.report import html_scripts

from .conftest import erratum_sides

ERRATA = ledger.errata()
ROOT = Path(__file__).resolve().parent.parent


def _entry(label, same=None):
    return Erratum(label, "typo", "p", "c", "s", lambda: flagged(True, "shown"), same_flaw_as=same)


@pytest.mark.parametrize("erratum", ERRATA, ids=[e.label for e in ERRATA])
def test_each_erratum_flags_the_printed_form_and_not_the_corrected_one(erratum):
    """Each check flags the printed form (status "erratum") and, given the corrected one
    (``printed=False``, the "correct" column), does not ("holds"): a check that said "erratum"
    unconditionally fails here. Both verdicts are data a reader can check: a short sentence with
    every placeholder filled, no ASCII pipe or brace (they would break a Markdown cell), numbers
    that survive the JSON round trip."""
    assert erratum.kind in KINDS
    printed, corrected = erratum_sides(erratum.label)
    assert isinstance(printed, Verdict) and isinstance(corrected, Verdict)
    assert printed.status is Status.ERRATUM and printed.flagged
    assert corrected.status is Status.HOLDS and not corrected.flagged
    for verdict in (printed, corrected):
        # ≤ 220 characters: two lines of a table cell; a proportion with its Wilson interval
        # ("77.8% [75.9%, 79.5%]") takes 20, and the hypotheses' erratum shows four
        assert verdict.measurements and len(verdict.text()) <= 220
        assert not set("{}`|") & set(verdict.text())
        assert Verdict.from_json(verdict.to_json()).agrees(verdict)


def test_linked_entries_count_once_and_links_are_transitive():
    table = (_entry("a"), _entry("b", "a"), _entry("c"), _entry("d", "b"), _entry("e"))
    assert flaw_groups(table) == [["a", "b", "d"], ["c"], ["e"]]
    assert distinct_flaws(table) == 3
    assert distinct_flaws(table[:1] + table[2:3]) == 2


def test_a_link_to_no_entry_is_an_error_naming_it():
    with pytest.raises(ValueError, match="same_flaw_as of 'b' must name an entry.*'nowhere'"):
        flaw_groups((_entry("a"), _entry("b", "nowhere")))


def test_the_published_links_name_entries_and_the_count_is_below_the_rows():
    """Every same_flaw_as of the table names one of its entries, and links only an erratum whose
    flaw is wholly inherited: eq:Sig_2_bnd's O(1/b) is eq:G_norm_1/2's (1/b²)Σ‖Y_i‖². Of the
    four overlaps of issue 22, three state a flaw of their own beside the one they inherit (a
    cold reader, stop 58) and count apart: Lemma 5.1's substitution (its coefficients are wrong
    with eq:nu's γ² too), C₃ (no γ, where eq:alpha_err's α-term has one; only its √d is
    inherited) and Lemma 5.3's 1 − δ (its union over the K − 1 steps; only each step's b
    directions are the per-step lemmas')."""
    groups = flaw_groups()
    linked = [group for group in groups if len(group) > 1]
    assert len(linked) == 1
    assert distinct_flaws() == len(ERRATA) - 1
    pairs = {frozenset(group) for group in linked}
    assert frozenset({"eq:G_norm_1, eq:G_norm_2 (Lemma D.7)", "eq:Sig_2_bnd (Lemma E.2)"}) in pairs
    own = ("eq:C, C₃", "proof of Lemma 5.1, substituting η₁,k; Δ_α,1")
    own += ("Lemma 5.3 (statement and proof); Thm 5.4, item 2",)
    assert all(len(group) == 1 for group in groups if group[0] in own)


def test_table_names_the_linked_entry():
    table = errata_table((_entry("a"), _entry("b", "a")))
    assert "(same flaw as “a”)" in table.splitlines()[-1]
    assert "same flaw" not in table.splitlines()[-2]


def test_the_index_cites_the_source_of_each_flaw():
    """A restated flaw reads "same flaw as #N", N the number of its group's source, the erratum
    where the flaw arises (the one its ``same_flaw_as`` names), wherever it stands in the
    paper's order (a cold reading: eq:nu's γ² at its source, #30, read "same flaw as #12", its
    inheritor); the count of errata without it is ``distinct_flaws``. The alternative, the
    group's first erratum in the paper's order, is caught: here the inheritor "a" comes
    first."""
    table = (_entry("a", "b"), _entry("b"), _entry("c"))
    numbers = erratum_numbers(table)
    repeats = same_flaw_numbers(table)
    assert numbers["a"] < numbers["b"]
    assert repeats == {"a": numbers["b"]}
    for e in ERRATA:  # every published link points to its source
        if e.same_flaw_as is not None:
            source = next(x for x in ERRATA if x.label == e.same_flaw_as)
            assert source.same_flaw_as is None
            assert same_flaw_numbers()[e.label] == erratum_numbers()[source.label]
    assert len(table) - len(repeats) == distinct_flaws(table)
    index = errata_table(table, columns=("number", "wrong"))
    assert index.count("<i>same flaw as</i> #") == 1
    assert len(ERRATA) - len(same_flaw_numbers()) == distinct_flaws()


def test_errata_table_columns():
    """A narrow index: only the named columns, in their order; an unknown column is refused."""
    table = errata_table((_entry("a"), _entry("b", "a")), columns=("place", "check"))
    lines = table.splitlines()
    assert lines[0] == "| place | check |" and lines[1] == "|---|---|"
    assert all(line.count("|") == 3 for line in lines)
    with pytest.raises(ValueError, match="columns must be"):
        errata_table((_entry("a"),), columns=("place", "width"))


def test_the_rows_are_1_to_n():
    assert [registry.REGISTRY.erratum_row(e.label) for e in ERRATA] == list(
        range(1, len(ERRATA) + 1)
    )


def test_errata_table_renders_each_checks_verdict():
    """The check column is the check's own sentence with its numbers ("flagged: …" or "NOT
    flagged: …"), not "confirmed"; given ``evidence`` (label → published verdict) the checks are
    not run; a check that returns no Verdict (a bare True) is a TypeError naming it."""
    table = errata_table(ERRATA[:2]).splitlines()
    assert len(table) == 4
    for row, erratum in zip(table[2:], in_paper_order(ERRATA[:2])):
        sentence = erratum_sides(erratum.label)[0].text()  # its scripts set, as the page shows
        assert row.endswith(html_scripts(f"| flagged: {sentence} |"))
    rows = (
        Erratum("eq:x", "typo", "a | b", "c", "survives", lambda: flagged(False, "z = 1")),
        Erratum("eq:y", "typo", "a | b", "c", "survives", lambda: flagged(True, "z")),
    )
    assert errata_table(rows).splitlines()[2:] == [
        "| eq:x | typo | a \\| b | c | survives | NOT flagged: z = 1 |",
        "| eq:y | typo | a \\| b | c | survives | flagged: z |",
    ]

    def never():
        raise AssertionError("the check ran although its published verdict was given")

    table = errata_table(
        (Erratum("eq:x", "typo", "p", "c", "s", never),),
        columns=("check",),
        evidence={"eq:x": flagged(False, "z = 7")},
    )
    assert table.splitlines()[2] == "| NOT flagged: z = 7 |"
    for bad in (True, None, 1):
        with pytest.raises(TypeError, match="the check of erratum 'eq:z' must return a Verdict"):
            errata_table((Erratum("eq:z", "typo", "p", "c", "s", lambda bad=bad: bad),))


def test_flag_text_reads_each_status():
    assert flag_text(flagged(True, "z")) == "flagged: z"
    assert flag_text(flagged(False, "z")) == "NOT flagged: z"
    assert flag_text(Verdict.not_checked("too few draws")) == "not checked: too few draws"


def test_each_erratum_is_declared_above_its_check():
    """Every entry's check is a function its module exports under the name its spec gives,
    declared for it (the declaration is the outermost decorator), in one of
    ``ledger.SOURCES``."""
    sources = ledger.SOURCES
    for e in ERRATA:
        check = e.check.resolve()
        assert check.__declares__ == ("erratum", e.label), e.label
        assert getattr(sys.modules[e.check.module], e.check.name) is check, e.label
        assert e.check.module.startswith(sources) and e.check.name.startswith("erratum_")


def test_the_declared_minimums_rest_on_the_published_effects():
    """The minimums computed from a published effect (issue 43 §3: power 0.95 at it) name the
    published number they rest on: Lemma C.1's z, E.4's share of positive draws."""
    from mines_theory.verification.errata import appendix_e_recursion, section4

    published = ledger.published()
    z = published["proof of Lemma C.1"]["z_printed"].value
    assert round(z, 1) == section4.C1_PUBLISHED_Z
    share = published["eq:alpha_err (Lemma E.4), the step citing eq:GG"]
    positive, draws = share["positive"].value, share["draws"].value
    assert (1 - positive / draws) ** (3 * appendix_e_recursion.GG_MIN_DRAWS) < 0.05
    assert (1 - positive / draws) ** (3 * (appendix_e_recursion.GG_MIN_DRAWS - 3)) > 0.05


def _targets(markdown: str) -> set[str]:
    """The MyST targets ("(name)=" on a line of its own, in a list item or not) of ``markdown``."""
    return set(re.findall(r"^(?:\* |\s*)\(([a-z0-9-]+)\)=$", markdown, re.M))


def _book_targets() -> dict[str, set[str]]:
    """Page → the targets it holds: the errata page's generated items (``errata_markdown``, one
    list per kind) and the Markdown cells of the corrigendum's pages, as stored."""
    import nbformat

    from mines_theory.verification.framework.registry import CORRIGENDUM_PAGES, ERRATA_PAGE
    from mines_theory.verification.views.corrigendum import errata_markdown

    evidence = ledger.published()
    pages = {ERRATA_PAGE: _targets("\n".join(errata_markdown(k, evidence) for k in KINDS))}
    for page in CORRIGENDUM_PAGES.values():
        cells = nbformat.read(ROOT / "notebooks" / f"{page}.ipynb", as_version=4).cells
        pages[page] = _targets("\n".join(c.source for c in cells if c.cell_type == "markdown"))
    return pages


def _links(row: str) -> list[tuple[str, str]]:
    return re.findall(r"\]\(([0-9a-z-]+)\.ipynb#([a-z0-9-]+)\)", row)


def test_every_row_of_the_index_links_where_its_erratum_is_written_out():
    """The book's index (issue of the cold reading: one link for 47 errata): each row's number
    links to a target that the page it names holds: the erratum's own item on the errata page,
    or the section of a repair whose errata list it; the place is not a link (a link's underline
    hides a label's underscores). The alternative, an erratum listed under a repair and linked
    to the errata page (where it has no item), or a target no page holds, is caught."""
    targets = _book_targets()
    table = errata_table(evidence=ledger.published(), columns=("number", "place"), linked=True)
    rows = table.splitlines()[2:]
    assert len(rows) == len(ERRATA)
    named = {label: r for r in ledger.repairs() if r.repair for label in r.repair.errata}
    for n, (row, erratum) in enumerate(zip(rows, in_paper_order()), start=1):
        links = _links(row)
        assert len(links) == 1 and row.startswith(f"| [{n}]("), row
        page, anchor = links[0]
        assert anchor in targets[page], row
        if erratum.label in named:
            assert page != erratum.notebook and anchor.startswith("repair-"), row
        else:
            assert anchor == erratum_anchor(erratum.label), row
    anchors = [erratum_anchor(e.label) for e in ERRATA]
    assert len(set(anchors)) == len(anchors)
    listed = next(e for e in ERRATA if e.label in named)
    wrong = f"{listed.notebook}.ipynb#{erratum_anchor(listed.label)}"
    assert erratum_anchor(listed.label) not in targets[listed.notebook], wrong


#: A clause boundary at which ``gist`` may cut (outside brackets, which the test checks apart).
_BOUNDARY = re.compile(r"; |: |, | \((?=[a-z]{2})")


def _cut_at_a_clause(text: str, shown: str) -> bool:
    """Whether ``shown`` is ``text`` whole, or ``text`` up to a clause boundary outside brackets
    and "…": never a cut mid-formula at a space (the old index's "≤ γ/σ²·‖μ* −…")."""
    if shown == text:
        return True
    kept = shown.removesuffix("…")
    depth = sum(kept.count(c) for c in "([{") - sum(kept.count(c) for c in ")]}")
    return (
        shown.endswith("…")
        and text.startswith(kept)
        and depth == 0
        and bool(_BOUNDARY.match(text, len(kept)))
    )


def test_the_index_says_what_is_wrong_from_the_erratum_s_own_fields():
    """The "what is wrong" column is the printed form, then on a second line the correct one,
    each whole or cut at a clause boundary (``gist``), never joined by "→" (the mathematics
    uses it), with no raw brace of a TeX script once set (``readable``); the check's sentence
    is not in the index. The criterion of the cut flips on a cut at a space mid-formula."""
    from mines_theory.verification.views.report import readable

    evidence = ledger.published()
    table = errata_table(evidence=evidence, columns=("number", "wrong"))
    assert table.splitlines()[0] == "| # | what is wrong |"
    repeats = same_flaw_numbers()
    for row, e in zip(table.splitlines()[2:], in_paper_order()):
        wrong = re.split(r"(?<!\\)\|", row)[2].strip()
        assert evidence[e.label].text()[:30] not in readable(row)
        printed, correct = gist(e.printed), gist(e.correct)
        both = f"<i>printed</i> {printed}<br><i>correct</i> {correct}"
        if e.label in repeats:  # and, for a restated flaw, the first erratum stating it
            both += f"<br><i>same flaw as</i> #{repeats[e.label]}"
        assert wrong.replace("\\|", "|") == html_scripts(with_number(both))
        assert _cut_at_a_clause(e.printed, printed) and _cut_at_a_clause(e.correct, correct)
        assert "^{" not in readable(wrong) and "_{" not in readable(wrong), wrong
    old = "‖∇²f(μ*)⁻¹‖·‖∇²f(μ̂*)⁻¹‖·‖∇²f(μ*) − ∇²f(μ̂*)‖ ≤ γ/σ²·‖μ* − μ̂*‖ in any norm"
    assert not _cut_at_a_clause(old, old[:57] + "…")


def test_gist_cuts_at_a_clause_and_never_inside_a_script():
    assert gist("a = b; then c") == "a = b; then c"  # short: whole
    assert gist("a = b; then c, and d e f g", limit=12) == "a = b…"
    assert gist("x = f(a, b), y = g(c); z", limit=10) == "x = f(a, b)…"  # not inside f(…)
    assert gist("x ≤ (2/σ)(y) (as printed) more", limit=8) == "x ≤ (2/σ)(y)…"
    assert gist("ab Σ^{a, b c d e}", limit=9) == "ab Σ^{a, b c d e}"  # no boundary: whole
    assert gist("s" * 70, limit=10) == "s" * 70
    with pytest.raises(ValueError, match="limit must be at least 8"):
        gist("x", limit=3)


def test_the_index_is_numbered_in_the_paper_s_order(tex):
    """The errata are numbered 1 to n in the paper's order (``paper_position``): against the
    .tex itself, the errata whose place begins with an equation's label come in the order of
    their ``\\label`` in it; and hand-read anchors: Sec. 2 first, eq:R (C.4) before
    eq:Sig_opt_1 (C.9), a statement at the start of its section, a place the paper does not
    number last, ties by name."""
    numbers = erratum_numbers()
    assert sorted(numbers.values()) == list(range(1, len(ERRATA) + 1))
    assert numbers["Sec. 2, Fisher matrix"] == 1
    assert numbers["eq:R (proof of Thm 3.3)"] < numbers["eq:Sig_opt_1"]
    labelled = [e.label for e in in_paper_order() if e.label.startswith("eq:")]
    at = [tex.index("\\label{" + re.match(r"eq:\w+", label).group() + "}") for label in labelled]
    assert at == sorted(at), labelled
    assert paper_position("proof of Thm 3.2")[:2] == paper_position("Thm 3.9")[:2] == (2, 0)
    assert paper_position("eq:nowhere") > paper_position("eq:dd (Lemma E.10)")
    assert [e.label for e in in_paper_order((_entry("b"), _entry("a")))] == ["a", "b"]


def test_the_outcome_column_is_there_only_where_it_varies():
    """A column reading "flagged" in every row goes (a sentence says it); one erratum not
    flagged brings it back, and the sentence counts."""
    flags = {"eq:a": flagged(True, "z"), "eq:b": flagged(True, "z")}
    assert "outcome" not in index_columns(flags)
    assert outcome_sentence(flags).startswith("Each of the 2 checks flags its erratum")
    flags["eq:b"] = flagged(False, "z")
    assert index_columns(flags)[-1] == "outcome"
    assert outcome_sentence(flags).startswith("1 of the 2 checks flag their erratum")


def _code(markdown: str) -> list[str]:
    return re.findall(r"<code>.*?</code>|`[^`]+`", markdown)


def test_no_erratum_s_mathematics_is_set_as_code():
    """The printed and correct forms are mathematics: set as the index and the errata page set
    them, none shows as code (``report.html_scripts`` reads a name of two letters and an
    underscore, "BG_t", as the code's until kit8's report; it now reads a few capitals with a
    short subscript as mathematics); the criterion flips on a form still read as code."""
    from mines_theory.verification.views.corrigendum import errata_markdown
    from mines_theory.verification.views.report import readable

    evidence = ledger.published()
    table = readable(errata_table(evidence=evidence, columns=("printed", "correct")))
    assert _code(table) == []
    page = "\n".join(errata_markdown(k, evidence) for k in KINDS)
    shown = [line for line in page.splitlines() if "*Printed:*" in line or "*Correct:*" in line]
    assert shown and not _code("\n".join(shown))
    bad = Erratum("eq:x", "typo", "⟨grad_f − H*, Σ⟩", "c", "s", lambda: flagged(True, "z"))
    assert _code(errata_table((bad,), columns=("printed",)))
    capitals = Erratum("eq:x", "typo", "⟨BG_t − H*, Σ⟩", "c", "s", lambda: flagged(True, "z"))
    assert not _code(errata_table((capitals,), columns=("printed",)))


def test_the_walk_s_failing_steps_are_reconciled_with_the_errata():
    """The sentence under the walk's table: of its failing steps, those naming an erratum, the
    new findings and any other add up to the failing steps the published walk holds; a step
    whose erratum is taken away becomes a new finding, one naming no erratum of the table is
    counted apart."""
    import copy

    from mines_theory.verification.proofs import published as walk

    data = walk.load()
    failing = [s for steps in data["proofs"].values() for s in steps if s["status"] == "fails"]
    said = published_walk.reconciliation(data)
    named = sum(1 for s in failing if s.get("erratum"))
    assert f"Of the walk's {len(failing)} failing steps (" in said
    assert f"), {named} are named" in said
    assert f"{len(failing) - named} are the new findings" in said and "none is anything" in said
    changed = copy.deepcopy(data)
    steps = [s for ss in changed["proofs"].values() for s in ss if s["status"] == "fails"]
    steps = [s for s in steps if s.get("erratum")]
    steps[0]["erratum"], steps[1]["erratum"] = None, "eq:nowhere"
    said = published_walk.reconciliation(changed)
    assert f"{named - 2} are named" in said
    assert f"{len(failing) - named + 1} are the new findings" in said
    assert "1 name no erratum of the table" in said


#: What a consequence says of a result read as intended when nothing stated changes.
_SURVIVES = re.compile(r"\b(survives?|stands|unaffected)\b")


def test_every_typo_reads_as_intended_with_nothing_stated_changed():
    """The definition of a typo (``spec.KIND_MEANINGS``: a slip whose intended form the paper
    shows, so that read as intended no result changes, although as printed a formula may be
    false) against the data: every typo's consequence says that its result survives, stands or
    is unaffected. The criterion flips on an error whose consequence only says what fails
    (Prop. A.2's: "as stated is false"), so a kind "typo" given to it is caught."""
    typos = [e for e in ERRATA if e.kind == "typo"]
    assert len(typos) == 18
    for e in typos:
        assert _SURVIVES.search(e.consequence), (e.label, e.consequence)
    error = ledger.erratum("eq:proj_cs_prime, Prop. A.2")
    assert error.kind == "error" and not _SURVIVES.search(error.consequence)
    # the two typos whose printed form is false: as printed their conclusions fail
    for label in ("Lemmas D.1, D.4, D.5, hypotheses", "eq:G_norm, eq:GG (Lemma D.6)"):
        assert ledger.erratum(label).kind == "typo"


def _environment(tex: str, label: str) -> str:
    """The text from ``\\label{label}`` to the end of its environment."""
    start = tex.index(f"\\label{{{label}}}")
    return tex[start : tex.index("\\end{", start)]


def test_the_paper_shows_the_intended_form_of_its_two_false_typos(tex):
    """The two typos whose printed form is false (their consequences: "as printed the
    conclusions fail"; "with 2 log the event fails w.p. > δ") are typos because the .tex itself
    shows the intended form. eq:G_norm prints 2 log(1/δ) citing eq:u_norm, which states
    3 log(1/δ), as eq:GG and eq:G_norm_1 use it. Lemma D.1 (lem:tgm_1) assumes Σ⁻¹ ∈ S while
    its proof bounds ‖Σ^{3/2}‖ by τ^{-3/2} citing eq:cS_p, the set S' = {Σ⁻¹ | Σ ∈ S}: the
    hypothesis it uses is Σ ∈ S, as Lemmas D.6 and D.7 state it (Σ⁻¹ ∈ S')."""
    u_norm, g_norm = _environment(tex, "eq:u_norm"), _environment(tex, "eq:G_norm")
    assert "3\\log(1/\\delta)" in u_norm and "2\\log(1/\\delta)" not in u_norm
    assert "2\\log(1/\\delta)" in g_norm and "3\\log" not in g_norm
    assert "3\\log(1/\\delta)" in _environment(tex, "eq:GG")
    assert "3\\log(1/\\delta)" in tex[tex.index("\\label{eq:G_norm_1}") - 300 :][:300]
    lemma = tex[tex.index("\\label{lem:tgm_1}") :]
    statement, proof = lemma.split("\\begin{proof}", 1)
    assert "\\Sigma^{-1} \\in \\cS$" in statement
    assert "\\eqref{eq:cS_p}" in proof.split("\\end{proof}", 1)[0]
    assert "\\Sigma\\in\\mathcal{S}" in _environment(tex, "eq:cS_p").replace(" ", "")
    later = tex[tex.index("\\label{lem:tgm}") :]
    assert later.count("Let $\\Sigma^{-1} \\in \\cS'$") >= 2


def test_the_written_out_errata_carry_their_index_numbers_in_order():
    """Each erratum written out on 08d (``corrigendum.errata_markdown``) is headed "Erratum n:"
    with its number in the index (``erratum_numbers``), and each kind's list follows the paper's
    order: "erratum 17" is found on the page as in the index."""
    from mines_theory.verification.views.corrigendum import errata_markdown

    numbers, evidence = erratum_numbers(), ledger.published()
    for kind in KINDS:
        heads = re.findall(r"\*\*Erratum (\d+): ", errata_markdown(kind, evidence))
        assert [int(n) for n in heads] == sorted(int(n) for n in heads), kind
    page = "\n".join(errata_markdown(k, evidence) for k in KINDS)
    found = 0
    for label, n in numbers.items():
        anchor = f"* ({erratum_anchor(label)})=\n  **Erratum "
        if anchor in page:
            assert f"{anchor}{n}: " in page, label
            found += 1
    assert found == page.count("**Erratum ") > 0


def test_the_index_says_where_each_erratum_is_written_out():
    """A cold reader (stop 58) found 20 of the 47 errata written out on 08d and the rest on the
    corrigendum's pages, with only the number's link to tell: the index's column "written out"
    names the place in words, "here" for an erratum of 08d, else the notebook and the repair
    whose section lists it, linked where the number links (``erratum_link``)."""
    from mines_theory.verification.views.errata import written_out

    evidence = ledger.published()
    table = errata_table(evidence=evidence, columns=("number", "where"), linked=True)
    assert table.splitlines()[0] == "| # | written out |"
    for row, e in zip(table.splitlines()[2:], in_paper_order(), strict=True):
        cell = row.rsplit(" | ", 1)[1].removesuffix(" |")
        assert cell.endswith(f"]({erratum_link(e)})") and cell == written_out(e)
        here = erratum_link(e).startswith("08d-errata.ipynb#")
        assert cell.startswith("[here]") == here
        assert here or re.match(r"\[08[abc], under \S+ \S+ \(PDF (Lemma|Theorem) \d+\)\]", cell)
