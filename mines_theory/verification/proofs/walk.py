"""Walk a proof: every step's own check, then where the chain to each step passes a false one.

``walk(proof)`` runs each step's checker (``check.run``); a step's status is its own check's
(``identity``, ``holds``, ``fails``, or ``not checked`` for a ``not_checked`` step, with its
reason), except ``follows``: a step whose own check holds (or is an identity) *only given* an
earlier step's conclusion, declared in its spec's ``premise`` (its check samples the instances
that satisfy that conclusion, or substitutes its right side), when a premise step fails or
follows. Its evidence names the false step at the root ("holds only given step N, its premise,
which fails"). Every step also gets ``after``: the first false step the proof reaches it through
(via ``step N`` in ``uses``, transitively), or None; a step that holds on its own but is
reached through a false one says so in its evidence ("the line itself holds; the proof reaches
it through step N, which fails") and keeps its status, as the issue defines ``follows`` ("a line
that holds only given an earlier false line").

``errata_cross_check(results, errata)`` pairs each erratum with the failing step that names it
(``erratum`` in the step spec): an erratum that points into a walked proof (``points_into``) that
no failing step names, a step that names an erratum that does not exist or does not fail, and a
failing step that no erratum names (a new finding) are reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from . import check
from .spec import Proof, Step

__all__ = ["CrossCheck", "errata_cross_check", "points_into", "walk", "walk_step"]


def walk_step(
    step: Step,
    printed: str,
    *,
    draws: int = 1000,
    starts: int = 3,
    evaluations: int = 400,
    regime: tuple[str, ...] = (),
) -> check.StepResult:
    """``step``'s own result (no ``follows`` nor ``after``: they need the proof, ``walk``), with
    a failing instance inside its proof's ``regime`` where its counterexample is outside it."""
    if step.how == "not_checked":
        outcome = check.Outcome("not checked", "")
    else:
        outcome = check.run(
            step, draws=draws, starts=starts, max_evaluations=evaluations, regime=regime
        )
    corrected = None
    if step.corrected is not None:
        fixed = check.run(
            replace(step, checker=step.corrected),
            draws=draws,
            starts=starts,
            max_evaluations=evaluations,
        )
        corrected = dict(
            status=fixed.status, evidence=fixed.evidence, counterexample=fixed.counterexample
        )
    return check.StepResult(
        proof=step.proof,
        printed=printed,
        index=step.index,
        latex=step.latex,
        relation=step.relation,
        status=outcome.status,
        reason=step.reason,
        evidence=outcome.evidence,
        instances=outcome.instances,
        worst_margin=outcome.worst_margin,
        counterexample=outcome.counterexample,
        erratum=step.erratum,
        corrected=corrected,
        inside=outcome.inside,
    )


def walk(
    proof: Proof, *, draws: int = 1000, starts: int = 3, evaluations: int = 400
) -> list[check.StepResult]:
    """The steps of ``proof`` with their statuses and ``after``, in order (see the module
    docstring): ``draws`` random instances per step, then ``starts`` adversarial searches of at
    most ``evaluations`` evaluations each."""
    results: dict[int, check.StepResult] = {}
    for step in proof.steps:
        result = walk_step(
            step,
            proof.printed,
            draws=draws,
            starts=starts,
            evaluations=evaluations,
            regime=proof.regime,
        )
        reached = {i for i in step.earlier if results[i].status == "fails"}
        reached |= {a for i in step.earlier if (a := results[i].after) is not None}
        after = min(reached, default=None)
        broken = [i for i in step.premised if results[i].status in ("fails", "follows")]
        own = "is an identity" if result.status == "identity" else "holds"
        evidence = result.evidence
        status = result.status
        if broken and status in ("identity", "holds"):
            premise = min(broken)
            root = _root(proof, results, premise)
            chain = "" if root == premise else f", which holds only given step {root}"
            status = "follows"
            evidence += (
                f"; the line itself {own} only given step {premise}, its premise{chain}, "
                "which fails"
            )
        elif after is not None and status in ("identity", "holds"):
            evidence += (
                f"; the line itself {own}; the proof reaches it through step {after}, which fails"
            )
        results[step.index] = check.StepResult(
            **{**result.__dict__, "status": status, "evidence": evidence, "after": after}
        )
    return [results[s.index] for s in proof.steps]


def _root(proof: Proof, results: Mapping[int, check.StepResult], index: int) -> int:
    """The failing step at the root of step ``index``'s premises (``index`` if it fails)."""
    while results[index].status == "follows":
        index = min(
            i for i in proof.steps[index - 1].premised if results[i].status in ("fails", "follows")
        )
    return index


@dataclass(frozen=True)
class CrossCheck:
    """The errata cross-check: ``matched`` (erratum label → the failing steps, (proof, index),
    that name it), ``unmatched``
    errata of walked proofs, ``dangling`` step claims (step index, label, why), and
    ``new_findings`` (failing steps no erratum names)."""

    matched: Mapping[str, tuple[tuple[str, int], ...]]
    unmatched: tuple[str, ...]
    dangling: tuple[tuple[str, int, str, str], ...]
    new_findings: tuple[tuple[str, int], ...]


def errata_cross_check(
    walked: Mapping[Proof, Sequence[check.StepResult]],
    errata: Iterable[str],
    inside: Mapping[str, Sequence[str]] | None = None,
) -> CrossCheck:
    """Cross-check the failing steps of ``walked`` with the erratum labels ``errata`` (see the
    module docstring). An erratum "proof of …" counts as one of a walked proof when its label
    names the proof (our name, the PDF's or the label), or points into it otherwise
    (``points_into``, with ``inside``: proof name → the equations its proof displays,
    ``published.proof_labels``; none where not given)."""
    errata = list(errata)
    matched: dict[str, tuple[tuple[str, int], ...]] = {}
    dangling = []
    new = []
    for proof, results in walked.items():
        for r in results:
            if r.erratum is not None:
                if r.erratum not in errata:
                    dangling.append((proof.name, r.index, r.erratum, "no such erratum"))
                elif r.status != "fails":
                    dangling.append((proof.name, r.index, r.erratum, f"the step {r.status}"))
                else:
                    matched[r.erratum] = matched.get(r.erratum, ()) + ((proof.name, r.index),)
            elif r.status == "fails":
                new.append((proof.name, r.index))
    named = {label for _, _, label, _ in dangling}
    unmatched = [
        label
        for label in errata
        if label not in matched  # a label a step names is matched, or reported with the
        and label not in named  # reason why not
        and any(
            points_into(label, proof, () if inside is None else inside.get(proof.name, ()))
            for proof in walked
        )
    ]
    return CrossCheck(matched, tuple(unmatched), tuple(dangling), tuple(new))


def points_into(label: str, proof: Proof, inside: Sequence[str] = ()) -> bool:
    """Whether the erratum ``label`` points into the proof of ``proof``: the label starts
    "proof of" and names the proof; or names the proof and says, after the name and in the same
    clause (";" parts), "proof" or "step" ("eq:sto_err (Lemma E.9), proof", "eq:alpha_err (Lemma
    E.4), the step citing eq:GG", "Lemma 5.3 (statement and proof)"); or names an equation the
    .tex displays inside the proof's environment (``inside``: ``published.proof_labels``'s,
    read from the .tex with the coverage; none where not given: "eq:Sig_opt → eq:Sig_opt_1").
    A name is the proof's, ours, the PDF's or its label in the .tex, whole (a name followed by a
    digit or a point is another's: "Lemma 5.1" is not in "Lemma 5.10"). An equation a proof
    only cites, or
    its statement's own ("eq:J_quad (proof of Thm 3.1, first display)": eq:J_quad is displayed
    in Section 2), is not in it. The errata cross-check (``errata_cross_check``) and the book's
    index of the walk place an erratum by it.

    >>> from .spec import find
    >>> points_into("proof of Thm 3.4, after eq:Sig_opt", find("Thm 3.4"))
    True
    >>> points_into("proof of Thm 3.4, after eq:Sig_opt", find("Thm 3.2"))
    False
    >>> points_into("proof of Lemma 9 (our Lemma 5.1)", find("Lemma 5.1"))
    True
    >>> points_into("proof of Lemma 5.10", find("Lemma 5.1")), points_into("eq:R", find("Thm 3.2"))
    (False, False)
    >>> points_into("eq:sto_err (Lemma E.9), proof", find("Lemma E.9"), ())
    True
    >>> points_into("eq:alpha_err (Lemma E.4)", find("Lemma E.4"), ())
    False
    >>> points_into("eq:J_quad (proof of Thm 3.1, first display)", find("Thm 3.1"), ())
    False
    >>> points_into("eq:Sig_opt → eq:Sig_opt_1", find("Thm 3.4"), ("eq:Sig_opt",))
    True
    """
    names = (proof.name, proof.printed, proof.label)
    if label.startswith("proof of") and any(_named(label, name) for name in names):
        return True
    for clause in label.split(";"):
        for name in names:
            for at in _named(clause, name):
                rest = clause[at + len(name) :]
                if re.search(r"\bproof\b|\bstep\b", rest):
                    return True
    return any(_named(label, eq) for eq in inside)


def _named(text: str, name: str) -> list[int]:
    """Where ``text`` names ``name`` whole: not followed by a digit, a point, a letter or "_"
    ("Lemma 5.1" is not in "Lemma 5.10", eq:Sig_opt not in eq:Sig_opt_1)."""
    found = []
    at = text.find(name)
    while at >= 0:
        after = text[at + len(name) : at + len(name) + 1]
        if not after or not (after.isalnum() or after in "._"):
            found.append(at)
        at = text.find(name, at + 1)
    return found
