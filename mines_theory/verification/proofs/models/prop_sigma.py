"""The checkers of the proof of Theorem 4 (our Thm 3.4, prop:Sigma; Appendix C).

The admissible instances, from the theorem's hypotheses: d ∈ {1, 2, 3}; f is the *shifted*
log-cosh ``Shifted`` below (σ-strongly convex, L-smooth, with a γ-Lipschitz Hessian in the
Frobenius norm, minimizer μ*); 0 < τ ≤ ζ with S = {Σ : Σ⁻¹ ∈ [τ, ζ]}; α a random fraction in
[0.05, 1] of the largest α of eq:alp_cond (and at most 1). The shift makes f asymmetric about
μ*, so that μ̂* ≠ μ* (a symmetric f such as ``common.LogCosh`` has μ̂* = μ* and hides
eq:Sig_opt_1's typo).

The smoothed quantities are one-dimensional Gaussian integrals along each wᵢ (Gauss–Hermite,
exact to rounding at these α): with mᵢ = wᵢᵀ(μ − μ*) − cᵢ, sᵢ = α(wᵢᵀΣwᵢ)^{1/2} and g ~ N(0, 1),

* M(μ, Σ) = E∇²f(μ + αΣ^{1/2}u) = A + β Σᵢ E[sech²(mᵢ + sᵢg)] wᵢwᵢᵀ, which is
  ∇²f(μ) + 2α⁻²Φ(Σ) (Price's identity; Lemma 23);
* ∂J/∂Σ by the chain rule through sᵢ, from a different integrand: (α²/2)A +
  β Σᵢ (α²/(2sᵢ)) E[tanh(mᵢ + sᵢg) g] wᵢwᵢᵀ (so 2α⁻²Φ(Σ) = 2α⁻²∂J/∂Σ − ∇²f(μ) is computed
  apart from M);
* ∇_μJ = A(μ − μ*) + β Σᵢ (E tanh(mᵢ + sᵢg) + tanh cᵢ) wᵢ.

The minimizers: (μ̂*, Σ̂*) is the KKT point of Q_α on R^d × S (Newton on ∇_μJ = 0 alternated
with the fixed point Σ ← Π_S(M(μ, Σ)⁻¹), each to rounding), Σ_* the fixed point at μ = μ*
(``minimizers``). Φ(Σ_*) is read as the proof defines Φ, with the Taylor remainder at μ̂*.

Three models (``_Model``, each quantity computed when a line asks for it): the *joint* model, at
the minimizers, for the lines about them (eq:Sig_opt_1, eq:tmp's third line, the display after
eq:tmp1, the last chain); the *kkt* model, Σ̂ the KKT point of Q_α(μ, ·) on S at a random μ, for
the KKT system and eq:tmp's first line (which hold at every μ); the *free* model, random μ, Σ ∈ S,
for the lines that hold at every μ and Σ ∈ S (non-expansiveness, eq:tmp1, eq:tmp2, norm
products). The instances are drawn from a fixed pool (3 dimensions × ``_POOL`` free vectors,
``_pool``), so that the lines share their minimizers (cached); the adversarial search moves away
from them. A margin's scale has a floor, the rounding of the terms a member is a difference of
(``_FLOOR``). The lines that hold for every θ and need the expectation over u (eq:rho_t, eq:tmp2)
are checked at random μ, Σ ∈ S, α ∈ [10⁻², 1] by Monte Carlo (``check.Expectation``; antithetic
pairs ±u, which cancel the odd part of the Taylor remainder) against the Gauss–Hermite values.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np
import sympy

from ....linalg.spd import project_eigenvalues
from ....theory.bounds.section3 import alpha_condition
from ..check import Draw, Expectation, Symbolic
from .common import positive, spd

__all__ = [
    "Shifted",
    "minimizers",
    "joint_draw",
    "lagrangian_derivative",
    "chain_rule",
    "score_printed",
    "score_u",
    "taylor_plugged",
    "lemma23_applied",
    "phi_definition",
    "substituted",
    "kkt_stationary",
    "kkt_slack_1",
    "kkt_slack_2",
    "kkt_psd_1",
    "kkt_psd_2",
    "sig_opt_1_printed",
    "tmp_fixed_point",
    "tmp_nonexpansive",
    "tmp_a_inv_printed",
    "tmp_norms",
    "a_inv",
    "tmp2_first_printed",
    "tmp2_rho",
    "tmp2_spectral",
    "tmp2_set",
    "tmp2_gauss",
    "tmp1",
    "after_tmp1_printed",
    "after_tmp1_inverse",
    "after_tmp1_tmp2",
    "after_tmp1_constant",
    "similarly",
    "triangle",
    "last_nonexpansive",
    "last_a_inv",
    "last_lipschitz",
    "last_theorem3",
    "final",
    "kkt_global",
    "q_alpha",
    "rho_tilde",
]

_SECH2_SLOPE = 4 / (3 * math.sqrt(3))
_GH_NODES = 24


def _logcosh(s: np.ndarray) -> np.ndarray:
    """log cosh s, accurate for small |s| and without overflow for large |s|."""
    a = np.abs(s)
    small = np.log1p(2 * np.sinh(np.minimum(a, 1.0) / 2) ** 2)
    large = a + np.log1p(np.exp(-2 * a)) - math.log(2)
    return np.where(a < 1.0, small, large)


@dataclass(frozen=True)
class Shifted:
    """f(x) = ½eᵀAe + β Σᵢ [log cosh(wᵢᵀe − cᵢ) − log cosh cᵢ + tanh(cᵢ) wᵢᵀe], e = x − μ*:
    σ = λ_min(A), L = λ_max(A) + β Σᵢ‖wᵢ‖², γ = β(4/(3√3))Σᵢ‖wᵢ‖³ (Frobenius), ∇f(μ*) = 0,
    f(μ*) = 0; the cᵢ tilt each log cosh, so f is not symmetric about μ*."""

    A: np.ndarray
    W: np.ndarray  # rows wᵢ
    c: np.ndarray
    beta: float
    mu_star: np.ndarray

    @property
    def sigma(self) -> float:
        return float(np.linalg.eigvalsh(self.A)[0])

    @property
    def L(self) -> float:
        return float(np.linalg.eigvalsh(self.A)[-1] + self.beta * (self.W**2).sum())

    @property
    def gamma(self) -> float:
        return float(self.beta * _SECH2_SLOPE * (np.linalg.norm(self.W, axis=1) ** 3).sum())

    def values(self, X: np.ndarray) -> np.ndarray:
        """f at each row of X."""
        E = np.asarray(X) - self.mu_star
        S = E @ self.W.T
        tilt = _logcosh(S - self.c) - _logcosh(self.c) + np.tanh(self.c) * S
        return 0.5 * np.einsum("ni,ij,nj->n", E, self.A, E) + self.beta * tilt.sum(axis=1)

    def gradient(self, x: np.ndarray) -> np.ndarray:
        s = self.W @ (x - self.mu_star)
        return self.A @ (x - self.mu_star) + self.beta * self.W.T @ (
            np.tanh(s - self.c) + np.tanh(self.c)
        )

    def hessian(self, x: np.ndarray) -> np.ndarray:
        s = self.W @ (x - self.mu_star) - self.c
        return self.A + self.beta * (self.W.T * (1 - np.tanh(s) ** 2)) @ self.W


def _shifted(x: np.ndarray, d: int, m: int) -> Shifted:
    """A ``Shifted`` from d² + d + 2 + m(d + 1) free numbers: A = a·(spectrum in [1, κ]),
    a ∈ [0.1, 10], κ ∈ [1, 100] log-uniform (nearly isotropic A is drawn often), β ∈ [0.01, 5]."""
    k = d * d + d
    scale = positive(x[k], 0.1, 10.0)
    kappa = positive(x[k + 1], 1.0, 100.0)
    A = scale * spd(x[:k], d, 1.0, kappa)
    W = np.asarray(x[k + 2 : k + 2 + m * d]).reshape(m, d)
    c = np.asarray(x[k + 2 + m * d : k + 2 + m * d + m], dtype=float)
    beta = positive(x[k + 2 + m * d + m], 0.01, 5.0)
    return Shifted(A, W, c, beta, np.zeros(d))


def _shifted_size(d: int, m: int) -> int:
    return d * d + d + 2 + m * (d + 1) + 1


@functools.cache
def _gauss_hermite(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Nodes and weights (summing to 1) of E over g ~ N(0, 1)."""
    g, w = np.polynomial.hermite_e.hermegauss(n)
    return g, w / w.sum()


def _smoothed(f: Shifted, mu: np.ndarray, S: np.ndarray, alpha: float, full: bool = True) -> dict:
    """The one-dimensional Gaussian integrals of the module docstring, per term i: E sech²(t) and
    E tanh(t), t = m + sg, and with ``full`` also, in forms free of cancellation,
    E sech²(t) − sech²(m) = −E[sinh(sg) sinh(2m + sg)/(cosh²t cosh²m)] and E[tanh(t)g]/s =
    E[g sinh(sg)/(s cosh t cosh m)] (tanh t − tanh m = sinh(sg)/(cosh t cosh m))."""
    g, p = _gauss_hermite(_GH_NODES)
    m = (f.W @ (mu - f.mu_star) - f.c)[:, None]
    s = alpha * np.sqrt(np.einsum("ij,jk,ik->i", f.W, S, f.W))[:, None]
    t = m + s * g
    ct = np.cosh(t)
    out = dict(sech2=(1 / ct**2) @ p, tanh=np.tanh(t) @ p)
    if full:
        cm = np.cosh(m)
        sinh_sg = np.sinh(s * g)
        out["dsech2"] = -(sinh_sg * np.sinh(2 * m + s * g) / (ct**2 * cm**2)) @ p
        shc = np.where(s > 0, sinh_sg / np.where(s > 0, s, 1.0), g)  # sinh(sg)/s; g as s → 0
        out["ratio"] = (g * shc / (ct * cm)) @ p
    return out


def _M(f: Shifted, mu: np.ndarray, S: np.ndarray, alpha: float) -> np.ndarray:
    """E∇²f(μ + αΣ^{1/2}u) = ∇²f(μ) + 2α⁻²Φ(Σ) (Price's identity)."""
    e = _smoothed(f, mu, S, alpha)
    return f.A + f.beta * (f.W.T * e["sech2"]) @ f.W


def _two_phi(f: Shifted, mu: np.ndarray, S: np.ndarray, alpha: float) -> np.ndarray:
    """2α⁻²Φ(Σ) = E∇²f(μ + αΣ^{1/2}u) − ∇²f(μ) (Price's identity), without cancellation."""
    e = _smoothed(f, mu, S, alpha)
    return f.beta * (f.W.T * e["dsech2"]) @ f.W


def _M_chain(f: Shifted, mu: np.ndarray, S: np.ndarray, alpha: float) -> np.ndarray:
    """2α⁻²∂J/∂Σ = ∇²f(μ) + 2α⁻²Φ(Σ), ∂J/∂Σ by the chain rule through sᵢ (not Price's)."""
    e = _smoothed(f, mu, S, alpha)
    return f.A + f.beta * (f.W.T * e["ratio"]) @ f.W


def _project(X: np.ndarray, tau: float, zeta: float) -> np.ndarray:
    """Π_S: the spectrum of the symmetric X clipped to [ζ⁻¹, τ⁻¹]."""
    return project_eigenvalues(0.5 * (X + X.T), 1 / zeta, 1 / tau)


def _fixed_step(f, mu, S, alpha, tau, zeta) -> tuple[np.ndarray, np.ndarray]:
    """One step of the iteration: (Π_S(M(μ, Σ)⁻¹), the Newton step M(μ, Σ)⁻¹∇_μJ(μ, Σ)), from
    one eigendecomposition of M (Π_S(M⁻¹) clips the spectrum of M⁻¹, as printed)."""
    e = _smoothed(f, mu, S, alpha, full=False)
    M = f.A + f.beta * (f.W.T * e["sech2"]) @ f.W
    lam, U = np.linalg.eigh(M)
    grad = f.A @ (mu - f.mu_star) + f.beta * f.W.T @ (e["tanh"] + np.tanh(f.c))
    step = U @ ((U.T @ grad) / lam)
    return (U * np.clip(1 / lam, 1 / zeta, 1 / tau)) @ U.T, step


def _sigma_fixed(f, mu, alpha, tau, zeta, S=None) -> np.ndarray:
    """The fixed point Σ = Π_S(M(μ, Σ)⁻¹), iterated to 1e-15 (relative)."""
    S = _project(np.linalg.inv(f.hessian(mu)), tau, zeta) if S is None else S
    for _ in range(60):
        new = _fixed_step(f, mu, S, alpha, tau, zeta)[0]
        done = np.linalg.norm(new - S) <= 1e-15 * np.linalg.norm(S)
        S = new
        if done:
            break
    return S


def _joint(f, alpha, tau, zeta) -> tuple[np.ndarray, np.ndarray]:
    """(μ̂*, Σ̂*): a Newton step on ∇_μJ(μ, Σ) = 0 and a fixed-point step on Σ, in turn, until
    both move by less than 1e-15 (relative), then the Σ fixed point at the last μ."""
    mu = f.mu_star.copy()
    S = _project(np.linalg.inv(f.hessian(mu)), tau, zeta)
    for _ in range(60):
        new, step = _fixed_step(f, mu, S, alpha, tau, zeta)
        mu = mu - step
        done = np.linalg.norm(new - S) <= 1e-15 * np.linalg.norm(S)
        done = done and np.linalg.norm(step) <= 1e-15 * (1 + np.linalg.norm(mu))
        S = new
        if done:
            break
    return mu, _sigma_fixed(f, mu, alpha, tau, zeta, S)


def minimizers(f: Shifted, alpha: float, tau: float, zeta: float) -> tuple[np.ndarray, ...]:
    """(μ̂*, Σ̂*, Σ_*): the KKT point of Q_α on R^d × S, and that of Q_α(μ*, ·) on S."""
    mu_hat, S_hat = _joint(f, alpha, tau, zeta)
    return mu_hat, S_hat, _sigma_fixed(f, f.mu_star, alpha, tau, zeta)


_MODEL_TERMS = 1
#: the joint minimizers are computed once per instance of a fixed pool (3 dimensions × this
#: many), shared by the lines that need them (an instance is drawn from the pool by the step's
#: generator; the adversarial search moves away from it)
_POOL = 1000


def _size(d: int) -> int:
    return _shifted_size(d, _MODEL_TERMS) + 3 + 4 * d + 2 * d * d


def _common(x: np.ndarray, d: int) -> tuple[Shifted, float, float, float, np.ndarray]:
    """f, τ, ζ, α (a fraction in [0.05, 1] of eq:alp_cond's bound, and at most 1) and the
    free numbers left (two points and a Σ ∈ S for the free model), from ``_size(d)``."""
    f = _shifted(x, d, _MODEL_TERMS)
    rest = np.asarray(x[_shifted_size(d, _MODEL_TERMS) :])
    tau = positive(rest[0], 1e-2, 10.0)
    zeta = tau * positive(rest[1], 1.0, 1e3)
    alpha = alpha_condition(d=d, sigma=f.sigma, gamma=f.gamma, tau=tau, zeta=zeta)
    alpha = min(alpha, 1.0) * positive(rest[2], 0.05, 1.0)
    return f, tau, zeta, alpha, rest[3:]


class _Model:
    """An instance of the model: the quantities the lines name, by key (``s["M_hat"]``), each
    computed when a line first asks for it, from f, α, τ, ζ, μ̂ (``mu_hat``), Σ̂ (``S_hat``), Σ_*
    (``S_star``) and the point of ``B_star`` (``point_star``: μ*)."""

    def __init__(self, **base):
        self._values = dict(base)

    def __getitem__(self, key: str):
        if key not in self._values:
            self._values[key] = getattr(self, "_" + key)()
        return self._values[key]

    def _along(self, weights: np.ndarray) -> np.ndarray:
        """Σᵢ weightᵢ wᵢwᵢᵀ."""
        W = self["f"].W
        return (W.T * weights) @ W

    def _hat(self) -> dict:
        return _smoothed(self["f"], self["mu_hat"], self["S_hat"], self["alpha"])

    def _star(self) -> dict:
        return _smoothed(self["f"], self["mu_hat"], self["S_star"], self["alpha"])

    def _sigma(self) -> float:
        return self["f"].sigma

    def _gamma(self) -> float:
        return self["f"].gamma

    def _L(self) -> float:
        return self["f"].L

    def _B(self) -> np.ndarray:
        return self["f"].hessian(self["mu_hat"])

    def _B_star(self) -> np.ndarray:
        return self["f"].hessian(self["point_star"])

    def _M_hat(self) -> np.ndarray:  # ∇²f(μ̂) + 2α⁻²Φ(Σ̂) by the chain rule
        return self["f"].A + self["f"].beta * self._along(self["hat"]["ratio"])

    def _M_star(self) -> np.ndarray:  # ∇²f(μ̂) + 2α⁻²Φ(Σ_*) by Price's identity
        return self["f"].A + self["f"].beta * self._along(self["star"]["sech2"])

    def _two_phi_hat(self) -> np.ndarray:
        return self["f"].beta * self._along(self["hat"]["dsech2"])

    def _two_phi_star(self) -> np.ndarray:
        return self["f"].beta * self._along(self["star"]["dsech2"])

    def _K(self) -> float:
        d = self["d"]
        return (d + 5) ** 2.5 + d * (d + 3) ** 1.5

    def _bound1(self) -> float:
        """The theorem's first bound, αγζK/(3τ^{3/2}σ²)."""
        tau = self["tau"]
        return (
            self["alpha"]
            * self["gamma"]
            * self["zeta"]
            * self["K"]
            / (3 * tau**1.5 * self["sigma"] ** 2)
        )

    def _thm3(self) -> float:
        """Theorem 3's bound on ‖μ* − μ̂*‖²."""
        d, L, sigma, gamma, alpha = (
            self["d"],
            self["L"],
            self["sigma"],
            self["gamma"],
            self["alpha"],
        )
        tau, zeta = self["tau"], self["zeta"]
        bound = 2 * d * L * alpha**2 / (sigma * tau)
        bound += 2 * gamma * alpha**3 * (d + 3) ** 1.5 / (3 * sigma * tau**1.5)
        return bound + d * alpha**2 / sigma * (1 / tau - 1 / zeta)

    def _unit(self) -> float:
        """The size of the Σ-sized matrices the lines compare (for the rounding floors)."""
        return 2 * _fro(self["S_hat"]) + _fro(np.linalg.inv(self["B"]))


class _FreeModel(_Model):
    """The free model (``_free_model``): its Σ's made from the free numbers ``rest`` when a line
    asks for them."""

    def _S_star(self) -> np.ndarray:  # a random Σ ∈ S in the role of Σ_*
        d, k = self["d"], self["d"] ** 2 + self["d"]
        return spd(self["rest"][2 * d : 2 * d + k], d, 1 / self["zeta"], 1 / self["tau"])

    def _S_hat(self) -> np.ndarray:
        """The KKT point of Q_α(μ, ·) on S when ``kkt``, else a random Σ ∈ S."""
        f, tau, zeta, d = self["f"], self["tau"], self["zeta"], self["d"]
        if self["kkt"]:
            return _sigma_fixed(f, self["mu_hat"], self["alpha"], tau, zeta)
        k = d * d + d
        return spd(self["rest"][2 * d + k : 2 * d + 2 * k], d, 1 / zeta, 1 / tau)


@functools.lru_cache(maxsize=4096)
def _joint_model(key: bytes, d: int) -> _Model:
    """The model at the minimizers: μ̂*, Σ̂* (joint), Σ_* (at μ*)."""
    f, tau, zeta, alpha, _ = _common(np.frombuffer(key), d)
    mu_hat, S_hat, S_star = minimizers(f, alpha, tau, zeta)
    return _Model(
        f=f,
        d=d,
        tau=tau,
        zeta=zeta,
        alpha=alpha,
        mu_hat=mu_hat,
        S_hat=S_hat,
        S_star=S_star,
        point_star=f.mu_star,
    )


@functools.lru_cache(maxsize=4096)
def _free_model(key: bytes, d: int, kkt: bool) -> _Model:
    """The model for the lines that hold at every μ and Σ ∈ S: a random point μ (in the role of
    μ̂*), a random Σ ∈ S in the role of Σ_*, a second random point in the role of μ*, and in the
    role of Σ̂* the KKT point of Q_α(μ, ·) on S (the fixed point Σ = Π_S(M(μ, Σ)⁻¹)) when ``kkt``,
    else a third random Σ ∈ S."""
    f, tau, zeta, alpha, rest = _common(np.frombuffer(key), d)
    return _FreeModel(
        f=f,
        d=d,
        tau=tau,
        zeta=zeta,
        alpha=alpha,
        mu_hat=rest[:d],
        point_star=rest[d : 2 * d],
        rest=rest,
        kkt=kkt,
    )


@functools.cache
def _pool(d: int, i: int) -> np.ndarray:
    return np.random.default_rng(np.random.SeedSequence([2026, 34, d, i])).standard_normal(_size(d))


def _describe(s: _Model) -> dict:
    return dict(
        d=s["d"],
        tau=s["tau"],
        zeta=s["zeta"],
        alpha=s["alpha"],
        sigma=s["sigma"],
        L=s["L"],
        gamma=s["gamma"],
        mu_gap=float(np.linalg.norm(s["mu_hat"] - s["point_star"])),
    )


def _size_of(value) -> float:
    return float(np.linalg.norm(value)) if np.ndim(value) else abs(float(value))


def _model_draw(rng: np.random.Generator, sides, model: str = "joint") -> Draw:
    """A draw (an instance of the pool) of the joint model or of the free model (``"kkt"``: with
    Σ̂ the KKT point at μ, ``"free"``: with Σ̂ any Σ ∈ S); ``sides(s)`` returns (lhs, rhs,
    floor): the margin's scale is |lhs| + |rhs| + floor, the floor the rounding of the terms the
    members are differences of."""
    d = int(rng.integers(1, 4))
    x0 = _pool(d, int(rng.integers(_POOL)))

    def at(x):
        key = np.asarray(x, dtype=float).tobytes()
        return _joint_model(key, d) if model == "joint" else _free_model(key, d, model == "kkt")

    def evaluate(x):
        lhs, rhs, floor = sides(at(x))
        return lhs, rhs, _size_of(lhs) + _size_of(rhs) + floor

    return Draw(x0, evaluate, lambda x: _describe(at(x)))


def joint_draw(rng: np.random.Generator, sides) -> Draw:
    """A draw of the joint model, at the minimizers, for another proof's lines (Theorem 3's):
    ``sides(s)`` reads ``s["f"]`` (a ``Shifted``, minimizer ``f.mu_star``), ``s["d"]``,
    ``s["alpha"]``, ``s["tau"]``, ``s["zeta"]``, ``s["mu_hat"]`` (μ̂*), ``s["S_hat"]`` (Σ̂*) and
    ``s["S_star"]`` (Σ_*, at μ*), and returns (lhs, rhs, floor), as ``_model_draw``'s."""
    return _model_draw(rng, sides)


def _fro(X: np.ndarray) -> float:
    return float(np.linalg.norm(X))


def _spec(X: np.ndarray) -> float:
    return float(np.linalg.norm(X, 2))


#: the floor of a line whose members are norms of differences of Σ-sized matrices, as a
#: fraction of their size (``unit``): rounding (≈ 1e-16 × the condition number) is below
#: 1e-10 of it, a violation above 1e-14 of their size is seen
_FLOOR = 1e-4


# -- the Lagrangian and ∂J/∂Σ: sympy ------------------------------------------------------------

_C = sympy.Matrix([[1, 2], [3, 5]])


def lagrangian_derivative(rng):
    """eq:L_partial: ∂L/∂Σ = ∂J/∂Σ − (α²/2)Σ⁻¹ + (α²/2)A₁ − (α²/2)A₂ (d = 2, sympy; Σ's entries
    independent, then Σ symmetric; J = f₀ + (α²/2)⟨H, Σ⟩ + κ(tr Σ)³, a J with a nonlinear part;
    read through the weights C = [[1, 2], [3, 5]])."""
    a = sympy.symbols("alpha", positive=True)
    tau, zeta = sympy.symbols("tau zeta", positive=True)
    f0, kappa = sympy.symbols("f0 kappa", real=True)
    S = sympy.Matrix(2, 2, sympy.symbols("s11 s12 s21 s22", real=True))
    H = sympy.Matrix(2, 2, sympy.symbols("h11 h12 h12 h22", real=True))
    A1 = sympy.Matrix(2, 2, sympy.symbols("a11 a12 a12 a22", real=True))
    A2 = sympy.Matrix(2, 2, sympy.symbols("b11 b12 b12 b22", real=True))
    eye = sympy.eye(2)
    J = f0 + a**2 / 2 * (H.T * S).trace() + kappa * S.trace() ** 3
    Lag = (
        J
        - a**2 / 2 * sympy.log(S.det())
        + a**2 / 2 * (A1.T * (S - eye / tau)).trace()
        + a**2 / 2 * (A2.T * (eye / zeta - S)).trace()
    )
    symmetric = {S[1, 0]: S[0, 1]}
    grad = sympy.Matrix(2, 2, lambda i, j: sympy.diff(Lag, S[i, j])).subs(symmetric)
    dJ = sympy.Matrix(2, 2, lambda i, j: sympy.diff(J, S[i, j]))
    target = (dJ - a**2 / 2 * S.inv() + a**2 / 2 * A1 - a**2 / 2 * A2).subs(symmetric)
    lhs = sum(_C[i, j] * grad[i, j] for i in range(2) for j in range(2))
    rhs = sum(_C[i, j] * target[i, j] for i in range(2) for j in range(2))
    return Symbolic(sympy.simplify(lhs), sympy.simplify(rhs))


def _quartic_1d():
    """d = 1: f(μ + x) = c₀ + c₁x + c₂x² + c₃x³ + c₄x⁴, x = α√s·u; J(s) = E f in closed form."""
    a, s = sympy.symbols("alpha s", positive=True)
    c = sympy.symbols("c0:5", real=True)
    u = sympy.symbols("u", real=True)
    x = a * sympy.sqrt(s) * u
    f = sum(c[k] * x**k for k in range(5))
    J = c[0] + c[2] * a**2 * s + 3 * c[4] * a**4 * s**2  # E u² = 1, E u⁴ = 3
    witness = {a: 0.5, s: 2.0, **{ck: 1.0 + k for k, ck in enumerate(c)}}
    return a, s, u, x, f, J, witness


def _gauss_mean(expr, u):
    """E over u ~ N(0, 1) of a polynomial in u: uᵏ ↦ (k − 1)!! for k even, 0 for k odd."""
    poly = sympy.Poly(sympy.expand(expr), u)
    return sum(
        coeff * (sympy.factorial2(k - 1) if k % 2 == 0 else 0)
        for (k,), coeff in zip(poly.monoms(), poly.coeffs(), strict=True)
    )


def chain_rule(rng):
    """∂J/∂Σ = ∂J/∂Σ̄ · ∂Σ̄/∂Σ with Σ̄ = α²Σ (d = 1, sympy): J(Σ) = J̄(α²Σ) for the quartic's
    J̄(s̄) = c₀ + c₂s̄ + 3c₄s̄²."""
    a, s, *_ = _quartic_1d()
    c0, c2, c4, sb = sympy.symbols("c0 c2 c4 sbar", real=True)
    Jbar = c0 + c2 * sb + 3 * c4 * sb**2
    lhs = sympy.diff(Jbar.subs(sb, a**2 * s), s)
    rhs = sympy.diff(Jbar, sb).subs(sb, a**2 * s) * sympy.diff(a**2 * s, s)
    return Symbolic(lhs, rhs, {a: 0.5, s: 2.0, c0: 1.0, c2: 2.0, c4: 3.0})


def score_printed(rng):
    """eq:J_Sig_0's middle line as printed, E_z[f(z)(½Σ⁻¹(z − μ̂*)(z − μ̂*)ᵀΣ⁻¹α⁻² −
    ½Σ⁻¹α⁻²)]·α², against ∂J/∂Σ (d = 1, f a quartic about μ̂*; the Gaussian moments exact)."""
    a, s, u, x, f, J, witness = _quartic_1d()
    printed = _gauss_mean(f * (x**2 / (2 * s**2) * a**-2 - a**-2 / (2 * s)), u) * a**2
    return Symbolic(sympy.diff(J, s), printed, witness)


def score_u(rng):
    """eq:J_Sig_0's last line: ∂J/∂Σ = ½E_u[f(μ̂* + αΣ^{1/2}u)(Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹)]
    (d = 1, f a quartic; the Gaussian moments exact)."""
    a, s, u, x, f, J, witness = _quartic_1d()
    rhs = _gauss_mean(f * (u**2 / s - 1 / s), u) / 2
    return Symbolic(sympy.diff(J, s), rhs, witness)


def substituted(rng):
    """∂L/∂Σ after ∂J/∂Σ = (α²/2)∇²f(μ̂*) + Φ(Σ) is put into eq:L_partial (sympy; the matrices
    as commuting symbols: the line is linear in each)."""
    a = sympy.symbols("alpha", positive=True)
    h, p, si, a1, a2 = sympy.symbols("H Phi Sinv A1 A2", real=True)
    dJ = a**2 / 2 * h + p
    lhs = dJ - a**2 / 2 * si + a**2 / 2 * a1 - a**2 / 2 * a2
    rhs = a**2 / 2 * h + p - a**2 / 2 * si + a**2 / 2 * a1 - a**2 / 2 * a2
    return Symbolic(lhs, rhs, {a: 0.5, h: 1.0, p: 2.0, si: 3.0, a1: 4.0, a2: 5.0})


# -- Monte Carlo: the Taylor expansion in ∂J/∂Σ ------------------------------------------------


def _mc_setting(rng: np.random.Generator) -> dict:
    """Random d, f (two terms), μ, Σ ∈ S (spectrum in [0.1, 10]), α ∈ [0.1, 1], test matrix C."""
    d = int(rng.integers(1, 4))
    f = _shifted(rng.standard_normal(_shifted_size(d, 2)), d, 2)
    mu = rng.standard_normal(d)
    S = spd(rng.standard_normal(d * d + d), d, 0.1, 10.0)
    w, P = np.linalg.eigh(S)
    R = rng.standard_normal((d, d))
    return dict(
        d=d,
        f=f,
        mu=mu,
        S=S,
        root=(P * np.sqrt(w)) @ P.T,
        inv_root=(P / np.sqrt(w)) @ P.T,
        alpha=positive(rng.standard_normal(), 0.1, 1.0),
        C=np.eye(d) + 0.25 * (R + R.T),
    )


def _terms(s: dict, gen: np.random.Generator, n: int) -> tuple[np.ndarray, ...]:
    """Per draw, averaged over the antithetic pair ±u: ½(α²/2)q⟨C, D⟩ and ½ρ̃⟨C, D⟩."""
    f, mu, alpha, C = s["f"], s["mu"], s["alpha"], s["C"]
    U = gen.standard_normal((n, s["d"]))
    V = U @ s["inv_root"]  # rows Σ^{-1/2}u
    CD = np.einsum("ni,ij,nj->n", V, C, V) - float(np.sum(C * np.linalg.inv(s["S"])))
    Hs = s["root"] @ f.hessian(mu) @ s["root"]
    q = np.einsum("ni,ij,nj->n", U, Hs, U)
    h = alpha * U @ s["root"]
    base = f.values(mu[None, :])[0]
    g = h @ f.gradient(mu)
    rho = 0.5 * (f.values(mu + h) - base - g + f.values(mu - h) - base + g) - alpha**2 / 2 * q
    return 0.5 * alpha**2 / 2 * q * CD, 0.5 * rho * CD


#: Draws averaged into each value the engine receives, for the Monte Carlo lines of ∂J/∂Σ:
#: the values stay independent, and their standard error falls by √_BATCH (with 20,000
#: values, 20,000·_BATCH draws), so that a relative error of a few per cent is detected.
_BATCH = 64


def _batched(one, gen: np.random.Generator, n: int) -> np.ndarray:
    """n independent values, each the mean of ``_BATCH`` draws of ``one(gen, m)``."""
    return one(gen, n * _BATCH).reshape(n, _BATCH).mean(axis=1)


def _mc_describe(s: dict) -> dict:
    return dict(d=s["d"], alpha=s["alpha"], gamma=s["f"].gamma)


def taylor_plugged(rng):
    """∂J/∂Σ = ½E[((α²/2)uᵀΣ^{1/2}∇²f Σ^{1/2}u + ρ̃(αΣ^{1/2}u))(Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹)]:
    Monte Carlo of ⟨C, ·⟩ against ⟨C, ∂J/∂Σ⟩ by the chain rule (Gauss–Hermite)."""
    s = _mc_setting(rng)
    dJ = s["alpha"] ** 2 / 2 * _M_chain(s["f"], s["mu"], s["S"], s["alpha"])
    rhs = float(np.sum(s["C"] * dJ))

    def sample(gen, n):
        def one(gen, n):
            quadratic, remainder = _terms(s, gen, n)
            return quadratic + remainder

        return _batched(one, gen, n)

    return Expectation(sample, rhs, abs(rhs) + 1e-300, _mc_describe(s), _BATCH)


def lemma23_applied(rng):
    """… = (α²/2)∇²f(μ̂*) + Φ(Σ) (Lemma 23 on the quadratic part): Monte Carlo of the whole
    expectation against (α²/2)∇²f(μ) + Φ(Σ), Φ from Price's identity (Gauss–Hermite of sech²)."""
    s = _mc_setting(rng)
    f, mu, alpha = s["f"], s["mu"], s["alpha"]
    phi = alpha**2 / 2 * _two_phi(f, mu, s["S"], alpha)
    rhs = float(np.sum(s["C"] * (alpha**2 / 2 * f.hessian(mu) + phi)))

    def sample(gen, n):
        def one(gen, n):
            quadratic, remainder = _terms(s, gen, n)
            return quadratic + remainder

        return _batched(one, gen, n)

    return Expectation(sample, rhs, abs(rhs) + 1e-300, _mc_describe(s), _BATCH)


def phi_definition(rng):
    """Φ(Σ) = ½E[ρ̃(αΣ^{1/2}u)(Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹)], against Φ = (α²/2)(E∇²f(μ +
    αΣ^{1/2}u) − ∇²f(μ)) (Price's identity, Gauss–Hermite): Monte Carlo of ⟨C, ·⟩."""
    s = _mc_setting(rng)
    f, mu, alpha = s["f"], s["mu"], s["alpha"]
    rhs = float(np.sum(s["C"] * alpha**2 / 2 * _two_phi(f, mu, s["S"], alpha)))

    def sample(gen, n):
        return _batched(lambda gen, n: _terms(s, gen, n)[1], gen, n)

    return Expectation(sample, rhs, abs(rhs) + 1e-300, _mc_describe(s), _BATCH)


# -- the KKT system, eq:Sig_opt_1, eq:tmp, eq:A_inv ----------------------------------------------


def _multipliers(s: _Model) -> tuple[np.ndarray, np.ndarray]:
    """The proof's construction from ∇²f(μ̂*) + 2α⁻²Φ(Σ̂*) = UΛUᵀ (by the chain rule, ``M_hat``):
    A₁ = U max(τ − Λ, 0)Uᵀ, A₂ = U max(Λ − ζ, 0)Uᵀ."""
    lam, U = np.linalg.eigh(0.5 * (s["M_hat"] + s["M_hat"].T))
    A1 = (U * np.maximum(s["tau"] - lam, 0.0)) @ U.T
    A2 = (U * np.maximum(lam - s["zeta"], 0.0)) @ U.T
    return A1, A2


def kkt_stationary(rng):
    """eq:Sig_opt: Σ̂* = (∇²f(μ̂*) + 2α⁻²Φ(Σ̂*) + A₁ − A₂)⁻¹ at the KKT point of Q_α(μ, ·) on S
    (free model, Σ̂ the KKT point at any μ)."""

    def sides(s):
        A1, A2 = _multipliers(s)
        return s["S_hat"], np.linalg.inv(s["M_hat"] + A1 - A2), 0.0

    return _model_draw(rng, sides, "kkt")


def kkt_slack_1(rng):
    """A₁Σ̂* = τ⁻¹A₁ (complementary slackness of Σ ⪯ τ⁻¹I), the proof's A₁."""

    def sides(s):
        A1 = _multipliers(s)[0]
        return A1 @ s["S_hat"], A1 / s["tau"], _fro(A1) * _fro(s["S_hat"])

    return _model_draw(rng, sides, "kkt")


def kkt_slack_2(rng):
    """A₂Σ̂* = ζ⁻¹A₂ (complementary slackness of Σ ⪰ ζ⁻¹I), the proof's A₂."""

    def sides(s):
        A2 = _multipliers(s)[1]
        return A2 @ s["S_hat"], A2 / s["zeta"], _fro(A2) * _fro(s["S_hat"])

    return _model_draw(rng, sides, "kkt")


def kkt_psd_1(rng):
    """A₁ ⪰ 0, the proof's A₁."""

    def sides(s):
        A1 = _multipliers(s)[0]
        return A1, np.zeros_like(A1), _fro(s["M_hat"])

    return _model_draw(rng, sides, "kkt")


def kkt_psd_2(rng):
    """A₂ ⪰ 0, the proof's A₂."""

    def sides(s):
        A2 = _multipliers(s)[1]
        return A2, np.zeros_like(A2), _fro(s["M_hat"])

    return _model_draw(rng, sides, "kkt")


def sig_opt_1_printed(rng):
    """eq:Sig_opt_1 as printed: Σ̂* = Π_S((∇²f(μ*) + 2α⁻²Φ(Σ̂*))⁻¹), with μ* for μ̂*, at the
    joint minimizer."""

    def sides(s):
        X = np.linalg.inv(s["B_star"] + s["two_phi_hat"])
        return s["S_hat"], _project(X, s["tau"], s["zeta"]), 0.0

    return _model_draw(rng, sides)


def _projected(s: _Model, X: np.ndarray) -> np.ndarray:
    return _project(X, s["tau"], s["zeta"])


def tmp_fixed_point(rng):
    """eq:tmp, first line: ‖Σ̂* − Π_S(∇²f(μ̂*)⁻¹)‖ = ‖Π_S((∇²f(μ̂*) + 2α⁻²Φ(Σ̂*))⁻¹) −
    Π_S(∇²f(μ̂*)⁻¹)‖ (eq:Sig_opt_1 with μ̂*, as this line writes it; free model)."""

    def sides(s):
        P = _projected(s, np.linalg.inv(s["B"]))
        lhs = _fro(s["S_hat"] - P)
        rhs = _fro(_projected(s, np.linalg.inv(s["M_hat"])) - P)
        return lhs, rhs, _FLOOR * s["unit"]

    return _model_draw(rng, sides, "kkt")


def tmp_nonexpansive(rng):
    """‖Π_S(M̂⁻¹) − Π_S(∇²f(μ̂*)⁻¹)‖ ≤ ‖M̂⁻¹ − ∇²f(μ̂*)⁻¹‖ (Π_S is non-expansive; free model)."""

    def sides(s):
        Minv, Binv = np.linalg.inv(s["M_hat"]), np.linalg.inv(s["B"])
        lhs = _fro(_projected(s, Minv) - _projected(s, Binv))
        return lhs, _fro(Minv - Binv), _FLOOR * s["unit"]

    return _model_draw(rng, sides, "free")


def tmp_a_inv_printed(rng):
    """eq:tmp, third line as printed: ‖M̂⁻¹ − B⁻¹‖ ≤ ‖M̂⁻¹(2α⁻²Φ(Σ_*))B⁻¹‖, M̂ = B +
    2α⁻²Φ(Σ̂*), B = ∇²f(μ̂*), at the joint minimizer. The left side is computed as
    ‖M̂⁻¹(2α⁻²Φ(Σ̂*))B⁻¹‖ (eq:A_inv, step 26: an identity), free of the cancellation of
    M̂⁻¹ − B⁻¹, whose difference is of order α²."""

    def sides(s):
        Minv, Binv = np.linalg.inv(s["M_hat"]), np.linalg.inv(s["B"])
        lhs = _fro(Minv @ s["two_phi_hat"] @ Binv)
        return lhs, _fro(Minv @ s["two_phi_star"] @ Binv), 0.0

    return _model_draw(rng, sides)


def tmp_norms(rng):
    """‖M̂⁻¹(2α⁻²Φ(Σ_*))B⁻¹‖ ≤ ‖M̂⁻¹‖₂‖B⁻¹‖₂‖2α⁻²Φ(Σ_*)‖ (‖AB‖ ≤ ‖A‖₂‖B‖; free model, Σ_* any
    Σ ∈ S)."""

    def sides(s):
        Minv, Binv = np.linalg.inv(s["M_hat"]), np.linalg.inv(s["B"])
        lhs = _fro(Minv @ s["two_phi_star"] @ Binv)
        return lhs, _spec(Minv) * _spec(Binv) * _fro(s["two_phi_star"]), 0.0

    return _model_draw(rng, sides, "free")


def a_inv(rng):
    """eq:A_inv: A⁻¹ − B⁻¹ = A⁻¹(B − A)B⁻¹ for nonsingular A, B (random, not symmetric, d ≤ 4)."""
    d = int(rng.integers(1, 5))

    def sides(x):
        A = np.asarray(x[: d * d]).reshape(d, d) + 3 * np.eye(d)
        B = np.asarray(x[d * d :]).reshape(d, d) - 3 * np.eye(d)
        Ai, Bi = np.linalg.inv(A), np.linalg.inv(B)
        scale = _fro(Ai) * _fro(Bi) * (_fro(A) + _fro(B))
        return Ai - Bi, Ai @ (B - A) @ Bi, scale

    return Draw(rng.standard_normal(2 * d * d), sides, lambda x: dict(d=d))


def _tensor_gauss_hermite(d: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    g, p = _gauss_hermite(n)
    grids = np.meshgrid(*([g] * d), indexing="ij")
    weights = np.meshgrid(*([p] * d), indexing="ij")
    return np.stack([G.ravel() for G in grids], 1), np.prod([W.ravel() for W in weights], 0)


#: The Taylor coefficients of log cosh beyond order 2 as polynomials in T = tanh s: the n-th
#: derivative is P_n(T), P_1 = T, P_{n+1} = P_n′·(1 − T²) (tanh′ = 1 − T²)
_LOGCOSH_DERIVATIVES = [np.polynomial.Polynomial([0.0, 1.0])]
for _n in range(2, 25):
    _LOGCOSH_DERIVATIVES.append(
        _LOGCOSH_DERIVATIVES[-1].deriv() * np.polynomial.Polynomial([1.0, 0.0, -1.0])
    )


def rho_tilde(f: Shifted, mu: np.ndarray, h: np.ndarray) -> np.ndarray:
    """ρ̃(h) = f(μ + h) − f(μ) − ∇f(μ)ᵀh − ½hᵀ∇²f(μ)h at each row of h, without the
    cancellation of those differences (their terms are O(1), ρ̃ is O(‖h‖³): at ‖h‖ ≈ 10⁻⁵ the
    differences are rounding): the quadratic part of f has none, each log cosh(wᵢᵀe − cᵢ) its
    Taylor series in t = wᵢᵀh from order 3 (24 terms) where |t| < 0.1, the differences
    elsewhere (there ρ̃ ≥ 10⁻⁴ of its terms)."""
    s0, t = f.W @ (mu - f.mu_star) - f.c, h @ f.W.T
    T, series = np.tanh(s0), np.zeros_like(t)
    for n in range(3, 25):
        series += _LOGCOSH_DERIVATIVES[n - 1](T) * t**n / math.factorial(n)
    direct = _logcosh(s0 + t) - _logcosh(s0) - T * t - 0.5 * (1 - T**2) * t**2
    return f.beta * np.where(np.abs(t) < 0.1, series, direct).sum(axis=1)


def tmp2_first_printed(rng):
    """eq:tmp2, first line as printed: 2α⁻²‖Φ(Σ̂*)‖ = E_u[ρ̃(αΣ̂*^{1/2}u)(Σ̂*^{-1/2}uuᵀΣ̂*^{-1/2}
    − Σ̂*⁻¹)], read with the norm of the right side: the left by Price's identity, the right by
    tensor Gauss–Hermite of ρ̃·(…) (12 nodes a dimension), at the joint minimizer."""

    def sides(s):
        f, mu, S, alpha, d = s["f"], s["mu_hat"], s["S_hat"], s["alpha"], s["d"]
        w, P = np.linalg.eigh(S)
        root, inv_root = (P * np.sqrt(w)) @ P.T, (P / np.sqrt(w)) @ P.T
        U, p = _tensor_gauss_hermite(d, 12)
        rho = rho_tilde(f, mu, alpha * U @ root)
        V = U @ inv_root
        E = np.einsum("n,ni,nj->ij", p * rho, V, V) - float(p @ rho) * np.linalg.inv(S)
        # ρ̃'s rounding (relative, ≤ 10⁻¹³ of each term), carried through the quadrature
        size = np.einsum("ni,ni->n", V, V) + _fro(np.linalg.inv(S))
        return _fro(s["two_phi_hat"]), _fro(E), 1e-13 * float(p @ (np.abs(rho) * size))

    return _model_draw(rng, sides)


def _set_setting(x: np.ndarray, d: int) -> dict:
    """d, τ ≤ ζ, Σ ∈ S, α ∈ [10⁻², 1], γ ∈ [10⁻², 10²] from d² + d + 4 free numbers."""
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e3)
    return dict(
        d=d,
        tau=tau,
        zeta=zeta,
        alpha=positive(x[2], 1e-2, 1.0),
        gamma=positive(x[3], 1e-2, 1e2),
        S=spd(x[4:], d, 1 / zeta, 1 / tau),
    )


def _moment(d: int, p: int) -> float:
    """E‖u‖^p for u ~ N(0, I_d): 2^{p/2}Γ((d + p)/2)/Γ(d/2)."""
    return 2 ** (p / 2) * math.exp(math.lgamma((d + p) / 2) - math.lgamma(d / 2))


def _set_draw(rng: np.random.Generator, sides) -> Draw:
    d = int(rng.integers(1, 4))

    def evaluate(x):
        lhs, rhs = sides(_set_setting(x, d))
        return lhs, rhs, abs(lhs) + abs(rhs)

    def describe(x):
        s = _set_setting(x, d)
        return {k: s[k] for k in ("d", "tau", "zeta", "alpha", "gamma")}

    return Draw(rng.standard_normal(4 + d * d + d), evaluate, describe)


def _rho_setting(rng: np.random.Generator) -> dict:
    """The Monte Carlo setting with Σ ∈ S (τ, ζ drawn) in place of Σ's spectrum in [0.1, 10]."""
    s = _mc_setting(rng)
    d = s["d"]
    tau = positive(rng.standard_normal(), 0.1, 10.0)
    zeta = tau * positive(rng.standard_normal(), 1.0, 1e2)
    S = spd(rng.standard_normal(d * d + d), d, 1 / zeta, 1 / tau)
    w, P = np.linalg.eigh(S)
    return {**s, "S": S, "root": (P * np.sqrt(w)) @ P.T, "inv_root": (P / np.sqrt(w)) @ P.T}


def _D_norms(s: dict, U: np.ndarray) -> np.ndarray:
    """‖Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹‖ (Frobenius) for the rows u of U."""
    V = U @ s["inv_root"]
    Si = np.linalg.inv(s["S"])
    D = V[:, :, None] * V[:, None, :] - Si[None]
    return np.sqrt((D**2).sum(axis=(1, 2)))


def tmp2_rho(rng):
    """2α⁻²‖Φ(Σ)‖ ≤ (αγ‖Σ‖₂^{3/2}/6)E[‖u‖³‖Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹‖] (eq:rho_t, Jensen),
    Σ ∈ S: Monte Carlo of (the left, Price's identity) − (αγ‖Σ‖₂^{3/2}/6)‖u‖³‖D‖ ≤ 0."""
    s = _rho_setting(rng)
    f, mu, alpha = s["f"], s["mu"], s["alpha"]
    lhs = _fro(_two_phi(f, mu, s["S"], alpha))
    c = alpha * f.gamma * _spec(s["S"]) ** 1.5 / 6

    def sample(gen, n):
        U = gen.standard_normal((n, s["d"]))
        return lhs - c * np.linalg.norm(U, axis=1) ** 3 * _D_norms(s, U)

    scale = c * (_moment(s["d"], 5) + s["d"] * _moment(s["d"], 3)) * _spec(np.linalg.inv(s["S"]))
    return Expectation(sample, 0.0, scale, _mc_describe(s))


def tmp2_spectral(rng):
    """E[‖u‖³‖Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹‖] ≤ ‖Σ^{-1/2}‖₂²E[‖u‖³(‖u‖² + d)] (times αγ‖Σ‖₂^{3/2}/6),
    Monte Carlo of the difference."""
    s = _rho_setting(rng)
    c = s["alpha"] * s["f"].gamma * _spec(s["S"]) ** 1.5 / 6
    inv = _spec(np.linalg.inv(s["S"]))

    def sample(gen, n):
        U = gen.standard_normal((n, s["d"]))
        r = np.linalg.norm(U, axis=1)
        return c * r**3 * (_D_norms(s, U) - inv * (r**2 + s["d"]))

    scale = c * inv * (_moment(s["d"], 5) + s["d"] * _moment(s["d"], 3))
    return Expectation(sample, 0.0, scale, _mc_describe(s))


def tmp2_set(rng):
    """(αγ‖Σ‖₂^{3/2}‖Σ^{-1/2}‖₂²/6)E[‖u‖⁵ + d‖u‖³] ≤ (αγζ/(6τ^{3/2}))E[‖u‖⁵ + d‖u‖³], Σ ∈ S
    (the moments exact)."""

    def sides(s):
        m = _moment(s["d"], 5) + s["d"] * _moment(s["d"], 3)
        lam = np.linalg.eigvalsh(s["S"])
        c = s["alpha"] * s["gamma"] / 6 * m
        return c * lam[-1] ** 1.5 / lam[0], c * s["zeta"] / s["tau"] ** 1.5

    return _set_draw(rng, sides)


def tmp2_gauss(rng):
    """E[‖u‖⁵ + d‖u‖³] ≤ (d + 5)^{5/2} + d(d + 3)^{3/2} (eq:gauss_power; the moments exact)."""

    def sides(s):
        c = s["alpha"] * s["gamma"] * s["zeta"] / (6 * s["tau"] ** 1.5)
        d = s["d"]
        lhs = c * (_moment(d, 5) + d * _moment(d, 3))
        return lhs, c * ((d + 5) ** 2.5 + d * (d + 3) ** 1.5)

    return _set_draw(rng, sides)


def tmp1(rng):
    """eq:tmp1: ‖(∇²f(μ̂*) + 2α⁻²Φ(Σ̂*))⁻¹‖₂ ≤ 2σ⁻¹ (free model: it holds at every Σ ∈ S)."""

    def sides(s):
        return _spec(np.linalg.inv(s["M_hat"])), 2 / s["sigma"], 0.0

    return _model_draw(rng, sides, "free")


def after_tmp1_printed(rng):
    """The display after eq:tmp1, first line: ‖Σ̂* − Π_S(∇²f(μ̂*)⁻¹)‖ ≤ ‖(∇²f(μ̂*) +
    2α⁻²Φ(Σ_*))⁻¹‖₂‖∇²f(μ̂*)⁻¹‖₂‖2α⁻²Φ(Σ_*)‖ (eq:tmp, with Φ(Σ_*) as printed), at the joint
    minimizer."""

    def sides(s):
        Binv = np.linalg.inv(s["B"])
        lhs = _fro(s["S_hat"] - _projected(s, Binv))
        rhs = _spec(np.linalg.inv(s["M_star"])) * _spec(Binv) * _fro(s["two_phi_star"])
        return lhs, rhs, _FLOOR * s["unit"]

    return _model_draw(rng, sides)


def after_tmp1_inverse(rng):
    """‖(∇²f(μ̂*) + 2α⁻²Φ(Σ_*))⁻¹‖₂‖∇²f(μ̂*)⁻¹‖₂‖2α⁻²Φ(Σ_*)‖ ≤ 2σ⁻¹σ⁻¹‖2α⁻²Φ(Σ_*)‖ (free
    model, Σ_* any Σ ∈ S)."""

    def sides(s):
        phi = _fro(s["two_phi_star"])
        lhs = _spec(np.linalg.inv(s["M_star"])) * _spec(np.linalg.inv(s["B"])) * phi
        return lhs, 2 / s["sigma"] ** 2 * phi, 0.0

    return _model_draw(rng, sides, "free")


def after_tmp1_tmp2(rng):
    """2σ⁻²‖2α⁻²Φ(Σ_*)‖ ≤ 2σ⁻²(αγζ/(6τ^{3/2}))((d + 5)^{5/2} + d(d + 3)^{3/2}) (eq:tmp2; free
    model, Σ_* any Σ ∈ S)."""

    def sides(s):
        c = 2 / s["sigma"] ** 2
        bound = s["alpha"] * s["gamma"] * s["zeta"] / (6 * s["tau"] ** 1.5) * s["K"]
        return c * _fro(s["two_phi_star"]), c * bound, 0.0

    return _model_draw(rng, sides, "free")


def after_tmp1_constant(rng):
    """2σ⁻¹·σ⁻¹·αγζK/(6τ^{3/2}) = αγζK/(3τ^{3/2}σ²) (sympy)."""
    a, g, z, t, s, K = sympy.symbols("alpha gamma zeta tau sigma K", positive=True)
    lhs = 2 / s * (1 / s) * a * g * z / (6 * t ** sympy.Rational(3, 2)) * K
    return Symbolic(lhs, a * g * z / (3 * t ** sympy.Rational(3, 2) * s**2) * K)


def similarly(rng):
    """‖Σ_* − Π_S(∇²f(μ*)⁻¹)‖ ≤ αγζK/(3τ^{3/2}σ²) at the joint model's Σ_*."""

    def sides(s):
        P = _projected(s, np.linalg.inv(s["B_star"]))
        return _fro(s["S_star"] - P), s["bound1"], _FLOOR * s["unit"]

    return _model_draw(rng, sides)


def triangle(rng):
    """‖Σ_* − Σ̂*‖ ≤ ‖Π_S(∇²f(μ*)⁻¹) − Π_S(∇²f(μ̂*)⁻¹)‖ + 2αγζK/(3τ^{3/2}σ²), at the joint
    minimizer."""

    def sides(s):
        P_star = _projected(s, np.linalg.inv(s["B_star"]))
        P_hat = _projected(s, np.linalg.inv(s["B"]))
        lhs = _fro(s["S_star"] - s["S_hat"])
        return lhs, _fro(P_star - P_hat) + 2 * s["bound1"], _FLOOR * s["unit"]

    return _model_draw(rng, sides)


def last_nonexpansive(rng):
    """‖Π_S(∇²f(μ*)⁻¹) − Π_S(∇²f(μ̂*)⁻¹)‖ ≤ ‖∇²f(μ*)⁻¹ − ∇²f(μ̂*)⁻¹‖ (free model: any two
    points)."""

    def sides(s):
        a, b = np.linalg.inv(s["B_star"]), np.linalg.inv(s["B"])
        lhs = _fro(_projected(s, a) - _projected(s, b))
        return lhs, _fro(a - b), _FLOOR * (_fro(a) + _fro(b))

    return _model_draw(rng, sides, "free")


def last_a_inv(rng):
    """‖∇²f(μ*)⁻¹ − ∇²f(μ̂*)⁻¹‖ ≤ ‖∇²f(μ*)⁻¹‖‖∇²f(μ̂*)⁻¹‖‖∇²f(μ*) − ∇²f(μ̂*)‖ (Frobenius; free
    model: any two points)."""

    def sides(s):
        a, b = np.linalg.inv(s["B_star"]), np.linalg.inv(s["B"])
        rhs = _fro(a) * _fro(b) * _fro(s["B_star"] - s["B"])
        return _fro(a - b), rhs, _FLOOR * (_fro(a) + _fro(b))

    return _model_draw(rng, sides, "free")


def _mu_gap(s: _Model) -> float:
    return _fro(s["mu_hat"] - s["point_star"])


def last_lipschitz(rng):
    """‖∇²f(μ*)⁻¹‖‖∇²f(μ̂*)⁻¹‖‖∇²f(μ*) − ∇²f(μ̂*)‖ ≤ (γ/σ²)‖μ* − μ̂*‖, all Frobenius as
    printed (γ the Frobenius-Lipschitz constant of ∇²f), at the joint minimizer; the floor is
    the rounding of the Hessians' difference and of μ̂*."""

    def sides(s):
        a, b = np.linalg.inv(s["B_star"]), np.linalg.inv(s["B"])
        lhs = _fro(a) * _fro(b) * _fro(s["B_star"] - s["B"])
        c = s["gamma"] / s["sigma"] ** 2
        floor = 1e-13 * (_fro(a) * _fro(b) * _fro(s["B"]) + c)
        return lhs, c * _mu_gap(s), floor

    return _model_draw(rng, sides)


def last_theorem3(rng):
    """(γ/σ²)‖μ* − μ̂*‖ ≤ (γ/σ²)(Theorem 3's bound on ‖μ* − μ̂*‖²)^{1/2} at the joint minimizer."""

    def sides(s):
        c = s["gamma"] / s["sigma"] ** 2
        return c * _mu_gap(s), c * math.sqrt(s["thm3"]), 1e-13 * c

    return _model_draw(rng, sides)


def final(rng):
    """‖Σ_* − Σ̂*‖ ≤ 2αγζK/(3τ^{3/2}σ²) + (γ/σ²)(Theorem 3's bound)^{1/2}: the theorem's second
    bound, at the joint minimizer."""

    def sides(s):
        rhs = 2 * s["bound1"] + s["gamma"] / s["sigma"] ** 2 * math.sqrt(s["thm3"])
        return _fro(s["S_star"] - s["S_hat"]), rhs, _FLOOR * s["unit"]

    return _model_draw(rng, sides)


# --- is the KKT point the minimizer? (the erratum "after eq:Sig_opt": Σ ↦ Q_α(μ̂*, Σ) need not
# be convex on S, so a KKT point need not minimize) --------------------------------------------


def q_alpha(f: Shifted, mu: np.ndarray, S: np.ndarray, alpha: float) -> float:
    """Q_α(μ, Σ) = E f(μ + αΣ^{1/2}u) − (α²/2) log det Σ (eq:Q), the expectation exact to
    rounding: ½(eᵀAe + α² tr(AΣ)) + β Σᵢ [E log cosh(mᵢ + sᵢg) − log cosh cᵢ + tanh(cᵢ)wᵢᵀe],
    e = μ − μ*, by Gauss–Hermite in g (as ``_smoothed``)."""
    g, p = _gauss_hermite(4 * _GH_NODES)
    e = mu - f.mu_star
    m = (f.W @ e - f.c)[:, None]
    s = alpha * np.sqrt(np.einsum("ij,jk,ik->i", f.W, S, f.W))[:, None]
    tilt = _logcosh(m + s * g) @ p - _logcosh(f.c) + np.tanh(f.c) * (f.W @ e)
    J = 0.5 * (e @ f.A @ e + alpha**2 * np.trace(f.A @ S)) + f.beta * tilt.sum()
    return float(J - 0.5 * alpha**2 * np.linalg.slogdet(S)[1])


def _in_S(z: np.ndarray, d: int, tau: float, zeta: float) -> np.ndarray:
    """A Σ ∈ S from d + d(d − 1)/2 free numbers: eigenvalues in [ζ⁻¹, τ⁻¹] (a logistic map),
    eigenvectors the exponential of a skew-symmetric matrix."""
    from scipy.linalg import expm

    lam = 1 / zeta + (1 / tau - 1 / zeta) / (1 + np.exp(-np.clip(z[:d], -50, 50)))
    K = np.zeros((d, d))
    K[np.triu_indices(d, 1)] = z[d:]
    V = expm(K - K.T)
    return (V * lam) @ V.T


def kkt_global(
    instances: int = 60, starts: int = 12, seed: int = 2026
) -> list[tuple[int, float, float]]:
    """The joint model's KKT point (μ̂*, Σ̂*) against a multi-start minimization of Q_α on
    R^d × S (Nelder–Mead then L-BFGS-B from ``starts`` random points, μ within 2 of μ* per
    coordinate, Σ ∈ S uniform in its parametrization, ``_in_S``), at ``instances`` instances of
    the pool (d = 1, 2, 3 in turn): per instance (d, Q_α at the KKT point, the least Q_α the
    starts reach). A start that reaches a value below the KKT point's by more than rounding
    shows that the KKT point is not the minimizer; none does at the published instances
    (``tests/test_proof_walk_models.py``)."""
    from scipy.optimize import minimize

    rng = np.random.default_rng(seed)
    out = []
    for k in range(instances):
        d = 1 + k % 3
        f, tau, zeta, alpha, _ = _common(_pool(d, int(rng.integers(_POOL))), d)
        mu_hat, S_hat = _joint(f, alpha, tau, zeta)
        at_kkt = q_alpha(f, mu_hat, S_hat, alpha)
        n = d + d * (d - 1) // 2

        def q(x: np.ndarray) -> float:  # in units of α² (Σ's part of Q_α is of order α²)
            return q_alpha(f, x[:d], _in_S(x[d:], d, tau, zeta), alpha) / alpha**2

        best = math.inf
        for _ in range(starts):
            x0 = np.concatenate([f.mu_star + rng.uniform(-2, 2, d), rng.normal(0, 2, n)])
            found = minimize(q, x0, method="Nelder-Mead", options={"maxiter": 4000})
            tight = {"ftol": 1e-15, "gtol": 1e-11, "maxiter": 2000}
            found = minimize(q, found.x, method="L-BFGS-B", options=tight)
            best = min(best, float(found.fun) * alpha**2)
        out.append((d, at_kkt, best))
    return out
