"""Shared test fixtures. Tests never write into the repository: figures go to a tmp dir."""

import pytest
from hypothesis import settings

from mines_theory import linalg
from mines_theory.plotting import FIGURES_ENV


@pytest.fixture(autouse=True)
def _figures_into_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv(FIGURES_ENV, str(tmp_path / "figures"))


def random_spd(rng, dim, low=0.5, high=5.0, **kwargs):
    """A random symmetric positive definite matrix with spectrum in [low, high] (or the given
    ``eigenvalues``)."""
    return linalg.random_spd(rng, dim, low, high, **kwargs)


# Property tests are derandomized and keep no example database in the working directory.
settings.register_profile("mines", derandomize=True, database=None)
settings.load_profile("mines")
