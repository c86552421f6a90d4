"""The checkers of the proof of Theorem 3 (our Theorem 3.3, prop:mu; Appendix C).

The admissible instances: d ∈ {1, 2, 3}, 0 < τ ≤ ζ, Σ*, Σ̂* ∈ S (spectra in [ζ⁻¹, τ⁻¹]),
α ∈ [10⁻², 1], L, γ > 0, R(Σ) = −(α²/2) log det Σ; f = ``common.LogCosh`` (σ-strongly convex,
minimizer μ* = 0) where a line needs the objective, with μ̂* any point. The lines that combine
Theorem 2 at the minimizers hold for every θ, and are checked at random θ (``prop_close``); the
two lines that need Q_α(θ̂*) ≤ Q_α(θ*) (``minimizers_combined``, ``minimizers_rearranged``) are
checked at the minimizers of Theorem 4's joint model (``prop_sigma.joint_draw``: the shifted
log-cosh, θ̂* the KKT point of Q_α on R^d × S, Σ_* that of Q_α(μ*, ·) on S, α within
eq:alp_cond), with φ exact (``phi``). φ(Σ) = E[(γ/6)‖Σ^{1/2}u‖³] is Monte Carlo elsewhere.
"""

from __future__ import annotations


import functools
import math

import numpy as np
import sympy

from ..check import Draw, Expectation, Symbolic
from . import prop_sigma
from .common import logcosh, logcosh_size, positive, spd

__all__ = [
    "phi",
    "minimizers_combined",
    "rearrange",
    "minimizers_rearranged",
    "minimum",
    "trace_lambda",
    "trace_tau",
    "phi_norm",
    "phi_gauss",
    "phi_sum",
    "r_logdet",
    "r_lambda",
    "r_tau",
    "r_bound",
    "combine",
    "strong_convexity",
    "final",
]


def rearrange(rng):
    """A ≤ B ⇒ A' ≤ B' (the ⇒ line): B − A = B' − A' (sympy), with A = f̂ + R̂ − (Lα²/2)tr Σ̂ −
    α³φ̂, B = f* + (Lα²/2)tr Σ* + α³φ* + R*, A' = f̂ − f*, B' = (Lα²/2)(tr Σ* + tr Σ̂) + α³(φ* + φ̂)
    + R* − R̂."""
    f1, f0, r1, r0, t1, t0, p1, p0, L, a = sympy.symbols(
        "fh fs Rh Rs th ts ph ps L alpha", real=True
    )
    A = f1 + r1 - L * a**2 / 2 * t1 - a**3 * p1
    B = f0 + L * a**2 / 2 * t0 + a**3 * p0 + r0
    A2 = f1 - f0
    B2 = L * a**2 / 2 * (t0 + t1) + a**3 * (p0 + p1) + r0 - r1
    return Symbolic(B - A, B2 - A2)


@functools.cache
def _log_nodes() -> tuple[np.ndarray, np.ndarray]:
    """Gauss–Legendre nodes and weights in v = log s over [log 1e-8, 60] (``phi``)."""
    x, w = np.polynomial.legendre.leggauss(_PHI_NODES)
    low, high = math.log(_PHI_S0), 60.0
    return low + (x + 1) * (high - low) / 2, w * (high - low) / 2


#: below this s the integrand of ``phi`` is replaced by its series (its difference cancels)
_PHI_S0 = 1e-8
_PHI_NODES = 600


def phi(S: np.ndarray, gamma: float) -> float:
    """φ(Σ) = (γ/6)E‖Σ^{1/2}u‖³, u ~ N(0, I): with Q = uᵀΣu = Σᵢλᵢgᵢ² and x^{3/2} =
    (3/(2√π))∫₀^∞F(sx)s^{−5/2} ds, F(v) = 1 − e^{−v}(1 + v) (by parts), E Q^{3/2} is one
    integral of the Laplace transform E e^{−sQ} = Πᵢ(1 + 2sλᵢ)^{−1/2} and of E[Qe^{−sQ}] =
    E e^{−sQ}·Σᵢλᵢ/(1 + 2sλᵢ), in v = log s by Gauss–Legendre (``_PHI_NODES`` nodes). Below
    s₀ = 1e-8, where the difference cancels to rounding, F(v) = v²/2 − v³/3 + O(v⁴) gives
    E[Q²]s₀^{1/2} − (2/9)E[Q³]s₀^{3/2}, added (E[Q²], E[Q³] from the cumulants 2^{n−1}(n − 1)!
    Σᵢλᵢⁿ). Against the closed forms at Σ = cI: 1e-11 relative for c ≤ 100."""
    lam = np.linalg.eigvalsh(np.asarray(S, dtype=float))
    if lam[0] <= 0:
        raise ValueError(f"S must be positive definite, got eigenvalues {lam}")
    v, w = _log_nodes()
    s = np.exp(v)[:, None]
    log_laplace = -0.5 * np.log1p(2 * s * lam).sum(axis=1)
    first = (s * lam / (1 + 2 * s * lam)).sum(axis=1)
    inner = -np.expm1(log_laplace) - np.exp(log_laplace) * first
    total = float(w @ (inner * np.exp(-1.5 * v)))
    k1, k2, k3 = lam.sum(), 2 * float(np.sum(lam**2)), 8 * float(np.sum(lam**3))
    second, third = k1**2 + k2, k1**3 + 3 * k1 * k2 + k3  # E[Q²], E[Q³]
    total += second * math.sqrt(_PHI_S0) - 2 / 9 * third * _PHI_S0**1.5
    return gamma / 6 * 3 / (2 * math.sqrt(math.pi)) * total


def _at_minimizers(s) -> dict:
    """The terms of step 5 at the joint model's minimizers: f̂ = f(μ̂*), f* = f(μ*) (= 0), R, tr
    and φ at Σ̂* and Σ_*, with L, γ of the model's f."""
    f, a = s["f"], s["alpha"]

    def R(S):
        return -(a**2) / 2 * float(np.sum(np.log(np.linalg.eigvalsh(S))))

    hat, star = s["S_hat"], s["S_star"]
    return dict(
        f_hat=float(f.values(s["mu_hat"][None, :])[0]),
        f_star=float(f.values(f.mu_star[None, :])[0]),
        R_hat=R(hat),
        R_star=R(star),
        tr_hat=float(np.trace(hat)),
        tr_star=float(np.trace(star)),
        phi_hat=phi(hat, f.gamma),
        phi_star=phi(star, f.gamma),
        L=f.L,
        a=a,
    )


def minimizers_combined(rng):
    """Step 5: f(μ̂*) + R(Σ̂*) − (Lα²/2)tr Σ̂* − α³φ(Σ̂*) ≤ f(μ*) + (Lα²/2)tr Σ_* + α³φ(Σ_*) +
    R(Σ_*), at the minimizers of Theorem 4's joint model (the module docstring), φ exact."""

    def sides(s):
        t = _at_minimizers(s)
        c = t["L"] * t["a"] ** 2 / 2
        lhs = t["f_hat"] + t["R_hat"] - c * t["tr_hat"] - t["a"] ** 3 * t["phi_hat"]
        rhs = t["f_star"] + c * t["tr_star"] + t["a"] ** 3 * t["phi_star"] + t["R_star"]
        return lhs, rhs, 1e-12 * (abs(t["R_hat"]) + abs(t["R_star"]))

    return prop_sigma.joint_draw(rng, sides)


def minimizers_rearranged(rng):
    """Step 8: f(μ̂*) − f(μ*) ≤ (Lα²/2)tr(Σ_* + Σ̂*) + α³(φ(Σ_*) + φ(Σ̂*)) + R(Σ_*) − R(Σ̂*), at
    the minimizers of Theorem 4's joint model, φ exact."""

    def sides(s):
        t = _at_minimizers(s)
        lhs = t["f_hat"] - t["f_star"]
        rhs = t["L"] * t["a"] ** 2 / 2 * (t["tr_star"] + t["tr_hat"])
        rhs += t["a"] ** 3 * (t["phi_star"] + t["phi_hat"]) + t["R_star"] - t["R_hat"]
        return lhs, rhs, 1e-12 * (abs(t["R_hat"]) + abs(t["R_star"]))

    return prop_sigma.joint_draw(rng, sides)


def minimum(rng):
    """0 ≤ f(μ̂*) − f(μ*) (μ* minimizes f)."""
    d = int(rng.integers(1, 4))
    k = logcosh_size(d, 2)

    def sides(x):
        f, point = logcosh(x, d, 2)
        value = f(point) - f(f.mu_star)
        return 0.0, value, abs(value) + 1e-12 * (1 + abs(f(point)))

    return Draw(rng.standard_normal(k), sides, lambda x: dict(d=d))


def _pair(x: np.ndarray, d: int) -> dict:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e3)
    m = d * d + d
    return dict(
        d=d,
        tau=tau,
        zeta=zeta,
        alpha=positive(x[2], 1e-2, 1.0),
        L=positive(x[3], 1e-2, 1e2),
        gamma=positive(x[4], 1e-2, 1e2),
        star=spd(x[5 : 5 + m], d, 1 / zeta, 1 / tau),
        hat=spd(x[5 + m : 5 + 2 * m], d, 1 / zeta, 1 / tau),
    )


def _pair_draw(rng: np.random.Generator, sides) -> Draw:
    d = int(rng.integers(1, 4))
    x0 = rng.standard_normal(5 + 2 * (d * d + d))

    def evaluate(x):
        lhs, rhs = sides(_pair(x, d))
        return lhs, rhs, abs(lhs) + abs(rhs)

    def describe(x):
        s = _pair(x, d)
        return {k: s[k] for k in ("d", "tau", "zeta", "alpha")}

    return Draw(x0, evaluate, describe)


def _lmax(S: np.ndarray) -> float:
    return float(np.linalg.eigvalsh(S)[-1])


def trace_lambda(rng):
    """(Lα²/2)tr(Σ* + Σ̂*) ≤ (dLα²/2)(λmax(Σ*) + λmax(Σ̂*))."""

    def sides(s):
        c = s["L"] * s["alpha"] ** 2 / 2
        lhs = c * float(np.trace(s["star"] + s["hat"]))
        return lhs, c * s["d"] * (_lmax(s["star"]) + _lmax(s["hat"]))

    return _pair_draw(rng, sides)


def trace_tau(rng):
    """(dLα²/2)(λmax(Σ*) + λmax(Σ̂*)) ≤ dLα²/τ (Σ*, Σ̂* ∈ S)."""

    def sides(s):
        c = s["d"] * s["L"] * s["alpha"] ** 2
        return c / 2 * (_lmax(s["star"]) + _lmax(s["hat"])), c / s["tau"]

    return _pair_draw(rng, sides)


def _pair_sample(rng: np.random.Generator) -> dict:
    d = int(rng.integers(1, 4))
    return _pair(rng.standard_normal(5 + 2 * (d * d + d)), d)


def _cubes(S: np.ndarray, U: np.ndarray) -> np.ndarray:
    """‖S^{1/2}u‖³ for the rows u of U."""
    w, P = np.linalg.eigh(S)
    root = (P * np.sqrt(w)) @ P.T
    return np.linalg.norm(U @ root, axis=1) ** 3


def phi_norm(rng):
    """φ(Σ*) ≤ (γ‖Σ*^{1/2}‖³/6)E‖u‖³: Monte Carlo of (γ/6)(‖Σ^{1/2}u‖³ − ‖Σ^{1/2}‖³‖u‖³) ≤ 0."""
    s = _pair_sample(rng)
    norm3 = _lmax(s["star"]) ** 1.5

    def sample(gen, n):
        U = gen.standard_normal((n, s["d"]))
        return s["gamma"] / 6 * (_cubes(s["star"], U) - norm3 * np.linalg.norm(U, axis=1) ** 3)

    return Expectation(sample, 0.0, s["gamma"] * norm3, dict(d=s["d"]))


def phi_gauss(rng):
    """(γ‖Σ^{1/2}‖³/6)E‖u‖³ ≤ γ(d + 3)^{3/2}/(6τ^{3/2}) (eq:gauss_power, Σ ∈ S), Monte Carlo."""
    s = _pair_sample(rng)
    c = s["gamma"] * _lmax(s["star"]) ** 1.5 / 6
    rhs = s["gamma"] * (s["d"] + 3) ** 1.5 / (6 * s["tau"] ** 1.5)

    def sample(gen, n):
        return c * np.linalg.norm(gen.standard_normal((n, s["d"])), axis=1) ** 3

    return Expectation(sample, rhs, rhs, dict(d=s["d"], tau=s["tau"]))


def phi_sum(rng):
    """α³(φ(Σ*) + φ(Σ̂*)) ≤ γα³(d + 3)^{3/2}/(3τ^{3/2}), Monte Carlo."""
    s = _pair_sample(rng)
    rhs = s["gamma"] * s["alpha"] ** 3 * (s["d"] + 3) ** 1.5 / (3 * s["tau"] ** 1.5)

    def sample(gen, n):
        U = gen.standard_normal((n, s["d"]))
        V = gen.standard_normal((n, s["d"]))
        return s["alpha"] ** 3 * s["gamma"] / 6 * (_cubes(s["star"], U) + _cubes(s["hat"], V))

    return Expectation(sample, rhs, rhs, dict(d=s["d"], tau=s["tau"]))


def r_logdet(rng):
    """R(Σ*) − R(Σ̂*) = (α²/2)(−log det Σ* + log det Σ̂*) (sympy)."""
    a, p, q = sympy.symbols("alpha p q", positive=True)  # det Σ*, det Σ̂*

    def R(det):
        return -(a**2) / 2 * sympy.log(det)

    return Symbolic(R(p) - R(q), a**2 / 2 * (-sympy.log(p) + sympy.log(q)))


def _logdet(S: np.ndarray) -> float:
    return float(np.sum(np.log(np.linalg.eigvalsh(S))))


def _r_diff(s: dict) -> float:
    return s["alpha"] ** 2 / 2 * (_logdet(s["hat"]) - _logdet(s["star"]))


def r_lambda(rng):
    """(α²/2)(log det Σ̂* − log det Σ*) ≤ (dα²/2)(λmax(Σ̂*) − λmin(Σ*))."""

    def sides(s):
        lmin = float(np.linalg.eigvalsh(s["star"])[0])
        return _r_diff(s), s["d"] * s["alpha"] ** 2 / 2 * (_lmax(s["hat"]) - lmin)

    return _pair_draw(rng, sides)


def r_tau(rng):
    """(dα²/2)(λmax(Σ̂*) − λmin(Σ*)) ≤ (dα²/2)(τ⁻¹ − ζ⁻¹) (Σ*, Σ̂* ∈ S)."""

    def sides(s):
        c = s["d"] * s["alpha"] ** 2 / 2
        lmin = float(np.linalg.eigvalsh(s["star"])[0])
        return c * (_lmax(s["hat"]) - lmin), c * (1 / s["tau"] - 1 / s["zeta"])

    return _pair_draw(rng, sides)


def r_bound(rng):
    """eq:R: R(Σ*) − R(Σ̂*) ≤ (dα²/2)(τ⁻¹ − ζ⁻¹)."""

    def sides(s):
        return _r_diff(s), s["d"] * s["alpha"] ** 2 / 2 * (1 / s["tau"] - 1 / s["zeta"])

    return _pair_draw(rng, sides)


def combine(rng):
    """(Lα²/2)tr(Σ* + Σ̂*) + α³(φ* + φ̂) + R(Σ*) − R(Σ̂*) ≤ dLα²/τ + γα³(d + 3)^{3/2}/(3τ^{3/2}) +
    (dα²/2)(τ⁻¹ − ζ⁻¹), Monte Carlo (φ's)."""
    s = _pair_sample(rng)
    a, d, tau = s["alpha"], s["d"], s["tau"]
    shift = s["L"] * a**2 / 2 * float(np.trace(s["star"] + s["hat"])) + _r_diff(s)
    rhs = d * s["L"] * a**2 / tau + s["gamma"] * a**3 * (d + 3) ** 1.5 / (3 * tau**1.5)
    rhs += d * a**2 / 2 * (1 / tau - 1 / s["zeta"])

    def sample(gen, n):
        U = gen.standard_normal((n, d))
        V = gen.standard_normal((n, d))
        return shift + a**3 * s["gamma"] / 6 * (_cubes(s["star"], U) + _cubes(s["hat"], V))

    return Expectation(sample, rhs, abs(rhs) + abs(shift), dict(d=d, tau=tau, zeta=s["zeta"]))


def strong_convexity(rng):
    """‖μ* − μ̂*‖² ≤ (2/σ)(f(μ*) − f(μ̂*)), as printed."""
    d = int(rng.integers(1, 4))
    k = logcosh_size(d, 2)

    def sides(x):
        f, point = logcosh(x, d, 2)
        lhs = float(point @ point)
        rhs = 2 / f.sigma * (f(f.mu_star) - f(point))
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(rng.standard_normal(k), sides, lambda x: dict(d=d))


def final(rng):
    """(2/σ)(f(μ*) − f(μ̂*)) ≤ 2dLα²/(στ) + 2γα³(d + 3)^{3/2}/(3στ^{3/2}) + (dα²/σ)(τ⁻¹ − ζ⁻¹)."""
    d = int(rng.integers(1, 4))
    k = logcosh_size(d, 2)

    def sides(x):
        f, point = logcosh(x[:k], d, 2)
        s = _pair(x[k:], d)
        a, tau, sigma = s["alpha"], s["tau"], f.sigma
        lhs = 2 / sigma * (f(f.mu_star) - f(point))
        rhs = 2 * d * f.L * a**2 / (sigma * tau)
        rhs += 2 * f.gamma * a**3 * (d + 3) ** 1.5 / (3 * sigma * tau**1.5)
        rhs += d * a**2 / sigma * (1 / tau - 1 / s["zeta"])
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(rng.standard_normal(k + 5 + 2 * (d * d + d)), sides, lambda x: dict(d=d))
