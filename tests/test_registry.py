"""Declarations beside the checks (mines_theory.verification.framework.registry): a declaration in
any module is collected, in the tables' order; bad declarations are refused with the name of what is
wrong."""

import importlib
import pkgutil
import sys

import pytest

import mines_theory.verification
from mines_theory.verification.views import errata
from mines_theory.verification.framework import ledger, registry
from mines_theory.verification.framework.registry import Claim, Erratum, Registry
from mines_theory.verification.framework.verdict import Measurement, Status, Verdict

THROWAWAY = '''
"""A module that declares one claim, one claim without its check, a finding and an erratum."""

from mines_theory.verification.framework.registry import (claim, claim_without_check, erratum,
                                                finding)
from mines_theory.verification.framework.verdict import Measurement, Status, Verdict

claim_without_check("Lemma 5.8", printed="Lemma 98", label="eq:later",
                    statement="a claim whose check is to come", notebook="05-convergence-mean")


@claim("Lemma 5.9", printed="Lemma 99", label="eq:throwaway", statement="1 + 1 = 2",
       notebook="05-convergence-mean")
def check_lemma59() -> Verdict:
    return Verdict(Status.HOLDS, "1 + 1 = {sum}", (Measurement("sum", 1 + 1, 0.0),))


@claim("Lemma 4.2, γ > 0", printed="Lemma 7", label="eq:Q_Sig", statement="a variant",
       notebook="03-gradient-estimators", after="Lemma 4.1")
def check_lemma42_variant() -> Verdict:
    return Verdict(Status.HOLDS, "placed after Lemma 4.1")


@finding("A finding", label="—", statement="something measured",
         notebook="06-convergence-covariance")
def check_finding() -> Verdict:
    return Verdict(Status.HOLDS, "measured")


@erratum("eq:throwaway", row={row}, kind="typo", printed="1 + 1 = 3", correct="1 + 1 = 2",
         consequence="nothing changes", same_flaw_as="eq:bG")
def erratum_throwaway(printed: bool = True) -> bool:
    return (1 + 1 != 3) if printed else False
'''


@pytest.fixture
def fresh(monkeypatch):
    """The library's registry copied, so that what a test declares leaves it as it was."""
    copy = registry.REGISTRY.copy()
    monkeypatch.setattr(registry, "REGISTRY", copy)
    return copy


def test_a_declaration_in_a_fresh_module_is_collected(fresh, tmp_path, monkeypatch):
    """A throwaway module's declarations join the collected tables where their numbers put them
    (Lemma 5.8, 5.9 after Remark 5.6, before Prop. A.1; "after" places a row), with their PDF
    numbers; the claim without a check is "not checked"; the ledger's tables, collected from
    ``ledger.SOURCES``, do not take them."""
    name = "throwaway_declarations_h5"
    (tmp_path / f"{name}.py").write_text(
        THROWAWAY.replace("{row}", str(len(ledger.ERRATA) + 1)), encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    module = importlib.import_module(name)
    monkeypatch.setitem(sys.modules, name, module)

    numbers = [c.number for c in registry.claims()]
    at = numbers.index("Remark 5.6")
    assert numbers[at + 1 : at + 4] == ["Lemma 5.8", "Lemma 5.9", "Prop. A.1"]
    at = numbers.index("Lemma 4.1")
    assert numbers[at + 1 : at + 3] == ["Lemma 4.2, γ > 0", "Lemma 4.2"]
    assert len(numbers) == len(ledger.CLAIMS) + 3
    row = next(c for c in registry.claims() if c.number == "Lemma 5.9")
    assert row.check is module.check_lemma59 and row.printed == "Lemma 99"
    assert row.verdict().status is Status.HOLDS and row.verdict()["sum"].value == 2
    later = next(c for c in registry.claims() if c.number == "Lemma 5.8")
    assert later.check is None and later.verdict().status is Status.NOT_CHECKED
    assert registry.printed()["Lemma 5.9"] == "Lemma 99"
    assert registry.printed()["A finding"] == "—"

    findings = [c.number for c in registry.findings()]
    assert findings[findings.index("A finding") + 1] == "Constant η₂"  # by notebook, name
    assert registry.errata()[-1].label == "eq:throwaway"
    assert registry.errata()[-1].check is module.erratum_throwaway
    assert errata.distinct_flaws(registry.errata()) == errata.distinct_flaws()

    assert registry.claims(ledger.MODULES) == ledger.CLAIMS
    assert registry.findings(ledger.MODULES) == ledger.FINDINGS
    assert registry.errata(ledger.MODULES) == ledger.ERRATA
    with pytest.raises(ValueError, match="after must be a row among"):
        registry.claims((module,))  # its "after" names a row of section4

    importlib.reload(module)  # a reload declares afresh, not twice
    assert len(registry.claims()) == len(numbers)
    assert registry.errata()[-1].check is module.erratum_throwaway


def test_the_library_registry_is_untouched_by_the_test_above():
    assert registry.claims(ledger.MODULES) == ledger.CLAIMS
    assert registry.errata(ledger.MODULES) == ledger.ERRATA


def test_every_declaring_module_is_a_source():
    """Importing every module of the verification layer declares nothing outside the modules the
    ledger and the errata table collect from (a module added beside them and not imported by
    its package would be missed)."""
    for info in pkgutil.walk_packages(
        mines_theory.verification.__path__, "mines_theory.verification."
    ):
        importlib.import_module(info.name)
    assert registry.claims() == ledger.CLAIMS
    assert registry.findings() == ledger.FINDINGS
    assert registry.errata() == ledger.ERRATA


def _check() -> Verdict:
    return Verdict(Status.HOLDS, "ok")


def _claim(reg, number, printed="Lemma 1", after=None, check=_check, origin=None):
    row = Claim(number, "eq:x", "a statement", "00-overview", check, printed)
    reg.add_claim(row, "m", origin or f"m.{number}", after)


@pytest.mark.parametrize(
    "number, printed, notebook, message",
    [
        ("Lemma 5", "Lemma 9", "05-x", "number must be 'Sec. S', or"),
        ("Theorem 5.4", "Theorem 12", "05-x", "number must be"),
        ("Lemma 5.1", "Lemma nine", "05-x", "printed must be the PDF's name"),
        ("Lemma 5.1", "5.1", "05-x", "printed must be the PDF's name"),
        ("Lemma 5.1", "Lemma 9", "05-x.ipynb", "notebook must be a notebook's name"),
    ],
)
def test_a_bad_claim_is_refused_naming_what(number, printed, notebook, message):
    row = Claim(number, "eq:x", "s", notebook, _check, printed)
    with pytest.raises(ValueError, match=message):
        Registry().add_claim(row, "m", "m.f")


def test_a_number_declared_twice_is_refused_unless_by_the_same_check():
    reg = Registry()
    _claim(reg, "Lemma 5.1", origin="a.check")
    _claim(reg, "Lemma 5.1", origin="a.check")  # a reload
    with pytest.raises(ValueError, match="'Lemma 5.1' is declared twice: by a.check and by b.f"):
        _claim(reg, "Lemma 5.1", origin="b.f")
    with pytest.raises(ValueError, match="declared twice"):
        reg.add_claim(Claim("Lemma 5.1", "x", "s", "00-a", _check), "b", "b.g", finding=True)
    assert len(reg.claims()) == 1


def test_the_natural_order_and_after():
    """By section (digits, then letters), item, a remark after its statement, a section's own
    row after its items; ``after`` places a row, chains work, a missing or shared target is an
    error."""
    reg = Registry()
    for number in (
        "Lemma B.1",
        "Sec. 4",
        "Remark 5.3",
        "Lemma 5.3",
        "Lemma 4.10",
        "Lemma 4.2",
        "Thm 3.1",
        "Prop. A.1",
    ):
        _claim(reg, number)
    _claim(reg, "Lemma 4.2, γ > 0", after="Lemma 4.10")
    _claim(reg, "Lemma 4.3, γ > 0", after="Lemma 4.2, γ > 0")
    assert [c.number for c in reg.claims()] == [
        "Thm 3.1",
        "Lemma 4.2",
        "Lemma 4.10",
        "Lemma 4.2, γ > 0",
        "Lemma 4.3, γ > 0",
        "Sec. 4",
        "Lemma 5.3",
        "Remark 5.3",
        "Prop. A.1",
        "Lemma B.1",
    ]
    _claim(reg, "Lemma 4.4, γ > 0", after="Lemma 4.10")
    with pytest.raises(ValueError, match="after must be named by one row at most"):
        reg.claims()
    reg = Registry()
    _claim(reg, "Lemma 4.1")
    _claim(reg, "Lemma 4.1, γ > 0", after="Lemma 9.9")
    with pytest.raises(ValueError, match="after must be a row among"):
        reg.claims()


def _erratum(label="eq:x", kind="typo"):
    return Erratum(label, kind, "printed", "correct", "survives", lambda: True)


def test_a_bad_erratum_is_refused_naming_what():
    reg = Registry()
    with pytest.raises(ValueError, match="kind must be one of"):
        reg.add_erratum(_erratum(kind="slip"), 1, "m", "m.a")
    with pytest.raises(ValueError, match="row must be a positive integer"):
        reg.add_erratum(_erratum(), 0, "m", "m.a")
    reg.add_erratum(_erratum("eq:a"), 2, "m", "m.a")
    reg.add_erratum(_erratum("eq:a"), 2, "m", "m.a")  # a reload
    with pytest.raises(ValueError, match="row 2 of the errata is declared twice"):
        reg.add_erratum(_erratum("eq:b"), 2, "m", "m.b")
    with pytest.raises(ValueError, match="erratum 'eq:a' is declared twice"):
        reg.add_erratum(_erratum("eq:a"), 3, "m", "m.c")
    reg.add_erratum(_erratum("eq:c"), 1, "m", "m.c")
    assert [e.label for e in reg.errata()] == ["eq:c", "eq:a"]
    assert reg.erratum_row("eq:a") == 2
    with pytest.raises(ValueError, match="label must be the label of a declared erratum"):
        reg.erratum_row("eq:nowhere")


def test_the_decorators_return_the_function_unchanged(fresh):
    def check_lemma97() -> Verdict:
        return Verdict(Status.HOLDS, "{x}", (Measurement("x", 1.0, 0.1),))

    declared = registry.claim(
        "Lemma 9.7", printed="Lemma 97", label="eq:x", statement="s", notebook="00-overview"
    )(check_lemma97)
    assert declared is check_lemma97
    assert (
        Claim("Lemma 9.7", "eq:x", "s", "00-overview", check_lemma97, "Lemma 97")
        in registry.claims()
    )
    assert registry.REGISTRY is fresh
