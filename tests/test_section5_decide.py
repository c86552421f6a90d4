"""The decisions of Section 5's non-quadratic checks on synthetic data, no run: each part of
``decide_nonquadratic_step`` (Lemmas 5.1 and 5.2 with γ > 0), ``decide_nonquadratic`` (the
α-bias finding), ``decide_lxi`` (Theorem 5.4's eq:lxi) and ``decide_certified`` (Theorem 5.4
with γ > 0) reached on both sides of its
criterion, each part alone flipping the outcome, and too little or NaN data refused
(``Undecidable``)."""

from __future__ import annotations

import dataclasses
import types

import numpy as np
import pytest

from mines_theory.verification.claims.section5.alpha_bias import (
    LEVEL_RECORDS,
    BiasData,
    decide_nonquadratic,
)
from mines_theory.verification.claims.section5.nonquadratic import (
    CorrectedStep,
    StepData,
    decide_nonquadratic_step,
)
from mines_theory.verification.claims.section5.stages import RESCALED
from mines_theory.verification.claims.section5.theorem54 import decide_lxi
from mines_theory.verification.claims.section5.theorem54_stages import decide_certified
from mines_theory.verification.framework.decisions import LOOSE
from mines_theory.verification.framework.stats import K_SE
from mines_theory.verification.framework.verdict import Kind, Measurement, Status, Undecidable

STEPS, SEEDS, DELTA = 20, 4, 0.1
#: The bootstraps' resamples here: the data are built so that no decision rests on an interval's
#: width (the seeds agree, or differ only where a test says so), so a few resamples decide alike.
RESAMPLES = 40

# ---------------------------------------------------------------------------------------------
# Lemmas 5.1 and 5.2 with γ > 0: decide_nonquadratic_step


def _step(factor=0.5, *, region=None, corrected=None, **kw) -> StepData:
    """f_k − f* = 1 at every step, f_{k+1} − f* = ``factor`` (or ``next``), ρ = 0.99 (promised
    contraction 0.01, measured 1 − ``factor``), Δ_α = 10⁻³; at the practical α
    Δ_α = 2 ≥ f₁ − f* = 1 and ≥ 10× f(μ̂*) − f* = 0.1; f(μ̂*) − f* = ``factor`` at the run's α
    (so that f − f* levels off there)."""
    gap = np.ones((STEPS, SEEDS))
    rate = np.full(gap.shape, 0.99)
    fields = dict(
        gap=gap,
        next=factor * gap,
        bound=rate * gap + 1e-3,
        rate=rate,
        informative=np.ones(gap.shape, bool),
        delta_alpha=1e-3,
        small_floor=factor,
        first_gap=1.0,
        practical_delta=2.0,
        floor=0.1,
        practical_applies=np.ones(gap.shape, bool),
        region=region,
        corrected=corrected,
    )
    fields.update(kw)
    return StepData(**fields)


def _decide(data):
    return decide_nonquadratic_step(
        data, delta=DELTA, alpha=0.005, practical_alpha=0.5, resamples=RESAMPLES
    )


def _outcomes(qualifiers):
    return {q.name: q.outcome for q in qualifiers}


def _one_step(printed=True, corrected=False):
    def row(name, exceeds):
        return {"proportion": Measurement(name, 0.5 if exceeds else 0.0), "exceeds": exceeds}

    return {
        "printed": row("printed", printed),
        "printed_gamma_sq": row("printed_gamma_sq", printed),
        "corrected": row("corrected", corrected),
    }


def _corrected(informative=True, over=False, **kw):
    """The corrected Δ_α,1 = 10⁻⁴: its bound 0.99 + 10⁻⁴ (or −1 where every step is ``over``)."""
    shape = (STEPS, SEEDS)
    return CorrectedStep(
        1e-4,
        np.full(shape, -1.0 if over else 0.99 + 1e-4),
        np.full(shape, informative),
        _one_step(**kw),
    )


def test_step_holds_below_the_bound_and_fails_above_it():
    status, m, q = _decide(_step(0.5))
    assert status is Status.HOLDS and _outcomes(q)["loose"]
    assert {x.name: x.value for x in m}["violations"] == 0.0
    status, m, _ = _decide(_step(1.0))  # f does not decrease: every step above 0.99 + Δ_α
    assert status is Status.FAILS and {x.name: x.value for x in m}["violations"] == 1.0


def test_step_violations_decide_at_delta():
    """Steps above the bound in a share δ of every seed: holds; one more step per seed: fails."""
    for above, expected in ((2, Status.HOLDS), (3, Status.FAILS)):
        nxt = np.full((STEPS, SEEDS), 0.5)
        nxt[:above] = 1.0
        assert _decide(_step(next=nxt))[0] is expected


def test_step_without_an_informative_step_is_hypotheses_not_met():
    status, m, q = _decide(_step(1.0, informative=np.zeros((STEPS, SEEDS), bool)))
    assert status is Status.HYPOTHESES_NOT_MET and q == ()
    assert [x.name for x in m] == ["fraction", "delta_alpha"]


def test_step_qualifiers_on_both_sides():
    """Each qualifier flips alone: "loose" (measured 0.5 ≥ 10× promised 0.01 at ρ = 0.99, not
    10× 0.1 at ρ = 0.9), "too loose to be tested" (Δ_α at the practical α against f₁ − f*),
    "levels off" (within a factor 2 of f(μ̂*) − f*), "Δ_α covers", and the region's (Lemma
    5.2)."""
    base = _outcomes(_decide(_step(0.5, region=0.05))[2])
    assert all(base.values())
    levels = "levels off near f(μ̂*) − f* at α = 0.005"
    flips = [
        ("loose", dict(rate=np.full((STEPS, SEEDS), 0.9))),
        ("too loose to be tested at α = 0.5", dict(first_gap=2.5)),
        (levels, dict(small_floor=0.2)),  # the level 0.5 above 2 × 0.2
        (levels, dict(small_floor=1.01)),  # the level 0.5 below 1.01/2
        ("Δ_α covers f(μ̂*) − f*", dict(floor=0.21)),
        ("f(μ̂*) − f* lies outside eq:cond at α = 0.5", dict(region=0.1)),
    ]
    for name, change in flips:
        flipped = _outcomes(_decide(_step(0.5, **{"region": 0.05, **change}))[2])
        assert {k for k in base if flipped[k] != base[k]} == {name}, name
    assert LOOSE == 10.0  # the criterion these data sit on either side of


def test_step_erratum_needs_each_of_its_three_parts():
    """ "erratum" where the one-step run exceeds the printed Δ_α,1, not the corrected one, and the
    corrected one holds on the run; each part alone missing gives "holds"."""
    assert _decide(_step(corrected=_corrected()))[0] is Status.ERRATUM
    outcomes = {}
    for part, change in {
        "printed": dict(printed=False),
        "corrected": dict(corrected=True),
        "over": dict(over=True),
        "informative": dict(informative=False),
    }.items():
        status, _, q = _decide(_step(corrected=_corrected(**change)))
        assert status is Status.HOLDS, change
        outcomes[part] = _outcomes(q)
        assert not outcomes[part]["the printed Δ_α,1 fails"]
    assert outcomes["printed"]["the corrected Δ_α,1 holds on this run"]
    assert not outcomes["over"]["the corrected Δ_α,1 holds on this run"]
    assert not outcomes["informative"]["the corrected Δ_α,1 holds on this run"]
    # the run's own violations still decide first: fails, whatever the one-step run says
    assert _decide(_step(1.0, corrected=_corrected()))[0] is Status.FAILS


def test_step_refuses_one_seed_and_nan():
    one = _step(gap=np.ones((STEPS, 1)), next=np.full((STEPS, 1), 0.5))
    with pytest.raises(Undecidable):
        _decide(one)
    with pytest.raises(Undecidable):
        _decide(_step(practical_applies=np.ones((STEPS, 1), bool)))
    nxt = np.full((STEPS, SEEDS), 0.5)
    nxt[3, 1] = np.nan
    with pytest.raises(Undecidable):
        _decide(_step(next=nxt))


# ---------------------------------------------------------------------------------------------
# The α-bias finding: decide_nonquadratic


def _interval(name, value, low, high):
    return Measurement(name, value, (high - low) / 3.92, Kind.INTERVAL, (low, high))


def _settled(b, to_hat=0.1, z_hat=1.0, z_star=10.0, offset=0.05):
    return (
        _interval(f"to_hat_{b}", to_hat, to_hat - 0.05, to_hat + 0.05),
        z_hat,
        z_star,
        _interval(f"offset_{b}", offset, offset - 0.01, offset + 0.01),
    )


def _bias(**kw) -> BiasData:
    """f(μ̂*) − f* = 1; the last ``LEVEL_RECORDS`` records at 1 ± 0.01 (seeds apart), after a
    dip to 0.2 at record 5 where the iterates are 0.5·‖μ̂* − μ*‖ from μ*; both predictions of
    the level 1 ± 0.01; b = 10 and b = 40 settled (offsets 0.05 and 0.02); C = 10³ against
    K‖Σ_K⁻¹ − H*‖² = 1."""
    records = LEVEL_RECORDS + 20
    gaps = np.ones((records, SEEDS)) * (1 + 0.01 * np.linspace(-1, 1, SEEDS))
    gaps[:20] = 2.0
    gaps[5] = 0.2
    fields = dict(
        b=10,
        gaps=gaps,
        dip_record=5,
        dip_distance=np.full(SEEDS, 0.5),
        bias=0.3,
        floor=1.0,
        predicted={
            "centred": Measurement("centred", 1.0, 0.01),
            "offset": Measurement("predicted", 1.0, 0.01),
            "linear": Measurement("linear", 0.0, 0.01),
        },
        scaled=np.ones(SEEDS),
        bias_part=0.5,
        C=1e3,
        settled={10: _settled(10), 40: _settled(40, offset=0.02)},
    )
    fields.update(kw)
    return BiasData(**fields)


def _decide_bias(data):
    return decide_nonquadratic(data, alpha=0.5, gamma=0.1, iterations=6000, resamples=RESAMPLES)


def test_alpha_bias_holds_with_every_qualifier():
    status, m, q = _decide_bias(_bias())
    assert status is Status.HOLDS and all(_outcomes(q).values())
    names = {x.name for x in m}
    assert {"to_hat_40", "z_hat_40", "offset_40", "largest", "C", "dip_k"} <= names


def test_alpha_bias_status_parts_each_decide():
    """The mean (at the run's b, also part of every b), Σ⁻¹ (z against Σ̂*⁻¹, z against H*) and
    another b alone."""
    cases = {
        "the mean centres on μ̂*": {10: _settled(10, to_hat=0.3)},
        "Σ_k⁻¹ → Σ̂*⁻¹, not H*": {10: _settled(10, z_hat=K_SE + 0.1)},
        "whatever the batch size": {40: _settled(40, z_star=K_SE - 0.1, offset=0.02)},
    }
    for name, change in cases.items():
        status, _, q = _decide_bias(_bias(settled={**_bias().settled, **change}))
        assert status is Status.FAILS and not _outcomes(q)[name], name
    status, _, q = _decide_bias(_bias(settled={**_bias().settled, 10: _settled(10, z_star=K_SE)}))
    assert status is Status.FAILS  # z against H* must exceed K_SE, not equal it


def test_alpha_bias_qualifiers_flip_alone():
    base = _outcomes(_decide_bias(_bias())[2])
    off = Measurement("centred", 1.2, 0.01)
    flips = {
        "f − f* levels off at f(μ̂*) − f*": dict(predicted={**_bias().predicted, "centred": off}),
        "the level is explained by the offset of the iterates": dict(
            predicted={**_bias().predicted, "offset": dataclasses.replace(off, name="predicted")}
        ),
        "the path passes closer to μ* than μ̂* on its way in": dict(
            dip_distance=np.full(SEEDS, 1.0)
        ),
        "the offset shrinks with b": dict(
            settled={10: _settled(10), 40: _settled(40, offset=0.05)}
        ),
        "Lemma 5.3 too loose to be tested": dict(scaled=np.full(SEEDS, 101.0)),
    }
    for name, change in flips.items():
        status, _, q = _decide_bias(_bias(**change))
        flipped = _outcomes(q)
        assert {k for k in base if flipped[k] != base[k]} == {name}, name
        assert status is Status.HOLDS  # qualifiers only: the status stands
    dip = _bias().gaps.copy()
    dip[5] = 0.5  # the dip's median no longer below ½(f(μ̂*) − f*)
    assert not _outcomes(_decide_bias(_bias(gaps=dip))[2])[
        "the path passes closer to μ* than μ̂* on its way in"
    ]


def test_alpha_bias_refuses_too_little_or_nan_data():
    gaps = _bias().gaps
    for change in (
        dict(gaps=gaps[:, :1]),
        dict(gaps=gaps[-(LEVEL_RECORDS - 1) :], dip_record=0),
    ):
        with pytest.raises(Undecidable):
            _decide_bias(_bias(**change))
    nan = gaps.copy()
    nan[-1, 0] = np.nan
    with pytest.raises(Undecidable):
        _decide_bias(_bias(gaps=nan))


# ---------------------------------------------------------------------------------------------
# Theorem 5.4 with γ > 0: what the theorem certifies (decide_certified)


def _certify(**kw):
    """Both forms certify the entry (finite switches), eq:lxi not trivial (𝓛 bound 2 < L/τ = 4),
    the repaired item 2 at eq:lxi's bounds 1 − 0.9 = 0.1 ≥ item 1's 0.05, and at s = 1
    Δ_α,1 = 2 ≥ f₁ − f* = 1."""
    fields = {
        "switch": {"printed": 50.0, "repaired": 80.0},
        "lxi_rate": 0.6,
        "lxi_rate_repaired": 0.9,
        "lxi_curvature": 2.0,
        "curvature_max": 4.0,
        "repaired_rate_1": 0.05,
        "at_one": 2.0,
        "first_one": 1.0,
    }
    fields.update(kw)
    return fields


def _certified(certify, coincide=True, rescaled_outcome=False):
    qualifiers = decide_certified(
        certify,
        coincide=coincide,
        rescaled_outcome=rescaled_outcome,
        iterations=1500,
        rescaled=RESCALED,
    )
    return _outcomes(qualifiers)


def test_theorem54_certified_qualifiers_flip_alone():
    base = _certified(_certify())
    assert base == {
        "the printed theorem certifies the entry": True,
        "the repaired theorem certifies the entry": True,
        "printed and repaired eq:cond coincide": True,
        "eq:lxi trivial": False,
        "the repaired rates keep 'no slower after entering'": True,
        "the printed Δ_α,1 fails on the rescaled run": True,
        "at s = 1 the printed Δ_α,1 is too loose to be tested": True,
    }
    flips = {
        "the printed theorem certifies the entry": (
            _certify(switch={"printed": np.inf, "repaired": 80.0}),
            {},
        ),
        "the repaired theorem certifies the entry": (
            _certify(switch={"printed": 50.0, "repaired": np.inf}),
            {},
        ),
        "printed and repaired eq:cond coincide": (_certify(), {"coincide": False}),
        "eq:lxi trivial": (_certify(lxi_curvature=4.0), {}),
        "the repaired rates keep 'no slower after entering'": (
            _certify(lxi_rate_repaired=0.98),
            {},
        ),
        "the printed Δ_α,1 fails on the rescaled run": (_certify(), {"rescaled_outcome": None}),
        "at s = 1 the printed Δ_α,1 is too loose to be tested": (_certify(first_one=2.5), {}),
    }
    for name, (certify, kw) in flips.items():
        flipped = _certified(certify, **kw)
        assert {k for k in base if flipped[k] != base[k]} == {name}, name
    # an interval that holds (True) is not a failure on the rescaled run either
    assert not _certified(_certify(), rescaled_outcome=True)[
        "the printed Δ_α,1 fails on the rescaled run"
    ]


# ---------------------------------------------------------------------------------------------
# Theorem 5.4: eq:lxi at the last k (decide_lxi)


def test_theorem54_lxi_needs_both_bounds():
    """Within where every 𝓛_k ≤ its bound and every ξ_k ≥ its bound; either alone violated by
    one seed is outside; "eq:lxi trivial" where the 𝓛 bound is L/τ; NaN refused."""
    bounds = types.SimpleNamespace(curvature=3.0, xi=0.5)
    curvature, xi = np.array([2.0, 3.0, 2.5]), np.array([0.5, 0.9, 0.6])
    within, trivial = decide_lxi(curvature, xi, bounds, k=100, trivial_at=4.0)
    assert within and not trivial.outcome
    assert not decide_lxi(curvature + [0, 0.1, 0], xi, bounds, k=100, trivial_at=4.0)[0]
    assert not decide_lxi(curvature, xi - [0.1, 0, 0], bounds, k=100, trivial_at=4.0)[0]
    assert decide_lxi(curvature, xi, bounds, k=100, trivial_at=3.0)[1].outcome
    with pytest.raises(Undecidable):
        decide_lxi(np.array([2.0, np.nan]), xi[:2], bounds, k=100, trivial_at=4.0)
