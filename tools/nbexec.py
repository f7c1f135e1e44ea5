#!/usr/bin/env python
"""The canonical notebook executor: the only way chapter outputs get into git.

    python tools/nbexec.py --inplace notebooks/*.ipynb         # make notebooks: re-run, rewrite
    python tools/nbexec.py --outdir _build/notebooks a.ipynb   # make book: sources untouched
    python tools/nbexec.py --check notebooks/*.ipynb           # verify committed notebooks

Execution (nbclient):

* The kernel is this interpreter (``sys.executable``), through a private kernelspec, so a machine
  with another global Jupyter never runs a chapter with the wrong Python. IPython and matplotlib
  user configuration are isolated (temporary ``IPYTHONDIR``, ``MATPLOTLIBRC``), so personal
  settings cannot leak into committed outputs.
* Environment: ``SVMBOOK_STATIC=1`` (widgets are no-ops), the inline matplotlib backend (figures
  captured as ``image/png``, without the PNG ``Software`` key), ``PYTHONHASHSEED=0``,
  ``OMP_NUM_THREADS=1`` unless set; the cwd is the notebook's directory.
* Per-cell timeout (``--timeout``, 300 s) and per-notebook wall-time budget (``--budget``, 60 s):
  a notebook that errors or exceeds its budget makes the exit status non-zero; one that errored
  is not written.

Cleaning (``--check`` asserts that a committed file is already a fixed point of it): execution
counts and outputs are kept (nbval needs both); ``metadata.widgets``, per-cell timing metadata,
``collapsed``/``scrolled`` and the interpreter version are dropped; cell ids are renumbered
``"0", "1", ...`` (as ``nbstripout`` does); widget views
(``application/vnd.jupyter.widget-view+json``) are dropped from the outputs.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parent.parent
CHAPTER_RE = re.compile(r"^(\d\d)_[a-z0-9_]+\.ipynb$")
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
INLINE_BACKEND = "module://matplotlib_inline.backend_inline"
KERNEL_NAME = "svmbook-nbexec"
# What a committed notebook says about its kernel: the standard name, so `make lab` opens it with
# the venv's Python.
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
# language_info without "version": the interpreter's patch level is not part of a chapter.
LANGUAGE_INFO_KEYS = (
    "name",
    "codemirror_mode",
    "file_extension",
    "mimetype",
    "nbconvert_exporter",
    "pygments_lexer",
)
CELL_METADATA_DROP = ("execution", "collapsed", "scrolled", "ExecuteTime", "jupyter")
NB_METADATA_DROP = ("widgets", "toc", "varInspector", "vscode", "colab", "papermill")

# matplotlib settings for reproducible bytes: the SVG id salt; PNG metadata carries no
# Software/version key.
MATPLOTLIBRC = "svg.hashsalt: svmbook\n"
IPYTHON_KERNEL_CONFIG = (
    "c.InlineBackend.print_figure_kwargs = "
    "{'bbox_inches': 'tight', 'metadata': {'Software': None}}\n"
)


# ---------------------------------------------------------------------------------------------
# cleaning


def _clean_output(out: dict) -> dict | None:
    out = copy.deepcopy(out)
    data = out.get("data")
    if data is not None and WIDGET_MIME in data:
        return None  # a live widget view: meaningless without a kernel; its text/plain is a repr
    if "metadata" in out and out["output_type"] in ("display_data", "execute_result"):
        out["metadata"] = {k: v for k, v in out["metadata"].items() if k != "transient"}
    out.pop("transient", None)
    return out


def _coalesce_streams(outputs: list) -> list:
    """Merge consecutive outputs of the same stream into one (as nbval compares them).

    How the kernel chunks a cell's prints into messages depends on timing, so without this two
    runs of an unchanged notebook differ in the committed JSON.
    """
    merged: list = []
    for out in outputs:
        prev = merged[-1] if merged else None
        if (
            prev is not None
            and out.get("output_type") == "stream"
            and prev.get("output_type") == "stream"
            and prev.get("name") == out.get("name")
        ):
            prev["text"] = "".join(prev["text"]) + "".join(out["text"])
        else:
            merged.append(out)
    return merged


def clean_notebook(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return a cleaned copy of ``nb`` (see the module docstring); idempotent."""
    nb = copy.deepcopy(nb)
    nb.nbformat, nb.nbformat_minor = 4, max(5, nb.get("nbformat_minor", 5))
    meta = nb.metadata
    for key in NB_METADATA_DROP:
        meta.pop(key, None)
    meta["kernelspec"] = dict(KERNELSPEC)
    lang = meta.get("language_info", {})
    meta["language_info"] = {k: lang[k] for k in LANGUAGE_INFO_KEYS if k in lang} or {
        "name": "python"
    }
    for i, cell in enumerate(nb.cells):
        cell["id"] = str(i)
        md = cell.get("metadata", {})
        for key in CELL_METADATA_DROP:
            md.pop(key, None)
        if "tags" in md:
            md["tags"] = sorted(set(md["tags"]))
            if not md["tags"]:
                del md["tags"]
        cell["metadata"] = md
        if cell.cell_type == "code":
            cell["outputs"] = _coalesce_streams(
                [o for o in map(_clean_output, cell.get("outputs", [])) if o is not None]
            )
        else:
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
            if cell.get("attachments") == {}:
                del cell["attachments"]
    return nbformat.from_dict(nb)


def dumps(nb: nbformat.NotebookNode) -> str:
    """Return the committed byte form: nbformat's writer (indent 1, sorted keys), final newline."""
    text = nbformat.writes(nb, version=4)
    return text if text.endswith("\n") else text + "\n"


# ---------------------------------------------------------------------------------------------
# checking


def package_version() -> str:
    """Return ``svmbook.__version__`` as written in the package source."""
    text = (REPO / "svmbook" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.M)
    if not match:
        raise RuntimeError("svmbook/__init__.py has no __version__")
    return match.group(1)


def _stdout(cell) -> str:
    return "".join(
        o.get("text", "")
        for o in cell.get("outputs", [])
        if o.get("output_type") == "stream" and o.get("name") == "stdout"
    )


def _ends_in_suppressed_expression(source: str) -> bool:
    """Return True if the cell's last statement is an expression silenced only by a trailing ``;``.

    nbval executes cells with ``store_history=False`` and IPython decides on ``;`` from its
    history, so under nbval the value is displayed anyway (nbval#194, ipython#14162) and the
    comparison fails. End such cells with ``plt.show()`` (plots) or assign the value.
    """
    import ast

    from IPython.core.displayhook import DisplayHook
    from IPython.core.inputtransformer2 import TransformerManager

    try:
        python = TransformerManager().transform_cell(source)
        tree = ast.parse(python)
    except SyntaxError:
        return False
    return (
        bool(tree.body)
        and isinstance(tree.body[-1], ast.Expr)
        and DisplayHook.semicolon_at_end_of_expression(python)
    )


def check_notebook(path: Path, version: str | None = None) -> list[str]:
    """Problems that make a committed notebook unclean; an empty list means clean."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    try:
        nb = nbformat.reads(text, as_version=4)
        nbformat.validate(nb)
    except Exception as exc:  # unreadable JSON or schema violation
        return [f"not a valid nbformat 4 notebook: {exc}"]
    problems = []
    if "widgets" in nb.metadata:
        problems.append("metadata.widgets (saved widget state) present")
    code = [c for c in nb.cells if c.cell_type == "code"]
    if not code:
        problems.append("no code cells")
    for k, cell in enumerate(code, start=1):
        where = f"code cell {k} (id {cell.get('id')})"
        if not cell.source.strip():
            problems.append(f"{where}: empty code cell")
        if "execution" in cell.metadata:
            problems.append(f"{where}: timing metadata present")
        if _ends_in_suppressed_expression(cell.source):
            problems.append(
                f"{where}: ends in an expression silenced by ';', which nbval does not honour; "
                "end plot cells with plt.show() or assign the value"
            )
        if cell.execution_count != k:
            problems.append(
                f"{where}: execution_count {cell.execution_count}, expected {k} "
                "(re-run with `make notebooks`: top to bottom, every cell once)"
            )
        for out in cell.outputs:
            if out.get("output_type") == "error":
                problems.append(f"{where}: error output {out.get('ename')}")
            if WIDGET_MIME in out.get("data", {}):
                problems.append(f"{where}: widget view in outputs")
            if out.get("output_type") == "execute_result" and out.get("execution_count") != k:
                problems.append(
                    f"{where}: execute_result count {out.get('execution_count')} != {k}"
                )
    if code:
        first = code[0]
        version = version or package_version()
        if "svmbook.__version__" not in first.source:
            problems.append("first code cell does not print svmbook.__version__")
        elif f"svmbook {version}" not in _stdout(first):
            problems.append(
                f"first code cell output lacks 'svmbook {version}' "
                "(outputs are stale: re-run `make notebooks`)"
            )
        if not re.search(r"^SEED\s*=", first.source, re.M):
            problems.append("first code cell does not set SEED")
    if CHAPTER_RE.match(path.name) and not chapter_title(nb):
        problems.append("first markdown cell does not start with a '# Title' heading")
    if not problems and dumps(clean_notebook(nb)) != text:
        problems.append(
            "not in clean form (counts/outputs fine, but metadata, ids or formatting differ): "
            "re-run `make notebooks`"
        )
    return problems


# ---------------------------------------------------------------------------------------------
# titles


def chapter_title(nb: nbformat.NotebookNode) -> str | None:
    """Return the first markdown cell's leading ``# `` heading, or None."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            match = re.match(r"\s*#\s+(.+?)\s*#*\s*$", cell.source.split("\n", 1)[0])
            return match.group(1) if match else None
    return None


def chapter_summary(nb: nbformat.NotebookNode) -> str:
    """First sentence of the first prose paragraph after the title (the chapter's one-line summary).

    Looks through the markdown cells before the first code cell; headings, display maths, code,
    quotes, tables and HTML are not prose.
    """
    for cell in nb.cells:
        if cell.cell_type == "code":
            break
        if cell.cell_type != "markdown":
            continue
        for para in re.split(r"\n\s*\n", cell.source):
            para = " ".join(para.split())
            if para and not para.startswith(("#", "$$", "```", ">", "|", "<", ":::")):
                return _first_sentence(para)
    return ""


_NOT_SENTENCE_END = re.compile(
    r"(\b[A-Z]|\be\.g|\bi\.e|\bcf|\bvs|\bet al|\bFigs?|\bEqs?|\bch|\bSec)\.$"
)


def _first_sentence(para: str) -> str:
    """Up to the first ``.``, ``!`` or ``?`` before a space, not after an initial/abbreviation."""
    for match in re.finditer(r"[.!?](?=\s|$)", para):
        head = para[: match.end()]
        if not _NOT_SENTENCE_END.search(head):
            return head
    return para


def chapters(directory: Path) -> list[Path]:
    """Return the book's chapters, ``NN_*.ipynb`` in ``directory``, in order."""
    return sorted(p for p in Path(directory).iterdir() if CHAPTER_RE.match(p.name))


# ---------------------------------------------------------------------------------------------
# executing


def _kernel_setup(tmp: Path) -> tuple[object, dict]:
    """Return a kernel manager for this interpreter, and the environment the kernel runs in."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    spec_dir = tmp / "kernels" / KERNEL_NAME
    spec_dir.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    spec = {"argv": argv, "display_name": "svmbook executor", "language": "python"}
    (spec_dir / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    ipython_dir = tmp / "ipython"
    (ipython_dir / "profile_default").mkdir(parents=True)
    (ipython_dir / "profile_default" / "ipython_kernel_config.py").write_text(IPYTHON_KERNEL_CONFIG)
    rc = tmp / "matplotlibrc"
    rc.write_text(MATPLOTLIBRC, encoding="utf-8")

    env = dict(os.environ)
    env.update(
        SVMBOOK_STATIC="1",
        MPLBACKEND=INLINE_BACKEND,
        PYTHONHASHSEED="0",
        IPYTHONDIR=str(ipython_dir),
        MATPLOTLIBRC=str(rc),
        PYDEVD_DISABLE_FILE_VALIDATION="1",
        JUPYTER_PLATFORM_DIRS="1",
    )
    env.setdefault("OMP_NUM_THREADS", "1")
    ksm = KernelSpecManager(kernel_dirs=[str(tmp / "kernels")])
    km = KernelManager(kernel_name=KERNEL_NAME, kernel_spec_manager=ksm)
    if os.name == "posix":  # local unix sockets in the temporary directory, not TCP ports
        km.transport = "ipc"
        km.ip = str(tmp / "kernel-ipc")
    return km, env


def execute_notebook(path: Path, timeout: int = 300) -> tuple[nbformat.NotebookNode, float]:
    """Execute ``path`` top to bottom in a fresh kernel; return (cleaned notebook, wall seconds)."""
    from nbclient import NotebookClient

    path = Path(path).resolve()
    nb = nbformat.read(path, as_version=4)
    for (
        cell
    ) in nb.cells:  # nothing from a previous run survives, even in cells that would not re-run
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    with tempfile.TemporaryDirectory(prefix="svmbook-nbexec-") as tmp:
        km, env = _kernel_setup(Path(tmp))
        client = NotebookClient(
            nb,
            km=km,
            timeout=timeout,
            startup_timeout=120,
            record_timing=False,
            resources={"metadata": {"path": str(path.parent)}},
        )
        start = time.perf_counter()
        try:
            client.execute(env=env)
        finally:  # nbclient only stops kernels it started; this one is ours to stop
            elapsed = time.perf_counter() - start
            if km.has_kernel:
                km.shutdown_kernel(now=False)
    return clean_notebook(nb), elapsed


def main(argv: list[str] | None = None) -> int:
    """Execute the given chapters in place or into a directory; return the exit status."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("notebooks", nargs="+", type=Path)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "--inplace", action="store_true", help="rewrite each notebook with fresh outputs"
    )
    mode.add_argument("--outdir", type=Path, help="write executed copies here (sources untouched)")
    mode.add_argument(
        "--check", action="store_true", help="only verify notebooks are clean; no execution"
    )
    parser.add_argument(
        "--budget", type=float, default=60.0, help="max wall seconds per notebook (60)"
    )
    parser.add_argument("--timeout", type=int, default=300, help="max seconds per cell (300)")
    args = parser.parse_args(argv)

    failed = []
    if args.check:
        version = package_version()
        for path in args.notebooks:
            problems = check_notebook(path, version)
            for problem in problems:
                print(f"{path}: {problem}", file=sys.stderr)
            failed += [path] if problems else []
        print(f"checked {len(args.notebooks)} notebook(s), {len(failed)} unclean")
        return 1 if failed else 0

    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    if args.outdir:
        args.outdir.mkdir(parents=True, exist_ok=True)
    total = 0.0
    for path in args.notebooks:
        print(f"executing {path} ...", flush=True)
        try:
            nb, elapsed = execute_notebook(path, timeout=args.timeout)
        except (CellExecutionError, CellTimeoutError, DeadKernelError) as exc:
            print(f"FAILED {path}:\n{exc}", file=sys.stderr, flush=True)
            failed.append(path)
            continue
        total += elapsed
        target = path if args.inplace else args.outdir / path.name
        target.write_text(dumps(nb), encoding="utf-8")
        over = elapsed > args.budget
        status = f"OVER BUDGET ({args.budget:.0f} s)" if over else "ok"
        print(f"  {elapsed:6.1f} s  {status}  -> {target}", flush=True)
        if over:
            failed.append(path)
    print(f"executed {len(args.notebooks)} notebook(s) in {total:.1f} s; {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
