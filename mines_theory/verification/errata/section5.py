"""Section 5's errata: each returns a ``Verdict`` (``verdict.flagged``) flagged when the printed
form is confirmed wrong (a sentence stating the criterion, filled by the numbers that decide it);
``printed=False`` runs the same check with the corrected form (``verification.errata``'s "correct"
column), which it must not flag. With the one-step run from the minimizer where Lemma 5.1's bound is
its Δ_{α,1}."""

from __future__ import annotations

import math

import numpy as np
import scipy.stats
import sympy as sp

from mines_theory.algorithm.estimators import mean_gradient
from mines_theory.theory.bounds.appendix import alpha_err_coefficient
from mines_theory.theory.bounds.section5 import c_constants, delta_alpha_1, lemma53_constants
from mines_theory.theory.bounds.corrected import delta_alpha_1_corrected
from mines_theory.theory.bounds.section5 import eq_C
from mines_theory.algorithm.schedules import lemma51_step
from ..claims.appendix_e.common import count, exact
from ..framework.decisions import exceeded
from ..framework.declare import erratum
from ..framework.stats import exceedance_z, proportion, z_measurement
from ..framework.verdict import Verdict, flagged
from ..claims.section5.one_step import one_step_exceedances

__all__ = [
    "decide_C_grows_with_K",
    "decide_c2_negative",
    "decide_delta_alpha_2_third_term",
    "decide_lemma52_coefficient",
    "decide_lemma52_line4",
    "decide_lemma51_substitution",
    "decide_union_bound",
    "erratum_C_grows_with_K",
    "erratum_c2_negative",
    "erratum_delta_alpha_2_third_term",
    "erratum_lemma51_gamma_hypothesis",
    "erratum_lemma51_substitution",
    "erratum_lemma52_coefficient",
    "erratum_lemma52_line4",
    "erratum_union_bound",
]


# ---------------------------------------------------------------------------------------------
# Errata in the constants of Section 5: flagged when the printed form is confirmed wrong
# ---------------------------------------------------------------------------------------------


def decide_c2_negative(c2_9: float, c2_10: float) -> bool:
    """Whether eq:c1 is shown to need b > 4 log(1/δ) at δ = 0.1: c₂ is negative at b = 9
    (the printed part: no contraction) and positive at b = 10 (the control: the boundary is
    where the hypothesis puts it, not a c₂ negative everywhere).

    >>> decide_c2_negative(-0.1, 0.4), decide_c2_negative(-0.1, -0.05), decide_c2_negative(0.1, 0.4)
    (True, False, False)
    """
    return bool(c2_9 < 0 < c2_10)


def decide_C_grows_with_K(
    term: float,
    c3_small: float,
    c3_large: float,
    C_large: float,
    K_small: int = 10**4,
    K_large: int = 10**8,
) -> bool:
    """Whether eq:C's C₃ is shown wrong at γ = 0: eq:alpha_err's α-term vanishes (``term`` = 0,
    the control: the quantity C₃ stands for) while the printed C₃ does not (``c3_small`` > 0 at
    ``K_small``), grows more than 99-fold to ``K_large`` (√K), and C/K at ``K_large``
    (``C_large``/``K_large``) stays at least its floor (9/4)C₃²/K, which exceeds half the floor
    at ``K_small`` (it does not tend to 0).

    >>> [decide_C_grows_with_K(term, 1.0, 100.0, 9e4) for term in (0.0, 0.1)]
    [True, False]
    """
    floor = 9 * c3_large**2 / 4 / K_large
    return bool(
        term == 0.0 < c3_small
        and c3_large / c3_small > 99
        and C_large / K_large >= floor > 0.5 * c3_small**2 * 9 / 4 / K_small
    )


def decide_lemma52_coefficient(at_16, at_4, best, net) -> bool:
    """Whether the step after eq:tgm_3 is shown wrong, from sympy residuals (each simplified):
    the coefficient at η = b/(4𝓛_kc₁) is −1/(16𝓛_kc₁) (``at_16`` = 0) and not the printed
    −1/(4𝓛_kc₁) (``at_4`` ≠ 0), no step does better (``best`` = 0, the control: the printed
    coefficient is not reached by another η), and at eq:cond's threshold the cubic term
    leaves +1/(16𝓛_kc₁) (``net`` = 0): an increase.

    >>> x = sp.Symbol("x")
    >>> decide_lemma52_coefficient(0, x, 0, 0), decide_lemma52_coefficient(0, x, x, 0)
    (True, False)
    """
    return bool(
        sp.simplify(at_16) == 0
        and sp.simplify(at_4) != 0
        and sp.simplify(best) == 0
        and sp.simplify(net) == 0
    )


def decide_lemma52_line4(cubic_times_w, cubic, gap) -> bool:
    """Whether the fourth line of Lemma 5.2's chain is shown wrong, from sympy residuals: its
    cubic term differs from the derived one (``cubic`` ≠ 0) and is it with ‖w‖² for ‖w‖³
    (``cubic_times_w`` = 0, the control: a typo of the power, not another term), and its
    c₁^{1/2} makes line 3 − line 4 positive at c₁ = 4 (``gap`` > 0: the step fails).

    >>> x = sp.Symbol("x", positive=True)
    >>> decide_lemma52_line4(0, x, x), decide_lemma52_line4(x, x, x), decide_lemma52_line4(0, x, -x)
    (True, False, False)
    """
    return bool(sp.simplify(cubic_times_w) == 0 and sp.simplify(cubic) != 0 and gap > 0)


def decide_delta_alpha_2_third_term(times_Lk, residual) -> bool:
    """Whether Δ_{α,2}'s third term is shown wrong, from sympy residuals: the printed term
    differs from the derived one (``residual`` ≠ 0) and is it times 𝓛_k (``times_Lk`` = 0, the
    control: the factor 1/𝓛_k dropped, not another error).

    >>> x = sp.Symbol("x")
    >>> decide_delta_alpha_2_third_term(0, x), decide_delta_alpha_2_third_term(x, x)
    (True, False)
    """
    return bool(sp.simplify(times_Lk) == 0 and sp.simplify(residual) != 0)


@erratum("eq:c1 with Lemmas 5.1, 5.2, eq:C")
def erratum_c2_negative(printed: bool = True) -> Verdict:
    """eq:c1: c₂ = b − 2√(b log(1/δ)) ≤ 0 for b ≤ 4 log(1/δ) (b ≤ 9 at δ = 0.1): Lemmas 5.1 and 5.2
    give no contraction there and C₂ of eq:C is the square root of a negative number.
    ``printed=False``: with the hypothesis b > 4 log(1/δ) added, c₂ > 0 and C₂ is real at every
    b from the first integer above 4 log(1/δ) to 50 beyond it, for δ from 0.5 to 10⁻⁸ (not
    flagged). Evidence: c₂ at b = 9 and 10 (δ = 0.1); the (b, δ) where the corrected form
    fails, and the smallest c₂ there."""
    if printed:
        c2_9, c2_10 = (c_constants(d=10, b=b, delta=0.1).c2 for b in (9, 10))
        return flagged(
            decide_c2_negative(c2_9, c2_10),
            "eq:c1 at δ = 0.1: c₂ = b − 2√(b log(1/δ)) is {c2_9} at b = 9 and {c2_10} "
            "at b = 10 (flagged when the first < 0 < the second)",
            (exact("c2_9", c2_9), exact("c2_10", c2_10)),
        )
    kw = {
        "d": 10,
        "L": 10.0,
        "sigma": 1.0,
        "gamma": 1.0,
        "tau": 0.5,
        "zeta": 20.0,
        "alpha": 0.1,
        "K": 100,
        "f_gap_1": 1.0,
        "initial_error_sq": 1.0,
    }
    failing, cases, smallest = 0, 0, math.inf
    for delta in (0.5, 0.1, 0.05, 0.01, 1e-4, 1e-8):
        first = math.floor(4 * math.log(1 / delta)) + 1  # the least b > 4 log(1/δ)
        for b in range(first, first + 51):
            c2 = c_constants(d=10, b=b, delta=delta).c2
            cases += 1
            smallest = min(smallest, c2)
            if not (c2 > 0 and math.isfinite(lemma53_constants(b=b, delta=delta, **kw).C2)):
                failing += 1
    return flagged(
        bool(failing > 0),
        "with b > 4 log(1/δ), c₂ ≤ 0 or C₂ not real at {failing} of {cases} (b, δ), "
        "δ from 0.5 to 1e-8; smallest c₂ {smallest} (flagged when > 0)",
        (count("failing", failing), count("cases", cases), exact("smallest", smallest)),
    )


@erratum("eq:C, C₃")
def erratum_C_grows_with_K(printed: bool = True) -> Verdict:
    """eq:C: C₃ = c₃^{3/2}(c₃+1)ζ√(K−1)α/(4τ^{3/2}√d) has no γ, but it stands for eq:alpha_err's
    α-term at k = K, which carries γ: at γ = 0 (a quadratic, no α-bias) eq:alpha_err's
    coefficient vanishes while the printed C₃ does not, and C₃ grows like √K (C/K then stays
    above (9/4)C₃²/K, which does not tend to 0). ``printed=False``: with C₃ = eq:alpha_err's
    α-term at k = K (``alpha_err_coefficient(printed=False)``·α, with the √d of its own
    erratum), C₃ = 0 at γ = 0 and C/K falls more than 10-fold from K = 10⁸ to 10¹⁶, below the
    printed C₃'s floor (9/4)C₃²/K (not flagged). Evidence: the α-term, C₃, its growth and the
    floor (printed); the fall of C/K and the floor (corrected)."""
    kw = {
        "d": 5,
        "b": 20,
        "delta": 0.05,
        "L": 10.0,
        "sigma": 1.0,
        "gamma": 0.0,
        "tau": 0.5,
        "zeta": 20.0,
        "alpha": 0.1,
        "f_gap_1": 1.0,
        "initial_error_sq": 1.0,
    }
    if not printed:
        Ks = (10**8, 10**16)
        terms = [
            alpha_err_coefficient(
                d=5, delta=0.05, gamma=0.0, tau=0.5, zeta=20.0, k=K, printed=False
            )
            * kw["alpha"]
            for K in Ks
        ]
        qs = [lemma53_constants(K=K, **kw) for K in Ks]
        per_K = [
            eq_C(q.C1, q.C2, C3, q.C4, L=kw["L"], b=int(kw["b"]), initial_error_sq=1.0) / K
            for q, C3, K in zip(qs, terms, Ks)
        ]
        floor = 9 * qs[-1].C3 ** 2 / 4 / Ks[-1]  # the printed C₃'s floor
        return flagged(
            bool(
                not (all(t == 0.0 for t in terms) and per_K[1] < per_K[0] / 10 and per_K[1] < floor)
            ),
            "C₃ = eq:alpha_err's α-term = {term} at γ = 0: C/K falls ×{fall} from "
            "K = 10⁸ to 10¹⁶, to {per_K}, below the printed C₃'s floor {floor} "
            "(flagged unless > 10, below)",
            (
                exact("term", max(terms)),
                exact("fall", per_K[0] / per_K[1]),
                exact("per_K", per_K[1]),
                exact("floor", floor),
            ),
        )
    small, large = (lemma53_constants(K=K, **kw) for K in (10**4, 10**8))
    term = alpha_err_coefficient(d=5, delta=0.05, gamma=0.0, tau=0.5, zeta=20.0, k=10**4) * 0.1
    return flagged(
        decide_C_grows_with_K(term, small.C3, large.C3, large.C),
        "γ = 0: eq:alpha_err's α-term is {term}, the printed C₃ {c3} at K = 10⁴ and "
        "×{growth} at 10⁸, so C/K ≥ (9/4)C₃²/K = {floor} stays (flagged when so)",
        (
            exact("term", term),
            exact("c3", small.C3),
            exact("growth", large.C3 / small.C3),
            exact("floor", 9 * large.C3**2 / 4 / 10**8),
        ),
    )


@erratum("proof of Lemma 5.1, substituting η₁,k; Δ_α,1")
def erratum_lemma51_substitution(printed: bool = True) -> Verdict:
    """Proof of Lemma 5.1, "by replacing the value of η_{1,k}": substituting η = bτ/(4Lc₁) into
    the line before (f_k − η/(2b)‖Ũᵀ∇f‖² + η/(2b)‖ν‖² + Lη²/b²(‖ŨŨᵀ∇f‖² + ‖Ũν‖²), with
    ‖ŨŨᵀ∇f‖² ≤ (c₁/τ)‖Ũᵀ∇f‖²) gives the coefficients −τ/(16Lc₁), τ/(8Lc₁), τ²/(16Lc₁²), not the
    printed −1/(16Lζ), 1/(8Lc₁ζ), 1/(16Lζ²) (sympy); the next line uses the right first one, so
    the rate survives, but Δ_{α,1} is built from the wrong two and has the wrong units. One step
    from μ* (``OneStepAtOptimum``, σ = τ, ζ = L, s = 1000) exceeds the printed Δ_{α,1}, even
    with γ² for γ, in more than δ of the draws, and the corrected one in none beyond δ.
    ``printed=False``: the corrected coefficients are the derived ones and the corrected Δ_{α,1}
    is not exceeded in more than δ of the draws (not flagged). Evidence: the coefficients that
    sympy derives as corrected (and not as printed), and the share of draws above each Δ_{α,1}."""
    b, tau, zeta, L, c1 = sp.symbols("b tau zeta L c1", positive=True)
    eta = b * tau / (4 * L * c1)
    derived = (-eta / (2 * b) + L * eta**2 / b**2 * c1 / tau, eta / (2 * b), L * eta**2 / b**2)
    printed_form = (-1 / (16 * L * zeta), 1 / (8 * L * c1 * zeta), 1 / (16 * L * zeta**2))
    expected = (-tau / (16 * L * c1), tau / (8 * L * c1), tau**2 / (16 * L * c1**2))
    exceed = one_step_exceedances()
    share = {name: e["proportion"] for name, e in exceed.items()}  # named by the key
    if not printed:  # flagged if a corrected coefficient or Δ_{α,1} fails
        matched = sum(sp.simplify(x - e) == 0 for x, e in zip(derived, expected))
        return flagged(
            bool(
                any(sp.simplify(x - e) != 0 for x, e in zip(derived, expected))
                or exceed["corrected"]["exceeds"]
            ),
            "sympy derives {matched} of 3 corrected coefficients; one step from μ* "
            "exceeds the corrected Δα,1 in {corrected} of draws (flagged when > δ "
            "= 10% by 5 SE)",
            (count("matched", matched), share["corrected"]),
        )
    differ = [
        sp.simplify(x - e) == 0 and sp.simplify(x - p) != 0
        for x, p, e in zip(derived, printed_form, expected)
    ]
    return flagged(
        decide_lemma51_substitution(
            differ,
            printed=exceed["printed"]["exceeds"],
            gamma_sq=exceed["printed_gamma_sq"]["exceeds"],
            corrected=exceed["corrected"]["exceeds"],
        ),
        "sympy: {differ} of 3 printed coefficients are wrong; one step from μ* exceeds "
        "the printed Δα,1 in {printed} of draws, the printed with γ² for γ in "
        "{printed_gamma_sq} (flagged when both > δ = 10% by 5 SE)",
        (
            count("differ", sum(differ)),
            share["printed"],
            share["printed_gamma_sq"],
            share["corrected"],
        ),
    )


def decide_lemma51_substitution(differ, *, printed: bool, gamma_sq: bool, corrected: bool) -> bool:
    """Whether the printed substitution is shown wrong: every printed coefficient differs from
    the derived one where the derived is the corrected (``differ``, per coefficient), one step
    exceeds the printed Δ_{α,1} (``printed``) and the one with γ² (``gamma_sq``) in more than δ
    of the draws, and, the control, not the corrected one (``corrected`` False). Each part alone
    false leaves it not shown (the control: a corrected bound that fails too would make the
    test, not the substitution, the suspect)."""
    return bool(all(differ) and printed and gamma_sq and not corrected)


def decide_union_bound(valid: bool, one: float, some: float, delta: float) -> bool:
    """Whether "with probability ≥ 1 − δ" is shown wrong by the union over the b directions:
    the printed constants are valid (``valid``: c₂ > 0), one direction alone fails with
    probability ``one`` ≤ δ (the control: c₃ is right for one direction) and some of the b with
    ``some`` > δ."""
    return bool(valid and one <= delta < some)


def _kink(X):
    """x² + x|x|/2: f″ ∈ {1, 3} jumps at x* = 0, so no γ makes f″ γ-Lipschitz."""
    x = X[:, 0]
    return x * x + 0.5 * x * np.abs(x)


def _smoothed_kink(gamma: float):
    """x² + g(x) with g″(x) = clip(γx, −1, 1): ``_kink`` with its jump of f″ spread over
    |x| ≤ 1/γ, so that f″ ∈ [1, 3] is γ-Lipschitz (L = 3, σ = 1, as for ``_kink``)."""

    def f(X):
        x = X[:, 0]
        a = np.abs(x)
        inner = gamma * x**3 / 6
        outer = np.sign(x) * (x * x / 2 - a / (2 * gamma) + 1 / (6 * gamma**2))
        return x * x + np.where(a <= 1 / gamma, inner, outer)

    return f


@erratum("Lemma 5.1, hypotheses")
def erratum_lemma51_gamma_hypothesis(printed: bool = True) -> Verdict:
    """Lemma 5.1 assumes f L-smooth and σ-strongly convex only, but Δ_{α,1} carries γ and the proof
    uses eq:sigma_1 and eq:nu, which need a γ-Lipschitz Hessian. Without it no γ will do: on
    f(x) = x² + x|x|/2 (f″ ∈ {1, 3}, L = 3, σ = 1; f″ jumps at x* = 0), one step from μ* moves f
    by O(α²) (ν_i is O(α), not O(α²)), so for γ = 10³ at α = 10⁻⁷ the step exceeds Δ_{α,1} (the
    printed one, with γ², and the corrected) in more than δ of 2000 draws. ``printed=False``:
    with the hypothesis added, on the same f with f″'s jump spread over |x| ≤ 1/γ (f″ ∈ [1, 3]
    γ-Lipschitz, ``_smoothed_kink``), the same step does not exceed the corrected Δ_{α,1} in
    more than δ of the draws (not flagged). Evidence: the share of draws above the bound and its
    one-sided z against δ."""
    b, delta, L, tau, zeta, gamma, alpha, draws = 10, 0.1, 3.0, 1.0, 3.0, 1e3, 1e-7, 2000
    f = _kink if printed else _smoothed_kink(gamma)
    eta = lemma51_step(d=1, b=b, delta=delta, L=L, tau=tau).value
    rng = np.random.default_rng(46)
    steps = np.array(
        [
            mean_gradient(f, np.zeros(1), np.array([[2.0]]), alpha, rng.standard_normal((b, 1)))
            for _ in range(draws)
        ]
    )
    gaps = f(-eta * steps)
    kw = {"d": 1, "b": b, "delta": delta, "L": L, "tau": tau, "alpha": alpha}
    corrected = delta_alpha_1_corrected(gamma=gamma, **kw)
    largest = max(
        delta_alpha_1(gamma=gamma, zeta=zeta, **kw),
        delta_alpha_1(gamma=gamma**2, zeta=zeta, **kw),
        corrected,
    )
    bound = largest if printed else corrected
    above = int(np.sum(gaps > bound))
    z = exceedance_z(above, draws, delta)
    found = (proportion("share", above, draws), count("draws", draws), z_measurement("z", z))
    if not printed:
        return flagged(
            exceeded(above, draws, delta),
            "f″ γ-Lipschitz (γ = 10³, jump spread over 1/γ): one step from μ* "
            "exceeds the corrected Δα,1 in {share} of {draws} draws (z = {z}; flagged "
            "when > 5)",
            found,
        )
    return flagged(
        exceeded(above, draws, delta),
        "f = x² + sgn(x)·x²/2 (f″ jumps at x*), α = 1e-7: one step from μ* exceeds "
        "every Δα,1 at γ = 10³ in {share} of {draws} draws (z = {z}; flagged when > 5)",
        found,
    )


@erratum("proof of Lemma 5.2, the step after eq:tgm_3")
def erratum_lemma52_coefficient(printed: bool = True) -> Verdict:
    """Proof of Lemma 5.2, the "=" step after eq:tgm_3 and eq:nu: with η = b/(4𝓛_kc₁) the
    coefficient −η/(2b) + η²𝓛_kc₁/b² of ‖UᵀΣ^{1/2}∇f‖² is −1/(16𝓛_kc₁), printed −1/(4𝓛_kc₁), and
    no step does better than −1/(16𝓛_kc₁) (sympy). At the first threshold of eq:cond the cubic
    term the proof absorbs can then reach +1/(8𝓛_kc₁): it does not cancel the decrease but
    outweighs it, leaving +1/(16𝓛_kc₁), so the proof shows an increase; with the threshold cut
    16-fold (9𝓛_k⁴τ⁴/(2Lγ²)) the rate becomes 1 − ξ_kc₂/(32𝓛_kc₁). ``printed=False``: the
    coefficient is −1/(16𝓛_kc₁) and at the cut threshold the cubic term leaves −1/(32𝓛_kc₁), a
    decrease (not flagged). Evidence: the coefficient and what the cubic term leaves, both
    times 𝓛_kc₁ (sympy; NaN if not a number)."""
    b, Lk, c1, eta, g, tau, L, gap = sp.symbols("b L_k c1 eta gamma tau L Delta", positive=True)
    coefficient = -eta / (2 * b) + eta**2 * Lk * c1 / b**2
    at_step = sp.simplify(coefficient.subs(eta, b / (4 * Lk * c1)))
    best_eta = sp.solve(sp.diff(coefficient, eta), eta)[0]
    cubic = (
        g
        / (96 * Lk**3 * c1 ** sp.Rational(3, 2) * tau ** sp.Rational(3, 2))
        * sp.sqrt(2 * c1 * L * gap / tau)
    )  # the cubic term per ‖UᵀΣ^{1/2}∇f‖², bounded

    def times_Lc(expr, name):  # the number expr·𝓛_kc₁ (NaN when it is not a number)
        value = sp.simplify(expr * Lk * c1)
        return exact(name, float(value) if value.is_number else math.nan, digits=4)

    if not printed:  # −1/(16𝓛_kc₁) and the threshold 9𝓛_k⁴τ⁴/(2Lγ²)
        at_cut = sp.simplify(cubic.subs(gap, 9 * Lk**4 * tau**4 / (2 * L * g**2)))
        return flagged(
            bool(
                not (
                    sp.simplify(at_step + 1 / (16 * Lk * c1)) == 0
                    and sp.simplify(best_eta - b / (4 * Lk * c1)) == 0
                    and sp.simplify(at_step + at_cut + 1 / (32 * Lk * c1)) == 0
                )
            ),
            "sympy, ×𝓛kc₁: the coefficient is {coefficient}, and with the cubic term "
            "at 9𝓛k⁴τ⁴/(2Lγ²) {net} (flagged unless −1/16, −1/32)",
            (times_Lc(at_step, "coefficient"), times_Lc(at_step + at_cut, "net")),
        )
    at_threshold = sp.simplify(cubic.subs(gap, 72 * Lk**4 * tau**4 / (L * g**2)))
    return flagged(
        decide_lemma52_coefficient(
            at_step + 1 / (16 * Lk * c1),
            at_step + 1 / (4 * Lk * c1),
            best_eta - b / (4 * Lk * c1),
            at_step + at_threshold - 1 / (16 * Lk * c1),
        ),
        "sympy, ×𝓛kc₁: the coefficient is {coefficient} (printed −1/4, best over η), "
        "and with the cubic term at eq:cond's threshold {net} > 0 (flagged when so)",
        (times_Lc(at_step, "coefficient"), times_Lc(at_step + at_threshold, "net")),
    )


@erratum("proof of Lemma 5.2, fourth line of the chain")
def erratum_lemma52_line4(printed: bool = True) -> Verdict:
    """Proof of Lemma 5.2, fourth line of the chain (citing eq:tgm_3, eq:nu): it prints
    η²𝓛_kc₁^{1/2}/b²·‖w‖² where the line before has η²𝓛_kc₁/b², and the cubic term
    2γc₁^{3/2}η³/(3b³τ^{3/2})·‖w‖² where (A + B)³ ≤ 4(A³ + B³) with B = c₁^{1/2}‖w‖/(bτ^{1/2})
    (eq:tgm_3) gives ‖w‖³ (w = UᵀΣ^{1/2}∇f); the next line uses ‖w‖³. sympy: both printed terms
    differ from the derived ones, and with c₁ > 1 the first makes the step "line 3 ≤ line 4"
    false even for a quadratic (γ = 0, ν = 0). Typos: the lemma survives. ``printed=False``:
    with η²𝓛_kc₁/b²·‖w‖² and ‖w‖³ the fourth line is the derived one and "line 3 ≤ line 4"
    holds at c₁ = 4 (not flagged). Evidence: the power of ‖w‖ in the cubic term, and
    line 3 − line 4 at c₁ = 4, γ = 0 in units of η²𝓛_k‖w‖²/b²."""
    g, eta, b, c1, tau, w, Lk = sp.symbols("gamma eta b c1 tau w L_k", positive=True)
    cubic = sp.Rational(2, 3) * eta**3 * g * (sp.sqrt(c1) * w / (b * sp.sqrt(tau))) ** 3
    # the fourth line's cubic coefficient of ‖w‖² (printed) or ‖w‖³ (corrected), and its
    # quadratic coefficient c₁^{1/2} (printed) or c₁ (corrected), against line 3's c₁
    line4_cubic = (
        2
        * g
        * c1 ** sp.Rational(3, 2)
        * eta**3
        / (3 * b**3 * tau ** sp.Rational(3, 2))
        * w ** (2 if printed else 3)
    )
    line4_c1 = sp.sqrt(c1) if printed else c1
    quadratic_gap = eta**2 * Lk * (c1 - line4_c1) * w**2 / b**2  # line 3 − line 4 at γ = 0
    found = (
        count("power", sp.degree(line4_cubic, w)),
        count("derived", sp.degree(cubic, w)),
        exact("gap", float(sp.simplify(quadratic_gap.subs(c1, 4) * b**2 / (eta**2 * Lk * w**2)))),
    )
    if not printed:
        return flagged(
            bool(sp.simplify(cubic - line4_cubic) != 0 or quadratic_gap.subs(c1, 4) > 0),
            "sympy: line 4's cubic term has ‖w‖ to the power {power} (derived "
            "{derived}), and line 3 − line 4 = {gap}·η²𝓛k‖w‖²/b² at c₁ = 4 (flagged "
            "when > 0)",
            found,
        )
    return flagged(
        decide_lemma52_line4(
            cubic - line4_cubic * w, cubic - line4_cubic, quadratic_gap.subs(c1, 4)
        ),
        "sympy: line 4's cubic term has ‖w‖ to the power {power} (derived {derived}), "
        "and line 3 − line 4 = {gap}·η²𝓛k‖w‖²/b² > 0 at c₁ = 4, γ = 0 (flagged)",
        found,
    )


@erratum("Δ_α,2 of Lemma 5.2, third term")
def erratum_delta_alpha_2_third_term(printed: bool = True) -> Verdict:
    """Δ_{α,2}'s third term bγc₃³α⁴/(2⁵·3²·τ³c₁) comes from ηγc₃³α⁴/(2³·3²·τ³) at
    η = b/(4𝓛_kc₁), which keeps a factor 1/𝓛_k; bounding it by ζ/σ, as the proof does for the
    other two terms, gives bζγc₃³α⁴/(2⁵·3²·στ³c₁) (sympy: the printed term is the derived one
    times 𝓛_k). The printed Δ_{α,2} is too small whenever 𝓛_k < 1. ``printed=False``: the
    corrected term minus the derived one is ≥ 0 for every 𝓛_k ≥ σ/ζ (σI ⪯ ∇²f ⪯ 𝓛_kΣ_k⁻¹ ⪯
    𝓛_kζI; sympy, with 𝓛_k = σ(1 + s)/ζ, s ≥ 0), and 0 at 𝓛_k = σ/ζ (not flagged). Evidence:
    the power of 𝓛_k in printed/derived; (corrected − derived)/corrected at s = 0 and 1."""
    b, Lk, c1, c3, g, a, tau = sp.symbols("b L_k c1 c3 gamma alpha tau", positive=True)
    derived = (b / (4 * Lk * c1)) * g * c3**3 * a**4 / (2**3 * 3**2 * tau**3)
    if not printed:
        zeta, sigma, s = sp.symbols("zeta sigma s", positive=True)
        corrected = b * zeta * g * c3**3 * a**4 / (2**5 * 3**2 * sigma * tau**3 * c1)
        margin = sp.simplify((corrected - derived).subs(Lk, sigma * (1 + s) / zeta))
        share = sp.simplify(margin / corrected)
        return flagged(
            bool(not (margin.is_nonnegative and sp.simplify(margin.subs(s, 0)) == 0)),
            "sympy, 𝓛k = σ(1 + s)/ζ: (corrected − derived)/corrected is {at0} at "
            "s = 0, {at1} at s = 1, ≥ 0 for all s ≥ 0 (flagged when negative)",
            (exact("at0", float(share.subs(s, 0))), exact("at1", float(share.subs(s, 1)))),
        )
    printed_form = b * g * c3**3 * a**4 / (2**5 * 3**2 * tau**3 * c1)
    return flagged(
        decide_delta_alpha_2_third_term(derived * Lk - printed_form, derived - printed_form),
        "sympy: Δα,2's printed third term is the derived ηγc₃³α⁴/(2³3²τ³) at η = "
        "b/(4𝓛kc₁) times 𝓛k to the power {power}: too small when 𝓛k < 1 (flagged "
        "when the power is 1)",
        (count("power", sp.degree(sp.simplify(printed_form / derived), Lk)),),
    )


@erratum('Lemmas 5.1, 5.2, D.2, D.4, D.5: "with probability ≥ 1 − δ"')
def erratum_union_bound(printed: bool = True) -> Verdict:
    """ "With probability at least 1 − δ" in Lemmas 5.1, 5.2 and eq:nu, eq:hh, eq:tgm_3: eq:sigma_1
    holds for one direction with probability 1 − δ (‖u_i‖² ≤ c₃), and the proofs need it for all
    b, plus the s_max event of c₁ and eq:gd_low: b + 2 (printed route b + 3) events of probability
    δ each, so 1 − (b + 2)δ by the union bound, or 1 − δ with δ/(b + 2) inside c₁, c₂, c₃. At
    d = 1, b = 100, δ = 0.1, P(some ‖u_i‖² > c₃) = 1 − F_χ²₁(c₃)^b > δ (scipy), while one
    direction alone stays below δ. ``printed=False``: with δ/(b + 2) inside c₃ the same
    probability is below δ (not flagged). Evidence: both probabilities (scipy's χ² tail)."""
    d, b, delta = 1, 100, 0.1
    c = c_constants(d=d, b=b, delta=delta if printed else delta / (b + 2))
    one = float(scipy.stats.chi2.sf(c.c3, d))
    some = 1.0 - (1.0 - one) ** b
    found = (exact("one", one), exact("some", some))
    if not printed:
        return flagged(
            bool(some > delta),
            "d = 1, b = 100, δ/(b + 2) in c₃: P(‖u_i‖² > c₃) = {one} for one "
            "direction, {some} for some of the b (flagged when > δ = 0.1)",
            found,
        )
    return flagged(
        decide_union_bound(c.valid, one, some, delta),
        "d = 1, b = 100, δ = 0.1: P(‖u_i‖² > c₃) = {one} for one direction, {some} for "
        "some of the b (flagged when the first ≤ δ < the second)",
        found,
    )
