"""Peers of MiNES with the same ask/tell shape, evaluation counting and input checks.

- ``NES``: the NES meta-algorithm of Section 2 of the MiNES paper (Algorithm 3 of Wierstra et
  al. 2014 with the plain Monte-Carlo natural gradient eq:ng), *as printed*: raw fitness values,
  no fitness shaping, an additive update of Σ̄ that nothing keeps positive definite.
- ``RandomGradientFree``: Nesterov & Spokoiny (2017) random gradient-free descent with the
  antithetic estimate of Section 4.2, i.e. MiNES with Σ ≡ I and no covariance update.
- ``XNES``: exponential NES (Glasmachers, Schaul, Sun, Wierstra, Schmidhuber, GECCO 2010) with
  its default population size, learning rates and rank-based utilities.
- ``CMAES``: pycma's ``cma.CMAEvolutionStrategy`` with its default settings, behind the same
  interface.

``METHODS`` maps a name to a factory ``make(objective, mean0, seed, **options)`` whose defaults
come from the objective's constants (documented per factory), so a test or an experiment can
run every method through the same loop.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import numbers
import threading
from collections.abc import Callable, Mapping
from typing import Any

import cma
import numpy as np
import scipy.linalg
from numpy.typing import ArrayLike

from mines_theory.algorithm.mines import MiNES
from mines_theory.linalg.spd import weighted_gram
from mines_theory.algorithm.schedules import lemma52_step
from mines_theory.algorithm.strategy import AskTell, Strategy, StrategyAskTell
from mines_theory import validation as check

__all__ = [
    "NES",
    "RGFParameters",
    "RGFStrategy",
    "RandomGradientFree",
    "XNES",
    "CMAES",
    "METHODS",
    "make_method",
    "nesterov_spokoiny_step",
    "xnes_defaults",
]


class NES(AskTell):
    """The NES meta-algorithm of Section 2 (after eq:ng), exactly as printed:

        μ ← μ − η · 1/b Σ_i f(μ + Σ̄^{1/2}u_i) Σ̄^{1/2}u_i
        Σ̄ ← Σ̄ − η · 1/b Σ_i f(μ + Σ̄^{1/2}u_i) (Σ̄^{1/2}u_iu_iᵀΣ̄^{1/2} − Σ̄)

    Nothing keeps Σ̄ positive definite and the raw values f carry their offset into both
    updates. When Σ̄ stops being positive definite, ``ask`` raises ``RuntimeError`` (the
    method is undefined there); this class does not repair the published method.
    """

    def __init__(
        self, mean0: ArrayLike, cov0: ArrayLike, *, eta: float, batch_size: int, seed: Any = None
    ) -> None:
        super().__init__()
        self._mean = check.vector("mean0", mean0)
        self._cov = check.symmetric_matrix("cov0", cov0, self._mean.shape[0])
        smallest = float(np.linalg.eigvalsh(self._cov)[0])
        if smallest <= 0.0:
            raise ValueError(
                f"cov0 must be positive definite, got smallest eigenvalue {smallest:.3g}"
            )
        self.eta = check.positive_scalar("eta", eta)
        self.batch_size = check.positive_int("batch_size", batch_size)
        self.rng = check.generator("seed", seed)

    @property
    def covariance(self) -> np.ndarray:
        return self._cov.copy()

    def _sample(self):
        eigenvalues, U = np.linalg.eigh(self._cov)
        if eigenvalues[0] <= 0.0:
            raise RuntimeError(
                f"NES: the covariance is no longer positive definite after iteration "
                f"{self.iteration} (smallest eigenvalue {eigenvalues[0]:.3g}); the meta-algorithm "
                f"of Section 2 has no safeguard against this"
            )
        root = (U * np.sqrt(eigenvalues)) @ U.T
        steps = self.rng.standard_normal((self.batch_size, self._mean.shape[0])) @ root
        return self._mean + steps, steps

    def _update(self, X, values, steps):
        b = self.batch_size
        with np.errstate(over="ignore", invalid="ignore"):  # a non-finite result: named below
            mean_direction = values @ steps / b
            outer = weighted_gram(steps, values, check_input=False) / b - values.mean() * self._cov
            mean, cov = self._mean - self.eta * mean_direction, self._cov - self.eta * outer
        check.finite_result(
            "NES's update of the mean and covariance",
            (mean, cov),
            f"eta = {self.eta!r}, largest |f| = {float(np.max(np.abs(values))):.3g}",
        )
        self._mean, self._cov = mean, 0.5 * (cov + cov.T)


def nesterov_spokoiny_step(*, d: int, L: float) -> float:
    """h = 1/(4(d + 4)L), the step of Nesterov & Spokoiny (2017) for random gradient-free
    descent with Gaussian directions on an L-smooth convex function."""
    return 1.0 / (4.0 * (check.positive_int("d", d) + 4) * check.positive_scalar("L", L))


@dataclasses.dataclass(frozen=True)
class RGFParameters:
    dim: int
    alpha: float  # the smoothing radius: directions are α u_i
    eta: float  # the step
    batch_size: int  # b; one iteration queries 2b points


class RGFStrategy(Strategy):
    """Random gradient-free descent (Nesterov & Spokoiny 2017) with the antithetic estimate of
    Section 4.2, as pure functions of the mean (shape (…, d): a leading seed axis is allowed):

        g = 1/b Σ_i [f(μ + αu_i) − f(μ − αu_i)]/(2α) u_i,   μ ← μ − η g

    (MiNES with Σ ≡ I and no Σ update; one iteration queries 2b points, not μ itself)."""

    def __init__(self, *, dim: int, alpha: float, eta: float, batch_size: int = 1) -> None:
        self.params = RGFParameters(
            check.positive_int("dim", dim),
            check.positive_scalar("alpha", alpha),
            check.positive_scalar("eta", eta),
            check.positive_int("batch_size", batch_size),
        )

    def directions(self, rng: np.random.Generator) -> np.ndarray:
        return rng.standard_normal((self.params.batch_size, self.params.dim))

    def ask(self, mean: np.ndarray, u: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        shape = np.shape(mean)[:-1] + (self.params.batch_size, self.params.dim)
        u = np.asarray(u)
        if u.shape != shape or u.dtype.kind not in "fiu" or not check.all_finite(u):
            raise ValueError(f"u must be finite directions of shape {shape}, got {u!r:.60}")
        steps = self.params.alpha * u
        X = np.concatenate([mean[..., None, :] + steps, mean[..., None, :] - steps], axis=-2)
        return X, u

    def tell(
        self, mean: np.ndarray, u: np.ndarray, values: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        p = self.params
        b = p.batch_size
        values = np.asarray(values)
        if values.shape != u.shape[:-2] + (2 * b,) or values.dtype.kind not in "fiu":
            raise ValueError(
                f"values must be the real values f(X) at the asked points, shape "
                f"{u.shape[:-2] + (2 * b,)}, got {values.dtype} values of shape {values.shape}"
            )
        with np.errstate(over="ignore", invalid="ignore"):
            weights = (values[..., :b] - values[..., b:]) / (2.0 * p.alpha * b)
            g = np.einsum("...i,...id->...d", weights, u)
            new = mean - p.eta * g
        cause = f"alpha = {p.alpha!r}, eta = {p.eta!r}, largest |f| = {np.max(np.abs(values)):.3g}"
        return check.finite_result("the update of the mean", new, cause), g


class RandomGradientFree(StrategyAskTell):
    """Random gradient-free descent (``RGFStrategy``) in ask/tell form, for one seed."""

    def __init__(
        self, mean0: ArrayLike, *, alpha: float, eta: float, batch_size: int = 1, seed: Any = None
    ) -> None:
        mean0 = check.vector("mean0", mean0)
        strategy = RGFStrategy(dim=mean0.shape[0], alpha=alpha, eta=eta, batch_size=batch_size)
        super().__init__(strategy, mean0, seed)

    @property
    def mean(self) -> np.ndarray:
        return self.state.copy()

    @property
    def covariance(self) -> np.ndarray:
        return self.params.alpha**2 * np.eye(self.params.dim)


def xnes_defaults(dim: int) -> dict[str, float]:
    """Population size and learning rates of xNES (Glasmachers et al. 2010, Table 1):
    λ = 4 + ⌊3 ln d⌋, η_μ = 1, η_σ = η_B = 3(3 + ln d)/(5 d √d)."""
    dim = check.positive_int("dim", dim)
    rate = 3.0 * (3.0 + math.log(dim)) / (5.0 * dim * math.sqrt(dim))
    return {
        "popsize": 4 + int(3 * math.log(dim)),
        "eta_mean": 1.0,
        "eta_sigma": rate,
        "eta_B": rate,
    }


class XNES(AskTell):
    """Exponential natural evolution strategies (Glasmachers et al. 2010) with rank-based
    utilities u_k = max(0, ln(λ/2 + 1) − ln k)/Σ_j max(0, ln(λ/2 + 1) − ln j) − 1/λ for the k-th
    best point. The search distribution is N(μ, σ² B Bᵀ) with det B = 1."""

    def __init__(
        self,
        mean0: ArrayLike,
        sigma0: float,
        *,
        popsize: int | None = None,
        eta_mean: float | None = None,
        eta_sigma: float | None = None,
        eta_B: float | None = None,
        seed: Any = None,
    ) -> None:
        super().__init__()
        self._mean = check.vector("mean0", mean0)
        dim = self._mean.shape[0]
        defaults = xnes_defaults(dim)

        def given(name, value):
            return defaults[name] if value is None else value

        self.popsize = check.positive_int("popsize", given("popsize", popsize))
        if self.popsize < 2:
            raise ValueError(
                f"popsize must be an integer >= 2 (xNES ranks its samples; with one "
                f"the mean never moves), got {popsize!r}"
            )
        self.eta_mean = check.positive_scalar("eta_mean", given("eta_mean", eta_mean))
        self.eta_sigma = check.positive_scalar("eta_sigma", given("eta_sigma", eta_sigma))
        self.eta_B = check.positive_scalar("eta_B", given("eta_B", eta_B))
        self.sigma = check.positive_scalar("sigma0", sigma0)
        self.B = np.eye(dim)
        ranks = np.arange(1, self.popsize + 1)
        shaped = np.maximum(0.0, math.log(self.popsize / 2 + 1) - np.log(ranks))
        self.utilities = shaped / shaped.sum() - 1.0 / self.popsize
        self.rng = check.generator("seed", seed)

    @property
    def covariance(self) -> np.ndarray:
        A = self.sigma * self.B
        return A @ A.T

    def _sample(self):
        s = self.rng.standard_normal((self.popsize, self._mean.shape[0]))
        return self._mean + self.sigma * s @ self.B.T, s

    def _update(self, X, values, s):
        dim = self._mean.shape[0]
        order = np.argsort(values, kind="stable")  # best (smallest f) first
        u, s = self.utilities, s[order]
        grad_delta = u @ s
        grad_M = weighted_gram(s, u, check_input=False) - u.sum() * np.eye(dim)
        grad_sigma = np.trace(grad_M) / dim
        grad_B = grad_M - grad_sigma * np.eye(dim)
        self._mean = self._mean + self.eta_mean * self.sigma * self.B @ grad_delta
        with np.errstate(over="ignore", invalid="ignore"):
            factor = np.exp(0.5 * self.eta_sigma * grad_sigma)
            step = self.sigma * factor
        self.sigma = float(
            check.finite_result(
                "xNES's step-size factor exp(eta_sigma/2 · grad_sigma)",
                step,
                f"eta_sigma = {self.eta_sigma!r}, sigma = {self.sigma!r}",
            )
        )
        with np.errstate(over="ignore", invalid="ignore"):
            B = self.B @ scipy.linalg.expm(0.5 * self.eta_B * grad_B)
        self.B = check.finite_result(
            "xNES's factor B expm(eta_B/2 · grad_B)", B, f"eta_B = {self.eta_B!r}"
        )


def _global_randn(*shape):
    """``np.random.randn(*shape)``, looked up when called: pycma's sampler keeps the function it
    is given, and a bound method of NumPy's global generator would be pickled (or deep-copied)
    as a *copy* of that generator, so that a copied run would draw from a stream of its own
    instead of the state ``CMAES`` swaps in. A module-level function is pickled by name."""
    return np.random.randn(*shape)


class CMAES(AskTell):
    """pycma's ``CMAEvolutionStrategy`` (default settings) behind the suite's interface.

    ``seed`` (None, an int >= 0 or a ``SeedSequence``) is reduced to pycma's integer seed, which
    seeds the run's generator as pycma's ``seed`` option would. pycma draws from NumPy's global
    generator; this adapter gives it a generator state of its own, swapped in around every call
    into pycma and out again, so that a run neither changes the caller's ``np.random`` stream
    nor depends on draws made elsewhere in between. The swap holds a lock shared by all
    instances, so runs in several threads (a sweep on a thread pool) do not draw from each
    other's states. A deep copy or a pickled copy holds the state too, and continues the run
    exactly as the original does (pycma's sampler is given ``_global_randn``, not a method of
    the global generator object, which a copy would copy)."""

    def __init__(
        self, mean0: ArrayLike, sigma0: float, *, seed: Any = None, options: dict | None = None
    ) -> None:
        super().__init__()
        mean0 = check.vector("mean0", mean0)
        sigma0 = check.positive_scalar("sigma0", sigma0)
        check.generator("seed", seed)  # checked: None, an int >= 0, a SeedSequence
        if options is not None and not isinstance(options, Mapping):
            raise TypeError(
                f"options must be None or a dict of pycma options, got "
                f"{type(options).__name__} {options!r:.60}"
            )
        if options is not None and "randn" in options:
            raise ValueError(
                "options must not set 'randn': CMAES draws from a generator state "
                f"of its own (got randn = {options['randn']!r:.60})"
            )
        opts = {"verbose": -9, **(options or {})}
        if seed is not None:  # an int or a SeedSequence, reduced to pycma's int seed
            entropy = (
                seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
            )
            opts["seed"] = int(entropy.generate_state(1)[0]) or 1
        pycma_seed = opts.pop("seed", None)
        if pycma_seed is not None and not (
            isinstance(pycma_seed, numbers.Integral)
            and not isinstance(pycma_seed, bool)
            and 0 < int(pycma_seed) < 2**32
        ):
            raise ValueError(
                f"options['seed'] must be an integer in [1, 2**32) (pycma's seed), "
                f"got {pycma_seed!r:.60}"
            )
        # pycma seeds np.random with its integer seed; the run's own state starts there
        seed_int = None if pycma_seed is None else int(pycma_seed)
        self._random_state = np.random.RandomState(seed_int).get_state()
        opts["randn"] = _global_randn
        opts["seed"] = float("nan")  # pycma: seeding is done here, not by pycma
        with self._own_random_state():
            self.es = cma.CMAEvolutionStrategy(mean0, sigma0, opts)

    #: Held while NumPy's global generator holds one run's state (one process-wide generator).
    _global_random_lock = threading.RLock()

    @contextlib.contextmanager
    def _own_random_state(self):
        """NumPy's global generator holds this run's state for the duration of the block."""
        with self._global_random_lock:
            caller = np.random.get_state()
            np.random.set_state(self._random_state)
            try:
                yield
            finally:
                self._random_state = np.random.get_state()
                np.random.set_state(caller)

    @property
    def mean(self) -> np.ndarray:
        return np.array(self.es.mean, dtype=float)

    @property
    def covariance(self) -> np.ndarray:
        return self.es.sigma**2 * np.array(self.es.C, dtype=float)

    def _sample(self):
        with self._own_random_state():
            return np.array(self.es.ask(), dtype=float), None

    def _update(self, X, values, context):
        with self._own_random_state():
            self.es.tell(list(X), values.tolist())


# ---------------------------------------------------------------------------------------------
# A registry with defaults taken from the objective's constants
# ---------------------------------------------------------------------------------------------


def _make_mines(
    objective,
    mean0,
    seed,
    *,
    batch_size=None,
    alpha=1e-3,
    tau=None,
    zeta=None,
    sigma_inv0=None,
    delta=0.1,
    **options,
):
    """MiNES with defaults S' = [σ/2, 2L] (H* inside), Σ₁⁻¹ = L I, b = d, η₂,k = 1/k and the
    Lemma 5.2 step η₁,k = b/(4𝓛_k c₁) (an oracle schedule: it reads the true Hessian)."""
    d = objective.dim
    b = d if batch_size is None else check.positive_int("batch_size", batch_size)
    options.setdefault("eta1", lemma52_step(objective.hessian, d=d, b=b, delta=delta))
    return MiNES(
        mean0,
        objective.L * np.eye(d) if sigma_inv0 is None else sigma_inv0,
        alpha=alpha,
        batch_size=b,
        tau=objective.runs_box[0] if tau is None else tau,
        zeta=objective.runs_box[1] if zeta is None else zeta,
        seed=seed,
        **options,
    )


def _make_nes(objective, mean0, seed, *, batch_size=None, eta=None, cov0=None):
    """NES (Section 2) with b = 4 + ⌊3 ln d⌋, Σ̄₁ = I/L, η = 1/L (there is no published default)."""
    d = objective.dim
    b = 4 + int(3 * math.log(d)) if batch_size is None else batch_size
    return NES(
        mean0,
        np.eye(d) / objective.L if cov0 is None else cov0,
        eta=1.0 / objective.L if eta is None else eta,
        batch_size=b,
        seed=seed,
    )


def _make_rgf(objective, mean0, seed, *, batch_size=1, alpha=1e-6, eta=None):
    """Random gradient-free descent with Nesterov & Spokoiny's step 1/(4(d+4)L), b = 1."""
    eta = nesterov_spokoiny_step(d=objective.dim, L=objective.L) if eta is None else eta
    return RandomGradientFree(mean0, alpha=alpha, eta=eta, batch_size=batch_size, seed=seed)


def _make_xnes(objective, mean0, seed, *, sigma0=1.0, **options):
    """xNES with its defaults and σ₁ = 1."""
    return XNES(mean0, sigma0, seed=seed, **options)


def _make_cmaes(objective, mean0, seed, *, sigma0=1.0, options=None):
    """pycma with its defaults and σ₁ = 1."""
    return CMAES(mean0, sigma0, seed=seed, options=options)


METHODS: dict[str, Callable[..., AskTell]] = {
    "MiNES": _make_mines,
    "NES": _make_nes,
    "RGF": _make_rgf,
    "xNES": _make_xnes,
    "CMA-ES": _make_cmaes,
}


def make_method(
    name: str, objective: Any, mean0: ArrayLike, seed: Any = None, **options: dict | None
) -> AskTell:
    """Build the strategy ``name`` (a key of ``METHODS``) for ``objective`` from ``mean0``."""
    if name not in METHODS:
        raise ValueError(f"name must be one of {sorted(METHODS)}, got {name!r}")
    objective = check.objective("objective", objective)
    return METHODS[name](objective, check.vector("mean0", mean0, objective.dim), seed, **options)
