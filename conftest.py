"""Root pytest configuration, read before any test or notebook runs.

nbval's notebook kernels inherit this process's environment, so what must hold for them is set
here, at configure time: the notebooks write their figures and tables into a temporary
directory instead of the repository (``make figures`` is the one command that writes figures/).
"""

import os
import tempfile

from mines_theory.plotting.figures import FIGURES_ENV

_FIGURES = tempfile.TemporaryDirectory(prefix="mines-theory-figures-")


def pytest_configure(config):
    os.environ[FIGURES_ENV] = _FIGURES.name
