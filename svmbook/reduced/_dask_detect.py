"""Whether an input is a Dask array, without importing Dask.

The estimators of :mod:`svmbook.reduced` dispatch a fit or a prediction on a Dask array to
:mod:`svmbook.reduced.dask`; this test must cost nothing when Dask is absent or unused, so it
only looks at ``dask.array`` when something has already imported it (a Dask array cannot exist
otherwise).
"""

import sys

__all__ = ["is_dask_array"]


def is_dask_array(X):
    """Return True when ``X`` is a ``dask.array.Array``.

    Parameters
    ----------
    X : object
        Any input.

    Returns
    -------
    bool
        Whether ``X`` is a Dask array.
    """
    module = sys.modules.get("dask.array")
    return module is not None and isinstance(X, module.Array)
