"""Fixtures of the datasets tests: registered look-alike files and offline data directories.

The external loaders are always exercised. When ``$SVMBOOK_DATA`` holds the real files (``make
test`` points it at the shared data directory) the real shapes are checked; otherwise tiny
synthetic files in the same formats are written to a temporary directory and registered in place
of the real ones, so the parsing code still runs.
"""

import gzip
import hashlib
import os
import urllib.error
from pathlib import Path

import numpy as np
import pytest
import scipy.io

from svmbook.datasets import EXTERNAL_FILES, ExternalFile, _fetch


@pytest.fixture
def register(monkeypatch):
    """Return a function registering ``content`` under ``relpath`` for the duration of a test."""

    def _register(relpath, content, url="https://example.invalid/file"):
        entry = ExternalFile(relpath, len(content), hashlib.sha256(content).hexdigest(), url)
        monkeypatch.setitem(EXTERNAL_FILES, relpath, entry)
        return entry

    return _register


@pytest.fixture
def dirs(monkeypatch, tmp_path):
    """Empty SVMBOOK_DATA and SVMBOOK_CACHE directories, and a downloader that always fails."""
    data, cache = tmp_path / "data", tmp_path / "cache"
    data.mkdir()
    monkeypatch.setenv("SVMBOOK_DATA", str(data))
    monkeypatch.setenv("SVMBOOK_CACHE", str(cache))

    def no_network(url, dest):
        raise urllib.error.URLError("no network in tests")

    monkeypatch.setattr(_fetch, "_download", no_network)
    return data, cache


_REAL_FILES = [
    "usps/zip.train.gz",
    "usps/zip.test.gz",
    *(
        f"raetsch/banana/banana_{p}_{k}_1.asc"
        for p in ("train", "test")
        for k in ("data", "labels")
    ),
    "raetsch/thyroid/thyroid.mat",
    "raetsch/diabetis/Processed_Diabetis.data",
    "statlog-heart/heart_scale",
    "dna/dna.scale",
]


def _write_synthetic(root, register):
    """Tiny files in the real formats, registered under the real names; returns expected shapes."""
    rng = np.random.default_rng(0)

    def put(relpath, content):
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        register(relpath, content)

    def usps_rows(labels):
        pixels = rng.uniform(-1, 1, size=(len(labels), 256)).round(4)
        lines = (
            " ".join(f"{v:.4f}" for v in [lab, *row])
            for lab, row in zip(labels, pixels, strict=True)
        )
        return gzip.compress(("\n".join(lines) + "\n").encode())

    put("usps/zip.train.gz", usps_rows([float(d) for d in range(10)] * 2))
    put("usps/zip.test.gz", usps_rows([float(d) for d in range(10)]))

    def asc(array):
        array = np.atleast_2d(array)
        return "".join("".join(f"{v:15.7e}" for v in row) + "\n" for row in array).encode()

    for part, n in (("train", 8), ("test", 5)):
        put(f"raetsch/banana/banana_{part}_data_1.asc", asc(rng.normal(size=(n, 2))))
        labels = np.tile([1.0, -1.0], n)[:n]
        put(f"raetsch/banana/banana_{part}_labels_1.asc", asc(labels[:, None]))

    target = np.r_[np.ones(65), -np.ones(150)].astype(np.int16)[:, None]
    buffer = root / "thyroid.tmp.mat"
    scipy.io.savemat(buffer, {"data": rng.normal(size=(215, 5)), "target": target})
    put("raetsch/thyroid/thyroid.mat", buffer.read_bytes())
    diabetis = np.column_stack([rng.normal(size=(768, 8)), np.r_[np.ones(268), -np.ones(500)]])
    text = "\n".join(",".join(f"{v:.8g}" for v in row) for row in diabetis) + "\n"
    put("raetsch/diabetis/Processed_Diabetis.data", text.encode())

    heart = b"+1 1:0.5 3:-1 13:0.25\n-1 2:1\n-1 1:-0.5 13:1\n+1 4:0.125\n"
    put("statlog-heart/heart_scale", heart)
    put("dna/dna.scale", b"3 1:1 180:1\r\n1 2:1\r\n2 90:1 91:1\r\n")
    return {"usps": (20, 10), "banana": (8, 5), "heart": (4, 2), "dna": 3}


@pytest.fixture
def external(monkeypatch, tmp_path, register):
    """'real' with the shared data, else 'synthetic' after writing tiny look-alike files."""
    root = os.environ.get("SVMBOOK_DATA")
    if root and all((Path(root) / p).is_file() for p in _REAL_FILES):
        return "real", {
            "usps": (7291, 2007),
            "banana": (400, 4900),
            "heart": (270, 120),
            "dna": 2000,
        }
    monkeypatch.setenv("SVMBOOK_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("SVMBOOK_CACHE", str(tmp_path / "cache"))
    return "synthetic", _write_synthetic(tmp_path / "data", register)
