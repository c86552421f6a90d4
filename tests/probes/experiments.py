"""Cases for ``mines_theory.experiments``: the seeded runs (``run_method``, the lockstep runs,
``compare_methods``), ``spawn_seeds`` and ``evaluations_to_target``."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from mines_theory.algorithm.schedules import harmonic
from mines_theory.experiments import runs
from mines_theory.experiments.sweep import MAX_SEEDS, evaluations_to_target, spawn_seeds
from mines_theory.problems.objectives import RotatedEllipsoid

from .harness import Table, vectors, matrices

F = RotatedEllipsoid(2, 10.0, seed=0)
QUADRATIC = lambda X: 0.5 * np.sum(np.asarray(X) ** 2, axis=-1)  # noqa: E731
GAP = ["k", "evaluations", "f_gap"]


def gap(frame: pd.DataFrame) -> pd.DataFrame:
    return frame[GAP]


def cases() -> list:
    t = Table("experiments")
    method = dict(name="MiNES", objective=F, seeds=1, mean0=np.zeros(2), max_evaluations=50)
    run_method = runs.run_method
    for name, kind in [("max_evaluations", "int"), ("target", "nonnegative"),
                       ("record_every", "int"),
                       ("chunk_size", "int"), ("seeds", "int"), ("entropy", "seed")]:  # fmt: skip
        t.vary("run_method", run_method, method, name, kind, check=gap, none_ok=name == "target")
    t.vary("run_method", run_method, method, "mean0", vectors(), check=gap)
    t.vary("run_method", run_method, method, "name", [("XYZ", True, "'XYZ'"), (None, True, "None")])
    t.vary("run_method", run_method, method, "objective",
           [(QUADRATIC, True, "plain function"), ("a", True, "str"),
            (None, True, "None")])  # fmt: skip
    t.vary("run_method", run_method, method, "executor", [(3, True, "3"), ("a", True, "'a'")])
    t.vary("run_method", run_method, method, "seeds", [([], True, "[]"), (["a"], True, "['a']")])
    t.refuses(
        "run_method", "unknown option", lambda: run_method(**method, bogus=1), "bogus", "bogus"
    )
    t.named("run_method", "target nan", lambda: run_method(**{**method, "target": float("nan")}),
            ValueError, "target must be finite, got nan")  # fmt: skip
    t.named("run_method", "plain function, named",
            lambda: run_method(**{**method, "objective": QUADRATIC}),
            TypeError, "objective must be an objective with dim.*lacks dim")  # fmt: skip

    lockstep = dict(objective=F, seeds=2, mean0=np.zeros(2), sigma_inv0=np.eye(2), alpha=0.1,
                    batch_size=3, tau=0.5, zeta=20.0, eta1=0.01, max_iterations=4)  # fmt: skip
    lock = runs.run_mines_lockstep
    for name, kind in [("alpha", "positive"), ("batch_size", "int"), ("tau", "positive"),
                       ("zeta", "positive"),
                       ("eta1", "positive"), ("eta2", "positive"), ("max_iterations", "int"),
                       ("record_every", "int"), ("seeds", "int"),
                       ("chunk_size", "int")]:  # fmt: skip
        t.vary("run_mines_lockstep", lock, lockstep, name, kind, check=gap, none_ok=name == "eta2",
               names=(name, "sigma_inv0", "tau"))  # fmt: skip
    t.vary(
        "run_mines_lockstep",
        lock,
        lockstep,
        "mean0",
        vectors(),
        check=gap,
        names=("mean0", "sigma_inv0"),
    )
    t.vary("run_mines_lockstep", lock, lockstep, "sigma_inv0", matrices(), check=gap)
    t.vary(
        "run_mines_lockstep",
        lock,
        lockstep,
        "objective",
        [(QUADRATIC, True, "plain function"), (None, True, "None")],
    )
    t.answers(
        "run_mines_lockstep", "eta1 harmonic", lambda: gap(lock(**{**lockstep, "eta1": harmonic}))
    )
    t.answers(
        "run_mines_lockstep",
        "eta1 float32",
        lambda: gap(lock(**{**lockstep, "eta1": np.float32(0.01)})),
    )

    rgf_base = dict(
        objective=F, seeds=2, mean0=np.zeros(2), alpha=0.1, eta=0.01, max_evaluations=40
    )
    rgf = runs.run_rgf_lockstep
    for name, kind in [("alpha", "positive"), ("eta", "positive"), ("batch_size", "int"),
                       ("max_evaluations", "int"), ("record_every", "int"),
                       ("seeds", "int")]:  # fmt: skip
        t.vary("run_rgf_lockstep", rgf, rgf_base, name, kind, check=gap)
    t.vary("run_rgf_lockstep", rgf, rgf_base, "mean0", vectors(), check=gap)
    t.answers(
        "run_rgf_lockstep",
        "max_evaluations below one iteration",
        lambda: gap(rgf(**{**rgf_base, "max_evaluations": 1})),
    )
    t.refuses("run_rgf_lockstep", "plain function",
              lambda: rgf(**{**rgf_base, "objective": QUADRATIC}),
              "objective", QUADRATIC)  # fmt: skip

    compare = dict(objective=F, seeds=1, max_evaluations=30)
    cm = runs.compare_methods
    for name, kind in [("max_evaluations", "int"), ("target", "nonnegative"),
                       ("record_every", "int"),
                       ("seeds", "int")]:  # fmt: skip
        t.vary(
            "compare_methods",
            cm,
            compare,
            name,
            kind,
            check=gap,
            none_ok=name == "target",
            slow=True,
        )
    t.vary("compare_methods", cm, compare, "methods",
           [(("MiNES",), True, "('MiNES',)"), ("RGF", True, "'RGF'"), ((), True, "()"),
            (None, True, "None"),
            ((1,), True, "(1,)")])  # fmt: skip
    t.refuses("compare_methods", "plain function",
              lambda: cm(**{**compare, "objective": QUADRATIC}), "objective",
              QUADRATIC)  # fmt: skip
    t.named("compare_methods", "names not in COMPARED",
            lambda: cm(F, methods=("MiNES",), seeds=1, max_evaluations=50),
            ValueError, r"methods must be names in COMPARED .*\['MiNES'\]")  # fmt: skip
    t.named("compare_methods", "budget 0", lambda: cm(F, max_evaluations=0), ValueError,
            "max_evaluations must be an integer >= 1, got 0")  # fmt: skip
    t.named("compare_methods", "no methods", lambda: cm(F, max_evaluations=30, methods=()),
            ValueError,
            r"methods must be a non-empty tuple .*got \(\)")  # fmt: skip
    t.named("compare_methods", "budget below one MiNES iteration",
            lambda: cm(F, seeds=1, max_evaluations=2),
            ValueError,
            r"max_evaluations must be at least one MiNES iteration, 2b \+ 1 = 5 evaluations "
            r"with b = d = 2, got 2")  # fmt: skip

    for seeds in (10**9, MAX_SEEDS + 1):
        message = rf"seeds must be at most MAX_SEEDS = 100,000 runs, got {seeds:,}"
        for name, call in [("spawn_seeds", lambda s=seeds: spawn_seeds(s)),
                           ("run_method", lambda s=seeds: run_method(**{**method, "seeds": s})),
                           ("run_mines_lockstep", lambda s=seeds: lock(**{**lockstep, "seeds": s})),
                           ("run_rgf_lockstep", lambda s=seeds: rgf(**{**rgf_base, "seeds": s})),
                           ("compare_methods",
                            lambda s=seeds: cm(**{**compare, "seeds": s}))]:  # fmt: skip
            t.named(name, f"seeds={seeds:,}", call, ValueError, message)
    t.named("spawn_seeds", f"{MAX_SEEDS + 1:,} SeedSequences",
            lambda: spawn_seeds([np.random.SeedSequence(0)] * (MAX_SEEDS + 1)),
            ValueError, "seeds must be at most MAX_SEEDS")  # fmt: skip
    t.answers(
        "spawn_seeds",
        "MAX_SEEDS",
        lambda: float(len(spawn_seeds(MAX_SEEDS)) == MAX_SEEDS == 100_000),
        slow=True,
    )
    t.vary("spawn_seeds", spawn_seeds, {}, "seeds", "int")
    t.vary("spawn_seeds", spawn_seeds, {"seeds": 2}, "entropy", "seed")
    t.named("spawn_seeds", "seeds 2.5", lambda: spawn_seeds(2.5), ValueError,
            "seeds must be a positive int or a non-empty list of SeedSequence, got "
            "2.5")  # fmt: skip

    def to_target(**kw: Any) -> pd.DataFrame:
        frame = runs.run_method("RGF", F, 2, mean0=np.ones(2), max_evaluations=20)
        return evaluations_to_target(**{"frame": frame, **kw})[
            ["evaluations", "budget_used"]
        ].fillna(0)

    t.vary("evaluations_to_target", to_target, {}, "target", "nonnegative")
    t.vary("evaluations_to_target", evaluations_to_target, {"target": 1.0}, "frame",
           [(None, True, "None"), ("a", True, "str"),
            (pd.DataFrame({"x": [1]}), True, "frame without columns")])  # fmt: skip
    t.named("evaluations_to_target", "frame None, named", lambda: evaluations_to_target(None, 1.0),
            TypeError,
            "frame must be a pandas DataFrame .*got NoneType None")  # fmt: skip
    t.named("evaluations_to_target", "missing columns",
            lambda: evaluations_to_target(pd.DataFrame({"x": [1]}), 1.0),
            ValueError, r"frame must have the columns .*missing")  # fmt: skip
    return t.cases
