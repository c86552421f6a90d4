"""Cases for ``mines_theory.linalg`` (``spd``, ``lowrank``) and the memory rule of
``mines_theory.validation``: every matrix function on the bad matrices, the intervals, the
relative symmetry rule at every scale, and the documented NaN and projections at 1e308."""

from __future__ import annotations

import numpy as np

from mines_theory.linalg import spd
from mines_theory.linalg.lowrank import low_rank, low_rank_update, project_low_rank
from mines_theory.validation import MAX_ELEMENTS, array_size

from .harness import NAN, Table, documented_nan, matrices, valid_for

I2, NAN2 = np.eye(2), np.full((2, 2), NAN)
SKEW = np.array([[1.0, 2.0], [0.0, 1.0]])


def _rounded(scale: float) -> np.ndarray:
    """Q diag Qᵀ at the given scale as computed: asymmetric by rounding only."""
    Q = np.linalg.qr(np.random.default_rng(0).standard_normal((4, 4)))[0]
    return scale * ((Q * np.array([0.5, 0.7, 0.9, 1.0])) @ Q.T)


def cases() -> list:
    t = Table("linalg")
    interval = {"lower": 0.5, "upper": 2.0}
    for name, fn, extra in [
        ("symmetric_roots", spd.symmetric_roots, {}),
        ("cholesky_lower", spd.cholesky_lower, {}),
        ("project_eigenvalues", spd.project_eigenvalues, interval),
        ("low_rank", low_rank, {"floor": 0.5}),
        ("spectrum_within", spd.spectrum_within, interval),
        ("project_if_outside", spd.project_if_outside, interval),
    ]:
        # no size to match: a 3 x 3 matrix is valid; a projection, a spectrum test or a LowRank
        # takes any symmetric matrix, indefinite or zero included
        spd_only = "roots" in name or "cholesky" in name
        valid = ("wrong shape",) + (() if spd_only else ("indefinite", "zero matrix"))
        argument = "sigma_inv" if name == "symmetric_roots" else "A"
        t.vary(name, fn, extra, argument, valid_for(matrices(), *valid))
    for name in ("project_eigenvalues", "project_if_outside", "spectrum_within"):
        fn = getattr(spd, name)
        t.vary(name, fn, {"A": I2, "upper": 2.0}, "lower", "finite", names=("lower", "upper"))
        t.vary(name, fn, {"A": I2, "lower": 0.5}, "upper", "finite", names=("lower", "upper"))
        t.named(name, "lower > upper", lambda fn=fn: fn(I2, 5.0, 1.0), ValueError,
                "lower must be <= upper, got lower = 5.0 > upper = 1.0")  # fmt: skip
    project = spd.project_eigenvalues
    t.answers(
        "project_eigenvalues",
        "entries near 1e308",
        lambda: project(np.full((2, 2), 1e308), 0.5, 2.0),
    )
    tiny = np.array([[1e-12, 5e-11], [0.0, 1e-12]])
    t.named("project_eigenvalues", "5e-11 asymmetry at 1e-12", lambda: project(tiny, -1.0, 1.0),
            ValueError,
            r"A must be symmetric, got max \|A - A\^T\| = 5e-11, more than 1e-10 x max \|A\| = "
            r"5e-21")  # fmt: skip
    t.named("project_eigenvalues", "5e-11 asymmetry in a stack",
            lambda: project(np.stack([I2, tiny]), -1.0, 1.0),
            ValueError, r"\(matrix \(1,\) of the stack\)")  # fmt: skip
    for scale in (1e-12, 1.0, 1e12):
        t.answers("project_eigenvalues", f"rounding-level asymmetry at {scale:g}",
                  lambda s=scale: project(_rounded(s), 0.0, 10 * s))  # fmt: skip
    rng = np.random.default_rng(0)
    for entry, call, match in [  # (entry, call, the pattern of its message)
        ("spectrum_within", lambda: spd.spectrum_within(NAN2, 0.5, 2.0),
         "A must be finite, got non-finite entries"),
        ("spectrum_within", lambda: spd.spectrum_within(SKEW, 0.5, 2.0),
         r"A must be symmetric, got max \|A - A\^T\| = 2"),
        ("spectrum_within", lambda: spd.spectrum_within(np.zeros((0, 0)), 0.5, 2.0),
         r"A must not be empty, got shape \(0, 0\)"),
        ("spectrum_within", lambda: spd.spectrum_within(np.ones(2), 0.5, 2.0),
         r"A must be a square matrix \(or a stack\), got shape \(2,\)"),
        ("spectrum_within", lambda: spd.spectrum_within(None, 0.5, 2.0),
         "A must be a square matrix .*got None"),
        ("spectrum_within", lambda: spd.spectrum_within(I2 * (1 + 1j), 0.5, 2.0),
         "A must be a square matrix of real numbers, got complex values"),
        ("spectrum_within", lambda: spd.spectrum_within(I2, NAN, 2.0),
         "lower must be finite, got nan"),
        ("spectrum_within", lambda: spd.spectrum_within(I2, 0.5, True),
         "upper must be a real number, got True"),
        ("project_if_outside", lambda: spd.project_if_outside(NAN2, 0.5, 2.0),
         "A must be finite, got non-finite entries"),
        ("project_if_outside", lambda: spd.project_if_outside(I2, 0.5, -np.inf),
         "upper must be finite, got -inf"),
        ("project_if_outside", lambda: spd.project_if_outside(I2, [1.0, 2.0], 2.0),
         r"lower must be a real number, got \[1.0, 2.0\]"),
        ("solve_lower_transposed", lambda: spd.solve_lower_transposed(SKEW, np.ones((3, 2))),
         r"L must be lower triangular, got a nonzero entry above the diagonal \(largest 2\)"),
        ("solve_lower_transposed", lambda: spd.solve_lower_transposed(NAN2, np.ones((3, 2))),
         "L must be finite, got non-finite entries"),
        ("solve_lower_transposed", lambda: spd.solve_lower_transposed(np.eye(3), np.ones((3, 2))),
         r"rows must have shape \(n, 3\) with n >= 1 to match L \(3 x 3\), got shape \(3, 2\)"),
        ("solve_lower_transposed", lambda: spd.solve_lower_transposed(I2, np.full((3, 2), NAN)),
         "rows must be finite, got non-finite entries"),
        ("solve_lower_transposed", lambda: spd.solve_lower_transposed(I2, "a"),
         "rows must be an array of real numbers, got str 'a'"),
        ("cholesky_lower", lambda: spd.cholesky_lower(np.diag([1.0, -1.0])),
         "A must be positive definite, got a matrix that is not"),
        ("cholesky_lower", lambda: spd.cholesky_lower(NAN2),
         "A must be finite, got non-finite entries"),
        ("cholesky_lower", lambda: spd.cholesky_lower(np.stack([I2, np.diag([1.0, -2.0])])),
         r"A must be positive definite, got a stack whose matrix \(1,\) is not \(smallest "
         r"eigenvalue -2\)"),
        ("cholesky_lower", lambda: spd.cholesky_lower(SKEW), "A must be symmetric"),
        ("symmetric_roots", lambda: spd.symmetric_roots(np.ones(2)),
         r"sigma_inv must be a square matrix \(or a stack\), got shape \(2,\)"),
        ("low_rank", lambda: low_rank(np.ones(2), 0.5),
         r"A must be a square matrix, got shape \(2,\)"),
        ("preconditioned_extremes", lambda: spd.preconditioned_extremes(I2, np.diag([1.0, -1.0])),
         "sigma_inv must be positive definite.*smallest eigenvalue -1"),
        ("preconditioned_extremes", lambda: spd.preconditioned_extremes(I2, NAN2),
         "sigma_inv must be finite"),
        ("preconditioned_extremes", lambda: spd.preconditioned_extremes(NAN2, I2),
         "hessian must be finite"),
        ("preconditioned_extremes", lambda: spd.preconditioned_extremes(np.eye(3), I2),
         r"hessian must have the shape of sigma_inv, \(2, 2\), got shape \(3, 3\)"),
        ("preconditioned_extremes", lambda: spd.preconditioned_extremes(SKEW, I2),
         "hessian must be symmetric"),
        ("preconditioned_condition", lambda: spd.preconditioned_condition(NAN2, I2),
         "covariance must be finite"),
        ("preconditioned_condition", lambda: spd.preconditioned_condition(None, I2),
         "covariance must be a square matrix .*got None"),
        ("preconditioned_condition", lambda: spd.preconditioned_condition(I2, np.ones(2)),
         r"hessian must be a square matrix \(or a stack\), got shape \(2,\)"),
        ("preconditioned_condition", lambda: spd.preconditioned_condition(I2, np.eye(3)),
         r"hessian must be 2 x 2 like covariance, got shape \(3, 3\)"),
        ("random_spd", lambda: spd.random_spd(rng, 2, "a", 2.0),
         "low must be a positive real number, got 'a'"),
        ("random_spd", lambda: spd.random_spd(rng, 2, 1 + 1j, 2.0),
         r"low must be a positive real number, got \(1\+1j\)"),
        ("random_spd", lambda: spd.random_spd(rng, 2, eigenvalues=[1.0, NAN]),
         r"eigenvalues must be finite and > 0 .*got \[ 1. nan\]"),
    ]:  # fmt: skip
        t.named(entry, match[:48], call, ValueError, match)
    t.named("random_rotation", "rng None", lambda: spd.random_rotation(None, 2), TypeError,
            "rng must be a numpy.random.Generator .*got NoneType None")  # fmt: skip
    solve = spd.solve_lower_transposed
    t.vary("solve_lower_transposed", solve, {"rows": np.ones((3, 2))}, "L", matrices(spd=False))
    t.vary("solve_lower_transposed", solve, {"L": I2}, "rows",
           [(np.ones((3, 3)), True, "wrong width"), ("a", True, "str"),
            (np.full((3, 2), NAN), True, "NaN")])  # fmt: skip
    for entry, fn, fixed, other in [
        ("preconditioned_extremes", spd.preconditioned_extremes, "hessian", "sigma_inv"),
        ("preconditioned_condition", spd.preconditioned_condition, "hessian", "covariance"),
    ]:
        t.vary(entry, fn, {fixed: I2}, other, matrices(spd=entry.endswith("extremes")))
        t.vary(entry, fn, {other: I2}, fixed, matrices(spd=False))
    for covariance, label in [(np.diag([1.0, -1.0]), "indefinite"), (np.zeros((2, 2)), "zero")]:
        # documented: NaN for a finite symmetric covariance that is not positive definite (a
        # baseline's degenerate covariance is recorded, not an error)
        t.answers("preconditioned_condition", f"covariance {label} (documented NaN)",
                  lambda C=covariance: spd.preconditioned_condition(C, I2),
                  check=documented_nan)  # fmt: skip
    t.vary("random_rotation", spd.random_rotation, {"rng": rng}, "dim", "int")
    t.vary(
        "random_rotation",
        spd.random_rotation,
        {"dim": 2},
        "rng",
        [(0, True, "0"), (None, True, "None")],
    )
    t.vary("random_spd", spd.random_spd, {"rng": rng, "dim": 2, "high": 2.0}, "low", "positive",
           names=("low", "high"))  # fmt: skip
    t.vary("random_spd", spd.random_spd, {"rng": rng, "low": 1.0, "high": 2.0}, "dim", "int")
    t.vary("random_spd", spd.random_spd, {"rng": rng, "dim": 2}, "eigenvalues",
           [(np.array([1.0, NAN]), True, "NaN"), (np.array([1.0, -1.0]), True, "negative"),
            (np.ones(3), True, "wrong length")])  # fmt: skip
    t.vary("weighted_gram", spd.weighted_gram, {"weights": np.ones(3)}, "rows",
           [(np.ones(3), True, "1-D"), ("a", True, "str"), (np.full((3, 2), NAN), True, "NaN"),
            (np.ones((2, 2)), True, "wrong length"),
            (np.full((3, 2), 1e300), True, "1e300 entries")])  # fmt: skip
    t.vary("weighted_gram", spd.weighted_gram, {"rows": np.ones((3, 2))}, "weights",
           [(np.ones(2), True, "wrong length"), (np.array([1.0, NAN, 1.0]), True, "NaN"),
            ("a", True, "str"),
            (None, True, "None"), (np.zeros(3), False, "zeros"),
            (-np.ones(3), False, "negative")])  # fmt: skip

    LR = low_rank(np.diag([3.0, 1.0, 1.0]), 1.0)
    update = dict(A=LR, rows=np.ones((1, 3)), weights=np.ones(1))
    t.vary("low_rank_update", low_rank_update, update, "c", "finite")
    t.vary("low_rank_update", low_rank_update, {**update, "c": 1.0}, "rows",
           [(np.ones((1, 4)), True, "wrong width"),
            (np.full((1, 3), NAN), True, "NaN")])  # fmt: skip
    t.vary("low_rank_update", low_rank_update, {**update, "c": 1.0}, "weights",
           [(np.ones(2), True, "wrong length"), (np.array([NAN]), True, "NaN")])  # fmt: skip
    t.named("low_rank_update", "A not a LowRank",
            lambda: low_rank_update(I2, 1.0, np.ones((1, 3)), np.ones(1)),
            TypeError, "A must be a LowRank .*got ndarray")  # fmt: skip
    t.vary("project_low_rank", project_low_rank, {"A": LR, "upper": 2.0}, "lower", "finite",
           names=("lower", "upper"))  # fmt: skip
    t.named("project_low_rank", "lower > upper", lambda: project_low_rank(LR, 5.0, 1.0), ValueError,
            "lower must be <= upper, got lower = 5.0 > upper = 1.0")  # fmt: skip
    t.named("LowRank.power_rows", "rows of another width",
            lambda: LR.power_rows(0.5, np.ones((1, 4))),
            ValueError, r"rows must have shape \(n, 3\) .*got shape \(1, 4\)")  # fmt: skip

    # the memory rule
    points = "the (2b+1) x dim query points"
    t.answers("array_size", "MAX_ELEMENTS", lambda: array_size("batch_size", 10, MAX_ELEMENTS, "x"))
    t.named("array_size", "MAX_ELEMENTS + 1", lambda: array_size("b", 3, MAX_ELEMENTS + 1, "x"),
            ValueError,
            r"b = 3 would need x of 268,435,457 float64 entries \(2 GiB\)")  # fmt: skip
    t.named("array_size", "10**9 rows of 2",
            lambda: array_size("batch_size", 10**9, (2 * 10**9 + 1) * 2, points),
            ValueError, r"batch_size = 1000000000 would need the \(2b\+1\) x dim query points of "
            r"4,000,000,002 float64 entries \(29.8 GiB\)")  # fmt: skip
    t.named("array_size", "10**309 elements", lambda: array_size("dim", 10**309, 10**309, "x"),
            ValueError,
            r"dim = 1000.* would need x of about 10\^309 float64 entries \(more than 1e300 "
            r"GiB\)")  # fmt: skip
    return t.cases
