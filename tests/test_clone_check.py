"""``tools/clone_check.py``: a fresh clone runs the README's two commands in a clean environment.

The full check (``make book`` and ``make test`` in a clone, about 20 minutes) is marked ``clone``:
``make test`` deselects it and ``make clone-check`` runs it. Inside the clone's own ``make test``
(``SVMBOOK_CLONE_CHECK`` set) it would recurse, so there it is skipped, and only the quick checks
(``--dry-run``, the environment) run.
"""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "tools" / "clone_check.py"


def _load_clone_check():
    spec = importlib.util.spec_from_file_location("clone_check", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


clone_check = _load_clone_check()


def test_the_commands_are_the_readmes_quick_start():
    assert clone_check.readme_commands(REPO / "README.md") == ["make book", "make test"]


def test_readme_without_quick_start_is_refused(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# x\n\n## Install\n\n```\npip install x\n```\n")
    with pytest.raises(ValueError, match="readme"):
        clone_check.readme_commands(readme)


def test_environment_drops_the_callers_python_settings(tmp_path):
    environ = {
        "PATH": f"/opt/venv/bin{os.pathsep}/home/u/proj/.venv/bin{os.pathsep}/usr/bin",
        "VIRTUAL_ENV": "/opt/venv",
        "PYTHONPATH": "/home/u/proj",
        "CONDA_DEFAULT_ENV": "base",
        "MPLBACKEND": "Agg",
        "HOME": "/home/u",
        "PIP_INDEX_URL": "https://mirror.example/simple",
        "SVMBOOK_DATA": "/data",
    }
    env = clone_check.clean_environment(environ, tmp_path / "repo")
    assert env == {
        "PATH": "/usr/bin",
        "HOME": "/home/u",
        "PIP_INDEX_URL": "https://mirror.example/simple",
        "SVMBOOK_DATA": "/data",
        clone_check.INNER_FLAG: "1",
    }


def test_environment_finds_the_shared_data_beside_the_repository(tmp_path):
    (tmp_path / "shared" / "data").mkdir(parents=True)
    env = clone_check.clean_environment({"PATH": "/usr/bin"}, tmp_path / "repo")
    assert env["SVMBOOK_DATA"] == str(tmp_path / "shared" / "data")


def test_dry_run_clones_head_and_lists_the_commands():
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--dry-run"], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout
    assert f"at {head[:12]} in " in result.stdout
    assert "would run: make book\nwould run: make test\n" in result.stdout
    assert f"{clone_check.INNER_FLAG}=1" in result.stdout


@pytest.mark.slow
@pytest.mark.clone
@pytest.mark.skipif(
    bool(os.environ.get(clone_check.INNER_FLAG)),
    reason="inside a clone check's own make test: the full check would recurse",
)
def test_a_fresh_clone_runs_make_book_and_make_test():
    result = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=4 * 3600
    )
    print(result.stdout)  # the commands' exit statuses and times (make clone-check runs with -s)
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-3000:]
