"""Every link into docs/reproductions.md names an anchor the report generator makes.

The report (``svmbook.reproductions._report.report``) gives each registered experiment a heading
``## name`` and links it from the summary as ``#<anchor>``. A chapter, the README or a page of
``docs/`` that links ``reproductions.md#<anchor>`` must use the same anchor, or the link lands at
the top of the page (on GitHub) or fails the book's build.
"""

import re
from pathlib import Path

import pytest

from svmbook.reproductions import registry
from svmbook.reproductions._report import _anchor, report

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"reproductions\.md#([^)\s\"'\\]+)")


def _linking_files():
    """The chapters, the assignments, the README and the pages of docs/ and book/."""
    files = sorted(ROOT.glob("notebooks/*.ipynb")) + sorted(ROOT.glob("assignments/**/*.ipynb"))
    files += [ROOT / "README.md"] + sorted(ROOT.glob("docs/*.md")) + sorted(ROOT.glob("book/*.md"))
    return [f for f in files if f.name != "reproductions.md"]


def _github_slug(heading):
    """GitHub's (and MyST's) anchor of a markdown heading: lower case, punctuation dropped."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.fixture(scope="module")
def generated_anchors(tmp_path_factory):
    """The anchors the report's summary links to: one per registered experiment."""
    # with no saved results every experiment is listed as not run: the links are all there
    text = report(tmp_path_factory.mktemp("empty"))
    return re.findall(r"^\| \[[^\]]+\]\(#([^)]+)\) \|", text, flags=re.MULTILINE)


def test_the_report_links_every_experiment_by_its_heading_slug(generated_anchors):
    """Link each registered experiment once, by the slug of its heading, all slugs distinct."""
    names = list(registry())
    assert generated_anchors == [_anchor(n) for n in names]
    assert generated_anchors == [_github_slug(n) for n in names]
    assert len(set(generated_anchors)) == len(names)


def test_every_link_into_the_report_names_a_generated_anchor(generated_anchors):
    """Find no ``reproductions.md#...`` link whose anchor the report does not make."""
    known = set(generated_anchors)
    links, bad = 0, []
    for path in _linking_files():
        for anchor in LINK.findall(path.read_text(encoding="utf-8")):
            links += 1
            if anchor not in known:
                bad.append(f"{path.relative_to(ROOT)}: #{anchor}")
    assert links > 0  # the chapters do link into the report
    assert not bad, "links to anchors the report does not make (dots are dropped):\n" + "\n".join(
        bad
    )
