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
    "FLOAT32_MAX",
    "FLOAT32_TINY",
    "MU_RTOL",
    "check_gram",
    "check_hull_mu",
    "check_int",
    "check_interval",
    "check_kernel_range",
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


#: float32's largest finite value and smallest normal number: the solvers cache kernel rows in
#: float32 (as LIBSVM), so kernel values must lie between them in magnitude to survive the cast.
FLOAT32_MAX = float(np.finfo(np.float32).max)
FLOAT32_TINY = float(np.finfo(np.float32).tiny)


def check_kernel_range(name, values, *, float32=True):
    """Check that kernel values are finite and, for float32 rows, within float32's range.

    Parameters
    ----------
    name : str
        What the values are, for the message (e.g. ``"kernel values K(x, x)"``).
    values : ndarray
        The values to check (the kernel's diagonal bounds every value of a positive semidefinite
        kernel, by Cauchy-Schwarz).
    float32 : bool, default=True
        Also require ``max |values|`` to be at most :data:`FLOAT32_MAX` and, unless it is 0, at
        least :data:`FLOAT32_TINY`.

    Raises
    ------
    ValueError
        Naming ``name``, the offending magnitude and the remedy (rescaling the data).
    """
    values = np.asarray(values)
    if not np.all(np.isfinite(values)):
        raise ValueError(
            f"{name} overflow (not finite): the data are too large for this kernel; rescale X "
            "(e.g. with StandardScaler) or change the kernel parameters"
        )
    if not float32 or values.size == 0:
        return
    top = float(np.max(np.abs(values)))
    if top > FLOAT32_MAX:
        raise ValueError(
            f"{name} reach {top:.3g}, beyond float32's range ({FLOAT32_MAX:.3g}) in which the "
            "solvers cache kernel rows (as LIBSVM); rescale X (e.g. with StandardScaler) or "
            "lower gamma or degree"
        )
    if 0.0 < top < FLOAT32_TINY:
        raise ValueError(
            f"{name} are at most {top:.3g}, below float32's smallest normal number "
            f"({FLOAT32_TINY:.3g}), so the solvers' float32 kernel rows would be zero; rescale X "
            "(e.g. with StandardScaler)"
        )
