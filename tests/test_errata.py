"""The errata table's links between entries that state one flaw twice, and its count of
distinct flaws (mines_theory.verification.errata)."""

import pytest

from mines_theory.verification.errata import (ERRATA, Erratum, distinct_flaws, errata_table,
                                              flaw_groups)


def _entry(label, same=None):
    return Erratum(label, "typo", "p", "c", "s", lambda: True, same_flaw_as=same)


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
    import pytest

    with pytest.raises(ValueError, match="columns must be"):
        errata_table((_entry("a"),), columns=("place", "width"))
