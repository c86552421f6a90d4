"""The repaired results of Appendix E (Lemmas 32, 34, 38 and 39 of the PDF, our E.2, E.4, E.8,
E.9): Lemma E.8's radius checked exactly (scipy's χ² tail), the others argued by the checks of
their errata (a spec of type "repaired" without a ``check`` in ``appendix_e.toml``), each with
its section of the corrigendum.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import scipy.stats

from mines_theory.theory.bounds.corrected import chi_threshold_corrected

from ...framework.decisions import status_of
from ...framework.declare import repaired
from ...framework.verdict import Kind, Measurement, Verdict, decides
from .common import exact

__all__ = ["E8_GRID", "check_lemma_e8_repaired"]


# ---------------------------------------------------------------------------------------------
# Lemma E.8 (PDF Lemma 38): the χ² radius A_t, exactly (scipy's χ² tail)
# ---------------------------------------------------------------------------------------------

#: (d, b, δ, t) at which the radius is checked: the runs' settings and large d (Laurent–Massart).
E8_GRID = tuple(
    (d, b, delta, t)
    for d in (1, 2, 5, 10, 50, 300)
    for b in (1, 10, 20, 200)
    for delta in (0.01, 0.05, 0.1)
    for t in (1, 10, 2000)
)


@repaired("Lemma E.8")
@decides
def check_lemma_e8_repaired(grid=E8_GRID, threshold: Callable | None = None) -> Verdict:
    """Lemma E.8's radius: P(χ²_d ≥ A_t) ≤ δ/(b(t + 1)²) (eq:chi_1), exactly (scipy), at every
    point of ``grid``, for ``bounds.chi_threshold_corrected`` (``threshold`` to test another:
    the printed ``chi_threshold`` fails). Looseness: the smallest allowed/tail ratio."""
    threshold = threshold or chi_threshold_corrected

    def allowed_over_tail(d, b, delta, t):
        tail = float(scipy.stats.chi2.sf(threshold(d=d, b=b, delta=delta, t=t), d))
        return delta / (b * (t + 1) ** 2) / tail if tail > 0 else math.inf

    ratios = np.array([allowed_over_tail(*point) for point in grid])
    worst = float(ratios.min())
    failing = int(np.sum(ratios < 1.0))
    return Verdict(
        status_of(radius=failing == 0),
        "the radius A_t alone (𝔼Y is tested by its erratum's Monte Carlo, the m_t bound "
        f"argued; neither is run here): {len(grid)} points (d ≤ {max(g[0] for g in grid)}, b ≤ "
        f"{max(g[1] for g in grid)}, t ≤ {max(g[3] for g in grid)}): the exact χ² tail "
        "exceeds δ/(b(t + 1)²) at {failing}; smallest allowed/tail {worst}",
        (Measurement("failing", failing, kind=Kind.COUNT), exact("worst", worst)),
        data={"ratios": ratios},
    )
