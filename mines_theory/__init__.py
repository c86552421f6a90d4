"""mines-theory: a reference library and verification suite for *Mirror Natural Evolution
Strategies* (MiNES, H. Ye).

The library by concern, lowest layer first (a part imports only from the parts above it in this
table, never a private name of another module; ``tests/test_packaging.py`` holds the order):

==================  ===========================================================================
part                what, and where in the paper
==================  ===========================================================================
``validation``      input checks: a ``ValueError`` naming the parameter, its value, what was
                    expected
``files``           files written whole or not at all (a temporary file beside, then
                    ``os.replace``)
``numbers``         numbers as an author writes them: ×10ⁿ, "−", significant digits, one
                    notation per table column
``linalg``          the precision matrix Σ⁻¹ ∈ S': roots, factors, the projection onto S'
                    (eq:proj_cs_prime, Prop. A.2), τ'I + low rank
``plotting``        one style, the figure rules and the helpers that keep them
``theory``          the paper's bounds (repaired ones beside the printed), sympy derivations,
                    Gaussian moments, Q_α and its minimizer, the course's geometry
``algorithm``       the estimators (eq:g_mu, eq:TG), Σ⁻¹ as an object, the pure ``Strategy``,
                    step sizes, Algorithm 1 (``MiNESStrategy``), ``MiNES`` and ``minimize``
``problems``        test objectives with known L, σ, γ; NES, random gradient-free, xNES, CMA-ES
``experiments``     seeded sweeps as tidy DataFrames; the COCO/bbob experiment
``verification``    every claim of the paper, its check and its verdict as data (its own map)
==================  ===========================================================================

The user's names are exported here: ``MiNES``, ``minimize``, ``mean_gradient``,
``sigma_gradient``, ``project_eigenvalues``, ``RotatedEllipsoid``.
"""

import importlib
from typing import Any

#: Each exported name → the module that defines it, imported when the name is first used
#: (PEP 562), so that ``import mines_theory`` costs no numpy, scipy or pandas import.
_WHERE = {
    "MiNES": "algorithm.mines",
    "minimize": "algorithm.mines",
    "mean_gradient": "algorithm.estimators",
    "sigma_gradient": "algorithm.estimators",
    "project_eigenvalues": "linalg.spd",
    "RotatedEllipsoid": "problems.objectives",
}

__all__ = [
    "MiNES",
    "minimize",
    "mean_gradient",
    "sigma_gradient",
    "project_eigenvalues",
    "RotatedEllipsoid",
]


def _version() -> str:
    """The installed version: the one place of the version is pyproject.toml ("0+unknown" when
    imported from a source tree that was never installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mines-theory")
    except PackageNotFoundError:
        return "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        return _version()
    if name not in _WHERE:
        raise AttributeError(f"module 'mines_theory' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
