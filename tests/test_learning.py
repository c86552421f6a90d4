"""``experiments.learning``: the predicted evaluations against values worked by hand from the
rules' published formulas, and the measured first crossing against a loop of its own."""

import math

import numpy as np
import pytest

from mines_theory.experiments import learning
from mines_theory.problems.objectives import RotatedEllipsoid


def test_mines_prediction_by_hand():
    # d = 5: b = 4 + ⌊3 ln 5⌋ = 8, k₀ = ⌈5·6/(2·8)⌉ = 2, the floor of η₂ is
    # 1/(FORGET·(k₀ + 1) + k₀) = 1/32 (FORGET = 10), 2b + 1 = 17 evaluations an iteration
    expected = math.log(1e6) * 32 * 17
    assert learning.predicted_evaluations("MiNES-step", 5, 1e6) == pytest.approx(expected)


def test_cmaes_prediction_by_hand():
    # Hansen's tutorial (pycma's defaults): λ = 8, μ = 4 at d = 5, α_μ = 2
    d, lam, mu = 5, 8, 4
    w = np.log((lam + 1) / 2) - np.log(np.arange(1, mu + 1))
    mueff = w.sum() ** 2 / (w**2).sum()
    c1 = 2 / ((d + 1.3) ** 2 + mueff)
    cmu = min(1 - c1, 2 * (0.25 + mueff + 1 / mueff - 2) / ((d + 2) ** 2 + mueff))
    expected = math.log(1e6) / (c1 + cmu) * lam
    got = learning.predicted_evaluations("CMA-ES", 5, 1e6)
    assert got == pytest.approx(expected, rel=1e-3)


@pytest.mark.parametrize("method", learning.LEARNERS)
def test_first_crossing_agrees_with_a_loop_of_its_own(method):
    f = RotatedEllipsoid(3, 1e2, seed=0, minimizer=np.ones(3))
    found = learning.evaluations_to_learn(method, f, 1e2, seeds=1, reach=0.5)
    first = found.evaluations.iloc[0]
    assert np.isfinite(first)
    es, seen = learning.learner(method, 3, 0), []
    while es.evaluations < first:
        X = es.ask()
        es.tell(X, f(X))
        if not getattr(es, "calibrating", False):
            covariance = es.covariance
            w = np.linalg.eigvalsh(covariance)
            seen.append((es.evaluations, w[-1] / w[0]))
    assert seen[-1][0] == first and seen[-1][1] >= 50
    assert all(c < 50 for _, c in seen[:-1])


def test_a_condition_not_reached_is_nan():
    f = RotatedEllipsoid(3, 1e2, seed=0, minimizer=np.ones(3))
    found = learning.evaluations_to_learn("CMA-ES", f, 1e2, seeds=2, max_evaluations=50)
    assert found.evaluations.isna().all() and list(found.seed) == [0, 1]


def test_an_unknown_method_is_refused():
    with pytest.raises(ValueError, match="MiNES-step"):
        learning.learner("NES", 3, 0)
