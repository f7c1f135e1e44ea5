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
    "check_gram",
    "check_interval",
    "check_labels_pm1",
    "check_option",
    "check_positive",
    "check_targets",
]


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
