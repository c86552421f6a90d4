"""The checkers of the proof of eq:E (Lemma 35, our Lemma E.5, lem:E; Appendix E).

The admissible instances: d ∈ {1, …, 6}, S' = [τ, ζ], Σ_t⁻¹ and H_t with spectra in [τ, ζ], any
vector u_i; V_tΛ_tV_tᵀ the eigendecomposition of Σ_t^{1/2}H_tΣ_t^{1/2}, ū = V_tᵀu_i and
E_{t,i} = ūᵀΛ_tū(ūūᵀ − I) − 2Λ_t as the lemma defines them. The lines are matrix identities.
"""

from __future__ import annotations

import numpy as np

from ..check import Draw
from .common import positive, spd

__all__ = [
    "statement_eq_e",
    "eigendecomposition",
    "orthogonal_both_sides",
    "orthogonal",
    "eigenvalues",
    "eigen_form",
    "rotated",
    "named",
    "e_of_lemma_35",
]


def _instance(x: np.ndarray, d: int) -> dict:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e3)
    m = d * d + d
    sigma_inv = spd(x[2 : 2 + m], d, tau, zeta)
    H = spd(x[2 + m : 2 + 2 * m], d, tau, zeta)
    u = np.asarray(x[2 + 2 * m : 2 + 2 * m + d])
    w, P = np.linalg.eigh(sigma_inv)
    root, inv_root = (P / np.sqrt(w)) @ P.T, (P * np.sqrt(w)) @ P.T  # Σ^{1/2}, Σ^{-1/2}
    lam, V = np.linalg.eigh(root @ H @ root)
    Lam = np.diag(lam)
    ubar = V.T @ u
    E = (ubar @ Lam @ ubar) * (np.outer(ubar, ubar) - np.eye(d)) - 2 * Lam
    left = 0.5 * (u @ root @ H @ root @ u) * (inv_root @ np.outer(u, u) @ inv_root - sigma_inv) - H
    return dict(
        sigma_inv=sigma_inv,
        H=H,
        u=u,
        inv_root=inv_root,
        V=V,
        Lam=Lam,
        ubar=ubar,
        E=E,
        left=left,
        d=d,
    )


def _draw(rng: np.random.Generator, sides) -> Draw:
    d = int(rng.integers(1, 7))
    x0 = rng.standard_normal(2 + 2 * (d * d + d) + d)

    def evaluate(x: np.ndarray):
        s = _instance(x, d)
        lhs, rhs = sides(s)
        size = (s["u"] @ s["u"]) ** 2 * np.linalg.norm(s["H"]) * np.linalg.norm(
            s["sigma_inv"]
        ) + np.linalg.norm(s["H"])
        return lhs, rhs, float(size * (1 + np.linalg.norm(s["inv_root"]) ** 2))

    return Draw(x0, evaluate, lambda x: dict(d=d))


def _matrix_draw(rng: np.random.Generator, sides) -> Draw:
    """As ``_draw``, with the scale ``sides`` gives (a matrix identity's own size)."""
    d = int(rng.integers(1, 7))
    x0 = rng.standard_normal(2 + 2 * (d * d + d) + d)
    return Draw(x0, lambda x: sides(_instance(x, d)), lambda x: dict(d=d))


def eigendecomposition(rng):
    """The statement's first display, its "=": Σ_t^{1/2}H_tΣ_t^{1/2} = V_tΛ_tV_tᵀ, the matrix
    from Σ_t⁻¹ and H_t against its reconstruction from numpy's eigh (V_t, Λ_t)."""

    def sides(s):
        root = np.linalg.inv(s["inv_root"])  # Σ^{1/2}
        M = root @ s["H"] @ root
        rhs = s["V"] @ s["Lam"] @ s["V"].T
        return M, rhs, float(np.linalg.norm(M))

    return _matrix_draw(rng, sides)


def orthogonal_both_sides(rng):
    """V_tV_tᵀ = V_tᵀV_t (V_t square and orthogonal)."""

    def sides(s):
        V = s["V"]
        return V @ V.T, V.T @ V, float(np.sqrt(s["d"]))

    return _matrix_draw(rng, sides)


def orthogonal(rng):
    """V_tᵀV_t = I."""

    def sides(s):
        return s["V"].T @ s["V"], np.eye(s["d"]), float(np.sqrt(s["d"]))

    return _matrix_draw(rng, sides)


def eigenvalues(rng):
    """Λ_t = diag{λ₁, …, λ_d}: V_tᵀ(Σ_t^{1/2}H_tΣ_t^{1/2})V_t is diagonal, with the matrix's
    eigenvalues (numpy's eigvalsh) on its diagonal."""

    def sides(s):
        root = np.linalg.inv(s["inv_root"])
        M = root @ s["H"] @ root
        return s["V"].T @ M @ s["V"], np.diag(np.linalg.eigvalsh(M)), float(np.linalg.norm(M))

    return _matrix_draw(rng, sides)


def e_of_lemma_35(rng):
    """Lemma 36's E_{t,i} = ūᵀΛū(ūūᵀ − I) − 2Λ (ū = Vᵀu) is Lemma 35's: the matrix E with
    ½uᵀΣ^{1/2}HΣ^{1/2}u(Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹) − H = ½Σ^{-1/2}VEVᵀΣ^{-1/2} (eq:E's proof,
    which determines E: Σ^{-1/2}V is invertible), E written as the line prints it."""

    def sides(s):
        V, R, Lam, d = s["V"], s["inv_root"], s["Lam"], s["d"]
        ub = V.T @ s["u"]
        E = float(ub @ Lam @ ub) * (np.outer(ub, ub) - np.eye(d)) - 2 * Lam
        return s["left"], 0.5 * R @ V @ E @ V.T @ R

    return _draw(rng, sides)


def eigen_form(rng):
    """Step 1: ½uᵀΣ^{1/2}HΣ^{1/2}u(Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹) − H =
    ½Σ^{-1/2}V(uᵀVΛVᵀu(Vᵀuuᵀ V − I) − 2Λ)VᵀΣ^{-1/2}."""

    def sides(s):
        V, Lam, u, R = s["V"], s["Lam"], s["u"], s["inv_root"]
        inner = (u @ V @ Lam @ V.T @ u) * (V.T @ np.outer(u, u) @ V - np.eye(s["d"])) - 2 * Lam
        return s["left"], 0.5 * R @ V @ inner @ V.T @ R

    return _draw(rng, sides)


def rotated(rng):
    """Step 2: the same with ū = Vᵀu."""

    def sides(s):
        V, Lam, u, ub, R = s["V"], s["Lam"], s["u"], s["ubar"], s["inv_root"]
        before = (u @ V @ Lam @ V.T @ u) * (V.T @ np.outer(u, u) @ V - np.eye(s["d"])) - 2 * Lam
        after = (ub @ Lam @ ub) * (np.outer(ub, ub) - np.eye(s["d"])) - 2 * Lam
        return 0.5 * R @ V @ before @ V.T @ R, 0.5 * R @ V @ after @ V.T @ R

    return _draw(rng, sides)


def named(rng):
    """Step 3: ½Σ^{-1/2}V(ūᵀΛū(ūūᵀ − I) − 2Λ)VᵀΣ^{-1/2} = ½Σ^{-1/2}VE_{t,i}VᵀΣ^{-1/2} against the
    left side of step 1 (E_{t,i} built from its definition)."""

    def sides(s):
        V, R = s["V"], s["inv_root"]
        return s["left"], 0.5 * R @ V @ s["E"] @ V.T @ R

    return _draw(rng, sides)


def statement_eq_e(rng):
    """The statement, eq:E: ⟨½uᵀΣ^{1/2}HΣ^{1/2}u(Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹) − H, Σ⁻¹ − H*⟩ =
    ½⟨E_{t,i}, VᵀΣ^{-1/2}(Σ⁻¹ − H*)Σ^{-1/2}V⟩, H* with spectrum in [τ, ζ] too (drawn from
    further free numbers)."""
    d = int(rng.integers(1, 7))
    m = d * d + d
    n = 2 + 2 * m + d
    x0 = rng.standard_normal(n + m)

    def evaluate(x: np.ndarray):
        s = _instance(x[:n], d)
        w = np.linalg.eigvalsh(s["sigma_inv"])
        H_star = spd(x[n:], d, float(w[0]), float(w[-1]) + 1e-12)
        B = s["sigma_inv"] - H_star
        R, V = s["inv_root"], s["V"]
        lhs = float(np.sum(s["left"] * B))
        rhs = 0.5 * float(np.sum(s["E"] * (V.T @ R @ B @ R @ V)))
        size = (s["u"] @ s["u"]) ** 2 * np.linalg.norm(s["H"]) * np.linalg.norm(
            s["sigma_inv"]
        ) + np.linalg.norm(s["H"])
        size *= (1 + np.linalg.norm(R) ** 2) * (1 + np.linalg.norm(R) ** 2) * np.linalg.norm(B)
        return lhs, rhs, float(size) + abs(lhs) + abs(rhs)

    return Draw(x0, evaluate, lambda x: dict(d=d))
