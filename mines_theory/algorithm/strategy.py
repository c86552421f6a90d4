"""The shapes that every search strategy of the suite shares.

Two layers, as in evosax:

``Strategy``
    Fixed parameters (``strategy.params``, a frozen dataclass) and pure functions of a state
    whose arrays may carry a leading seed axis S (batching over seeds is that axis, not a
    second copy of the algorithm)::

        u = strategy.directions(rng)                    # the random numbers of one iteration
        X, sample = strategy.ask(state, u)              # query points, shape (..., n, d)
        state, info = strategy.tell(state, sample, values)   # values f(X), shape (..., n)

    ``step`` composes the two with an objective, and ``run`` iterates ``step`` for one seed or
    for many seeds in lockstep, calling a ``record`` hook after each iteration (so a check that
    needs more than the state records it there, instead of copying the algorithm).

``AskTell``
    The ask/tell object for one seed: iteration and evaluation counts, one pending batch at a
    time, and checks of what ``tell`` gets. ``StrategyAskTell`` drives a ``Strategy``; the
    baselines that exist only for one seed (NES, xNES, pycma) implement ``_sample`` and
    ``_update`` directly.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from mines_theory.validation import evaluate, function_values, generator, nonnegative_int

__all__ = ["Strategy", "run", "AskTell", "StrategyAskTell", "progress_bar", "PROGRESS_ENV"]

#: ``make lab`` sets this to 1: long computations then show a progress bar in JupyterLab.
PROGRESS_ENV = "MINES_THEORY_PROGRESS"


def progress_bar(
    iterable: Iterable, description: str = "", enabled: bool | None = None
) -> Iterable:
    """``iterable``, wrapped in a ``tqdm.auto`` progress bar when ``enabled`` (by default when
    the environment variable ``MINES_THEORY_PROGRESS`` is 1, as ``make lab`` sets it). Batch
    runs (``make figures``, nbval) show none, so nothing extra enters the committed outputs."""
    if enabled is None:
        enabled = os.environ.get(PROGRESS_ENV) == "1"
    if not enabled:
        return iterable
    from tqdm.auto import tqdm

    return tqdm(iterable, desc=description, leave=False)


class Strategy:
    """Base class of the pure strategies (see the module docstring). Subclasses set ``params``
    and implement ``directions``, ``ask`` and ``tell``."""

    params: Any

    def directions(self, rng: np.random.Generator) -> np.ndarray:
        """The random numbers of one iteration, drawn from ``rng``."""
        raise NotImplementedError

    def ask(self, state: Any, u: np.ndarray) -> tuple[np.ndarray, Any]:
        """(X, sample): the query points for the directions ``u`` and what ``tell`` needs."""
        raise NotImplementedError

    def tell(self, state: Any, sample: Any, values: np.ndarray) -> tuple[Any, Any]:
        """(new state, info) from the values f(X) of the asked points."""
        raise NotImplementedError

    def seeds(self, state: Any) -> int | None:
        """The length of ``state``'s seed axis, None for a state of one seed (the state is, or
        has as ``mean``, the mean of shape (…, d))."""
        mean = state if isinstance(state, np.ndarray) else state.mean
        return None if mean.ndim == 1 else int(mean.shape[0])

    def step(
        self, state: Any, u: np.ndarray, f: Callable[[np.ndarray], np.ndarray]
    ) -> tuple[Any, Any]:
        """One iteration: ask, evaluate the vectorized ``f`` on every query point, tell."""
        X, sample = self.ask(state, u)
        values = evaluate(f, X.reshape(-1, X.shape[-1])).reshape(X.shape[:-1])
        return self.tell(state, sample, values)


def _draw(strategy: Strategy, rngs) -> np.ndarray:
    if isinstance(rngs, np.random.Generator):
        return strategy.directions(rngs)
    return np.stack([strategy.directions(rng) for rng in rngs])


def run(
    strategy: Strategy,
    f: Callable[[np.ndarray], np.ndarray],
    state: Any,
    rngs: np.random.Generator | Sequence[np.random.Generator],
    iterations: int,
    *,
    record: Callable[[Any, Any], None] | None = None,
    progress: bool | None = None,
    description: str = "",
) -> Any:
    """Iterate ``strategy.step`` ``iterations`` times and return the final state.

    ``rngs`` is one generator (``state`` without a seed axis) or a sequence of S generators
    (``state`` with a leading axis of length S); seed i draws its directions from ``rngs[i]``
    in the same order as a one-seed run with that generator, so the runs are the same up to
    rounding. ``record(state, info)`` is called after every iteration with the new state and
    what the iteration computed. ``progress`` shows a progress bar (``progress_bar``).
    """
    if not isinstance(strategy, Strategy):
        raise TypeError(f"strategy must be a Strategy, got {type(strategy).__name__}")
    if not callable(f) or (record is not None and not callable(record)):
        name, value = ("f", f) if not callable(f) else ("record", record)
        raise TypeError(f"{name} must be callable, got {type(value).__name__} {value!r:.60}")
    nonnegative_int("iterations", iterations)
    seeds = strategy.seeds(state)
    if isinstance(rngs, np.random.Generator):
        given = None
    elif hasattr(rngs, "__len__") and all(isinstance(g, np.random.Generator) for g in rngs):
        given = len(rngs)
    else:
        given = -1
    if given != seeds:
        expected = "one Generator" if seeds is None else f"a sequence of {seeds} Generators"
        raise ValueError(
            f"rngs must be {expected} (numpy.random), one per seed of the state, got "
            f"{type(rngs).__name__} {rngs!r:.80}"
        )
    for _ in progress_bar(range(iterations), description, progress):
        state, info = strategy.step(state, _draw(strategy, rngs), f)
        if record is not None:
            record(state, info)
    return state


class AskTell:
    """Base class: call ``ask()``, evaluate the rows of the returned array, ``tell(X, values)``.
    Subclasses implement ``_sample()`` → (X, context), ``_update(X, values, context)`` and the
    properties ``mean`` and ``covariance`` (the covariance of the current search distribution)."""

    def __init__(self) -> None:
        self.iteration = 0  # completed iterations
        self.evaluations = 0  # points handed out by ask()
        self._pending: tuple[np.ndarray, Any] | None = None

    _mean: np.ndarray  # set by subclasses that keep their own mean

    @property
    def mean(self) -> np.ndarray:
        """The current mean of the search distribution (a copy)."""
        return self._mean.copy()

    @property
    def covariance(self) -> np.ndarray:
        raise NotImplementedError

    def _sample(self) -> tuple[np.ndarray, Any]:
        raise NotImplementedError

    def _update(self, X: np.ndarray, values: np.ndarray, context: Any) -> None:
        raise NotImplementedError

    def ask(self) -> np.ndarray:
        """The points to evaluate in this iteration, one per row."""
        if self._pending is not None:
            raise RuntimeError(
                "ask() called twice without tell(): pass the values of the "
                "points already asked to tell() first"
            )
        X, context = self._sample()
        self._pending = (X, context)
        self.evaluations += X.shape[0]
        return X.copy()

    def tell(self, X: np.ndarray, values: np.ndarray, *, check_input: bool = True) -> None:
        """Update the search distribution from the values f(X) of the points of the last ask.
        ``check_input=False`` skips the O(nd) checks that X is the asked array and that the
        values are n finite numbers (a driver that evaluated X with ``evaluate`` vouches)."""
        if self._pending is None:
            raise RuntimeError("tell() called without a pending ask(): call ask() first")
        X_asked, context = self._pending
        if check_input:
            X = np.asarray(X)
            if X.shape != X_asked.shape or not np.array_equal(X, X_asked):
                raise ValueError(
                    f"X must be the array of points returned by the last ask(), shape "
                    f"{X_asked.shape}"
                )
            values = function_values("values", values, X_asked)  # named with the point
        try:
            self._update(X_asked, values, context)
        except Exception:
            self._pending = None  # the state is unchanged: the next ask() starts afresh
            raise
        self.iteration += 1
        self._pending = None


class StrategyAskTell(AskTell):
    """The ask/tell object of a pure ``Strategy`` for one seed: the state has no seed axis and
    the directions come from ``numpy.random.default_rng(seed)``."""

    def __init__(self, strategy: Strategy, state: Any, seed: Any = None) -> None:
        super().__init__()
        self.strategy = strategy
        self.state = state
        self.rng = generator("seed", seed)
        self.info = None  # what the last tell computed

    @property
    def params(self) -> Any:
        return self.strategy.params

    def _sample(self):
        return self.strategy.ask(self.state, self.strategy.directions(self.rng))

    def _update(self, X: np.ndarray, values: np.ndarray, sample: Any) -> None:
        self.state, self.info = self.strategy.tell(self.state, sample, values)
