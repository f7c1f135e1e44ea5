"""Figure builders for the geometric chapters (Goodrich 2012, chapters 2-4).

Pure functions in the style of :mod:`svmbook.plotting`: each takes data and an optional ``ax``,
draws into it (creating a figure only when ``ax`` is None) and returns what it drew into. The
geometry comes from the package (:mod:`svmbook.hull`, :mod:`svmbook.qp.geometric`,
:mod:`svmbook.thresholds`); nothing here solves a problem the package does not solve. Artists that
tests and readers may want to find carry a ``gid`` (``"convex_hull"``, ``"rch"``,
``"nearest_points"``, ``"decision_boundary"``, ``"margins"``, ``"support_vectors"``, ...).

The two teaching generators :func:`quickhull_steps` and :func:`qrh_steps` re-run Algorithms 3
and 5 one recursion call at a time, recording what each call sees, so a slider can step through
them; the chapter asserts that their final hulls equal :func:`svmbook.hull.quickhull2d` and
:func:`svmbook.hull.qrh`.

Conventions: the thesis subtracts its threshold (``f(x) = w . x - b``); here ``b`` always means the
thesis's threshold unless a name says otherwise. ``mu`` can be given as ``inv_mu = 1 / mu`` where a
slider on ``1 / mu`` reads better (k-sets live at integer ``1 / mu``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Polygon

from svmbook import hull as _hull
from svmbook import kernels as _kernels
from svmbook import qp as _qp
from svmbook import thresholds as _thresholds
from svmbook.plotting import (
    COLORS,
    OKABE_ITO,
    _check_two_class_2d,
    _circle_support_vectors,
    _draw_line,
    _finish,
    _get_ax,
    _padded_limits,
    _scatter_classes,
    _styled,
    plot_svc_2d,
)

__all__ = [
    "HullStep",
    "MuSVMView",
    "fit_mu_view",
    "plot_extreme_vertex",
    "plot_hull_3d",
    "plot_hull_counts",
    "plot_hull_step",
    "plot_ksets",
    "plot_meb",
    "plot_mu_svm_2d",
    "plot_nearest_neighbour",
    "plot_qrh_filters",
    "plot_rch",
    "plot_svm_geometry",
    "plot_symmetry",
    "plot_wrch",
    "plot_wrch_weights",
    "qrh_steps",
    "quickhull_steps",
]

# A sequence of colours for nested hulls (no class meaning): green, orange, purple, sky, yellow.
_NEST = (OKABE_ITO[2], OKABE_ITO[3], OKABE_ITO[4], OKABE_ITO[5], "#B8A200", OKABE_ITO[0])


def _resolve_mu(mu, inv_mu):
    """``mu`` from exactly one of ``mu`` and ``inv_mu = 1 / mu``."""
    if (mu is None) == (inv_mu is None):
        raise ValueError("give exactly one of mu and inv_mu (= 1/mu)")
    if inv_mu is not None:
        inv_mu = float(inv_mu)
        if not inv_mu > 0:
            raise ValueError(f"inv_mu must be > 0, got {inv_mu}")
        return 1.0 / inv_mu
    mu = float(mu)
    if not mu > 0:
        raise ValueError(f"mu must be > 0, got {mu}")
    return mu


def _check_points_2d(P, name="P"):
    P = np.asarray(P, dtype=np.float64)
    if P.ndim != 2 or P.shape[1] != 2 or P.shape[0] == 0:
        raise ValueError(f"{name} must have shape (n_points, 2), got {P.shape}")
    return P


def _closed(V):
    """A polygon's vertices with the first repeated at the end (1 or 2 vertices: as they are)."""
    V = np.asarray(V, dtype=np.float64).reshape(-1, 2)
    return np.vstack([V, V[:1]]) if V.shape[0] > 2 else V


def _draw_polygon(ax, V, *, color, ls="-", lw=1.5, fill=None, gid=None, label=None, zorder=2):
    """Outline (and optionally fill) a convex polygon; a point or a segment when degenerate."""
    V = np.asarray(V, dtype=np.float64).reshape(-1, 2)
    if fill is not None and V.shape[0] > 2:
        ax.add_patch(
            Polygon(V, closed=True, facecolor=fill, edgecolor="none", zorder=zorder - 1, gid=gid)
        )
    C = _closed(V)
    marker = "o" if V.shape[0] == 1 else None
    (line,) = ax.plot(
        C[:, 0],
        C[:, 1],
        color=color,
        ls=ls,
        lw=lw,
        marker=marker,
        ms=5,
        zorder=zorder,
        gid=gid,
        label=label,
    )
    return line


def _plus_points(ax, P, *, label="points of $P$", gid="points"):
    """Points drawn as Goodrich's plus marks (Figs. 2.9, 3.8)."""
    return ax.scatter(
        P[:, 0],
        P[:, 1],
        marker="+",
        s=40,
        c=COLORS["data"],
        lw=1.0,
        zorder=3,
        label=label,
        gid=gid,
    )


def _legend_outside(ax, handles=None):
    """The legend to the right of the axes, so it never hides points or lines."""
    kwargs = {} if handles is None else {"handles": handles}
    return ax.legend(
        loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0, fontsize=7, **kwargs
    )


def _square_limits(P, pad=0.12):
    xlim = _padded_limits(P[:, 0], pad)
    ylim = _padded_limits(P[:, 1], pad)
    return xlim, ylim


# ------------------------------------------------------------------------------------------------
# Chapter: the geometric view (Goodrich ch. 2.5, 4.2)


class MuSVMView(NamedTuple):
    """A linear mu-SVM as nearest points of two reduced hulls (drawn by :func:`plot_svm_geometry`).

    Attributes
    ----------
    mu : float
    result : svmbook.qp.QPResult
        :func:`svmbook.qp.mu_svm_dual` on the linear Gram matrix (nearest-point scale).
    p_pos, p_neg : ndarray of shape (2,)
        The nearest points ``sum_{I_pos} alpha_i x_i`` and ``sum_{I_neg} alpha_i x_i`` (2.27).
    w : ndarray of shape (2,)
        ``p_pos - p_neg`` (the nearest-point scale, twice the primal ``w`` of (2.21)).
    b_geom, b_kkt : float
        Thesis thresholds (subtracted): the bisector (4.9) and the KKT threshold (4.8).
    rho : float
        rho of (4.8) in the nearest-point scale.
    C : float
        The equivalent C-SVM's ``C = mu / (2 rho_primal) = mu / rho``
        (:func:`svmbook.convert.mu_to_c`).
    """

    mu: float
    result: object
    p_pos: np.ndarray
    p_neg: np.ndarray
    w: np.ndarray
    b_geom: float
    b_kkt: float
    rho: float
    C: float


def fit_mu_view(X, y, mu):
    """Solve the linear mu-SVM of 2-D data and collect its geometry (:class:`MuSVMView`).

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Two classes; the larger label is +1.
    mu : float
        Reduction parameter (``>= 1 / min(n_pos, n_neg)``).

    Returns
    -------
    MuSVMView

    Raises
    ------
    ValueError
        From :func:`svmbook.qp.mu_svm_dual`: ``mu`` is infeasible, or the reduced hulls intersect.
    """
    from svmbook.convert import mu_to_c

    X, y = _check_two_class_2d(X, y)
    res = _qp.mu_svm_dual(X @ X.T, y, mu)
    pos = y > 0
    p_pos = res.alpha[pos] @ X[pos]
    p_neg = res.alpha[~pos] @ X[~pos]
    w = p_pos - p_neg
    f = X @ w
    b_geom = _thresholds.b_geom(f, y, res.alpha)
    return MuSVMView(
        mu=float(mu),
        result=res,
        p_pos=p_pos,
        p_neg=p_neg,
        w=w,
        b_geom=float(b_geom),
        b_kkt=float(-res.b),
        rho=float(res.rho),
        C=float(mu_to_c(mu, res.rho)),
    )


@_styled
def plot_svm_geometry(
    X,
    y,
    mu=None,
    *,
    inv_mu=None,
    threshold="geometric",
    ax=None,
    show_ch=True,
    margins=True,
    xlim=None,
    ylim=None,
    title=None,
    legend=True,
):
    """The SVM as the perpendicular bisector of the nearest points of two RCHs (Figs. 1.1, 2.8).

    Draws each class's convex hull (dashed) and reduced convex hull ``RCH(P_class, mu)`` (solid,
    shaded), the nearest points ``p_pos``, ``p_neg`` of the two RCHs joined by their segment, the
    separating line and the two margin lines (dotted), and circles the support vectors
    (``alpha_i > 0``).

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
    mu : float, optional
        Reduction parameter; or give ``inv_mu``.
    inv_mu : float, optional
        ``1 / mu`` (a slider on ``1/mu`` shows where the k-set structure changes: integers).
    threshold : {"geometric", "kkt"}, default="geometric"
        ``"geometric"``: the bisector (4.9), with the margin lines through the nearest points.
        ``"kkt"``: the KKT threshold (4.8) with the supporting planes ``w . x - b = +-rho``, the
        lines ``f = +-1`` of the equivalent C-SVM.
    ax : matplotlib Axes, optional
    show_ch : bool, default=True
        Draw the convex hulls of the classes.
    margins : bool, default=True
        Draw the margin lines.
    xlim, ylim : (float, float), optional
    title : str, optional
        Default: ``mu``, ``1/mu`` and the equivalent C.
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    mu = _resolve_mu(mu, inv_mu)
    if threshold not in ("geometric", "kkt"):
        raise ValueError(f"threshold must be 'geometric' or 'kkt', got {threshold!r}")
    X, y = _check_two_class_2d(X, y)
    view = fit_mu_view(X, y, mu)
    ax = _get_ax(ax)
    if xlim is None or ylim is None:
        auto_x, auto_y = _square_limits(X)
        xlim = auto_x if xlim is None else xlim
        ylim = auto_y if ylim is None else ylim
    handles = []
    for cls, key in ((1.0, "positive"), (-1.0, "negative")):
        P = X[y == cls]
        if show_ch and P.shape[0] >= 3:
            _draw_polygon(
                ax, P[_hull.quickhull2d(P)], color=COLORS[key], ls="--", lw=0.9, gid="convex_hull"
            )
        rch = _hull.qrh(P, max(min(mu, 1.0), 1.0 / P.shape[0]))
        _draw_polygon(
            ax, rch.vertices, color=COLORS[key], lw=1.6, fill=COLORS[f"{key}_region"], gid="rch"
        )
    if show_ch:
        handles.append(Line2D([], [], color=COLORS["model"], ls="--", lw=0.9, label="convex hulls"))
    handles.append(Line2D([], [], color=COLORS["model"], lw=1.6, label=r"RCH$(P_\pm, \mu)$"))
    w = view.w
    if threshold == "geometric":
        b, half = view.b_geom, 0.5 * float(w @ w)
    else:
        b, half = view.b_kkt, view.rho
    _draw_line(ax, w, -b, xlim, ylim, lw=1.5, gid="decision_boundary")
    handles.append(Line2D([], [], color=COLORS["model"], label="separating line"))
    if margins:
        for side in (1.0, -1.0):
            _draw_line(ax, w, -(b + side * half), xlim, ylim, lw=1.2, ls=":", gid="margins")
        handles.append(Line2D([], [], color=COLORS["model"], ls=":", label="margins"))
    seg = np.vstack([view.p_neg, view.p_pos])
    ax.plot(
        seg[:, 0], seg[:, 1], color=COLORS["model"], lw=1.0, ls="-", zorder=5, gid="nearest_segment"
    )
    ax.scatter(
        seg[:, 0],
        seg[:, 1],
        marker="D",
        s=36,
        c=[COLORS["negative"], COLORS["positive"]],
        edgecolors="black",
        linewidths=0.8,
        zorder=6,
        gid="nearest_points",
    )
    handles.append(
        Line2D(
            [],
            [],
            marker="D",
            ls="none",
            color="0.5",
            markeredgecolor="black",
            label="nearest points",
        )
    )
    _scatter_classes(ax, X, y, pos_label=1.0)
    _circle_support_vectors(ax, X[view.result.support])
    if title is None:
        title = rf"$\mu$ = {mu:.3g} (1/$\mu$ = {1 / mu:.3g}), C = {view.C:.3g}"
    _finish(ax, xlim, ylim, title)
    if legend:
        point_handles, _ = ax.get_legend_handles_labels()
        _legend_outside(ax, point_handles + handles)
    return ax


@_styled
def plot_rch(
    P, mus=None, *, inv_mus=None, ax=None, show_ch=True, show_vertices=True, title=None, legend=True
):
    """Nested reduced convex hulls of one point set (Figs. 2.9, 3.8, 3.12).

    Points as plus marks, the convex hull dashed, ``RCH(P, mu)`` (Algorithm 5,
    :func:`svmbook.hull.qrh`) for each ``mu`` solid with its vertices as small circles.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    mus : float or sequence of float, optional
        Reduction parameters in ``[1/n, 1]``; or give ``inv_mus`` (``1/mu`` values).
    inv_mus : float or sequence of float, optional
    ax : matplotlib Axes, optional
    show_ch : bool, default=True
    show_vertices : bool, default=True
        Mark the RCH vertices (Fig. 2.9's circles).
    title : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    P = _check_points_2d(P)
    if (mus is None) == (inv_mus is None):
        raise ValueError("give exactly one of mus and inv_mus")
    mus = (
        [_resolve_mu(None, v) for v in np.atleast_1d(inv_mus)]
        if mus is None
        else [_resolve_mu(v, None) for v in np.atleast_1d(mus)]
    )
    ax = _get_ax(ax)
    _plus_points(ax, P)
    if show_ch and P.shape[0] >= 3:
        _draw_polygon(
            ax,
            P[_hull.quickhull2d(P)],
            color=COLORS["model"],
            ls="--",
            lw=0.9,
            gid="convex_hull",
            label="convex hull",
        )
    for t, mu in enumerate(sorted(mus, reverse=True)):
        rch = _hull.qrh(P, mu)
        color = _NEST[t % len(_NEST)]
        _draw_polygon(
            ax,
            rch.vertices,
            color=color,
            lw=1.5,
            gid="rch",
            label=rf"$\mu$ = 1/{1 / mu:.4g} ({rch.n_vertices} vertices)",
        )
        if show_vertices:
            ax.scatter(
                rch.vertices[:, 0],
                rch.vertices[:, 1],
                s=14,
                facecolors="none",
                edgecolors=color,
                lw=0.9,
                zorder=4,
                gid="rch_vertices",
            )
    xlim, ylim = _square_limits(P)
    _finish(ax, xlim, ylim, title)
    if legend:
        _legend_outside(ax)
    return ax


class _MuModel:
    """The decision function of a mu-SVM solution, scaled so that its margin lines are +-1.

    Lets :func:`svmbook.plotting.plot_svc_2d` draw it (``decision_function``, ``support_``,
    ``classes_``).
    """

    classes_ = np.array([-1.0, 1.0])

    def __init__(self, X, coef, b, scale, kernel, support):
        self._X, self._coef, self._b, self._scale = X, coef, b, scale
        self._kernel = kernel
        self.support_ = support

    def decision_function(self, Z):
        return (self._kernel(np.asarray(Z, dtype=np.float64), self._X) @ self._coef - self._b) / (
            self._scale
        )


@_styled
def plot_mu_svm_2d(
    X,
    y,
    mu=None,
    *,
    inv_mu=None,
    gamma=None,
    threshold="geometric",
    ax=None,
    grid_resolution=150,
    title=None,
    legend=False,
    shade=True,
):
    """A mu-SVM in input space, linear or Gaussian (Figs. 4.5, 4.8, 4.9b).

    Solves :func:`svmbook.qp.mu_svm_dual` on the Gram matrix and draws the decision boundary
    ``f(x) = sum_i alpha_i y_i K(x_i, x) - b = 0`` (solid), the margin level sets (dotted) and the
    support vectors, with :func:`svmbook.plotting.plot_svc_2d`.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
    mu, inv_mu : float
        Reduction parameter or its inverse (give one).
    gamma : float, optional
        Gaussian kernel ``exp(-gamma ||x - x'||^2)`` (Table 2.1); None is the linear kernel.
    threshold : {"geometric", "kkt"} or float, default="geometric"
        The bisector (4.9) (margin lines through the nearest points), the KKT threshold (4.8)
        (margin lines ``f = +-rho``), or a fixed thesis threshold ``b`` (Fig. 4.9b: ``b = 0``;
        margin lines ``f = b +- rho``).
    ax : matplotlib Axes, optional
    grid_resolution : int, default=150
    title : str, optional
        Default: the parameters.
    legend : bool, default=False
    shade : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    mu = _resolve_mu(mu, inv_mu)
    X, y = _check_two_class_2d(X, y)
    kernel = _kernels.linear() if gamma is None else _kernels.rbf(gamma=float(gamma))
    res = _qp.mu_svm_dual(kernel(X), y, mu)
    f = kernel(X) @ res.coef
    if isinstance(threshold, str):
        if threshold == "geometric":
            b = _thresholds.b_geom(f, y, res.alpha)
            scale = 0.5 * res.w_norm2
        elif threshold == "kkt":
            b, scale = -res.b, res.rho
        else:
            raise ValueError(f"threshold must be 'geometric', 'kkt' or a number, got {threshold!r}")
    else:
        b, scale = float(threshold), res.rho
    model = _MuModel(X, res.coef, b, scale, kernel, res.support)
    if title is None:
        name = "linear" if gamma is None else rf"$\gamma$ = {float(gamma):.3g}"
        title = rf"{name}, $\mu$ = {mu:.3g}"
    return plot_svc_2d(
        model, X, y, ax=ax, grid_resolution=grid_resolution, title=title, legend=legend, shade=shade
    )


@_styled
def plot_nearest_neighbour(X, y, *, ax=None, grid_resolution=150, title="1-NN", legend=False):
    """Regions of the 1-nearest-neighbour classifier (Fig. 4.9a), in the style of ``plot_svc_2d``.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
    ax : matplotlib Axes, optional
    grid_resolution : int, default=150
    title : str, default="1-NN"
    legend : bool, default=False

    Returns
    -------
    matplotlib.axes.Axes
    """
    X, y = _check_two_class_2d(X, y)

    class _OneNN:
        classes_ = np.array([-1.0, 1.0])
        support_ = np.arange(X.shape[0])

        def decision_function(self, Z):
            d2 = ((np.asarray(Z)[:, None, :] - X[None, :, :]) ** 2).sum(axis=2)
            return y[np.argmin(d2, axis=1)]

    return plot_svc_2d(
        _OneNN(),
        X,
        y,
        ax=ax,
        margins=False,
        circle_sv=False,
        grid_resolution=grid_resolution,
        title=title,
        legend=legend,
    )


@_styled
def plot_meb(X, C=None, *, ax=None, title=None, legend=True):
    """The minimal enclosing ball of 2-D points, hard or soft (Fig. 2.10, (2.38)-(2.44)).

    Solves :func:`svmbook.qp.meb_dual` (``C`` None) or :func:`svmbook.qp.soft_meb_dual` on the
    linear kernel and draws the ball, its centre ``c = sum_i alpha_i x_i`` (2.40), the points on
    the sphere (``0 < alpha_i``, circled) and, for the soft ball, the points outside it
    (``alpha_i = C``, crosses).

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    C : float, optional
        Soft-ball bound, ``>= 1/n``; None for the hard ball.
    ax : matplotlib Axes, optional
    title : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    X = _check_points_2d(X, "X")
    K = X @ X.T
    res = _qp.meb_dual(K) if C is None else _qp.soft_meb_dual(K, C)
    centre = res.alpha @ X
    radius = float(np.sqrt(max(res.radius2, 0.0)))
    ax = _get_ax(ax)
    ax.add_patch(
        Circle(
            centre,
            radius,
            facecolor=COLORS["positive_region"],
            edgecolor="black",
            lw=1.3,
            zorder=1,
            gid="ball",
        )
    )
    ax.scatter(*centre, marker="*", s=90, c="black", zorder=5, gid="centre", label="centre $c$")
    ax.scatter(
        X[:, 0],
        X[:, 1],
        s=30,
        c=COLORS["positive"],
        edgecolors="white",
        lw=0.5,
        zorder=3,
        gid="points",
        label=r"$\alpha_i = 0$ (inside)",
    )
    eps = 1e-6 * (1.0 if C is None else C)
    on = (res.alpha > eps) & (res.alpha < (np.inf if C is None else C - eps))
    if np.any(on):
        _circle_support_vectors(ax, X[on], label=r"on the sphere ($0 < \alpha_i$)")
    if C is not None:
        out = res.alpha >= C - eps
        if np.any(out):
            ax.scatter(
                X[out, 0],
                X[out, 1],
                marker="x",
                s=70,
                c="black",
                lw=1.3,
                zorder=4,
                gid="outside",
                label=r"outside ($\alpha_i = C$)",
            )
    lo = np.minimum(X.min(axis=0), centre - radius)
    hi = np.maximum(X.max(axis=0), centre + radius)
    pad = 0.08 * (hi - lo).max()
    if title is None:
        title = "hard MEB" if C is None else f"soft MEB, C = {C:.3g}"
    _finish(ax, (lo[0] - pad, hi[0] + pad), (lo[1] - pad, hi[1] + pad), title)
    if legend:
        _legend_outside(ax)
    return ax


# ------------------------------------------------------------------------------------------------
# Chapter: hull algorithms (Goodrich ch. 3)


class HullStep(NamedTuple):
    """One recursion call of Quickhull (Alg. 3) or Quickhull for RCHs (Alg. 5).

    Attributes
    ----------
    facet : ndarray of shape (2, 2)
        The facet ``l -> r`` the call splits (rows: ``l``, ``r``); its outward normal is
        ``r - l`` rotated counter-clockwise (Sec. 3.5.2).
    subset : ndarray of int64
        Indices of the points the call sees (``P`` of QH_HELPER).
    vertex : ndarray of shape (2,) or None
        The new vertex ``h``; None when the facet is final.
    support, weights : ndarray or None
        Support points of ``h`` (indices into P, light point last) and their weights.
    left, right : ndarray of int64 or None
        The subsets ``L`` and ``R`` passed to the two recursive calls.
    polygon : ndarray of shape (n_v, 2)
        The vertices found so far in the thesis's (clockwise) order, after this call.
    """

    facet: np.ndarray
    subset: np.ndarray
    vertex: np.ndarray | None
    support: np.ndarray | None
    weights: np.ndarray | None
    left: np.ndarray | None
    right: np.ndarray | None
    polygon: np.ndarray


def _normal(a, b):
    """``b - a`` rotated counter-clockwise, unit length (Goodrich's ``normal(r - l)``)."""
    n = np.array([a[1] - b[1], b[0] - a[0]])
    norm = np.hypot(*n)
    return n / norm if norm > 0 else n


def _hull_steps(P, mu, k, filter, eps):
    """The shared generator of :func:`quickhull_steps` (``mu`` None) and :func:`qrh_steps`."""
    n = P.shape[0]
    everything = np.arange(n)

    def vertex(S, direction):
        if mu is None:
            i = S[np.argmax(P[S] @ direction)]
            return P[i].copy(), np.array([i]), np.ones(1)
        kw = {"k": k} if k else {"mu": mu}
        v = _hull.extreme_vertex(P[S], direction, **kw)
        return v.point, S[v.support], v.weights

    pl, sl, wl = vertex(everything, np.array([-1.0, 0.0]))
    pr, sr, wr = vertex(everything, np.array([1.0, 0.0]))
    coords, supports = [pl, pr], [sl, sr]
    m = 1 if mu is None else _hull.n_support(mu, k)
    polygon = [0, 1]  # vertex ids in the thesis's clockwise order
    yield HullStep(
        np.vstack([pl, pr]), everything, None, None, None, None, None, np.array(coords)[polygon]
    )
    stack = [(1, 0, everything), (0, 1, everything)]  # (a, b, S): QH_HELPER(S, a, b), left first
    while stack:
        a, b, S = stack.pop()
        facet = np.vstack([coords[a], coords[b]])
        if filter == "thesis" and S.shape[0] < m:
            yield HullStep(facet, S, None, None, None, None, None, np.array(coords)[polygon])
            continue
        nrm = _normal(coords[a], coords[b])
        h, sh, wh = vertex(S, nrm)
        if nrm @ (h - coords[a]) <= eps:  # "if h = l or h = r": a projection test
            yield HullStep(facet, S, None, None, None, None, None, np.array(coords)[polygon])
            continue
        hid = len(coords)
        coords.append(h)
        supports.append(sh)
        polygon.insert(polygon.index(a) + 1, hid)
        nl, nr = _normal(coords[a], h), _normal(h, coords[b])
        if mu is None:
            # Alg. 3 with the termination guard: points strictly beyond the new facets, and the
            # facet's own end points (notes 001a 2.15).
            left = S[(P[S] @ nl > nl @ h + eps) | np.isin(S, [supports[a][0], sh[0]])]
            right = S[(P[S] @ nr > nr @ h + eps) | np.isin(S, [sh[0], supports[b][0]])]
        elif filter == "none":
            left, right = S, S
        elif filter == "thesis":
            # As printed: n_l . x >= n_l . s for any (some) support point s of h.
            left = S[P[S] @ nl >= (P[sh] @ nl).min() - eps]
            right = S[P[S] @ nr >= (P[sh] @ nr).min() - eps]
        else:
            # Corrected (errata O2): the support points of both end points of the new facet stay.
            left = S[P[S] @ nl >= min((P[supports[a]] @ nl).min(), (P[sh] @ nl).min()) - eps]
            right = S[P[S] @ nr >= min((P[sh] @ nr).min(), (P[supports[b]] @ nr).min()) - eps]
        yield HullStep(facet, S, h, sh, wh, left, right, np.array(coords)[polygon])
        stack.append((hid, b, right))
        stack.append((a, hid, left))


def quickhull_steps(P, eps=None):
    """The recursion of Quickhull (Algorithm 3, with the termination guard), one call per step.

    A teaching re-run of :func:`svmbook.hull.quickhull2d` in plain numpy: the first step holds
    the initial vertices ``l`` (least x) and ``r`` (greatest x); each further step is one call of
    QH_HELPER, splitting its facet at the farthest point ``h`` or declaring it final.

    Parameters
    ----------
    P : array-like of shape (n, 2)
        At least two points with distinct x coordinates.
    eps : float, optional
        Distance tolerance (default ``1e-12`` times the extent of P).

    Returns
    -------
    list of HullStep
        ``steps[-1].polygon`` is the convex hull, clockwise.

    Examples
    --------
    >>> steps = quickhull_steps([[0.0, 0.0], [2.0, 0.0], [1.0, 2.0], [1.0, 0.5]])
    >>> len(steps), steps[-1].polygon.tolist()
    (5, [[0.0, 0.0], [1.0, 2.0], [2.0, 0.0]])
    """
    P = _check_points_2d(P)
    if np.ptp(P[:, 0]) == 0:
        raise ValueError("P must have points with different x coordinates")
    eps = _hull.convex.default_eps(P, eps)
    return list(_hull_steps(P, None, 0, "both", eps))


def qrh_steps(P, mu=None, *, k=None, filter="both", eps=None):
    """The recursion of Quickhull for RCHs (Algorithm 5), one QRH_HELPER call per step.

    A teaching re-run of :func:`svmbook.hull.qrh` with :func:`svmbook.hull.extreme_vertex`
    (Theorem 3) as the vertex oracle on each call's subset.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    mu : float, optional
        Reduction parameter in ``[1/n, 1]``; or ``k`` for ``mu = 1/k``.
    k : int, optional
    filter : {"both", "none", "thesis"}, default="both"
        The subsets ``L``, ``R``: the corrected filter (support points of both end points of the
        new facet), no filter, or the printed one (support points of ``h`` only), which loses
        vertices (errata O2); as in :func:`svmbook.hull.qrh`, a "thesis" call left with fewer than
        ``ceil(1/mu)`` points ends.
    eps : float, optional

    Returns
    -------
    list of HullStep
        ``steps[-1].polygon`` is the RCH, clockwise.
    """
    P = _check_points_2d(P)
    if filter not in ("both", "none", "thesis"):
        raise ValueError(f"filter must be one of 'both', 'none', 'thesis', got {filter!r}")
    mu, k = _hull.resolve_mu(P.shape[0], mu, k)
    eps = _hull.convex.default_eps(P, eps)
    return list(_hull_steps(P, mu, k, filter, eps))


@_styled
def plot_hull_step(P, steps, step, *, ax=None, title=None, legend=True):
    """One step of :func:`quickhull_steps` / :func:`qrh_steps` (the step-through figure).

    Grey plus marks for P; the subset the call sees as filled dots; the facet ``l -> r`` thick with
    its outward normal; the new vertex ``h`` (a star) with its support points circled and the two
    new facets dashed; the points kept for the next calls ``L`` and ``R`` ringed in two colours; the
    polygon found so far (solid black).

    Parameters
    ----------
    P : array-like of shape (n, 2)
    steps : list of HullStep
    step : int
        Index into ``steps`` (0-based).
    ax : matplotlib Axes, optional
    title : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    P = _check_points_2d(P)
    step = int(step)
    if not 0 <= step < len(steps):
        raise ValueError(f"step must be in [0, {len(steps) - 1}], got {step}")
    st = steps[step]
    ax = _get_ax(ax)
    _plus_points(ax, P, label="$P$")
    ax.scatter(
        P[st.subset, 0],
        P[st.subset, 1],
        s=22,
        c=COLORS["data"],
        zorder=3,
        gid="subset",
        label="points of the call",
    )
    _draw_polygon(ax, st.polygon, color=COLORS["model"], lw=1.2, gid="polygon", label="hull so far")
    ax.plot(
        st.facet[:, 0],
        st.facet[:, 1],
        color=COLORS["negative"],
        lw=3.0,
        zorder=4,
        gid="facet",
        label="facet $l \\to r$",
    )
    mid = st.facet.mean(axis=0)
    nrm = _normal(st.facet[0], st.facet[1])
    span = max(np.ptp(P[:, 0]), np.ptp(P[:, 1]))
    if np.any(nrm):
        ax.annotate(
            "",
            xy=mid + 0.12 * span * nrm,
            xytext=mid,
            arrowprops={"arrowstyle": "->", "color": COLORS["negative"], "lw": 1.3},
            gid="normal",
        )
    if st.vertex is not None:
        for part, color, name in ((st.left, OKABE_ITO[2], "$L$"), (st.right, OKABE_ITO[4], "$R$")):
            ax.scatter(
                P[part, 0],
                P[part, 1],
                s=90 if color == OKABE_ITO[2] else 150,
                facecolors="none",
                edgecolors=color,
                lw=1.1,
                zorder=4,
                gid="kept",
                label=f"kept for {name}",
            )
        for end in st.facet:
            ax.plot(
                [end[0], st.vertex[0]],
                [end[1], st.vertex[1]],
                color=OKABE_ITO[3],
                ls="--",
                lw=1.3,
                zorder=4,
                gid="new_facets",
            )
        ax.scatter(
            *st.vertex,
            marker="*",
            s=160,
            c=OKABE_ITO[3],
            edgecolors="black",
            lw=0.6,
            zorder=6,
            gid="new_vertex",
            label="new vertex $h$",
        )
        if st.support.shape[0] > 1:
            ax.scatter(
                P[st.support, 0],
                P[st.support, 1],
                marker="s",
                s=40,
                facecolors="none",
                edgecolors=OKABE_ITO[3],
                lw=1.2,
                zorder=5,
                gid="support",
                label="support of $h$",
            )
    if title is None:
        if step == 0:
            title = "step 0: initial vertices $l$, $r$"
        elif st.vertex is None:
            title = f"step {step}: facet is final"
        else:
            title = f"step {step}: split at $h$"
    xlim, ylim = _square_limits(P)
    _finish(ax, xlim, ylim, title)
    if legend:
        _legend_outside(ax)
    return ax


@_styled
def plot_hull_3d(P, vertices, facets, *, ax=None, title=None, points=True, alpha=0.35):
    """A triangulated 3-D hull (Fig. 3.1b): facets as translucent triangles, vertices circled.

    Parameters
    ----------
    P : array-like of shape (n, 3) or None
        The points (drawn as small dots when ``points``); None to draw the hull alone.
    vertices : array-like of shape (n_v, 3)
        Vertex coordinates.
    facets : array-like of shape (n_f, 3), int
        Rows of indices into ``vertices``.
    ax : 3-D matplotlib Axes, optional
        Created (``projection="3d"``) when None.
    title : str, optional
    points : bool, default=True
    alpha : float, default=0.35
        Face opacity.

    Returns
    -------
    mpl_toolkits.mplot3d.axes3d.Axes3D
    """
    import matplotlib.pyplot as plt
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    V = np.asarray(vertices, dtype=np.float64)
    F = np.asarray(facets, dtype=np.int64)
    if V.ndim != 2 or V.shape[1] != 3:
        raise ValueError(f"vertices must have shape (n_v, 3), got {V.shape}")
    if F.ndim != 2 or F.shape[1] != 3 or (F.size and (F.min() < 0 or F.max() >= V.shape[0])):
        raise ValueError("facets must be rows of 3 indices into vertices")
    if ax is None:
        ax = plt.figure().add_subplot(projection="3d")
    if not hasattr(ax, "zaxis"):
        raise ValueError("ax must be a 3-D Axes (projection='3d')")
    faces = Poly3DCollection(
        V[F], facecolors=OKABE_ITO[5], edgecolors="0.25", linewidths=0.6, alpha=alpha
    )
    faces.set_gid("facets")
    ax.add_collection3d(faces)
    ax.scatter(
        V[:, 0],
        V[:, 1],
        V[:, 2],
        s=30,
        facecolors="none",
        edgecolors="black",
        lw=1.0,
        depthshade=False,
        gid="vertices",
    )
    if P is not None and points:
        P = np.asarray(P, dtype=np.float64)
        ax.scatter(P[:, 0], P[:, 1], P[:, 2], s=6, c=COLORS["data"], depthshade=False, gid="points")
    allp = V if P is None else np.vstack([V, P])
    for setter, col in ((ax.set_xlim, 0), (ax.set_ylim, 1), (ax.set_zlim, 2)):
        setter(*_padded_limits(allp[:, col], 0.05))
    ax.set_xlabel("$x_1$")
    ax.set_ylabel("$x_2$")
    ax.set_zlabel("$x_3$")
    if title is not None:
        ax.set_title(title)
    return ax


@_styled
def plot_extreme_vertex(
    P, mu=None, angle=0.0, *, inv_mu=None, ax=None, show_rch=True, title=None, legend=True
):
    """Theorem 3: the vertex of ``RCH(P, mu)`` extreme in the direction at ``angle`` (Fig. 3.5).

    The direction ``n = (cos angle, sin angle)`` as an arrow from the centroid; the line
    perpendicular to ``n`` "pushed into" P until ``m = ceil(1/mu)`` points lie on or beyond it;
    those support points circled and labelled with their weights (``mu``, and the light point's
    ``1 - (m - 1) mu`` in orange); the vertex ``v`` (a star) on the RCH outline.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    mu : float, optional
        In ``[1/n, 1]``; or give ``inv_mu``.
    angle : float, default=0.0
        Direction angle in degrees.
    inv_mu : float, optional
    ax : matplotlib Axes, optional
    show_rch : bool, default=True
        Outline ``RCH(P, mu)`` (:func:`svmbook.hull.qrh`).
    title : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    P = _check_points_2d(P)
    mu = _resolve_mu(mu, inv_mu)
    theta = np.deg2rad(float(angle))
    n = np.array([np.cos(theta), np.sin(theta)])
    v = _hull.extreme_vertex(P, n, mu=mu)
    ax = _get_ax(ax)
    _plus_points(ax, P)
    if show_rch:
        _draw_polygon(
            ax,
            _hull.qrh(P, mu).vertices,
            color=OKABE_ITO[2],
            lw=1.4,
            gid="rch",
            label=r"RCH$(P, \mu)$",
        )
    xlim, ylim = _square_limits(P, 0.2)
    proj = P[v.support] @ n
    level = proj.min()
    _draw_line(
        ax, n, -level, xlim, ylim, lw=1.0, ls="-.", color=COLORS["breakpoint"], gid="pushed_plane"
    )
    full = v.weights >= v.weights[0] * (1 - 1e-9)
    colors = [COLORS["positive"] if f else OKABE_ITO[3] for f in full]
    ax.scatter(
        P[v.support, 0],
        P[v.support, 1],
        s=110,
        facecolors="none",
        edgecolors=colors,
        lw=1.4,
        zorder=4,
        gid="support_points",
    )
    span = max(np.ptp(P[:, 0]), np.ptp(P[:, 1]))
    for i, lam, c in zip(v.support, v.weights, colors, strict=True):
        ax.annotate(
            f"{lam:.3g}",
            P[i],
            xytext=(6, 5),
            textcoords="offset points",
            fontsize=7,
            color=c,
            gid="weights",
        )
    c0 = P.mean(axis=0)
    ax.annotate(
        "",
        xy=c0 + 0.25 * span * n,
        xytext=c0,
        arrowprops={"arrowstyle": "->", "color": "black", "lw": 1.4},
        gid="direction",
    )
    ax.scatter(
        *v.point,
        marker="*",
        s=170,
        c=OKABE_ITO[3],
        edgecolors="black",
        lw=0.6,
        zorder=6,
        gid="vertex",
        label="vertex $v$",
    )
    handles = [
        Line2D(
            [],
            [],
            marker="o",
            ls="none",
            mfc="none",
            mec=COLORS["positive"],
            label=r"support, weight $\mu$",
        ),
        Line2D(
            [],
            [],
            marker="o",
            ls="none",
            mfc="none",
            mec=OKABE_ITO[3],
            label=r"light point, $1-(m-1)\mu$",
        ),
    ]
    if title is None:
        title = rf"$\mu$ = {mu:.3g}, $m$ = {v.support.shape[0]}, angle = {float(angle):.0f}°"
    _finish(ax, xlim, ylim, title)
    if legend:
        _legend_outside(ax, ax.get_legend_handles_labels()[0] + handles)
    return ax


@_styled
def plot_qrh_filters(P, mu=None, *, k=None, ax=None, zoom=True, title=None, legend=True):
    """Algorithm 5 with the corrected filter against the printed one (errata O2).

    The exact RCH (:func:`svmbook.hull.qrh`, ``filter="both"``) solid with its vertices, the printed
    filter's (``filter="thesis"``) dashed, and the vertices the printed filter loses marked with a
    red ring, magnified in an inset.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    mu : float, optional
    k : int, optional
        ``mu = 1/k`` (give one of ``mu``, ``k``).
    ax : matplotlib Axes, optional
    zoom : bool, default=True
        Add an inset (lower right) magnifying the first lost vertex, if any.
    title : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    P = _check_points_2d(P)
    exact = _hull.qrh(P, mu, k=k)
    printed = _hull.qrh(P, mu, k=k, filter="thesis")
    ax = _get_ax(ax)
    gap = np.array([np.linalg.norm(printed.vertices - v, axis=1).min() for v in exact.vertices])
    lost = exact.vertices[gap > 1e-9 * max(1.0, np.abs(P).max())]
    xlim, ylim = _square_limits(P)
    panels = [ax]
    if zoom and lost.size:
        inset = ax.inset_axes([0.6, 0.04, 0.38, 0.38])
        half = 0.025 * max(np.ptp(P[:, 0]), np.ptp(P[:, 1]))
        inset.set_xlim(lost[0, 0] - half, lost[0, 0] + half)
        inset.set_ylim(lost[0, 1] - half, lost[0, 1] + half)
        inset.set_xticks([])
        inset.set_yticks([])
        inset.set_gid("zoom")
        inset.spines[["top", "right"]].set_visible(True)
        ax.indicate_inset_zoom(inset, edgecolor="0.4")
        panels.append(inset)
    for target in panels:
        main = target is ax
        _plus_points(target, P, label="points of $P$" if main else None)
        _draw_polygon(
            target,
            exact.vertices,
            color=OKABE_ITO[2],
            lw=2.2,
            label=f"corrected filter ({exact.n_vertices} vertices)" if main else None,
            gid="rch",
        )
        _draw_polygon(
            target,
            printed.vertices,
            color="black",
            lw=1.1,
            ls="--",
            label=f"printed filter ({printed.n_vertices} vertices)" if main else None,
            gid="rch_thesis",
        )
        target.scatter(exact.vertices[:, 0], exact.vertices[:, 1], s=14, c=OKABE_ITO[2], zorder=5)
        if lost.size:
            target.scatter(
                lost[:, 0],
                lost[:, 1],
                s=220 if main else 400,
                facecolors="none",
                edgecolors="red",
                lw=1.8,
                zorder=6,
                gid="lost_vertices",
                label="vertex lost" if main else None,
            )
    if title is None:
        title = rf"RCH$(P, \mu = {exact.mu:.3g})$: Algorithm 5 filters"
    _finish(ax, xlim, ylim, title)
    if legend:
        _legend_outside(ax)
    return ax


def _vertex_directions(vertices):
    """For each vertex of a convex CCW polygon, a direction in which it is the unique extreme:
    the bisector of the outward normals of its two edges."""
    V = np.asarray(vertices)
    nv = V.shape[0]
    out = np.empty_like(V)
    for i in range(nv):
        prev_edge = V[i] - V[i - 1]
        next_edge = V[(i + 1) % nv] - V[i]
        # outward normal of a CCW edge e: (e_y, -e_x)
        n1 = np.array([prev_edge[1], -prev_edge[0]])
        n2 = np.array([next_edge[1], -next_edge[0]])
        d = n1 / np.linalg.norm(n1) + n2 / np.linalg.norm(n2)
        out[i] = d / np.linalg.norm(d)
    return out


@_styled
def plot_ksets(P, k, *, ax=None, highlight=None, title=None, legend=True):
    """The k-sets of P and ``RCH(P, 1/k)`` (Fig. 3.7, Sec. 3.6).

    Each vertex of ``RCH(P, 1/k)`` is the centroid of a k-set (its k support points); a line
    cutting that k-set off from the rest is drawn for each (dashed), the vertices marked, and
    one k-set (``highlight``, a vertex index) circled.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    k : int
        ``1 <= k <= n - 1``.
    ax : matplotlib Axes, optional
    highlight : int, optional
        Vertex whose k-set is circled (default 0); -1 for none.
    title : str, optional
        Default: the number of k-sets.
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    P = _check_points_2d(P)
    n = P.shape[0]
    if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 1 <= k <= n - 1:
        raise ValueError(f"k must be an integer in [1, n - 1] = [1, {n - 1}], got {k!r}")
    rch = _hull.qrh(P, k=int(k))
    ax = _get_ax(ax)
    xlim, ylim = _square_limits(P, 0.2)
    if rch.n_vertices >= 3:
        dirs = _vertex_directions(rch.vertices)
        for d in dirs:
            proj = np.sort(P @ d)[::-1]
            cut = 0.5 * (proj[k - 1] + proj[k])
            _draw_line(
                ax,
                d,
                -cut,
                xlim,
                ylim,
                lw=0.8,
                ls="--",
                color=COLORS["breakpoint"],
                gid="kset_lines",
            )
    _draw_polygon(ax, rch.vertices, color=OKABE_ITO[2], lw=1.6, gid="rch", label=f"RCH$(P, 1/{k})$")
    ax.scatter(
        rch.vertices[:, 0],
        rch.vertices[:, 1],
        s=20,
        c=OKABE_ITO[2],
        zorder=4,
        gid="rch_vertices",
        label="k-set centroids",
    )
    ax.scatter(
        P[:, 0],
        P[:, 1],
        s=34,
        c=COLORS["positive"],
        edgecolors="white",
        lw=0.5,
        zorder=3,
        gid="points",
        label="$P$",
    )
    highlight = 0 if highlight is None else int(highlight)
    if 0 <= highlight < rch.n_vertices:
        sup = rch.support[highlight]
        ax.scatter(
            P[sup, 0],
            P[sup, 1],
            s=150,
            facecolors="none",
            edgecolors="black",
            lw=1.3,
            zorder=5,
            gid="highlight",
            label="one k-set",
        )
    if title is None:
        title = f"{rch.n_vertices} {k}-sets"
    _finish(ax, xlim, ylim, title)
    if legend:
        _legend_outside(ax)
    return ax


@_styled
def plot_symmetry(P, k, *, ax=None, n_rays=3, title=None, legend=True):
    """Eq. (3.8): ``RCH(P, 1/(n-k))`` is ``RCH(P, 1/k)`` reflected through the centroid and scaled
    by ``k/(n-k)`` (Fig. 3.11).

    Both hulls, the centroid ``c``, and for ``n_rays`` vertices ``v_a`` the segment through ``c`` to
    their images ``w_a = n/(n-k) c - k/(n-k) v_a`` (:func:`svmbook.hull.symmetric_transform`).

    Parameters
    ----------
    P : array-like of shape (n, 2)
    k : int
        ``1 <= k <= n - 1``.
    ax : matplotlib Axes, optional
    n_rays : int, default=3
    title : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    P = _check_points_2d(P)
    n = P.shape[0]
    if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 1 <= k <= n - 1:
        raise ValueError(f"k must be an integer in [1, n - 1] = [1, {n - 1}], got {k!r}")
    big = _hull.qrh(P, k=int(k))
    image = _hull.symmetric_transform(big, P)
    c = P.mean(axis=0)
    ax = _get_ax(ax)
    _plus_points(ax, P)
    _draw_polygon(ax, big.vertices, color=OKABE_ITO[2], lw=1.6, gid="rch", label=f"RCH$(P, 1/{k})$")
    _draw_polygon(
        ax,
        image.vertices,
        color=OKABE_ITO[4],
        lw=1.6,
        gid="rch_image",
        label=f"RCH$(P, 1/{n - k})$ by (3.8)",
    )
    ax.scatter(*c, marker="*", s=110, c="black", zorder=5, gid="centroid", label="centroid $c$")
    names = "abcdefghij"
    for t in range(min(int(n_rays), big.n_vertices, len(names))):
        v, w = big.vertices[t], image.vertices[t]
        ax.plot(
            [v[0], w[0]],
            [v[1], w[1]],
            color=COLORS["breakpoint"],
            lw=0.8,
            ls=":",
            zorder=2,
            gid="rays",
        )
        ax.annotate(f"$v_{names[t]}$", v, xytext=(4, 4), textcoords="offset points", fontsize=8)
        ax.annotate(f"$w_{names[t]}$", w, xytext=(4, -10), textcoords="offset points", fontsize=8)
    xlim, ylim = _square_limits(P)
    if title is None:
        title = rf"$\mu = 1/{k} \leftrightarrow \mu = 1/{n - k}$ (n = {n})"
    _finish(ax, xlim, ylim, title)
    if legend:
        _legend_outside(ax)
    return ax


@_styled
def plot_hull_counts(
    inv_mu,
    counts,
    *,
    ax=None,
    label="vertices",
    bound=None,
    title=None,
    legend=True,
    ylabel="number of facets ($n_r = n_v$ in 2-D)",
):
    """Vertex/facet counts of ``RCH(P, mu)`` against ``1/mu`` (Fig. 3.9).

    Integer ``1/mu`` (k-sets) as filled circles joined by a line, non-integer ones as open squares;
    an optional bound (e.g. (3.4)) dashed.

    Parameters
    ----------
    inv_mu : array-like of shape (m,)
        ``1/mu`` values.
    counts : array-like of shape (m,)
    ax : matplotlib Axes, optional
    label : str, default="vertices"
    bound : array-like of shape (m,), optional
    title, ylabel : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    x = np.asarray(inv_mu, dtype=np.float64)
    c = np.asarray(counts, dtype=np.float64)
    if x.ndim != 1 or c.shape != x.shape:
        raise ValueError(f"inv_mu and counts must be 1-D of equal length, got {x.shape}, {c.shape}")
    ax = _get_ax(ax)
    integer = np.isclose(x, np.round(x))
    order = np.argsort(x)
    xi, ci = x[order][integer[order]], c[order][integer[order]]
    ax.plot(
        xi,
        ci,
        "o-",
        color=COLORS["positive"],
        ms=4,
        gid="counts_integer",
        label=f"{label}, $1/\\mu = k$",
    )
    if np.any(~integer):
        ax.plot(
            x[~integer],
            c[~integer],
            "s",
            mfc="none",
            color=OKABE_ITO[3],
            ms=5,
            gid="counts_fractional",
            label=f"{label}, $1/\\mu \\in (k, k+1)$",
        )
    if bound is not None:
        bnd = np.asarray(bound, dtype=np.float64)
        if bnd.shape != x.shape:
            raise ValueError(f"bound must have shape {x.shape}, got {bnd.shape}")
        ax.plot(
            x[order], bnd[order], ls="--", color=COLORS["breakpoint"], gid="bound", label="bound"
        )
    ax.set_xlabel(r"$1/\mu$")
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    if legend:
        ax.legend(loc="best")
    return ax


@_styled
def plot_wrch(P, s, mus, *, ax=None, title=None, legend=True, label_points=True):
    """Weighted reduced convex hulls ``WRCH(P, mu, s)`` for several ``mu`` (Fig. 3.13, Alg. 7).

    Points labelled with their weights, the convex hull dashed, each WRCH
    (:func:`svmbook.hull.wqrh`) solid, and the weighted centroid (a star), where the hull ends at
    ``mu = 1/sum(s)``.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    s : array-like of shape (n,)
        Weights ``s_i >= 0``.
    mus : float or sequence of float
        Each ``>= 1/sum(s)``.
    ax : matplotlib Axes, optional
    title : str, optional
    legend : bool, default=True
    label_points : bool, default=True
        Write ``x_i (s_i)`` next to each point (1-based, as the thesis).

    Returns
    -------
    matplotlib.axes.Axes
    """
    P = _check_points_2d(P)
    s = np.asarray(s, dtype=np.float64)
    if s.shape != (P.shape[0],):
        raise ValueError(f"s must have shape ({P.shape[0]},), got {s.shape}")
    mus = sorted((float(m) for m in np.atleast_1d(mus)), reverse=True)
    ax = _get_ax(ax)
    ax.scatter(
        P[:, 0],
        P[:, 1],
        s=34,
        c=COLORS["positive"],
        edgecolors="white",
        lw=0.5,
        zorder=3,
        gid="points",
    )
    if P.shape[0] >= 3:
        _draw_polygon(
            ax,
            P[_hull.quickhull2d(P)],
            color=COLORS["model"],
            ls="--",
            lw=0.9,
            gid="convex_hull",
            label="convex hull",
        )
    for t, mu in enumerate(mus):
        h = _hull.wqrh(P, s, mu)
        _draw_polygon(
            ax,
            h.vertices,
            color=_NEST[t % len(_NEST)],
            lw=1.5,
            gid="wrch",
            label=rf"$\mu$ = {mu:.3g}",
        )
    cw = _hull.weighted_centroid(P, s)
    ax.scatter(
        *cw,
        marker="*",
        s=110,
        c="black",
        zorder=5,
        gid="weighted_centroid",
        label="weighted centroid",
    )
    if label_points:
        for i, (p, si) in enumerate(zip(P, s, strict=True)):
            ax.annotate(
                f"$x_{i + 1}$ ({si:.3g})",
                p,
                xytext=(5, 5),
                textcoords="offset points",
                fontsize=8,
                gid="point_labels",
            )
    xlim, ylim = _square_limits(P, 0.2)
    _finish(ax, xlim, ylim, title)
    if legend:
        _legend_outside(ax)
    return ax


def plot_wrch_weights(P, mus, *, ax=None, title=None, legend=True, **weights):
    """:func:`plot_wrch` with the weights as keywords ``s1=..., s2=...`` (one slider per point).

    The live explorer of the weighted hull puts one slider on each ``s_i``; this is its callback.
    Points without a keyword keep weight 1; keyword numbers are 1-based, as in the thesis.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    mus : float or sequence of float
    ax : matplotlib Axes, optional
    title : str, optional
    legend : bool, default=True
    **weights : float
        ``s1``, ..., ``sn``.

    Returns
    -------
    matplotlib.axes.Axes
    """
    P = _check_points_2d(P)
    s = np.ones(P.shape[0])
    for key, value in weights.items():
        if not key.startswith("s") or not key[1:].isdigit() or not 1 <= int(key[1:]) <= s.size:
            raise ValueError(f"weights are s1..s{s.size}, got {key!r}")
        s[int(key[1:]) - 1] = float(value)
    lo = _hull.wrch_min_mu(s)
    mus = [m for m in np.atleast_1d(mus) if m >= lo * (1 - 1e-12)] or [lo]
    return plot_wrch(P, s, mus, ax=ax, title=title, legend=legend)
