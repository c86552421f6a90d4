"""The settings of MiNES, once: one table (``OPTIONS``, as pycma's ``CMAOptions``: each option's
name, its value in each preset, what it means and how it is checked) from which the two presets
are read.

``"paper"``
    Algorithm 1 as printed: α, b, τ, ζ and η₁ are the user's (``REQUIRED``), η_{2,k} = 1/k
    (Lemma 5.3), Σ₁⁻¹ = I projected onto S', no termination rule. Every claim of the suite runs
    this preset.
``"practical"``
    The documented defaults of ``practical`` (rules 1–8): what the paper leaves to the user is
    computed from one calibration batch of function values (``CALIBRATED``), and the run stops by
    rule 8. The iteration is still Algorithm 1.

One option is beyond the paper in either preset: ``step_size`` (``stepsize``), a trust-region
rule that adapts α (Algorithm 1 keeps it fixed) and the τ of S' with it. It is off in both presets;
a run asks for it with ``step_size=True``.

A run is of the paper's preset when all five of α, b, τ, ζ and η₁ are given (``preset_of``), of
the practical preset otherwise; a setting that is given is the run's in either. ``resolve``
checks a dict of options against the table (an unknown name, or a value of the wrong kind, is a
``ValueError`` naming the option) and fills in the preset's values; ``describe`` renders the
table (``print(describe())``).

The budget (``max_evaluations``): default ``default_budget`` = ⌊1e3 (d + 5)² / √(2b+1)⌋, pycma's
``maxfevals`` rule with its population λ replaced by the 2b+1 values of one iteration. Like
pycma's, it is a backstop: the practical preset stops by rule 8 before it on a problem it
solves (the shifted sphere ‖x − c‖² in d = 5 from 0, seeds 0–4, measured: "flat f" after 1,242
to 6,903 values, against a default of 24,253); the paper's preset has no rule of its own and
runs to it. scipy's Nelder–Mead rule, 200·d, would cut the practical
preset on ill-conditioned problems, which need ~10³·d values (``practical`` rule 3's
measurements).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from .precision import PRECISION_FORMS
from .schedules import as_schedule, harmonic
from mines_theory.validation import (
    array_size,
    finite_scalar,
    interval,
    positive_int,
    positive_scalar,
    smoothing_radius,
)

__all__ = [
    "Rule",
    "REQUIRED",
    "CALIBRATED",
    "MAX_SPREAD",
    "QUERY_POINTS",
    "PRESETS",
    "Option",
    "OPTIONS",
    "flag",
    "check_batch",
    "check_spread",
    "default_budget",
    "preset_of",
    "resolve",
    "describe",
]


@dataclasses.dataclass(frozen=True)
class Rule:
    """A preset's entry that is not a value: the user must give the option (``REQUIRED``), or
    ``MiNES`` computes it by the rule ``text`` says (``CALIBRATED``: from the calibration batch,
    ``practical``)."""

    text: str

    def __str__(self) -> str:
        return self.text


#: A paper option the user must give.
REQUIRED = Rule("required")
#: A practical option computed from the calibration batch (``practical``).
CALIBRATED = Rule("calibrated")

#: The largest ζ/τ accepted: a Σ⁻¹ with eigenvalues in [τ, ζ] has condition number up to ζ/τ, and
#: Cholesky factorization in double precision fails near 1e16.
MAX_SPREAD = 1e12

#: What the memory rule (``validation.array_size``) calls the array of one iteration's points.
QUERY_POINTS = "the (2b+1) x dim query points"

#: The presets, in the order of ``Option``'s fields.
PRESETS = ("paper", "practical")


def flag(name: str, value: Any) -> bool:
    """``value`` if it is a bool (Python's or NumPy's), else a ``ValueError`` naming ``name``: a
    string such as "False", 0, NaN or a function is not taken for a truth value."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise ValueError(f"{name} must be True or False, got {type(value).__name__} {value!r:.60}")


def _choice(choices: tuple[str, ...]) -> Callable[[str, Any], str]:
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            raise ValueError(
                f"{name} must be one of {', '.join(map(repr, choices))}, got {value!r:.60}"
            )
        return value

    return check


def _optional(check: Callable[[str, Any], Any]) -> Callable[[str, Any], Any]:
    def optional(name: str, value: Any) -> Any:
        return None if value is None else check(name, value)

    return optional


def _bounds(name: str, value: Any) -> Any:
    """Checked with the dimension by ``practical.Box`` (``mines.MiNES``); None or a pair here."""
    return value


@dataclasses.dataclass(frozen=True)
class Option:
    """One row of the table: ``paper`` and ``practical`` are its entries in the two presets (a
    value: the default; a ``Rule``: the user must give it, or ``MiNES`` computes it);
    ``check(name, value)`` returns the value checked (and normalized) or raises ``ValueError``
    naming ``name``."""

    name: str
    paper: Any
    practical: Any
    doc: str
    check: Callable[[str, Any], Any]


#: The default budget's rule (``default_budget``).
BUDGET = Rule("⌊1e3 (d+5)²/√(2b+1)⌋")

OPTIONS: dict[str, Option] = {
    option.name: option
    for option in (
        Option("alpha", REQUIRED, CALIBRATED,
               "α > 0, the smoothing radius: samples N(μ, α²Σ) (Section 3); practical rule 2",
               smoothing_radius),
        Option("batch_size", REQUIRED, Rule("4 + ⌊3 ln d⌋"),
               "b ≥ 1; one iteration queries 2b+1 points; practical rule 4 (pycma's λ)",
               positive_int),
        Option("tau", REQUIRED, CALIBRATED,
               "τ > 0, S' = {τI ⪯ Σ⁻¹ ⪯ ζI} (eq:cS_p); practical rules 3 and 7", positive_scalar),
        Option("zeta", REQUIRED, CALIBRATED, "ζ ≥ τ, ζ/τ ≤ 1e12; practical rule 3",
               positive_scalar),
        Option("eta1", REQUIRED, CALIBRATED,
               "η_{1,k}: a number or a Schedule; practical rule 6 (curvature step)", as_schedule),
        Option("eta2", harmonic, CALIBRATED,
               "η_{2,k}: a number or a Schedule; the paper's 1/k (Lemma 5.3); practical rule 5",
               as_schedule),
        Option("precision_form", "auto", "auto",
               "how Σ⁻¹ is held: 'auto', 'cholesky', 'symmetric', 'lowrank' (precision)",
               _choice(PRECISION_FORMS)),
        Option("scale", None, Rule("1, or a fifth of the box's mean width"),
               "σ₀ > 0, the first samples' standard deviation (practical rule 1 only)",
               _optional(positive_scalar)),
        Option("bounds", None, None,
               "(lower, upper): a box, vectors of length d or scalars (practical rule 7)",
               _bounds),
        Option("bound_handling", "project", "project",
               "'project' (the mean onto the box) or 'transform' (pycma's T); rule 7",
               _choice(("project", "transform"))),
        Option("terminate", False, True,
               "stop by practical rule 8 (flat f, pinned at the edge of S', stagnation)", flag),
        Option("step_size", False, False,
               "BEYOND THE PAPER: adapt α by log α += 0.3(‖Δμ‖_{Σ⁻¹}/(½α) − 1), α ≤ α₀, τ "
               "following α² (stepsize); off: α fixed, as Algorithm 1", flag),
        Option("target", None, None, "stop once a value ≤ target has been evaluated",
               _optional(finite_scalar)),
        Option("max_evaluations", BUDGET, BUDGET,
               "the budget of values, a true maximum (pycma's maxfevals rule)",
               _optional(positive_int)),
    )
}  # fmt: skip

#: The options whose absence makes a run practical (``preset_of``).
PAPER_REQUIRED = tuple(name for name, option in OPTIONS.items() if option.paper == REQUIRED)


def check_spread(tau: Any, zeta: Any) -> tuple[float, float]:
    """(τ, ζ) checked together: 0 < τ ≤ ζ and ζ/τ ≤ ``MAX_SPREAD``."""
    tau, zeta = interval("tau", tau, "zeta", zeta)
    if zeta / tau > MAX_SPREAD:
        raise ValueError(
            f"zeta/tau must be at most {MAX_SPREAD:g}: Σ⁻¹ may have any spectrum in [tau, zeta], "
            f"and beyond that its Cholesky factor fails in floating point; got tau = {tau!r}, "
            f"zeta = {zeta!r}"
        )
    return tau, zeta


def check_batch(batch_size: Any, dim: int) -> int:
    """b checked, with the memory of one iteration's (2b+1) x d points (the larger of b and d is
    named when they do not fit)."""
    b = positive_int("batch_size", batch_size)
    larger, size = ("batch_size", b) if b >= dim else ("dim", dim)  # the one to blame
    array_size(larger, size, (2 * b + 1) * dim, QUERY_POINTS)
    return b


def default_budget(dim: int, batch_size: int) -> int:
    """⌊1e3 (d + 5)² / √(2b+1)⌋ (module docstring).

    >>> default_budget(5, 8), default_budget(2, 6)
    (24253, 13590)
    """
    return int(1e3 * (dim + 5) ** 2 / math.sqrt(2 * batch_size + 1))


def preset_of(given: Mapping[str, Any]) -> str:
    """ "paper" when every option that the paper's preset requires is given (not None),
    "practical" otherwise."""
    return "paper" if all(given.get(name) is not None for name in PAPER_REQUIRED) else "practical"


def resolve(given: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """(preset, options): every option of the table, the given ones checked (None stands for
    not given), the others at the preset's value; an entry that is a ``Rule`` is left None for
    ``MiNES`` to fill in (``REQUIRED`` cannot remain: the preset is the paper's only when all
    are given). An unknown name is a ``ValueError`` listing the known ones."""
    unknown = sorted(set(given) - set(OPTIONS))
    if unknown:
        raise ValueError(
            f"options must be among {', '.join(OPTIONS)}, got unknown {', '.join(unknown)}"
        )
    preset = preset_of(given)
    options: dict[str, Any] = {}
    for name, option in OPTIONS.items():
        value = given.get(name)
        if value is not None:
            options[name] = option.check(name, value)
        else:
            default = getattr(option, preset)
            options[name] = None if isinstance(default, Rule) else default
    if preset == "paper":
        if given.get("scale") is not None:
            raise ValueError(
                f"scale must be None when alpha, batch_size, tau, zeta and eta1 are all given (it "
                f"sets the practical defaults only), got {given['scale']!r}"
            )
        options["tau"], options["zeta"] = check_spread(options["tau"], options["zeta"])
    return preset, options


def describe() -> str:
    """The table as text: name, the paper's value, the practical value, what it means."""

    def shown(value: Any) -> str:
        if isinstance(value, (Rule, str)):
            return str(value)
        return getattr(value, "__name__", None) or repr(value)

    rows = [f"{'option':16s} {'paper':22s} {'practical':38s} meaning"]
    for option in OPTIONS.values():
        rows.append(
            f"{option.name:16s} {shown(option.paper):22s} {shown(option.practical):38s} "
            f"{option.doc}"
        )
    return "\n".join(rows)
