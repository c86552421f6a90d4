"""Lemma 5.3 (PDF Lemma 11, lem:Sig_dec) repaired: each constant by hand, each term of a max or
min the largest (smallest) once, the closed forms of ``derivations.repairs`` lambdified against
``bounds.corrected``, the steps attained where the derivation says they are, and the repaired
bounds outside their domain (issue 36 §3). The Monte Carlo check is
``tests/test_lemma53_montecarlo.py``."""

import math

import numpy as np
import pytest
import scipy.stats
import sympy as sp

from mines_theory.algorithm.estimators import sigma_gradient
from mines_theory.theory.bounds import section5
from mines_theory.theory.bounds.appendix import alpha_err_coefficient
from mines_theory.theory.bounds.corrected import (
    EXACT_TAIL_STEPS,
    G_norm_1_bound_corrected,
    alpha_term_constant_corrected,
    chi_threshold_corrected,
    concentration_constant_corrected,
    delta_alpha_1_corrected,
    delta_alpha_2_corrected,
    lemma51_rate_corrected,
    lemma52_rate_corrected,
    lemma53_constants_corrected,
    theorem54_bounds_corrected,
    y_term_constant_corrected,
)
from mines_theory.theory.derivations.repairs import (
    LEMMA53_SYMBOLS,
    SECTION5_SYMBOLS,
    lemma51_repair,
    lemma53_alpha_term_repair,
    lemma53_concentration_repair,
    lemma53_tail_repair,
)

S, Q = SECTION5_SYMBOLS, LEMMA53_SYMBOLS

#: A valid case where g is simple: d = 1, S' = {1} (τ = σ = L = ζ = 1, κ = 1), so
#: g(r) = min{r(r − 1), r√(r² + 1)} = r(r − 1).
ONE = {
    "d": 1,
    "b": 20,
    "delta": 0.05,
    "L": 1.0,
    "sigma": 1.0,
    "gamma": 0.5,
    "tau": 1.0,
    "zeta": 1.0,
    "alpha": 0.1,
    "K": 10,
    "f_gap_1": 0.3,
    "initial_error_sq": 0.0,
}


def chi2_tail_odd(x, k):
    """P(χ²_k > x) for odd k by hand: erfc(√(x/2)) and P(χ²_{ν+2} > x) = P(χ²_ν > x) +
    (x/2)^{ν/2}e^{−x/2}/Γ(ν/2 + 1)."""
    total, nu = math.erfc(math.sqrt(x / 2)), 1
    while nu < k:
        total += (x / 2) ** (nu / 2) * math.exp(-x / 2) / math.gamma(nu / 2 + 1)
        nu += 2
    return total


# ---------------------------------------------------------------------------------------------
# Each constant by hand
# ---------------------------------------------------------------------------------------------


def test_lemma53_constants_corrected_by_hand():
    c = lemma53_constants_corrected(**ONE)
    c3 = 2 + 3 * math.log(20)
    x = math.log(20 * 11**2 / 0.05)
    A = 1 + 2 * math.sqrt(x) + 2 * x
    log_K = math.log(100 / 0.05)
    azuma = A * (A - 1) * math.sqrt(log_K / 40)
    freedman = math.sqrt(3 * 13 * log_K / 20) + 2 / 3 * A * (A - 1) * log_K / 20
    C3 = 0.5 * 0.1 / 6 * 3 * math.sqrt(c3) * c3 * (c3 - 1)
    C4 = (c3 * (c3 - 1) / 2 + 1) ** 2
    kappa = []
    for t in range(2, 10):  # m_t = (ℓζ√d/(2τ))(2p₄ + d(p₄ − p₂)) = (3p₄ − p₂)/2 at d = 1
        At = (
            1
            + 2 * math.sqrt(math.log(20 * (t + 1) ** 2 / 0.05))
            + 2 * math.log(20 * (t + 1) ** 2 / 0.05)
        )
        kappa.append((3 * chi2_tail_odd(At, 5) - chi2_tail_odd(At, 3)) / 2)
    C5 = math.sqrt(sum(k * k for k in kappa))
    cc = section5.c_constants(d=1, b=20, delta=0.05)
    deltas = [
        delta_alpha_1_corrected(d=1, b=20, delta=0.05, L=1, gamma=0.5, tau=1, alpha=0.1),
        delta_alpha_2_corrected(
            d=1, b=20, delta=0.05, sigma=1, gamma=0.5, tau=1, zeta=1, alpha=0.1
        ),
    ]
    C2 = math.sqrt(64 * cc.c1 * 0.25 / cc.c2 * (0.3 + 9 * max(deltas)))
    assert c.A_K == pytest.approx(A, rel=1e-13)
    assert c.C1 == pytest.approx(min(azuma, freedman), rel=1e-13)
    assert c.C2 == pytest.approx(C2, rel=1e-13)
    assert c.C3 == pytest.approx(C3, rel=1e-13)
    assert c.C4 == pytest.approx(C4, rel=1e-13)
    assert c.C5 == pytest.approx(C5, rel=1e-9)
    assert c.base == 0.0  # S' = {1} = {H*}
    assert c.C == pytest.approx(9 * (c.C1 + C2 + C3 + C5) ** 2 + 3 * C4, rel=1e-13)
    assert c.failures == pytest.approx(9 * 22 + math.pi**2 / 3 - 9 / 4, rel=1e-13)
    assert c.valid


def test_y_term_closed_form_by_hand_and_above_the_exact_sum():
    """d = 2: p₂ = P(χ²₄ > A) = e^{−A/2}(1 + A/2), p₄ = P(χ²₆ > A) = e^{−A/2}(1 + A/2 + A²/8);
    at K = 3 one term, t = 2: C₅ = (ℓζ√2/(2τ))(4p₄ − 2p₂); the closed form
    ℓζ·4·A_K²δ/(2τ·2^{3/2}b)·√(π⁴/90 − 17/16) lies above it."""
    kw = {"d": 2, "b": 10, "delta": 0.1, "L": 3.0, "tau": 0.5, "zeta": 4.0, "K": 3}
    A = 2 + 2 * math.sqrt(2 * math.log(90 / 0.1)) + 2 * math.log(90 / 0.1)
    p2 = math.exp(-A / 2) * (1 + A / 2)
    p4 = math.exp(-A / 2) * (1 + A / 2 + A * A / 8)
    y = y_term_constant_corrected(**kw)
    assert y.exact == pytest.approx(3 * 4 * math.sqrt(2) / 1.0 * (4 * p4 - 2 * p2), rel=1e-12)
    A_K = chi_threshold_corrected(d=2, b=10, delta=0.1, t=3)
    closed = (
        3 * 4 * 4 * A_K**2 * 0.1 / (2 * 0.5 * 2**1.5 * 10) * math.sqrt(math.pi**4 / 90 - 17 / 16)
    )
    assert y.closed == pytest.approx(closed, rel=1e-13)
    assert y.exact < y.closed


def test_y_term_beyond_the_exact_steps_adds_the_closed_tail():
    """Past ``EXACT_TAIL_STEPS`` the sum continues in closed form: C₅ grows by less than the
    closed-form tail Σ_{t>T}(t + 1)⁻⁴ ≤ 1/(3(T + 1)³) allows, and stays below the closed form."""
    kw = {"d": 2, "b": 20, "delta": 0.1, "L": 3.0, "tau": 0.5, "zeta": 4.0}
    inside = y_term_constant_corrected(K=EXACT_TAIL_STEPS + 1, **kw)
    beyond = y_term_constant_corrected(K=10 * EXACT_TAIL_STEPS, **kw)
    assert inside.exact < beyond.exact < beyond.closed
    lead = beyond.closed / math.sqrt(math.pi**4 / 90 - 17 / 16)
    assert beyond.exact**2 - inside.exact**2 <= lead**2 / (3 * (EXACT_TAIL_STEPS + 1) ** 3) * 1.001


def test_lemma51_rate_corrected_is_twice_the_printed_contraction():
    kw = {"d": 4, "b": 64, "delta": 0.05, "L": 3.0, "sigma": 1.0, "tau": 0.5, "zeta": 6.0}
    printed, corrected = section5.lemma51_rate(**kw), lemma51_rate_corrected(**kw)
    assert 1 - corrected.rate == pytest.approx(2 * (1 - printed.rate), rel=1e-14)
    assert corrected.valid and not lemma51_rate_corrected(**{**kw, "b": 9, "delta": 0.1}).valid


# ---------------------------------------------------------------------------------------------
# Each term of a max or min the largest once
# ---------------------------------------------------------------------------------------------


def test_C1_is_azuma_for_few_directions_and_freedman_for_many():
    """Freedman's range term ∝ 1/b, Azuma's ∝ 1/√b: Azuma is smaller at b = 4, Freedman at
    b = 20 (d = 2, L = 3, τ = 0.5, ζ = 4, δ = 0.1, K = 400: 8.63·10³ against 1.06·10⁴)."""
    kw = {"d": 2, "delta": 0.1, "L": 3.0, "tau": 0.5, "zeta": 4.0, "K": 400}
    few, many = (concentration_constant_corrected(b=b, **kw) for b in (4, 20))
    assert few.value == few.azuma < few.freedman
    assert many.value == many.freedman < many.azuma
    assert many.freedman == pytest.approx(8.63e3, rel=1e-3)


def test_each_branch_of_g_is_the_smaller_once():
    """C₄ = (L·g(c₃)/2 + √dζ)²: at ζ = τ the Frobenius branch (ζ/τ)c₃√(c₃² − 2c₃ + d) is the
    smaller (and attained); at ζ/τ = 8 Kantorovich's c₃√(κ²c₃² + dζ²/τ²), κ = 81/32."""
    c3 = 4 + 3 * math.log(10)
    frobenius = c3 * math.sqrt(c3 * c3 - 2 * c3 + 2)
    same = G_norm_1_bound_corrected(d=2, b=1, delta=0.1, L=2.0, tau=1.0, zeta=1.0)
    assert same == pytest.approx((frobenius + math.sqrt(2)) ** 2, rel=1e-13)
    assert frobenius < c3 * math.sqrt(c3 * c3 + 2)
    kappa = 81 / 32
    kantorovich = c3 * math.sqrt(kappa**2 * c3 * c3 + 2 * 64)
    wide = G_norm_1_bound_corrected(d=2, b=1, delta=0.1, L=2.0, tau=0.5, zeta=4.0)
    assert wide == pytest.approx((kantorovich + 4 * math.sqrt(2)) ** 2, rel=1e-13)
    assert kantorovich < 8 * frobenius


def test_C_takes_the_initial_error_only_from_outside_S_prime():
    """C = max{9(C₁ + C₂ + C₃ + C₅)² + 3C₄, ‖Σ₁⁻¹ − H*‖²}: the first entry for any Σ₁⁻¹ ∈ S'
    (‖Σ₁⁻¹ − H*‖² ≤ d(ζ − τ)² ≤ C₄); the second for a Σ₁⁻¹ far outside. The base case
    (C ≥ 2·base, base ≤ C₄) needs no entry of its own."""
    kw = {**ONE, "tau": 0.5, "zeta": 2.0}
    inside = lemma53_constants_corrected(**{**kw, "initial_error_sq": 1 * 1.5**2})
    first = 9 * (inside.C1 + inside.C2 + inside.C3 + inside.C5) ** 2 + 3 * inside.C4
    assert inside.C == first and 2 * inside.base < inside.C
    assert lemma53_constants_corrected(**{**kw, "initial_error_sq": 2 * first}).C == 2 * first


def test_C2_max_of_the_delta_alphas_is_delta_alpha_2():
    """max{Δ_α,1, Δ_α,2} in C₂: Δ_α,2's second term is Δ_α,1·ζL/(στ) ≥ Δ_α,1 on the whole
    domain (τ ≤ ζ, σ ≤ L; ``lemma53_assembly_repair``), so Δ_α,1 is never the larger:
    C₂ = √(64c₁Lζγ²/(c₂τσ²)(f(μ₁) − f* + (K − 1)Δ_α,2)), also at ζL/(στ) = 1."""
    args = {"d": 1, "b": 20, "delta": 0.05, "gamma": 0.5, "alpha": 0.1}
    for sigma, tau, L, zeta in ((1.0, 1.0, 1.0, 1.0), (0.5, 0.2, 3.0, 6.0)):
        d1 = delta_alpha_1_corrected(L=L, tau=tau, **args)
        d2 = delta_alpha_2_corrected(sigma=sigma, zeta=zeta, tau=tau, **args)
        assert d2 > d1 * zeta * L / (sigma * tau)
        kw = {**ONE, "sigma": sigma, "tau": tau, "L": L, "zeta": zeta}
        c = section5.c_constants(d=1, b=20, delta=0.05)
        factor = 64 * c.c1 * L * zeta * 0.25 / (c.c2 * tau * sigma**2)
        C2 = lemma53_constants_corrected(**kw).C2
        assert C2 == pytest.approx(math.sqrt(factor * (0.3 + 9 * d2)), rel=1e-13)


# ---------------------------------------------------------------------------------------------
# The closed forms of ``derivations.repairs``, lambdified, against ``bounds.corrected``
# ---------------------------------------------------------------------------------------------


def test_lemma53_closed_forms_are_the_bounds_functions():
    kw = {"d": 3, "b": 40, "delta": 0.02, "L": 2.0, "tau": 0.4, "zeta": 0.4, "K": 300}
    c3 = section5.c_constants(d=3, b=40, delta=0.02).c3
    A_K = chi_threshold_corrected(d=3, b=40, delta=0.02, t=300)
    # ζ = τ: the Frobenius branch of g, A_K√(A_K² − 2A_K + d), is the smaller
    g = A_K * math.sqrt(A_K**2 - 2 * A_K + 3)
    point = {
        S["d"]: 3,
        S["b"]: 40,
        S["tau"]: 0.4,
        S["zeta"]: 0.4,
        S["gamma"]: 1.5,
        S["alpha"]: 0.05,
        S["c3"]: c3,
        S["K"]: 300,
        Q["ell"]: 2.0,
        Q["g"]: g,
        Q["A"]: A_K,
        Q["log_K"]: math.log(300**2 / 0.02),
        Q["eps"]: 0.02 / 40,
    }

    def value(expr):
        return float(sp.lambdify(list(point), expr)(*point.values()))

    martingale = lemma53_concentration_repair()
    C1 = concentration_constant_corrected(**kw)
    assert value(martingale["azuma"][1]) == pytest.approx(C1.azuma, rel=1e-12)
    assert value(martingale["freedman"][1]) == pytest.approx(C1.freedman, rel=1e-12)
    C3 = alpha_term_constant_corrected(
        d=3, delta=0.02, gamma=1.5, tau=0.4, zeta=0.4, alpha=0.05, K=300
    )
    assert value(lemma53_alpha_term_repair()["C3_first_branch"][1]) == pytest.approx(C3, rel=1e-12)
    tail = lemma53_tail_repair()
    # C₅'s closed form: κ with ε = δ/b, times √(π⁴/90 − 17/16) (ε carries (t + 1)⁻², summed)
    closed = value(tail["C5_closed"][1]) * math.sqrt(math.pi**4 / 90 - 17 / 16)
    assert closed == pytest.approx(y_term_constant_corrected(**kw).closed, rel=1e-12)
    rate = lemma51_repair()["rate"][1]
    c = section5.c_constants(d=3, b=40, delta=0.02)
    values = {S["c1"]: c.c1, S["c2"]: c.c2, S["tau"]: 0.4, S["sigma"]: 0.5, S["L"]: 2.0}
    values[S["zeta"]] = 2.5
    assert 1 - float(rate.subs(values)) == pytest.approx(
        lemma51_rate_corrected(d=3, b=40, delta=0.02, L=2.0, sigma=0.5, tau=0.4, zeta=2.5).rate,
        rel=1e-14,
    )


@pytest.mark.parametrize("d, b, delta, t", [(1, 1, 0.5, 1), (5, 20, 0.1, 3), (300, 20, 0.1, 3)])
def test_chi_threshold_corrected_is_the_laurent_massart_radius(d, b, delta, t):
    """A_t = d + 2√(dx) + 2x with x = log(b(t + 1)²/δ) (``lemma53_tail_repair``): its exact χ²
    tail (scipy) is below δ/(b(t + 1)²), and so is its Chernoff value."""
    A = chi_threshold_corrected(d=d, b=b, delta=delta, t=t)
    level = delta / (b * (t + 1) ** 2)
    assert scipy.stats.chi2.sf(A, d) <= (A / d) ** (d / 2) * math.exp(-(A - d) / 2) <= level


def test_expected_Y_is_exact_at_d1():
    """E Y = 2p₄Λ + trΛ(p₄ − p₂)I at d = 1, Λ = 1: E[u²(u² − 1)1{u² > A}] = 3p₄ − p₂,
    by numerical integration."""
    A = 3.5
    integral = (
        2
        * scipy.integrate.quad(
            lambda u: u**2 * (u**2 - 1) * math.exp(-(u**2) / 2) / math.sqrt(2 * math.pi),
            math.sqrt(A),
            np.inf,
            epsabs=0,
            epsrel=1e-13,
        )[0]
    )
    assert integral == pytest.approx(
        3 * scipy.stats.chi2.sf(A, 5) - scipy.stats.chi2.sf(A, 3), rel=1e-10
    )


# ---------------------------------------------------------------------------------------------
# The steps are attained where the derivation says: a constant 10 times smaller would be false
# ---------------------------------------------------------------------------------------------


def cubic(gamma):
    def f(X):
        x = np.asarray(X, float)
        return np.sum(x**2 / 2 + gamma * np.abs(x) ** 3 / 6, axis=-1)

    return f


def test_taylor_weight_one_sixth_is_attained():
    """f = x²/2 + γ|x|³/6 at μ = 0, Σ = 1: |q − q̂| = γα|u|³/6 exactly (the printed eq:GG has
    1/4; 1/6 is the best constant)."""
    f, gamma, alpha = cubic(2.0), 2.0, 0.3
    for u in (0.5, 1.7, 4.0):
        q = (f(np.array([alpha * u])) + f(np.array([-alpha * u])) - 2 * f(np.zeros(1))) / (
            2 * alpha**2
        )
        assert q - u * u / 2 == pytest.approx(gamma * alpha * u**3 / 6, rel=1e-12)


def test_alpha_term_per_direction_is_attained():
    """d = 1, Σ⁻¹ = τ = ζ, u² = c₃, f = x²/2 + γ|x|³/6 at μ = 0: |q − q̂|·|Σ⁻¹(u² − 1)| equals
    C₃/√(K − 1) exactly."""
    gamma, alpha, s, delta, K = 1.5, 0.2, 0.7, 0.05, 50
    c3 = 2 + 3 * math.log(1 / delta)
    u = math.sqrt(c3)
    f = cubic(gamma)
    h = alpha * u / math.sqrt(s)
    q = (f(np.array([h])) + f(np.array([-h])) - 2 * f(np.zeros(1))) / (2 * alpha**2)
    qhat = u * u / (2 * s)
    per_direction = abs(q - qhat) * s * (u * u - 1)
    C3 = alpha_term_constant_corrected(
        d=1, delta=delta, gamma=gamma, tau=s, zeta=s, alpha=alpha, K=K
    )
    assert per_direction == pytest.approx(C3 / math.sqrt(K - 1), rel=1e-12)


@pytest.mark.parametrize("d", [1, 3])
def test_G_norm_1_corrected_nearly_attained_on_the_event(d):
    """f = L‖x‖²/2, Σ⁻¹ = τI = ζI, every u_i = √c₃·e₁ (inside the event ‖u_i‖² ≤ c₃):
    ‖G̃‖² = ((Lc₃/2)(c₃ − 1) − τ)² + (d − 1)(Lc₃/2 + τ)² (``estimators.sigma_gradient``), at
    least 84% of C₄ here: C₄/10 would be false."""
    L, s, delta, b = 2.0, 0.5, 0.05, 4
    c3 = 2 * d + 3 * math.log(1 / delta)
    u = np.zeros((b, d))
    u[:, 0] = math.sqrt(c3)
    G = sigma_gradient(lambda X: L * np.sum(X**2, axis=1) / 2, np.zeros(d), s * np.eye(d), 0.1, u)
    exact = ((L * c3 / 2) * (c3 - 1) - s) ** 2 + (d - 1) * (L * c3 / 2 + s) ** 2
    assert np.sum(G**2) == pytest.approx(exact, rel=1e-9)
    C4 = G_norm_1_bound_corrected(d=d, b=b, delta=delta, L=L, tau=s, zeta=s)
    assert 0.84 * C4 < exact <= C4


def test_G_norm_1_corrected_against_the_exact_supremum_at_d1():
    """d = 1, L = 1, τ = 0.25, ζ = 0.5, δ = 0.01 (c₃ = 15.82): the exact supremum
    max{(Lc₃(c₃ − 1)/2 − τ)², (L/8 + ζ)²} = 1.367·10⁴ (``lemma_d7_repair``) lies below C₄ =
    2.02·10⁴, itself below the previous (Lc₃ζ(c₃ + √d)/(2τ) + √dζ)² = 7.10·10⁴ (5.2 times the
    supremum): C₄ is not the supremum, 1.48 times it."""
    c3 = 2 + 3 * math.log(100)
    sup = max((c3 * (c3 - 1) / 2 - 0.25) ** 2, (1 / 8 + 0.5) ** 2)
    C4 = G_norm_1_bound_corrected(d=1, b=1, delta=0.01, L=1.0, tau=0.25, zeta=0.5)
    before = (c3 * 0.5 * (c3 + 1) / 0.5 + 0.5) ** 2
    assert sup == pytest.approx(1.367e4, rel=1e-3) and C4 == pytest.approx(2.019e4, rel=1e-3)
    assert before / sup == pytest.approx(5.19, rel=1e-2) and C4 / sup == pytest.approx(
        1.48, rel=1e-2
    )


def test_alpha_term_tighter_than_the_previous_and_the_referee_form():
    """C₃ ≤ the referee's C₃′ ≤ the previous repair's c₃^{3/2}(c₃ + 1)ζγ√(K − 1)√dα/(4τ^{3/2})
    (= ``alpha_err_coefficient(printed=False)``·α), by 1.5√d(c₃ + 1)/√(c₃² + d) (2.30 at d = 2,
    δ = 0.1) and more."""
    kw = {"d": 2, "delta": 0.1, "gamma": 1.0, "tau": 0.5, "zeta": 4.0}
    c3 = 4 + 3 * math.log(10)
    C3 = alpha_term_constant_corrected(alpha=0.1, K=400, **kw)
    previous = alpha_err_coefficient(k=400, printed=False, **kw) * 0.1
    referee = c3**1.5 * 4 * 0.1 * math.sqrt(c3 * c3 + 2) * math.sqrt(399) / (6 * 0.5**1.5)
    assert previous / referee == pytest.approx(
        1.5 * math.sqrt(2) * (c3 + 1) / math.sqrt(c3 * c3 + 2)
    )
    assert previous / referee == pytest.approx(2.30, abs=0.005)
    assert C3 < referee and previous / C3 == pytest.approx(6.77, abs=0.01)
    assert alpha_term_constant_corrected(alpha=0.1, K=400, **{**kw, "gamma": 0.0}) == 0.0


# ---------------------------------------------------------------------------------------------
# Out of the domain (issue 36 §3): a flag that says False, or a ValueError naming the parameter
# ---------------------------------------------------------------------------------------------


def test_lemma52_rate_corrected_refuses_xi_above_the_curvature():
    kw = {"d": 10, "b": 20, "delta": 0.1}
    assert 0 < lemma52_rate_corrected(xi=2.0, curvature=2.0, **kw).rate < 1
    with pytest.raises(ValueError, match="xi must be <= curvature, got xi = 2.5 > curvature = 2"):
        lemma52_rate_corrected(xi=2.5, curvature=2.0, **kw)


def test_theorem54_bounds_corrected_flags_a_vacuous_rate():
    """b = 1: c₂ < 0, so the rate exceeds 1 and the final rate is negative; ``valid`` says so
    (b = 20 on the same settings: valid)."""
    kw = {"d": 2, "delta": 0.1, "L": 3.0, "sigma": 1.0, "gamma": 0.0, "tau": 0.5, "zeta": 4.0}
    bad = theorem54_bounds_corrected(b=1, C=10.0, k=5, f_gap=0.0, **kw)
    assert bad.rate > 1 and bad.final_rate < 0 and not bad.valid
    good = theorem54_bounds_corrected(b=20, C=10.0, k=5, f_gap=0.0, **kw)
    assert good.rate < 1 and good.final_rate > 0 and good.valid
    assert not theorem54_bounds_corrected(b=20, C=10.0, k=5, f_gap=0.0, **{**kw, "tau": 2.0}).valid
    with pytest.raises(ValueError, match="sigma must be <= L"):
        theorem54_bounds_corrected(b=20, C=10.0, k=5, f_gap=0.0, **{**kw, "sigma": 5.0})


@pytest.mark.parametrize("change", [{"tau": 1.5, "zeta": 2.0}, {"L": 3.0, "zeta": 2.0}, {"b": 4}])
def test_lemma53_constants_corrected_flags_unmet_hypotheses(change):
    """τ > σ or L > ζ (a Hessian may leave S', and C₃'s step needs it inside) or c₂ ≤ 0:
    ``valid`` is False; with τ ≤ σ ≤ L ≤ ζ and c₂ > 0 it is True."""
    kw = {**ONE, "tau": 0.5, "zeta": 2.0, "L": 1.5}
    assert lemma53_constants_corrected(**kw).valid
    assert not lemma53_constants_corrected(**{**kw, **change}).valid


def test_lemma53_constants_corrected_refuses_sigma_above_L():
    with pytest.raises(ValueError, match="sigma must be <= L, got sigma = 2.0 > L = 1.0"):
        lemma53_constants_corrected(**{**ONE, "sigma": 2.0, "zeta": 2.0})
