"""Vanilla score-function (log-likelihood trick) estimators of the gradient of the Gaussian
smoothing J(μ) = E f(μ + σu), u ~ N(0, I_d), with the four classic choices of weights: raw
values f(z), a baseline f(z) − f(μ), antithetic differences, and rank-based fitness shaping.

These are the estimators from which the paper's eq:g_mu (the antithetic one, in the metric
Σ) descends; notebook 03 compares their variances. Sources: Williams (1992) for baselines in the
score-function (REINFORCE) estimator; Wierstra et al. (2014), *Natural evolution strategies*,
for fitness shaping and its utility values; Nesterov & Spokoiny (2017),
*Random gradient-free minimization of convex functions*, and Salimans et al. (2017) for antithetic
(symmetric) differences; Stein (1981), *Estimation of the mean of a multivariate normal
distribution*, for E[g(u)u] = E[∇g(u)].
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike

from mines_theory import validation as check

__all__ = [
    "WEIGHTS",
    "hutchinson_terms",
    "mean_gradient_estimates",
    "quadratic_variance",
    "rank_utilities",
    "stein_terms",
]

#: The weights ``mean_gradient_estimates`` knows.
WEIGHTS = ("raw", "baseline", "antithetic", "rank")


def rank_utilities(b: int) -> np.ndarray:
    """The fitness-shaping utilities of Wierstra et al. (2014) for a batch of b,
    best first: u_k = max(0, log(b/2 + 1) − log k)/Σ_j max(0, log(b/2 + 1) − log j) − 1/b.

    They sum to zero (a built-in baseline) and depend on f only through the ranks, so the estimate
    is invariant under every increasing transformation of f.

    Parameters
    ----------
    b : int
        The batch size.

    Returns
    -------
    numpy.ndarray
        Shape ``(b,)``, decreasing.
    """
    b = check.positive_int("b", b)
    raw = np.maximum(0.0, np.log(b / 2 + 1) - np.log(np.arange(1, b + 1)))
    return raw / raw.sum() - 1.0 / b


def mean_gradient_estimates(
    f: Callable, mu: ArrayLike, sigma: float, u: ArrayLike, weights: str = "raw"
) -> np.ndarray:
    """Batch estimates of ∇J(μ), J(μ) = E f(μ + σu), one per batch of directions.

    With z_i = μ + σu_i, the log-likelihood trick (paper, eq:log_lh) gives ∇J = E[f(z)u]/σ, and:

    * ``"raw"``: (1/b)Σ f(z_i)u_i/σ, unbiased, with a variance that grows like f(μ)²/σ²;
    * ``"baseline"``: (1/b)Σ (f(z_i) − f(μ))u_i/σ, unbiased since E u = 0 (Williams 1992);
    * ``"antithetic"``: (1/b)Σ (f(μ + σu_i) − f(μ − σu_i))u_i/(2σ), unbiased since u and −u have
      one law; the estimator eq:g_mu with Σ = I (Nesterov & Spokoiny 2017);
    * ``"rank"``: Σ_k ũ_k u_(k)/σ with the utilities of ``rank_utilities`` given to the directions
      sorted from the smallest f (the best, for minimization) to the largest (Wierstra et al. 2014):
      not an estimate of ∇J but of a direction that depends on f only through its ranks.

    Parameters
    ----------
    f : callable
        Vectorized objective, ``f(X)`` of shape (n,) for X of shape (n, d).
    mu : array_like, shape (d,)
    sigma : float
        The smoothing radius, positive.
    u : array_like, shape (m, b, d)
        m batches of b standard normal directions.
    weights : {"raw", "baseline", "antithetic", "rank"}

    Returns
    -------
    numpy.ndarray
        Shape ``(m, d)``.
    """
    if weights not in WEIGHTS:
        raise ValueError(f"weights must be one of {WEIGHTS}, got {weights!r}")
    sigma = check.positive_scalar("sigma", sigma)
    u = np.asarray(u, dtype=float)
    if u.ndim != 3:
        raise ValueError(f"u must have shape (m, b, d), got shape {u.shape}")
    m, b, d = u.shape
    mu = check.vector("mu", mu, d)
    values = np.asarray(f((mu + sigma * u).reshape(-1, d)), dtype=float).reshape(m, b)
    if weights == "raw":
        w = values / sigma
    elif weights == "baseline":
        w = (values - float(np.asarray(f(mu[None, :]))[0])) / sigma
    elif weights == "antithetic":
        minus = np.asarray(f((mu - sigma * u).reshape(-1, d)), dtype=float).reshape(m, b)
        w = (values - minus) / (2 * sigma)
    else:
        order = np.argsort(values, axis=1, kind="stable")
        w = np.empty_like(values)
        np.put_along_axis(w, order, np.broadcast_to(rank_utilities(b), (m, b)), axis=1)
        w = -w * b / sigma  # descent direction's sign, as ∇J: −Σ ũ_k u_(k)·b/(bσ)
    return np.einsum("mb,mbd->md", w, u) / b


def quadratic_variance(
    weights: str, gradient: ArrayLike, hessian: ArrayLike, value: float, sigma: float
) -> float:
    """tr Cov of one direction's term (b = 1) of ``mean_gradient_estimates`` for a quadratic
    f(μ + x) = f₀ + gᵀx + ½xᵀHx, in closed form (Isserlis):

    * antithetic: (d + 1)‖g‖²;
    * baseline: (d + 1)‖g‖² + σ²/4·(d + 4)((tr H)² + 2 tr H²);
    * raw: the baseline's plus d f₀²/σ² + (d + 2) f₀ tr H.

    The mean is g in all three cases; a batch of b divides each by b.

    Parameters
    ----------
    weights : {"raw", "baseline", "antithetic"}
    gradient : array_like, shape (d,)
        g = ∇f(μ).
    hessian : array_like, shape (d, d)
        H, symmetric.
    value : float
        f₀ = f(μ).
    sigma : float
        The smoothing radius.

    Returns
    -------
    float
    """
    if weights not in WEIGHTS[:3]:
        raise ValueError(f"weights must be one of {WEIGHTS[:3]}, got {weights!r}")
    g = check.vector("gradient", gradient)
    d = len(g)
    H = check.symmetric_matrix("hessian", hessian, d)
    sigma = check.positive_scalar("sigma", sigma)
    value = check.finite_scalar("value", value)
    variance = (d + 1) * g @ g
    if weights == "antithetic":
        return float(variance)
    variance += sigma**2 / 4 * (d + 4) * (np.trace(H) ** 2 + 2 * np.trace(H @ H))
    if weights == "baseline":
        return float(variance)
    return float(variance + d * value**2 / sigma**2 + (d + 2) * value * np.trace(H))


def stein_terms(
    f: Callable, gradient: Callable, mu: ArrayLike, sigma: float, u: ArrayLike
) -> tuple[np.ndarray, np.ndarray]:
    """The two sides of Stein's lemma (Stein 1981), E[h(u)u] = E[∇h(u)] for u ~ N(0, I) and
    h(u) = f(μ + σu), sample by sample: f(μ + σu_i)u_i and σ∇f(μ + σu_i). Their means agree; the
    lemma is what turns the log-likelihood trick into ∇J = E∇f(μ + σu) (paper, Lemma 4.1).

    Parameters
    ----------
    f : callable
        Vectorized objective.
    gradient : callable
        Its gradient, ``gradient(X)`` of shape (n, d).
    mu : array_like, shape (d,)
    sigma : float
    u : array_like, shape (n, d)

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        Both of shape (n, d).
    """
    sigma = check.positive_scalar("sigma", sigma)
    u = np.asarray(u, dtype=float)
    if u.ndim != 2:
        raise ValueError(f"u must have shape (n, d), got shape {u.shape}")
    mu = check.vector("mu", mu, u.shape[1])
    z = mu + sigma * u
    return np.asarray(f(z), dtype=float)[:, None] * u, sigma * np.asarray(gradient(z), dtype=float)


def hutchinson_terms(A: ArrayLike, u: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Hutchinson's estimators, sample by sample: uᵢᵀAuᵢ, unbiased for tr A (Hutchinson 1989),
    and uᵢ ⊙ Auᵢ, unbiased for diag A (Bekas, Kokiopoulou & Saad 2007). With Gaussian uᵢ the
    trace estimate has variance 2‖A‖²_F (Isserlis). MiNES's practical step reads such a trace off
    the second differences it already has (``schedules.HutchinsonStep``).

    Parameters
    ----------
    A : array_like, shape (d, d)
        Symmetric.
    u : array_like, shape (n, d)
        Probe vectors with E uuᵀ = I.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        Shapes (n,) and (n, d).
    """
    A = check.symmetric_matrix("A", A)
    u = np.asarray(u, dtype=float)
    if u.ndim != 2 or u.shape[1] != A.shape[0]:
        raise ValueError(f"u must have shape (n, {A.shape[0]}), got shape {u.shape}")
    Au = u @ A
    return np.einsum("nd,nd->n", u, Au), u * Au
