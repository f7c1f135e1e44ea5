"""Set-up files agree: environment.yml mirrors pyproject.toml, the Makefile has the documented
targets, the README's quick start is exactly two commands, and CI runs the README's test command.
The package is installable: ``python -m build`` makes an sdist and a wheel, the wheel ships no data
the loaders download, and it installs in a fresh virtual environment and runs a chapter (slow)."""

import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

import nbformat
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
            "assignments", "clone-check"} <= targets
    # make test must not run the clone check: the clone's own make test would run it again.
    pytest_recipe = re.search(r"^pytest:.*\n((?:\t.*\n)+)", makefile, re.M).group(1)
    assert '-m "not clone"' in pytest_recipe


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


# --- The installable package: the sdist and the wheel, the wheel installed in a fresh venv ---

# Files of the package that are data: the two bundled files are the only ones allowed (the titanium
# data of Gunn's chapter 6, 49 rows, and the registry of the external files with their checksums).
DATA_SUFFIXES = (".csv", ".npz", ".npy", ".gz", ".bz2", ".xz", ".zip", ".data", ".mat", ".pkl")
BUNDLED_DATA = {"svmbook/data/titanium.csv", "svmbook/data/external_files.csv"}
# The chapter run from the installed wheel: solvers, cvxopt references, figures; no external data.
WHEEL_CHAPTER = REPO / "notebooks" / "02_separating_hyperplane.ipynb"


def _source_tree(dest):
    """Copy the repository's files (tracked and untracked, the ignored ones left out) into ``dest``.

    Building in a copy keeps ``build/`` and ``*.egg-info`` out of the working tree.
    """
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        if (REPO / name).is_file():  # a file deleted but not yet committed is still listed
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, dest / name)
    return dest


@pytest.fixture(scope="module")
def distributions(tmp_path_factory):
    """Build the sdist, then the wheel from it (``python -m build``); return (sdist, wheel)."""
    src = _source_tree(tmp_path_factory.mktemp("src"))
    dist = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(dist), str(src)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (sdist,), (wheel,) = dist.glob("svmbook-*.tar.gz"), dist.glob("svmbook-*.whl")
    return sdist, wheel


@pytest.mark.slow
def test_wheel_ships_the_package_and_no_downloadable_data(distributions):
    _, wheel = distributions
    names = zipfile.ZipFile(wheel).namelist()
    assert "svmbook/__init__.py" in names
    assert BUNDLED_DATA <= set(names), sorted(BUNDLED_DATA - set(names))
    assert any(n.startswith("svmbook/reproductions/published/") for n in names)
    from svmbook.datasets._fetch import EXTERNAL_FILES

    external = {PurePosixPath(path).name for path in EXTERNAL_FILES}
    shipped = [
        name
        for name in names
        if name not in BUNDLED_DATA
        and (name.endswith(DATA_SUFFIXES) or PurePosixPath(name).name in external)
    ]
    assert not shipped, f"the wheel ships data the loaders download: {shipped}"
    assert not [n for n in names if n.startswith(("tests/", "notebooks/", "benchmarks/"))]


@pytest.mark.slow
def test_sdist_holds_the_sources(distributions):
    sdist, _ = distributions
    with tarfile.open(sdist) as archive:
        names = {PurePosixPath(*PurePosixPath(n).parts[1:]).as_posix() for n in archive.getnames()}
    assert {"pyproject.toml", "README.md", "svmbook/__init__.py"} <= names
    assert BUNDLED_DATA <= names


@pytest.mark.slow
def test_wheel_installs_in_a_fresh_venv_and_runs_a_chapter(distributions, tmp_path):
    """Install the wheel with its dependencies from the package index (pip's cache helps; a few
    minutes), then run the code cells of one chapter in a directory outside the repository, so that
    only the installed copy can be imported."""
    _, wheel = distributions
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(wheel)],
        capture_output=True,
        text=True,
        env=env,
        timeout=1800,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    workdir = tmp_path / "elsewhere"
    workdir.mkdir()
    where = subprocess.run(
        [str(python), "-c", "import svmbook; print(svmbook.__file__, svmbook.__version__)"],
        cwd=workdir,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    assert where.startswith(str(venv)), f"svmbook imported from {where}, not the fresh venv"
    nb = nbformat.read(WHEEL_CHAPTER, as_version=4)
    script = workdir / f"{WHEEL_CHAPTER.stem}.py"
    script.write_text("\n\n".join(c.source for c in nb.cells if c.cell_type == "code"))
    run = subprocess.run(
        [str(python), script.name],
        cwd=workdir,
        capture_output=True,
        text=True,
        env={**env, "SVMBOOK_STATIC": "1", "MPLBACKEND": "Agg"},
        timeout=1200,
    )
    assert run.returncode == 0, f"{WHEEL_CHAPTER.name} from the wheel:\n{run.stderr[-3000:]}"
