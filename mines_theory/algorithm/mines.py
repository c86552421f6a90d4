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

This module holds ``MiNES``, the ask/tell object for one seed (with ``stop()``, ``result`` and
``optimize(f)``, as pycma's ``CMAEvolutionStrategy``), and ``minimize``, the user's door, as
scipy's: f(x) by default or f(X) with ``vectorized=True``, a default budget, and an
``OptimizeResult`` whose ``x`` is the best point evaluated and whose ``status`` names the rule
that stopped the run (``STOPS``). Their settings come from the one table of ``options``.

Floating point. ``tell`` raises ``FloatingPointError`` naming the quantity when the differences
of f, μ_{k+1} or Σ⁻¹_{k+½} are not finite (``optimize`` then stops with status 2). When every
query point μ_k ± αz_i of a seed equals μ_k in floating point (α below the spacing of the floats
near μ_k: every difference of f would be 0, and Σ⁻¹ would shrink to τI), ``ask`` raises
``ValueError`` at k = 1 (α is too small for mean0) and warns (``StepsRoundedAway``, a
``RuntimeWarning``) later, when a run has drifted there. With ``vectorized=True`` the first
square batch (2b+1 = d) is evaluated as its first row and the rest, so that an objective
written for one point, which the shape of f(X) cannot reveal there, raises ``ValueError``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike
from scipy.optimize import OptimizeResult

from .algorithm1 import MiNESStrategy
from .options import check_batch, default_budget, describe, flag, resolve
from .precision import Projection, choose_form
from .practical import (
    Box,
    CurvatureStep,
    PracticalSettings,
    Termination,
    calibrated,
    calibration_points,
    default_batch_size,
    default_scale,
)
from .stepsize import StepSizeRule
from .strategy import StrategyAskTell
from mines_theory.linalg.lowrank import low_rank
from mines_theory.linalg.spd import project_if_outside
from mines_theory.validation import (
    all_finite,
    array_size,
    function_values,
    symmetric_matrix,
    vector,
)

__all__ = ["STOPS", "MiNES", "minimize"]

#: Why a run stopped: the keys of ``MiNES.stop()``, each with the ``status`` of the result (as
#: scipy's) and what it means. When several fire at once, the first in this order sets the status.
STOPS: dict[str, tuple[int, str]] = {
    "target": (0, "a value ≤ target was evaluated"),
    "not finite": (2, "f, or the differences of the iteration, are not finite where the run went"),
    "callback": (6, "the callback raised StopIteration"),
    "flat": (3, "practical rule 8: f(μ_k) flat over the last W iterations"),
    "pinned": (4, "practical rule 8: Σ⁻¹ pinned at the edge of S', no new best f(μ_k)"),
    "stagnation": (5, "practical rule 8: no new best f(μ_k) in the last S iterations"),
    "max_evaluations": (1, "the next batch would exceed max_evaluations"),
}

#: The columns of the result's ``history``: one row per iteration.
HISTORY = ("k", "evaluations", "f_mean")


# ----------------------------------------------------------------------------------------------
# Algorithm 1, ask/tell, for one seed
# ----------------------------------------------------------------------------------------------


class MiNES(StrategyAskTell):
    """Mirror Natural Evolution Strategies (Algorithm 1), in ask/tell form, as pycma's
    ``CMAEvolutionStrategy``: ``ask``, ``tell``, ``stop()``, ``result`` and ``optimize(f)``.

    Parameters
    ----------
    mean0 : array, shape (d,)
        μ_1.
    sigma_inv0 : array, shape (d, d), optional
        Σ_1⁻¹, symmetric with spectrum in [tau, zeta] (S'; ``project_eigenvalues`` puts a
        matrix there). Default: I projected onto S' (the paper's preset), h₀I projected onto S'
        (the practical preset).
    seed : int, SeedSequence or Generator, optional
        Seeds ``numpy.random.default_rng``; the same seed gives the same run.
    **options
        The settings, from the one table ``options.OPTIONS`` (``print(options.describe())``):
        ``alpha``, ``batch_size``, ``tau``, ``zeta``, ``eta1``, ``eta2``, ``precision_form``,
        ``scale``, ``bounds``, ``bound_handling``, ``step_size``, ``terminate``, ``target``,
        ``max_evaluations``. With all of α, b, τ, ζ and η₁ given, the run is Algorithm 1 with
        exactly these (the paper's preset: η_{2,k} = 1/k of Lemma 5.3 unless given, no
        termination rule); otherwise the practical preset (``practical``): the first ask is the
        calibration batch of rule 1 (2b+1 values at x₀ with spread σ₀ = ``scale``), whose tell
        computes what was not given (``settings``); its values count as evaluations, not as an
        iteration; and rule 8 stops the run (``terminate``).

    Attributes
    ----------
    mean, sigma_inv : the current μ_k and Σ_k⁻¹ (copies; Σ⁻¹ is known once calibrated).
    covariance : α² Σ_k, the covariance of the sampled points μ_k ± α z_i.
    iteration : the number of completed iterations (k − 1 while iteration k is asked).
    evaluations : the number of points handed out by ``ask`` (and the final mean of
        ``minimize``).
    best_x, best_f : the best point told so far and its value (None, inf before any).
    projections : the number of updates in which Σ⁻¹_{k+½} left S' and was projected.
    settings : the ``practical.PracticalSettings`` of the run (None with the paper's preset or
        before the calibration is told).
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
    >>> es = MiNES(np.ones(3), seed=0, target=1e-8).optimize(f, vectorized=True)
    >>> es.stop()["target"].startswith("target reached"), es.result.status
    (True, 0)
    """

    def __init__(
        self, mean0: ArrayLike, sigma_inv0: ArrayLike | None = None, *, seed: Any = None, **options
    ) -> None:
        mean0 = vector("mean0", mean0)
        dim = mean0.shape[0]
        # Σ⁻¹ is a d x d matrix: its size named before it is asked for (issue 46 §3)
        array_size("len(mean0)", dim, dim * dim, "the d x d precision matrix Σ⁻¹")
        self.preset, opts = resolve(options)
        b = check_batch(
            default_batch_size(dim) if opts["batch_size"] is None else opts["batch_size"], dim
        )
        opts["batch_size"] = b
        if opts["max_evaluations"] is None:
            opts["max_evaluations"] = default_budget(dim, b)
        self.options = opts
        self.box = (
            None if opts["bounds"] is None else _box(opts["bounds"], opts["bound_handling"], dim)
        )
        self.settings: PracticalSettings | None = None
        self.best_x: np.ndarray | None = None
        self.best_f = math.inf
        self.history: list[tuple[int, int, float]] = []
        self.mean_value: float | None = None  # f at ``result.mean``, when it was evaluated
        self._stops: dict[str, str] = {}
        self._step_rule: StepSizeRule | None = None  # set with the strategy (step_size=True)
        self._termination = (
            Termination(dim, 2 * b + 1, projections=True) if opts["terminate"] else None
        )
        if self.preset == "practical":
            if 2 * b + 1 > opts["max_evaluations"]:
                raise ValueError(
                    f"max_evaluations must cover the calibration batch of the practical defaults "
                    f"(2b+1 = {2 * b + 1} values), got {opts['max_evaluations']}"
                )
            scale = default_scale(self.box) if opts["scale"] is None else opts["scale"]
            self._calibration = (mean0, scale, b)
            self._sigma_inv0 = (
                None if sigma_inv0 is None else symmetric_matrix("sigma_inv0", sigma_inv0, dim)
            )
            super().__init__(None, None, seed)  # type: ignore[arg-type]
            return
        strategy = _strategy(dim, opts, opts)
        p = strategy.params
        sigma_inv0 = (
            min(max(1.0, p.tau), p.zeta) * np.eye(dim)  # I projected onto S'
            if sigma_inv0 is None
            else strategy.check_precision("sigma_inv0", sigma_inv0)
        )
        super().__init__(strategy, strategy.init(mean0, sigma_inv0, check_input=False), seed)
        self._step_rule = _step_rule(opts, strategy)

    # -- the state --------------------------------------------------------------------------------

    @property
    def calibrating(self) -> bool:
        """Whether the next tell is the calibration batch's (practical preset, before it)."""
        return self.state is None

    @property
    def batch(self) -> int:
        """The values of the next ask: 2b + 1."""
        return 2 * self.options["batch_size"] + 1

    @property
    def mean(self) -> np.ndarray:
        return (self._calibration[0] if self.calibrating else self.state.mean).copy()

    @property
    def sigma_inv(self) -> np.ndarray:
        if self.calibrating:
            raise RuntimeError("Σ⁻¹ is set by the calibration batch: tell its values first")
        return self.state.sigma_inv.copy()

    @property
    def covariance(self) -> np.ndarray:
        if self.calibrating:
            return self._calibration[1] ** 2 * np.eye(self._calibration[0].shape[0])
        return self.params.alpha**2 * np.linalg.inv(self.state.sigma_inv)

    @property
    def projections(self) -> int:
        return 0 if self.calibrating else int(self.state.projections)

    # -- ask and tell -----------------------------------------------------------------------------

    def _sample(self):
        if self.calibrating:
            mean0, scale, b = self._calibration
            X = calibration_points(mean0, self.rng, scale, b)
            return self._shown(X), None
        X, sample = self.strategy.ask(self.state, self.strategy.directions(self.rng))
        return self._shown(X), sample

    def _shown(self, X: np.ndarray) -> np.ndarray:
        """The points f is evaluated at: X, or T(X) with a transforming box (rule 7)."""
        return X if self.box is None else self.box.solution(X)

    def tell(self, X: np.ndarray, values: np.ndarray, *, check_input: bool = True) -> None:
        """Update from the values f(X) of the points of the last ``ask`` (``AskTell.tell``). The
        calibration batch's tell sets the settings and counts no iteration."""
        calibrating = self.calibrating
        super().tell(X, values, check_input=check_input)
        if calibrating:
            self.iteration -= 1

    def _update(self, X: np.ndarray, values: np.ndarray, sample: Any) -> None:
        self._observe(X, values)
        if sample is None:
            self._calibrate(values)
            self.mean_value = float(values[0])  # the mean is x₀, the batch's first point
            return
        self.state, info = self.strategy.tell(self.state, sample, values)
        self.info = info
        if self.box is not None:  # rule 7 of practical: "project" keeps the mean in the box
            self.state = dataclasses.replace(self.state, mean=self.box.mean(self.state.mean))
        self.mean_value = None
        if self._step_rule is not None:  # beyond the paper: α and τ adapted (``stepsize``)
            self._adapt_alpha(info.before)
        self.history.append((info.k, self.evaluations, float(values[0])))
        if self._termination is not None:  # rule 8 of practical
            reason = self._termination.add(values[0], info.projected)
            if reason is not None:
                self._stops[reason.split(":")[0].split()[0]] = reason

    def _calibrate(self, values: np.ndarray) -> None:
        """The practical settings from the calibration batch's values (rules 1–7), with each
        option the user gave in place of the rule's."""
        mean0, scale, b = self._calibration
        o = self.options
        rules = calibrated(values, mean0, scale, b, self.box)
        settings = rules.given(o["alpha"], o["tau"], o["zeta"], o["eta1"], o["eta2"])
        strategy = _strategy(mean0.shape[0], o, vars(settings))
        sigma_inv0 = settings.sigma_inv0  # h₀I projected onto S': in S'
        if self._sigma_inv0 is not None:
            sigma_inv0 = strategy.check_precision("sigma_inv0", self._sigma_inv0)
            settings = dataclasses.replace(settings, sigma_inv0=sigma_inv0)
        self.strategy, self.settings = strategy, settings
        self.state = strategy.init(mean0, sigma_inv0, check_input=False)
        self._step_rule = _step_rule(o, strategy)

    def _adapt_alpha(self, before: Any) -> None:
        """The step-size rule (``stepsize``, beyond the paper) after iteration k: α_{k+1} from
        the mean's move in the Σ_k⁻¹ norm, τ_{k+1} from α_{k+1}; the strategy rebuilt with
        them (and the curvature step's cap at the new α), and Σ⁻¹ projected onto the new S'
        when τ grew (not counted in ``projections``: the rule moved S', not the update)."""
        rule, p = self._step_rule, self.strategy.params
        assert rule is not None
        move = self.state.mean - before.mean
        norm = math.sqrt(max(float(move @ before.sigma_inv @ move), 0.0))
        alpha = rule.next(p.alpha, norm)
        if alpha == p.alpha:
            return
        tau = rule.tau(alpha)
        eta1 = (
            dataclasses.replace(p.eta1, alpha=alpha)
            if isinstance(p.eta1, CurvatureStep)
            else p.eta1
        )
        settings = {"alpha": alpha, "tau": tau, "zeta": p.zeta, "eta1": eta1, "eta2": p.eta2}
        self.strategy = _strategy(p.dim, self.options, settings)
        matrix = self.state.sigma_inv
        if tau > p.tau:
            matrix, _ = project_if_outside(matrix, tau, p.zeta, check_input=False)
        lowrank = p.precision_form in ("lowrank", "auto")
        eigen = low_rank(matrix, tau, check_input=False) if lowrank else None
        form = choose_form(
            p.precision_form, Projection(matrix, eigen, False), tau=tau, batch_size=p.batch_size
        )
        self.state = dataclasses.replace(self.state, precision=form)

    def _observe(self, X: np.ndarray, values: np.ndarray) -> None:
        """Keep the best point of the batch if it beats ``best_f``: among its finite values, and
        with a box, among its points inside the box (with "project" the samples may leave it;
        the means, X[0], never do)."""
        finite = np.isfinite(values)
        if self.box is not None:
            finite &= np.all((X >= self.box.lower) & (X <= self.box.upper), axis=1)
        if finite.any():
            i = int(np.argmin(np.where(finite, values, np.inf)))
            if values[i] < self.best_f:
                self.best_x, self.best_f = X[i].copy(), float(values[i])

    # -- stopping and the result ------------------------------------------------------------------

    def stop(self) -> dict[str, str]:
        """The stopping rules that fire now, as pycma's ``stop()``: {key of ``STOPS``: message},
        empty while the run may go on. "target" and "max_evaluations" are read off the counts
        (the next batch of 2b+1 values must fit: the budget is a true maximum); "flat",
        "pinned" and "stagnation" are rule 8's (``terminate``); "not finite" and "callback" are
        set by ``optimize``."""
        stops = dict(self._stops)
        target = self.options["target"]
        if target is not None and self.best_f <= target:
            stops["target"] = f"target reached: f = {self.best_f:.6g} ≤ {target:g}"
        budget = self.options["max_evaluations"]
        if self.evaluations + self.batch > budget:
            stops["max_evaluations"] = (
                f"max_evaluations reached: {self.evaluations} of {budget} values used, the next "
                f"batch needs {self.batch}"
            )
        return stops

    @property
    def result(self) -> OptimizeResult:
        """What the run found, as ``scipy.optimize.OptimizeResult``:

        ``x``, ``fun``: the best point evaluated and its value (None, inf before any);
        ``mean``, ``fun_mean``: the final mean (the point it stands for: T(μ) with a
        transforming box) and its value if it was evaluated, else None; ``precision``: the
        final Σ⁻¹ (None before the calibration); ``nfev``, ``nit``; ``status``, ``message``,
        ``success``: the first rule of ``STOPS`` that fired (status None, "running" while none
        has), success for status 0, or 3 ("flat f") when no target was given; ``stops``: every
        rule that fired; ``settings`` (``practical.PracticalSettings`` or None) and
        ``history``: one row per iteration, columns k, evaluations (after its queries) and
        f_mean = f(μ_k)."""
        stops = self.stop()
        fired = [key for key in STOPS if key in stops]
        status = STOPS[fired[0]][0] if fired else None
        return OptimizeResult(
            x=None if self.best_x is None else self.best_x.copy(),
            fun=self.best_f,
            mean=self._point(self.mean),
            fun_mean=self.mean_value,
            precision=None if self.calibrating else self.sigma_inv,
            nfev=self.evaluations,
            nit=self.iteration,
            status=status,
            success=status == 0 or (status == 3 and self.options["target"] is None),
            message=stops[fired[0]] if fired else "running: no stopping rule has fired",
            stops=stops,
            settings=self.settings,
            history=pd.DataFrame(self.history, columns=list(HISTORY)),
        )

    def _point(self, mean: np.ndarray) -> np.ndarray:
        return mean if self.box is None else self.box.solution(mean)

    # -- the loop ---------------------------------------------------------------------------------

    def optimize(
        self,
        f: Callable[..., Any],
        *,
        vectorized: bool = False,
        callback: Callable[[OptimizeResult], Any] | None = None,
        disp: bool = False,
    ) -> MiNES:
        """Ask, evaluate ``f``, tell until ``stop()`` fires; returns ``self`` (as pycma's).

        ``f`` is called on one point x (shape (d,)) at a time and returns a number, or with
        ``vectorized=True`` on the batch X (shape (n, d)) and returns n numbers; either way on a
        copy of the points (scipy's habit): f can never change the points the run holds, and an
        f that writes into its argument is the function of what it computes (its value is
        f(x) when called again on x). ``callback(intermediate_result)`` is called after each
        iteration with an ``OptimizeResult`` (``x``, ``fun``: the best so far; ``mean``,
        ``precision``, ``nit``, ``nfev``, ``f_mean`` = f(μ_k)); raising ``StopIteration``
        stops the run (status 6). ``disp=True`` prints progress (``_Display``). The first
        batch's values must be finite (a ``ValueError`` naming the point); later, a non-finite
        value or a ``FloatingPointError`` of ``tell`` stops the run there (status 2)."""
        vectorized, disp = flag("vectorized", vectorized), flag("disp", disp)
        if callback is not None and not callable(callback):
            raise TypeError(
                f"callback must be None or a callable callback(intermediate_result), got "
                f"{type(callback).__name__} {callback!r:.60}"
            )
        objective = _Objective(f, vectorized)
        display = _Display(self) if disp else None
        while not self.stop():
            X = self.ask()
            try:
                values = objective(X)
            except BaseException:
                self._pending = None  # the state is unchanged: the next ask starts afresh
                raise
            if not all_finite(values):  # where the run has gone: it stops there
                self._pending = None
                if self.evaluations == X.shape[0]:  # at the start a NaN or ±inf is bad input
                    function_values("f", values, X)
                self._observe(X, values)
                message = _stopped(f"at k = {self.iteration + 1}", values, X)
                self._stops["not finite"] = message + (
                    "" if self.info is None else f". {_step_cause(self)}"
                )
                break
            calibration = self.calibrating
            try:
                self.tell(X, values, check_input=False)
            except FloatingPointError as error:  # f's values overflow the iteration's arithmetic
                self._stops["not finite"] = f"stopped at k = {self.iteration + 1}: {error}"
                break
            if calibration:
                continue
            if display is not None:
                display.line()
            if callback is not None:
                try:
                    callback(self._intermediate())
                except StopIteration:
                    self._stops["callback"] = (
                        f"callback raised StopIteration after k = {self.iteration}"
                    )
        if display is not None:
            display.end()
        return self

    def _intermediate(self) -> OptimizeResult:
        return OptimizeResult(
            x=None if self.best_x is None else self.best_x.copy(),
            fun=self.best_f,
            mean=self._point(self.mean),
            precision=self.sigma_inv,
            nit=self.iteration,
            nfev=self.evaluations,
            f_mean=self.history[-1][2],
        )

    def evaluate_mean(self, f: Callable[..., Any], *, vectorized: bool = False) -> None:
        """Evaluate f at the final mean (one value, counted) if the budget has room and its value
        is not known: it becomes ``result.fun_mean``, and ``result.x`` if it is the best."""
        if self.mean_value is not None or self.evaluations + 1 > self.options["max_evaluations"]:
            return
        point = self._point(self.mean)[None, :]
        values = _Objective(f, flag("vectorized", vectorized))(point)
        self.evaluations += 1
        self._observe(point, values)
        self.mean_value = float(values[0])


def _strategy(dim: int, options: dict[str, Any], settings: dict[str, Any]) -> MiNESStrategy:
    """The ``MiNESStrategy`` of α, b, τ, ζ, η₁, η₂ from ``settings`` (the options, or the
    practical settings) and the precision form of ``options``."""
    return MiNESStrategy(
        dim=dim,
        alpha=settings["alpha"],
        batch_size=options["batch_size"],
        tau=settings["tau"],
        zeta=settings["zeta"],
        eta1=settings["eta1"],
        eta2=settings["eta2"],
        precision_form=options["precision_form"],
    )


# ----------------------------------------------------------------------------------------------
# The objective as the run evaluates it, and the progress display
# ----------------------------------------------------------------------------------------------


class _Objective:
    """``f`` as a run evaluates it on the points X (shape (n, d)): one point at a time (f(x) ->
    number) or, ``vectorized``, the batch (f(X) -> n numbers); always on a copy (f cannot change
    the points the run holds); the values real, of shape (n,) (NaN and ±inf pass: the run
    decides). Called on one point, a vectorized f fails at once; the first square batch of a
    vectorized f (2b+1 = d, where the shape of f(X) cannot tell a vectorized f from a per-point
    one) is evaluated as its first row and the rest, in two calls, at no extra evaluation."""

    def __init__(self, f: Callable[..., Any], vectorized: bool) -> None:
        if not callable(f):
            raise TypeError(f"f must be a callable f(x), got {type(f).__name__} {f!r:.60}")
        self.f, self.vectorized, self.calls = f, vectorized, 0

    def __call__(self, X: np.ndarray) -> np.ndarray:
        first, self.calls = self.calls == 0, self.calls + 1
        if not self.vectorized:
            return function_values(
                "f", [self._point(x, first and i == 0) for i, x in enumerate(X)], X, finite=False
            )
        n, d = X.shape
        if first and n == d and n > 1:
            head = self._head(X[:1])
            return np.concatenate([head, self._batch(X[1:])])
        return self._batch(X)

    def _batch(self, X: np.ndarray) -> np.ndarray:
        return function_values("f", self.f(X.copy()), X, finite=False)

    def _head(self, X: np.ndarray) -> np.ndarray:
        """f on the first row alone: a per-point f reads the rows of X as coordinates."""
        try:
            shape = np.shape(self.f(X.copy()))
            problem = "" if shape == (1,) else f"returned shape {shape}"
        except Exception as error:  # noqa: BLE001 - reported, with its cause
            problem = f"raised {type(error).__name__}: {error}"
        if problem:
            d = X.shape[1]
            raise ValueError(
                f"f must be vectorized when vectorized=True: f(X) with X of shape (n, d) must "
                f"return shape (n,), one value per row; on the first row alone (shape (1, {d})) "
                f"it {problem}. An objective written for one point x (such as x[0]**2 + x[1]**2) "
                f"reads the rows of X as coordinates: leave vectorized False for it"
            )
        return self._batch(X)

    def _point(self, x: np.ndarray, first: bool) -> float:
        try:
            value = self.f(x.copy())
        except Exception as error:
            if not first:
                raise
            raise ValueError(
                f"f must take one point x of shape ({x.shape[0]},) and return a number; on the "
                f"first point it raised {type(error).__name__}: {error}. For an f that takes "
                f"the batch X of shape (n, d), pass vectorized=True"
            ) from error
        if np.ndim(value) != 0:
            raise ValueError(
                f"f must return one number for one point x of shape ({x.shape[0]},), got "
                f"shape {np.shape(value)}. For an f that takes the batch X of shape (n, d) and "
                f"returns n values, pass vectorized=True"
            )
        return value


#: The widths of ``disp``'s columns.
WIDTHS = (7, 9, 13, 13, 10, 10)


def _decade(k: int) -> bool:
    """1, 2, 3, 10, 100, 1000, …: the iterations ``disp`` shows."""
    digits = str(k)
    return k <= 3 or (digits[0] == "1" and set(digits[1:]) == {"0"})


class _Display:
    """``disp=True``: a header, a line at iterations 1, 2, 3 and each power of ten (cma's
    ``verb_disp`` shows the first iterations and then a line every so many), and a last line
    with the final iteration and why the run stopped. Columns: the iteration, the evaluations,
    the best f so far, f(μ_k), and the largest and smallest standard deviation of the samples,
    α√λ(Σ_k) (the spread of the search distribution along its axes)."""

    def __init__(self, es: MiNES) -> None:
        self.es, self.last = es, -1
        names = ("iter", "evals", "best f", "f(mean)", "max std", "min std")
        print(" ".join(f"{name:>{width}s}" for name, width in zip(names, WIDTHS)))

    def line(self, force: bool = False) -> None:
        es = self.es
        k = es.iteration
        if k == self.last or not (force or _decade(k)) or es.calibrating:
            return
        self.last = k
        eigenvalues = np.linalg.eigvalsh(es.state.sigma_inv)
        largest, smallest = (
            es.params.alpha / math.sqrt(e) for e in (eigenvalues[0], eigenvalues[-1])
        )
        f_mean = es.history[-1][2] if es.history else math.nan
        numbers = [f"{k:d}", f"{es.evaluations:d}", f"{es.best_f:.6e}", f"{f_mean:.6e}"]
        numbers += [f"{largest:.3e}", f"{smallest:.3e}"]
        print(" ".join(f"{number:>{width}s}" for number, width in zip(numbers, WIDTHS)))

    def end(self) -> None:
        self.line(force=True)
        print(f"stop: {self.es.result.message}")


# ----------------------------------------------------------------------------------------------
# The user's door
# ----------------------------------------------------------------------------------------------


def minimize(
    f: Callable[..., Any],
    mean0: ArrayLike,
    *,
    sigma_inv0: ArrayLike | None = None,
    vectorized: bool = False,
    callback: Callable[[OptimizeResult], Any] | None = None,
    disp: bool = False,
    seed: Any = 0,
    **options: Any,
) -> OptimizeResult:
    """Minimize ``f`` from x₀ = ``mean0`` with MiNES (Algorithm 1), as ``scipy.optimize.minimize``.

    ``minimize(f, x0)`` runs the practical preset (``options``, ``practical``: the settings the
    paper leaves open computed from a calibration batch of 2b+1 values, and rule 8's
    termination); given all of ``alpha``, ``batch_size``, ``tau``, ``zeta`` and ``eta1``, it
    runs Algorithm 1 with exactly these (the paper's preset). ``MiNES(mean0, sigma_inv0,
    seed=seed, **options).optimize(f, …)``, then f at the final mean if the budget has room.

    Parameters
    ----------
    f : callable
        f(x) -> number for x of shape (d,); with ``vectorized=True``, f(X) -> n numbers for X of
        shape (n, d). It is given a copy of the points (``MiNES.optimize``).
    mean0 : array, shape (d,)
        x₀ = μ_1.
    sigma_inv0 : array, optional
        Σ_1⁻¹ (``MiNES``).
    vectorized, disp : bool
        f takes the batch (scipy's word); print progress (``MiNES.optimize``). Only a bool.
    callback : callable, optional
        ``callback(intermediate_result)`` after each iteration; ``StopIteration`` stops the run.
    seed : int, SeedSequence or Generator
        Default 0: a call is reproducible.
    **options
        The table ``options.OPTIONS`` (below): ``max_evaluations`` (default
        ⌊1e3 (d+5)²/√(2b+1)⌋, pycma's rule; a true maximum, the calibration and the final f
        included), ``target``, ``terminate``, ``bounds``, ``scale``, …

    Returns
    -------
    scipy.optimize.OptimizeResult: ``MiNES.result`` (``x``, ``fun``: the best point evaluated;
    ``mean``, ``fun_mean``, ``precision``: the final mean, its value, Σ⁻¹; ``nfev``, ``nit``,
    ``status`` and ``message`` from ``STOPS``, ``success``, ``settings``, ``history``).

    Examples
    --------
    >>> f = lambda x: (x[0] - 1.0)**2 + 100.0 * (x[1] - 1.0)**2
    >>> res = minimize(f, np.zeros(2), target=1e-10)
    >>> bool(res.success), res.status, res.settings.batch_size, res.settings.evaluations
    (True, 0, 6, 13)
    >>> bool(res.fun <= 1e-10 and res.fun == f(res.x))
    True
    """
    if not callable(f):
        raise TypeError(f"f must be a callable f(x), got {type(f).__name__} {f!r:.60}")
    vectorized, disp = flag("vectorized", vectorized), flag("disp", disp)
    mean0 = vector("mean0", mean0)
    f_dim = getattr(f, "dim", None)  # an objective of this library knows its d
    if isinstance(f_dim, int) and f_dim != mean0.shape[0]:
        raise ValueError(f"mean0 must have length f.dim = {f_dim}, got length {mean0.shape[0]}")
    es = MiNES(mean0, sigma_inv0, seed=seed, **options)
    es.optimize(f, vectorized=vectorized, callback=callback, disp=disp)
    if "not finite" not in es.stop():
        es.evaluate_mean(f, vectorized=vectorized)
    return es.result


minimize.__doc__ = (
    f"{minimize.__doc__}\n    The options (``options.describe()``)::\n\n"
    + "\n".join("        " + row for row in describe().splitlines())
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


def _step_rule(options: dict[str, Any], strategy: MiNESStrategy) -> StepSizeRule | None:
    """The step-size rule of a run with ``step_size=True`` (from its α₀ and S'), else None."""
    if not options["step_size"]:
        return None
    p = strategy.params
    return StepSizeRule(alpha0=p.alpha, tau0=p.tau, zeta=p.zeta)


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
