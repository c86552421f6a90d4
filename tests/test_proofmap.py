"""The proof map (``verification.proofmap``) against the paper's .tex: every node is the numbered
statement the ledger says, every cited label exists where the edge says it does, the edge list
is what the regular expression finds plus the curated edges (each justified by the proof's own
text), the graph has no cycle, and a few edges read by hand are there. The colouring is tested
on synthetic verdicts of every category and conclusion. Tests that need the .tex skip without
it, as the other paper tests do."""

import re

import matplotlib.pyplot as plt
import pytest
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

from mines_theory.plotting.figures import save_figure
from mines_theory.verification.framework import ledger
from mines_theory.verification.proofs.pages import proof_summaries
from mines_theory.verification.views import proofgraph, proofmap, report
from mines_theory.verification.views.proofgraph import Category, Edge
from mines_theory.verification.views.report import CONCLUSION_MEANING, Conclusion, conclusion
from mines_theory.verification.proofs.pages import with_slips
from mines_theory.verification.proofs.published import load
from mines_theory.verification.framework.verdict import Qualifier, Status, Verdict

from .test_paper_numbers import statements as counted_statements
from mines_theory.verification.views.proofgraph import (
    CATEGORY_STYLE,
    extract_edges,
    rests_on,
    categories,
    category,
    Node,
    proofs,
    SEVERITY,
)
from mines_theory.verification.views import proofgraph as _proofgraph

#: The map as declared (each claim's ``rests_on`` and ``not_rests_on``), read once.
NODES, EDGES, REMOVED = proofgraph.nodes(), proofgraph.edges(), proofgraph.removed()


def _defined(tex):
    """label → position of its \\label in the .tex."""
    return {m.group(1): m.start() for m in re.finditer(r"\\label\{([^}]*)\}", tex)}


def _proof_body(tex, name):
    """The proofs of the statement with ledger number ``name``, joined."""
    printed = _proofgraph.node(name).printed
    return "\n".join(body for owner, body in proofs(tex) if owner == printed)


# --- the nodes -------------------------------------------------------------------------------


def test_nodes_are_the_numbered_statements_except_the_remarks(tex):
    """The library's statement counter agrees with test_paper_numbers' own, and the nodes are
    exactly the 37 statements that are not remarks, each under the ledger's printed number."""
    found = _proofgraph.statements(tex)
    assert [s.printed for s in found] == [name for name, _ in counted_statements(tex)]
    not_remarks = {s.printed for s in found if not s.printed.startswith("Remark")}
    assert len(NODES) == 37 == len(not_remarks)
    assert {n.printed for n in NODES} == not_remarks


@pytest.mark.parametrize("node", NODES, ids=[n.name for n in NODES])
def test_each_nodes_statement_defines_a_label_of_its_claim(node, tex):
    """The first label the statement's environment defines, if any, is among the labels of the
    claim's declaration."""
    statement = next(s for s in _proofgraph.statements(tex) if s.printed == node.printed)
    declared = re.findall(r"(?:eq|lem|prop|thm):[A-Za-z_0-9]+", ledger.claim(node.name).label)
    assert statement.labels[:1] == () or statement.labels[0] in declared, node.name


def test_nodes_are_ledger_rows_with_both_numbers():
    for n in NODES:
        assert ledger.claim(n.name).number == n.name
        assert n.caption == f"{n.title} · PDF {ledger.printed()[n.name]}"
    assert _proofgraph.node("Lemma 5.3").caption == "Lemma 5.3 · PDF Lemma 11"
    assert _proofgraph.node("Thm 5.4").caption == "Theorem 5.4 · PDF Theorem 12"
    assert proofgraph.rows("Lemma 5.1") == ("Lemma 5.1", "Lemma 5.1, γ > 0")
    assert proofgraph.rows("Lemma 5.3") == ("Lemma 5.3", "Lemma 5.3, γ > 0")
    with pytest.raises(ValueError, match="name must be one of the proof map's nodes"):
        _proofgraph.node("Lemma 5.9")


# --- the edges -------------------------------------------------------------------------------


def test_every_cited_label_exists_where_the_edge_says(tex):
    """Each label an edge rests on (a curated edge's own, a plain edge's as extracted) is defined
    in the .tex, inside the target's statement (a "statement" edge) or inside a proof of the
    target (a "proof step" edge)."""
    defined = _defined(tex)
    statements = {s.printed: s for s in _proofgraph.statements(tex)}
    found = extract_edges(tex)
    for e in EDGES + REMOVED:
        assert e.kind in ("statement", "proof step"), e
        for label in e.labels or found[e.key][0]:
            assert label in defined, (e, label)
            target = statements[_proofgraph.node(e.target).printed]
            inside = target.start <= defined[label] <= target.end
            in_proof = f"\\label{{{label}}}" in _proof_body(tex, e.target)
            assert (inside, in_proof) == (
                (True, False) if e.kind == "statement" else (False, True)
            ), (e, label)


def test_every_plain_edge_is_cited_in_the_proof(tex):
    """A plain edge is declared by its target alone, and the labels the extraction gives it are
    each \\ref'd or \\eqref'd in the proof of its source."""
    found = extract_edges(tex)
    for e in EDGES:
        if e.reason is None:
            assert e.labels == (), e
            body = _proof_body(tex, e.source)
            assert all(
                re.search(r"\\(eq)?ref\{" + re.escape(label) + r"\}", body)
                for label in found[e.key][0]
            ), e


def test_edges_are_the_extraction_with_the_curated_changes(tex):
    found = extract_edges(tex)
    removed = {e.key for e in REMOVED}
    plain = {e.key: e.kind for e in EDGES if e.reason is None}
    assert plain == {key: kind for key, (_, kind) in found.items() if key not in removed}
    assert len({e.key for e in EDGES}) == len(EDGES)  # one edge per pair


def test_curated_edges_are_justified(tex):
    """An added edge is one the regex misses and a removed one is one it finds; each has a
    reason, and its evidence is verbatim text of the citing proof."""
    found = extract_edges(tex)
    added = [e for e in EDGES if e.reason is not None]
    assert added and REMOVED
    for e in added:
        assert e.key not in found, e
    for e in REMOVED:
        assert e.key in found and found[e.key] == (e.labels, e.kind), e
        assert e.key not in {edge.key for edge in EDGES}, e
    for e in added + list(REMOVED):
        assert e.reason and len(e.reason) > 20, e
        assert e.evidence and e.evidence in _proof_body(tex, e.source), e


def test_hand_checked_edges(tex):
    """Read in the .tex: Theorem 5.4's proof uses Lemma 5.1 (before the local region), Lemma 5.2
    (in it) and Lemma 5.3's √(C/k) (in 𝓛_k, ξ_k); Lemma 5.3's proof combines lem:GH (E.3),
    eq:Sig_dec and eq:Sig_2_bnd (E.2), eq:G_norm_1 (D.7), eq:alpha_err (E.4), eq:dd (E.10),
    eq:sto_err (E.9) and lem:sgd_dec (B.6); Lemma 5.2 uses eq:hh (D.4); Lemma E.9 assembles
    E.5–E.8; Lemma C.1 uses Lemma 4.3."""
    edges = {e.key: e for e in EDGES}
    cites = {source: {t for s, t in edges if s == source} for source, _ in edges}
    assert cites["Thm 5.4"] == {"Lemma 5.1", "Lemma 5.2", "Lemma 5.3"}
    assert cites["Lemma 5.3"] == {
        "Lemma E.2",
        "Lemma E.3",
        "Lemma D.7",
        "Lemma E.4",
        "Lemma E.10",
        "Lemma E.9",
        "Lemma B.6",
    }
    found = extract_edges(tex)
    assert found[("Lemma 5.3", "Lemma E.2")][0] == ("eq:Sig_2_bnd", "eq:Sig_dec")
    assert found[("Lemma 5.2", "Lemma D.4")] == (("eq:hh",), "statement")
    assert cites["Lemma E.9"] == {"Lemma E.5", "Lemma E.6", "Lemma E.7", "Lemma E.8"}
    assert cites["Lemma C.1"] == {"Lemma 4.3"}
    assert edges[("Thm 5.4", "Lemma 5.3")].reason is not None


def test_theorem_54_rests_on_the_appendix_lemmas_the_issue_names():
    """Issue 23: "Theorem 5.4 rests on D.2, D.4, D.7 and E.2"."""
    down = {}
    for e in EDGES:
        down.setdefault(e.source, set()).add(e.target)
    reached, todo = set(), ["Thm 5.4"]
    while todo:
        for target in down.get(todo.pop(), ()):
            if target not in reached:
                reached.add(target)
                todo.append(target)
    assert {"Lemma D.2", "Lemma D.4", "Lemma D.7", "Lemma E.2"} <= reached
    assert not {"Thm 3.1", "Thm 3.4", "Lemma 4.1", "Prop. A.1"} & reached
    assert set(rests_on("Thm 5.4")) == reached
    order = [n.name for n in NODES]
    found = rests_on("Lemma 5.3")
    assert list(found) == sorted(found, key=order.index) and "Lemma B.2" in found
    assert rests_on("Lemma B.2") == ()


def test_no_cycle():
    """Kahn's algorithm removes every node; and ``layers`` refuses a cycle."""
    remaining = {e.key for e in EDGES}
    nodes = {n.name for n in NODES}
    while nodes:
        sinks = {n for n in nodes if not any(s == n for s, _ in remaining)}
        assert sinks, f"a cycle among {sorted(nodes)}"
        nodes -= sinks
        remaining = {(s, t) for s, t in remaining if t not in sinks}
    looped = EDGES + (Edge("Lemma B.6", "Lemma 5.3", ("lem:Sig_dec",)),)
    with pytest.raises(ValueError, match="must not form a cycle.*Lemma 5.3 → .*Lemma 5.3"):
        proofmap.layers(looped)


def test_layers_put_every_result_above_what_its_proof_cites():
    level = proofmap.layers()
    assert all(level[e.source] > level[e.target] for e in EDGES)
    assert level["Thm 5.4"] == max(level.values())
    assert {level[n] for n in ("Thm 3.1", "Lemma 4.1", "Prop. A.1")} == {level["Thm 5.4"]}
    counts = {}
    for value in level.values():
        counts[value] = counts.get(value, 0) + 1
    assert max(counts.values()) <= 6
    with pytest.raises(ValueError, match="width must be a positive integer, got 0"):
        proofmap.layers(width=0)


SYNTHETIC = r"""
\section{Main}
\begin{lemma}\label{lem:a} A. \begin{equation}\label{eq:a} a \end{equation} \end{lemma}
\begin{proof} Nothing; see Eqn.~\eqref{eq:main}. \begin{equation}\label{eq:step} s \end{equation}
\end{proof}
\begin{remark} A remark. \end{remark}
\begin{theorem}\label{thm:b} B. \end{theorem}
\section{Proofs}
\begin{lemma}\label{lem:c} C, by Eqn.~\eqref{eq:a} in its statement. \end{lemma}
\begin{proof} By Lemma~\ref{lem:a} and its own Eqn.~\eqref{eq:c_own}
\begin{equation}\label{eq:c_own} c \end{equation} \end{proof}
\subsection{Proof of Theorem~\ref{thm:b}}
\begin{proof} By Lemma~\ref{lem:c}, Eqn.~\eqref{eq:step}, Eqn.~\eqref{eq:main}. \end{proof}
\begin{proof}[Proof of Theorem~\ref{thm:b}] Again by Eqn.~\eqref{eq:a}. \end{proof}
"""


def test_extraction_on_a_synthetic_tex(monkeypatch):
    """The parser on a .tex written for it: a bare proof after a "Proof of" heading belongs to
    the statement the heading names; the optional argument is not a citation; a statement's own
    labels, the main text's and a statement's mention in another statement are not edges."""
    synthetic = (
        Node("Lemma 1.1", "Lemma 1"),
        Node("Thm 1.2", "Theorem 3"),
        Node("Lemma 1.3", "Lemma 4"),
    )
    monkeypatch.setattr(proofgraph, "nodes", lambda: synthetic)  # where the extraction reads
    assert [s.printed for s in _proofgraph.statements(SYNTHETIC)] == [
        "Lemma 1",
        "Remark 2",
        "Theorem 3",
        "Lemma 4",
    ]
    assert [owner for owner, _ in proofs(SYNTHETIC)] == [
        "Lemma 1",
        "Lemma 4",
        "Theorem 3",
        "Theorem 3",
    ]
    assert extract_edges(SYNTHETIC) == {
        ("Lemma 1.3", "Lemma 1.1"): (("lem:a",), "statement"),
        ("Thm 1.2", "Lemma 1.3"): (("lem:c",), "statement"),
        ("Thm 1.2", "Lemma 1.1"): (("eq:a", "eq:step"), "statement"),
    }


# --- the colouring ---------------------------------------------------------------------------


def _verdict(status, *qualifiers):
    return Verdict(
        status,
        "synthetic",
        qualifiers=tuple(Qualifier(name, "declared", outcome) for name, outcome in qualifiers),
    )


@pytest.mark.parametrize(
    "verdict, expected",
    [
        (_verdict(Status.HOLDS), Category.HOLDS),
        (_verdict(Status.HOLDS, ("loose", True)), Category.HOLDS),
        (_verdict(Status.HOLDS, ("too loose to be tested", True)), Category.UNTESTABLE),
        (_verdict(Status.HOLDS, ("too loose to be tested at α = 0.5", True)), Category.UNTESTABLE),
        (_verdict(Status.HOLDS, ("too loose to be tested", False)), Category.HOLDS),
        (_verdict(Status.FAILS), Category.FAILS),
        (_verdict(Status.FAILS, ("too loose to be tested", True)), Category.FAILS),
        (_verdict(Status.ERRATUM), Category.ERRATUM),
        (_verdict(Status.IDENTITY), Category.IDENTITY),
        (_verdict(Status.HYPOTHESES_NOT_MET), Category.NOT_CHECKED),
        (_verdict(Status.NOT_CHECKED), Category.NOT_CHECKED),
        (None, Category.NOT_CHECKED),
    ],
    ids=lambda v: v.headline() if isinstance(v, Verdict) else str(v),
)
def test_category_of_a_verdict(verdict, expected):
    assert category(verdict) is expected


def test_category_refuses_what_is_not_a_verdict():
    with pytest.raises(TypeError, match="verdict must be a Verdict or None, got str"):
        category("holds")


def test_a_node_takes_the_least_favourable_of_its_rows():
    verdicts = {
        "Lemma 5.1": _verdict(Status.HOLDS, ("too loose to be tested", True)),
        "Lemma 5.1, γ > 0": _verdict(Status.ERRATUM),
        "Lemma 5.2": _verdict(Status.NOT_CHECKED),
        "Lemma 5.2, γ > 0": _verdict(Status.HOLDS),
        "Lemma D.2": _verdict(Status.FAILS),
        "Lemma E.3": _verdict(Status.IDENTITY),
    }
    found = categories(verdicts)
    assert set(found) == {n.name for n in NODES}
    assert found["Lemma 5.1"] is Category.ERRATUM
    assert found["Lemma 5.2"] is Category.HOLDS  # not checked counts last
    assert found["Lemma D.2"] is Category.FAILS
    assert found["Lemma E.3"] is Category.IDENTITY
    assert found["Thm 5.4"] is Category.NOT_CHECKED  # no verdict at all


def test_published_categories_are_those_of_the_published_rows():
    published = ledger.published()
    found = categories()
    for n in NODES:
        own = category(published.get(n.name))
        assert SEVERITY.index(found[n.name]) <= SEVERITY.index(own) or own is Category.NOT_CHECKED


def test_categories_are_told_apart_without_colour():
    styles = CATEGORY_STYLE
    assert set(styles) == set(Category)
    markers = [s["marker"] for s in styles.values()]
    assert len(set(markers)) == len(markers)
    looks = [(s["hatch"], s["linestyle"]) for s in styles.values()]
    assert len(set(looks)) == len(looks)
    assert len({s["color"] for s in styles.values()}) == len(styles)


# --- the figure ------------------------------------------------------------------------------


def _walk_of(*failing: str) -> dict:
    """Published-walk data in which the proofs of ``failing`` have a false step (no slip) and
    no other proof is walked."""
    return {"proofs": {name: [{"index": 1, "status": "fails"}] for name in failing}}


def test_a_node_takes_the_least_favourable_conclusion_of_its_rows():
    """Lemma 5.1's row 'γ > 0' is repaired by the corrigendum, so the node is 'repaired' even
    where its own row's verdict is not checked; a row not checked counts only when no row is
    checked; a proof with a false step is 'proof fails'; no verdict at all is 'not checked'."""
    verdicts = {
        "Lemma 5.1": _verdict(Status.NOT_CHECKED),
        "Lemma 5.1, γ > 0": _verdict(Status.HOLDS),
        "Thm 3.3": _verdict(Status.HOLDS),
        "Thm 3.1": _verdict(Status.HOLDS),
        "Lemma D.2": _verdict(Status.NOT_CHECKED),
    }
    found = proofmap.node_conclusions(_walk_of("Thm 3.3"), verdicts)
    assert set(found) == {n.name for n in NODES}
    assert found["Lemma 5.1"] is Conclusion.REPAIRED
    assert found["Thm 3.3"] is Conclusion.PROOF_FAILS
    assert found["Thm 3.1"] is Conclusion.STANDS
    assert found["Lemma D.2"] is Conclusion.NOT_CHECKED
    assert found["Thm 5.4"] is Conclusion.NOT_CHECKED  # no verdict at all
    assert proofmap.node_conclusions(_walk_of(), verdicts)["Thm 3.3"] is Conclusion.STANDS


def test_the_map_says_what_the_ledger_says_of_each_result():
    """A node with one ledger row takes that row's conclusion, as the ledger's column
    'conclusion' prints it; the published map shows a proof that fails (Thm 3.3, PDF Theorem 3)
    and a repaired result (Lemma 5.1, PDF Lemma 9), which the verdicts alone drew as 'holds'
    and 'erratum'; a proof whose false steps are slips only (typos, imprecisions: Thm 3.3, PDF
    Theorem 3) stands."""
    walk = with_slips(load())
    found = proofmap.node_conclusions(walk)
    published = ledger.published()
    for n in NODES:
        own = proofgraph.rows(n.name)
        if own == (n.name,):
            assert found[n.name] is conclusion(ledger.claim(n.name), published[n.name], walk)
    assert found["Thm 3.3"] is Conclusion.STANDS
    assert found["Lemma 5.1"] is Conclusion.REPAIRED


def test_conclusions_are_told_apart_without_colour():
    styles = proofmap.CONCLUSION_STYLE
    assert set(styles) == set(Conclusion) == set(proofmap.CONCLUSION_ORDER)
    markers = [s["marker"] for s in styles.values()]
    assert len(set(markers)) == len(markers)
    looks = [(s["hatch"], s["linestyle"]) for s in styles.values()]
    assert len(set(looks)) == len(looks)
    assert len({s["color"] for s in styles.values()}) == len(styles)


def test_draw_every_conclusion_and_save(tmp_path):
    """One conclusion per node in turn: the map draws a box per node and an arrow per edge,
    names every conclusion it shows in its legend with its meaning, and passes save_figure's
    rules."""
    every = list(Conclusion)
    conclusions = {n.name: every[i % len(every)] for i, n in enumerate(NODES)}
    fig = proofmap.draw_proof_map(conclusions)
    try:
        ax = fig.axes[0]
        assert sum(isinstance(p, FancyBboxPatch) for p in ax.patches) == len(NODES)
        assert sum(isinstance(p, FancyArrowPatch) for p in ax.patches) == len(EDGES)
        legend = [t.get_text().replace("\n", " ") for t in ax.get_legend().get_texts()]
        for c, said in zip(proofmap.CONCLUSION_ORDER, legend):
            assert said == f"{c.value}: {CONCLUSION_MEANING[c]}"
        assert not [t for t in legend if "✗" in t]  # the verdict map has no walk line
        assert any("PDF's number" in t for t in legend)
        texts = {t.get_text() for t in ax.texts}
        assert "Lemma 5.3\nPDF 11" in texts and "Thm 5.4\nPDF 12" in texts
        paths = save_figure(fig, "08-proof-map", directory=tmp_path)  # keeps rules 1-8
        assert all(p.is_file() and p.stat().st_size > 0 for p in paths)
    finally:
        plt.close(fig)


def test_the_legend_names_only_the_conclusions_shown():
    conclusions = {n.name: Conclusion.STANDS for n in NODES}
    conclusions["Thm 3.3"] = Conclusion.FALSE
    fig = proofmap.draw_proof_map(conclusions)
    try:
        legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
        assert [t.split(":")[0] for t in legend[:2]] == ["false", "stands"]
        assert not [t for t in legend if t.startswith(("repaired", "proof fails"))]
    finally:
        plt.close(fig)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({}, "exactly one of conclusions= .* and walk="),
        ({"conclusions": {"Thm 3.1": Conclusion.STANDS}}, "missing \\['Lemma 4.1'"),
    ],
)
def test_draw_refuses_a_map_it_cannot_colour(kwargs, match):
    with pytest.raises(ValueError, match=match):
        proofmap.draw_proof_map(**kwargs)


def _walked(*statuses: str) -> list[dict]:
    return [{"index": i, "status": s} for i, s in enumerate(statuses, start=1)]


def test_a_box_of_the_walk_map_says_its_proof_s_walk():
    """Decided steps are identity, holds and fails (not follows, not checked); the first false
    step is the first that fails; a result whose proof has no walk is 'not walked'."""
    walk = {
        "proofs": {
            "Lemma 5.1": _walked("holds", "identity", "follows", "fails", "fails", "holds"),
            "Thm 3.2": _walked("holds", "not checked", "follows"),
        }
    }
    boxes = proofmap.walk_boxes(proof_summaries(walk))
    assert boxes["Lemma 5.1"] == (proofmap.WalkCategory.FALSE, "5/6 ✗ 4")
    assert boxes["Thm 3.2"] == (proofmap.WalkCategory.NO_FALSE, "1/3 ✓")
    assert boxes["Lemma 5.3"] == (proofmap.WalkCategory.NOT_WALKED, "not walked")
    assert set(boxes) == {n.name for n in NODES}


def test_the_walk_map_marks_the_step_the_ledger_names_and_typos_apart():
    """Reader (stop 56): the map's "✗ N" was the first false step, typos included, while the
    ledger names the first that is not a typo; a proof of typos only was drawn "a step fails"
    while the ledger says it stands. One rule now: ``report.first_error``, the first false step
    that is no slip (round 3: Lemma 29's "✗ 3" was an imprecision, its first error step 14)."""
    typo = {"slip": "typo"}
    walk = {
        "proofs": {
            "Lemma 5.1": [
                {"index": 1, "status": "fails", **typo},
                {"index": 2, "status": "fails", "slip": None},
            ],
            "Thm 3.2": [
                {"index": 1, "status": "holds", "slip": None},
                {"index": 2, "status": "fails", **typo},
            ],
        }
    }
    # an imprecision beside the typo: slips only, drawn as the ledger says it ("slips 1")
    walk["proofs"]["Thm 3.4"] = [
        {"index": 1, "status": "fails", **typo},
        {"index": 2, "status": "fails", "slip": "imprecision"},
    ]
    boxes = proofmap.walk_boxes(proof_summaries(walk))
    assert boxes["Thm 3.4"] == (proofmap.WalkCategory.TYPOS, "2/2 slips 1")
    assert report.slips_only("Thm 3.4", walk) == 1
    walk["proofs"]["Thm 3.4"][1]["slip"] = None  # an error: the map's ✗ and no slips note
    boxes = proofmap.walk_boxes(proof_summaries(walk))
    assert boxes["Thm 3.4"] == (proofmap.WalkCategory.FALSE, "2/2 ✗ 2")
    assert report.slips_only("Thm 3.4", walk) is None
    walk["proofs"]["Thm 3.4"][0]["slip"] = "imprecision"  # before the error: not where it fails
    boxes = proofmap.walk_boxes(proof_summaries(walk))
    assert boxes["Thm 3.4"] == (proofmap.WalkCategory.FALSE, "2/2 ✗ 2")
    assert "(walk-thm-3-4.md) (an imprecision at step 1)" in report.proof_note(
        "Thm 3.4", Status.HOLDS, walk
    )
    del walk["proofs"]["Thm 3.4"]
    boxes = proofmap.walk_boxes(proof_summaries(walk))
    assert boxes["Lemma 5.1"] == (proofmap.WalkCategory.FALSE, "2/2 ✗ 2")
    assert boxes["Thm 3.2"] == (proofmap.WalkCategory.TYPOS, "2/2 typos 2")
    assert "(walk-lemma-5-1.md) (a typo at step 1)" in report.proof_note(
        "Lemma 5.1", Status.HOLDS, walk
    )
    assert "typos only" in report.proof_note("Thm 3.2", Status.HOLDS, walk)
    # the published walk: every box's step is the one the ledger's note links
    slipped = with_slips(load())
    for name, (kind, line) in proofmap.walk_boxes(proof_summaries(slipped)).items():
        note = report.proof_note(name, Status.HOLDS, slipped, words="step {step}")
        if kind is proofmap.WalkCategory.FALSE and line.endswith("✗ prose"):
            # no relation is an error, but an erratum of the kind error points into the prose
            errors = [e for e in slipped["unanswered"][name] if e["kind"] == "error"]
            assert note == f"[proof fails in its prose (erratum {errors[0]['number']})]" + (
                f"({report.page_name(name)}.md)"
            ), name
        elif kind is proofmap.WalkCategory.FALSE:
            assert note and note.startswith(f"[step {line.split('✗ ')[1]}]"), name
        elif kind is proofmap.WalkCategory.TYPOS and "slips" in line:
            # typos and imprecisions only: the step the ledger's "slips only" names
            assert report.slips_only(name, slipped) == int(line.split("slips ")[1]), name
        elif kind is proofmap.WalkCategory.TYPOS:
            assert note and "typos only" in note, name


def test_the_walk_map_draws_each_box_by_its_walk(tmp_path):
    walk = {"proofs": {"Lemma 5.1": _walked("holds", "fails"), "Thm 5.4": _walked("holds")}}
    fig = proofmap.draw_proof_map(walk=proof_summaries(walk))
    try:
        ax = fig.axes[0]
        texts = {t.get_text() for t in ax.texts}
        assert {"Lemma 5.1\nPDF 9\n2/2 ✗ 2", "Thm 5.4\nPDF 12\n1/1 ✓"} <= texts
        assert "Lemma 5.3\nPDF 11\nnot walked" in texts
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        assert legend[:4] == [c.value for c in proofmap.WalkCategory]
        # every mark of a box said in words: "PDF 9", "2/2", "✓", "✗ 2"
        said = " ".join(legend)
        assert "PDF's number" in said and "steps decided" in said
        assert "“✓”: no step fails" in legend and "first error" in said
        assert re.search(r"“✗ (\d+)”: step \1 is", said)
        boxes = [p for p in ax.patches if isinstance(p, FancyBboxPatch)]
        fills = {p.get_facecolor()[:3] for p in boxes}
        assert len(fills) == 3  # one fill per walk category
        paths = save_figure(fig, "08-proof-walk-map", directory=tmp_path)
        assert all(p.is_file() and p.stat().st_size > 0 for p in paths)
    finally:
        plt.close(fig)


def test_false_as_printed_tells_a_false_statement_from_a_changed_constant():
    """Lemma 5.1 (PDF Lemma 9) is false as printed, by its row with γ > 0, and Lemma 5.2 (PDF
    Lemma 10) has a changed constant: both are 'repaired', only the first is outlined. With
    every row holding (the alternative) nothing is."""
    published = ledger.published()
    found = proofmap.false_as_printed()
    assert {"Lemma 5.1", "Lemma D.2", "Lemma E.8", "Prop. A.2", "Thm 5.4"} <= found
    assert not found & {"Lemma 5.2", "Lemma 5.3", "Thm 3.1"}
    holding = {row: _verdict(Status.HOLDS) for row in published}
    assert not proofmap.false_as_printed(holding)
    failing = {**holding, "Lemma 5.3, γ > 0": _verdict(Status.FAILS)}
    assert proofmap.false_as_printed(failing) == {"Lemma 5.3"}


def test_the_map_and_the_front_page_count_false_as_printed_by_one_predicate():
    """Cold readers found "false as printed" defined twice (the map's outline, the front
    page's count): both are ``report.row_false_as_printed``, so the nodes outlined are those
    of the rows the front page counts, and that count is 10 today (Lemma B.5, vacuous as
    printed, is not among them)."""
    published = ledger.published()
    rows = [
        c.number for c in ledger.claims() if report.row_false_as_printed(published.get(c.number))
    ]
    box = report.found_box(published, load())
    assert f"**{len(rows)} are false as printed**" in box and len(rows) == 10
    assert "Lemma B.5" not in rows
    nodes = {n.name for n in proofgraph.nodes() if set(proofgraph.rows(n.name)) & set(rows)}
    assert proofmap.false_as_printed(published) == nodes


def test_the_map_outlines_the_results_false_as_printed():
    conclusions = {n.name: Conclusion.STANDS for n in NODES}
    fig = proofmap.draw_proof_map(conclusions, false={"Lemma D.2"})
    try:
        ax = fig.axes[0]
        widths = {p.get_linewidth() for p in ax.patches if isinstance(p, FancyBboxPatch)}
        assert widths == {1.2, proofmap.FALSE_OUTLINE["linewidth"]}
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        assert proofmap.FALSE_WORDS in legend
    finally:
        plt.close(fig)
    with pytest.raises(ValueError, match="false must name nodes of the proof map"):
        proofmap.draw_proof_map(conclusions, false={"Lemma 9.9"})


def test_the_map_marks_the_repairs_that_rest_on_an_outline():
    """A cold reader found Lemma 5.3 and Thm 5.4 (PDF Lemma 11, Theorem 12) coloured "repaired:
    cite" although the repaired Lemma 5.3's proof is an outline: the specs that say so
    (``Repair.outline``) are the nodes marked, and only those; the legend names the mark."""
    assert proofmap.outlined() == {"Lemma 5.3", "Lemma E.9", "Thm 5.4"}  # E.9: its C₁
    assert report.repair_outline("Lemma 5.2") is None  # written out: no mark
    assert proofmap.outlined({}) == set()  # no row: nothing to mark
    conclusions = {n.name: Conclusion.STANDS for n in NODES}
    fig = proofmap.draw_proof_map(conclusions, outline={"Lemma 5.3"})
    try:
        ax = fig.axes[0]
        marked = [t.get_text() for t in ax.texts if proofmap.OUTLINE_MARK in t.get_text()]
        assert marked == [f"Lemma 5.3\nPDF 11{proofmap.OUTLINE_MARK}"]
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        assert proofmap.OUTLINE_WORDS in legend
    finally:
        plt.close(fig)
    fig = proofmap.draw_proof_map(conclusions)
    try:
        legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
        assert proofmap.OUTLINE_WORDS not in legend  # no mark drawn, none said
    finally:
        plt.close(fig)
    with pytest.raises(ValueError, match="outline must name nodes of the proof map"):
        proofmap.draw_proof_map(conclusions, outline={"Lemma 9.9"})
