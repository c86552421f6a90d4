"""Linear algebra for the precision matrix Σ⁻¹ ∈ S' = {τI ⪯ Σ⁻¹ ⪯ ζI}: roots, Cholesky factors,
spectrum tests, the projection onto S', preconditioned extremes, and random test matrices.

Every function takes one matrix of shape (d, d) or a stack of shape (S, d, d) (a leading seed
axis, as in the lockstep runs). One matrix goes to LAPACK directly (``dpotrf``, a triangular
solve), which is what counts at large d; a stack goes to NumPy's batched routines, which is what
counts for many small matrices. The two paths agree to rounding.

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

import numpy as np
import scipy.linalg
from scipy.linalg import lapack

from .validation import finite_scalar, symmetric_matrix

__all__ = ["symmetric_roots", "cholesky_lower", "solve_lower_transposed", "spectrum_within",
           "project_eigenvalues", "project_if_outside", "preconditioned_extremes",
           "preconditioned_condition", "random_rotation", "random_spd"]


def symmetric_roots(sigma_inv) -> tuple[np.ndarray, np.ndarray]:
    """(Σ^{1/2}, Σ^{-1/2}) for a symmetric positive definite Σ⁻¹ (or a stack), via ``eigh``.

    >>> root, root_inv = symmetric_roots(np.diag([4.0, 0.25]))
    >>> np.diag(root), np.diag(root_inv)
    (array([0.5, 2. ]), array([2. , 0.5]))
    """
    eigenvalues, U = np.linalg.eigh(sigma_inv)
    smallest = float(np.min(eigenvalues[..., 0]))
    if smallest <= 0.0:
        raise ValueError(f"sigma_inv must be positive definite, got smallest eigenvalue {smallest:.3g}")
    Ut = np.swapaxes(U, -1, -2)
    root_inv = (U * np.sqrt(eigenvalues)[..., None, :]) @ Ut           # Σ^{-1/2}
    root = (U / np.sqrt(eigenvalues)[..., None, :]) @ Ut               # Σ^{1/2}
    return root, root_inv


def _dpotrf_lower_inplace(work: np.ndarray) -> int:
    """LAPACK ``dpotrf`` on a C-ordered symmetric float64 matrix, in place; returns ``info``.
    Passing ``work.T`` hands LAPACK the same matrix in Fortran order without a copy; the upper
    factor U (A = UᵀU) it computes there reads, in C order, as the lower factor L = Uᵀ."""
    _, info = lapack.dpotrf(work.T, lower=False, clean=True, overwrite_a=True)
    return info


def cholesky_lower(A) -> np.ndarray:
    """The lower-triangular L with A = L Lᵀ, for one symmetric positive definite matrix or a stack.

    >>> cholesky_lower(np.array([[4.0, 2.0], [2.0, 5.0]]))
    array([[2., 0.],
           [1., 2.]])
    """
    A = np.asarray(A, dtype=float)
    if A.ndim > 2:
        return np.linalg.cholesky(A)
    work = np.array(A)
    info = _dpotrf_lower_inplace(work)
    if info != 0:
        raise np.linalg.LinAlgError(
            f"matrix is not positive definite (leading minor {info} is not positive)")
    return work


def solve_lower_transposed(L, rows) -> np.ndarray:
    """The rows L^{-T} u_i for the rows u_i of ``rows`` (shape (..., n, d)) and lower-triangular L.

    With Σ⁻¹ = L Lᵀ, z_i = L^{-T} u_i has covariance L^{-T} L^{-1} = Σ: this is how Algorithm 1
    samples from N(0, Σ) without an eigendecomposition.

    >>> solve_lower_transposed(np.array([[2.0, 0.0], [1.0, 1.0]]), np.array([[2.0, 1.0]]))
    array([[0.5, 1. ]])
    """
    L = np.asarray(L, dtype=float)
    rows = np.asarray(rows, dtype=float)
    if L.ndim > 2:
        return np.swapaxes(np.linalg.solve(np.swapaxes(L, -1, -2), np.swapaxes(rows, -1, -2)),
                           -1, -2)
    return scipy.linalg.solve_triangular(L, rows.T, lower=True, trans="T", check_finite=False).T


def _positive_definite_inplace(M: np.ndarray) -> bool:
    return _dpotrf_lower_inplace(M) == 0


def spectrum_within(A, lower: float, upper: float):
    """Whether lower·I ≺ A ≺ upper·I (strictly), for one symmetric matrix or each of a stack.

    One matrix: two Cholesky factorizations (of A − lower·I and of upper·I − A), no
    eigendecomposition. A stack: the extreme eigenvalues. A spectrum that touches a bound counts
    as outside; projecting it is then a no-op up to rounding. A non-finite matrix is never
    within. ``A`` is not validated (this is the inner-loop test).

    >>> spectrum_within(np.diag([1.0, 5.0]), 0.5, 10.0), spectrum_within(np.diag([1.0, 5.0]), 2.0, 10.0)
    (True, False)
    """
    A = np.asarray(A, dtype=float)
    finite = np.isfinite(A).all(axis=(-2, -1))
    if A.ndim > 2:
        eigenvalues = np.linalg.eigvalsh(np.where(finite[:, None, None], A, 0.0))
        return finite & (eigenvalues[:, 0] > lower) & (eigenvalues[:, -1] < upper)
    if not finite:
        return False
    diagonal = np.diag_indices(A.shape[-1])
    work = np.array(A)                                  # one buffer for both tests
    work[diagonal] -= lower
    if not _positive_definite_inplace(work):
        return False
    np.negative(A, out=work)
    work[diagonal] += upper
    return _positive_definite_inplace(work)


def _interval(lower, upper) -> tuple[float, float]:
    lower = finite_scalar("lower", lower)
    upper = finite_scalar("upper", upper)
    if lower > upper:
        raise ValueError(f"lower must be <= upper, got lower={lower!r} > upper={upper!r}")
    return lower, upper


def _clip_spectrum(A: np.ndarray, lower: float, upper: float) -> np.ndarray:
    eigenvalues, U = np.linalg.eigh(A)
    clipped = np.clip(eigenvalues, lower, upper)
    X = (U * clipped[..., None, :]) @ np.swapaxes(U, -1, -2)
    return 0.5 * (X + np.swapaxes(X, -1, -2))


def project_eigenvalues(A, lower, upper) -> np.ndarray:
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


def project_if_outside(A: np.ndarray, lower: float, upper: float) -> tuple[np.ndarray, np.ndarray]:
    """The projection step of Algorithm 1 (eq:Sig_modi): (Π(A), projected) where only matrices
    whose spectrum is not strictly inside (lower, upper) are projected (the others are in the
    set already, and the projection would return them unchanged up to rounding).

    ``A`` (one matrix or a stack) is not validated; ``projected`` is a bool or a bool array.
    """
    inside = spectrum_within(A, lower, upper)
    if A.ndim == 2:
        return (A, np.bool_(False)) if inside else (_clip_spectrum(A, lower, upper), np.bool_(True))
    outside = ~inside
    if np.any(outside):
        A = A.copy()
        A[outside] = _clip_spectrum(A[outside], lower, upper)
    return A, outside


def preconditioned_extremes(hessian, sigma_inv=None, *, chol=None) -> tuple:
    """(ξ, 𝓛): the largest ξ and smallest 𝓛 with ξΣ⁻¹ ⪯ ∇²f ⪯ 𝓛Σ⁻¹ (Lemma 5.2), i.e. the extreme
    eigenvalues of Σ^{1/2}∇²fΣ^{1/2}. They are those of L⁻¹∇²fL⁻ᵀ for Σ⁻¹ = LLᵀ; pass ``chol``
    = L when it is at hand, else ``sigma_inv``. One matrix gives floats, a stack arrays.

    >>> xi, curvature = preconditioned_extremes(np.diag([2.0, 9.0]), np.diag([1.0, 3.0]))
    >>> round(xi, 12), round(curvature, 12)
    (2.0, 3.0)
    """
    if chol is None:
        chol = cholesky_lower(sigma_inv)
    half = np.linalg.solve(chol, hessian)                                   # L⁻¹ H
    w = np.linalg.eigvalsh(np.linalg.solve(chol, np.swapaxes(half, -1, -2)))  # L⁻¹ H L⁻ᵀ
    if w.ndim == 1:
        return float(w[0]), float(w[-1])
    return w[..., 0], w[..., -1]


def preconditioned_condition(covariance, hessian):
    """cond(C^{1/2} H C^{1/2}) for one covariance C or a stack (NaN where C is not positive
    definite, +inf where the product is singular): its eigenvalues are those of Lᵀ H L for
    C = L Lᵀ.

    >>> round(float(preconditioned_condition(np.diag([1.0, 0.5]), np.diag([1.0, 8.0]))), 12)
    4.0
    """
    C = np.asarray(covariance, dtype=float)
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
    Q, _ = np.linalg.qr(rng.standard_normal((dim, dim)))
    return Q


def random_spd(rng: np.random.Generator, dim: int, low: float | None = None,
               high: float | None = None, *, eigenvalues=None) -> np.ndarray:
    """Q diag(λ) Qᵀ with Q = ``random_rotation(rng, dim)`` and λ either ``eigenvalues`` or dim
    uniform draws from [low, high] (drawn after Q).

    >>> w = np.linalg.eigvalsh(random_spd(np.random.default_rng(0), 3, eigenvalues=[1.0, 2.0, 5.0]))
    >>> np.round(w, 12)
    array([1., 2., 5.])
    """
    Q = random_rotation(rng, dim)
    if eigenvalues is None:
        if low is None or high is None or not 0 < low <= high:
            raise ValueError(f"low and high must satisfy 0 < low <= high, got low={low!r}, "
                             f"high={high!r}")
        eigenvalues = rng.uniform(low, high, dim)
    eigenvalues = np.asarray(eigenvalues, dtype=float)
    if eigenvalues.shape != (dim,):
        raise ValueError(f"eigenvalues must have shape ({dim},), got shape {eigenvalues.shape}")
    return (Q * eigenvalues) @ Q.T
