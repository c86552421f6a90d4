"""The ledger as a reader meets it (``verification.report``): the README's summary fits a screen,
every row's key number exists, verdict text is escaped for Markdown, and the book's ledger has a
section per claim with each qualifier as a question, its answer and its criterion."""

import re
from pathlib import Path

import pytest

from mines_theory.verification.framework import ledger
from mines_theory.verification.views import report
from mines_theory.verification.framework.spec import Bar, Claim, Key
from mines_theory.verification.framework.verdict import (
    Measurement,
    Qualifier,
    Status,
    Verdict,
    markdown_escape,
)

ROOT = Path(__file__).resolve().parent.parent
CLAIMS, FINDINGS, REPAIRED = ledger.claims(), ledger.findings(), ledger.repaired()


@pytest.fixture(scope="module")
def published():
    return ledger.published()


@pytest.mark.parametrize("row", CLAIMS + FINDINGS + REPAIRED, ids=lambda c: c.number)
def test_every_key_names_a_published_measurement(row, published):
    """A row's declared key is a measurement of its published verdict (a renamed measurement
    fails here, not silently in the README)."""
    assert row.number in published
    if row.key is not None and row.key.name is not None:
        assert row.key.name in [m.name for m in published[row.number].measurements]
        assert row.key.words


def test_summary_cells_fit_a_screen_and_every_row_is_there(published):
    table = report.summary_table(published, CLAIMS + FINDINGS + REPAIRED, report.readme_link)
    assert table == report.summary_table(published, link=report.readme_link)  # the default
    rows = table.splitlines()[2:]
    assert [r.split(" | ")[0].lstrip("| ") for r in rows] == [
        markdown_escape(c.number) for c in CLAIMS + FINDINGS + REPAIRED
    ]
    cells = [cell for row in rows for cell in re.split(r"(?<!\\)\|", row)]
    link = max(len(report.readme_link(c)) for c in CLAIMS + FINDINGS + REPAIRED)
    assert max(len(c.strip()) for c in cells) <= max(report.MAX_CELL, link)


def test_key_number_falls_back_to_the_first_measurement():
    v = Verdict(Status.HOLDS, "x {x}", (Measurement("x", 1.5, 0.1, "se"),))

    def row(key):
        return Claim("Lemma 9.9", "eq:x", "s", "00-overview", key=key)

    assert report.key_number(row(None), v) == "x = 1.50 ± 0.10"
    assert report.key_number(row(Key("p", "exceeded in")), v) == "x = 1.50 ± 0.10"  # missing
    assert report.key_number(row(Key("x", "exceeded in")), v) == "exceeded in 1.50 ± 0.10"
    assert report.key_number(row(Key("x", "largest x")), v) == "largest x = 1.50 ± 0.10"
    assert report.key_number(row(Key(None, "see the table")), v) == "see the table"
    bounded = Verdict(
        Status.HOLDS, "x {x}, C {C}", (Measurement("x", 1.5, 0.1, "se"), Measurement("C", 3e8, 0))
    )
    assert report.key_number(row(Key("x", "largest x", "C")), bounded) == (
        "largest x = 1.50 ± 0.10 vs bound C = 3.0e+08"
    )
    assert report.key_number(row(Key("x", "largest x", "C")), v) == "largest x = 1.50 ± 0.10"
    limit = Key("x", "level", "C", "its limit")  # not a bound: named by what it is
    assert report.key_number(row(limit), bounded) == "level = 1.50 ± 0.10 vs its limit = 3.0e+08"
    with pytest.raises(ValueError, match="against_words"):
        Key("x", "level", None, "its limit")
    done = Verdict(Status.HOLDS, "x {x}", v.measurements, (Qualifier("A fastest", "c", True),))
    assert report.key_number(row(Key(None, "see the table")), done) == ("A fastest (see the table)")
    assert report.key_number(row(Key("x")), Verdict(Status.NOT_CHECKED, "no data")) == "—"


def test_a_key_number_shows_the_bound_its_bar_holds_it_to():
    """Cold readers saw "measured contraction per step = 6.04×10⁻⁴" (Lemma 5.1, PDF Lemma 9)
    with nothing to compare it with: a key that a bar of the row's atlas pairs with a bound of
    the same verdict shows that bound's value ("vs bound 9.9e-08"), read from the verdict; a
    bar over another row's verdict, or over another measurement, adds nothing."""
    v = Verdict(
        Status.HOLDS, "x {x}, b {b}", (Measurement("x", 1.5, 0.1, "se"), Measurement("b", 7.0))
    )

    def row(**bar):
        atlas = Bar("x ≤ b", **({"bound": "b", "measured": "x"} | bar))
        return Claim("Lemma 9.9", "eq:x", "s", "00-overview", key=Key("x", "x"), atlas=atlas)

    assert report.key_number(row(), v) == "x = 1.50 ± 0.10 vs bound 7.0"
    moved = Verdict(v.status, v.text(), (v.measurements[0], Measurement("b", 9.0)))
    assert report.key_number(row(), moved) == "x = 1.50 ± 0.10 vs bound 9.0"
    assert report.key_number(row(verdict="Lemma 9.8"), v) == "x = 1.50 ± 0.10"
    assert report.key_number(row(measured="y"), v) == "x = 1.50 ± 0.10"


@pytest.mark.parametrize("row", CLAIMS + FINDINGS + REPAIRED, ids=lambda c: c.number)
def test_every_key_that_a_bar_pairs_with_a_bound_shows_it(row, published):
    """Every row whose key a bar of its atlas pairs with a bound of its published verdict ends
    with that bound, as published."""
    v = published[row.number]
    names = [m.name for m in v.measurements]
    for bar in row.bars:
        if row.key and bar.verdict is None and bar.measured == row.key.name and bar.bound in names:
            shown = report.key_number(row, v)
            # "vs bound …", or the key's own words for what it is held to ("vs δ = …")
            said = f" vs {row.key.against_words} = " if row.key.against_words else " vs bound "
            assert said in shown and shown.endswith(f" {v[bar.bound].render()}"), shown


@pytest.mark.parametrize(
    "number, bound", [("Lemma 5.1", "promised"), ("Lemma D.7", "bound"), ("Lemma E.8", "delta")]
)
def test_the_rows_the_readers_flagged_show_their_bounds(number, bound, published):
    """Lemma 5.1 (PDF Lemma 9) showed 6.04×10⁻⁴ where its statement promises 9.9×10⁻⁸, Lemma
    D.7 (PDF Lemma 30) 0.252 with no reference, Lemma E.8 (PDF Lemma 38) a bound typed into its
    words: each now shows the bound, read from its verdict, under the name its key gives it
    (E.8's is the allowed probability δ, not a bound: "vs δ = 0.0440%")."""
    v = published[number]
    row = ledger.claim(number)
    shown = report.key_number(row, v)
    named = row.key.against_words if row.key and row.key.against_words else "bound"
    assert shown.endswith(f" vs {named}{' =' if named != 'bound' else ''} {v[bound].render()}")
    assert shown.count(v[bound].render()) == 1  # not typed into the key's words too


def test_markdown_escape_keeps_code_and_escapes_emphasis():
    assert markdown_escape("μ̂* and f*") == "μ̂\\* and f\\*"
    assert markdown_escape("a_b `c_d*`") == "a\\_b `c_d*`"
    assert markdown_escape("no markers") == "no markers"


def test_a_star_in_a_verdict_cannot_open_emphasis():
    v = Verdict(
        Status.HOLDS,
        "f − f* levels off at f(μ̂*) − f*",
        (),
        (Qualifier("the mean centres on μ̂*", "‖μ − μ̂*‖ small", True),),
    )
    c = Claim("X 1", "eq:x", "a* b*", "08d-errata")
    section = report.claim_section(c, v, "[08](08.ipynb)")
    # the one-line answer is HTML (no emphasis to open), the detail Markdown with stars escaped
    assert "<summary>Verdict: holds (the mean centres on μ̂*)</summary>" in section
    assert "\n\nf − f\\* levels off at f(μ̂\\*) − f\\*\n" in section
    assert "*Statement:* a\\* b\\*" in section
    assert "μ̂\\*? Yes. Criterion: ‖μ − μ̂\\*‖ small." in section


def test_qualifier_reads_as_question_answer_and_criterion():
    q = Qualifier("MiNES beats RGF everywhere", "upper end below RGF's median", False)
    assert q.render() == (
        "MiNES beats RGF everywhere? No. Criterion: upper end below RGF's median."
    )


def test_ledger_page_has_a_section_per_claim_and_links_it(published):
    page = report.ledger_page(lambda nb: f"[{nb}]({nb}.ipynb#verdict)", published)
    for c in CLAIMS + FINDINGS + REPAIRED:
        assert f"### {markdown_escape(c.number)} · PDF {c.printed}" in page
    rows = CLAIMS + FINDINGS + REPAIRED
    assert page.count("#verdict)") >= 2 * len(rows)  # the table and the sections
    repaired = page[page.index("## The repaired results") : page.index("## Summary")]
    assert not re.search(r"^## ", repaired[3:], re.M)
    assert re.search(r"\*\*Reading time\*\*: about \d+ minutes", page)
    assert "**What you will learn**" in page and page.rstrip().endswith(".")
    assert all(f"### {markdown_escape(c.number)} " in repaired for c in REPAIRED)


def test_a_repaired_section_links_its_corrigendum_section(published):
    """Each repaired row's section links the corrigendum's section of the result it checks, an
    explicit target that notebook 08 defines above that section's heading."""
    import nbformat

    for c in REPAIRED:
        notebook = nbformat.read(ROOT / "notebooks" / f"{c.notebook}.ipynb", 4)
        text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
        anchor = report.repair_anchor(ledger.repair_of(c.number))
        section = report.claim_section(c, published[c.number], f"[08]({c.notebook}.ipynb#verdict)")
        assert f"({c.notebook}.ipynb#{anchor})" in section, c.number
        assert re.search(rf"^\({re.escape(anchor)}\)=\n+#+ ", text, re.M), anchor
    assert "corrigendum" not in report.claim_section(CLAIMS[0], published[CLAIMS[0].number], "x")


def test_every_repaired_claim_links_its_repair_from_the_ledger(published):
    """The ledger's section of every claim the corrigendum repairs (its variants included)
    links the repair's section on the corrigendum's page of its part of the paper; a claim
    without a repair has no such link."""
    repaired = {r.repairs for r in ledger.repairs()}
    for c in CLAIMS:
        section = report.claim_section(c, published[c.number], "x")
        target = report.repair_link(c.number)
        if c.number.split(", ")[0] in repaired:
            assert target and f"]({target})" in section, c.number
        else:
            assert target is None and "Repaired in the corrigendum" not in section, c.number
    assert report.repair_link("Lemma 5.3") == "08a-corrigendum-section5.ipynb#repair-lemma-5-3"
    assert report.repair_link("Lemma D.7") == "08b-corrigendum-appendix-d.ipynb#repair-lemma-d-7"
    assert report.repair_link("Thm 3.1") is None


def test_every_row_with_a_repaired_twin_links_it_from_its_section(published):
    """Lemma E.8's section (PDF Lemma 38) did not link "Lemma E.8, repaired": every claim's
    section links the repaired rows that check its repair (its own variant's where there is
    one), and no other repaired row."""
    twins = {r.number: r.repairs for r in REPAIRED}
    for c in CLAIMS:
        section = report.claim_section(c, published[c.number], "x")
        linked = {n for n in twins if f"(ledger.md#{report.claim_anchor(n)})" in section}
        own = {n for n, repairs in twins.items() if repairs == c.number}
        statement = {n for n, repairs in twins.items() if repairs == c.number.split(", ")[0]}
        assert linked == (own or (statement if report.repair_link(c.number) else set())), c.number
    twin = report.repaired_twins(ledger.claim("Lemma E.8"))
    assert [r.number for r in twin] == ["Lemma E.8, repaired"]


@pytest.mark.parametrize("row", CLAIMS + FINDINGS, ids=lambda c: c.number)
def test_every_decisive_qualifier_is_one_of_its_verdict_and_shown_first(row, published):
    """A row's ``decisive`` qualifiers are qualifiers of its published verdict (a renamed one
    fails here), and its one-line answer names them first, before any "+ n more"."""
    v = published[row.number]
    names = [q.name for q in v.qualifiers]
    assert set(row.decisive) <= set(names), (row.number, row.decisive)
    if row.decisive:
        headline = report.short_headline(v, decisive=row.decisive)
        assert headline.startswith(f"{v.status.value} ({row.decisive[0]}"), headline


def test_thm_5_4_names_its_trivial_bound_before_the_rest():
    """Thm 5.4 (PDF Theorem 12): "(5.7) trivial? Yes" decides how its κ-free rate reads; cold
    readers found it behind "+ 5 more"."""
    c = ledger.claim("Thm 5.4")
    section = report.claim_section(c, ledger.published()["Thm 5.4"], "x")
    summary = section[section.index("<summary>") : section.index("</summary>")]
    assert "(5.7) trivial" in summary.split("more")[0]


#: A name of the code in a verdict's text: a dotted name (``appendix_d.BiasExperiment``,
#: ``bounds.theorem33_improved``), a snake-case identifier with two letters or more before its
#: first underscore (``dd_bound``, ``comparison_table``; not a subscript: ``f_k``, ``f_opt``,
#: nor an operator's: ``max_k``), or a class's name of two capitalized words run together
#: (``SoftCubic1D``, ``LogCosh``).
CODE_NAME = re.compile(
    r"\b[a-z][a-z0-9]+\.[A-Za-z_]\w+"
    r"|\b(?!(?:arg)?(?:max|min)_|sup_|inf_|lim_)[a-z][a-z0-9]+(?:_[a-z0-9]+)+\b"
    r"|\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\w*"
)
#: What a verdict's text may hold that is no code: a measurement's placeholder (``{c2_union}``)
#: and a label of the .tex (``eq:lxi``, ``lem:nab_f``; the book prints its number).
NOT_CODE = re.compile(r"\{[^{}]*\}|\b[a-z]{2,8}:[\w\\]+")


def code_names(text: str) -> list[str]:
    return CODE_NAME.findall(NOT_CODE.sub(" ", text))


def test_the_code_name_pattern_sees_the_names_cold_readers_met():
    """The alternative: the texts that were published before the checks said them in words."""
    for old in (
        "‖Ũν‖² on the cubic of appendix_d.BiasExperiment (d = 2)",
        "(bounds.theorem33_improved) hold",
        "on SoftCubic1D(1000)",
        "dd_bound ≥ {ratio}× the sum",
        "(the table: ``comparison_table``)",
        "f = common.LogCosh",
    ):
        assert code_names(old), old
    for words in ("f − f_opt ≤ 10⁻⁸ at max_k", "eq:nab_f of {rate_10_5}", "MiNES w.p. δ"):
        assert not code_names(words), words


def test_no_published_text_names_code(published):
    """Cold readers met "bounds.theorem33_improved" in Thm 3.3's folded verdict and
    "appendix_d.BiasExperiment" in the repaired Lemma D.2: every published summary, qualifier
    name and criterion says what it means in words (no translation at rendering), and the
    ledger's page shows no code."""
    for number, verdict in published.items():
        texts = [verdict.summary] + [f"{q.name} {q.criterion}" for q in verdict.qualifiers]
        for text in texts:
            assert not code_names(text), (number, code_names(text))
    assert "<code>" not in report.ledger_page(lambda notebook: notebook, published)


def test_verdict_grid_puts_every_claim_in_one_part_and_one_status(published):
    grid = report.verdict_grid(published)
    for c in CLAIMS:
        parts = [p for p, prefixes in report.PARTS if c.number.startswith(prefixes)]
        assert len(parts) == 1, c.number
        start = f"| {report.html_scripts(markdown_escape(parts[0]))} |"  # Q<sub>α</sub>
        row = next(line for line in grid.splitlines() if line.startswith(start))
        assert markdown_escape(c.number) in row


@pytest.mark.parametrize(
    "text, linked",
    [
        ("see Lemma 5.3 here", "see [Lemma 5.3](ledger.md#claim-lemma-5-3) here"),
        ("Theorem 3.4's order", "[Theorem 3.4](ledger.md#claim-thm-3-4)'s order"),
        (
            "Proposition A.2 and notebook 02",
            "[Proposition A.2](ledger.md#claim-prop-a-2) and "
            "[notebook 02](02-mirror-descent-projection.ipynb)",
        ),
        ("Lemma 5.3, then Lemma 5.3", "[Lemma 5.3](ledger.md#claim-lemma-5-3), then Lemma 5.3"),
        ("PDF Lemma 11 is Lemma 5.3", "PDF Lemma 11 is [Lemma 5.3](ledger.md#claim-lemma-5-3)"),
        ("`Lemma 5.3` and $Lemma 5.3$", "`Lemma 5.3` and $Lemma 5.3$"),  # code, mathematics
        (
            "# Lemma 5.3\nLemma 5.3",
            "# Lemma 5.3\n[Lemma 5.3](ledger.md#claim-lemma-5-3)",
        ),  # heading
        ("[the lemma](ledger.md#claim-lemma-5-3); Lemma 5.3", None),  # linked already
        ("Lemma 5.9 and Theorem 1 and notebook 99", None),  # no such row
        ("Lemma 5.31 and Lemma 5.3.2", None),  # not a row's number
    ],
)
def test_cross_link_links_first_mentions_and_leaves_the_rest(text, linked):
    assert report.cross_link(text) == (text if linked is None else linked)
    assert report.cross_link(report.cross_link(text)) == report.cross_link(text)


def test_every_claim_anchor_is_unique_and_in_the_ledger_page(published):
    anchors = [report.claim_anchor(c.number) for c in CLAIMS + FINDINGS + REPAIRED]
    assert len(set(anchors)) == len(anchors)
    page = report.ledger_page(lambda nb: nb, published)
    assert all(f"({a})=\n###" in page for a in anchors)


def test_a_table_that_shows_a_z_of_minus_infinity_says_what_it_means():
    """Lemmas B.2 and B.3 show "largest z = −∞"; a table with notes explains it, once, and a
    table whose rows show none does not (the alternative: the sentence typed under every
    table)."""
    results = dict(report.published())
    rows = tuple(c for c in CLAIMS if c.number in ("Lemma B.2", "Lemma B.3", "Thm 3.3"))
    table = report.summary_table(results, rows, notes=True)
    assert table.count(report.MINUS_INFINITE_Z) == 1
    assert report.MINUS_INFINITE_Z not in report.summary_table(results, rows)
    finite = tuple(c for c in rows if c.number == "Thm 3.3")
    assert report.MINUS_INFINITE_Z not in report.summary_table(results, finite, notes=True)


def test_a_table_with_a_bound_too_loose_to_be_tested_says_what_that_means():
    """A cold reader read "holds (loose; too loose to be tested)" as a contradiction: a table
    whose rows carry that qualifier says once what it means; one whose rows do not, nothing."""
    results = dict(report.published())
    loose = tuple(c for c in CLAIMS if c.number in ("Lemma 5.3", "Lemma E.4", "Thm 3.3"))
    table = report.summary_table(results, loose, notes=True)
    assert table.count(report.UNTESTABLE_MEANING) == 1
    tested = tuple(c for c in loose if c.number == "Thm 3.3")
    assert report.UNTESTABLE_MEANING not in report.summary_table(results, tested, notes=True)


@pytest.mark.parametrize(
    "text, shown",
    [
        # an equation's number alone, its label in the tooltip (the alternative: left raw); a
        # statement's name leads, its label recedes into its span
        (
            "step eq:R (C.4) holds",
            'step <span class="tex-number" title="eq:R, {eq}">(C.4)</span> h',
        ),
        ("inside eq:alp\\_cond (3.6).", 'title="eq:alp_cond, {eq}">(3.6)</span>.'),
        ("*Label* prop:TG (Lemma 8).", '*Label* Lemma 8 <span class="tex-label" title="{st}">'),
        ("a label the PDF does not number: eq:R", ': <span class="tex-label" title="{eq}">eq:R<'),
        ("## A heading\nthen eq:R (C.4)", 'then <span class="tex-number" title="eq:R, {eq}">(C'),
        # not prose: code, mathematics, a heading, a link's target, a tag's attribute
        ("`eq:R (C.4)` and <code>eq:R</code>", "`eq:R (C.4)` and <code>eq:R</code>"),
        ("## eq:R (C.4)\n$x_{eq:R}$ [step](#eq:R)", "## eq:R (C.4)\n$x_{eq:R}$ [step](#eq:R)"),
        ('<a href="walk.html#eq:R">a</a>', '<a href="walk.html#eq:R">a</a>'),
        ("```\neq:R (C.4)\n```", "```\neq:R (C.4)\n```"),
    ],
)
def test_tex_labels_set_the_number_first_and_the_label_after_it(text, shown):
    """``tex_labels`` on a few strings of the pages: each label in prose moves after its number
    into a span, once (a second pass changes nothing); elsewhere it stays as written."""
    titles = report.TEX_LABEL_TITLES
    shown = shown.replace("{eq}", titles["eq"]).replace("{st}", titles["prop"])
    once = report.tex_labels(text)
    assert shown in once
    assert report.tex_labels(once) == once
    if "<span" in once:  # the raw "label (number)" the reader saw is gone
        assert re.search(r"(?:eq|prop):[\w\\]+ \(", once) is None


def test_the_alpha_bias_row_shows_the_number_its_status_is_decided_by(published):
    """A reader took the α-bias row's headline, f − f* at the end against f(μ̂*) − f* with
    "levels off? No", for a refutation: its status is decided by the time-averaged mean's
    distance to μ̂* (``decide_nonquadratic``: within 0.2 of ‖μ* − μ̂*‖) and Σ⁻¹'s limit, so the
    row shows that distance, and its one-line answer names those two tests first."""
    c, v = ledger.claim("α-bias"), published["α-bias"]
    assert report.shown_measurement(c, v).name == "to_hat"
    assert "0.2" in report.key_number(c, v)
    assert report.short_headline(v, decisive=c.decisive).startswith(
        "holds (the mean centres on μ̂*; Σ_k⁻¹ → Σ̂*⁻¹, not H*"
    )


def test_no_statement_shows_a_raw_macro_name_of_the_paper():
    """A reader met "BG" (the paper's macro for Ḡ) in Lemma D.6's statement: no row's statement
    names a macro of the paper's preamble (``pages.MACROS``, those of two or more letters that
    are no word of prose) as a word."""
    from mines_theory.verification.proofs.pages import MACROS

    prose = {"norm", "tr", "diag", "argmin", "ti", "tu", "bu", "tg", "mathbbm"}
    names = sorted(n for n in MACROS if len(n) > 1 and n not in prose)
    pattern = re.compile(r"(?<![\w:\\])(" + "|".join(names) + r")\b")
    texts = [(c.number, c.statement) for c in ledger.rows()]
    assert [(n, pattern.findall(t)) for n, t in texts if pattern.search(t)] == []
    assert pattern.search("true for any BG, P") and not pattern.search("G̃(Σ) (eq:TG)")
