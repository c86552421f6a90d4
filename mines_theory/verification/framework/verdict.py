"""A verdict is data, not prose.

``Verdict``
    ``status``: one of a closed set (``Status``);
    ``qualifiers``: each the outcome of a named test declared before the run, with its
    criterion (``Qualifier``);
    ``measurements``: named numbers, each with its uncertainty (``Measurement``), rendered
    rounded to that uncertainty;
    ``summary``: a fixed sentence with ``{name}`` placeholders that the rendered measurements
    fill, so no number is ever part of a string that a check composes;
    ``data``: what the notebook beside the ledger row plots (not compared, not published).

Two verdicts *agree* when their statuses, summaries and qualifier outcomes are equal and each
measurement agrees with its namesake within their uncertainties (``Measurement.agrees``). That
is what the tests compare and what decides whether the published ledger changes: a Monte Carlo
number that moves as far as another CPU moves it (another BLAS kernel rounds otherwise; the
tolerances ``K_AGREE`` are calibrated on three kernels) changes nothing; a status, a qualifier,
a number beyond that, or a number doubled or halved (``AGREE_RATIO``) does.

A verdict is never computed from nothing. A check whose data cannot decide (a NaN or empty
statistic, one seed where a standard error is needed, no problem to compare, fewer draws than
a batch) returns ``Verdict.not_checked(reason)``: status "not checked", the reason its
summary (so the README's "measured" column and a verdict cell print it). Code deep inside a
check says the same by raising ``Undecidable(reason)`` (the ``stats`` helpers do, on NaN or
empty data), and the check, decorated with ``@decides``, returns it as
``Verdict.not_checked``. A verdict whose status decides something (anything but
"not checked") refuses a NaN measurement: it raises ``Undecidable``, so that a statistic of NaN
can never stand behind "holds" or "fails".

>>> from mines_theory.verification.framework.stats import largest
>>> @decides
... def check_rate(rates):
...     if len(rates) < 2:
...         return Verdict.not_checked("{seeds} seed: a spread needs at least 2",
...                                    Measurement("seeds", len(rates), kind=Kind.COUNT))
...     worst = largest(rates, "rates")      # stats.largest: raises Undecidable on NaN
...     return Verdict(Status.HOLDS, "largest rate {r}", (Measurement("r", worst, 0.01),))
>>> print(check_rate([0.5]).report())
not checked
1 seed: a spread needs at least 2
>>> check_rate([0.5, float("nan")]).text()
'rates: 1 of 2 values are NaN'
>>> check_rate([0.5, 0.25]).headline()
'holds'
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
import re
from collections.abc import Callable
from typing import Any

from mines_theory.numbers import (
    format_number,
    minus_signs,
    powers_of_ten,
    rounded,
    with_uncertainty,
)

__all__ = [
    "AGREE_RATIO",
    "DECIDED",
    "VACUOUS_AS_PRINTED",
    "VACUOUS_QUALIFIER",
    "TOO_FEW_SEEDS",
    "K_AGREE",
    "NUMERIC_ROUNDING",
    "Kind",
    "Measurement",
    "Qualifier",
    "Status",
    "Undecidable",
    "Verdict",
    "count_text",
    "decides",
    "flag_text",
    "flagged",
    "markdown_escape",
]

#: Two Monte Carlo measurements of one quantity agree when they differ by at most K_AGREE[kind]
#: combined uncertainties √(u₁² + u₂²) (a proportion, ``stats.proportion``: its binomial
#: uncertainty). The seeds are fixed, so a recomputation differs from the published number only
#: by how another BLAS kernel rounds; the tolerances are calibrated on that (every ledger check
#: under the OpenBLAS kernels SkylakeX, Haswell and Sandybridge, ``tools/calibrate_agreement.py``;
#: largest |difference|/√(u₁² + u₂²) per kind in the comments) with the margin stated, not set
#: by a count of standard errors that would let a doubled number through.
K_AGREE: dict[str, float] = {
    # 1.4e-13 across kernels (SE numbers come from runs a kernel does not make diverge):
    # half a standard error is still far from what rounding does, and rejects any change
    # a reader would call a different number.
    "se": 0.5,
    # 1.3e-13 across kernels (likewise); a z-score of the same seeds is a number, not a draw.
    "z": 0.5,
    # 1.14 across kernels (Thm 5.4's rate at κ = 1000: its runs diverge under another kernel,
    # and the bootstrap median moves like a resample of some seeds); margin ×2.
    "interval": 2.3,
    # One run of 5 reached the target under SkylakeX, none under Haswell: with Wilson's
    # intervals (``stats.proportion``) one run of n = 5 is at most 1.07 combined uncertainties,
    # two runs at least 1.79 (0.955 and 1.75 with the Agresti–Coull errors it was calibrated
    # on), so 1.25 accepts a single run flipping and nothing more.
    "proportion": 1.25,
    # The ends of an interval (``Measurement.ends_agree``), in combined uncertainties of its
    # value: 3.19 across kernels (the comparison's median at d = 20, 5 seeds: the upper end is one
    # run's order statistic, and that run diverges under Haswell, 1.10e5 → 3.9e4), 0.81 where the
    # runs do not diverge (Thm 5.4's rate at κ = 1000); margin ×1.25, as for proportions.
    "ends": 4.0,
}

#: No two values agree (beyond rounding) when one is ``AGREE_RATIO`` times the other or more,
#: or their signs differ: a factor-2 change of a Monte Carlo number is never hidden by a wide
#: uncertainty. Proportions (counts of runs) are compared by their binomial uncertainty alone.
AGREE_RATIO = 2.0

#: Two deterministic (NUMERIC) values agree beyond their stated tolerances when they differ by at
#: most this fraction of the larger: the same computation on another BLAS kernel differs by
#: rounding alone (7.242 vs 7.242 in the last bits under Haswell, for a sum of a few terms), far
#: below this, and any change of the computation far above it.
NUMERIC_ROUNDING = 1e-9


class Status(str, enum.Enum):
    """The closed set of statuses a ledger row can have."""

    HOLDS = "holds"  # the statement, checked where it applies, holds
    FAILS = "fails"  # a counterexample inside the hypotheses
    ERRATUM = "erratum"  # false as printed; a corrected form holds
    IDENTITY = "identity"  # an identity or definition, verified; not evidence
    HYPOTHESES_NOT_MET = "hypotheses not met"  # the run lies outside the statement's hypotheses
    NOT_CHECKED = "not checked"


#: The normal quantile of a two-sided 95% interval, Φ⁻¹(0.975), to double precision.
WILSON_Z = 1.959963984540054


class Kind(str, enum.Enum):
    """What a measurement's ``uncertainty`` means, and so how it is rendered and compared."""

    SE = "se"  # Monte Carlo estimate ± standard error
    INTERVAL = "interval"  # estimate with a 95% interval (bootstrap or order statistics);
    #                          uncertainty = half-width / 1.96
    PROPORTION = "proportion"  # a fraction x/n with its 95% Wilson interval (``stats.proportion``);
    #                          uncertainty = half-width / 1.96, rendered as percentages
    Z = "z"  # a z-score (uncertainty 1 by construction)
    NUMERIC = "numeric"  # deterministic computation; uncertainty = its numeric tolerance
    COUNT = "count"  # an exact integer
    BELOW = "below"  # a residual (or a signed worst case) reported only as below the
    #                          tolerance ``uncertainty``, or as its value where it is not
    MAXIMUM = "maximum"  # the largest value over ``units`` seeds, a sample maximum: no
    #                          interval (a bootstrap's cannot reach above it, so its upper end
    #                          is the value itself), rendered "1770 (largest of 256 seeds)"


_MARKDOWN_SPECIAL = re.compile(r"([\\*_~])")


def markdown_escape(text: str) -> str:
    """``text`` with the characters that Markdown (and MyST) read as emphasis or escapes
    (``\\ * _ ~``) escaped outside ``code`` spans, so that a verdict such as "μ̂*, f*" is shown
    as written wherever a verdict is rendered as Markdown (README, book, notebook tables).

    >>> print(markdown_escape("f − f* at μ̂*; see `eq_x*`"))
    f − f\\* at μ̂\\*; see `eq_x*`
    """
    parts = text.split("`")
    return "`".join(
        _MARKDOWN_SPECIAL.sub(r"\\\1", part) if i % 2 == 0 else part for i, part in enumerate(parts)
    )


#: The statuses that decide something: a verdict with one of them never holds a NaN number.
DECIDED = frozenset(Status) - {Status.NOT_CHECKED}


class Undecidable(Exception):
    """The data cannot decide a check: a NaN or empty statistic, too few seeds or draws, nothing
    to compare. ``reason`` is a sentence (a ``Verdict`` summary: ``{name}`` placeholders are
    filled by ``measurements``); ``@decides`` turns it into ``Verdict.not_checked``.

    Not a ``ValueError``: an invalid configuration (a parameter out of its range) raises
    ``ValueError`` naming the parameter; a valid one whose data cannot decide is undecidable.
    """

    def __init__(self, reason: str, *measurements: Measurement):
        super().__init__(reason)
        self.reason = reason
        self.measurements = measurements


def decides(check: Callable[..., Verdict]) -> Callable[..., Verdict]:
    """Decorate a check so that ``Undecidable`` raised anywhere inside it (by ``stats``, by a
    ``Verdict`` with a NaN number, or by the check) returns ``Verdict.not_checked`` with its
    reason instead of propagating."""

    @functools.wraps(check)
    def wrapper(*args, **kwargs):
        try:
            return check(*args, **kwargs)
        except Undecidable as undecidable:
            return Verdict.not_checked(undecidable.reason, *undecidable.measurements)

    return wrapper


_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def count_text(n: int) -> str:
    """A sample size as a summary writes it: a power of ten ≥ 10 as 10ⁿ, any other count in
    digits (so that a run at another size says how large it was).

    >>> count_text(1_000_000), count_text(50_000), count_text(1)
    ('10⁶', '50000', '1')
    """
    n = int(n)
    exponent = len(str(n)) - 1
    if n >= 10 and n == 10**exponent:
        return "10" + str(exponent).translate(_SUPERSCRIPTS)
    return str(n)


@dataclasses.dataclass(frozen=True)
class Measurement:
    """A named number with its uncertainty (see ``Kind``)."""

    name: str
    value: float
    uncertainty: float = 0.0
    kind: Kind = Kind.NUMERIC
    interval: tuple[float, float] | None = None  # the 95% interval shown for Kind.INTERVAL
    digits: int = 2  # significant digits of a NUMERIC value
    percent: bool = False  # a fraction, rendered as a percentage
    #: The independent units (seeds) a bootstrap interval resamples (``stats.bootstrap``), or
    #: None: what a share that is 0 (or 1) in every unit is rendered against (``render``).
    units: int | None = None

    def __post_init__(self):
        object.__setattr__(self, "kind", Kind(self.kind))
        object.__setattr__(self, "value", float(self.value))
        object.__setattr__(self, "uncertainty", float(self.uncertainty))
        if self.interval is not None:
            object.__setattr__(self, "interval", tuple(float(v) for v in self.interval))
        if self.units is not None:
            if isinstance(self.units, bool) or int(self.units) != self.units or self.units < 1:
                raise ValueError(
                    f"units must be a positive whole number of seeds or None, got {self.units!r}"
                )
            object.__setattr__(self, "units", int(self.units))
        if self.kind is Kind.MAXIMUM and self.interval is not None:
            raise ValueError(f"{self.name!r}: a sample maximum has no interval")

    @property
    def decidable(self) -> bool:
        """Whether no part of it is NaN (a missing number: nothing can be decided from it)."""
        parts = (self.value, self.uncertainty, *(self.interval or ()))
        return not any(math.isnan(x) for x in parts)

    @property
    def finite(self) -> bool:
        """Whether it is a number a decided verdict may hold: finite, except a median with its
        interval (``Kind.INTERVAL``), which is +∞ where more than half the runs never reached
        their target (``stats.median_interval``). A z-score of ∞ (a standard error of 0 from
        two equal draws), an infinite ratio or an infinite uncertainty decides nothing; a z-score
        of −∞ is an exact test's p-value of 1 (no event at all, ``stats.exceedance_z``), a
        number."""
        if self.kind is Kind.INTERVAL:
            return self.decidable
        if self.kind is Kind.Z and self.value == -math.inf and math.isfinite(self.uncertainty):
            return True
        return math.isfinite(self.value) and math.isfinite(self.uncertainty)

    def render(self) -> str:
        """The value rounded to its uncertainty (``Kind`` says how).

        >>> Measurement("r", 1.3853, 0.0512, "se").render()
        '1.39 ± 0.05'
        >>> Measurement("p", 0.0, 0.0033, "se", percent=True).render()
        '0.0 ± 0.3%'
        >>> Measurement("e", 3e-14, 1e-10, "below").render()
        '< 1e-10'
        >>> Measurement("m", 1770.4, kind="maximum", units=256, digits=3).render()
        '1770 (largest of 256 seeds)'
        """
        if self.kind is Kind.MAXIMUM:
            of = f"of {self.units} seeds" if self.units is not None else "in the sample"
            return f"{format_number(self.value, self.digits)} (largest {of})"
        if self.kind is Kind.COUNT:
            return f"{int(self.value):d}" if math.isfinite(self.value) else str(self.value)
        if self.kind is Kind.BELOW:
            return (
                f"< {self.uncertainty:.0e}"
                if self.value < self.uncertainty
                else format_number(self.value)
            )
        if self.kind is Kind.Z:
            if math.isfinite(self.value):
                return f"{self.value:.1f}"
            return "-∞" if self.value < 0 else "∞"
        if self.kind is Kind.NUMERIC:
            text = format_number(self.value * (100 if self.percent else 1), self.digits)
            return text + ("%" if self.percent else "")
        if self.kind in (Kind.INTERVAL, Kind.PROPORTION) and self.interval is not None:
            unanimous = self._unanimous()
            if unanimous is not None:
                return unanimous
            low, high = self.interval
            centre, low_text, high_text = rounded(
                [self.value, low, high], (high - low) / 4, self.percent
            )
            return f"{centre} [{low_text}, {high_text}]"
        return with_uncertainty(self.value, self.uncertainty, self.percent)

    def _unanimous(self) -> str | None:
        """A share that is 0 (or 1) in every one of its ``units`` seeds, so that its bootstrap
        interval has no width ("0% [0%, 0%]" read as a width lost to rounding), as the count of
        seeds it rests on with the end of the Wilson 95% interval (``stats.proportion``) of the
        share of seeds with an event: "0% (none in 16 seeds; Wilson 95% upper bound 19%)". That
        bounds the expected share too, since a seed's share is at most 1 where it has an event.
        None for any other measurement.

        >>> Measurement("v", 0.0, kind="interval", interval=(0.0, 0.0), percent=True,
        ...             units=40).render()
        '0% (none in 40 seeds; Wilson 95% upper bound 8.8%)'
        """
        if not (
            self.units is not None
            and self.percent
            and self.kind is Kind.INTERVAL
            and self.interval == (self.value, self.value)
            and self.value in (0.0, 1.0)
        ):
            return None
        end = self._wilson_end()
        n = self.units
        which = f"none in {n} seeds" if self.value == 0.0 else f"all, in each of {n} seeds"
        side = "upper" if self.value == 0.0 else "lower"
        return (
            f"{self.value * 100:.0f}% ({which}; Wilson 95% {side} bound "
            f"{format_number(end * 100)}%)"
        )

    def _wilson_end(self) -> float:
        """The end of the Wilson 95% interval of 0 (or all) events in ``units`` seeds: the
        closed form z²/(n + z²) (or n/(n + z²)), that of stats.proportion (tested against it):
        no scipy needed, so that rendering a published verdict (``list``) imports no
        numerical library."""
        n, z2 = self.units or 1, WILSON_Z**2
        return z2 / (n + z2) if self.value == 0.0 else n / (n + z2)

    def upper_share(self) -> float:
        """The upper end of the 95% interval of a share (of steps or draws above a bound,
        aggregated by seed): the Wilson end where the share is 0 in every seed (``render``),
        else the upper end of its interval (its value where it has none). What the data
        cannot rule out: an exceedance rate up to this.

        >>> Measurement("v", 0.0, kind="interval", interval=(0.0, 0.0), percent=True,
        ...             units=16).upper_share() > 0.1
        True
        >>> Measurement("v", 0.02, 0.01, "interval", (0.01, 0.05), percent=True).upper_share()
        0.05
        >>> Measurement("v", 1.0, kind="interval", interval=(1.0, 1.0), percent=True,
        ...             units=16).upper_share()  # all in every seed: 1 (the Wilson end is lower)
        1.0
        """
        if self._unanimous() is not None:
            return self._wilson_end() if self.value == 0.0 else 1.0
        return self.interval[1] if self.interval is not None else self.value

    def prose(self) -> str:
        """``render`` as prose and tables write it: exponent notation as a power of ten
        (``numbers.powers_of_ten``), a minus sign as "−" (``numbers.minus_signs``), and an
        interval of zero width (the order statistics around the median alike) as its value
        alone, where "0% [0%, 0%]" would read as a width lost to rounding, unless it is a share
        of seeds that ``render`` writes with its count. (The verdict cell prints ``render``
        through ``ledger.readable_text``, which does the first two on the whole line.)

        >>> Measurement("C", 1.6e14, kind="numeric").prose()
        '1.6×10¹⁴'
        >>> Measurement("s", -0.99968, kind="interval", interval=(-0.99987, -0.99928)).prose()
        '−0.99968 [−0.99987, −0.99928]'
        >>> Measurement("v", 0.0, kind="interval", interval=(0.0, 0.0), percent=True).prose()
        '0%'
        """
        if (
            self.kind in (Kind.INTERVAL, Kind.PROPORTION)
            and self.interval is not None
            and self.interval[0] == self.interval[1] == self.value
            and math.isfinite(self.value)
            and self._unanimous() is None
        ):
            return minus_signs(rounded([self.value], 0.0, self.percent)[0])  # no width to show
        return minus_signs(powers_of_ten(self.render()))

    @property
    def is_proportion(self) -> bool:
        """A fraction of runs or draws (``stats.proportion``, or a Kind.SE estimate rendered as
        a percentage), compared through its binomial uncertainty."""
        return self.kind is Kind.PROPORTION or (self.kind is Kind.SE and self.percent)

    def _spread(self) -> float:
        """The uncertainty compared: ``uncertainty``, or for an interval open above (a median of
        runs some of which never reached their target) its lower half-width / 1.96."""
        if (
            self.kind is Kind.INTERVAL
            and not math.isfinite(self.uncertainty)
            and self.interval is not None
            and math.isfinite(self.interval[0])
        ):
            return (self.value - self.interval[0]) / 1.96
        return self.uncertainty

    def agrees(self, other: Measurement, k: float | None = None) -> bool:
        """Whether ``other`` is the same quantity within the uncertainties of both: at most
        ``k`` (default ``K_AGREE`` of the kind) combined uncertainties apart, and, unless a
        proportion, within a factor ``AGREE_RATIO`` of each other (``K_AGREE``)."""
        if self.name != other.name or self.kind is not other.kind:
            return False
        if not (math.isfinite(self.value) and math.isfinite(other.value)):
            return (self.value == other.value) or (
                math.isnan(self.value) and math.isnan(other.value)
            )
        difference = abs(self.value - other.value)
        if self.kind is Kind.COUNT:
            return difference == 0
        if self.kind is Kind.BELOW:
            return (self.value < self.uncertainty) == (other.value < other.uncertainty)
        if self.kind is Kind.NUMERIC:
            larger = max(abs(self.value), abs(other.value))
            return difference <= self.uncertainty + other.uncertainty + NUMERIC_ROUNDING * larger
        if self.kind is Kind.MAXIMUM:
            # one seed's run, which another kernel can make diverge (K_AGREE["ends"]): the same
            # seeds and a factor below AGREE_RATIO, the rule every kind's value also obeys
            return self.units == other.units and (
                difference <= NUMERIC_ROUNDING * max(abs(self.value), abs(other.value))
                or (
                    self.value * other.value > 0
                    and difference < (1 - 1 / AGREE_RATIO) * max(abs(self.value), abs(other.value))
                )
            )
        proportion = self.is_proportion or other.is_proportion
        if k is None:
            k = K_AGREE["proportion" if proportion else self.kind.value]
        combined = math.hypot(self._spread(), other._spread())
        if not difference <= k * combined:
            return False
        larger = max(abs(self.value), abs(other.value))
        return (
            proportion
            or difference <= 1e-6 * combined
            or difference < (1 - 1 / AGREE_RATIO) * larger
        ) and self.ends_agree(other)

    def ends_agree(self, other: Measurement) -> bool:
        """Whether the intervals of two measurements of finite value are the same interval
        within rounding and kernels: each end at most ``K_AGREE["ends"]`` combined uncertainties
        of the value apart (an end ±∞ only with the same end), so that an interval moved or
        widened while its value stays is a difference. True where neither has an interval; False
        where one has and the other not.

        >>> a = Measurement("m", 10.0, 1.0, Kind.INTERVAL, (8.0, 12.0))
        >>> a.ends_agree(Measurement("m", 10.0, 1.0, Kind.INTERVAL, (8.5, 12.5)))
        True
        >>> a.ends_agree(Measurement("m", 10.0, 1.0, Kind.INTERVAL, (8.0, 30.0)))
        False
        """
        if self.interval is None or other.interval is None:
            return self.interval is None and other.interval is None
        combined = math.hypot(self._spread(), other._spread())
        for mine, theirs in zip(self.interval, other.interval):
            if not (math.isfinite(mine) and math.isfinite(theirs)):
                if mine != theirs:
                    return False
            elif abs(mine - theirs) > K_AGREE["ends"] * combined:
                return False
        return True

    def to_json(self) -> dict:
        data = dataclasses.asdict(self)
        data["kind"] = self.kind.value
        if self.units is None:  # published before seeds were counted: no key
            del data["units"]
        return data

    @classmethod
    def from_json(cls, data: dict) -> Measurement:
        return cls(**data)


#: The qualifier of a repaired result whose statement, with its probability 1 − Nδ by the union
#: bound over its proof's N events of probability δ (or 1 − δ with δ/N inside its constants),
#: promises nothing at the settings checked: a check sets it (``claims.repaired.common``), the
#: front page counts it (``views.report``).
VACUOUS_QUALIFIER = "union-bound form vacuous"

#: The qualifier of a row that holds on a share of steps (or draws) above a bound "with
#: probability ≥ 1 − δ" while the upper end of the share's 95% interval (for a share 0 in every
#: seed, Wilson's bound on the share of seeds with an event: ``Measurement.upper_share``) lies
#: above δ: the seeds are too few to rule out an exceedance rate above δ
#: (``decisions.too_few_seeds``).
TOO_FEW_SEEDS = "too few seeds to exclude δ"

#: The qualifier of a row whose printed bound on a probability is at least 1 at a setting inside
#: its hypotheses (Lemma B.5's exponent of the wrong sign): vacuous, not false, since no run can
#: exceed it; ``views.report.row_false_as_printed`` does not count such a row as false.
VACUOUS_AS_PRINTED = "vacuous as printed"


@dataclasses.dataclass(frozen=True)
class Qualifier:
    """A word of a verdict ("loose", "rate 1/k"), as the outcome of a test declared before the
    run: ``criterion`` says what was tested, ``outcome`` what it gave."""

    name: str
    criterion: str
    outcome: bool

    def __post_init__(self):
        object.__setattr__(self, "outcome", bool(self.outcome))

    def render(self) -> str:
        """The question the test asks, its answer, and then, set apart, the criterion (so that
        the criterion is not read as the finding).

        >>> Qualifier("loose", "bound/measured ≥ 10 at every α", True).render()
        'loose? Yes. Criterion: bound/measured ≥ 10 at every α.'
        >>> Qualifier("rate 1/k", "slope in [−1.1, −0.9].", False).render()
        'rate 1/k? No. Criterion: slope in [−1.1, −0.9].'
        """
        criterion = self.criterion.rstrip()
        end = "" if criterion.endswith(".") else "."
        return f"{self.name}? {'Yes' if self.outcome else 'No'}. Criterion: {criterion}{end}"


@dataclasses.dataclass(frozen=True)
class Verdict:
    """What a check found (see the module docstring)."""

    status: Status
    summary: str
    measurements: tuple[Measurement, ...] = ()
    qualifiers: tuple[Qualifier, ...] = ()
    data: Any = dataclasses.field(default=None, compare=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "status", Status(self.status))
        object.__setattr__(self, "measurements", tuple(self.measurements))
        object.__setattr__(self, "qualifiers", tuple(self.qualifiers))
        names = [m.name for m in self.measurements]
        if len(set(names)) != len(names):
            raise ValueError(f"measurement names must be unique, got {names}")
        if self.status in DECIDED:
            nan = [m.name for m in self.measurements if not m.decidable]
            if nan:
                raise Undecidable(
                    f"NaN measurement{'s' if len(nan) > 1 else ''} "
                    f"{', '.join(nan)} (cannot decide {self.status.value!r})"
                )
            infinite = [m for m in self.measurements if not m.finite]
            if infinite:
                named = (
                    f"{m.name} = {m.value:g}"
                    + ("" if math.isfinite(m.uncertainty) else f" ± {m.uncertainty:g}")
                    for m in infinite
                )
                raise Undecidable(
                    f"non-finite measurement{'s' if len(infinite) > 1 else ''} "
                    f"{', '.join(named)} (cannot decide {self.status.value!r})"
                )
        self.text()  # every placeholder has a measurement

    @classmethod
    def not_checked(cls, reason: str, *measurements: Measurement, data: Any = None) -> Verdict:
        """The verdict of a check whose data cannot decide: status "not checked", summary
        ``reason`` (its ``{name}`` placeholders are filled by ``measurements``, as in any
        summary), no qualifier.

        >>> print(Verdict.not_checked("no problem to compare").report())
        not checked
        no problem to compare
        """
        return cls(Status.NOT_CHECKED, reason, measurements, (), data)

    def __getitem__(self, name: str) -> Measurement:
        for m in self.measurements:
            if m.name == name:
                return m
        raise KeyError(f"no measurement {name!r}; have {[m.name for m in self.measurements]}")

    def qualifier(self, name: str) -> Qualifier:
        for q in self.qualifiers:
            if q.name == name:
                return q
        raise KeyError(f"no qualifier {name!r}; have {[q.name for q in self.qualifiers]}")

    def prose(self) -> str:
        """The summary with its numbers as prose writes them (``Measurement.prose``), where
        ``text`` fills it as the verdict cell prints it (``Measurement.render``)."""
        return self.summary.format(**{m.name: m.prose() for m in self.measurements})

    def text(self) -> str:
        """The summary with every ``{name}`` replaced by that measurement, rendered."""
        return self.summary.format(**{m.name: m.render() for m in self.measurements})

    def headline(self) -> str:
        """The status followed by the names of the qualifiers whose test came out true."""
        held = [q.name for q in self.qualifiers if q.outcome]
        return self.status.value + (f" ({'; '.join(held)})" if held else "")

    def report(self) -> str:
        """Every part, one per line: what a verdict cell prints."""
        lines = [self.headline(), self.text()]
        lines += [f"- {q.render()}" for q in self.qualifiers]
        return "\n".join(lines)

    def differences(self, other: Verdict) -> list[str]:
        """What keeps ``other`` from agreeing with this verdict (empty when they agree)."""
        out = []
        if self.status != other.status:
            out.append(f"status {self.status.value!r} != {other.status.value!r}")
        if self.summary != other.summary:
            out.append("summary text differs")
        mine = {q.name: q for q in self.qualifiers}
        theirs = {q.name: q for q in other.qualifiers}
        if mine.keys() != theirs.keys():
            out.append(f"qualifiers {sorted(mine)} != {sorted(theirs)}")
        for name in mine.keys() & theirs.keys():
            if mine[name] != theirs[name]:
                out.append(f"qualifier {name!r}: {mine[name].render()} != {theirs[name].render()}")
        ours = {m.name: m for m in self.measurements}
        others = {m.name: m for m in other.measurements}
        if ours.keys() != others.keys():
            out.append(f"measurements {sorted(ours)} != {sorted(others)}")
        for name in ours.keys() & others.keys():
            if not ours[name].agrees(others[name]):
                out.append(
                    f"measurement {name!r}: {ours[name].render()} vs "
                    f"{others[name].render()} ({ours[name].kind.value})"
                )
        return out

    def agrees(self, other: Verdict) -> bool:
        return not self.differences(other)

    @property
    def flagged(self) -> bool:
        """Whether an erratum's check showed the form it tests wrong (status "erratum",
        ``flagged``)."""
        return self.status is Status.ERRATUM

    def to_json(self) -> dict:
        return {
            "status": self.status.value,
            "summary": self.summary,
            "measurements": [m.to_json() for m in self.measurements],
            "qualifiers": [dataclasses.asdict(q) for q in self.qualifiers],
        }

    @classmethod
    def from_json(cls, data: dict) -> Verdict:
        return cls(
            Status(data["status"]),
            data["summary"],
            tuple(Measurement.from_json(m) for m in data["measurements"]),
            tuple(Qualifier(**q) for q in data["qualifiers"]),
        )


def flagged(flag: bool, shown: str, measurements: tuple[Measurement, ...] = ()) -> Verdict:
    """An erratum's verdict: whether the form its check tests (the printed form when called with
    ``printed=True``, the corrected one with ``printed=False``) is shown wrong as the erratum
    says, the sentence that argues it (``shown``, a summary with ``{name}`` placeholders) and the
    numbers, each with its uncertainty.

    The mapping: shown wrong (``flag`` true) → "erratum"; not shown wrong → "holds" (the form
    tested stands); data that cannot decide → "not checked" (a NaN number raises
    ``Undecidable``, which the ledger, through ``decides``, turns into "not checked").

    >>> v = flagged(True, "largest z = {z} under the printed mean (criterion: z > 4)",
    ...             (Measurement("z", 48.31, 1.0, "z"),))
    >>> v.status.value, v.flagged, flag_text(v)
    ('erratum', True, 'flagged: largest z = 48.3 under the printed mean (criterion: z > 4)')
    """
    return Verdict(Status.ERRATUM if flag else Status.HOLDS, shown, tuple(measurements))


def flag_text(verdict: Verdict) -> str:
    """How an erratum's verdict reads in the errata table and the corrigendum: "flagged: " (status
    "erratum"), "NOT flagged: " (any other decided status) or "not checked: ", and its sentence
    with its numbers rendered."""
    if verdict.status is Status.NOT_CHECKED:
        return "not checked: " + verdict.text()
    return ("flagged: " if verdict.flagged else "NOT flagged: ") + verdict.text()
