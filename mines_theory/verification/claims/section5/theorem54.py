"""Section 5: Theorem 5.4 (``thm:main_cvg``, the paper's Theorem 12) and the remark after it on
the batch size: the rate against κ as k grows (``kappa``: windows along one run per κ, beside Σ
frozen at its start) and against (d, b). The theorem's two stages, on a non-quadratic objective
started outside eq:cond, are in ``stages``."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping

import numpy as np

from mines_theory.numbers import powers_of_ten
from mines_theory.theory.bounds.section5 import c_constants, theorem54_bounds
from ..appendix_e.common import ends
from ...framework.decisions import status_of
from ...framework.declare import claim
from ...framework.sizes import Data
from ...framework.stats import MIN_UNITS, bootstrap, finite, loglog_slope, median, trials_needed
from ...framework.verdict import Kind, Measurement, Qualifier, Status, Undecidable, Verdict, decides
from .common import frame_inputs, lemma53_printed, number
from .covariance import START_RUNS, CovarianceRun, scaled_final, squared_errors
from .kappa import KAPPA_WINDOWS, RATE_WINDOW, KappaWindows, decide_kappa, preconditioned_rate
from .mean import LEMMA52, MeanRun, asymptotic_rates

__all__ = [
    "B_OVER_D_RUNS",
    "FROZEN_RUNS",
    "check_batch_remark",
    "check_theorem54",
    "covariance_constants",
    "decide_batch_remark",
    "decide_lxi",
    "describe_batch_remark",
    "decide_lxi_trivial_runs",
    "describe_theorem54",
    "final_rates",
    "kappa_slope",
    "lxi_trivial_until",
    "theorem54_status",
]


#: The alternative Theorem 5.4's "independent of κ" must reject, on the same problems: MiNES with
#: the same oracle step but Σ frozen at Σ₁ = I/L (η₂ = 10⁻¹²), whose rate falls like 1/κ;
#: started on H's slowest eigendirection, so that 1000 steps show its asymptotic rate.
FROZEN_RUNS = tuple(
    MeanRun("lemma52", condition=kappa, seeds=8, iterations=1000, eta2=1e-12, start="slowest")
    for kappa in (10.0, 100.0, 1000.0)
)
B_OVER_D_RUNS = tuple(
    MeanRun("lemma52", d=d, b=b, seeds=8, iterations=2500 if d <= 10 else 6000)
    for d, b in [(10, 5), (10, 10), (10, 20), (10, 40), (5, 10), (20, 10)]
)


def _median_rate(rates: np.ndarray, indices) -> float:
    """The median over the seeds ``indices`` that reached the fitting window (NaN if none)."""
    chosen = rates[indices]
    chosen = chosen[np.isfinite(chosen)]
    return float(np.median(chosen)) if chosen.size else np.nan


def final_rates(run: MeanRun) -> np.ndarray:
    """Per seed, the final contraction per iteration of ``run`` (``asymptotic_rates``): on
    ``kappa.RATE_WINDOW``, or, for a run with a constant η₂ (Σ frozen, which does not get
    there), over its second half."""
    frame = run.run()[1]
    if run.eta2 is not None:
        return asymptotic_rates(frame, RATE_WINDOW[0], np.inf, after=run.iterations // 2)
    return asymptotic_rates(frame, *RATE_WINDOW)


def kappa_slope(kappas, rates, name: str) -> Measurement:
    """The least-squares slope of log(median final contraction over the seeds) against log κ,
    with a 95% bootstrap interval over the seeds (``rates[i]``: the per-seed rates at
    ``kappas[i]``; the runs are independent and each is resampled with the same indices).
    ``Undecidable`` when a κ has fewer than 2 seeds or a seed without a rate (NaN: it never
    reached the fitting window)."""
    rates = [np.asarray(r, dtype=float) for r in rates]
    for kappa, r in zip(kappas, rates):
        if r.size < 2 or not np.all(np.isfinite(r)):
            raise Undecidable(
                f"{name}: at κ = {kappa:g}, {int(np.sum(np.isfinite(r)))} of "
                f"{r.size} seeds have a final rate (fitting window reached); a "
                "slope over seeds needs at least 2 and all of them"
            )
    seeds = min(r.size for r in rates)
    return bootstrap(
        lambda s: loglog_slope(kappas, [float(np.median(r[s])) for r in rates]), seeds, name
    )


@claim(
    "Thm 5.4",
    minimum=Data(
        seeds=MIN_UNITS,
        steps=trials_needed(0.1),
        at={"steps": ("windows.*.iterations", "config.iterations", "frozen.*.iterations")},
    ),
)
@decides
def check_theorem54(
    windows: tuple[KappaWindows, ...] = KAPPA_WINDOWS,
    config: MeanRun = LEMMA52,
    frozen: tuple[MeanRun, ...] = FROZEN_RUNS,
) -> Verdict:
    """Theorem 5.4 and its remarks: a final rate independent of κ (the guarantee 1 − c₂/(8c₁)),
    read as the asymptotic statement it is. With the oracle step at κ ∈ {10, 100, 1000}: the
    rate at iteration k in windows along one run per κ (``kappa.KappaWindows``) and the slope
    s(k) of log(rate) against log κ at each window, decided by ``kappa.decide_kappa`` (does s
    shrink as k grows, is it small by the last quarter against a permanent slope of −0.15, is it
    ever as steep as with Σ frozen),
    beside the same slope with Σ frozen at Σ₁ (``FROZEN_RUNS``, a rate ∝ 1/κ); the bound
    c₂/(8c₁) below each last-window rate; the rate at Σ⁻¹ = H that every κ tends to
    (``kappa.preconditioned_rate``); eq:lxi's bounds on 𝓛_k, ξ_k at the last k of ``config``
    (Lemma 5.2's run, not the κ runs) with the printed C of Lemma 5.3, and up to which k its
    bound on 𝓛_k is the trivial L/τ on that run and on each κ run (``lxi_trivial_until``)."""
    kappas = [w.condition for w in windows]
    if [r.condition for r in frozen] != kappas:
        raise ValueError(
            f"frozen must have the condition numbers of windows {kappas}, got "
            f"{[r.condition for r in frozen]}"
        )
    shapes = {(w.d, w.b, w.delta, w.iterations, w.window) for w in windows}
    if len(shapes) != 1:
        raise ValueError(f"windows must share d, b, δ, iterations and window, got {shapes}")
    first = windows[0]
    frozen_rates = [final_rates(r) for r in frozen]
    frozen_slope = kappa_slope(kappas, frozen_rates, "frozen_slope")
    per_frozen = [
        bootstrap(lambda s: median(x[s], "final rates"), x.size, f"frozen_{r.condition:g}")
        for x, r in zip(frozen_rates, frozen)
    ]
    c = c_constants(d=first.d, b=first.b, delta=first.delta)
    final_bound = c.c2 / (8 * c.c1)
    centres = first.centres()
    rates = [w.rates() for w in windows]
    measured, qualifiers, status = decide_kappa(
        kappas, rates, centres, frozen=frozen_slope, final_bound=final_bound if c.valid else np.inf
    )
    limit = preconditioned_rate(d=first.d, b=first.b, delta=first.delta)
    f, frame = config.run()
    tau, zeta = f.runs_box
    constants = lemma53_printed(f, **frame_inputs(config, frame))
    last = frame[frame.k == frame.k.max()]
    k_last = int(last.k.iloc[0])
    bounds = theorem54_bounds(
        L=f.L, sigma=f.sigma, gamma=0.0, tau=tau, zeta=zeta, C=constants.C, k=k_last, f_gap=0.0
    )
    within, trivial = decide_lxi(
        last.curvature.to_numpy(), last.xi.to_numpy(), bounds, k=k_last, trivial_at=f.L / tau
    )
    k_needed = lxi_trivial_until(f, frame_inputs(config, frame))
    needed = {w.condition: lxi_trivial_until(w.objective(), w.lemma53_inputs()) for w in windows}
    on_runs = decide_lxi_trivial_runs(needed, k=first.iterations)
    qualifiers = (*qualifiers, trivial, on_runs)
    slopes = [m for m in measured if m.name.startswith("slope_")]  # shown, not published
    factors = [m for m in measured if m.name.startswith("factor_")]
    measured = tuple(m for m in measured if not m.name.startswith("slope_"))
    measurements = (
        *measured,
        limit,
        *per_frozen,
        frozen_slope,
        number("final_bound", final_bound, 1e-9),
        number("C", constants.C),
        number("k_needed", k_needed),
        *(number(f"k_needed_{kappa:g}", value) for kappa, value in needed.items()),
    )
    summary = describe_theorem54(
        kappas,
        first,
        per_frozen,
        factors,
        within=within,
        lxi_run=config,
        k_lxi=k_last,
        trivial=trivial.outcome and on_runs.outcome,
    )
    return Verdict(
        theorem54_status(status, within),
        summary,
        measurements,
        qualifiers,
        data={
            "rates": dict(zip(kappas, rates)),
            "centres": centres,
            "slopes": slopes,
            "frozen_rates": dict(zip(kappas, frozen_rates)),
            "constants": constants,
            "bounds": bounds,
        },
    )


def theorem54_status(kappa: Status, lxi: bool) -> Status:
    """Theorem 5.4's status from its two parts (``decisions.status_of``): the κ decision
    (``kappa.decide_kappa``'s status, "holds" or "fails") and eq:lxi at the last k (``lxi``,
    ``decide_lxi``'s first value: every 𝓛_k ≤ its bound and every ξ_k ≥ its bound). Either
    alone failing fails the theorem.

    >>> theorem54_status(Status.HOLDS, True).value, theorem54_status(Status.HOLDS, False).value
    ('holds', 'fails')
    """
    return status_of(kappa=kappa is Status.HOLDS, lxi=bool(lxi))


def decide_lxi(curvature, xi, bounds, *, k: int, trivial_at: float) -> tuple[bool, Qualifier]:
    """eq:lxi at the last recorded ``k``, a pure function of the measured 𝓛_k (``curvature``)
    and ξ_k of every seed and eq:lxi's ``bounds`` there (``bounds.theorem54_bounds``): whether
    every 𝓛_k ≤ its bound and every ξ_k ≥ its bound, and the qualifier "eq:lxi trivial" (its 𝓛
    bound equals ``trivial_at``, L/τ). ``Undecidable`` on a NaN measurement."""
    curvature, xi = finite(curvature, "𝓛_k at the last k"), finite(xi, "ξ_k at the last k")
    within = bool((curvature <= bounds.curvature).all() and (xi >= bounds.xi).all())
    return within, Qualifier(
        "eq:lxi trivial",
        f"its bound on 𝓛_k equals L/τ at the last k = {k}",
        bool(bounds.curvature == trivial_at),
    )


def lxi_trivial_until(f, inputs: Mapping) -> float:
    """The last k at which eq:lxi's bound on 𝓛_k is the trivial L/τ on a run on ``f`` whose
    Lemma 5.3 inputs are ``inputs`` (``common.frame_inputs``): min{L/τ, 1 + τ⁻¹√(C/k)} = L/τ
    while k ≤ C/(L − τ)², C of eq:C as printed (γ = 0: a quadratic)."""
    tau = f.runs_box[0]
    return lemma53_printed(f, **inputs).C / (f.L - tau) ** 2


def decide_lxi_trivial_runs(needed: Mapping[float, float], *, k: int) -> Qualifier:
    """Whether eq:lxi's bound on 𝓛_k is the trivial L/τ all along the κ runs, a pure function:
    every run's C/(L − τ)² (``needed``, by κ: ``lxi_trivial_until``) is at least their last
    ``k``. A NaN is no such bound (no).

    >>> decide_lxi_trivial_runs({10.0: 4.5e12, 1000.0: 4.0e16}, k=8000).outcome
    True
    >>> decide_lxi_trivial_runs({10.0: 4.5e3, 1000.0: 4.0e16}, k=8000).outcome
    False
    """
    return Qualifier(
        "eq:lxi trivial on the κ runs",
        f"its bound on 𝓛_k equals L/τ up to the κ runs' last k = {k}: k ≤ C/(L − τ)² with "
        f"each run's C (eq:C, K = {k})",
        bool(all(k <= value for value in needed.values())),
    )


def describe_theorem54(
    kappas,
    first: KappaWindows,
    per_frozen,
    factors,
    *,
    within: bool,
    lxi_run: MeanRun = LEMMA52,
    k_lxi: int = LEMMA52.iterations,
    trivial: bool = True,
) -> str:
    """The sentence of ``check_theorem54``'s verdict on its measurements: the κ-windows of
    ``first`` at ``kappas``, the frozen runs' rates ``per_frozen``, the factors along the run
    ``factors``; whether eq:lxi holds (``within``) at the last k (``k_lxi``) of the run it is
    checked on (``lxi_run``, Lemma 5.2's, not a κ run), and whether its bound on 𝓛_k is the
    trivial L/τ on every run shown (``trivial``: on that run and on each κ run)."""
    names = ", ".join(f"{{rate_{k:g}}}" for k in kappas)
    frozen_names = ", ".join(f"{{{m.name}}}" for m in per_frozen)
    along = "; ".join(f"k = {m.name.removeprefix('factor_')}: {{{m.name}}}" for m in factors)
    return (
        f"rate at κ = {max(kappas):g} over the rate at κ = {min(kappas):g} as fitted, "
        f"{max(kappas) / min(kappas):g}^s for the least-squares slope s of log(median rate) "
        "against log κ over κ = "
        + ", ".join(f"{k:g}" for k in kappas)
        + f" ({first.seeds} seeds, the mean restarted every {first.window} steps while Σ_k "
        f"learns), at {along}; over the windows of the last quarter, pooled: {{late_factor}}; "
        "the slope's change from the first window to the last {change}. Rate at the last window "
        + names
        + ", tending to "
        "the rate at Σ⁻¹ = H, {limit}; with Σ frozen at Σ₁ (same problems and oracle step): "
        f"{frozen_names}, slope {{frozen_slope}}; the κ-free guarantee c₂/(8c₁) = "
        "{final_bound}. eq:lxi is checked on another run, Lemma 5.2's (κ = "
        f"{lxi_run.condition:g}, {lxi_run.seeds} seeds, the mean not restarted): it "
        + ("holds" if within else "fails")
        + f" at its last k = {k_lxi}; with its C = {{C}} (eq:C) the 𝓛_k bound is the trivial "
        "L/τ until k > C/(L − τ)² = {k_needed}, and on the κ runs until k > "
        + ", ".join(f"{{k_needed_{k:g}}}" for k in kappas)
        + f" (their C, K = {first.iterations}): the bound is "
        + ("" if trivial else "not ")
        + "trivial on every run shown where Σ_k learns"
    )


def decide_batch_remark(
    shapes: list[tuple[int, int]],
    rates: list[Measurement],
    bounds: list[float | None],
    *,
    covariance: list[tuple[int, Measurement]],
) -> tuple[Status, tuple[Qualifier, ...]]:
    """Remark 5.6's status and qualifiers from the (d, b) of each run (``shapes``), its median
    final contraction with a 95% interval (``rates``), its c₂/(8c₁) (``bounds``: None where
    c₂ ≤ 0) and, for the remark's second sentence, the constant k·E‖Σ_k⁻¹ − H‖² of the
    precision matrix's C/k at each batch size b (``covariance``: (b, measurement with a 95%
    interval)), a pure function. Status (``decisions.status_of``): "holds" where at d = 10
    each b's interval lies above the previous b's (a larger batch improves the rate), the
    bound lies below every measured rate where c₂ > 0 (beyond the remark's words, and stricter
    than the bound that applies early: ``BELOW_CRITERION``), and each larger b's covariance constant
    lies below the previous b's (a larger batch improves the covariance's rate); any one
    alone false fails it."""
    at_d10 = sorted((b, m) for (d, b), m in zip(shapes, rates) if d == 10)
    increasing = all(
        ends(later)[0] > ends(earlier)[1]
        for (_, earlier), (_, later) in itertools.pairwise(at_d10)
        if np.all(np.isfinite(ends(earlier) + ends(later)))
    )
    per_evaluation = [m.value / (2 * b + 1) for b, m in at_d10]
    ratio: dict[float, list[Measurement]] = {}
    for (d, b), m in zip(shapes, rates):
        ratio.setdefault(b / d, []).append(m)
    same = [group for group in ratio.values() if len(group) > 1]
    b_over_d_only = all(max(ends(m)[0] for m in g) <= min(ends(m)[1] for m in g) for g in same)
    below = all(bound < m.value for bound, m in zip(bounds, rates) if bound is not None)
    by_b = sorted(covariance, key=lambda pair: pair[0])
    smaller = len(by_b) > 1 and all(
        ends(later)[1] < ends(earlier)[0] for (_, earlier), (_, later) in itertools.pairwise(by_b)
    )
    qualifiers = (
        Qualifier(
            "per iteration faster with larger b",
            "at d = 10 each 95% interval of the median contraction lies above the previous b's",
            increasing,
        ),
        Qualifier(
            "per evaluation faster with larger b",
            "at d = 10 the contraction per evaluation, rate/(2b+1), increases with b",
            bool(all(np.diff(per_evaluation) > 0)),
        ),
        Qualifier(
            "a function of b/d alone", "at equal b/d the 95% intervals overlap", b_over_d_only
        ),
        Qualifier("bound below measurement", BELOW_CRITERION, below),
        Qualifier(
            COVARIANCE_SMALLER,
            "with η₂,k = 1/k, each larger b's 95% interval of k·E‖Σ_k⁻¹ − H‖² (the constant of "
            "C/k, over the second half of the run) lies below the previous b's: rejects a "
            "covariance rate that a larger batch does not improve",
            smaller,
        ),
    )
    return status_of(increasing=increasing, bound_below=below, covariance=smaller), qualifiers


#: What Remark 5.6's rates are: fitted on ``RATE_WINDOW`` of f − f*, early in a run, while
#: Σ_k⁻¹ is still learning H (not the final contraction, which is faster).
EARLY = "early contraction per iteration (fitted at {} < f − f* < {})".format(
    *(powers_of_ten(f"{x:.0e}") for x in RATE_WINDOW)
)


#: Remark 5.6's comparison of its bound with the runs: beyond the remark's words (it compares no
#: bound with a run), and a stricter test than the bound that applies while Σ_k learns.
BELOW_CRITERION = (
    "c₂/(8c₁) < the early measured rate wherever c₂ > 0; beyond the remark, which compares no "
    "bound with a run: c₂/(8c₁) is Lemma 5.2's contraction at ξ = 𝓛 = 1, at least the "
    "ξ_kc₂/(8𝓛_kc₁) that applies while Σ_k learns (ξ_k ≤ 𝓛_k), so the bound that applies "
    "early lies lower still"
)


#: Remark 5.6's qualifier on its second sentence: a larger batch improves the covariance's rate.
COVARIANCE_SMALLER = "covariance: C/k's constant smaller with larger b"


def describe_batch_remark(qualifiers: tuple[Qualifier, ...]) -> str:
    """What Remark 5.6's check tested, in words, from the outcomes of ``decide_batch_remark``'s
    qualifiers (a pure function): the two parts its status rests on (a larger batch, a faster
    early contraction per iteration, ``EARLY``; c₂/(8c₁) below every measured rate) and the
    one its second sentence adds (a larger batch, a smaller constant of the covariance's C/k),
    then the two readings beyond the remark's O(b/d), each said as it came out: per
    evaluation, and b/d alone."""
    said = {q.name: q.outcome for q in qualifiers}
    no = {True: "", False: "not "}
    return (
        "tested: at d = 10 a larger b "
        + ("gives" if said["per iteration faster with larger b"] else "does not give")
        + f" a faster {EARLY}; c₂/(8c₁) "
        + ("lies" if said["bound below measurement"] else "does not lie")
        + " below every measured rate; a larger b "
        + ("gives" if said[COVARIANCE_SMALLER] else "does not give")
        + " a smaller constant k·E‖Σ_k⁻¹ − H‖² of the covariance's C/k"
        + "; beyond the remark's O(b/d): "
        + no[said["per evaluation faster with larger b"]]
        + "faster per evaluation (rate/(2b + 1)), "
        + no[said["a function of b/d alone"]]
        + "a function of b/d alone"
    )


def _mean_of(values: np.ndarray, indices) -> float:
    """The mean of ``values`` over the seeds ``indices`` (a bootstrap resample)."""
    return float(values[indices].mean())


def covariance_constants(runs: tuple[CovarianceRun, ...]) -> list[Measurement]:
    """Per covariance run (η₂,k = 1/k): k·E‖Σ_k⁻¹ − H‖², the constant of the precision
    matrix's C/k, as the mean over the second half of its records of k‖Σ_k⁻¹ − H‖² per seed,
    with a 95% bootstrap interval over the seeds (``cov_<b>``)."""
    out = []
    for r in runs:
        errors = squared_errors(r.run()[1])
        late = scaled_final(errors.to_numpy(), errors.index.to_numpy(dtype=float))
        out.append(bootstrap(functools.partial(_mean_of, late), r.seeds, f"cov_{r.b}"))
    return out


def _rates_by_run(runs):
    """Per run: the bootstrap measurement of the median final contraction over its seeds."""
    out = []
    for r in runs:
        rates = asymptotic_rates(r.run()[1])
        out.append(bootstrap(functools.partial(_median_rate, rates), r.seeds, f"rate_{r.d}_{r.b}"))
    return out


@claim(
    "Remark 5.6",
    minimum=Data(seeds=MIN_UNITS, steps=trials_needed(0.1), at={"steps": "runs.*.iterations"}),
)
@decides
def check_batch_remark(
    runs: tuple[MeanRun, ...] = B_OVER_D_RUNS,
    covariance: tuple[CovarianceRun, ...] = START_RUNS,
) -> Verdict:
    """The second remark after Theorem 5.4: the rate depends on O(b/d), and a larger batch
    improves it. Early contraction per iteration (``EARLY``; oracle step, κ = 100) for the (d, b) of
    ``runs``, against the bound's c₂/(8c₁) where c₂ > 0; its second sentence, "the convergence
    rate of the covariance matrix can also be improved by increasing the batch size", on the
    runs ``covariance`` (η₂,k = 1/k, one per b; ``covariance_constants``)."""
    for r in runs:
        x = final_rates(r)
        if np.isfinite(x).sum() < 2:
            raise Undecidable(
                f"d = {r.d}, b = {r.b}: {{finite}} of {{seeds}} seeds reached the "
                "fitting window; the median over them needs at least 2",
                Measurement("finite", int(np.isfinite(x).sum()), kind=Kind.COUNT),
                Measurement("seeds", x.size, kind=Kind.COUNT),
            )
    rates = _rates_by_run(runs)
    bounds = [c_constants(d=r.d, b=r.b, delta=r.delta) for r in runs]
    constants = covariance_constants(covariance)
    status, qualifiers = decide_batch_remark(
        [(r.d, r.b) for r in runs],
        rates,
        [c.c2 / (8 * c.c1) if c.valid else None for c in bounds],
        covariance=[(r.b, m) for r, m in zip(covariance, constants)],
    )
    names = "; ".join(f"d = {r.d}, b = {r.b}: {{{m.name}}}" for r, m in zip(runs, rates))
    first = covariance[0]
    spread = "; ".join(f"b = {r.b}: {{{m.name}}}" for r, m in zip(covariance, constants))
    return Verdict(
        status,
        describe_batch_remark(qualifiers)
        + f"; {EARLY} (oracle step, κ = 100): "
        + names
        + f". The covariance: k·E‖Σ_k⁻¹ − H‖² over k = {first.iterations // 2}–"
        f"{first.iterations} (η₂,k = 1/k, d = {first.d}, κ = {first.condition:g}, "
        f"{first.seeds} seeds): " + spread,
        (*rates, *constants),
        qualifiers,
        data={
            "runs": runs,
            "rates": rates,
            "bounds": bounds,
            "covariance": constants,
            "covariance_runs": covariance,
        },
    )
