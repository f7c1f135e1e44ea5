"""Shared pytest configuration: the project's markers and the book built once per session.

``slow`` marks the book build, the browser test and the notebook executor (minutes; ``make unit``
leaves them out), ``needs_data`` the tests that read the external benchmark sets through
``SVMBOOK_DATA``, ``clone`` the full clone check (a fresh clone running ``make book`` and
``make test``, about 20 minutes; ``make test`` deselects it, ``make clone-check`` runs it).

The fixture :func:`built_book` builds the HTML book from the committed notebooks once for every test
module that needs it (``tests/test_book.py`` reads its files, ``tests/test_browser.py`` drives a
browser over it). Set ``SVMBOOK_BOOK_HTML`` to an already built book (e.g. ``_build/html`` after
``make book``) to test that one instead.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def pytest_configure(config):
    """Register the project's markers (``--strict-markers`` rejects any other)."""
    config.addinivalue_line(
        "markers", "slow: the book build, the browser test and the notebook executor (minutes)"
    )
    config.addinivalue_line(
        "markers", "needs_data: reads an external benchmark set through SVMBOOK_DATA"
    )
    config.addinivalue_line(
        "markers", "clone: the full clone check, make book and make test in a fresh clone (~20 min)"
    )


@pytest.fixture(scope="session")
def built_book(tmp_path_factory):
    """Return the directory of the HTML book, built once per session from ``notebooks/``."""
    prebuilt = os.environ.get("SVMBOOK_BOOK_HTML")
    if prebuilt:
        out = Path(prebuilt).resolve()
        assert (out / "index.html").is_file(), f"SVMBOOK_BOOK_HTML={prebuilt} holds no index.html"
        return out
    out = tmp_path_factory.mktemp("book") / "html"
    result = subprocess.run(
        [
            sys.executable,
            str(REPO / "tools" / "build_book.py"),
            "-q",
            "--notebooks",
            str(REPO / "notebooks"),
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return out
