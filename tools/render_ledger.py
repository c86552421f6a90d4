"""Rewrite the claims ledger in README.md from ``mines_theory.ledger`` (every verdict recomputed
by its check function). Run by ``make figures``; ``tests/test_ledger.py`` fails when the README
is stale."""

from __future__ import annotations

import sys
from pathlib import Path

from mines_theory.ledger import claims_table, render_into

README = Path(__file__).resolve().parent.parent / "README.md"


def main() -> int:
    text = README.read_text(encoding="utf-8")
    new = render_into(text, claims_table())
    if new != text:
        README.write_text(new, encoding="utf-8")
        print(f"updated the ledger in {README.name}")
    else:
        print(f"the ledger in {README.name} is current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
