"""The Section 4 and Appendix A–C checks can fail: handed a broken implementation, each turns."""

import numpy as np

from mines_theory import mean_gradient, sigma_gradient
from mines_theory.linalg import project_eigenvalues
from mines_theory.verification.section4 import (
    check_lemma41,
    check_lemma43,
    check_lemma_c1,
    check_proposition_a2,
)
from mines_theory.verification.verdict import Status
from mines_theory.gaussian import lemma_c1_expectation


def test_lemma41_check_catches_a_missing_antithetic_half():
    broken = lambda f, mu, s, a, u: 2 * mean_gradient(f, mu, s, a, u)   # noqa: E731
    assert check_lemma41(broken).status is Status.FAILS
    assert check_lemma41().status is Status.HOLDS


def test_lemma43_check_catches_the_half_sigma_inverse_of_lemma_c1s_proof():
    """Lemma C.1's proof writes E[G̃] = ½E[…] − ½Σ⁻¹; an estimator built that way is biased."""
    def broken(f, mu, s, a, u):
        return sigma_gradient(f, mu, s, a, u) + 0.5 * s
    assert check_lemma43(broken).status is Status.FAILS


def test_proposition_a2_check_catches_the_printed_interval():
    printed = lambda A, tau, zeta: project_eigenvalues(A, 1 / zeta, 1 / tau)  # noqa: E731
    assert check_proposition_a2(printed, cases=20).status is Status.FAILS


def test_lemma_c1_check_catches_a_wrong_moment():
    broken = lambda H, sigma_inv: lemma_c1_expectation(H, sigma_inv) + 1e-6 * np.eye(len(H))  # noqa: E731
    assert check_lemma_c1(broken).status is Status.FAILS
