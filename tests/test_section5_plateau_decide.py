"""The finding "Constant η₂" decided on synthetic plateaus, no run (issue 43 §2): every run's
level within a factor 1.5 of its prediction, each run alone outside (above or below) failing
it."""

import numpy as np
import pytest

from mines_theory.verification.claims.section5.findings import (
    PLATEAU_FACTOR,
    decide_constant_steps,
)
from mines_theory.verification.framework.verdict import Status


def seeds(level, n=8):
    """Per-seed levels with mean exactly ``level`` (±1% about it)."""
    x = level * (1 + 0.01 * np.linspace(-1, 1, n))
    return x - x.mean() + level


@pytest.mark.parametrize(
    "levels, status",
    [
        ((1.0, 2.0), Status.HOLDS),
        ((0.99 * PLATEAU_FACTOR, 2.0), Status.HOLDS),
        ((1.01 * PLATEAU_FACTOR, 2.0), Status.FAILS),  # the first run alone above
        ((1.0, 2.0 / (1.01 * PLATEAU_FACTOR)), Status.FAILS),  # the second alone below
    ],
)
def test_every_run_within_the_factor(levels, status):
    got, measurements, qualifiers = decide_constant_steps([seeds(x) for x in levels], [1.0, 2.0])
    assert got is status
    assert qualifiers[0].outcome is (status is Status.HOLDS)
    assert measurements[0].value == pytest.approx(levels[0])
