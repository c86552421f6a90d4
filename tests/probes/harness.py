"""The probe's contract: a case is one call of the public API on one input, and the outcome
class it must end in; ``classify`` runs it under a time limit and a memory cap and says which
class it ended in.

The classes a case may expect:

``refused``
    a ``ValueError``, ``TypeError`` or ``FloatingPointError`` (``Undecidable`` where data cannot
    decide) whose message names the parameter and shows its value, or matches the case's
    pattern (a RuntimeError of the library reports a state: ask/tell order, NES's collapse);
``answered``
    finite numbers (a documented +inf or NaN passes through the case's ``check``);
``edge``
    an extreme but valid input (1e300, 1e-300, a float32): answered, or refused by a named
    error (a FloatingPointError, or a non-finite value of f, need not name the parameter).

The classes that break the contract, each at 0: ``unclear error`` (the right type, a message
without the parameter or its value), ``accepted silently`` (an answer to nonsense input),
``valid input refused``, ``internal exception`` (LinAlgError, ZeroDivisionError, OverflowError,
KeyError, ...), ``silent NaN`` (non-finite numbers in an answer), ``hang`` (no answer within
``TIME_LIMIT``) and ``memory blow-up`` (a MemoryError, or more than ``MEMORY_MARGIN`` of new
address space).
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import functools
import importlib
import math
import numbers
import os
import re
import resource
import signal
import tempfile
import threading
import traceback
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pandas as pd

from mines_theory.verification.framework.verdict import Undecidable

REFUSED, ANSWERED, EDGE = "refused", "answered", "edge"
FAILURES = (
    "unclear error",
    "accepted silently",
    "valid input refused",
    "internal exception",
    "silent NaN",
    "hang",
    "memory blow-up",
)
TIME_LIMIT = 20  # seconds per case
MEMORY_MARGIN = 2 * 2**30  # bytes of address space a case may add
ALLOWED = (ValueError, TypeError, FloatingPointError, Undecidable)
NAN, INF = float("nan"), float("inf")
#: The table modules of this package, one per public part of the library.
TABLES = ("algorithm", "problems", "experiments", "theory", "linalg", "plotting", "framework",
          "files", "command")  # fmt: skip


class Hang(BaseException):
    """Raised by the alarm; a BaseException so that no ``except Exception`` swallows it."""


_UNSET: Any = object()


@dataclasses.dataclass(frozen=True)
class Case:
    module: str  # the table: a part of the public API
    entry: str  # the public name called
    label: str  # the input
    call: Callable[..., Any]
    expect: str  # REFUSED, ANSWERED or EDGE
    names: tuple[str, ...] = ()  # words one of which a refusal must name
    value: Any = _UNSET  # the input, one of whose renderings a refusal must show
    match: str | None = None  # else: a pattern the refusal's message must match
    error: Any = ALLOWED  # the type(s) a refusal with a pattern must have
    check: Callable[[Any], Any] | None = None  # an answer -> what must be finite
    slow: bool = False  # left out of the subset that ``make test`` runs

    @property
    def id(self) -> str:
        return f"{self.module}: {self.entry}: {self.label}"


class Table:
    """The cases of one part of the API, written compactly: ``vary`` substitutes each value of a
    kind for one parameter of a valid call; ``refuses`` and ``answers`` add one case."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.cases: list[Case] = []

    def add(self, entry: str, label: str, call: Callable[..., Any], expect: str, **kw: Any) -> None:
        names = kw.pop("names", ())
        names = (names,) if isinstance(names, str) else tuple(names)
        self.cases.append(Case(self.module, entry, label, call, expect, names, **kw))

    def refuses(
        self,
        entry: str,
        label: str,
        call: Callable[..., Any],
        names: Any,
        value: Any = _UNSET,
        **kw: Any,
    ) -> None:
        self.add(entry, label, call, REFUSED, names=names, value=value, **kw)

    def named(
        self, entry: str, label: str, call: Callable[..., Any], error: Any, match: str, **kw: Any
    ) -> None:
        """A refusal of the given type whose message matches ``match`` (``re.search``)."""
        self.add(entry, label, call, REFUSED, match=match, error=error, **kw)

    def answers(self, entry: str, label: str, call: Callable[..., Any], **kw: Any) -> None:
        self.add(entry, label, call, ANSWERED, **kw)

    def edge(self, entry: str, label: str, call: Callable[..., Any], names: Any, **kw: Any) -> None:
        self.add(entry, label, call, EDGE, names=names, **kw)

    def vary(
        self,
        entry: str,
        function: Callable[..., Any],
        base: dict,
        name: str,
        kind: Any,
        *,
        names: Any = None,
        none_ok: bool = False,
        positional: tuple = (),
        **kw: Any,
    ) -> None:
        """One case per (value, bad, label) of ``kind`` (a name of ``KINDS`` or a list) for the
        parameter ``name`` of ``function(*positional, **base)``; ``none_ok``: None is valid."""
        for value, bad, label in KINDS[kind]() if isinstance(kind, str) else kind:
            bad = bad and not (none_ok and value is None)
            arguments = {**base, name: value}
            expect = REFUSED if bad else EDGE
            call = functools.partial(function, *positional, **arguments)
            self.add(entry, f"{name}={label}", call, expect, names=names or name, value=value, **kw)


# ----------------------------------------------------------------------------------------------
# Kinds of input: (value, bad?, label)
# ----------------------------------------------------------------------------------------------

WRONG_TYPES = [("a", "'a'"), ("1.5", "numeric str"), (None, "None"), (True, "True"),
               (1 + 1j, "complex"), ([1.0, 2.0], "list")]  # fmt: skip


def _scalars(*items: tuple[Any, bool], real: bool = True) -> list[tuple[Any, bool, str]]:
    """The items, the wrong types and, for a ``real`` number, an int beyond the largest float
    (for a count, 10**309 is an int: a budget of that many runs, which the memory rules stop
    where it would be allocated)."""
    wrong = [(v, True, label) for v, label in WRONG_TYPES]
    beyond = [(10**309, True, "10**309")] if real else []
    return [(v, bad, repr(v)) for v, bad in items] + wrong + beyond


KINDS: dict[str, Callable[[], list[tuple[Any, bool, str]]]] = {
    "positive": lambda: _scalars(
        (0, True), (0.0, True), (-1.0, True), (NAN, True), (INF, True), (-INF, True),
        (1e300, False), (1e-300, False), (np.float32(0.5), False),
    ),
    "nonnegative": lambda: _scalars(
        (0.0, False), (-1.0, True), (NAN, True), (INF, True), (1e300, False), (1e-300, False)
    ),
    "finite": lambda: _scalars((NAN, True), (INF, True), (-INF, True), (1e300, False),
                               (-1e300, False)),
    "probability": lambda: _scalars((0.0, True), (1.0, True), (-0.5, True), (2.0, True),
                                    (NAN, True), (1e-300, False)),
    "int": lambda: _scalars((0, True), (-1, True), (2.5, True), (NAN, True), (INF, True),
                            (np.int64(2), False), real=False),
    "seed": lambda: [(-1, True, "-1"), (2.5, True, "2.5"), (True, True, "True"), ("a", True, "'a'"),
                     (1 + 1j, True, "complex"), (NAN, True, "nan"), (np.int64(3), False, "int64"),
                     (2**64, False, "2**64")],
}  # fmt: skip


def vectors(d: int = 2) -> list[tuple[Any, bool, str]]:
    return [
        (np.full(d, NAN), True, "NaN entries"), (np.full(d, INF), True, "inf entries"),
        (np.zeros(d + 1), True, "wrong length"), (np.zeros((d, d)), True, "2-D"),
        (np.zeros(0), True, "empty"), ("a", True, "str"), (None, True, "None"),
        (np.ones(d) * (1 + 1j), True, "complex"), (["1"] * d, True, "numeric strings"),
        ([10**309] + [0] * (d - 1), True, "an int beyond the largest float"),
        (np.full(d, 1e300), False, "1e300 entries"), (np.full(d, 1e-300), False, "1e-300 entries"),
    ]  # fmt: skip


def matrices(d: int = 2, *, spd: bool = True, scale: float = 1.0) -> list[tuple[Any, bool, str]]:
    out = [
        (np.array([[1.0, 2.0], [0.0, 1.0]]) * scale, True, "non-symmetric"),
        (np.full((d, d), NAN), True, "NaN"), (np.eye(d + 1) * scale, True, "wrong shape"),
        (np.ones(d), True, "1-D"), (np.zeros((0, 0)), True, "empty"), ("a", True, "str"),
        (None, True, "None"), (np.eye(d) * (1 + 1j), True, "complex"),
        ([["1", "0"], ["0", "1"]], True, "numeric strings"),
        (np.eye(d) * 1e300, False, "1e300·I"), (np.eye(d) * 1e-300, False, "1e-300·I"),
    ]  # fmt: skip
    if spd:
        indefinite = np.diag([1.0, -1.0] + [1.0] * (d - 2))
        out += [(indefinite * scale, True, "indefinite"), (np.zeros((d, d)), True, "zero matrix")]
    return out


def valid_for(items: list, *labels: str) -> list[tuple[Any, bool, str]]:
    """``items`` with the inputs called ``labels`` valid (e.g. a 3 x 3 matrix where no size is
    prescribed)."""
    return [(value, bad and label not in labels, label) for value, bad, label in items]


def functions() -> list[tuple[Any, bool, str]]:
    """Where an objective's values are expected: (f, bad?, label)."""
    return [
        (lambda X: np.full(np.shape(X)[0], NAN), True, "f returns NaN"),
        (lambda X: np.full(np.shape(X)[0], INF), True, "f returns inf"),
        (lambda X: np.ones(np.shape(X)[0]) * (1 + 1j), True, "f returns complex"),
        (lambda X: np.ones((np.shape(X)[0], 2)), True, "f returns wrong shape"),
        (lambda X: "a", True, "f returns str"),
        (lambda X: [str(v) for v in np.sum(X, axis=1)], True, "f returns numeric strings"),
        (lambda X: [10**309] * len(X), True, "f returns an int beyond the largest float"),
        (lambda X: 1e300 * np.sum(np.asarray(X) ** 2 + 1, axis=-1), False, "f returns 1e300"),
        ("not callable", True, "f is a str"),
    ]  # fmt: skip


def documented_inf(result: Any) -> Any:
    """A documented +inf (an objective's value where its bound overflows; a bound for γ = 0)
    passes as the finite marker 0.0; anything else is returned as it is."""
    return 0.0 if np.all(np.isposinf(result)) else result


def documented_nan(result: Any) -> Any:
    """A documented NaN passes as the finite marker 0.0; anything else as it is."""
    return 0.0 if np.all(np.isnan(result)) else result


def scratch() -> str:
    """A temporary folder for the cases that write (nothing goes into the tree)."""
    global _SCRATCH
    if _SCRATCH is None:
        _SCRATCH = tempfile.mkdtemp(prefix="mines-probe-")
    return _SCRATCH


_SCRATCH: str | None = None


# ----------------------------------------------------------------------------------------------
# Running and classifying a case
# ----------------------------------------------------------------------------------------------


def all_cases() -> list[Case]:
    """Every table's cases, in table order; ids are unique."""
    cases = [c for name in TABLES for c in importlib.import_module(f"{__package__}.{name}").cases()]
    counts = collections.Counter(c.id for c in cases)
    duplicates = [id for id, n in counts.items() if n > 1]
    if duplicates:
        raise ValueError(f"case ids must be unique, got duplicates {duplicates[:5]}")
    return cases


def keeps(case: Case, outcome: str) -> bool:
    """Whether ``outcome`` is the class ``case`` expects (either good class, for an edge)."""
    return outcome == case.expect or case.expect == EDGE and outcome in (REFUSED, ANSWERED)


def classify(case: Case) -> tuple[str, str]:
    """(outcome class, detail) of one case (``keeps`` says whether it is the expected one)."""
    try:
        with _limits(), warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            result = case.call()
            if case.check is not None:
                result = case.check(result)
    except Hang:
        return "hang", f"no answer within {TIME_LIMIT} s"
    except MemoryError as error:
        return "memory blow-up", f"MemoryError {error}"
    except Exception as error:  # noqa: BLE001 - every exception is classified
        return _refusal(case, error)
    try:
        finite = all(_finite(v) for v in _numbers(result))
    except Exception as error:  # noqa: BLE001
        return "silent NaN", f"output not numeric: {error}"
    if not finite:
        return "silent NaN", f"non-finite output: {_short(result)}"
    return ("accepted silently" if case.expect == REFUSED else ANSWERED), _short(result)


def _refusal(case: Case, error: Exception) -> tuple[str, str]:
    text = str(error)
    detail = f"{type(error).__name__}: {text[:300]}"
    frames = traceback.extract_tb(error.__traceback__)
    origin = f"{os.path.basename(frames[-1].filename)}:{frames[-1].lineno}" if frames else "?"
    from_library = bool(frames) and "mines_theory" in frames[-1].filename
    if isinstance(error, RuntimeError) and from_library and case.expect != REFUSED:
        return ANSWERED, detail  # the library's report of a state, on a valid input
    if not isinstance(error, ALLOWED + (RuntimeError,)) or (
        isinstance(error, RuntimeError) and not from_library
    ):
        return "internal exception", f"{detail} @ {origin}"
    if case.match is not None:
        ok = isinstance(error, case.error) and re.search(case.match, text) is not None
        return (REFUSED if ok else "unclear error"), detail
    named = any(name in text for name in case.names)
    if isinstance(error, np.linalg.LinAlgError) and not named:
        return "internal exception", f"{detail} @ {origin}"
    if case.expect == EDGE:  # named, or a result out of floating point's range
        ok = named or isinstance(error, FloatingPointError) or "non-finite value" in text
        return (REFUSED if ok else "unclear error"), detail
    shows = case.value is _UNSET or any(token in text for token in _tokens(case.value))
    if not (named and shows):
        return "unclear error", detail
    return (REFUSED if case.expect == REFUSED else "valid input refused"), detail


@contextlib.contextmanager
def _limits() -> Iterator[None]:
    """SIGALRM after ``TIME_LIMIT`` s (main thread only) and an address-space cap of the current
    size + ``MEMORY_MARGIN`` (Linux), both lifted afterwards."""
    main = threading.current_thread() is threading.main_thread()
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    size = _address_space()
    if size is not None:
        cap = size + MEMORY_MARGIN
        resource.setrlimit(resource.RLIMIT_AS, (cap if hard < 0 else min(cap, hard), hard))
    if main:
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(TIME_LIMIT)
    try:
        yield
    finally:
        if main:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


def _address_space() -> int | None:
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def _tokens(value: Any) -> set[str]:
    """Strings one of which a message must contain to show ``value``."""
    if value is None or isinstance(value, (bool, np.bool_, complex)):
        return {repr(value), str(value)}
    if isinstance(value, str):
        return {repr(value), value} if value else {"''"}
    if isinstance(value, numbers.Integral) and abs(int(value)) > 10**20:
        return {"digits", str(value)[:20], f"{int(value):,}"[:20]}
    if isinstance(value, numbers.Real):
        v = float(value)
        out = {repr(value), repr(v), str(v), f"{v:g}", f"{v:.3g}", f"{v:.6g}", str(value)}
        out |= {"nan", "NaN"} if math.isnan(v) else {"inf"} if math.isinf(v) else set()
        return out | ({str(int(v))} if v.is_integer() and abs(v) < 1e16 else set())
    if callable(value):  # a function: the message says what it did
        return {"function", "callable", "returned", "holds", "lacks", "real", "shape", "finite"}
    return {str(np.shape(value)), "shape", "finite", "empty", "symmetric", "positive definite",
            "eigenvalue", "length", "square", "spectrum", "got"}  # fmt: skip


def _numbers(result: Any, depth: int = 0) -> Iterator[Any]:
    """The numbers in a result (arrays, tuples, frames, dataclasses, objects' attributes)."""
    if depth > 3 or result is None or isinstance(result, (bool, np.bool_, str, type)):
        return
    if isinstance(result, numbers.Number):
        yield result
    elif isinstance(result, np.ndarray):
        if result.dtype.kind in "fc":
            yield from result.ravel().tolist()
        elif result.dtype == object:
            for item in result.ravel():
                yield from _numbers(item, depth + 1)
    elif isinstance(result, pd.DataFrame):
        for column in result.select_dtypes("number"):
            yield from result[column].astype(float).tolist()
    elif isinstance(result, dict):
        for item in result.values():
            yield from _numbers(item, depth + 1)
    elif isinstance(result, (tuple, list)):
        for item in result:
            yield from _numbers(item, depth + 1)
    elif dataclasses.is_dataclass(result):
        for field in dataclasses.fields(result):
            yield from _numbers(getattr(result, field.name), depth + 1)
    elif hasattr(result, "__dict__") and not callable(result):
        for key, item in vars(result).items():
            if not key.startswith("_") or key in ("_mean", "_cov"):
                yield from _numbers(item, depth + 1)


def _finite(v: Any) -> bool:
    return cmath_finite(v) if isinstance(v, complex) else math.isfinite(v)


def cmath_finite(v: complex) -> bool:
    return math.isfinite(v.real) and math.isfinite(v.imag)


def _short(result: Any) -> str:
    text = repr(result).replace("\n", " ")
    return text if len(text) < 120 else text[:120] + " …"
