"""The built book works in a real browser: headless Chromium over the site served on localhost.

The book (the session fixture ``built_book`` of ``tests/conftest.py``) is served by ``http.server``
on 127.0.0.1 and driven with Playwright through Debian's ``chromium`` (``/usr/bin/chromium``;
Playwright's own browser downloads are never used). Every request that is not to the local server is
aborted and reported. Each page of the book is loaded once; the tests then check what was recorded
there: no console or page errors, every image decoded, MathJax's output in place of the TeX, every
internal link and anchor resolving. The search page and the toggles (hide-input cells, dropdowns)
are exercised by clicking.

Without Chromium or Playwright the tests fail and say what is missing (``.ci/run`` installs Chromium
with apt-get; ``pip install -e '.[test]'`` installs Playwright).
"""

import functools
import re
import sys
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

import pytest

# The book build and a browser session over every page take minutes: ``make unit`` leaves them out.
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
CHAPTERS = sorted(
    p.stem for p in (REPO / "notebooks").glob("*.ipynb") if re.match(r"\d\d_", p.name)
)
CHROMIUM = Path("/usr/bin/chromium")
# No GPU, no sandbox (root in a container), and none of Chromium's own calls home.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The machine running the tests may be busy; a page with a few hundred formulas takes seconds.
TIMEOUT_MS = 120_000
SEARCH_TERM = "support vector"

# Text nodes holding TeX that MathJax left alone. Code, MathJax's own output and the regions MathJax
# is told to ignore are skipped; an inline "$...$" counts only with a TeX command, ^ or _ inside.
RAW_TEX_JS = r"""() => {
  const skip = "pre, code, script, style, textarea, mjx-container, "
    + ".tex2jax_ignore, .mathjax_ignore";
  const tex = /\$\$|\\\(|\\\)|\\\[|\\\]|\\begin\{|\$[^$\n]*[\\^_][^$\n]*\$/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest(skip)) continue;
    const m = node.data.match(tex);
    if (m) found.push(node.data.slice(Math.max(0, m.index - 30), m.index + 50));
  }
  return found;
}"""

# Images below the fold may be lazy: load every one, then report those that did not decode.
BROKEN_IMAGES_JS = """async () => {
  const images = Array.from(document.images);
  for (const image of images) image.loading = "eager";
  await Promise.all(images.map((image) => image.decode().catch(() => null)));
  return images.filter((i) => !(i.complete && i.naturalWidth > 0))
    .map((i) => i.getAttribute("src"));
}"""

# MathJax shows a formula it cannot parse as its source in red (mjx-merror); report the parser's
# message and the TeX from MathJax's list of the page's formulas.
MATH_ERRORS_JS = """() => {
  const errors = [];
  for (const item of MathJax.startup.document.math) {
    const error = item.typesetRoot && item.typesetRoot.querySelector("mjx-merror");
    if (error) errors.push(`${error.getAttribute("data-mjx-error")} in ${item.math.slice(0, 160)}`);
  }
  return errors;
}"""

LINKS_JS = """() => Array.from(
  document.querySelectorAll("a[href], link[href], script[src], img[src]"),
  (e) => e.href || e.src,
)"""

# The book's toggles: MyST-NB renders a cell tagged hide-input (or hide-output, hide-cell) as a
# closed <details>, and so do dropdowns (a hint or a solution); the theme's own <details> are in the
# navigation, outside the article.
TOGGLES = "article details"
HIDE_INPUT = ".tag_hide-input details"

IDS_JS = """() => Array.from(document.querySelectorAll("[id], a[name]"), (e) => e.id || e.name)"""


@dataclass
class PageVisit:
    """What one page did in the browser: its errors, images, math, links and element ids."""

    console_errors: list = field(default_factory=list)
    blocked: list = field(default_factory=list)
    broken_images: list = field(default_factory=list)
    n_math: int = 0
    n_rendered: int = 0
    math_errors: list = field(default_factory=list)
    raw_tex: list = field(default_factory=list)
    toggle_problems: list = field(default_factory=list)
    hide_input: int = 0
    links: list = field(default_factory=list)
    ids: set = field(default_factory=set)


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves the book's directory without logging every request to stderr."""

    def log_message(self, format, *args):  # noqa: A002 (the base class's signature)
        pass


class _Server(ThreadingHTTPServer):
    """A threaded HTTP server that ignores the connections the browser drops mid-response."""

    def handle_error(self, request, client_address):
        """Stay silent when the browser hung up (it cancels a load it no longer needs)."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="module")
def site(built_book):
    """Serve the built book on an ephemeral port of 127.0.0.1; yield its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(built_book))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join()


def _playwright():
    """Return Playwright's ``sync_playwright`` and ``Error``, or fail saying what is missing."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError as exc:
        pytest.fail(f"the browser test needs Playwright from PyPI (pip install '.[test]'): {exc}")
    if not CHROMIUM.is_file():
        pytest.fail(
            f"the browser test needs Debian's chromium at {CHROMIUM}, which is missing: install it "
            "with `apt-get install chromium` (.ci/run does when it runs as root); Playwright's own "
            "browser downloads are not used"
        )
    return sync_playwright, Error


@pytest.fixture(scope="module")
def browser(site, tmp_path_factory):
    """Yield a page of headless Chromium that may only reach ``site``, and its request log."""
    sync_playwright, Error = _playwright()
    blocked = []

    def local_only(route):
        if route.request.url.startswith(site):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    with sync_playwright() as playwright:
        try:
            context = playwright.chromium.launch_persistent_context(
                str(tmp_path_factory.mktemp("chromium-profile")),  # an empty user-data-dir
                executable_path=str(CHROMIUM),
                headless=True,
                args=CHROMIUM_FLAGS,
            )
        except Error as exc:
            pytest.fail(f"{CHROMIUM} did not start under Playwright: {exc}")
        context.set_default_timeout(TIMEOUT_MS)
        context.route("**/*", local_only)
        page = context.new_page()
        yield page, blocked
        context.close()


def _toggle_problem(details):
    """Click a closed ``<details>``; return what went wrong, or None when it opened."""
    if details.evaluate("(d) => d.open"):
        return None  # open from the start: not a toggle that hides anything
    body = details.locator(":scope > :not(summary)").first
    if body.is_visible():
        return "shows its content before a click"
    details.locator(":scope > summary").click()
    if not (details.evaluate("(d) => d.open") and body.is_visible()):
        return "clicking did not reveal its content"
    if details.evaluate(f"(d) => d.matches({HIDE_INPUT!r})"):
        code = details.locator("pre").first
        if not (code.is_visible() and code.inner_text().strip()):
            return "a hide-input toggle opened on no code"
    return None


def _open(page, blocked, url):
    """Load ``url`` in ``page`` and return a :class:`PageVisit` of what it did."""
    visit = PageVisit()
    blocked.clear()

    def on_console(message):
        if message.type == "error":
            visit.console_errors.append(f"console: {message.text} ({message.location.get('url')})")

    def on_page_error(exc):
        visit.console_errors.append(f"page error: {exc}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    try:
        response = page.goto(url, wait_until="load")
        if response is None or response.status != 200:
            visit.console_errors.append(f"HTTP {response and response.status} for {url}")
        visit.n_math = page.locator(".math").count()
        if visit.n_math:
            # MathJax's startup promise resolves once the page's first typesetting is done.
            page.wait_for_function("() => window.MathJax?.startup?.promise")
            page.evaluate("() => MathJax.startup.promise.then(() => true)")
            visit.math_errors = page.evaluate(MATH_ERRORS_JS)
        visit.n_rendered = page.locator("mjx-container").count()
        visit.raw_tex = page.evaluate(RAW_TEX_JS)
        visit.broken_images = page.evaluate(BROKEN_IMAGES_JS)
        visit.links = page.evaluate(LINKS_JS)
        visit.ids = set(page.evaluate(IDS_JS))
        visit.hide_input = page.locator(HIDE_INPUT).count()
        # Last, since it changes the page: open every toggle.
        toggles = page.locator(TOGGLES)
        for i in range(toggles.count()):
            problem = _toggle_problem(toggles.nth(i))
            if problem:
                visit.toggle_problems.append(f"toggle {i}: {problem}")
    finally:
        page.remove_listener("console", on_console)
        page.remove_listener("pageerror", on_page_error)
    visit.blocked = list(blocked)
    return visit


def _book_pages(root):
    """Return the site-relative paths of the book's pages (the theme's HTML snippets left out)."""
    return sorted(
        p.relative_to(root).as_posix()
        for p in root.rglob("*.html")
        if not {"_static", "_sources"} & set(p.relative_to(root).parts)
        and p.name != "search.html"  # exercised by test_search_finds_a_known_term
    )


@pytest.fixture(scope="module")
def visits(built_book, site, browser):
    """Load every page of the book once; return {site-relative path: PageVisit}."""
    page, blocked = browser
    return {path: _open(page, blocked, site + path) for path in _book_pages(built_book)}


def _report(problems):
    return "\n".join(f"{path}: {what}" for path, what in problems[:40])


def test_index_and_every_chapter_are_visited(visits):
    expected = {"index.html"} | {f"notebooks/{stem}.html" for stem in CHAPTERS}
    assert CHAPTERS and expected <= set(visits), sorted(expected - set(visits))


def test_pages_load_without_console_or_page_errors(visits):
    problems = [(path, e) for path, v in visits.items() for e in v.console_errors]
    assert not problems, _report(problems)


def test_no_request_leaves_localhost(visits):
    problems = [(path, url) for path, v in visits.items() for url in v.blocked]
    assert not problems, _report(problems)


def test_every_image_loads(visits):
    problems = [(path, src) for path, v in visits.items() for src in v.broken_images]
    assert not problems, _report(problems)


def test_math_is_rendered_by_mathjax(visits):
    problems = []
    for path, v in visits.items():
        if v.n_math and not v.n_rendered:
            problems.append((path, f"{v.n_math} math elements, no mjx-container"))
        problems += [(path, f"MathJax error: {error}") for error in v.math_errors]
        problems += [(path, f"raw TeX: {text!r}") for text in v.raw_tex]
    assert not problems, _report(problems)
    chapters_with_math = [p for p in visits if p.startswith("notebooks/") and visits[p].n_math]
    assert chapters_with_math, "no chapter page has math: the check above checked nothing"


def _status(url):
    """Return the HTTP status of ``url`` (redirects followed)."""
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_internal_links_resolve(visits, site, browser):
    page, blocked = browser
    targets = {}  # page URL -> set of fragments linked to it
    for v in visits.values():
        for link in v.links:
            if not link.startswith(site):
                continue  # another origin (a[href] to the web is allowed; requests are not)
            url, fragment = urldefrag(link)
            # a browser decodes a percent-encoded fragment before matching it to an id
            # (Sphinx's general index links its Greek letter groups as #%CE%9C for id "Μ")
            targets.setdefault(url, set()).update({unquote(fragment)} - {""})
    assert targets, "no internal links found"
    problems = []
    for url, fragments in sorted(targets.items()):
        status = _status(url)
        if status != 200:
            problems.append((url.removeprefix(site), f"HTTP {status}"))
            continue
        if not fragments:
            continue
        path = urlsplit(url).path.lstrip("/") or "index.html"
        known = visits.get(path)
        ids = known.ids if known else _open(page, blocked, url).ids
        problems += [(path, f"no element with id {f!r}") for f in sorted(fragments - ids)]
    assert not problems, _report(problems)


def test_search_finds_a_known_term(site, browser):
    page, blocked = browser
    visit = _open(page, blocked, site + "search.html?q=" + SEARCH_TERM.replace(" ", "+"))
    results = page.locator("#search-results ul.search li")
    results.first.wait_for(state="attached")
    hrefs = [a.get_attribute("href") for a in results.locator("a").all()]
    assert any("notebooks/" in (h or "") for h in hrefs), f"no chapter among the results: {hrefs}"
    assert not visit.console_errors, visit.console_errors
    assert not visit.blocked, visit.blocked


def test_toggles_reveal_what_they_hide(visits):
    problems = [(path, problem) for path, v in visits.items() for problem in v.toggle_problems]
    assert not problems, _report(problems)
    assert any(v.hide_input for v in visits.values()), (
        "no hide-input cell in the book: the code toggles were not exercised"
    )


def test_a_missing_browser_fails_saying_why(monkeypatch, tmp_path):
    monkeypatch.setattr(sys.modules[__name__], "CHROMIUM", tmp_path / "no-chromium")
    with pytest.raises(pytest.fail.Exception, match="apt-get install chromium"):
        _playwright()
