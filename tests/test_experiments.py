"""The experiments engine: tidy frames, seeding, the lockstep runner against one-seed runs."""

import contextlib

import numpy as np
import pandas as pd
import pytest
import scipy.linalg

from mines_theory.algorithm.mines import MiNES
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.experiments.sweep import COLUMNS, spawn_seeds
from mines_theory.linalg.spd import preconditioned_condition
from mines_theory.experiments.runs import run_method, run_mines_lockstep
from mines_theory.problems.objectives import LogCoshQuadratic
from mines_theory.algorithm.schedules import lemma52_step
from mines_theory.verification.claims.section5.covariance import LEMMA53


@pytest.mark.parametrize(
    "objective",
    [
        RotatedEllipsoid(5, 100.0, seed=0, minimizer=np.ones(5)),
        LogCoshQuadratic.random(4, condition=20.0, seed=3),
    ],
    ids=["ellipsoid", "logcosh"],
)
def test_lockstep_matches_one_seed_runs(objective):
    """Same seeds, same histories: the lockstep arithmetic differs from MiNES's only in rounding
    (batched solve vs triangular solve), which the second difference amplifies by 1/α²; with
    α = 0.1 the histories agree to 1e-7 relative over 200 iterations."""
    d = b = objective.dim
    options = dict(alpha=0.1, batch_size=b, tau=objective.sigma / 2, zeta=2 * objective.L)
    eta1 = lemma52_step(objective.hessian, d=d, b=b, delta=0.1)
    lock = run_mines_lockstep(
        objective,
        6,
        mean0=np.zeros(d),
        sigma_inv0=objective.L * np.eye(d),
        eta1=eta1,
        max_iterations=200,
        **options,
    )
    one = run_method(
        "MiNES", objective, 6, mean0=np.zeros(d), max_evaluations=200 * (2 * b + 1), **options
    )
    assert list(lock.columns) == COLUMNS and len(lock) == len(one) == 6 * 201
    columns = ["seed", "k", "evaluations"]
    np.testing.assert_array_equal(lock[columns], one[columns])
    for column in ["f_gap", "precision_error", "condition"]:
        np.testing.assert_allclose(lock[column], one[column], rtol=1e-7, atol=1e-14, err_msg=column)


def test_lockstep_final_state_equals_a_mines_object():
    f = RotatedEllipsoid(3, 10.0, seed=1)
    seeds = spawn_seeds(3, entropy=5)
    settings = dict(alpha=0.2, batch_size=4, tau=0.5, zeta=20.0, eta1=0.05, eta2=0.1)
    lock = run_mines_lockstep(
        f, seeds, mean0=np.ones(3), sigma_inv0=np.eye(3), **settings, max_iterations=50
    )
    es = MiNES(
        np.ones(3), np.eye(3), **settings, precision_form="cholesky", seed=seeds[2]
    )  # a stack: Cholesky
    for _ in range(50):
        X = es.ask()
        es.tell(X, f(X))
    last = lock[(lock.seed == 2) & (lock.k == 50)].iloc[0]
    assert last.f_gap == pytest.approx(f(es.mean) - f.f_star, rel=1e-8)
    assert last.precision_error == pytest.approx(np.linalg.norm(es.sigma_inv - f.H), rel=1e-8)


def test_run_method_records_and_stops_at_target():
    f = RotatedEllipsoid(4, 10.0, seed=2)
    frame = run_method("xNES", f, 2, mean0=np.ones(4), max_evaluations=20_000, target=1e-6)
    assert list(frame.columns) == COLUMNS
    for _, run in frame.groupby("seed"):
        assert run.k.iloc[0] == 0 and np.all(np.diff(run.k) == 1)
        assert run.f_gap.iloc[-1] <= 1e-6 < run.f_gap.iloc[:-1].min()
        assert run.evaluations.iloc[-1] < 20_000
    assert frame.precision_error.isna().all() and (frame.error == "").all()


def test_run_method_reports_a_failing_run():
    f = RotatedEllipsoid(5, 100.0, seed=0, minimizer=np.ones(5))
    frame = run_method(
        "NES",
        f,
        [np.random.SeedSequence(0)],
        mean0=np.zeros(5),
        max_evaluations=100_000,
        record_every=1000,
        entropy=0,
    )
    assert "no longer positive definite" in frame.error.iloc[-1]
    assert (frame.error.iloc[:-1] == "").all()
    # the collapsed covariance is (numerically) singular: infinite, NaN or astronomically large
    assert not frame.condition.iloc[-1] < 1e12


def test_record_every_thins_the_history():
    f = RotatedEllipsoid(3, 10.0, seed=2)
    frame = run_method("CMA-ES", f, 1, mean0=np.ones(3), max_evaluations=700, record_every=10)
    assert list(frame.k[:3]) == [0, 10, 20]
    assert frame.k.iloc[-1] == frame.evaluations.iloc[-1] // 7  # pycma λ = 7 at d = 3


def test_preconditioned_condition_against_generalized_eigenvalues():
    rng = np.random.default_rng(0)
    A = rng.normal(size=(4, 4))
    C = A @ A.T + 0.1 * np.eye(4)
    H = RotatedEllipsoid(4, 50.0, seed=1).H
    w = scipy.linalg.eigh(H, np.linalg.inv(C), eigvals_only=True)
    assert preconditioned_condition(C, H) == pytest.approx(w[-1] / w[0], rel=1e-10)
    assert np.isnan(preconditioned_condition(-np.eye(4), H))


def test_spawn_seeds():
    a, b = spawn_seeds(3, entropy=1), spawn_seeds(3, entropy=1)
    assert [s.generate_state(1)[0] for s in a] == [s.generate_state(1)[0] for s in b]
    with pytest.raises(ValueError, match="seeds must be a positive int"):
        spawn_seeds([1, 2])
    with pytest.raises(ValueError, match="seeds must be an integer >= 1"):
        spawn_seeds(0)


def _lockstep_settings(max_iterations):
    """The settings of ``run_mines_lockstep`` (η₁ aside) that its tests of input and schedules
    share: μ₁ = 1, Σ₁⁻¹ = I, α = 0.1, b = 2, S' = [0.5, 20]."""
    return dict(
        mean0=np.ones(3),
        sigma_inv0=np.eye(3),
        alpha=0.1,
        batch_size=2,
        tau=0.5,
        zeta=20.0,
        max_iterations=max_iterations,
    )


def test_lockstep_bad_input():
    f = RotatedEllipsoid(3, 10.0)
    kwargs = _lockstep_settings(max_iterations=5)
    with pytest.raises(ValueError, match="tau must be <= zeta"):
        run_mines_lockstep(f, 2, eta1=0.1, **{**kwargs, "tau": 30.0})
    for bad in (0.0, -1.0, True, np.nan):
        with pytest.raises(ValueError, match="eta1 must be"):
            run_mines_lockstep(f, 2, eta1=bad, **kwargs)
    with pytest.raises(ValueError, match=r"sigma_inv0 must have its spectrum in \[tau, zeta\]"):
        run_mines_lockstep(f, 2, eta1=0.1, **{**kwargs, "sigma_inv0": 100 * np.eye(3)})


def test_lockstep_takes_the_same_schedules_as_mines():
    """One step-size protocol: a callable schedule and np.float32 numbers work in lockstep as in
    MiNES, and a constant callable gives the run of the constant."""
    f = RotatedEllipsoid(3, 10.0, seed=1)
    kwargs = _lockstep_settings(max_iterations=20)
    number = run_mines_lockstep(f, 2, eta1=np.float32(0.125), **kwargs)
    callable_ = run_mines_lockstep(f, 2, eta1=lambda k, state, est: 0.125, **kwargs)
    np.testing.assert_array_equal(number.f_gap, callable_.f_gap)


def test_rgf_lockstep_matches_one_seed_runs():
    from mines_theory.problems.baselines import nesterov_spokoiny_step
    from mines_theory.experiments.runs import run_rgf_lockstep

    f = RotatedEllipsoid(4, 10.0, seed=1, minimizer=np.ones(4))
    eta = nesterov_spokoiny_step(d=4, L=f.L)
    lock = run_rgf_lockstep(
        f, 3, mean0=np.zeros(4), alpha=1e-3, eta=eta, batch_size=2, max_evaluations=400
    )
    one = run_method(
        "RGF", f, 3, mean0=np.zeros(4), max_evaluations=400, alpha=1e-3, eta=eta, batch_size=2
    )
    columns = ["seed", "k", "evaluations"]
    np.testing.assert_array_equal(lock[columns], one[columns])
    np.testing.assert_allclose(lock.f_gap, one.f_gap, rtol=1e-9)


def test_evaluations_to_target():
    from mines_theory.experiments.sweep import evaluations_to_target

    f = RotatedEllipsoid(3, 10.0, seed=2)
    frame = run_method("CMA-ES", f, 2, mean0=np.ones(3), max_evaluations=3000, target=1e-6)
    table = evaluations_to_target(frame, 1e-6)
    assert list(table.columns) == [
        "method",
        "seed",
        "reached",
        "evaluations",
        "budget_used",
        "end",
        "stopped",
    ]
    assert table.reached.all() and (table.evaluations == table.budget_used).all()
    assert (table.end == "target").all() and (table.stopped == "").all()
    never = evaluations_to_target(frame, 1e-300)
    assert not never.reached.any() and never.evaluations.isna().all()
    assert (never.end == "budget").all()


def test_a_run_that_raises_is_recorded_as_stopped_with_when_and_why():
    """The NES meta-algorithm as printed on an ill-conditioned ellipsoid: Σ̄ leaves the
    positive-definite cone long before the budget; its end is "stopped", at the evaluations
    of its last row, with the message of the error (not "budget")."""
    from mines_theory.experiments.sweep import evaluations_to_target

    f = RotatedEllipsoid(10, 1e4, seed=0, minimizer=np.ones(10))
    frame = run_method("NES", f, 3, mean0=np.zeros(10), max_evaluations=150_000)
    table = evaluations_to_target(frame, 1e-8)
    assert (table.end == "stopped").all() and not table.reached.any()
    assert table.stopped.str.contains("no longer positive definite").all()
    assert (table.budget_used < 1000).all()
    last = frame.groupby("seed").evaluations.last().to_numpy()
    np.testing.assert_array_equal(table.budget_used, last)


# ---------------------------------------------------------------------------------------------
# Sweeps on an executor: identical frames in-process, on threads, on processes and on Dask
# ---------------------------------------------------------------------------------------------

SWEEP_OBJECTIVE = RotatedEllipsoid(3, 30.0, seed=2, minimizer=np.ones(3))
SWEEP_METHODS = ("MiNES (Lemma 5.2, oracle)", "MiNES (Hutchinson)", "RGF", "CMA-ES")


def _sweep(executor=None, chunk_size=3):
    """Seven seeds in chunks of three (3 + 3 + 1): every kind of sweep (two lockstep ones, and
    run_method's seed-by-seed loop for CMA-ES)."""
    from mines_theory.experiments.runs import compare_methods

    return compare_methods(
        SWEEP_OBJECTIVE,
        seeds=7,
        max_evaluations=1400,
        record_every=5,
        methods=SWEEP_METHODS,
        executor=executor,
        chunk_size=chunk_size,
    )


@pytest.fixture(scope="module")
def in_process_sweep():
    return _sweep()


def test_chunks_keep_each_seed_its_own_stream(in_process_sweep):
    """Chunks of 3 against one lockstep batch of all 7 seeds: seed i is run i of the whole
    sweep in every chunking (its stream is spawn_seeds(7)[i], whatever chunk it lands in), so
    the frames agree row by row: exactly for the seed-by-seed CMA-ES, to rounding for the
    lockstep methods (a stacked BLAS call may round otherwise for another stack size)."""
    whole = _sweep(chunk_size=64)
    chunked = in_process_sweep
    assert list(chunked.columns) == COLUMNS
    np.testing.assert_array_equal(
        chunked[["method", "seed", "k", "evaluations"]],
        whole[["method", "seed", "k", "evaluations"]],
    )
    assert sorted(set(chunked.seed)) == list(range(7))
    cma = chunked.method == "CMA-ES"
    pd.testing.assert_frame_equal(chunked[cma], whole[cma], check_exact=True)
    np.testing.assert_allclose(chunked.f_gap, whole.f_gap, rtol=1e-8, atol=1e-300)


def _thread_pool():
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(max_workers=2)


def _process_pool():
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn"))


@contextlib.contextmanager
def _dask():
    """A local Dask cluster of two workers (threads: it starts in a second) and its executor."""
    distributed = pytest.importorskip(
        "distributed",
        reason="dask.distributed is not installed (it is in the test extras: "
        "pip install -e '.[test]')",
    )
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client.get_executor()


@pytest.mark.parametrize(
    "start", [_thread_pool, _process_pool, _dask], ids=["threads", "processes", "dask"]
)
def test_sweep_is_identical_on_any_executor(start, in_process_sweep):
    """The same sweep on a thread pool, a process pool (the tasks are pickled) and a local Dask
    cluster gives the in-process frame, bit for bit."""
    with start() as executor:
        frame = _sweep(executor)
    pd.testing.assert_frame_equal(frame, in_process_sweep, check_exact=True)


def _sweeps(seeds, iterations):
    """run_method (xNES), run_mines_lockstep and run_rgf_lockstep on SWEEP_OBJECTIVE, as calls
    that take the executor keywords."""
    from mines_theory.experiments.runs import run_rgf_lockstep

    f = SWEEP_OBJECTIVE
    return [
        lambda **kw: run_method(
            "xNES", f, seeds, mean0=np.zeros(3), max_evaluations=10 * iterations, **kw
        ),
        lambda **kw: run_mines_lockstep(
            f,
            seeds,
            mean0=np.zeros(3),
            sigma_inv0=f.L * np.eye(3),
            alpha=0.1,
            batch_size=3,
            tau=f.sigma / 2,
            zeta=2 * f.L,
            eta1=0.01,
            max_iterations=iterations,
            **kw,
        ),
        lambda **kw: run_rgf_lockstep(
            f, seeds, mean0=np.zeros(3), alpha=1e-6, eta=0.01, max_evaluations=2 * iterations, **kw
        ),
    ]


def test_each_sweep_takes_an_executor():
    """run_method, run_mines_lockstep and run_rgf_lockstep on a thread pool, against the same
    call in-process (5 seeds in chunks of 2)."""
    with _thread_pool() as pool:
        for sweep in _sweeps(seeds=5, iterations=30):
            pd.testing.assert_frame_equal(
                sweep(executor=pool, chunk_size=2), sweep(chunk_size=2), check_exact=True
            )


def test_sweep_bad_executor_or_chunk_size():
    """An executor without submit/map is a TypeError naming the parameter; a chunk size that
    is not an integer >= 1 a ValueError naming it."""
    from mines_theory.experiments.runs import compare_methods

    calls = _sweeps(seeds=2, iterations=5) + [
        lambda **kw: compare_methods(
            SWEEP_OBJECTIVE, seeds=2, max_evaluations=50, methods=("RGF",), **kw
        )
    ]
    for call in calls:
        with pytest.raises(
            TypeError,
            match=r"executor must be None or a concurrent\.futures"
            r"\.Executor .* lacks submit and map",
        ):
            call(executor=[])
        with pytest.raises(TypeError, match="executor .* lacks map"):
            call(executor=type("OnlySubmit", (), {"submit": lambda self, fn: None})())
        with pytest.raises(ValueError, match="chunk_size must be an integer >= 1, got 0"):
            call(chunk_size=0)


def test_a_verification_run_takes_an_executor():
    """A run of the verification layer (notebook 06's Lemma 5.3 sweep, cut down to 70 seeds: two
    chunks) on a thread pool gives the frame of the undecorated in-process run; the result is
    cached on the settings alone, so a later in-process call returns it; a bad executor is named."""
    import dataclasses

    config = dataclasses.replace(LEMMA53, seeds=70, iterations=20, record_every=5)
    with _thread_pool() as pool:
        f, frame = config.run(executor=pool)
    _, direct = type(config).run.__wrapped__(config, None)
    pd.testing.assert_frame_equal(frame, direct, check_exact=True)
    assert sorted(set(frame.seed)) == list(range(70))
    assert config.run()[1] is frame
    with pytest.raises(TypeError, match="executor must be None"):
        dataclasses.replace(config, seeds=3).run(executor="dask")


@pytest.mark.parametrize("name, per_iteration", [("MiNES", 2 * 3 + 1), ("xNES", None)])
def test_run_method_never_overshoots_its_budget(name, per_iteration):
    """A budget that is not a multiple of one iteration's queries: the run stops at the last whole
    iteration within it (issue 16: it overshot by up to 2b), and a budget below one iteration
    runs none."""
    f = RotatedEllipsoid(3, 10.0, seed=0)
    options = dict(batch_size=3) if name == "MiNES" else {}
    frame = run_method(name, f, 2, mean0=np.ones(3), max_evaluations=100, **options)
    for _, run in frame.groupby("seed"):
        step = int(run.evaluations.diff().dropna().iloc[0])
        if per_iteration is not None:
            assert step == per_iteration
        assert 100 - step < run.evaluations.max() <= 100
    tiny = run_method(name, f, 1, mean0=np.ones(3), max_evaluations=1, **options)
    assert tiny.k.tolist() == [0] and tiny.evaluations.tolist() == [0]
