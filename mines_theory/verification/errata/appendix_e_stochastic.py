"""The errata in the proofs of the stochastic-error lemmas of Appendix E: Lemma E.7 (lem:X), Lemma
E.8 (lem:Y, eq:chi_1, eq:Y0) and Lemma E.9 (eq:sto_err). Each ``erratum_*`` returns a ``Verdict``
(``verdict.flagged``) flagged when the printed form is confirmed wrong and, with ``printed=False``,
tests the corrected form, which it must not flag; the evidence's sentence states the criterion and
its measurements the numbers that decide it."""

from __future__ import annotations

import math

import numpy as np
import scipy.stats
import sympy as sp

from mines_theory.algorithm.estimators import precision_gradient
from mines_theory.linalg.spd import project_eigenvalues, random_spd, symmetric_roots
from ..framework.decisions import within_se
from ..framework.declare import erratum
from ..framework.sizes import Data
from ..framework.stats import K_SE, MIN_Z_DRAWS, largest_z, mean_and_se, z_measurement
from ..framework.verdict import Kind, Measurement, Verdict, flagged
from .section4 import rejected_with_control
from ..claims.appendix_e.common import below, count, exact, inner, quartic, same_direction_sum
from ..claims.appendix_e.moments import (
    azuma_margin,
    chi1_grid,
    chi_threshold_region,
    truncated_moments,
    y0_failure,
)

__all__ = [
    "decide_Lambda_norm",
    "decide_Y0_sum",
    "decide_chi_threshold",
    "decide_lemx_dependence",
    "decide_missing_1_over_b",
    "decide_y_omitted",
    "erratum_EY_formula",
    "erratum_Lambda_norm",
    "erratum_Y0_sum",
    "erratum_chi_threshold",
    "erratum_lemX_dependence",
    "erratum_sto_err_Y_omitted",
    "erratum_sto_err_missing_1_over_b",
]


def decide_chi_threshold(
    printed_failed: int,
    failed: int,
    y0: float,
    allowed: float,
    violations: int,
    outside_violations: int,
    laurent_massart: int,
) -> bool:
    """Whether eq:chi_1's threshold is shown wrong: the printed A_t fails in ``printed_failed``
    > 0 grid cases; the controls: the corrected A_t fails in none (``failed``), eq:Y0's
    P(some Y ≠ 0) = ``y0`` stays within ``allowed`` (π²δ/6), on the wide grid the corrected A_t
    fails only beyond eq:chi's range (``violations`` = ``outside_violations``, > 0 so that the
    region matters) and Laurent and Massart's threshold nowhere (``laurent_massart`` = 0).
    Each part alone false leaves it not shown."""
    return bool(
        printed_failed > 0
        and failed == 0
        and y0 <= allowed
        and violations == outside_violations > 0
        and laurent_massart == 0
    )


def decide_Lambda_norm(example: float, largest: float, L: float, tau: float) -> bool:
    """Whether the proof of eq:sto_err's ‖Λ_t‖₂ ≤ L/τ is shown wrong: in the example
    ‖Λ_t‖₂ = 1 (``example``, to 10⁻¹², a control on the computation) exceeds L/τ, while the
    corrected max(L, τ)/τ holds over the random draws (``largest``, the control: the bound
    is mis-stated, not the quantity unbounded).

    >>> decide_Lambda_norm(1.0, 0.9, 0.5, 1.0), decide_Lambda_norm(1.0, 1.1, 0.5, 1.0)
    (True, False)
    """
    return bool(
        abs(example - 1.0) < 1e-12 and example > L / tau and largest <= max(L, tau) / tau + 1e-12
    )


def decide_Y0_sum(total, low: float, high: float) -> bool:
    """Whether the display before eq:Y0 is shown wrong: Σ_{t≥1} 1/(t+1)² (``total``, sympy)
    is π²/6 − 1 and not the printed π²/6, and, the control, the numerical bracket
    [``low``, ``high``] of the sum encloses π²/6 − 1 and lies below π²/6.

    >>> decide_Y0_sum(sp.pi**2 / 6 - 1, 0.6449, 0.645), decide_Y0_sum(sp.pi**2 / 6, 0.6449, 0.645)
    (True, False)
    """
    algebra = (
        sp.simplify(total - sp.pi**2 / 6) != 0 and sp.simplify(total - (sp.pi**2 / 6 - 1)) == 0
    )
    return bool(algebra and low <= math.pi**2 / 6 - 1 <= high < math.pi**2 / 6)


def decide_missing_1_over_b(
    lhs: float, corrected: float, printed_side: float, b: int, tol: float
) -> bool:
    """Whether the line of eq:sto_err's proof citing eq:E is shown to miss 1/b: the corrected
    right side ⟨(1/2b)Σ_i E_{t,i}, N_t⟩ (``corrected``) is the left side ``lhs`` to ``tol``
    (the control), the printed side is b times it (to b·``tol``), and the left side is not 0
    (|lhs| > 10⁻³: a zero would make both sides agree).

    >>> [decide_missing_1_over_b(0.5, 0.5, side, 4, 1e-10) for side in (2.0, 0.5)]
    [True, False]
    """
    return bool(
        abs(lhs - corrected) < tol and abs(printed_side - b * lhs) < b * tol and abs(lhs) > 1e-3
    )


@erratum("eq:chi_1 (Lemma E.8); A_K of Lemma 5.3")
def erratum_chi_threshold(printed: bool = True) -> Verdict:
    """eq:chi_1 (Lemma E.8) and A_K of Lemma 5.3: with A_t = 8 log(1/(bδ)) + …, eq:chi gives
    P(‖u‖² ≥ A_t) ≤ bδ/(t+1)², not δ/(b(t+1)²); A_t = 8 log(b/δ) + … is what the proof needs,
    where eq:chi applies (d ≤ 8 log(b/δ) + 16 log(t+1)). The printed form fails on the grid of
    ``check_lemma_e8`` and the corrected one does not; on ``chi_threshold_region``'s grid (d up
    to 2000) the corrected one fails beyond that region only, and Laurent and Massart's
    threshold nowhere. Evidence: the grid cases where each fails (scipy's χ² tail), and the
    exact P(some Y ≠ 0) of eq:Y0 at b = 20, δ = 0.1, d = 5 against π²δ/6."""
    failed, cases, _ = chi1_grid(printed=False)
    y0, allowed = y0_failure(20, 0.1, 5, printed=False), math.pi**2 * 0.1 / 6
    if not printed:  # corrected A_t where eq:chi applies: flagged if it fails
        return flagged(
            bool(failed > 0 or y0 > allowed),
            "with A_t = 8 log(b/δ) + 16 log(t + 1) + d, eq:chi_1 fails in {failed} of "
            "{cases} grid cases, and eq:Y0's P(some Y ≠ 0) is {y0} (flagged when > 0 "
            "or > π²δ/6)",
            (count("failed", failed), count("cases", cases), exact("y0", y0)),
        )
    violations, wide, outside_violations, _, laurent_massart = chi_threshold_region()
    printed_failed = chi1_grid(printed=True)[0]
    return flagged(
        decide_chi_threshold(
            printed_failed, failed, y0, allowed, violations, outside_violations, laurent_massart
        ),
        "grid 1 ({cases} cases, d ≤ 50): eq:chi_1 fails in {printed} as printed "
        "(flagged when > 0), {failed} with log(b/δ); grid 2 ({wide}, d ≤ 2000): "
        "with log(b/δ) in {outside} beyond eq:chi's range, {region} inside it",
        (
            count("printed", printed_failed),
            count("cases", cases),
            count("failed", failed),
            count("outside", outside_violations),
            count("wide", wide),
            count("region", violations - outside_violations),
            count("laurent_massart", laurent_massart),
            exact("y0", y0),
        ),
    )


def decide_y_omitted(
    z_EY: float, z_zero: float, summand: float, x_part: float, y_part: float
) -> bool:
    """Whether eq:sto_err's omitted Y-part is shown: a Monte Carlo of Y agrees with the formula
    for E Y (``z_EY`` within ``K_SE``, a control) and rejects E Y = 0 (``z_zero`` beyond it);
    the summand splits into its X-part and Y-part to rounding (|summand − X − Y| below
    10⁻¹⁰·max(1, |summand|), the other control); and the Y-part is more than 5% of the
    summand. Each part alone false leaves it not shown."""
    tol = 1e-10 * max(1.0, abs(summand))
    mc_ok = z_EY <= K_SE < z_zero
    return bool(
        mc_ok and abs(summand - x_part - y_part) < tol and abs(y_part) > 0.05 * abs(summand)
    )


@erratum(
    "eq:sto_err (Lemma E.9), proof",
    minimum=Data(draws=math.ceil(MIN_Z_DRAWS / scipy.stats.chi2.sf(6.0, 2))),
)
def erratum_sto_err_Y_omitted(draws: int = 200_000, printed: bool = True) -> Verdict:
    """eq:sto_err (Lemma E.9): after E_{t,i} = (X − EX) + (Y − EY) (eq:EXY) the proof bounds only
    the X-part (Lemma E.7) and states the bound for the whole sum; Lemma E.8 is never invoked and
    eq:C has no term for the Y-part. On eq:Y0's event (every Y_{t,i} = 0) that part is
    −½⟨E Y_t, N_t⟩ per step, N_t = V_tᵀΣ_t^{-1/2}(Σ_t⁻¹ − H*)Σ_t^{-1/2}V_t, and E Y_t ≠ 0: d = 2,
    A = 6, a Monte Carlo of Y agrees with ``truncated_moments``' E Y within K_SE and is more than
    K_SE standard errors from 0; for one step with b = 3 and every ‖u_i‖² ≤ A, the summand of
    eq:sto_err minus its X-part equals −½⟨E Y, N⟩ and is not small against the summand.
    Evidence: the Y-part's share of the summand, the residual summand − X − Y, and the
    Monte Carlo's largest z from E Y and from 0."""
    rng = np.random.default_rng(37)
    d, b, A = 2, 3, 6.0
    sigma_inv, H_t, H_star = (random_spd(rng, d, 0.5, 2.5) for _ in range(3))
    root, root_inv = symmetric_roots(sigma_inv)
    Lam, V = np.linalg.eigh(root @ H_t @ root)  # lem:E
    N = V.T @ root_inv @ (sigma_inv - H_star) @ root_inv @ V
    EX, EY = truncated_moments(Lam, A)
    ub = rng.standard_normal((draws, d))
    Y = quartic(ub, Lam) * (np.sum(ub**2, axis=1) > A)[:, None, None]
    z_EY, z_zero = largest_z(Y, EY), largest_z(Y, np.zeros((d, d)))
    mc_ok = z_EY <= K_SE < z_zero
    u = rng.standard_normal((b, d))
    while np.any(np.sum(u**2, axis=1) > A):  # a draw on eq:Y0's event
        u = rng.standard_normal((b, d))
    summand = float(inner(same_direction_sum(H_t, sigma_inv, u) - H_t, sigma_inv - H_star))
    x_part = 0.5 * float(np.mean(inner(quartic(u @ V, Lam) - EX, N)))  # ū_i = V_tᵀu_i
    y_part = -0.5 * float(inner(EY, N))
    tol = 1e-10 * max(1.0, abs(summand))
    found = (
        exact("share", abs(y_part) / abs(summand), rel=1e-6),
        below("residual", abs(summand - x_part - y_part), tol),
        z_measurement("z_EY", z_EY),
        z_measurement("z_zero", z_zero),
    )
    if not printed:  # X-part + Y-part: flagged unless it is the summand
        return flagged(
            bool(not (mc_ok and abs(summand - x_part - y_part) < tol)),
            "summand of eq:sto_err − X-part − Y-part is {residual}; Monte Carlo E Y at "
            "z = {z_EY} from the formula, {z_zero} from 0 (flagged unless ≤ 5 < z₀)",
            found,
        )
    return flagged(
        decide_y_omitted(z_EY, z_zero, summand, x_part, y_part),
        "the omitted Y-part −½⟨E Y, N⟩ is {share}× the summand of eq:sto_err (flagged "
        "when > 0.05); E Y ≠ 0 at z = {z_zero}, the rest {residual}",
        found,
    )


#: The fewest runs from which the dependence of lem:X's summands is decided. At 2·10⁵ runs
#: corr(Z₁², Z₂²) = 0.161 with a standard error of 0.012; the normal theory (z = 7 at K_SE + 2)
#: gives 5.5·10⁴ runs, but the products are heavy-tailed and their standard error jumps with one
#: extreme draw: over 300 other seeds the check flags in 294 at 5.5·10⁴ runs, 295 at 6·10⁴, 298
#: at 8·10⁴, 299 at 10⁵ and 300 at 1.2·10⁵; the project's own seed misses at 6·10⁴ (``check
#: --scale 0.3`` read "holds", issue 43 §3). A shortened run is one of some 400 (every row at
#: four scales), so its power must be near 1, not 0.95: 1.2·10⁵ runs.
LEMX_RUNS = 120_000


def decide_lemx_dependence(r: float, r_se: float, given, spread: float) -> bool:
    """Whether lem:X's independence is shown wrong: corr(Z₁², Z₂²) = ``r`` beyond ``K_SE``
    standard errors ``r_se`` (dependent), while, the control, Z₂ is centred given Z₁ (each
    (mean, se) of ``given`` within ``K_SE`` of 0: martingale differences, as the corrected
    argument needs), and the range factor varies over runs (max/min ``spread`` > 2: the ranges
    are random). Each part alone false leaves it not shown."""
    centred = all(within_se(m, 0.0, se) for m, se in given)
    return bool(r > K_SE * r_se and centred and spread > 2)


@erratum("proof of lem:X (Lemma E.7)", minimum=Data(draws=LEMX_RUNS, at={"draws": "n"}))
def erratum_lemX_dependence(n: int = 200_000, printed: bool = True) -> Verdict:
    """Proof of lem:X (Lemma E.7): Hoeffding's inequality (Lemma B.5, independent summands) is
    applied to Σ_t z_{t,k}(1/b)Σ_i⟨X_{t,i} − E X_{t,i}, ½N_t⟩, whose t-th summand Z_t depends
    through Σ_t, Λ_t, V_t on the earlier directions, with the random Γ_t in the bound. The Z_t are
    martingale differences with random (F_{t−1}-measurable) ranges, not independent. Algorithm 1
    on f = x²/2 (d = 1, b = 2, η₂,₁ = 1, Σ₁⁻¹ = 3, S' = [0.1, 10], A_t = 9), ``n`` runs:
    corr(Z₁², Z₂²) exceeds K_SE standard errors, E[Z₂ | |Z₁| below/above its median] is 0 within
    K_SE, and the range factor ‖Λ₂‖·|Σ₂⁻¹(Σ₂⁻¹ − H*)| of Z₂ varies over runs.
    ``printed=False``: the corrected argument, Azuma–Hoeffding for martingale differences, is
    flagged only if its deviation at level δ/k² exceeds the printed one (``azuma_margin`` < 1)
    or the Z_t are not centred given the past. Evidence: the correlation with its standard
    error, the z of each conditional mean, the range factor's max/min, ``azuma_margin``."""
    rng = np.random.default_rng(38)
    h, tau, zeta, s1, b, A = 1.0, 0.1, 10.0, 3.0, 2, 9.0
    h_star = min(max(h, tau), zeta)
    EX1 = truncated_moments(np.array([1.0]), A)[0][0, 0]  # E X for Λ = 1; linear in Λ

    def summand(u, s):  # (1/b)Σ_i⟨X_i − E X, ½N⟩, Λ = h/s, N = s(s − H*) (d = 1)
        lam = h / s
        X = lam[:, None] * u**2 * (u**2 - 1) * (u**2 <= A)
        return np.mean(X - lam[:, None] * EX1, axis=1) * 0.5 * s * (s - h_star)

    u1, u2 = rng.standard_normal((2, n, b))
    Z1 = summand(u1, np.full(n, s1))
    root_inv = np.array([[math.sqrt(s1)]])  # Σ₁^{-1/2}
    G1 = precision_gradient(h * u1**2 / s1, u1[..., None], root_inv, np.array([[s1]]))[:, 0, 0]
    s2 = np.clip(s1 + G1, tau, zeta)  # Σ₂⁻¹ = Π_S'(Σ₁⁻¹ + G̃(Σ₁))
    Z2 = summand(u2, s2)
    a, c = Z1**2 - np.mean(Z1**2), Z2**2 - np.mean(Z2**2)
    r, r_se = mean_and_se(a * c / (a.std() * c.std()))  # corr(Z₁², Z₂²)
    low = np.abs(Z1) <= np.median(np.abs(Z1))
    given = (mean_and_se(Z2[low]), mean_and_se(Z2[~low]))
    centred = all(within_se(m, 0.0, se) for m, se in given)
    spread = np.abs(s2 * (s2 - h_star)) * h / s2
    found = (
        Measurement("r", r, r_se, Kind.SE),
        z_measurement("z_low", given[0][0] / given[0][1]),
        z_measurement("z_high", given[1][0] / given[1][1]),
        exact("spread", spread.max() / spread.min(), rel=1e-4),
        exact("margin", azuma_margin()),
    )
    if not printed:
        return flagged(
            bool(azuma_margin() < 1 or not centred),
            "the printed deviation is {margin}× Azuma–Hoeffding's (flagged when < 1); "
            "E[Z₂ given Z₁ small, large] at z = {z_low}, {z_high} (flagged beyond ±5)",
            found,
        )
    return flagged(
        decide_lemx_dependence(r, r_se, given, spread.max() / spread.min()),
        "corr(Z₁², Z₂²) = {r} (flagged when > 5 SE) while E[Z₂ given Z₁] is at z = "
        "{z_low}, {z_high}: dependent, not independent; Z₂'s range is random: its factor "
        "from Λ₂ and Σ₂⁻¹ varies {spread}-fold over the runs",
        found,
    )


@erratum("proof of eq:sto_err (Lemma E.9)", minimum=Data(draws=1))
def erratum_Lambda_norm(draws: int = 200, printed: bool = True) -> Verdict:
    """Proof of eq:sto_err (Lemma E.9): "‖Λ_t‖₂ ≤ ‖Σ_t‖₂‖H_t‖₂ ≤ L/τ" takes ‖H_t‖₂ ≤ L, but
    H_t = Π_S'(∇²f(μ_t)) has its spectrum clipped into [τ, ζ], so ‖H_t‖₂ ≤ max(L, τ) and
    ‖Λ_t‖₂ ≤ max(L, τ)/τ. f = ¼‖x‖² (L = ½), S' = [1, 2], Σ_t⁻¹ = I (d = 3): ‖Λ_t‖₂ = 1 > L/τ. Over
    random Hessians with spectrum in [0.1, 0.5] and Σ_t⁻¹ ∈ S', max(L, τ)/τ always holds.
    Evidence: ‖Λ_t‖₂ in the example and its largest over the draws, against both bounds."""
    L, tau, zeta = 0.5, 1.0, 2.0

    def lam_max(hessian, sigma_inv):  # ‖Λ_t‖₂ = λ_max(Σ_t^{1/2}H_tΣ_t^{1/2}) (lem:E)
        root, _ = symmetric_roots(sigma_inv)
        return float(np.linalg.eigvalsh(root @ project_eigenvalues(hessian, tau, zeta) @ root)[-1])

    example = lam_max(L * np.eye(3), np.eye(3))
    rng = np.random.default_rng(40)
    largest = max(
        lam_max(random_spd(rng, 3, 0.1, L), random_spd(rng, 3, tau, zeta)) for _ in range(draws)
    )
    found = (
        exact("example", example),
        exact("largest", largest),
        count("draws", draws),
        exact("printed", L / tau),
        exact("corrected", max(L, tau) / tau),
    )
    if not printed:  # max(L, τ)/τ: flagged if the example or a draw exceeds it
        return flagged(
            bool(max(example, largest) > max(L, tau) / tau + 1e-12),
            "‖Λ_t‖₂ is {example} at f = ¼‖x‖², S' = [1, 2], Σ_t⁻¹ = I and at most "
            "{largest} over {draws} draws (flagged when > max(L, τ)/τ = {corrected})",
            found,
        )
    return flagged(
        decide_Lambda_norm(example, largest, L, tau),
        "f = ¼‖x‖², S' = [1, 2], Σ_t⁻¹ = I: ‖Λ_t‖₂ = {example} > the printed L/τ = "
        "{printed} (flagged when so); ≤ {largest} in {draws} draws, within max(L, τ)/τ",
        found,
    )


@erratum("display before eq:Y0 (Lemma E.8)")
def erratum_Y0_sum(terms: int = 100_000, printed: bool = True) -> Verdict:
    """Display before eq:Y0 (Lemma E.8): Σ_{t≥1} δ/(t+1)² is printed = π²δ/6; sympy gives
    (π²/6 − 1)δ. Independently, the partial sum over ``terms`` terms plus the tail bracket
    [1/(N+2), 1/(N+1)] encloses π²/6 − 1 and excludes π²/6. Evidence: the bracket and π²/6.
    The corrected form (``printed=False``) starts both sums at t = 0, the range of the event
    they bound, where the printed value π²δ/6 is right."""
    t = sp.symbols("t", integer=True, nonnegative=True)
    total = sp.summation(1 / (t + 1) ** 2, (t, 1, sp.oo))
    partial = float(np.sum(1.0 / np.arange(2, terms + 2) ** 2))
    low, high = partial + 1 / (terms + 2), partial + 1 / (terms + 1)
    found = (
        exact("low", low, 12, 1e-14),
        exact("high", high, 12, 1e-14),
        exact("printed", math.pi**2 / 6, 12, 1e-15),
        count("terms", terms),
    )
    if not printed:  # the sums from t = 0, the event's range: flagged unless both give π²/6
        from_0 = sp.summation(1 / (t + 1) ** 2, (t, 0, sp.oo))
        return flagged(
            bool(
                not (
                    sp.simplify(from_0 - sp.pi**2 / 6) == 0
                    and 1 + low <= math.pi**2 / 6 <= 1 + high
                )
            ),
            "from t = 0: Σ 1/(t + 1)² = π²/6 (sympy), and 1 + {terms} terms + tail lie in "
            "[1 + {low}, 1 + {high}] ∋ π²/6 (flagged unless both)",
            found,
        )
    return flagged(
        decide_Y0_sum(total, low, high),
        "Σ 1/(t + 1)² = π²/6 − 1 (sympy); {terms} terms + tail lie in [{low}, {high}], "
        "below the printed π²/6 = {printed} (flagged: excluded)",
        found,
    )


@erratum("proof of eq:sto_err (Lemma E.9), the line citing eq:E")
def erratum_sto_err_missing_1_over_b(printed: bool = True) -> Verdict:
    """Proof of eq:sto_err (Lemma E.9), the "=" citing eq:E: the right side is printed with
    ⟨½Σ_{i=1}^b E_{t,i}, N_t⟩ where the left side averages over i, so (1/(2b))Σ_i E_{t,i} is right
    (eq:E gives ½⟨E_{t,i}, N_t⟩ per direction). d = 3, b = 4, one step: the left side equals the
    corrected right side, and the printed one is b times it. Evidence: the residual of the
    corrected side and the ratio of the printed side to the left side."""
    rng = np.random.default_rng(41)
    d, b = 3, 4
    sigma_inv, H_t, H_star = random_spd(rng, d, 0.5, 2.0), random_spd(rng, d, 0.8, 1.5), np.eye(d)
    root, root_inv = symmetric_roots(sigma_inv)
    Lam, V = np.linalg.eigh(root @ H_t @ root)
    N = V.T @ root_inv @ (sigma_inv - H_star) @ root_inv @ V
    u = rng.standard_normal((b, d))
    lhs = float(inner(same_direction_sum(H_t, sigma_inv, u) - H_t, sigma_inv - H_star))
    E = quartic(u @ V, Lam) - 2 * np.diag(Lam)  # E_{t,i} of lem:E
    printed_side = float(inner(0.5 * E.sum(axis=0), N))  # ⟨½Σ_i E_{t,i}, N_t⟩
    corrected = float(inner(E.sum(axis=0) / (2 * b), N))  # ⟨(1/2b)Σ_i E_{t,i}, N_t⟩
    tol = 1e-10 * max(1.0, abs(lhs))
    found = (
        below("residual", abs(lhs - corrected), tol),
        exact("ratio", printed_side / lhs, rel=1e-8),
        exact("lhs", lhs, rel=1e-8),
    )
    if not printed:
        return flagged(
            bool(abs(lhs - corrected) >= tol),
            "d = 3, b = 4: left side − ⟨(1/2b)Σ_i E_t,i, N_t⟩ is {residual} (flagged when ≥ 1e-10)",
            found,
        )
    return flagged(
        decide_missing_1_over_b(lhs, corrected, printed_side, b, tol),
        "d = 3, b = 4: the printed ⟨½Σ_i E_t,i, N_t⟩ is {ratio}× the left side {lhs}; "
        "with 1/(2b) the rest is {residual} (flagged when ratio = b)",
        found,
    )


@erratum(
    "proof of lem:Y (Lemma E.8), E[Y_{t,i}]",
    minimum=Data(draws=math.ceil(MIN_Z_DRAWS / scipy.stats.chi2.sf(5.0, 3))),
)
def erratum_EY_formula(draws: int = 400_000, printed: bool = True) -> Verdict:
    """Proof of lem:Y (Lemma E.8), the third line computing E[Y_{t,i}]: printed
    E[((tr Λ·I + 2Λ)/(d² + 2d)·‖ū‖⁴ − tr Λ/d·I)1{‖ū‖² > A}]; the second term lost its ‖ū‖²
    (the line before has ‖ū‖²ū'ᵀΛū'), so −tr Λ/d·‖ū‖²·I is right, which is ``truncated_moments``'
    E Y. d = 3, Λ = diag(0.3, 1, 2), A = 5: a Monte Carlo of Y agrees with the corrected form within
    K_SE and not with the printed one (its mean E[‖ū‖⁴1{·}] = d(d+2)·P(χ²_{d+4} > A),
    P(‖ū‖² > A) = P(χ²_d > A)). Evidence: the Monte Carlo's largest z from each form."""
    d, A = 3, 5.0
    Lam = np.array([0.3, 1.0, 2.0])
    fourth = (Lam.sum() * np.eye(d) + 2 * np.diag(Lam)) / (d * d + 2 * d)
    printed_mean = fourth * d * (d + 2) * scipy.stats.chi2.sf(
        A, d + 4
    ) - Lam.sum() / d * scipy.stats.chi2.sf(A, d) * np.eye(d)
    corrected = truncated_moments(Lam, A)[1]
    ub = np.random.default_rng(42).standard_normal((draws, d))
    Y = quartic(ub, Lam) * (np.sum(ub**2, axis=1) > A)[:, None, None]
    z_corrected = largest_z(Y, corrected)
    if not printed:
        return flagged(
            bool(z_corrected > K_SE),
            "a Monte Carlo of Y ({draws} draws) is at z = {corrected} from the "
            "corrected E Y with ‖ū‖² (flagged when > 5)",
            (count("draws", draws), z_measurement("corrected", z_corrected)),
        )
    z_printed = largest_z(Y, printed_mean)
    return flagged(
        rejected_with_control(z_printed, z_corrected),
        "a Monte Carlo of Y ({draws} draws) is at z = {printed} from the printed E Y, "
        "{corrected} from the corrected one (flagged when the first > 5 ≥ the second)",
        (
            count("draws", draws),
            z_measurement("printed", z_printed),
            z_measurement("corrected", z_corrected),
        ),
    )
