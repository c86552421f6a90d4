"""Linear algebra of the precision matrix Σ⁻¹ ∈ S' = {τI ⪯ Σ⁻¹ ⪯ ζI}.

==============  ===============================================================================
module          what
==============  ===============================================================================
``spd``         roots, Cholesky factors, spectrum tests, the projection onto S' (eq:proj_cs_prime,
                Prop. A.2), the weighted Gram matrix, preconditioned extremes, random SPD
                matrices; one matrix or a stack with a leading seed axis
``lowrank``     τ'I + low rank (``LowRank``): its update and its exact projection onto S'
==============  ===============================================================================
"""
