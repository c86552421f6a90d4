"""How to cite the suite: ``CITATION.cff`` is valid CFF 1.2.0, its version and release date are
the package's and the CHANGELOG's, the BibTeX entry of the README and of the book is rendered
from it (written once) and read alike by classic BibTeX's styles and biblatex, every page of the
book names the version and the commit it was built from, and every place that names the paper
the corrigendum corrects names the same source.

The schema, ``tests/data/cff-1.2.0-schema.json``, is the official JSON schema of CFF 1.2.0
(``$id`` https://citation-file-format.github.io/1.2.0/schema.json) as shipped in cffconvert 2.0.0
(``cffconvert/schemas/1.2.0/schema.json``): cffconvert itself pins ``jsonschema<4``, which the
notebooks' Jupyter stack cannot share, so the test validates with ``jsonschema`` directly.
"""

from __future__ import annotations

import copy
import datetime
import hashlib
import importlib.util
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import jsonschema
import pybtex.database
import pytest
from pybtex.plugin import find_plugin

from .conftest import PAPER

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("citation", ROOT / "tools" / "citation.py")
citation = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(citation)
SCHEMA = json.loads((ROOT / "tests" / "data" / "cff-1.2.0-schema.json").read_text())
CFF = citation.load()
sys.path.insert(0, str(ROOT))  # tools/build_site.py imports tools.citation
_spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
build_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_site)
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
#: The entry types of classic BibTeX's standard styles (plain.bst, alpha.bst, …); biblatex knows
#: each of them too. ``@software`` is biblatex's alone (classic BibTeX warns and guesses).
CLASSIC_TYPES = {
    "article", "book", "booklet", "conference", "inbook", "incollection", "inproceedings",
    "manual", "mastersthesis", "misc", "phdthesis", "proceedings", "techreport", "unpublished",
}  # fmt: skip


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


def changelog_releases(text: str) -> list[tuple[str, str]]:
    """(version, date) of each release of CHANGELOG.md, newest first: its ``## V (DATE)``
    headings."""
    return re.findall(r"^## (\d+\.\d+\.\d+) \((\d{4}-\d\d-\d\d)\)$", text, re.M)


def test_one_version_the_packages_the_changelogs_and_the_entrys():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert isinstance(CFF["version"], str)  # quoted: YAML reads an unquoted 1.0 as a float
    assert isinstance(CFF["date-released"], str)  # quoted: YAML reads a bare date as a date
    assert CFF["version"] == PROJECT["version"]
    assert changelog_releases(changelog)[0] == (CFF["version"], CFF["date-released"])
    entry = pybtex.database.parse_string(citation.bibtex(CFF), "bibtex").entries[citation.KEY]
    assert entry.fields["version"] == PROJECT["version"]
    assert f"version {PROJECT['version']}" in entry.fields["howpublished"]
    assert entry.fields["year"] == CFF["date-released"][:4]


def test_the_changelog_check_reads_releases_newest_first():
    text = "# Changelog\n\n## 0.3.0 (2027-01-02)\n\nx\n\n## 0.2.0 (2026-12-06)\n"
    assert changelog_releases(text) == [("0.3.0", "2027-01-02"), ("0.2.0", "2026-12-06")]
    # a bump of pyproject.toml alone, without its entry, is caught
    assert changelog_releases(text)[0] != ("0.4.0", "2027-01-02")


#: The newest entry's count of the published statuses: "**Published in this release**: 111
#: verdicts: 50 holds, 52 erratum, 7 fails, 2 identity."
PUBLISHED_LINE = re.compile(r"\*\*Published in this release\*\*: (\d+) verdicts: ([^.]+)\.")


def published_counts(changelog: str) -> dict[str, int]:
    """Status → count, as the newest entry of ``changelog`` states them (a ValueError if it
    states none, or counts that do not add up to its total)."""
    newest = changelog.split("\n## ")[1]
    match = PUBLISHED_LINE.search(" ".join(newest.split()))
    if match is None:
        raise ValueError("the newest CHANGELOG entry states no count of published verdicts")
    counts = {
        status: int(n) for n, status in re.findall(r"(\d+) ([a-z ]+?)(?:,|$)", match.group(2))
    }
    if sum(counts.values()) != int(match.group(1)):
        raise ValueError(f"the counts {counts} do not add up to {match.group(1)}")
    return counts


def test_the_newest_release_states_what_is_published():
    """A status published without a release (a row added, a verdict flipped) changes the counts
    of ``published.json`` and fails here: add a CHANGELOG entry that says which verdicts changed,
    and bump the version (pyproject.toml, CITATION.cff)."""
    from collections import Counter

    from mines_theory.verification.framework import ledger

    published = Counter(v.status.value for v in ledger.published().values())
    stated = published_counts((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    assert stated == dict(published), (
        f"published.json has {dict(published)}, CHANGELOG.md's newest entry {stated}: "
        "add an entry and bump the version"
    )


def test_the_count_check_sees_a_flipped_verdict():
    text = "# C\n\n## 0.3.0 (2027-01-02)\n\n**Published in this release**: 3 verdicts: "
    text += "2 holds, 1 fails.\n"
    assert published_counts(text) == {"holds": 2, "fails": 1}
    assert published_counts(text) != {"holds": 1, "fails": 1, "erratum": 1}  # one flipped
    with pytest.raises(ValueError, match="add up"):
        published_counts(text.replace("3 verdicts", "4 verdicts"))
    with pytest.raises(ValueError, match="no count"):
        published_counts("# C\n\n## 0.3.0 (2027-01-02)\n\nnothing\n")


def _entry(text: str):
    return pybtex.database.parse_string(text, "bibtex").entries[citation.KEY]


def test_the_bibtex_entry_says_what_the_file_says():
    entry = _entry(citation.bibtex(CFF, "abc1234"))
    assert entry.type == "misc" and entry.type in CLASSIC_TYPES
    assert " ".join(entry.fields["title"].strip("{}").split()) == CFF["title"]
    assert entry.fields["version"] == CFF["version"]
    assert entry.fields["howpublished"] == f"Software, version {CFF['version']}, commit abc1234"
    assert [str(p) for p in entry.persons["author"]] == ["{the mines-theory developers}"]
    assert "arXiv:2308.00469" in " ".join(entry.fields["note"].split())
    assert "commit" not in _entry(citation.bibtex(CFF)).fields["howpublished"]


def _plain(text: str) -> str:
    """The entry as classic BibTeX's plain style prints it (pybtex's port of plain.bst)."""
    style = find_plugin("pybtex.style.formatting", "plain")()
    formatted = style.format_bibliography(pybtex.database.parse_string(text, "bibtex"))
    return " ".join(next(iter(formatted)).text.render_as("text").split())


def test_classic_bibtex_prints_the_year_the_version_and_the_commit():
    """plain.bst ignores ``version`` and ``url``; the entry carries them in ``howpublished``,
    which it prints. An entry with the version in its ``version`` field alone loses it."""
    printed = _plain(citation.bibtex(CFF, "abc1234"))
    for part in (CFF["title"], CFF["date-released"][:4], CFF["version"], "commit abc1234"):
        assert part in printed, part
    version_field_only = citation.bibtex(CFF).replace(
        f"Software, version {CFF['version']}", "Software"
    )
    assert CFF["version"] not in _plain(version_field_only)


def test_the_entry_fits_the_books_column():
    """No line over ``WIDTH`` columns (the book's code block would scroll sideways), and the
    wrapping changes no field."""
    changed = copy.deepcopy(CFF)
    changed["repository-code"] = "https://example.org/mines-theory"
    for text in (citation.bibtex(CFF), citation.bibtex(changed, "0123456789abcdef")):
        assert max(len(line) for line in text.splitlines()) <= citation.WIDTH
        fields = {k: " ".join(v.split()) for k, v in _entry(text).fields.items()}
        assert fields["title"] == "{" + CFF["title"] + "}"
    assert _entry(citation.bibtex(changed)).fields["url"] == "https://example.org/mines-theory"


def test_the_papers_entry_on_the_page_fits_the_books_column():
    """The paper's entry, shown on the page as the bibliography has it, has no line over
    ``WIDTH`` columns either (a one-line note once ran past the code block)."""
    bib = (ROOT / "book" / "references.bib").read_text(encoding="utf-8")
    entry = citation.paper_entry(bib)
    assert max(len(line) for line in entry.splitlines()) <= citation.WIDTH, entry


@pytest.mark.parametrize(
    "cff, commit, match",
    [
        ({k: v for k, v in CFF.items() if k != "date-released"}, None, "date-released"),
        ({k: v for k, v in CFF.items() if k != "version"}, None, "'version'"),
        (CFF, "HEAD", "commit='HEAD'"),
    ],
)
def test_an_entry_without_a_version_a_date_or_a_hash_is_refused(cff, commit, match):
    with pytest.raises(ValueError, match=match):
        citation.bibtex(cff, commit)


def _git(repo: Path, *args: str) -> str:
    command = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    command += ["-c", "commit.gpgsign=false"]
    return subprocess.run([*command, *args], capture_output=True, text=True, check=True).stdout


def test_the_footer_names_the_commit_the_book_is_built_from(tmp_path):
    """``build_site.Build.of`` reads the version from pyproject.toml and the commit from git:
    in a repository made here, the footer names its commit, follows a new one, and marks
    uncommitted changes; in this checkout, it names ``git rev-parse HEAD``'s commit."""
    _git(tmp_path, "init", "-q")
    (tmp_path / "pyproject.toml").write_text('[project]\nversion = "9.8.7"\n')
    _git(tmp_path, "add", "pyproject.toml")
    _git(tmp_path, "commit", "-q", "-m", "first")
    first = _git(tmp_path, "log", "-1", "--format=%H").strip()
    build = build_site.Build.of(tmp_path, date=datetime.date(2027, 1, 2))
    assert first.startswith(build.commit) and len(build.commit) >= 7
    text = build_site.footer(build)
    assert f"commit <code>{build.commit}</code>" in text
    assert "mines-theory 9.8.7" in text and "built 2027-01-02" in text
    (tmp_path / "pyproject.toml").write_text('[project]\nversion = "9.8.8"\n')
    assert build_site.Build.of(tmp_path).commit == build.commit + "-dirty"
    _git(tmp_path, "commit", "-q", "-am", "second")
    second = build_site.Build.of(tmp_path)
    assert second.commit != build.commit and second.version == "9.8.8"
    assert _git(tmp_path, "log", "-1", "--format=%H").startswith(second.commit)
    here = build_site.Build.of()
    if here.commit is None:
        pytest.skip("not a git checkout")
    head = _git(ROOT, "rev-parse", "HEAD").strip()
    assert here.version == PROJECT["version"] == CFF["version"]
    assert head.startswith(here.commit.removesuffix("-dirty"))
    assert here.commit.removesuffix("-dirty") == _git(ROOT, "rev-parse", "--short", "HEAD").strip()
    assert f"commit <code>{here.commit}</code>" in build_site.footer(here)
    assert here.date == datetime.datetime.now(datetime.UTC).date()


def test_a_book_built_outside_a_checkout_says_so(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nversion = "1.0.0"\n')
    build = build_site.Build.of(tmp_path)
    assert build.commit is None
    assert "no git commit" in build_site.footer(build)


def test_sphinx_gets_the_footer_and_the_version():
    build = build_site.Build("1.2.3", "abc1234", datetime.date(2027, 1, 2))
    command = build_site.sphinx_command(Path("source"), Path("out"), build)
    assert f"html_theme_options.extra_footer={build_site.footer(build)}" in command
    assert "version=1.2.3" in command and "release=1.2.3" in command
    assert "-W" in command and command[-2:] == ["source", "out"]


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
    template = (ROOT / "book" / "citing.md").read_text(encoding="utf-8")
    page = citation.book_page(template, CFF, "abc1234")
    assert "CITATION_BIBTEX" not in page and "PAPER_VERSION" not in page
    assert "PAPER_BIBTEX" not in page and "EARLIER_BIBTEX" not in page
    assert "@misc{ye2019mines," in page and "eprint = {1910.11490}" in page
    assert citation.bibtex(CFF, "abc1234") in page and _sha256() in page
    assert "@misc{ye2023mines," in page and "eprint = {2308.00469}" in page
    assert "mirror-natural-evolution-strategies.tex" in page  # which file the hash is of
    assert "SOURCE_CODE" not in page


def test_the_book_ships_the_source_of_its_commit_and_says_so(tmp_path):
    """``build_site.write_source_archive`` writes ``git archive`` of a clean build's commit,
    whose files are the commit's (read back with tarfile), and the page on citing links it; a
    build from uncommitted changes, or outside a checkout, ships none and the page says why.
    With no repository address in CITATION.cff, the page says the entry has no url."""
    import tarfile

    _git(tmp_path, "init", "-q")
    (tmp_path / "pyproject.toml").write_text('[project]\nversion = "9.8.7"\n')
    _git(tmp_path, "add", "pyproject.toml")
    _git(tmp_path, "commit", "-q", "-m", "first")
    build = build_site.Build.of(tmp_path)
    out = tmp_path / "site"
    out.mkdir()
    archive = build_site.write_source_archive(out, build, tmp_path)
    assert archive is not None and archive.name == f"mines-theory-9.8.7-{build.commit}.tar.gz"
    with tarfile.open(archive) as tar:
        member = tar.extractfile("mines-theory-9.8.7/pyproject.toml")
        assert member is not None and b'version = "9.8.7"' in member.read()
    said = citation.obtaining({}, build.commit, archive.name)
    assert f'<a href="{archive.name}">' in said and f"commit `{build.commit}`" in said
    assert "no public repository address" in said
    dirty = build._replace(commit=build.commit + "-dirty")
    assert build_site.source_archive(dirty) is None
    assert build_site.write_source_archive(out, dirty, tmp_path) is None
    assert "uncommitted changes" in citation.obtaining({}, dirty.commit, None)
    assert "not built from a git checkout" in citation.obtaining({}, None, None)
    assert "repository is <https://example.org/x>" in citation.obtaining(
        {"repository-code": "https://example.org/x"}, build.commit, None
    )
    assert "repository-code" not in CFF  # the page's "no public repository address" holds


def test_the_paper_entry_is_read_whole_from_the_bibliography():
    """Nested braces close inside the entry; a missing key or an unclosed entry is named."""
    bib = "@misc{a,\n  title = {A {B}}\n}\n\n@misc{b,\n  title = {C}\n}\n"
    assert citation.paper_entry(bib, "a") == "@misc{a,\n  title = {A {B}}\n}"
    assert citation.paper_entry(bib, "b") == "@misc{b,\n  title = {C}\n}"
    with pytest.raises(ValueError, match="key='c': no such entry"):
        citation.paper_entry(bib, "c")
    with pytest.raises(ValueError, match="key='d': its entry's braces are not closed"):
        citation.paper_entry("@misc{d,\n  title = {D}\n", "d")
