"""environment.yml and pyproject.toml must list the same packages (and the same lower bounds)."""

import ast
import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _split(requirement: str) -> tuple[str, str]:
    match = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", requirement)
    assert match, requirement
    return match.group(1).lower().replace("_", "-"), match.group(2).replace(" ", "")


def pyproject_requirements() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        requirements += extra
    return dict(_split(r) for r in requirements)


def conda_requirements() -> dict[str, str]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    specs = [d for d in env["dependencies"] if isinstance(d, str)]
    named = dict(
        _split(s.replace("=", "==", 1) if re.fullmatch(r"[\w\-]+=[\d.]+", s) else s) for s in specs
    )
    for tool in ("python", "pip"):
        named.pop(tool, None)
    return named


def test_same_packages_and_bounds():
    assert conda_requirements() == pyproject_requirements()


def test_conda_pins_python_and_installs_the_package():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert "python=3.11" in env["dependencies"]
    assert env["channels"] == ["conda-forge"]
    pip_section = [d for d in env["dependencies"] if isinstance(d, dict)]
    assert pip_section == [{"pip": ["-e ."]}]
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert requires == ">=3.11"


# ---------------------------------------------------------------------------------------------
# The layering of the library (the map in mines_theory/__init__.py)
# ---------------------------------------------------------------------------------------------

PACKAGE = ROOT / "mines_theory"
#: Each part's layer: a part may import only from lower layers (or from itself). The parts are
#: the library's subpackages and the verification layer's four, so an arrow that runs back up
#: (a bound importing an experiment, the framework importing a claim) fails here.
LAYERS = {
    "validation": 0,
    "files": 0,
    "numbers": 0,
    "linalg": 1,
    "plotting": 1,
    "theory": 2,
    "algorithm": 3,
    "problems": 4,
    "experiments": 5,
    "verification.framework": 6,
    "verification.claims": 7,
    "verification.errata": 8,
    "verification.views": 9,
    # the proof walk: reads the errata's specs as data, imports none; its pages use the views'
    # typesetting and the proof map's arrows (the views take its summaries as data)
    "verification.proofs": 10,
    "verification": 11,  # the package: its command line (python -m mines_theory.verification)
}
#: At most this many modules at the top of the package, beside __init__.py (the rest in
#: subpackages by concern).
MAX_TOP_LEVEL_MODULES = 8


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _part(module: str) -> str | None:
    """The part of LAYERS that holds ``module`` (dotted), or None (the package itself)."""
    rest = module.removeprefix("mines_theory").lstrip(".")
    for part in sorted(LAYERS, key=len, reverse=True):
        if rest == part or rest.startswith(part + "."):
            return part
    return None


def _imported_modules(path: Path):
    """(module imported, names imported) for every import of ``mines_theory`` in ``path``,
    relative imports resolved."""
    module = _module_of(path)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] == "mines_theory":
                yield target, [alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "mines_theory":
                    yield alias.name, []


def test_no_module_imports_a_private_name_of_another():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for target, names in _imported_modules(path):
            private = [n for n in names if n.startswith("_") and n != "__version__"]
            if private or any(p.startswith("_") for p in target.split(".")):
                offenders.append(f"{path.relative_to(ROOT)} imports {private or target}")
    assert not offenders, offenders


def test_lower_layers_never_import_higher_ones():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "__init__.py" and path.parent == PACKAGE:
            continue
        source = _part(_module_of(path))
        assert source is not None, f"{path.relative_to(ROOT)} is in no part of LAYERS"
        for target, names in _imported_modules(path):
            candidates = [f"{target}.{n}" for n in names] if _part(target) is None else [target]
            for module in candidates:
                part = _part(module)
                if part is not None and part != source and LAYERS[part] >= LAYERS[source]:
                    offenders.append(
                        f"{_module_of(path)} ({source}, layer {LAYERS[source]}) imports "
                        f"{module} ({part}, layer {LAYERS[part]})"
                    )
    assert not offenders, offenders


def test_the_top_level_holds_the_subpackages_and_few_modules():
    modules = [p.stem for p in PACKAGE.glob("*.py") if p.name != "__init__.py"]
    assert len(modules) <= MAX_TOP_LEVEL_MODULES, modules
    parts = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert parts | set(modules) == {part.split(".")[0] for part in LAYERS}
    verification = {
        p.name for p in (PACKAGE / "verification").iterdir() if (p / "__init__.py").is_file()
    }
    assert {f"verification.{name}" for name in verification} == {
        part for part in LAYERS if part.startswith("verification.")
    }


def test_no_package_init_re_exports():
    """A subpackage's ``__init__.py`` holds its docstring only: each name is imported from the
    module that defines it (no shim keeps an old import path alive). The package's own
    ``__init__.py`` exports the user's names."""
    for init in PACKAGE.rglob("__init__.py"):
        if init.parent == PACKAGE:
            continue
        body = ast.parse(init.read_text(encoding="utf-8")).body
        assert len(body) == 1 and isinstance(body[0], ast.Expr), init.relative_to(ROOT)


def test_make_lab_opens_jupyterlab_on_the_notebooks_with_progress_bars():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile[makefile.index("\nlab:") :].split("\n\n")[0]
    assert "MINES_THEORY_PROGRESS=1" in recipe and "jupyter lab --notebook-dir=notebooks" in recipe
    assert "pip install --quiet -e '.[notebooks,interactive]'" in makefile
    interactive = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]["interactive"]
    assert {_split(r)[0] for r in interactive} == {"jupyterlab", "ipywidgets"}


# ---------------------------------------------------------------------------------------------
# What pyproject.toml declares: a license file, one version, extras per Makefile target
# ---------------------------------------------------------------------------------------------

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

#: Import name -> distribution name, where they differ.
DISTRIBUTIONS = {
    "sklearn": "scikit-learn",
    "myst_nb": "myst-nb",
    "yaml": "pyyaml",
    "markdown_it": "markdown-it-py",
    "mdit_py_plugins": "mdit-py-plugins",
}
#: Imports of the library that belong to an extra: a function used only by the notebooks
#: (ledger.glue_measurements) or one data set (objectives.breast_cancer_logistic).
LIBRARY_EXTRAS = {"myst-nb": "notebooks", "scikit-learn": "data", "distributed": "cluster"}


def _third_party_imports(paths) -> set[str]:
    import sys

    names = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    names -= set(sys.stdlib_module_names) | {"mines_theory"}
    return {DISTRIBUTIONS.get(name, name) for name in names}


def _names(requirements) -> set[str]:
    return {_split(r)[0] for r in requirements}


def test_the_license_file_is_the_declared_license():
    assert PROJECT["license"] == "MIT"
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the mines-theory authors\n")
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text


def test_the_version_has_one_place():
    """pyproject.toml holds the version; the package reads it from the installed metadata."""
    import mines_theory

    assert mines_theory.__version__ == PROJECT["version"]
    assert "__version__ =" not in (PACKAGE / "__init__.py").read_text().replace(
        '__version__ = version("mines-theory")', ""
    ).replace('__version__ = "0+unknown"', "")


def test_runtime_dependencies_are_what_the_library_imports():
    imported = _third_party_imports(PACKAGE.rglob("*.py"))
    runtime = _names(PROJECT["dependencies"])
    extras = PROJECT["optional-dependencies"]
    assert imported - set(LIBRARY_EXTRAS) == runtime
    for name, extra in LIBRARY_EXTRAS.items():
        assert name in imported and name in _names(extras[extra]) and name not in runtime


def test_each_make_target_installs_the_extras_it_needs():
    makefile = (ROOT / "Makefile").read_text()
    extras = PROJECT["optional-dependencies"]
    # make venv / test / figures / coco
    assert "-e '.[test,notebooks,book,data,coco]'" in makefile
    book_recipe = makefile[makefile.index("\n$(BOOK_STAMP):") :].split("\n\n")[0]
    assert "-e '.[book]'" in book_recipe  # make html: no test tools
    assert "html: $(BOOK_STAMP)" in makefile
    assert _names(extras["book"]) == {
        "sphinx",
        "sphinx-book-theme",
        "myst-nb",
        "sphinxcontrib-bibtex",
        "sphinx-proof",
        "sphinx-exercise",
        "pyyaml",  # tools/citation.py reads CITATION.cff for the book's citing page
        "nbconvert",  # tools/course_kit.py: the lectures' slides
        "pypdf",  # tools/course_kit.py: the whole book's PDF
    }
    assert _names(extras["notebooks"]) == {"ipykernel", "nbclient", "myst-nb"}
    tested = _third_party_imports(list((ROOT / "tests").glob("*.py")) + [ROOT / "conftest.py"])
    installed = set()
    for extra in ("test", "notebooks", "book", "data"):
        installed |= _names(extras[extra])
    installed |= _names(PROJECT["dependencies"])
    # nbformat comes with nbclient; pytest plugins are imported by pytest, not by name
    assert tested - {"nbformat"} <= installed, tested - installed


def test_every_subpackage_goes_into_the_wheel():
    """setuptools finds the packages (``[tool.setuptools.packages.find]``), so a new subpackage
    cannot be left out of a wheel; its package data are the published verdicts and the COCO
    summary, which exist, and every claim's spec file (the ``.toml`` beside its check)."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert setuptools["packages"]["find"]["include"] == ["mines_theory*"]
    shipped = set()
    for package, files in setuptools["package-data"].items():
        for name in files:
            found = set((ROOT / package.replace(".", "/")).glob(name))
            assert found, (package, name)
            shipped |= found
    specs = set((ROOT / "mines_theory").rglob("*.toml"))
    assert len(specs) >= 30 and specs <= shipped, specs - shipped
