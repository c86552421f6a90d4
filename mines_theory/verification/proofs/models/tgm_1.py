"""The checkers of the proofs of Lemmas 24–26 (our D.1–D.3: lem:tgm_1, eq:nu, eq:gd_low).

The admissible instances, from the lemmas' hypotheses as printed: d ∈ {1, …, 4},
b ∈ {1, …, 4}, f = ``common.LogCosh`` (γ-Lipschitz Hessian, so eq:taylor holds with its γ),
a point μ, α ∈ [10⁻², 1], 0 < δ < 1, c₃ = 2d + 3 log(1/δ), u_i ∈ ℝᵈ and ũ_i = Σ^{1/2}u_i.
Lemma 24 assumes Σ⁻¹ ∈ S, i.e. Σ with spectrum in [τ, ζ] (as printed; the erratum "Lemmas D.1,
D.4, D.5, hypotheses" reads Σ ∈ S). Its last line is on the event ‖u_i‖² ≤ c₃ of eq:u_norm, so
u₁ is drawn inside that ball. Lemma 25 takes eq:sigma_1 as cited (ν any vector with |ν_i| ≤
γα²c₃^{3/2}/(6τ^{3/2}), U any d × b matrix) and Σ ∈ S (its spectrum in [1/ζ, 1/τ], as Lemma 9
applies it). The probability lines (eq:U_1, eq:gd_low) are Monte Carlo over U with standard
normal entries: the probability that the line's event fails, against δ (a ">=" line as
E[−𝟙{it fails}] ≥ −δ, so that the relation keeps the printed direction).
"""

from __future__ import annotations

import math

import numpy as np

from ..check import Draw, Expectation
from .common import logcosh, logcosh_size, positive, spd

__all__ = [
    "statement_g_nu",
    "statement_sigma_1",
    "statement_nu_cubic",
    "statement_unu_cubic",
    "g_definition",
    "g_add_subtract",
    "g_nu",
    "g_matrix",
    "nu_as_a",
    "nu_taylor",
    "nu_sigma_norm",
    "nu_tau",
    "nu_event",
    "nu_sum",
    "nu_sigma_1",
    "unu_gram",
    "unu_sigma",
    "unu_sigma_norm",
    "unu_max",
    "unu_bound",
    "u1_sum",
    "u1_chi",
    "gd_sum",
    "gd_chi",
]


def _tgm_instance(x: np.ndarray, d: int, b: int) -> dict:
    k = logcosh_size(d, 2)
    f, mu = logcosh(x[:k], d, 2)
    tau = positive(x[k], 1e-2, 10.0)
    zeta = tau * positive(x[k + 1], 1.0, 1e3)
    sigma = spd(x[k + 2 : k + 2 + d * d + d], d, tau, zeta)  # Σ⁻¹ ∈ S: Σ's spectrum in [τ, ζ]
    at = k + 2 + d * d + d
    alpha = positive(x[at], 1e-2, 1.0)
    delta = positive(x[at + 1], 1e-6, 0.999)
    c3 = 2 * d + 3 * math.log(1 / delta)
    U = np.asarray(x[at + 2 : at + 2 + d * b]).reshape(d, b)
    # u₁ on the event ‖u₁‖² ≤ c₃ (eq:u_norm): its direction, times a radius in (0, √c₃]
    u1 = U[:, 0] / (np.linalg.norm(U[:, 0]) + 1e-300)
    U = U.copy()
    U[:, 0] = u1 * math.sqrt(c3) * positive(x[-1], 1e-2, 1.0)
    w, P = np.linalg.eigh(sigma)
    root = (P * np.sqrt(w)) @ P.T
    Ut = root @ U
    grad = f.gradient(mu)
    plus = np.array([f(mu + alpha * Ut[:, i]) for i in range(b)])
    minus = np.array([f(mu - alpha * Ut[:, i]) for i in range(b)])
    nu = (plus - minus - 2 * alpha * Ut.T @ grad) / (2 * alpha)
    return dict(
        f=f,
        mu=mu,
        d=d,
        b=b,
        tau=tau,
        zeta=zeta,
        sigma=sigma,
        root=root,
        alpha=alpha,
        delta=delta,
        c3=c3,
        U=U,
        Ut=Ut,
        grad=grad,
        plus=plus,
        minus=minus,
        nu=nu,
        gamma=f.gamma,
        size=float(np.abs(plus).sum() + np.abs(minus).sum()) / (2 * alpha),
    )


def _tgm_draw(rng: np.random.Generator, sides) -> Draw:
    d, b = int(rng.integers(1, 5)), int(rng.integers(1, 5))
    x0 = rng.standard_normal(logcosh_size(d, 2) + 2 + d * d + d + 2 + d * b + 1)

    def describe(x: np.ndarray) -> dict[str, float]:
        s = _tgm_instance(x, d, b)
        return {k: s[k] for k in ("d", "b", "tau", "zeta", "alpha", "delta", "gamma")} | {
            "nu_1": float(s["nu"][0])
        }

    return Draw(x0, lambda x: sides(_tgm_instance(x, d, b)), describe)


def _vector_sides(lhs: np.ndarray, rhs: np.ndarray, s: dict) -> tuple:
    scale = (s["size"] + float(np.abs(s["nu"]).sum())) * float(np.abs(s["Ut"]).max()) + float(
        np.linalg.norm(s["grad"])
    ) * float((s["Ut"] ** 2).sum())
    return lhs, rhs, scale


def _step1(s: dict) -> np.ndarray:
    Ut, b = s["Ut"], s["b"]
    return sum((s["plus"][i] - s["minus"][i]) / (2 * s["alpha"]) * Ut[:, i] for i in range(b)) / b


def _step2(s: dict) -> np.ndarray:
    Ut, b, g = s["Ut"], s["b"], s["grad"]
    terms = [
        (s["plus"][i] - s["minus"][i] - 2 * s["alpha"] * g @ Ut[:, i]) / (2 * s["alpha"]) * Ut[:, i]
        + Ut[:, i] * (Ut[:, i] @ g)
        for i in range(b)
    ]
    return sum(terms) / b


def _step3(s: dict) -> np.ndarray:
    Ut = s["Ut"]
    return (
        sum(s["nu"][i] * Ut[:, i] + np.outer(Ut[:, i], Ut[:, i]) @ s["grad"] for i in range(s["b"]))
        / s["b"]
    )


def statement_g_nu(rng):
    """Lemma 24's statement, eq:tgm: g̃(μ) of eq:g_mu = (1/b)Σ_i (ν_iũ_i + ũ_iũ_iᵀ∇f(μ))."""
    return _tgm_draw(rng, lambda s: _vector_sides(_step1(s), _step3(s), s))


def statement_sigma_1(rng):
    """Lemma 24's statement, eq:sigma_1: |ν₁| ≤ γα²c₃^{3/2}/(6τ^{3/2}), ν₁ computed from f, on
    the event ‖u₁‖² ≤ c₃ of eq:u_norm (probability ≥ 1 − δ), Σ⁻¹ ∈ S as printed."""

    def sides(s):
        lhs = abs(float(s["nu"][0]))
        rhs = s["gamma"] * s["alpha"] ** 2 * s["c3"] ** 1.5 / (6 * s["tau"] ** 1.5)
        return lhs, rhs, lhs + rhs + s["size"] * 1e-12

    return _tgm_draw(rng, sides)


def g_definition(rng):
    """Line 1: g̃(μ) of eq:g_mu, as ``algorithm.estimators.mean_gradient`` computes it (its own
    code: μ ± αz_i with z_i = Σ^{1/2}u_i, one GEMM), against the printed (1/b)Σ_i (f(μ + αũ_i) −
    f(μ − αũ_i))/(2α)·ũ_i."""
    from mines_theory.algorithm.estimators import mean_gradient

    def sides(s):
        sigma_inv = np.linalg.inv(s["sigma"])
        lhs = mean_gradient(s["f"].values, s["mu"], sigma_inv, s["alpha"], s["U"].T)
        return _vector_sides(lhs, _step1(s), s)

    return _tgm_draw(rng, sides)


def g_add_subtract(rng):
    """Line 2: ⟨∇f, 2αũ_i⟩ subtracted inside, ũ_iũ_iᵀ∇f added outside."""
    return _tgm_draw(rng, lambda s: _vector_sides(_step1(s), _step2(s), s))


def g_nu(rng):
    """Line 3: = (1/b)Σ_i (ν_iũ_i + ũ_iũ_iᵀ∇f(μ))."""
    return _tgm_draw(rng, lambda s: _vector_sides(_step2(s), _step3(s), s))


def g_matrix(rng):
    """Line 4: = (1/b)(Ũν + ŨŨᵀ∇f(μ))."""

    def sides(s):
        Ut = s["Ut"]
        return _vector_sides(_step3(s), (Ut @ s["nu"] + Ut @ Ut.T @ s["grad"]) / s["b"], s)

    return _tgm_draw(rng, sides)


def _a(s: dict, sign: float) -> float:
    """a_{ũ₁}(±α) = f(μ ± αũ₁) − f(μ) ∓ α⟨∇f, ũ₁⟩ − (α²/2)ũ₁ᵀ∇²f ũ₁ (μ²/2 read as α²/2)."""
    u, f, mu, alpha = s["Ut"][:, 0], s["f"], s["mu"], s["alpha"]
    return float(
        f(mu + sign * alpha * u)
        - f(mu)
        - sign * alpha * s["grad"] @ u
        - alpha**2 / 2 * u @ f.hessian(mu) @ u
    )


def nu_as_a(rng):
    """Lemma 24, |ν₁| = (a(α) − a(−α))/(2α), as printed (no |·| on the right)."""

    def sides(s):
        lhs = abs(float(s["nu"][0]))
        rhs = (_a(s, 1.0) - _a(s, -1.0)) / (2 * s["alpha"])
        return lhs, rhs, lhs + abs(rhs) + s["size"] * 1e-6

    return _tgm_draw(rng, sides)


def _cubic(s: dict) -> float:
    return s["gamma"] * s["alpha"] ** 2 * float(np.linalg.norm(s["Ut"][:, 0])) ** 3 / 6


def nu_taylor(rng):
    """|(a(α) − a(−α))/(2α)| ≤ γ‖αũ₁‖³/(6α) (eq:taylor at ±αũ₁)."""

    def sides(s):
        lhs = abs(_a(s, 1.0) - _a(s, -1.0)) / (2 * s["alpha"])
        return lhs, _cubic(s), lhs + _cubic(s) + s["size"] * 1e-12

    return _tgm_draw(rng, sides)


def _u1_cubed(s: dict) -> float:
    return float(np.linalg.norm(s["U"][:, 0])) ** 3


def nu_sigma_norm(rng):
    """γα²‖Σ^{1/2}u₁‖³/6 ≤ γα²‖Σ^{3/2}‖‖u₁‖³/6."""

    def sides(s):
        rhs = s["gamma"] * s["alpha"] ** 2 * np.linalg.norm(s["sigma"], 2) ** 1.5 * _u1_cubed(s) / 6
        return _cubic(s), float(rhs), _cubic(s) + float(rhs)

    return _tgm_draw(rng, sides)


def nu_tau(rng):
    """‖Σ^{3/2}‖ ≤ τ^{−3/2} (eq:cS_p), under Lemma 24's Σ⁻¹ ∈ S as printed."""

    def sides(s):
        g = s["gamma"] * s["alpha"] ** 2 * _u1_cubed(s) / 6
        lhs = g * np.linalg.norm(s["sigma"], 2) ** 1.5
        rhs = g / s["tau"] ** 1.5
        return float(lhs), rhs, float(lhs) + rhs

    return _tgm_draw(rng, sides)


def nu_event(rng):
    """γα²‖u₁‖³/(6τ^{3/2}) ≤ γα²c₃^{3/2}/(6τ^{3/2}) on the event ‖u₁‖² ≤ c₃ (eq:u_norm)."""

    def sides(s):
        g = s["gamma"] * s["alpha"] ** 2 / (6 * s["tau"] ** 1.5)
        return g * _u1_cubed(s), g * s["c3"] ** 1.5, g * (_u1_cubed(s) + s["c3"] ** 1.5)

    return _tgm_draw(rng, sides)


# Lemma 25 (eq:nu): ν within eq:sigma_1's bound, U any, Σ ∈ S


def _nu_instance(x: np.ndarray, d: int, b: int) -> dict:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e3)
    gamma = positive(x[2], 1e-2, 1e2)
    alpha = positive(x[3], 1e-2, 1.0)
    delta = positive(x[4], 1e-6, 0.999)
    c3 = 2 * d + 3 * math.log(1 / delta)
    bound = gamma * alpha**2 * c3**1.5 / (6 * tau**1.5)  # eq:sigma_1
    nu = bound * np.tanh(np.asarray(x[5 : 5 + b]))
    U = np.asarray(x[5 + b : 5 + b + d * b]).reshape(d, b)
    sigma = spd(x[5 + b + d * b :], d, 1 / zeta, 1 / tau)  # Σ ∈ S
    w, P = np.linalg.eigh(sigma)
    root = (P * np.sqrt(w)) @ P.T
    return dict(
        d=d,
        b=b,
        tau=tau,
        gamma=gamma,
        alpha=alpha,
        c3=c3,
        nu=nu,
        U=U,
        sigma=sigma,
        Ut=root @ U,
        one=float(np.linalg.norm(U.sum(axis=1)) ** 2),
    )


def _nu_draw(rng: np.random.Generator, sides) -> Draw:
    """A draw of Lemma 25's instances (``_nu_instance``), γ in [10⁻², 10²]."""
    d, b = int(rng.integers(1, 5)), int(rng.integers(1, 5))
    x0 = rng.standard_normal(5 + b + d * b + d * d + d)

    def describe(x: np.ndarray) -> dict:
        s = _nu_instance(x, d, b)
        out = {k: s[k] for k in ("d", "b", "tau", "gamma", "alpha", "c3")}
        return out | {f"nu_{i + 1}": float(v) for i, v in enumerate(s["nu"])}

    def evaluate(x):
        s = _nu_instance(x, d, b)
        lhs, rhs = sides(s)
        # the size of the terms the line's two sides are made of (not of their values, which
        # cancel: Uν can be 0 while U and ν are not)
        size = float(np.linalg.norm(s["sigma"], 2)) * float((s["U"] ** 2).sum())
        return lhs, rhs, abs(lhs) + abs(rhs) + size * float(s["nu"] @ s["nu"] + 1.0)

    return Draw(x0, evaluate, describe)


def nu_sum(rng):
    """Lemma 25: ‖ν‖² = Σ_i ν_i²."""
    return _nu_draw(
        rng, lambda s: (float(np.linalg.norm(s["nu"]) ** 2), float(sum(v * v for v in s["nu"])))
    )


def nu_sigma_1(rng):
    """Σ_i ν_i² ≤ γbα⁴c₃³/(36τ³), given eq:sigma_1 (as printed, γ and not γ²)."""

    def sides(s):
        rhs = s["gamma"] * s["b"] * s["alpha"] ** 4 * s["c3"] ** 3 / (36 * s["tau"] ** 3)
        return float(s["nu"] @ s["nu"]), rhs

    return _nu_draw(rng, sides)


def unu_gram(rng):
    """‖Ũν‖² = νᵀŨᵀŨν."""
    return _nu_draw(
        rng,
        lambda s: (
            float(np.linalg.norm(s["Ut"] @ s["nu"]) ** 2),
            float(s["nu"] @ s["Ut"].T @ s["Ut"] @ s["nu"]),
        ),
    )


def unu_sigma(rng):
    """νᵀŨᵀŨν = νᵀUᵀΣUν (Ũ = Σ^{1/2}U)."""
    return _nu_draw(
        rng,
        lambda s: (
            float(s["nu"] @ s["Ut"].T @ s["Ut"] @ s["nu"]),
            float(s["nu"] @ s["U"].T @ s["sigma"] @ s["U"] @ s["nu"]),
        ),
    )


def _unu(s: dict) -> float:
    return float(np.linalg.norm(s["U"] @ s["nu"]) ** 2)


def unu_sigma_norm(rng):
    """νᵀUᵀΣUν ≤ ‖Σ‖·νᵀUᵀUν."""
    return _nu_draw(
        rng,
        lambda s: (
            float(s["nu"] @ s["U"].T @ s["sigma"] @ s["U"] @ s["nu"]),
            float(np.linalg.norm(s["sigma"], 2)) * _unu(s),
        ),
    )


def unu_max(rng):
    """‖Σ‖·νᵀUᵀUν ≤ ‖Σ‖·max_i ν_i²·‖U1‖² (the erratum's u₂ = −u₁, ν = (1, −1) breaks it)."""

    def sides(s):
        norm = float(np.linalg.norm(s["sigma"], 2))
        return norm * _unu(s), norm * float(np.max(s["nu"] ** 2)) * s["one"]

    return _nu_draw(rng, sides)


def unu_bound(rng):
    """‖Σ‖·max_i ν_i²·‖U1‖² ≤ γα⁴c₃³/(36τ⁴)·‖U1‖² (eq:sigma_1 squared, ‖Σ‖ ≤ 1/τ)."""

    def sides(s):
        lhs = float(np.linalg.norm(s["sigma"], 2)) * float(np.max(s["nu"] ** 2)) * s["one"]
        rhs = s["gamma"] * s["alpha"] ** 4 * s["c3"] ** 3 / (36 * s["tau"] ** 4) * s["one"]
        return lhs, rhs

    return _nu_draw(rng, sides)


def _cubic_nu(gen: np.random.Generator, n: int, s: dict) -> tuple[np.ndarray, np.ndarray]:
    """n draws of (Ũ, ν) at the instance ``s``: U with standard normal entries, Ũ = Σ^{1/2}U with
    Σ = I/τ (Σ⁻¹ = τI ∈ S under either reading), ν_i computed from the values of
    f(x) = γx₁³/6 (a γ-Lipschitz Hessian: eq:taylor holds with its γ) at μ ± αũ_i, as printed
    in Lemma 24; shapes (n, d, b) and (n, b)."""
    Ut = gen.standard_normal((n, s["d"], s["b"])) / math.sqrt(s["tau"])
    mu, alpha, gamma = s["mu"], s["alpha"], s["gamma"]
    plus, minus = (mu + alpha * Ut[:, 0, :]) ** 3, (mu - alpha * Ut[:, 0, :]) ** 3
    slope = gamma * mu**2 / 2  # ∇f(μ)'s first entry, the only one not 0
    nu = (gamma * (plus - minus) / 6 - 2 * alpha * slope * Ut[:, 0, :]) / (2 * alpha)
    return Ut, nu


def _cubic_instance(rng: np.random.Generator, d: int, b_of, gamma_of, delta: float) -> dict:
    tau = positive(rng.standard_normal(), 1e-2, 10.0)
    alpha = positive(rng.standard_normal(), 1e-2, 1.0)
    c3 = 2 * d + 3 * math.log(1 / delta)
    gamma = gamma_of(c3)
    return dict(
        d=d, b=b_of(c3, gamma), tau=tau, alpha=alpha, delta=delta, c3=c3, gamma=gamma,
        mu=float(rng.standard_normal()),
    )  # fmt: skip


def _exceedance(s: dict, lhs_of, rhs: float) -> Expectation:
    """P(lhs > rhs) against δ at the instance ``s``, ``lhs_of(Ũ, ν)`` per draw."""

    def sample(gen: np.random.Generator, n: int) -> np.ndarray:
        out = np.empty(n)
        step = max(1, 2_000_000 // (s["d"] * s["b"]))  # draws per chunk
        for lo in range(0, n, step):
            Ut, nu = _cubic_nu(gen, min(step, n - lo), s)
            out[lo : lo + len(nu)] = lhs_of(Ut, nu) > rhs
        return out

    # not μ: ν_i = γα²ũ_{i1}³/6 whatever μ (the cubic's antithetic remainder), so it is no
    # part of a counterexample
    shown = {k: s[k] for k in ("d", "b", "tau", "alpha", "gamma", "delta", "c3")}
    return Expectation(sample, s["delta"], 1.0, shown | {"bound": rhs})


def statement_nu_cubic(rng):
    """Lemma 25's statement, first half, as stated (with probability ≥ 1 − δ): P(‖ν‖² >
    γbα⁴c₃³/(36τ³)) against δ, ν computed from f = γx₁³/6 (``_cubic_nu``). There ν_i =
    γα²ũ_{i1}³/6, so ‖ν‖² grows like γ² while the bound grows like γ (eq:sigma_1 squared
    gives γ², the erratum on eq:nu): E‖ν‖² = 15γ/c₃³ times the bound (E u⁶ = 15), and
    γ = κc₃³/15, κ log-uniform in [2, 20], puts it at κ times; d ≤ 2, b ≤ 4, δ ∈ [0.01, 0.1]."""
    d, b = int(rng.integers(1, 3)), int(rng.integers(1, 5))
    delta = float(np.exp(rng.uniform(np.log(0.01), np.log(0.1))))
    kappa = float(np.exp(rng.uniform(np.log(2.0), np.log(20.0))))
    s = _cubic_instance(rng, d, lambda c3, g: b, lambda c3: kappa * c3**3 / 15, delta)
    rhs = s["gamma"] * b * s["alpha"] ** 4 * s["c3"] ** 3 / (36 * s["tau"] ** 3)
    return _exceedance(s, lambda Ut, nu: (nu**2).sum(axis=1), rhs)


def statement_unu_cubic(rng):
    """Lemma 25's statement, second half, as stated (with probability ≥ 1 − δ): P(‖Ũν‖² >
    γbα⁴c₃⁴/(36τ⁴)) against δ, ν computed from f = γx₁³/6 (``_cubic_nu``). There ν_i =
    γα²ũ_{i1}³/6 all have the sign of ũ_{i1}, so [Ũν]₁ = γα²Σ_i u_{i1}⁴/(6τ²) grows like b and
    ‖Ũν‖² like b² (E[(Σ_i u_{i1}⁴)²] ≥ 9b²), while the bound grows like b: b = ⌈κc₃⁴/(9γ)⌉,
    κ ∈ [2, 4], beyond the crossing; γ ∈ [0.5, 1], where γ² ≤ γ, so that a failure is not
    the γ of the erratum on eq:nu but ‖U1‖ failing to bound ‖Uν‖ (the proof's step 8);
    d ≤ 2, δ ∈ [0.2, 0.9] (b ≤ 5,400 draws of u per sample)."""
    d = int(rng.integers(1, 3))
    delta = float(rng.uniform(0.2, 0.9))
    kappa, gamma = float(rng.uniform(2.0, 4.0)), float(rng.uniform(0.5, 1.0))
    s = _cubic_instance(
        rng, d, lambda c3, g: math.ceil(kappa * c3**4 / (9 * g)), lambda c3: gamma, delta
    )
    rhs = s["gamma"] * s["b"] * s["alpha"] ** 4 * s["c3"] ** 4 / (36 * s["tau"] ** 4)

    def lhs(Ut: np.ndarray, nu: np.ndarray) -> np.ndarray:
        return (np.einsum("ndb,nb->nd", Ut, nu) ** 2).sum(axis=1)

    return _exceedance(s, lhs, rhs)


def u1_sum(rng):
    """‖U1‖² = Σ_{i ≤ d} [U1]_i²."""
    return _nu_draw(rng, lambda s: (s["one"], float(sum(v * v for v in s["U"] @ np.ones(s["b"])))))


def _event_instance(rng: np.random.Generator) -> tuple[int, int, float]:
    d, b = int(rng.integers(1, 7)), int(rng.integers(1, 13))
    return d, b, positive(rng.standard_normal(), 0.02, 0.9)


def u1_chi(rng):
    """eq:U_1: P(‖U1‖² > b(2d + 3 log(1/δ))) ≤ δ, U with standard normal entries (Monte Carlo,
    δ ∈ [0.02, 0.9])."""
    d, b, delta = _event_instance(rng)
    level = b * (2 * d + 3 * math.log(1 / delta))

    def sample(gen: np.random.Generator, n: int) -> np.ndarray:
        ones = gen.standard_normal((n, d, b)).sum(axis=2)
        return ((ones**2).sum(axis=1) > level).astype(float)

    return Expectation(sample, delta, 1.0, dict(d=d, b=b, delta=delta))


def gd_sum(rng):
    """Lemma 26: ‖Ũᵀ∇f‖² = Σ_{i ≤ b}[UᵀΣ^{1/2}∇f]_i² (Ũ = Σ^{1/2}U; ∇f any vector, here ν's
    free numbers padded: the line is linear algebra)."""

    def sides(s):
        g = np.resize(s["nu"] + 1.0, s["d"])
        w, P = np.linalg.eigh(s["sigma"])
        half = (P * np.sqrt(w)) @ P.T
        lhs = float(np.linalg.norm(s["Ut"].T @ g) ** 2)
        rhs = float(sum(v * v for v in s["U"].T @ (half @ g)))
        return lhs, rhs

    return _nu_draw(rng, sides)


def gd_chi(rng):
    """eq:gd_low: P(‖Ũᵀ∇f‖² < (b − 2√(b log(1/δ)))‖Σ^{1/2}∇f‖²) ≤ δ, as
    E[−𝟙{the line fails}] ≥ −δ (Monte Carlo, Σ and ∇f drawn, δ ∈ [0.02, 0.9])."""
    d, b, delta = _event_instance(rng)
    sigma = spd(rng.standard_normal(d * d + d), d, 0.1, 10.0)
    grad = rng.standard_normal(d)
    w, P = np.linalg.eigh(sigma)
    v = ((P * np.sqrt(w)) @ P.T) @ grad
    level = (b - 2 * math.sqrt(b * math.log(1 / delta))) * float(v @ v)

    def sample(gen: np.random.Generator, n: int) -> np.ndarray:
        U = gen.standard_normal((n, d, b))
        return -(((np.einsum("ndb,d->nb", U, v)) ** 2).sum(axis=1) < level).astype(float)

    return Expectation(sample, -delta, 1.0, dict(d=d, b=b, delta=delta))
