"""The framework refuses to decide from too little data (mines_theory.verification.framework.sizes,
issue 32 §2): a non-finite number, or fewer seeds, draws, steps, batches or runs than a claim's
declaration says it needs, gives "not checked" with the reason, decided by the framework from the
declared minimum and the sizes the check was called with, never by each check. The shortened runs
that gave wrong or vacuous verdicts before are here, each now "not checked"."""

import dataclasses
import math

import pytest

from mines_theory.validation import MAX_ELEMENTS
from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.sizes import (
    DIMENSIONS,
    Data,
    guard,
    guarded_by,
    scaled,
    sizes,
)
from mines_theory.verification.framework.verdict import (
    DECIDED,
    Kind,
    Measurement,
    Status,
    Undecidable,
    Verdict,
)


# --------------------------------------------------------------------------------------------
# A decided verdict holds no NaN and no infinity where a finite number is expected
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [k for k in Kind if k is not Kind.INTERVAL])
@pytest.mark.parametrize("value, uncertainty", [(math.inf, 1.0), (-math.inf, 1.0), (1.0, math.inf)])
def test_a_decided_verdict_refuses_an_infinite_number(kind, value, uncertainty):
    """A z of ∞ (a standard error of 0 from two equal draws), an infinite ratio or an infinite
    uncertainty decides nothing: Undecidable naming it; "not checked" may hold it. A z of −∞ is
    the one exception (the next test)."""
    if kind is Kind.Z and value == -math.inf:
        pytest.skip("a z of −∞ is an exact test's p = 1: test_a_z_of_minus_infinity_is_a_number")
    m = Measurement("z", value, uncertainty, kind)
    for status in DECIDED:
        with pytest.raises(Undecidable, match=r"non-finite measurement z = (-?inf|1 ± inf) "):
            Verdict(status, "{z}", (m,))
    assert Verdict(Status.NOT_CHECKED, "{z}", (m,)).status is Status.NOT_CHECKED


def test_a_z_of_minus_infinity_is_a_number():
    """An exact one-sided binomial test with no event has p = 1, its deviate z = −∞
    (``stats.exceedance_z``): a decided verdict may hold it (Lemmas B.2 and B.3 publish it), but
    not a z of +∞, nor −∞ with an infinite uncertainty."""
    from mines_theory.verification.framework.stats import exceedance_z, z_measurement

    z = z_measurement("z", exceedance_z(0, 100, 0.1))
    assert z.value == -math.inf
    assert Verdict(Status.HOLDS, "{z}", (z,)).text() == "-∞"
    for bad in (
        Measurement("z", math.inf, 1.0, Kind.Z),
        Measurement("z", -math.inf, math.inf, Kind.Z),
    ):
        with pytest.raises(Undecidable, match="non-finite measurement z"):
            Verdict(Status.HOLDS, "{z}", (bad,))


def test_a_median_of_runs_that_never_reached_may_be_infinite_but_not_nan():
    """Kind.INTERVAL is the one kind that may be +∞ (more than half the runs never reached the
    target, ``stats.median_interval``); a NaN anywhere in it, its interval's ends included, is
    refused."""
    never = Measurement("median", math.inf, math.inf, Kind.INTERVAL, (1e4, math.inf))
    assert never.finite and Verdict(Status.HOLDS, "{median}", (never,)).status is Status.HOLDS
    broken = Measurement("median", 3.0, 1.0, Kind.INTERVAL, (math.nan, 5.0))
    assert not broken.decidable
    with pytest.raises(Undecidable, match="NaN measurement median"):
        Verdict(Status.HOLDS, "{median}", (broken,))


# --------------------------------------------------------------------------------------------
# Data: the declared minimum and where each dimension is read
# --------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Run:
    seeds: int = 16
    iterations: int = 300
    b: int = 10


def check_runs(
    config: Run = Run(), runs: tuple[Run, ...] = (Run(seeds=8), Run(seeds=12)), draws: int = 400
) -> Verdict:
    """A check of the shapes the library's take: a configuration, a tuple of them, a count."""
    return Verdict(
        Status.HOLDS,
        "{seen} draws, {reached} reached",
        (
            Measurement("seen", draws, kind=Kind.COUNT),
            Measurement("reached", config.seeds // 2, kind=Kind.COUNT),
        ),
    )


DECLARED = Data(
    seeds=4,
    steps=100,
    draws=50,
    runs=3,
    at={"steps": "config.iterations", "runs": "measured:reached"},
)


def test_each_dimension_is_found_by_name_or_where_at_puts_it():
    assert DECLARED.paths(check_runs) == {
        "seeds": ("config.seeds", "runs.*.seeds"),
        "draws": ("draws",),
        "steps": ("config.iterations",),
        "runs": ("measured:reached",),
    }
    assert sizes(check_runs, DECLARED) == {
        "config.seeds": 16,
        "runs.*.seeds": 8,  # the least of the tuple
        "draws": 400,
        "config.iterations": 300,
    }
    assert DIMENSIONS == ("seeds", "draws", "steps", "batches", "runs")


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Data(), "Data must be at least one count"),
        (lambda: Data(seeds=0), "seeds must be None or a positive integer"),
        (lambda: Data(seeds=2.5), "seeds must be None or a positive integer"),
        (lambda: Data(seeds=2, at={"draws": "n"}), r"at must be one of \('seeds',\)"),
        (lambda: Data(seeds=2, at={"seeds": ()}), "at\\['seeds'\\] must be a parameter path"),
        (lambda: Data(seeds=2, at={"seeds": ("",)}), "at\\['seeds'\\] must be a parameter path"),
        (lambda: Data(seeds=2, at={"seeds": (3,)}), "at\\['seeds'\\] must be a parameter path"),
    ],
)
def test_a_bad_minimum_is_refused_naming_what(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_a_declaration_is_checked_against_its_check_when_declared():
    """A dimension the check does not have, a path from a parameter it does not take, or
    defaults below the minimum (a published verdict would be decided from too little): a
    ValueError at import, naming it."""
    with pytest.raises(ValueError, match="minimum batches must be a parameter named 'batches'"):
        guard(check_runs, Data(batches=2))
    with pytest.raises(ValueError, match=r"at\['draws'\] must be a path from a parameter"):
        guard(check_runs, Data(draws=2, at={"draws": "samples"}))
    with pytest.raises(ValueError, match="the default draws of check_runs must be at least"):
        guard(check_runs, Data(draws=1000))


# --------------------------------------------------------------------------------------------
# guard: the framework's refusal
# --------------------------------------------------------------------------------------------


def test_below_the_minimum_the_check_does_not_run_and_says_why():
    ran = []

    def check(config: Run = Run(), draws: int = 400) -> Verdict:
        ran.append(config)
        return Verdict(Status.FAILS, "ran")

    guarded = guard(check, Data(seeds=4, steps=100, at={"steps": "config.iterations"}))
    short = guarded(Run(seeds=16, iterations=3))
    assert short.status is Status.NOT_CHECKED and ran == []
    assert short.text() == "config.iterations = 3: fewer steps than the 100 declared to decide from"
    assert short["steps"] == Measurement("steps", 3, kind=Kind.COUNT)
    assert guarded(Run(seeds=2)).text().startswith("config.seeds = 2: fewer seeds than the 4")
    assert guarded(Run(seeds=4, iterations=100)).status is Status.FAILS  # at the minimum: runs
    assert guarded.__name__ == "check" and guarded.__wrapped__ is check


@pytest.mark.parametrize("bad", [-1, 2.5, True, "10", None])
def test_a_size_that_is_no_count_is_a_value_error_naming_its_path(bad):
    """Bad input, not too little data: a ValueError naming the parameter path and its value."""
    guarded = guard(check_runs, DECLARED)
    with pytest.raises(ValueError, match=r"^draws must be a non-negative integer, got "):
        guarded(draws=bad)
    with pytest.raises(ValueError, match=r"^runs\.\*\.seeds must be a non-negative integer"):
        guarded(runs=(Run(seeds=8), Run(seeds=bad)))


def test_each_element_of_a_tuple_counts_and_the_least_decides():
    guarded = guard(check_runs, DECLARED)
    assert guarded().status is Status.HOLDS
    short = guarded(runs=(Run(seeds=8), Run(seeds=3)))
    assert short.text() == "runs.*.seeds = 3: fewer seeds than the 4 declared to decide from"


def test_a_count_the_run_produced_is_checked_after_it():
    """``measured:`` reads a count of the verdict: here 'reached' = seeds // 2; a decided
    verdict reporting fewer becomes "not checked", keeping its data."""
    guarded = guard(check_runs, DECLARED)
    short = guarded(Run(seeds=5))  # 2 reached < 3
    assert short.status is Status.NOT_CHECKED
    assert short.text() == "reached (measured) = 2: fewer runs than the 3 declared to decide from"


def test_at_the_minimum_it_decides_and_zero_is_too_little_not_bad_input():
    """The boundaries: a count the run produced equal to the minimum decides; a size of 0 is
    too little data ("not checked"), not a ValueError; a check's own "not checked" is passed
    through, whatever counts it lacks."""
    guarded = guard(check_runs, DECLARED)
    assert guarded(Run(seeds=6)).status is Status.HOLDS  # 3 reached = the 3 declared
    zero = guarded(draws=0)
    assert zero.text() == "draws = 0: fewer draws than the 50 declared to decide from"

    def nothing(config: Run = Run(), runs: tuple[Run, ...] = (Run(),), draws: int = 400):
        return Verdict.not_checked("nothing to compare")

    assert guard(nothing, DECLARED)().text() == "nothing to compare"


def test_undecidable_inside_and_a_nan_or_infinite_verdict_become_not_checked():
    def check(kind: str = "inf") -> Verdict:
        if kind == "raise":
            raise Undecidable("{n} draws: too few", Measurement("n", 3, kind=Kind.COUNT))
        value = math.inf if kind == "inf" else math.nan
        return Verdict(Status.FAILS, "{z}", (Measurement("z", value, 1.0, Kind.Z),))

    guarded = guard(check, None)
    assert guarded().text() == "non-finite measurement z = inf (cannot decide 'fails')"
    assert guarded("nan").text() == "NaN measurement z (cannot decide 'fails')"
    assert guarded("raise").report() == "not checked\n3 draws: too few"


def test_a_declared_check_is_guarded_once():
    guarded = guard(check_runs, DECLARED)
    assert guarded_by(guarded, DECLARED) is guarded
    assert guarded_by(guarded, Data(seeds=1)) is not guarded
    assert getattr(guarded_by(check_runs, None), "__wrapped__") is check_runs


# --------------------------------------------------------------------------------------------
# scaled: every sample size multiplied, the rest at its default
# --------------------------------------------------------------------------------------------


def test_scaled_multiplies_every_placed_size_and_nothing_else():
    arguments = scaled(check_runs, DECLARED, 0.05)
    assert arguments == {
        "config": Run(seeds=1, iterations=15, b=10),  # 16·0.05 = 0.8 → 1, never 0
        "runs": (Run(seeds=1), Run(seeds=1)),
        "draws": 20,
    }
    assert scaled(check_runs, DECLARED, 2)["draws"] == 800
    assert scaled(check_runs, DECLARED, 1) == {} and scaled(check_runs, None, 0.5) == {}
    for bad in (0, -1, math.nan, math.inf, "2"):
        with pytest.raises(ValueError, match="scale must be a positive number"):
            scaled(check_runs, DECLARED, bad)


# --------------------------------------------------------------------------------------------
# The library's declarations
# --------------------------------------------------------------------------------------------

SPECS = ledger.rows() + ledger.errata()


@pytest.mark.parametrize("spec", [s for s in SPECS if s.check is not None], ids=lambda s: s.name)
def test_every_declared_check_is_guarded_by_its_minimum_and_its_defaults_reach_it(spec):
    """The check the registry runs (and the module exports) is guarded by the declaration's
    minimum, and the sizes it runs with by default are at least that minimum: every published
    verdict is decided from enough data (``tests/test_ledger.py`` recomputes them)."""
    check, minimum = spec.check.resolve(), spec.check.minimum
    assert check.__wrapped__ is not None and check.__guarded_by__ == minimum
    if minimum is not None:
        for path, value in sizes(check, minimum).items():
            dimension = next(d for d, ps in minimum.paths(check).items() if path in ps)
            assert value >= minimum.least(dimension), (spec.name, path)


# --------------------------------------------------------------------------------------------
# The wrong or vacuous verdicts of shortened runs (issue 32): each is "not checked" now
# --------------------------------------------------------------------------------------------


def test_lemma_e6_from_two_draws_is_not_checked():
    """Two draws gave z = ∞ (a standard error of 0 on the entries outside ‖u‖² ≤ A) and
    "fails". Below the declared minimum the check does not run; and the check run without its
    declaration meets the framework's refusal of an infinite z."""
    from mines_theory.verification.claims.appendix_e.moments import E6_DRAWS, check_lemma_e6

    short = check_lemma_e6(draws=2)
    assert short.status is Status.NOT_CHECKED
    assert short.text() == f"draws = 2: fewer draws than the {E6_DRAWS} declared to decide from"
    unguarded = guard(check_lemma_e6.__wrapped__, None)(draws=2)
    assert unguarded.status is Status.NOT_CHECKED
    assert unguarded.text() == "non-finite measurement z = inf (cannot decide 'fails')"


@pytest.mark.parametrize("budget", [1, 200])
def test_nes_as_printed_on_a_short_budget_is_not_checked(budget):
    """A budget of 1 or 200 evaluations "failed" (the covariance had no time to collapse)."""
    from mines_theory.verification.claims.section2 import NES_BUDGET, NESRun, check_nes_as_printed

    verdict = check_nes_as_printed(NESRun(max_evaluations=budget))
    assert verdict.status is Status.NOT_CHECKED
    assert verdict.text() == (
        f"config.max_evaluations = {budget}: fewer steps than the {NES_BUDGET} declared to decide "
        "from"
    )


def test_shortened_section5_runs_are_not_checked():
    """2 seeds × 3 iterations: constant η₂ "failed", Lemma 5.2 (γ > 0) said "hypotheses not
    met", Lemmas 5.1 and 5.2 "held"."""
    from mines_theory.verification.claims.section5.covariance import CovarianceRun
    from mines_theory.verification.claims.section5.findings import check_constant_steps
    from mines_theory.verification.claims.section5.mean import (
        LEMMA51,
        LEMMA52,
        check_lemma51,
        check_lemma52,
    )
    from mines_theory.verification.claims.section5.nonquadratic import (
        NQ_LEMMA52,
        NQ_PRACTICAL,
        check_lemma52_nonquadratic,
    )

    short = {"seeds": 2, "iterations": 3}
    verdicts = {
        "constant η₂": check_constant_steps(
            tuple(CovarianceRun(b=5, eta2=eta2, **short) for eta2 in (0.1, 0.01))
        ),
        "Lemma 5.2, γ > 0": check_lemma52_nonquadratic(
            dataclasses.replace(NQ_LEMMA52, **short),
            dataclasses.replace(NQ_PRACTICAL[1], **short),
        ),
        "Lemma 5.1": check_lemma51(dataclasses.replace(LEMMA51, **short)),
        "Lemma 5.2": check_lemma52(dataclasses.replace(LEMMA52, **short)),
    }
    for name, verdict in verdicts.items():
        assert verdict.status is Status.NOT_CHECKED, (name, verdict.report())
        assert "declared to decide from" in verdict.text(), name


def test_the_comparison_with_no_run_at_the_target_is_not_checked():
    """A budget of 200 evaluations: no method reaches 10⁻⁸, every median is +∞, and the
    comparison "held" with nothing compared. The runs at the target are a count the run
    produces (``measured:at_target``): 0 of the declared 1."""
    from mines_theory.verification.claims.comparisons import Comparison, check_comparison

    verdict = check_comparison(Comparison(budget=200, seeds=5))
    assert verdict.status is Status.NOT_CHECKED
    assert verdict.text() == (
        "at_target (measured) = 0: fewer runs than the 1 declared to decide from"
    )


def test_a_scaled_size_beyond_memory_is_named_before_allocating():
    """At the limit (``validation.MAX_ELEMENTS`` draws) the scaled size is given; one more is
    refused naming the scale, the size and the least memory, and so is a scale whose product
    overflows a float (``--scale 1e308``, which ended in an OverflowError)."""

    def check(draws: int = 1000): ...

    assert scaled(check, Data(draws=10), MAX_ELEMENTS / 1000) == {"draws": MAX_ELEMENTS}
    with pytest.raises(ValueError, match=r"draws = 1,000 × .*one float64 per draw.* \(2 GiB\)"):
        scaled(check, Data(draws=10), (MAX_ELEMENTS + 1) / 1000)
    with pytest.raises(ValueError, match=r"scale = 1e\+308 would need .*more than 1e300 GiB"):
        scaled(check, Data(draws=10), 1e308)
