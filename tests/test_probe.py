"""The probe's tables (``tests/probes``): every case that is not slow ends in the class it
expects, one test per public name (``make probe`` runs every case), and the classifier flips on
each kind of failure."""

import collections
import time

import numpy as np
import pytest

from .probes import harness
from .probes.harness import ANSWERED, REFUSED, Case, all_cases, classify, keeps

GROUPS: dict[str, list[Case]] = collections.defaultdict(list)
for fast in (case for case in all_cases() if not case.slow):
    GROUPS[f"{fast.module}: {fast.entry}"].append(fast)


@pytest.mark.parametrize("cases", GROUPS.values(), ids=GROUPS.keys())
def test_every_case_ends_in_its_class(cases):
    broken = []
    for case in cases:
        outcome, detail = classify(case)
        if not keeps(case, outcome):
            broken.append(f"{case.label}: {outcome}, not {case.expect} ({detail})")
    assert not broken, "\n".join(broken)


def _case(call, expect=REFUSED, **kw):
    return Case("test", "f", "alpha=-1.0", call, expect, ("alpha",), -1.0, **kw)


def _raise(error):
    raise error


@pytest.mark.parametrize(
    "case, outcome",
    [
        (_case(lambda: _raise(ValueError("alpha must be > 0, got -1.0"))), REFUSED),
        (_case(lambda: _raise(ValueError("must be > 0, got -1.0"))), "unclear error"),
        (_case(lambda: _raise(ValueError("alpha must be > 0"))), "unclear error"),
        (_case(lambda: _raise(ValueError("alpha: -1.0")), ANSWERED), "valid input refused"),
        (_case(lambda: 1.0), "accepted silently"),
        (_case(lambda: 1.0, ANSWERED), ANSWERED),
        (_case(lambda: np.array([1.0, np.nan]), ANSWERED), "silent NaN"),
        (_case(lambda: {"a": (np.inf,)}, ANSWERED), "silent NaN"),
        (_case(lambda: 1 / 0), "internal exception"),
        (_case(lambda: np.linalg.cholesky(-np.eye(2))), "internal exception"),
        (_case(lambda: _raise(KeyError("alpha -1.0"))), "internal exception"),
        (_case(lambda: _raise(ValueError("alpha -1.0")), match="alpha must"), "unclear error"),
        (
            _case(lambda: _raise(TypeError("alpha -1.0")), match="alpha", error=ValueError),
            "unclear error",
        ),
        (_case(lambda: np.ones(2**31)), "memory blow-up"),
        (_case(lambda: [1.0] * 2**29, ANSWERED), "memory blow-up"),
    ],
)
def test_the_classifier_flips_on_each_failure(case, outcome):
    """Each class the contract keeps at 0 is reached by a case made to fall in it (a 16 GiB
    array passes the cap of ``MEMORY_MARGIN`` = 2 GiB of new address space)."""
    assert classify(case)[0] == outcome


def test_a_hang_is_stopped(monkeypatch):
    monkeypatch.setattr(harness, "TIME_LIMIT", 1)
    start = time.perf_counter()
    assert classify(_case(lambda: time.sleep(30)))[0] == "hang"
    assert time.perf_counter() - start < 10
