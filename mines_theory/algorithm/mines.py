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

Algorithm 1 is built from four modules below this one:

- ``estimators``: ``mean_gradient``, ``sigma_gradient``, ``estimator_terms`` (the estimators as
  pure functions of given directions u, with the symmetric root, written as printed so that
  they can be read against the paper line by line), ``query_points`` and ``precision_gradient``.
- ``precision``: ``PrecisionForm`` and its subclasses, Σ_k⁻¹ as an object in the form that the
  iteration samples and updates it in (symmetric root, Cholesky factor, τ'I + low rank), and
  ``choose_form``, the rule of ``precision_form="auto"``; the speed tricks live there.
- ``schedules``: the step-size protocol ``Schedule`` (``Estimate``, ``Constant``, ``harmonic``,
  ``step_size``) and the paper's schedules.

- ``algorithm1``: ``Parameters``, ``State``, ``MiNESStrategy``: Algorithm 1 once, as pure
  ``ask``/``tell`` functions of a state that may carry a leading seed axis (``strategy.run``
  iterates them for many seeds in lockstep); ``tell`` reads as Algorithm 1, with the equation
  labels.

This module holds ``MiNES``, the ask/tell object for one seed, and ``minimize``, a driver loop
returning ``scipy.optimize.OptimizeResult`` (the facade, as scipy's), and re-exports the names
of the modules above.

Floating point. ``tell`` raises ``FloatingPointError`` naming the quantity when the differences
of f, μ_{k+1} or Σ⁻¹_{k+½} are not finite (``minimize`` then ends with status 2). When every
query point μ_k ± αz_i of a seed equals μ_k in floating point (α below the spacing of the floats
near μ_k: every difference of f would be 0, and Σ⁻¹ would shrink to τI), ``ask`` raises
``ValueError`` at k = 1 (α is too small for mean0) and warns (``StepsRoundedAway``, a
``RuntimeWarning``) later, when a run has drifted there. ``minimize`` raises ``ValueError`` for
an objective written for one point, which the shape of f(X) cannot reveal when 2b+1 = d.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike
from scipy.optimize import OptimizeResult

from .algorithm1 import QUERY_POINTS, MiNESStrategy, State
from .practical import (
    Box,
    PracticalSettings,
    Termination,
    default_batch_size,
    practical_settings,
)
from .schedules import Schedule, as_schedule
from .strategy import StrategyAskTell
from mines_theory.validation import (
    all_finite,
    array_size,
    evaluate,
    finite_scalar,
    function_values,
    generator,
    positive_int,
    positive_scalar,
    smoothing_radius,
    vector,
)

__all__ = ["MiNES", "minimize", "check_vectorized"]


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
        How Σ⁻¹ is held, sampled with and updated (``precision``'s module docstring,
        ``PrecisionForm``): "symmetric" (Σ^{±1/2} from an ``eigh``) reproduces ``mean_gradient`` and
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

    def __init__(
        self,
        mean0: ArrayLike,
        sigma_inv0: ArrayLike,
        *,
        alpha: float,
        batch_size: int,
        tau: float,
        zeta: float,
        eta1: float | Schedule,
        eta2: float | Schedule | None = None,
        precision_form: str = "auto",
        seed: Any = None,
    ) -> None:
        mean0 = vector("mean0", mean0)
        strategy = MiNESStrategy(
            dim=mean0.shape[0],
            alpha=alpha,
            batch_size=batch_size,
            tau=tau,
            zeta=zeta,
            eta1=eta1,
            eta2=eta2,
            precision_form=precision_form,
        )
        sigma_inv0 = strategy.check_precision("sigma_inv0", sigma_inv0)
        super().__init__(strategy, strategy.init(mean0, sigma_inv0, check_input=False), seed)

    @classmethod
    def from_state(cls, strategy: MiNESStrategy, state: State, seed: Any = None) -> MiNES:
        """The ask/tell object that continues from ``state`` (a ``State`` of one seed that
        ``strategy.init`` or ``strategy.tell`` made), drawing from ``default_rng(seed)``."""
        if not isinstance(strategy, MiNESStrategy) or not isinstance(state, State):
            raise TypeError(
                f"strategy and state must be a MiNESStrategy and a State, got "
                f"{type(strategy).__name__} and {type(state).__name__}"
            )
        if strategy.seeds(state) is not None:
            raise ValueError("state must be the state of one seed, got one with a seed axis")
        es = cls.__new__(cls)
        StrategyAskTell.__init__(es, strategy, state, seed)
        return es

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


def minimize(
    f: Callable[[np.ndarray], ArrayLike],
    mean0: ArrayLike,
    *,
    sigma_inv0: ArrayLike | None = None,
    alpha: float | None = None,
    batch_size: int | None = None,
    tau: float | None = None,
    zeta: float | None = None,
    eta1: float | Schedule | None = None,
    eta2: float | Schedule | None = None,
    precision_form: str = "auto",
    max_evaluations: int,
    target: float | None = None,
    seed: Any = 0,
    record: Callable[[MiNES], Mapping[str, Any]] | None = None,
    scale: float | None = None,
    bounds: tuple[ArrayLike, ArrayLike] | None = None,
    bound_handling: str = "project",
    terminate: bool | None = None,
) -> OptimizeResult:
    """Run MiNES (Algorithm 1) on the vectorized ``f`` until the budget or the target is reached.

    Two ways to call it:

    - **The paper's settings**: ``alpha``, ``batch_size``, ``tau``, ``zeta`` and ``eta1`` all
      given (``sigma_inv0`` defaults to the identity projected onto S', ``eta2`` to the paper's
      1/k of Lemma 5.3): Algorithm 1 with exactly these settings, nothing added.
    - **Black-box use**: ``minimize(f, x0, max_evaluations=n)``. Each of those five left out
      (and then ``sigma_inv0`` and ``eta2``) takes the practical default of
      ``mines_theory.algorithm.practical``, computed from function values only by a documented rule:
      one calibration batch of 2b+1 values at x₀ with the initial scale σ₀ (``scale``, default
      1, like pycma's σ₀) gives the curvature scale h₀, and then α = σ₀√h₀, Σ₁⁻¹ = h₀I,
      S' = [1e-4 h₀, 1e4 h₀], b = 4 + ⌊3 ln d⌋, η_{2,k} the paper's 1/k with the start counted
      as k₀ batches, a forgetting floor and a cap that keeps Σ⁻¹ positive before Π_S'
      (``practical.PracticalEta2``), and a curvature step η_{1,k} read off each batch's second
      differences, capped at one sample standard deviation (``practical.CurvatureStep``;
      finite and > 0 for any sign of the curvature, at k = 1 too), and a termination rule
      (``practical.termination_reason``: f(μ) flat, Σ⁻¹ pinned at the edge of S', or
      stagnation). The iteration is still Algorithm 1; these settings are practical choices
      that the paper does not make (``practical`` says which and why). The calibration's
      evaluations count in ``nfev``, ``history["evaluations"]`` and ``max_evaluations``. A
      setting that is given is the run's: a given α is also the cap of η_{1,k}, a given τ or ζ
      bounds Σ₁⁻¹ = h₀I projected onto S'.

    Every argument is checked once, before f is evaluated (as scipy's ``minimize`` does); the
    iterations check only the values f returns.

    Parameters are those of ``MiNES`` (``precision_form`` chooses how Σ⁻¹ is held and sampled
    with, default "auto"), plus:

    max_evaluations : int
        Budget of function values, a true maximum: an iteration (2b+1 values) starts only if it
        and the final f(x) fit; with the practical defaults it must cover the calibration batch
        (refused before f is evaluated otherwise).
    target : float, optional
        Stop as soon as a queried f(μ_k) ≤ target.
    record : callable, optional
        ``record(es)`` returns extra columns for the history row of the iteration just asked
        (called before ``tell``, so ``es.mean`` and ``es.sigma_inv`` are μ_k and Σ_k⁻¹).
    scale : float, optional
        σ₀ > 0, the standard deviation of the first samples, for the practical defaults only
        (default ``practical.DEFAULT_SCALE`` = 1, or a fifth of the box's mean width when
        ``bounds`` are given); an error when all five settings are given.
    bounds : (lower, upper), optional
        The search domain, a box (two vectors of length d, or scalars, lower < upper;
        ``practical.Box``, rule 7), respected as ``bound_handling`` says: "project" (default)
        projects the mean onto the box after each step (the samples may leave it by their
        spread); "transform" evaluates f at T(x), T pycma's bound transformation, so that
        every point evaluated lies in the box, and returns x = T(μ). With the practical
        defaults the box also sets σ₀ and S' (τ so that the samples spread at most the box's
        smallest width).
    bound_handling : {"project", "transform"}
        How ``bounds`` are respected (above); ignored without ``bounds``.
    terminate : bool, optional
        Stop when ``practical.termination_reason`` fires (rule 8; status 3, ``message`` names
        the rule). Default: with the practical defaults, not with the paper's settings.

    When 2b+1 = d the shape of f(X) cannot tell a vectorized f from one written for a single
    point, so the first query point is evaluated once more alone (counted in ``nfev``); an f
    that is not vectorized raises ``ValueError``.

    Returns
    -------
    scipy.optimize.OptimizeResult with ``x`` (the last mean: μ_k that met the target, or the
    mean after the last update), ``fun`` (f(x); when the budget ends the run this is one extra
    evaluation, counted in ``nfev``; with "transform", x = T(μ)), ``nfev``, ``nit``, ``status``
    and ``message`` (0: the target was reached, ``success``; 1: the budget; 2: the run stopped
    where f's values, or the differences of the iteration, are not finite in floating point,
    e.g. a constant 1e308: x is then the last mean whose value is known, and the message names
    the mean step that led there; 3: a termination rule fired, named by the message),
    ``sigma_inv``, ``settings`` (the
    ``practical.PracticalSettings`` of the run, or None with the paper's settings) and
    ``history``: a DataFrame with
    one row per iteration k, columns ``k``, ``evaluations`` (the count after iteration k's
    queries), ``f_mean`` = f(μ_k) and the columns of ``record``.

    Examples
    --------
    >>> f = lambda X: np.sum((X - 1.0)**2 * np.array([1.0, 100.0]), axis=1)
    >>> res = minimize(f, np.zeros(2), max_evaluations=1000, target=1e-10, seed=0)
    >>> bool(res.success), res.settings.batch_size, res.settings.evaluations
    (True, 6, 13)
    """
    # The door: every argument is checked here, once, before f is evaluated (as scipy's minimize
    # does); the run below checks only what f returns.
    mean0 = vector("mean0", mean0)
    dim = mean0.shape[0]
    if not callable(f):
        raise TypeError(f"f must be a callable f(X), got {type(f).__name__} {f!r:.60}")
    f_dim = getattr(f, "dim", None)  # an objective of this library knows its d
    if isinstance(f_dim, int) and f_dim != dim:
        raise ValueError(f"mean0 must have length f.dim = {f_dim}, got length {dim}")
    box = None if bounds is None else _box(bounds, bound_handling, dim)
    objective = f if box is None else box.objective(f)
    practical = any(value is None for value in (alpha, batch_size, tau, zeta, eta1))
    terminate = practical if terminate is None else bool(terminate)
    if record is not None and not callable(record):
        raise TypeError(
            f"record must be None or a callable record(es) returning a dict, got "
            f"{type(record).__name__} {record!r:.60}"
        )
    max_evaluations = positive_int("max_evaluations", max_evaluations)
    target = None if target is None else finite_scalar("target", target)
    rng = generator("seed", seed)  # one stream: the calibration (if any), then the run
    b = default_batch_size(dim) if batch_size is None else positive_int("batch_size", batch_size)
    larger, size = ("batch_size", b) if b >= dim else ("dim", dim)  # the one to blame
    array_size(larger, size, (2 * b + 1) * dim, QUERY_POINTS)
    vectorization_test = 2 * b + 1 == dim  # one more value: is f vectorized? (check_vectorized)
    settings: PracticalSettings | None = None
    if practical:
        for name, value, rule in (
            ("alpha", alpha, smoothing_radius),
            ("tau", tau, positive_scalar),
            ("zeta", zeta, positive_scalar),
            ("eta1", eta1, as_schedule),
            ("eta2", eta2, as_schedule),
        ):
            if value is not None:
                rule(name, value)
        if 2 * b + 1 + vectorization_test > max_evaluations:
            raise ValueError(
                f"max_evaluations must cover the calibration batch of the practical defaults "
                f"(2b+1 = {2 * b + 1 + vectorization_test} values), got {max_evaluations}"
            )
        calibrated = practical_settings(
            objective, mean0, rng, scale=scale, batch_size=b, check=check_vectorized, box=box
        )
        settings = calibrated.given(alpha, tau, zeta, eta1, eta2, sigma_inv0)
        alpha, tau, zeta, eta1, eta2 = (
            settings.alpha,
            settings.tau,
            settings.zeta,
            settings.eta1,
            settings.eta2,
        )
    elif scale is not None:
        raise ValueError(
            f"scale must be None when alpha, batch_size, tau, zeta and eta1 are all "
            f"given (it sets the practical defaults only), got {scale!r}"
        )
    assert alpha is not None and tau is not None and zeta is not None and eta1 is not None
    strategy = MiNESStrategy(
        dim=dim,
        alpha=alpha,
        batch_size=b,
        tau=tau,
        zeta=zeta,
        eta1=eta1,
        eta2=eta2,
        precision_form=precision_form,
    )
    p = strategy.params
    if sigma_inv0 is not None:
        sigma_inv0 = strategy.check_precision("sigma_inv0", sigma_inv0)
    elif settings is not None:
        sigma_inv0 = settings.sigma_inv0  # h₀I projected onto S': in S'
    else:
        sigma_inv0 = min(max(1.0, p.tau), p.zeta) * np.eye(dim)  # I projected onto S'
    es = MiNES.from_state(strategy, strategy.init(mean0, sigma_inv0, check_input=False), rng)
    if settings is not None:
        vectorization_test = False  # the calibration tested it
    termination = Termination(dim, 2 * b + 1, projections=True) if terminate else None
    return _run(
        objective,
        es,
        settings,
        box=box,
        termination=termination,
        max_evaluations=max_evaluations,
        target=target,
        record=record,
        vectorization_test=vectorization_test,
    )


def _run(
    f: Callable[[np.ndarray], ArrayLike],
    es: MiNES,
    settings: PracticalSettings | None,
    *,
    box: Box | None,
    termination: Termination | None,
    max_evaluations: int,
    target: float | None,
    record: Callable[[MiNES], Mapping[str, Any]] | None,
    vectorization_test: bool,
) -> OptimizeResult:
    """``minimize``'s loop on checked arguments (``f`` is what Algorithm 1 evaluates: the
    user's f, or f∘T with a transforming box): only f's values and ``record``'s columns are
    checked here. An iteration starts only if it and the final f(x) fit in the budget."""
    used = 0 if settings is None else settings.evaluations
    per_iteration = 2 * es.params.batch_size + 1
    rows = []
    known = None  # (μ_k, f(μ_k)) of the last iteration that evaluated its points
    status, message = 1, "max_evaluations reached"
    while used + per_iteration + vectorization_test + 1 <= max_evaluations:
        extra = {} if record is None else record(es)
        if not isinstance(extra, Mapping):
            raise TypeError(
                f"record must return a dict of extra columns, got "
                f"{type(extra).__name__} {extra!r:.60}"
            )
        clash = sorted(set(extra) & {"k", "evaluations", "f_mean"})
        if clash:
            raise ValueError(f"record must not return the history's own columns, got {clash}")
        X = es.ask()
        values = evaluate(f, X, finite=known is None)  # at the start a NaN or ±inf is bad input
        used += per_iteration
        if not all_finite(values):  # where the run has gone: it stops there
            status, message = 2, _stopped(f"at k = {es.iteration + 1}", values, X)
            if es.info is not None:
                message += f". {_step_cause(es)}"
            break
        if vectorization_test:
            check_vectorized(f, X)
            used, vectorization_test = used + 1, False
        rows.append({"k": es.iteration + 1, "evaluations": used, "f_mean": values[0], **extra})
        known = (X[0].copy(), float(values[0]))
        if target is not None and values[0] <= target:
            status, message = 0, "target reached"
            break
        try:
            es.tell(X, values, check_input=False)
        except FloatingPointError as error:  # f's values overflow the iteration's arithmetic
            status, message = 2, f"stopped at k = {es.iteration + 1}: {error}"
            break
        if box is not None:  # rule 7 of practical: "project" keeps the mean in the box
            es.state = dataclasses.replace(es.state, mean=box.mean(es.state.mean))
        if termination is not None:  # rule 8 of practical
            assert es.info is not None  # told above
            reason = termination.add(values[0], es.info.projected)
            if reason is not None:
                status, message = 3, reason
                break
    if status in (1, 3):
        x = es.mean
        fun = float(evaluate(f, x[None, :], finite=known is None)[0])
        used += 1
        if not np.isfinite(fun):
            status, message = 2, _stopped(f"after k = {es.iteration}", np.array([fun]), x[None])
    if status in (0, 2):
        assert known is not None
        x, fun = known
    return OptimizeResult(
        x=x if box is None else box.solution(x),
        fun=fun,
        nfev=used,
        nit=es.iteration,
        status=status,
        success=status == 0,
        message=message,
        sigma_inv=es.sigma_inv,
        settings=settings,
        history=pd.DataFrame(rows),
    )


def _stopped(when: str, values: np.ndarray, X: np.ndarray) -> str:
    """The message of a run stopped ``when`` f gave a non-finite value among ``values``."""
    try:
        function_values("f", values, X)
    except ValueError as error:
        return f"stopped {when}: {error}"
    raise AssertionError("every value is finite")


def _step_cause(es: MiNES) -> str:
    """Why f is not finite at the points of iteration k + 1 when it was at iteration k: the
    mean step η₁g̃ of iteration k, measured against the spread of the samples."""
    info = es.info
    assert info is not None  # called after a tell
    step = float(np.linalg.norm(es.state.mean - info.before.mean))
    spread = es.params.alpha / float(np.sqrt(np.linalg.eigvalsh(info.before.sigma_inv)[0]))
    return (
        f"The cause: the mean step of iteration {info.k} (eta1 = {float(info.eta1):.3g} times "
        f"g̃ with ‖g̃‖ = {float(np.linalg.norm(info.estimate.g)):.3g}) moved μ by {step:.3g}, "
        f"{step / spread:.3g} times the samples' largest standard deviation "
        f"α√λmax(Σ) = {spread:.3g}, where |f| was at most "
        f"{float(np.max(np.abs(info.values))):.3g}: eta1 is too large for the differences of f "
        f"over 2α there. A smaller eta1, or the practical defaults' curvature step (leave eta1 "
        f"out), keeps the step at the samples' scale"
    )


def _box(bounds: Any, handling: str, dim: int) -> Box:
    """``bounds`` = (lower, upper) as the search domain of ``practical`` (rule 7); a scalar
    stands for every coordinate."""
    try:
        lower, upper = bounds
    except (TypeError, ValueError):
        raise ValueError(
            f"bounds must be a pair (lower, upper) of vectors of length {dim} or scalars, "
            f"got {bounds!r:.80}"
        ) from None
    try:
        lower, upper = (
            np.full(dim, v, dtype=float) if np.ndim(v) == 0 else np.asarray(v, dtype=float)
            for v in (lower, upper)
        )
    except (TypeError, ValueError):
        raise ValueError(
            f"bounds must be a pair (lower, upper) of real vectors or scalars, got {bounds!r:.80}"
        ) from None
    box = Box(lower, upper, handling)
    if box.lower.shape != (dim,):
        raise ValueError(
            f"bounds must be vectors of length {dim} (the length of mean0), got length "
            f"{box.lower.shape[0]}"
        )
    return box


def check_vectorized(f: Callable[[np.ndarray], ArrayLike], X: np.ndarray) -> None:
    """Raise ``ValueError`` if ``f`` is not vectorized, seen on its first row alone: when the
    query array is square (2b+1 = d), an objective written for one point x (``x[0]**2 + …``)
    reads the rows of X as the coordinates of x and returns d values, one per column, which the
    shape test of ``evaluate`` cannot tell from one value per row. One extra evaluation."""
    n, d = X.shape
    try:
        shape = np.shape(f(X[:1]))
        problem = "" if shape == (1,) else f"returned shape {shape}"
    except Exception as error:  # noqa: BLE001 - reported, with its cause
        problem = f"raised {type(error).__name__}: {error}"
    if problem:
        raise ValueError(
            f"f must be vectorized: f(X) with X of shape (n, d) must return shape (n,), one value "
            f"per row; f returned {n} values for the {n} x {d} query array, but on its first row "
            f"alone (shape (1, {d})) it {problem}. An objective written for one point x (such as "
            f"x[0]**2 + x[1]**2) reads the rows of X as coordinates; write it for the rows, "
            f"e.g. lambda X: X[:, 0]**2 + X[:, 1]**2"
        )
