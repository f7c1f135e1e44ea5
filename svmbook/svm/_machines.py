"""The machines of the estimators: one function per (problem, solver), in :data:`MACHINES`.

A machine solves one binary, one-class or regression problem on the samples it is given, by a
public solver adapter (:mod:`svmbook.svm.formulations` over the SMO core, the nearest-point
solvers of :mod:`svmbook.solvers.nearest_point`, or the cvxopt oracles of :mod:`svmbook.qp`), and
returns one :class:`svmbook.svm.formulations.FormulationResult`. Every machine has the signature
``machine(params, data, kernel, y, sample_weight, class_weight, warm)``:

* ``params``: the :class:`FitParams` of the estimator;
* ``data``, ``kernel``: a Gram matrix with ``"precomputed"`` (always for ``solver="qp"``), points
  with a :class:`svmbook.kernels.Kernel`, or ``None`` with a :class:`svmbook.solvers.cache.RowCache`
  (rows shared with the other machines of a fit);
* ``y``: classifiers take signs ``t`` in {-1, +1}, ``+1`` for the machine's first class (LIBSVM's
  internal +1); regression the targets; one-class None;
* ``class_weight``: the pair ``(w_first, w_second)`` of the classifiers (None otherwise);
* ``warm``: a :class:`Warm` or None (cold start).

The result's decision function ``sum_i dual_coef_i K(x_i, x) + intercept`` is positive for the
machine's first class (classifiers; the multiclass layer's sign) and is the public one for
regression and one-class.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from .. import thresholds as _thresholds
from .. import weighting as _weighting
from .._validation import check_hull_mu
from ..exceptions import HullsIntersectError
from ..qp import mu_svm_dual, svc_dual, svr_dual
from ..solvers.cache import RowCache, row_cache
from ..solvers.nearest_point import solve_min_norm_point, solve_nearest_point
from ..solvers.smo import fill_in_order
from ..solvers.smo import solve as smo_solve
from . import formulations as F

__all__ = ["MACHINES", "NEAREST_POINT_SOLVERS", "FitParams", "Warm"]

#: The nearest-point solvers (Goodrich 2012, ch. 5) of :func:`solve_nearest_point`.
NEAREST_POINT_SOLVERS = ("sk", "wsk", "gilbert", "mdm", "tao", "wsk_fast")


@dataclass(frozen=True)
class FitParams:
    """The parameters a machine reads, resolved by the estimator as ``fit`` starts.

    Each estimator gives its own parameters and names the values of those it does not take in
    its class attribute ``_fixed_params`` (e.g. :class:`svmbook.NuSVC` has no ``C``).

    Attributes
    ----------
    solver : str
        The solver's name (a key of ``MACHINES[problem]``).
    tol, cache_size : float
        Stopping tolerance; kernel row cache in MB.
    shrinking : bool
        LIBSVM's shrinking (SMO).
    max_iter : int
        Iteration cap per machine, -1 for the solver's default.
    warm_start : bool
        Refit from the previous solution.
    bias : str
        The resolved bias, ``"explicit"`` or ``"implicit"`` (qp).
    infeasible : str
        ``"raise"`` or ``"ridge"`` (hard margin with qp).
    C : float or None
        The box bound; None for the problems without one (nu-SVC, one-class, mu-SVM).
    nu : float or None
        The nu of the nu problems.
    epsilon : float or None
        eps-SVR's tube half-width.
    loss : str or None
        The SVR loss; None for the classifiers and one-class.
    delta : float or None
        The Huber loss's width (:class:`svmbook.SVR`).
    mu : float, "auto" or None
        The mu-SVM's hull reduction (:class:`svmbook.MuSVC`).
    threshold : str or None
        The mu-SVM's threshold rule.
    stop : str
        Stopping condition of the nearest-point solvers.
    history : bool
        Record the nearest-point solvers' history.
    polish : bool
        Polish the nearest-point solvers' answer with MDM to the relative KKT condition.
    smo_mode : str
        The SMO core's mode for this fit, ``"faithful"`` or ``"fast"`` (``"auto"`` resolved by
        the estimator with :func:`svmbook.solvers.smo.choose_mode`).
    """

    solver: str
    tol: float
    cache_size: float
    shrinking: bool
    max_iter: int
    warm_start: bool
    bias: str
    infeasible: str
    C: float | None
    nu: float | None
    epsilon: float | None
    loss: str | None
    delta: float | None
    mu: object
    threshold: str | None
    stop: str
    history: bool
    polish: bool
    smo_mode: str


@dataclass(frozen=True)
class Warm:
    """A machine's previous solution (warm start).

    Attributes
    ----------
    alpha, upper : ndarray
        Its variables and their bounds (:attr:`FormulationResult.alpha`, ``upper_bound``).
    ratio : float
        ``C_new / C_old`` (1 without ``C``).
    kernel_changed : bool
        Whether a kernel parameter changed since.
    objective : float or None, default=None
        Its dual objective ``1/2 a'Qa - sum(a)`` (C-SVC), for the ray seed of
        :func:`_warm_alpha`; None where the linear term is not ``-1``.
    """

    alpha: np.ndarray
    upper: np.ndarray
    ratio: float
    kernel_changed: bool
    objective: float | None = None


def _warm_alpha(warm, upper_new):
    """Seed a new C from the previous solution: the best multiple of it that stays feasible.

    Nguyen's alpha seeding, eq. (4.15), scales the old solution by ``C_new / C_old``. On the
    C-SVC dual ``1/2 a'Qa - e'a`` the best multiple ``s alpha`` of the old solution has
    ``s* = e'alpha / alpha'Q alpha`` (with ``alpha'Q alpha = 2 (objective + e'alpha)`` from the
    old result): the seed is ``s alpha`` with ``s`` clipped to ``[1, ratio]`` when C grows
    (feasible: ``s alpha <= ratio C_old``; ``sum y s alpha = 0``) and ``min(s*, ratio)`` when it
    shrinks, so Nguyen's scale is its limit. Once the solution stops changing along a C path,
    ``s = 1`` and the fit takes no iteration (measured on a 9-value C path, 2,400 x 20: 0.60 s
    with this seed and shared rows against 0.85 s with Nguyen's scale, 1.00 s cold).
    Where no objective is known (other formulations), Nguyen's scale, exact at the bounds.
    """
    if warm is None:
        return None
    alpha_old, upper_old, ratio = warm.alpha, warm.upper, warm.ratio
    if ratio == 1.0:
        return alpha_old
    s = ratio
    total = float(np.sum(alpha_old))
    if warm.objective is not None and total > 0:
        quad = 2.0 * (warm.objective + total)
        best = total / quad if quad > 0 else np.inf
        s = min(max(best, 1.0), ratio) if ratio > 1.0 else min(best, ratio)
    if s != ratio:  # inside the box: no entry reaches the new bound
        return alpha_old * s
    a = np.minimum(alpha_old * ratio, upper_new)
    at_bound = (alpha_old == upper_old) & (alpha_old > 0)
    a[at_bound] = upper_new[at_bound]
    return a


def _smo_options(p):
    return dict(tol=p.tol, shrinking=p.shrinking, cache_size=p.cache_size, max_iter=p.max_iter,
                mode=p.smo_mode)  # fmt: skip


def _shared_rows(data, kernel, p):
    """Return the rows as a :class:`RowCache`, so that two solves in a row share them."""
    if isinstance(kernel, RowCache):
        return kernel
    if isinstance(kernel, str):
        return row_cache(K=data, cache_size=p.cache_size, mode=p.smo_mode)
    return row_cache(X=data, kernel=kernel, cache_size=p.cache_size, mode=p.smo_mode)


def _first_positive(res):
    """Flip an adapter's classifier result for labels ``-t`` to be positive for ``t = +1``.

    The adapter's ``classes[0] = -1`` is LIBSVM's internal +1, the samples with ``t = +1``.
    """
    res.dual_coef = -res.dual_coef
    res.intercept = -res.intercept
    return res


def _weights(y, sample_weight):
    return np.ones(y.shape[0]) if sample_weight is None else sample_weight


# -- LIBSVM's formulations on the SMO core ------------------------------------------------------


def _c_svc_smo(p, data, kernel, t, sample_weight, class_weight, warm):
    """C-SVC by :func:`svmbook.svm.formulations.solve_c_svc`.

    After a kernel change, warm start takes the previous support vectors as the first working
    set: the problem restricted to them (the other multipliers at 0), then the full problem from
    that solution, sharing the kernel rows.
    """
    w = _weights(t, sample_weight)
    cw, upper = _c_svc_bounds(p, t, w, class_weight)
    options = dict(C=p.C, class_weight=cw, **_smo_options(p))
    first_iter = 0
    if warm is not None and warm.kernel_changed:
        kernel = _shared_rows(data, kernel, p)
        restricted = w * (warm.alpha > 0)
        seed = _warm_alpha(warm, upper)  # zero outside the support vectors: feasible
        first = F.solve_c_svc(data, -t, kernel=kernel, sample_weight=restricted, alpha0=seed,
                              **options)  # fmt: skip
        alpha0, first_iter = first.alpha, first.n_iter
    else:
        alpha0 = _warm_alpha(warm, upper)
    res = F.solve_c_svc(data, -t, kernel=kernel, sample_weight=sample_weight, alpha0=alpha0,
                        **options)  # fmt: skip
    res.n_iter += first_iter
    return _first_positive(res)


def _c_svc_bounds(p, t, w, class_weight):
    """Return the adapter's class weights (None when both are 1) and the bounds ``C_i``."""
    upper = w * np.where(t > 0, p.C * class_weight[0], p.C * class_weight[1])
    cw = None if class_weight == (1.0, 1.0) else {-1.0: class_weight[0], 1.0: class_weight[1]}
    return cw, upper


def c_svc_smo_shared(p, rows, tasks, warm):
    """Fit the C-SVC machines of one fit on one shared row cache, with one set-up of the core.

    Each machine is the one :func:`_c_svc_smo` fits on ``rows.subset(samples)``, bit for bit
    (:func:`svmbook.svm.formulations.solve_c_svc_many`). Returns None when a machine needs the
    two-stage warm start of a kernel change, which that function does not do.

    Parameters
    ----------
    p : FitParams
        The estimator's parameters.
    rows : svmbook.solvers.cache.RowCache
        The kernel rows of all the training points.
    tasks : sequence of tuple
        ``(samples, t, sample_weight, class_weight)`` per machine: the machine's samples,
        their signs, and the machine's ``sample_weight`` and ``class_weight`` arguments.
    warm : sequence of Warm or None
        Per machine, as the machine's ``warm`` argument.

    Returns
    -------
    list of svmbook.svm.formulations.FormulationResult or None
    """
    if any(w is not None and w.kernel_changed for w in warm):
        return None
    problems = []
    for (samples, t, sample_weight, class_weight), w0 in zip(tasks, warm, strict=True):
        cw, upper = _c_svc_bounds(p, t, _weights(t, sample_weight), class_weight)
        problems.append((samples, -t, cw, sample_weight, _warm_alpha(w0, upper)))
    options = _smo_options(p)
    del options["mode"]  # the rows' own
    results = F.solve_c_svc_many(rows, problems, C=p.C, **options)
    return [_first_positive(res) for res in results]


def _nu_svc_smo(p, data, kernel, t, sample_weight, class_weight, warm):
    """nu-SVC by :func:`svmbook.svm.formulations.solve_nu_svc` (class weights do not enter it)."""
    res = F.solve_nu_svc(
        data,
        -t,
        p.nu,
        kernel=kernel,
        sample_weight=sample_weight,
        alpha0=None if warm is None else warm.alpha,
        **_smo_options(p),
    )
    return _first_positive(res)


def _svr_smo(p, data, kernel, y, sample_weight, class_weight, warm):
    """Solve eps-SVR by :func:`svmbook.svm.formulations.solve_epsilon_svr`.

    After a kernel change the previous support vectors are the first working set, as in
    :func:`_c_svc_smo`.
    """
    n = y.shape[0]
    w = _weights(y, sample_weight)
    upper = np.concatenate([w * p.C, w * p.C])
    options = dict(C=p.C, epsilon=p.epsilon, **_smo_options(p))
    first_iter = 0
    if warm is not None and warm.kernel_changed:
        kernel = _shared_rows(data, kernel, p)
        restricted = w * ((warm.alpha[:n] > 0) | (warm.alpha[n:] > 0))
        first = F.solve_epsilon_svr(data, y, kernel=kernel, sample_weight=restricted, **options)
        alpha0, first_iter = first.alpha, first.n_iter
    else:
        alpha0 = _warm_alpha(warm, upper)
    res = F.solve_epsilon_svr(
        data, y, kernel=kernel, sample_weight=sample_weight, alpha0=alpha0, **options
    )
    res.n_iter += first_iter
    return res


def _nu_svr_smo(p, data, kernel, y, sample_weight, class_weight, warm):
    """nu-SVR by :func:`svmbook.svm.formulations.solve_nu_svr`."""
    w = _weights(y, sample_weight)
    upper = np.concatenate([w * p.C, w * p.C])
    return F.solve_nu_svr(
        data,
        y,
        p.nu,
        p.C,
        kernel=kernel,
        sample_weight=sample_weight,
        alpha0=_warm_alpha(warm, upper),
        **_smo_options(p),
    )


def _one_class_smo(p, data, kernel, y, sample_weight, class_weight, warm):
    """One-class SVM by :func:`svmbook.svm.formulations.solve_one_class`."""
    return F.solve_one_class(
        data,
        p.nu,
        kernel=kernel,
        sample_weight=sample_weight,
        alpha0=None if warm is None else warm.alpha,
        **_smo_options(p),
    )


# -- the cvxopt oracles --------------------------------------------------------------------------


def _qp_result(res, t0, extra):
    """Return a :class:`svmbook.qp.QPResult` as a machine's result (``f = coef' k + b``)."""
    support = np.asarray(res.support, dtype=np.int64)
    dual_coef = np.zeros(res.coef.shape[0])
    dual_coef[support] = res.coef[support]
    return F.FormulationResult.from_solve(
        res, alpha=res.alpha, dual_coef=dual_coef, intercept=res.b, offset=-res.b,
        upper_bound=None, support=support, status=res.status,
        time=time.perf_counter() - t0, extra={"b_interval": res.b_interval, **extra},
    )  # fmt: skip


def _c_svc_qp(p, K, kernel, t, sample_weight, class_weight, warm):
    """C-SVC by the oracle :func:`svmbook.qp.svc_dual` (hard margin, implicit bias).

    ``tol`` is the stopping tolerance of iterative solvers; the interior-point solver runs to
    1e-10 and polishes its answer, so it does not need it.
    """
    t0 = time.perf_counter()
    res = svc_dual(K, t, p.C, bias=p.bias, infeasible=p.infeasible)
    return _qp_result(res, t0, {"margin": res.margin})


def _svr_qp(p, K, kernel, y, sample_weight, class_weight, warm):
    """SVR with any of the four losses by the oracle :func:`svmbook.qp.svr_dual`."""
    t0 = time.perf_counter()
    res = svr_dual(
        K,
        y,
        p.C,
        epsilon=p.epsilon if p.loss == "epsilon_insensitive" else 0.0,
        loss=p.loss,
        delta=p.delta if p.loss == "huber" else None,
        bias=p.bias,
        infeasible=p.infeasible,
    )
    return _qp_result(res, t0, {})


# -- mu-SVM machines (Goodrich 2012): alpha in the nearest-point scale (class sums 1) ------------


def _mu_weights(t, sample_weight, class_weight):
    """WRCH weights ``s_i``: sample weights times the class weight of the machine's class."""
    return _weights(t, sample_weight) * np.where(t > 0, class_weight[0], class_weight[1])


def _machine_mu(p, t, s):
    """Return the machine's mu: ``p.mu``, or with ``"auto"`` Goodrich's ``1 / (0.9 kappa)``.

    Section 4.4.5: the lighter hull reduced to 90 % of its weight; never empty. With weights
    below 1 it may exceed 1: the bounds are ``s_i mu``.
    """
    if p.mu == "auto":
        return _weighting.mu_from_kappa(s, t, 0.9)
    return float(p.mu)


def _mu_result(p, mu, alpha, f, t, s, raw, solved, thresholds=None, history=None):
    """Build the mu-SVM machine from the NP-scale alpha and ``f = K (alpha t)``.

    Adds the threshold and the equivalent C.

    ``solved``: the solver's ``(objective, n_iter, status, seconds)``. ``thresholds``: the
    solver's KKT threshold, its interval and rho of (4.8) and the geometric threshold, when the
    solver computed them on the same samples; else they are computed here on the samples of
    positive weight (weight-0 samples are dropped, as scikit-learn does).
    """
    kept = s > 0
    a, fk, tk, upper = alpha[kept], f[kept], t[kept], s[kept] * mu
    if thresholds is None:
        # a cap s_i mu >= 1 is implied by the class sum 1, so it binds nothing: at mu = 1 a hard-
        # margin SV with alpha_i = 1 is free and pins b (as in the nearest-point solvers)
        kkt = _thresholds.b_kkt(fk, tk, a, np.where(upper >= 1.0, np.inf, upper))
        b_kkt, b_interval, rho = kkt.b, kkt.b_interval, kkt.rho
        b_geom = _thresholds.b_geom(fk, tk, a) if p.threshold == "geometric" else None
    else:
        b_kkt, b_interval, rho, b_geom = thresholds
    if p.threshold == "kkt":
        b = b_kkt
    elif p.threshold == "geometric":
        b = b_geom
    else:
        b = _thresholds.b_platt(fk, tk)
    extra = {
        "alpha": alpha,
        "mu": mu,
        "b_interval": b_interval,
        "rho": rho,  # Goodrich's margin parameter of (4.8)
        "C": mu / rho if rho > 0 else np.inf,
        "w_norm": float(np.sqrt(max(float(a * tk @ fk), 0.0))),
        "history": history,
    }
    objective, n_iter, status, seconds = solved
    return F.FormulationResult.from_solve(
        raw, alpha=alpha, dual_coef=alpha * t, intercept=b, offset=-b, upper_bound=s * mu,
        extra=extra, objective=objective, n_iter=n_iter, status=status, time=seconds,
    )  # fmt: skip


def _mu_svc_qp(p, K, kernel, t, sample_weight, class_weight, warm):
    """Solve the mu-SVM by its oracle :func:`svmbook.qp.mu_svm_dual`."""
    t0 = time.perf_counter()
    s = _mu_weights(t, sample_weight, class_weight)
    mu = _machine_mu(p, t, s)
    res = mu_svm_dual(K, t, mu, sample_weight=s)
    f = K @ (res.alpha * t)
    solved = (res.objective, res.n_iter, res.status, time.perf_counter() - t0)
    return _mu_result(p, mu, res.alpha, f, t, s, res, solved)


#: A refinement pass of the mu-SVM's SMO (at ``tol * r``) may take this many times the
#: iterations of the passes before it (at least 1000): on nearly touching hulls the refined
#: tolerance is tiny and the pass would otherwise run to ``max_iter`` (10 million) for a margin
#: of no use.
MU_REFINE_ITER = 10


def _mu_svc_smo(p, data, kernel, t, sample_weight, class_weight, warm):
    """Solve the mu-SVM on LIBSVM's nu solver: ``alpha = mu a``, ``0 <= a_i <= s_i``, sums 1/mu.

    Goodrich's (2.26) scaled by ``1/mu`` is exactly ``Solver_NU``'s problem with ``p = 0`` and
    per-class sums ``1/mu``, solved by the SMO core (:func:`svmbook.solvers.smo.solve`) from a
    start that fills each class in order (LIBSVM's nu-SVC start), over the samples in their
    order.

    LIBSVM stops on an absolute KKT gap, which is loose when the hulls nearly touch (the margin
    ``r`` is then small): here the gap must fall below ``tol * r``, Goodrich's relative KKT
    condition (section 5.2.4). A pass at ``tol`` estimates ``r``, the next continues from its
    solution at ``tol * r`` (sharing the kernel rows), until the condition holds (at most four
    passes). Where the hulls nearly touch, ``tol * r`` is tiny and a refinement could run to
    ``max_iter``: each refinement pass may take at most :data:`MU_REFINE_ITER` times the
    iterations of the passes before it (at least 1000; then it warns, and its feasible alpha is
    returned). After every pass, hulls whose distance has vanished relative to the kernel's
    scale raise :class:`~svmbook.exceptions.HullsIntersectError`.
    """
    s = _mu_weights(t, sample_weight, class_weight)
    mu = _machine_mu(p, t, s)
    check_hull_mu("mu", mu, s, t)
    kept = np.flatnonzero(s > 0)
    tk, sk = t[kept], s[kept]
    a0 = np.zeros(kept.shape[0])
    for cls in (tk > 0, tk < 0):
        a0[cls] = fill_in_order(sk[cls], 1.0 / mu)
    rows = _shared_rows(data, kernel, p)
    options = _smo_options(p)
    tol, n_iter = p.tol, 0
    for _ in range(4):
        options["tol"] = tol
        res = smo_solve(np.zeros(kept.shape[0]), tk, sk, a0, rows=rows, row_map=kept, nu=True,
                        **options)  # fmt: skip
        n_iter += res.n_iter
        # the nearest-point solvers' test, relative to the kernel's scale: no distance left
        if 2.0 * mu * mu * res.objective <= 1e-12 * float(np.max(rows.source.diag)):
            raise HullsIntersectError(
                f"mu={mu:g} is too large: the two reduced hulls intersect (distance "
                f"{np.sqrt(max(2.0 * res.objective, 0.0)) * mu:.3g}); decrease mu or change "
                "the kernel"
            )
        target = p.tol * res.r
        if res.status != 0 or not target > 0 or tol <= target:
            break
        tol, a0 = target, res.alpha
        cap = MU_REFINE_ITER * max(n_iter, 1000)
        options["max_iter"] = cap if p.max_iter < 0 else min(p.max_iter, cap)
    if res.status == 0 and not res.r > 0:  # as the nearest-point solvers: no classifier
        raise HullsIntersectError(
            f"mu={mu:g} is too large: the two reduced hulls intersect (no positive margin at "
            f"KKT gap {tol:.3g}); decrease mu or change the kernel"
        )
    alpha = np.zeros(t.shape[0])
    alpha[kept] = mu * res.alpha
    f = np.zeros(t.shape[0])
    f[kept] = mu * tk * res.G  # G = Q a = t * K (a t) at p = 0
    solved = (mu * mu * res.objective, n_iter, res.status, res.time)
    return _mu_result(p, mu, alpha, f, t, s, res, solved)


def _np_options(p, s):
    """Keyword arguments of the nearest-point solvers."""
    return dict(
        sample_weight=None if np.all(s == 1.0) else s,  # S-K and Gilbert take no weights
        method=p.solver,
        stop=p.stop,
        tol=p.tol,
        max_iter=None if p.max_iter == -1 else p.max_iter,
        cache_size=p.cache_size,
        history=p.history,
        polish=p.polish,
    )


def _np_kernel(data, kernel, kept):
    """Return the kernel arguments of a nearest-point solver on the samples ``kept`` (a mask)."""
    if not kept.all():
        if isinstance(kernel, str):
            data = data[np.ix_(kept, kept)]
        else:
            data = data[np.flatnonzero(kept)]
    return {"K": data} if isinstance(kernel, str) else {"X": data, "kernel": kernel}


def _expand(values, kept):
    """``values`` over the samples ``kept`` (a mask), as an array over all samples (0 elsewhere)."""
    if kept.all():
        return values
    out = np.zeros(kept.shape[0])
    out[kept] = values
    return out


def _mu_svc_nearest_point(p, data, kernel, t, sample_weight, class_weight, warm):
    """Solve the mu-SVM by a nearest-point solver, on the samples of positive weight.

    The thresholds are the solver's.
    """
    s = _mu_weights(t, sample_weight, class_weight)
    mu = _machine_mu(p, t, s)
    kept = s > 0
    res = solve_nearest_point(**_np_kernel(data, kernel, kept), y=t[kept], mu=mu,
                              **_np_options(p, s[kept]))  # fmt: skip
    thresholds = (res.b_kkt, res.b_kkt_interval, res.rho, res.b_geom)
    alpha, f = _expand(res.alpha, kept), _expand(res.f, kept)
    solved = (res.objective, res.n_iter, res.status, res.time)
    return _mu_result(p, mu, alpha, f, t, s, res, solved, thresholds, res.history)


def _nu_svc_nearest_point(p, data, kernel, t, sample_weight, class_weight, warm):
    """Solve nu-SVC by a nearest-point solver.

    LIBSVM's nu-SVC (bounds ``w_i``, class sums ``nu sum(w) / 2``) is the mu-SVM with
    ``mu = 2 / (nu sum(w))`` scaled by ``nu sum(w) / 2``; LIBSVM then divides the decision
    function by its margin ``r``, which makes it ``(sum alpha_i y_i K(x_i, x) + b) / rho`` in the
    nearest-point scale (rho of (4.8)).
    """
    w = _weights(t, sample_weight)
    kept = w > 0
    n1, n2 = np.sum(kept & (t > 0)), np.sum(kept & (t < 0))
    if p.nu * (n1 + n2) / 2 > min(n1, n2):
        raise ValueError(f"specified nu={p.nu!r} is infeasible")
    mu = 2.0 / (p.nu * float(w[kept].sum()))
    res = solve_nearest_point(**_np_kernel(data, kernel, kept), y=t[kept], mu=mu,
                              **_np_options(p, w[kept]))  # fmt: skip
    rho = res.rho
    alpha = _expand(res.alpha, kept)
    return F.FormulationResult.from_solve(  # in LIBSVM's scale
        res, alpha=alpha, dual_coef=alpha * t / rho, intercept=res.b_kkt / rho,
        offset=-res.b_kkt / rho, upper_bound=w * mu, objective=res.objective / rho**2,
    )  # fmt: skip


def _one_class_nearest_point(p, data, kernel, y, sample_weight, class_weight, warm):
    """Solve the one-class SVM by a nearest-point solver.

    LIBSVM's problem (bounds ``w_i``, sum ``nu sum(w)``) is the minimum-norm point of the
    reduced hull with ``mu = 1 / (nu sum(w))`` (Goodrich section 5.9), scaled by ``nu sum(w)``;
    the offset is its KKT threshold.
    """
    n = data.shape[0]
    w = np.ones(n) if sample_weight is None else sample_weight
    scale = p.nu * float(w[w > 0].sum())
    src = {"K": data} if isinstance(kernel, str) else {"X": data, "kernel": kernel}
    res = solve_min_norm_point(**src, mu=1.0 / scale, **_np_options(p, w))
    at_zero, at_cap, free, _ = _thresholds.bound_sets(res.alpha, w / scale)
    f = res.f
    offset, _ = _thresholds.bias_from_bounds(
        f, free, np.where(at_cap, f, -np.inf), np.where(at_zero, f, np.inf)
    )
    alpha = scale * res.alpha
    return F.FormulationResult.from_solve(  # in LIBSVM's scale
        res, alpha=alpha, dual_coef=alpha, intercept=-scale * offset, offset=scale * offset,
        upper_bound=w, objective=scale**2 * res.objective,
    )  # fmt: skip


#: ``MACHINES[problem][solver]``: the machine solving ``problem`` with ``solver``.
MACHINES = {
    "svc": {"qp": _c_svc_qp, "smo": _c_svc_smo},
    "nu_svc": {
        "smo": _nu_svc_smo,
        **{name: _nu_svc_nearest_point for name in NEAREST_POINT_SOLVERS},
    },
    "svr": {"qp": _svr_qp, "smo": _svr_smo},
    "nu_svr": {"smo": _nu_svr_smo},
    "one_class": {
        "smo": _one_class_smo,
        **{name: _one_class_nearest_point for name in NEAREST_POINT_SOLVERS},
    },
    "mu_svc": {
        "qp": _mu_svc_qp,
        "smo": _mu_svc_smo,
        **{name: _mu_svc_nearest_point for name in NEAREST_POINT_SOLVERS},
    },
}
