"""The checkers of the proof of Lemma 37 (our Lemma E.7, lem:X; Appendix E).

The admissible instances: d ∈ {1, …, 5}, S' = [τ, ζ], Σ_t⁻¹, H_t and H* with spectra in
[τ, ζ], Σ_t^{1/2}H_tΣ_t^{1/2} = V_tΛ_tV_tᵀ, any ū = ū_{t,i}, a threshold A_t > 0 (on either side
of ‖ū‖²), X_{t,i} = ūᵀΛ_tū(ūūᵀ − I)𝟙{‖ū‖² ≤ A_t}, B = Σ_t⁻¹ − H*, M = Σ_t^{-1/2}BΣ_t^{-1/2},
W = V_tᵀMV_t and Γ_t = A_t‖Λ_t‖₂(ζA_t + tr Σ_t⁻¹)‖B‖₂ as the lemma defines it.

The Monte Carlo steps (the Hoeffding display) draw a whole sum: k ∈ {2, 3, 4} iterations,
b ∈ {1, …, 4}, d ∈ {1, 2, 3}, per t its own Σ_t⁻¹, H_t (H* shared), A_t = 8 log(1/(bδ)) +
16 log(t + 1) + d as Lemma 38 defines it, z_{t,k} ≥ 0, and the ū_{t,i} ~ N(0, I_d)
independent. E⟨X_{t,i}, W⟩ is exact: with ū = rθ (r² ~ χ²_d, θ uniform on the sphere),
E⟨X_{t,i}, W⟩ = (tr Λ tr W + 2⟨Λ, W⟩)·P(χ²_{d+4} ≤ A_t) − tr Λ tr W·P(χ²_{d+2} ≤ A_t)
(= ⟨2Λ, W⟩ at A_t = ∞, Lemma 34). ψ is set so that the printed tail exp(−(bψ²/2)/Σz²Γ²) is a
level p ∈ [0.05, 0.5] drawn with the instance.
"""

from __future__ import annotations

import numpy as np
import sympy

from ..check import Draw, Expectation, Symbolic
from .common import positive, spd

__all__ = [
    "sto_err_deviation",
    "statement_deviation",
    "half_out",
    "triangle",
    "spectral",
    "von_neumann",
    "gamma",
    "threshold",
    "hoeffding_tail",
    "truncated_mean",
]


def _instance(x: np.ndarray, d: int) -> dict:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e3)
    m = d * d + d
    sigma_inv = spd(x[2 : 2 + m], d, tau, zeta)
    H_t = spd(x[2 + m : 2 + 2 * m], d, tau, zeta)
    H_star = spd(x[2 + 2 * m : 2 + 3 * m], d, tau, zeta)
    ubar = np.asarray(x[2 + 3 * m : 2 + 3 * m + d]) * 2
    A = float(ubar @ ubar) * positive(x[-1], 0.5, 3.0)
    w, P = np.linalg.eigh(sigma_inv)
    root, inv_root = (P / np.sqrt(w)) @ P.T, (P * np.sqrt(w)) @ P.T
    lam, V = np.linalg.eigh(root @ H_t @ root)
    Lam = np.diag(lam)
    inside = float(float(ubar @ ubar) <= A)
    q = float(ubar @ Lam @ ubar)
    B = sigma_inv - H_star
    M = inv_root @ B @ inv_root
    return dict(
        d=d,
        zeta=zeta,
        sigma_inv=sigma_inv,
        Lam=Lam,
        lam2=float(np.abs(lam).max()),
        ubar=ubar,
        A=A,
        inside=inside,
        q=q,
        B=B,
        M=M,
        W=V.T @ M @ V,
        X=q * (np.outer(ubar, ubar) - np.eye(d)) * inside,
    )


def _draw(rng: np.random.Generator, sides) -> Draw:
    d = int(rng.integers(1, 6))
    x0 = rng.standard_normal(2 + 3 * (d * d + d) + d + 1)

    def evaluate(x: np.ndarray):
        lhs, rhs, size = sides(_instance(x, d))
        return lhs, rhs, size

    return Draw(x0, evaluate, lambda x: dict(d=d, inside=_instance(x, d)["inside"]))


def _ip(A: np.ndarray, B: np.ndarray) -> float:
    return float(np.sum(A * B))


def half_out(rng):
    """Step 1: |⟨X_{t,i}, ½W⟩| = ½|⟨ūᵀΛū(ūūᵀ − I)𝟙{‖ū‖² ≤ A_t}, W⟩|."""

    def sides(s):
        full = s["q"] * (np.outer(s["ubar"], s["ubar"]) - np.eye(s["d"])) * s["inside"]
        lhs, rhs = abs(_ip(s["X"], 0.5 * s["W"])), 0.5 * abs(_ip(full, s["W"]))
        return lhs, rhs, lhs + rhs + np.linalg.norm(s["W"]) * abs(s["q"]) * s["inside"]

    return _draw(rng, sides)


def _parts(s: dict) -> tuple[float, float]:
    u, W = s["ubar"], s["W"]
    first = 0.5 * abs(_ip(s["q"] * np.outer(u, u) * s["inside"], W))
    second = 0.5 * abs(_ip(s["q"] * s["inside"] * np.eye(s["d"]), W))
    return first, second


def triangle(rng):
    """Step 2: ½|⟨q(ūūᵀ − I)𝟙, W⟩| ≤ ½|⟨qūūᵀ𝟙, W⟩| + ½|⟨q𝟙·I, W⟩|."""

    def sides(s):
        lhs = 0.5 * abs(_ip(s["X"], s["W"]))
        rhs = sum(_parts(s))
        return lhs, rhs, lhs + rhs

    return _draw(rng, sides)


def spectral(rng):
    """Step 3: ≤ (A_t²‖Λ_t‖₂/2)‖M‖₂ + (A_t‖Λ_t‖₂/2)|tr M| (‖ū‖² ≤ A_t on the indicator)."""

    def sides(s):
        lhs = sum(_parts(s))
        A, lam2, M = s["A"], s["lam2"], s["M"]
        rhs = A**2 * lam2 / 2 * np.linalg.norm(M, 2) + A * lam2 / 2 * abs(np.trace(M))
        return lhs, float(rhs), lhs + float(rhs)

    return _draw(rng, sides)


def von_neumann(rng):
    """Step 4 (eq:cS, von Neumann): ‖M‖₂ ≤ ζ‖B‖₂ and |tr M| ≤ tr(Σ_t⁻¹)‖B‖₂."""

    def sides(s):
        A, lam2, M, B = s["A"], s["lam2"], s["M"], s["B"]
        lhs = A**2 * lam2 / 2 * np.linalg.norm(M, 2) + A * lam2 / 2 * abs(np.trace(M))
        b2 = np.linalg.norm(B, 2)
        rhs = s["zeta"] * A**2 * lam2 / 2 * b2 + A * lam2 * np.trace(s["sigma_inv"]) / 2 * b2
        return float(lhs), float(rhs), float(lhs + rhs)

    return _draw(rng, sides)


def gamma(rng):
    """Step 5: ζA²‖Λ‖‖B‖/2 + A‖Λ‖tr(Σ⁻¹)‖B‖/2 = Γ_t/2 (sympy)."""
    A, lam, B, zeta, tr = sympy.symbols("A Lambda B zeta tr", positive=True)
    Gamma = A * lam * (zeta * A + tr) * B
    return Symbolic(zeta * A**2 * lam / 2 * B + A * lam * tr / 2 * B, Gamma / 2)


def threshold(rng):
    """The last display: the deviation ψ at which the printed tail exp(−(bψ²/2)/S) equals δ/k²
    (S = Σ_t z²Γ_t²), against the printed √((2/b)log(k²/δ)·S) (sympy)."""
    b, S, k, delta = sympy.symbols("b S k delta", positive=True)
    psi = sympy.sqrt(2 * S * sympy.log(k**2 / delta) / b)  # solves bψ²/(2S) = log(k²/δ)
    tail = sympy.exp(-(b * psi**2 / 2) / S)
    # both sides as the tail at ψ and δ/k²: equal iff ψ is the printed deviation
    return Symbolic(sympy.simplify(tail), delta / k**2)


def truncated_mean(Lam: np.ndarray, W: np.ndarray, A: float) -> float:
    """E⟨ūᵀΛū(ūūᵀ − I)𝟙{‖ū‖² ≤ A}, W⟩ for ū ~ N(0, I_d), exact (module docstring)."""
    from scipy.stats import chi2

    d = Lam.shape[0]
    tl, tw = float(np.trace(Lam)), float(np.trace(W))
    return (tl * tw + 2 * float(np.sum(Lam * W))) * float(chi2.cdf(A, d + 4)) - tl * tw * float(
        chi2.cdf(A, d + 2)
    )


def _sum_instance(
    rng: np.random.Generator,
    statement: bool = False,
    sto_err: bool = False,
    final: bool = False,
) -> Expectation:
    d, k, b = int(rng.integers(1, 4)), int(rng.integers(2, 5)), int(rng.integers(1, 5))
    tau = positive(rng.standard_normal(), 1e-1, 2.0)
    zeta = tau * positive(rng.standard_normal(), 1.5, 20.0)
    delta = rng.uniform(0.01, 0.9) / b
    m = d * d + d
    H_star = spd(rng.standard_normal(m), d, tau, zeta)
    terms = []  # per t: z, Λ's diagonal, ½W, the centring, A_t, Γ
    H_top, B_sq = 0.0, 0.0  # over t ≥ 2: the largest eigenvalue of H_t; Σ_t z²‖Σ_t⁻¹ − H*‖²_F
    # eq:sto_err's L: half the instances have L < τ (∇²f(μ_t)'s spectrum in [σ, L] below S',
    # so H_t = Π_S'(∇²f(μ_t)) = τI), the others ∇²f(μ_t) = H_t ∈ S' and L = max_t λ_max(H_t)
    low = final and rng.uniform() < 0.5
    L_low = tau * rng.uniform(0.05, 0.9) if final else 0.0
    for t in range(1, k + 1):
        sigma_inv = spd(rng.standard_normal(m), d, tau, zeta)
        H_t = spd(rng.standard_normal(m), d, tau, zeta)
        if low:
            H_t = tau * np.eye(d)
        w, P = np.linalg.eigh(sigma_inv)
        root, inv_root = (P / np.sqrt(w)) @ P.T, (P * np.sqrt(w)) @ P.T
        lam, V = np.linalg.eigh(root @ H_t @ root)
        B = sigma_inv - H_star
        W = V.T @ (inv_root @ B @ inv_root) @ V
        A = 8 * np.log(1 / (b * delta)) + 16 * np.log(t + 1) + d
        Gamma = A * np.abs(lam).max() * (zeta * A + np.trace(sigma_inv)) * np.linalg.norm(B, 2)
        z = rng.exponential()
        if sto_err:  # Lemma 39's weights, z_{t,k} = (t − 1)/(k(k − 1))
            z = (t - 1) / (k * (k - 1))
        centre = 0.5 * truncated_mean(np.diag(lam), W, A)
        terms.append((z, lam, 0.5 * W, centre, A, Gamma))
        if final and t > 1:
            H_top = max(H_top, float(np.linalg.eigvalsh(H_t)[-1]))
            B_sq += z**2 * float(np.sum(B**2))
    V2 = sum(z**2 * G**2 for z, *_, G in terms)
    p = positive(rng.standard_normal(), 0.05, 0.5)
    if sto_err:  # the level of Lemma 39's line: δ/k², with the δ of A_t
        p = delta / k**2
    psi = float(np.sqrt(2 * V2 * np.log(1 / p) / b))
    if final:  # eq:sto_err's right side, L the largest eigenvalue of the H_t (∇²f(μ_t) = H_t)
        A_k = terms[-1][4]
        L = L_low if low else H_top
        scale = A_k * L * (zeta * A_k + d * zeta) / tau
        psi = float(scale * np.sqrt(2 / b * np.log(k**2 / delta)) * np.sqrt(B_sq))

    def sample(gen: np.random.Generator, n: int) -> np.ndarray:
        total = np.zeros(n)
        for z, lam, half_W, centre, A, _ in terms:
            u = gen.standard_normal((n, b, d))
            sq = np.einsum("nbi,nbi->nb", u, u)
            q = np.einsum("nbi,i,nbi->nb", u, lam, u)
            inner = np.einsum("nbi,ij,nbj->nb", u, half_W, u) - np.trace(half_W)
            if sto_err:  # X + Y: no truncation, centred at E⟨ūᵀΛū(ūūᵀ − I), ½W⟩ = ⟨Λ, W⟩
                total += z * (q * inner - 2 * float(lam @ np.diag(half_W))).mean(axis=1)
                continue
            x = q * inner * (sq <= A)
            total += z * (x - centre).mean(axis=1)
        if statement:  # the statement's "<=": P(|S| > ψ) ≤ level
            return (np.abs(total) > psi).astype(float)
        return (total >= psi).astype(float)

    describe = dict(d=d, k=k, b=b, tau=tau, zeta=zeta, delta=delta, psi=psi, level=p)
    if final:
        describe["L"] = L
    return Expectation(sample, p, 1.0, describe)


def hoeffding_tail(rng):
    """Step 8: P(Σ_t z_{t,k}(1/b)Σ_i⟨X_{t,i} − EX_{t,i}, ½W_t⟩ ≥ ψ) ≤ exp(−(bψ²/2)/Σ_t z²Γ_t²),
    Monte Carlo at ψ where the bound is a level in [0.05, 0.5]."""
    return _sum_instance(rng)


def statement_deviation(rng):
    """The statement: |Σ_t z_{t,k}⟨X_t − E X_t, ½W_t⟩| ≤ √((2/b) log(k²/δ)·Σ_t z²Γ_t²) with
    probability ≥ 1 − δ/k²: Monte Carlo of P(|S| > ψ) against the level δ/k², ψ the printed
    deviation at that level (X_t the batch mean (1/b)Σ_i X_{t,i}, as the proof's Hoeffding line)."""
    return _sum_instance(rng, statement=True)


def sto_err_deviation(rng):
    """Lemma 39's (E.9's) line citing Lemma 37: P(Σ_{t≥2} z_{t,k}⟨(1/2b)Σ_i[(X_{t,i} − EX_{t,i}) +
    (Y_{t,i} − EY_{t,i})], W_t⟩ > √((2/b) log(k²/δ)·Σ_t z²Γ_t²)) ≤ δ/k², z_{t,k} = (t − 1)/(k(k −
    1)), A_t as Lemma 38 sets it, the mean over i (not the printed ½Σ_i: erratum 'the line citing
    eq:E'); X + Y = ūᵀΛū(ūūᵀ − I) centred exactly (Lemma 23). Monte Carlo of the whole sum."""
    return _sum_instance(rng, statement=True, sto_err=True)


def sto_err_statement(rng):
    """eq:sto_err, Lemma 39's (E.9's) statement, read as its proof proves it (with probability
    ≥ 1 − δ/k², Lemma 37): P(Σ_{t≥2} z_{t,k}⟨(1/2b)Σ_i u_iᵀΣ_t^{1/2}H_tΣ_t^{1/2}u_i
    (Σ_t^{-1/2}u_iu_iᵀΣ_t^{-1/2} − Σ_t⁻¹) − H_t, Σ_t⁻¹ − H*⟩ > A_kL(ζA_k + dζ)/(k(k − 1)τ)
    ·√((2/b) log(k²/δ))·√(Σ_t (t − 1)²‖Σ_t⁻¹ − H*‖²)) ≤ δ/k², its ‖Σ_t − H*‖ read as
    ‖Σ_t⁻¹ − H*‖ (the typo erratum);
    half the instances with ∇²f(μ_t) = H_t ∈ S' and L their largest eigenvalue, half with L < τ
    (H_t = Π_S'(∇²f(μ_t)) = τI, where the proof's ‖Λ_t‖₂ ≤ L/τ fails); the left side through
    eq:E (the sum of X + Y, centred exactly). Monte Carlo of the whole sum."""
    return _sum_instance(rng, statement=True, sto_err=True, final=True)
