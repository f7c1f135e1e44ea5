"""Sets of the LIBSVM/StatLog benchmark collection (LIBSVM, UCI table and csv formats)."""

from __future__ import annotations

import numpy as np

from ._fetch import fetch_file
from ._parse import check_table, parse

__all__ = ["load_libsvm"]

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
    """Load a set of the LIBSVM/StatLog benchmark collection (files of :data:`EXTERNAL_FILES`).

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

    Raises
    ------
    ValueError
        If ``name`` or ``subset`` is unknown or does not apply, or a file cannot be parsed
        (the message names the file; :func:`~svmbook.datasets.fetch_file` raises for a missing
        file or a failed checksum).
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

        X, y = parse(str(path), load_svmlight_file, n_features=n_features, dtype=np.float64)
        if X.shape[0] == 0:
            raise ValueError(f"{path}: no rows")
        return X, y
    delimiter = "," if reader == "csv" else None
    table = parse(path, np.loadtxt, delimiter=delimiter, skiprows=1 if reader == "table1" else 0,
                  ndmin=2)  # fmt: skip
    table = check_table(path, table)
    return table[:, :-1], table[:, -1]
