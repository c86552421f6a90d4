"""Section 2: the log-likelihood trick's exact side, and the Monte Carlo that checks it."""

import numpy as np

from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.verification.claims.section2 import LogLikelihoodTrick


def test_log_likelihood_trick_on_a_small_sample():
    """For a quadratic, ∇_μ E f(μ + Σ̄^{1/2}u) = H(μ − x*) = ∇f(μ), at μ = 0; the Monte Carlo of
    E[f(z)Σ̄⁻¹(z − μ)] with 2·10⁵ samples lies within 5 standard errors of it."""
    trick = LogLikelihoodTrick(samples=200_000, seed=5)
    estimate, exact = trick.run()
    f = RotatedEllipsoid(3, 10.0, seed=0, minimizer=np.array(trick.minimizer))
    np.testing.assert_allclose(exact, f.H @ (np.zeros(3) - np.array(trick.minimizer)), rtol=1e-12)
    assert np.all(estimate.z_score(exact) <= 5)


def test_nes_without_a_seed_is_not_checked():
    """No seed: "stalled in 0 of 0 runs" must not hold (issue 22 §2)."""
    from mines_theory.verification.claims.section2 import NESRun, check_nes_as_printed
    from mines_theory.verification.framework.verdict import Status

    verdict = check_nes_as_printed(NESRun(seeds=0))
    assert verdict.status is Status.NOT_CHECKED
    assert verdict.text() == "config.seeds = 0: fewer seeds than the 1 declared to decide from"


def test_erratum_fisher_vec_flags_the_printed_block_and_not_the_corrected_one():
    """The printed ½Σ̄⁻¹⊗Σ̄⁻¹ agrees with E[s sᵀ] on symmetric directions only (flagged); the
    corrected ¼(Σ̄⁻¹⊗Σ̄⁻¹)(I + K) agrees on every direction (not flagged). The counts against
    the hand computation: F − printed = ¼(Σ̄⁻¹⊗Σ̄⁻¹)(I − K) in the vec block, whose columns of
    the indices (1, 2), (2, 1) hold ±det(Σ̄⁻¹)/4 in the rows (1, 2), (2, 1): 4 nonzero entries,
    none left on symmetric directions (I − K)D = 0."""
    from .conftest import sides_of

    printed, corrected = sides_of("erratum_fisher_vec")
    assert printed.flagged and not corrected.flagged
    assert [printed[n].value for n in ("full", "symmetric", "closed")] == [4, 0, 0]
    assert [corrected[n].value for n in ("full", "symmetric", "closed")] == [0, 0, 0]
