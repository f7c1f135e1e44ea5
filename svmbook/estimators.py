"""scikit-learn compatible support vector machines: SVC, NuSVC, SVR, NuSVR, OneClassSVM.

Modelled on ``sklearn/svm/_classes.py`` (public classes: docstring plus an ``__init__`` that only
stores) and ``sklearn/svm/_base.py`` (the shared logic in :class:`_BaseSVM`). ``fit`` validates,
resolves the kernel and dispatches on ``solver=`` through :data:`_SOLVERS`, a table from
(problem, solver name) to a function solving one binary / one-class / regression machine:

* ``"qp"``: the cvxopt reference formulations of :mod:`svmbook.qp` (C-SVC and SVR only; hard
  margin ``C=np.inf``, implicit bias, the four SVR losses);
* ``"smo"``: the numba SMO core through the LIBSVM adapters of :mod:`svmbook.formulations`
  (finite C, explicit bias, the epsilon-insensitive loss; C-SVC, nu-SVC, one-class, eps-SVR,
  nu-SVR). Its results reproduce scikit-learn's ``n_iter_``, ``support_``, ``dual_coef_`` and
  ``intercept_``.

Classifiers with more than two classes go through :mod:`svmbook.multiclass` (one-vs-one as
LIBSVM, or ``multiclass="ovr"``) with either solver. Kernel values: a catalogue kernel that the
jitted core can evaluate (``Kernel.kind >= 0``) is passed to the core, which computes rows on
demand through its row cache; callables and combinators are evaluated once into a Gram matrix
passed as ``"precomputed"``. For multiclass C-SVC with the SMO solver and a dispatchable kernel
on dense points, the machines share one row cache holding the whole float32 kernel matrix when its
``4 n^2`` bytes fit in ``cache_size`` (computed once, blockwise, with the values of the solver's
own rows; LIBSVM recomputes the rows of each class in each of its pairs); otherwise, and for the
other estimators, a dispatchable kernel computes its rows per machine on the machine's own
samples, as LIBSVM does (bit-identical rows; each pair computes only the rows its solver
touches). A non-dispatchable kernel's full Gram matrix is computed once and every machine reads
its sub-block. Setting :data:`GRAM_REUSE_MAX` > 0 makes dispatchable kernels use that float64
Gram matrix too for problems with at most that many samples (same results; kept for comparison
and testing).

Warm start (``warm_start=True``, scikit-learn's convention): a refit on the same data with the
same parameters except ``C`` (and the solver settings ``tol``, ``max_iter``, ``cache_size``,
``shrinking``) starts from the previous solution, scaled by ``C_new / C_old`` (Nguyen's alpha
seeding, eq. 4.15: box and equality constraints stay satisfied). When the kernel parameters
change too (``kernel``, ``gamma``, ``degree``, ``coef0``, ``kernel_params``; not to or from
``"precomputed"``), the previous support vectors are the initial working set: C-SVC and eps-SVR
first solve the problem restricted to them (the other multipliers held at 0, Nguyen's
decomposition with the support vectors as first working set) and then the full problem from that
solution; nu-SVC, nu-SVR and one-class, whose equality constants depend on the number of samples
(so a restricted solution is not feasible for the full problem), start from the previous alpha,
which stays feasible since no constraint involves the kernel. Any other change starts cold.
Measured on make_classification (4,000-6,000 points, gamma 0.05 -> 0.06 or 0.1), a kernel-change
warm start is not faster than a cold start: the kernel rows dominate the time and the old
solution is a poor start for the new kernel. It is provided for the model-selection experiments
(Nguyen ch. 4), which study exactly this.
"""

from __future__ import annotations

import hashlib
import warnings
from dataclasses import dataclass, field
from numbers import Integral, Real

import numpy as np
import scipy.sparse as sp
from sklearn.base import (
    BaseEstimator,
    ClassifierMixin,
    OutlierMixin,
    RegressorMixin,
    _fit_context,
)
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils._param_validation import Interval, Options, StrOptions
from sklearn.utils.class_weight import compute_class_weight
from sklearn.utils.multiclass import _ovr_decision_function, check_classification_targets
from sklearn.utils.validation import _check_sample_weight, check_is_fitted, validate_data

from . import formulations as _F
from . import kernels as _kernels
from . import multiclass as _mc
from . import thresholds as _thresholds
from . import weighting as _weighting
from ._validation import check_hull_mu
from .qp import mu_svm_dual, svc_dual, svr_dual
from .qp._common import bias_from_bounds
from .solvers.cache import prefill, row_cache
from .solvers.nearest_point import solve_min_norm_point, solve_nearest_point
from .solvers.smo import solve as _smo_solve

__all__ = ["SVC", "NuSVC", "MuSVC", "SVR", "NuSVR", "OneClassSVM", "GRAM_REUSE_MAX"]

#: Default ``solver`` of :class:`SVC` and :class:`SVR`: the fast SMO core; ``"qp"`` on request.
_DEFAULT_SOLVER = "smo"

#: Multiclass problems with a dispatchable kernel and at most this many samples compute the
#: float64 Gram matrix once (``Kernel.__call__``) and hand sub-blocks to the pairwise machines
#: (memory 8 n^2 bytes). 0 (default): never; the shared float32 row cache is cheaper (digits
#: n=1797: this Gram matrix cost more than all 45 solves together).
GRAM_REUSE_MAX = 0


# -- solver table ----------------------------------------------------------------------------------


@dataclass
class _Machine:
    """One solved machine in a common form.

    ``coef``: dense coefficients over the machine's samples; classifiers use LIBSVM's sign
    (positive votes for the machine's first class), regression / one-class the public one.
    Decision value ``coef' k(x) - rho``. ``alpha``/``upper``: the solver's variables and bounds
    (warm start); ``None`` for qp.
    """

    coef: np.ndarray
    rho: float
    n_iter: int
    status: int
    objective: float
    alpha: np.ndarray | None = None
    upper: np.ndarray | None = None
    raw: object = None
    info: dict = field(default_factory=dict)


@dataclass(frozen=True)
class _Warm:
    """A machine's previous solution: its alpha and bounds, ``C_new / C_old``, and whether the
    kernel changed since."""

    alpha: np.ndarray
    upper: np.ndarray
    ratio: float
    kernel_changed: bool


@dataclass(frozen=True)
class _SharedRows:
    """A machine's samples ``points`` of a row cache holding the whole training set's kernel."""

    rows: object  # svmbook.solvers.cache.RowCache
    points: np.ndarray


def _kernel_kwargs(data, kernel):
    """The kernel arguments of the solvers: a Gram matrix, points with their kernel, or the
    points of a shared row cache (:class:`_SharedRows`)."""
    if isinstance(data, _SharedRows):
        return {"rows": data.rows, "points": data.points}
    return {"K": data} if kernel == "precomputed" else {"X": data, "kernel": kernel}


def _warm_alpha(warm, upper_new):
    """Nguyen's alpha seeding: ``alpha_old * C_new / C_old``, exact at the new bounds."""
    if warm is None:
        return None
    alpha_old, upper_old, ratio = warm.alpha, warm.upper, warm.ratio
    if ratio == 1.0:
        return alpha_old
    a = np.minimum(alpha_old * ratio, upper_new)
    at_bound = (alpha_old == upper_old) & (alpha_old > 0)
    a[at_bound] = upper_new[at_bound]
    return a


def _variance(X):
    """Variance of all entries of ``X`` (dense or sparse), for ``gamma="scale"``."""
    if not np.prod(X.shape):
        return 0.0
    if sp.issparse(X):
        return float(X.multiply(X).mean() - X.mean() ** 2)
    return float(X.var())


def _writeable(a):
    """A C-contiguous writeable float64 array (read-only inputs, e.g. memmaps, are copied so the
    jitted core is not compiled a second time for read-only array types); sparse input is
    returned as it is (the kernel validates it)."""
    if sp.issparse(a):
        return a
    a = np.ascontiguousarray(a, dtype=np.float64)
    return a if a.flags.writeable else a.copy()


def _smo_kw(est):
    return dict(
        tol=est.tol,
        shrinking=est.shrinking,
        cache_size=est.cache_size,
        max_iter=est.max_iter,
    )


def _from_formulation(res, coef, rho):
    return _Machine(
        coef=coef,
        rho=rho,
        n_iter=int(res.n_iter),
        status=int(res.status),
        objective=float(res.objective),
        alpha=res.alpha,
        upper=res.upper_bound,
        raw=res,
    )


def _c_svc_smo(est, data, kernel, t, sw, cw, warm):
    """One C-SVC machine: :func:`svmbook.formulations.solve_c_svc` without its per-call set-up.

    The estimator has validated the parameters and computed the class weights once for all
    machines, so this calls the adapter's shared core :func:`svmbook.formulations.c_svc_prepared`
    directly and skips its per-call label / class-weight / parameter checks, which cost about as
    much as a small machine's solve. ``t = +1`` marks the machine's first class, which
    LIBSVM puts first with internal label +1 (the adapter's ``classes[0]``).
    """
    n = t.shape[0]
    C = float(est.C)
    w = np.ones(n) if sw is None else sw
    pos = t > 0
    src = _kernel_kwargs(data, kernel)  # the data is checked once, by the kernel source
    Cp, Cn = C * cw[0], C * cw[1]
    kw = _F._smo_kwargs(est.tol, est.shrinking, est.cache_size, est.max_iter)
    first_iter = 0
    if warm is not None and warm.kernel_changed:
        # the previous support vectors as first working set: the restricted problem, then all,
        # sharing the kernel rows (the second stage starts from the rows the first computed)
        if "rows" not in src:
            src = {"rows": row_cache(**src, cache_size=est.cache_size)}
        sv = warm.alpha > 0
        seed = _warm_alpha(warm, w * np.where(pos, Cp, Cn))  # feasible: zero outside sv
        alpha0, _, first = _F.c_svc_prepared(src, pos, w * sv, Cp, Cn, seed, kw)
        first_iter = first.n_iter
    else:
        alpha0 = _warm_alpha(warm, w * np.where(pos, Cp, Cn))
    alpha, bounds, res = _F.c_svc_prepared(src, pos, w, Cp, Cn, alpha0, kw)
    coef = np.where(pos, alpha, -alpha)  # LIBSVM sign: positive for the first class
    out = _F.FormulationResult(
        alpha=alpha,
        dual_coef=-coef,
        intercept=res.rho,
        rho=res.rho,
        support=np.flatnonzero(alpha != 0),
        n_iter=first_iter + res.n_iter,
        objective=res.objective,
        status=res.status,
        upper_bound=bounds,
        classes=np.array([-1.0, 1.0]),
        smo=res,
        extra={},
    )
    return _from_formulation(out, coef, res.rho)


def _nu_svc_smo(est, data, kernel, t, sw, cw, warm):
    res = _F.solve_nu_svc(
        data,
        -t,
        float(est.nu),
        kernel=kernel,
        sample_weight=sw,
        alpha0=None if warm is None else warm.alpha,
        **_smo_kw(est),
    )
    return _from_formulation(res, -res.dual_coef, res.rho)


def _c_svc_qp(est, K, kernel, t, sw, cw, warm):
    # tol is the stopping tolerance of iterative solvers; the interior-point solver runs to 1e-10
    # and polishes its answer (svmbook.qp), so it does not need it.
    res = svc_dual(K, t, est.C, bias=est.bias_, infeasible=est.infeasible)
    coef = np.zeros(t.shape[0])
    coef[res.support] = res.coef[res.support]
    status = 0 if res.status == "optimal" else 1
    return _Machine(coef, -res.b, int(res.n_iter), status, float(res.objective), raw=res)


def _svr_smo(est, data, kernel, y, sw, warm):
    n = y.shape[0]
    w = np.ones(n) if sw is None else sw
    upper_new = np.concatenate([w * est.C, w * est.C])
    args = (data, y, float(est.C), float(est.epsilon))
    first_iter = 0
    if warm is not None and warm.kernel_changed:
        # the previous support vectors as first working set: the restricted problem, then all,
        # sharing the kernel rows
        src = _kernel_kwargs(data, kernel)
        kernel = row_cache(**src, cache_size=est.cache_size)
        sv = (warm.alpha[:n] > 0) | (warm.alpha[n:] > 0)
        first = _F.solve_epsilon_svr(*args, kernel=kernel, sample_weight=w * sv, **_smo_kw(est))
        alpha0, first_iter = first.alpha, first.n_iter
    else:
        alpha0 = _warm_alpha(warm, upper_new)
    res = _F.solve_epsilon_svr(
        *args, kernel=kernel, sample_weight=sw, alpha0=alpha0, **_smo_kw(est)
    )
    machine = _from_formulation(res, res.dual_coef, res.rho)
    machine.n_iter += first_iter
    return machine


def _nu_svr_smo(est, data, kernel, y, sw, warm):
    w = np.ones(y.shape[0]) if sw is None else sw
    upper_new = np.concatenate([w * est.C, w * est.C])
    res = _F.solve_nu_svr(
        data,
        y,
        float(est.nu),
        float(est.C),
        kernel=kernel,
        sample_weight=sw,
        alpha0=_warm_alpha(warm, upper_new),
        **_smo_kw(est),
    )
    return _from_formulation(res, res.dual_coef, res.rho)


def _one_class_smo(est, data, kernel, y, sw, warm):
    res = _F.solve_one_class(
        data,
        float(est.nu),
        kernel=kernel,
        sample_weight=sw,
        alpha0=None if warm is None else warm.alpha,
        **_smo_kw(est),
    )
    return _from_formulation(res, res.dual_coef, res.rho)


def _svr_qp(est, K, kernel, y, sw, warm):
    res = svr_dual(
        K,
        y,
        est.C,
        epsilon=est.epsilon if est.loss == "epsilon_insensitive" else 0.0,
        loss=est.loss,
        mu=est.mu if est.loss == "huber" else None,
        bias=est.bias_,
        infeasible=est.infeasible,
    )
    status = 0 if res.status == "optimal" else 1
    return _Machine(res.coef, -res.b, int(res.n_iter), status, float(res.objective), raw=res)


# -- mu-SVM machines (Goodrich 2012): alpha in the nearest-point scale (class sums 1) ------------


def _mu_weights(t, sw, cw):
    """WRCH weights ``s_i``: sample weights times the class weight of the machine's class."""
    w = np.ones(t.shape[0]) if sw is None else sw
    return w * np.where(t > 0, cw[0], cw[1])


def _machine_mu(est, t, s):
    """The machine's mu: ``est.mu``, or with ``"auto"`` Goodrich's ``1 / (0.9 kappa)``
    (section 4.4.5: the lighter hull reduced to 90 % of its weight; never empty). With weights
    below 1 it may exceed 1: the bounds are ``s_i mu``."""
    if est.mu == "auto":
        return _weighting.mu_from_kappa(s, t, 0.9)
    return float(est.mu)


def _mu_machine(est, mu, alpha, f, t, s, n_iter, status, objective, raw, history=None):
    """The machine from the NP-scale alpha and ``f = K (alpha t)``: threshold, equivalent C.

    Weight-0 samples are dropped (as scikit-learn does) before the thresholds are computed.
    """
    kept = s > 0
    a, fk, tk, upper = alpha[kept], f[kept], t[kept], s[kept] * mu
    # a cap s_i mu >= 1 is implied by the class sum 1, so it binds nothing: at mu = 1 a hard-
    # margin SV with alpha_i = 1 is free and pins b (as in the nearest-point solvers)
    kkt = _thresholds.b_kkt(fk, tk, a, np.where(upper >= 1.0, np.inf, upper))
    if est.threshold == "kkt":
        b = kkt.b
    elif est.threshold == "geometric":
        b = _thresholds.b_geom(fk, tk, a)
    else:
        b = _thresholds.b_platt(fk, tk)
    info = {
        "alpha": alpha,
        "mu": mu,
        "b_interval": kkt.b_interval,
        "rho": kkt.rho,
        "C": mu / kkt.rho if kkt.rho > 0 else np.inf,
        "w_norm": float(np.sqrt(max(float(a * tk @ fk), 0.0))),
        "history": history,
    }
    return _Machine(alpha * t, b, int(n_iter), int(status), float(objective), raw=raw, info=info)


def _mu_svc_qp(est, K, kernel, t, sw, cw, warm):
    s = _mu_weights(t, sw, cw)
    mu = _machine_mu(est, t, s)
    res = mu_svm_dual(K, t, mu, sample_weight=s)
    status = 0 if res.status == "optimal" else 1
    f = K @ (res.alpha * t)
    return _mu_machine(est, mu, res.alpha, f, t, s, res.n_iter, status, res.objective, res)


def _mu_svc_smo(est, data, kernel, t, sw, cw, warm):
    """The mu-SVM on LIBSVM's nu solver: ``alpha = mu a``, ``0 <= a_i <= s_i``, class sums 1/mu.

    Goodrich's (2.26) scaled by ``1/mu`` is exactly ``Solver_NU``'s problem with ``p = 0`` and
    per-class sums ``1/mu``; the start fills each class in order (LIBSVM's nu-SVC start).

    LIBSVM stops on an absolute KKT gap, which is loose when the hulls nearly touch (the margin
    ``r`` is then small): here the gap must fall below ``tol * r``, Goodrich's relative KKT
    condition (5.2.4). A pass at ``tol`` estimates ``r``, the next continues from its solution at
    ``tol * r`` (sharing the kernel rows), until the condition holds (at most four passes).
    """
    s = _mu_weights(t, sw, cw)
    mu = _machine_mu(est, t, s)
    check_hull_mu(mu, s, t)
    kept = np.flatnonzero(s > 0)
    tk, sk = t[kept], s[kept]
    a0 = np.zeros(kept.shape[0])
    for cls in (1.0, -1.0):
        left = 1.0 / mu
        for i in np.flatnonzero(tk == cls):
            a0[i] = min(sk[i], left)
            left -= a0[i]
    src = _kernel_kwargs(data, kernel)
    kw = _smo_kw(est)
    rows, tol, n_iter = row_cache(**src, cache_size=est.cache_size), est.tol, 0
    for _ in range(4):
        kw["tol"] = tol
        res = _smo_solve(
            np.zeros(kept.shape[0]), tk, sk, a0, rows=rows, row_map=kept, nu=True, **kw
        )
        n_iter += res.n_iter
        target = est.tol * res.r
        if res.status != 0 or not target > 0 or tol <= target:
            break
        tol, a0 = target, res.alpha
    if res.status == 0 and not res.r > 0:
        warnings.warn(
            f"MuSVC(solver='smo'): no positive margin at KKT gap {tol:.3g}, so the two reduced "
            f"hulls (nearly) intersect at mu={mu:g} and the solution is not a separating one; "
            "decrease mu (or change the kernel)",
            ConvergenceWarning,
            stacklevel=3,
        )
    alpha = np.zeros(t.shape[0])
    alpha[kept] = mu * res.alpha
    f = np.zeros(t.shape[0])
    f[kept] = mu * tk * res.G  # G = Q a = t * K (a t) at p = 0
    objective = mu * mu * res.objective
    return _mu_machine(est, mu, alpha, f, t, s, n_iter, res.status, objective, res)


def _mu_svc_nearest_point(est, data, kernel, t, sw, cw, warm):
    s = _mu_weights(t, sw, cw)
    mu = _machine_mu(est, t, s)
    src = _kernel_kwargs(data, kernel)
    res = solve_nearest_point(
        **src,
        y=t,
        mu=mu,
        sample_weight=None if np.all(s == 1.0) else s,  # S-K and Gilbert take no weights
        method=est.solver,
        stop=est.stop,
        tol=est.tol,
        max_iter=None if est.max_iter == -1 else est.max_iter,
        cache_size=est.cache_size,
        history=est.history,
    )
    return _mu_machine(
        est, mu, res.alpha, res.f, t, s, res.n_iter, res.status, res.objective, res, res.history
    )


_MU_NP_SOLVERS = ("sk", "wsk", "gilbert", "mdm", "tao", "wsk_fast")


def _np_kwargs(est, s):
    """Keyword arguments of the nearest-point solvers from an estimator's settings."""
    return dict(
        sample_weight=None if np.all(s == 1.0) else s,  # S-K and Gilbert take no weights
        method=est.solver,
        stop=getattr(est, "stop", "relative_np"),
        tol=est.tol,
        max_iter=None if est.max_iter == -1 else est.max_iter,
        cache_size=est.cache_size,
        history=getattr(est, "history", False),
    )


def _nu_svc_nearest_point(est, data, kernel, t, sw, cw, warm):
    """nu-SVC by a nearest-point solver: LIBSVM's nu-SVC (bounds ``w_i``, class sums
    ``nu sum(w) / 2``) is the mu-SVM with ``mu = 2 / (nu sum(w))`` scaled by ``nu sum(w) / 2``;
    LIBSVM then divides the decision function by its margin ``r``, which makes it
    ``(sum alpha_i y_i K(x_i, x) - b) / rho`` in the nearest-point scale."""
    w = np.ones(t.shape[0]) if sw is None else sw
    kept = w > 0
    n1, n2 = np.sum(kept & (t > 0)), np.sum(kept & (t < 0))
    if est.nu * (n1 + n2) / 2 > min(n1, n2):
        raise ValueError(f"specified nu={est.nu!r} is infeasible")
    mu = 2.0 / (est.nu * float(w[kept].sum()))
    src = _kernel_kwargs(data, kernel)
    res = solve_nearest_point(**src, y=t, mu=mu, **_np_kwargs(est, w))
    kkt = _thresholds.b_kkt(res.f[kept], t[kept], res.alpha[kept], w[kept] * mu)
    coef, objective = res.alpha * t / kkt.rho, res.objective / kkt.rho**2  # LIBSVM's scale
    return _Machine(coef, kkt.b / kkt.rho, res.n_iter, res.status, objective, raw=res)


def _one_class_nearest_point(est, data, kernel, y, sw, warm):
    """One-class SVM by a nearest-point solver: LIBSVM's problem (bounds ``w_i``, sum
    ``nu sum(w)``) is the minimum-norm point of the reduced hull with ``mu = 1 / (nu sum(w))``
    (Goodrich 5.9), scaled by ``nu sum(w)``; ``rho`` is its KKT threshold."""
    n = data.shape[0]
    w = np.ones(n) if sw is None else sw
    scale = est.nu * float(w[w > 0].sum())
    src = _kernel_kwargs(data, kernel)
    res = solve_min_norm_point(**src, mu=1.0 / scale, **_np_kwargs(est, w))
    at_zero, at_cap, free, _ = _thresholds.bound_sets(res.alpha, w / scale)
    f = res.f
    rho, _ = bias_from_bounds(f, free, np.where(at_cap, f, -np.inf), np.where(at_zero, f, np.inf))
    objective = scale**2 * res.objective  # LIBSVM's scale
    return _Machine(scale * res.alpha, scale * rho, res.n_iter, res.status, objective, raw=res)


_SOLVERS = {
    "svc": {"qp": _c_svc_qp, "smo": _c_svc_smo},
    "nu_svc": {"smo": _nu_svc_smo, **{name: _nu_svc_nearest_point for name in _MU_NP_SOLVERS}},
    "svr": {"qp": _svr_qp, "smo": _svr_smo},
    "nu_svr": {"smo": _nu_svr_smo},
    "one_class": {
        "smo": _one_class_smo,
        **{name: _one_class_nearest_point for name in _MU_NP_SOLVERS},
    },
    "mu_svc": {
        "qp": _mu_svc_qp,
        "smo": _mu_svc_smo,
        **{name: _mu_svc_nearest_point for name in _MU_NP_SOLVERS},
    },
}

_KERNEL_NAMES = set(_kernels.VALID_NAMES) | {"precomputed"}
# parameters that change the solver's path but not the problem: a warm start survives them
_WARM_FREE = {"C", "warm_start", "tol", "max_iter", "cache_size", "shrinking"}
_WARM_FREE |= {"decision_function_shape", "break_ties"}
# parameters of the kernel: a warm start survives them with the support vectors as working set
_WARM_KERNEL = {"kernel", "gamma", "degree", "coef0", "kernel_params"}


class _BaseSVM(BaseEstimator):
    """Shared logic of the estimators (validation, kernel, dispatch, warm start, prediction)."""

    _impl: str  # key of _SOLVERS

    _parameter_constraints: dict = {
        "C": [Interval(Real, 0.0, None, closed="neither"), Options(Real, {np.inf})],
        "kernel": [StrOptions(_KERNEL_NAMES), callable],
        "degree": [Interval(Integral, 0, None, closed="left")],
        "gamma": [StrOptions({"scale", "auto"}), Interval(Real, 0.0, None, closed="neither")],
        "coef0": [Interval(Real, None, None, closed="neither")],
        "bias": [StrOptions({"explicit", "implicit", "auto"})],
        "solver": [StrOptions({"qp", "smo"})],
        "tol": [Interval(Real, 0.0, None, closed="neither")],
        "cache_size": [Interval(Real, 0.0, None, closed="neither")],
        "shrinking": ["boolean"],
        "max_iter": [Interval(Integral, -1, None, closed="left")],
        "warm_start": ["boolean"],
        "infeasible": [StrOptions({"raise", "ridge"})],
        "kernel_params": [dict, None],
    }

    # -- kernel ------------------------------------------------------------------------------------

    def _resolve_kernel(self, X):
        """Set ``_gamma`` and ``_kernel`` (a Kernel, a plain callable, or None for precomputed)."""
        gamma = getattr(self, "gamma", "scale")
        if isinstance(gamma, str):
            if gamma == "scale":
                var = _variance(X)
                self._gamma = 1.0 / (X.shape[1] * var) if var != 0 else 1.0
            else:
                self._gamma = 1.0 / X.shape[1]
        else:
            self._gamma = float(gamma)
        kernel = self.kernel
        if isinstance(kernel, str) and kernel == "precomputed":
            self._kernel = None
        elif callable(kernel) and not isinstance(kernel, _kernels.Kernel):
            self._kernel = kernel
        else:
            self._kernel = _kernels.get_kernel(
                kernel,
                degree=self.degree,
                gamma=self._gamma,
                coef0=self.coef0,
                **(getattr(self, "kernel_params", None) or {}),
            )
        if sp.issparse(X) and not self._sparse_ok():
            raise TypeError(
                f"sparse X is supported with kernel='linear' or 'rbf' (or a svmbook linear/rbf "
                f"Kernel), got kernel={self.kernel!r}; pass X.toarray()"
            )

    def _sparse_ok(self):
        """Sparse input is computed on directly by the linear and RBF kernels."""
        kernel = self.kernel
        if isinstance(kernel, str):
            return _kernels.KIND_CODES.get(kernel) in _kernels.SPARSE_KINDS
        return isinstance(kernel, _kernels.Kernel) and kernel.kind in _kernels.SPARSE_KINDS

    def _gram(self, X, Y):
        if self._kernel is None:
            return X
        K = np.asarray(self._kernel(X, Y), dtype=np.float64)
        if K.shape != (X.shape[0], Y.shape[0]):
            raise ValueError(
                f"kernel callable returned shape {K.shape}, expected {(X.shape[0], Y.shape[0])}"
            )
        if not np.all(np.isfinite(K)):
            raise ValueError("kernel returned NaN or infinity; check the kernel parameters")
        return K

    def _dispatchable(self):
        return isinstance(self._kernel, _kernels.Kernel) and self._kernel.kind >= 0

    def _resolved_bias(self):
        bias = getattr(self, "bias", "explicit")
        if bias != "auto":
            return bias
        implicit = isinstance(self._kernel, _kernels.Kernel) and self._kernel.implicit_bias
        return "implicit" if implicit else "explicit"

    def _solver(self):
        return getattr(self, "solver", "smo")

    def _check_square(self, X):
        if self._kernel is None and X.shape[0] != X.shape[1]:
            raise ValueError(
                f"X should be a square kernel matrix with kernel='precomputed', got shape {X.shape}"
            )

    def _check_solver_options(self, sample_weight):
        """Raise for a combination the chosen solver does not provide (naming the parameter)."""
        self.bias_ = self._resolved_bias()
        if self._solver() == "smo":
            C = getattr(self, "C", 1.0)
            if np.isinf(C):
                raise ValueError(
                    "C=inf (hard margin) is not available with solver='smo'; use solver='qp' "
                    "or a large finite C"
                )
            if self.bias_ != "explicit":
                raise ValueError(
                    f"bias={self.bias!r} resolves to an implicit bias, which solver='smo' does "
                    "not provide (no equality constraint); use solver='qp'"
                )
            loss = getattr(self, "loss", "epsilon_insensitive")
            if loss != "epsilon_insensitive":
                raise ValueError(
                    f"loss={loss!r} is not available with solver='smo' (epsilon_insensitive "
                    "only); use solver='qp'"
                )
        elif self._solver() == "qp":
            if sample_weight is not None:
                raise ValueError("sample_weight is not supported by solver='qp'; use solver='smo'")
            if getattr(self, "class_weight", None) is not None:
                raise ValueError("class_weight is not supported by solver='qp'; use solver='smo'")

    def _source(self, X):
        """(data, kernel argument) for the solver: points and a Kernel, or a Gram matrix."""
        if self._kernel is None:
            return _writeable(X), "precomputed"
        if self._solver() == "smo" and self._dispatchable():
            return _writeable(X), self._kernel
        return self._gram(X, X), "precomputed"

    # -- warm start --------------------------------------------------------------------------------

    def _warm_key(self, X, y, sample_weight):
        """(problem parameters, kernel parameters, data hash) of a fit."""
        params = self.get_params()
        kernel = {k: v for k, v in params.items() if k in _WARM_KERNEL}
        params = {k: v for k, v in params.items() if k not in _WARM_FREE | _WARM_KERNEL}
        params["precomputed"] = self._kernel is None
        h = hashlib.sha1()
        if sp.issparse(X):
            X = (X.data, X.indices, X.indptr, np.array(X.shape))
        else:
            X = (X,)
        for a in (*X, y, sample_weight):
            if a is not None:
                a = np.ascontiguousarray(a)
                h.update(str((a.shape, a.dtype)).encode())
                h.update(a.tobytes())
        sort = lambda d: repr(sorted(d.items(), key=lambda kv: kv[0]))  # noqa: E731
        return sort(params), sort(kernel), h.hexdigest()

    def _warm_starts(self, key, n_machines):
        """Per machine a :class:`_Warm` or None (cold start)."""
        state = getattr(self, "_warm_state", None)
        if not (getattr(self, "warm_start", False) and self._solver() == "smo"):
            return [None] * n_machines
        if state is None or len(state["machines"]) != n_machines:
            return [None] * n_machines
        old = state["key"]
        if old[0] != key[0] or old[2] != key[2]:
            return [None] * n_machines
        ratio = float(getattr(self, "C", 1.0)) / state["C"]
        changed = old[1] != key[1]
        return [_Warm(alpha, upper, ratio, changed) for alpha, upper in state["machines"]]

    def _store_warm(self, key, machines):
        if self._solver() == "smo":
            self._warm_state = {
                "key": key,
                "C": float(getattr(self, "C", 1.0)),
                "machines": [(m.alpha, m.upper) for m in machines],
            }

    # -- predict -----------------------------------------------------------------------------------

    def _validate_for_predict(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, accept_sparse="csr", dtype=np.float64, order="C", reset=False)
        if self._kernel is None and X.shape[1] != self.shape_fit_[0]:
            raise ValueError(
                f"X.shape[1] = {X.shape[1]} should be equal to {self.shape_fit_[0]}, the number "
                "of samples at training time (kernel='precomputed')"
            )
        return X

    def _kernel_vs_support(self, X):
        X = self._validate_for_predict(X)
        if self._kernel is None:
            return X[:, self.support_]
        return self._gram(X, self._X_support)

    def _set_support(self, X, support):
        self.support_ = np.asarray(support, dtype=np.int32)
        self.support_vectors_ = X[support] if self._kernel is not None else np.empty((0, 0))
        self._X_support = X[support] if self._kernel is not None else None
        self.shape_fit_ = X.shape

    def _is_linear(self):
        return (isinstance(self.kernel, str) and self.kernel == "linear") or (
            isinstance(self.kernel, _kernels.Kernel) and self.kernel.name == "linear"
        )

    @property
    def coef_(self):
        """Input-space weights; linear kernel only, read-only (one row per machine)."""
        check_is_fitted(self)
        if not self._is_linear():
            raise AttributeError("coef_ is only available when using a linear kernel")
        coef = self._coef()
        coef.flags.writeable = False  # a copy; freezing it surfaces code that tries to edit it
        return coef

    def _coef(self):
        return np.asarray(self.dual_coef_ @ self.support_vectors_)

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.pairwise = isinstance(self.kernel, str) and self.kernel == "precomputed"
        tags.input_tags.sparse = self._sparse_ok()
        return tags

    # -- single machine fit (regression, one-class, binary qp) -------------------------------------

    def _fit_single(self, X, y, sample_weight):
        self._check_square(X)
        key = self._warm_key(X, y, sample_weight)
        warm = self._warm_starts(key, 1)[0]
        data, kernel = self._source(X)
        solve = _SOLVERS[self._impl][self._solver()]
        m = solve(self, data, kernel, y, sample_weight, warm)
        if m.raw is not None and hasattr(m.raw, "support") and self._solver() == "qp":
            support = np.asarray(m.raw.support, dtype=np.int64)
        else:
            support = np.flatnonzero(m.coef != 0)
        self._set_support(X, support)
        self.dual_coef_ = m.coef[support][None, :]
        self.n_support_ = np.array([support.shape[0]], dtype=np.int32)  # as scikit-learn
        self.intercept_ = np.array([-m.rho])
        self.n_iter_ = m.n_iter
        self.fit_status_ = m.status
        self.objective_ = m.objective
        self.result_ = m.raw
        if self._solver() == "qp":
            self.b_interval_ = m.raw.b_interval
        self._store_warm(key, [m])
        return m


class _BaseSVC(ClassifierMixin, _BaseSVM):
    """Classifiers: binary machines combined one-vs-one (LIBSVM) or one-vs-rest."""

    _parameter_constraints: dict = {
        **_BaseSVM._parameter_constraints,
        "class_weight": [StrOptions({"balanced"}), dict, None],
        "decision_function_shape": [StrOptions({"ovr", "ovo"})],
        "break_ties": ["boolean"],
        "multiclass": [StrOptions({"ovo", "ovr"})],
    }

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None):
        """Fit on ``X`` (n_samples, n_features), or a Gram matrix with ``kernel="precomputed"``.

        ``sample_weight`` (solver="smo") multiplies the bound ``C`` per sample (nu-SVC: the
        per-sample bound); samples with weight <= 0 are dropped, as in scikit-learn.
        """
        X, y = validate_data(self, X, y, accept_sparse="csr", dtype=np.float64, order="C")
        check_classification_targets(y)
        classes, y_index = np.unique(y, return_inverse=True)
        if classes.size < 2:
            raise ValueError(
                f"y contains one class only ({classes[0]!r}); a classifier needs samples of at "
                "least 2 classes"
            )
        if sample_weight is not None:
            sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64)
            if np.unique(y_index[sample_weight > 0]).size < 2:
                raise ValueError(
                    "Invalid input - all samples with positive sample_weight belong to the same "
                    "class; a classifier needs samples of at least 2 classes"
                )
        if self.break_ties and self.decision_function_shape == "ovo":
            raise ValueError("break_ties must be False when decision_function_shape is 'ovo'")
        self.classes_ = classes
        self._resolve_kernel(X)
        self._check_square(X)
        self._check_solver_options(sample_weight)
        self.class_weight_ = compute_class_weight(
            getattr(self, "class_weight", None), classes=classes, y=y
        )
        if self._impl == "svc" and self._solver() == "qp" and classes.size == 2:
            self._fit_binary_qp(X, y_index)
        else:
            self._fit_machines(X, y_index, sample_weight)
        return self

    def _fit_binary_qp(self, X, y_index):
        """The reference path (unchanged layout: support_ increasing, scalar n_iter_)."""
        y_pm = np.where(y_index == 1, 1.0, -1.0)
        K = self._gram(X, X)
        res = svc_dual(K, y_pm, float(self.C), bias=self.bias_, infeasible=self.infeasible)
        support = np.asarray(res.support, dtype=np.int32)
        self._set_support(X, support)
        self.dual_coef_ = res.coef[support][None, :]
        self.intercept_ = np.array([res.b])
        self.b_interval_ = res.b_interval
        self.objective_ = res.objective
        self.n_iter_ = res.n_iter
        self.fit_status_ = 0 if res.status == "optimal" else 1
        self.result_ = res
        self.margin_ = res.margin
        ys = y_pm[support]
        self.n_support_ = np.array([np.sum(ys < 0), np.sum(ys > 0)], dtype=np.int32)
        self._layout = "binary_qp"

    def _fit_machines(self, X, y_index, sample_weight):
        n_classes = self.classes_.size
        ovr = self.multiclass == "ovr" and n_classes > 2
        if ovr:
            tasks = [(np.arange(X.shape[0]), np.where(y_index == c, 1.0, -1.0), c, None)
                     for c in range(n_classes)]  # fmt: skip
        else:
            tasks = []
            for i, j in _mc.ovo_pairs(n_classes):
                idx = np.flatnonzero((y_index == i) | (y_index == j))
                tasks.append((idx, np.where(y_index[idx] == i, 1.0, -1.0), i, j))
        key = self._warm_key(X, y_index, sample_weight)
        warm = self._warm_starts(key, len(tasks))
        solve = _SOLVERS[self._impl][self._solver()]
        multi = len(tasks) > 1
        if self._kernel is None:
            full, kernel = X, "precomputed"
        elif self._solver() == "qp" or not self._dispatchable():
            full, kernel = self._gram(X, X), "precomputed"
        elif multi and X.shape[0] <= GRAM_REUSE_MAX:
            full, kernel = self._kernel(X), "precomputed"
        else:
            full, kernel = X, self._kernel
        shared = self._shared_rows(full, kernel) if multi else None
        cw = self.class_weight_
        machines, coefs, rhos = [], [], []
        for (idx, t, i, j), w0 in zip(tasks, warm, strict=True):
            if shared is not None:
                data = _SharedRows(shared, idx)
            elif kernel == "precomputed":
                data = full if idx.shape[0] == X.shape[0] else full[np.ix_(idx, idx)]
            else:
                data = full[idx]
            sw = None if sample_weight is None else sample_weight[idx]
            cw_pair = (cw[i], cw[j]) if j is not None else (cw[i], 1.0)
            if shared is None:
                data = _writeable(data)
            m = solve(self, data, kernel, t, sw, cw_pair, w0)
            machines.append(m)
            coef = np.zeros(X.shape[0])
            coef[idx] = m.coef
            coefs.append(coef)
            rhos.append(m.rho)
        layout = _mc.ovr_layout if ovr else _mc.ovo_layout
        support, n_support, dual_coef, intercept = layout(y_index, coefs, rhos, n_classes)
        self._set_support(X, support)
        self.n_support_ = n_support
        self._sv_class = y_index[support]
        self._lib_dual_coef = dual_coef
        self._lib_intercept = intercept
        if n_classes == 2:  # scikit-learn flips the binary model to be positive for classes_[1]
            self.dual_coef_ = -dual_coef
            self.intercept_ = -intercept
        else:
            self.dual_coef_ = dual_coef
            self.intercept_ = intercept
        self.n_iter_ = np.array([m.n_iter for m in machines], dtype=np.int32)
        self.fit_status_ = int(max(m.status for m in machines))
        self.objective_ = np.array([m.objective for m in machines])
        self._layout = "ovr" if ovr else "ovo"
        self._store_warm(key, machines)
        self._set_machine_attributes(machines, [task[0] for task in tasks])

    def _shared_rows(self, X, kernel):
        """One row cache holding the whole float32 kernel matrix, computed blockwise (one matrix
        product per block), for the C-SVC machines of a multiclass fit; None where it does not
        apply. It applies to the SMO solver with a dispatchable kernel on dense points when the
        ``4 n^2`` bytes fit in ``cache_size``: every machine then reads its rows from it instead
        of computing them on its own samples, as the anchors' measurements suggest (digits: the
        45 pairs recompute most kernel values several times). The values are those of the
        solver's batched rows, so the machines are the same."""
        n = X.shape[0]
        if (
            self._impl != "svc"
            or self._solver() != "smo"
            or kernel == "precomputed"
            or sp.issparse(X)
            or 4.0 * n * n > self.cache_size * (1 << 20)
        ):
            return None
        shared = row_cache(X=_writeable(X), kernel=kernel, cache_size=self.cache_size)
        prefill(shared.cache, shared.source)
        return shared

    def _set_machine_attributes(self, machines, samples):
        """Hook for attributes that only some classifiers have; ``samples[k]``: the sample
        indices of machine k."""

    # -- prediction --------------------------------------------------------------------------------

    def _raw_decision(self, X):
        K = self._kernel_vs_support(X)
        if self._layout == "ovr":
            return _mc.ovr_decision(K, self._lib_dual_coef, self._lib_intercept)
        return _mc.ovo_decision(
            K, self._sv_class, self._lib_dual_coef, self._lib_intercept, self.classes_.size
        )

    def decision_function(self, X):
        """Decision values.

        Binary: shape (n_samples,), positive for ``classes_[1]``. More classes, one-vs-one:
        ``decision_function_shape="ovo"`` gives LIBSVM's pairwise values (n_samples,
        n_classes * (n_classes - 1) / 2), positive for the pair's first class; ``"ovr"`` turns
        them into (n_samples, n_classes) by scikit-learn's ``_ovr_decision_function`` (votes
        plus a bounded confidence). ``multiclass="ovr"``: the (n_samples, n_classes) values of
        the one-vs-rest machines, whatever ``decision_function_shape``.
        """
        check_is_fitted(self)
        if self._layout == "binary_qp":
            K = self._kernel_vs_support(X)
            return K @ self.dual_coef_[0] + self.intercept_[0]
        dec = self._raw_decision(X)
        n_classes = self.classes_.size
        if n_classes == 2:
            return -dec[:, 0]
        if self._layout == "ovo" and self.decision_function_shape == "ovr":
            return _ovr_decision_function(dec < 0, -dec, n_classes)
        return dec

    def predict(self, X):
        """Class labels: one-vs-one votes (ties to the lower class, as LIBSVM), or the largest
        one-vs-rest decision value (also with ``break_ties=True``)."""
        check_is_fitted(self)
        if self._layout == "binary_qp":
            decision = self.decision_function(X)
            return self.classes_[(decision > 0).astype(int)]
        n_classes = self.classes_.size
        if self._layout == "ovr":
            return self.classes_[np.argmax(self._raw_decision(X), axis=1)]
        if self.break_ties and n_classes > 2 and self.decision_function_shape == "ovr":
            return self.classes_[np.argmax(self.decision_function(X), axis=1)]
        votes = _mc.ovo_votes(self._raw_decision(X), n_classes)
        return self.classes_[np.argmax(votes, axis=1)]

    def _coef(self):
        if self._layout in ("binary_qp", "ovr") or self.classes_.size == 2:
            return super()._coef()
        rows = []
        sv, dc = self.support_vectors_, self._lib_dual_coef
        for i, j in _mc.ovo_pairs(self.classes_.size):
            ci, cj = self._sv_class == i, self._sv_class == j
            rows.append(np.asarray(dc[j - 1, ci] @ sv[ci] + dc[i, cj] @ sv[cj]).ravel())
        return np.array(rows)


class SVC(_BaseSVC):
    """C-support vector classifier: reference QP or LIBSVM's SMO; binary and multiclass.

    ``f(x) = sum_i dual_coef_i K(x_i, x) + intercept_``, predicting ``classes_[1]`` where ``f > 0``
    (binary). The dual (Gunn 1998, eq. 2.35-2.36) is solved by :func:`svmbook.qp.svc_dual`
    (``solver="qp"``) or by the numba SMO core (``solver="smo"``, as LIBSVM's ``solve_c_svc``).
    More than two classes: one-vs-one as LIBSVM (``dual_coef_``/``intercept_`` laid out as
    scikit-learn's) or ``multiclass="ovr"``, with either solver.

    Parameters
    ----------
    C : float, default=1.0
        Box bound on the multipliers (> 0). ``np.inf`` is the hard margin (``solver="qp"`` only);
        infeasible data then raise :class:`svmbook.qp.InfeasibleProblemError` unless
        ``infeasible="ridge"``.
    kernel : str, Kernel or callable, default="rbf"
        scikit-learn names (``"linear"``, ``"poly"``, ``"rbf"``, ``"sigmoid"``, ``"precomputed"``),
        catalogue names of :mod:`svmbook.kernels` (``"erbf"``, ``"spline"``, ... with
        ``kernel_params``), a :class:`svmbook.kernels.Kernel`, or a callable ``k(X, Y) -> Gram``
        (evaluated once into a Gram matrix).
    degree : int, default=3
        Degree of ``"poly"``: ``(gamma <x, x'> + coef0)^degree``.
    gamma : {"scale", "auto"} or float, default="scale"
        Scale of ``"rbf"``, ``"poly"``, ``"sigmoid"``. ``"scale"``: ``1 / (n_features * X.var())``;
        ``"auto"``: ``1 / n_features``. RBF width: ``gamma = 1 / (2 sigma^2)``.
    coef0 : float, default=0.0
        Offset of ``"poly"`` and ``"sigmoid"``.
    shrinking, tol, cache_size, max_iter, warm_start
        SMO settings, see below.
    class_weight : dict or "balanced", default=None
        ``C`` of class ``k`` is ``class_weight[k] * C`` (SMO only).
    decision_function_shape : {"ovr", "ovo"}, default="ovr"
        Shape of ``decision_function`` with more than two classes (scikit-learn's meaning).
    break_ties : bool, default=False
        With ``decision_function_shape="ovr"`` and more than two classes, predict the argmax of
        ``decision_function`` instead of the one-vs-one vote.
    bias : {"explicit", "implicit", "auto"}, default="explicit"
        ``"explicit"``: equality constraint and a computed ``intercept_`` (LIBSVM). ``"implicit"``:
        no equality constraint, ``intercept_ = 0``, the bias lives in the kernel (Gunn eq. 2.39;
        ``solver="qp"`` only). ``"auto"``: the kernel's ``implicit_bias`` flag.
    solver : {"smo", "qp"}, default="smo"
        ``"smo"``: the numba SMO core (LIBSVM's algorithm; finite ``C``, explicit bias;
        ``sample_weight`` and ``class_weight``). ``"qp"``: cvxopt interior point, the reference
        solver and the only one for ``C=np.inf``, ``bias="implicit"`` and (SVR) the quadratic
        and Huber losses; the Gunn chapters use it.
    infeasible : {"raise", "ridge"}, default="raise"
        With ``C=np.inf`` on non-separable data (qp): raise, or solve the listings'
        squared-slack problem.
    kernel_params : dict, default=None
        Parameters of a catalogue kernel, e.g. ``{"sigma": 1.0}`` for ``kernel="erbf"``.
    multiclass : {"ovo", "ovr"}, default="ovo"
        More than two classes: LIBSVM's one-vs-one machines, or one machine per class against
        the rest (``dual_coef_`` of shape (n_classes, n_SV), ``intercept_`` (n_classes,)).
    tol : float, default=1e-3
        Stopping tolerance of the SMO solver (LIBSVM's eps; unused by ``"qp"``, which solves to
        1e-10).
    cache_size : float, default=200
        Kernel row cache of the SMO solver, in MB.
    shrinking : bool, default=True
        LIBSVM's shrinking heuristic (SMO).
    max_iter : int, default=-1
        SMO iteration cap per machine; -1 is LIBSVM's ``max(10^7, 100 n)``. Hitting it warns
        with ``ConvergenceWarning`` and keeps the current (feasible) solution; ``fit_status_=1``.
    warm_start : bool, default=False
        Refit from the previous solution when only ``C``, the kernel parameters or solver
        settings changed and the data are the same: ``alpha_new = alpha_old * C_new / C_old``
        (Nguyen's alpha seeding, eq. 4.15), and after a kernel change the previous support
        vectors as the initial working set (module docstring). Other changes start cold. SMO
        only.
    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    class_weight_ : ndarray of shape (n_classes,)
    support_ : ndarray of shape (n_SV,)
        Indices of the support vectors (SMO and multiclass: grouped by class, as scikit-learn;
        binary qp: increasing).
    support_vectors_ : ndarray of shape (n_SV, n_features)
        Empty for ``kernel="precomputed"``.
    n_support_ : ndarray of shape (n_classes,)
        Support vectors per class.
    dual_coef_ : ndarray of shape (n_classes - 1, n_SV)
        Binary: ``y_i alpha_i`` with ``y = +1`` for ``classes_[1]``; one-vs-one: LIBSVM's layout.
    intercept_ : ndarray of shape (n_classes * (n_classes - 1) / 2,)
    objective_ : float or ndarray
        Dual objective per machine.
    margin_, b_interval_ : float, tuple
        Binary ``solver="qp"`` only: ``2 / ||w||`` and the interval of optimal biases.
    coef_ : ndarray of shape (n_machines, n_features)
        Linear kernel only (read-only).
    n_iter_ : ndarray of shape (n_machines,) (int for binary qp)
    fit_status_ : int
        0 if every machine converged, 1 if one stopped at ``max_iter``.
    shape_fit_, bias_, n_features_in_

    See Also
    --------
    NuSVC : the same machines parametrised by the fraction ``nu`` of support vectors.
    sklearn.svm.SVC : LIBSVM in C; ``solver="smo"`` reproduces it iteration by iteration.
    SVR : Regression; chapter "Support vector classification" (Gunn's chapter 2) of the book
        derives the dual solved here.

    References
    ----------
    S. R. Gunn, "Support Vector Machines for Classification and Regression", Technical Report,
    University of Southampton, 1998. C.-C. Chang and C.-J. Lin, "LIBSVM: a library for support
    vector machines", ACM TIST 2(3), 2011.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVC
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0], [3.0, 1.0]])
    >>> y = np.array([0, 0, 1, 1])
    >>> clf = SVC(kernel="linear", C=100.0).fit(X, y)  # SMO, LIBSVM's algorithm
    >>> clf.predict([[0.5, 0.5], [2.5, 0.5]])
    array([0, 1])
    >>> hard = SVC(kernel="linear", C=np.inf, solver="qp").fit(X, y)  # the hard margin (cvxopt)
    >>> round(hard.margin_, 6)
    1.414214
    """

    _impl = "svc"

    def __init__(
        self,
        C=1.0,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        *,
        shrinking=True,
        tol=1e-3,
        cache_size=200,
        class_weight=None,
        max_iter=-1,
        decision_function_shape="ovr",
        break_ties=False,
        bias="explicit",
        solver=_DEFAULT_SOLVER,
        infeasible="raise",
        kernel_params=None,
        multiclass="ovo",
        warm_start=False,
    ):
        self.C = C
        self.kernel = kernel
        self.degree = degree
        self.gamma = gamma
        self.coef0 = coef0
        self.shrinking = shrinking
        self.tol = tol
        self.cache_size = cache_size
        self.class_weight = class_weight
        self.max_iter = max_iter
        self.decision_function_shape = decision_function_shape
        self.break_ties = break_ties
        self.bias = bias
        self.solver = solver
        self.infeasible = infeasible
        self.kernel_params = kernel_params
        self.multiclass = multiclass
        self.warm_start = warm_start


class NuSVC(_BaseSVC):
    """nu-support vector classifier (Schoelkopf et al. 2000) solved by SMO (LIBSVM's Solver_NU).

    ``nu`` in (0, 1] is an upper bound on the fraction of margin errors and a lower bound on the
    fraction of support vectors. There is no reference QP for the nu formulations in
    :mod:`svmbook.qp` (the nu-SVC is the mu-SVM of :class:`MuSVC` with ``mu = 2 / (nu n)``,
    whose oracle is :func:`svmbook.qp.mu_svm_dual`). Multiclass as :class:`SVC`.

    Parameters
    ----------
    nu : float, default=0.5
        In (0, 1]; an infeasible ``nu`` (``nu * (n_1 + n_2) / 2 > min(n_1, n_2)`` for a pair)
        raises ``ValueError``.
    kernel, degree, gamma, coef0, kernel_params
        As in :class:`SVC`.
    class_weight : dict or "balanced", default=None
        Accepted for scikit-learn compatibility and ignored, as in LIBSVM's nu-SVC.
    decision_function_shape, break_ties, multiclass
        As in :class:`SVC`.
    solver : {"smo", "wsk_fast", "sk", "wsk", "gilbert", "mdm", "tao"}, default="smo"
        ``"smo"``: LIBSVM's ``Solver_NU``, reproduced. The others solve the same problem as the
        mu-SVM with ``mu = 2 / (nu sum(w))`` by a nearest-point solver of
        :func:`svmbook.solvers.nearest_point.solve_nearest_point` (relative nearest-point stop
        at ``tol``), and report the model in LIBSVM's scale.
    tol : float, default=1e-3
        Stopping tolerance (LIBSVM's eps for ``"smo"``; the relative nearest-point gap else).
    cache_size : float, default=200
        Kernel row cache of the SMO solver, in MB.
    shrinking : bool, default=True
        LIBSVM's shrinking heuristic (SMO).
    max_iter : int, default=-1
        SMO iteration cap per machine; -1 is LIBSVM's ``max(10^7, 100 n)``. Hitting it warns
        with ``ConvergenceWarning`` and keeps the current (feasible) solution; ``fit_status_=1``.
    warm_start : bool, default=False
        Refit from the previous solution when only ``C``, the kernel parameters or solver
        settings changed and the data are the same: ``alpha_new = alpha_old * C_new / C_old``
        (Nguyen's alpha seeding, eq. 4.15), and after a kernel change the previous support
        vectors as the initial working set (module docstring). Other changes start cold. SMO
        only.
    Attributes
    ----------
    classes_, class_weight_, support_, support_vectors_, n_support_, dual_coef_, intercept_,
    n_iter_, fit_status_, objective_, coef_, shape_fit_, n_features_in_
        As in :class:`SVC` (``dual_coef_`` rescaled by ``1/r`` as LIBSVM).

    See Also
    --------
    SVC : the same machines parametrised by ``C``; ``NuSVC(nu)`` equals ``SVC(C=1/r)``.
    sklearn.svm.NuSVC : LIBSVM; reproduced iteration by iteration.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import NuSVC
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0], [3.0, 1.0]])
    >>> y = np.array([0, 0, 1, 1])
    >>> NuSVC(kernel="linear", nu=0.5).fit(X, y).predict([[0.5, 0.5], [2.5, 0.5]])
    array([0, 1])
    """

    _impl = "nu_svc"

    _parameter_constraints: dict = {
        **{k: v for k, v in _BaseSVC._parameter_constraints.items()
           if k not in ("C", "bias", "infeasible")},
        "nu": [Interval(Real, 0.0, 1.0, closed="right")],
        "solver": [StrOptions({"smo", *_MU_NP_SOLVERS})],
    }  # fmt: skip

    def __init__(
        self,
        nu=0.5,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        *,
        shrinking=True,
        tol=1e-3,
        cache_size=200,
        class_weight=None,
        max_iter=-1,
        decision_function_shape="ovr",
        break_ties=False,
        solver="smo",
        kernel_params=None,
        multiclass="ovo",
        warm_start=False,
    ):
        self.nu = nu
        self.kernel = kernel
        self.degree = degree
        self.gamma = gamma
        self.coef0 = coef0
        self.shrinking = shrinking
        self.tol = tol
        self.cache_size = cache_size
        self.class_weight = class_weight
        self.max_iter = max_iter
        self.decision_function_shape = decision_function_shape
        self.break_ties = break_ties
        self.solver = solver
        self.kernel_params = kernel_params
        self.multiclass = multiclass
        self.warm_start = warm_start

    def _check_solver_options(self, sample_weight):
        super()._check_solver_options(sample_weight)
        self._class_weight_ignored = self.class_weight is not None


class MuSVC(_BaseSVC):
    r"""mu-SVM (Goodrich 2012): the perpendicular bisector of the nearest points of the two
    (weighted) reduced convex hulls.

    The dual is Goodrich's (2.26)/(4.11): ``min 1/2 || sum_{pos} alpha_i phi(x_i) - sum_{neg}
    alpha_i phi(x_i) ||^2`` with ``sum_{pos} alpha_i = sum_{neg} alpha_i = 1`` and
    ``0 <= alpha_i <= s_i mu``: the nearest points of the reduced convex hulls RCH(X_pos, mu) and
    RCH(X_neg, mu), with per-point weights ``s_i`` (``sample_weight`` times ``class_weight``)
    giving weighted hulls. ``mu = 1`` is the hard margin (the convex hulls); each class needs
    ``mu * sum_{class} s_i >= 1`` (at equality its hull is its weighted centroid). The decision
    function is ``f(x) = sum_i alpha_i y_i K(x_i, x) - b`` with ``b`` the chosen threshold; the
    equivalent C-SVM has ``C = mu / rho`` in this scale (Goodrich's ``C = mu / (2 rho)`` with the
    primal's rho; :mod:`svmbook.convert`). Multiclass: one-vs-one or one-vs-rest as :class:`SVC`.

    Parameters
    ----------
    mu : float or "auto", default="auto"
        The reduction of the hulls, usually in (0, 1] (``1/mu`` is the least number of points
        a hull's vertex mixes; ``mu >= 1`` with unit weights is the hard margin). With weights
        the bounds are ``s_i mu``, so ``mu > 1`` is meaningful when weights are below 1.
        ``"auto"``: per machine Goodrich's ``1 / (0.9 kappa)`` (section 4.4.5, ``kappa`` the
        weight of the lighter class), the smallest hulls short of the centroids:
        always feasible, whereas a fixed mu must satisfy ``mu * kappa >= 1`` and, to give a
        classifier, be small enough that the two hulls do not intersect (``ValueError``
        otherwise).
    kernel, degree, gamma, coef0, kernel_params
        As in :class:`SVC`.
    solver : {"wsk_fast", "smo", "qp", "sk", "wsk", "gilbert", "mdm", "tao"}, default="wsk_fast"
        ``"qp"``: the cvxopt oracle :func:`svmbook.qp.mu_svm_dual`. ``"smo"``: the SMO core with
        LIBSVM's second-order working sets (:mod:`svmbook.solvers.smo`, nu formulation, ``alpha
        = mu a``). The others: the nearest-point solvers of Goodrich ch. 5
        (:func:`svmbook.solvers.nearest_point.solve_nearest_point`): Schlesinger-Kozinec,
        weighted S-K, Gilbert, MDM (equal to the thesis's SMO of section 5.3, which takes the
        maximal violating pair), Tao's S-K/MDM hybrid, and the efficient WSK of section 5.6.
    threshold : {"kkt", "geometric", "platt"}, default="kkt"
        The threshold ``b`` (Goodrich 4.3): KKT (4.8) (the midpoint of its interval when no
        free support vector pins it; the interval is ``b_interval_``), geometric (4.9) (halfway
        between the nearest points) or Platt's probabilistic one. Caps ``s_i mu >= 1`` are
        implied by the class sums and taken as non-binding, so at ``mu = 1``, where the primal
        is degenerate and :func:`svmbook.qp.mu_svm_dual` reports an interval, the KKT threshold
        is the hard margin's (chapter 10).
    stop : {"relative_np", "absolute_np", "relative_kkt", "absolute_kkt"}, default="relative_np"
        Stopping condition of the nearest-point solvers (Goodrich 5.2.4); ``"smo"`` stops on
        LIBSVM's KKT gap relative to the margin and ``"qp"`` solves to optimality.
    tol : float, default=1e-3
        Tolerance of the stopping condition (``"smo"``: LIBSVM's KKT gap below ``tol`` times
        the margin, a relative KKT condition).
    class_weight : dict or "balanced", default=None
        Class weights multiply the per-point weights ``s_i`` of the weighted hulls.
    cache_size : float, default=200
        Kernel row cache in MB.
    shrinking : bool, default=True
        LIBSVM's shrinking (``solver="smo"``).
    max_iter : int, default=-1
        Iteration cap per machine; -1 is the solver's default. Hitting it warns with
        ``ConvergenceWarning`` and keeps the current (feasible) solution; ``fit_status_=1``.
    history : bool, default=False
        Record the per-iteration history of the nearest-point solvers (``history_``).
    decision_function_shape, break_ties, multiclass
        As in :class:`SVC`.

    Attributes
    ----------
    classes_, support_, support_vectors_, n_support_, dual_coef_, intercept_, n_iter_,
    fit_status_, objective_, coef_, shape_fit_, n_features_in_
        As in :class:`SVC`; ``objective_`` is ``1/2 ||w||^2`` of the nearest-point problem.
    alpha_ : ndarray of shape (n_machines, n_samples)
        The nearest-point multipliers (class sums 1) of each binary machine over all samples
        (zero outside the machine's two classes).
    mu_ : ndarray of shape (n_machines,)
        The mu of each machine (``mu``, or its ``"auto"`` value).
    b_interval_ : ndarray of shape (n_machines, 2)
        The KKT-consistent thresholds of each machine.
    rho_ : ndarray of shape (n_machines,)
        The margin parameter rho of (4.8) (:func:`svmbook.thresholds.b_kkt`). When no free
        support vector pins it (e.g. a class at its centroid, ``mu = 1 / n_class``) it is the
        smallest KKT-consistent value.
    C_ : ndarray of shape (n_machines,)
        The equivalent C-SVM's C, ``mu / rho``. When rho is not pinned, every C in
        ``mu / rho_interval`` (:func:`svmbook.thresholds.b_kkt`) gives the same classifier, and
        ``C_`` is the largest of them.
    w_norm_ : ndarray of shape (n_machines,)
        Distance between the nearest points, ``||w||``.
    history_ : list of dict or None
        Per machine, the solver's history (``history=True``, nearest-point solvers).

    See Also
    --------
    svmbook.qp.mu_svm_dual : the reference QP.
    SVC : the same classifiers parametrised by ``C``.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import MuSVC
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [2.0, 0.0], [2.0, 1.0]])
    >>> y = np.array([0, 0, 1, 1])
    >>> clf = MuSVC(mu=1.0, kernel="linear", solver="qp").fit(X, y)
    >>> clf.predict([[0.4, 0.5], [1.6, 0.5]]), round(float(clf.w_norm_[0]), 6)
    (array([0, 1]), 2.0)
    """

    _impl = "mu_svc"

    _parameter_constraints: dict = {
        **{k: v for k, v in _BaseSVC._parameter_constraints.items()
           if k not in ("C", "bias", "infeasible", "warm_start")},
        "mu": [Interval(Real, 0.0, None, closed="neither"), StrOptions({"auto"})],
        "solver": [StrOptions({"qp", "smo", *_MU_NP_SOLVERS})],
        "threshold": [StrOptions({"kkt", "geometric", "platt"})],
        "stop": [StrOptions({"relative_np", "absolute_np", "relative_kkt", "absolute_kkt"})],
        "history": ["boolean"],
    }  # fmt: skip

    def __init__(
        self,
        mu="auto",
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        *,
        solver="wsk_fast",
        threshold="kkt",
        stop="relative_np",
        tol=1e-3,
        shrinking=True,
        cache_size=200,
        class_weight=None,
        max_iter=-1,
        history=False,
        decision_function_shape="ovr",
        break_ties=False,
        kernel_params=None,
        multiclass="ovo",
    ):
        self.mu = mu
        self.kernel = kernel
        self.degree = degree
        self.gamma = gamma
        self.coef0 = coef0
        self.solver = solver
        self.threshold = threshold
        self.stop = stop
        self.tol = tol
        self.shrinking = shrinking
        self.cache_size = cache_size
        self.class_weight = class_weight
        self.max_iter = max_iter
        self.history = history
        self.decision_function_shape = decision_function_shape
        self.break_ties = break_ties
        self.kernel_params = kernel_params
        self.multiclass = multiclass

    def _check_solver_options(self, sample_weight):
        self.bias_ = "explicit"  # the mu-SVM has its threshold; every solver takes weights

    def _set_machine_attributes(self, machines, samples):
        self.alpha_ = np.zeros((len(machines), self.shape_fit_[0]))
        for k, (m, idx) in enumerate(zip(machines, samples, strict=True)):
            self.alpha_[k, idx] = m.info["alpha"]
        self.mu_ = np.array([m.info["mu"] for m in machines])
        self.b_interval_ = np.array([m.info["b_interval"] for m in machines])
        self.rho_ = np.array([m.info["rho"] for m in machines])
        self.C_ = np.array([m.info["C"] for m in machines])
        self.w_norm_ = np.array([m.info["w_norm"] for m in machines])
        self.history_ = [m.info["history"] for m in machines] if self.history else None


class _BaseSVR(RegressorMixin, _BaseSVM):
    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None):
        """Fit on ``X`` (n_samples, n_features), or a Gram matrix with ``kernel="precomputed"``.

        ``sample_weight`` (solver="smo") multiplies ``C`` per sample.
        """
        X, y = validate_data(
            self, X, y, accept_sparse="csr", dtype=np.float64, order="C", y_numeric=True
        )
        if sample_weight is not None:
            sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64)
        if getattr(self, "loss", None) == "huber" and self.mu is None:
            raise ValueError("mu is required with loss='huber' (the Huber threshold, mu > 0)")
        self._resolve_kernel(X)
        self._check_square(X)
        self._check_solver_options(sample_weight)
        self._fit_single(X, y, sample_weight)
        return self

    def predict(self, X):
        """Regression function ``f(x)``, shape (n_samples,)."""
        K = self._kernel_vs_support(X)
        return K @ self.dual_coef_[0] + self.intercept_[0]


class SVR(_BaseSVR):
    """Support vector regression: reference QP with four losses (Gunn 1998, chapter 5) or SMO.

    ``f(x) = sum_i dual_coef_i K(x_i, x) + intercept_`` with ``dual_coef_ = beta = alpha - alpha*``,
    solved by :func:`svmbook.qp.svr_dual` (``solver="qp"``) or by the numba SMO core
    (``solver="smo"``: LIBSVM's ``solve_epsilon_svr``; epsilon-insensitive loss, finite C,
    explicit bias).

    Parameters
    ----------
    C : float, default=1.0
        Loss weight (> 0); ``np.inf`` is the hard tube ``|y - f| <= epsilon`` (qp only).
    kernel, degree, gamma, coef0, bias, solver, infeasible, kernel_params
        As in :class:`SVC`.
    epsilon : float, default=0.1
        Half-width of the insensitive tube; used by ``loss="epsilon_insensitive"`` only.
    loss : {"epsilon_insensitive", "laplace", "quadratic", "huber"}, default="epsilon_insensitive"
        ``"laplace"``: ``|y - f|`` (eq. 5.10-5.11). ``"quadratic"``: ``(y - f)^2``, i.e. kernel
        ridge regression with ``lambda = 1/(2C)`` and an unpenalised bias. ``"huber"``: eq.
        5.19-5.20, threshold ``mu``. Only ``"epsilon_insensitive"`` with ``solver="smo"``.
    mu : float, default=None
        Huber threshold (> 0); required with ``loss="huber"``, ignored otherwise.
    tol : float, default=1e-3
        Stopping tolerance of the SMO solver (LIBSVM's eps; unused by ``"qp"``, which solves to
        1e-10).
    cache_size : float, default=200
        Kernel row cache of the SMO solver, in MB.
    shrinking : bool, default=True
        LIBSVM's shrinking heuristic (SMO).
    max_iter : int, default=-1
        SMO iteration cap per machine; -1 is LIBSVM's ``max(10^7, 100 n)``. Hitting it warns
        with ``ConvergenceWarning`` and keeps the current (feasible) solution; ``fit_status_=1``.
    warm_start : bool, default=False
        Refit from the previous solution when only ``C``, the kernel parameters or solver
        settings changed and the data are the same: ``alpha_new = alpha_old * C_new / C_old``
        (Nguyen's alpha seeding, eq. 4.15), and after a kernel change the previous support
        vectors as the initial working set (module docstring). Other changes start cold. SMO
        only.
    Attributes
    ----------
    support_ : ndarray of shape (n_SV,)
    support_vectors_ : ndarray of shape (n_SV, n_features)
    dual_coef_ : ndarray of shape (1, n_SV)
        ``beta_i = alpha_i - alpha*_i``.
    intercept_ : ndarray of shape (1,)
    b_interval_ : tuple of float
        qp only.
    objective_ : float
    coef_ : ndarray of shape (1, n_features)
        Linear kernel only (read-only).
    n_iter_, fit_status_, bias_, shape_fit_, n_features_in_
        As in :class:`SVC` (``n_iter_`` an int).

    See Also
    --------
    NuSVR : the tube width chosen by the fraction ``nu`` of support vectors.
    sklearn.svm.SVR : LIBSVM; the epsilon-insensitive loss with ``bias="explicit"`` only.
    SVC : Classification; the book's chapter on support vector regression (Gunn's chapter 5)
        derives the four duals.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVR
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> y = np.array([0.0, 1.0, 2.0, 3.0])
    >>> reg = SVR(kernel="linear", C=10.0, epsilon=0.5).fit(X, y)
    >>> np.round(reg.predict([[1.5], [4.0]]), 6)  # the flattest line within 0.5 of every point
    array([1.5     , 3.166667])
    """

    _impl = "svr"

    _parameter_constraints: dict = {
        **_BaseSVM._parameter_constraints,
        "epsilon": [Interval(Real, 0.0, None, closed="left")],
        "loss": [StrOptions({"epsilon_insensitive", "laplace", "quadratic", "huber"})],
        "mu": [Interval(Real, 0.0, None, closed="neither"), None],
    }

    def __init__(
        self,
        C=1.0,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        epsilon=0.1,
        *,
        loss="epsilon_insensitive",
        mu=None,
        shrinking=True,
        tol=1e-3,
        cache_size=200,
        max_iter=-1,
        bias="explicit",
        solver=_DEFAULT_SOLVER,
        infeasible="raise",
        kernel_params=None,
        warm_start=False,
    ):
        self.C = C
        self.kernel = kernel
        self.degree = degree
        self.gamma = gamma
        self.coef0 = coef0
        self.epsilon = epsilon
        self.loss = loss
        self.mu = mu
        self.shrinking = shrinking
        self.tol = tol
        self.cache_size = cache_size
        self.max_iter = max_iter
        self.bias = bias
        self.solver = solver
        self.infeasible = infeasible
        self.kernel_params = kernel_params
        self.warm_start = warm_start


_SMO_ONLY = {
    k: v for k, v in _BaseSVM._parameter_constraints.items() if k not in ("bias", "infeasible")
}
_SMO_ONLY["solver"] = [StrOptions({"smo"})]
_SMO_ONLY["C"] = [Interval(Real, 0.0, None, closed="neither")]


class NuSVR(_BaseSVR):
    """nu-support vector regression (Schoelkopf et al. 2000) solved by SMO (LIBSVM's Solver_NU).

    ``nu`` in (0, 1] bounds the fraction of points outside the tube (above) and of support
    vectors (below); the tube half-width is learned (``epsilon_``). SMO only: :mod:`svmbook.qp`
    has no nu formulation.

    Parameters
    ----------
    nu : float, default=0.5
    C : float, default=1.0
        Finite, > 0.
    kernel, degree, gamma, coef0, kernel_params
        As in :class:`SVC`.
    solver : {"smo"}, default="smo"
    tol : float, default=1e-3
        Stopping tolerance of the SMO solver (LIBSVM's eps; unused by ``"qp"``, which solves to
        1e-10).
    cache_size : float, default=200
        Kernel row cache of the SMO solver, in MB.
    shrinking : bool, default=True
        LIBSVM's shrinking heuristic (SMO).
    max_iter : int, default=-1
        SMO iteration cap per machine; -1 is LIBSVM's ``max(10^7, 100 n)``. Hitting it warns
        with ``ConvergenceWarning`` and keeps the current (feasible) solution; ``fit_status_=1``.
    warm_start : bool, default=False
        Refit from the previous solution when only ``C``, the kernel parameters or solver
        settings changed and the data are the same: ``alpha_new = alpha_old * C_new / C_old``
        (Nguyen's alpha seeding, eq. 4.15), and after a kernel change the previous support
        vectors as the initial working set (module docstring). Other changes start cold. SMO
        only.
    Attributes
    ----------
    support_, support_vectors_, dual_coef_, intercept_, n_iter_, fit_status_, objective_, coef_,
    shape_fit_, n_features_in_
        As in :class:`SVR`.
    epsilon_ : float
        The fitted tube half-width ``-r``.

    See Also
    --------
    SVR : the tube width fixed by ``epsilon``.
    sklearn.svm.NuSVR : LIBSVM; reproduced iteration by iteration.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import NuSVR
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> y = np.array([0.0, 1.0, 2.0, 3.0])
    >>> reg = NuSVR(kernel="linear", C=10.0, nu=0.5).fit(X, y)
    >>> bool(abs(reg.predict([[1.5]])[0] - 1.5) < 0.5)
    True
    """

    _impl = "nu_svr"

    _parameter_constraints: dict = {
        **_SMO_ONLY,
        "nu": [Interval(Real, 0.0, 1.0, closed="right")],
    }

    def __init__(
        self,
        *,
        nu=0.5,
        C=1.0,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        shrinking=True,
        tol=1e-3,
        cache_size=200,
        max_iter=-1,
        solver="smo",
        kernel_params=None,
        warm_start=False,
    ):
        self.nu = nu
        self.C = C
        self.kernel = kernel
        self.degree = degree
        self.gamma = gamma
        self.coef0 = coef0
        self.shrinking = shrinking
        self.tol = tol
        self.cache_size = cache_size
        self.max_iter = max_iter
        self.solver = solver
        self.kernel_params = kernel_params
        self.warm_start = warm_start

    def _fit_single(self, X, y, sample_weight):
        m = super()._fit_single(X, y, sample_weight)
        self.epsilon_ = float(m.raw.extra["epsilon"])
        return m


class OneClassSVM(OutlierMixin, _BaseSVM):
    """One-class SVM (Schoelkopf et al. 2001) solved by SMO (LIBSVM's ``solve_one_class``).

    ``decision_function(x) = sum_i dual_coef_i K(x_i, x) - offset_``; ``predict`` is +1 (inlier)
    where it is > 0 and -1 elsewhere, as LIBSVM. ``nu`` in (0, 1] bounds the fraction of outliers
    (above) and of support vectors (below). SMO only (no reference QP for the nu formulations).

    Parameters
    ----------
    kernel, degree, gamma, coef0, kernel_params
        As in :class:`SVC`.
    nu : float, default=0.5
    solver : {"smo", "wsk_fast", "sk", "wsk", "gilbert", "mdm", "tao"}, default="smo"
        ``"smo"``: LIBSVM's one-class solver, reproduced. The others: the same problem as the
        minimum-norm point of the reduced hull with ``mu = 1 / (nu sum(w))`` (Goodrich 5.9,
        :func:`svmbook.solvers.nearest_point.solve_min_norm_point`, relative nearest-point stop
        at ``tol``), reported in LIBSVM's scale.
    tol : float, default=1e-3
        Stopping tolerance (LIBSVM's eps for ``"smo"``; the relative nearest-point gap else).
    cache_size : float, default=200
        Kernel row cache of the SMO solver, in MB.
    shrinking : bool, default=True
        LIBSVM's shrinking heuristic (SMO).
    max_iter : int, default=-1
        SMO iteration cap per machine; -1 is LIBSVM's ``max(10^7, 100 n)``. Hitting it warns
        with ``ConvergenceWarning`` and keeps the current (feasible) solution; ``fit_status_=1``.
    warm_start : bool, default=False
        Refit from the previous solution when only ``C``, the kernel parameters or solver
        settings changed and the data are the same: ``alpha_new = alpha_old * C_new / C_old``
        (Nguyen's alpha seeding, eq. 4.15), and after a kernel change the previous support
        vectors as the initial working set (module docstring). Other changes start cold. SMO
        only.
    Attributes
    ----------
    support_, support_vectors_, dual_coef_, intercept_, n_iter_, fit_status_, objective_, coef_,
    shape_fit_, n_features_in_
        As in :class:`SVR` (``dual_coef_ = alpha``, LIBSVM's unnormalised scaling).
    offset_ : float
        ``rho``: ``decision_function = score_samples - offset_``.

    See Also
    --------
    sklearn.svm.OneClassSVM : LIBSVM; reproduced iteration by iteration.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import OneClassSVM
    >>> X = np.array([[0.0], [0.1], [0.2], [0.3]])
    >>> OneClassSVM(gamma=1.0, nu=0.5).fit(X).predict([[0.15], [5.0]])
    array([ 1, -1])
    """

    _impl = "one_class"

    _parameter_constraints: dict = {
        **{k: v for k, v in _SMO_ONLY.items() if k != "C"},
        "nu": [Interval(Real, 0.0, 1.0, closed="right")],
        "solver": [StrOptions({"smo", *_MU_NP_SOLVERS})],
    }

    def __init__(
        self,
        *,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        tol=1e-3,
        nu=0.5,
        shrinking=True,
        cache_size=200,
        max_iter=-1,
        solver="smo",
        kernel_params=None,
        warm_start=False,
    ):
        self.kernel = kernel
        self.degree = degree
        self.gamma = gamma
        self.coef0 = coef0
        self.tol = tol
        self.nu = nu
        self.shrinking = shrinking
        self.cache_size = cache_size
        self.max_iter = max_iter
        self.solver = solver
        self.kernel_params = kernel_params
        self.warm_start = warm_start

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y=None, sample_weight=None):
        """Fit on ``X`` (n_samples, n_features), or a Gram matrix with ``kernel="precomputed"``;
        ``y`` is ignored."""
        X = validate_data(self, X, accept_sparse="csr", dtype=np.float64, order="C")
        if sample_weight is not None:
            sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64)
        self._resolve_kernel(X)
        self._check_square(X)
        self._check_solver_options(sample_weight)
        m = self._fit_single(X, None, sample_weight)
        self.offset_ = float(m.rho)
        return self

    def decision_function(self, X):
        """Signed distance to the boundary, shape (n_samples,): positive for inliers."""
        K = self._kernel_vs_support(X)
        return K @ self.dual_coef_[0] + self.intercept_[0]

    def score_samples(self, X):
        """Unshifted score ``sum_i dual_coef_i K(x_i, x)``."""
        return self.decision_function(X) + self.offset_

    def predict(self, X):
        """+1 for inliers (``decision_function > 0``), -1 for outliers."""
        return np.where(self.decision_function(X) > 0, 1, -1)
