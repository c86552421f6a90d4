"""The claims ledger: every verdict recomputed, the README's copy current, the checks able to fail."""

import re
from pathlib import Path

import numpy as np
import pytest

from mines_theory import mean_gradient, sigma_gradient
from mines_theory.checks import (
    Verdict,
    check_lemma41,
    check_lemma43,
    check_proposition_a2,
    gauss_hermite_expectation,
)
from mines_theory.ledger import (
    CLAIMS,
    README_END,
    README_START,
    Claim,
    claims_table,
    render_into,
    verdicts,
)
from mines_theory.linalg import project_eigenvalues

ROOT = Path(__file__).resolve().parent.parent
PLANNED = {"00-overview", "01-nes-background", "02-regularized-objective",
           "03-gradient-estimators", "04-mirror-descent-projection", "05-convergence-mean",
           "06-convergence-covariance", "07-comparisons", "08-errata", "09-appendix-lemmas"}
CHECKED = [c for c in CLAIMS if c.check is not None]


@pytest.fixture(scope="module")
def results():
    return verdicts()


@pytest.fixture(scope="module")
def readme_rows():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index(README_START) + len(README_START):text.index(README_END)]
    rows = {}
    for line in section.strip().splitlines()[2:]:
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        rows[cells[0]] = cells
    return section.strip(), rows


@pytest.mark.parametrize("claim", CHECKED, ids=[c.number for c in CHECKED])
def test_verdict(claim, results, readme_rows):
    """Each verdict, recomputed here, is the one the README publishes."""
    fresh = claim.check()
    assert fresh == results[claim.number]                    # deterministic
    _, rows = readme_rows
    assert rows[claim.number][4] == f"**{fresh.status}**"
    assert rows[claim.number][5] == fresh.detail.replace("|", "\\|")
    assert claim.test == f"tests/test_ledger.py::test_verdict[{claim.number}]"


def test_readme_ledger_is_current(results, readme_rows):
    section, _ = readme_rows
    assert section == claims_table(results=results), "run `make figures` to regenerate README.md"


def test_rows_unique_and_notebooks_known():
    numbers = [c.number for c in CLAIMS]
    assert len(numbers) == len(set(numbers))
    assert {c.notebook for c in CLAIMS} <= PLANNED


def test_labels_exist_in_the_paper():
    paper = ROOT.parent / "shared" / "paper" / "mirror-natural-evolution-strategies.tex"
    if not paper.is_file():
        pytest.skip(f"the paper is not at {paper} (it lives beside the repository)")
    text = paper.read_text()
    for c in CLAIMS:
        for label in re.findall(r"(?:eq|prop|lem|thm):[A-Za-z_0-9]+", c.label):
            assert f"\\label{{{label}}}" in text, label


def test_table_renders_every_row_and_escapes_pipes():
    claims = (Claim("X 0", "eq:w", "unchecked", "08-errata"),
              Claim("X 1", "eq:x", "a | b", "08-errata", lambda: Verdict("fails", "x | y")))
    results = {c.number: c.verdict() for c in claims}
    table = claims_table(claims, results).splitlines()
    assert len(table) == 2 + len(claims)
    assert table[-1] == "| X 1 | `eq:x` | a \\| b | `08-errata` | **fails** | x \\| y |"
    assert "**not yet checked**" in table[2]


def test_render_into_replaces_only_the_marked_section():
    text = f"intro\n{README_START}\nold\n{README_END}\nrest\n"
    assert render_into(text, "NEW") == f"intro\n{README_START}\nNEW\n{README_END}\nrest\n"
    with pytest.raises(ValueError, match="the README has no markers"):
        render_into("no markers", "NEW")


# ---------------------------------------------------------------------------------------------
# The checks can fail: hand them a broken implementation
# ---------------------------------------------------------------------------------------------

def test_gauss_hermite_moments():
    """E[u1² u2⁴] = 1·3 and E[exp(u1)] = e^{1/2} for u ~ N(0, I₂)."""
    assert gauss_hermite_expectation(lambda U: U[:, 0] ** 2 * U[:, 1] ** 4, 2, 10) == \
        pytest.approx(3.0, rel=1e-13)
    assert gauss_hermite_expectation(lambda U: np.exp(U[:, 0]), 2, 30) == \
        pytest.approx(np.exp(0.5), rel=1e-13)


def test_lemma41_check_catches_a_missing_antithetic_half():
    broken = lambda f, mu, s, a, u: 2 * mean_gradient(f, mu, s, a, u)   # noqa: E731
    assert check_lemma41(broken).status == "fails"


def test_lemma43_check_catches_the_half_sigma_inverse_of_lemma_c1s_proof():
    """Lemma C.1's proof writes E[G̃] = ½E[…] − ½Σ⁻¹; an estimator built that way is biased."""
    def broken(f, mu, s, a, u):
        return sigma_gradient(f, mu, s, a, u) + 0.5 * s
    assert check_lemma43(broken).status == "fails"


def test_proposition_a2_check_catches_the_printed_interval():
    printed = lambda A, tau, zeta: project_eigenvalues(A, 1 / zeta, 1 / tau)  # noqa: E731
    assert check_proposition_a2(printed, cases=20).status == "fails"


# ---------------------------------------------------------------------------------------------
# Errata
# ---------------------------------------------------------------------------------------------

from mines_theory.ledger import ERRATA, errata_table  # noqa: E402


@pytest.mark.parametrize("erratum", ERRATA, ids=[e.label for e in ERRATA])
def test_erratum_is_confirmed(erratum):
    """Each erratum's numeric or symbolic check confirms that the printed form is wrong."""
    assert erratum.kind in {"typo", "error", "ill-defined", "imprecision"}
    assert erratum.check() is True


def test_errata_table_renders():
    table = errata_table(ERRATA[:2]).splitlines()
    assert len(table) == 4 and table[2].endswith("| confirmed |")


def test_readme_comparison_table_is_the_notebooks():
    """The comparison table in the README is the file notebook 07 wrote (figures/07-comparison.md)."""
    from mines_theory.ledger import COMPARISON_END, COMPARISON_START

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index(COMPARISON_START) + len(COMPARISON_START):text.index(COMPARISON_END)]
    table = (ROOT / "figures" / "07-comparison.md").read_text(encoding="utf-8")
    assert section.strip() == table.strip()
    assert "CMA-ES" in section
