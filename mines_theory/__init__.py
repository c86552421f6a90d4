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

from importlib.metadata import PackageNotFoundError, version

from .algorithm.mines import MiNES, minimize
from .algorithm.estimators import mean_gradient, sigma_gradient
from .linalg.spd import project_eigenvalues
from .problems.objectives import RotatedEllipsoid

__all__ = [
    "MiNES",
    "minimize",
    "mean_gradient",
    "sigma_gradient",
    "project_eigenvalues",
    "RotatedEllipsoid",
]

try:  # the one place of the version is pyproject.toml
    __version__ = version("mines-theory")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0+unknown"
