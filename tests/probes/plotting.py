"""Cases for ``mines_theory.plotting``: ``save_figure`` and ``save_table`` on names that are
not file stems, objects that are not figures or frames, and folders of the wrong type."""

from __future__ import annotations

from typing import Any

import pandas as pd

from mines_theory.plotting import figures

from .harness import Table, scratch


def figure() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    ax.plot([1, 2], [1, 2], label="x")
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    return fig


def cases() -> list:
    t = Table("plotting")
    frame = pd.DataFrame({"a": [1]})
    for name in (123, "", "a/b", None, ".x"):
        t.refuses(
            "save_figure",
            f"name={name!r}",
            lambda n=name: figures.save_figure(figure(), n, scratch()),
            "name",
            name,
        )
        t.refuses(
            "save_table",
            f"name={name!r}",
            lambda n=name: figures.save_table(frame, n, scratch()),
            "name",
            name,
        )
    for name in (123, "", "a/b"):
        t.named("save_figure", f"name={name!r}, named",
                lambda n=name: figures.save_figure(figure(), n, scratch()),
                ValueError, f"name must be a plain file stem.*got {name!r}")  # fmt: skip
    for fig, label in [(None, "None"), ("a", "str"), (3, "3")]:
        t.refuses(
            "save_figure",
            f"fig={label}",
            lambda f=fig: figures.save_figure(f, "x", scratch()),
            "fig",
            fig,
        )
    for value, label in [(None, "None"), ("a", "str"), ([1, 2], "list")]:
        t.refuses(
            "save_table",
            f"frame={label}",
            lambda v=value: figures.save_table(v, "x", scratch()),
            "frame",
            value,
        )
    t.named("save_figure", "fig None, named", lambda: figures.save_figure(None, "demo", scratch()),
            TypeError,
            "fig must be a matplotlib Figure, got NoneType: None")  # fmt: skip
    t.named("save_table", "a list, named", lambda: figures.save_table([1, 2], "demo", scratch()),
            TypeError,
            r"frame must be a pandas DataFrame, got list: \[1, 2\]")  # fmt: skip
    for entry, call in [("save_figure", lambda: figures.save_figure(figure(), "x", 3)),
                        ("save_table", lambda: figures.save_table(frame, "x", 3))]:  # fmt: skip
        t.named(
            entry,
            "directory=3",
            call,
            TypeError,
            "directory must be a str or os.PathLike .*got int 3",
        )
    return t.cases
