"""The relations of the paper's proofs, as a referee counts them: a scanner of the .tex.

``displays(tex)`` finds every displayed environment of an appendix (``equation``, ``align``,
``eqnarray``, their starred forms, ``\\[ \\]`` and ``$$ $$``; an ``aligned`` or ``split`` inside
one is part of it), and ``relations(display)`` splits it into its relations: every ``=``, ``<``,
``>``, ``\\le``, ``\\ge``, ``\\leq``, ``\\geq``, ``\\preceq``, ``\\succeq``, ``\\prec``,
``\\succ``, ``\\ne`` at brace depth 0 and outside sized brackets (``\\left( … \\right)``: the
event inside P(·) is part of its member) and a quantifier's range (``\\forall\\; \\beta \\ge 1``
is text of its line), and every ``\\stackrel{…}{R}`` or ``\\overset{…}{R}`` whose
R is one of them. A relation inside braces (``\\sum_{i=1}``, ``\\frac{…}{…}``, ``\\mbox{…}``) is
not one of the display's. Each relation is quoted as its ``fragment``: the relation token and
the member that follows it, up to the next relation, verbatim; ``normalized`` collapses its
whitespace and drops the alignment marks ``&``, line breaks ``\\\\``, ``\\label{…}``,
``\\small``, ``\\nonumber`` and an inner ``aligned`` or ``split``, which is how a step's
``latex`` is matched against it.

``coverage(tex, walked, spans)`` counts, per appendix, the relations and how many of them a step
walks, and of those how many have each status.

The module reads no file: its functions take the .tex as a string.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "APPENDICES",
    "Display",
    "Relation",
    "appendices",
    "coverage",
    "displays",
    "displays_in",
    "normalized",
    "relations",
]

#: The appendices the walk covers, by the PDF's letter, and the heading that opens each.
APPENDICES: dict[str, str] = {
    "C": r"\section{Proof of Section~\ref{sec:ROF}}",
    "D": r"\section{Properties of $\tg(\mu)$ and $\TG(\Sigma)$}",
    "E": r"\section{Proofs of Section~\ref{sec:conv}}",
    "F": r"\section{Proof of Theorem~\ref{thm:main_cvg}}",
}

_ENVIRONMENTS = ("equation", "align", "eqnarray", "gather", "multline")
_OPEN = re.compile(
    r"\\begin\{(?P<env>(?:"
    + "|".join(_ENVIRONMENTS)
    + r")\*?)\}|(?P<bracket>\\\[)|(?P<dollars>\$\$)"
)
_WORD_RELATIONS = ("leq", "geq", "le", "ge", "preceq", "succeq", "prec", "succ", "neq", "ne")
_TOKEN = re.compile(
    r"\\(?:stackrel|overset)\s*\{|\\(?P<word>[A-Za-z]+)|(?P<char>[=<>])|(?P<brace>[{}])|\\[{}]"
)


@dataclass(frozen=True)
class Display:
    """A displayed environment: its appendix, its place (offset of its first character in the
    .tex, line number) and its body."""

    appendix: str
    start: int
    line: int
    body: str


@dataclass(frozen=True)
class Relation:
    """A relation of a display: its symbol (``"="``, ``"<="``, ``">="``, ``"<"``, ``">"``,
    ``"preceq"``, ``"succeq"``, ``"!="``), its place in the display (0-based), the display's
    offset in the .tex, and ``fragment``, the relation token with the member after it."""

    symbol: str
    index: int
    display_start: int
    line: int
    fragment: str


def normalized(text: str) -> str:
    """``text`` with ``&`` and ``\\\\`` dropped and every run of whitespace one space.

    >>> normalized("a &=\\n\\t b \\\\\\\\ ")
    'a = b'
    """
    text = re.sub(r"(?<!\\)%[^\n]*", "", text)
    text = re.sub(
        r"\\(?:label\{[^}]*\}|(?:begin|end)\{(?:aligned|split)\}|small\b|nonumber\b)", " ", text
    )
    text = text.replace("\\\\", " ").replace("&", " ")
    return " ".join(text.split())


def _strip_comments(tex: str) -> str:
    """``tex`` with each comment replaced by spaces of its length (offsets are kept)."""
    return re.sub(r"(?<!\\)%[^\n]*", lambda m: " " * len(m.group()), tex)


def appendices(tex: str) -> dict[str, tuple[int, int]]:
    """The span (start, end offsets) of each appendix of ``APPENDICES`` in ``tex``."""
    starts = {}
    for letter, heading in APPENDICES.items():
        at = tex.find(heading)
        if at < 0:
            raise ValueError(f"tex must hold Appendix {letter}'s heading {heading!r}, not found")
        starts[letter] = at
    end = tex.find(r"\bibliography")
    end = len(tex) if end < 0 else end
    order = sorted(starts.items(), key=lambda kv: kv[1])
    return {
        letter: (at, order[i + 1][1] if i + 1 < len(order) else end)
        for i, (letter, at) in enumerate(order)
    }


def displays(tex: str, letters: Iterable[str] = tuple(APPENDICES)) -> list[Display]:
    """Every displayed environment of the appendices ``letters`` of ``tex``, in order."""
    spans = appendices(tex)
    return [d for letter in letters for d in displays_in(tex, *spans[letter], appendix=letter)]


def displays_in(tex: str, lo: int, hi: int, appendix: str = "") -> list[Display]:
    """Every displayed environment that opens in ``tex[lo:hi]`` (a proof's or a statement's
    span, ``spec.Proof.spans``), in order, each marked ``appendix``."""
    clean = _strip_comments(tex)
    found = []
    at = lo
    while True:
        m = _OPEN.search(clean, at, hi)
        if m is None:
            break
        if m.group("env"):
            close = "\\end{" + m.group("env") + "}"
        else:
            close = "\\]" if m.group("bracket") else "$$"
        end = clean.find(close, m.end())
        if end < 0:
            raise ValueError(f"tex has an unclosed display at offset {m.start()}")
        body = tex[m.end() : end]
        found.append(Display(appendix, m.start(), tex.count("\n", 0, m.start()) + 1, body))
        at = end + len(close)
    return found


def _symbol(token: str) -> str | None:
    """The relation a token stands for, or None."""
    table = {
        "=": "=",
        "<": "<",
        ">": ">",
        "le": "<=",
        "leq": "<=",
        "ge": ">=",
        "geq": ">=",
        "preceq": "preceq",
        "succeq": "succeq",
        "prec": "prec",
        "succ": "succ",
        "ne": "!=",
        "neq": "!=",
    }
    return table.get(token)


def _group_end(body: str, at: int) -> int:
    """The offset just after the brace group that opens at ``body[at - 1] == '{'``."""
    depth = 1
    i = at
    while depth and i < len(body):
        if body[i] == "\\":
            i += 2
            continue
        depth += {"{": 1, "}": -1}.get(body[i], 0)
        i += 1
    return i


#: A sized delimiter (``\\left(``, ``\\Big)``, ``\\bigl[``): group ``side`` is ``left``/``l``
#: (opens), ``right``/``r`` (closes) or empty (``\\Big(`` opens by its delimiter).
_SIZED = re.compile(r"\\(?:(?P<lr>left|right)|(?:big|Big|bigg|Bigg)(?P<side>[lrm]?))(?![A-Za-z])")
_OPENING = re.compile(r"\s*(?:[(\[]|\\\{|\\langle\b|\\lceil\b|\\lfloor\b)")
_QUANTIFIER = re.compile(r"\\(?:forall|exists)(?![A-Za-z])")


def _sized(body: str, i: int) -> tuple[int, int] | None:
    """(end, +1 or −1) of a sized delimiter that opens or closes at ``body[i]``, else None."""
    m = _SIZED.match(body, i)
    if m is None:
        return None
    if m.group("lr"):
        return m.end(), 1 if m.group("lr") == "left" else -1
    side = m.group("side")
    if side in ("l", "r"):
        return m.end(), 1 if side == "l" else -1
    if side == "m":
        return m.end(), 0
    return m.end(), 1 if _OPENING.match(body, m.end()) else -1


def relations(display: Display) -> list[Relation]:
    """The relations of ``display``: the relation lines of the proof, each with the member that
    follows it. A relation counts at brace depth 0 and outside sized brackets (``\\left( …
    \\right)``, ``\\Big( … \\Big)``): one inside them (the event of P(·), a condition in
    a set) is part of its member, and so is a quantifier's range (``\\forall\\; \\beta \\ge
    1``, up to the end of its bracket or of the line), which is the text of its line.

    >>> d = Display("E", 0, 1, r"\\PP\\left(\\exists t \\ge 0, x \\ge A\\right) \\le a, "
    ...     r"\\forall b \\ge 1")
    >>> [r.fragment for r in relations(d)]
    ['\\\\le a, \\\\forall b \\\\ge 1']
    """
    body = _strip_comments(display.body)
    marks: list[tuple[int, int, str]] = []  # (start, end, symbol) of each relation token
    depth = 0
    sized = 0  # the depth of sized brackets
    bound: int | None = None  # the sized depth at which a quantifier's range runs, if one does
    i = 0
    while i < len(body):
        if depth == 0 and body.startswith("\\\\", i):
            bound = None if bound == sized else bound
            i += 2
            continue
        delimiter = _sized(body, i) if depth == 0 else None
        if delimiter is not None:
            i, step = delimiter
            sized = max(sized + step, 0)
            bound = None if bound is not None and sized < bound else bound
            continue
        quantifier = _QUANTIFIER.match(body, i) if depth == 0 else None
        if quantifier is not None:
            bound = sized if bound is None else bound
            i = quantifier.end()
            continue
        m = _TOKEN.match(body, i)
        if m is None:
            i += 1
            continue
        text = m.group()
        if text.startswith(("\\stackrel", "\\overset")):
            above = _group_end(body, m.end())
            inner = re.match(r"\s*\{\s*(\\[A-Za-z]+|[=<>])\s*\}", body[above:])
            if inner and depth == 0 and sized == 0 and bound is None:
                token = inner.group(1).lstrip("\\")
                symbol = _symbol(token)
                if symbol is not None:
                    marks.append((m.start(), above + inner.end(), symbol))
                    i = above + inner.end()
                    continue
            depth += 1
            i = m.end()
            continue
        if m.group("brace"):
            depth += 1 if text == "{" else -1
        elif (
            depth == 0
            and sized == 0
            and bound is None
            and (m.group("char") or m.group("word") in _WORD_RELATIONS)
        ):
            symbol = _symbol(m.group("char") or m.group("word"))
            if symbol is not None:
                marks.append((m.start(), m.end(), symbol))
        i = m.end()
    out = []
    for k, (start, _, symbol) in enumerate(marks):
        stop = marks[k + 1][0] if k + 1 < len(marks) else len(body)
        line = display.line + display.body.count("\n", 0, start)
        out.append(Relation(symbol, k, display.start, line, body[start:stop]))
    return out


def coverage(
    tex: str,
    walked: Mapping[str, Sequence[str]],
    spans: Iterable[tuple[int, int]],
    letters: Iterable[str] = tuple(APPENDICES),
) -> dict[str, dict[str, int]]:
    """Per appendix: ``relations`` (all the scanner finds), ``walked`` (those inside a walked
    proof, one of ``spans``, whose normalized fragment is a key of ``walked``) and, of those, the
    count of each status. ``walked`` maps a step's normalized ``latex`` to the statuses of the
    steps that print it, in the order of the .tex (``statuses``): the same fragment printed
    twice (Lemma C.1's "= H." at steps 1 and 5, one holding, one an identity) takes each
    status in turn, the last for any further occurrence."""
    spans = list(spans)
    seen: dict[str, int] = {}
    table: dict[str, dict[str, int]] = {}
    for display in displays(tex, letters):
        row = table.setdefault(display.appendix, {"relations": 0, "walked": 0})
        inside = any(lo <= display.start < hi for lo, hi in spans)
        for relation in relations(display):
            fragment = normalized(relation.fragment)
            found = walked.get(fragment) if inside else None
            status = found[min(seen.get(fragment, 0), len(found) - 1)] if found else None
            row["relations"] += 1
            if status is not None:
                seen[fragment] = seen.get(fragment, 0) + 1
                row["walked"] += 1
                row[status] = row.get(status, 0) + 1
    return table


def statuses(steps: Iterable[tuple[str, str, tuple[int, int]]]) -> dict[str, list[str]]:
    """Normalized fragment → the statuses of the steps that print it, in the order of the .tex,
    from (``latex``, ``status``, place) of each walked step, its place (where its proof starts
    in the .tex, its index): ``coverage``'s ``walked``.

    >>> statuses([("= H.", "identity", (9, 5)), ("= H.", "holds", (9, 1)), ("a", "fails", (2, 7))])
    {'a': ['fails'], '= H.': ['holds', 'identity']}
    """
    out: dict[str, list[str]] = {}
    for latex, status, _ in sorted(steps, key=lambda s: s[2]):
        out.setdefault(normalized(latex), []).append(status)
    return out
