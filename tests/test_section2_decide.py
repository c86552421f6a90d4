"""Section 2's Monte Carlo part alone failing its status (a score without Σ̄⁻¹), and the
finding "NES as printed" decided on synthetic per-seed outcomes, no run (issue 43 §2):
stalling and the covariance's collapse each required of every run, each alone failing it; a
NaN best gap counts as not stalled, a NaN condition number (Σ̄ no longer positive definite) as
collapsed."""

import numpy as np
import pytest

from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.theory.gaussian import monte_carlo
from mines_theory.verification.claims.section2 import (
    LogLikelihoodTrick,
    check_section2,
    decide_nes_as_printed,
)
from mines_theory.verification.framework.stats import K_SE
from mines_theory.verification.framework.verdict import Status

GAPS = np.array([5.0, 30.0, 2.0, 1e3])
CONDITIONS = np.array([1e12, np.nan, 3e10, 1e15])


def decide(gaps=GAPS, conditions=CONDITIONS):
    status, qualifiers = decide_nes_as_printed(gaps, conditions, len(gaps))
    return status, [q.outcome for q in qualifiers]


def test_every_run_stalls_and_collapses():
    assert decide() == (Status.HOLDS, [True, True])


@pytest.mark.parametrize(
    "gaps, conditions, outcomes",
    [
        ([5.0, 30.0, 0.5, 1e3], CONDITIONS, [False, True]),  # one run converges
        ([5.0, 30.0, np.nan, 1e3], CONDITIONS, [False, True]),  # one best gap NaN
        (GAPS, [1e12, np.nan, 9e9, 1e15], [True, False]),  # one covariance still sound
    ],
    ids=["one run converges", "NaN gap", "one covariance sound"],
)
def test_one_run_alone_fails_it(gaps, conditions, outcomes):
    assert decide(np.array(gaps), np.array(conditions)) == (Status.FAILS, outcomes)


class ScoreWithoutInverse(LogLikelihoodTrick):
    """The log-likelihood trick with the score's Σ̄⁻¹ left out, E[f(z)(z − μ)]: the alternative a
    Monte Carlo against ∇f(μ) must reject (Σ̄ = diag(0.5, 1, 2) ≠ I), the sympy identities
    untouched."""

    def run(self):
        trick = self
        f = RotatedEllipsoid(
            trick.dim, trick.condition, seed=0, minimizer=np.array(trick.minimizer)
        )
        root = np.sqrt(np.diag(trick.covariance))

        def samples(rng, m):
            z = rng.standard_normal((m, trick.dim)) @ root
            return f(z)[:, None] * z

        estimate = monte_carlo(samples, trick.samples, np.random.default_rng(trick.seed))
        return estimate, f.gradient(np.zeros(trick.dim))


def test_section2_a_wrong_score_fails_the_monte_carlo_alone():
    verdict = check_section2(ScoreWithoutInverse(samples=200_000, seed=5))
    assert verdict["z"].value > K_SE
    assert verdict.status is Status.FAILS
    assert check_section2(LogLikelihoodTrick(samples=200_000, seed=5)).status is Status.HOLDS
