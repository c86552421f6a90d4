"""A sample maximum ("the largest k‖Σ_k⁻¹ − H‖² over the seeds") is reported as what it is,
"1770 (largest of 256 seeds)", through one kind of measurement (``Kind.MAXIMUM``,
``stats.sample_maximum``), never with a bootstrap interval: no resample of the seeds can exceed
the largest seed, so such an interval's upper end is the estimate itself ("1770 [1270, 1770]").
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.stats import bootstrap, sample_maximum
from mines_theory.verification.framework.verdict import Kind, Measurement

ROOT = Path(__file__).resolve().parent.parent
CHECKS = sorted((ROOT / "mines_theory" / "verification").rglob("*.py"))

#: A bootstrap whose statistic (a lambda on its line) is a maximum:
#: ``bootstrap(lambda s: float(x[s].max()), …)``.
BOOTSTRAPPED_MAXIMUM = re.compile(r"bootstrap\(\s*lambda \w+:[^\n]*?(?:\.max\(|np\.max\()")


def test_a_bootstrap_interval_of_a_maximum_ends_at_the_maximum():
    """Why the kind exists: the percentile bootstrap's upper end is the sample maximum."""
    data = np.random.default_rng(0).lognormal(size=(32, 50))
    boot = bootstrap(lambda s: float(data[s].max()), 32, "largest")
    assert boot.interval[1] == pytest.approx(data.max(), rel=1e-12)
    assert sample_maximum("largest", data.max(axis=1)).value == data.max()


def test_a_sample_maximum_is_rendered_with_its_seeds_and_no_interval():
    m = sample_maximum("largest", [3.0, 1768.4, 12.0])
    assert m.kind is Kind.MAXIMUM and m.interval is None and m.units == 3
    assert m.render() == "1768 (largest of 3 seeds)"
    assert "[" not in m.prose()
    with pytest.raises(ValueError, match="no interval"):
        Measurement("largest", 2.0, kind=Kind.MAXIMUM, units=3, interval=(1.0, 2.0))


def test_two_sample_maxima_agree_only_over_the_same_seeds_and_within_a_factor_two():
    m = sample_maximum("largest", [1.0, 100.0])
    assert m.agrees(sample_maximum("largest", [1.0, 100.0 * (1 + 1e-12)]))
    assert m.agrees(sample_maximum("largest", [1.0, 130.0]))
    assert not m.agrees(sample_maximum("largest", [1.0, 210.0]))
    assert not m.agrees(sample_maximum("largest", [1.0, 100.0, 2.0]))


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ('worst = bootstrap(lambda s: float(scaled[:, s].max()), seeds, "largest")', True),
        ('return bootstrap(lambda s: float(np.max(ratio[s])), ratio.shape[0], "largest")', True),
        ('m = bootstrap(lambda s: float(np.median(x[s].max(axis=0))), n, "worst")', True),
        ('m = bootstrap(lambda s: float(np.median(x[s])), n, "median")', False),
    ],
)
def test_the_source_check_finds_a_bootstrapped_maximum(line, found):
    assert (BOOTSTRAPPED_MAXIMUM.search(line) is not None) is found


#: A median over the seeds of each seed's maximum is a median (its interval is meaningful).
MEDIAN_OF_MAXIMA = re.compile(r"np\.median\([^)]*\.max\(")


def test_no_check_bootstraps_a_maximum():
    found = [
        f"{path.relative_to(ROOT)}: {m.group(0)}"
        for path in CHECKS
        for m in BOOTSTRAPPED_MAXIMUM.finditer(path.read_text(encoding="utf-8"))
        if not MEDIAN_OF_MAXIMA.search(m.group(0))
    ]
    assert not found, f"a maximum with a bootstrap interval (use stats.sample_maximum): {found}"


def test_no_published_maximum_has_an_interval():
    """Every published "largest …" measurement that is not a z-score is a sample maximum."""
    shown = [
        (row, m.name)
        for row, verdict in ledger.published().items()
        for m in verdict.measurements
        if m.name == "largest" and m.interval is not None
    ]
    assert not shown, f"published maxima with an interval: {shown}"
