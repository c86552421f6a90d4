"""A notebook's prose quotes the published numbers where its fresh run reproduces them
(``ledger.published_twin``): a cold reader found "6.26% [6.12%, 6.40%]" in 05's prose beside
"[6.12%, 6.41%]" in its verdict cell, the same quantity from this machine's run and from the
published one."""

from __future__ import annotations

import dataclasses

from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.verdict import Status, Verdict


def _moved(v: Verdict, name: str, by: float) -> Verdict:
    """``v`` with measurement ``name`` moved by ``by`` of its uncertainty, its interval with it."""
    measurements = []
    for m in v.measurements:
        if m.name == name:
            shift = by * m.uncertainty
            interval = None if m.interval is None else tuple(x + shift for x in m.interval)
            m = dataclasses.replace(m, value=m.value + shift, interval=interval)
        measurements.append(m)
    return dataclasses.replace(v, measurements=tuple(measurements))


def test_a_fresh_run_within_its_uncertainty_quotes_the_published_numbers():
    published = ledger.published()["Lemma 5.3"]
    fresh = _moved(published, "final", 0.1)
    assert fresh["final"].value != published["final"].value
    assert ledger.published_twin(fresh) == published


def test_a_fresh_run_that_differs_quotes_its_own():
    """The alternative: published numbers quoted whatever the run found."""
    published = ledger.published()["Lemma 5.3"]
    far = _moved(published, "final", 40.0)
    assert not published.agrees(far)
    assert ledger.published_twin(far) is far
    unpublished = Verdict(Status.HOLDS, "a summary nothing published has")
    assert ledger.published_twin(unpublished) is unpublished
