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
and ``common`` (the settings and helpers they share); the errata are in ``errata.section4``.
"""
