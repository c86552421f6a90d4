"""The COCO solvers and their restarts on problems with COCO's interface made here; what COCO
reports (aRT, ECDF area, the pair bootstrap) computed by hand; the 2019 claim's decision fed
synthetic data under the claim, under each alternative its criterion names, and with too little
data; ``make coco``'s argument checks, which leave every file as it was."""

import hashlib
import importlib.util
import math
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mines_theory import files
from mines_theory.experiments import coco
from mines_theory.experiments.coco_stats import (
    SUMMARY_COLUMNS,
    TARGETS,
    art,
    cocopp_targets,
    art_ratios,
    ecdf,
    ecdf_area,
    pair_bootstrap,
    pair_weights,
    reached,
    target_column,
)
from mines_theory.verification.claims import coco_bbob
from mines_theory.verification.framework.verdict import Status

ROOT = Path(__file__).resolve().parents[1]


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


# ---------------------------------------------------------------------------------------------
# The solvers and the restart rule
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(coco.SOLVERS))
def test_each_solver_respects_the_budget(name):
    problem = Sphere(3, reachable=False)
    run = coco.solve(name, problem, seed=1, budget_multiplier=50)
    assert run.error == "" and run.evaluations == problem.evaluations <= 150
    assert run.stops[-1] == "budget" and run.starts == len(run.stops)


@pytest.mark.parametrize("name", ["MiNES", "MiNES-step", "CMA-ES", "xNES"])
def test_solvers_stop_at_the_final_target(name):
    problem = Sphere(2)
    run = coco.solve(name, problem, seed=np.random.SeedSequence([1, 2, 3]))
    assert run.error == "" and problem.final_target_hit and run.evaluations < 2000
    assert run.stops[-1] == "target"


@pytest.mark.parametrize("name", sorted(coco.SOLVERS))
def test_a_flat_function_restarts_each_solver(name):
    """f constant: every solver's termination criterion fires ("flat f", or pycma's tolfun /
    tolflatfitness), and it restarts until the budget is spent; the restart points lie in
    the box."""
    problem = Sphere(2, reachable=False, value=7.0)
    run = coco.solve(name, problem, seed=4, budget_multiplier=1000)
    assert run.error == "" and run.starts >= 2 and run.stops[-1] == "budget"
    assert all(stop not in ("target", "error") for stop in run.stops)


def test_restart_points_are_cocos_proposal():
    """u₁ + u₂, u uniform on [−2.5, 2.5]: in the box, mean 0, variance 2·5²/12 = 25/6 per
    coordinate (10 000 draws: standard errors 0.02 and 0.04; 5 of them allowed)."""

    class Box:
        lower_bounds, upper_bounds = np.full(2, -5.0), np.full(2, 5.0)

    rng = np.random.default_rng(0)
    points = np.array([coco.restart_point(Box(), rng) for _ in range(10_000)])
    assert np.all(np.abs(points) <= 5.0)
    assert np.all(np.abs(points.mean(axis=0)) < 5 * math.sqrt(25 / 6 / 10_000))
    assert np.all(np.abs(points.var(axis=0) - 25 / 6) < 5 * 0.04)


def test_a_failing_run_is_reported_not_raised():
    run = coco.solve("MiNES", Sphere(2, value=np.inf), seed=0)
    assert run.error.startswith("ValueError: f returned a non-finite value inf")
    assert run.evaluations == 13 and run.stops == ("error",)  # the calibration batch, b = 6


def test_bad_solver_name():
    with pytest.raises(
        ValueError,
        match=r"name must be one of \['CMA-ES', 'MiNES', 'MiNES-step', 'RGF', 'xNES'\], got 'NES'",
    ):
        coco.solve("NES", Sphere(2))


def test_subset_and_initial_scale():
    assert coco.SUBSET.suite_options() == (
        "function_indices:1,2,5,8,10,11,12,15,20 dimensions:2,5,10 instance_indices:1,2,3"
    )
    assert coco.SUBSET.runs == 81 and coco.SUBSET.budget_multiplier == 10_000
    assert coco.initial_scale(Sphere(4)) == 2.0  # (5 − (−5))/5


# ---------------------------------------------------------------------------------------------
# What COCO reports, by hand
# ---------------------------------------------------------------------------------------------


def test_targets_are_cocos_51():
    assert len(TARGETS) == 51 and TARGETS[0] == 100.0
    assert TARGETS[-1] == pytest.approx(1e-8, rel=1e-12)
    assert target_column(1e-8) == "evals_1e-8.0" and target_column(10**-0.2) == "evals_1e-0.2"
    assert len(set(SUMMARY_COLUMNS)) == len(SUMMARY_COLUMNS) == 56


def test_targets_match_cocopps_levels_with_a_relative_tolerance():
    """cocopp's target levels are 10^((10 − k)/5) (seen in its data: the next test); 9 of our
    51 targets 10^(2 − k/5) land one float step below them, so the exact lookup of
    ``detEvals`` (the first level ≤ the target) misses them; ``cocopp_targets`` matches all 51
    and never reaches the next coarser level."""
    levels = [10.0 ** ((10 - k) / 5) for k in range(51)]
    assert [level <= t for level, t in zip(levels, TARGETS)].count(False) == 9
    matched = cocopp_targets(TARGETS)
    assert all(level <= t for level, t in zip(levels, matched))
    assert all(t < coarser for t, coarser in zip(matched[1:], levels))


def test_detevals_with_the_matched_targets_returns_each_targets_own_level(tmp_path, monkeypatch):
    """A real cocoex run (f1, d = 2, a seeded random local search) read back by cocopp: for
    every target whose level cocopp recorded, ``detEvals`` of the matched target returns that
    level's runtime; of the exact target, for some (here 3: k = 9, 22, 49), the next finer
    level's, later."""
    cocoex = pytest.importorskip("cocoex")
    cocopp = pytest.importorskip("cocopp")
    monkeypatch.chdir(tmp_path)
    suite = cocoex.Suite("bbob", "", "function_indices:1 dimensions:2 instance_indices:1")
    observer = cocoex.Observer("bbob", "result_folder: probe algorithm_name: probe")
    rng = np.random.default_rng(0)
    for problem in suite:
        problem.observe_with(observer)
        x = np.array(problem.initial_solution, float)
        best, step = problem(x), 2.0
        while not problem.final_target_hit and problem.evaluations < 3000:
            y = x + step * rng.standard_normal(2)
            value = problem(y)
            if value < best:
                x, best = y, value
            else:
                step *= 0.98
        problem.free()
    observer = None
    (ds,) = cocopp.load(str(next((tmp_path / "exdata").glob("probe*"))))
    levels, later = ds.evals[:, 0], 0
    for t in TARGETS:
        own = np.flatnonzero(np.isclose(levels, t, rtol=1e-12, atol=0.0))
        if own.size:
            (matched,) = ds.detEvals(cocopp_targets([t]))
            (exact,) = ds.detEvals([t])
            assert matched[0] == ds.evals[own[0], 1]
            later += int(exact[0] > matched[0])
    assert later == 3


def _runs(rows):
    """Summary rows from (solver, function, dimension, instance, evaluations, {target: evals})."""
    out = []
    for solver, function, dim, instance, evaluations, hits in rows:
        row = dict(zip(SUMMARY_COLUMNS[:5], (solver, function, dim, instance, evaluations)))
        row.update({target_column(t): hits.get(t, np.nan) for t in TARGETS})
        out.append(row)
    return pd.DataFrame(out, columns=SUMMARY_COLUMNS)


def test_art_and_ratios_by_hand():
    """f1, d = 2: a reaches 1e-8 after 100 and 300 evaluations and fails once after 2000:
    aRT = (100 + 300 + 2000)/2 = 1200; b reaches it once after 400 of three runs spending
    400, 500, 600: aRT = 1500/1 = 1500; c never: ∞. The ratio of a to the better of b, c is
    1200/1500 = 0.8; c's to the better of a, b is ∞."""
    frame = _runs(
        [
            ("a", 1, 2, 1, 100, {1e-8: 100.0}),
            ("a", 1, 2, 2, 300, {1e-8: 300.0}),
            ("a", 1, 2, 3, 2000, {}),
            ("b", 1, 2, 1, 400, {1e-8: 400.0}),
            ("b", 1, 2, 2, 500, {}),
            ("b", 1, 2, 3, 600, {}),
            ("c", 1, 2, 1, 2000, {}),
            ("c", 1, 2, 2, 2000, {}),
            ("c", 1, 2, 3, 2000, {}),
        ]
    )
    table = art(frame, 1e-8).set_index("solver")["art"]
    assert table.to_dict() == {"a": 1200.0, "b": 1500.0, "c": math.inf}
    ratios = art_ratios(frame, "a", ["b", "c"], 1e-8).iloc[0]
    assert (ratios["best_peer"], ratios["ratio"]) == ("b", 0.8)
    assert art_ratios(frame, "c", ["a", "b"], 1e-8).iloc[0]["ratio"] == math.inf
    assert reached(frame, 1e-8).set_index("solver")["reached"].to_dict() == {"a": 2, "b": 1, "c": 0}


def test_ecdf_area_and_curve_by_hand():
    """d = 10, budget 10⁴·d, so L = 4. Run 1 reaches every target after 10·d evaluations
    (log₁₀ = 1): area (4 − 1)/4 = 0.75; run 2 reaches the 26 targets down to 1e-3 after 1 000·d
    (log₁₀ = 3) and no other: 26·(1/4)/51. The solver's area is their mean; its ECDF at
    log₁₀(evals/d) = 2 is 51/102, at 3 it is 77/102."""
    easy = {t: 100.0 for t in TARGETS}
    half = {t: 10_000.0 for t in TARGETS if t >= 1e-3 * (1 - 1e-9)}
    frame = _runs([("a", 1, 10, 1, 100, easy), ("a", 1, 10, 2, 100_000, half)])
    assert len(half) == 26
    expected = (0.75 + 26 * 0.25 / 51) / 2
    assert float(ecdf_area(frame, 10_000)["a"]) == pytest.approx(expected, rel=1e-12)
    curve = ecdf(frame, 10_000, points=5).set_index("log_evals_per_d")["fraction"]
    assert curve.loc[2.0] == pytest.approx(51 / 102) and curve.loc[3.0] == pytest.approx(77 / 102)
    assert curve.loc[0.0] == 0.0


def test_pair_bootstrap_by_hand():
    weights = pair_weights(4, resamples=300, seed=1)
    assert weights.shape == (300, 4) and np.all(weights.sum(axis=1) == 4)
    assert np.array_equal(weights, pair_weights(4, resamples=300, seed=1))  # seeded
    values = np.arange(1001.0)
    estimate, (low, high) = pair_bootstrap(0.5, np.append(values, np.nan))
    assert (estimate, low, high) == (0.5, 25.0, 975.0)  # percentiles 2.5 and 97.5 of 0..1000


# ---------------------------------------------------------------------------------------------
# The decision, on synthetic data
# ---------------------------------------------------------------------------------------------

PAIRS = [(f, d) for f in range(1, 10) for d in (2, 5, 10)]


def synthetic(factors, *, unsolved=None, late=(), pairs=PAIRS, rgf_easy=False):
    """Runs of CMA-ES (speed 1), xNES (2× slower) and RGF (reaching targets down to 1e0 only, or
    down to 1e-1 with ``rgf_easy``), and MiNES with ``factors`` (one per pair, or one for all)
    times CMA-ES's runtimes. A peer's run of instance i on a pair reaches target k (of the 51)
    after 10^{1 + 2k/50}·d·(1 + i/10) evaluations; ``unsolved[solver]``: the pairs where it
    stops at 1e-3 and spends the budget 10⁴·d; ``late``: solvers that reach every target only
    when they reach the final one. What lies beyond the budget 10⁴·d is not reached."""
    unsolved = unsolved or {}
    factors = np.broadcast_to(np.asarray(factors, float), (len(pairs),))
    rows = []
    for p, (function, dim) in enumerate(pairs):
        for solver, speed in (("CMA-ES", 1.0), ("xNES", 2.0), ("MiNES", factors[p]), ("RGF", 1.0)):
            for instance in (1, 2, 3):
                times = dim * (1 + instance / 10) * speed * 10 ** (1 + 2 * np.arange(51) / 50)
                last = 50
                if p in unsolved.get(solver, ()):
                    last = 25
                if solver == "RGF":
                    last = 15 if rgf_easy else 10
                if solver in late:
                    times = np.full(51, times[-1])
                budget = 10_000 * dim  # what the budget cuts is not reached
                hits = {t: times[k] for k, t in enumerate(TARGETS) if k <= last}
                hits = {t: v for t, v in hits.items() if v <= budget}
                spent = times[last] if last == 50 and times[last] <= budget else budget
                rows.append((solver, function, dim, instance, spent, hits))
    return _runs(rows)


def test_competitive_data_holds():
    """MiNES as fast as CMA-ES up to a factor 10^N(0, 0.3) per pair (faster on some, slower on
    others): within 3× on most pairs, the ECDF-area difference's interval around 0."""
    factors = 10 ** np.random.default_rng(2).normal(0.0, 0.3, len(PAIRS))
    verdict = coco_bbob.decide(synthetic(factors))
    assert verdict.status is Status.HOLDS, verdict.report()
    assert verdict.qualifier("aRT within 3× of the better peer").outcome
    assert verdict.qualifier("ECDF area not inferior").outcome
    assert verdict.qualifier("beats RGF at 10⁻¹").outcome
    low, high = verdict["ECDF area, MiNES − better peer"].interval
    assert low < 0 < high


def test_the_art_criterion_flips_at_three():
    """MiNES 2.9× slower than CMA-ES on every pair: within 3× on all of them; 3.1×: on none."""
    inside = coco_bbob.decide(synthetic(2.9))
    outside = coco_bbob.decide(synthetic(3.1))
    assert inside.qualifier("aRT within 3× of the better peer").outcome
    assert inside["pairs within 3× of the better peer"].value == 1.0
    assert not outside.qualifier("aRT within 3× of the better peer").outcome
    assert outside["pairs within 3× of the better peer"].value == 0.0
    assert outside.status is Status.FAILS


def test_slower_and_unsolved_fails_on_both_criteria():
    """The alternative of both criteria: MiNES 10× slower, and it stops at 1e-3 on two thirds
    of the pairs: not within 3× anywhere, its ECDF area below CMA-ES's beyond the bootstrap."""
    verdict = coco_bbob.decide(
        synthetic(10.0, unsolved={"MiNES": set(range(0, 27, 3)) ^ set(range(27))})
    )
    assert verdict.status is Status.FAILS
    assert not verdict.qualifier("aRT within 3× of the better peer").outcome
    assert not verdict.qualifier("ECDF area not inferior").outcome
    assert verdict["ECDF area, MiNES − better peer"].interval[1] < 0


def test_the_ecdf_criterion_flips_alone():
    """The ECDF's alternative with the aRT criterion met: MiNES reaches the final target as fast
    as CMA-ES (aRT ratio 1) but every easier target only then, so its ECDF lies below."""
    verdict = coco_bbob.decide(synthetic(1.0, late=("MiNES",)))
    assert verdict.qualifier("aRT within 3× of the better peer").outcome
    assert not verdict.qualifier("ECDF area not inferior").outcome
    assert verdict.status is Status.FAILS


def test_non_inferiority_flips_at_the_margin():
    """MiNES c times slower than CMA-ES on every run: its runtimes shift by log₁₀ c on the
    log₁₀(evals/d) axis of length L = 4, so its ECDF area is log₁₀(c)/4 below CMA-ES's (closed
    form; nothing is cut by the budget). c = 1.4: −0.0365, above the margin −0.05, holds;
    c = 1.8: −0.0638, below it, fails on that criterion alone (both aRTs within 3×)."""
    for factor, holds in ((1.4, True), (1.8, False)):
        verdict = coco_bbob.decide(synthetic(factor))
        gap = verdict["ECDF area, MiNES − better peer, by function"]
        assert gap.value == pytest.approx(-math.log10(factor) / 4, abs=1e-12)
        assert gap.interval[0] == pytest.approx(gap.value, abs=1e-12)  # every pair alike
        assert verdict.qualifier("aRT within 3× of the better peer").outcome
        assert verdict.qualifier("ECDF area not inferior").outcome is holds
        assert (verdict.status is Status.HOLDS) is holds


def test_a_smaller_experiment_does_not_pass_more_easily():
    """MiNES 10^N(0.5, 0.8) times slower than CMA-ES per pair (seed 3): on the 27 pairs the
    interval by function, [−0.184, −0.040], excludes 0; on the 12 pairs of f1–f4 it widens to
    [−0.187, 0.039] and contains 0, which the rule "contains 0" would have passed. The lower
    end lies below the margin −0.05 on both: neither is non-inferior."""
    factors = 10 ** np.random.default_rng(3).normal(0.5, 0.8, len(PAIRS))
    small = [i for i, (function, _) in enumerate(PAIRS) if function <= 4]
    full = coco_bbob.decide(synthetic(factors))
    part = coco_bbob.decide(synthetic(factors[small], pairs=[PAIRS[i] for i in small]))
    name = "ECDF area, MiNES − better peer, by function"
    (low_full, high_full), (low_part, high_part) = full[name].interval, part[name].interval
    assert high_full < 0 <= high_part  # the small experiment's interval reaches 0 …
    assert high_part - low_part > high_full - low_full
    for verdict in (full, part):  # … but non-inferiority holds for neither
        assert not verdict.qualifier("ECDF area not inferior").outcome


def test_the_bootstrap_by_function_resamples_functions():
    """The interval by function treats a function's three dimensions as one unit: MiNES as fast
    as CMA-ES on f1–f5 and 10× slower on f6–f9, in every dimension. Resampling the 27 pairs
    mixes fast and slow pairs more finely than resampling the 9 functions, so the interval by
    function is the wider: 9 independent units instead of 27, about √3 times as wide (and the
    estimate is the same in both)."""
    factors = np.array([1.0 if function <= 5 else 10.0 for function, _ in PAIRS])
    verdict = coco_bbob.decide(synthetic(factors))
    by_pair = verdict["ECDF area, MiNES − better peer"]
    by_function = verdict["ECDF area, MiNES − better peer, by function"]
    assert by_pair.value == pytest.approx(by_function.value, abs=1e-12)
    width = [m.interval[1] - m.interval[0] for m in (by_pair, by_function)]
    assert width[1] > 1.3 * width[0]


def test_beats_rgf_flips():
    verdict = coco_bbob.decide(synthetic(1.0, rgf_easy=True))
    assert not verdict.qualifier("beats RGF at 10⁻¹").outcome
    assert verdict["share reaching 1e-1, MiNES − RGF"].value == 0.0


def test_too_little_data_is_not_checked():
    few = coco_bbob.decide(synthetic(1.0, pairs=PAIRS[:9]))
    assert few.status is Status.NOT_CHECKED and "too little data" in few.text()
    rarely_solved = synthetic(1.0, unsolved={p: set(range(4, 27)) for p in ("CMA-ES", "xNES")})
    assert coco_bbob.decide(rarely_solved).status is Status.NOT_CHECKED
    alone = synthetic(1.0)
    alone = alone[alone["solver"].isin(["MiNES", "RGF"])]
    assert coco_bbob.decide(alone).status is Status.NOT_CHECKED


def test_the_committed_summary_covers_the_subset():
    frame = coco_bbob.read_summary()
    expected = coco.SUBSET.runs
    assert frame.groupby("solver").size().to_dict() == {s: expected for s in coco_bbob.SOLVERS}
    assert (frame["evaluations"] <= coco.BUDGET_MULTIPLIER * frame["dimension"]).all()
    keys = set(map(tuple, frame[["function", "dimension", "instance"]].to_numpy()))
    s = coco.SUBSET
    assert keys == {(f, d, i) for f in s.functions for d in s.dimensions for i in s.instances}


# ---------------------------------------------------------------------------------------------
# make coco's argument checks: a bad argument touches nothing
# ---------------------------------------------------------------------------------------------


def _tool():
    """tools/coco_experiment.py as a module (loaded once)."""
    if "coco_experiment" not in sys.modules:
        path = ROOT / "tools" / "coco_experiment.py"
        spec = importlib.util.spec_from_file_location("coco_experiment", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["coco_experiment"] = module  # its dataclass looks its module up
        spec.loader.exec_module(module)
    return sys.modules["coco_experiment"]


def _digest(paths):
    return {
        str(p): hashlib.sha256(p.read_bytes()).hexdigest()
        for root in paths
        for p in sorted(Path(root).rglob("*") if Path(root).is_dir() else [Path(root)])
        if p.is_file()
    }


@pytest.fixture
def earlier_run(tmp_path):
    """A folder with the files of an earlier run: exdata of one solver, a summary, runs."""
    (tmp_path / "coco" / "exdata" / "MiNES").mkdir(parents=True)
    (tmp_path / "coco" / "exdata" / "MiNES" / "data.info").write_text("earlier\n")
    (tmp_path / "figures").mkdir()
    (tmp_path / "figures" / "coco-bbob-runs.csv").write_text("solver\nMiNES\n")
    (tmp_path / "summary.csv").write_text("solver\nMiNES\n")
    return tmp_path


@pytest.mark.parametrize(
    "bad, message",
    [
        (["--functions", "0"], "--functions must list bbob function numbers 1..24, got '0'"),
        (["--functions", "25"], "--functions must list bbob function numbers 1..24, got '25'"),
        (["--functions", "1,x"], "--functions must be comma-separated integers"),
        (["--functions", "2,2"], "--functions must not repeat a value"),
        (["--instances", "0"], "--instances must list bbob instance indices 1..15, got '0'"),
        (["--instances", "16"], "--instances must list bbob instance indices 1..15"),
        (["--dimensions", "7"], "--dimensions must list dimensions of cocoex's bbob suite"),
        (["--workers", "0"], "--workers must list one integer >= 1, got '0'"),
        (["--workers", "two"], "--workers must be comma-separated integers"),
        (["--workers", "1,2"], "--workers must be one integer >= 1, got '1,2'"),
        (["--budget", "10,20"], "--budget must be one integer in 1..10^7, got '10,20'"),
        (["--budget", "0"], "--budget must list one integer in 1..10"),
        (
            ["--solvers", "NES"],
            "--solvers must name some of CMA-ES,MiNES,MiNES-step,xNES,RGF, got 'NES'",
        ),
        (["--solvers", ","], "--solvers must name some of"),
    ],
)
def test_bad_arguments_exit_and_touch_nothing(earlier_run, capsys, bad, message):
    tool = _tool()
    places = [earlier_run, coco_bbob.SUMMARY, ROOT / "figures" / "coco-bbob-runs.csv"]
    before = _digest(places)
    where = [
        "--folder", str(earlier_run / "coco"),
        "--figures", str(earlier_run / "figures"),
        "--summary", str(earlier_run / "summary.csv"),
    ]  # fmt: skip
    with pytest.raises(SystemExit) as exit_:
        tool.main([*where, *bad])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err
    assert _digest(places) == before


def test_bad_folders_exit_and_touch_nothing(earlier_run, capsys):
    tool = _tool()
    before = _digest([earlier_run])
    runs = str(earlier_run / "figures" / "coco-bbob-runs.csv")
    for bad, message in (
        (["--folder", runs], "--folder must be a folder, got the file"),
        (["--summary", str(earlier_run / "nowhere" / "s.csv")], "--summary must be a file in"),
        (
            ["--folder", str(earlier_run / "empty"), "--postprocess-only"],
            "--postprocess-only needs the data of an earlier run",
        ),
    ):
        with pytest.raises(SystemExit) as exit_:
            tool.main(["--figures", str(earlier_run / "figures"), *bad])
        assert exit_.value.code == 2 and message in capsys.readouterr().err
    assert _digest([earlier_run]) == before


def test_a_dry_run_checks_and_touches_nothing(earlier_run, capsys):
    tool = _tool()
    before = _digest([earlier_run])
    code = tool.main(
        [
            "--folder", str(earlier_run / "coco"),
            "--figures", str(earlier_run / "figures"),
            "--summary", str(earlier_run / "summary.csv"),
            "--functions", "1,2", "--dry-run",
        ]
    )  # fmt: skip
    assert (
        code == 0 and "complete run (package summary rewritten): False" in capsys.readouterr().out
    )
    assert _digest([earlier_run]) == before
    plan = tool.check_arguments(["--dry-run"])
    assert plan.complete and plan.subset == coco.SUBSET


def test_a_second_run_into_the_same_folder_is_refused_by_name(earlier_run, capsys, monkeypatch):
    """While one run holds the folder's lock, a second ``main`` into that folder exits with
    status 2 naming --folder and touches nothing (it used to fail with a FileNotFoundError
    when the first removed its staging folder); once the lock is released, it can be taken."""
    tool = _tool()
    monkeypatch.setenv("PYTHONHASHSEED", "0")  # main would re-execute itself otherwise
    folder = earlier_run / "coco"
    argv = [
        "--folder", str(folder), "--figures", str(earlier_run / "figures"),
        "--summary", str(earlier_run / "summary.csv"),
        "--functions", "1", "--dimensions", "2", "--instances", "1", "--solvers", "MiNES",
    ]  # fmt: skip
    with tool.folder_lock(folder):
        before = _digest([earlier_run])
        assert tool.main(argv) == 2
        assert _digest([earlier_run]) == before
    error = capsys.readouterr().err
    assert f"--folder {str(folder)!r} is in use by another run of coco_experiment.py" in error
    with tool.folder_lock(folder):
        pass


def test_new_data_replace_the_old_only_whole(tmp_path):
    """``files.replace_directory`` moves the new folder over the old one (the old removed only
    once the move is made; a missing old one is fine); ``write_beside`` writes a temporary file
    beside its target and moves it over, leaving no temporary file."""
    tool = _tool()
    old, new = tmp_path / "exdata" / "MiNES", tmp_path / "staging" / "MiNES"
    old.mkdir(parents=True)
    (old / "old.info").write_text("old\n")
    new.mkdir(parents=True)
    (new / "new.info").write_text("new\n")
    files.replace_directory(new, old)
    assert [p.name for p in old.iterdir()] == ["new.info"] and not new.exists()
    assert sorted(p.name for p in (tmp_path / "exdata").iterdir()) == ["MiNES"]
    fresh = tmp_path / "staging" / "xNES"
    fresh.mkdir()
    files.replace_directory(fresh, tmp_path / "exdata" / "xNES")
    assert (tmp_path / "exdata" / "xNES").is_dir()
    target = tmp_path / "figures" / "runs.csv"
    tool.write_beside(pd.DataFrame({"a": [1, 2]}), target)
    assert target.read_text() == "a\n1\n2\n"
    assert [p.name for p in target.parent.iterdir()] == ["runs.csv"]


def test_the_books_cocopp_page_is_a_copy_or_says_how_to_make_it(tmp_path, monkeypatch):
    """tools/build_site.py: with cocopp's output present, the book's cocopp/ is a copy of it;
    without (no make coco yet), cocopp/index.html says how to produce it."""
    path = ROOT / "tools" / "build_site.py"
    spec = importlib.util.spec_from_file_location("build_site_for_coco", path)
    site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(site)
    monkeypatch.setattr(site, "COCOPP", tmp_path / "nothing")
    site.cocopp_pages(tmp_path / "absent")
    text = (tmp_path / "absent" / "index.html").read_text(encoding="utf-8")
    assert "Run\n<code>make coco</code>" in text and "<code>make html</code>" in text
    output = tmp_path / "ppdata"
    (output / "run").mkdir(parents=True)
    (output / "index.html").write_text("<html>cocopp</html>")
    (output / "run" / "pptables.html").write_text("tables")
    monkeypatch.setattr(site, "COCOPP", output)
    site.cocopp_pages(tmp_path / "present")
    assert (tmp_path / "present" / "index.html").read_text() == "<html>cocopp</html>"
    assert (tmp_path / "present" / "run" / "pptables.html").read_text() == "tables"
