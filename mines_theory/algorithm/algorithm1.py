"""Algorithm 1 of *Mirror Natural Evolution Strategies* once, as pure functions of a state:
``Parameters``, ``State``, ``Sample``, ``Iteration`` and ``MiNESStrategy`` (``ask``/``tell``,
with a leading seed axis allowed; ``strategy.run`` iterates them for many seeds in lockstep).
``tell`` reads as Algorithm 1, steps 3 to 6, with the equation labels (eq:g_mu, eq:TG,
eq:Sig_modi); Σ_k⁻¹ is a ``precision.PrecisionForm``.

``algorithm`` builds the ask/tell object ``MiNES`` and the driver ``minimize`` on this module and
re-exports its names; its docstring states the iteration and the floating-point checks.
"""

from __future__ import annotations

import dataclasses
import warnings
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from .estimators import query_points
from mines_theory.linalg.spd import cholesky_lower
from mines_theory.linalg.lowrank import low_rank
from .precision import (
    CholeskyFactor,
    PrecisionForm,
    Projection,
    SymmetricRoot,
    choose_form,
)
from .options import OPTIONS, check_batch, check_spread
from .schedules import Estimate, Schedule, harmonic, step_size
from .strategy import Strategy
from mines_theory.validation import (
    all_finite,
    positive_int,
    symmetric_matrix,
    vector,
)

__all__ = [
    "StepsRoundedAway",
    "Parameters",
    "State",
    "Sample",
    "Iteration",
    "MiNESStrategy",
]


# ----------------------------------------------------------------------------------------------
# Constants and warnings of the strategy
# ----------------------------------------------------------------------------------------------


class StepsRoundedAway(RuntimeWarning):
    """Every query point μ_k ± αz_i of an iteration equals μ_k in floating point: the run has
    drifted to a mean so large that α is below the spacing of the floats there (``ask``)."""


# ----------------------------------------------------------------------------------------------
# Algorithm 1, once: parameters, state, pure ask and tell
# ----------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Parameters:
    """What stays fixed during a run (as in pycma's purecma)."""

    dim: int  # d
    alpha: float  # α, the smoothing radius: the samples are N(μ, α²Σ) (Section 3)
    batch_size: int  # b; one iteration queries 2b+1 points
    tau: float  # τ, S' = {τI ⪯ Σ⁻¹ ⪯ ζI} (eq:cS_p)
    zeta: float  # ζ
    eta1: Schedule  # η_{1,k}, the mean step
    eta2: Schedule  # η_{2,k}, the mirror step on Σ⁻¹
    precision_form: str = "auto"  # how Σ⁻¹ is held and sampled with: one of PRECISION_FORMS


@dataclasses.dataclass(frozen=True)
class State:
    """The changing state of Algorithm 1; every array may carry a leading seed axis."""

    mean: np.ndarray  # μ_k, shape (…, d)
    precision: PrecisionForm  # Σ_k⁻¹ ∈ S', in the form chosen by ``choose_form``
    k: int = 1  # the number of the iteration about to run
    projections: Any = 0  # how many updates so far left S' and were projected, per seed
    eta1: Any = np.nan  # η_{1,k−1}, the last mean step (a schedule may fall back on it)

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

    u: np.ndarray  # u_i ~ N(0, I), rows, shape (…, b, d)
    Z: np.ndarray  # z_i = F u_i ~ N(0, Σ_k), rows
    factor: np.ndarray  # R of ``PrecisionForm.sample``: L, Σ_k^{-1/2} or rows Σ_k^{-1/2}u_i
    X: np.ndarray  # the query points μ_k, μ_k + αz_i, μ_k − αz_i, shape (…, 2b+1, d)


class Iteration(NamedTuple):
    """Everything iteration k computed, for a ``record`` hook."""

    k: int
    before: State  # μ_k, Σ_k⁻¹
    sample: Sample
    values: np.ndarray  # f at the query points, shape (…, 2b+1)
    estimate: Estimate
    eta1: np.ndarray
    eta2: np.ndarray
    projected: Any  # whether Σ⁻¹_{k+½} left S' and was projected, per seed


class MiNESStrategy(Strategy):
    """Algorithm 1 as pure functions of a ``State`` (see ``strategy.Strategy``).

    Parameters are those of ``MiNES`` (``dim`` = d). ``init`` validates a start and builds the
    state, with a leading axis of ``num_seeds`` copies if given; ``ask`` and ``tell`` are one
    iteration.
    """

    def __init__(
        self,
        *,
        dim: int,
        alpha: float,
        batch_size: int,
        tau: float,
        zeta: float,
        eta1: float | Schedule,
        eta2: float | Schedule | None = None,
        precision_form: str = "auto",
    ) -> None:
        check = {name: option.check for name, option in OPTIONS.items()}
        tau, zeta = check_spread(tau, zeta)
        dim = positive_int("dim", dim)
        self.params = Parameters(
            dim=dim,
            alpha=check["alpha"]("alpha", alpha),
            batch_size=check_batch(batch_size, dim),
            tau=tau,
            zeta=zeta,
            eta1=check["eta1"]("eta1", eta1),
            eta2=harmonic if eta2 is None else check["eta2"]("eta2", eta2),
            precision_form=check["precision_form"]("precision_form", precision_form),
        )

    def init(
        self,
        mean0: ArrayLike,
        sigma_inv0: ArrayLike,
        num_seeds: int | None = None,
        *,
        check_input: bool = True,
    ) -> State:
        """The state at k = 1 from μ₁ and Σ₁⁻¹, which must lie in S' (``check_precision``;
        ``project_eigenvalues`` puts a matrix there). ``check_input=False``: the caller has
        checked both (``vector`` of length d, ``check_precision``)."""
        p = self.params
        if check_input:
            mean0 = vector("mean0", mean0, p.dim)
            sigma_inv0 = self.check_precision("sigma_inv0", sigma_inv0)
        mean0, sigma_inv0 = np.asarray(mean0), np.asarray(sigma_inv0)
        if num_seeds is None:
            lowrank = p.precision_form in ("lowrank", "auto")
            eigen = low_rank(sigma_inv0, p.tau, check_input=False) if lowrank else None
            return State(
                mean0,
                choose_form(
                    p.precision_form,
                    Projection(sigma_inv0, eigen, False),
                    tau=p.tau,
                    batch_size=p.batch_size,
                ),
            )
        S = positive_int("num_seeds", num_seeds)

        def tile(a):
            return np.tile(a, (S,) + (1,) * a.ndim)

        precision: PrecisionForm = (
            SymmetricRoot(tile(sigma_inv0))
            if p.precision_form in ("symmetric", "lowrank")
            else CholeskyFactor(
                tile(sigma_inv0), tile(cholesky_lower(sigma_inv0, check_input=False))
            )
        )
        return State(tile(mean0), precision, projections=np.zeros(S, int), eta1=np.full(S, np.nan))

    def check_precision(self, name: str, value: ArrayLike) -> np.ndarray:
        """``value`` as a symmetric d x d matrix with its spectrum in [τ, ζ] (S', up to a
        rounding slack of 1e-12 ζ), else a ``ValueError`` naming ``name``."""
        p = self.params
        matrix = symmetric_matrix(name, value, p.dim)
        eigenvalues = np.linalg.eigvalsh(matrix)
        slack = 1e-12 * p.zeta
        if eigenvalues[0] < p.tau - slack or eigenvalues[-1] > p.zeta + slack:
            raise ValueError(
                f"{name} must have its spectrum in [tau, zeta] = [{p.tau:g}, {p.zeta:g}] "
                f"(S'), got eigenvalues in [{eigenvalues[0]:.6g}, {eigenvalues[-1]:.6g}]; "
                f"project_eigenvalues({name}, tau, zeta) puts it there"
            )
        return matrix

    def directions(self, rng: np.random.Generator) -> np.ndarray:
        """u_1..u_b ~ N(0, I): the random numbers of one iteration, shape (b, d)."""
        return rng.standard_normal((self.params.batch_size, self.params.dim))

    def ask(self, state: State, u: np.ndarray) -> tuple[np.ndarray, Sample]:
        """The query points of iteration k for the directions u (shape (…, b, d)). When every
        query point of a seed equals μ_k in floating point (α too small for |μ_k|: nothing could
        be learned, and Σ⁻¹ would shrink to τI): ``ValueError`` at k = 1, a ``StepsRoundedAway``
        warning later."""
        u = self._check_directions(state, u)
        Z, factor = state.precision.sample(u)  # z_i = F u_i ~ N(0, Σ_k)
        steps = self.params.alpha * Z
        X = query_points(state.mean, steps, check_input=False)  # μ_k, μ_k ± α z_i
        self._check_resolved(state, X, steps)
        return X, Sample(u, Z, factor, X)

    def tell(self, state: State, sample: Sample, values: np.ndarray) -> tuple[State, Iteration]:
        """One update of Algorithm 1 (steps 3 to 6) from the values f(X) (shape (…, 2b+1)) of
        the asked points. A non-finite μ_{k+1} or Σ⁻¹_{k+½} raises ``FloatingPointError``."""
        p, k, precision = self.params, state.k, state.precision
        with np.errstate(over="ignore", invalid="ignore"):  # a non-finite result: named below
            c, s = self._differences(values, sample)  # c_i = Δ_i f/(2αb), s_i = Δ²_i f/α²
            g = np.einsum("...i,...id->...d", c, sample.Z)  # step 3: g̃ = Σ_i c_i z_i, eq:g_mu
            w = s / (2.0 * p.batch_size)
            G = precision.gradient(sample.u, sample.factor, w)  # step 4: G̃(Σ_k), eq:TG
            estimate = Estimate(g, G, s)
            eta1 = step_size("eta1", p.eta1, k, state, estimate)  # η_{1,k}
            eta2 = step_size("eta2", p.eta2, k, state, estimate)  # η_{2,k}
            mean = state.mean - eta1[..., None] * g  # step 5: μ_{k+1} = μ_k − η_{1,k} g̃
            half = precision.mirror_step(eta2, G, sample.factor, w)  # step 6: Σ_k⁻¹ + η_{2,k} G̃
        self._check_finite(k, values, eta1, g, mean, half.dense())
        projection = half.project(p.tau, p.zeta)  # step 6: Σ⁻¹_{k+1} = Π_S'(…), eq:Sig_modi
        form = choose_form(p.precision_form, projection, tau=p.tau, batch_size=p.batch_size)
        projections = state.projections + projection.projected
        new = State(mean, form, k + 1, projections, eta1 if eta1.ndim else float(eta1))
        return new, Iteration(k, state, sample, values, estimate, eta1, eta2, projection.projected)

    def _differences(self, values: Any, sample: Sample) -> tuple[np.ndarray, np.ndarray]:
        """From f(X): the coefficients c_i = (f(μ+αz_i) − f(μ−αz_i))/(2αb) of g̃ = Σ_i c_i z_i
        (eq:g_mu) and the second differences s_i = (f(μ+αz_i) + f(μ−αz_i) − 2f(μ))/α² of eq:TG
        (z_iᵀ∇²f z_i on a quadratic), shape (…, b) each. ``values`` must be real with the shape
        (…, 2b+1) of the asked points, else ``ValueError``; differences that overflow raise
        ``FloatingPointError`` (f too large for floating point, not a bad setting)."""
        p, b = self.params, self.params.batch_size
        values = np.asarray(values)
        if values.shape != sample.X.shape[:-1] or values.dtype.kind not in "fiu":
            raise ValueError(
                f"values must be the real values f(X) at the asked points, shape "
                f"{sample.X.shape[:-1]}, got {values.dtype} values of shape {values.shape}"
            )
        f0, f_plus, f_minus = values[..., :1], values[..., 1 : b + 1], values[..., b + 1 :]
        c, s = (f_plus - f_minus) / (2.0 * p.alpha * b), (f_plus + f_minus - 2.0 * f0) / p.alpha**2
        if not (np.isfinite(c).all() and np.isfinite(s).all()):
            if not all_finite(values):
                raise ValueError(
                    f"values must be finite, got {int(np.sum(~np.isfinite(values)))} non-finite "
                    f"values"
                )
            raise FloatingPointError(
                f"the differences of f are not finite: f's values (largest |f| = "
                f"{float(np.max(np.abs(values))):.3g}) are too large for f(μ+αz) + f(μ−αz) − 2f(μ) "
                f"and their quotients by alpha = {p.alpha!r} in floating point; rescale f"
            )
        return c, s

    def _check_finite(
        self,
        k: int,
        values: np.ndarray,
        eta1: np.ndarray,
        g: np.ndarray,
        mean: np.ndarray,
        half: np.ndarray,
    ) -> None:
        """FloatingPointError naming μ_{k+1} or Σ⁻¹_{k+½} if it is not finite (the largest |f|
        is computed only then)."""

        def largest_f():
            return float(np.max(np.abs(values)))

        if not np.isfinite(mean).all():
            raise FloatingPointError(
                f"the update of mean at k={k} is not finite: the mean gradient g or eta1 * g "
                f"overflowed or is NaN (eta1={float(np.max(eta1)):.3g}, largest |g| = "
                f"{float(np.max(np.abs(g))):.3g}, alpha={self.params.alpha!r}, largest |f| = "
                f"{largest_f():.3g})"
            )
        if not np.isfinite(half).all():
            raise FloatingPointError(
                f"the update of sigma_inv at k={k} is not finite: the second differences "
                f"/ alpha**2 overflowed or are NaN (alpha={self.params.alpha!r}, largest |f| = "
                f"{largest_f():.3g})"
            )

    def _check_directions(self, state: State, u: Any) -> np.ndarray:
        """u as finite directions of shape (…, b, d), the seed axis of ``state`` first, else a
        ``ValueError`` naming u (NaN directions would make NaN query points)."""
        u = np.asarray(u)
        shape = state.mean.shape[:-1] + (self.params.batch_size, self.params.dim)
        if u.shape != shape or u.dtype.kind not in "fiu" or not all_finite(u):
            raise ValueError(
                f"u must be finite directions of shape {shape} (b = batch_size rows of length "
                f"d per seed), got {u.dtype} values of shape {u.shape}"
                + (
                    ""
                    if u.shape != shape or u.dtype.kind not in "fiu"
                    else " with non-finite entries"
                )
            )
        return u

    def _check_resolved(self, state: State, X: np.ndarray, steps: np.ndarray) -> None:
        """When, for some seed, every point μ_k ± αz_i equals μ_k in floating point: at k = 1 a
        ``ValueError`` (α is too small for mean0), later a ``StepsRoundedAway`` warning (the run
        has drifted to a |μ_k| where α is below the spacing of the floats; it goes on as
        before, but learns nothing)."""
        if (
            X.ndim == 2 and X[1, 0] != X[0, 0] or (X[..., 1, :] != X[..., 0, :]).any(axis=-1).all()
        ):  # the first point moved
            return
        still = ~np.any(X[..., 1:, :] != X[..., :1, :], axis=(-2, -1))
        if not np.any(still):
            return
        if state.k > 1:  # one text per alpha: Python shows it once, not at every iteration
            warnings.warn(
                f"alpha = {self.params.alpha!r} is too small for the mean that the run "
                f"has drifted to: every query point mu ± alpha*z_i equals mu in "
                f"floating point, so every difference of f is 0 and Sigma^-1 shrinks "
                f"to tau*I without information",
                StepsRoundedAway,
                stacklevel=3,
            )
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
            f"the problem so that mean0 is near 0"
        )
