"""Parameter checks shared by the estimators and the reference functions.

Every check raises a ``ValueError`` (wrong value) or ``TypeError`` (wrong type) whose message names
the
parameter, e.g. ``"C must be > 0, got -1"``. The estimators validate their parameters through
scikit-learn's
constraint table (``_parameter_constraints``); the free functions of :mod:`svmbook.qp` use the
helpers here.
"""

from __future__ import annotations

import numbers

import numpy as np

__all__ = [
    "MU_RTOL",
    "check_gram",
    "check_hull_mu",
    "check_int",
    "check_interval",
    "check_labels_pm1",
    "check_option",
    "check_positive",
    "check_sample_weight",
    "check_targets",
]

#: Relative slack when comparing ``mu * sum(s)`` with 1 (and ``1/mu`` with an integer k):
#: ``1/mu`` is rarely exact in floating point (``1/49 * 49 != 1``).
MU_RTOL = 1e-12


def check_positive(name, value, *, allow_inf=False, allow_zero=False):
    """Return ``value`` as a float after checking ``value > 0`` (or ``>= 0`` with ``allow_zero``).

    ``np.inf`` is accepted only with ``allow_inf=True`` (``C=np.inf`` is the hard margin). NaN is
    rejected.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__} {value!r}")
    value = float(value)
    if np.isnan(value):
        raise ValueError(f"{name} must be a number, got nan")
    if np.isinf(value) and not (allow_inf and value > 0):
        raise ValueError(f"{name} must be finite, got {value}")
    if allow_zero:
        if value < 0:
            raise ValueError(f"{name} must be >= 0, got {value:g}")
    elif value <= 0:
        raise ValueError(f"{name} must be > 0, got {value:g}")
    return value


def check_int(name, value, low):
    """Return ``value`` as an int after checking it is an integer (not a bool) ``>= low``."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__} {value!r}")
    if value < low:
        raise ValueError(f"{name} must be >= {low}, got {value}")
    return int(value)


def check_interval(name, value, low=-np.inf, high=np.inf, *, low_open=False, high_open=False):
    """Return ``value`` as a float after checking it lies in the interval ``low .. high``.

    ``low_open``/``high_open`` exclude the end points. NaN is always rejected; infinities only
    pass when an open-ended side allows them (``high=np.inf, high_open=False``).
    """
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__} {value!r}")
    value = float(value)
    too_low = value <= low if low_open else value < low
    too_high = value >= high if high_open else value > high
    if np.isnan(value) or too_low or too_high:
        lo, hi = ("(" if low_open else "["), (")" if high_open else "]")
        raise ValueError(f"{name} must be in {lo}{low:g}, {high:g}{hi}, got {value:g}")
    return value


def check_option(name, value, options):
    """Check that ``value`` is one of ``options`` (strings)."""
    if not isinstance(value, str) or value not in options:
        choices = ", ".join(repr(o) for o in options)
        raise ValueError(f"{name} must be one of {choices}, got {value!r}")
    return value


def check_gram(K, n_samples=None, *, name="K"):
    """Return the Gram matrix as a C-contiguous float64 square array with finite entries."""
    K = np.asarray(K, dtype=np.float64)
    if K.ndim != 2 or K.shape[0] != K.shape[1]:
        raise ValueError(f"{name} must be a square 2-D Gram matrix, got shape {K.shape}")
    if n_samples is not None and K.shape[0] != n_samples:
        raise ValueError(
            f"{name} has {K.shape[0]} rows but y has {n_samples} samples; they must match"
        )
    if K.shape[0] == 0:
        raise ValueError(f"{name} is empty: at least one sample is required")
    if not np.all(np.isfinite(K)):
        raise ValueError(f"{name} contains NaN or infinity")
    return np.ascontiguousarray(K)


def check_targets(y, *, name="y"):
    """Return regression targets as a finite 1-D float64 array."""
    y = np.asarray(y, dtype=np.float64)
    if y.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got shape {y.shape}")
    if y.size == 0:
        raise ValueError(f"{name} is empty: at least one sample is required")
    if not np.all(np.isfinite(y)):
        raise ValueError(f"{name} contains NaN or infinity")
    return np.ascontiguousarray(y)


def check_labels_pm1(y, *, name="y"):
    """Return labels as a 1-D float64 array with values in {-1, +1}, both classes present."""
    y = check_targets(y, name=name)
    if not np.all((y == 1.0) | (y == -1.0)):
        bad = np.unique(y[(y != 1.0) & (y != -1.0)])[:5]
        raise ValueError(f"{name} must contain only -1 and +1, got values {bad.tolist()}")
    if np.all(y == y[0]):
        raise ValueError(f"{name} contains one class only ({y[0]:+g}); both -1 and +1 are required")
    return y


def check_sample_weight(sample_weight, n_samples, *, positive=False, name="sample_weight"):
    """Per-point weights ``s_i >= 0`` (``> 0`` with ``positive``) as float64; ones when None."""
    if sample_weight is None:
        return np.ones(n_samples)
    s = np.asarray(sample_weight, dtype=np.float64)
    if s.shape != (n_samples,):
        raise ValueError(f"{name} must have shape ({n_samples},), got {s.shape}")
    if not np.all(np.isfinite(s)):
        raise ValueError(f"{name} contains NaN or infinity")
    if positive and np.any(s <= 0):
        raise ValueError(f"{name} must be > 0 here (it divides the kernel's diagonal)")
    if np.any(s < 0):
        raise ValueError(f"{name} must be >= 0")
    return np.ascontiguousarray(s)


def check_hull_mu(mu, sample_weight, groups=None, *, labels=None, name="mu"):
    """Raise a ``ValueError`` naming ``mu`` when a weighted reduced hull is empty.

    The reduced hull of a group of points with weights ``s_i`` (bounds ``alpha_i <= s_i mu``,
    ``sum alpha_i = 1``) is empty when ``mu * sum_group s_i < 1`` (up to :data:`MU_RTOL`); at
    equality it is the weighted centroid. ``groups`` holds each point's hull (None: one hull);
    ``labels`` maps a group to the name used in the message.
    """
    ids = [None] if groups is None else np.unique(groups)
    for g in ids:
        total = float(sample_weight.sum() if g is None else sample_weight[groups == g].sum())
        if total <= 0 or mu * total < 1.0 - MU_RTOL:
            which = f"group {g}" if labels is None or g is None else labels[g]
            hull = "the reduced hull" if g is None else f"the reduced hull of {which}"
            smallest = np.inf if total <= 0 else 1.0 / total
            raise ValueError(
                f"{name}={mu:g} is infeasible: {hull} is empty because {name} * sum(sample_weight) "
                f"= {mu * total:.6g} < 1; use {name} >= {smallest:.6g} (at that value the hull is "
                "the weighted centroid)"
            )


def check_points(name, value, *, n_features=2, min_points=1):
    """Return points as a float64 array of shape ``(n, n_features)`` with ``n >= min_points``.

    Parameters
    ----------
    name : str
        Parameter name for the message.
    value : array-like
        The points, one per row.
    n_features : int or None, default=2
        Required number of columns (None: any).
    min_points : int, default=1
        Required number of rows at least.

    Returns
    -------
    ndarray of shape (n, n_features)

    Raises
    ------
    ValueError
        Wrong shape, too few points, or a NaN or infinite coordinate.
    """
    P = np.asarray(value, dtype=np.float64)
    if P.ndim != 2 or (n_features is not None and P.shape[1] != n_features):
        want = f"(n_points, {n_features})" if n_features is not None else "(n_points, n_features)"
        raise ValueError(f"{name} must have shape {want}, got {P.shape}")
    if P.shape[0] < min_points:
        raise ValueError(f"{name} must hold at least {min_points} points, got {P.shape[0]}")
    if not np.all(np.isfinite(P)):
        raise ValueError(f"{name} contains NaN or infinity")
    return P


def check_two_classes(name, value, n_samples, *, pm1=False):
    """Return two-class labels as float64 ``+-1`` (the larger label is +1).

    Parameters
    ----------
    name : str
        Parameter name for the message.
    value : array-like of shape (n_samples,)
        The labels.
    n_samples : int
        Required length (the rows of the matching inputs).
    pm1 : bool, default=False
        Require the labels to be -1 and +1 already (otherwise any two labels are mapped).

    Returns
    -------
    ndarray of shape (n_samples,)

    Raises
    ------
    ValueError
        Wrong shape, not exactly two classes, or (``pm1``) a label other than -1 and +1.
    """
    y = np.asarray(value)
    if y.shape != (n_samples,):
        raise ValueError(f"{name} must have shape ({n_samples},), got {y.shape}")
    if pm1:
        return check_labels_pm1(y, name=name)
    classes = np.unique(y)
    if classes.size != 2:
        raise ValueError(f"{name} must have exactly 2 classes, got {classes.size}")
    return np.where(y == classes[-1], 1.0, -1.0)


def check_multipliers(name, value, n_samples):
    """Return multipliers (convex-combination weights) as float64, finite and ``>= 0``.

    Parameters
    ----------
    name : str
        Parameter name for the message.
    value : array-like of shape (n_samples,)
        The multipliers.
    n_samples : int
        Required length.

    Returns
    -------
    ndarray of shape (n_samples,)

    Raises
    ------
    ValueError
        Wrong shape, a NaN or infinity, or a negative entry (below a rounding of ``-1e-12``).
    """
    alpha = np.asarray(value, dtype=np.float64).ravel()
    if alpha.shape != (n_samples,):
        raise ValueError(f"{name} must have shape ({n_samples},), got {alpha.shape}")
    if not np.all(np.isfinite(alpha)) or np.any(alpha < -1e-12):
        raise ValueError(f"{name} must be finite and >= 0")
    return alpha


def check_mu_or_inverse(name, mu, inverse):
    """Return the reduction parameter from exactly one of ``mu`` and its inverse ``1 / mu``.

    Parameters
    ----------
    name : str
        The parameter's name (the inverse is named ``inv_<name>`` in messages).
    mu : float or None
        The reduction parameter, > 0.
    inverse : float or None
        ``1 / mu``, > 0 (a slider on ``1/mu`` shows where the k-set structure changes).

    Returns
    -------
    float
        ``mu``.

    Raises
    ------
    ValueError
        Both or neither given, or the given one is not > 0.
    TypeError
        The given one is not a real number.
    """
    if (mu is None) == (inverse is None):
        raise ValueError(f"give exactly one of {name} and inv_{name} (= 1/{name})")
    if inverse is not None:
        return 1.0 / check_positive(f"inv_{name}", inverse)
    return check_positive(name, mu)


def check_series(name, value):
    """Return a dict ``{label: (x, values)}`` of equal-length non-empty float arrays.

    Parameters
    ----------
    name : str
        Parameter name for the message.
    value : dict
        ``{label: (x, values)}``.

    Returns
    -------
    dict
        ``{str(label): (x, values)}`` with 1-D float64 arrays.

    Raises
    ------
    ValueError
        Not a non-empty dict, an entry not a pair, or ``x`` and ``values`` of different lengths.
    """
    if not isinstance(value, dict) or not value:
        raise ValueError(f"{name} must be a non-empty dict {{label: (x, values)}}")
    out = {}
    for label, xy in value.items():
        try:
            x, v = xy
        except (TypeError, ValueError):
            raise ValueError(f"{name}[{label!r}] must be a pair (x, values)") from None
        x = np.asarray(x, dtype=np.float64).ravel()
        v = np.asarray(v, dtype=np.float64).ravel()
        if x.shape != v.shape or x.size == 0:
            raise ValueError(f"{name}[{label!r}]: x and values need the same non-zero length")
        out[str(label)] = (x, v)
    return out


def check_int_range(name, value, low, high):
    """Return ``value`` as an int after checking it is an integer in ``[low, high]``.

    Parameters
    ----------
    name : str
        Parameter name for the message.
    value : int
        The value.
    low, high : int
        The inclusive bounds.

    Returns
    -------
    int

    Raises
    ------
    TypeError
        ``value`` is not an integer (or is a bool).
    ValueError
        ``value`` lies outside ``[low, high]``.
    """
    value = check_int(name, value, low)
    if value > high:
        raise ValueError(f"{name} must be an integer in [{low}, {high}], got {value}")
    return value


def check_two_class_points(X, y, *, pm1=False):
    """Return 2-D points ``X`` and their two-class labels ``y`` as ``+-1``, checked together.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        The points (named ``X`` in messages).
    y : array-like of shape (n_samples,)
        Their labels (named ``y``); see :func:`check_two_classes`.
    pm1 : bool, default=False
        Require the labels to be -1 and +1 already.

    Returns
    -------
    X : ndarray of shape (n_samples, 2)
    y : ndarray of shape (n_samples,)
    """
    X = check_points("X", X)
    return X, check_two_classes("y", y, X.shape[0], pm1=pm1)


def check_curve(name, value, values_name, values):
    """Return the abscissae ``value`` and ordinates ``values`` of a curve as equal 1-D floats.

    Parameters
    ----------
    name : str
        Name of the abscissae for the message.
    value : array-like of shape (n,)
        The abscissae.
    values_name : str
        Name of the ordinates for the message.
    values : array-like of shape (n,)
        The ordinates.

    Returns
    -------
    value, values : ndarray of shape (n,)

    Raises
    ------
    ValueError
        ``value`` is not 1-D or ``values`` has another shape.
    """
    x = np.asarray(value, dtype=np.float64)
    v = np.asarray(values, dtype=np.float64)
    if x.ndim != 1 or v.shape != x.shape:
        raise ValueError(
            f"{name} and {values_name} must be 1-D of equal length, got {x.shape}, {v.shape}"
        )
    return x, v
