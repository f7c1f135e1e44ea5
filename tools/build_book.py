#!/usr/bin/env python
"""Build the offline HTML book from executed notebooks (``make book``).

    python tools/build_book.py --notebooks _build/notebooks --out _build/html

Assembles a Sphinx source directory (default ``<out>/../book-src``, rebuilt from scratch) from
``book/conf.py``, ``book/_static``, the ``NN_*.ipynb`` notebooks in ``--notebooks`` (in file-name
order), the non-notebook files under the repository's ``notebooks/`` (images a chapter may
reference) and an ``index.md`` generated from ``book/index.md``: the chapter table (titles and
one-line summaries read from each notebook's first markdown cell) and the toctree, plus
``docs/errata.md`` and ``docs/reproductions.md`` (the report of the registry's reproductions),
which the chapters link to.

Then runs ``sphinx-build -b html -n -W --keep-going``: any warning (a broken cross-reference, a
missing image, a malformed heading) fails the build. Notebooks are not executed (MyST-NB
``nb_execution_mode = "off"``). The exit status is sphinx-build's.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from nbexec import chapter_summary, chapter_title, chapters, package_version  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
BOOK = REPO / "book"
#: Pages of ``docs/`` the chapters link to: the errata and the report of the reproductions.
DOCS_PAGES = ("errata.md", "reproductions.md")


def chapter_entries(notebooks: list[Path]) -> list[dict]:
    """Return the table-of-contents entry (number, title, summary, doc) of each chapter."""
    entries = []
    for path in notebooks:
        nb = nbformat.read(path, as_version=4)
        title = chapter_title(nb)
        if not title:
            raise SystemExit(f"{path}: the first markdown cell must start with a '# Title' heading")
        entries.append(
            {
                "number": path.name[:2],
                "doc": f"notebooks/{path.stem}",
                "title": title,
                "summary": chapter_summary(nb),
            }
        )
    return entries


def render_index(entries: list[dict], version: str) -> str:
    """Return the book's landing page (markdown) listing the chapters."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    rows = "\n".join(
        f"| {e['number']} | {{doc}}`{cell(e['title'])} <{e['doc']}>` | {cell(e['summary'])} |"
        for e in entries
    )
    table = "| | Chapter | What it is about |\n|---|---|---|\n" + rows
    toctree = (
        "```{toctree}\n:hidden:\n:maxdepth: 2\n:caption: Chapters\n\n"
        + "\n".join(e["doc"] for e in entries)
        + "\n```"
    )
    template = (BOOK / "index.md").read_text(encoding="utf-8")
    for key, value in {
        "{{ version }}": version,
        "{{ chapter_table }}": table,
        "{{ toctree }}": toctree,
    }.items():
        if key not in template:
            raise SystemExit(f"book/index.md lacks the placeholder {key}")
        template = template.replace(key, value)
    return template


def assemble(notebook_dir: Path, src: Path) -> list[dict]:
    """Copy the executed chapters and the book's pages into the Sphinx source tree ``src``."""
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
    # The pages the chapters link to (../docs/errata.md, ../docs/reproductions.md): outside the
    # toctree, so each is marked an orphan.
    (src / "docs").mkdir()
    for name in DOCS_PAGES:
        text = (REPO / "docs" / name).read_text(encoding="utf-8")
        (src / "docs" / name).write_text("---\norphan: true\n---\n\n" + text, encoding="utf-8")
    entries = chapter_entries(notebooks)
    version = package_version()
    (src / "index.md").write_text(render_index(entries, version), encoding="utf-8")
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
    env = dict(os.environ, SVMBOOK_VERSION=package_version())
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
