"""The 2-D examples of Nguyen (2006), Fig. 3.4, and how alike two machines' boundaries are.

Fig. 3.4 (section 3.3.2) shows two 2-D data sets whose Gaussian machines are simplified to a few
vectors with "almost identical" decision boundaries; the thesis gives neither the data nor the
parameters. :func:`fig_3_4_data` returns the two data sets svmbook uses in their place (two moons
and two Gaussian blobs), and :func:`grid_agreement` measures "almost identical": the share of a
grid over the data's window on which a machine and its simplification give the same class.
"""

from __future__ import annotations

import numpy as np
from sklearn.datasets import make_moons

from .._validation import check_int, check_interval, check_option, check_points
from ..datasets import make_blobs2d

__all__ = ["FIG_3_4_SETS", "fig_3_4_data", "grid_agreement"]

#: The data sets of :func:`fig_3_4_data`, each with how it is generated.
FIG_3_4_SETS = {
    "moons": "sklearn.datasets.make_moons(170, noise=0.25)",
    "blobs": "svmbook.datasets.make_blobs2d(150, separation=2.5)",
}


def fig_3_4_data(name, random_state=0):
    """Return one of the 2-D data sets svmbook uses for Nguyen's (2006) Fig. 3.4.

    Parameters
    ----------
    name : {"moons", "blobs"}
        Two moons (170 points, noise 0.25) or two Gaussian blobs (150 points, separation 2.5).
    random_state : int, default=0
        The generator's seed (at 0 the Gaussian machines ``exp(-0.5 ||x - y||^2)``, ``C = 1`` of
        the two sets have 61 and 75 support vectors, the thesis's counts).

    Returns
    -------
    X : ndarray of shape (n_samples, 2)
        The points.
    y : ndarray of shape (n_samples,)
        Their labels.

    Raises
    ------
    ValueError
        If ``name`` is not one of the two.

    Examples
    --------
    >>> X, y = fig_3_4_data("moons")
    >>> X.shape, sorted(set(y.tolist()))
    ((170, 2), [0, 1])
    """
    check_option("name", name, tuple(FIG_3_4_SETS))
    if name == "moons":
        return make_moons(170, noise=0.25, random_state=random_state)
    return make_blobs2d(150, separation=2.5, random_state=random_state)


def grid_agreement(model, simplified, X, resolution=200, pad=0.12):
    """Return the share of a grid over the data's window where two machines give one class.

    Parameters
    ----------
    model, simplified : fitted classifiers
        Two-class machines with ``decision_function`` (the class is its sign).
    X : array-like of shape (n_samples, 2)
        The data; the window is their range padded by ``pad`` of it on each side.
    resolution : int, default=200
        Grid points per axis, at least 2.
    pad : float, default=0.12
        The padding, a share of each coordinate's range, ``>= 0``.

    Returns
    -------
    float
        In ``[0, 1]``: 1 when the two boundaries cut the window into the same regions (up to the
        grid's resolution).

    Raises
    ------
    ValueError
        If ``X`` is not a set of finite 2-D points, ``resolution`` is below 2, ``pad`` negative,
        or the padded window overflows the floats.

    Examples
    --------
    >>> from svmbook import SVC
    >>> X, y = fig_3_4_data("blobs")
    >>> model = SVC(kernel="rbf", gamma=0.5, C=1.0).fit(X, y)
    >>> grid_agreement(model, model, X, resolution=20)
    1.0
    """
    X = check_points("X", X, n_features=2)
    resolution = check_int("resolution", resolution, 2)
    pad = check_interval("pad", pad, 0.0, np.inf, high_open=True)
    lo, hi = X.min(axis=0), X.max(axis=0)
    with np.errstate(over="ignore"):
        lo, hi = lo - pad * (hi - lo), hi + pad * (hi - lo)
    if not (np.all(np.isfinite(lo)) and np.all(np.isfinite(hi))):
        raise ValueError(f"X, pad: the window padded by pad={pad:g} of the data's range is not "
                         "finite (the coordinates are too large)")
    axes = [np.linspace(lo[d], hi[d], resolution) for d in range(2)]
    grid = np.column_stack([a.ravel() for a in np.meshgrid(*axes)])
    return float(np.mean((model.decision_function(grid) > 0)
                         == (simplified.decision_function(grid) > 0)))  # fmt: skip
