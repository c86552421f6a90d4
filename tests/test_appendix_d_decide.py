"""The decisions of Lemmas D.1–D.7 on synthetic data (issue 43 §2): each status holds with every
part met and fails with any one part alone false, at the edge of the one-sided test (400
batches, δ = 0.1: exceeded beyond δ by 5 SE, 1.5% each, from 71 on)."""

import pytest

from mines_theory.verification.claims.appendix_d.common import decide_tails
from mines_theory.verification.claims.appendix_d.mean_gradient import (
    decide_lemma_d1,
    decide_lemma_d3,
)
from mines_theory.verification.framework.verdict import Status, Undecidable

#: 400 draws at δ = 0.1: the exact one-sided tail is 3.8·10⁻⁷ at 73 (not below Φ̄(5) = 2.9·10⁻⁷)
#: and 1.8·10⁻⁷ at 74 (mpmath, tests/test_decisions.py's sums).
MET = (73, 400, 0.1)
EXCEEDED = (74, 400, 0.1)


@pytest.mark.parametrize("n", [1, 2, 4])
def test_tails_each_alone_fails(n):
    """D.4, D.5 (one tail), D.2, D.6 (two), D.7 (four: eq:G_norm_1, eq:G_norm_2, inside S' at
    μ* and away from it)."""
    names = [f"tail{i}" for i in range(n)]
    assert decide_tails(**dict.fromkeys(names, MET)) is Status.HOLDS
    for name in names:
        assert decide_tails(**{**dict.fromkeys(names, MET), name: EXCEEDED}) is Status.FAILS


def test_tails_each_with_its_own_trials_and_delta():
    """D.6's second tail counts over errors.size, D.7's inside tails have their own δ: 74 of
    400 exceeds δ = 0.1 but not δ = 0.15 (tail 0.032), nor 0.1 over 800 trials (9.25%)."""
    assert decide_tails(a=MET, b=(74, 400, 0.15)) is Status.HOLDS
    assert decide_tails(a=MET, b=(74, 800, 0.1)) is Status.HOLDS
    assert decide_tails(a=MET, b=(74, 400, 0.1)) is Status.FAILS


def test_tails_refuse_no_trial():
    with pytest.raises(Undecidable):
        decide_tails(a=(0, 0, 0.1))


@pytest.mark.parametrize(
    "identity_error, count, status",
    [(9e-11, 73, Status.HOLDS), (1e-10, 0, Status.FAILS), (0.0, 74, Status.FAILS)],
    ids=["holds", "identity", "tail"],
)
def test_lemma_d1(identity_error, count, status):
    assert decide_lemma_d1(identity_error, count, 400, 0.1) is status


@pytest.mark.parametrize(
    "worst, count, status",
    [(1.0, 73, Status.HOLDS), (1.0001, 0, Status.FAILS), (0.5, 74, Status.FAILS)],
    ids=["holds", "exact", "monte carlo"],
)
def test_lemma_d3(worst, count, status):
    assert decide_lemma_d3(worst, count, 400, 0.1) is status
