"""What the algorithms are run on, and what they are compared with.

==================  ===========================================================================
module              what
==================  ===========================================================================
``base``            ``Objective``: f with its gradient, Hessian and certified L, σ, γ, f*, x*
``objectives``      test functions with known L, σ, γ (Section 2.2): rotated ellipsoids,
                    log-cosh quadratics, one-dimensional kinks and powers, the soft cubic
``logistic``        logistic regression with certified constants (synthetic; breast cancer)
``baselines``       NES as printed (Section 2), random gradient-free descent, xNES, pycma
==================  ===========================================================================
"""
