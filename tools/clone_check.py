#!/usr/bin/env python
"""Clone the repository into a temporary directory and run the README's quick start there.

    python tools/clone_check.py            # clone HEAD, run `make book` and `make test`, report
    python tools/clone_check.py --dry-run  # clone HEAD and print what would run, run nothing

What a newcomer does: ``git clone`` (of this repository's directory, checked out at the current
HEAD commit; uncommitted changes are not in the clone), then the two commands of the README's
"Quick start" section, read from the README itself, each with a clean environment: no inherited
``VIRTUAL_ENV``, ``PYTHONPATH``, ``CONDA_*`` or any other variable but the few a shell needs
(``PATH`` without virtual-environment directories, ``HOME``, the locale, pip's and the proxies'
settings) and ``SVMBOOK_DATA``, the data directory the loaders read (taken from the environment,
else ``../shared/data`` beside the repository when it exists, as the Makefile does). The inner
commands also get ``SVMBOOK_CLONE_CHECK=1``, so that the test that runs this script does not run
it again inside the clone.

Prints each command's exit status and wall time and exits non-zero when one fails (its log's last
lines are printed; ``--keep`` leaves the clone and the logs in place). The full check takes about
20 minutes on two cores: ``make book`` and ``make test`` each create the clone's ``.venv`` needs.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: Set in the clone's environment; ``tests/test_clone_check.py`` does not recurse when it is set.
INNER_FLAG = "SVMBOOK_CLONE_CHECK"
#: Variables passed to the clone unchanged (besides ``PATH``, cleaned, and every ``PIP_*``).
KEPT = (
    "HOME",
    "USER",
    "LOGNAME",
    "LANG",
    "LC_ALL",
    "TERM",
    "TMPDIR",
    "SSL_CERT_FILE",
    "http_proxy",
    "https_proxy",
    "no_proxy",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "NO_PROXY",
)


def readme_commands(readme: Path) -> list[str]:
    """Return the commands of the README's "Quick start" section, in order.

    Parameters
    ----------
    readme : Path
        The README to read.

    Returns
    -------
    list of str
        Every non-comment line of the section's code blocks (``make book``, ``make test``).

    Raises
    ------
    ValueError
        If ``readme`` has no "## Quick start" section or the section has no command.
    """
    text = readme.read_text(encoding="utf-8")
    section = re.search(r"^## Quick start\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not section:
        raise ValueError(f"readme: {readme} has no '## Quick start' section")
    commands = [
        line.split("#")[0].strip()
        for block in re.findall(r"```[a-z]*\n(.*?)```", section.group(1), re.S)
        for line in block.splitlines()
        if line.split("#")[0].strip()
    ]
    if not commands:
        raise ValueError(f"readme: the Quick start section of {readme} holds no command")
    return commands


def clean_environment(environ: dict[str, str], repo: Path) -> dict[str, str]:
    """Return the environment a newcomer's shell would give the clone's commands.

    Parameters
    ----------
    environ : dict
        The current environment (``os.environ``).
    repo : Path
        The repository being cloned; ``repo/../shared/data`` is the default data directory.

    Returns
    -------
    dict
        The variables of :data:`KEPT` and ``PIP_*`` that are set, ``PATH`` without the ``bin``
        directories of an active virtual or conda environment, ``SVMBOOK_DATA`` when a data
        directory is known, and :data:`INNER_FLAG`.
    """
    env = {k: v for k, v in environ.items() if k in KEPT or k.startswith("PIP_")}
    active = [environ[k] for k in ("VIRTUAL_ENV", "CONDA_PREFIX") if environ.get(k)]
    path = [
        d
        for d in environ.get("PATH", os.defpath).split(os.pathsep)
        if d and not any(Path(d).is_relative_to(prefix) for prefix in active)
        and not d.rstrip("/").endswith("/.venv/bin")
    ]
    env["PATH"] = os.pathsep.join(path)
    shared = repo.parent / "shared" / "data"
    data = environ.get("SVMBOOK_DATA") or (str(shared) if shared.is_dir() else None)
    if data:
        env["SVMBOOK_DATA"] = data
    env[INNER_FLAG] = "1"
    return env


def clone(repo: Path, dest: Path) -> str:
    """Clone ``repo`` into ``dest`` checked out at ``repo``'s HEAD commit; return that commit.

    Parameters
    ----------
    repo : Path
        A git working tree (a linked worktree too: its HEAD, not the main branch, is cloned).
    dest : Path
        The directory to create.

    Returns
    -------
    str
        The commit checked out.
    """
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True, check=True
    ).stdout.strip()
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(repo), str(dest)], check=True)
    subprocess.run(["git", "checkout", "--quiet", "--detach", head], cwd=dest, check=True)
    return head


def run_command(command: str, cwd: Path, env: dict[str, str], log: Path) -> tuple[int, float]:
    """Run ``command`` in ``cwd`` with ``env``, its output to ``log``; return (status, seconds).

    Parameters
    ----------
    command : str
        A command line without shell syntax (``make book``).
    cwd : Path
        The clone.
    env : dict
        The whole environment of the command.
    log : Path
        The file that receives stdout and stderr.

    Returns
    -------
    tuple of (int, float)
        The exit status and the wall time in seconds.
    """
    start = time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        status = subprocess.run(
            command.split(), cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT
        ).returncode
    return status, time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    """Clone, run the README's commands (``--dry-run``: print them), report; return the status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=REPO, help="the repository to clone")
    parser.add_argument("--dry-run", action="store_true", help="clone, print the plan, run nothing")
    parser.add_argument("--keep", action="store_true", help="leave the clone and the logs in place")
    args = parser.parse_args(argv)

    repo = args.repo.resolve()
    commands = readme_commands(repo / "README.md")
    env = clean_environment(dict(os.environ), repo)
    workdir = Path(tempfile.mkdtemp(prefix="svmbook-clone-check-"))
    target = workdir / "svmbook"
    try:
        head = clone(repo, target)
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=repo,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        print(f"clone of {repo} at {head[:12]} in {target}")
        if dirty:
            print("note: the working tree has uncommitted changes; the clone holds HEAD only")
        print("environment: " + " ".join(f"{k}={v}" for k, v in sorted(env.items())))
        if args.dry_run:
            for command in commands:
                print(f"would run: {command}")
            return 0
        results = []
        for command in commands:
            log = workdir / (command.replace(" ", "-") + ".log")
            status, seconds = run_command(command, target, env, log)
            results.append((command, status, seconds))
            print(f"{command}: exit status {status}, {seconds:.0f} s (log: {log})", flush=True)
            if status:
                tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-40:]
                print("\n".join("    " + line for line in tail))
        failed = [command for command, status, _ in results if status]
        print("clone check: " + (f"FAILED ({', '.join(failed)})" if failed else "passed"))
        return 1 if failed else 0
    finally:
        if args.keep:
            print(f"kept: {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
