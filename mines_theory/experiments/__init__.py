"""Seeded runs: many seeds, many methods, as tidy data.

==============  ===============================================================================
module          what
==============  ===============================================================================
``sweep``       the seeds (``SeedSequence`` streams), chunks and tidy rows of a sweep, on any
                ``concurrent.futures`` executor
``runs``        seeded runs of MiNES and the baselines as DataFrames (lockstep over seeds)
``coco``        the solvers on COCO's ``bbob`` suite (``make coco``) and its summary
``learning``    how fast MiNES's Σ⁻¹ and CMA-ES's covariance learn an ill-conditioned Hessian
==============  ===============================================================================
"""
