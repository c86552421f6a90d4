"""The engine of the walk: run one step's checker and decide its status.

A checker is a function of a ``numpy.random.Generator`` returning one of

``Symbolic(lhs, rhs)``
    two sympy expressions; the step is an identity when ``simplify(lhs − rhs) == 0`` (the
    symbols carry their assumptions), and fails otherwise, with the simplified difference and
    a numeric ``witness`` (a substitution at which the difference is not 0) as counterexample.
``Draw(x0, sides, describe)``
    one admissible instance of the proof's numeric model: ``sides(x)`` maps a free vector ``x``
    (any real vector of ``x0``'s length) to an admissible instance and returns its
    ``(lhs, rhs, scale)``, scalars or symmetric matrices; ``describe(x)`` names the instance's
    values, to print a counterexample. Common terms of both sides are dropped by the model.
``Expectation(sample, rhs, scale, describe)``
    one instance of a step ``E[Z] relation rhs`` (a probability is the expectation of an
    indicator): ``sample(rng, n)`` returns n independent draws of Z, ``rhs`` is the right side,
    exact; ``describe`` names the instance.

For a numeric step the engine draws ``draws`` instances (their integer parts, dimensions, drawn
with them), computes each one's normalized margin (``margin``: (rhs − lhs)/scale for "<=", the
least eigenvalue of rhs − lhs over scale for "preceq", −‖lhs − rhs‖/scale for "="), then runs
an adversarial search (``scipy.optimize.minimize``, Nelder–Mead) on the margin from the
``starts`` worst draws. The step holds when the worst margin found is ≥ −``TOLERANCE`` (an "="
step is then an identity at random dimensions), and fails otherwise, with the instance.

For an ``expectation`` step the engine draws ``min(draws, EXPECTATION_INSTANCES)`` instances
and ``MONTE_CARLO_DRAWS`` draws of Z at each (a fixed ``SeedSequence``, the step's), and
estimates D = E[Z] − rhs by the sample mean with its standard error SE. A "<=" step fails when
the estimate is above 0 by more than ``K_SE`` = 4 standard errors (">=": below 0 by more than
4 SE; "=": |D| > 4 SE), beyond the rounding ``TOLERANCE``·scale as well (a line that holds with
equality draw by draw has SE ≈ 0), the estimate ± SE printed; otherwise it holds, and the worst
normalized margin −D/scale (for "<=") is reported, with the check's power: the least error
(as a share of the scale) that it would detect, 4 SE over the scale at the least precise
instance. At 4 SE a true step is flagged with
probability below 3.2e-5 per instance (a normal tail).

``perturb`` makes the step false on purpose, to show that the checker can fail:
``"scaled"`` moves the right side against the relation (halved or doubled so that it is
smaller for "<=", larger for ">=", doubled for "="); ``"reversed"`` reverses the relation.
"""

from __future__ import annotations

import importlib
import json
import math
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .spec import Step

__all__ = [
    "EXPECTATION_INSTANCES",
    "K_SE",
    "MONTE_CARLO_DRAWS",
    "TOLERANCE",
    "Draw",
    "Expectation",
    "Outcome",
    "StepResult",
    "Symbolic",
    "monte_carlo",
    "in_regime",
    "margin",
    "run",
    "seed_of",
]

#: Normalized margins above −TOLERANCE count as holding (rounding of double precision).
TOLERANCE = 1e-10
#: An expectation step fails when its estimate is beyond 0 by more than K_SE standard errors.
K_SE = 4.0
#: Monte Carlo draws per instance of an expectation step.
MONTE_CARLO_DRAWS = 20_000
#: Instances (draws of the model's parameters) per expectation step, at most.
EXPECTATION_INSTANCES = 4

_REVERSED = {
    "=": "=",
    "<=": ">=",
    ">=": "<=",
    "<": ">",
    ">": "<",
    "preceq": "succeq",
    "succeq": "preceq",
}


@dataclass(frozen=True)
class Symbolic:
    """Both sides of a step as sympy expressions, and a substitution to evaluate a difference."""

    lhs: Any
    rhs: Any
    witness: Mapping[Any, float] = field(default_factory=dict)
    #: a change of variables (symbol → expression) under which sympy simplifies the difference
    change: Mapping[Any, Any] = field(default_factory=dict)
    #: its inverse, to print the difference in the line's own symbols
    back: Mapping[Any, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Draw:
    """One draw of a proof's numeric model (see the module docstring)."""

    x0: np.ndarray
    sides: Callable[[np.ndarray], tuple[Any, Any, float]]
    describe: Callable[[np.ndarray], Mapping[str, float | str]]  # a str: a vector, a matrix


@dataclass(frozen=True)
class Expectation:
    """One instance of an expectation step (see the module docstring)."""

    sample: Callable[[np.random.Generator, int], np.ndarray]
    rhs: float
    scale: float
    describe: Mapping[str, float | str]  # a str: a vector, a matrix (``models.common.shown``)
    #: the draws of Z averaged into each value ``sample`` returns (independent means, so the
    #: standard error is computed from them as from single draws)
    batch: int = 1


@dataclass(frozen=True)
class Outcome:
    """What a step's own check found: ``identity``, ``holds`` or ``fails``, with the evidence."""

    status: str
    evidence: str
    instances: int = 0
    worst_margin: float | None = None
    counterexample: Mapping[str, Any] | None = None
    #: where ``counterexample`` lies outside the proof's regime (``spec.Proof.regime``): the
    #: worst failing random instance inside it, None where none of the draws is one
    inside: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class StepResult:
    """A walked step: the step's spec fields, its status and the evidence behind it; ``after``,
    the index of the first false step the proof reaches this line through (``walk.walk``), or
    None."""

    proof: str
    printed: str
    index: int
    latex: str
    relation: str
    status: str
    reason: str
    evidence: str
    instances: int
    worst_margin: float | None
    counterexample: Mapping[str, Any] | None
    erratum: str | None
    after: int | None = None
    #: the outcome of the step's check with its erratum's correction (``Step.corrected``):
    #: ``status``, ``evidence``, ``counterexample``; None where the spec names none
    corrected: Mapping[str, Any] | None = None
    #: a failing instance inside the proof's regime where ``counterexample`` is outside it
    #: (``Outcome.inside``); left out of the JSON where None
    inside: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-ready dict."""
        out = dict(self.__dict__)
        out["counterexample"] = None if self.counterexample is None else dict(self.counterexample)
        out["corrected"] = None if self.corrected is None else dict(self.corrected)
        if self.inside is None:
            del out["inside"]
        else:
            out["inside"] = dict(self.inside)
        return json.loads(json.dumps(out, default=float))


def seed_of(step: Step) -> np.random.SeedSequence:
    """The fixed seed of a step: its proof's name and index, hashed (crc32)."""
    return np.random.SeedSequence([20260, zlib.crc32(f"{step.proof}:{step.index}".encode())])


def _perturbed_rhs(rhs: Any, relation: str) -> Any:
    if relation == "=":
        return 2 * rhs
    if isinstance(rhs, np.ndarray) and rhs.ndim == 2:
        lam = np.linalg.eigvalsh(rhs)
        up = relation in ("<=", "<", "preceq") and lam.min() > 0
        return rhs / 2 if up else 2 * rhs
    smaller = relation in ("<=", "<", "preceq")
    if smaller:
        return rhs / 2 if rhs > 0 else 2 * rhs
    return 2 * rhs if rhs > 0 else rhs / 2


def margin(lhs: Any, rhs: Any, scale: float, relation: str) -> float:
    """The normalized margin of ``lhs relation rhs``: ≥ 0 where it holds (see module doc)."""
    scale = float(scale) if scale > 0 else 1.0
    if relation == "=":
        return -float(np.linalg.norm(np.asarray(lhs) - np.asarray(rhs))) / scale
    if relation in ("<=", "<"):
        return float(rhs - lhs) / scale
    if relation in (">=", ">"):
        return float(lhs - rhs) / scale
    if relation == "preceq":
        return float(np.linalg.eigvalsh(np.asarray(rhs) - np.asarray(lhs)).min()) / scale
    if relation == "succeq":
        return float(np.linalg.eigvalsh(np.asarray(lhs) - np.asarray(rhs)).min()) / scale
    raise ValueError(f"relation must be one of {tuple(_REVERSED)}, got {relation!r}")


def model_function(name: str) -> Callable[..., Any]:
    """The function ``name``, "module:function", of the walk's ``models`` (a step's checker,
    its corrected check, or its page's note), imported when asked for."""
    module, _, function = name.partition(":")
    mod = importlib.import_module(f"{__package__}.models.{module}")
    return getattr(mod, function)


def _checker(step: Step) -> Callable[[np.random.Generator], Any]:
    assert step.checker is not None
    return model_function(step.checker)


def _symbolic(step: Step, result: Symbolic, perturb: str | None) -> Outcome:
    import sympy

    rhs = 2 * result.rhs if perturb is not None else result.rhs
    difference = result.lhs - rhs
    value = float(difference.subs(result.witness)) if result.witness else math.nan
    difference = sympy.simplify(
        sympy.expand(sympy.powsimp(sympy.expand(difference.subs(result.change))))
    )
    if difference == 0:
        return Outcome("identity", "sympy: lhs − rhs simplifies to 0")
    difference = sympy.factor(difference.subs(result.back))
    return Outcome(
        "fails",
        f"sympy: lhs − rhs = {difference}",
        counterexample={
            **{str(k): float(v) for k, v in result.witness.items()},
            "lhs - rhs": value,
        },
    )


def _numeric(
    step: Step,
    rng: np.random.Generator,
    checker: Callable,
    draws: int,
    starts: int,
    perturb: str | None,
    max_evaluations: int,
    regime: tuple[str, ...] = (),
) -> Outcome:
    from scipy.optimize import minimize

    relation = step.relation
    if perturb == "reversed":
        relation = _REVERSED[relation]

    def margin_of(draw: Draw, x: np.ndarray) -> float:
        lhs, rhs, scale = draw.sides(x)
        if perturb == "scaled":
            rhs = _perturbed_rhs(rhs, step.relation)
        value = margin(lhs, rhs, scale, relation)
        return value if math.isfinite(value) else math.inf

    found: list[tuple[float, Draw, np.ndarray]] = []
    for _ in range(draws):
        draw = checker(rng)
        found.append((margin_of(draw, draw.x0), draw, draw.x0))
        if perturb is not None and found[-1][0] < -TOLERANCE:
            break  # a perturbed step needs one counterexample, not the worst
    found.sort(key=lambda t: t[0])
    worst = found[0]
    for m0, draw, x0 in found[:starts]:
        if m0 < -TOLERANCE:
            continue  # already a counterexample
        best = minimize(
            lambda x, d=draw: margin_of(d, x),
            x0,
            method="Nelder-Mead",
            options={"maxfev": max_evaluations, "xatol": 1e-9, "fatol": 1e-14},
        )
        m = margin_of(draw, best.x)
        if m < worst[0]:
            worst = (m, draw, best.x)
    m, draw, x = worst
    n = len(found)
    if step.relation == "=" and m >= -TOLERANCE:
        return Outcome(
            "identity",
            f"equal at {n} random instances and an adversarial search, largest relative "
            f"residual {-m:.1e}",
            n,
            m,
        )
    if m >= -TOLERANCE:
        return Outcome(
            "holds", f"holds at {n} instances and an adversarial search, worst margin {m:.2e}", n, m
        )
    example = _example(draw, x, m)
    inside = None
    if in_regime(example, regime) is False:
        failing = [f for f in found if f[0] < -TOLERANCE and in_regime(f[1].describe(f[2]), regime)]
        if failing:
            inside = _example(failing[0][1], failing[0][2], failing[0][0])
    return Outcome(
        "fails", f"fails: normalized margin {m:.3g} at the instance shown", n, m, example, inside
    )


def _example(draw: Draw, x: np.ndarray, m: float) -> dict[str, Any]:
    """The values of a failing instance ``x`` of ``draw``: its description and its sides (its
    margin ``m`` where the sides are not numbers)."""
    lhs, rhs, _ = draw.sides(x)
    example = dict(draw.describe(x))
    if np.ndim(lhs) == 0:
        example.update(lhs=float(lhs), rhs=float(rhs))
    else:
        example.update(margin=m)
    return example


def in_regime(values: Mapping[str, Any], regime: Sequence[str]) -> bool | None:
    """Whether ``values`` (a counterexample's) lie in the ``regime`` (``spec.Proof.regime``:
    each named value at most the next); None where the regime is empty or a value is missing.

    >>> in_regime({"tau": 1.2, "L": 22.0, "zeta": 2108.0}, ("tau", "L", "zeta"))
    True
    >>> in_regime({"tau": 2.3, "L": 0.33, "zeta": 512.0}, ("tau", "L", "zeta"))
    False
    >>> in_regime({"d": 2}, ("tau", "L", "zeta")) is None
    True
    """
    if not regime or not all(name in values for name in regime):
        return None
    chain = [float(values[name]) for name in regime]
    return all(a <= b for a, b in zip(chain, chain[1:]))


def monte_carlo(
    values: np.ndarray, rhs: float, relation: str, k: float = K_SE, rounding: float = 0.0
) -> tuple[str, float, float]:
    """The verdict on ``E[Z] relation rhs`` from draws ``values`` of Z: ``("holds" | "fails",
    estimate of E[Z] − rhs, its standard error)``; "fails" when the estimate is beyond 0 against
    the relation by more than ``k`` standard errors plus ``rounding`` (the absolute rounding of
    double precision on the line's scale: a line that holds with equality draw by draw has
    SE ≈ 0; see the module docstring)."""
    values = np.asarray(values, dtype=float)
    if values.ndim != 1 or values.size < 2:
        raise ValueError(
            f"values must be a 1-d array of at least 2 draws, got shape {values.shape}"
        )
    estimate = float(values.mean()) - float(rhs)
    se = float(values.std(ddof=1)) / math.sqrt(values.size)
    room = k * se + rounding
    if relation in ("<=", "<"):
        bad = estimate > room
    elif relation in (">=", ">"):
        bad = estimate < -room
    elif relation == "=":
        bad = abs(estimate) > room
    else:
        raise ValueError(f"relation must be one of '<=', '<', '>=', '>', '=', got {relation!r}")
    return ("fails" if bad else "holds"), estimate, se


def _expectation(
    step: Step, rng: np.random.Generator, checker: Callable, draws: int, perturb: str | None
) -> Outcome:
    relation = _REVERSED[step.relation] if perturb == "reversed" else step.relation
    worst: tuple[float, float, float, Expectation] | None = None
    power = 0.0  # the least relative error the check detects, at its least precise instance
    n = max(1, min(draws, EXPECTATION_INSTANCES))
    count = MONTE_CARLO_DRAWS
    for _ in range(n):
        instance = checker(rng)
        count = MONTE_CARLO_DRAWS * instance.batch
        rhs = instance.rhs
        if perturb == "scaled":
            rhs = _perturbed_rhs(rhs, step.relation)
        scale = instance.scale if instance.scale > 0 else 1.0
        values = instance.sample(rng, MONTE_CARLO_DRAWS)
        verdict, estimate, se = monte_carlo(values, rhs, relation, rounding=TOLERANCE * scale)
        m = -estimate / scale if relation in ("<=", "<") else estimate / scale
        if relation == "=":
            m = -abs(estimate) / scale
        if verdict == "fails":
            return Outcome(
                "fails",
                f"fails: Monte Carlo E[lhs] − rhs = {estimate:.3g} ± {se:.2g} (SE, "
                f"{count} draws), beyond 0 by more than {K_SE:g} SE",
                n,
                m,
                {**instance.describe, "estimate": estimate, "se": se},
            )
        if worst is None or m < worst[0]:
            worst = (m, estimate, se, instance)
        power = max(power, K_SE * se / scale)
    assert worst is not None
    m, estimate, se, _ = worst
    return Outcome(
        "holds",
        f"holds at {n} instances, {count} Monte Carlo draws each; worst "
        f"E[lhs] − rhs = {estimate:.3g} ± {se:.2g} (SE; fails beyond {K_SE:g} SE), worst "
        f"normalized margin {m:.2e}; power: it detects an error of more than {power:.2g} of the "
        "scale (4 SE over the scale, at the least precise instance)",
        n,
        m,
    )


def run(
    step: Step,
    *,
    draws: int = 1000,
    starts: int = 3,
    perturb: str | None = None,
    max_evaluations: int = 400,
    regime: tuple[str, ...] = (),
) -> Outcome:
    """Run ``step``'s checker: its ``Outcome`` (``perturb``: see the module docstring);
    ``max_evaluations`` bounds each start of the adversarial search; a failing numeric step
    whose counterexample lies outside ``regime`` (its proof's, ``spec.Proof.regime``) also
    gives the worst failing random instance inside it (``Outcome.inside``), where one is."""
    if step.how == "not_checked":
        raise ValueError(f"step must have a checker, got the not_checked step {step.index}")
    if perturb not in (None, "scaled", "reversed"):
        raise ValueError(f"perturb must be None, 'scaled' or 'reversed', got {perturb!r}")
    rng = np.random.default_rng(seed_of(step))
    checker = _checker(step)
    if step.how == "expectation":
        return _expectation(step, rng, checker, draws, perturb)
    first = checker(rng)
    if isinstance(first, Symbolic):
        return _symbolic(step, first, perturb)
    rng = np.random.default_rng(seed_of(step))
    return _numeric(step, rng, checker, draws, starts, perturb, max_evaluations, regime)
