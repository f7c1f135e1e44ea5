"""Data sets of the book: Gunn's tables, iris petals, titanium, 2-D toys, external benchmarks.

Small data ship with the package (the tables are typed in below, ``titanium.csv`` lives in
``svmbook/data``). Benchmark sets (USPS, Rätsch's IDA benchmark, the StatLog/LIBSVM sets) are never
copied into the repository: the registry :data:`EXTERNAL_FILES` records each file's size, sha256 and
public URL, and :func:`fetch_file` finds it under ``$SVMBOOK_DATA`` (``make test`` points it at
``../shared/data``), else in the user cache (``$SVMBOOK_CACHE``, default ``~/.cache/svmbook``), else
downloads it there. Every file is checked against its sha256 the first time a process uses it.

Labels: binary problems use ``y`` in {-1, +1} (float64); multiclass problems keep the file's integer
labels.
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

import numpy as np

from ._validation import check_interval, check_positive

__all__ = [
    "EXTERNAL_FILES",
    "ChecksumError",
    "ExternalFile",
    "cache_home",
    "data_home",
    "fetch_file",
    "gunn_table",
    "load_iris_petal",
    "load_libsvm",
    "load_raetsch",
    "load_titanium",
    "load_usps",
    "make_blobs2d",
    "make_circles2d",
    "make_linear2d",
    "make_xor",
]

# --------------------------------------------------------------------------------------------------
# Gunn (1998), section 4 of the reading notes: verbatim fixtures, rows in the report's order (report
# row i = [i-1]).

_TABLE_2_1 = [
    (1.0, 1.0, -1.0),
    (3.0, 3.0, 1.0),
    (1.0, 3.0, 1.0),
    (3.0, 1.0, -1.0),
    (2.0, 2.5, 1.0),
    (3.0, 2.5, -1.0),
    (4.0, 3.0, -1.0),
]
# Table 2.2 is Table 2.1 plus two points that make it non-separable.
_TABLE_2_2 = _TABLE_2_1 + [(1.5, 1.5, 1.0), (1.0, 2.0, -1.0)]
_TABLE_5_1 = [
    (1.0, -1.6),
    (3.0, -1.8),
    (4.0, -1.0),
    (5.6, 1.2),
    (7.8, 2.2),
    (10.2, 6.8),
    (11.0, 10.0),
    (11.5, 10.0),
    (12.7, 10.0),
]
_GUNN_TABLES = {"2.1": _TABLE_2_1, "2.2": _TABLE_2_2, "5.1": _TABLE_5_1}


def gunn_table(name):
    """Return one of the small data tables printed in Gunn (1998).

    Parameters
    ----------
    name : {"2.1", "2.2", "5.1"}
        ``"2.1"``: Table 2.1, linearly separable classification data (7 points, 3 positive, 4
        negative). ``"2.2"``: Table 2.2, Table 2.1 plus (1.5, 1.5, +1) and (1, 2, -1); not linearly
        separable (9 points, 4 positive, 5 negative). ``"5.1"``: Table 5.1, 1-D regression data (9
        points).

    Returns
    -------
    X : ndarray of shape (n_samples, n_features), float64
        Rows in the report's order: the report's point i (1-based) is ``X[i - 1]``.
    y : ndarray of shape (n_samples,), float64
        Labels in {-1, +1} for the classification tables, targets for Table 5.1.

    References
    ----------
    S. R. Gunn, *Support Vector Machines for Classification and Regression*, technical report,
    University of Southampton, 1998, Tables 2.1, 2.2 and 5.1.

    Examples
    --------
    >>> X, y = gunn_table("2.1")
    >>> X.shape, int((y > 0).sum())
    ((7, 2), 3)
    """
    key = str(name)
    if key not in _GUNN_TABLES:
        raise ValueError(f"name must be one of {sorted(_GUNN_TABLES)}, got {name!r}")
    table = np.array(_GUNN_TABLES[key], dtype=np.float64)
    return np.ascontiguousarray(table[:, :-1]), table[:, -1].copy()


# --------------------------------------------------------------------------------------------------
# Iris petals and titanium.

_IRIS_CLASSES = ("setosa", "versicolor", "virginica")


def load_iris_petal(target=None):
    """Fisher's iris, petal length and petal width only (Gunn 1998, ch. 4).

    Parameters
    ----------
    target : {None, "setosa", "versicolor", "virginica"}, default=None
        ``None`` returns the three-class labels 0 (setosa), 1 (versicolor), 2 (virginica). A class
        name returns the one-vs-rest problem: +1 for that class, -1 for the other two.

    Returns
    -------
    X : ndarray of shape (150, 2), float64
        Petal length and petal width in cm (raw, unscaled).
    y : ndarray of shape (150,)
        int64 in {0, 1, 2} if ``target`` is None, else float64 in {-1, +1}.

    Notes
    -----
    The data come from :func:`sklearn.datasets.load_iris`, whose copy has Fisher's corrected samples
    35 and 38 (the UCI file differs in their setosa features); neither affects the petal support
    vectors of Gunn's figures.

    Only 102 of the 150 petal points are distinct. In particular (4.8, 1.8) occurs three times:
    Versicolor #71 and Virginica #127 and #139 (1-based; ``X[70]``, ``X[126]``, ``X[138]``). Gunn's
    report speaks of "two" identical examples of different classes. Either way, Versicolor-vs-rest
    and Virginica-vs-rest are not separable by *any* classifier, in any feature space, so a
    hard-margin (``C=np.inf``) problem on them is infeasible; Setosa-vs-rest is linearly separable.

    Examples
    --------
    >>> X, y = load_iris_petal("setosa")
    >>> X.shape, int((y > 0).sum())
    ((150, 2), 50)
    """
    from sklearn.datasets import load_iris

    if target is not None and target not in _IRIS_CLASSES:
        raise ValueError(f"target must be None or one of {_IRIS_CLASSES}, got {target!r}")
    iris = load_iris()
    X = np.ascontiguousarray(iris.data[:, 2:4], dtype=np.float64)
    labels = np.asarray(iris.target, dtype=np.int64)
    if target is None:
        return X, labels
    return X, np.where(labels == _IRIS_CLASSES.index(target), 1.0, -1.0)


def load_titanium(scale="unit"):
    """The 49-point titanium heat data (de Boor's ``TITAND``, Dierckx 1993) of Gunn (1998), ch. 6.

    Parameters
    ----------
    scale : {"unit", "symmetric", None}, default="unit"
        How the temperature x is mapped. ``"unit"`` min-max scales x to [0, 1] (our documented
        choice, as Gunn does not state his preprocessing: the spline kernel (3.12) needs x >= 0, the
        B-spline kernel lives on [-1, 1] and the Fourier kernel on [-pi/2, pi/2], and [0, 1]
        satisfies all three). ``"symmetric"`` maps x to [-1, 1]; ``None`` keeps the raw temperatures
        595, 605, ..., 1075. y is never scaled.

    Returns
    -------
    X : ndarray of shape (49, 1), float64
    y : ndarray of shape (49,), float64
        The titanium property, between 0.601 and 2.169 (peak at x = 895, the 31st point).

    Notes
    -----
    The values were typed from a public listing of de Boor's ``TITAND``, not from Gunn's report,
    which does not print them; see ``svmbook/data/README.md`` for the provenance.
    """
    if scale not in ("unit", "symmetric", None):
        raise ValueError(f"scale must be 'unit', 'symmetric' or None, got {scale!r}")
    text = resources.files("svmbook").joinpath("data", "titanium.csv").read_text()
    table = np.loadtxt(text.splitlines(), delimiter=",", skiprows=1, dtype=np.float64)
    x, y = table[:, 0], np.ascontiguousarray(table[:, 1])
    if scale is not None:
        x = (x - x.min()) / (x.max() - x.min())
        if scale == "symmetric":
            x = 2.0 * x - 1.0
    return np.ascontiguousarray(x.reshape(-1, 1)), y


# --------------------------------------------------------------------------------------------------
# 2-D toy generators.


def _check_random_state(random_state):
    if random_state is None or isinstance(random_state, np.random.Generator):
        return np.random.default_rng(random_state)
    if isinstance(random_state, (int, np.integer)) and not isinstance(random_state, bool):
        if random_state < 0:
            raise ValueError(f"random_state must be a non-negative int, got {random_state}")
        return np.random.default_rng(int(random_state))
    raise TypeError(
        "random_state must be None, an int or a numpy.random.Generator, "
        f"got {type(random_state).__name__}"
    )


def _check_n_samples(n_samples, minimum=2):
    if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)):
        raise TypeError(f"n_samples must be an int, got {type(n_samples).__name__}")
    if n_samples < minimum:
        raise ValueError(f"n_samples must be >= {minimum}, got {n_samples}")
    return int(n_samples)


def _split_classes(n_samples):
    """Class sizes (negatives, positives): the positives get the odd sample."""
    n_neg = n_samples // 2
    return n_neg, n_samples - n_neg


def _shuffled(rng, X, y):
    order = rng.permutation(len(y))
    return np.ascontiguousarray(X[order]), y[order]


def make_linear2d(n_samples=40, margin=0.5, random_state=None):
    """Linearly separable 2-D data with a guaranteed gap.

    Points are uniform on [-1, 1]^2, labelled by the side of a random line through the origin;
    points closer than ``margin / 2`` to that line are redrawn, so the hard-margin SVM's margin is
    at least ``margin``.

    Parameters
    ----------
    n_samples : int, default=40
        Number of points (>= 2); ``n_samples // 2`` negatives, the rest positives.
    margin : float, default=0.5
        Width of the empty strip around the labelling line, in [0, 1).
    random_state : None, int or numpy.random.Generator, default=None

    Returns
    -------
    X : ndarray of shape (n_samples, 2), float64
    y : ndarray of shape (n_samples,), float64 in {-1, +1}
    """
    n_samples = _check_n_samples(n_samples)
    margin = check_interval("margin", margin, 0.0, 1.0, high_open=True)
    rng = _check_random_state(random_state)
    angle = rng.uniform(0.0, 2.0 * np.pi)
    normal = np.array([np.cos(angle), np.sin(angle)])
    wanted = dict(zip((-1.0, 1.0), _split_classes(n_samples), strict=True))
    parts = {-1.0: [], 1.0: []}
    while any(sum(len(p) for p in parts[c]) < wanted[c] for c in parts):
        batch = rng.uniform(-1.0, 1.0, size=(2 * n_samples, 2))
        dist = batch @ normal
        batch = batch[np.abs(dist) >= margin / 2]
        for c in parts:
            parts[c].append(batch[np.sign(batch @ normal) == c])
    X = np.vstack([np.vstack(parts[c])[: wanted[c]] for c in (-1.0, 1.0)])
    y = np.repeat([-1.0, 1.0], [wanted[-1.0], wanted[1.0]])
    return _shuffled(rng, X, y)


def make_blobs2d(n_samples=100, separation=3.0, cluster_std=1.0, random_state=None):
    """Two isotropic Gaussian classes in 2-D, overlapping unless far apart.

    The class means are ``±(separation / 2) (1, 1) / sqrt(2)``, so their distance is ``separation``;
    each class has covariance ``cluster_std**2 I``. Small separations give the non-separable
    (soft-margin) case.

    Parameters
    ----------
    n_samples : int, default=100
        Number of points (>= 2); ``n_samples // 2`` negatives, the rest positives.
    separation : float, default=3.0
        Distance between the class means, >= 0.
    cluster_std : float, default=1.0
        Standard deviation of each coordinate, > 0.
    random_state : None, int or numpy.random.Generator, default=None

    Returns
    -------
    X : ndarray of shape (n_samples, 2), float64
    y : ndarray of shape (n_samples,), float64 in {-1, +1}
    """
    n_samples = _check_n_samples(n_samples)
    separation = check_interval("separation", separation, 0.0, high_open=True)
    cluster_std = check_interval("cluster_std", cluster_std, 0.0, low_open=True, high_open=True)
    rng = _check_random_state(random_state)
    n_neg, n_pos = _split_classes(n_samples)
    centre = separation / 2 / np.sqrt(2.0) * np.ones(2)
    X = np.vstack(
        [
            rng.normal(-centre, cluster_std, size=(n_neg, 2)),
            rng.normal(centre, cluster_std, size=(n_pos, 2)),
        ]
    )
    y = np.repeat([-1.0, 1.0], [n_neg, n_pos])
    return _shuffled(rng, X, y)


def make_xor(n_samples=200, noise=0.25, random_state=None):
    """The XOR problem: four Gaussian clusters at (±1, ±1), opposite corners sharing a label.

    Clusters at (1, 1) and (-1, -1) are labelled -1, those at (1, -1) and (-1, 1) are +1, i.e. ``y =
    -sign(c_1 c_2)`` for the cluster centre c. No line separates them (the XOR labelling of Gunn's
    Fig. 1.2 argument); a degree-2 polynomial or an RBF kernel does.

    Parameters
    ----------
    n_samples : int, default=200
        Number of points (>= 4), spread as evenly as possible over the four clusters.
    noise : float, default=0.25
        Standard deviation of each cluster, >= 0.
    random_state : None, int or numpy.random.Generator, default=None

    Returns
    -------
    X : ndarray of shape (n_samples, 2), float64
    y : ndarray of shape (n_samples,), float64 in {-1, +1}
    """
    n_samples = _check_n_samples(n_samples, minimum=4)
    noise = check_interval("noise", noise, 0.0, high_open=True)
    rng = _check_random_state(random_state)
    centres = np.array([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]])
    counts = np.full(4, n_samples // 4)
    counts[: n_samples % 4] += 1
    X = np.repeat(centres, counts, axis=0) + rng.normal(0.0, noise, size=(n_samples, 2))
    y = np.repeat(-centres[:, 0] * centres[:, 1], counts)
    return _shuffled(rng, X, y)


def make_circles2d(n_samples=200, factor=0.5, noise=0.1, random_state=None):
    """Two concentric rings: the inner one (radius ``factor``) is +1, the outer one (radius 1) -1.

    Parameters
    ----------
    n_samples : int, default=200
        Number of points (>= 2); ``n_samples // 2`` on the outer ring, the rest on the inner one.
    factor : float, default=0.5
        Radius of the inner ring relative to the outer one, in (0, 1).
    noise : float, default=0.1
        Standard deviation of Gaussian noise added to each coordinate, >= 0.
    random_state : None, int or numpy.random.Generator, default=None

    Returns
    -------
    X : ndarray of shape (n_samples, 2), float64
    y : ndarray of shape (n_samples,), float64 in {-1, +1}
    """
    n_samples = _check_n_samples(n_samples)
    factor = check_interval("factor", factor, 0.0, 1.0, low_open=True, high_open=True)
    noise = check_interval("noise", noise, 0.0, high_open=True)
    rng = _check_random_state(random_state)
    n_out, n_in = _split_classes(n_samples)
    radius = np.repeat([1.0, factor], [n_out, n_in])
    angle = rng.uniform(0.0, 2.0 * np.pi, size=n_samples)
    X = radius[:, None] * np.column_stack([np.cos(angle), np.sin(angle)])
    X += rng.normal(0.0, noise, size=X.shape)
    y = np.repeat([-1.0, 1.0], [n_out, n_in])
    return _shuffled(rng, X, y)


# --------------------------------------------------------------------------------------------------
# External files: registry, location, checksums, download.


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
    """
    if os.environ.get("SVMBOOK_CACHE"):
        return Path(os.environ["SVMBOOK_CACHE"]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base).expanduser() / "svmbook"


def data_home():
    """Directory searched first for external data: ``$SVMBOOK_DATA``, else :func:`cache_home`.

    ``$SVMBOOK_DATA`` must have the shared layout (``usps/``, ``raetsch/<name>/``, ``satimage/``,
    ...); ``make test`` sets it to ``../shared/data`` when that directory exists.
    """
    if os.environ.get("SVMBOOK_DATA"):
        return Path(os.environ["SVMBOOK_DATA"]).expanduser()
    return cache_home()


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


# --------------------------------------------------------------------------------------------------
# Loaders of the external sets.


def load_usps(subset="train"):
    """The USPS handwritten digits (16 x 16 grey levels), ESL version.

    The files ``usps/zip.train.gz`` and ``usps/zip.test.gz`` distributed with Hastie, Tibshirani &
    Friedman, *The Elements of Statistical Learning*.

    Parameters
    ----------
    subset : {"train", "test"}, default="train"
        ``"train"``: 7291 digits; ``"test"``: 2007 digits.

    Returns
    -------
    X : ndarray of shape (n_samples, 256), float64
        Grey levels in [-1, 1], row-major 16 x 16 images.
    y : ndarray of shape (n_samples,), int64
        Digits 0..9.
    """
    if subset not in ("train", "test"):
        raise ValueError(f"subset must be 'train' or 'test', got {subset!r}")
    table = np.loadtxt(fetch_file(f"usps/zip.{subset}.gz"), dtype=np.float64, ndmin=2)
    if table.shape[1] != 257:
        raise ValueError(f"usps/zip.{subset}.gz: expected 257 columns, found {table.shape[1]}")
    return np.ascontiguousarray(table[:, 1:]), table[:, 0].astype(np.int64)


# Rätsch's IDA benchmark. Sets shipped as .asc realisations, and sets of which only the full data
# exist (with the standard train/test sizes of the benchmark; Table A.1 of Goodrich for diabetis,
# splice, thyroid; flare-solar's 666/400 is the IDA benchmark's and adds up to its 1066 rows).
_RAETSCH_ASC = (
    "banana",
    "breast-cancer",
    "german",
    "heart",
    "image",
    "ringnorm",
    "titanic",
    "twonorm",
    "waveform",
)
_RAETSCH_FULL = {
    "diabetis": ("raetsch/diabetis/Processed_Diabetis.data", 468, 300),
    "flare-solar": ("raetsch/flare-solar/flare_solar.mat", 666, 400),
    "splice": ("raetsch/splice/splice.mat", 1000, 2175),
    "thyroid": ("raetsch/thyroid/thyroid.mat", 140, 75),
}


def _raetsch_realisations(name):
    prefix = f"raetsch/{name}/{name}_train_data_"
    return sorted(int(p[len(prefix) : -4]) for p in EXTERNAL_FILES if p.startswith(prefix))


def _stratified_split(y, n_train, rng):
    """Indices (train, test): each class split in proportion (largest remainder), then shuffled."""
    classes, counts = np.unique(y, return_counts=True)
    quota = counts * n_train / len(y)
    n_class_train = np.floor(quota).astype(np.int64)
    extra = n_train - n_class_train.sum()
    n_class_train[np.argsort(-(quota - n_class_train), kind="stable")[:extra]] += 1
    train, test = [], []
    for c, k in zip(classes, n_class_train, strict=True):
        members = rng.permutation(np.flatnonzero(y == c))
        train.append(members[:k])
        test.append(members[k:])
    return rng.permutation(np.concatenate(train)), rng.permutation(np.concatenate(test))


def _read_raetsch_full(name):
    relpath = _RAETSCH_FULL[name][0]
    path = fetch_file(relpath)
    if relpath.endswith(".mat"):
        from scipy.io import loadmat

        mat = loadmat(path)
        X, y = mat["data"], mat["target"]
    else:
        table = np.loadtxt(path, delimiter=",", dtype=np.float64, ndmin=2)
        X, y = table[:, :-1], table[:, -1]
    return np.ascontiguousarray(X, dtype=np.float64), np.asarray(y, dtype=np.float64).ravel()


def load_raetsch(name, realisation=1):
    """One train/test realisation of Gunnar Rätsch's IDA benchmark (Rätsch, Onoda & Müller 2001).

    Parameters
    ----------
    name : str
        ``"banana"``, ``"breast-cancer"``, ``"german"``, ``"heart"``, ``"image"``, ``"ringnorm"``,
        ``"titanic"``, ``"twonorm"``, ``"waveform"`` (Rätsch's own ``.asc`` realisations), or
        ``"diabetis"``, ``"flare-solar"``, ``"splice"``, ``"thyroid"`` (full data only; see Notes).
    realisation : int, default=1
        1-based realisation number. The ``.asc`` sets have realisations 1..10 (twonorm only 1); the
        full-data sets accept any integer >= 1.

    Returns
    -------
    X_train : ndarray of shape (n_train, n_features), float64
    y_train : ndarray of shape (n_train,), float64 in {-1, +1}
    X_test : ndarray of shape (n_test, n_features), float64
    y_test : ndarray of shape (n_test,), float64 in {-1, +1}

    Notes
    -----
    Inputs are Rätsch's (already normalised, except splice and flare-solar, which are integer
    coded).

    For diabetis (468/300), flare-solar (666/400), splice (1000/2175) and thyroid (140/75) Rätsch's
    split indices are not available, only the full data. Realisation k of these is **our split, not
    Rätsch's**: a stratified random split of the standard benchmark sizes (each class divided in
    proportion, rounded by largest remainder), drawn with ``numpy.random.default_rng(k)``; numbers
    obtained on it are comparable with the literature's only in distribution.

    Examples
    --------
    With the data available (``$SVMBOOK_DATA`` or the cache), ``load_raetsch("banana")`` returns
    arrays of shapes (400, 2), (400,), (4900, 2) and (4900,).
    """
    if name not in _RAETSCH_ASC and name not in _RAETSCH_FULL:
        names = sorted(_RAETSCH_ASC + tuple(_RAETSCH_FULL))
        raise ValueError(f"name must be one of {names}, got {name!r}")
    if isinstance(realisation, bool) or not isinstance(realisation, (int, np.integer)):
        raise TypeError(f"realisation must be an int, got {type(realisation).__name__}")
    if realisation < 1:
        raise ValueError(f"realisation must be >= 1, got {realisation}")
    if name in _RAETSCH_FULL:
        X, y = _read_raetsch_full(name)
        _, n_train, n_test = _RAETSCH_FULL[name]
        if len(y) != n_train + n_test:
            raise ValueError(f"{name}: expected {n_train + n_test} rows, found {len(y)}")
        train, test = _stratified_split(y, n_train, np.random.default_rng(int(realisation)))
        return X[train], y[train], X[test], y[test]
    available = _raetsch_realisations(name)
    if realisation not in available:
        raise ValueError(
            f"realisation {realisation} of {name} is not available; "
            f"available: {available[0]}..{available[-1]}"
        )
    out = []
    for part in ("train", "test"):
        stem = f"raetsch/{name}/{name}_{part}"
        X = np.loadtxt(fetch_file(f"{stem}_data_{realisation}.asc"), dtype=np.float64, ndmin=2)
        y = np.loadtxt(fetch_file(f"{stem}_labels_{realisation}.asc"), dtype=np.float64, ndmin=1)
        if len(X) != len(y):
            raise ValueError(f"{stem}_*_{realisation}.asc: {len(X)} data rows but {len(y)} labels")
        out += [np.ascontiguousarray(X), y]
    return tuple(out)


# name -> (train file, test file or None, reader, n_features for LIBSVM files, binary label map or
# None) Binary sets get y in {-1, +1}: the larger class code becomes +1 (as LIBSVM's heart_scale
# does for heart).
_LIBSVM_SETS = {
    "satimage": ("satimage/sat.trn", "satimage/sat.tst", "table", None, None),
    "letter": ("letter/letter.scale", "letter/letter.scale.t", "svmlight", 16, None),
    "shuttle": ("shuttle/shuttle.trn", "shuttle/shuttle.tst", "table", None, None),
    "dna": ("dna/dna.scale", "dna/dna.scale.t", "svmlight", 180, None),
    "a9a": ("a9a/a9a.txt", "a9a/a9a.t", "svmlight", 123, {-1: -1.0, 1: 1.0}),
    "pima": ("pima/pima-indians-diabetes.data", None, "csv", None, {0: -1.0, 1: 1.0}),
    "statlog-heart": ("statlog-heart/heart_scale", None, "svmlight", 13, {-1: -1.0, 1: 1.0}),
    "statlog-german": (
        "statlog-german/german.data-numeric",
        None,
        "table1",
        None,
        {1: -1.0, 2: 1.0},
    ),
}
_SPARSE_BY_DEFAULT = ("a9a",)


def load_libsvm(name, subset=None, dense=None):
    """A set of the LIBSVM/StatLog benchmark collection (files of :data:`EXTERNAL_FILES`).

    Parameters
    ----------
    name : str
        ``"satimage"`` (UCI ``sat.trn``/``sat.tst``, 36 integer features, classes 1..5, 7),
        ``"letter"`` (LIBSVM ``letter.scale``/``.t``, 16 features in [-1, 1], classes 1..26),
        ``"shuttle"`` (UCI ``shuttle.trn``/``.tst``, 9 features, classes 1..7), ``"dna"`` (LIBSVM
        ``dna.scale``/``.t``, 180 binary features, classes 1..3), ``"a9a"`` (LIBSVM, 123 binary
        features), ``"pima"`` (UCI csv, 8 features), ``"statlog-heart"`` (LIBSVM ``heart_scale``, 13
        features in [-1, 1]), ``"statlog-german"`` (UCI ``german.data-numeric``, 24 integer
        features).
    subset : {None, "train", "test", "all"}, default=None
        ``None`` means ``"train"`` for the sets with a standard split and ``"all"`` for pima,
        statlog-heart and statlog-german, which have none (asking those for ``"train"``/``"test"``
        is an error). ``"all"`` on a split set concatenates train and test.
    dense : bool or None, default=None
        ``None`` returns a scipy CSR matrix for a9a (sparse binary features) and dense arrays
        otherwise; ``True``/``False`` force dense/CSR.

    Returns
    -------
    X : ndarray or scipy.sparse.csr_matrix of shape (n_samples, n_features), float64
    y : ndarray of shape (n_samples,)
        float64 in {-1, +1} for the binary sets (a9a, pima, statlog-heart, statlog-german: the
        larger class code is +1, i.e. diabetic, heart disease present, bad credit); int64 class
        codes for the multiclass sets.
    """
    if name not in _LIBSVM_SETS:
        raise ValueError(f"name must be one of {sorted(_LIBSVM_SETS)}, got {name!r}")
    train_file, test_file, reader, n_features, label_map = _LIBSVM_SETS[name]
    if subset is None:
        subset = "train" if test_file else "all"
    if subset not in ("train", "test", "all"):
        raise ValueError(f"subset must be None, 'train', 'test' or 'all', got {subset!r}")
    if test_file is None and subset != "all":
        raise ValueError(f"subset must be 'all' for {name}, which has no standard train/test split")
    files = {"train": [train_file], "test": [test_file], "all": [train_file, test_file]}[subset]
    parts = [_read_table_file(fetch_file(f), reader, n_features) for f in files if f is not None]
    import scipy.sparse as sp

    sparse_out = (name in _SPARSE_BY_DEFAULT) if dense is None else not dense
    if sparse_out:
        X = sp.vstack([sp.csr_matrix(X) for X, _ in parts], format="csr")
    else:
        Xs = [X.toarray() if sp.issparse(X) else X for X, _ in parts]
        X = np.ascontiguousarray(np.vstack(Xs), dtype=np.float64)
    y = np.concatenate([labels for _, labels in parts])
    if label_map is None:
        return X, y.astype(np.int64)
    codes = y.astype(np.int64)
    unknown = set(np.unique(codes)) - set(label_map)
    if unknown:
        raise ValueError(f"{name}: unexpected labels {sorted(unknown)}")
    return X, np.vectorize(label_map.get, otypes=[np.float64])(codes)


def _read_table_file(path, reader, n_features):
    """(X, y) of one file; y is the first column of LIBSVM files and the last column of tables."""
    if reader == "svmlight":
        from sklearn.datasets import load_svmlight_file

        X, y = load_svmlight_file(str(path), n_features=n_features, dtype=np.float64)
        return X, y
    delimiter = "," if reader == "csv" else None
    table = np.loadtxt(path, delimiter=delimiter, skiprows=1 if reader == "table1" else 0, ndmin=2)
    return table[:, :-1], table[:, -1]


# --------------------------------------------------------------------------------------------------
# Goodrich (2012), chapter 4: imbalanced toys. The thesis gives no coordinates (notes 001b section
# 4): these are illustrative re-creations with the stated sizes and costs.

__all__ += ["UNBAL_COSTS", "make_imbalanced2d", "make_unbal", "make_weighted_mixture"]

#: Misclassification costs of the unbal set (section 4.4): 10 for a positive, 1 for a negative.
UNBAL_COSTS = {1: 10.0, -1: 1.0}


def _check_class_size(name, value):
    """A class size: an int >= 1 (the error names the parameter, unlike _check_n_samples)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be >= 1, got {value}")
    return int(value)


def _two_gaussians(n_pos, n_neg, separation, rng):
    """Unit-variance isotropic classes, means ``±(separation / 2) (1, 1) / sqrt(2)``."""
    centre = separation / 2 / np.sqrt(2.0) * np.ones(2)
    X = np.vstack([rng.normal(centre, 1.0, (n_pos, 2)), rng.normal(-centre, 1.0, (n_neg, 2))])
    y = np.repeat([1.0, -1.0], [n_pos, n_neg])
    return _shuffled(rng, X, y)


def make_unbal(n_pos=200, n_neg=1000, random_state=0):
    """The unbal set of Goodrich section 4.4 (Fig. 4.16): two overlapping 2-D Gaussians.

    200 positives and 1000 negatives; misclassifying a positive costs 10, a negative 1
    (:data:`UNBAL_COSTS`). The thesis contradicts itself on which class is larger; only 200
    positives (cost 10) / 1000 negatives fit the arithmetic of its Table 4.4 (notes 001b section 7
    item 10). It gives no means or covariances; we take unit-variance isotropic classes ("similar
    variances", Fig. 4.19) whose means are 2.5 apart, so that they overlap.

    Parameters
    ----------
    n_pos, n_neg : int, default=200, 1000
        Class sizes (>= 1 each).
    random_state : None, int or numpy.random.Generator, default=0

    Returns
    -------
    X : ndarray of shape (n_pos + n_neg, 2), float64
    y : ndarray of shape (n_pos + n_neg,), float64 in {-1, +1}
    """
    n_pos = _check_class_size("n_pos", n_pos)
    n_neg = _check_class_size("n_neg", n_neg)
    return _two_gaussians(n_pos, n_neg, 2.5, _check_random_state(random_state))


def make_imbalanced2d(n_pos=500, n_neg=50, separation=2.0, random_state=0):
    """The 500 positive / 50 negative overlapping toy of Goodrich Fig. 4.10 (and 4.15).

    A linear C-SVM with small C on it puts its KKT threshold outside the data: every training
    point is predicted positive (the "bad threshold" of section 4.3.5), while the geometric
    threshold still splits the classes. Unit-variance isotropic classes whose means are
    ``separation`` apart (the thesis gives no distributions).

    Parameters
    ----------
    n_pos, n_neg : int, default=500, 50
        Class sizes (>= 1 each).
    separation : float, default=2.0
        Distance between the class means, >= 0.
    random_state : None, int or numpy.random.Generator, default=0

    Returns
    -------
    X : ndarray of shape (n_pos + n_neg, 2), float64
    y : ndarray of shape (n_pos + n_neg,), float64 in {-1, +1}
    """
    n_pos = _check_class_size("n_pos", n_pos)
    n_neg = _check_class_size("n_neg", n_neg)
    separation = check_interval("separation", separation, 0.0, high_open=True)
    return _two_gaussians(n_pos, n_neg, separation, _check_random_state(random_state))


def make_weighted_mixture(n_per_subset=125, std=0.75, random_state=0):
    """The synthetic set of Goodrich section 5.5.2 (Fig. 5.6): two Gaussians per class.

    Positive subsets are centred at (1, 2) and (1, -2), negative ones at (-1, 2) and (-1, -2)
    (the classes mirror each other across x = 0, so ignoring weights the best boundary is
    x = 0); isotropic standard deviation ``std``. Weights: 6 on the positive subset at (1, 2)
    and on the negative one at (-1, -2), 1 on the others, so that a weighted boundary must bend
    (Fig. 5.6). The thesis gives no means, spreads or sizes; 4 x 125 points and ``std = 0.75``
    make the unweighted S-K's class errors (about 0.09) and the test set (50 points, 10 %) fit
    Table 5.4's S-K row (errors 0.095/0.098, cost 16.1).

    Returns
    -------
    X : ndarray of shape (4 n_per_subset, 2)
    y : ndarray of shape (4 n_per_subset,), in {-1, +1}
    s : ndarray of shape (4 n_per_subset,), the weights (costs) 6 or 1
    """
    n = _check_class_size("n_per_subset", n_per_subset)
    std = check_positive("std", std)
    rng = _check_random_state(random_state)
    centres = np.array([[1.0, 2.0], [1.0, -2.0], [-1.0, 2.0], [-1.0, -2.0]])
    labels = np.array([1.0, 1.0, -1.0, -1.0])
    weights = np.array([6.0, 1.0, 1.0, 6.0])
    X = np.vstack([rng.normal(c, std, (n, 2)) for c in centres])
    return X, np.repeat(labels, n), np.repeat(weights, n)
