"""Cases for ``mines_theory.theory``: every bound (each symbol through the kind of its rule, and
τ > ζ), the Gaussian moments, the regularized objective and the symbolic derivations."""

from __future__ import annotations

import functools
import inspect
from typing import Any

import numpy as np
import sympy as sp

from mines_theory.problems.objectives import LogCoshQuadratic, RotatedEllipsoid
from mines_theory.theory import gaussian, regularized
from mines_theory.theory.bounds import appendix, corrected, section3, section5
from mines_theory.theory.bounds.checking import NON_FINITE_BY_DESIGN
from mines_theory.theory.bounds.appendix import G_norm_1_bound, G_norm_bound, chi_threshold
from mines_theory.theory.bounds.section3 import expected_cubed_norm, theorem34_bounds
from mines_theory.theory.bounds.section5 import delta_alpha_1, local_region_threshold
from mines_theory.theory.derivations import nes

from .harness import KINDS, NAN, Table, documented_inf, matrices, valid_for, vectors

F = RotatedEllipsoid(2, 10.0, seed=0)
QUADRATIC = lambda X: 0.5 * np.sum(np.asarray(X) ** 2, axis=-1)  # noqa: E731
DRAW = lambda g, m: g.standard_normal(m)  # noqa: E731
#: The kind of input each symbol of the bounds takes (every other symbol: "positive").
SYMBOL_KINDS = {**dict.fromkeys(("d", "b", "K", "k", "t", "gamma_power"), "int"),
                "delta": "probability",
                **dict.fromkeys(("f_gap", "f_mu"), "finite"),
                **dict.fromkeys(("gamma", "C", "f_gap_1", "delta_alpha", "projection_gap",
                                 "projected_gradient_sq",
                                 "projected_gradient_norm", "initial_error_sq"),
                                "nonnegative")}  # fmt: skip
VALID = dict(d=2, b=10, K=5, k=3, t=3, delta=0.1, L=2.0, sigma=1.0, gamma=0.5, tau=0.5, zeta=4.0,
             alpha=0.01, xi=0.5, curvature=2.0, f_gap=1.0, f_gap_1=1.0, delta_alpha=0.1,
             projected_gradient_sq=1.0, projected_gradient_norm=1.0, rho1=0.01, C=1.0,
             projection_gap=0.0, f_mu=1.0, gamma_power=1, initial_error_sq=1.0,
             sigma_matrix=np.eye(2))  # fmt: skip


def documented(result: Any) -> Any:
    """The result of a bound declared non-finite by design (``NON_FINITE_BY_DESIGN``): a NaN
    flagged ``valid = False`` passes as 0.0, and so does each +inf (γ = 0: no limit)."""
    if getattr(result, "valid", True) is False:
        return 0.0
    if isinstance(result, tuple):
        return tuple(documented_inf(v) if isinstance(v, float) else v for v in result)
    return documented_inf(result)


def cases() -> list:
    t = Table("theory")
    for module in (section3, section5, appendix, corrected):
        for name in module.__all__:
            function = getattr(module, name)
            if isinstance(function, type) or not callable(function):
                continue
            parameters = inspect.signature(function).parameters
            base = {
                p: VALID[p]
                for p, spec in parameters.items()
                if spec.default is inspect.Parameter.empty
            }
            if name in ("expected_cubed_norm", "phi"):  # sigma is a covariance matrix here
                base["sigma"] = np.eye(2)
                t.vary(name, function, base, "sigma",
                       valid_for(matrices(spd=False),
                                 "wrong shape") + [(-np.eye(2), True,
                                                    "negative definite")])  # fmt: skip
            for p in base:
                if p != "sigma_matrix" and not (
                    p == "sigma" and name in ("expected_cubed_norm", "phi")
                ):
                    check = documented if name in NON_FINITE_BY_DESIGN else None
                    t.vary(name, function, base, p, SYMBOL_KINDS.get(p, "positive"), check=check)
            if "tau" in base and "zeta" in base:
                crossed = functools.partial(function, **{**base, "tau": 5.0, "zeta": 1.0})
                t.refuses(name, "tau > zeta", crossed, ("tau", "zeta"), 5.0)
            if "sigma_matrix" in base:
                t.vary(name, function, base, "sigma_matrix", valid_for(matrices(), "wrong shape"))
    t.named("G_norm_1_bound", "tau > zeta, named",
            lambda: G_norm_1_bound(d=2, b=10, delta=0.1, L=2.0, tau=5.0, zeta=1.0),
            ValueError, "tau must be <= zeta, got tau = 5.0 > zeta = 1.0")  # fmt: skip
    t.named("G_norm_bound", "overflow",
            lambda: G_norm_bound(d=2, delta=0.1, L=1e300, tau=1e-300, zeta=1e300, alpha=0.1),
            FloatingPointError, "G_norm_bound is not finite")  # fmt: skip
    t.named("delta_alpha_1", "L -1",
            lambda: delta_alpha_1(d=2, b=10, delta=0.1, L=-1.0, gamma=0.5, tau=0.5, zeta=4.0,
                                  alpha=0.01),
            ValueError, "L must be a finite number > 0, got -1.0")  # fmt: skip
    t.named("chi_threshold", "delta 2", lambda: chi_threshold(d=2, b=10, delta=2.0, t=3),
            ValueError,
            r"delta must lie in \(0, 1\), got 2.0")  # fmt: skip
    t.named("theorem34_bounds", "sigma a list",
            lambda: theorem34_bounds(d=2, L=2.0, sigma=[1.0, 2.0], gamma=0.5, tau=0.5, zeta=4.0,
                                     alpha=0.01),
            ValueError, r"sigma must be a positive real number, got \[1.0, 2.0\]")  # fmt: skip
    t.named("local_region_threshold", "curvature nan",
            lambda: local_region_threshold(L=2.0, sigma=1.0, gamma=0.5, tau=0.5, xi=0.5,
                                           curvature=NAN),
            ValueError, "curvature must be a finite number > 0, got nan")  # fmt: skip
    t.edge("y_term_constant_corrected", "d=10**300 (a scipy TypeError before)",
           lambda: corrected.y_term_constant_corrected(d=10**300, b=10, delta=0.1, L=1.0,
                                                       tau=0.5, zeta=4.0, K=100),
           names="d")  # fmt: skip
    t.named(
        "expected_cubed_norm",
        "None",
        lambda: expected_cubed_norm(None),
        ValueError,
        "sigma must be .*got None",
    )

    # Gaussian moments
    for name in ("per_sample_second_moment", "lemma_c1_expectation"):
        fn = getattr(gaussian, name)
        t.vary(name, fn, {"sigma_inv": np.eye(2)}, "H", matrices(spd=False))
        t.vary(name, fn, {"H": np.eye(2)}, "sigma_inv", matrices())
    for name in (
        "sigma_gradient_variance",
        "sigma_gradient_second_moment",
        "sigma_gradient_norm_samples",
    ):
        fn = getattr(gaussian, name)
        sampled = (
            (lambda sampler: sampler(np.random.default_rng(0), 20)) if "samples" in name else None
        )
        t.vary(
            name,
            fn,
            {"sigma_inv": np.eye(2), "batch_size": 2},
            "H",
            matrices(spd=False),
            check=sampled,
        )
        t.vary(name, fn, {"H": np.eye(2), "batch_size": 2}, "sigma_inv", matrices(), check=sampled)
        t.vary(
            name, fn, {"H": np.eye(2), "sigma_inv": np.eye(2)}, "batch_size", "int", check=sampled
        )
    t.vary("norm_moment", gaussian.norm_moment, {"p": 3.0}, "d", "int")
    t.vary("norm_moment", gaussian.norm_moment, {"d": 2}, "p", "finite")
    t.vary("lemma_b1_bounds", gaussian.lemma_b1_bounds, {"p": 3.0}, "d", "int")
    t.vary("lemma_b1_bounds", gaussian.lemma_b1_bounds, {"d": 2}, "p", "finite")
    t.vary("leading_term_share", gaussian.leading_term_share, {}, "d", "int")
    t.vary("leading_term_dimension", gaussian.leading_term_dimension, {}, "share", "probability")
    I2, NAN2 = np.eye(2), np.full((2, 2), NAN)
    for args, bad, label in [((I2, np.ones((2, 3))), True, "non-square"), (("a",), True, "str"),
                             ((), True, "no matrices"),
                             ((NAN2,), True, "NaN"), ((I2, np.eye(3)), True, "mismatched"),
                             ((I2 * 1e300, I2 * 1e300), False, "1e300")]:  # fmt: skip
        for name in ("quadratic_form_moment", "quadratic_form_moment_matrix"):
            t.add(name, label, lambda a=args, n=name: getattr(gaussian, n)(*a),
                  "refused" if bad else "edge",
                  names=("matrices", "A", "matrix", "moment"),
                  value=args[0] if args else ())  # fmt: skip
    moments = [("quadratic_form_moment", "moment str", lambda: gaussian.quadratic_form_moment("a"),
                TypeError, r"matrices\[0\] must be a square matrix .*got str 'a'"),
               ("quadratic_form_moment_matrix", "moment None",
                lambda: gaussian.quadratic_form_moment_matrix(None), TypeError,
                r"matrices\[0\] must be a square matrix .*got NoneType None"),
               ("quadratic_form_moment", "no matrices", lambda: gaussian.quadratic_form_moment(),
                ValueError, "matrices must hold at least one matrix, got none"),
               ("quadratic_form_moment", "non-square",
                lambda: gaussian.quadratic_form_moment(I2, np.ones((2, 3))), ValueError,
                r"matrices\[1\] must be a square matrix, got shape \(2, 3\)"),
               ("quadratic_form_moment_matrix", "mismatched",
                lambda: gaussian.quadratic_form_moment_matrix(I2, np.eye(3)), ValueError,
                r"matrices\[1\] must be 2 x 2 like matrices\[0\], got shape \(3, 3\)"),
               ("quadratic_form_moment", "NaN", lambda: gaussian.quadratic_form_moment(NAN2),
                ValueError, r"matrices\[0\] must be finite"),
               ("quadratic_form_moment", "overflow",
                lambda: gaussian.quadratic_form_moment(I2 * 1e300, I2 * 1e300), FloatingPointError,
                "E\\[∏ uᵀA_iu\\] of the matrices is not finite"),
               ("quadratic_form_moment_matrix", "matrix overflow",
                lambda: gaussian.quadratic_form_moment_matrix(I2 * 1e300, I2 * 1e300),
                FloatingPointError, "of the matrices is not finite"),
               ("lemma_c1_expectation", "second matrix of another size",
                lambda: gaussian.lemma_c1_expectation(np.eye(3), I2), ValueError,
                r"sigma_inv must be 3 x 3 like H, got shape \(2, 2\)"),
               ("norm_moment", "p nan", lambda: gaussian.norm_moment(2, NAN), ValueError,
                "p must be finite, got nan"),
               ("lemma_b1_bounds", "Lemma B.1 overflow",
                lambda: gaussian.lemma_b1_bounds(2, 1e300), FloatingPointError,
                r"the bounds of Lemma B.1 is not finite \(d = 2, p = 1e\+300\)"),
               ("per_sample_second_moment", "second moment overflow",
                lambda: gaussian.per_sample_second_moment(I2, 1e300 * I2), FloatingPointError,
                "E‖X‖²_F is not finite"),
               ("monte_carlo", "monte_carlo rng 0", lambda: gaussian.monte_carlo(DRAW, 10, 0),
                TypeError, "rng must be a numpy.random.Generator .*got int 0"),
               ("monte_carlo", "monte_carlo NaN draws",
                lambda: gaussian.monte_carlo(lambda g, m: np.full(m, NAN), 10,
                                             np.random.default_rng(0)), ValueError,
                r"sample\(rng, m\) must return m = 10 finite draws .*non-finite"),
               ("monte_carlo", "monte_carlo chunk_size 0",
                lambda: gaussian.monte_carlo(DRAW, 10, np.random.default_rng(0), chunk_size=0),
                ValueError, "chunk_size must be an integer >= 1, got 0"),
               ("monte_carlo", "monte_carlo one sample",
                lambda: gaussian.monte_carlo(DRAW, 1, np.random.default_rng(0)), ValueError,
                "num_samples must be >= 2 for a standard error"),
               ("running_mean", "running_mean empty", lambda: gaussian.running_mean([]),
                ValueError, r"samples must be a non-empty array .*shape \(0,\)"),
               ("leading_term_dimension", "leading_term_dimension str",
                lambda: gaussian.leading_term_dimension("a"), ValueError,
                "share must be a positive real number, got 'a'")]  # fmt: skip
    for entry, label, call, error, match in moments:
        t.named(entry, f"{label}, named", call, error, match)

    def mc(**kw: Any) -> Any:
        return gaussian.monte_carlo(
            **{"sample": DRAW, "num_samples": 100, "rng": np.random.default_rng(0), **kw}
        )

    t.vary("monte_carlo", mc, {}, "num_samples", "int")
    t.vary("monte_carlo", mc, {}, "chunk_size", "int")
    t.vary("monte_carlo", mc, {}, "rng", [(0, True, "0"), ("a", True, "str"), (None, True, "None")])
    t.vary("monte_carlo", mc, {}, "sample",
           [(lambda g, m: np.full(m, NAN), True, "NaN draws"),
            (lambda g, m: "a", True, "str draws"),
            (lambda g, m: np.ones(m + 1), True, "wrong count"), (3, True, "not callable"),
            (lambda g, m: np.full(m, 1e300), False, "1e300 draws")])  # fmt: skip
    t.vary("running_mean", gaussian.running_mean, {}, "samples",
           [(np.zeros(0), True, "empty"), ("a", True, "str"), (np.array([NAN, 1.0]), True, "NaN"),
            (np.ones(1), False, "one sample"), (None, True, "None")])  # fmt: skip

    # the regularized objective
    G = regularized.GaussianRule
    t.vary("GaussianRule.gauss_hermite", G.gauss_hermite, {}, "dim", "int")
    t.vary("GaussianRule.gauss_hermite", G.gauss_hermite, {"dim": 2}, "degree", "int")
    t.vary("GaussianRule.monte_carlo", G.monte_carlo, {"dim": 2}, "num_samples", "int")
    t.vary("GaussianRule.monte_carlo", G.monte_carlo, {"num_samples": 10}, "dim", "int")
    t.named("GaussianRule.gauss_hermite", "30**6 nodes", lambda: G.gauss_hermite(6, 30), ValueError,
            r"degree\*\*dim must be at most .*degree = 30, dim = 6")  # fmt: skip
    rule = G.gauss_hermite(2, 10)
    LC = LogCoshQuadratic.random(2)
    at = dict(f=LC, mu=np.zeros(2), sigma=np.eye(2), alpha=0.1, rule=rule)
    for name in ("smoothed", "regularized_objective"):
        fn = getattr(regularized, name)
        t.vary(name, fn, at, "alpha", "positive")
        t.vary(name, fn, at, "mu", vectors())
        t.vary(name, fn, at, "sigma", matrices())
        t.vary(name, fn, at, "f", [(QUADRATIC, True, "plain function"), (None, True, "None")])
        t.vary(name, fn, at, "rule", [("a", True, "str"), (3, True, "3")])
    t.vary(
        "smoothed",
        regularized.smoothed,
        at,
        "derivatives",
        [(3, True, "3"), (-1, True, "-1"), ("a", True, "'a'")],
    )
    for label, call, error, match in [
        ("plain function", lambda: regularized.smoothed(QUADRATIC, np.zeros(2), I2, 0.1, rule),
         TypeError, "f must be an objective with dim, gradient, hessian .*lacks"),
        ("rule str", lambda: regularized.smoothed(LC, np.zeros(2), I2, 0.1, "a"), TypeError,
         "rule must be a quadrature rule with nodes, weights .*got str 'a'"),
        ("indefinite sigma",
         lambda: regularized.smoothed(LC, np.zeros(2), np.diag([1.0, -1.0]), 0.1, rule),
         ValueError, "sigma must be positive definite, got smallest eigenvalue -1"),
        ("alpha nan", lambda: regularized.smoothed(LC, np.zeros(2), I2, NAN, rule), ValueError,
         "alpha must be a finite number > 0, got nan"),
    ]:  # fmt: skip
        t.named("smoothed", f"{label}, named", call, error, match)
    t.named("regularized_objective", "alpha² overflows",
            lambda: regularized.regularized_objective(F, np.zeros(2), I2, 1e300),
            ValueError, "alpha² overflows at alpha = 1e[+]300")  # fmt: skip
    outer = dict(f=LC, alpha=0.1, tau=0.5, zeta=20.0, rule=rule)
    for name, kind in [("alpha", "positive"), ("tau", "positive"), ("zeta", "positive")]:
        t.vary(
            "minimize_regularized",
            regularized.minimize_regularized,
            outer,
            name,
            kind,
            names=(name, "tau"),
        )
    t.vary("minimize_regularized", regularized.minimize_regularized, outer, "f",
           [(QUADRATIC, True, "plain function"), (F, False, "quadratic objective")])  # fmt: skip
    t.vary(
        "minimize_regularized",
        regularized.minimize_regularized,
        outer,
        "rule",
        [(None, True, "None"), ("a", True, "'a'")],
    )
    t.vary(
        "minimize_regularized",
        regularized.minimize_regularized,
        outer,
        "mean0",
        vectors(),
        none_ok=True,
    )
    t.refuses("minimize_regularized", "tau > zeta",
              lambda: regularized.minimize_regularized(**{**outer, "tau": 5.0, "zeta": 1.0}),
              ("tau", "zeta"), 5.0)  # fmt: skip
    inner = dict(f=LC, mu=LC.minimizer, alpha=0.1, tau=0.5, zeta=20.0, rule=rule)
    given_mean = regularized.minimize_sigma_given_mean
    for name, kind in [("alpha", "positive"), ("tau", "positive"), ("zeta", "positive"),
                       ("tol", "positive"),
                       ("max_iterations", "int")]:  # fmt: skip
        t.vary("minimize_sigma_given_mean", given_mean, inner, name, kind, names=(name, "tau"))
    t.vary("minimize_sigma_given_mean", given_mean, inner, "sigma0", matrices(), none_ok=True)
    t.refuses(
        "minimize_sigma_given_mean",
        "tau > zeta",
        lambda: given_mean(**{**inner, "tau": 5.0, "zeta": 1.0}),
        ("tau", "zeta"),
        5.0,
    )
    t.refuses(
        "minimize_sigma_given_mean",
        "plain function",
        lambda: given_mean(**{**inner, "f": QUADRATIC}),
        "f",
        QUADRATIC,
    )
    t.named(
        "minimize_sigma_given_mean",
        "tau 0",
        lambda: given_mean(**{**inner, "tau": 0.0}),
        ValueError,
        "tau must be a finite number > 0, got 0.0",
    )
    t.named(
        "minimize_sigma_given_mean",
        "tol -1",
        lambda: given_mean(**{**inner, "tol": -1.0}),
        ValueError,
        "tol must be a finite number > 0, got -1.0",
    )
    t.named("minimize_sigma_given_mean", "indefinite sigma0",
            lambda: given_mean(**{**inner, "f": F, "mu": np.zeros(2),
                                  "sigma0": np.diag([1.0, -1.0])}),
            ValueError, "sigma0 must be positive definite, got smallest eigenvalue -1")  # fmt: skip
    sweep = dict(f=LC, alphas=[0.1], tau=0.5, zeta=20.0, rule=rule)
    t.vary("alpha_sweep", regularized.alpha_sweep, sweep, "alphas",
           [([0.0], True, "[0]"), ([NAN], True, "[nan]"), ([], True, "[]"), ("a", True, "'a'"),
            (0.1, True, "a float"),
            ([-0.1], True, "[-0.1]")])  # fmt: skip
    t.vary(
        "alpha_sweep", regularized.alpha_sweep, sweep, "f", [(QUADRATIC, True, "plain function")]
    )
    t.refuses(
        "alpha_sweep",
        "tau > zeta",
        lambda: regularized.alpha_sweep(**{**sweep, "tau": 5.0, "zeta": 1.0}),
        ("tau", "zeta"),
        5.0,
    )
    t.named("alpha_sweep", "no alphas", lambda: regularized.alpha_sweep(**{**sweep, "alphas": []}),
            ValueError,
            r"alphas must be a non-empty sequence of smoothing radii, got \[\]")  # fmt: skip

    # the symbolic derivations: sizes above MAX_SIZE, wrong types, bad symbolic input
    symbolic = lambda result: 0.0  # noqa: E731 - a sympy answer is not numbers
    for name, limit in nes.MAX_SIZE.items():
        argument = "degree" if name == "antithetic_identity_1d" else "d"
        wrong = [(v, True, label) for v, bad, label in KINDS["int"]() if bad and v != 0]
        values = [(limit + 1, True, f"{limit + 1} (MAX_SIZE + 1)"), (10**9, True, "10**9")] + wrong
        if argument == "d":
            values.append((0, True, "0"))
        positional = ("s",) if name.endswith("matrix_symbol") else ()
        t.vary(
            f"derivations.{name}",
            getattr(nes, name),
            {},
            argument,
            values,
            check=symbolic,
            positional=positional,
        )
        t.answers(f"derivations.{name}", "the smallest size", lambda n=name, a=argument,
                  p=positional:
                  getattr(nes, n)(*p, **{a: 1 if a == "d" else 0}), check=symbolic,
                  slow=True)  # fmt: skip
    w = sp.symbols("w1 w2", real=True)
    t.vary("derivations.gaussian_expectation", nes.gaussian_expectation, {"variables": list(w)},
           "expr",
           [(sp.exp(w[0]), True, "exp(w1)"), ("a", True, "'a'"), (None, True, "None"),
            (w[0] ** 40, False, "w1**40")],
           check=symbolic)  # fmt: skip
    t.vary("derivations.gaussian_expectation", nes.gaussian_expectation, {"expr": w[0] ** 2},
           "variables",
           [([], True, "[]"), (["w1"], True, "['w1']"), ([w[0], w[0]], True, "repeated"),
            (3, True, "3"),
            (w[0], False, "one symbol")], check=symbolic)  # fmt: skip
    S2, S3 = nes.symmetric_matrix_symbol("a", 2), nes.symmetric_matrix_symbol("b", 3)
    for name in ("bregman_divergence", "paper_bregman_divergence"):
        t.vary(f"derivations.{name}", getattr(nes, name),
               {"S1": S2, "alpha": sp.Symbol("alpha", positive=True)}, "S2",
               [(S3, True, "3 x 3"), (np.eye(2), True, "ndarray"),
                (sp.zeros(2, 3), True, "2 x 3")], check=symbolic)  # fmt: skip
    t.vary("derivations.paper_fisher_matrix", nes.paper_fisher_matrix, {}, "Sbar",
           [(sp.zeros(2, 3), True, "2 x 3"), (np.eye(2), True, "ndarray"), (None, True, "None")],
           check=symbolic)  # fmt: skip
    t.vary("derivations.log_likelihood", nes.log_likelihood,
           {"z": sp.symbols("z1:3"), "mu": sp.symbols("mu1:3")},
           "Sbar", [(S3, True, "3 x 3"), ("a", True, "'a'")], check=symbolic)  # fmt: skip
    for name in ("score_covariance", "regularized_gradient"):
        t.vary(f"derivations.{name}", getattr(nes, name), {"d": 1}, "convention",
               [("other", True, "'other'"), (None, True, "None")], check=symbolic)  # fmt: skip
    return t.cases
