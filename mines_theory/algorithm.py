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
- ``Parameters``, ``State``, ``MiNESStrategy``: Algorithm 1 once, as pure ``ask``/``tell``
  functions of a state that may carry a leading seed axis (``strategy.run`` iterates them for
  many seeds in lockstep). The speed tricks live here, each commented.
- ``MiNES``: the ask/tell object for one seed; ``minimize``: a driver loop returning
  ``scipy.optimize.OptimizeResult``.

Sampling. The estimators use u only through z_i ~ N(0, Σ) and Σ^{-1/2} u_i ↦ the outer products
Σ^{-1/2} u_i u_iᵀ Σ^{-1/2}. For any factor F with F Fᵀ = Σ, z = F u has the same law and
Σ⁻¹ z = F^{-T} u replaces Σ^{-1/2} u (the outer product (F^{-T}u)(F^{-T}u)ᵀ has the same
expectation, and the same joint law with z). ``root="cholesky"`` takes F = L^{-T} from the
Cholesky factor Σ⁻¹ = L Lᵀ, so z = L^{-T} u and F^{-T} u = L u: a Cholesky instead of an ``eigh``
per iteration. ``root="symmetric"`` uses Σ^{±1/2} as printed and reproduces the pure estimators
for the same u. The default ``root="auto"`` chooses by cost at every iteration (below).

Low rank. ``root="lowrank"`` draws the same z as "symmetric" (to rounding) from a state that also
carries Σ_k⁻¹ as its eigendecomposition τ'I + V diag(e) Vᵀ (``linalg.LowRank``, V with r
orthonormal columns). The update is Σ⁻¹_{k+½} = c_k Σ_k⁻¹ + η₂ YᵀWY with c_k = 1 − η₂(1 + Σw),
Y the rows Σ_k^{-1/2}u_i and W = diag(w) (eq:TG, eq:Sig_modi), so Σ⁻¹_{k+½} − c_k τ' I lives in
the span of [V, Yᵀ], of dimension ≤ r + b: one (r+b)×(r+b) ``eigh`` gives its whole spectrum
(c_k τ' on the complement), hence the exact spectrum test and the exact projection Π_S', and
Σ^{±1/2}u costs O(dr). After a projection r is the number of eigenvalues strictly above the
complement's (clipped) value: at most b while c_k < 0, as in the paper's regime η₂,k = 1/k from
Σ₁⁻¹ = I. Cost rule: the subspace update costs ≈ 4d(r+b)² + O((r+b)³) flops, a dense ``eigh``
O(d³); measured with one BLAS thread at d = 50…500, the two cross near r + b ≈ 0.75 d, so the
update runs in the subspace while r + b ≤ 2d/3 (``LOW_RANK_SHARE``) and otherwise takes the dense
``eigh`` of Σ⁻¹_{k+½} (which still yields the eigendecomposition; the rank may fall again). Not
computed: ``State.chol`` (None; ``cholesky_lower(state.sigma_inv)`` gives it) and ``Sample.B``
(None; ``Sample.Y`` holds the rows Σ^{-1/2}u_i). One seed only: ``init`` with ``num_seeds``
returns a state without the eigendecomposition, and such a state runs the dense "symmetric" path
(the same iterates to rounding).

Auto (the default). ``root="auto"`` keeps the low-rank form of "lowrank" while r + b ≤ 2d/3 and
the Cholesky root of "cholesky" otherwise, so each regime gets its fast path: one seed in the
paper's regime (Σ₁⁻¹ = I has rank 0; c_k < 0 keeps r ≤ b) runs as "lowrank", a full-rank Σ⁻¹
inside S' as "cholesky" (measured per iteration against pycma in ``make bench``). A dense state
is tested for S' with two Cholesky factorizations; when it must be projected, the projection's
one ``eigh`` also gives the rank, and the state returns to the low-rank form if r + b ≤ 2d/3.
A low-rank state whose r + b passes 2d/3 takes a Cholesky factor and stays dense. Every step is
the printed update for the factor it sampled with (a test redoes each step densely), and the
iterates have the law of Algorithm 1's: z = F u ~ N(0, Σ_k) for either F. With a seed axis
(``init`` with ``num_seeds``) "auto" is "cholesky".
"""

from __future__ import annotations

import dataclasses
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
           "Sample", "Estimate", "Iteration", "MiNESStrategy", "MiNES", "minimize"]


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
    """``precision_gradient`` without its checks (the estimators' and the strategy's path)."""
    b, d = u.shape[-2:]
    weights = second_differences / (2.0 * b)
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
# Algorithm 1, once: parameters, state, pure ask and tell
# ----------------------------------------------------------------------------------------------

#: root="lowrank" updates Σ⁻¹ inside the span of [V, Yᵀ] while r + b ≤ LOW_RANK_SHARE · d, and
#: with a dense ``eigh`` beyond (the crossover of the two costs is near 0.75 d; module docstring);
#: root="auto" keeps the low-rank form while r + b ≤ LOW_RANK_SHARE · d, and Cholesky beyond.
LOW_RANK_SHARE = 2.0 / 3.0

#: The factors F (F Fᵀ = Σ) that MiNES can sample with (module docstring).
ROOTS = ("cholesky", "symmetric", "lowrank", "auto")

#: The largest ζ/τ that MiNES accepts: a Σ⁻¹ with eigenvalues in [τ, ζ] has condition number up
#: to ζ/τ, and Cholesky factorization in double precision fails near 1e16.
MAX_SPREAD = 1e12


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
    root: str = "auto"      # the factor F (FFᵀ = Σ) used for sampling: one of ROOTS


@dataclasses.dataclass(frozen=True)
class State:
    """The changing state of Algorithm 1; every array may carry a leading seed axis."""

    mean: np.ndarray          # μ_k, shape (…, d)
    sigma_inv: np.ndarray     # Σ_k⁻¹ ∈ S', shape (…, d, d)
    chol: np.ndarray | None   # L with Σ_k⁻¹ = L Lᵀ (None with root="lowrank": not computed)
    k: int = 1                # the number of the iteration about to run
    projections: Any = 0      # how many updates so far left S' and were projected, per seed
    eta1: Any = np.nan        # η_{1,k−1}, the last mean step (a schedule may fall back on it)
    lowrank: LowRank | None = None  # Σ_k⁻¹ as τ'I + V diag(e) Vᵀ (root="lowrank", one seed)


class Sample(NamedTuple):
    """What ``ask`` hands to ``tell``: the directions and the quantities built from them."""

    u: np.ndarray       # u_i ~ N(0, I), rows, shape (…, b, d)
    Z: np.ndarray       # z_i = F u_i ~ N(0, Σ_k), rows
    B: np.ndarray | None  # B u_i stands for Σ_k^{-1/2} u_i (B = L, or Σ^{-1/2} as printed;
    #                       None with root="lowrank", which forms the rows Y instead)
    X: np.ndarray       # the query points μ_k, μ_k + αz_i, μ_k − αz_i, shape (…, 2b+1, d)
    Y: np.ndarray | None = None  # rows Σ_k^{-1/2} u_i (root="lowrank")


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

    Parameters are those of ``MiNES`` (``dim`` = d). ``init`` validates a start and builds the state, with a
    leading axis of ``num_seeds`` copies if given; ``ask`` and ``tell`` are one iteration.
    """

    def __init__(self, *, dim, alpha, batch_size, tau, zeta, eta1, eta2=None, root="auto"):
        tau, zeta = interval("tau", tau, "zeta", zeta)
        if zeta / tau > MAX_SPREAD:
            raise ValueError(f"zeta/tau must be at most {MAX_SPREAD:g}: Σ⁻¹ may have any spectrum in "
                             f"[tau, zeta], and beyond that its Cholesky factor fails in floating "
                             f"point; got tau = {tau!r}, zeta = {zeta!r}")
        if root not in ROOTS:
            raise ValueError(f"root must be one of {', '.join(map(repr, ROOTS))}, got {root!r}")
        self.params = Parameters(
            dim=positive_int("dim", dim),
            alpha=smoothing_radius("alpha", alpha),
            batch_size=positive_int("batch_size", batch_size),
            tau=tau, zeta=zeta,
            eta1=_schedule("eta1", eta1),
            eta2=harmonic if eta2 is None else _schedule("eta2", eta2),
            root=root)
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
        if num_seeds is None and p.root in ("lowrank", "auto"):
            lowrank = low_rank(sigma_inv0, p.tau)
            if p.root == "lowrank" or lowrank.rank + p.batch_size <= LOW_RANK_SHARE * p.dim:
                return State(mean0, sigma_inv0, None, lowrank=lowrank)
        chol = cholesky_lower(sigma_inv0)
        if num_seeds is None:
            return State(mean0, sigma_inv0, chol)
        S = positive_int("num_seeds", num_seeds)
        tile = lambda a: np.tile(a, (S,) + (1,) * a.ndim)                     # noqa: E731
        return State(tile(mean0), tile(sigma_inv0), tile(chol), projections=np.zeros(S, int),
                     eta1=np.full(S, np.nan))

    def directions(self, rng: np.random.Generator) -> np.ndarray:
        """u_1..u_b ~ N(0, I): the random numbers of one iteration, shape (b, d)."""
        return rng.standard_normal((self.params.batch_size, self.params.dim))

    def ask(self, state: State, u: np.ndarray) -> tuple[np.ndarray, Sample]:
        """The query points of iteration k for the directions u (shape (…, b, d))."""
        p = self.params
        Y = None
        if state.lowrank is not None:                        # "lowrank", "auto" (low rank)
            Z = state.lowrank.power_rows(-0.5, u, check_input=False)  # z_i = Σ^{1/2}u_i, O(bdr)
            Y, B = state.lowrank.power_rows(0.5, u, check_input=False), None  # y_i = Σ^{-1/2}u_i
        elif p.root in ("cholesky", "auto"):
            # z_i = L^{-T}u_i ~ N(0, Σ_k); state.chol was checked when it was made
            Z = solve_lower_transposed(state.chol, u, check_input=False)
            B = state.chol                                   # Σ_k⁻¹z_i = L u_i
        else:
            root, B = symmetric_roots(state.sigma_inv)       # as printed: Σ^{1/2}, Σ^{-1/2}
            Z = u @ root                                     # z_i = Σ^{1/2}u_i (root symmetric)
        X = _query_points(state.mean, p.alpha * Z)
        return X, Sample(u, Z, B, X, Y)

    def tell(self, state: State, sample: Sample, values: np.ndarray) -> tuple[State, Iteration]:
        """One update of Algorithm 1 from the values f(X) (shape (…, 2b+1)) of the asked points."""
        p, b, k = self.params, self.params.batch_size, state.k
        f0, f_plus, f_minus = values[..., :1], values[..., 1:b + 1], values[..., b + 1:]
        second = (f_plus + f_minus - 2.0 * f0) / p.alpha**2           # z_iᵀ∇²f z_i on a quadratic

        g = np.einsum("...i,...id->...d", (f_plus - f_minus) / (2.0 * p.alpha * b),
                      sample.Z)                                                    # eq:g_mu
        if state.lowrank is None:
            G = _precision_gradient(second, sample.u, sample.B, state.sigma_inv)   # eq:TG
        else:                                      # the same, from the rows y_i = Σ^{-1/2}u_i
            G = _gradient_from_rows(second / (2.0 * b), sample.Y, state.sigma_inv)
        estimate = Estimate(g, G, second)
        eta1 = _step_size("eta1", p.eta1, k, state, estimate)
        eta2 = _step_size("eta2", p.eta2, k, state, estimate)

        mean = state.mean - eta1[..., None] * g                            # Alg. 1, step 5
        half = state.sigma_inv + eta2[..., None, None] * G                 # eq:Sig_modi, Σ⁻¹_{k+½}
        if not np.all(np.isfinite(half)):
            raise FloatingPointError(
                f"the update of sigma_inv at k={k} is not finite: the second differences "
                f"/ alpha**2 overflowed or are NaN (alpha={p.alpha!r}, largest |f| = "
                f"{float(np.max(np.abs(values))):.3g})")
        # eq:Sig_modi, Π_S' (half was checked finite above, and it is symmetric by construction)
        if state.lowrank is not None:
            lowrank, projected = self._project_low_rank(half, state.lowrank, Y=sample.Y,
                                                        weights=second / (2.0 * b),
                                                        eta2=float(eta2))
            sigma_inv = lowrank.dense() if projected else half
        elif p.root == "auto" and half.ndim == 2:
            if spectrum_within(half, p.tau, p.zeta, check_input=False):     # inside S'
                sigma_inv, projected, lowrank = half, np.bool_(False), None
            else:      # one eigh, as Π_S' takes anyway; it may leave few eigenvalues above τ
                lowrank, projected = self._project_low_rank(half)
                sigma_inv = lowrank.dense()
        else:
            sigma_inv, projected = project_if_outside(half, p.tau, p.zeta, check_input=False)
            lowrank = None
        if p.root == "auto" and lowrank is not None and \
                lowrank.rank + b > LOW_RANK_SHARE * p.dim:
            lowrank = None                           # too many eigenvalues above τ': Cholesky
        chol = cholesky_lower(sigma_inv, check_input=False) if lowrank is None else None
        new = State(mean, sigma_inv, chol, k + 1, state.projections + projected,
                    eta1 if eta1.ndim else float(eta1), lowrank)
        return new, Iteration(k, state, sample, values, estimate, eta1, eta2, projected)

    def _project_low_rank(self, half: np.ndarray, current: LowRank | None = None, *,
                          Y: np.ndarray | None = None, weights: np.ndarray | None = None,
                          eta2: float | None = None) -> tuple[LowRank, np.bool_]:
        """Π_S'(Σ⁻¹_{k+½}) as ``LowRank`` and whether it projected (module docstring): inside
        the span of [V, Yᵀ] from ``current`` = Σ_k⁻¹ and the rows Y while that is cheap, else
        from the dense Σ⁻¹_{k+½} (``half``) with one ``eigh``."""
        p = self.params
        if current is not None and current.rank + p.batch_size <= LOW_RANK_SHARE * p.dim:
            # Σ⁻¹_{k+½} = Σ_k⁻¹ + η₂(YᵀWY − (Σw + 1)Σ_k⁻¹) = c_k Σ_k⁻¹ + η₂ YᵀWY   (eq:Sig_modi)
            c = 1.0 - eta2 * (1.0 + weights.sum())
            unprojected = low_rank_update(current, c, Y, eta2 * weights, check_input=False)
        else:
            unprojected = low_rank(half, p.tau)                       # a dense eigh
        lowrank, projected = project_low_rank(unprojected, p.tau, p.zeta)   # eq:Sig_modi, Π_S'
        return lowrank, np.bool_(projected)


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
    root : {"auto", "cholesky", "symmetric", "lowrank"}
        The factor used for sampling (module docstring); "symmetric" reproduces
        ``mean_gradient`` and ``sigma_gradient`` for the same directions, and "lowrank" computes
        the same iterates (to rounding) from an eigendecomposition of Σ⁻¹ kept in the state,
        at O(d(r+b)²) per iteration while Σ⁻¹ is τ'I plus rank r (the paper's regime).
        The default "auto" is "lowrank" while r + b ≤ 2d/3 and "cholesky" otherwise.
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
                 eta2=None, root="auto", seed=None):
        mean0 = vector("mean0", mean0)
        strategy = MiNESStrategy(dim=mean0.shape[0], alpha=alpha, batch_size=batch_size, tau=tau,
                                 zeta=zeta, eta1=eta1, eta2=eta2, root=root)
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

def minimize(f, mean0, *, sigma_inv0=None, alpha, batch_size, tau, zeta, eta1, eta2=None,
             root="auto", max_evaluations, target=None, seed=0,
             record: Callable[[MiNES], Mapping[str, Any]] | None = None) -> OptimizeResult:
    """Run MiNES (Algorithm 1) on the vectorized ``f`` until the budget or the target is reached.

    Parameters are those of ``MiNES`` (``sigma_inv0`` defaults to the identity projected onto
    S'; ``root`` chooses the sampling factor, default "auto"), plus:

    max_evaluations : int
        Budget of function values; an iteration (2b+1 values) starts only if it fits.
    target : float, optional
        Stop as soon as a queried f(μ_k) ≤ target.
    record : callable, optional
        ``record(es)`` returns extra columns for the history row of the iteration just asked
        (called before ``tell``, so ``es.mean`` and ``es.sigma_inv`` are μ_k and Σ_k⁻¹).

    Returns
    -------
    scipy.optimize.OptimizeResult with ``x`` (the last mean: μ_k that met the target, or the
    mean after the last update), ``fun`` (f(x); when the budget ends the run this is one extra
    evaluation, counted in ``nfev``), ``nfev``, ``nit``, ``success`` (target reached),
    ``message``, ``sigma_inv`` and ``history``: a DataFrame with one row per iteration k,
    columns ``k``, ``evaluations`` (the count after iteration k's queries), ``f_mean`` = f(μ_k)
    and the columns of ``record``.
    """
    mean0 = vector("mean0", mean0)
    dim = mean0.shape[0]
    f_dim = getattr(f, "dim", None)             # an objective of this library knows its d
    if isinstance(f_dim, int) and f_dim != dim:
        raise ValueError(f"mean0 must have length f.dim = {f_dim}, got length {dim}")
    if sigma_inv0 is None:
        sigma_inv0 = project_eigenvalues(np.eye(dim), *interval("tau", tau, "zeta", zeta))
    if record is not None and not callable(record):
        raise TypeError(f"record must be None or a callable record(es) returning a dict, got "
                        f"{type(record).__name__} {record!r:.60}")
    max_evaluations = positive_int("max_evaluations", max_evaluations)
    if target is not None:
        target = finite_scalar("target", target)
    es = MiNES(mean0, sigma_inv0, alpha=alpha, batch_size=batch_size, tau=tau, zeta=zeta,
               eta1=eta1, eta2=eta2, root=root, seed=seed)
    per_iteration = 2 * es.params.batch_size + 1
    rows = []
    success = False
    message = "max_evaluations reached"
    while es.evaluations + per_iteration <= max_evaluations:
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
        rows.append({"k": es.iteration + 1, "evaluations": es.evaluations,
                     "f_mean": values[0], **extra})
        if target is not None and values[0] <= target:
            success, message = True, "target reached"
            break
        es.tell(X, values)
    x = es.mean
    if success:                         # μ_k reached the target: its value is known
        fun, nfev = float(values[0]), es.evaluations
    else:
        fun, nfev = float(evaluate(f, x[None, :])[0]), es.evaluations + 1
    return OptimizeResult(x=x, fun=fun, nfev=nfev, nit=es.iteration,
                          success=success, message=message, sigma_inv=es.sigma_inv,
                          history=pd.DataFrame(rows))
