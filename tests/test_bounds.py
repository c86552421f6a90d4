"""Constants of eq:c1 and the step-size schedules built on them."""

import math

import numpy as np
import pytest

from mines_theory import bounds
from mines_theory.bounds import c_constants


def test_c_constants_by_hand_at_b_equal_d():
    # d = b = 4, δ = e^{-1}: c1 = (2 + 2 + √(2(1 + ln 2)))², c2 = 4 − 2·√4 = 0, c3 = 8 + 3 = 11.
    c = c_constants(d=4, b=4, delta=math.exp(-1))
    assert c.c1 == pytest.approx((4 + math.sqrt(2 * (1 + math.log(2)))) ** 2, rel=1e-14)
    assert c.c2 == pytest.approx(0.0, abs=1e-14) and c.c3 == pytest.approx(11.0)
    assert not c.valid     # c2 = 0: Lemma 5.1's contraction factor is 1, the bound is vacuous


def test_c2_negative_for_small_batches_is_flagged():
    """c2 = b − 2√(b log(1/δ)) ≤ 0 ⇔ b ≤ 4 log(1/δ): for δ = 0.05, b ≤ 11.98."""
    assert not c_constants(d=10, b=11, delta=0.05).valid
    assert c_constants(d=10, b=12, delta=0.05).valid
    assert c_constants(d=10, b=1, delta=0.05).c2 < 0


@pytest.mark.parametrize("kwargs, match", [({"d": 0, "b": 1, "delta": 0.1}, "d must be"),
                                           ({"d": 1, "b": 1, "delta": 1.0}, "delta must lie in"),
                                           ({"d": 1, "b": 1, "delta": 0.0}, "delta must be")])
def test_c_constants_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        c_constants(**kwargs)


# ---------------------------------------------------------------------------------------------
# Section 3
# ---------------------------------------------------------------------------------------------

import scipy.special  # noqa: E402

from mines_theory.bounds import (  # noqa: E402
    alpha_condition,
    expected_cubed_norm,
    phi,
    theorem32_bounds,
    theorem33_bounds,
    theorem33_bounds_corrected,
    theorem34_bounds,
)


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
    assert phi(np.diag([0.5, 2.0]), gamma=3.0) == pytest.approx(0.5 * expected_cubed_norm(np.diag([0.5, 2.0])))


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
        3 * 0.125 * 0.5 / (2 * 4) / c)
    t = theorem34_bounds(alpha=0.1, **kw)
    first = 0.1 * 2 * 4 / (3 * 0.125 * 0.25) * c
    assert t.sigma_hat == pytest.approx(first)
    assert t.sigma_diff == pytest.approx(2 * first + 2 / 0.25 * np.sqrt(2 * gap / 0.5))
    assert not t.valid


def test_section3_bounds_increase_with_alpha():
    kw = dict(d=3, L=3.0, sigma=0.5, gamma=2.0, tau=0.25, zeta=4.0)
    alphas = np.logspace(-4, 1, 20)
    for fn, field in [(theorem33_bounds, "f_gap"), (theorem33_bounds, "distance_sq"),
                      (theorem34_bounds, "sigma_hat"), (theorem34_bounds, "sigma_diff")]:
        values = [getattr(fn(alpha=a, **kw), field) for a in alphas]
        assert np.all(np.diff(values) > 0), (fn.__name__, field)
    # orders in α: Theorem 3.3 ~ α² for small α, Theorem 3.4's first bound ∝ α
    small = [theorem33_bounds(alpha=a, **kw).f_gap for a in (1e-6, 1e-5)]
    assert small[1] / small[0] == pytest.approx(100, rel=1e-3)
    assert theorem34_bounds(alpha=2e-3, **kw).sigma_hat == pytest.approx(
        2 * theorem34_bounds(alpha=1e-3, **kw).sigma_hat)


# ---------------------------------------------------------------------------------------------
# Section 5
# ---------------------------------------------------------------------------------------------

from mines_theory.bounds import (  # noqa: E402
    delta_alpha_1,
    delta_alpha_2,
    lemma51_rate,
    lemma52_rate,
    lemma53_constants,
    local_region_threshold,
    theorem54_bounds,
)


def _c(d, b, delta):
    c1 = (np.sqrt(d) + np.sqrt(b) + np.sqrt(2 * np.log(2 / delta))) ** 2
    return c1, b - 2 * np.sqrt(b * np.log(1 / delta)), 2 * d + 3 * np.log(1 / delta)


def test_lemma51_and_52_rates_by_hand():
    c1, c2, c3 = _c(4, 16, 0.05)
    r = lemma51_rate(d=4, b=16, delta=0.05, L=10.0, sigma=2.0, tau=0.5, zeta=20.0)
    assert r.rate == pytest.approx(1 - c2 * 0.5 * 2.0 / (16 * c1 * 10.0 * 20.0)) and r.valid
    r2 = lemma52_rate(d=4, b=16, delta=0.05, xi=0.5, curvature=2.0)
    assert r2.rate == pytest.approx(1 - 0.5 * c2 / (8 * 2.0 * c1))
    assert not lemma52_rate(d=4, b=4, delta=0.05, xi=1.0, curvature=1.0).valid      # c2 < 0


def test_deltas_by_hand_and_zero_for_quadratics():
    c1, c2, c3 = _c(3, 8, 0.1)
    kw = dict(d=3, b=8, delta=0.1, tau=0.5, zeta=4.0, alpha=0.2)
    d1 = delta_alpha_1(L=2.0, gamma=1.5, **kw)
    assert d1 == pytest.approx(c3**3 * 1.5 * 8 * 0.2**4 / (288 * c1 * 2.0 * 4.0 * 0.125)
                               * (1 + c1 * c3 / (2 * 0.5 * 4.0)))
    d2 = delta_alpha_2(sigma=0.3, gamma=1.5, **kw)
    expected = (8**1.5 * 64 * 1.5**4 * c3**6 * 0.2**6 / (256 * 81 * 0.027 * c1**3 * 0.5**6)
                + 8 * 4 * 1.5**2 * c3**4 * 0.2**4 / (288 * 0.3 * 0.125 * c1**2)
                + 8 * 1.5 * c3**3 * 0.2**4 / (288 * 0.125 * c1))
    assert d2 == pytest.approx(expected)
    assert delta_alpha_1(L=2.0, gamma=0.0, **kw) == 0 and delta_alpha_2(sigma=0.3, gamma=0.0, **kw) == 0
    # both grow like α⁴ for small α
    assert delta_alpha_1(L=2.0, gamma=1.5, **{**kw, "alpha": 0.02}) == pytest.approx(d1 / 1e4)


def test_local_region_threshold():
    assert local_region_threshold(L=2.0, sigma=0.5, gamma=0.0, tau=0.25, xi=1.0, curvature=1.0) == np.inf
    value = local_region_threshold(L=2.0, sigma=0.5, gamma=1.0, tau=0.25, xi=1.0, curvature=1.0)
    assert value == pytest.approx(min(72 * 0.25**4 / 2.0, 0.125 / (8 * (8 + 2) ** 2)))


def test_lemma53_constants_by_hand():
    c1, c2, c3 = _c(2, 8, 0.1)
    out = lemma53_constants(d=2, b=8, delta=0.1, L=3.0, sigma=1.0, gamma=0.0, tau=0.5, zeta=6.0,
                            alpha=0.1, K=100, f_gap_1=5.0, initial_error_sq=7.0)
    A = 8 * np.log(1 / 0.8) + 16 * np.log(101) + 2
    assert out.A_K == pytest.approx(A)
    assert out.C1 == pytest.approx(A * 3 * (6 * A + 12) / 0.5 * np.sqrt(2 / 8 * np.log(1e4 / 0.1)))
    assert out.C2 == 0.0
    assert out.C3 == pytest.approx(c3**1.5 * (c3 + 1) * 6 * np.sqrt(99) / (4 * 0.5**1.5 * np.sqrt(2)) * 0.1)
    C4 = 2 * 9 * c3**2 * (6 * c3 + np.sqrt(2) * 6) ** 2 / (8 * 0.25) + 2 * 36 / 16
    assert out.C4 == pytest.approx(C4)
    assert out.C == pytest.approx(9 * (out.C1 + out.C3) ** 2 / 4 + 3 * C4)
    assert not out.valid                                 # c2 = 8 − 2√(8 ln 10) < 0
    big_b = lemma53_constants(d=2, b=20, delta=0.1, L=3.0, sigma=1.0, gamma=0.0, tau=0.5,
                              zeta=6.0, alpha=0.1, K=100, f_gap_1=5.0, initial_error_sq=7.0)
    assert big_b.A_K < 16 * np.log(101) + 2 and not big_b.valid      # bδ = 2 > 1


def test_theorem54_bounds():
    out = theorem54_bounds(L=10.0, sigma=1.0, gamma=0.0, tau=0.5, zeta=20.0, C=1e6, k=100, f_gap=1.0)
    assert out.curvature == pytest.approx(10 / 0.5) and out.xi == pytest.approx(1 / 20)   # trivial
    tight = theorem54_bounds(L=10.0, sigma=1.0, gamma=0.0, tau=0.5, zeta=20.0, C=1e-2, k=100, f_gap=1.0)
    assert tight.curvature == pytest.approx(1 + 0.01 / 0.5) and tight.xi == pytest.approx(1 - 0.01 / 0.5)


# ---------------------------------------------------------------------------------------------
# Appendices D and E
# ---------------------------------------------------------------------------------------------

def test_nu_bounds_by_hand_and_gamma_power():
    """d = 1, δ = e⁻¹: c₃ = 5; γ = 2, α = τ = 1, b = 3: ‖ν‖² ≤ 2·3·125/36 (printed), 4·3·125/36 (γ²)."""
    kw = dict(d=1, b=3, delta=math.exp(-1), gamma=2.0, tau=1.0, alpha=1.0)
    assert bounds.nu_bounds(**kw).nu_sq == pytest.approx(2 * 3 * 125 / 36)
    assert bounds.nu_bounds(gamma_power=2, **kw).U_nu_sq == pytest.approx(4 * 3 * 625 / 36)
    with pytest.raises(ValueError, match="gamma_power must be 1"):
        bounds.nu_bounds(gamma_power=3, **kw)


def test_chi_threshold_printed_and_corrected_differ_by_16_log_b():
    """8 log(b/δ) − 8 log(1/(bδ)) = 16 log b."""
    printed = bounds.chi_threshold(d=5, b=20, delta=0.1, t=3)
    corrected = bounds.chi_threshold(d=5, b=20, delta=0.1, t=3, printed=False)
    assert corrected - printed == pytest.approx(16 * math.log(20))
    with pytest.raises(ValueError, match="b must be"):
        bounds.chi_threshold(d=5, b=0, delta=0.1, t=3)


def test_nab_f_threshold_is_the_second_part_of_the_local_region():
    kw = dict(L=10.0, sigma=1.0, gamma=3.0, tau=0.5)
    assert bounds.nab_f_threshold(xi=0.2, **kw) == pytest.approx(0.04 / (8 * 9 * (20 + 0.4) ** 2))
    assert bounds.local_region_threshold(xi=0.2, curvature=1e6, **kw) == bounds.nab_f_threshold(xi=0.2, **kw)
    assert bounds.nab_f_threshold(xi=0.2, L=1.0, sigma=1.0, gamma=0.0, tau=1.0) == math.inf


def test_hh_and_tgm3_vanish_without_gradient_and_cubic_term():
    kw = dict(d=2, b=10, delta=0.1, gamma=0.0, tau=1.0, alpha=0.5)
    assert bounds.hh_bound(curvature=1.0, projected_gradient_sq=0.0, **kw) == 0.0
    assert bounds.tgm3_bound(projected_gradient_norm=0.0, **kw) == 0.0
    with pytest.raises(ValueError, match="projected_gradient_sq"):
        bounds.hh_bound(curvature=1.0, projected_gradient_sq=-1.0, **kw)


# The appendix bounds as printed, transcribed into sympy from the paper and evaluated exactly at
# non-degenerate arguments (every symbol distinct, none equal to 1), against the library's floats.
import sympy as sp  # noqa: E402

S = dict(d=3, b=7, delta=sp.Rational(1, 20), L=sp.Rational(5, 2), tau=sp.Rational(2, 5),
         zeta=sp.Rational(9, 2), alpha=sp.Rational(3, 10), gamma=sp.Rational(7, 4),
         sigma=sp.Rational(3, 5), k=12, xi=sp.Rational(3, 4), curvature=sp.Rational(11, 5))
C1 = (sp.sqrt(S["d"]) + sp.sqrt(S["b"]) + sp.sqrt(2 * sp.log(2 / S["delta"]))) ** 2
C3 = 2 * S["d"] + 3 * sp.log(1 / S["delta"])
F = {key: float(value) for key, value in S.items()}


def _close(value, expression):
    assert value == pytest.approx(float(sp.N(expression, 30)), rel=1e-12)


def test_hh_bound_as_printed():
    """eq:hh: 2𝓛c₁/b²·‖UᵀΣ^{1/2}∇f‖² + 𝓛γ²α⁴c₃⁴/(18bτ³), with ‖UᵀΣ^{1/2}∇f‖² = 13/10."""
    d, b, L_, g, a, t = S["d"], S["b"], S["curvature"], S["gamma"], S["alpha"], S["tau"]
    P = sp.Rational(13, 10)
    _close(bounds.hh_bound(d=d, b=b, delta=F["delta"], curvature=F["curvature"], gamma=F["gamma"],
                           tau=F["tau"], alpha=F["alpha"], projected_gradient_sq=1.3),
           2 * L_ * C1 / b**2 * P + L_ * g**2 * a**4 * C3**4 / (18 * b * t**3))


def test_tgm3_bound_as_printed():
    """eq:tgm_3: γα²c₃²/(6√bτ²) + √c₁/(bτ^{1/2})·‖UᵀΣ^{1/2}∇f‖, with the norm 0.7."""
    d, b, g, a, t = S["d"], S["b"], S["gamma"], S["alpha"], S["tau"]
    _close(bounds.tgm3_bound(d=d, b=b, delta=F["delta"], gamma=F["gamma"], tau=F["tau"],
                             alpha=F["alpha"], projected_gradient_norm=0.7),
           g * a**2 * C3**2 / (6 * sp.sqrt(b) * t**2)
           + sp.sqrt(C1) / (b * sp.sqrt(t)) * sp.Rational(7, 10))


def test_G_norm_bound_as_printed_with_two_log():
    """eq:G_norm: 2Lτ⁻¹α²r(ζr + √dζ) with r = 2d + 2 log(1/δ) (as printed: 2, not 3, log)."""
    d, L_, t, z, a = S["d"], S["L"], S["tau"], S["zeta"], S["alpha"]
    r = 2 * d + 2 * sp.log(1 / S["delta"])
    _close(bounds.G_norm_bound(d=d, delta=F["delta"], L=F["L"], tau=F["tau"], zeta=F["zeta"],
                               alpha=F["alpha"]), 2 * L_ / t * a**2 * r * (z * r + sp.sqrt(d) * z))


def test_GG_bound_as_printed():
    """eq:GG: c₃^{3/2}(c₃ + 1)ζγα/(4τ^{3/2})."""
    _close(bounds.GG_bound(d=S["d"], delta=F["delta"], gamma=F["gamma"], tau=F["tau"],
                           zeta=F["zeta"], alpha=F["alpha"]),
           C3**sp.Rational(3, 2) * (C3 + 1) * S["zeta"] * S["gamma"] * S["alpha"]
           / (4 * S["tau"] ** sp.Rational(3, 2)))


def test_G_norm_1_and_sig2_bounds_as_printed():
    """eq:G_norm_1: 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b); eq:Sig_2_bnd: 4L²c₃²(c₃ζ + √dζ)²/(bτ²) +
    dζ²/b (each transcribed on its own)."""
    d, b, L_, t, z = S["d"], S["b"], S["L"], S["tau"], S["zeta"]
    kw = dict(d=d, b=b, delta=F["delta"], L=F["L"], tau=F["tau"], zeta=F["zeta"])
    _close(bounds.G_norm_1_bound(**kw),
           2 * L_**2 * C3**2 * (z * C3 + sp.sqrt(d) * z) ** 2 / (b * t**2) + d * z**2 / (2 * b))
    _close(bounds.sig2_bound(**kw),
           4 * L_**2 * C3**2 * (C3 * z + sp.sqrt(d) * z) ** 2 / (b * t**2) + d * z**2 / b)


def test_nab_f_threshold_and_local_region_as_printed():
    """eq:nab_rst: ξ²σ³/(8γ²(Lτ⁻¹ + 2ξ)²); eq:cond: min{2³3²𝓛⁴τ⁴/(Lγ²), that}, here at a 𝓛
    where each side of the min wins once."""
    xi, s_, g, L_, t = S["xi"], S["sigma"], S["gamma"], S["L"], S["tau"]
    second = xi**2 * s_**3 / (8 * g**2 * (L_ / t + 2 * xi) ** 2)
    kw = dict(L=F["L"], sigma=F["sigma"], gamma=F["gamma"], tau=F["tau"], xi=F["xi"])
    _close(bounds.nab_f_threshold(**kw), second)
    for curvature in (sp.Rational(11, 5), sp.Rational(1, 50)):
        first = 2**3 * 3**2 * curvature**4 * t**4 / (L_ * g**2)
        _close(bounds.local_region_threshold(curvature=float(curvature), **kw), sp.Min(first, second))
    assert float(2**3 * 3**2 * sp.Rational(1, 50) ** 4 * t**4 / (L_ * g**2)) < float(second)


def test_alpha_err_and_sto_err_coefficients_as_printed():
    """eq:alpha_err: c₃^{3/2}(c₃+1)ζγ√(k−1)/(4τ^{3/2}d^{1/2}); eq:sto_err:
    A_kL(ζA_k + dζ)/(k(k−1)τ)·√((2/b)log(k²/δ)) with A_k = 8 log(1/(bδ)) + 16 log(k+1) + d."""
    d, b, delta, k, t, z, L_, g = (S[key] for key in ("d", "b", "delta", "k", "tau", "zeta", "L", "gamma"))
    _close(bounds.alpha_err_coefficient(d=d, delta=F["delta"], gamma=F["gamma"], tau=F["tau"],
                                        zeta=F["zeta"], k=k),
           C3**sp.Rational(3, 2) * (C3 + 1) * z * g * sp.sqrt(k - 1)
           / (4 * t**sp.Rational(3, 2) * sp.sqrt(d)))
    _close(bounds.alpha_err_coefficient(d=d, delta=F["delta"], gamma=F["gamma"], tau=F["tau"],
                                        zeta=F["zeta"], k=k, printed=False),
           C3**sp.Rational(3, 2) * (C3 + 1) * z * g * sp.sqrt(k - 1) * sp.sqrt(d)
           / (4 * t**sp.Rational(3, 2)))
    A = 8 * sp.log(1 / (b * delta)) + 16 * sp.log(k + 1) + d
    _close(bounds.chi_threshold(d=d, b=b, delta=F["delta"], t=k), A)
    _close(bounds.sto_err_coefficient(d=d, b=b, delta=F["delta"], L=F["L"], tau=F["tau"],
                                      zeta=F["zeta"], k=k),
           A * L_ * (z * A + d * z) / (k * (k - 1) * t) * sp.sqrt(sp.Rational(2, b) * sp.log(k**2 / delta)))


def test_dd_bound_as_printed():
    """eq:dd: 2γ²/(ρ₁σ)·(f(μ₁) − f* + (k − 1)·max{Δ_α,1, Δ_α,2}) with ρ₁ = 1/40, f-gap 3, Δ = 1/100."""
    g, s_, k = S["gamma"], S["sigma"], S["k"]
    _close(bounds.dd_bound(gamma=F["gamma"], rho1=0.025, sigma=F["sigma"], f_gap_1=3.0, k=k,
                           delta_alpha=0.01),
           2 * g**2 / (sp.Rational(1, 40) * s_) * (3 + (k - 1) * sp.Rational(1, 100)))
