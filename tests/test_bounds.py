"""The bounds of ``mines_theory.theory.bounds``: the printed formulas evaluated by hand and against
sympy, E‖Σ^{1/2}u‖³ against closed forms and Monte Carlo, the validity flags, the corrigendum's
repairs against the failures of the printed bounds, and the one input boundary (``@checked``)."""

import math

import numpy as np
import pytest
import scipy.special
import scipy.stats
import sympy as sp

from mines_theory.algorithm.estimators import sigma_gradient
from mines_theory.theory.bounds.appendix import (
    G_norm_1_bound,
    G_norm_bound,
    GG_bound,
    alpha_err_coefficient,
    chi_threshold,
    dd_bound,
    hh_bound,
    nu_bounds,
    sig2_bound,
    sto_err_coefficient,
    tgm3_bound,
)
from mines_theory.theory.bounds.section3 import (
    alpha_condition,
    expected_cubed_norm,
    phi,
    theorem32_bounds,
    theorem33_bounds,
    theorem34_bounds,
)
from mines_theory.theory.bounds.section5 import (
    c_constants,
    delta_alpha_1,
    delta_alpha_2,
    lemma51_rate,
    lemma52_rate,
    lemma53_constants,
    local_region_threshold,
    theorem54_bounds,
)
from mines_theory.theory.bounds.checking import checked
from mines_theory.theory.bounds.section3 import theorem33_bounds_corrected
from mines_theory.theory.bounds.section5 import eq_C
from mines_theory.theory.bounds.checking import NON_FINITE_BY_DESIGN
from mines_theory.theory.bounds import appendix, section5
from mines_theory.theory.bounds.corrected import (
    lemma52_rate_corrected,
    nu_bounds_corrected,
    chi_threshold_corrected,
    theorem54_bounds_corrected,
    local_region_threshold_corrected,
    delta_alpha_1_corrected,
    delta_alpha_2_corrected,
    hh_bound_corrected,
    tgm3_bound_corrected,
    G_norm_1_bound_corrected,
)
from mines_theory.theory.bounds.section5 import nab_f_threshold

# ---------------------------------------------------------------------------------------------
# The package: every public name of the former module ``bounds.py``, and the one boundary
# ---------------------------------------------------------------------------------------------


def test_every_public_bound_is_declared_checked():
    """Each public function is the ``@checked`` wrapper of its body (``functools.wraps`` sets
    ``__wrapped__``), so each gets the symbol rules, τ ≤ ζ and the overflow rule."""
    from mines_theory.theory.bounds import appendix, corrected, section3, section5

    public = {
        name: getattr(m, name)
        for m in (section3, section5, appendix, corrected)
        for name in m.__all__
    }
    functions = [f for f in public.values() if callable(f) and not isinstance(f, type)]
    assert len(functions) == 45
    unchecked = [f.__name__ for f in functions if not hasattr(f, "__wrapped__")]
    assert not unchecked


def test_non_finite_by_design_is_what_the_declarations_say():
    assert NON_FINITE_BY_DESIGN == {
        "local_region_threshold",
        "nab_f_threshold",
        "alpha_condition",
        "lemma53_constants",
        "local_region_threshold_corrected",
        "lemma53_constants_corrected",
        "theorem54_bounds_corrected",
    }


def test_checked_converts_symbols_and_leaves_other_arguments_alone():
    """Counts arrive as ``int`` and scalars as ``float`` (a NumPy scalar would overflow into a
    RuntimeWarning instead of an OverflowError); an argument without a rule is passed as is."""

    @checked
    def types(*, d, alpha, label):
        return type(d), type(alpha), label

    assert types(d=np.int64(3), alpha=np.float32(0.5), label=[1]) == (int, float, [1])
    with pytest.raises(ValueError, match="d must be an integer >= 1, got 2.5"):
        types(d=2.5, alpha=1.0, label=None)


def test_checked_requires_tau_at_most_zeta_and_names_an_overflow():
    @checked
    def product(*, tau, zeta):
        return tau * zeta

    assert product(tau=1, zeta=2) == 2.0
    with pytest.raises(ValueError, match="tau must be <= zeta, got tau = 3.0 > zeta = 2.0"):
        product(tau=3.0, zeta=2.0)
    with pytest.raises(FloatingPointError, match=r"product is not finite at tau=2.0, zeta=1e\+308"):
        product(tau=2.0, zeta=1e308)


def test_checked_names_the_outer_bound_when_one_it_uses_overflows():
    """Theorem 3.2 (prop:close) with Σ = 10³⁰⁰I: E‖Σ^{1/2}u‖³ overflows inside φ; the error names
    ``theorem32_bounds`` and its arguments as well as the inner bound."""
    with pytest.raises(
        FloatingPointError,
        match=r"(?s)^theorem32_bounds at .*alpha=0\.1: phi at .*"
        r"expected_cubed_norm overflows",
    ):
        theorem32_bounds(f_mu=0.0, sigma_matrix=1e300 * np.eye(2), L=1.0, gamma=1.0, alpha=0.1)
    with pytest.raises(FloatingPointError, match="theorem33_bounds overflowed"):
        theorem33_bounds(d=2, L=1.0, sigma=1.0, gamma=1.0, tau=1.0, zeta=2.0, alpha=1e120)


# ---------------------------------------------------------------------------------------------
# Shared by-hand constants
# ---------------------------------------------------------------------------------------------


E2 = math.exp(-2.0)  # δ with log(1/δ) = 2: c₃ = 16 for d = 5


def _c(d, b, delta):
    c1 = (np.sqrt(d) + np.sqrt(b) + np.sqrt(2 * np.log(2 / delta))) ** 2
    return c1, b - 2 * np.sqrt(b * np.log(1 / delta)), 2 * d + 3 * np.log(1 / delta)


def _c1(d, b, delta):
    """eq:c1 written out: (√d + √b + √(2 log(2/δ)))²."""
    return (math.sqrt(d) + math.sqrt(b) + math.sqrt(2 * math.log(2 / delta))) ** 2


def _chi_moment3(d, scale):
    """E‖√scale·u‖³ for u ~ N(0, I_d): scale^{3/2}·2^{3/2}Γ((d+3)/2)/Γ(d/2) (chi moments)."""
    return scale**1.5 * 2**1.5 * scipy.special.gamma((d + 3) / 2) / scipy.special.gamma(d / 2)


# ---------------------------------------------------------------------------------------------
# Values by hand: the printed formulas with numbers substituted
#
# Every expected value is worked out by hand from the formula printed in the docstring, with
# numbers substituted. The arguments avoid the values at which a wrong exponent or factor
# could not show: no 1 where x**k ↔ x**(k+1), no 2 where x**2 ↔ x*2, no equal arguments, and
# every term of a sum and both sides of a min/max are made to matter. Two choices keep the
# constants of eq:c1 simple: d = 5, δ = e⁻² gives c₃ = 16 (c₃^{3/2} = 64, c₃³ = 4096,
# c₃⁴ = 65536); the radius of eq:G_norm, r = 2d + 2 log(1/δ), is 24 for d = 9, δ = e⁻³.
# ---------------------------------------------------------------------------------------------


def test_c_constants_by_hand_at_b_equal_d():
    # d = b = 4, δ = e^{-1}: c1 = (2 + 2 + √(2(1 + ln 2)))², c2 = 4 − 2·√4 = 0, c3 = 8 + 3 = 11.
    c = c_constants(d=4, b=4, delta=math.exp(-1))
    assert c.c1 == pytest.approx((4 + math.sqrt(2 * (1 + math.log(2)))) ** 2, rel=1e-14)
    assert c.c2 == pytest.approx(0.0, abs=1e-14) and c.c3 == pytest.approx(11.0)
    assert not c.valid  # c2 = 0: Lemma 5.1's contraction factor is 1, the bound is vacuous


def test_theorem32_by_hand():
    # d = 1, Σ = 4, L = 2, γ = 6, α = 0.5, f(μ) = 1: φ = 6/6 · 8 · 2√(2/π); R = −0.125 log 4
    lower, upper = theorem32_bounds(f_mu=1.0, sigma_matrix=[[4.0]], L=2.0, gamma=6.0, alpha=0.5)
    phi_value = 8 * 2 * np.sqrt(2 / np.pi)
    spread = 2 * 0.25 / 2 * 4 + 0.125 * phi_value
    R = -0.125 * np.log(4)
    assert lower == pytest.approx(1 - spread + R, rel=1e-7)
    assert upper == pytest.approx(1 + spread + R, rel=1e-7)


def test_theorem33_and_34_by_hand():
    kw = dict(d=2, L=3.0, sigma=0.5, gamma=2.0, tau=0.25, zeta=4.0)
    b = theorem33_bounds(alpha=0.1, **kw)
    gap = 2 * 3 * 0.01 / 0.25 + 2 * 0.001 * 5**1.5 / (3 * 0.125) + 2 * 0.01 / 2 * (4 - 0.25)
    assert b.f_gap == pytest.approx(gap) and b.distance_sq == pytest.approx(2 * gap / 0.5)
    corrected = theorem33_bounds_corrected(alpha=0.1, **kw)
    assert corrected.f_gap == pytest.approx(gap - 0.01 * 3.75 + 0.01 * np.log(16))
    c = 7**2.5 + 2 * 5**1.5
    assert alpha_condition(d=2, sigma=0.5, gamma=2.0, tau=0.25, zeta=4.0) == pytest.approx(
        3 * 0.125 * 0.5 / (2 * 4) / c
    )
    t = theorem34_bounds(alpha=0.1, **kw)
    first = 0.1 * 2 * 4 / (3 * 0.125 * 0.25) * c
    assert t.sigma_hat == pytest.approx(first)
    assert t.sigma_diff == pytest.approx(2 * first + 2 / 0.25 * np.sqrt(2 * gap / 0.5))
    assert not t.valid


KW3 = dict(d=2, L=3.0, sigma=0.3, gamma=2.0, tau=0.25, zeta=4.0)


def test_theorem33_corrected_distance_by_hand():
    """d = 2, L = 3, σ = 0.3, γ = 2, τ = 1/4, ζ = 4, α = 0.1:
    gap = dLα²/τ + γα³(d+3)^{3/2}/(3τ^{3/2}) + dα²/2·log(ζ/τ)
        = 0.24 + 0.002·5^{3/2}/0.375 + 0.01·log 16, and ‖μ* − μ̂*‖² ≤ 2·gap/σ."""
    gap = 0.24 + 0.002 * 5**1.5 / 0.375 + 0.01 * math.log(16.0)
    out = theorem33_bounds_corrected(alpha=0.1, **KW3)
    assert out.f_gap == pytest.approx(gap, rel=1e-12)
    assert out.distance_sq == pytest.approx(2 * gap / 0.3, rel=1e-12)


def test_theorem34_by_hand_and_valid_at_the_alpha_condition():
    """σ = 0.3 (σ = 1/2 would make γ/σ² equal γ/σ·2). c = 7^{5/2} + 2·5^{3/2};
    first = αγζ/(3τ^{3/2}σ²)·c = 0.8/(3·0.125·0.09)·c; second = 2·first + γ/σ²·√(2·gap/σ) with
    Theorem 3.3's printed gap = 0.24 + 0.002·5^{3/2}/0.375 + 0.01·(4 − 0.25).
    eq:alp_cond allows α ≤ 3τ^{3/2}σ/(γζ)/c, the bound itself included: ``valid`` is True there
    and False just above."""
    c = 7**2.5 + 2 * 5**1.5
    out = theorem34_bounds(alpha=0.1, **KW3)
    first = 0.8 / (3 * 0.125 * 0.09) * c
    gap = 0.24 + 0.002 * 5**1.5 / 0.375 + 0.01 * 3.75
    assert out.sigma_hat == pytest.approx(first, rel=1e-12)
    assert out.sigma_diff == pytest.approx(
        2 * first + 2.0 / 0.09 * math.sqrt(2 * gap / 0.3), rel=1e-12
    )
    alpha_max = 3 * 0.125 * 0.3 / (2.0 * 4.0) / c
    assert alpha_condition(**{k: v for k, v in KW3.items() if k != "L"}) == pytest.approx(
        alpha_max, rel=1e-12
    )
    bound = alpha_condition(**{k: v for k, v in KW3.items() if k != "L"})
    assert theorem34_bounds(alpha=bound, **KW3).valid is True
    assert theorem34_bounds(alpha=0.5 * bound, **KW3).valid is True
    assert theorem34_bounds(alpha=bound * (1 + 1e-12), **KW3).valid is False


def test_lemma51_and_52_rates_by_hand():
    c1, c2, c3 = _c(4, 16, 0.05)
    r = lemma51_rate(d=4, b=16, delta=0.05, L=10.0, sigma=2.0, tau=0.5, zeta=20.0)
    assert r.rate == pytest.approx(1 - c2 * 0.5 * 2.0 / (16 * c1 * 10.0 * 20.0)) and r.valid
    r2 = lemma52_rate(d=4, b=16, delta=0.05, xi=0.5, curvature=2.0)
    assert r2.rate == pytest.approx(1 - 0.5 * c2 / (8 * 2.0 * c1))
    assert not lemma52_rate(d=4, b=4, delta=0.05, xi=1.0, curvature=1.0).valid  # c2 < 0


def test_lemma51_rate_contraction_term_by_hand():
    """d = 4, b = 64, δ = e⁻⁴: c₂ = 64 − 2√(64·4) = 32. With τ = 0.5, σ = 0.8, L = 1.5, ζ = 2,
    1 − ρ = c₂τσ/(16c₁Lζ) = 12.8/(48c₁), compared on its own (ρ itself is within 2e-3 of 1,
    where a 6% change of the term would hide under a relative tolerance on ρ)."""
    r = lemma51_rate(d=4, b=64, delta=math.exp(-4.0), L=1.5, sigma=0.8, tau=0.5, zeta=2.0)
    assert 1.0 - r.rate == pytest.approx(12.8 / (48 * _c1(4, 64, math.exp(-4.0))), rel=1e-9)
    assert r.valid is True


def test_deltas_by_hand_and_zero_for_quadratics():
    c1, c2, c3 = _c(3, 8, 0.1)
    kw = dict(d=3, b=8, delta=0.1, tau=0.5, zeta=4.0, alpha=0.2)
    d1 = delta_alpha_1(L=2.0, gamma=1.5, **kw)
    assert d1 == pytest.approx(
        c3**3 * 1.5 * 8 * 0.2**4 / (288 * c1 * 2.0 * 4.0 * 0.125) * (1 + c1 * c3 / (2 * 0.5 * 4.0))
    )
    d2 = delta_alpha_2(sigma=0.3, gamma=1.5, **kw)
    expected = (
        8**1.5 * 64 * 1.5**4 * c3**6 * 0.2**6 / (256 * 81 * 0.027 * c1**3 * 0.5**6)
        + 8 * 4 * 1.5**2 * c3**4 * 0.2**4 / (288 * 0.3 * 0.125 * c1**2)
        + 8 * 1.5 * c3**3 * 0.2**4 / (288 * 0.125 * c1)
    )
    assert d2 == pytest.approx(expected)
    assert delta_alpha_1(L=2.0, gamma=0.0, **kw) == 0
    assert delta_alpha_2(sigma=0.3, gamma=0.0, **kw) == 0
    # both grow like α⁴ for small α
    assert delta_alpha_1(L=2.0, gamma=1.5, **{**kw, "alpha": 0.02}) == pytest.approx(d1 / 1e4)


def test_local_region_threshold():
    assert (
        local_region_threshold(L=2.0, sigma=0.5, gamma=0.0, tau=0.25, xi=1.0, curvature=1.0)
        == np.inf
    )
    value = local_region_threshold(L=2.0, sigma=0.5, gamma=1.0, tau=0.25, xi=1.0, curvature=1.0)
    assert value == pytest.approx(min(72 * 0.25**4 / 2.0, 0.125 / (8 * (8 + 2) ** 2)))


def test_local_region_threshold_when_the_first_term_is_the_smaller():
    """eq:cond with 𝓛 = 0.05, τ = 0.3, L = 5, γ = 1.5, σ = 0.9, ξ = 0.4:
    first = 2³·3²·𝓛⁴τ⁴/(Lγ²) = 72·0.05⁴·0.3⁴/11.25 ≈ 3.2e-7,
    second = ξ²σ³/(8γ²(L/τ + 2ξ)²) = 0.16·0.729/(18·(50/3 + 0.8)²) ≈ 2.1e-5, so the minimum is
    the first."""
    first = 72 * 0.05**4 * 0.3**4 / (5.0 * 2.25)
    second = 0.16 * 0.729 / (18.0 * (5.0 / 0.3 + 0.8) ** 2)
    assert first < second
    value = local_region_threshold(L=5.0, sigma=0.9, gamma=1.5, tau=0.3, xi=0.4, curvature=0.05)
    assert value == pytest.approx(first, rel=1e-12)


def test_lemma53_constants_by_hand():
    c1, c2, c3 = _c(2, 8, 0.1)
    kw = dict(d=2, b=8, delta=0.1, L=3.0, sigma=1.0, gamma=0.0, tau=0.5, zeta=6.0, alpha=0.1)
    kw.update(K=100, f_gap_1=5.0, initial_error_sq=7.0)
    out = lemma53_constants(**kw)
    A = 8 * np.log(1 / 0.8) + 16 * np.log(101) + 2
    assert out.A_K == pytest.approx(A)
    assert out.C1 == pytest.approx(A * 3 * (6 * A + 12) / 0.5 * np.sqrt(2 / 8 * np.log(1e4 / 0.1)))
    assert out.C2 == 0.0
    assert out.C3 == pytest.approx(
        c3**1.5 * (c3 + 1) * 6 * np.sqrt(99) / (4 * 0.5**1.5 * np.sqrt(2)) * 0.1
    )
    C4 = 2 * 9 * c3**2 * (6 * c3 + np.sqrt(2) * 6) ** 2 / (8 * 0.25) + 2 * 36 / 16
    assert out.C4 == pytest.approx(C4)
    assert out.C == pytest.approx(9 * (out.C1 + out.C3) ** 2 / 4 + 3 * C4)
    assert not out.valid  # c2 = 8 − 2√(8 ln 10) < 0
    big_b = lemma53_constants(**{**kw, "b": 20})
    assert big_b.A_K < 16 * np.log(101) + 2 and not big_b.valid  # bδ = 2 > 1


def _lemma53_by_hand(d, b, delta, L, sigma, gamma, tau, zeta, alpha, K, f_gap_1, initial_error_sq):
    """eq:C and its ingredients written out from the printed formulas (Lemmas 5.1–5.3)."""
    c1 = _c1(d, b, delta)
    c2 = b - 2 * math.sqrt(b * math.log(1 / delta))
    c3 = 2 * d + 3 * math.log(1 / delta)
    A = 8 * math.log(1 / (b * delta)) + 16 * math.log(K + 1) + d
    C1 = A * L * (zeta * A + d * zeta) / tau * math.sqrt(2 / b * math.log(K**2 / delta))
    d1 = (
        c3**3
        * gamma
        * b
        * alpha**4
        / (288 * c1 * L * zeta * tau**3)
        * (1 + c1 * c3 / (2 * tau * zeta))
    )
    d2 = (
        b**1.5 * zeta**3 * gamma**4 * c3**6 * alpha**6 / (256 * 81 * sigma**3 * c1**3 * tau**6)
        + b * zeta * gamma**2 * c3**4 * alpha**4 / (288 * sigma * tau**3 * c1**2)
        + b * gamma * c3**3 * alpha**4 / (288 * tau**3 * c1)
    )
    inner = (
        32 * c1 * L * zeta * gamma**2 / (c2 * tau * sigma**2) * (f_gap_1 + (K - 1) * max(d1, d2))
    )
    C2 = math.sqrt(inner) if inner >= 0 else math.nan
    C3 = c3**1.5 * (c3 + 1) * zeta * math.sqrt(K - 1) / (4 * tau**1.5 * math.sqrt(d)) * alpha
    C4 = 2 * L**2 * c3**2 * (c3 * zeta + math.sqrt(d) * zeta) ** 2 / (b * tau**2) + d * zeta**2 / (
        2 * b
    )
    C = max(9 * (C1 + C2 + C3) ** 2 / 4 + 3 * C4, 2 * C4 + L**2 / b, initial_error_sq)
    return A, C1, C2, C3, C4, C


#: Lemma 5.3's cases: each one the first's settings with the fields that make it its case.
_VALID = dict(d=2, b=64, delta=1 / 64, L=3.0, sigma=0.7, gamma=1.5, tau=0.5, zeta=6.0, alpha=0.3,
              K=100, f_gap_1=5.0, initial_error_sq=7.0)  # fmt: skip
_K1 = dict(_VALID, d=1, gamma=0.0, K=1, initial_error_sq=1e-9)  # K = 1 (C₃ = 0), γ = 0 (C₂ = 0)
LEMMA53_CASES = {
    # γ > 0 with c₂ > 0 and bδ = 64·(1/64) = 1 exactly (the log(1/(bδ)) term is 0): valid
    "valid_with_gamma": _VALID,
    # small L: the dζ²/(2b) term of C₄ is comparable with the first one
    "small_L": dict(
        _VALID, d=3, b=20, delta=0.05, L=0.01, gamma=0.0, zeta=0.6, K=7, initial_error_sq=1e-9
    ),
    # the initial error is the largest of the three terms of C
    "initial_error": dict(_VALID, initial_error_sq=1e30),
    # K = 1, γ = 0, τ = ζ small, L small: C₄ ≈ 1e-3 and C₁ ≈ 0.4
    "tiny_C4": dict(_K1, b=1, delta=0.5, L=1e-3, tau=0.01, zeta=0.01),
    # K = 1, γ = 0, δ close to 1 (C₁ ≈ 0): C = 3C₄ (+ 9C₁²/4) with C₄ ∝ L²
    "delta_near_one": dict(_K1, b=16, delta=1 - 1e-9, L=0.5, tau=0.3, zeta=0.3),
    "delta_near_one_small_L": dict(
        _K1, b=1, delta=0.99, L=1e-3, tau=0.01, zeta=0.01, initial_error_sq=1e-12
    ),
    "delta_near_one_large_L": dict(_K1, b=1, delta=0.999, L=1000.0, tau=0.3, zeta=0.3),
}


@pytest.mark.parametrize("case", list(LEMMA53_CASES))
def test_lemma53_constants_by_hand_in_every_regime(case):
    """A_K, C₁…C₄ and C of eq:C against the printed formulas, in regimes where each ingredient
    matters: γ > 0 (C₂ and its d₁, d₂, K − 1), small L (C₄'s dζ²/(2b)), a dominant initial
    error, and K = 1 with δ near 1 and L small or large, where C₁ ≈ 0 and a wrong second
    argument of the max (2C₄ + L²/b, which never wins for τ ≤ ζ) would win."""
    kw = LEMMA53_CASES[case]
    out = lemma53_constants(**kw)
    for got, expected in zip(out[:6], _lemma53_by_hand(**kw)):
        assert got == pytest.approx(expected, rel=1e-10, abs=1e-300)


def test_theorem54_bounds():
    kw = dict(L=10.0, sigma=1.0, gamma=0.0, tau=0.5, zeta=20.0, k=100, f_gap=1.0)
    out = theorem54_bounds(C=1e6, **kw)
    assert out.curvature == pytest.approx(10 / 0.5) and out.xi == pytest.approx(1 / 20)  # trivial
    tight = theorem54_bounds(C=1e-2, **kw)
    assert tight.curvature == pytest.approx(1 + 0.01 / 0.5)
    assert tight.xi == pytest.approx(1 - 0.01 / 0.5)


def test_theorem54_bounds_with_every_term_of_e():
    """e_k = √(C/k) + γ√(2(f(μ_k) − f*)/σ) + projection_gap = √(0.04/4) + 0.5·√(2·0.36/2) + 0.05
    = 0.1 + 0.3 + 0.05 = 0.45; τ = 0.9: e/τ = 0.5, so 𝓛 ≤ min{3/0.9, 1.5} = 1.5 and
    ξ ≥ max{2/10, 0.5} = 0.5. A negative f-gap counts as 0: e = 0.15, e/τ = 1/6."""
    kw = dict(L=3.0, sigma=2.0, gamma=0.5, tau=0.9, zeta=10.0, C=0.04, k=4)
    out = theorem54_bounds(f_gap=0.36, projection_gap=0.05, **kw)
    assert out.curvature == pytest.approx(1.5, rel=1e-12)
    assert out.xi == pytest.approx(0.5, rel=1e-12)
    below = theorem54_bounds(f_gap=-1.0, projection_gap=0.05, **kw)
    assert below.curvature == pytest.approx(1 + 0.15 / 0.9, rel=1e-12)
    assert below.xi == pytest.approx(1 - 0.15 / 0.9, rel=1e-12)


def test_nu_bounds_by_hand_and_gamma_power():
    """d = 1, δ = e⁻¹: c₃ = 5; γ = 2, α = τ = 1, b = 3: ‖ν‖² ≤ 2·3·125/36 (printed),
    4·3·125/36 (γ²)."""
    kw = dict(d=1, b=3, delta=math.exp(-1), gamma=2.0, tau=1.0, alpha=1.0)
    assert appendix.nu_bounds(**kw).nu_sq == pytest.approx(2 * 3 * 125 / 36)
    assert appendix.nu_bounds(gamma_power=2, **kw).U_nu_sq == pytest.approx(4 * 3 * 625 / 36)
    with pytest.raises(ValueError, match="gamma_power must be 1"):
        appendix.nu_bounds(gamma_power=3, **kw)


def test_nu_bounds_by_hand():
    """d = 5, δ = e⁻² (c₃ = 16), γ = 1.5, α = 0.5, τ = 0.25, b = 3:
    |ν_i| ≤ γα²c₃^{3/2}/(6τ^{3/2}) = 1.5·0.25·64/(6·0.125) = 32,
    ‖ν‖² ≤ γ b α⁴ c₃³/(36τ³) = 1.5·3·0.0625·4096/(36/64) = 2048,
    ‖Ũν‖² ≤ γ b α⁴ c₃⁴/(36τ⁴) = 1.5·3·0.0625·65536/(36/256) = 131072,
    and with γ² (gamma_power=2) the last two are 1.5 times larger."""
    kw = dict(d=5, b=3, delta=E2, gamma=1.5, tau=0.25, alpha=0.5)
    printed = nu_bounds(**kw)
    assert printed == pytest.approx((32.0, 2048.0, 131072.0), rel=1e-12)
    corrected = nu_bounds(gamma_power=2, **kw)
    assert corrected == pytest.approx((32.0, 3072.0, 196608.0), rel=1e-12)


def test_hh_and_tgm3_bounds_by_hand():
    """d = 5, δ = e⁻² (c₃ = 16), b = 3, 𝓛 = 1.7, γ = 1.5, α = 0.5, τ = 0.3:
    eq:hh  = 2𝓛c₁/b²·0.8 + 𝓛γ²α⁴c₃⁴/(18bτ³) = 2·1.7·c₁/9·0.8 + 1.7·2.25·0.0625·65536/(54·0.027),
    eq:tgm_3 = γα²c₃²/(6√b τ²) + √c₁/(b√τ)·0.9 = 1.5·0.25·256/(6√3·0.09) + √c₁/(3√0.3)·0.9."""
    c1 = _c1(5, 3, E2)
    kw = dict(d=5, b=3, delta=E2, gamma=1.5, tau=0.3, alpha=0.5)
    hh = hh_bound(curvature=1.7, projected_gradient_sq=0.8, **kw)
    assert hh == pytest.approx(
        2 * 1.7 * c1 / 9 * 0.8 + 1.7 * 2.25 * 0.0625 * 65536 / (54 * 0.027), rel=1e-12
    )
    tgm3 = tgm3_bound(projected_gradient_norm=0.9, **kw)
    assert tgm3 == pytest.approx(
        1.5 * 0.25 * 256 / (6 * math.sqrt(3) * 0.09) + math.sqrt(c1) / (3 * math.sqrt(0.3)) * 0.9,
        rel=1e-12,
    )


def test_G_norm_bound_by_hand_and_delta_one_rejected():
    """eq:G_norm with d = 9, δ = e⁻³ (r = 18 + 6 = 24, √d = 3), L = 1.5, τ = 0.25, ζ = 2.5,
    α = 0.3: 2L/τ·α²·r(ζr + √dζ) = 12·0.09·24·(60 + 7.5) = 1749.6. δ = 1 is outside (0, 1)."""
    assert G_norm_bound(
        d=9, delta=math.exp(-3.0), L=1.5, tau=0.25, zeta=2.5, alpha=0.3
    ) == pytest.approx(1749.6, rel=1e-12)
    with pytest.raises(ValueError, match=r"delta must lie in \(0, 1\), got 1.0"):
        G_norm_bound(d=9, delta=1.0, L=1.5, tau=0.25, zeta=2.5, alpha=0.3)


def test_GG_bound_and_alpha_err_coefficient_by_hand():
    """d = 5, δ = e⁻² (c₃ = 16, c₃^{3/2} = 64), ζ = 3, γ = 1.5, τ = 0.25 (τ^{3/2} = 1/8):
    eq:GG = c₃^{3/2}(c₃ + 1)ζγα/(4τ^{3/2}) = 64·17·3·1.5·0.2/0.5 = 1958.4 at α = 0.2;
    eq:alpha_err = the same at α = 1 times √(k−1)/√d = 9792·3/√5 at k = 10."""
    kw = dict(d=5, delta=E2, gamma=1.5, tau=0.25, zeta=3.0)
    assert GG_bound(alpha=0.2, **kw) == pytest.approx(1958.4, rel=1e-12)
    assert alpha_err_coefficient(k=10, **kw) == pytest.approx(9792 * 3 / math.sqrt(5), rel=1e-12)


def test_G_norm_1_and_sig2_bounds_by_hand():
    """eq:G_norm_1 with d = 5, δ = e⁻² (c₃ = 16), b = 3, L = 0.001, τ = 0.3, ζ = 0.7 (both terms
    of the same size): 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b)
    = 2e-6·256·(11.2 + 0.7√5)²/0.27 + 5·0.49/6; eq:Sig_2_bnd is twice that."""
    expected = 2e-6 * 256 * (11.2 + 0.7 * math.sqrt(5)) ** 2 / 0.27 + 5 * 0.49 / 6
    kw = dict(d=5, b=3, delta=E2, L=0.001, tau=0.3, zeta=0.7)
    assert G_norm_1_bound(**kw) == pytest.approx(expected, rel=1e-12)
    assert sig2_bound(**kw) == pytest.approx(2 * expected, rel=1e-12)


def test_chi_threshold_by_hand():
    """A_t = 8 log(1/(bδ)) + 16 log(t+1) + d with d = 5, b = 20, δ = 0.1, t = 3:
    8 log(1/2) + 16 log 4 + 5 = 24 log 2 + 5 (printed); corrected: 8 log 200 + 16 log 4 + 5."""
    assert chi_threshold(d=5, b=20, delta=0.1, t=3) == pytest.approx(
        24 * math.log(2) + 5, rel=1e-12
    )
    assert chi_threshold(d=5, b=20, delta=0.1, t=3, printed=False) == pytest.approx(
        8 * math.log(200) + 32 * math.log(2) + 5, rel=1e-12
    )


def test_sto_err_coefficient_by_hand():
    """eq:sto_err with d = 3, b = 4, δ = 0.05, L = 1.5, τ = 0.25, ζ = 3:
    A_k = 8 log(1/(bδ)) + 16 log(k+1) + d = 8 log 5 + 16 log(k+1) + 3, and the coefficient is
    A_k L(ζA_k + dζ)/(k(k−1)τ)·√((2/b) log(k²/δ)); at k = 5 and at k = 2 (the smallest k;
    k = 1 is rejected)."""

    def by_hand(k):
        A = 8 * math.log(5) + 16 * math.log(k + 1) + 3
        return A * 1.5 * (3 * A + 9) / (k * (k - 1) * 0.25) * math.sqrt(0.5 * math.log(k**2 / 0.05))

    kw = dict(d=3, b=4, delta=0.05, L=1.5, tau=0.25, zeta=3.0)
    assert sto_err_coefficient(k=5, **kw) == pytest.approx(by_hand(5), rel=1e-12)
    assert sto_err_coefficient(k=2, **kw) == pytest.approx(by_hand(2), rel=1e-12)
    with pytest.raises(ValueError, match="k must be >= 2, got 1"):
        sto_err_coefficient(k=1, **kw)


def test_dd_bound_by_hand():
    """eq:dd: 2γ²/(ρ₁σ)·(f(μ₁) − f* + (k−1)Δ) with γ = 1.5, ρ₁ = 0.2, σ = 0.3, f-gap 4, k = 6,
    Δ = 0.5: 4.5/0.06·(4 + 2.5) = 75·6.5 = 487.5."""
    assert dd_bound(
        gamma=1.5, rho1=0.2, sigma=0.3, f_gap_1=4.0, k=6, delta_alpha=0.5
    ) == pytest.approx(487.5, rel=1e-12)


# ---------------------------------------------------------------------------------------------
# Values against the paper transcribed into sympy
#
# The appendix bounds as printed, transcribed into sympy from the paper and evaluated exactly at
# non-degenerate arguments (every symbol distinct, none equal to 1), against the library's floats.
# ---------------------------------------------------------------------------------------------


S = dict(
    d=3,
    b=7,
    delta=sp.Rational(1, 20),
    L=sp.Rational(5, 2),
    tau=sp.Rational(2, 5),
    zeta=sp.Rational(9, 2),
    alpha=sp.Rational(3, 10),
    gamma=sp.Rational(7, 4),
    sigma=sp.Rational(3, 5),
    k=12,
    xi=sp.Rational(3, 4),
    curvature=sp.Rational(11, 5),
)


C1 = (sp.sqrt(S["d"]) + sp.sqrt(S["b"]) + sp.sqrt(2 * sp.log(2 / S["delta"]))) ** 2


C3 = 2 * S["d"] + 3 * sp.log(1 / S["delta"])


F = {key: float(value) for key, value in S.items()}


def _at(*symbols):
    """The keyword arguments ``symbols`` at the chosen point ``F``."""
    return {name: F[name] for name in symbols}


def _close(value, expression):
    assert value == pytest.approx(float(sp.N(expression, 30)), rel=1e-12)


def test_hh_bound_as_printed():
    """eq:hh: 2𝓛c₁/b²·‖UᵀΣ^{1/2}∇f‖² + 𝓛γ²α⁴c₃⁴/(18bτ³), with ‖UᵀΣ^{1/2}∇f‖² = 13/10."""
    d, b, L_, g, a, t = S["d"], S["b"], S["curvature"], S["gamma"], S["alpha"], S["tau"]
    P = sp.Rational(13, 10)
    _close(
        appendix.hh_bound(
            d=d,
            b=b,
            projected_gradient_sq=1.3,
            **_at("delta", "curvature", "gamma", "tau", "alpha"),
        ),
        2 * L_ * C1 / b**2 * P + L_ * g**2 * a**4 * C3**4 / (18 * b * t**3),
    )


def test_tgm3_bound_as_printed():
    """eq:tgm_3: γα²c₃²/(6√bτ²) + √c₁/(bτ^{1/2})·‖UᵀΣ^{1/2}∇f‖, with the norm 0.7."""
    d, b, g, a, t = S["d"], S["b"], S["gamma"], S["alpha"], S["tau"]
    _close(
        appendix.tgm3_bound(
            d=d, b=b, projected_gradient_norm=0.7, **_at("delta", "gamma", "tau", "alpha")
        ),
        g * a**2 * C3**2 / (6 * sp.sqrt(b) * t**2)
        + sp.sqrt(C1) / (b * sp.sqrt(t)) * sp.Rational(7, 10),
    )


def test_G_norm_bound_as_printed_with_two_log():
    """eq:G_norm: 2Lτ⁻¹α²r(ζr + √dζ) with r = 2d + 2 log(1/δ) (as printed: 2, not 3, log)."""
    d, L_, t, z, a = S["d"], S["L"], S["tau"], S["zeta"], S["alpha"]
    r = 2 * d + 2 * sp.log(1 / S["delta"])
    _close(
        appendix.G_norm_bound(
            d=d, delta=F["delta"], L=F["L"], tau=F["tau"], zeta=F["zeta"], alpha=F["alpha"]
        ),
        2 * L_ / t * a**2 * r * (z * r + sp.sqrt(d) * z),
    )


def test_GG_bound_as_printed():
    """eq:GG: c₃^{3/2}(c₃ + 1)ζγα/(4τ^{3/2})."""
    _close(
        appendix.GG_bound(
            d=S["d"],
            delta=F["delta"],
            gamma=F["gamma"],
            tau=F["tau"],
            zeta=F["zeta"],
            alpha=F["alpha"],
        ),
        C3 ** sp.Rational(3, 2)
        * (C3 + 1)
        * S["zeta"]
        * S["gamma"]
        * S["alpha"]
        / (4 * S["tau"] ** sp.Rational(3, 2)),
    )


def test_G_norm_1_and_sig2_bounds_as_printed():
    """eq:G_norm_1: 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b); eq:Sig_2_bnd: 4L²c₃²(c₃ζ + √dζ)²/(bτ²) +
    dζ²/b (each transcribed on its own)."""
    d, b, L_, t, z = S["d"], S["b"], S["L"], S["tau"], S["zeta"]
    kw = dict(d=d, b=b, delta=F["delta"], L=F["L"], tau=F["tau"], zeta=F["zeta"])
    _close(
        appendix.G_norm_1_bound(**kw),
        2 * L_**2 * C3**2 * (z * C3 + sp.sqrt(d) * z) ** 2 / (b * t**2) + d * z**2 / (2 * b),
    )
    _close(
        appendix.sig2_bound(**kw),
        4 * L_**2 * C3**2 * (C3 * z + sp.sqrt(d) * z) ** 2 / (b * t**2) + d * z**2 / b,
    )


def test_nab_f_threshold_and_local_region_as_printed():
    """eq:nab_rst: ξ²σ³/(8γ²(Lτ⁻¹ + 2ξ)²); eq:cond: min{2³3²𝓛⁴τ⁴/(Lγ²), that}, here at a 𝓛
    where each side of the min wins once."""
    xi, s_, g, L_, t = S["xi"], S["sigma"], S["gamma"], S["L"], S["tau"]
    second = xi**2 * s_**3 / (8 * g**2 * (L_ / t + 2 * xi) ** 2)
    kw = dict(L=F["L"], sigma=F["sigma"], gamma=F["gamma"], tau=F["tau"], xi=F["xi"])
    _close(nab_f_threshold(**kw), second)
    for curvature in (sp.Rational(11, 5), sp.Rational(1, 50)):
        first = 2**3 * 3**2 * curvature**4 * t**4 / (L_ * g**2)
        _close(
            section5.local_region_threshold(curvature=float(curvature), **kw), sp.Min(first, second)
        )
    assert float(2**3 * 3**2 * sp.Rational(1, 50) ** 4 * t**4 / (L_ * g**2)) < float(second)


def test_alpha_err_and_sto_err_coefficients_as_printed():
    """eq:alpha_err: c₃^{3/2}(c₃+1)ζγ√(k−1)/(4τ^{3/2}d^{1/2}); eq:sto_err:
    A_kL(ζA_k + dζ)/(k(k−1)τ)·√((2/b)log(k²/δ)) with A_k = 8 log(1/(bδ)) + 16 log(k+1) + d."""
    d, b, delta, k, t, z, L_, g = (
        S[key] for key in ("d", "b", "delta", "k", "tau", "zeta", "L", "gamma")
    )
    _close(
        appendix.alpha_err_coefficient(
            d=d, delta=F["delta"], gamma=F["gamma"], tau=F["tau"], zeta=F["zeta"], k=k
        ),
        C3 ** sp.Rational(3, 2)
        * (C3 + 1)
        * z
        * g
        * sp.sqrt(k - 1)
        / (4 * t ** sp.Rational(3, 2) * sp.sqrt(d)),
    )
    _close(
        appendix.alpha_err_coefficient(
            d=d,
            delta=F["delta"],
            gamma=F["gamma"],
            tau=F["tau"],
            zeta=F["zeta"],
            k=k,
            printed=False,
        ),
        C3 ** sp.Rational(3, 2)
        * (C3 + 1)
        * z
        * g
        * sp.sqrt(k - 1)
        * sp.sqrt(d)
        / (4 * t ** sp.Rational(3, 2)),
    )
    A = 8 * sp.log(1 / (b * delta)) + 16 * sp.log(k + 1) + d
    _close(appendix.chi_threshold(d=d, b=b, delta=F["delta"], t=k), A)
    _close(
        appendix.sto_err_coefficient(
            d=d, b=b, delta=F["delta"], L=F["L"], tau=F["tau"], zeta=F["zeta"], k=k
        ),
        A
        * L_
        * (z * A + d * z)
        / (k * (k - 1) * t)
        * sp.sqrt(sp.Rational(2, b) * sp.log(k**2 / delta)),
    )


def test_dd_bound_as_printed():
    """eq:dd: 2γ²/(ρ₁σ)·(f(μ₁) − f* + (k − 1)·max{Δ_α,1, Δ_α,2}) with ρ₁ = 1/40, f-gap 3,
    Δ = 1/100."""
    g, s_, k = S["gamma"], S["sigma"], S["k"]
    _close(
        appendix.dd_bound(
            gamma=F["gamma"], rho1=0.025, sigma=F["sigma"], f_gap_1=3.0, k=k, delta_alpha=0.01
        ),
        2 * g**2 / (sp.Rational(1, 40) * s_) * (3 + (k - 1) * sp.Rational(1, 100)),
    )


# ---------------------------------------------------------------------------------------------
# E‖Σ^{1/2}u‖³ against closed forms and Monte Carlo
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("d, scale", [(1, 1.0), (3, 1.0), (5, 7.0)])
def test_expected_cubed_norm_isotropic_closed_form(d, scale):
    """E‖√s u‖³ = s^{3/2} 2^{3/2} Γ((d+3)/2)/Γ(d/2) (chi moments)."""
    exact = scale**1.5 * 2**1.5 * scipy.special.gamma((d + 3) / 2) / scipy.special.gamma(d / 2)
    assert expected_cubed_norm(scale * np.eye(d)) == pytest.approx(exact, rel=1e-7)


def test_expected_cubed_norm_anisotropic_by_monte_carlo():
    rng = np.random.default_rng(0)
    x = np.linalg.norm(rng.standard_normal((1_000_000, 2)) * np.sqrt([0.5, 2.0]), axis=1) ** 3
    se = x.std() / np.sqrt(x.size)
    assert abs(expected_cubed_norm(np.diag([0.5, 2.0])) - x.mean()) <= 5 * se
    assert phi(np.diag([0.5, 2.0]), gamma=3.0) == pytest.approx(
        0.5 * expected_cubed_norm(np.diag([0.5, 2.0]))
    )


def test_expected_cubed_norm_of_singular_and_zero_covariances():
    """Σ may be singular (positive semi-definite): diag(0, 3) gives E|√3·u₁|³ = 3^{3/2}·2√(2/π),
    diag(0, 2, 2) gives E‖√2·(u₂, u₃)‖³ = 2^{3/2}·2^{3/2}Γ(5/2)/Γ(1) = 6√π, and Σ = 0 gives 0.
    (1e-7: the method's own error is ~1.5e-8 in effective dimension 1.)"""
    assert expected_cubed_norm(np.diag([0.0, 3.0])) == pytest.approx(
        3**1.5 * 2 * math.sqrt(2 / math.pi), rel=1e-7
    )
    assert expected_cubed_norm(np.diag([0.0, 2.0, 2.0])) == pytest.approx(
        6 * math.sqrt(math.pi), rel=1e-7
    )
    assert expected_cubed_norm(np.zeros((3, 3))) == 0.0


@pytest.mark.parametrize("scale", [1e-4, 1e4])
def test_expected_cubed_norm_small_and_large_scales(scale):
    """Σ = scale·I₃ against the chi moment, to 1e-8 (the method's own error is ~2e-9 here)."""
    assert expected_cubed_norm(scale * np.eye(3)) == pytest.approx(_chi_moment3(3, scale), rel=1e-8)


# ---------------------------------------------------------------------------------------------
# Orders in α, limits and the relations between bounds
# ---------------------------------------------------------------------------------------------


def test_section3_bounds_increase_with_alpha():
    kw = dict(d=3, L=3.0, sigma=0.5, gamma=2.0, tau=0.25, zeta=4.0)
    alphas = np.logspace(-4, 1, 20)
    for fn, field in [
        (theorem33_bounds, "f_gap"),
        (theorem33_bounds, "distance_sq"),
        (theorem34_bounds, "sigma_hat"),
        (theorem34_bounds, "sigma_diff"),
    ]:
        values = [getattr(fn(alpha=a, **kw), field) for a in alphas]
        assert np.all(np.diff(values) > 0), (fn.__name__, field)
    # orders in α: Theorem 3.3 ~ α² for small α, Theorem 3.4's first bound ∝ α
    small = [theorem33_bounds(alpha=a, **kw).f_gap for a in (1e-6, 1e-5)]
    assert small[1] / small[0] == pytest.approx(100, rel=1e-3)
    assert theorem34_bounds(alpha=2e-3, **kw).sigma_hat == pytest.approx(
        2 * theorem34_bounds(alpha=1e-3, **kw).sigma_hat
    )


def test_chi_threshold_printed_and_corrected_differ_by_16_log_b():
    """8 log(b/δ) − 8 log(1/(bδ)) = 16 log b."""
    printed = appendix.chi_threshold(d=5, b=20, delta=0.1, t=3)
    corrected = appendix.chi_threshold(d=5, b=20, delta=0.1, t=3, printed=False)
    assert corrected - printed == pytest.approx(16 * math.log(20))
    with pytest.raises(ValueError, match="b must be"):
        appendix.chi_threshold(d=5, b=0, delta=0.1, t=3)


def test_nab_f_threshold_is_the_second_part_of_the_local_region():
    kw = dict(L=10.0, sigma=1.0, gamma=3.0, tau=0.5)
    assert nab_f_threshold(xi=0.2, **kw) == pytest.approx(0.04 / (8 * 9 * (20 + 0.4) ** 2))
    assert section5.local_region_threshold(xi=0.2, curvature=1e6, **kw) == nab_f_threshold(
        xi=0.2, **kw
    )
    assert nab_f_threshold(xi=0.2, L=1.0, sigma=1.0, gamma=0.0, tau=1.0) == math.inf


def test_hh_and_tgm3_vanish_without_gradient_and_cubic_term():
    kw = dict(d=2, b=10, delta=0.1, gamma=0.0, tau=1.0, alpha=0.5)
    assert appendix.hh_bound(curvature=1.0, projected_gradient_sq=0.0, **kw) == 0.0
    assert appendix.tgm3_bound(projected_gradient_norm=0.0, **kw) == 0.0
    with pytest.raises(ValueError, match="projected_gradient_sq"):
        appendix.hh_bound(curvature=1.0, projected_gradient_sq=-1.0, **kw)


# ---------------------------------------------------------------------------------------------
# Validity flags: where a lemma claims nothing, the value comes flagged
# ---------------------------------------------------------------------------------------------


def test_c2_negative_for_small_batches_is_flagged():
    """c2 = b − 2√(b log(1/δ)) ≤ 0 ⇔ b ≤ 4 log(1/δ): for δ = 0.05, b ≤ 11.98."""
    assert not c_constants(d=10, b=11, delta=0.05).valid
    assert c_constants(d=10, b=12, delta=0.05).valid
    assert c_constants(d=10, b=1, delta=0.05).c2 < 0


def test_rates_that_round_to_one_do_not_contract():
    """``valid`` says whether ρ < 1. With τ = 1e-20 (Lemma 5.1) or ξ = 1e-20 (Lemma 5.2) the
    contraction term is ~1e-22 and ρ = 1 − 1e-22 rounds to 1.0 in binary64: ρ < 1 is false, so
    valid must be False although c₂ > 0."""
    r = lemma51_rate(d=4, b=64, delta=math.exp(-4.0), L=1.5, sigma=0.8, tau=1e-20, zeta=2.0)
    assert r.rate == 1.0 and r.valid is False
    r2 = lemma52_rate(d=4, b=64, delta=math.exp(-4.0), xi=1e-20, curvature=1.5)
    assert r2.rate == 1.0 and r2.valid is False


def test_lemma52_rate_valid_when_it_contracts():
    """c₂ = 32 > 0 (d = 4, b = 64, δ = e⁻⁴), ξ = 0.4, 𝓛 = 1.5: ρ = 1 − 0.4·32/(8·1.5·c₁) < 1 and
    valid is True."""
    r = lemma52_rate(d=4, b=64, delta=math.exp(-4.0), xi=0.4, curvature=1.5)
    assert 1.0 - r.rate == pytest.approx(12.8 / (12 * _c1(4, 64, math.exp(-4.0))), rel=1e-9)
    assert r.valid is True


#: Lemma 5.3's constants at these symbols (b and δ aside): the validity tests below.
LEMMA53_AT = dict(d=2, L=3.0, sigma=0.7, gamma=1.5, tau=0.5, zeta=6.0, alpha=0.3, K=100)
LEMMA53_AT.update(f_gap_1=5.0, initial_error_sq=7.0)


def test_lemma53_validity_flag():
    """valid ⇔ bδ ≤ 1 and c₂ > 0: b = 64, δ = 1/64 (bδ = 1 exactly, c₂ = 64 − 16√(ln 64) > 0)
    is valid; δ = 0.02 (bδ = 1.28) is not."""
    assert lemma53_constants(b=64, delta=1 / 64, **LEMMA53_AT).valid is True
    assert lemma53_constants(b=64, delta=0.02, **LEMMA53_AT).valid is False


def test_lemma53_C2_is_nan_when_c2_is_negative():
    """b = 8, δ = 0.1: c₂ = 8 − 2√(8 ln 10) ≈ −0.58 < 0, so with γ > 0 the radicand of C₂ is
    negative and C₂ is NaN (docstring), not an exception."""
    out = lemma53_constants(b=8, delta=0.1, **LEMMA53_AT)
    assert math.isnan(out.C2) and out.valid is False


# ---------------------------------------------------------------------------------------------
# The corrigendum: the repaired bounds, and where the printed ones fail
# ---------------------------------------------------------------------------------------------


def test_lemma52_rate_corrected_is_a_quarter_of_the_printed_contraction():
    printed = section5.lemma52_rate(d=10, b=20, delta=0.1, xi=0.5, curvature=2.0)
    corrected = lemma52_rate_corrected(d=10, b=20, delta=0.1, xi=0.5, curvature=2.0)
    assert 1 - corrected.rate == pytest.approx((1 - printed.rate) / 4, rel=1e-14)
    assert corrected.valid
    assert not lemma52_rate_corrected(d=10, b=9, delta=0.1, xi=1, curvature=1).valid


def test_local_region_threshold_corrected_by_hand():
    """L = τ = 𝓛 = γ = 1: the first threshold 9/2 (printed 72); the second, ξ²σ³/(8γ²(L/τ + 2ξ)²)
    = 1/(8·9) at ξ = σ = 1, is smaller and unchanged; for γ = 0 there is no threshold."""
    kw = {"L": 1.0, "sigma": 1.0, "tau": 1.0, "xi": 1.0, "curvature": 1.0}
    assert local_region_threshold_corrected(gamma=1.0, **kw) == pytest.approx(1 / 72)
    big = {**kw, "sigma": 100.0}  # second threshold 10⁶/(8·9): the first one decides
    assert local_region_threshold_corrected(gamma=1.0, **big) == pytest.approx(4.5)
    assert section5.local_region_threshold(gamma=1.0, **big) == pytest.approx(72.0)
    assert local_region_threshold_corrected(gamma=0.0, **kw) == math.inf


def test_delta_alphas_corrected_are_in_units_of_f():
    """Rescale f → s·f (L, σ, τ, ζ, γ → s·, α² → s·α², α² multiplies a quantity of units f):
    a bound on f(μ_{k+1}) − f* must scale by s. The repaired Δ_α,1 and Δ_α,2 do; the printed
    ones do not (the eq:nu erratum: γ for γ²)."""
    kw = {"d": 3, "b": 20, "delta": 0.05}
    base = {"L": 4.0, "sigma": 0.5, "tau": 0.25, "zeta": 8.0, "gamma": 3.0, "alpha": 0.2}
    s = 1000.0
    scaled = {k: (v * math.sqrt(s) if k == "alpha" else v * s) for k, v in base.items()}
    no_sigma = {k: v for k, v in base.items() if k not in ("sigma", "zeta")}
    no_sigma_scaled = {k: v for k, v in scaled.items() if k not in ("sigma", "zeta")}
    assert delta_alpha_1_corrected(**kw, **no_sigma_scaled) == pytest.approx(
        s * delta_alpha_1_corrected(**kw, **no_sigma), rel=1e-12
    )
    no_L = {k: v for k, v in base.items() if k != "L"}
    no_L_scaled = {k: v for k, v in scaled.items() if k != "L"}
    assert delta_alpha_2_corrected(**kw, **no_L_scaled) == pytest.approx(
        s * delta_alpha_2_corrected(**kw, **no_L), rel=1e-12
    )
    printed = section5.delta_alpha_2(**kw, **no_L)
    assert section5.delta_alpha_2(**kw, **no_L_scaled) != pytest.approx(s * printed, rel=1e-9)
    assert delta_alpha_2_corrected(**kw, **{**no_L, "gamma": 0.0}) == 0.0


def test_nu_bounds_corrected_covers_the_counterexample_to_the_printed_step():
    """u₂ = −u₁, ν = (x, −x): ‖Ũν‖² = 4x²‖Σ^{1/2}u₁‖², while the printed route gives
    max ν²·‖U1‖² = 0. ‖U‖²‖ν‖² = 2‖u₁‖²·2x² bounds it (the repaired step)."""
    u1 = np.array([1.0, 2.0])
    U = np.stack([u1, -u1], axis=1)
    nu = np.array([0.3, -0.3])
    assert np.sum((U @ nu) ** 2) == pytest.approx(4 * 0.09 * 5.0)
    assert np.sum((U @ np.ones(2)) ** 2) == 0.0
    assert np.sum((U @ nu) ** 2) <= np.linalg.norm(U, 2) ** 2 * np.sum(nu**2) + 1e-12
    # by hand, d = 1, b = 1, δ = 1/e (c₃ = 5), γ = 6, τ = α = 1: ‖ν‖² ≤ 36·125/36 = 125
    corrected = nu_bounds_corrected(d=1, b=1, delta=math.exp(-1), gamma=6.0, tau=1.0, alpha=1.0)
    c1 = section5.c_constants(d=1, b=1, delta=math.exp(-1)).c1
    assert corrected.nu_sq == pytest.approx(125.0) and corrected.U_nu_sq == pytest.approx(125 * c1)


def test_hh_and_tgm3_corrected_reduce_to_the_printed_gradient_part():
    """With γ = 0 (no ν) the repaired eq:hh and eq:tgm_3 are the printed ones; with γ > 0 the
    ν-part's c₃⁴ (c₃²) becomes c₁c₃³ (√c₁c₃^{3/2})."""
    kw = {"d": 4, "b": 16, "delta": 0.1, "tau": 0.5, "alpha": 0.3}
    c = section5.c_constants(d=4, b=16, delta=0.1)
    assert hh_bound_corrected(
        curvature=2.0, gamma=0.0, projected_gradient_sq=3.0, **kw
    ) == pytest.approx(appendix.hh_bound(curvature=2.0, gamma=0.0, projected_gradient_sq=3.0, **kw))
    ratio = hh_bound_corrected(
        curvature=2.0, gamma=1.0, projected_gradient_sq=0.0, **kw
    ) / appendix.hh_bound(curvature=2.0, gamma=1.0, projected_gradient_sq=0.0, **kw)
    assert ratio == pytest.approx(c.c1 / c.c3, rel=1e-12)
    ratio = tgm3_bound_corrected(
        gamma=1.0, projected_gradient_norm=0.0, **kw
    ) / appendix.tgm3_bound(gamma=1.0, projected_gradient_norm=0.0, **kw)
    assert ratio == pytest.approx(math.sqrt(c.c1 / c.c3), rel=1e-12)


def test_G_norm_1_corrected_holds_where_the_printed_bound_fails():
    """f = x²/2 (L = 1), Σ⁻¹ = 1.5 ∈ S' = [0.5, 2], so E G̃ = H − Σ⁻¹ = −0.5 (Lemma C.1) and
    ‖G̃‖² → 0.25 as b grows. At b = 4·10⁶ the printed eq:G_norm_1 is 0.139: each of 3 draws
    exceeds it (under the printed claim each would with probability ≤ δ = 0.05, all three with
    ≤ 1.3·10⁻⁴), and each lies below the repaired, b-free bound (which at b = 400 bounds all of
    200 draws too). About 4 s."""

    def f(X):
        return 0.5 * np.sum(X**2, axis=1)

    def draws(b, n, seed):
        rng = np.random.default_rng(seed)
        return np.array(
            [
                np.sum(
                    sigma_gradient(
                        f, np.zeros(1), np.array([[1.5]]), 0.1, rng.standard_normal((b, 1))
                    )
                    ** 2
                )
                for _ in range(n)
            ]
        )

    kw = {"d": 1, "delta": 0.05, "L": 1.0, "tau": 0.5, "zeta": 2.0}
    large = draws(4_000_000, 3, 5)
    assert np.all(large > appendix.G_norm_1_bound(b=4_000_000, **kw))
    assert np.all(large <= G_norm_1_bound_corrected(b=4_000_000, **kw))
    assert np.all(draws(400, 200, 6) <= G_norm_1_bound_corrected(b=400, **kw))
    assert G_norm_1_bound_corrected(b=1, **kw) == G_norm_1_bound_corrected(b=10**6, **kw)


@pytest.mark.parametrize(
    "d, b, delta, t", [(5, 20, 0.1, 3), (2, 1, 0.5, 1), (300, 20, 0.1, 3), (50, 4, 0.01, 100)]
)
def test_chi_threshold_corrected_meets_its_tail_bound(d, b, delta, t):
    """P(χ²_d ≥ A_t) ≤ δ/(b(t + 1)²) (scipy's χ² tail), for small and large d (Laurent–Massart's
    radius, one form for every d); the printed A_t fails it at d = 5, b = 20, δ = 0.1."""
    A = chi_threshold_corrected(d=d, b=b, delta=delta, t=t)
    assert scipy.stats.chi2.sf(A, d) <= delta / (b * (t + 1) ** 2)
    printed = appendix.chi_threshold(d=5, b=20, delta=0.1, t=3)
    assert scipy.stats.chi2.sf(printed, 5) > 0.1 / (20 * 16)


def test_theorem54_bounds_corrected_at_the_end_of_the_run():
    """C = 0, f(μ_k) = f*: 𝓛_k = ξ_k = 1 and the rate is the final 1 − c₂/(32c₁), a quarter of
    the printed guarantee c₂/(8c₁); a large C/k gives the trivial L/τ, σ/ζ."""
    kw = {
        "d": 10,
        "b": 20,
        "delta": 0.1,
        "L": 100.0,
        "sigma": 1.0,
        "gamma": 0.0,
        "tau": 0.5,
        "zeta": 200.0,
    }
    c = section5.c_constants(d=10, b=20, delta=0.1)
    end = theorem54_bounds_corrected(C=0.0, k=10, f_gap=0.0, **kw)
    assert (end.curvature, end.xi) == (1.0, 1.0)
    assert 1 - end.rate == pytest.approx(c.c2 / (32 * c.c1)) == end.final_rate
    assert end.threshold == math.inf
    start = theorem54_bounds_corrected(C=1e12, k=10, f_gap=0.0, **kw)
    assert (start.curvature, start.xi) == (200.0, 1 / 200.0)


# ---------------------------------------------------------------------------------------------
# Bad input: a ValueError naming the parameter
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"d": 0, "b": 1, "delta": 0.1}, "d must be"),
        ({"d": 1, "b": 1, "delta": 1.0}, "delta must lie in"),
        ({"d": 1, "b": 1, "delta": 0.0}, "delta must be"),
    ],
)
def test_c_constants_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        c_constants(**kwargs)


def test_theorem32_rejects_a_singular_covariance():
    """R(Σ) = −α²/2·log det Σ needs det Σ > 0: a singular Σ is rejected."""
    with pytest.raises(ValueError, match="sigma_matrix must be positive definite"):
        theorem32_bounds(
            f_mu=1.0, sigma_matrix=[[2.0, 0.0], [0.0, 0.0]], L=2.0, gamma=1.5, alpha=0.3
        )


@pytest.mark.parametrize(
    "constants, kw, expected",
    [
        ((1.0, 1.0, 1.0, 1.0), dict(L=2.0, b=4, initial_error_sq=0.0), 9 * 9 / 4 + 3),  # first term
        ((0.0, 0.0, 0.0, 10.0), dict(L=10.0, b=1, initial_error_sq=0.0), 2 * 10 + 100),  # second
        ((0.0, 0.0, 0.0, 0.0), dict(L=1.0, b=1, initial_error_sq=1e9), 1e9),  # ‖Σ₁⁻¹ − H*‖²
    ],
)
def test_eq_C_by_hand(constants, kw, expected):
    """eq:C's last line by hand, each of its three terms the largest once (lemma53_constants'
    C, which uses it, is checked by hand above)."""
    assert eq_C(*constants, **kw) == pytest.approx(expected, rel=1e-15)
