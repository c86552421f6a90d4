"""The COCO solvers on problems with COCO's interface made here, the summary's fractions and
intervals, and the 2019 claim's check fed data under the claim and under its alternative."""

import numpy as np
import pandas as pd
import pytest

from mines_theory.experiments import coco
from mines_theory.verification.claims import coco_bbob
from mines_theory.verification.framework.verdict import Status


class Sphere:
    """A problem with COCO's interface: f(x) = f_opt + ‖x − x*‖², the final target f_opt + 1e-8
    (``reachable=False``: never hit, so the run takes its whole budget)."""

    def __init__(self, dim, reachable=True, value=None):
        self.dimension, self.evaluations, self.final_target_hit = dim, 0, False
        self.initial_solution = np.zeros(dim)
        self.lower_bounds, self.upper_bounds = np.full(dim, -5.0), np.full(dim, 5.0)
        self.optimum, self.reachable, self.value = np.linspace(-1, 1, dim), reachable, value

    def __call__(self, x):
        self.evaluations += 1
        if self.value is not None:
            return self.value
        f = 3.0 + float(np.sum((np.asarray(x) - self.optimum) ** 2))
        if self.reachable and f - 3.0 <= 1e-8:
            self.final_target_hit = True
        return f


@pytest.mark.parametrize("name", sorted(coco.SOLVERS))
def test_each_solver_respects_the_budget(name):
    problem = Sphere(3, reachable=False)
    evaluations, error = coco.solve(name, problem, seed=1, budget_multiplier=50)
    assert error == "" and evaluations == problem.evaluations <= 150


@pytest.mark.parametrize("name", ["MiNES", "CMA-ES", "xNES"])
def test_solvers_stop_at_the_final_target(name):
    problem = Sphere(2)
    evaluations, error = coco.solve(name, problem, seed=np.random.SeedSequence([1, 2, 3]))
    assert error == "" and problem.final_target_hit and evaluations < 2000


def test_a_failing_run_is_reported_not_raised():
    evaluations, error = coco.solve("MiNES", Sphere(2, value=np.inf), seed=0)
    assert error.startswith("ValueError: f returned a non-finite value inf")
    assert evaluations == 13  # the calibration batch, b = 6


def test_bad_solver_name():
    with pytest.raises(
        ValueError,
        match=r"name must be one of \['CMA-ES', 'MiNES', 'RGF', "
        r"'xNES'\], got 'NES'",
    ):
        coco.solve("NES", Sphere(2))


def test_subset_and_initial_scale():
    assert coco.SUBSET.suite_options() == (
        "function_indices:"
        + ",".join(map(str, range(1, 25)))
        + " dimensions:2,3,5,10 instance_indices:1,2,3"
    )
    assert coco.initial_scale(Sphere(4)) == 2.0  # (5 − (−5))/5


def _summary(reached):
    """Runs of each solver on 24 functions: solver -> how many reached 1e-8 (and 1e-1)."""
    rows = []
    for solver, count in reached.items():
        for function in range(1, 25):
            value = 100.0 if function <= count else np.nan
            rows.append(
                {
                    "solver": solver,
                    "function": function,
                    "dimension": 2,
                    "instance": 1,
                    "budget": 2000,
                    **{coco.target_column(t): value for t in coco.TARGETS},
                }
            )
    return pd.DataFrame(rows, columns=coco.SUMMARY_COLUMNS)


def test_fractions_and_wilson_intervals_by_hand():
    table = coco.summary_fractions(_summary({"a": 12}), 1e-8).iloc[0]
    assert (table["runs"], table["reached"], table["fraction"]) == (24, 12, 0.5)
    # Wilson, z = 1.96, p = 1/2, n = 24: 0.5 ± 1.96·√(1/96 + 1.96²/2304)/(1 + 1.96²/24)
    half = (
        1.959963984540054
        * np.sqrt(0.25 / 24 + 1.959963984540054**2 / (4 * 24**2))
        / (1 + 1.959963984540054**2 / 24)
    )
    assert (table["low"], table["high"]) == pytest.approx((0.5 - half, 0.5 + half), rel=1e-12)
    groups = coco.summary_fractions(_summary({"a": 5}), 1e-8, by=("solver", "group"))
    assert groups.set_index("group").loc["separable", "reached"] == 5  # f1..f5
    assert groups.set_index("group").loc["multimodal", "reached"] == 0


def test_claim_holds_under_the_claim_and_fails_under_the_alternative():
    same = coco_bbob.check_coco_claim(_summary({"MiNES": 20, "CMA-ES": 21, "xNES": 19, "RGF": 2}))
    assert same.status is Status.HOLDS
    assert same.qualifier("competitive with CMA-ES at 1e-8").outcome
    assert same.qualifier("beats RGF at 1e-1").outcome
    worse = coco_bbob.check_coco_claim(_summary({"MiNES": 3, "CMA-ES": 21, "xNES": 19, "RGF": 2}))
    assert worse.status is Status.FAILS
    assert not worse.qualifier("competitive with CMA-ES at 1e-8").outcome
    assert not worse.qualifier("beats RGF at 1e-1").outcome
    assert worse["MiNES reached 1e-8"].value == pytest.approx(3 / 24)
    none = coco_bbob.check_coco_claim(_summary({"MiNES": 3}))
    assert none.status is Status.NOT_CHECKED


def test_the_committed_summary_covers_the_subset():
    frame = coco_bbob.read_summary()
    subset = coco.SUBSET
    expected = len(subset.functions) * len(subset.dimensions) * len(subset.instances)
    assert frame.groupby("solver").size().to_dict() == {s: expected for s in coco_bbob.SOLVERS}
    assert (frame["budget"] <= 1000 * frame["dimension"]).all()
