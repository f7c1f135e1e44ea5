"""The book's apparatus data agree with the package and the chapters (fast; no build).

``book/algorithms.toml`` (the index of algorithms), ``book/toc.toml`` (the parts) and the API
reference's module list in ``tools/build_book.py`` are read by the book build; these tests catch a
renamed function, a new chapter outside every part and a new public module without a page before
the slow build does.
"""

import importlib
import pkgutil
import re
import sys
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))
import build_book  # noqa: E402

CHAPTERS = {
    p.name[:2]: p for p in (REPO / "notebooks").glob("*.ipynb") if re.match(r"\d\d_", p.name)
}


def _toml(name):
    return tomllib.loads((REPO / "book" / name).read_text(encoding="utf-8"))


def _algorithms():
    return [alg for source in _toml("algorithms.toml")["source"] for alg in source["algorithm"]]


@pytest.mark.parametrize("alg", _algorithms(), ids=lambda a: a["function"])
def test_every_listed_algorithm_imports_and_its_chapter_exists(alg):
    module, _, name = alg["function"].rpartition(".")
    obj = getattr(importlib.import_module(module), name)
    assert callable(obj), alg["function"]
    assert alg["chapter"] in CHAPTERS, f"{alg['name']}: no notebooks/{alg['chapter']}_*.ipynb"


def test_every_source_has_algorithms():
    sources = _toml("algorithms.toml")["source"]
    names = [s["name"] for s in sources]
    for author in ("Gunn", "Nguyen", "Goodrich", "Yeh", "Akaho"):
        assert any(author in n for n in names), author
    assert all(s["algorithm"] for s in sources)


def test_every_chapter_is_in_exactly_one_part():
    parts = _toml("toc.toml")["part"]
    for number in CHAPTERS:
        owners = [p["caption"] for p in parts if p["chapters"][0] <= number <= p["chapters"][1]]
        assert len(owners) == 1, f"chapter {number} is in {owners or 'no part'}"


def test_appendix_pages_exist():
    for appendix in _toml("toc.toml")["appendix"]:
        doc = appendix["doc"]
        generated = doc in ("algorithms", "api/index")
        on_disk = (REPO / "book" / f"{doc}.md").is_file() or (REPO / f"{doc}.md").is_file()
        assert generated or on_disk, doc


def test_api_reference_covers_every_public_module():
    import svmbook

    # Subpackages document their submodules through their __all__; private and CLI modules have no
    # page.
    public = {"svmbook"} | {
        info.name
        for info in pkgutil.iter_modules(svmbook.__path__, "svmbook.")
        if not info.name.split(".")[-1].startswith("_") and info.name != "svmbook.cli"
    }
    assert public <= set(build_book.API_MODULES), sorted(public - set(build_book.API_MODULES))
    for module in build_book.API_MODULES:
        importlib.import_module(module)
