"""The PDF's numbers of the ledger's rows (``ledger.PRINTED``), derived from the paper's .tex.

jmlr2e numbers theorems, lemmas, propositions and remarks with one shared counter, in order of
appearance (the appendix continues it); sections are numbered 1, 2, … and, after \\appendix,
A, B, …. A row names the statement that holds one of its labels (``\\label``), or failing that
the first statement that refers to one (``\\ref``/``\\eqref``), or, for the rows listed in
``QUOTES``, the statement that contains a phrase of its text; a row that is not a numbered
statement names the section whose text holds its labels.
"""

import os
import re
from pathlib import Path

import pytest

from mines_theory.verification import ledger

ROOT = Path(__file__).resolve().parents[1]
PAPER = Path(os.environ.get("MINES_THEORY_PAPER", ROOT.parent / "shared" / "paper"
                            / "mirror-natural-evolution-strategies.tex"))
ENVIRONMENTS = {"theorem": "Theorem", "lemma": "Lemma", "proposition": "Proposition",
                "remark": "Remark"}
#: Rows whose labels do not single out their statement: a phrase from the statement's text.
QUOTES = {"Remark 5.6": r"depend on $\cO(b/ d)$", "Prop. A.1": r"are convex"}


@pytest.fixture(scope="module")
def tex():
    if not PAPER.is_file():
        pytest.skip(f"the paper is not at {PAPER} (set MINES_THEORY_PAPER)")
    return PAPER.read_text()


def statements(tex):
    """[(printed name, body)] of every numbered statement, in order."""
    out = []
    pattern = re.compile(r"\\begin\{(" + "|".join(ENVIRONMENTS) + r")\}")
    for number, m in enumerate(pattern.finditer(tex), start=1):
        end = tex.index(f"\\end{{{m.group(1)}}}", m.end())
        out.append((f"{ENVIRONMENTS[m.group(1)]} {number}", tex[m.end():end]))
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
    if claim.number in QUOTES:
        return next(name for name, body in found if QUOTES[claim.number] in body)
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


@pytest.mark.parametrize("claim", ledger.CLAIMS, ids=[c.number for c in ledger.CLAIMS])
def test_printed_number(claim, tex):
    printed = claim.printed
    if printed.startswith(("Section", "Appendix")):
        text = sections(tex)[printed]
        assert labels(claim) and all(
            f"\\label{{{label}}}" in text or f"ref{{{label}}}" in text for label in labels(claim)), \
            f"{claim.number}: its labels are not in {printed}"
        assert printed_from_tex(claim, tex) in (None, *[n for n, b in statements(tex)
                                                        if b in text])
    else:
        assert printed_from_tex(claim, tex) == printed, claim.number


def test_every_claim_has_a_printed_name():
    assert all(c.printed != "—" for c in ledger.CLAIMS)


def _headings():
    import nbformat

    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in nbformat.read(path, 4).cells:
            if cell.cell_type == "markdown":
                yield from ((path.stem, line) for line in cell.source.splitlines()
                            if line.startswith("#"))


def test_notebook_headings_give_the_printed_numbers():
    """A heading that names one of our numbered statements also gives the PDF's number, and a
    "Lemma 5.1 (PDF Lemma 9" pair agrees with ``ledger.PRINTED``."""
    ours = {"Theorem": "Thm", "Lemma": "Lemma", "Proposition": "Prop."}
    pairs = 0
    for notebook, line in _headings():
        if re.search(r"\b(Theorem|Lemma|Proposition)s? [0-9A-E]\.\d", line):
            assert "PDF" in line, f"{notebook}: {line}"
        for kind, name, pdf_kind, pdf_number in re.findall(
                r"(Theorem|Lemma|Proposition) ([0-9A-E]\.\d+) \(PDF (Theorem|Lemma|Proposition) "
                r"(\d+)", line):
            assert ledger.PRINTED[f"{ours[kind]} {name}"] == f"{pdf_kind} {pdf_number}", line
            pairs += 1
    assert pairs >= 10
