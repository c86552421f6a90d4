"""Input checks shared by the library: every bad input raises a ``ValueError`` that names the
parameter, the value it got and what was expected, never a silent NaN further down."""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = [
    "all_finite",
    "array_size",
    "evaluate",
    "executor",
    "function_values",
    "finite_result",
    "finite_scalar",
    "float_array",
    "frame",
    "generator",
    "instance",
    "interval",
    "matrix_rows",
    "nonnegative_int",
    "nonnegative_scalar",
    "objective",
    "path_like",
    "positive_definite",
    "positive_int",
    "positive_scalar",
    "probability",
    "quadratic_forms",
    "real_array",
    "rng",
    "seed",
    "smoothing_radius",
    "square_matrix",
    "symmetric_matrix",
    "target",
    "vector",
    "MAX_ELEMENTS",
    "OBJECTIVE_ATTRIBUTES",
    "SYMMETRY_RTOL",
]


def positive_scalar(name: str, value: Any) -> float:
    """Return ``value`` as a float, or raise if it is not a finite number > 0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a positive real number, got {value!r:.60}")
    value = _as_float(name, value)
    if not np.isfinite(value) or value <= 0.0:
        raise ValueError(f"{name} must be a finite number > 0, got {value!r}")
    return value


def _as_float(name: str, value: Any) -> float:
    """float(value), or a ``ValueError`` for an integer beyond the largest float (10**309)."""
    try:
        return float(value)
    except OverflowError:
        raise ValueError(
            f"{name} must be finite, got an integer of {len(str(abs(value)))} digits, beyond "
            f"the largest float (about 1.8e308)"
        ) from None


def smoothing_radius(name: str, value: Any) -> float:
    """A finite α > 0 whose square is a normal float: the estimators divide by α² (eq:TG), so an
    α whose square underflows (α < ~1e-154) or overflows (α > ~1e154) would turn them into NaN
    or 0 without a word."""
    value = positive_scalar(name, value)
    square = value * value
    if not np.isfinite(square) or square < np.finfo(float).tiny:
        raise ValueError(
            f"{name} must have a square that is a normal float (about 1e-154 < "
            f"{name} < 1e154): {name}² {'overflows' if square > 1 else 'underflows'} "
            f"at {name} = {value!r}"
        )
    return value


def interval(
    lower_name: str, lower: Any, upper_name: str, upper: Any, *, positive: bool = True
) -> tuple[float, float]:
    """(lower, upper) as positive floats with lower <= upper, e.g. the bounds τ <= ζ of S'
    (``positive=False``: any finite floats, e.g. the bounds of a spectrum projection, where
    lower = 0 is the cone of positive semidefinite matrices)."""
    scalar = positive_scalar if positive else finite_scalar
    lower, upper = scalar(lower_name, lower), scalar(upper_name, upper)
    if lower > upper:
        raise ValueError(
            f"{lower_name} must be <= {upper_name}, got {lower_name} = {lower!r} > "
            f"{upper_name} = {upper!r}"
        )
    return lower, upper


def nonnegative_scalar(name: str, value: Any) -> float:
    """Return ``value`` as a float, or raise if it is not a finite number >= 0."""
    value = finite_scalar(name, value)
    if value < 0:
        raise ValueError(f"{name} must be a finite number >= 0, got {value!r}")
    return value


def finite_scalar(name: str, value: Any) -> float:
    """Return ``value`` as a float, or raise if it is not a finite real number."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a real number, got {value!r:.60}")
    value = _as_float(name, value)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value!r}")
    return value


def _integer_at_least(name: str, value: Any, minimum: int) -> int:
    """Return ``value`` as an int, or raise if it is not an integer >= ``minimum`` (a bool is
    not an integer here)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def positive_int(name: str, value: Any) -> int:
    """Return ``value`` as an int, or raise if it is not an integer >= 1."""
    return _integer_at_least(name, value, 1)


def vector(name: str, value: Any, dim: int | None = None) -> np.ndarray:
    """Return a finite 1-D float array (a copy), of length ``dim`` if given."""
    arr = float_array(name, value, "a non-empty 1-D array of real numbers")
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-D array, got {_shape_or_value(arr, value)}")
    if dim is not None and arr.shape[0] != dim:
        raise ValueError(f"{name} must have length {dim}, got length {arr.shape[0]}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite, got {arr}")
    return arr


def square_matrix(
    name: str,
    value: Any,
    dim: int | None = None,
    *,
    batch: bool = False,
    finite: bool = True,
    like: str | None = None,
) -> np.ndarray:
    """Return ``value`` as a float array holding one non-empty square matrix (or, with
    ``batch=True``, a stack of shape (..., d, d)), d x d if ``dim`` is given, with finite
    entries (unless ``finite=False``). A float ndarray is returned as it is, not copied: this is
    the O(d²) check of the linear-algebra routines, cheap beside their O(d³) work. ``like``
    names the argument that ``dim`` comes from, so that a mismatch names both."""
    arr = (
        value
        if isinstance(value, np.ndarray) and value.dtype == np.float64
        else float_array(name, value, "a square matrix of real numbers")
    )
    if arr.ndim < 2 or (arr.ndim > 2 and not batch) or arr.shape[-1] != arr.shape[-2]:
        raise ValueError(
            f"{name} must be a square matrix{' (or a stack)' if batch else ''}, "
            f"got {_shape_or_value(arr, value)}"
        )
    if arr.shape[-1] == 0:
        raise ValueError(f"{name} must not be empty, got shape {arr.shape}")
    if dim is not None and arr.shape[-1] != dim:
        raise ValueError(
            f"{name} must be {dim} x {dim}{'' if like is None else ' like ' + like}, "
            f"got shape {arr.shape}"
        )
    if finite and not np.isfinite(arr).all():
        raise ValueError(f"{name} must be finite, got non-finite entries")
    return arr


#: The symmetry rule's relative tolerance: max |A − Aᵀ| <= SYMMETRY_RTOL · max |A|, matrix by
#: matrix. Rounding leaves an asymmetry of a few ulps of the largest entry (a product Q D Qᵀ
#: at d = 500 with eigenvalues over 1e-6..1e6 leaves 1.0e-16 of it); 1e-10 accepts that with
#: room, and refuses an asymmetry that is a bug upstream at any scale of A (the rule is
#: relative: a matrix of entries ~1e-12 is judged as one of entries ~1).
SYMMETRY_RTOL = 1e-10


def symmetric_matrix(
    name: str,
    value: Any,
    dim: int | None = None,
    *,
    batch: bool = False,
    rtol: float = SYMMETRY_RTOL,
    copy: bool = True,
    like: str | None = None,
) -> np.ndarray:
    """Return a finite, symmetric float matrix: a symmetrized copy, or with ``copy=False`` the
    checked array itself (``square_matrix``: the inner-loop form).

    With ``batch=True`` a stack of shape (..., d, d) is accepted.  The one symmetry rule of the
    library: max |A − Aᵀ| <= ``rtol`` · max |A| for each matrix A (``SYMMETRY_RTOL``); a larger
    asymmetry is an error, a sign of a bug upstream, not noise.  ``like``: as in
    ``square_matrix``.
    """
    arr = square_matrix(name, value, dim, batch=batch, like=like)
    transposed = np.swapaxes(arr, -1, -2)
    if np.array_equal(arr, transposed):  # the common case, one cheap pass
        return arr if not copy else arr.copy()
    # halves first: A - Aᵀ and A + Aᵀ overflow for entries near the largest float
    asym = 2.0 * np.max(np.abs(0.5 * arr - 0.5 * transposed), axis=(-2, -1))
    scale = np.max(np.abs(arr), axis=(-2, -1))
    worst = np.unravel_index(np.argmax(asym - rtol * scale), asym.shape)
    if asym[worst] > rtol * scale[worst]:
        where = f" (matrix {tuple(map(int, worst))} of the stack)" if asym.ndim else ""
        raise ValueError(
            f"{name} must be symmetric, got max |A - A^T| = {float(asym[worst]):.3g}"
            f"{where}, more than {rtol:g} x max |A| = "
            f"{rtol * float(scale[worst]):.3g} (max |A| = {float(scale[worst]):.3g}; "
            f"the rule is relative to the size of A)"
        )
    if not copy:
        return arr
    return 0.5 * arr + 0.5 * transposed


def positive_definite(name: str, value: Any, dim: int | None = None) -> np.ndarray:
    """``symmetric_matrix`` that is also positive definite, or a ``ValueError`` naming ``name``
    and its smallest eigenvalue."""
    arr = symmetric_matrix(name, value, dim)
    smallest = float(np.linalg.eigvalsh(arr)[0])
    if not smallest > 0.0:
        raise ValueError(
            f"{name} must be positive definite, got smallest eigenvalue {smallest:.3g}"
        )
    return arr


def quadratic_forms(name: str, matrices: Any) -> tuple:
    """The matrices A_1..A_n of quadratic forms uᵀA_iu: a non-empty sequence of d x d matrices
    of one size d >= 1, each a numpy-like real matrix (checked finite and symmetric, returned as
    a symmetrized float copy) or a sympy matrix (checked square and symmetric: each A[i, j] −
    A[j, i] must simplify to 0; symbolic entries cannot be tested for finiteness)."""
    if isinstance(matrices, (str, bytes)) or not hasattr(matrices, "__len__"):
        raise TypeError(
            f"{name} must be a sequence of square matrices, got "
            f"{type(matrices).__name__} {matrices!r:.60}"
        )
    if len(matrices) == 0:
        raise ValueError(f"{name} must hold at least one matrix, got none")
    out, d = [], None
    for i, M in enumerate(matrices):
        label = f"{name}[{i}]"
        if _is_sympy_matrix(M):
            if len(M.shape) != 2 or M.shape[0] != M.shape[1] or M.shape[0] == 0:
                raise ValueError(f"{label} must be a non-empty square matrix, got shape {M.shape}")
            asymmetric = _asymmetric_entry(M)
            if asymmetric is not None:
                i, j, difference = asymmetric
                raise ValueError(
                    f"{label} must be symmetric (the moment formulas hold for "
                    f"symmetric A_i), got A[{i}, {j}] - A[{j}, {i}] = {difference}"
                )
        else:
            if isinstance(M, str) or M is None:
                raise TypeError(
                    f"{label} must be a square matrix (a numpy array or a sympy "
                    f"Matrix), got {type(M).__name__} {M!r:.60}"
                )
            M = symmetric_matrix(label, M)
        if d is None:
            d = M.shape[0]
        elif M.shape[0] != d:
            raise ValueError(f"{label} must be {d} x {d} like {name}[0], got shape {M.shape}")
        out.append(M)
    return tuple(out)


def _asymmetric_entry(M):
    """(i, j, A[i, j] − A[j, i]) for the first pair i < j whose difference does not simplify to
    0, or None (a sympy matrix)."""
    import sympy as sp

    for i in range(M.shape[0]):
        for j in range(i + 1, M.shape[0]):
            difference = sp.simplify(M[i, j] - M[j, i])
            if difference != 0:
                return i, j, difference
    return None


def _is_sympy_matrix(value: Any) -> bool:
    """A sympy matrix, recognised without importing sympy (it is optional here)."""
    return type(value).__module__.startswith("sympy") and hasattr(value, "shape")


#: The largest array (in float64 entries) the library builds: 2**28 entries are 2 GiB.
MAX_ELEMENTS = 2**28


def array_size(name: str, value: Any, elements: int, what: str) -> int:
    """Return ``elements`` if an array of that many float64 entries stays within
    ``MAX_ELEMENTS``, else raise ``ValueError`` naming ``name``, its ``value``, the array
    (``what``, e.g. "the (2b+1) x d query points") and the memory it would need."""
    if elements > MAX_ELEMENTS:
        size = f"{elements:,}" if elements < 10**30 else f"about 10^{len(str(elements)) - 1}"
        gib = f"{8 * elements / 2**30:.3g}" if elements < 10**300 else "more than 1e300"
        raise ValueError(
            f"{name} = {value!r:.60} would need {what} of {size} float64 entries "
            f"({gib} GiB), more than the limit of MAX_ELEMENTS = 2**28 entries (2 GiB)"
        )
    return elements


def path_like(name: str, value: Any) -> Any:
    """Return ``value`` if it is a str or an ``os.PathLike`` (a folder to write into), else
    raise ``TypeError`` naming ``name``."""
    if not isinstance(value, (str, os.PathLike)):
        raise TypeError(
            f"{name} must be a str or os.PathLike (a folder), got "
            f"{type(value).__name__} {value!r:.60}"
        )
    return value


#: What an objective must provide where the library needs its constants (``objectives``).
OBJECTIVE_ATTRIBUTES = ("dim", "L", "sigma", "gamma", "minimizer", "f_star", "hessian")


def instance(name: str, value: Any, needs: Any, what: str, example: str = "") -> Any:
    """Return ``value`` if it has the attributes ``needs``, else raise ``TypeError`` naming
    ``name``, what was expected (``what``, e.g. ``example``), the value and what it lacks."""
    missing = [attribute for attribute in needs if not hasattr(value, attribute)]
    if missing:
        raise TypeError(
            f"{name} must be {what} with {', '.join(needs)}"
            f"{f' ({example})' if example else ''}; got {type(value).__name__} "
            f"{value!r:.60}, which lacks {', '.join(missing)}"
        )
    return value


def objective(name: str, value: Any, needs: Any = OBJECTIVE_ATTRIBUTES) -> Any:
    """Return ``value`` if it has the attributes ``needs`` (an ``objectives.Objective`` has them
    all), else raise ``TypeError`` saying what is missing: a plain function has no dimension,
    constants or minimizer."""
    return instance(
        name,
        value,
        needs,
        "an objective",
        "an instance of mines_theory.problems.base.Objective, e.g. RotatedEllipsoid",
    )


def rng(name: str, value: Any) -> np.random.Generator:
    """Return ``value`` if it is a ``numpy.random.Generator`` (used as it is: its stream goes
    on), else raise ``TypeError`` naming ``name``."""
    if not isinstance(value, np.random.Generator):
        raise TypeError(
            f"{name} must be a numpy.random.Generator (np.random.default_rng(seed)), "
            f"got {type(value).__name__} {value!r:.60}"
        )
    return value


def probability(name: str, value: Any) -> float:
    """Return ``value`` as a float, or raise if it is not a number in the open interval (0, 1)
    (a failure probability δ)."""
    value = positive_scalar(name, value)
    if value >= 1.0:
        raise ValueError(f"{name} must lie in (0, 1), got {value!r}")
    return value


def nonnegative_int(name: str, value: Any) -> int:
    """Return ``value`` as an int, or raise if it is not an integer >= 0."""
    return _integer_at_least(name, value, 0)


def float_array(name: str, value: Any, what: str = "an array of real numbers") -> np.ndarray:
    """``np.array(value, dtype=float)`` (a copy), or a ``ValueError`` naming ``name`` and the
    value where the conversion would fail or drop an imaginary part."""
    if value is None:  # np.array(None, dtype=float) would be NaN
        raise ValueError(f"{name} must be {what}, got None")
    if np.iscomplexobj(value):
        raise ValueError(f"{name} must be {what}, got complex values {value!r:.60}")
    try:
        arr = np.asarray(value)
        if arr.dtype.kind in "USV" or (
            arr.dtype.kind == "O" and any(isinstance(v, (str, bytes)) for v in arr.flat)
        ):
            raise TypeError  # numpy would parse the string "1" as 1.0
        return np.array(arr, dtype=float)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an int beyond 1.8e308
        raise ValueError(
            f"{name} must be {what}, got {type(value).__name__} {value!r:.60}"
        ) from None


def all_finite(arr: np.ndarray) -> bool:
    """Whether every entry of ``arr`` is finite, in one pass without a temporary: a finite sum
    proves it (a NaN or an infinity makes the sum non-finite); only a sum that overflowed needs
    the entry-by-entry test."""
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.sum(arr)
    return bool(np.isfinite(total)) or bool(np.all(np.isfinite(arr)))


def real_array(name: str, value: Any, min_ndim: int = 1) -> np.ndarray:
    """A finite float array with at least ``min_ndim`` axes and no empty axis (no copy when
    ``value`` already is one), or a ``ValueError`` naming ``name`` and its shape or value."""
    arr = (
        value
        if isinstance(value, np.ndarray) and value.dtype == float
        else float_array(name, value)
    )
    if arr.ndim < min_ndim or 0 in arr.shape:
        raise ValueError(
            f"{name} must be a non-empty array with at least {min_ndim} axes, got "
            f"{_shape_or_value(arr, value)}"
        )
    if not all_finite(arr):
        raise ValueError(f"{name} must be finite, got non-finite entries")
    return arr


def matrix_rows(
    name: str, rows: Any, d: int, batch: tuple = (), matrix: str = "A", *, finite: bool = True
) -> np.ndarray:
    """``rows`` as a finite float array of shape (*batch, n, d), n >= 1, d that of the matrix
    called ``matrix`` (the O(nd) check of the routines that do O(nd²) or O(ndr) work on them)."""
    arr = (
        rows
        if isinstance(rows, np.ndarray) and rows.dtype == np.float64
        else float_array(name, rows)
    )
    if (
        arr.ndim != len(batch) + 2
        or arr.shape[-1] != d
        or arr.shape[:-2] != batch
        or arr.shape[-2] == 0
    ):
        shape = ", ".join(map(str, (*batch, "n", d)))
        raise ValueError(
            f"{name} must have shape ({shape}) with n >= 1 to match {matrix} "
            f"({' x '.join(map(str, (*batch, d, d)))}), got {_shape_or_value(arr, arr)}"
        )
    if finite and not np.isfinite(arr).all():
        raise ValueError(f"{name} must be finite, got non-finite entries")
    return arr


def _shape_or_value(arr: np.ndarray, value: Any) -> str:
    return f"{value!r:.60}" if arr.ndim == 0 else f"shape {arr.shape}"


def finite_result(quantity: str, value: Any, cause: str) -> Any:
    """Return ``value`` if all its entries are finite, else raise ``FloatingPointError`` saying
    which ``quantity`` is not finite and why (``cause``: the arguments that made it so)."""
    parts = value if isinstance(value, tuple) else (value,)
    if not all(np.all(np.isfinite(part)) for part in parts):
        raise FloatingPointError(
            f"{quantity} is not finite ({cause}): the arguments are too "
            f"large or too small for floating point"
        )
    return value


def frame(name: str, value: Any, columns: Any) -> Any:
    """Return ``value`` if it is a pandas DataFrame with the given ``columns``, else raise
    ``TypeError`` (not a frame) or ``ValueError`` (missing columns) naming ``name``."""
    missing = [c for c in columns if c not in getattr(value, "columns", ())]
    if not hasattr(value, "groupby") or not hasattr(value, "columns"):
        raise TypeError(
            f"{name} must be a pandas DataFrame with columns {list(columns)}, got "
            f"{type(value).__name__} {value!r:.60}"
        )
    if missing:
        raise ValueError(
            f"{name} must have the columns {list(columns)}, got columns "
            f"{list(value.columns)} (missing {missing})"
        )
    return value


def target(name: str, value: Any) -> Any:
    """None, or a finite number >= 0 (a target for f − f*)."""
    return None if value is None else nonnegative_scalar(name, value)


def seed(name: str, value: Any) -> Any:
    """Return ``value`` if it is a seed ``numpy.random.default_rng`` takes: None, an integer
    >= 0 (not a bool), a ``SeedSequence`` or a ``Generator``; anything else raises
    ``ValueError`` naming ``name``."""
    if isinstance(value, bool) or not (
        value is None
        or isinstance(value, (numbers.Integral, np.random.SeedSequence, np.random.Generator))
    ):
        raise ValueError(
            f"{name} must be None, an integer >= 0, a SeedSequence or a Generator, got {value!r}"
        )
    if isinstance(value, numbers.Integral) and value < 0:
        raise ValueError(f"{name} must be an integer >= 0, got {value!r}")
    return value


def generator(name: str, value: Any) -> np.random.Generator:
    """``numpy.random.default_rng(value)`` for a valid ``seed``."""
    return np.random.default_rng(seed(name, value))


def evaluate(f: Callable[[np.ndarray], Any], X: np.ndarray, *, finite: bool = True) -> np.ndarray:
    """Evaluate a vectorized objective on the rows of ``X`` and check what comes back
    (``function_values``): ``f(X)`` with ``X`` of shape (n, d) must return n finite values
    (``finite=False``: n real values, the caller deals with NaN and ±inf)."""
    if not callable(f):
        raise TypeError(
            f"f must be a callable f(X) returning one value per row of X, got "
            f"{type(f).__name__} {f!r:.60}"
        )
    return function_values("f", f(X), X, finite=finite)


def function_values(name: str, raw: Any, X: np.ndarray, *, finite: bool = True) -> np.ndarray:
    """``raw``, the values at the rows of ``X`` (shape (n, d)) that ``name`` gave (the objective
    f, or the ``values`` told to an ask/tell object), as n finite floats (a copy: f may return a
    view of X; ``finite=False``: NaN and ±inf pass); else a ``ValueError`` naming ``name``, for
    a non-finite value with the point that produced it."""
    gives = ("return", "returned") if name == "f" else ("hold", "holds")
    if isinstance(raw, np.ma.MaskedArray):
        raise ValueError(
            f"{name} must {gives[0]} plain real values, got a masked array (its masked entries "
            "would be read as values)"
        )
    if np.asarray(raw).dtype == bool:
        raise ValueError(
            f"{name} must {gives[0]} real values, got booleans (True/False would be read as "
            "1.0/0.0)"
        )
    if np.iscomplexobj(raw):
        raise ValueError(
            f"{name} must {gives[0]} real values, got complex values of dtype "
            f"{np.asarray(raw).dtype} (their imaginary part would be dropped)"
        )
    values = float_array("f(X)" if name == "f" else name, raw, "real values")
    if values.shape != (X.shape[0],):
        raise ValueError(
            f"{name} must {gives[0]} one value per row of X, shape ({X.shape[0]},), got shape "
            f"{values.shape}"
        )
    if finite and not all_finite(values):
        bad = np.flatnonzero(~np.isfinite(values))
        i = int(bad[0])
        raise ValueError(
            f"{name} {gives[1]} a non-finite value {float(values[i])!r} at the point x = "
            f"{np.array2string(X[i], threshold=12, edgeitems=3, precision=6)} "
            f"(row {i} of the query; {bad.size} non-finite values in all)"
        )
    return values


def executor(name: str, value: Any) -> Any:
    """None (run in this process) or an object with the ``submit`` and ``map`` methods of a
    ``concurrent.futures.Executor`` (a thread or process pool, Dask's
    ``distributed.Client(...).get_executor()``); anything else raises ``TypeError`` naming
    ``name``."""
    if value is None:
        return None
    missing = [method for method in ("submit", "map") if not callable(getattr(value, method, None))]
    if missing:
        raise TypeError(
            f"{name} must be None or a concurrent.futures.Executor (an object with "
            f"submit and map, e.g. ProcessPoolExecutor() or "
            f"distributed.Client().get_executor()); got {type(value).__name__} "
            f"{value!r:.60}, which lacks {' and '.join(missing)}"
        )
    return value
