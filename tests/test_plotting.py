"""plotting: the figure rules (each fails on a figure that breaks it and passes on one that keeps
it), the helpers that keep them, and save_figure (refuses a figure that breaks them; byte-identical
files, written where the environment says, never the repo)."""

from pathlib import Path
import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib.image
import matplotlib.pyplot as plt
import matplotlib.text
import numpy as np
import pytest

from mines_theory.plotting import figures as plotting
from mines_theory.plotting.rules import (
    BOOK_WIDTH_PX,
    MAX_LEGEND_FRACTION,
    MAX_POINTS,
    MIN_TEXT_PT,
    FigureRuleError,
    book_scale,
    check_figure,
    covered_lines,
    figure_violations,
    smallest_text,
)
from mines_theory.plotting.figures import (
    FIGURES_ENV,
    PENDING,
    band,
    bound,
    bound_off_scale,
    figures_dir,
    not_a_rate_plot,
    reference_slope,
    save_figure,
    set_style,
)

K = np.arange(1, 101)


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _axes(title="a test figure", **labels):
    set_style()
    fig, ax = plt.subplots()
    ax.set(title=title, **{"xlabel": "iteration k", "ylabel": "error", **labels})
    return fig, ax


def _figure():
    """A figure that keeps every rule: labelled, two series in two styles, a reference slope."""
    fig, ax = _axes()
    ax.loglog(K, 1 / K, "o-", label="measured")
    band(ax, K, 0.5 / K, 2 / K, label="10–90%")
    bound(ax, K, 10 / K, label="the bound")
    reference_slope(ax, K, -1, (1, 1))
    ax.legend()
    return fig


def test_a_figure_that_keeps_the_rules_has_no_violations():
    assert check_figure(_figure()) == []


@pytest.mark.parametrize("missing", ["xlabel", "ylabel"])
def test_rule_1_labels(missing):
    fig, ax = _axes(**{missing: ""})
    ax.plot(K, K)
    assert check_figure(fig) == [f"axes 'a test figure': no {missing[0]}-label"]


def test_rule_1_shared_axes_and_axes_without_data():
    set_style()
    fig, (top, bottom, empty) = plt.subplots(
        3, 1, sharex=True, figsize=(7, 6), layout="constrained"
    )
    for ax, title in ((top, "top"), (bottom, "bottom")):
        ax.plot(K, K)
        ax.set(title=title, ylabel="y")
    empty.set_title("no data")
    assert check_figure(fig) == ["axes 'top': no x-label", "axes 'bottom': no x-label"]
    bottom.set_xlabel("k")  # the shared x-axis takes the bottom panel's label
    assert check_figure(fig) == []


def test_rule_1_colour_bar_needs_a_label():
    fig, ax = _axes()
    cells = ax.hexbin(np.arange(50.0), np.arange(50.0), gridsize=5)
    bar = fig.colorbar(cells)
    assert check_figure(fig) == ["axes 1 (untitled): colour bar without a label"]
    bar.set_label("count")
    assert check_figure(fig) == []


def test_rule_2_lines_must_differ_in_more_than_colour():
    fig, ax = _axes()
    ax.plot(K, K, color="C0", label="a")
    ax.plot(K, 2 * K, color="C1", label="b")
    ax.errorbar(K, 3 * K, yerr=1, fmt="o", label="c")
    ax.errorbar(K, 4 * K, yerr=1, fmt="o", color="C3", label="d")
    ax.plot(K, 5 * K, color="0.8", lw=0.5)  # unlabelled traces are exempt
    ax.plot(K, 6 * K, color="0.8", lw=0.5)
    assert check_figure(fig) == [
        "axes 'a test figure': 'a' and 'b' differ only in colour (line style '-', marker 'None')",
        "axes 'a test figure': 'c' and 'd' differ only in colour (line style 'None', marker 'o')",
    ]
    fig, ax = _axes()
    ax.plot(K, K, label="a")
    ax.plot(K, 2 * K, "--", label="b")
    ax.plot(K, 3 * K, "s-", label="c")
    assert check_figure(fig) == []


def test_rule_3_log_log_rate_plots_carry_a_reference_slope():
    fig, ax = _axes()
    ax.loglog(K, 1 / K, label="measured")
    assert check_figure(fig) == [
        (
            "axes 'a test figure': a log-log rate plot without a reference slope (a line labelled "
            "'slope …' or '∝ …'; see reference_slope)"
        )
    ]
    ax.plot(K, 3 / K, ":", label=r"$\propto 1/k$")
    assert check_figure(fig) == []
    fig, ax = _axes()
    ax.semilogy(K, 1 / K)  # one log axis: not a rate plot
    assert check_figure(fig) == []
    fig, ax = _axes()
    ax.loglog(K, K**0.5)
    not_a_rate_plot(ax)  # declared: a log-log plot of no rate
    assert check_figure(fig) == []


def test_rule_4_no_overplotted_clouds():
    points = np.random.default_rng(0).normal(size=(2, MAX_POINTS + 1))
    for draw in (lambda ax: ax.scatter(*points), lambda ax: ax.plot(*points, ".")):
        fig, ax = _axes()
        draw(ax)
        assert check_figure(fig) == [
            (
                f"axes 'a test figure': a cloud of {MAX_POINTS + 1} points "
                f"(more than {MAX_POINTS}); use hexbin or quantile bands"
            )
        ]
    fig, ax = _axes()
    ax.scatter(*points[:, :MAX_POINTS])
    ax.hexbin(*points, gridsize=10)
    assert check_figure(fig) == []


def test_reference_slope_passes_through_its_anchor_with_its_order():
    _, ax = _axes()
    line = reference_slope(ax, [2.0, 20.0, 200.0], -0.5, (20.0, 3.0))
    assert line.get_label() == "slope −0.5"
    np.testing.assert_allclose(line.get_ydata(), [3 * 10**0.5, 3.0, 3 * 10**-0.5])
    with pytest.raises(ValueError, match="label must start with"):
        reference_slope(ax, K, -1, (1, 1), label="rate 1/k")


def test_bound_off_scale_writes_the_value_and_draws_it_when_on_scale():
    _, ax = _axes()
    ax.plot(K, K)
    ax.set_ylim(1, 100)
    note = bound_off_scale(ax, 6.0e14, "C")
    # a power of ten in mathtext, not exponent notation (06 showed "8e+10"; a cold reader)
    assert note.get_text() == r"↑ C = $6\times10^{14}$ (off scale)"
    assert bound_off_scale(ax, 1e-8, "floor").get_text() == r"↓ floor = $10^{-8}$ (off scale)"
    assert bound_off_scale(ax, 1e-3, "floor").get_text() == "↓ floor = 0.001 (off scale)"
    assert bound(ax, K, 1.0, "b", ls=":", lw=1).get_linestyle() == ":"  # aliases override
    line = bound_off_scale(ax, 50.0, "level")
    assert line.get_linestyle() == "--" and set(line.get_ydata()) == {50.0}


def test_save_figure_refuses_a_figure_that_breaks_the_rules(tmp_path):
    fig, ax = _axes(title="bad panel", ylabel="")
    ax.plot(K, K)
    with pytest.raises(
        FigureRuleError,
        match=r"figure 'bad' breaks the figure rules[^\n]*\n"
        r"- rule 1 \(axes labelled\): axes 'bad panel': no y-label",
    ) as error:
        save_figure(fig, "bad", tmp_path)
    assert isinstance(error.value, ValueError) and error.value.figure == "bad"
    assert [v.rule for v in error.value.violations] == [1]
    assert not list(tmp_path.iterdir())


def test_byte_identical_across_runs(tmp_path):
    paths1 = save_figure(_figure(), "demo", tmp_path / "a")
    paths2 = save_figure(_figure(), "demo", tmp_path / "b")
    assert [p.name for p in paths1] == ["demo.png", "demo.pdf"]
    for p1, p2 in zip(paths1, paths2):
        assert p1.read_bytes() == p2.read_bytes(), p1.name
    assert b"CreationDate" not in paths1[1].read_bytes()


def test_default_directory_follows_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(FIGURES_ENV, str(tmp_path / "elsewhere"))
    assert figures_dir() == tmp_path / "elsewhere"
    (png, pdf) = save_figure(_figure(), "env-demo")
    assert png.parent == tmp_path / "elsewhere" and png.is_file() and pdf.is_file()


def test_without_the_environment_the_checkouts_figures_folder(monkeypatch):
    """In a checkout, ``make figures`` writes into the repository's figures/ (which the README
    and the book read), not into figures/ beside the notebook a kernel runs in."""
    monkeypatch.delenv(FIGURES_ENV, raising=False)
    root = Path(__file__).resolve().parent.parent
    assert figures_dir() == root / "figures"


@pytest.mark.parametrize("name", ["", "../x", "a/b", ".hidden"])
def test_bad_names(tmp_path, name):
    with pytest.raises(ValueError, match="name must be a plain file stem"):
        save_figure(_figure(), name, tmp_path)


# --- rules 5–8: a figure read at the width the book shows it -----------------------------------


def _rules(fig):
    return {violation.rule for violation in figure_violations(fig)}


def _panels(figsize=(7.0, 3.5), **kw):
    """Two labelled panels side by side, laid out by constrained layout."""
    set_style()
    fig, axes = plt.subplots(1, 2, figsize=figsize, layout="constrained", **kw)
    for ax, title in zip(axes, ("left", "right")):
        ax.set(title=title, xlabel="k", ylabel="error")
    return fig, axes


def test_rule_5_distinct_series_look_distinct_across_the_figure():
    fig, (left, right) = _panels()
    left.plot(K, K, color="C0", label="a")
    right.plot(K, K, color="C0", label="b")  # another series in a's style
    left.legend(), right.legend()
    assert [v.message for v in figure_violations(fig) if v.rule == 5] == [
        "'a' (axes 'left') and 'b' (axes 'right') share colour (#0173b2, #0173b2: ΔE 0 < 20), "
        "line style '-' and marker 'None'"
    ]
    fig, (left, right) = _panels()  # near colours count as one (ΔE ≈ 11)
    left.plot(K, K, "--", color="#de8f05", label="a")
    right.plot(K, K, "--", color="#e69f00", label="b")
    assert _rules(fig) == {5}
    fig, (left, right) = _panels()  # scatters too
    left.scatter(K, K, color="C2", label="a")
    right.scatter(K, K, color="C2", label="b")
    assert _rules(fig) == {5}
    fig, (left, right) = _panels()
    left.plot(K, K, color="C0", label="a")
    right.plot(K, K, color="C0", label="a")  # the same series in both panels
    right.plot(K, 2 * K, color="C1", label="b")  # a colour of its own
    right.plot(K, 3 * K, "--", color="C0", label="c")  # a's colour in another line style
    left.scatter(K, K, color="C2", label="d")
    right.scatter(K, K, color="C3", label="e")
    for ax, order in ((left, -1), (right, 2)):  # bounds and slopes: one style by design
        bound(ax, K, 5.0, label=f"bound of {ax.get_title()}")
        reference_slope(ax, K, order, (1, 1), label=f"∝ k^{order}")
    assert 5 not in _rules(fig)


def test_rule_6_book_scale_is_the_pngs_width_against_the_column():
    # A PNG no wider than the column is shown pixel for pixel: a point is dpi/72 pixels, a CSS
    # point 96/72; a wider one is scaled to the column, whatever its dpi: 676 px / (96 px/in).
    assert book_scale(600, 150) == pytest.approx(150 / 96)
    assert book_scale(BOOK_WIDTH_PX, 96) == pytest.approx(1.0)
    for dpi in (100, 150, 300):
        assert book_scale(10 * dpi, dpi) == pytest.approx(BOOK_WIDTH_PX / 960)
    for bad in (0, -1, np.nan, np.inf):
        with pytest.raises(ValueError, match="png_width must be a positive finite number"):
            book_scale(bad, 150)


def test_rule_6_smallest_text_is_measured_on_the_saved_png(tmp_path):
    set_style()
    fig, ax = plt.subplots(figsize=(12.0, 4.0))
    ax.plot(K, K)
    ax.set(title="t", xlabel="k", ylabel="y")
    for text in fig.findobj(matplotlib.text.Text):
        text.set_fontsize(11)
    png = tmp_path / "wide.png"
    fig.savefig(png, format="png")
    width = matplotlib.image.imread(png).shape[1]  # read back from the file
    dpi = matplotlib.rcParams["savefig.dpi"]
    assert smallest_text(fig) == pytest.approx(11 * dpi / 96 * BOOK_WIDTH_PX / width, rel=1e-9)
    assert smallest_text(fig) < MIN_TEXT_PT < 11  # 12 in wide: 11 pt shows as ~6.5 pt
    assert _rules(fig) == {6}
    assert any(
        v.message.startswith("6 x tick labels of axes 't'")
        and f"at least {MIN_TEXT_PT:g} pt" in v.message
        for v in figure_violations(fig)
    )


def test_rule_6_small_text_fails_and_legible_text_passes():
    fig, ax = _axes()
    ax.plot(K, K, label="a")
    ax.legend(fontsize=5)  # 5 pt at 7 in: 5.2 pt at book width
    assert _rules(fig) == {6}
    fig, ax = _axes()  # the default style at 7 in passes
    ax.plot(K, K, label="a")
    ax.annotate("a note", (50, 50), fontsize="x-small")
    ax.legend(fontsize="x-small")
    assert _rules(fig) == set() and smallest_text(fig) >= MIN_TEXT_PT


def test_rule_7_no_overlapping_labels():
    set_style()
    fig, (left, right) = plt.subplots(1, 2, figsize=(7.0, 3.5))
    fig.subplots_adjust(wspace=0.02)  # the right y-label sits on the left panel
    for ax, title in zip((left, right), ("left", "right")):
        ax.plot(K, K)
        ax.set(title=title, xlabel="k", ylabel="error")
    messages = [v.message for v in figure_violations(fig) if v.rule == 7]
    assert "y-label 'error' of axes 'right' runs into axes 'left'" in messages
    assert "y tick label '100' of axes 'right' runs into axes 'left'" in messages
    fig, (left, right) = _panels()  # the same, laid out by constrained layout
    for ax in (left, right):
        ax.plot(K, K)
    assert _rules(fig) == set()


def test_rule_7_crowded_tick_labels_and_a_stray_annotation():
    fig, ax = _axes()
    ax.plot(K, K)
    ax.set_xticks(K[::5], [f"label {k}" for k in K[::5]])  # 20 long labels on one axis
    assert [v.rule for v in figure_violations(fig)] == [7] * len(
        [v for v in figure_violations(fig)]
    )
    assert any(
        "x tick label 'label 1' of axes 'a test figure' overlaps x tick label 'label 6'"
        in v.message
        for v in figure_violations(fig)
    )
    set_style()
    fig, (left, right) = plt.subplots(1, 2, figsize=(7.0, 3.5))
    fig.subplots_adjust(wspace=0.45)
    for ax, title in zip((left, right), ("left", "right")):
        ax.plot(K, K)
        ax.set(title=title, xlabel="k", ylabel="error")
    assert _rules(fig) == set()
    left.annotate("a note written across the gap", (95, 50), annotation_clip=False)
    assert set(check_figure(fig)) == {
        "annotation 'a note written across the gap' of axes 'left' runs into axes 'right'",
        "annotation 'a note written across the gap' of axes 'left' overlaps y-label 'error' of "
        "axes 'right'",
    }


def test_rule_8_legends_fit():
    fig, ax = _axes()
    ax.plot(K, K, label="a series with a long label")
    ax.legend(loc="upper left", bbox_to_anchor=(1.05, 1.0))  # outside the canvas
    assert [v.message.split(" (legend")[0] for v in figure_violations(fig) if v.rule == 8] == [
        "the legend of axes 'a test figure' reaches outside the figure's canvas"
    ]
    fig, ax = _axes()
    for i, style in enumerate(("-", "--", ":", "-.", "o-", "s-", "^-", "D-", "v-", "x-", "P-")):
        ax.plot(K, (i + 1) * K, style, label=f"a series with a long label, number {i}")
    ax.legend()
    messages = [v.message for v in figure_violations(fig) if v.rule == 8]
    assert len(messages) == 1 and messages[0].startswith(
        "the legend of axes 'a test figure' covers "
    )
    assert float(messages[0].split("covers ")[1].split("%")[0]) / 100 > MAX_LEGEND_FRACTION
    fig, axes = _panels()  # a figure legend outside the panels
    for ax in axes:
        ax.plot(K, K, label="a")
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center")
    assert _rules(fig) == set()


def test_pending_figures_are_saved_despite_the_rules_they_are_declared_to_break(
    tmp_path, monkeypatch
):
    def small_legend():
        fig, ax = _axes()
        ax.plot(K, K, label="a")
        ax.legend(fontsize=4)
        return fig

    monkeypatch.setitem(PENDING, "pending-demo", frozenset({6}))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing printed into a notebook's output
        paths = save_figure(small_legend(), "pending-demo", tmp_path)
    assert all(path.is_file() for path in paths)
    with pytest.raises(FigureRuleError, match="rule 6"):  # not declared: refused
        save_figure(small_legend(), "another", tmp_path)
    fig = small_legend()
    fig.axes[0].set_ylabel("")
    with pytest.raises(FigureRuleError, match=r"rule 1 .*no y-label") as error:
        save_figure(fig, "pending-demo", tmp_path)  # rule 1 is not pending
    assert [v.rule for v in error.value.violations] == [1]


def test_pending_is_declared_data_listed_in_the_docstring():
    for name, rules in PENDING.items():
        assert 9 not in rules and 10 not in rules, (name, rules)  # every figure re-laid out
        assert rules and set(rules) <= {5, 6, 7, 8, 9, 10}, (name, rules)
        assert f"``{name}``: rule" in plotting.__doc__


def _kappa_figure(legend_below: bool):
    """05's first figure with its data's shape: rates rising to 0.08 and three flat lines at
    10⁻², 10⁻³, 10⁻⁴, the legend where main drew it (inside, lower right) or below the axes."""
    set_style()
    fig, ax = plt.subplots(figsize=(7, 5 if legend_below else 4), layout="constrained")
    k = np.arange(400, 8000, 800)
    for kappa, colour, marker in zip((10, 100, 1000), ("C0", "C1", "C2"), "os^"):
        ax.semilogy(
            k,
            0.08 - 0.06 * np.exp(-k / 2000),
            color=colour,
            marker=marker,
            label=f"MiNES, κ = {kappa}",
        )
        ax.semilogy(
            k,
            np.full(k.size, 0.1 / kappa),
            ls="--",
            color=colour,
            marker=marker,
            mfc="none",
            label=f"Σ frozen at Σ₁, κ = {kappa}",
        )
    ax.set(xlabel="iteration k", ylabel="contraction per iteration")
    if legend_below:
        fig.legend(fontsize="x-small", ncol=3, loc="outside lower center")
    else:
        ax.legend(fontsize="x-small", ncol=2, loc="lower right")
    return fig


def test_a_legend_over_a_line_covers_its_markers_and_one_below_the_axes_none():
    """The alternative (main's 05 figure: the legend over the κ = 1000 frozen line) is found;
    the legend below the axes, as 05 now draws it, covers no marker."""
    inside = covered_lines(_kappa_figure(legend_below=False))
    assert any("'Σ frozen at Σ₁, κ = 1000'" in sentence for sentence in inside), inside
    assert covered_lines(_kappa_figure(legend_below=True)) == []
    plt.close("all")


def _line_under_legend(crossing: bool):
    """A threshold (``axhline``) and a two-point segment, the legend in the upper left: the
    threshold at y = 0.9 runs under it; with ``crossing`` a segment from (0, 0.9) to (1, 0.9),
    whose two points lie outside the legend but whose line crosses it."""
    set_style()
    fig, ax = plt.subplots()
    ax.plot([0.6, 1.0], [0.1, 0.2], "o-", label="data, right and low")
    if crossing:
        ax.plot([0.0, 1.0], [0.9, 0.9], ls="--", label="a line across")
    else:
        ax.axhline(0.9, color="k", ls=":", label="threshold")
    ax.set(xlim=(0, 1), ylim=(0, 1), xlabel="x", ylabel="y")
    ax.legend(loc="upper left")
    return fig


@pytest.mark.parametrize("crossing", [False, True])
def test_rule_9_a_legend_over_a_threshold_or_a_crossing_line_fails(tmp_path, crossing):
    """A line that merely passes under the legend, with no marker there (05's two-stage
    figure: the thresholds under its legend), breaks rule 9, and ``save_figure`` refuses it;
    the legend moved below the axes covers nothing."""
    fig = _line_under_legend(crossing)
    found = covered_lines(fig)
    assert any(("a line across" if crossing else "threshold") in s for s in found), found
    with pytest.raises(FigureRuleError, match="rule 9"):
        save_figure(fig, "rule9-demo", tmp_path)
    fig.axes[0].get_legend().remove()
    fig.legend(loc="outside lower center", ncol=3)
    fig.set_layout_engine("constrained")
    assert covered_lines(fig) == []
    plt.close("all")


@pytest.mark.parametrize(
    "text, broken",
    [
        ("threshold of eq:cond (5.3)", True),
        ("$\\Sigma_k^{-1}$ learns the shape of H", False),
        ("Σ_k⁻¹ learns the shape of H", True),
        ("threshold of (5.3)", False),
        ("f − f* (log scale)", False),
    ],
)
def test_rule_10_refuses_code_in_a_figures_text(tmp_path, text, broken):
    """A legend entry or title that names a .tex label or writes a subscript as code breaks
    rule 10; mathtext and the PDF's numbers do not."""
    fig, ax = _axes()
    ax.plot(K, K, label="a line")
    ax.set_title(text)
    ax.legend(loc="upper left")
    try:
        found = [v.rule for v in figure_violations(fig)]
        assert (10 in found) is broken, found
    finally:
        plt.close(fig)
