"""The decisions of the checks, each written once: pure functions of the data a check ran and
the criterion it declared, so that each can be fed synthetic data on both sides of its criterion
(``tests/test_decisions.py``).

``exceeded(count, trials, allowed)``
    a bound "with probability ≥ 1 − allowed" fails: the event (the bound exceeded) is more
    frequent than allowed, by the exact one-sided binomial test at level Φ̄(K_SE) = 2.9·10⁻⁷
    (``stats.exceedance_z``);
``within_se(value, target, se)``
    a Monte Carlo estimate agrees with a closed form: |value − target| ≤ ``K_SE``·se;
``identity_within(error, tolerance)``
    an identity holds to the rounding of a computation: error < tolerance;
``too_few_seeds(share, allowed)``
    the qualifier ``verdict.TOO_FEW_SEEDS``: the 95% upper end of a share of exceedances lies
    above the fraction allowed, so that the seeds cannot rule out a bound that fails more
    often than allowed;
``status_of(**parts)``
    "holds" when every named part holds and "fails" otherwise, where a status needs several
    bounds: a part that is not a bool (a NaN comparison, a numpy array) is a TypeError, so
    every part decides and none is read by accident.

``too_loose_to_test(largest, power=1)``
    the qualifier "too loose to be tested", one rule for printed and repaired bounds: the
    largest ratio of the measured side to the bound over the units run is at most
    ``UNTESTABLE`` (10⁻²) on the scale of the norm bounded (``on_norm_scale``: a bound on a
    squared norm, ``power=2``, by the square root of that ratio), so that no run of that kind
    could violate the bound, and a norm and its square get one answer;

``LOOSE``
    the looseness declared before the runs: a bound is "loose" where it is at least ``LOOSE``
    times what it bounds (bound/measured for a bound from above, measured/promised for a
    promised contraction), the lower end of the interval where the measure has one. The
    alternative it rules out: a bound within a factor ``LOOSE`` of the data, tight enough
    that its constant is tested.

Each raises ``verdict.Undecidable`` on a NaN or infinite input where a finite number is needed,
so that a decided verdict is never read off a NaN (issue 32 §2: ``worst = max(worst, nan)``).

>>> exceeded(30, 100, 0.1), exceeded(12, 100, 0.1)
(True, False)
>>> status_of(bound=True, identity=identity_within(1e-3, 1e-10)).value
'fails'
"""

from __future__ import annotations

import math

import numpy as np

from .stats import K_SE, exceedance_z
from .verdict import TOO_FEW_SEEDS, Measurement, Qualifier, Status, Undecidable

__all__ = [
    "LOOSE",
    "UNTESTABLE",
    "exceeded",
    "identity_within",
    "on_norm_scale",
    "status_of",
    "too_few_seeds",
    "too_loose_to_test",
    "within_se",
]

#: The looseness declared before the runs (Sections 3 and 5 and the repairs): a bound is
#: "loose" where bound/measured (measured/promised for a promised contraction) is ≥ LOOSE;
#: it rules out a bound within a factor LOOSE of what it bounds.
LOOSE = 10.0

#: The looseness at which a bound is "too loose to be tested" (``too_loose_to_test``): the
#: largest measured/bound over the units run at most this, printed and repaired bounds alike.
UNTESTABLE = 1e-2


def _finite(name: str, x: float) -> float:
    x = float(x)
    if not math.isfinite(x):
        raise Undecidable(f"{name} = {x}: a decision needs a finite number")
    return x


def exceeded(count: int, trials: int, allowed: float, k: float = K_SE) -> bool:
    """Whether the event of ``count`` in ``trials`` is more frequent than ``allowed``: the exact
    one-sided binomial test of H₀: P ≤ allowed rejects at level Φ̄(k), its deviate z above ``k``
    (``stats.exceedance_z``; Undecidable without a trial). 26 of 100 at 0.1 is 5.3 normal
    standard errors above, but its exact tail is 4.1·10⁻⁶: not rejected.

    >>> exceeded(0, 100, 0.1), exceeded(30, 100, 0.1), exceeded(26, 100, 0.1)
    (False, True, False)
    """
    return exceedance_z(int(count), int(trials), allowed) > k


def within_se(value: float, target: float, se: float, k: float = K_SE) -> bool:
    """Whether ``value`` lies within ``k`` standard errors ``se`` of ``target`` (a Monte Carlo
    mean against its closed form); Undecidable on a non-finite input.

    >>> within_se(1.04, 1.0, 0.01), within_se(1.06, 1.0, 0.01)
    (True, False)
    """
    value, target, se = _finite("value", value), _finite("target", target), _finite("se", se)
    return abs(value - target) <= k * se


def identity_within(error: float, tolerance: float) -> bool:
    """Whether an identity holds to ``tolerance``: error < tolerance (the rounding of the
    computation, stated by the caller); Undecidable on a non-finite error.

    >>> identity_within(3e-16, 1e-10), identity_within(1e-9, 1e-10)
    (True, False)
    """
    return _finite("error", error) < tolerance


def status_of(**parts: bool) -> Status:
    """ "holds" when every part holds, else "fails"; each part a bool (a numpy bool is one),
    named so that a test can make each part alone decide.

    >>> status_of(bound=True, tail=True).value, status_of(bound=True, tail=False).value
    ('holds', 'fails')
    """
    if not parts:
        raise ValueError("parts must name at least one criterion, got none")
    for name, part in parts.items():
        if not isinstance(part, (bool, np.bool_)):
            raise TypeError(f"part {name} must be a bool, got {part!r}")
    return Status.HOLDS if all(parts.values()) else Status.FAILS


def too_few_seeds(share: Measurement, allowed: float) -> Qualifier:
    """The qualifier ``TOO_FEW_SEEDS`` of a check whose verdict holds on ``share``, the share
    of steps (or draws) above a bound "with probability ≥ 1 − allowed", aggregated by seed:
    Yes where the upper end of its 95% interval (``Measurement.upper_share``: for a share 0 in
    every seed, the Wilson bound on the share of seeds with an event) lies above ``allowed``:
    these seeds cannot exclude an exceedance rate above ``allowed``. Its criterion is one
    sentence, the test and what Yes means; the case below ``allowed`` (the seeds exclude such a
    rate) is said as a condition, so that it does not read as the answer.

    >>> zero = Measurement("v", 0.0, kind="interval", interval=(0.0, 0.0), percent=True,
    ...                    units=16)
    >>> too_few_seeds(zero, 0.1).outcome, too_few_seeds(zero, 0.25).outcome
    (True, False)
    """
    upper = _finite(f"{share.name}'s upper end", share.upper_share())
    return Qualifier(
        TOO_FEW_SEEDS,
        f"the upper end of the 95% interval of the share above the bound (0 in every seed: "
        f"Wilson's bound on the share of seeds with an event) exceeds the allowed δ = "
        f"{_finite('allowed', allowed):g}: these seeds cannot exclude an exceedance rate above "
        "δ (an upper end below δ would exclude it)",
        upper > allowed,
    )


def on_norm_scale(ratio: float, power: int = 1) -> float:
    """A ratio of a measured side to its bound (or its inverse) on the scale of the norm
    bounded: a bound on the norm to the ``power`` (a squared norm: 2) by ``ratio``'s
    ``power``-th root, so that a bound and its square root give one number.

    >>> on_norm_scale(1 / 2500, power=2) == on_norm_scale(1 / 50)
    True
    """
    if power not in (1, 2):
        raise ValueError(f"power = {power}: a bound on a norm (1) or on its square (2)")
    return _finite("ratio", ratio) ** (1 / power)


def too_loose_to_test(
    largest: float, scope: str = "", bound: str = "the bound", power: int = 1
) -> Qualifier:
    """The qualifier "too loose to be tested" (``views.proofgraph.UNTESTABLE_QUALIFIER``), one
    rule for every bound checked on its runs, printed or repaired: Yes where ``largest``, the
    largest ratio of the measured side to the bound over the units run (its upper 95% end
    where it has one), is at most ``UNTESTABLE`` on the scale of the norm bounded
    (``on_norm_scale``: for a bound on a squared norm, ``power=2``, its square root), so that
    no run of this kind could violate the bound and holding is no evidence. A norm with its
    bound and their squares get one answer; the rule on the squared scale would answer Yes for
    the square where it answers No for the norm (a norm within 10–100× of its bound). ``scope``
    and ``bound`` word a criterion over several bounds (" for both bounds", "them"). The
    alternative it rules out, where No: a bound that some unit comes within 100× of, on the
    norm's scale.

    >>> too_loose_to_test(1 / 2880).outcome, too_loose_to_test(1 / 53.6).outcome
    (True, False)
    >>> too_loose_to_test(1 / 53.6**2, power=2).outcome
    False
    >>> too_loose_to_test(0.5).criterion.split(":")[0]
    'largest measured/bound ≤ 10⁻²'
    """
    if power == 1:
        rule = "largest measured/bound ≤ 10⁻²"
    else:
        rule = (
            "largest √(measured/bound) ≤ 10⁻², a squared norm judged on the scale of the norm, "
            "as the norm against the bound's square root (on the squared scale 10⁻² would be a "
            "factor 10 in the norm)"
        )
    return Qualifier(
        "too loose to be tested",
        f"{rule}{scope}: no run of this kind could violate {bound}, so holding is no evidence",
        on_norm_scale(largest, power) <= UNTESTABLE,
    )
