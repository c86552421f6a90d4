"""The α-bias finding on the asymmetric 2-D logistic objective (γ > 0): at a fixed α the
estimators are unbiased for Q_α's gradients, so the mean and Σ_k⁻¹ settle at Q_α's minimizer
(μ̂*, Σ̂*), not at the lemmas' (μ*, H*); where f − f* levels off, and Lemma 5.3 with γ > 0."""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np

from mines_theory.linalg.spd import project_eigenvalues
from mines_theory.theory.regularized import GaussianRule, minimize_regularized
from ..appendix_e.common import ends
from ...framework.declare import finding
from ...framework.sizes import Data
from ...framework.decisions import LOOSE, status_of
from ...framework.stats import (
    K_SE,
    MIN_UNITS,
    at_least,
    bootstrap,
    finite,
    largest_z,
    sample_maximum,
    trials_needed,
    z_measurement,
)
from ...framework.verdict import Kind, Measurement, Qualifier, Status, Undecidable, Verdict, decides
from .common import asymmetric_logistic, lemma53_printed, number, run_from_the_start
from .mean import mean_step

__all__ = [
    "LEVEL_RECORDS",
    "NON_QUADRATIC",
    "NON_QUADRATIC_BATCHES",
    "NonQuadraticRun",
    "BiasData",
    "check_nonquadratic",
    "decide_nonquadratic",
    "describe_nonquadratic",
    "level_predictions",
    "run_nonquadratic",
    "settling",
]


# ---------------------------------------------------------------------------------------------
# A non-quadratic objective at a fixed α: what the bias of g̃ and G̃ does
# ---------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class NonQuadraticRun:
    """MiNES with the practical (Hutchinson) step on the asymmetric 2-D logistic objective
    (``objectives.synthetic_logistic(2)``; on a symmetric one such as log-cosh around x* the
    mean has no bias), α = 0.5, b = 10, S' = [σ/2, 2L], μ₁ = x* + 1, Σ₁⁻¹ = L·I, η₂,k = 1/k,
    ``seeds`` runs × ``iterations``; the mean is averaged over the second half of each run.

    Prediction, before the run: g̃ and G̃ are unbiased for Σ E∇f(μ + αz) and E∇²f(μ + αz) − Σ⁻¹
    (Lemmas 4.1, 4.3, any f), so Algorithm 1's stationary point is the minimizer (μ̂*, Σ̂*) of
    Q_α (its KKT fixed point Σ̂* = Π_S(E∇²f(μ̂* + αz)⁻¹)), not (μ*, H*): at a fixed α the
    iterates centre on μ̂* (f − f* levels off near f(μ̂*) − f*) and Σ_k⁻¹ → Σ̂*⁻¹ ≠ H*, whatever
    b is."""

    alpha: float = 0.5
    b: int = 10
    seeds: int = 32
    iterations: int = 6000
    degree: int = 30

    def objective(self):
        return asymmetric_logistic()

    @functools.cache
    def predicted(self):
        """(μ̂*, Σ̂*) of Q_α by ``regularized.minimize_regularized`` (Gauss–Hermite)."""
        f = self.objective()
        return minimize_regularized(
            f,
            self.alpha,
            tau=f.runs_box[0],
            zeta=f.runs_box[1],
            rule=GaussianRule.gauss_hermite(2, self.degree),
        )

    @functools.cache
    def run(self) -> dict:
        """``mean``: the time-averaged mean of each seed over the second half (seeds, 2);
        ``final``: the last state; ``means``: μ_k every 10 steps (records, seeds, 2); ``gaps``:
        f(μ_k) − f* at those records (records, seeds)."""
        f = self.objective()
        total, count = np.zeros((self.seeds, 2)), 0
        records = []

        def record(state, it):
            nonlocal total, count
            if state.k > self.iterations // 2:  # k counts from 2 after the first step
                total, count = total + state.mean, count + 1
            if state.k % 10 == 0:
                records.append(np.array(state.mean))

        final = run_from_the_start(
            f,
            alpha=self.alpha,
            b=self.b,
            eta1=mean_step("hutchinson", f, b=self.b, delta=0.1),
            seeds=self.seeds,
            iterations=self.iterations,
            entropy=5,
            record=record,
        )
        means = np.array(records)
        gaps = (f(means.reshape(-1, 2)) - f.f_star).reshape(means.shape[:2])
        return {
            # over the states summed (k = iterations/2 + 1 … iterations + 1), not iterations/2
            # of them: that scaled the mean by 1 + 2/iterations, a shift of μ̂*·2/iterations
            "mean": total / count,
            "final": final,
            "means": means,
            "gaps": gaps,
        }


NON_QUADRATIC = NonQuadraticRun()
#: "Whatever the batch size": the same run at b = 4 and b = 40 (16 seeds each, fewer
#: iterations at b = 40, where the noise is smaller).
NON_QUADRATIC_BATCHES = (
    NonQuadraticRun(b=4, seeds=16, iterations=3000),
    NonQuadraticRun(b=40, seeds=16, iterations=1500),
)
#: The level of f − f* is the median over this many last records (every 10 steps) and the seeds.
LEVEL_RECORDS = 100


def settling(config: NonQuadraticRun, H_star) -> tuple[Measurement, float, float, Measurement]:
    """Where a run settles: the time-averaged mean's distance to μ̂* relative to ‖μ* − μ̂*‖
    (bootstrap), the largest |z| of the final Σ⁻¹ against Σ̂*⁻¹ and against H*, and the offset:
    the component of the last records' mean minus μ̂* along μ* − μ̂*, relative to ‖μ* − μ̂*‖
    (bootstrap over seeds)."""
    f, hat, out = config.objective(), config.predicted(), config.run()
    bias = float(np.linalg.norm(hat.mean - f.minimizer))
    unit = (f.minimizer - hat.mean) / bias
    means, tail = out["mean"], out["means"][-LEVEL_RECORDS:]
    sigma_invs = out["final"].sigma_inv
    to_hat = bootstrap(
        lambda s: float(np.linalg.norm(means[s].mean(axis=0) - hat.mean)) / bias,
        config.seeds,
        f"to_hat_{config.b}",
    )
    offset = bootstrap(
        lambda s: float((tail[:, s].reshape(-1, 2).mean(axis=0) - hat.mean) @ unit) / bias,
        config.seeds,
        f"offset_{config.b}",
    )
    return (
        to_hat,
        largest_z(sigma_invs, np.linalg.inv(hat.sigma)),
        largest_z(sigma_invs, H_star),
        offset,
    )


def level_predictions(config: NonQuadraticRun) -> dict:
    """Two predictions of the median f(μ_k) − f* over the last records, each a bootstrap
    measurement over the seeds. With δ_k = μ_k − μ̂*, g = ∇f(μ̂*), A = ∇²f(μ̂*):
    f(μ_k) − f* ≈ f(μ̂*) − f* + gᵀδ_k + ½δ_kᵀAδ_k. ``centred``: the iterates centre on μ̂* with
    their measured covariance S, so the level is f(μ̂*) − f* + ½tr(AS) (≥ f(μ̂*) − f*; the
    fluctuations of gᵀδ_k are symmetric and move the median little). ``offset``: they centre on
    their measured mean m, so the level is f(μ̂*) − f* + gᵀm + ½mᵀAm + ½tr(AS)."""
    f, hat, out = config.objective(), config.predicted(), config.run()
    tail = out["means"][-LEVEL_RECORDS:] - hat.mean
    floor = float(f(hat.mean) - f.f_star)
    g, A = f.gradient(hat.mean), f.hessian(hat.mean)

    def parts(s):
        x = tail[:, s].reshape(-1, 2)
        m = x.mean(axis=0)
        spread = 0.5 * float(np.trace(A @ np.cov(x.T)))
        return m, spread

    def centred(s):
        return floor + parts(s)[1]

    def offset(s):
        m, spread = parts(s)
        return floor + float(g @ m) + 0.5 * float(m @ A @ m) + spread

    return {
        "centred": bootstrap(centred, config.seeds, "centred"),
        "offset": bootstrap(offset, config.seeds, "predicted"),
        "linear": bootstrap(lambda s: float(g @ parts(s)[0]), config.seeds, "linear"),
    }


def _z(a: Measurement, b: Measurement) -> float:
    """(a − b) over their combined uncertainty."""
    return (a.value - b.value) / math.hypot(a.uncertainty, b.uncertainty)


@finding(
    "α-bias",
    minimum=Data(
        seeds=MIN_UNITS,
        steps=trials_needed(0.1),
        at={"steps": ("config.iterations", "batches.*.iterations")},
    ),
)
@decides
def check_nonquadratic(
    config: NonQuadraticRun = NON_QUADRATIC,
    batches: tuple[NonQuadraticRun, ...] = NON_QUADRATIC_BATCHES,
) -> Verdict:
    """Not a claim of the paper, but what its Section 5 statements meet on a non-quadratic
    objective at a fixed α (``NonQuadraticRun``'s prediction): where the mean and Σ_k⁻¹ settle,
    against (μ̂*, Σ̂*) of Q_α and against (μ*, H*) of the lemmas, at the b of ``config`` and of
    ``batches``. f(μ̂*) − f* is f − f* at Q_α's minimizer, neither a floor nor the iterates'
    limit (they settle below it): the level is compared with the two predictions of
    ``level_predictions`` (iterates centred on μ̂*, or on their measured mean), and the path's
    dip below it on the way in (the smallest median f − f* over the records, and the median
    ‖μ_k − μ*‖ there) is reported."""
    for run in (config, *batches):
        if run.seeds < 2 or run.iterations < 10 * LEVEL_RECORDS:
            raise Undecidable(
                "b = {b}: {seeds} seeds × {iterations} iterations; the standard "
                "errors need 2 seeds and the level 100 records (1000 iterations)",
                Measurement("b", run.b, kind=Kind.COUNT),
                Measurement("seeds", run.seeds, kind=Kind.COUNT),
                Measurement("iterations", run.iterations, kind=Kind.COUNT),
            )
    data = run_nonquadratic(config, batches)
    status, measurements, qualifiers = decide_nonquadratic(
        data, alpha=config.alpha, gamma=config.objective().gamma, iterations=config.iterations
    )
    return Verdict(
        status,
        describe_nonquadratic(config, sorted(data.settled)),
        measurements,
        qualifiers,
        data=data.data,
    )


@dataclasses.dataclass(frozen=True, eq=False)
class BiasData:
    """What ``run_nonquadratic`` measured and ``decide_nonquadratic`` decides from: at the run's
    b, ``gaps`` f(μ_k) − f* every 10 steps (records, seeds), ``dip_record`` the record where their
    median over the seeds is smallest and ``dip_distance`` ‖μ_k − μ*‖/‖μ̂* − μ*‖ there (seeds,),
    ``bias`` ‖μ* − μ̂*‖, ``floor`` f(μ̂*) − f*, ``predicted`` the levels of
    ``level_predictions``, ``scaled`` K‖Σ_K⁻¹ − H*‖² (seeds,), ``bias_part`` K‖Σ̂*⁻¹ − H*‖² and
    ``C`` eq:C's constant; ``settled``, per b (the run's first), ``settling``'s (distance to μ̂*,
    |z| against Σ̂*⁻¹, |z| against H*, offset). ``data``: what the notebook plots."""

    b: int
    gaps: np.ndarray
    dip_record: int
    dip_distance: np.ndarray
    bias: float
    floor: float
    predicted: dict
    scaled: np.ndarray
    bias_part: float
    C: float
    settled: dict
    data: dict = dataclasses.field(default_factory=dict)


def run_nonquadratic(
    config: NonQuadraticRun, batches: tuple[NonQuadraticRun, ...] = ()
) -> BiasData:
    """Runs ``config`` and ``batches`` and measures where they settle: the data of
    ``decide_nonquadratic``."""
    f, hat, out = config.objective(), config.predicted(), config.run()
    H_star = project_eigenvalues(f.hessian(f.minimizer), *f.runs_box)
    bias = float(np.linalg.norm(hat.mean - f.minimizer))
    settled = {run.b: settling(run, H_star) for run in (config, *batches)}
    floor = float(f(hat.mean) - f.f_star)
    gaps = out["gaps"]
    # the dip on the way in: the record where the median over seeds of f − f* is smallest
    record = int(np.argmin(np.median(gaps, axis=1)))
    # Lemma 5.3 with γ > 0: k‖Σ_k⁻¹ − H*‖² grows like k‖Σ̂*⁻¹ − H*‖²; eq:C grows with K too
    K = config.iterations
    C = lemma53_printed(
        f,
        d=2,
        b=config.b,
        delta=0.1,
        gamma=f.gamma,
        alpha=config.alpha,
        K=K,
        f_gap_1=float(f(f.minimizer + 1.0) - f.f_star),
        initial_error_sq=float(np.linalg.norm(f.L * np.eye(2) - H_star) ** 2),
    ).C
    return BiasData(
        b=config.b,
        gaps=gaps,
        dip_record=record,
        dip_distance=np.linalg.norm(out["means"][record] - f.minimizer, axis=1) / bias,
        bias=bias,
        floor=floor,
        predicted=level_predictions(config),
        scaled=K * np.linalg.norm(out["final"].sigma_inv - H_star, axis=(1, 2)) ** 2,
        bias_part=K * float(np.linalg.norm(np.linalg.inv(hat.sigma) - H_star) ** 2),
        C=C,
        settled=settled,
        data={
            "hat": hat,
            "H_star": H_star,
            "out": out,
            "floor": floor,
            "record": record,
            "batches": {b: settled[b] for b in sorted(settled)},
        },
    )


def decide_nonquadratic(
    data: BiasData, *, alpha: float, gamma: float, iterations: int, **kw
) -> tuple[Status, tuple[Measurement, ...], tuple[Qualifier, ...]]:
    """The α-bias finding's decision from ``data``, a pure function. Returns (status,
    measurements, qualifiers). "holds" when the time-averaged mean centres on μ̂* (within 0.2 of
    ‖μ* − μ̂*‖, upper end of its 95% interval), Σ_K⁻¹ lies within ``K_SE`` SE of Σ̂*⁻¹ and more
    than that from H*, and both hold at every b of ``data.settled``; "fails" otherwise.
    Qualifiers besides: the level against its two predictions (within ``K_SE`` combined SE),
    the dip below f(μ̂*) − f* on the way in, the offset shrinking with b, and Lemma 5.3's C
    (eq:C at ``alpha``, ``gamma``, K = ``iterations``) against the largest K‖Σ_K⁻¹ − H*‖².
    ``Undecidable`` with fewer than 2 seeds or ``LEVEL_RECORDS`` records, or a NaN f − f*.
    ``kw``: to ``stats.bootstrap`` (``resamples``: a test of the decision's logic may take
    fewer)."""
    gaps, seeds, floor = finite(data.gaps, "f(μ_k) − f*"), data.gaps.shape[1], data.floor
    at_least("seeds", seeds, 2, "the standard errors")
    at_least("records", gaps.shape[0], LEVEL_RECORDS, "the level over the last records")
    to_hat, z_hat, z_star, offset = data.settled[data.b]
    to_hat = dataclasses.replace(to_hat, name="to_hat")
    offset = dataclasses.replace(offset, name="offset")
    gap = bootstrap(lambda s: float(np.median(gaps[-LEVEL_RECORDS:, s])), seeds, "gap", **kw)
    predicted = data.predicted
    z_centred, z_offset = _z(gap, predicted["centred"]), _z(gap, predicted["offset"])
    dip = bootstrap(lambda s: float(np.median(gaps[data.dip_record, s])), seeds, "dip", **kw)
    distance = data.dip_distance
    dip_distance = bootstrap(lambda s: float(np.median(distance[s])), seeds, "dip_distance", **kw)
    bs = sorted(data.settled)
    settled = data.settled
    everywhere = all(
        ends(settled[b][0])[1] <= 0.2 and settled[b][1] <= K_SE < settled[b][2] for b in bs
    )
    offsets = [settled[b][3] for b in bs]
    qualifiers: tuple[Qualifier, ...] = (
        Qualifier(
            "the mean centres on μ̂*",
            "‖time-averaged μ − μ̂*‖ ≤ 0.2·‖μ* − μ̂*‖ (upper end of its 95% interval)",
            ends(to_hat)[1] <= 0.2,
        ),
        Qualifier(
            "f − f* levels off at f(μ̂*) − f*",
            f"the median f − f* over the last "
            f"{LEVEL_RECORDS} records within {K_SE:g} combined SE of f(μ̂*) − f* + "
            "½tr(∇²f·Cov μ_k), its value for iterates centred on μ̂*: rejects a level "
            "off by more (such as 12%)",
            abs(z_centred) <= K_SE,
        ),
        Qualifier(
            "the level is explained by the offset of the iterates",
            f"the median f − f* "
            f"within {K_SE:g} combined SE of f(μ̂*) − f* + ∇f(μ̂*)ᵀm + ½mᵀ∇²f m + "
            "½tr(∇²f·Cov μ_k), m the mean of μ_k − μ̂* over the same records: rejects "
            "the centred prediction's level",
            abs(z_offset) <= K_SE,
        ),
        Qualifier(
            "the path passes closer to μ* than μ̂* on its way in",
            "at the record where "
            "the median f − f* is smallest, the 95% intervals of that median and of the "
            "median ‖μ_k − μ*‖/‖μ̂* − μ*‖ lie below ½(f(μ̂*) − f*) and 1: rejects an "
            "approach that stays near or above f(μ̂*) − f* (whose smallest median is noise "
            "around it)",
            ends(dip)[1] < floor / 2 and ends(dip_distance)[1] < 1.0,
        ),
        Qualifier(
            "Σ_k⁻¹ → Σ̂*⁻¹, not H*",
            f"the mean final Σ⁻¹ within {K_SE:g} SE of Σ̂*⁻¹ and "
            f"more than {K_SE:g} SE from H* = Π_S'(∇²f(μ*))",
            z_hat <= K_SE < z_star,
        ),
        Qualifier(
            "whatever the batch size",
            "at every b = " + ", ".join(map(str, bs)) + ": the "
            "two tests above on the mean and Σ⁻¹ pass",
            everywhere,
        ),
        Qualifier(
            "the offset shrinks with b",
            f"the 95% interval of the offset at b = {bs[-1]} lies below that at b = {bs[0]}",
            ends(offsets[-1])[1] < ends(offsets[0])[0],
        ),
    )
    largest = sample_maximum("largest", [data.scaled[s].max() for s in range(seeds)])
    qualifiers += (
        Qualifier(
            "Lemma 5.3 too loose to be tested",
            f"C of eq:C (γ = {gamma:.3g}, α = "
            f"{alpha:g}, K = {iterations}) ≥ {LOOSE:g}× the largest K‖Σ_K⁻¹ − H*‖²",
            data.C >= LOOSE * largest.value,
        ),
    )
    status = status_of(
        mean=qualifiers[0].outcome, sigma=qualifiers[4].outcome, every_batch=everywhere
    )
    measurements = (
        number("bias", data.bias),
        to_hat,
        offset,
        gap,
        number("floor", floor),
        predicted["centred"],
        z_measurement("z_centred", z_centred),
        predicted["linear"],
        predicted["offset"],
        z_measurement("z_offset", z_offset),
        dip,
        Measurement("dip_k", 10 * (data.dip_record + 1), kind=Kind.COUNT),
        dip_distance,
        z_measurement("z_hat", z_hat),
        z_measurement("z_star", z_star),
        *(
            m
            for b in bs
            if b != data.b
            for m in (
                settled[b][0],
                z_measurement(f"z_hat_{b}", settled[b][1]),
                z_measurement(f"z_star_{b}", settled[b][2]),
                settled[b][3],
            )
        ),
        largest,
        number("bias_part", data.bias_part, 1e-3),
        number("C", data.C),
    )
    return status, measurements, qualifiers


def describe_nonquadratic(config: NonQuadraticRun, bs: list[int]) -> str:
    """The sentence of the α-bias verdict of ``config`` and the batch sizes ``bs``, on the
    measurements of ``decide_nonquadratic``."""
    sweep = "; ".join(
        f"b = {b}: {{to_hat_{b}}}, |z| {{z_hat_{b}}} and {{z_star_{b}}}, offset {{offset_{b}}}"
        for b in bs
        if b != config.b
    )
    return (
        f"2-D logistic, α = {config.alpha:g}, b = {config.b}, practical step, "
        f"{config.seeds} seeds × {config.iterations}: ‖μ* − μ̂*‖ = {{bias}}; the "
        "time-averaged mean's distance to μ̂*, relative to it, {to_hat}, and the last "
        "records centre {offset} of the way from μ̂* towards μ*. f − f* at the end "
        "{gap}, against its value at Q_α's minimizer, f(μ̂*) − f* = {floor}: centred on "
        "μ̂* the iterates would give {centred} (z = {z_centred}); the offset's linear "
        "term ∇f(μ̂*)ᵀm = {linear} gives {predicted} (z = {z_offset}). On the way in the "
        "median f − f* dips to {dip} at k = {dip_k}, where the median ‖μ_k − μ*‖ is "
        "{dip_distance} of "
        "‖μ̂* − μ*‖. Σ_K⁻¹ against Σ̂*⁻¹: largest |z| = {z_hat}, against H*: {z_star}; "
        "at other batch sizes (distance to μ̂*, |z| against Σ̂*⁻¹ and H*, offset): "
        + sweep
        + ". Lemma 5.3: largest K‖Σ_K⁻¹ − H*‖² = {largest}, of which "
        "K‖Σ̂*⁻¹ − H*‖² = {bias_part} is the bias and grows with K; C = {C}"
    )
