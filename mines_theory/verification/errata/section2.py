"""The erratum of Section 2: the Fisher matrix of θ = [μ; vec Σ̄] as printed."""

from __future__ import annotations

import sympy as sp

from ..framework.declare import erratum
from ..claims.section2 import check_section2
from ..framework.verdict import Kind, Measurement, Verdict, flagged
from mines_theory.theory.derivations.nes import duplication_matrix

__all__ = ["decide_fisher_vec", "erratum_fisher_vec"]


def _nonzero_entries(matrix) -> int:
    """How many entries of a sympy matrix do not simplify to 0."""
    return sum(sp.simplify(entry) != 0 for entry in matrix)


def decide_fisher_vec(closed: int, symmetric: int, full: int) -> bool:
    """Whether the form under test is shown wrong as the erratum says: it differs from the
    Fisher matrix F as a d²×d² matrix (``full`` nonzero entries of F − form) and agrees with it
    on symmetric directions (``symmetric`` = 0, the printed part), while the closed form
    ¼(Σ̄⁻¹⊗Σ̄⁻¹)(I + K) equals F (``closed`` = 0, the control: a sympy F that matched no closed
    form would show nothing about the printed block).

    >>> decide_fisher_vec(0, 0, 4), decide_fisher_vec(1, 0, 4), decide_fisher_vec(0, 0, 0)
    (True, False, False)
    """
    return closed == 0 and symmetric == 0 and full > 0


@erratum("Sec. 2, Fisher matrix")
def erratum_fisher_vec(printed: bool = True) -> Verdict:
    """Section 2's Fisher matrix blockdiag(Σ̄⁻¹, ½Σ̄⁻¹⊗Σ̄⁻¹) in θ = [μ; vec Σ̄]: sympy gives the
    block ¼(Σ̄⁻¹⊗Σ̄⁻¹)(I + K) (singular), equal to the printed one on symmetric directions only.
    The check: the form equals E[s sᵀ] (``derivations.fisher_matrix``, d = 2) on symmetric
    directions (F·D = form·D, D the duplication matrix) and differs from it as a d²×d² matrix,
    while the closed form below equals F.
    ``printed=False`` runs it with the corrected blockdiag(Σ̄⁻¹, ¼(Σ̄⁻¹⊗Σ̄⁻¹)(I + K)) as the
    form, which equals F on every direction (not flagged).

    Evidence: the number of nonzero entries of F − form (``full``, of 36), of (F − form)·D
    (``symmetric``) and of F − the closed form (``closed``), all exact counts."""
    data = check_section2().data
    F = data["fisher"]
    form = data["fisher_printed"] if printed else data["fisher_closed"]
    restriction = sp.diag(sp.eye(2), duplication_matrix(2))
    closed = _nonzero_entries(F - data["fisher_closed"])
    symmetric = _nonzero_entries((F - form) * restriction)
    full = _nonzero_entries(F - form)
    name = "½Σ̄⁻¹⊗Σ̄⁻¹" if printed else "¼(Σ̄⁻¹⊗Σ̄⁻¹)(I + K)"
    return flagged(
        decide_fisher_vec(closed, symmetric, full),
        f"sympy, d = 2: F − {name} has {{full}} nonzero entries, (F − {name})·D "
        "has {symmetric} (D the duplication matrix); flagged when only the first is nonzero",
        (
            Measurement("full", full, kind=Kind.COUNT),
            Measurement("symmetric", symmetric, kind=Kind.COUNT),
            Measurement("closed", closed, kind=Kind.COUNT),
        ),
    )
