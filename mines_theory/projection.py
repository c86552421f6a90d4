"""The Frobenius projection onto a spectral interval, used to keep Σ⁻¹ in S'.

Paper: Section 4, eq:cS_p, eq:Sig_modi, eq:proj_cs_prime and Proposition A.2
(`prop:project`) of *Mirror Natural Evolution Strategies* (H. Ye).

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
from scipy.linalg import lapack

from ._validation import finite_scalar, symmetric_matrix

__all__ = ["project_eigenvalues", "spectrum_within", "cholesky_lower"]


def _bounds(lower, upper) -> tuple[float, float]:
    lower = finite_scalar("lower", lower)
    upper = finite_scalar("upper", upper)
    if lower > upper:
        raise ValueError(f"lower must be <= upper, got lower={lower!r} > upper={upper!r}")
    return lower, upper


def project_eigenvalues(A, lower, upper) -> np.ndarray:
    """Frobenius projection of the symmetric matrix ``A`` onto {lower·I ⪯ X ⪯ upper·I}.

    Clips the spectrum of ``A`` to [lower, upper] (Prop. A.2; eq:proj_cs_prime read as the
    prose and eq:cS_p define it, see the module docstring). A stack of matrices of shape
    (..., d, d) is projected matrix by matrix.

    >>> import numpy as np
    >>> project_eigenvalues(np.diag([0.1, 2.0, 50.0]), lower=1.0, upper=10.0)
    array([[ 1.,  0.,  0.],
           [ 0.,  2.,  0.],
           [ 0.,  0., 10.]])
    """
    lower, upper = _bounds(lower, upper)
    A = symmetric_matrix("A", A, batch=True)
    eigenvalues, U = np.linalg.eigh(A)
    clipped = np.clip(eigenvalues, lower, upper)
    X = (U * clipped[..., None, :]) @ np.swapaxes(U, -1, -2)
    return 0.5 * (X + np.swapaxes(X, -1, -2))


def _positive_definite_inplace(M: np.ndarray) -> bool:
    """Whether the symmetric float64 matrix ``M`` is positive definite, by LAPACK's Cholesky
    ``dpotrf``; ``M`` is overwritten. ``M.T`` is passed so that a C-ordered symmetric matrix
    reaches LAPACK as the same matrix in Fortran order, without a copy."""
    _, info = lapack.dpotrf(M.T, lower=False, clean=False, overwrite_a=True)
    return info == 0


def cholesky_lower(A: np.ndarray) -> np.ndarray:
    """The lower-triangular L with A = L Lᵀ for a symmetric positive definite ``A`` (C-ordered
    result, LAPACK ``dpotrf`` without the order conversion of ``scipy.linalg.cholesky``).

    >>> cholesky_lower(np.array([[4.0, 2.0], [2.0, 5.0]]))
    array([[2., 0.],
           [1., 2.]])
    """
    work = np.array(A, dtype=float)
    # dpotrf on the Fortran view Aᵀ (= A) computes an upper factor U with A = UᵀU; read in C
    # order that memory is Uᵀ, the lower factor.
    _, info = lapack.dpotrf(work.T, lower=False, clean=True, overwrite_a=True)
    if info != 0:
        raise np.linalg.LinAlgError(
            f"matrix is not positive definite (leading minor {info} is not positive)")
    return work


def spectrum_within(A: np.ndarray, lower: float, upper: float) -> bool:
    """True when the symmetric ``A`` satisfies lower·I ≺ A ≺ upper·I, decided by two Cholesky
    factorizations (of A − lower·I and of upper·I − A) instead of an eigendecomposition.

    A spectrum that touches a bound counts as outside; projecting it is then a no-op up to
    rounding, so nothing is lost. ``A`` is not validated (this is the inner-loop test).

    >>> spectrum_within(np.diag([1.0, 5.0]), 0.5, 10.0), spectrum_within(np.diag([1.0, 5.0]), 2.0, 10.0)
    (True, False)
    """
    diagonal = np.diag_indices(A.shape[-1])
    work = np.array(A, dtype=float)                     # one buffer for both tests
    work[diagonal] -= lower
    if not _positive_definite_inplace(work):
        return False
    np.negative(A, out=work)
    work[diagonal] += upper
    return _positive_definite_inplace(work)
