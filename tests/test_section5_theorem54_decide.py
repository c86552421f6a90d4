"""Theorem 5.4 (PDF Theorem 12) decided on synthetic data, no run (issue 43 §2): its status
needs both the κ decision and eq:lxi (the status had been decided by the κ decision alone in
every test), and "bound below measurement" needs the bound below the last-window rate of every
κ, not of any κ."""

import types

import numpy as np
import pytest

from mines_theory.verification.claims.section5.kappa import decide_kappa
from mines_theory.verification.claims.section5.theorem54 import (
    decide_lxi,
    decide_lxi_trivial_runs,
    theorem54_status,
)
from mines_theory.verification.framework.verdict import Kind, Measurement, Status

KAPPAS = [10.0, 100.0, 1000.0]
CENTRES = (np.arange(6) + 0.5) * 800
FROZEN = Measurement("frozen_slope", -1.0, 0.01, Kind.INTERVAL, (-1.02, -0.98))
BOUNDS = types.SimpleNamespace(curvature=3.0, xi=0.5)
BELOW = "bound below measurement"


def rates(exponents=(-0.22, -0.16, -0.12, -0.08, -0.03, 0.0), last=None, seeds=8):
    """Per κ, (windows, seeds) rates 0.08·κ^s (s = ``exponents[window]``) with 2% scatter; the
    last window of κ = 1000 replaced by ``last`` where given."""
    rng = np.random.default_rng(0)
    out = [
        np.array([0.08 * k**s * (1 + 0.02 * rng.standard_normal(seeds)) for s in exponents])
        for k in KAPPAS
    ]
    if last is not None:
        out[-1][-1] = last * (1 + 0.02 * rng.standard_normal(seeds))
    return out


def kappa_status(data, final_bound=1e-3):
    _, qualifiers, status = decide_kappa(
        KAPPAS, data, CENTRES, frozen=FROZEN, final_bound=final_bound
    )
    return status, {q.name: q.outcome for q in qualifiers}


def lxi(curvature=(2.0, 3.0, 2.5), xi=(0.5, 0.9, 0.6)):
    return decide_lxi(np.array(curvature), np.array(xi), BOUNDS, k=100, trivial_at=4.0)[0]


@pytest.mark.parametrize(
    "kappa, within, status",
    [
        (Status.HOLDS, True, Status.HOLDS),
        (Status.HOLDS, False, Status.FAILS),
        (Status.FAILS, True, Status.FAILS),
        (Status.FAILS, False, Status.FAILS),
    ],
)
def test_the_status_needs_the_kappa_decision_and_eq_lxi(kappa, within, status):
    assert theorem54_status(kappa, within) is status


@pytest.mark.parametrize(
    "bounds, status",
    [
        (dict(), Status.HOLDS),
        (dict(curvature=(2.0, 3.01, 2.5)), Status.FAILS),  # one 𝓛_k above its bound
        (dict(xi=(0.5, 0.9, 0.49)), Status.FAILS),  # one ξ_k below its bound
    ],
    ids=["both bounds", "eq:lxi's 𝓛 bound", "eq:lxi's ξ bound"],
)
def test_a_kappa_decision_that_holds_fails_with_either_bound_of_eq_lxi(bounds, status):
    """The κ-dependence shrinks to none (the κ decision holds); one seed outside either bound
    of eq:lxi alone fails the theorem."""
    kappa, _ = kappa_status(rates())
    assert kappa is Status.HOLDS
    assert theorem54_status(kappa, lxi(**bounds)) is status


def test_eq_lxi_within_does_not_save_a_kappa_decision_that_fails():
    kappa, _ = kappa_status(rates(exponents=(-0.075,) * 6))
    assert kappa is Status.FAILS and theorem54_status(kappa, lxi()) is Status.FAILS


@pytest.mark.parametrize("final_bound, below", [(0.06, False), (0.04, True)])
def test_the_bound_must_lie_below_the_rate_of_every_kappa(final_bound, below):
    """The last-window rate 0.08 at κ = 10 and 100 but 0.05 at κ = 1000: a bound of 0.06 lies
    below two of the three (so below "any" κ's) but not below every κ's; 0.04 below all."""
    status, outcomes = kappa_status(rates(last=0.05), final_bound=final_bound)
    assert outcomes["κ-dependence shrinks as k grows"]
    assert outcomes["not the rate of Σ frozen, at any k"]
    assert outcomes[BELOW] is below
    assert status is (Status.HOLDS if below else Status.FAILS)


def test_eq_lxi_is_trivial_on_the_kappa_runs_only_while_each_run_s_k_is_below_its_threshold():
    """ "eq:lxi trivial on the κ runs": each run's C/(L − τ)² (the k up to which its 𝓛_k bound is
    L/τ) at least the runs' last k. The published thresholds (4.5·10¹², 4.1·10¹⁴, 4.0·10¹⁶
    against k = 8000) give yes; one run's threshold below its k (a bound that bites there),
    or a NaN, gives no; the criterion says the k."""
    needed = {10.0: 4.5e12, 100.0: 4.1e14, 1000.0: 4.0e16}
    yes = decide_lxi_trivial_runs(needed, k=8000)
    assert yes.outcome and "k = 8000" in yes.criterion
    assert decide_lxi_trivial_runs(needed, k=8000).name == "eq:lxi trivial on the κ runs"
    assert decide_lxi_trivial_runs({**needed, 10.0: 7999.0}, k=8000).outcome is False
    assert decide_lxi_trivial_runs({**needed, 10.0: 8000.0}, k=8000).outcome is True
    assert decide_lxi_trivial_runs({**needed, 100.0: float("nan")}, k=8000).outcome is False
