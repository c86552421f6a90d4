"""The errata's decisions on synthetic data, their controls included (issue 43 §2: the errata
were tested on their own runs only, where every control holds, so a check that dropped its
control conjunct survived). Each decision: flagged with every part met, and not flagged with
any one part alone false, the control first."""

import numpy as np
import pytest
import sympy as sp

from mines_theory.verification.errata.appendix_d import (
    decide_G_norm_1,
    decide_hypotheses,
    decide_nu_gamma_power,
    decide_taylor_weight,
    decide_two_log,
)
from mines_theory.verification.errata.appendix_e_induction import (
    decide_base_case_C,
    decide_probability_bookkeeping,
    decide_Sigma_vs_Sigma_inv,
)
from mines_theory.verification.errata.appendix_e_recursion import (
    decide_alpha_err_factor,
    decide_alpha_err_projection,
    decide_dd_middle_equality,
    decide_nab_f_typos,
    decide_sig2_nonquadratic,
    decide_sig_dec_factor,
)
from mines_theory.verification.errata.appendix_e_stochastic import (
    decide_chi_threshold,
    decide_Lambda_norm,
    decide_lemx_dependence,
    decide_missing_1_over_b,
    decide_y_omitted,
    decide_Y0_sum,
)
from mines_theory.verification.errata.section3_convexity import decide_strict_convexity
from mines_theory.verification.errata.section3_covariance import (
    decide_j_sig_0_power,
    decide_last_chain_norms,
    decide_sig_opt_mu,
    decide_sig_opt_posdef,
    decide_tmp2_first_line,
    decide_tmp_phi_argument,
)
from mines_theory.verification.errata.section3_mean import (
    decide_j_quad_integrand,
    decide_taylor_sigma,
    decide_theorem33_sign,
)
from mines_theory.verification.claims.section4.probability import (
    decide_lemma_b5,
    vacuous_as_printed,
)
from mines_theory.verification.claims.section4.projection import decide_proposition_a2
from mines_theory.verification.errata.section2 import decide_fisher_vec
from mines_theory.verification.errata.section4 import decide_bG_factor, rejected_with_control
from mines_theory.verification.errata.section5 import (
    decide_c2_negative,
    decide_C_grows_with_K,
    decide_delta_alpha_2_third_term,
    decide_lemma51_substitution,
    decide_lemma52_coefficient,
    decide_lemma52_line4,
    decide_union_bound,
)
from mines_theory.verification.framework.verdict import Status, Undecidable


@pytest.mark.parametrize(
    "printed, corrected, flagged",
    [
        (200, 40, True),  # printed exceeded in 50% of 400 batches, γ² in 10% = δ
        (200, 41, False),  # the control fails: γ² exceeded in more than δ
        (60, 0, False),  # the printed bound not exceeded beyond δ by 5 SE (15%: z = 3.3)
    ],
    ids=["flagged", "control fails", "printed not shown"],
)
def test_nu_gamma_power(printed, corrected, flagged):
    assert decide_nu_gamma_power(printed, corrected, 400, 0.1) is flagged


@pytest.mark.parametrize(
    "parts, flagged",
    [
        (dict(), True),
        (dict(corrected=True), False),  # the control: the corrected Δα,1 exceeded too
        (dict(printed=False), False),
        (dict(gamma_sq=False), False),
        (dict(differ=[True, True, False]), False),
    ],
    ids=["flagged", "control fails", "printed", "printed with γ²", "a coefficient right"],
)
def test_lemma51_substitution(parts, flagged):
    args = dict(differ=[True, True, True], printed=True, gamma_sq=True, corrected=False)
    args.update(parts)
    differ = args.pop("differ")
    assert decide_lemma51_substitution(differ, **args) is flagged


@pytest.mark.parametrize(
    "valid, one, some, flagged",
    [
        (True, 0.05, 0.4, True),
        (True, 0.11, 0.4, False),  # the control: one direction alone fails beyond δ
        (True, 0.0005, 0.05, False),  # some of the b within δ
        (False, 0.05, 0.4, False),  # the printed constants not valid
        (True, 0.1, 0.1000001, True),  # on the boundaries
    ],
)
def test_union_bound(valid, one, some, flagged):
    assert decide_union_bound(valid, one, some, 0.1) is flagged


#: 10⁴ runs, δ = 0.01: 155 failures are a frequency 1.55% ± 0.12% (z = 5.5 against δ).
RUNS, DELTA = 10_000, 0.01


@pytest.mark.parametrize(
    "valid, exact_p, failed, flagged",
    [
        (True, 0.0155, 155, True),
        (True, 0.03, 155, False),  # the control: the simulation disagrees with the exact form
        (True, 0.0099, 155, False),  # the exact probability within δ (the frequency agrees)
        (True, 0.0115, 110, False),  # agrees, exact > δ, but the frequency does not reject δ
        (False, 0.0155, 155, False),  # the printed constants not valid
    ],
    ids=["flagged", "control fails", "exact within δ", "not rejected", "invalid"],
)
def test_probability_bookkeeping(valid, exact_p, failed, flagged):
    assert decide_probability_bookkeeping(valid, exact_p, failed, RUNS, DELTA) is flagged


def test_probability_bookkeeping_refuses_nan():
    with pytest.raises(Undecidable):
        decide_probability_bookkeeping(True, float("nan"), 155, RUNS, DELTA)


@pytest.mark.parametrize(
    "printed, corrected, flagged",
    [(3, 0, True), (3, 1, False), (0, 0, False)],
    ids=["flagged", "control fails", "printed holds"],
)
def test_sig_dec_factor(printed, corrected, flagged):
    assert decide_sig_dec_factor(printed, corrected) is flagged


@pytest.mark.parametrize(
    "r, given, spread, flagged",
    [
        (0.3, [(0.0, 0.01), (0.02, 0.01)], 3.0, True),
        (0.3, [(0.0, 0.01), (0.06, 0.01)], 3.0, False),  # the control: Z₂ not centred given Z₁
        (0.049, [(0.0, 0.01), (0.02, 0.01)], 3.0, False),  # correlation within 5 SE (0.05)
        (0.3, [(0.0, 0.01), (0.02, 0.01)], 2.0, False),  # the range does not vary
    ],
    ids=["flagged", "control fails", "not correlated", "fixed range"],
)
def test_lemx_dependence(r, given, spread, flagged):
    assert decide_lemx_dependence(r, 0.01, given, spread) is flagged


@pytest.mark.parametrize(
    "z_printed, z_control, flagged",
    [
        (7.4, 1.0, True),
        (7.4, 5.1, False),  # the control: the corrected form rejected too
        (4.9, 1.0, False),  # the printed form not rejected
        (5.0, 5.0, False),  # K_SE itself is within
    ],
    ids=["flagged", "control fails", "printed not rejected", "on the boundary"],
)
def test_rejected_with_control(z_printed, z_control, flagged):
    """The Monte Carlo errata of Lemma C.1 (its proof's ½Σ⁻¹; its root read as Cholesky)."""
    assert rejected_with_control(z_printed, z_control) is flagged


def test_rejected_with_control_refuses_nan():
    with pytest.raises(Undecidable):
        rejected_with_control(7.4, float("nan"))


@pytest.mark.parametrize(
    "mean, gap, quad_gap, flagged",
    [
        (0.0, 1e-6, 1.0005e-6, True),
        (1e-9, 1e-6, 1.0005e-6, False),  # a control: the gap not taken at the minimizer 0
        (0.0, 1e-6, 1.002e-6, False),  # a control: the two quadratures disagree by 0.2%
        (0.0, -1e-6, -1e-6, False),  # convex at the midpoint
    ],
    ids=["flagged", "not at the minimizer", "quadratures disagree", "convex"],
)
def test_strict_convexity(mean, gap, quad_gap, flagged):
    assert decide_strict_convexity(mean, gap, quad_gap) is flagged


BRUTE = np.array([[1.0, 0.2], [0.2, 0.5]])


@pytest.mark.parametrize(
    "kkt, projection, flagged",
    [
        (BRUTE + 1e-7, BRUTE + 0.1, True),
        (BRUTE + 1e-4, BRUTE + 0.1, False),  # the control: brute force off the KKT point
        (BRUTE + 1e-7, BRUTE + 1e-3, False),  # Π_S(M⁻¹) is the minimizer after all
    ],
    ids=["flagged", "control fails", "projection right"],
)
def test_sig_opt_posdef(kkt, projection, flagged):
    assert decide_sig_opt_posdef(BRUTE, kkt, projection) is flagged


@pytest.mark.parametrize(
    "frobenius, spectral, flagged",
    [(1.3, 0.9, True), (1.3, 1.01, False), (1.19, 0.9, False)],
    ids=["flagged", "control fails", "printed within 20%"],
)
def test_last_chain_norms(frobenius, spectral, flagged):
    assert decide_last_chain_norms(frobenius, spectral, 1.0) is flagged


@pytest.mark.parametrize(
    "residual, printed_residual, lhs, flagged",
    [
        (1e-12, 0.1, -0.5, True),
        (1e-6, 0.1, -0.5, False),  # a control: the corrected path misses the identity too
        (1e-12, 1e-12, -0.5, False),  # the printed path satisfies it
        (1e-12, 0.1, -0.1, False),  # the other control: the corrected step fails too
        (1e-12, 0.1, -0.7, False),  # the printed step holds
    ],
    ids=["flagged", "path control", "printed path right", "step control", "printed step"],
)
def test_nab_f_typos(residual, printed_residual, lhs, flagged):
    """Right sides: printed −0.6, corrected −0.2."""
    assert decide_nab_f_typos(residual, printed_residual, lhs, -0.6, -0.2) is flagged


@pytest.mark.parametrize(
    "z_EY, z_zero, x_part, y_part, flagged",
    [
        (1.0, 30.0, 0.7, 0.3, True),
        (6.0, 30.0, 0.7, 0.3, False),  # a control: the Monte Carlo disagrees with E Y's formula
        (1.0, 4.0, 0.7, 0.3, False),  # E Y not shown ≠ 0
        (1.0, 30.0, 0.69, 0.3, False),  # the other control: X + Y is not the summand
        (1.0, 30.0, 0.96, 0.04, False),  # the Y-part within 5% of the summand
    ],
    ids=["flagged", "formula control", "E Y = 0", "split control", "Y small"],
)
def test_y_omitted(z_EY, z_zero, x_part, y_part, flagged):
    assert decide_y_omitted(z_EY, z_zero, 1.0, x_part, y_part) is flagged


CHI = dict(
    printed_failed=12,
    failed=0,
    y0=0.1,
    allowed=0.16,
    violations=30,
    outside_violations=30,
    laurent_massart=0,
)


@pytest.mark.parametrize(
    "change, flagged",
    [
        (dict(), True),
        (dict(failed=1), False),  # a control: the corrected threshold fails on the grid too
        (dict(y0=0.17), False),  # a control: eq:Y0's probability above π²δ/6
        (dict(outside_violations=29), False),  # a control: a failure inside eq:chi's range
        (dict(violations=0, outside_violations=0), False),  # the region never matters
        (dict(laurent_massart=1), False),  # a control: Laurent–Massart fails somewhere
        (dict(printed_failed=0), False),  # the printed threshold holds
    ],
    ids=["flagged", "corrected", "Y0", "inside range", "no region", "Laurent-Massart", "printed"],
)
def test_chi_threshold(change, flagged):
    assert decide_chi_threshold(**{**CHI, **change}) is flagged


# The errata the inventory (tests/test_decision_inventory.py) listed as open, in the order of
# the errata table; each part alone decides once, the control included.


@pytest.mark.parametrize(
    "worst, in_set, printed_outside, status",
    [
        (3e-11, True, True, Status.ERRATUM),
        (1e-10, True, True, Status.FAILS),  # the control: [τ, ζ] is not the projection
        (3e-11, False, True, Status.FAILS),  # the control: the projection leaves S'
        (3e-11, True, False, Status.HOLDS),  # the printed interval stays in S'
    ],
    ids=["erratum", "not a projection", "projection leaves S'", "printed inside"],
)
def test_proposition_a2(worst, in_set, printed_outside, status):
    """Prop. A.2's status and eq:proj_cs_prime's flag (its printed branch reads the status)."""
    assert decide_proposition_a2(worst, in_set, printed_outside) is status


def test_proposition_a2_refuses_nan():
    with pytest.raises(Undecidable):
        decide_proposition_a2(float("nan"), True, True)


@pytest.mark.parametrize(
    "closed, symmetric, full, flagged",
    [
        (0, 0, 4, True),
        (1, 0, 4, False),  # the control: F is not the closed form ¼(Σ̄⁻¹⊗Σ̄⁻¹)(I + K)
        (0, 2, 4, False),  # the form differs from F on symmetric directions too
        (0, 0, 0, False),  # the form is F
    ],
    ids=["flagged", "control fails", "wrong on symmetric directions", "form right"],
)
def test_fisher_vec(closed, symmetric, full, flagged):
    assert decide_fisher_vec(closed, symmetric, full) is flagged


H2 = np.array([[2.0, 0.3], [0.3, 1.0]])


@pytest.mark.parametrize(
    "corrected, printed, flagged",
    [
        (H2 + 1e-12, H2 @ np.diag([2.0, 0.5]), True),
        (H2 + 1e-3, H2 @ np.diag([2.0, 0.5]), False),  # the control: corrected misses H
        (H2 + 1e-12, H2 + 1e-7, False),  # the printed form's expectation is H
    ],
    ids=["flagged", "control fails", "printed right"],
)
def test_bG_factor(corrected, printed, flagged):
    assert decide_bG_factor(corrected, printed, H2) is flagged


@pytest.mark.parametrize(
    "worst, printed, status",
    [
        (0.9, 7.39, Status.ERRATUM),
        (1.001, 7.39, Status.FAILS),  # the control: the intended bound fails
        (0.9, 0.135, Status.HOLDS),  # the printed form is a bound below 1
        (1 + 1e-12, 1.0, Status.HOLDS),  # on both boundaries
    ],
    ids=["erratum", "intended fails", "printed below 1", "boundaries"],
)
def test_lemma_b5(worst, printed, status):
    """Lemma B.5's status and its erratum's flag (its printed branch reads the status)."""
    assert decide_lemma_b5(worst, printed) is status


def test_lemma_b5_refuses_nan():
    with pytest.raises(Undecidable):
        decide_lemma_b5(0.9, float("nan"))


@pytest.mark.parametrize(
    "printed, vacuous",
    [(7.39, True), (1.0, True), (1 - 1e-12, False), (0.135, False)],
    ids=["printed e²", "boundary", "just below 1", "corrected e⁻²"],
)
def test_lemma_b5_vacuous_as_printed(printed, vacuous):
    """Lemma B.5's qualifier "vacuous as printed": a printed bound on a probability of at
    least 1 (its exponent of the wrong sign gives e²) cannot be violated; the corrected e⁻²
    can."""
    assert vacuous_as_printed(printed) is vacuous


def test_lemma_b5_vacuous_refuses_nan():
    with pytest.raises(Undecidable):
        vacuous_as_printed(float("nan"))


@pytest.mark.parametrize(
    "actual, closed, form, flagged",
    [
        (0.7, 0.7, 1.1, True),
        (0.7, 0.7 * (1 + 1e-6), 1.1, False),  # the control: quadrature off ½tr(HΣ)
        (0.7, 0.7, 0.7 * (1 + 5e-4), False),  # z = μ + Σu gives the expectation within 0.1%
        (0.7, 0.7, 0.7 * (1 + 2e-3), True),  # 0.2% off: beyond the criterion
    ],
    ids=["flagged", "control fails", "printed z right", "0.2% off"],
)
def test_taylor_sigma(actual, closed, form, flagged):
    assert decide_taylor_sigma(actual, closed, form) is flagged


@pytest.mark.parametrize(
    "lhs, rhs, flagged",
    [(0.3, -0.1, True), (0.3, 0.0, False), (0.0, -0.1, False), (0.3, 0.1, False)],
    ids=["flagged", "right side zero", "left side zero", "right side positive"],
)
def test_theorem33_sign(lhs, rhs, flagged):
    assert decide_theorem33_sign(lhs, rhs) is flagged


@pytest.mark.parametrize(
    "pointwise, mean, root, flagged",
    [(2, 0, 0, True), (2, 0, 1, False), (2, 1, 0, False), (0, 0, 0, False)],
    ids=["flagged", "control fails", "mean wrong", "integrand right"],
)
def test_j_quad_integrand(pointwise, mean, root, flagged):
    assert decide_j_quad_integrand(pointwise, mean, root) is flagged


SIGMA = np.array([[0.5, 0.1], [0.1, 0.3]])


@pytest.mark.parametrize(
    "with_hat, with_star, flagged",
    [
        (SIGMA + 1e-12, SIGMA + 0.1, True),
        (SIGMA + 1e-4, SIGMA + 0.1, False),  # the control: ∇²f(μ̂*) misses Σ̂* too
        (SIGMA + 1e-12, SIGMA + 1e-8, False),  # ∇²f(μ*) gives Σ̂* as well
    ],
    ids=["flagged", "control fails", "printed right"],
)
def test_sig_opt_mu(with_hat, with_star, flagged):
    assert decide_sig_opt_mu(with_hat, with_star, SIGMA) is flagged


@pytest.mark.parametrize(
    "printed, corrected, flagged",
    [(4, 0, True), (4, 2, False), (0, 0, False)],
    ids=["flagged", "control fails", "printed right"],
)
def test_j_sig_0_power(printed, corrected, flagged):
    assert decide_j_sig_0_power(printed, corrected) is flagged


@pytest.mark.parametrize(
    "expectation, scaled, flagged",
    [
        (5.3e-6, 2.0, True),
        (5.3e-6, 2.0 * (1 + 1e-5), False),  # the control: α⁻²‖E[…]‖ misses the left side
        (2.0 * (1 + 5e-4), 2.0, False),  # the printed ‖E[…]‖ is the left side within 0.1%
    ],
    ids=["flagged", "control fails", "printed right"],
)
def test_tmp2_first_line(expectation, scaled, flagged):
    assert decide_tmp2_first_line(expectation, scaled, 2.0) is flagged


@pytest.mark.parametrize(
    "correct, at_mu_star, at_mu_hat, flagged",
    [
        (1.0, 0.9, 0.8, True),
        (1.0 + 1e-7, 0.9, 0.8, False),  # the control: Φ(Σ̂*) falls short too
        (1.0, 1.0 - 1e-6, 0.8, False),  # Φ at μ* within 10⁻⁵
        (1.0, 0.9, 1.0 - 1e-6, False),  # Φ at μ̂* within 10⁻⁵
    ],
    ids=["flagged", "control fails", "at mu star", "at mu hat"],
)
def test_tmp_phi_argument(correct, at_mu_star, at_mu_hat, flagged):
    assert decide_tmp_phi_argument(correct, at_mu_star, at_mu_hat, 1.0) is flagged


@pytest.mark.parametrize(
    "c2_9, c2_10, flagged",
    [(-0.1, 0.4, True), (-0.1, -0.05, False), (0.1, 0.4, False), (0.0, 0.4, False)],
    ids=["flagged", "control: negative at 10 too", "positive at 9", "zero at 9"],
)
def test_c2_negative(c2_9, c2_10, flagged):
    assert decide_c2_negative(c2_9, c2_10) is flagged


#: C₃ = 1 at K = 10⁴, 100 at 10⁸: the floor (9/4)C₃²/K is 2.25·10⁻⁴ at 10⁸ (1.125·10⁻⁴ is half
#: the floor at 10⁴), and C/K = 9·10⁴/10⁸ = 9·10⁻⁴ stays above it.
C3_GROWS = dict(term=0.0, c3_small=1.0, c3_large=100.0, C_large=9e4)


@pytest.mark.parametrize(
    "change, flagged",
    [
        (dict(), True),
        (dict(term=1e-3), False),  # the control: eq:alpha_err's α-term does not vanish
        (dict(c3_small=0.0, c3_large=0.0), False),  # the printed C₃ vanishes too
        (dict(c3_large=99.0), False),  # C₃ grows 99-fold only
        (dict(C_large=2e4), False),  # C/K below the floor
        # at K = 10⁹ (10⁵ times 10⁴), growth ×150 > 99 leaves a floor 5.1·10⁻⁵ below half the
        # floor at 10⁴: the floor falls; ×300 keeps it (2.0·10⁻⁴)
        (dict(c3_large=150.0, C_large=1e6, K_large=10**9), False),
        (dict(c3_large=300.0, C_large=1e6, K_large=10**9), True),
    ],
    ids=["flagged", "control", "C3 zero", "growth", "below floor", "floor falls", "floor stays"],
)
def test_C_grows_with_K(change, flagged):
    assert decide_C_grows_with_K(**{**C3_GROWS, **change}) is flagged


X = sp.Symbol("x", positive=True)


@pytest.mark.parametrize(
    "residuals, flagged",
    [
        ((0, X, 0, 0), True),
        ((0, X, X, 0), False),  # the control: another step η does better
        ((X, X, 0, 0), False),  # the coefficient is not −1/(16𝓛c₁)
        ((0, 0, 0, 0), False),  # the printed −1/(4𝓛c₁) is right
        ((0, X, 0, X), False),  # the cubic term does not leave +1/(16𝓛c₁)
    ],
    ids=["flagged", "control", "not 1/16", "printed right", "no increase"],
)
def test_lemma52_coefficient(residuals, flagged):
    assert decide_lemma52_coefficient(*residuals) is flagged


@pytest.mark.parametrize(
    "cubic_times_w, cubic, gap, flagged",
    [
        (0, X, X, True),
        (X, X, X, False),  # the control: not the derived term with ‖w‖² for ‖w‖³
        (0, 0, X, False),  # the printed cubic term is the derived one
        (0, X, -X, False),  # line 3 ≤ line 4 holds
        (0, X, 0, False),  # on its boundary
    ],
    ids=["flagged", "control", "cubic right", "step holds", "gap zero"],
)
def test_lemma52_line4(cubic_times_w, cubic, gap, flagged):
    assert decide_lemma52_line4(cubic_times_w, cubic, gap) is flagged


@pytest.mark.parametrize(
    "times_Lk, residual, flagged",
    [(0, X, True), (X, X, False), (0, 0, False)],
    ids=["flagged", "control", "printed right"],
)
def test_delta_alpha_2_third_term(times_Lk, residual, flagged):
    assert decide_delta_alpha_2_third_term(times_Lk, residual) is flagged


@pytest.mark.parametrize(
    "d7, inside_fails, flagged",
    [
        (Status.FAILS, True, True),
        (Status.HOLDS, True, False),  # Lemma D.7's check does not fail
        (Status.FAILS, False, False),  # eq:G_norm_2 holds inside S'
    ],
    ids=["flagged", "D.7 holds", "holds inside S'"],
)
def test_G_norm_1(d7, inside_fails, flagged):
    assert decide_G_norm_1(d7, inside_fails) is flagged


#: 2000 batches, δ = 0.1: a count is beyond δ by the exact test from 271 (13.55%) on.
@pytest.mark.parametrize(
    "outside, inside, flagged",
    [
        ((1556, 900), (0, 150), True),
        ((1556, 900), (271, 150), False),  # the control: eq:sigma_1 fails at Σ = 1/τ too
        ((1556, 900), (0, 271), False),  # the control: eq:tgm_3 fails at Σ = 1/τ too
        ((270, 900), (0, 150), False),  # eq:sigma_1 does not fail at the allowed Σ
        ((1556, 270), (0, 150), False),  # eq:tgm_3 does not fail at the allowed Σ
    ],
    ids=["flagged", "sigma_1 inside", "tgm_3 inside", "sigma_1 outside", "tgm_3 outside"],
)
def test_hypotheses(outside, inside, flagged):
    assert decide_hypotheses(outside, inside, 2000, 0.1) is flagged


@pytest.mark.parametrize(
    "two, three, flagged",
    [
        (-29.9, -31.0, True),
        (-29.9, -29.95, False),  # the control: 2d + 3 log(1/δ) exceeds δ too
        (-30.0, -31.0, False),  # 2 log(1/δ) at δ exactly
        (-30.5, -31.0, False),  # 2 log(1/δ) safe
    ],
    ids=["flagged", "control", "at delta", "printed safe"],
)
def test_two_log(two, three, flagged):
    assert decide_two_log(two, three, 30.0) is flagged


@pytest.mark.parametrize(
    "weighted, unweighted, flagged",
    [
        (0.5 * (1 + 1e-12), 1.05, True),
        (0.5 * (1 + 1e-9), 1.05, False),  # the control: the weighted integral misses it
        (0.5 * (1 + 1e-12), 0.59, False),  # the printed form within 20% (18%)
        (0.5 * (1 + 1e-12), 0.39, True),  # 22% below
    ],
    ids=["flagged", "control", "within 20%", "22% below"],
)
def test_taylor_weight(weighted, unweighted, flagged):
    assert decide_taylor_weight(0.5, weighted, unweighted) is flagged


#: 400 runs, δ = 0.1: a count is beyond δ by the exact test from 74 (18.5%) on.
@pytest.mark.parametrize(
    "count, mean_error, limit, flagged",
    [
        (400, 2.0, 1.5, True),
        (74, 2.0, 1.5, True),
        (73, 2.0, 1.5, False),  # exceeded in 18.25% of the runs: tail 3.8·10⁻⁷, not beyond δ
        (400, 1.0, 1.5, False),  # the mean error at the bound
        (400, 2.0, 1.0, False),  # the limit at the bound: more batches would remove it
    ],
    ids=["flagged", "74 of 400", "73 of 400", "mean within", "limit within"],
)
def test_sig2_nonquadratic(count, mean_error, limit, flagged):
    assert decide_sig2_nonquadratic(count, 400, 0.1, mean_error, limit, 1.0) is flagged


ROOT5 = 5**0.5


@pytest.mark.parametrize(
    "top, identity, flagged",
    [
        (2.1, ROOT5, True),
        (ROOT5 * (1 + 1e-9), ROOT5, False),  # the control: a pair exceeds √d
        (2.1, ROOT5 * (1 + 1e-11), False),  # A = D = I misses √d
    ],
    ids=["flagged", "control", "identity off"],
)
def test_alpha_err_factor(top, identity, flagged):
    assert decide_alpha_err_factor(top, identity, 5) is flagged


def test_alpha_err_factor_printed_part_alone():
    """d = 1: √d = 1/√d, so reaching √d does not exceed the printed factor."""
    assert decide_alpha_err_factor(1.0, 1.0, 1) is False


ALPHA_ERR = dict(rhs=0.0, one_d=3 / 64, closed=3 / 64, positive=49, inside=1e-12)


@pytest.mark.parametrize(
    "change, flagged",
    [
        (dict(), True),
        (dict(inside=2e-9), False),  # the control: the left side > 0 with ∇²f in S' too
        (dict(rhs=1e-3), False),  # the right side is not 0
        (dict(one_d=3 / 64 + 1e-8), False),  # the 1-D left side misses its closed form
        (dict(one_d=-3 / 64, closed=-3 / 64), False),  # the 1-D left side not positive
        (dict(positive=0), False),  # no random draw positive
    ],
    ids=["flagged", "control", "rhs", "closed form", "1-D negative", "no draw"],
)
def test_alpha_err_projection(change, flagged):
    assert decide_alpha_err_projection(**{**ALPHA_ERR, **change}) is flagged


@pytest.mark.parametrize(
    "matches, bounds, flagged",
    [
        ([True, True, True], [2.0, 3.0, 1.0], True),
        ([True, False, True], [2.0, 3.0, 1.0], False),  # the "=" line right at one k
        ([True, True, True], [2.0, 3.0, 1.0 - 1e-9], False),  # the control: dd_bound below
    ],
    ids=["flagged", "one k right", "control"],
)
def test_dd_middle_equality(matches, bounds, flagged):
    assert decide_dd_middle_equality(matches, bounds, [1.0, 3.0, 1.0]) is flagged


@pytest.mark.parametrize(
    "example, largest, L, flagged",
    [
        (1.0, 0.9, 0.5, True),
        (1.0, 1.0 + 1e-9, 0.5, False),  # the control: max(L, τ)/τ = 1 exceeded by a draw
        (1.0 + 1e-9, 0.9, 0.5, False),  # the example is not ‖Λ_t‖₂ = 1
        (1.0, 0.9, 1.0, False),  # L/τ = 1: the printed bound holds at the example
    ],
    ids=["flagged", "control", "example off", "printed holds"],
)
def test_Lambda_norm(example, largest, L, flagged):
    """τ = 1 (S' = [1, 2]), as in the check."""
    assert decide_Lambda_norm(example, largest, L, 1.0) is flagged


@pytest.mark.parametrize(
    "total, low, high, flagged",
    [
        (sp.pi**2 / 6 - 1, 0.6449, 0.6450, True),
        (sp.pi**2 / 6, 0.6449, 0.6450, False),  # the printed sum is right
        (sp.pi**2 / 6 - sp.Rational(9, 10), 0.6449, 0.6450, False),  # neither
        (sp.pi**2 / 6 - 1, 0.6450, 0.6451, False),  # the control: the bracket misses it
        (sp.pi**2 / 6 - 1, 0.6449, 1.7, False),  # the bracket reaches π²/6
    ],
    ids=["flagged", "printed right", "neither", "bracket misses", "bracket too wide"],
)
def test_Y0_sum(total, low, high, flagged):
    assert decide_Y0_sum(total, low, high) is flagged


@pytest.mark.parametrize(
    "lhs, corrected, printed_side, flagged",
    [
        (0.5, 0.5, 2.0, True),
        (0.5, 0.5 + 1e-9, 2.0, False),  # the control: the corrected side misses the left
        (0.5, 0.5, 0.5, False),  # the printed side is the left side
        (1e-4, 1e-4, 4e-4, False),  # a left side near 0 shows nothing
    ],
    ids=["flagged", "control", "printed right", "lhs zero"],
)
def test_missing_1_over_b(lhs, corrected, printed_side, flagged):
    assert decide_missing_1_over_b(lhs, corrected, printed_side, 4, 1e-10) is flagged


@pytest.mark.parametrize(
    "algebra, cases, flagged",
    [
        (True, [(True, 4.0, 2.0, 6.0), (True, 8.0, 4.0, 10.0)], True),
        (False, [(True, 4.0, 2.0, 6.0), (True, 8.0, 4.0, 10.0)], False),  # the derivation
        (True, [(True, 4.0, 2.0, 6.0), (False, 8.0, 4.0, 10.0)], False),  # constants invalid
        (True, [(True, 4.0, 2.0, 6.0), (True, 8.0, 3.0, 10.0)], False),  # the bound is not 2C₄
        (True, [(True, 4.0, 2.0, 6.0), (True, 8.0, 4.0, 16.0)], False),  # C/2 ≥ bound
    ],
    ids=["flagged", "algebra", "invalid", "not 2C4", "C large enough"],
)
def test_base_case_C(algebra, cases, flagged):
    assert decide_base_case_C(algebra, cases) is flagged


@pytest.mark.parametrize(
    "order, step, flagged",
    [
        ([True, True, False, False], False, True),
        ([True, True, False, False], True, False),  # the last step holds at 3I
        ([False, True, False, False], False, False),
        ([True, False, False, False], False, False),
        ([True, True, True, False], False, False),  # one bounds the other
        ([True, True, False, True], False, False),
    ],
    ids=["flagged", "step holds", "3I fro", "3I spectral", "0.6I fro", "0.6I spectral"],
)
def test_Sigma_vs_Sigma_inv(order, step, flagged):
    assert decide_Sigma_vs_Sigma_inv(order, step) is flagged
