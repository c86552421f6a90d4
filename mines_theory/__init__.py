"""mines-theory: a reference library and verification suite for *Mirror Natural Evolution
Strategies* (MiNES, H. Ye).

The public names below are those of DESIGN.md; each module cites the equations it implements.
"""

from .algorithm import MiNES, mean_gradient, minimize, sigma_gradient
from .objectives import RotatedEllipsoid
from .linalg import project_eigenvalues

__all__ = [
    "MiNES",
    "minimize",
    "mean_gradient",
    "sigma_gradient",
    "project_eigenvalues",
    "RotatedEllipsoid",
]

__version__ = "0.1.0"
