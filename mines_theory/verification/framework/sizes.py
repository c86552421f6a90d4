"""How much data a verdict is decided from: the least a claim declares (``Data``), which
parameters of its check are sample sizes (``Data.at``), and the framework's refusal to decide
from less (``guard``); ``scaled``, a check's arguments with every sample size multiplied.

A declaration names the least data from which its verdict may be decided, by dimension::

    @claim("Lemma 5.1", minimum=Data(seeds=6, steps=100, at={"steps": "config.iterations"}))
    def check_lemma51(config: MeanRun = LEMMA51) -> Verdict: ...

Each dimension (``DIMENSIONS``) is read from the arguments the check is called with, at the
paths ``at`` gives: ``"draws"`` a parameter, ``"config.seeds"`` a field of one, ``"runs.*.seeds"``
the field of each element of a tuple, ``"measured:reached"`` a count the verdict reports (data
the run produced, not an argument: the runs that reached a target). A dimension that ``at`` does
not place is the parameter of its name, or the field of its name of every parameter whose
default is a configuration (a frozen dataclass, or a tuple of them). The declaration is checked
when the module is imported: every dimension must be found, and the check's defaults must have
at least the declared minimum (a published verdict is decided from enough data).

``guard(check, minimum)`` is the check as the framework runs it (the decorators of ``declare``
return it): called with fewer seeds, draws, steps, batches or runs than declared, it returns
"not checked" naming the dimension, the parameter and the minimum, without running; an
``Undecidable`` raised inside (a NaN or infinite statistic, ``verdict.Verdict``; a statistic
with too little data, ``stats``) becomes "not checked" with its reason; and a decided verdict
that reports fewer runs than declared (``measured:``) becomes "not checked".

>>> from mines_theory.verification.framework.verdict import Measurement, Status, Verdict
>>> def check_mean(draws: int = 1000) -> Verdict:
...     return Verdict(Status.HOLDS, "{n} draws", (Measurement("n", draws, kind="count"),))
>>> checked = guard(check_mean, Data(draws=100))
>>> checked().headline(), checked(draws=20).text()
('holds', 'draws = 20: fewer draws than the 100 declared to decide from')
>>> scaled(check_mean, Data(draws=100), 0.05)
{'draws': 50}
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import math
from collections.abc import Callable, Mapping
from typing import Any


from .verdict import DECIDED, Kind, Measurement, Undecidable, Verdict

__all__ = ["DIMENSIONS", "MEASURED", "Data", "guard", "guarded_by", "scaled", "sizes"]

#: The dimensions of data a minimum counts: seeds (independent runs), draws (Monte Carlo
#: samples, random test cases), steps (iterations of a run, or its budget of evaluations),
#: batches (independent estimates, each from a batch of draws), runs (runs that produced what
#: is compared, e.g. reached a target).
DIMENSIONS = ("seeds", "draws", "steps", "batches", "runs")

#: The prefix of a path that names a count the verdict reports rather than an argument.
MEASURED = "measured:"


def _require(ok: bool, name: str, value: object, expected: str) -> None:
    if not ok:
        raise ValueError(f"{name} must be {expected}, got {value!r}")


@dataclasses.dataclass(frozen=True)
class Data:
    """The least data from which a verdict may be decided: with fewer seeds, draws (Monte Carlo
    samples), steps (iterations of a run), batches or runs than declared, the verdict is "not
    checked". Each field is a count, or None where the check has no such dimension; ``at`` maps
    a dimension to the parameter path(s) that hold it (see the module docstring).

    >>> Data(seeds=8, draws=2000)
    Data(seeds=8, draws=2000, steps=None, batches=None, runs=None, at=())
    >>> Data(steps=100, at={"steps": "config.iterations"}).at
    (('steps', ('config.iterations',)),)
    """

    seeds: int | None = None
    draws: int | None = None
    steps: int | None = None
    batches: int | None = None
    runs: int | None = None
    at: Any = ()  # {dimension: path or tuple of paths}, kept as a sorted tuple of pairs

    def __post_init__(self):
        for name in DIMENSIONS:
            value = getattr(self, name)
            _require(
                value is None or (isinstance(value, int) and value >= 1),
                name,
                value,
                "None or a positive integer",
            )
        _require(bool(self.dimensions), "Data", self, "at least one count")
        pairs = self.at.items() if isinstance(self.at, Mapping) else self.at
        at = []
        for dimension, paths in pairs:
            _require(dimension in self.dimensions, "at", dimension, f"one of {self.dimensions}")
            paths = (paths,) if isinstance(paths, str) else tuple(paths)
            _require(
                bool(paths) and all(isinstance(p, str) and p for p in paths),
                f"at[{dimension!r}]",
                paths,
                "a parameter path or a tuple of them",
            )
            at.append((dimension, paths))
        object.__setattr__(self, "at", tuple(sorted(at)))

    @property
    def dimensions(self) -> tuple[str, ...]:
        """The dimensions it declares a minimum for."""
        return tuple(name for name in DIMENSIONS if getattr(self, name) is not None)

    def least(self, dimension: str) -> int:
        value = getattr(self, dimension)
        _require(value is not None, "dimension", dimension, f"one of {self.dimensions}")
        return int(value)

    def paths(self, check: Callable[..., Any]) -> dict[str, tuple[str, ...]]:
        """Dimension → the paths that hold it in ``check``'s arguments (``at``, else the
        parameter or configuration field of its name). ValueError naming a dimension found
        nowhere, or a path whose parameter ``check`` does not take."""
        parameters = inspect.signature(check).parameters
        given = dict(self.at)
        out = {}
        for dimension in self.dimensions:
            paths = given.get(dimension) or _default_paths(parameters, dimension)
            _require(
                bool(paths),
                f"minimum {dimension}",
                f"{getattr(check, '__qualname__', check)}{tuple(parameters)}",
                f"a parameter named {dimension!r}, a configuration with a field of that name, "
                f"or placed with at={{{dimension!r}: 'parameter.field'}}",
            )
            for path in paths:
                _require(
                    path.startswith(MEASURED) or path.split(".")[0] in parameters,
                    f"at[{dimension!r}]",
                    path,
                    f"a path from a parameter of {getattr(check, '__qualname__', check)} "
                    f"{tuple(parameters)}, or {MEASURED}<measurement>",
                )
            out[dimension] = paths
        return out


def _default_paths(parameters: Mapping[str, inspect.Parameter], dimension: str) -> tuple[str, ...]:
    if dimension in parameters:
        return (dimension,)
    found = []
    for name, parameter in parameters.items():
        default = parameter.default
        if _has_field(default, dimension):
            found.append(f"{name}.{dimension}")
        elif (
            isinstance(default, tuple)
            and default
            and all(_has_field(x, dimension) for x in default)
        ):
            found.append(f"{name}.*.{dimension}")
    return tuple(found)


def _has_field(value: Any, name: str) -> bool:
    return (
        dataclasses.is_dataclass(value)
        and not isinstance(value, type)
        and name in {f.name for f in dataclasses.fields(value)}
    )


def _read(value: Any, parts: list[str]) -> list[Any]:
    if not parts:
        return [value]
    head, rest = parts[0], parts[1:]
    if head == "*":
        return [x for item in value for x in _read(item, rest)]
    return _read(getattr(value, head), rest)


def _replace(value: Any, parts: list[str], change: Callable[[Any], Any]) -> Any:
    if not parts:
        return change(value)
    head, rest = parts[0], parts[1:]
    if head == "*":
        return type(value)(_replace(item, rest, change) for item in value)
    return dataclasses.replace(value, **{head: _replace(getattr(value, head), rest, change)})


def sizes(check: Callable[..., Any], minimum: Data, *args: Any, **kwargs: Any) -> dict[str, int]:
    """Path → the sample size ``check`` would run with, called with ``args`` and ``kwargs``
    (the least over a tuple's elements; ``measured:`` paths are not arguments and are left
    out)."""
    bound = inspect.signature(check).bind(*args, **kwargs)
    bound.apply_defaults()
    out = {}
    for paths in minimum.paths(check).values():
        for path in paths:
            if not path.startswith(MEASURED):
                parts = path.split(".")
                values = _read(bound.arguments[parts[0]], parts[1:])
                out[path] = min(int(v) for v in values) if values else 0
    return out


def _size(path: str, value: Any) -> int:
    """A sample size read at ``path``: a non-negative integer, else a ValueError naming it."""
    try:
        valid = not isinstance(value, bool) and float(value).is_integer() and value >= 0
    except (TypeError, ValueError):
        valid = False
    _require(valid, path, value, "a non-negative integer")
    return int(value)


def _short(dimension: str, path: str, value: int, least: int) -> Verdict:
    where = path.removeprefix(MEASURED) + (" (measured)" if path.startswith(MEASURED) else "")
    return Verdict.not_checked(
        f"{where} = {{{dimension}}}: fewer {dimension} than the {least} declared to decide from",
        Measurement(dimension, value, kind=Kind.COUNT),
    )


def guard(check: Callable[..., Verdict], minimum: Data | None) -> Callable[..., Verdict]:
    """``check`` as the framework runs it (module docstring): "not checked" from less data than
    ``minimum`` declares, from an ``Undecidable`` raised inside, or from a decided verdict that
    reports fewer runs than declared; a sample size that is not a non-negative integer is a
    ValueError naming its path. ValueError at once where ``minimum`` names a dimension the
    check does not have, or where the check's defaults hold less than it."""
    paths = minimum.paths(check) if minimum is not None else {}
    if minimum is not None:
        for path, value in sizes(check, minimum).items():
            dimension = next(d for d, ps in paths.items() if path in ps)
            _require(
                value >= minimum.least(dimension),
                f"the default {path} of {check.__qualname__}",
                value,
                f"at least its declared minimum {dimension} = {minimum.least(dimension)}",
            )
    signature = inspect.signature(check)

    @functools.wraps(check)
    def guarded(*args: Any, **kwargs: Any) -> Verdict:
        if minimum is not None:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            for dimension, where in paths.items():
                for path in where:
                    if path.startswith(MEASURED):
                        continue
                    parts = path.split(".")
                    values = [_size(path, v) for v in _read(bound.arguments[parts[0]], parts[1:])]
                    value = min(values, default=0)
                    if value < minimum.least(dimension):
                        return _short(dimension, path, value, minimum.least(dimension))
        try:
            verdict = check(*args, **kwargs)
        except Undecidable as undecidable:
            return Verdict.not_checked(undecidable.reason, *undecidable.measurements)
        if minimum is not None and verdict.status in DECIDED:
            for dimension, where in paths.items():
                for path in where:
                    if path.startswith(MEASURED):
                        count = int(verdict[path.removeprefix(MEASURED)].value)
                        if count < minimum.least(dimension):
                            return dataclasses.replace(
                                _short(dimension, path, count, minimum.least(dimension)),
                                data=verdict.data,
                            )
        return verdict

    guarded.__guarded_by__ = minimum  # type: ignore[attr-defined]
    return guarded


def guarded_by(check: Callable[..., Verdict], minimum: Data | None) -> Callable[..., Verdict]:
    """``check`` guarded by ``minimum``: itself where it already is (a declared check), else
    ``guard(check, minimum)``."""
    if getattr(check, "__guarded_by__", False) == minimum:
        return check
    return guard(check, minimum)


def scaled(check: Callable[..., Any], minimum: Data | None, scale: float) -> dict[str, Any]:
    """The keyword arguments that run ``check`` with every sample size that ``minimum`` places
    multiplied by ``scale`` (rounded, at least 1; the other arguments at their defaults): what
    ``python -m mines_theory.verification check --scale`` runs.

    A scaled size is named before any memory is asked for: each seed, draw, step, batch or run
    holds at least one float64 in every check, so a scaled size beyond
    ``validation.MAX_ELEMENTS`` (2**28, 2 GiB of float64) is a ValueError naming the scale, the
    size, what it was, and the least memory it would need (``validation.array_size``).

    >>> import dataclasses
    >>> @dataclasses.dataclass(frozen=True)
    ... class Run:
    ...     seeds: int = 16
    ...     iterations: int = 1500
    >>> def check(config: Run = Run(), draws: int = 10) -> None: ...
    >>> scaled(check, Data(seeds=2, steps=10, at={"steps": "config.iterations"}), 0.1)
    {'config': Run(seeds=2, iterations=150)}
    >>> scaled(check, Data(draws=5), 1e8)
    Traceback (most recent call last):
    ...
    ValueError: scale = 100000000.0 would need draws = 10 × 1e+08, at least one float64 per \
draw, an array of 1,000,000,000 float64 entries (7.45 GiB), more than the limit of MAX_ELEMENTS \
= 2**28 entries (2 GiB)
    """
    _require(
        isinstance(scale, (int, float)) and math.isfinite(scale) and scale > 0,
        "scale",
        scale,
        "a positive number",
    )
    if minimum is None or scale == 1:
        return {}
    parameters = inspect.signature(check).parameters
    arguments: dict[str, Any] = {}
    for where in minimum.paths(check).values():
        for path in where:
            if path.startswith(MEASURED):
                continue
            head, *rest = path.split(".")
            value = arguments.get(head, parameters[head].default)
            dimension = next(d for d, ps in minimum.paths(check).items() if path in ps)
            change = functools.partial(_scaled_size, path, dimension, scale=scale)
            arguments[head] = _replace(value, rest, change)
    return arguments


def _scaled_size(path: str, dimension: str, size: Any, scale: float) -> int:
    """``size`` × ``scale``, rounded, at least 1; a ValueError (``validation.array_size``) where
    it would not fit in memory at one float64 per element (``scaled``)."""
    size = int(size)
    product = size * scale
    elements = math.floor(product + 0.5) if math.isfinite(product) else 10**309
    what = f"{path} = {size:,} × {scale:g}, at least one float64 per {dimension.removesuffix('s')}"
    from mines_theory.validation import array_size  # numpy: not for reading the specs

    array_size("scale", scale, elements, f"{what}, an array")
    return max(1, elements)
