"""Algorithm 1 of the paper, its parts, and the user's entry points.

==================  ===========================================================================
module              what, and where in the paper
==================  ===========================================================================
``estimators``      the estimators as printed for given directions: eq:g_mu, eq:TG (Section 4)
``precision``       Σ⁻¹ as an object: the forms Algorithm 1 samples and updates it in (symmetric
                    root, Cholesky factor, τ'I + low rank); eq:Sig_modi, Π_S'
``strategy``        the pure ``Strategy`` base (state and parameters as plain data) and ``run``:
                    one seed, or many in lockstep along a leading axis
``schedules``       the step sizes: Lemma 5.1's and 5.2's η₁, η₂,k = 1/k, Hutchinson's step
``algorithm1``      ``MiNESStrategy``: Algorithm 1 once, ``tell`` as printed, step by step
``practical``       the documented defaults of black-box ``minimize`` (our choices, not the
                    paper's: α, S', b, Σ₁⁻¹, η₁, η₂ from function values)
``options``         the one table of settings (name, value in each preset, meaning, check):
                    the paper's preset (Algorithm 1 as printed) and the practical one
``mines``           ``MiNES`` (ask/tell, ``stop()``, ``result``, ``optimize``) and ``minimize``,
                    the entry point that returns an ``OptimizeResult``
==================  ===========================================================================
"""
