"""Symbolic derivations (sympy) behind Sections 2–4 of *Mirror Natural Evolution Strategies*.

Every function returns sympy objects that a notebook can display and a test can ``simplify``.
Gaussian expectations are taken by ``gaussian_expectation``: the expression is expanded as a
polynomial in independent standard normal symbols and each monomial is replaced by the product
of the moments that ``sympy.stats.moment`` gives for N(0, 1).

Matrix-derivative convention. For symmetric Σ there are two "gradients" of a scalar φ(Σ):
the *unconstrained* one, ∂φ/∂Σ_ij with all d² entries independent (then evaluated at a
symmetric Σ), for which ∂ log det Σ/∂Σ = Σ⁻¹ and ∂ tr(HΣ)/∂Σ = H; and the *symmetric* one, with
Σ_ij = Σ_ji a single variable, for which ∂ log det Σ/∂Σ = 2Σ⁻¹ − diag(Σ⁻¹). The paper uses the
unconstrained convention throughout (eq:nab_Sig, eq:Q_Sig, eq:Sig_up); both have the same zeros,
so the stationary points of Section 3 do not depend on the choice.

Sizes. Symbolic inverses, determinants and ``simplify`` grow much faster than the size, so each
function taking a size refuses one above ``MAX_SIZE[function]`` with a ``ValueError`` saying
so: the limit is the largest size measured to finish in ~10 s on one core of the project's
machine (the next size took from 15 s to over a minute; the notebooks and the ledger use d = 2).
"""

from __future__ import annotations

import functools
import numbers
from collections.abc import Iterable
from typing import Any

import sympy as sp
from sympy.stats import Normal, moment

__all__ = [
    "gaussian_expectation",
    "symmetric_matrix_symbol",
    "general_matrix_symbol",
    "log_likelihood",
    "score_mean",
    "score_covariance",
    "paper_score_covariance",
    "fisher_matrix",
    "paper_fisher_matrix",
    "commutation_matrix",
    "duplication_matrix",
    "natural_gradient_vech",
    "quadratic_smoothing",
    "regularized_gradient",
    "antithetic_identity_1d",
    "bregman_divergence",
    "paper_bregman_divergence",
    "mirror_step",
    "lemma_c1_symbolic",
    "second_moment_1d",
]


#: The largest size each function takes (d, or the degree for ``antithetic_identity_1d``),
#: beside the time measured at that size and at the next one, on one core.
MAX_SIZE = {
    "symmetric_matrix_symbol": 100,  # d² symbols: 1.2 s for both matrix symbols at d = 100
    "general_matrix_symbol": 100,
    "commutation_matrix": 30,  # d² x d² matrices: 0.04 s at d = 50, but d⁴ entries
    "duplication_matrix": 30,
    "score_mean": 5,  # 7.6 s; d = 6 over 60 s
    "score_covariance": 2,  # 2.5 s; d = 3: 22 s (symmetric), over 40 s (unconstrained)
    "paper_score_covariance": 5,  # 1.4 s; d = 6: 23 s
    "fisher_matrix": 2,  # 2.3 s; d = 3: 38 s
    "natural_gradient_vech": 2,  # 2.8 s; d = 3 over 40 s
    "quadratic_smoothing": 6,  # 3.3 s (it grows slowly; 6 is far beyond any use)
    "regularized_gradient": 3,  # 3.5 s; d = 4: 20 s
    "mirror_step": 2,  # d = 1 (scalars) and d = 2 (the residual): 2.4 s; 3: > 60 s
    "lemma_c1_symbolic": 3,  # 5.2 s (the ledger checks d = 2, 3); d = 4 over 2 min
    "antithetic_identity_1d": 12,  # the degree: 6.2 s; 20: 16 s
}


def _size(function: str, name: str, value, minimum: int = 1) -> int:
    """``value`` as an int in [minimum, MAX_SIZE[function]], or a ``ValueError`` naming
    ``name``, its value and the limit with its reason."""
    limit = MAX_SIZE[function]
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or int(value) < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r:.60}")
    if int(value) > limit:
        raise ValueError(
            f"{name} must be at most MAX_SIZE[{function!r}] = {limit} for "
            f"{function}, got {value!r}: symbolic simplification grows much faster "
            f"than the size (a size above the limit takes from 15 s to over a "
            f"minute)"
        )
    return int(value)


def _sympy_square(name: str, value, dim: int | None = None, like: str | None = None):
    """``value`` if it is a non-empty square sympy matrix (``dim`` x ``dim`` if given, ``like``
    naming the argument ``dim`` comes from), else a ``ValueError`` naming ``name``."""
    if not isinstance(value, sp.MatrixBase):
        raise ValueError(
            f"{name} must be a square sympy Matrix, got {type(value).__name__} {value!r:.60}"
        )
    rows, columns = value.shape
    if rows != columns or rows == 0:
        raise ValueError(
            f"{name} must be a non-empty square sympy Matrix, got "
            f"{type(value).__name__} of shape {value.shape}"
        )
    if dim is not None and rows != dim:
        raise ValueError(
            f"{name} must be {dim} x {dim}{'' if like is None else ' like ' + like}"
            f", got {type(value).__name__} of shape {value.shape}"
        )
    return value


def _symbols(name: str, value) -> list:
    """``value`` as a non-empty list of distinct sympy symbols, or a ``ValueError``."""
    if isinstance(value, sp.Symbol):
        value = [value]
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise ValueError(
            f"{name} must be a non-empty sequence of sympy Symbols, got "
            f"{type(value).__name__} {value!r:.60}"
        )
    value = list(value)
    if not value or not all(isinstance(v, sp.Symbol) for v in value):
        raise ValueError(f"{name} must be a non-empty sequence of sympy Symbols, got {value!r:.60}")
    if len(set(value)) != len(value):
        raise ValueError(
            f"{name} must hold distinct symbols (independent normals), got {value!r:.60}"
        )
    return value


@functools.lru_cache(maxsize=None)
def _normal_moment(k: int):
    return moment(Normal("w", 0, 1), k)


def gaussian_expectation(expr: Any, variables: sp.Symbol | Iterable[sp.Symbol]) -> Any:
    """E[expr] for independent standard normal ``variables`` (sympy symbols); ``expr`` must be
    a polynomial in them (coefficients may be any sympy expressions). Works entrywise on
    matrices."""
    variables = _symbols("variables", variables)
    if not isinstance(expr, (sp.Basic, sp.MatrixBase, numbers.Number)) or isinstance(expr, bool):
        raise ValueError(
            f"expr must be a sympy expression or matrix (a polynomial in the "
            f"variables), got {type(expr).__name__} {expr!r:.60}"
        )
    if isinstance(expr, sp.MatrixBase):
        return expr.applyfunc(lambda e: gaussian_expectation(e, variables))
    try:
        poly = sp.Poly(sp.expand(sp.sympify(expr)), *variables)
    except sp.PolynomialError as error:
        raise ValueError(
            f"expr must be a polynomial in the variables {variables}, got "
            f"{expr!r:.60} ({type(error).__name__})"
        ) from None
    total = 0
    for powers, coefficient in poly.terms():
        term = coefficient
        for k in powers:
            term *= _normal_moment(k)
        total += term
    return sp.simplify(total) if total != 0 else sp.Integer(0)


def _convention(convention):
    if convention not in ("unconstrained", "symmetric"):
        raise ValueError(
            f"convention must be 'unconstrained' or 'symmetric', got {convention!r:.60}"
        )


def symmetric_matrix_symbol(name: str, d: int) -> sp.Matrix:
    """A symmetric d×d matrix of symbols name_ij (i ≤ j)."""
    d = _size("symmetric_matrix_symbol", "d", d)
    return sp.Matrix(
        d, d, lambda i, j: sp.Symbol(f"{name}_{min(i, j) + 1}{max(i, j) + 1}", real=True)
    )


def general_matrix_symbol(name: str, d: int) -> sp.Matrix:
    """A d×d matrix of independent symbols name_ij."""
    d = _size("general_matrix_symbol", "d", d)
    return sp.Matrix(d, d, lambda i, j: sp.Symbol(f"{name}_{i + 1}{j + 1}", real=True))


def _symmetrize_entries(expr, M: sp.Matrix, name: str):
    """Replace the independent entries of a general matrix symbol by the symmetric ones."""
    d = M.shape[0]
    S = symmetric_matrix_symbol(name, d)
    return expr.subs({M[i, j]: S[i, j] for i in range(d) for j in range(d)})


def log_likelihood(z: Any, mu: Any, Sbar: sp.Matrix) -> sp.Expr:
    """log π(z | μ, Σ̄) of N(μ, Σ̄) (Section 2); z and μ of length d, Σ̄ a d×d sympy matrix."""
    d = len(z)
    if d == 0 or len(mu) != d:
        raise ValueError(f"z and mu must have one length d >= 1, got lengths {d} and {len(mu)}")
    _sympy_square("Sbar", Sbar, d, like="z")
    delta = sp.Matrix(z) - sp.Matrix(mu)
    return (
        -sp.Rational(d, 2) * sp.log(2 * sp.pi)
        - sp.log(Sbar.det()) / 2
        - (delta.T * Sbar.inv() * delta)[0, 0] / 2
    )


def _variables(d: int):
    z = sp.Matrix(sp.symbols(f"z1:{d + 1}", real=True))
    mu = sp.Matrix(sp.symbols(f"mu1:{d + 1}", real=True))
    return z, mu


def score_mean(d: int) -> tuple[sp.Matrix, sp.Matrix]:
    """(∇_μ log π, eq:nab_mu's Σ̄⁻¹(z − μ)) for a symmetric symbolic Σ̄ (they are equal)."""
    d = _size("score_mean", "d", d)
    z, mu = _variables(d)
    S = symmetric_matrix_symbol("S", d)
    logpi = log_likelihood(z, mu, S)
    gradient = sp.Matrix([sp.diff(logpi, m) for m in mu])
    return gradient, S.inv() * (z - mu)


def score_covariance(d: int, convention: str = "unconstrained") -> sp.Matrix:
    """∇_Σ̄ log π at a symmetric Σ̄ = S, in the ``unconstrained`` convention (all d² entries
    independent; eq:nab_Sig) or the ``symmetric`` one (S_ij = S_ji a single variable)."""
    d = _size("score_covariance", "d", d)
    _convention(convention)
    z, mu = _variables(d)
    if convention == "unconstrained":
        M = general_matrix_symbol("M", d)
        logpi = log_likelihood(z, mu, M)
        grad = sp.Matrix(d, d, lambda i, j: sp.diff(logpi, M[i, j]))
        return sp.simplify(_symmetrize_entries(grad, M, "S"))
    S = symmetric_matrix_symbol("S", d)  # "symmetric"
    logpi = log_likelihood(z, mu, S)
    return sp.simplify(sp.Matrix(d, d, lambda i, j: sp.diff(logpi, S[i, j])))


def paper_score_covariance(d: int) -> sp.Matrix:
    """eq:nab_Sig as printed: ½Σ̄⁻¹(z − μ)(z − μ)ᵀΣ̄⁻¹ − ½Σ̄⁻¹."""
    d = _size("paper_score_covariance", "d", d)
    z, mu = _variables(d)
    S = symmetric_matrix_symbol("S", d)
    Si = S.inv()
    delta = z - mu
    return Si * delta * delta.T * Si / 2 - Si / 2


def commutation_matrix(d: int) -> sp.Matrix:
    """K with K vec(M) = vec(Mᵀ) (column-major vec)."""
    d = _size("commutation_matrix", "d", d)
    K = sp.zeros(d * d, d * d)
    for i in range(d):
        for j in range(d):
            K[i * d + j, j * d + i] = 1
    return K


def duplication_matrix(d: int) -> sp.Matrix:
    """D with vec(S) = D vech(S) for symmetric S (vech: the lower triangle, column by column)."""
    d = _size("duplication_matrix", "d", d)
    pairs = [(i, j) for j in range(d) for i in range(j, d)]
    D = sp.zeros(d * d, len(pairs))
    for col, (i, j) in enumerate(pairs):
        D[j * d + i, col] = 1
        D[i * d + j, col] = 1
    return D


def _vec(M: sp.Matrix) -> sp.Matrix:
    """Column-major vec."""
    return sp.Matrix([M[i, j] for j in range(M.shape[1]) for i in range(M.shape[0])])


def _cholesky_parametrization(d: int):
    """Σ̄ = L Lᵀ with a lower-triangular symbolic L (positive diagonal), so that
    z − μ = L w with w ~ N(0, I): expectations become polynomial moments of w."""
    L = sp.Matrix(
        d, d, lambda i, j: sp.Symbol(f"l_{i + 1}{j + 1}", positive=(i == j)) if i >= j else 0
    )
    w = sp.Matrix(sp.symbols(f"w1:{d + 1}", real=True))
    return L, w


def fisher_matrix(d: int = 2) -> tuple[sp.Matrix, sp.Matrix]:
    """The Fisher matrix of N(μ, Σ̄) in θ = [μ; vec Σ̄] with the unconstrained score, computed as
    E[s sᵀ] symbolically (Σ̄ = L Lᵀ); returns (F, Σ̄). The closed form is
    blockdiag(Σ̄⁻¹, ¼(Σ̄⁻¹ ⊗ Σ̄⁻¹)(I + K)) with K the commutation matrix."""
    d = _size("fisher_matrix", "d", d)
    L, w = _cholesky_parametrization(d)
    Sbar = L * L.T
    Si = Sbar.inv()
    delta = L * w
    score_mu = Si * delta
    score_S = Si * delta * delta.T * Si / 2 - Si / 2
    s = score_mu.col_join(_vec(score_S))
    F = gaussian_expectation(s * s.T, list(w))
    return sp.simplify(F), Sbar


def paper_fisher_matrix(Sbar: sp.Matrix) -> sp.Matrix:
    """The Fisher matrix as printed in Section 2: blockdiag(Σ̄⁻¹, ½ Σ̄⁻¹ ⊗ Σ̄⁻¹)."""
    from sympy.physics.quantum import TensorProduct

    Si = _sympy_square("Sbar", Sbar).inv()
    return sp.diag(Si, TensorProduct(Si, Si) / 2)


def natural_gradient_vech(d: int = 2) -> tuple[sp.Matrix, sp.Matrix]:
    """The natural gradient of log π in the minimal coordinates (μ, vech Σ̄), mapped back to a
    matrix, next to eq:nat_grad's δδᵀ − Σ̄. Returns (derived, printed), both as [δ; vech(·)]."""
    d = _size("natural_gradient_vech", "d", d)
    L, w = _cholesky_parametrization(d)
    Sbar = L * L.T
    Si = Sbar.inv()
    delta = L * w
    D = duplication_matrix(d)
    score_S = Si * delta * delta.T * Si / 2 - Si / 2
    s = (Si * delta).col_join(D.T * _vec(score_S))  # score in (μ, vech Σ̄)
    F = gaussian_expectation(s * s.T, list(w))
    natural = sp.simplify(F.inv() * s)
    pairs = [(i, j) for j in range(d) for i in range(j, d)]
    printed_matrix = delta * delta.T - Sbar
    printed = delta.col_join(sp.Matrix([printed_matrix[i, j] for i, j in pairs]))
    return natural, sp.simplify(printed)


def quadratic_smoothing(d: int = 2) -> tuple[sp.Expr, sp.Expr]:
    """J(μ, Σ) = E f(μ + αΣ^{1/2}u) for f(z) = f(μ) + gᵀ(z − μ) + ½(z − μ)ᵀH(z − μ), with
    Σ = L Lᵀ (any square root gives the same law); returns (J, the paper's eq:J_quad
    f(μ) + α²/2⟨H, Σ⟩)."""
    d = _size("quadratic_smoothing", "d", d)
    L, w = _cholesky_parametrization(d)
    H = symmetric_matrix_symbol("h", d)
    g = sp.Matrix(sp.symbols(f"g1:{d + 1}", real=True))
    alpha, f0 = sp.symbols("alpha f_0", positive=True)
    step = alpha * L * w
    f = f0 + (g.T * step)[0, 0] + (step.T * H * step)[0, 0] / 2
    J = gaussian_expectation(f, list(w))
    return sp.simplify(J), f0 + alpha**2 / 2 * (H * L * L.T).trace()


def regularized_gradient(
    d: int = 2, convention: str = "unconstrained"
) -> tuple[sp.Matrix, sp.Matrix, sp.Matrix, sp.Matrix]:
    """∂Q_α/∂Σ for a quadratic, Q_α = f(μ) + α²/2 tr(HΣ) − α²/2 log det Σ, in the given
    convention, next to the paper's α²/2 (H − Σ⁻¹). Returns (derived, paper, Σ, H)."""
    d = _size("regularized_gradient", "d", d)
    _convention(convention)
    alpha = sp.Symbol("alpha", positive=True)
    H = symmetric_matrix_symbol("h", d)
    if convention == "unconstrained":
        M = general_matrix_symbol("M", d)
        Q = alpha**2 / 2 * (H * M).trace() - alpha**2 / 2 * sp.log(M.det())
        grad = sp.Matrix(d, d, lambda i, j: sp.diff(Q, M[i, j]))
        grad = _symmetrize_entries(grad, M, "s")
    else:  # "symmetric"
        S = symmetric_matrix_symbol("s", d)
        Q = alpha**2 / 2 * (H * S).trace() - alpha**2 / 2 * sp.log(S.det())
        grad = sp.Matrix(d, d, lambda i, j: sp.diff(Q, S[i, j]))
    S = symmetric_matrix_symbol("s", d)
    return sp.simplify(grad), alpha**2 / 2 * (H - S.inv()), S, H


def antithetic_identity_1d(degree: int = 5) -> tuple[sp.Expr, sp.Expr]:
    """Lemma 4.1's identity in one dimension for a generic polynomial f of the given degree:
    returns (E[(f(μ+ασu) − f(μ−ασu))/(2α)·σu], σ²E[f'(μ+ασu)]) (Stein's lemma and the symmetry
    u → −u), which must be equal."""
    degree = _size("antithetic_identity_1d", "degree", degree, minimum=0)
    mu, alpha, sigma = sp.symbols("mu alpha sigma", positive=True)
    x, u = sp.symbols("x u", real=True)
    coefficients = sp.symbols(f"c0:{degree + 1}", real=True)
    f = sum(c * x**k for k, c in enumerate(coefficients))
    plus, minus = f.subs(x, mu + alpha * sigma * u), f.subs(x, mu - alpha * sigma * u)
    lhs = gaussian_expectation((plus - minus) / (2 * alpha) * sigma * u, [u])
    rhs = sigma**2 * gaussian_expectation(sp.diff(f, x).subs(x, mu + alpha * sigma * u), [u])
    return sp.simplify(lhs), sp.simplify(rhs)


def bregman_divergence(S1: sp.Matrix, S2: sp.Matrix, alpha: Any) -> sp.Expr:
    """B_R(Σ₁, Σ₂) = R(Σ₁) − R(Σ₂) − ⟨∇R(Σ₂), Σ₁ − Σ₂⟩ for R(Σ) = −α²/2 log det Σ, with
    ∇R(Σ) = −α²/2 Σ⁻¹ (unconstrained convention), from the definition."""
    _sympy_square("S2", S2, _sympy_square("S1", S1).shape[0], like="S1")
    R = lambda S: -(alpha**2) / 2 * sp.log(S.det())  # noqa: E731
    grad = -(alpha**2) / 2 * S2.inv()
    return R(S1) - R(S2) - (grad.T * (S1 - S2)).trace()


def paper_bregman_divergence(S1: sp.Matrix, S2: sp.Matrix, alpha: Any) -> sp.Expr:
    """The closed form printed in Section 4: −α²/2 (log det(Σ₁Σ₂⁻¹) − ⟨Σ₂⁻¹, Σ₁⟩ + d)."""
    _sympy_square("S2", S2, _sympy_square("S1", S1).shape[0], like="S1")
    d = S1.shape[0]
    return -(alpha**2) / 2 * (sp.log((S1 * S2.inv()).det()) - (S2.inv() * S1).trace() + d)


def mirror_step(d: int = 1) -> tuple[sp.Expr, sp.Expr] | sp.Matrix:
    """Solve the first-order condition of eq:mirror_prox, η⟨G, Σ⟩ + B_R(Σ, Σ_k) → min over Σ,
    for a symmetric gradient G; returns (Σ⁻¹ from the solution, eq:Sig_up's
    Σ_k⁻¹ + 2η α⁻² G) for d = 1 (scalars) or the stationarity residual of eq:Sig_up's Σ for
    d = 2 (a zero matrix when eq:Sig_up solves it); no other d (``MAX_SIZE``)."""
    d = _size("mirror_step", "d", d)
    alpha, eta = sp.symbols("alpha eta", positive=True)
    if d == 1:
        s, sk = sp.symbols("Sigma Sigma_k", positive=True)  # d = 1: Σ, Σ_k
        g = sp.Symbol("G", real=True)
        objective = eta * g * s + bregman_divergence(sp.Matrix([[s]]), sp.Matrix([[sk]]), alpha)
        solution = sp.solve(sp.diff(objective, s), s)
        return sp.simplify(1 / solution[0]), sp.simplify(1 / sk + 2 * eta * g / alpha**2)
    M = general_matrix_symbol("M", d)
    Sk = symmetric_matrix_symbol("k", d)
    G = symmetric_matrix_symbol("g", d)
    objective = eta * (G.T * M).trace() + bregman_divergence(M, Sk, alpha)
    stationarity = sp.Matrix(d, d, lambda i, j: sp.diff(objective, M[i, j]))
    candidate = (Sk.inv() + 2 * eta / alpha**2 * G).inv()  # eq:Sig_up
    residual = stationarity.subs({M[i, j]: candidate[i, j] for i in range(d) for j in range(d)})
    return sp.simplify(residual)


def lemma_c1_symbolic(d: int = 2) -> tuple[sp.Matrix, sp.Matrix]:
    """Lemma C.1 with a generic symmetric R = Σ^{1/2} and H: returns
    (½ R⁻¹ E[(uᵀRHRu) uuᵀ] R⁻¹ − ½ tr(RHR) R⁻², H); the lemma says they are equal. The
    expectation is taken by ``gaussian_expectation`` (sympy.stats moments), independently of
    the trace formulas of ``gaussian``."""
    d = _size("lemma_c1_symbolic", "d", d)
    R = symmetric_matrix_symbol("r", d)
    H = symmetric_matrix_symbol("h", d)
    u = sp.Matrix(sp.symbols(f"u1:{d + 1}", real=True))
    A = R * H * R
    moment_matrix = gaussian_expectation((u.T * A * u)[0, 0] * u * u.T, list(u))
    # R⁻¹ = adj(R)/det R: one polynomial numerator per entry over 2 det(R)², put in canonical
    # form by ``cancel`` (4x faster than ``simplify`` of the expression with R.inv() at d = 3)
    adjugate, determinant = R.adjugate(), R.det()
    numerator = adjugate * moment_matrix * adjugate - A.trace() * adjugate * adjugate
    return numerator.applyfunc(lambda e: sp.cancel(sp.expand(e) / (2 * determinant**2))), H


def second_moment_1d() -> tuple[sp.Expr, sp.Expr, sp.Expr, sp.Expr]:
    """The d = b = 1 computation after Lemma 5.3, from the definition: with Σ = s, H = h,
    G̃ = ½ h s u² (u²/s − 1/s) − 1/s. Returns (E G̃², E (G̃ + 1/s)², Var G̃, and the paper's
    39/2·h² − 2h/s + 1/s²)."""
    h, s = sp.symbols("h s", positive=True)
    u = sp.Symbol("u", real=True)
    X = h * s * u**2 * (u**2 / s - 1 / s) / 2
    G = X - 1 / s
    second = gaussian_expectation(G**2, [u])
    shifted = gaussian_expectation(X**2, [u])
    variance = sp.simplify(second - gaussian_expectation(G, [u]) ** 2)
    return (
        sp.simplify(second),
        sp.simplify(shifted),
        variance,
        sp.Rational(39, 2) * h**2 - 2 * h / s + 1 / s**2,
    )
