"""The classroom assignments: nbgrader source notebooks, their student versions and autograding.

``assignments/source/chNN/chNN_<topic>.ipynb`` is the source (solutions between
``### BEGIN SOLUTION`` / ``### END SOLUTION``, hidden tests between ``### BEGIN HIDDEN TESTS`` /
``### END HIDDEN TESTS``) in nbgrader's cell-metadata format, schema version 3. A written
"explain why" task is a manually graded markdown answer cell (``chNN-taskK-written``) with its
model answer in a solution region. Checked here: every chapter of the book has one assignment; the
chapters with a natural "explain why" question have a written task; the metadata is what nbgrader
expects; each source passes its own tests; ``nbgrader generate_assignment`` (what
``make assignments`` runs) releases versions with neither solutions, model answers nor hidden
tests, which fail until the solutions are put back (the autograding round trip); and nbgrader
counts the hand-graded points in the assignment's total. Notebooks run in the book's executor
kernel (``tools/nbexec.py``: static widgets).
"""

import csv
import importlib.util
import os
import re
import runpy
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

REPO = Path(__file__).resolve().parents[1]
ASSIGNMENTS = REPO / "assignments"
CHAPTERS = sorted(
    m.group(1) for p in (REPO / "notebooks").glob("*.ipynb") if (m := re.match(r"(\d\d)_", p.name))
)
SOURCES = sorted((ASSIGNMENTS / "source").glob("ch*/ch*_*.ipynb"))
MARKERS = {
    "solution": ("### BEGIN SOLUTION", "### END SOLUTION"),
    "hidden": ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"),
}
GRADE_ID = re.compile(r"ch(\d\d)-(title|setup|task\d+-(statement|answer|tests|written))$")
# the chapters whose assignment asks at least one "explain why" question, graded by hand
WRITTEN_CHAPTERS = ("02", "06", "09", "12", "14", "17")
# what nbgrader puts in place of a markdown solution region
TEXT_STUB = "YOUR ANSWER HERE"

# the kernel of the chapter executor, tools/nbexec.py: this interpreter, SVMBOOK_STATIC=1
_kernel_setup = runpy.run_path(str(REPO / "tools" / "nbexec.py"))["_kernel_setup"]


def _nbgrader(cell):
    return cell.get("metadata", {}).get("nbgrader")


def _graded_cells(nb, kind):
    # kind "answer": cells the student writes; "tests": the autograder's locked test cells
    key = "solution" if kind == "answer" else "grade"
    return {
        meta["grade_id"]: cell
        for cell in nb.cells
        if (meta := _nbgrader(cell)) and meta.get(key) and cell.cell_type == "code"
    }


def _written_cells(nb):
    """Return the manually graded written answers of ``nb`` by grade_id."""
    return {
        meta["grade_id"]: cell
        for cell in nb.cells
        if (meta := _nbgrader(cell)) and meta["grade_id"].endswith("-written")
    }


def _points(nb):
    """Return the points of every graded cell of ``nb`` and those of its written answers."""
    graded = [meta for cell in nb.cells if (meta := _nbgrader(cell)) and meta.get("grade")]
    total = sum(meta["points"] for meta in graded)
    written = sum(meta["points"] for meta in graded if meta["grade_id"].endswith("-written"))
    return total, written


def _regions(text, kind):
    """Return the lines of each ``kind`` region of ``text`` and the lines outside them.

    Fails the test if the markers do not pair.
    """
    begin, end = MARKERS[kind]
    regions, outside, current = [], [], None
    for line in text.splitlines():
        marker = line.strip()
        if marker == begin:
            assert current is None, f"nested {begin!r}"
            current = []
        elif marker == end:
            assert current is not None, f"{end!r} without {begin!r}"
            regions.append(current)
            current = None
        elif current is not None:
            current.append(line)
        else:
            outside.append(line)
    assert current is None, f"{begin!r} without {end!r}"
    return regions, outside


def _execute(nb, cwd, allow_errors=False):
    with tempfile.TemporaryDirectory(prefix="svmbook-assignment-") as tmp:
        km, env = _kernel_setup(Path(tmp))
        client = NotebookClient(
            nb, km=km, timeout=120, startup_timeout=120, allow_errors=allow_errors,
            resources={"metadata": {"path": str(cwd)}},
        )
        try:
            client.execute(env=env)
        finally:  # nbclient only stops the kernels it starts
            if km.has_kernel:
                km.shutdown_kernel(now=False)
    return nb


def _errors(cell):
    outputs = cell.get("outputs", [])
    return [out.get("ename") for out in outputs if out.get("output_type") == "error"]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chapter_has_an_assignment(chapter):
    found = sorted((ASSIGNMENTS / "source" / f"ch{chapter}").glob(f"ch{chapter}_*.ipynb"))
    assert found, f"no assignments/source/ch{chapter}/ch{chapter}_<topic>.ipynb"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_source_metadata(path):
    nb = nbformat.read(path, as_version=4)
    chapter = path.parent.name[2:]
    assert path.parent.name == f"ch{chapter}" and path.name.startswith(f"ch{chapter}_")
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")
    grade_ids = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, "commit sources unexecuted"
        meta = _nbgrader(cell)
        if meta is None:
            continue
        grade_id = meta.get("grade_id", "")
        grade_ids.append(grade_id)
        assert meta.get("schema_version") == 3, grade_id
        match = GRADE_ID.match(grade_id)
        assert match and match.group(1) == chapter, f"{grade_id!r}: not a known grade_id form"
        if meta.get("grade"):
            assert meta.get("points", 0) > 0, f"{grade_id}: a graded cell needs points > 0"
        if meta.get("grade") and not meta.get("solution"):
            assert meta.get("locked"), f"{grade_id}: test cells are locked"
            assert cell.cell_type == "code" and "assert" in cell.source, grade_id
        if meta.get("solution"):
            assert not meta.get("locked"), f"{grade_id}: the student edits answer cells"
        if match.group(3) == "written":  # graded by hand: markdown, points, a model answer
            assert cell.cell_type == "markdown", f"{grade_id}: a written answer is a markdown cell"
            assert meta.get("grade") and meta.get("solution"), f"{grade_id}: grade and solution"
        if meta.get("solution"):
            assert _regions(cell.source, "solution")[0], f"{grade_id}: no solution region"
        else:
            assert "BEGIN SOLUTION" not in cell.source, f"{grade_id}: solution outside an answer"
        if meta.get("grade") and cell.cell_type == "code":
            _regions(cell.source, "hidden")  # balanced (hidden tests are optional)
        else:
            assert "HIDDEN TESTS" not in cell.source, f"{grade_id}: hidden tests outside tests"
    assert len(grade_ids) == len(set(grade_ids)), "grade_ids must be unique"
    answers, tests = _graded_cells(nb, "answer"), _graded_cells(nb, "tests")
    assert 2 <= len(tests) <= 4, "2-4 tasks"
    assert {g.replace("-answer", "") for g in answers} <= {g.replace("-tests", "") for g in tests}


@pytest.mark.parametrize("chapter", WRITTEN_CHAPTERS)
def test_explain_why_chapters_have_a_written_answer(chapter):
    (path,) = (ASSIGNMENTS / "source" / f"ch{chapter}").glob(f"ch{chapter}_*.ipynb")
    nb = nbformat.read(path, as_version=4)
    written = _written_cells(nb)
    assert written, f"{path.name}: no manually graded written answer"
    for grade_id, cell in written.items():
        assert _nbgrader(cell)["points"] > 0, grade_id
        # the statement right before it says the task is graded by hand, with its points
        statement = nb.cells[nb.cells.index(cell) - 1]
        assert statement.cell_type == "markdown" and "graded by hand" in statement.source, grade_id


@pytest.mark.slow
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_source_passes_its_own_tests(path):
    nb = nbformat.read(path, as_version=4)
    try:
        _execute(nb, path.parent)
    except CellExecutionError as error:
        pytest.fail(f"{path.name}: the source notebook fails its own tests:\n{error}")


def _nbgrader_cli(course, *args):
    """Run ``nbgrader *args`` in the course directory ``course``; return its standard output."""
    if importlib.util.find_spec("nbgrader") is None:
        pytest.fail("nbgrader is not installed: pip install -e '.[assign]' (make venv does)")
    # nbgrader runs the `alembic` command of its environment to set up the gradebook
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    env = {**os.environ, "PATH": path, "SVMBOOK_STATIC": "1", "MPLBACKEND": "Agg"}
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args], cwd=course, env=env, capture_output=True,
        text=True,
    )
    assert done.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{done.stderr[-3000:]}"
    return done.stdout


def _course(directory, chapters):
    """Lay out an nbgrader course in ``directory`` with the sources of ``chapters``."""
    for chapter in chapters:
        shutil.copytree(ASSIGNMENTS / "source" / chapter, directory / "source" / chapter)
    shutil.copy(ASSIGNMENTS / "nbgrader_config.py", directory)
    return directory


@pytest.fixture(scope="module")
def released(tmp_path_factory):
    """Run ``nbgrader generate_assignment`` like ``make assignments``, on a copy of the sources."""
    chapters = sorted({path.parent.name for path in SOURCES})
    course = _course(tmp_path_factory.mktemp("course"), chapters)
    for chapter in chapters:
        _nbgrader_cli(course, "generate_assignment", chapter, "--no-db", "--force")
    return course / "release"


@pytest.mark.slow
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_release_strips_solutions_and_hidden_tests(path, released):
    source = nbformat.read(path, as_version=4)
    release_path = released / path.parent.name / path.name
    assert release_path.exists(), f"nbgrader did not release {path.name}"
    text = release_path.read_text()
    for begin, end in MARKERS.values():
        assert begin not in text and end not in text
    release = nbformat.read(release_path, as_version=4)
    for kind, regions_of in (("answer", "solution"), ("tests", "hidden")):
        released_cells = _graded_cells(release, kind)
        for grade_id, cell in _graded_cells(source, kind).items():
            regions, outside = _regions(cell.source, regions_of)
            hidden = {line.strip() for region in regions for line in region}
            # a hidden line may repeat a visible one (a loop header, a closing argument)
            hidden -= {line.strip() for line in outside} | {""}
            released_lines = {line.strip() for line in released_cells[grade_id].source.splitlines()}
            leaked = hidden & released_lines
            assert not leaked, f"{path.name} {grade_id} leaks {sorted(leaked)}"
            if kind == "answer":
                assert "raise NotImplementedError()" in released_cells[grade_id].source
    # a written answer keeps its prompt; its model answer is replaced by nbgrader's text stub
    released_written = _written_cells(release)
    for grade_id, cell in _written_cells(source).items():
        regions, outside = _regions(cell.source, "solution")
        model = {line.strip() for region in regions for line in region} - {""}
        model -= {line.strip() for line in outside}
        released_lines = {line.strip() for line in released_written[grade_id].source.splitlines()}
        assert not model & released_lines, f"{path.name} {grade_id} shows its model answer"
        assert TEXT_STUB in released_written[grade_id].source, grade_id
        assert _nbgrader(released_written[grade_id])["points"] == _nbgrader(cell)["points"]


@pytest.mark.slow
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_autograding_round_trip(path, released):
    # The student version fails: each stub raises NotImplementedError, when it runs (a variable's
    # stub) or when its test cell calls it (a function's), and no test cell passes.
    release = nbformat.read(released / path.parent.name / path.name, as_version=4)
    _execute(release, path.parent, allow_errors=True)
    answers = _graded_cells(release, "answer")
    for grade_id, cell in answers.items():
        assert _errors(cell) in ([], ["NotImplementedError"]), f"{path.name} {grade_id}"
    for grade_id, cell in _graded_cells(release, "tests").items():
        assert _errors(cell), f"{path.name} {grade_id} passes without an answer"
        answer = answers.get(grade_id.replace("-tests", "-answer"))
        if answer is not None and not _errors(answer):
            assert _errors(cell) == ["NotImplementedError"], f"{path.name} {grade_id}"
    # Put the solutions into the answer cells and the autograder's test cells (hidden tests
    # included, as nbgrader autograde restores them from the source) back: every test passes.
    source = nbformat.read(path, as_version=4)
    graded = {**_graded_cells(source, "answer"), **_graded_cells(source, "tests")}
    release = nbformat.read(released / path.parent.name / path.name, as_version=4)
    for cell in release.cells:
        meta = _nbgrader(cell)
        if meta and meta.get("grade_id") in graded:
            cell.source = graded[meta["grade_id"]].source
    _execute(release, path.parent)


@pytest.mark.slow
@pytest.mark.parametrize(
    "source",
    # the first chapter, and the first with a written answer (hand-graded points)
    [SOURCES[0], next(p for p in SOURCES if p.parent.name == f"ch{WRITTEN_CHAPTERS[0]}")],
    ids=lambda p: p.name,
)
def test_nbgrader_autograde_scores_the_solution_full_and_the_release_zero(source, tmp_path):
    # nbgrader's own workflow, gradebook included: the source notebook as a student's submission
    # earns every autograded point, the unanswered student version none. The total counts the
    # written answers' points too; they stay unscored until a person grades them.
    chapter = source.parent.name
    course = _course(tmp_path, [chapter])
    _nbgrader_cli(course, "generate_assignment", chapter, "--force")
    blank = course / "release" / chapter / source.name
    for student, notebook in (("solved", source), ("blank", blank)):
        (course / "submitted" / student / chapter).mkdir(parents=True)
        shutil.copy(notebook, course / "submitted" / student / chapter / source.name)
    _nbgrader_cli(course, "autograde", chapter, "--force")
    _nbgrader_cli(course, "export")
    with open(course / "grades.csv", newline="") as handle:
        rows = {row["student_id"]: row for row in csv.DictReader(handle)}
    total, written = _points(nbformat.read(source, as_version=4))
    max_score = float(rows["solved"]["max_score"])
    assert max_score > 0 and max_score == total
    assert float(rows["solved"]["score"]) == total - written
    assert float(rows["blank"]["score"]) == 0.0
