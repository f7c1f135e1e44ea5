r"""Radius-margin model selection with bounds available during training, Goodrich (2012), 6.3.

The radius-margin ratio ``R^2 / Delta^2`` (6.3) is meaningful for a machine with a hard-margin
reading, the L2-loss SVM: it is the hard-margin SVM of the modified kernel (2.33)
``k = K + delta_ij / (2C)``, so ``C`` and the kernel parameters live in ``k`` together, and the
minimal enclosing ball (MEB) is computed with the same ``k`` (section 6.2.6).

:class:`RadiusMarginMachine` holds one (SVM, MEB) pair, each trained by the SMO of section 6.3.5
(numba cores in :mod:`svmbook.model_selection._rm_cores`), and gives at any iteration

* the margin bounds of section 6.3.2: ``(Delta^up)^2 = ||w||^2 / 4`` (6.4), half the distance
  between the current points of the two hulls, and
  ``Delta^low = (min_{pos} f - max_{neg} f) / (2 ||w||)``, clipped at 0;
* the radius bounds of section 6.3.3: ``(R^low)^2 = sum_i beta_i k_ii - ||c||^2`` (the MEB dual
  objective) and ``(R^up)^2 = max_j ||phi(x_j) - c||^2``;
* ``T^low = R^low / Delta^up`` and ``T^up = R^up / Delta^low`` (6.5), which bracket ``R / Delta``.

:func:`compare` is Algorithm 12 and :func:`modelsel_grid` Algorithm 13 (with the standard and
Cristianini baselines of section 6.3.8). The machines work on float64 Gram matrices: the bounds
are exact inequalities only for the kernel values the caches are computed from, and the rows
rounded to float32 of :mod:`svmbook.solvers.cache` would move the optimum by about ``1e-7``
relative, more than the tests' oracles resolve.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from .._validation import (
    check_bool,
    check_gram,
    check_int,
    check_interval,
    check_labels_pm1,
    check_option,
    check_points,
    check_positive,
    check_simplex,
    check_two_classes,
)
from ..kernels import get_kernel
from ._rm_cores import meb_kkt, meb_run, meb_scan, svm_kkt, svm_run, svm_scan

__all__ = [
    "CompareResult",
    "GridSelection",
    "RadiusMarginBounds",
    "RadiusMarginMachine",
    "compare",
    "grid_kernel",
    "modelsel_grid",
    "radius_margin_ratio",
]

#: The relative KKT tolerance of the thesis's experiments (section 6.3.8, where it is epsilon).
DEFAULT_TOL = 1e-3


def _over(a, b):
    """Return ``a / b``, or ``inf`` when ``b <= 0`` (a bound that says nothing yet)."""
    return a / b if b > 0.0 else math.inf


@dataclass(frozen=True)
class RadiusMarginBounds:
    """Bounds on the margin, the radius and their ratio of a partly trained (SVM, MEB) pair.

    Attributes
    ----------
    delta_low, delta_up : float
        ``Delta^low <= Delta <= Delta^up`` (section 6.3.2, (6.4)); ``delta_low`` is clipped at 0.
    r_low, r_up : float
        ``R^low <= R <= R^up`` (section 6.3.3).
    t_low, t_up : float
        ``T^low = r_low / delta_up <= R / Delta <= T^up = r_up / delta_low`` (6.5); ``t_up`` is
        ``inf`` while ``delta_low = 0``.
    svm_kkt, meb_kkt : float
        The relative KKT statistics of the SVM and of the MEB (converged to ``tol`` when
        ``<= tol``).
    """

    delta_low: float
    delta_up: float
    r_low: float
    r_up: float
    t_low: float
    t_up: float
    svm_kkt: float
    meb_kkt: float

    @property
    def ratio_low(self):
        """float: ``(T^low)^2``, a lower bound on ``R^2 / Delta^2``."""
        return self.t_low**2

    @property
    def ratio_up(self):
        """float: ``(T^up)^2``, an upper bound on ``R^2 / Delta^2``."""
        return self.t_up**2

    @property
    def ratio(self):
        """float: ``T^low T^up``, the geometric midpoint of the bracket of ``R^2 / Delta^2``."""
        return self.t_low * self.t_up


class RadiusMarginMachine:
    """An L2-loss SVM and its minimal enclosing ball, trained step by step, Goodrich (2012) 6.3.

    Both live in the feature space of ``k = K + delta_ij / (2C)``. The SVM is the nearest-point
    problem of section 6.3.1 (each class's ``alpha`` sums to 1; its optimum is
    :func:`svmbook.qp.geometric.l2_geometric_dual`), the MEB the dual (2.42) with kernel ``k``
    (:func:`svmbook.qp.geometric.meb_dual` of ``K + I/(2C)``). The caches ``f``, ``||w||^2``,
    ``g``, ``||c||^2`` and ``sum_i beta_i k_ii`` are kept incrementally, so :meth:`bounds` costs
    one pass over the points at any iteration.

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix of the original kernel (float64; not copied when already float64
        C-contiguous: do not modify it while the machine uses it).
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}, both present.
    C : float
        The L2 slack penalty, ``> 0`` and finite.
    alpha0 : array-like of shape (n_samples,), default=None
        Starting SVM multipliers (each class summing to 1). None: the first point of each class
        at 1 (the thesis's "one arbitrarily chosen alpha in each class").
    beta0 : array-like of shape (n_samples,), default=None
        Starting MEB multipliers (summing to 1). None: the first point at 1.

    Attributes
    ----------
    alpha, beta : ndarray of shape (n_samples,)
        The current multipliers (live views of the state; copy them to keep a snapshot).
    C : float
        The penalty.
    n_svm_iter, n_meb_iter : int
        SMO steps taken on the SVM and on the MEB since construction.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(20, 2))
    >>> y = np.where(X[:, 0] > 0, 1.0, -1.0)
    >>> K = np.exp(-0.5 * ((X[:, None] - X[None]) ** 2).sum(-1))
    >>> m = RadiusMarginMachine(K, y, C=1.0)
    >>> b = m.train(tol=1e-6).bounds()
    >>> b.delta_low <= b.delta_up and b.r_low <= b.r_up and b.svm_kkt <= 1e-6
    True
    """

    def __init__(self, K, y, C, *, alpha0=None, beta0=None):
        self._y = check_labels_pm1("y", y)
        n = self._y.shape[0]
        self._K = check_gram("K", K, n)
        self.C = check_positive("C", C)
        if alpha0 is None:
            alpha0 = np.zeros(n)
            alpha0[np.argmax(self._y > 0)] = 1.0
            alpha0[np.argmax(self._y < 0)] = 1.0
        if beta0 is None:
            beta0 = np.zeros(n)
            beta0[0] = 1.0
        self.alpha = check_simplex("alpha0", alpha0, n, self._y).copy()
        self.beta = check_simplex("beta0", beta0, n).copy()
        self.n_svm_iter = 0
        self.n_meb_iter = 0
        self._refresh()

    def _refresh(self):
        """Recompute every cache from ``alpha``, ``beta``, ``K`` and ``C``."""
        K, y = self._K, self._y
        self._ridge = 1.0 / (2.0 * self.C)
        self._kdiag = np.diag(K) + self._ridge
        coef = self.alpha * y
        self._f = K @ coef + self._ridge * coef
        self._w2 = np.array([float(coef @ self._f)])
        self._g = K @ self.beta + self._ridge * self.beta
        self._sums = np.array([float(self.beta @ self._g), float(self.beta @ self._kdiag)])

    @property
    def K(self):
        """ndarray: The Gram matrix of the original kernel."""
        return self._K

    @property
    def y(self):
        """ndarray: The labels in {-1, +1}."""
        return self._y

    @property
    def n_samples(self):
        """int: The number of training points."""
        return self._y.shape[0]

    @property
    def threshold(self):
        """float: The geometric offset ``b = -w . (p_pos + p_neg) / 2`` of the current state.

        Goodrich (2012), (4.9): the perpendicular bisector of the current points of the two
        hulls, ``b = -sum_i alpha_i f_i / 2`` with ``f_i`` the decision values (offset omitted)
        under the modified kernel ``k``; at the optimum every support vector has
        ``y_i (f_i + b) = ||w||^2 / 2``. Goodrich writes ``f = w . x - b``; this is the book's
        ``b = -b_Goodrich``.
        """
        return -0.5 * float(self.alpha @ self._f)

    def decision_function(self, K):
        """Return ``f(x) = w . phi(x) + b`` for new points, positive for the class ``+1``.

        The ridge ``1 / (2C)`` of ``k = K + I / (2C)`` acts on the training points only, so a new
        point's values are ``sum_i alpha_i y_i K(x_i, x) + b`` with :attr:`threshold` ``b``
        (the book's offset, added).

        Parameters
        ----------
        K : array-like of shape (n_points, n_samples)
            Kernel values between the new points and the training points (original kernel).

        Returns
        -------
        ndarray of shape (n_points,)
            The decision values.

        Raises
        ------
        ValueError
            If ``K`` does not have one column per training point.
        """
        K = np.asarray(K, dtype=np.float64)
        if K.ndim != 2 or K.shape[1] != self.n_samples:
            raise ValueError(
                f"K must have shape (n_points, {self.n_samples}), one column per training point, "
                f"got {K.shape}"
            )
        return K @ (self.alpha * self._y) + self.threshold

    def adapt(self, K=None, C=None):
        """Move to a new kernel matrix and/or ``C``, keeping ``alpha`` and ``beta`` (warm start).

        The feasible sets (each class's ``alpha`` summing to 1, ``beta`` on the simplex) do not
        depend on the kernel or ``C``, so the multipliers stay feasible; only the caches are
        recomputed (Goodrich 2012, section 6.3.7; Cristianini, Campbell and Shawe-Taylor's
        seeding). The iteration counters are kept.

        Parameters
        ----------
        K : array-like of shape (n_samples, n_samples), default=None
            The new Gram matrix; None keeps the current one.
        C : float, default=None
            The new penalty; None keeps the current one.

        Returns
        -------
        RadiusMarginMachine
            ``self``.
        """
        if K is not None:
            self._K = check_gram("K", K, self.n_samples)
        if C is not None:
            self.C = check_positive("C", C)
        self._refresh()
        return self

    def warm(self, K=None, C=None):
        """Return a new machine at another kernel matrix and/or ``C``, started from this state.

        Parameters
        ----------
        K, C : array-like of shape (n_samples, n_samples), float, default=None
            As in :meth:`adapt` (None shares the current Gram matrix, keeps the current C).

        Returns
        -------
        RadiusMarginMachine
            A machine with copies of ``alpha`` and ``beta`` and zero iteration counters.
        """
        return RadiusMarginMachine(
            self._K if K is None else K,
            self._y,
            self.C if C is None else C,
            alpha0=self.alpha,
            beta0=self.beta,
        )

    def step(self, n=1, which="svm", *, tol=0.0):
        """Take up to ``n`` SMO steps on the SVM or on the MEB.

        Parameters
        ----------
        n : int, default=1
            The most steps to take.
        which : {"svm", "meb"}, default="svm"
            The machine to step.
        tol : float, default=0.0
            Stop early once its relative KKT statistic is ``<= tol`` (0: only when no pair
            violates).

        Returns
        -------
        int
            The number of steps taken (fewer than ``n`` when it stopped early).
        """
        n = check_int("n", n, 0)
        which = check_option("which", which, ("svm", "meb"))
        tol = check_interval("tol", tol, 0.0)
        if which == "svm":
            done = svm_run(self._K, self._y, self._ridge, self.alpha, self._f, self._w2, n, tol)
            self.n_svm_iter += done
        else:
            done = meb_run(
                self._K, self._ridge, self._kdiag, self.beta, self._g, self._sums, n, tol
            )
            self.n_meb_iter += done
        return int(done)

    def train(self, tol=DEFAULT_TOL, max_iter=100_000):
        """Train the SVM and the MEB until both relative KKT statistics are ``<= tol``.

        Parameters
        ----------
        tol : float, default=1e-3
            Relative KKT tolerance (Goodrich 2012, section 5.8.1).
        max_iter : int, default=100000
            The most steps per machine; hitting it warns with ``ConvergenceWarning``.

        Returns
        -------
        RadiusMarginMachine
            ``self``.
        """
        tol = check_positive("tol", tol)
        max_iter = check_int("max_iter", max_iter, 1)
        for which in ("svm", "meb"):
            if self.step(max_iter, which, tol=tol) == max_iter and not self.converged(which, tol):
                warnings.warn(
                    f"the {which.upper()} did not reach the relative KKT tolerance tol={tol:g} "
                    f"in max_iter={max_iter} steps",
                    ConvergenceWarning,
                    stacklevel=2,
                )
        return self

    def converged(self, which, tol):
        """Return whether the SVM or the MEB satisfies the relative KKT conditions to ``tol``.

        Parameters
        ----------
        which : {"svm", "meb"}
            The machine.
        tol : float
            The tolerance.

        Returns
        -------
        bool
            Its relative KKT statistic is ``<= tol``.
        """
        b = self.bounds()
        return (b.svm_kkt if which == "svm" else b.meb_kkt) <= tol

    def bounds(self):
        """Return the current bounds on ``Delta``, ``R`` and ``R / Delta``.

        Returns
        -------
        RadiusMarginBounds
            Goodrich (2012), (6.4), section 6.3.2 (``Delta^low``, clipped at 0), section 6.3.3
            and (6.5).
        """
        _, _, _, _, min_pos, max_pos_sv, max_neg, min_neg_sv = svm_scan(
            self._y, self.alpha, self._f
        )
        w2 = float(self._w2[0])
        w = math.sqrt(max(w2, 0.0))
        delta_up = 0.5 * w
        delta_low = max(0.0, _over(min_pos - max_neg, 2.0 * w)) if w > 0 else 0.0
        _, _, min_sv, max_all, _ = meb_scan(self._kdiag, self.beta, self._g, self._sums[0])
        r_low = math.sqrt(max(float(self._sums[1] - self._sums[0]), 0.0))
        r_up = math.sqrt(max(float(max_all), 0.0))
        return RadiusMarginBounds(
            delta_low=delta_low,
            delta_up=delta_up,
            r_low=r_low,
            r_up=r_up,
            t_low=_over(r_low, delta_up),
            t_up=_over(r_up, delta_low),
            svm_kkt=float(svm_kkt(w2, min_pos, max_pos_sv, max_neg, min_neg_sv)),
            meb_kkt=float(meb_kkt(min_sv, max_all)),
        )


def radius_margin_ratio(K, y, C, *, tol=DEFAULT_TOL, max_iter=100_000):
    """Return the radius-margin ratio ``R^2 / Delta^2`` of the L2-loss SVM at ``(K, C)``.

    Trains a :class:`RadiusMarginMachine` from the standard start until both machines meet the
    relative KKT conditions to ``tol`` and returns ``T^low T^up``, the geometric midpoint of its
    bracket ``[(T^low)^2, (T^up)^2]`` of (6.5); the bracket's relative width is at most about
    ``5 tol``: at the SVM's KKT tolerance each class's relative nearest-point gap is at most
    ``tol``, so ``Delta^low >= (1 - 2 tol) Delta^up``, and at the MEB's
    ``(R^low)^2 >= (1 - tol) (R^up)^2``; the midpoint is within about ``2.5 tol`` of the exact
    ratio. ``R^2 / (Delta^2 n)`` is Goodrich's (6.3) bound on the leave-one-out error rate.

    Parameters
    ----------
    K : array-like of shape (n_samples, n_samples)
        Gram matrix of the original kernel.
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    C : float
        The L2 slack penalty (the kernel is ``K + I/(2C)``).
    tol : float, default=1e-3
        Relative KKT tolerance.
    max_iter : int, default=100000
        The most SMO steps per machine.

    Returns
    -------
    float
        ``R^2 / Delta^2``.

    Examples
    --------
    Two orthogonal points per class (``K = I``): ``R^2 = 3/4 k_ii``, ``Delta^2 = 1/4 k_ii``:

    >>> round(radius_margin_ratio(np.eye(4), [1, 1, -1, -1], C=1.0, tol=1e-9), 6)
    3.0
    """
    return RadiusMarginMachine(K, y, C).train(tol, max_iter).bounds().ratio


@dataclass(frozen=True)
class CompareResult:
    """What :func:`compare` found.

    Attributes
    ----------
    winner : int
        0 when the first pair has the smaller ratio (or ties), 1 for the second.
    separated : bool
        True when the ratio brackets separated (the winner is certain); False when every
        machine met ``tol`` (or ``max_iter`` was hit) first and the midpoints decided.
    n_svm_iter, n_meb_iter : tuple of int
        SVM and MEB steps spent on each pair during the comparison.
    trace : ndarray of shape (n_steps + 1, 2, 2) or None
        With ``record=True``: before every step and at the end, each pair's bracket
        ``[T^low, T^up]`` of (6.5) (``trace[k, i] = (T^low, T^up)`` of pair ``i``); None
        otherwise.
    """

    winner: int
    separated: bool
    n_svm_iter: tuple[int, int]
    n_meb_iter: tuple[int, int]
    trace: np.ndarray | None = None


def _focus(b, tol):
    """Return which machine of a pair to step ((6.7)), or None if both met ``tol``."""
    svm_open, meb_open = b.svm_kkt > tol, b.meb_kkt > tol
    if not (svm_open or meb_open):
        return None
    svm_first = _over(b.delta_up, b.delta_low) >= _over(b.r_up, b.r_low)
    return "svm" if svm_open and (svm_first or not meb_open) else "meb"


def compare(first, second, *, tol=DEFAULT_TOL, max_iter=100_000, record=False):
    """Decide which of two (SVM, MEB) pairs has the smaller radius-margin ratio, Algorithm 12.

    Goodrich (2012), section 6.3.6: while the brackets ``[T^low, T^up]`` of (6.5) overlap, take
    one SMO step on the pair with the larger ``T^up / T^low`` (6.6) and, within it, on the SVM
    when ``Delta^up / Delta^low >= R^up / R^low`` (6.7), else on the MEB. The listing's ``>=``
    is used (the prose says ``>``), so ties go to the first pair and to the SVM.

    Safeguards (the listing alone can loop forever,
    docs/errata.md#goodrich-2012-alg-12-termination): as in the thesis's experiments no machine
    is trained beyond the relative KKT tolerance ``tol``; a machine that met it is not stepped
    (its pair's other machine is, else the other pair). When all four met ``tol`` the smaller
    midpoint ``T^low T^up`` wins, ties to ``first``; ``max_iter`` steps in all end the loop the
    same way with a ``ConvergenceWarning``. A ratio with a zero denominator is ``inf``.

    Parameters
    ----------
    first, second : RadiusMarginMachine
        The two pairs; they are trained in place.
    tol : float, default=1e-3
        Relative KKT tolerance capping every machine.
    max_iter : int, default=100000
        The most steps (SVM and MEB, both pairs) in all.
    record : bool, default=False
        Keep both brackets at every step in :attr:`CompareResult.trace` (the bands of the
        thesis's Fig. 6.8).

    Returns
    -------
    CompareResult
        The winner and the steps spent.

    Raises
    ------
    TypeError
        If a pair is not a :class:`RadiusMarginMachine`.
    """
    for name, m in (("first", first), ("second", second)):
        if not isinstance(m, RadiusMarginMachine):
            raise TypeError(f"{name} must be a RadiusMarginMachine, got {type(m).__name__}")
    tol = check_positive("tol", tol)
    max_iter = check_int("max_iter", max_iter, 1)
    record = check_bool("record", record)
    pairs = (first, second)
    start = [(m.n_svm_iter, m.n_meb_iter) for m in pairs]
    trace = [] if record else None

    def result(winner, separated):
        return CompareResult(
            winner,
            separated,
            tuple(m.n_svm_iter - s[0] for m, s in zip(pairs, start, strict=True)),
            tuple(m.n_meb_iter - s[1] for m, s in zip(pairs, start, strict=True)),
            None if trace is None else np.array(trace, dtype=np.float64).reshape(-1, 2, 2),
        )

    for _ in range(max_iter):
        b = [m.bounds() for m in pairs]
        if record:
            trace.append([(bi.t_low, bi.t_up) for bi in b])
        if b[0].t_up < b[1].t_low:
            return result(0, True)
        if b[1].t_up < b[0].t_low:
            return result(1, True)
        order = (0, 1) if _over(b[0].t_up, b[0].t_low) >= _over(b[1].t_up, b[1].t_low) else (1, 0)
        for i in order:
            which = _focus(b[i], tol)
            if which is not None:
                pairs[i].step(1, which)
                break
        else:
            return result(int(b[1].ratio < b[0].ratio), False)
    b = [m.bounds() for m in pairs]
    if record:
        trace.append([(bi.t_low, bi.t_up) for bi in b])
    warnings.warn(
        f"compare: the ratio brackets still overlap after max_iter={max_iter} steps; "
        "the midpoints decided",
        ConvergenceWarning,
        stacklevel=2,
    )
    return result(int(b[1].ratio < b[0].ratio), False)


#: The methods of :func:`modelsel_grid` (section 6.3.8).
METHODS = ("adaptive", "standard", "cristianini")
#: The kernels of :func:`modelsel_grid`: the Gaussian over ``gamma`` and the scaled polynomial
#: ``(x . x' / tau + 1)^q`` over the degree ``q`` (section 6.3.8).
GRID_KERNELS = ("rbf", "poly")


@dataclass(frozen=True)
class GridSelection:
    """The result of :func:`modelsel_grid`.

    Attributes
    ----------
    param, C : float
        The selected kernel parameter (``gamma``, or the degree ``q`` of the polynomial kernel)
        and penalty.
    index : tuple of int
        Its position ``(i, j)`` in ``(params, Cs)``.
    start : tuple of int or None
        The adaptive search's initial guess ``(i, j)``; None for the other methods.
    ratio : float
        The selected machine's ``R^2 / Delta^2`` at ``tol`` (the midpoint ``T^low T^up`` of its
        bracket; the adaptive method trains its winner to ``tol`` at the end for it).
    params, Cs : ndarray
        The grid: kernel parameters (outer loop) and penalties (inner loop).
    ratio_low, ratio_up : ndarray of shape (len(params), len(Cs))
        Each grid point's bracket ``[(T^low)^2, (T^up)^2]`` when its machine was last stepped
        (for the adaptive method often wide: a point is dropped as soon as it is known worse).
    n_svm_iter, n_meb_iter : ndarray of int of shape (len(params), len(Cs))
        SMO steps spent on each grid point's SVM and MEB (for the adaptive method including the
        steps taken while it was the incumbent).
    n_sv : ndarray of int of shape (len(params), len(Cs))
        Support vectors (``alpha_i > 0``) of each grid point's SVM when it was last stepped: the
        SV bound (6.1) on its leave-one-out errors for the standard and Cristianini methods,
        whose machines all meet ``tol`` (the adaptive method's are partly trained).
    method : str
        ``"adaptive"``, ``"standard"`` or ``"cristianini"``.
    kernel : str
        ``"rbf"`` or ``"poly"``.
    tol : float
        The relative KKT tolerance.
    """

    param: float
    C: float
    index: tuple[int, int]
    start: tuple[int, int] | None
    ratio: float
    params: np.ndarray
    Cs: np.ndarray
    ratio_low: np.ndarray
    ratio_up: np.ndarray
    n_svm_iter: np.ndarray
    n_meb_iter: np.ndarray
    n_sv: np.ndarray
    method: str
    kernel: str
    tol: float


def _grid(name, values, default):
    """Return a 1-D float grid of distinct positive values (``default`` when None)."""
    if values is None:
        return np.asarray(default, dtype=np.float64)
    v = np.asarray(values, dtype=np.float64).ravel()
    if v.size == 0 or not np.all(np.isfinite(v)) or np.any(v <= 0):
        raise ValueError(f"{name} must be a non-empty list of finite values > 0")
    if np.unique(v).size != v.size:
        raise ValueError(f"{name} must not repeat a value")
    return v


def _poly_tau(G):
    """Return ``tau = max_i ||x_i||^2`` from the Gram matrix ``G = X X^T`` (1 if all are 0).

    Dividing by it keeps the polynomial kernel's diagonal moderate, so that ``C`` keeps its
    weight against it (Goodrich 2012, section 6.3.8).
    """
    tau = float(np.max(np.diag(G)))
    return tau if tau > 0 else 1.0


def grid_kernel(X, kernel, param):
    """Return the kernel of :func:`modelsel_grid`'s grid at one outer value, fitted to ``X``.

    For predictions with a selected machine: ``exp(-gamma ||x - x'||^2)``, or the polynomial
    ``(x . x' / tau + 1)^q`` with ``tau = max_i ||x_i||^2`` over the training points ``X``
    (section 6.3.8), the same ``tau`` for test points.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The training points (they fix ``tau``).
    kernel : {"rbf", "poly"}
        The grid's kernel.
    param : float
        ``gamma``, or the integer degree ``q``.

    Returns
    -------
    svmbook.kernels.Kernel
        The kernel, ``kernel(A, B)`` giving the Gram block.

    Raises
    ------
    ValueError
        On an unknown ``kernel``, a ``param`` that is not finite and ``> 0``, or a non-integer
        degree.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1.0, 0.0], [0.0, 2.0]])
    >>> grid_kernel(X, "poly", 2)(X, X)  # tau = 4: ((x . x') / 4 + 1)^2
    array([[1.5625, 1.    ],
           [1.    , 4.    ]])
    """
    X = check_points("X", X)
    kernel = check_option("kernel", kernel, GRID_KERNELS)
    param = check_positive("param", param)
    if kernel == "rbf":
        return get_kernel("rbf", gamma=param)
    if param != round(param):
        raise ValueError(f"param must be an integer degree for kernel='poly', got {param!r}")
    return get_kernel("poly", degree=int(param), gamma=1.0 / _poly_tau(X @ X.T), coef0=1.0)


class _Grams:
    """The Gram matrix of each outer grid value, computed once from the points."""

    def __init__(self, X, kernel):
        self.kernel = kernel
        if kernel == "rbf":
            sq = np.einsum("ij,ij->i", X, X)
            D2 = sq[:, None] + sq[None, :] - 2.0 * (X @ X.T)
            np.fill_diagonal(D2, 0.0)
            self._base = np.maximum(D2, 0.0)
        else:
            G = X @ X.T
            self._base = G / _poly_tau(G)
        self._value = None
        self._K = None

    def __call__(self, value):
        if value != self._value:
            if self.kernel == "rbf":
                self._K = np.exp(-value * self._base)
            else:
                self._K = (self._base + 1.0) ** value
            self._value = value
        return self._K


def _initial_guess(X, kernel, params, Cs):
    """Return the thesis's start: C closest to 1, gamma closest to 1/n_features (log scale).

    For the polynomial kernel the source gives no start; we take the smallest degree. Ties go to
    the first in the grid.
    """
    j = int(np.argmin(np.abs(np.log(Cs))))
    if kernel == "rbf":
        i = int(np.argmin(np.abs(np.log(params) + np.log(X.shape[1]))))
    else:
        i = int(np.argmin(params))
    return i, j


def modelsel_grid(
    X,
    y,
    *,
    kernel="rbf",
    params=None,
    Cs=None,
    method="adaptive",
    tol=DEFAULT_TOL,
    max_iter=100_000,
):
    """Select ``(gamma, C)`` (or ``(q, C)``) minimising the radius-margin ratio, Algorithm 13.

    Goodrich (2012), section 6.3.7: the kernel parameter in the outer loop, ``C`` in the inner
    ("the more efficient ordering"). Three methods (section 6.3.8):

    * ``"adaptive"`` (Algorithms 12 + 13): start from the thesis's guess (``C`` closest to 1 and
      ``gamma`` closest to ``1 / n_features``; for the polynomial kernel, which the thesis leaves
      open, the smallest degree); every other grid point's machine is warm-started and
      :func:`compare` d with the incumbent, the winner becoming the incumbent (ties keep it);
    * ``"standard"``: every grid point trained from the standard start to ``tol``;
    * ``"cristianini"``: every grid point trained to ``tol`` from its neighbour's solution
      (Cristianini, Campbell and Shawe-Taylor's seeding; the thesis runs it at ``tol = 1e-3``
      and ``1e-1``).

    Warm starts (adaptive and Cristianini) copy ``alpha`` and ``beta`` of the previous point of
    the same row, or for a row's first point of the previous row's first point (the thesis does
    not say which solution seeds a point); the adaptive method's first point is seeded by the
    guess. The standard and Cristianini methods select the smallest midpoint ratio, ties to the
    first in loop order.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Training points.
    y : array-like of shape (n_samples,)
        Two-class labels (the larger label is the positive class).
    kernel : {"rbf", "poly"}, default="rbf"
        ``exp(-gamma ||x - x'||^2)``, or the polynomial ``(x . x' / tau + 1)^q`` with
        ``tau = max_i ||x_i||^2`` over the training points (section 6.3.8).
    params : array-like, default=None
        The outer grid: ``gamma`` values (default ``2^-10 .. 2^10``) or degrees (default
        ``2 .. 8``).
    Cs : array-like, default=None
        The inner grid of ``C`` (default ``2^-10 .. 2^10``).
    method : {"adaptive", "standard", "cristianini"}, default="adaptive"
        The search.
    tol : float, default=1e-3
        Relative KKT tolerance of every machine.
    max_iter : int, default=100000
        The most steps per machine (standard, Cristianini) or per comparison (adaptive).

    Returns
    -------
    GridSelection
        The selected point, its ratio, and per-grid-point brackets and iteration counts.

    Raises
    ------
    ValueError
        On a bad grid, an unknown ``kernel`` or ``method``, or bad points or labels.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(30, 2))
    >>> y = np.where(X[:, 0] + X[:, 1] > 0, 1, -1)
    >>> grid = dict(params=[0.25, 1.0, 4.0], Cs=[0.5, 2.0, 8.0])
    >>> a = modelsel_grid(X, y, **grid)
    >>> s = modelsel_grid(X, y, method="standard", **grid)
    >>> a.index == s.index, int(a.n_svm_iter.sum()) < int(s.n_svm_iter.sum())
    (True, True)
    """
    X = check_points("X", X)
    y = check_two_classes("y", y, X.shape[0])
    kernel = check_option("kernel", kernel, GRID_KERNELS)
    method = check_option("method", method, METHODS)
    tol = check_positive("tol", tol)
    max_iter = check_int("max_iter", max_iter, 1)
    powers = 2.0 ** np.arange(-10, 11)
    params = _grid("params", params, powers if kernel == "rbf" else np.arange(2, 9))
    if kernel == "poly" and not np.all(params == np.round(params)):
        raise ValueError("params must be integer degrees for kernel='poly'")
    Cs = _grid("Cs", Cs, powers)
    shape = (params.size, Cs.size)
    low, up = np.full(shape, np.nan), np.full(shape, np.nan)
    n_svm, n_meb = np.zeros(shape, np.int64), np.zeros(shape, np.int64)
    n_sv = np.zeros(shape, np.int64)
    grams = _Grams(X, kernel)

    def record(m, idx, spent_svm=None, spent_meb=None):
        b = m.bounds()
        low[idx], up[idx] = b.ratio_low, b.ratio_up
        n_sv[idx] = np.count_nonzero(m.alpha)
        n_svm[idx] += m.n_svm_iter if spent_svm is None else spent_svm
        n_meb[idx] += m.n_meb_iter if spent_meb is None else spent_meb

    # Warm starts copy the previous point of the row, or the previous row's first point.
    prev = row_start = None
    if method == "adaptive":
        best_idx = guess_idx = _initial_guess(X, kernel, params, Cs)
        best = guess = RadiusMarginMachine(grams(params[best_idx[0]]), y, Cs[best_idx[1]])
        record(best, best_idx)
        for i, j in np.ndindex(*shape):
            if (i, j) == guess_idx:
                m = guess
            else:
                seed = (prev if j > 0 else row_start) or guess
                m = seed.warm(grams(params[i]), Cs[j])
                res = compare(best, m, tol=tol, max_iter=max_iter)
                record(best, best_idx, res.n_svm_iter[0], res.n_meb_iter[0])
                record(m, (i, j), res.n_svm_iter[1], res.n_meb_iter[1])
                if res.winner == 1:
                    best, best_idx = m, (i, j)
            prev = m
            row_start = m if j == 0 else row_start
        # The winner is only known to be best; train it to tol for its ratio (counted too).
        before = (best.n_svm_iter, best.n_meb_iter)
        best.train(tol, max_iter)
        record(best, best_idx, best.n_svm_iter - before[0], best.n_meb_iter - before[1])
        ratio = best.bounds().ratio
    else:
        guess_idx = None
        mid = np.full(shape, np.inf)
        for i, j in np.ndindex(*shape):
            seed = (prev if j > 0 else row_start) if method == "cristianini" else None
            K = grams(params[i])
            m = RadiusMarginMachine(K, y, Cs[j]) if seed is None else seed.warm(K, Cs[j])
            m.train(tol, max_iter)
            record(m, (i, j))
            mid[i, j] = m.bounds().ratio
            prev = m
            row_start = m if j == 0 else row_start
        flat = int(np.argmin(mid))  # ties: the first in loop order
        best_idx = (flat // shape[1], flat % shape[1])
        ratio = float(mid[best_idx])
    return GridSelection(
        param=float(params[best_idx[0]]),
        C=float(Cs[best_idx[1]]),
        index=best_idx,
        start=guess_idx,
        ratio=float(ratio),
        params=params,
        Cs=Cs,
        ratio_low=low,
        ratio_up=up,
        n_svm_iter=n_svm,
        n_meb_iter=n_meb,
        n_sv=n_sv,
        method=method,
        kernel=kernel,
        tol=tol,
    )
