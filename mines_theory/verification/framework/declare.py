"""Where a claim, a finding, a repaired result or an erratum is declared: its spec, every fact
about it, stands in the ``.toml`` file beside the module of its check (``moments.py`` →
``moments.toml``), a table under its name; the specs are read as data (``load``: every spec file
of the ``claims`` and ``errata`` packages, without importing a module of checks), and each
names its check, which is imported only to run (``spec.CheckRef``). The decorator above the
check verifies, when its module is imported, that the spec of its name has its type and names
it. No other table in the project is keyed by a claim's name: the ledger, the README's tables,
the book's pages, the looseness atlas, the proof map, the corrigendum and the tests all read
these declarations.

A claim of the paper, in ``claims/section5/covariance.toml`` (one of its two bars left out)::

    ["Lemma 5.3"]
    type = "claim"
    check = "check_lemma53"
    measures = [
        "exceeding", "C", "cap", "largest", "slope", "final", "limit", "second", "z", "z_second",
    ]
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

and its check, in ``claims/section5/covariance.py``::

    @claim(
        "Lemma 5.3",
        minimum=Data(seeds=trials_needed(0.05), steps=100, at={"steps": "config.iterations"}),
    )
    @decides
    def check_lemma53(config: CovarianceRun = LEMMA53) -> Verdict:
        ...

Every spec has a ``type``: "claim", "finding", "repaired" or "erratum" (``TYPES``);
``check``, the name of its check in the module beside it; and ``measures``, the names of the
measurements its check's verdict carries (a ``key`` or a bar that names another is refused;
the tests compare them with the published verdict's). ``check`` and ``measures`` are left out
only where there is no check: a claim whose check is not written yet ("not checked: no check
yet"), whose spec has no ``key`` or ``atlas``; a repaired result argued by its errata's checks
alone.

The fields of a claim: ``printed``, its number in the PDF ("Lemma 11"); ``label``, the .tex
labels; ``statement``, one line in the paper's symbols; ``notebook``, whose verdict cell shows
it; ``key``, the one number the README shows (``spec.Key``: ``name``, ``words``, and
``against``, the bound it is held to, or ``against_words`` for what it is; ``means``, what
the number measures where its words do not say it); ``atlas``,
required, its bars in the looseness atlas (``spec.Bar``) or why it has none (a table with
``reason`` alone, ``spec.NoBar``); ``rests_on``, the results its proof rests on (the proof
map's edges: a number, or a ``spec.Cites`` table for an edge curated by hand);
``not_rests_on``, citations that are no dependency; ``quote``, a phrase of its statement in the
.tex, where its labels do not single it out; ``after``, the row it follows in the ledger where
its number does not place it; ``decisive``, the names of the qualifiers that decide how its
verdict reads (its one-line answer names them first, a No with its answer). A finding beyond
the paper's claims has no ``printed`` (or names the place in the PDF) and no ``rests_on``; its
``scope``, where its check tests one set-up and not the claim in general (a generalization
test, not a reproduction), says which ("this set-up"): its conclusion is said of it ("false
on this set-up"); its ``peer``, where it tests another paper's claim, ``{claim, tested}``: the
claim as a sentence's subject and how the suite tests it (the front page's sentence).

A repaired result of the corrigendum (in ``claims/repaired/``) is named by the claim it
repairs ("Lemma 5.1"); its spec has ``statement``, ``key``, ``atlas`` and ``corrigendum``, its
section of the corrigendum (``spec.Repair``: ``printed``, ``repaired``, ``hypotheses``,
``survives``, ``errata``, ``corrected``, ``derivations``, and ``outline`` where its proof is
only outlined). Its ledger row is "Lemma 5.1, repaired" with the label and PDF number of
Lemma 5.1. A repaired check without ``corrigendum`` is a further check of the section of the
statement it repairs ("Lemma 5.2, γ > 0" joins "Lemma 5.2"); a section argued by its errata's
checks alone has ``corrigendum`` and no ``check``.

An erratum (named by its place, "eq:bG", in ``errata/``): ``row``, its place in the errata
table (a new one takes the next); ``kind``, one of ``spec.KINDS``; what is ``printed``, what is
``correct``, the ``consequence`` for the statements; ``same_flaw_as``, the label of an erratum
that states the same flaw. Its check returns ``flagged(<the form tested is shown wrong>, …)``.

What stays in the decorator (``claim``, ``finding``, ``repaired``, ``erratum``) is the check's
own: ``minimum`` (a ``sizes.Data``), the least data to decide from and which of the check's
parameters hold it, computed from the library's sizes (``trials_needed``, ``MIN_UNITS``). Every
check returns a ``Verdict``. The decorator returns the check as the framework runs it, guarded
by its ``minimum`` (``sizes.guard``: "not checked" from less data than declared, or from an
``Undecidable`` raised inside); it must be the outermost, so that what the spec's ``check``
names is what runs, and a direct call of the check is guarded too.

A spec that is missing, or a field that is unknown, missing or of the wrong form, is a
``ValueError`` naming the file, the spec and the field; so is a decorator whose spec has another
type or names another function. ``load`` records the specs in ``registry.REGISTRY`` as it is at
the time (a test loads into a copy put in its place); a decorator whose module's spec file was
not read, or was edited since, reads it first.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import sys
import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from . import registry
from .registry import corrigendum_page, repaired_number
from .sizes import Data, guard
from .spec import Bar, CheckRef, Cites, Claim, Erratum, Key, NoBar, Repair, as_cites

__all__ = [
    "claim",
    "erratum",
    "finding",
    "load",
    "load_file",
    "repaired",
    "spec_file",
]

F = TypeVar("F", bound=Callable[..., Any])

#: The types of spec (its ``type`` field) and the decorator that declares a check of each.
TYPES = ("claim", "finding", "repaired", "erratum")

#: The fields of a spec by its ``type`` and whether it names a ``check``: (required, optional).
FIELDS: dict[tuple[str, bool], tuple[frozenset[str], frozenset[str]]] = {
    ("claim", True): (
        frozenset(
            {"type", "check", "measures", "printed", "label", "statement", "notebook", "atlas"}
        ),
        frozenset({"key", "rests_on", "not_rests_on", "quote", "after", "decisive"}),
    ),
    ("claim", False): (
        frozenset({"type", "printed", "label", "statement", "notebook"}),
        frozenset({"rests_on", "quote", "after"}),
    ),
    ("finding", True): (
        frozenset({"type", "check", "measures", "label", "statement", "notebook", "atlas"}),
        frozenset({"key", "printed", "after", "decisive", "scope", "peer"}),
    ),
    ("repaired", True): (
        frozenset({"type", "check", "measures", "statement", "atlas"}),
        frozenset({"key", "corrigendum"}),
    ),
    ("repaired", False): (frozenset({"type", "corrigendum"}), frozenset()),
    ("erratum", True): (
        frozenset(
            {"type", "check", "measures", "row", "kind", "printed", "correct", "consequence"}
        ),
        frozenset({"same_flaw_as"}),
    ),
}


def spec_file(module: str) -> Path:
    """The spec file of the module named ``module``: the ``.toml`` beside its source (found
    without importing the module)."""
    loaded = sys.modules.get(module)
    source = getattr(loaded, "__file__", None)
    if source is None:
        try:
            found = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            found = None
        source = None if found is None else found.origin
    if source is None or source in ("built-in", "frozen"):
        raise ValueError(f"module {module!r} has no source file beside which its specs stand")
    return Path(source).with_suffix(".toml")


def _specs_of(path: Path) -> dict[str, Any]:
    """The tables of the spec file ``path``, parsed once per version of the file."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise ValueError(f"the spec file {path} does not exist") from None
    return _parsed(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=64)
def _parsed(path: Path, mtime_ns: int, size: int) -> dict[str, Any]:
    """The tables of the spec file ``path`` as it was at ``mtime_ns`` with ``size`` bytes (each
    file is parsed once however many checks its module declares, and again once edited)."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path} is not valid TOML: {error}") from None
    except UnicodeDecodeError as error:
        raise ValueError(f"{path} is not UTF-8 text: {error}") from None


def _typed(table: object, where: str) -> tuple[str, bool]:
    """A spec's ``type`` and whether it names a check, each checked; its fields checked against
    ``FIELDS``."""
    if not isinstance(table, Mapping):
        raise ValueError(f"{where}: expected a table of the spec's fields, got {table!r}")
    kind = table.get("type")
    if kind not in TYPES:
        raise ValueError(f"{where}: field 'type' must be one of {TYPES}, got {kind!r}")
    checked = "check" in table
    if checked and not (isinstance(table["check"], str) and table["check"].isidentifier()):
        raise ValueError(
            f"{where}: field 'check' must name a function of the module, got {table['check']!r}"
        )
    if (kind, checked) not in FIELDS:
        raise ValueError(f"{where}: a spec of type {kind!r} must name its 'check'")
    required, optional = FIELDS[kind, checked]
    _fields(table, required, optional, where)
    text = ("printed", "label", "statement", "notebook", "kind", "correct", "consequence")
    for name in (*text, "quote", "after", "same_flaw_as"):
        if name in table and not isinstance(table[name], str):
            raise ValueError(f"{where}: field {name!r} must be a string, got {table[name]!r}")
    forms: tuple[tuple[str, Any, str], ...] = (
        ("key", dict, "a table"),
        ("corrigendum", dict, "a table"),
        ("rests_on", list, "an array"),
        ("not_rests_on", list, "an array"),
        ("atlas", (dict, list), "a table or an array of tables"),
    )
    for name, form, words in forms:
        if name in table and not isinstance(table[name], form):
            raise ValueError(f"{where}: field {name!r} must be {words}, got {table[name]!r}")
    decisive = table.get("decisive", [])
    if not (isinstance(decisive, list) and all(isinstance(n, str) and n for n in decisive)):
        raise ValueError(
            f"{where}: field 'decisive' must be an array of qualifier names, got {decisive!r}"
        )
    if checked:
        _measures(table, where)
    return kind, checked


def _measures(table: Mapping[str, Any], where: str) -> tuple[str, ...]:
    """A spec's ``measures``, the names of the measurements its check's verdict carries, each
    checked; the measurements its ``key`` and its bars name (those read from its own verdict)
    must be among them."""
    names = table["measures"]
    if not (
        isinstance(names, list)
        and all(isinstance(n, str) and n.strip() for n in names)
        and len(set(names)) == len(names)
    ):
        raise ValueError(
            f"{where}: field 'measures' must be a list of distinct measurement names, got {names!r}"
        )
    key = table.get("key")
    named = (
        [("key", key.get("name")), ("key, against", key.get("against"))]
        if isinstance(key, Mapping)
        else []
    )
    bars = table.get("atlas", ())
    for bar in [bars] if isinstance(bars, Mapping) else bars:
        if isinstance(bar, Mapping) and "verdict" not in bar:
            named += [(f"atlas, {f}", bar.get(f)) for f in ("bound", "measured", "ratio")]
    for field, name in named:
        if name is not None and name not in names:
            raise ValueError(
                f"{where}: field {field!r} names the measurement {name!r}, which is not among "
                f"its check's measures {names}"
            )
    return tuple(names)


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
    optional = frozenset({"name", "against", "against_words", "means"})
    _fields(value, frozenset({"words"}), optional, f"{where}, key")
    return Key(
        value.get("name"),
        value["words"],
        value.get("against"),
        value.get("against_words", ""),
        value.get("means", ""),
    )


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


def _claim_row(number: str, table: dict[str, Any], kind: str, ref, where: str) -> Claim:
    """The ledger row of the claim or finding ``number`` (``kind``) from its spec ``table``."""
    return Claim(
        number,
        table["label"],
        table["statement"],
        table["notebook"],
        check=ref,
        printed=table.get("printed", "—"),
        kind=kind,
        measures=tuple(table.get("measures", ())),
        key=_key(table, where),
        atlas=_atlas(table, where),
        rests_on=_cites(table, "rests_on", where),
        not_rests_on=_cites(table, "not_rests_on", where),
        quote=table.get("quote"),
        decisive=tuple(table.get("decisive", ())),
        scope=_scope(table, where),
        peer=_peer(table, where),
    )


def _scope(table: dict[str, Any], where: str) -> str | None:
    """A finding's ``scope``: the set-up its conclusion is said of, a phrase, or None."""
    scope = table.get("scope")
    if scope is not None and not (isinstance(scope, str) and scope.strip()):
        raise ValueError(
            f"{where}: field 'scope' must be a phrase (\"this set-up\"), got {scope!r}"
        )
    return scope


def _peer(table: dict[str, Any], where: str) -> tuple[str, str] | None:
    """A finding's ``peer``: ``{claim = …, tested = …}``, the claim of another paper it tests
    (a sentence's subject) and how the suite tests it; or None."""
    if "peer" not in table:
        return None
    value = table["peer"]
    if not isinstance(value, Mapping):
        raise ValueError(f"{where}: field 'peer' must be a table {{claim, tested}}, got {value!r}")
    _fields(value, frozenset({"claim", "tested"}), frozenset(), f"{where}, peer")
    for name in ("claim", "tested"):
        if not (isinstance(value[name], str) and value[name].strip()):
            raise ValueError(f"{where}: field 'peer.{name}' must be a phrase, got {value[name]!r}")
    return value["claim"], value["tested"]


def _repaired_row(repairs: str, table: dict[str, Any], ref, where: str) -> Claim:
    """The ledger row of the repaired form of ``repairs`` from its spec ``table``."""
    try:
        page = corrigendum_page(repairs)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
    return Claim(
        repaired_number(repairs),
        "—",
        table.get("statement", "argued by the checks of its errata"),
        page,
        check=ref,
        kind="repaired",
        measures=tuple(table.get("measures", ())),
        key=_key(table, where),
        atlas=_atlas(table, where),
        repairs=repairs,
        repair=_repair(table, where),
    )


def load_file(path: Path, module: str, into: registry.Registry | None = None) -> tuple[str, ...]:
    """Record every spec of the spec file ``path`` of ``module`` in ``into`` (the library's
    ``registry.REGISTRY`` by default), each with a reference to its check (``spec.CheckRef``:
    the module is imported only when the check runs); the names of the specs, in the file's
    order. A spec already recorded from this module is replaced (an edited file read again).
    A spec that is not of its form is a ValueError naming the file, the spec and the field."""
    reg = registry.REGISTRY if into is None else into
    names = []
    for name, table in _specs_of(path).items():
        where = f"spec {name!r} in {path.name}"
        kind, checked = _typed(table, where)
        ref = CheckRef(module, table["check"]) if checked else None
        origin = f"{module}.{table['check']}" if checked else f"{module}:{name}"
        try:
            if kind == "erratum":
                assert ref is not None  # FIELDS: an erratum names its check
                reg.add_erratum(
                    Erratum(
                        name,
                        table["kind"],
                        table["printed"],
                        table["correct"],
                        table["consequence"],
                        ref,
                        table.get("same_flaw_as"),
                        measures=tuple(table["measures"]),
                    ),
                    table["row"],
                    module,
                    origin,
                )
            elif kind == "repaired":
                reg.add_claim(_repaired_row(name, table, ref, where), module, origin)
            else:
                after = table.get("after")
                reg.add_claim(_claim_row(name, table, kind, ref, where), module, origin, after)
        except ValueError as error:
            message = str(error)
            raise ValueError(message if path.name in message else f"{where}: {message}") from None
        names.append(name)
    reg.loaded[module] = _version(path)
    return tuple(names)


def _version(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


def load(packages: Iterable[str], into: registry.Registry | None = None) -> tuple[str, ...]:
    """Record the specs of every spec file in the ``packages`` (dotted names) and their
    subpackages (``load_file``), without importing a module of checks; the modules whose spec
    files were read, in the order of their paths. A module of checks added to one of them is
    found without an edit anywhere else."""
    modules = []
    for module, path in registry.spec_files(packages):
        load_file(path, module, into)
        modules.append(module)
    return tuple(modules)


def _declared(check: Callable[..., Any], name: str, kind: str) -> dict[str, Any]:
    """The spec ``name`` of ``check``'s module, read (again, if its file changed) into
    ``registry.REGISTRY``; ValueError unless it is of type ``kind`` and names a check (that
    the name is this function's is verified where the spec's check is resolved,
    ``spec.CheckRef``)."""
    module = check.__module__
    path = spec_file(module)
    where = f"spec {name!r} in {path.name}"
    if not path.exists():
        raise ValueError(f"{module} declares {name!r}, but {path} does not exist")
    reg = registry.REGISTRY
    if reg.loaded.get(module) != _version(path):
        load_file(path, module)
    specs = _specs_of(path)
    if name not in specs:
        raise ValueError(f"{module} declares {name!r}, but {path.name} has no table [{name!r}]")
    table = specs[name]
    if table.get("type") != kind or "check" not in table:
        raise ValueError(
            f"{where}: {module}.{check.__name__} is declared as the check of a {kind}, but the "
            f"spec has type = {table.get('type')!r} and check = {table.get('check')!r}"
        )
    return table


def _declaring(kind: str, name: str, minimum: Data | None) -> Callable[[F], F]:
    def declare(check: F) -> F:
        _declared(check, name, kind)
        guarded = guard(check, minimum)
        guarded.__declares__ = (kind, name)  # type: ignore[attr-defined]
        return guarded  # type: ignore[return-value]

    return declare


def claim(number: str, *, minimum: Data | None = None) -> Callable[[F], F]:
    """Declare the decorated function as the check of the paper's claim ``number`` (ours,
    "Lemma 5.3"), whose spec is the table ``number`` of its module's spec file, of type "claim",
    naming this function as its ``check`` (see the module docstring); ``minimum``: the least
    data to decide from. The guarded check is returned (``sizes.guard``)."""
    return _declaring("claim", number, minimum)


def finding(number: str, *, minimum: Data | None = None) -> Callable[[F], F]:
    """Declare the decorated function as the check of a finding beyond the paper's claims
    (``number`` is its name, "The start"; its spec of type "finding", as for ``claim``). The
    guarded check is returned (``sizes.guard``)."""
    return _declaring("finding", number, minimum)


def repaired(repairs: str, *, minimum: Data | None = None) -> Callable[[F], F]:
    """Declare the decorated function as the check of the repaired form of the claim
    ``repairs`` ("Lemma 5.1"): its ledger row "Lemma 5.1, repaired" (shown on the corrigendum's
    page of its part of the paper, ``corrigendum_page``) states the repaired result in one line
    (its spec's ``statement``); its spec's ``corrigendum``: its section of the corrigendum
    (without it, the check joins the section of the statement it repairs). The guarded check is
    returned (``sizes.guard``)."""
    return _declaring("repaired", repairs, minimum)


def erratum(label: str, *, minimum: Data | None = None) -> Callable[[F], F]:
    """Declare the decorated function as the check of the erratum at ``label`` (the place in
    the paper), whose spec (``row`` in the errata table, ``kind``, what is ``printed``, what is
    ``correct``, the ``consequence``, ``same_flaw_as``) is the table ``label`` of its module's
    spec file, of type "erratum". The check returns a ``Verdict`` (``verdict.flagged``:
    "erratum" where the form it tests is shown wrong as described). The guarded check is
    returned (``sizes.guard``)."""
    return _declaring("erratum", label, minimum)
