"""Exact Gaussian moments and Monte-Carlo estimators with standard errors (u ~ N(0, I_d)).

Paper: Lemma B.1 (lem:gauss_power), Lemma C.1 (lem:exp_tg) and the variance remark after
Lemma 5.3 (the "39/2·H²" computation), of *Mirror Natural Evolution Strategies* (H. Ye).

Quadratic forms. For symmetric A_1..A_n and Q_i = uᵀA_iu, the joint cumulants are
κ(Q_1, …, Q_n) = 2^{n−1} Σ_σ tr(A_1 A_σ(2) ⋯ A_σ(n)) over the (n−1)! orderings σ of the other
n−1 matrices, and E[Q_1⋯Q_n] = Σ over set partitions π of {1..n} of ∏_{B∈π} κ(A_B) (the moment–
cumulant formula; Isserlis/Wick for the underlying Gaussian). ``quadratic_form_moment`` does
this for numpy or sympy matrices alike, up to n = 4 (8th moments of u) and beyond.

The second moment of G̃ for a quadratic f (Hessian H), any d and batch b. Write A = Σ^{1/2}HΣ^{1/2},
P = Σ⁻¹ and X = ½(uᵀAu)(Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹), so that G̃ = (1/b)Σ_i X_i − Σ⁻¹ with i.i.d. X_i
and E X = H (Lemma C.1). Since ‖Σ^{-1/2}(uuᵀ − I)Σ^{-1/2}‖²_F = (uᵀPu)² − 2uᵀP²u + tr P²,

  E‖X‖²_F = ¼ (E[Q_A² Q_P²] − 2 E[Q_A² Q_{P²}] + tr(P²) E[Q_A²]),

and with a = tr(HΣ), p = tr(Σ⁻¹) and the traces t_AA = tr(HΣHΣ), t_AP = tr H, t_AAP = tr(H²Σ),
t_APP = tr(HΣ⁻¹), t_AAPP = tr(HΣHΣ⁻¹), t_APAP = tr(H²), t_PP = tr(Σ⁻²):

  E[Q_A² Q_P²]   = a²p² + 2p² t_AA + 2a² t_PP + 8ap t_AP + 4 t_AA t_PP + 8 t_AP²
                   + 16p t_AAP + 16a t_APP + 32 t_AAPP + 16 t_APAP,
  E[Q_A² Q_{P²}] = a² t_PP + 2 t_AA t_PP + 4a t_APP + 8 t_AAPP,
  E[Q_A²]        = a² + 2 t_AA.

Then Var(G̃) := E‖G̃ − E G̃‖²_F = (E‖X‖²_F − ‖H‖²_F)/b and E‖G̃‖²_F = ‖H − Σ⁻¹‖²_F + Var(G̃).
For d = b = 1 (Σ = s, H = h) this gives E‖X‖² = ¼(105 − 30 + 3)h² = 39/2·h², the paper's value:
its 39/2·H² is the second moment E‖G̃ + Σ⁻¹‖² = E‖X‖², its E‖G̃‖² = 39/2·H² − 2Σ⁻¹H + Σ⁻² is the
second moment of G̃, and the variance of G̃ is exactly 37/2·H², so "E‖G̃‖² ≥ 37/2·H²" holds with
equality iff Σ⁻¹ = H.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import scipy.special
import scipy.stats
from numpy.typing import ArrayLike

from mines_theory.linalg.spd import symmetric_roots
from mines_theory.validation import (
    finite_result,
    finite_scalar,
    float_array,
    positive_int,
    probability,
    quadratic_forms,
    symmetric_matrix,
)
from mines_theory.validation import rng as check_rng

__all__ = [
    "quadratic_form_cumulant",
    "quadratic_form_moment",
    "quadratic_form_moment_matrix",
    "norm_moment",
    "lemma_b1_bounds",
    "lemma_c1_expectation",
    "per_sample_second_moment",
    "sigma_gradient_second_moment",
    "sigma_gradient_variance",
    "fixed_point_variance",
    "leading_term_share",
    "leading_term_dimension",
    "MonteCarloEstimate",
    "monte_carlo",
    "running_mean",
    "sigma_gradient_norm_samples",
    "SAMPLER_BYTES",
]


def _trace(M):
    return M.trace() if hasattr(M, "is_symbolic") or not isinstance(M, np.ndarray) else np.trace(M)


def _set_partitions(items: list):
    """All set partitions of ``items`` (Bell(n) of them)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in _set_partitions(rest):
        yield [[first], *partition]
        for i in range(len(partition)):
            yield partition[:i] + [[first, *partition[i]]] + partition[i + 1 :]


def quadratic_form_cumulant(matrices: Sequence) -> Any:
    """κ(uᵀA_1u, …, uᵀA_nu) = 2^{n−1} Σ_σ tr(A_1 A_σ(2) ⋯ A_σ(n)) for symmetric A_i (numpy
    arrays or sympy matrices; ``validation.quadratic_forms`` says what is checked)."""
    matrices = quadratic_forms("matrices", matrices)
    with np.errstate(over="ignore", invalid="ignore"):  # overflow: named just below
        return _finite_moment(_cumulant(matrices), "the cumulant")


def _finite_moment(value, quantity: str):
    """``value`` if it is symbolic or finite, else a ``FloatingPointError`` naming the matrices
    (their entries are too large: the products overflow)."""
    if isinstance(value, (np.ndarray, float, np.floating, int)):
        return finite_result(
            f"{quantity} of the matrices", value, "products of the matrices overflow"
        )
    return value


def _cumulant(matrices: Sequence):
    first, others = matrices[0], list(matrices[1:])
    if not others:
        return _trace(first)
    total = 0
    for order in itertools.permutations(others):
        product = first
        for M in order:
            product = product @ M
        total = total + _trace(product)
    return 2 ** (len(matrices) - 1) * total


def quadratic_form_moment(*matrices: Any) -> Any:
    """E[∏_i uᵀA_iu] for u ~ N(0, I) and symmetric A_i (numpy arrays or sympy matrices), by the
    moment–cumulant formula over set partitions.

    At least one matrix, all d x d (``validation.quadratic_forms``); a numeric result that
    overflows raises ``FloatingPointError``.

    >>> A = np.diag([1.0, 2.0])
    >>> float(quadratic_form_moment(A, A))          # (tr A)² + 2 tr(A²) = 9 + 10
    19.0
    """
    matrices = quadratic_forms("matrices", matrices)
    with np.errstate(over="ignore", invalid="ignore"):  # overflow: named just below
        return _finite_moment(_moment(matrices), "E[∏ uᵀA_iu]")


def _moment(matrices: Sequence):
    total = 0
    for partition in _set_partitions(list(range(len(matrices)))):
        term = 1
        for block in partition:
            term = term * _cumulant([matrices[i] for i in block])
        total = total + term
    return total


def quadratic_form_moment_matrix(*matrices: Any) -> Any:
    """E[(∏_i uᵀA_iu) · uuᵀ] for u ~ N(0, I) and symmetric A_i (numpy arrays or sympy matrices).

    The block of a set partition that holds uuᵀ (as uᵀBu, B symmetric) contributes the cumulant
    κ(uᵀBu, uᵀA_{s_1}u, …) = tr(B · C_S) with C_S = 2^{|S|} Σ_σ A_σ(1)⋯A_σ(|S|) over the orderings
    of the subset S of the A_i in that block (C_∅ = I); the other blocks sum to E[∏_{i∉S} Q_i].
    Hence E[(∏Q_i) uuᵀ] = sym(Σ_S C_S · E[∏_{i∉S} Q_i]), which costs 2ⁿ·n!·d³ instead of the
    d²·d³ of an entry-by-entry evaluation. E[(uᵀAu)uuᵀ] = tr(A) I + 2A, for instance:

    >>> A = np.diag([1.0, 2.0])
    >>> quadratic_form_moment_matrix(A)
    array([[5., 0.],
           [0., 7.]])
    """
    matrices = quadratic_forms("matrices", matrices)
    with np.errstate(over="ignore", invalid="ignore"):  # overflow: named at the end
        return _finite_moment(_moment_matrix(matrices), "E[(∏ uᵀA_iu) uuᵀ]")


def _moment_matrix(matrices: Sequence):
    d = matrices[0].shape[0]
    symbolic = not isinstance(matrices[0], np.ndarray)
    if symbolic:
        import sympy as sp

        identity = sp.eye(d)
    else:
        identity = np.eye(d)
    indices = range(len(matrices))
    total = identity * _moment(matrices)
    for size in range(1, len(matrices) + 1):
        for subset in itertools.combinations(indices, size):
            chain = 0 * identity
            for order in itertools.permutations(subset):
                product = identity
                for i in order:
                    product = product @ matrices[i]
                chain = chain + product
            rest = [matrices[i] for i in indices if i not in subset]
            weight = _moment(rest) if rest else 1
            total = total + 2**size * weight * chain
    return (total + total.T) / 2


def norm_moment(d: int, p: float) -> float:
    """E‖u‖^p for u ~ N(0, I_d), the p-th moment of the chi distribution with d degrees of
    freedom: 2^{p/2} Γ((d + p)/2) / Γ(d/2) (``scipy.stats.chi`` gives integer orders only; the
    tests compare the two there)."""
    d, p = positive_int("d", d), finite_scalar("p", p)
    if p <= -d:
        raise ValueError(f"p must be > -d = {-d}, got {p!r}")
    with np.errstate(over="ignore"):
        value = float(
            np.exp(
                p / 2 * np.log(2.0)
                + scipy.special.gammaln((d + p) / 2)
                - scipy.special.gammaln(d / 2)
            )
        )
    return finite_result("E‖u‖^p", value, f"d = {d}, p = {p!r}")


def lemma_b1_bounds(d: int, p: float) -> tuple[float, float]:
    """Lemma B.1 (Nesterov & Spokoiny): d^{p/2} ≤ E‖u‖^p ≤ (p + d)^{p/2} for p ≥ 2."""
    p = finite_scalar("p", p)
    if p < 2:
        raise ValueError(f"p must be >= 2 (Lemma B.1), got {p!r}")
    d = positive_int("d", d)
    with np.errstate(over="ignore"):
        bounds = float(np.float64(d) ** (p / 2)), float(np.float64(p + d) ** (p / 2))
    return finite_result("the bounds of Lemma B.1", bounds, f"d = {d}, p = {p!r}")


def lemma_c1_expectation(H: ArrayLike, sigma_inv: ArrayLike) -> np.ndarray:
    """½ E[uᵀΣ^{1/2}HΣ^{1/2}u · (Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹)] computed exactly (numeric matrices),
    as ½ Σ^{-1/2}(E[Q_A uuᵀ] − tr(A) I)Σ^{-1/2} with A = Σ^{1/2}HΣ^{1/2}; Lemma C.1 says it is H."""
    H = symmetric_matrix("H", H)
    sigma_inv = symmetric_matrix("sigma_inv", sigma_inv, H.shape[0], like="H")
    root, root_inv = symmetric_roots(sigma_inv)
    A = root @ H @ root
    inner = quadratic_form_moment_matrix(A) - np.trace(A) * np.eye(H.shape[0])
    return 0.5 * root_inv @ inner @ root_inv


@dataclasses.dataclass(frozen=True)
class _Traces:
    a: float
    p: float
    t_AA: float
    t_AP: float
    t_AAP: float
    t_APP: float
    t_AAPP: float
    t_APAP: float
    t_PP: float


def _traces(H, sigma_inv) -> _Traces:
    H = symmetric_matrix("H", H)
    P = symmetric_matrix("sigma_inv", sigma_inv, H.shape[0], like="H")
    if np.linalg.eigvalsh(P)[0] <= 0:
        raise ValueError("sigma_inv must be positive definite")
    S = np.linalg.inv(P)
    HS = H @ S
    return _Traces(
        a=np.trace(HS),
        p=np.trace(P),
        t_AA=np.trace(HS @ HS),
        t_AP=np.trace(H),
        t_AAP=np.trace(H @ HS),
        t_APP=np.trace(H @ P),
        t_AAPP=np.trace(HS @ H @ P),
        t_APAP=np.trace(H @ H),
        t_PP=np.trace(P @ P),
    )


def _second_moment(t: _Traces):
    """E‖X‖²_F from the traces (numbers or sympy symbols), the closed form of the module
    docstring."""
    e_aapp = (
        t.a**2 * t.p**2
        + 2 * t.p**2 * t.t_AA
        + 2 * t.a**2 * t.t_PP
        + 8 * t.a * t.p * t.t_AP
        + 4 * t.t_AA * t.t_PP
        + 8 * t.t_AP**2
        + 16 * t.p * t.t_AAP
        + 16 * t.a * t.t_APP
        + 32 * t.t_AAPP
        + 16 * t.t_APAP
    )
    e_aaq = t.a**2 * t.t_PP + 2 * t.t_AA * t.t_PP + 4 * t.a * t.t_APP + 8 * t.t_AAPP
    e_aa = t.a**2 + 2 * t.t_AA
    return (e_aapp - 2 * e_aaq + t.t_PP * e_aa) / 4


def per_sample_second_moment(H: ArrayLike, sigma_inv: ArrayLike) -> float:
    """E‖X‖²_F for one direction, X = ½(uᵀAu)(Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹) (closed form of the
    module docstring)."""
    with np.errstate(over="ignore", invalid="ignore"):
        value = float(_second_moment(_traces(H, sigma_inv)))
    return finite_result(
        "E‖X‖²_F",
        value,
        "H and sigma_inv too large or too small: its terms "
        "are products of up to eight of their entries",
    )


def fixed_point_variance() -> Any:
    """Var G̃ at the fixed point Σ⁻¹ = H = I_d as a sympy expression in the symbols ``d`` and
    ``b``: every trace of the closed form equals d, and ‖H‖²_F = d.

    >>> fixed_point_variance()
    (d**4/4 + 11*d**3/4 + 17*d**2/2 + 7*d)/b
    """
    import sympy

    d, b = sympy.symbols("d b", positive=True)
    return sympy.expand(_second_moment(_Traces(*[d] * 9)) - d) / b


def leading_term_share(d: int) -> float:
    """(d⁴/(4b)) / Var G̃ at Σ⁻¹ = H = I_d: the share of the variance that its leading term
    accounts for (b cancels)."""
    import sympy

    d = positive_int("d", d)
    symbols = {name: sympy.Symbol(name, positive=True) for name in ("d", "b")}
    return float(d**4 / 4 / fixed_point_variance().subs({symbols["d"]: d, symbols["b"]: 1}))


def leading_term_dimension(share: float = 0.9) -> int:
    """The smallest d at which the leading term d⁴/(4b) is at least ``share`` of Var G̃ at
    Σ⁻¹ = H = I_d (the share grows with d)."""
    share = probability("share", share)
    d = 1
    while leading_term_share(d) < share:
        d += 1
    return d


def sigma_gradient_variance(H: ArrayLike, sigma_inv: ArrayLike, batch_size: int) -> float:
    """E‖G̃ − E G̃‖²_F = (E‖X‖²_F − ‖H‖²_F)/b for a quadratic with Hessian H (any d, b)."""
    b = positive_int("batch_size", batch_size)
    H = symmetric_matrix("H", H)
    return (per_sample_second_moment(H, sigma_inv) - float(np.sum(H * H))) / b


def sigma_gradient_second_moment(H: ArrayLike, sigma_inv: ArrayLike, batch_size: int) -> float:
    """E‖G̃(Σ)‖²_F = ‖H − Σ⁻¹‖²_F + Var(G̃) for a quadratic with Hessian H (any d, b).

    >>> sigma_gradient_second_moment([[2.0]], [[1.0]], 1)     # 39/2·4 − 2·2 + 1
    75.0
    """
    H = symmetric_matrix("H", H)
    P = symmetric_matrix("sigma_inv", sigma_inv, H.shape[0], like="H")
    with np.errstate(over="ignore"):
        value = float(np.sum((H - P) ** 2)) + sigma_gradient_variance(H, P, batch_size)
    return finite_result("E‖G̃‖²_F", value, "H and sigma_inv too large")


# ---------------------------------------------------------------------------------------------
# Monte Carlo with standard errors
# ---------------------------------------------------------------------------------------------

#: Working memory of one pass of ``sigma_gradient_norm_samples`` (bytes).
SAMPLER_BYTES = 64 * 2**20


@dataclasses.dataclass(frozen=True)
class MonteCarloEstimate:
    """A Monte-Carlo mean (scalar or array) with its standard error and sample count."""

    mean: np.ndarray | float
    se: np.ndarray | float
    n: int

    def z_score(self, exact: ArrayLike) -> np.ndarray | float:
        """|mean − exact| / se, entry by entry."""
        return np.abs(self.mean - np.asarray(exact)) / self.se


def monte_carlo(
    sample: Callable[[np.random.Generator, int], np.ndarray],
    num_samples: int,
    rng: np.random.Generator,
    chunk_size: int = 200_000,
) -> MonteCarloEstimate:
    """Mean and standard error of i.i.d. draws ``sample(rng, m)`` (shape (m, ...)), accumulated
    in chunks of ``chunk_size`` draws (running sums of x and x²).

    Memory: this function holds one chunk of draws, ``chunk_size`` times the size of one draw; the
    working memory of ``sample`` itself is the sampler's business (``sigma_gradient_norm_samples``
    bounds its own)."""
    num_samples = positive_int("num_samples", num_samples)
    rng = check_rng("rng", rng)
    if not callable(sample):
        raise TypeError(
            f"sample must be a callable sample(rng, m) returning m draws, got "
            f"{type(sample).__name__} {sample!r:.60}"
        )
    if num_samples < 2:
        raise ValueError(f"num_samples must be >= 2 for a standard error, got {num_samples}")
    chunk_size = positive_int("chunk_size", chunk_size)
    total: Any = None
    total_sq: Any = None
    done = 0
    while done < num_samples:
        m = min(chunk_size, num_samples - done)
        x = float_array("sample(rng, m)", sample(rng, m), "an array of m real draws")
        if x.ndim == 0 or x.shape[0] != m or not np.isfinite(x).all():
            raise ValueError(
                f"sample(rng, m) must return m = {m} finite draws along axis 0, got "
                f"shape {x.shape}" + ("" if np.isfinite(x).all() else " with non-finite draws")
            )
        with np.errstate(over="ignore"):
            s, s2 = x.sum(axis=0), (x * x).sum(axis=0)
        total, total_sq = (s, s2) if total is None else (total + s, total_sq + s2)
        done += m
    mean = total / num_samples
    var = (total_sq - num_samples * mean**2) / (num_samples - 1)
    se = np.sqrt(np.maximum(var, 0.0) / num_samples)
    finite_result(
        "the Monte-Carlo mean and standard error", (mean, se), "the draws' squares overflow"
    )
    return MonteCarloEstimate(
        mean if np.ndim(mean) else float(mean), se if np.ndim(se) else float(se), num_samples
    )


def running_mean(samples: ArrayLike) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(n, running mean, running standard error) of the i.i.d. ``samples`` along axis 0, for a
    plot of a Monte-Carlo estimate converging with its ±2 SE band (SE from n = 2 on)."""
    x = float_array("samples", samples)
    if x.ndim == 0 or x.shape[0] == 0 or not np.isfinite(x).all():
        raise ValueError(
            f"samples must be a non-empty array of finite draws along axis 0, got "
            f"shape {x.shape}" + ("" if np.isfinite(x).all() else " with non-finite draws")
        )
    n = np.arange(1, x.shape[0] + 1).reshape((-1,) + (1,) * (x.ndim - 1))
    mean = np.cumsum(x, axis=0) / n
    second = np.cumsum(x * x, axis=0) / n
    with np.errstate(invalid="ignore", divide="ignore"):
        var = np.maximum(second - mean**2, 0.0) * n / np.maximum(n - 1, 1)
        se = np.sqrt(var / n)
    return n.ravel(), mean, se


def sigma_gradient_norm_samples(
    H: ArrayLike, sigma_inv: ArrayLike, batch_size: int, *, centered: bool = False
) -> Callable[[np.random.Generator, int], np.ndarray]:
    """A sampler for ``monte_carlo``: m draws of ‖G̃‖²_F (or ‖G̃ − (H − Σ⁻¹)‖²_F if ``centered``)
    for the quadratic with Hessian H, each from its own batch of b directions; G̃ is formed
    exactly as eq:TG does for a quadratic (the second difference is α²uᵀAu for any α).

    A call for m draws works through them in passes of at most ``SAMPLER_BYTES`` of working
    arrays, so its memory is bounded whatever m, b and d are (a single pass of 5000 draws at
    d = 500 would hold 9 GiB)."""
    H = symmetric_matrix("H", H)
    P = symmetric_matrix("sigma_inv", sigma_inv, H.shape[0], like="H")
    b = positive_int("batch_size", batch_size)
    root, root_inv = symmetric_roots(P)
    A = root @ H @ root
    offset = P + (H - P if centered else 0.0)  # G̃ − offset = (1/b)ΣX_i − Σ⁻¹ − …

    d = H.shape[0]
    # Draws per pass, so that a pass holds about SAMPLER_BYTES of u, V and G (m·(2bd + d²)
    # floats); consecutive passes read the generator's stream in order, so the draws do not
    # depend on this split.
    per_pass = max(1, SAMPLER_BYTES // (8 * (2 * b * d + d * d)))

    def sample(rng, m):
        out = np.empty(m)
        for start in range(0, m, per_pass):
            n = min(per_pass, m - start)
            u = rng.standard_normal((n, b, d))
            weights = 0.5 * np.einsum("mbi,ij,mbj->mb", u, A, u) / b
            V = u @ root_inv
            G = np.einsum("mb,mbi,mbj->mij", weights, V, V) - weights.sum(axis=1)[:, None, None] * P
            out[start : start + n] = np.sum((G - offset) ** 2, axis=(1, 2))
        return finite_result("the draws of ‖G̃‖²_F", out, "H and sigma_inv too large or too small")

    return sample
