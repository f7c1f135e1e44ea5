"""Data sets of the book: Gunn's tables, iris petals, titanium, 2-D toys, external benchmarks.

One module per kind of source:

* :mod:`~svmbook.datasets.builtin` -- data typed from the sources and shipped with the package
  (Gunn's tables, iris petals, titanium);
* :mod:`~svmbook.datasets.synthetic` -- the toy generators ``make_*``;
* :mod:`~svmbook.datasets.usps`, :mod:`~svmbook.datasets.raetsch`,
  :mod:`~svmbook.datasets.libsvm` -- loaders of the external benchmark files, found or downloaded
  (and checked against their registered sha256) by :func:`fetch_file`.

Labels: binary problems use ``y`` in {-1, +1} (float64); multiclass problems keep the file's integer
labels.
"""

from ._fetch import EXTERNAL_FILES, ChecksumError, ExternalFile, cache_home, data_home, fetch_file
from .builtin import gunn_table, load_iris_petal, load_titanium
from .libsvm import load_libsvm
from .raetsch import load_raetsch
from .synthetic import (
    UNBAL_COSTS,
    make_blobs2d,
    make_circles2d,
    make_imbalanced2d,
    make_linear2d,
    make_unbal,
    make_weighted_mixture,
    make_xor,
)
from .usps import load_usps

__all__ = [
    "EXTERNAL_FILES",
    "UNBAL_COSTS",
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
    "make_imbalanced2d",
    "make_linear2d",
    "make_unbal",
    "make_weighted_mixture",
    "make_xor",
]
