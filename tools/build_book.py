#!/usr/bin/env python
"""Build the offline HTML book from executed notebooks (``make book``).

    python tools/build_book.py --notebooks _build/notebooks --out _build/html

Assembles a Sphinx source directory (default ``<out>/../book-src``, rebuilt from scratch) from
``book/``: ``conf.py`` and ``_static``; the ``NN_*.ipynb`` notebooks in ``--notebooks`` (in
file-name order) with the non-notebook files under the repository's ``notebooks/`` (images a
chapter may reference); and the apparatus around them, laid out by ``book/toc.toml``:

* ``index.md`` from ``book/index.md``: the chapter table by part (titles and one-line summaries read
  from each notebook's first markdown cell) and the toctree, one caption per part, then the
  appendices;
* ``preface.md`` from ``book/preface.md``, with the chapter dependency table derived from the links
  between chapters (a chapter depends on the earlier chapters it links to);
* the appendices: ``notation.md``, ``bibliography.md`` and ``glossary.md`` as written,
  ``algorithms.md`` generated from ``book/algorithms.toml``, the API reference ``api/`` (one autodoc
  page per public module of ``API_MODULES``), and ``docs/errata.md`` and ``docs/reproductions.md``
  (the report of the registry's reproductions), which the chapters link to.

Then runs ``sphinx-build -b html -n -W --keep-going``: any warning (a broken cross-reference, a
missing image, a malformed heading, a docstring autodoc cannot parse) fails the build. Notebooks are
not executed (MyST-NB ``nb_execution_mode = "off"``). The exit status is sphinx-build's.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the [book] extra installs tomli
    import tomli as tomllib

sys.path.insert(0, str(Path(__file__).resolve().parent))
from nbexec import chapter_summary, chapter_title, chapters, package_version  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
BOOK = REPO / "book"
#: Pages of ``docs/`` the chapters link to: the errata and the report of the reproductions.
DOCS_PAGES = ("errata.md", "reproductions.md")
#: Appendix pages written by hand in ``book/`` and copied as they are.
BOOK_PAGES = ("preface.md", "notation.md", "bibliography.md", "glossary.md")
#: The public modules of the API reference, one page each, in the order of the API index. A test
#: checks that every public module of the package is here.
API_MODULES = (
    "svmbook",
    "svmbook.svm",
    "svmbook.kernels",
    "svmbook.losses",
    "svmbook.qp",
    "svmbook.solvers",
    "svmbook.hull",
    "svmbook.convert",
    "svmbook.thresholds",
    "svmbook.weighting",
    "svmbook.perceptrons",
    "svmbook.theory",
    "svmbook.model_selection",
    "svmbook.simplify",
    "svmbook.reduced",
    "svmbook.reduced.dask",
    "svmbook.input_margin",
    "svmbook.datasets",
    "svmbook.plots",
    "svmbook.widgets",
    "svmbook.reproductions",
    "svmbook.exceptions",
)
#: Names a module re-exports but another module's page documents (``:exclude-members:``).
API_EXCLUDE = {"svmbook.qp": "InfeasibleProblemError"}  # documented in svmbook.exceptions
LINK_RE = re.compile(r"\((\d\d)_[a-z0-9_]+\.ipynb[)#]")


def read_toml(name: str) -> dict:
    """Return the parsed ``book/<name>``."""
    with open(BOOK / name, "rb") as fh:
        return tomllib.load(fh)


def fill(template: str, values: dict[str, str], where: str) -> str:
    """Replace every ``{{ key }}`` of ``values`` in ``template``; each must occur."""
    for key, value in values.items():
        placeholder = "{{ " + key + " }}"
        if placeholder not in template:
            raise SystemExit(f"{where} lacks the placeholder {placeholder}")
        template = template.replace(placeholder, value)
    return template


def cell(text: str) -> str:
    """Return ``text`` fit for one cell of a markdown table."""
    return text.replace("|", "\\|").replace("\n", " ")


def chapter_entries(notebooks: list[Path]) -> list[dict]:
    """Return the entry (number, doc, title, summary, links) of each chapter.

    ``links`` are the numbers of the other chapters its markdown links to.
    """
    entries = []
    for path in notebooks:
        nb = nbformat.read(path, as_version=4)
        title = chapter_title(nb)
        if not title:
            raise SystemExit(f"{path}: the first markdown cell must start with a '# Title' heading")
        prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
        number = path.name[:2]
        entries.append(
            {
                "number": number,
                "doc": f"notebooks/{path.stem}",
                "title": title,
                "summary": chapter_summary(nb),
                "links": sorted(set(LINK_RE.findall(prose)) - {number}),
            }
        )
    return entries


def parts_of(entries: list[dict], parts: list[dict]) -> list[tuple[dict, list[dict]]]:
    """Group the chapters by the parts of ``book/toc.toml``; every chapter must fall in one."""
    grouped = []
    for part in parts:
        first, last = part["chapters"]
        grouped.append((part, [e for e in entries if first <= e["number"] <= last]))
    placed = {e["number"] for _, members in grouped for e in members}
    orphans = [e["number"] for e in entries if e["number"] not in placed]
    if orphans:
        raise SystemExit(f"book/toc.toml: chapter(s) {', '.join(orphans)} belong to no part")
    return grouped


def render_index(grouped, appendices: list[dict], version: str) -> str:
    """Return the book's landing page (markdown): chapters by part, appendices, toctrees."""
    tables, toctrees = [], []
    for part, members in grouped:
        rows = "\n".join(
            f"| {e['number']} | {{doc}}`{cell(e['title'])} <{e['doc']}>` | {cell(e['summary'])} |"
            for e in members
        )
        tables.append(
            f"### {part['caption']}\n\n{part['about']}\n\n"
            "| | Chapter | What it is about |\n|---|---|---|\n" + rows
        )
        toctrees.append(toctree(part["caption"], [e["doc"] for e in members]))
    appendix_list = "\n".join(
        f"- {{doc}}`{a['title']} <{a['doc']}>`: {a['about']}" for a in appendices
    )
    toctrees.append(toctree("Appendices", [a["doc"] for a in appendices]))
    template = (BOOK / "index.md").read_text(encoding="utf-8")
    return fill(
        template,
        {
            "version": version,
            "chapter_table": "\n\n".join(tables),
            "appendices": appendix_list,
            "toctree": toctree("Preface", ["preface"]) + "\n\n" + "\n\n".join(toctrees),
        },
        "book/index.md",
    )


def toctree(caption: str, docs: list[str]) -> str:
    """Return a hidden MyST toctree with ``caption`` over ``docs``."""
    head = f"```{{toctree}}\n:hidden:\n:maxdepth: 2\n:caption: {caption}\n\n"
    return head + "\n".join(docs) + "\n```"


def render_dependencies(entries: list[dict]) -> str:
    """Return the chapter dependency table (markdown).

    For each chapter: the earlier chapters it links to, and the later ones that link to it.
    Chapter 00, which every chapter assumes, is left out of both columns.
    """

    def ref(number: str) -> str:
        doc = next(e["doc"] for e in entries if e["number"] == number)
        return f"{{doc}}`{number} <{doc}>`"

    rows = []
    for e in entries:
        before = [n for n in e["links"] if "00" < n < e["number"]]
        after = [
            f["number"] for f in entries if f["number"] > e["number"] and e["number"] in f["links"]
        ]
        rows.append(
            f"| {ref(e['number'])} | {cell(e['title'])} | "
            f"{', '.join(map(ref, before)) or '-'} | "
            f"{', '.join(map(ref, after)) if e['number'] != '00' else 'all'} |"
        )
    return (
        "| | Chapter | builds on | is used by |\n|---|---|---|---|\n" + "\n".join(rows)
    )


def render_algorithms(entries: list[dict]) -> str:
    """Return the index of algorithms (markdown) from ``book/algorithms.toml``."""
    data = read_toml("algorithms.toml")
    docs = {e["number"]: e["doc"] for e in entries}
    lines = [f"# {data['title']}", "", data["intro"].strip(), ""]
    for group in data["source"]:
        lines += [f"## {group['name']}", "", "| Algorithm | In the source | Function | Chapter |"]
        lines.append("|---|---|---|---|")
        for alg in group["algorithm"]:
            if alg["chapter"] not in docs:
                raise SystemExit(f"algorithms.toml: {alg['name']}: no chapter {alg['chapter']}")
            lines.append(
                f"| {cell(alg['name'])} | {cell(alg['where'])} | "
                f"{{py:obj}}`{alg['function']}` | "
                f"{{doc}}`{alg['chapter']} <{docs[alg['chapter']]}>` |"
            )
        lines.append("")
    return "\n".join(lines)


def render_api(module: str) -> str:
    """Return the API reference page (markdown) of one module: its docstring and its __all__."""
    if module == "svmbook":  # the package's docstring; its names are documented where defined
        options = "   :no-members:\n   :no-inherited-members:\n"
        return f"# `{module}`\n\n```{{eval-rst}}\n.. automodule:: {module}\n{options}```\n"
    exclude = f"   :exclude-members: {API_EXCLUDE[module]}\n" if module in API_EXCLUDE else ""
    return (
        f"# `{module}`\n\n"
        f"```{{eval-rst}}\n.. automodule:: {module}\n   :members:\n   :imported-members:\n"
        f"{exclude}```\n"
    )


def render_api_index() -> str:
    """Return the API reference's first page: the list of modules and a toctree over them."""
    rows = "\n".join(f"- {{doc}}`{m} <{m}>`" for m in API_MODULES)
    return (
        "# API reference\n\n"
        "The public functions and classes of the `svmbook` package, one page per module, generated "
        "from their docstrings. Each name is documented where it is exported, e.g. "
        "`svmbook.svm.SVC`, which is how the chapters import it.\n\n"
        + rows
        + "\n\n```{toctree}\n:hidden:\n\n"
        + "\n".join(API_MODULES)
        + "\n```\n"
    )


def assemble(notebook_dir: Path, src: Path) -> list[dict]:
    """Copy the executed chapters and write the book's pages into the Sphinx source tree ``src``."""
    notebooks = chapters(notebook_dir)
    if not notebooks:
        raise SystemExit(f"no NN_*.ipynb notebooks in {notebook_dir}")
    if src.exists():
        shutil.rmtree(src)
    (src / "notebooks").mkdir(parents=True)
    shutil.copy2(BOOK / "conf.py", src / "conf.py")
    shutil.copytree(BOOK / "_static", src / "_static")
    # Files the chapters may reference (figures, small tables): everything but notebooks and caches.
    for asset in (REPO / "notebooks").rglob("*"):
        rel = asset.relative_to(REPO / "notebooks")
        if (
            asset.is_file()
            and asset.suffix != ".ipynb"
            and not any(part.startswith((".", "__")) for part in rel.parts)
        ):
            (src / "notebooks" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(asset, src / "notebooks" / rel)
    for path in notebooks:
        shutil.copy2(path, src / "notebooks" / path.name)
    # The pages the chapters link to as ../docs/errata.md and ../docs/reproductions.md: appendices.
    (src / "docs").mkdir()
    for name in DOCS_PAGES:
        shutil.copy2(REPO / "docs" / name, src / "docs" / name)
    entries = chapter_entries(notebooks)
    for name in BOOK_PAGES:
        shutil.copy2(BOOK / name, src / name)
    preface = (src / "preface.md").read_text(encoding="utf-8")
    preface = fill(preface, {"dependencies": render_dependencies(entries)}, "book/preface.md")
    (src / "preface.md").write_text(preface, encoding="utf-8")
    (src / "algorithms.md").write_text(render_algorithms(entries), encoding="utf-8")
    (src / "api").mkdir()
    (src / "api" / "index.md").write_text(render_api_index(), encoding="utf-8")
    for module in API_MODULES:
        (src / "api" / f"{module}.md").write_text(render_api(module), encoding="utf-8")
    toc = read_toml("toc.toml")
    grouped = parts_of(entries, toc["part"])
    version = package_version()
    (src / "index.md").write_text(
        render_index(grouped, toc["appendix"], version), encoding="utf-8"
    )
    return entries


def main(argv: list[str] | None = None) -> int:
    """Build the HTML book from executed notebooks; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--notebooks", type=Path, required=True, help="directory of executed NN_*.ipynb"
    )
    parser.add_argument("--out", type=Path, required=True, help="HTML output directory")
    parser.add_argument(
        "--src", type=Path, help="generated Sphinx source dir (default <out>/../book-src)"
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="only warnings and errors")
    args = parser.parse_args(argv)

    out = args.out.resolve()
    src = (args.src or out.parent / "book-src").resolve()
    entries = assemble(args.notebooks.resolve(), src)
    doctrees = out.parent / "book-doctrees"
    for stale in (out, doctrees):  # fresh build: no page of a renamed or deleted chapter survives
        if stale.exists():
            shutil.rmtree(stale)
    # conf.py reads the repository (the package autodoc imports, the launch buttons' URL) from
    # SVMBOOK_ROOT; autodoc imports svmbook with widgets static and no display.
    env = dict(
        os.environ,
        SVMBOOK_VERSION=package_version(),
        SVMBOOK_ROOT=str(REPO),
        SVMBOOK_STATIC="1",
        MPLBACKEND="Agg",
    )
    cmd = [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        "html",
        "-W",
        "--keep-going",
        "-n",
        "-d",
        str(doctrees),
        "-j",
        "1",
        *(["-q"] if args.quiet else []),
        str(src),
        str(out),
    ]
    result = subprocess.run(cmd, env=env, check=False)
    if result.returncode == 0:
        print(f"book: {len(entries)} chapter(s) -> {out / 'index.html'}")
    else:
        print(f"book build FAILED (sphinx-build exit {result.returncode})", file=sys.stderr)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
