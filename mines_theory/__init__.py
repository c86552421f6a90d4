"""mines-theory: a reference library and verification suite for *Mirror Natural Evolution
Strategies* (MiNES, H. Ye).

Layers, lowest first (a module imports only from the layers above it in this list, and never a
private name of another module):

==========================  =====================================================================
module                      what, and where in the paper
==========================  =====================================================================
``validation``              input checks: a ``ValueError`` naming the parameter and its value
``lowrank``                 τ'I + low rank: its update and its projection onto S' (Prop. A.2)
``linalg``                  roots, Cholesky factors, spectrum tests, the projection onto S'
                            (eq:cS_p, eq:proj_cs_prime, Prop. A.2), preconditioned extremes
``bounds``                  every bound and constant of the paper as a function of its symbols
``objective_base``          ``Objective``, the base class of the test functions
``logistic``                logistic regression with certified L, σ, γ
``objectives``              test functions with known L, σ, γ (Section 2.2)
``strategy``                the pure ``Strategy`` base, ``run`` (one seed or many in lockstep,
                            with a record hook) and the ask/tell objects
``estimators``              the estimators eq:g_mu and eq:TG as printed, for given directions
``precision``               Σ⁻¹ as an object: the forms Algorithm 1 samples and updates it in
                            (symmetric root, Cholesky factor, τ'I + low rank), eq:Sig_modi, Π_S'
``practical``               the documented default settings of black-box ``minimize`` (not the
                            paper's: α, S', b, Σ₁⁻¹, η₁, η₂ from function values)
``schedules``               the step-size protocol; the step sizes of Lemmas 5.1, 5.2 and the
                            practical Hutchinson step
``algorithm1``              Algorithm 1 once (``MiNESStrategy``, ``tell`` as printed), its
                            ``Parameters`` and ``State``
``algorithm``               ``MiNES`` (ask/tell) and the ``minimize`` facade; re-exports the
                            names of ``algorithm1``, ``estimators``, ``precision`` and the
                            protocol of ``schedules``
``baselines``               NES (Section 2), random gradient-free descent, xNES, pycma
``gaussian``, ``derivations``, ``regularized``
                            exact Gaussian moments (App. B, C), sympy derivations (Sections 2–4),
                            Q_α and its minimizer (Section 3)
``geometry``, ``score_function``
                            KL and Fisher of Gaussians, Bregman divergences, entropic mirror
                            descent, natural gradient = mirror descent (Sections 2, 4); the
                            score-function estimators, Stein's lemma, Hutchinson (Section 4)
``sweep``                   the seeds, chunks and tidy rows of a sweep, on any executor
``experiments``             seeded runs over many seeds as tidy DataFrames
``coco``                    the solvers on COCO's bbob (``make coco``) and its summary's fractions
``verification``            one module per part of the paper; every check returns a ``Verdict``
``figure_rules``            the figure rules (numbered 1–8) and their checkers
``plotting``                one style, the helpers that keep the rules; byte-identical figures
==========================  =====================================================================
"""

from importlib.metadata import PackageNotFoundError, version

from .algorithm import MiNES, mean_gradient, minimize, sigma_gradient
from .linalg import project_eigenvalues
from .objectives import RotatedEllipsoid

__all__ = [
    "MiNES",
    "minimize",
    "mean_gradient",
    "sigma_gradient",
    "project_eigenvalues",
    "RotatedEllipsoid",
]

try:  # the one place of the version is pyproject.toml
    __version__ = version("mines-theory")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0+unknown"
