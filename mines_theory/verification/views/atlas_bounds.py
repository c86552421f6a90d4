"""The looseness atlas's bars, read from the declarations: ``bars`` (every ``spec.Bar`` a claim,
finding or repaired result declares with its ``atlas``), ``left_out`` (the rows without a bar, or
with a part without one, and why: their ``spec.NoBar``), and ``looseness`` (a bar's ratio from a
verdict's measurements). ``views.atlas`` draws them with ``frame`` and ``draw``; its docstring
describes the declarations.
"""

from __future__ import annotations

import math

from ..framework import ledger
from ..framework.spec import Bar, Claim
from ..framework.verdict import Kind, Measurement, Verdict

__all__ = ["bars", "left_out", "looseness"]

#: Kinds of measurement whose ``uncertainty`` is a standard error or a numeric tolerance of the
#: value itself (a z-score or a "below a tolerance" residual is not a size a bound can bound).
_SIZED = (Kind.SE, Kind.INTERVAL, Kind.PROPORTION, Kind.NUMERIC, Kind.COUNT, Kind.MAXIMUM)


def bars(rows: tuple[Claim, ...] | None = None) -> tuple[Bar, ...]:
    """Every bar the ledger's rows (``rows``: every ledger row by default) declare, in the
    ledger's order: each is one number against one bound at the published settings."""
    rows = ledger.rows() if rows is None else rows
    return tuple(bar for row in rows for bar in row.bars)


def left_out(rows: tuple[Claim, ...] | None = None) -> dict[str, str]:
    """Row number → why it (or a part of it) has no bar, for the rows that declare a
    ``NoBar``."""
    rows = ledger.rows() if rows is None else rows
    return {row.number: row.left_out for row in rows if row.left_out is not None}


def looseness(bar: Bar, verdict: Verdict) -> tuple[float, float]:
    """(looseness, uncertainty of its log₁₀) from ``verdict``'s measurements: bound/measured
    for an upper bound, measured/bound for a lower one; the uncertainty propagates the
    measurements' relative uncertainties (NaN where one is infinite or undefined).

    Raises
    ------
    ValueError
        If ``verdict`` lacks a measurement this bar names, or one is not a size (a z-score or
        a residual reported only as below a tolerance).
    """
    found = {}
    for name in bar.names:
        try:
            m = verdict[name]
        except KeyError:
            raise ValueError(
                f"Bar of {bar.claim!r} ({bar.label!r}): the verdict of {bar.source!r} has no "
                f"measurement {name!r}; it has {[m.name for m in verdict.measurements]}"
            ) from None
        if m.kind not in _SIZED:
            raise ValueError(
                f"Bar of {bar.claim!r}: measurement {name!r} is of kind "
                f"{m.kind.value!r}; expected a size ({[k.value for k in _SIZED]})"
            )
        found[name] = m
    if bar.ratio is not None:
        value, spread = _relative(found[bar.ratio])
        natural = "bound/measured" if bar.sense == "upper" else "measured/bound"
        ratio = value if bar.ratio_of == natural else _divide(1.0, value)
    else:
        bound_name, measured_name = bar.names  # both set (__post_init__)
        bound, u_bound = _relative(found[bound_name])
        measured, u_measured = _relative(found[measured_name])
        ratio = _divide(bound, measured) if bar.sense == "upper" else _divide(measured, bound)
        spread = math.hypot(u_bound, u_measured)
    return ratio, spread / math.log(10)


def _divide(a: float, b: float) -> float:
    """a/b, with a positive number over 0 infinite (a bound over a measured 0 is infinitely
    loose) and 0/0 NaN."""
    if b == 0:
        return math.inf if a > 0 else math.nan
    return a / b


def _relative(m: Measurement) -> tuple[float, float]:
    """(value, relative uncertainty) of a measurement."""
    value = m.value
    if value == 0 or not math.isfinite(value):
        return value, math.nan
    return value, (m.uncertainty / abs(value) if math.isfinite(m.uncertainty) else math.nan)
