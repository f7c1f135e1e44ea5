"""Tests of svmbook.datasets: Gunn's fixtures, iris, titanium, toy generators, external data.

The external loaders are always exercised. When ``$SVMBOOK_DATA`` holds the real files
(``make test`` points it at ``../shared/data``) the real shapes are checked; otherwise tiny
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

from svmbook import datasets
from svmbook.datasets import (
    EXTERNAL_FILES,
    ChecksumError,
    ExternalFile,
    cache_home,
    data_home,
    fetch_file,
    gunn_table,
    load_iris_petal,
    load_libsvm,
    load_raetsch,
    load_titanium,
    load_usps,
    make_blobs2d,
    make_circles2d,
    make_linear2d,
    make_xor,
)
from svmbook.theory import is_linearly_separable

# --------------------------------------------------------------------------------------------------
# Gunn's tables (notes section 4).


def test_table_2_1_verbatim():
    X, y = gunn_table("2.1")
    assert X.dtype == y.dtype == np.float64 and X.shape == (7, 2) and y.shape == (7,)
    expected = [[1, 1], [3, 3], [1, 3], [3, 1], [2, 2.5], [3, 2.5], [4, 3]]
    np.testing.assert_array_equal(X, expected)
    np.testing.assert_array_equal(y, [-1, 1, 1, -1, 1, -1, -1])
    assert (y == 1).sum() == 3 and (y == -1).sum() == 4


def test_table_2_2_is_table_2_1_plus_two_points():
    X, y = gunn_table("2.2")
    X1, y1 = gunn_table("2.1")
    assert X.shape == (9, 2)
    np.testing.assert_array_equal(X[:7], X1)
    np.testing.assert_array_equal(y[:7], y1)
    np.testing.assert_array_equal(X[7:], [[1.5, 1.5], [1, 2]])
    np.testing.assert_array_equal(y[7:], [1, -1])
    assert (y == 1).sum() == 4 and (y == -1).sum() == 5


def test_table_5_1_verbatim():
    X, y = gunn_table("5.1")
    assert X.shape == (9, 1)
    np.testing.assert_array_equal(X[:, 0], [1.0, 3.0, 4.0, 5.6, 7.8, 10.2, 11.0, 11.5, 12.7])
    np.testing.assert_array_equal(y, [-1.6, -1.8, -1.0, 1.2, 2.2, 6.8, 10.0, 10.0, 10.0])


def test_gunn_table_returns_fresh_copies_and_rejects_unknown_names():
    X, y = gunn_table("2.1")
    X[0, 0] = 99.0
    y[0] = 99.0
    assert gunn_table("2.1")[0][0, 0] == 1.0 and gunn_table("2.1")[1][0] == -1.0
    with pytest.raises(ValueError, match="name"):
        gunn_table("2.3")


# --------------------------------------------------------------------------------------------------
# Iris petals.


def test_iris_petal_shapes_and_labels():
    X, y = load_iris_petal()
    assert X.shape == (150, 2) and X.dtype == np.float64
    np.testing.assert_array_equal(np.bincount(y), [50, 50, 50])
    for k, name in enumerate(["setosa", "versicolor", "virginica"]):
        _, yk = load_iris_petal(name)
        assert yk.dtype == np.float64 and set(np.unique(yk)) == {-1.0, 1.0}
        np.testing.assert_array_equal(yk == 1, y == k)
    with pytest.raises(ValueError, match="target"):
        load_iris_petal("versilcolor")


def test_iris_duplicate_point_and_distinct_count():
    X, y = load_iris_petal()
    at = np.flatnonzero((X[:, 0] == 4.8) & (X[:, 1] == 1.8))
    np.testing.assert_array_equal(at, [70, 126, 138])  # Versicolor #71, Virginica #127, #139
    np.testing.assert_array_equal(y[at], [1, 2, 2])
    assert len(np.unique(X, axis=0)) == 102
    # The duplicate makes Versicolor/Virginica-vs-rest infeasible for any hard-margin classifier.
    assert not is_linearly_separable(*load_iris_petal("versicolor"))
    assert not is_linearly_separable(*load_iris_petal("virginica"))
    assert is_linearly_separable(*load_iris_petal("setosa"))
    # Gunn's two Setosa support vectors (notes 5.5): #45 and #99.
    np.testing.assert_array_equal(X[[44, 98]], [[1.9, 0.4], [3.0, 1.1]])


# --------------------------------------------------------------------------------------------------
# Titanium.


# de Boor's TITAND, as listed in the task brief and notes section 4.4 (a second transcription).
TITANIUM_Y = [
    *(0.644, 0.622, 0.638, 0.649, 0.652, 0.639, 0.646, 0.657, 0.652, 0.655),
    *(0.644, 0.663, 0.663, 0.668, 0.676, 0.676, 0.686, 0.679, 0.678, 0.683),
    *(0.694, 0.699, 0.710, 0.730, 0.763, 0.812, 0.907, 1.044, 1.336, 1.881),
    *(2.169, 2.075, 1.598, 1.211, 0.916, 0.746, 0.672, 0.627, 0.615, 0.607),
    *(0.606, 0.609, 0.603, 0.601, 0.603, 0.601, 0.611, 0.601, 0.608),
]


def test_titanium_raw():
    X, y = load_titanium(scale=None)
    assert X.shape == (49, 1) and y.shape == (49,)
    np.testing.assert_array_equal(X[:, 0], 595.0 + 10.0 * np.arange(49))
    # The peak is the 31st point: x = 585 + 10 * 31 = 895 (905 is the 32nd, y = 2.075).
    assert y.max() == 2.169 and X[np.argmax(y), 0] == 895.0 and y[31] == 2.075
    assert y.min() == 0.601
    assert (y[0], y[29], y[-1]) == (0.644, 1.881, 0.608)
    np.testing.assert_array_equal(y, TITANIUM_Y)


def test_titanium_scalings():
    X_raw, y_raw = load_titanium(scale=None)
    X_unit, y_unit = load_titanium()
    X_sym, _ = load_titanium(scale="symmetric")
    np.testing.assert_array_equal(y_unit, y_raw)
    assert (X_unit[0, 0], X_unit[-1, 0]) == (0.0, 1.0)
    assert (X_sym[0, 0], X_sym[-1, 0]) == (-1.0, 1.0)
    np.testing.assert_allclose(X_unit[:, 0], (X_raw[:, 0] - 595.0) / 480.0, atol=1e-15)
    np.testing.assert_allclose(np.diff(X_unit[:, 0]), 1 / 48)
    with pytest.raises(ValueError, match="scale"):
        load_titanium(scale="minmax")


# --------------------------------------------------------------------------------------------------
# Toy generators.

GENERATORS = [
    (make_linear2d, {"n_samples": 41}),
    (make_blobs2d, {"n_samples": 41}),
    (make_xor, {"n_samples": 41}),
    (make_circles2d, {"n_samples": 41}),
]


@pytest.mark.parametrize(("make", "kwargs"), GENERATORS)
def test_generators_are_deterministic_under_a_seed(make, kwargs):
    X1, y1 = make(**kwargs, random_state=3)
    X2, y2 = make(**kwargs, random_state=3)
    X3, _ = make(**kwargs, random_state=4)
    X4, y4 = make(**kwargs, random_state=np.random.default_rng(3))
    np.testing.assert_array_equal(X1, X2)
    np.testing.assert_array_equal(y1, y2)
    np.testing.assert_array_equal(X1, X4)
    np.testing.assert_array_equal(y1, y4)
    assert not np.array_equal(X1, X3)
    assert X1.shape == (41, 2) and X1.dtype == np.float64 and X1.flags.c_contiguous
    assert set(np.unique(y1)) == {-1.0, 1.0}


@pytest.mark.parametrize(("make", "kwargs"), GENERATORS[:2] + GENERATORS[3:])
def test_generators_class_sizes(make, kwargs):
    _, y = make(**kwargs, random_state=0)
    assert (y == -1).sum() == 20 and (y == 1).sum() == 21


def test_make_linear2d_is_separable_with_a_gap():
    X, y = make_linear2d(200, margin=0.4, random_state=0)
    assert is_linearly_separable(X, y)
    assert np.all(np.abs(X) <= 1.0)
    # The gap is at least margin: the closest pair across classes is at least that far apart.
    gaps = np.linalg.norm(X[y == 1][:, None, :] - X[y == -1][None, :, :], axis=2)
    assert gaps.min() >= 0.4


def test_non_separable_cases():
    assert not is_linearly_separable(*make_blobs2d(200, separation=1.0, random_state=0))
    assert is_linearly_separable(*make_blobs2d(100, separation=12.0, random_state=0))
    X, y = make_xor(40, noise=0.1, random_state=0)
    assert not is_linearly_separable(X, y)
    np.testing.assert_array_equal(y, -np.sign(X[:, 0]) * np.sign(X[:, 1]))
    X, y = make_circles2d(100, factor=0.3, noise=0.0, random_state=0)
    radius = np.linalg.norm(X, axis=1)
    np.testing.assert_allclose(radius[y == 1], 0.3)
    np.testing.assert_allclose(radius[y == -1], 1.0)
    assert not is_linearly_separable(X, y)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: make_blobs2d(1), "n_samples"),
        (lambda: make_blobs2d(10, separation=-1.0), "separation"),
        (lambda: make_blobs2d(10, cluster_std=0.0), "cluster_std"),
        (lambda: make_xor(3), "n_samples"),
        (lambda: make_xor(10, noise=-0.1), "noise"),
        (lambda: make_circles2d(10, factor=1.0), "factor"),
        (lambda: make_circles2d(10, noise=np.nan), "noise"),
        (lambda: make_linear2d(10, margin=1.0), "margin"),
        (lambda: make_linear2d(10, random_state=-1), "random_state"),
    ],
)
def test_generators_reject_bad_parameters(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_generators_reject_bad_types():
    with pytest.raises(TypeError, match="n_samples"):
        make_blobs2d(10.0)
    with pytest.raises(TypeError, match="random_state"):
        make_xor(10, random_state="seed")


# --------------------------------------------------------------------------------------------------
# Registry, data_home, fetch_file.


def test_registry_matches_the_published_provenance():
    assert len(EXTERNAL_FILES) == 347
    for path, entry in EXTERNAL_FILES.items():
        assert entry.path == path
        assert len(entry.sha256) == 64 and int(entry.sha256, 16) >= 0
        assert entry.bytes > 0
        assert entry.url.startswith("https://raw.githubusercontent.com/")
    usps = EXTERNAL_FILES["usps/zip.train.gz"]
    assert usps.sha256 == "66ebf231ab51f2cf6ac1a892d0f98ccffee1079d7a5db638c1f11f366046ca16"
    assert usps.bytes == 1829071
    assert usps.url.endswith("/2c13a4818379451bcce802bcd7917f4878e12977/data/zipcode/zip.train.gz")
    assert sum(p.startswith("raetsch/banana/") for p in EXTERNAL_FILES) == 40
    assert sum(p.startswith("raetsch/twonorm/") for p in EXTERNAL_FILES) == 4


def test_data_home_and_cache_home_resolution(monkeypatch, tmp_path):
    monkeypatch.delenv("SVMBOOK_DATA", raising=False)
    monkeypatch.delenv("SVMBOOK_CACHE", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_home() == tmp_path / "home" / ".cache" / "svmbook"
    assert data_home() == cache_home()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_home() == tmp_path / "xdg" / "svmbook"
    monkeypatch.setenv("SVMBOOK_CACHE", str(tmp_path / "cache"))
    assert data_home() == cache_home() == tmp_path / "cache"
    monkeypatch.setenv("SVMBOOK_DATA", str(tmp_path / "shared"))
    assert data_home() == tmp_path / "shared"
    assert cache_home() == tmp_path / "cache"


def _register(monkeypatch, relpath, content, url="https://example.invalid/file"):
    entry = ExternalFile(relpath, len(content), hashlib.sha256(content).hexdigest(), url)
    monkeypatch.setitem(EXTERNAL_FILES, relpath, entry)
    return entry


@pytest.fixture
def dirs(monkeypatch, tmp_path):
    """Empty SVMBOOK_DATA and SVMBOOK_CACHE directories, and a downloader that always fails."""
    data, cache = tmp_path / "data", tmp_path / "cache"
    data.mkdir()
    monkeypatch.setenv("SVMBOOK_DATA", str(data))
    monkeypatch.setenv("SVMBOOK_CACHE", str(cache))

    def no_network(url, dest):
        raise urllib.error.URLError("no network in tests")

    monkeypatch.setattr(datasets, "_download", no_network)
    return data, cache


def test_fetch_file_prefers_svmbook_data_then_cache(monkeypatch, dirs):
    data, cache = dirs
    content = b"svmbook test file\n"
    _register(monkeypatch, "tests/a.txt", content)
    (cache / "tests").mkdir(parents=True)
    (cache / "tests" / "a.txt").write_bytes(content)
    assert fetch_file("tests/a.txt") == cache / "tests" / "a.txt"
    (data / "tests").mkdir()
    (data / "tests" / "a.txt").write_bytes(content)
    assert fetch_file("tests/a.txt") == data / "tests" / "a.txt"
    with pytest.raises(ValueError, match="relpath"):
        fetch_file("tests/unregistered.txt")


def test_checksum_mismatch_raises_a_clear_error(monkeypatch, dirs):
    data, _ = dirs
    _register(monkeypatch, "tests/b.txt", b"the right content\n")
    (data / "tests").mkdir()
    (data / "tests" / "b.txt").write_bytes(b"the wrong content\n")  # same size, other sha256
    with pytest.raises(ChecksumError, match=r"not the registered file 'tests/b.txt' \(sha256"):
        fetch_file("tests/b.txt")
    (data / "tests" / "b.txt").write_bytes(b"short\n")
    with pytest.raises(ChecksumError, match="6 bytes, expected 18"):
        fetch_file("tests/b.txt")
    assert issubclass(ChecksumError, OSError)


def test_verification_is_cached_per_process(monkeypatch, dirs):
    data, _ = dirs
    content = b"hash me once\n"
    _register(monkeypatch, "tests/c.txt", content)
    (data / "tests").mkdir()
    (data / "tests" / "c.txt").write_bytes(content)
    calls = []
    real_sha256 = datasets._sha256
    monkeypatch.setattr(datasets, "_sha256", lambda p: calls.append(p) or real_sha256(p))
    fetch_file("tests/c.txt")
    fetch_file("tests/c.txt")
    assert len(calls) == 1


def test_absent_and_offline_tells_the_user_what_to_do(monkeypatch, dirs):
    _, cache = dirs
    _register(monkeypatch, "tests/d.txt", b"never here\n")
    with pytest.raises(FileNotFoundError, match="SVMBOOK_DATA") as info:
        fetch_file("tests/d.txt")
    message = str(info.value)
    assert "go online" in message and "no network in tests" in message and "tests/d.txt" in message
    assert not list(cache.rglob("*d.txt*"))  # no partial download left behind
    with pytest.raises(FileNotFoundError, match="download=False"):
        fetch_file("tests/d.txt", download=False)


def test_download_is_verified_then_cached(monkeypatch, dirs):
    _, cache = dirs
    content = b"downloaded content\n"
    entry = _register(monkeypatch, "tests/e.txt", content, url="https://example.invalid/e.txt")
    seen = []

    def fake_download(url, dest):
        seen.append(url)
        Path(dest).write_bytes(content)

    monkeypatch.setattr(datasets, "_download", fake_download)
    path = fetch_file("tests/e.txt")
    assert path == cache / "tests" / "e.txt" and path.read_bytes() == content
    assert seen == [entry.url]
    fetch_file("tests/e.txt")
    assert len(seen) == 1  # found in the cache the second time
    assert not list(cache.rglob("*.part"))


def test_corrupt_download_is_rejected_and_discarded(monkeypatch, dirs):
    _, cache = dirs
    _register(monkeypatch, "tests/f.txt", b"expected bytes\n")
    monkeypatch.setattr(
        datasets, "_download", lambda url, dest: Path(dest).write_bytes(b"html error")
    )
    with pytest.raises(ChecksumError):
        fetch_file("tests/f.txt")
    assert not any(p.is_file() for p in cache.rglob("*"))


# --------------------------------------------------------------------------------------------------
# Loaders: the real files when $SVMBOOK_DATA has them, else synthetic files in the same formats.

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


def _write_synthetic(root, monkeypatch):
    """Tiny files in the real formats, registered under the real names; returns expected shapes."""
    rng = np.random.default_rng(0)

    def put(relpath, content):
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        _register(monkeypatch, relpath, content)

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
def external(monkeypatch, tmp_path):
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
    return "synthetic", _write_synthetic(tmp_path / "data", monkeypatch)


def test_load_usps(external):
    _, expected = external
    for subset, n in zip(("train", "test"), expected["usps"], strict=True):
        X, y = load_usps(subset)
        assert X.shape == (n, 256) and X.dtype == np.float64 and X.flags.c_contiguous
        assert y.shape == (n,) and y.dtype == np.int64
        np.testing.assert_array_equal(np.unique(y), np.arange(10))
        assert X.min() >= -1.0 and X.max() <= 1.0
    with pytest.raises(ValueError, match="subset"):
        load_usps("validation")


def test_load_raetsch_asc(external):
    _, expected = external
    X_train, y_train, X_test, y_test = load_raetsch("banana", realisation=1)
    n_train, n_test = expected["banana"]
    assert X_train.shape == (n_train, 2) and X_test.shape == (n_test, 2)
    assert y_train.shape == (n_train,) and y_test.shape == (n_test,)
    assert set(np.unique(y_train)) == set(np.unique(y_test)) == {-1.0, 1.0}
    with pytest.raises(ValueError, match="realisation"):
        load_raetsch("banana", realisation=11)
    with pytest.raises(ValueError, match="realisation"):
        load_raetsch("banana", realisation=0)
    with pytest.raises(ValueError, match="name"):
        load_raetsch("diabetes")


@pytest.mark.parametrize(
    ("name", "n_train", "n_test", "n_pos", "n_pos_train"),
    [("thyroid", 140, 75, 65, 42), ("diabetis", 468, 300, 268, 163)],
)
def test_load_raetsch_full_data_split(external, name, n_train, n_test, n_pos, n_pos_train):
    X_train, y_train, X_test, y_test = load_raetsch(name, realisation=3)
    assert X_train.shape[0] == n_train and X_test.shape[0] == n_test
    assert (y_train == 1).sum() == n_pos_train  # stratified: round(n_pos * n_train / n)
    assert (y_train == 1).sum() + (y_test == 1).sum() == n_pos
    again = load_raetsch(name, realisation=3)
    other = load_raetsch(name, realisation=4)
    np.testing.assert_array_equal(again[0], X_train)
    assert not np.array_equal(other[0], X_train)

    # Each realisation partitions the same rows: train + test is the whole data set.
    def sorted_rows(parts):
        rows = np.column_stack([np.vstack([parts[0], parts[2]]), np.r_[parts[1], parts[3]]])
        return rows[np.lexsort(rows.T[::-1])]

    np.testing.assert_array_equal(sorted_rows(again), sorted_rows(other))


def test_load_libsvm(external):
    _, expected = external
    X, y = load_libsvm("statlog-heart")
    n, n_pos = expected["heart"]
    assert X.shape == (n, 13) and isinstance(X, np.ndarray)
    assert set(np.unique(y)) == {-1.0, 1.0} and (y == 1).sum() == n_pos
    X, y = load_libsvm("dna", dense=False)
    assert X.shape == (expected["dna"], 180) and X.format == "csr"
    assert y.dtype == np.int64 and set(np.unique(y)) == {1, 2, 3}
    with pytest.raises(ValueError, match="subset"):
        load_libsvm("statlog-heart", subset="train")
    with pytest.raises(ValueError, match="name"):
        load_libsvm("mnist")


# --------------------------------------------------------------------------------------------------
# Goodrich (2012) chapter 4 toys.


def test_goodrich_imbalanced_toys():
    from svmbook.datasets import UNBAL_COSTS, make_imbalanced2d, make_unbal

    X, y = make_unbal()
    assert X.shape == (1200, 2) and (y == 1).sum() == 200 and (y == -1).sum() == 1000
    np.testing.assert_array_equal(make_unbal(random_state=0)[0], X)
    assert not is_linearly_separable(X, y)
    assert UNBAL_COSTS == {1: 10.0, -1: 1.0}
    X, y = make_imbalanced2d(random_state=1)
    assert X.shape == (550, 2) and (y == 1).sum() == 500 and (y == -1).sum() == 50
    # Means +-(separation / 2)(1, 1)/sqrt(2): the class means are about separation apart.
    gap = np.linalg.norm(X[y == 1].mean(0) - X[y == -1].mean(0))
    assert abs(gap - 2.0) < 0.5
    with pytest.raises(ValueError, match="n_pos must be >= 1"):
        make_unbal(n_pos=0)
    with pytest.raises(TypeError, match="n_neg must be an int"):
        make_imbalanced2d(n_neg=5.0)
    with pytest.raises(ValueError, match="separation"):
        make_imbalanced2d(separation=-1.0)
