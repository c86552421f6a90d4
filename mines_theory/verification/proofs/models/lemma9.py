"""The checkers of the proof of Lemma 9 (our Lemma 5.1, lem:gd_dec_1; Appendix E, first proof).

The admissible instances: d ∈ {1, …, 6}, b ∈ {1, …, 12}, 0 < δ < 1 with c₂ > 0 (b > 4 log(1/δ),
the erratum "eq:c1 with Lemmas 5.1, 5.2, eq:C" records that the lemma needs it), S' = [τ, ζ]
with 10⁻² ≤ τ ≤ ζ ≤ 10⁴τ, Σ⁻¹ with spectrum in [τ, ζ], Ũ = Σ^{1/2}U, L, γ, α > 0, and the
events the proof conditions on, each with probability ≥ 1 − δ: s_max(U) ≤ √d + √b +
√(2 log(2/δ)) (eq:smax), ‖Ũᵀ∇f‖² ≥ c₂‖Σ^{1/2}∇f‖² (eq:gd_low), and eq:nu's bounds on ‖ν‖² and
‖Ũν‖². The objective, where a line needs one, is ``common.LogCosh`` (L-smooth, σ-strongly
convex, γ-Lipschitz Hessian). The step size is the lemma's η₁,k = bτ/(4Lc₁); the term f(μ_k)
(and f(μ*)) common to both sides is dropped.
"""

from __future__ import annotations

import math

import numpy as np
import sympy

from ..check import Draw, Symbolic
from .common import constants, logcosh, logcosh_size, positive, shown, spd

__all__ = [
    "cauchy_young",
    "descent_lemma",
    "printed_estimator",
    "gradient_lower_bound",
    "norm_bound",
    "printed_product",
    "replace_step",
    "replace_step_sides",
    "smax_event",
    "gram_identity",
    "strong_convexity",
    "contraction_identity",
    "sigma_lower_bound",
]


def _dims(rng: np.random.Generator) -> tuple[int, int]:
    return int(rng.integers(1, 7)), int(rng.integers(1, 13))


def _setting(x: np.ndarray, b: int) -> dict[str, float]:
    """τ, ζ, L, δ (with c₂ > 0), γ, α from 6 free numbers."""
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e4)
    L = positive(x[2], 1e-2, 1e2)
    # δ = exp(−u·b/4) with 0 < u < 1 keeps b > 4 log(1/δ), so c₂ > 0
    u = positive(x[3], 1e-3, 0.999)
    delta = math.exp(-u * b / 4)
    gamma = positive(x[4], 1e-3, 1e2)
    alpha = positive(x[5], 1e-3, 1.0)
    return dict(tau=tau, zeta=zeta, L=L, delta=delta, gamma=gamma, alpha=alpha)


def _U_on_event(raw: np.ndarray, d: int, b: int, delta: float) -> np.ndarray:
    """``raw`` (d×b) scaled into the event s_max(U) ≤ √d + √b + √(2 log(2/δ)) of eq:smax."""
    bound = math.sqrt(d) + math.sqrt(b) + math.sqrt(2 * math.log(2 / delta))
    smax = np.linalg.norm(raw, 2)
    return raw * min(1.0, bound / smax) if smax > 0 else raw


def _root(M: np.ndarray) -> np.ndarray:
    w, V = np.linalg.eigh(M)
    return (V * np.sqrt(np.maximum(w, 0))) @ V.T


def _matrices(x: np.ndarray, d: int, b: int) -> dict:
    """Setting, Σ⁻¹ ∈ S', U on the event of eq:smax, Ũ = Σ^{1/2}U, ∇f, ν from free numbers."""
    s = _setting(x[:6], b)
    at = 6
    sigma_inv = spd(x[at : at + d * d + d], d, s["tau"], s["zeta"])
    at += d * d + d
    U = _U_on_event(np.asarray(x[at : at + d * b]).reshape(d, b), d, b, s["delta"])
    at += d * b
    grad = np.asarray(x[at : at + d])
    nu = np.asarray(x[at + d : at + d + b])
    Sigma = np.linalg.inv(sigma_inv)
    return dict(s, Sigma=Sigma, U=U, Ut=_root(Sigma) @ U, grad=grad, nu=nu)


def _size(M: dict) -> float:
    """The size the quartic forms of steps 5 and 6 can reach: ‖∇f‖²‖Ũ‖₂²‖U‖₂²‖Σ‖₂ (their
    residuals are measured against it, not against their own values, which may vanish)."""
    return float(
        M["grad"]
        @ M["grad"]
        * np.linalg.norm(M["Ut"], 2) ** 2
        * np.linalg.norm(M["U"], 2) ** 2
        * np.linalg.norm(M["Sigma"], 2)
    )


def _matrix_draw(rng: np.random.Generator, sides, square: bool = False) -> Draw:
    d, b = _dims(rng)
    if square:
        d = b = int(rng.integers(2, 6))
    n = 6 + d * d + d + d * b + d + b
    x0 = rng.standard_normal(n)

    def describe(x: np.ndarray) -> dict[str, float | str]:
        m = _matrices(x, d, b)  # what the products of steps 3–7 are made of, nothing else
        return {
            "d": d, "b": b, "Σ<sub>k</sub>": shown(m["Sigma"]), "U": shown(m["U"]),
            "∇f(μ<sub>k</sub>)": shown(m["grad"]),
        }  # fmt: skip

    return Draw(x0, lambda x: sides(_matrices(x, d, b), b), describe)


def descent_lemma(rng: np.random.Generator) -> Draw:
    """Step 2 (eq:L_1): f(μ − ηg) ≤ f(μ) − η⟨∇f(μ), g⟩ + Lη²‖g‖²/2 for the L-smooth ``LogCosh``
    and any direction g (g̃(μ_k) is one)."""
    d, m = int(rng.integers(1, 6)), int(rng.integers(1, 4))
    n = logcosh_size(d, m)
    x0 = rng.standard_normal(n + d + 1)

    def sides(x: np.ndarray):
        f, mu = logcosh(x[:n], d, m)
        g = np.asarray(x[n : n + d])
        eta = positive(x[n + d], 1e-3, 10.0)
        lhs = f(mu - eta * g)
        first = eta * f.gradient(mu) @ g
        second = f.L * eta**2 / 2 * g @ g
        rhs = f(mu) - first + second
        return lhs, rhs, abs(f(mu)) + abs(first) + second + abs(lhs)

    return Draw(x0, sides, lambda x: dict(d=d, terms=m))


def printed_estimator(rng: np.random.Generator) -> Draw:
    """Step 3 as printed: Ũ_kŨ_k∇f in the inner product (Ũ_kŨ_kᵀ∇f in the norm beside it),
    at b = d, the only case Ũ_kŨ_k is defined; against g̃ computed from function values (its
    definition, eq:g_mu) with ν from its definition, inside the line's two terms."""
    d = b = int(rng.integers(2, 6))
    m = int(rng.integers(1, 4))
    n = logcosh_size(d, m)
    x0 = rng.standard_normal(n + 6 + d * d + d + d * b)

    def sides(x: np.ndarray):
        f, mu = logcosh(x[:n], d, m)
        M = _matrices(np.concatenate([x[n:], np.zeros(d + b)]), d, b)
        Ut, alpha, L, eta = M["Ut"], M["alpha"], M["L"], M["tau"]
        grad = f.gradient(mu)
        D = np.array([f(mu + alpha * Ut[:, i]) - f(mu - alpha * Ut[:, i]) for i in range(b)])
        g = Ut @ (D / (2 * alpha)) / b
        nu = (D - 2 * alpha * Ut.T @ grad) / (2 * alpha)
        printed = Ut @ nu + Ut @ (Ut @ grad)  # Ũ_kŨ_k∇f, as the inner product prints it
        v = Ut @ nu + Ut @ (Ut.T @ grad)
        lhs = -eta * grad @ g + L * eta**2 / 2 * g @ g
        rhs = -eta / b * grad @ printed + L * eta**2 / (2 * b**2) * v @ v
        scale = abs(eta * grad @ g) + L * eta**2 / 2 * g @ g + abs(eta / b * grad @ printed)
        return lhs, rhs, scale

    def describe(x: np.ndarray) -> dict[str, float | str]:
        """Every input of the two sides: d = b, η, L, ∇f(μ_k), Ũ_k and ν (g̃ = Ũ_k(Ũ_kᵀ∇f + ν)/b
        follows from them, eq:g_mu)."""
        f, mu = logcosh(x[:n], d, m)
        M = _matrices(np.concatenate([x[n:], np.zeros(d + b)]), d, b)
        Ut, alpha = M["Ut"], M["alpha"]
        D = np.array([f(mu + alpha * Ut[:, i]) - f(mu - alpha * Ut[:, i]) for i in range(b)])
        grad = f.gradient(mu)
        nu = (D - 2 * alpha * Ut.T @ grad) / (2 * alpha)
        return {
            "d": d, "b": b, "eta": M["tau"], "L": M["L"], "∇f(μ<sub>k</sub>)": shown(grad),
            "Ũ<sub>k</sub>": shown(Ut), "ν": shown(nu),
        }  # fmt: skip

    return Draw(x0, sides, describe)


def _step4(M: dict, b: int):
    Ut, grad, nu, L, eta = M["Ut"], M["grad"], M["nu"], M["L"], M["tau"]
    UUg = Ut @ (Ut.T @ grad)
    Unu = Ut @ nu
    v = Unu + UUg
    lhs = -eta / b * grad @ v + L * eta**2 / (2 * b**2) * v @ v
    rhs = (
        -eta / (2 * b) * grad @ UUg
        + eta * nu @ nu / (2 * b)
        + L * eta**2 / b**2 * (UUg @ UUg + Unu @ Unu)
    )
    return lhs, rhs, abs(lhs) + abs(rhs)


def cauchy_young(rng: np.random.Generator) -> Draw:
    """Step 4: Cauchy's inequality and 2ab ≤ a² + b² (any ν, any step size η)."""
    return _matrix_draw(rng, _step4)


def _step5(M: dict, b: int):
    Ut, grad = M["Ut"], M["grad"]
    v = Ut @ (Ut.T @ grad)
    rhs = grad @ Ut @ Ut.T @ Ut @ Ut.T @ grad
    return v @ v, rhs, _size(M)


def gram_identity(rng: np.random.Generator) -> Draw:
    """Step 5: ‖ŨŨᵀ∇f‖² = ∇fᵀŨŨᵀŨŨᵀ∇f (matrix algebra at random d, b)."""
    return _matrix_draw(rng, _step5)


def _step6(M: dict, b: int):
    Ut, U, Sigma, grad = M["Ut"], M["U"], M["Sigma"], M["grad"]
    lhs = grad @ Ut @ Ut.T @ Ut @ Ut.T @ grad
    rhs = grad @ Ut @ U @ Sigma @ U.T @ Ut.T @ grad  # as printed: defined only when b = d
    return lhs, rhs, _size(M)


def printed_product(rng: np.random.Generator) -> Draw:
    """Step 6 as printed, ∇fᵀŨ_kUΣ_kUᵀŨ_kᵀ∇f, at b = d (the only case it is defined)."""
    return _matrix_draw(rng, _step6, square=True)


def _step7(M: dict, b: int):
    Ut, U, Sigma, grad = M["Ut"], M["U"], M["Sigma"], M["grad"]
    lhs = grad @ Ut @ (U.T @ Sigma @ U) @ Ut.T @ grad
    a = Ut.T @ grad
    rhs = np.linalg.norm(Sigma, 2) * np.linalg.norm(U, 2) ** 2 * a @ a
    return lhs, rhs, abs(lhs) + abs(rhs)


def norm_bound(rng: np.random.Generator) -> Draw:
    """Step 7: ∇fᵀŨ(UᵀΣU)Ũᵀ∇f ≤ ‖Σ‖₂‖U‖²‖Ũᵀ∇f‖² (‖U‖ the spectral norm; the line's left side
    read as step 5's, UᵀΣU in the middle)."""
    return _matrix_draw(rng, _step7)


def _step8(M: dict, b: int):
    d = M["U"].shape[0]
    c1, _, _ = constants(d, b, M["delta"])
    a = M["Ut"].T @ M["grad"]
    lhs = np.linalg.norm(M["Sigma"], 2) * np.linalg.norm(M["U"], 2) ** 2 * a @ a
    rhs = c1 / M["tau"] * a @ a
    return lhs, rhs, abs(lhs) + abs(rhs)


def smax_event(rng: np.random.Generator) -> Draw:
    """Step 8 (eq:cS, eq:smax): ‖Σ‖₂ ≤ 1/τ and, on eq:smax's event, ‖U‖² ≤ c₁."""
    return _matrix_draw(rng, _step8)


def replace_step_sides(
    *, tau: float, zeta: float, L: float, c1: float, a: float, n: float, m: float
) -> tuple[float, float]:
    """Step 9's two sides, f(μ_k) − f(μ*) dropped: the left is step 4's right side with
    η = bτ/(4Lc₁) and step 8's ‖ŨŨᵀ∇f‖² ≤ (c₁/τ)‖Ũᵀ∇f‖²; a = ‖Ũᵀ∇f‖², n = ‖ν‖², m = ‖Ũν‖²
    (b cancels)."""
    eta_b = tau / (4 * L * c1)  # η/b
    lhs = -eta_b / 2 * a + eta_b / 2 * n + L * eta_b**2 * (c1 / tau * a + m)
    rhs = -a / (16 * L * zeta) + n / (8 * L * c1 * zeta) + m / (16 * L * zeta**2)
    return lhs, rhs


def replace_step(rng: np.random.Generator) -> Draw:
    """Step 9, "by replacing the value of η₁,k": a, n ≥ 0 and 0 ≤ m ≤ (c₁/τ)n (on eq:smax's
    event ‖Ũν‖² ≤ ‖Σ‖‖U‖²‖ν‖²)."""
    d, b = _dims(rng)
    x0 = rng.standard_normal(9)

    def values(x: np.ndarray) -> dict[str, float]:
        s = _setting(x[:6], b)
        c1, _, _ = constants(d, b, s["delta"])
        a = positive(x[6], 1e-6, 1e6)
        n = positive(x[7], 1e-6, 1e6)
        m = c1 / s["tau"] * n / (1 + math.exp(-max(min(x[8], 40), -40)))
        return dict(
            d=d, b=b, tau=s["tau"], zeta=s["zeta"], L=s["L"], delta=s["delta"], c1=c1, a=a, n=n,
            m=m,
        )  # fmt: skip

    def sides(x: np.ndarray):
        v = values(x)
        lhs, rhs = replace_step_sides(
            **{k: v[k] for k in ("tau", "zeta", "L", "c1", "a", "n", "m")}
        )
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, sides, values)


def gradient_lower_bound(rng: np.random.Generator) -> Draw:
    """Step 10 (eq:gd_low, eq:nu): on their events, c₂s ≤ a ≤ c₁s (a = ‖Ũᵀ∇f‖²,
    s = ‖Σ^{1/2}∇f‖²), n ≤ γbα⁴c₃³/(36τ³), m ≤ min(γbα⁴c₃⁴/(36τ⁴), (c₁/τ)n)."""
    d, b = _dims(rng)
    x0 = rng.standard_normal(10)

    def values(x: np.ndarray) -> dict[str, float]:
        s = _setting(x[:6], b)
        tau, zeta, L, gamma, alpha = s["tau"], s["zeta"], s["L"], s["gamma"], s["alpha"]
        c1, c2, c3 = constants(d, b, s["delta"])
        sq = positive(x[6], 1e-6, 1e6)
        a = c2 * sq + (c1 - c2) * sq * positive(x[7], 1e-6, 1.0)
        n = gamma * b * alpha**4 * c3**3 / (36 * tau**3) * positive(x[8], 1e-6, 1.0)
        m_max = min(gamma * b * alpha**4 * c3**4 / (36 * tau**4), c1 / tau * n)
        m = m_max * positive(x[9], 1e-6, 1.0)
        return dict(
            d=d,
            b=b,
            tau=tau,
            zeta=zeta,
            L=L,
            gamma=gamma,
            alpha=alpha,
            delta=s["delta"],
            c1=c1,
            c2=c2,
            c3=c3,
            s=sq,
            a=a,
            n=n,
            m=m,
        )

    def sides(x: np.ndarray):
        v = values(x)
        tau, zeta, L, c1, c2, c3 = (v[k] for k in ("tau", "zeta", "L", "c1", "c2", "c3"))
        lhs = -v["a"] / (16 * L * zeta) + v["n"] / (8 * L * c1 * zeta) + v["m"] / (16 * L * zeta**2)
        delta1 = (
            c3**3 * v["gamma"] * v["b"] * v["alpha"] ** 4 / (2**5 * 3**2 * c1 * L * zeta * tau**3)
        ) * (1 + c1 * c3 / (2 * tau * zeta))
        rhs = -c2 * tau / (16 * c1 * L) * v["s"] + delta1
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, sides, values)


def _step11(M: dict, b: int):
    d = M["U"].shape[0]
    c1, c2, _ = constants(d, b, M["delta"])
    tau, zeta, L, g = M["tau"], M["zeta"], M["L"], M["grad"]
    k = c2 * tau / (16 * c1 * L)
    lhs = -k * g @ M["Sigma"] @ g
    rhs = -k / zeta * g @ g
    return lhs, rhs, abs(lhs) + abs(rhs)


def sigma_lower_bound(rng: np.random.Generator) -> Draw:
    """Step 11: ‖Σ^{1/2}∇f‖² ≥ ‖∇f‖²/ζ (Σ⁻¹ ⪯ ζI) with c₂ > 0; the α-terms are Δ_α,1 as
    defined (they cancel)."""
    return _matrix_draw(rng, _step11)


def strong_convexity(rng: np.random.Generator) -> Draw:
    """Step 12: −‖∇f(μ)‖² ≤ −σ(f(μ) − f(μ*)) for the σ-strongly convex ``LogCosh`` (times the
    positive c₂τ/(16c₁Lζ), which does not change the sign)."""
    d, m = int(rng.integers(1, 6)), int(rng.integers(1, 4))
    n = logcosh_size(d, m)
    x0 = rng.standard_normal(n)

    def sides(x: np.ndarray):
        f, mu = logcosh(x, d, m)
        g = f.gradient(mu)
        lhs, rhs = -(g @ g), -f.sigma * f(mu)
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, sides, lambda x: dict(d=d, terms=m))


def contraction_identity(rng: np.random.Generator) -> Symbolic:
    """Step 13: F − ρF + Δ = (1 − ρ)F + Δ with ρ = c₂τσ/(16c₁Lζ) (sympy)."""
    F, D, c1, c2, tau, sigma, L, zeta = sympy.symbols(
        "F Delta c1 c2 tau sigma L zeta", positive=True
    )
    rho = c2 * tau * sigma / (16 * c1 * L * zeta)
    return Symbolic(F - rho * F + D, (1 - rho) * F + D)
