"""Set-up files agree: environment.yml mirrors pyproject.toml, the Makefile has the documented
targets, the README's quick start is exactly two commands, and CI runs the README's test command."""

import re
from pathlib import Path

import pytest
import yaml

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

REPO = Path(__file__).resolve().parent.parent
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*([^;#]*)")


def _split(requirement):
    """(normalised name, version specifier without spaces) of a PEP 508 / conda requirement."""
    match = REQUIREMENT.match(requirement)
    assert match, requirement
    name = re.sub(r"[-_.]+", "-", match.group(1)).lower()
    return name, match.group(3).replace(" ", "")


def _pyproject_requirements():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    reqs = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        reqs += extra
    return dict(_split(r) for r in reqs)


def _environment_requirements():
    env = yaml.safe_load((REPO / "environment.yml").read_text(encoding="utf-8"))
    reqs = []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            reqs += [r for r in dep.get("pip", []) if not r.startswith("-")]
        else:
            reqs.append(dep)
    parsed = dict(_split(r) for r in reqs)
    for name in ("python", "pip"):
        parsed.pop(name, None)
    return parsed


def test_environment_lists_the_same_packages_as_pyproject():
    pyproject, environment = _pyproject_requirements(), _environment_requirements()
    assert sorted(environment) == sorted(pyproject), (
        f"only in pyproject: {sorted(set(pyproject) - set(environment))}; "
        f"only in environment.yml: {sorted(set(environment) - set(pyproject))}"
    )
    differing = {
        n: (pyproject[n], environment[n]) for n in pyproject if pyproject[n] != environment[n]
    }
    assert not differing, f"version bounds differ (pyproject, environment.yml): {differing}"


def test_environment_installs_the_package_and_python():
    env = yaml.safe_load((REPO / "environment.yml").read_text(encoding="utf-8"))
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert "-e ." in pip
    python = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python"))
    requires = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["requires-python"]
    assert python.removeprefix("python") == requires


def test_makefile_targets():
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([A-Za-z][\w-]*)\s*:(?!=)", makefile, re.M))
    assert {"book", "test", "lab", "notebooks", "bench", "nbval", "unit", "lint",
            "assignments"} <= targets


def _section(text, title):
    match = re.search(rf"^## {re.escape(title)}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"README.md has no '## {title}' section"
    return match.group(1)


def test_readme_quick_start_is_exactly_make_book_and_make_test():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    quick = _section(readme, "Quick start")
    blocks = re.findall(r"```[a-z]*\n(.*?)```", quick, re.S)
    commands = [
        line.split("#")[0].strip()
        for block in blocks
        for line in block.splitlines()
        if line.split("#")[0].strip()
    ]
    assert commands == ["make book", "make test"]
    assert "Python 3.10" in quick and "make" in quick
    assert "make lab" in readme


def test_ci_runs_make_test():
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    lines = [ln.strip() for ln in script.splitlines() if ln.strip() and not ln.startswith("#")]
    assert "make test" in lines
