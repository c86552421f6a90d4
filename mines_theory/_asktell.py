"""The ask/tell bookkeeping that every strategy of the suite shares (MiNES and the baselines):
iteration and evaluation counts, one pending batch at a time, and checks of what ``tell`` gets.
Subclasses implement ``_sample()`` → (X, context) and ``_update(X, values, context)``, and the
properties ``mean`` and ``covariance`` (the covariance of the current search distribution)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._validation import evaluate


class AskTell:
    """Base class: call ``ask()``, evaluate the rows of the returned array, ``tell(X, values)``."""

    def __init__(self) -> None:
        self.iteration = 0                     # completed iterations
        self.evaluations = 0                   # points handed out by ask()
        self._pending: tuple[np.ndarray, Any] | None = None

    _mean: np.ndarray                          # set by subclasses

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
            raise RuntimeError("ask() called twice without tell(): pass the values of the "
                               "points already asked to tell() first")
        X, context = self._sample()
        self._pending = (X, context)
        self.evaluations += X.shape[0]
        return X.copy()

    def tell(self, X, values) -> None:
        """Update the search distribution from the values f(X) of the points of the last ask."""
        if self._pending is None:
            raise RuntimeError("tell() called without a pending ask(): call ask() first")
        X_asked, context = self._pending
        X = np.asarray(X, dtype=float)
        if X.shape != X_asked.shape or not np.array_equal(X, X_asked):
            raise ValueError("X must be the array of points returned by the last ask(), "
                             f"shape {X_asked.shape}")
        values = evaluate(lambda _: values, X)
        self._update(X_asked, values, context)
        self.iteration += 1
        self._pending = None
