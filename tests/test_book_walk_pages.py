"""The proof walk's pages as a reader meets them: each step a whole relation (the member before
it, read from the paper's .tex, then the step's relation and the member after it), grouped by
the display it belongs to. These tests read the published walk and the .tex; nothing is built.
"""

from __future__ import annotations

import copy
import re

import pytest

from mines_theory.verification.proofs import pages, published, spec

PUBLISHED = published.load()


def _step(page: str, index: int) -> str:
    """The text of step ``index`` of a proof page, up to the next heading, its displays read
    as one line (an aligned display's marks, line breaks and indents dropped)."""
    m = re.search(rf"^#{{2,3}} Step {index} ·.*?(?=^##)", page + "\n## end", re.M | re.S)
    assert m is not None, f"step {index} not on the page"
    return _flat(m.group(0))


def _flat(text: str) -> str:
    """``text`` with each aligned display as one line: "$$\na = b\n$$"."""
    text = re.sub(r"\\(?:begin|end)\{aligned\}\n?|\\quad |& ?", "", text)
    return re.sub(r" \\\\\n", " ", text)


def test_a_step_shows_the_member_before_its_relation(tex):
    """Lemma 9's proof opens with the display f(μ_{k+1}) = f(μ_k − η₁g̃(μ_k)) ≤ …: step 1 shows
    its left member f(μ_{k+1}), which is no step's (it is the display's text before its first
    relation), and step 2 the member of step 1 (hand-read from the PDF's proof of Lemma 9)."""
    page = pages.proof_page("Lemma 9", PUBLISHED, tex=tex)
    assert "$$\nf(\\mu_{k+1}) = f(\\mu_k - \\eta_1 \\tg(\\mu_k))\n$$" in _step(page, 1)
    step2 = "f(\\mu_k - \\eta_1 \\tg(\\mu_k)) \\stackrel{\\text{(2.9)}}{\\le} f(\\mu_k)"
    assert step2 in _step(page, 2)
    # without the .tex, the page shows the right sides only, and says so
    half = pages.proof_page("Lemma 9", PUBLISHED)
    assert "f(\\mu_{k+1})" not in half and "which this build did not have" in half


def test_the_steps_are_grouped_by_display_and_every_step_is_placed(tex):
    """Every step of every walked proof is found in its display; a display's steps sit under
    its heading, in order, and the first display of Lemma 9 holds steps 1–4 (the PDF's first
    display of the proof, four relations)."""
    for proof in spec.proofs():
        placed = pages.displayed(proof, tex)
        assert sorted(placed) == [s.index for s in proof.steps], proof.name
        lines = [placed[s.index].line for s in proof.steps]
        assert lines == sorted(lines) or proof.statement, proof.name
    page = pages.proof_page("Lemma 9", PUBLISHED, tex=tex)
    assert "## Display 1 · steps 1–4\n" in page
    heads = re.findall(r"^#{2,3} Step (\d+)", page, re.M)
    assert [int(h) for h in heads] == list(range(1, len(PUBLISHED["proofs"]["Lemma 5.1"]) + 1))


def test_a_long_member_before_is_folded():
    """A member before longer than ``FOLD`` shows as ⋯ with the member folded beneath; a short
    one is written out in the relation."""
    long = "x + " * (pages.FOLD // 4 + 1) + "y"
    folded = _flat("\n".join(pages.relation_display(long + ",", "\\le z")))
    assert folded.startswith("$$\n\\cdots \\le z\n$$") and f"$$\n{long}\n$$" in folded
    assert "\n".join(pages.relation_display("a,", "\\le z")) == "$$\na \\le z\n$$\n"


#: A counterexample's or an evidence's name of the code: a Greek letter spelled out, a constant
#: with its index in line (c1, nu_1), or sympy's syntax (alpha**4).
CODE_NAMES = re.compile(
    r"(?<!\\)\b(?:tau|zeta|gamma|alpha|delta|sigma|rho|ell|nu|xi|eta|Delta)(?:_\d)? = |\bc\d = "
    r"|[\w)]\*\*\w|\blhs\b|\brhs\b"
)


def test_the_code_check_finds_the_old_text():
    old = "Counterexample: d = 2, tau = 0.5, zeta = 6, c1 = 50, nu_1 = -7.5, lhs = 1, rhs = 2."
    assert len(CODE_NAMES.findall(old)) == 6
    assert CODE_NAMES.findall("sympy: lhs − rhs = -alpha**4*b") == ["lhs", "rhs", "a**4"]


def test_the_evidence_writes_symbols_not_code_names(tex):
    """Every proof page and the new findings (08d's list) write a counterexample's names as
    the paper's symbols (τ, ζ, c₁, ν₁) and sympy's differences in LaTeX: Lemma E.10's step 11
    is off by (2γ²/σ)(k − 1)Δ (its note, hand-derived: harmless, erratum of eq:dd)."""
    for proof in spec.proofs():
        page = pages.proof_page(proof.name, PUBLISHED, tex=tex)
        assert not CODE_NAMES.findall(page), (proof.name, CODE_NAMES.findall(page))
    assert not CODE_NAMES.findall(pages.new_findings(PUBLISHED))
    page = pages.proof_page("Lemma E.10", PUBLISHED, tex=tex)
    assert "$\\frac{2 \\Delta \\gamma^{2} \\left(k - 1\\right)}{\\sigma}$" in _step(page, 11)
    assert "γ = 1, σ = 2, left − right = 2." in _step(page, 11)


#: A delimiter as a reader sees it on a line: a sized or paired one (``\\left(``, ``\\Bigr]``)
#: counts as its delimiter, a null one (``\\left.``) as none; any other command is read whole.
_SEEN = re.compile(
    r"\\(?:left|right)\.|\\(?:left|right|[bB]igg?[lr]?)(?![A-Za-z])|\\[{}]|\\\||\\[A-Za-z]+"
    r"|\\.|[()\[\]]"
)


def unbalanced(row: str) -> bool:
    """Whether a line of a display shows a bracket it does not close, or closes one it does
    not show: (), [] (one kind, for half-open intervals), \\{\\}, ⟨⟩ must nest, ‖ come in
    pairs; a null ``\\left.``/``\\right.`` shows nothing, so "\\left. a \\right)" is
    unbalanced. (Written apart from ``pages.bracket_depths``, which the pages break by.)"""
    stack, bars = [], 0
    pairs = {")": "(", "]": "(", "\\}": "\\{", "\\rangle": "\\langle"}
    for m in _SEEN.finditer(row):
        seen = {"[": "("}.get(m.group(), m.group())
        if seen in ("(", "\\{", "\\langle"):
            stack.append(seen)
        elif seen in pairs:
            if not stack or stack.pop() != pairs[seen]:
                return True
        elif seen == "\\|":
            bars += 1
    return bool(stack) or bars % 2 == 1


def display_rows(page: str) -> list[str]:
    """Every line of every display of a page (``$$…$$``; an aligned display's rows)."""
    rows = []
    for block in re.findall(r"^\$\$\n(.*?)\n\$\$$", page, re.M | re.S):
        body = re.sub(r"\\(?:begin|end)\{aligned\}\n?", "", block)
        rows += [re.sub(r"^& (?:\\quad )?", "", row) for row in re.split(r" \\\\\n", body)]
    return rows


def test_every_line_of_every_walk_page_s_displays_balances_its_brackets(tex):
    """Lemma 38's steps 2–6 showed lines such as "(β+1)d) ≤ exp(−dβ/8), ∀β", cut at a relation
    inside P(·), and long members were broken inside ⟨·,·⟩ and ‖·‖ (the statement box too).
    Now a display breaks only at relations at bracket depth 0, a step inside brackets shows the
    whole of them: no line of any display of any walk page (every walked proof, its
    statement box included) leaves a bracket open or closes one it does not show. (On main
    before this change: 263 such lines on 19 pages, 39 of them Lemma 38's.) The checker
    flags the old lines."""
    for old in (
        r"\left. (\beta+1) d \right) \le \exp\left(-d \beta / 8\right), \forall\; \beta",
        r"\Bigl|\sum_{t=0}^kz_{t,k} \cdot \frac{1}{b}\sum_{i=1}^b\Bigl\langle  Y_{t,i}",
        r"\quad - H^* \Bigr\|.",
    ):
        assert unbalanced(old), old
    assert not unbalanced(r"\PP\left( \norm{u}^2 \ge A_t \right) \in [0, 1)")
    bad = [
        (proof.name, row[:70])
        for proof in spec.proofs()
        if proof.name in PUBLISHED["proofs"]
        for row in display_rows(pages.proof_page(proof.name, PUBLISHED, tex=tex))
        if unbalanced(row)
    ]
    assert not bad, (len(bad), bad[:5])


def test_a_long_relation_breaks_only_at_its_top_level_signs():
    """Lemma 40's step 11 (its right member 80 characters wide, all of it inside \\left( …
    \\right)): no + or − stands outside the brackets, so the member is one line, left whole
    (MathJax scrolls it); the old rendering cut it inside the brackets, its rows unbalanced. A
    member with top-level signs breaks before them, each row within ``LINE``, balanced, and
    the rows read together are the member. A short one stays on one line."""
    member = (
        r"\frac{2\gamma^2}{\sigma} \left(\left(1 - (1 - \rho_1)^{k-1}\right)\big(f(\mu_1)"
        r" - f(\mu^*)\big) + \left((k-1) - \frac{1 - (1 - \rho_1)^{k-1}}{\rho_1}\right)"
        r" \max\{\Delta_{\alpha,1}, \Delta_{\alpha,2} \}\right)"
    )
    lines = pages.relation_display(r"\cdots", "= " + member)
    assert lines[2].split(" \\\\\n") == ["& \\cdots", "& = " + member]
    old = [
        r"& = \frac{2\gamma^2}{\sigma} \Bigl(\Bigl(1 - (1 - \rho_1)^{k-1}\Bigr)\big(f(\mu_1)",
        r"& \quad - f(\mu^*)\big) + \Bigl((k-1) - \frac{1 - (1 - \rho_1)^{k-1}}{\rho_1}\Bigr)",
    ]
    assert all(unbalanced(row) for row in old)
    terms = [f"\\left(a_{i} + \\frac{{b_{i}}}{{c_{i}}}\\right)^2" for i in range(1, 7)]
    lines = pages.relation_display("x", "\\le " + " + ".join(terms) + " - y")
    rows = lines[2].split(" \\\\\n")
    assert len(rows) >= 3 and all(pages.visible_width(r) <= pages.LINE + 4 for r in rows), rows
    assert not [row for row in rows if unbalanced(row)]
    together = re.sub(r"^& (?:\\quad |\\le )?", "", "\n".join(rows), flags=re.M)
    assert " ".join(together.split("\n")[1:]) == " + ".join(terms) + " - y"
    assert pages.relation_display("a", "= b") == ["$$", "a = b", "$$", ""]


def _unpaired_delimiters(line: str) -> int:
    """How many ``\\left``/``\\right`` of ``line`` have no partner in it, in order (MathJax
    sets an error box in place of a line with one)."""
    depth, missing = 0, 0
    for m in re.finditer(r"\\(left|right)(?![A-Za-z])", line):
        if m.group(1) == "left":
            depth += 1
        elif depth:
            depth -= 1
        else:
            missing += 1
    return missing + depth


def test_every_line_of_every_walk_page_pairs_its_delimiters(tex):
    """A step is cut from its display at a relation sign, which may sit inside \\left(…\\right)
    (Lemma 38's P(‖u_{t,i}‖² ≥ A_t), steps 10–13): every line of every display on every proof
    page pairs its \\left and \\right (a cold reader found 15 of Lemma 38's steps set as
    MathJax error boxes), and the unpaired fragment itself is caught by the count."""
    assert _unpaired_delimiters(r"\ge A_t\right)") == 1  # the step's own member, as cut
    bad = []
    for proof in spec.proofs():
        page = pages.proof_page(proof.printed, PUBLISHED, tex=tex)
        for block in re.findall(r"^\$\$\n(.*?)\n\$\$$", page, re.M | re.S):
            for row in re.split(r" \\\\\n", block):
                if _unpaired_delimiters(row):
                    bad.append((proof.name, row[:60]))
    assert not bad, bad[:5]


def _display_of(page: str, index: int) -> str:
    """The display (``$$…$$``) of step ``index`` of a proof page, "" if it shows none."""
    m = re.search(rf"^#{{2,3}} Step {index} ·.*?(?=^<details|^##|\Z)", page, re.M | re.S)
    assert m is not None, f"step {index} not on the page"
    shown = re.search(r"^\$\$\n(.*?)\n\$\$$", m.group(0), re.M | re.S)
    return shown.group(1) if shown else ""


def _half_relation(display: str) -> bool:
    """A display that is half an equation: it ends on a relation's first item and a comma-led
    fragment ("∃ t ≥ 0, 1"), or opens on one ("0, 1 ≤ i")."""
    flat = re.sub(r"\\right\.|\\left\.", "", _flat(display)).strip()
    return bool(re.search(r",\s*\d+\s*$|^\d+,\s*\d+\s*\\le|^\w\s*\\le\s*\w+(?:,|\s*\\Big\))", flat))


def test_a_quantifier_range_is_text_of_its_line_not_half_a_relation(tex):
    """Lemma 38's (our E.8) events ∃ t ≥ 0, 1 ≤ i ≤ b and ∀ t ≥ 0, 1 ≤ i ≤ b were walked as
    steps of their own, a piece of the range each (a reader, stop 57: "'for all k ≥ 1' is not
    a relation"): they are the text of the line whose member holds them, shown whole in its
    display, and no step of the page is half a relation."""
    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    assert "\\exists\\; t \\ge 0, 1 \\le i \\le b" in _display_of(page, 4)
    assert "\\forall t \\ge 0, 1\\le i \\le b" in _display_of(page, 7)
    steps = PUBLISHED["proofs"]["Lemma E.8"]
    assert not [s["index"] for s in steps if _half_relation(_display_of(page, s["index"]))]
    # the detector sees the old rendering's halves: the members as a display would show them
    old = ["\\PP\\left(\\exists\\; t \\ge 0, 1 \\right.", "0, 1 \\le i", "i \\le b \\Big)"]
    assert all(_half_relation(display) for display in old)


def _statement(page: str) -> str:
    """The box of a proof page that shows the statement as the paper prints it."""
    m = re.search(
        r"^```\{admonition\} (.*?), as the paper states it\n(.*?)^```$", page, re.M | re.S
    )
    assert m is not None, "no statement box on the page"
    return m.group(2)


def test_a_proof_page_writes_out_the_statement_as_the_paper_prints_it(tex):
    """Under the title, before the step counts: Lemma 9's (lem:gd_dec_1) body, its constants of
    eq:c1 and its Δ_α,1 as displays, its prose with Algorithm 1 named, and nothing of its proof;
    Theorem 4's (prop:Sigma) condition eq:alp_cond on α. The pieces are copied from the .tex by
    hand (its displays' line breaks joined). Without the .tex, or with a .tex where the label
    sits in no statement, the page says it cannot show it."""
    page = pages.proof_page("Lemma 9", PUBLISHED, tex=tex)
    box = _statement(page)
    assert page.index(box) < page.index("The proof of Lemma 9, relation by relation")
    delta = (
        "\\Delta_{\\alpha,1} = \\frac{c_3^3 \\gamma b \\alpha^4}{2^5\\cdot 3^2\\cdot c_1 "
        "L\\zeta\\tau^3}\\left(1 + \\frac{c_1c_3}{2\\tau\\zeta}\\right)."
    )
    assert f"$$\n{delta}\n$$" in box
    # eq:c1's three constants, one line each (on one line the display ran past the column)
    assert (
        "\n& c_2 = b - 2\\sqrt{b\\log(1/\\delta)}, \\\\\n& c_3 = 2d + 3\\log (1/\\delta).\n" in box
    )
    assert "$\\eta_{1,k} = \\frac{b\\tau}{4L c_1 }$ in Algorithm 1." in box
    assert (
        "\\label" not in box and "begin{proof}" not in box and "\\nu" not in box
    )  # ends at the lemma
    theorem = _flat(_statement(pages.proof_page("Theorem 4", PUBLISHED, tex=tex)))
    assert "\\alpha \\leq \\frac{3\\tau^{3/2}\\sigma}{\\gamma\\zeta} \\cdot" in theorem
    assert "where $d$ is the dimension of $\\mu$, then $\\Sigma_*$ has" in theorem
    # without the statement: a sentence, no box
    for other, why in (
        (None, "did not have"),
        (tex.replace(r"\label{lem:gd_dec_1}", ""), "no state"),
    ):
        page = pages.proof_page("Lemma 9", PUBLISHED, tex=other)
        assert "as the paper states it" not in page
        assert "The statement of Lemma 9 is not shown here" in page and why in page


def _top_level_sign(row: str) -> bool:
    """Whether ``row`` has a + or − or a relation outside every bracket and brace, after the
    first of its characters (a place a line could break without cutting a bracket)."""
    depth = 0
    for m in re.finditer(
        r"\\(?:left|[bB]igg?l)(?![A-Za-z])\s*(?:\\[A-Za-z]+|\\.|.)"
        r"|\\(?:right|[bB]igg?r)(?![A-Za-z])\s*(?:\\[A-Za-z]+|\\.|.)"
        r"|\\(?:le|ge|leq|geq)(?![A-Za-z])|\\[A-Za-z]+|\\.|.",
        row,
    ):
        token = m.group()
        if re.match(r"\\(?:left|[bB]igg?l)(?![A-Za-z])|[({\[]$", token):
            depth += 1
        elif re.match(r"\\(?:right|[bB]igg?r)(?![A-Za-z])|[)}\]]$", token):
            depth -= 1
        elif depth == 0 and m.start() > 0 and token in ("+", "-", "=", "\\le", "\\ge"):
            return True
    return False


def test_a_wide_fraction_or_root_is_left_whole():
    """A fraction or a root wider than a line has no sign outside its braces: it stays one
    line (the old rendering set it as 1/B times a bracket and broke inside the bracket); a
    narrow one stays as printed."""
    terms = " + ".join(f"\\nabla^2 f(\\mu + t_{i}\\alpha u_{i})" for i in range(1, 5))
    for member in (
        f"\\frac{{{terms}}}{{2}}",
        f"\\frac{{\\norm{{{terms}}}}}{{2}}",
        f"\\sqrt{{{terms}}}",
    ):
        assert pages.relation_display("", "\\le " + member) == ["$$", "\\le " + member, "$$", ""]
    assert pages.relation_display("", "\\le \\frac{a + b}{2}") == [
        "$$",
        "\\le \\frac{a + b}{2}",
        "$$",
        "",
    ]


#: A relation with a label stacked above it (``\\overset{\\text{(E.3)}}{\\leq}``), as its relation.
_STACKED = re.compile(r"^\\(?:stackrel|overset)\{(?:[^{}]|\{[^{}]*\})*\}\{([^{}]*)\}")


def test_a_line_wider_than_the_column_has_no_top_level_sign_to_break_at(tex):
    """The displays a browser found past the 676-px column (Lemma 10's step 6, a sympy
    difference; Lemma 29's steps 10–11; Lemma 32's steps 11–12; Lemma 39's step 4), and every
    line of every walk page: a line wider than ``LINE`` visible characters (and 4 for its
    alignment marks) is one that has no + or −, nor a relation, outside its brackets, which
    MathJax scrolls rather than cut. A line with such a sign is caught."""
    assert _top_level_sign(r"a \le b + c") and not _top_level_sign(r"\left(a + b\right)^2")
    wide = []
    for proof in spec.proofs():
        if proof.name not in PUBLISHED["proofs"]:
            continue
        for row in display_rows(pages.proof_page(proof.name, PUBLISHED, tex=tex)):
            row = _STACKED.sub(r"\1", row)  # a label above a relation is set small
            if pages.visible_width(row) > pages.LINE + 4 and _top_level_sign(row):
                wide.append((proof.name, row[:60]))
    assert not wide, wide[:5]


def test_a_page_with_a_display_of_several_steps_links_how_a_display_is_walked(tex, monkeypatch):
    """Lemma 38's (our E.8) page has displays of several steps: its opening links, once, the
    proofs index's one explanation of how a display is walked (``pages.CHAINED``: a relation
    per step, each with its own verdict), which the index says once (reader, stop 56: the
    explanation was repeated in full on every walk page). Every walked proof has such a
    display (checked on the grouping); a page whose displays each hold one step (the grouping
    changed to one display per step) does not say it, nor does a page built without the .tex
    (no display known)."""
    walked = "how a display is walked"
    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    assert re.search(r"^## Display \d+ · steps \d+–\d+$", page, re.M)
    assert pages.CHAINED not in page and page.count(walked) == 1
    assert page.index(walked) < page.index("## Display 1 ")
    assert f"(proofs.md#{pages.READING_ANCHOR})" in page
    index = pages.index_page(PUBLISHED)
    # the guide's anchor is its heading's own (myst_heading_anchors), not a label beside it
    assert index.count(pages.CHAINED) == 1 and f"({pages.READING_ANCHOR})=" not in index
    assert "\n## How to read a walk page\n" in index
    for proof in spec.proofs():
        placed = pages.displayed(proof, tex)
        lines = [placed[s.index].line for s in proof.steps]
        several = len(set(lines)) < len(lines)
        page = pages.proof_page(proof.name, PUBLISHED, tex=tex)
        assert (walked in page) == several, proof.name
    # without the .tex no display is known, and the page says nothing of displays
    assert walked not in pages.proof_page("Lemma E.8", PUBLISHED)
    placed = pages.displayed(spec.find("Lemma E.8"), tex)
    alone = {i: pages.Placed(1000 + i, where.before) for i, where in placed.items()}
    monkeypatch.setattr(pages, "displayed", lambda proof, tex: alone)
    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    assert "\n## Step 32 · " in page and walked not in page  # one heading (stop 59)
    assert "### Step 32" not in page and "## Display" not in page


def _pages():
    """Every walked proof with its page (without the .tex) and its steps, in the paper's order."""
    for proof in spec.proofs():
        if proof.name in PUBLISHED["proofs"]:
            yield proof, pages.proof_page(proof.name, PUBLISHED), PUBLISHED["proofs"][proof.name]


def test_an_erratum_that_names_several_steps_is_written_out_once_per_page():
    """Lemma 38's (our E.8) eq:chi_1 names 10 of its steps: the old page wrote the same sentence
    (kind, label, "see its entry in notebook 08d") under each, and then a short one ("The
    erratum that names step 1 names this step too") under each of the 18 later ones, 12 times
    on the page a reader saw. Now a page writes each erratum out once, at the first step it
    names, linked to its entry, with the later steps it names (linked), and a later step
    carries no line: per page, as many sentences as distinct errata (counted on the walk
    data); no page sends the reader to the whole notebook."""
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.views.errata import erratum_link

    for proof, page, steps in _pages():
        named = [s["erratum"] for s in steps if s.get("erratum")]
        assert page.count("An erratum names this step (") == len(set(named)), proof.name
        assert "names this step too" not in page and "see its entry in [notebook 08d" not in page
        for label in set(named):
            assert f"]({erratum_link(ledger.erratum(label))})" in page
    page = pages.proof_page("Lemma E.8", PUBLISHED)
    chi = [
        s["index"]
        for s in PUBLISHED["proofs"]["Lemma E.8"]
        if (s["erratum"] or "")[:8] == "eq:chi_1"
    ]
    assert chi[0] == 1 and len(chi) == 10
    steps = page.split("(walk-lemma-e-8-step-")
    first = next(x for x in steps[1].splitlines() if x.startswith("An erratum names this"))
    later = pages.step_numbers("Lemma E.8", chi[1:])
    assert first.endswith(f"; it names {later} of this proof too.")
    assert "An erratum names" not in steps[chi[1]]


def test_a_step_s_evidence_fold_says_what_the_check_found_in_words():
    """A step's evidence fold no longer repeats its title ("**Evidence:**" under "Evidence"),
    the badge's status ("fails: normalized margin …" under "✗ fails"), a field's name
    ("**Reading and note:**", the spec's reason) or sympy's prompt ("sympy: left − right ="),
    and each of its paragraphs ends as a sentence: what the check found (``pages.FOUND``) and
    how the walk reads the step (``pages.READING``), as many as the walk data has evidence and
    reasons, on every page."""
    for proof, page, steps in _pages():
        assert "**Evidence:**" not in page and "Reading and note" not in page, proof.name
        assert page.count(f"**{pages.FOUND}**") == sum(bool(s.get("evidence")) for s in steps)
        assert page.count(f"**{pages.READING}**") == sum(bool(s.get("reason")) for s in steps)
        for line in page.splitlines():
            if line.startswith((f"**{pages.FOUND}**", f"**{pages.READING}**")):
                assert line.endswith((".", ":")) or line.endswith("to"), (proof.name, line)
                assert not re.match(r"\*\*[^*]+\*\* (?:fails|holds|identity|follows): ", line)
                assert "sympy: " not in line, line
    page = pages.proof_page("Lemma 5.1", PUBLISHED)
    assert f"**{pages.FOUND}** Normalized margin −0.901 at the instance shown." in page
    assert f"**{pages.READING}** As printed Ũ<sub>k</sub>UΣ<sub>k</sub>UᵀŨ<sub>k</sub>ᵀ" in page


def test_the_statement_s_verdicts_read_as_a_sentence_with_each_status_in_words():
    """The opening's line on the statement was "The statement: [Lemma 5.1](…): holds (…);
    [Lemma 5.1, γ > 0](…): erratum (…)": a colon after a colon, and "erratum" as a bare
    status a newcomer reads as a noun. Now each row is the subject of its status in words,
    "erratum" as "is false as printed and holds corrected", on every page; a status changed
    in the verdicts changes the words."""
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.framework.verdict import Status, Verdict

    verdicts = ledger.published()
    for proof, page, _ in _pages():
        line = next(x for x in page.splitlines() if x.startswith(pages.STATEMENT_LEAD))
        assert not re.search(r"\]\([^)]*\): ", line), line
        assert not re.search(r"\) erratum\b", line), line
    said = pages.statement_verdicts("Lemma 5.1")
    assert "on the runs, the statement is false as printed and holds corrected (" in said
    assert verdicts["Lemma 5.1, γ > 0"].status is Status.ERRATUM
    for status, words in (
        (Status.HOLDS, "holds"),
        (Status.FAILS, "fails"),
        (Status.NOT_CHECKED, "is not checked"),
        (Status.HYPOTHESES_NOT_MET, "was checked outside its hypotheses"),
    ):
        made = dict(verdicts, **{"Lemma 5.1, γ > 0": Verdict(status, "made up")})
        said = pages.statement_verdicts("Lemma 5.1", made)
        pattern = r"-gamma-0\) \(its run on a non-quadratic f\), concluded \*\*[a-z ]+\*\* "
        pattern += r"\([^)]*\); on the runs, the "
        assert re.search(pattern + f"statement as printed {words}", said)


def _found(page: str, index: int) -> str:
    """The line of step ``index``'s evidence fold that says what the check found."""
    line = next(x for x in _step(page, index).splitlines() if x.startswith(f"**{pages.FOUND}**"))
    return line.removeprefix(f"**{pages.FOUND}** ")


def test_a_monte_carlo_step_s_evidence_reads_in_the_step_s_own_direction(tex):
    """The walk data says a Monte Carlo step's estimate as E[lhs] − rhs, whose sign for a step
    that holds is negative under ≤ and positive under ≥ (Lemma 29's C.1, "0.42 ± 0.88"). The
    page says it in the step's own direction, taken from the spec's relation: Theorem 2's
    (our 3.2) step 6 (≤) and step 7 (≥), given the same evidence, read opposite ways, and a
    relation written wrongly into the walk data changes nothing. Evidence without the phrase is
    left as it is; a standard error of 0 is said to be every draw the same, not a closed form."""
    same = (
        "holds at 4 instances, 20000 Monte Carlo draws each; worst E[lhs] − rhs = 0.2 ± 0.09 "
        "(SE; fails beyond 4 SE), worst normalized margin 1.00e-01"
    )
    steps = {s.index: s.relation for s in spec.find("Thm 3.2").steps}
    assert (steps[6], steps[7]) == ("<=", ">=")
    walked = [dict(s) for s in PUBLISHED["proofs"]["Thm 3.2"]]
    for step in walked:
        if step["index"] in (6, 7):
            step["evidence"] = same
            step["relation"] = {"<=": ">=", ">=": "<="}[step["relation"]]  # the data lies
    page = pages.proof_page("Thm 3.2", {**PUBLISHED, "proofs": {"Thm 3.2": walked}}, tex=tex)
    below, above = _found(page, 6), _found(page, 7)
    # under ≤ the left side is the larger (within 4 SE): said as such, never "by −0.20"
    assert (
        "worst: E[left side] exceeds the right side by 0.20 ± 0.09 (Monte Carlo SE), within 4 SE"
        in below
    )
    assert (
        "worst: E[left side] exceeds the right side by 0.20 ± 0.09 (Monte Carlo SE; the " in above
    )
    assert "the step fails only beyond 4 SE" in below
    assert "if the right side exceeded E[left side] by more than 4 SE" in above
    assert " by −" not in page
    assert "E[lhs]" not in page and "E[left] − right" not in page
    # evidence of any other kind reads as the data says it, on every page
    for proof, page, steps in _pages():
        for step in steps:
            evidence = step.get("evidence") or ""
            if "E[lhs]" not in evidence:
                assert pages.directed(evidence, step["relation"]) == evidence
            else:
                assert "E[lhs]" not in pages.directed(evidence, step["relation"]), proof.name
    # Lemma 30's (our D.3) step 1: no draw fell in the event, so the sample's SE is 0
    zero = _found(pages.proof_page("Lemma D.3", PUBLISHED, tex=tex), 1)
    assert "± 0" not in zero and "every draw gave the same value" in zero
    assert "not a closed form" in zero
    # Lemma 38's (our E.8) corrected step 1: no exceedance in any draw, said so, with the
    # chance of that were P(exceed) ≥ δ, and no power "of more than 0 of the scale"
    e8 = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    assert "no exceedance in 20000 draws at any instance" in e8
    assert "more than 0 of the scale" not in e8 and "every draw gave the same" not in e8


def test_lemma_38_s_counterexample_names_its_bound_and_rounds_to_the_error(tex):
    """Lemma 38's (our E.8) step 1 tests P(|the sum| > its printed right side) ≤ δ: the
    counterexample's "bound = 25.99" is that printed right side (models/lemma_y.py's
    ``statement``), not the check's right side δ, and the page names it so; its estimate and
    standard error ("estimate = 0.01874, its standard error = 0.0009642") read as one number
    to its error, in the step's direction (≤: right side − E[left side]). No page writes an
    estimate with its error apart."""
    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    found = PUBLISHED["proofs"]["Lemma E.8"][0]["counterexample"]
    delta = pages.number(found["delta"])
    [line] = [x for x in _step(page, 1).splitlines() if x.startswith("**Counterexample:**")]
    assert line.startswith(
        f"**Counterexample:** d = 1, b = {found['b']}, k = {found['k']}, δ = {delta}, H* = "
    )  # every input of the sum shown, H*, z₀, Λ₀, Σ₀⁻¹, H₀, … (reader D, stop 58)
    for name in ("z₀", "Λ₀", "Σ₀⁻¹", "H₀"):
        assert f", {name} = " in line, name
    p = pages.uncertain(found["estimate"] + found["delta"], found["se"])
    assert (
        f"the event's threshold = {pages.number(found['bound'])}, P(exceed) = {p} against "
        f"δ = {delta}" in line
    )
    assert "the event's threshold: the lemma's printed right side at the instance" in page
    assert "check compares with δ (its own right side)" in page
    for proof, page, _ in _pages():
        assert "estimate = " not in page and "its standard error = " not in page, proof.name
        assert "bound = " not in page, proof.name


def _index_table(page: str) -> list[list[str]]:
    """The cells of the first table of the proofs index, its header first."""
    rows = [line for line in page.splitlines() if line.startswith("| ")]
    return [[cell.strip().strip("*") for cell in row.strip("|").split("|")] for row in rows]


def test_the_index_table_drops_a_status_column_that_is_zero_everywhere():
    """The proofs index's table had a `follows` column of zeros in every row: a column is
    shown only where some row of the walk's coverage (the data, not a list of names) has a
    step of it; given a walk with two `follows` steps in Appendix D, the column is back, with
    them. The sentence beneath says there is no such step."""
    coverage = PUBLISHED["coverage"]
    assert all(row.get("follows", 0) == 0 for row in coverage.values())
    table = _index_table(pages.index_page(PUBLISHED))
    assert "follows" not in table[0] and "fails" in table[0]
    for c in range(1, len(table[0])):
        assert any(row[c] != "0" for row in table[1:]), table[0][c]
    some = {k: dict(v, follows=2 if k == "D" else 0) for k, v in coverage.items()}
    table = _index_table(pages.index_page({**PUBLISHED, "coverage": some}))
    column = table[0].index("follows")
    assert [row[column] for row in table[1:]] == ["0", "2", "0", "0", "2"]
    assert "No step has the status `follows`" in pages.index_page(PUBLISHED)


def test_the_index_s_new_findings_say_once_what_their_symbols_stand_for():
    """The new findings' notes write ν_i (Lemma 24's step 10) and never define it: beneath the
    list, the index says once what it stands for (as eq:nu (D.3) defines it), and nothing of
    q_i, D_i or (…)_i, which no finding's note writes now (Lemma 29's steps 14-15 answer to its
    Taylor erratum since stop 58). Given findings whose notes write none of them, it says
    nothing."""
    index = pages.index_page(PUBLISHED)
    findings = index[index.index("**New findings**") :]
    [said] = [line for line in findings.splitlines() if line.startswith("*The symbols of these")]
    assert said.count("ν<sub>i</sub>: ") == 1
    for unused in ("q<sub>i</sub>: ", "D<sub>i</sub>: ", "(…)<sub>i</sub>: "):
        assert unused not in said, unused
    assert "(f(μ + αũ<sub>i</sub>) − f(μ − αũ<sub>i</sub>) − ⟨∇f(μ), 2αũ<sub>i</sub>⟩)/(2α)" in said
    result = published.cross_check(PUBLISHED)
    plain = {
        "proofs": {
            name: [dict(s, reason="a typo") for s in steps]
            for name, steps in PUBLISHED["proofs"].items()
        }
    }
    assert pages.findings_symbols(plain, result) is None


def test_one_table_says_a_status_in_words_for_the_walk_pages_and_the_front_page(monkeypatch):
    """pages._STATUS_WORDS and report._PLURAL were near-copies of one status → words table; now
    the views' ``STATUS_VERBS`` (singular, plural) is the one: a walk page's opening and the
    front page's counts both follow a change to it, and neither module keeps its own copy."""
    from mines_theory.verification.framework.verdict import Status
    from mines_theory.verification.views import report

    assert not hasattr(pages, "_STATUS_WORDS") and not hasattr(report, "_PLURAL")
    assert set(report.STATUS_VERBS) == set(Status)
    changed = dict(report.STATUS_VERBS, **{Status.FAILS: ("trips", "trip")})
    monkeypatch.setattr(report, "STATUS_VERBS", changed)
    monkeypatch.setattr(pages, "STATUS_VERBS", changed)
    assert "on the runs, the statement as printed trips" in pages.statement_verdicts("Lemma E.8")
    assert re.search(r"\d+ trip\b", report.found_box(walk=PUBLISHED))


def test_a_page_counts_each_failing_relation_once(tex):
    """Lemma 38's opening said "22 fails", counting twice an event inside P(·) checked with
    the bound of the step that states it; then it counted such events apart as re-checks, and
    a quantifier's range as range pieces (a reader, stop 57: no step of the proof). Its steps
    are now its relation lines, each counted once: the opening's counts are the steps' statuses
    (counted here from the walk data), with no kind set apart."""
    from collections import Counter

    steps = PUBLISHED["proofs"]["Lemma E.8"]
    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    opening = next(x for x in page.splitlines() if x.startswith("The proof of Lemma 38"))
    counted = Counter(s["status"] for s in steps)
    tally = ", ".join(f"{counted[k]} {k}" for k in spec.STATUSES if counted[k])
    assert f"relation by relation: {len(steps)} steps ({tally});" in opening, opening
    assert "re-check" not in page and "range piece" not in page


def _depth(text: str) -> int:
    """The deepest nesting of parentheses in ``text``."""
    depth = deepest = 0
    for c in text:
        depth += {"(": 1, ")": -1}.get(c, 0)
        deepest = max(deepest, depth)
    return deepest


def test_the_index_s_table_list_errata_and_pages_count_one_convention(tex):
    """A cold reader found proofs.html's counts irreconcilable (Lemma 38's list item, the
    table's E row and the errata section each counted its steps another way). Every step is now
    a relation line of the proof, counted once: the table's columns, the list, the page's
    opening and the errata section agree, counted here from the steps, and no count nests a
    parenthesis."""
    from collections import Counter

    index = pages.index_page(PUBLISHED)
    table = _index_table(index)
    head, total = table[0], table[-1]
    own = Counter(s["status"] for steps in PUBLISHED["proofs"].values() for s in steps)
    for status in ("identity", "holds", "fails", "not checked"):
        assert int(total[head.index(status)]) == own[status], status
    assert int(total[head.index("relations")]) == sum(own.values())
    assert "re-checks" not in head and "range pieces" not in head
    line = next(x for x in index.splitlines() if x.startswith("- [Lemma 38 (our Lemma E.8)]"))
    assert _depth(line.split("](walk-lemma-e-8.md)")[1]) == 1, line
    steps = PUBLISHED["proofs"]["Lemma E.8"]
    counted = Counter(s["status"] for s in steps)
    tally = ", ".join(f"{counted[k]} {k}" for k in spec.STATUSES if counted[k])
    assert f"{len(steps)} steps ({tally})" in line
    assert line.endswith("first error at step 1, the statement; the proof's first error at step 3")
    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    opening = next(x for x in page.splitlines() if x.startswith("The proof of Lemma 38"))
    assert line.split("): ", 1)[1].split(";")[0] in opening
    assert (
        "Step 1 is a relation of the statement, not a line of its proof; **the first false line "
        "of the proof is [step 3]" in opening
    )
    # the errata section lists under (E.10) the steps the page counts under it
    [said] = re.findall(r"^- (\d+) to .*\(erratum \[\*eq:chi_1 \(E\.10\)", page, re.M)
    section = index[index.index("## The walk against the errata") :]
    [listed] = [x for x in section.splitlines() if "walk-lemma-e-8" in x and "eq:chi_1 (E.10)" in x]
    chi = [s for s in steps if s["status"] == "fails" and (s["erratum"] or "")[:8] == "eq:chi_1"]
    assert len(re.findall(r"\[\d+\]\(walk-lemma-e-8", listed)) == int(said) == len(chi)


def test_the_index_defines_the_statuses_as_the_walk_uses_them():
    """Its "holds" read "random instances and an adversarial search" where many steps are
    Monte Carlo at a few instances without a search; and it defined `follows`, which no step
    has. The definitions now give the Monte Carlo rule with the checker's own numbers, and
    define `follows` only where a step has it."""
    from mines_theory.verification.proofs import check

    index = pages.index_page(PUBLISHED)
    assert index.split("\n\n")[1].startswith("**What this page shows**")  # then what it reads
    definitions = index.split("\n\n")[2]
    assert (
        f"Monte Carlo at {check.EXPECTATION_INSTANCES} instances, "
        f"{check.MONTE_CARLO_DRAWS:,} draws each" in definitions
    )
    assert f"more than {check.K_SE:g} standard errors" in definitions
    # defined, though no step has it: the table's words say "No step has the status `follows`"
    assert "its premise; no step of this walk has it)" in definitions
    name = next(iter(PUBLISHED["proofs"]))
    some = copy.deepcopy(PUBLISHED)
    some["proofs"][name][0]["status"] = "follows"
    said = pages.index_page(some).split("\n\n")[2]
    assert "`follows` (it holds only given" in said and "no step of this walk" not in said


#: Where the relation a step shows ends on its page: the lines after it (what it uses, the
#: erratum that names it, its evidence).
_AFTER_RELATION = re.compile(
    r"^(?:Uses: |An erratum |The erratum that |No erratum |A re-check "
    r"|<details class=\"aside\"(?: open)?><summary>Evidence)",
    re.M,
)


def _shown(page: str, index: int) -> str:
    """What step ``index`` of a proof page shows as its relation: its text after its heading,
    up to what it uses, its erratum or its evidence."""
    text = _step(page, index).split("\n", 1)[1]
    return _AFTER_RELATION.split(text, 1)[0].strip()


def test_no_two_steps_of_a_page_show_the_same_relation(tex):
    """Lemma 38's steps 35 and 36 (two events inside P(·) of one sum of integrals) printed
    the same display, and nothing said which relation of it each step is: on every page no two
    steps show the same text."""
    for proof, _page, steps in _pages():
        page = pages.proof_page(proof.name, PUBLISHED, tex=tex)
        shown: dict[str, int] = {}
        for step in steps:
            text = _shown(page, int(step["index"]))
            assert text not in shown, (proof.name, shown.get(text), step["index"], text)
            shown[text] = int(step["index"])
    # Lemma 38's events inside P(·) are no steps now (stop 57): the line that holds both shows
    # them whole, as its member
    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    line = _shown(page, 20)
    assert "> A_t \\right)" in line and "> \\sqrt{s} \\right)" in line
    assert "relation inside" not in line


def test_a_display_of_two_chains_is_split_where_the_paper_breaks_it(tex):
    """Lemma 38's display 6 prints two chains, a line each (tr(Λ)·I_d + 2Λ = … = (d² + 2d)·…
    and tr(Λ)·I_d = … = d·…); the page glued them, step 22's member running on into the second
    line's left side and step 23 read as (d² + 2d)·… tr(Λ)·I_d = … (steps 10 and 11 since the
    steps are the proof's relation lines). Now the second chain opens with its own left
    member, step 22 ends where its line does, and the display's heading says
    it holds two chains; Theorem 3's (our 3.3) first display, two chains too, likewise."""
    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    chained = "This display prints 2 chains, each with its own left member: steps 8–10, then "
    assert chained + "steps 11–13." in page
    step22, step23 = _shown(page, 10), _shown(page, 11)
    assert "\\tr(\\Lambda) \\cdot I_d" not in step22
    second = "\\tr(\\Lambda) \\cdot I_d = \\EE\\left[ \\bu^\\top \\Lambda \\bu \\cdot I_d \\right]"
    assert step23 == f"$$\n{second}\n$$"
    thm3 = pages.displayed(spec.find("Thm 3.3"), tex)
    assert thm3[3].before.startswith("f(\\hat{\\mu}_*)") and thm3[3].chain == thm3[2].chain + 1
    assert pages.chain_break("= a \\\\ & \\quad + b") is None  # a member continued on a line


_FOLD = re.compile(r"<summary>Symbols on this page</summary>\n\n(.*?)\n\n</details>", re.S)


def _defines(fold: str, name: str) -> bool:
    """Whether the symbols fold ``fold`` gives ``name`` a meaning (``name: …`` or among the
    names before one: ``z, A: …``), as it is or with its scripts (Λ as Λ<sub>t</sub>, H as
    H*, c as c₀), in its list (an item per meaning, ``- z, A: …``)."""
    name = pages.barred(name)  # Λ̄ as $\\bar{\\Lambda}$
    written = rf"{re.escape(name)}(?:<sub>[^<]*</sub>|[₀-₉]+|\*)?"
    return bool(re.search(rf"(?:^|; |\. |, |\n- ){written}(?:, [^:;\n]+)?: \S", fold))


def test_every_symbol_a_walk_page_s_displays_use_is_defined_on_it(tex):
    """Cold readers found Lemma 38's (our E.8) symbols box without ū, u′, β, Λ or M_t, which its
    displays and notes use, and Lemma 9's (our 5.1) without ν and Ũ_k. Each symbol the steps'
    displays of a page use, read from their TeX (``pages.display_symbols``: ū from ``\\bu``, Λ
    from ``\\Lambda_t``), is now defined in its fold, but for a short list of standard ones (the
    identity I, N(·, ·), indices i and j, π); the paper's marked as the notation page's."""
    checked = 0
    for proof, _page, _steps in _pages():
        page = pages.proof_page(proof.name, PUBLISHED, tex=tex)
        steps = page[page.index("\n## ") :]
        maths = re.findall(r"\$\$(.*?)\$\$|\$([^$\n]+)\$", steps, re.S)
        used = {x for a, b in maths for x in pages.display_symbols(a or b)}
        folds = _FOLD.findall(page)
        assert len(folds) == 1, proof.name
        for name in sorted(used - pages.STANDARD_SYMBOLS):
            assert _defines(folds[0], name), (proof.name, name)
            checked += 1
    assert checked > 200
    lemma38 = _FOLD.findall(pages.proof_page("Lemma E.8", PUBLISHED, tex=tex))[0]
    for name in ("ū", "ū′", "β", "Λ", "M<sub>t</sub>"):
        assert _defines(lemma38, name), name
    lemma9 = _FOLD.findall(pages.proof_page("Lemma 9", PUBLISHED, tex=tex))[0]
    assert _defines(lemma9, "ν") and _defines(lemma9, "Ũ")
    assert pages.display_symbols(r"\ti{U}_k \nu + \bar{\Lambda} \text{ and } \mbox{if } u'") == [
        "Ũ",
        "k",
        "ν",
        "Λ̄",
        "u′",
    ]
    with pytest.raises(ValueError, match="name='Ω'"):
        pages.symbols_line("Lemma E.8", [], ["\\Omega_t"])


def test_the_statement_line_leads_with_the_ledger_s_conclusion_then_the_runs():
    """Lemma 9's page opened "Lemma 5.1 holds (loose; too loose to be tested)" while the page
    shows its proof failing and the corrigendum finds it false as printed: each row now leads
    with the ledger's conclusion (``report.conclusion``, the word its rows open with) and what
    it means, and says the run's status after, "on the runs"; a changed conclusion changes
    it."""
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.views import report

    walk = pages.with_slips(PUBLISHED)
    verdicts = ledger.published()
    said = pages.statement_verdicts("Lemma 5.1", verdicts, walk)
    for number in ("Lemma 5.1", "Lemma 5.1, γ > 0"):
        word = report.conclusion(ledger.claim(number), verdicts[number], walk)
        link = f"[{number}](ledger.md#{report.claim_anchor(number)})"
        link += " (its run on a non-quadratic f)" if "γ > 0" in number else ""
        link += "" if "γ > 0" in number else " (its run on a quadratic f, γ = 0)"  # stop 59
        meaning = report.CONCLUSION_MEANING[word]
        assert f"{link}, concluded **{word.value}** ({meaning}); on the runs, the " in said
    assert "**repaired**" in said and said.index("**repaired**") < said.index("holds")
    clean = pages.statement_verdicts("Thm 3.2", verdicts, walk)
    said = "**stands** (nothing found against it); on the runs, the statement as printed holds."
    assert said in clean


def test_a_page_s_header_quotes_its_errata_s_corrections_whole(tex):
    """Lemma 38's header quoted its erratum's correction cut short, "A_t = 8 log(b/δ) +
    16 log(t+1) + d", leaving out that it holds only where (E.9) applies and that for larger
    d Laurent–Massart's bound is the one to use: each erratum the failing steps answer to is
    quoted with its correction whole (the index keeps its first clause)."""
    from mines_theory.verification.framework import ledger

    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    [item] = [x for x in page.splitlines() if x.startswith("- ") and "eq:chi_1 (E.10)" in x]
    correct = ledger.erratum("eq:chi_1 (Lemma E.8); A_K of Lemma 5.3").correct
    for clause in ("valid where eq:chi (E.9) applies", "Laurent and Massart", "for every d"):
        assert clause in correct.replace("eq:chi ", "eq:chi (E.9) ") and clause in item, clause
    assert pages.gist(ledger.erratum("eq:chi_1 (Lemma E.8); A_K of Lemma 5.3")).endswith("+ d")


def test_the_walk_s_readings_say_what_their_checks_do():
    """A cold reader's notes on Lemmas 38 and 9: step 47 said "b ≤ 20" beside a counterexample
    at b = 833 (the model draws b log-uniform in [1, 1000]); step 40 said it fails "for every
    b ≥ 2 at large A_t" where it fails for every A_t ≥ 0 once b ≥ 2; steps 30 and 41's "A at a
    χ² level" is A with P(χ² > A) in a range; Lemma 9's step 3 read an ill-formed product as
    its typo's correction (an identity) while step 6, its like, failed as printed: both are now
    read as printed, typos saying why; step 9's sides are
    net of f(μ_k) − f*; step 12's rate is conservative by exactly 2."""
    lemma38 = {s["index"]: s for s in PUBLISHED["proofs"]["Lemma E.8"]}  # renumbered: 47 → 29
    assert lemma38[29]["counterexample"]["b"] > 20 and "b ≤ 20" not in lemma38[29]["reason"]
    assert "b log-uniform in [1, 1000]" in lemma38[29]["reason"]
    ex = lemma38[24]["counterexample"]
    assert ex["b"] >= 2 and "fails for every A_t ≥ 0 once b ≥ 2" in lemma38[24]["reason"]
    for b in (2, 3, 30):  # 16(A + 8)b > 16A + 144 at every A ≥ 0 once b ≥ 2
        assert all(16 * (a + 8) * b > 16 * a + 144 for a in (0.0, 1.0, 100.0))
    assert "P(χ²_{d+4} > A) ∈ [0.1, 0.9]" in lemma38[18]["reason"]
    assert "P(χ²_{d+2} > A) ∈ [0.1, 0.9]" in lemma38[25]["reason"]
    lemma9 = {s["index"]: dict(s, proof="Lemma 5.1") for s in PUBLISHED["proofs"]["Lemma 5.1"]}
    # steps 3 and 6, the same defect, read alike: both fail as printed, both typos, saying so
    assert pages.slip(lemma9[6]) == "typo" and pages.slip(lemma9[3]) == "typo"
    assert all(lemma9[i]["status"] == "fails" for i in (3, 6))
    assert "a typo" in lemma9[3]["reason"] and "a typo" in lemma9[6]["reason"]
    assert "the same defect as step 6's" in lemma9[3]["reason"]
    assert "the same defect as step 3's" in lemma9[6]["reason"]
    assert lemma9[9]["reason"].startswith("both counterexamples show their sides net of f(μ_k)")
    assert "‖Ũν‖² ≤ (c₁/τ)‖ν‖²" in lemma9[10]["reason"]
    assert "conservative by exactly 2" in lemma9[12]["reason"]
    # the specs say the same as the published walk
    for name, by_index in (("Lemma E.8", lemma38), ("Lemma 5.1", lemma9)):
        for step in spec.find(name).steps:
            assert (step.reason or "") == (by_index[step.index]["reason"] or ""), (name, step)


def test_the_new_findings_say_what_their_letters_stand_for():
    """The new findings wrote ℓ (Lemmas 27 and 28's counterexamples: τ = 2.497, ℓ = 0.3707)
    where the notation page's ℓ = max(L, τ) ≥ τ: the walk's letter is the lemmas' 𝓛 (∇²f ⪯
    𝓛Σ⁻¹), written so and defined; Lemma 29's r_u (not eq:c1's c₂), c₃ and "isotropic instance"
    are defined where the counterexample shows them."""
    index = pages.index_page(PUBLISHED)
    findings = index[index.index("**New findings**") :]
    assert "ℓ" not in findings
    for proof, printed in (("Lemma D.4", "Lemma 27"), ("Lemma D.5", "Lemma 28")):
        [line] = [x for x in findings.splitlines() if f"of {printed}](" in x]
        assert "𝓛 = " in line and "where 𝓛 = the lemma's 𝓛, the bound of ∇²f ⪯ 𝓛Σ⁻¹" in line
    for line in (x for x in findings.splitlines() if "of Lemma 29](" in x):
        for said in (
            "an isotropic instance has Σ⁻¹ = τI",
            "r<sub>u</sub> = 2d + 2 log(1/δ)",
            "c₃ = 2d + 3",
        ):
            assert said in line, said


def test_an_exceedance_test_reports_its_probability_against_delta(tex):
    """Lemma 38's step 1 showed "printed right side = 25.99" beside "right side − E[left side]
    = −0.0187": "right side" for two things, and a probability as an expectation. It now shows
    the event's threshold by that name and P(exceed) against δ, the estimate plus δ."""
    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    [line] = [x for x in _step(page, 1).splitlines() if x.startswith("**Counterexample:**")]
    found = PUBLISHED["proofs"]["Lemma E.8"][0]["counterexample"]
    p = pages.uncertain(found["estimate"] + found["delta"], found["se"])
    assert f"P(exceed) = {p} against δ = {pages.number(found['delta'])}" in line
    assert "right side − E[left side]" not in line and "printed right side =" not in line
    assert f"the event's threshold = {pages.number(found['bound'])}" in line


def test_a_line_after_a_false_one_names_its_nearest_failing_premise(tex):
    """Lemma 38's step 30 (once 48) read "after step 3, which fails" (the first false step
    upstream) where the premise it uses, step 7, is the one that fails: the heading names the
    nearest failing step the line is reached through, a step it uses where one fails (from the
    spec's ``uses``, read here)."""
    proof = spec.find("Lemma E.8")
    steps = PUBLISHED["proofs"]["Lemma E.8"]
    assert 7 in proof.steps[29].earlier and steps[6]["status"] == "fails"
    assert steps[29]["after"] == 3  # the walk's first false step upstream
    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    assert "### Step 30 · ✓ identity · after step 7, which fails" in page
    assert "### Step 31 · ✓ holds · after step 7, which fails" in page  # through step 30


def test_the_published_readings_are_the_specs():
    """Each of Lemma 38's published readings is its spec's reason (a reading changed in the spec
    is republished)."""
    steps = {s["index"]: s for s in PUBLISHED["proofs"]["Lemma E.8"]}
    for step in spec.find("Lemma E.8").steps:
        assert (step.reason or "") == (steps[step.index]["reason"] or ""), step.index


#: A signed difference or margin as a page prints it, by its name (``pages.DIRECTION``'s
#: names of a slack in the step's own sense, and the normalized margin).
_SIGNED = re.compile(
    r"(right side − E\[left side\]|E\[left side\] − right side|bound − P\(event\)"
    r"|bound − expected count|δ − P\(exceed\)|[Nn]ormalized margin|[Ww]orst margin)"
    r" (?:= |is |of )?(−?)[\d.]"
    r"(?!\S* \(within the rounding tolerance)"  # a margin of −10⁻¹⁶ that rounding explains
)


def test_no_page_prints_a_negative_margin_for_a_step_that_holds(tex):
    """The pages promise that every margin and Monte Carlo difference reads in the relation's own
    orientation, positive where the step holds: on every walk page, a step that holds prints no
    negative one (but a margin within the rounding tolerance, said as such), and a step that
    fails prints no positive one (its own check's paragraphs; the paragraph of the check re-run
    with an erratum's correction has its own outcome). An = has no orientation (its difference's
    sign says nothing): left out. The reading of Lemma 38's (our E.8) step 5 before this test:
    "E[left side] − right side = −0.112" for P(event) ≤ bound, the engine's E[−𝟙{event}] −
    (−bound) named as the printed relation's sides: an event's, a count's or an exceedance
    test's difference is named by what it compares (bound − P(event)), never as E[left side]."""
    seen = {"holds": 0, "fails": 0}
    for proof, _, steps in _pages():
        page = pages.proof_page(proof.name, PUBLISHED, tex=tex)
        relations = {s.index: s.relation for s in proof.steps}
        for step in steps:
            index, status = int(step["index"]), step["status"]
            if status not in seen or relations[index] == "=":
                continue
            own = [
                x
                for x in _step(page, index).splitlines()
                if not x.startswith((f"**{pages.CORRECTED}**", f"**{pages.READING}**"))
            ]
            signs = [m.group(2) for x in own for m in _SIGNED.finditer(x)]
            sense = pages.orientation(proof.name, {**step, "relation": relations[index]})
            if sense in ("event", "count", "exceedance"):  # never in the engine's E[lhs] words
                assert not any("E[left side]" in x for x in own), (proof.name, index)
            seen[status] += len(signs)
            wrong = "" if status == "fails" else "−"
            assert wrong not in signs, (proof.name, index, status, signs)
    # it saw them (Lemma 25's steps 1-2 are exceedance tests since stop 58: no sign)
    assert seen["holds"] > 80 and seen["fails"] > 45, seen
    page = pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)
    assert "P(exceed) exceeds δ by" in _step(page, 1)


def test_a_list_of_conditions_is_split_into_its_relations(tex):
    """Reader (stop 56): Theorem 4's KKT conditions (A₁Σ̂* = τ⁻¹A₁, A₂Σ̂* = ζ⁻¹A₂, A₁ ⪰ 0,
    A₂ ⪰ 0: a list, one row each, comma-separated) were shown as a chain of nonsense relations
    ("τ⁻¹A₁, A₂Σ̂* = ζ⁻¹A₂ A₁"), each marked ✓, and A₁ = UΛ⁽¹⁾Uᵀ "with Λ⁽¹⁾ᵢᵢ" = … was cut
    after "with". Each condition is now a relation of its own, with its own left member;
    Lemma 25's two bounds joined by "and" likewise."""
    page = pages.proof_page("Thm 3.4", PUBLISHED, tex=tex)
    assert _shown(page, 13) == "$$\nA_1\\HSig_* = \\tau^{-1}A_1\n$$"
    assert _shown(page, 14) == "$$\nA_2\\HSig_* = \\zeta^{-1}A_2\n$$"
    assert _shown(page, 15) == "$$\nA_1 \\succeq 0\n$$"
    assert _shown(page, 16) == "$$\nA_2 \\succeq 0.\n$$"
    assert _shown(page, 17) == "$$\nA_1 = U\\Lambda^{(1)}U^\\top\n$$"
    assert _shown(page, 18).startswith("$$\n\\Lambda^{(1)}_{i,i} = \\max")
    d2 = pages.proof_page("Lemma D.2", PUBLISHED, tex=tex)
    assert "\\mbox{ and }" not in _shown(d2, 1) and "\\mbox{ and }" not in _shown(d2, 2)
    assert _shown(d2, 2).startswith("$$\n\\norm{\\ti{U} \\nu}^2 \\le")
    # a quantifier or a condition stays with its relation
    assert pages.chain_break(r"\le e^{-d\beta/8}, \forall\; \beta") is None
    assert pages.chain_break(r"\le a, \quad\mbox{ if } \quad f(x)") is None


def test_no_walk_page_sets_mathematics_in_a_size_of_its_own(tex):
    """Reader, stop 57: Theorem 4's statement box showed a red "\\footnotesize" (MathJax 3 has
    no such command) before its first bound and its second in \\scriptsize, too small to read;
    the .tex's own size commands and the page's scaling of a wide display set sizes. No page
    of the walk holds a size command (``pages.SIZE_COMMANDS``): every display is set at the
    text's size, a line too wide scrolled. The pattern finds each command it drops, and not a
    longer name."""
    for command in ("footnotesize", "scriptsize", "small", "tiny", "normalsize"):
        assert pages.SIZE_COMMANDS.search(f"\\{command} x"), command
        assert pages.tex_fragment(f"\\{command} a \\le b") == "a \\le b"
    assert not pages.SIZE_COMMANDS.search(r"\smallint \largest")
    sized = [
        (proof.name, m.group())
        for proof in spec.proofs()
        if proof.name in PUBLISHED["proofs"]
        for m in pages.SIZE_COMMANDS.finditer(pages.proof_page(proof.name, PUBLISHED, tex=tex))
    ]
    assert not sized, sized
    statement = pages.statement_text(spec.find("Thm 3.4"), tex)
    assert statement is not None and "\\norm{\\Sigma_* - \\hat{\\Sigma}_*}" in statement


def test_every_counterexample_prints_its_sides_apart():
    """Reader, stop 57: Theorem 4's steps 24 and 33 printed left side = right side to four
    digits (1.764×10⁻⁶ both), the failure invisible. Every published counterexample with both
    sides prints them apart (as many digits as part them), with their difference where four
    digits would not; the digits of a pair that agree to four are not cut to four."""
    pairs = 0
    for name, steps in PUBLISHED["proofs"].items():
        for step in steps:
            values = step.get("counterexample") or {}
            if not {"lhs", "rhs"} <= set(values) or values["lhs"] == values["rhs"]:
                continue
            pairs += 1
            said = pages._values(values)
            left = re.search(r"left side = ([^,]+)", said)
            right = re.search(r"right side = ([^,]+)", said)
            assert left and right and left.group(1) != right.group(1), (name, step["index"], said)
            if pages.number(values["lhs"]) == pages.number(values["rhs"]):
                assert "left − right = " in said, (name, step["index"], said)
    assert pairs > 20
    said = pages._values({"lhs": 8.186430624168572e-06, "rhs": 8.186427594363662e-06})
    assert said == "left side = 8.186431×10⁻⁶, right side = 8.186428×10⁻⁶, left − right = 3×10⁻¹²"


def test_a_failing_step_prints_the_scale_its_margin_divides_by(tex):
    """Reader, stop 57: the guide's "(right − left)/(|left| + |right|) for most" did not give
    Lemma 25's step 1's printed margin (−0.914 computed, −0.896 printed: its model adds the
    size of the terms to the scale). A failing step with both sides prints its model's scale
    beside its margin, read back from them, so that the margin is reproduced from the page: at
    every such step the printed margin is (right − left)/scale (or left − right) to its
    digits; the guide no longer says "for most"."""
    shown = 0
    for name, steps in PUBLISHED["proofs"].items():
        page = pages.proof_page(name, PUBLISHED, tex=tex)
        for step in steps:
            relation = next(s.relation for s in spec.find(name).steps if s.index == step["index"])
            said = pages.scale_words(step, relation)
            if said is None or pages.event_check(name, step):
                continue
            shown += 1
            assert said in _step(page, int(step["index"])), (name, step["index"])
            c = step["counterexample"]
            scale = float(
                re.search(r"instance (\S+)", said)
                .group(1)
                .replace("×10", "e")
                .translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789"))
            )
            sign = 1 if relation in ("<=", "<") else -1
            assert sign * (c["rhs"] - c["lhs"]) / scale == pytest.approx(
                step["worst_margin"], rel=1e-3
            ), (name, step["index"])
    assert shown > 20
    guide = pages.margin_note([{"worst_margin": 0.0}])
    assert guide is not None and "for most" not in guide and "prints its scale" in guide


def test_a_page_s_symbols_are_a_list_each_name_once_in_its_proof_s_sense(tex):
    """Reader, stop 57: Theorem 4's fold defined Π as the projection onto S′ clipping to
    [τ, ζ], where its proof's Π_𝒮 projects Σ-type matrices onto 𝒮 = {ζ⁻¹I ⪯ Σ ⪯ τ⁻¹I} (eq:cS,
    clipping to [1/ζ, 1/τ]); and it was one paragraph naming c₀…c₄, s and L twice. Each fold
    is a list, an item per meaning, no name in two items; Π is the projection onto the set the
    page's displays write (S on Theorem 4's, S′ on Theorem 12's)."""
    for proof, _page, _steps in _pages():
        fold = _FOLD.findall(pages.proof_page(proof.name, PUBLISHED, tex=tex))[0]
        items = re.findall(r"^- (.*?): ", fold, re.M)
        assert items, proof.name
        names = [n for item in items for n in item.split(", ")]
        assert len(names) == len(set(names)), (proof.name, names)
    thm34 = _FOLD.findall(pages.proof_page("Thm 3.4", PUBLISHED, tex=tex))[0]
    assert "\n- Π: Π<sub>S</sub>, the projection onto S in the Frobenius norm" in thm34
    assert "[1/ζ, 1/τ]" in thm34 and "\n- S: the set S = {ζ⁻¹I ⪯ Σ ⪯ τ⁻¹I}" in thm34
    assert "\n- c₀, c₁, c₂, c₃, c₄: " in thm34 and "\n- c: " not in thm34
    thm12 = _FOLD.findall(pages.proof_page("Thm 5.4", PUBLISHED, tex=tex))[0]
    assert "Π" not in thm12 or "clips the eigenvalues to [τ, ζ]" in thm12


def test_no_letter_under_a_combining_macron(tex):
    """Σ̄ written Σ + U+0304 shows as Σ in the browser (the macron sits on Σ's top bar: "Σ̄ =
    α²Σ" reads Σ = α²Σ, reader 58): no walk page writes a letter under a combining macron
    outside mathematics; Thm 3.4's page (whose notes use Σ̄) sets it as $\\bar{\\Sigma}$."""
    outside = re.compile(r"`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]*\$", re.S)
    for name in [*PUBLISHED["proofs"], None]:
        page = pages.index_page(PUBLISHED) if name is None else None
        page = page or pages.proof_page(name, PUBLISHED, tex=tex)
        prose = outside.sub("", page)
        assert "\u0304" not in prose, name
    page = pages.proof_page("Thm 3.4", PUBLISHED, tex=tex)
    assert "Uses: $\\bar{\\Sigma}$ = α²Σ." in page


def test_the_first_imprecision_is_open_where_no_step_is_an_error(tex):
    """Thm 3.4's proof has slips only: its first slip (step 4, a typo) and its first imprecision
    (step 41, the step the ledger's 04 links to) show their evidence open, a step that holds
    folded (reader 58 found step 41's counterexample collapsed)."""
    page = pages.proof_page("Thm 3.4", PUBLISHED, tex=tex)
    opened = '<details class="aside" open><summary>Evidence</summary>'
    assert opened in _step(page, 4) and opened in _step(page, 41)
    assert opened not in _step(page, 8)


def test_a_row_s_deciding_qualifier_leads_its_headline():
    """Reader 58: on Lemma 9's (our 5.1) page the row "Lemma 5.1, γ > 0" read "(loose; too
    loose to be tested at α = 0.5; …; + 3 more)", the test that decides it (the printed Δ_α,1
    fails) hidden in "+ 3 more": the row's decisive qualifiers lead (``Claim.decisive``); a
    row where none held says each with its answer, not "1 answered No"."""
    said = pages.statement_verdicts("Lemma 5.1")
    assert "holds corrected (the printed Δ_α,1 fails? Yes;" in said
    assert re.search(r"\+ \d+ more questions? \([^)]*\) in the ledger\)", said)  # not "below"
    assert "holds (too loose to be tested? No)" in pages.statement_verdicts("Lemma D.6")


def test_lemma_d6_step_1_says_why_a_typo_and_how_often_the_printed_statement_fails(tex):
    """Reader, stop 59: step 1 of Lemma 29 (the statement's eq:G_norm, 2 log) is badged a typo
    while the ledger says the lemma stands. The step says why 3 log is meant (eq:GG and Lemma
    30's eq:G_norm_1 print it) and how often the printed event and the printed bound fail
    (``g_norm.printed_tails``). The bound the note rests on, left ≤ Lα²ζ‖u‖⁴/τ, and that the
    counterexample lies beyond ‖u‖⁴ = 2r_u(r_u + √d), are checked on the walk's own data."""
    import math

    from mines_theory.numbers import format_number, powers_of_ten
    from mines_theory.verification.proofs.models.g_norm import printed_tails

    page = pages.proof_page("Lemma D.6", PUBLISHED, tex=tex)
    step = _step(page, 1)
    tails = printed_tails(5, 30.0)
    assert tails["event"] > 1 > tails["worst"] > tails["statement"]
    for key in ("event", "statement", "worst"):
        digits = 3 if key == "event" else 2
        assert powers_of_ten(format_number(tails[key], digits)) + "δ" in step, key
    assert "eq:G_norm_1" in step and "stands" in step
    c = PUBLISHED["proofs"]["Lemma D.6"][0]["counterexample"]
    u4, r_u = c["norm_u_sq"] ** 2, c["r_u"]
    assert c["lhs"] > c["rhs"] and u4 > 2 * r_u * (r_u + math.sqrt(c["d"]))
    assert c["lhs"] <= c["L"] * c["alpha"] ** 2 * c["zeta"] / c["tau"] * u4


def test_lemma_d6_s_widest_displays_break_into_lines_that_fit(tex):
    """Reader, stop 59: Lemma 29's steps 5 and 14 were set at about 70 % (wrap.css shrinks a
    display too wide for the column). A piece wider than ``CROWDED`` columns now breaks before
    its products at bracket depth 0, or stacks its norm's inside (an aligned block the bars
    span): every line of steps 5, 6 and 14 within ``CROWDED`` columns, none leaving a bracket
    open (the balance test above), the widest as wide as before without the breaks."""
    page = pages.proof_page("Lemma D.6", PUBLISHED, tex=tex)
    limit = pages.CROWDED * pages.LINE
    for index in (5, 6, 14):
        m = re.search(rf"^### Step {index} ·.*?(?=^##)", page + "\n## end", re.M | re.S)
        assert m is not None
        rows = [
            row
            for block in re.findall(r"^\$\$\n(.*?)\n\$\$$", m.group(0), re.M | re.S)
            for row in re.split(r" \\\\\n| \\\\ ", block)
        ]
        bare = [re.sub(r"\\(?:begin|end)\{aligned\}|&", "", r) for r in rows]
        bare = [re.sub(r"^\s*(?:=|\\le)", "", r) for r in bare]
        widths = [pages.visible_width(r) for r in bare]  # each line, its relation aside
        assert max(widths) <= limit, (index, widths)
        if index == 5:
            assert "\\left\\| \\begin{aligned}" in m.group(0)  # its norm stacked
