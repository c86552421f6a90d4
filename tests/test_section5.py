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


class _Scripted(section5.NonQuadraticMeanRun):
    """A run whose trajectory is given, to test the bookkeeping of ``check_nonquadratic_step``."""

    def __init__(self, schedule, gap, next_gap, eta1, xi=1.0, curvature=1.0, seeds=4):
        super().__init__(schedule, alpha=0.005, seeds=seeds, iterations=gap.shape[0])
        arrays = dict(gap=gap, next=next_gap, eta1=eta1, xi=np.full(gap.shape, xi),
                      curvature=np.full(gap.shape, curvature))
        object.__setattr__(self, "_arrays", arrays)

    def run(self):
        return self._arrays


def _scripted(schedule, factor, eta1=1e-3, **kw):
    gap = np.geomspace(1e-1, 1e-2, 50)[:, None] * np.ones(4)
    return _Scripted(schedule, gap, factor * gap, np.full(gap.shape, eta1), **kw)


def test_nonquadratic_step_fails_when_f_does_not_decrease():
    """f_{k+1} − f* = 1.1(f_k − f*), with f_k − f* ≥ 10⁻² ≫ Δ_α,1 = 4.8·10⁻⁶, exceeds
    ρ(f_k − f*) + Δ_α,1 at every step: fails."""
    run = _scripted("lemma51", 1.1)
    assert run.test()["informative"].all()
    verdict = section5.check_nonquadratic_step(run, run)
    assert verdict.status is Status.FAILS
    assert verdict["violations"].value == 1.0


def test_nonquadratic_step_holds_when_f_halves():
    """No step of the scripted run exceeds the bound; the status is still 'erratum', from the
    one-step run at μ* (``ONE_STEP``) where the printed Δ_α,1 fails."""
    run = _scripted("lemma51", 0.5)
    verdict = section5.check_nonquadratic_step(run, run)
    assert verdict["violations"].value == 0.0
    assert verdict.status is Status.ERRATUM


def test_lemma52_nonquadratic_step_holds_when_f_halves():
    from mines_theory.bounds import c_constants

    c1 = c_constants(d=2, b=10, delta=0.1).c1
    run = _scripted("hutchinson", 0.5, eta1=10 / (4 * c1 * 2.0), curvature=1.0, xi=1.0)
    run_gap = run.run()["gap"]
    object.__setattr__(run, "_arrays", dict(run.run(), gap=run_gap * 1e-3, next=run_gap * 5e-4))
    t = run.test()
    assert t["applies"].all() and t["informative"].any()
    assert section5.check_nonquadratic_step(run, run).status is Status.HOLDS


def test_lemma52_step_outside_its_hypotheses_says_so():
    """A step η₁ too large for the curvature (b/(4c₁η₁) < 𝓛_k) is outside Lemma 5.2's
    hypotheses; with no step inside them the verdict is 'hypotheses not met'."""
    from mines_theory.bounds import c_constants

    c1 = c_constants(d=2, b=10, delta=0.1).c1
    run = _scripted("hutchinson", 1.0, eta1=10 / (4 * c1 * 0.5), curvature=1.0, xi=0.5)
    t = run.test()
    assert not t["applies"].any()
    assert section5.check_nonquadratic_step(run, run).status is Status.HYPOTHESES_NOT_MET
