"""Committed chapter notebooks are clean executor output, and the README lists every chapter.

Runs the ``tools/nbexec.py --check`` logic on ``notebooks/*.ipynb``; tests the cleaner and the
executor itself on small synthetic notebooks.
"""

import base64
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))


def _load_nbexec():
    spec = importlib.util.spec_from_file_location("nbexec", REPO / "tools" / "nbexec.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


nbexec = _load_nbexec()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_committed_notebook_is_clean(path):
    assert nbexec.check_notebook(path) == []


def test_every_notebook_is_a_numbered_chapter():
    assert NOTEBOOKS, "no notebooks"
    for path in NOTEBOOKS:
        assert nbexec.CHAPTER_RE.match(path.name), (
            f"{path.name}: name notebooks NN_snake_case.ipynb"
        )
    numbers = [p.name[:2] for p in NOTEBOOKS]
    assert len(set(numbers)) == len(numbers), f"duplicate chapter numbers: {numbers}"


def _readme_section(title):
    text = (REPO / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"README.md has no '## {title}' section"
    return match.group(1)


def test_readme_chapter_list_matches_notebooks():
    section = _readme_section("Chapters")
    listed = re.findall(r"\[([^\]]+)\]\((notebooks/[^)]+\.ipynb)\)", section)
    expected = [
        (nbexec.chapter_title(nbformat.read(p, as_version=4)), f"notebooks/{p.name}")
        for p in nbexec.chapters(REPO / "notebooks")
    ]
    assert listed == expected, (
        "README '## Chapters' must link every notebooks/NN_*.ipynb, in order, "
        "with its title (the first '# ' heading)"
    )


# ------------------------------------------------------------------------- cleaner and checker


def _chapter(*code_cells, first=None):
    first = first or 'import svmbook\n\nprint(f"svmbook {svmbook.__version__}")\nSEED = 0'
    cells = [new_markdown_cell("# A chapter\n\nOne sentence.")]
    cells += [new_code_cell(src) for src in (first, *code_cells)]
    return new_notebook(cells=cells, metadata={"kernelspec": dict(nbexec.KERNELSPEC)})


def _as_executed(nb):
    version = nbexec.package_version()
    for k, cell in enumerate((c for c in nb.cells if c.cell_type == "code"), start=1):
        cell.execution_count = k
        if k == 1:
            cell.outputs = [new_output("stream", name="stdout", text=f"svmbook {version}\n")]
    return nb


def _write(nb, tmp_path, name="01_chapter.ipynb"):
    path = tmp_path / name
    path.write_text(nbexec.dumps(nb), encoding="utf-8")
    return path


def test_clean_strips_noise_and_is_idempotent(tmp_path):
    nb = _as_executed(_chapter("x = 1", "show()"))
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    nb.metadata["language_info"] = {"name": "python", "version": "3.11.7"}
    code = nb.cells[2]
    code.metadata.update(
        execution={"iopub.status.busy": "2024-01-01T00:00:00"},
        collapsed=False,
        scrolled=True,
        tags=["b-tag", "a-tag"],
    )
    nb.cells[3].outputs = [
        new_output(
            "display_data",
            data={
                "application/vnd.jupyter.widget-view+json": {"model_id": "abc", "version_major": 2},
                "text/plain": "interactive(children=(FloatSlider(value=1.0),))",
            },
        ),
        new_output("display_data", data={"text/plain": "<Figure size 640x480 with 1 Axes>"}),
    ]
    cleaned = nbexec.clean_notebook(nb)
    assert "widgets" not in cleaned.metadata
    assert cleaned.metadata.language_info == {"name": "python"}
    assert cleaned.metadata.kernelspec["name"] == "python3"
    assert [c.id for c in cleaned.cells] == ["0", "1", "2", "3"]
    assert cleaned.cells[2].metadata == {"tags": ["a-tag", "b-tag"]}
    assert [o.data["text/plain"] for o in cleaned.cells[3].outputs] == [
        "<Figure size 640x480 with 1 Axes>"
    ]
    assert [c.execution_count for c in cleaned.cells[1:]] == [1, 2, 3]  # counts kept
    assert nbexec.dumps(nbexec.clean_notebook(cleaned)) == nbexec.dumps(cleaned)
    assert nbexec.check_notebook(_write(cleaned, tmp_path)) == []
    assert nbexec.check_notebook(_write(nb, tmp_path, "02_dirty.ipynb")) != []


def test_clean_merges_consecutive_stream_chunks():
    # The kernel splits a cell's prints into messages by timing; the committed form must not.
    outputs = [
        new_output("stream", name="stdout", text="a\n"),
        new_output("stream", name="stdout", text="b\n"),
        new_output("stream", name="stderr", text="warn\n"),
        new_output("stream", name="stdout", text="c\n"),
    ]
    merged = nbexec._coalesce_streams(outputs)
    assert [(o.name, o.text) for o in merged] == [
        ("stdout", "a\nb\n"),
        ("stderr", "warn\n"),
        ("stdout", "c\n"),
    ]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda nb: setattr(nb.cells[2], "execution_count", 5), "execution_count 5, expected 2"),
        (lambda nb: setattr(nb.cells[2], "execution_count", None), "expected 2"),
        (
            lambda nb: nb.cells[2].metadata.update(execution={"shell.execute_reply": "x"}),
            "timing metadata",
        ),
        (lambda nb: nb.metadata.update(widgets={}), "widget state"),
        (lambda nb: setattr(nb.cells[3], "source", "plt.plot([1, 2]);"), "silenced by ';'"),
        (lambda nb: setattr(nb.cells[1], "outputs", []), "lacks 'svmbook"),
        (lambda nb: setattr(nb.cells[1], "source", "import numpy\nSEED = 0"), "__version__"),
        (lambda nb: setattr(nb.cells[0], "source", "Intro without heading"), "'# Title' heading"),
        (
            lambda nb: nb.cells[2].outputs.append(
                new_output("error", ename="ValueError", evalue="", traceback=[])
            ),
            "error output",
        ),
        (lambda nb: setattr(nb.cells[2], "source", "  "), "empty code cell"),
        (lambda nb: nb.cells[2].metadata.update(tags=["z", "a"]), "not in clean form"),
    ],
)
def test_check_reports_problem(tmp_path, mutate, message):
    nb = nbexec.clean_notebook(_as_executed(_chapter("x = 1", "y = 2")))
    mutate(nb)
    problems = nbexec.check_notebook(_write(nb, tmp_path))
    assert any(message in p for p in problems), problems


def test_semicolon_rule_only_flags_silenced_expressions():
    flagged = nbexec._ends_in_suppressed_expression
    assert flagged("ax.plot(x, y);")
    assert flagged("fig, ax = plt.subplots()\nax.legend();  # silence\n")
    assert not flagged("x = 1;")
    assert not flagged("ax.plot(x, y)\nplt.show()")
    assert not flagged("%timeit f(1)")


def test_chapter_title_and_summary():
    nb = new_notebook(
        cells=[
            new_markdown_cell("# Kernels\n\nWhat a kernel is. And more.\n\n$$k(x, x')$$"),
            new_code_cell("1"),
        ]
    )
    assert nbexec.chapter_title(nb) == "Kernels"
    assert nbexec.chapter_summary(nb) == "What a kernel is."


# ------------------------------------------------------------------------- the executor


FIGURE_CELL = (
    "import os\nimport matplotlib.pyplot as plt\n"
    "print(os.environ['SVMBOOK_STATIC'], os.environ['PYTHONHASHSEED'])\n"
    "fig, ax = plt.subplots(figsize=(2, 2))\nax.plot([0, 1], [0, 1])\nplt.show()"
)


@pytest.mark.slow
def test_executor_runs_cleans_and_is_deterministic(tmp_path):
    source = tmp_path / "src" / "01_chapter.ipynb"
    source.parent.mkdir()
    nb = _chapter(FIGURE_CELL, "print(sorted({'b', 'a', 'c'}))")
    source.write_text(nbformat.writes(nb), encoding="utf-8")
    before = source.read_bytes()

    def run(outdir, *extra):
        return subprocess.run(
            [
                sys.executable,
                str(REPO / "tools" / "nbexec.py"),
                "--outdir",
                str(outdir),
                *extra,
                str(source),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )

    first = run(tmp_path / "a")
    assert first.returncode == 0, first.stderr
    assert re.search(r"\d+\.\d s\s+ok", first.stdout)  # per-notebook wall time reported
    assert source.read_bytes() == before  # --outdir leaves the source untouched
    out = tmp_path / "a" / source.name
    assert nbexec.check_notebook(out) == []
    executed = nbformat.read(out, as_version=4)
    fig_cell = executed.cells[2]
    assert fig_cell.outputs[0].text == "1 0\n"  # SVMBOOK_STATIC=1, PYTHONHASHSEED=0 in the kernel
    png = base64.b64decode(fig_cell.outputs[1].data["image/png"])  # inline backend captured it
    assert png.startswith(b"\x89PNG") and b"Software" not in png

    # Same bytes on a second run; a budget overrun still writes the notebook but fails the run.
    second = run(tmp_path / "b", "--budget", "0.001")
    assert second.returncode == 1 and "OVER BUDGET" in second.stdout
    assert (tmp_path / "b" / source.name).read_bytes() == out.read_bytes()


@pytest.mark.slow
def test_executor_fails_on_error_and_writes_nothing(tmp_path):
    source = tmp_path / "01_broken.ipynb"
    source.write_text(nbformat.writes(_chapter("raise ValueError('boom')")), encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            str(REPO / "tools" / "nbexec.py"),
            "--outdir",
            str(tmp_path / "out"),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 1
    assert "boom" in result.stderr
    assert not (tmp_path / "out" / source.name).exists()
