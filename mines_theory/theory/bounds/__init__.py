"""The paper's bounds and constants as plain functions of the paper's symbols.

Keyword names follow the paper: ``d, b, delta, L, sigma, gamma, tau, zeta, alpha, K``.
This package uses nothing else of the library but its input checks. It holds the constants of
eq:c1, Theorems 3.2–3.4, Lemmas 5.1–5.3, Theorem 5.4, and the appendix lemmas of Appendices D
and E that their proofs rest on, each evaluated exactly as printed (errata are noted in the
docstrings), and the corrigendum's repairs, by claim family:

- ``section3``: Theorems 3.2–3.4 (PDF Theorems 2–4), E‖Σ^{1/2}u‖³ and Theorem 3.3's repaired step;
- ``section5``: eq:c1, Lemmas 5.1–5.3 and Theorem 5.4 (PDF Lemmas 9–11, Theorem 12);
- ``appendix``: the lemmas of Appendices D and E;
- ``corrected``: the ``*_corrected`` repairs of Section 5 and the appendix lemmas (those the
  corrigendum's repairs name);
- ``checking``: ``@checked``, the one boundary every public bound is declared with (the rule of
  each symbol in ``SYMBOL_RULES``, τ ≤ ζ, a named ``FloatingPointError`` on overflow).
"""
