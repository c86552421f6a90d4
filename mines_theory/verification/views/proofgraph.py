"""The proof map's data, read from the declarations: the paper's numbered results (``nodes``),
which results each proof cites (``edges``, from each claim's ``rests_on``; ``removed``, from its
``not_rests_on``; ``rests_on``), the extraction of those citations from the .tex
(``statements``, ``proofs``, ``extract_edges``), and the colouring of a result by its published
verdict (``Category``, ``category``, ``categories``, ``CATEGORY_STYLE``).

``views.proofmap`` draws them (``layers``, ``draw_proof_map``); its docstring describes them. The
module reads no file.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Mapping
from typing import Any

from ..framework import ledger
from ..framework.registry import statement_of
from ..framework.verdict import Status, Verdict

__all__ = [
    "CATEGORY_STYLE",
    "ENVIRONMENTS",
    "SEVERITY",
    "UNTESTABLE_QUALIFIER",
    "Category",
    "Edge",
    "Node",
    "Statement",
    "categories",
    "category",
    "edges",
    "extract_edges",
    "node",
    "nodes",
    "proofs",
    "removed",
    "rests_on",
    "rows",
    "statements",
]

# --- the nodes ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Node:
    """A numbered statement that is not a remark: ``name`` is its ledger number (ours,
    section-based), ``printed`` the PDF's."""

    name: str
    printed: str

    @property
    def title(self) -> str:
        """Our name spelled out: "Lemma 5.3", "Theorem 5.4", "Proposition A.2"."""
        return ledger.title(self.name)

    @property
    def caption(self) -> str:
        """Both numbers: "Lemma 5.3 · PDF Lemma 11"."""
        return f"{self.title} · PDF {self.printed}"


#: The words of the PDF's numbered statements that are nodes (a remark is not).
_STATEMENTS = ("Theorem", "Lemma", "Proposition")


def nodes() -> tuple[Node, ...]:
    """The paper's numbered results that are not remarks, in its order: every claim of the
    ledger printed as a theorem, lemma or proposition, without a variant ("Lemma 5.1, γ > 0" is a
    row of "Lemma 5.1")."""
    return tuple(
        Node(c.number, c.printed)
        for c in ledger.claims()
        if c.printed.startswith(_STATEMENTS) and statement_of(c.number) == c.number
    )


def rows(name: str) -> tuple[str, ...]:
    """The ledger rows whose verdicts speak for node ``name``: its own row, and its variants
    (for Lemmas 5.1 and 5.2 the rows that check them on a non-quadratic objective)."""
    return tuple(
        c.number
        for c in ledger.claims()
        if c.number == name or (c.number != name and statement_of(c.number) == name)
    )


def node(name: str) -> Node:
    """The node with this ledger number."""
    found = nodes()
    for n in found:
        if n.name == name:
            return n
    raise ValueError(
        f"name must be one of the proof map's nodes "
        f"({', '.join(n.name for n in found)}), got {name!r}"
    )


# --- the edges ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Edge:
    """The proof of ``source`` cites ``target`` (see the module docstring for ``kind``). An edge
    curated by hand carries the ``labels`` it rests on, its ``reason`` and ``evidence``, a
    verbatim fragment of the proof of ``source`` that shows the citation; a plain edge's labels
    are what ``extract_edges`` finds."""

    source: str
    target: str
    labels: tuple[str, ...]
    kind: str = "statement"  # "statement" or "proof step"
    reason: str | None = None
    evidence: str | None = None

    @property
    def key(self) -> tuple[str, str]:
        return self.source, self.target


def _edges(field: str) -> tuple[Edge, ...]:
    return tuple(
        Edge(c.number, x.target, x.labels, x.kind, x.reason, x.evidence)
        for c in ledger.claims()
        for x in getattr(c, field)
    )


def edges() -> tuple[Edge, ...]:
    """Every edge of the map: the ``rests_on`` of every claim's declaration. The plain ones are
    what ``extract_edges`` finds; the curated ones say why they are here."""
    return _edges("rests_on")


def removed() -> tuple[Edge, ...]:
    """Citations the regular expression finds that are not dependencies (the ``not_rests_on`` of
    the declarations), each with its reason and the proof text (``evidence``) that shows it."""
    return _edges("not_rests_on")


def rests_on(name: str, among: tuple[Edge, ...] | None = None) -> tuple[str, ...]:
    """Every result the proof of ``name`` rests on, directly or through other proofs (the edges
    ``among``, every edge by default), in the paper's order.

    >>> rests_on("Lemma E.2")
    ('Lemma B.2', 'Lemma B.4', 'Lemma D.6', 'Lemma D.7')
    """
    node(name)
    among = edges() if among is None else among
    reached: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        for e in among:
            if e.source == current and e.target not in reached:
                reached.add(e.target)
                todo.append(e.target)
    return tuple(n.name for n in nodes() if n.name in reached)


# --- extraction from the .tex ------------------------------------------------------------------

#: The environments that share jmlr2e's one counter, and the word the PDF prints for each.
ENVIRONMENTS = {
    "theorem": "Theorem",
    "lemma": "Lemma",
    "proposition": "Proposition",
    "remark": "Remark",
}
_LABEL = re.compile(r"\\label\{([^}]*)\}")
_REF = re.compile(r"\\(?:eq)?ref\{([^}]*)\}")
_PROOF = re.compile(r"\\begin\{proof\}(\[(?:[^\[\]]|\{[^}]*\})*\])?")
_PROOF_OF = re.compile(r"\\(?:sub)*section\*?\{Proofs? of [^{}]*?\\ref\{([^}]*)\}")


@dataclasses.dataclass(frozen=True)
class Statement:
    """A numbered environment of the .tex: its PDF number ("Lemma 11"), where it lies, and the
    labels its statement defines."""

    printed: str
    start: int
    end: int
    labels: tuple[str, ...]


def statements(tex: str) -> list[Statement]:
    """The numbered statements of ``tex`` in order, numbered with one shared counter."""
    pattern = re.compile(r"\\begin\{(" + "|".join(ENVIRONMENTS) + r")\}")
    out = []
    for number, m in enumerate(pattern.finditer(tex), start=1):
        end = tex.index(f"\\end{{{m.group(1)}}}", m.end())
        out.append(
            Statement(
                f"{ENVIRONMENTS[m.group(1)]} {number}",
                m.start(),
                end,
                tuple(_LABEL.findall(tex[m.end() : end])),
            )
        )
    return out


def proofs(tex: str) -> list[tuple[str, str]]:
    """(PDF number of the statement proved, body) of every proof environment of ``tex``.

    A proof belongs to the statement its optional argument names ("[Proof of
    Theorem~\\ref{prop:mu}]"); a bare proof, to the statement a "Proof of …\\ref{…}" heading
    between it and the preceding statement names, else to the preceding statement. The optional
    argument is not part of the body.
    """
    found = statements(tex)
    by_label = {label: s.printed for s in found for label in s.labels}
    out = []
    for m in _PROOF.finditer(tex):
        end = tex.index("\\end{proof}", m.end())
        before = [s for s in found if s.end < m.start()]
        if m.group(1):
            ref = _REF.search(m.group(1))
            assert ref is not None, m.group(1)  # _PROOF's group 1 is a \ref
            owner = by_label[ref.group(1)]
        else:
            previous = before[-1]
            heading = _PROOF_OF.findall(tex[previous.end : m.start()])
            owner = by_label[heading[-1]] if heading else previous.printed
        out.append((owner, tex[m.end() : end]))
    return out


def extract_edges(tex: str) -> dict[tuple[str, str], tuple[tuple[str, ...], str]]:
    """What a regular expression finds: (citing node, cited node) → (labels, kind) for every
    ``\\ref``/``\\eqref`` inside a proof whose label a numbered statement defines ("statement")
    or that another statement's proof defines ("proof step"). Citations of the main text's
    definitions, of remarks, and of a statement's own labels are left out."""
    found = statements(tex)
    names = {n.printed: n.name for n in nodes()}
    owners = {label: (s.printed, "statement") for s in found for label in s.labels}
    every_proof = proofs(tex)
    for owner, body in every_proof:
        for label in _LABEL.findall(body):
            owners.setdefault(label, (owner, "proof step"))
    cited: dict[tuple[str, str], set[str]] = {}
    kinds: dict[tuple[str, str], set[str]] = {}
    for owner, body in every_proof:
        for label in _REF.findall(body):
            if label not in owners:
                continue
            target, kind = owners[label]
            if target == owner or target not in names or owner not in names:
                continue
            key = (names[owner], names[target])
            cited.setdefault(key, set()).add(label)
            kinds.setdefault(key, set()).add(kind)
    return {
        key: (tuple(sorted(labels)), "statement" if "statement" in kinds[key] else "proof step")
        for key, labels in cited.items()
    }


# --- colouring by verdict ----------------------------------------------------------------------


class Category(str, enum.Enum):
    """What a published verdict says of a statement, in the words of the proof map's legend."""

    HOLDS = "holds"
    UNTESTABLE = "holds, too loose to be tested"
    FAILS = "fails as printed"
    ERRATUM = "erratum: true once repaired"
    IDENTITY = "identity"
    NOT_CHECKED = "not checked"


#: A qualifier whose name starts with this, and whose test came out true, says the bound is so
#: loose that no run could contradict it (``Category.UNTESTABLE``).
UNTESTABLE_QUALIFIER = "too loose to be tested"

#: Least favourable first: a node with several ledger rows takes the first of their categories
#: in this order (a row that is not checked counts only when no row is).
SEVERITY: tuple[Category, ...] = (
    Category.FAILS,
    Category.ERRATUM,
    Category.UNTESTABLE,
    Category.HOLDS,
    Category.IDENTITY,
    Category.NOT_CHECKED,
)

#: One look per category, told apart without colour: hatch, marker and edge line style differ
#: between every two categories (colours from seaborn's colour-blind palette).
CATEGORY_STYLE: dict[Category, dict[str, Any]] = {
    Category.HOLDS: {"color": "#029e73", "hatch": "", "marker": "o", "linestyle": "-"},
    Category.UNTESTABLE: {"color": "#56b4e9", "hatch": "...", "marker": "D", "linestyle": "-"},
    Category.FAILS: {"color": "#d55e00", "hatch": "xxx", "marker": "X", "linestyle": "-"},
    Category.ERRATUM: {"color": "#ece133", "hatch": "///", "marker": "^", "linestyle": "-"},
    Category.IDENTITY: {"color": "#949494", "hatch": "---", "marker": "s", "linestyle": "-"},
    Category.NOT_CHECKED: {"color": "#ffffff", "hatch": "", "marker": "v", "linestyle": "--"},
}


def category(verdict: Verdict | None) -> Category:
    """The category of one verdict, from its status and qualifiers: ``holds`` with a true
    qualifier named "too loose to be tested…" is ``UNTESTABLE``; ``fails``, ``erratum`` and
    ``identity`` are their own categories; ``hypotheses not met``, ``not checked`` and no
    verdict at all are ``NOT_CHECKED``."""
    if verdict is None:
        return Category.NOT_CHECKED
    if not isinstance(verdict, Verdict):
        raise TypeError(
            f"verdict must be a Verdict or None, got {type(verdict).__name__}: {verdict!r:.80}"
        )
    if verdict.status is Status.HOLDS:
        untestable = any(
            q.outcome and q.name.startswith(UNTESTABLE_QUALIFIER) for q in verdict.qualifiers
        )
        return Category.UNTESTABLE if untestable else Category.HOLDS
    return {
        Status.FAILS: Category.FAILS,
        Status.ERRATUM: Category.ERRATUM,
        Status.IDENTITY: Category.IDENTITY,
    }.get(verdict.status, Category.NOT_CHECKED)


def categories(verdicts: Mapping[str, Verdict] | None = None) -> dict[str, Category]:
    """Node → category, each the least favourable (``SEVERITY``) over its ledger rows
    (``rows``); ``verdicts`` (ledger number → verdict) defaults to the published ones."""
    verdicts = ledger.published() if verdicts is None else verdicts
    out = {}
    for n in nodes():
        found = [category(verdicts.get(row)) for row in rows(n.name)]
        checked = [c for c in found if c is not Category.NOT_CHECKED] or found
        out[n.name] = min(checked, key=SEVERITY.index)
    return out
