"""The published walk: every walked proof's steps with their statuses, as data
(``walked.json`` beside this module), so that the README's table, the book's proof pages and
``walk --list`` read the walk without running a checker, and ``make figures`` rewrites it only
when a status changed.

``walked.json`` holds ``{"proofs": {name: [StepResult.to_json(), …]}, "coverage": {appendix:
{"relations": n, "walked": n, status: n, …}}, "labels": {name: [eq label, …]}}``; the coverage
(it counts the relations of every displayed environment of Appendices C–F) and the labels (the
equations displayed inside each walked proof, ``labels_of``) need the paper's .tex, so they are
computed where the .tex is (``$MINES_THEORY_PAPER``) and published with the steps.
``tests/test_proof_walk.py`` walks every proof again and fails where a step's status is not the
published one.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from mines_theory.files import write_text

from ..framework import ledger
from ..framework.spec import Erratum
from . import spec

__all__ = [
    "reconciliation",
    "PUBLISHED",
    "WalkError",
    "coverage_of",
    "cross_check",
    "errata_labels",
    "failing_steps",
    "fresh",
    "labels_of",
    "proof_labels",
    "load",
    "summary_table",
    "write",
]

PUBLISHED = Path(__file__).resolve().parent / "walked.json"


class WalkError(RuntimeError):
    """The published walk cannot be read (missing, not JSON, or not of its form): named."""


def coverage_of(proofs: Mapping[str, Sequence[Mapping[str, Any]]], tex: str) -> dict[str, Any]:
    """The coverage of the walked ``proofs`` (our name → its steps, as ``walked.json`` holds
    them) in the paper's ``tex`` (``coverage.coverage``): per appendix, its relations, those
    walked and each status."""
    from .coverage import coverage, statuses

    where = {p.name: p.spans(tex) for p in spec.proofs() if p.name in proofs}
    walked = statuses(
        (s["latex"], s["status"], (where[name][0][0], int(s["index"])))
        for name, steps in proofs.items()
        for s in steps
    )
    spans = [span for ss in where.values() for span in ss]
    return coverage(tex, walked, spans)


def labels_of(tex: str) -> dict[str, list[str]]:
    """The equations (``\\label{eq:…}``) the paper's ``tex`` displays inside each walked
    proof's environment (``spec.Proof.span``), by our name: where an erratum about an equation
    points into a proof (``walk.points_into``)."""
    import re

    found = {}
    for proof in spec.proofs():
        start, end = proof.span(tex)
        found[proof.name] = re.findall(r"\\label\{(eq:[^}]*)\}", tex[start:end])
    return found


def proof_labels(data: Mapping[str, Any] | None = None) -> dict[str, list[str]]:
    """The equations displayed inside each walked proof (``labels_of``), as the published walk
    (``data``, else ``walked.json``) holds them: {} where it holds none."""
    data = _published() if data is None else data
    return dict(data.get("labels", {}))


@functools.cache
def _published() -> dict[str, Any]:
    return load()


def fresh(tex: str | None, draws: int = 1000) -> dict[str, Any]:
    """Walk every proof (``walk.walk``) and, with the paper's ``tex``, count the coverage
    (``coverage_of``): the data of ``walked.json``."""
    from .walk import walk

    proofs = {p.name: walk(p, draws=draws) for p in spec.proofs()}
    data: dict[str, Any] = {
        "proofs": {name: [r.to_json() for r in rs] for name, rs in proofs.items()}
    }
    if tex is not None:
        data["coverage"] = coverage_of(data["proofs"], tex)
        data["labels"] = labels_of(tex)
    return data


def write(data: Mapping[str, Any], path: Path | None = None) -> None:
    """Write the published walk, atomically (``files.write_text``)."""
    text = json.dumps(data, indent=1, ensure_ascii=False)
    write_text(PUBLISHED if path is None else path, text + "\n")


def load(path: Path | None = None) -> dict[str, Any]:
    """The published walk (``PUBLISHED`` unless ``path``); ``WalkError`` naming the file where it
    is missing, not JSON, or has no ``proofs`` table."""
    path = PUBLISHED if path is None else Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise WalkError(f"the published walk {path} is missing (make figures writes it)") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise WalkError(f"the published walk {path} is not valid JSON: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("proofs"), dict):
        raise WalkError(f"the published walk {path} must be an object with a 'proofs' table")
    return data


def summary_table(data: Mapping[str, Any] | None = None) -> str:
    """The walk per appendix as a Markdown table: relations (the .tex's relation lines,
    ``coverage.relations``), walked, and each status; then the total, and the share of the
    walked decided (identity, holds or fails), the rest named by status; a walk with no
    ``follows`` step says so in words."""
    data = load() if data is None else data
    table = data.get("coverage")
    if not table:
        return "(the coverage is computed where the paper's .tex is: `make figures`)"
    # a status no step has ("follows", where every later step was checked on its own) gets no
    # column of zeros: the words below say so
    every = spec.STATUSES
    columns = tuple(c for c in every if c != "follows" or any(r.get(c, 0) for r in table.values()))
    # nor a column "walked" that repeats "relations" in every row: the words below say so
    partial = any(r["walked"] != r["relations"] for r in table.values())
    first = ("relations", "walked") if partial else ("relations",)
    head = "| appendix | " + " | ".join([*first, *columns]) + " |"
    lines = [head, "|" + "---|" * (1 + len(first) + len(columns))]
    for letter, row in table.items():
        counts = " | ".join(str(row.get(s, 0)) for s in (*first, *columns))
        lines.append(f"| {letter} | {counts} |")
    total = {k: sum(r.get(k, 0) for r in table.values()) for k in ("relations", "walked")}
    statuses = {s: sum(r.get(s, 0) for r in table.values()) for s in every}
    counts = " | ".join(f"**{({**total, **statuses})[s]}**" for s in (*first, *columns))
    lines.append(f"| all | {counts} |")
    decided = statuses["identity"] + statuses["holds"] + statuses["fails"]
    share = decided / total["walked"] if total["walked"] else 0.0
    lines.append("")
    n_unchecked = statuses["not checked"]
    if total["walked"] == total["relations"]:
        said = (
            f"Every displayed relation of the walked proofs is a step: {total['relations']} "
            "relations (a share of the proofs walked, not of the paper). "
        )
    else:
        said = (
            f"{total['walked']} of the {total['relations']} displayed relations of the walked "
            f"proofs are steps ({total['walked'] / total['relations']:.0%}). "
        )
    said += f"Of the steps, {share:.0%} are decided (identity, holds or fails); "
    if statuses["follows"]:
        said += (
            f"{statuses['follows']} `follows` (the line's own check holds only given an earlier "
            "line that fails)"
            + (
                f" and {n_unchecked} are `not checked`, each with its reason."
                if n_unchecked
                else "."
            )
        )
    else:  # the column is all zeros: say so in words rather than define the status
        said += (
            f"the other {n_unchecked} are `not checked`, each with its reason. No step has the "
            "status `follows`: every step after a false one was checked on its own."
        )
    lines.append(said)
    return "\n".join(lines)


def errata_labels() -> list[str]:
    """The labels of the errata, read from their spec files (``errata/*.toml``) as data."""
    import tomllib

    labels: list[str] = []
    for path in sorted((Path(__file__).resolve().parents[1] / "errata").glob("*.toml")):
        labels += list(tomllib.loads(path.read_text(encoding="utf-8")))
    return labels


def cross_check(data: Mapping[str, Any] | None = None, labels: Sequence[str] | None = None):
    """The errata cross-check (``walk.errata_cross_check``) of the published walk: which
    erratum each failing step answers to, the errata of walked proofs that no failing step
    names, the steps that name an erratum wrongly, and the failing steps no erratum names (new
    findings). It reads a step's ``index``, ``status`` and ``erratum`` alone (a step of the
    views' data, ``pages.with_slips``, carries more; a test's, less)."""
    from dataclasses import fields

    from .check import StepResult
    from .walk import errata_cross_check

    data = load() if data is None else data
    proofs = {p.name: p for p in spec.proofs()}
    names = [f.name for f in fields(StepResult)]
    walked = {
        proofs[name]: [StepResult(**{k: step.get(k) for k in names}) for step in steps]
        for name, steps in data["proofs"].items()
    }
    return errata_cross_check(
        walked, errata_labels() if labels is None else labels, proof_labels(data)
    )


def failing_steps(data: Mapping[str, Any] | None = None) -> int:
    """The walk's failing steps (``data``, the published walk unless given): the table's
    "fails" (``summary_table``), the one count every page and notebook says them by."""
    data = load() if data is None else data
    return sum(s["status"] == "fails" for steps in data["proofs"].values() for s in steps)


def reconciliation(
    data: Mapping[str, Any] | None = None, errata: tuple[Erratum, ...] | None = None
) -> str:
    """One sentence reconciling the proof walk's failing steps with the errata (every one
    unless ``errata``): of the walk's failing steps (``data``, the published walk unless
    given), how many name an erratum (the steps' ``erratum`` field, by how many errata), how
    many are new findings (no erratum named) and how many neither (a step naming no erratum of
    the table); then how many errata no failing step names."""
    data = load() if data is None else data
    errata = ledger.errata() if errata is None else errata
    result = cross_check(data, [e.label for e in errata])
    failing = failing_steps(data)
    named = sum(len(steps) for steps in result.matched.values())
    new = len(result.new_findings)
    others = failing - named - new
    rest = len(errata) - len(result.matched)
    return (
        f"Of the walk's {failing} failing steps (the table's “fails”), {named} are named by an "
        f"erratum (by {len(result.matched)} of the {len(errata)} errata: an erratum can answer "
        f"for several steps), {new} are the new findings listed below, and "
        + (f"{others} name no erratum of the table" if others else "none is anything else")
        + f"; the other {rest} errata are named by no failing step{_unnamed(result, rest)}."
    )


def _unnamed(result: Any, rest: int) -> str:
    """Where the errata that no failing step names sit, from the cross-check ``result``: named
    by a step that does not fail, pointing into a walked proof where no failing relation
    answers to them, or pointing into no walked proof (``walk.points_into``; "" where ``rest``
    is 0)."""
    if not rest:
        return ""
    held = len({label for _, _, label, _ in result.dangling})
    inside = len(result.unmatched)
    outside = rest - held - inside
    parts = []
    if held:
        parts.append(f"{held} is named by a step that does not fail (listed below)")
    if inside:
        parts.append(
            f"{inside} point into a walked proof, but no failing relation of it answers to them "
            "(listed below, each with why: the flaw is in the prose, or one the walk's checks "
            "cannot see)"
        )
    if outside:
        parts.append(
            f"{outside} point into no walked proof: they are about a statement, its "
            "hypotheses or constants, or a line of Section 2 or Appendices A–B (each erratum's "
            "entry in the errata notebook says where)"
        )
    return ": " + "; ".join(parts)
