"""The decisions of Lemmas E.2, E.6 and E.8 on synthetic data (issue 43 §2): each holds with
every part met and fails with any one part alone false."""

import math

import pytest

from mines_theory.verification.claims.appendix_e.moments import decide_lemma_e6, decide_lemma_e8
from mines_theory.verification.claims.appendix_e.trajectory import decide_lemma_e2
from mines_theory.verification.framework.stats import K_SE
from mines_theory.verification.framework.verdict import Status, Undecidable


#: 400 runs, δ = 0.1: exceeded beyond δ by 5 SE (1.5% each) from 71 runs on.
@pytest.mark.parametrize(
    "printed, sig2, status",
    [
        (0, 69, Status.HOLDS),
        (1, 0, Status.FAILS),  # eq:Sig_dec as printed fails at one (k, seed) pair
        (0, 71, Status.FAILS),  # eq:Sig_2_bnd exceeded beyond δ
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


@pytest.mark.parametrize(
    "chi, chi_1, y0, status",
    [
        (0, 0, 0.16, Status.HOLDS),  # eq:Y0 at its allowed probability
        (1, 0, 0.1, Status.FAILS),  # eq:chi violated once
        (0, 1, 0.1, Status.FAILS),  # eq:chi_1 fails once
        (0, 0, 0.1601, Status.FAILS),  # eq:Y0 above π²δ/6
    ],
    ids=["holds", "chi", "chi_1", "Y0"],
)
def test_lemma_e8(chi, chi_1, y0, status):
    assert decide_lemma_e8(chi, chi_1, y0, 0.16) is status
