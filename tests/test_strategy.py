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
    settings = dict(alpha=0.2, batch_size=3, tau=0.5, zeta=60.0, eta1=0.02)
    strategy = MiNESStrategy(dim=4, **settings)
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
            np.ones(4), np.eye(4), **settings, precision_form="cholesky", seed=seed
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


def test_the_pure_layer_refuses_at_its_doors():
    """Issue 36: ``run`` with fewer generators than seeds ran every seed identically; ``tell``
    with 2b values (not 2b + 1) updated silently; ``ask`` with NaN directions returned NaN
    points. Each is refused, naming what was wrong."""
    f = RotatedEllipsoid(2, 4.0, seed=0)
    strategy = MiNESStrategy(dim=2, alpha=0.1, batch_size=3, tau=0.5, zeta=8.0, eta1=0.1)
    stack = strategy.init(np.zeros(2), np.eye(2), num_seeds=3)
    one_rng = [np.random.default_rng(0)]
    with pytest.raises(ValueError, match="rngs must be a sequence of 3 Generators"):
        run(strategy, f, stack, one_rng, 2)
    with pytest.raises(ValueError, match="rngs must be one Generator"):
        run(strategy, f, strategy.init(np.zeros(2), np.eye(2)), one_rng, 2)
    state = strategy.init(np.zeros(2), np.eye(2))
    X, sample = strategy.ask(state, np.ones((3, 2)))
    for values in (f(X)[:6], f(X)[None], [str(v) for v in f(X)]):
        with pytest.raises(ValueError, match=r"values must be the real values f\(X\) at the"):
            strategy.tell(state, sample, values)
    for u in (np.full((3, 2), np.nan), np.ones((2, 2)), np.ones((3, 3, 2))):
        with pytest.raises(ValueError, match=r"u must be finite directions of shape \(3, 2\)"):
            strategy.ask(state, u)
    rgf = RGFStrategy(dim=2, alpha=0.1, eta=0.1, batch_size=2)
    with pytest.raises(ValueError, match="u must be finite directions"):
        rgf.ask(np.zeros(2), np.full((2, 2), np.inf))
    X, u = rgf.ask(np.zeros(2), np.ones((2, 2)))
    with pytest.raises(ValueError, match="values must be the real values"):
        rgf.tell(np.zeros(2), u, f(X)[:3])


@pytest.mark.parametrize("name", ["NES", "RGF", "MiNES"])
def test_values_near_the_largest_float_never_make_an_infinite_mean(name):
    """Values of ±1.7e308: NES and RGF let the mean become ±inf (issue 36); each now raises the
    FloatingPointError that names the update, as MiNES does, and leaves the mean as it was."""
    from mines_theory.problems.baselines import make_method

    es = make_method(name, RotatedEllipsoid(2, 4.0, seed=0), np.zeros(2), seed=0)
    X = es.ask()
    values = np.where(np.arange(X.shape[0]) % 2 == 0, 1.7e308, -1.7e308)
    with pytest.raises(FloatingPointError, match="not finite"):
        es.tell(X, values)
    np.testing.assert_array_equal(es.mean, np.zeros(2))
