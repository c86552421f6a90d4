"""Publish the claims ledger and rewrite the generated parts of README.md (``make figures``).

1. Every check is run (every ledger row's and every erratum's); a published verdict
   (``mines_theory/verification/published.json``) is replaced only where the fresh one does not
   agree with it (a status, a qualifier or a number beyond its uncertainty changed:
   ``ledger.reconcile``); what changed is printed.
2. The README's ledger, repaired results and findings are rendered from the published
   verdicts, and its comparison table is copied from figures/07-comparison.md (written by
   notebook 07).

``--readme-only`` skips step 1. A missing or unreadable ``published.json`` is an error naming
the file (``ledger.PublishedVerdictsError``); ``--init`` publishes every verdict afresh where the
file is missing. ``tests/test_ledger.py`` fails when either part is stale.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mines_theory.files import write_text
from mines_theory.verification.framework import ledger
from mines_theory.verification.views import report

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
COMPARISON = ROOT / "figures" / "07-comparison.md"


def publish(init: bool = False) -> None:
    old = ledger.published(missing_ok=init)
    merged, changed = ledger.reconcile(ledger.verdicts(), old)
    for number, reasons in changed.items():
        print(f"{number}: " + "; ".join(reasons))
    if changed or set(old) != set(merged):
        ledger.write_published(merged)
        print(f"updated {ledger.PUBLISHED.name} ({len(changed)} verdicts changed)")
    else:
        print(f"{ledger.PUBLISHED.name} is current: every verdict agrees with the published one")


def render_readme() -> None:
    text = README.read_text(encoding="utf-8")
    new = text
    for rows, start, end in (
        (ledger.claims(), ledger.README_START, ledger.README_END),
        (ledger.repaired(), ledger.REPAIRED_START, ledger.REPAIRED_END),
        (ledger.findings(), ledger.FINDINGS_START, ledger.FINDINGS_END),
    ):
        new = ledger.render_into(
            new, report.summary_table(claims=rows, link=report.readme_link), start, end
        )
    if COMPARISON.is_file():
        new = ledger.render_into(
            new,
            COMPARISON.read_text(encoding="utf-8").strip(),
            ledger.COMPARISON_START,
            ledger.COMPARISON_END,
        )
    if new != text:
        write_text(README, new)
        print(f"updated the generated tables in {README.name}")
    else:
        print(f"the generated tables in {README.name} are current")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--readme-only",
        action="store_true",
        help="render the README from the published verdicts without rerunning",
    )
    parser.add_argument(
        "--init",
        action="store_true",
        help="publish every verdict afresh when published.json is missing",
    )
    args = parser.parse_args(argv)
    if not args.readme_only:
        publish(args.init)
    render_readme()
    return 0


if __name__ == "__main__":
    sys.exit(main())
