"""Symbolic derivations (sympy) behind *Mirror Natural Evolution Strategies*.

* ``nes``: Sections 2–4 and Appendix C: Gaussian expectations, the score, the Fisher matrix and
  the natural gradient, the regularized objective, the mirror step, Lemma C.1 (each size-limited
  by ``MAX_SIZE``);
* ``repairs``: the corrigendum's algebra for Section 5 (Lemmas 5.1–5.3), each repaired constant
  derived from the proof's own steps beside the closed form ``bounds.*_corrected`` evaluates.

Every name is importable from ``mines_theory.theory.derivations``.
"""
