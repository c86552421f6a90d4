"""Section 5's experiment helpers and checks, against hand computations and simulations."""

import math

import numpy as np
import pandas as pd
import pytest

from mines_theory.verification import section5
from mines_theory.verification.verdict import Status


def test_plateau_prediction_against_a_simulation_of_the_recursion():
    """x_{k+1} = (1 − η)x_k + η e_k with i.i.d. e_k of variance V has stationary E x² = ηV/(2 − η):
    a simulation of 400 independent chains × 2000 steps (the first 1000 discarded), η = 0.1,
    V = 3, must agree within 5 standard errors (the chains are the independent units)."""
    rng = np.random.default_rng(0)
    eta, V = 0.1, 3.0
    x = np.zeros(400)
    tail = []
    for k in range(2000):
        x = (1 - eta) * x + eta * rng.normal(0.0, math.sqrt(V), 400)
        if k >= 1000:
            tail.append(x**2)
    per_chain = np.mean(tail, axis=0)
    se = per_chain.std(ddof=1) / math.sqrt(per_chain.size)
    assert abs(per_chain.mean() - section5.plateau_prediction(eta, V)) <= 5 * se
    assert section5.plateau_prediction(0.5, 6.0) == pytest.approx(2.0)


def test_asymptotic_rates_recover_a_geometric_decay():
    k = np.arange(0, 400)
    rows = []
    for seed, rate in enumerate((0.05, 0.1)):
        rows += [{"seed": seed, "k": int(i), "f_gap": 1e-3 * (1 - rate) ** i} for i in k]
    rates = section5.asymptotic_rates(pd.DataFrame(rows))
    np.testing.assert_allclose(rates, [0.05, 0.1], rtol=1e-10)
    never = pd.DataFrame([{"seed": 0, "k": i, "f_gap": 1.0} for i in range(5)])
    assert np.isnan(section5.asymptotic_rates(never)[0])


def test_per_step_ratios_mask_the_rounding_floor():
    frame = pd.DataFrame([{"seed": 0, "k": i, "f_gap": g}
                          for i, g in enumerate([1.0, 0.5, 1e-21, 1e-22])])
    ratio, mask = section5.per_step_ratios(frame)
    np.testing.assert_allclose(ratio[0].to_numpy(), [0.5, 2e-21, 0.1])
    assert mask[0].tolist() == [True, True, False]


def test_lemma53_outside_its_hypotheses_says_so():
    """b = 5 at δ = 0.1 gives c₂ = 5 − 2√(5 log 10) < 0: the status is "hypotheses not met"."""
    config = section5.CovarianceRun(b=5, seeds=4, iterations=200, record_every=10)
    verdict = section5.check_lemma53(config)
    assert verdict.status is Status.HYPOTHESES_NOT_MET
    assert "hypotheses not met" in verdict.text()


def test_lemma53_default_run_meets_its_hypotheses():
    assert section5.LEMMA53.constants().valid
