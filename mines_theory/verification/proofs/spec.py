"""The step specs of the proof walk, read as data from this package's ``.toml`` files.

Nothing here imports a checker, sympy or scipy: ``proofs()`` reads every ``*.toml`` beside this
module with :mod:`tomllib` and validates each field (a bad field is a ``ValueError`` naming the
file, the step and the field). The format is described in the package docstring.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from typing import Any
from pathlib import Path

__all__ = ["HOWS", "RELATIONS", "STATUSES", "Proof", "Step", "find", "load", "proofs"]

#: The relations a step may state.
RELATIONS = ("=", "<=", ">=", "<", ">", "preceq", "succeq")
#: How a step is checked.
HOWS = ("identity", "inequality", "expectation", "not_checked")
#: The statuses a walked step may have (a closed set).
STATUSES = ("identity", "holds", "fails", "follows", "not checked")

_HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Step:
    """One relation of a proof (fields: see the package docstring)."""

    proof: str
    index: int
    latex: str
    relation: str
    uses: tuple[str, ...]
    how: str
    checker: str | None
    reason: str
    erratum: str | None
    premise: tuple[str, ...] = ()
    slip: str | None = None
    corrected: str | None = None
    #: a note under the step on its page, "module:function" of ``models`` (no arguments,
    #: returning Markdown, computed where the page is built); None where the step has none
    note: str | None = None

    @property
    def earlier(self) -> tuple[int, ...]:
        """The indices of the earlier steps this one uses ("step N" in ``uses``)."""
        return tuple(int(u.split()[1]) for u in self.uses if u.startswith("step "))

    @property
    def premised(self) -> tuple[int, ...]:
        """The indices of the earlier steps whose conclusions this step's check takes as given
        ("step N" in ``premise``)."""
        return tuple(int(u.split()[1]) for u in self.premise)


@dataclass(frozen=True)
class Proof:
    """A walked proof: its names, where it is in the .tex, and its steps in order."""

    name: str
    printed: str
    label: str
    anchor: str
    complete: bool
    hypotheses: str
    source: str
    steps: tuple[Step, ...]
    statement: str | None = None
    reaches: str | None = None
    unwalked: str | None = None
    #: the names of a counterexample's values that the paper's regime orders (each at most
    #: the next: ("tau", "L", "zeta") is τ ≤ L ≤ ζ); empty where the proof declares none
    regime: tuple[str, ...] = ()
    #: where the paper sets that regime, in words ("Remark 13's ζ ≥ L and τ ≤ σ")
    regime_from: str | None = None
    #: erratum label → why no failing step of this proof answers to it, for each erratum that
    #: points into it (``walk.points_into``) that none does: the flaw is in the prose, or in a
    #: premise the walk takes as the proof cites it ("[proof.unanswered]"), as pairs
    unanswered: tuple[tuple[str, str], ...] = ()

    def span(self, tex: str) -> tuple[int, int]:
        """The offsets of the proof environment (``\\begin{proof}`` to ``\\end{proof}``) in
        ``tex``: the first after ``anchor``."""
        at = tex.find(self.anchor)
        if at < 0:
            raise ValueError(f"anchor of {self.name!r} not found in the .tex: {self.anchor!r}")
        start = tex.find("\\begin{proof}", at)
        end = tex.find("\\end{proof}", start)
        if start < 0 or end < 0:
            raise ValueError(f"no proof environment after the anchor of {self.name!r}")
        return start, end

    def statement_span(self, tex: str) -> tuple[int, int] | None:
        """The offsets of the statement's environment (``\\begin{lemma}`` to ``\\end{lemma}``,
        or theorem, proposition, corollary) that encloses the fragment ``statement``, or None
        when the proof walks no statement."""
        if self.statement is None:
            return None
        at = tex.find(self.statement)
        if at < 0:
            raise ValueError(
                f"statement of {self.name!r} not found in the .tex: {self.statement!r}"
            )
        opens = list(_STATEMENT.finditer(tex, 0, at))
        if not opens:
            raise ValueError(f"no statement environment encloses {self.statement!r}")
        start = opens[-1].start()
        end = tex.find("\\end{" + opens[-1].group(1) + "}", start)
        if end < at:
            raise ValueError(f"the environment before {self.statement!r} closes before it")
        return start, end

    def spans(self, tex: str) -> list[tuple[int, int]]:
        """The walked parts of the .tex: the statement's environment (when ``statement`` names
        one) and the proof's, in this order."""
        statement = self.statement_span(tex)
        return ([statement] if statement else []) + [self.span(tex)]


_STATEMENT = re.compile(r"\\begin\{(lemma|theorem|proposition|corollary)\}")


def _field(table: dict, key: str, kind: type, where: str, default: Any = ...) -> Any:
    if key not in table:
        if default is ...:
            raise ValueError(f"{where}: field {key!r} is missing")
        return default
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{where}: field {key!r} must be {kind.__name__}, got {value!r}")
    return value


#: The fields of a ``[[step]]`` table (the package docstring says what each means).
_STEP_FIELDS = tuple(
    "index latex relation uses how checker reason erratum premise slip corrected note".split()
)


def _step(table: dict, proof: str, where: str) -> Step:
    known = set(_STEP_FIELDS)
    unknown = set(table) - known
    if unknown:
        raise ValueError(
            f"{where}: unknown field(s) {sorted(unknown)}, expected some of {sorted(known)}"
        )
    index = _field(table, "index", int, where)
    where = f"{where}, step {index}"
    relation = _field(table, "relation", str, where)
    if relation not in RELATIONS:
        raise ValueError(f"{where}: relation must be one of {RELATIONS}, got {relation!r}")
    how = _field(table, "how", str, where)
    if how not in HOWS:
        raise ValueError(f"{where}: how must be one of {HOWS}, got {how!r}")
    checker = _field(table, "checker", str, where, None)
    reason = _field(table, "reason", str, where, "")
    if how == "not_checked":
        if not reason:
            raise ValueError(f"{where}: a not_checked step must give its reason, got none")
        if checker is not None:
            raise ValueError(f"{where}: a not_checked step has no checker, got {checker!r}")
    elif checker is None or ":" not in checker:
        raise ValueError(f"{where}: checker must be 'module:function', got {checker!r}")
    uses = _field(table, "uses", list, where, [])
    for u in uses:
        if not isinstance(u, str):
            raise ValueError(f"{where}: every entry of uses must be a string, got {u!r}")
        if u.startswith("step ") and not (u[5:].isdigit() and 0 < int(u[5:]) < index):
            raise ValueError(f"{where}: uses {u!r}, expected 'step N' with 0 < N < {index}")
    premise = _field(table, "premise", list, where, [])
    for u in premise:
        if not (isinstance(u, str) and u.startswith("step ") and u[5:].isdigit()):
            raise ValueError(f"{where}: every entry of premise must be 'step N', got {u!r}")
        if not 0 < int(u[5:]) < index:
            raise ValueError(f"{where}: premise {u!r}, expected 'step N' with 0 < N < {index}")
        if u not in uses:
            raise ValueError(f"{where}: premise {u!r} must be among the steps it uses, {uses}")
    if how == "not_checked" and premise:
        raise ValueError(f"{where}: a not_checked step takes no premise, got {premise!r}")
    erratum = _field(table, "erratum", str, where, None)
    slip = _slip(table, erratum, where)
    corrected = _field(table, "corrected", str, where, None)
    if corrected is not None and (erratum is None or how == "not_checked" or ":" not in corrected):
        raise ValueError(
            f"{where}: corrected={corrected!r} must be 'module:function', the step's check "
            "with its erratum's correction, on a checked step that names its erratum"
        )
    note = _field(table, "note", str, where, None)
    if note is not None and ":" not in note:
        raise ValueError(f"{where}: note must be 'module:function', got {note!r}")
    return Step(
        proof=proof,
        index=index,
        latex=_field(table, "latex", str, where),
        relation=relation,
        uses=tuple(uses),
        how=how,
        checker=checker,
        reason=reason,
        erratum=erratum,
        premise=tuple(premise),
        slip=slip,
        corrected=corrected,
        note=note,
    )


def _slip(table: dict, erratum: str | None, where: str) -> str | None:
    """A step's ``slip``: the walk's own reading of a slip no erratum names, one of the errata's
    kinds (``framework.spec.KINDS``); refused on a step an erratum names, whose kind is the
    erratum's."""
    from ..framework.spec import KINDS

    slip = _field(table, "slip", str, where, None)
    if slip is None:
        return None
    if slip not in KINDS:
        raise ValueError(f"{where}: slip must be one of {KINDS}, got {slip!r}")
    if erratum is not None:
        raise ValueError(
            f"{where}: slip={slip!r} on a step the erratum {erratum!r} names, expected no slip "
            "(its kind is the erratum's)"
        )
    return slip


def load(path: Path) -> Proof:
    """The proof declared in the ``.toml`` file ``path``."""
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    where = path.name
    head = data.get("proof")
    if not isinstance(head, dict):
        raise ValueError(f"{where}: a [proof] table is required")
    name = _field(head, "name", str, where)
    steps = tuple(_step(t, name, f"{where} ({name})") for t in data.get("step", []))
    indices = [s.index for s in steps]
    if indices != list(range(1, len(steps) + 1)):
        raise ValueError(f"{where}: step indices must be 1, 2, … in order, got {indices}")
    return Proof(
        name=name,
        printed=_field(head, "printed", str, where),
        label=_field(head, "label", str, where),
        anchor=_field(head, "anchor", str, where),
        complete=_field(head, "complete", bool, where),
        hypotheses=_field(head, "hypotheses", str, where),
        source=where,
        steps=steps,
        statement=_field(head, "statement", str, where, None),
        reaches=_field(head, "reaches", str, where, None),
        unwalked=_field(head, "unwalked", str, where, None),
        regime=_regime(head, where),
        regime_from=_field(head, "regime_from", str, where, None),
        unanswered=_unanswered(head, where),
    )


def _unanswered(head: dict, where: str) -> tuple[tuple[str, str], ...]:
    """The ``unanswered`` table of a ``[proof]`` table: erratum label → a reason, both text."""
    table = _field(head, "unanswered", dict, where, {})
    if not all(isinstance(k, str) and isinstance(v, str) and v for k, v in table.items()):
        raise ValueError(f"{where}: field 'unanswered' must map erratum labels to reasons")
    return tuple(table.items())


def _regime(head: dict, where: str) -> tuple[str, ...]:
    """The ``regime`` of a ``[proof]`` table: two or more names, or none."""
    names = _field(head, "regime", list, where, [])
    if names and (len(names) < 2 or not all(isinstance(n, str) and n for n in names)):
        raise ValueError(f"{where}: field 'regime' must list two or more names, got {names!r}")
    if bool(names) != ("regime_from" in head):
        raise ValueError(f"{where}: fields 'regime' and 'regime_from' go together")
    return tuple(names)


@functools.cache
def proofs() -> tuple[Proof, ...]:
    """Every walked proof, in the order of the .tex's appendices (file name order)."""
    return tuple(load(p) for p in sorted(_HERE.glob("*.toml")))


def find(name: str) -> Proof:
    """The proof of ``name``: our name ("Lemma 5.1"), the PDF's ("Lemma 9") or the label."""
    for proof in proofs():
        if name in (proof.name, proof.printed, proof.label):
            return proof
    known = [p.name for p in proofs()] + [p.printed for p in proofs()]
    raise ValueError(
        f"name must be a walked proof (ours, the PDF's or its label), got {name!r}; known: {known}"
    )
