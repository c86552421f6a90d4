"""The probability tools of Appendix B (Lemmas B.1–B.6)."""

from __future__ import annotations

import math

import numpy as np
import scipy.stats

from mines_theory.theory.gaussian import lemma_b1_bounds, norm_moment
from ...framework.decisions import status_of
from ...framework.declare import claim
from ...framework.sizes import Data
from ...framework.stats import (
    K_SE,
    exceedance_z,
    largest,
    smallest,
    trials_needed,
    z_measurement,
)
from ...framework.verdict import (
    VACUOUS_AS_PRINTED,
    Measurement,
    Qualifier,
    Status,
    Undecidable,
    Verdict,
    count_text,
)

__all__ = [
    "check_lemma_b1",
    "check_lemma_b2",
    "check_lemma_b3",
    "check_lemma_b4",
    "check_lemma_b5",
    "check_lemma_b6",
    "decide_largest_ratio",
    "decide_lemma_b3",
    "decide_lemma_b5",
    "hoeffding_at_one",
    "laurent_massart_lower",
    "laurent_massart_upper",
    "vacuous_as_printed",
]


@claim("Lemma B.1")
def check_lemma_b1(bounds=lemma_b1_bounds) -> Verdict:
    """Lemma B.1: d^{p/2} ≤ E‖u‖^p ≤ (p + d)^{p/2}, p ≥ 2, with E‖u‖^p from scipy's chi
    distribution, on d = 1..100 and p ∈ {2, 2.5, 3, 4, 6, 8, 12}; ``bounds(d, p)`` the (lower,
    upper) bound (``gaussian.lemma_b1_bounds``), each a part of the status."""
    ratios = []
    for d in range(1, 101):
        for p in (2, 2.5, 3, 4, 6, 8, 12):
            lower, upper = bounds(d, p)
            m = norm_moment(d, p)
            ratios.append((m / lower, upper / m))
    worst_lower = smallest([r[0] for r in ratios], "E‖u‖^p/lower bound")
    worst_upper = smallest([r[1] for r in ratios], "upper bound/E‖u‖^p")
    return Verdict(
        status_of(lower=worst_lower >= 1 - 1e-12, upper=worst_upper >= 1 - 1e-12),
        "d = 1..100, p ∈ [2, 12]: smallest E‖u‖^p/lower bound {lower} (tight at p = 2), "
        "smallest upper bound/E‖u‖^p {upper}",
        (
            Measurement("lower", worst_lower, 1e-9, digits=3),
            Measurement("upper", worst_upper, 1e-9, digits=3),
        ),
    )


def laurent_massart_upper(gamma, t: float) -> float:
    """Lemma B.2's upper threshold ‖γ‖₁ + 2√(‖γ‖₂²t) + 2‖γ‖∞t, exceeded with probability
    ≤ e^{−t}."""
    gamma = np.asarray(gamma, dtype=float)
    return float(gamma.sum() + 2 * np.sqrt(np.sum(gamma**2) * t) + 2 * gamma.max() * t)


def laurent_massart_lower(gamma, t: float) -> float:
    """Lemma B.2's lower threshold ‖γ‖₁ − 2√(‖γ‖₂²t), undershot with probability ≤ e^{−t}."""
    gamma = np.asarray(gamma, dtype=float)
    return float(gamma.sum() - 2 * np.sqrt(np.sum(gamma**2) * t))


@claim("Lemma B.2", minimum=Data(draws=trials_needed(math.exp(-4.0))))
def check_lemma_b2(
    draws: int = 1_000_000, upper=laurent_massart_upper, lower=laurent_massart_lower
) -> Verdict:
    """Lemma B.2 (Laurent & Massart): for Σγ_iq_i with q_i ~ χ²₁, P[≥ ‖γ‖₁ + 2√(‖γ‖₂²t) +
    2‖γ‖∞t] ≤ e^{−t} and P[≤ ‖γ‖₁ − 2√(‖γ‖₂²t)] ≤ e^{−t}: exactly (scipy's χ² distribution) for
    equal weights, n = 1..200, t ∈ [0.01, 20]; by Monte Carlo (10⁶ draws, the exact one-sided
    binomial test at level Φ̄(K_SE), ``stats.exceedance_z``) for unequal weights, of the upper
    tail; "not checked" with fewer draws than 10 expected events at the smallest allowed
    probability e^{−4} (``stats.trials_needed``).
    ``upper(γ, t)`` and ``lower(γ, t)`` are the thresholds (``laurent_massart_upper``,
    ``laurent_massart_lower``); the exact part and the Monte Carlo part each decide."""
    ratios = []
    for n in (1, 2, 5, 20, 200):
        for t in np.geomspace(0.01, 20, 40):
            above = scipy.stats.chi2(n).sf(upper(np.ones(n), t))
            below = scipy.stats.chi2(n).cdf(lower(np.ones(n), t))
            ratios += [above / np.exp(-t), below / np.exp(-t)]
    worst = largest(ratios, "exact tail/e^-t")
    rng = np.random.default_rng(9)
    gamma = np.array([3.0, 1.0, 0.5, 0.1])
    sums = (rng.standard_normal((draws, 4)) ** 2) @ gamma
    z_scores = []
    for t in (0.5, 1.0, 2.0, 4.0):
        threshold = upper(gamma, t)
        z_scores.append(exceedance_z(int(np.sum(sums >= threshold)), draws, float(np.exp(-t))))
    z = largest(z_scores, "z-scores of the exceedances")
    return Verdict(
        status_of(exact=bool(worst <= 1 + 1e-12), monte_carlo=bool(z <= K_SE)),
        "exact for equal weights (largest P/e^-t = {worst}); Monte Carlo for weights "
        f"(3, 1, 0.5, 0.1), {count_text(draws)} draws at t ∈ {{{{0.5, 1, 2, 4}}}}: largest z = "
        f"{{z}} against the allowed e^-t (rejected above {K_SE:g})",
        (Measurement("worst", worst, 1e-9), z_measurement("z", z)),
    )


def decide_lemma_b3(z: float) -> Status:
    """Lemma B.3's status: the largest z of the exceedance over the shapes and t (one-sided
    binomial, against the allowed 2e^{−t²/2}) at most ``K_SE``.

    >>> decide_lemma_b3(-86.1).value, decide_lemma_b3(5.01).value
    ('holds', 'fails')
    """
    return status_of(monte_carlo=bool(z <= K_SE))


def decide_largest_ratio(**ratios: float) -> Status:
    """The status of exact bounds checked on a grid (Lemmas B.4, B.6): one part per bound, met
    when its largest ratio of the bounded quantity to the bound is at most 1.

    >>> decide_largest_ratio(tail=0.096).value, decide_largest_ratio(tail=1.01).value
    ('holds', 'fails')
    """
    return status_of(**{name: bool(worst <= 1) for name, worst in ratios.items()})


@claim("Lemma B.3", minimum=Data(draws=trials_needed(2 * math.exp(-2.0)), at={"draws": "samples"}))
def check_lemma_b3(samples: int = 20_000) -> Verdict:
    """Lemma B.3 (Vershynin, Cor. 5.35): s_max(A) ≤ √N + √n + t with probability ≥ 1 − 2e^{−t²/2}
    for an N×n standard Gaussian A; Monte Carlo (2·10⁴ matrices per shape), the exact one-sided
    binomial test of the exceedance against the allowed probability at level Φ̄(K_SE). Where
    the allowed probability is ≥ 1 the bound says nothing and is skipped. "Not checked" with
    fewer matrices per shape than 10 expected events at the smallest allowed probability
    2e^{−2} (``stats.trials_needed``)."""
    rng = np.random.default_rng(10)
    z = -np.inf
    for N, n in [(20, 5), (10, 10), (50, 3)]:
        smax = np.linalg.norm(rng.standard_normal((samples, N, n)), ord=2, axis=(1, 2))
        for t in (0.5, 1.0, 2.0):
            allowed = 2 * np.exp(-(t**2) / 2)
            if allowed < 1:
                z = max(
                    z,
                    exceedance_z(
                        int(np.sum(smax > np.sqrt(N) + np.sqrt(n) + t)), samples, float(allowed)
                    ),
                )
    return Verdict(
        decide_lemma_b3(z),
        f"Monte Carlo, {count_text(samples)} matrices of each shape 20×5, 10×10, 50×3 at "
        "t = 2 (at t ≤ 1 the allowed 2e^-t²/2 ≥ 1 and the bound says nothing): largest "
        f"z = {{z}} of the exceedance against the bound (rejected above {K_SE:g})",
        (z_measurement("z", z),),
    )


@claim("Lemma B.4")
def check_lemma_b4() -> Verdict:
    """Lemma B.4 (eq:u_norm): ‖u‖² ≤ 2d + 3 log(1/δ) with probability ≥ 1 − δ, exactly from the
    χ²_d distribution for d = 1..500, δ ∈ [10⁻¹⁰, 0.5]."""
    worst = largest(
        [
            scipy.stats.chi2(d).sf(2 * d + 3 * np.log(1 / delta)) / delta
            for d in (1, 2, 5, 10, 50, 100, 500)
            for delta in np.geomspace(1e-10, 0.5, 30)
        ],
        "P(‖u‖² > bound)/δ",
    )
    return Verdict(
        decide_largest_ratio(tail=worst),
        "exact (χ²), d = 1..500, δ ∈ [1e-10, 0.5]: largest P(‖u‖² > bound)/δ = {worst}",
        (Measurement("worst", worst, 1e-9),),
    )


@claim("Lemma B.5")
def check_lemma_b5() -> Verdict:
    """Lemma B.5 (Hoeffding) prints P(S_n − E S_n ≥ ψ) ≤ exp(−(−2ψ²)/Σ(b_i − a_i)²), whose exponent
    is positive: the printed bound exceeds 1 and says nothing. The intended exp(−2ψ²/Σ(b_i − a_i)²)
    holds (exactly checked for sums of Bernoulli(½) variables, n = 1..100)."""
    ratios = []
    for n in (1, 5, 20, 100):
        for psi in np.linspace(0.1, n / 2, 20):
            tail = scipy.stats.binom(n, 0.5).sf(np.ceil(n / 2 + psi) - 1)
            ratios.append(tail / np.exp(-2 * psi**2 / n))
    worst = largest(ratios, "Bernoulli tail/Hoeffding bound")
    printed = hoeffding_at_one(printed=True)
    measurements = (
        Measurement("worst", worst, 1e-9),
        Measurement("printed", printed, 1e-12, digits=3),
    )
    status = decide_lemma_b5(worst, printed)
    vacuous = Qualifier(
        VACUOUS_AS_PRINTED,
        "the printed bound at ψ = 1, n = 1, b₁ − a₁ = 1 is at least 1: no probability can "
        "exceed it, so the printed form is vacuous, not false",
        vacuous_as_printed(printed),
    )
    if status is Status.FAILS:
        return Verdict(
            Status.FAILS,
            "the intended bound fails for Bernoulli sums (largest "
            "ratio {worst}); printed bound at ψ = 1 with one summand (n = 1), b₁ − a₁ = 1: "
            "{printed}",
            measurements,
            (vacuous,),
        )
    return Verdict(
        status,
        "the printed exponent −(−2ψ²)/… is positive (the bound is {printed} at ψ = 1 "
        "with one summand, n = 1, b₁ − a₁ = 1); the intended bound holds (Bernoulli sums, "
        "largest ratio {worst})",
        measurements,
        (vacuous,),
    )


def vacuous_as_printed(printed: float) -> bool:
    """Whether a printed bound on a probability (``printed``) is at least 1, so that no
    probability can exceed it: Lemma B.5's ``VACUOUS_AS_PRINTED`` qualifier. Undecidable on a
    NaN.

    >>> vacuous_as_printed(7.39), vacuous_as_printed(0.135)
    (True, False)
    """
    if not math.isfinite(printed):
        raise Undecidable(f"printed = {printed}: a decision needs a finite number")
    return printed >= 1


def decide_lemma_b5(worst: float, printed: float) -> Status:
    """Lemma B.5's status, and its erratum's flag (status "erratum"): "fails" when the intended
    bound fails (the largest Bernoulli tail/bound ``worst`` above 1 + 10⁻¹²), the erratum's
    control; else "erratum" when the printed form at ψ = 1, n = 1 (``printed``) exceeds 1 and
    so says nothing, "holds" when it does not. Undecidable on a NaN.

    >>> [decide_lemma_b5(w, p).value for w, p in ((0.8, 7.4), (1.1, 7.4), (0.8, 0.14))]
    ['erratum', 'fails', 'holds']
    """
    for name, value in (("worst", worst), ("printed", printed)):
        if not math.isfinite(value):
            raise Undecidable(f"{name} = {value}: a decision needs a finite number")
    if worst > 1 + 1e-12:
        return Status.FAILS
    return Status.ERRATUM if printed > 1 else Status.HOLDS


def hoeffding_at_one(printed: bool) -> float:
    """Lemma B.5's bound at ψ = 1, n = 1, b − a = 1: printed exp(−(−2ψ²)/Σ(b_i − a_i)²) or the
    intended exp(−2ψ²/Σ(b_i − a_i)²)."""
    exponent = -2 * 1.0**2 / 1.0
    return float(np.exp(-exponent if printed else exponent))


@claim("Lemma B.6")
def check_lemma_b6() -> Verdict:
    """Lemma B.6 (Rakhlin et al.): if a_t ≤ a₀/t for t ≤ k and a_{k+1} ≤ b/(k(k−1))·√(Σ_{t=2}^k
    (t−1)²a_t) + c/k with a₀ ≥ 9b²/4 + 3c, then a_{k+1} ≤ a₀/(k+1): the worst case a_t = a₀/t,
    a₀ = 9b²/4 + 3c, on a grid of b, c and k = 2..2000."""
    ratios = []
    for b in (0.01, 0.1, 1.0, 10.0, 100.0):
        for c in (0.0, 0.01, 1.0, 100.0, 1e4):
            a0 = 9 * b * b / 4 + 3 * c
            k = np.arange(2, 2001)
            partial = np.sqrt(np.cumsum((k - 1) ** 2 * a0 / k))
            rhs = b / (k * (k - 1)) * partial + c / k
            ratios.append(rhs / (a0 / (k + 1)))
    worst = largest(np.concatenate(ratios), "a_(k+1)/(a₀/(k+1))")
    return Verdict(
        decide_largest_ratio(recursion=worst),
        "worst case over b, c ∈ [0, 10⁴], k ≤ 2000: largest a_(k+1)/(a₀/(k+1)) = {worst}",
        (Measurement("worst", worst, 1e-9),),
    )
