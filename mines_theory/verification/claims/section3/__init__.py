"""Section 3 of the paper: the regularized objective Q_α(μ, Σ) = J(μ, Σ) − α²/2·log det Σ and its
minimizer (Theorems 3.1–3.4 = printed Theorems 1–4), and the errata in their proofs.

Theorem 3.1 = ``prop:quad_case``, 3.2 = ``prop:close``, 3.3 = ``prop:mu``, 3.4 = ``prop:Sigma``.
Notebook ``04-regularized-objective`` plots ``SECTION3_SWEEP`` against the bounds.

The package's modules: ``theorems`` (the sweeps and the four checks), ``theorem34`` (Theorem
3.4 decided and described from what its sweeps measured), ``orders`` (which order in α a sweep
shows, decided where its local slopes have settled) and ``common`` (what they share with the
errata). The errata in the proofs are in ``errata.section3_mean`` (Theorems
3.1–3.3, eq:R's cancellation), ``errata.section3_covariance`` (Theorem 3.4) and
``errata.section3_convexity`` (where Q_α is convex in Σ, the strict-convexity erratum).
"""
