"""Section 5 of the paper: convergence. The mean (Lemma 5.1 = ``lem:gd_dec_1``, Lemma 5.2 =
``lem:dec_local``, Theorem 5.4 = ``thm:main_cvg``), the precision matrix (Lemma 5.3 =
``lem:Sig_dec``) and the variance remark after it; and the errata in their constants.

Every run is a frozen configuration (``MeanRun``, ``CovarianceRun``) whose ``run()`` is cached:
the check, the notebook (``05-convergence-mean``, ``06-convergence-covariance``) and the tests
use the same objects, so each number is computed once.

What these runs can and cannot show: ``MeanRun`` and ``CovarianceRun`` use rotated ellipsoids
(quadratics, γ = 0), where g̃ and G̃ are unbiased and the local region of Lemma 5.2 is all of
R^d, with step sizes that use L or the true Hessian (the oracle step) except ``HUTCHINSON``; the
Δ_α terms and the bias of the estimators cannot show there. ``NonQuadraticMeanRun`` (Lemmas 5.1,
5.2 step by step, practical step for 5.2) and ``NonQuadraticRun`` (the α-bias, Lemma 5.3) use
the asymmetric 2-D logistic objective (γ > 0), where they can; there the printed Δ_α is ~10⁵
times f(μ̂*) − f* (the limit of f − f* at a fixed α, not a floor: the path can dip below it on
its way in), so a step can violate a lemma only at a small α.

The package's modules, by claim family: ``mean`` (Lemmas 5.1, 5.2 on quadratics), ``theorem54``
(Theorem 5.4 and the batch remark), ``covariance`` (Lemma 5.3 and the variance remark),
``nonquadratic`` (Lemmas 5.1, 5.2 with γ > 0, step by step), ``alpha_bias`` (the α-bias: where
the iterates settle at a fixed α), ``common`` (the set-up of the non-quadratic runs), ``findings``
(a constant η₂, the start, the demo) and ``one_step`` (one step from μ*, where Lemma 5.1's bound
is its Δ_α,1). The errata in the constants are in ``errata.section5``.
"""
