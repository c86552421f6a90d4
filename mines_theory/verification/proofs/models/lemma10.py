"""The checkers of the proof of Lemma 10 (our Lemma 5.2, lem:dec_local; Appendix E).

The admissible instances: d ∈ {1, …, 6}, b ∈ {1, …, 12}, 0 < δ < 1 with c₂ > 0, τ ≤ ζ, σ ≤ L,
𝓛_k ≥ σ/ζ, ξ_k ≤ 𝓛_k, γ, α > 0, the step η₁,k = b/(4𝓛_kc₁), and the cited bounds as
hypotheses on the quantities they bound: w = ‖UᵀΣ_k^{1/2}∇f(μ_k)‖² (= ‖Ũᵀ∇f‖²), ‖g̃‖²_H ≤ eq:hh's
bound, ‖g̃‖ ≤ eq:tgm_3's bound, ‖ν‖² ≤ eq:nu's, w ≥ c₂‖Σ_k^{1/2}∇f‖² (eq:gd_low),
‖Σ_k^{1/2}∇f‖² ≥ ξ_k(f(μ_k) − f(μ*)) (eq:nab_rst) and f(μ_k) − f(μ*) ≤ eq:cond's first bound.
Where a line needs the objective, ``common.LogCosh``. Terms common to both sides are dropped.
"""

from __future__ import annotations

import math

import numpy as np
import sympy

from ..check import Draw, Symbolic
from .common import constants, logcosh, logcosh_size, positive, spd

__all__ = [
    "taylor_step",
    "hh_bound",
    "young",
    "tgm3_nu",
    "step_size",
    "delta2_bound",
    "norm_product",
    "smax_norm",
    "smoothness",
    "condition",
    "cubic_absorbed",
    "gd_low",
    "nab_rst",
    "contraction_identity",
]


def _values(x: np.ndarray, d: int, b: int) -> dict[str, float]:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e4)
    sigma = positive(x[2], 1e-2, 10.0)
    L = sigma * positive(x[3], 1.0, 1e4)
    delta = math.exp(-positive(x[4], 1e-3, 0.999) * b / 4)  # c₂ > 0
    c1, c2, c3 = constants(d, b, delta)
    ell = sigma / zeta * positive(x[5], 1.0, 1e4)  # 𝓛_k ≥ σ/ζ
    xi = ell * positive(x[6], 1e-4, 1.0)
    gamma = positive(x[7], 1e-3, 1e2)
    alpha = positive(x[8], 1e-3, 1.0)
    return dict(
        d=d,
        b=b,
        tau=tau,
        zeta=zeta,
        sigma=sigma,
        L=L,
        delta=delta,
        c1=c1,
        c2=c2,
        c3=c3,
        ell=ell,
        xi=xi,
        gamma=gamma,
        alpha=alpha,
        eta=b / (4 * ell * c1),
    )


def _scalar_draw(rng: np.random.Generator, extra: int, sides) -> Draw:
    d, b = int(rng.integers(1, 7)), int(rng.integers(1, 13))
    x0 = rng.standard_normal(9 + extra)

    def evaluate(x: np.ndarray):
        lhs, rhs = sides(_values(x, d, b), x[9:])
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, evaluate, lambda x: _values(x, d, b))


def taylor_step(rng: np.random.Generator) -> Draw:
    """Step 2 (eq:taylor): f(μ − ηg) ≤ f(μ) − η⟨∇f, g⟩ + (η²/2)‖g‖²_H + (η³γ/6)‖g‖³ for
    ``LogCosh`` and any direction g."""
    d, m = int(rng.integers(1, 6)), int(rng.integers(1, 4))
    n = logcosh_size(d, m)
    x0 = rng.standard_normal(n + d + 1)

    def sides(x: np.ndarray):
        f, mu = logcosh(x[:n], d, m)
        g = np.asarray(x[n : n + d])
        eta = positive(x[n + d], 1e-3, 10.0)
        H = f.hessian(mu)
        terms = [
            f(mu),
            -eta * f.gradient(mu) @ g,
            eta**2 / 2 * g @ H @ g,
            eta**3 * f.gamma / 6 * np.linalg.norm(g) ** 3,
        ]
        lhs = f(mu - eta * g)
        return lhs, sum(terms), sum(abs(t) for t in terms) + abs(lhs)

    return Draw(x0, sides, lambda x: dict(d=d, terms=m))


def hh_bound(rng: np.random.Generator) -> Draw:
    """Step 3 (eq:tgm, eq:hh): (η²/2)‖g̃‖²_H ≤ (η²𝓛_kc₁/b²)w + 𝓛_kη²γ²α⁴c₃⁴/(18bτ³), for any
    ‖g̃‖²_H up to eq:hh's bound (2𝓛_kc₁/b²)w + 𝓛_kγ²α⁴c₃⁴/(18bτ³)."""

    def sides(v, y):
        w = positive(y[0], 1e-8, 1e8)
        extra = (
            v["ell"]
            * v["gamma"] ** 2
            * v["alpha"] ** 4
            * v["c3"] ** 4
            / (18 * v["b"] * v["tau"] ** 3)
        )
        hh = (2 * v["ell"] * v["c1"] / v["b"] ** 2 * w + extra) * positive(y[1], 1e-6, 1.0)
        eta = v["eta"]
        return eta**2 / 2 * hh, eta**2 * v["ell"] * v["c1"] / v["b"] ** 2 * w + eta**2 * extra

    return _scalar_draw(rng, 2, sides)


def young(rng: np.random.Generator) -> Draw:
    """Step 4 (Cauchy): −(η/b)⟨a, ν⟩ − (η/b)‖a‖² ≤ −(η/2b)‖a‖² + (η/2b)‖ν‖², a = Ũᵀ∇f."""
    b = int(rng.integers(1, 13))
    x0 = rng.standard_normal(2 * b + 1)

    def sides(x: np.ndarray):
        a, nu = np.asarray(x[:b]), np.asarray(x[b : 2 * b])
        k = positive(x[-1], 1e-3, 1e3) / b  # η/b
        lhs, rhs = -k * a @ nu - k * a @ a, -k / 2 * a @ a + k / 2 * nu @ nu
        return (
            lhs,
            rhs,
            k * (abs(a @ nu) + a @ a + nu @ nu),
        )  # the terms' size: both sides may vanish

    return Draw(x0, sides, lambda x: dict(b=b))


def tgm3_nu(rng: np.random.Generator) -> Draw:
    """Step 5 (eq:tgm_3, eq:nu): (η/2b)‖ν‖² + (η³γ/6)‖g̃‖³ + (η²𝓛_kc₁/b²)w against the printed
    (η²𝓛_kc₁^{1/2}/b²)w + (2γc₁^{3/2}η³/(3b³τ^{3/2}))w + η³γ⁴α⁶c₃⁶/(2²3⁴b^{3/2}τ⁶) +
    ηγc₃³α⁴/(2³3²τ³), for ‖ν‖² and ‖g̃‖ up to eq:nu's and eq:tgm_3's bounds."""

    def sides(v, y):
        b, tau, gamma, alpha, c1, c3, eta, ell = (
            v[k] for k in ("b", "tau", "gamma", "alpha", "c1", "c3", "eta", "ell")
        )
        w = positive(y[0], 1e-8, 1e8)
        n = gamma * b * alpha**4 * c3**3 / (36 * tau**3) * positive(y[1], 1e-6, 1.0)
        A = gamma * alpha**2 * c3**2 / (6 * math.sqrt(b) * tau**2)
        g = (A + math.sqrt(c1) / (b * math.sqrt(tau)) * math.sqrt(w)) * positive(y[2], 1e-6, 1.0)
        lhs = eta / (2 * b) * n + eta**3 * gamma / 6 * g**3 + eta**2 * ell * c1 / b**2 * w
        rhs = (
            eta**2 * ell * math.sqrt(c1) / b**2 * w
            + 2 * gamma * c1**1.5 * eta**3 / (3 * b**3 * tau**1.5) * w
            + eta**3 * gamma**4 * alpha**6 * c3**6 / (2**2 * 3**4 * b**1.5 * tau**6)
            + eta * gamma * c3**3 * alpha**4 / (2**3 * 3**2 * tau**3)
        )
        return lhs, rhs

    return _scalar_draw(rng, 3, sides)


def step_size(rng: np.random.Generator) -> Symbolic:
    """Step 6, "=": the printed line before it with η₁,k = b/(4𝓛_kc₁) against the printed line
    (w2 = ‖UᵀΣ^{1/2}∇f‖², w3 = ‖UᵀΣ^{1/2}∇f‖³, as each line writes them)."""
    b, ell, c1, c3, tau, gamma, alpha, w2, w3 = sympy.symbols(
        "b ell c1 c3 tau gamma alpha w2 w3", positive=True
    )
    eta = b / (4 * ell * c1)
    before = (
        -eta / (2 * b) * w2
        + eta**2 * ell * sympy.sqrt(c1) / b**2 * w2
        + 2
        * gamma
        * c1 ** sympy.Rational(3, 2)
        * eta**3
        / (3 * b**3 * tau ** sympy.Rational(3, 2))
        * w2
        + eta**3 * gamma**4 * alpha**6 * c3**6 / (2**2 * 3**4 * b ** sympy.Rational(3, 2) * tau**6)
        + ell * eta**2 * gamma**2 * alpha**4 * c3**4 / (18 * b * tau**3)
        + eta * gamma * c3**3 * alpha**4 / (2**3 * 3**2 * tau**3)
    )
    after = (
        -w2 / (4 * ell * c1)
        + gamma
        / (2**5 * 3 * ell**3 * c1 ** sympy.Rational(3, 2) * tau ** sympy.Rational(3, 2))
        * w3
        + b ** sympy.Rational(3, 2)
        * gamma**4
        * c3**6
        * alpha**6
        / (2**8 * 3**4 * ell**3 * c1**3 * tau**6)
        + b * gamma**2 * c3**4 * alpha**4 / (2**5 * 3**2 * ell * tau**3 * c1**2)
        + b * gamma * c3**3 * alpha**4 / (2**5 * 3**2 * tau**3 * c1)
    )
    witness = {b: 4, ell: 1, c1: 16, c3: 1, tau: 1, gamma: 0, alpha: 1, w2: 1, w3: 1}
    return Symbolic(before, after, witness)


def delta2_bound(rng: np.random.Generator) -> Draw:
    """The display defining Δ_α,2: each term's 1/𝓛_k^p ≤ (ζ/σ)^p (𝓛_k ≥ σ/ζ)."""

    def sides(v, y):
        b, tau, gamma, alpha, c1, c3, ell, zeta, sigma = (
            v[k] for k in ("b", "tau", "gamma", "alpha", "c1", "c3", "ell", "zeta", "sigma")
        )
        first = b**1.5 * gamma**4 * c3**6 * alpha**6 / (2**8 * 3**4 * c1**3 * tau**6)
        second = b * gamma**2 * c3**4 * alpha**4 / (2**5 * 3**2 * tau**3 * c1**2)
        third = b * gamma * c3**3 * alpha**4 / (2**5 * 3**2 * tau**3 * c1)
        lhs = first / ell**3 + second / ell + third
        rhs = first * (zeta / sigma) ** 3 + second * zeta / sigma + third
        return lhs, rhs

    return _scalar_draw(rng, 0, sides)


def _matrices(rng: np.random.Generator, sides) -> Draw:
    d, b, m = int(rng.integers(1, 6)), int(rng.integers(1, 9)), int(rng.integers(1, 4))
    n = logcosh_size(d, m)
    x0 = rng.standard_normal(n + 3 + d * d + d + d * b)

    def instance(x: np.ndarray) -> dict:
        f, mu = logcosh(x[:n], d, m)
        tau = positive(x[n], 1e-2, 10.0)
        zeta = tau * positive(x[n + 1], 1.0, 1e3)
        delta = positive(x[n + 2], 1e-4, 0.999)
        sigma_inv = spd(x[n + 3 : n + 3 + d * d + d], d, tau, zeta)
        raw = np.asarray(x[n + 3 + d * d + d :]).reshape(d, b)
        c1, _, _ = constants(d, b, delta)
        smax = np.linalg.norm(raw, 2)
        U = raw * min(1.0, math.sqrt(c1) / smax) if smax > 0 else raw  # eq:smax's event
        w, V = np.linalg.eigh(np.linalg.inv(sigma_inv))
        root = (V * np.sqrt(w)) @ V.T
        return dict(f=f, mu=mu, tau=tau, c1=c1, U=U, root=root, g=f.gradient(mu))

    def evaluate(x: np.ndarray):
        lhs, rhs = sides(instance(x))
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, evaluate, lambda x: dict(d=d, b=b, terms=m))


def norm_product(rng: np.random.Generator) -> Draw:
    """‖Ũᵀ∇f‖ ≤ ‖U‖‖Σ^{1/2}∇f‖ (Ũ = Σ^{1/2}U, ‖U‖ spectral)."""

    def sides(s):
        v = s["root"] @ s["g"]
        return float(np.linalg.norm(s["U"].T @ v)), float(
            np.linalg.norm(s["U"], 2) * np.linalg.norm(v)
        )

    return _matrices(rng, sides)


def smax_norm(rng: np.random.Generator) -> Draw:
    """(eq:smax) ‖U‖‖Σ^{1/2}∇f‖ ≤ c₁^{1/2}‖Σ^{1/2}∇f‖ on eq:smax's event."""

    def sides(s):
        v = float(np.linalg.norm(s["root"] @ s["g"]))
        return float(np.linalg.norm(s["U"], 2)) * v, math.sqrt(s["c1"]) * v

    return _matrices(rng, sides)


def smoothness(rng: np.random.Generator) -> Draw:
    """c₁^{1/2}‖Σ^{1/2}∇f‖ ≤ √(2c₁Lτ⁻¹(f(μ_k) − f(μ*))) (Σ ⪯ τ⁻¹I, ‖∇f‖² ≤ 2L(f − f*))."""

    def sides(s):
        f = s["f"]
        lhs = math.sqrt(s["c1"]) * float(np.linalg.norm(s["root"] @ s["g"]))
        return lhs, math.sqrt(2 * s["c1"] * f.L / s["tau"] * max(f(s["mu"]) - f(f.mu_star), 0.0))

    return _matrices(rng, sides)


def _bounded_norm(v: dict, y: float) -> float:
    """‖Ũᵀ∇f‖ up to √(2c₁Lτ⁻¹F) with F up to eq:cond's first bound 2³3²𝓛_k⁴τ⁴/(Lγ²)."""
    F = 72 * v["ell"] ** 4 * v["tau"] ** 4 / (v["L"] * v["gamma"] ** 2) * positive(y, 1e-8, 1.0)
    return math.sqrt(2 * v["c1"] * v["L"] / v["tau"] * F)


def condition(rng: np.random.Generator) -> Draw:
    """γ‖Ũᵀ∇f‖/(2⁵·3·c₁^{3/2}τ^{3/2}𝓛_k³) ≤ 1/(8𝓛_kc₁) under eq:cond's first bound."""

    def sides(v, y):
        a = _bounded_norm(v, y[0])
        lhs = v["gamma"] * a / (2**5 * 3 * v["c1"] ** 1.5 * v["tau"] ** 1.5 * v["ell"] ** 3)
        return lhs, 1 / (8 * v["ell"] * v["c1"])

    return _scalar_draw(rng, 1, sides)


def cubic_absorbed(rng: np.random.Generator) -> Draw:
    """−w/(4𝓛_kc₁) + γw^{3/2}/(2⁵·3·𝓛_k³c₁^{3/2}τ^{3/2}) ≤ −w/(8𝓛_kc₁), w = ‖Ũᵀ∇f‖² bounded as
    in ``condition`` (the Δ terms: the display defining Δ_α,2)."""

    def sides(v, y):
        w = _bounded_norm(v, y[0]) ** 2
        cubic = v["gamma"] * w**1.5 / (2**5 * 3 * v["ell"] ** 3 * v["c1"] ** 1.5 * v["tau"] ** 1.5)
        return -w / (4 * v["ell"] * v["c1"]) + cubic, -w / (8 * v["ell"] * v["c1"])

    return _scalar_draw(rng, 1, sides)


def gd_low(rng: np.random.Generator) -> Draw:
    """(eq:gd_low) −w/(8𝓛_kc₁) ≤ −c₂s/(8𝓛_kc₁) for w ≥ c₂s, s = ‖Σ_k^{1/2}∇f‖²."""

    def sides(v, y):
        s = positive(y[0], 1e-8, 1e8)
        w = v["c2"] * s + v["c1"] * s * positive(y[1], 1e-8, 1.0)
        k = 1 / (8 * v["ell"] * v["c1"])
        return -k * w, -k * v["c2"] * s

    return _scalar_draw(rng, 2, sides)


def nab_rst(rng: np.random.Generator) -> Draw:
    """(eq:nab_rst) −c₂s/(8𝓛_kc₁) ≤ −ξ_kc₂F/(8𝓛_kc₁) for s ≥ ξ_kF (Lemma 31)."""

    def sides(v, y):
        F = positive(y[0], 1e-8, 1e8)
        s = v["xi"] * F * (1 + positive(y[1], 1e-8, 10.0))
        k = v["c2"] / (8 * v["ell"] * v["c1"])
        return -k * s, -k * v["xi"] * F

    return _scalar_draw(rng, 2, sides)


def contraction_identity(rng: np.random.Generator) -> Symbolic:
    """F − ξc₂F/(8𝓛c₁) + Δ = (1 − ξc₂/(8𝓛c₁))F + Δ (sympy)."""
    F, D, xi, c1, c2, ell = sympy.symbols("F Delta xi c1 c2 ell", positive=True)
    rho = xi * c2 / (8 * ell * c1)
    return Symbolic(F - rho * F + D, (1 - rho) * F + D)
