"""Appendix A: the sets S, S' and the projection (Propositions A.1 and A.2 = ``prop:project``)
and the mirror step."""

from __future__ import annotations

import numpy as np
import sympy as sp

from mines_theory.linalg.spd import (
    project_eigenvalues,
    random_rotation,
    random_spd,
    spectrum_within,
)
from ...framework.decisions import identity_within, status_of
from ...framework.declare import claim
from ...framework.sizes import Data
from ...framework.stats import largest, smallest
from ...framework.verdict import Kind, Measurement, Qualifier, Status, Verdict
from mines_theory.theory.derivations.nes import (
    mirror_step,
    symmetric_matrix_symbol,
    bregman_divergence,
    paper_bregman_divergence,
)

__all__ = [
    "check_mirror_step",
    "check_proposition_a1",
    "check_proposition_a2",
    "clipped_counterexample",
    "decide_mirror_step",
    "decide_proposition_a1",
    "decide_proposition_a2",
]


def decide_proposition_a1(outside: int) -> Status:
    """Prop. A.1's status: no convex combination of members of S' (or of S) left the set
    (``outside``, the count of those that did, is 0).

    >>> decide_proposition_a1(0).value, decide_proposition_a1(1).value
    ('holds', 'fails')
    """
    return status_of(convex=outside == 0)


@claim("Prop. A.1", minimum=Data(draws=1, at={"draws": "cases"}))
def check_proposition_a1(cases: int = 500) -> Verdict:
    """Prop. A.1: S and S' are convex: random convex combinations of members stay members
    ("not checked" without a case)."""
    rng = np.random.default_rng(4)
    outside = 0
    for _ in range(cases):
        d = int(rng.integers(1, 6))
        tau, zeta = sorted(rng.uniform(0.1, 8.0, 2))
        members = [random_spd(rng, d, tau, zeta) for _ in range(2)]  # in S'
        beta = rng.uniform()
        mix = beta * members[0] + (1 - beta) * members[1]
        w = np.linalg.eigvalsh(mix)
        outside += not (w[0] >= tau * (1 - 1e-12) and w[-1] <= zeta * (1 + 1e-12))
        inverse_mix = beta * np.linalg.inv(members[0]) + (1 - beta) * np.linalg.inv(members[1])
        w = np.linalg.eigvalsh(inverse_mix)  # in S
        outside += not (w[0] >= (1 / zeta) * (1 - 1e-12) and w[-1] <= (1 / tau) * (1 + 1e-12))
    return Verdict(
        decide_proposition_a1(outside),
        "{cases} random convex combinations in S' and in S: {outside} left the set",
        (
            Measurement("cases", cases, kind=Kind.COUNT),
            Measurement("outside", outside, kind=Kind.COUNT),
        ),
    )


@claim("Prop. A.2", minimum=Data(draws=1, at={"draws": "cases"}))
def check_proposition_a2(projection=project_eigenvalues, cases: int = 200) -> Verdict:
    """Prop. A.2 / eq:proj_cs_prime. Clipping the spectrum to [τ, ζ] is the Frobenius
    projection onto S' = {τI ⪯ X ⪯ ζI}: checked by the variational inequality
    ⟨A − P, Y − P⟩ ≤ 0 for 50 random Y ∈ S' in each of ``cases`` random symmetric A. The paper
    prints the bounds of S instead ([ζ⁻¹, τ⁻¹]); the counterexample τ = 1/2, ζ = 4,
    spectrum {3, 0.3} shows that the printed rule leaves S' ("not checked" without a case)."""
    rng = np.random.default_rng(0)
    products = []
    for _ in range(cases):
        d = int(rng.integers(1, 6))
        A = rng.normal(0, 5, (d, d))
        A = 0.5 * (A + A.T)
        tau, zeta = sorted(rng.uniform(0.1, 8.0, 2))
        P = projection(A, tau, zeta)
        for _ in range(50):
            Q = random_rotation(rng, d)
            Y = (Q * rng.uniform(tau, zeta, d)) @ Q.T
            products.append(float(np.sum((A - P) * (Y - P))) / (1 + np.abs(A).max() * zeta))
    worst = largest(products, "normalized ⟨A − P, Y − P⟩")
    in_set = spectrum_within(projection(np.diag([3.0, 0.3]), 0.5, 4.0), 0.5 - 1e-12, 4.0 + 1e-12)
    printed, printed_outside = clipped_counterexample(printed=True)
    measurements = (
        Measurement("cases", cases, kind=Kind.COUNT),
        Measurement("worst", worst, 1e-10, Kind.BELOW),
        Measurement("low", printed[0], 1e-12),
        Measurement("high", printed[-1], 1e-12),
    )
    status = decide_proposition_a2(worst, in_set, printed_outside)
    if status is Status.FAILS:
        return Verdict(
            Status.FAILS,
            "clipping to [τ, ζ] violates the projection inequality "
            "(largest normalized ⟨A − P, Y − P⟩ {worst}; {cases} cases; the printed "
            "rule gives spectrum {{{high}, {low}}})",
            measurements,
        )
    return Verdict(
        status,
        "clipping the spectrum to [τ, ζ] is the projection onto S' ({cases} random "
        "cases, largest normalized ⟨A − P, Y − P⟩ {worst}); eq:proj_cs_prime and "
        "Prop. A.2 print the bounds [ζ⁻¹, τ⁻¹] of S, which map the spectrum {{3, 0.3}} "
        "to {{{high}, {low}}} for τ = 1/2, ζ = 4" + (", outside S'" if printed_outside else ""),
        measurements,
    )


def decide_proposition_a2(worst: float, in_set: bool, printed_outside: bool) -> Status:
    """Prop. A.2's status, and eq:proj_cs_prime's flag (status "erratum"): "fails" when clipping
    to [τ, ζ] is not the projection onto S' (a normalized ⟨A − P, Y − P⟩ of 10⁻¹⁰ or more, or
    the counterexample's clipped spectrum not ``in_set``), the control of the erratum; else
    "erratum" when the printed interval [ζ⁻¹, τ⁻¹] maps the counterexample outside S'
    (``printed_outside``), "holds" when it does not. Undecidable on a NaN ``worst``.

    >>> [decide_proposition_a2(w, True, True).value for w in (0.0, 1e-9)]
    ['erratum', 'fails']
    """
    if not identity_within(worst, 1e-10) or not in_set:
        return Status.FAILS
    return Status.ERRATUM if printed_outside else Status.HOLDS


def clipped_counterexample(printed: bool) -> tuple[np.ndarray, bool]:
    """The spectrum {3, 0.3} clipped to the printed interval [ζ⁻¹, τ⁻¹] (``printed``) or to
    [τ, ζ] (τ = 1/2, ζ = 4), and whether the result leaves S' = {τI ⪯ X ⪯ ζI}."""
    tau, zeta = 0.5, 4.0
    low, high = (1 / zeta, 1 / tau) if printed else (tau, zeta)
    spectrum = np.linalg.eigvalsh(project_eigenvalues(np.diag([3.0, 0.3]), low, high))
    return spectrum, not (spectrum[0] >= tau - 1e-12 and spectrum[-1] <= zeta + 1e-12)


def decide_mirror_step(closed_form: bool, mirror: bool, average: bool, least: float) -> Status:
    """Section 4's status, four parts: B_R's printed closed form (sympy, ``closed_form``), the
    minimizer of eq:mirror_prox is eq:Sig_up (sympy, ``mirror``), η₂,k = 1/k averages the
    estimates (sympy, ``average``), and B_R is non-negative over the random pairs (its smallest
    value ``least`` at least −10⁻¹²).

    >>> decide_mirror_step(True, True, True, 0.54).value
    'holds'
    >>> decide_mirror_step(True, True, True, -1e-6).value
    'fails'
    """
    return status_of(
        closed_form=closed_form, mirror=mirror, average=average, nonnegative=least >= -1e-12
    )


@claim("Sec. 4", minimum=Data(draws=1, at={"draws": "pairs"}))
def check_mirror_step(pairs: int = 2000) -> Verdict:
    """Section 4, "Mirror descent of Σ": the Bregman divergence of R(Σ) = −α²/2·log det Σ equals
    its printed closed form (sympy, d = 2); it is non-negative (``pairs`` random SPD pairs,
    d = 4); the minimizer of eq:mirror_prox is eq:Sig_up (sympy: solved for d = 1, the
    stationarity residual of eq:Sig_up's Σ for d = 2); and η₂,k = 1/k makes Σ_k⁻¹ the average
    of the estimates (sympy, K = 6). "Not checked" without a pair."""
    alpha = sp.Symbol("alpha", positive=True)
    S1, S2 = symmetric_matrix_symbol("a", 2), symmetric_matrix_symbol("b", 2)
    difference = bregman_divergence(S1, S2, alpha) - paper_bregman_divergence(S1, S2, alpha)
    closed_form = sp.simplify(sp.expand_log(difference, force=True)) == 0
    rng = np.random.default_rng(0)
    values = []
    for _ in range(pairs):
        X, Y = rng.normal(size=(2, 4, 4))
        A, B = X @ X.T + 0.1 * np.eye(4), Y @ Y.T + 0.1 * np.eye(4)
        value = -0.5 * (
            np.linalg.slogdet(A @ np.linalg.inv(B))[1] - np.trace(np.linalg.solve(B, A)) + 4
        )
        values.append(value)
    least = smallest(values, "B_R over random pairs")
    solved, printed = mirror_step(1)
    mirror = sp.simplify(solved - printed) == 0 and mirror_step(2) == sp.zeros(2, 2)
    K = 6
    x = [sp.Symbol("x_1")]
    e = sp.symbols(f"e_1:{K + 1}")
    for k in range(1, K + 1):
        x.append(sp.simplify(x[-1] + (e[k - 1] - x[-1]) / k))  # x_{k+1} = x_k + (1/k)(e_k − x_k)
    average = sp.simplify(x[-1] - sum(e) / K) == 0
    qualifiers = (
        Qualifier(
            "closed form of B_R (sympy)", "definition − printed closed form = 0, d = 2", closed_form
        ),
        Qualifier(
            "eq:mirror_prox gives eq:Sig_up (sympy)",
            "solved for d = 1; stationarity residual of eq:Sig_up's Σ is 0 for d = 2",
            mirror,
        ),
        Qualifier(
            "1/k steps average the estimates (sympy)",
            "x_{k+1} = x_k + (e_k − x_k)/k gives x_7 = mean(e_1..e_6)",
            average,
        ),
    )
    return Verdict(
        decide_mirror_step(bool(closed_form), bool(mirror), bool(average), least),
        "B_R(Σ₁, Σ₂) over {pairs} random pairs (d = 4, α = 1): smallest {smallest}",
        (Measurement("pairs", pairs, kind=Kind.COUNT), Measurement("smallest", least, 1e-9)),
        qualifiers,
        data={"solved": solved, "printed": printed, "average": x[-1]},
    )
