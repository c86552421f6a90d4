"""Symbolic derivations (sympy) behind *Mirror Natural Evolution Strategies*.

* ``nes``: Sections 2–4 and Appendix C: Gaussian expectations, the score, the Fisher matrix and
  the natural gradient, the regularized objective, the mirror step, Lemma C.1 (each size-limited
  by ``MAX_SIZE``);
* ``repairs``: the corrigendum's algebra for Section 5 (Lemmas 5.1–5.3), each repaired constant
  derived from the proof's own steps beside the closed form ``bounds.*_corrected`` evaluates.

Every name is importable from ``mines_theory.derivations``.
"""

from __future__ import annotations

from .nes import (
    MAX_SIZE as MAX_SIZE,  # the size limits (not in __all__: not a function to call)
    antithetic_identity_1d,
    bregman_divergence,
    commutation_matrix,
    duplication_matrix,
    fisher_matrix,
    gaussian_expectation,
    general_matrix_symbol,
    lemma_c1_symbolic,
    log_likelihood,
    mirror_step,
    natural_gradient_vech,
    paper_bregman_divergence,
    paper_fisher_matrix,
    paper_score_covariance,
    quadratic_smoothing,
    regularized_gradient,
    score_covariance,
    score_mean,
    second_moment_1d,
    symmetric_matrix_symbol,
)
from .repairs import SECTION5_SYMBOLS, lemma51_repair, lemma52_repair, lemma53_repair

__all__ = [
    "gaussian_expectation",
    "symmetric_matrix_symbol",
    "general_matrix_symbol",
    "log_likelihood",
    "score_mean",
    "score_covariance",
    "paper_score_covariance",
    "fisher_matrix",
    "paper_fisher_matrix",
    "commutation_matrix",
    "duplication_matrix",
    "natural_gradient_vech",
    "quadratic_smoothing",
    "regularized_gradient",
    "antithetic_identity_1d",
    "bregman_divergence",
    "paper_bregman_divergence",
    "mirror_step",
    "lemma_c1_symbolic",
    "second_moment_1d",
    "SECTION5_SYMBOLS",
    "lemma51_repair",
    "lemma52_repair",
    "lemma53_repair",
]
