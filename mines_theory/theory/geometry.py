"""The information geometry behind NES and MiNES, in numpy: the Kullback–Leibler divergence of
Gaussians and its second-order term (the Fisher matrix), Bregman divergences, entropic mirror
descent on the simplex, and the equivalence of natural-gradient descent and mirror descent for a
Gaussian family.

Background for Sections 2 and 4 of *Mirror Natural Evolution Strategies* (H. Ye); the classic
sources are Amari (1998), *Natural gradient works efficiently in learning*; Wierstra et al.
(2014), *Natural evolution strategies*; Nemirovski & Yudin (1983), *Problem complexity and method
efficiency in optimization*; Beck & Teboulle (2003), *Mirror descent and nonlinear projected
subgradient methods for convex optimization*; Raskutti & Mukherjee (2015), *The information
geometry of mirror descent*.

Coordinates of a Gaussian N(μ, Σ) on R^d used here (all minimal, so every Fisher matrix below is
invertible):

* ``(μ, vech Σ)``, with vech the d(d+1)/2 entries Σ_ij, i ≥ j, column by column (the moment
  coordinates of Section 2 of the paper, where it prints the Fisher matrix; notebook 01);
* the natural parameters θ = (Σ⁻¹μ, θ₂), θ₂ the entries i ≥ j of −½Σ⁻¹ with the off-diagonal ones
  doubled, so that ⟨θ, T(z)⟩ = μᵀΣ⁻¹z − ½zᵀΣ⁻¹z for the sufficient statistic
  T(z) = (z, (z_i z_j)_{i ≥ j});
* the expectation parameters m = E T(z) = (μ, ((Σ + μμᵀ)_ij)_{i ≥ j}) = ∇A(θ), A the log-partition
  A(θ) = ½μᵀΣ⁻¹μ + ½ log det Σ (+ a constant).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from mines_theory import validation as check

__all__ = [
    "bregman_divergence",
    "commutation_matrix",
    "duplication_matrix",
    "entropic_mirror_descent",
    "expectation_parameters",
    "from_natural_parameters",
    "gaussian_fisher",
    "gaussian_kl",
    "log_partition",
    "logdet_divergence",
    "mirror_descent_expectation_step",
    "natural_fisher",
    "natural_gradient_step",
    "natural_parameters",
]


# --- vec, vech and the matrices between them ----------------------------------------------------


def _lower_indices(d: int) -> tuple[np.ndarray, np.ndarray]:
    """Row and column indices (i ≥ j) in vech order: column by column."""
    cols, rows = np.triu_indices(d)  # (j, i) with j ≤ i, row-major over j: column order
    return rows, cols


def commutation_matrix(d: int) -> np.ndarray:
    """The commutation matrix K of order d: ``K @ vec(A) = vec(A.T)`` for every d × d matrix A
    (vec stacks columns). Magnus & Neudecker (1979), *The commutation matrix*.

    K is a symmetric permutation matrix with K² = I; ½(I + K) is the orthogonal projection of
    vec-space onto the vectors of symmetric matrices, which is why the Fisher block of vec Σ in
    notebook 01 carries the factor (I + K).

    Parameters
    ----------
    d : int
        The order of the matrices A.

    Returns
    -------
    numpy.ndarray
        Shape ``(d*d, d*d)``.
    """
    d = check.positive_int("d", d)
    K = np.zeros((d * d, d * d))
    for i in range(d):
        for j in range(d):
            K[i * d + j, j * d + i] = 1.0  # vec(A)[j*d + i] = A[i, j] → vec(Aᵀ)[i*d + j]
    return K


def duplication_matrix(d: int) -> np.ndarray:
    """The duplication matrix D of order d: ``D @ vech(S) = vec(S)`` for every symmetric S.
    Magnus & Neudecker (1980), *The elimination matrix*.

    Parameters
    ----------
    d : int

    Returns
    -------
    numpy.ndarray
        Shape ``(d*d, d*(d+1)//2)``.
    """
    d = check.positive_int("d", d)
    rows, cols = _lower_indices(d)
    D = np.zeros((d * d, len(rows)))
    for k, (i, j) in enumerate(zip(rows, cols)):
        D[j * d + i, k] = 1.0
        D[i * d + j, k] = 1.0
    return D


def _vech(S: np.ndarray) -> np.ndarray:
    rows, cols = _lower_indices(S.shape[0])
    return S[rows, cols]


def _unvech(v: np.ndarray, d: int) -> np.ndarray:
    rows, cols = _lower_indices(d)
    S = np.zeros((d, d))
    S[rows, cols] = v
    S[cols, rows] = v
    return S


# --- Kullback–Leibler and Fisher -----------------------------------------------------------------


def gaussian_kl(mu0: ArrayLike, cov0: ArrayLike, mu1: ArrayLike, cov1: ArrayLike) -> float:
    """KL(N(μ₀, Σ₀) ‖ N(μ₁, Σ₁)) = ½[tr(Σ₁⁻¹Σ₀) + (μ₁ − μ₀)ᵀΣ₁⁻¹(μ₁ − μ₀) − d + log det Σ₁/det Σ₀].

    Its second-order term in a small change δ of the parameters is ½δᵀFδ, F the Fisher matrix
    (``gaussian_fisher``; Amari 1998), which is what makes the natural gradient the
    steepest descent direction in KL divergence (paper, Section 2).

    Parameters
    ----------
    mu0, mu1 : array_like, shape (d,)
    cov0, cov1 : array_like, shape (d, d)
        Symmetric positive definite.

    Returns
    -------
    float
    """
    cov0 = check.positive_definite("cov0", cov0)
    d = cov0.shape[0]
    cov1 = check.positive_definite("cov1", cov1, d)
    mu0, mu1 = check.vector("mu0", mu0, d), check.vector("mu1", mu1, d)
    diff = mu1 - mu0
    trace = np.trace(np.linalg.solve(cov1, cov0))
    mahalanobis = diff @ np.linalg.solve(cov1, diff)
    logdet = np.linalg.slogdet(cov1)[1] - np.linalg.slogdet(cov0)[1]
    return float(0.5 * (trace + mahalanobis - d + logdet))


def gaussian_fisher(cov: ArrayLike) -> np.ndarray:
    """The Fisher matrix of N(μ, Σ) in the minimal coordinates (μ, vech Σ):
    blockdiag(Σ⁻¹, ½Dᵀ(Σ⁻¹ ⊗ Σ⁻¹)D), D the duplication matrix.

    The paper prints F = blockdiag(Σ̄⁻¹, ½Σ̄⁻¹ ⊗ Σ̄⁻¹) for θ = [μ; vec Σ̄] (Section 2;
    Wierstra et al. 2014); in vech coordinates, where it is invertible, it is the
    block above (notebook 01, exercise).

    Parameters
    ----------
    cov : array_like, shape (d, d)
        Symmetric positive definite.

    Returns
    -------
    numpy.ndarray
        Shape ``(d + d(d+1)/2, d + d(d+1)/2)``.
    """
    cov = check.positive_definite("cov", cov)
    d = cov.shape[0]
    P = np.linalg.inv(cov)
    P = (P + P.T) / 2
    D = duplication_matrix(d)
    block = 0.5 * D.T @ np.kron(P, P) @ D
    n = d + block.shape[0]
    F = np.zeros((n, n))
    F[:d, :d], F[d:, d:] = P, block
    return F


# --- Bregman divergences -------------------------------------------------------------------------


def bregman_divergence(psi: Callable, grad_psi: Callable, x: ArrayLike, y: ArrayLike) -> float:
    """D_ψ(x, y) = ψ(x) − ψ(y) − ⟨∇ψ(y), x − y⟩: the gap at x between the convex ψ and its
    tangent at y (Bregman 1967; the penalty of mirror descent, Nemirovski & Yudin 1983, Beck &
    Teboulle 2003). Non-negative for convex ψ, zero at x = y.

    Parameters
    ----------
    psi : callable
        The mirror map, ``psi(x) -> float``.
    grad_psi : callable
        Its gradient, same shape as ``x``.
    x, y : float or array_like
        Points of the domain of ψ (matrices allowed: the inner product is ``sum(a * b)``).

    Returns
    -------
    float
    """
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if x.shape != y.shape:
        raise ValueError(f"x and y must have one shape, got {x.shape} and {y.shape}")
    return float(psi(x) - psi(y) - np.sum(np.asarray(grad_psi(y)) * (x - y)))


def logdet_divergence(X: ArrayLike, Y: ArrayLike) -> float:
    """The Bregman divergence of ψ(X) = −log det X (Burg's, or Stein's loss):
    D(X, Y) = tr(Y⁻¹X) − log det(Y⁻¹X) − d.

    With R(Σ) = −α²/2·log det Σ, the paper's B_R(Σ₁, Σ₂) (Section 4) is α²/2·D(Σ₁, Σ₂); and
    D(Σ₁, Σ₂) = 2 KL(N(0, Σ₁) ‖ N(0, Σ₂)).

    Parameters
    ----------
    X, Y : array_like, shape (d, d)
        Symmetric positive definite.

    Returns
    -------
    float
    """
    X = check.positive_definite("X", X)
    Y = check.positive_definite("Y", Y, X.shape[0])
    M = np.linalg.solve(Y, X)
    return float(np.trace(M) - np.linalg.slogdet(M)[1] - X.shape[0])


# --- mirror descent on the simplex ---------------------------------------------------------------


def entropic_mirror_descent(
    subgradient: Callable, x0: ArrayLike, step_sizes: ArrayLike
) -> np.ndarray:
    """Mirror descent on the probability simplex with the negative entropy ψ(x) = Σ xᵢ log xᵢ as
    mirror map (the exponentiated-gradient update; Nemirovski & Yudin 1983, Beck & Teboulle
    2003): x_{k+1} ∝ x_k ⊙ exp(−η_k g_k), g_k a subgradient at x_k.

    With ‖g_k‖_∞ ≤ G, x₀ uniform on n points and the constant step η = √(2 log n / T)/G, the
    average of x₀..x_{T−1} is within G√(2 log n / T) of the minimum (Beck & Teboulle 2003, with
    the strong convexity of ψ in ‖·‖₁ from Pinsker's inequality).

    Parameters
    ----------
    subgradient : callable
        ``subgradient(x) -> array`` of shape (n,).
    x0 : array_like, shape (n,)
        A point of the relative interior of the simplex (positive entries summing to 1).
    step_sizes : array_like, shape (T,)
        η_0..η_{T−1}, positive.

    Returns
    -------
    numpy.ndarray
        Shape ``(T + 1, n)``: x_0..x_T.
    """
    x = check.vector("x0", x0)
    if np.any(x <= 0) or abs(x.sum() - 1) > 1e-10:
        raise ValueError(f"x0 must have positive entries summing to 1, got {x0!r}")
    etas = check.vector("step_sizes", step_sizes)
    if np.any(etas <= 0):
        raise ValueError(f"step_sizes must be positive, got {step_sizes!r}")
    iterates = np.empty((len(etas) + 1, len(x)))
    iterates[0] = x
    log_x = np.log(x)
    for k, eta in enumerate(etas):
        log_x = log_x - eta * np.asarray(subgradient(iterates[k]), dtype=float)
        log_x -= log_x.max()
        w = np.exp(log_x)
        iterates[k + 1] = w / w.sum()
        log_x = np.log(iterates[k + 1])
    return iterates


# --- natural parameters, expectation parameters, and the NGD ↔ MD equivalence -------------------


def natural_parameters(mu: ArrayLike, cov: ArrayLike) -> np.ndarray:
    """θ = (Σ⁻¹μ, θ₂) of N(μ, Σ), θ₂ the vech entries of −½Σ⁻¹ with the off-diagonal ones doubled
    (module docstring), so that log π(z) = ⟨θ, T(z)⟩ − A(θ) with T(z) = (z, vech(zzᵀ)).

    Parameters
    ----------
    mu : array_like, shape (d,)
    cov : array_like, shape (d, d)

    Returns
    -------
    numpy.ndarray
        Shape ``(d + d(d+1)/2,)``.
    """
    cov = check.positive_definite("cov", cov)
    d = cov.shape[0]
    mu = check.vector("mu", mu, d)
    P = np.linalg.inv(cov)
    rows, cols = _lower_indices(d)
    theta2 = -0.5 * P[rows, cols] * np.where(rows == cols, 1.0, 2.0)
    return np.concatenate([P @ mu, theta2])


def from_natural_parameters(theta: Any) -> tuple[np.ndarray, np.ndarray]:
    """(μ, Σ) from the natural parameters θ of ``natural_parameters``.

    Parameters
    ----------
    theta : array_like, shape (d + d(d+1)/2,)

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        μ of shape (d,) and Σ of shape (d, d).
    """
    theta = check.vector("theta", theta)
    d = round((np.sqrt(9 + 8 * len(theta)) - 3) / 2)
    if d + d * (d + 1) // 2 != len(theta):
        raise ValueError(f"theta must have d + d(d+1)/2 entries, got {len(theta)}")
    rows, cols = _lower_indices(d)
    P = _unvech(-2.0 * theta[d:] / np.where(rows == cols, 1.0, 2.0), d)
    if np.linalg.eigvalsh(P)[0] <= 0:
        raise ValueError(
            "theta must have a negative definite second block (a precision matrix "
            f"−2θ₂ that is positive definite), got {theta!r}"
        )
    cov = np.linalg.inv(P)
    return cov @ theta[:d], (cov + cov.T) / 2


def log_partition(theta: Any) -> float:
    """A(θ) = ½μᵀΣ⁻¹μ + ½ log det Σ (+ d/2·log 2π, omitted), the log-partition function of the
    Gaussian family in the natural parameters of ``natural_parameters``; ∇A(θ) = E T(z), the
    expectation parameters, and ∇²A(θ) = Cov T(z), the Fisher matrix in θ.

    Parameters
    ----------
    theta : array_like

    Returns
    -------
    float
    """
    mu, cov = from_natural_parameters(theta)
    return float(0.5 * mu @ np.linalg.solve(cov, mu) + 0.5 * np.linalg.slogdet(cov)[1])


def expectation_parameters(mu: ArrayLike, cov: ArrayLike) -> np.ndarray:
    """m = E T(z) = (μ, vech(Σ + μμᵀ)) for z ~ N(μ, Σ): the dual coordinates of the natural
    parameters, m = ∇A(θ) (Raskutti & Mukherjee 2015).

    Parameters
    ----------
    mu : array_like, shape (d,)
    cov : array_like, shape (d, d)

    Returns
    -------
    numpy.ndarray
    """
    cov = check.positive_definite("cov", cov)
    mu = check.vector("mu", mu, cov.shape[0])
    return np.concatenate([mu, _vech(cov + np.outer(mu, mu))])


def _from_expectation(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    d = round((np.sqrt(9 + 8 * len(m)) - 3) / 2)
    mu = m[:d]
    return mu, _unvech(m[d:], d) - np.outer(mu, mu)


def natural_fisher(mu: ArrayLike, cov: ArrayLike) -> np.ndarray:
    """The Fisher matrix of N(μ, Σ) in the natural parameters θ: Cov T(z) = ∇²A(θ), in closed form
    (Isserlis): Cov(z_i, z_k z_l) = Σ_ik μ_l + Σ_il μ_k and Cov(z_i z_j, z_k z_l) = Σ_ik Σ_jl +
    Σ_il Σ_jk + μ_i μ_k Σ_jl + μ_i μ_l Σ_jk + μ_j μ_k Σ_il + μ_j μ_l Σ_ik (Amari 1998; Raskutti &
    Mukherjee 2015).

    Parameters
    ----------
    mu : array_like, shape (d,)
    cov : array_like, shape (d, d)

    Returns
    -------
    numpy.ndarray
        Shape ``(d + d(d+1)/2, d + d(d+1)/2)``.
    """
    S = check.positive_definite("cov", cov)
    d = S.shape[0]
    mu = check.vector("mu", mu, d)
    rows, cols = _lower_indices(d)
    zz = np.einsum("ik,l->ikl", S, mu) + np.einsum("il,k->ikl", S, mu)  # Cov(z_i, z_k z_l)
    quad = (
        np.einsum("ik,jl->ijkl", S, S)
        + np.einsum("il,jk->ijkl", S, S)
        + np.einsum("i,k,jl->ijkl", mu, mu, S)
        + np.einsum("i,l,jk->ijkl", mu, mu, S)
        + np.einsum("j,k,il->ijkl", mu, mu, S)
        + np.einsum("j,l,ik->ijkl", mu, mu, S)
    )
    cross = zz[:, rows, cols]
    second = quad[rows, cols][:, rows, cols]
    return np.block([[S, cross], [cross.T, second]])


def _gradient(fun: Callable, x: np.ndarray, step: float) -> np.ndarray:
    """Central differences, relative step."""
    g = np.empty_like(x)
    for i in range(len(x)):
        h = step * max(1.0, abs(x[i]))
        e = np.zeros_like(x)
        e[i] = h
        g[i] = (fun(x + e) - fun(x - e)) / (2 * h)
    return g


def natural_gradient_step(
    loss: Callable, mu: ArrayLike, cov: ArrayLike, eta: float, *, step: float = 1e-6
) -> tuple[np.ndarray, np.ndarray]:
    """One natural-gradient step on the natural parameters θ of N(μ, Σ):
    θ⁺ = θ − η F(θ)⁻¹∇_θ L, F(θ) = ``natural_fisher`` (Amari 1998), with ∇_θ L by central
    differences of ``loss`` through (μ, Σ)(θ).

    Raskutti & Mukherjee (2015): this step equals mirror descent on the expectation
    parameters m with mirror map A* (the conjugate of the log-partition; the negative entropy up
    to a constant), ``mirror_descent_expectation_step``; for the precision it is
    Σ⁺⁻¹ = Σ⁻¹ + 2η ∂L/∂Σ, the mirror step eq:Sig_up of the paper (Section 4).

    Parameters
    ----------
    loss : callable
        ``loss(mu, cov) -> float``, smooth near (μ, Σ).
    mu : array_like, shape (d,)
    cov : array_like, shape (d, d)
    eta : float
        The step size, positive.
    step : float
        Relative step of the central differences.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        μ⁺ and Σ⁺.
    """
    eta = check.positive_scalar("eta", eta)
    theta = natural_parameters(mu, cov)
    gradient = _gradient(lambda t: loss(*from_natural_parameters(t)), theta, step)
    mu = np.asarray(mu, dtype=float)
    return from_natural_parameters(theta - eta * np.linalg.solve(natural_fisher(mu, cov), gradient))


def mirror_descent_expectation_step(
    loss: Callable, mu: ArrayLike, cov: ArrayLike, eta: float, *, step: float = 1e-6
) -> tuple[np.ndarray, np.ndarray]:
    """One mirror-descent step on the expectation parameters m = (μ, vech(Σ + μμᵀ)) with mirror
    map A*, the convex conjugate of the log-partition: ∇A*(m⁺) = ∇A*(m) − η∇_m L, and
    ∇A* = (∇A)⁻¹ maps m to θ, so θ⁺ = θ(m) − η∇_m L (Raskutti & Mukherjee 2015; Beck &
    Teboulle 2003). ∇_m L by central differences of ``loss`` through (μ, Σ)(m); no Fisher matrix.

    Parameters
    ----------
    loss, mu, cov, eta, step
        As for ``natural_gradient_step``.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        μ⁺ and Σ⁺.
    """
    eta = check.positive_scalar("eta", eta)
    m = expectation_parameters(mu, cov)
    gradient = _gradient(lambda v: loss(*_from_expectation(v)), m, step)
    return from_natural_parameters(natural_parameters(mu, cov) - eta * gradient)
