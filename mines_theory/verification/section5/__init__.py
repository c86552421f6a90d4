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
(a constant η₂, the start, the demo) and ``errata``. Every public name is re-exported here.
"""

from .alpha_bias import (
    LEVEL_RECORDS,
    NON_QUADRATIC,
    NON_QUADRATIC_BATCHES,
    NonQuadraticRun,
    check_nonquadratic,
    level_predictions,
)
from .covariance import (
    CONSTANT_STEPS,
    LEMMA53,
    SPREAD_LENGTH,
    START_RUNS,
    VARIANCE_GRID,
    CovarianceRun,
    VarianceGrid,
    check_lemma53,
    check_variance_remark,
    lemma53_limits,
    squared_errors,
)
from .errata import (
    erratum_c2_negative,
    erratum_C_grows_with_K,
    erratum_delta_alpha_2_third_term,
    erratum_lemma51_gamma_hypothesis,
    erratum_lemma51_substitution,
    erratum_lemma52_coefficient,
    erratum_lemma52_line4,
    erratum_union_bound,
)
from .one_step import ONE_STEP, OneStepAtOptimum, one_step_exceedances
from .findings import (
    DEMO,
    Demo,
    check_constant_steps,
    check_demo,
    check_start,
    plateau_prediction,
)
from .mean import (
    HUTCHINSON,
    LEMMA51,
    LEMMA52,
    LOOSE,
    NOISE_FLOOR,
    MeanRun,
    asymptotic_rates,
    check_lemma51,
    check_lemma52,
    mean_step,
    per_step_ratios,
)
from .nonquadratic import (
    NQ_LEMMA51,
    NQ_LEMMA52,
    NQ_PRACTICAL,
    NonQuadraticMeanRun,
    check_lemma51_nonquadratic,
    check_lemma52_nonquadratic,
    check_nonquadratic_step,
)
from .theorem54 import (
    B_OVER_D_RUNS,
    FROZEN_RUNS,
    KAPPA_RUNS,
    RATE_WINDOW,
    WEAK_SLOPE,
    check_batch_remark,
    check_theorem54,
    final_rates,
    kappa_qualifiers,
    kappa_slope,
)


# Names the single module section5.py imported from the rest of the library, and so exposed as
# ``section5.X``: kept importable from here as before (notebook 03 uses
# ``section5.sigma_gradient_variance``, the tests ``section5.Undecidable``); not in ``__all__``.
from ...algorithm import mean_gradient  # noqa: F401
from ...bounds import (  # noqa: F401
    alpha_err_coefficient,
    c_constants,
    delta_alpha_1,
    delta_alpha_1_corrected,
    delta_alpha_2,
    lemma51_rate,
    lemma53_constants,
    local_region_threshold,
    theorem54_bounds,
)
from ...experiments import cached_sweep, run_mines_lockstep  # noqa: F401
from ...gaussian import (  # noqa: F401
    monte_carlo,
    sigma_gradient_norm_samples,
    sigma_gradient_second_moment,
    sigma_gradient_variance,
)
from ...objectives import RotatedEllipsoid  # noqa: F401
from ...schedules import hutchinson_step, lemma51_step, lemma52_step  # noqa: F401
from ..section4 import quadratic_case  # noqa: F401
from ..stats import (  # noqa: F401
    K_SE,
    bootstrap,
    estimate,
    exceedance_z,
    largest_z,
    loglog_slope,
    median,
    proportion,
    z_measurement,
)
from ..verdict import (  # noqa: F401
    Kind,
    Measurement,
    Qualifier,
    Status,
    Undecidable,
    Verdict,
    decides,
)

__all__ = [
    "B_OVER_D_RUNS",
    "CONSTANT_STEPS",
    "DEMO",
    "FROZEN_RUNS",
    "HUTCHINSON",
    "KAPPA_RUNS",
    "LEMMA51",
    "LEMMA52",
    "LEMMA53",
    "LEVEL_RECORDS",
    "LOOSE",
    "NOISE_FLOOR",
    "NON_QUADRATIC",
    "NON_QUADRATIC_BATCHES",
    "NQ_LEMMA51",
    "NQ_LEMMA52",
    "NQ_PRACTICAL",
    "ONE_STEP",
    "RATE_WINDOW",
    "SPREAD_LENGTH",
    "START_RUNS",
    "VARIANCE_GRID",
    "WEAK_SLOPE",
    "CovarianceRun",
    "Demo",
    "MeanRun",
    "NonQuadraticMeanRun",
    "NonQuadraticRun",
    "OneStepAtOptimum",
    "VarianceGrid",
    "asymptotic_rates",
    "check_batch_remark",
    "check_constant_steps",
    "check_demo",
    "check_lemma51",
    "check_lemma51_nonquadratic",
    "check_lemma52",
    "check_lemma52_nonquadratic",
    "check_lemma53",
    "check_nonquadratic",
    "check_nonquadratic_step",
    "check_start",
    "check_theorem54",
    "check_variance_remark",
    "erratum_C_grows_with_K",
    "erratum_c2_negative",
    "erratum_delta_alpha_2_third_term",
    "erratum_lemma51_gamma_hypothesis",
    "erratum_lemma51_substitution",
    "erratum_lemma52_coefficient",
    "erratum_lemma52_line4",
    "erratum_union_bound",
    "final_rates",
    "kappa_qualifiers",
    "kappa_slope",
    "lemma53_limits",
    "level_predictions",
    "mean_step",
    "one_step_exceedances",
    "per_step_ratios",
    "plateau_prediction",
    "squared_errors",
]
