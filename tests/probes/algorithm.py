"""Cases for ``mines_theory.algorithm``: the estimators, the pure strategy (``MiNESStrategy``,
``strategy.run``), the ask/tell object ``MiNES``, ``minimize`` with the paper's settings and
with the practical defaults, and the schedules."""

from __future__ import annotations

from typing import Any

import numpy as np

from mines_theory.algorithm import estimators, mines, practical, schedules
from mines_theory.algorithm.algorithm1 import MiNESStrategy
from mines_theory.algorithm.strategy import run
from mines_theory.problems.objectives import RotatedEllipsoid

from .harness import INF, NAN, Table, functions, matrices, vectors

F = RotatedEllipsoid(2, 10.0, seed=0)
U = np.random.default_rng(0).standard_normal((3, 2))
PAPER = dict(alpha=0.1, batch_size=3, tau=0.5, zeta=20.0, eta1=0.01)
SCHEDULES = [(lambda k, s, e: -1.0, "returns -1"), (lambda k, s, e: NAN, "returns NaN"),
             (lambda k, s, e: "a", "returns str"),
             (lambda k, s, e: np.ones(5), "returns shape 5")]  # fmt: skip


def steps(es: Any, f: Any = F, n: int = 3) -> dict:
    """n ask/tell iterations of ``es`` on ``f``; its mean and covariance (checked finite)."""
    for _ in range(n):
        X = es.ask()
        es.tell(X, f(X))
    return {"mean": es.mean, "covariance": es.covariance}


def es(**kw: Any) -> mines.MiNES:
    return mines.MiNES(**{"mean0": np.zeros(2), "sigma_inv0": np.eye(2), **PAPER, "seed": 0, **kw})


def strategy_tell(values: Any, seeds: int | None = None) -> Any:
    s = MiNESStrategy(dim=2, **PAPER)
    state = s.init(np.zeros(2), np.eye(2), seeds)
    X, sample = s.ask(state, np.ones((3, 2)) if seeds is None else np.ones((seeds, 3, 2)))
    return s.tell(state, sample, values(X))[0].mean


def cases() -> list:
    t = Table("algorithm")

    # estimators: mean_gradient, sigma_gradient, estimator_terms, query_points, precision_gradient
    base = dict(f=F, mu=np.ones(2), sigma_inv=np.eye(2), alpha=0.1, u=U)
    u_values = [(np.zeros((3, 3)), True, "wrong width"), (np.zeros((0, 2)), True, "no rows"),
                (np.full((3, 2), NAN), True, "NaN"), (np.ones(2), True, "1-D"), ("a", True, "str"),
                (None, True, "None"), (np.full((3, 2), 1e300), False, "1e300")]  # fmt: skip
    for name in ("mean_gradient", "sigma_gradient", "estimator_terms"):
        fn = getattr(estimators, name)
        t.vary(name, fn, base, "alpha", "positive")
        t.vary(name, fn, base, "mu", vectors(), names=("mu", "sigma_inv"))
        t.vary(name, fn, base, "sigma_inv", matrices())
        t.vary(name, fn, base, "u", u_values)
        t.vary(name, fn, base, "f", functions(), names=("f", "f(X)"))
        for alpha, word in [(1e-200, "underflows"), (1e200, "overflows")]:
            t.named(name, f"alpha² {word}", lambda fn=fn, a=alpha: fn(F, [0, 0], np.eye(2), a, U),
                    ValueError, rf"alpha must have a square .* {word} at alpha = ")  # fmt: skip
        t.edge(name, "huge sigma_inv, tiny alpha",
               lambda fn=fn: fn(F, np.ones(2), 1e150 * np.eye(2), 1e-150, U), "alpha")  # fmt: skip
    t.named("mean_gradient", "mu str", lambda: estimators.mean_gradient(F, "a", np.eye(2), 0.1, U),
            ValueError,
            "mu must be a non-empty 1-D array of real numbers, got str 'a'")  # fmt: skip
    t.named("mean_gradient", "f a str",
            lambda: estimators.mean_gradient("f", np.ones(2), np.eye(2), 0.1, U),
            TypeError, "f must be a callable f.X. .*got str 'f'")  # fmt: skip
    qp = estimators.query_points
    t.named("query_points", "steps NaN", lambda: qp(np.zeros(2), np.array([[NAN, 0.0]])),
            ValueError, "steps must be finite")  # fmt: skip
    t.named("query_points", "mean of another length", lambda: qp(np.zeros(3), np.ones((4, 2))),
            ValueError, r"mean must have shape .*\(2,\), got \(3,\)")  # fmt: skip
    t.named("query_points", "steps str", lambda: qp(np.zeros(2), "x"),
            ValueError, "steps must be an array of real numbers, got str 'x'")  # fmt: skip
    t.refuses("query_points", "mean None", lambda: qp(None, np.ones((3, 2))), "mean", None)
    t.refuses(
        "query_points", "mean NaN", lambda: qp([NAN, 0.0], np.ones((3, 2))), "mean", [NAN, 0.0]
    )
    t.answers("query_points", "steps 1e300", lambda: qp(np.zeros(2), np.full((3, 2), 1e300)))
    pg = estimators.precision_gradient
    for i, value, message in [
        (0, np.ones(4), r"second_differences must have shape \(3,\) .*got \(4,\)"),
        (0, np.full(3, NAN), "second_differences must be finite"),
        (1, np.full((3, 2), INF), "u must be finite"), (1, np.ones((3, 3)), "for u of shape"),
        (2, np.eye(3), r"B must have shape \(2, 2\) .*got \(3, 3\)"),
        (2, "a", "B must be .*got str 'a'"), (3, np.full((2, 2), NAN), "sigma_inv must be finite"),
    ]:  # fmt: skip
        args: list[Any] = [np.ones(3), np.ones((3, 2)), np.eye(2), np.eye(2)]
        args[i] = value
        t.named("precision_gradient", f"argument {i}: {message[:40]}", lambda a=args: pg(*a),
                ValueError, message)  # fmt: skip

    # the pure strategy: MiNESStrategy, its ask and tell, strategy.run
    def strategy(**kw: Any) -> Any:
        return MiNESStrategy(**{"dim": 2, **PAPER, **kw}).params

    for name, kind in [("dim", "int"), ("alpha", "positive"), ("batch_size", "int"),
                       ("tau", "positive"), ("zeta", "positive")]:  # fmt: skip
        t.vary("MiNESStrategy", strategy, {}, name, kind)
    t.vary("MiNESStrategy", strategy, {}, "precision_form",
           [("chol", True, "'chol'"), (None, True, "None"), (1, True, "1")])  # fmt: skip
    t.refuses(
        "MiNESStrategy", "tau > zeta", lambda: strategy(tau=5.0, zeta=1.0), ("tau", "zeta"), 5.0
    )
    t.named("MiNESStrategy", "zeta/tau beyond 1e12", lambda: strategy(tau=1e-20),
            ValueError, r"zeta/tau must be at most 1e\+12.*tau = 1e-20")  # fmt: skip
    for alpha, word in [(1e-200, "underflows"), (1e200, "overflows")]:
        t.named("MiNESStrategy", f"alpha² {word}", lambda a=alpha: strategy(alpha=a), ValueError,
                rf"alpha must have a square .* {word} at alpha = ")  # fmt: skip
    init = MiNESStrategy(dim=2, **PAPER).init
    t.refuses(
        "MiNESStrategy.init", "num_seeds=0", lambda: init(np.zeros(2), np.eye(2), 0), "num_seeds", 0
    )
    t.refuses("MiNESStrategy.init", "sigma_inv0 outside S'",
              lambda: init(np.zeros(2), 100 * np.eye(2)),
              "sigma_inv0", 100.0, match="eigenvalues in")  # fmt: skip
    t.refuses("MiNESStrategy.init", "mean0 of another length", lambda: init(np.zeros(3), np.eye(2)),
              "mean0", (3,), match="length")  # fmt: skip
    ask = MiNESStrategy(dim=2, **PAPER).ask
    state = MiNESStrategy(dim=2, **PAPER).init(np.zeros(2), np.eye(2))
    for u, label in [(np.full((3, 2), NAN), "NaN"), (np.ones((2, 2)), "b - 1 rows"),
                     (np.ones((3, 3, 2)), "a seed axis the state lacks"),
                     ("a", "str")]:  # fmt: skip
        t.named("MiNESStrategy.ask", f"u {label}", lambda u=u: ask(state, u),
                ValueError, r"u must be finite directions of shape \(3, 2\)")  # fmt: skip
    for values, label in [(lambda X: np.ones(6), "2b values"),
                          (lambda X: np.ones(8), "2b + 2 values"),
                          (lambda X: np.ones((2, 7)), "values for 2 seeds"),
                          (lambda X: ["1"] * 7, "numeric strings")]:  # fmt: skip
        t.named("MiNESStrategy.tell", label, lambda v=values: strategy_tell(v),
                ValueError,
                r"values must be the real values f\(X\) at the asked points")  # fmt: skip
    t.named("MiNESStrategy.tell", "one row of values for 3 seeds",
            lambda: strategy_tell(lambda X: np.ones(7), seeds=3), ValueError,
            r"shape \(3, 7\)")  # fmt: skip
    t.named("MiNESStrategy.tell", "infinite values",
            lambda: strategy_tell(lambda X: np.full(7, INF)),
            ValueError, "values must be finite, got 7 non-finite values")  # fmt: skip
    t.named("MiNESStrategy.tell", "values ±1.7e308",
            lambda: strategy_tell(lambda X: np.where(np.arange(7) % 2, 1.7e308, -1.7e308)),
            FloatingPointError, "the differences of f are not finite")  # fmt: skip
    s3 = MiNESStrategy(dim=2, **PAPER)
    stack = s3.init(np.zeros(2), np.eye(2), 3)
    g = np.random.default_rng

    for rngs, label in [([g(0)], "1 Generator for 3 seeds"), ([g(0)] * 4, "4 for 3 seeds"),
                        (0, "an int"), ([0, 1, 2], "ints"),
                        (g(0), "one Generator for 3 seeds")]:  # fmt: skip
        t.named("strategy.run", label, lambda r=rngs: run(s3, F, stack, r, 2),
                ValueError, "rngs must be a sequence of 3 Generators")  # fmt: skip
    t.named("strategy.run", "3 Generators for one seed", lambda: run(s3, F, state, [g(0)] * 3, 2),
            ValueError, "rngs must be one Generator")  # fmt: skip
    t.refuses(
        "strategy.run", "iterations=-1", lambda: run(s3, F, state, g(0), -1), "iterations", -1
    )
    t.refuses("strategy.run", "f a str", lambda: run(s3, "f", state, g(0), 1), "f", "f")
    t.answers(
        "strategy.run", "iterations=0", lambda: run(s3, F, stack, [g(i) for i in range(3)], 0).mean
    )

    # the ask/tell object MiNES
    def mines_run(**kw: Any) -> dict:
        return steps(es(**kw))

    for name, kind in [("alpha", "positive"), ("batch_size", "int"), ("tau", "positive"),
                       ("zeta", "positive"), ("eta1", "positive"), ("eta2", "positive"),
                       ("seed", "seed")]:  # fmt: skip
        # None: not given (the practical preset computes it from the calibration batch)
        t.vary("MiNES", mines_run, {}, name, kind, none_ok=True)
    t.vary("MiNES", mines_run, {}, "mean0", vectors(), names=("mean0", "sigma_inv0"))
    t.vary("MiNES", mines_run, {}, "sigma_inv0", matrices(), none_ok=True)
    t.vary("MiNES", mines_run, {}, "precision_form", [("x", True, "'x'"), (None, False, "None")])
    t.named("MiNES", "an unknown option", lambda: mines_run(sigma=1.0), ValueError,
            "options must be among alpha, .* got unknown sigma")  # fmt: skip
    t.answers("MiNES", "optimize, stop and result",
              lambda: es(max_evaluations=50).optimize(F).result.status)  # fmt: skip
    for name in ("eta1", "eta2"):
        t.vary("MiNES", mines_run, {}, name,
               [(s, True, f"schedule {label}") for s, label in SCHEDULES],
               names=(name,))  # fmt: skip
    t.refuses("MiNES", "tau > zeta", lambda: mines_run(tau=5.0, zeta=1.0), ("tau", "zeta"), 5.0)
    t.answers(
        "MiNES", "tau = 1e-18", lambda: mines_run(tau=1e-18, zeta=1e-7, sigma_inv0=1e-8 * np.eye(2))
    )
    t.refuses("MiNES", "alpha = 1e-160", lambda: mines_run(alpha=1e-160), "alpha", 1e-160)
    t.edge(
        "MiNES",
        "huge f values",
        lambda: steps(es(), lambda X: 1e300 * (1 + np.sum(X**2, 1)), 5),
        "f",
    )
    t.named("MiNES", "batch_size 10**9", lambda: es(batch_size=10**9), ValueError,
            r"batch_size = 1000000000 would need the \(2b\+1\) x dim query points .*29.8 "
            r"GiB")  # fmt: skip
    t.named("MiNES", "eta1 = lemma52_step of a wrong-size hessian",
            lambda: mines_run(eta1=schedules.lemma52_step(lambda x: np.eye(3), d=2, b=3,
                                                          delta=0.1)),
            ValueError, "sigma_inv|hessian|eta1")  # fmt: skip
    t.named("MiNES", "mean0 None", lambda: es(mean0=None), ValueError, "mean0 must be .*got None")
    t.named("MiNES", "complex sigma_inv0", lambda: es(sigma_inv0=np.eye(2) * (1 + 1j)),
            ValueError,
            r"sigma_inv0 must be a square matrix of real numbers, got complex")  # fmt: skip
    for seed, message in [(True, "seed must be None, an integer >= 0"),
                          (-1, "seed must be an integer >= 0, got -1"),
                          ("x", "seed must be None.*got 'x'")]:  # fmt: skip
        t.named("MiNES", f"seed {seed!r}", lambda s=seed: es(seed=s), ValueError, message)
    for scale in (1e-11, 1.0, 1e11):  # the symmetry rule is relative (issue 26)
        skew = scale * np.array([[1.0, 0.2], [0.0, 1.0]])
        t.named("MiNES", f"20% asymmetric sigma_inv0 at {scale:g}",
                lambda s=skew, c=scale: es(sigma_inv0=s, tau=0.5 * c, zeta=2 * c), ValueError,
                r"sigma_inv0 must be symmetric, got max \|A - A\^T\| = .*more than 1e-10 x max "
                r"\|A\|")  # fmt: skip
    for f, bad, label in functions():
        if callable(f):
            t.add("MiNES.tell", label, lambda f=f: steps(es(), f, 1),
                  "refused" if bad else "answered",
                  names=("f", "values"), value=f,
                  error=ValueError if bad else FloatingPointError)  # fmt: skip

    def tell(values: Any, change: float = 0.0) -> Any:
        e = es()
        X = e.ask()
        e.tell(X + change, values(X))
        return e.mean

    t.named("MiNES.tell", "3 values for 7 points", lambda: tell(lambda X: np.ones(3)),
            ValueError,
            r"values must hold one value per row of X, shape \(7,\), got shape \(3,\)")  # fmt: skip
    t.refuses("MiNES.tell", "X changed", lambda: tell(lambda X: np.ones(7), 1.0), "X", match="ask")
    t.named("MiNES.tell", "numeric strings", lambda: tell(lambda X: [str(v) for v in F(X)]),
            ValueError, "values must be real values, got list")  # fmt: skip
    t.named("MiNES.tell", "an int beyond the largest float", lambda: tell(lambda X: [10**309] * 7),
            ValueError, "values must be real values")  # fmt: skip
    t.refuses("MiNES.tell", "tell before ask", lambda: es().tell(np.zeros((7, 2)), np.zeros(7)),
              ("tell", "ask"))  # fmt: skip

    # minimize: the paper's settings, the practical defaults
    def minimize(f: Any = F, **kw: Any) -> Any:
        if kw.get("max_evaluations", 71) is None and "target" not in kw:
            # the default budget (18,516 values here, 20 s of CPU with the paper's settings):
            # a target ends the run early, so that the case asks only that None is accepted
            kw["target"] = 1.0
        return mines.minimize(
            f, **{"mean0": np.zeros(2), **PAPER, "max_evaluations": 71, "seed": 0, **kw}
        )

    for name, kind in [("max_evaluations", "int"), ("target", "finite"), ("alpha", "positive"),
                       ("tau", "positive"), ("seed", "seed")]:  # fmt: skip
        t.vary("minimize", minimize, {}, name, kind, none_ok=True)
    t.vary("minimize", minimize, {}, "mean0", vectors(), names=("mean0", "sigma_inv0"))
    t.vary("minimize", minimize, {}, "sigma_inv0", matrices(), none_ok=True)
    t.vary("minimize", minimize, {}, "f", functions(), names=("f", "f(X)"))
    t.answers(
        "minimize", "max_evaluations below one iteration", lambda: minimize(max_evaluations=3)
    )
    t.named("minimize", "callback not callable", lambda: minimize(callback=3), TypeError,
            "callback must be None or a callable .*, got int 3")  # fmt: skip
    for name in ("vectorized", "disp", "terminate"):  # flags take bools only
        for flag in ("False", "yes", 1, NAN, print):
            t.refuses("minimize", f"{name} {flag!r}", lambda n=name, v=flag: minimize(**{n: v}),
                      name, flag)  # fmt: skip
    t.named("minimize", "tau > zeta", lambda: minimize(tau=1e300), ValueError,
            "tau must be <= zeta, got tau = 1e[+]300 > zeta = 20.0")  # fmt: skip
    t.named("minimize", "mean0 of another length than f.dim", lambda: minimize(mean0=np.ones(3)),
            ValueError, "mean0 must have length f.dim = 2, got length 3")  # fmt: skip
    t.named("minimize", "batch_size 10**9", lambda: minimize(batch_size=10**9), ValueError, "GiB")
    # issue 46 §3, §4: a d x d matrix named before it is asked for; values that are no numbers
    t.named("minimize", "mean0 of length 10**6",
            lambda: minimize(lambda x: float(x @ x), mean0=np.zeros(10**6)), ValueError,
            r"len\(mean0\) = 1000000 would need the d x d precision")  # fmt: skip
    t.named("minimize", "f returns booleans",
            lambda: minimize(lambda X: np.ones(len(X), bool), vectorized=True), ValueError,
            "f must return real values, got booleans")  # fmt: skip
    t.named("minimize", "f returns a masked array",
            lambda: minimize(lambda X: np.ma.masked_array(np.ones(len(X)), mask=True),
                             vectorized=True), ValueError,
            "f must return plain real values, got a masked array")  # fmt: skip
    default = dict(alpha=None, batch_size=None, tau=None, zeta=None, eta1=None)
    t.named("minimize, defaults", "batch_size 10**9",
            lambda: minimize(**{**default, "batch_size": 10**9}),
            ValueError, r"batch_size = 1000000000 would need .* GiB")  # fmt: skip
    t.named("minimize, defaults", "a budget below the calibration",
            lambda: minimize(**default, max_evaluations=12),
            ValueError,
            r"max_evaluations must cover the calibration .*2b\+1 = 13.* got 12")  # fmt: skip
    for name in ("scale", "alpha"):
        t.vary(
            "minimize, defaults",
            lambda **kw: minimize(**{**default, **kw}),
            {},
            name,
            "positive",
            none_ok=True,
        )
    for f, label in [(lambda X: np.full(len(X), 1e308), "constant 1e308"),
                     (lambda X: 1e300 * np.sum(X, axis=1), "1e300·Σx")]:  # fmt: skip
        t.answers(
            "minimize, defaults",
            label,
            lambda f=f: minimize(f, **default, max_evaluations=300, vectorized=True),
        )
    t.answers("minimize, defaults", "alpha 0.01, 99 values",
              lambda: minimize(**{**default, "alpha": 0.01}, max_evaluations=99))  # fmt: skip
    # minimize's search domain (rule 7) and termination (rule 8)
    for label, bounds, match in [
        ("bounds not a pair", 3.0, "bounds must be a pair"),
        ("bounds NaN", (np.nan, 1.0), "bounds must be finite"),
        ("bounds lower >= upper", (1.0, -1.0), "lower < upper"),
        ("bounds of another length", (np.zeros(3), np.ones(3)), "vectors of length 2"),
        ("bounds of strings", ("a", "b"), "bounds must be a pair .* of real"),
    ]:
        t.named("minimize, defaults", label, lambda b=bounds: minimize(**default, bounds=b),
                ValueError, match)  # fmt: skip
    t.named("minimize, defaults", "bound_handling unknown",
            lambda: minimize(**default, bounds=(-5.0, 5.0), bound_handling="clip"),
            ValueError, "bound_handling must be one of")  # fmt: skip
    for handling in ("project", "transform"):
        t.answers("minimize, defaults", f"bounds, {handling}",
                  lambda h=handling: minimize(**default, bounds=(-5.0, 5.0), bound_handling=h,
                                              max_evaluations=300))  # fmt: skip
    t.answers("minimize", "terminate with the paper's settings",
              lambda: minimize(terminate=True, max_evaluations=2000))  # fmt: skip

    # practical: the rules, the settings
    t.vary("default_batch_size", practical.default_batch_size, {}, "d", "int")
    t.vary("prior_batches", practical.prior_batches, {"d": 2}, "b", "int")
    t.vary("curvature_scale", practical.curvature_scale,
           dict(f0=0.0, f_plus=np.ones(2), f_minus=np.ones(2)),
           "scale", "positive")  # fmt: skip
    t.vary(
        "CurvatureStep", practical.CurvatureStep, {"dim": 2, "batch_size": 3}, "alpha", "positive"
    )
    t.refuses("PracticalEta2", "prior -1", lambda: practical.PracticalEta2(-1), "prior", -1)
    calibrate = practical.practical_settings
    t.vary("practical_settings", calibrate, dict(mean0=np.zeros(2), rng=np.random.default_rng(0)),
           "f", functions(), names=("f", "f(X)"))  # fmt: skip
    t.answers("PracticalSettings ==", "two runs",
              lambda: float(calibrate(F, np.zeros(2), np.random.default_rng(0)) ==
                            calibrate(F, np.zeros(2), np.random.default_rng(0))))  # fmt: skip

    # schedules
    for name, kind in [("d", "int"), ("b", "int"), ("delta", "probability"), ("L", "positive"),
                       ("tau", "positive")]:  # fmt: skip
        t.vary(
            "lemma51_step",
            schedules.lemma51_step,
            dict(d=2, b=4, delta=0.1, L=1.0, tau=0.5),
            name,
            kind,
        )
    for name, kind in [("d", "int"), ("b", "int"), ("delta", "probability")]:
        t.vary("hutchinson_step", schedules.hutchinson_step, dict(d=2, b=4, delta=0.1), name, kind)
        t.vary("lemma52_step", schedules.lemma52_step, dict(hessian=F.hessian, d=2, b=4, delta=0.1),
               name, kind)  # fmt: skip
    t.vary("lemma52_step", schedules.lemma52_step, dict(d=2, b=4, delta=0.1), "hessian",
           [("a", True, "'a'"), (None, True, "None"), (3, True, "3")])  # fmt: skip
    t.vary("Constant", schedules.Constant, {}, "value", "positive")
    return t.cases
