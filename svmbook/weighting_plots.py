"""Figure builders for the chapter on weighted SVMs and thresholds (Goodrich 2012, chapter 4).

Pure functions in the style of :mod:`svmbook.plotting`: each takes data (and the parameters of the
machine it draws) and an optional ``ax``, draws into it (creating a figure only when ``ax`` is
None) and returns what it drew into. Artists that tests and readers may want to find carry a
``gid``: ``"wrch"``, ``"convex_hull"``, ``"nearest_points"``, ``"threshold_<name>"``,
``"kkt_interval"``, ``"margins"``, ``"support_vectors"``, ``"sigmoid"``, ...

Thresholds are the thesis's, *subtracted*: a linear machine with normal ``w`` predicts
``sign(w . x - b)``, so the decision line of threshold ``b`` is ``{x : w . x = b}``. The
weighted machines are :class:`svmbook.MuSVC` with the linear kernel, so that their reduced hulls
live in the plane of the data; the C-SVMs are :class:`svmbook.SVC`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from matplotlib import patheffects
from matplotlib.lines import Line2D
from matplotlib.patches import Polygon

from svmbook import thresholds as _thresholds
from svmbook._validation import check_labels_pm1
from svmbook.hull.wrch import wqrh
from svmbook.plotting import (
    _POINT_SIZE,
    COLORS,
    MARKERS,
    OKABE_ITO,
    _circle_support_vectors,
    _get_ax,
    _padded_limits,
    _styled,
)

__all__ = [
    "THRESHOLD_STYLES",
    "CSVMThresholds",
    "WeightedSVMGeometry",
    "linear_csvm_thresholds",
    "linear_wsvm_geometry",
    "plot_c_threshold",
    "plot_platt_fit",
    "plot_strategy_errors",
    "plot_threshold_path",
    "plot_thresholds",
    "plot_weighted_svm",
    "plot_wrch",
]

THRESHOLD_STYLES = {
    "geometric": ("black", "-"),
    "kkt": (OKABE_ITO[2], "--"),
    "platt": (OKABE_ITO[4], "-."),
    "mu_kkt": (OKABE_ITO[3], ":"),
}
"""Colour and line style of each kind of threshold, matched by name: "platt", "mu-svm" (the
mu-SVM's KKT threshold next to a C-SVM's), "geom", "kkt"."""

_OTHER_STYLES = ((OKABE_ITO[3], ":"), (OKABE_ITO[5], (0, (5, 1, 1, 1))), (OKABE_ITO[7], ":"))
_MAX_AREA = 12.0  # marker areas grow with the weight up to this multiple of a unit point's


def _threshold_style(name, k):
    """(colour, linestyle) of the k-th threshold called ``name``."""
    low = name.lower()
    for key, style in (("platt", "platt"), ("mu-svm", "mu_kkt"), ("geom", "geometric")):
        if key in low:
            return THRESHOLD_STYLES[style]
    if "kkt" in low:
        return THRESHOLD_STYLES["kkt"]
    return _OTHER_STYLES[k % len(_OTHER_STYLES)]


def _slug(name):
    """``"C-SVM KKT $b$"`` -> ``"c_svm_kkt_b"`` (for gids)."""
    return "_".join("".join(c if c.isalnum() else " " for c in name.lower()).split())


def _check_xy(X, y):
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"X must have shape (n_samples, 2), got {X.shape}")
    y = check_labels_pm1("y", y)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must have shape ({X.shape[0]},), got {y.shape}")
    if not (np.any(y > 0) and np.any(y < 0)):
        raise ValueError("y must contain both classes -1 and +1")
    return X, y


def _check_weights(sample_weight, n, point=None, weight=None):
    s = np.ones(n) if sample_weight is None else np.array(sample_weight, dtype=np.float64)
    if s.shape != (n,):
        raise ValueError(f"sample_weight must have shape ({n},), got {s.shape}")
    if (point is None) != (weight is None):
        raise ValueError("point and weight must be given together")
    if point is not None:
        point = int(point)
        if not 0 <= point < n:
            raise ValueError(f"point must be an index in [0, {n}), got {point}")
        s[point] = float(weight)
    if np.any(~np.isfinite(s)) or np.any(s < 0):
        raise ValueError("sample_weight (and weight) must be finite and >= 0")
    return s


def _window(X, xlim, ylim):
    xlim = _padded_limits(X[:, 0]) if xlim is None else tuple(map(float, xlim))
    ylim = _padded_limits(X[:, 1]) if ylim is None else tuple(map(float, ylim))
    return xlim, ylim


def _scatter_weighted(ax, X, y, s, point_size=_POINT_SIZE, alpha=1.0):
    """Both classes, marker area proportional to the weight (capped), weight-0 points hollow."""
    area = point_size * np.clip(s, 0.0, _MAX_AREA)
    for cls, key, name in ((1.0, "positive", "$+1$"), (-1.0, "negative", "$-1$")):
        live = (y == cls) & (s > 0)
        if np.any(live):
            ax.scatter(
                X[live, 0],
                X[live, 1],
                s=area[live],
                c=COLORS[key],
                marker=MARKERS[key],
                edgecolors="white",
                linewidths=0.5 if point_size >= 10 else 0.0,
                alpha=alpha,
                label=f"class {name}",
                zorder=3,
                gid=f"class_{key}",
            )
        dead = (y == cls) & (s <= 0)
        if np.any(dead):
            ax.scatter(
                X[dead, 0],
                X[dead, 1],
                s=point_size,
                facecolors="none",
                edgecolors=COLORS[key],
                marker=MARKERS[key],
                linewidths=0.8,
                zorder=3,
                gid=f"class_{key}_weight0",
            )


def _draw_hull_polygon(ax, vertices, color, *, gid, linestyle="-", fill=True, label=None):
    """A polygon (or a segment, or a single point: a star) of hull vertices in CCW order."""
    if vertices.shape[0] == 1:
        (art,) = ax.plot(
            vertices[:, 0],
            vertices[:, 1],
            marker="*",
            markersize=12,
            color=color,
            markeredgecolor="black",
            linestyle="none",
            zorder=5,
            label=label,
        )
    elif vertices.shape[0] == 2:
        (art,) = ax.plot(vertices[:, 0], vertices[:, 1], color=color, ls=linestyle, label=label)
    else:
        art = Polygon(
            vertices,
            closed=True,
            facecolor=color if fill else "none",
            alpha=0.18 if fill else 1.0,
            edgecolor=color,
            linestyle=linestyle,
            linewidth=1.5,
            zorder=1,
            label=label,
        )
        ax.add_patch(art)
        if fill:  # an opaque outline over the translucent face, above the points
            edge = Polygon(
                vertices,
                closed=True,
                fill=False,
                edgecolor=color,
                linestyle=linestyle,
                lw=2.0,
                zorder=4.5,
                path_effects=[patheffects.withStroke(linewidth=3.5, foreground="white")],
            )
            edge.set_gid(gid)
            ax.add_patch(edge)
    art.set_gid(gid)
    return art


def _hull_vertices(P, s, mu):
    """Vertices (CCW) of WRCH(P, mu, s) in the plane; the weighted centroid when it is a point."""
    total = float(s.sum())
    if total <= 0:
        raise ValueError("sample_weight: the points have zero total weight, so the hull is empty")
    if mu * total < 1.0 - 1e-9:
        raise ValueError(
            f"mu={mu:.4g} is below 1/sum(s) = {1 / total:.4g}: the weighted reduced hull is empty"
        )
    if mu * total <= 1.0 + 1e-9 or np.count_nonzero(s) == 1:
        return (s @ P / total)[None, :]
    keep = s > 0
    return wqrh(P[keep], s[keep], float(mu)).vertices


@_styled
def plot_wrch(
    P,
    mu,
    sample_weight=None,
    *,
    ax=None,
    color=None,
    label="WRCH",
    convex_hull=True,
    points=True,
    xlabel="$x_1$",
    ylabel="$x_2$",
    title=None,
    legend=True,
):
    r"""Draw a weighted reduced convex hull of 2-D points (Goodrich Figs. 3.13, 4.17, 4.20).

    ``WRCH(P, mu, s) = {sum_i alpha_i x_i : sum_i alpha_i = 1, 0 <= alpha_i <= s_i mu}`` (3.10),
    computed with :func:`svmbook.hull.wqrh`: the hull solid and shaded, the convex hull of the
    points dotted, and the points with marker areas proportional to their weights (capped at
    12 times a unit point; weight-0 points hollow). At ``mu = 1 / sum(s)`` the hull is the
    weighted centroid, drawn as a star.

    Parameters
    ----------
    P : array-like of shape (n_points, 2)
        The points (one class).
    mu : float
        Reduction parameter, ``>= 1 / sum(s)``.
    sample_weight : array-like of shape (n_points,), default=None
        Weights ``s_i >= 0`` (None: all 1, the RCH).
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    color : color, optional
        Of the hull and the points (default: the positive class's colour).
    label : str, default="WRCH"
        Legend label of the hull.
    convex_hull : bool, default=True
        Also draw the convex hull of the points (dotted, gid ``"convex_hull"``).
    points : bool, default=True
        Draw the points.
    xlabel, ylabel, title : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError
        Bad shapes, negative weights, or ``mu < 1/sum(s)`` (empty hull).
    """
    P = np.asarray(P, dtype=np.float64)
    if P.ndim != 2 or P.shape[1] != 2 or P.shape[0] < 1:
        raise ValueError(f"P must have shape (n_points, 2), got {P.shape}")
    mu = float(mu)
    if not mu > 0:
        raise ValueError(f"mu must be > 0, got {mu}")
    s = _check_weights(sample_weight, P.shape[0])
    color = COLORS["positive"] if color is None else color
    vertices = _hull_vertices(P, s, mu)
    ax = _get_ax(ax)
    if convex_hull and P.shape[0] >= 3:
        ch = wqrh(P, np.ones(P.shape[0]), 1.0).vertices
        _draw_hull_polygon(
            ax, ch, COLORS["breakpoint"], gid="convex_hull", linestyle=":", fill=False, label="CH"
        )
    _draw_hull_polygon(ax, vertices, color, gid="wrch", label=label)
    if points:
        area = _POINT_SIZE * np.clip(s, 0.0, _MAX_AREA)
        live = s > 0
        ax.scatter(
            P[live, 0],
            P[live, 1],
            s=area[live],
            c=[color],
            edgecolors="white",
            linewidths=0.5,
            zorder=3,
            gid="points",
        )
        if np.any(~live):
            ax.scatter(
                P[~live, 0],
                P[~live, 1],
                s=_POINT_SIZE,
                facecolors="none",
                edgecolors=[color],
                zorder=3,
                gid="points_weight0",
            )
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_aspect("equal", adjustable="datalim")
    if title is not None:
        ax.set_title(title)
    if legend:
        ax.legend(loc="best")
    return ax


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
        Geometric threshold (4.9) (subtracted).
    kkt : svmbook.thresholds.KKTThreshold
        KKT threshold (4.8), its interval, rho and rho's interval.
    sample_weight : ndarray of shape (n_samples,)
    support : ndarray of int
        Indices with ``alpha_i > 0``.
    """

    alpha: np.ndarray
    w: np.ndarray
    p_pos: np.ndarray
    p_neg: np.ndarray
    b_geom: float
    kkt: _thresholds.KKTThreshold
    sample_weight: np.ndarray
    support: np.ndarray


def linear_wsvm_geometry(X, y, mu, sample_weight=None, *, solver="qp", tol=1e-6):
    """Fit a linear weighted mu-SVM (:class:`svmbook.MuSVC`) and return its geometry.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    mu : float
        In (0, 1]; each class needs ``mu * sum_{class} s_i >= 1``.
    sample_weight : array-like of shape (n_samples,), default=None
    solver : str, default="qp"
        A :class:`svmbook.MuSVC` solver (``"wsk_fast"`` for a thousand points and more).
    tol : float, default=1e-6
        Stopping tolerance of the nearest-point solvers.

    Returns
    -------
    WeightedSVMGeometry
    """
    from svmbook import MuSVC  # deferred: svmbook imports its estimators first

    X, y = _check_xy(X, y)
    s = _check_weights(sample_weight, X.shape[0])
    model = MuSVC(mu=float(mu), kernel="linear", solver=solver, tol=tol).fit(X, y, sample_weight=s)
    alpha = np.asarray(model.alpha_[0], dtype=np.float64)
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
        b_geom=_thresholds.b_geom(f, y, alpha),
        kkt=_thresholds.b_kkt(f, y, alpha, upper),
        sample_weight=s,
        support=np.flatnonzero(alpha > 1e-8 * alpha.max()),
    )


def _line_through(w, b):
    """A point on ``{x : w . x = b}`` and the line's direction."""
    nrm2 = float(w @ w)
    if not nrm2 > 0:
        raise ValueError("w must be non-zero")
    return w * (b / nrm2), np.array([-w[1], w[0]])


def _draw_line(ax, w, b, *, color, linestyle, linewidth=1.5, label=None, gid=None, zorder=2):
    x0, d = _line_through(w, b)
    line = ax.axline(
        tuple(x0),
        tuple(x0 + d),
        color=color,
        linestyle=linestyle,
        linewidth=linewidth,
        label=label,
        zorder=zorder,
    )
    line.set_gid(gid)
    return line


def _band(ax, w, lo, hi, xlim, ylim, *, gid, label):
    """Shade ``{x : lo <= w . x <= hi}`` inside the window (infinite ends clipped to it)."""
    corners = np.array(
        [[xlim[0], ylim[0]], [xlim[0], ylim[1]], [xlim[1], ylim[0]], [xlim[1], ylim[1]]]
    )
    proj = corners @ w
    span = float(proj.max() - proj.min()) + 1.0
    lo = max(float(lo), float(proj.min()) - span)
    hi = min(float(hi), float(proj.max()) + span)
    if hi < lo:
        return None
    unit = w / float(w @ w)
    d = np.array([-w[1], w[0]]) / np.sqrt(float(w @ w))
    far = 10.0 * (xlim[1] - xlim[0] + ylim[1] - ylim[0])
    a, b = unit * lo, unit * hi
    poly = Polygon(
        [a - far * d, a + far * d, b + far * d, b - far * d],
        closed=True,
        facecolor=THRESHOLD_STYLES["kkt"][0],
        alpha=0.15,
        edgecolor="none",
        hatch="//",
        zorder=0.5,
        label=label,
    )
    poly.set_gid(gid)
    ax.add_patch(poly)
    return poly


@_styled
def plot_thresholds(
    X,
    y,
    w,
    thresholds,
    *,
    interval=None,
    margins=None,
    support=None,
    ax=None,
    xlim=None,
    ylim=None,
    title=None,
    xlabel="$x_1$",
    ylabel="$x_2$",
    legend=True,
    legend_loc="best",
):
    r"""Parallel decision lines of one linear classifier under several thresholds (Figs. 4.11-4.14).

    The normal ``w`` fixes the direction; each threshold ``b`` (subtracted) gives the line
    ``w . x = b``. Styles: geometric solid black, KKT dashed green, Platt dash-dotted purple
    (:data:`THRESHOLD_STYLES`, matched by name), others dotted.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    w : array-like of shape (2,)
        The normal (non-zero).
    thresholds : dict
        ``{name: b}``, e.g. ``{"KKT": 0.3, "geometric": 0.1, "Platt": 0.2}``.
    interval : (float, float), optional
        ``(lo, hi)``: shade the band of KKT-consistent thresholds (Fig. 4.12; an infinite end
        is clipped to the window, Fig. 4.13).
    margins : sequence of float, optional
        Offsets ``c`` of further lines ``w . x = c`` drawn dotted black (supporting planes
        ``b +- rho``).
    support : array-like of int, optional
        Indices of support vectors to circle.
    ax : matplotlib Axes, optional
    xlim, ylim : (float, float), optional
        Window (default: the data range padded by 10 %).
    title, xlabel, ylabel : str, optional
    legend : bool, default=True
    legend_loc : str, default="best"

    Returns
    -------
    matplotlib.axes.Axes
    """
    X, y = _check_xy(X, y)
    w = np.asarray(w, dtype=np.float64)
    if w.shape != (2,) or not np.all(np.isfinite(w)) or not float(w @ w) > 0:
        raise ValueError(f"w must be a finite non-zero vector of shape (2,), got {w!r}")
    if not isinstance(thresholds, dict) or not thresholds:
        raise ValueError("thresholds must be a non-empty dict {name: b}")
    for name, b in thresholds.items():
        if not np.isfinite(b):
            raise ValueError(f"threshold {name!r} must be finite, got {b}")
    ax = _get_ax(ax)
    xlim, ylim = _window(X, xlim, ylim)
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    if interval is not None:
        lo, hi = map(float, interval)
        if not lo <= hi:
            raise ValueError(f"interval must have lo <= hi, got {interval}")
        _band(ax, w, lo, hi, xlim, ylim, gid="kkt_interval", label="KKT-consistent $b$")
    for c in margins if margins is not None else ():
        _draw_line(
            ax, w, float(c), color=COLORS["model"], linestyle=":", linewidth=1.2, gid="margins"
        )
    for k, (name, b) in enumerate(thresholds.items()):
        color, ls = _threshold_style(name, k)
        _draw_line(
            ax, w, float(b), color=color, linestyle=ls, label=name, gid=f"threshold_{_slug(name)}"
        )
    _scatter_weighted(ax, X, y, np.ones(X.shape[0]))
    if support is not None:
        _circle_support_vectors(ax, X[np.asarray(support, dtype=np.int64)])
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    if legend:
        handles, _ = ax.get_legend_handles_labels()
        if margins is not None and len(margins):
            handles.append(Line2D([], [], color=COLORS["model"], ls=":", label="margins"))
        ax.legend(handles=handles, loc=legend_loc)
    return ax


@_styled
def plot_weighted_svm(
    X,
    y,
    mu,
    sample_weight=None,
    *,
    point=None,
    weight=None,
    thresholds=("geometric",),
    unweighted=False,
    circle_sv=True,
    solver="qp",
    point_size=_POINT_SIZE,
    point_alpha=1.0,
    ax=None,
    xlim=None,
    ylim=None,
    title=None,
    xlabel="$x_1$",
    ylabel="$x_2$",
    legend=True,
):
    r"""A linear weighted mu-SVM as the bisector of its two WRCHs (Figs. 4.17-4.21).

    Fits :class:`svmbook.MuSVC` (linear kernel, bounds ``alpha_i <= s_i mu``, (4.11)) and draws
    each class's weighted reduced hull (shaded, solid outline), the nearest points (stars) and
    the segment joining them, the decision line of each requested threshold, the points with
    marker areas proportional to their weights, and the support vectors (``alpha_i > 0``)
    circled.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    mu : float
        In (0, 1]; each class needs ``mu * sum_{class} s_i >= 1``.
    sample_weight : array-like of shape (n_samples,), default=None
        Weights ``s_i`` (None: all 1).
    point, weight : int and float, optional
        Set ``s[point] = weight`` first (the live explorer's slider moves ``weight``).
    thresholds : sequence of {"geometric", "kkt"}, default=("geometric",)
        Decision lines to draw (KKT: (4.8); its interval is shaded when it is not a point).
    unweighted : bool, default=False
        Also draw the unweighted RCHs at the same mu, dotted (Fig. 4.20); skipped for a class
        whose RCH would be empty.
    circle_sv : bool, default=True
    solver : str, default="qp"
        :class:`svmbook.MuSVC` solver.
    point_size : float, default=30
        Marker area of a point of weight 1 (areas grow with the weight, capped at 12 times).
    point_alpha : float, default=1.0
        Opacity of the points (lower it for a thousand points).
    ax : matplotlib Axes, optional
    xlim, ylim : (float, float), optional
    title, xlabel, ylabel : str, optional
        The default title gives mu and the distance between the hulls.
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    X, y = _check_xy(X, y)
    s = _check_weights(sample_weight, X.shape[0], point, weight)
    thresholds = tuple(thresholds)
    for name in thresholds:
        if name not in ("geometric", "kkt"):
            raise ValueError(f"thresholds must contain 'geometric' or 'kkt', got {name!r}")
    geo = linear_wsvm_geometry(X, y, mu, s, solver=solver)
    ax = _get_ax(ax)
    xlim, ylim = _window(X, xlim, ylim)
    for cls, key in ((1.0, "positive"), (-1.0, "negative")):
        inside = y == cls
        verts = _hull_vertices(X[inside], s[inside], float(mu))
        _draw_hull_polygon(ax, verts, COLORS[key], gid="wrch")
        if unweighted and float(mu) * np.count_nonzero(inside) >= 1.0 - 1e-9:
            plain = _hull_vertices(X[inside], np.ones(np.count_nonzero(inside)), float(mu))
            _draw_hull_polygon(
                ax, plain, COLORS[key], gid="rch_unweighted", linestyle=":", fill=False
            )
    ends = np.vstack([geo.p_pos, geo.p_neg])
    ax.plot(
        ends[:, 0], ends[:, 1], color=COLORS["breakpoint"], lw=1.0, zorder=4, gid="nearest_segment"
    )
    ax.plot(
        ends[:, 0],
        ends[:, 1],
        ls="none",
        marker="*",
        markersize=13,
        color="black",
        markerfacecolor="white",
        zorder=6,
        gid="nearest_points",
        label="nearest points",
    )
    if "kkt" in thresholds:
        lo, hi = geo.kkt.b_interval
        corners = np.array([[a, b] for a in xlim for b in ylim]) @ geo.w
        if hi - lo > 2e-3 * float(corners.max() - corners.min()):  # visible at this scale
            _band(ax, geo.w, lo, hi, xlim, ylim, gid="kkt_interval", label="KKT-consistent $b$")
    for name in thresholds:
        b = geo.b_geom if name == "geometric" else geo.kkt.b
        color, ls = THRESHOLD_STYLES[name]
        label = "geometric $b$ (4.9)" if name == "geometric" else "KKT $b$ (4.8)"
        _draw_line(ax, geo.w, b, color=color, linestyle=ls, label=label, gid=f"threshold_{name}")
    _scatter_weighted(ax, X, y, s, point_size=float(point_size), alpha=float(point_alpha))
    if circle_sv:
        _circle_support_vectors(ax, X[geo.support], label=r"$\alpha_i > 0$")
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title is None:
        title = f"$\\mu$ = 1/{1 / float(mu):.4g}, distance {np.sqrt(geo.w @ geo.w):.3f}"
    ax.set_title(title)
    if legend:
        ax.legend(loc="best")
    return ax


class CSVMThresholds(NamedTuple):
    """A linear C-SVM and its thresholds (Goodrich section 4.3.5).

    Attributes
    ----------
    alpha : ndarray of shape (n_samples,)
        C-SVM multipliers ``0 <= alpha'_i <= C``.
    w : ndarray of shape (2,)
        ``sum_i alpha'_i y_i x_i``.
    kkt : svmbook.thresholds.KKTThreshold
        The C-SVM's KKT threshold (rho fixed to 1): ``b = w . x_i - y_i`` over free SVs, else the
        midpoint of its interval (:func:`svmbook.thresholds.b_csvm`; LIBSVM's choice).
    b_geom : float
        Geometric threshold (4.9) of the same normal.
    mu_kkt : svmbook.thresholds.KKTThreshold
        The equivalent mu-SVM's KKT threshold, which may trade rho for b (smallest rho at a
        one-sided interval, Fig. 4.13).
    frac_pos_kkt, frac_pos_geom : float
        Fraction of the training points predicted positive with each threshold.
    """

    alpha: np.ndarray
    w: np.ndarray
    kkt: _thresholds.KKTThreshold
    b_geom: float
    mu_kkt: _thresholds.KKTThreshold
    frac_pos_kkt: float
    frac_pos_geom: float


def linear_csvm_thresholds(X, y, C):
    """Fit a linear C-SVM (:class:`svmbook.SVC`, SMO) and compute its three thresholds.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    C : float
        > 0.

    Returns
    -------
    CSVMThresholds
    """
    from svmbook import SVC  # deferred: svmbook imports its estimators first

    X = np.asarray(X, dtype=np.float64)
    y = check_labels_pm1("y", y)
    C = float(C)
    if not C > 0 or not np.isfinite(C):
        raise ValueError(f"C must be finite and > 0, got {C}")
    model = SVC(kernel="linear", C=C, solver="smo", tol=1e-6).fit(X, y)
    alpha = np.zeros(y.shape[0])
    alpha[model.support_] = np.abs(model.dual_coef_[0])
    w = (alpha * y) @ X
    f = X @ w
    kkt = _thresholds.b_csvm(f, y, alpha, C)
    b_geom = _thresholds.b_geom(f, y, alpha)
    mu_kkt = _thresholds.b_kkt(f, y, alpha, C)  # rho free: the mu-SVM's conditions
    return CSVMThresholds(
        alpha=alpha,
        w=w,
        kkt=kkt,
        b_geom=b_geom,
        mu_kkt=mu_kkt,
        frac_pos_kkt=float(np.mean(f - kkt.b > 0)),
        frac_pos_geom=float(np.mean(f - b_geom > 0)),
    )


@_styled
def plot_c_threshold(
    X,
    y,
    C,
    *,
    ax=None,
    xlim=None,
    ylim=None,
    title=None,
    xlabel="$x_1$",
    ylabel="$x_2$",
    legend=True,
    circle_sv=False,
):
    r"""The KKT threshold of a linear C-SVM sliding out of the data as C shrinks (Figs. 4.10, 4.15).

    Fits :func:`linear_csvm_thresholds` and draws the C-SVM's KKT decision line ``w . x = b``
    (dashed) with its margins ``w . x = b +- 1`` (dotted), the geometric line of the same normal
    (solid), and in a corner the fraction of training points each predicts positive.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    C : float
        > 0.
    ax : matplotlib Axes, optional
    xlim, ylim : (float, float), optional
    title, xlabel, ylabel : str, optional
        The default title gives C.
    legend : bool, default=True
    circle_sv : bool, default=False
        Circle the support vectors (at small C nearly every point is one).

    Returns
    -------
    matplotlib.axes.Axes
    """
    X, y = _check_xy(X, y)
    fit = linear_csvm_thresholds(X, y, C)
    if not float(fit.w @ fit.w) > 0:
        raise ValueError(f"C={C:g}: the C-SVM's normal is zero, there is no line to draw")
    support = np.flatnonzero(fit.alpha > 0) if circle_sv else None
    ax = plot_thresholds(
        X,
        y,
        fit.w,
        {"C-SVM KKT $b$": fit.kkt.b, "geometric $b$": fit.b_geom},
        margins=(fit.kkt.b - 1.0, fit.kkt.b + 1.0),
        support=support,
        ax=ax,
        xlim=xlim,
        ylim=ylim,
        title=f"C = {float(C):.3g}" if title is None else title,
        xlabel=xlabel,
        ylabel=ylabel,
        legend=legend,
        legend_loc="lower right",
    )
    window = np.array([[a, b] for a in ax.get_xlim() for b in ax.get_ylim()]) @ fit.w
    off = "" if window.min() <= fit.kkt.b <= window.max() else " (line off the window)"
    ax.text(
        0.02,
        0.98,
        f"predicted $+1$:\nKKT {100 * fit.frac_pos_kkt:.0f}%{off}\n"
        f"geometric {100 * fit.frac_pos_geom:.0f}%",
        transform=ax.transAxes,
        fontsize=8,
        va="top",
        gid="fractions",
        bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.85},
        zorder=10,
    )
    return ax


@_styled
def plot_threshold_path(
    C_values,
    fractions,
    *,
    truth=None,
    ylim=(-0.03, 1.03),
    ax=None,
    xlabel="C",
    ylabel="fraction predicted $+1$",
    title=None,
    legend=True,
):
    """Fraction of points predicted positive against C, one line per threshold (log-x).

    Parameters
    ----------
    C_values : array-like of shape (n_values,)
        Positive, increasing or not.
    fractions : dict
        ``{name: array-like of shape (n_values,)}`` with values in [0, 1].
    truth : float, optional
        The true fraction of positives, drawn as a dotted horizontal line.
    ylim : (float, float), default=(-0.03, 1.03)
    ax : matplotlib Axes, optional
    xlabel, ylabel, title : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    C_values = np.asarray(C_values, dtype=np.float64)
    if C_values.ndim != 1 or C_values.size == 0 or np.any(~(C_values > 0)):
        raise ValueError("C_values must be a non-empty 1-D array of positive values")
    if not isinstance(fractions, dict) or not fractions:
        raise ValueError("fractions must be a non-empty dict {name: values}")
    ax = _get_ax(ax)
    order = np.argsort(C_values)
    for k, (name, values) in enumerate(fractions.items()):
        values = np.asarray(values, dtype=np.float64)
        if values.shape != C_values.shape:
            raise ValueError(f"fractions[{name!r}] must have shape {C_values.shape}")
        if np.any(values < 0) or np.any(values > 1):
            raise ValueError(f"fractions[{name!r}] must lie in [0, 1]")
        color, ls = _threshold_style(name, k)
        (line,) = ax.plot(
            C_values[order], values[order], color=color, ls=ls, marker="o", markersize=4, label=name
        )
        line.set_gid(f"path_{_slug(name)}")
    if truth is not None:
        ax.axhline(
            float(truth), color=COLORS["breakpoint"], ls=":", label="true fraction", gid="truth"
        )
    ax.set_xscale("log")
    ax.set_ylim(*ylim)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    if legend:
        ax.legend(loc="best")
    return ax


@_styled
def plot_platt_fit(
    f,
    y,
    *,
    A=None,
    B=None,
    thresholds=None,
    ax=None,
    jitter=0.03,
    random_state=0,
    xlabel="$f(x)$ (threshold omitted)",
    ylabel="$P(y = +1 \\mid f)$",
    title=None,
    legend=True,
):
    r"""Platt's sigmoid over the training decision values, and where it crosses 1/2 (4.3.3).

    Draws the values ``f_i`` at height 1 (positives) or 0 (negatives), slightly jittered, the
    fitted ``P(y=1 | f) = 1 / (1 + exp(A f + B))`` (:func:`svmbook.thresholds.platt_fit` unless
    ``A`` and ``B`` are given), the level 1/2 dotted and the probabilistic threshold ``-B/A`` as a
    vertical line; ``thresholds`` adds other thresholds as vertical lines.

    Parameters
    ----------
    f : array-like of shape (n_samples,)
        Decision values without threshold.
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    A, B : float, optional
        The sigmoid (both or neither; ``A < 0``).
    thresholds : dict, optional
        ``{name: b}`` drawn as vertical lines in :data:`THRESHOLD_STYLES`.
    ax : matplotlib Axes, optional
    jitter : float, default=0.03
        Vertical jitter of the points.
    random_state : int, default=0
        Seed of the jitter.
    xlabel, ylabel, title : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
    """
    y = check_labels_pm1("y", y)
    f = np.asarray(f, dtype=np.float64)
    if f.shape != y.shape:
        raise ValueError(f"f must have the shape of y {y.shape}, got {f.shape}")
    if (A is None) != (B is None):
        raise ValueError("A and B must be given together")
    if A is None:
        A, B = _thresholds.platt_fit(f, y)
    if not A < 0:
        raise ValueError(f"A must be negative (f must rank the classes), got {A}")
    ax = _get_ax(ax)
    rng = np.random.default_rng(random_state)
    height = (y > 0).astype(float) + rng.uniform(-jitter, jitter, size=y.shape)
    for cls, key in ((1.0, "positive"), (-1.0, "negative")):
        m = y == cls
        ax.scatter(
            f[m],
            height[m],
            s=14,
            c=COLORS[key],
            marker=MARKERS[key],
            alpha=0.6,
            edgecolors="none",
            gid=f"class_{key}",
            label=f"class ${'+' if cls > 0 else '-'}1$",
        )
    lo, hi = _padded_limits(f, pad=0.1)
    grid = np.linspace(lo, hi, 400)
    (curve,) = ax.plot(
        grid,
        1.0 / (1.0 + np.exp(A * grid + B)),
        color=COLORS["model"],
        label=f"sigmoid, A = {A:.3g}, B = {B:.3g}",
    )
    curve.set_gid("sigmoid")
    ax.axhline(0.5, color=COLORS["breakpoint"], ls=":", lw=1.0, gid="half")
    extra = {"Platt $-B/A$": -B / A, **(thresholds or {})}
    for k, (name, b) in enumerate(extra.items()):
        color, ls = _threshold_style(name, k)
        ax.axvline(float(b), color=color, ls=ls, label=name, gid=f"threshold_{_slug(name)}")
    ax.set_xlim(lo, hi)
    ax.set_ylim(-0.1, 1.1)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    if legend:
        ax.legend(loc="center right")
    return ax


@_styled
def plot_strategy_errors(
    results,
    *,
    metrics=None,
    reference=None,
    ax=None,
    ylabel="test error",
    title=None,
    legend=True,
):
    """Grouped bars of error rates per weighting strategy, with standard errors (Tables 4.4-4.5).

    Parameters
    ----------
    results : dict
        ``{strategy: {metric: array-like of per-run values}}``; every strategy has every metric.
    metrics : sequence of str, optional
        Which metrics to draw and in which order (default: those of the first strategy).
    reference : dict, optional
        ``{strategy: {metric: value}}`` (e.g. the thesis's means), drawn as black ticks.
    ax : matplotlib Axes, optional
    ylabel, title : str, optional
    legend : bool, default=True

    Returns
    -------
    matplotlib.axes.Axes
        Bar heights are the means; error bars the standard errors ``sd / sqrt(runs)`` (none for a
        single run).
    """
    if not isinstance(results, dict) or not results:
        raise ValueError("results must be a non-empty dict {strategy: {metric: values}}")
    strategies = list(results)
    metrics = list(results[strategies[0]]) if metrics is None else list(metrics)
    if not metrics:
        raise ValueError("metrics must not be empty")
    for st in strategies:
        missing = [m for m in metrics if m not in results[st]]
        if missing:
            raise ValueError(f"results[{st!r}] lacks the metrics {missing}")
    ax = _get_ax(ax)
    width = 0.8 / len(strategies)
    x = np.arange(len(metrics))
    for k, st in enumerate(strategies):
        runs = [np.asarray(results[st][m], dtype=np.float64).ravel() for m in metrics]
        if any(r.size == 0 for r in runs):
            raise ValueError(f"results[{st!r}] has a metric without values")
        mean = np.array([r.mean() for r in runs])
        se = np.array([r.std(ddof=1) / np.sqrt(r.size) if r.size > 1 else 0.0 for r in runs])
        pos = x - 0.4 + width * (k + 0.5)
        bars = ax.bar(
            pos,
            mean,
            width * 0.9,
            yerr=se,
            capsize=3,
            label=st,
            color=OKABE_ITO[(k + 2) % len(OKABE_ITO)],
            edgecolor="white",
        )
        for patch in bars.patches:
            patch.set_gid(f"bars_{_slug(st)}")
        if reference is not None and st in reference:
            ref = [reference[st].get(m, np.nan) for m in metrics]
            ax.scatter(
                pos,
                ref,
                marker="_",
                s=250,
                color="black",
                zorder=5,
                linewidths=2,
                label="thesis" if k == 0 else None,
                gid=f"reference_{_slug(st)}",
            )
    ax.set_xticks(x)
    ax.set_xticklabels(metrics)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    if legend:
        ax.legend(loc="best")
    return ax
