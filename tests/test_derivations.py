"""Symbolic derivations: each identity simplifies to zero, and the lambdified formula agrees
with the numeric code where there is one."""

import numpy as np
import pytest
import sympy as sp
from sympy.physics.quantum import TensorProduct

from mines_theory.theory.derivations import nes as derivation_nes
from mines_theory.theory.derivations import repairs as derivation_repairs
from mines_theory.linalg.spd import project_eigenvalues
from mines_theory.theory.derivations.repairs import (
    SECTION5_SYMBOLS,
    lemma52_repair,
    lemma53_repair,
    lemma51_repair,
)
from mines_theory.theory.derivations.nes import (
    score_mean,
    paper_score_covariance,
    score_covariance,
    fisher_matrix,
    paper_fisher_matrix,
    natural_gradient_vech,
    symmetric_matrix_symbol,
    general_matrix_symbol,
    quadratic_smoothing,
    regularized_gradient,
    antithetic_identity_1d,
    mirror_step,
    lemma_c1_symbolic,
    second_moment_1d,
    MAX_SIZE,
    bregman_divergence,
    paper_bregman_divergence,
    duplication_matrix,
    gaussian_expectation,
    log_likelihood,
    commutation_matrix,
)
from mines_theory.theory.bounds.section5 import c_constants, nab_f_threshold
from mines_theory.theory.bounds.corrected import (
    local_region_threshold_corrected,
    Y_SUM,
    delta_alpha_1_corrected,
    delta_alpha_2_corrected,
    lemma52_rate_corrected,
)

#: Every public function of the derivations' modules by name.
DERIVATIONS = {
    name: getattr(m, name) for m in (derivation_nes, derivation_repairs) for name in m.__all__
}


def zero(M):
    return sp.simplify(M) == sp.zeros(*M.shape)


def test_score_mean_is_eq_nab_mu():
    g, printed = score_mean(2)
    assert zero(g - printed)


def test_score_covariance_conventions():
    """eq:nab_Sig is the unconstrained derivative; the symmetric one is 2·(it) − diag(it)."""
    printed = paper_score_covariance(2)
    assert zero(score_covariance(2, "unconstrained") - printed)
    symmetric = score_covariance(2, "symmetric")
    assert zero(symmetric - (2 * printed - sp.diag(printed[0, 0], printed[1, 1])))
    assert not zero(symmetric - printed)
    with pytest.raises(ValueError, match="convention must be"):
        score_covariance(2, "other")


def test_fisher_matrix_and_what_is_printed():
    F, Sbar = fisher_matrix(2)
    Si = Sbar.inv()
    closed = sp.diag(Si, TensorProduct(Si, Si) * (sp.eye(4) + commutation_matrix(2)) / 4)
    assert zero(F - closed)
    printed = paper_fisher_matrix(Sbar)
    assert not zero(F - printed)  # as a 6×6 matrix
    D = sp.diag(sp.eye(2), duplication_matrix(2))
    assert zero((F - printed) * D)  # on symmetric directions
    assert F[2:, 2:].rank() == 3  # singular in vec coordinates


def test_natural_gradient_eq_nat_grad():
    natural, printed = natural_gradient_vech(2)
    assert zero(natural - printed)


def test_duplication_and_commutation():
    S = symmetric_matrix_symbol("s", 3)
    vec = sp.Matrix([S[i, j] for j in range(3) for i in range(3)])
    vech = sp.Matrix([S[i, j] for j in range(3) for i in range(j, 3)])
    assert zero(duplication_matrix(3) * vech - vec)
    M = general_matrix_symbol("m", 3)
    vecM = sp.Matrix([M[i, j] for j in range(3) for i in range(3)])
    vecMt = sp.Matrix([M[j, i] for j in range(3) for i in range(3)])
    assert zero(commutation_matrix(3) * vecM - vecMt)


def test_quadratic_smoothing_eq_J_quad():
    J, printed = quadratic_smoothing(2)
    assert sp.simplify(J - printed) == 0


def test_regularized_gradient_conventions():
    grad, printed, S, H = regularized_gradient(2, "unconstrained")
    assert zero(grad - printed)
    sym, _, _, _ = regularized_gradient(2, "symmetric")
    D = printed
    assert zero(sym - (2 * D - sp.diag(D[0, 0], D[1, 1])))
    # both vanish exactly at Σ = H⁻¹
    at_inverse = {S[i, j]: H.inv()[i, j] for i in range(2) for j in range(2)}
    assert zero(sym.subs(at_inverse)) and zero(grad.subs(at_inverse))


def test_antithetic_identity():
    lhs, rhs = antithetic_identity_1d(6)
    assert sp.simplify(lhs - rhs) == 0


def test_bregman_divergence_closed_form_and_sign():
    alpha = sp.Symbol("alpha", positive=True)
    S1, S2 = symmetric_matrix_symbol("a", 2), symmetric_matrix_symbol("b", 2)
    difference = bregman_divergence(S1, S2, alpha) - paper_bregman_divergence(S1, S2, alpha)
    # log det(Σ1Σ2⁻¹) = log det Σ1 − log det Σ2 (determinants of positive definite matrices)
    assert sp.simplify(sp.expand_log(difference, force=True)) == 0
    # numeric: B_R ≥ 0 with equality iff Σ1 = Σ2
    entries = lambda S: [S[0, 0], S[0, 1], S[1, 1]]  # noqa: E731
    g = sp.lambdify([alpha, *entries(S1), *entries(S2)], bregman_divergence(S1, S2, alpha))
    f = lambda a, A, B: g(a, *entries(A), *entries(B))  # noqa: E731
    rng = np.random.default_rng(0)
    for _ in range(50):
        A, B = rng.normal(size=(2, 2, 2))
        A, B = A @ A.T + 0.1 * np.eye(2), B @ B.T + 0.1 * np.eye(2)
        assert f(0.7, A, B) >= -1e-12
        assert abs(f(0.7, A, A)) < 1e-12


def test_mirror_step_is_eq_sig_up():
    solved, printed = mirror_step(1)
    assert sp.simplify(solved - printed) == 0
    assert zero(mirror_step(2))


def test_lemma_c1_symbolic_d2():
    lhs, H = lemma_c1_symbolic(2)
    assert zero(lhs - H)


def test_second_moment_1d():
    second, shifted, variance, printed = second_moment_1d()
    h, s = sp.symbols("h s", positive=True)
    assert sp.simplify(second - printed) == 0
    assert sp.simplify(shifted - sp.Rational(39, 2) * h**2) == 0
    assert sp.simplify(variance - sp.Rational(37, 2) * h**2) == 0
    assert sp.simplify(second - sp.Rational(37, 2) * h**2 - (h - 1 / s) ** 2) == 0


def test_gaussian_expectation_matches_numeric_moments():
    w = sp.symbols("w1 w2", real=True)
    assert gaussian_expectation(w[0] ** 4 * w[1] ** 2 + w[0] * w[1], list(w)) == 3
    assert gaussian_expectation(w[0] ** 8, list(w)) == 105


def test_projection_kkt_certificate():
    """Prop. A.2's KKT construction for S' = {τI ⪯ X ⪯ ζI} (the bounds of S' in place of the
    printed τ⁻¹, ζ⁻¹): X* = A − A₁ + A₂ with A₁ = U max(Λ − ζ, 0)Uᵀ, A₂ = U max(τ − Λ, 0)Uᵀ
    satisfies A₁, A₂ ⪰ 0, A₁X* = ζA₁, A₂X* = τA₂ and equals the clipped matrix."""
    rng = np.random.default_rng(1)
    for _ in range(20):
        B = rng.normal(0, 3, (4, 4))
        A = 0.5 * (B + B.T)
        tau, zeta = 0.5, 2.0
        lam, U = np.linalg.eigh(A)
        A1 = (U * np.maximum(lam - zeta, 0)) @ U.T
        A2 = (U * np.maximum(tau - lam, 0)) @ U.T
        X = A - A1 + A2
        np.testing.assert_allclose(X, project_eigenvalues(A, tau, zeta), atol=1e-12)
        np.testing.assert_allclose(A1 @ X, zeta * A1, atol=1e-10)
        np.testing.assert_allclose(A2 @ X, tau * A2, atol=1e-10)
        assert np.linalg.eigvalsh(A1).min() >= -1e-12 and np.linalg.eigvalsh(A2).min() >= -1e-12


def _call_with_size(function, size):
    if function in ("symmetric_matrix_symbol", "general_matrix_symbol"):
        return DERIVATIONS[function]("s", size)
    return DERIVATIONS[function](size)


@pytest.mark.parametrize("function", sorted(MAX_SIZE))
def test_a_size_above_the_documented_limit_is_refused_at_once(function):
    """Issue 26: lemma_c1_symbolic(4) and mirror_step(3) ran for minutes; each function taking a
    size refuses one above MAX_SIZE with a named error (before any symbolic work)."""
    limit = MAX_SIZE[function]
    name = "degree" if function == "antithetic_identity_1d" else "d"
    with pytest.raises(
        ValueError,
        match=rf"{name} must be at most MAX_SIZE\['{function}'\] = "
        rf"{limit} for {function}, got {limit + 1}: symbolic",
    ):
        _call_with_size(function, limit + 1)
    for bad in (True, 2.0, "2", None, -1):
        with pytest.raises(ValueError, match=rf"{name} must be an integer >= "):
            _call_with_size(function, bad)


def test_the_limits_are_the_documented_ones():
    assert MAX_SIZE["mirror_step"] == 2 and MAX_SIZE["lemma_c1_symbolic"] == 3
    with pytest.raises(ValueError, match="d must be an integer >= 1, got 0"):
        score_mean(0)


def test_lemma_c1_symbolic_d1_and_d3_are_h_entry_by_entry():
    """The canonical form of each entry is the entry of H itself (d = 3 is what the ledger
    checks; ~5 s), and d = 1 is the scalar case."""
    for d in (1, 3):
        lhs, H = lemma_c1_symbolic(d)
        assert lhs == H


def test_derivations_name_bad_symbolic_input():
    w = sp.symbols("w1 w2", real=True)
    with pytest.raises(ValueError, match="expr must be a polynomial in the variables"):
        gaussian_expectation(sp.exp(w[0]), list(w))
    for expr in ("w1**2", None, True):
        with pytest.raises(ValueError, match="expr must be a sympy expression or matrix"):
            gaussian_expectation(expr, list(w))
    for variables in ([], ["w1"], "w1", [w[0], w[0]], 3):
        with pytest.raises(ValueError, match="variables must"):
            gaussian_expectation(w[0] ** 2, variables)
    assert gaussian_expectation(w[0] ** 2, w[0]) == 1  # a single symbol is fine
    S2, S3 = symmetric_matrix_symbol("a", 2), symmetric_matrix_symbol("b", 3)
    alpha = sp.Symbol("alpha", positive=True)
    for divergence in (bregman_divergence, paper_bregman_divergence):
        with pytest.raises(
            ValueError,
            match=r"S2 must be 2 x 2 like S1, got \w+ of shape "
            r"\(3, 3\)",
        ):
            divergence(S2, S3, alpha)
        with pytest.raises(ValueError, match="S1 must be a square sympy Matrix, got ndarray"):
            divergence(np.eye(2), S2, alpha)
    with pytest.raises(
        ValueError,
        match=r"Sbar must be a non-empty square sympy Matrix, got "
        r"MutableDenseMatrix of shape \(2, 3\)",
    ):
        paper_fisher_matrix(sp.zeros(2, 3))
    z, mu = sp.symbols("z1:3"), sp.symbols("mu1:4")
    with pytest.raises(
        ValueError, match="z and mu must have one length d >= 1, got lengths 2 and 3"
    ):
        log_likelihood(z, mu, S2)
    with pytest.raises(
        ValueError,
        match=r"Sbar must be 2 x 2 like z, got \w+ of shape "
        r"\(3, 3\)",
    ):
        log_likelihood(z, mu[:2], S3)
    with pytest.raises(ValueError, match="convention must be 'unconstrained' or 'symmetric'"):
        regularized_gradient(2, "other")


# ---------------------------------------------------------------------------------------------
# The corrigendum (Section 5): each derived constant equals its closed form (sympy), and the
# closed form, lambdified, equals what ``bounds.*_corrected`` evaluates
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "derivation", [name for name in derivation_repairs.__all__ if name.endswith("_repair")]
)
def test_corrigendum_derivations_simplify_to_their_closed_forms(derivation):
    """Every repair's derivation (each ``*_repair`` of ``derivations.repairs``)."""
    for name, (derived, closed) in DERIVATIONS[derivation]().items():
        assert sp.simplify(derived - closed) == 0, name


def test_corrigendum_derivations_differ_from_the_printed_constants():
    """The repairs change something: the printed coefficient, threshold and Δ_α,2 third term are
    not what the proof gives (so the closed forms above are not the printed ones in disguise)."""
    s = SECTION5_SYMBOLS
    Lk, c1, tau, L, g, b, c3, a = (
        s[k] for k in ("L_k", "c1", "tau", "L", "gamma", "b", "c3", "alpha")
    )
    fixes = lemma52_repair()
    assert sp.simplify(fixes["coefficient"][0] + 1 / (4 * Lk * c1)) != 0
    assert sp.simplify(fixes["threshold"][0] - 72 * Lk**4 * tau**4 / (L * g**2)) != 0
    printed_third = b * g * c3**3 * a**4 / (2**5 * 3**2 * tau**3 * c1)
    assert sp.simplify(fixes["delta_alpha_2"][0] - printed_third) != 0
    t, k = sp.symbols("t k", integer=True, positive=True)
    assert sp.simplify(lemma53_repair()["inner_weight"][0] - (t - 1) / (k * (k - 1))) != 0


def test_corrigendum_weights_by_hand():
    """Π_{j=3}^{4}(1 − 2/j) = (1/3)(1/2) = 1/6 = t(t − 1)/(k(k − 1)) at t = 2, k = 4."""
    weight, _ = lemma53_repair()["weight"]
    t, k = sp.symbols("t k", integer=True, positive=True)
    assert weight.subs({t: 2, k: 4}) == sp.Rational(1, 6)


def test_corrigendum_closed_forms_are_the_bounds_functions():
    """Lambdify each closed form and compare with ``bounds`` at a point where every term
    matters (γ > 0, 𝓛 < 1)."""
    s = SECTION5_SYMBOLS
    point = {"d": 3, "b": 20, "delta": 0.05}
    c = c_constants(**point)
    values = {
        s["b"]: 20,
        s["c1"]: c.c1,
        s["c2"]: c.c2,
        s["c3"]: c.c3,
        s["L"]: 4.0,
        s["sigma"]: 0.5,
        s["tau"]: 0.25,
        s["zeta"]: 8.0,
        s["gamma"]: 3.0,
        s["alpha"]: 0.2,
        s["L_k"]: 0.7,
        s["xi"]: 0.4,
    }
    value = lambda expr: float(expr.subs(values).evalf(30))  # noqa: E731
    fix51, fix52 = lemma51_repair(), lemma52_repair()
    kw = {"L": 4.0, "gamma": 3.0, "tau": 0.25, "alpha": 0.2, **point}
    assert value(fix51["delta_alpha_1"][1]) == pytest.approx(
        delta_alpha_1_corrected(**kw), rel=1e-12
    )
    assert value(fix52["delta_alpha_2"][1]) == pytest.approx(
        delta_alpha_2_corrected(sigma=0.5, zeta=8.0, gamma=3.0, tau=0.25, alpha=0.2, **point),
        rel=1e-12,
    )
    assert 1 - value(fix52["rate"][1]) == pytest.approx(
        lemma52_rate_corrected(xi=0.4, curvature=0.7, **point).rate, rel=1e-12
    )
    threshold = local_region_threshold_corrected(
        L=4.0, sigma=0.5, gamma=3.0, tau=0.25, xi=0.4, curvature=0.7
    )
    assert threshold == pytest.approx(
        min(
            value(fix52["threshold"][1]),
            nab_f_threshold(L=4.0, sigma=0.5, gamma=3.0, tau=0.25, xi=0.4),
        ),
        rel=1e-12,
    )
    assert float(lemma53_repair()["y_sum"][1]) == pytest.approx(Y_SUM, rel=1e-14)


# The package: every name of the module it was split from
