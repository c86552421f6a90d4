"""The proof map's data: the paper's numbered results (``NODES``), which results each proof cites
(``EDGES``, ``REMOVED``, ``rests_on``), the extraction of those citations from the .tex
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
from ..framework.verdict import Status, Verdict

__all__ = [
    "CATEGORY_STYLE",
    "EDGES",
    "ENVIRONMENTS",
    "NODES",
    "REMOVED",
    "ROWS",
    "SEVERITY",
    "UNTESTABLE_QUALIFIER",
    "Category",
    "Edge",
    "Node",
    "Statement",
    "categories",
    "category",
    "extract_edges",
    "node",
    "proofs",
    "rests_on",
    "statements",
]

# --- the nodes ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Node:
    """A numbered statement: ``name`` is its ledger number (ours, section-based), ``label`` the
    ``\\label`` its environment defines first (``None`` when it defines none)."""

    name: str
    label: str | None

    @property
    def printed(self) -> str:
        """The statement's number in the PDF (``ledger.PRINTED``)."""
        return ledger.PRINTED[self.name]

    @property
    def title(self) -> str:
        """Our name spelled out: "Lemma 5.3", "Theorem 5.4", "Proposition A.2"."""
        kind, number = self.name.split(" ")
        return f"{_KIND_WORDS.get(kind, kind)} {number}"

    @property
    def caption(self) -> str:
        """Both numbers: "Lemma 5.3 · PDF Lemma 11"."""
        return f"{self.title} · PDF {self.printed}"


_KIND_WORDS = {"Thm": "Theorem", "Prop.": "Proposition", "Lemma": "Lemma"}

NODES: tuple[Node, ...] = (
    Node("Thm 3.1", "prop:quad_case"),
    Node("Thm 3.2", "prop:close"),
    Node("Thm 3.3", "prop:mu"),
    Node("Thm 3.4", "prop:Sigma"),
    Node("Lemma 4.1", None),
    Node("Lemma 4.2", "eq:Q_Sig"),
    Node("Lemma 4.3", "prop:TG"),
    Node("Lemma 5.1", "lem:gd_dec_1"),
    Node("Lemma 5.2", "lem:dec_local"),
    Node("Lemma 5.3", "lem:Sig_dec"),
    Node("Thm 5.4", "thm:main_cvg"),
    Node("Prop. A.1", None),
    Node("Prop. A.2", "prop:project"),
    Node("Lemma B.1", "lem:gauss_power"),
    Node("Lemma B.2", "lem:chi"),
    Node("Lemma B.3", "eq:smax"),
    Node("Lemma B.4", "eq:u_norm"),
    Node("Lemma B.5", "lem:hoeffding"),
    Node("Lemma B.6", "lem:sgd_dec"),
    Node("Lemma C.1", "lem:exp_tg"),
    Node("Lemma D.1", "lem:tgm_1"),
    Node("Lemma D.2", "eq:nu"),
    Node("Lemma D.3", "eq:gd_low"),
    Node("Lemma D.4", "lem:tgm"),
    Node("Lemma D.5", "eq:tgm_3"),
    Node("Lemma D.6", "eq:G_norm"),
    Node("Lemma D.7", "eq:G_norm_1"),
    Node("Lemma E.1", "lem:nab_f"),
    Node("Lemma E.2", "eq:Sig_dec"),
    Node("Lemma E.3", "lem:GH"),
    Node("Lemma E.4", "eq:alpha_err"),
    Node("Lemma E.5", "lem:E"),
    Node("Lemma E.6", "lem:EXY"),
    Node("Lemma E.7", "lem:X"),
    Node("Lemma E.8", "lem:Y"),
    Node("Lemma E.9", "eq:sto_err"),
    Node("Lemma E.10", "eq:dd"),
)

#: The ledger rows whose verdicts speak for each node: its own row, and for Lemmas 5.1 and 5.2
#: also the row that checks them on a non-quadratic objective.
ROWS: dict[str, tuple[str, ...]] = {
    **{n.name: (n.name,) for n in NODES},
    "Lemma 5.1": ("Lemma 5.1", "Lemma 5.1, γ > 0"),
    "Lemma 5.2": ("Lemma 5.2", "Lemma 5.2, γ > 0"),
}


def node(name: str) -> Node:
    """The node with this ledger number."""
    for n in NODES:
        if n.name == name:
            return n
    raise ValueError(
        f"name must be one of the proof map's nodes "
        f"({', '.join(n.name for n in NODES)}), got {name!r}"
    )


# --- the edges ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Edge:
    """The proof of ``source`` cites ``target`` through ``labels`` (see the module docstring
    for ``kind``). An edge curated by hand carries its ``reason`` and ``evidence``, a verbatim
    fragment of the proof of ``source`` (for an added edge) that shows the citation."""

    source: str
    target: str
    labels: tuple[str, ...]
    kind: str = "statement"  # "statement" or "proof step"
    reason: str | None = None
    evidence: str | None = None

    @property
    def key(self) -> tuple[str, str]:
        return self.source, self.target


def _e(source: str, target: str, *labels: str, kind: str = "statement") -> Edge:
    return Edge(source, target, tuple(sorted(labels)), kind)


#: Every edge of the map. The plain ones are what ``extract_edges`` finds; the curated ones say
#: why they are here.
EDGES: tuple[Edge, ...] = (
    # Section 3 (proofs in Appendix C)
    _e("Thm 3.3", "Thm 3.2", "prop:close"),
    _e("Thm 3.3", "Lemma B.1", "eq:gauss_power"),
    _e("Thm 3.4", "Thm 3.2", "eq:taylor", kind="proof step"),
    _e("Thm 3.4", "Thm 3.3", "prop:mu"),
    _e("Thm 3.4", "Lemma B.1", "eq:gauss_power"),
    _e("Thm 3.4", "Lemma C.1", "lem:exp_tg"),
    _e("Thm 3.4", "Prop. A.2", "prop:project"),
    # Section 4
    _e("Lemma 4.3", "Lemma 4.2", "eq:J_Sig", kind="proof step"),
    _e("Lemma C.1", "Lemma 4.3", "prop:TG"),
    # Appendix B
    _e("Lemma B.4", "Lemma B.2", "lem:chi"),
    # Appendix D
    _e("Lemma D.1", "Thm 3.2", "eq:taylor", kind="proof step"),
    _e("Lemma D.1", "Lemma B.4", "eq:u_norm"),
    _e("Lemma D.2", "Lemma D.1", "eq:sigma_1"),
    _e("Lemma D.2", "Lemma B.2", "lem:chi"),
    _e("Lemma D.3", "Lemma B.2", "lem:chi"),
    _e("Lemma D.4", "Lemma D.1", "eq:sigma_1", "lem:tgm_1"),
    _e("Lemma D.4", "Lemma D.2", "eq:U_1", kind="proof step"),
    _e("Lemma D.4", "Lemma B.3", "eq:smax"),
    _e("Lemma D.5", "Lemma D.1", "eq:sigma_1", "eq:tgm"),
    _e("Lemma D.5", "Lemma D.2", "eq:U_1", kind="proof step"),
    _e("Lemma D.5", "Lemma B.3", "eq:smax"),
    _e("Lemma D.6", "Lemma B.4", "eq:u_norm"),
    _e("Lemma D.7", "Lemma D.6", "eq:G_norm"),
    # Section 5 (proofs in Appendices E and F)
    _e("Lemma 5.1", "Lemma B.3", "eq:smax"),
    _e("Lemma 5.1", "Lemma D.1", "eq:tgm"),
    _e("Lemma 5.1", "Lemma D.2", "eq:nu"),
    _e("Lemma 5.1", "Lemma D.3", "eq:gd_low"),
    _e("Lemma 5.2", "Thm 3.2", "eq:taylor", kind="proof step"),
    _e("Lemma 5.2", "Lemma B.3", "eq:smax"),
    _e("Lemma 5.2", "Lemma D.1", "eq:tgm"),
    _e("Lemma 5.2", "Lemma D.2", "eq:nu"),
    _e("Lemma 5.2", "Lemma D.3", "eq:gd_low"),
    _e("Lemma 5.2", "Lemma D.4", "eq:hh"),
    _e("Lemma 5.2", "Lemma D.5", "eq:tgm_3"),
    _e("Lemma 5.2", "Lemma E.1", "eq:nab_rst"),
    _e("Lemma 5.3", "Lemma B.6", "lem:sgd_dec"),
    _e("Lemma 5.3", "Lemma D.7", "eq:G_norm_1"),
    _e("Lemma 5.3", "Lemma E.2", "eq:Sig_2_bnd", "eq:Sig_dec"),
    _e("Lemma 5.3", "Lemma E.3", "lem:GH"),
    _e("Lemma 5.3", "Lemma E.4", "eq:alpha_err"),
    _e("Lemma 5.3", "Lemma E.9", "eq:sto_err"),
    _e("Lemma 5.3", "Lemma E.10", "eq:dd"),
    _e("Thm 5.4", "Lemma 5.1", "lem:gd_dec_1"),
    _e("Thm 5.4", "Lemma 5.2", "lem:dec_local"),
    # A \ref-less citation: the proof bounds ‖Σ_k⁻¹ − H*‖ by √(C/k), which is Lemma 5.3's
    # conclusion (its statement also says "C is defined in Lemma~\ref{lem:Sig_dec}").
    Edge(
        "Thm 5.4",
        "Lemma 5.3",
        ("eq:C",),
        "statement",
        reason="the proof uses Lemma 5.3's bound ‖Σ_k⁻¹ − H*‖² ≤ C/k without a \\ref",
        evidence=r"\tau^{-1} \cdot \left(\sqrt{\frac{C}{k}}",
    ),
    # Appendix E
    _e("Lemma E.1", "Thm 3.2", "eq:taylor", kind="proof step"),
    _e("Lemma E.2", "Lemma D.7", "eq:G_norm_1", "eq:G_norm_2"),
    _e("Lemma E.4", "Lemma D.6", "eq:GG"),
    _e("Lemma E.6", "Lemma C.1", "lem:exp_tg"),
    _e("Lemma E.7", "Lemma B.5", "lem:hoeffding"),
    _e("Lemma E.9", "Lemma E.5", "eq:E"),
    _e("Lemma E.9", "Lemma E.6", "eq:EXY"),
    _e("Lemma E.9", "Lemma E.7", "lem:X"),
    _e("Lemma E.9", "Lemma E.8", "lem:Y"),
    _e("Lemma E.10", "Lemma 5.1", "lem:gd_dec_1"),
    _e("Lemma E.10", "Lemma 5.2", "eq:dec"),
)

#: Citations the regular expression finds that are not dependencies, each with its reason and
#: the proof text (``evidence``) that shows it.
REMOVED: tuple[Edge, ...] = (
    Edge(
        "Thm 5.4",
        "Lemma E.10",
        ("eq:ddd",),
        "proof step",
        reason="eq:ddd (σ/ζ·Σ⁻¹ ⪯ ∇²f ⪯ L/τ·Σ⁻¹, first written in Lemma E.10's proof) is "
        "re-derived here from τI ⪯ Σ⁻¹ ⪯ ζI and σI ⪯ H ⪯ LI, not taken from Lemma E.10",
        evidence=r"\sigma \cdot I \preceq  H \preceq L \cdot I$, which implies "
        r"Eqn.~\eqref{eq:ddd}",
    ),
)


def rests_on(name: str, edges: tuple[Edge, ...] = EDGES) -> tuple[str, ...]:
    """Every result the proof of ``name`` rests on, directly or through other proofs, in the
    paper's order (``NODES``).

    >>> rests_on("Lemma E.2")
    ('Lemma B.2', 'Lemma B.4', 'Lemma D.6', 'Lemma D.7')
    """
    node(name)
    reached: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        for e in edges:
            if e.source == current and e.target not in reached:
                reached.add(e.target)
                todo.append(e.target)
    return tuple(n.name for n in NODES if n.name in reached)


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
    names = {n.printed: n.name for n in NODES}
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
    (``ROWS``); ``verdicts`` (ledger number → verdict) defaults to the published ones."""
    verdicts = ledger.published() if verdicts is None else verdicts
    out = {}
    for n in NODES:
        found = [category(verdicts.get(row)) for row in ROWS[n.name]]
        checked = [c for c in found if c is not Category.NOT_CHECKED] or found
        out[n.name] = min(checked, key=SEVERITY.index)
    return out
