"""Where the external data files are: ``$SVMBOOK_DATA``, the user cache, or a checked download.

Benchmark sets (USPS, Rätsch's IDA benchmark, the StatLog/LIBSVM sets) are never copied into the
repository: the registry :data:`EXTERNAL_FILES` (``svmbook/data/external_files.csv``) records each
file's size, sha256 and public URL, and :func:`fetch_file` finds it under ``$SVMBOOK_DATA``
(``make test`` points it at the shared data directory), else in the user cache (``$SVMBOOK_CACHE``,
default ``~/.cache/svmbook``), else downloads it there. Every file is checked against its sha256
the first time a process uses it.
"""

from __future__ import annotations

import csv
import hashlib
import os
import shutil
import tempfile
import urllib.request
from importlib import resources
from pathlib import Path
from typing import NamedTuple

__all__ = [
    "EXTERNAL_FILES",
    "ChecksumError",
    "ExternalFile",
    "cache_home",
    "data_home",
    "fetch_file",
]


class ExternalFile(NamedTuple):
    """One registered external file (a row of ``svmbook/data/external_files.csv``)."""

    path: str
    """Path relative to the data root, e.g. ``"usps/zip.train.gz"``."""
    bytes: int
    """Size in bytes."""
    sha256: str
    """Hex sha256 of the file as published in the shared data's ``SOURCES.md``."""
    url: str
    """Raw GitHub URL of the public repository snapshot the file was copied from."""


class ChecksumError(OSError):
    """A data file does not have the registered size or sha256."""


def _read_registry():
    text = resources.files("svmbook").joinpath("data", "external_files.csv").read_text()
    rows = csv.DictReader(text.splitlines())
    return {
        row["path"]: ExternalFile(row["path"], int(row["bytes"]), row["sha256"], row["url"])
        for row in rows
    }


EXTERNAL_FILES: dict[str, ExternalFile] = _read_registry()
"""Every external file svmbook knows, keyed by its path relative to the data root."""

# Files verified in this process: resolved path -> (size, mtime_ns, sha256) at verification time.
_VERIFIED: dict[str, tuple[int, int, str]] = {}


def cache_home():
    """Directory where downloaded files are kept (not created here).

    ``$SVMBOOK_CACHE`` if set, else ``$XDG_CACHE_HOME/svmbook``, else ``~/.cache/svmbook``.

    Returns
    -------
    pathlib.Path
        The cache directory, with ``~`` expanded; it may not exist yet.
    """
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return _environ_dir("SVMBOOK_CACHE") or Path(base).expanduser() / "svmbook"


def data_home():
    """Directory searched first for external data: ``$SVMBOOK_DATA``, else :func:`cache_home`.

    ``$SVMBOOK_DATA`` must have the shared layout (``usps/``, ``raetsch/<name>/``, ``satimage/``,
    ...); ``make test`` sets it to ``../shared/data`` when that directory exists.

    Returns
    -------
    pathlib.Path
        The data root, with ``~`` expanded; it may not exist yet.
    """
    return _environ_dir("SVMBOOK_DATA") or cache_home()


def _environ_dir(variable):
    """Return the directory in the environment ``variable``, ``~`` expanded; None if unset."""
    value = os.environ.get(variable)
    return Path(value).expanduser() if value else None


def _sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _verify(path, entry):
    """Raise ChecksumError unless ``path`` has ``entry``'s size and sha256 (cached per process)."""
    stat = path.stat()
    key = str(path.resolve())
    if _VERIFIED.get(key) == (stat.st_size, stat.st_mtime_ns, entry.sha256):
        return
    if stat.st_size != entry.bytes:
        actual = f"{stat.st_size} bytes, expected {entry.bytes}"
    else:
        sha = _sha256(path)
        if sha == entry.sha256:
            _VERIFIED[key] = (stat.st_size, stat.st_mtime_ns, entry.sha256)
            return
        actual = f"sha256 {sha}, expected {entry.sha256}"
    raise ChecksumError(
        f"{path} is not the registered file {entry.path!r} ({actual}). The file is corrupt, "
        f"truncated or a different version: delete or replace it (source: {entry.url})."
    )


def _download(url, dest):
    """Copy ``url`` to the local file ``dest`` (a plain HTTP GET; tests replace this function)."""
    with urllib.request.urlopen(url, timeout=60) as response, open(dest, "wb") as out:
        shutil.copyfileobj(response, out)


def fetch_file(relpath, download=True):
    """Local path of a registered external file, downloading it into the cache if needed.

    Looks under ``$SVMBOOK_DATA`` first (when set), then under :func:`cache_home`. If the file is in
    neither and ``download`` is true, it is downloaded from its registered URL into a temporary file
    in the cache, checked against the registered sha256 and only then renamed into place. The first
    use in a process of every file found or downloaded is checked against the registry.

    Parameters
    ----------
    relpath : str
        A key of :data:`EXTERNAL_FILES`, e.g. ``"usps/zip.train.gz"`` or
        ``"raetsch/banana/banana_train_data_1.asc"``.
    download : bool, default=True
        Whether a missing file may be downloaded.

    Returns
    -------
    path : pathlib.Path

    Raises
    ------
    ValueError
        If ``relpath`` is not registered.
    ChecksumError
        If the file found (or downloaded) has the wrong size or sha256.
    FileNotFoundError
        If the file is absent and cannot be downloaded; the message says to set ``SVMBOOK_DATA`` or
        go online.
    """
    entry = EXTERNAL_FILES.get(str(relpath).replace(os.sep, "/"))
    if entry is None:
        raise ValueError(
            f"relpath {relpath!r} is not a registered svmbook data file "
            "(see svmbook.datasets.EXTERNAL_FILES)"
        )
    searched = []
    if os.environ.get("SVMBOOK_DATA"):
        searched.append(Path(os.environ["SVMBOOK_DATA"]).expanduser() / entry.path)
    cached = cache_home() / entry.path
    searched.append(cached)
    for candidate in searched:
        if candidate.is_file():
            _verify(candidate, entry)
            return candidate
    where = " or ".join(str(p) for p in searched)
    advice = (
        f"Set SVMBOOK_DATA to a directory holding {entry.path} (the shared data layout), "
        f"or go online so svmbook can download it into {cache_home()}."
    )
    if not download:
        raise FileNotFoundError(
            f"{entry.path} was not found in {where} and download=False. {advice}"
        )
    cached.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=cached.parent, prefix=f".{cached.name}.", suffix=".part")
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        try:
            _download(entry.url, tmp)
        except Exception as exc:  # urllib raises URLError, HTTPError, TimeoutError, OSError...
            raise FileNotFoundError(
                f"{entry.path} was not found in {where}, and downloading it from {entry.url} "
                "failed "
                f"({type(exc).__name__}: {exc}). {advice}"
            ) from exc
        _verify(tmp, entry)
        os.replace(tmp, cached)
    finally:
        tmp.unlink(missing_ok=True)
    _verify(cached, entry)
    return cached
