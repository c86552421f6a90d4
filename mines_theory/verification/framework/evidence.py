"""The errata's checks, published: what each ``erratum_*`` check found, kept as data beside the
claims' verdicts, so that notebook 08 and the book show the published evidence and a re-run on
another CPU changes no output.

An erratum's check returns a ``verdict.Evidence`` (the flag, the sentence that argues it and its
measurements, each with its uncertainty). ``verification/published.json`` holds them under the
key ``ERRATA_KEY`` ("errata"), an object mapping each erratum's label to ``Evidence.to_json()``.
``tools/render_ledger.py`` recomputes every check and replaces a published entry only where the
fresh result does not ``agree`` with it (``reconcile_evidence``: the same flag and sentence, its
numbers within their uncertainties); ``tests/test_published_errata.py`` fails when a fresh
result disagrees.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any


from . import ledger
from .ledger import ERRATA, ERRATA_KEY
from .paper import with_number
from .verdict import Evidence

__all__ = [
    "ErratumResult",
    "as_result",
    "check_text",
    "errata_verdict_cell",
    "erratum_evidence",
    "evidence_differences",
    "fresh_evidence",
    "published_evidence",
    "reconcile_evidence",
    "reconciled_evidence",
    "result_from_json",
    "result_to_json",
    "write_published_evidence",
]

#: What an erratum's check returns: its evidence, the flag with the numbers that argue it.
ErratumResult = Evidence


def as_result(label: str, result: Any) -> Evidence:
    """``result`` of the check of erratum ``label``, which must be an ``Evidence``; anything else
    (a bool without its numbers, a ``Verdict``, None, an array) is a TypeError naming the
    erratum."""
    if isinstance(result, Evidence):
        return result
    raise TypeError(
        f"the check of erratum {label!r} must return an Evidence, "
        f"got {type(result).__name__} {result!r:.60}"
    )


def check_text(result: Evidence) -> str:
    """How an erratum's check reads in the corrigendum: "flagged: " or "NOT flagged: " and its
    sentence, its numbers rendered with their uncertainties.

    >>> from mines_theory.verification.framework.verdict import Measurement
    >>> check_text(Evidence(True, "largest z = {z} (criterion: z > 4)",
    ...                     (Measurement("z", 48.31, 1.0, "z"),)))
    'flagged: largest z = 48.3 (criterion: z > 4)'
    """
    return ("flagged: " if result.flagged else "NOT flagged: ") + result.text()


def result_to_json(result: Evidence) -> dict:
    return result.to_json()


def result_from_json(entry: Any) -> Evidence:
    """A published entry: an Evidence's JSON (ValueError otherwise)."""
    if isinstance(entry, dict):
        return Evidence.from_json(entry)
    raise ValueError(
        f"an erratum's published result must be an Evidence object, "
        f"got {type(entry).__name__} {entry!r:.60}"
    )


def evidence_differences(old: Evidence, new: Evidence) -> list[str]:
    """What keeps ``new`` from agreeing with ``old`` (empty when they agree):
    ``Evidence.differences``."""
    return old.differences(new)


def fresh_evidence(errata: tuple | None = None) -> dict[str, ErratumResult]:
    """Run every erratum's check (``errata.ERRATA`` unless ``errata`` is given): label → result
    (``as_result``)."""
    if errata is None:
        errata = ERRATA
    return {e.label: as_result(e.label, e.check()) for e in errata}


def _read(path: Path | None) -> tuple[Path, dict]:
    path = Path(ledger.PUBLISHED if path is None else path)
    if not path.is_file():
        raise ledger.PublishedVerdictsError(
            f"the published verdicts {path} are missing (restore "
            "the file from git, or run tools/render_ledger.py "
            "--init)"
        )
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ledger.PublishedVerdictsError(
            f"the published verdicts {path} are not valid JSON: {error}"
        ) from error
    return path, raw


def published_evidence(
    path: Path | None = None, *, missing_ok: bool = False
) -> dict[str, ErratumResult]:
    """The published results of the errata's checks (``ledger.PUBLISHED`` unless ``path``):
    label → Evidence. ``ledger.PublishedVerdictsError`` naming the file when it is
    missing, is not JSON, has no ``ERRATA_KEY`` (unless ``missing_ok``: then ``{}``, for
    ``tools/render_ledger.py --init``) or holds an entry that is no result."""
    try:
        path, raw = _read(path)
    except ledger.PublishedVerdictsError:
        if missing_ok:
            return {}
        raise
    if ERRATA_KEY not in raw:
        if missing_ok:
            return {}
        raise ledger.PublishedVerdictsError(
            f"the published verdicts {path} hold no errata "
            f"({ERRATA_KEY!r}): run tools/render_ledger.py"
        )
    results = {}
    for label, entry in raw[ERRATA_KEY].items():
        try:
            results[label] = result_from_json(entry)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ledger.PublishedVerdictsError(
                f"the published verdicts {path}: the erratum {label!r} is no result "
                f"({type(error).__name__}: {error})"
            ) from error
    return results


def reconcile_evidence(
    fresh: Mapping[str, ErratumResult], old: Mapping[str, ErratumResult]
) -> tuple[dict[str, ErratumResult], dict[str, list[str]]]:
    """(what to publish, what changed): a published result stays where the fresh one agrees
    with it (``evidence_differences``); otherwise the fresh one replaces it, and ``changed``
    says why. Labels no longer in ``fresh`` are dropped."""
    merged: dict[str, ErratumResult] = {}
    changed: dict[str, list[str]] = {}
    for label, result in fresh.items():
        why = evidence_differences(old[label], result) if label in old else ["new"]
        merged[label] = result if why else old[label]
        if why:
            changed[label] = why
    return merged, changed


def reconciled_evidence(
    fresh: Mapping[str, ErratumResult], path: Path | None = None
) -> dict[str, ErratumResult]:
    """Each erratum's published result where ``fresh`` agrees with it, else the fresh one (what
    notebook 08 shows: the same text on every machine unless a result really changed)."""
    merged, _ = reconcile_evidence(fresh, published_evidence(path, missing_ok=True))
    return merged


def write_published_evidence(
    results: Mapping[str, ErratumResult], path: Path | None = None
) -> bool:
    """Put ``results`` under ``ERRATA_KEY`` in the published file (the claims' verdicts, which
    ``ledger.write_published`` writes, are kept as they are); the file is rewritten only if its
    text changes. Returns whether it was."""
    path, raw = _read(path)
    raw[ERRATA_KEY] = {label: result_to_json(r) for label, r in results.items()}
    text = json.dumps(raw, indent=1, ensure_ascii=False) + "\n"
    if text == path.read_text(encoding="utf-8"):
        return False
    path.write_text(text, encoding="utf-8")
    return True


def erratum_evidence(label: str, results: Mapping[str, ErratumResult]) -> str:
    """The sentence that shows erratum ``label``'s check (``check_text`` of its published result
    in ``results``, e.g. ``reconciled_evidence(fresh_evidence())``), eq: labels with their PDF
    numbers; ValueError naming the label when ``results`` has none for it."""
    if label not in results:
        raise ValueError(f"label must name an erratum with a published result, got {label!r}")
    return with_number(check_text(results[label]))


def errata_verdict_cell(fresh: Mapping[str, ErratumResult], path: Path | None = None) -> str:
    """What notebook 08's verdict cell prints for the errata: each label with its published
    result's text where the fresh one agrees, and otherwise the fresh one under a line saying
    that it differs (so the notebook's stored output, compared by nbval, changes)."""
    old = published_evidence(path, missing_ok=True)
    lines = []
    for label, result in fresh.items():
        why = evidence_differences(old[label], result) if label in old else ["not published"]
        if why:
            lines.append(
                f"{label}: DIFFERS FROM THE PUBLISHED RESULT ({'; '.join(why)}): "
                f"{check_text(result)}"
            )
        else:
            lines.append(f"{label}: {check_text(old[label])}")
    return with_number("\n".join(lines))
