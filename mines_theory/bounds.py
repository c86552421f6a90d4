"""The paper's bounds and constants as plain functions of the paper's symbols.

Keyword names follow the paper: ``d, b, delta, L, sigma, gamma, tau, zeta, alpha, K``.
This module uses nothing else of the library. Later sections add Theorems 3.2–3.4,
Lemmas 5.1–5.3 and Theorem 5.4; so far it holds the constants of eq:c1.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ._validation import positive_int, positive_scalar

__all__ = ["CConstants", "c_constants"]


class CConstants(NamedTuple):
    """c1, c2, c3 of eq:c1, and whether c2 > 0 (for c2 ≤ 0 Lemmas 5.1 and 5.2 are vacuous)."""

    c1: float
    c2: float
    c3: float
    valid: bool


def c_constants(*, d, b, delta) -> CConstants:
    """The constants of eq:c1 (Lemma 5.1), evaluated exactly as printed:

    c1 = (√d + √b + √(2 log(2/δ)))²,  c2 = b − 2√(b log(1/δ)),  c3 = 2d + 3 log(1/δ).

    c2 is negative for small b (b < 4 log(1/δ)); the value is returned with ``valid=False``.

    By hand: √10 = 3.162278, √(2 ln 20) = 2.447747, √(10 ln 10) = 4.798526, so

    >>> c = c_constants(d=10, b=10, delta=0.1)
    >>> round(c.c1, 4), round(c.c2, 4), round(c.c3, 4), c.valid
    (76.9533, 0.4029, 26.9078, True)
    """
    d = positive_int("d", d)
    b = positive_int("b", b)
    delta = positive_scalar("delta", delta)
    if delta >= 1.0:
        raise ValueError(f"delta must lie in (0, 1), got {delta!r}")
    c1 = (math.sqrt(d) + math.sqrt(b) + math.sqrt(2.0 * math.log(2.0 / delta))) ** 2
    c2 = b - 2.0 * math.sqrt(b * math.log(1.0 / delta))
    c3 = 2.0 * d + 3.0 * math.log(1.0 / delta)
    return CConstants(c1, c2, c3, c2 > 0.0)
