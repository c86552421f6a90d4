"""Σ_k⁻¹ as an object: the forms in which Algorithm 1 samples with it and updates it.

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
"""

from __future__ import annotations

import abc
import dataclasses
from typing import Any, NamedTuple

import numpy as np

from .estimators import gradient_from_rows, gradient_from_weights
from mines_theory.linalg.lowrank import LowRank, low_rank, low_rank_update, project_low_rank
from mines_theory.linalg.spd import (
    cholesky_lower,
    project_if_outside,
    solve_lower_transposed,
    spectrum_within,
    symmetric_roots,
)

__all__ = [
    "LOW_RANK_SHARE",
    "PRECISION_FORMS",
    "Projection",
    "HalfStep",
    "DenseHalfStep",
    "LowRankHalfStep",
    "PrecisionForm",
    "SymmetricRoot",
    "CholeskyFactor",
    "LowRankPlusIdentity",
    "choose_form",
]


#: The low-rank form updates Σ⁻¹ inside the span of [V, Yᵀ] while r + b ≤ LOW_RANK_SHARE · d, and
#: with a dense ``eigh`` beyond (the crossover of the two costs is near 0.75 d; module docstring);
#: precision_form="auto" keeps the low-rank form while r + b ≤ LOW_RANK_SHARE · d, Cholesky beyond.
LOW_RANK_SHARE = 2.0 / 3.0

#: The forms of Σ⁻¹ that MiNES can sample and update with, and "auto", the rule that chooses
#: between the low-rank and the Cholesky form (module docstring, ``choose_form``).
PRECISION_FORMS = ("auto", "symmetric", "cholesky", "lowrank")


class Projection(NamedTuple):
    """Π_S'(Σ⁻¹_{k+½}) of eq:Sig_modi, as the choice of the next form needs it."""

    matrix: np.ndarray  # Σ⁻¹_{k+1}, shape (…, d, d)
    eigen: LowRank | None  # its eigendecomposition τ'I + V diag(e) Vᵀ, when one was computed
    projected: Any  # whether Σ⁻¹_{k+½} left S' and was projected, per seed


class HalfStep(abc.ABC):
    """Σ⁻¹_{k+½} = Σ_k⁻¹ + η₂ G̃ before the projection (eq:Sig_modi), as ``mirror_step`` made it."""

    matrix: np.ndarray  # Σ⁻¹_{k+½}, dense, shape (…, d, d)

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
        if spectrum_within(half, tau, zeta, check_input=False):  # two Cholesky, no eigh
            return Projection(half, None, np.bool_(False))
        # one eigh, as Π_S' takes anyway; it may leave few eigenvalues above τ
        eigen, clipped = project_low_rank(
            low_rank(half, tau, check_input=False), tau, zeta, check_input=False
        )
        return Projection(eigen.dense(), eigen, np.bool_(clipped))


@dataclasses.dataclass(frozen=True)
class LowRankHalfStep(HalfStep):
    """Σ⁻¹_{k+½} = c_k Σ_k⁻¹ + η₂ YᵀWY (eq:Sig_modi with c_k = 1 − η₂(1 + Σw)) from Σ_k⁻¹ =
    τ'I + V diag(e) Vᵀ: its eigendecomposition in the span of [V, Yᵀ] while r + b ≤
    ``LOW_RANK_SHARE`` · d, else a dense ``eigh`` of ``matrix`` (module docstring)."""

    matrix: np.ndarray  # the same Σ⁻¹_{k+½}, dense (kept when it is not projected)
    before: LowRank  # Σ_k⁻¹
    eta: float  # η₂,k
    rows: np.ndarray  # Y, the rows Σ_k^{-1/2}u_i, shape (b, d)
    weights: np.ndarray  # w_i = s_i / (2b), shape (b,)

    def project(self, tau: float, zeta: float) -> Projection:
        before, (b, d) = self.before, self.rows.shape
        if before.rank + b <= LOW_RANK_SHARE * d:
            c = 1.0 - self.eta * (1.0 + self.weights.sum())
            half = low_rank_update(before, c, self.rows, self.eta * self.weights, check_input=False)
        else:
            half = low_rank(self.matrix, tau, check_input=False)  # a dense eigh
        eigen, projected = project_low_rank(half, tau, zeta, check_input=False)
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

    matrix: np.ndarray  # Σ_k⁻¹, shape (…, d, d)

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
    def mirror_step(
        self, eta: np.ndarray, G: np.ndarray, factor: np.ndarray, weights: np.ndarray
    ) -> HalfStep:
        """Σ_k⁻¹ + η G̃ (eq:Sig_modi), unprojected."""


@dataclasses.dataclass(frozen=True)
class SymmetricRoot(PrecisionForm):
    """F = Σ_k^{1/2}, R = Σ_k^{-1/2}, from one ``eigh`` per iteration: the printed estimators
    (``mean_gradient`` and ``sigma_gradient`` for the same u). One matrix or a stack."""

    matrix: np.ndarray

    def sample(self, u: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        root, root_inv = symmetric_roots(self.matrix)  # Σ^{1/2}, Σ^{-1/2}
        return u @ root, root_inv  # z_i = Σ^{1/2}u_i (root symmetric)

    def gradient(self, u: np.ndarray, factor: np.ndarray, weights: np.ndarray) -> np.ndarray:
        return gradient_from_weights(weights, u, factor, self.matrix)

    def mirror_step(
        self, eta: np.ndarray, G: np.ndarray, factor: np.ndarray, weights: np.ndarray
    ) -> HalfStep:
        return DenseHalfStep(self.matrix + eta[..., None, None] * G)


@dataclasses.dataclass(frozen=True)
class CholeskyFactor(PrecisionForm):
    """Σ_k⁻¹ = L Lᵀ: F = L^{-T} (z_i = L^{-T}u_i, one triangular solve), R = L (Σ_k⁻¹ z_i =
    L u_i). One matrix or a stack. ``keep_eigen``: a projection keeps its ``eigh`` ("auto")."""

    matrix: np.ndarray
    factor: np.ndarray  # L, lower triangular, checked when it was made
    keep_eigen: bool = False

    def cholesky(self) -> np.ndarray:
        return self.factor

    def sample(self, u: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return solve_lower_transposed(self.factor, u, check_input=False), self.factor

    def gradient(self, u: np.ndarray, factor: np.ndarray, weights: np.ndarray) -> np.ndarray:
        return gradient_from_weights(weights, u, factor, self.matrix)

    def mirror_step(
        self, eta: np.ndarray, G: np.ndarray, factor: np.ndarray, weights: np.ndarray
    ) -> HalfStep:
        return DenseHalfStep(self.matrix + eta[..., None, None] * G, self.keep_eigen)


@dataclasses.dataclass(frozen=True)
class LowRankPlusIdentity(PrecisionForm):
    """Σ_k⁻¹ = τ'I + V diag(e) Vᵀ (``linalg.LowRank``, V with r orthonormal columns), one seed:
    F = Σ_k^{1/2} and R = the rows y_i = Σ_k^{-1/2}u_i, each O(bdr); the update and Π_S' in the
    span of [V, Yᵀ] (module docstring). The same iterates as ``SymmetricRoot`` to rounding."""

    matrix: np.ndarray  # Σ_k⁻¹, dense
    eigen: LowRank  # the same, as its eigendecomposition

    def sample(self, u: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        Z = self.eigen.power_rows(-0.5, u, check_input=False)  # z_i = Σ^{1/2}u_i
        return Z, self.eigen.power_rows(0.5, u, check_input=False)  # y_i = Σ^{-1/2}u_i

    def gradient(self, u: np.ndarray, factor: np.ndarray, weights: np.ndarray) -> np.ndarray:
        return gradient_from_rows(weights, factor, self.matrix)

    def mirror_step(
        self, eta: np.ndarray, G: np.ndarray, factor: np.ndarray, weights: np.ndarray
    ) -> HalfStep:
        return LowRankHalfStep(
            self.matrix + eta[..., None, None] * G, self.eigen, float(eta), factor, weights
        )


def choose_form(name: str, projection: Projection, *, tau: float, batch_size: int) -> PrecisionForm:
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
        eigen = low_rank(matrix, tau, check_input=False) if eigen is None else eigen
        return LowRankPlusIdentity(matrix, eigen)
    if name == "auto" and one_seed:
        if eigen is not None and eigen.rank + batch_size <= LOW_RANK_SHARE * matrix.shape[-1]:
            return LowRankPlusIdentity(matrix, eigen)
        return CholeskyFactor(matrix, cholesky_lower(matrix, check_input=False), keep_eigen=True)
    return CholeskyFactor(matrix, cholesky_lower(matrix, check_input=False))
