"""Appendix E's trajectory, closed forms and checks
(mines_theory.verification.claims.appendix_e)."""

import numpy as np
import pytest
import scipy.stats

from .conftest import sides_of
from mines_theory.verification.claims.appendix_e.trajectory import TRAJECTORY, sig_dec_sides
from mines_theory.verification.claims.appendix_e.moments import check_lemma_e6, truncated_moments
from mines_theory.verification.framework.verdict import Status
from mines_theory.verification.claims.appendix_e import trajectory, moments
from mines_theory.verification.claims.appendix_e.trajectory import (
    check_lemma_e2,
    check_lemma_e9,
    check_lemma_e10,
    SIG2,
)
from mines_theory.verification.claims.appendix_e.moments import (
    check_lemma_e1,
    check_lemma_e3,
    check_lemma_e5,
    check_lemma_e7,
)


def test_truncated_moments_against_quadrature():
    """E X = E[ūᵀΛū(ūūᵀ − I)1{‖ū‖² ≤ A}] by scipy quadrature, independently of the χ² identity:
    d = 1 (one integral) and d = 2 (polar coordinates, Λ = diag(0.5, 2), A = 3), where
    E X₁₁ = ∫∫ (λ₁r²cos²θ + λ₂r²sin²θ)(r²cos²θ − 1) φ₂(r) r dr dθ and E X₁₂ = 0."""
    import scipy.integrate

    phi = lambda x: np.exp(-x * x / 2) / np.sqrt(2 * np.pi)  # noqa: E731
    value = scipy.integrate.quad(lambda x: 1.7 * x * x * (x * x - 1) * phi(x), -2.0, 2.0)[0]
    EX, EY = truncated_moments(np.array([1.7]), 4.0)
    assert EX[0, 0] == pytest.approx(value, rel=1e-10)
    lam = np.array([0.5, 2.0])

    def integrand(r, theta, i, j):
        u = np.array([r * np.cos(theta), r * np.sin(theta)])
        return (lam @ u**2) * (u[i] * u[j] - (i == j)) * np.exp(-r * r / 2) / (2 * np.pi) * r

    EX, _ = truncated_moments(lam, 3.0)
    for i, j in [(0, 0), (1, 1), (0, 1)]:
        value = scipy.integrate.dblquad(
            lambda r, t: integrand(r, t, i, j), 0, 2 * np.pi, 0, np.sqrt(3.0), epsabs=1e-12
        )[0]
        assert EX[i, j] == pytest.approx(value, abs=1e-9)


def test_truncated_moments_limits():
    """A → ∞: nothing is truncated (E X = 2Λ, E Y = 0); the scalar case d = 1, Λ = 1:
    E[u²(u² − 1)1{u² ≤ A}] = 3F₅(A) − F₃(A)."""
    EX, EY = truncated_moments(np.array([1.0, 2.0]), 1e4)
    np.testing.assert_allclose(EX, np.diag([2.0, 4.0]), atol=1e-12)
    np.testing.assert_allclose(EY, 0.0, atol=1e-12)
    EX1, _ = truncated_moments(np.array([1.0]), 2.0)
    expected = 3 * scipy.stats.chi2(5).cdf(2.0) - scipy.stats.chi2(3).cdf(2.0)
    assert EX1[0, 0] == pytest.approx(expected)


def test_lemma_e6_check_catches_swapped_truncation():
    def swapped(Lam, A):
        return truncated_moments(Lam, A)[::-1]

    assert check_lemma_e6(draws=50_000, moments=swapped).status is Status.FAILS


def test_unrolled_recursion_with_the_factor_two_never_fails():
    """‖Σ_{k+1}⁻¹ − H*‖² ≤ 2A_k + B_k follows from the non-expansive projection. The slack is the
    sum over projected steps t of their slack times Π_{j=t+1}^k (1 − 2/j) = (t−1)t/(k(k−1)), so
    k(k−1)·(2A_k + B_k − ‖Σ_{k+1}⁻¹ − H*‖²) stays constant after the last projected step."""
    tr = TRAJECTORY.run()
    lhs, A, B = sig_dec_sides(tr)
    assert np.all(lhs <= 2 * A + B + 1e-9 * np.maximum(lhs, 1e-12))
    K = tr.G.shape[1]
    k = np.arange(2, K + 1)
    unprojected = tr.sigma_inv[:, 1:K] + tr.G[:, 1:K] / k[None, :, None, None]  # Σ_k⁻¹ + G̃_k/k
    active = ~np.all(
        np.isclose(tr.sigma_inv[:, 2 : K + 1], unprojected, rtol=1e-12, atol=1e-12), axis=(2, 3)
    )
    scaled = k * (k - 1) * (2 * A + B - lhs)
    checked = 0
    for seed in range(lhs.shape[0]):
        last = np.flatnonzero(active[seed])[-1]
        tail = scaled[seed, last:]
        checked += tail.size - 1
        np.testing.assert_allclose(tail, tail[0], rtol=1e-8)
    assert checked > 100


# The errata of the proof of Lemma 5.3: each check returns True when the printed form is
# confirmed wrong as its docstring describes.


def test_lemma_e4_is_an_erratum_with_a_hessian_outside_s_prime():
    """Under the alternative (∇²f ∉ S'): the printed eq:alpha_err is exceeded in far more than
    δ of the draws, while with ∇²f clipped into S' and the corrected √d it holds in both runs."""
    from mines_theory.verification.claims.appendix_e.trajectory import check_lemma_e4

    verdict = check_lemma_e4()
    assert verdict.status is Status.ERRATUM
    assert verdict["exceeded"].value > 0.2 and verdict["inside"].value == 0
    assert verdict.qualifier("printed form fails when ∇²f(μ_t) ∉ S'").outcome
    assert verdict.qualifier("corrected form holds").outcome


def test_lemma_e4_holds_when_every_hessian_lies_in_s_prime():
    """Under the claim's corrected hypothesis (a Hessian spectrum inside S' = [0.1, 1]) the same
    draws find no violation: the status is "holds", so the erratum status above is data."""
    from mines_theory.verification.claims.appendix_e.trajectory import (
        AlphaErrCounterexample,
        check_lemma_e4,
    )

    inside = AlphaErrCounterexample(draws=300, spectrum=(0.9, 0.5, 0.2))
    verdict = check_lemma_e4(counterexample=inside)
    assert verdict.status is Status.HOLDS
    assert verdict["exceeded"].value == 0
    assert not verdict.qualifier("printed form fails when ∇²f(μ_t) ∉ S'").outcome


def test_lemma_e4_without_draws_is_not_checked():
    from mines_theory.verification.claims.appendix_e.trajectory import (
        AlphaErrCounterexample,
        check_lemma_e4,
    )

    assert (
        check_lemma_e4(counterexample=AlphaErrCounterexample(draws=0)).status is Status.NOT_CHECKED
    )


def test_alpha_err_counterexample_left_side_is_the_closed_form_in_one_dimension():
    """The left side ⟨BG − P, Σ₂⁻¹ − H*⟩ of the counterexample, recomputed for d = 1 by hand:
    BG − P = (1/2b)Σ u²(u² − 1)(∇²f − H_t) (Σ = 1 here), independent of α."""
    from mines_theory.verification.claims.appendix_e.trajectory import AlphaErrCounterexample

    c = AlphaErrCounterexample(draws=6, spectrum=(2.5,), seed=1).run()
    rng = np.random.default_rng(1)
    from mines_theory.linalg.spd import random_spd

    for i in range(6):
        random_spd(rng, 1, eigenvalues=[2.5])
        s = float(random_spd(rng, 1, 0.1, 1.0)[0, 0])
        u = rng.standard_normal((2, 1))[:, 0]
        expected = np.mean(u**2 * (u**2 - 1)) / 2 * (2.5 - 1.0) * (s - 1.0)
        assert c["outside"][i] == pytest.approx(expected, rel=1e-8, abs=1e-12)
        assert abs(c["inside"][i]) < 1e-12


def _evidence(name, printed=True):
    return sides_of(name)[0 if printed else 1]


def test_erratum_numbers_against_closed_forms():
    """The numbers each erratum's verdict shows, against what they must be independently of
    the check: closed forms of the counterexamples, and the criterion each sentence states."""
    import math

    e = _evidence("erratum_alpha_err_factor")  # ⟨I, I⟩/(‖I‖₂‖I‖_F) = d/√d = √d
    assert e["identity"].value == pytest.approx(math.sqrt(5), rel=1e-12)
    assert 1 < e["largest"].value <= math.sqrt(5) and e["printed"].value == pytest.approx(5**-0.5)
    e = _evidence("erratum_alpha_err_projection")  # ½u²(u² − 1)(∇²f − H_t)(Σ₂⁻¹ − H*), u = ½
    assert e["one_d"].value == pytest.approx(3 / 64, rel=1e-9)
    assert e["positive"].value > 0 and e["inside"].value < 1e-9
    e = _evidence("erratum_Lambda_norm")  # λ_max(Π_[1,2](½I)) = 1 > L/τ = ½
    assert (e["example"].value, e["printed"].value) == (pytest.approx(1.0), 0.5)
    assert e["largest"].value <= e["corrected"].value == 1.0
    e = _evidence("erratum_Sigma_vs_Sigma_inv")  # H* = I, d = 2: ‖sI − I‖_F = √2·|s − 1|
    for name, value in (("inv_3", 2), ("sigma_3", 2 / 3), ("inv_06", 0.4), ("sigma_06", 2 / 3)):
        assert e[name].value == pytest.approx(math.sqrt(2) * value, rel=1e-12)
    e = _evidence("erratum_Y0_sum")  # π²/6 − 1 inside the bracket, π²/6 not
    assert e["low"].value <= math.pi**2 / 6 - 1 <= e["high"].value < e["printed"].value
    e = _evidence("erratum_sto_err_missing_1_over_b")  # the printed side is b = 4 times too big
    assert e["ratio"].value == pytest.approx(4.0, rel=1e-8) and e["residual"].value < 1e-10
    e = _evidence("erratum_nab_f_typos")  # f = x² + g(x), e = ½: residual 2∫₀^½ x/√(1 + x²) dx
    assert e["printed_path"].value == pytest.approx(2 * (math.sqrt(1.25) - 1), rel=1e-9)
    He = (2 + 0.5 / math.sqrt(1.25)) * 0.5  # f″(½)·½, D = ∇f(½) − He
    D = math.sqrt(1.25) - He  # ∇f(½) = 1 + √1.25 − 1
    assert e["excess"].value == pytest.approx(-D * (4 * He + D), rel=1e-9)  # −4He·D − D²
    assert _evidence("erratum_nab_f_typos", False)["slack"].value == pytest.approx(D * D, rel=1e-9)
    e = _evidence("erratum_lemX_dependence", False)  # inf of 4 log(k²/δ)/log(2k²/δ) is 8/3
    assert e["margin"].value >= 8 / 3 - 1e-12
    e = _evidence("erratum_lemX_dependence")
    assert (
        e["r"].value > 5 * e["r"].uncertainty
        and max(abs(e["z_low"].value), abs(e["z_high"].value)) <= 5
    )
    e = _evidence("erratum_chi_threshold")  # 6 b × 4 δ × 5 d × 6 t cases
    assert e["cases"].value == 720 and e["printed"].value > 0 == e["failed"].value
    assert e["region"].value == 0 and e["laurent_massart"].value == 0
    assert _evidence("erratum_chi_threshold", False)["y0"].value <= math.pi**2 * 0.1 / 6
    e = _evidence("erratum_dd_middle_equality")
    assert e["matched"].value == e["ks"].value == 8 and e["ratio"].value >= 1
    assert _evidence("erratum_dd_middle_equality", False)["matched"].value == 0


def test_erratum_statistics_against_their_criteria():
    """The Monte Carlo and counted numbers: each on the side of its stated criterion, and where
    a closed form exists, at it."""
    import math

    e = _evidence("erratum_sig_dec_factor")
    assert e["printed"].value > 0 == e["corrected"].value
    assert e["pairs"].value == TRAJECTORY.seeds * (TRAJECTORY.iterations - 1)
    e = _evidence("erratum_sig2_nonquadratic")  # f″ = 0.1 + sech²x: limit ≈ (0.1 + sech²3 − 1.1)²
    assert e["limit"].value == pytest.approx((0.1 + 1 / math.cosh(3) ** 2 - 1.1) ** 2, abs=1e-3)
    assert abs(e["error"].value - e["limit"].value) <= 5 * e["error"].uncertainty
    assert e["bound"].value < e["limit"].value and e["z"].value > 5
    assert _evidence("erratum_sig2_nonquadratic", False)["z"].value <= 5
    e = _evidence("erratum_EY_formula")
    assert e["printed"].value > 5 >= e["corrected"].value
    e = _evidence("erratum_sto_err_Y_omitted")
    assert e["share"].value > 0.05 and e["z_zero"].value > 5 and e["residual"].value < 3e-10
    e = _evidence("erratum_probability_bookkeeping")
    assert abs(e["failed"].value - e["exact"].value) <= 5 * e["failed"].uncertainty
    assert e["exact"].value > 0.01 and e["z"].value > 5
    assert _evidence("erratum_probability_bookkeeping", False)["exact"].value <= 0.01
    e = _evidence("erratum_base_case_C")
    assert e["first"].value < 1 and e["second"].value < 1
    e = _evidence("erratum_base_case_C", False)
    assert e["first"].value >= 1 and e["second"].value >= 1


def test_azuma_hoeffding_gives_the_printed_deviation_of_lemma_e7():
    """Azuma–Hoeffding's deviation at level δ/k², (1/(2b))log(2k²/δ)Σz²Γ², is below the printed
    (2/b)log(k²/δ)Σz²Γ² for every k ≥ 2 and δ < 1: the smallest ratio is 4 log 4/log 8 = 8/3
    (k = 2, δ → 1). With the printed exponent instead of Azuma's 4× larger one, the two-sided
    bound would need 2 log(2k²/δ) > 2 log(k²/δ): the ratio falls below 1."""
    import math

    from mines_theory.verification.claims.appendix_e.moments import azuma_margin

    assert azuma_margin() >= 1
    assert azuma_margin(ks=(2,), deltas=(1 - 1e-12,)) == pytest.approx(8 / 3, rel=1e-9)
    # the exponent as printed, bψ²/(2Σ), two-sided at level δ/k²: ψ² = (2/b)log(2k²/δ)Σ
    assert (
        min(math.log(k * k / d) / math.log(2 * k * k / d) for k in (2, 10) for d in (0.1, 0.5)) < 1
    )


def test_checks_without_data_are_not_checked():
    """Shortened configurations give "not checked", never holds, fails or an identity from
    empty data."""
    import dataclasses

    short = dataclasses.replace(trajectory.TRAJECTORY, iterations=1)
    verdicts = [
        check_lemma_e1(draws=10),
        check_lemma_e3(cases=0),
        check_lemma_e5(cases=0),
        moments.check_lemma_e6(draws=1),
        check_lemma_e7(reps=1),
        check_lemma_e7(k=1),
        check_lemma_e2(trajectory=short),
        check_lemma_e9(short),
        check_lemma_e10(short),
        trajectory.check_lemma_e4(short),
        check_lemma_e2(sig2=dataclasses.replace(SIG2, batches=0)),
    ]
    assert [v.status for v in verdicts] == [Status.NOT_CHECKED] * len(verdicts)
