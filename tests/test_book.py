"""The offline HTML book builds from the committed notebooks, and every page works without network.

The book is built once per session (the fixture ``built_book`` of ``tests/conftest.py``, shared
with the browser test) with ``tools/build_book.py``, without executing the notebooks.
"""

import html
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest

# Building the book runs Sphinx over every chapter (minutes): ``make unit`` leaves it out.
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
CHAPTERS = sorted(p for p in (REPO / "notebooks").glob("*.ipynb") if re.match(r"\d\d_", p.name))


class _Page(HTMLParser):
    """Collects the references (tag, attribute, url, rel) and the element ids of one HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.refs, self.ids, self.classes = [], set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if attrs.get("name") and tag == "a":
            self.ids.add(attrs["name"])
        self.classes.append(attrs.get("class") or "")
        for attr in ("href", "src"):
            if attrs.get(attr) is not None:
                self.refs.append((tag, attr, attrs[attr], attrs.get("rel") or ""))


def _parse(path):
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def book(built_book):
    out = built_book
    # Pages, not the theme's Jinja snippets that Sphinx copies into _static as *.html.
    pages = {p: _parse(p) for p in out.rglob("*.html") if "_static" not in p.relative_to(out).parts}
    return out, pages


def test_chapters_exist():
    assert CHAPTERS, "no notebooks/NN_*.ipynb"


def test_index_and_one_page_per_chapter(book):
    out, pages = book
    index = out / "index.html"
    assert index in pages
    links = [url for _, _, url, _ in pages[index].refs]
    for nb in CHAPTERS:
        page = out / "notebooks" / f"{nb.stem}.html"
        assert page in pages, f"no page for {nb.name}"
        assert f"notebooks/{nb.stem}.html" in links, f"index does not link {nb.name}"
        title = _first_heading(nb)
        assert f"<h1>{title}" in _plain_quotes(page.read_text(encoding="utf-8").replace("</a>", ""))


def _plain_quotes(text):
    """Undo HTML escapes and Sphinx's smart quotes, so that a title like "Newton's" compares."""
    plain = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'}
    return html.unescape(text).translate(str.maketrans(plain))


def _first_heading(nb_path):
    nb = nbformat.read(nb_path, as_version=4)
    first_md = next(c for c in nb.cells if c.cell_type == "markdown")
    return re.match(r"#\s+(.+)", first_md.source).group(1).strip()


def test_docs_pages_the_chapters_link_to(book):
    out, pages = book
    for name in ("errata", "reproductions"):
        assert out / "docs" / f"{name}.html" in pages, f"docs/{name}.md is not in the book"


def test_table_of_contents_in_chapter_order(book):
    out, pages = book
    text = (out / "index.html").read_text(encoding="utf-8")
    positions = [text.find(f'href="notebooks/{nb.stem}.html"') for nb in CHAPTERS]
    assert all(p >= 0 for p in positions)
    assert positions == sorted(positions)


def test_internal_links_and_images_resolve(book):
    out, pages = book
    broken = []
    for page, parsed in pages.items():
        for tag, attr, url, _ in parsed.refs:
            parts = urlsplit(url)
            if parts.scheme or url.startswith("//"):
                continue  # external (checked below for assets); a[href] to the web is allowed
            target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
            if parts.path.endswith("/") or target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(out)}: {tag}[{attr}]={url}")
            elif parts.fragment and target.suffix == ".html" and target in pages:
                if unquote(parts.fragment) not in pages[target].ids:
                    broken.append(f"{page.relative_to(out)}: {url} (no such anchor)")
    assert not broken, "\n".join(broken[:30])


def test_no_network_assets(book):
    out, pages = book
    remote = []
    for page, parsed in pages.items():
        for tag, attr, url, rel in parsed.refs:
            is_remote = urlsplit(url).scheme in ("http", "https") or url.startswith("//")
            if is_remote and (tag != "a" or "stylesheet" in rel):
                remote.append(f"{page.relative_to(out)}: <{tag} {attr}={url}>")
    assert not remote, "\n".join(remote)
    # Nor inside inline styles or scripts.
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"@import\s+url\(\s*['\"]?https?:", text), page
        assert "cdn.jsdelivr.net" not in text and "unpkg.com" not in text, page


def test_mathjax_is_local_and_math_is_marked_up(book):
    out, pages = book
    for nb in CHAPTERS:
        page = out / "notebooks" / f"{nb.stem}.html"
        scripts = [url for tag, _, url, _ in pages[page].refs if tag == "script"]
        mathjax = [url for url in scripts if "mathjax" in url.lower()]
        if not any(
            "$" in c.source
            for c in nbformat.read(nb, as_version=4).cells
            if c.cell_type == "markdown"
        ):
            continue
        assert mathjax, f"{page.name}: no MathJax script"
        for url in mathjax:
            assert not urlsplit(url).scheme, url
            assert (page.parent / urlsplit(url).path).resolve().is_file(), url
        assert any("math" in cls.split() for cls in pages[page].classes), f"{page.name}: no math"
    assert (out / "_static" / "mathjax" / "tex-chtml.js").is_file()
    fonts = out / "_static" / "mathjax" / "output" / "chtml" / "fonts" / "woff-v2"
    assert any(fonts.glob("*.woff")), "MathJax fonts not bundled"


def test_figures_are_inline(book):
    out, pages = book
    for nb_path in CHAPTERS:
        nb = nbformat.read(nb_path, as_version=4)
        n_png = sum(
            "image/png" in o.get("data", {})
            for c in nb.cells
            if c.cell_type == "code" and "remove-output" not in c.metadata.get("tags", [])
            for o in c.outputs
        )
        page = out / "notebooks" / f"{nb_path.stem}.html"
        images = [url for tag, _, url, _ in pages[page].refs if tag == "img"]
        assert len([u for u in images if u.endswith(".png")]) >= n_png, page.name
