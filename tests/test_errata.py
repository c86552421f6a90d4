"""The errata table's links between entries that state one flaw twice, and its count of
distinct flaws; its rows, collected from the declarations beside the checks, in their published
order (mines_theory.verification.errata)."""

import sys

import pytest

from mines_theory.verification.framework import registry
from mines_theory.verification.views.errata import (
    ERRATA,
    distinct_flaws,
    errata_table,
    flaw_groups,
)
from mines_theory.verification.framework.registry import Erratum
from mines_theory.verification.framework.verdict import Evidence


def _entry(label, same=None):
    return Erratum(label, "typo", "p", "c", "s", lambda: Evidence(True, "shown"), same_flaw_as=same)


def test_linked_entries_count_once_and_links_are_transitive():
    table = (_entry("a"), _entry("b", "a"), _entry("c"), _entry("d", "b"), _entry("e"))
    assert flaw_groups(table) == [["a", "b", "d"], ["c"], ["e"]]
    assert distinct_flaws(table) == 3
    assert distinct_flaws(table[:1] + table[2:3]) == 2


def test_a_link_to_no_entry_is_an_error_naming_it():
    with pytest.raises(ValueError, match="same_flaw_as of 'b' must name an entry.*'nowhere'"):
        flaw_groups((_entry("a"), _entry("b", "nowhere")))


def test_the_published_links_name_entries_and_the_count_is_below_the_rows():
    """Every same_flaw_as of the table names one of its entries; the four overlaps of issue 22
    (eq:G_norm_1/2 and eq:Sig_2_bnd; the per-step 1 − δ and Lemma 5.3's; C₃'s γ and
    eq:alpha_err's √d; Lemma 5.1's substitution and eq:nu's γ²) are linked."""
    groups = flaw_groups()
    linked = [group for group in groups if len(group) > 1]
    assert len(linked) == 4
    assert distinct_flaws() == len(ERRATA) - 4
    pairs = {frozenset(group) for group in linked}
    assert frozenset({"eq:G_norm_1, eq:G_norm_2 (Lemma D.7)", "eq:Sig_2_bnd (Lemma E.2)"}) in pairs
    assert frozenset({"eq:C, C₃", "eq:alpha_err (Lemma E.4)"}) in pairs


def test_table_names_the_linked_entry():
    table = errata_table((_entry("a"), _entry("b", "a")))
    assert "(same flaw as “a”)" in table.splitlines()[-1]
    assert "same flaw" not in table.splitlines()[-2]


def test_errata_table_columns():
    """A narrow index: only the named columns, in their order; an unknown column is refused."""
    table = errata_table((_entry("a"), _entry("b", "a")), columns=("place", "check"))
    lines = table.splitlines()
    assert lines[0] == "| place | check |" and lines[1] == "|---|---|"
    assert all(line.count("|") == 3 for line in lines)
    with pytest.raises(ValueError, match="columns must be"):
        errata_table((_entry("a"),), columns=("place", "width"))


#: The published order of the errata table (notebook 08, the book), pinned by hand: the rows are
#: declared beside their checks (``registry.erratum``) and sorted by their ``row``.
ERRATA_ORDER = [
    "eq:proj_cs_prime, Prop. A.2",
    "Sec. 2, Fisher matrix",
    "proof of Lemma C.1",
    "eq:bG",
    "proof of Thm 3.2",
    "eq:R (proof of Thm 3.3)",
    "proof of Thm 3.3, last line",
    "eq:Sig_opt_1",
    "proof of Thm 3.4, after eq:Sig_opt",
    "eq:Sig_opt → eq:Sig_opt_1",
    "eq:J_Sig_0, middle line (same in the proof of eq:Q_Sig)",
    "eq:tmp2, first line",
    "eq:tmp, lines 3–4, and the display after eq:tmp1",
    "proof of Thm 3.4, last chain, second line",
    "eq:J_quad (proof of Thm 3.1, first display)",
    "Lemma B.5 (Hoeffding)",
    "eq:c1 with Lemmas 5.1, 5.2, eq:C",
    "eq:chi_1 (Lemma E.8); A_K of Lemma 5.3",
    "eq:C, C₃",
    "proof of Lemma 5.1, substituting η₁,k; Δ_α,1",
    "Lemma 5.1, hypotheses",
    "proof of Lemma 5.2, the step after eq:tgm_3",
    "proof of Lemma 5.2, fourth line of the chain",
    "proof of Lemma E.1 (lem:nab_f)",
    "Δ_α,2 of Lemma 5.2, third term",
    'Lemmas 5.1, 5.2, D.2, D.4, D.5: "with probability ≥ 1 − δ"',
    "Lemma C.1 (lem:exp_tg), hypotheses",
    "Lemmas D.1, D.4, D.5, hypotheses",
    "eq:nu (Lemma D.2)",
    "proofs of eq:nu, eq:hh, eq:tgm_3",
    "eq:G_norm, eq:GG (Lemma D.6)",
    "proof of Lemma D.6, Taylor expansions",
    "eq:G_norm_1, eq:G_norm_2 (Lemma D.7)",
    "eq:Sig_dec (Lemma E.2)",
    "eq:Sig_2_bnd (Lemma E.2)",
    "eq:alpha_err (Lemma E.4)",
    "eq:alpha_err (Lemma E.4), the step citing eq:GG",
    "eq:sto_err (Lemma E.9), proof",
    "proof of lem:X (Lemma E.7)",
    "proof of Lemma 5.3, base case k = 2; eq:C",
    "Lemma 5.3 (statement and proof); Thm 5.4, item 2",
    'proof of eq:dd (Lemma E.10), the "=" line',
    "proof of eq:sto_err (Lemma E.9)",
    "display before eq:Y0 (Lemma E.8)",
    "proof of eq:sto_err (Lemma E.9), the line citing eq:E",
    "eq:sto_err, eq:dec_sig, induction hypothesis in the proof of Lemma 5.3",
    "proof of lem:Y (Lemma E.8), E[Y_{t,i}]",
]


def test_the_table_keeps_its_order_and_rows_are_1_to_n():
    assert [e.label for e in ERRATA] == ERRATA_ORDER
    assert [registry.REGISTRY.erratum_row(e.label) for e in ERRATA] == list(
        range(1, len(ERRATA) + 1)
    )


def test_each_erratum_is_declared_above_its_check():
    """Every entry's check is the function its module exports under that name (the
    declaration is the outermost decorator), in one of ``ledger.SOURCES``."""
    from mines_theory.verification.framework.ledger import SOURCES as sources

    for e in ERRATA:
        module = sys.modules[e.check.__module__]
        assert getattr(module, e.check.__name__) is e.check, e.label
        assert module.__name__.startswith(sources) and e.check.__name__.startswith("erratum_")
