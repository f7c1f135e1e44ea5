"""LIBSVM's formulations as short adapters on the numba cores (:mod:`svmbook.solvers`).

Each ``solve_*`` mirrors the function of the same name in LIBSVM's ``svm.cpp`` (Chang & Lin,
"LIBSVM: a library for support vector machines", ACM TIST 2(3), 2011, Sec. 2-4): build ``p``,
``y``, the per-variable bounds ``C_i``, the row map and a feasible start, call the core, and map
the answer back (times y; fold SVR's 2l variables into l; rescale nu-SVC by r).

scikit-learn conventions are kept so that an estimator can copy the fields (``dual_coef``,
``intercept``, ``support``) straight into ``dual_coef_``, ``intercept_``, ``support_``:

* samples with ``sample_weight <= 0`` are removed before solving (their alpha is 0), as
  scikit-learn's ``remove_zero_weight``;
* classification: ``classes = sorted(unique(y))``; the solver sees ``classes[0]`` as +1 and the
  samples grouped by class (class 0 first, order kept within a class), which is what
  scikit-learn's LIBSVM does; the public decision function is positive for ``classes[1]``:
  ``f(x) = sum_i dual_coef_i K(x_i, x) + intercept``. Grouping only changes the order in which
  the solver visits the variables (it decides ties in working-set selection); it is what makes
  ``n_iter`` equal scikit-learn's;
* the kernel is a precomputed Gram matrix passed as ``X`` (``kernel="precomputed"``), a
  :class:`svmbook.kernels.Kernel` evaluated on ``X`` row by row through the core's cache
  (resolve scikit-learn names and ``gamma="scale"`` with :func:`svmbook.kernels.get_kernel`), or
  a :class:`svmbook.solvers.cache.RowCache` (``X`` is then ignored): a kernel source with its
  rows, shared with other solves, possibly restricted to some of its points
  (:meth:`svmbook.solvers.cache.RowCache.subset`, the one-vs-one machines of a multiclass fit).

Names: LIBSVM calls the constant of its decision function ``sum_i y_i alpha_i K(x_i, x) - rho``
"rho"; here it is the ``offset`` (:attr:`FormulationResult.offset`), so that ``rho`` keeps the one
meaning of the geometric modules (Goodrich's margin parameter of (4.8)).

:func:`solve_c_svc_decomposition` is the C-SVC adapter of Nguyen's decomposition
(:func:`svmbook.solvers.decomposition.decompose`), with the same fields.

Every SMO adapter takes ``mode`` (``"faithful"``, default, or ``"fast"``), passed to the core
:func:`svmbook.solvers.smo.solve`: the fast mode may take other iterations to the same optimum.

Warm start: ``alpha0`` holds the core's variables in the caller's sample order (the ``alpha``
field of a previous result): ``alpha`` of C-SVC and one-class (length n); the unscaled
``alpha`` of nu-SVC (length n, ``sum`` per class ``= nu * sum(w) / 2``); ``(alpha, alpha*)`` of
SVR (length 2n), or for eps-SVR also ``beta`` (length n, split into its positive and negative
parts). An infeasible ``alpha0`` raises ``ValueError`` naming it (no silent projection).
"""

from dataclasses import dataclass, field

import numpy as np
from sklearn.utils.class_weight import compute_class_weight

from .._validation import (
    check_alpha0,
    check_equality,
    check_interval,
    check_positive,
    check_square,
)
from ..solvers.cache import RowCache
from ..solvers.decomposition import decompose
from ..solvers.smo import fill_in_order, solve, solve_checked

# Why the SMO solver rejects C = inf (the hard margin), said where the check fails.
_SMO_FINITE = " for the SMO solver (for the hard margin use svmbook.qp, or a large finite C)"

__all__ = [
    "FormulationResult",
    "solve_c_svc",
    "solve_c_svc_many",
    "solve_nu_svc",
    "solve_one_class",
    "solve_epsilon_svr",
    "solve_nu_svr",
    "solve_c_svc_decomposition",
]


@dataclass
class FormulationResult:
    """One solved machine: what every adapter here and every machine of the estimators returns.

    The decision function is ``f(x) = sum_i dual_coef_i K(x_i, x) + intercept``.

    Attributes
    ----------
    alpha : ndarray of shape (n,) or (2n,)
        The solver's variables in the caller's sample order (SVR: ``alpha`` then ``alpha*``);
        the warm start of a later solve. nu-SVC: before the 1/r rescaling.
    dual_coef : ndarray of shape (n,)
        Coefficients of ``f``, zero outside ``support``.
    intercept : float
        The constant of ``f`` (``-offset`` for SVR / one-class, ``+offset`` for the classifiers
        because of the label flip, see module docstring).
    offset : float
        LIBSVM's ``rho`` in its internal labelling (its decision function is
        ``sum_i y_i alpha_i K(x_i, x) - offset``); not Goodrich's margin parameter rho.
    support : ndarray of int
        Sample indices of the support vectors, increasing.
    objective : float
        The dual objective (SMO: LIBSVM's ``obj``; nu-SVC: divided by ``r**2``, as LIBSVM prints
        it).
    n_iter : int
        Iterations of the solver (decomposition: outer iterations).
    status : int
        0 converged, 1 stopped at ``max_iter`` (scikit-learn's ``fit_status_``), 2 stalled
        (decomposition).
    time : float
        Wall-clock seconds of the solve.
    upper_bound : ndarray of shape (n,) or (2n,) or None
        The bound ``C_i`` of each variable (nu-SVC: divided by r); None where the solver has no
        box (the cvxopt oracles).
    classes : ndarray or None
        Sorted class labels (classification adapters).
    raw : object
        The solver's own result (:class:`svmbook.solvers.smo.SMOResult`,
        :class:`svmbook.solvers.decomposition.DecompositionResult`,
        :class:`svmbook.qp.QPResult`, :class:`svmbook.solvers.nearest_point.NearestPointResult`)
        with its iteration, kernel-evaluation and cache statistics.
    extra : dict
        ``r`` (nu), ``epsilon`` (nu-SVR), ``n_support`` (per class); the estimators' machines add
        their own (e.g. the mu-SVM's thresholds).
    """

    alpha: np.ndarray
    dual_coef: np.ndarray
    intercept: float
    offset: float
    support: np.ndarray
    objective: float
    n_iter: int
    status: int
    time: float
    upper_bound: np.ndarray | None
    classes: np.ndarray | None
    raw: object
    extra: dict = field(default_factory=dict)

    @property
    def converged(self):
        """Whether the solver met its stopping rule (``status == 0``)."""
        return self.status == 0

    @classmethod
    def from_solve(cls, raw, *, alpha, dual_coef, intercept, offset, upper_bound, **fields):
        """Build the result of one solve: the one place a solver's result becomes this type.

        Parameters
        ----------
        raw : object
            The solver's result; ``objective``, ``n_iter``, ``status`` and ``time`` are read
            from it unless given in ``fields``.
        alpha, dual_coef, intercept, offset, upper_bound
            As the attributes.
        **fields
            ``support`` (default: where ``dual_coef != 0``), ``classes`` (default None),
            ``extra`` (default empty), or ``objective``, ``n_iter``, ``status``, ``time`` in
            place of the solver's.

        Returns
        -------
        FormulationResult
        """
        names = ("objective", "n_iter", "status", "time")
        solved = {name: fields.pop(name, None) for name in names}
        solved = {k: getattr(raw, k) if v is None else v for k, v in solved.items()}
        support = fields.pop("support", None)
        return cls(
            alpha=alpha,
            dual_coef=dual_coef,
            intercept=float(intercept),
            offset=float(offset),
            support=np.flatnonzero(dual_coef != 0) if support is None else support,
            objective=float(solved["objective"]),
            n_iter=int(solved["n_iter"]),
            status=int(solved["status"]),
            time=float(solved["time"]),
            upper_bound=upper_bound,
            classes=fields.pop("classes", None),
            raw=raw,
            extra=fields.pop("extra", {}),
            **fields,
        )


# --------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------


def _source(X, kernel):
    """Return ``(n, kwargs for the core)`` for the kernel argument of an adapter.

    A Gram matrix (``kernel="precomputed"``), a Kernel, or a
    :class:`svmbook.solvers.cache.RowCache` (rows shared with other solves; ``X`` is ignored).
    """
    if isinstance(kernel, RowCache):
        return kernel.n_points, {"rows": kernel}
    if isinstance(kernel, str):
        if kernel != "precomputed":
            raise ValueError(
                f"kernel must be 'precomputed' or a svmbook.kernels.Kernel, got {kernel!r}; "
                "resolve names with svmbook.kernels.get_kernel"
            )
        K = np.ascontiguousarray(X, dtype=np.float64)
        check_square("X", K, context=" with kernel='precomputed'")
        return K.shape[0], {"K": K}
    if not (hasattr(kernel, "kind") and hasattr(kernel, "theta")):
        raise TypeError(f"kernel must be 'precomputed' or a Kernel, got {type(kernel).__name__}")
    X = kernel.check_input(X)
    return X.shape[0], {"X": X, "kernel": kernel}


def _sample_weight(sample_weight, n):
    if sample_weight is None:
        return np.ones(n)
    w = np.asarray(sample_weight, dtype=np.float64).ravel()
    if w.shape[0] != n:
        raise ValueError(f"sample_weight must have length {n}, got {w.shape[0]}")
    if not np.all(np.isfinite(w)):
        raise ValueError("sample_weight must be finite")
    return w


def _binary_labels(y, n):
    y = np.asarray(y).ravel()
    if y.shape[0] != n:
        raise ValueError(f"y must have length {n}, got {y.shape[0]}")
    classes = np.unique(y)
    if classes.shape[0] != 2:
        raise ValueError(f"y must hold exactly two classes, got {classes.shape[0]}")
    return y, classes


def _smo_kwargs(tol, shrinking, cache_size, max_iter, mode="faithful"):
    check_positive("tol", tol, hint=_SMO_FINITE)
    check_positive("cache_size", cache_size, hint=_SMO_FINITE)
    return dict(
        tol=float(tol),
        shrinking=bool(shrinking),
        cache_size=float(cache_size),
        max_iter=-1 if max_iter is None else int(max_iter),
        mode=mode,
    )


def _ordered_sum(values, factor):
    """``sum_i factor * values_i`` added in order, as LIBSVM's loops (so bitwise its total)."""
    total = 0.0
    for v in values:
        total += factor * v
    return total


def _scatter(values, idx, n):
    """``values`` at the positions ``idx`` of a zero array of length ``n`` (the caller's order)."""
    out = np.zeros(n)
    out[idx] = values
    return out


def _n_support(y, support, classes):
    """Support vectors per class (of the two)."""
    first = np.count_nonzero(y[support] == classes[0])
    return np.array([first, support.shape[0] - first])


def _grouped_order(first, w):
    """scikit-learn's LIBSVM order: drop w <= 0, then the first class, stable within a class."""
    kept = np.flatnonzero(w > 0)
    return kept[np.argsort(~first[kept], kind="stable")]


# --------------------------------------------------------------------------------------------
# classification
# --------------------------------------------------------------------------------------------


def _c_svc_problem(n, y, C, class_weight, sample_weight, alpha0):
    """Set up C-SVC for the core (LIBSVM's ``solve_c_svc`` with its ``Cp``, ``Cn``).

    Returns ``(labels, problem)``: ``labels = (y, classes, first, order, upper)`` for
    :func:`_c_svc_result` (``first`` marks the samples of the first class, LIBSVM's internal
    +1; ``order`` is the variables' samples, weights ``<= 0`` dropped; ``upper`` the bounds in
    that order) and ``problem = (p, y, C, alpha0, row_map)`` for the SMO core.
    """
    y, classes = _binary_labels(y, n)
    check_positive("C", C, allow_inf=True)  # C=inf: the hard margin, as LIBSVM
    w = _sample_weight(sample_weight, n)
    # no class weights: skip scikit-learn's helper, which costs as much as a small machine's solve
    cw = (1.0, 1.0)
    if class_weight is not None:
        cw = compute_class_weight(class_weight, classes=classes, y=y)
    first = y == classes[0]
    order = _grouped_order(first, w)
    y_int = np.where(first[order], 1.0, -1.0)
    upper = np.where(y_int > 0, w[order] * (C * cw[0]), w[order] * (C * cw[1]))
    if alpha0 is None:
        a0 = np.zeros(order.shape[0])
    else:
        a0 = check_alpha0("alpha0", alpha0, n, upper, order)
        check_equality("y'alpha0", float(y_int @ a0), 0.0, float(np.sum(a0)))
    problem = (-np.ones(order.shape[0]), y_int, upper, a0, order)
    return (y, classes, first, order, upper), problem


def _c_svc_result(labels, res):
    """Return the :class:`FormulationResult` of a C-SVC solve set up by :func:`_c_svc_problem`."""
    y, classes, first, order, upper = labels
    n = y.shape[0]
    alpha = _scatter(res.alpha, order, n)
    dual_coef = np.where(first, -alpha, alpha)  # positive for classes[1]
    n_support = _n_support(y, np.flatnonzero(alpha != 0), classes)
    return FormulationResult.from_solve(
        res, alpha=alpha, dual_coef=dual_coef, intercept=res.offset, offset=res.offset,
        upper_bound=_scatter(upper, order, n), classes=classes, extra={"n_support": n_support},
    )  # fmt: skip


def solve_c_svc(
    X,
    y,
    C=1.0,
    *,
    kernel="precomputed",
    class_weight=None,
    sample_weight=None,
    tol=1e-3,
    shrinking=True,
    cache_size=200.0,
    max_iter=-1,
    alpha0=None,
    mode="faithful",
):
    """Solve C-SVC (LIBSVM ``solve_c_svc``): ``min 0.5 a'Qa - e'a, y'a = 0, 0 <= a_i <= C_i``.

    ``C_i = sample_weight_i * C * class_weight[y_i]`` (scikit-learn's per-sample C).

    Parameters
    ----------
    X : ndarray of shape (n, n) or (n, n_features)
        Gram matrix (``kernel="precomputed"``) or the points (``kernel`` a ``Kernel``).
    y : array-like of shape (n,)
        Two class labels.
    C : float, default=1.0
        The box bound (finite, > 0).
    kernel : "precomputed", svmbook.kernels.Kernel or svmbook.solvers.cache.RowCache
        How the kernel rows are made (module docstring); default "precomputed".
    class_weight : dict, "balanced" or None
        Multiplies C per class (``sklearn.utils.class_weight.compute_class_weight``).
    sample_weight : array-like of shape (n,), default=None
        Multiplies C per sample; samples with weight <= 0 are dropped.
    tol, shrinking, cache_size, max_iter
        As :func:`svmbook.solvers.smo.solve` (``max_iter=-1``: LIBSVM's cap).
    alpha0 : array-like of shape (n,), default=None
        Feasible warm start (``alpha`` of a previous result).
    mode : {"faithful", "fast"}, default="faithful"
        Row computation of the core (module docstring).

    Returns
    -------
    FormulationResult
        ``dual_coef = y alpha`` (positive for ``classes[1]``), ``intercept = offset``,
        ``extra["n_support"]`` per class.

    Raises
    ------
    ValueError
        If ``y`` does not hold two classes, ``C`` or ``tol`` is not positive and finite, the
        lengths disagree, or ``alpha0`` is infeasible.

    See Also
    --------
    solve_nu_svc : The same classifier parametrised by the fraction ``nu`` of support vectors.
    solve_c_svc_decomposition : Nguyen's decomposition with q variables per step, for the
        model-selection chapter's warm starts from a working set of support vectors.
    svmbook.SVC : The estimator on this adapter (and on the cvxopt oracle).

    Examples
    --------
    >>> K = np.array([[1.0, 0.0], [0.0, 1.0]])
    >>> res = solve_c_svc(K, [0, 1], C=10.0)
    >>> res.dual_coef, res.intercept
    (array([-1.,  1.]), 0.0)
    """
    n, src = _source(X, kernel)
    labels, problem = _c_svc_problem(n, y, C, class_weight, sample_weight, alpha0)
    options = _smo_kwargs(tol, shrinking, cache_size, max_iter, mode)
    p, y_int, upper, a0, order = problem
    return _c_svc_result(labels, solve(p, y_int, upper, a0, **src, row_map=order, **options))


def solve_c_svc_many(
    rows, problems, C=1.0, *, tol=1e-3, shrinking=True, max_iter=-1, cache_size=200.0
):
    """Solve several C-SVC problems on one shared row cache (the machines of one fit).

    Each problem is the C-SVC of :func:`solve_c_svc` on some samples of the cache's points,
    e.g. the two classes of a one-vs-one machine; the results are those of
    ``solve_c_svc(None, y, C, kernel=rows.subset(samples), ...)``, bit for bit, with the
    per-solve set-up of the core done once (:func:`svmbook.solvers.smo.solve_many`).

    Parameters
    ----------
    rows : svmbook.solvers.cache.RowCache
        The kernel rows of all the points, shared by the problems (a prefilled cache makes
        every row a cache hit).
    problems : sequence of tuple
        ``(samples, y, class_weight, sample_weight, alpha0)`` per problem: indices into the
        points of ``rows``, then the arguments of :func:`solve_c_svc` on those samples (each
        of the last three may be None).
    C : float, default=1.0
        The box bound (finite, > 0), for every problem.
    tol, shrinking, max_iter
        As :func:`svmbook.solvers.smo.solve`, for every problem.
    cache_size : float, default=200.0
        Checked as in :func:`solve_c_svc`; the rows are those of ``rows``.

    Returns
    -------
    list of FormulationResult
        One per problem, as :func:`solve_c_svc` returns it.

    Raises
    ------
    ValueError
        As :func:`solve_c_svc`, naming the problem.
    TypeError
        If ``rows`` is not a :class:`~svmbook.solvers.cache.RowCache`.

    Examples
    --------
    >>> from svmbook.solvers.cache import row_cache
    >>> rows = row_cache(K=np.eye(3), cache_size=1.0)
    >>> [res.dual_coef for res in solve_c_svc_many(rows, [([0, 1], [0, 1], None, None, None),
    ...                                                   ([1, 2], [0, 1], None, None, None)],
    ...                                              C=10.0)]
    [array([-1.,  1.]), array([-1.,  1.])]
    """
    if not isinstance(rows, RowCache):
        raise TypeError(f"rows must be a svmbook.solvers.cache.RowCache, got {type(rows)!r}")
    options = _smo_kwargs(tol, shrinking, cache_size, max_iter)
    points = rows.points
    n_points = rows.n_points
    labels, arrays = [], []
    for k, (samples, y, class_weight, sample_weight, alpha0) in enumerate(problems):
        samples = np.asarray(samples, dtype=np.int64).ravel()
        try:
            if samples.size and (samples.min() < 0 or samples.max() >= n_points):
                raise ValueError(f"samples must index the {n_points} points of rows")
            lab, problem = _c_svc_problem(
                samples.shape[0], y, C, class_weight, sample_weight, alpha0
            )
        except ValueError as err:
            raise ValueError(f"problem {k}: {err}") from None
        labels.append(lab)
        p, y_int, upper, a0, order = problem
        r = samples[order] if points is None else points[samples[order]]
        arrays.append((y_int, r, p, upper, a0))  # valid by construction: not checked again
    results = solve_checked(
        arrays, rows.source, rows.cache, options["tol"], options["shrinking"],
        options["max_iter"], True,
    )  # fmt: skip
    return [_c_svc_result(lab, res) for lab, res in zip(labels, results, strict=True)]


def solve_nu_svc(
    X,
    y,
    nu=0.5,
    *,
    kernel="precomputed",
    sample_weight=None,
    tol=1e-3,
    shrinking=True,
    cache_size=200.0,
    max_iter=-1,
    alpha0=None,
    mode="faithful",
):
    """Solve nu-SVC (LIBSVM ``solve_nu_svc``, Schoelkopf et al. 2000; Chang & Lin 2001).

    Solves ``min 0.5 a'Qa, sum_{y=+1} a = sum_{y=-1} a = nu sum(w) / 2, 0 <= a_i <= w_i`` with
    LIBSVM's ``Solver_NU``, then divides by ``r`` (``C = 1/r``). Class weights do not enter
    nu-SVC in LIBSVM, so there are none here.

    Parameters
    ----------
    X, y, kernel, sample_weight, tol, shrinking, cache_size, max_iter, mode
        As in :func:`solve_c_svc`.
    nu : float, default=0.5
        In (0, 1]; infeasible when ``nu * (n_1 + n_2) / 2 > min(n_1, n_2)`` (weighted counts).
    alpha0 : array-like of shape (n,), default=None
        Feasible warm start: the unscaled ``alpha`` of a previous result (per-class sums
        ``nu sum(w) / 2``).

    Returns
    -------
    FormulationResult
        ``extra["r"]``; ``alpha`` is unscaled (warm start), ``dual_coef = y alpha / r``.

    Raises
    ------
    ValueError
        If ``nu`` is outside (0, 1] or infeasible, or ``alpha0`` is infeasible.

    See Also
    --------
    solve_c_svc : The same machines parametrised by ``C``.
    svmbook.NuSVC : The estimator on this adapter.
    """
    n, src = _source(X, kernel)
    y, classes = _binary_labels(y, n)
    check_interval("nu", nu, 0.0, 1.0, low_open=True)
    w = _sample_weight(sample_weight, n)
    order = _grouped_order(y == classes[0], w)
    y_int = np.where(y[order] == classes[0], 1.0, -1.0)
    upper = w[order].copy()
    # LIBSVM svm_check_parameter: nu * (n1 + n2) / 2 <= min(n1, n2), with weights
    n1, n2 = float(np.sum(upper[y_int > 0])), float(np.sum(upper[y_int < 0]))
    if nu * (n1 + n2) / 2 > min(n1, n2):
        raise ValueError(f"specified nu={nu!r} is infeasible")
    nu_l = _ordered_sum(upper, nu)
    if alpha0 is None:
        a0 = np.empty(order.shape[0])
        for cls in (y_int > 0, y_int < 0):  # each class filled in order up to nu_l / 2
            a0[cls] = fill_in_order(upper[cls], nu_l / 2)
    else:
        a0 = check_alpha0("alpha0", alpha0, n, upper, order)
        check_equality(
            "sum of alpha0 over classes[0]", float(np.sum(a0[y_int > 0])), nu_l / 2, nu_l
        )
        check_equality(
            "sum of alpha0 over classes[1]", float(np.sum(a0[y_int < 0])), nu_l / 2, nu_l
        )
    options = _smo_kwargs(tol, shrinking, cache_size, max_iter, mode)
    res = solve(np.zeros(order.shape[0]), y_int, upper, a0, **src, row_map=order, nu=True,
                **options)  # fmt: skip
    r = res.r
    if not r > 0:  # LIBSVM divides by r regardless and returns an infinite model
        raise ValueError(
            f"nu-SVC found no margin (r = {r:.3g}): the kernel values do not separate the two "
            "classes at all (e.g. constant features, or a kernel that is constant on the data), "
            "so the decision function is undefined; check X and the kernel parameters"
        )
    alpha = _scatter(res.alpha, order, n)
    dual_coef = np.where(y == classes[1], 1.0, -1.0) * alpha / r
    bounds = _scatter(upper / r, order, n)
    offset = res.offset / r
    n_support = _n_support(y, np.flatnonzero(alpha != 0), classes)
    return FormulationResult.from_solve(
        res, alpha=alpha, dual_coef=dual_coef, intercept=offset, offset=offset,
        upper_bound=bounds, classes=classes, extra={"r": r, "n_support": n_support},
        objective=res.objective / (r * r),
    )  # fmt: skip


def solve_one_class(
    X,
    nu=0.5,
    *,
    kernel="precomputed",
    sample_weight=None,
    tol=1e-3,
    shrinking=True,
    cache_size=200.0,
    max_iter=-1,
    alpha0=None,
    mode="faithful",
):
    """Solve the one-class SVM (LIBSVM ``solve_one_class``; Schoelkopf et al. 2001).

    ``min 0.5 a'Ka, e'a = nu sum(w), 0 <= a_i <= w_i`` (LIBSVM's unnormalised scaling); the
    start puts the first ``floor(nu n)`` alphas at their bound
    (:func:`svmbook.solvers.smo.fill_in_order`). ``f(x) = sum a_i K(x_i, x) - offset``.

    Parameters
    ----------
    X : ndarray of shape (n, n) or (n, n_features)
        Gram matrix (``kernel="precomputed"``) or the points (``kernel`` a ``Kernel``).
    nu : float, default=0.5
        In (0, 1]: an upper bound on the fraction of outliers, a lower bound on that of support
        vectors.
    kernel, sample_weight, tol, shrinking, cache_size, max_iter, mode
        As in :func:`solve_c_svc`.
    alpha0 : array-like of shape (n,), default=None
        Feasible warm start (``alpha`` of a previous result, summing to ``nu sum(w)``).

    Returns
    -------
    FormulationResult
        ``dual_coef = alpha``, ``intercept = -offset``.

    Raises
    ------
    ValueError
        If ``nu`` is outside (0, 1] or ``alpha0`` is infeasible.

    See Also
    --------
    svmbook.OneClassSVM : The estimator on this adapter (also on the nearest-point solvers).
    """
    n, src = _source(X, kernel)
    check_interval("nu", nu, 0.0, 1.0, low_open=True)
    w = _sample_weight(sample_weight, n)
    order = np.flatnonzero(w > 0)
    upper = w[order].copy()
    nu_l = _ordered_sum(upper, nu)
    if alpha0 is None:
        a0 = fill_in_order(upper, nu_l)
    else:
        a0 = check_alpha0("alpha0", alpha0, n, upper, order)
        check_equality("sum(alpha0)", float(np.sum(a0)), float(nu * np.sum(upper)), nu_l)
    options = _smo_kwargs(tol, shrinking, cache_size, max_iter, mode)
    m = order.shape[0]
    res = solve(np.zeros(m), np.ones(m), upper, a0, **src, row_map=order, **options)
    alpha = _scatter(res.alpha, order, n)
    return FormulationResult.from_solve(
        res, alpha=alpha, dual_coef=alpha.copy(), intercept=-res.offset, offset=res.offset,
        upper_bound=_scatter(upper, order, n),
    )  # fmt: skip


# --------------------------------------------------------------------------------------------
# regression
# --------------------------------------------------------------------------------------------


def _regression_setup(n, z, C, sample_weight):
    """Lay out the 2n variables shared by both SVRs.

    Returns the targets, the kept samples (weight > 0), the row map ``(kept, kept)``, the signs
    ``(+1.., -1..)`` and the bounds ``(C_k, C_k)``.
    """
    w = _sample_weight(sample_weight, n)
    z = np.asarray(z, dtype=np.float64).ravel()
    if z.shape[0] != n:
        raise ValueError(f"y must have length {n}, got {z.shape[0]}")
    kept = np.flatnonzero(w > 0)
    row_map = np.concatenate([kept, kept])
    y2 = np.concatenate([np.ones(kept.shape[0]), -np.ones(kept.shape[0])])
    Ck = w[kept] * C
    return z, kept, row_map, y2, Ck, np.concatenate([Ck, Ck])


def _svr_alpha0(alpha0, n, upper2, kept, allow_beta):
    a = np.asarray(alpha0, dtype=np.float64).ravel()
    if allow_beta and a.shape[0] == n:
        a = np.concatenate([np.maximum(a, 0.0), np.maximum(-a, 0.0)])
    elif a.shape[0] != 2 * n:
        raise ValueError(
            f"alpha0 must have length {2 * n} (alpha, alpha*)"
            + (f" or {n} (beta)" if allow_beta else "")
            + f", got {a.shape[0]}"
        )
    return check_alpha0("alpha0", a, 2 * n, upper2, np.concatenate([kept, kept + n]))


def _svr_result(res, n, kept, upper2, extra):
    idx = np.concatenate([kept, kept + n])
    alpha2 = _scatter(res.alpha, idx, 2 * n)
    return FormulationResult.from_solve(
        res, alpha=alpha2, dual_coef=alpha2[:n] - alpha2[n:], intercept=-res.offset,
        offset=res.offset, upper_bound=_scatter(upper2, idx, 2 * n), extra=extra,
    )  # fmt: skip


def solve_epsilon_svr(
    X,
    y,
    C=1.0,
    epsilon=0.1,
    *,
    kernel="precomputed",
    sample_weight=None,
    tol=1e-3,
    shrinking=True,
    cache_size=200.0,
    max_iter=-1,
    alpha0=None,
    mode="faithful",
):
    """Solve epsilon-SVR (LIBSVM ``solve_epsilon_svr``) on 2n variables ``(alpha, alpha*)``.

    ``p = (epsilon - y, epsilon + y)``, signs ``(+1, -1)``, both halves mapped to the same
    kernel rows; ``f(x) = sum beta_i K(x_i, x) - offset`` with ``beta = alpha - alpha*``.

    Parameters
    ----------
    X, kernel, sample_weight, tol, shrinking, cache_size, max_iter, mode
        As in :func:`solve_c_svc`.
    y : array-like of shape (n,)
        Targets.
    C : float, default=1.0
        The box bound (finite, > 0).
    epsilon : float, default=0.1
        Half-width of the insensitive tube (>= 0).
    alpha0 : array-like of shape (2n,) or (n,), default=None
        Feasible warm start: ``(alpha, alpha*)`` of a previous result, or ``beta``.

    Returns
    -------
    FormulationResult
        ``dual_coef = beta``, ``intercept = -offset``; ``alpha`` has length 2n.

    Raises
    ------
    ValueError
        If ``C`` is not positive and finite, ``epsilon`` is negative, or ``alpha0`` is
        infeasible.

    See Also
    --------
    solve_nu_svr : The tube width learned from the fraction ``nu`` of support vectors.
    svmbook.SVR : The estimator on this adapter (and on the cvxopt oracle, with four losses).
    """
    n, src = _source(X, kernel)
    check_positive("C", C, allow_inf=True)  # C=inf: the hard margin, as LIBSVM
    if not (np.isscalar(epsilon) and epsilon >= 0):
        raise ValueError(f"epsilon must be >= 0, got {epsilon!r}")
    z, kept, row_map, y2, Ck, upper2 = _regression_setup(n, y, C, sample_weight)
    p = np.concatenate([epsilon - z[kept], epsilon + z[kept]])
    if alpha0 is None:
        a0 = np.zeros(2 * kept.shape[0])
    else:
        a0 = _svr_alpha0(alpha0, n, upper2, kept, allow_beta=True)
        check_equality("sum(alpha0) - sum(alpha0*)", float(y2 @ a0), 0.0, float(np.sum(a0)))
    options = _smo_kwargs(tol, shrinking, cache_size, max_iter, mode)
    res = solve(p, y2, upper2, a0, **src, row_map=row_map, **options)
    return _svr_result(res, n, kept, upper2, {})


def solve_nu_svr(
    X,
    y,
    nu=0.5,
    C=1.0,
    *,
    kernel="precomputed",
    sample_weight=None,
    tol=1e-3,
    shrinking=True,
    cache_size=200.0,
    max_iter=-1,
    alpha0=None,
    mode="faithful",
):
    """Solve nu-SVR (LIBSVM ``solve_nu_svr``): ``Solver_NU`` on 2n variables, ``p = (-y, y)``.

    Both halves start at ``min(C_i, remaining)`` from ``C nu sum(w) / 2``; the fitted tube
    half-width is ``epsilon = -r``.

    Parameters
    ----------
    X, y, kernel, sample_weight, tol, shrinking, cache_size, max_iter, mode
        As in :func:`solve_epsilon_svr`.
    nu : float, default=0.5
        In (0, 1]: bounds the fraction of points outside the tube (above) and of support
        vectors (below).
    C : float, default=1.0
        The box bound (finite, > 0).
    alpha0 : array-like of shape (2n,), default=None
        Feasible warm start: ``(alpha, alpha*)`` of a previous result.

    Returns
    -------
    FormulationResult
        ``dual_coef = beta``, ``intercept = -offset``, ``extra["epsilon"]``; ``alpha``: length 2n.

    Raises
    ------
    ValueError
        If ``nu`` is outside (0, 1], ``C`` is not positive and finite, or ``alpha0`` is
        infeasible.

    See Also
    --------
    solve_epsilon_svr : The tube width fixed by ``epsilon``.
    svmbook.NuSVR : The estimator on this adapter.
    """
    n, src = _source(X, kernel)
    check_positive("C", C, hint=_SMO_FINITE)
    check_interval("nu", nu, 0.0, 1.0, low_open=True)
    z, kept, row_map, y2, Ck, upper2 = _regression_setup(n, y, C, sample_weight)
    total = _ordered_sum(Ck, nu) / 2
    p = np.concatenate([-z[kept], z[kept]])
    if alpha0 is None:
        half = fill_in_order(Ck, total)
        a0 = np.concatenate([half, half])
    else:
        a0 = _svr_alpha0(alpha0, n, upper2, kept, allow_beta=False)
        m = kept.shape[0]
        check_equality("sum(alpha0)", float(np.sum(a0[:m])), total, 2 * total)
        check_equality("sum(alpha0*)", float(np.sum(a0[m:])), total, 2 * total)
    options = _smo_kwargs(tol, shrinking, cache_size, max_iter, mode)
    res = solve(p, y2, upper2, a0, **src, row_map=row_map, nu=True, **options)
    return _svr_result(res, n, kept, upper2, {"r": res.r, "epsilon": -res.r})


# --------------------------------------------------------------------------------------------
# decomposition
# --------------------------------------------------------------------------------------------


def solve_c_svc_decomposition(
    X,
    y,
    C=1.0,
    kernel="precomputed",
    q=10,
    working_set=None,
    *,
    alpha0=None,
    class_weight=None,
    tol=1e-3,
    max_iter=None,
    subsolver="smo",
    cache_rows=None,
    random_state=None,
):
    """Solve C-SVC by Nguyen's decomposition (Table 2.1), with the fields of :func:`solve_c_svc`.

    Same conventions as ``solve_c_svc``: ``classes = sorted(unique(y))``, the core sees
    ``classes[0]`` as +1, and ``f(x) = sum_i dual_coef_i K(x_i, x) + intercept`` is positive for
    ``classes[1]``. ``working_set`` and ``alpha0`` are in the caller's sample order (``alpha0``
    is the ``alpha`` field of a previous result; it must satisfy ``y' alpha0 = 0``). The samples
    are not regrouped by class (only tie-breaking would change). No ``sample_weight``.

    Parameters
    ----------
    X, y, C
        As in :func:`solve_c_svc`.
    kernel : "precomputed" or svmbook.kernels.Kernel, default="precomputed"
        Rows are computed by :func:`svmbook.solvers.decomposition.decompose`'s own row cache.
    q, working_set, alpha0, tol, max_iter, subsolver, cache_rows, random_state
        As :func:`svmbook.solvers.decomposition.decompose`.
    class_weight : dict, "balanced" or None
        Multiplies C per class.

    Returns
    -------
    FormulationResult
        ``raw`` is the :class:`svmbook.solvers.decomposition.DecompositionResult`; ``n_iter`` is
        the number of outer iterations.

    Raises
    ------
    ValueError
        If ``y`` does not hold two classes, ``C`` is not positive and finite, or
        ``y' alpha0 != 0``.
    TypeError
        If ``kernel`` is a :class:`svmbook.solvers.cache.RowCache`.

    See Also
    --------
    solve_c_svc : SMO over all variables with LIBSVM's working sets and shrinking; pick it
        unless the working-set size or the first working set is the subject.
    """
    if isinstance(kernel, RowCache):
        raise TypeError("kernel must be 'precomputed' or a Kernel: the decomposition keeps its "
                        "own row cache (cache_rows)")  # fmt: skip
    n, src = _source(X, kernel)
    y, classes = _binary_labels(y, n)
    check_positive("C", C, hint=_SMO_FINITE)
    cw = compute_class_weight(class_weight, classes=classes, y=y)
    y_int = np.where(y == classes[0], 1.0, -1.0)
    upper = np.where(y_int > 0, C * cw[0], C * cw[1])
    if alpha0 is not None:
        a0 = np.asarray(alpha0, dtype=np.float64).ravel()
        if a0.shape[0] == n and np.all(np.isfinite(a0)):  # else decompose names the fault
            check_equality("y'alpha0", float(y_int @ a0), 0.0, float(np.abs(a0).sum()))
    res = decompose(
        y=y_int,
        C=upper,
        q=q,
        working_set=working_set,
        alpha0=alpha0,
        tol=tol,
        max_iter=max_iter,
        subsolver=subsolver,
        cache_rows=cache_rows,
        random_state=random_state,
        **src,
    )
    y_pub = np.where(y == classes[1], 1.0, -1.0)
    return FormulationResult.from_solve(
        res, alpha=res.alpha, dual_coef=y_pub * res.alpha, intercept=res.offset,
        offset=res.offset, upper_bound=upper, classes=classes, n_iter=res.n_outer,
        extra={"n_support": _n_support(y, np.flatnonzero(res.alpha != 0), classes)},
    )  # fmt: skip
