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
#: Each module's layer; a module may import only from lower layers (or its own package).
LAYERS = {
    "validation": 0,
    "lowrank": 1,
    "bounds": 1,
    "objective_base": 1,
    "figure_rules": 1,
    "linalg": 2,
    "plotting": 2,
    "logistic": 3,
    "strategy": 3,
    "gaussian": 3,
    "derivations": 3,
    "geometry": 3,
    "score_function": 3,
    "estimators": 3,
    "practical": 3,
    "objectives": 4,
    "precision": 4,
    "regularized": 4,
    "schedules": 4,
    "sweep": 4,
    "algorithm1": 5,
    "algorithm": 6,
    "baselines": 7,
    "experiments": 8,
    "coco": 8,
    "verification": 9,
}


def _imports(path: Path):
    """(module imported, names imported) for every relative import of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            base = path.parent
            for _ in range(node.level - 1):
                base = base.parent
            parts = [] if node.module is None else node.module.split(".")
            target = base.joinpath(*parts) if parts else base
            yield target, [alias.name for alias in node.names]


def _top(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0].removesuffix(".py") if relative.parts else ""


def test_no_module_imports_a_private_name_of_another():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for target, names in _imports(path):
            private = [n for n in names if n.startswith("_") and n != "__version__"]
            if private or any(
                part.startswith("_") and part != "__init__"
                for part in target.relative_to(PACKAGE).parts
            ):
                offenders.append(f"{path.relative_to(ROOT)} imports {private or target.name}")
    assert not offenders, offenders


def test_lower_layers_never_import_higher_ones():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "__init__.py" and path.parent == PACKAGE:
            continue
        source = _top(path)
        for target, names in _imports(path):
            try:
                imported = _top(target if target.is_dir() else target.with_suffix(".py"))
            except ValueError:
                continue
            candidates = [imported] if imported else names
            for module in candidates:
                if module in LAYERS and module != source and LAYERS[module] >= LAYERS[source]:
                    offenders.append(
                        f"{source} (layer {LAYERS[source]}) imports {module} "
                        f"(layer {LAYERS[module]})"
                    )
    assert not offenders, offenders
    assert set(LAYERS) == {
        _top(p)
        for p in PACKAGE.glob("*")
        if p.name != "__init__.py" and (p.suffix == ".py" or p.is_dir()) and p.name != "__pycache__"
    }


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
DISTRIBUTIONS = {"sklearn": "scikit-learn", "myst_nb": "myst-nb", "yaml": "pyyaml"}
#: Imports of the library that belong to an extra: a function used only by the notebooks
#: (ledger.glue_measurements) or one data set (objectives.breast_cancer_logistic).
LIBRARY_EXTRAS = {"myst-nb": "notebooks", "scikit-learn": "data"}


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
    }
    assert _names(extras["notebooks"]) == {"ipykernel", "nbclient", "myst-nb"}
    tested = _third_party_imports(list((ROOT / "tests").glob("*.py")) + [ROOT / "conftest.py"])
    installed = set()
    for extra in ("test", "notebooks", "book", "data"):
        installed |= _names(extras[extra])
    installed |= _names(PROJECT["dependencies"])
    # nbformat comes with nbclient; pytest plugins are imported by pytest, not by name
    assert tested - {"nbformat"} <= installed, tested - installed


def test_every_subpackage_is_in_the_setuptools_list():
    """A directory of the library with an ``__init__.py`` that ``[tool.setuptools] packages``
    leaves out would be missing from a wheel (an editable install hides it)."""
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "mines_theory").rglob("__init__.py")
    }
    assert found == listed
