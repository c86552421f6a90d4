"""Which function decides each row of the registry, and which tests feed it synthetic data on
both sides of each part of its criterion (issue 43 §2). Every claim, finding, repaired result
and erratum the registry declares stands in exactly one table:

``TESTED``
    its deciding function(s) and the tests that make it hold and fail, each part alone;
``NO_DECISION``
    why no run could contradict it (an identity by sympy, a status no data decides);
``OPEN``
    a decision that is not yet tested on both sides, and what is missing.

A new row appears in none of them, and ``test_every_row_stands_in_one_table`` fails: a row
comes with its decision test, or with the reason it has none. ``OPEN`` may only shrink
(``OPEN_AT_MOST``)."""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path

import pytest

from mines_theory.verification.framework import ledger

TESTS = Path(__file__).parent

C = "mines_theory.verification.claims."
E = "mines_theory.verification.errata."


@dataclasses.dataclass(frozen=True)
class BothSides:
    """The functions that decide a row (``module:name``) and the tests (``file::test``) that
    feed them synthetic data on both sides of each part of its criterion."""

    deciders: tuple[str, ...]
    tests: tuple[str, ...]


def _t(deciders: str | tuple[str, ...], *tests: str) -> BothSides:
    return BothSides((deciders,) if isinstance(deciders, str) else deciders, tests)


S5 = "test_section5_decide.py::"
ERR = "test_errata_decide.py::"

TESTED: dict[str, BothSides] = {
    # claims
    "Sec. 2": _t(
        C + "section2:check_section2",
        "test_section2_decide.py::test_section2_a_wrong_score_fails_the_monte_carlo_alone",
    ),
    "Thm 3.2": _t(
        C + "section3.theorems:check_theorem32",
        "test_section3_theorem33.py::test_theorem32_either_side_of_the_sandwich_alone_fails_it",
    ),
    "Thm 3.3": _t(
        C + "section3.theorems:decide_theorem33",
        "test_section3_theorem33.py::test_every_part_met_holds_with_every_qualifier",
        "test_section3_theorem33.py::test_each_bound_alone_exceeded_at_one_alpha_fails",
    ),
    "Thm 3.4": _t(
        C + "section3.theorem34:decide_theorem34",
        "test_section3_theorem34.py::test_every_criterion_met_holds_with_every_qualifier",
        "test_section3_theorem34.py::test_a_bound_missed_at_one_point_fails_and_changes_no_qualifier",
    ),
    "Lemma 4.1": _t(
        C + "section4.estimators:decide_unbiased",
        "test_section4_decide.py::test_decide_unbiased_needs_both_tests",
        "test_section4_decide.py::test_a_bias_in_one_case_alone_fails_the_lemma",
    ),
    "Lemma 4.3": _t(
        C + "section4.estimators:decide_unbiased",
        "test_section4_decide.py::test_decide_unbiased_needs_both_tests",
        "test_section4_decide.py::test_a_bias_in_one_case_alone_fails_the_lemma",
    ),
    "Lemma 5.1": _t(
        C + "section5.mean:decide_per_step",
        "test_section5_mean_decide.py::test_the_share_above_the_bound_against_delta",
    ),
    "Lemma 5.2": _t(
        C + "section5.mean:decide_per_step",
        "test_section5_mean_decide.py::test_the_share_above_the_bound_against_delta",
    ),
    "Lemma 5.1, γ > 0": _t(
        C + "section5.nonquadratic:decide_nonquadratic_step",
        S5 + "test_step_holds_below_the_bound_and_fails_above_it",
        S5 + "test_step_erratum_needs_each_of_its_three_parts",
    ),
    "Lemma 5.2, γ > 0": _t(
        C + "section5.nonquadratic:decide_nonquadratic_step",
        S5 + "test_step_holds_below_the_bound_and_fails_above_it",
        S5 + "test_step_qualifiers_on_both_sides",
    ),
    "Lemma 5.3": _t(
        C + "section5.covariance:decide_lemma53",
        "test_section5_covariance_decide.py::test_lemma53_the_share_above_c_against_delta",
        "test_section5_covariance_decide.py::test_lemma53_the_constant_against_var_and_the_second_moment",
    ),
    "Lemma 5.3, γ > 0": _t(
        (
            C + "section5.covariance:decide_lemma53",
            C + "section5.covariance_stages:decide_constant",
        ),
        "test_section5_covariance_decide.py::test_lemma53_the_share_above_c_against_delta",
        "test_section5_stages.py::test_the_constant_with_the_transient_modelled_against_var_times_1_25",
    ),
    "Remark 5.3": _t(
        C + "section5.covariance:decide_variance_remark",
        "test_section5_covariance_decide.py::test_remark53_each_part_alone_fails_it",
    ),
    "Thm 5.4": _t(
        (
            C + "section5.kappa:decide_kappa",
            C + "section5.theorem54:decide_lxi",
            C + "section5.theorem54:decide_lxi_trivial_runs",
        ),
        "test_section5_theorem54_decide.py::test_the_status_needs_the_kappa_decision_and_eq_lxi",
        "test_section5_kappa.py::test_a_dependence_that_shrinks_to_a_permanent_slope_fails",
        "test_section5_theorem54_decide.py::"
        "test_eq_lxi_is_trivial_on_the_kappa_runs_only_while_each_run_s_k_is_below_its_threshold",
    ),
    "Thm 5.4, γ > 0": _t(
        (
            C + "section5.theorem54_stages:decide_stages",
            C + "section5.theorem54_stages:decide_shape",
            C + "section5.theorem54_stages:decide_learning",
        ),
        "test_section5_stages.py::test_the_status_from_the_stage_tests",
        "test_section5_stages.py::test_two_stages_against_one_rate_throughout",
        "test_section5_stages.py::test_learning_sigma_against_a_stage_two_as_fast_with_sigma_frozen",
    ),
    "Remark 5.6": _t(
        C + "section5.theorem54:decide_batch_remark",
        "test_section5_batch_decide.py::test_every_part_met_holds",
        "test_section5_batch_decide.py::test_overlapping_intervals_at_d_10_fail_it_alone",
        "test_section5_batch_decide.py::"
        "test_a_covariance_constant_that_does_not_fall_with_b_fails_it_alone",
    ),
    "Lemma B.1": _t(
        C + "section4.probability:check_lemma_b1",
        "test_appendix_b_decide.py::test_lemma_b1_each_bound_alone",
    ),
    "Lemma B.2": _t(
        C + "section4.probability:check_lemma_b2",
        "test_appendix_b_decide.py::test_lemma_b2_holds_with_its_thresholds",
        "test_appendix_b_decide.py::test_lemma_b2_a_lower_tail_too_tight_fails_the_exact_part_alone",
    ),
    "Lemma E.4": _t(
        C + "appendix_e.trajectory:check_lemma_e4",
        "test_appendix_e.py::test_lemma_e4_is_an_erratum_with_a_hessian_outside_s_prime",
        "test_appendix_e.py::test_lemma_e4_holds_when_every_hessian_lies_in_s_prime",
    ),
    # findings
    "MiNES demo": _t(
        C + "section5.findings:decide_demo",
        "test_section5_demo_decide.py::test_both_met_holds",
        "test_section5_demo_decide.py::test_one_run_short_of_the_target_fails_alone",
    ),
    "NES as printed": _t(
        C + "section2:decide_nes_as_printed",
        "test_section2_decide.py::test_every_run_stalls_and_collapses",
        "test_section2_decide.py::test_one_run_alone_fails_it",
    ),
    "Constant η₂": _t(
        C + "section5.findings:decide_constant_steps",
        "test_section5_plateau_decide.py::test_every_run_within_the_factor",
    ),
    "The start": _t(
        C + "section5.findings:decide_start",
        "test_section5_start_decide.py::test_a_jump_at_every_b_holds",
        "test_section5_start_decide.py::test_no_jump_at_one_b_alone_fails",
    ),
    "α-bias": _t(
        C + "section5.alpha_bias:decide_nonquadratic",
        S5 + "test_alpha_bias_holds_with_every_qualifier",
        S5 + "test_alpha_bias_status_parts_each_decide",
    ),
    "Comparison": _t(
        C + "comparisons:decide_comparison",
        "test_comparisons.py::test_decide_comparison_each_qualifier_flips_alone",
    ),
    "COCO bbob": _t(
        C + "coco_bbob:judge",
        "test_coco_judge.py::test_every_criterion_met_holds",
        "test_coco_judge.py::test_each_part_of_the_status_flips_it_alone",
    ),
    # repaired results
    "Lemma 5.1, repaired": _t(
        C + "repaired.section5:check_lemma51_repaired",
        "test_corrigendum.py::test_lemma51_repaired_holds_and_the_printed_delta_fails",
    ),
    "Lemma 5.2, repaired": _t(
        C + "repaired.section5:check_lemma52_repaired",
        "test_corrigendum.py::test_lemma52_repaired_holds_and_a_faster_promised_rate_fails",
    ),
    "Lemma 5.2, repaired, γ > 0": _t(
        C + "repaired.section5:check_lemma52_nonquadratic_repaired",
        "test_corrigendum.py::test_lemma52_nonquadratic_repaired_holds_and_the_alternative_fails",
    ),
    "Lemma 5.3, repaired": _t(
        C + "repaired.section5:check_lemma53_repaired",
        "test_corrigendum.py::test_lemma53_repaired_holds_and_a_smaller_constant_fails",
    ),
    "Thm 5.4, repaired": _t(
        C + "repaired.section5:theorem54_repaired_status",
        "test_repaired_decide.py::test_the_status_needs_eq_lxi_and_the_final_rate",
    ),
    "Thm 5.4, repaired, γ > 0": _t(
        C + "repaired.section5_stages:decide_theorem54_nonquadratic_repaired",
        "test_repaired_decide.py::test_gamma_positive_holds_with_every_stage_and_an_entry_not_too_early",
        "test_repaired_decide.py::test_gamma_positive_one_stage_failing_alone_fails",
    ),
    **{
        f"Lemma {n}, repaired": _t(
            C + f"repaired.appendix_d:check_lemma_{n.lower().replace('.', '')}_repaired",
            "test_corrigendum.py::test_appendix_d_repaired_hold_and_the_printed_bounds_fail",
        )
        for n in ("D.2", "D.4", "D.5", "D.7")
    },
    "Lemma E.8, repaired": _t(
        C + "repaired.appendix_e:check_lemma_e8_repaired",
        "test_corrigendum.py::test_lemma_e8_repaired_holds_and_the_printed_radius_fails",
    ),
    # errata
    "proof of Lemma C.1": _t(
        E + "section4:rejected_with_control", ERR + "test_rejected_with_control"
    ),
    "Lemma C.1 (lem:exp_tg), hypotheses": _t(
        E + "section4:rejected_with_control", ERR + "test_rejected_with_control"
    ),
    "proof of Thm 3.4, after eq:Sig_opt": _t(
        E + "section3_convexity:decide_strict_convexity", ERR + "test_strict_convexity"
    ),
    "eq:Sig_opt → eq:Sig_opt_1": _t(
        E + "section3_covariance:decide_sig_opt_posdef", ERR + "test_sig_opt_posdef"
    ),
    "proof of Thm 3.4, last chain, second line": _t(
        E + "section3_covariance:decide_last_chain_norms", ERR + "test_last_chain_norms"
    ),
    "eq:chi_1 (Lemma E.8); A_K of Lemma 5.3": _t(
        E + "appendix_e_stochastic:decide_chi_threshold", ERR + "test_chi_threshold"
    ),
    "proof of Lemma 5.1, substituting η₁,k; Δ_α,1": _t(
        E + "section5:decide_lemma51_substitution", ERR + "test_lemma51_substitution"
    ),
    "proof of Lemma E.1 (lem:nab_f)": _t(
        E + "appendix_e_recursion:decide_nab_f_typos", ERR + "test_nab_f_typos"
    ),
    'Lemmas 5.1, 5.2, D.2, D.4, D.5: "with probability ≥ 1 − δ"': _t(
        E + "section5:decide_union_bound", ERR + "test_union_bound"
    ),
    "eq:nu (Lemma D.2)": _t(E + "appendix_d:decide_nu_gamma_power", ERR + "test_nu_gamma_power"),
    "eq:Sig_dec (Lemma E.2)": _t(
        E + "appendix_e_recursion:decide_sig_dec_factor", ERR + "test_sig_dec_factor"
    ),
    "eq:sto_err (Lemma E.9), proof": _t(
        E + "appendix_e_stochastic:decide_y_omitted", ERR + "test_y_omitted"
    ),
    "proof of lem:X (Lemma E.7)": _t(
        E + "appendix_e_stochastic:decide_lemx_dependence", ERR + "test_lemx_dependence"
    ),
    "Lemma 5.3 (statement and proof); Thm 5.4, item 2": _t(
        E + "appendix_e_induction:decide_probability_bookkeeping",
        ERR + "test_probability_bookkeeping",
    ),
    "eq:proj_cs_prime, Prop. A.2": _t(
        C + "section4.projection:decide_proposition_a2", ERR + "test_proposition_a2"
    ),
    "Prop. A.2": _t(C + "section4.projection:decide_proposition_a2", ERR + "test_proposition_a2"),
    "Sec. 2, Fisher matrix": _t(E + "section2:decide_fisher_vec", ERR + "test_fisher_vec"),
    "eq:bG": _t(E + "section4:decide_bG_factor", ERR + "test_bG_factor"),
    "Lemma B.5 (Hoeffding)": _t(C + "section4.probability:decide_lemma_b5", ERR + "test_lemma_b5"),
    "Lemma B.5": _t(C + "section4.probability:decide_lemma_b5", ERR + "test_lemma_b5"),
    "proof of Thm 3.2": _t(E + "section3_mean:decide_taylor_sigma", ERR + "test_taylor_sigma"),
    "proof of Thm 3.3, last line": _t(
        E + "section3_mean:decide_theorem33_sign", ERR + "test_theorem33_sign"
    ),
    "eq:J_quad (proof of Thm 3.1, first display)": _t(
        E + "section3_mean:decide_j_quad_integrand", ERR + "test_j_quad_integrand"
    ),
    "eq:Sig_opt_1": _t(E + "section3_covariance:decide_sig_opt_mu", ERR + "test_sig_opt_mu"),
    "eq:J_Sig_0, middle line (same in the proof of eq:Q_Sig)": _t(
        E + "section3_covariance:decide_j_sig_0_power", ERR + "test_j_sig_0_power"
    ),
    "eq:tmp2, first line": _t(
        E + "section3_covariance:decide_tmp2_first_line", ERR + "test_tmp2_first_line"
    ),
    "eq:tmp, lines 3–4, and the display after eq:tmp1": _t(
        E + "section3_covariance:decide_tmp_phi_argument", ERR + "test_tmp_phi_argument"
    ),
    "eq:c1 with Lemmas 5.1, 5.2, eq:C": _t(
        E + "section5:decide_c2_negative", ERR + "test_c2_negative"
    ),
    "eq:C, C₃": _t(E + "section5:decide_C_grows_with_K", ERR + "test_C_grows_with_K"),
    "proof of Lemma 5.2, the step after eq:tgm_3": _t(
        E + "section5:decide_lemma52_coefficient", ERR + "test_lemma52_coefficient"
    ),
    "proof of Lemma 5.2, fourth line of the chain": _t(
        E + "section5:decide_lemma52_line4", ERR + "test_lemma52_line4"
    ),
    "Δ_α,2 of Lemma 5.2, third term": _t(
        E + "section5:decide_delta_alpha_2_third_term", ERR + "test_delta_alpha_2_third_term"
    ),
    "eq:G_norm_1, eq:G_norm_2 (Lemma D.7)": _t(
        E + "appendix_d:decide_G_norm_1", ERR + "test_G_norm_1"
    ),
    "Lemmas D.1, D.4, D.5, hypotheses": _t(
        E + "appendix_d:decide_hypotheses", ERR + "test_hypotheses"
    ),
    "eq:G_norm, eq:GG (Lemma D.6)": _t(E + "appendix_d:decide_two_log", ERR + "test_two_log"),
    "proof of Lemma D.6, Taylor expansions": _t(
        E + "appendix_d:decide_taylor_weight", ERR + "test_taylor_weight"
    ),
    "eq:Sig_2_bnd (Lemma E.2)": _t(
        E + "appendix_e_recursion:decide_sig2_nonquadratic", ERR + "test_sig2_nonquadratic"
    ),
    "eq:alpha_err (Lemma E.4)": _t(
        E + "appendix_e_recursion:decide_alpha_err_factor", ERR + "test_alpha_err_factor"
    ),
    "eq:alpha_err (Lemma E.4), the step citing eq:GG": _t(
        E + "appendix_e_recursion:decide_alpha_err_projection", ERR + "test_alpha_err_projection"
    ),
    'proof of eq:dd (Lemma E.10), the "=" line': _t(
        E + "appendix_e_recursion:decide_dd_middle_equality", ERR + "test_dd_middle_equality"
    ),
    "proof of eq:sto_err (Lemma E.9)": _t(
        E + "appendix_e_stochastic:decide_Lambda_norm", ERR + "test_Lambda_norm"
    ),
    "display before eq:Y0 (Lemma E.8)": _t(
        E + "appendix_e_stochastic:decide_Y0_sum", ERR + "test_Y0_sum"
    ),
    "proof of eq:sto_err (Lemma E.9), the line citing eq:E": _t(
        E + "appendix_e_stochastic:decide_missing_1_over_b", ERR + "test_missing_1_over_b"
    ),
    "proof of lem:Y (Lemma E.8), E[Y_{t,i}]": _t(
        E + "section4:rejected_with_control", ERR + "test_rejected_with_control"
    ),
    "proof of Lemma 5.3, base case k = 2; eq:C": _t(
        E + "appendix_e_induction:decide_base_case_C", ERR + "test_base_case_C"
    ),
    "eq:sto_err, eq:dec_sig, induction hypothesis in the proof of Lemma 5.3": _t(
        E + "appendix_e_induction:decide_Sigma_vs_Sigma_inv", ERR + "test_Sigma_vs_Sigma_inv"
    ),
    "Lemma E.2": _t(
        C + "appendix_e.trajectory:decide_lemma_e2", "test_appendix_e_decide.py::test_lemma_e2"
    ),
    "Lemma E.6": _t(
        C + "appendix_e.moments:decide_lemma_e6", "test_appendix_e_decide.py::test_lemma_e6"
    ),
    "Lemma E.8": _t(
        C + "appendix_e.moments:decide_lemma_e8", "test_appendix_e_decide.py::test_lemma_e8"
    ),
    "Lemma D.1": _t(
        C + "appendix_d.mean_gradient:decide_lemma_d1", "test_appendix_d_decide.py::test_lemma_d1"
    ),
    "Lemma D.3": _t(
        C + "appendix_d.mean_gradient:decide_lemma_d3", "test_appendix_d_decide.py::test_lemma_d3"
    ),
    **{
        f"Lemma D.{n}": _t(
            C + "appendix_d.common:decide_tails",
            "test_appendix_d_decide.py::test_tails_each_alone_fails",
            "test_appendix_d_decide.py::test_tails_each_with_its_own_trials_and_delta",
        )
        for n in (2, 4, 5, 6, 7)
    },
    "Lemma E.7": _t(
        C + "appendix_d.common:decide_tails", "test_appendix_e_decide.py::test_lemma_e7_tail"
    ),
    **{
        f"Lemma E.{n}": _t(
            C + "appendix_e.trajectory:decide_every_pair",
            "test_appendix_e_decide.py::test_every_pair",
        )
        for n in (9, 10)
    },
    # its status where a seed can exceed C; where the projection's cap lies below C no run
    # could contradict it (its published run: "too loose to be tested")
    "Lemma 5.3, repaired, γ > 0": _t(
        C + "repaired.common:exceedance_verdict",
        "test_corrigendum.py::test_exceedance_verdict_on_both_sides",
    ),
    "Lemma C.1": _t(
        C + "section4.estimators:decide_lemma_c1",
        "test_section4_decide.py::test_lemma_c1_each_part_alone",
    ),
    "Lemma 4.2": _t(
        C + "section4.estimators:decide_lemma42",
        "test_section4_decide.py::test_lemma42_on_both_sides_of_its_tolerance",
    ),
    "Prop. A.1": _t(
        C + "section4.projection:decide_proposition_a1",
        "test_section4_decide.py::test_proposition_a1",
    ),
    "Lemma B.3": _t(
        C + "section4.probability:decide_lemma_b3",
        "test_appendix_b_decide.py::test_lemma_b3_on_both_sides_of_k_se",
    ),
    **{
        f"Lemma B.{n}": _t(
            C + "section4.probability:decide_largest_ratio",
            "test_appendix_b_decide.py::test_largest_ratio_each_bound_alone",
        )
        for n in (4, 6)
    },
    "Lemma E.1": _t(
        C + "appendix_e.moments:decide_lemma_e1", "test_appendix_e_decide.py::test_lemma_e1"
    ),
    "Sec. 4": _t(
        C + "section4.projection:decide_mirror_step",
        "test_section4_decide.py::test_mirror_step_each_part_alone",
    ),
}

IDENTITY = "an identity to rounding (framework.decisions.identity_within, tested on both sides"
NO_DECISION: dict[str, str] = {
    "Thm 3.1": IDENTITY + ") and a sympy stationarity: no run could contradict it",
    "Lemma E.3": IDENTITY + "): its status is 'identity'",
    "Lemma E.5": IDENTITY + "): its status is 'identity'",
}

ONE_SIDED = "a test of the failing side only (an injected implementation); the holding side "
STORED = "checked only against its stored output"
OPEN: dict[str, str] = {
    "Lemma 4.2": STORED + " (relative error against finite differences)",
    "Sec. 4": STORED + " (sympy identities and the smallest B_R; only pairs=0 is tested)",
    "Prop. A.1": STORED + " (only cases=0 and cases=1 are tested)",
    "Prop. A.2": ONE_SIDED + "is the stored run",
    "Lemma B.3": STORED,
    "Lemma B.4": STORED,
    "Lemma B.5": STORED,
    "Lemma B.6": STORED,
    "Lemma C.1": ONE_SIDED + "is the stored run",
    "Lemma D.1": STORED + " (an identity on a short run)",
    "Lemma D.2": STORED,
    "Lemma D.3": STORED,
    "Lemma D.4": STORED,
    "Lemma D.5": STORED,
    "Lemma D.6": STORED,
    "Lemma D.7": STORED,
    "Lemma E.1": STORED,
    "Lemma E.2": STORED + " (and the unrolled recursion)",
    "Lemma E.6": ONE_SIDED + "is the stored run",
    "Lemma E.7": STORED + " (and Azuma-Hoeffding's deviation)",
    "Lemma E.8": STORED,
    "Lemma E.9": STORED,
    "Lemma E.10": STORED,
    "Lemma 5.3, repaired, γ > 0": STORED,
    **{
        label: "one part and no control conjunct in the printed decision ("
        + part
        + "): a control would change the decision; the corrected form runs only with "
        "printed=False (tests/test_errata.py)"
        for label, part in (
            ("eq:R (proof of Thm 3.3)", "any pair violates it"),
            ("Lemma 5.1, hypotheses", "decisions.exceeded, tested in tests/test_decisions.py"),
            ("proofs of eq:nu, eq:hh, eq:tgm_3", "the step holds in fewer than half the batches"),
        )
    },
    **{
        e.label: "an erratum checked on its own data only: its control is never false"
        for e in ledger.errata()
        if e.label
        not in (
            "eq:R (proof of Thm 3.3)",
            "Lemma 5.1, hypotheses",
            "proofs of eq:nu, eq:hh, eq:tgm_3",
        )
    },
}
for _row in TESTED:
    OPEN.pop(_row, None)

#: ``OPEN`` may only shrink: a row added to it raises this number in the same commit.
OPEN_AT_MOST = 3


def _rows() -> list[str]:
    rows = ledger.claims() + ledger.findings() + ledger.repaired()
    return [c.number for c in rows] + [e.label for e in ledger.errata()]


def test_every_row_stands_in_one_table():
    rows = _rows()
    tables = (TESTED, NO_DECISION, OPEN)
    missing = [r for r in rows if not any(r in t for t in tables)]
    assert not missing, f"rows without a decision test or a reason: {missing}"
    twice = [r for r in rows if sum(r in t for t in tables) > 1]
    assert not twice, f"rows in more than one table: {twice}"
    stale = sorted(set().union(*tables) - set(rows))
    assert not stale, f"rows in the inventory that the registry does not declare: {stale}"


def test_open_only_shrinks():
    assert len(OPEN) <= OPEN_AT_MOST, sorted(OPEN)


def _defined(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


@pytest.mark.parametrize("row", sorted(TESTED))
def test_each_decision_and_its_tests_exist(row):
    """Each decider resolves; each test is defined in its file, and the file names a decider
    (imports or calls it)."""
    entry = TESTED[row]
    names = []
    for decider in entry.deciders:
        module, name = decider.split(":")
        assert callable(getattr(importlib.import_module(module), name)), decider
        names.append(name)
    assert entry.tests
    for test in entry.tests:
        file, name = test.split("::")
        path = TESTS / file
        assert name in _defined(path), test
        text = path.read_text(encoding="utf-8")
        assert any(n in text for n in names), f"{file} names none of {names}"
