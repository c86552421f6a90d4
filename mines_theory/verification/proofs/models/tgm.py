"""The checkers of the proofs of Lemmas 27 and 28 (our D.4, D.5: lem:tgm/eq:hh, eq:tgm_3).

The admissible instances, from the lemmas' hypotheses as printed: d ∈ {1, …, 4},
b ∈ {1, …, 4}, Σ⁻¹ ⪯ τ⁻¹I (Σ's spectrum in [τ, 10³τ]; the erratum "Lemmas D.1, D.4, D.5,
hypotheses" reads Σ ∈ S), H = ∇²f(μ) = Σ^{-1/2}MΣ^{-1/2} with M's spectrum in [10⁻³𝓛, 𝓛]
(so 0 ≺ H ⪯ 𝓛Σ⁻¹; f is σ-strongly convex throughout the paper), any ∇f(μ), ν with eq:sigma_1's
bound as cited (|ν_i| ≤ γα²c₃^{3/2}/(6τ^{3/2}), c₃ = 2d + 3 log(1/δ)), and U any d × b matrix
on the event of eq:U_1 (‖U1‖² ≤ bc₃: U is shrunk onto it). g̃ = (1/b)(Ũν + ŨŨᵀ∇f), Ũ = Σ^{1/2}U
(eq:tgm). The line citing eq:smax is Monte Carlo: P(s_max(U) > √d + √b + √(2 log(2/δ))) ≤ δ
for U with standard normal entries.
"""

from __future__ import annotations

import math

import numpy as np

from ..check import Draw, Expectation
from .common import positive, spd

__all__ = [
    "statement_hh_first",
    "statement_hh_second",
    "statement_tgm_3",
    "h_norm",
    "h_expand",
    "h_cauchy",
    "h_sandwich",
    "h_smooth",
    "h_split",
    "smax_event",
    "h_nu_sigma",
    "h_nu_smooth",
    "h_nu_max",
    "h_nu_u1",
    "h_nu_sigma_1",
    "t3_triangle",
    "t3_max",
    "t3_events",
    "t3_tau",
    "t3_expand",
    "t3_norms",
    "t3_cs",
]


def _instance(x: np.ndarray, d: int, b: int) -> dict:
    tau = positive(x[0], 1e-2, 10.0)
    ell = positive(x[1], 1e-2, 1e2)
    gamma = positive(x[2], 1e-2, 1e2)
    alpha = positive(x[3], 1e-2, 1.0)
    delta = positive(x[4], 1e-6, 0.499)
    c3 = 2 * d + 3 * math.log(1 / delta)
    m = d * d + d
    sigma = spd(x[5 : 5 + m], d, tau, 1e3 * tau)  # Σ⁻¹ ⪯ τ⁻¹I as printed
    w, P = np.linalg.eigh(sigma)
    root, inv_root = (P * np.sqrt(w)) @ P.T, (P / np.sqrt(w)) @ P.T
    M = spd(x[5 + m : 5 + 2 * m], d, 1e-3 * ell, ell)
    H = inv_root @ M @ inv_root
    at = 5 + 2 * m
    grad = np.asarray(x[at : at + d])
    bound = gamma * alpha**2 * c3**1.5 / (6 * tau**1.5)  # eq:sigma_1
    nu = bound * np.tanh(np.asarray(x[at + d : at + d + b]))
    U = np.asarray(x[at + d + b : at + d + b + d * b]).reshape(d, b)
    one = float(np.linalg.norm(U.sum(axis=1)))
    if one**2 > b * c3:  # the event of eq:U_1
        U = U * math.sqrt(b * c3) / one
    Ut = root @ U
    g = (Ut @ nu + Ut @ Ut.T @ grad) / b
    return dict(
        d=d,
        b=b,
        tau=tau,
        ell=ell,
        gamma=gamma,
        alpha=alpha,
        delta=delta,
        c3=c3,
        sigma=sigma,
        root=root,
        inv_root=inv_root,
        H=H,
        grad=grad,
        nu=nu,
        U=U,
        Ut=Ut,
        g=g,
        smax=float(np.linalg.norm(U, 2)),
        u1=float(np.linalg.norm(U.sum(axis=1)) ** 2),
        numax=float(np.max(nu**2)),
    )


def _draw(rng: np.random.Generator, sides) -> Draw:
    d, b = int(rng.integers(1, 5)), int(rng.integers(1, 5))
    x0 = rng.standard_normal(5 + 2 * (d * d + d) + d + b + d * b)

    def evaluate(x: np.ndarray):
        s = _instance(x, d, b)
        lhs, rhs, *size = sides(s)  # a line whose terms cancel gives their size
        return lhs, rhs, abs(lhs) + abs(rhs) + (size[0] if size else 0.0)

    def describe(x: np.ndarray) -> dict:
        s = _instance(x, d, b)
        out = {k: s[k] for k in ("d", "b", "tau", "ell", "gamma", "alpha", "delta")}
        return out | {f"nu_{i + 1}": float(v) for i, v in enumerate(s["nu"])}

    return Draw(x0, evaluate, describe)


def _size(s: dict) -> float:
    """The size of the terms of ‖g̃‖²_H: ‖H‖‖Ũ‖²(‖ν‖² + ‖Ũ‖²‖∇f‖²) (the values may cancel)."""
    u2 = float(np.linalg.norm(s["Ut"], 2)) ** 2
    return (
        float(np.linalg.norm(s["H"], 2))
        * u2
        * (float(s["nu"] @ s["nu"]) + u2 * s["grad"] @ s["grad"])
    )


def _quad(v: np.ndarray, A: np.ndarray, w: np.ndarray | None = None) -> float:
    return float(v @ A @ (v if w is None else w))


def _grad_term(s: dict) -> float:
    """∇fᵀŨŨᵀHŨŨᵀ∇f."""
    v = s["Ut"] @ (s["Ut"].T @ s["grad"])
    return _quad(v, s["H"])


def _nu_term(s: dict) -> float:
    """νᵀŨᵀHŨν."""
    return _quad(s["Ut"] @ s["nu"], s["H"])


def _w(s: dict) -> float:
    """‖UᵀΣ^{1/2}∇f‖²."""
    return float(np.linalg.norm(s["U"].T @ (s["root"] @ s["grad"])) ** 2)


# The statements of Lemmas 27 and 28: their conclusions, on the events of eq:U_1 and eq:smax


def _c1(s: dict) -> float:
    return (math.sqrt(s["d"]) + math.sqrt(s["b"]) + math.sqrt(2 * math.log(2 / s["delta"]))) ** 2


def _on_smax(s: dict) -> dict:
    """The instance with U shrunk onto the event ‖U‖² ≤ c₁ of eq:smax as well (it stays on
    eq:U_1's: shrinking U shrinks U1), Ũ and g̃ recomputed."""
    c1 = _c1(s)
    if s["smax"] ** 2 <= c1:
        return s
    U = s["U"] * math.sqrt(c1) / s["smax"]
    Ut = s["root"] @ U
    g = (Ut @ s["nu"] + Ut @ Ut.T @ s["grad"]) / s["b"]
    return s | dict(U=U, Ut=Ut, g=g, smax=math.sqrt(c1), u1=float(np.linalg.norm(U.sum(1)) ** 2))


def _erratum_family(s: dict) -> dict:
    """The erratum's family ("proofs of eq:nu, eq:hh, eq:tgm_3"), admissible: ν_i = ±(eq:sigma_1's
    bound) with alternating signs s, U = ûsᵀ·√c₁/‖s‖ (rank one, û from the free numbers), so
    that ‖U‖² = c₁ (eq:smax's event) and U1 = û(sᵀ1) (0 for even b: eq:U_1's event)."""
    b = s["b"]
    signs = np.array([(-1.0) ** i for i in range(b)])
    bound = s["gamma"] * s["alpha"] ** 2 * s["c3"] ** 1.5 / (6 * s["tau"] ** 1.5)
    u = s["U"][:, 0] / (np.linalg.norm(s["U"][:, 0]) + 1e-300)
    U = np.outer(u, signs) * math.sqrt(_c1(s) / b)
    if float(np.linalg.norm(U.sum(axis=1))) ** 2 > b * s["c3"]:
        U = U * math.sqrt(b * s["c3"]) / float(np.linalg.norm(U.sum(axis=1)))
    nu = bound * signs
    Ut = s["root"] @ U
    g = (Ut @ nu + Ut @ Ut.T @ s["grad"]) / b
    return s | dict(
        U=U,
        Ut=Ut,
        nu=nu,
        g=g,
        smax=float(np.linalg.norm(U, 2)),
        numax=bound**2,
        u1=float(np.linalg.norm(U.sum(axis=1)) ** 2),
    )


def _mixed(rng: np.random.Generator, sides) -> Draw:
    """Half the draws in the erratum's family (``_erratum_family``), half as ``_draw``'s."""
    if rng.random() < 0.5:
        return _draw(rng, sides)
    return _draw(rng, lambda s: sides(_erratum_family(s)))


def _hh_first(s: dict) -> float:
    """(2𝓛/b²)(νᵀUᵀUν + ∇fᵀŨUᵀUŨᵀ∇f)."""
    w = s["U"] @ (s["Ut"].T @ s["grad"])
    return 2 * s["ell"] / s["b"] ** 2 * (_unu(s) + float(w @ w))


def statement_hh_first(rng):
    """Lemma 27's statement, first line: ‖g̃‖²_H ≤ (2𝓛/b²)(νᵀUᵀUν + ∇fᵀŨUᵀUŨᵀ∇f)."""
    return _draw(rng, lambda s: (_quad(s["g"], s["H"]), _hh_first(s), _size(s)))


def statement_hh_second(rng):
    """Lemma 27's statement, second line: (2𝓛/b²)(νᵀUᵀUν + ∇fᵀŨUᵀUŨᵀ∇f) ≤
    2𝓛c₁/b²·‖UᵀΣ^{1/2}∇f‖² + 𝓛γ²α⁴c₃⁴/(18bτ³), U on the events of eq:U_1 and eq:smax."""

    def sides(s):
        s = _on_smax(s)
        rhs = 2 * s["ell"] * _c1(s) / s["b"] ** 2 * _w(s) + s["ell"] * s["gamma"] ** 2 * s[
            "alpha"
        ] ** 4 * s["c3"] ** 4 / (18 * s["b"] * s["tau"] ** 3)
        return _hh_first(s), rhs

    return _mixed(rng, sides)


def statement_tgm_3(rng):
    """Lemma 28's statement, eq:tgm_3: ‖g̃‖ ≤ γα²c₃²/(6b^{1/2}τ²) + √c₁/(bτ^{1/2})·‖UᵀΣ^{1/2}∇f‖,
    U on the events of eq:U_1 and eq:smax, Σ⁻¹ ⪯ τ⁻¹I as printed."""

    def sides(s):
        s = _on_smax(s)
        rhs = s["gamma"] * s["alpha"] ** 2 * s["c3"] ** 2 / (6 * math.sqrt(s["b"]) * s["tau"] ** 2)
        rhs += math.sqrt(_c1(s)) / (s["b"] * math.sqrt(s["tau"])) * math.sqrt(_w(s))
        return float(np.linalg.norm(s["g"])), rhs

    return _mixed(rng, sides)


# Lemma 27 (eq:hh)


def h_norm(rng):
    """‖g̃‖²_H = g̃ᵀHg̃ (with ‖x‖²_H computed as ‖H^{1/2}x‖²)."""

    def sides(s):
        w, P = np.linalg.eigh(s["H"])
        half = (P * np.sqrt(w)) @ P.T
        return float(np.linalg.norm(half @ s["g"]) ** 2), _quad(s["g"], s["H"]), _size(s)

    return _draw(rng, sides)


def h_expand(rng):
    """g̃ᵀHg̃ = (1/b²)(νᵀŨᵀHŨν + 2νᵀŨᵀHŨŨᵀ∇f + ∇fᵀŨŨᵀHŨŨᵀ∇f)."""

    def sides(s):
        Ut, nu, b = s["Ut"], s["nu"], s["b"]
        cross = _quad(Ut @ nu, s["H"], Ut @ (Ut.T @ s["grad"]))
        expanded = (_nu_term(s) + 2 * cross + _grad_term(s)) / b**2
        return _quad(s["g"], s["H"]), expanded, _size(s) / b**2

    return _draw(rng, sides)


def h_cauchy(rng):
    """(1/b²)(a + 2c + e) ≤ (2/b²)(a + e) (2xᵀHy ≤ xᵀHx + yᵀHy, H ⪰ 0)."""

    def sides(s):
        Ut, nu, b = s["Ut"], s["nu"], s["b"]
        cross = _quad(Ut @ nu, s["H"], Ut @ (Ut.T @ s["grad"]))
        return (_nu_term(s) + 2 * cross + _grad_term(s)) / b**2, 2 * (
            _nu_term(s) + _grad_term(s)
        ) / b**2

    return _draw(rng, sides)


def h_sandwich(rng):
    """∇fᵀŨŨᵀHŨŨᵀ∇f = ∇fᵀΣ^{1/2}UUᵀΣ^{-1/2}HΣ^{1/2}UUᵀΣ^{1/2}∇f, as printed (Σ^{-1/2}, not
    Σ^{1/2}, on H's left)."""

    def sides(s):
        U, r, ri, g = s["U"], s["root"], s["inv_root"], s["grad"]
        rhs = float(g @ r @ U @ U.T @ ri @ s["H"] @ r @ U @ U.T @ r @ g)
        return _grad_term(s), rhs

    return _draw(rng, sides)


def h_smooth(rng):
    """∇fᵀŨŨᵀHŨŨᵀ∇f ≤ 𝓛·∇fᵀΣ^{1/2}UUᵀUUᵀΣ^{1/2}∇f (Σ^{1/2}HΣ^{1/2} ⪯ 𝓛I)."""

    def sides(s):
        v = s["U"] @ (s["U"].T @ (s["root"] @ s["grad"]))
        return _grad_term(s), s["ell"] * float(v @ v)

    return _draw(rng, sides)


def h_split(rng):
    """∇fᵀŨŨᵀHŨŨᵀ∇f ≤ 𝓛‖U‖²‖UᵀΣ^{1/2}∇f‖²."""
    return _draw(rng, lambda s: (_grad_term(s), s["ell"] * s["smax"] ** 2 * _w(s)))


def smax_event(rng):
    """eq:smax with τ = √(2 log(2/δ)): P(s_max(U) > √d + √b + √(2 log(2/δ))) ≤ δ, U a d × b
    matrix of standard normal entries (Monte Carlo, δ ∈ [0.02, 0.49])."""
    d, b = int(rng.integers(1, 7)), int(rng.integers(1, 13))
    delta = positive(rng.standard_normal(), 0.02, 0.49)
    level = math.sqrt(d) + math.sqrt(b) + math.sqrt(2 * math.log(2 / delta))

    def sample(gen: np.random.Generator, n: int) -> np.ndarray:
        U = gen.standard_normal((n, d, b))
        return (np.linalg.norm(U, 2, axis=(1, 2)) > level).astype(float)

    return Expectation(sample, delta, 1.0, dict(d=d, b=b, delta=delta))


def h_nu_sigma(rng):
    """νᵀŨᵀHŨν = νᵀUᵀΣ^{1/2}HΣ^{1/2}Uν."""

    def sides(s):
        v = s["U"] @ s["nu"]
        size = (
            float(np.linalg.norm(s["H"], 2) * np.linalg.norm(s["Ut"], 2) ** 2) * s["nu"] @ s["nu"]
        )
        return _nu_term(s), _quad(v, s["root"] @ s["H"] @ s["root"]), size

    return _draw(rng, sides)


def _unu(s: dict) -> float:
    return float(np.linalg.norm(s["U"] @ s["nu"]) ** 2)


def h_nu_smooth(rng):
    """νᵀUᵀΣ^{1/2}HΣ^{1/2}Uν ≤ 𝓛·νᵀUᵀUν."""
    return _draw(rng, lambda s: (_nu_term(s), s["ell"] * _unu(s)))


def h_nu_max(rng):
    """𝓛·νᵀUᵀUν ≤ 𝓛 max_i ν_i²·‖U1‖² (false for ν not constant: erratum)."""
    return _draw(rng, lambda s: (s["ell"] * _unu(s), s["ell"] * s["numax"] * s["u1"]))


def h_nu_u1(rng):
    """𝓛 max_i ν_i²·‖U1‖² ≤ 𝓛bc₃·max_i ν_i² on the event of eq:U_1."""
    return _draw(
        rng, lambda s: (s["ell"] * s["numax"] * s["u1"], s["ell"] * s["b"] * s["c3"] * s["numax"])
    )


def h_nu_sigma_1(rng):
    """𝓛bc₃·max_i ν_i² ≤ b𝓛γ²α⁴c₃⁴/(36τ³) (eq:sigma_1)."""

    def sides(s):
        rhs = (
            s["b"]
            * s["ell"]
            * s["gamma"] ** 2
            * s["alpha"] ** 4
            * s["c3"] ** 4
            / (36 * s["tau"] ** 3)
        )
        return s["ell"] * s["b"] * s["c3"] * s["numax"], rhs

    return _draw(rng, sides)


# Lemma 28 (eq:tgm_3); σ in the proof is ν


def _second(s: dict) -> float:
    """‖ŨŨᵀ∇f‖."""
    return float(np.linalg.norm(s["Ut"] @ (s["Ut"].T @ s["grad"])))


def t3_triangle(rng):
    """‖g̃‖ ≤ (1/b)(‖Ũν‖ + ‖ŨŨᵀ∇f‖)."""
    return _draw(
        rng,
        lambda s: (
            float(np.linalg.norm(s["g"])),
            (float(np.linalg.norm(s["Ut"] @ s["nu"])) + _second(s)) / s["b"],
        ),
    )


def _half(s: dict) -> float:
    return float(np.linalg.norm(s["sigma"], 2)) ** 0.5


def t3_max(rng):
    """‖Ũν‖ ≤ ‖Σ^{1/2}‖‖U1‖·max_i ν_i (read max_i |ν_i|; false for ν not constant: erratum)."""
    return _draw(
        rng,
        lambda s: (
            float(np.linalg.norm(s["Ut"] @ s["nu"])),
            _half(s) * math.sqrt(s["u1"]) * math.sqrt(s["numax"]),
        ),
    )


def t3_events(rng):
    """‖Σ^{1/2}‖‖U1‖·max_i|ν_i| ≤ b^{1/2}γα²c₃²‖Σ^{1/2}‖/(6τ^{3/2}) (eq:sigma_1, eq:U_1)."""

    def sides(s):
        rhs = math.sqrt(s["b"]) * s["gamma"] * s["alpha"] ** 2 * s["c3"] ** 2 * _half(s)
        return _half(s) * math.sqrt(s["u1"] * s["numax"]), rhs / (6 * s["tau"] ** 1.5)

    return _draw(rng, sides)


def t3_tau(rng):
    """‖Σ^{1/2}‖ ≤ τ^{-1/2}, under Lemma 28's Σ⁻¹ ⪯ τ⁻¹I as printed."""

    def sides(s):
        c = math.sqrt(s["b"]) * s["gamma"] * s["alpha"] ** 2 * s["c3"] ** 2 / (6 * s["tau"] ** 1.5)
        return c * _half(s), c / math.sqrt(s["tau"])

    return _draw(rng, sides)


def t3_expand(rng):
    """‖ŨŨᵀ∇f‖² = ∇fᵀΣ^{1/2}UUᵀΣUUᵀΣ^{1/2}∇f."""

    def sides(s):
        v = s["U"] @ (s["U"].T @ (s["root"] @ s["grad"]))
        size = float(np.linalg.norm(s["Ut"], 2)) ** 4 * float(s["grad"] @ s["grad"])
        return _second(s) ** 2, _quad(v, s["sigma"]), size

    return _draw(rng, sides)


def t3_norms(rng):
    """∇fᵀΣ^{1/2}UUᵀΣUUᵀΣ^{1/2}∇f ≤ ‖Σ‖‖U‖²‖UᵀΣ^{-1/2}∇f‖², as printed (Σ^{-1/2})."""

    def sides(s):
        v = s["U"].T @ (s["inv_root"] @ s["grad"])
        return _second(s) ** 2, float(np.linalg.norm(s["sigma"], 2)) * s["smax"] ** 2 * float(v @ v)

    return _draw(rng, sides)


def t3_cs(rng):
    """(√d + √b + √(2 log(2/δ)))²‖Σ‖‖UᵀΣ^{1/2}∇f‖² ≤ τ⁻¹(…)²‖UᵀΣ^{1/2}∇f‖² (eq:cS: ‖Σ‖ ≤ 1/τ),
    under Lemma 28's Σ⁻¹ ⪯ τ⁻¹I as printed."""

    def sides(s):
        c = (math.sqrt(s["d"]) + math.sqrt(s["b"]) + math.sqrt(2 * math.log(2 / s["delta"]))) ** 2
        return c * float(np.linalg.norm(s["sigma"], 2)) * _w(s), c / s["tau"] * _w(s)

    return _draw(rng, sides)
