"""The Section 4 and Appendix A–C checks can fail: handed a broken implementation, each turns."""

import numpy as np
import pytest

from .conftest import numbers_test
from mines_theory.algorithm.estimators import mean_gradient, sigma_gradient
from mines_theory.theory.gaussian import lemma_c1_expectation
from mines_theory.linalg.spd import project_eigenvalues
from mines_theory.verification.claims.section4.estimators import (
    check_lemma41,
    check_lemma43,
    check_lemma_c1,
)
from mines_theory.verification.claims.section4.projection import check_proposition_a2
from mines_theory.verification.claims.section4.projection import clipped_counterexample
from mines_theory.verification.framework.verdict import Status, decides
from mines_theory.verification.claims.section4.common import quadratic_case


def test_lemma41_check_catches_a_missing_antithetic_half():
    def broken(f, mu, s, a, u):
        return 2 * mean_gradient(f, mu, s, a, u)

    assert check_lemma41(broken).status is Status.FAILS
    assert check_lemma41().status is Status.HOLDS


def test_lemma43_check_catches_the_half_sigma_inverse_of_lemma_c1s_proof():
    """Lemma C.1's proof writes E[G̃] = ½E[…] − ½Σ⁻¹; an estimator built that way is biased."""

    def broken(f, mu, s, a, u):
        return sigma_gradient(f, mu, s, a, u) + 0.5 * s

    assert check_lemma43(broken).status is Status.FAILS


def test_proposition_a2_check_catches_the_printed_interval():
    def printed(A, tau, zeta):
        return project_eigenvalues(A, 1 / zeta, 1 / tau)

    assert check_proposition_a2(printed, cases=20).status is Status.FAILS


def test_lemma_c1_check_catches_a_wrong_moment():
    def broken(H, sigma_inv):
        return lemma_c1_expectation(H, sigma_inv) + 1e-6 * np.eye(len(H))

    assert check_lemma_c1(broken).status is Status.FAILS


@pytest.mark.parametrize(
    "check, nan_implementation",
    [
        (check_lemma_c1, lambda H, sigma_inv: np.full_like(H, np.nan)),
        (check_proposition_a2, lambda A, tau, zeta: np.full_like(A, np.nan)),
        (check_lemma41, lambda f, mu, s, a, u: np.full(len(mu), np.nan)),
        (check_lemma43, lambda f, mu, s, a, u: np.full_like(s, np.nan)),
    ],
    ids=["Lemma C.1", "Prop. A.2", "Lemma 4.1", "Lemma 4.3"],
)
def test_an_implementation_that_returns_nan_is_not_checked(check, nan_implementation):
    """A NaN never stands behind "holds": ``max(worst, nan)`` kept the old worst (0, "holds");
    the checks now take the extreme with ``stats.largest``, which cannot decide on NaN, and the
    framework (``decides``, as ``Claim.verdict`` applies it) says "not checked" with the reason."""
    verdict = decides(check)(nan_implementation)
    assert verdict.status is Status.NOT_CHECKED
    assert "NaN" in verdict.text()


def test_checks_from_nothing_are_not_checked():
    """No case, pair or enough draws: "not checked" naming the parameter (issue 22 §2); a
    negative size is an invalid configuration."""
    from mines_theory.verification.claims.section4.probability import (
        check_lemma_b2,
        check_lemma_b3,
    )
    from mines_theory.verification.claims.section4.projection import (
        check_mirror_step,
        check_proposition_a1,
    )

    verdicts = {
        "cases": check_proposition_a1(cases=0),
        "cases ": check_proposition_a2(cases=0),
        "pairs": check_mirror_step(pairs=0),
        "draws": check_lemma_b2(draws=500),  # e⁴·10 = 546 needed
        "samples": check_lemma_b3(samples=36),
    }  # 10/(2e⁻²) = 36.9: 37 needed
    for name, verdict in verdicts.items():
        assert verdict.status is Status.NOT_CHECKED, verdict.report()
        assert verdict.text().startswith(f"{name.strip()} = ")
    assert check_proposition_a1(cases=1).status is Status.HOLDS
    with pytest.raises(ValueError, match="cases must be a non-negative integer, got -1"):
        check_proposition_a1(cases=-1)


def _section4_numbers():
    """Per erratum: what its numbers must be, from a closed form or its criterion
    (``printed``, ``corrected``: the verdict of each call)."""
    from scipy.linalg import sqrtm

    from mines_theory.verification.framework.stats import K_SE

    def projection_bounds(printed, corrected):
        # {3, 0.3} clipped by hand: to [ζ⁻¹, τ⁻¹] = [¼, 2] → {2, 0.3}; to [τ, ζ] = [½, 4] → {3, ½}
        assert (printed["high"].value, printed["low"].value) == pytest.approx((2.0, 0.3))
        assert (corrected["high"].value, corrected["low"].value) == pytest.approx((3.0, 0.5))
        assert printed["worst"].value < 1e-10

    def lemma_c1_half(printed, corrected):
        assert printed["z_correct"].value <= K_SE < printed["z_printed"].value
        assert corrected["z_correct"].value == pytest.approx(printed["z_correct"].value)

    def lemma_c1_root(printed, corrected):
        assert printed["symmetric"].value <= K_SE < printed["cholesky"].value
        assert corrected["symmetric"].value <= K_SE

    def bG_factor(printed, corrected):
        # E[uᵀAu uuᵀ] = 2A + tr(A)I (A = Σ^½HΣ^½) makes eq:bG's form HΣ^-½ + ½tr(HΣ)(Σ^-3/2 − Σ⁻¹)
        f, _, sigma_inv = quadratic_case()
        root_inv = np.real(sqrtm(sigma_inv))
        sigma = np.linalg.inv(sigma_inv)
        form = f.H @ root_inv + 0.5 * np.trace(f.H @ sigma) * (root_inv @ sigma_inv - sigma_inv)
        assert printed["printed"].value == pytest.approx(np.abs(form - f.H).max(), rel=1e-8)
        assert printed["corrected"].value < 1e-8 and corrected["corrected"].value < 1e-8

    def hoeffding_sign(printed, corrected):
        assert printed["bound"].value == pytest.approx(np.exp(2))  # exp(−(−2)/1)
        assert corrected["bound"].value == pytest.approx(np.exp(-2))
        assert printed["worst"].value <= 1  # Hoeffding's bound holds

    return {f"erratum_{k}": v for k, v in locals().items() if callable(v) and k != "sqrtm"}


test_erratum_numbers_are_what_its_argument_predicts = numbers_test("section4", _section4_numbers)


def test_counterexample_spectrum_leaves_s_prime_only_with_the_printed_interval():
    """{3, 0.3} clipped to [ζ⁻¹, τ⁻¹] = [0.25, 2] (τ = 1/2, ζ = 4) is {2, 0.3}, below τ; clipped
    to [τ, ζ] it is {3, 0.5} (by hand)."""
    printed, outside = clipped_counterexample(printed=True)
    np.testing.assert_allclose(printed, [0.3, 2.0])
    assert outside
    corrected, outside = clipped_counterexample(printed=False)
    np.testing.assert_allclose(corrected, [0.5, 3.0])
    assert not outside
