"""The Section 4 and Appendix A–C checks can fail: handed a broken implementation, each turns."""

import numpy as np

from mines_theory import mean_gradient, sigma_gradient
from mines_theory.gaussian import lemma_c1_expectation
from mines_theory.linalg import project_eigenvalues
from mines_theory.verification.section4 import (
    check_lemma41,
    check_lemma43,
    check_lemma_c1,
    check_proposition_a2,
)
from mines_theory.verification.verdict import Status


def test_lemma41_check_catches_a_missing_antithetic_half():
    broken = lambda f, mu, s, a, u: 2 * mean_gradient(f, mu, s, a, u)
    assert check_lemma41(broken).status is Status.FAILS
    assert check_lemma41().status is Status.HOLDS


def test_lemma43_check_catches_the_half_sigma_inverse_of_lemma_c1s_proof():
    """Lemma C.1's proof writes E[G̃] = ½E[…] − ½Σ⁻¹; an estimator built that way is biased."""
    def broken(f, mu, s, a, u):
        return sigma_gradient(f, mu, s, a, u) + 0.5 * s
    assert check_lemma43(broken).status is Status.FAILS


def test_proposition_a2_check_catches_the_printed_interval():
    printed = lambda A, tau, zeta: project_eigenvalues(A, 1 / zeta, 1 / tau)
    assert check_proposition_a2(printed, cases=20).status is Status.FAILS


def test_lemma_c1_check_catches_a_wrong_moment():
    broken = lambda H, sigma_inv: lemma_c1_expectation(H, sigma_inv) + 1e-6 * np.eye(len(H))
    assert check_lemma_c1(broken).status is Status.FAILS


def test_checks_from_nothing_are_not_checked():
    """No case, pair or enough draws: "not checked" naming the parameter (issue 22 §2); a
    negative size is an invalid configuration."""
    import pytest

    from mines_theory.verification.section4 import (
        check_lemma_b2,
        check_lemma_b3,
        check_mirror_step,
        check_proposition_a1,
    )

    verdicts = {"cases": check_proposition_a1(cases=0),
                "cases ": check_proposition_a2(cases=0),
                "pairs": check_mirror_step(pairs=0),
                "draws": check_lemma_b2(draws=500),          # e⁴·10 = 546 needed
                "samples": check_lemma_b3(samples=36)}       # 10/(2e⁻²) = 36.9: 37 needed
    for name, verdict in verdicts.items():
        assert verdict.status is Status.NOT_CHECKED, verdict.report()
        assert verdict.text().startswith(f"{name.strip()} = ")
    assert check_proposition_a1(cases=1).status is Status.HOLDS
    with pytest.raises(ValueError, match="cases must be a non-negative integer, got -1"):
        check_proposition_a1(cases=-1)
