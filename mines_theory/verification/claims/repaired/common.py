"""The test every repaired bound is checked with: exceedances of the bound on independent units
(draws, batches or seeds) against the fraction the repaired statement allows, and its looseness
(``exceedance_verdict``).

Probabilities. The repaired statements hold with 1 − Nδ for the N events of probability δ
their proofs use, or with 1 − δ once δ/N replaces δ inside the constants. The checks use the
second form (the first is vacuous whenever Nδ ≥ 1, as at every setting checked): constants at
δ/N, exceedances allowed in a fraction δ of the independent units, rejected by the exact
one-sided binomial test at level Φ̄(K_SE) (``stats.exceedance_z``).
"""

from __future__ import annotations

import math

import numpy as np

from mines_theory.numbers import powers_of_ten
from mines_theory.theory.bounds.corrected import Lemma53Corrected, lemma53_constants_corrected
from ...framework.decisions import (
    LOOSE,
    exceeded,
    on_norm_scale,
    status_of,
    too_loose_to_test,
)
from ...framework.stats import K_SE, at_least, bootstrap, proportion, trials_needed
from mines_theory.theory.bounds.section5 import c_constants
from ...framework.verdict import (
    VACUOUS_QUALIFIER,
    Measurement,
    Qualifier,
    Undecidable,
    Verdict,
    decides,
)

__all__ = [
    "UNION",
    "exact",
    "exceedance_verdict",
    "lemma53_at_confidence",
    "lemma53_settings",
    "loose_qualifier",
    "union_bound_form",
]

#: The union bound the repaired probabilities need, an erratum of several lemmas.
UNION = ('Lemmas 5.1, 5.2, D.2, D.4, D.5: "with probability ≥ 1 − δ"',)


def loose_qualifier(looseness: Measurement, measured: str, power: int = 1) -> Qualifier:
    """ "loose": the lower end of ``looseness``'s 95% interval (its value where it has none) is
    at least ``LOOSE`` on the scale of the norm bounded (``decisions.on_norm_scale``: for a
    bound on a squared norm, ``power=2``, its square root); ``measured`` names what the bound is
    divided by. The alternative it rules out: a bound within LOOSE× of what it bounds, on the
    norm's scale."""
    low = looseness.interval[0] if looseness.interval is not None else looseness.value
    ratio = "bound over " + measured
    if power == 2:
        ratio = f"√({ratio}) (a squared norm, on the norm's scale)"
    return Qualifier(
        "loose",
        f"{ratio} ≥ {LOOSE:g} (the lower end of its 95% interval); No where the "
        f"bound is within {LOOSE:g}× of the data",
        on_norm_scale(low, power) >= LOOSE,
    )


def union_bound_form(
    *, d: int, b: int, delta: float, events: float, events_words: str, result: str
) -> tuple[Measurement, Qualifier]:
    """The constant c₂ of eq:c1 at δ/``events`` (the ``result``'s statement with probability
    1 − δ once δ divided by its proof's ``events`` δ-events, said ``events_words``, replaces δ),
    and the qualifier ``VACUOUS_QUALIFIER``: c₂ ≤ 0 there, so that the union-bound form
    promises no contraction (rate ≥ 1) at these settings. The alternative it rules out: a b
    large enough against log(N/δ) for c₂ > 0."""
    c2 = c_constants(d=d, b=b, delta=delta / events).c2
    return exact("c2_union", c2), Qualifier(
        VACUOUS_QUALIFIER,
        f"c₂ ≤ 0 at δ/({events_words}): the repaired {result} with probability 1 − δ promises "
        "no contraction at these settings",
        c2 <= 0,
    )


@decides
def exceedance_verdict(
    values,
    bound,
    *,
    allowed: float,
    what: str,
    units: str = "draws",
    extra: tuple[Measurement, ...] = (),
    qualifiers: tuple[Qualifier, ...] = (),
    summary_tail: str = "",
    loose: bool = False,
    power: int = 1,
    data=None,
) -> Verdict:
    """A repaired bound "value ≤ bound with probability ≥ 1 − allowed" on independent units.

    ``values``: one measured value per unit (draw, batch or seed); ``bound``: a number or one
    per unit. Status "holds" unless the fraction of units above the bound exceeds ``allowed`` by
    the exact one-sided binomial test at level Φ̄(K_SE) (``stats.exceedance_z``): the
    alternative it rejects is a bound that fails more often than the statement allows.
    Looseness: the ``allowed``-quantile of bound/value over the units (≥ 1 where the bound
    holds as stated; 10 means the bound is 10 times what the (1 − allowed)-quantile of the data
    needs), with a 95% bootstrap interval over the units. "Not checked" with fewer units than
    the binomial test needs (``stats.trials_needed``). ``loose``: add the two qualifiers of
    its looseness, "loose" (``loose_qualifier``) and "too loose to be tested" by the rule of
    the printed bounds (``decisions.too_loose_to_test``: the largest value/bound over the units
    at most 10⁻²), both on the scale of the norm bounded: ``power`` 2 where ``values`` are a
    squared norm, judged by the square roots of the ratios, so that a norm with its bound and
    their squares get one answer; a check whose bound no run can exceed for a reason of its own
    (Lemma 5.3's cap) declares that qualifier itself instead."""
    values = np.asarray(values, dtype=float).ravel()
    n = values.size
    at_least(units, n, trials_needed(allowed), f"the binomial test at {allowed:g}")
    B = np.broadcast_to(np.asarray(bound, dtype=float), values.shape)
    count = int(np.sum(values > B))
    with np.errstate(divide="ignore"):
        ratio = np.where(values > 0, B / np.where(values > 0, values, 1.0), np.inf)
    ratio_measurement = bootstrap(lambda i: float(np.quantile(ratio[i], allowed)), n, "looseness")
    if not math.isfinite(ratio_measurement.value):
        raise Undecidable(
            "{what}: the values are 0 in more than a fraction δ of the units; "
            "bound/measured is infinite"
        )
    status = status_of(tail=not exceeded(count, n, allowed))
    summary = (
        f"{what}: {n} {units}, above the repaired bound in " + "{exceeding} (allowed "
        f"{allowed:g}, {K_SE:g} SE one-sided); bound over the measured upper {100 * allowed:g}% "
        "quantile "
        "{looseness}" + summary_tail
    )
    if loose:
        quantile = f"the measured upper {100 * allowed:g}% quantile"
        largest = float(np.max(values / B)) if np.all(B > 0) else math.inf
        qualifiers = (
            *qualifiers,
            loose_qualifier(ratio_measurement, quantile, power),
            too_loose_to_test(largest, power=power),
        )
    return Verdict(
        status,
        summary,
        (proportion("exceeding", count, n), ratio_measurement, *extra),
        qualifiers,
        data=data,
    )


def exact(name: str, value: float, **kw) -> Measurement:
    """A deterministic number, with the tolerance of its rounding (10⁻⁹ of it)."""
    return Measurement(name, value, 1e-9 * abs(value), **kw)


def lemma53_at_confidence(
    f, *, d, b, delta, gamma, alpha, K, f_gap_1, initial_error_sq
) -> tuple[Lemma53Corrected, Lemma53Corrected]:
    """Lemma 5.3's repaired constants for ``f`` on the runs' S' = [σ/2, 2L]: at δ (C₁ … C₅ as
    they are) and at δ divided by the N δ-events its proof uses, so that the statement holds
    with 1 − δ."""
    tau, zeta = f.runs_box
    kw = dict(
        d=d, b=b, L=f.L, sigma=f.sigma, gamma=gamma, tau=tau, zeta=zeta, alpha=alpha,
        K=K, f_gap_1=f_gap_1, initial_error_sq=initial_error_sq,
    )  # fmt: skip
    at_delta = lemma53_constants_corrected(delta=delta, **kw)
    return at_delta, lemma53_constants_corrected(delta=delta / at_delta.failures, **kw)


def lemma53_settings(f, *, d, b, delta, gamma, alpha, K, f_gap_1, initial_error_sq) -> str:
    """The settings at which ``lemma53_at_confidence`` computes Lemma 5.3's repaired C for ``f``
    from these inputs, in prose: the objective's condition number κ = L/σ and S' = [τ, ζ]
    (``runs_box``), then d, b, δ (the constants take δ/N), α, γ and K, each as the book
    writes numbers (3 significant digits, powers of ten), so that a page printing C
    prints where it comes from. f(μ₁) − f* and ‖Σ₁⁻¹ − H*‖² enter C but are the run's start,
    not a setting, and are left out.

    >>> from types import SimpleNamespace
    >>> f = SimpleNamespace(L=10.0, sigma=1.0, runs_box=(0.5, 20.0))
    >>> lemma53_settings(f, d=2, b=20, delta=0.05, gamma=0.0, alpha=1e-7, K=2000,
    ...                  f_gap_1=1.0, initial_error_sq=1.0)
    'd = 2, κ = L/σ = 10, S′ = [τ, ζ] = [0.5, 20], b = 20, δ = 0.05, α = 10⁻⁷, γ = 0, K = 2000'
    """
    tau, zeta = f.runs_box

    def num(x: float) -> str:
        return powers_of_ten(f"{x:.3g}")

    return (
        f"d = {d}, κ = L/σ = {num(f.L / f.sigma)}, S′ = [τ, ζ] = [{num(tau)}, {num(zeta)}], "
        f"b = {b}, δ = {num(delta)}, α = {num(alpha)}, γ = {num(gamma)}, K = {K}"
    )
