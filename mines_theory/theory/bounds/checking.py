"""One boundary for every bound: the ``@checked`` decorator.

Each public bound is declared ``@checked``: its arguments are checked by the rule of their
symbol (``SYMBOL_RULES``) and passed on converted (counts as ``int``, every other symbol as
``float``), τ ≤ ζ is required wherever both appear (S' is empty otherwise), and arithmetic
that overflows raises a ``FloatingPointError`` naming the bound and its arguments. The bodies
then hold the paper's formulas and nothing else.
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar, overload

import numpy as np

from mines_theory.validation import (
    finite_scalar,
    interval,
    nonnegative_scalar,
    positive_int,
    positive_scalar,
    probability,
)

__all__ = ["NON_FINITE_BY_DESIGN", "SYMBOL_RULES", "checked"]

P = ParamSpec("P")
R = TypeVar("R")

#: The rule for each of the paper's symbols (one table for every bound): counts are integers
#: >= 1, δ lies in (0, 1), γ and the gaps and errors are >= 0, f(μ) and f(μ_k) − f* are finite
#: (rounding may make a gap slightly negative), every other scalar symbol (σ included, unless a
#: bound declares it a matrix) is > 0.
SYMBOL_RULES: dict[str, Callable[[str, Any], float]] = {
    **dict.fromkeys(("d", "b", "K", "k", "t", "gamma_power"), positive_int),
    "delta": probability,
    **dict.fromkeys(
        (
            "gamma",
            "C",
            "f_gap_1",
            "initial_error_sq",
            "delta_alpha",
            "projection_gap",
            "projected_gradient_sq",
            "projected_gradient_norm",
        ),
        nonnegative_scalar,
    ),
    **dict.fromkeys(("f_mu", "f_gap"), finite_scalar),
    **dict.fromkeys(
        ("L", "sigma", "tau", "zeta", "alpha", "xi", "curvature", "rho1"), positive_scalar
    ),
}

#: Bounds that return +∞ or NaN by design (declared ``@checked(non_finite=True)``): the local
#: region of a quadratic is all of R^d (``local_region_threshold``, ``nab_f_threshold``),
#: eq:alp_cond sets no limit for γ = 0, and C₂ is the root of a negative number where c₂ ≤ 0
#: (``lemma53_constants`` flags it ``valid``).
NON_FINITE_BY_DESIGN: set[str] = set()


def _arguments(args: tuple, kwargs: dict) -> str:
    shown = [f"{np.shape(a)} array" if np.ndim(a) else repr(a) for a in args]
    return ", ".join(shown + [f"{k}={v!r}" for k, v in kwargs.items()])


def _not_finite(result: object) -> bool:
    values = result if isinstance(result, tuple) else (result,)
    return any(isinstance(v, float) and not math.isfinite(v) for v in values)


# The wrapper takes any numbers for the symbols (a count given as 10.0 or np.int64(10), a scale
# as an int) and passes the body the converted values: its signature is the body's names with
# looser types, so to a type checker a checked bound takes any arguments and keeps its result.
@overload
def checked(function: Callable[P, R], /) -> Callable[..., R]: ...


@overload
def checked(
    *, matrices: tuple[str, ...] = (), non_finite: bool = False
) -> Callable[[Callable[P, R]], Callable[..., R]]: ...


def checked(
    function: Callable[P, R] | None = None,
    /,
    *,
    matrices: tuple[str, ...] = (),
    non_finite: bool = False,
) -> Any:
    """Declare a bound: ``@checked``, or ``@checked(matrices=("sigma",), non_finite=True)``.

    Every argument named in ``SYMBOL_RULES`` (except those in ``matrices``, which the body
    checks) must satisfy its rule and is passed on converted; where the bound takes ``tau`` and
    ``zeta`` they must satisfy τ ≤ ζ; an ``OverflowError`` or ``ZeroDivisionError``, a
    ``FloatingPointError`` of a bound it uses, or (unless ``non_finite``) an infinite or NaN
    float in the result, raises ``FloatingPointError`` naming the bound and its arguments.

    >>> @checked
    ... def area(*, tau, zeta):
    ...     return tau * zeta
    >>> area(tau=2, zeta=1e308)
    Traceback (most recent call last):
    ...
    FloatingPointError: area is not finite at tau=2, zeta=1e+308: the arguments are too large \
or too small for floats (got inf)
    >>> area(tau=2.0, zeta=1.0)
    Traceback (most recent call last):
    ...
    ValueError: tau must be <= zeta, got tau = 2.0 > zeta = 1.0
    """
    if function is None:
        return functools.partial(checked, matrices=matrices, non_finite=non_finite)
    name = function.__name__
    signature = inspect.signature(function)
    if non_finite:
        NON_FINITE_BY_DESIGN.add(name)

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        # every argument by its name (the bounds have no positional-only parameters)
        arguments = signature.bind(*args, **kwargs).arguments if args else dict(kwargs)
        for symbol, value in arguments.items():
            if symbol in SYMBOL_RULES and symbol not in matrices:
                arguments[symbol] = SYMBOL_RULES[symbol](symbol, value)
        if "tau" in arguments and "zeta" in arguments:
            interval("tau", arguments["tau"], "zeta", arguments["zeta"])
        try:
            result = function(**arguments)  # type: ignore[call-arg]
        except FloatingPointError as error:  # a bound it uses overflowed: name this one
            if str(error).startswith(name):
                raise
            raise FloatingPointError(f"{name} at {_arguments(args, kwargs)}: {error}") from error
        except (OverflowError, ZeroDivisionError) as error:
            raise FloatingPointError(
                f"{name} overflowed ({error}) at {_arguments(args, kwargs)}"
            ) from error
        if not non_finite and _not_finite(result):
            raise FloatingPointError(
                f"{name} is not finite at {_arguments(args, kwargs)}: the "
                f"arguments are too large or too small for floats "
                f"(got {result!r})"
            )
        return result

    return wrapper
