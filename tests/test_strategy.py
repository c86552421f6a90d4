"""The shared shapes: a pure Strategy iterated by ``run`` for one seed or many in lockstep, and
the ask/tell objects over it."""

import numpy as np
import pytest

from mines_theory.algorithm.mines import MiNES
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.algorithm.algorithm1 import MiNESStrategy
from mines_theory.problems.baselines import RandomGradientFree, RGFStrategy
from mines_theory.algorithm.strategy import run


def test_lockstep_run_equals_one_seed_objects():
    """``run`` over a stacked state draws seed i's directions from rngs[i] exactly as the one-seed
    object does: after 30 iterations the states agree to rounding (1e-9 relative)."""
    f = RotatedEllipsoid(4, 30.0, seed=2)
    strategy = MiNESStrategy(dim=4, alpha=0.2, batch_size=3, tau=0.5, zeta=60.0, eta1=0.02)
    seeds = np.random.SeedSequence(11).spawn(3)
    final = run(
        strategy,
        f,
        strategy.init(np.ones(4), np.eye(4), num_seeds=3),
        [np.random.default_rng(s) for s in seeds],
        30,
    )
    for i, seed in enumerate(seeds):
        es = MiNES(
            np.ones(4),
            np.eye(4),
            alpha=0.2,
            batch_size=3,
            tau=0.5,
            zeta=60.0,
            eta1=0.02,
            precision_form="cholesky",
            seed=seed,
        )  # a stack: Cholesky
        for _ in range(30):
            X = es.ask()
            es.tell(X, f(X))
        np.testing.assert_allclose(final.mean[i], es.mean, rtol=1e-9)
        np.testing.assert_allclose(final.sigma_inv[i], es.sigma_inv, rtol=1e-9)
        assert final.projections[i] == es.projections
    assert final.k == 31


def test_record_hook_sees_every_iteration_in_order():
    f = RotatedEllipsoid(2, 4.0, seed=0)
    strategy = MiNESStrategy(dim=2, alpha=0.1, batch_size=2, tau=0.5, zeta=8.0, eta1=0.1)
    seen = []
    final = run(
        strategy,
        f,
        strategy.init(np.ones(2), np.eye(2)),
        np.random.default_rng(0),
        4,
        record=lambda state, it: seen.append((it.k, state.k, it.before.mean)),
    )
    assert [(k, after) for k, after, _ in seen] == [(1, 2), (2, 3), (3, 4), (4, 5)]
    np.testing.assert_array_equal(seen[0][2], np.ones(2))
    assert final.k == 5


def test_rgf_one_step_by_hand():
    """μ ← μ − η/b Σ_i (f(μ+αu_i) − f(μ−αu_i))/(2α) u_i, with 2b points asked (not μ)."""

    def f(X):
        return X[:, 0] ** 2 + 3 * X[:, 1]

    es = RandomGradientFree(np.array([1.0, 2.0]), alpha=0.5, eta=0.1, batch_size=2, seed=4)
    X = es.ask()
    u = np.random.default_rng(4).standard_normal((2, 2))
    np.testing.assert_allclose(X, np.vstack([[1.0, 2.0] + 0.5 * u, [1.0, 2.0] - 0.5 * u]))
    es.tell(X, f(X))
    values = f(X)
    g = sum((values[i] - values[2 + i]) / (2 * 0.5) * u[i] for i in range(2)) / 2
    np.testing.assert_allclose(es.mean, np.array([1.0, 2.0]) - 0.1 * g, rtol=1e-14)
    assert es.evaluations == 4


def test_rgf_strategy_rejects_bad_parameters():
    with pytest.raises(ValueError, match="eta must be a finite number > 0"):
        RGFStrategy(dim=2, alpha=0.1, eta=0.0)
    with pytest.raises(ValueError, match="batch_size must be an integer >= 1"):
        RGFStrategy(dim=2, alpha=0.1, eta=0.1, batch_size=0)


def test_progress_bar_only_when_asked(monkeypatch):
    """Batch runs show no bar (nothing extra in committed outputs); ``make lab`` sets
    MINES_THEORY_PROGRESS=1 and long loops then show one."""
    from mines_theory.algorithm.strategy import PROGRESS_ENV, progress_bar

    items = [1, 2, 3]
    monkeypatch.delenv(PROGRESS_ENV, raising=False)
    assert progress_bar(items) is items
    monkeypatch.setenv(PROGRESS_ENV, "1")
    bar = progress_bar(items, "x")
    assert bar is not items and list(bar) == items
    assert progress_bar(items, enabled=False) is items
