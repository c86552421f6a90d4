"""Declarations beside the checks (framework.declare, recorded in framework.registry): a
declaration in any module is collected, in the tables' order; bad declarations are refused with the
name of what is wrong."""

import importlib
import pkgutil
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import mines_theory.verification
from mines_theory.verification.views import errata
from mines_theory.verification.framework import declare, ledger, registry
from mines_theory.verification.framework.registry import Registry
from mines_theory.verification.framework.sizes import Data
from mines_theory.verification.framework.spec import CheckRef, Claim, Erratum, NoBar
from mines_theory.verification.framework.verdict import Measurement, Status, Verdict

THROWAWAY = '''
"""A module that declares one claim, a finding and an erratum (its spec file, one claim whose
check is not written yet)."""

from mines_theory.verification.framework.declare import claim, erratum, finding
from mines_theory.verification.framework.verdict import Measurement, Status, Verdict, flagged


@claim("Lemma 5.9")
def check_lemma59() -> Verdict:
    return Verdict(Status.HOLDS, "1 + 1 = {sum}", (Measurement("sum", 1 + 1, 0.0),))


@claim("Lemma 4.2, γ > 0")
def check_lemma42_variant() -> Verdict:
    return Verdict(Status.HOLDS, "placed after Lemma 4.1")


@finding("A finding")
def check_finding() -> Verdict:
    return Verdict(Status.HOLDS, "measured")


@erratum("eq:throwaway")
def erratum_throwaway(printed: bool = True) -> Verdict:
    return flagged((1 + 1 != 3) if printed else False, "1 + 1 = 2")
'''

#: The throwaway module's spec file, beside it.
THROWAWAY_SPECS = """
["Lemma 5.8"]
type = "claim"
printed = "Lemma 98"
label = "eq:later"
statement = "a claim whose check is to come"
notebook = "05-convergence-mean"

["Lemma 5.9"]
type = "claim"
check = "check_lemma59"
measures = ["sum"]
printed = "Lemma 99"
label = "eq:throwaway"
statement = "1 + 1 = 2"
notebook = "05-convergence-mean"
atlas = { reason = "an identity" }

["Lemma 4.2, γ > 0"]
type = "claim"
check = "check_lemma42_variant"
measures = []
printed = "Lemma 7"
label = "eq:Q_Sig"
statement = "a variant"
notebook = "03-gradient-estimators"
after = "Lemma 4.1"
atlas = { reason = "a variant" }

["A finding"]
type = "finding"
check = "check_finding"
measures = []
label = "—"
statement = "something measured"
notebook = "06-convergence-covariance"
atlas = { reason = "a finding" }

["eq:throwaway"]
type = "erratum"
check = "erratum_throwaway"
measures = []
row = {row}
kind = "typo"
printed = "1 + 1 = 3"
correct = "1 + 1 = 2"
consequence = "nothing changes"
same_flaw_as = "eq:bG"
"""


def _import_declaring(tmp_path, monkeypatch, name, source, specs):
    """Import the module ``name`` written into ``tmp_path`` with its spec file beside it."""
    (tmp_path / f"{name}.py").write_text(source, encoding="utf-8")
    if specs is not None:
        (tmp_path / f"{name}.toml").write_text(specs, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    module = importlib.import_module(name)
    monkeypatch.setitem(sys.modules, name, module)
    return module


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
    specs = THROWAWAY_SPECS.replace("{row}", str(len(ledger.errata()) + 1))
    module = _import_declaring(tmp_path, monkeypatch, "throwaway_declarations_h5", THROWAWAY, specs)

    numbers = [c.number for c in registry.REGISTRY.claims()]
    at = numbers.index("Remark 5.6")
    assert numbers[at + 1 : at + 4] == ["Lemma 5.8", "Lemma 5.9", "Prop. A.1"]
    at = numbers.index("Lemma 4.1")
    assert numbers[at + 1 : at + 3] == ["Lemma 4.2, γ > 0", "Lemma 4.2"]
    assert len(numbers) == len(ledger.claims()) + 3
    row = next(c for c in registry.REGISTRY.claims() if c.number == "Lemma 5.9")
    assert row.check.resolve() is module.check_lemma59 and row.printed == "Lemma 99"
    assert row.verdict().status is Status.HOLDS and row.verdict()["sum"].value == 2
    later = next(c for c in registry.REGISTRY.claims() if c.number == "Lemma 5.8")
    assert later.check is None and later.verdict().status is Status.NOT_CHECKED
    assert registry.REGISTRY.printed()["Lemma 5.9"] == "Lemma 99"
    assert registry.REGISTRY.printed()["A finding"] == "—"

    findings = [c.number for c in registry.REGISTRY.findings()]
    assert findings[findings.index("A finding") + 1] == "Constant η₂"  # by notebook, name
    assert registry.REGISTRY.errata()[-1].label == "eq:throwaway"
    assert registry.REGISTRY.errata()[-1].check.resolve() is module.erratum_throwaway
    assert errata.distinct_flaws(registry.REGISTRY.errata()) == errata.distinct_flaws()

    assert registry.REGISTRY.claims(ledger.MODULES) == ledger.claims()
    assert registry.REGISTRY.findings(ledger.MODULES) == ledger.findings()
    assert registry.REGISTRY.errata(ledger.MODULES) == ledger.errata()
    with pytest.raises(ValueError, match="after must be a row among"):
        registry.REGISTRY.claims((module,))  # its "after" names a row of section4

    importlib.reload(module)  # a reload declares afresh, not twice
    assert len(registry.REGISTRY.claims()) == len(numbers)
    assert registry.REGISTRY.errata()[-1].check.resolve() is module.erratum_throwaway


def test_the_library_registry_is_untouched_by_the_test_above():
    assert registry.REGISTRY.claims(ledger.MODULES) == ledger.claims()
    assert registry.REGISTRY.errata(ledger.MODULES) == ledger.errata()


def test_every_declaring_module_is_a_source():
    """Importing every module of the verification layer declares nothing outside the modules the
    ledger and the errata table collect from (a module added beside them and not imported by
    its package would be missed)."""
    for info in pkgutil.walk_packages(
        mines_theory.verification.__path__, "mines_theory.verification."
    ):
        importlib.import_module(info.name)
    assert registry.REGISTRY.claims() == ledger.claims()
    assert registry.REGISTRY.findings() == ledger.findings()
    assert registry.REGISTRY.errata() == ledger.errata()


def _check() -> Verdict:
    return Verdict(Status.HOLDS, "ok")


def _claim(reg, number, printed="Lemma 1", after=None, check=_check, origin=None):
    row = Claim(number, "eq:x", "a statement", "00-overview", check, printed, atlas=NoBar("x"))
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
    row = Claim(number, "eq:x", "s", notebook, _check, printed, atlas=NoBar("x"))
    with pytest.raises(ValueError, match=message):
        Registry().add_claim(row, "m", "m.f")


def test_a_number_declared_twice_is_refused_unless_by_the_same_check():
    reg = Registry()
    _claim(reg, "Lemma 5.1", origin="a.check")
    _claim(reg, "Lemma 5.1", origin="a.check")  # a reload
    with pytest.raises(ValueError, match="'Lemma 5.1' is declared twice: by a.check and by b.f"):
        _claim(reg, "Lemma 5.1", origin="b.f")
    with pytest.raises(ValueError, match="declared twice"):
        reg.add_claim(
            Claim("Lemma 5.1", "x", "s", "00-a", _check, atlas=NoBar("x")), "b", "b.g", finding=True
        )
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


GUARDED = """
from mines_theory.verification.framework.declare import claim
from mines_theory.verification.framework.sizes import Data
from mines_theory.verification.framework.verdict import Measurement, Status, Verdict


def written() -> Verdict:
    return Verdict(Status.HOLDS, "{x}", (Measurement("x", 1.0, 0.1),))


check_lemma97 = claim("Lemma 9.7")(written)


@claim("Lemma 9.6", minimum=Data(draws=10))
def check_lemma96(draws: int = 20) -> Verdict:
    return Verdict(Status.HOLDS, "{x}", (Measurement("x", 1.0, 0.1),))
"""

GUARDED_SPECS = """
["Lemma 9.7"]
type = "claim"
check = "check_lemma97"
measures = ["x"]
printed = "Lemma 97"
label = "eq:x"
statement = "s"
notebook = "00-overview"
atlas = { reason = "an identity" }

["Lemma 9.6"]
type = "claim"
check = "check_lemma96"
measures = ["x"]
printed = "Lemma 96"
label = "eq:x"
statement = "s"
notebook = "00-overview"
atlas = { reason = "an identity" }
"""


def test_the_decorators_record_and_return_the_guarded_check(fresh, tmp_path, monkeypatch):
    """What a decorator returns is what the module exports and what the spec's ``check`` runs:
    the check as the framework runs it (``sizes.guard``, with the decorator's ``minimum``),
    wrapping the function written; the row holds the facts of its spec."""
    module = _import_declaring(tmp_path, monkeypatch, "guarded_h5", GUARDED, GUARDED_SPECS)
    declared = module.check_lemma97
    assert declared.__wrapped__ is module.written and declared.__guarded_by__ is None
    row = Claim(
        "Lemma 9.7",
        "eq:x",
        "s",
        "00-overview",
        CheckRef("guarded_h5", "check_lemma97"),
        "Lemma 97",
        atlas=NoBar("an identity"),
        measures=("x",),
    )
    assert row in registry.REGISTRY.claims()
    assert row.check.resolve() is declared and row.check.minimum is None
    assert module.check_lemma96.__guarded_by__ == Data(draws=10)
    lemma96 = next(c for c in registry.REGISTRY.claims() if c.number == "Lemma 9.6")
    assert lemma96.check.minimum == Data(draws=10)
    assert registry.REGISTRY is fresh


def test_an_edited_spec_is_read_again_on_reload(fresh, tmp_path, monkeypatch):
    """Each spec file is parsed once per version: a module reloaded after its spec file changed
    declares the new facts, not the ones parsed before."""
    module = _import_declaring(tmp_path, monkeypatch, "edited_h5", GUARDED, GUARDED_SPECS)
    row = next(c for c in registry.REGISTRY.claims() if c.number == "Lemma 9.7")
    assert row.statement == "s"
    (tmp_path / "edited_h5.toml").write_text(
        GUARDED_SPECS.replace('statement = "s"', 'statement = "a statement edited"', 1),
        encoding="utf-8",
    )
    importlib.reload(module)
    row = next(c for c in registry.REGISTRY.claims() if c.number == "Lemma 9.7")
    assert row.statement == "a statement edited"


def test_the_spec_contributing_shows_is_accepted(fresh, tmp_path, monkeypatch):
    """The example spec of CONTRIBUTING.md declares its claim as written there."""
    text = (Path(__file__).parents[1] / "CONTRIBUTING.md").read_text(encoding="utf-8")
    (specs,) = re.findall(r"```toml\n(.*?)```", text, re.S)
    source = GUARDED.split("check_lemma97")[0] + '\ncheck_remark35 = claim("Remark 3.5")(written)\n'
    _import_declaring(tmp_path, monkeypatch, "contributing_h5", source, specs)
    row = next(c for c in registry.REGISTRY.claims() if c.number == "Remark 3.5")
    assert (row.printed, row.notebook, row.left_out) == (
        "Remark 5",
        "04-regularized-objective",
        "an identity",
    )
    assert [(c.target, c.labels) for c in row.rests_on] == [("Thm 3.4", ("prop:Sigma",))]
    assert row.decisive == ("loose",)


SPEC_OF_ONE = """
["Lemma 9.7"]
type = "claim"
check = "check_lemma97"
measures = ["x"]
printed = "Lemma 97"
label = "eq:x"
statement = "s"
notebook = "00-overview"
atlas = {{ reason = "an identity" }}
{extra}
"""


@pytest.mark.parametrize(
    "specs, message",
    [
        (None, r"declares 'Lemma 9\.7', but .*bad_spec_h5\.toml does not exist"),
        (
            SPEC_OF_ONE.format(extra="").replace("9.7", "9.8").replace("97", "98"),
            r"bad_spec_h5\.toml has no table \['Lemma 9\.7'\]",
        ),
        (
            SPEC_OF_ONE.format(extra="").replace('type = "claim"', ""),
            r"spec 'Lemma 9\.7' in bad_spec_h5\.toml: field 'type' must be one of",
        ),
        (
            SPEC_OF_ONE.format(extra="").replace('type = "claim"', 'type = "finding"'),
            r"spec 'Lemma 9\.7' in bad_spec_h5\.toml: .*declared as the check of a claim, "
            r"but the spec has type = 'finding'",
        ),
        (
            SPEC_OF_ONE.format(extra="").replace('check = "check_lemma97"', 'check = "a-b"'),
            r"spec 'Lemma 9\.7' in bad_spec_h5\.toml: field 'check' must name a function",
        ),
        (
            SPEC_OF_ONE.format(extra="key = { name = 'y', words = 'the y' }"),
            r"spec 'Lemma 9\.7' in bad_spec_h5\.toml: field 'key' names the measurement 'y', "
            r"which is not among its check's measures \['x'\]",
        ),
        (
            SPEC_OF_ONE.format(extra="key = { name = 'x', words = 'the x', against = 'C' }"),
            r"field 'key, against' names the measurement 'C', which is not among",
        ),
        (
            SPEC_OF_ONE.format(extra="decisive = 'loose'"),
            r"field 'decisive' must be an array of qualifier names, got 'loose'",
        ),
        (
            SPEC_OF_ONE.format(extra="").replace(
                'atlas = { reason = "an identity" }', "atlas = { label = 'x ≤ 1', bound = 'b' }"
            ),
            r"field 'atlas, bound' names the measurement 'b'",
        ),
        (
            SPEC_OF_ONE.format(extra="").replace('measures = ["x"]', 'measures = ["x", "x"]'),
            r"field 'measures' must be a list of distinct measurement names",
        ),
        (
            SPEC_OF_ONE.format(extra="").replace('printed = "Lemma 97"', "printed = 97"),
            r"spec 'Lemma 9\.7' in bad_spec_h5\.toml: field 'printed' must be a string, got 97",
        ),
        ("[Lemma 9.7", r"bad_spec_h5\.toml is not valid TOML"),
        (
            SPEC_OF_ONE.format(extra="lable = 'eq:y'"),
            r"spec 'Lemma 9\.7' in bad_spec_h5\.toml: unknown field 'lable'",
        ),
        (
            SPEC_OF_ONE.format(extra="").replace('notebook = "00-overview"', ""),
            r"spec 'Lemma 9\.7' in bad_spec_h5\.toml: field 'notebook' is missing",
        ),
        (
            SPEC_OF_ONE.format(extra="key = { name = 'x', word = 'y' }"),
            r"'Lemma 9\.7' in bad_spec_h5\.toml, key: unknown field 'word'",
        ),
        (
            SPEC_OF_ONE.format(extra="").replace(
                "atlas = { reason", "atlas = { lable = 'x', reason"
            ),
            r"atlas, NoBar: unknown field 'lable'",
        ),
        (
            SPEC_OF_ONE.format(extra="").replace(
                'atlas = { reason = "an identity" }', "atlas = { label = 'x', sens = 'upper' }"
            ),
            r"atlas, Bar: unknown field 'sens'",
        ),
        (
            SPEC_OF_ONE.format(extra="rests_on = [{ kind = 'statement' }]"),
            r"rests_on, Cites: field 'target' is missing",
        ),
        (
            SPEC_OF_ONE.format(extra="").replace('printed = "Lemma 97"', 'printed = "97"'),
            r"spec 'Lemma 9\.7' in bad_spec_h5\.toml: printed must be the PDF's name",
        ),
        (  # issue 46 §4: a bare TypeError before
            SPEC_OF_ONE.format(extra="").replace('printed = "Lemma 97"', "printed = 3"),
            r"spec 'Lemma 9\.7' in bad_spec_h5\.toml: field 'printed' must be a string, got 3",
        ),
        (
            SPEC_OF_ONE.format(extra="key = 3"),
            r"in bad_spec_h5\.toml: field 'key' must be a table, got 3",
        ),
        (
            SPEC_OF_ONE.format(extra="rests_on = 'Thm 3.1'"),
            r"in bad_spec_h5\.toml: field 'rests_on' must be an array, got 'Thm 3\.1'",
        ),
        (
            SPEC_OF_ONE.format(extra="").replace('notebook = "00-overview"', 'notebook = "0"'),
            r"spec 'Lemma 9\.7' in bad_spec_h5\.toml: notebook must be a notebook's name",
        ),
    ],
)
def test_a_bad_spec_is_refused_naming_the_file_the_spec_and_the_field(
    fresh, tmp_path, monkeypatch, specs, message
):
    source = GUARDED.split("@claim")[0]
    with pytest.raises(ValueError, match=message):
        _import_declaring(tmp_path, monkeypatch, "bad_spec_h5", source, specs)


def _declared_checks() -> dict[tuple[str, str], str]:
    """(type, name) → "module.attribute" of every check a module of the verification layer
    declares (each module imported)."""
    found = {}
    for info in pkgutil.walk_packages(
        mines_theory.verification.__path__, "mines_theory.verification."
    ):
        module = importlib.import_module(info.name)
        for attribute, value in vars(module).items():
            declares = getattr(value, "__declares__", None)
            if declares is not None and getattr(value, "__module__", None) == info.name:
                assert declares not in found, (declares, found.get(declares), attribute)
                found[declares] = f"{info.name}.{attribute}"
    return found


def test_every_spec_has_its_check_and_every_check_its_spec():
    """As leanblueprint's ``checkdecls``, in both directions: every spec that names a check
    resolves to a function of its module declared for that spec (its type and name), and every
    function a module declares is the check some spec names. Each spec file's tables are
    exactly what the ledger reads from its module, and every spec file stands beside a module."""
    root = Path(mines_theory.verification.__file__).parent
    # the proof walk's step specs (verification/proofs/) are no claim's: proofs.spec reads them
    files = sorted(p for p in root.rglob("*.toml") if "proofs" not in p.relative_to(root).parts)
    assert len(files) >= 30
    assert len(ledger.MODULES) == len(files)
    named = {}
    for path in files:
        module = ".".join(
            ("mines_theory", "verification", *path.relative_to(root).with_suffix("").parts)
        )
        assert declare.spec_file(module) == path
        tables = tomllib.loads(path.read_text(encoding="utf-8"))
        assert set(tables) == registry.REGISTRY.declared()[module], path.name
        for name, table in tables.items():
            if "check" in table:
                named[table["type"], name] = f"{module}.{table['check']}"
    assert set(registry.REGISTRY.declared()) == set(ledger.MODULES)
    specs = ledger.rows() + ledger.errata()
    for spec in specs:
        if spec.check is not None:
            kind = "erratum" if isinstance(spec, Erratum) else spec.kind
            name = spec.repairs if spec.kind == "repaired" else spec.name
            assert spec.check.resolve().__declares__ == (kind, name), spec.name
    assert _declared_checks() == named


def test_every_spec_declares_the_measurements_of_its_published_verdict():
    """Each spec's ``measures`` are the measurements of its published verdict, in order (a check
    that adds, drops or renames one must say so in its spec), and a bar read from another
    row's verdict names measurements of that row (``tests/test_ledger.py`` compares the fresh
    verdicts too)."""
    published = ledger.published()
    rows = {c.number: c for c in ledger.rows()}
    for spec in ledger.rows() + ledger.errata():
        if spec.check is not None:
            names = [m.name for m in published[spec.name].measurements]
            assert list(spec.measures) == names, spec.name
    for row in ledger.rows():
        for bar in row.bars:
            if bar.verdict is not None:
                named = {bar.bound, bar.measured, bar.ratio} - {None}
                assert named <= set(rows[bar.verdict].measures), (row.number, bar.label)


def test_a_spec_naming_a_function_that_is_no_check_is_refused(fresh, tmp_path, monkeypatch):
    """The direction the decorator cannot see: a spec whose ``check`` names a function its
    module does not declare (or does not have) is refused when the check is resolved, naming
    the module and the function."""
    specs = GUARDED_SPECS.replace('check = "check_lemma96"', 'check = "written"')
    _import_declaring(tmp_path, monkeypatch, "undeclared_h5", GUARDED, specs)
    row = next(c for c in registry.REGISTRY.claims() if c.number == "Lemma 9.6")
    with pytest.raises(ValueError, match="check 'written' of undeclared_h5 must be a function"):
        row.verdict()


def test_the_specs_are_read_without_importing_a_check(tmp_path):
    """``list`` reads the specs and the published verdicts only: in a fresh interpreter it
    imports no module of checks, and none of numpy, sympy, scipy, pandas, matplotlib (so one
    check that fails to import cannot break it), nor does ``import mines_theory``."""
    code = (
        "import sys, io, contextlib\n"
        "import mines_theory\n"
        "heavy = ('numpy', 'scipy', 'pandas', 'sympy', 'matplotlib')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
        "from mines_theory.verification import command\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    command.main(['list'])\n"
        "checks = ('mines_theory.verification.claims.', 'mines_theory.verification.errata.')\n"
        "print(sorted(m for m in sys.modules if m.startswith(checks)))\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True
    )
    assert done.stdout.splitlines() == ["[]", "[]", "[]"], done.stdout + done.stderr


# ---------------------------------------------------------------------------------------------
# A claim declared once reaches every view
# ---------------------------------------------------------------------------------------------


def test_a_synthetic_claim_reaches_every_view(fresh, tmp_path, monkeypatch):
    """A claim, its repaired form, a finding and an erratum, each one declaration in a copy of the
    registry (as a module of ``ledger.SOURCES`` would declare them) with their verdicts published:
    every view picks them up without an edit anywhere else: the ledger's rows and PDF numbers,
    the README's tables, the book's ledger page and the notebook 00 grid, the looseness atlas
    (a bar, and a reason for the finding's lack of one), the proof map (a node, its edge and its
    colour), the corrigendum (the repaired section with its erratum) and the errata table, and a
    verdict cell."""
    from mines_theory.verification.framework.spec import Bar, Cites, Key, Repair
    from mines_theory.verification.framework.verdict import Kind, flagged
    from mines_theory.verification.views import atlas, corrigendum, proofgraph, proofmap, report
    from mines_theory.verification.views.errata import errata_table

    def ratio(value):
        return Verdict(Status.HOLDS, "ratio {r}", (Measurement("r", value, 0.1, Kind.SE),))

    where = "mines_theory.verification.claims.synthetic"
    declared = (
        Claim(
            "Lemma 5.9",
            "lem:Sig_dec",
            "a synthetic statement",
            "06-convergence-covariance",
            lambda: ratio(4.0),
            "Lemma 99",
            key=Key("r", "synthetic ratio"),
            atlas=Bar("a synthetic bound", ratio="r"),
            rests_on=(Cites("Lemma 5.3", "lem:Sig_dec"),),
        ),
        Claim(
            registry.repaired_number("Lemma 5.9"),
            "—",
            "the synthetic statement repaired",
            "08a-corrigendum-section5",
            lambda: ratio(2.0),
            kind="repaired",
            key=Key("r", "repaired ratio"),
            atlas=Bar("the repaired synthetic bound", ratio="r", form="repaired"),
            repairs="Lemma 5.9",
            repair=Repair(
                printed="$x \\le 1$",
                repaired="$x \\le 2$",
                hypotheses="None.",
                survives="constant changes",
                errata=("eq:synthetic",),
                assumed="$x$ real.",
            ),
        ),
        Claim(
            "A synthetic finding",
            "—",
            "something measured",
            "06-convergence-covariance",
            lambda: ratio(1.0),
            kind="finding",
            atlas=NoBar("a finding without a bound"),
        ),
    )
    for row in declared:
        fresh.add_claim(row, where, f"{where}.{row.number}")
    wrong = Erratum(
        "eq:synthetic", "typo", "x ≤ 1", "x ≤ 2", "Lemma 5.9 survives",
        lambda: flagged(True, "z = {z}", (Measurement("z", 9.0, 1.0, Kind.Z),)),
    )  # fmt: skip
    fresh.add_erratum(wrong, len(ledger.errata()) + 1, where, f"{where}.erratum")
    path = tmp_path / "published.json"
    ledger.write_published({**ledger.published(), **ledger.verdicts(declared + (wrong,))}, path)
    monkeypatch.setattr(ledger, "PUBLISHED", path)

    # the ledger's rows, in their places, and the PDF numbers
    numbers = [c.number for c in ledger.claims()]
    assert numbers[numbers.index("Remark 5.6") + 1] == "Lemma 5.9"
    repaired = [c.number for c in ledger.repaired()]
    where = repaired.index("Lemma 5.9, repaired")
    assert repaired.index("Thm 5.4, repaired") < where < repaired.index("Lemma D.2, repaired")
    assert "A synthetic finding" in [c.number for c in ledger.findings()]
    assert ledger.errata()[-1] is wrong
    assert ledger.printed()["Lemma 5.9, repaired"] == "Lemma 99"
    # the README's tables and the book's ledger page
    table = report.summary_table(claims=ledger.claims(), link=report.readme_link)
    assert "| Lemma 5.9 | Lemma 99 | **holds** | synthetic ratio = 4.00 ± 0.10 |" in table
    repaired_table = report.summary_table(claims=ledger.repaired(), link=report.readme_link)
    assert "| Lemma 5.9, repaired | Lemma 99 | **holds** | repaired ratio = 2.00" in repaired_table
    page = report.ledger_page(lambda notebook: notebook)
    for heading in ("Lemma 5.9", "Lemma 5.9, repaired", "A synthetic finding"):
        assert f"### {heading} · PDF " in page
    assert "#repair-lemma-5-9)" in page
    assert "Lemma 5.9" in report.verdict_grid().splitlines()[5]  # Section 5's row
    # the looseness atlas: a bar each, a reason for the finding
    bars = atlas.frame()
    assert set(bars.claim) >= {"Lemma 5.9", "Lemma 5.9, repaired"}
    left = atlas.left_out().set_index("claim")
    assert left.loc["A synthetic finding", "reason"] == "a finding without a bound"
    # the proof map: a node, its edge, its colour
    assert proofgraph.node("Lemma 5.9").caption == "Lemma 5.9 · PDF Lemma 99"
    assert ("Lemma 5.9", "Lemma 5.3") in {e.key for e in proofgraph.edges()}
    assert proofmap.layers()["Lemma 5.9"] > proofmap.layers()["Lemma 5.3"]
    assert proofgraph.categories()["Lemma 5.9"] is proofgraph.Category.HOLDS
    # the corrigendum and the errata table
    entry = ledger.repair("Lemma 5.9")
    section = corrigendum.repair_markdown(entry, ledger.published()["Lemma 5.9, repaired"])
    assert (
        "```{prf:lemma} 99 (our Lemma 5.9), repaired\n:nonumber:\n:label: repaired-lemma-5-9"
        in section
    )
    assert "\n$x \\le 2$\n```" in section and re.search(
        r"<summary>Erratum \d+: eq:synthetic: x ≤ 2</summary>", section
    )
    assert wrong not in corrigendum.errata_outside_repairs("typo")
    last = errata_table(evidence=ledger.published()).splitlines()[-1]
    assert last.startswith("| eq:synthetic | typo |") and last.endswith("| flagged: z = 9.0 |")
    # a verdict cell
    cell = ledger.verdict_cell("Lemma 5.9", "eq:synthetic")
    assert cell == (
        "Lemma 5.9 (PDF: Lemma 99; lem:Sig_dec): holds\nratio 4.00 ± 0.10\n"
        "eq:synthetic: flagged: z = 9.0"
    )


def test_what_a_key_measures_and_a_peer_s_claim_live_in_the_specs():
    """The front page's gloss of Thm 5.4's number and its sentence on the COCO finding are
    read from their specs (``Key.means``, ``Claim.peer``), not from tables keyed by a row's
    name in the views; a gloss that is not a string is refused, naming the field."""
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.framework.spec import Key
    from mines_theory.verification.proofs import pages
    from mines_theory.verification.proofs import published as walk
    from mines_theory.verification.views import report

    theorem = ledger.claim("Thm 5.4")
    assert theorem.key is not None and "κ = 1000" in theorem.key.means
    claim, tested = ledger.claim("COCO bbob").peer
    box = report.found_box(walk=pages.with_slips(walk.load()))
    assert f"[{claim}](ledger.md#{report.claim_anchor('COCO bbob')}), tested {tested}" in box
    means = theorem.key.means
    assert f". {means[:1].upper()}{means[1:]}." in box  # its own line, after the runs' number
    assert ledger.claim("Comparison").peer is None
    with pytest.raises(ValueError, match="means"):
        Key("late_factor", "rate", means=1)  # type: ignore[arg-type]
