"""Lemmas D.1–D.5 of the paper (PDF Lemmas 24–28: the properties of the mean-gradient estimate
g̃(μ) behind Lemmas 5.1 and 5.2): their checks and the experiments notebook
``09-appendix-lemmas`` plots. Lemmas D.6–D.7 (G̃(Σ)) are in ``sigma_gradient``."""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np
import scipy.stats

from mines_theory.algorithm.estimators import mean_gradient
from mines_theory.linalg.spd import random_spd, symmetric_roots
from ...framework.decisions import exceeded, identity_within, status_of, within_se
from ...framework.declare import claim
from ...framework.sizes import Data
from ...framework.stats import (
    K_SE,
    bootstrap,
    estimate,
    largest,
    mean_and_se,
    proportion,
    trials_needed,
)
from ...framework.verdict import Kind, Measurement, Qualifier, Status, Undecidable, Verdict
from mines_theory.numbers import format_number, powers_of_ten
from .common import decide_tails, log_cosh_3d
from mines_theory.theory.bounds.appendix import hh_bound, nu_bounds, tgm3_bound
from mines_theory.theory.bounds.corrected import (
    hh_bound_corrected,
    nu_bounds_corrected,
    tgm3_bound_corrected,
)

__all__ = [
    "BIAS",
    "BIAS_CURVE",
    "DELTA_CONVENTIONS",
    "BiasCrossings",
    "BiasExperiment",
    "allowed_delta",
    "at_split_delta",
    "bias_crossings",
    "bias_curve",
    "check_lemma_d1",
    "check_lemma_d2",
    "check_lemma_d3",
    "check_lemma_d4",
    "check_lemma_d5",
    "cubic_perturbed_quadratic",
    "decide_lemma_d1",
    "decide_lemma_d3",
]


# ---------------------------------------------------------------------------------------------
# Lemma D.1: the decomposition of g̃ and the bound on ν
# ---------------------------------------------------------------------------------------------


def allowed_delta(delta: float) -> Measurement:
    """The probability δ a share of draws (``p``) is held to, as a measurement (the row's key
    shows it beside the share: "vs δ = 10%")."""
    return Measurement("delta", delta, 1e-12 * delta, Kind.NUMERIC, digits=2, percent=True)


def decide_lemma_d1(identity_error: float, count: int, draws: int, delta: float) -> Status:
    """Lemma D.1's status, two parts: the decomposition of g̃ is exact (``identity_error``
    below 10⁻¹⁰) and |ν_i| exceeds its bound in ``count`` of ``draws`` no more often than δ
    (``decisions.exceeded``).

    >>> decide_lemma_d1(1e-12, 0, 400, 0.1).value, decide_lemma_d1(1e-9, 0, 400, 0.1).value
    ('holds', 'fails')
    """
    return status_of(
        identity=identity_within(identity_error, 1e-10), tail=not exceeded(count, draws, delta)
    )


def decide_lemma_d3(worst: float, count: int, draws: int, delta: float) -> Status:
    """Lemma D.3's status, two parts: the exact χ²_b tail is at most δ everywhere on its grid
    (``worst``, the largest P(below)/δ, at most 1), and the Monte Carlo falls below the bound
    in ``count`` of ``draws`` no more often than δ (``decisions.exceeded``).

    >>> decide_lemma_d3(0.9, 0, 400, 0.1).value, decide_lemma_d3(1.01, 0, 400, 0.1).value
    ('holds', 'fails')
    """
    return status_of(exact=worst <= 1.0, monte_carlo=not exceeded(count, draws, delta))


@claim("Lemma D.1", minimum=Data(draws=trials_needed(0.1)))
def check_lemma_d1(draws: int = 20_000) -> Verdict:
    """Lemma D.1 (lem:tgm_1): g̃ = (1/b)(Ũν + ŨŨᵀ∇f(μ)) with ν_i = (f(μ+αũ_i) − f(μ−αũ_i) −
    ⟨∇f(μ), 2αũ_i⟩)/(2α), ũ_i = Σ^{1/2}u_i, and |ν_i| ≤ γα²(2d + 3 log(1/δ))^{3/2}/(6τ^{3/2}) with
    probability ≥ 1 − δ. On a 3-D log-cosh objective (certified γ), Σ ∈ S: the identity to
    1e-10 on a batch of the first b = min(7, ``draws``) directions, and the tail by Monte Carlo
    (2·10⁴ directions, δ = 0.1; "not checked" with fewer than ``stats.trials_needed(δ)``)."""
    f = log_cosh_3d()
    tau, alpha, delta = 0.5, 0.3, 0.1
    rng = np.random.default_rng(12)
    sigma_inv = random_spd(rng, 3, eigenvalues=[0.6, 1.5, 4.0])  # spectrum ≥ τ: Σ ∈ S
    mu = f.minimizer + np.array([0.5, -0.3, 0.2])
    root, _ = symmetric_roots(sigma_inv)
    u = rng.standard_normal((draws, 3))
    U_tilde = u @ root
    grad = f.gradient(mu)
    plus, minus = f(mu + alpha * U_tilde), f(mu - alpha * U_tilde)
    nu = (plus - minus - 2 * alpha * U_tilde @ grad) / (2 * alpha)
    b = min(7, draws)
    batch = slice(0, b)
    decomposition = (U_tilde[batch].T @ nu[batch] + U_tilde[batch].T @ (U_tilde[batch] @ grad)) / b
    direct = mean_gradient(f, mu, sigma_inv, alpha, u[batch])
    identity_error = float(np.max(np.abs(decomposition - direct)))
    bound = f.gamma * alpha**2 * (2 * 3 + 3 * np.log(1 / delta)) ** 1.5 / (6 * tau**1.5)
    count = int(np.sum(np.abs(nu) > bound))
    status = decide_lemma_d1(identity_error, count, draws, delta)
    return Verdict(
        status,
        "3-D log-cosh: decomposition exact to {identity}; |ν_i| exceeds the bound in "
        "{p} of {draws} directions (allowed δ = " + f"{delta:g})",
        (
            Measurement("identity", identity_error, 1e-10, Kind.BELOW),
            proportion("p", count, draws),
            Measurement("draws", draws, kind=Kind.COUNT),
            allowed_delta(delta),
        ),
    )


# ---------------------------------------------------------------------------------------------
# The bias of g̃: Lemmas D.2, D.4, D.5
# ---------------------------------------------------------------------------------------------


def cubic_perturbed_quadratic(gamma: float):
    """f(x) = ½‖x‖² + γ/6·Σ_j x_j³, vectorized. ∇²f(x) = I + γ diag(x), so the Hessian is
    γ-Lipschitz (spectral norm), ∇f(0) = 0 and ∇²f(0) = I. Along any ũ the remainder of
    Lemma D.1 is exactly ν = γα²/6·Σ_j ũ_j³, an odd function of ũ: νũ has mean
    γα²/6·E[(Σ_j u_j³)u] = γα²/2·(1, …, 1) for Σ = I, whatever b is."""
    return lambda X: 0.5 * np.sum(X**2, axis=1) + gamma / 6.0 * np.sum(X**3, axis=1)


@dataclasses.dataclass(frozen=True)
class BiasExperiment:
    """``batches`` independent batches of b directions for g̃ at μ = 0, Σ = I (τ = 1) on
    ``cubic_perturbed_quadratic(gamma)``, where ∇f(μ) = 0 so that g̃ = Ũν/b exactly."""

    b: int = 5000
    d: int = 2
    batches: int = 200
    alpha: float = 0.5
    gamma: float = 1.0
    seed: int = 31

    @property
    def limit(self) -> float:
        """‖E νũ‖² = dγ²α⁴/4, the limit of ‖g̃(0)‖² as b → ∞."""
        return self.d * self.gamma**2 * self.alpha**4 / 4

    @functools.cache  # noqa: B019 (a frozen dataclass: cached per configuration, by design)
    def run(self) -> dict:
        """Per batch: ‖ν‖², ‖Ũν‖², ‖g̃(0)‖² (= ‖g̃‖²_{∇²f(0)}, ∇²f(0) = I), whether the proofs'
        step ‖Uν‖² ≤ max_i ν_i²·‖U1‖² holds, and whether ‖Uν‖² ≤ ‖U‖₂²‖ν‖² does."""
        f = cubic_perturbed_quadratic(self.gamma)
        rng = np.random.default_rng(self.seed)
        rows = []
        for _ in range(self.batches):
            u = rng.standard_normal((self.b, self.d))
            nu = (f(self.alpha * u) - f(-self.alpha * u)) / (2 * self.alpha)  # ∇f(0) = 0
            U_nu = u.T @ nu
            g = mean_gradient(f, np.zeros(self.d), np.eye(self.d), self.alpha, u)
            rows.append(
                (
                    nu @ nu,
                    U_nu @ U_nu,
                    g @ g,
                    U_nu @ U_nu <= np.max(nu**2) * np.sum(np.sum(u, axis=0) ** 2),
                    U_nu @ U_nu <= np.linalg.eigvalsh(u.T @ u)[-1] * (nu @ nu) * (1 + 1e-12),
                )
            )
        return dict(
            zip(
                ("nu_sq", "U_nu_sq", "g_sq", "step_holds", "corrected_step_holds"),
                (np.array(col) for col in zip(*rows)),
            )
        )

    def bounds(self, delta: float = 0.1, *, repaired: bool = False) -> dict:
        """The bounds of eq:nu, eq:hh and eq:tgm_3 at ∇f(0) = 0, 𝓛 = τ = 1 and ``delta``: as
        printed, or as the corrigendum repairs them (``repaired``, ``bounds.corrected``)."""
        nu, hh, tgm3 = (
            (nu_bounds_corrected, hh_bound_corrected, tgm3_bound_corrected)
            if repaired
            else (nu_bounds, hh_bound, tgm3_bound)
        )
        kw = dict(d=self.d, b=self.b, delta=delta, gamma=self.gamma, tau=1.0, alpha=self.alpha)
        return {
            "nu": nu(**kw),
            "hh": hh(curvature=1.0, projected_gradient_sq=0.0, **kw),
            "tgm3": tgm3(projected_gradient_norm=0.0, **kw),
        }


BIAS = BiasExperiment()
BIAS_CURVE = tuple(
    BiasExperiment(b=b, batches=100, seed=32 + i)
    for i, b in enumerate((10, 30, 100, 300, 1000, 3000, 10_000))
)


#: The two conventions for δ in c₃ = 2d + 3 log(1/δ) of the printed D.2, D.4, D.5, in words.
DELTA_CONVENTIONS = {
    "undivided": "c₃ at δ, as printed (the rows of the printed lemmas)",
    "split": "c₃ at δ/(b + 1), δ divided over the proofs' b + 1 events (the corrigendum's)",
}


@dataclasses.dataclass(frozen=True)
class BiasCrossings:
    """Where the printed bounds of D.2, D.4, D.5 fall below the floor the bias alone puts under
    what they bound (``bias_crossings``), for each δ convention of ``DELTA_CONVENTIONS``:
    ``crossing[convention][lemma]`` is that b, ``at_check[convention][lemma]`` the printed bound
    over the floor at the checks' b (below 1: every batch exceeds it, whatever its noise)."""

    delta: float
    b: int
    crossing: dict
    at_check: dict

    def words(self) -> str:
        """The account in prose (Markdown, numbers as the book writes them), the same on every
        page that gives it: which δ each number uses and where each bound crosses its floor."""

        def where(convention: str) -> str:
            at = self.crossing[convention]
            b = {n: powers_of_ten(format_number(at[n])) for n in at}
            return f"b = {b['D.2']} (D.2 and D.5) and {b['D.4']} (D.4)"

        low, high = (format_number(f(self.at_check["split"].values())) for f in (min, max))
        return (  # Unicode, not MathJax: a glued text is not read for $…$
            "The bias puts a floor under what the printed bounds of D.2, D.4 and D.5 bound "
            "(E‖g̃‖² ≥ dγ²α⁴/4, whatever b) while the bounds fall like 1/b, so each fails once "
            "b is large; where depends on the δ in c₃. With c₃ at the undivided "
            f"δ = {self.delta:g}, as printed (the printed lemmas' rows), the bounds fall below "
            f"that floor from {where('undivided')} on, so they fail at the checks' b = {self.b}; "
            "with c₃ at δ/(b + 1), δ divided over the b + 1 events the proofs use (the "
            f"corrigendum's convention), only from {where('split')} on: at b = {self.b} they "
            f"lie {low}× to {high}× above it."
        )


def bias_crossings(experiment: BiasExperiment = BIAS, delta: float = 0.1) -> BiasCrossings:
    """The one account of why the printed D.2, D.4, D.5 fail on ``experiment``'s cubic: their
    bounds fall like 1/b (‖Ũν‖²'s like b) while the bias puts a floor under what they bound,
    E‖g̃‖² ≥ ‖E g̃‖² = dγ²α⁴/4 (``BiasExperiment.limit``; b² times it for ‖Ũν‖² = b²‖g̃‖², its
    square root for ‖g̃‖). Each bound crosses its floor once (the bound over the floor falls
    with b under both conventions), at the least b below it, found here by bisection, with c₃
    at the undivided δ as printed and at δ/(b + 1): the bias makes every one fail at large b;
    the convention decides where. Each is evaluated by the printed formula (``bounds.appendix``)."""

    def over_floor(b: int, convention: str, lemma: str) -> float:
        at = delta if convention == "undivided" else delta / (b + 1)
        bounds = dataclasses.replace(experiment, b=b).bounds(at)
        return {
            "D.2": bounds["nu"].U_nu_sq / (b**2 * experiment.limit),
            "D.4": bounds["hh"] / experiment.limit,
            "D.5": bounds["tgm3"] / math.sqrt(experiment.limit),
        }[lemma]

    def crossing(convention: str, lemma: str) -> int:
        """The least b whose bound lies below its floor."""
        low, high = 1, 10**15  # the bound above its floor at b = 1, below at 10¹⁵
        if not over_floor(low, convention, lemma) > 1 > over_floor(high, convention, lemma):
            raise Undecidable(f"{lemma} ({convention}): no crossing between b = 1 and 10¹⁵")
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (mid, high) if over_floor(mid, convention, lemma) > 1 else (low, mid)
        return high

    lemmas = ("D.2", "D.4", "D.5")
    return BiasCrossings(
        delta,
        experiment.b,
        {c: {n: crossing(c, n) for n in lemmas} for c in DELTA_CONVENTIONS},
        {c: {n: over_floor(experiment.b, c, n) for n in lemmas} for c in DELTA_CONVENTIONS},
    )


def at_split_delta(experiment: BiasExperiment = BIAS, delta: float = 0.1, *, repaired=False):
    """Per lemma ("D.2", "D.4", "D.5"): (the batches above the bound, the bound, the measured
    values), for the printed (or ``repaired``) bounds with c₃ at δ/(b + 1) on ``experiment``'s
    batches: ‖Ũν‖², ‖g̃‖²_H = ‖g̃‖² (∇²f(0) = I) and ‖g̃‖."""
    s = experiment.run()
    bound = experiment.bounds(delta / (experiment.b + 1), repaired=repaired)
    values = {
        "D.2": (s["U_nu_sq"], bound["nu"].U_nu_sq),
        "D.4": (s["g_sq"], bound["hh"]),
        "D.5": (np.sqrt(s["g_sq"]), bound["tgm3"]),
    }
    return {row: (int(np.sum(v > c)), c, v) for row, (v, c) in values.items()}


@claim("Lemma D.2", minimum=Data(batches=trials_needed(0.1)))
def check_lemma_d2(experiment: BiasExperiment = BIAS, delta: float = 0.1) -> Verdict:
    """Lemma D.2 (eq:nu): w.p. ≥ 1 − δ, ‖ν‖² ≤ γbα⁴c₃³/(36τ³) and ‖Ũν‖² ≤ γbα⁴c₃⁴/(36τ⁴).
    On the cubic (γ = 1, so γ and γ² agree), d = 2, b = 5000, α = 0.5, 200 batches: ‖Ũν‖² grows
    like b² (νũ has a non-zero mean), the bound like b. "Not checked" with too few batches."""
    s = experiment.run()
    bnd = experiment.bounds(delta)["nu"]
    n = experiment.batches
    count_nu, count_U = int(np.sum(s["nu_sq"] > bnd.nu_sq)), int(np.sum(s["U_nu_sq"] > bnd.U_nu_sq))
    ratio = bootstrap(lambda i: float(np.median(s["U_nu_sq"][i])) / bnd.U_nu_sq, n, "ratio")
    status = decide_tails(nu=(count_nu, n, delta), U_nu=(count_U, n, delta))
    return Verdict(
        status,
        f"cubic, γ = {experiment.gamma:g} (where γ and the needed γ² agree; ‖ν‖² fails at "
        f"larger γ), d = {experiment.d}, b = {experiment.b}: ‖ν‖² exceeds its bound in "
        "{p_nu}, ‖Ũν‖² in {p_U} (δ = " + f"{delta:g}, {n} batches); median ‖Ũν‖²/bound "
        "{ratio}",
        (proportion("p_nu", count_nu, n), proportion("p_U", count_U, n), ratio),
    )


def bias_curve(curve: tuple[BiasExperiment, ...] = BIAS_CURVE, delta: float = 0.1) -> dict:
    """Mean and standard error of ‖g̃(0)‖² against b on the cubic (∇f(0) = 0), with the limit
    dγ²α⁴/4 and the bounds of eq:hh and eq:tgm_3 (squared) at δ."""
    means, errors = zip(*(mean_and_se(e.run()["g_sq"]) for e in curve))
    return {
        "b": np.array([e.b for e in curve]),
        "mean": np.array(means),
        "se": np.array(errors),
        "limit": curve[-1].limit,
        "hh": np.array([e.bounds(delta)["hh"] for e in curve]),
        "tgm3": np.array([e.bounds(delta)["tgm3"] ** 2 for e in curve]),
    }


@claim("Lemma D.4", minimum=Data(batches=trials_needed(0.1)))
def check_lemma_d4(
    experiment: BiasExperiment = BIAS,
    delta: float = 0.1,
    curve: tuple[BiasExperiment, ...] = BIAS_CURVE,
) -> Verdict:
    """Lemma D.4 (eq:hh): ‖g̃‖²_{∇²f(μ)} ≤ 2𝓛c₁/b²‖UᵀΣ^{1/2}∇f‖² + 𝓛γ²α⁴c₃⁴/(18bτ³) w.p. ≥ 1 − δ.
    On the cubic at μ = 0 (∇f = 0, ∇²f = I = Σ⁻¹, 𝓛 = τ = 1), b = 5000: the left side tends to
    dγ²α⁴/4, the right side to 0. ``curve`` measures ‖g̃‖² against b (``bias_curve``). "Not
    checked" with too few batches (or a curve point with fewer than 2)."""
    if not curve:
        raise Undecidable("no curve: the qualifier needs ‖g̃‖² at a largest b")
    c = bias_curve(curve, delta)
    qualifier = Qualifier(
        "the bias does not average out",
        f"at b = {c['b'][-1]} the mean ‖g̃‖² lies within {K_SE:g} SE of dγ²α⁴/4",
        within_se(c["mean"][-1], c["limit"], c["se"][-1]),
    )
    values = experiment.run()["g_sq"]
    limit = ("dγ²α⁴/4", experiment.limit)
    return _bias_tail(
        experiment, values, "hh", delta, ("‖g̃‖²_H", "g_sq"), limit, (qualifier,), {"curve": c}
    )


@claim("Lemma D.5", minimum=Data(batches=trials_needed(0.1)))
def check_lemma_d5(experiment: BiasExperiment = BIAS, delta: float = 0.1) -> Verdict:
    """Lemma D.5 (eq:tgm_3): ‖g̃‖ ≤ γα²c₃²/(6√bτ²) + √c₁/(bτ^{1/2})‖UᵀΣ^{1/2}∇f‖ w.p. ≥ 1 − δ;
    same cubic as Lemma D.4; the limit of ‖g̃‖ is √d·γα²/2. "Not checked" with too few
    batches."""
    norms = np.sqrt(experiment.run()["g_sq"])
    limit = ("√d·γα²/2", math.sqrt(experiment.limit))
    return _bias_tail(experiment, norms, "tgm3", delta, ("‖g̃‖", "norm"), limit)


def _bias_tail(
    experiment: BiasExperiment,
    values: np.ndarray,
    term: str,
    delta: float,
    quantity: tuple[str, str],
    limit: tuple[str, float],
    qualifiers: tuple[Qualifier, ...] = (),
    data: dict | None = None,
) -> Verdict:
    """The tail test of eq:hh or eq:tgm_3 (``term``) on the batches of ``experiment``:
    ``values`` (one per batch) above the printed bound in more than a fraction ``delta``
    (``decisions.exceeded``), with their mean and their limit as b → ∞ (``limit``: its formula
    and value); ``quantity``: the symbol and the measurement's name."""
    symbol, name = quantity
    formula, limit_value = limit
    bound = experiment.bounds(delta)[term]
    count = int(np.sum(values > bound))
    return Verdict(
        decide_tails(tail=(count, experiment.batches, delta)),
        f"cubic, ∇f(μ) = 0, b = {experiment.b}: {symbol} = " + "{" + name + "} (limit "
        f"{formula} = " + "{limit}) exceeds the bound {bound} in {p} of the batches (allowed "
        f"δ = {delta:g})",
        (
            estimate(name, values),
            Measurement("limit", limit_value, 1e-12, digits=3),
            Measurement("bound", bound, 1e-9 * bound),
            proportion("p", count, experiment.batches),
        ),
        qualifiers,
        data=data,
    )


# ---------------------------------------------------------------------------------------------
# Lemma D.3: the lower tail of ‖Ũᵀ∇f‖²
# ---------------------------------------------------------------------------------------------


@claim("Lemma D.3", minimum=Data(draws=trials_needed(0.1)))
def check_lemma_d3(draws: int = 20_000) -> Verdict:
    """Lemma D.3 (eq:gd_low): ‖Ũᵀ∇f(μ)‖² ≥ (b − 2√(b log(1/δ)))‖Σ^{1/2}∇f(μ)‖² w.p. ≥ 1 − δ.
    The ratio is χ²_b: scipy's χ² cdf at the threshold, for b = 1…200 and four δ, must be ≤ δ;
    and a Monte Carlo on a 3-D log-cosh objective (b = 20, δ = 0.1) must not exceed δ ("not
    checked" with fewer than ``stats.trials_needed(δ)`` draws)."""
    ratios = []
    for delta in (0.5, 0.1, 0.01, 0.001):
        sizes = np.arange(1, 201)
        threshold = sizes - 2 * np.sqrt(sizes * np.log(1 / delta))
        p = np.where(threshold > 0, scipy.stats.chi2.cdf(np.maximum(threshold, 0), sizes), 0.0)
        ratios.append(p / delta)
    worst = largest(np.concatenate(ratios), "P(χ²_b < threshold)/δ")
    f = log_cosh_3d()
    rng = np.random.default_rng(13)
    sigma_inv = random_spd(rng, 3, eigenvalues=[0.6, 1.5, 4.0])
    root, _ = symmetric_roots(sigma_inv)
    grad = f.gradient(f.minimizer + np.array([0.5, -0.3, 0.2]))
    b, delta = 20, 0.1
    u = rng.standard_normal((draws, b, 3))
    ratio = np.sum((u @ (root @ grad)) ** 2, axis=1) / np.sum((root @ grad) ** 2)
    count = int(np.sum(ratio < b - 2 * math.sqrt(b * math.log(1 / delta))))
    status = decide_lemma_d3(worst, count, draws, delta)
    return Verdict(
        status,
        "exact χ²_b: P(below)/δ ≤ {worst} for b = 1…200, δ ∈ {{0.5, 0.1, 0.01, 0.001}}; "
        "log-cosh, b = 20: {p} of {draws} batches below (allowed δ = " + f"{delta:g})",
        (
            Measurement("worst", worst, 1e-9),
            proportion("p", count, draws),
            Measurement("draws", draws, kind=Kind.COUNT),
            allowed_delta(delta),
        ),
    )
