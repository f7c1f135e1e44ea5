"""The offline HTML book builds from the committed notebooks, and every page works without network.

The book is built once per session (the fixture ``built_book`` of ``tests/conftest.py``, shared
with the browser test) with ``tools/build_book.py``, without executing the notebooks.
"""

import html
import re
import sys
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


# ---------------------------------------------------------------------------------------------
# The apparatus: preface, parts, appendices, API reference, launch buttons.

sys.path.insert(0, str(REPO / "tools"))
import build_book  # noqa: E402

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

TOC = tomllib.loads((REPO / "book" / "toc.toml").read_text(encoding="utf-8"))
APPENDICES = [a["doc"] for a in TOC["appendix"]]


def _sidebar_links(pages, page):
    return {(page.parent / urlsplit(url).path).resolve() for _, _, url, _ in pages[page].refs}


def test_preface_and_appendices_are_in_the_table_of_contents(book):
    out, pages = book
    index = out / "index.html"
    linked = _sidebar_links(pages, index)
    for doc in ["preface", *APPENDICES]:
        page = out / f"{doc}.html"
        assert page in pages, f"no page {doc}.html"
        assert page.resolve() in linked, f"the landing page does not link {doc}.html"
    # In the toctree, not orphans: every chapter page's navigation reaches them too.
    chapter = out / "notebooks" / f"{CHAPTERS[0].stem}.html"
    assert (out / "docs" / "errata.html").resolve() in _sidebar_links(pages, chapter)
    text = (out / "index.html").read_text(encoding="utf-8")
    assert text.find('href="preface.html"') < text.find(f'href="notebooks/{CHAPTERS[0].stem}.html"')


def test_parts_are_captions_in_chapter_order(book):
    out, _ = book
    text = html.unescape((out / "index.html").read_text(encoding="utf-8"))
    captions = re.findall(r'class="caption-text">([^<]+)<', text)
    parts = [p["caption"] for p in TOC["part"]]
    assert captions[: len(parts) + 2] == ["Preface", *parts, "Appendices"]


def test_preface_has_the_reading_paths_and_the_dependency_table(book):
    out, pages = book
    page = out / "preface.html"
    text = html.unescape(page.read_text(encoding="utf-8"))
    for heading in ("Self-study", "A one-semester course", "A research reader"):
        assert heading in text, heading
    assert "chapter-dependencies" in pages[page].ids
    assert "{{" not in text, "a placeholder of book/preface.md was not filled"
    # One row per chapter in the dependency table, each linking the chapter.
    table = text[text.index('id="chapter-dependencies"') :]
    for nb in CHAPTERS:
        assert f"notebooks/{nb.stem}.html" in table, nb.name


def test_api_reference_documents_every_module(book):
    out, pages = book
    index = out / "api" / "index.html"
    assert index in pages
    for module in build_book.API_MODULES:
        page = out / "api" / f"{module}.html"
        assert page in pages, f"no API page for {module}"
        assert f"module-{module}" in pages[page].ids, module
    svm = pages[out / "api" / "svmbook.svm.html"].ids
    assert {"svmbook.svm.SVC", "svmbook.svm.SVC.fit", "svmbook.svm.MuSVC"} <= svm
    assert "svmbook.qp.svc_dual" in pages[out / "api" / "svmbook.qp.html"].ids


def test_algorithm_index_links_every_function_and_chapter(book):
    out, pages = book
    page = out / "algorithms.html"
    urls = [url for _, _, url, _ in pages[page].refs]
    data = tomllib.loads((REPO / "book" / "algorithms.toml").read_text(encoding="utf-8"))
    for source in data["source"]:
        for alg in source["algorithm"]:
            assert any(url.endswith(f"#{alg['function']}") for url in urls), alg["function"]
            assert any(f"notebooks/{alg['chapter']}_" in url for url in urls), alg["chapter"]


def test_bibliography_and_glossary(book):
    out, pages = book
    bib = pages[out / "bibliography.html"].ids
    sources = ("gunn-1998", "nguyen-2006", "goodrich-2012", "yeh-2014", "akaho-2002")
    for key in (*sources, "platt-1999"):
        assert f"bib-{key}" in bib, key
    terms = [i for i in pages[out / "glossary.html"].ids if i.startswith("term-")]
    assert len(terms) >= 40, len(terms)


def test_launch_buttons_on_every_chapter(book):
    out, pages = book
    with open(REPO / "pyproject.toml", "rb") as fh:
        repository = tomllib.load(fh)["project"]["urls"]["Repository"]
    slug = urlsplit(repository).path.strip("/")
    for nb in CHAPTERS:
        page = out / "notebooks" / f"{nb.stem}.html"
        urls = [url for tag, _, url, _ in pages[page].refs if tag == "a"]
        binder = f"https://mybinder.org/v2/gh/{slug}/"
        colab = f"https://colab.research.google.com/github/{slug}/"
        assert any(u.startswith(binder) and u.endswith(f"notebooks/{nb.name}") for u in urls), nb
        assert any(u.startswith(colab) and u.endswith(f"notebooks/{nb.name}") for u in urls), nb
