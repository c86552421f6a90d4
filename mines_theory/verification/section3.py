"""Section 3 of the paper: the regularized objective Q_α(μ, Σ) = J(μ, Σ) − α²/2·log det Σ and its
minimizer (Theorems 3.1–3.4), and the errata in their proofs.

Theorem 3.1 = ``prop:quad_case``, 3.2 = ``prop:close``, 3.3 = ``prop:mu``, 3.4 = ``prop:Sigma``.
Notebook ``04-regularized-objective`` plots ``SECTION3_SWEEP`` against the bounds.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from typing import NamedTuple

import numpy as np
import pandas as pd
import scipy.stats
import sympy as sp

from .. import derivations as dv
from ..bounds import alpha_condition, theorem32_bounds, theorem33_bounds, theorem33_improved
from ..bounds import theorem34_bounds
from ..linalg import project_eigenvalues, random_rotation, random_spd
from ..objectives import KinkedHessian1D, Objective, PowerHessian1D, RotatedEllipsoid, log_cosh_1d
from ..objectives import synthetic_logistic
from ..regularized import GaussianRule, alpha_sweep, minimize_regularized, regularized_objective
from ..regularized import minimize_sigma_given_mean, smoothed
from .stats import loglog_slope
from .verdict import Kind, Measurement, Qualifier, Status, Verdict

__all__ = ["AlphaSweep", "SECTION3_SWEEP", "SECTION3_SWEEP_1D", "KinkedSweep", "KINKED",
           "HOLDER", "SMOOTH", "ORDER_BOUNDARY", "slope_fit", "order_above", "order_below",
           "check_theorem31",
           "check_theorem32", "check_theorem33", "check_theorem34", "erratum_taylor_sigma",
           "erratum_logdet_step", "erratum_theorem33_sign", "erratum_sig_opt_mu",
           "erratum_strict_convexity", "erratum_sig_opt_posdef", "erratum_j_sig_0_power",
           "erratum_tmp2_first_line", "erratum_tmp_phi_argument", "erratum_last_chain_norms",
           "erratum_j_quad_integrand", "Theorem33WithoutR", "theorem33_r_cancels", "q_curvature",
           "convexity_threshold", "convexity_scan"]

#: Looseness declared before the runs: a bound is "loose" where bound/measured ≥ LOOSE.
LOOSE = 10.0


@dataclasses.dataclass(frozen=True)
class AlphaSweep:
    """The minimizers of Q_α over S for α on a grid (``regularized.alpha_sweep``), on
    ``synthetic_logistic(dim)`` with τ = σ/2, ζ = 2L (so ∇²f(μ*) lies inside S'), Gauss–Hermite
    of ``degree`` per coordinate."""

    dim: int = 2
    alphas: tuple = tuple(np.logspace(-5, 0, 11))
    degree: int = 30
    small: float = 1e-2           # slopes are fitted for α ≤ small (the asymptotic regime)

    @functools.cache
    def run(self):
        """(objective, DataFrame of ``regularized.alpha_sweep``)."""
        f = synthetic_logistic(self.dim)
        rule = GaussianRule.gauss_hermite(self.dim, self.degree)
        return f, alpha_sweep(f, self.alphas, tau=f.sigma / 2, zeta=2 * f.L, rule=rule)

    def slope(self, column: str) -> float:
        _, df = self.run()
        small = df.alpha <= self.small
        return loglog_slope(df.alpha[small], df[column][small])


SECTION3_SWEEP = AlphaSweep(dim=2, degree=30)
SECTION3_SWEEP_1D = AlphaSweep(dim=1, degree=40)


@dataclasses.dataclass(frozen=True)
class KinkedSweep:
    """Theorem 3.4 on a 1-D even objective whose smoothness is known exactly, τ = σ/2, ζ = 2L,
    and α on a log grid up to the largest α that eq:alp_cond allows. ``power`` = 1 is
    ``objectives.KinkedHessian1D`` (f″ = 1 + min(|x|, 1): σ = 1, L = 2, γ = 1, f‴ jumps at
    x* = 0), the smoothness the paper assumes and no more; another power p ∈ (1, 2] is
    ``objectives.PowerHessian1D(p)`` (f″ = 1 + |x|^p near 0: a Hölder-(p − 1) third derivative,
    Lipschitz at p = 2). By symmetry μ̂* = μ* = 0, and Σ̂* is the fixed point
    s = Π_S(1/(1 + m(α√s))) of the KKT conditions with m(a) = E f″(a u) − f″(0) (u ~ N(0, 1))
    in closed form (the objective's ``smoothed_curvature``)."""

    points: int = 8
    decades: float = 4.0
    power: float = 1.0

    def objective(self) -> KinkedHessian1D | PowerHessian1D:
        return KinkedHessian1D() if self.power == 1.0 else PowerHessian1D(self.power)

    @property
    def tau(self) -> float:
        return self.objective().sigma / 2

    @property
    def zeta(self) -> float:
        return 2 * self.objective().L

    @property
    def alpha_max(self) -> float:
        f = self.objective()
        return alpha_condition(d=1, sigma=f.sigma, gamma=f.gamma, tau=self.tau, zeta=self.zeta)

    def smoothed_curvature(self, a: float) -> float:
        """E f″(a u) − f″(0) for u ~ N(0, 1), a > 0 (closed form, the objective's)."""
        return self.objective().smoothed_curvature(a)

    def sigma_hat(self, alpha: float) -> float:
        """Σ̂* by the fixed-point iteration (a contraction: its slope is O(α))."""
        s = 1.0
        for _ in range(200):
            new = min(max(1.0 / (1.0 + self.smoothed_curvature(alpha * np.sqrt(s))), 1 / self.zeta),
                      1 / self.tau)
            if abs(new - s) <= 1e-15:
                break
            s = new
        return new

    @functools.cache
    def run(self) -> pd.DataFrame:
        """Per α: ‖Σ̂* − Π_S(∇²f(μ̂*)⁻¹)‖ = |Σ̂* − 1| and the bound of Theorem 3.4."""
        f = self.objective()
        alphas = self.alpha_max * np.logspace(-self.decades, 0, self.points)
        rows = []
        for alpha in alphas:
            bound = theorem34_bounds(d=1, L=f.L, sigma=f.sigma, gamma=f.gamma, tau=self.tau,
                                     zeta=self.zeta, alpha=alpha)
            s = self.sigma_hat(alpha)
            m = self.smoothed_curvature(alpha * np.sqrt(s))
            # |Σ̂* − 1| = m/(1 + m) where the clip is inactive, without the cancellation of 1 − s
            error = m / (1 + m) if 1 / self.zeta < s < 1 / self.tau else abs(s - 1.0)
            rows.append(dict(alpha=alpha, sigma_hat_error=error,
                             sigma_hat_bound=bound.sigma_hat, valid=bound.valid))
        return pd.DataFrame(rows)

    def slope(self) -> tuple[float, float]:
        """(slope, its standard error) of the least-squares fit of log error on log α."""
        df = self.run()
        return slope_fit(df.alpha, df.sigma_hat_error)

    def leading_constant(self) -> float:
        """error/α^p at the smallest α of the grid; → E|u|^p as α → 0 (p = 1: √(2/π))."""
        df = self.run()
        return float(df.sigma_hat_error.iloc[0] / df.alpha.iloc[0] ** self.power)


#: The three smoothness classes of Theorem 3.4's order in α (notebook 04's figure): a Lipschitz
#: Hessian only (order α), a Hölder-½ third derivative (α^{3/2}), a Lipschitz one (α²).
KINKED = KinkedSweep()
HOLDER = KinkedSweep(power=1.5)
SMOOTH = KinkedSweep(power=2.0)

#: The decision boundary between order α^{3/2} and α²: a fitted slope must clear it by
#: ``ORDER_SE`` standard errors of the fit to be called either.
ORDER_BOUNDARY = 1.75
ORDER_SE = 5.0


def slope_fit(x, y) -> tuple[float, float]:
    """(slope, standard error) of the least-squares fit of log y against log x (``stats.
    loglog_slope``'s slope, with scipy's standard error of it); NaN where fewer than three
    finite positive points remain."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    keep = np.isfinite(x) & np.isfinite(y) & (x > 0) & (y > 0)
    if keep.sum() < 3:
        return math.nan, math.nan
    fit = scipy.stats.linregress(np.log(x[keep]), np.log(y[keep]))
    return float(fit.slope), float(fit.stderr)


def order_above(slope: float, se: float, boundary: float = ORDER_BOUNDARY) -> bool:
    """Whether a fitted order lies above ``boundary`` by more than ``ORDER_SE`` standard errors
    (False for NaN): the test that tells α² from α^{3/2}."""
    return bool(slope - ORDER_SE * se > boundary)


def order_below(slope: float, se: float, boundary: float = ORDER_BOUNDARY) -> bool:
    """Whether a fitted order lies below ``boundary`` by more than ``ORDER_SE`` standard errors."""
    return bool(slope + ORDER_SE * se < boundary)


def check_theorem31() -> Verdict:
    """Theorem 3.1: for a quadratic, argmin over (μ, Σ ∈ S) of Q_α is (μ*, Π_S(H⁻¹)), here with
    the constraint active at both ends (eigenvalues of H on both sides of [τ, ζ]); checked with
    the fixed-point solver and, independently, with L-BFGS-B over Σ = Q diag(λ)Qᵀ, λ ∈ [ζ⁻¹, τ⁻¹]."""
    import scipy.optimize
    from scipy.linalg import expm

    f = RotatedEllipsoid(3, condition=100.0, seed=5, minimizer=np.array([1.0, 2.0, -1.0]))
    tau, zeta, alpha = 3.0, 30.0, 0.3                     # spectrum of H: 1 … 100
    expected = project_eigenvalues(np.linalg.inv(f.H), 1 / zeta, 1 / tau)
    result = minimize_regularized(f, alpha, tau=tau, zeta=zeta,
                                  rule=GaussianRule.gauss_hermite(3, 6))
    fixed_point_error = max(float(np.abs(result.sigma - expected).max()),
                            float(np.abs(result.mean - f.minimizer).max()))

    def unpack(x):
        skew = np.zeros((3, 3))
        skew[np.triu_indices(3, 1)] = x[6:9]
        Q = expm(skew - skew.T)
        return x[:3], (Q * x[3:6]) @ Q.T

    x0 = np.concatenate([np.zeros(3), np.full(3, 0.5 / tau + 0.5 / zeta), [0.1, 0.2, 0.3]])
    bounds = [(None, None)] * 3 + [(1 / zeta, 1 / tau)] * 3 + [(None, None)] * 3
    sol = scipy.optimize.minimize(lambda x: regularized_objective(f, *unpack(x), alpha), x0,
                                  method="L-BFGS-B", bounds=bounds,
                                  options={"ftol": 1e-15, "gtol": 1e-10, "maxiter": 5000})
    mu_g, sigma_g = unpack(sol.x)
    generic_error = max(float(np.abs(sigma_g - expected).max()),
                        float(np.abs(mu_g - f.minimizer).max()))
    measurements = (Measurement("fixed_point", fixed_point_error, 1e-10, Kind.BELOW),
                    Measurement("generic", generic_error, 1e-4, Kind.BELOW))
    grad, _, S, H = dv.regularized_gradient(2)
    at_inverse = {S[i, j]: H.inv()[i, j] for i in range(2) for j in range(2)}
    stationary = sp.simplify(grad.subs(at_inverse)) == sp.zeros(2, 2)
    qualifiers = (Qualifier("stationary at H⁻¹ (sympy)", "∂Q_α/∂Σ = α²/2(H − Σ⁻¹) of a quadratic, "
                            "unconstrained derivative, d = 2, vanishes at Σ = H⁻¹", stationary),)
    ok = all(m.value < m.uncertainty for m in measurements)
    return Verdict(Status.HOLDS if ok else Status.FAILS,
                   "quadratic d = 3, eigenvalues of H (1…100) on both sides of [τ, ζ] = [3, 30]: "
                   "largest deviation from (μ*, Π_S(H⁻¹)) {fixed_point} (fixed point), {generic} "
                   "(L-BFGS-B, independent)", measurements, qualifiers,
                   data=dict(gradient=grad, S=S, H=H, objective=f, tau=tau, zeta=zeta,
                             alpha=alpha, fixed_point=(result.mean, result.sigma),
                             generic=(mu_g, sigma_g)))


def check_theorem32() -> Verdict:
    """Theorem 3.2: the sandwich f(μ) ∓ Lα²/2 tr Σ ∓ α³φ(Σ) + R(Σ) around Q_α(μ, Σ), on a grid of
    μ (5 points), Σ (4 matrices in S) and α (5 values) for the 2-D synthetic logistic objective
    (Q_α by Gauss–Hermite, φ by ``bounds.phi``). The measurement is the smallest margin to
    either side, relative to the width of the sandwich (≥ 0 where it holds)."""
    f = synthetic_logistic(2)
    rule = GaussianRule.gauss_hermite(2, 30)
    rng = np.random.default_rng(8)
    rows = []
    for mu in f.minimizer + rng.normal(0, 1, (5, 2)):
        for scale in (0.1, 0.5, 1.0, 2.0):
            Q = random_rotation(rng, 2)
            sigma = (Q * (scale * rng.uniform(0.5, 1.5, 2))) @ Q.T
            for alpha in (0.01, 0.1, 0.3, 1.0, 2.0):
                value = regularized_objective(f, mu, sigma, alpha, rule)
                lower, upper = theorem32_bounds(f_mu=float(f(mu[None, :])[0]), sigma_matrix=sigma,
                                                L=f.L, gamma=f.gamma, alpha=alpha)
                rows.append({"alpha": alpha, "scale": scale, "Q": value, "lower": lower,
                             "upper": upper})
    points = pd.DataFrame(rows)
    points["position"] = (points.Q - points.lower) / (points.upper - points.lower)
    margins = np.minimum(points.position, 1 - points.position)
    worst = float(margins.min())
    return Verdict(Status.HOLDS if worst >= 0 else Status.FAILS,
                   "{points} points (μ, Σ, α), 2-D logistic: smallest margin to the sandwich "
                   "{margin} of its width (negative: outside)",
                   (Measurement("points", len(margins), kind=Kind.COUNT),
                    Measurement("margin", worst, 1e-9)), data=dict(points=points))


def check_theorem33(sweep: AlphaSweep = SECTION3_SWEEP) -> Verdict:
    """Theorem 3.3 against the minimizers of Q_α over α ∈ [10⁻⁵, 1] (2-D synthetic logistic):
    f(μ̂*) − f(μ*) and ‖μ* − μ̂*‖² below their bounds at every α; looseness and the measured
    order in α, each a test declared here."""
    f, df = sweep.run()
    if int((df.alpha <= sweep.small).sum()) < 3:
        return Verdict(Status.NOT_CHECKED, "fewer than 3 α ≤ the fitting range: no order in α "
                       "to fit")
    holds = bool((df.f_gap <= df.f_gap_bound).all() and (df.distance_sq <= df.distance_sq_bound).all())
    loose = float(min((df.f_gap_bound / df.f_gap).min(), (df.distance_sq_bound / df.distance_sq).min()))
    improved = [theorem33_improved(d=f.dim, sigma=f.sigma, gamma=f.gamma, tau=f.sigma / 2, alpha=a)
                for a in df.alpha]
    improved_margin = float(min(min(b.f_gap / g, b.distance_sq / s)
                                for b, g, s in zip(improved, df.f_gap, df.distance_sq)))
    slope_gap, slope_dist = sweep.slope("f_gap"), sweep.slope("distance_sq")
    measurements = (Measurement("loose", loose, 1e-3 * loose),
                    Measurement("slope_gap", slope_gap, 0.01, digits=3),
                    Measurement("slope_dist", slope_dist, 0.01, digits=3),
                    Measurement("improved", improved_margin, 1e-3 * improved_margin))
    qualifiers = (
        Qualifier("loose", f"bound/measured ≥ {LOOSE:g} at every α, for both bounds",
                  loose >= LOOSE),
        Qualifier("order α⁴, not α²", f"log-log slopes of both quantities over α ≤ "
                  f"{sweep.small:g} in [3.5, 4.5] (the bounds have slope 2)",
                  all(3.5 <= s <= 4.5 for s in (slope_gap, slope_dist))),
        Qualifier("proof step eq:R holds at the minimizers", "R(Σ*) − R(Σ̂*) ≤ dα²/2·(τ⁻¹ − ζ⁻¹) "
                  "at every α (the step is false in general: see the errata)",
                  bool((df.logdet_step <= df.logdet_step_bound).all())),
        Qualifier("O(α⁴) bound from the stationarity of μ̂* holds", "both quantities below "
                  "bounds.theorem33_improved (γ²α⁴d²/(4σ²τ²) and γ²α⁴d²/(8στ²)) at every α",
                  improved_margin >= 1.0),
    )
    return Verdict(Status.HOLDS if holds else Status.FAILS,
                   "α ∈ [1e-5, 1], 2-D logistic: both bounds "
                   + ("hold at every α" if holds else "do not hold at every α")
                   + "; smallest bound/measured {loose}; measured slopes {slope_gap} (f-gap) and "
                   "{slope_dist} (‖μ* − μ̂*‖²) where the bounds have 2; the O(α⁴) bounds derived "
                   "from the stationarity of μ̂* (bounds.theorem33_improved) hold with smallest "
                   "bound/measured {improved}", measurements, qualifiers, data=df)


def check_theorem34(sweep: AlphaSweep = SECTION3_SWEEP, kinked: KinkedSweep = KINKED,
                    holder: KinkedSweep = HOLDER, smooth: KinkedSweep = SMOOTH) -> Verdict:
    """Theorem 3.4 against the minimizers over α ∈ [10⁻⁵, 1] (2-D synthetic logistic), where
    eq:alp_cond allows the theorem to speak, and on three 1-D objectives inside eq:alp_cond; and,
    as qualifiers, what holds beyond it and which order in α the error has.

    The order tracks the smoothness of f at μ̂*: with M = E∇²f(μ̂* + αz), ‖M − ∇²f(μ̂*)‖ ≤ γα E‖z‖
    with only a Lipschitz Hessian (the paper's assumption, the theorem's order α, attained by
    ``kinked``); a third derivative that is Hölder-½ gives α^{3/2} (``holder``); a *Lipschitz*
    third derivative makes the first-order term αE[∇³f(μ̂*)[z]] vanish (E z = 0) and leaves α²
    (``smooth`` and the logistic objective). A smooth (even C^∞ away from x*) third derivative
    is not enough: ``holder``'s is continuous. The tests of order use a boundary at 1.75 between
    α^{3/2} and α², cleared by ``ORDER_SE`` standard errors of the fitted slope."""
    f, df = sweep.run()
    alpha_max = alpha_condition(d=f.dim, sigma=f.sigma, gamma=f.gamma, tau=f.sigma / 2,
                                zeta=2 * f.L)
    valid = df[df.valid]

    def hold(frame):
        return bool((frame.sigma_hat_error <= frame.sigma_hat_bound).all()
                    and (frame.sigma_diff <= frame.sigma_diff_bound).all())

    def hold_1d(s: KinkedSweep) -> bool:
        run = s.run()
        return bool((run.sigma_hat_error <= run.sigma_hat_bound).all() and run.valid.all())

    loose = float(min((valid.sigma_hat_bound / valid.sigma_hat_error).min(),
                      (valid.sigma_diff_bound / valid.sigma_diff).min())) if len(valid) else np.nan
    small = df.alpha <= sweep.small
    slope, slope_se = slope_fit(df.alpha[small], df.sigma_hat_error[small])
    kink_slope, _ = kinked.slope()
    holder_slope, holder_se = holder.slope()
    smooth_slope, smooth_se = smooth.slope()
    kink_constant = kinked.leading_constant()
    first = holder.run().iloc[0]
    holder_constant = float(first.sigma_hat_error / first.alpha**1.5)
    holder_moment = PowerHessian1D.absolute_moment(1.5)
    one_d = (kinked, holder, smooth)
    one_d_holds = all(hold_1d(s) for s in one_d)
    slopes = [slope, kink_slope, holder_slope, smooth_slope]
    if not len(valid):
        return Verdict(Status.HYPOTHESES_NOT_MET, "2-D logistic: eq:alp_cond requires α ≤ "
                       "{alpha_max}; none of the {grid} grid points satisfies it",
                       (Measurement("alpha_max", alpha_max, 1e-6 * alpha_max),
                        Measurement("valid", 0, kind=Kind.COUNT),
                        Measurement("grid", len(df), kind=Kind.COUNT)), data=dict(sweep=df))
    if np.isnan(slopes).any():
        return Verdict(Status.NOT_CHECKED, "too few α (fewer than 3 positive errors) to fit the "
                       "order of one of the sweeps")
    else:
        status = Status.HOLDS if hold(valid) and one_d_holds else Status.FAILS
    measurements = (Measurement("alpha_max", alpha_max, 1e-6 * alpha_max),
                    Measurement("valid", len(valid), kind=Kind.COUNT),
                    Measurement("grid", len(df), kind=Kind.COUNT),
                    Measurement("loose", loose, 1e-3 * abs(loose) if np.isfinite(loose) else 0),
                    Measurement("slope", slope, 0.01, digits=3),
                    Measurement("slope_se", slope_se, 1e-3 + 0.1 * slope_se, digits=1),
                    Measurement("smooth_slope", smooth_slope, 0.01, digits=3),
                    Measurement("holder_slope", holder_slope, 0.01, digits=3),
                    Measurement("holder_constant", holder_constant, 1e-3, digits=3),
                    Measurement("holder_moment", holder_moment, 1e-12, digits=3),
                    Measurement("kink_slope", kink_slope, 0.01, digits=3),
                    Measurement("kink_constant", kink_constant, 1e-3, digits=3),
                    Measurement("sqrt_2_pi", math.sqrt(2 / math.pi), 1e-12, digits=3))
    boundary = (f"fitted log-log slope of ‖Σ̂* − Π_S(∇²f(μ̂*)⁻¹)‖ {{}} {ORDER_BOUNDARY:g} (the "
                f"midpoint of α^1.5 and α²) by > {ORDER_SE:g} standard errors of the fit")
    qualifiers = (
        Qualifier("loose", f"bound/measured ≥ {LOOSE:g} at every α allowed by eq:alp_cond",
                  bool(loose >= LOOSE)),
        Qualifier("holds beyond eq:alp_cond", "both bounds hold at every α of the grid",
                  hold(df)),
        Qualifier("order α², not α^1.5, with a Lipschitz third derivative",
                  boundary.format("above") + f", on the logistic objective (α ≤ {sweep.small:g}) "
                  "and on f″ = 1 + x² near x* (inside eq:alp_cond); rejects order α^1.5",
                  order_above(slope, slope_se) and order_above(smooth_slope, smooth_se)),
        Qualifier("order α^1.5, not α², with a Hölder-½ third derivative",
                  boundary.format("below") + f" and above {2 * 1.5 - ORDER_BOUNDARY:g} (the "
                  "midpoint of α and α^1.5) on f″ = 1 + |x|^1.5 near x* (inside eq:alp_cond), "
                  "and error/α^1.5 at the smallest α within 1% of E|u|^1.5; rejects orders α² "
                  "and α", order_below(holder_slope, holder_se)
                  and order_above(holder_slope, holder_se, 2 * 1.5 - ORDER_BOUNDARY)
                  and abs(holder_constant / holder_moment - 1) <= 0.01),
        Qualifier("order α attained with a Lipschitz Hessian", "on the kinked objective inside "
                  "eq:alp_cond: slope in [0.9, 1.1] and error/α at the smallest α within 1% of "
                  "√(2/π); rejects order α^1.5", 0.9 <= kink_slope <= 1.1
                  and abs(kink_constant / math.sqrt(2 / math.pi) - 1) <= 0.01),
    )
    return Verdict(status, "2-D logistic: eq:alp_cond requires α ≤ {alpha_max} ({valid} of {grid} "
                   "grid points); there both bounds " + ("hold" if hold(valid) else "do not hold")
                   + "; smallest bound/measured {loose}; measured slope {slope} (standard error "
                   "of the fit {slope_se}). 1-D objectives inside eq:alp_cond, the bound "
                   + ("holds on all three" if one_d_holds else "fails on one") + ": f″ = 1 + x² "
                   "near x* (Lipschitz f‴) slope {smooth_slope}; f″ = 1 + |x|^1.5 (Hölder-½ f‴) "
                   "slope {holder_slope}, error/α^1.5 → {holder_constant} (E|u|^1.5 = "
                   "{holder_moment}); f″ = 1 + min(|x|, 1) (f‴ jumps) slope {kink_slope}, error/α "
                   "→ {kink_constant} (√(2/π) = {sqrt_2_pi})",
                   measurements, qualifiers,
                   data=dict(sweep=df, alpha_max=alpha_max, kinked=kinked.run(),
                             holder=holder.run(), smooth=smooth.run()))


# ---------------------------------------------------------------------------------------------
# Errata in the proofs of Section 3: True when the printed form is confirmed wrong
# ---------------------------------------------------------------------------------------------

def _quadratic_case():
    f = RotatedEllipsoid(3, condition=10.0, seed=3, minimizer=np.array([1.0, -2.0, 0.5]))
    sigma_inv = random_spd(np.random.default_rng(11), 3, eigenvalues=[0.3, 1.5, 6.0])
    return f, np.array([0.3, 0.2, -0.4]), sigma_inv


def erratum_taylor_sigma(printed: bool = True) -> bool:
    """Proof of Theorem 3.2: z = μ + αΣu should be μ + αΣ^{1/2}u. On a quadratic, E f(μ + αΣ^{1/2}u)
    − f(μ) = α²/2·tr(HΣ) (Gauss–Hermite of the actual expectation, with a Cholesky factor) while
    the printed z gives α²/2·tr(HΣ²): the two differ unless Σ² = Σ. ``printed=False`` tests the
    corrected z with the symmetric root Σ^{1/2} instead (not flagged)."""
    from ..linalg import symmetric_roots

    f, mu, sigma_inv = _quadratic_case()
    sigma = np.linalg.inv(sigma_inv)
    rule = GaussianRule.gauss_hermite(3, 4)
    C = np.linalg.cholesky(sigma)
    actual = float(rule.expectation(lambda U: f(mu + U @ C.T))) - f(mu)
    step = sigma if printed else symmetric_roots(sigma_inv)[0]        # Σ or Σ^{1/2}
    form = float(rule.expectation(lambda U: f(mu + U @ step.T))) - f(mu)
    return bool(np.isclose(actual, 0.5 * np.trace(f.H @ sigma), rtol=1e-10)
                and not np.isclose(form, actual, rtol=1e-3))


def erratum_logdet_step(pairs: int = 2000, printed: bool = True) -> bool:
    """eq:R (proof of Theorem 3.3) bounds log det Σ̂ − log det Σ by d(λmax(Σ̂) − λmin(Σ)) for any
    Σ̂, Σ ∈ S. A random search over pairs in S (τ = 4, ζ = 400, d = 2; eigenvalues log-uniform in
    [ζ⁻¹, τ⁻¹], random rotations) finds pairs where it fails, while the repaired
    log det Σ̂ − log det Σ ≤ d·log(ζ/τ) holds for every pair (``printed=False``: not flagged).
    Theorem 3.3 itself does not need the step (``theorem33_r_cancels``)."""
    rng = np.random.default_rng(36)
    tau, zeta, d = 4.0, 400.0, 2
    printed_fails = corrected_fails = 0
    for _ in range(pairs):
        hat, other = (random_spd(rng, d, eigenvalues=np.exp(rng.uniform(np.log(1 / zeta),
                                                                        np.log(1 / tau), d)))
                      for _ in range(2))
        lhs = np.linalg.slogdet(hat)[1] - np.linalg.slogdet(other)[1]
        printed_fails += lhs > d * (np.linalg.eigvalsh(hat)[-1] - np.linalg.eigvalsh(other)[0])
        corrected_fails += lhs > d * np.log(zeta / tau) * (1 + 1e-12)
    return bool(printed_fails > 0) if printed else bool(corrected_fails > 0)


def erratum_theorem33_sign(sweep: AlphaSweep = SECTION3_SWEEP, printed: bool = True) -> bool:
    """Last line of the proof of Theorem 3.3: ‖μ* − μ̂*‖² ≤ (2/σ)(f(μ*) − f(μ̂*)) has the wrong
    sign; measured at α = 1 the printed right side is negative while the left side is positive.
    ``printed=False``: the corrected (2/σ)(f(μ̂*) − f(μ*)) (strong convexity) is not exceeded
    at any α of the sweep."""
    f, df = sweep.run()
    if printed:
        row = df[df.alpha == df.alpha.max()].iloc[0]
        return bool(2 / f.sigma * (-row.f_gap) < 0 < row.distance_sq)
    return bool((df.distance_sq > 2 / f.sigma * df.f_gap * (1 + 1e-9) + 1e-15).any())


class Theorem33WithoutR(NamedTuple):
    """``theorem33_r_cancels``: Q_α at (μ̂*, Σ̂*) and at (μ*, Σ̂*), f(μ̂*) − f(μ*), the bound
    without R, the printed bound, the R-term the printed bound carries, and α, τ, ζ."""
    q_hat: float
    q_mixed: float
    gap: float
    bound_without_R: float
    printed: float
    r_term: float
    alpha: float
    tau: float
    zeta: float


def theorem33_r_cancels(f: Objective | None = None, alpha: float = 0.1, tau: float = 2.0,
                        zeta: float = 20.0) -> Theorem33WithoutR:
    """Theorem 3.3 holds as printed without eq:R. μ̂* minimizes Q_α(·, Σ̂*), so Q_α(μ̂*, Σ̂*) ≤
    Q_α(μ*, Σ̂*); both sides carry the same R(Σ̂*) = −α²/2 log det Σ̂*, which cancels, and
    Theorem 3.2's sandwich at Σ̂* gives f(μ̂*) − f(μ*) ≤ Lα² tr Σ̂* + 2α³φ(Σ̂*) ≤ dLα²/τ +
    γα³(d + 3)^{3/2}/(3τ^{3/2}): the printed bound without its term dα²/2(τ⁻¹ − ζ⁻¹) ≥ 0.

    Measured on the 1-D sine-curvature objective (μ̂* ≠ μ*; default) at α, τ, ζ: both Q_α values
    (Gauss–Hermite, 40 nodes), the gap, the R-free bound and the printed one."""
    f = _SineCurvature(1) if f is None else f
    rule = GaussianRule.gauss_hermite(f.dim, 40 if f.dim == 1 else 20)
    hat = minimize_regularized(f, alpha, tau=tau, zeta=zeta, rule=rule)
    q_hat = regularized_objective(f, hat.mean, hat.sigma, alpha, rule)
    q_mixed = regularized_objective(f, f.minimizer, hat.sigma, alpha, rule)
    printed = theorem33_bounds(d=f.dim, L=f.L, sigma=f.sigma, gamma=f.gamma, tau=tau, zeta=zeta,
                               alpha=alpha).f_gap
    r_term = f.dim * alpha**2 / 2 * (1 / tau - 1 / zeta)
    gap = float(f(hat.mean[None, :])[0] - f.f_star)
    return Theorem33WithoutR(float(q_hat), float(q_mixed), gap, printed - r_term, printed, r_term,
                             alpha, tau, zeta)


def erratum_sig_opt_mu(printed: bool = True) -> bool:
    """eq:Sig_opt_1 writes ∇²f(μ*) where eq:Sig_opt has ∇²f(μ̂*): with 2α⁻²Φ(Σ̂*) = E∇²f(μ̂* +
    αΣ̂*^{1/2}u) − ∇²f(μ̂*), the fixed point holds with μ̂* and fails with μ* (α = 1, logistic).
    ``printed=False`` flags the corrected form (μ̂*) only if it is not the fixed point."""
    f = synthetic_logistic(2)
    rule = GaussianRule.gauss_hermite(2, 30)
    tau, zeta = f.sigma / 2, 2 * f.L
    hat = minimize_regularized(f, 1.0, tau=tau, zeta=zeta, rule=rule)
    phi_term = smoothed(f, hat.mean, hat.sigma, 1.0, rule, derivatives=2)[2] - f.hessian(hat.mean)
    with_hat = project_eigenvalues(np.linalg.inv(f.hessian(hat.mean) + phi_term), 1 / zeta, 1 / tau)
    with_star = project_eigenvalues(np.linalg.inv(f.hessian(f.minimizer) + phi_term), 1 / zeta, 1 / tau)
    if not printed:                      # the corrected eq:Sig_opt_1 (μ̂*) is the fixed point
        return bool(not np.allclose(with_hat, hat.sigma, atol=1e-10))
    return bool(np.allclose(with_hat, hat.sigma, atol=1e-10)
                and not np.allclose(with_star, hat.sigma, atol=1e-6))


# --- Further errata in the proofs of Theorems 3.1 and 3.4 -----------------------------------

class _SineCurvature(Objective):
    """f(x) = Σ_i x_i²/2 + a(x_i − sin x_i), so ∇²f(x) = diag(1 + a sin x_i): σ = 1 − a, L = 1 + a,
    γ = a in the spectral and in the Frobenius norm (the Hessian is diagonal and |sin x − sin y| ≤
    |x − y|), x* = 0, f* = 0. ∇²f − I is odd about x*, so μ̂* ≠ μ*; the smoothing is known
    in closed form (the independent check of the quadratures): E∂²_i f(μ + α Σ^{1/2}u) − ∂²_i f(μ)
    = a sin μ_i · (e^{−α²Σ_ii/2} − 1) for diagonal Σ, i.e. 2α⁻²Φ_μ(Σ) by Price's identity."""

    name = "sine curvature"

    def __init__(self, dim: int = 1, a: float = 0.1):
        self.dim, self.a = dim, a
        self.sigma, self.L, self.gamma = 1.0 - a, 1.0 + a, a
        self.minimizer, self.f_star = np.zeros(dim), 0.0

    def _value(self, X):
        return np.sum(X**2 / 2 + self.a * (X - np.sin(X)), axis=1)

    def _gradient(self, X):
        return X + self.a * (1 - np.cos(X))

    def _hessian(self, X):
        return (1 + self.a * np.sin(X))[:, :, None] * np.eye(self.dim)

    def two_phi(self, mu, sigma_diagonal, alpha):
        """2α⁻²Φ_μ(Σ) = E∇²f(μ + αΣ^{1/2}u) − ∇²f(μ) for diagonal Σ, in closed form."""
        return np.diag(self.a * np.sin(mu) * np.expm1(-alpha**2 * np.asarray(sigma_diagonal) / 2))


@functools.cache
def _sine_case(dim: int):
    """(f, α, rule, (μ̂*, Σ̂*), Σ_*) for ``_SineCurvature(dim)``, τ = σ, ζ = L, α = 0.99 × the
    largest α of eq:alp_cond: all hypotheses of Theorem 3.4 hold. The minimizers are the
    library's (Gauss–Hermite, exact to ~1e-14 here)."""
    f = _SineCurvature(dim)
    tau, zeta = f.sigma, f.L
    alpha = 0.99 * alpha_condition(d=dim, sigma=f.sigma, gamma=f.gamma, tau=tau, zeta=zeta)
    rule = GaussianRule.gauss_hermite(dim, 40 if dim == 1 else 20)
    hat = minimize_regularized(f, alpha, tau=tau, zeta=zeta, rule=rule)
    star = minimize_sigma_given_mean(f, f.minimizer, alpha, tau=tau, zeta=zeta, rule=rule,
                                     sigma0=hat.sigma)
    return f, alpha, rule, hat, star


def _midpoint_gap(f, alpha, lower, upper, rule) -> float:
    """Q_α(μ*, Σ_m) − ½(Q_α(μ*, Σ_l) + Q_α(μ*, Σ_u)) in 1-D, Σ_m the midpoint of Σ_l = lower,
    Σ_u = upper: positive where Σ ↦ Q_α(μ*, Σ) is not convex."""
    def q(s):
        return regularized_objective(f, f.minimizer, [[s]], alpha, rule)
    return q((lower + upper) / 2) - (q(lower) + q(upper)) / 2


def q_curvature(f: Objective, alpha: float, s: float, rule: GaussianRule) -> float:
    """∂²Q_α(μ*, s)/∂s² for a 1-D f at Σ = s: J′(s) = α²/2·E f″(μ* + α√s u) (Price), so
    J″(s) = α²/(4s)·E[f″(μ* + α√s u)(u² − 1)] (Stein), plus α²/(2s²) from −α²/2·log s."""
    a = alpha * math.sqrt(s)

    def integrand(U):
        return f.hessian(f.minimizer + a * U)[:, 0, 0] * (U[:, 0] ** 2 - 1)

    return float(alpha**2 / (4 * s) * rule.expectation(integrand) + alpha**2 / (2 * s**2))


def convexity_threshold() -> float:
    """The ζ/σ above which Σ ↦ Q_α(μ, Σ) is convex on S for every 1-D f (σ-strongly convex,
    γ-Lipschitz f″) and every α allowed by eq:alp_cond: 3√(2/π)/(2c₁), c₁ = 6^{5/2} + 4^{3/2}
    (≈ 1/80.4). Derivation: E[f″(μ + a u)(u² − 1)] = a E[f‴(μ + a u) u] ≥ −aγE|u| =
    −aγ√(2/π) (a = α√s), so ∂²Q/∂s² ≥ α²/(2s²) − α³γ√(2/π)/(4√s) ≥ 0 ⇔ αγ√(2/π)s^{3/2} ≤ 2;
    the worst s is τ⁻¹ and eq:alp_cond's α ≤ 3τ^{3/2}σ/(γζc₁) gives αγτ^{-3/2} ≤ 3σ/(ζc₁)
    (independent of τ), so ζ ≥ 3√(2/π)σ/(2c₁) suffices. The bound on E[f‴u] is attained by
    f″ = L − γ|x| near μ, so no better threshold holds for all f."""
    return 3 * math.sqrt(2 / math.pi) / (2 * (6**2.5 + 4**1.5))


def convexity_scan(ratios=(1 / 400, 1 / 200, 1 / 120, 1 / 81, 1 / 80, 1 / 40, 1 / 10, 1.0),
                   f: Objective | None = None, points: int = 41) -> pd.DataFrame:
    """Per ratio ζ/σ: the smallest ∂²Q_α(μ*, s)/∂s² over s ∈ S (``points`` log-spaced) on the
    1-D ``f`` (default ``log_cosh_1d(a=1, c=0.04)``, the counterexample's), with τ = ζ/1.5 and α
    at the bound of eq:alp_cond; and the sufficient condition αγ√(2/π)τ^{-3/2} ≤ 2 of
    ``convexity_threshold``. Negative curvature where Q_α is not convex."""
    f = log_cosh_1d(a=1.0, c=0.04) if f is None else f
    rule = GaussianRule.gauss_hermite(1, 100)
    rows = []
    for ratio in ratios:
        zeta = ratio * f.sigma
        tau = zeta / 1.5
        alpha = alpha_condition(d=1, sigma=f.sigma, gamma=f.gamma, tau=tau, zeta=zeta)
        grid = np.geomspace(1 / zeta, 1 / tau, points)
        rows.append(dict(ratio=ratio, zeta=zeta, tau=tau, alpha=alpha,
                         min_curvature=min(q_curvature(f, alpha, x, rule) for x in grid),
                         sufficient=alpha * f.gamma * math.sqrt(2 / math.pi) * tau**-1.5 <= 2))
    return pd.DataFrame(rows)


def erratum_strict_convexity(printed: bool = True) -> bool:
    """Proof of Theorem 3.4, sentence after eq:Sig_opt: "Because the optimization problem is
    strictly convex, there is a unique solution (Σ̂*, A₁, A₂)". Σ ↦ Q_α(μ̂*, Σ) = J − α²/2·log det Σ
    need not be convex on S, even under eq:alp_cond (J is not linear in Σ unless f is quadratic,
    where the same sentence in the proof of Theorem 3.1 is right). Correct: eq:Sig_opt is
    necessary at the minimizer; with M̂ = ∇²f(μ̂*) + 2α⁻²Φ(Σ̂*) frozen, (Σ̂*, A₁, A₂) is the KKT
    point of the strictly convex min_S ½⟨M̂, Σ⟩ − ½ log det Σ, whose solution is Π_S(M̂⁻¹).

    Counterexample: ``log_cosh_1d(a=1, c=0.04)`` (symmetric, so μ̂* = μ* = 0), τ = 0.002,
    ζ = 0.003, α at the bound of eq:alp_cond: Q_α(0, ·) lies above its chord over S at the
    midpoint. Q_α by the library's Gauss–Hermite, cross-checked by adaptive quadrature.

    Where it bites: ζ = 0.003 ≈ σ/333. In 1-D, under eq:alp_cond, Q_α(μ, ·) is convex on S
    whenever ζ ≥ 3√(2/π)σ/(2c₁) ≈ σ/80 (``convexity_threshold``, ``convexity_scan``), so the
    paper's regime ζ ≥ L ≥ σ is unaffected. ``printed=False`` tests the corrected statement:
    the frozen problem ½⟨M̂, Σ⟩ − ½ log det Σ (M̂ = E f″(μ̂* + α√Σ̂* u)) has a negative midpoint
    gap on the same S (convex: not flagged)."""
    import scipy.integrate

    f, tau, zeta = log_cosh_1d(a=1.0, c=0.04), 0.002, 0.003
    alpha = alpha_condition(d=1, sigma=f.sigma, gamma=f.gamma, tau=tau, zeta=zeta)
    rule = GaussianRule.gauss_hermite(1, 100)
    hat = minimize_regularized(f, alpha, tau=tau, zeta=zeta, rule=rule)
    gap = _midpoint_gap(f, alpha, 1 / zeta, 1 / tau, rule)

    def quad(s):                                              # J by adaptive quadrature
        def density(u):
            return float(f(np.array([alpha * np.sqrt(s) * u]))) * scipy.stats.norm.pdf(u)
        J = scipy.integrate.quad(density, -np.inf, np.inf, epsabs=1e-13)[0]
        return J - alpha**2 / 2 * np.log(s)

    if not printed:
        M = smoothed(f, hat.mean, hat.sigma, alpha, rule, derivatives=2)[2][0, 0]

        def frozen(x):
            return 0.5 * M * x - 0.5 * np.log(x)
        lo, hi = 1 / zeta, 1 / tau
        return bool(frozen((lo + hi) / 2) - (frozen(lo) + frozen(hi)) / 2 >= 0)
    s = np.array([1 / zeta, (1 / zeta + 1 / tau) / 2, 1 / tau])
    quad_gap = quad(s[1]) - (quad(s[0]) + quad(s[2])) / 2
    return bool(abs(hat.mean[0]) < 1e-12 and gap > 0 and abs(quad_gap - gap) < 1e-3 * gap)


def _frozen_minimizer(M, tau, zeta):
    """argmin over S (d = 2) of ½⟨M, Σ⟩ − ½ log det Σ by brute force: L-BFGS-B over
    Σ = R(θ) diag(λ) R(θ)ᵀ, λ ∈ [ζ⁻¹, τ⁻¹]², from 8 starting angles."""
    import scipy.optimize

    def unpack(x):
        c, s = np.cos(x[0]), np.sin(x[0])
        R = np.array([[c, -s], [s, c]])
        return (R * x[1:]) @ R.T

    def objective(x):
        return 0.5 * float(np.sum(M * unpack(x))) - 0.5 * float(np.sum(np.log(x[1:])))

    mid = (1 / zeta + 1 / tau) / 2
    best = min((scipy.optimize.minimize(objective, [theta, mid, mid], method="L-BFGS-B",
                                        bounds=[(None, None)] + [(1 / zeta, 1 / tau)] * 2,
                                        options={"ftol": 1e-15, "gtol": 1e-12})
                for theta in np.linspace(0, np.pi, 8, endpoint=False)), key=lambda r: r.fun)
    return unpack(best.x)


def erratum_sig_opt_posdef(printed: bool = True) -> bool:
    """eq:Sig_opt → eq:Sig_opt_1 (proof of Theorem 3.4): substituting A₁, A₂ built from
    M̂ = UΛUᵀ gives Σ̂* = U diag(1/clip(Λ, τ, ζ)) Uᵀ, which is Π_S(M̂⁻¹) only when M̂ ≻ 0; that is
    proved only later (eq:tmp1, from eq:alp_cond). Correct: state eq:Sig_opt_1 after eq:tmp1.

    For M = R diag(−1, 2) Rᵀ, τ = 0.5, ζ = 3 (d = 2) the brute-force minimizer over S of the
    frozen problem ½⟨M, Σ⟩ − ½ log det Σ is the KKT construction and not Π_S(M⁻¹).
    ``printed=False``: the corrected U diag(1/clip(Λ, τ, ζ)) Uᵀ is not flagged."""
    tau, zeta = 0.5, 3.0
    R = random_rotation(np.random.default_rng(2), 2)
    M = (R * [-1.0, 2.0]) @ R.T
    kkt = (R / np.clip([-1.0, 2.0], tau, zeta)) @ R.T
    brute = _frozen_minimizer(M, tau, zeta)
    projection = project_eigenvalues(np.linalg.inv(M), 1 / zeta, 1 / tau)
    if not printed:                      # the KKT construction is the minimizer
        return bool(not np.allclose(brute, kkt, atol=1e-5))
    return bool(np.allclose(brute, kkt, atol=1e-5)
                and not np.allclose(brute, projection, atol=1e-2))


@functools.cache
def _scaled_score(d: int) -> sp.Matrix:
    """α²·∇_Σ̄ log π at Σ̄ = α²Σ (the chain rule of eq:J_Sig_0's first line), Σ the symmetric
    symbol s, the gradient by direct differentiation of log π (``derivations.score_covariance``,
    unconstrained convention as eq:nab_Sig)."""
    alpha = sp.Symbol("alpha", positive=True)
    S, Sigma = dv.symmetric_matrix_symbol("S", d), dv.symmetric_matrix_symbol("s", d)
    return alpha**2 * dv.score_covariance(d).subs(
        {S[i, j]: alpha**2 * Sigma[i, j] for i in range(d) for j in range(i, d)})


def _j_sig_0_residual(power: int, d: int = 2) -> sp.Matrix:
    """eq:J_Sig_0's middle line, (½Σ⁻¹xxᵀΣ⁻¹α^power − ½Σ⁻¹α⁻²)·α² with x = z − μ, minus
    ``_scaled_score(d)``, each entry in canonical rational form (zero iff identically zero)."""
    alpha = sp.Symbol("alpha", positive=True)
    Si = dv.symmetric_matrix_symbol("s", d).inv()
    z = sp.Matrix(sp.symbols(f"z1:{d + 1}", real=True))
    x = z - sp.Matrix(sp.symbols(f"mu1:{d + 1}", real=True))
    middle = (Si * x * x.T * Si * alpha**power / 2 - Si * alpha**-2 / 2) * alpha**2
    return (middle - _scaled_score(d)).applyfunc(sp.cancel)


def erratum_j_sig_0_power(printed: bool = True) -> bool:
    """eq:J_Sig_0, middle line (proof of Theorem 3.4; the same in eq:J_Sig): Σ̄⁻¹ = α⁻²Σ⁻¹ occurs
    twice in ½Σ̄⁻¹(z − μ̂*)(z − μ̂*)ᵀΣ̄⁻¹, so the printed α⁻² should be α⁻⁴. Sympy (d = 2): the
    printed line minus α²∇_Σ̄ log π (direct differentiation) is nonzero, with α⁻⁴ it is zero. The
    last line of the display is right. ``printed=False`` flags α⁻⁴ only if its residual is not 0."""
    if not printed:
        return bool(_j_sig_0_residual(-4) != sp.zeros(2, 2))
    return bool(_j_sig_0_residual(-2) != sp.zeros(2, 2) and _j_sig_0_residual(-4) == sp.zeros(2, 2))


def _tmp2_first_line_sides():
    """(2α⁻²‖Φ(Σ̂*)‖ by Price's identity in closed form, E[ρ̃(αΣ̂*^{1/2}u)(Σ̂*^{-1/2}uuᵀΣ̂*^{-1/2} −
    Σ̂*⁻¹)] by Gauss–Hermite, ρ̃ the Taylor remainder of f at μ̂*) for ``_sine_case(1)``."""
    f, alpha, rule, hat, _ = _sine_case(1)
    mu, s = hat.mean, hat.sigma[0, 0]

    def integrand(U):
        h = alpha * np.sqrt(s) * U[:, 0]
        rho = f(mu + h[:, None]) - f(mu) - f.gradient(mu)[0] * h - f.hessian(mu)[0, 0] * h**2 / 2
        return rho * (U[:, 0] ** 2 - 1) / s

    return abs(f.two_phi(mu, [s], alpha)[0, 0]), float(rule.expectation(integrand))


def erratum_tmp2_first_line(printed: bool = True) -> bool:
    """eq:tmp2, first line (proof of Theorem 3.4): printed 2α⁻²‖Φ(Σ̂*)‖ = E_u[ρ̃(αΣ̂*^{1/2}u)
    (Σ̂*^{-1/2}uuᵀΣ̂*^{-1/2} − Σ̂*⁻¹)], but Φ = ½E[…], so the right side is α⁻²‖E_u[…]‖ (the next
    line's factor αγ/6 = α⁻²·α³γ/6 already uses it). At the minimizer of the 1-D sine objective
    inside eq:alp_cond, α⁻²|E[…]| matches the closed-form left side and E[…] does not."""
    lhs, expectation = _tmp2_first_line_sides()
    _, alpha, *_ = _sine_case(1)
    if not printed:                      # α⁻²‖E[…]‖ is the left side
        return bool(not np.isclose(abs(expectation) / alpha**2, lhs, rtol=1e-6))
    return bool(not np.isclose(expectation, lhs, rtol=1e-3)
                and np.isclose(abs(expectation) / alpha**2, lhs, rtol=1e-6))


def _tmp_phi_sides():
    """For ``_sine_case(1)``, with A = ∇²f(μ̂*) + 2α⁻²Φ(Σ̂*) = E∇²f(μ̂* + αΣ̂*^{1/2}u) (the
    library's quadrature) and B = ∇²f(μ̂*): (‖A⁻¹ − B⁻¹‖, ‖A⁻¹(2α⁻²Φ_μ(Σ))B⁻¹‖ with Φ in closed
    form at (μ, Σ) = (μ̂*, Σ̂*), (μ*, Σ_*), (μ̂*, Σ_*))."""
    f, alpha, rule, hat, star = _sine_case(1)
    A = smoothed(f, hat.mean, hat.sigma, alpha, rule, derivatives=2)[2]
    A_inv, B_inv = np.linalg.inv(A), np.linalg.inv(f.hessian(hat.mean))
    lhs = float(np.linalg.norm(A_inv - B_inv))

    def rhs(mu, sigma):
        return float(np.linalg.norm(A_inv @ f.two_phi(mu, np.diag(sigma), alpha) @ B_inv))

    return lhs, rhs(hat.mean, hat.sigma), rhs(f.minimizer, star), rhs(hat.mean, star)


def erratum_tmp_phi_argument(printed: bool = True) -> bool:
    """eq:tmp, lines 3–4, and the first line of the "Consequently" display (proof of Theorem 3.4):
    printed ‖A⁻¹ − B⁻¹‖ ≤ ‖A⁻¹(2α⁻²Φ(Σ_*))B⁻¹‖ with A = ∇²f(μ̂*) + 2α⁻²Φ(Σ̂*), B = ∇²f(μ̂*);
    eq:A_inv gives equality with Φ(Σ̂*). On the 1-D sine objective at its exact minimizers inside
    eq:alp_cond the printed right side is below the left side, with Φ read at μ* or at μ̂*, while
    Φ(Σ̂*) (closed form) reproduces the left side (quadrature)."""
    lhs, correct, at_mu_star, at_mu_hat = _tmp_phi_sides()
    if not printed:                      # with Φ(Σ̂*) the right side is not below the left
        return bool(correct < lhs * (1 - 1e-8))
    return bool(np.isclose(correct, lhs, rtol=1e-8)
                and max(at_mu_star, at_mu_hat) < lhs * (1 - 1e-5))


def _last_chain_sides():
    """For ``_sine_case(2)``: (‖∇²f(μ*)⁻¹‖_F‖∇²f(μ̂*)⁻¹‖_F‖∇²f(μ*) − ∇²f(μ̂*)‖_F, the same with
    spectral norms on the inverses, γ/σ²‖μ* − μ̂*‖)."""
    f, _, _, hat, _ = _sine_case(2)
    H_star, H_hat = f.hessian(f.minimizer), f.hessian(hat.mean)
    difference = np.linalg.norm(H_star - H_hat)

    def product(order):
        return (np.linalg.norm(np.linalg.inv(H_star), order)
                * np.linalg.norm(np.linalg.inv(H_hat), order) * difference)

    return product("fro"), product(2), f.gamma / f.sigma**2 * np.linalg.norm(f.minimizer - hat.mean)


def erratum_last_chain_norms(printed: bool = True) -> bool:
    """Proof of Theorem 3.4, last chain, second line: printed ‖∇²f(μ*)⁻¹‖·‖∇²f(μ̂*)⁻¹‖·‖∇²f(μ*) −
    ∇²f(μ̂*)‖ ≤ γ/σ²‖μ* − μ̂*‖ with ‖·‖ Frobenius (the proof's convention), where each inverse can
    have Frobenius norm √d/σ. Correct: spectral norms ‖·‖₂ on the inverses (and a Hessian that is
    γ-Lipschitz in the Frobenius norm). On the 2-D sine objective (γ the same in both norms) at
    its minimizer inside eq:alp_cond the printed left side exceeds the right, the corrected
    one does not."""
    frobenius, spectral, rhs = _last_chain_sides()
    if not printed:
        return bool(spectral > rhs)
    return bool(frobenius > 1.2 * rhs and spectral <= rhs)


def _j_quad_residuals(sigma_power) -> tuple:
    """(integrand − f(z), E[integrand] − (f(μ) + α²/2⟨H, Σ⟩)) for eq:J_quad's integrand
    f(μ) + α⟨∇f(μ), Σ^{sigma_power}u⟩ + α²/2 uᵀΣ^{1/2}HΣ^{1/2}u, with f the quadratic eq:quad,
    z = μ + αΣ^{1/2}u, Σ^{1/2} = R a symmetric 2×2 symbol (Σ = R²)."""
    alpha, f0 = sp.symbols("alpha f_0", positive=True)
    R, H = dv.symmetric_matrix_symbol("r", 2), dv.symmetric_matrix_symbol("h", 2)
    g, u = sp.Matrix(sp.symbols("g1:3", real=True)), sp.Matrix(sp.symbols("u1:3", real=True))
    step = alpha * R * u                                                  # z − μ
    f_z = f0 + (g.T * step)[0, 0] + (step.T * H * step)[0, 0] / 2         # eq:quad
    integrand = (f0 + alpha * (g.T * R**(2 * sigma_power) * u)[0, 0]
                 + alpha**2 / 2 * (u.T * R * H * R * u)[0, 0])
    mean = dv.gaussian_expectation(integrand, list(u))
    return (sp.expand(integrand - f_z),
            sp.simplify(mean - f0 - alpha**2 / 2 * (H * R * R).trace()))


def erratum_j_quad_integrand(printed: bool = True) -> bool:
    """eq:J_quad (used in the first display of the proof of Theorem 3.1): the integrand has
    α⟨∇f(μ), Σu⟩ where z − μ = αΣ^{1/2}u gives α⟨∇f(μ), Σ^{1/2}u⟩. Sympy: the printed integrand
    differs from f(z) (its linear term has the wrong matrix) while its mean, like that of f(z),
    is the right side f(μ) + α²/2⟨H, Σ⟩; with Σ^{1/2} it is f(z)."""
    if not printed:
        pointwise, mean = _j_quad_residuals(sp.Rational(1, 2))
        return bool(pointwise != 0 or mean != 0)
    pointwise, mean = _j_quad_residuals(1)
    return bool(pointwise != 0 and mean == 0 and _j_quad_residuals(sp.Rational(1, 2))[0] == 0)
