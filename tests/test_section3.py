"""Section 3's checks: what they report where the theorems' hypotheses do not hold."""

import numpy as np
import pytest

from .conftest import numbers_test
from mines_theory.theory.bounds.section3 import alpha_condition
from mines_theory.problems.logistic import synthetic_logistic
from mines_theory.verification.framework.verdict import Status
from mines_theory.verification.claims.section3.orders import slope_fit
from mines_theory.verification.claims.section3.theorems import (
    SECTION3_SWEEP_1D,
    KINKED,
    AlphaSweep,
    check_theorem34,
    HOLDER,
    SMOOTH,
    KinkedSweep,
    check_theorem33,
    SECTION3_SWEEP,
)
from mines_theory.verification.errata.section3_convexity import (
    convexity_scan,
    convexity_threshold,
    q_curvature,
)
from mines_theory.verification.claims.section3 import common
from mines_theory.verification.errata import section3_convexity, section3_covariance, section3_mean
from mines_theory.verification.errata.section3_mean import theorem33_r_cancels


def test_theorem34_without_an_admissible_alpha_reports_hypotheses_not_met():
    """eq:alp_cond allows only small α (its bound is computed here for the 1-D logistic
    objective): a grid of larger α has no point where Theorem 3.4 speaks."""
    f = synthetic_logistic(1)
    tau, zeta = f.runs_box
    largest = alpha_condition(d=1, sigma=f.sigma, gamma=f.gamma, tau=tau, zeta=zeta)
    sweep = AlphaSweep(dim=1, alphas=(10 * largest, 0.1, 1.0), degree=20, small=1.0)
    verdict = check_theorem34(sweep)
    assert verdict.status is Status.HYPOTHESES_NOT_MET
    assert verdict["valid"].value == 0


def test_sweep_slope_is_the_loglog_fit_of_its_columns():
    sweep = SECTION3_SWEEP_1D
    _, df = sweep.run()
    small = df.alpha <= sweep.small
    expected = np.polyfit(np.log(df.alpha[small]), np.log(df.distance_sq[small]), 1)[0]
    assert abs(sweep.slope("distance_sq") - expected) < 1e-12


def test_kinked_fixed_point_is_the_minimizer_of_q_alpha():
    """The closed-form fixed point of KinkedSweep against the library's minimizer of Q_α (Newton in
    μ and the KKT fixed point in Σ, with a fine trapezoid rule for the kinked integrand), at
    α = 0.05: Σ̂* agrees to 1e-6 and μ̂* = 0 (symmetry)."""
    from mines_theory.problems.objectives import KinkedHessian1D
    from mines_theory.theory.regularized import GaussianRule, minimize_regularized

    nodes = np.linspace(-12, 12, 48_001)
    weights = np.exp(-(nodes**2) / 2)
    rule = GaussianRule(nodes[:, None], weights / weights.sum())
    sweep = KINKED
    result = minimize_regularized(
        KinkedHessian1D(), 0.05, tau=sweep.tau, zeta=sweep.zeta, rule=rule
    )
    assert abs(result.mean[0]) < 1e-9
    assert result.sigma[0, 0] == pytest.approx(sweep.sigma_hat(0.05), abs=1e-6)


def test_smoothed_curvature_against_quadrature():
    import scipy.integrate

    for a in (0.01, 0.3, 2.0):
        density = lambda u: min(a * abs(u), 1.0) * np.exp(-u * u / 2) / np.sqrt(2 * np.pi)  # noqa: E731
        value = 2 * sum(
            scipy.integrate.quad(density, lo, hi)[0]
            for lo, hi in [(0.0, 1.0 / a), (1.0 / a, np.inf)]
        )
        assert KINKED.smoothed_curvature(a) == pytest.approx(value, rel=1e-9)


ORDER2 = "order α² with a quadratic even part of the Hessian"
ORDER15 = "order α^1.5 with a Hölder-½ even part of the Hessian"
ORDER1 = "order α attained with a Lipschitz Hessian"


def test_theorem34_order_qualifiers_come_out_as_published_on_their_objectives():
    """Under the claim: the objectives with a quadratic even part of the Hessian give order α²,
    the Hölder-½ one α^1.5, the kinked one α, each decided on settled local slopes."""
    verdict = check_theorem34()
    assert verdict.qualifier(ORDER2).outcome
    assert verdict.qualifier(ORDER15).outcome
    assert verdict.qualifier(ORDER1).outcome
    assert abs(verdict["holder_slope"].value - 1.5) < 0.02
    assert abs(verdict["smooth_slope"].value - 2.0) < 0.02
    assert verdict["drift"].value < 0.02


def test_theorem34_order_alpha2_rejects_a_holder_half_even_part():
    """Under the alternative: the Hölder-½ objective fed where the quadratic one goes is not
    called order α² (it settles at 1.50), and the quadratic one fed as the Hölder one is not
    called order α^1.5; the kinked one is neither."""
    swapped = check_theorem34(smooth=HOLDER, holder=SMOOTH)
    assert not swapped.qualifier(ORDER2).outcome
    assert not swapped.qualifier(ORDER15).outcome
    kinked = check_theorem34(smooth=KINKED, holder=KINKED)
    assert not kinked.qualifier(ORDER2).outcome
    assert not kinked.qualifier(ORDER15).outcome
    assert not check_theorem34(kinked=HOLDER).qualifier(ORDER1).outcome


def test_slope_fit():
    slope, se = slope_fit([1e-3, 1e-2, 1e-1], [2e-6, 2e-4, 2e-2])
    assert slope == pytest.approx(2.0) and se < 1e-6
    assert np.isnan(slope_fit([1e-3, 1e-2], [1.0, 2.0])[0])


def test_theorem34_with_too_few_alphas_is_not_checked():
    """A 1-D sweep of two α cannot give an order: "not checked", not holds or fails."""
    verdict = check_theorem34(smooth=KinkedSweep(points=2, power=2.0))
    assert verdict.status is Status.NOT_CHECKED


def test_holder_and_smooth_fixed_points_are_minimizers_of_q_alpha():
    """The closed-form fixed points of the Hölder-½ and Lipschitz-f‴ sweeps against the
    library's minimizer of Q_α (a fine trapezoid rule), at α = 0.05."""
    from mines_theory.theory.regularized import GaussianRule, minimize_regularized

    nodes = np.linspace(-12, 12, 48_001)
    weights = np.exp(-(nodes**2) / 2)
    rule = GaussianRule(nodes[:, None], weights / weights.sum())
    for sweep in (HOLDER, SMOOTH):
        result = minimize_regularized(
            sweep.objective(), 0.05, tau=sweep.tau, zeta=sweep.zeta, rule=rule
        )
        assert abs(result.mean[0]) < 1e-9
        assert result.sigma[0, 0] == pytest.approx(sweep.sigma_hat(0.05), abs=1e-6)


# --- errata in the proofs of Theorems 3.1 and 3.4: each check confirms the printed form, and the
# same check applied to the corrected form does not flag it


def test_sine_objective_matches_its_closed_forms():
    """SineCurvature: Hessian against central differences of the gradient, and the closed-form
    2α⁻²Φ against the library's Gauss–Hermite smoothing at an arbitrary diagonal (μ, Σ)."""
    from mines_theory.theory.regularized import GaussianRule, smoothed

    f = common.SineCurvature(2, a=0.3)
    x, h = np.array([0.4, -1.1]), 1e-6
    numeric = np.column_stack(
        [(f.gradient(x + h * e) - f.gradient(x - h * e)) / (2 * h) for e in np.eye(2)]
    )
    assert np.allclose(f.hessian(x), numeric, atol=1e-8)
    sigma = np.diag([0.7, 1.6])
    quadrature = smoothed(f, x, sigma, 0.5, GaussianRule.gauss_hermite(2, 30), 2)[2] - f.hessian(x)
    assert np.allclose(f.two_phi(x, np.diag(sigma), 0.5), quadrature, atol=1e-13)


def test_strict_convexity_check_finds_the_frozen_quadratic_problem_convex():
    """The same midpoint test on a quadratic (Theorem 3.1's case, and the frozen problem
    ½⟨M̂, Σ⟩ − ½ log det Σ of the correction) finds no violation."""
    from mines_theory.problems.objectives import RotatedEllipsoid
    from mines_theory.theory.regularized import GaussianRule

    f = RotatedEllipsoid(1, 1.0, scale=1.04)
    gap = section3_convexity._midpoint_gap(
        f, 0.03, 1 / 0.003, 1 / 0.002, GaussianRule.gauss_hermite(1, 10)
    )
    assert gap < 0


def test_sig_opt_projection_is_the_frozen_minimizer_when_M_is_positive_definite():
    from mines_theory.linalg.spd import project_eigenvalues, random_spd

    tau, zeta = 0.5, 3.0
    M = random_spd(np.random.default_rng(4), 2, eigenvalues=[0.2, 5.0])  # both ends active
    expected = project_eigenvalues(np.linalg.inv(M), 1 / zeta, 1 / tau)
    assert np.allclose(section3_covariance._frozen_minimizer(M, tau, zeta), expected, atol=1e-5)


def test_j_sig_0_corrected_power_is_the_chain_rule():
    import sympy as sp

    assert section3_covariance._j_sig_0_residual(-4) == sp.zeros(2, 2)
    assert section3_covariance._j_sig_0_residual(-2) != sp.zeros(2, 2)


def test_tmp2_corrected_first_line_matches_the_left_side():
    lhs, expectation = section3_covariance._tmp2_first_line_sides()
    alpha = section3_covariance.sine_case(1)[1]
    assert abs(expectation) / alpha**2 == pytest.approx(lhs, rel=1e-6)
    assert expectation != pytest.approx(lhs, rel=1e-3)


def test_tmp_with_phi_at_sigma_hat_is_not_below_the_left_side():
    lhs, correct, at_mu_star, at_mu_hat = section3_covariance._tmp_phi_sides()
    assert correct >= lhs * (1 - 1e-5)
    assert max(at_mu_star, at_mu_hat) < lhs * (1 - 1e-5)


def test_last_chain_with_spectral_norms_holds_and_frobenius_fails():
    frobenius, spectral, rhs = section3_covariance._last_chain_sides()
    assert spectral <= rhs < frobenius
    # both inverses are multiples of I (equal coordinates), so each ‖·‖_F = √2‖·‖₂
    assert frobenius == pytest.approx(2 * spectral)


def test_j_quad_integrand_with_sigma_half_is_f_of_z():
    import sympy as sp

    pointwise, mean = section3_mean._j_quad_residuals(sp.Rational(1, 2))
    assert pointwise == 0 and mean == 0
    assert section3_mean._j_quad_residuals(1)[0] != 0


def _logdet_violations(pairs: int = 100_000, seed: int = 7) -> float:
    """The fraction of pairs Σ̂, Σ ∈ S (τ = 4, ζ = 400, d = 2, eigenvalues log-uniform) for which
    log det Σ̂ − log det Σ > d(λmax(Σ̂) − λmin(Σ)), from the eigenvalues alone (both sides are
    rotation invariant), by another generator than the check's."""
    rng = np.random.default_rng(seed)
    hat, other = (np.exp(rng.uniform(np.log(1 / 400), np.log(1 / 4), (pairs, 2))) for _ in "ab")
    lhs = np.log(hat).sum(axis=1) - np.log(other).sum(axis=1)
    return float(np.mean(lhs > 2 * (hat.max(axis=1) - other.min(axis=1))))


def _section3_numbers():
    """Per erratum: what its numbers must be, from a closed form or the argument itself
    (``printed``, ``corrected``: the verdict of each call)."""
    from mines_theory.verification.errata.section3_covariance import sine_case
    from mines_theory.verification.claims.section4.common import quadratic_case

    def taylor_sigma(printed, corrected):
        f, _, sigma_inv = quadratic_case()
        sigma = np.linalg.inv(sigma_inv)
        assert printed["actual"].value == pytest.approx(0.5 * np.trace(f.H @ sigma), rel=1e-10)
        assert printed["form"].value == pytest.approx(
            0.5 * np.trace(f.H @ sigma @ sigma), rel=1e-10
        )  # ½tr(HΣ²)
        assert corrected["form"].value == pytest.approx(printed["actual"].value, rel=1e-10)

    def logdet_step(printed, corrected):
        p, n = _logdet_violations(), printed["pairs"].value
        assert abs(printed["fails"].value - p) <= 4 * np.sqrt(p * (1 - p) / n)
        assert corrected["fails"].value == 0  # each log λ lies in [log ζ⁻¹, log τ⁻¹]

    def theorem33_sign(printed, corrected):
        # f(μ*) ≤ f(μ̂*) (μ* minimizes f): the printed right side is ≤ 0; strong convexity
        # gives ‖μ* − μ̂*‖² ≤ (2/σ)(f(μ̂*) − f(μ*)), a ratio ≤ 1
        assert printed["rhs"].value < 0 < printed["lhs"].value
        assert corrected["ratio"].value <= 1 and corrected["exceeded"].value == 0
        assert corrected["alphas"].value == len(SECTION3_SWEEP.alphas)

    def sig_opt_mu(printed, corrected):
        assert printed["hat"].value < 1e-10 < 1e-6 < printed["star"].value
        assert corrected["hat"].value < 1e-10

    def strict_convexity(printed, corrected):
        assert printed["gap"].value > 0
        assert printed["quad"].value == pytest.approx(printed["gap"].value, rel=1e-3)
        # ½Mx − ½log x: M cancels; the midpoint gap is ½log(√(lo·hi)/midpoint) < 0 (AM–GM)
        lo, hi = 1 / 0.003, 1 / 0.002
        closed = 0.5 * np.log(np.sqrt(lo * hi) / ((lo + hi) / 2))
        assert corrected["gap"].value == pytest.approx(closed, rel=1e-9)

    def sig_opt_posdef(printed, corrected):
        # Π_S(M⁻¹) has eigenvalues clip((−1, ½), ⅓, 2) = (⅓, ½), the KKT point 1/clip((−1, 2),
        # ½, 3) = (2, ½) on the same eigenvectors: Frobenius distance 2 − ⅓ = 5/3
        assert printed["projection"].value == pytest.approx(5 / 3, abs=1e-4)
        assert printed["kkt"].value < 1e-5 and corrected["kkt"].value < 1e-5

    def j_sig_0_power(printed, corrected):
        # the residual is ½(1 − α⁻²)Σ⁻¹xxᵀΣ⁻¹: all 4 entries nonzero
        assert printed["printed"].value == 4
        assert printed["corrected"].value == corrected["corrected"].value == 0

    def tmp2_first_line(printed, corrected):
        alpha = sine_case(1)[1]
        # Φ = ½E[…], so E[…] = α²·2α⁻²Φ: |E[…]|/lhs = α²
        assert abs(printed["raw"].value) / printed["lhs"].value == pytest.approx(alpha**2, rel=1e-6)
        assert corrected["scaled"].value == pytest.approx(corrected["lhs"].value, rel=1e-6)

    def tmp_phi_argument(printed, corrected):
        assert printed["star"].value == pytest.approx(1.0, abs=1e-12)  # sin μ* = 0: Φ_μ* = 0
        assert printed["hat"].value > 1e-5
        assert printed["correct"].value < 1e-8 and corrected["correct"].value < 1e-8

    def last_chain_norms(printed, corrected):
        # ∇²f(μ*) = I, so ‖∇²f(μ*)⁻¹‖_F = √2 and ‖∇²f(μ̂*)⁻¹‖_F/‖·‖₂ ∈ [1, √2] (d = 2): the
        # Frobenius product is √2 to 2 times the spectral one
        ratio = printed["frobenius"].value / printed["spectral"].value
        assert np.sqrt(2) - 1e-9 <= ratio <= 2 + 1e-9
        assert printed["frobenius"].value > 1.2 and corrected["spectral"].value <= 1

    def j_quad_integrand(printed, corrected):
        # αgᵀ(R² − R)u, by hand: 3 monomials in each of the 4 entries of R² − R
        assert [printed[n].value for n in ("pointwise", "root", "mean")] == [12, 0, 0]
        assert [corrected[n].value for n in ("pointwise", "mean")] == [0, 0]

    return {f"erratum_{k}": v for k, v in locals().items() if callable(v)}


test_erratum_numbers_are_what_its_argument_predicts = numbers_test("section3", _section3_numbers)


def test_theorem33_holds_as_printed_because_r_cancels():
    """Q_α(μ̂*, Σ̂*) ≤ Q_α(μ*, Σ̂*) (μ̂* minimizes Q_α(·, Σ̂*)), and the gap lies below the bound
    without the R-term, itself below the printed bound by exactly dα²/2(τ⁻¹ − ζ⁻¹), at several α
    (τ = 2, ζ = 20, 1-D sine objective) and on the 2-D logistic objective."""
    from mines_theory.problems.logistic import synthetic_logistic

    for f, alpha in [(None, 0.01), (None, 0.1), (None, 0.3), (synthetic_logistic(2), 0.1)]:
        r = theorem33_r_cancels(f, alpha=alpha)
        assert r.q_hat <= r.q_mixed
        assert 0 < r.gap <= r.bound_without_R < r.printed
        d = 1 if f is None else f.dim
        assert r.printed - r.bound_without_R == pytest.approx(d * alpha**2 / 2 * (1 / 2 - 1 / 20))


def test_q_curvature_against_finite_differences_of_q_alpha():
    from mines_theory.problems.objectives import log_cosh_1d
    from mines_theory.theory.regularized import GaussianRule, regularized_objective

    f, alpha, rule = log_cosh_1d(a=1.0, c=0.5), 0.7, GaussianRule.gauss_hermite(1, 80)
    for s in (0.3, 1.0, 4.0):
        h = 1e-3 * s

        def q(x):
            return regularized_objective(f, f.minimizer, [[x]], alpha, rule)

        numeric = (q(s + h) - 2 * q(s) + q(s - h)) / h**2
        assert q_curvature(f, alpha, s, rule) == pytest.approx(numeric, rel=1e-4)


def test_nonconvexity_needs_zeta_below_sigma_over_80():
    """The threshold is 1/80.4; on the counterexample's objective Q_α is convex on S (smallest
    curvature > 0) at every ζ/σ above it, and not convex far below it (ζ/σ = 1/400 … 1/120)."""
    assert 1 / convexity_threshold() == pytest.approx(80.36, abs=0.01)
    scan = convexity_scan()
    above = scan.ratio >= convexity_threshold()
    assert (scan.min_curvature[above] > 0).all() and scan.sufficient[above].all()
    assert (scan.min_curvature[scan.ratio <= 1 / 120] < 0).all()
    assert not scan.sufficient[~above].any()


def test_theorem33_with_too_few_alphas_in_the_fitting_range_is_not_checked():
    sweep = AlphaSweep(dim=1, alphas=(1e-3, 0.5, 1.0), degree=20, small=1e-2)
    assert check_theorem33(sweep).status is Status.NOT_CHECKED
