"""``python -m mines_theory.verification.proofs walk NAME… [--json]``, ``walk --all``,
``walk --list``, ``walk --errata``, ``walk --coverage``.

NAME is our name ("Lemma 5.1"), the PDF's ("Lemma 9") or the statement's label
("lem:gd_dec_1"). Each step prints as one line: index, the relation (its LaTeX, on one line,
shortened), status, the worst margin or the counterexample, and the reason. ``--json`` prints a
list of objects (``StepResult.to_json``: ``proof``, ``printed``, ``index``, ``latex``,
``relation``, ``status``, ``reason``, ``evidence``, …). ``--list`` reads the specs only (no
checker is imported). ``--errata`` runs every walked proof and cross-checks it with the errata
(``walk.errata_cross_check``); ``--coverage`` runs them and counts the .tex's relations per
appendix (``coverage.coverage``; the .tex is ``$MINES_THEORY_PAPER``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import spec

if TYPE_CHECKING:
    from .walk import CrossCheck

__all__ = ["errata_report", "main", "walk"]


def _line(r) -> str:
    from .coverage import normalized

    latex = normalized(r.latex)
    latex = latex if len(latex) <= 70 else latex[:67] + "..."
    if r.counterexample:
        detail = "counterexample: " + ", ".join(
            f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}"
            for k, v in r.counterexample.items()
        )
    else:
        detail = r.evidence
    out = f"  {r.index:>3}  {r.relation:<7} {r.status:<12} {latex}\n         {detail}"
    if r.reason:
        out += f"\n         reason: {r.reason}"
    return out


def walk(names: Sequence[str], as_json: bool = False, *, draws: int = 1000) -> str:
    """The walk of the proofs ``names`` as text (or JSON with ``as_json``)."""
    from .walk import walk as walk_proof

    proofs = [spec.find(n) for n in names]
    results = {p: walk_proof(p, draws=draws) for p in proofs}
    if as_json:
        return json.dumps([r.to_json() for rs in results.values() for r in rs], indent=1)
    blocks = []
    for proof, rs in results.items():
        counts = {s: sum(r.status == s for r in rs) for s in spec.STATUSES}
        first = next((r.index for r in rs if r.status == "fails"), None)
        head = (
            f"{proof.name} ({proof.printed}, {proof.label}): {len(rs)} steps, "
            + ", ".join(f"{v} {k}" for k, v in counts.items() if v)
            + (f"; first false at step {first}" if first else "")
        )
        blocks.append("\n".join([head] + [_line(r) for r in rs]))
    return "\n\n".join(blocks)


def _listing() -> str:
    rows = []
    for p in spec.proofs():
        hows = {h: sum(s.how == h for s in p.steps) for h in spec.HOWS}
        rows.append(
            f"{p.name:<11} {p.printed:<11} {p.label:<14} {len(p.steps):>3} steps "
            + ("(complete) " if p.complete else "")
            + ", ".join(f"{v} {k}" for k, v in hows.items() if v)
        )
    return "\n".join(rows)


def _errata(draws: int) -> str:
    from .published import errata_labels, proof_labels
    from .walk import errata_cross_check
    from .walk import walk as walk_proof

    walked = {p: walk_proof(p, draws=draws) for p in spec.proofs()}
    return errata_report(errata_cross_check(walked, errata_labels(), proof_labels()))


def errata_report(result: CrossCheck) -> str:
    """The errata cross-check ``result`` as lines of text."""
    lines = [
        f"erratum {label!r}: "
        + ", ".join(f"step {i} of {name}" for name, i in steps)
        + (" fails" if len(steps) == 1 else " fail")
        for label, steps in result.matched.items()
    ]
    lines += [
        f"erratum {label!r}: no failing step of its walked proof names it"
        for label in result.unmatched
    ]
    lines += [
        f"step {i} of {name} names {label!r}: {why}" for name, i, label, why in result.dangling
    ]
    lines += [
        f"step {i} of {name} fails and no erratum names it (a new finding)"
        for name, i in result.new_findings
    ]
    return "\n".join(lines)


def _coverage(draws: int) -> str:
    from .published import fresh

    paper = os.environ.get("MINES_THEORY_PAPER")
    if not paper or not Path(paper).is_file():
        raise SystemExit(f"--coverage needs the .tex in $MINES_THEORY_PAPER, got {paper!r}")
    table = fresh(Path(paper).read_text(), draws)["coverage"]
    lines = [
        f"{'appendix':<9}{'relations':>10}{'walked':>8}"
        + "".join(f"{s:>13}" for s in spec.STATUSES)
    ]
    for letter, row in table.items():
        lines.append(
            f"{letter:<9}{row['relations']:>10}{row['walked']:>8}"
            + "".join(f"{row.get(s, 0):>13}" for s in spec.STATUSES)
        )
    total = sum(r["relations"] for r in table.values())
    done = sum(r["walked"] for r in table.values())
    lines.append(f"walked {done} of {total} relations ({done / total:.1%})")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m mines_theory.verification.proofs")
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("walk", help="walk proofs step by step")
    w.add_argument("names", nargs="*", help="our name, the PDF's, or the label")
    w.add_argument("--all", action="store_true", help="every walked proof")
    w.add_argument("--list", action="store_true", help="list the walked proofs (specs only)")
    w.add_argument("--errata", action="store_true", help="cross-check with the errata")
    w.add_argument("--coverage", action="store_true", help="relations per appendix")
    w.add_argument("--json", action="store_true", help="the steps as JSON")
    w.add_argument("--draws", type=int, default=1000, help="random instances per step")
    args = parser.parse_args(argv)
    if args.list:
        print(_listing())
    elif args.errata:
        print(_errata(args.draws))
    elif args.coverage:
        print(_coverage(args.draws))
    else:
        names = [p.name for p in spec.proofs()] if args.all else args.names
        if not names:
            parser.error("walk needs NAME…, --all, --list, --errata or --coverage")
        try:
            print(walk(names, args.json, draws=args.draws))
        except ValueError as err:
            print(err, file=sys.stderr)
            return 2
    return 0
