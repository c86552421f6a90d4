"""Cases for ``mines_theory.problems``: the baselines (NES, RandomGradientFree, XNES, CMAES,
``make_method``), the objectives and logistic regression."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from mines_theory.problems import baselines, logistic, objectives
from mines_theory.problems.objectives import LogCoshQuadratic, RotatedEllipsoid

from .algorithm import steps
from .harness import INF, NAN, Table, documented_inf, matrices, valid_for, vectors

F = RotatedEllipsoid(2, 10.0, seed=0)
QUADRATIC = lambda X: 0.5 * np.sum(np.asarray(X) ** 2, axis=-1)  # noqa: E731
HUGE = lambda X: np.where(np.arange(len(X)) % 2 == 0, 1.7e308, -1.7e308)  # noqa: E731


def _copies_agree(es: Any) -> dict:
    """Three steps, then the run, a deep copy and a pickled copy take three more each: they must
    ask the same points."""
    import copy
    import pickle

    steps(es)
    runs = [es, copy.deepcopy(es), pickle.loads(pickle.dumps(es))]
    for _ in range(3):
        asked = [run.ask() for run in runs]
        for run, X in zip(runs, asked):
            run.tell(X, F(X))
        if not all(np.array_equal(X, asked[0]) for X in asked):
            raise AssertionError("a copy of the run asked other points than the run")
    return {"mean": es.mean}


def cases() -> list:
    t = Table("problems")

    # baselines: every method through make_method, then each class's own parameters
    for method in baselines.METHODS:

        def make(method: str = method, **kw: Any) -> dict:
            return steps(baselines.make_method(method, **{"objective": F, "seed": 0, **kw}))

        entry = f"make_method[{method}]"
        t.vary(entry, make, {}, "mean0", vectors())
        t.vary(entry, make, {"mean0": np.zeros(2)}, "seed", "seed")
        t.refuses(entry, "plain function", lambda m=make: m(objective=QUADRATIC, mean0=np.zeros(2)),
                  "objective", QUADRATIC)  # fmt: skip
        t.refuses(
            entry, "unknown option", lambda m=make: m(mean0=np.zeros(2), bogus=1), "bogus", "bogus"
        )
        huge = functools.partial(
            lambda m: steps(baselines.make_method(m, F, [0, 0], 0), HUGE, 1), method
        )
        if method in ("xNES", "CMA-ES"):  # rank-based: the size of the values does not matter
            t.answers(entry, "values ±1.7e308", huge)
        else:  # a finite update, or one that overflows and is named
            t.edge(entry, "values ±1.7e308", huge, "not finite", error=FloatingPointError)
    t.refuses(
        "make_method",
        "unknown name",
        lambda: baselines.make_method("XYZ", F, np.zeros(2)),
        "name",
        "XYZ",
    )
    t.refuses(
        "make_method",
        "name None",
        lambda: baselines.make_method(None, F, np.zeros(2)),
        "name",
        None,
    )

    def option(name: str) -> Any:
        return lambda **kw: steps(baselines.make_method(name, F, np.zeros(2), seed=0, **kw))

    for name, kind in [("batch_size", "int"), ("alpha", "positive"), ("tau", "positive")]:
        # alpha=None: not given, MiNES's practical preset calibrates it (algorithm.options)
        t.vary("make_method[MiNES]", option("MiNES"), {}, name, kind, none_ok=True,
               names=(name, "tau", "zeta", "sigma_inv0"))  # fmt: skip
    for name, kind in [("batch_size", "int"), ("eta", "positive")]:
        t.vary("make_method[NES]", option("NES"), {}, name, kind, none_ok=True)
    t.vary("make_method[NES]", option("NES"), {}, "cov0", matrices(), none_ok=True)
    for name, kind in [("batch_size", "int"), ("eta", "positive"), ("alpha", "positive")]:
        t.vary("make_method[RGF]", option("RGF"), {}, name, kind, none_ok=name == "eta")
    for name, message in [("NES", "batch_size"), ("NES", "eta"), ("RGF", "eta")]:
        zero = functools.partial(lambda n, m: option(n)(**{m: 0}), name, message)
        t.named(f"make_method[{name}]", f"{message}=0 is not the default", zero, ValueError,
                rf"{message} must be .*got 0")  # fmt: skip
    t.named("make_method[MiNES]", "batch_size 0",
            lambda: baselines.make_method("MiNES", F, np.zeros(2), batch_size=0),
            ValueError, "batch_size must be an integer >= 1, got 0")  # fmt: skip
    t.named("make_method[RGF]", "plain function, named",
            lambda: baselines.make_method("RGF", QUADRATIC, np.zeros(2)),
            TypeError, "objective must be an objective with dim.*lacks dim")  # fmt: skip

    def xnes(**kw: Any) -> dict:
        return steps(baselines.XNES(np.zeros(2), **{"sigma0": 1.0, "seed": 0, **kw}))

    for name, kind in [("popsize", "int"), ("eta_mean", "positive"), ("eta_sigma", "positive"),
                       ("eta_B", "positive"), ("sigma0", "positive")]:  # fmt: skip
        t.vary("XNES", xnes, {}, name, kind, none_ok=name != "sigma0")
    t.named(
        "XNES",
        "popsize 1",
        lambda: xnes(popsize=1),
        ValueError,
        "popsize must be an integer >= 2.*got 1",
    )
    t.named("XNES", "eta_sigma 1e300", lambda: xnes(eta_sigma=1e300), FloatingPointError,
            "xNES's step-size factor .* is not finite .*eta_sigma = 1e[+]300")  # fmt: skip

    def cmaes(mean0: Any = np.zeros(2), **kw: Any) -> dict:
        return steps(
            baselines.CMAES(mean0, **{"sigma0": 1.0, **kw}), lambda X: np.sum(X**2, axis=1)
        )

    t.vary("CMAES", cmaes, {"seed": 0}, "sigma0", "positive")
    t.vary("CMAES", cmaes, {}, "seed", "seed", none_ok=True)
    t.vary("CMAES", cmaes, {"seed": 0}, "mean0", valid_for(vectors(), "wrong length"))
    for options, names, value, label in [(3, "options", 3, "options not a dict"),
                                         ({"seed": -1}, "seed", -1, "options seed -1"),
                                         ({"randn": np.random.randn}, "randn", "randn",
                                          "options randn")]:  # fmt: skip
        t.refuses(
            "CMAES",
            label,
            lambda o=options: baselines.CMAES(np.zeros(2), 1.0, options=o),
            names,
            value,
        )
    t.answers(
        "CMAES",
        "a deep or pickled copy continues the run",
        lambda: _copies_agree(baselines.CMAES(np.zeros(2), 1.0, seed=0)),
    )
    t.vary("NES", lambda **kw: steps(baselines.NES(**kw)),
           dict(mean0=np.zeros(2), cov0=np.eye(2), eta=0.1, batch_size=3, seed=0), "eta",
           "positive")  # fmt: skip
    t.named("NES", "indefinite cov0",
            lambda: baselines.NES(np.zeros(2), np.diag([1.0, -1.0]), eta=0.1, batch_size=3),
            ValueError, "cov0 must be positive definite, got smallest eigenvalue -1")  # fmt: skip
    t.vary("RandomGradientFree", lambda **kw: steps(baselines.RandomGradientFree(**kw)),
           dict(mean0=np.zeros(2), alpha=0.1, eta=0.01, seed=0), "alpha", "positive")  # fmt: skip
    rgf = baselines.RGFStrategy(dim=2, alpha=0.1, eta=0.01, batch_size=2)
    t.vary(
        "RGFStrategy",
        lambda **kw: baselines.RGFStrategy(**kw).params,
        dict(alpha=0.1, eta=0.01),
        "dim",
        "int",
    )
    t.named("RGFStrategy.ask", "u NaN", lambda: rgf.ask(np.zeros(2), np.full((2, 2), NAN)),
            ValueError,
            r"u must be finite directions of shape \(2, 2\)")  # fmt: skip
    t.named("RGFStrategy.tell", "2b - 1 values",
            lambda: rgf.tell(np.zeros(2), np.ones((2, 2)), np.ones(3)),
            ValueError,
            r"values must be the real values f\(X\) at the asked points, shape \(4,\)")  # fmt: skip
    t.vary("nesterov_spokoiny_step", baselines.nesterov_spokoiny_step, dict(d=2), "L", "positive")
    t.vary("nesterov_spokoiny_step", baselines.nesterov_spokoiny_step, dict(L=1.0), "d", "int")
    t.vary("xnes_defaults", baselines.xnes_defaults, {}, "dim", "int")

    # objectives
    def ellipsoid(**kw: Any) -> RotatedEllipsoid:
        return RotatedEllipsoid(**{"dim": 2, "condition": 10.0, **kw})

    for name, kind in [("dim", "int"), ("condition", "positive"), ("scale", "positive"),
                       ("f_star", "finite"), ("seed", "seed")]:  # fmt: skip
        t.vary("RotatedEllipsoid", ellipsoid, {}, name, kind, names=(name, "condition"))
    t.vary("RotatedEllipsoid", ellipsoid, {}, "minimizer", vectors(), none_ok=True)
    t.refuses(
        "RotatedEllipsoid", "condition < 1", lambda: ellipsoid(condition=0.5), "condition", 0.5
    )
    t.named("RotatedEllipsoid", "dim 10**6", lambda: ellipsoid(dim=10**6), ValueError,
            r"dim = 1000000 would need the Hessian, a dim x dim array, of 1,000,000,000,000 "
            r"float64 entries")  # fmt: skip
    t.named("RotatedEllipsoid", "scale · condition overflows",
            lambda: ellipsoid(scale=1e200, condition=1e200),
            FloatingPointError, "scale · condition is not finite .*scale = 1e[+]200")  # fmt: skip
    t.named("RotatedEllipsoid", "seed True", lambda: ellipsoid(seed=True), ValueError,
            "seed must be None, an integer >= 0, a SeedSequence or a Generator, got "
            "True")  # fmt: skip
    for X, bad, label in [(np.zeros(3), True, "wrong length"), ("a", True, "str"),
                          (np.zeros((2, 2, 2)), True, "3-D"),
                          (["1", "2"], True, "numeric strings"),
                          (np.full(2, 1e300), False, "1e300")]:  # fmt: skip
        t.add("Objective.__call__", f"X {label}", lambda X=X: F(X),
              "refused" if bad else "answered",
              names="X", value=X, check=documented_inf)  # fmt: skip
        t.add("Objective.hessian", f"X {label}", lambda X=X: F.hessian(X),
              "refused" if bad else "answered",
              names="X", value=X)  # fmt: skip
    t.named("Objective.__call__", "X NaN", lambda: F(np.array([NAN, 0.0])), ValueError,
            "X must be finite, got non-finite entries in row 0")  # fmt: skip

    def log_cosh(**kw: Any) -> LogCoshQuadratic:
        return LogCoshQuadratic(
            **{"A": np.eye(2), "directions": np.eye(2), "weights": np.ones(2), **kw}
        )

    t.vary("LogCoshQuadratic", log_cosh, {}, "A", matrices())
    t.vary(
        "LogCoshQuadratic", log_cosh, {}, "weights", vectors() + [(-np.ones(2), True, "negative")]
    )
    t.vary("LogCoshQuadratic", log_cosh, {}, "directions",
           [(np.ones((2, 3)), True, "wrong width"), (np.full((2, 2), NAN), True, "NaN"),
            ("a", True, "str"),
            (None, True, "None"), (np.full((2, 2), 1e300), False, "1e300")])  # fmt: skip
    t.vary("LogCoshQuadratic", log_cosh, {}, "f_star", "finite")
    t.named("LogCoshQuadratic", "directions NaN",
            lambda: log_cosh(directions=[[NAN, 0.0]], weights=[1.0]),
            ValueError, "directions must be finite")  # fmt: skip
    t.named("LogCoshQuadratic", "directions of another width",
            lambda: log_cosh(A=np.eye(3), directions=np.ones((2, 2))),
            ValueError,
            r"directions must have shape \(m, 3\) to match A of shape \(3, 3\), got shape \(2, "
            r"2\)")  # fmt: skip
    t.named("LogCoshQuadratic", "gamma overflows",
            lambda: log_cosh(directions=np.full((2, 2), 1e300)),
            FloatingPointError,
            r"gamma = 4/\(3√3\) Σ_j c_j ‖v_j‖³ is not finite \(largest \|directions\| = "
            r"1e\+300")  # fmt: skip
    for name, kind in [
        ("dim", "int"),
        ("condition", "positive"),
        ("weight", "positive"),
        ("num_terms", "int"),
    ]:
        t.vary("LogCoshQuadratic.random", LogCoshQuadratic.random, {"dim": 2}, name, kind,
               none_ok=name == "num_terms", names=(name, "condition"))  # fmt: skip
    t.named("LogCoshQuadratic.random", "condition 1e300",
            lambda: LogCoshQuadratic.random(3, 1e300), ValueError,
            "condition must be small enough .* got 1e\\+300")  # fmt: skip
    for name in ("a", "c"):
        t.vary("log_cosh_1d", objectives.log_cosh_1d, {}, name, "positive")
    t.vary("log_cosh_1d", objectives.log_cosh_1d, {}, "minimizer", "finite")
    t.vary("SoftCubic1D", objectives.SoftCubic1D, {}, "scale", "positive")

    # logistic regression
    rng = np.random.default_rng(0)
    X, y = rng.standard_normal((10, 2)), np.sign(rng.standard_normal(10))
    lr = dict(features=X, labels=y, regularization=0.1)
    t.vary("LogisticRegression", logistic.LogisticRegression, lr, "regularization", "positive")
    t.vary("LogisticRegression", logistic.LogisticRegression, lr, "features",
           [(np.full((10, 2), NAN), True, "NaN"), (np.zeros((0, 2)), True, "empty"),
            (X * 1e200, True, "×1e200"),
            (X * 1e100, False, "×1e100"), ("a", True, "str"), (None, True, "None"),
            (X[:, 0], True, "1-D"),
            (X * (1 + 1j), True, "complex"), (X.astype(str), True, "numeric strings")])  # fmt: skip
    t.vary("LogisticRegression", logistic.LogisticRegression, lr, "labels",
           [(np.zeros(10), True, "zeros"), (np.ones(9), True, "wrong length"),
            (np.full(10, NAN), True, "NaN"),
            ("a", True, "str"), ([0.0, 1.0] * 5, True, "0 and 1")])  # fmt: skip
    t.named("LogisticRegression", "features ×1e200",
            lambda: logistic.LogisticRegression(X * 1e200, y, 0.1),
            ValueError, "features must be small enough that ‖x_i‖³ is a float")  # fmt: skip
    t.named("LogisticRegression", "labels 0 and 1",
            lambda: logistic.LogisticRegression(np.ones((2, 2)), [0.0, 1.0], 0.1),
            ValueError, r"labels must be -1 or \+1, got the values \[0. 1.\]")  # fmt: skip
    for name, kind in [("dim", "int"), ("num_samples", "int"), ("regularization", "positive"),
                       ("scale", "positive"), ("seed", "seed")]:  # fmt: skip
        t.vary(
            "synthetic_logistic",
            logistic.synthetic_logistic,
            {},
            name,
            kind,
            names=(name, "features"),
        )
    t.vary("breast_cancer_logistic", logistic.breast_cancer_logistic, {}, "num_features",
           [(0, True, "0"), (-1, True, "-1"), (2.5, True, "2.5"), ("a", True, "'a'"),
            (100, False, "100")],
           slow=True)  # fmt: skip
    t.vary("breast_cancer_logistic", logistic.breast_cancer_logistic, {"num_features": 3},
           "regularization",
           [(0.0, True, "0"), (NAN, True, "nan"), (-1.0, True, "-1"), (INF, True, "inf")],
           slow=True)  # fmt: skip
    return t.cases
