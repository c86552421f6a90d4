"""Section 5 on a non-quadratic objective (the asymmetric 2-D logistic, γ > 0), where g̃ and G̃
are biased at a fixed α: Lemmas 5.1 and 5.2 step by step, run by ``run_nonquadratic_step``,
decided by ``decide_nonquadratic_step`` and said by ``describe_nonquadratic_step``. The α-bias
finding (where the mean and Σ_k⁻¹ settle: Q_α's minimizer, not the lemmas' (μ*, H*)) is in
``alpha_bias``, the set-up both share in ``common``."""

from __future__ import annotations

import dataclasses
import functools

import numpy as np

from mines_theory.theory.bounds.section5 import (
    c_constants,
    delta_alpha_1,
    delta_alpha_2,
    lemma51_rate,
    local_region_threshold,
)
from mines_theory.theory.bounds.corrected import delta_alpha_1_corrected
from mines_theory.linalg.spd import preconditioned_extremes
from mines_theory.theory.regularized import GaussianRule, minimize_regularized
from ..appendix_e.common import ends
from ...framework.decisions import LOOSE
from ...framework.declare import claim
from ...framework.sizes import Data
from ...framework.decisions import too_few_seeds
from ...framework.stats import K_SE, MIN_UNITS, at_least, bootstrap, finite, trials_needed
from ...framework.verdict import Kind, Measurement, Qualifier, Status, Verdict, decides
from .common import asymmetric_logistic, number, run_from_the_start
from .one_step import ONE_STEP, one_step_exceedances
from . import stages
from .mean import mean_step

__all__ = [
    "NQ_LEMMA51",
    "NQ_LEMMA52",
    "NQ51_MINIMUM",
    "NQ_MINIMUM",
    "NQ_PRACTICAL",
    "NonQuadraticMeanRun",
    "check_lemma51_nonquadratic",
    "check_lemma52_nonquadratic",
    "CorrectedStep",
    "StepData",
    "bias_floor",
    "check_nonquadratic_step",
    "decide_nonquadratic_step",
    "practical_step_bound",
    "step_violations",
    "describe_nonquadratic_step",
    "run_nonquadratic_step",
]


# ---------------------------------------------------------------------------------------------
# Lemmas 5.1 and 5.2 where the estimators are biased: a non-quadratic objective, step by step
# ---------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class NonQuadraticMeanRun:
    """MiNES in lockstep on the asymmetric 2-D logistic objective
    (``objectives.synthetic_logistic``, γ > 0, so g̃ and G̃ are biased at a fixed α), μ₁ = x* + 1,
    Σ₁⁻¹ = L·I, S' = [σ/2, 2L], η₂,k = 1/k, and η₁ from ``schedule``: "lemma51" (bτ/(4Lc₁)) or
    "hutchinson" (the practical step b/(4c₁T̂_k), T̂_k the batch's estimate of
    tr(Σ_k^{1/2}∇²f(μ_k)Σ_k^{1/2})).

    Each step records f(μ_k) − f*, f(μ_{k+1}) − f*, ξ_k and 𝓛_k at ∇²f(μ_k), and the step taken.
    For the practical step, Lemma 5.2 is read with 𝓛_k = b/(4c₁η₁,k), the curvature the step
    assumes; its hypothesis ∇²f(μ_k) ⪯ 𝓛_kΣ_k⁻¹ and the local region eq:cond are then checked at
    each step, and only the steps that meet both are held to the bound.

    Prediction, before the runs: Δ_α (∝ α⁴) is ~10⁵ times f(μ̂*) − f* (also ∝ α⁴; Q_α's
    minimizer μ̂*, the limit of f − f*), so the bias cannot break the lemmas near that limit; a
    step can show a failure only where f_k − f* > Δ_α, which needs a small α (here 0.005). At
    the practical α = 0.5, Δ_α exceeds f₁ − f*, and f(μ̂*) − f* lies above eq:cond's
    threshold."""

    schedule: str = "hutchinson"
    alpha: float = 0.005
    b: int = 10
    delta: float = 0.1
    seeds: int = 32
    iterations: int = 2000

    def objective(self):
        return asymmetric_logistic()

    def step(self, f):
        return mean_step(self.schedule, f, b=self.b, delta=self.delta)

    @functools.cache
    def run(self) -> dict:
        """Arrays of shape (iterations, seeds): ``gap`` f(μ_k) − f*, ``next`` f(μ_{k+1}) − f*,
        ``xi``, ``curvature`` (ξ_k, 𝓛_k at ∇²f(μ_k)) and ``eta1`` (the step η₁,k taken)."""
        f = self.objective()
        rows = []

        def record(state, it):
            xi, curvature = preconditioned_extremes(
                f.hessian(it.before.mean), it.before.sigma_inv, chol=it.before.chol
            )
            rows.append(
                (
                    f(it.before.mean) - f.f_star,
                    f(state.mean) - f.f_star,
                    xi,
                    curvature,
                    np.broadcast_to(it.eta1, (self.seeds,)),
                )
            )

        run_from_the_start(
            f,
            alpha=self.alpha,
            b=self.b,
            eta1=self.step(f),
            seeds=self.seeds,
            iterations=self.iterations,
            entropy=7,
            record=record,
        )
        return dict(zip(("gap", "next", "xi", "curvature", "eta1"), map(np.array, zip(*rows))))

    def delta_alpha_2(self, bound) -> float:
        """Lemma 5.2's Δ_α,2 for this run (S' = [σ/2, 2L]): ``bound`` the printed
        ``bounds.delta_alpha_2`` or the repaired ``bounds.delta_alpha_2_corrected``."""
        f = self.objective()
        run = {"d": f.dim, "b": self.b, "delta": self.delta, "alpha": self.alpha}
        return bound(sigma=f.sigma, gamma=f.gamma, tau=f.runs_box[0], zeta=f.runs_box[1], **run)

    def test(self) -> dict:
        """The lemma's per-step bound ρ_k(f_k − f*) + Δ_α and where it applies: ``bound``,
        ``applies`` (the lemma's hypotheses hold at step k), ``informative`` (also f_k − f* > Δ_α,
        so that the step could violate it), ``delta_alpha``, ``rate``; for Lemma 5.1 also the
        same with the corrected Δ_α,1 (``bounds.delta_alpha_1_corrected``): ``corrected``
        (Δ), ``bound_corrected``, ``informative_corrected``."""
        f, out = self.objective(), self.run()
        d, (tau, zeta) = f.dim, f.runs_box
        gap = out["gap"]
        if self.schedule == "lemma51":
            rate = np.full(
                gap.shape,
                lemma51_rate(
                    d=d, b=self.b, delta=self.delta, L=f.L, sigma=f.sigma, tau=tau, zeta=zeta
                ).rate,
            )
            delta_alpha = delta_alpha_1(
                d=d,
                b=self.b,
                delta=self.delta,
                L=f.L,
                gamma=f.gamma,
                tau=tau,
                zeta=zeta,
                alpha=self.alpha,
            )
            applies = np.ones(gap.shape, dtype=bool)
        else:
            rate, applies = practical_step_bound(self, divisor=8, threshold=local_region_threshold)
            delta_alpha = self.delta_alpha_2(delta_alpha_2)
        out = {
            "bound": rate * gap + delta_alpha,
            "applies": applies,
            "rate": rate,
            "informative": applies & (gap > delta_alpha),
            "delta_alpha": delta_alpha,
        }
        if self.schedule == "lemma51":
            corrected = delta_alpha_1_corrected(
                d=d, b=self.b, delta=self.delta, L=f.L, gamma=f.gamma, tau=tau, alpha=self.alpha
            )
            out.update(
                corrected=corrected,
                bound_corrected=rate * gap + corrected,
                informative_corrected=applies & (gap > corrected),
            )
        return out


def practical_step_bound(
    config: NonQuadraticMeanRun, *, divisor: float, threshold
) -> tuple[np.ndarray, np.ndarray]:
    """Lemma 5.2's contraction for the practical step of ``config``'s run, read with the
    curvature the step assumes, 𝓛_k = b/(4c₁η₁,k): (``rate``, ``applies``), arrays (steps,
    seeds) of ρ_k = 1 − ξ_kc₂/(``divisor``·𝓛_kc₁) (8 printed, 32 repaired) and of where the
    lemma's hypotheses hold: ∇²f(μ_k) ⪯ 𝓛_kΣ_k⁻¹ and f_k − f* within eq:cond's ``threshold``
    (``stages.region``: the printed or the repaired one)."""
    f, out = config.objective(), config.run()
    c = c_constants(d=f.dim, b=config.b, delta=config.delta)
    assumed = config.b / (4 * c.c1 * out["eta1"])  # 𝓛_k the step assumes
    rate = 1 - out["xi"] * c.c2 / (divisor * assumed * c.c1)
    inside = out["gap"] <= stages.region(f, out["xi"], assumed, threshold)
    return rate, inside & (out["curvature"] <= assumed)


#: The least data both γ > 0 rows decide from: the seeds of a bootstrap, and the steps of a
#: fraction against δ = 0.1 in the run and in its practical-α companion.
NQ_MINIMUM = Data(
    seeds=MIN_UNITS,
    steps=trials_needed(0.1),
    at={"steps": ("config.iterations", "practical.iterations")},
)
#: Lemma 5.1's γ > 0 row decides "levels off near f(μ̂*) − f*" from the last tenth of its steps,
#: which a run decides only once it has reached that floor: the published run's (2000
#: iterations) read "no" at 1200 iterations and "yes" at 1600 (``check --scale 0.6`` and 0.8;
#: at 0.3 the flip read as a contradiction, issue 43 §3). Fewer than 1600 cannot decide it.
NQ51_MINIMUM = Data(
    seeds=MIN_UNITS,
    steps=1600,
    at={"steps": ("config.iterations", "practical.iterations")},
)
NQ_LEMMA51 = NonQuadraticMeanRun("lemma51")
NQ_LEMMA52 = NonQuadraticMeanRun("hutchinson")
NQ_PRACTICAL = (
    NonQuadraticMeanRun("lemma51", alpha=0.5),
    NonQuadraticMeanRun("hutchinson", alpha=0.5),
)


@dataclasses.dataclass(frozen=True, eq=False)
class CorrectedStep:
    """Lemma 5.1's corrected Δ_α,1 (``bounds.delta_alpha_1_corrected``) on the same run: its
    value ``delta_alpha``, the bound ρ_k(f_k − f*) + Δ_α,1 with it and the steps it makes
    informative (steps, seeds); and ``one_step``, ``one_step_exceedances`` of ``ONE_STEP``."""

    delta_alpha: float
    bound: np.ndarray
    informative: np.ndarray
    one_step: dict


@dataclasses.dataclass(frozen=True, eq=False)
class StepData:
    """What ``run_nonquadratic_step`` measured and ``decide_nonquadratic_step`` decides from.
    Arrays of shape (steps, seeds) at the run's α: ``gap`` f(μ_k) − f*, ``next``
    f(μ_{k+1}) − f*, ``bound`` ρ_k(f_k − f*) + Δ_α, ``rate`` ρ_k, ``informative`` (the
    hypotheses hold and f_k − f* > Δ_α); ``delta_alpha`` Δ_α there and ``small_floor``
    f(μ̂*) − f* of Q_α there. At the practical α: ``first_gap`` f₁ − f*, ``practical_delta``
    Δ_α, ``floor`` f(μ̂*) − f*, ``practical_applies`` (steps, seeds) where the hypotheses
    hold. ``region``: eq:cond's threshold at ξ = 𝓛 = 1 (the practical step; None for Lemma
    5.1's); ``corrected``: Lemma 5.1's corrected Δ_α,1 (None for the practical step).
    ``data``: what the notebook plots (not decided from)."""

    gap: np.ndarray
    next: np.ndarray
    bound: np.ndarray
    rate: np.ndarray
    informative: np.ndarray
    delta_alpha: float
    small_floor: float
    first_gap: float
    practical_delta: float
    floor: float
    practical_applies: np.ndarray
    region: float | None = None
    corrected: CorrectedStep | None = None
    data: dict = dataclasses.field(default_factory=dict)


def bias_floor(f, alpha: float) -> float:
    """f(μ̂*) − f*, μ̂* the minimizer of Q_α (Gauss–Hermite, 30 nodes a dimension): the limit
    of f − f* at a fixed α."""
    tau, zeta = f.runs_box
    hat = minimize_regularized(
        f, alpha, tau=tau, zeta=zeta, rule=GaussianRule.gauss_hermite(f.dim, 30)
    )
    return float(f(hat.mean) - f.f_star)


def run_nonquadratic_step(config: NonQuadraticMeanRun, practical: NonQuadraticMeanRun) -> StepData:
    """Runs ``config`` and ``practical`` and the one-step run (Lemma 5.1), and computes the
    bounds and limits they are compared with: the data of ``decide_nonquadratic_step``."""
    f, out, t = config.objective(), config.run(), config.test()
    p_out, p_t = practical.run(), practical.test()
    floor = bias_floor(f, practical.alpha)
    region = corrected = None
    if config.schedule == "hutchinson":
        region = float(stages.region(f, 1.0, 1.0))
    if config.schedule == "lemma51":
        corrected = CorrectedStep(
            t["corrected"],
            t["bound_corrected"],
            t["informative_corrected"],
            one_step_exceedances(ONE_STEP),
        )
    return StepData(
        gap=out["gap"],
        next=out["next"],
        **{key: t[key] for key in ("bound", "rate", "informative", "delta_alpha")},
        small_floor=bias_floor(f, config.alpha),
        first_gap=float(p_out["gap"][0, 0]),
        practical_delta=p_t["delta_alpha"],
        floor=floor,
        practical_applies=p_t["applies"],
        region=region,
        corrected=corrected,
        data={"run": out, "test": t, "practical": (p_out, p_t), "floor": floor},
    )


def step_violations(nxt, bound, informative, name: str, **kw) -> Measurement:
    """The fraction of the ``informative`` steps with ``nxt`` above ``bound`` (0 where a
    resample has none), with a 95% bootstrap interval over the seeds (``kw``: to
    ``stats.bootstrap``)."""
    over = nxt > bound

    def fraction(seeds):
        m = informative[:, seeds]
        return float(over[:, seeds][m].mean()) if m.any() else 0.0

    return bootstrap(fraction, nxt.shape[1], name, method="BCa", percent=True, **kw)


def _share(informative, name: str, **kw) -> Measurement:
    """The share of the steps that are ``informative``, with a 95% bootstrap interval (``kw``:
    to ``stats.bootstrap``)."""
    return bootstrap(
        lambda s: float(informative[:, s].mean()),
        informative.shape[1],
        name,
        method="BCa",
        percent=True,
        **kw,
    )


def decide_nonquadratic_step(
    data: StepData, *, delta: float, alpha: float, practical_alpha: float, **kw
) -> tuple[Status, tuple[Measurement, ...], tuple[Qualifier, ...]]:
    """Lemma 5.1's or 5.2's decision on a non-quadratic f from ``data``, a pure function.
    Returns (status, measurements, qualifiers). The status: "hypotheses not met" where no step
    is ``informative``; "fails" where the fraction of informative steps above the bound exceeds
    ``delta``; else "erratum" where (Lemma 5.1) the printed Δ_α,1 fails (the one-step run
    exceeds it beyond δ, not the corrected one, and the corrected one holds on the run), else
    "holds". Qualifiers declared before the runs: "loose" (the measured median contraction ≥
    ``LOOSE``× the promised one), "too loose to be tested" at ``practical_alpha`` (Δ_α ≥
    f₁ − f*), "levels off near f(μ̂*) − f*" at ``alpha`` (within a factor 2), "Δ_α covers
    f(μ̂*) − f*" (≥ ``LOOSE``× at ``practical_alpha``), and, with ``data.region``, whether
    f(μ̂*) − f* lies outside eq:cond; with ``data.corrected``, whether the corrected Δ_α,1
    holds on the run and whether the printed one fails. ``Undecidable`` with fewer than 2
    seeds or a NaN f − f*. ``kw``: to ``stats.bootstrap`` (``resamples``: a test of the
    decision's logic may take fewer)."""
    nxt, gap = finite(data.next, "f(μ_{k+1}) − f*"), finite(data.gap, "f(μ_k) − f*")
    informative = data.informative
    at_least("seeds", nxt.shape[1], 2, "bootstrap intervals over seeds")
    at_least("seeds", data.practical_applies.shape[1], 2, "bootstrap intervals over seeds")
    fraction = _share(informative, "fraction", **kw)
    if not informative.any():
        return (
            Status.HYPOTHESES_NOT_MET,
            (fraction, number("delta_alpha", data.delta_alpha)),
            (),
        )
    v = step_violations(nxt, data.bound, informative, "violations", **kw)

    def contraction(seeds):
        m = informative[:, seeds]
        return 1.0 - float(np.median((nxt / gap)[:, seeds][m])) if m.any() else np.nan

    measured = bootstrap(contraction, nxt.shape[1], "measured", **kw)
    promised = 1.0 - float(np.median(data.rate[informative]))
    level = bootstrap(
        lambda s: float(np.median(nxt[-nxt.shape[0] // 10 :, s])), nxt.shape[1], "level", **kw
    )
    floor, small_floor, p_delta = data.floor, data.small_floor, data.practical_delta
    qualifiers = [
        Qualifier(
            "loose",
            f"median measured contraction ≥ {LOOSE:g}× the promised one (lower "
            "end of its 95% interval)",
            ends(measured)[0] >= LOOSE * promised,
        ),
        Qualifier(
            f"too loose to be tested at α = {practical_alpha:g}",
            "Δ_α ≥ f₁ − f*: no step of the run could exceed the bound",
            p_delta >= data.first_gap,
        ),
        Qualifier(
            f"levels off near f(μ̂*) − f* at α = {alpha:g}",
            "median f − f* over "
            "the last tenth of the steps within a factor 2 of f(μ̂*) − f* (both ends of its "
            "95% interval)",
            small_floor / 2 <= ends(level)[0] and ends(level)[1] <= 2 * small_floor,
        ),
        Qualifier(
            "Δ_α covers f(μ̂*) − f*",
            f"at α = {practical_alpha:g}, Δ_α ≥ {LOOSE:g}× "
            "f(μ̂*) − f* (Q_α's minimizer, Gauss–Hermite)",
            p_delta >= LOOSE * floor,
        ),
    ]
    measurements = [
        v,
        number("promised", promised),
        measured,
        fraction,
        number("delta_alpha", data.delta_alpha),
        number("p_delta", p_delta),
        number("first_gap", data.first_gap, 1e-9),
        number("floor", floor),
        level,
        number("small_floor", small_floor),
    ]
    if data.region is not None:
        applies = data.practical_applies
        entered = bootstrap(
            lambda s: float(applies[-applies.shape[0] // 2 :, s].mean()),
            applies.shape[1],
            "entered",
            method="BCa",
            percent=True,
            **kw,
        )
        measurements += [number("region", data.region), entered]
        qualifiers.append(
            Qualifier(
                f"f(μ̂*) − f* lies outside eq:cond at α = {practical_alpha:g}",
                "f(μ̂*) − f* > eq:cond's threshold at Σ⁻¹ = ∇²f (ξ = 𝓛 = 1)",
                floor > data.region,
            )
        )
    erratum = False
    if data.corrected is not None:
        c = data.corrected
        v_c = step_violations(nxt, c.bound, c.informative, "violations_corrected", **kw)
        corrected_holds = bool(c.informative.any()) and v_c.value <= delta
        ratio = data.delta_alpha / c.delta_alpha
        measurements += [
            number("corrected_delta", c.delta_alpha),
            number("printed_over_corrected", ratio),
            _share(c.informative, "fraction_corrected", **kw),
            v_c,
            Measurement("informative_steps", int(c.informative.sum()), kind=Kind.COUNT),
        ]
        qualifiers.append(
            Qualifier(
                "the corrected Δ_α,1 holds on this run",
                "the fraction of "
                "the steps with f_k − f* > corrected Δ_α,1 that exceed "
                f"ρ(f_k − f*) + corrected Δ_α,1 is at most δ = "
                f"{delta:g}",
                corrected_holds,
            )
        )
        exceed = c.one_step
        measurements += [
            exceed[k]["proportion"] for k in ("printed", "printed_gamma_sq", "corrected")
        ]
        erratum = (
            exceed["printed"]["exceeds"] and not exceed["corrected"]["exceeds"] and corrected_holds
        )
        qualifiers.append(
            Qualifier(
                "the printed Δ_α,1 fails",
                f"on the soft cubic f(x) = s(x² + g(x)), exceeded in "
                f"more than δ of the one-step draws ({K_SE:g} SE, "
                "one-sided), the corrected one not, and the corrected one "
                "holds on the logistic run",
                erratum,
            )
        )
    if v.value > delta:
        status = Status.FAILS
    else:
        status = Status.ERRATUM if erratum else Status.HOLDS
    if status is Status.HOLDS:  # a share of 0 in few seeds cannot exclude a rate above δ
        qualifiers.append(too_few_seeds(v, delta))
    return status, tuple(measurements), tuple(qualifiers)


def describe_nonquadratic_step(
    config: NonQuadraticMeanRun, practical: NonQuadraticMeanRun, status: Status, qualifiers
) -> str:
    """The sentence of ``check_nonquadratic_step``'s verdict on the measurements of
    ``decide_nonquadratic_step`` with ``status`` and ``qualifiers``."""
    f = config.objective()
    if status is Status.HYPOTHESES_NOT_MET:
        return (
            f"2-D logistic (γ = {f.gamma:.3g}), α = {config.alpha:g}, b = {config.b}, "
            f"{config.seeds} seeds × {config.iterations} steps: {{fraction}} of the "
            "steps meet the lemma's hypotheses with f_k − f* > Δ_α = {delta_alpha}; "
            "hypotheses not met: no step could test the bound"
        )
    name = "Lemma 5.1's step" if config.schedule == "lemma51" else "the practical step"
    summary = (
        f"2-D logistic (γ = {f.gamma:.3g}), {name}, α = {config.alpha:g}, b = {config.b}, "
        f"{config.seeds} seeds × {config.iterations} steps: " + "{fraction} of the steps "
        "meet the hypotheses and have f_k − f* > Δ_α = {delta_alpha}; of these, "
        f"{{violations}} exceed the bound (allowed δ = {config.delta:g}); promised "
        "contraction {promised}/step, measured median {measured}; f − f* levels off at "
        "{level} "
        "against f(μ̂*) − f* = {small_floor}. At α = "
        f"{practical.alpha:g}: Δ_α = {{p_delta}} against f₁ − f* = {{first_gap}} and the "
        "limit f(μ̂*) − f* = {floor} of Q_α"
    )
    if config.schedule == "hutchinson":
        summary += (
            " against eq:cond's threshold {region} at ξ = 𝓛 = 1; steps of the second "
            "half in the local region {entered}"
        )
    if config.schedule == "lemma51":
        one = ONE_STEP
        outcomes = {q.name: q.outcome for q in qualifiers}
        summary += (
            ". With the corrected Δ_α,1 = {corrected_delta} ({printed_over_corrected}× "
            "smaller) {fraction_corrected} of the steps ({informative_steps}) have "
            "f_k − f* > Δ_α,1 and {violations_corrected} of these exceed the bound"
            f". One step from μ* on the soft cubic f(x) = s(x² + g(x)) at scale "
            f"s = {one.scale:g} (σ = τ, ζ = L, α = "
            f"{one.alpha:g}, b = {one.b}, {one.draws} draws), where the bound is Δ_α,1 "
            "alone: f(μ_{{k+1}}) − f* exceeds the printed Δ_α,1 in {printed}, the printed "
            "with γ² in place of γ in {printed_gamma_sq}, the corrected "
            "c₃³γ²bα⁴/(192c₁Lτ²) in {corrected}"
        )
        if outcomes["the corrected Δ_α,1 holds on this run"] and status is not Status.FAILS:
            summary += (
                " (the erratum rests on this one-step run; on the logistic run above neither "
                "Δ_α,1 is exceeded beyond δ)"
            )
    return summary


@decides
def check_nonquadratic_step(config: NonQuadraticMeanRun, practical: NonQuadraticMeanRun) -> Verdict:
    """Lemma 5.1 (``schedule="lemma51"``) or 5.2 (the practical step) on the 2-D logistic
    objective: over the steps that meet the lemma's hypotheses and could violate its bound
    (f_k − f* > Δ_α), the fraction with f_{k+1} − f* > ρ_k(f_k − f*) + Δ_α, against δ; the
    promised and measured contraction; and what the same run shows at the practical α of
    ``practical``: Δ_α against f₁ − f*, the limit f(μ̂*) − f* of Q_α against Δ_α and
    (Lemma 5.2) against eq:cond's threshold. Run by ``run_nonquadratic_step``, decided by
    ``decide_nonquadratic_step``, said by ``describe_nonquadratic_step``."""
    data = run_nonquadratic_step(config, practical)
    status, measurements, qualifiers = decide_nonquadratic_step(
        data, delta=config.delta, alpha=config.alpha, practical_alpha=practical.alpha
    )
    summary = describe_nonquadratic_step(config, practical, status, qualifiers)
    return Verdict(status, summary, measurements, qualifiers, data=data.data)


@claim("Lemma 5.1, γ > 0", minimum=NQ51_MINIMUM)
def check_lemma51_nonquadratic(
    config: NonQuadraticMeanRun = NQ_LEMMA51, practical: NonQuadraticMeanRun = NQ_PRACTICAL[0]
) -> Verdict:
    """Lemma 5.1 with γ > 0: ``check_nonquadratic_step`` with Lemma 5.1's step."""
    return check_nonquadratic_step(config, practical)


@claim("Lemma 5.2, γ > 0", minimum=NQ_MINIMUM)
def check_lemma52_nonquadratic(
    config: NonQuadraticMeanRun = NQ_LEMMA52, practical: NonQuadraticMeanRun = NQ_PRACTICAL[1]
) -> Verdict:
    """Lemma 5.2 with γ > 0 and the practical step: ``check_nonquadratic_step``."""
    return check_nonquadratic_step(config, practical)
