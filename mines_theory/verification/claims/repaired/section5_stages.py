"""The repaired Theorem 5.4 and Lemma 5.3 (PDF Theorem 12, Lemma 11) on the runs where their
printed forms meet γ > 0 from outside eq:cond (``section5.stages``): the same per-step tests and
the same run, with the repaired constants (``bounds.corrected``), where the repaired C₂ and C₃
are no longer negligible."""

from __future__ import annotations

import math

import numpy as np

from mines_theory.theory.bounds.corrected import Lemma53Corrected
from ..section5.stages import RESCALED, TWO_STAGES, TwoStageRun, predicted_switch
from ..section5.covariance_stages import terms_matter
from ..section5.theorem54_stages import stage_measurements, two_stage_shape
from ...framework.decisions import status_of, too_few_seeds
from ...framework.declare import repaired
from ...framework.sizes import Data
from ...framework.stats import bootstrap
from ...framework.verdict import Qualifier, Status, Undecidable, Verdict, decides
from .common import exact, exceedance_verdict, lemma53_at_confidence

__all__ = [
    "check_lemma53_nonquadratic_repaired",
    "check_theorem54_nonquadratic_repaired",
    "decide_theorem54_nonquadratic_repaired",
    "lemma53_corrected_on",
]


def decide_theorem54_nonquadratic_repaired(
    outcomes: dict, switch: float, enter, iterations: int
) -> tuple[Status, int]:
    """Theorem 5.4 repaired (γ > 0) from its parts, a pure function: the per-step tests of the
    repaired bounds (``stages.decide_stage``'s outcomes keyed (form, run, stage): True, False,
    None), the entry ``switch`` into eq:cond that the repaired Lemma 5.1 certifies, and the
    first k in eq:cond of each seed (``enter``, ``iterations`` + 1 if never). Returns (status,
    the latest entry). "holds" where every per-step test holds and the certified entry does not
    come before the latest measured one; each a part (``decisions.status_of``).
    ``Undecidable`` where a test straddles δ, no entry is certified (``switch`` infinite) or a
    seed never entered."""
    undecided = [key for key, v in outcomes.items() if v is None]
    if undecided:
        raise Undecidable(
            "the fraction of steps above the repaired bound straddles δ in "
            + ", ".join(f"run {run}, stage {stage}" for _, run, stage in undecided)
        )
    enter = np.asarray(enter)
    if not math.isfinite(switch) or not (enter <= iterations).all():
        raise Undecidable(
            "the repaired Lemma 5.1 certifies no entry into eq:cond (its floor Δ_α,1/(1 − ρ₁) "
            "lies above eq:cond's threshold at eq:lxi's bounds), or a seed never entered: "
            "nothing to compare"
        )
    latest = int(enter.max())
    parts = {f"{run}{stage}": bool(v) for (_, run, stage), v in outcomes.items()}
    return status_of(**parts, entry_not_early=not switch < latest), latest


@repaired("Thm 5.4, γ > 0", minimum=Data(seeds=8, steps=1500, at={"steps": "config.iterations"}))
@decides
def check_theorem54_nonquadratic_repaired(
    config: TwoStageRun = TWO_STAGES, rescaled: TwoStageRun = RESCALED
) -> Verdict:
    """Theorem 5.4 repaired on the runs of ``section5.check_theorem54_nonquadratic``: the
    repaired per-step bounds of both stages (``theorem54_stages.stage_bounds``) must hold in all
    but a fraction δ of the steps that could exceed them (``stages.decide_stage``), on the
    logistic run and, item 1, on the rescaled one; and the entry into eq:cond that the repaired
    Lemma 5.1 certifies (``stages.predicted_switch`` at eq:lxi's bounds, printed C as in the
    theorem) must not come before the runs enter. Looseness: the certified entry over the
    latest measured one."""
    main, scaled = (
        stage_measurements(config, "A", forms=("repaired",)),
        stage_measurements(rescaled, "B", (1,), forms=("repaired",)),
    )
    outcomes = {**main[1], **scaled[1]}
    shape = two_stage_shape(config)
    bounds = main[2]["repaired"]
    switch = predicted_switch(
        rate=bounds["promised"][0],
        delta_alpha=bounds["delta_alpha"][0],
        first_gap=shape["first_gap"],
        threshold=shape["threshold_lxi"],
    )
    enter, rate2 = shape["enter"], shape["rate2"]
    status, latest = decide_theorem54_nonquadratic_repaired(
        outcomes, switch, enter, config.iterations
    )
    measurements = (
        *main[0],
        *scaled[0],
        exact("switch", switch),
        exact("latest", latest),
        exact("looseness", switch / latest),
        bootstrap(lambda s: float(np.median(rate2[s])), config.seeds, "rate_2"),
        exact("promised_2", bounds["promised"][1]),
    )
    allowed = {"A1": config.delta, "A2": config.delta, "B1": rescaled.delta}
    seeds = [  # each share against its run's δ; the first that the seeds cannot decide
        too_few_seeds(m, allowed[m.name[:2]])
        for m in measurements
        if m.name in {f"{k}_repaired_violations" for k in allowed}
    ]
    few = [next((q for q in seeds if q.outcome), seeds[0])] if status is Status.HOLDS else []
    return Verdict(
        status,
        f"logistic, α = {config.alpha:g}, b = {config.b}, δ = {config.delta:g}, {config.seeds} "
        f"seeds × {config.iterations}, Theorem 5.4's step from outside eq:cond: steps above the "
        "repaired bound {A1_repaired_violations} of {A1_repaired_steps} before eq:cond, "
        "{A2_repaired_violations} of {A2_repaired_steps} inside (allowed δ); on the soft cubic "
        f"f = s(x² + g(x)) at scale s = {rescaled.scale:g} {{B1_repaired_violations}} of "
        "{B1_repaired_steps}; the "
        "repaired Lemma 5.1 certifies the entry by k = {switch}, the last seed enters at "
        "k = {latest} (×{looseness}); contraction inside {rate_2} against the repaired "
        "{promised_2}",
        measurements,
        (
            Qualifier(
                "too loose to be tested",
                "the certified entry lies beyond the run: no run could enter later",
                switch > config.iterations,
            ),
            *few,
        ),
        data={"shape": shape, "switch": switch},
    )


def lemma53_corrected_on(config: TwoStageRun) -> tuple[Lemma53Corrected, Lemma53Corrected]:
    """Lemma 5.3's repaired constants on the run of ``config``: at δ (its C₁ … C₅ as they are)
    and at δ divided by the proof's δ-events, so that the statement holds with 1 − δ."""
    return lemma53_at_confidence(config.objective(), **config.lemma53_inputs())


@repaired("Lemma 5.3, γ > 0", minimum=Data(seeds=8, steps=1500, at={"steps": "config.iterations"}))
@decides
def check_lemma53_nonquadratic_repaired(
    config: TwoStageRun = TWO_STAGES, C: float | None = None
) -> Verdict:
    """Lemma 5.3 repaired on the run of ``section5.check_lemma53_nonquadratic``: every
    k‖Σ_k⁻¹ − H*‖² ≤ C, C of ``bounds.lemma53_constants_corrected`` at δ/N (N the proof's
    δ-events), in all but a fraction δ of the seeds (``exceedance_verdict``; where the
    projection's cap K·d(ζ − τ)² lies below C no seed can exceed it, and the verdict holds on any
    number of seeds); ``C`` to test another constant. Whether the terms γ > 0 switches on (C₂,
    C₃) move C₁ + C₅ by ``covariance_stages.MATTERS`` (the printed row: they do not move the
    printed C)."""
    f, out = config.objective(), config.run()
    K = config.iterations
    k = np.arange(1, K + 1, dtype=float)
    largest = (out["error_sq"] * k[:, None]).max(axis=0)
    constants = lemma53_corrected_on(config)[1]
    if not constants.valid:
        return Verdict.not_checked(
            "the repaired Lemma 5.3's hypotheses do not hold at δ/N (c₂ ≤ 0, or τ > σ, L > ζ)"
        )
    if C is None:
        C = constants.C
    share = (constants.C2 + constants.C3) / (constants.C1 + constants.C5)
    cap = K * f.dim * (f.runs_box[1] - f.runs_box[0]) ** 2
    what = (
        f"max_k k‖Σ_k⁻¹ − H*‖² (logistic, α = {config.alpha:g}, b = {config.b}, "
        f"{K} iterations from outside eq:cond)"
    )
    extra = (
        exact("C", C),
        exact("cap", cap),
        exact("C1", constants.C1),
        exact("C2", constants.C2),
        exact("C3", constants.C3),
        exact("C5", constants.C5),
        exact("share", share),
        exact("events", constants.failures),
    )
    qualifiers = (
        Qualifier(
            "too loose to be tested",
            "the projection onto S' caps k‖Σ_k⁻¹ − H*‖² at K·d(ζ − τ)² < C: no run could exceed C",
            cap < C,
        ),
        terms_matter(share, "C₁ + C₅"),
    )
    tail = (
        "; C = {C} (the cap K·d(ζ − τ)² = {cap}; C₁ = {C1}, C₂ = {C2}, C₃ = {C3}, C₅ = {C5}: "
        "(C₂ + C₃)/(C₁ + C₅) = {share}), δ divided by the {events} δ-events of the proof"
    )
    if cap >= C:
        return exceedance_verdict(
            largest,
            C,
            allowed=config.delta,
            units="seeds",
            what=what,
            extra=extra,
            qualifiers=qualifiers,
            summary_tail=tail,
            data={"largest": largest},
        )
    # no seed can exceed C (the projection's cap): the statement holds on every run, whatever
    # the number of seeds; the looseness is still measured
    looseness = bootstrap(
        lambda s: float(np.quantile(C / largest[s], config.delta)), config.seeds, "looseness"
    )
    return Verdict(
        Status.HOLDS,
        what + f": {config.seeds} seeds, none can exceed the repaired bound (the cap lies below "
        "it); bound over the measured upper "
        + f"{100 * config.delta:g}% quantile "
        + "{looseness}"
        + tail,
        (looseness, *extra),
        qualifiers,
        data={"largest": largest, "constants": constants},
    )
