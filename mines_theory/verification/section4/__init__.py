"""Section 4 of the paper with the appendices it rests on: the estimators g̃ and G̃ (Lemmas 4.1–4.3,
Lemma C.1 = ``lem:exp_tg``), the sets S, S' and the projection (Appendix A: Propositions A.1 and
A.2 = ``prop:project``), and the probability tools of Appendix B (Lemmas B.1–B.6).

Each check compares the statement with something independent of the code under test (a
closed form, Gauss–Hermite quadrature, scipy's distributions, or a Monte Carlo mean with its
standard error, ``K_SE`` of them allowed), and takes the function under test as an argument
so that a test can hand it a broken one and see the verdict turn. Notebooks
``03-gradient-estimators`` and ``02-mirror-descent-projection`` show them.

The package's modules, by claim family: ``estimators`` (Lemmas 4.1–4.3 and C.1),
``projection`` (Propositions A.1, A.2 and the mirror step), ``probability`` (Lemmas B.1–B.6),
``errata``, and ``common`` (the settings and helpers they share). Every name of the old module is
re-exported here; the helpers two modules share (``common.batches``,
``projection.clipped_counterexample``, ``probability.hoeffding_at_one``) are public in their
modules.
"""

from .common import nonquadratic_case, quadratic_case
from .errata import (
    erratum_bG_factor,
    erratum_hoeffding_sign,
    erratum_lemma_c1_half,
    erratum_lemma_c1_root,
    erratum_projection_bounds,
)
from .estimators import check_lemma41, check_lemma42, check_lemma43, check_lemma_c1
from .probability import (
    check_lemma_b1,
    check_lemma_b2,
    check_lemma_b3,
    check_lemma_b4,
    check_lemma_b5,
    check_lemma_b6,
)
from .projection import (
    check_mirror_step,
    check_proposition_a1,
    check_proposition_a2,
)

__all__ = [
    "check_lemma41",
    "check_lemma42",
    "check_lemma43",
    "check_lemma_b1",
    "check_lemma_b2",
    "check_lemma_b3",
    "check_lemma_b4",
    "check_lemma_b5",
    "check_lemma_b6",
    "check_lemma_c1",
    "check_mirror_step",
    "check_proposition_a1",
    "check_proposition_a2",
    "erratum_bG_factor",
    "erratum_hoeffding_sign",
    "erratum_lemma_c1_half",
    "erratum_lemma_c1_root",
    "erratum_projection_bounds",
    "nonquadratic_case",
    "quadratic_case",
]
