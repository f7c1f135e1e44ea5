"""Data typed from the sources and shipped with the package.

Gunn's (1998) Tables 2.1, 2.2 and 5.1 (typed in below), Fisher's iris petals (scikit-learn's copy)
and the titanium heat data of Gunn's chapter 6 (``svmbook/data/titanium.csv``, provenance in
``svmbook/data/README.md``).
"""

from __future__ import annotations

from importlib import resources

import numpy as np

__all__ = ["gunn_table", "load_iris_petal", "load_titanium"]

# Gunn (1998), Tables 2.1, 2.2 and 5.1: verbatim, rows in the report's order (report row i =
# [i-1]).
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
    """Load the 49-point titanium heat data of Gunn (1998), ch. 6 (de Boor's ``TITAND``).

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
