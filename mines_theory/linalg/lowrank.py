"""Identity plus low rank: a symmetric d×d matrix kept as floor·I + V diag(excess) Vᵀ
(``LowRank``), its update c·A + Yᵀ diag(w) Y from one small ``eigh`` (``low_rank_update``), and
the exact Frobenius projection onto S' = {lower·I ⪯ X ⪯ upper·I} inside the small subspace
(``project_low_rank``, Prop. A.2 of *Mirror Natural Evolution Strategies*). The form
``precision.LowRankPlusIdentity`` of Σ⁻¹ (the paper's regime, r + b < d) is built on these.
``spd``'s docstring states the projection and the input checks.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import scipy.linalg

from mines_theory.validation import (
    finite_scalar,
    float_array,
    interval,
    matrix_rows,
    symmetric_matrix,
)

__all__ = ["LowRank", "low_rank", "low_rank_update", "project_low_rank"]


class LowRank(NamedTuple):
    """The symmetric d×d matrix A = floor·I + V diag(excess) Vᵀ, kept as its eigendecomposition.

    ``basis`` V (d×r, r ≤ d) has orthonormal columns: they are eigenvectors of A with
    eigenvalues floor + excess, and when r < d every vector orthogonal to them is an eigenvector
    with eigenvalue ``floor``. So A's whole spectrum, its powers and its projection onto
    {lower·I ⪯ X ⪯ upper·I} cost O(d r) per vector instead of an O(d³) eigendecomposition.
    """

    floor: float
    basis: np.ndarray  # V, shape (d, r)
    excess: np.ndarray  # shape (r,)

    @property
    def rank(self) -> int:
        """r, the number of columns of V."""
        return self.basis.shape[1]

    def spectrum_bounds(self) -> tuple[float, float]:
        """(λ_min, λ_max) of A: of floor + excess, and of floor too when r < d."""
        values = self.floor + self.excess
        if self.rank < self.basis.shape[0]:
            values = np.append(values, self.floor)
        return float(values.min()), float(values.max())

    def dense(self) -> np.ndarray:
        """A as a d×d array (2d²r flops)."""
        V = self.basis
        A = (V * self.excess) @ V.T
        A[np.diag_indices(V.shape[0])] += self.floor
        return 0.5 * (A + A.T)

    def power_rows(self, power: float, rows: np.ndarray, *, check_input: bool = True) -> np.ndarray:
        """The rows of ``rows`` (shape (n, d)) times A^power, for a positive definite A:
        A^p = floor^p·I + V diag((floor + excess)^p − floor^p) Vᵀ (4ndr flops). ``rows`` must
        have d columns (a ``ValueError`` naming ``rows`` otherwise); a row with non-finite
        entries gives a non-finite row, as any matrix product does (not checked: the sampling
        step of MiNES calls this twice per iteration); ``check_input=False`` skips the shape and
        the check that ``power`` is finite.

        >>> A = LowRank(4.0, np.array([[1.0], [0.0]]), np.array([5.0]))     # diag(9, 4)
        >>> A.power_rows(-0.5, np.array([[9.0, 4.0]]))
        array([[3., 2.]])
        """
        V = self.basis
        if check_input:
            # the shape: O(1) beside 4ndr
            power = finite_scalar("power", power)
            rows = matrix_rows("rows", rows, V.shape[0], finite=False)
        scale = self.floor**power
        return scale * rows + ((rows @ V) * ((self.floor + self.excess) ** power - scale)) @ V.T


def low_rank(A: np.ndarray, floor: float, *, check_input: bool = True) -> LowRank:
    """A symmetric matrix as ``LowRank`` with the given ``floor``: a multiple s·I of the identity
    gives floor s and rank 0 without an eigendecomposition; any other A its ``eigh``, without
    the eigenvectors whose eigenvalue equals ``floor`` exactly (they span the complement).
    ``check_input=False`` skips the checks of A (finite, square, symmetric to ``SYMMETRY_RTOL``)
    and of ``floor``, the inner loop's form (A is still symmetrized as the check would).

    >>> low_rank(2.0 * np.eye(3), 0.5).rank, low_rank(np.diag([0.5, 3.0, 0.5]), 0.5).excess
    (0, array([2.5]))
    """
    if check_input:
        A, floor = symmetric_matrix("A", A), finite_scalar("floor", floor)
    elif not np.array_equal(A, A.T):
        A = 0.5 * A + 0.5 * A.T
    d = A.shape[-1]
    scale = A[0, 0]
    if np.array_equal(A, scale * np.eye(d)):
        return LowRank(float(scale), np.empty((d, 0)), np.empty(0))
    eigenvalues, U = np.linalg.eigh(A)
    keep = eigenvalues != floor
    return LowRank(float(floor), U[:, keep], eigenvalues[keep] - floor)


def low_rank_update(
    A: LowRank, c: float, rows: np.ndarray, weights: np.ndarray, *, check_input: bool = True
) -> LowRank:
    """The eigendecomposition of c·A + Yᵀ diag(w) Y (Y = ``rows``, shape (b, d); w = ``weights``)
    for A = floor·I + V diag(e) Vᵀ with r + b < d, from one (r+b)×(r+b) ``eigh``.

    c·A + YᵀWY − c·floor·I = [V, Yᵀ] M [V, Yᵀ]ᵀ with M = diag(c·e, w) lives in the column span of
    [V, Yᵀ]. With the Householder factorization [V, Yᵀ] = Q R (Q: d×(r+b), orthonormal columns
    even when [V, Yᵀ] is rank-deficient) it is Q K Qᵀ, K = R M Rᵀ; with K = E diag(Λ) Eᵀ the
    result is floor' = c·floor on the complement of Q's span and floor' + Λ on the columns of
    Q E. Cost 4d(r+b)² + O((r+b)³) flops instead of the O(d³) of a dense ``eigh``. ``rows`` (b
    finite rows of length d), ``weights`` (b finite numbers) and ``c`` are checked in O(bd)
    unless ``check_input=False``.

    References
    ----------
    H. Ye, *Mirror Natural Evolution Strategies*, eq:Sig_modi (the update Σ⁻¹ + η₂G̃ is of this
    form with c = 1 − η₂(1 + Σw), Y the rows Σ^{-1/2}u_i and w = η₂ s_i / (2b)).
    """
    if check_input:
        A, c = _low_rank("A", A), finite_scalar("c", c)
        rows = matrix_rows("rows", rows, A.basis.shape[0])
        if not (isinstance(weights, np.ndarray) and weights.dtype == np.float64):
            weights = float_array("weights", weights)
        if weights.shape != rows.shape[:1] or not np.isfinite(weights).all():
            raise ValueError(
                f"weights must be {rows.shape[0]} finite numbers (one per row of "
                f"rows), got {_describe(weights)}"
            )
    r = A.rank
    Q, R = scipy.linalg.qr(np.hstack([A.basis, rows.T]), mode="economic", check_finite=False)
    left, right = R[:, :r], R[:, r:]
    K = (left * (c * A.excess)) @ left.T + (right * weights) @ right.T
    eigenvalues, E = np.linalg.eigh(0.5 * (K + K.T))
    return LowRank(c * A.floor, Q @ E, eigenvalues)


def project_low_rank(
    A: LowRank, lower: float, upper: float, *, check_input: bool = True
) -> tuple[LowRank, bool]:
    """(Π(A), projected): the Frobenius projection of A onto {lower·I ⪯ X ⪯ upper·I} (Prop. A.2:
    clip every eigenvalue, the complement's ``floor`` included), and whether A's spectrum was
    not strictly inside (lower, upper) (then A is returned unchanged, as ``project_if_outside``
    does). Eigenvectors whose clipped eigenvalue equals the clipped floor join the complement.
    ``check_input=False`` skips the checks of A and of the interval.

    >>> A = LowRank(0.2, np.array([[1.0], [0.0]]), np.array([3.0]))          # diag(3.2, 0.2)
    >>> P, projected = project_low_rank(A, 0.5, 2.0)
    >>> P.dense(), projected
    (array([[2. , 0. ],
           [0. , 0.5]]), True)
    """
    if check_input:
        A = _low_rank("A", A)
        lower, upper = interval("lower", lower, "upper", upper, positive=False)
    smallest, largest = A.spectrum_bounds()
    if lower < smallest and largest < upper:
        return A, False
    floor = min(max(A.floor, lower), upper)
    values = np.clip(A.floor + A.excess, lower, upper)
    keep = values != floor
    return LowRank(floor, A.basis[:, keep], values[keep] - floor), True


def _low_rank(name: str, A: Any) -> LowRank:
    if not isinstance(A, LowRank):
        raise TypeError(
            f"{name} must be a LowRank (linalg.low_rank(matrix, floor)), got "
            f"{type(A).__name__} {A!r:.60}"
        )
    return A


def _describe(arr: np.ndarray) -> str:
    return f"shape {arr.shape}" if arr.ndim else f"{arr!r}"
