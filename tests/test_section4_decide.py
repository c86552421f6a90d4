"""Lemmas 4.1 and 4.3 decided on both sides of each of their two tests (issue 43 §2: "and" read
as "or" survived, every broken estimator failing both). ``decide_unbiased`` on synthetic
numbers, and the checks handed an estimator biased on one of the two cases only: on the
log-cosh case alone (the quadrature fails, the quadratic Monte Carlo does not) or on the
quadratic alone (the other way round)."""

import math

import numpy as np
import pytest

from mines_theory.algorithm.estimators import mean_gradient, sigma_gradient
from mines_theory.problems.objectives import LogCoshQuadratic, RotatedEllipsoid
from mines_theory.verification.claims.section4.estimators import (
    QUADRATURE_TOLERANCE,
    check_lemma41,
    check_lemma43,
    decide_lemma42,
    decide_lemma_c1,
    decide_unbiased,
)
from mines_theory.verification.claims.section4.projection import (
    decide_mirror_step,
    decide_proposition_a1,
)
from mines_theory.verification.framework.stats import K_SE
from mines_theory.verification.framework.verdict import Status, Undecidable

#: The least batches the checks accept (their declared minimum): enough for the biases here
#: (z > 20).
BATCHES = 30


@pytest.mark.parametrize(
    "error, z, status",
    [
        (0.99 * QUADRATURE_TOLERANCE, K_SE, Status.HOLDS),
        (1.01 * QUADRATURE_TOLERANCE, 0.5, Status.FAILS),  # the quadrature alone fails
        (1e-15, 1.01 * K_SE, Status.FAILS),  # the Monte Carlo alone fails
        (1.01 * QUADRATURE_TOLERANCE, 1.01 * K_SE, Status.FAILS),
    ],
)
def test_decide_unbiased_needs_both_tests(error, z, status):
    assert decide_unbiased(error, z) is status


def test_decide_unbiased_refuses_nan():
    for error, z in ((math.nan, 1.0), (1e-15, math.nan)):
        with pytest.raises(Undecidable):
            decide_unbiased(error, z)


def biased_on(kind, estimator, bias):
    """``estimator`` plus ``bias(s)`` where f is of type ``kind``, unchanged elsewhere."""

    def broken(f, mu, s, a, u):
        out = estimator(f, mu, s, a, u)
        return out + bias(s) if isinstance(f, kind) else out

    return broken


@pytest.mark.parametrize(
    "check, estimator, bias",
    [
        (check_lemma41, mean_gradient, lambda s: 5.0 * np.ones(len(s))),
        (check_lemma43, sigma_gradient, lambda s: 5.0 * s),
    ],
    ids=["Lemma 4.1", "Lemma 4.3"],
)
@pytest.mark.parametrize(
    "kind", [LogCoshQuadratic, RotatedEllipsoid], ids=["log-cosh", "quadratic"]
)
def test_a_bias_in_one_case_alone_fails_the_lemma(check, estimator, bias, kind):
    verdict = check(biased_on(kind, estimator, bias), batches=BATCHES)
    quadrature, z = verdict["quadrature"].value, verdict["z"].value
    if kind is LogCoshQuadratic:  # the quadrature sees it, the quadratic Monte Carlo does not
        assert quadrature > QUADRATURE_TOLERANCE and z <= K_SE
    else:
        assert quadrature < QUADRATURE_TOLERANCE and z > K_SE
    assert verdict.status is Status.FAILS


@pytest.mark.parametrize(
    "symbolic, worst, status",
    [
        (True, 9e-11, Status.HOLDS),
        (False, 0.0, Status.FAILS),  # sympy finds the identity false
        (True, 1e-10, Status.FAILS),  # the exact moments miss H at 10⁻¹⁰
    ],
    ids=["holds", "sympy", "moments"],
)
def test_lemma_c1_each_part_alone(symbolic, worst, status):
    assert decide_lemma_c1(symbolic, worst) is status


@pytest.mark.parametrize(
    "error, status", [(9.9e-7, Status.HOLDS), (1e-6, Status.FAILS)], ids=["within", "at 1e-6"]
)
def test_lemma42_on_both_sides_of_its_tolerance(error, status):
    assert decide_lemma42(error) is status


def test_lemma42_refuses_nan():
    with pytest.raises(Undecidable):
        decide_lemma42(math.nan)


@pytest.mark.parametrize("outside, status", [(0, Status.HOLDS), (1, Status.FAILS)])
def test_proposition_a1(outside, status):
    assert decide_proposition_a1(outside) is status


@pytest.mark.parametrize(
    "parts, status",
    [
        ((True, True, True, -1e-12), Status.HOLDS),  # B_R at its rounding floor
        ((False, True, True, 0.5), Status.FAILS),  # B_R's closed form wrong
        ((True, False, True, 0.5), Status.FAILS),  # eq:Sig_up not the minimizer
        ((True, True, False, 0.5), Status.FAILS),  # 1/k steps do not average
        ((True, True, True, -2e-12), Status.FAILS),  # B_R negative at a pair
    ],
    ids=["holds", "closed form", "mirror", "average", "negative"],
)
def test_mirror_step_each_part_alone(parts, status):
    assert decide_mirror_step(*parts) is status
