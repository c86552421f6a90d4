"""Where a claim, a finding, a repaired result or an erratum is declared: one decorator above its
check, holding every fact about it (the words of ``spec``), recorded in ``registry.REGISTRY``.
No other table in the project is keyed by a claim's name: the ledger, the README's tables, the
book's pages, the looseness atlas, the proof map, the corrigendum and the tests all read these
declarations.

A claim of the paper::

    @claim("Lemma 5.3", printed="Lemma 11", label="lem:Sig_dec",
           statement="with η₂,k = 1/k: ‖Σ_k⁻¹ − Π_S'(∇²f(μ*))‖² ≤ C/k",
           notebook="06-convergence-covariance",
           key=Key("final", "k·E‖Σ_k⁻¹ − H‖² at the last k"),
           atlas=(Bar("k‖Σ_k⁻¹ − H‖² ≤ C of eq:C, quadratic", bound="C", measured="largest"),
                  NoBar("the rate (a slope) and its constant Var G̃ are not bounds")),
           rests_on=("Lemma B.6", "Lemma D.7", "Lemma E.2", …),
           minimum=Data(seeds=8, steps=1000))
    def check_lemma53(config: CovarianceRun = LEMMA53) -> Verdict:
        ...

our number and the PDF's (``printed``), the .tex label, the one-line statement, the notebook whose
verdict cell shows it, the one number the README shows (``key``), its bars in the looseness atlas
or why it has none (``atlas``, required: a new row decides), the results its proof rests on
(``rests_on``, the proof map's edges; ``not_rests_on`` for citations that are no dependency),
``quote`` (a phrase of its statement in the .tex, where its labels do not single it out) and the
least data to decide from and which parameters hold it (``minimum``, a ``sizes.Data``). A
finding beyond the paper's claims is declared with ``finding`` (no PDF number needed). A claim
whose check is not written yet is declared with ``claim_without_check`` where the check will
go; its verdict is "not checked".

A repaired result of the corrigendum names the claim it repairs::

    @repaired("Lemma 5.1", statement="the rate of Lemma 5.1 up to …", key=…, atlas=…,
              corrigendum=Repair(printed=r"…", repaired=r"…", hypotheses=r"…",
                                 survives="false as printed", errata=(…,)))
    def check_lemma51_repaired(...) -> Verdict: ...

Its ledger row is "Lemma 5.1, repaired" with the label and PDF number of Lemma 5.1. A repaired
check without ``corrigendum`` is a further check of the section of the statement it repairs
("Lemma 5.2, γ > 0" joins "Lemma 5.2"); a section argued by its errata's checks alone is declared
with ``repaired_by_errata``.

An erratum (``row`` is its place in the errata table; a new one takes the next)::

    @erratum("eq:bG", row=4, kind="typo", printed="Σ^{-1/2}uuᵀΣ^{-1/2}Σ^{-1/2} − Σ⁻¹",
             correct="Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹", consequence="Lemma 4.3 survives")
    def erratum_bG_factor(printed: bool = True) -> Verdict:
        return flagged(<the form tested is shown wrong>, "sentence {z}", (Measurement(…),))

Every check returns a ``Verdict`` (an erratum's: ``verdict.flagged``). The decorators record the
check as the framework runs it, guarded by its declared ``minimum`` (``sizes.guard``: "not
checked" from less data than declared, or from an ``Undecidable`` raised inside), and return
that; they must be the outermost, so that what they record is what the module exports under the
check's name, and a direct call of the check is guarded too.

Each decorator records its row in ``registry.REGISTRY`` as it is at the time of the
declaration (a test declares into a copy put in its place).
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

from . import registry
from .registry import corrigendum_page, repaired_number
from .sizes import Data, guard
from .spec import Bar, Cites, Claim, Erratum, Key, NoBar, Repair, as_cites

__all__ = [
    "claim",
    "claim_without_check",
    "erratum",
    "finding",
    "repaired",
    "repaired_by_errata",
]

F = TypeVar("F", bound=Callable[..., Any])


def _caller_module(depth: int) -> str:
    frame = inspect.currentframe()
    for _ in range(depth + 1):
        frame = frame.f_back if frame is not None else None
    return "__main__" if frame is None else str(frame.f_globals.get("__name__", "__main__"))


def _declarer(row: Claim, after: str | None = None) -> Callable[[F], F]:
    """The decorator that records ``row`` with the decorated function, guarded by its declared
    minimum (``sizes.guard``), as its check, and returns the guarded check."""

    def declare(check: F) -> F:
        origin = f"{check.__module__}.{check.__qualname__}"
        guarded = guard(check, row.minimum)
        registry.REGISTRY.add_claim(
            dataclasses.replace(row, check=guarded), check.__module__, origin, after
        )
        return guarded  # type: ignore[return-value]

    return declare


def _declare_without_check(row: Claim, after: str | None = None) -> None:
    """Record ``row``, whose check is not written, as declared by the caller's caller."""
    module = _caller_module(2)
    registry.REGISTRY.add_claim(row, module, f"{module}:{row.number}", after)


def claim(
    number: str,
    *,
    printed: str,
    label: str,
    statement: str,
    notebook: str,
    atlas: Bar | NoBar | tuple[Bar | NoBar, ...],
    key: Key | None = None,
    rests_on: tuple[Cites | str, ...] = (),
    not_rests_on: tuple[Cites, ...] = (),
    quote: str | None = None,
    minimum: Data | None = None,
    after: str | None = None,
) -> Callable[[F], F]:
    """Declare the decorated function as the check of the paper's claim ``number`` (ours,
    "Lemma 5.3"), printed in the PDF as ``printed`` ("Lemma 11"), stated at ``label`` (the
    .tex labels, "lem:Sig_dec"), shown in ``notebook``, with every other fact about it (see the
    module docstring); ``after``: the row it follows in the ledger where its number does not
    place it. The guarded check is returned (``sizes.guard``)."""
    row = Claim(
        number,
        label,
        statement,
        notebook,
        printed=printed,
        key=key,
        atlas=atlas,
        rests_on=as_cites(rests_on),
        not_rests_on=not_rests_on,
        quote=quote,
        minimum=minimum,
    )
    return _declarer(row, after)


def claim_without_check(
    number: str,
    *,
    printed: str,
    label: str,
    statement: str,
    notebook: str,
    rests_on: tuple[Cites | str, ...] = (),
    quote: str | None = None,
    after: str | None = None,
) -> None:
    """Declare a claim whose check is not written yet (in the module where it will go): the
    ledger lists it as "not checked: no check yet"."""
    row = Claim(
        number, label, statement, notebook, None, printed, rests_on=as_cites(rests_on), quote=quote
    )
    _declare_without_check(row, after)


def finding(
    number: str,
    *,
    label: str,
    statement: str,
    notebook: str,
    atlas: Bar | NoBar | tuple[Bar | NoBar, ...],
    key: Key | None = None,
    printed: str = "—",
    minimum: Data | None = None,
    after: str | None = None,
) -> Callable[[F], F]:
    """Declare the decorated function as the check of a finding beyond the paper's claims
    (``number`` is its name, "The start"); ``printed``: the place in the PDF, if any. The
    guarded check is returned (``sizes.guard``)."""
    row = Claim(
        number,
        label,
        statement,
        notebook,
        printed=printed,
        kind="finding",
        key=key,
        atlas=atlas,
        minimum=minimum,
    )
    return _declarer(row, after)


def repaired(
    repairs: str,
    *,
    statement: str,
    atlas: Bar | NoBar | tuple[Bar | NoBar, ...],
    key: Key | None = None,
    corrigendum: Repair | None = None,
    minimum: Data | None = None,
) -> Callable[[F], F]:
    """Declare the decorated function as the check of the repaired form of the claim
    ``repairs`` ("Lemma 5.1"): its ledger row "Lemma 5.1, repaired" (shown on the corrigendum's
    page of its part of the paper, ``corrigendum_page``) states
    the repaired result in one line (``statement``); ``corrigendum``: its section of the
    corrigendum (without it, the check joins the section of the statement it repairs). The
    guarded check is returned (``sizes.guard``)."""
    row = Claim(
        repaired_number(repairs),
        "—",
        statement,
        corrigendum_page(repairs),
        kind="repaired",
        key=key,
        atlas=atlas,
        minimum=minimum,
        repairs=repairs,
        repair=corrigendum,
    )
    return _declarer(row)


def repaired_by_errata(repairs: str, *, corrigendum: Repair) -> None:
    """Declare the repaired form of the claim ``repairs`` whose repair is argued by the checks of
    its errata alone: a section of the corrigendum, no ledger row."""
    row = Claim(
        repaired_number(repairs),
        "—",
        "argued by the checks of its errata",
        corrigendum_page(repairs),
        kind="repaired",
        repairs=repairs,
        repair=corrigendum,
    )
    _declare_without_check(row)


def erratum(
    label: str,
    *,
    row: int,
    kind: str,
    printed: str,
    correct: str,
    consequence: str,
    same_flaw_as: str | None = None,
    minimum: Data | None = None,
) -> Callable[[F], F]:
    """Declare the decorated function as the check of an erratum at ``label`` (the place in
    the paper), in place ``row`` of the errata table; ``kind`` one of ``KINDS``; what is
    ``printed``, what is ``correct``, the ``consequence`` for the statements; ``same_flaw_as``
    the label of an erratum that states the same flaw. The check returns a ``Verdict``
    (``verdict.flagged``: "erratum" where the form it tests is shown wrong as described). The
    guarded check is returned (``sizes.guard``)."""

    def declare(check: F) -> F:
        guarded = guard(check, minimum)
        registry.REGISTRY.add_erratum(
            Erratum(
                label, kind, printed, correct, consequence, guarded, same_flaw_as, minimum=minimum
            ),
            row,
            check.__module__,
            f"{check.__module__}.{check.__qualname__}",
        )
        return guarded  # type: ignore[return-value]

    return declare
