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

# each module's __all__ is its public part, re-exported here as one namespace
from . import _fetch, builtin, libsvm, raetsch, synthetic, usps
from ._fetch import *  # noqa: F403
from .builtin import *  # noqa: F403
from .libsvm import *  # noqa: F403
from .raetsch import *  # noqa: F403
from .synthetic import *  # noqa: F403
from .usps import *  # noqa: F403

__all__ = sorted(
    name
    for module in (_fetch, builtin, libsvm, raetsch, synthetic, usps)
    for name in module.__all__
)
