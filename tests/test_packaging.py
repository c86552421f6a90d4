"""environment.yml and pyproject.toml must list the same packages (and the same lower bounds)."""

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
    named = dict(_split(s.replace("=", "==", 1) if re.fullmatch(r"[\w\-]+=[\d.]+", s) else s)
                 for s in specs)
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
