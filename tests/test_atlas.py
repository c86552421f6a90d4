"""The looseness atlas (``verification.atlas``) against the published verdicts: every declared
measurement exists (a renamed measurement fails here, not silently in the figure), a few ratios
recomputed by hand from the raw ``published.json``, the direction of each kind of declaration
(an attained bound gives 0, a violated one a negative log, a lower bound is inverted), and the
figure keeps the figure rules."""

import json
import math
import re

import matplotlib.pyplot as plt
import pytest

from mines_theory.plotting.figures import PENDING
from mines_theory.plotting.rules import figure_violations
from matplotlib.colors import to_hex

from mines_theory.verification.views import atlas
from mines_theory.verification.views.proofgraph import Category
from mines_theory.verification.views.proofmap import CONCLUSION_STYLE
from mines_theory.verification.views.report import Conclusion, row_false_as_printed
from mines_theory.verification.framework import ledger
from mines_theory.verification.views import atlas_bounds
from mines_theory.verification.framework.spec import FORMS, Bar
from mines_theory.verification.framework.verdict import (
    Kind,
    Measurement,
    Qualifier,
    Status,
    Verdict,
)


@pytest.fixture(scope="module")
def published():
    return ledger.published()


@pytest.fixture(scope="module")
def raw():
    """published.json read as plain JSON: claim → {measurement name → value}."""
    data = json.loads(ledger.PUBLISHED.read_text(encoding="utf-8"))
    return {
        claim: {m["name"]: m["value"] for m in entry["measurements"]}
        for claim, entry in data.items()
    }


@pytest.fixture(scope="module")
def table(published):
    return atlas.frame(published)


def _row(table, claim, label_start):
    rows = table[(table["claim"] == claim) & table["label"].str.startswith(label_start)]
    assert len(rows) == 1, (claim, label_start, rows)
    return rows.iloc[0]


# --- the declarations against the published verdicts -----------------------------------------


BARS = atlas_bounds.bars()


@pytest.mark.parametrize("bound", BARS, ids=lambda b: f"{b.claim}: {b.label}")
def test_every_declared_measurement_is_published(bound, published):
    assert bound.source in published, f"no published verdict {bound.source!r}"
    have = {m.name for m in published[bound.source].measurements}
    missing = [name for name in bound.names if name not in have]
    assert not missing, (
        f"{bound.claim} ({bound.label}): {missing} not among the measurements "
        f"of {bound.source!r}: {sorted(have)}"
    )


def test_every_published_row_has_a_bar_or_a_reason(published):
    """A new ledger row forces a decision (its spec's ``atlas``, which the registry
    requires of every checked row): a bar, or a reason why none."""
    rows = {r.number for r in ledger.rows()}
    covered = {b.source for b in BARS} | {b.claim for b in BARS} | set(atlas_bounds.left_out())
    assert not rows - covered, sorted(rows - covered)
    assert set(atlas_bounds.left_out()) <= set(published)


def test_the_left_out_frame_lists_the_claims_without_a_bar(published):
    out = atlas.left_out(published)
    with_bar = {b.source for b in BARS} | {b.claim for b in BARS}
    without = {r.number for r in ledger.rows()} - with_bar
    assert without <= set(out["claim"])
    assert not out.loc[out["claim"].isin(without), "has_bar"].any()
    assert out.loc[out["claim"] == "Thm 5.4", "has_bar"].item()  # a part left out of a bar
    assert (out["reason"].str.len() > 0).all()


def test_left_out_names_an_undeclared_row():
    fresh = {"Sec. 2": Verdict(Status.HOLDS, "x"), "New row": Verdict(Status.HOLDS, "y")}
    out = atlas.left_out(fresh)
    assert "not declared" not in out.set_index("claim").loc["Sec. 2", "reason"]
    assert "no bar declared" in out.set_index("claim").loc["New row", "reason"]


# --- ratios by hand from the raw JSON --------------------------------------------------------


def test_lemma_53_ratio_by_hand(table, raw):
    """Upper bound, from a pair: C over the largest k‖Σ_k⁻¹ − H‖²."""
    m = raw["Lemma 5.3"]
    row = _row(table, "Lemma 5.3", "k‖Σ_k⁻¹ − H‖²")
    assert row["ratio"] == pytest.approx(m["C"] / m["largest"], rel=1e-12)
    assert row["log10_ratio"] == pytest.approx(math.log10(m["C"]) - math.log10(m["largest"]))
    assert row["printed"] == "Lemma 11" and row["form"] == "printed"
    assert row["log10_ratio"] > 9  # C says nothing here


def test_theorem_54_lower_bound_by_hand(table, raw):
    """Lower bound, from a pair: the measured contraction over the promised c₂/(8c₁)."""
    m = raw["Thm 5.4"]
    row = _row(table, "Thm 5.4", "final contraction c₂/(8c₁), κ = 1000")
    assert row["ratio"] == pytest.approx(m["rate_1000"] / m["final_bound"], rel=1e-12)
    assert row["printed"] == "Theorem 12"


def test_lemma_d2_inverted_ratio_by_hand(table, raw):
    """A published measured/bound ratio of an upper bound is inverted; it fails, so log < 0."""
    row = _row(table, "Lemma D.2", "‖Ũν‖²")
    assert row["ratio"] == pytest.approx(1 / raw["Lemma D.2"]["ratio"], rel=1e-12)
    assert row["log10_ratio"] < 0 and row["status"] == "fails"


def test_lemma_d4_violated_bound_by_hand(table, raw):
    m = raw["Lemma D.4"]
    row = _row(table, "Lemma D.4", "‖g̃‖²")
    assert row["ratio"] == pytest.approx(m["bound"] / m["g_sq"], rel=1e-12)
    assert row["log10_ratio"] < 0 and row["category"] == "fails as printed"


def test_each_repaired_result_is_a_bar_beside_its_printed_bound(table, raw):
    """Every row of ledger.repaired() (the corrigendum's checks) is one dashed bar, with its base
    claim's PDF number, coloured by its own verdict; its looseness is the published one read
    the right way up: bound/measured for an upper bound (as published), measured/promised
    contraction for a rate (a lower bound: as published, not inverted)."""
    for row in ledger.repaired():
        bars = table[table["claim"] == row.number]
        assert len(bars) == 1, row.number
        bar = bars.iloc[0]
        assert bar["form"] == "repaired" and bar["verdict"] == row.number
        assert bar["printed"] == ledger.printed()[row.repairs]
        assert bar["status"] == ledger.published()[row.number].status.value
        name = "worst" if "worst" in raw[row.number] else "looseness"
        assert bar["ratio"] == pytest.approx(raw[row.number][name], rel=1e-12), row.number
    lower = table[(table["form"] == "repaired") & (table["sense"] == "lower")]
    assert set(lower["claim"]) == {
        "Lemma 5.2, repaired",
        "Lemma 5.2, repaired, γ > 0",
        "Thm 5.4, repaired",
    }


def test_an_attained_bound_gives_zero(table):
    """Lemma B.1's lower bound d^{p/2} ≤ E‖u‖^p is an equality at p = 2."""
    row = _row(table, "Lemma B.1", "d^{p/2}")
    assert abs(row["log10_ratio"]) < 1e-9
    assert not row["violated"]  # its ratio rounds to 1 − 5e-14: not violated


def test_violated_means_below_zero_beyond_the_uncertainty(table):
    assert set(table.loc[table["violated"], "status"]) == {"fails"}
    assert (table.loc[table["violated"], "log10_ratio"] < 0).all()
    assert _row(table, "Lemma D.4", "‖g̃‖²")["violated"]


def test_frame_is_sorted_and_tidy(table):
    assert list(table.columns) == list(atlas.COLUMNS)
    assert len(table) == len(BARS)
    assert table["log10_ratio"].is_monotonic_decreasing
    assert set(table["form"]) <= set(FORMS)
    assert (table["log10_uncertainty"].dropna() >= 0).all()
    assert not table["label"].str.contains(r"eq:\w+\b(?! \()", regex=True).any()  # PDF numbers


def test_the_claims_verdict_colours_a_bar_read_from_another_row(table, published):
    """Lemma 5.3's bound measured in the α-bias run is coloured by Lemma 5.3's own verdict."""
    row = _row(table, "Lemma 5.3", "k‖Σ_k⁻¹ − H*‖²")
    assert row["verdict"] == "α-bias"
    assert row["status"] == published["Lemma 5.3"].status.value


# --- the declarations on synthetic verdicts: each direction can fail ----------------------------


def _verdict(*measurements, status=Status.HOLDS, qualifiers=()):
    return Verdict(status, "synthetic", measurements, qualifiers)


@pytest.mark.parametrize(
    "sense, bound, measured, expected",
    [
        ("upper", 10.0, 10.0, 0.0),  # attained
        ("upper", 1000.0, 1.0, 3.0),  # loose
        ("upper", 1.0, 10.0, -1.0),  # violated
        ("lower", 1.0, 100.0, 2.0),  # a promised contraction below the measured one
        ("lower", 10.0, 1.0, -1.0),  # a lower bound violated
    ],
)
def test_the_sense_of_a_pair(sense, bound, measured, expected):
    b = Bar("x", claim="Lemma 5.3", bound="b", measured="m", sense=sense)
    v = _verdict(Measurement("b", bound), Measurement("m", measured))
    row = atlas.frame({"Lemma 5.3": v}, (b,)).iloc[0]
    assert row["log10_ratio"] == pytest.approx(expected, abs=1e-12)
    assert row["violated"] == (expected < 0)


def test_a_ratio_just_below_one_is_violated_only_beyond_its_uncertainty():
    b = Bar("x", claim="Lemma 5.3", bound="b", measured="m")
    within = _verdict(Measurement("b", 0.99, 0.01, Kind.SE), Measurement("m", 1.0))
    beyond = _verdict(Measurement("b", 0.9, 0.01, Kind.SE), Measurement("m", 1.0))
    assert not atlas.frame({"Lemma 5.3": within}, (b,)).iloc[0]["violated"]
    assert atlas.frame({"Lemma 5.3": beyond}, (b,)).iloc[0]["violated"]


@pytest.mark.parametrize(
    "sense, ratio_of, value, expected",
    [
        ("upper", "bound/measured", 100.0, 2.0),
        ("upper", "measured/bound", 100.0, -2.0),
        ("lower", "measured/bound", 100.0, 2.0),
        ("lower", "bound/measured", 100.0, -2.0),
    ],
)
def test_the_direction_of_a_ratio(sense, ratio_of, value, expected):
    b = Bar("x", claim="Lemma 5.3", ratio="r", ratio_of=ratio_of, sense=sense)
    row = atlas.frame({"Lemma 5.3": _verdict(Measurement("r", value))}, (b,)).iloc[0]
    assert row["log10_ratio"] == pytest.approx(expected, abs=1e-12)


def test_uncertainty_propagates_relative_errors():
    """(b ± 10%)/(m ± 10%): log₁₀ uncertainty √2·0.1/ln 10; a count adds nothing."""
    b = Bar("x", claim="Lemma 5.3", bound="b", measured="m")
    v = _verdict(Measurement("b", 100.0, 10.0, Kind.SE), Measurement("m", 2.0, 0.2, Kind.SE))
    row = atlas.frame({"Lemma 5.3": v}, (b,)).iloc[0]
    assert row["log10_uncertainty"] == pytest.approx(math.sqrt(2) * 0.1 / math.log(10))
    v = _verdict(Measurement("b", 100.0, 0.0, Kind.COUNT), Measurement("m", 2.0, 0.2, Kind.SE))
    row = atlas.frame({"Lemma 5.3": v}, (b,)).iloc[0]
    assert row["log10_uncertainty"] == pytest.approx(0.1 / math.log(10))


def test_category_follows_the_verdict():
    b = Bar("x", claim="Lemma 5.3", ratio="r", ratio_of="measured/bound")
    loose = Qualifier("too loose to be tested", "criterion", True)
    v = _verdict(Measurement("r", 1e-3), qualifiers=(loose,))
    row = atlas.frame({"Lemma 5.3": v}, (b,)).iloc[0]
    assert row["category"] == "holds, too loose to be tested"
    v = _verdict(Measurement("r", 10.0), status=Status.FAILS)
    assert atlas.frame({"Lemma 5.3": v}, (b,)).iloc[0]["category"] == "fails as printed"


# --- bad declarations and missing data ---------------------------------------------------------


def test_a_renamed_measurement_is_an_error_naming_it():
    b = Bar("x", claim="Lemma 5.3", bound="C", measured="largest")
    with pytest.raises(ValueError, match="'largest'"):
        atlas.frame({"Lemma 5.3": _verdict(Measurement("C", 1.0), Measurement("max", 1.0))}, (b,))
    with pytest.raises(ValueError, match="no published verdict"):
        atlas.frame({}, (b,))


def test_a_measured_zero_is_infinitely_loose_not_an_error():
    b = Bar("x", claim="Lemma 5.3", bound="b", measured="m")
    row = atlas.frame(
        {"Lemma 5.3": _verdict(Measurement("b", 1.0), Measurement("m", 0.0))}, (b,)
    ).iloc[0]
    assert row["ratio"] == math.inf and row["log10_ratio"] == math.inf and not row["violated"]
    fig = atlas.draw(
        atlas.frame({"Lemma 5.3": _verdict(Measurement("b", 1.0), Measurement("m", 0.0))}, (b,))
    )
    try:
        assert fig.axes[0].patches[0].get_width() == fig.axes[0].get_xlim()[1]  # at the edge
    finally:
        plt.close(fig)


def test_a_z_score_is_not_a_size():
    b = Bar("x", claim="Lemma 5.3", ratio="z")
    with pytest.raises(ValueError, match="kind 'z'"):
        atlas.frame({"Lemma 5.3": _verdict(Measurement("z", 1.0, 1.0, Kind.Z))}, (b,))


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"sense": "both"}, "sense="),
        ({"form": "fixed"}, "form="),
        ({"ratio_of": "bound"}, "ratio_of="),
        ({"bound": None}, "either bound= and measured= or ratio="),
        ({"ratio": "r"}, "either bound= and measured= or ratio="),
    ],
)
def test_bad_declarations(kwargs, match):
    args = {"claim": "Lemma 5.3", "label": "x", "bound": "b", "measured": "m", **kwargs}
    with pytest.raises(ValueError, match=match):
        Bar(**args)


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="verdicts="):
        atlas.frame([1, 2])
    with pytest.raises(ValueError, match="verdicts="):
        atlas.frame({"Lemma 5.3": "holds"})
    with pytest.raises(ValueError, match="bounds="):
        atlas.frame({}, ("Lemma 5.3",))
    with pytest.raises(ValueError, match="data="):
        atlas.draw(atlas.left_out())


# --- the figure --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, expected",
    [
        (
            (
                "Lemma 5.2, repaired, γ > 0",
                "Lemma 10",
                "contraction promised by eq:c4 (5.4), logistic",
                "repaired",
            ),
            "Lemma 5.2 (PDF Lemma 10), repaired, γ > 0\ncontraction by (5.4), logistic",
        ),
        (
            ("Thm 3.3", "Theorem 3", "the same, O(α⁴)", "repaired"),
            "Theorem 3.3 (PDF Theorem 3), repaired\nthe same, O(α⁴)",
        ),
        (
            ("Thm 3.3", "Theorem 3", "O(α⁴)", "repaired", False),
            "Theorem 3.3 (PDF Theorem 3), sharpened\nO(α⁴)",
        ),
        (
            ("Lemma E.8", "Lemma 38", "P(‖u‖² ≥ A_t) ≤ δ/(b(t+1)²) by eq:Y (E.11)", "printed"),
            "Lemma E.8 (PDF Lemma 38)\nP(‖u‖² ≥ Aₜ) ≤ δ/(b(t+1)²) by (E.11)",
        ),
    ],
)
def test_a_bar_is_named_in_words_by_both_names(args, expected):
    """Our name and the PDF's in words, "repaired" said (no † to decode), then what is bounded
    with the PDF's equation numbers; the earlier "L5.2† (10) γ > 0: …" is not what it gives."""
    name = atlas.bar_name(*args)
    assert name == expected
    assert "†" not in name and not re.match(r"[LTP][A-F0-9]", name)
    assert max(len(line) for line in name.split("\n")) <= atlas.NAME_WIDTH


#: The width of the book's column at a 1280-px window (px), where the atlas is shown whole.
COLUMN = 676


def _on_page(fontsize: float, fig) -> float:
    """The size of a font of ``fontsize`` points on the book's page at 1280 px (px an em): the
    figure, saved at any resolution with its tight bounding box and padding (as the notebook's
    inline image is), is scaled to the column's width."""
    fig.canvas.draw()
    pad = 2 * plt.rcParams["savefig.pad_inches"]
    width = max(fig.get_tightbbox().width, fig.get_size_inches()[0]) + pad
    return fontsize / 72 * COLUMN / width


def test_the_bar_names_read_at_14_px_on_the_page(table):
    """Every bar name is set at 14 px an em or more in the book's column (its capitals about
    10 px, a line 11 px or more); the figure as it was, 8 pt on 6.8 inches, read at 10.7 px
    (its capitals at 8) and fails the same test."""
    fig = atlas.draw(table)
    try:
        sizes = {_on_page(t.get_fontsize(), fig) for t in fig.axes[0].get_yticklabels()}
        assert min(sizes) >= 14
    finally:
        plt.close(fig)
    old, ax = plt.subplots(figsize=(6.8, 12))
    try:
        assert _on_page(8.0, old) < 14
    finally:
        plt.close(old)


def test_every_mark_of_the_figure_is_said_in_its_legend(table):
    """The legend names each verdict's fill and marker, the dashed edge of a repaired bound and
    the error bar, in words."""
    fig = atlas.draw(table)
    try:
        [legend] = fig.legends
        texts = [t.get_text() for t in legend.get_texts()]
        assert any("dashed edge" in t and "repaired" in t for t in texts)
        assert any("error bar" in t and "1.96" in t for t in texts)
        said = {t.replace("\n", " ").split(":")[0] for t in texts}
        assert set(table["conclusion"]) <= said
        assert any(t.replace("\n", " ") == atlas.FALSE_ELSEWHERE for t in texts)
        assert "conclusion" in legend.get_title().get_text()
    finally:
        plt.close(fig)


def test_the_figure_keeps_the_rules_and_draws_one_bar_per_bound(table):
    fig = atlas.draw(table)
    try:
        pending = PENDING.get("00-looseness-atlas", frozenset())  # the declared debt
        assert [v.message for v in figure_violations(fig) if v.rule not in pending] == []
        ax = fig.axes[0]
        assert len(ax.patches) == len(table)
        ticks = {t.get_position()[1]: t.get_text() for t in ax.get_yticklabels()}
        labels = list(ticks.values())
        for row, tick in (
            (table.iloc[0], ticks[max(ticks)]),  # loosest on top
            (table.iloc[-1], ticks[min(ticks)]),
        ):
            name = atlas.bar_name(row["claim"], row["printed"], row["label"], row["form"])
            assert tick == name
            number = row["claim"].split()[1].rstrip(",")
            assert tick.split()[1].rstrip(",") == number  # our number
            assert f"(PDF {row['printed']})" in tick.split("\n")[0]  # and the PDF's
        assert any("(5.5)" in text for text in labels)  # PDF equation numbers
        widths = sorted(p.get_width() for p in ax.patches)
        assert widths[0] < 0 < widths[-1]
    finally:
        plt.close(fig)


# --- one colour, one meaning; a bar of a row false as printed ----------------------------------


def test_a_repaired_bar_is_concluded_as_the_ledger_concludes_its_repaired_row(table, published):
    """A colour means one thing on the front page: a repaired bar of a repaired row is filled
    with the conclusion the ledger gives that row (``report.conclusion``), so that the atlas and
    the ledger never disagree on it (they did on three rows: "untested" beside "stands")."""
    from mines_theory.verification.views.report import conclusion

    rows = table[(table["form"] == "repaired") & table["claim"].str.contains("repaired")]
    assert len(rows) >= 5
    for _, bar in rows.iterrows():
        row = ledger.claim(bar["claim"])
        assert bar["conclusion"] == conclusion(row, published[bar["claim"]]).value, bar["claim"]


def test_each_bar_is_filled_by_its_conclusion(table):
    fig = atlas.draw(table)
    try:
        bars = fig.axes[0].patches  # drawn in the frame's order
        for patch, said in zip(bars, table["conclusion"]):
            colour = CONCLUSION_STYLE[Conclusion(said)]["color"]
            assert to_hex(patch.get_facecolor()) == colour
    finally:
        plt.close(fig)


def test_a_repaired_bar_takes_its_repaired_forms_verdict():
    """An erratum whose corrected form a bar measures is read as its corrected form holding,
    not an erratum: untested where no run could contradict it (``report.untested_by``, as the
    ledger concludes a repaired row: Lemma E.4's √d form, 2×10⁻⁴), else it stands; the printed
    bar of the same verdict keeps the erratum; a repaired form that fails is false."""
    loose = Qualifier("too loose to be tested", "largest ≤ 10⁻²", True)
    v = _verdict(Measurement("r", 2e-4), status=Status.ERRATUM, qualifiers=(loose,))
    kw = dict(claim="Lemma E.4", ratio="r", ratio_of="measured/bound")
    repaired = atlas.frame({"Lemma E.4": v}, (Bar("x", form="repaired", **kw),)).iloc[0]
    assert repaired["category"] == Category.UNTESTABLE.value
    assert repaired["conclusion"] == Conclusion.UNTESTED.value
    tested = _verdict(Measurement("r", 2e-4), status=Status.ERRATUM)
    row = atlas.frame({"Lemma E.4": tested}, (Bar("x", form="repaired", **kw),)).iloc[0]
    assert row["conclusion"] == Conclusion.STANDS.value
    printed = atlas.frame({"Lemma E.4": v}, (Bar("x", **kw),)).iloc[0]
    assert printed["category"] == Category.ERRATUM.value
    assert printed["conclusion"] == Conclusion.REPAIRED.value
    broken = _verdict(Measurement("r", 0.5), status=Status.FAILS)
    row = atlas.frame({"Lemma E.4": broken}, (Bar("x", form="repaired", **kw),)).iloc[0]
    assert row["conclusion"] == Conclusion.FALSE.value


def test_lemma_e4_repaired_bar_is_untested(table, published):
    row = _row(table, "Lemma E.4", "α-error sums")
    assert row["form"] == "repaired" and row["ratio"] >= 1e2  # the ≤ 10⁻² rule
    assert published["Lemma E.4"].status is Status.ERRATUM
    assert row["category"] == Category.UNTESTABLE.value
    assert row["conclusion"] == Conclusion.UNTESTED.value  # no run could contradict it


def test_a_row_false_as_printed_with_only_holding_bars_is_marked():
    """Marked where no printed bar of the row is violated; not where one is (its violation is
    then in the figure)."""
    kw = dict(claim="Lemma 5.1, γ > 0", ratio="r", ratio_of="measured/bound")
    holds = _verdict(Measurement("r", 1e-3), status=Status.ERRATUM)
    assert atlas.frame({kw["claim"]: holds}, (Bar("x", **kw),)).iloc[0]["false_elsewhere"]
    both = _verdict(Measurement("r", 1e-3), Measurement("s", 10.0), status=Status.FAILS)
    bars = (Bar("x", **kw), Bar("y", **{**kw, "ratio": "s"}))
    assert not atlas.frame({kw["claim"]: both}, bars)["false_elsewhere"].any()
    fine = _verdict(Measurement("r", 1e-3))
    assert not atlas.frame({kw["claim"]: fine}, (Bar("x", **kw),)).iloc[0]["false_elsewhere"]


def test_the_published_rows_false_as_printed_on_another_run_are_marked(table, published):
    marked = set(table[table["false_elsewhere"]]["claim"])
    assert marked == {"Lemma 5.1, γ > 0", "Thm 5.4, γ > 0"}
    for claim in marked:
        assert row_false_as_printed(published[claim])
        assert not table[table["claim"] == claim]["violated"].any()
    fig = atlas.draw(table)
    try:
        stars = [ln for ln in fig.axes[0].lines if ln.get_label() == "_false"]
        assert len(stars) == int(table["false_elsewhere"].sum())
    finally:
        plt.close(fig)


def test_theorem_33s_own_bound_is_not_called_repaired(table):
    row = _row(table, "Thm 3.3", "f(μ̂*) − f(μ*) and ‖μ* − μ̂*‖², O(α⁴)")
    assert row["form"] == "repaired" and not row["corrects"]
    name = atlas.bar_name(row["claim"], row["printed"], row["label"], "repaired", False)
    assert atlas.OWN in name.replace("\n", " ") and atlas.REPAIRED not in name
    for r in table[table["form"] == "repaired"].itertuples():
        if r.claim != "Thm 3.3":
            assert r.corrects, r.claim


def test_no_declared_label_names_the_code():
    """A bar's label is said as declared (no swap at render time): no identifier of the code."""
    code = re.compile(r"\b[a-z][a-z0-9]+(?:_[a-z0-9]+)+\b")
    assert [b.label for b in BARS if code.search(re.sub(r"eq:\w+", "", b.label))] == []
