"""The estimators of Algorithm 1 as printed, as pure functions of given directions u.

One iteration k queries 2b+1 points, μ_k and μ_k ± α z_i with z_i = Σ_k^{1/2} u_i, u_i ~ N(0, I):

    g̃(μ_k) = 1/b Σ_i [f(μ_k + α z_i) − f(μ_k − α z_i)] / (2α) · z_i                  (eq:g_mu)
    G̃(Σ_k) = 1/(2bα²) Σ_i [f(μ_k − α z_i) + f(μ_k + α z_i) − 2 f(μ_k)]
                        · (Σ_k^{-1/2} u_i u_iᵀ Σ_k^{-1/2} − Σ_k⁻¹) − Σ_k⁻¹               (eq:TG)

On a quadratic with Hessian H, E[g̃] = Σ∇f(μ) (Lemma 4.1, exact) and E[G̃] = H − Σ⁻¹ (Lemma 4.3
with Lemma C.1).

``mean_gradient``, ``sigma_gradient`` and ``estimator_terms`` take the symmetric root, as
printed, so that they can be read against the paper line by line; ``query_points`` and
``precision_gradient`` are the two pieces that ``algorithm.MiNESStrategy`` builds an iteration
from (with ``check_input=False``, its inputs having been checked once); ``gradient_from_weights``
and ``gradient_from_rows`` are eq:TG's kernels for the forms of Σ⁻¹ in ``precision``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike
from scipy.linalg import blas

from mines_theory.linalg.spd import symmetric_roots, weighted_gram
from mines_theory.validation import (
    evaluate,
    real_array,
    smoothing_radius,
    symmetric_matrix,
    vector,
)

__all__ = [
    "mean_gradient",
    "sigma_gradient",
    "estimator_terms",
    "query_points",
    "precision_gradient",
    "gradient_from_weights",
    "gradient_from_rows",
    "VectorizedObjective",
    "POINTS_BLOCK_ENTRIES",
]

#: A vectorized objective: ``f(X)`` with X of shape (n, d) returns shape (n,).
VectorizedObjective = Callable[[np.ndarray], ArrayLike]

#: ``sigma_gradient``/``mean_gradient`` build the query points in blocks of
#: ⌊``POINTS_BLOCK_ENTRIES``/d⌋ directions (100 kB), so that the block μ + αz_i that the GEMM
#: writes is still in cache when its reflection 2μ − (μ + αz_i) is taken: 0.82× the CPU time of
#: one pass over the whole batch at b = 10⁴, d = 50 (one BLAS thread). Below 64 directions per
#: block (d > 200), one pass.
POINTS_BLOCK_ENTRIES = 12_800


def _check_inputs(
    mu: ArrayLike, sigma_inv: ArrayLike, alpha: float, u: ArrayLike
) -> tuple[np.ndarray, np.ndarray, float, np.ndarray]:
    mu = vector("mu", mu)
    d = mu.shape[0]
    sigma_inv = symmetric_matrix("sigma_inv", sigma_inv, d)
    alpha = smoothing_radius("alpha", alpha)
    u = real_array("u", u, 2)
    if u.ndim != 2 or u.shape[1] != d:
        raise ValueError(f"u must have shape (b, d) = (b, {d}) with b >= 1, got shape {u.shape}")
    return mu, sigma_inv, alpha, u


def query_points(mean: ArrayLike, steps: ArrayLike, *, check_input: bool = True) -> np.ndarray:
    """The (…, 2b+1, d) query array for the steps α z_i (rows of ``steps``, shape (…, b, d)):
    row 0 is μ, rows 1..b are μ + α z_i, rows b+1..2b are μ − α z_i. ``check_input=False``
    skips the checks of finiteness and shape (for a caller that built both arrays).

    >>> query_points(np.array([1.0, 0.0]), np.array([[0.5, 0.5]]))
    array([[ 1. ,  0. ],
           [ 1.5,  0.5],
           [ 0.5, -0.5]])
    """
    if check_input:
        mean, steps = real_array("mean", mean, 1), real_array("steps", steps, 2)
        if mean.shape != steps.shape[:-2] + steps.shape[-1:]:
            raise ValueError(
                f"mean must have shape steps.shape[:-2] + (d,) = "
                f"{steps.shape[:-2] + steps.shape[-1:]}, got {mean.shape}"
            )
    mean, steps = np.asarray(mean), np.asarray(steps)
    b = steps.shape[-2]
    X = np.empty(steps.shape[:-2] + (2 * b + 1, steps.shape[-1]))
    # In place instead of a vstack: the temporaries of vstack cost 6× at b = 10⁴, d = 50.
    X[..., 0, :] = mean
    plus, minus = X[..., 1 : b + 1, :], X[..., b + 1 :, :]
    np.subtract(mean[..., None, :], steps, out=minus)
    np.add(mean[..., None, :], steps, out=plus)
    return X


def _antithetic_points(
    mean: np.ndarray, u: np.ndarray, factor: np.ndarray, alpha: float
) -> np.ndarray:
    """``query_points(mean, alpha * (u @ factor))`` for one mean (d,), the directions u (b, d)
    and a (d, d) factor, to rounding, at the cost of one GEMM and three cheap passes.

    Rows 1..b, μ + α u_iᵀF, are one BLAS product written into copies of μ (``dgemm`` with
    β = 1), so neither z_i nor α z_i is formed; rows b+1..2b are their reflections
    2μ − (μ + α z_i) through μ, so each pair is symmetric about μ to one rounding.
    """
    b, d = u.shape
    X = np.empty((2 * b + 1, d))
    X[0] = mean
    twice = 2.0 * mean
    block = POINTS_BLOCK_ENTRIES // d
    block = b if block < 64 else block
    for start in range(0, b, block):  # a block at a time, in cache (POINTS_BLOCK_ENTRIES)
        stop = min(start + block, b)
        plus, minus = X[1 + start : 1 + stop], X[b + 1 + start : b + 1 + stop]
        plus[...] = mean
        # plusᵀ ← α Fᵀ uᵀ + plusᵀ: the transposes are Fortran-ordered views, so BLAS writes
        # into X.
        out = blas.dgemm(alpha, factor.T, u[start:stop].T, beta=1.0, c=plus.T, overwrite_c=True)
        if not np.may_share_memory(out, X):  # f2py copied (never for these layouts)
            plus[...] = out.T
        np.subtract(twice, plus, out=minus)
    return X


def mean_gradient(
    f: VectorizedObjective, mu: ArrayLike, sigma_inv: ArrayLike, alpha: float, u: ArrayLike
) -> np.ndarray:
    """The antithetic natural-gradient estimate g̃(μ) of eq:g_mu, for given directions u.

    Parameters
    ----------
    f : callable
        Vectorized objective: ``f(X)`` with X of shape (n, d) returns shape (n,).
    mu : array, shape (d,)
    sigma_inv : array, shape (d, d)
        Σ⁻¹, symmetric positive definite.
    alpha : float
        The smoothing radius α > 0.
    u : array, shape (b, d)
        The directions u_i (rows), normally i.i.d. N(0, I).

    Returns
    -------
    array, shape (d,): 1/b Σ_i [f(μ + αz_i) − f(μ − αz_i)] / (2α) · z_i with z_i = Σ^{1/2}u_i.
    Its expectation is Σ ∇f(μ) when f is quadratic (Lemma 4.1).

    References
    ----------
    H. Ye, *Mirror Natural Evolution Strategies*, eq:g_mu and Lemma 4.1.

    >>> f = lambda X: X @ np.array([1.0, 2.0])            # linear: ∇f = (1, 2)
    >>> mean_gradient(f, np.zeros(2), np.eye(2), 0.1, np.eye(2))  # u = e1, e2: exact
    array([0.5, 1. ])
    """
    mu, sigma_inv, alpha, u = _check_inputs(mu, sigma_inv, alpha, u)
    root, _ = symmetric_roots(sigma_inv)
    b = u.shape[0]
    values = evaluate(f, _antithetic_points(mu, u, root, alpha))  # μ, μ ± αz_i, z_i = Σ^{1/2}u_i
    f_plus, f_minus = values[1 : b + 1], values[b + 1 :]
    # Σ_i c_i z_i = (Σ_i c_i u_i) Σ^{1/2} (Σ^{1/2} symmetric): no b×d array of z_i.
    return (((f_plus - f_minus) / (2 * alpha * b)) @ u) @ root


def sigma_gradient(
    f: VectorizedObjective, mu: ArrayLike, sigma_inv: ArrayLike, alpha: float, u: ArrayLike
) -> np.ndarray:
    """The estimate G̃(Σ) of eq:TG, for given directions u (same arguments as ``mean_gradient``).

    Returns the symmetric (d, d) matrix
    1/(2bα²) Σ_i [f(μ − αz_i) + f(μ + αz_i) − 2f(μ)] (Σ^{-1/2}u_iu_iᵀΣ^{-1/2} − Σ⁻¹) − Σ⁻¹,
    z_i = Σ^{1/2}u_i, an unbiased estimate of 2α⁻² ∂Q_α/∂Σ (Lemma 4.3); on a quadratic with
    Hessian H its expectation is H − Σ⁻¹ (Lemma C.1).

    References
    ----------
    H. Ye, *Mirror Natural Evolution Strategies*, eq:TG, Lemma 4.3 and Lemma C.1.

    >>> f = lambda X: 0.5 * np.sum(X**2, axis=1)          # H = I, weight 1/2 on u = e1:
    >>> sigma_gradient(f, np.zeros(2), np.eye(2), 0.1, np.array([[1.0, 0.0]]))
    array([[-1. ,  0. ],
           [ 0. , -1.5]])
    """
    mu, sigma_inv, alpha, u = _check_inputs(mu, sigma_inv, alpha, u)
    root, root_inv = symmetric_roots(sigma_inv)
    b = u.shape[0]
    values = evaluate(f, _antithetic_points(mu, u, root, alpha))  # μ, μ ± αz_i, z_i = Σ^{1/2}u_i
    f0, f_plus, f_minus = values[0], values[1 : b + 1], values[b + 1 :]
    second = (f_minus + f_plus - 2 * f0) / alpha**2
    # Σ_i w_i Σ^{-1/2}u_iu_iᵀΣ^{-1/2} − (Σ_i w_i + 1)Σ⁻¹, w_i = second_i/(2b): B = Σ^{-1/2}
    return precision_gradient(second, u, root_inv, sigma_inv, check_input=False)


def estimator_terms(
    f: VectorizedObjective, mu: ArrayLike, sigma_inv: ArrayLike, alpha: float, u: ArrayLike
) -> tuple[np.ndarray, np.ndarray]:
    """The one-direction terms of eq:g_mu and eq:TG: for each row u_i, the g̃ and G̃ that a batch
    of size 1 would give. Returns arrays of shape (b, d) and (b, d, d) whose means over the
    first axis are ``mean_gradient`` and ``sigma_gradient`` of the whole batch (for running
    Monte-Carlo estimates)."""
    mu, sigma_inv, alpha, u = _check_inputs(mu, sigma_inv, alpha, u)
    root, root_inv = symmetric_roots(sigma_inv)
    b = u.shape[0]
    Z = u @ root
    values = evaluate(f, _antithetic_points(mu, u, root, alpha))
    f0, f_plus, f_minus = values[0], values[1 : b + 1], values[b + 1 :]
    g_terms = ((f_plus - f_minus) / (2.0 * alpha))[:, None] * Z
    weights = (f_minus + f_plus - 2.0 * f0) / (2.0 * alpha**2)
    V = u @ root_inv
    G_terms = weights[:, None, None] * (V[:, :, None] * V[:, None, :] - sigma_inv) - sigma_inv
    return g_terms, G_terms


def precision_gradient(
    second_differences: ArrayLike,
    u: ArrayLike,
    B: ArrayLike,
    sigma_inv: ArrayLike,
    *,
    check_input: bool = True,
) -> np.ndarray:
    """G̃ of eq:TG from the second differences s_i = (f(μ+αz_i) + f(μ−αz_i) − 2f(μ))/α²
    (shape (…, b)), the directions u_i (rows of ``u``) and a matrix B with B u_i standing for
    Σ^{-1/2} u_i (B = Σ^{-1/2}, or B = L for Σ⁻¹ = L Lᵀ; see ``precision``):

        G̃ = Σ_i w_i (B u_i)(B u_i)ᵀ − (Σ_i w_i + 1) Σ⁻¹,   w_i = s_i / (2b).

    On a quadratic q(x) = ½xᵀHx, s_i = z_iᵀHz_i, so this also forms the same-direction sums
    with a given H that the appendix lemmas compare G̃ with. ``check_input=False`` skips the
    checks of finiteness and shapes.
    """
    if not check_input:
        u = np.asarray(u)
        return gradient_from_weights(
            np.asarray(second_differences) / (2.0 * u.shape[-2]),
            u,
            np.asarray(B),
            np.asarray(sigma_inv),
        )
    u = real_array("u", u, 2)
    d = u.shape[-1]
    checked = []
    for name, value, shape in (
        ("second_differences", second_differences, u.shape[:-1]),
        ("B", B, u.shape[:-2] + (d, d)),
        ("sigma_inv", sigma_inv, u.shape[:-2] + (d, d)),
    ):
        arr = real_array(name, value, 1)
        if arr.ndim > len(shape) or arr.shape != shape[len(shape) - arr.ndim :]:
            raise ValueError(
                f"{name} must have shape {shape} (leading axes may be left out) for "
                f"u of shape {u.shape}, got {arr.shape}"
            )
        checked.append(arr)
    return precision_gradient(checked[0], u, checked[1], checked[2], check_input=False)


def gradient_from_weights(
    weights: np.ndarray, u: np.ndarray, B: np.ndarray, sigma_inv: np.ndarray
) -> np.ndarray:
    """G̃ = Σ_i w_i (B u_i)(B u_i)ᵀ − (Σ_i w_i + 1) Σ⁻¹ (eq:TG) for the weights w_i = s_i/(2b):
    the kernel of ``precision_gradient``, unchecked (the forms of Σ⁻¹ call it)."""
    b, d = u.shape[-2:]
    if b < d:
        # (U Bᵀ)ᵀ diag(w) (U Bᵀ): b·d² + b·d², cheaper than the d³ of the other form when b < d.
        return gradient_from_rows(weights, u @ np.swapaxes(B, -1, -2), sigma_inv)
    # B (Uᵀ diag(w) U) Bᵀ: one b·d² product (two dsyrk for large b, linalg.weighted_gram) and
    # two d³ ones.
    outer = B @ weighted_gram(u, weights, check_input=False) @ np.swapaxes(B, -1, -2)
    G = outer - (weights.sum(axis=-1) + 1.0)[..., None, None] * sigma_inv
    return 0.5 * (G + np.swapaxes(G, -1, -2))


def gradient_from_rows(weights: np.ndarray, W: np.ndarray, sigma_inv: np.ndarray) -> np.ndarray:
    """G̃ = Σ_i w_i y_i y_iᵀ − (Σ_i w_i + 1) Σ⁻¹ (eq:TG) from the rows y_i = B u_i of ``W``,
    unchecked (the low-rank form of Σ⁻¹ calls it)."""
    outer = weighted_gram(W, weights, check_input=False)
    G = outer - (weights.sum(axis=-1) + 1.0)[..., None, None] * sigma_inv
    return 0.5 * (G + np.swapaxes(G, -1, -2))
