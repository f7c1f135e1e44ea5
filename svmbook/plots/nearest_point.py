"""Figures of the nearest-point chapters (Goodrich 2012, chapters 4.5 and 5).

* :func:`plot_np_step` -- one iteration of S-K, Gilbert or MDM in the plane: the (reduced) hulls,
  the current nearest points ``p_pos``/``p_neg``, the segment ``w = p_pos - p_neg``, the extreme
  vertex (S-K/Gilbert) or the pair ``src -> dst`` (MDM), the step ``lambda`` and the slab of the
  moving class (the planes perpendicular to ``w`` whose distance is the gap of (5.11));
* :func:`plot_np_path` -- the iterates ``p_pos``, ``p_neg`` of a whole run, the final segment
  and its perpendicular bisector (the SVM with the geometric threshold);
* :func:`plot_traces` -- convergence histories (``||w||``, gaps, free SVs) against iteration or
  time, and :func:`plot_mu_sweep` -- iterations or time against ``1/mu`` (Figs 5.13-5.14);
* :func:`plot_min_norm_point` -- the minimum-norm point of one (reduced) hull: Gilbert's problem,
  the Minkowski difference of two classes and the perceptron of Fig. 4.22;
* :func:`plot_linear_classifiers` -- several linear decision lines ``w . x + b = 0`` over the data
  (the bias-free perceptron of Fig. 5.18).

The multipliers come from the solvers (:func:`svmbook.solvers.iterates.nearest_point_iterates`).
"""

import numpy as np
from matplotlib.lines import Line2D

from svmbook._validation import (
    check_multipliers,
    check_option,
    check_positive,
    check_series,
)
from svmbook.hull import extreme_vertex, qrh, quickhull2d
from svmbook.plots._style import (
    COLORS,
    OKABE_ITO,
    circle_support_vectors,
    draw_line,
    draw_margin,
    draw_polygon,
    finish_axis,
    get_ax,
    label_axes,
    mark_point,
    scatter_classes,
    scatter_points,
    styled,
    two_class_points,
    window,
)
from svmbook.solvers.iterates import nearest_points

__all__ = [
    "plot_linear_classifiers",
    "plot_min_norm_point",
    "plot_mu_sweep",
    "plot_np_path",
    "plot_np_step",
    "plot_traces",
]


_STEP_KINDS = ("vertex", "pair")


_HULL_ALPHA = 0.12


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


def _draw_hull(ax, P, mu, color, *, hull_gid, rch_gid):
    """Draw ``CH(P)`` (filled when ``mu >= 1``, else dotted) and ``RCH(P, mu)`` filled."""
    draw_polygon(
        ax,
        _hull_polygon(P, 1.0),
        color=color,
        fill=color if mu >= 1 else None,
        alpha=_HULL_ALPHA,
        gid=hull_gid,
        ls=":" if mu < 1 else "-",
        lw=0.9,
    )
    if mu < 1:
        rch = _hull_polygon(P, mu)
        draw_polygon(ax, rch, color=color, fill=color, alpha=_HULL_ALPHA, lw=1.2, gid=rch_gid)


def _draw_hulls(ax, X, y, mu):
    """Draw the class hulls: the convex hull dotted, the reduced hull filled (when ``mu < 1``)."""
    for sign, key in ((1.0, "positive"), (-1.0, "negative")):
        _draw_hull(ax, X[y == sign], mu, COLORS[key], hull_gid=f"hull_{key}", rch_gid=f"rch_{key}")


@styled
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
    {ax}
    {title}
    {legend}

    {returns_ax}
    """
    X, y = two_class_points(X, y, pm1=True)
    n = y.shape[0]
    alpha = check_multipliers("alpha", alpha, n)
    mu = check_positive("mu", mu)
    check_option("kind", kind, _STEP_KINDS)
    ax = get_ax(ax)
    _draw_hulls(ax, X, y, mu)
    scatter_classes(ax, X, y, pos_label=1.0)
    p_pos, p_neg = nearest_points(X, y, alpha)
    w = p_pos - p_neg
    ax.plot(*np.column_stack([p_pos, p_neg]), color=COLORS["model"], lw=1.4, zorder=5, gid="w")
    mark_point(ax, p_pos, "o", COLORS["positive"], r"$p_{pos}$, $p_{neg}$", "p", face="white")
    mark_point(ax, p_neg, "o", COLORS["negative"], None, "p", face="white")
    xlim, ylim = window(X)
    handles_extra = []
    if alpha_next is not None:
        alpha_next = check_multipliers("alpha_next", alpha_next, n)
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
                mark_point(ax, v, "D", color, None, "vertex", size=60)
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
                circle_support_vectors(ax, X[[src, dst]], label=None)
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
            mark_point(ax, new[c], "o", color, None, "p_new")
            ax.annotate(
                "",
                xy=new[c],
                xytext=old[c],
                zorder=6,
                arrowprops=dict(arrowstyle="->", color=COLORS["model"], lw=1.0),
            )
            if slab and np.dot(w, w) > 0:
                for e in ends:
                    draw_line(
                        ax,
                        w,
                        -float(w @ e),
                        xlim,
                        ylim,
                        color=color,
                        ls=(0, (4, 3)),
                        lw=0.9,
                        zorder=2,
                        gid="slab",
                    )
    handles, _ = ax.get_legend_handles_labels()
    finish_axis(ax, xlim, ylim, title)
    if legend:
        ax.legend(handles=handles[:3] + handles_extra, loc="best")
    return ax


@styled
def plot_np_path(X, y, alphas, *, mu=1.0, ax=None, title=None, legend=True, boundary=True):
    """Draw the iterates of a nearest-point run: the paths of ``p_pos`` and ``p_neg``.

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
    {ax}
    {title}
    {legend}
    boundary : bool, default=True

    {returns_ax}
    """
    X, y = two_class_points(X, y, pm1=True)
    alphas = [check_multipliers("alpha", a, y.shape[0]) for a in alphas]
    if not alphas:
        raise ValueError("alphas must hold at least one multiplier vector")
    mu = check_positive("mu", mu)
    ax = get_ax(ax)
    _draw_hulls(ax, X, y, mu)
    scatter_classes(ax, X, y, pos_label=1.0)
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
    mark_point(ax, p_pos, "o", COLORS["positive"], "nearest points", "p")
    mark_point(ax, p_neg, "o", COLORS["negative"], None, "p")
    xlim, ylim = window(X)
    w = p_pos - p_neg
    if boundary and np.dot(w, w) > 0:
        b = -0.5 * (w @ p_pos + w @ p_neg)  # the geometric offset (4.9), the book's sign
        draw_line(
            ax,
            w,
            b,
            xlim,
            ylim,
            color=COLORS["model"],
            lw=1.5,
            zorder=2,
            gid="decision_boundary",
            label="bisector (geometric $b$)",
        )
        for p in (p_pos, p_neg):
            draw_margin(ax, w, -float(w @ p), xlim, ylim)
    finish_axis(ax, xlim, ylim, title)
    if legend:
        ax.legend(loc="best")
    return ax


def _line_plot(series, ax, xlabel, ylabel, title, logx, logy, reference, ref_label, markers):
    series = check_series("series", series)
    ax = get_ax(ax)
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
    label_axes(ax, xlabel, ylabel, title, True)
    return ax


@styled
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
    {ax}
    {axis_labels}
    logx, logy : bool
        Logarithmic axes.
    reference : float, optional
        A horizontal dashed line (the optimum, a tolerance).
    reference_label : str, default="optimum"
    {title}

    {returns_ax}
    """
    return _line_plot(
        series, ax, xlabel, ylabel, title, logx, logy, reference, reference_label, False
    )


@styled
def plot_mu_sweep(
    inv_mu, series, *, ax=None, ylabel="iterations", logy=True, title=None, xlabel=r"$1/\mu$"
):
    r"""Draw iterations (or time, or test error) against ``1/mu``, one line per solver.

    Parameters
    ----------
    inv_mu : array-like of shape (m,)
        The values of ``1/mu`` (shared by every solver).
    series : dict
        ``{label: values}`` with m values each.
    {ax}
    ylabel : str, default="iterations"
    logy : bool, default=True
    {title}
    xlabel : str, default="$1/\\mu$"

    {returns_ax}
    """
    inv_mu = np.asarray(inv_mu, dtype=np.float64).ravel()
    if not isinstance(series, dict) or not series:
        raise ValueError("series must be a non-empty dict {label: values}")
    pairs = {label: (inv_mu, v) for label, v in series.items()}
    return _line_plot(pairs, ax, xlabel, ylabel, title, False, logy, None, None, True)


@styled
def plot_min_norm_point(
    Z,
    alpha,
    *,
    mu=1.0,
    ax=None,
    title=None,
    labels=None,
    legend=True,
    xlabel="$z_1$",
    ylabel="$z_2$",
    point_label="$z_i$",
):
    """Draw the minimum-norm point of ``RCH(Z, mu)`` in the plane (Gilbert's problem; Fig. 4.22).

    Draws the points ``z_i`` (coloured by ``labels`` when given: a perceptron's ``z_i = y_i x_i``
    keeps the class of ``x_i``), their convex hull (dotted when reduced) and ``RCH(Z, mu)``, the
    origin (a cross), the minimum-norm point ``a = sum_i alpha_i z_i`` with the segment from the
    origin, and the line through ``a`` perpendicular to it: the whole hull lies on the far side,
    which is the optimality condition ``a . z >= ||a||^2`` for every point of the hull.

    Parameters
    ----------
    Z : array-like of shape (n, 2)
        The points of the one hull.
    alpha : array-like of shape (n,)
        The multipliers of the minimum-norm point (sum 1), e.g. the ``alpha`` of
        :func:`svmbook.solvers.nearest_point.solve_min_norm_point`.
    mu : float, default=1.0
        Reduction parameter (``mu >= 1``: the convex hull).
    {ax}
    {title}
    labels : array-like of shape (n,), default=None
        Class labels in {-1, +1} used for the colours only.
    {legend}
    {axis_labels}
    point_label : str, default="$z_i$"
        Legend label of the points (without ``labels``).

    {returns_ax}
    """
    Z = np.asarray(Z, dtype=np.float64)
    if Z.ndim != 2 or Z.shape[1] != 2 or Z.shape[0] < 1:
        raise ValueError(f"Z must have shape (n, 2), got {Z.shape}")
    n = Z.shape[0]
    mu = check_positive("mu", mu)
    if mu * n < 1 - 1e-12:
        raise ValueError(f"mu must be >= 1/n = {1 / n:g} (the hull is empty below), got {mu:g}")
    alpha = check_multipliers("alpha", alpha, n)
    ax = get_ax(ax)
    _draw_hull(ax, Z, mu, COLORS["data"], hull_gid="hull", rch_gid="rch")
    if labels is None:
        scatter_points(ax, Z, COLORS["data"], label=point_label)
    else:
        labels = np.asarray(labels, dtype=np.float64).ravel()
        if labels.shape != (n,):
            raise ValueError(f"labels must have shape ({n},), got {labels.shape}")
        scatter_classes(ax, Z, labels, pos_label=1.0)
    a = alpha @ Z
    ax.scatter(
        [0.0], [0.0], marker="x", s=60, c=COLORS["model"], zorder=6, gid="origin", label="origin"
    )
    ax.plot([0.0, a[0]], [0.0, a[1]], color=COLORS["model"], lw=1.4, zorder=5, gid="w")
    mark_point(
        ax,
        a,
        "o",
        COLORS["model"],
        f"min-norm point, norm {np.linalg.norm(a):.3f}",
        "min_norm_point",
        face="white",
    )
    pts = np.vstack([Z, np.zeros((1, 2))])
    xlim, ylim = window(pts)
    if a @ a > 0:
        draw_margin(ax, a, -float(a @ a), xlim, ylim, gid="support_line")
    finish_axis(ax, xlim, ylim, title, xlabel=xlabel, ylabel=ylabel)
    if legend:
        ax.legend(loc="best")
    return ax


@styled
def plot_linear_classifiers(X, y, lines, *, ax=None, title=None, legend=True, origin=True):
    """Linear decision lines ``w . x + b = 0`` over two-class data (Fig. 5.18).

    Parameters
    ----------
    X : array-like of shape (n, 2)
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    lines : dict
        ``{label: (w, b)}`` with ``w`` of shape (2,) and the offset ``b`` (added).
    {ax}
    {title}
    {legend}
    origin : bool, default=True
        Mark the origin (a bias-free line must pass through it).

    {returns_ax}
    """
    X, y = two_class_points(X, y, pm1=True)
    if not isinstance(lines, dict) or not lines:
        raise ValueError("lines must be a non-empty dict {label: (w, b)}")
    ax = get_ax(ax)
    scatter_classes(ax, X, y, pos_label=1.0)
    pts = np.vstack([X, np.zeros((1, 2))]) if origin else X
    xlim, ylim = window(pts)
    styles = ("-", "--", "-.", ":")
    for k, (label, (w, b)) in enumerate(lines.items()):
        w = np.asarray(w, dtype=np.float64).ravel()
        if w.shape != (2,) or not np.any(w != 0):
            raise ValueError(f"lines[{label!r}]: w must be a non-zero vector of shape (2,)")
        draw_line(
            ax,
            w,
            float(b),
            xlim,
            ylim,
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
    finish_axis(ax, xlim, ylim, title)
    if legend:
        ax.legend(loc="best")
    return ax
