"""Tests of svmbook.datasets._fetch: the registry, the data directories, checked downloads."""

from pathlib import Path

import pytest

from svmbook.datasets import (
    EXTERNAL_FILES,
    ChecksumError,
    _fetch,
    cache_home,
    data_home,
    fetch_file,
)


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


def test_fetch_file_prefers_svmbook_data_then_cache(monkeypatch, dirs, register):
    data, cache = dirs
    content = b"svmbook test file\n"
    register("tests/a.txt", content)
    (cache / "tests").mkdir(parents=True)
    (cache / "tests" / "a.txt").write_bytes(content)
    assert fetch_file("tests/a.txt") == cache / "tests" / "a.txt"
    (data / "tests").mkdir()
    (data / "tests" / "a.txt").write_bytes(content)
    assert fetch_file("tests/a.txt") == data / "tests" / "a.txt"
    with pytest.raises(ValueError, match="relpath"):
        fetch_file("tests/unregistered.txt")


def test_checksum_mismatch_raises_a_clear_error(monkeypatch, dirs, register):
    data, _ = dirs
    register("tests/b.txt", b"the right content\n")
    (data / "tests").mkdir()
    (data / "tests" / "b.txt").write_bytes(b"the wrong content\n")  # same size, other sha256
    with pytest.raises(ChecksumError, match=r"not the registered file 'tests/b.txt' \(sha256"):
        fetch_file("tests/b.txt")
    (data / "tests" / "b.txt").write_bytes(b"short\n")
    with pytest.raises(ChecksumError, match="6 bytes, expected 18"):
        fetch_file("tests/b.txt")
    assert issubclass(ChecksumError, OSError)


def test_verification_is_cached_per_process(monkeypatch, dirs, register):
    data, _ = dirs
    content = b"hash me once\n"
    register("tests/c.txt", content)
    (data / "tests").mkdir()
    (data / "tests" / "c.txt").write_bytes(content)
    calls = []
    real_sha256 = _fetch._sha256
    monkeypatch.setattr(_fetch, "_sha256", lambda p: calls.append(p) or real_sha256(p))
    fetch_file("tests/c.txt")
    fetch_file("tests/c.txt")
    assert len(calls) == 1


def test_absent_and_offline_tells_the_user_what_to_do(monkeypatch, dirs, register):
    _, cache = dirs
    register("tests/d.txt", b"never here\n")
    with pytest.raises(FileNotFoundError, match="SVMBOOK_DATA") as info:
        fetch_file("tests/d.txt")
    message = str(info.value)
    assert "go online" in message and "no network in tests" in message and "tests/d.txt" in message
    assert not list(cache.rglob("*d.txt*"))  # no partial download left behind
    with pytest.raises(FileNotFoundError, match="download=False"):
        fetch_file("tests/d.txt", download=False)


def test_download_is_verified_then_cached(monkeypatch, dirs, register):
    _, cache = dirs
    content = b"downloaded content\n"
    entry = register("tests/e.txt", content, url="https://example.invalid/e.txt")
    seen = []

    def fake_download(url, dest):
        seen.append(url)
        Path(dest).write_bytes(content)

    monkeypatch.setattr(_fetch, "_download", fake_download)
    path = fetch_file("tests/e.txt")
    assert path == cache / "tests" / "e.txt" and path.read_bytes() == content
    assert seen == [entry.url]
    fetch_file("tests/e.txt")
    assert len(seen) == 1  # found in the cache the second time
    assert not list(cache.rglob("*.part"))


def test_corrupt_download_is_rejected_and_discarded(monkeypatch, dirs, register):
    _, cache = dirs
    register("tests/f.txt", b"expected bytes\n")
    monkeypatch.setattr(
        _fetch, "_download", lambda url, dest: Path(dest).write_bytes(b"html error")
    )
    with pytest.raises(ChecksumError):
        fetch_file("tests/f.txt")
    assert not any(p.is_file() for p in cache.rglob("*"))
