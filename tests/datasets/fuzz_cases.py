"""Fuzzing the data loaders on random and truncated bytes (run by ``test_fuzz.py``).

Each case writes a file under a loader's registered name in an offline ``$SVMBOOK_DATA`` (and
registers its size and sha256, so that :func:`svmbook.datasets.fetch_file` hands it over as if
it were the real one): random bytes (``hypothesis.strategies.binary``), random bytes behind a
valid gzip header for the gzipped sets, or a truncation of a valid file in the set's format. The
loader must raise a clear ``ValueError`` or return a consistent parse (2-D points, one label per
row, the set's number of features); never another exception type, a hang or a crash. Not
collected by itself (no ``test_`` prefix): ``test_fuzz.py`` runs it in a subprocess, as the
parsers are compiled code.
"""

import gzip
import io
import os

import numpy as np
import scipy.io
import scipy.sparse as sp
from _robustness import SETTINGS
from hypothesis import given
from hypothesis import strategies as st

from svmbook.datasets import load_libsvm, load_raetsch, load_usps

RNG = np.random.default_rng(0)
ASC = "{:15.7e}"  # the fixed-width numbers of the .asc files


def _text(rows, sep=" ", fmt="{:.6g}"):
    return "".join(sep.join(fmt.format(v) for v in row) + "\n" for row in rows).encode()


def _mat(n):
    buffer = io.BytesIO()
    target = np.where(np.arange(n) < 140 * n // 215, 1, -1).astype(np.int16)[:, None]
    scipy.io.savemat(buffer, {"data": RNG.normal(size=(n, 5)), "target": target})
    return buffer.getvalue()


#: loader -> (registered files with valid contents, the call, the number of features)
LOADERS = {
    "statlog-heart": (
        {"statlog-heart/heart_scale": b"+1 1:0.5 3:-1 13:0.25\n-1 2:1\n-1 1:-0.5 13:1\n+1 4:0.1\n"},
        lambda: load_libsvm("statlog-heart"),
        13,
    ),
    "dna": (
        {"dna/dna.scale": b"3 1:1 180:1\r\n1 2:1\r\n2 90:1 91:1\r\n"},
        lambda: load_libsvm("dna"),
        180,
    ),
    "satimage": (
        {
            "satimage/sat.trn": _text(
                np.column_stack([RNG.integers(0, 99, (12, 36)), np.arange(12) % 6 + 1]), fmt="{:g}"
            )
        },
        lambda: load_libsvm("satimage"),
        36,
    ),  # fmt: skip
    "pima": (
        {
            "pima/pima-indians-diabetes.data": _text(
                np.column_stack([RNG.uniform(0, 9, (10, 8)), np.arange(10) % 2]), sep=","
            )
        },
        lambda: load_libsvm("pima"),
        8,
    ),  # fmt: skip
    "statlog-german": (
        {
            "statlog-german/german.data-numeric": b"header\n"
            + _text(
                np.column_stack([RNG.integers(0, 9, (10, 24)), np.arange(10) % 2 + 1]), fmt="{:g}"
            )
        },
        lambda: load_libsvm("statlog-german"),
        24,
    ),  # fmt: skip
    "usps": (
        {
            "usps/zip.train.gz": gzip.compress(
                _text(
                    np.column_stack([np.arange(6) % 10, RNG.uniform(-1, 1, (6, 256))]), fmt="{:.4f}"
                )
            )
        },
        lambda: load_usps("train"),
        256,
    ),  # fmt: skip
    "banana": (
        {
            "raetsch/banana/banana_train_data_1.asc": _text(RNG.normal(size=(6, 2)), fmt=ASC),
            "raetsch/banana/banana_train_labels_1.asc": _text([[1.0], [-1.0]] * 3, fmt=ASC),
            "raetsch/banana/banana_test_data_1.asc": _text(RNG.normal(size=(4, 2)), fmt=ASC),
            "raetsch/banana/banana_test_labels_1.asc": _text([[1.0], [-1.0]] * 2, fmt=ASC),
        },
        lambda: load_raetsch("banana"),
        2,
    ),
    "diabetis": (
        {
            "raetsch/diabetis/Processed_Diabetis.data": _text(
                np.column_stack([RNG.normal(size=(768, 8)), np.r_[np.ones(268), -np.ones(500)]]),
                sep=",",
            )
        },
        lambda: load_raetsch("diabetis"),
        8,
    ),  # fmt: skip
    "thyroid": (
        {"raetsch/thyroid/thyroid.mat": _mat(215)},
        lambda: load_raetsch("thyroid"),
        5,
    ),
}


def _install(files, register, root):
    for relpath, content in files.items():
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        register(relpath, content)


def _load_or_clear_error(name):
    """Load; a ValueError with a message, or a consistent parse."""
    _, load, n_features = LOADERS[name]
    try:
        out = load()
    except ValueError as exc:  # the registered checksum matches: no ChecksumError here
        assert str(exc), f"{name}: empty error message"
        return
    pairs = [(out[0], out[1])] if len(out) == 2 else [(out[0], out[1]), (out[2], out[3])]
    for X, y in pairs:
        assert X.ndim == 2 and X.shape[1] == n_features, f"{name}: X of shape {X.shape}"
        assert y.ndim == 1 and y.shape[0] == X.shape[0], f"{name}: {X.shape} against {y.shape}"
        X = X.toarray() if sp.issparse(X) else X
        assert X.dtype == np.float64


@SETTINGS
@given(
    name=st.sampled_from(sorted(LOADERS)),
    which=st.integers(min_value=0, max_value=3),
    content=st.binary(max_size=600),
    gzipped=st.booleans(),
)
def test_random_bytes(name, which, content, gzipped, register, dirs):
    """Random bytes in place of one of the set's files (gzipped behind a valid header, or not)."""
    files = dict(LOADERS[name][0])
    relpath = sorted(files)[which % len(files)]
    files[relpath] = gzip.compress(content) if gzipped else content
    _install(files, register, dirs[0])
    _load_or_clear_error(name)


@SETTINGS
@given(
    name=st.sampled_from(sorted(LOADERS)),
    which=st.integers(min_value=0, max_value=3),
    cut=st.floats(min_value=0.0, max_value=1.0),
    inside_gzip=st.booleans(),
)
def test_truncated_file(name, which, cut, inside_gzip, register, dirs):
    """A valid file cut anywhere (for gzip: the compressed bytes, or the text inside)."""
    files = dict(LOADERS[name][0])
    relpath = sorted(files)[which % len(files)]
    content = files[relpath]
    if relpath.endswith(".gz") and inside_gzip:
        text = gzip.decompress(content)
        files[relpath] = gzip.compress(text[: int(cut * len(text))])
    else:
        files[relpath] = content[: int(cut * len(content))]
    _install(files, register, dirs[0])
    _load_or_clear_error(name)


def test_valid_files_parse(register, dirs):
    """The untouched look-alike files parse (the fuzzing starts from valid inputs)."""
    for name, (files, load, n_features) in LOADERS.items():
        _install(files, register, dirs[0])
        assert load()[0].shape[1] == n_features, name
    assert os.environ["SVMBOOK_DATA"] == str(dirs[0])
