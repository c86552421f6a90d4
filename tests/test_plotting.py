"""save_figure: byte-identical files, written where the environment says, never the repo."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest

from mines_theory.plotting import FIGURES_ENV, figures_dir, save_figure, set_style


def _figure():
    set_style()
    fig, ax = plt.subplots()
    x = np.linspace(1, 100, 50)
    ax.loglog(x, 1 / x, label="1/k")
    ax.set_title("a test figure")
    ax.legend()
    return fig


def test_byte_identical_across_runs(tmp_path):
    paths1 = save_figure(_figure(), "demo", tmp_path / "a")
    paths2 = save_figure(_figure(), "demo", tmp_path / "b")
    plt.close("all")
    assert [p.name for p in paths1] == ["demo.png", "demo.pdf"]
    for p1, p2 in zip(paths1, paths2):
        assert p1.read_bytes() == p2.read_bytes(), p1.name
    assert b"CreationDate" not in paths1[1].read_bytes()


def test_default_directory_follows_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(FIGURES_ENV, str(tmp_path / "elsewhere"))
    assert figures_dir() == tmp_path / "elsewhere"
    (png, pdf) = save_figure(_figure(), "env-demo")
    plt.close("all")
    assert png.parent == tmp_path / "elsewhere" and png.is_file() and pdf.is_file()


@pytest.mark.parametrize("name", ["", "../x", "a/b", ".hidden"])
def test_bad_names(tmp_path, name):
    with pytest.raises(ValueError, match="name must be a plain file stem"):
        save_figure(_figure(), name, tmp_path)
    plt.close("all")
