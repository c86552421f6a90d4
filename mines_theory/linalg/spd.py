"""Linear algebra for the precision matrix Σ⁻¹ ∈ S' = {τI ⪯ Σ⁻¹ ⪯ ζI}: roots, Cholesky factors,
spectrum tests, the projection onto S', preconditioned extremes, and random test matrices.

Every function takes one matrix of shape (d, d) or a stack of shape (S, d, d) (a leading seed
axis, as in the lockstep runs). One matrix goes to LAPACK directly (``dpotrf``, a triangular
solve), which is what counts at large d; a stack goes to NumPy's batched routines, which is what
counts for many small matrices. The two paths agree to rounding.

Input checks: scalars are checked, and a matrix gets its O(d²) checks (shape, finite entries,
symmetry) in the functions that do O(d³) or O(bd²) work on it, so they cost little beside it
(``validation.square_matrix``, ``validation.symmetric_matrix(copy=False)``). The ``LowRank``
routines (in ``lowrank``) check their O(d(r+b)) inputs. The
routines of Algorithm 1's inner loop take ``check_input=False`` (as scipy.linalg takes
``check_finite=False``) for a caller that has validated its state and settings once, at its
door, and checks each update itself (``algorithm.MiNESStrategy``): then neither the arrays nor
the scalars are checked again (at d = 100 the array checks cost 5-8 % of an iteration).
Bad input raises ``ValueError`` (``TypeError`` for a wrong type of object) naming the parameter;
a matrix that is not positive definite where a Cholesky factor is needed is a ``ValueError``
naming the parameter too.

Paper: Section 4, eq:cS_p, eq:Sig_modi, eq:proj_cs_prime and Proposition A.2 (`prop:project`)
of *Mirror Natural Evolution Strategies* (H. Ye).

What the paper prints, and what is right
----------------------------------------
S = {Σ : ζ⁻¹ I ⪯ Σ ⪯ τ⁻¹ I} (eq:cS), so S' = {Σ⁻¹ : Σ ∈ S} = {X : τ I ⪯ X ⪯ ζ I} (eq:cS_p).
The prose above eq:proj_cs_prime says so too: "if λᵢ > ζ set λᵢ = ζ, if λᵢ < τ set λᵢ = τ".
But eq:proj_cs_prime itself clips the eigenvalues of Σ⁻¹ to [ζ⁻¹, τ⁻¹], which is the interval
of S, not of S'; Proposition A.2 repeats the same bounds and then calls the result Π_{S'}.
Clipping Σ⁻¹ to [ζ⁻¹, τ⁻¹] is the projection onto S, applied to the wrong matrix. This module
implements the reading that matches eq:cS_p: Algorithm 1 clips the spectrum of Σ⁻¹ to [τ, ζ],
i.e. ``project_eigenvalues(sigma_inv, lower=tau, upper=zeta)``.

The Frobenius projection onto {lower·I ⪯ X ⪯ upper·I} of a symmetric A = U diag(λ) Uᵀ is
U diag(clip(λ, lower, upper)) Uᵀ (Prop. A.2; the set and the norm are both unitarily invariant,
and clipping is the projection of λ onto the box [lower, upper]^d).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import scipy.linalg
from numpy.typing import ArrayLike
from scipy.linalg import blas, lapack

from mines_theory.validation import (
    finite_result,
    float_array,
    interval,
    matrix_rows,
    positive_int,
    real_array,
    square_matrix,
    symmetric_matrix,
)
from mines_theory.validation import rng as check_rng

__all__ = [
    "symmetric_roots",
    "cholesky_lower",
    "solve_lower_transposed",
    "spectrum_within",
    "project_eigenvalues",
    "project_if_outside",
    "weighted_gram",
    "preconditioned_extremes",
    "preconditioned_condition",
    "random_rotation",
    "random_spd",
]


def symmetric_roots(sigma_inv: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """(Σ^{1/2}, Σ^{-1/2}) for a symmetric positive definite Σ⁻¹ (or a stack), via ``eigh``.

    >>> root, root_inv = symmetric_roots(np.diag([4.0, 0.25]))
    >>> np.diag(root), np.diag(root_inv)
    (array([0.5, 2. ]), array([2. , 0.5]))
    """
    sigma_inv = symmetric_matrix("sigma_inv", sigma_inv, batch=True, copy=False)
    eigenvalues, U = np.linalg.eigh(sigma_inv)
    smallest = float(np.min(eigenvalues[..., 0]))
    if smallest <= 0.0:
        raise ValueError(
            f"sigma_inv must be positive definite, got smallest eigenvalue {smallest:.3g}"
        )
    Ut = np.swapaxes(U, -1, -2)
    root_inv = (U * np.sqrt(eigenvalues)[..., None, :]) @ Ut  # Σ^{-1/2}
    root = (U / np.sqrt(eigenvalues)[..., None, :]) @ Ut  # Σ^{1/2}
    return root, root_inv


def _dpotrf_lower_inplace(work: np.ndarray) -> int:
    """LAPACK ``dpotrf`` on a C-ordered symmetric float64 matrix, in place; returns ``info``.
    Passing ``work.T`` hands LAPACK the same matrix in Fortran order without a copy; the upper
    factor U (A = UᵀU) it computes there reads, in C order, as the lower factor L = Uᵀ."""
    _, info = lapack.dpotrf(work.T, lower=False, clean=True, overwrite_a=True)
    return info


def cholesky_lower(A: ArrayLike, *, check_input: bool = True) -> np.ndarray:
    """The lower-triangular L with A = L Lᵀ, for one symmetric positive definite matrix or a stack.

    Raises ``ValueError`` naming ``A`` when it is not a finite symmetric matrix (or stack) or not
    positive definite. ``check_input=False`` skips the O(d²) checks of shape, finiteness and
    symmetry (the caller vouches for them; only the lower triangle is read then), not the test
    of positive definiteness, which the factorization does anyway.

    >>> cholesky_lower(np.array([[4.0, 2.0], [2.0, 5.0]]))
    array([[2., 0.],
           [1., 2.]])
    """
    return _cholesky("A", A, check_input)


def _cholesky(name: str, A: Any, check_input: bool = True) -> np.ndarray:
    """``cholesky_lower`` of the argument called ``name`` (the name its errors give)."""
    A = (
        symmetric_matrix(name, A, batch=True, copy=False)
        if check_input
        else np.asarray(A, dtype=float)
    )
    if A.ndim > 2:
        try:
            return np.linalg.cholesky(A)
        except np.linalg.LinAlgError:
            smallest = np.linalg.eigvalsh(A)[..., 0]
            index = np.unravel_index(np.argmin(smallest), smallest.shape)
            raise ValueError(
                f"{name} must be positive definite, got a stack whose matrix "
                f"{tuple(map(int, index))} is not (smallest eigenvalue "
                f"{float(smallest[index]):.3g})"
            ) from None
    work = np.array(A)
    info = _dpotrf_lower_inplace(work)
    if info != 0:
        raise ValueError(
            f"{name} must be positive definite, got a matrix that is not positive definite "
            f"(leading minor {info} is not positive; smallest eigenvalue "
            f"{float(np.linalg.eigvalsh(A)[0]):.3g})"
        )
    return work


def solve_lower_transposed(
    L: ArrayLike, rows: ArrayLike, *, check_input: bool = True
) -> np.ndarray:
    """The rows L^{-T} u_i for the rows u_i of ``rows`` (shape (..., n, d)) and lower-triangular L.

    With Σ⁻¹ = L Lᵀ, z_i = L^{-T} u_i has covariance L^{-T} L^{-1} = Σ: this is how Algorithm 1
    samples from N(0, Σ) without an eigendecomposition. ``L`` must be finite and lower
    triangular and ``rows`` finite with d columns (``ValueError`` naming them otherwise);
    ``check_input=False`` skips these O(d² + nd) checks.

    >>> solve_lower_transposed(np.array([[2.0, 0.0], [1.0, 1.0]]), np.array([[2.0, 1.0]]))
    array([[0.5, 1. ]])
    """
    if check_input:
        L = square_matrix("L", L, batch=True)
        upper = _strictly_upper(L.shape[-1])
        above = L[upper] if L.ndim == 2 else L[..., upper]  # (L[..., mask] is 10x slower)
        if np.any(above):
            raise ValueError(
                f"L must be lower triangular, got a nonzero entry above the "
                f"diagonal (largest {float(np.max(np.abs(above))):.3g})"
            )
        rows = matrix_rows("rows", rows, L.shape[-1], L.shape[:-2], "L")
    else:
        L, rows = np.asarray(L, dtype=float), np.asarray(rows, dtype=float)
    if L.ndim > 2:
        return np.swapaxes(
            np.linalg.solve(np.swapaxes(L, -1, -2), np.swapaxes(rows, -1, -2)), -1, -2
        )
    return scipy.linalg.solve_triangular(L, rows.T, lower=True, trans="T", check_finite=False).T


def _positive_definite_inplace(M: np.ndarray) -> bool:
    return _dpotrf_lower_inplace(M) == 0


def spectrum_within(A: ArrayLike, lower: float, upper: float, *, check_input: bool = True) -> Any:
    """Whether lower·I ≺ A ≺ upper·I (strictly), for one symmetric matrix or each of a stack.

    One matrix: two Cholesky factorizations (of A − lower·I and of upper·I − A), no
    eigendecomposition. A stack: the extreme eigenvalues. A spectrum that touches a bound counts
    as outside; projecting it is then a no-op up to rounding. A non-finite matrix is never
    within: it raises ``ValueError`` naming ``A``, as a non-square or non-symmetric one does
    (these O(d²) checks are cheap beside the factorizations; ``check_input=False`` skips them,
    and those of the interval, but for finiteness: a non-finite A is then simply not within).

    >>> A = np.diag([1.0, 5.0])
    >>> spectrum_within(A, 0.5, 10.0), spectrum_within(A, 2.0, 10.0)
    (True, False)
    """
    if check_input:
        lower, upper = _interval(lower, upper)
        A = symmetric_matrix("A", A, batch=True, copy=False)
        finite: Any = True
    else:  # the unchecked form still answers "not within" for a non-finite A
        A = np.asarray(A, dtype=float)
        finite = np.isfinite(A).all(axis=(-2, -1))
        if A.ndim == 2 and not finite:
            return False
    if A.ndim > 2:
        if not check_input:
            A = np.where(finite[..., None, None], A, lower)  # NaN → not within
        eigenvalues = np.linalg.eigvalsh(A)
        return finite & (eigenvalues[..., 0] > lower) & (eigenvalues[..., -1] < upper)
    diagonal = np.diag_indices(A.shape[-1])
    work = np.array(A)  # one buffer for both tests
    work[diagonal] -= lower
    if not _positive_definite_inplace(work):
        return False
    np.negative(A, out=work)
    work[diagonal] += upper
    return _positive_definite_inplace(work)


def _interval(lower: float, upper: float) -> tuple[float, float]:
    return interval("lower", lower, "upper", upper, positive=False)


def _clip_spectrum(A: np.ndarray, lower: float, upper: float) -> np.ndarray:
    """U diag(clip(λ, lower, upper)) Uᵀ. When ``eigh`` fails or gives non-finite eigenvalues
    (entries near the largest float: the eigenvalues overflow), A is scaled by a power of two
    (exact) first; its eigenvalues scaled back may be ±inf, which the clip maps to the finite
    bounds."""
    try:
        eigenvalues, U = np.linalg.eigh(A)
        ok = np.isfinite(eigenvalues).all()
    except np.linalg.LinAlgError:
        ok = False
    if not ok:
        largest = np.max(np.abs(A), axis=(-2, -1), keepdims=True)
        exponent = np.frexp(largest)[1]  # |A| < 2**exponent
        eigenvalues, U = np.linalg.eigh(np.ldexp(A, -exponent))
        with np.errstate(over="ignore"):
            eigenvalues = np.ldexp(eigenvalues, exponent[..., 0])
    clipped = np.clip(eigenvalues, lower, upper)
    X = (U * clipped[..., None, :]) @ np.swapaxes(U, -1, -2)
    return 0.5 * (X + np.swapaxes(X, -1, -2))


def project_eigenvalues(A: ArrayLike, lower: float, upper: float) -> np.ndarray:
    """Frobenius projection of the symmetric matrix ``A`` onto {lower·I ⪯ X ⪯ upper·I}.

    Clips the spectrum of ``A`` to [lower, upper] (Prop. A.2; eq:proj_cs_prime read as the
    prose and eq:cS_p define it, see the module docstring). A stack of matrices of shape
    (..., d, d) is projected matrix by matrix.

    >>> project_eigenvalues(np.diag([0.1, 2.0, 50.0]), lower=1.0, upper=10.0)
    array([[ 1.,  0.,  0.],
           [ 0.,  2.,  0.],
           [ 0.,  0., 10.]])
    """
    lower, upper = _interval(lower, upper)
    return _clip_spectrum(symmetric_matrix("A", A, batch=True), lower, upper)


def project_if_outside(
    A: np.ndarray, lower: float, upper: float, *, check_input: bool = True
) -> tuple[np.ndarray, Any]:
    """The projection step of Algorithm 1 (eq:Sig_modi): (Π(A), projected) where only matrices
    whose spectrum is not strictly inside (lower, upper) are projected (the others are in the
    set already, and the projection would return them unchanged up to rounding).

    ``A`` (one matrix or a stack) must be finite and symmetric, as in ``spectrum_within``
    (``check_input=False``: the caller vouches for it); ``projected`` is a bool or a bool array.
    """
    inside = spectrum_within(A, lower, upper, check_input=check_input)
    lower, upper = float(lower), float(upper)
    A = np.asarray(A, dtype=float)
    if A.ndim == 2:
        return (A, np.bool_(False)) if inside else (_clip_spectrum(A, lower, upper), np.bool_(True))
    outside = ~inside
    if np.any(outside):
        A = A.copy()
        A[outside] = _clip_spectrum(A[outside], lower, upper)
    return A, outside


#: ``weighted_gram`` of one matrix takes two ``dsyrk`` instead of one GEMM when b ≥ 4d and
#: b·d² ≥ 10⁷ multiply-adds. Time of the split over the GEMM, measured with one BLAS thread under
#: the default, Haswell and Sandybridge kernels: 0.90–0.94 at b = 4000, d = 50; 0.87–0.92 at
#: b = 10⁴, d = 50; 0.69–0.76 at b = 1000, d = 200; but 0.90–1.04 at b = 250, d = 200 and
#: 1.2–1.5 at b = 100, d = 500 (a dsyrk with few rows is slow, and the split has fixed costs).
GRAM_SYRK_MIN_WORK = 10**7
GRAM_SYRK_MIN_ROWS_PER_DIM = 4
#: ... unless d is small: then the sum runs over blocks of ⌊``GRAM_BLOCK_ENTRIES``/d⌋ rows (64 kB
#: of rows), one GEMM R_jᵀ(w_j·R_j) per block, so that each block and its weighted copy stay in
#: cache instead of streaming b·d entries through memory three times. Used when a block has at
#: least d rows (d ≤ 90) and there are at least two blocks. CPU time over the GEMM Rᵀ(w·R) with
#: one BLAS thread (two dsyrk in brackets): 0.67 (0.93) at b = 10⁴, d = 50; 0.66 (0.94) at
#: b = 4000, d = 50; 0.73 (1.10) at b = 2·10⁴, d = 30; but 1.0–1.1 (0.74) at b = 1000, d = 200.
GRAM_BLOCK_ENTRIES = 8192


def weighted_gram(rows: ArrayLike, weights: ArrayLike, *, check_input: bool = True) -> np.ndarray:
    """Rᵀ diag(w) R = Σ_i w_i r_i r_iᵀ, for the rows r_i of ``rows`` (shape (…, b, d)) and the
    weights w (shape (…, b)): the sum of outer products in G̃ (eq:TG) and in the NES and xNES
    updates.

    One matrix with b·d² ≥ ``GRAM_SYRK_MIN_WORK`` and b ≥ ``GRAM_SYRK_MIN_ROWS_PER_DIM``·d: for
    small d, a sum of GEMMs over blocks of rows that stay in cache (``GRAM_BLOCK_ENTRIES``:
    0.67× the time of the GEMM Rᵀ(w·R) at b = 10⁴, d = 50); for larger d, the rows are gathered
    by the sign of their weight and scaled by √|w_i| (one pass), and Σ_{w_i ≥ 0} − Σ_{w_i < 0}
    is two symmetric rank-k updates (BLAS ``dsyrk``, one triangle each: 0.74× at b = 1000,
    d = 200); either result is exactly symmetric. Otherwise, and for a stack, it is that
    matmul, symmetric to rounding. The paths agree to rounding (tests compare them).
    ``check_input=False`` skips the O(bd) checks (finite entries, matching shapes) and the test
    that the result is finite (``FloatingPointError`` when it overflows).

    >>> weighted_gram(np.array([[1.0, 2.0], [0.0, 1.0]]), np.array([2.0, -1.0]))
    array([[2., 4.],
           [4., 7.]])
    """
    if check_input:
        rows = real_array("rows", rows, 2)
        weights = real_array("weights", weights, 1)
        if weights.shape != rows.shape[:-1]:
            raise ValueError(
                f"weights must have shape rows.shape[:-1] = {rows.shape[:-1]} "
                f"(one weight per row), got shape {weights.shape}"
            )
        with np.errstate(over="ignore", invalid="ignore"):
            gram = _weighted_gram(rows, weights)
        return finite_result(
            "the weighted Gram matrix",
            gram,
            f"largest |rows| entry "
            f"{np.max(np.abs(rows)):.3g}, largest |weight| "
            f"{np.max(np.abs(weights)):.3g}",
        )
    return _weighted_gram(np.asarray(rows), np.asarray(weights))


def _weighted_gram(rows: np.ndarray, weights: np.ndarray) -> np.ndarray:
    b, d = rows.shape[-2:]
    if rows.ndim > 2 or b * d * d < GRAM_SYRK_MIN_WORK or b < GRAM_SYRK_MIN_ROWS_PER_DIM * d:
        return np.swapaxes(rows, -1, -2) @ (weights[..., None] * rows)
    block = GRAM_BLOCK_ENTRIES // d
    if block >= d and b >= 2 * block:
        total = np.zeros((d, d))
        for start in range(0, b, block):
            part = rows[start : start + block]
            total += part.T @ (weights[start : start + block, None] * part)
        upper = np.triu(total)  # one triangle, mirrored: exactly symmetric, as the dsyrk path
        return upper + np.triu(total, 1).T
    negative = weights < 0.0
    m = b - int(np.count_nonzero(negative))  # rows with w_i ≥ 0 come first
    order = np.concatenate((np.flatnonzero(~negative), np.flatnonzero(negative)))
    scaled = np.take(rows, order, axis=0)
    scaled *= np.sqrt(np.abs(weights[order]))[:, None]
    # dsyrk(α, a) = α a aᵀ in the upper triangle; a = scaledᵀ is a Fortran view, not a copy.
    gram = np.zeros((d, d), order="F")
    if m > 0:
        gram = blas.dsyrk(1.0, scaled[:m].T, beta=0.0, c=gram, overwrite_c=True)
    if m < b:
        gram = blas.dsyrk(-1.0, scaled[m:].T, beta=1.0, c=gram, overwrite_c=True)
    upper = np.triu(gram)
    return upper + np.triu(gram, 1).T


def preconditioned_extremes(
    hessian: ArrayLike, sigma_inv: ArrayLike | None = None, *, chol: ArrayLike | None = None
) -> tuple:
    """(ξ, 𝓛): the largest ξ and smallest 𝓛 with ξΣ⁻¹ ⪯ ∇²f ⪯ 𝓛Σ⁻¹ (Lemma 5.2), i.e. the extreme
    eigenvalues of Σ^{1/2}∇²fΣ^{1/2}. They are those of L⁻¹∇²fL⁻ᵀ for Σ⁻¹ = LLᵀ; pass ``chol``
    = L when it is at hand, else ``sigma_inv``. One matrix gives floats, a stack arrays.

    >>> xi, curvature = preconditioned_extremes(np.diag([2.0, 9.0]), np.diag([1.0, 3.0]))
    >>> round(xi, 12), round(curvature, 12)
    (2.0, 3.0)
    """
    if chol is None:
        chol = _cholesky("sigma_inv", sigma_inv)
    else:
        chol = square_matrix("chol", chol, batch=True)
    hessian = symmetric_matrix("hessian", hessian, batch=True, copy=False)
    try:
        np.broadcast_shapes(hessian.shape, chol.shape)
    except ValueError:
        raise ValueError(
            f"hessian must have the shape of sigma_inv, {chol.shape}, got shape {hessian.shape}"
        ) from None
    half = np.linalg.solve(chol, hessian)  # L⁻¹ H
    w = np.linalg.eigvalsh(np.linalg.solve(chol, np.swapaxes(half, -1, -2)))  # L⁻¹ H L⁻ᵀ
    if w.ndim == 1:
        return float(w[0]), float(w[-1])
    return w[..., 0], w[..., -1]


def preconditioned_condition(covariance: ArrayLike, hessian: ArrayLike) -> Any:
    """cond(C^{1/2} H C^{1/2}) for one covariance C or a stack: its eigenvalues are those of
    Lᵀ H L for C = L Lᵀ.

    Documented non-finite values (not errors): NaN where C, finite and symmetric, is not
    positive definite (a degenerate covariance of a baseline, recorded per step by
    ``experiments``), +inf where the product is singular. Non-finite, non-symmetric or
    mismatched inputs raise ``ValueError`` naming ``covariance`` or ``hessian``.

    >>> round(float(preconditioned_condition(np.diag([1.0, 0.5]), np.diag([1.0, 8.0]))), 12)
    4.0
    """
    C = symmetric_matrix("covariance", covariance, batch=True, copy=False)
    hessian = symmetric_matrix(
        "hessian", hessian, C.shape[-1], batch=True, copy=False, like="covariance"
    )
    single = C.ndim == 2
    C = C[None] if single else C
    out = np.full(C.shape[0], np.nan)
    for i, Ci in enumerate(C):
        try:
            L = np.linalg.cholesky(Ci)
        except np.linalg.LinAlgError:
            continue
        w = np.linalg.eigvalsh(L.T @ hessian @ L)
        out[i] = w[-1] / w[0] if w[0] > 0 else np.inf
    return out[0] if single else out


def random_rotation(rng: np.random.Generator, dim: int) -> np.ndarray:
    """An orthogonal matrix from the QR factorization of a standard Gaussian matrix (one draw of
    dim² normals from ``rng``)."""
    Q, _ = np.linalg.qr(check_rng("rng", rng).standard_normal((dim, positive_int("dim", dim))))
    return Q


def random_spd(
    rng: np.random.Generator,
    dim: int,
    low: float | None = None,
    high: float | None = None,
    *,
    eigenvalues: ArrayLike | None = None,
) -> np.ndarray:
    """Q diag(λ) Qᵀ with Q = ``random_rotation(rng, dim)`` and λ either ``eigenvalues`` or dim
    uniform draws from [low, high] (drawn after Q).

    >>> w = np.linalg.eigvalsh(random_spd(np.random.default_rng(0), 3, eigenvalues=[1.0, 2.0, 5.0]))
    >>> np.round(w, 12)
    array([1., 2., 5.])
    """
    Q = random_rotation(rng, dim)
    if eigenvalues is None:
        if low is None or high is None:
            raise ValueError(
                f"low and high must be given when eigenvalues is not, got "
                f"low={low!r}, high={high!r}"
            )
        low, high = interval("low", low, "high", high)
        eigenvalues = rng.uniform(low, high, dim)
    eigenvalues = float_array("eigenvalues", eigenvalues)
    if eigenvalues.shape != (dim,):
        raise ValueError(f"eigenvalues must have shape ({dim},), got shape {eigenvalues.shape}")
    if not np.all(eigenvalues > 0) or not np.isfinite(eigenvalues).all():
        raise ValueError(
            f"eigenvalues must be finite and > 0 (a positive definite matrix), got {eigenvalues}"
        )
    return (Q * eigenvalues) @ Q.T


@functools.lru_cache(maxsize=8)
def _strictly_upper(d: int) -> np.ndarray:
    """The boolean mask of the entries above the diagonal of a d x d matrix (cached: built once
    per d, not once per triangular solve)."""
    return ~np.tri(d, dtype=bool)
