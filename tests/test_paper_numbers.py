"""The PDF's numbers of the ledger's rows (``ledger.printed``), derived from the paper's .tex.

jmlr2e numbers theorems, lemmas, propositions and remarks with one shared counter, in order of
appearance (the appendix continues it); sections are numbered 1, 2, … and, after \\appendix,
A, B, …. A row names the statement that holds one of its labels (``\\label``), or failing that
the first statement that refers to one (``\\ref``/``\\eqref``), or, for a row whose declaration
gives a ``quote``, the statement that contains that phrase of its text; a row that is not a numbered
statement names the section whose text holds its labels.
"""

import re
from pathlib import Path

import pytest

from mines_theory.verification.framework import ledger

from .conftest import PAPER

ROOT = Path(__file__).resolve().parents[1]
ENVIRONMENTS = {
    "theorem": "Theorem",
    "lemma": "Lemma",
    "proposition": "Proposition",
    "remark": "Remark",
}


def statements(tex):
    """[(printed name, body)] of every numbered statement, in order."""
    out = []
    pattern = re.compile(r"\\begin\{(" + "|".join(ENVIRONMENTS) + r")\}")
    for number, m in enumerate(pattern.finditer(tex), start=1):
        end = tex.index(f"\\end{{{m.group(1)}}}", m.end())
        out.append((f"{ENVIRONMENTS[m.group(1)]} {number}", tex[m.end() : end]))
    return out


def sections(tex):
    """{printed name: text} of every section: "Section k" before \\appendix, "Appendix X" after."""
    appendix = tex.index("\\appendix")
    starts = [m.start() for m in re.finditer(r"\\section\{", tex)] + [len(tex)]
    out, main, extra = {}, 0, 0
    for start, end in zip(starts, starts[1:]):
        if start < appendix:
            main += 1
            out[f"Section {main}"] = tex[start:end]
        else:
            out[f"Appendix {chr(ord('A') + extra)}"] = tex[start:end]
            extra += 1
    return out


def labels(claim):
    return re.findall(r"(?:eq|prop|lem|thm):[A-Za-z_0-9]+", claim.label)


def printed_from_tex(claim, tex):
    found = statements(tex)
    if claim.quote is not None:
        return next(name for name, body in found if claim.quote in body)
    for key in ("\\label{{{}}}", "ref{{{}}}"):
        for name, body in found:
            if any(key.format(label) in body for label in labels(claim)):
                return name
    return None


def test_the_counter_is_shared(tex):
    """The brief's count: Theorems 1–4, Remark 5, Lemmas 6–11, Theorem 12, …, Lemma 40."""
    names = [name for name, _ in statements(tex)]
    assert len(names) == 40
    assert names[:6] == ["Theorem 1", "Theorem 2", "Theorem 3", "Theorem 4", "Remark 5", "Lemma 6"]
    assert names[11] == "Theorem 12" and names[-1] == "Lemma 40"


@pytest.mark.parametrize("claim", ledger.claims(), ids=[c.number for c in ledger.claims()])
def test_printed_number(claim, tex):
    printed = claim.printed
    if printed.startswith(("Section", "Appendix")):
        text = sections(tex)[printed]
        assert labels(claim) and all(
            f"\\label{{{label}}}" in text or f"ref{{{label}}}" in text for label in labels(claim)
        ), f"{claim.number}: its labels are not in {printed}"
        assert printed_from_tex(claim, tex) in (None, *[n for n, b in statements(tex) if b in text])
    elif printed.startswith("Sec. "):  # unnumbered text after a statement: "Sec. 5, after Lemma 11"
        found = re.fullmatch(r"Sec\. (\d+|[A-F]), after (.+)", printed)
        assert found, f"{claim.number}: {printed!r}"
        assert printed_from_tex(claim, tex) == found[2], claim.number
    else:
        assert printed_from_tex(claim, tex) == printed, claim.number


def test_every_claim_has_a_printed_name():
    assert all(c.printed != "—" for c in ledger.claims() + ledger.repaired())


@pytest.mark.parametrize("row", ledger.repaired(), ids=[c.number for c in ledger.repaired()])
def test_a_repaired_row_has_its_base_rows_number(row, tex):
    """A repaired result is printed where its base claim is ("Lemma 5.2, repaired, γ > 0" is
    Lemma 10, as "Lemma 5.2, γ > 0" is); that number follows from the .tex as the base row's
    does, and it is the PDF number the corrigendum gives the result."""

    base = ledger.claim(row.repairs)
    assert row.printed == base.printed == printed_from_tex(base, tex), row.number
    assert row.printed == ledger.repair(ledger.repair_of(row.number)).printed


def _headings():
    import nbformat

    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in nbformat.read(path, 4).cells:
            if cell.cell_type == "markdown":
                yield from (
                    (path.stem, line) for line in cell.source.splitlines() if line.startswith("#")
                )


def test_notebook_headings_give_the_printed_numbers():
    """A heading that names one of our numbered statements also gives the PDF's number, and a
    "Lemma 5.1 (PDF Lemma 9" pair agrees with ``ledger.printed``."""
    ours = {"Theorem": "Thm", "Lemma": "Lemma", "Proposition": "Prop."}
    pairs = 0
    for notebook, line in _headings():
        if re.search(r"\b(Theorem|Lemma|Proposition)s? [0-9A-E]\.\d", line):
            assert "PDF" in line, f"{notebook}: {line}"
        for kind, name, pdf_kind, pdf_number in re.findall(
            r"(Theorem|Lemma|Proposition) ([0-9A-E]\.\d+) \(PDF (Theorem|Lemma|Proposition) "
            r"(\d+)",
            line,
        ):
            assert ledger.printed()[f"{ours[kind]} {name}"] == f"{pdf_kind} {pdf_number}", line
            pairs += 1
    assert pairs >= 10


# ---------------------------------------------------------------------------------------------
# Equation numbers (``verification.paper.EQUATIONS``) and statement labels (``STATEMENTS``)
# ---------------------------------------------------------------------------------------------
#
# tools/equation_numbers.py walks the source as a token stream with a stack of environments;
# this parser counts differently: section by section (``sections`` above), each numbered display
# found by a regular expression, an align's rows split at its ``\\`` once the nested
# environments are cut out, and each label numbered by how many numbered rows precede it. Its
# assumptions about the source are tested first (``test_the_source_is_what_the_parser_assumes``).

#: Hand-read from the .tex: the five of issue 24, and the cases a walk can get wrong.
ANCHORS = {
    "eq:Q": "(3.1)",
    "eq:TG": "(4.10)",
    "eq:c1": "(5.1)",
    "eq:nu": "(D.3)",
    "eq:Sig_dec": "(E.4)",
    "eq:J_org": "(2.1)",  # the introduction has no numbered display
    "eq:g_mu": "(4.4)",  # (4.3) is an equation without a label
    "eq:A2": "(A.2)",  # the second row of an align
    "eq:Sig_opt_1": "(C.9)",  # after an align of one numbered row and two \notag rows
    "eq:G_norm_2": "(D.11)",  # the second row of an align
    "eq:dec_sig": "(E.15)",  # the last one
}


def uncommented(tex):
    return "\n".join(
        line.split("%")[0] if "%" in line.replace("\\%", "") else line for line in tex.splitlines()
    )


def equation_numbers_from_tex(tex):
    """{eq: label: printed number}, counting the numbered rows before each label in its section."""
    out = {}
    for name, text in sections(uncommented(tex)).items():
        prefix, count = name.split()[-1], 0
        for m in re.finditer(r"\\begin\{(equation|align)\}(.*?)\\end\{\1\}", text, re.S):
            body = m.group(2)
            if m.group(1) == "align":
                body = re.sub(r"\\begin\{(\w+)\}.*?\\end\{\1\}", " ", body, flags=re.S)
            rows = body.split("\\\\") if m.group(1) == "align" else [body]
            for row in rows:
                found = re.findall(r"\\label\{(eq:[^}]*)\}", row)
                if "\\notag" in row or "\\nonumber" in row:
                    assert not found, f"{found} on an unnumbered row"
                    continue
                count += 1
                out.update({label: f"({prefix}.{count})" for label in found})
    return out


def test_the_source_is_what_the_parser_assumes(tex):
    """Only ``equation`` and ``align`` are numbered; no \\tag; every eq: label sits in one of
    them, not in a nested environment of an align; no align ends with ``\\``; no comment hides a
    display; no equation comes before the first section or between \\appendix and Appendix A."""
    source = uncommented(tex)
    assert source.count("\\begin{") == tex.count("\\begin{")
    for env in ("gather", "multline", "flalign", "alignat", "eqnarray", "xalignat"):
        assert f"\\begin{{{env}}}" not in source, env
    assert "\\tag" not in source
    for m in re.finditer(r"\\begin\{align\}(.*?)\\end\{align\}", source, re.S):
        assert not m.group(1).rstrip().endswith("\\\\")
        for nested in re.findall(r"\\begin\{(\w+)\}.*?\\end\{\1\}", m.group(1), re.S):
            assert "\\label" not in nested
    first = source.index("\\section{")
    assert not re.search(r"\\begin\{(equation|align)\}", source[:first])
    appendix = source.index("\\appendix")
    assert not re.search(
        r"\\begin\{(equation|align)\}", source[appendix : source.index("\\section{", appendix)]
    )


def test_equation_numbers_from_the_tex(tex):
    from mines_theory.verification.framework import paper

    derived = equation_numbers_from_tex(tex)
    assert len(derived) == len(set(re.findall(r"\\label\{(eq:[^}]*)\}", tex))) == 81
    assert paper.EQUATIONS == derived


def test_equation_anchors():
    """Hand-read numbers, checked with or without the .tex."""
    from mines_theory.verification.framework import paper

    for label, number in ANCHORS.items():
        assert paper.equation_number(label) == number, label


def test_the_anchors_are_read_from_the_tex(tex):
    """The parser above, against the hand-read anchors: a parser that numbered every display,
    or every align line, or restarted at subsections, would miss at least one."""
    derived = equation_numbers_from_tex(tex)
    assert {label: derived[label] for label in ANCHORS} == ANCHORS


def test_statement_labels_from_the_tex(tex):
    from mines_theory.verification.framework import paper

    derived = {
        label: name
        for name, body in statements(tex)
        for label in re.findall(r"\\label\{((?:lem|prop|thm):[^}]*)\}", body)
    }
    assert len(derived) == len(re.findall(r"\\label\{(?:lem|prop|thm):", tex)) == 23
    assert paper.STATEMENTS == derived


def test_statement_labels_agree_with_the_ledger():
    """A ledger row labelled by one statement label prints that statement's name."""
    from mines_theory.verification.framework import paper

    checked = 0
    for claim in ledger.claims():
        if claim.label in paper.STATEMENTS:
            assert paper.statement_name(claim.label) == claim.printed, claim.number
            checked += 1
    assert checked >= 15


def _library_texts():
    """Every text of the library that a reader may meet: its sources and the published
    verdicts."""
    package = ROOT / "mines_theory"
    for path in [*package.rglob("*.py"), package / "verification" / "published.json"]:
        yield path.relative_to(ROOT), path.read_text(encoding="utf-8")


def test_every_label_in_the_library_is_known():
    """A label the paper does not define (a typo) would be shown without a number."""
    from mines_theory.verification.framework import paper

    texts = [*_library_texts()]
    texts += [(c.number, f"{c.number} {c.label} {c.statement}") for c in ledger.rows()]
    texts += [
        (e.label, f"{e.label} {e.printed} {e.correct} {e.consequence}") for e in ledger.errata()
    ]
    unknown = {
        (str(where), label)
        for where, text in texts
        for label in re.findall(r"\b(?:eq|lem|prop|thm):[A-Za-z0-9_]+", text)
        if label not in paper.EQUATIONS and label not in paper.STATEMENTS
    }
    assert not unknown


def test_with_number():
    from mines_theory.verification.framework import paper

    text = (
        "G̃ (eq:TG) is unbiased under eq:alp_cond; eq:cond's right side, eq:nu, eq:Sig_dec. "
        "\\eqref{eq:TG}, eq:no_such_label, prop:TG, eq:TG (4.9)."
    )
    once = paper.with_number(text)
    assert once == (
        "G̃ (eq:TG (4.10)) is unbiased under eq:alp_cond (3.6); eq:cond (5.3)'s right "
        "side, eq:nu (D.3), eq:Sig_dec (E.4). \\eqref{eq:TG}, eq:no_such_label, "
        "prop:TG, eq:TG (4.10)."
    )
    assert paper.with_number(once) == once
    named = paper.with_number(text, statements=True)
    assert "prop:TG (Lemma 8)," in named and paper.with_number(named, statements=True) == named
    assert "eq:TG (4.10) (4.10)" not in paper.with_number("eq:TG (4.10)")


def test_with_number_on_every_library_text_is_idempotent():
    from mines_theory.verification.framework import paper

    texts = [c.statement for c in ledger.claims()] + [e.correct for e in ledger.errata()]
    texts += [text for _, text in _library_texts()]
    for text in texts:
        once = paper.with_number(text, statements=True)
        assert paper.with_number(once, statements=True) == once
        assert len(re.findall(r"\beq:[A-Za-z0-9_]+ \((?:\d|[A-F])\.\d+\)", once)) == len(
            re.findall(r"(?<![\w:{#/-])eq:[A-Za-z0-9_]+", text)
        )


def test_equation_numbers_leaves_an_unknown_label_as_it_is():
    from mines_theory.verification.framework import paper

    text = "eq:no_such_label and lem:Sig_dec beside eq:cond (5.3)"
    assert paper.equation_numbers(text) == "eq:no_such_label and lem:Sig_dec beside (5.3)"


def test_paper_bad_input():
    from mines_theory.verification.framework import paper

    with pytest.raises(ValueError, match="label='eq:nope'"):
        paper.equation_number("eq:nope")
    with pytest.raises(ValueError, match="label='lem:nope'"):
        paper.statement_name("lem:nope")
    with pytest.raises(ValueError, match="text=None"):
        paper.with_number(None)


def test_the_tool_agrees_with_the_library(tex, capsys):
    """tools/equation_numbers.py, which made the two maps, still prints them as they stand."""
    from mines_theory.verification.framework import paper

    tool = _tool()
    assert tool.numbers(tex) == (paper.EQUATIONS, paper.STATEMENTS)
    assert tool.main([str(PAPER)]) == 0
    printed = {}
    exec(capsys.readouterr().out, printed)
    assert (printed["EQUATIONS"], printed["STATEMENTS"]) == (paper.EQUATIONS, paper.STATEMENTS)


def _tool():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "equation_numbers", ROOT / "tools" / "equation_numbers.py"
    )
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


#: A source with every case the paper has and some it has not, numbered by hand.
SYNTHETIC = r"""
\begin{abstract} $$x$$ \end{abstract}
\section{One}
\begin{equation}\label{eq:a} a \end{equation}                       % (1.1)
% \begin{equation}\label{eq:commented} \end{equation}
\begin{equation*} x \end{equation*} \[ y \]
\subsection{One.one}
\begin{align} a &= b \label{eq:b} \\ c &= \sum_{\substack{d \\ e}} \notag \\
  f &= \begin{array}{c} g \\ h \end{array} \label{eq:c} \end{align}  % (1.2), (1.3)
\begin{theorem}\label{thm:t} \begin{equation} \begin{aligned} p \\ q \end{aligned}
  \label{eq:d} \end{equation} \end{theorem}                          % Theorem 1, (1.4)
\section*{Unnumbered}
\begin{gather} u \tag{$\star$} \label{eq:e} \\ v \label{eq:f} \end{gather}  % (*), (1.5)
\begin{lemma}\label{lem:l} \end{lemma}                                       % Lemma 2
\appendix
\section{Appendix}
\begin{multline} m \\ n \label{eq:g} \end{multline}                 % (A.1)
\begin{remark} \end{remark} \begin{proposition}\label{prop:p} \end{proposition}  % Proposition 4
"""


def test_the_tool_on_a_hand_numbered_source():
    equations, statements = _tool().numbers(SYNTHETIC)
    assert equations == {
        "eq:a": "(1.1)",
        "eq:b": "(1.2)",
        "eq:c": "(1.3)",
        "eq:d": "(1.4)",
        "eq:e": "($\\star$)",
        "eq:f": "(1.5)",
        "eq:g": "(A.1)",
    }
    assert statements == {"thm:t": "Theorem 1", "lem:l": "Lemma 2", "prop:p": "Proposition 4"}


@pytest.mark.parametrize(
    "source, message",
    [
        (r"\section{s}\begin{align} a \notag \label{eq:x} \end{align}", "unnumbered row"),
        (
            r"\section{s}\begin{equation}\label{eq:x}\end{equation}\begin{equation}\label{eq:x}"
            r"\end{equation}",
            "defined twice",
        ),
        (r"\begin{equation}\end{equation}", "before the first"),
        (r"\section{s} \label{eq:x}", "outside a numbered display"),
        (r"\section{s} \label{lem:x}", "outside a numbered statement"),
        (r"\section{s}\begin{equation}\end{align}", "closes"),
    ],
)
def test_the_tool_refuses_what_it_does_not_model(source, message):
    with pytest.raises(ValueError, match=message):
        _tool().numbers(source)
