"""Where a claim, a finding, a repaired result or an erratum is declared: its spec, every fact
about it, stands in the ``.toml`` file beside the module of its check (``moments.py`` →
``moments.toml``), a table under the name the decorator above its check gives; the decorator
records the spec with the check in ``registry.REGISTRY``. No other table in the project is
keyed by a claim's name: the ledger, the README's tables, the book's pages, the looseness atlas,
the proof map, the corrigendum and the tests all read these declarations.

A claim of the paper, in ``claims/section5/covariance.py``::

    @claim(
        "Lemma 5.3",
        minimum=Data(seeds=trials_needed(0.05), steps=100, at={"steps": "config.iterations"}),
    )
    @decides
    def check_lemma53(config: CovarianceRun = LEMMA53) -> Verdict:
        ...

and in ``claims/section5/covariance.toml`` (one of its two bars left out)::

    ["Lemma 5.3"]
    printed = "Lemma 11"
    label = "lem:Sig_dec"
    statement = "with η₂,k = 1/k: ‖Σ_k⁻¹ − Π_S'(∇²f(μ*))‖² ≤ C/k"
    notebook = "06-convergence-covariance"
    key = { name = "final", words = "k·E‖Σ_k⁻¹ − H‖² over the second half" }
    rests_on = ["Lemma B.6", "Lemma D.7", "Lemma E.2", "Lemma E.3", "Lemma E.4", "Lemma E.9",
                "Lemma E.10"]

    [["Lemma 5.3".atlas]]
    label = "k‖Σ_k⁻¹ − H‖² ≤ C of eq:C, quadratic"
    bound = "C"
    measured = "largest"

    [["Lemma 5.3".atlas]]
    reason = "the rate (a slope) and its constant Var G̃ are not bounds"

The fields of a claim (``claim``): ``printed``, its number in the PDF ("Lemma 11"); ``label``,
the .tex labels; ``statement``, one line in the paper's symbols; ``notebook``, whose verdict
cell shows it; ``key``, the one number the README shows (``spec.Key``: ``name``, ``words``);
``atlas``, required, its bars in the looseness atlas (``spec.Bar``) or why it has none (a table
with ``reason`` alone, ``spec.NoBar``); ``rests_on``, the results its proof rests on (the proof
map's edges: a number, or a ``spec.Cites`` table for an edge curated by hand);
``not_rests_on``, citations that are no dependency; ``quote``, a phrase of its statement in
the .tex, where its labels do not single it out; ``after``, the row it follows in the ledger
where its number does not place it. A finding beyond the paper's claims (``finding``) has no
``printed`` (or names the place in the PDF) and no ``rests_on``. A claim whose check is not
written yet is declared with ``claim_without_check`` where the check will go (its verdict is
"not checked"); its spec has no ``key`` or ``atlas``.

A repaired result of the corrigendum (``repaired("Lemma 5.1")``, in ``claims/repaired/``) names
the claim it repairs; its spec has ``statement``, ``key``, ``atlas`` and ``corrigendum``, its
section of the corrigendum (``spec.Repair``: ``printed``, ``repaired``, ``hypotheses``,
``survives``, ``errata``, ``corrected``, ``derivations``). Its ledger row is "Lemma 5.1,
repaired" with the label and PDF number of Lemma 5.1. A repaired check without
``corrigendum`` is a further check of the section of the statement it repairs ("Lemma 5.2,
γ > 0" joins "Lemma 5.2"); a section argued by its errata's checks alone is declared with
``repaired_by_errata``.

An erratum (``erratum("eq:bG")``, in ``errata/``): ``row``, its place in the errata table (a new
one takes the next); ``kind``, one of ``spec.KINDS``; what is ``printed``, what is ``correct``,
the ``consequence`` for the statements; ``same_flaw_as``, the label of an erratum that states
the same flaw. Its check returns ``flagged(<the form tested is shown wrong>, …)``.

What stays in the decorator is the check's own: ``minimum`` (a ``sizes.Data``), the least data
to decide from and which of the check's parameters hold it, computed from the library's sizes
(``trials_needed``, ``MIN_UNITS``). Every check returns a ``Verdict``. The decorators record the
check as the framework runs it, guarded by its ``minimum`` (``sizes.guard``: "not checked" from
less data than declared, or from an ``Undecidable`` raised inside), and return that; they must
be the outermost, so that what they record is what the module exports under the check's name,
and a direct call of the check is guarded too.

A spec that is missing, or a field that is unknown, missing or of the wrong form, is a
``ValueError`` naming the file, the spec and the field. Each decorator records its row in
``registry.REGISTRY`` as it is at the time of the declaration (a test declares into a copy put
in its place).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import inspect
import sys
import tomllib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
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
    "spec_file",
]

F = TypeVar("F", bound=Callable[..., Any])

#: The fields of a spec, by what declares it: (required, optional).
FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "claim": (
        frozenset({"printed", "label", "statement", "notebook", "atlas"}),
        frozenset({"key", "rests_on", "not_rests_on", "quote", "after"}),
    ),
    "claim_without_check": (
        frozenset({"printed", "label", "statement", "notebook"}),
        frozenset({"rests_on", "quote", "after"}),
    ),
    "finding": (
        frozenset({"label", "statement", "notebook", "atlas"}),
        frozenset({"key", "printed", "after"}),
    ),
    "repaired": (frozenset({"statement", "atlas"}), frozenset({"key", "corrigendum"})),
    "repaired_by_errata": (frozenset({"corrigendum"}), frozenset()),
    "erratum": (
        frozenset({"row", "kind", "printed", "correct", "consequence"}),
        frozenset({"same_flaw_as"}),
    ),
}


def spec_file(module: str) -> Path:
    """The spec file of the module named ``module``: the ``.toml`` beside its source."""
    source = getattr(sys.modules.get(module), "__file__", None)
    if source is None:
        raise ValueError(f"module {module!r} has no source file beside which its specs stand")
    return Path(source).with_suffix(".toml")


def _spec(module: str, name: str, declarer: str) -> tuple[dict[str, Any], str]:
    """The spec ``name`` of ``module`` (its fields checked against ``FIELDS[declarer]``), and
    where it stands, for error messages."""
    path = spec_file(module)
    where = f"spec {name!r} in {path.name}"
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise ValueError(f"{module} declares {name!r}, but {path} does not exist") from None
    specs = _parsed(path, stat.st_mtime_ns, stat.st_size)
    if name not in specs:
        raise ValueError(f"{module} declares {name!r}, but {path.name} has no table [{name!r}]")
    table = specs[name]
    required, optional = FIELDS[declarer]
    _fields(table, required, optional, where)
    _kinds(table, where)
    return table, where


#: The fields that hold one line of text, and those that hold a table or an array of them.
TEXT = frozenset({"printed", "label", "statement", "notebook", "quote", "after", "kind"})
TEXT |= frozenset({"correct", "consequence", "same_flaw_as"})
TABLES = {"key": "a table", "corrigendum": "a table", "atlas": "a table or an array of tables"}
TABLES |= {"rests_on": "an array", "not_rests_on": "an array"}


def _kinds(table: Mapping[str, Any], where: str) -> None:
    """A ValueError naming the spec and the field whose value is not of its kind (a number where
    text belongs: ``printed = 3``)."""
    for name, value in table.items():
        if name in TEXT and not isinstance(value, str):
            raise ValueError(f"{where}: field {name!r} must be a string, got {value!r:.60}")
        if name in TABLES:
            ok = isinstance(value, list) if TABLES[name] == "an array" else isinstance(value, dict)
            if name == "atlas":
                ok = ok or isinstance(value, list) and all(isinstance(x, dict) for x in value)
            if not ok:
                raise ValueError(
                    f"{where}: field {name!r} must be {TABLES[name]}, got {value!r:.60}"
                )


@contextlib.contextmanager
def _in_spec(module: str, name: str) -> Iterator[None]:
    """A ValueError or TypeError raised while the spec ``name`` of ``module`` is built and
    recorded (a field the registry refuses: ``printed must be the PDF's name``) is a ValueError
    that names the spec file and the spec too."""
    try:
        yield
    except (ValueError, TypeError) as error:
        where = f"spec {name!r} in {spec_file(module).name}"
        if spec_file(module).name in str(error):
            raise
        raise ValueError(f"{where}: {error}") from error


@functools.lru_cache(maxsize=64)
def _parsed(path: Path, mtime_ns: int, size: int) -> dict[str, Any]:
    """The tables of the spec file ``path`` as it was at ``mtime_ns`` with ``size`` bytes (each
    file is parsed once however many checks its module declares, and again once edited)."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path} is not valid TOML: {error}") from None


def _fields(table: Mapping[str, Any], required, optional, where: str) -> None:
    unknown = sorted(set(table) - required - optional)
    if unknown:
        raise ValueError(
            f"{where}: unknown field {unknown[0]!r}; expected fields among "
            f"{sorted(required | optional)}"
        )
    missing = sorted(required - set(table))
    if missing:
        raise ValueError(f"{where}: field {missing[0]!r} is missing")


def _build(cls: type, table: object, where: str) -> Any:
    """``cls`` (a spec dataclass) from a TOML table, its fields checked."""
    if not isinstance(table, Mapping):
        raise ValueError(f"{where}: expected a table of {cls.__name__}'s fields, got {table!r}")
    fields = {f.name for f in dataclasses.fields(cls) if f.init}
    required = {
        f.name
        for f in dataclasses.fields(cls)
        if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    _fields(table, frozenset(required), frozenset(fields - required), f"{where}, {cls.__name__}")
    return cls(**table)


def _key(table: dict[str, Any], where: str) -> Key | None:
    if "key" not in table:
        return None
    value = table["key"]
    _fields(value, frozenset({"words"}), frozenset({"name"}), f"{where}, key")
    return Key(value.get("name"), value["words"])


def _atlas(table: dict[str, Any], where: str) -> tuple[Bar | NoBar, ...]:
    items = table.get("atlas", ())
    if isinstance(items, Mapping):
        items = (items,)
    where = f"{where}, atlas"
    return tuple(
        _build(NoBar if isinstance(x, Mapping) and "reason" in x else Bar, x, where) for x in items
    )


def _cites(table: dict[str, Any], name: str, where: str) -> tuple[Cites, ...]:
    """The citations ``name`` of a spec: a number or a ``Cites`` table (``spec.as_cites``)."""
    where = f"{where}, {name}"
    return as_cites(
        x if isinstance(x, str) else _build(Cites, x, where) for x in table.get(name, ())
    )


def _repair(table: dict[str, Any], where: str) -> Repair | None:
    if "corrigendum" not in table:
        return None
    return _build(Repair, table["corrigendum"], f"{where}, corrigendum")


def _claim_row(number: str, module: str, declarer: str) -> tuple[Claim, str | None]:
    """The ledger row of the claim or finding ``number`` declared in ``module`` by
    ``declarer``, and the row it follows (``after``)."""
    table, where = _spec(module, number, declarer)
    row = Claim(
        number,
        table["label"],
        table["statement"],
        table["notebook"],
        printed=table.get("printed", "—"),
        kind="finding" if declarer == "finding" else "claim",
        key=_key(table, where),
        atlas=_atlas(table, where),
        rests_on=_cites(table, "rests_on", where),
        not_rests_on=_cites(table, "not_rests_on", where),
        quote=table.get("quote"),
    )
    return row, table.get("after")


def _repaired_row(repairs: str, module: str, declarer: str) -> Claim:
    """The ledger row of the repaired form of ``repairs`` declared in ``module``."""
    table, where = _spec(module, repairs, declarer)
    return Claim(
        repaired_number(repairs),
        "—",
        table.get("statement", "argued by the checks of its errata"),
        corrigendum_page(repairs),
        kind="repaired",
        key=_key(table, where),
        atlas=_atlas(table, where),
        repairs=repairs,
        repair=_repair(table, where),
    )


def _caller_module(depth: int) -> str:
    frame = inspect.currentframe()
    for _ in range(depth + 1):
        frame = frame.f_back if frame is not None else None
    return "__main__" if frame is None else str(frame.f_globals.get("__name__", "__main__"))


def _record(row: Claim, check: F, minimum: Data | None, after: str | None) -> F:
    """Record ``row`` with ``check``, guarded by ``minimum`` (``sizes.guard``), and return the
    guarded check."""
    guarded = guard(check, minimum)
    registry.REGISTRY.add_claim(
        dataclasses.replace(row, check=guarded, minimum=minimum),
        check.__module__,
        f"{check.__module__}.{check.__qualname__}",
        after,
    )
    return guarded  # type: ignore[return-value]


def claim(number: str, *, minimum: Data | None = None) -> Callable[[F], F]:
    """Declare the decorated function as the check of the paper's claim ``number`` (ours,
    "Lemma 5.3"), whose spec is the table ``number`` of its module's spec file (see the module
    docstring); ``minimum``: the least data to decide from. The guarded check is returned
    (``sizes.guard``)."""

    def declare(check: F) -> F:
        with _in_spec(check.__module__, number):
            row, after = _claim_row(number, check.__module__, "claim")
            return _record(row, check, minimum, after)

    return declare


def claim_without_check(number: str) -> None:
    """Declare a claim whose check is not written yet (in the module where it will go, its spec
    in that module's spec file): the ledger lists it as "not checked: no check yet"."""
    module = _caller_module(1)
    with _in_spec(module, number):
        row, after = _claim_row(number, module, "claim_without_check")
        registry.REGISTRY.add_claim(row, module, f"{module}:{row.number}", after)


def finding(number: str, *, minimum: Data | None = None) -> Callable[[F], F]:
    """Declare the decorated function as the check of a finding beyond the paper's claims
    (``number`` is its name, "The start"; its spec as for ``claim``). The guarded check is
    returned (``sizes.guard``)."""

    def declare(check: F) -> F:
        with _in_spec(check.__module__, number):
            row, after = _claim_row(number, check.__module__, "finding")
            return _record(row, check, minimum, after)

    return declare


def repaired(repairs: str, *, minimum: Data | None = None) -> Callable[[F], F]:
    """Declare the decorated function as the check of the repaired form of the claim
    ``repairs`` ("Lemma 5.1"): its ledger row "Lemma 5.1, repaired" (shown on the corrigendum's
    page of its part of the paper, ``corrigendum_page``) states the repaired result in one line
    (its spec's ``statement``); its spec's ``corrigendum``: its section of the corrigendum
    (without it, the check joins the section of the statement it repairs). The guarded check is
    returned (``sizes.guard``)."""

    def declare(check: F) -> F:
        with _in_spec(check.__module__, repairs):
            row = _repaired_row(repairs, check.__module__, "repaired")
            return _record(row, check, minimum, None)

    return declare


def repaired_by_errata(repairs: str) -> None:
    """Declare the repaired form of the claim ``repairs`` whose repair is argued by the checks of
    its errata alone: a section of the corrigendum, no ledger row."""
    module = _caller_module(1)
    with _in_spec(module, repairs):
        row = _repaired_row(repairs, module, "repaired_by_errata")
        registry.REGISTRY.add_claim(row, module, f"{module}:{row.number}")


def erratum(label: str, *, minimum: Data | None = None) -> Callable[[F], F]:
    """Declare the decorated function as the check of the erratum at ``label`` (the place in
    the paper), whose spec (``row`` in the errata table, ``kind``, what is ``printed``, what is
    ``correct``, the ``consequence``, ``same_flaw_as``) is the table ``label`` of its module's
    spec file. The check returns a ``Verdict`` (``verdict.flagged``: "erratum" where the form it
    tests is shown wrong as described). The guarded check is returned (``sizes.guard``)."""

    def declare(check: F) -> F:
        with _in_spec(check.__module__, label):
            table, _ = _spec(check.__module__, label, "erratum")
            guarded = guard(check, minimum)
            registry.REGISTRY.add_erratum(
                Erratum(
                    label,
                    table["kind"],
                    table["printed"],
                    table["correct"],
                    table["consequence"],
                    guarded,
                    table.get("same_flaw_as"),
                    minimum=minimum,
                ),
                table["row"],
                check.__module__,
                f"{check.__module__}.{check.__qualname__}",
            )
        return guarded  # type: ignore[return-value]

    return declare
