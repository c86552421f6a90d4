"""Algorithm 1 of *Mirror Natural Evolution Strategies* (MiNES, H. Ye): natural-gradient descent
on the mean and mirror descent on the precision matrix Σ⁻¹, from function values only.

One iteration k queries 2b+1 points, μ_k and μ_k ± α z_i with z_i = Σ_k^{1/2} u_i, u_i ~ N(0, I):

    g̃(μ_k) = 1/b Σ_i [f(μ_k + α z_i) − f(μ_k − α z_i)] / (2α) · z_i                  (eq:g_mu)
    G̃(Σ_k) = 1/(2bα²) Σ_i [f(μ_k − α z_i) + f(μ_k + α z_i) − 2 f(μ_k)]
                        · (Σ_k^{-1/2} u_i u_iᵀ Σ_k^{-1/2} − Σ_k⁻¹) − Σ_k⁻¹               (eq:TG)
    μ_{k+1}    = μ_k − η_{1,k} g̃(μ_k)                                              (Alg. 1, step 5)
    Σ⁻¹_{k+1}  = Π_{S'}(Σ_k⁻¹ + η_{2,k} G̃(Σ_k)),  S' = {τI ⪯ Σ⁻¹ ⪯ ζI}             (eq:Sig_modi)

On a quadratic with Hessian H, E[g̃] = Σ∇f(μ) (Lemma 4.1, exact) and E[G̃] = H − Σ⁻¹ (Lemma 4.3
with Lemma C.1), so the Σ⁻¹ update is stochastic gradient descent on ‖Σ⁻¹ − H‖²_F / 2
(eq:h_Sig) and η_{2,k} = 1/k makes Σ_k⁻¹ a running average (Lemma 5.3).

The layers of this module:

- ``mean_gradient``, ``sigma_gradient``, ``estimator_terms``: the estimators as pure functions
  of given directions u, with the symmetric root, written as printed so that they can be read
  against the paper line by line.
- ``PrecisionForm`` and its subclasses: Σ_k⁻¹ as an object, in the form that the iteration
  samples and updates it in (below); the speed tricks live here, each commented.
- ``Parameters``, ``State``, ``MiNESStrategy``: Algorithm 1 once, as pure ``ask``/``tell``
  functions of a state that may carry a leading seed axis (``strategy.run`` iterates them for
  many seeds in lockstep); ``tell`` reads as Algorithm 1, with the equation labels.
- ``MiNES``: the ask/tell object for one seed; ``minimize``: a driver loop returning
  ``scipy.optimize.OptimizeResult``.

Forms of Σ⁻¹ (``precision_form``). The estimators use u only through z_i ~ N(0, Σ) and
Σ^{-1/2} u_i ↦ the outer products Σ^{-1/2} u_i u_iᵀ Σ^{-1/2}. For any factor F with F Fᵀ = Σ,
z = F u has the same law and Σ⁻¹ z = F^{-T} u replaces Σ^{-1/2} u (the outer product
(F^{-T}u)(F^{-T}u)ᵀ has the same expectation, and the same joint law with z). The state holds
Σ_k⁻¹ as a ``PrecisionForm`` object, one per way of choosing F, each with ``sample(u)`` (z_i and
what the update needs), ``gradient`` (eq:TG), ``mirror_step`` (eq:Sig_modi before the
projection, Σ_k⁻¹ + η₂G̃ = c_k Σ_k⁻¹ + η₂ Σ_i w_i r_i r_iᵀ with c_k = 1 − η₂(1 + Σw)), whose
result's ``project(tau, zeta)`` is Π_S', and ``dense()``:

- ``SymmetricRoot`` ("symmetric"): F = Σ^{1/2} from an ``eigh`` per iteration, as printed; it
  reproduces the pure estimators for the same u.
- ``CholeskyFactor`` ("cholesky"): F = L^{-T} from the Cholesky factor Σ⁻¹ = L Lᵀ, so
  z = L^{-T} u and F^{-T} u = L u: a Cholesky instead of an ``eigh`` per iteration.
- ``LowRankPlusIdentity`` ("lowrank"): the same z as "symmetric" (to rounding) from Σ_k⁻¹ also
  kept as its eigendecomposition τ'I + V diag(e) Vᵀ (``linalg.LowRank``, V with r orthonormal
  columns). Σ⁻¹_{k+½} − c_k τ' I lives in the span of [V, Yᵀ] (Y the rows Σ_k^{-1/2}u_i), of
  dimension ≤ r + b: one (r+b)×(r+b) ``eigh`` gives its whole spectrum (c_k τ' on the
  complement), hence the exact spectrum test and the exact projection Π_S', and Σ^{±1/2}u costs
  O(dr). After a projection r is the number of eigenvalues strictly above the complement's
  (clipped) value: at most b while c_k < 0, as in the paper's regime η₂,k = 1/k from Σ₁⁻¹ = I.
  Cost rule: the subspace update costs ≈ 4d(r+b)² + O((r+b)³) flops, a dense ``eigh`` O(d³);
  measured with one BLAS thread at d = 50…500, the two cross near r + b ≈ 0.75 d, so the
  update runs in the subspace while r + b ≤ 2d/3 (``LOW_RANK_SHARE``) and otherwise takes the
  dense ``eigh`` of Σ⁻¹_{k+½} (which still yields the eigendecomposition; the rank may fall
  again). One seed only: with a seed axis "lowrank" holds the symmetric root (the same
  iterates to rounding).

Auto (the default). ``choose_form`` picks the form of Σ_{k+1}⁻¹ after each projection: "auto"
keeps the low-rank form while r + b ≤ 2d/3 and the Cholesky form otherwise, so each regime gets
its fast path: one seed in the paper's regime (Σ₁⁻¹ = I has rank 0; c_k < 0 keeps r ≤ b) runs
in the low-rank form, a full-rank Σ⁻¹ inside S' in the Cholesky form (measured per iteration
against pycma in ``make bench``). A Cholesky state is tested for S' with two Cholesky
factorizations; when it must be projected, the projection's one ``eigh`` also gives the rank,
and the state returns to the low-rank form if r + b ≤ 2d/3. A low-rank state whose r + b passes
2d/3 takes a Cholesky factor. Every step is the printed update for the factor it sampled with
(a test redoes each step densely), and the iterates have the law of Algorithm 1's:
z = F u ~ N(0, Σ_k) for either F. With a seed axis (``init`` with ``num_seeds``) "auto" is
"cholesky".

Floating point. ``tell`` raises ``FloatingPointError`` naming the quantity when μ_{k+1} or
Σ⁻¹_{k+½} is not finite. When every query point μ_k ± αz_i of a seed equals μ_k in floating
point (α below the spacing of the floats near μ_k: every difference of f would be 0, and Σ⁻¹
would shrink to τI), ``ask`` raises ``ValueError`` at k = 1 (α is too small for mean0) and warns
(``StepsRoundedAway``, a ``RuntimeWarning``) later, when a run has drifted there. ``minimize``
raises ``ValueError`` for an objective written for one point, which the shape of f(X) cannot
reveal when 2b+1 = d.
"""

from __future__ import annotations

import abc
import dataclasses
import warnings
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
from scipy.linalg import blas
from scipy.optimize import OptimizeResult

from .linalg import (
    LowRank,
    cholesky_lower,
    low_rank,
    low_rank_update,
    project_eigenvalues,
    project_if_outside,
    project_low_rank,
    solve_lower_transposed,
    spectrum_within,
    symmetric_roots,
    weighted_gram,
)
from .strategy import Strategy, StrategyAskTell
from .validation import (
    array_size,
    evaluate,
    finite_scalar,
    generator,
    interval,
    positive_int,
    positive_scalar,
    real_array,
    smoothing_radius,
    symmetric_matrix,
    vector,
)

__all__ = ["mean_gradient", "sigma_gradient", "estimator_terms", "query_points",
           "precision_gradient", "Schedule", "Constant", "harmonic", "Parameters", "State",
           "Sample", "Estimate", "Iteration", "PrecisionForm", "SymmetricRoot", "CholeskyFactor",
           "LowRankPlusIdentity", "HalfStep", "Projection", "choose_form", "StepsRoundedAway",
           "MiNESStrategy", "MiNES", "minimize"]


# ----------------------------------------------------------------------------------------------
# The estimators, as printed, for given directions u
# ----------------------------------------------------------------------------------------------

def _check_inputs(mu, sigma_inv, alpha, u):
    mu = vector("mu", mu)
    d = mu.shape[0]
    sigma_inv = symmetric_matrix("sigma_inv", sigma_inv, d)
    alpha = smoothing_radius("alpha", alpha)
    u = real_array("u", u, 2)
    if u.ndim != 2 or u.shape[1] != d:
        raise ValueError(f"u must have shape (b, d) = (b, {d}) with b >= 1, got shape {u.shape}")
    return mu, sigma_inv, alpha, u


def query_points(mean: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """The (…, 2b+1, d) query array for the steps α z_i (rows of ``steps``, shape (…, b, d)):
    row 0 is μ, rows 1..b are μ + α z_i, rows b+1..2b are μ − α z_i.

    >>> query_points(np.array([1.0, 0.0]), np.array([[0.5, 0.5]]))
    array([[ 1. ,  0. ],
           [ 1.5,  0.5],
           [ 0.5, -0.5]])
    """
    mean, steps = real_array("mean", mean, 1), real_array("steps", steps, 2)
    if mean.shape != steps.shape[:-2] + steps.shape[-1:]:
        raise ValueError(f"mean must have shape steps.shape[:-2] + (d,) = "
                         f"{steps.shape[:-2] + steps.shape[-1:]}, got {mean.shape}")
    return _query_points(mean, steps)


def _query_points(mean: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """``query_points`` without its checks (the strategy's inner loop)."""
    b = steps.shape[-2]
    X = np.empty(steps.shape[:-2] + (2 * b + 1, steps.shape[-1]))
    # In place instead of a vstack: the temporaries of vstack cost 6× at b = 10⁴, d = 50.
    X[..., 0, :] = mean
    plus, minus = X[..., 1:b + 1, :], X[..., b + 1:, :]
    np.subtract(mean[..., None, :], steps, out=minus)
    np.add(mean[..., None, :], steps, out=plus)
    return X


def _antithetic_points(mean: np.ndarray, u: np.ndarray, factor: np.ndarray,
                       alpha: float) -> np.ndarray:
    """``query_points(mean, alpha * (u @ factor))`` for one mean (d,), the directions u (b, d)
    and a (d, d) factor, to rounding, at the cost of one GEMM and three cheap passes.

    Rows 1..b, μ + α u_iᵀF, are one BLAS product written into copies of μ (``dgemm`` with
    β = 1), so neither z_i nor α z_i is formed; rows b+1..2b are their reflections
    2μ − (μ + α z_i) through μ, so each pair is symmetric about μ to one rounding.
    """
    b, d = u.shape
    X = np.empty((2 * b + 1, d))
    X[0] = mean
    plus, minus = X[1:b + 1], X[b + 1:]
    plus[...] = mean
    minus[...] = 2.0 * mean
    # plusᵀ ← α Fᵀ uᵀ + plusᵀ: the transposes are Fortran-ordered views, so BLAS writes into X.
    out = blas.dgemm(alpha, factor.T, u.T, beta=1.0, c=plus.T, overwrite_c=True)
    if not np.may_share_memory(out, X):            # f2py copied (never for these layouts)
        plus[...] = out.T
    # In place and contiguous: 2μ − plus with μ broadcast row by row costs twice as much here.
    np.subtract(minus, plus, out=minus)
    return X


def mean_gradient(f, mu, sigma_inv, alpha, u) -> np.ndarray:
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
    values = evaluate(f, _antithetic_points(mu, u, root, alpha))   # μ, μ ± αz_i, z_i = Σ^{1/2}u_i
    f_plus, f_minus = values[1:b + 1], values[b + 1:]
    # Σ_i c_i z_i = (Σ_i c_i u_i) Σ^{1/2} (Σ^{1/2} symmetric): no b×d array of z_i.
    return (((f_plus - f_minus) / (2 * alpha * b)) @ u) @ root


def sigma_gradient(f, mu, sigma_inv, alpha, u) -> np.ndarray:
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
    values = evaluate(f, _antithetic_points(mu, u, root, alpha))   # μ, μ ± αz_i, z_i = Σ^{1/2}u_i
    f0, f_plus, f_minus = values[0], values[1:b + 1], values[b + 1:]
    second = (f_minus + f_plus - 2 * f0) / alpha**2
    # Σ_i w_i Σ^{-1/2}u_iu_iᵀΣ^{-1/2} − (Σ_i w_i + 1)Σ⁻¹, w_i = second_i/(2b): B = Σ^{-1/2}
    return _precision_gradient(second, u, root_inv, sigma_inv)


def estimator_terms(f, mu, sigma_inv, alpha, u) -> tuple[np.ndarray, np.ndarray]:
    """The one-direction terms of eq:g_mu and eq:TG: for each row u_i, the g̃ and G̃ that a batch
    of size 1 would give. Returns arrays of shape (b, d) and (b, d, d) whose means over the
    first axis are ``mean_gradient`` and ``sigma_gradient`` of the whole batch (for running
    Monte-Carlo estimates)."""
    mu, sigma_inv, alpha, u = _check_inputs(mu, sigma_inv, alpha, u)
    root, root_inv = symmetric_roots(sigma_inv)
    b = u.shape[0]
    Z = u @ root
    values = evaluate(f, _antithetic_points(mu, u, root, alpha))
    f0, f_plus, f_minus = values[0], values[1:b + 1], values[b + 1:]
    g_terms = ((f_plus - f_minus) / (2.0 * alpha))[:, None] * Z
    weights = (f_minus + f_plus - 2.0 * f0) / (2.0 * alpha**2)
    V = u @ root_inv
    G_terms = weights[:, None, None] * (V[:, :, None] * V[:, None, :] - sigma_inv) - sigma_inv
    return g_terms, G_terms


def precision_gradient(second_differences: np.ndarray, u: np.ndarray, B: np.ndarray,
                       sigma_inv: np.ndarray) -> np.ndarray:
    """G̃ of eq:TG from the second differences s_i = (f(μ+αz_i) + f(μ−αz_i) − 2f(μ))/α²
    (shape (…, b)), the directions u_i (rows of ``u``) and a matrix B with B u_i standing for
    Σ^{-1/2} u_i (B = Σ^{-1/2}, or B = L for Σ⁻¹ = L Lᵀ; see the module docstring):

        G̃ = Σ_i w_i (B u_i)(B u_i)ᵀ − (Σ_i w_i + 1) Σ⁻¹,   w_i = s_i / (2b).

    On a quadratic q(x) = ½xᵀHx, s_i = z_iᵀHz_i, so this also forms the same-direction sums
    with a given H that the appendix lemmas compare G̃ with.
    """
    u = real_array("u", u, 2)
    d = u.shape[-1]
    checked = []
    for name, value, shape in (("second_differences", second_differences, u.shape[:-1]),
                               ("B", B, u.shape[:-2] + (d, d)),
                               ("sigma_inv", sigma_inv, u.shape[:-2] + (d, d))):
        arr = real_array(name, value, 1)
        if arr.ndim > len(shape) or arr.shape != shape[len(shape) - arr.ndim:]:
            raise ValueError(f"{name} must have shape {shape} (leading axes may be left out) for "
                             f"u of shape {u.shape}, got {arr.shape}")
        checked.append(arr)
    return _precision_gradient(checked[0], u, checked[1], checked[2])


def _precision_gradient(second_differences: np.ndarray, u: np.ndarray, B: np.ndarray,
                        sigma_inv: np.ndarray) -> np.ndarray:
    """``precision_gradient`` without its checks (the pure estimators' path)."""
    return _gradient(second_differences / (2.0 * u.shape[-2]), u, B, sigma_inv)


def _gradient(weights: np.ndarray, u: np.ndarray, B: np.ndarray,
              sigma_inv: np.ndarray) -> np.ndarray:
    """G̃ = Σ_i w_i (B u_i)(B u_i)ᵀ − (Σ_i w_i + 1) Σ⁻¹ for the weights w_i = s_i/(2b)."""
    b, d = u.shape[-2:]
    if b < d:
        # (U Bᵀ)ᵀ diag(w) (U Bᵀ): b·d² + b·d², cheaper than the d³ of the other form when b < d.
        return _gradient_from_rows(weights, u @ np.swapaxes(B, -1, -2), sigma_inv)
    # B (Uᵀ diag(w) U) Bᵀ: one b·d² product (two dsyrk for large b, linalg.weighted_gram) and
    # two d³ ones.
    outer = B @ weighted_gram(u, weights, check_input=False) @ np.swapaxes(B, -1, -2)
    G = outer - (weights.sum(axis=-1) + 1.0)[..., None, None] * sigma_inv
    return 0.5 * (G + np.swapaxes(G, -1, -2))


def _gradient_from_rows(weights: np.ndarray, W: np.ndarray, sigma_inv: np.ndarray) -> np.ndarray:
    """G̃ = Σ_i w_i y_i y_iᵀ − (Σ_i w_i + 1) Σ⁻¹ from the rows y_i = B u_i of ``W``."""
    outer = weighted_gram(W, weights, check_input=False)
    G = outer - (weights.sum(axis=-1) + 1.0)[..., None, None] * sigma_inv
    return 0.5 * (G + np.swapaxes(G, -1, -2))


# ----------------------------------------------------------------------------------------------
# Step-size schedules: one protocol
# ----------------------------------------------------------------------------------------------

class Estimate(NamedTuple):
    """What iteration k estimated from its 2b+1 values, before any step is taken."""

    g: np.ndarray                   # g̃(μ_k), eq:g_mu, shape (…, d)
    G: np.ndarray                   # G̃(Σ_k), eq:TG, shape (…, d, d)
    second_differences: np.ndarray  # (f(μ+αz_i) + f(μ−αz_i) − 2f(μ))/α², shape (…, b)


#: A step size η_k: ``schedule(k, state, estimate)`` returns a number or, for a state with a
#: seed axis, one number per seed. ``k`` counts from 1; ``state`` is the ``State`` before the
#: update (μ_k, Σ_k⁻¹ and its Cholesky factor); ``estimate`` holds g̃, G̃ and the batch's second
#: differences. ``schedules`` holds the paper's schedules; a number means ``Constant``.
Schedule = Callable[[int, "State", Estimate], Any]


@dataclasses.dataclass(frozen=True)
class Constant:
    """η_k = value for every k."""

    value: float

    def __post_init__(self):
        positive_scalar("value", self.value)          # checked, kept as given

    def __call__(self, k: int, state: State, estimate: Estimate) -> float:
        return self.value


def harmonic(k: int, state: State, estimate: Estimate) -> float:
    """η_{2,k} = 1/k, the schedule of Lemma 5.3 (the default η₂)."""
    return 1.0 / k


def _schedule(name: str, value) -> Schedule:
    if callable(value):
        return value
    return Constant(positive_scalar(name, value))


def _step_size(name: str, schedule: Schedule, k: int, state: State,
               estimate: Estimate) -> np.ndarray:
    """The schedule's value, checked: finite and > 0, one per seed."""
    raw = schedule(k, state, estimate)
    batch = state.mean.shape[:-1]
    try:
        value = np.broadcast_to(np.asarray(raw, dtype=float), batch)
    except (TypeError, ValueError):
        value = None
    if value is None or not np.all(np.isfinite(value) & (value > 0)):
        raise ValueError(f"the step-size schedule {name} returned {raw!r} at k={k}: expected a "
                         f"finite number > 0" + (f" for each of {batch[0]} seeds" if batch else ""))
    return value


# ----------------------------------------------------------------------------------------------
# Σ_k⁻¹ as an object: the forms in which Algorithm 1 samples with it and updates it
# ----------------------------------------------------------------------------------------------

#: The low-rank form updates Σ⁻¹ inside the span of [V, Yᵀ] while r + b ≤ LOW_RANK_SHARE · d, and
#: with a dense ``eigh`` beyond (the crossover of the two costs is near 0.75 d; module docstring);
#: precision_form="auto" keeps the low-rank form while r + b ≤ LOW_RANK_SHARE · d, Cholesky beyond.
LOW_RANK_SHARE = 2.0 / 3.0

#: The forms of Σ⁻¹ that MiNES can sample and update with, and "auto", the rule that chooses
#: between the low-rank and the Cholesky form (module docstring, ``choose_form``).
PRECISION_FORMS = ("auto", "symmetric", "cholesky", "lowrank")

#: The largest ζ/τ that MiNES accepts: a Σ⁻¹ with eigenvalues in [τ, ζ] has condition number up
#: to ζ/τ, and Cholesky factorization in double precision fails near 1e16.
MAX_SPREAD = 1e12


class StepsRoundedAway(RuntimeWarning):
    """Every query point μ_k ± αz_i of an iteration equals μ_k in floating point: the run has
    drifted to a mean so large that α is below the spacing of the floats there (``ask``)."""


class Projection(NamedTuple):
    """Π_S'(Σ⁻¹_{k+½}) of eq:Sig_modi, as the choice of the next form needs it."""

    matrix: np.ndarray          # Σ⁻¹_{k+1}, shape (…, d, d)
    eigen: LowRank | None       # its eigendecomposition τ'I + V diag(e) Vᵀ, when one was computed
    projected: Any              # whether Σ⁻¹_{k+½} left S' and was projected, per seed


class HalfStep(abc.ABC):
    """Σ⁻¹_{k+½} = Σ_k⁻¹ + η₂ G̃ before the projection (eq:Sig_modi), as ``mirror_step`` made it."""

    matrix: np.ndarray          # Σ⁻¹_{k+½}, dense, shape (…, d, d)

    def dense(self) -> np.ndarray:
        """Σ⁻¹_{k+½} as an array (not checked finite: ``MiNESStrategy.tell`` checks it)."""
        return self.matrix

    @abc.abstractmethod
    def project(self, tau: float, zeta: float) -> Projection:
        """Π_S', S' = {τI ⪯ Σ⁻¹ ⪯ ζI}: every eigenvalue clipped to [τ, ζ] (eq:proj_cs_prime read
        as eq:cS_p defines S', see ``linalg``; Prop. A.2 = PDF Proposition 16), applied only when
        the spectrum is not strictly inside (τ, ζ)."""


@dataclasses.dataclass(frozen=True)
class DenseHalfStep(HalfStep):
    """Σ⁻¹_{k+½} as a dense matrix (or a stack). ``keep_eigen``: project with an ``eigh`` kept as
    ``LowRank`` (so that the next form may be the low-rank one; "auto" with one seed)."""

    matrix: np.ndarray
    keep_eigen: bool = False

    def project(self, tau: float, zeta: float) -> Projection:
        half = self.matrix
        if not (self.keep_eigen and half.ndim == 2):
            matrix, projected = project_if_outside(half, tau, zeta, check_input=False)
            return Projection(matrix, None, projected)
        if spectrum_within(half, tau, zeta, check_input=False):     # two Cholesky, no eigh
            return Projection(half, None, np.bool_(False))
        # one eigh, as Π_S' takes anyway; it may leave few eigenvalues above τ
        eigen, clipped = project_low_rank(low_rank(half, tau), tau, zeta)
        return Projection(eigen.dense(), eigen, np.bool_(clipped))


@dataclasses.dataclass(frozen=True)
class LowRankHalfStep(HalfStep):
    """Σ⁻¹_{k+½} = c_k Σ_k⁻¹ + η₂ YᵀWY (eq:Sig_modi with c_k = 1 − η₂(1 + Σw)) from Σ_k⁻¹ =
    τ'I + V diag(e) Vᵀ: its eigendecomposition in the span of [V, Yᵀ] while r + b ≤
    ``LOW_RANK_SHARE`` · d, else a dense ``eigh`` of ``matrix`` (module docstring)."""

    matrix: np.ndarray          # the same Σ⁻¹_{k+½}, dense (kept when it is not projected)
    before: LowRank             # Σ_k⁻¹
    eta: float                  # η₂,k
    rows: np.ndarray            # Y, the rows Σ_k^{-1/2}u_i, shape (b, d)
    weights: np.ndarray         # w_i = s_i / (2b), shape (b,)

    def project(self, tau: float, zeta: float) -> Projection:
        before, (b, d) = self.before, self.rows.shape
        if before.rank + b <= LOW_RANK_SHARE * d:
            c = 1.0 - self.eta * (1.0 + self.weights.sum())
            half = low_rank_update(before, c, self.rows, self.eta * self.weights,
                                   check_input=False)
        else:
            half = low_rank(self.matrix, tau)                         # a dense eigh
        eigen, projected = project_low_rank(half, tau, zeta)
        return Projection(eigen.dense() if projected else self.matrix, eigen, np.bool_(projected))


class PrecisionForm(abc.ABC):
    """Σ_k⁻¹ in one of the forms that MiNES samples and updates it in (module docstring).

    Each form holds the dense Σ_k⁻¹ and a factor F with F Fᵀ = Σ_k, and answers:

    - ``sample(u)`` → (Z, R): the rows z_i = F u_i ~ N(0, Σ_k) of Z, and R, what ``gradient``
      and ``mirror_step`` need for the rows r_i = F^{-T}u_i = Σ_k⁻¹ z_i that stand for
      Σ_k^{-1/2}u_i in eq:TG (the matrix F^{-T} or the rows themselves, per form);
    - ``gradient(u, R, w)``: G̃ = Σ_i w_i r_i r_iᵀ − (Σ_i w_i + 1) Σ_k⁻¹ (eq:TG), w_i = s_i/(2b);
    - ``mirror_step(eta, G, R, w)``: Σ⁻¹_{k+½} = Σ_k⁻¹ + η G̃ = c Σ_k⁻¹ + η Σ_i w_i r_i r_iᵀ with
      c = 1 − η(1 + Σ_i w_i) (eq:Sig_modi), a ``HalfStep`` whose ``project(tau, zeta)`` is Π_S';
    - ``dense()``: Σ_k⁻¹; ``cholesky()``: L with Σ_k⁻¹ = L Lᵀ (computed unless the form holds it).
    """

    matrix: np.ndarray          # Σ_k⁻¹, shape (…, d, d)

    def dense(self) -> np.ndarray:
        """Σ_k⁻¹ (the state's own array)."""
        return self.matrix

    def cholesky(self) -> np.ndarray:
        """L with Σ_k⁻¹ = L Lᵀ."""
        return cholesky_lower(self.matrix, check_input=False)

    @abc.abstractmethod
    def sample(self, u: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(Z, R) for the directions u (rows, shape (…, b, d))."""

    @abc.abstractmethod
    def gradient(self, u: np.ndarray, factor: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """G̃ of eq:TG from the directions, the R of ``sample`` and the weights w_i = s_i/(2b)."""

    @abc.abstractmethod
    def mirror_step(self, eta: np.ndarray, G: np.ndarray, factor: np.ndarray,
                    weights: np.ndarray) -> HalfStep:
        """Σ_k⁻¹ + η G̃ (eq:Sig_modi), unprojected."""


@dataclasses.dataclass(frozen=True)
class SymmetricRoot(PrecisionForm):
    """F = Σ_k^{1/2}, R = Σ_k^{-1/2}, from one ``eigh`` per iteration: the printed estimators
    (``mean_gradient`` and ``sigma_gradient`` for the same u). One matrix or a stack."""

    matrix: np.ndarray

    def sample(self, u):
        root, root_inv = symmetric_roots(self.matrix)       # Σ^{1/2}, Σ^{-1/2}
        return u @ root, root_inv                           # z_i = Σ^{1/2}u_i (root symmetric)

    def gradient(self, u, factor, weights):
        return _gradient(weights, u, factor, self.matrix)

    def mirror_step(self, eta, G, factor, weights) -> HalfStep:
        return DenseHalfStep(self.matrix + eta[..., None, None] * G)


@dataclasses.dataclass(frozen=True)
class CholeskyFactor(PrecisionForm):
    """Σ_k⁻¹ = L Lᵀ: F = L^{-T} (z_i = L^{-T}u_i, one triangular solve), R = L (Σ_k⁻¹ z_i =
    L u_i). One matrix or a stack. ``keep_eigen``: a projection keeps its ``eigh`` ("auto")."""

    matrix: np.ndarray
    factor: np.ndarray          # L, lower triangular, checked when it was made
    keep_eigen: bool = False

    def cholesky(self) -> np.ndarray:
        return self.factor

    def sample(self, u):
        return solve_lower_transposed(self.factor, u, check_input=False), self.factor

    def gradient(self, u, factor, weights):
        return _gradient(weights, u, factor, self.matrix)

    def mirror_step(self, eta, G, factor, weights) -> HalfStep:
        return DenseHalfStep(self.matrix + eta[..., None, None] * G, self.keep_eigen)


@dataclasses.dataclass(frozen=True)
class LowRankPlusIdentity(PrecisionForm):
    """Σ_k⁻¹ = τ'I + V diag(e) Vᵀ (``linalg.LowRank``, V with r orthonormal columns), one seed:
    F = Σ_k^{1/2} and R = the rows y_i = Σ_k^{-1/2}u_i, each O(bdr); the update and Π_S' in the
    span of [V, Yᵀ] (module docstring). The same iterates as ``SymmetricRoot`` to rounding."""

    matrix: np.ndarray          # Σ_k⁻¹, dense
    eigen: LowRank              # the same, as its eigendecomposition

    def sample(self, u):
        Z = self.eigen.power_rows(-0.5, u, check_input=False)      # z_i = Σ^{1/2}u_i
        return Z, self.eigen.power_rows(0.5, u, check_input=False)  # y_i = Σ^{-1/2}u_i

    def gradient(self, u, factor, weights):
        return _gradient_from_rows(weights, factor, self.matrix)

    def mirror_step(self, eta, G, factor, weights) -> HalfStep:
        return LowRankHalfStep(self.matrix + eta[..., None, None] * G, self.eigen, float(eta),
                               factor, weights)


def choose_form(name: str, projection: Projection, *, tau: float,
                batch_size: int) -> PrecisionForm:
    """The form of Σ⁻¹_{k+1} (= ``projection.matrix``) that iteration k + 1 samples with.

    ``name`` is ``precision_form``: "symmetric" and "cholesky" are fixed; "lowrank" is the
    low-rank form for one seed and the symmetric root for a stack; "auto" (one seed) is the
    low-rank form when the projection left an eigendecomposition with r + b ≤
    ``LOW_RANK_SHARE`` · d, else the Cholesky form, and for a stack the Cholesky form.
    """
    matrix, eigen = projection.matrix, projection.eigen
    one_seed = matrix.ndim == 2
    if name == "symmetric" or (name == "lowrank" and not one_seed):
        return SymmetricRoot(matrix)
    if name == "lowrank":
        return LowRankPlusIdentity(matrix, low_rank(matrix, tau) if eigen is None else eigen)
    if name == "auto" and one_seed:
        if eigen is not None and eigen.rank + batch_size <= LOW_RANK_SHARE * matrix.shape[-1]:
            return LowRankPlusIdentity(matrix, eigen)
        return CholeskyFactor(matrix, cholesky_lower(matrix, check_input=False), keep_eigen=True)
    return CholeskyFactor(matrix, cholesky_lower(matrix, check_input=False))


# ----------------------------------------------------------------------------------------------
# Algorithm 1, once: parameters, state, pure ask and tell
# ----------------------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Parameters:
    """What stays fixed during a run (as in pycma's purecma)."""

    dim: int                # d
    alpha: float            # α, the smoothing radius: the samples are N(μ, α²Σ) (Section 3)
    batch_size: int         # b; one iteration queries 2b+1 points
    tau: float              # τ, S' = {τI ⪯ Σ⁻¹ ⪯ ζI} (eq:cS_p)
    zeta: float             # ζ
    eta1: Schedule          # η_{1,k}, the mean step
    eta2: Schedule          # η_{2,k}, the mirror step on Σ⁻¹
    precision_form: str = "auto"    # how Σ⁻¹ is held and sampled with: one of PRECISION_FORMS


@dataclasses.dataclass(frozen=True)
class State:
    """The changing state of Algorithm 1; every array may carry a leading seed axis."""

    mean: np.ndarray            # μ_k, shape (…, d)
    precision: PrecisionForm    # Σ_k⁻¹ ∈ S', in the form chosen by ``choose_form``
    k: int = 1                  # the number of the iteration about to run
    projections: Any = 0        # how many updates so far left S' and were projected, per seed
    eta1: Any = np.nan          # η_{1,k−1}, the last mean step (a schedule may fall back on it)

    @property
    def sigma_inv(self) -> np.ndarray:
        """Σ_k⁻¹, shape (…, d, d)."""
        return self.precision.dense()

    @property
    def chol(self) -> np.ndarray:
        """L with Σ_k⁻¹ = L Lᵀ (held by the Cholesky form, computed for the others)."""
        return self.precision.cholesky()


class Sample(NamedTuple):
    """What ``ask`` hands to ``tell``: the directions and the quantities built from them."""

    u: np.ndarray           # u_i ~ N(0, I), rows, shape (…, b, d)
    Z: np.ndarray           # z_i = F u_i ~ N(0, Σ_k), rows
    factor: np.ndarray      # R of ``PrecisionForm.sample``: L, Σ_k^{-1/2} or rows Σ_k^{-1/2}u_i
    X: np.ndarray           # the query points μ_k, μ_k + αz_i, μ_k − αz_i, shape (…, 2b+1, d)


class Iteration(NamedTuple):
    """Everything iteration k computed, for a ``record`` hook."""

    k: int
    before: State           # μ_k, Σ_k⁻¹
    sample: Sample
    values: np.ndarray      # f at the query points, shape (…, 2b+1)
    estimate: Estimate
    eta1: np.ndarray
    eta2: np.ndarray
    projected: Any          # whether Σ⁻¹_{k+½} left S' and was projected, per seed


class MiNESStrategy(Strategy):
    """Algorithm 1 as pure functions of a ``State`` (see ``strategy.Strategy``).

    Parameters are those of ``MiNES`` (``dim`` = d). ``init`` validates a start and builds the
    state, with a leading axis of ``num_seeds`` copies if given; ``ask`` and ``tell`` are one
    iteration.
    """

    def __init__(self, *, dim, alpha, batch_size, tau, zeta, eta1, eta2=None,
                 precision_form="auto"):
        tau, zeta = interval("tau", tau, "zeta", zeta)
        if zeta / tau > MAX_SPREAD:
            raise ValueError(f"zeta/tau must be at most {MAX_SPREAD:g}: Σ⁻¹ may have any "
                             f"spectrum in [tau, zeta], and beyond that its Cholesky factor fails "
                             f"in floating point; got tau = {tau!r}, zeta = {zeta!r}")
        if not isinstance(precision_form, str) or precision_form not in PRECISION_FORMS:
            raise ValueError(f"precision_form must be one of "
                             f"{', '.join(map(repr, PRECISION_FORMS))}, got {precision_form!r}")
        self.params = Parameters(
            dim=positive_int("dim", dim),
            alpha=smoothing_radius("alpha", alpha),
            batch_size=positive_int("batch_size", batch_size),
            tau=tau, zeta=zeta,
            eta1=_schedule("eta1", eta1),
            eta2=harmonic if eta2 is None else _schedule("eta2", eta2),
            precision_form=precision_form)
        array_size("batch_size", batch_size, (2 * self.params.batch_size + 1) * self.params.dim,
                   "the (2b+1) x dim query points")

    def init(self, mean0, sigma_inv0, num_seeds: int | None = None) -> State:
        """The state at k = 1 from μ₁ and Σ₁⁻¹, which must lie in S' (``project_eigenvalues``
        puts a matrix there)."""
        p = self.params
        mean0 = vector("mean0", mean0, p.dim)
        sigma_inv0 = symmetric_matrix("sigma_inv0", sigma_inv0, p.dim)
        eigenvalues = np.linalg.eigvalsh(sigma_inv0)
        slack = 1e-12 * p.zeta
        if eigenvalues[0] < p.tau - slack or eigenvalues[-1] > p.zeta + slack:
            raise ValueError(
                f"sigma_inv0 must have its spectrum in [tau, zeta] = [{p.tau:g}, {p.zeta:g}] "
                f"(S'), got eigenvalues in [{eigenvalues[0]:.6g}, {eigenvalues[-1]:.6g}]; "
                f"project_eigenvalues(sigma_inv0, tau, zeta) puts it there")
        if num_seeds is None:
            eigen = low_rank(sigma_inv0, p.tau) if p.precision_form in ("lowrank", "auto") \
                else None
            return State(mean0, choose_form(p.precision_form, Projection(sigma_inv0, eigen, False),
                                            tau=p.tau, batch_size=p.batch_size))
        S = positive_int("num_seeds", num_seeds)
        tile = lambda a: np.tile(a, (S,) + (1,) * a.ndim)
        precision: PrecisionForm = SymmetricRoot(tile(sigma_inv0)) \
            if p.precision_form in ("symmetric", "lowrank") \
            else CholeskyFactor(tile(sigma_inv0), tile(cholesky_lower(sigma_inv0)))
        return State(tile(mean0), precision, projections=np.zeros(S, int),
                     eta1=np.full(S, np.nan))

    def directions(self, rng: np.random.Generator) -> np.ndarray:
        """u_1..u_b ~ N(0, I): the random numbers of one iteration, shape (b, d)."""
        return rng.standard_normal((self.params.batch_size, self.params.dim))

    def ask(self, state: State, u: np.ndarray) -> tuple[np.ndarray, Sample]:
        """The query points of iteration k for the directions u (shape (…, b, d)). When every
        query point of a seed equals μ_k in floating point (α too small for |μ_k|: nothing could
        be learned, and Σ⁻¹ would shrink to τI): ``ValueError`` at k = 1, a ``StepsRoundedAway``
        warning later."""
        Z, factor = state.precision.sample(u)                   # z_i = F u_i ~ N(0, Σ_k)
        steps = self.params.alpha * Z
        X = _query_points(state.mean, steps)                    # μ_k, μ_k ± α z_i
        self._check_resolved(state, X, steps)
        return X, Sample(u, Z, factor, X)

    def tell(self, state: State, sample: Sample, values: np.ndarray) -> tuple[State, Iteration]:
        """One update of Algorithm 1 from the values f(X) (shape (…, 2b+1)) of the asked points.
        A non-finite μ_{k+1} or Σ⁻¹_{k+½} raises ``FloatingPointError`` naming it."""
        p, k, precision = self.params, state.k, state.precision
        with np.errstate(over="ignore", invalid="ignore"):    # non-finite: named below
            estimate, weights = self._estimate(precision, sample, values)  # eq:g_mu, eq:TG
            eta1 = _step_size("eta1", p.eta1, k, state, estimate)          # η_{1,k}
            eta2 = _step_size("eta2", p.eta2, k, state, estimate)          # η_{2,k}
            mean = state.mean - eta1[..., None] * estimate.g               # Alg. 1, step 5
            half = precision.mirror_step(eta2, estimate.G, sample.factor, weights)  # eq:Sig_modi
        self._check_finite(k, values, eta1, estimate.g, mean, half.dense())
        projection = half.project(p.tau, p.zeta)                           # eq:Sig_modi, Π_S'
        new = State(mean, choose_form(p.precision_form, projection, tau=p.tau,
                                      batch_size=p.batch_size),
                    k + 1, state.projections + projection.projected,
                    eta1 if eta1.ndim else float(eta1))
        return new, Iteration(k, state, sample, values, estimate, eta1, eta2,
                              projection.projected)

    def _estimate(self, precision: PrecisionForm, sample: Sample,
                  values: np.ndarray) -> tuple[Estimate, np.ndarray]:
        """(g̃, G̃ and the second differences s_i; the weights w_i = s_i/(2b)) from f(X)."""
        p, b = self.params, self.params.batch_size
        f0, f_plus, f_minus = values[..., :1], values[..., 1:b + 1], values[..., b + 1:]
        second = (f_plus + f_minus - 2.0 * f0) / p.alpha**2           # z_iᵀ∇²f z_i on a quadratic
        weights = second / (2.0 * b)
        g = np.einsum("...i,...id->...d", (f_plus - f_minus) / (2.0 * p.alpha * b),
                      sample.Z)                                                    # eq:g_mu
        G = precision.gradient(sample.u, sample.factor, weights)                   # eq:TG
        return Estimate(g, G, second), weights

    def _check_finite(self, k: int, values: np.ndarray, eta1: np.ndarray, g: np.ndarray,
                      mean: np.ndarray, half: np.ndarray) -> None:
        """FloatingPointError naming μ_{k+1} or Σ⁻¹_{k+½} if it is not finite (the largest |f|
        is computed only then)."""
        largest_f = lambda: float(np.max(np.abs(values)))
        if not np.isfinite(mean).all():
            raise FloatingPointError(
                f"the update of mean at k={k} is not finite: the mean gradient g or eta1 * g "
                f"overflowed or is NaN (eta1={float(np.max(eta1)):.3g}, largest |g| = "
                f"{float(np.max(np.abs(g))):.3g}, alpha={self.params.alpha!r}, largest |f| = "
                f"{largest_f():.3g})")
        if not np.isfinite(half).all():
            raise FloatingPointError(
                f"the update of sigma_inv at k={k} is not finite: the second differences "
                f"/ alpha**2 overflowed or are NaN (alpha={self.params.alpha!r}, largest |f| = "
                f"{largest_f():.3g})")

    def _check_resolved(self, state: State, X: np.ndarray, steps: np.ndarray) -> None:
        """When, for some seed, every point μ_k ± αz_i equals μ_k in floating point: at k = 1 a
        ``ValueError`` (α is too small for mean0), later a ``StepsRoundedAway`` warning (the run
        has drifted to a |μ_k| where α is below the spacing of the floats; it goes on as
        before, but learns nothing)."""
        if X.ndim == 2 and X[1, 0] != X[0, 0] or \
                (X[..., 1, :] != X[..., 0, :]).any(axis=-1).all():   # the first point moved
            return
        still = ~np.any(X[..., 1:, :] != X[..., :1, :], axis=(-2, -1))
        if not np.any(still):
            return
        if state.k > 1:     # one text per alpha: Python shows it once, not at every iteration
            warnings.warn(f"alpha = {self.params.alpha!r} is too small for the mean that the run "
                          f"has drifted to: every query point mu ± alpha*z_i equals mu in "
                          f"floating point, so every difference of f is 0 and Sigma^-1 shrinks "
                          f"to tau*I without information", StepsRoundedAway, stacklevel=3)
            return
        seed = np.unravel_index(int(np.argmax(still)), still.shape) if still.ndim else ()
        size = float(np.max(np.abs(state.mean[seed])))
        raise ValueError(
            f"alpha = {self.params.alpha!r} is too small for mean0"
            f"{f' (seed {seed[0]})' if seed else ''}: every query point mu ± alpha*z_i equals mu "
            f"in floating point (largest |mean0| entry {size:.3g}, whose spacing is "
            f"{float(np.spacing(size)):.3g}; largest |alpha*z_i| entry "
            f"{float(np.max(np.abs(steps[seed]))):.3g}), so every difference of f would be 0 and "
            f"Sigma^-1 would shrink to tau*I without information; take a larger alpha, or shift "
            f"the problem so that mean0 is near 0")


# ----------------------------------------------------------------------------------------------
# Algorithm 1, ask/tell, for one seed
# ----------------------------------------------------------------------------------------------

class MiNES(StrategyAskTell):
    """Mirror Natural Evolution Strategies (Algorithm 1), in ask/tell form.

    Parameters
    ----------
    mean0 : array, shape (d,)
        μ_1.
    sigma_inv0 : array, shape (d, d)
        Σ_1⁻¹, symmetric with spectrum in [tau, zeta] (i.e. in S'); ``project_eigenvalues``
        puts a matrix there.
    alpha : float
        Smoothing radius α > 0: the samples are N(μ, α² Σ) (Section 3).
    batch_size : int
        b ≥ 1; one iteration queries 2b+1 points.
    tau, zeta : float
        0 < τ ≤ ζ, the bounds of S' = {τ I ⪯ Σ⁻¹ ⪯ ζ I} (eq:cS, eq:cS_p).
    eta1 : float or Schedule
        η_{1,k}: a number, or ``eta1(k, state, estimate)`` (see ``Schedule``; ``schedules``
        holds the paper's).
    eta2 : float or Schedule, optional
        η_{2,k}; default 1/k (Lemma 5.3).
    precision_form : {"auto", "cholesky", "symmetric", "lowrank"}
        How Σ⁻¹ is held, sampled with and updated (module docstring, ``PrecisionForm``):
        "symmetric" (Σ^{±1/2} from an ``eigh``) reproduces ``mean_gradient`` and
        ``sigma_gradient`` for the same directions; "cholesky" samples with the Cholesky factor;
        "lowrank" computes the same iterates as "symmetric" (to rounding) from Σ⁻¹ kept as
        τ'I + rank r, at O(d(r+b)²) per iteration (the paper's regime). The default "auto" is
        "lowrank" while r + b ≤ 2d/3 and "cholesky" otherwise (``choose_form``).
    seed : int, SeedSequence or Generator, optional
        Seeds ``numpy.random.default_rng``; the same seed gives the same run.

    Attributes
    ----------
    mean, sigma_inv : the current μ_k and Σ_k⁻¹ (copies: changing them changes nothing).
    covariance : α² Σ_k, the covariance of the sampled points μ_k ± α z_i.
    iteration : the number of completed iterations (k − 1 while iteration k is asked).
    evaluations : the number of points queried so far, 2b+1 per ``ask``.
    projections : the number of updates in which Σ⁻¹_{k+½} left S' and was projected.
    state, info : the ``State`` and the last ``Iteration`` (what the last ``tell`` computed).

    References
    ----------
    H. Ye, *Mirror Natural Evolution Strategies*, Algorithm 1.

    Examples
    --------
    >>> f = lambda X: 0.5 * np.sum(X**2, axis=1)
    >>> es = MiNES(np.ones(3), np.eye(3), alpha=0.1, batch_size=4, tau=0.5, zeta=2.0,
    ...            eta1=0.5, seed=0)
    >>> for _ in range(50):
    ...     X = es.ask()
    ...     es.tell(X, f(X))
    >>> es.evaluations, bool(f(es.mean[None])[0] < 1e-3)
    (450, True)
    """

    def __init__(self, mean0, sigma_inv0, *, alpha, batch_size, tau, zeta, eta1,
                 eta2=None, precision_form="auto", seed=None):
        mean0 = vector("mean0", mean0)
        strategy = MiNESStrategy(dim=mean0.shape[0], alpha=alpha, batch_size=batch_size, tau=tau,
                                 zeta=zeta, eta1=eta1, eta2=eta2, precision_form=precision_form)
        super().__init__(strategy, strategy.init(mean0, sigma_inv0), seed)

    @property
    def mean(self) -> np.ndarray:
        return self.state.mean.copy()

    @property
    def sigma_inv(self) -> np.ndarray:
        return self.state.sigma_inv.copy()

    @property
    def covariance(self) -> np.ndarray:
        return self.params.alpha**2 * np.linalg.inv(self.state.sigma_inv)

    @property
    def projections(self) -> int:
        return int(self.state.projections)


# ----------------------------------------------------------------------------------------------
# A driver loop
# ----------------------------------------------------------------------------------------------

def minimize(f, mean0, *, sigma_inv0=None, alpha=None, batch_size=None, tau=None, zeta=None,
             eta1=None, eta2=None, precision_form="auto", max_evaluations, target=None, seed=0,
             record: Callable[[MiNES], Mapping[str, Any]] | None = None,
             scale=None) -> OptimizeResult:
    """Run MiNES (Algorithm 1) on the vectorized ``f`` until the budget or the target is reached.

    Two ways to call it:

    - **The paper's settings**: ``alpha``, ``batch_size``, ``tau``, ``zeta`` and ``eta1`` all
      given (``sigma_inv0`` defaults to the identity projected onto S', ``eta2`` to the paper's
      1/k of Lemma 5.3): Algorithm 1 with exactly these settings, nothing added.
    - **Black-box use**: ``minimize(f, x0, max_evaluations=n)``. Each of those five left out
      (and then ``sigma_inv0`` and ``eta2``) takes the practical default of
      ``mines_theory.practical``, computed from function values only by a documented rule:
      one calibration batch of 2b+1 values at x₀ with the initial scale σ₀ (``scale``, default
      1, like pycma's σ₀) gives the curvature scale h₀, and then α = σ₀√h₀, Σ₁⁻¹ = h₀I,
      S' = [1e-4 h₀, 1e4 h₀], b = 4 + ⌊3 ln d⌋, η_{2,k} the paper's 1/k with the start counted
      as k₀ batches, a forgetting floor and a cap that keeps Σ⁻¹ positive before Π_S'
      (``practical.PracticalEta2``), and a curvature step η_{1,k} read off each batch's second
      differences, capped at one sample standard deviation (``practical.CurvatureStep``;
      finite and > 0 for any sign of the curvature, at k = 1 too). The iteration is still Algorithm 1; these
      settings are practical choices that the paper does not make (``practical`` says which
      and why). The calibration's evaluations count in ``nfev``, ``history["evaluations"]``
      and ``max_evaluations``.

    Parameters are those of ``MiNES`` (``precision_form`` chooses how Σ⁻¹ is held and sampled
    with, default "auto"), plus:

    max_evaluations : int
        Budget of function values; an iteration (2b+1 values) starts only if it fits.
    target : float, optional
        Stop as soon as a queried f(μ_k) ≤ target.
    record : callable, optional
        ``record(es)`` returns extra columns for the history row of the iteration just asked
        (called before ``tell``, so ``es.mean`` and ``es.sigma_inv`` are μ_k and Σ_k⁻¹).
    scale : float, optional
        σ₀ > 0, the standard deviation of the first samples, for the practical defaults only
        (default ``practical.DEFAULT_SCALE`` = 1); an error when all five settings are given.

    When 2b+1 = d the shape of f(X) cannot tell a vectorized f from one written for a single
    point, so the first query point is evaluated once more alone (counted in ``nfev``); an f
    that is not vectorized raises ``ValueError``.

    Returns
    -------
    scipy.optimize.OptimizeResult with ``x`` (the last mean: μ_k that met the target, or the
    mean after the last update), ``fun`` (f(x); when the budget ends the run this is one extra
    evaluation, counted in ``nfev``), ``nfev``, ``nit``, ``success`` (target reached),
    ``message``, ``sigma_inv``, ``settings`` (the ``practical.PracticalSettings`` that the
    defaults came from, or None with the paper's settings) and ``history``: a DataFrame with
    one row per iteration k, columns ``k``, ``evaluations`` (the count after iteration k's
    queries), ``f_mean`` = f(μ_k) and the columns of ``record``.

    Examples
    --------
    >>> f = lambda X: np.sum((X - 1.0)**2 * np.array([1.0, 100.0]), axis=1)
    >>> res = minimize(f, np.zeros(2), max_evaluations=1000, target=1e-10, seed=0)
    >>> bool(res.success), res.settings.batch_size, res.settings.evaluations
    (True, 6, 13)
    """
    mean0 = vector("mean0", mean0)
    dim = mean0.shape[0]
    f_dim = getattr(f, "dim", None)             # an objective of this library knows its d
    if isinstance(f_dim, int) and f_dim != dim:
        raise ValueError(f"mean0 must have length f.dim = {f_dim}, got length {dim}")
    practical = any(value is None for value in (alpha, batch_size, tau, zeta, eta1))
    if sigma_inv0 is None and not practical:
        sigma_inv0 = project_eigenvalues(np.eye(dim), *interval("tau", tau, "zeta", zeta))
    if record is not None and not callable(record):
        raise TypeError(f"record must be None or a callable record(es) returning a dict, got "
                        f"{type(record).__name__} {record!r:.60}")
    max_evaluations = positive_int("max_evaluations", max_evaluations)
    if target is not None:
        target = finite_scalar("target", target)
    settings, calibration = None, 0
    if practical:
        from .practical import practical_settings      # it imports this module

        if batch_size is not None:
            batch_size = positive_int("batch_size", batch_size)
        rng = generator("seed", seed)                 # one stream: calibration, then the run
        settings = practical_settings(f, mean0, rng, scale=scale, batch_size=batch_size,
                                      check=_check_vectorized)
        calibration = settings.evaluations
        if calibration > max_evaluations:
            raise ValueError(f"max_evaluations must cover the calibration batch of the practical "
                             f"defaults (2b+1 = {calibration} values), got {max_evaluations}")
        alpha = settings.alpha if alpha is None else alpha
        batch_size = settings.batch_size if batch_size is None else batch_size
        tau = settings.tau if tau is None else tau
        zeta = settings.zeta if zeta is None else zeta
        eta1 = settings.eta1 if eta1 is None else eta1
        eta2 = settings.eta2 if eta2 is None else eta2
        if sigma_inv0 is None:                  # h₀I, in S' also when tau or zeta is given
            sigma_inv0 = project_eigenvalues(settings.sigma_inv0,
                                             *interval("tau", tau, "zeta", zeta))
        seed = rng
    elif scale is not None:
        raise ValueError(f"scale must be None when alpha, batch_size, tau, zeta and eta1 are all "
                         f"given (it sets the practical defaults only), got {scale!r}")
    es = MiNES(mean0, sigma_inv0, alpha=alpha, batch_size=batch_size, tau=tau, zeta=zeta,
               eta1=eta1, eta2=eta2, precision_form=precision_form, seed=seed)
    per_iteration = 2 * es.params.batch_size + 1
    rows = []
    success = False
    message = "max_evaluations reached"
    extra_evaluations = calibration
    while es.evaluations + calibration + per_iteration <= max_evaluations:
        extra = record(es) if record is not None else {}
        if not isinstance(extra, Mapping):
            raise TypeError(f"record must return a dict of extra columns, got "
                            f"{type(extra).__name__} {extra!r:.60}")
        extra = dict(extra)
        clash = sorted(set(extra) & {"k", "evaluations", "f_mean"})
        if clash:
            raise ValueError(f"record must not return the history's own columns, got {clash}")
        X = es.ask()
        values = evaluate(f, X)
        if es.iteration == 0 and X.shape[0] == dim and settings is None:
            _check_vectorized(f, X)
            extra_evaluations += 1
        rows.append({"k": es.iteration + 1, "evaluations": es.evaluations + extra_evaluations,
                     "f_mean": values[0], **extra})
        if target is not None and values[0] <= target:
            success, message = True, "target reached"
            break
        es.tell(X, values)
    x = es.mean
    if success:                         # μ_k reached the target: its value is known
        fun, nfev = float(values[0]), es.evaluations + extra_evaluations
    else:
        fun, nfev = float(evaluate(f, x[None, :])[0]), es.evaluations + extra_evaluations + 1
    return OptimizeResult(x=x, fun=fun, nfev=nfev, nit=es.iteration,
                          success=success, message=message, sigma_inv=es.sigma_inv,
                          settings=settings, history=pd.DataFrame(rows))


def _check_vectorized(f, X: np.ndarray) -> None:
    """Raise ``ValueError`` if ``f`` is not vectorized, seen on its first row alone: when the
    query array is square (2b+1 = d), an objective written for one point x (``x[0]**2 + …``)
    reads the rows of X as the coordinates of x and returns d values, one per column, which the
    shape test of ``evaluate`` cannot tell from one value per row. One extra evaluation."""
    n, d = X.shape
    try:
        shape = np.shape(f(X[:1]))
        problem = "" if shape == (1,) else f"returned shape {shape}"
    except Exception as error:                      # noqa: BLE001 - reported, with its cause
        problem = f"raised {type(error).__name__}: {error}"
    if problem:
        raise ValueError(
            f"f must be vectorized: f(X) with X of shape (n, d) must return shape (n,), one value "
            f"per row; f returned {n} values for the {n} x {d} query array, but on its first row "
            f"alone (shape (1, {d})) it {problem}. An objective written for one point x (such as "
            f"x[0]**2 + x[1]**2) reads the rows of X as coordinates; write it for the rows, "
            f"e.g. lambda X: X[:, 0]**2 + X[:, 1]**2")
