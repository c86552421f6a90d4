"""Print the paper's printed equation and statement numbers, as the Python literals of
``mines_theory.verification.framework.paper.EQUATIONS`` and ``STATEMENTS``, computed from the .tex.

    .venv/bin/python tools/equation_numbers.py [path/to/mirror-natural-evolution-strategies.tex]

(the default path is $MINES_THEORY_PAPER, or ../shared/paper/ beside the checkout, as in the tests).

The .tex is not shipped with the package, so the maps are data in the library; this script is
how they were made, and ``tests/test_paper_numbers.py`` re-derives them with a parser of its own.

How the numbers are derived (jmlr2e with ``\\numberwithin{equation}{section}``): the source is
read as a stream of tokens with its comments removed. ``\\section`` (unstarred) resets the
equation counter and steps the section number: 1, 2, … before ``\\appendix``, A, B, … after it;
subsections do not reset it. A display environment ``equation``, ``multline`` (one number each)
or ``align``, ``gather``, ``flalign``, ``alignat``, ``eqnarray`` (one number per row, rows ended by
``\\\\`` at the environment's own level) steps the counter once per numbered row; a row with
``\\nonumber`` or ``\\notag`` is not numbered and ``\\tag{x}`` prints ``(x)`` without stepping;
starred environments, ``\\[ \\]`` and ``$$`` are not numbered. Inner ``aligned``, ``split``,
``array``, … belong to the row that holds them. A ``\\label`` takes the number of its row.

Theorem-like statements (``theorem``, ``lemma``, ``proposition``, ``remark``) share one counter
that is never reset; a ``\\label`` inside one names it ("Lemma 11").
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = Path(
    os.environ.get(
        "MINES_THEORY_PAPER",
        ROOT.parent / "shared" / "paper" / "mirror-natural-evolution-strategies.tex",
    )
)

#: Environments with one number for the whole display.
SINGLE = {"equation", "multline"}
#: Environments with one number per row.
ROWS = {"align", "gather", "flalign", "alignat", "eqnarray", "xalignat"}
#: Theorem-like environments and their printed names (one shared counter in jmlr2e).
STATEMENT_ENVIRONMENTS = {
    "theorem": "Theorem",
    "lemma": "Lemma",
    "proposition": "Proposition",
    "remark": "Remark",
}

TOKEN = re.compile(
    r"\\begin\{(?P<begin>[A-Za-z]+\*?)\}"
    r"|\\end\{(?P<end>[A-Za-z]+\*?)\}"
    r"|\\section(?P<star>\*?)\s*(?:\[[^\]]*\])?\s*\{"
    r"|\\(?P<appendix>appendix)\b"
    r"|\\label\{(?P<label>[^}]*)\}"
    r"|\\(?P<nonumber>nonumber|notag)\b"
    r"|\\tag\*?\{(?P<tag>[^}]*)\}"
    r"|\\(?P<newline>\\)"
    r"|\\[{}\[\]$%]"  # escaped characters: \{ \} \[ \] \$ \%
    r"|(?P<display>\$\$)"
    r"|(?P<open>\{)|(?P<close>\})"
    r"|\\[A-Za-z]+"  # any other control word, skipped whole
)


def strip_comments(tex: str) -> str:
    """The source without its ``%`` comments (an escaped ``\\%`` is kept)."""
    return re.sub(r"(?<!\\)%[^\n]*", "", tex)


class _Row:
    def __init__(self) -> None:
        self.labels: list[str] = []
        self.numbered = True
        self.tag: str | None = None
        self.empty = True


def numbers(tex: str) -> tuple[dict[str, str], dict[str, str]]:
    """``({equation label: "(4.10)"}, {statement label: "Lemma 11"})`` from the paper's source.

    Raises
    ------
    ValueError
        When the source has something this walk does not model: a label on an unnumbered row,
        a label defined twice, an equation before the first section, unbalanced environments.
    """
    tex = strip_comments(tex)
    equations: dict[str, str] = {}
    statements: dict[str, str] = {}
    stack: list[str] = []
    section = ""  # "3" or "D"
    main = appendix = 0
    in_appendix = False
    counter = 0  # equations in the current section
    statement_counter = 0
    statement: str | None = None  # printed name of the statement being read
    display: tuple[str, int] | None = None  # (environment, its depth in ``stack``)
    row: _Row | None = None
    braces = 0  # brace depth inside the current display

    def define(target: dict[str, str], label: str, value: str) -> None:
        if label in equations or label in statements:
            raise ValueError(f"label {label!r} is defined twice")
        target[label] = value

    def finish(row: _Row, env: str) -> None:
        nonlocal counter
        if row.tag is not None:
            number = f"({row.tag})"
        elif row.numbered:
            if not section:
                raise ValueError(f"a numbered {env} before the first \\section")
            counter += 1
            number = f"({section}.{counter})"
        elif row.labels:
            raise ValueError(f"labels {row.labels} on an unnumbered row of {env}")
        else:
            return
        for label in row.labels:
            if not label.startswith("eq:"):
                raise ValueError(f"{label} labels an equation; expected an eq: label")
            define(equations, label, number)

    for m in TOKEN.finditer(tex):
        kind = m.lastgroup
        if kind == "begin":
            env = m.group("begin")
            stack.append(env)
            if display is None and (env in SINGLE or env in ROWS):
                display, row, braces = (env, len(stack)), _Row(), 0
            elif display is None and env in STATEMENT_ENVIRONMENTS:
                statement_counter += 1
                statement = f"{STATEMENT_ENVIRONMENTS[env]} {statement_counter}"
        elif kind == "end":
            env = m.group("end")
            if not stack or stack[-1] != env:
                raise ValueError(f"\\end{{{env}}} closes {stack[-1:] or 'nothing'}")
            if display is not None and len(stack) == display[1]:
                finish(row, env)
                display, row = None, None
            elif env in STATEMENT_ENVIRONMENTS:
                statement = None
            stack.pop()
        elif kind == "star" and display is None:
            if not m.group("star"):
                if in_appendix:
                    section, appendix = chr(ord("A") + appendix), appendix + 1
                else:
                    main += 1
                    section = str(main)
                counter = 0
        elif kind == "appendix":
            in_appendix = True
        elif kind == "label":
            label = m.group("label")
            if row is not None:
                row.labels.append(label)
            elif label.split(":")[0] in ("lem", "prop", "thm"):
                if statement is None:
                    raise ValueError(f"{label} is outside a numbered statement")
                define(statements, label, statement)
            elif label.startswith("eq:"):
                raise ValueError(f"{label} is outside a numbered display")
        elif row is None:
            continue
        elif kind == "nonumber":
            row.numbered = False
        elif kind == "tag":
            row.tag = m.group("tag")
        elif kind == "open":
            braces += 1
        elif kind == "close":
            braces -= 1
        elif kind == "newline" and display[0] in ROWS and len(stack) == display[1] and braces == 0:
            finish(row, display[0])
            row = _Row()
    if stack:
        raise ValueError(f"unclosed environments at the end: {stack}")
    return equations, statements


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tex", nargs="?", type=Path, default=DEFAULT)
    args = parser.parse_args(argv)
    equations, statements = numbers(args.tex.read_text(encoding="utf-8"))
    for name, found in (("EQUATIONS", equations), ("STATEMENTS", statements)):
        print(f"{name}: dict[str, str] = {{")
        line = "   "
        for label, number in found.items():
            item = f' "{label}": "{number}",'
            if len(line) + len(item) > 99:
                print(line)
                line = "   "
            line += item
        print(line)
        print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
