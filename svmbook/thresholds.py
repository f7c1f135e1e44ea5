"""Thresholds of trained SVMs and perceptrons (Goodrich 2012, sections 4.3 and 5.9.3).

Every function here returns the **book's offset** ``b``, the one *added* in the decision function
``f(x) = sum_i alpha_i y_i K(x_i, x) + b``, as ``QPResult.b`` of :mod:`svmbook.qp` and the
estimators' ``intercept_``. Goodrich (2012) writes ``f = w.x - b``: each of his thresholds is
``-b`` here, and his formulas below are converted to the book's sign.

The inputs are the training values of the decision function with the threshold omitted,
``f_k = sum_i alpha_i y_i K(x_i, x_k)`` (the thesis's ``f_k``, with the ``y_i`` its nomenclature
drops restored), i.e. ``f = K @ (alpha * y)``; solvers with an f-cache pass it as it is.

Thresholds of a two-class machine:

* :func:`b_kkt` -- the KKT threshold (4.8) of the mu-SVM, averaged over the free SVs, and the
  interval of KKT-consistent thresholds when a class has none (Fig. 4.12);
* :func:`b_csvm` -- the C-SVM's KKT threshold ``b = y_i - w.x_i`` (section 4.3.5), rho fixed to 1;
* :func:`b_geom` -- the geometric threshold (4.9): the bisector of the nearest points;
* :func:`b_platt` -- the probabilistic threshold of Platt's sigmoid (section 4.3.3).

Perceptron thresholds (section 5.9.3): :func:`perceptron_threshold`.
"""

from __future__ import annotations

import warnings
from typing import NamedTuple

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ._validation import (
    check_int,
    check_labels_pm1,
    check_option,
    check_points,
    check_positive,
    check_sample_weight,
    check_targets,
)

__all__ = [
    "CSVMThresholds",
    "KKTThreshold",
    "WeightedSVMGeometry",
    "b_csvm",
    "b_geom",
    "b_kkt",
    "b_platt",
    "bias_from_bounds",
    "linear_csvm_thresholds",
    "linear_wsvm_geometry",
    "bound_sets",
    "perceptron_threshold",
    "platt_fit",
]


class KKTThreshold(NamedTuple):
    """A KKT threshold with the whole set of KKT-consistent values.

    Attributes
    ----------
    b : float
        The offset (added, ``f = raw + b``): the average over the free SVs, else the midpoint of
        ``b_interval`` (its finite end when the other is infinite).
    b_interval : tuple of float
        ``(lo, hi)``: every threshold in it satisfies the KKT conditions with the given alpha.
        ``lo == hi == b`` when free SVs pin it.
    rho : float
        The margin parameter rho of (4.8) (the supporting planes are ``f_k + b = +-rho``); 1 for
        the C-SVM.
    rho_interval : tuple of float
        Range of rho over the KKT-consistent pairs (``(1, 1)`` for the C-SVM).
    """

    b: float
    b_interval: tuple[float, float]
    rho: float
    rho_interval: tuple[float, float]


def bias_from_bounds(estimates, free, lows, highs):
    """Bias from the KKT conditions of a trained machine.

    The mean of ``estimates`` over the free support vectors if there are any, else the midpoint
    of the interval ``[max(lows), min(highs)]`` of KKT-consistent values (its finite end when the
    other is infinite). The caller's estimates and bounds fix what it is the bias of: the book's
    offset ``b`` (the thresholds here and the reference formulations) or LIBSVM's ``rho = -b`` (the
    one-class machine).

    Parameters
    ----------
    estimates : ndarray of shape (n,)
        Per-point value of the bias implied by each support vector sitting on its margin.
    free : ndarray of bool, shape (n,)
        Mask of the free support vectors (strictly inside the box), whose estimates pin the bias.
    lows : ndarray of shape (m,)
        Lower bounds on the bias given by the bound points (``-inf`` where a point gives none).
    highs : ndarray of shape (k,)
        Upper bounds on the bias given by the bound points (``+inf`` where a point gives none).

    Returns
    -------
    b : float
        The bias.
    interval : tuple of float
        ``(lo, hi)``, the KKT-consistent values; ``lo == hi == b`` when a free support vector pins
        the bias.
    """
    if np.any(free):
        b = float(np.mean(estimates[free]))
        return b, (b, b)
    lo = float(np.max(lows)) if lows.size else -np.inf
    hi = float(np.min(highs)) if highs.size else np.inf
    if np.isfinite(lo) and np.isfinite(hi):
        b = 0.5 * (lo + hi)
    elif np.isfinite(lo) or np.isfinite(hi):
        b = lo if np.isfinite(lo) else hi
    else:  # pragma: no cover - cannot happen with both classes / at least one sample
        b = 0.0
    return b, (lo, hi)


def _inputs(f, y, alpha):
    y = check_labels_pm1("y", y)
    f = check_targets("f", f)
    alpha = check_targets("alpha", alpha)
    if f.shape != y.shape or alpha.shape != y.shape:
        raise ValueError(
            f"f, y and alpha must have the same shape, got {f.shape}, {y.shape}, {alpha.shape}"
        )
    if np.any(alpha < 0):
        raise ValueError("alpha must be >= 0 (labels are kept in y)")
    return f, y, alpha


def _upper(upper, n):
    upper = np.broadcast_to(np.asarray(upper, dtype=np.float64), (n,))
    if np.any(np.isnan(upper)) or np.any(upper < 0):
        raise ValueError("upper must be >= 0 (np.inf for no upper bound)")
    return upper


def bound_sets(alpha, upper, tol=1e-6):
    """Masks ``(at_zero, at_cap, free)`` of multipliers and the absolute tolerance used.

    ``tol`` is relative to the largest alpha or finite upper bound. Points with a zero upper bound
    (weight 0) are in none of the sets: both of their bounds hold, so they constrain nothing.

    Parameters
    ----------
    alpha : ndarray of shape (n_samples,)
        The multipliers.
    upper : ndarray of shape (n_samples,)
        Their upper bounds (``np.inf`` where unbounded).
    tol : float, default=1e-6
        Tolerance relative to the largest alpha or finite upper bound (1 if both are 0).

    Returns
    -------
    at_zero : ndarray of bool of shape (n_samples,)
        ``alpha_i <= eps``.
    at_cap : ndarray of bool of shape (n_samples,)
        ``alpha_i >= upper_i - eps``, not at zero.
    free : ndarray of bool of shape (n_samples,)
        Strictly inside the box (by more than ``eps``).
    eps : float
        The absolute tolerance used; points with ``upper_i <= eps`` are in no set.
    """
    finite = upper[np.isfinite(upper)]
    unit = max(float(alpha.max(initial=0.0)), float(finite.max(initial=0.0)))
    eps = tol * (unit if unit > 0 else 1.0)
    active = upper > eps
    at_zero = active & (alpha <= eps)
    at_cap = active & ~at_zero & (alpha >= upper - eps)
    free = active & ~at_zero & ~at_cap
    return at_zero, at_cap, free, eps


def b_kkt(f, y, alpha, upper, *, tol=1e-6):
    r"""KKT offset of a (weighted) mu-SVM, Goodrich (2012), eq. (4.8), with its interval.

    With ``f_k`` the decision values without the offset, the KKT conditions of (2.20)/(4.10) read
    ``y_i (f_i + b) = rho`` for free SVs (``0 < alpha_i < upper_i``), ``>= rho`` for
    ``alpha_i = 0`` and ``<= rho`` for ``alpha_i = upper_i``. In ``u = rho - b`` (the value of
    ``f_k`` on the positive supporting plane) and ``l = -rho - b`` (on the negative one) they split
    by class:

    .. math::

        \max_{i\in I_{pos},\,\alpha_i>0} f_i \le u \le \min_{i\in I_{pos},\,\alpha_i<s_i\mu} f_i,
        \qquad
        \max_{i\in I_{neg},\,\alpha_i<s_i\mu} f_i \le l \le \min_{i\in I_{neg},\,\alpha_i>0} f_i .

    A class with free SVs pins its plane (the average of their ``f_i``, as (4.8) with one SV per
    class); a class without one (every alpha at 0 or at its cap, typical for integer ``1/mu``,
    Fig. 4.12) leaves an interval, of which we take the midpoint (our choice: the KKT conditions
    leave b undetermined there), or the finite end when the other end is infinite (a class reduced
    to its centroid, Fig. 4.13: the smallest rho, as the thesis prescribes for the mu-SVM).
    Then ``b = -(u + l) / 2`` and ``rho = (u - l) / 2``. Goodrich (2012) writes ``f = w.x - b``;
    this returns the book's ``b = -b_Goodrich``.

    Correction to the source: the thesis prints the no-free-SV range (in its sign) as
    ``b_min = (b_1 + b_3) / 2``, ``b_max = (b_2 + b_4) / 2``; an LP over (b, rho) shows the labels
    are swapped (Goodrich 2012, section 4.3.1; ``docs/errata.md``,
    goodrich-2012-sec-4-3-1-b-range). In the book's sign,
    ``b_interval = (-(b_1 + b_3) / 2, -(b_2 + b_4) / 2)``.

    Parameters
    ----------
    f : array-like of shape (n_samples,)
        ``f = K @ (alpha * y)``.
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    alpha : array-like of shape (n_samples,)
        Non-negative multipliers (any scale; the thesis's NP scale has class sums 1).
    upper : float or array-like of shape (n_samples,)
        Upper bounds ``s_i mu`` (``np.inf`` for the hard margin).
    tol : float, default=1e-6
        Relative tolerance (of the largest alpha or finite bound) for "at a bound".

    Returns
    -------
    KKTThreshold

    Examples
    --------
    Three points per class on a line, mu = 1/2: the nearest points are the means of the two
    innermost points of each class, every alpha is 0 or at its cap, and b is only known to lie in
    an interval (Fig. 4.12):

    >>> import numpy as np
    >>> x = np.array([2.0, 3.0, 4.0, -1.0, -2.0, -3.0]); y = np.repeat([1.0, -1.0], 3)
    >>> alpha = np.array([0.5, 0.5, 0.0, 0.5, 0.5, 0.0]); f = np.outer(x, x) @ (alpha * y)
    >>> t = b_kkt(f, y, alpha, 0.5)
    >>> float(t.b), tuple(map(float, t.b_interval)), float(t.rho), tuple(map(float, t.rho_interval))
    (-2.0, (-4.0, 0.0), 12.0, (10.0, 14.0))
    """
    f, y, alpha = _inputs(f, y, alpha)
    upper = _upper(upper, y.shape[0])
    tol = check_positive("tol", tol)
    at_zero, at_cap, free, _ = bound_sets(alpha, upper, tol)
    pos, neg = y > 0, y < 0
    none = np.full(y.shape, -np.inf)
    u, (u_lo, u_hi) = bias_from_bounds(
        f,
        pos & free,
        np.where(pos & at_cap, f, none),
        np.where(pos & at_zero, f, -none),
    )
    l, (l_lo, l_hi) = bias_from_bounds(
        f,
        neg & free,
        np.where(neg & at_zero, f, none),
        np.where(neg & at_cap, f, -none),
    )
    return KKTThreshold(
        b=0.5 * (-u - l),
        b_interval=(0.5 * (-u_hi - l_hi), 0.5 * (-u_lo - l_lo)),
        rho=0.5 * (u - l),
        rho_interval=(0.5 * (u_lo - l_hi), 0.5 * (u_hi - l_lo)),
    )


def b_csvm(f, y, alpha, C, *, tol=1e-6):
    """KKT offset of the C-SVM (2.16): ``b = y_i - w.x_i`` averaged over free SVs (4.3.5).

    rho is fixed to 1, so ``y_i (f_i + b) = 1`` for ``0 < alpha_i < C``, ``>= 1`` for
    ``alpha_i = 0``, ``<= 1`` for ``alpha_i = C``. Without a free SV, ``b_interval`` is the set of
    KKT-consistent offsets and ``b`` its midpoint; for small C on imbalanced data this whole
    interval can lie outside the data (Fig. 4.10, the "bad threshold"): the C-SVM cannot trade rho
    against b as the mu-SVM does. Goodrich (2012) writes ``f = w.x - b`` and
    ``b = w.x_i - y_i``; this returns the book's ``b = -b_Goodrich``.

    Parameters
    ----------
    f, y, alpha : array-like of shape (n_samples,)
        As in :func:`b_kkt` (alpha in the C-SVM scale, ``0 <= alpha_i <= C``).
    C : float or array-like of shape (n_samples,)
        Box bound(s) (``np.inf`` for the hard margin).
    tol : float, default=1e-6
        Relative tolerance for "at a bound".

    Returns
    -------
    KKTThreshold
        With ``rho = 1`` and ``rho_interval = (1, 1)``.
    """
    f, y, alpha = _inputs(f, y, alpha)
    upper = _upper(C, y.shape[0])
    tol = check_positive("tol", tol)
    at_zero, at_cap, free, _ = bound_sets(alpha, upper, tol)
    est = y - f
    lower = (at_zero & (y > 0)) | (at_cap & (y < 0))
    higher = (at_zero & (y < 0)) | (at_cap & (y > 0))
    b, (lo, hi) = bias_from_bounds(
        est, free, np.where(lower, est, -np.inf), np.where(higher, est, np.inf)
    )
    return KKTThreshold(b=b, b_interval=(lo, hi), rho=1.0, rho_interval=(1.0, 1.0))


def b_geom(f, y, alpha):
    r"""Geometric offset (4.9): the hyperplane halfway between the nearest points.

    .. math::

        b = -\tfrac12\big(w\cdot\bar p_{pos} + w\cdot\bar p_{neg}\big),
        \qquad \bar p_\pm=\frac{\sum_{I_\pm}\alpha_i\phi(x_i)}{\sum_{I_\pm}\alpha_i}.

    With class sums 1 (the nearest-point scale) this is (4.9), ``b = -1/2 sum_i alpha_i f_i``; the
    per-class normalisation makes it independent of the scale of alpha, so the C-SVM's alpha' gives
    the same hyperplane (its class sums are equal but not 1). Unique, unlike the KKT offset.
    Goodrich (2012) writes ``f = w.x - b``; this returns the book's ``b = -b_Goodrich``.

    Parameters
    ----------
    f, y, alpha : array-like of shape (n_samples,)
        As in :func:`b_kkt`; each class needs a positive alpha sum.

    Returns
    -------
    float
        The offset ``b`` (added: ``f = raw + b``).

    Examples
    --------
    >>> import numpy as np
    >>> x = np.array([2.0, 3.0, -1.0, -2.0]); y = np.array([1.0, 1.0, -1.0, -1.0])
    >>> alpha = np.full(4, 0.5)
    >>> round(b_geom(np.outer(x, x) @ (alpha * y), y, alpha), 6)
    -2.0
    """
    f, y, alpha = _inputs(f, y, alpha)
    means = []
    for cls in (1.0, -1.0):
        mass = float(alpha[y == cls].sum())
        if mass <= 0:
            raise ValueError(f"alpha of class {cls:+g} sums to 0: no nearest point to bisect")
        means.append(float(alpha[y == cls] @ f[y == cls]) / mass)
    return 0.5 * (-means[0] - means[1])  # -(a + b) without a signed zero at a = -b


def platt_fit(decision, y, *, max_iter=100, tol=1e-5):
    r"""Platt's sigmoid ``P(y=1 | d) = 1 / (1 + exp(A d + B))``, fitted by maximum likelihood.

    Lin, Lin & Weng (2007), "A note on Platt's probabilistic outputs for support vector
    machines", Algorithm 1: Platt's prior-corrected targets ``(N+ + 1)/(N+ + 2)`` and
    ``1/(N- + 2)``, Newton's method with backtracking line search, and the numerically stable
    evaluation of ``log(1 + exp(.))`` (their improvement over Platt's pseudo-code). Deterministic:
    it fits the given values (the thesis does not say whether Platt's fit used training outputs or
    cross-validation, section 4.3.3; we fit what the caller passes).

    Parameters
    ----------
    decision : array-like of shape (n_samples,)
        Decision values.
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    max_iter : int, default=100
        Newton iterations; a ``ConvergenceWarning`` is issued when they run out.
    tol : float, default=1e-5
        Stop when both gradient components are below it (Lin et al.'s ``eps``).

    Returns
    -------
    A, B : float
    """
    y = check_labels_pm1("y", y)
    d = check_targets("decision", decision)
    if d.shape != y.shape:
        raise ValueError(f"decision and y must have the same shape, got {d.shape}, {y.shape}")
    max_iter = check_int("max_iter", max_iter, 1)
    tol = check_positive("tol", tol)
    n_pos, n_neg = float(np.sum(y > 0)), float(np.sum(y < 0))
    t = np.where(y > 0, (n_pos + 1.0) / (n_pos + 2.0), 1.0 / (n_neg + 2.0))
    A, B = 0.0, np.log((n_neg + 1.0) / (n_pos + 1.0))
    min_step, sigma = 1e-10, 1e-12

    def objective(A, B):
        fApB = d * A + B
        # t fApB + log(1 + exp(-fApB)) written without overflow for either sign of fApB.
        return float(
            np.sum(
                np.where(fApB >= 0, t * fApB, (t - 1.0) * fApB) + np.log1p(np.exp(-np.abs(fApB)))
            )
        )

    fval = objective(A, B)
    for _ in range(max_iter):
        fApB = d * A + B
        e = np.exp(-np.abs(fApB))
        p = np.where(fApB >= 0, e / (1.0 + e), 1.0 / (1.0 + e))
        q = 1.0 - p
        d2 = p * q
        h11 = sigma + float(np.sum(d * d * d2))
        h22 = sigma + float(np.sum(d2))
        h21 = float(np.sum(d * d2))
        d1 = t - p
        g1, g2 = float(np.sum(d * d1)), float(np.sum(d1))
        if abs(g1) < tol and abs(g2) < tol:
            return float(A), float(B)
        det = h11 * h22 - h21 * h21
        dA = -(h22 * g1 - h21 * g2) / det
        dB = -(-h21 * g1 + h11 * g2) / det
        gd = g1 * dA + g2 * dB
        step = 1.0
        while step >= min_step:
            new = objective(A + step * dA, B + step * dB)
            if new < fval + 1e-4 * step * gd:
                A, B, fval = A + step * dA, B + step * dB, new
                break
            step *= 0.5
        else:
            warnings.warn(
                "platt_fit: line search failed; returning the current (A, B)",
                ConvergenceWarning,
                stacklevel=2,
            )
            return float(A), float(B)
    warnings.warn(
        f"platt_fit: max_iter={max_iter} Newton iterations reached without convergence",
        ConvergenceWarning,
        stacklevel=2,
    )
    return float(A), float(B)


def b_platt(f, y, **fit_params):
    r"""Probabilistic offset (section 4.3.3): where Platt's sigmoid crosses 1/2.

    Fit ``P(y=1 | f) = 1/(1 + exp(A f + B))`` on the values ``f`` (offset omitted) with
    :func:`platt_fit`; a point is positive iff ``P >= 1/2`` iff ``A f + B <= 0`` iff
    ``f + B/A >= 0`` (``A < 0``), so the offset is ``b = B/A`` (Goodrich's threshold is ``-B/A``).
    (Fitting on ``f + c`` instead gives ``B/A - c``: the same boundary.)

    Parameters
    ----------
    f, y : array-like of shape (n_samples,)
        Decision values without threshold and labels in {-1, +1}.
    **fit_params
        ``max_iter``, ``tol`` of :func:`platt_fit`.

    Returns
    -------
    float
        The offset ``b`` (added: ``f = raw + b``).

    Raises
    ------
    ValueError
        If the fitted slope ``A`` is not negative (the values do not rank the classes).
    """
    A, B = platt_fit(f, y, **fit_params)
    if not A < 0:
        raise ValueError(
            f"f: Platt's fitted slope A={A:.3g} is not negative, so the decision values do not "
            "order the classes and the sigmoid gives no threshold"
        )
    return B / A


_PERCEPTRON_KINDS = ("kkt", "geometric", "bias_free", "svm_kkt")


def perceptron_threshold(f, y, alpha, kind="kkt", *, tol=1e-6):
    r"""Offsets of a perceptron (Goodrich section 5.9.3, Tables 5.9-5.10).

    ``f = K @ (alpha * y)`` with the *original* kernel K (not the modified perceptron kernel); the
    decision function is ``f + b``. Goodrich (2012) writes ``f = w.x - b``; each kind returns the
    book's ``b = -b_Goodrich``.

    * ``"kkt"``: ``b = sum_i alpha_i y_i``, the stationarity condition of the bias term
      ``b^2/2`` of (2.53)/(4.14) (Table 2.2).
    * ``"geometric"``: as printed (his sign) ``sum_i alpha_i K(x_i, x_j)``, with a free index j. We
      read it as the SVM's geometric offset with the original kernel: the bisector of the
      per-class normalised points, :func:`b_geom` (``docs/errata.md``,
      goodrich-2012-sec-5-9-3-thresholds).
    * ``"bias_free"``: ``b = 0`` (the "B" rows of Table 2.2).
    * ``"svm_kkt"``: ``b = -1/2 (max_{I_pos, alpha_i>0} f_i + min_{I_neg, alpha_i>0} f_i)``.
      Correction to the source: the printed sums ``sum_k alpha_k K(x_k, x_i)`` lack ``y_k``;
      we use ``f_i`` (with ``y_k``).

    Parameters
    ----------
    f, y, alpha : array-like of shape (n_samples,)
        As in :func:`b_kkt`.
    kind : {"kkt", "geometric", "bias_free", "svm_kkt"}, default="kkt"
    tol : float, default=1e-6
        Relative tolerance for ``alpha_i > 0`` (``"svm_kkt"``).

    Returns
    -------
    float
        The offset ``b`` (added).
    """
    f, y, alpha = _inputs(f, y, alpha)
    check_option("kind", kind, _PERCEPTRON_KINDS)
    tol = check_positive("tol", tol)
    if kind == "kkt":
        return float(np.sum(alpha * y))
    if kind == "bias_free":
        return 0.0
    if kind == "geometric":
        return b_geom(f, y, alpha)
    sv = alpha > tol * max(float(alpha.max()), 1e-300)
    if not (np.any(sv & (y > 0)) and np.any(sv & (y < 0))):
        raise ValueError("alpha: the svm_kkt threshold needs a support vector in each class")
    return -0.5 * (float(f[sv & (y > 0)].max()) + float(f[sv & (y < 0)].min()))


# --- the pictures of fitted linear machines (the threshold figures of chapter 4) ----------


class WeightedSVMGeometry(NamedTuple):
    """The nearest-point picture of a linear (weighted) mu-SVM.

    Attributes
    ----------
    alpha : ndarray of shape (n_samples,)
        Nearest-point multipliers (class sums 1, ``0 <= alpha_i <= s_i mu``).
    w : ndarray of shape (2,)
        ``p_pos - p_neg``.
    p_pos, p_neg : ndarray of shape (2,)
        The nearest points of the two weighted reduced hulls.
    b_geom : float
        Geometric offset (4.9) (added: ``f = w . x + b_geom``).
    kkt : svmbook.thresholds.KKTThreshold
        KKT offset (4.8), its interval, rho and rho's interval (the book's sign).
    sample_weight : ndarray of shape (n_samples,)
    support : ndarray of int
        Indices with ``alpha_i > 0``.
    """

    alpha: np.ndarray
    w: np.ndarray
    p_pos: np.ndarray
    p_neg: np.ndarray
    b_geom: float
    kkt: KKTThreshold
    sample_weight: np.ndarray
    support: np.ndarray


def linear_wsvm_geometry(model, X, y, sample_weight=None):
    """Return the nearest-point picture of a fitted linear (weighted) mu-SVM.

    Reads the nearest-point multipliers of the fitted machine and computes the two nearest points,
    their difference ``w``, the geometric threshold (4.9) and the KKT threshold (4.8) with its
    interval (Goodrich (2012), sections 4.3 and 4.4).

    Parameters
    ----------
    model : fitted svmbook.MuSVC
        A two-class ``MuSVC(kernel="linear")`` fitted on ``X``, ``y`` (and ``sample_weight``);
        ``model.alpha_[0]`` holds the nearest-point multipliers and ``model.mu`` the reduction.
    X : array-like of shape (n_samples, n_features)
        The training inputs.
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    sample_weight : array-like of shape (n_samples,), default=None
        The weights the model was fitted with (None: all 1).

    Returns
    -------
    WeightedSVMGeometry
    """
    y = check_labels_pm1("y", y)
    X = check_points("X", X, n_points=y.shape[0])
    s = check_sample_weight("sample_weight", sample_weight, y.shape[0])
    mu = check_positive("model.mu", model.mu)
    alpha = np.asarray(model.alpha_[0], dtype=np.float64)
    if alpha.shape != y.shape:
        raise ValueError(f"model.alpha_[0] must have shape {y.shape}: fit the model on X, y")
    p_pos = alpha[y > 0] @ X[y > 0]
    p_neg = alpha[y < 0] @ X[y < 0]
    w = p_pos - p_neg
    f = X @ w
    upper = np.where(s * mu >= 1.0, np.inf, s * mu)  # a cap >= 1 is implied by the class sum
    return WeightedSVMGeometry(
        alpha=alpha,
        w=w,
        p_pos=p_pos,
        p_neg=p_neg,
        b_geom=b_geom(f, y, alpha),
        kkt=b_kkt(f, y, alpha, upper),
        sample_weight=s,
        support=np.flatnonzero(alpha > 1e-8 * alpha.max()),
    )


class CSVMThresholds(NamedTuple):
    """A linear C-SVM and its thresholds (Goodrich section 4.3.5).

    Attributes
    ----------
    alpha : ndarray of shape (n_samples,)
        C-SVM multipliers ``0 <= alpha'_i <= C``.
    w : ndarray of shape (2,)
        ``sum_i alpha'_i y_i x_i``.
    kkt : svmbook.thresholds.KKTThreshold
        The C-SVM's KKT offset (rho fixed to 1): ``b = y_i - w . x_i`` over free SVs, else the
        midpoint of its interval (:func:`svmbook.thresholds.b_csvm`; LIBSVM's choice).
    b_geom : float
        Geometric offset (4.9) of the same normal.
    mu_kkt : svmbook.thresholds.KKTThreshold
        The equivalent mu-SVM's KKT threshold, which may trade rho for b (smallest rho at a
        one-sided interval, Fig. 4.13).
    frac_pos_kkt, frac_pos_geom : float
        Fraction of the training points predicted positive with each threshold.
    """

    alpha: np.ndarray
    w: np.ndarray
    kkt: KKTThreshold
    b_geom: float
    mu_kkt: KKTThreshold
    frac_pos_kkt: float
    frac_pos_geom: float


def linear_csvm_thresholds(model, X, y):
    """Return the three thresholds of a fitted linear C-SVM (Goodrich (2012), section 4.3.5).

    Parameters
    ----------
    model : fitted classifier
        A two-class linear C-SVM fitted on ``X``, ``y`` (e.g. ``svmbook.SVC(kernel="linear")``),
        with ``C``, ``support_`` and ``dual_coef_``.
    X : array-like of shape (n_samples, n_features)
        The training inputs.
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.

    Returns
    -------
    CSVMThresholds
    """
    y = check_labels_pm1("y", y)
    X = check_points("X", X, n_points=y.shape[0])
    C = check_positive("model.C", model.C)
    alpha = np.zeros(y.shape[0])
    alpha[np.asarray(model.support_)] = np.abs(np.asarray(model.dual_coef_)[0])
    w = (alpha * y) @ X
    f = X @ w
    kkt = b_csvm(f, y, alpha, C)
    geom = b_geom(f, y, alpha)
    mu_kkt = b_kkt(f, y, alpha, C)  # rho free: the mu-SVM's conditions
    return CSVMThresholds(
        alpha=alpha,
        w=w,
        kkt=kkt,
        b_geom=geom,
        mu_kkt=mu_kkt,
        frac_pos_kkt=float(np.mean(f + kkt.b > 0)),
        frac_pos_geom=float(np.mean(f + geom > 0)),
    )
