"""Named errors at the boundary (issue 16): each probe either raises an error naming the
parameter and its value, or behaves as documented; none returns NaN or lets an internal
exception escape."""

import numpy as np
import pytest

from mines_theory.algorithm.algorithm1 import MiNESStrategy
from mines_theory.algorithm.estimators import mean_gradient, sigma_gradient
from mines_theory.problems.baselines import XNES, make_method
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.theory.bounds.section3 import (
    expected_cubed_norm,
    alpha_condition,
    theorem34_bounds,
)
from mines_theory.linalg.lowrank import low_rank, low_rank_update, project_low_rank
from mines_theory.theory.bounds.appendix import G_norm_1_bound, G_norm_bound, chi_threshold
from mines_theory.theory.bounds.section5 import delta_alpha_1, local_region_threshold
from mines_theory.algorithm import estimators
from mines_theory.experiments import sweep
from mines_theory.experiments.sweep import evaluations_to_target
from mines_theory.problems import logistic

F = RotatedEllipsoid(2, 10.0, seed=0)


@pytest.mark.parametrize("alpha, word", [(1e-200, "underflows"), (1e200, "overflows")])
def test_an_alpha_whose_square_is_not_a_float_is_named(alpha, word):
    for estimator in (mean_gradient, sigma_gradient):
        with pytest.raises(ValueError, match=rf"alpha must have a square .* {word} at alpha = "):
            estimator(F, np.zeros(2), np.eye(2), alpha, np.ones((3, 2)))
    with pytest.raises(ValueError, match="alpha"):
        MiNESStrategy(dim=2, alpha=alpha, batch_size=3, tau=0.5, zeta=20.0, eta1=0.01)


def test_an_interval_too_wide_for_cholesky_is_named():
    with pytest.raises(ValueError, match=r"zeta/tau must be at most 1e\+12.*tau = 1e-20"):
        MiNESStrategy(dim=2, alpha=0.1, batch_size=3, tau=1e-20, zeta=20.0, eta1=0.01)


@pytest.mark.parametrize("name, option", [("NES", "batch_size"), ("NES", "eta"), ("RGF", "eta")])
def test_zero_is_not_silently_the_default(name, option):
    with pytest.raises(ValueError, match=rf"{option} must be .*got 0"):
        make_method(name, F, np.zeros(2), seed=0, **{option: 0})


def test_xnes_needs_two_samples_to_rank():
    with pytest.raises(ValueError, match="popsize must be an integer >= 2.*got 1"):
        XNES(np.zeros(2), 1.0, popsize=1)
    with pytest.raises(ValueError, match="eta_mean must be a finite number > 0, got 0"):
        XNES(np.zeros(2), 1.0, eta_mean=0.0)


def test_cma_es_leaves_the_callers_random_stream_alone_and_is_reproducible():
    np.random.seed(5)
    expected = np.random.rand(2)
    np.random.seed(5)
    first = np.random.rand()
    es = make_method("CMA-ES", F, np.ones(2), seed=1)
    X = es.ask()
    assert [first, np.random.rand()] == list(expected)
    np.random.rand(7)  # draws elsewhere change nothing
    again = make_method("CMA-ES", F, np.ones(2), seed=1)
    np.testing.assert_array_equal(again.ask(), X)


def test_bounds_check_the_interval_and_overflow():
    with pytest.raises(ValueError, match="tau must be <= zeta, got tau = 5.0 > zeta = 1.0"):
        G_norm_1_bound(d=2, b=10, delta=0.1, L=2.0, tau=5.0, zeta=1.0)
    with pytest.raises(FloatingPointError, match="G_norm_bound is not finite"):
        G_norm_bound(d=2, delta=0.1, L=1e300, tau=1e-300, zeta=1e300, alpha=0.1)


def test_the_quadratic_case_of_theorem_34_is_accepted():
    """γ = 0 (a quadratic, Theorem 3.1): eq:alp_cond sets no limit and both bounds are 0."""
    assert alpha_condition(d=2, sigma=1.0, gamma=0.0, tau=0.5, zeta=4.0) == np.inf
    assert theorem34_bounds(d=2, L=2.0, sigma=1.0, gamma=0.0, tau=0.5, zeta=4.0, alpha=0.1) == (
        0.0,
        0.0,
        True,
    )


def test_expected_cubed_norm_is_scale_invariant():
    """E‖(sΣ)^½u‖³ = s^{3/2}E‖Σ^½u‖³ at every scale, against Monte Carlo at s = 1."""
    from mines_theory.theory.gaussian import monte_carlo

    sigma = np.diag([1.0, 0.25, 4.0])
    unit = expected_cubed_norm(sigma)
    for s in (1e-120, 1e-8, 1e8, 1e120):
        assert expected_cubed_norm(s * sigma) == pytest.approx(s**1.5 * unit, rel=1e-9)
    estimate = monte_carlo(
        lambda g, m: (
            np.linalg.norm(g.standard_normal((m, 3)) * np.sqrt(np.diag(sigma)), axis=1) ** 3
        ),
        200_000,
        np.random.default_rng(0),
    )
    assert abs(estimate.mean - unit) <= 5 * estimate.se


@pytest.mark.parametrize(
    "seed, message",
    [
        (True, "seed must be None, an integer >= 0"),
        (-1, "seed must be an integer >= 0, got -1"),
        ("x", "seed must be None.*got 'x'"),
    ],
)
def test_a_bad_seed_is_named(seed, message):
    from mines_theory.algorithm.mines import MiNES

    with pytest.raises(ValueError, match=message):
        MiNES(
            np.zeros(2),
            10 * np.eye(2),
            alpha=0.1,
            batch_size=3,
            tau=0.5,
            zeta=20.0,
            eta1=0.01,
            seed=seed,
        )


def test_a_plain_function_where_an_objective_is_needed_is_named():
    from mines_theory.experiments.runs import run_method

    with pytest.raises(TypeError, match="objective must be an objective with dim.*lacks dim"):
        run_method(
            "MiNES", lambda X: np.sum(X**2, axis=1), 1, mean0=np.zeros(2), max_evaluations=50
        )


def test_targets_methods_and_sample_sizes_are_checked():
    from mines_theory.experiments.runs import compare_methods, run_method
    from mines_theory.theory.gaussian import monte_carlo
    from mines_theory.theory.regularized import GaussianRule

    with pytest.raises(ValueError, match="target must be finite, got nan"):
        run_method("MiNES", F, 1, mean0=np.zeros(2), max_evaluations=50, target=float("nan"))
    with pytest.raises(ValueError, match=r"methods must be names in COMPARED .*\['MiNES'\]"):
        compare_methods(F, methods=("MiNES",), seeds=1, max_evaluations=50)
    draw = lambda g, m: g.standard_normal(m)  # noqa: E731
    with pytest.raises(ValueError, match="chunk_size must be an integer >= 1, got 0"):
        monte_carlo(draw, 10, np.random.default_rng(0), chunk_size=0)
    with pytest.raises(ValueError, match="num_samples must be >= 2 for a standard error"):
        monte_carlo(draw, 1, np.random.default_rng(0))
    with pytest.raises(ValueError, match=r"degree\*\*dim must be at most .*degree = 30, dim = 6"):
        GaussianRule.gauss_hermite(6, 30)


def test_non_finite_and_complex_values_are_reported_briefly():
    from mines_theory.validation import evaluate

    with pytest.raises(
        ValueError, match=r"at the point x = \[1\. 1\. 1\. \.\.\. 1\. 1\. 1\.\]"
    ) as info:
        evaluate(lambda X: np.full(X.shape[0], np.nan), np.ones((3, 500)))
    assert len(str(info.value)) < 200
    with pytest.raises(ValueError, match="f must return real values, got complex"):
        evaluate(lambda X: np.ones(X.shape[0]) + 1j, np.ones((3, 2)))


@pytest.mark.parametrize("name", [123, "", "a/b"])
def test_a_figure_name_that_is_not_a_file_name_is_named(name, tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from mines_theory.plotting.figures import save_figure

    fig = plt.figure()
    with pytest.raises(ValueError, match=f"name must be a plain file stem.*got {name!r}"):
        save_figure(fig, name, tmp_path)
    plt.close(fig)


def test_a_failed_tell_leaves_the_state_and_frees_ask():
    """A schedule that raises in tell() leaves μ, Σ⁻¹ and k as they were, and the next ask()
    starts a new iteration instead of refusing."""
    from mines_theory.algorithm.mines import MiNES

    def schedule(k, state, estimate):
        if k == 2:
            raise RuntimeError("boom")
        return 0.01

    es = MiNES(
        np.zeros(2),
        10 * np.eye(2),
        alpha=0.1,
        batch_size=3,
        tau=0.5,
        zeta=20.0,
        eta1=schedule,
        seed=0,
    )
    X = es.ask()
    es.tell(X, F(X))
    mean, iteration = es.mean, es.iteration
    X = es.ask()
    with pytest.raises(RuntimeError, match="boom"):
        es.tell(X, F(X))
    np.testing.assert_array_equal(es.mean, mean)
    assert es.iteration == iteration
    X = es.ask()
    assert X.shape == (7, 2)
    with pytest.raises(ValueError, match=r"values must hold one value per row of X, shape \(7,\)"):
        es.tell(X, np.ones(3))


def test_record_cannot_overwrite_the_history():
    from mines_theory.algorithm.mines import minimize

    with pytest.raises(
        ValueError, match=r"record must not return the history's own columns, got \['k'\]"
    ):
        minimize(
            F,
            np.zeros(2),
            alpha=0.1,
            batch_size=3,
            tau=0.5,
            zeta=20.0,
            eta1=0.01,
            max_evaluations=50,
            record=lambda es: {"k": -1},
        )


def test_objectives_refuse_data_that_would_give_nan_constants():
    from mines_theory.problems.objectives import LogCoshQuadratic
    from mines_theory.problems.logistic import LogisticRegression

    rng = np.random.default_rng(0)
    X, y = rng.standard_normal((10, 2)), np.sign(rng.standard_normal(10))
    with pytest.raises(ValueError, match="features must be finite"):
        LogisticRegression(np.where(X > 1, np.nan, X), y, 0.1)
    with pytest.raises(ValueError, match=r"features must have at least one sample .*\(0, 2\)"):
        LogisticRegression(np.zeros((0, 2)), np.zeros(0), 0.1)
    with pytest.raises(ValueError, match="features must be small enough that ‖x_i‖³ is a float"):
        LogisticRegression(X * 1e200, y, 0.1)
    with pytest.raises(ValueError, match="directions must be finite"):
        LogCoshQuadratic(np.eye(2), [[np.nan, 0.0]], [1.0])


def test_save_figure_and_save_table_name_what_they_were_given(tmp_path):
    from mines_theory.plotting.figures import save_figure, save_table

    with pytest.raises(TypeError, match="fig must be a matplotlib Figure, got NoneType: None"):
        save_figure(None, "demo", tmp_path)
    with pytest.raises(TypeError, match=r"frame must be a pandas DataFrame, got list: \[1, 2\]"):
        save_table([1, 2], "demo", tmp_path)


def _fixed_cases():
    """(label, call, error type, message pattern) for the holes tools/probe_public_api.py found;
    each message names the parameter and shows its value."""
    import pandas as pd

    from mines_theory.algorithm import mines as algorithm
    from mines_theory.problems import baselines, objectives
    from mines_theory.experiments import runs as experiments
    from mines_theory.theory import gaussian
    from mines_theory.linalg import spd as linalg
    from mines_theory.theory import regularized
    from mines_theory.algorithm import schedules

    rule = regularized.GaussianRule.gauss_hermite(2, 10)
    LC = objectives.LogCoshQuadratic.random(2)
    quadratic = lambda X: 0.5 * np.sum(X**2, axis=1)  # noqa: E731
    draw = lambda g, m: g.standard_normal(m)  # noqa: E731
    mines = dict(alpha=0.1, batch_size=3, tau=0.5, zeta=20.0, eta1=0.01)
    return [
        (
            "vector of str",
            lambda: estimators.mean_gradient(F, "a", np.eye(2), 0.1, np.ones((3, 2))),
            ValueError,
            "mu must be a non-empty 1-D array of real numbers, got str 'a'",
        ),
        (
            "vector None",
            lambda: algorithm.MiNES(None, np.eye(2), **mines),
            ValueError,
            "mean0 must be .*got None",
        ),
        (
            "complex matrix",
            lambda: algorithm.MiNES(np.zeros(2), np.eye(2) * (1 + 1j), **mines),
            ValueError,
            r"sigma_inv0 must be a square matrix of real numbers, got complex",
        ),
        (
            "f not callable",
            lambda: estimators.mean_gradient("f", np.ones(2), np.eye(2), 0.1, np.ones((3, 2))),
            TypeError,
            "f must be a callable f.X. .*got str 'f'",
        ),
        (
            "record not a dict",
            lambda: algorithm.minimize(
                F, np.zeros(2), max_evaluations=50, record=lambda es: "ab", **mines
            ),
            TypeError,
            "record must return a dict of extra columns, got str 'ab'",
        ),
        (
            "minimize tau > zeta",
            lambda: algorithm.minimize(
                F, np.zeros(2), max_evaluations=50, **{**mines, "tau": 1e300}
            ),
            ValueError,
            "tau must be <= zeta, got tau = 1e[+]300 > zeta = 20.0",
        ),
        (
            "Constant",
            lambda: schedules.Constant(-1.0),
            ValueError,
            "value must be a finite number > 0, got -1.0",
        ),
        (
            "lemma52_step hessian",
            lambda: schedules.lemma52_step("a", d=2, b=2, delta=0.1),
            TypeError,
            "hessian must be a callable .*got str 'a'",
        ),
        (
            "make_method plain function",
            lambda: baselines.make_method("RGF", quadratic, np.zeros(2)),
            TypeError,
            "objective must be an objective with dim.*lacks dim",
        ),
        (
            "make_method MiNES batch_size",
            lambda: baselines.make_method("MiNES", F, np.zeros(2), batch_size=0),
            ValueError,
            "batch_size must be an integer >= 1, got 0",
        ),
        (
            "NES indefinite cov0",
            lambda: baselines.NES(np.zeros(2), np.diag([1.0, -1.0]), eta=0.1, batch_size=3),
            ValueError,
            "cov0 must be positive definite, got smallest eigenvalue -1",
        ),
        (
            "CMAES seed",
            lambda: baselines.CMAES(np.zeros(2), 1.0, seed=-1),
            ValueError,
            "seed must be an integer >= 0, got -1",
        ),
        (
            "CMAES options",
            lambda: baselines.CMAES(np.zeros(2), 1.0, options=3),
            TypeError,
            "options must be None or a dict of pycma options, got int 3",
        ),
        (
            "spawn_seeds float",
            lambda: sweep.spawn_seeds(2.5),
            ValueError,
            "seeds must be a positive int or a non-empty list of SeedSequence, got 2.5",
        ),
        (
            "spawn_seeds entropy",
            lambda: sweep.spawn_seeds(2, entropy=-1),
            ValueError,
            "entropy must be an integer >= 0, got -1",
        ),
        (
            "evaluations_to_target frame",
            lambda: evaluations_to_target(None, 1.0),
            TypeError,
            "frame must be a pandas DataFrame .*got NoneType None",
        ),
        (
            "evaluations_to_target columns",
            lambda: evaluations_to_target(pd.DataFrame({"x": [1]}), 1.0),
            ValueError,
            r"frame must have the columns .*missing",
        ),
        (
            "compare_methods budget",
            lambda: experiments.compare_methods(F, max_evaluations=0),
            ValueError,
            "max_evaluations must be an integer >= 1, got 0",
        ),
        (
            "compare_methods no methods",
            lambda: experiments.compare_methods(F, max_evaluations=30, methods=()),
            ValueError,
            r"methods must be a non-empty tuple .*got \(\)",
        ),
        (
            "objective at NaN",
            lambda: F(np.array([np.nan, 0.0])),
            ValueError,
            "X must be finite, got non-finite entries in row 0",
        ),
        (
            "ellipsoid overflow",
            lambda: objectives.RotatedEllipsoid(2, 1e200, scale=1e200),
            FloatingPointError,
            "scale · condition is not finite .*scale = 1e[+]200",
        ),
        (
            "log-cosh gamma overflow",
            lambda: objectives.LogCoshQuadratic(np.eye(2), np.full((2, 2), 1e300), np.ones(2)),
            FloatingPointError,
            r"gamma = 4/\(3√3\) Σ_j c_j ‖v_j‖³ is not finite \(largest \|directions\| = 1e\+300",
        ),
        (
            "logistic labels",
            lambda: logistic.LogisticRegression(np.ones((2, 2)), [0.0, 1.0], 0.1),
            ValueError,
            r"labels must be -1 or \+1, got the values \[0. 1.\]",
        ),
        (
            "bounds symbol",
            lambda: delta_alpha_1(
                d=2, b=10, delta=0.1, L=-1.0, gamma=0.5, tau=0.5, zeta=4.0, alpha=0.01
            ),
            ValueError,
            "L must be a finite number > 0, got -1.0",
        ),
        (
            "bounds delta",
            lambda: chi_threshold(d=2, b=10, delta=2.0, t=3),
            ValueError,
            r"delta must lie in \(0, 1\), got 2.0",
        ),
        (
            "bounds scalar sigma",
            lambda: theorem34_bounds(
                d=2, L=2.0, sigma=[1.0, 2.0], gamma=0.5, tau=0.5, zeta=4.0, alpha=0.01
            ),
            ValueError,
            r"sigma must be a positive real number, got \[1.0, 2.0\]",
        ),
        (
            "bounds local region NaN",
            lambda: local_region_threshold(
                L=2.0, sigma=1.0, gamma=0.5, tau=0.5, xi=0.5, curvature=float("nan")
            ),
            ValueError,
            "curvature must be a finite number > 0, got nan",
        ),
        (
            "norm_moment p",
            lambda: gaussian.norm_moment(2, float("nan")),
            ValueError,
            "p must be finite, got nan",
        ),
        (
            "lemma_b1 overflow",
            lambda: gaussian.lemma_b1_bounds(2, 1e300),
            FloatingPointError,
            r"the bounds of Lemma B.1 is not finite \(d = 2, p = 1e\+300\)",
        ),
        (
            "second moment overflow",
            lambda: gaussian.per_sample_second_moment(np.eye(2), 1e300 * np.eye(2)),
            FloatingPointError,
            "E‖X‖²_F is not finite",
        ),
        (
            "monte_carlo rng",
            lambda: gaussian.monte_carlo(draw, 10, 0),
            TypeError,
            "rng must be a numpy.random.Generator .*got int 0",
        ),
        (
            "monte_carlo draws",
            lambda: gaussian.monte_carlo(
                lambda g, m: np.full(m, np.nan), 10, np.random.default_rng(0)
            ),
            ValueError,
            r"sample\(rng, m\) must return m = 10 finite draws .*non-finite",
        ),
        (
            "running_mean empty",
            lambda: gaussian.running_mean([]),
            ValueError,
            r"samples must be a non-empty array .*shape \(0,\)",
        ),
        (
            "leading_term_dimension",
            lambda: gaussian.leading_term_dimension("a"),
            ValueError,
            "share must be a positive real number, got 'a'",
        ),
        (
            "smoothed plain function",
            lambda: regularized.smoothed(quadratic, np.zeros(2), np.eye(2), 0.1, rule),
            TypeError,
            "f must be an objective with dim, gradient, hessian .*lacks",
        ),
        (
            "smoothed rule",
            lambda: regularized.smoothed(LC, np.zeros(2), np.eye(2), 0.1, "a"),
            TypeError,
            "rule must be a quadrature rule with nodes, weights .*got str 'a'",
        ),
        (
            "smoothed indefinite sigma",
            lambda: regularized.smoothed(LC, np.zeros(2), np.diag([1.0, -1.0]), 0.1, rule),
            ValueError,
            "sigma must be positive definite, got smallest eigenvalue -1",
        ),
        (
            "smoothed NaN alpha",
            lambda: regularized.smoothed(LC, np.zeros(2), np.eye(2), float("nan"), rule),
            ValueError,
            "alpha must be a finite number > 0, got nan",
        ),
        (
            "regularized alpha overflow",
            lambda: regularized.regularized_objective(F, np.zeros(2), np.eye(2), 1e300),
            ValueError,
            "alpha² overflows at alpha = 1e[+]300",
        ),
        (
            "sigma map tau",
            lambda: regularized.minimize_sigma_given_mean(
                LC, LC.minimizer, 0.1, tau=0.0, zeta=20.0, rule=rule
            ),
            ValueError,
            "tau must be a finite number > 0, got 0.0",
        ),
        (
            "sigma map tol",
            lambda: regularized.minimize_sigma_given_mean(
                LC, LC.minimizer, 0.1, tau=0.5, zeta=20.0, rule=rule, tol=-1.0
            ),
            ValueError,
            "tol must be a finite number > 0, got -1.0",
        ),
        (
            "alpha_sweep alphas",
            lambda: regularized.alpha_sweep(LC, [], tau=0.5, zeta=20.0, rule=rule),
            ValueError,
            r"alphas must be a non-empty sequence of smoothing radii, got \[\]",
        ),
        (
            "cholesky indefinite",
            lambda: linalg.cholesky_lower(np.diag([1.0, -1.0])),
            ValueError,
            "A must be positive definite, got a matrix that is not",
        ),
        (
            "cholesky NaN",
            lambda: linalg.cholesky_lower(np.full((2, 2), np.nan)),
            ValueError,
            "A must be finite, got non-finite entries",
        ),
        (
            "roots 1-D",
            lambda: linalg.symmetric_roots(np.ones(2)),
            ValueError,
            r"sigma_inv must be a square matrix \(or a stack\), got shape \(2,\)",
        ),
        (
            "low_rank 1-D",
            lambda: low_rank(np.ones(2), 0.5),
            ValueError,
            r"A must be a square matrix, got shape \(2,\)",
        ),
        (
            "random_rotation rng",
            lambda: linalg.random_rotation(None, 2),
            TypeError,
            "rng must be a numpy.random.Generator .*got NoneType None",
        ),
        (
            "random_spd eigenvalues",
            lambda: linalg.random_spd(np.random.default_rng(0), 2, eigenvalues=[1.0, np.nan]),
            ValueError,
            r"eigenvalues must be finite and > 0 .*got \[ 1. nan\]",
        ),
        (
            "xNES overflow",
            lambda: _steps(baselines.XNES(np.zeros(2), 1.0, eta_sigma=1e300, seed=0)),
            FloatingPointError,
            "xNES's step-size factor .* is not finite .*eta_sigma = 1e[+]300",
        ),
    ]


def _steps(es, n=3):
    for _ in range(n):
        X = es.ask()
        es.tell(X, F(X))
    return es


@pytest.mark.parametrize(
    "label, call, error, message", _fixed_cases(), ids=[case[0] for case in _fixed_cases()]
)
def test_the_probes_holes_are_named(label, call, error, message):
    """Every hole of the probe run (tools/probe_public_api.py) now raises the named error."""
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize(
    "args, message",
    [
        ((np.zeros(2), np.array([[np.nan, 0.0]])), "steps must be finite"),
        ((np.zeros(3), np.ones((4, 2))), r"mean must have shape .*\(2,\), got \(3,\)"),
        ((np.zeros(2), "x"), "steps must be an array of real numbers, got str 'x'"),
    ],
)
def test_query_points_names_its_arguments(args, message):
    from mines_theory.algorithm.estimators import query_points

    with pytest.raises(ValueError, match=message):
        query_points(*args)


@pytest.mark.parametrize(
    "which, value, message",
    [
        (0, np.ones(4), r"second_differences must have shape \(3,\) .*got \(4,\)"),
        (1, np.full((3, 2), np.inf), "u must be finite"),
        (2, np.eye(3), r"B must have shape \(2, 2\) .*got \(3, 3\)"),
        (3, np.full((2, 2), np.nan), "sigma_inv must be finite"),
    ],
)
def test_precision_gradient_names_its_arguments(which, value, message):
    from mines_theory.algorithm.estimators import precision_gradient

    args = [np.ones(3), np.ones((3, 2)), np.eye(2), np.eye(2)]
    args[which] = value
    with pytest.raises(ValueError, match=message):
        precision_gradient(*args)


def test_all_finite_is_exact_when_the_sum_overflows():
    from mines_theory.validation import all_finite

    assert all_finite(np.full(4, 1e308))  # the sum overflows; entries are finite
    assert not all_finite(np.array([1.0, np.inf, -np.inf]))  # the sum is NaN
    assert not all_finite(np.array([1.0, np.nan]))


# ----------------------------------------------------------------------------------------------
# The linear-algebra inner loop, Gaussian moments, objectives and output folders (probe run 2)
# ----------------------------------------------------------------------------------------------


def _low_rank():

    return low_rank(np.diag([3.0, 1.0, 1.0]), 1.0)


def _second_cases():
    import pandas as pd

    from mines_theory.algorithm import mines as algorithm
    from mines_theory.theory import gaussian
    from mines_theory.linalg import spd as linalg
    from mines_theory.plotting import figures as plotting
    from mines_theory.problems.objectives import LogCoshQuadratic

    I2, NAN2 = np.eye(2), np.full((2, 2), np.nan)
    skew = np.array([[1.0, 2.0], [0.0, 1.0]])
    LR = _low_rank()
    return [
        # spectrum_within / project_if_outside: the matrix and the interval
        (
            "spectrum_within NaN",
            lambda: linalg.spectrum_within(NAN2, 0.5, 2.0),
            ValueError,
            "A must be finite, got non-finite entries",
        ),
        (
            "spectrum_within non-symmetric",
            lambda: linalg.spectrum_within(skew, 0.5, 2.0),
            ValueError,
            r"A must be symmetric, got max \|A - A\^T\| = 2",
        ),
        (
            "spectrum_within empty",
            lambda: linalg.spectrum_within(np.zeros((0, 0)), 0.5, 2.0),
            ValueError,
            r"A must not be empty, got shape \(0, 0\)",
        ),
        (
            "spectrum_within 1-D",
            lambda: linalg.spectrum_within(np.ones(2), 0.5, 2.0),
            ValueError,
            r"A must be a square matrix \(or a stack\), got shape \(2,\)",
        ),
        (
            "spectrum_within None",
            lambda: linalg.spectrum_within(None, 0.5, 2.0),
            ValueError,
            "A must be a square matrix .*got None",
        ),
        (
            "spectrum_within complex",
            lambda: linalg.spectrum_within(I2 * (1 + 1j), 0.5, 2.0),
            ValueError,
            "A must be a square matrix of real numbers, got complex values",
        ),
        (
            "spectrum_within lower NaN",
            lambda: linalg.spectrum_within(I2, np.nan, 2.0),
            ValueError,
            "lower must be finite, got nan",
        ),
        (
            "spectrum_within upper True",
            lambda: linalg.spectrum_within(I2, 0.5, True),
            ValueError,
            "upper must be a real number, got True",
        ),
        (
            "spectrum_within lower > upper",
            lambda: linalg.spectrum_within(I2, 5.0, 1.0),
            ValueError,
            "lower must be <= upper, got lower = 5.0 > upper = 1.0",
        ),
        (
            "project_if_outside NaN",
            lambda: linalg.project_if_outside(NAN2, 0.5, 2.0),
            ValueError,
            "A must be finite, got non-finite entries",
        ),
        (
            "project_if_outside upper -inf",
            lambda: linalg.project_if_outside(I2, 0.5, -np.inf),
            ValueError,
            "upper must be finite, got -inf",
        ),
        (
            "project_if_outside lower list",
            lambda: linalg.project_if_outside(I2, [1.0, 2.0], 2.0),
            ValueError,
            r"lower must be a real number, got \[1.0, 2.0\]",
        ),
        # solve_lower_transposed: L and rows
        (
            "solve L upper entry",
            lambda: linalg.solve_lower_transposed(skew, np.ones((3, 2))),
            ValueError,
            (
                "L must be lower triangular, got a nonzero entry above the diagonal "
                r"\(largest 2\)"
            ),
        ),
        (
            "solve L NaN",
            lambda: linalg.solve_lower_transposed(NAN2, np.ones((3, 2))),
            ValueError,
            "L must be finite, got non-finite entries",
        ),
        (
            "solve L wrong shape",
            lambda: linalg.solve_lower_transposed(np.eye(3), np.ones((3, 2))),
            ValueError,
            (
                r"rows must have shape \(n, 3\) with n >= 1 to match L \(3 x 3\), got "
                r"shape \(3, 2\)"
            ),
        ),
        (
            "solve rows NaN",
            lambda: linalg.solve_lower_transposed(I2, np.full((3, 2), np.nan)),
            ValueError,
            "rows must be finite, got non-finite entries",
        ),
        (
            "solve rows str",
            lambda: linalg.solve_lower_transposed(I2, "a"),
            ValueError,
            "rows must be an array of real numbers, got str 'a'",
        ),
        # cholesky_lower and preconditioned_extremes name their own parameter
        (
            "cholesky stack",
            lambda: linalg.cholesky_lower(np.stack([I2, np.diag([1.0, -2.0])])),
            ValueError,
            (
                r"A must be positive definite, got a stack whose matrix \(1,\) is not "
                r"\(smallest eigenvalue -2\)"
            ),
        ),
        (
            "cholesky non-symmetric",
            lambda: linalg.cholesky_lower(skew),
            ValueError,
            "A must be symmetric",
        ),
        (
            "extremes indefinite sigma_inv",
            lambda: linalg.preconditioned_extremes(I2, np.diag([1.0, -1.0])),
            ValueError,
            ("sigma_inv must be positive definite.*smallest eigenvalue -1"),
        ),
        (
            "extremes NaN sigma_inv",
            lambda: linalg.preconditioned_extremes(I2, NAN2),
            ValueError,
            "sigma_inv must be finite",
        ),
        (
            "extremes NaN hessian",
            lambda: linalg.preconditioned_extremes(NAN2, I2),
            ValueError,
            "hessian must be finite",
        ),
        (
            "extremes hessian wrong shape",
            lambda: linalg.preconditioned_extremes(np.eye(3), I2),
            ValueError,
            (
                r"hessian must have the shape of sigma_inv, \(2, 2\), got shape "
                r"\(3, 3\)"
            ),
        ),
        (
            "extremes hessian non-symmetric",
            lambda: linalg.preconditioned_extremes(skew, I2),
            ValueError,
            "hessian must be symmetric",
        ),
        # preconditioned_condition: named errors; NaN only for a covariance that is finite,
        # symmetric and not positive definite (documented)
        (
            "condition NaN covariance",
            lambda: linalg.preconditioned_condition(NAN2, I2),
            ValueError,
            "covariance must be finite",
        ),
        (
            "condition covariance None",
            lambda: linalg.preconditioned_condition(None, I2),
            ValueError,
            "covariance must be a square matrix .*got None",
        ),
        (
            "condition hessian 1-D",
            lambda: linalg.preconditioned_condition(I2, np.ones(2)),
            ValueError,
            r"hessian must be a square matrix \(or a stack\), got shape \(2,\)",
        ),
        (
            "condition hessian wrong shape",
            lambda: linalg.preconditioned_condition(I2, np.eye(3)),
            ValueError,
            r"hessian must be 2 x 2 like covariance, got shape \(3, 3\)",
        ),
        # random_spd's bounds: the interval rule
        (
            "random_spd low str",
            lambda: linalg.random_spd(np.random.default_rng(0), 2, "a", 2.0),
            ValueError,
            "low must be a positive real number, got 'a'",
        ),
        (
            "random_spd low complex",
            lambda: linalg.random_spd(np.random.default_rng(0), 2, 1 + 1j, 2.0),
            ValueError,
            r"low must be a positive real number, got \(1\+1j\)",
        ),
        # LowRank: update, projection, powers
        (
            "low_rank_update c NaN",
            lambda: low_rank_update(LR, np.nan, np.ones((1, 3)), np.ones(1)),
            ValueError,
            "c must be finite, got nan",
        ),
        (
            "low_rank_update c None",
            lambda: low_rank_update(LR, None, np.ones((1, 3)), np.ones(1)),
            ValueError,
            "c must be a real number, got None",
        ),
        (
            "low_rank_update rows wrong width",
            lambda: low_rank_update(LR, 1.0, np.ones((1, 4)), np.ones(1)),
            ValueError,
            r"rows must have shape \(n, 3\) .*got shape \(1, 4\)",
        ),
        (
            "low_rank_update rows NaN",
            lambda: low_rank_update(LR, 1.0, np.full((1, 3), np.nan), np.ones(1)),
            ValueError,
            "rows must be finite, got non-finite entries",
        ),
        (
            "low_rank_update weights",
            lambda: low_rank_update(LR, 1.0, np.ones((1, 3)), np.ones(2)),
            ValueError,
            r"weights must be 1 finite numbers .*got shape \(2,\)",
        ),
        (
            "low_rank_update not a LowRank",
            lambda: low_rank_update(np.eye(3), 1.0, np.ones((1, 3)), np.ones(1)),
            TypeError,
            "A must be a LowRank .*got ndarray",
        ),
        (
            "project_low_rank lower NaN",
            lambda: project_low_rank(LR, np.nan, 2.0),
            ValueError,
            "lower must be finite, got nan",
        ),
        (
            "project_low_rank lower > upper",
            lambda: project_low_rank(LR, 5.0, 1.0),
            ValueError,
            "lower must be <= upper, got lower = 5.0 > upper = 1.0",
        ),
        (
            "power_rows wrong width",
            lambda: LR.power_rows(0.5, np.ones((1, 4))),
            ValueError,
            r"rows must have shape \(n, 3\) .*got shape \(1, 4\)",
        ),
        # Gaussian moments: numpy or sympy matrices, named
        (
            "moment str",
            lambda: gaussian.quadratic_form_moment("a"),
            TypeError,
            r"matrices\[0\] must be a square matrix .*got str 'a'",
        ),
        (
            "moment None",
            lambda: gaussian.quadratic_form_moment_matrix(None),
            TypeError,
            r"matrices\[0\] must be a square matrix .*got NoneType None",
        ),
        (
            "moment no matrices",
            lambda: gaussian.quadratic_form_moment(),
            ValueError,
            "matrices must hold at least one matrix, got none",
        ),
        (
            "moment non-square",
            lambda: gaussian.quadratic_form_moment(I2, np.ones((2, 3))),
            ValueError,
            r"matrices\[1\] must be a square matrix, got shape \(2, 3\)",
        ),
        (
            "moment mismatched",
            lambda: gaussian.quadratic_form_moment_matrix(I2, np.eye(3)),
            ValueError,
            r"matrices\[1\] must be 2 x 2 like matrices\[0\], got shape \(3, 3\)",
        ),
        (
            "moment NaN",
            lambda: gaussian.quadratic_form_moment(NAN2),
            ValueError,
            r"matrices\[0\] must be finite",
        ),
        (
            "moment overflow",
            lambda: gaussian.quadratic_form_moment(I2 * 1e300, I2 * 1e300),
            FloatingPointError,
            "E\\[∏ uᵀA_iu\\] of the matrices is not finite",
        ),
        (
            "moment matrix overflow",
            lambda: gaussian.quadratic_form_moment_matrix(I2 * 1e300, I2 * 1e300),
            FloatingPointError,
            "of the matrices is not finite",
        ),
        (
            "moment of a second matrix of another size",
            lambda: gaussian.lemma_c1_expectation(np.eye(3), I2),
            ValueError,
            r"sigma_inv must be 3 x 3 like H, got shape \(2, 2\)",
        ),
        (
            "minimize mean0 of another length than f.dim",
            lambda: algorithm.minimize(
                RotatedEllipsoid(2, 10.0),
                np.ones(3),
                alpha=0.1,
                batch_size=2,
                tau=0.5,
                zeta=20.0,
                eta1=0.1,
                max_evaluations=50,
            ),
            ValueError,
            "mean0 must have length f.dim = 2, got length 3",
        ),
        (
            "log-cosh directions of another width",
            lambda: LogCoshQuadratic(np.eye(3), np.ones((2, 2)), np.ones(2)),
            ValueError,
            r"directions must have shape \(m, 3\) to match A of shape \(3, 3\), got "
            r"shape \(2, 2\)",
        ),
        (
            "log-cosh random condition 1e300",
            lambda: LogCoshQuadratic.random(3, 1e300),
            ValueError,
            "condition must be small enough .* got 1e\\+300",
        ),
        # objectives: seeds and sizes
        (
            "ellipsoid seed True",
            lambda: RotatedEllipsoid(2, 10.0, seed=True),
            ValueError,
            ("seed must be None, an integer >= 0, a SeedSequence or a Generator, got True"),
        ),
        (
            "ellipsoid seed -1",
            lambda: RotatedEllipsoid(2, 10.0, seed=-1),
            ValueError,
            "seed must be an integer >= 0, got -1",
        ),
        (
            "ellipsoid dim 10**6",
            lambda: RotatedEllipsoid(10**6, 10.0),
            ValueError,
            (
                r"dim = 1000000 would need the Hessian, a dim x dim array, of "
                r"1,000,000,000,000 float64 entries \(7.45e\+03 GiB\)"
            ),
        ),
        # output folders
        (
            "save_table directory 3",
            lambda: plotting.save_table(pd.DataFrame({"a": [1]}), "x", 3),
            TypeError,
            "directory must be a str or os.PathLike .*got int 3",
        ),
    ]


@pytest.mark.parametrize(
    "label, call, error, message", _second_cases(), ids=[case[0] for case in _second_cases()]
)
def test_the_second_probe_runs_holes_are_named(label, call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_save_figure_names_a_directory_of_the_wrong_type():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from mines_theory.plotting.figures import save_figure

    fig, ax = plt.subplots()
    ax.plot([1, 2], [1, 2])
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    try:
        with pytest.raises(TypeError, match="directory must be a str or os.PathLike .*got int 3"):
            save_figure(fig, "x", 3)
    finally:
        plt.close(fig)


def test_documented_edges_of_the_inner_loop():
    """What is an answer, not an error: NaN for a finite symmetric covariance that is not
    positive definite (recorded per step for the baselines), +inf for an objective at a point
    where its strong-convexity bound f* + σ/2‖x − x*‖² overflows (the value is at least that),
    and the projection of a matrix with entries near the largest float (scaled before eigh:
    its eigenvalues 2e308 and 0 clip to 2 and 0.5, so Π = U diag(0.5, 2) Uᵀ, by hand)."""
    from mines_theory.linalg import spd as linalg

    assert np.isnan(linalg.preconditioned_condition(np.diag([1.0, -1.0]), np.eye(2)))
    assert F(np.full(2, 1e300)) == np.inf
    np.testing.assert_array_equal(F(np.array([[1e300, -1e300], [0.0, 0.0]])), [np.inf, 0.0])
    P = linalg.project_eigenvalues(np.full((2, 2), 1e308), 0.5, 2.0)
    np.testing.assert_allclose(P, [[1.25, 0.75], [0.75, 1.25]], rtol=1e-12)


def test_a_seed_of_2_to_the_64_seeds_the_rotation_and_small_seeds_keep_their_rotation():
    """Seeds >= 2**32 (which NumPy's legacy RandomState refuses) go through a Generator; seeds
    below keep the rotation scipy has always drawn from them (the published results)."""
    import scipy.stats

    big = RotatedEllipsoid(3, 10.0, seed=2**64)
    np.testing.assert_allclose(big.rotation @ big.rotation.T, np.eye(3), atol=1e-12)
    np.testing.assert_array_equal(
        RotatedEllipsoid(3, 10.0, seed=7).rotation, scipy.stats.ortho_group.rvs(3, random_state=7)
    )


def test_the_array_size_rule_names_the_parameter_and_the_memory():
    from mines_theory.validation import MAX_ELEMENTS, array_size

    assert array_size("batch_size", 10, MAX_ELEMENTS, "x") == MAX_ELEMENTS
    with pytest.raises(
        ValueError,
        match=r"batch_size = 1000000000 would need the \(2b\+1\) x "
        r"dim query points of 4,000,000,002 float64 entries "
        r"\(29.8 GiB\)",
    ):
        array_size("batch_size", 10**9, (2 * 10**9 + 1) * 2, "the (2b+1) x dim query points")


def test_a_batch_too_large_for_memory_is_named_before_anything_is_allocated():
    from mines_theory.algorithm.mines import MiNES

    with pytest.raises(
        ValueError,
        match=r"batch_size = 1000000000 would need the \(2b\+1\) x dim "
        r"query points .*29.8 GiB",
    ):
        MiNES(np.zeros(2), np.eye(2), alpha=0.1, batch_size=10**9, tau=0.5, zeta=2.0, eta1=0.1)


def test_a_comparison_budget_below_one_mines_iteration_is_named():
    from mines_theory.experiments.runs import compare_methods

    with pytest.raises(
        ValueError,
        match=r"max_evaluations must be at least one MiNES iteration, "
        r"2b \+ 1 = 5 evaluations with b = d = 2, got 2",
    ):
        compare_methods(F, seeds=1, max_evaluations=2)


def test_none_is_named_as_none_not_as_a_non_finite_array():
    """np.array(None, dtype=float) is NaN: the error said 'must be finite' for a missing matrix."""
    with pytest.raises(ValueError, match="sigma must be .*got None"):
        expected_cubed_norm(None)


def test_an_indefinite_start_of_the_sigma_fixed_point_is_named():
    from mines_theory.theory.regularized import GaussianRule, minimize_sigma_given_mean

    with pytest.raises(
        ValueError, match="sigma0 must be positive definite, got smallest eigenvalue -1"
    ):
        minimize_sigma_given_mean(
            F,
            np.zeros(2),
            0.1,
            tau=0.5,
            zeta=20.0,
            rule=GaussianRule.gauss_hermite(2, 5),
            sigma0=np.diag([1.0, -1.0]),
        )


# ----------------------------------------------------------------------------------------------
# Issue 26 §3, outside algorithm.py: the symmetry rule is relative; seeds and symbolic sizes
# have documented limits
# ----------------------------------------------------------------------------------------------


def _rounded_spd(d, low, high, seed=0):
    """Q diag Qᵀ as computed, with the asymmetry rounding leaves (not symmetrized)."""
    Q = np.linalg.qr(np.random.default_rng(seed).standard_normal((d, d)))[0]
    A = (Q * np.geomspace(low, high, d)) @ Q.T
    assert not np.array_equal(A, A.T)  # the rule is exercised, not skipped
    return A


@pytest.mark.parametrize("scale", [1e-12, 1.0, 1e12])
def test_the_symmetry_rule_accepts_rounding_at_every_scale(scale):
    from mines_theory.algorithm.mines import MiNES
    from mines_theory.linalg.spd import project_eigenvalues

    A = scale * _rounded_spd(50, 0.5, 2.0)
    np.testing.assert_allclose(
        project_eigenvalues(A, 0.0, 10 * scale), 0.5 * (A + A.T), rtol=0, atol=1e-12 * scale
    )
    MiNES(
        np.zeros(50), A, alpha=0.1, batch_size=3, tau=0.25 * scale, zeta=4 * scale, eta1=0.1, seed=0
    )


@pytest.mark.parametrize("scale", [1e-11, 1.0, 1e11])
def test_the_symmetry_rule_refuses_a_20_percent_asymmetry_at_every_scale(scale):
    """Issue 26: the rule was absolute below max |A| = 1, so a 20 % asymmetric Σ₁⁻¹ of entries
    ~1e-11 was accepted and symmetrized."""
    from mines_theory.algorithm.mines import MiNES

    sigma_inv0 = scale * np.array([[1.0, 0.2], [0.0, 1.0]])
    with pytest.raises(
        ValueError,
        match=r"sigma_inv0 must be symmetric, got max \|A - A\^T\| = "
        r".*more than 1e-10 x max \|A\|",
    ):
        MiNES(
            np.zeros(2),
            sigma_inv0,
            alpha=0.1,
            batch_size=3,
            tau=0.5 * scale,
            zeta=2 * scale,
            eta1=0.1,
            seed=0,
        )


def test_a_small_asymmetric_matrix_is_not_projected():
    from mines_theory.linalg.spd import project_eigenvalues

    with pytest.raises(
        ValueError,
        match=r"A must be symmetric, got max \|A - A\^T\| = 5e-11, "
        r"more than 1e-10 x max \|A\| = 5e-21",
    ):
        project_eigenvalues([[1e-12, 5e-11], [0.0, 1e-12]], -1.0, 1.0)
    stack = np.stack([np.eye(2), [[1e-12, 5e-11], [0.0, 1e-12]]])  # judged matrix by matrix
    with pytest.raises(ValueError, match=r"\(matrix \(1,\) of the stack\)"):
        project_eigenvalues(stack, -1.0, 1.0)


@pytest.mark.parametrize("seeds", [10**9, 100_001])
def test_more_seeds_than_max_seeds_are_refused_before_spawning(seeds):
    from mines_theory.experiments.sweep import MAX_SEEDS, spawn_seeds
    from mines_theory.experiments.runs import compare_methods

    assert MAX_SEEDS == 100_000
    with pytest.raises(
        ValueError,
        match=rf"seeds must be at most MAX_SEEDS = 100,000 runs, "
        rf"got {seeds:,}",
    ):
        spawn_seeds(seeds)
    with pytest.raises(ValueError, match="seeds must be at most MAX_SEEDS"):
        compare_methods(F, seeds=seeds, max_evaluations=100)
    with pytest.raises(ValueError, match="seeds must be at most MAX_SEEDS"):
        spawn_seeds([np.random.SeedSequence(0)] * seeds if seeds == 100_001 else 10**9)
    assert len(spawn_seeds(MAX_SEEDS)) == MAX_SEEDS
