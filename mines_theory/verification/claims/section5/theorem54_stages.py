"""Theorem 5.4 (PDF Theorem 12, thm:main_cvg) where it can fail: on a non-quadratic objective
started outside eq:cond, with the theorem's own two-stage step (``stages``), the two items of
the theorem step by step (item 1, eq:dec_0, outside eq:cond; item 2, eq:dec, inside), the
iteration at which each run enters eq:cond against the one the theorem certifies, and the
theorem's shape (a faster second stage).

What the runs can and cannot show, declared before them: the per-step bounds of both stages can
be exceeded, and are tested where a step could exceed them (f_k − f* > Δ_α); the entry and the
speed-up are measured; item 1 meets its floor Δ_α,1 on the rescaled run, whose f(μ̂*) − f* lies
outside eq:cond. They cannot test eq:lxi (C ≈ 10¹¹ makes its bound the trivial L/τ for
k < 10¹⁰), nor the repair of eq:cond's first threshold (its second, eq:nab_rst, binds at every
step: the printed and the repaired region coincide, which a qualifier checks), nor the entry the
theorem certifies when that lies beyond the run."""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from mines_theory.theory.bounds.corrected import (
    delta_alpha_1_corrected,
    delta_alpha_2_corrected,
    lemma51_rate_corrected,
    lemma52_rate_corrected,
    local_region_threshold_corrected,
)
from mines_theory.theory.bounds.section5 import (
    delta_alpha_1,
    delta_alpha_2,
    lemma51_rate,
    lemma52_rate,
    nab_f_threshold,
    theorem54_bounds,
)
from ..appendix_e.common import ends
from ...framework.declare import claim
from ...framework.sizes import Data
from ...framework.stats import at_least, bootstrap, median_interval
from ...framework.verdict import Kind, Measurement, Qualifier, Status, Undecidable, Verdict, decides
from ..repaired.common import exact
from .common import lemma53_printed
from .stages import (
    FROZEN_STAGES,
    RESCALED,
    TWO_STAGES,
    TwoStageRun,
    decide_stage,
    predicted_switch,
    region,
    stage_entry,
    stage_rates,
)

__all__ = [
    "STAYS",
    "check_theorem54_nonquadratic",
    "certification",
    "decide_certified",
    "decide_learning",
    "decide_shape",
    "decide_stages",
    "describe_theorem54_nonquadratic",
    "stage_bounds",
    "stage_measurements",
    "step_jump",
    "two_stage_shape",
]

#: "Stays inside": at least this fraction of each seed's steps after its entry are stage 2's.
STAYS = 0.99


def _rates(bound, common: dict, xi, curvature, where) -> np.ndarray:
    """``bound(**common, xi=…, curvature=…).rate`` at each step where ``where`` holds, 1 elsewhere
    (the scalar ``@checked`` bound, evaluated step by step)."""
    out = np.ones(np.shape(xi))
    for index in zip(*np.nonzero(where)):
        out[index] = bound(**common, xi=float(xi[index]), curvature=float(curvature[index])).rate
    return out


def stage_bounds(config: TwoStageRun, *, repaired: bool) -> dict:
    """The per-step bounds of the run of ``config``, printed or ``repaired``: per stage (1: item
    1, eq:dec_0, at the steps the run took outside eq:cond; 2: item 2, eq:dec, at the measured
    ξ_k, 𝓛_k, inside) the bound ρ_k(f_k − f*) + Δ_α on f(μ_{k+1}) − f*, the steps that could
    exceed it (f_k − f* > Δ_α), the promised contraction, Δ_α; item 1's floor Δ_α,1/(1 − ρ)."""
    f, out = config.objective(), config.run()
    tau, zeta = f.runs_box
    common = {"d": f.dim, "b": config.b, "delta": config.delta}
    gap, xi, curvature = out["gap"], out["xi"], out["curvature"]
    curvature = np.maximum(curvature, xi)  # equal up to rounding in d = 1
    mean = {"L": f.L, "sigma": f.sigma, "tau": tau, "zeta": zeta}
    alpha = {"gamma": f.gamma, "tau": tau, "alpha": config.alpha}
    if repaired:
        rho1 = lemma51_rate_corrected(**common, **mean).rate
        da1 = delta_alpha_1_corrected(**common, L=f.L, **alpha)
        da2 = delta_alpha_2_corrected(**common, sigma=f.sigma, zeta=zeta, **alpha)
        inside = out["inside"] & (
            gap <= region(f, out["xi"], curvature, local_region_threshold_corrected)
        )
        rho2 = _rates(lemma52_rate_corrected, common, xi, curvature, inside)
    else:
        rho1 = lemma51_rate(**common, **mean).rate
        da1 = delta_alpha_1(**common, L=f.L, zeta=zeta, **alpha)
        da2 = delta_alpha_2(**common, sigma=f.sigma, zeta=zeta, **alpha)
        inside = out["inside"]
        rho2 = _rates(lemma52_rate, common, xi, curvature, inside)
    outside = ~out["inside"]
    return {
        1: (rho1 * gap + da1, outside & (gap > da1)),
        2: (rho2 * gap + da2, inside & (gap > da2)),
        "promised": (1 - rho1, float(np.median(1 - rho2[inside])) if inside.any() else math.nan),
        "delta_alpha": (da1, da2),
        "floor": da1 / (1 - rho1),
    }


def two_stage_shape(config: TwoStageRun) -> dict:
    """The shape of the run of ``config``: per seed the first k in stage 2 (``enter``), the
    share of later steps that stay there (``stays``), the contraction fitted before and after
    (``stage_rates``); eq:cond's threshold at ξ = 𝓛 = 1 and at eq:lxi's bounds (printed C), and
    whether the printed and the repaired region coincide on the run (eq:nab_rst binds)."""
    f, out = config.objective(), config.run()
    tau, zeta = f.runs_box
    inside = out["inside"]
    enter = stage_entry(inside)
    stays = np.array(
        [inside[e - 1 :, s].mean() if e <= inside.shape[0] else 0.0 for s, e in enumerate(enter)]
    )
    rate1, rate2 = stage_rates(out["gap"], enter)
    C = lemma53_printed(f, **config.lemma53_inputs()).C
    lxi = theorem54_bounds(
        L=f.L,
        sigma=f.sigma,
        gamma=f.gamma,
        tau=tau,
        zeta=zeta,
        C=C,
        k=config.iterations,
        f_gap=0.0,
    )
    # both thresholds are min{first(𝓛), eq:nab_rst(ξ)}, each term monotone: if the repaired
    # first term at the smallest 𝓛 exceeds eq:nab_rst at the largest ξ, both are eq:nab_rst at
    # every step
    xi_max, curvature_min = float(out["xi"].max()), float(out["curvature"].min())
    nab = nab_f_threshold(L=f.L, sigma=f.sigma, gamma=f.gamma, tau=tau, xi=xi_max)
    coincide = nab == local_region_threshold_corrected(
        L=f.L,
        sigma=f.sigma,
        gamma=f.gamma,
        tau=tau,
        xi=xi_max,
        curvature=max(curvature_min, xi_max),
    )
    return {
        "enter": enter,
        "stays": stays,
        "rate1": rate1,
        "rate2": rate2,
        "C": C,
        "lxi": lxi,
        "threshold_lxi": float(region(f, lxi.xi, lxi.curvature)),
        "threshold": float(region(f, 1.0, 1.0)),
        "coincide": bool(coincide),
        "first_gap": float(np.median(out["gap"][0])),
    }


def decide_shape(enter, stays, rate1, rate2, *, iterations: int):
    """The shape of Theorem 5.4's two stages from per-seed arrays, a pure function: ``enter``
    (first k in stage 2, ``iterations`` + 1 if never), ``stays`` (share of later steps inside),
    the contractions fitted before (``rate1``) and after (``rate2``). Returns (speedup,
    qualifiers): the median over seeds of rate2/rate1 with a 95% bootstrap interval, and the
    qualifiers "enters eq:cond and stays" (every seed enters within the run and keeps at least
    ``STAYS`` of its later steps inside; rejects a floor outside eq:cond) and "two stages" (the
    speedup's interval above 1; rejects one rate throughout). ``Undecidable`` where a seed has
    no contraction fitted in a stage, or with fewer than 2 seeds."""
    enter, stays = np.asarray(enter), np.asarray(stays, dtype=float)
    rate1, rate2 = np.asarray(rate1, dtype=float), np.asarray(rate2, dtype=float)
    seeds = enter.size
    at_least("seeds", seeds, 2, "a bootstrap over seeds")
    fitted = np.isfinite(rate1) & np.isfinite(rate2)
    if not fitted.all():
        raise Undecidable(
            "{fitted} of {seeds} seeds have a contraction fitted in both stages (3 steps each)",
            Measurement("fitted", int(fitted.sum()), kind=Kind.COUNT),
            Measurement("seeds", seeds, kind=Kind.COUNT),
        )
    speedup = bootstrap(lambda s: float(np.median(rate2[s] / rate1[s])), seeds, "speedup")
    entered = bool((enter <= iterations).all())
    qualifiers = (
        Qualifier(
            "enters eq:cond and stays",
            f"every seed's f − f* falls below eq:cond's threshold at its (ξ_k, 𝓛_k) within the "
            f"run, and at least {STAYS:.0%} of its later steps stay inside: rejects a floor "
            "outside eq:cond",
            entered and bool((stays >= STAYS).all()),
        ),
        Qualifier(
            "two stages",
            "the 95% interval of the median over seeds of stage 2's contraction over stage 1's "
            "lies above 1: rejects one rate throughout",
            ends(speedup)[0] > 1,
        ),
    )
    return speedup, qualifiers


def step_jump(eta1, enter) -> np.ndarray:
    """Per seed, the step rule's jump at entry: the median η₁,k over the steps from ``enter`` on
    over the first step's η₁ (stage 1's bτ/(4Lc₁)); NaN for a seed that never enters."""
    eta1 = np.asarray(eta1, dtype=float)
    return np.array(
        [
            float(np.median(eta1[e - 1 :, s]) / eta1[0, s]) if e <= eta1.shape[0] else math.nan
            for s, e in enumerate(np.asarray(enter))
        ]
    )


def decide_learning(rate1, rate2, rate1_frozen, rate2_frozen, jump):
    """What learning Σ adds to the two stages, against the control with Σ frozen at Σ₁ (the same
    seeds, α, start and step rule: ``stages.FROZEN_STAGES``), a pure function of per-seed arrays:
    the contractions fitted before and after entry in the run (``rate1``, ``rate2``) and in the
    control (``rate1_frozen``, ``rate2_frozen``) and the run's step jump at entry (``jump``,
    ``step_jump``: L/(τ𝓛_k) there). Returns (measurements, qualifier): ``speedup_frozen`` (the
    control's stage 2 over stage 1), ``step_jump`` (the step rule's share: how much longer a step
    the run takes inside), ``gain`` (stage 2's contraction with Σ
    learned over that with Σ frozen, seed by seed), each the median over seeds with a 95%
    bootstrap interval.

    Criterion, declared before the runs: "learning Σ speeds stage 2" — the interval of ``gain``
    lies above 1 (rejects a stage 2 whose speed is the step rule's alone, as fast with Σ never
    learned). ``Undecidable`` where a seed has no contraction fitted in a stage of either run or
    no jump, or with fewer than 2 seeds, or when the arrays differ in length."""
    arrays = [np.asarray(x, dtype=float) for x in (rate1, rate2, rate1_frozen, rate2_frozen)]
    jump = np.asarray(jump, dtype=float)
    if len({a.size for a in (*arrays, jump)}) != 1:
        raise ValueError(
            "rate1, rate2, rate1_frozen, rate2_frozen and jump must have one length (the "
            f"seeds), got {[a.size for a in (*arrays, jump)]}"
        )
    seeds = jump.size
    at_least("seeds", seeds, 2, "a bootstrap over seeds")
    fitted = np.logical_and.reduce([np.isfinite(a) for a in (*arrays, jump)])
    if not fitted.all():
        raise Undecidable(
            "{fitted} of {seeds} seeds have both stages fitted with Σ learned and with Σ frozen",
            Measurement("fitted", int(fitted.sum()), kind=Kind.COUNT),
            Measurement("seeds", seeds, kind=Kind.COUNT),
        )
    _, rate2, rate1_frozen, rate2_frozen = arrays
    frozen = bootstrap(
        lambda s: float(np.median(rate2_frozen[s] / rate1_frozen[s])), seeds, "speedup_frozen"
    )
    share = bootstrap(lambda s: float(np.median(jump[s])), seeds, "step_jump")
    gain = bootstrap(lambda s: float(np.median(rate2[s] / rate2_frozen[s])), seeds, "gain")
    qualifier = Qualifier(
        "learning Σ speeds stage 2",
        "the 95% interval of the median over seeds of stage 2's contraction with Σ learned over "
        "that with Σ frozen at Σ₁ (same seeds, α, start and step rule) lies above 1: rejects a "
        "stage 2 as fast with Σ never learned (a speed-up that is the step rule's alone)",
        ends(gain)[0] > 1,
    )
    return (frozen, share, gain), qualifier


def decide_stages(outcomes: dict) -> Status:
    """The status from the per-step tests (``decide_stage``'s outcomes: True, False, None) keyed
    (form, run, stage), form "printed" or "repaired": holds if every printed test holds; an
    erratum if a printed one fails and every repaired one holds; fails if a repaired one fails
    too. ``Undecidable`` where a test the status needs straddles δ.

    >>> decide_stages({("printed", "A", 1): True, ("repaired", "A", 1): True})
    <Status.HOLDS: 'holds'>
    >>> decide_stages({("printed", "A", 1): False, ("repaired", "A", 1): True})
    <Status.ERRATUM: 'erratum'>
    """
    printed = [v for (form, *_), v in outcomes.items() if form == "printed"]
    repaired = [v for (form, *_), v in outcomes.items() if form == "repaired"]
    if all(v is True for v in printed):
        return Status.HOLDS
    if False in printed:
        if all(v is True for v in repaired):
            return Status.ERRATUM
        if False in repaired:
            return Status.FAILS
    undecided = [key for key, v in outcomes.items() if v is None]
    raise Undecidable(
        "the fraction of steps above the bound straddles δ in "
        + ", ".join(f"{form} {run}, stage {stage}" for form, run, stage in undecided)
    )


def stage_measurements(
    config: TwoStageRun, run: str, stages=(1, 2), forms=("printed", "repaired")
) -> tuple[list, dict, dict]:
    """Per form and stage of the run of ``config`` (named ``run`` in the measurements'
    names): ``decide_stage``'s violations and step count, its outcome keyed (form, run, stage),
    and ``stage_bounds`` per form."""
    nxt = config.run()["next"]
    measurements: list = []
    outcomes: dict = {}
    bounds: dict = {}
    for form in forms:
        bounds[form] = stage_bounds(config, repaired=form == "repaired")
        for stage in stages:
            bound, informative = bounds[form][stage]
            name = f"{run}{stage}_{form}"
            violations, steps, outcome = decide_stage(
                nxt, bound, informative, delta=config.delta, name=name
            )
            measurements += [violations, steps]
            outcomes[(form, run, stage)] = outcome
    return measurements, outcomes, bounds


@claim("Thm 5.4, γ > 0", minimum=Data(seeds=8, steps=1500, at={"steps": "config.iterations"}))
@decides
def check_theorem54_nonquadratic(
    config: TwoStageRun = TWO_STAGES, rescaled: TwoStageRun = RESCALED
) -> Verdict:
    """Theorem 5.4's two items step by step on the run of ``config`` (the logistic objective
    from outside eq:cond, ``stages.TWO_STAGES``) and item 1 on ``rescaled`` (the soft cubic at
    s = 1000, whose limit lies outside eq:cond), printed and repaired (Lemma 5.1's rate
    c₂τσ/(8c₁Lζ) and Δ_α,1 with γ²; Lemma 5.2's /32 and Δ_α,2; ``bounds.corrected``). Status:
    ``decide_stages``. Qualifiers: the shape of the run (``two_stage_shape``) and what the
    theorem can certify (``stages.predicted_switch`` at eq:lxi's bounds); what learning Σ adds,
    against the same run with Σ frozen at Σ₁ (``decide_learning``)."""
    main, scaled = stage_measurements(config, "A"), stage_measurements(rescaled, "B", (1,))
    status = decide_stages({**main[1], **scaled[1]})
    shape = two_stage_shape(config)
    rate1, rate2 = shape["rate1"], shape["rate2"]
    seeds = config.seeds
    speedup, shape_qualifiers = decide_shape(
        shape["enter"], shape["stays"], rate1, rate2, iterations=config.iterations
    )
    control = dataclasses.replace(config, eta2=FROZEN_STAGES.eta2)  # config's, Σ never learned
    frozen = control.run()
    enter_frozen = stage_entry(frozen["inside"])
    learning, learns = decide_learning(
        rate1,
        rate2,
        *stage_rates(frozen["gap"], enter_frozen),
        step_jump(config.run()["eta1"], shape["enter"]),
    )
    printed, repaired = main[2]["printed"], main[2]["repaired"]
    certify = certification(config, rescaled, shape, main[2])
    switch, at_one, first_one = certify["switch"], certify["at_one"], certify["first_one"]
    qualifiers = (*shape_qualifiers, learns) + decide_certified(
        certify,
        coincide=shape["coincide"],
        rescaled_outcome=scaled[1][("printed", "B", 1)],
        iterations=config.iterations,
        rescaled=rescaled,
    )
    rest = scaled[2]
    measurements = (
        median_interval(shape["enter"], "enter"),
        exact("stays", float(shape["stays"].min()), percent=True),
        bootstrap(lambda s: float(np.median(rate1[s])), seeds, "rate_1"),
        bootstrap(lambda s: float(np.median(rate2[s])), seeds, "rate_2"),
        speedup,
        *learning,
        exact("promised_1", printed["promised"][0]),
        exact("promised_2", printed["promised"][1]),
        exact("promised_lxi", 1 - certify["lxi_rate"]),
        exact("promised_lxi_repaired", 1 - certify["lxi_rate_repaired"]),
        exact("promised_1_repaired", repaired["promised"][0]),
        exact("promised_2_repaired", repaired["promised"][1]),
        *main[0],
        exact("floor", printed["floor"]),
        exact("floor_repaired", repaired["floor"]),
        exact("threshold", shape["threshold"]),
        exact("threshold_lxi", shape["threshold_lxi"]),
        *(
            [exact("switch_repaired", switch["repaired"])]
            if math.isfinite(switch["repaired"])
            else []
        ),
        exact("C", shape["C"]),
        *scaled[0],
        exact("delta_rescaled", rest["printed"]["delta_alpha"][0]),
        exact("delta_rescaled_repaired", rest["repaired"]["delta_alpha"][0]),
        exact(
            "level_rescaled",
            float(np.median(rescaled.run()["gap"][-rescaled.iterations // 10 :])),
        ),
        exact("at_one", at_one),
        exact("first_one", first_one),
    )
    summary = describe_theorem54_nonquadratic(
        config, rescaled, shape["first_gap"], switch, every=bool((shape["stays"] >= 1).all())
    )
    return Verdict(
        status,
        summary,
        measurements,
        qualifiers,
        data={"shape": shape, "bounds": main[2], "rescaled": rest, "switch": switch},
    )


def certification(config: TwoStageRun, rescaled: TwoStageRun, shape: dict, bounds: dict) -> dict:
    """What Theorem 5.4 can certify on the run of ``config`` (``shape``: ``two_stage_shape``;
    ``bounds``: ``stage_bounds`` per form): ``switch``, per form, the k at which item 1's
    contraction brings f − f* below eq:cond's threshold at eq:lxi's bounds
    (``stages.predicted_switch``, ∞ where its floor Δ_α,1/(1 − ρ₁) does not lie below it);
    ``lxi_rate``, Lemma 5.2's rate at eq:lxi's bounds (``lxi_rate_repaired``, the repaired
    rate there); ``curvature_max``, L/τ; and for
    ``rescaled`` at s = 1 (α² in units of f): ``at_one``, its Δ_α,1, against ``first_one``,
    its f₁ − f*."""
    f = config.objective()
    switch = {
        form: predicted_switch(
            rate=bounds[form]["promised"][0],
            delta_alpha=bounds[form]["delta_alpha"][0],
            first_gap=shape["first_gap"],
            threshold=shape["threshold_lxi"],
        )
        for form in ("printed", "repaired")
    }
    alpha = rescaled.alpha / math.sqrt(rescaled.scale)
    unscaled = dataclasses.replace(rescaled, scale=1.0, alpha=alpha).objective()
    at_one = delta_alpha_1(
        d=unscaled.dim,
        b=rescaled.b,
        delta=rescaled.delta,
        L=unscaled.L,
        gamma=unscaled.gamma,
        tau=unscaled.runs_box[0],
        zeta=unscaled.runs_box[1],
        alpha=alpha,
    )
    lxi = shape["lxi"]
    at_lxi = {"d": f.dim, "b": config.b, "delta": config.delta, "xi": lxi.xi}
    return {
        "switch": switch,
        "lxi_rate": lemma52_rate(**at_lxi, curvature=lxi.curvature).rate,
        "lxi_rate_repaired": lemma52_rate_corrected(**at_lxi, curvature=lxi.curvature).rate,
        "lxi_curvature": lxi.curvature,
        "curvature_max": f.L / f.runs_box[0],
        "repaired_rate_1": bounds["repaired"]["promised"][0],
        "at_one": at_one,
        "first_one": float(unscaled(unscaled.minimizer[None, :] + 1.0)[0] - unscaled.f_star),
    }


def decide_certified(
    certify: dict, *, coincide: bool, rescaled_outcome, iterations: int, rescaled: TwoStageRun
) -> tuple[Qualifier, ...]:
    """The qualifiers of what Theorem 5.4 certifies, a pure function of ``certification``'s
    numbers: whether the printed and the repaired item 1 certify the entry into eq:cond (a
    finite ``switch``), whether the printed and repaired eq:cond ``coincide`` on the run,
    whether eq:lxi is trivial (its 𝓛 bound L/τ at k = ``iterations``), whether the repaired
    item 2 at eq:lxi's bounds is no slower than the repaired item 1, whether the printed Δ_α,1
    fails on ``rescaled`` (``rescaled_outcome``: ``decide_stage``'s outcome, False where the
    share above the bound exceeds δ), and whether at s = 1 Δ_α,1 ≥ f₁ − f*."""
    switch = certify["switch"]
    return (
        Qualifier(
            "the printed theorem certifies the entry",
            "item 1's floor Δ_α,1/(1 − ρ₁) (printed) lies below eq:cond's threshold at "
            "eq:lxi's bounds, so that f − f* is certified to enter eq:cond",
            math.isfinite(switch["printed"]),
        ),
        Qualifier(
            "the repaired theorem certifies the entry",
            "the same with the repaired Lemma 5.1 (rate c₂τσ/(8c₁Lζ), Δ_α,1 with γ²)",
            math.isfinite(switch["repaired"]),
        ),
        Qualifier(
            "printed and repaired eq:cond coincide",
            "eq:nab_rst's threshold binds at every step of the run, in both (the repair cuts the "
            "other one 16-fold): the run cannot test that repair",
            coincide,
        ),
        Qualifier(
            "eq:lxi trivial",
            f"its bound on 𝓛_k equals L/τ at the last k = {iterations} (C of eq:C)",
            bool(certify["lxi_curvature"] == certify["curvature_max"]),
        ),
        Qualifier(
            "the repaired rates keep 'no slower after entering'",
            "the repaired item 2's contraction at eq:lxi's bounds, ξc₂/(32𝓛c₁), is at least the "
            "repaired item 1's c₂τσ/(8c₁Lζ), as the remark after the theorem says of the printed",
            1 - certify["lxi_rate_repaired"] >= certify["repaired_rate_1"],
        ),
        Qualifier(
            "the printed Δ_α,1 fails on the rescaled run",
            f"on the soft cubic f = s(x² + g(x)) at scale s = {rescaled.scale:g}, "
            f"α = {rescaled.alpha:g}: the 95% "
            f"interval of the share of item 1's steps above its bound lies above δ = "
            f"{rescaled.delta:g}",
            rescaled_outcome is False,
        ),
        Qualifier(
            "at s = 1 the printed Δ_α,1 is too loose to be tested",
            f"the same objective at scale s = 1, α scaled as √s (α = {rescaled.alpha:g}/√"
            f"{rescaled.scale:g}): "
            "Δ_α,1 ≥ f₁ − f*, no step could exceed it",
            certify["at_one"] >= certify["first_one"],
        ),
    )


def describe_theorem54_nonquadratic(
    config: TwoStageRun,
    rescaled: TwoStageRun,
    first_gap: float,
    switch: dict,
    every: bool = False,
) -> str:
    """The sentence of ``check_theorem54_nonquadratic``'s verdict on its measurements: the runs
    of ``config`` (from f₁ − f* = ``first_gap``) and ``rescaled``, whether every later step of
    every seed stays inside eq:cond (``every``: "all", not "at least 100%"), and whether the
    printed and the repaired theorem certify the entry (``switch``, ``certification``)."""
    stays = "all the later steps stay" if every else "at least {stays} of the later steps stay"
    f = config.objective()
    certified = (
        "the printed theorem certifies the entry"
        if math.isfinite(switch["printed"])
        else "the printed theorem never certifies the entry"
    ) + (
        ", the repaired by k = {switch_repaired}"
        if math.isfinite(switch["repaired"])
        else ", nor does the repaired"
    )
    return (
        f"logistic d = {f.dim} (γ = {f.gamma:.3g}), α = {config.alpha:g}, b = {config.b}, "
        f"δ = {config.delta:g}, {config.seeds} seeds × {config.iterations} steps from f₁ − f* = "
        f"{first_gap:.3g}: the runs enter eq:cond at k = {{enter}} (threshold "
        "{threshold} at ξ = 𝓛 = 1) and " + stays + " inside; "
        "contraction {rate_1} before, {rate_2} after (×{speedup}); with Σ frozen at Σ₁ (same "
        "seeds, α and step rule) ×{speedup_frozen}; the step's jump at entry, L/(τ𝓛_k), "
        "×{step_jump}; stage 2's contraction with Σ learned over Σ frozen ×{gain}; promised "
        "{promised_1} and "
        "{promised_2} (at the measured ξ_k, 𝓛_k; {promised_lxi} at eq:lxi's bounds; repaired "
        "{promised_1_repaired} and {promised_2_repaired}, {promised_lxi_repaired} at eq:lxi's "
        "bounds); steps above the bound, printed: "
        "{A1_printed_violations} of {A1_printed_steps} before, {A2_printed_violations} of "
        "{A2_printed_steps} after; repaired: {A1_repaired_violations} of {A1_repaired_steps}, "
        "{A2_repaired_violations} of {A2_repaired_steps} (allowed δ). Item 1's floor "
        "Δ_α,1/(1 − ρ₁) = {floor} (repaired {floor_repaired}) against eq:cond's threshold at "
        "eq:lxi's bounds {threshold_lxi} (C = {C}): "
        + certified
        + f". The soft cubic f = s(x² + g(x)) (σ = s, L = 3s, γ = s) at scale "
        f"s = {rescaled.scale:g}, α = {rescaled.alpha:g}, "
        f"b = {rescaled.b}, δ = {rescaled.delta:g}, {rescaled.seeds} seeds × "
        f"{rescaled.iterations}: f − f* levels off at {{level_rescaled}}, outside eq:cond; "
        "item 1's steps above the printed bound (Δ_α,1 = {delta_rescaled}) {B1_printed_violations} "
        "of {B1_printed_steps}, above the repaired (Δ_α,1 = {delta_rescaled_repaired}) "
        "{B1_repaired_violations} of {B1_repaired_steps}; at scale s = 1 the printed Δ_α,1 = "
        "{at_one} "
        "against f₁ − f* = {first_one}"
    )
