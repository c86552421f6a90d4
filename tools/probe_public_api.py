"""Probe the public API with scripted bad and extreme inputs (issue 16's study, repeatable).

Every entry point of ``mines_theory.__all__`` and of each submodule's ``__all__`` (algorithm,
baselines, experiments, objectives, bounds, gaussian, regularized, linalg, schedules, derivations,
plotting's ``save_figure``/``save_table``) is called with zero, negative, NaN, ±inf, huge (1e300),
tiny (1e-300), wrong types (str, None, True, complex, a list of the wrong shape), arrays of the
wrong shape, non-symmetric or indefinite matrices, τ > ζ, empty arrays, a plain function where an
objective is expected and objectives that return NaN, inf or complex values. Each probe runs in
this process under a time limit (``signal.alarm``) and a memory cap (``RLIMIT_AS``) and ends in
one class:

  a  named error: ValueError/TypeError/FloatingPointError naming the parameter and its value
  b  a finite answer on a valid edge
  c  unclear error: the right type, but the message lacks the parameter's name or its value
  d  bad value accepted silently: finite numbers returned for nonsense input
  e  internal exception (LinAlgError, ZeroDivisionError, OverflowError, KeyError, ...)
  f  silent NaN or inf in the output
  g  hang (time limit) or MemoryError

A RuntimeError raised by the library itself reports a state, not an input (ask/tell out of
order, the NES meta-algorithm's documented collapse, a fixed point that did not converge): it
counts as (b) on a valid edge, and as (a) or (c) on bad input depending on its message.

Usage (nothing is written into the tree; the probe works in a temporary directory)::

    PYTHONPATH=$PWD OPENBLAS_NUM_THREADS=1 python tools/probe_public_api.py \
        [--verbose] [--only NAME]

Prints the count per class and every probe outside (a) and (b).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import math
import numbers
import os
import resource
import signal
import sys
import tempfile
import traceback
import warnings
from collections.abc import Callable
from typing import Any

sys.dont_write_bytecode = True  # nothing written into the tree, not even .pyc

import numpy as np  # noqa: E402
import pandas as pd
from mines_theory.experiments.sweep import evaluations_to_target, spawn_seeds
from mines_theory.problems.logistic import (
    breast_cancer_logistic,
    LogisticRegression,
    synthetic_logistic,
)
from mines_theory.linalg.lowrank import low_rank, low_rank_update, project_low_rank
from mines_theory.theory.derivations.nes import (
    symmetric_matrix_symbol,
    gaussian_expectation,
    paper_fisher_matrix,
    log_likelihood,
    MAX_SIZE,
)
from mines_theory.algorithm.estimators import query_points, precision_gradient
from mines_theory.algorithm.algorithm1 import MiNESStrategy
from mines_theory.algorithm.schedules import harmonic  # noqa: E402

TIME_LIMIT = 10  # seconds per probe
MEMORY_LIMIT = 4 * 2**30  # bytes of address space for the whole process
NAN, INF = float("nan"), float("inf")
ALLOWED = (ValueError, TypeError, FloatingPointError)
CLASSES = {
    "a": "named error",
    "b": "finite answer on a valid edge",
    "c": "unclear error",
    "d": "bad value accepted silently",
    "e": "internal exception",
    "f": "silent NaN/inf in the output",
    "g": "hang or MemoryError",
}


class Hang(BaseException):
    """Raised by the alarm; a BaseException so that no ``except Exception`` swallows it."""


@dataclasses.dataclass
class Probe:
    entry: str  # the public name probed
    label: str  # what was changed
    call: Callable[[], Any]
    names: tuple  # words, one of which the message must contain
    value: Any  # the probed value (its rendering must appear in the message)
    bad: bool  # nonsense input (a finite answer is class d), else a valid edge
    check: Callable[[Any], Any] | None = None  # output -> what must be finite
    tokens: tuple = ()  # further accepted renderings of the value


# ----------------------------------------------------------------------------------------------
# Classification
# ----------------------------------------------------------------------------------------------


def value_tokens(value) -> set[str]:
    """Strings one of which an error message should contain to 'show the value'."""
    if value is None:
        return {"None"}
    if isinstance(value, (bool, np.bool_)):
        return {repr(bool(value))}
    if isinstance(value, str):
        return {repr(value), value} if value else {"''"}
    if isinstance(value, complex):
        return {repr(value), str(value)}
    if isinstance(value, numbers.Real):
        v = float(value)
        out = {repr(value), repr(v), str(v), f"{v:g}", f"{v:.3g}", f"{v:.6g}", str(value)}
        if math.isnan(v):
            out |= {"nan", "NaN"}
        if math.isinf(v):
            out |= {"inf", "Infinity"}
        if float(v).is_integer() and abs(v) < 1e16:
            out.add(str(int(v)))
        return out
    if isinstance(value, (list, tuple, np.ndarray)):
        return {
            str(np.shape(value)),
            "shape",
            "finite",
            "empty",
            "symmetric",
            "positive definite",
            "eigenvalue",
            "length",
            "square",
            "spectrum",
            "got",
        }
    if callable(value):
        return {type(value).__name__, "function", "callable", "returned", "lacks"}
    return {type(value).__name__, repr(value)[:20]}


def numbers_in(result, depth=0):
    """The numbers in a result (arrays, tuples, frames, dataclasses, objects' attributes)."""
    if depth > 3 or result is None or isinstance(result, (bool, np.bool_, str, type)):
        return
    if isinstance(result, numbers.Number):
        yield complex(result) if isinstance(result, complex) else float(result)
    elif isinstance(result, np.ndarray):
        if result.dtype.kind in "fc":
            yield from result.ravel().tolist()
        elif result.dtype == object:
            for item in result.ravel():
                yield from numbers_in(item, depth + 1)
    elif isinstance(result, pd.DataFrame):
        for column in result.select_dtypes("number"):
            yield from result[column].astype(float).tolist()
    elif isinstance(result, dict):
        for item in result.values():
            yield from numbers_in(item, depth + 1)
    elif isinstance(result, (tuple, list)):
        for item in result:
            yield from numbers_in(item, depth + 1)
    elif dataclasses.is_dataclass(result):
        for field in dataclasses.fields(result):
            yield from numbers_in(getattr(result, field.name), depth + 1)
    elif hasattr(result, "__dict__") and not callable(result) or hasattr(result, "dim"):
        for key, item in vars(result).items():
            if not key.startswith("_") or key in ("_mean", "_cov"):
                yield from numbers_in(item, depth + 1)


def finite(result) -> bool:
    return all(cmath_isfinite(v) for v in numbers_in(result))


def cmath_isfinite(v) -> bool:
    return (
        math.isfinite(v.real) and math.isfinite(v.imag)
        if isinstance(v, complex)
        else math.isfinite(v)
    )


def classify(probe: Probe) -> tuple[str, str]:
    """(class, detail) of one probe."""

    def alarm(signum, frame):
        raise Hang()

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(TIME_LIMIT)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with np.errstate(all="ignore"):
                result = probe.call()
                if probe.check is not None:
                    result = probe.check(result)
    except Hang:
        return "g", f"no answer within {TIME_LIMIT} s"
    except MemoryError as error:
        return "g", f"MemoryError {error}"
    except Exception as error:  # noqa: BLE001
        message = f"{type(error).__name__}: {error}"
        short = message if len(message) < 300 else message[:300] + " …"
        named = any(name in str(error) for name in probe.names) or (
            not probe.bad and ("f returned" in str(error) or "X must be" in str(error))
        )
        from_library = "mines_theory" in traceback.extract_tb(error.__traceback__)[-1].filename
        if isinstance(error, RuntimeError) and from_library:
            # the library's report of a state: call order, NES's documented collapse, a fixed
            # point that did not converge; on a valid edge it is a correct answer
            return ("b" if not probe.bad else "a" if named else "c"), short
        shows = not probe.bad or any(
            token in str(error) for token in value_tokens(probe.value) | set(probe.tokens)
        )
        if not isinstance(error, ALLOWED):
            return "e", short + " @ " + _origin(error)
        if isinstance(error, np.linalg.LinAlgError) and not named:
            return "e", short + " @ " + _origin(error)
        return ("a" if named and shows else "c"), short
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    try:
        ok = finite(result)
    except Exception as error:  # noqa: BLE001
        return "f", f"output not numeric: {error}"
    if not ok:
        return "f", f"non-finite output: {_short(result)}"
    return ("d" if probe.bad else "b"), _short(result)


def _origin(error) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    return f"{os.path.basename(frames[-1].filename)}:{frames[-1].lineno}" if frames else "?"


def _short(result) -> str:
    text = repr(result).replace("\n", " ")
    return text if len(text) < 120 else text[:120] + " …"


# ----------------------------------------------------------------------------------------------
# Inputs
# ----------------------------------------------------------------------------------------------

WRONG_TYPES = ["a", None, True, 1 + 1j, [1.0, 2.0]]
#: (value, bad?) per kind of parameter
KINDS = {
    "positive": [
        (0, True),
        (0.0, True),
        (-1.0, True),
        (NAN, True),
        (INF, True),
        (-INF, True),
        (1e300, False),
        (1e-300, False),
        (np.float32(0.5), False),
    ]
    + [(v, True) for v in WRONG_TYPES],
    "nonnegative": [
        (0.0, False),
        (-1.0, True),
        (NAN, True),
        (INF, True),
        (1e300, False),
        (1e-300, False),
    ]
    + [(v, True) for v in WRONG_TYPES],
    "finite": [(NAN, True), (INF, True), (-INF, True), (1e300, False), (-1e300, False)]
    + [(v, True) for v in WRONG_TYPES],
    "probability": [
        (0.0, True),
        (1.0, True),
        (-0.5, True),
        (2.0, True),
        (NAN, True),
        (1e-300, False),
    ]
    + [(v, True) for v in WRONG_TYPES],
    "int": [(0, True), (-1, True), (2.5, True), (NAN, True), (INF, True), (np.int64(2), False)]
    + [(v, True) for v in WRONG_TYPES],
    "seed": [
        (-1, True),
        (2.5, True),
        (True, True),
        ("a", True),
        (1 + 1j, True),
        (NAN, True),
        (np.int64(3), False),
        (2**64, False),
    ],
}


def vectors(d=2):
    return [
        (np.full(d, NAN), True, "NaN entries"),
        (np.full(d, INF), True, "inf entries"),
        (np.zeros(d + 1), True, "wrong length"),
        (np.zeros((d, d)), True, "2-D"),
        (np.zeros(0), True, "empty"),
        ("a", True, "str"),
        (None, True, "None"),
        (np.ones(d) * (1 + 1j), True, "complex"),
        (np.full(d, 1e300), False, "1e300 entries"),
        (np.full(d, 1e-300), False, "1e-300 entries"),
    ]


#: Bounds whose value for γ = 0 (a quadratic) is documented as +∞.
GAMMA_ZERO_IS_INF = ("alpha_condition", "local_region_threshold", "nab_f_threshold")


def any_size(items):
    """``matrices()`` for a function of one matrix of any size: a 3 × 3 matrix is valid there."""
    return [(value, bad and label != "wrong shape", label) for value, bad, label in items]


def matrices(d=2, *, spd=True, scale=1.0):
    indefinite = np.diag([1.0, -1.0] + [1.0] * (d - 2))
    out = [
        (np.array([[1.0, 2.0], [0.0, 1.0]]) * scale, True, "non-symmetric"),
        (np.full((d, d), NAN), True, "NaN"),
        (np.eye(d + 1) * scale, True, "wrong shape"),
        (np.ones(d), True, "1-D"),
        (np.zeros((0, 0)), True, "empty"),
        ("a", True, "str"),
        (None, True, "None"),
        (np.eye(d) * (1 + 1j), True, "complex"),
        (np.eye(d) * 1e300, False, "1e300·I"),
        (np.eye(d) * 1e-300, False, "1e-300·I"),
    ]
    if spd:
        out += [(indefinite * scale, True, "indefinite"), (np.zeros((d, d)), True, "zero matrix")]
    return out


# ----------------------------------------------------------------------------------------------
# The probes
# ----------------------------------------------------------------------------------------------


def build(tmp: str) -> list[Probe]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import mines_theory
    from mines_theory.algorithm import mines as algorithm, schedules
    from mines_theory.problems import baselines, objectives
    from mines_theory.theory import bounds, derivations, gaussian, regularized
    from mines_theory.experiments import runs as experiments
    from mines_theory.linalg import spd as linalg
    from mines_theory.plotting import figures as plotting

    probes: list[Probe] = []
    F = objectives.RotatedEllipsoid(2, 10.0, seed=0)
    quadratic = lambda X: 0.5 * np.sum(np.asarray(X) ** 2, axis=-1)  # noqa: E731

    def add(entry, label, call, names, value, bad, check=None, tokens=()):
        names = (names,) if isinstance(names, str) else tuple(names)
        probes.append(Probe(entry, label, call, names, value, bad, check, tuple(tokens)))

    def substitute(
        entry,
        function,
        base,
        name,
        kind=None,
        values=None,
        check=None,
        names=None,
        positional=(),
        none_ok=False,
    ):
        """One probe per value of ``kind`` (or ``values``: (value, bad, label)) for ``name``;
        ``none_ok``: None is a valid value (a default)."""
        items = values if values is not None else [(v, bad, repr(v)) for v, bad in KINDS[kind]]
        items = [(v, bad and not (none_ok and v is None), label) for v, bad, label in items]
        for value, bad, label in items:
            kwargs = {**base, name: value}
            add(
                entry,
                f"{name}={label}",
                lambda kw=kwargs: function(*positional, **kw),
                names or name,
                value,
                bad,
                check,
            )

    def bad_functions(d=2):
        """(f, label, bad?): functions where an objective's values are expected."""
        return [
            (lambda X: np.full(np.shape(X)[0], NAN), "f returns NaN", True),
            (lambda X: np.full(np.shape(X)[0], INF), "f returns inf", True),
            (lambda X: np.ones(np.shape(X)[0]) * (1 + 1j), "f returns complex", True),
            (lambda X: np.ones((np.shape(X)[0], 2)), "f returns wrong shape", True),
            (lambda X: "a", "f returns str", True),
            (lambda X: 1e300 * np.sum(np.asarray(X) ** 2 + 1, axis=-1), "f returns 1e300", False),
            ("not callable", "f is a str", True),
        ]

    run_steps = lambda es, f=F, n=3: _steps(es, f, n)  # noqa: E731

    # -- algorithm: the estimators ------------------------------------------------------------
    u = np.random.default_rng(0).standard_normal((3, 2))
    base = dict(f=F, mu=np.ones(2), sigma_inv=np.eye(2), alpha=0.1, u=u)
    for name in ("mean_gradient", "sigma_gradient", "estimator_terms"):
        fn = getattr(algorithm, name)
        substitute(name, fn, base, "alpha", "positive")
        substitute(name, fn, base, "mu", values=vectors(), names=("mu", "sigma_inv"))
        substitute(name, fn, base, "sigma_inv", values=matrices())
        substitute(
            name,
            fn,
            base,
            "u",
            values=[
                (np.zeros((3, 3)), True, "wrong width"),
                (np.zeros((0, 2)), True, "no rows"),
                (np.full((3, 2), NAN), True, "NaN"),
                (np.ones(2), True, "1-D"),
                ("a", True, "str"),
                (None, True, "None"),
                (np.full((3, 2), 1e300), False, "1e300"),
            ],
        )
        for f, label, bad in bad_functions():
            add(
                name,
                label,
                lambda f=f, fn=fn: fn(f, np.ones(2), np.eye(2), 0.1, u),
                "f",
                f,
                bad,
                tokens=("nan", "inf", "complex", "shape", "callable", "str"),
            )
        add(
            name,
            "huge sigma_inv and tiny alpha",
            lambda fn=fn: fn(F, np.ones(2), 1e150 * np.eye(2), 1e-150, u),
            ("alpha", "sigma_inv"),
            1e-150,
            False,
        )
    add(
        "query_points",
        "mean NaN",
        lambda: query_points(np.full(2, NAN), np.ones((3, 2))),
        "mean",
        NAN,
        True,
    )
    add(
        "query_points",
        "steps wrong width",
        lambda: query_points(np.zeros(2), np.ones((3, 3))),
        "steps",
        None,
        True,
        tokens=("shape",),
    )
    add(
        "query_points",
        "steps str",
        lambda: query_points(np.zeros(2), "a"),
        "steps",
        "a",
        True,
    )
    add(
        "query_points",
        "mean None",
        lambda: query_points(None, np.ones((3, 2))),
        "mean",
        None,
        True,
    )
    add(
        "query_points",
        "steps 1e300",
        lambda: query_points(np.zeros(2), np.full((3, 2), 1e300)),
        "steps",
        1e300,
        False,
    )
    add(
        "precision_gradient",
        "second_differences NaN",
        lambda: precision_gradient(np.full(3, NAN), u, np.eye(2), np.eye(2)),
        "second_differences",
        NAN,
        True,
    )
    add(
        "precision_gradient",
        "u wrong width",
        lambda: precision_gradient(np.ones(3), np.ones((3, 3)), np.eye(2), np.eye(2)),
        "u",
        None,
        True,
        tokens=("shape",),
    )
    add(
        "precision_gradient",
        "B str",
        lambda: precision_gradient(np.ones(3), u, "a", np.eye(2)),
        "B",
        "a",
        True,
    )
    add(
        "precision_gradient",
        "second_differences wrong length",
        lambda: precision_gradient(np.ones(4), u, np.eye(2), np.eye(2)),
        "second_differences",
        None,
        True,
        tokens=("shape", "length"),
    )

    # -- algorithm: MiNESStrategy, MiNES, minimize ----------------------------------------------
    sbase = dict(dim=2, alpha=0.1, batch_size=3, tau=0.5, zeta=20.0, eta1=0.01)
    for name, kind in [
        ("dim", "int"),
        ("alpha", "positive"),
        ("batch_size", "int"),
        ("tau", "positive"),
        ("zeta", "positive"),
    ]:
        substitute("MiNESStrategy", lambda **kw: MiNESStrategy(**kw).params, sbase, name, kind)
    substitute(
        "MiNESStrategy",
        lambda **kw: MiNESStrategy(**kw).params,
        sbase,
        "precision_form",
        values=[("chol", True, "'chol'"), (None, True, "None"), (1, True, "1")],
    )
    add(
        "MiNESStrategy",
        "tau > zeta",
        lambda: MiNESStrategy(**{**sbase, "tau": 5.0, "zeta": 1.0}),
        ("tau", "zeta"),
        5.0,
        True,
    )
    add(
        "MiNESStrategy.init",
        "num_seeds=0",
        lambda: MiNESStrategy(**sbase).init(np.zeros(2), np.eye(2), num_seeds=0),
        "num_seeds",
        0,
        True,
    )
    add(
        "MiNESStrategy.init",
        "sigma_inv0 outside [tau, zeta]",
        lambda: MiNESStrategy(**sbase).init(np.zeros(2), 100 * np.eye(2)),
        "sigma_inv0",
        None,
        True,
        tokens=("eigen",),
    )
    add(
        "MiNESStrategy.init",
        "mean0 wrong length",
        lambda: MiNESStrategy(**sbase).init(np.zeros(3), np.eye(2)),
        "mean0",
        None,
        True,
        tokens=("length",),
    )

    mbase = dict(
        mean0=np.zeros(2),
        sigma_inv0=np.eye(2),
        alpha=0.1,
        batch_size=3,
        tau=0.5,
        zeta=20.0,
        eta1=0.01,
        seed=0,
    )
    mines = lambda **kw: run_steps(algorithm.MiNES(**kw))  # noqa: E731
    for name, kind in [
        ("alpha", "positive"),
        ("batch_size", "int"),
        ("tau", "positive"),
        ("zeta", "positive"),
        ("eta1", "positive"),
        ("eta2", "positive"),
        ("seed", "seed"),
    ]:
        substitute("MiNES", mines, mbase, name, kind, none_ok=name in ("eta2", "seed"))
    substitute("MiNES", mines, mbase, "mean0", values=vectors(), names=("mean0", "sigma_inv0"))
    substitute("MiNES", mines, mbase, "sigma_inv0", values=matrices())
    substitute(
        "MiNES", mines, mbase, "precision_form", values=[("x", True, "'x'"), (None, True, "None")]
    )
    for name in ("eta1", "eta2"):
        for schedule, label in [
            (lambda k, s, e: -1.0, "returns -1"),
            (lambda k, s, e: NAN, "returns NaN"),
            (lambda k, s, e: "a", "returns str"),
            (lambda k, s, e: np.ones(5), "returns wrong shape"),
        ]:
            add(
                "MiNES",
                f"{name} schedule {label}",
                lambda kw={**mbase, name: schedule}: mines(**kw),
                name,
                schedule,
                True,
                tokens=("returned",),
            )
    add(
        "MiNES",
        "tau > zeta",
        lambda: mines(**{**mbase, "tau": 5.0, "zeta": 1.0}),
        ("tau", "zeta"),
        5.0,
        True,
    )
    add("MiNES", "tau = 1e-18", lambda: mines(**{**mbase, "tau": 1e-18}), "tau", 1e-18, False)
    add(
        "MiNES",
        "alpha = 1e-160",
        lambda: mines(**{**mbase, "alpha": 1e-160}),
        "alpha",
        1e-160,
        False,
    )
    add(
        "MiNES",
        "huge f values",
        lambda: run_steps(
            algorithm.MiNES(**mbase), lambda X: 1e300 * (1 + np.sum(X**2, axis=1)), 5
        ),
        ("f", "sigma_inv", "overflow"),
        1e300,
        False,
    )
    add(
        "MiNES",
        "batch_size = 10**9",
        lambda: mines(**{**mbase, "batch_size": 10**9}),
        "batch_size",
        10**9,
        False,
    )
    for f, label, bad in bad_functions():
        if callable(f):
            add(
                "MiNES.tell",
                label,
                lambda f=f: run_steps(algorithm.MiNES(**mbase), f, 1),
                ("f", "values"),
                f,
                bad,
                tokens=("nan", "inf", "complex", "shape", "real"),
            )
    add(
        "MiNES.tell",
        "values wrong length",
        lambda: _tell(algorithm.MiNES(**mbase), lambda X: np.ones(3)),
        "values",
        None,
        True,
        tokens=("shape",),
    )
    add(
        "MiNES.tell",
        "X changed",
        lambda: _tell(algorithm.MiNES(**mbase), None, change=True),
        "X",
        None,
        True,
        tokens=("ask",),
    )
    add(
        "MiNES.tell",
        "tell before ask",
        lambda: algorithm.MiNES(**mbase).tell(np.zeros((7, 2)), np.zeros(7)),
        ("tell", "ask"),
        None,
        True,
    )

    nbase = dict(
        f=F,
        mean0=np.zeros(2),
        alpha=0.1,
        batch_size=3,
        tau=0.5,
        zeta=20.0,
        eta1=0.01,
        max_evaluations=70,
        seed=0,
    )
    minimize = lambda f, **kw: algorithm.minimize(f, **kw)  # noqa: E731
    for name, kind in [
        ("max_evaluations", "int"),
        ("target", "finite"),
        ("alpha", "positive"),
        ("tau", "positive"),
        ("seed", "seed"),
    ]:
        # alpha, tau (and batch_size, zeta, eta1) may be None: the practical defaults
        substitute(
            "minimize",
            minimize,
            nbase,
            name,
            kind,
            none_ok=name in ("target", "seed", "alpha", "tau"),
        )
    substitute(
        "minimize", minimize, nbase, "mean0", values=vectors(), names=("mean0", "sigma_inv0")
    )
    substitute("minimize", minimize, nbase, "sigma_inv0", values=matrices(), none_ok=True)
    for f, label, bad in bad_functions():
        add(
            "minimize",
            label,
            lambda f=f: algorithm.minimize(f, **{k: v for k, v in nbase.items() if k != "f"}),
            "f",
            f,
            bad,
            tokens=("nan", "inf", "complex", "shape", "real", "callable"),
        )
    add(
        "minimize",
        "max_evaluations below one iteration",
        lambda: minimize(**{**nbase, "max_evaluations": 3}),
        "max_evaluations",
        3,
        False,
    )
    add(
        "minimize",
        "record returns str",
        lambda: minimize(**{**nbase, "record": lambda es: "ab"}),
        "record",
        "ab",
        True,
    )
    add(
        "minimize",
        "record not callable",
        lambda: minimize(**{**nbase, "record": 3}),
        "record",
        3,
        True,
    )

    # -- baselines ----------------------------------------------------------------------------
    for method in baselines.METHODS:
        make = lambda method=method, **kw: run_steps(baselines.make_method(method, **kw))  # noqa
        base = dict(objective=F, mean0=np.zeros(2), seed=0)
        substitute(f"make_method[{method}]", make, base, "mean0", values=vectors())
        substitute(f"make_method[{method}]", make, base, "seed", "seed")
        add(
            f"make_method[{method}]",
            "plain function",
            lambda make=make: make(objective=quadratic, mean0=np.zeros(2)),
            "objective",
            quadratic,
            True,
        )
        add(
            f"make_method[{method}]",
            "unknown option",
            lambda make=make: make(objective=F, mean0=np.zeros(2), bogus=1),
            ("bogus", "option"),
            "bogus",
            True,
        )
    add(
        "make_method",
        "unknown name",
        lambda: baselines.make_method("XYZ", F, np.zeros(2)),
        "name",
        "XYZ",
        True,
    )
    add(
        "make_method",
        "name None",
        lambda: baselines.make_method(None, F, np.zeros(2)),
        "name",
        None,
        True,
    )
    for option, kind in [("batch_size", "int"), ("alpha", "positive"), ("tau", "positive")]:
        substitute(
            "make_method[MiNES]",
            lambda **kw: run_steps(baselines.make_method("MiNES", F, np.zeros(2), seed=0, **kw)),
            {},
            option,
            kind,
            none_ok=option in ("batch_size", "tau"),
        )
    for option, kind in [("batch_size", "int"), ("eta", "positive")]:
        substitute(
            "make_method[NES]",
            lambda **kw: run_steps(baselines.make_method("NES", F, np.zeros(2), seed=0, **kw)),
            {},
            option,
            kind,
            none_ok=True,
        )
    substitute(
        "make_method[NES]",
        lambda **kw: run_steps(baselines.make_method("NES", F, np.zeros(2), seed=0, **kw)),
        {},
        "cov0",
        values=matrices(),
        none_ok=True,
    )
    for option, kind in [("batch_size", "int"), ("eta", "positive"), ("alpha", "positive")]:
        substitute(
            "make_method[RGF]",
            lambda **kw: run_steps(baselines.make_method("RGF", F, np.zeros(2), seed=0, **kw)),
            {},
            option,
            kind,
            none_ok=option == "eta",
        )
    for option, kind in [
        ("popsize", "int"),
        ("eta_mean", "positive"),
        ("eta_sigma", "positive"),
        ("eta_B", "positive"),
        ("sigma0", "positive"),
    ]:
        substitute(
            "XNES",
            lambda **kw: run_steps(baselines.XNES(np.zeros(2), **kw)),
            {"sigma0": 1.0, "seed": 0},
            option,
            kind,
            none_ok=option != "sigma0",
        )
    substitute(
        "CMAES",
        lambda **kw: run_steps(baselines.CMAES(np.zeros(2), **kw)),
        {"seed": 0},
        "sigma0",
        "positive",
    )
    substitute(
        "CMAES",
        lambda **kw: run_steps(baselines.CMAES(np.zeros(2), 1.0, **kw)),
        {},
        "seed",
        "seed",
        none_ok=True,
    )
    add(
        "CMAES",
        "options not a dict",
        lambda: baselines.CMAES(np.zeros(2), 1.0, options=3),
        "options",
        3,
        True,
    )
    substitute(
        "CMAES",
        lambda **kw: run_steps(
            baselines.CMAES(sigma0=1.0, seed=0, **kw), lambda X: np.sum(np.asarray(X) ** 2, axis=1)
        ),
        {},
        "mean0",
        values=[(v, bad and label != "wrong length", label) for v, bad, label in vectors()],
    )
    substitute(
        "NES",
        lambda **kw: run_steps(baselines.NES(**kw)),
        dict(mean0=np.zeros(2), cov0=np.eye(2), eta=0.1, batch_size=3, seed=0),
        "eta",
        "positive",
    )
    substitute(
        "RandomGradientFree",
        lambda **kw: run_steps(baselines.RandomGradientFree(**kw)),
        dict(mean0=np.zeros(2), alpha=0.1, eta=0.01, seed=0),
        "alpha",
        "positive",
    )
    substitute(
        "RGFStrategy",
        lambda **kw: baselines.RGFStrategy(**kw).params,
        dict(dim=2, alpha=0.1, eta=0.01),
        "dim",
        "int",
    )
    substitute(
        "nesterov_spokoiny_step",
        baselines.nesterov_spokoiny_step,
        dict(d=2, L=1.0),
        "L",
        "positive",
    )
    substitute(
        "nesterov_spokoiny_step", baselines.nesterov_spokoiny_step, dict(d=2, L=1.0), "d", "int"
    )
    substitute("xnes_defaults", baselines.xnes_defaults, {}, "dim", "int")

    # -- experiments --------------------------------------------------------------------------
    gap = lambda frame: frame[["k", "evaluations", "f_gap"]]  # noqa: E731
    ebase = dict(name="MiNES", objective=F, seeds=1, mean0=np.zeros(2), max_evaluations=50)
    run_method = lambda **kw: experiments.run_method(**kw)  # noqa: E731
    for name, kind in [
        ("max_evaluations", "int"),
        ("target", "nonnegative"),
        ("record_every", "int"),
        ("chunk_size", "int"),
        ("seeds", "int"),
        ("entropy", "seed"),
    ]:
        substitute("run_method", run_method, ebase, name, kind, check=gap, none_ok=name == "target")
    substitute("run_method", run_method, ebase, "mean0", values=vectors(), check=gap)
    substitute(
        "run_method",
        run_method,
        ebase,
        "name",
        values=[("XYZ", True, "'XYZ'"), (None, True, "None")],
        check=gap,
    )
    substitute(
        "run_method",
        run_method,
        ebase,
        "objective",
        values=[(quadratic, True, "plain function"), ("a", True, "str"), (None, True, "None")],
        check=gap,
    )
    substitute(
        "run_method",
        run_method,
        ebase,
        "executor",
        values=[(3, True, "3"), ("a", True, "'a'")],
        check=gap,
    )
    add(
        "run_method",
        "seeds empty list",
        lambda: run_method(**{**ebase, "seeds": []}),
        "seeds",
        [],
        True,
        gap,
    )
    add(
        "run_method",
        "seeds list of str",
        lambda: run_method(**{**ebase, "seeds": ["a"]}),
        "seeds",
        ["a"],
        True,
        gap,
        tokens=("'a'",),
    )
    add(
        "run_method",
        "unknown option",
        lambda: run_method(**{**ebase, "bogus": 1}),
        ("bogus", "option"),
        "bogus",
        True,
        gap,
    )
    lbase = dict(
        objective=F,
        seeds=2,
        mean0=np.zeros(2),
        sigma_inv0=np.eye(2),
        alpha=0.1,
        batch_size=3,
        tau=0.5,
        zeta=20.0,
        eta1=0.01,
        max_iterations=4,
    )
    lock = lambda **kw: experiments.run_mines_lockstep(**kw)  # noqa: E731
    for name, kind in [
        ("alpha", "positive"),
        ("batch_size", "int"),
        ("tau", "positive"),
        ("zeta", "positive"),
        ("eta1", "positive"),
        ("eta2", "positive"),
        ("max_iterations", "int"),
        ("record_every", "int"),
        ("seeds", "int"),
        ("chunk_size", "int"),
    ]:
        substitute("run_mines_lockstep", lock, lbase, name, kind, check=gap, none_ok=name == "eta2")
    substitute(
        "run_mines_lockstep",
        lock,
        lbase,
        "mean0",
        values=vectors(),
        check=gap,
        names=("mean0", "sigma_inv0"),
    )
    substitute("run_mines_lockstep", lock, lbase, "sigma_inv0", values=matrices(), check=gap)
    substitute(
        "run_mines_lockstep",
        lock,
        lbase,
        "objective",
        values=[(quadratic, True, "plain function"), (None, True, "None")],
        check=gap,
    )
    add(
        "run_mines_lockstep",
        "eta1 callable",
        lambda: lock(**{**lbase, "eta1": harmonic}),
        "eta1",
        None,
        False,
        gap,
    )
    add(
        "run_mines_lockstep",
        "eta1 float32",
        lambda: lock(**{**lbase, "eta1": np.float32(0.01)}),
        "eta1",
        None,
        False,
        gap,
    )
    rbase = dict(objective=F, seeds=2, mean0=np.zeros(2), alpha=0.1, eta=0.01, max_evaluations=40)
    rgf = lambda **kw: experiments.run_rgf_lockstep(**kw)  # noqa: E731
    for name, kind in [
        ("alpha", "positive"),
        ("eta", "positive"),
        ("batch_size", "int"),
        ("max_evaluations", "int"),
        ("record_every", "int"),
        ("seeds", "int"),
    ]:
        substitute("run_rgf_lockstep", rgf, rbase, name, kind, check=gap)
    substitute("run_rgf_lockstep", rgf, rbase, "mean0", values=vectors(), check=gap)
    add(
        "run_rgf_lockstep",
        "max_evaluations below one iteration",
        lambda: rgf(**{**rbase, "max_evaluations": 1}),
        "max_evaluations",
        1,
        False,
        gap,
    )
    add(
        "run_rgf_lockstep",
        "plain function",
        lambda: rgf(**{**rbase, "objective": quadratic}),
        "objective",
        quadratic,
        True,
        gap,
    )
    cbase = dict(objective=F, seeds=1, max_evaluations=30)
    compare = lambda **kw: experiments.compare_methods(**kw)  # noqa: E731
    for name, kind in [
        ("max_evaluations", "int"),
        ("target", "nonnegative"),
        ("record_every", "int"),
        ("seeds", "int"),
    ]:
        substitute(
            "compare_methods", compare, cbase, name, kind, check=gap, none_ok=name == "target"
        )
    substitute(
        "compare_methods",
        compare,
        cbase,
        "methods",
        values=[
            (("MiNES",), True, "('MiNES',)"),
            ("RGF", True, "'RGF'"),
            ((), True, "()"),
            (None, True, "None"),
            ((1,), True, "(1,)"),
        ],
        check=gap,
    )
    add(
        "compare_methods",
        "plain function",
        lambda: compare(**{**cbase, "objective": quadratic}),
        "objective",
        quadratic,
        True,
        gap,
    )
    frame = experiments.run_method("RGF", F, 2, mean0=np.ones(2), max_evaluations=20)
    substitute(
        "evaluations_to_target",
        evaluations_to_target,
        {"frame": frame},
        "target",
        "nonnegative",
        check=lambda r: r[["evaluations", "budget_used"]].fillna(0),
    )
    substitute(
        "evaluations_to_target",
        evaluations_to_target,
        {"target": 1.0},
        "frame",
        values=[
            (None, True, "None"),
            ("a", True, "str"),
            (pd.DataFrame({"x": [1]}), True, "frame without columns"),
        ],
    )
    substitute("spawn_seeds", spawn_seeds, {}, "seeds", "int")
    substitute("spawn_seeds", spawn_seeds, {"seeds": 2}, "entropy", "seed")

    # -- objectives ---------------------------------------------------------------------------
    ell = lambda **kw: objectives.RotatedEllipsoid(**{"dim": 2, "condition": 10.0, **kw})  # noqa
    substitute("RotatedEllipsoid", ell, {}, "dim", "int")
    substitute("RotatedEllipsoid", ell, {}, "condition", "positive")
    substitute("RotatedEllipsoid", ell, {}, "scale", "positive")
    substitute("RotatedEllipsoid", ell, {}, "f_star", "finite")
    substitute("RotatedEllipsoid", ell, {}, "minimizer", values=vectors(), none_ok=True)
    substitute("RotatedEllipsoid", ell, {}, "seed", "seed")
    add("RotatedEllipsoid", "condition < 1", lambda: ell(condition=0.5), "condition", 0.5, True)
    add("RotatedEllipsoid", "dim = 10**6", lambda: ell(dim=10**6), "dim", 10**6, False)
    add(
        "RotatedEllipsoid",
        "scale·condition overflows",
        lambda: ell(scale=1e200, condition=1e200),
        ("scale", "condition"),
        1e200,
        False,
    )
    for X, label, bad in [
        (np.zeros(3), "wrong length", True),
        ("a", "str", True),
        (np.full(2, NAN), "NaN", True),
        (np.zeros((2, 2, 2)), "3-D", True),
        (np.full(2, 1e300), "1e300", False),
    ]:
        # documented: +inf where f* + σ/2‖x − x*‖² overflows (f is at least that); the probe
        # checks that the value is +inf, not NaN
        add(
            "Objective.__call__",
            f"X {label}",
            lambda X=X: F(X),
            "X",
            X,
            bad,
            check=_documented_inf if label == "1e300" else None,
        )
        add("Objective.hessian", f"X {label}", lambda X=X: F.hessian(X), "X", X, bad)
    lc = lambda **kw: objectives.LogCoshQuadratic(  # noqa: E731
        **{
            "A": np.eye(2),
            "directions": np.eye(2),  # noqa
            "weights": np.ones(2),
            **kw,
        }
    )
    substitute("LogCoshQuadratic", lc, {}, "A", values=matrices())
    substitute(
        "LogCoshQuadratic", lc, {}, "weights", values=vectors() + [(-np.ones(2), True, "negative")]
    )
    substitute(
        "LogCoshQuadratic",
        lc,
        {},
        "directions",
        values=[
            (np.ones((2, 3)), True, "wrong width"),
            (np.full((2, 2), NAN), True, "NaN"),
            ("a", True, "str"),
            (None, True, "None"),
            (np.full((2, 2), 1e300), False, "1e300"),
        ],
    )
    substitute("LogCoshQuadratic", lc, {}, "f_star", "finite")
    substitute(
        "LogCoshQuadratic.random", objectives.LogCoshQuadratic.random, {"dim": 2}, "dim", "int"
    )
    substitute(
        "LogCoshQuadratic.random",
        objectives.LogCoshQuadratic.random,
        {"dim": 2},
        "condition",
        "positive",
    )
    substitute(
        "LogCoshQuadratic.random",
        objectives.LogCoshQuadratic.random,
        {"dim": 2},
        "weight",
        "positive",
    )
    substitute(
        "LogCoshQuadratic.random",
        objectives.LogCoshQuadratic.random,
        {"dim": 2},
        "num_terms",
        "int",
        none_ok=True,
    )
    substitute("log_cosh_1d", objectives.log_cosh_1d, {}, "a", "positive")
    substitute("log_cosh_1d", objectives.log_cosh_1d, {}, "c", "positive")
    substitute("log_cosh_1d", objectives.log_cosh_1d, {}, "minimizer", "finite")
    substitute("SoftCubic1D", objectives.SoftCubic1D, {}, "scale", "positive")
    rng = np.random.default_rng(0)
    Xf, yf = rng.standard_normal((10, 2)), np.sign(rng.standard_normal(10))
    lr = lambda **kw: LogisticRegression(  # noqa: E731
        **{
            "features": Xf,
            "labels": yf,  # noqa
            "regularization": 0.1,
            **kw,
        }
    )
    substitute("LogisticRegression", lr, {}, "regularization", "positive")
    substitute(
        "LogisticRegression",
        lr,
        {},
        "features",
        values=[
            (np.full((10, 2), NAN), True, "NaN"),
            (np.zeros((0, 2)), True, "empty"),
            (Xf * 1e200, False, "×1e200"),
            (Xf * 1e100, False, "×1e100"),
            ("a", True, "str"),
            (None, True, "None"),
            (Xf[:, 0], True, "1-D"),
            (Xf * (1 + 1j), True, "complex"),
        ],
    )
    substitute(
        "LogisticRegression",
        lr,
        {},
        "labels",
        values=[
            (np.zeros(10), True, "zeros"),
            (np.ones(9), True, "wrong length"),
            (np.full(10, NAN), True, "NaN"),
            ("a", True, "str"),
        ],
    )
    for name, kind in [
        ("dim", "int"),
        ("num_samples", "int"),
        ("regularization", "positive"),
        ("scale", "positive"),
        ("seed", "seed"),
    ]:
        substitute("synthetic_logistic", synthetic_logistic, {}, name, kind)
    substitute(
        "breast_cancer_logistic",
        breast_cancer_logistic,
        {},
        "num_features",
        values=[
            (0, True, "0"),
            (-1, True, "-1"),
            (2.5, True, "2.5"),
            ("a", True, "'a'"),
            (100, False, "100"),
        ],
    )
    substitute(
        "breast_cancer_logistic",
        breast_cancer_logistic,
        {"num_features": 3},
        "regularization",
        values=[(0.0, True, "0"), (NAN, True, "nan"), (-1.0, True, "-1")],
    )

    # -- bounds -------------------------------------------------------------------------------
    kinds = {
        "d": "int",
        "b": "int",
        "K": "int",
        "k": "int",
        "t": "int",
        "gamma_power": "int",
        "delta": "probability",
        "gamma": "nonnegative",
        "f_gap": "finite",
        "C": "nonnegative",
        "f_gap_1": "nonnegative",
        "delta_alpha": "nonnegative",
        "projection_gap": "nonnegative",
        "projected_gradient_sq": "nonnegative",
        "projected_gradient_norm": "nonnegative",
        "initial_error_sq": "nonnegative",
        "f_mu": "finite",
        "printed": None,
        "sigma_matrix": None,
    }
    valid = dict(
        d=2,
        b=10,
        K=5,
        k=3,
        t=3,
        delta=0.1,
        L=2.0,
        sigma=1.0,
        gamma=0.5,
        tau=0.5,
        zeta=4.0,
        alpha=0.01,
        xi=0.5,
        curvature=2.0,
        f_gap=1.0,
        f_gap_1=1.0,
        delta_alpha=0.1,
        projected_gradient_sq=1.0,
        projected_gradient_norm=1.0,
        rho1=0.01,
        C=1.0,
        projection_gap=0.0,
        f_mu=1.0,
        gamma_power=1,
        initial_error_sq=1.0,
    )
    import inspect

    for name in bounds.__all__:
        function = getattr(bounds, name)
        if isinstance(function, type) or not callable(function):
            continue
        params = inspect.signature(function).parameters
        base = {
            p: (np.eye(2) if p in ("sigma_matrix",) else valid[p])
            for p, spec in params.items()
            if spec.default is inspect.Parameter.empty and p != "sigma"
        } | ({"sigma": valid["sigma"]} if "sigma" in params else {})
        if name in ("expected_cubed_norm", "phi"):
            base["sigma"] = np.eye(2)
            substitute(
                name,
                function,
                base,
                "sigma",
                values=any_size(matrices(spd=False)) + [(-np.eye(2), True, "negative definite")],
            )
        for p in base:
            if p in ("sigma_matrix",) or (p == "sigma" and name in ("expected_cubed_norm", "phi")):
                continue
            kind = kinds.get(p, "positive")
            if kind:
                # documented: +inf for a quadratic (γ = 0): no condition, no threshold
                check = (
                    _documented_inf
                    if p == "gamma" and name in GAMMA_ZERO_IS_INF
                    else _documented_invalid
                    if name == "lemma53_constants"
                    else None
                )
                substitute(name, function, base, p, kind, check=check)
        if "tau" in base and "zeta" in base:
            add(
                name,
                "tau > zeta",
                lambda f=function, b=base: f(**{**b, "tau": 5.0, "zeta": 1.0}),
                ("tau", "zeta"),
                5.0,
                True,
            )
        if "sigma_matrix" in base:
            substitute(name, function, base, "sigma_matrix", values=any_size(matrices()))

    # -- gaussian -----------------------------------------------------------------------------
    for name in ("per_sample_second_moment", "lemma_c1_expectation"):
        fn = getattr(gaussian, name)
        substitute(name, fn, {"sigma_inv": np.eye(2)}, "H", values=matrices(spd=False))
        substitute(name, fn, {"H": np.eye(2)}, "sigma_inv", values=matrices())
    for name in (
        "sigma_gradient_variance",
        "sigma_gradient_second_moment",
        "sigma_gradient_norm_samples",
    ):
        fn = getattr(gaussian, name)
        substitute(
            name,
            fn,
            {"sigma_inv": np.eye(2), "batch_size": 2},
            "H",
            values=matrices(spd=False),
            check=_sampled if "samples" in name else None,
        )
        substitute(
            name,
            fn,
            {"H": np.eye(2), "batch_size": 2},
            "sigma_inv",
            values=matrices(),
            check=_sampled if "samples" in name else None,
        )
        substitute(
            name,
            fn,
            {"H": np.eye(2), "sigma_inv": np.eye(2)},
            "batch_size",
            "int",
            check=_sampled if "samples" in name else None,
        )
    substitute("norm_moment", gaussian.norm_moment, {"p": 3.0}, "d", "int")
    substitute("norm_moment", gaussian.norm_moment, {"d": 2}, "p", "finite")
    substitute("lemma_b1_bounds", gaussian.lemma_b1_bounds, {"p": 3.0}, "d", "int")
    substitute("lemma_b1_bounds", gaussian.lemma_b1_bounds, {"d": 2}, "p", "finite")
    substitute("leading_term_share", gaussian.leading_term_share, {}, "d", "int")
    substitute(
        "leading_term_dimension", gaussian.leading_term_dimension, {}, "share", "probability"
    )
    for args, label, bad in [
        ((np.eye(2), np.ones((2, 3))), "non-square", True),
        (("a",), "str", True),
        ((), "no matrices", True),
        ((np.full((2, 2), NAN),), "NaN", True),
        ((np.eye(2), np.eye(3)), "mismatched", True),
        ((np.eye(2) * 1e300, np.eye(2) * 1e300), "1e300", False),
    ]:
        for name in ("quadratic_form_moment", "quadratic_form_moment_matrix"):
            add(
                name,
                label,
                lambda args=args, name=name: getattr(gaussian, name)(*args),
                ("matrices", "A", "matrix"),
                args[0] if args else (),
                bad,
                tokens=("shape",),
            )
    draw = lambda g, m: g.standard_normal(m)  # noqa: E731
    mc = lambda **kw: gaussian.monte_carlo(  # noqa: E731
        **{
            "sample": draw,
            "num_samples": 100,  # noqa
            "rng": np.random.default_rng(0),
            **kw,
        }
    )
    substitute("monte_carlo", mc, {}, "num_samples", "int")
    substitute("monte_carlo", mc, {}, "chunk_size", "int")
    substitute(
        "monte_carlo",
        mc,
        {},
        "rng",
        values=[(0, True, "0"), ("a", True, "str"), (None, True, "None")],
    )
    substitute(
        "monte_carlo",
        mc,
        {},
        "sample",
        values=[
            (lambda g, m: np.full(m, NAN), True, "NaN draws"),
            (lambda g, m: "a", True, "str draws"),
            (lambda g, m: np.ones(m + 1), True, "wrong count"),
            (3, True, "not callable"),
            (lambda g, m: np.full(m, 1e300), False, "1e300 draws"),
        ],
    )
    substitute(
        "running_mean",
        gaussian.running_mean,
        {},
        "samples",
        values=[
            (np.zeros(0), True, "empty"),
            ("a", True, "str"),
            (np.array([NAN, 1.0]), True, "NaN"),
            (np.ones(1), False, "one sample"),
            (None, True, "None"),
        ],
    )

    # -- regularized --------------------------------------------------------------------------
    substitute(
        "GaussianRule.gauss_hermite", regularized.GaussianRule.gauss_hermite, {}, "dim", "int"
    )
    substitute(
        "GaussianRule.gauss_hermite",
        regularized.GaussianRule.gauss_hermite,
        {"dim": 2},
        "degree",
        "int",
    )
    substitute(
        "GaussianRule.monte_carlo",
        regularized.GaussianRule.monte_carlo,
        {"dim": 2},
        "num_samples",
        "int",
    )
    substitute(
        "GaussianRule.monte_carlo",
        regularized.GaussianRule.monte_carlo,
        {"num_samples": 10},
        "dim",
        "int",
    )
    rule = regularized.GaussianRule.gauss_hermite(2, 10)
    LC = objectives.LogCoshQuadratic.random(2)
    sm = dict(f=LC, mu=np.zeros(2), sigma=np.eye(2), alpha=0.1, rule=rule)
    for name in ("smoothed", "regularized_objective"):
        fn = getattr(regularized, name)
        substitute(name, fn, sm, "alpha", "positive")
        substitute(name, fn, sm, "mu", values=vectors())
        substitute(name, fn, sm, "sigma", values=matrices())
        substitute(
            name, fn, sm, "f", values=[(quadratic, True, "plain function"), (None, True, "None")]
        )
        substitute(name, fn, sm, "rule", values=[("a", True, "str"), (3, True, "3")])
    substitute(
        "smoothed",
        regularized.smoothed,
        sm,
        "derivatives",
        values=[(3, True, "3"), (-1, True, "-1"), ("a", True, "'a'")],
    )
    mr = dict(f=LC, alpha=0.1, tau=0.5, zeta=20.0, rule=rule)
    for name, kind in [("alpha", "positive"), ("tau", "positive"), ("zeta", "positive")]:
        substitute("minimize_regularized", regularized.minimize_regularized, mr, name, kind)
    substitute(
        "minimize_regularized",
        regularized.minimize_regularized,
        mr,
        "f",
        values=[(quadratic, True, "plain function"), (F, False, "quadratic objective")],
    )
    substitute(
        "minimize_regularized",
        regularized.minimize_regularized,
        mr,
        "rule",
        values=[(None, True, "None"), ("a", True, "'a'")],
    )
    substitute(
        "minimize_regularized",
        regularized.minimize_regularized,
        mr,
        "mean0",
        values=vectors(),
        none_ok=True,
    )
    add(
        "minimize_regularized",
        "tau > zeta",
        lambda: regularized.minimize_regularized(**{**mr, "tau": 5.0, "zeta": 1.0}),
        ("tau", "zeta"),
        5.0,
        True,
    )
    ms = dict(f=LC, mu=LC.minimizer, alpha=0.1, tau=0.5, zeta=20.0, rule=rule)
    for name, kind in [
        ("alpha", "positive"),
        ("tau", "positive"),
        ("zeta", "positive"),
        ("tol", "positive"),
        ("max_iterations", "int"),
    ]:
        substitute(
            "minimize_sigma_given_mean", regularized.minimize_sigma_given_mean, ms, name, kind
        )
    substitute(
        "minimize_sigma_given_mean",
        regularized.minimize_sigma_given_mean,
        ms,
        "sigma0",
        values=matrices(),
        none_ok=True,
    )
    add(
        "minimize_sigma_given_mean",
        "tau > zeta",
        lambda: regularized.minimize_sigma_given_mean(**{**ms, "tau": 5.0, "zeta": 1.0}),
        ("tau", "zeta"),
        5.0,
        True,
    )
    add(
        "minimize_sigma_given_mean",
        "plain function",
        lambda: regularized.minimize_sigma_given_mean(**{**ms, "f": quadratic}),
        "f",
        quadratic,
        True,
    )
    aw = dict(f=LC, alphas=[0.1], tau=0.5, zeta=20.0, rule=rule)
    substitute(
        "alpha_sweep",
        regularized.alpha_sweep,
        aw,
        "alphas",
        values=[
            ([0.0], True, "[0]"),
            ([NAN], True, "[nan]"),
            ([], True, "[]"),
            ("a", True, "'a'"),
            (0.1, True, "a float"),
            ([-0.1], True, "[-0.1]"),
        ],
    )
    substitute(
        "alpha_sweep",
        regularized.alpha_sweep,
        aw,
        "f",
        values=[(quadratic, True, "plain function")],
    )
    add(
        "alpha_sweep",
        "tau > zeta",
        lambda: regularized.alpha_sweep(**{**aw, "tau": 5.0, "zeta": 1.0}),
        ("tau", "zeta"),
        5.0,
        True,
    )

    # -- linalg -------------------------------------------------------------------------------
    for name, fn, extra in [
        ("symmetric_roots", linalg.symmetric_roots, {}),
        ("cholesky_lower", linalg.cholesky_lower, {}),
        ("project_eigenvalues", linalg.project_eigenvalues, {"lower": 0.5, "upper": 2.0}),
        ("low_rank", low_rank, {"floor": 0.5}),
        ("spectrum_within", linalg.spectrum_within, {"lower": 0.5, "upper": 2.0}),
        ("project_if_outside", linalg.project_if_outside, {"lower": 0.5, "upper": 2.0}),
    ]:
        argname = list(inspect.signature(fn).parameters)[0]
        # one matrix and no dimension to match: a 3 x 3 matrix is a valid input; a projection,
        # a spectrum test or a LowRank takes any symmetric matrix, indefinite or zero included
        valid = {"wrong shape"} | (
            {"indefinite", "zero matrix"}
            if name not in ("symmetric_roots", "cholesky_lower")
            else set()
        )
        substitute(
            name,
            fn,
            extra,
            argname,
            values=[(value, bad and label not in valid, label) for value, bad, label in matrices()],
        )
    for name in ("project_eigenvalues", "project_if_outside", "spectrum_within"):
        fn = getattr(linalg, name)
        substitute(name, fn, {"A": np.eye(2), "upper": 2.0}, "lower", "finite")
        substitute(name, fn, {"A": np.eye(2), "lower": 0.5}, "upper", "finite")
        add(
            name,
            "lower > upper",
            lambda fn=fn: fn(np.eye(2), 5.0, 1.0),
            ("lower", "upper"),
            5.0,
            True,
        )
    add(
        "project_eigenvalues",
        "entries near 1e308",
        lambda: linalg.project_eigenvalues(np.array([[1e308, 1e308], [1e308, 1e308]]), 0.5, 2.0),
        "A",
        1e308,
        False,
    )
    substitute(
        "solve_lower_transposed",
        linalg.solve_lower_transposed,
        {"rows": np.ones((3, 2))},
        "L",
        values=matrices(spd=False),
    )
    substitute(
        "solve_lower_transposed",
        linalg.solve_lower_transposed,
        {"L": np.eye(2)},
        "rows",
        values=[
            (np.ones((3, 3)), True, "wrong width"),
            ("a", True, "str"),
            (np.full((3, 2), NAN), True, "NaN"),
        ],
    )
    substitute(
        "preconditioned_extremes",
        linalg.preconditioned_extremes,
        {"hessian": np.eye(2)},
        "sigma_inv",
        values=matrices(),
    )
    substitute(
        "preconditioned_extremes",
        linalg.preconditioned_extremes,
        {"sigma_inv": np.eye(2)},
        "hessian",
        values=matrices(spd=False),
    )
    substitute(
        "preconditioned_condition",
        linalg.preconditioned_condition,
        {"hessian": np.eye(2)},
        "covariance",
        values=matrices(spd=False),
    )
    for covariance, label in [(np.diag([1.0, -1.0]), "indefinite"), (np.zeros((2, 2)), "zero")]:
        # documented: NaN where a finite symmetric covariance is not positive definite (a
        # baseline's degenerate covariance is recorded, not an error); the probe checks that
        add(
            "preconditioned_condition",
            f"covariance={label} (documented NaN)",
            lambda C=covariance: linalg.preconditioned_condition(C, np.eye(2)),
            "covariance",
            covariance,
            False,
            check=_documented_nan,
        )
    substitute(
        "preconditioned_condition",
        linalg.preconditioned_condition,
        {"covariance": np.eye(2)},
        "hessian",
        values=matrices(spd=False),
    )
    substitute(
        "random_rotation", linalg.random_rotation, {"rng": np.random.default_rng(0)}, "dim", "int"
    )
    substitute(
        "random_rotation",
        linalg.random_rotation,
        {"dim": 2},
        "rng",
        values=[(0, True, "0"), (None, True, "None")],
    )
    substitute(
        "random_spd",
        linalg.random_spd,
        {"rng": np.random.default_rng(0), "dim": 2, "high": 2.0},
        "low",
        "positive",
    )
    substitute(
        "random_spd",
        linalg.random_spd,
        {"rng": np.random.default_rng(0), "low": 1.0, "high": 2.0},
        "dim",
        "int",
    )
    substitute(
        "random_spd",
        linalg.random_spd,
        {"rng": np.random.default_rng(0), "dim": 2},
        "eigenvalues",
        values=[
            (np.array([1.0, NAN]), True, "NaN"),
            (np.array([1.0, -1.0]), True, "negative"),
            (np.ones(3), True, "wrong length"),
        ],
    )
    substitute(
        "weighted_gram",
        linalg.weighted_gram,
        {"weights": np.ones(3)},
        "rows",
        values=[
            (np.ones(3), True, "1-D"),
            ("a", True, "str"),
            (np.full((3, 2), NAN), True, "NaN"),
            (np.ones((2, 2)), True, "wrong length"),
            (np.full((3, 2), 1e300), True, "1e300 entries"),
        ],
    )
    substitute(
        "weighted_gram",
        linalg.weighted_gram,
        {"rows": np.ones((3, 2))},
        "weights",
        values=[
            (np.ones(2), True, "wrong length"),
            (np.array([1.0, NAN, 1.0]), True, "NaN"),
            ("a", True, "str"),
            (None, True, "None"),
            (np.zeros(3), False, "zeros"),
            (-np.ones(3), False, "negative"),
        ],
    )
    LR = low_rank(np.diag([3.0, 1.0, 1.0]), 1.0)
    substitute(
        "low_rank_update",
        low_rank_update,
        {"A": LR, "rows": np.ones((1, 3)), "weights": np.ones(1)},
        "c",
        "finite",
    )
    substitute(
        "low_rank_update",
        low_rank_update,
        {"A": LR, "c": 1.0, "weights": np.ones(1)},
        "rows",
        values=[(np.ones((1, 4)), True, "wrong width"), (np.full((1, 3), NAN), True, "NaN")],
    )
    substitute("project_low_rank", project_low_rank, {"A": LR, "upper": 2.0}, "lower", "finite")
    add(
        "project_low_rank",
        "lower > upper",
        lambda: project_low_rank(LR, 5.0, 1.0),
        ("lower", "upper"),
        5.0,
        True,
    )
    add(
        "LowRank.power_rows",
        "rows wrong width",
        lambda: LR.power_rows(0.5, np.ones((1, 4))),
        "rows",
        None,
        True,
        tokens=("shape",),
    )

    # -- schedules ----------------------------------------------------------------------------
    for name, kind in [
        ("d", "int"),
        ("b", "int"),
        ("delta", "probability"),
        ("L", "positive"),
        ("tau", "positive"),
    ]:
        substitute(
            "lemma51_step",
            schedules.lemma51_step,
            dict(d=2, b=4, delta=0.1, L=1.0, tau=0.5),
            name,
            kind,
        )
    for name, kind in [("d", "int"), ("b", "int"), ("delta", "probability")]:
        substitute(
            "hutchinson_step", schedules.hutchinson_step, dict(d=2, b=4, delta=0.1), name, kind
        )
        substitute(
            "lemma52_step",
            lambda **kw: schedules.lemma52_step(F.hessian, **kw),
            dict(d=2, b=4, delta=0.1),
            name,
            kind,
        )
    substitute(
        "lemma52_step",
        schedules.lemma52_step,
        dict(d=2, b=4, delta=0.1),
        "hessian",
        values=[("a", True, "'a'"), (None, True, "None"), (3, True, "3")],
    )
    substitute("Constant", schedules.Constant, {}, "value", "positive")
    add(
        "MiNES",
        "eta1 = lemma52_step of a wrong-size hessian",
        lambda: mines(
            **{**mbase, "eta1": schedules.lemma52_step(lambda x: np.eye(3), d=2, b=3, delta=0.1)}
        ),
        "eta1",
        None,
        True,
        tokens=("returned", "shape", "hessian"),
    )

    # -- plotting: save_figure, save_table (into a temporary directory) -----------------------
    def figure():
        fig, ax = plt.subplots()
        ax.plot([1, 2], [1, 2], label="x")
        ax.set_xlabel("x")
        ax.set_ylabel("y")
        return fig

    for name_value, bad in [(123, True), ("", True), ("a/b", True), (None, True), (".x", True)]:
        add(
            "save_figure",
            f"name={name_value!r}",
            lambda n=name_value: plotting.save_figure(figure(), n, tmp),
            "name",
            name_value,
            bad,
        )
        add(
            "save_table",
            f"name={name_value!r}",
            lambda n=name_value: plotting.save_table(pd.DataFrame({"a": [1]}), n, tmp),
            "name",
            name_value,
            bad,
        )
    for fig, label in [(None, "None"), ("a", "str"), (3, "3")]:
        add(
            "save_figure",
            f"fig={label}",
            lambda fig=fig: plotting.save_figure(fig, "x", tmp),
            "fig",
            fig,
            True,
        )
    for frame, label in [(None, "None"), ("a", "str"), ([1, 2], "list")]:
        add(
            "save_table",
            f"frame={label}",
            lambda frame=frame: plotting.save_table(frame, "x", tmp),
            "frame",
            frame,
            True,
        )
    add(
        "save_figure",
        "directory=3",
        lambda: plotting.save_figure(figure(), "x", 3),
        "directory",
        3,
        True,
    )
    add(
        "save_table",
        "directory=3",
        lambda: plotting.save_table(pd.DataFrame({"a": [1]}), "x", 3),
        "directory",
        3,
        True,
    )

    # -- issue 26: copies of pycma, relative symmetry, too many seeds -------------------------
    add(
        "CMAES",
        "options seed -1",
        lambda: baselines.CMAES(np.zeros(2), 1.0, options={"seed": -1}),
        "seed",
        -1,
        True,
    )
    add(
        "CMAES",
        "options randn",
        lambda: baselines.CMAES(np.zeros(2), 1.0, options={"randn": np.random.randn}),
        "randn",
        "randn",
        True,
    )
    add(
        "CMAES",
        "deep copy continues the run",
        lambda: _copies_agree(baselines.CMAES(np.zeros(2), 1.0, seed=0), F),
        "CMAES",
        None,
        False,
    )
    tiny = [
        (value, bad, f"{label} at 1e-11")
        for value, bad, label in matrices(scale=1e-11)
        if label in ("non-symmetric", "indefinite")
    ]
    substitute(
        "project_eigenvalues",
        linalg.project_eigenvalues,
        {"lower": -1.0, "upper": 1.0},
        "A",
        values=[
            (np.array([[1e-12, 5e-11], [0.0, 1e-12]]), True, "5e-11 asymmetry"),
            (_rounded(1e-12), False, "rounding-level asymmetry at 1e-12"),
        ],
    )
    substitute(
        "MiNES",
        lambda **kw: run_steps(algorithm.MiNES(np.zeros(2), **kw)),
        dict(alpha=0.1, batch_size=3, tau=0.5e-11, zeta=2e-11, eta1=0.01, seed=0),
        "sigma_inv0",
        values=[(v, bad, label) for v, bad, label in tiny if label.startswith("non-symmetric")],
    )
    for name, call in [
        ("spawn_seeds", lambda seeds: spawn_seeds(seeds)),
        ("run_method", lambda seeds: run_method(**{**ebase, "seeds": seeds})),
        ("run_mines_lockstep", lambda seeds: lock(**{**lbase, "seeds": seeds})),
        ("run_rgf_lockstep", lambda seeds: rgf(**{**rbase, "seeds": seeds})),
        ("compare_methods", lambda seeds: compare(**{**cbase, "seeds": seeds})),
    ]:
        add(
            name,
            "seeds=10**9",
            lambda call=call: call(10**9),
            "seeds",
            10**9,
            True,
            tokens=("1,000,000,000",),
        )

    # -- derivations (sympy): sizes above MAX_SIZE, wrong types, bad symbolic input -----------
    import sympy as sp

    symbolic = lambda result: 0.0  # noqa: E731
    for name, limit in MAX_SIZE.items():
        fn = getattr(derivations, name)
        argname = "degree" if name == "antithetic_identity_1d" else "d"
        positional = ("s",) if name.endswith("matrix_symbol") else ()
        values = [
            (limit + 1, True, f"{limit + 1} (MAX_SIZE + 1)"),
            (10**9, True, "10**9"),
            (1 if argname == "d" else 0, False, "the smallest"),
        ] + [
            (v, True, repr(v))
            for v, bad in KINDS["int"]
            if bad and not (argname == "degree" and v == 0)
        ]
        substitute(
            f"derivations.{name}",
            fn,
            {},
            argname,
            values=values,
            check=symbolic,
            positional=positional,
        )
    w = sp.symbols("w1 w2", real=True)
    S2 = symmetric_matrix_symbol("a", 2)
    S3 = symmetric_matrix_symbol("b", 3)
    alpha = sp.Symbol("alpha", positive=True)
    substitute(
        "derivations.gaussian_expectation",
        gaussian_expectation,
        {"variables": list(w)},
        "expr",
        values=[
            (sp.exp(w[0]), True, "exp(w1)"),
            ("a", True, "'a'"),
            (None, True, "None"),
            (w[0] ** 40, False, "w1**40"),
        ],
        check=symbolic,
    )
    substitute(
        "derivations.gaussian_expectation",
        gaussian_expectation,
        {"expr": w[0] ** 2},
        "variables",
        values=[
            ([], True, "[]"),
            (["w1"], True, "['w1']"),
            ([w[0], w[0]], True, "repeated"),
            (3, True, "3"),
            (w[0], False, "one symbol"),
        ],
        check=symbolic,
    )
    for name in ("bregman_divergence", "paper_bregman_divergence"):
        fn = getattr(derivations, name)
        substitute(
            f"derivations.{name}",
            fn,
            {"S1": S2, "alpha": alpha},
            "S2",
            values=[
                (S3, True, "3 x 3"),
                (np.eye(2), True, "ndarray"),
                (sp.zeros(2, 3), True, "2 x 3"),
            ],
            check=symbolic,
        )
    substitute(
        "derivations.paper_fisher_matrix",
        paper_fisher_matrix,
        {},
        "Sbar",
        values=[
            (sp.zeros(2, 3), True, "2 x 3"),
            (np.eye(2), True, "ndarray"),
            (None, True, "None"),
        ],
        check=symbolic,
    )
    substitute(
        "derivations.log_likelihood",
        log_likelihood,
        {"z": sp.symbols("z1:3"), "mu": sp.symbols("mu1:3")},
        "Sbar",
        values=[(S3, True, "3 x 3"), ("a", True, "'a'")],
        check=symbolic,
    )
    for name in ("score_covariance", "regularized_gradient"):
        substitute(
            f"derivations.{name}",
            getattr(derivations, name),
            {"d": 1},
            "convention",
            values=[("other", True, "'other'"), (None, True, "None")],
            check=symbolic,
        )

    # -- the package's own __all__ ------------------------------------------------------------
    add(
        "mines_theory.project_eigenvalues",
        "tau > zeta as lower > upper",
        lambda: mines_theory.project_eigenvalues(np.eye(2), 3.0, 1.0),
        ("lower", "upper"),
        3.0,
        True,
    )
    add(
        "mines_theory.RotatedEllipsoid",
        "dim str",
        lambda: mines_theory.RotatedEllipsoid("a", 10.0),
        "dim",
        "a",
        True,
    )
    return probes


def _steps(es, f, n):
    """n ask/tell iterations on the vectorized ``f``; returns the object (its mean and
    covariance are then checked for finiteness)."""
    from mines_theory.validation import evaluate

    for _ in range(n):
        X = es.ask()
        es.tell(X, evaluate(f, X))
    return {"mean": es.mean, "covariance": es.covariance}


def _tell(es, values, change=False):
    X = es.ask()
    if change:
        X = X + 1.0
        values = lambda X: np.ones(X.shape[0])  # noqa: E731
    es.tell(X, values(X))
    return es.mean


def _documented_inf(result):
    """A documented +inf (an objective's value where its strong-convexity bound overflows; a
    bound's value for γ = 0) passes as the finite marker 0.0; a finite result passes as it is."""
    return 0.0 if np.all(np.isposinf(result)) else result


def _documented_invalid(result):
    """``lemma53_constants`` returns NaN for a printed ingredient that is the square root of a
    negative number, and then says so with ``valid = False`` (documented): that passes as the
    finite marker 0.0; a NaN with ``valid = True`` is returned as it is."""
    return 0.0 if hasattr(result, "valid") and not result.valid else result


def _documented_nan(result):
    """A documented NaN (``preconditioned_condition`` of a covariance that is not positive
    definite) passes as the finite marker 0.0; anything else is returned as it is."""
    return 0.0 if np.all(np.isnan(result)) else result


def _copies_agree(es, f):
    """Three steps, then the run, a deep copy and a pickled copy each take three more: they must
    ask the same points (a ``RuntimeError`` otherwise, which counts as a failure here)."""
    import copy
    import pickle

    _steps(es, f, 3)
    runs = [es, copy.deepcopy(es), pickle.loads(pickle.dumps(es))]
    for _ in range(3):
        asked = []
        for run in runs:
            X = run.ask()
            run.tell(X, f(X))
            asked.append(X)
        if not all(np.array_equal(X, asked[0]) for X in asked):
            raise AssertionError("a copy of the run asked other points than the run")
    return {"mean": es.mean}


def _rounded(scale):
    """Q diag Qᵀ at the given scale as computed: asymmetric by rounding only."""
    Q = np.linalg.qr(np.random.default_rng(0).standard_normal((4, 4)))[0]
    return scale * ((Q * np.array([0.5, 0.7, 0.9, 1.0])) @ Q.T)


def _sampled(sampler):
    return sampler(np.random.default_rng(0), 20)


# ----------------------------------------------------------------------------------------------


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verbose", action="store_true", help="print every probe")
    parser.add_argument("--only", help="probe only entry points whose name contains this")
    args = parser.parse_args(argv)

    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    tmp = tempfile.mkdtemp(prefix="mines-probe-")
    os.chdir(tmp)  # pycma and friends write nothing into the tree
    os.environ["MINES_THEORY_FIGURES"] = tmp
    probes = build(tmp)
    if args.only:
        probes = [p for p in probes if args.only in p.entry]
    counts = collections.Counter()
    outside = []
    for probe in probes:
        cls, detail = classify(probe)
        counts[cls] += 1
        if args.verbose or cls not in "ab":
            line = f"[{cls}] {probe.entry}: {probe.label} -> {detail}"
            (print(line) if args.verbose else outside.append(line))
        import matplotlib.pyplot as plt

        plt.close("all")
    print(f"{len(probes)} probes")
    for cls, meaning in CLASSES.items():
        print(f"  ({cls}) {meaning:32s} {counts[cls]:5d}")
    if outside:
        print("\nOutside (a) and (b):")
        print("\n".join(outside))
    return 0


if __name__ == "__main__":
    sys.exit(main())
