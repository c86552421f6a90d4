"""plotting: the figure rules (each fails on a figure that breaks it and passes on one that keeps
it), the helpers that keep them, and save_figure (refuses a figure that breaks them; byte-identical
files, written where the environment says, never the repo)."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest

from mines_theory.plotting import (
    FIGURES_ENV,
    MAX_POINTS,
    band,
    bound,
    bound_off_scale,
    check_figure,
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
    fig, (top, bottom, empty) = plt.subplots(3, 1, sharex=True)
    for ax, title in ((top, "top"), (bottom, "bottom")):
        ax.plot(K, K)
        ax.set(title=title, ylabel="y")
    empty.set_title("no data")
    assert check_figure(fig) == ["axes 'top': no x-label", "axes 'bottom': no x-label"]
    bottom.set_xlabel("k")   # the shared x-axis takes the bottom panel's label
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
    ax.plot(K, 5 * K, color="0.8", lw=0.5)            # unlabelled traces are exempt
    ax.plot(K, 6 * K, color="0.8", lw=0.5)
    assert check_figure(fig) == [
        "axes 'a test figure': 'a' and 'b' differ only in colour (line style '-', marker 'None')",
        "axes 'a test figure': 'c' and 'd' differ only in colour (line style 'None', marker 'o')"]
    fig, ax = _axes()
    ax.plot(K, K, label="a")
    ax.plot(K, 2 * K, "--", label="b")
    ax.plot(K, 3 * K, "s-", label="c")
    assert check_figure(fig) == []


def test_rule_3_log_log_rate_plots_carry_a_reference_slope():
    fig, ax = _axes()
    ax.loglog(K, 1 / K, label="measured")
    assert check_figure(fig) == [
        ("axes 'a test figure': a log-log rate plot without a reference slope (a line labelled "
         "'slope …' or '∝ …'; see reference_slope)")]
    ax.plot(K, 3 / K, ":", label=r"$\propto 1/k$")
    assert check_figure(fig) == []
    fig, ax = _axes()
    ax.semilogy(K, 1 / K)                              # one log axis: not a rate plot
    assert check_figure(fig) == []
    fig, ax = _axes()
    ax.loglog(K, K**0.5)
    not_a_rate_plot(ax)                                # declared: a log-log plot of no rate
    assert check_figure(fig) == []


def test_rule_4_no_overplotted_clouds():
    points = np.random.default_rng(0).normal(size=(2, MAX_POINTS + 1))
    for draw in (lambda ax: ax.scatter(*points), lambda ax: ax.plot(*points, ".")):
        fig, ax = _axes()
        draw(ax)
        assert check_figure(fig) == [(f"axes 'a test figure': a cloud of {MAX_POINTS + 1} points "
                                      f"(more than {MAX_POINTS}); use hexbin or quantile bands")]
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
    assert note.get_text() == "↑ C = 6e+14 (off scale)"
    assert bound_off_scale(ax, 1e-3, "floor").get_text() == "↓ floor = 0.001 (off scale)"
    assert bound(ax, K, 1.0, "b", ls=":", lw=1).get_linestyle() == ":"      # aliases override
    line = bound_off_scale(ax, 50.0, "level")
    assert line.get_linestyle() == "--" and set(line.get_ydata()) == {50.0}


def test_save_figure_refuses_a_figure_that_breaks_the_rules(tmp_path):
    fig, ax = _axes(title="bad panel", ylabel="")
    ax.plot(K, K)
    with pytest.raises(ValueError, match=r"figure 'bad' breaks the figure rules[^\n]*\n"
                                         r"- axes 'bad panel': no y-label"):
        save_figure(fig, "bad", tmp_path)
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


@pytest.mark.parametrize("name", ["", "../x", "a/b", ".hidden"])
def test_bad_names(tmp_path, name):
    with pytest.raises(ValueError, match="name must be a plain file stem"):
        save_figure(_figure(), name, tmp_path)
