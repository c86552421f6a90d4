"""The errata in Lemma 5.3's induction, which Appendix E's lemmas feed: its base case and eq:C, its
probability bookkeeping (and Thm 5.4, item 2), and the norm its induction hypothesis prints
(eq:sto_err, eq:dec_sig). Each ``erratum_*`` returns a ``Verdict`` (``verdict.flagged``) flagged
when the printed form is confirmed wrong and, with ``printed=False``, tests the corrected form,
which it must not flag; the evidence's sentence states the criterion and its measurements the
numbers that decide it."""

from __future__ import annotations

import math

import numpy as np
import scipy.stats
import sympy as sp

from mines_theory.linalg.spd import random_spd
from ..framework.decisions import exceeded, within_se
from ..framework.declare import erratum
from ..framework.stats import single_event_trials
from ..framework.sizes import Data
from ..framework.stats import exceedance_z, proportion, z_measurement
from ..framework.verdict import Verdict, flagged
from ..claims.appendix_e.common import count, exact
from mines_theory.theory.bounds.section5 import c_constants, lemma53_constants
from mines_theory.theory.bounds.appendix import sig2_bound

__all__ = [
    "decide_Sigma_vs_Sigma_inv",
    "decide_base_case_C",
    "decide_probability_bookkeeping",
    "erratum_Sigma_vs_Sigma_inv",
    "erratum_base_case_C",
    "erratum_probability_bookkeeping",
]


def decide_base_case_C(algebra: bool, cases) -> bool:
    """Whether the base case of Lemma 5.3 is shown wrong: eq:Sig_2_bnd's right side is 2C₄
    with C₄ above its positive part (``algebra``, sympy, the control on the derivation), and at
    every (d, b, δ) of ``cases`` (each: eq:C's constants ``valid``, the ``bound``, C₄, C) the
    bound is 2C₄ (to 10⁻¹², the control on the numbers) and exceeds C/2.

    >>> [decide_base_case_C(True, [(True, 4.0, 2.0, C)]) for C in (6.0, 9.0)]
    [True, False]
    """
    return bool(
        algebra
        and all(
            valid and abs(bound - 2 * C4) <= 1e-12 * bound and bound > C / 2
            for valid, bound, C4, C in cases
        )
    )


def decide_Sigma_vs_Sigma_inv(order, step: bool) -> bool:
    """Whether ‖Σ_t − H*‖ is shown not to stand for ‖Σ_t⁻¹ − H*‖: ``order`` says, at Σ_t⁻¹ = 3I
    (Frobenius, spectral) then 0.6I (Frobenius, spectral), whether ‖Σ_t⁻¹ − H*‖ exceeds
    ‖Σ_t − H*‖: it must at 3I and not at 0.6I in both norms (neither bounds the other), and the
    last step of eq:sto_err's proof, ‖Σ_t⁻¹ − H*‖₂ ≤ ‖Σ_t − H*‖_F at 3I (``step``), must fail.

    >>> decide_Sigma_vs_Sigma_inv([True, True, False, False], False)
    True
    >>> decide_Sigma_vs_Sigma_inv([True, True, True, False], False)
    False
    """
    return bool(order == [True, True, False, False] and not step)


@erratum("proof of Lemma 5.3, base case k = 2; eq:C")
def erratum_base_case_C(printed: bool = True) -> Verdict:
    """Proof of Lemma 5.3, base case k = 2: ‖Σ₂⁻¹ − H*‖² ≤ [right side of eq:Sig_2_bnd] ≤ C/2. That
    right side is exactly 2C₄ (sympy), so the second step needs C ≥ 4C₄; eq:C's entry 2C₄ + L²/b
    gives only C/2 ≥ C₄ + L²/(2b) < 2C₄ (C₄ ≥ 2L²c₃⁴ζ²/(bτ²) ≥ 32L²/b, sympy). With eq:C as printed
    (``lemma53_constants``: γ = 0, τ = 0.5, ζ = L = 1, K = 2) C/2 < ``sig2_bound`` at the admissible
    (d, b, δ) = (1, 10⁸, 10⁻⁸) and (10⁴, 1, 0.99) (c₂ > 0, bδ ≤ 1), where the first entry of eq:C
    is below 4C₄. ``printed=False``: with 4C₄ + L²/b as eq:C's second entry the base case
    C/2 ≥ ``sig2_bound`` holds at both points (not flagged). Evidence: (C/2)/``sig2_bound``."""
    L, b, tau, zeta, d, c3 = sp.symbols("L b tau zeta d c3", positive=True)
    first = L**2 * c3**2 * (c3 * zeta + sp.sqrt(d) * zeta) ** 2 / (b * tau**2)
    C4 = 2 * first + d * zeta**2 / (2 * b)  # eq:C
    sig2 = 4 * first + d * zeta**2 / b  # eq:Sig_2_bnd
    rest = sp.expand(C4 - 2 * L**2 * c3**4 * zeta**2 / (b * tau**2))  # every term positive
    algebra = sp.simplify(sig2 - 2 * C4) == 0 and all(
        term.as_coeff_Mul()[0] > 0 for term in rest.as_ordered_terms()
    )
    kw = {"L": 1.0, "tau": 0.5, "zeta": 1.0}
    fails, cases, ratios = [], [], []
    for d_, b_, delta in [(1, 10**8, 1e-8), (10**4, 1, 0.99)]:
        q = lemma53_constants(
            d=d_,
            b=b_,
            delta=delta,
            sigma=0.5,
            gamma=0.0,
            alpha=1e-12,
            K=2,
            f_gap_1=0.0,
            initial_error_sq=0.0,
            **kw,
        )
        bound = sig2_bound(d=d_, b=b_, delta=delta, **kw)
        if not printed:  # C with 4C₄ + L²/b as its second entry
            C = max(q.C, 4 * q.C4 + kw["L"] ** 2 / b_)
            fails.append(bound > C / 2)
            ratios.append(C / 2 / bound)
            continue
        cases.append((q.valid, bound, q.C4, q.C))
        ratios.append(q.C / 2 / bound)
    found = (exact("first", ratios[0]), exact("second", ratios[1]))
    if not printed:
        return flagged(
            bool(any(fails)),
            "with 4C₄ + L²/b in eq:C, C/2 is {first}× and {second}× eq:Sig_2_bnd's "
            "right side at (d, b, δ) = (1, 10⁸, 10⁻⁸), (10⁴, 1, 0.99) (flagged when "
            "< 1)",
            found,
        )
    return flagged(
        decide_base_case_C(algebra, cases),
        "C/2 of eq:C is {first}× and {second}× eq:Sig_2_bnd's right side (= 2C₄, "
        "sympy) at (d, b, δ) = (1, 10⁸, 10⁻⁸), (10⁴, 1, 0.99) (flagged when < 1)",
        found,
    )


def decide_probability_bookkeeping(
    valid: bool, exact_p: float, failed: int, runs: int, delta: float
) -> bool:
    """Whether Lemma 5.3's "1 − δ" is shown wrong by the first event alone: the printed
    constants are valid (``valid``), the event's exact failure probability ``exact_p`` exceeds
    δ, the simulated frequency (``failed`` of ``runs``) agrees with it within ``K_SE`` of its
    standard error (the control: the simulation is the event the exact form computes), and
    rejects "≤ δ" by the one-sided test (``decisions.exceeded``). Each part alone false leaves
    it not shown."""
    frequency = proportion("failed", failed, runs)
    agrees = within_se(frequency.value, exact_p, frequency.uncertainty)
    return bool(valid and exact_p > delta and agrees and exceeded(failed, runs, delta))


@erratum(
    "Lemma 5.3 (statement and proof); Thm 5.4, item 2",
    minimum=Data(draws=single_event_trials(0.01), at={"draws": "runs"}),
)
def erratum_probability_bookkeeping(runs: int = 400, printed: bool = True) -> Verdict:
    """Lemma 5.3 "with a probability at least 1 − δ" (and Theorem 5.4, item 2): the proof needs, at
    every step t < K, eq:G_norm_1 and eq:GG, each on ‖u_{t,i}‖² ≤ c₃ for all i (eq:u_norm, one
    δ-event per direction), besides Lemma E.7 at δ/k², eq:Y0 and Lemma 5.1 or 5.2 at every step;
    the union bound gives 1 − [(K − 1)(b + 3) + 2(π²/6 − 1)]δ, not 1 − δ. The first event alone
    fails more often than δ: at d = 5, b = 50, δ = 0.01, K = 200 (c₂ > 0) its exact failure
    probability 1 − (1 − P(χ²₅ > c₃))^{b(K−1)} exceeds δ, and its frequency over ``runs`` simulated
    runs agrees with that within K_SE and rejects "≤ δ" (``exceedance_z``). ``printed=False``:
    with δ/((K − 1)(b + 3) + 2) in c₃ the same exact probability is below δ (not flagged).
    Evidence: the exact probability, the simulated frequency and its z against δ."""
    d, b, delta, K = 5, 50, 0.01, 200
    if not printed:  # δ/((K − 1)(b + 3) + 2) per event: flagged if the first event's failure
        per_event = delta / ((K - 1) * (b + 3) + 2)  # probability still exceeds δ
        c3 = c_constants(d=d, b=b, delta=per_event).c3
        exact_p = -math.expm1(b * (K - 1) * math.log1p(-scipy.stats.chi2.sf(c3, d)))
        return flagged(
            bool(exact_p > delta),
            "with δ/((K − 1)(b + 3) + 2) in c₃, P(some ‖u_t,i‖² > c₃ over K = 200 "
            "steps, b = 50) = {exact} (flagged when > δ = 0.01)",
            (exact("exact", exact_p),),
        )
    c = c_constants(d=d, b=b, delta=delta)
    exact_p = -math.expm1(b * (K - 1) * math.log1p(-scipy.stats.chi2.sf(c.c3, d)))
    norms = np.random.default_rng(39).chisquare(d, size=(runs, b * (K - 1)))  # ‖u_{t,i}‖²
    failed = int(np.sum(np.any(norms > c.c3, axis=1)))
    frequency = proportion("failed", failed, runs)
    z = exceedance_z(failed, runs, delta)
    return flagged(
        decide_probability_bookkeeping(c.valid, exact_p, failed, runs, delta),
        "P(some ‖u_t,i‖² > c₃ over K = 200 steps, b = 50) = {exact}, simulated "
        "{failed} of {runs} runs (z = {z} against δ = 1%; flagged when > 5)",
        (
            exact("exact", exact_p, percent=True),
            frequency,
            count("runs", runs),
            z_measurement("z", z),
        ),
    )


@erratum(
    "eq:sto_err, eq:dec_sig, induction hypothesis in the proof of Lemma 5.3", minimum=Data(draws=1)
)
def erratum_Sigma_vs_Sigma_inv(draws: int = 200, printed: bool = True) -> Verdict:
    """eq:sto_err (statement and last line of its proof), eq:dec_sig and the induction hypothesis of
    the proof of Lemma 5.3 print ‖Σ_t − H*‖ where ‖Σ_t⁻¹ − H*‖ is meant (the line before, Γ_t of
    Lemma E.7, Lemma 5.3's conclusion). The two differ and neither bounds the other: with H* = I
    and S' = [0.5, 4], Σ_t⁻¹ = 3I gives ‖Σ_t⁻¹ − H*‖ > ‖Σ_t − H*‖ and Σ_t⁻¹ = 0.6I the reverse,
    in the Frobenius and the spectral norm alike; so the last "=" of eq:sto_err's proof, from
    ‖Σ_t⁻¹ − H*‖₂ to the printed ‖Σ_t − H*‖ (Frobenius), is not even a "≤" at Σ_t⁻¹ = 3I.

    ``printed=False``: that step with the corrected ‖Σ_t⁻¹ − H*‖ (Frobenius, ≥ the spectral norm
    of the line before) is flagged if it fails at 3I, 0.6I or any of ``draws`` random pairs
    Σ_t⁻¹, H* ∈ S' (d = 3). Evidence: both Frobenius norms at 3I and 0.6I (d = 2); the largest
    ratio of the spectral to the Frobenius norm of Σ_t⁻¹ − H*."""
    H_star = np.eye(2)
    pairs = [(s * np.eye(2), H_star) for s in (3.0, 0.6)]
    if not printed:
        rng = np.random.default_rng(43)
        pairs += [
            (random_spd(rng, 3, 0.5, 4.0), random_spd(rng, 3, 0.5, 4.0)) for _ in range(draws)
        ]
        ratio = max(np.linalg.norm(x - h, 2) / np.linalg.norm(x - h) for x, h in pairs)
        return flagged(
            bool(
                any(
                    np.linalg.norm(x - h, 2) > np.linalg.norm(x - h) * (1 + 1e-12) for x, h in pairs
                )
            ),
            "‖Σ_t⁻¹ − H*‖₂/‖Σ_t⁻¹ − H*‖_F is at most {ratio} over 3I, 0.6I and "
            "{draws} random pairs in S' (flagged when > 1)",
            (exact("ratio", ratio), count("draws", draws)),
        )
    order, norms = [], {}
    for (sigma_inv, _), name in zip(pairs, ("3", "06")):
        for norm in ("fro", 2):
            order.append(
                np.linalg.norm(sigma_inv - H_star, norm)
                > np.linalg.norm(np.linalg.inv(sigma_inv) - H_star, norm)
            )
        norms["inv_" + name] = np.linalg.norm(sigma_inv - H_star)
        norms["sigma_" + name] = np.linalg.norm(np.linalg.inv(sigma_inv) - H_star)
    step = np.linalg.norm(pairs[0][0] - H_star, 2) <= np.linalg.norm(
        np.linalg.inv(pairs[0][0]) - H_star
    )
    return flagged(
        decide_Sigma_vs_Sigma_inv(order, step),
        "H* = I: ‖Σ_t⁻¹ − H*‖_F = {inv_3}, ‖Σ_t − H*‖_F = {sigma_3} at Σ_t⁻¹ = 3I; "
        "{inv_06}, {sigma_06} at 0.6I (flagged when, as here, neither bounds the "
        "other)",
        tuple(exact(name, value) for name, value in norms.items()),
    )
