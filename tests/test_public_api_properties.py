"""Property-based probes of the public API (hypothesis): any input either raises ValueError,
TypeError or FloatingPointError whose message names a parameter (or the function), or returns
finite numbers. No silent NaN, no internal exception (ZeroDivisionError, OverflowError,
LinAlgError with numpy's own message) escaping at the boundary."""

import inspect
import math

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mines_theory.theory.bounds import appendix as bound_appendix
from mines_theory.theory.bounds import corrected as bound_corrected
from mines_theory.theory.bounds import section3 as bound_section3
from mines_theory.theory.bounds import section5 as bound_section5
from mines_theory.algorithm.estimators import mean_gradient, sigma_gradient
from mines_theory.linalg.spd import project_eigenvalues
from mines_theory.theory.bounds.checking import NON_FINITE_BY_DESIGN

NAMED = (ValueError, TypeError, FloatingPointError)
INTEGERS = {"d", "b", "K", "k", "t"}

reals = st.one_of(
    st.floats(1e-3, 1e3),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -1.0, 1e-300, 1e300, True]),
)
counts = st.one_of(st.integers(1, 200), st.integers(-3, 0), st.sampled_from([True, 2.5]))


BOUNDS = {
    name: getattr(module, name)
    for module in (bound_section3, bound_section5, bound_appendix, bound_corrected)
    for name in module.__all__
    if callable(getattr(module, name)) and not isinstance(getattr(module, name), type)
}


def _bound_functions():
    return sorted(BOUNDS)


def _flatten(result):
    if isinstance(result, tuple):
        return [v for item in result for v in _flatten(item)]
    return [result]


@settings(
    max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(data=st.data())
def test_bounds_name_the_bad_parameter_or_return_finite_numbers(data):
    name = data.draw(st.sampled_from(_bound_functions()))
    function = BOUNDS[name]
    parameters = [
        p
        for p in inspect.signature(function).parameters.values()
        if p.default is inspect.Parameter.empty
    ]
    kwargs = {
        p.name: data.draw(counts if p.name in INTEGERS else reals, label=p.name) for p in parameters
    }
    if name in ("expected_cubed_norm", "phi"):  # they take a matrix
        with np.errstate(invalid="ignore"):  # inf·0 off the diagonal is NaN
            kwargs[parameters[0].name] = np.eye(2) * data.draw(reals)
    try:
        result = function(**kwargs)
    except NAMED as error:
        message = str(error)
        assert name in message or any(p.name in message for p in parameters), message
        return
    if name not in NON_FINITE_BY_DESIGN:
        values = [v for v in _flatten(result) if isinstance(v, float)]
        assert all(math.isfinite(v) for v in values), (name, kwargs, result)


def _quadratic(X):
    return 0.5 * np.sum(np.atleast_2d(X) ** 2, axis=1)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(alpha=reals, scale=st.floats(1e-6, 1e6), b=st.integers(1, 5), seed=st.integers(0, 10))
def test_estimators_name_the_bad_parameter_or_return_finite_numbers(alpha, scale, b, seed):
    u = np.random.default_rng(seed).standard_normal((b, 2))
    for estimator in (mean_gradient, sigma_gradient):
        try:
            value = estimator(_quadratic, np.ones(2), scale * np.eye(2), alpha, u)
        except NAMED as error:
            assert "alpha" in str(error) or "f returned" in str(error), str(error)
            continue
        assert np.all(np.isfinite(value)), (estimator.__name__, alpha, scale)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(entries=st.lists(st.floats(-1e300, 1e300), min_size=4, max_size=4), tau=reals, zeta=reals)
def test_projection_names_the_bad_parameter_or_returns_a_matrix_in_the_interval(entries, tau, zeta):
    A = np.array(entries).reshape(2, 2)
    A = (A + A.T) / 2 if np.all(np.isfinite((A + A.T) / 2)) else A
    try:
        P = project_eigenvalues(A, tau, zeta)
    except NAMED as error:
        assert any(word in str(error) for word in ("lower", "upper", "A ", "matrix")), str(error)
        return
    w = np.linalg.eigvalsh(P)
    slack = 1e-12 * np.abs(w).max()  # eigenvalues are accurate to ε‖P‖
    assert np.all(np.isfinite(P)) and w[0] >= tau - slack and w[-1] <= zeta + slack
