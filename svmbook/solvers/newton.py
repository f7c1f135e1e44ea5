r"""Newton-Armijo for the smooth SVMs: SSVM, RSVM and epsilon-SSVR on one design matrix.

Every smooth problem of the RSVM review (Yeh et al.) is one problem in the unified matrix form:
a design ``E = [K 1]`` of ``n`` rows and the variable ``v = (w, b)`` of length ``q + 1``, where

* ``K = A`` (the data) is the linear SSVM (7) (``w`` the normal, ``q = d``);
* ``K = K(X, X)`` is the nonlinear SSVM (8) on the full kernel (``w = u``, ``q = n``);
* ``K = K(X, X̃)``, the ``n x m`` reduced kernel, is the RSVM (12) with its loss over all ``n``
  points (docs/errata.md#yeh-rsvm-eq-12; ``w = ũ``, ``q = m``);
* the same three designs with the regression loss are the epsilon-SSVR (22), (23) and its
  reduced form.

The objective is ``Phi(v) = 1/2 v'v + C sum_i l(f_i)`` with the decision values ``f = K w + b``
and the point loss

* classification: ``l(f) = 1/2 p(1 - y f, beta)^2``;
* regression: ``l(f) = 1/2 [p(f - y - eps, beta)^2 + p(y - f - eps, beta)^2]`` (21),

so ``Phi`` is the review's objective ``1/2 (||w||^2 + b^2) + C/2 sum ...`` exactly. Its
gradient and Hessian (the review gives neither; they are checked by finite differences in the
tests) are

.. math::

    \nabla\Phi = v + C E^\top l'(f), \qquad
    \nabla^2\Phi = I + C E^\top \operatorname{diag}(l''(f))\, E,

with, for classification and ``r = 1 - y f``, ``l' = -y p(r) sigma(beta r)`` and
``l'' = sigma(beta r)^2 + beta p(r) sigma(beta r) (1 - sigma(beta r))`` (for regression the sum
of the two one-sided terms). The Hessian is at least the identity, so the Newton direction
always exists and the minimiser is unique.

Newton-Armijo (Lee and Mangasarian, 2001; the review names it without its steps): solve
``H d = -g`` by Cholesky, take the largest ``lambda`` in ``1, 1/2, 1/4, ...`` with
``Phi(v) - Phi(v + lambda d) >= -delta lambda g'd`` (``delta = armijo``), and stop when
``||g|| <= tol max(1, ||g^0||)`` (relative to the first gradient, whose norm grows with ``C n``).
Near the optimum the Armijo test compares objective values closer than their rounding: when the
predicted decrease ``-g'd`` is below that resolution (64 ulps of ``Phi``), the iterate is the
optimum to working precision and the iteration stops there (``status`` 0, said in ``message``)
instead of taking steps that only rounding noise accepts. That resolution holds for any ``n``
because the loss sums are compensated (Neumaier's summation): a plain running sum of a million
terms is off by about ``sqrt(n)`` ulps of the total, enough to fail the Armijo test near the
optimum (measured: 1,000,000 points, ``C = 10``, a line search failure at a predicted decrease
of 7.6e-8, where the plain sums of the objective and the trial differed by more than that).

The smoothing parameter ``beta``
    ``p(x, beta)`` exceeds ``x_+`` by at most ``log(2) / beta``, so the SSVM tends to the
    squared-hinge SVM (4)/(5) as ``beta -> inf`` (:mod:`svmbook.qp.smooth` is that limit's
    oracle). ``beta = np.inf`` is the limit itself, solved with the generalised Hessian
    ``l'' = (r > 0)`` (the plus function is not twice differentiable at 0): what the authors'
    toolbox does. Quadratic convergence holds for finite ``beta`` only; its region shrinks as
    ``beta`` grows, because ``l''`` changes over a width ``1 / beta`` around the margin.

Scale: ``K`` is read in blocks of ``chunk_size`` rows (an ndarray or a ``numpy.memmap``: the
data may live on disk), and only ``E' diag(h) E`` of size ``(q + 1)^2`` is formed, accumulated
block by block by a BLAS ``S'S`` product of ``S = sqrt(h) K_block``; the per-point loops (losses,
derivatives, the Armijo trials along ``f + lambda K d``) are numba. Rows whose contribution is
at most ``C h_i (max_j ||K_j||^2 + 1) <= 1e-20`` are skipped: together they change the Hessian
(which is at least ``I``) by less than ``n 1e-20``, below rounding. They are the points well
beyond the margin (``beta r_i`` below about -46); at ``beta = inf`` every point with
``r_i <= 0``, so the Hessian then costs ``O(n_violators q^2)`` only. Memory besides ``K``:
``chunk_size (q + 1)`` floats for a block and ``(q + 1)^2`` for the Hessian. Every sum of a
Newton step (the loss, ``E' l'(f)``, ``E' diag(h) E``, and the loss at each Armijo trial
``f + lambda E d``) is a sum over row blocks, so a distributed solver can form the same step
from per-shard partial sums (added in a fixed order, the result is reproducible).
"""

from __future__ import annotations

import math
import time
import warnings
from dataclasses import dataclass

import numpy as np
from numba import njit
from scipy.linalg import cho_factor, cho_solve
from sklearn.exceptions import ConvergenceWarning

from .._blas import blas_limit, threads_for
from .._validation import (
    check_int,
    check_interval,
    check_labels_pm1,
    check_option,
    check_points,
    check_positive,
    check_targets,
)

__all__ = [
    "BlockedDesign",
    "NewtonResult",
    "SmoothProblem",
    "accumulate_hessian",
    "default_chunk_size",
    "finish_hessian",
    "newton_armijo",
    "newton_armijo_sums",
    "smooth_problem",
]

#: Rows whose Hessian contribution ``C h_i (||K_i||^2 + 1)`` is at most this are skipped.
SKIP_BELOW = 1e-20

#: Relative size of a predicted decrease ``-g'd`` below which the objective cannot resolve it.
_RESOLUTION = 64.0 * np.finfo(np.float64).eps

#: Halvings of the Armijo step before the line search gives up (``lambda >= 2^-60``).
MAX_HALVINGS = 60

_PROBLEMS = ("classification", "regression")


# --------------------------------------------------------------------------------------------
# Per-point loops (numba)
# --------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True, inline="always")
def _plus_terms(x, beta):
    """``(p, p', l'')`` at ``x``: the smooth plus, its slope, and ``p'^2 + p p''``."""
    if math.isinf(beta):
        if x > 0.0:
            return x, 1.0, 1.0
        return 0.0, 0.0, 0.0
    # e = exp(-beta |x|) <= 1: no overflow on either side (the logaddexp form split at 0)
    e = math.exp(-beta * abs(x))
    p = max(x, 0.0) + math.log1p(e) / beta
    if x >= 0.0:
        s = 1.0 / (1.0 + e)
        one_minus = e / (1.0 + e)
    else:
        s = e / (1.0 + e)
        one_minus = 1.0 / (1.0 + e)
    return p, s, s * s + beta * p * s * one_minus


@njit(cache=True, nogil=True, inline="always")
def _add(total, carry, x):
    """Neumaier's compensated sum: add ``x`` to ``total + carry``; return both parts."""
    t = total + x
    if abs(total) >= abs(x):
        carry += (total - t) + x
    else:
        carry += (x - t) + total
    return t, carry


@njit(cache=True, nogil=True)
def _point_terms(f, y, beta, epsilon, regression, g, h):
    """Fill ``g = l'(f)`` and ``h = l''(f)`` and return ``sum_i l(f_i)`` (compensated)."""
    total, carry = 0.0, 0.0
    for i in range(f.shape[0]):
        if regression:
            p1, s1, h1 = _plus_terms(f[i] - y[i] - epsilon, beta)
            p2, s2, h2 = _plus_terms(y[i] - f[i] - epsilon, beta)
            total, carry = _add(total, carry, 0.5 * (p1 * p1 + p2 * p2))
            g[i] = p1 * s1 - p2 * s2
            h[i] = h1 + h2
        else:
            p, s, hh = _plus_terms(1.0 - y[i] * f[i], beta)
            total, carry = _add(total, carry, 0.5 * p * p)
            g[i] = -y[i] * p * s
            h[i] = hh
    return total + carry


@njit(cache=True, nogil=True)
def _loss_along(f, fd, lam, y, beta, epsilon, regression):
    """Return ``sum_i l(f_i + lam fd_i)``: the loss at an Armijo trial, without allocating."""
    total, carry = 0.0, 0.0
    for i in range(f.shape[0]):
        fi = f[i] + lam * fd[i]
        if regression:
            p1 = _plus_terms(fi - y[i] - epsilon, beta)[0]
            p2 = _plus_terms(y[i] - fi - epsilon, beta)[0]
            total, carry = _add(total, carry, 0.5 * (p1 * p1 + p2 * p2))
        else:
            p = _plus_terms(1.0 - y[i] * fi, beta)[0]
            total, carry = _add(total, carry, 0.5 * p * p)
    return total + carry


# --------------------------------------------------------------------------------------------
# Blocked linear algebra (BLAS)
# --------------------------------------------------------------------------------------------


def default_chunk_size(n_columns):
    """Return the rows per block so that a block of ``K`` holds about 2^20 floats (8 MB).

    Parameters
    ----------
    n_columns : int
        The columns of ``K`` (``q``).

    Returns
    -------
    int
        ``max(256, 2^20 // n_columns)``.
    """
    return max(256, (1 << 20) // max(int(n_columns), 1))


def _blocks(n, chunk_size):
    for start in range(0, n, chunk_size):
        yield start, min(start + chunk_size, n)


def _block(K, start, stop):
    return np.ascontiguousarray(K[start:stop], dtype=np.float64)


def _decision(K, w, b, chunk_size):
    """Return ``f = K w + b`` block by block."""
    f = np.empty(K.shape[0])
    with blas_limit(threads_for(min(chunk_size, K.shape[0]), 1, K.shape[1])):
        for start, stop in _blocks(K.shape[0], chunk_size):
            f[start:stop] = _block(K, start, stop) @ w
    f += b
    return f


def _transpose_times(K, g, chunk_size):
    """Return ``K' g`` block by block."""
    out = np.zeros(K.shape[1])
    with blas_limit(threads_for(min(chunk_size, K.shape[0]), 1, K.shape[1])):
        for start, stop in _blocks(K.shape[0], chunk_size):
            out += _block(K, start, stop).T @ g[start:stop]
    return out


def _max_row_sq_norm(K, chunk_size):
    out = 0.0
    for start, stop in _blocks(K.shape[0], chunk_size):
        Kb = _block(K, start, stop)
        if Kb.size:
            out = max(out, float(np.einsum("ij,ij->i", Kb, Kb).max()))
    return out


def accumulate_hessian(H, K_block, h, keep):
    """Add one row block's ``E_b' diag(h) E_b`` (upper part) to ``H``, over the kept rows.

    The block contributes ``S'S`` with ``S = sqrt(h) K_block`` (numpy calls BLAS ``syrk`` for a
    product with its own transpose) to ``H[:q, :q]``, ``K_block' h`` to the bias column
    ``H[:q, q]`` and ``sum h`` to ``H[q, q]``; the bias row, ``C`` and the identity are added
    once for all blocks by :func:`finish_hessian`. The per-block step of the in-memory and the
    distributed solvers alike.

    Parameters
    ----------
    H : ndarray of shape (q + 1, q + 1)
        The running sum, updated in place.
    K_block : ndarray or numpy.memmap of shape (n_b, q)
        The block's rows of ``K``.
    h : ndarray of shape (n_b,)
        ``l''(f)`` on the block.
    keep : ndarray of bool of shape (n_b,)
        The rows that count (the others are below rounding, see the module docstring).

    Returns
    -------
    ndarray of shape (q + 1, q + 1)
        ``H``.
    """
    q = H.shape[0] - 1
    rows = np.flatnonzero(keep)
    if rows.size == 0:
        return H
    if rows.size == K_block.shape[0]:  # every row counts: no gathering copy
        hb, Kb = h, np.ascontiguousarray(K_block, dtype=np.float64)
    else:
        hb, Kb = h[rows], np.ascontiguousarray(K_block[rows], dtype=np.float64)
    S = Kb * np.sqrt(hb)[:, None]
    H[:q, :q] += S.T @ S
    H[:q, q] += Kb.T @ hb
    H[q, q] += hb.sum()
    return H


def finish_hessian(H, C):
    """Turn the summed blocks of :func:`accumulate_hessian` into ``I + C E' diag(h) E``.

    Parameters
    ----------
    H : ndarray of shape (q + 1, q + 1)
        The sum over the row blocks, changed in place.
    C : float
        The loss weight.

    Returns
    -------
    ndarray of shape (q + 1, q + 1)
        The Hessian (``H`` itself).
    """
    q = H.shape[0] - 1
    H[q, :q] = H[:q, q]
    H *= C
    H[np.diag_indices(q + 1)] += 1.0
    return H


def _hessian(K, h, C, keep, chunk_size):
    """Return ``I + C E' diag(h) E`` for ``E = [K 1]``, over the rows where ``keep`` holds.

    The BLAS threads follow the project's rule on each product's shape (:mod:`svmbook._blas`):
    one thread for a block of the default size (measured on the 2-core machine with other work
    running, 200,000 x 200: 0.76 s with one thread against 8.5-11.8 s with two).
    """
    q = K.shape[1]
    H = np.zeros((q + 1, q + 1))
    with blas_limit(threads_for(min(chunk_size, K.shape[0]), q, q)):
        for start, stop in _blocks(K.shape[0], chunk_size):
            accumulate_hessian(H, K[start:stop], h[start:stop], keep[start:stop])
    return finish_hessian(H, C)


# --------------------------------------------------------------------------------------------
# The problem
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SmoothProblem:
    """One smooth SVM problem: the loss, ``C``, ``beta`` and ``epsilon``.

    Build it with :func:`smooth_problem`, which validates.

    Attributes
    ----------
    kind : {"classification", "regression"}
        The point loss (see the module docstring).
    C : float
        The loss weight, ``> 0``.
    beta : float
        The smoothing parameter, ``> 0``, or ``np.inf`` for the plus function itself.
    epsilon : float
        The tube's half width (regression; 0 for classification).
    """

    kind: str
    C: float
    beta: float
    epsilon: float

    @property
    def regression(self):
        """True for the epsilon-SSVR loss."""
        return self.kind == "regression"

    def terms(self, f, y):
        """Return the loss sum and the per-point derivatives at the decision values ``f``.

        Parameters
        ----------
        f : ndarray of shape (n,)
            Decision values ``K w + b``.
        y : ndarray of shape (n,)
            Labels in {-1, +1} or regression targets.

        Returns
        -------
        loss : float
            ``sum_i l(f_i)``.
        g, h : ndarray of shape (n,)
            ``l'(f)`` and ``l''(f)``.
        """
        f = np.ascontiguousarray(f, dtype=np.float64)
        y = np.ascontiguousarray(y, dtype=np.float64)
        g = np.empty_like(f)
        h = np.empty_like(f)
        loss = _point_terms(f, y, self.beta, self.epsilon, self.regression, g, h)
        return loss, g, h

    def trial_losses(self, f, fd, y, steps):
        """Return ``sum_i l(f_i + lambda fd_i)`` at each Armijo trial step ``lambda``.

        Parameters
        ----------
        f : ndarray of shape (n,)
            Decision values at the iterate.
        fd : ndarray of shape (n,)
            The direction's decision values ``K d_w + d_b``.
        y : ndarray of shape (n,)
            Labels or targets.
        steps : sequence of float
            The trial steps.

        Returns
        -------
        ndarray of shape (len(steps),)
            The loss sums (no array of length ``n`` is allocated).
        """
        f = np.ascontiguousarray(f, dtype=np.float64)
        fd = np.ascontiguousarray(fd, dtype=np.float64)
        y = np.ascontiguousarray(y, dtype=np.float64)
        return np.array(
            [
                _loss_along(f, fd, float(lam), y, self.beta, self.epsilon, self.regression)
                for lam in steps
            ]  # fmt: skip
        )

    def objective(self, K, y, v, chunk_size=None):
        """Return ``Phi(v) = 1/2 v'v + C sum_i l(f_i)``.

        Parameters
        ----------
        K : ndarray of shape (n, q)
            The design without its column of ones.
        y : ndarray of shape (n,)
            Labels or targets.
        v : ndarray of shape (q + 1,)
            ``(w, b)``.
        chunk_size : int, default=None
            Rows per block (None: :func:`default_chunk_size`).

        Returns
        -------
        float
            The objective.
        """
        K, y, v, chunk_size = _checked(K, y, v, chunk_size)
        f = _decision(K, v[:-1], v[-1], chunk_size)
        return 0.5 * float(v @ v) + self.C * self.terms(f, y)[0]

    def gradient(self, K, y, v, chunk_size=None):
        """Return ``grad Phi(v) = v + C E' l'(f)``.

        Parameters
        ----------
        K, y, v, chunk_size
            As in :meth:`objective`.

        Returns
        -------
        ndarray of shape (q + 1,)
            The gradient.
        """
        K, y, v, chunk_size = _checked(K, y, v, chunk_size)
        g = self.terms(_decision(K, v[:-1], v[-1], chunk_size), y)[1]
        return v + self.C * np.append(_transpose_times(K, g, chunk_size), g.sum())

    def hessian(self, K, y, v, chunk_size=None):
        """Return ``hess Phi(v) = I + C E' diag(l''(f)) E`` (the generalised one at ``beta=inf``).

        Parameters
        ----------
        K, y, v, chunk_size
            As in :meth:`objective`.

        Returns
        -------
        ndarray of shape (q + 1, q + 1)
            The Hessian (no row skipped).
        """
        K, y, v, chunk_size = _checked(K, y, v, chunk_size)
        h = self.terms(_decision(K, v[:-1], v[-1], chunk_size), y)[2]
        return _hessian(K, h, self.C, np.ones(K.shape[0], dtype=bool), chunk_size)


def smooth_problem(kind="classification", *, C=1.0, beta=10.0, epsilon=0.0):
    """Return a validated :class:`SmoothProblem`.

    Parameters
    ----------
    kind : {"classification", "regression"}, default="classification"
        SSVM/RSVM (squared smooth hinge) or epsilon-SSVR (squared smooth epsilon-insensitive).
    C : float, default=1.0
        The loss weight, ``> 0`` and finite.
    beta : float, default=10.0
        The smoothing parameter ``> 0``; ``np.inf`` is the plus function (the squared-hinge
        limit, solved with the generalised Hessian).
    epsilon : float, default=0.0
        The tube's half width, ``>= 0`` (regression only; must be 0 for classification).

    Returns
    -------
    SmoothProblem
        The problem.

    Raises
    ------
    ValueError
        If a parameter is out of range, or ``epsilon`` is given for classification.
    """
    kind = check_option("kind", kind, _PROBLEMS)
    C = check_positive("C", C)
    beta = check_positive("beta", beta, allow_inf=True)
    epsilon = check_positive("epsilon", epsilon, allow_zero=True)
    if kind == "classification" and epsilon != 0.0:
        raise ValueError(f"epsilon is the regression tube; it must be 0 for classification, got "
                         f"{epsilon:g}")  # fmt: skip
    return SmoothProblem(kind, C, beta, epsilon)


def _checked(K, y, v, chunk_size):
    """Validate ``(K, y, v, chunk_size)`` and return them ready for the core."""
    if not isinstance(K, np.memmap):
        K = check_points("K", K)
    elif K.ndim != 2:
        raise ValueError(f"K must be a 2-D array (n, q), got shape {K.shape}")
    y = check_targets("y", y)
    if y.shape[0] != K.shape[0]:
        raise ValueError(f"y has {y.shape[0]} entries but K has {K.shape[0]} rows")
    if v is not None:
        v = np.asarray(v, dtype=np.float64)
        if v.shape != (K.shape[1] + 1,) or not np.all(np.isfinite(v)):
            raise ValueError(
                f"v must be a finite vector (w, b) of length {K.shape[1] + 1}, got shape {v.shape}"
            )
    if chunk_size is None:
        chunk_size = default_chunk_size(K.shape[1])
    chunk_size = check_int("chunk_size", chunk_size, 1)
    return K, y, v, chunk_size


# --------------------------------------------------------------------------------------------
# Newton-Armijo
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewtonResult:
    """The answer of :func:`newton_armijo` and its iterates' record.

    Attributes
    ----------
    coef : ndarray of shape (q,)
        ``w`` (linear SSVM), ``u`` (full kernel) or ``ũ`` (reduced kernel).
    intercept : float
        ``b``; the decision function is ``K(x) coef + intercept``.
    objective : float
        ``Phi`` at the answer.
    objectives : ndarray of shape (n_iter + 1,)
        ``Phi`` at every iterate, the start included (non-increasing: Armijo).
    grad_norms : ndarray of shape (n_iter + 1,)
        ``||grad Phi||`` at every iterate.
    step_lengths : ndarray of shape (n_iter,)
        The Armijo step ``lambda`` of each Newton step.
    n_iter : int
        Newton steps taken.
    status : int
        0 when the stopping rule held (or the objective reached its rounding), 1 when
        ``max_iter`` was hit or the line search failed (a ``ConvergenceWarning`` says which).
    message : str
        Why the iteration stopped.
    time : float
        Seconds spent.
    """

    coef: np.ndarray
    intercept: float
    objective: float
    objectives: np.ndarray
    grad_norms: np.ndarray
    step_lengths: np.ndarray
    n_iter: int
    status: int
    message: str
    time: float


def newton_armijo(
    K,
    y,
    problem,
    *,
    tol=1e-8,
    max_iter=100,
    armijo=1e-4,
    v0=None,
    chunk_size=None,
    callback=None,
):
    """Minimise a smooth SVM objective on the design ``E = [K 1]`` by Newton-Armijo.

    Parameters
    ----------
    K : ndarray or numpy.memmap of shape (n, q)
        The design without its column of ones: the data (linear SSVM), the full kernel matrix
        (SSVM, SSVR) or the reduced kernel ``K(X, X̃)`` (RSVM, reduced SSVR). Read in blocks.
    y : array-like of shape (n,)
        Labels in {-1, +1} (classification) or targets (regression).
    problem : SmoothProblem
        The loss and its parameters (:func:`smooth_problem`).
    tol : float, default=1e-8
        Stop when ``||grad Phi|| <= tol * max(1, ||grad Phi(v0)||)``.
    max_iter : int, default=100
        Newton steps at most; hitting it warns with ``ConvergenceWarning`` (``status`` 1).
    armijo : float, default=1e-4
        The Armijo constant ``delta`` in (0, 1/2).
    v0 : array-like of shape (q + 1,), default=None
        The start ``(w, b)`` (None: zero). The minimiser is unique, so the start changes the
        path only.
    chunk_size : int, default=None
        Rows of ``K`` per block (None: :func:`default_chunk_size`, about 8 MB per block).
    callback : callable, default=None
        Called at every iterate, the start included, as ``callback(n_iter, objective,
        grad_norm, step)`` (``step``: the Armijo step that led there, NaN at the start).

    Returns
    -------
    NewtonResult
        The answer and the record of the iterates.

    Raises
    ------
    ValueError
        If an input is malformed, classification labels are not in {-1, +1}, or a parameter is
        out of range.
    TypeError
        If ``problem`` is not a :class:`SmoothProblem`.
    """
    started = time.perf_counter()
    if not isinstance(problem, SmoothProblem):
        raise TypeError(f"problem must be a SmoothProblem (see smooth_problem), got "
                        f"{type(problem).__name__}")  # fmt: skip
    K, y, v0, chunk_size = _checked(K, y, v0, chunk_size)
    if not problem.regression:
        y = check_labels_pm1("y", y, both_classes=False)
    design = BlockedDesign(K, y, problem, chunk_size)
    return newton_armijo_sums(design, problem, tol=tol, max_iter=max_iter, armijo=armijo,
                              v0=v0, callback=callback, started=started)  # fmt: skip


class BlockedDesign:
    """The sums of a Newton step over the rows of an in-memory (or memory-mapped) design.

    :func:`newton_armijo_sums` asks a design only for sums over its rows; this one forms them
    block by block from ``K`` in memory, keeping the decision values ``f`` (and the direction's
    ``K d``) of all ``n`` rows. :mod:`svmbook.reduced.dask` implements the same methods with
    one task per chunk of a Dask array and the sums added on the client.

    Parameters
    ----------
    K : ndarray or numpy.memmap of shape (n, q)
        The design without its column of ones (validated by the caller).
    y : ndarray of shape (n,)
        Labels in {-1, +1} or targets (validated by the caller).
    problem : SmoothProblem
        The loss.
    chunk_size : int
        Rows per block.

    Attributes
    ----------
    n_columns : int
        ``q``.
    trial_batch : int
        Armijo trials asked for at once: 1 here (each trial costs one pass over ``f``).
    """

    trial_batch = 1

    def __init__(self, K, y, problem, chunk_size):
        self.K, self.y, self.problem, self.chunk_size = K, y, problem, chunk_size
        self.n_columns = K.shape[1]
        n = K.shape[0]
        self._g, self._h = np.empty(n), np.empty(n)
        self._f = self._fd = None
        self._keep_above = 0.0

    def max_row_sq_norm(self):
        """Return ``max_i ||K_i||^2`` (sets the threshold below which rows are skipped).

        Returns
        -------
        float
            ``max_i ||K_i||^2``.
        """
        return _max_row_sq_norm(self.K, self.chunk_size)

    def start(self, v, skip):
        """Set the iterate's decision values ``f = K w + b`` (zero for ``v`` None).

        Parameters
        ----------
        v : ndarray of shape (q + 1,) or None
            The start.
        skip : float
            Rows with ``l''(f_i) <= skip`` are left out of the Hessian.
        """
        n = self.K.shape[0]
        self._f = np.zeros(n) if v is None else _decision(self.K, v[:-1], v[-1], self.chunk_size)
        self._keep_above = skip

    def terms(self):
        """Return ``sum_i l(f_i)`` and ``E' l'(f)`` at the current iterate.

        Returns
        -------
        loss : float
            ``sum_i l(f_i)``.
        Eg : ndarray of shape (q + 1,)
            ``E' l'(f)``.
        """
        p = self.problem
        loss = _point_terms(self._f, self.y, p.beta, p.epsilon, p.regression, self._g, self._h)
        return loss, np.append(_transpose_times(self.K, self._g, self.chunk_size), self._g.sum())

    def hessian(self):
        """Return ``I + C E' diag(l''(f)) E`` over the kept rows at the current iterate.

        Returns
        -------
        ndarray of shape (q + 1, q + 1)
            The Hessian.
        """
        return _hessian(self.K, self._h, self.problem.C, self._h > self._keep_above,
                        self.chunk_size)  # fmt: skip

    def direction(self, d):
        """Set the direction's decision values ``K d_w + d_b``.

        Parameters
        ----------
        d : ndarray of shape (q + 1,)
            The Newton direction ``(d_w, d_b)``.
        """
        self._fd = _decision(self.K, d[:-1], d[-1], self.chunk_size)

    def trial_losses(self, steps):
        """Return the loss sums at ``f + lambda K d`` for each trial step.

        Parameters
        ----------
        steps : sequence of float
            The trial steps ``lambda``.

        Returns
        -------
        ndarray of shape (len(steps),)
            The loss sums.
        """
        return self.problem.trial_losses(self._f, self._fd, self.y, steps)

    def step(self, lam):
        """Move the decision values to the accepted step: ``f += lambda K d``.

        Parameters
        ----------
        lam : float
            The accepted step ``lambda``.
        """
        self._f += lam * self._fd


def newton_armijo_sums(design, problem, *, tol=1e-8, max_iter=100, armijo=1e-4, v0=None,
                       callback=None, started=None):  # fmt: skip
    """Run Newton-Armijo on any design that supplies a step's sums over its rows.

    The one Newton-Armijo loop of the package: :func:`newton_armijo` calls it with a
    :class:`BlockedDesign` in memory, :mod:`svmbook.reduced.dask` with one whose sums are
    formed chunk by chunk on a Dask cluster. Only vectors of length ``q + 1`` and the
    ``(q + 1)^2`` Hessian reach this loop.

    Parameters
    ----------
    design : BlockedDesign or an object with the same methods
        ``n_columns``, ``trial_batch``, ``max_row_sq_norm()``, ``start(v, skip)``,
        ``terms() -> (loss, E' l'(f))``, ``hessian() -> I + C E' diag(h) E``,
        ``direction(d)``, ``trial_losses(steps)`` and ``step(lam)``.
    problem : SmoothProblem
        The loss and its parameters.
    tol, max_iter, armijo, v0, callback
        As in :func:`newton_armijo` (``v0`` already validated, or None).
    started : float, default=None
        ``time.perf_counter()`` when the fit began (None: now).

    Returns
    -------
    NewtonResult
        The answer and the record of the iterates.

    Raises
    ------
    ValueError
        If ``tol``, ``max_iter`` or ``armijo`` is out of range.
    """
    started = time.perf_counter() if started is None else started
    tol = check_positive("tol", tol)
    max_iter = check_int("max_iter", max_iter, 0)
    armijo = check_interval("armijo", armijo, 0.0, 0.5, low_open=True, high_open=True)
    C = problem.C
    q = design.n_columns
    design.start(v0, SKIP_BELOW / (C * (design.max_row_sq_norm() + 1.0)))
    v = np.zeros(q + 1) if v0 is None else v0.copy()
    objectives, grad_norms, steps = [], [], []
    status, message = 1, ""
    while True:
        loss, Eg = design.terms()
        obj = 0.5 * float(v @ v) + C * loss
        grad = v + C * Eg
        gnorm = float(np.linalg.norm(grad))
        objectives.append(obj)
        grad_norms.append(gnorm)
        if callback is not None:
            callback(len(steps), obj, gnorm, steps[-1] if steps else np.nan)
        if gnorm <= tol * max(1.0, grad_norms[0]):
            status, message = 0, f"||grad|| = {gnorm:.3g} <= tol * max(1, ||grad^0||)"
            break
        if len(steps) == max_iter:
            message = f"max_iter={max_iter} reached with ||grad|| = {gnorm:.3g}"
            break
        # the project's thread rule for the factorisation too: with the library's two threads a
        # 201 x 201 Cholesky took 0.18 s on the loaded 2-core machine instead of milliseconds
        with blas_limit(threads_for(q + 1, q + 1, q + 1)):
            d = -cho_solve(cho_factor(design.hessian(), overwrite_a=True), grad)
        slope = float(grad @ d)
        if -slope <= _RESOLUTION * max(abs(obj), 1.0):
            # the predicted decrease is below the objective's rounding: Armijo cannot tell a
            # better point from noise, and the iterate is the optimum to working precision
            status = 0
            message = (f"objective at floating-point resolution (predicted decrease "
                       f"{-slope:.3g}, ||grad|| = {gnorm:.3g})")  # fmt: skip
            break
        design.direction(d)
        lam = _armijo_step(design, obj, slope, C, float(v @ v), float(v @ d), float(d @ d),
                           armijo)  # fmt: skip
        if lam is None:
            message = f"line search failed (predicted decrease {-slope:.3g})"
            break
        v += lam * d
        design.step(lam)
        steps.append(lam)
    if status:
        warnings.warn(f"newton_armijo: {message}", ConvergenceWarning, stacklevel=3)
    return NewtonResult(
        coef=v[:-1].copy(),
        intercept=float(v[-1]),
        objective=objectives[-1],
        objectives=np.array(objectives),
        grad_norms=np.array(grad_norms),
        step_lengths=np.array(steps),
        n_iter=len(steps),
        status=status,
        message=message,
        time=time.perf_counter() - started,
    )


def _armijo_step(design, obj, slope, C, vv, vd, dd, armijo):
    """Return the largest ``lambda`` in ``1, 1/2, ...`` that passes Armijo (None: none does).

    The trials are asked for ``design.trial_batch`` at a time (a distributed design answers a
    batch in one round trip); the first passing one in order is taken, so the batch size
    changes the cost only.
    """
    lams = 0.5 ** np.arange(MAX_HALVINGS)
    for first in range(0, MAX_HALVINGS, design.trial_batch):
        batch = lams[first : first + design.trial_batch]
        for lam, loss in zip(batch, design.trial_losses(batch), strict=True):
            trial = 0.5 * (vv + 2.0 * lam * vd + lam * lam * dd) + C * loss
            if obj - trial >= -armijo * lam * slope:
                return float(lam)
    return None
