"""Shared test fixtures. Tests never write into the repository: figures go to a tmp dir.

``tex`` is the paper's LaTeX source (``PAPER``: ``$MINES_THEORY_PAPER``, else beside the
repository, where it lives); a test that needs it is skipped, saying where it looked, when it is
absent."""

import functools
import os
from pathlib import Path

import pytest
from hypothesis import settings

from mines_theory.linalg import spd as linalg
from mines_theory.plotting.figures import FIGURES_ENV


PAPER = Path(
    os.environ.get(
        "MINES_THEORY_PAPER",
        Path(__file__).resolve().parents[1].parent
        / "shared"
        / "paper"
        / "mirror-natural-evolution-strategies.tex",
    )
)


@pytest.fixture(scope="session")
def tex():
    if not PAPER.is_file():
        pytest.skip(
            f"the paper is not at {PAPER} (it lives beside the repository; or set "
            "MINES_THEORY_PAPER)"
        )
    return PAPER.read_text()


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


@functools.cache
def erratum_sides(label):
    """(printed, corrected): the verdicts of erratum ``label``'s check on the printed form and,
    with ``printed=False``, on the corrected one, computed once per test session (the generic test
    of every erratum and the tests of its part of the paper read the same two)."""
    from mines_theory.verification.framework import ledger

    check = ledger.erratum(label).check
    return check(), check(printed=False)


def errata_in(part):
    """The declared errata whose check is in the errata module(s) of ``part`` of the paper
    ("section3": ``section3_mean``, ``section3_covariance``, …; "appendix_d")."""
    from mines_theory.verification.framework import ledger

    prefix = f"mines_theory.verification.errata.{part}"
    return tuple(
        e
        for e in ledger.errata()
        if e.check.module == prefix or e.check.module.startswith(prefix + "_")
    )


def sides_of(check_name):
    """``erratum_sides`` of the erratum whose check is named ``check_name``."""
    from mines_theory.verification.framework import ledger

    label = next(e.label for e in ledger.errata() if e.check.name == check_name)
    return erratum_sides(label)


def numbers_test(part, numbers):
    """The test that each erratum check of ``part`` (``errata_in``) shows, on the printed form
    and on the corrected one (``printed=False``), the numbers its argument predicts:
    ``numbers()`` maps each check's name to a function of its two verdicts that asserts them
    (whether it flags each is tested for every erratum in ``test_errata``). A new erratum without
    its numbers fails here (KeyError)."""

    @pytest.mark.parametrize("erratum", errata_in(part), ids=lambda e: e.label)
    def test(erratum):
        numbers()[erratum.check.name](*erratum_sides(erratum.label))

    return test


def paper_settings(*, alpha, b, S, eta1, **rest):
    """The keyword arguments of ``MiNES`` and ``minimize`` in the paper's symbols: α, b,
    S' = [τ, ζ] as the pair ``S`` and η₁ (any other keyword passed on), so that a test states
    them in one line."""
    tau, zeta = S
    return dict(alpha=alpha, batch_size=b, tau=tau, zeta=zeta, eta1=eta1, **rest)


def mines(mean0, sigma_inv0, **symbols):
    """``MiNES(mean0, sigma_inv0, ...)`` with its settings in the paper's symbols
    (``paper_settings``)."""
    from mines_theory.algorithm.mines import MiNES

    return MiNES(mean0, sigma_inv0, **paper_settings(**symbols))


def minimize_with(f, x0, **symbols):
    """``minimize(f, x0, ...)`` with its settings in the paper's symbols (``paper_settings``)."""
    from mines_theory.algorithm.mines import minimize

    return minimize(f, x0, **paper_settings(**symbols))


#: The settings of the small runs of ``minimize`` (on RotatedEllipsoid(3, 4.0) from μ₁ = 1):
#: α = 0.1, b = 3, S' = [0.5, 8], η₁ = 0.05.
SMALL_RUN = dict(alpha=0.1, batch_size=3, tau=0.5, zeta=8.0, eta1=0.05)
