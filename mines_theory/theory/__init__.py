"""The paper's mathematics as functions: bounds, derivations, moments, and the course's tools.

======================  =======================================================================
module                  what, and where in the paper
======================  =======================================================================
``bounds``              every bound and constant as a function of its symbols (``section3``,
                        ``section5``, ``appendix``), the repaired ones (``corrected``), each
                        declared ``@checked`` (``checking``: one input rule per symbol)
``derivations``         sympy: the NES identities of Sections 2–4 (``nes``) and the
                        corrigendum's algebra (``repairs``)
``gaussian``            exact Gaussian moments (Appendices B, C) and Monte Carlo helpers
``regularized``         Q_α (Section 3), its smoothing and its minimizer (μ̂*, Σ̂*)
``geometry``            KL and Fisher of Gaussians, Bregman divergences, entropic mirror descent,
                        natural gradient = mirror descent (Sections 2, 4)
``score_function``      score-function estimators, Stein's lemma, Hutchinson (Section 4)
======================  =======================================================================
"""
