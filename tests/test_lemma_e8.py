"""Lemma E.8 (PDF Lemma 38, lem:Y): its printed conclusion, tested directly
(mines_theory.verification.claims.appendix_e.moments: ``YSetting``, ``y_sums``,
``E8_SETTINGS``, ``check_lemma_e8``), each piece against something computed apart."""

import dataclasses
import math

import numpy as np
import pytest
import scipy.special

from mines_theory.verification.claims.appendix_e.common import quartic
from mines_theory.verification.claims.appendix_e.moments import (
    E8_SETTINGS,
    YSetting,
    check_lemma_e8,
    decide_lemma_e8,
    truncated_moments,
    y_sums,
)
from mines_theory.verification.framework.stats import K_SE, largest_z
from mines_theory.verification.framework.verdict import Status


def paper_EY(lam, A):
    """The proof's identity for E Y (tex after eq:Y0): E[((tr Λ·I + 2Λ)/(d² + 2d))‖ū‖⁴
    − (tr Λ/d)‖ū‖²·I)1{‖ū‖² > A}], its two χ² moments by the regularized upper incomplete gamma
    Q: E[R²1{R > A}] = d(d + 2)Q(d/2 + 2, A/2), E[R 1{R > A}] = d·Q(d/2 + 1, A/2), R ~ χ²_d."""
    d = lam.size
    r4 = d * (d + 2) * scipy.special.gammaincc(d / 2 + 2, A / 2)
    r2 = d * scipy.special.gammaincc(d / 2 + 1, A / 2)
    quart = lam.sum() * np.eye(d) + 2 * np.diag(lam)
    return quart / (d * d + 2 * d) * r4 - lam.sum() / d * r2 * np.eye(d)


@pytest.mark.parametrize("name", ["moderate", "edge"])
def test_the_proofs_identity_for_E_Y_against_monte_carlo(name):
    """The identity against the Monte Carlo mean of Y = ūᵀΛū(ūūᵀ − I)1{‖ū‖² > A_1}, entry by
    entry within ``K_SE`` standard errors (4·10⁵ draws); ``truncated_moments`` (the check's E Y,
    from scipy's χ² survival functions) agrees with it to rounding."""
    setting = E8_SETTINGS[name]
    lam, A = np.array(setting.lam), setting.thresholds()[0]
    ub = np.random.default_rng(np.random.SeedSequence(3801)).standard_normal((400_000, lam.size))
    Y = quartic(ub, lam) * (np.sum(ub**2, axis=1) > A)[:, None, None]
    assert largest_z(Y, paper_EY(lam, A)) <= K_SE
    np.testing.assert_allclose(truncated_moments(lam, A)[1], paper_EY(lam, A), atol=1e-12)


def test_a_wrong_E_Y_is_caught_by_the_same_monte_carlo():
    """The comparison can fail: E Y with the sign of the second moment flipped is many standard
    errors from the Monte Carlo mean."""
    lam, A = np.array(E8_SETTINGS["moderate"].lam), E8_SETTINGS["moderate"].thresholds()[0]
    d = lam.size
    ub = np.random.default_rng(np.random.SeedSequence(3802)).standard_normal((400_000, d))
    Y = quartic(ub, lam) * (np.sum(ub**2, axis=1) > A)[:, None, None]
    r2 = d * scipy.special.gammaincc(d / 2 + 1, A / 2)  # E[‖ū‖²1{‖ū‖² > A}]
    wrong = paper_EY(lam, A) + 2 * lam.sum() / d * r2 * np.eye(d)
    assert largest_z(Y, wrong) > K_SE


@pytest.mark.parametrize("name", ["moderate", "edge"])
def test_the_left_side_is_centred(name):
    """Σ_t z_t (1/b)Σ_i ⟨Y_{t,i} − E Y_t, ½M_t⟩ has mean 0: its Monte Carlo mean within K_SE
    standard errors of 0 (with E Y_t wrong it is not: the next test)."""
    signed, _ = y_sums(E8_SETTINGS[name], 300, np.random.default_rng(3803))
    assert abs(signed.mean()) <= K_SE * signed.std(ddof=1) / math.sqrt(signed.size)


def test_a_left_side_with_E_X_for_E_Y_is_not_centred(monkeypatch):
    """y_sums reads E Y from ``truncated_moments``; handed E X in its place (the two swapped),
    the mean of the left side in the edge setting is far from 0."""
    from mines_theory.verification.claims.appendix_e import moments

    monkeypatch.setattr(
        moments, "truncated_moments", lambda lam, A: truncated_moments(lam, A)[::-1]
    )
    signed, _ = y_sums(E8_SETTINGS["edge"], 300, np.random.default_rng(3803))
    assert abs(signed.mean()) > K_SE * signed.std(ddof=1) / math.sqrt(signed.size)


def test_the_settings_lie_inside_the_hypotheses_and_their_numbers_follow_from_the_tex():
    """0 < δ < 1, every printed A_t > 0 (lem:EXY), Λ_t ⪰ 0 and Σ_t⁻¹ ≻ 0; in the edge setting
    A_1 = 8 log(1/(bδ)) + 16 log 2 + d and the right side 3λδ(A² + 16A + 144)/4·s·|s − h|,
    written out for d = 1."""
    for s in E8_SETTINGS.values():
        assert 0 < s.delta < 1 and min(s.thresholds()) > 0
        assert min(s.lam) >= 0 and min(s.sigma_inv) > 0
        assert len(s.lam) == len(s.sigma_inv) == s.d
    e = E8_SETTINGS["edge"]
    A = 8 * math.log(1 / (e.b * e.delta)) + 16 * math.log(2) + 1
    assert e.thresholds() == [pytest.approx(A, rel=1e-14)]
    lam, s = e.lam[0], e.sigma_inv[0]
    right = 3 * lam * e.delta * (A * A + 16 * A + 144) / 4 * s * abs(s - e.h)
    assert e.bound() == pytest.approx(right, rel=1e-14)


def exceedances(setting: YSetting, reps: int, seed: int) -> tuple[int, int, float]:
    signed, _ = y_sums(setting, reps, np.random.default_rng(seed))
    return int(np.sum(np.abs(signed) > setting.bound())), reps, setting.delta


def test_the_decision_flips_with_data_made_under_the_alternative():
    """Data drawn from the edge setting, b = 10⁴ (bδ = 4.4, where the left side's noise of size
    1/√b outgrows the bound ∝ δ), make the status "fails"; the same bδ at b = 100 (δ = 0.044),
    under the conclusion, and the moderate setting give "holds"."""
    edge = E8_SETTINGS["edge"]
    small = dataclasses.replace(edge, b=100, delta=0.044)
    assert decide_lemma_e8(edge=exceedances(edge, 200, 1)) is Status.FAILS
    assert decide_lemma_e8(edge=exceedances(small, 400, 2)) is Status.HOLDS
    assert decide_lemma_e8(moderate=exceedances(E8_SETTINGS["moderate"], 400, 3)) is Status.HOLDS


def test_null_counts_hold():
    """Counts drawn at exactly the allowed rate δ hold (the test's level, ten seeds)."""
    rng = np.random.default_rng(3804)
    for _ in range(10):
        counts = rng.binomial(2000, [4.4e-4, 0.1])
        status = decide_lemma_e8(
            edge=(int(counts[0]), 2000, 4.4e-4), moderate=(int(counts[1]), 2000, 0.1)
        )
        assert status is Status.HOLDS


def test_too_few_repetitions_are_not_checked():
    assert check_lemma_e8(reps=10).status is Status.NOT_CHECKED
