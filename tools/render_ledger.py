"""Rewrite the generated parts of README.md: the claims ledger from ``mines_theory.ledger`` (every
verdict recomputed by its check function) and the comparison table that notebook 07 writes to
figures/07-comparison.md. Run by ``make figures`` (after the notebooks); ``tests/test_ledger.py``
fails when the README is stale."""

from __future__ import annotations

import sys
from pathlib import Path

from mines_theory.ledger import COMPARISON_END, COMPARISON_START, claims_table, render_into

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
COMPARISON = ROOT / "figures" / "07-comparison.md"


def main() -> int:
    text = README.read_text(encoding="utf-8")
    new = render_into(text, claims_table())
    if COMPARISON.is_file():
        new = render_into(new, COMPARISON.read_text(encoding="utf-8").strip(), COMPARISON_START,
                          COMPARISON_END)
    if new != text:
        README.write_text(new, encoding="utf-8")
        print(f"updated the ledger in {README.name}")
    else:
        print(f"the ledger in {README.name} is current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
