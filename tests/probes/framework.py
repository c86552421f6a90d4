"""Cases for ``mines_theory.verification.framework.stats``: a statistic of NaN or of nothing is
undecidable (``Undecidable``), a negative or fractional count is an invalid configuration
(``ValueError``), and +∞ (a run that never reached its target) is a value."""

from __future__ import annotations

import numpy as np

from mines_theory.verification.framework import stats
from mines_theory.verification.framework.verdict import Undecidable

from .harness import INF, NAN, Table


def cases() -> list:
    t = Table("framework")
    median = stats.median_interval
    for values, label, match in [([NAN], "[nan]", "m: 1 of 1 values are NaN"),
                                 ([], "[]", "m: no values"),
                                 ([1.0, NAN, 3.0], "a NaN among values",
                                  "m: 1 of 3 values are NaN")]:  # fmt: skip
        t.named("median_interval", label, lambda v=values: median(v, "m"), Undecidable, match)
    t.named("median_interval", "confidence 1", lambda: median([1.0, 2.0], "m", confidence=1.0),
            ValueError,
            r"confidence must lie in \(0, 1\), got 1.0")  # fmt: skip
    t.answers("median_interval", "+inf: runs that never reached",
              lambda: median([1.0, INF, INF], "m").value,
              check=lambda value: 0.0 if value == INF else NAN)  # fmt: skip
    boot = stats.bootstrap
    for units, label, error, match in [(0, "units 0", Undecidable,
                                        r"units = \{units\}: a bootstrap needs at least 1"),
                                       (-1, "units -1", ValueError,
                                        "units must be a non-negative integer, got -1"),
                                       (2.5, "units 2.5", ValueError,
                                        "units must be a non-negative integer, got 2.5"),
                                       ("3", "units '3'", ValueError,
                                        "units must be a non-negative integer, got "
                                        "'3'")]:  # fmt: skip
        t.named("bootstrap", label, lambda u=units: boot(lambda i: 1.0, u, "b"), error, match)
    t.named(
        "bootstrap",
        "resamples 0",
        lambda: boot(lambda i: 1.0, 3, "b", resamples=0),
        Undecidable,
        "resamples",
    )
    t.answers(
        "bootstrap",
        "one unit, one resample",
        lambda: boot(lambda i: 1.0, 1, "b", resamples=1).interval,
    )
    for name in ("largest", "smallest", "median"):
        fn = getattr(stats, name)
        for values, label in [([NAN, 1.0], "a NaN"), ([], "nothing")]:
            t.named(name, label, lambda f=fn, v=values: f(v, "x"), Undecidable, "^x: ")
    t.named(
        "mean_and_se",
        "one sample",
        lambda: stats.mean_and_se([1.0]),
        Undecidable,
        "1 sample: a standard error",
    )
    t.named(
        "mean_and_se",
        "a NaN",
        lambda: stats.mean_and_se([1.0, NAN]),
        Undecidable,
        "1 of 2 samples are NaN",
    )
    t.named(
        "proportion", "no trials", lambda: stats.proportion("p", 0, 0), Undecidable, "p: no trials"
    )
    t.named(
        "proportion",
        "6 of 5",
        lambda: stats.proportion("p", 6, 5),
        ValueError,
        r"successes must lie in \[0, trials\]",
    )
    t.named(
        "exceedance_z",
        "allowed 1",
        lambda: stats.exceedance_z(1, 10, 1.0),
        ValueError,
        "allowed must lie in",
    )
    t.named(
        "exceedance_z",
        "no trials",
        lambda: stats.exceedance_z(0, 0, 0.1),
        Undecidable,
        "^no trials",
    )
    t.named("at_least", "seeds -1", lambda: stats.at_least("seeds", -1, 2, "x"), ValueError,
            "seeds must be a non-negative integer, got -1")  # fmt: skip
    for allowed in (0, 0.0, -0.5, 1.0, NAN, "a"):  # trials_needed(0): a ZeroDivisionError before
        t.refuses("trials_needed", f"allowed={allowed!r}",
                  lambda a=allowed: stats.trials_needed(a), "allowed", allowed)  # fmt: skip
    t.named(
        "loglog_slope",
        "x 0",
        lambda: stats.loglog_slope([0.0, 1.0], [1.0, 2.0]),
        Undecidable,
        "^a log-log slope needs",
    )
    t.answers(
        "largest_z", "no error", lambda: stats.largest_z(np.array([[1.0], [3.0]]), np.array([2.0]))
    )
    return t.cases
