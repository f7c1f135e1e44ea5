"""Decomposition with a working set of size q (Nguyen 2006, Table 2.1), the local QP solved by SMO.

Solves the same problem as the SMO core (:mod:`svmbook.solvers.smo`) without the nu variant::

    min_a  0.5 a' Q a + p' a   s.t.  y' a = y' alpha0,  0 <= a_i <= C_i,   Q_ij = y_i y_j K_ij,

``p = -1`` by default (the C-SVC dual; :func:`svmbook.svm.formulations.solve_c_svc_decomposition` is
its adapter). Table 2.1 of D. D. Nguyen's thesis ("Efficient algorithms for training and model
selection of SVMs", 2006, section 2.5)::

    1. Set all alpha_i to zero                          (or a feasible alpha0: seeding, (4.15))
    2. Select a working set B of size q                 (or the caller's working_set)
    3. Repeat
    4.   Solve the local optimisation on B              (the rest N fixed)
    5.   Update the working set B
    6. Until the global optimisation conditions are satisfied

Step 4 is the subproblem (4.9)-(4.14): with ``G = Q alpha + p`` the current gradient,
``min_{a_B} 0.5 a_B' Q_BB a_B + (p_B + Q_BN alpha_N)' a_B`` s.t.
``y_B' a_B = y_B' alpha_B`` (the equality target moves with the fixed part) and ``0 <= a_B <= C_B``;
its linear term is ``G_B - Q_BB alpha_B``. It is solved by the SMO core on the q x q sub-Gram
(``subsolver="smo"``, as LIBSVM, HeroSvm and SVMTorch do; the thesis's optimiser is Keerthi's
SMO) or by cvxopt (``subsolver="qp"``, the oracle). Afterwards ``G += Q[:, B] (a_B - alpha_B)``.

Step 5, the thesis's "replace vectors ... with other vectors in N that do not satisfy the KKT
conditions", is made precise by Joachims's steepest feasible direction (SVMlight, "Making
large-scale SVM learning practical", 1999, section 3): with ``v_i = -y_i G_i`` and LIBSVM's index
sets ``I_up = {alpha_i < C_i, y_i = +1} u {alpha_i > 0, y_i = -1}``, ``I_low`` the converse,
take alternately the largest ``v`` of ``I_up`` and the smallest of ``I_low`` until ``q`` indices
are chosen (q/2 from each side when both sides are large enough). q = 2 is the maximal violating
pair, i.e. SMO with Keerthi et al.'s WSS 1 (not LIBSVM's second-order WSS 2).

Step 6 (the thesis does not state the test): stop when LIBSVM's maximal KKT violation
``m(alpha) - M(alpha) = max_{I_up} v - min_{I_low} v`` is ``<= tol``.

Initial working set (thesis section 4.4.2): the model-selection chapter passes the support
vectors of previously trained machines; "if all SVs are selected in the first working set, the
main loop has to run just one time". A shorter ``working_set`` is completed by the selection rule;
``working_set="random"`` draws the thesis's baseline ("org.", after HeroSvm).

Precision: kernel values are rounded to float32 (LIBSVM's ``Qfloat``, as the SMO core stores
them), in the outer gradient as in the subproblem, so both see one and the same problem and a
subproblem solved to ``tol / 10`` always makes progress on the outer violation.

Kernel columns ``K[:, B]`` come from the LRU row cache of :mod:`svmbook.solvers.cache` (rows are
symmetric columns; the same float32 values as the SMO core's) whose size is counted in rows, as
the thesis's decomposition counts kernel evaluations.
"""

import time
import warnings
from dataclasses import dataclass, field

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state

from .._validation import check_indices
from .cache import get_rows, kernel_source, make_cache
from .smo import FREE, LOWER_BOUND, UPPER_BOUND, calculate_offset
from .smo import solve as smo_solve

__all__ = ["DecompositionResult", "decompose", "kkt_violation"]

SUBSOLVERS = ("smo", "qp")


@dataclass
class DecompositionResult:
    """What :func:`decompose` returns.

    Attributes
    ----------
    alpha : ndarray of shape (n,)
        The solution.
    G : ndarray of shape (n,)
        Gradient ``Q alpha + p`` at the solution (float32 kernel values, float64 sums).
    offset : float
        LIBSVM's rho, named apart from Goodrich's margin parameter: the decision function is
        ``sum_i y_i alpha_i K(x_i, x) - offset``.
    b : float
        ``-offset``.
    objective : float
        ``0.5 alpha' Q alpha + p' alpha``.
    violation : float
        Final maximal KKT violation ``m(alpha) - M(alpha)``.
    n_outer : int
        Subproblems solved (iterations of the loop 3-6 of Table 2.1). 0 when the start is
        already optimal.
    n_inner : int
        Two-variable updates of the SMO subsolver summed over subproblems (cvxopt iterations
        with ``subsolver="qp"``).
    status : int
        0 converged, 1 stopped at ``max_iter``, 2 stalled (a subproblem made no progress).
    history : list of tuple
        ``(objective, violation, working_set_size)`` before each outer iteration, and a last
        entry at the returned point.
    working_sets : list of ndarray
        The working set B of each outer iteration.
    n_kernel_evals : int
        Kernel entries computed (cache misses times n).
    time : float
        Wall-clock seconds.
    """

    alpha: np.ndarray
    G: np.ndarray
    offset: float
    b: float
    objective: float
    violation: float
    n_outer: int
    n_inner: int
    status: int
    history: list = field(default_factory=list)
    working_sets: list = field(default_factory=list)
    n_kernel_evals: int = 0
    time: float = 0.0

    @property
    def converged(self):
        """bool: Whether the decomposition met its stopping rule (``status == 0``)."""
        return self.status == 0


# --------------------------------------------------------------------------------------------
# kernel rows
# --------------------------------------------------------------------------------------------


class _Rows:
    """Kernel rows ``K[i, :]`` (float32 values, float64 storage) for the decomposition.

    From a Gram matrix the rows are slices of its float32 rounding. From a kernel they come
    from the kernel-row service of every numba solver (:func:`svmbook.solvers.cache.kernel_source`
    and its LRU cache of ``cache_rows`` rows), so they are the SMO core's values.
    """

    def __init__(self, K, X, kernel, cache_rows):
        if K is not None and kernel is None:
            K = np.asarray(K, dtype=np.float64)
            if K.ndim == 2 and not np.all(np.isfinite(K)):
                raise ValueError("K must be finite")
        self.source = kernel_source(K, X, kernel)
        self.n = self.source.n_points
        self.K = _f32(self.source.ksrc[2]) if kernel is None else None
        # a budget of exactly cache_rows rows of 4 n bytes (+1 byte against rounding down)
        budget = (4.0 * self.n * cache_rows + 1.0) / (1 << 20)
        self.cache = None if kernel is None else make_cache(self.n, budget)

    @property
    def n_kernel_evals(self):
        """Kernel entries computed so far (0 for a Gram matrix)."""
        return 0 if self.cache is None else int(self.cache[5][2])

    def get(self, idx):
        """Rows ``idx`` as an array of shape (len(idx), n)."""
        idx = np.asarray(idx, dtype=np.int64)
        if self.cache is None:
            return self.K[idx]
        out = np.empty((idx.shape[0], self.n))
        n_slots = self.cache[0].shape[0]
        for start in range(0, idx.shape[0], n_slots):  # get_rows takes at most n_slots rows
            chunk = idx[start : start + n_slots]
            slots = np.empty(chunk.shape[0], dtype=np.int64)
            get_rows(chunk, self.source.ksrc, self.cache, slots)
            out[start : start + chunk.shape[0]] = self.cache[0][slots]
        return out


def _f32(a):
    """Round to float32 (LIBSVM's Qfloat) and keep float64 storage."""
    return np.ascontiguousarray(np.asarray(a, dtype=np.float32), dtype=np.float64)


# --------------------------------------------------------------------------------------------
# KKT conditions and working-set selection
# --------------------------------------------------------------------------------------------


def _up_low(alpha, y, C):
    up = ((alpha < C) & (y > 0)) | ((alpha > 0) & (y < 0))
    low = ((alpha < C) & (y < 0)) | ((alpha > 0) & (y > 0))
    return up, low


def kkt_violation(alpha, G, y, C):
    """Return LIBSVM's maximal violation ``max_{I_up} -y_i G_i - min_{I_low} -y_j G_j``.

    Parameters
    ----------
    alpha : ndarray of shape (n,)
        A feasible point.
    G : ndarray of shape (n,)
        The gradient ``Q alpha + p`` there.
    y : ndarray of shape (n,)
        Signs in {-1, +1}.
    C : float or ndarray of shape (n,)
        Upper bounds.

    Returns
    -------
    float
        The violation, >= 0 and 0 at an optimum (also when one of the index sets is empty).

    Examples
    --------
    >>> kkt_violation(np.zeros(2), -np.ones(2), np.array([1.0, -1.0]), 1.0)
    2.0
    """
    C = np.broadcast_to(C, alpha.shape)
    up, low = _up_low(alpha, y, C)
    if not up.any() or not low.any():
        return 0.0
    v = -y * G
    return float(max(v[up].max() - v[low].min(), 0.0))


def select_working_set_q(alpha, G, y, C, q, keep=None):
    """Select q indices by Joachims's steepest feasible direction, alternately from both sides.

    ``keep`` (indices) enters first; the rest is filled alternately with the largest
    ``v = -y G`` of ``I_up`` and the smallest of ``I_low`` not yet chosen (stable order, so the
    selection is deterministic). Every index lies in ``I_up`` or ``I_low`` (``C_i > 0``), so any
    ``q <= n`` is reached.

    Parameters
    ----------
    alpha, G, y, C
        As in :func:`kkt_violation`.
    q : int
        The working-set size.
    keep : array-like of int, default=None
        Indices that enter first.

    Returns
    -------
    ndarray of int64
        The working set B.
    """
    up, low = _up_low(alpha, y, C)
    v = -y * G
    up_idx = np.flatnonzero(up)
    low_idx = np.flatnonzero(low)
    up_rank = up_idx[np.argsort(-v[up_idx], kind="stable")]
    low_rank = low_idx[np.argsort(v[low_idx], kind="stable")]
    chosen = np.zeros(alpha.shape[0], dtype=bool)
    B = []
    if keep is not None:
        for i in keep:
            chosen[i] = True
            B.append(int(i))
    iu = il = 0
    side = 0
    while len(B) < q:
        if side == 0:
            while iu < up_rank.shape[0] and chosen[up_rank[iu]]:
                iu += 1
            if iu < up_rank.shape[0]:
                chosen[up_rank[iu]] = True
                B.append(int(up_rank[iu]))
        else:
            while il < low_rank.shape[0] and chosen[low_rank[il]]:
                il += 1
            if il < low_rank.shape[0]:
                chosen[low_rank[il]] = True
                B.append(int(low_rank[il]))
        side ^= 1
        if iu >= up_rank.shape[0] and il >= low_rank.shape[0]:
            break
    return np.asarray(B, dtype=np.int64)


# --------------------------------------------------------------------------------------------
# the subproblem
# --------------------------------------------------------------------------------------------


def _solve_sub_smo(Q_BB, K_BB, lin, y_B, C_B, a_B, tol):
    res = smo_solve(lin, y_B, C_B, a_B, K=K_BB, tol=tol, shrinking=False, max_iter=-1, warn=False)
    return res.alpha, res.n_iter


def _solve_sub_qp(Q_BB, K_BB, lin, y_B, C_B, a_B, tol):
    from ..qp._cvx import solve_qp

    target = float(y_B @ a_B)
    x, _, _, n_iter = solve_qp(Q_BB, lin, lb=np.zeros_like(C_B), ub=C_B, A=y_B[None, :], b=target)
    # Interior-point answers sit strictly inside the box: put near-bound values on the bound
    # (else a zero alpha would count as free and as a KKT violator), then restore y'a on the
    # free variables.
    x = np.clip(x, 0.0, C_B)
    snap = 1e-8 * C_B
    x[x < snap] = 0.0
    x[x > C_B - snap] = C_B[x > C_B - snap]
    free = (x > 0) & (x < C_B)
    r = float(y_B @ x) - target
    if free.any() and r != 0.0:
        x[free] = np.clip(x[free] - y_B[free] * r / free.sum(), 0.0, C_B[free])
    return x, n_iter


_SUB = {"smo": _solve_sub_smo, "qp": _solve_sub_qp}


# --------------------------------------------------------------------------------------------
# driver
# --------------------------------------------------------------------------------------------


def decompose(
    K=None,
    y=None,
    C=1.0,
    *,
    X=None,
    kernel=None,
    p=None,
    q=10,
    working_set=None,
    alpha0=None,
    tol=1e-3,
    max_iter=None,
    subsolver="smo",
    cache_rows=None,
    random_state=None,
    warn=True,
):
    """Table 2.1 of Nguyen (2006): decomposition with working-set size q.

    Parameters
    ----------
    K : ndarray of shape (n, n), default=None
        Precomputed Gram matrix; or give ``X`` and ``kernel``.
    y : array-like of shape (n,)
        Signs in {-1, +1}.
    C : float or array-like of shape (n,), default=1.0
        Upper bounds ``C_i > 0`` (finite).
    X : ndarray of shape (n, n_features), default=None
    kernel : svmbook.kernels.Kernel, default=None
        Rows ``K[i, :]`` are computed on demand as ``kernel(X[rows], X)`` and cached.
    p : array-like of shape (n,), default=None
        Linear term; ``None`` is ``-1`` (C-SVC).
    q : int, default=10
        Working-set size: even, ``2 <= q <= n``. ``q = 2`` is SMO with the maximal violating pair.
    working_set : None, "random" or array-like of int, default=None
        The first working set. ``None``: the selection rule at ``alpha0``. ``"random"``: q
        indices drawn with ``random_state`` (the thesis's baseline). Indices (at most q, unique):
        used first and completed by the selection rule (Nguyen section 4.4.2 passes the support
        vectors of previously trained machines).
    alpha0 : array-like of shape (n,), default=None
        Feasible start ``0 <= alpha0 <= C`` (e.g. ``C2 / C1 * alpha`` of a machine trained with
        ``C1``, the alpha seeding (4.15)). It fixes the equality target ``y' alpha0``. Default 0.
    tol : float, default=1e-3
        Stop when the maximal KKT violation ``m(alpha) - M(alpha) <= tol``. Subproblems are
        solved to ``tol / 10``.
    max_iter : int, default=None
        Cap on outer iterations; ``None`` is ``max(10_000, 100 n / q)``. Hitting it warns with
        ``ConvergenceWarning`` and returns the current (feasible) alpha.
    subsolver : {"smo", "qp"}, default="smo"
        The local solver: the SMO core on the q x q sub-Gram, or cvxopt (oracle; slow).
    cache_rows : int, default=None
        Kernel rows kept in the LRU cache (kernel input only); ``None`` keeps ``max(2q, 1000)``.
    random_state : None, int or numpy.random.Generator
        Only for ``working_set="random"``.
    warn : bool, default=True
        Emit ``ConvergenceWarning`` on ``max_iter`` or a stall.

    Returns
    -------
    DecompositionResult
        The solution, its offset and the iteration history.

    Raises
    ------
    ValueError
        If a parameter is out of range (``q``, ``tol``, ``C``, ``max_iter``, ``cache_rows``),
        ``y``, ``p`` or ``alpha0`` do not fit the problem, ``alpha0`` is infeasible, or the
        working set is malformed.
    TypeError
        If ``q`` or the working-set indices are not integers.

    See Also
    --------
    svmbook.solvers.smo.solve : LIBSVM's SMO over all variables (second-order pairs, shrinking);
        faster unless the working-set size or the first working set is the subject.
    svmbook.svm.formulations.solve_c_svc_decomposition : The C-SVC adapter of this solver.
    """
    t0 = time.perf_counter()
    if subsolver not in SUBSOLVERS:
        raise ValueError(f"subsolver must be one of {SUBSOLVERS}, got {subsolver!r}")
    if isinstance(q, bool) or not isinstance(q, (int, np.integer)):
        raise TypeError(f"q must be an int, got {q!r}")
    q = int(q)
    if q < 2 or q % 2:
        raise ValueError(f"q must be an even integer >= 2, got {q}")
    if not (np.isscalar(tol) and tol > 0):
        raise ValueError(f"tol must be > 0, got {tol!r}")
    if cache_rows is not None and not cache_rows >= 1:
        raise ValueError(f"cache_rows must be >= 1, got {cache_rows!r}")
    rows = _Rows(K, X, kernel, max(2 * q, 1000) if cache_rows is None else cache_rows)
    n = rows.n
    if q > n:
        raise ValueError(f"q must be <= n = {n}, got {q}")
    if y is None:
        raise ValueError("y is required")
    y = np.asarray(y, dtype=np.float64).ravel()
    if y.shape[0] != n or not np.all(np.abs(y) == 1):
        raise ValueError(f"y must hold {n} entries in {{-1, +1}}")
    C = np.broadcast_to(np.asarray(C, dtype=np.float64), (n,)).copy()
    if not np.all(np.isfinite(C)) or not np.all(C > 0):
        raise ValueError(f"C must be finite and > 0, got min {C.min()!r} max {C.max()!r}")
    p = -np.ones(n) if p is None else np.asarray(p, dtype=np.float64).ravel().copy()
    if p.shape[0] != n or not np.all(np.isfinite(p)):
        raise ValueError(f"p must hold {n} finite values")
    if alpha0 is None:
        alpha = np.zeros(n)
    else:
        alpha = np.array(alpha0, dtype=np.float64).ravel()
        if alpha.shape[0] != n:
            raise ValueError(f"alpha0 must have length {n}, got {alpha.shape[0]}")
        bad = np.flatnonzero(~(np.isfinite(alpha) & (alpha >= 0) & (alpha <= C)))
        if bad.size:
            k = bad[0]
            raise ValueError(
                f"alpha0 is infeasible: 0 <= alpha0 <= C fails at {bad.size} entries "
                f"(first index {k}: {alpha[k]!r} not in [0, {C[k]!r}])"
            )
    if max_iter is None:
        max_iter = max(10_000, 100 * n // q)
    if isinstance(max_iter, bool) or not isinstance(max_iter, (int, np.integer)) or max_iter < 0:
        raise ValueError(f"max_iter must be an int >= 0 or None, got {max_iter!r}")
    first = None
    if isinstance(working_set, str):
        if working_set != "random":
            raise ValueError(f"working_set must be None, 'random' or indices, got {working_set!r}")
        rng = (
            check_random_state(random_state)
            if not isinstance(random_state, np.random.Generator)
            else random_state
        )
        first = np.sort(rng.choice(n, size=q, replace=False)).astype(np.int64)
    elif working_set is not None:
        first = check_indices("working_set", working_set, n)
        if first.size > q:
            raise ValueError(
                f"working_set has {first.size} indices but q={q}; give at most q (the thesis keeps "
                "the previous support vectors in a FIFO queue of size q) or raise q"
            )
    solve_sub = _SUB[subsolver]
    sub_tol = 0.1 * float(tol)

    # G = Q alpha0 + p: O(n #SV) kernel evaluations, counted in the timing as in the thesis
    G = p.copy()
    sv = np.flatnonzero(alpha > 0)
    for s in range(0, sv.size, 256):
        blk = sv[s : s + 256]
        G += (rows.get(blk) * (y[blk] * alpha[blk])[:, None]).sum(axis=0) * y

    history, working_sets = [], []
    n_outer = n_inner = 0
    status = 0
    while True:
        objective = 0.5 * float(alpha @ (G + p))
        violation = kkt_violation(alpha, G, y, C)
        if violation <= tol:
            break
        if n_outer >= max_iter:
            status = 1
            break
        if n_outer == 0 and first is not None:
            B = first if first.size == q else select_working_set_q(alpha, G, y, C, q, first)
        else:
            B = select_working_set_q(alpha, G, y, C, q)
        history.append((objective, violation, int(B.size)))
        working_sets.append(B)
        K_B = rows.get(B)  # rows = columns (symmetric)
        K_BB = np.ascontiguousarray(K_B[:, B])
        y_B = y[B]
        Q_BB = K_BB * y_B[:, None] * y_B[None, :]
        a_B = alpha[B].copy()
        lin = G[B] - Q_BB @ a_B
        a_new, k = solve_sub(Q_BB, K_BB, lin, y_B, C[B], a_B, sub_tol)
        n_inner += int(k)
        n_outer += 1
        delta = a_new - a_B
        changed = delta != 0
        if not changed.any():
            if n_outer > 1 or first is None:
                status = 2
                break
            continue  # the caller's first set held no violating pair: select by the rule
        alpha[B] = a_new
        # G += Q[:, B] delta
        G += y * (K_B[changed].T @ (y_B[changed] * delta[changed]))
    history.append((objective, violation, 0))

    status_arr = np.where(alpha >= C, UPPER_BOUND, np.where(alpha <= 0, LOWER_BOUND, FREE))
    st = (
        y,
        np.arange(n, dtype=np.int64),
        np.ones(n),
        p,
        alpha,
        C,
        G,
        np.zeros(n),
        status_arr.astype(np.int8),
        np.arange(n, dtype=np.int64),
    )
    offset = float(calculate_offset(st, n))
    if warn and status == 1:
        warnings.warn(
            f"decomposition stopped at max_iter={max_iter} outer iterations with KKT violation "
            f"{violation:.3g} > tol={tol}; the returned alpha is feasible but not optimal. "
            "Increase max_iter or tol.",
            ConvergenceWarning,
            stacklevel=2,
        )
    elif warn and status == 2:
        warnings.warn(
            f"decomposition stalled after {n_outer} outer iterations with KKT violation "
            f"{violation:.3g} > tol={tol} (the subproblem made no progress; subsolver="
            f"{subsolver!r}). Increase tol.",
            ConvergenceWarning,
            stacklevel=2,
        )
    return DecompositionResult(
        alpha=alpha,
        G=G,
        offset=offset,
        b=-offset,
        objective=objective,
        violation=violation,
        n_outer=n_outer,
        n_inner=n_inner,
        status=status,
        history=history,
        working_sets=working_sets,
        n_kernel_evals=rows.n_kernel_evals,
        time=time.perf_counter() - t0,
    )
