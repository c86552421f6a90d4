"""How to cite the suite: ``CITATION.cff`` is valid CFF 1.2.0, its version is the package's, the
BibTeX entry of the README and of the book is rendered from it (written once), and every place
that names the paper the corrigendum corrects names the same source.

The schema, ``tests/data/cff-1.2.0-schema.json``, is the official JSON schema of CFF 1.2.0
(``$id`` https://citation-file-format.github.io/1.2.0/schema.json) as shipped in cffconvert 2.0.0
(``cffconvert/schemas/1.2.0/schema.json``): cffconvert itself pins ``jsonschema<4``, which the
notebooks' Jupyter stack cannot share, so the test validates with ``jsonschema`` directly.
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import json
import re
import tomllib
from pathlib import Path

import jsonschema
import pybtex.database
import pytest

from .conftest import PAPER

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("citation", ROOT / "tools" / "citation.py")
citation = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(citation)
SCHEMA = json.loads((ROOT / "tests" / "data" / "cff-1.2.0-schema.json").read_text())
CFF = citation.load()


def problems(cff: dict) -> list[str]:
    """What makes ``cff`` invalid CFF 1.2.0 (empty if nothing)."""
    validator = jsonschema.Draft7Validator(
        SCHEMA, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER
    )
    return [error.message for error in validator.iter_errors(cff)]


def test_the_schema_is_cffs_own():
    assert SCHEMA["$id"] == "https://citation-file-format.github.io/1.2.0/schema.json"
    assert set(SCHEMA["required"]) == {"authors", "cff-version", "message", "title"}


def test_citation_cff_is_valid_cff_1_2_0():
    assert CFF["cff-version"] == "1.2.0"
    assert problems(CFF) == []


@pytest.mark.parametrize(
    "change",
    [
        lambda c: c.pop("authors"),  # a required key missing
        lambda c: c.update({"cff-version": "1.2"}),  # not a version the schema knows
        lambda c: c.update({"license": "not-a-licence"}),  # not an SPDX identifier
        lambda c: c["references"][0].update({"type": "preprint"}),  # not a reference type
        lambda c: c.update({"doi": "arXiv:2308.00469"}),  # not a DOI
    ],
)
def test_the_validation_rejects_an_invalid_file(change):
    broken = copy.deepcopy(CFF)
    change(broken)
    assert problems(broken)


def test_one_version_the_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert isinstance(CFF["version"], str)  # quoted: YAML reads an unquoted 1.0 as a float
    assert CFF["version"] == project["version"]
    assert f"version = {{{project['version']}}}" in citation.bibtex(CFF)


def test_the_bibtex_entry_says_what_the_file_says():
    entry = pybtex.database.parse_string(citation.bibtex(CFF), "bibtex").entries[citation.KEY]
    assert entry.type == "software"
    assert entry.fields["title"].strip("{}") == CFF["title"]
    assert entry.fields["version"] == CFF["version"]
    assert [str(p) for p in entry.persons["author"]] == ["{the mines-theory developers}"]
    assert "arXiv:2308.00469" in entry.fields["note"]


def test_the_readme_shows_the_rendered_entry():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert citation.render_readme(readme, CFF) == readme, "run `python tools/citation.py --readme`"
    assert "## How to cite" in readme


def test_the_readme_section_follows_the_file():
    changed = copy.deepcopy(CFF)
    changed["version"] = "9.9.9"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "version = {9.9.9}" in citation.render_readme(readme, changed)
    with pytest.raises(ValueError, match="markers"):
        citation.render_readme("no section here", CFF)


def _sha256() -> str:
    ids = [str(i["value"]) for i in citation.paper(CFF)["identifiers"]]
    return next(v for v in ids if v.startswith("sha256:")).split(":", 1)[1]


def test_the_hash_is_the_papers_source():
    if not PAPER.is_file():
        pytest.skip(f"the paper is not at {PAPER}")
    assert hashlib.sha256(PAPER.read_bytes()).hexdigest() == _sha256()


def test_the_corrigendum_names_the_papers_source_where_it_names_the_paper():
    """Notebook 08 (its first page, 08a) opens with the paper it corrects and the start of the
    source's hash; the README and the book's front page say that its arXiv version is not
    recorded."""
    cells = json.loads((ROOT / "notebooks" / "08a-corrigendum-section5.ipynb").read_text())["cells"]
    opening = "".join(cells[0]["source"])
    assert "arXiv:2308.00469" in opening
    assert re.search(r"SHA-256 begins\s+`([0-9a-f]{8})`", opening).group(1) == _sha256()[:8]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert _sha256() in readme
    assert "version cannot be decided" in readme.split("\n## ")[0]
    index = (ROOT / "book" / "index.md").read_text(encoding="utf-8")
    assert "it does not record" in index and "citing.md" in index


def test_the_book_page_fills_its_placeholders():
    page = citation.book_page((ROOT / "book" / "citing.md").read_text(encoding="utf-8"), CFF)
    assert "CITATION_BIBTEX" not in page and "PAPER_VERSION" not in page
    assert citation.bibtex(CFF) in page and _sha256() in page
