"""Learning theory of Gunn (1998), ch. 1 and section 2.1: VC confidence, SRM, shattering.

The VC bound (1.6): with probability 1 - eta, for every f in a class of VC dimension h trained on
n samples, R[f] <= R_emp[f] + confidence(h, n, eta). Gunn's report prints the confidence term as

    sqrt((h ln(2n/h + 1) - ln(eta/4)) / n)          (1.6) as printed, ``form="as_printed"``

whereas Vapnik's standard statement has the +1 outside the logarithm,

    sqrt((h (ln(2n/h) + 1) - ln(eta/4)) / n)        Vapnik (1995), ``form="vapnik"``, default.

The printed form is probably a transcription slip; both are provided so the book can show the
difference (for h = 3, n = 100, eta = 0.05: 0.412623 as printed, 0.447003 Vapnik's).
Gunn and Vapnik write the confidence as eta; the keyword ``delta`` of earlier versions still works
and warns (``DeprecationWarning``).

Shattering (Definition 1.1) is decided exactly: a labelling is realisable by an affine classifier
iff the linear program "find w, b with y_i (<w, x_i> + b) >= 1" is feasible.
"""

from __future__ import annotations

import itertools
import warnings

import numpy as np

from ._validation import check_interval, check_labels_pm1, check_points, check_positive_array

__all__ = [
    "can_shatter",
    "canonical_vc_bound",
    "is_linearly_separable",
    "shattering_table",
    "srm_select",
    "vc_bound",
    "vc_confidence",
]

_FORMS = ("vapnik", "as_printed")
_MAX_SHATTER_POINTS = 16


def _eta_from_delta(eta, delta):
    """Return ``eta``, or the deprecated keyword ``delta`` (with a warning) when it is given."""
    if delta is None:
        return eta
    warnings.warn(
        "the keyword delta is deprecated; pass the confidence as eta",
        DeprecationWarning,
        stacklevel=3,
    )
    return delta


def vc_confidence(h, n_samples, eta=0.05, form="vapnik", *, delta=None):
    """Return the VC confidence term of the bound (1.6), vectorised over ``h``.

    Parameters
    ----------
    h : float or array_like
        VC dimension(s) of the hypothesis class, > 0.
    n_samples : int or float
        Number of training samples n, > 0.
    eta : float, default=0.05
        The bound holds with probability 1 - eta; 0 < eta < 1.
    form : {"vapnik", "as_printed"}, default="vapnik"
        ``"vapnik"``: sqrt((h (ln(2n/h) + 1) - ln(eta/4)) / n), Vapnik's standard form.
        ``"as_printed"``: sqrt((h ln(2n/h + 1) - ln(eta/4)) / n), equation (1.6) exactly as
        printed in Gunn's report, with the +1 inside the logarithm (see the module docstring).
    delta : float, optional
        Deprecated name of ``eta``; warns ``DeprecationWarning``.

    Returns
    -------
    confidence : float or ndarray
        Same shape as ``h``. Where the expression under the root is negative (h far above l in the
        Vapnik form, where the bound says nothing anyway) the result is ``inf``.

    Examples
    --------
    >>> round(vc_confidence(3, 100), 6), round(vc_confidence(3, 100, form="as_printed"), 6)
    (0.447003, 0.412623)
    """
    h_arr = check_positive_array("h", h)
    n_samples = check_interval("n_samples", n_samples, 0.0, low_open=True, high_open=True)
    eta = check_interval(
        "eta", _eta_from_delta(eta, delta), 0.0, 1.0, low_open=True, high_open=True
    )
    if form not in _FORMS:
        raise ValueError(f"form must be one of {_FORMS}, got {form!r}")
    ratio = 2.0 * n_samples / h_arr
    if form == "vapnik":
        capacity = h_arr * (np.log(ratio) + 1.0)
    else:
        capacity = h_arr * np.log(ratio + 1.0)
    radicand = (capacity - np.log(eta / 4.0)) / n_samples
    with np.errstate(invalid="ignore"):
        out = np.where(radicand >= 0, np.sqrt(np.maximum(radicand, 0.0)), np.inf)
    return float(out) if out.ndim == 0 else out


def vc_bound(emp_risk, h, n_samples, eta=0.05, form="vapnik", *, delta=None):
    """Return the right-hand side of (1.6): ``emp_risk + vc_confidence(h, n_samples, eta, form)``.

    Parameters
    ----------
    emp_risk : float or array_like
        Empirical risk(s) R_emp (1.2) in [0, 1], broadcast against ``h``.
    h, n_samples, eta, form
        As in :func:`vc_confidence`.
    delta : float, optional
        Deprecated name of ``eta``; warns ``DeprecationWarning``.

    Returns
    -------
    bound : float or ndarray
        Upper bound on the risk R[f], holding with probability 1 - eta.
    """
    risk = np.asarray(emp_risk, dtype=np.float64)
    if not np.all((risk >= 0) & (risk <= 1)):
        raise ValueError(f"emp_risk must be in [0, 1], got {emp_risk!r}")
    out = risk + np.asarray(vc_confidence(h, n_samples, _eta_from_delta(eta, delta), form))
    return float(out) if out.ndim == 0 else out


def srm_select(emp_risks, hs, n_samples, eta=0.05, form="vapnik", *, delta=None):
    """Structural risk minimisation (1.7)-(1.8): the element with the smallest guaranteed risk.

    Parameters
    ----------
    emp_risks : array_like of shape (n_models,)
        Minimal empirical risk reached in each element S_h of the structure, in [0, 1].
    hs : array_like of shape (n_models,)
        VC dimension of each element (> 0), typically increasing.
    n_samples, eta, form
        As in :func:`vc_confidence`.
    delta : float, optional
        Deprecated name of ``eta``; warns ``DeprecationWarning``.

    Returns
    -------
    index : int
        Index of the element minimising (1.8), emp_risk + confidence (the first one on ties).
    bounds : ndarray of shape (n_models,)
        The bound (1.8) of every element.

    Examples
    --------
    >>> index, bounds = srm_select([0.3, 0.1, 0.05, 0.0], [1, 3, 10, 50], n_samples=1000)
    >>> index
    1
    """
    risks = np.asarray(emp_risks, dtype=np.float64)
    h_arr = np.asarray(hs, dtype=np.float64)
    if risks.ndim != 1 or h_arr.shape != risks.shape or risks.size == 0:
        raise ValueError(
            "emp_risks and hs must be non-empty 1-D arrays of the same length, "
            f"got shapes {risks.shape} and {h_arr.shape}"
        )
    eta = _eta_from_delta(eta, delta)
    bounds = np.asarray(vc_bound(risks, h_arr, n_samples, eta, form), dtype=np.float64)
    return int(np.argmin(bounds)), bounds


def canonical_vc_bound(R, A, n_features):
    """Bound (2.10) on the VC dimension of canonical hyperplanes with ||w|| <= A.

    h <= min(R^2 A^2, n) + 1.

    Parameters
    ----------
    R : float
        Radius of a ball enclosing all the data, >= 0.
    A : float
        Bound on the weight norm, ||w|| <= A (2.8), >= 0; the margin is then at least 1/A (2.9).
    n_features : int or np.inf
        Input (or feature-space) dimension n, >= 1; ``np.inf`` for an infinite-dimensional
        feature space (e.g. the Gaussian RBF kernel's), where the bound is R^2 A^2 + 1.

    Returns
    -------
    h_bound : float

    Examples
    --------
    >>> canonical_vc_bound(1.0, 2.0, 10), canonical_vc_bound(10.0, 2.0, 10)
    (5.0, 11.0)
    >>> canonical_vc_bound(10.0, 2.0, np.inf)
    401.0
    """
    R = check_interval("R", R, 0.0, high_open=True)
    A = check_interval("A", A, 0.0, high_open=True)
    infinite = isinstance(n_features, float | np.floating) and n_features == np.inf
    if not infinite and (
        isinstance(n_features, bool) or not isinstance(n_features, int | np.integer)
    ):
        raise TypeError(f"n_features must be an int or np.inf, got {n_features!r}")
    if n_features < 1:
        raise ValueError(f"n_features must be >= 1, got {n_features}")
    return float(min(R * R * A * A, float(n_features)) + 1.0)


def _separable(X, y):
    from scipy.optimize import linprog

    n_samples, n_features = X.shape
    # Variables (w, b); constraints -y_i (<w, x_i> + b) <= -1; any feasible point will do.
    A_ub = -y[:, None] * np.hstack([X, np.ones((n_samples, 1))])
    result = linprog(
        np.zeros(n_features + 1),
        A_ub=A_ub,
        b_ub=-np.ones(n_samples),
        bounds=[(None, None)] * (n_features + 1),
        method="highs",
    )
    if result.status == 0:
        return True
    if result.status == 2:
        return False
    raise RuntimeError(f"linprog failed to decide separability: {result.message}")


def is_linearly_separable(X, y):
    """Whether an affine classifier sign(<w, x> + b) labels every point correctly (strictly).

    Decided exactly by the feasibility of the linear program y_i (<w, x_i> + b) >= 1 (the canonical
    constraints (2.4); any strictly separating hyperplane can be rescaled to satisfy them), solved
    with :func:`scipy.optimize.linprog` (HiGHS).

    Parameters
    ----------
    X : array_like of shape (n_samples, n_features)
    y : array_like of shape (n_samples,)
        Labels in {-1, +1}. A constant labelling is always separable (w = 0, b = ±1).

    Returns
    -------
    separable : bool

    Examples
    --------
    >>> is_linearly_separable([[0, 0], [1, 1], [0, 1], [1, 0]], [-1, -1, 1, 1])  # XOR
    False
    """
    X = check_points("X", X)
    y = check_labels_pm1("y", y, both_classes=False)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must have shape ({X.shape[0]},), got {y.shape}")
    return _separable(X, y)


def shattering_table(points):
    """Every labelling of ``points`` and whether a hyperplane realises it (Def. 1.1, Fig. 1.2).

    Parameters
    ----------
    points : array_like of shape (n_points, n_features)
        At most 16 points (2^n_points linear programs are solved).

    Returns
    -------
    labelings : ndarray of shape (2**n_points, n_points), float64
        All labellings in {-1, +1}, in the order of ``itertools.product([-1, 1], repeat=n_points)``
        (the two constant labellings included, first and last).
    separable : ndarray of shape (2**n_points,), bool
        ``separable[k]`` tells whether ``labelings[k]`` is linearly separable; the labellings that
        fail are ``labelings[~separable]``.

    Examples
    --------
    >>> labelings, separable = shattering_table([[0, 0], [1, 1], [0, 1], [1, 0]])
    >>> labelings[~separable]
    array([[-1., -1.,  1.,  1.],
           [ 1.,  1., -1., -1.]])
    """
    X = np.asarray(points, dtype=np.float64)
    if X.ndim != 2 or X.shape[0] == 0 or X.shape[1] == 0:
        raise ValueError(f"points must be a non-empty 2-D array, got shape {X.shape}")
    if X.shape[0] > _MAX_SHATTER_POINTS:
        raise ValueError(f"points must have at most {_MAX_SHATTER_POINTS} rows, got {X.shape[0]}")
    if not np.all(np.isfinite(X)):
        raise ValueError("points must not contain NaN or inf")
    labelings = np.array(list(itertools.product([-1.0, 1.0], repeat=X.shape[0])))
    separable = np.array([_separable(X, y) for y in labelings], dtype=bool)
    return labelings, separable


def can_shatter(points):
    """Whether hyperplanes shatter ``points``: all 2^p labellings are linearly separable.

    Lines shatter any 3 non-collinear points of R^2 but no 3 collinear points and no 4 points, so
    the VC dimension of linear indicator functions on R^2 is 3 (n + 1 on R^n; Gunn 1998, Fig. 1.2).

    Parameters
    ----------
    points : array_like of shape (n_points, n_features)
        At most 16 points.

    Returns
    -------
    shattered : bool

    Examples
    --------
    >>> can_shatter([[0, 0], [1, 0], [0, 1]]), can_shatter([[0, 0], [1, 1], [2, 2]])
    (True, False)
    """
    return bool(shattering_table(points)[1].all())
