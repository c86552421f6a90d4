"""The paper's printed numbers, by LaTeX label: equations ("eq:TG" → "(4.10)") and theorem-like
statements ("lem:Sig_dec" → "Lemma 11").

The suite names equations by the paper's ``\\label`` (``eq:TG``), which the PDF never prints: it
prints ``(4.10)``, because the paper (jmlr2e) sets ``\\numberwithin{equation}{section}``, so
equations are numbered (section.n) in the main text and (A.n), (B.n), … in the appendices, the
counter restarting at each section but not at a subsection. Theorems, lemmas, propositions and
remarks share one counter that never restarts (see ``ledger.printed``).

The maps are data: the .tex is not shipped with the package. ``tools/equation_numbers.py``
generated them from the .tex, and ``tests/test_paper_numbers.py`` re-derives every entry from the
.tex with a parser of its own and checks hand-read anchors (eq:Q (3.1), eq:TG (4.10), eq:c1 (5.1),
eq:nu (D.3), eq:Sig_dec (E.4)).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = [
    "EQUATIONS",
    "STATEMENTS",
    "equation_number",
    "equation_numbers",
    "statement_name",
    "with_number",
]

#: Every ``eq:`` label the paper defines, with the number the PDF prints beside the equation.
EQUATIONS: dict[str, str] = {
    "eq:J_org": "(2.1)",
    "eq:pi_z": "(2.2)",
    "eq:z": "(2.3)",
    "eq:log_lh": "(2.4)",
    "eq:nab_mu": "(2.5)",
    "eq:nab_Sig": "(2.6)",
    "eq:nat_grad": "(2.7)",
    "eq:ng": "(2.8)",
    "eq:L_1": "(2.9)",
    "eq:sig_1": "(2.10)",
    "eq:gamma_1": "(2.11)",
    "eq:Q": "(3.1)",
    "eq:quad": "(3.2)",
    "eq:J_quad": "(3.3)",
    "eq:modi_prob": "(3.4)",
    "eq:cS": "(3.5)",
    "eq:alp_cond": "(3.6)",
    "eq:ng_mines": "(4.1)",
    "eq:F_mu": "(4.2)",
    "eq:g_mu": "(4.4)",
    "eq:mirror_prox": "(4.5)",
    "eq:mirror": "(4.6)",
    "eq:Q_Sig": "(4.7)",
    "eq:J_Sig": "(4.8)",
    "eq:Sig_up": "(4.9)",
    "eq:TG": "(4.10)",
    "eq:bG": "(4.11)",
    "eq:cS_p": "(4.12)",
    "eq:Sig_modi": "(4.13)",
    "eq:proj_cs_prime": "(4.14)",
    "eq:c1": "(5.1)",
    "eq:dec_0": "(5.2)",
    "eq:cond": "(5.3)",
    "eq:dec": "(5.4)",
    "eq:C": "(5.5)",
    "eq:h_Sig": "(5.6)",
    "eq:lxi": "(5.7)",
    "eq:A1": "(A.1)",
    "eq:A2": "(A.2)",
    "eq:gauss_power": "(B.1)",
    "eq:smax": "(B.2)",
    "eq:u_norm": "(B.3)",
    "eq:taylor": "(C.1)",
    "eq:tr": "(C.2)",
    "eq:phi": "(C.3)",
    "eq:R": "(C.4)",
    "eq:L_partial": "(C.5)",
    "eq:J_Sig_0": "(C.6)",
    "eq:rho_t": "(C.7)",
    "eq:Sig_opt": "(C.8)",
    "eq:Sig_opt_1": "(C.9)",
    "eq:tmp": "(C.10)",
    "eq:A_inv": "(C.11)",
    "eq:tmp2": "(C.12)",
    "eq:tmp1": "(C.13)",
    "eq:tgm": "(D.1)",
    "eq:sigma_1": "(D.2)",
    "eq:nu": "(D.3)",
    "eq:U_1": "(D.4)",
    "eq:gd_low": "(D.5)",
    "eq:hh": "(D.6)",
    "eq:tgm_3": "(D.7)",
    "eq:G_norm": "(D.8)",
    "eq:GG": "(D.9)",
    "eq:G_norm_1": "(D.10)",
    "eq:G_norm_2": "(D.11)",
    "eq:nab_rst": "(E.1)",
    "eq:delta_1": "(E.2)",
    "eq:H_s": "(E.3)",
    "eq:Sig_dec": "(E.4)",
    "eq:Sig_2_bnd": "(E.5)",
    "eq:alpha_err": "(E.6)",
    "eq:E": "(E.7)",
    "eq:EXY": "(E.8)",
    "eq:chi": "(E.9)",
    "eq:chi_1": "(E.10)",
    "eq:Y0": "(E.11)",
    "eq:sto_err": "(E.12)",
    "eq:dd": "(E.13)",
    "eq:ddd": "(E.14)",
    "eq:dec_sig": "(E.15)",
}

#: Every lem:, prop: and thm: label, with the printed name of the statement that holds it (prop:
#: labels theorems and one lemma; Lemmas 6 and 7 and the remarks have no label).
STATEMENTS: dict[str, str] = {
    "prop:quad_case": "Theorem 1",
    "prop:close": "Theorem 2",
    "prop:mu": "Theorem 3",
    "prop:Sigma": "Theorem 4",
    "prop:TG": "Lemma 8",
    "lem:gd_dec_1": "Lemma 9",
    "lem:dec_local": "Lemma 10",
    "lem:Sig_dec": "Lemma 11",
    "thm:main_cvg": "Theorem 12",
    "prop:project": "Proposition 16",
    "lem:gauss_power": "Lemma 17",
    "lem:chi": "Lemma 18",
    "lem:hoeffding": "Lemma 21",
    "lem:sgd_dec": "Lemma 22",
    "lem:exp_tg": "Lemma 23",
    "lem:tgm_1": "Lemma 24",
    "lem:tgm": "Lemma 27",
    "lem:nab_f": "Lemma 31",
    "lem:GH": "Lemma 33",
    "lem:E": "Lemma 35",
    "lem:EXY": "Lemma 36",
    "lem:X": "Lemma 37",
    "lem:Y": "Lemma 38",
}

#: An ``eq:`` label in running text (not inside ``\eqref{…}`` or a URL/anchor), and the printed
#: number that may already follow it.
_LABEL = re.compile(
    r"(?<![\w:{#/-])(?P<label>(?P<kind>eq|lem|prop|thm):[A-Za-z0-9_]+)"
    r"(?P<number> \((?:(?:\d+|[A-Z])\.\d+|(?:Theorem|Lemma|Proposition|Remark) "
    r"\d+)\))?"
)


def equation_number(label: str) -> str:
    """The number the PDF prints for the equation ``label``.

    Parameters
    ----------
    label : str
        An ``eq:`` label of the paper, e.g. ``"eq:TG"``.

    Returns
    -------
    str
        The printed number with its parentheses, e.g. ``"(4.10)"``.

    Raises
    ------
    ValueError
        If the paper defines no equation ``label``.
    """
    return _look_up(EQUATIONS, label, "an eq: label that the paper defines, e.g. 'eq:TG'")


def statement_name(label: str) -> str:
    """The printed name of the theorem, lemma or proposition labelled ``label``.

    Parameters
    ----------
    label : str
        A ``lem:``, ``prop:`` or ``thm:`` label of the paper, e.g. ``"prop:TG"``.

    Returns
    -------
    str
        The name the PDF prints, e.g. ``"Lemma 8"``.

    Raises
    ------
    ValueError
        If the paper labels no statement ``label``.
    """
    return _look_up(
        STATEMENTS, label, "a lem:/prop:/thm: label that the paper defines, e.g. 'prop:TG'"
    )


def _look_up(table: Mapping[str, str], label: str, expected: str) -> str:
    """``table[label]``, or a ``ValueError`` naming ``label`` and what was ``expected``."""
    try:
        return table[label]
    except (KeyError, TypeError):
        raise ValueError(f"label={label!r}: expected {expected}") from None


def with_number(text: str, statements: bool = False) -> str:
    """``text`` with the PDF's number after every equation label: ``eq:TG`` → ``eq:TG (4.10)``.

    A label already followed by a printed number keeps one, the right one (so applying this twice
    changes nothing, and a stale number is corrected). Labels the paper does not define are left
    as they are, as are labels inside braces (``\\eqref{eq:TG}``) or after ``#``, ``/``, ``-``, a
    letter or a colon.

    Parameters
    ----------
    text : str
        Any text, e.g. a claim's statement or a notebook's Markdown.
    statements : bool, default False
        Also name the statement after a ``lem:``/``prop:``/``thm:`` label:
        ``prop:TG`` → ``prop:TG (Lemma 8)``.

    Returns
    -------
    str
        The text with the numbers.

    Raises
    ------
    ValueError
        If ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise ValueError(f"text={text!r}: expected a str")

    def number(m: re.Match) -> str:
        label = m.group("label")
        if m.group("kind") == "eq":
            printed = EQUATIONS.get(label)
        else:
            printed = STATEMENTS.get(label) if statements else None
        if printed is None:
            return m.group(0)
        return f"{label} ({printed.strip('()')})"

    return _LABEL.sub(number, text)


def equation_numbers(text: str) -> str:
    """``text`` as plain text shows it to a reader of the PDF: each ``eq:`` label that the paper
    defines replaced by the PDF's number alone, with or without the number ``with_number`` put
    beside it (``eq:cond (5.3)`` → ``(5.3)``; after an opening parenthesis ``(eq. (5.5))``, not
    ``((5.5))``). The book's Markdown keeps the label, in the number's tooltip
    (``views.report.tex_labels``); a printout has no tooltip.

    >>> equation_numbers("eq:lxi (5.7) trivial; C = 4 (eq:C) and lem:Sig_dec")
    '(5.7) trivial; C = 4 (eq. (5.5)) and lem:Sig_dec'
    >>> once = equation_numbers("eq:cond")
    >>> once, equation_numbers(once)
    ('(5.3)', '(5.3)')

    A label the paper does not define is left as it is (``tests/test_paper_numbers.py``).

    Raises
    ------
    ValueError
        If ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise ValueError(f"text={text!r}: expected a str")

    def number(m: re.Match) -> str:
        printed = EQUATIONS.get(m.group("label")) if m.group("kind") == "eq" else None
        if printed is None:
            return m.group(0)
        opens = m.start() > 0 and m.string[m.start() - 1] == "("
        return f"{'eq. ' if opens else ''}{printed}"

    return _LABEL.sub(number, text)
