"""The checkers of the proof of Lemma 29 (our Lemma D.6, eq:G_norm and eq:GG).

The admissible instances, from the lemma's hypotheses: d ∈ {1, 2, 3}, b ∈ {1, …, 4},
Σ⁻¹ ∈ S' (spectrum in [τ, ζ]), f = ``common.LogCosh`` (L-smooth, γ-Lipschitz Hessian), a point
μ, α ∈ [10⁻², 1], 0 < δ < 1 and u, u_1, …, u_b on the events of eq:u_norm, ‖u‖² ≤ c₃ =
2d + 3 log(1/δ) (the line's 2d + 2 log(1/δ) is r_u here, the walk's name, not eq:c1's c₂).
Half the draws put Σ⁻¹ = τI and u on the event's boundary (where the 2 log lines are tight).
h = Σ^{1/2}u, D = Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹,
q = hᵀ∇²f(μ)h, M_±(t) = ∇²f(μ ± tαh); ‖·‖ is the spectral norm (‖∇²f‖ ≤ L needs it).

The integrals of the Taylor lines are exact: for log cosh, ∫₀¹ sech²(s + tc) dt =
(tanh(s + c) − tanh s)/c. The lines that integrate a norm use Gauss–Legendre quadrature (16
nodes) on both of their sides: the inequality checked is the same for that discrete measure
(positive weights summing to 1, exact for ∫t dt), so quadrature error cannot decide it.
"""

from __future__ import annotations

import math

import numpy as np
import sympy

from ..check import Draw, Symbolic
from .common import LogCosh, logcosh, logcosh_size, positive, shown, spd

__all__ = [
    "statement_g_norm",
    "statement_gg",
    "taylor_minus",
    "taylor_plus",
    "second_difference",
    "norm_integral",
    "smooth",
    "event_c2",
    "gg_taylor",
    "gg_norm",
    "gg_lipschitz",
    "gg_integral",
    "gg_event_c2",
    "gg_triangle",
    "gg_each",
    "gg_final",
]

_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(16)
_NODES, _WEIGHTS = (_NODES + 1) / 2, _WEIGHTS / 2  # on [0, 1], summing to 1


def _instance(x: np.ndarray, d: int, b: int, iso: bool) -> dict:
    k = logcosh_size(d, 2)
    f, mu = logcosh(x[:k], d, 2)
    tau = positive(x[k], 1e-2, 10.0)
    zeta = tau * positive(x[k + 1], 1.0, 1e2)
    m = d * d + d
    sigma_inv = spd(x[k + 2 : k + 2 + m], d, tau, zeta)
    if iso:
        zeta, sigma_inv = tau, tau * np.eye(d)
    at = k + 2 + m
    alpha = positive(x[at], 1e-2, 1.0)
    delta = positive(x[at + 1], 1e-6, 0.999)
    c3 = 2 * d + 3 * math.log(1 / delta)
    V = np.asarray(x[at + 2 : at + 2 + d * b]).reshape(d, b)
    radii = [positive(t, 1e-2, 1.0) for t in x[at + 2 + d * b : at + 2 + d * b + b]]
    if iso:
        radii = [1.0] * b
    U = np.stack(
        [math.sqrt(c3) * radii[i] * V[:, i] / (np.linalg.norm(V[:, i]) + 1e-300) for i in range(b)],
        axis=1,
    )
    w, P = np.linalg.eigh(sigma_inv)
    root, inv_root = (P / np.sqrt(w)) @ P.T, (P * np.sqrt(w)) @ P.T  # Σ^{1/2}, Σ^{-1/2}
    return dict(
        f=f,
        mu=mu,
        d=d,
        b=b,
        iso=float(iso),
        tau=tau,
        zeta=zeta,
        sigma_inv=sigma_inv,
        root=root,
        inv_root=inv_root,
        alpha=alpha,
        delta=delta,
        r_u=2 * d + 2 * math.log(1 / delta),
        c3=c3,
        U=U,
        L=f.L,
        gamma=f.gamma,
    )


#: The constants a counterexample shows beside the instance's inputs (``_draw``'s ``keys``).
_CONSTANTS = ("tau", "zeta", "L", "gamma", "delta", "r_u", "c3")


def _draw(rng: np.random.Generator, sides, keys: tuple[str, ...] = _CONSTANTS) -> Draw:
    d, b = int(rng.integers(1, 4)), int(rng.integers(1, 5))
    iso = bool(rng.random() < 0.5)
    x0 = rng.standard_normal(logcosh_size(d, 2) + 2 + d * d + d + 2 + d * b + b)

    def evaluate(x: np.ndarray):
        lhs, rhs, *size = sides(_instance(x, d, b, iso))
        return lhs, rhs, abs(lhs) + abs(rhs) + (size[0] if size else 0.0)

    def describe(x: np.ndarray) -> dict:
        """What a reader needs to recompute the sides: f (A, the rows wᵢ of W, β; μ* = 0),
        μ, Σ⁻¹, the directions (U's columns), α; then the constants the step's bound uses."""
        s = _instance(x, d, b, iso)
        f = s["f"]
        inputs = {"A": shown(f.A), "W": shown(f.W), "beta": f.beta, "μ": shown(s["mu"])}
        inputs |= {"Σ⁻¹": shown(s["sigma_inv"]), "U": shown(s["U"]), "alpha": s["alpha"]}
        bound = {k: s[k] for k in keys}  # and ‖u₁‖² against them, where they are shown
        bound |= {"norm_u_sq": float(s["U"][:, 0] @ s["U"][:, 0])} if keys else {}
        return {"d": d, "b": b, "iso": s["iso"], **inputs} | bound

    return Draw(x0, evaluate, describe)


def _sech2_mean(s: np.ndarray, c: np.ndarray) -> np.ndarray:
    """∫₀¹ sech²(s + tc) dt, exactly."""
    small = np.abs(c) < 1e-7
    safe = np.where(small, 1.0, c)
    exact = (np.tanh(s + safe) - np.tanh(s)) / safe
    return np.where(small, 1 - np.tanh(s + c / 2) ** 2, exact)


def _hessian_mean(f: LogCosh, mu: np.ndarray, step: np.ndarray) -> np.ndarray:
    """∫₀¹ ∇²f(μ + t·step) dt, exactly."""
    s = f.W @ (mu - f.mu_star)
    weights = _sech2_mean(s, f.W @ step)
    return f.A + f.beta * (f.W.T * weights) @ f.W


def _parts(s: dict, i: int = 0) -> dict:
    u = s["U"][:, i]
    h = s["root"] @ u
    f, mu, alpha = s["f"], s["mu"], s["alpha"]
    D = np.outer(s["inv_root"] @ u, s["inv_root"] @ u) - s["sigma_inv"]
    return dict(
        u=u,
        h=h,
        D=D,
        second=f(mu - alpha * h) + f(mu + alpha * h) - 2 * f(mu),
        q=float(h @ f.hessian(mu) @ h),
        plus=_hessian_mean(f, mu, alpha * h),
        minus=_hessian_mean(f, mu, -alpha * h),
    )


def _norm(A: np.ndarray) -> float:
    return float(np.linalg.norm(A, 2))


def _taylor(s: dict, sign: float):
    p = _parts(s)
    f, mu, alpha, h = s["f"], s["mu"], s["alpha"], p["h"]
    lhs = f(mu + sign * alpha * h)
    mean = p["plus"] if sign > 0 else p["minus"]
    rhs = f(mu) + sign * alpha * float(f.gradient(mu) @ h) + alpha**2 * float(h @ mean @ h)
    return lhs, rhs


def taylor_minus(rng):
    """f(μ − αh) = f(μ) − α⟨∇f, h⟩ + α²hᵀ[∫₀¹∇²f(μ − tαh) dt]h, as printed (no 1 − t)."""
    return _draw(rng, lambda s: _taylor(s, -1.0), keys=())  # its sides are values of f


def taylor_plus(rng):
    """f(μ + αh) = f(μ) + α⟨∇f, h⟩ + α²hᵀ[∫₀¹∇²f(μ + tαh) dt]h, as printed."""
    return _draw(rng, lambda s: _taylor(s, 1.0), keys=())


def _printed_integral(s: dict, p: dict) -> float:
    """α²|hᵀ[∫₀¹(M₊ + M₋) dt]h|·‖D‖ (the printed Taylor expansions, summed)."""
    return s["alpha"] ** 2 * abs(float(p["h"] @ (p["plus"] + p["minus"]) @ p["h"])) * _norm(p["D"])


def second_difference(rng):
    """‖(f(μ − αh) + f(μ + αh) − 2f(μ))D‖ = α²‖hᵀ[∫₀¹(M₊ + M₋) dt]h·D‖."""

    def sides(s):
        p = _parts(s)
        return abs(p["second"]) * _norm(p["D"]), _printed_integral(s, p)

    return _draw(rng, sides)


def _quad_norms(s: dict, p: dict, centre: bool) -> float:
    """Σ_j w_j‖M₊(t_j) + M₋(t_j) (− 2∇²f(μ))‖: ∫₀¹‖…‖ dt by quadrature."""
    f, mu, alpha, h = s["f"], s["mu"], s["alpha"], p["h"]
    H = f.hessian(mu)
    return float(
        sum(
            w
            * _norm(f.hessian(mu + t * alpha * h) + f.hessian(mu - t * alpha * h) - 2 * H * centre)
            for t, w in zip(_NODES, _WEIGHTS, strict=True)
        )
    )


def _quad_matrix(s: dict, p: dict) -> np.ndarray:
    f, mu, alpha, h = s["f"], s["mu"], s["alpha"], p["h"]
    return sum(
        w * (f.hessian(mu + t * alpha * h) + f.hessian(mu - t * alpha * h))
        for t, w in zip(_NODES, _WEIGHTS, strict=True)
    )


def norm_integral(rng):
    """α²|hᵀ[∫(M₊ + M₋)]h|‖D‖ ≤ α²‖h‖²·∫‖M₊ + M₋‖ dt·‖D‖ (both integrals by quadrature)."""

    def sides(s):
        p = _parts(s)
        a2, h, D = s["alpha"] ** 2, p["h"], _norm(p["D"])
        lhs = a2 * abs(float(h @ _quad_matrix(s, p) @ h)) * D
        return lhs, a2 * float(h @ h) * _quad_norms(s, p, False) * D

    return _draw(rng, sides)


def _smooth_rhs(s: dict, p: dict) -> float:
    v = s["inv_root"] @ p["u"]
    return (
        2
        * s["L"]
        * s["alpha"] ** 2
        * float(p["h"] @ p["h"])
        * (float(v @ v) + _norm(s["sigma_inv"]))
    )


def smooth(rng):
    """α²‖h‖²∫‖M₊ + M₋‖‖D‖ ≤ 2Lα²‖h‖²(‖Σ^{-1/2}u‖² + ‖Σ⁻¹‖)."""

    def sides(s):
        p = _parts(s)
        lhs = s["alpha"] ** 2 * float(p["h"] @ p["h"]) * _quad_norms(s, p, False) * _norm(p["D"])
        return lhs, _smooth_rhs(s, p)

    return _draw(rng, sides)


def event_c2(rng):
    """2Lα²‖h‖²(‖Σ^{-1/2}u‖² + ‖Σ⁻¹‖) ≤ 2Lτ⁻¹α²r_u(ζr_u + √dζ), u on eq:u_norm's event (c₃)."""

    def sides(s):
        r_u, zeta = s["r_u"], s["zeta"]
        rhs = (
            2 * s["L"] / s["tau"] * s["alpha"] ** 2 * r_u * (zeta * r_u + math.sqrt(s["d"]) * zeta)
        )
        return _smooth_rhs(s, _parts(s)), rhs

    return _draw(rng, sides)


def _bracket(s: dict, p: dict) -> float:
    """(f(μ − αh) + f(μ + αh) − 2f(μ))/(2α²) − q (f(μ − ·) twice read as f(μ − ·) + f(μ + ·))."""
    return p["second"] / (2 * s["alpha"] ** 2) - p["q"]


def gg_taylor(rng):
    """(…)/(2α²) − q = hᵀ[∫(M₋ + M₊)/2 dt]h − q (the printed expansions)."""

    def sides(s):
        p = _parts(s)
        rhs = float(p["h"] @ (p["plus"] + p["minus"]) @ p["h"]) / 2 - p["q"]
        return _bracket(s, p), rhs, abs(p["q"])

    return _draw(rng, sides)


def gg_norm(rng):
    """hᵀ[∫(M₋ + M₊)/2]h − q ≤ ‖h‖²·∫‖M₋ + M₊ − 2∇²f(μ)‖/2 dt (quadrature on both sides)."""

    def sides(s):
        p = _parts(s)
        lhs = float(p["h"] @ _quad_matrix(s, p) @ p["h"]) / 2 - p["q"]
        return lhs, float(p["h"] @ p["h"]) * _quad_norms(s, p, True) / 2, abs(p["q"])

    return _draw(rng, sides)


def gg_lipschitz(rng):
    """‖h‖²∫‖M₋ + M₊ − 2∇²f‖/2 dt ≤ uᵀΣu·∫γtα‖h‖ dt (eq:gamma_1; quadrature on both sides)."""

    def sides(s):
        p = _parts(s)
        n2 = float(p["h"] @ p["h"])
        rhs = n2 * float(sum(w * s["gamma"] * t * s["alpha"] for t, w in zip(_NODES, _WEIGHTS)))
        return n2 * _quad_norms(s, p, True) / 2, rhs * math.sqrt(n2)

    return _draw(rng, sides)


def gg_integral(rng):
    """uᵀΣu·∫₀¹γtα‖h‖ dt = uᵀΣu·αγ‖h‖/2 (sympy)."""
    t, g, a, n, q = sympy.symbols("t gamma alpha n q", positive=True)
    return Symbolic(q * sympy.integrate(g * t * a * n, (t, 0, 1)), q * a * g * n / 2)


def gg_event_c2(rng):
    """uᵀΣu·αγ‖h‖/2 ≤ γr_u^{3/2}α/(2τ^{3/2}), u on eq:u_norm's event (c₃)."""

    def sides(s):
        n = float(np.linalg.norm(s["root"] @ s["U"][:, 0]))
        rhs = s["gamma"] * s["r_u"] ** 1.5 * s["alpha"] / (2 * s["tau"] ** 1.5)
        return n**2 * s["alpha"] * s["gamma"] * n / 2, rhs

    return _draw(rng, sides)


def _all_parts(s: dict) -> list[dict]:
    return [_parts(s, i) for i in range(s["b"])]


def _terms(s: dict, ps: list[dict]) -> float:
    """(1/2b)Σ_i |(…)_i/(2α²) − q_i|·‖D_i‖₂."""
    return sum(abs(_bracket(s, p)) * _norm(p["D"]) for p in ps) / (2 * s["b"])


def gg_triangle(rng):
    """‖Ḡ − (1/2b)Σ_i q_iD_i‖₂ ≤ (1/2b)Σ_i|(…)_i/(2α²) − q_i|‖D_i‖₂ (Ḡ as eq:bG, its
    Σ^{-1/2}uuᵀΣ^{-1/2}Σ^{-1/2} read Σ^{-1/2}uuᵀΣ^{-1/2})."""

    def sides(s):
        ps = _all_parts(s)
        G = sum(p["second"] * p["D"] for p in ps) / (2 * s["b"] * s["alpha"] ** 2)
        lhs = _norm(G - sum(p["q"] * p["D"] for p in ps) / (2 * s["b"]))
        return lhs, _terms(s, ps)

    return _draw(rng, sides)


def _each_rhs(s: dict, ps: list[dict]) -> float:
    c = s["gamma"] * s["r_u"] ** 1.5 * s["alpha"] / (4 * s["tau"] ** 1.5)
    return c * max(
        _norm(np.outer(s["inv_root"] @ p["u"], s["inv_root"] @ p["u"])) + _norm(s["sigma_inv"])
        for p in ps
    )


def gg_each(rng):
    """(1/2b)Σ_i|(…)_i/(2α²) − q_i|‖D_i‖₂ ≤ γr_u^{3/2}α/(4τ^{3/2})·(‖Σ^{-1/2}u_iu_iᵀΣ^{-1/2}‖₂ +
    ‖Σ⁻¹‖₂), the free i read as the worst."""

    def sides(s):
        ps = _all_parts(s)
        return _terms(s, ps), _each_rhs(s, ps)

    return _draw(rng, sides)


def gg_final(rng):
    """γr_u^{3/2}α/(4τ^{3/2})·max_i(‖Σ^{-1/2}u_iu_iᵀΣ^{-1/2}‖₂ + ‖Σ⁻¹‖₂) ≤
    r_u^{3/2}(r_u + 1)ζγα/(4τ^{3/2}) (eq:cS, eq:u_norm), the u_i on eq:u_norm's events (c₃)."""

    def sides(s):
        rhs = s["r_u"] ** 1.5 * (s["r_u"] + 1) * s["zeta"] * s["gamma"] * s["alpha"]
        return _each_rhs(s, _all_parts(s)), rhs / (4 * s["tau"] ** 1.5)

    return _draw(rng, sides)


# the statement of Lemma 29: its conclusions, u and the u_i on eq:u_norm's events (c₃)


def statement_g_norm(rng):
    """eq:G_norm: ‖(f(μ − αh) + f(μ + αh) − 2f(μ))D‖₂ ≤ 2Lτ⁻¹α²r_u(ζr_u + √dζ), as printed (r_u =
    2d + 2 log(1/δ)), u on eq:u_norm's event ‖u‖² ≤ c₃."""

    def sides(s):
        p = _parts(s)
        r_u, zeta = s["r_u"], s["zeta"]
        rhs = (
            2 * s["L"] / s["tau"] * s["alpha"] ** 2 * r_u * (zeta * r_u + math.sqrt(s["d"]) * zeta)
        )
        return abs(p["second"]) * _norm(p["D"]), rhs

    return _draw(rng, sides)


def statement_gg(rng):
    """eq:GG: ‖Ḡ − (1/2b)Σ_i q_iD_i‖₂ ≤ c₃^{3/2}(c₃ + 1)ζγα/(4τ^{3/2}) (the statement's 3 log),
    the u_i on eq:u_norm's events."""

    def sides(s):
        ps = _all_parts(s)
        G = sum(p["second"] * p["D"] for p in ps) / (2 * s["b"] * s["alpha"] ** 2)
        lhs = _norm(G - sum(p["q"] * p["D"] for p in ps) / (2 * s["b"]))
        c3 = s["c3"]
        rhs = c3**1.5 * (c3 + 1) * s["zeta"] * s["gamma"] * s["alpha"] / (4 * s["tau"] ** 1.5)
        return lhs, rhs

    return _draw(rng, sides)


# the statement as printed: how often its 2 log event, and its bound, can fail


def printed_tails(d: int = 5, log_inv_delta: float = 30.0) -> dict[str, float]:
    """How often eq:G_norm's printed 2 log can fail, over δ = e^{−log_inv_delta}, exact (scipy's
    χ² survival function), r_u = 2d + 2 log(1/δ): "event", P(‖u‖² > r_u)/δ, the event the
    proof's lines use; "statement", P(‖u‖⁴ > 2r_u(r_u + √d))/δ, a bound on how often the
    printed eq:G_norm itself fails, since its left side is at most Lα²‖Σ^{1/2}u‖²‖D‖₂ ≤
    Lα²τ⁻¹ζ‖u‖⁴ (the second difference with the Taylor weight 1 − t is at most Lα²‖Σ^{1/2}u‖²,
    ‖D‖₂ ≤ ζ max(‖u‖², 1)); "worst", the largest "statement" over d ∈ {1, …, 500},
    log(1/δ) ∈ [0.1, 50] (25 points).

    >>> t = printed_tails(2, 1.0)  # χ²₂ > s has probability e^{−s/2}
    >>> math.isclose(t["event"], math.exp(-(4 + 2) / 2 + 1))
    True
    >>> math.isclose(t["statement"], math.exp(-math.sqrt(12 * (6 + math.sqrt(2))) / 2 + 1))
    True
    """
    from scipy.stats import chi2

    def ratios(n: int, x: float) -> tuple[float, float]:
        r_u = 2 * n + 2 * x
        edge = math.sqrt(2 * r_u * (r_u + math.sqrt(n)))
        return math.exp(chi2.logsf(r_u, n) + x), math.exp(chi2.logsf(edge, n) + x)

    event, statement = ratios(d, log_inv_delta)
    grid = [(n, y) for n in (1, 2, 5, 10, 50, 100, 500) for y in np.geomspace(0.1, 50, 25)]
    worst = max(ratios(n, float(y))[1] for n, y in grid)
    return {"event": event, "statement": statement, "worst": worst}


def two_log_note() -> str:
    """The note under step 1 of Lemma D.6's walk (the statement's eq:G_norm; its spec's
    ``note``): why its 2 log is read as a typo, and how often the statement as printed can
    fail (``printed_tails``, exact χ² tails), in Markdown."""
    from mines_theory.numbers import format_number, powers_of_ten

    tails = printed_tails(5, 30.0)
    said = {k: powers_of_ten(format_number(v, 3 if k == "event" else 2)) for k, v in tails.items()}
    return (
        "*Why a typo, and what the statement as printed claims.* The proof cites eq:u_norm, "
        "which gives ‖u‖² ≤ 2d + 3 log(1/δ); the lemma's own eq:GG prints 3 log, and so does "
        "Lemma 30's eq:G_norm_1, which rests on this bound. The event of the printed 2 log, "
        "‖u‖² ≤ r<sub>u</sub>, can fail with probability above δ: at d = 5, δ = e⁻³⁰, "
        f"P(χ²₅ > r<sub>u</sub>) = {said['event']}δ. The printed bound itself still holds with "
        "probability ≥ 1 − δ: its left side is at most Lα²τ⁻¹ζ‖u‖⁴ (the second difference, "
        "with the Taylor weight 1 − t, is at most Lα²‖Σ<sup>1/2</sup>u‖², half what the "
        "printed expansions give), so it fails only where ‖u‖⁴ > 2r<sub>u</sub>(r<sub>u</sub> "
        f"+ √d): probability {said['statement']}δ there, at most {said['worst']}δ for d from "
        "1 to 500 and log(1/δ) from 0.1 to 50 (exact χ² tails). The counterexample lies in that "
        "tail: the statement stands, as the ledger finds, while the proof's lines need the 3 log."
    )
