"""The checkers of the proof of Theorem 2 (our Theorem 3.2, prop:close; Appendix C).

The admissible instances, from the theorem's hypotheses: d ∈ {1, 2, 3}, f = ``common.LogCosh``
(L-smooth with its L, γ-Lipschitz Hessian with its γ), a point μ, Σ ≻ 0 with spectrum in
[10⁻², 10²], α ∈ [10⁻², 1]; u ~ N(0, I_d), h = Σ^{1/2}u. The expectations over u are Monte
Carlo (``check.Expectation``); φ(Σ) = E[(γ/6)‖Σ^{1/2}u‖³] is the theorem's definition, so each
line's Monte Carlo variable carries α³(γ/6)‖h‖³ per draw instead of α³φ(Σ) (the same
expectation), and R(Σ), on both sides of the lines with Q_α, cancels.
"""

from __future__ import annotations

import math

import numpy as np

from ..check import Draw, Expectation
from .common import logcosh, logcosh_size, positive, spd

__all__ = [
    "j_closed_form",
    "j_printed",
    "taylor_bound",
    "change_of_variables",
    "expand",
    "gaussian_moments",
    "smooth_trace",
    "q_upper",
    "j_lower",
    "q_lower",
]


def _setting(rng: np.random.Generator) -> dict:
    d = int(rng.integers(1, 4))
    f, mu = logcosh(rng.standard_normal(logcosh_size(d, 2)), d, 2)
    sigma = spd(rng.standard_normal(d * d + d), d, 1e-2, 1e2)
    w, P = np.linalg.eigh(sigma)
    return dict(
        d=d,
        f=f,
        mu=mu,
        sigma=sigma,
        root=(P * np.sqrt(w)) @ P.T,
        alpha=positive(rng.standard_normal(), 1e-2, 1.0),
    )


def _values(s: dict, gen: np.random.Generator, n: int) -> dict:
    """Per draw u: f(μ + αh), the Taylor model's parts, and (γ/6)α³‖h‖³."""
    f, mu, alpha = s["f"], s["mu"], s["alpha"]
    h = gen.standard_normal((n, s["d"])) @ s["root"]  # rows Σ^{1/2}u (Σ^{1/2} symmetric)
    value = f.values(mu + alpha * h)
    H = f.hessian(mu)
    linear = alpha * h @ f.gradient(mu)
    quadratic = alpha**2 / 2 * np.einsum("ni,ij,nj->n", h, H, h)
    cubic = f.gamma / 6 * alpha**3 * np.linalg.norm(h, axis=1) ** 3
    return dict(value=value, linear=linear, quadratic=quadratic, cubic=cubic)


def _describe(s: dict) -> dict:
    return dict(d=s["d"], alpha=s["alpha"], L=s["f"].L, gamma=s["f"].gamma)


def taylor_bound(rng):
    """eq:taylor: |f(z) − [f(μ) + ⟨∇f(μ), z − μ⟩ + ½(z − μ)ᵀ∇²f(μ)(z − μ)]| ≤ (γ/6)‖z − μ‖³."""
    d = int(rng.integers(1, 4))
    k = logcosh_size(d, 2)
    x0 = rng.standard_normal(k + d + 1)

    def sides(x):
        f, mu = logcosh(x[:k], d, 2)
        direction = np.asarray(x[k : k + d])
        step = direction / (np.linalg.norm(direction) + 1e-300) * positive(x[-1], 1e-2, 10.0)
        model = f(mu) + f.gradient(mu) @ step + 0.5 * step @ f.hessian(mu) @ step
        lhs = abs(f(mu + step) - model)
        rhs = f.gamma / 6 * float(np.linalg.norm(step)) ** 3
        # f and the model agree to rounding, 1e-16 relative to the terms they are made of
        # (log cosh's |s| among them): a margin is read on that scale
        terms = abs(f(mu + step)) + abs(f(mu)) + abs(f.gradient(mu) @ step)
        terms += abs(step @ f.hessian(mu) @ step) + f.beta * float(np.abs(f.W @ mu).sum())
        return lhs, rhs, lhs + rhs + 1e-12 * terms

    return Draw(x0, sides, lambda x: dict(d=d, gamma=logcosh(x[:k], d, 2)[0].gamma))


def j_closed_form(A, c, beta, W, mu, sigma_bar) -> float:
    """J(θ) = ∫f(z)π(z|θ)dz in closed form, π = N(μ, Σ̄) (the density of eq:J_org's Gaussian,
    Σ̄ = α²Σ), for f(z) = ½(z − c)ᵀA(z − c) + β·Σ_j cos(w_jᵀz) (w_j the rows of W): the
    Gaussian's mean and covariance, and E cos(wᵀz) = cos(wᵀμ)·exp(−wᵀΣ̄w/2) (its characteristic
    function)."""
    e = mu - c
    quadratic = 0.5 * (e @ A @ e + float(np.sum(A * sigma_bar)))
    damp = np.exp(-0.5 * np.einsum("ji,ik,jk->j", W, sigma_bar, W))
    return float(quadratic + beta * np.sum(np.cos(W @ mu) * damp))


def j_printed(A, c, beta, W, mu, alpha, M, step: float = 0.25, reach: float = 12.0) -> float:
    """The printed right side (2π)^{-d/2}∫f(μ + αMu)exp(−‖u‖²/2)du, M = Σ^{1/2} as printed, by
    the trapezoid rule on a grid of u of spacing ``step`` over [−reach, reach]^d (its error is
    below 1e-15 relative for the model's f: the integrand is entire)."""
    d = len(mu)
    axis = np.arange(-reach, reach + step / 2, step)
    U = np.stack(np.meshgrid(*[axis] * d, indexing="ij"), axis=-1).reshape(-1, d)
    Z = mu + alpha * U @ M.T
    E = Z - c
    f = 0.5 * np.einsum("ni,ij,nj->n", E, A, E) + beta * np.cos(Z @ W.T).sum(axis=1)
    weight = np.exp(-0.5 * np.sum(U * U, axis=1))
    return float(np.sum(f * weight) * step**d / (2 * math.pi) ** (d / 2))


def change_of_variables(rng):
    """J(θ) = (2π)^{-d/2}∫f(μ + αΣ^{1/2}u)exp(−‖u‖²/2)du (eq:J_org, z = μ + αΣ^{1/2}u): the left
    side in closed form over π(z|θ) = N(μ, α²Σ) (``j_closed_form``), the right side by
    quadrature in u as printed (``j_printed``); f(z) = ½(z − c)ᵀA(z − c) + β·Σ_j cos(w_jᵀz), an
    entire f with L-Lipschitz gradient and γ-Lipschitz Hessian, d ∈ {1, 2}. A wrong Jacobian
    (Σ for Σ^{1/2}, as the sentence before the display reads, or a missing (2π)^{-d/2}) moves
    the right side (``tests/test_proof_walk.py``)."""
    d, m = int(rng.integers(1, 3)), 2
    k = d * d + d

    def instance(x):
        A = spd(x[:k], d, 0.05, 5.0)
        W = np.asarray(x[k : k + m * d]).reshape(m, d)
        beta = positive(x[k + m * d], 0.01, 5.0)
        at = k + m * d + 1
        c, mu = np.asarray(x[at : at + d]), np.asarray(x[at + d : at + 2 * d])
        sigma = spd(x[at + 2 * d : at + 2 * d + k], d, 0.2, 5.0)
        alpha = positive(x[-1], 1e-2, 1.0)
        return A, c, beta, W, mu, sigma, alpha

    def sides(x):
        A, c, beta, W, mu, sigma, alpha = instance(x)
        w, P = np.linalg.eigh(sigma)
        root = (P * np.sqrt(w)) @ P.T
        lhs = j_closed_form(A, c, beta, W, mu, alpha**2 * sigma)
        rhs = j_printed(A, c, beta, W, mu, alpha, root)
        return lhs, rhs, abs(lhs) + abs(rhs) + beta * m

    def describe(x):
        A, c, beta, W, mu, sigma, alpha = instance(x)
        return dict(d=d, alpha=alpha, beta=beta)

    return Draw(rng.standard_normal(k + m * d + 1 + 2 * d + k + 1), sides, describe)


def expand(rng):
    """J(θ) ≤ E[f(μ) + ⟨∇f, αh⟩ + (α²/2)hᵀ∇²f h + (γα³/6)‖h‖³] (eq:taylor under the integral):
    E[f(μ + αh) − the Taylor upper model] ≤ 0, Monte Carlo."""
    s = _setting(rng)
    f0 = s["f"](s["mu"])

    def sample(gen, n):
        v = _values(s, gen, n)
        return v["value"] - (f0 + v["linear"] + v["quadratic"] + v["cubic"])

    return Expectation(sample, 0.0, 1.0, _describe(s))


def gaussian_moments(rng):
    """E[f(μ) + ⟨∇f, αh⟩ + (α²/2)hᵀ∇²f h] = f(μ) + (α²/2)⟨∇²f(μ), Σ⟩ (the cubic term is α³φ(Σ)
    by φ's definition), Monte Carlo against the closed form."""
    s = _setting(rng)
    f0 = s["f"](s["mu"])
    rhs = f0 + s["alpha"] ** 2 / 2 * float(np.sum(s["f"].hessian(s["mu"]) * s["sigma"]))

    def sample(gen, n):
        v = _values(s, gen, n)
        return f0 + v["linear"] + v["quadratic"]

    return Expectation(sample, rhs, abs(rhs), _describe(s))


def smooth_trace(rng):
    """f(μ) + (α²/2)⟨∇²f(μ), Σ⟩ + α³φ ≤ f(μ) + (Lα²/2)tr Σ + α³φ (‖∇²f‖₂ ≤ L)."""
    d = int(rng.integers(1, 4))
    k = logcosh_size(d, 2)
    x0 = rng.standard_normal(k + d * d + d)

    def sides(x):
        f, mu = logcosh(x[:k], d, 2)
        sigma = spd(x[k:], d, 1e-2, 1e2)
        lhs, rhs = float(np.sum(f.hessian(mu) * sigma)), f.L * float(np.trace(sigma))
        return lhs, rhs, abs(lhs) + abs(rhs)

    return Draw(x0, sides, lambda x: dict(d=d))


def q_upper(rng):
    """Q_α(θ) ≤ f(μ) + (Lα²/2)tr Σ + α³φ(Σ) + R(Σ): E[f(μ + αh) − f(μ) − (Lα²/2)tr Σ −
    (γα³/6)‖h‖³] ≤ 0, Monte Carlo (R cancels)."""
    s = _setting(rng)
    shift = s["f"](s["mu"]) + s["f"].L * s["alpha"] ** 2 / 2 * float(np.trace(s["sigma"]))

    def sample(gen, n):
        v = _values(s, gen, n)
        return v["value"] - v["cubic"] - shift

    return Expectation(sample, 0.0, shift, _describe(s))


def j_lower(rng):
    """J(θ) ≥ f(μ) − (Lα²/2)tr Σ − α³φ(Σ): E[f(μ + αh) + (γα³/6)‖h‖³] ≥ f(μ) − (Lα²/2)tr Σ,
    Monte Carlo (the last line adds R(Σ) to both sides)."""
    s = _setting(rng)
    rhs = s["f"](s["mu"]) - s["f"].L * s["alpha"] ** 2 / 2 * float(np.trace(s["sigma"]))

    def sample(gen, n):
        v = _values(s, gen, n)
        return v["value"] + v["cubic"]

    return Expectation(sample, rhs, abs(rhs) + 1.0, _describe(s))


def q_lower(rng):
    """f(μ) − (Lα²/2)tr Σ − α³φ(Σ) + R(Σ) ≤ Q_α(θ): E[f(μ) − (Lα²/2)tr Σ − (γα³/6)‖h‖³ −
    f(μ + αh)] ≤ 0, Monte Carlo (R on both sides cancels)."""
    s = _setting(rng)
    shift = s["f"](s["mu"]) - s["f"].L * s["alpha"] ** 2 / 2 * float(np.trace(s["sigma"]))

    def sample(gen, n):
        v = _values(s, gen, n)
        return shift - v["cubic"] - v["value"]

    return Expectation(sample, 0.0, abs(shift) + 1.0, _describe(s))
