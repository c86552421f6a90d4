"""The decisions of Lemmas E.2, E.6 and E.8 on synthetic data (issue 43 §2): each holds with
every part met and fails with any one part alone false."""

import math

import numpy as np
import pytest

from mines_theory.verification.claims.appendix_d.common import decide_tails
from mines_theory.verification.claims.appendix_e.moments import (
    decide_lemma_e1,
    decide_lemma_e6,
    decide_lemma_e8,
)
from mines_theory.verification.claims.appendix_e.trajectory import (
    decide_every_pair,
    decide_lemma_e2,
)
from mines_theory.verification.framework.stats import K_SE
from mines_theory.verification.framework.verdict import Status, Undecidable


#: 400 runs, δ = 0.1: exceeded beyond δ by the exact test (tail below Φ̄(5)) from 74 runs on.
@pytest.mark.parametrize(
    "printed, sig2, status",
    [
        (0, 73, Status.HOLDS),
        (1, 0, Status.FAILS),  # eq:Sig_dec as printed fails at one (k, seed) pair
        (0, 74, Status.FAILS),  # eq:Sig_2_bnd exceeded beyond δ
    ],
    ids=["holds", "Sig_dec", "Sig_2_bnd"],
)
def test_lemma_e2(printed, sig2, status):
    assert decide_lemma_e2(printed, sig2, 400, 0.1) is status


@pytest.mark.parametrize(
    "worst, sum_error, status",
    [
        (K_SE, 1e-13, Status.HOLDS),  # on the boundary of the Monte Carlo part
        (K_SE + 0.01, 1e-13, Status.FAILS),  # a mean off its closed form
        (1.0, 1e-12, Status.FAILS),  # E X + E Y misses 2Λ at 10⁻¹²
    ],
    ids=["holds", "z", "sum"],
)
def test_lemma_e6(worst, sum_error, status):
    assert decide_lemma_e6(worst, sum_error) is status


def test_lemma_e6_refuses_nan():
    with pytest.raises(Undecidable):
        decide_lemma_e6(1.0, math.nan)


#: 2000 repetitions at δ = 4.4·10⁻⁴ (0.88 expected): exceeded beyond δ by the exact test from
#: 10 on; at δ = 0.1 (200 expected) from 271 on.
@pytest.mark.parametrize(
    "edge, moderate, status",
    [
        (9, 270, Status.HOLDS),  # both at their last count the exact test accepts
        (10, 0, Status.FAILS),  # the conclusion exceeded beyond δ in the edge setting alone
        (0, 271, Status.FAILS),  # and in the moderate setting alone
    ],
    ids=["holds", "edge", "moderate"],
)
def test_lemma_e8(edge, moderate, status):
    assert decide_lemma_e8(edge=(edge, 2000, 4.4e-4), moderate=(moderate, 2000, 0.1)) is status


@pytest.mark.parametrize(
    "lhs, status",
    [
        ([[1.0, 2.0], [0.5, 3.0]], Status.HOLDS),  # met with equality at two pairs
        ([[1.0, 2.0], [0.5, 3.0 + 1e-12]], Status.FAILS),  # one pair above, the last
        ([[1.0 + 1e-12, 2.0], [0.5, 3.0]], Status.FAILS),  # one pair above, the first
    ],
    ids=["holds", "last pair", "first pair"],
)
def test_every_pair(lhs, status):
    """Lemmas E.9, E.10: the bound at every (seed, k)."""
    rhs = np.array([[1.0, 2.5], [0.7, 3.0]])
    assert decide_every_pair(np.array(lhs), rhs) is status


#: Lemma E.7's tail: 4000 repetitions, allowed δ/k² = 1.1·10⁻⁴ (k = 30): exceeded beyond it by
#: the exact test from 8 repetitions on (tail 2.5·10⁻⁸; 4.6·10⁻⁷ at 7; the normal score
#: rejected from 4 on, where 0.44 are expected).
@pytest.mark.parametrize("count, status", [(7, Status.HOLDS), (8, Status.FAILS)])
def test_lemma_e7_tail(count, status):
    assert decide_tails(tail=(count, 4000, 0.1 / 30**2)) is status


@pytest.mark.parametrize(
    "held, inside, status",
    [(2880, 2880, Status.HOLDS), (2879, 2880, Status.FAILS), (0, 0, Status.HOLDS)],
    ids=["every point", "one point short", "no point inside"],
)
def test_lemma_e1(held, inside, status):
    """No point inside holds vacuously: the check's minimum (measured:inside) refuses it."""
    assert decide_lemma_e1(held, inside) is status
