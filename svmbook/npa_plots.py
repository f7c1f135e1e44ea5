"""Figure builders for the nearest-point chapters (Goodrich 2012, chapters 4.5 and 5).

Pure functions in the style of :mod:`svmbook.plotting`: each takes data (points, multipliers,
histories) and an optional ``ax``, draws into it (creating a figure only when ``ax`` is None) and
returns the Axes. Artists carry a ``gid`` so tests and readers can find them:

* :func:`plot_np_step` -- one iteration of S-K, Gilbert or MDM in the plane: the (reduced) hulls,
  the current nearest points ``p_pos``/``p_neg``, the segment ``w = p_pos - p_neg``, the extreme
  vertex (S-K/Gilbert) or the pair ``src -> dst`` (MDM), the step ``lambda`` and the slab of the
  moving class (the planes perpendicular to ``w`` whose distance is the gap of (5.11));
* :func:`plot_np_path` -- the iterates ``p_pos``, ``p_neg`` of a whole run, the final segment
  and its perpendicular bisector (the SVM with the geometric threshold);
* :func:`plot_traces` -- convergence histories (``||w||``, gaps, free SVs) against iteration or
  time, and :func:`plot_mu_sweep` -- iterations or time against ``1/mu`` (Figs 5.13-5.14);
* :func:`plot_min_norm_point` -- the minimum-norm point of one (reduced) hull: Gilbert's problem,
  the Minkowski difference of two classes (:func:`minkowski_difference`) and the perceptron of
  Fig. 4.22;
* :func:`plot_linear_classifiers` -- several linear decision lines ``w . x = b`` over the data
  (the bias-free perceptron of Fig. 5.18).

The step-through pictures need the multipliers after each iteration, which the solvers'
``history`` does not record: :func:`iterates` reruns a solver with ``max_iter = t`` for
``t = 0, 1, ..., T`` (each run starts from the same weighted centroid and is deterministic, so run
t is the first t steps of the full run). That is quadratic in T and meant for small 2-D toys.
"""

from __future__ import annotations

import warnings

import numpy as np
from matplotlib.lines import Line2D
from sklearn.exceptions import ConvergenceWarning

from svmbook.hull import qrh
from svmbook.hull.convex import quickhull2d
from svmbook.hull.vertex import extreme_vertex
from svmbook.plotting import (
    COLORS,
    OKABE_ITO,
    _circle_support_vectors,
    _finish,
    _get_ax,
    _padded_limits,
    _scatter_classes,
    _styled,
)
from svmbook.solvers.nearest_point import solve_min_norm_point, solve_nearest_point

__all__ = [
    "iterates",
    "minkowski_difference",
    "nearest_points",
    "plot_linear_classifiers",
    "plot_min_norm_point",
    "plot_mu_sweep",
    "plot_np_path",
    "plot_np_step",
    "plot_traces",
]

_VERTEX_METHODS = ("sk", "wsk", "gilbert", "tao", "wsk_fast")
_STEP_KINDS = ("vertex", "pair")
_HULL_ALPHA = 0.12


# --------------------------------------------------------------------------------------------
# data helpers


def iterates(K, y, mu, method="sk", n_steps=10, *, one_class=False, **options):
    """The multipliers after 0, 1, ..., ``n_steps`` iterations of a nearest-point solver.

    Runs :func:`svmbook.solvers.nearest_point.solve_nearest_point` (or
    :func:`~svmbook.solvers.nearest_point.solve_min_norm_point` when ``one_class``) with
    ``max_iter = t`` for each t and a tolerance of ``1e-12`` unless ``tol`` is given. Runs that hit
    ``max_iter`` warn with ``ConvergenceWarning``; that is the point here, so the warning is
    suppressed. The list stops early when the solver converges before ``n_steps``.

    Parameters
    ----------
    K : array-like of shape (n, n)
        Gram matrix.
    y : array-like of shape (n,)
        Labels in {-1, +1} (for ``one_class``: the perceptron's labels, or None).
    mu : float
        Reduction parameter.
    method : str, default="sk"
        Any method of :func:`~svmbook.solvers.nearest_point.solve_nearest_point`.
    n_steps : int, default=10
        The largest t.
    one_class : bool, default=False
        Use the one-class solver (minimum-norm point of one hull).
    **options
        Passed to the solver (``step``, ``stop``, ``tol``, ``sample_weight``, ``bias``, ...).

    Returns
    -------
    list of ndarray
        ``alphas[t]`` after t iterations; ``alphas[0]`` is the starting point.
    """
    if isinstance(n_steps, bool) or not isinstance(n_steps, int | np.integer) or n_steps < 0:
        raise ValueError(f"n_steps must be an integer >= 0, got {n_steps!r}")
    options.setdefault("tol", 1e-12)
    solve = solve_min_norm_point if one_class else solve_nearest_point
    alphas = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        for t in range(int(n_steps) + 1):
            res = solve(K, y=y, mu=mu, method=method, max_iter=t, **options)
            alphas.append(res.alpha.copy())
            if res.converged:
                break
    return alphas


def nearest_points(X, y, alpha):
    """``p_pos = sum_{I_pos} alpha_i x_i`` and ``p_neg = sum_{I_neg} alpha_i x_i``.

    Parameters
    ----------
    X : array-like of shape (n, d)
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    alpha : array-like of shape (n,)
        Multipliers (each class sums to 1).

    Returns
    -------
    p_pos, p_neg : ndarray of shape (d,)
    """
    X, y = _check_xy(X, y, two_d=False)
    alpha = _check_alpha(alpha, y.shape[0])
    pos = y > 0
    return alpha[pos] @ X[pos], alpha[~pos] @ X[~pos]


def minkowski_difference(X, y):
    """The Minkowski difference ``P_pos - P_neg = {x_i - x_j : y_i = +1, y_j = -1}``.

    Its convex hull's minimum-norm point has norm equal to the distance between the convex hulls
    of the two classes (Gilbert's two-set problem, section 5.2.2).

    Parameters
    ----------
    X : array-like of shape (n, d)
    y : array-like of shape (n,)
        Labels in {-1, +1}, both present.

    Returns
    -------
    D : ndarray of shape (n_pos * n_neg, d)
        Row ``a * n_neg + b`` is ``x_pos[a] - x_neg[b]``.
    pairs : ndarray of shape (n_pos * n_neg, 2), int64
        The indices into X of each difference.
    """
    X, y = _check_xy(X, y, two_d=False)
    ip, ineg = np.flatnonzero(y > 0), np.flatnonzero(y < 0)
    a, b = np.meshgrid(ip, ineg, indexing="ij")
    pairs = np.column_stack([a.ravel(), b.ravel()]).astype(np.int64)
    return X[pairs[:, 0]] - X[pairs[:, 1]], pairs


# --------------------------------------------------------------------------------------------
# checks


def _check_xy(X, y, two_d=True):
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64).ravel()
    if X.ndim != 2 or (two_d and X.shape[1] != 2):
        want = "(n, 2)" if two_d else "(n, d)"
        raise ValueError(f"X must have shape {want}, got {X.shape}")
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"y has {y.shape[0]} labels but X has {X.shape[0]} rows")
    if not np.all(np.isin(y, (-1.0, 1.0))) or np.unique(y).size != 2:
        raise ValueError("y must hold labels in {-1, +1}, both classes present")
    return X, y


def _check_alpha(alpha, n, name="alpha"):
    alpha = np.asarray(alpha, dtype=np.float64).ravel()
    if alpha.shape != (n,):
        raise ValueError(f"{name} must have shape ({n},), got {alpha.shape}")
    if not np.all(np.isfinite(alpha)) or np.any(alpha < -1e-12):
        raise ValueError(f"{name} must be finite and >= 0")
    return alpha


def _check_mu(mu):
    mu = float(mu)
    if not mu > 0:
        raise ValueError(f"mu must be > 0, got {mu}")
    return mu


# --------------------------------------------------------------------------------------------
# drawing pieces


def _hull_polygon(P, mu):
    """Vertices (counter-clockwise) of ``RCH(P, mu)`` in the plane; mu is clipped to [1/n, 1]."""
    n = P.shape[0]
    if n == 1:
        return P.copy()
    if n == 2:
        return P.copy() if mu >= 1.0 else P.mean(axis=0, keepdims=True)
    mu = min(max(mu, 1.0 / n), 1.0)
    if mu >= 1.0:
        return P[quickhull2d(P)]
    return qrh(P, mu).vertices


def _draw_polygon(ax, V, color, *, fill, gid, ls="-", lw=1.2, label=None):
    closed = np.vstack([V, V[:1]])
    if fill and V.shape[0] >= 3:
        ax.fill(V[:, 0], V[:, 1], color=color, alpha=_HULL_ALPHA, lw=0, zorder=1, gid=f"{gid}_fill")
    (line,) = ax.plot(
        closed[:, 0], closed[:, 1], color=color, ls=ls, lw=lw, zorder=2, gid=gid, label=label
    )
    return line


def _draw_hulls(ax, X, y, mu):
    """Class hulls: the convex hull dotted, the reduced hull filled (when ``mu < 1``)."""
    for sign, key in ((1.0, "positive"), (-1.0, "negative")):
        P = X[y == sign]
        _draw_polygon(
            ax,
            _hull_polygon(P, 1.0),
            COLORS[key],
            fill=mu >= 1,
            gid=f"hull_{key}",
            ls=":" if mu < 1 else "-",
            lw=0.9,
        )
        if mu < 1:
            _draw_polygon(ax, _hull_polygon(P, mu), COLORS[key], fill=True, gid=f"rch_{key}")


def _draw_plane(ax, normal, level, lims, **style):
    """The line ``normal . x = level`` across the box ``lims = (xlim, ylim)``."""
    (x0, x1), (y0, y1) = lims
    nx, ny = normal
    if abs(ny) >= abs(nx):
        xs = np.array([x0, x1])
        ys = (level - nx * xs) / ny
    else:
        ys = np.array([y0, y1])
        xs = (level - ny * ys) / nx
    return ax.plot(xs, ys, **style)[0]


def _limits(points, pad=0.12):
    return _padded_limits(points[:, 0], pad), _padded_limits(points[:, 1], pad)


def _point(ax, p, marker, color, label, gid, size=70, face=None):
    return ax.scatter(
        [p[0]],
        [p[1]],
        s=size,
        marker=marker,
        c=color if face is None else face,
        edgecolors=color,
        linewidths=1.3,
        zorder=6,
        label=label,
        gid=gid,
    )


# --------------------------------------------------------------------------------------------
# one iteration


@_styled
def plot_np_step(
    X,
    y,
    alpha,
    alpha_next=None,
    *,
    mu=1.0,
    kind="vertex",
    slab=True,
    ax=None,
    title=None,
    legend=True,
):
    """One iteration of a nearest-point algorithm drawn in the plane (Figs 5.1-5.5).

    Draws the classes, their convex hulls (dotted) and reduced hulls ``RCH(P, mu)`` (filled), the
    current nearest points ``p_pos``/``p_neg`` (open markers) and the segment
    ``w = p_pos - p_neg`` between them. With ``alpha_next`` it also draws the step:

    * ``kind="vertex"`` (S-K, WSK, Gilbert, Tao's vertices): for each class that moved, its
      extreme vertex ``v`` (a diamond; ``argmin_{v in RCH} w.v`` for the positive class and
      ``argmax w.v`` for the negative one, Theorem 3), the segment ``p -> v`` and the new point
      ``p_new = (1 - lambda) p + lambda v`` (filled marker); ``lambda`` goes in the legend. The
      slab is bounded by the planes perpendicular to ``w`` through ``p`` and through ``v``: its
      width ``w.(p - v)/||w||`` is the class's gap of (5.11) divided by ``||w||``.
    * ``kind="pair"`` (MDM/SMO): the points ``x_src`` (gives weight) and ``x_dst`` (receives it),
      the arrow ``x_src -> x_dst`` and the new point ``p_new = p + delta (x_dst - x_src)``; the slab
      is bounded by the planes through ``x_src`` and ``x_dst`` (Fig. 5.5's P1 and P2).

    Parameters
    ----------
    X : array-like of shape (n, 2)
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    alpha : array-like of shape (n,)
        Multipliers before the step (each class sums to 1).
    alpha_next : array-like of shape (n,), default=None
        Multipliers after the step; None draws the state only.
    mu : float, default=1.0
        Reduction parameter of the hulls drawn and of the vertex (``>= 1``: the convex hulls).
    kind : {"vertex", "pair"}, default="vertex"
    slab : bool, default=True
        Draw the slab of the moving class(es).
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    X, y = _check_xy(X, y)
    n = y.shape[0]
    alpha = _check_alpha(alpha, n)
    mu = _check_mu(mu)
    if kind not in _STEP_KINDS:
        raise ValueError(f"kind must be one of {_STEP_KINDS}, got {kind!r}")
    ax = _get_ax(ax)
    _draw_hulls(ax, X, y, mu)
    _scatter_classes(ax, X, y, pos_label=1.0)
    p_pos, p_neg = nearest_points(X, y, alpha)
    w = p_pos - p_neg
    ax.plot(*np.column_stack([p_pos, p_neg]), color=COLORS["model"], lw=1.4, zorder=5, gid="w")
    _point(ax, p_pos, "o", COLORS["positive"], r"$p_{pos}$, $p_{neg}$", "p", face="white")
    _point(ax, p_neg, "o", COLORS["negative"], None, "p", face="white")
    xlim, ylim = _limits(X)
    handles_extra = []
    if alpha_next is not None:
        alpha_next = _check_alpha(alpha_next, n, "alpha_next")
        new = dict(zip((1.0, -1.0), nearest_points(X, y, alpha_next), strict=True))
        old = {1.0: p_pos, -1.0: p_neg}
        moved = [c for c in (1.0, -1.0) if not np.allclose(alpha[y == c], alpha_next[y == c])]
        for c in moved:
            key = "positive" if c > 0 else "negative"
            color = COLORS[key]
            P, idx = X[y == c], np.flatnonzero(y == c)
            if kind == "vertex":
                mu_c = min(max(mu, 1.0 / P.shape[0]), 1.0)
                v = extreme_vertex(P, -c * w, mu=mu_c).point
                _point(ax, v, "D", color, None, "vertex", size=60)
                ax.plot(
                    *np.column_stack([old[c], v]),
                    color=color,
                    ls="--",
                    lw=1.1,
                    zorder=5,
                    gid="segment",
                )
                span = float(np.dot(v - old[c], v - old[c]))
                lam = float(np.dot(new[c] - old[c], v - old[c]) / span) if span > 0 else 0.0
                handles_extra.append(
                    Line2D(
                        [],
                        [],
                        color=color,
                        ls="--",
                        marker="D",
                        ms=5,
                        label=rf"$v$, $\lambda = {lam:.3f}$",
                    )
                )
                ends = (old[c], v)
            else:
                d = alpha_next[idx] - alpha[idx]
                src, dst = idx[np.argmin(d)], idx[np.argmax(d)]
                delta = float(d.max())
                ax.annotate(
                    "",
                    xy=X[dst],
                    xytext=X[src],
                    zorder=6,
                    gid="pair",
                    arrowprops=dict(arrowstyle="->", color=color, lw=1.4),
                )
                _circle_support_vectors(ax, X[[src, dst]], label=None)
                handles_extra.append(
                    Line2D(
                        [],
                        [],
                        color=color,
                        marker=r"$\rightarrow$",
                        ls="none",
                        ms=10,
                        label=rf"src $\to$ dst, $\delta = {delta:.3f}$",
                    )
                )
                ends = (X[src], X[dst])
            _point(ax, new[c], "o", color, None, "p_new")
            ax.annotate(
                "",
                xy=new[c],
                xytext=old[c],
                zorder=6,
                arrowprops=dict(arrowstyle="->", color=COLORS["model"], lw=1.0),
            )
            if slab and np.dot(w, w) > 0:
                for e in ends:
                    _draw_plane(
                        ax,
                        w,
                        float(w @ e),
                        (xlim, ylim),
                        color=color,
                        ls=(0, (4, 3)),
                        lw=0.9,
                        zorder=2,
                        gid="slab",
                    )
    handles, _ = ax.get_legend_handles_labels()
    _finish(ax, xlim, ylim, title)
    if legend:
        ax.legend(handles=handles[:3] + handles_extra, loc="best")
    return ax


@_styled
def plot_np_path(X, y, alphas, *, mu=1.0, ax=None, title=None, legend=True, boundary=True):
    """The iterates of a nearest-point run: the paths of ``p_pos`` and ``p_neg``.

    Draws the hulls as :func:`plot_np_step`, the two paths (small dots joined by thin lines,
    starting at the class centroids when the solver starts there), the last segment
    ``p_pos -> p_neg`` and, with ``boundary``, its perpendicular bisector (the SVM with the
    geometric threshold (4.9), solid) and the parallel lines through the nearest points (dotted).

    Parameters
    ----------
    X : array-like of shape (n, 2)
    y : array-like of shape (n,)
    alphas : sequence of array-like of shape (n,)
        Multipliers per iteration (e.g. :func:`iterates`); at least one.
    mu : float, default=1.0
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    legend : bool, default=True
    boundary : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    X, y = _check_xy(X, y)
    alphas = [_check_alpha(a, y.shape[0]) for a in alphas]
    if not alphas:
        raise ValueError("alphas must hold at least one multiplier vector")
    mu = _check_mu(mu)
    ax = _get_ax(ax)
    _draw_hulls(ax, X, y, mu)
    _scatter_classes(ax, X, y, pos_label=1.0)
    pts = np.array([nearest_points(X, y, a) for a in alphas])  # (T, 2, 2)
    for c, key in ((0, "positive"), (1, "negative")):
        ax.plot(
            pts[:, c, 0],
            pts[:, c, 1],
            color=COLORS["model"],
            lw=0.8,
            marker=".",
            ms=4,
            zorder=5,
            gid=f"path_{key}",
        )
    p_pos, p_neg = pts[-1]
    ax.plot(*np.column_stack([p_pos, p_neg]), color=COLORS["model"], lw=1.4, zorder=5, gid="w")
    _point(ax, p_pos, "o", COLORS["positive"], "nearest points", "p")
    _point(ax, p_neg, "o", COLORS["negative"], None, "p")
    xlim, ylim = _limits(X)
    w = p_pos - p_neg
    if boundary and np.dot(w, w) > 0:
        b = 0.5 * (w @ p_pos + w @ p_neg)
        _draw_plane(
            ax,
            w,
            b,
            (xlim, ylim),
            color=COLORS["model"],
            lw=1.5,
            zorder=2,
            gid="decision_boundary",
            label="bisector (geometric $b$)",
        )
        for p in (p_pos, p_neg):
            _draw_plane(
                ax,
                w,
                float(w @ p),
                (xlim, ylim),
                color=COLORS["model"],
                ls=":",
                lw=1.2,
                zorder=2,
                gid="margins",
            )
    _finish(ax, xlim, ylim, title)
    if legend:
        ax.legend(loc="best")
    return ax


# --------------------------------------------------------------------------------------------
# histories and sweeps


def _check_series(series):
    if not isinstance(series, dict) or not series:
        raise ValueError("series must be a non-empty dict {label: (x, values)}")
    out = {}
    for label, xy in series.items():
        try:
            x, v = xy
        except (TypeError, ValueError):
            raise ValueError(f"series[{label!r}] must be a pair (x, values)") from None
        x = np.asarray(x, dtype=np.float64).ravel()
        v = np.asarray(v, dtype=np.float64).ravel()
        if x.shape != v.shape or x.size == 0:
            raise ValueError(f"series[{label!r}]: x and values need the same non-zero length")
        out[str(label)] = (x, v)
    return out


def _line_plot(series, ax, xlabel, ylabel, logx, logy, reference, ref_label, markers):
    series = _check_series(series)
    ax = _get_ax(ax)
    for k, (label, (x, v)) in enumerate(series.items()):
        color = OKABE_ITO[k % len(OKABE_ITO)]
        if logy:
            keep = v > 0
            x, v = x[keep], v[keep]
        ax.plot(
            x,
            v,
            color=color,
            lw=1.4,
            label=label,
            marker="o" if markers else None,
            ms=4,
            gid=f"series_{k}",
        )
    if reference is not None:
        ax.axhline(
            reference, color=COLORS["breakpoint"], lw=1.0, ls="--", label=ref_label, gid="reference"
        )
    if logx:
        ax.set_xscale("log")
    if logy:
        ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(loc="best")
    return ax


@_styled
def plot_traces(
    series,
    *,
    ax=None,
    xlabel="iteration",
    ylabel=r"$\|w\|$",
    logx=False,
    logy=True,
    reference=None,
    reference_label="optimum",
    title=None,
):
    """Convergence histories: one line per solver, e.g. ``||w||``, a gap or free SVs per iteration.

    Parameters
    ----------
    series : dict
        ``{label: (x, values)}``; x is the iteration (or the time), values the quantity.
        With ``logy`` non-positive values are left out (a gap of exactly 0 at convergence).
    ax : matplotlib.axes.Axes, optional
    xlabel, ylabel : str
    logx, logy : bool
        Logarithmic axes.
    reference : float, optional
        A horizontal dashed line (the optimum, a tolerance).
    reference_label : str, default="optimum"
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes
    """
    ax = _line_plot(series, ax, xlabel, ylabel, logx, logy, reference, reference_label, False)
    if title is not None:
        ax.set_title(title)
    return ax


@_styled
def plot_mu_sweep(
    inv_mu, series, *, ax=None, ylabel="iterations", logy=True, title=None, xlabel=r"$1/\mu$"
):
    """Iterations (or time, or test error) against ``1/mu``, one line per solver (Figs 5.13-5.16).

    Parameters
    ----------
    inv_mu : array-like of shape (m,)
        The values of ``1/mu`` (shared by every solver).
    series : dict
        ``{label: values}`` with m values each.
    ax : matplotlib.axes.Axes, optional
    ylabel : str, default="iterations"
    logy : bool, default=True
    title : str, optional
    xlabel : str, default="$1/\\mu$"

    Returns
    -------
    matplotlib.axes.Axes
    """
    inv_mu = np.asarray(inv_mu, dtype=np.float64).ravel()
    if not isinstance(series, dict) or not series:
        raise ValueError("series must be a non-empty dict {label: values}")
    pairs = {label: (inv_mu, v) for label, v in series.items()}
    ax = _line_plot(pairs, ax, xlabel, ylabel, False, logy, None, None, True)
    if title is not None:
        ax.set_title(title)
    return ax


# --------------------------------------------------------------------------------------------
# one hull: minimum-norm point, perceptrons


@_styled
def plot_min_norm_point(
    Z,
    *,
    mu=1.0,
    alpha=None,
    ax=None,
    title=None,
    labels=None,
    legend=True,
    xlabel="$z_1$",
    ylabel="$z_2$",
    point_label="$z_i$",
):
    """The minimum-norm point of ``RCH(Z, mu)`` in the plane (Gilbert's problem; Fig. 4.22).

    Draws the points ``z_i`` (coloured by ``labels`` when given: a perceptron's ``z_i = y_i x_i``
    keeps the class of ``x_i``), their convex hull (dotted when reduced) and ``RCH(Z, mu)``, the
    origin (a cross), the minimum-norm point ``a = sum_i alpha_i z_i`` with the segment from the
    origin, and the line through ``a`` perpendicular to it: the whole hull lies on the far side,
    which is the optimality condition ``a . z >= ||a||^2`` for every point of the hull.

    Parameters
    ----------
    Z : array-like of shape (n, 2)
        The points of the one hull.
    mu : float, default=1.0
        Reduction parameter (``mu >= 1``: the convex hull).
    alpha : array-like of shape (n,), default=None
        The multipliers of the minimum-norm point (sum 1); None solves for them with
        :func:`svmbook.solvers.nearest_point.solve_min_norm_point` (MDM, absolute NP stop
        ``1e-9``, which also ends when the hull holds the origin).
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    labels : array-like of shape (n,), default=None
        Class labels in {-1, +1} used for the colours only.
    legend : bool, default=True
    xlabel, ylabel : str
    point_label : str, default="$z_i$"
        Legend label of the points (without ``labels``).

    Returns
    -------
    matplotlib.axes.Axes
    """
    Z = np.asarray(Z, dtype=np.float64)
    if Z.ndim != 2 or Z.shape[1] != 2 or Z.shape[0] < 1:
        raise ValueError(f"Z must have shape (n, 2), got {Z.shape}")
    n = Z.shape[0]
    mu = _check_mu(mu)
    if mu * n < 1 - 1e-12:
        raise ValueError(f"mu must be >= 1/n = {1 / n:g} (the hull is empty below), got {mu:g}")
    if alpha is None:
        alpha = solve_min_norm_point(
            Z @ Z.T, mu=mu, method="mdm", stop="absolute_np", tol=1e-9
        ).alpha
    alpha = _check_alpha(alpha, n)
    ax = _get_ax(ax)
    hull_color = COLORS["data"]
    _draw_polygon(
        ax,
        _hull_polygon(Z, 1.0),
        hull_color,
        fill=mu >= 1,
        gid="hull",
        ls=":" if mu < 1 else "-",
        lw=0.9,
    )
    if mu < 1:
        _draw_polygon(ax, _hull_polygon(Z, mu), hull_color, fill=True, gid="rch")
    if labels is None:
        ax.scatter(
            Z[:, 0],
            Z[:, 1],
            s=30,
            c=COLORS["data"],
            edgecolors="white",
            lw=0.5,
            zorder=3,
            gid="points",
            label=point_label,
        )
    else:
        labels = np.asarray(labels, dtype=np.float64).ravel()
        if labels.shape != (n,):
            raise ValueError(f"labels must have shape ({n},), got {labels.shape}")
        _scatter_classes(ax, Z, labels, pos_label=1.0)
    a = alpha @ Z
    ax.scatter(
        [0.0], [0.0], marker="x", s=60, c=COLORS["model"], zorder=6, gid="origin", label="origin"
    )
    ax.plot([0.0, a[0]], [0.0, a[1]], color=COLORS["model"], lw=1.4, zorder=5, gid="w")
    _point(
        ax,
        a,
        "o",
        COLORS["model"],
        rf"min-norm point, $\|a\| = {np.linalg.norm(a):.3f}$",
        "min_norm_point",
        face="white",
    )
    pts = np.vstack([Z, np.zeros((1, 2))])
    xlim, ylim = _limits(pts)
    if a @ a > 0:
        _draw_plane(
            ax,
            a,
            float(a @ a),
            (xlim, ylim),
            color=COLORS["model"],
            ls=":",
            lw=1.2,
            zorder=2,
            gid="support_line",
        )
    _finish(ax, xlim, ylim, title, xlabel=xlabel, ylabel=ylabel)
    if legend:
        ax.legend(loc="best")
    return ax


@_styled
def plot_linear_classifiers(X, y, lines, *, ax=None, title=None, legend=True, origin=True):
    """Linear decision lines ``w . x - b = 0`` over two-class data (Fig. 5.18).

    Parameters
    ----------
    X : array-like of shape (n, 2)
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    lines : dict
        ``{label: (w, b)}`` with ``w`` of shape (2,), the thesis's subtracted threshold ``b``.
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    legend : bool, default=True
    origin : bool, default=True
        Mark the origin (a bias-free line must pass through it).

    Returns
    -------
    matplotlib.axes.Axes
    """
    X, y = _check_xy(X, y)
    if not isinstance(lines, dict) or not lines:
        raise ValueError("lines must be a non-empty dict {label: (w, b)}")
    ax = _get_ax(ax)
    _scatter_classes(ax, X, y, pos_label=1.0)
    pts = np.vstack([X, np.zeros((1, 2))]) if origin else X
    xlim, ylim = _limits(pts)
    styles = ("-", "--", "-.", ":")
    for k, (label, (w, b)) in enumerate(lines.items()):
        w = np.asarray(w, dtype=np.float64).ravel()
        if w.shape != (2,) or not np.any(w != 0):
            raise ValueError(f"lines[{label!r}]: w must be a non-zero vector of shape (2,)")
        _draw_plane(
            ax,
            w,
            float(b),
            (xlim, ylim),
            color=COLORS["model"],
            ls=styles[k % 4],
            lw=1.5,
            zorder=2,
            gid=f"line_{k}",
            label=label,
        )
    if origin:
        ax.scatter(
            [0.0],
            [0.0],
            marker="x",
            s=60,
            c=COLORS["model"],
            zorder=6,
            gid="origin",
            label="origin",
        )
    _finish(ax, xlim, ylim, title)
    if legend:
        ax.legend(loc="best")
    return ax
