"""Parameter checks: the one place where the package checks what it is given.

Every check is ``check_*(name, value, ...)``, the parameter's name first, and raises a
``ValueError`` (wrong value) or ``TypeError`` (wrong type) whose message names the parameter, e.g.
``"C must be > 0, got -1"``. The estimators validate their hyperparameters through scikit-learn's
constraint table (``_parameter_constraints``) and their data through the checks here, as do the
free functions of every other module.
"""

from __future__ import annotations

import math
import numbers

import numpy as np
import scipy.sparse as sp

__all__ = [
    "FLOAT32_MAX",
    "FLOAT32_TINY",
    "MU_RTOL",
    "check_alpha0",
    "check_bool",
    "check_choice",
    "check_csr",
    "check_curve",
    "check_equality",
    "check_gram",
    "check_hull_mu",
    "check_indices",
    "check_instances",
    "check_int",
    "check_interval",
    "check_kernel_range",
    "check_labels_pm1",
    "check_mu_or_inverse",
    "check_multipliers",
    "check_option",
    "check_param_grid",
    "check_points",
    "check_positive",
    "check_positive_array",
    "check_psd",
    "check_random_state",
    "check_range",
    "check_real",
    "check_sample_weight",
    "check_series",
    "check_simplex",
    "check_spd_matrices",
    "check_square",
    "check_targets",
    "check_two_classes",
]

#: Relative slack when comparing ``mu * sum(s)`` with 1 (and ``1/mu`` with an integer k):
#: ``1/mu`` is rarely exact in floating point (``1/49 * 49 != 1``).
MU_RTOL = 1e-12


#: The ``name`` entry every check shares; :func:`_named` puts it first in the Parameters section.
_NAME_DOC = """name : str
    The parameter's name, used in the messages."""


def _named(check):
    """Return ``check`` with the shared ``name`` entry first in its docstring's Parameters."""
    header = "\n    Parameters\n    ----------\n"
    if check.__doc__:  # None under python -OO
        entry = "    " + _NAME_DOC.replace("\n", "\n    ") + "\n"
        check.__doc__ = check.__doc__.replace(header, header + entry, 1)
    return check


# --------------------------------------------------------------------------------------------
# scalars
# --------------------------------------------------------------------------------------------


@_named
def check_positive(name, value, *, allow_inf=False, allow_zero=False, hint=""):
    """Return ``value`` as a float after checking ``value > 0`` (or ``>= 0`` with ``allow_zero``).

    Parameters
    ----------
    value : float
        The value to check. NaN is rejected.
    allow_inf : bool, default=False
        Accept ``np.inf`` (``C=np.inf`` is the hard margin).
    allow_zero : bool, default=False
        Accept 0.
    hint : str, default=""
        Appended to the message of a rejected infinity (what to do instead).

    Returns
    -------
    float
        The value.

    Raises
    ------
    TypeError
        If ``value`` is not a real number.
    ValueError
        If ``value`` is NaN, infinite (without ``allow_inf``) or not positive.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__} {value!r}")
    value = float(value)
    if np.isnan(value):
        raise ValueError(f"{name} must be a number, got nan")
    if np.isinf(value) and not (allow_inf and value > 0):
        raise ValueError(f"{name} must be finite{hint}, got {value}")
    if allow_zero:
        if value < 0:
            raise ValueError(f"{name} must be >= 0, got {value:g}")
    elif value <= 0:
        raise ValueError(f"{name} must be > 0, got {value:g}")
    return value


@_named
def check_real(name, value):
    """Return ``value`` as a float after checking it is a finite real number.

    Parameters
    ----------
    value : float
        The value to check.

    Returns
    -------
    float
        The finite value.

    Raises
    ------
    TypeError
        If ``value`` is not a real number.
    ValueError
        If ``value`` is NaN or infinite.
    """
    return check_interval(name, value, -np.inf, np.inf, low_open=True, high_open=True)


@_named
def check_int(name, value, low, high=None, *, integral_float=False):
    """Return ``value`` as an int after checking it is an integer (not a bool) in ``[low, high]``.

    Parameters
    ----------
    value : int
        The value to check.
    low : int
        The smallest accepted value.
    high : int, default=None
        The largest accepted value (None: no upper bound).
    integral_float : bool, default=False
        Also accept floats with an integer value, such as 2.0 (a kernel's degree or order).

    Returns
    -------
    int
        The value.

    Raises
    ------
    TypeError
        If ``value`` is not an integer (or, with ``integral_float``, not a real number).
    ValueError
        If ``value`` lies outside ``[low, high]`` or, with ``integral_float``, is a float that is
        not integral.
    """
    accepted = numbers.Real if integral_float else numbers.Integral
    if isinstance(value, bool | np.bool_) or not isinstance(value, accepted):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__} {value!r}")
    if not isinstance(value, numbers.Integral) and (
        not math.isfinite(value) or value != int(value)
    ):
        raise ValueError(f"{name} must be an integer, got {value}")
    if value < low:
        raise ValueError(f"{name} must be >= {low}, got {value}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be an integer in [{low}, {high}], got {value}")
    return int(value)


@_named
def check_bool(name, value):
    """Return ``value`` as a bool after checking it is one (Python or numpy).

    Parameters
    ----------
    value : bool
        The value to check.

    Returns
    -------
    bool
        The value.

    Raises
    ------
    TypeError
        If ``value`` is not a bool.
    """
    if not isinstance(value, bool | np.bool_):
        raise TypeError(f"{name} must be a bool, got {type(value).__name__} {value!r}")
    return bool(value)


@_named
def check_interval(name, value, low=-np.inf, high=np.inf, *, low_open=False, high_open=False):
    """Return ``value`` as a float after checking it lies in the interval ``low .. high``.

    Parameters
    ----------
    value : float
        The value to check. NaN is always rejected; infinities only pass when an open-ended side
        allows them (``high=np.inf, high_open=False``).
    low, high : float, default=-inf, inf
        The ends of the interval.
    low_open, high_open : bool, default=False
        Exclude the end points.

    Returns
    -------
    float
        The value, inside the interval.

    Raises
    ------
    TypeError
        If ``value`` is not a real number.
    ValueError
        If ``value`` is NaN or outside the interval.
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


def check_range(name, low, high, *, cast=float, positive=False):
    """Return the ends of a range ``low < high`` (``0 < low < high`` with ``positive``).

    Parameters
    ----------
    name : str
        What the range is of (e.g. a slider's parameter), used in the messages.
    low, high : float or int
        The ends.
    cast : type, default=float
        The type the ends are converted to (``int`` for integer ranges).
    positive : bool, default=False
        Also require ``low > 0`` (a logarithmic range).

    Returns
    -------
    low, high : float or int
        The ends, converted.

    Raises
    ------
    ValueError
        If the ends are not ordered (or, with ``positive``, ``low <= 0``).
    """
    low, high = cast(low), cast(high)
    if not (0 < low < high if positive else low < high):
        order = "0 < low < high" if positive else "low < high"
        raise ValueError(f"{name}: the range needs {order}, got low={low}, high={high}")
    return low, high


@_named
def check_option(name, value, options):
    """Return ``value`` after checking it is one of ``options`` (strings).

    Parameters
    ----------
    value : str
        The value to check.
    options : sequence of str
        The accepted values.

    Returns
    -------
    str
        The value.

    Raises
    ------
    ValueError
        If ``value`` is not one of ``options``.
    """
    if not isinstance(value, str) or value not in options:
        choices = ", ".join(repr(o) for o in options)
        raise ValueError(f"{name} must be one of {choices}, got {value!r}")
    return value


@_named
def check_choice(name, value, options):
    """Return ``value`` after checking it equals one of ``options`` (numbers or other values).

    Parameters
    ----------
    value : object
        The value to check.
    options : sequence
        The accepted values (:func:`check_option` is the one for strings).

    Returns
    -------
    object
        The option equal to ``value``.

    Raises
    ------
    ValueError
        If ``value`` equals none of ``options``.
    """
    for option in options:
        if type(value) is not bool and value == option:
            return option
    choices = ", ".join(repr(o) for o in options)
    raise ValueError(f"{name} must be one of {choices}, got {value!r}")


@_named
def check_param_grid(name, value, valid_names, *, numeric=()):
    """Return a parameter grid as a list of dicts of non-empty lists (scikit-learn's grids).

    Parameters
    ----------
    value : dict or sequence of dict
        Each dict maps parameter names to sequences of values (``ParameterGrid``'s input).
    valid_names : collection of str
        The parameters the estimator has.
    numeric : collection of str, default=()
        Parameters whose values must be real numbers (not bool, not NaN).

    Returns
    -------
    list of dict
        One dict per sub-grid, ``{name: list of values}``.

    Raises
    ------
    TypeError
        If ``value`` is not a dict or a sequence of dicts, a dict's values are not sequences (a
        string counts as one value, not a sequence), or a ``numeric`` parameter has a value that
        is not a real number.
    ValueError
        If the grid is empty (no dict, an empty dict or an empty sequence of values), names an
        unknown parameter, or a ``numeric`` value is NaN.
    """
    grids = [value] if isinstance(value, dict) else value
    if not isinstance(grids, list | tuple) or not all(isinstance(g, dict) for g in grids):
        raise TypeError(f"{name} must be a dict or a list of dicts, got {type(value).__name__}")
    if not grids:
        raise ValueError(f"{name} is empty: give at least one dict of parameter values")
    out = []
    for grid in grids:
        if not grid:
            raise ValueError(f"{name} holds an empty dict: give at least one parameter")
        checked = {}
        for key, values in grid.items():
            where = f"{name}[{key!r}]"
            if key not in valid_names:
                known = ", ".join(sorted(valid_names))
                raise ValueError(f"{where}: unknown parameter {key!r}; the estimator has {known}")
            if isinstance(values, str) or not isinstance(values, list | tuple | np.ndarray):
                raise TypeError(
                    f"{where} must be a sequence of values, got {type(values).__name__}"
                )
            values = list(values)
            if not values:
                raise ValueError(f"{where} is an empty sequence of values")
            if key in numeric:
                for v in values:
                    if isinstance(v, bool | np.bool_) or not isinstance(v, numbers.Real):
                        raise TypeError(
                            f"{where} must hold real numbers, got {type(v).__name__} {v!r}"
                        )
                    if np.isnan(v):
                        raise ValueError(f"{where} holds NaN")
            checked[key] = values
        out.append(checked)
    return out


@_named
def check_random_state(name, value):
    """Return a ``numpy.random.Generator`` from None, a non-negative int or a generator.

    A legacy ``numpy.random.RandomState`` (scikit-learn's convention) seeds the new generator
    with one draw, so it advances as it would in scikit-learn.

    Parameters
    ----------
    value : None, int, numpy.random.Generator or numpy.random.RandomState
        The seed (None: fresh entropy) or a generator.

    Returns
    -------
    numpy.random.Generator
        The generator.

    Raises
    ------
    TypeError
        If ``value`` is of another type.
    ValueError
        If ``value`` is a negative int.
    """
    if value is None or isinstance(value, np.random.Generator):
        return np.random.default_rng(value)
    if isinstance(value, np.random.RandomState):
        return np.random.default_rng(value.randint(np.iinfo(np.int32).max))
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        if value < 0:
            raise ValueError(f"{name} must be a non-negative int, got {value}")
        return np.random.default_rng(int(value))
    raise TypeError(
        f"{name} must be None, an int, a numpy.random.Generator or RandomState, got "
        f"{type(value).__name__}"
    )


@_named
def check_instances(name, values, cls):
    """Return ``values`` as a non-empty tuple after checking every item is a ``cls``.

    Parameters
    ----------
    values : iterable
        The items.
    cls : type
        The class every item must be an instance of.

    Returns
    -------
    tuple
        The items.

    Raises
    ------
    ValueError
        If there are no items.
    TypeError
        If an item is not a ``cls``.
    """
    values = tuple(values)
    if not values:
        raise ValueError(f"{name} needs at least one {cls.__name__}")
    for v in values:
        if not isinstance(v, cls):
            raise TypeError(f"{name} takes {cls.__name__} objects, got {type(v).__name__} {v!r}")
    return values


# --------------------------------------------------------------------------------------------
# arrays
# --------------------------------------------------------------------------------------------


@_named
def check_positive_array(name, value):
    """Return ``value`` as a float64 array after checking it is non-empty, finite and ``> 0``.

    Parameters
    ----------
    value : float or array-like
        The value(s) to check (any shape).

    Returns
    -------
    ndarray of float64
        The values, in the shape given.

    Raises
    ------
    ValueError
        If ``value`` is empty, or holds a non-finite or non-positive entry.
    """
    arr = np.asarray(value, dtype=np.float64)
    if arr.size == 0 or not np.all(np.isfinite(arr)) or np.any(arr <= 0):
        raise ValueError(f"{name} must be finite and > 0, got {value!r}")
    return arr


@_named
def check_points(
    name, X, *, n_points=None, n_features=None, min_features=1, min_points=1, allow_empty=False
):
    """Return points as a finite float64 C-contiguous 2-D array (one point a row).

    Parameters
    ----------
    X : array-like of shape (n_points, n_features)
        The points. 1-D input is rejected (ambiguous between one point and one feature).
    n_points : int or None, default=None
        The exact number of points (rows) required, e.g. the number of labels (None: any).
    n_features : int or None, default=None
        The exact number of features (columns) required (None: any, at least ``min_features``).
    min_features : int, default=1
        The smallest accepted number of features.
    min_points : int, default=1
        The smallest accepted number of points (rows), unless ``allow_empty``.
    allow_empty : bool, default=False
        Accept zero points.

    Returns
    -------
    ndarray of shape (n_points, n_features), float64
        The points.

    Raises
    ------
    TypeError
        If ``X`` is not numeric.
    ValueError
        If ``X`` is not 2-D, has too few points or the wrong number of columns, or holds NaN or
        infinity.
    """
    arr = np.asarray(X)
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must be a real numeric array, got dtype {arr.dtype}")
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be a 2-D array (n_samples, n_features), got {arr.ndim}-D with shape "
            f"{arr.shape}; use X.reshape(-1, 1) for one feature or X.reshape(1, -1) for one sample"
        )
    if n_points is not None and arr.shape[0] != n_points:
        raise ValueError(f"{name} must have shape ({n_points}, n_features), got {arr.shape}")
    if n_features is not None and arr.shape[1] != n_features:
        raise ValueError(f"{name} must have shape (n_points, {n_features}), got {arr.shape}")
    if arr.shape[1] < min_features or (arr.shape[0] == 0 and not allow_empty):
        raise ValueError(
            f"{name} must be a non-empty 2-D array (n_points, n_features >= {min_features}), "
            f"got shape {arr.shape}"
        )
    if 0 < arr.shape[0] < min_points or (arr.shape[0] == 0 and min_points > 0 and not allow_empty):
        raise ValueError(f"{name} must hold at least {min_points} points, got {arr.shape[0]}")
    arr = np.ascontiguousarray(arr, dtype=np.float64)
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinity")
    return arr


@_named
def check_csr(name, X):
    """Return a scipy.sparse matrix as a finite float64 CSR matrix with sorted indices.

    Parameters
    ----------
    X : scipy.sparse matrix of shape (n_points, n_features)
        The points.

    Returns
    -------
    scipy.sparse.csr_matrix
        The points, duplicates summed and indices sorted (the solvers' row code relies on it).

    Raises
    ------
    TypeError
        If ``X`` is not numeric.
    ValueError
        If ``X`` is not 2-D or holds NaN or infinity.
    """
    if X.ndim != 2:
        raise ValueError(f"{name} must be 2-D (n_samples, n_features), got {X.ndim}-D")
    if X.dtype.kind not in "biuf":
        raise TypeError(f"{name} must be a real numeric array, got dtype {X.dtype}")
    X = sp.csr_matrix(X, dtype=np.float64)
    if not np.all(np.isfinite(X.data)):
        raise ValueError(f"{name} contains NaN or infinity")
    X.sum_duplicates()  # also sorts the indices
    return X


@_named
def check_square(name, K, *, context=""):
    """Raise unless ``K`` is a square 2-D array.

    Parameters
    ----------
    K : ndarray
        The matrix.
    context : str, default=""
        Appended to the message, e.g. ``" with kernel='precomputed'"``.

    Raises
    ------
    ValueError
        If ``K`` is not square.
    """
    if K.ndim != 2 or K.shape[0] != K.shape[1]:
        raise ValueError(f"{name} must be a square 2-D Gram matrix{context}, got shape {K.shape}")


@_named
def check_gram(name, K, n_samples=None):
    """Return a Gram matrix as a C-contiguous float64 square array with finite entries.

    Parameters
    ----------
    K : array-like of shape (n, n)
        The Gram matrix.
    n_samples : int, default=None
        The number of samples of the labels or targets, which ``n`` must equal.

    Returns
    -------
    ndarray of shape (n, n), float64
        The matrix.

    Raises
    ------
    ValueError
        If ``K`` is not square, is empty, does not match ``n_samples`` or holds NaN or infinity.
    """
    K = np.asarray(K, dtype=np.float64)
    check_square(name, K)
    if n_samples is not None and K.shape[0] != n_samples:
        raise ValueError(
            f"{name} has {K.shape[0]} rows but y has {n_samples} samples; they must match"
        )
    if K.shape[0] == 0:
        raise ValueError(f"{name} is empty: at least one sample is required")
    if not np.all(np.isfinite(K)):
        raise ValueError(f"{name} contains NaN or infinity")
    return np.ascontiguousarray(K)


@_named
def check_psd(name, H):
    """Raise a readable error when the Hessian ``H`` of a QP is not positive semidefinite.

    cvxopt would otherwise fail with "Rank(A) < p or Rank([P; A; G]) < n" or return a
    meaningless point; one eigendecomposition costs less than a single interior-point iteration.

    Parameters
    ----------
    H : ndarray of shape (n, n)
        The symmetric Hessian.

    Raises
    ------
    ValueError
        If the smallest eigenvalue is below ``-1e-8`` times the largest magnitude.
    """
    eigenvalues = np.linalg.eigvalsh(H)
    scale = max(1.0, float(np.abs(eigenvalues).max(initial=0.0)))
    if eigenvalues[0] < -1e-8 * scale:
        raise ValueError(
            f"{name}, the QP Hessian, is not positive semidefinite (smallest eigenvalue "
            f"{eigenvalues[0]:.4g}): the Gram matrix of this kernel on these data is indefinite, "
            "so the dual is not a convex problem. Use a kernel with psd=True, or change the "
            "kernel parameters (Gunn 1998, section 3.1.4: tanh is PSD only for some values)."
        )


@_named
def check_spd_matrices(name, value, n, m):
    """Return ``n`` symmetric positive-definite ``m x m`` matrices as a float64 array.

    Parameters
    ----------
    value : array-like of shape (m, m) or (n, m, m)
        One matrix (used for every point) or one per point.
    n : int
        The number of points.
    m : int
        The dimension.

    Returns
    -------
    ndarray of shape (n, m, m), float64
        The matrices, symmetrised (a copy).

    Raises
    ------
    ValueError
        If the shape is wrong, an entry is not finite, a matrix is not symmetric (to 1e-10
        relative) or not positive definite.
    TypeError
        If ``value`` is not numeric.
    """
    arr = np.asarray(value)
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must be a real numeric array, got dtype {arr.dtype}")
    if arr.shape == (m, m):
        arr = np.broadcast_to(arr, (n, m, m))
    if arr.shape != (n, m, m):
        raise ValueError(f"{name} must have shape ({m}, {m}) or ({n}, {m}, {m}), got {arr.shape}")
    arr = np.array(arr, dtype=np.float64)
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinity")
    size = max(float(np.abs(arr).max(initial=0.0)), np.finfo(float).tiny)
    if np.abs(arr - arr.transpose(0, 2, 1)).max(initial=0.0) > 1e-10 * size:
        raise ValueError(f"{name} must be symmetric")
    arr = 0.5 * (arr + arr.transpose(0, 2, 1))
    smallest = np.linalg.eigvalsh(arr)[:, 0] if n else np.ones(1)
    if np.any(smallest <= 1e-12 * size):
        i = int(np.argmin(smallest))
        raise ValueError(
            f"{name} must be positive definite; matrix {i} has smallest eigenvalue "
            f"{smallest[i]:.3g}"
        )
    return arr


@_named
def check_targets(name, y):
    """Return regression targets as a finite 1-D float64 array.

    Parameters
    ----------
    y : array-like of shape (n,)
        The targets.

    Returns
    -------
    ndarray of shape (n,), float64
        The targets.

    Raises
    ------
    ValueError
        If ``y`` is not 1-D, is empty or holds NaN or infinity.
    """
    y = np.asarray(y, dtype=np.float64)
    if y.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got shape {y.shape}")
    if y.size == 0:
        raise ValueError(f"{name} is empty: at least one sample is required")
    if not np.all(np.isfinite(y)):
        raise ValueError(f"{name} contains NaN or infinity")
    return np.ascontiguousarray(y)


@_named
def check_labels_pm1(name, y, *, both_classes=True):
    """Return labels as a 1-D float64 array with values in {-1, +1}.

    Parameters
    ----------
    y : array-like of shape (n,)
        The labels.
    both_classes : bool, default=True
        Require both classes to be present.

    Returns
    -------
    ndarray of shape (n,), float64
        The labels.

    Raises
    ------
    ValueError
        If ``y`` fails :func:`check_targets`, holds another value, or (with ``both_classes``)
        holds one class only.
    """
    y = check_targets(name, y)
    if not np.all((y == 1.0) | (y == -1.0)):
        bad = np.unique(y[(y != 1.0) & (y != -1.0)])[:5]
        raise ValueError(f"{name} must contain only -1 and +1, got values {bad.tolist()}")
    if both_classes and np.all(y == y[0]):
        raise ValueError(f"{name} contains one class only ({y[0]:+g}); both -1 and +1 are required")
    return y


@_named
def check_indices(name, value, n, max_size=None):
    """Return distinct indices into ``range(n)`` as a 1-D int64 array.

    Parameters
    ----------
    value : array-like of shape (k,)
        The indices (integral floats are accepted, a boolean mask is not).
    n : int
        The length of the indexed sequence.
    max_size : int, default=None
        The largest accepted number of indices.

    Returns
    -------
    ndarray of shape (k,), int64
        The indices.

    Raises
    ------
    TypeError
        If ``value`` holds booleans or non-integral numbers.
    ValueError
        If ``value`` is not 1-D, an index is out of range or repeated, or there are more than
        ``max_size``.
    """
    idx = np.asarray(value)
    if idx.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array of indices, got shape {idx.shape}")
    if idx.size and not np.issubdtype(idx.dtype, np.integer):
        if idx.dtype == bool:
            raise TypeError(f"{name} must hold integer indices, not a boolean mask")
        if not np.all(idx == np.round(idx)):
            raise TypeError(f"{name} must hold integer indices, got dtype {idx.dtype}")
    idx = idx.astype(np.int64)
    if idx.size and (idx.min() < 0 or idx.max() >= n):
        raise ValueError(
            f"{name} indices must lie in [0, {n}), got min {idx.min()} max {idx.max()}"
        )
    if np.unique(idx).size != idx.size:
        raise ValueError(f"{name} indices must be unique")
    if max_size is not None and idx.size > max_size:
        raise ValueError(f"{name} has {idx.size} indices but at most {max_size} are allowed")
    return idx


@_named
def check_sample_weight(name, sample_weight, n_samples, *, positive=False):
    """Return per-point weights ``s_i >= 0`` (``> 0`` with ``positive``) as float64.

    Parameters
    ----------
    sample_weight : array-like of shape (n_samples,) or None
        The weights; None means all ones.
    n_samples : int
        The number of points.
    positive : bool, default=False
        Require every weight to be ``> 0`` (where a weight divides the kernel's diagonal).

    Returns
    -------
    ndarray of shape (n_samples,), float64
        The weights.

    Raises
    ------
    ValueError
        If the shape is wrong, a weight is not finite, negative, or (with ``positive``) zero.
    """
    if sample_weight is None:
        return np.ones(n_samples)
    s = np.asarray(sample_weight, dtype=np.float64)
    _check_length(name, s, n_samples)
    if not np.all(np.isfinite(s)):
        raise ValueError(f"{name} contains NaN or infinity")
    if positive and np.any(s <= 0):
        raise ValueError(f"{name} must be > 0 here (it divides the kernel's diagonal)")
    if np.any(s < 0):
        raise ValueError(f"{name} must be >= 0")
    return np.ascontiguousarray(s)


# --------------------------------------------------------------------------------------------
# feasibility
# --------------------------------------------------------------------------------------------


def _check_length(name, arr, n_samples):
    """Raise a ``ValueError`` naming ``name`` unless ``arr`` has shape ``(n_samples,)``."""
    if arr.shape != (n_samples,):
        raise ValueError(f"{name} must have shape ({n_samples},), got {arr.shape}")


@_named
def check_hull_mu(name, mu, sample_weight, groups=None, *, labels=None):
    """Raise a ``ValueError`` naming ``mu`` when a weighted reduced hull is empty.

    The reduced hull of a group of points with weights ``s_i`` (bounds ``alpha_i <= s_i mu``,
    ``sum alpha_i = 1``) is empty when ``mu * sum_group s_i < 1`` (up to :data:`MU_RTOL`); at
    equality it is the weighted centroid.

    Parameters
    ----------
    mu : float
        The reduction parameter.
    sample_weight : ndarray of shape (n,)
        The weights ``s_i`` (checked already).
    groups : ndarray of shape (n,), default=None
        Each point's hull (None: one hull).
    labels : mapping, default=None
        Maps a group to the name used in the message.

    Raises
    ------
    ValueError
        If a hull is empty.
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


@_named
def check_alpha0(name, alpha0, length, upper, idx):
    """Return a solver's starting point in solver order after checking it is feasible.

    Parameters
    ----------
    alpha0 : array-like of shape (length,)
        The start, in the caller's order.
    length : int
        Its expected length.
    upper : ndarray of shape (len(idx),)
        The box bounds ``C_i`` of the kept variables.
    idx : ndarray of int
        The kept variables (the others, of weight <= 0, must start at 0).

    Returns
    -------
    ndarray of shape (len(idx),), float64
        ``alpha0[idx]``.

    Raises
    ------
    ValueError
        If the length is wrong, an entry is not finite, a dropped variable is not 0, or an entry
        lies outside ``[0, upper]``.
    """
    a = np.asarray(alpha0, dtype=np.float64).ravel()
    if a.shape[0] != length:
        raise ValueError(f"{name} must have length {length}, got {a.shape[0]}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name} must be finite")
    dropped = np.ones(length, dtype=bool)
    dropped[idx] = False
    if np.any(a[dropped] != 0):
        raise ValueError(f"{name} must be 0 for samples with sample_weight <= 0")
    a = a[idx]
    bad = np.flatnonzero((a < 0) | (a > upper))
    if bad.size:
        k = bad[0]
        raise ValueError(
            f"{name} is infeasible: 0 <= {name} <= C fails at {bad.size} entries "
            f"(e.g. {a[k]!r} not in [0, {upper[k]!r}])"
        )
    return a


def check_equality(name, value, target, scale, *, start="alpha0"):
    """Raise unless an equality constraint of a starting point holds to ``1e-10`` relative.

    Parameters
    ----------
    name : str
        The constrained quantity, e.g. ``"y'alpha0"``, used in the messages.
    value : float
        Its value at the start.
    target : float
        The value the constraint requires.
    scale : float
        The magnitude the tolerance is relative to (at least 1).
    start : str, default="alpha0"
        The name of the starting point, used in the messages.

    Raises
    ------
    ValueError
        If ``|value - target| > 1e-10 max(1, scale)``.
    """
    if abs(value - target) > 1e-10 * max(1.0, scale):
        raise ValueError(f"{start} is infeasible: {name} = {value!r}, must equal {target!r}")


@_named
def check_two_classes(name, value, n_samples, *, pm1=False):
    """Return two-class labels as float64 ``+-1`` (the larger label is +1).

    Parameters
    ----------
    value : array-like of shape (n_samples,)
        The labels.
    n_samples : int
        Required length (the rows of the matching inputs).
    pm1 : bool, default=False
        Require the labels to be -1 and +1 already (otherwise any two labels are mapped).

    Returns
    -------
    ndarray of shape (n_samples,)
        The labels, -1.0 or +1.0.

    Raises
    ------
    ValueError
        Wrong shape, not exactly two classes, or (``pm1``) a label other than -1 and +1.
    """
    y = np.asarray(value)
    _check_length(name, y, n_samples)
    if pm1:
        return check_labels_pm1(name, y)
    classes = np.unique(y)
    if classes.size != 2:
        raise ValueError(f"{name} must have exactly 2 classes, got {classes.size}")
    return np.where(y == classes[-1], 1.0, -1.0)


@_named
def check_multipliers(name, value, n_samples):
    """Return multipliers (convex-combination weights) as float64, finite and ``>= 0``.

    Parameters
    ----------
    value : array-like of shape (n_samples,)
        The multipliers.
    n_samples : int
        Required length.

    Returns
    -------
    ndarray of shape (n_samples,)
        The multipliers.

    Raises
    ------
    ValueError
        Wrong shape, a NaN or infinity, or a negative entry (below a rounding of ``-1e-12``).
    """
    alpha = np.asarray(value, dtype=np.float64).ravel()
    _check_length(name, alpha, n_samples)
    if not np.all(np.isfinite(alpha)) or np.any(alpha < -1e-12):
        raise ValueError(f"{name} must be finite and >= 0")
    return alpha


@_named
def check_simplex(name, value, n_samples, groups=None):
    """Return convex-combination weights: finite, ``>= 0``, summing to 1 in each group.

    Parameters
    ----------
    value : array-like of shape (n_samples,)
        The weights, e.g. the multipliers of the two hulls of a nearest-point SVM (one group per
        class) or of a minimal enclosing ball (one group).
    n_samples : int
        Required length.
    groups : array-like of shape (n_samples,), default=None
        A group label per weight (e.g. the class labels); None means one group.

    Returns
    -------
    ndarray of shape (n_samples,), float64
        The weights, with rounding negatives (above ``-1e-12``) set to 0.

    Raises
    ------
    ValueError
        Wrong shape, a NaN or infinity, a negative entry, or a group whose sum is not 1 to
        ``1e-10``.
    """
    a = check_multipliers(name, value, n_samples)
    a = np.maximum(a, 0.0)
    labels = np.zeros(n_samples) if groups is None else np.asarray(groups)
    for g in np.unique(labels):
        where = "" if groups is None else f" over the samples of group {g!r}"
        check_equality(f"sum({name}){where}", float(np.sum(a[labels == g])), 1.0, 1.0, start=name)
    return a


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


@_named
def check_series(name, value):
    """Return a dict ``{label: (x, values)}`` of equal-length non-empty float arrays.

    Parameters
    ----------
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
