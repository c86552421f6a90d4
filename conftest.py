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


def pytest_collection_modifyitems(config, items):
    """Compute each published verdict once per session. Every row and erratum is printed by an
    ``# NBVAL_CHECK_OUTPUT`` verdict cell of its notebook (``ledger.verdict_cell``: it recomputes
    the verdict and prints "DIFFERS FROM THE PUBLISHED VERDICT" where it does not agree, which
    fails nbval; ``tests/test_ledger.py`` checks that every row has such a cell). So where this
    session also runs that notebook under nbval (``make test``), ``test_ledger.test_verdict``
    for the row would recompute the same verdict a second time: it is deselected. Without the
    notebooks (``make test-fast``, the runs under another BLAS kernel) every row is recomputed
    by ``test_verdict``."""
    if not (config.option.nbval or config.option.nbval_lax):
        return
    notebooks = {item.path.stem for item in items if item.path.suffix == ".ipynb"}
    again = [
        item
        for item in items
        if item.path.name == "test_ledger.py"
        and getattr(item, "originalname", None) == "test_verdict"
        and item.callspec.params["spec"].notebook in notebooks
    ]
    if again:
        config.hook.pytest_deselected(items=again)
        dropped = set(again)
        items[:] = [item for item in items if item not in dropped]
