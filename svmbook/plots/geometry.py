"""Figures of the geometric view of SVMs (Goodrich 2012, chapters 2 and 4).

The SVM as the bisector of the nearest points of two reduced convex hulls, nested RCHs, the mu-SVM
in input space, the 1-NN regions and the minimal enclosing ball. Offsets are the book's, *added*
(``f(x) = w . x + b``; Goodrich (2012) writes ``w . x - b``). ``mu`` can be given as
``inv_mu = 1 / mu`` where a slider on ``1 / mu`` reads better (k-sets live at integer ``1 / mu``).
"""

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Circle

from svmbook import thresholds
from svmbook._validation import (
    check_option,
    check_points,
    check_positive,
)
from svmbook.convert import mu_to_c
from svmbook.hull import qrh
from svmbook.plots._style import (
    COLORS,
    circle_support_vectors,
    draw_line,
    draw_margin,
    draw_polygon,
    finish_axis,
    get_ax,
    legend_outside,
    mark_star,
    scatter_classes,
    scatter_points,
    styled,
    two_class_points,
    window,
)
from svmbook.plots.hulls import draw_convex_hull
from svmbook.plots.hyperplane import plot_svc_2d

__all__ = [
    "plot_meb",
    "plot_mu_svm_2d",
    "plot_nearest_neighbour",
    "plot_svm_geometry",
]


def _mu_view(X, y, result):
    """Return ``p_pos``, ``p_neg``, ``w = p_pos - p_neg`` and the geometric offset (4.9)."""
    pos = y > 0
    p_pos = result.alpha[pos] @ X[pos]
    p_neg = result.alpha[~pos] @ X[~pos]
    w = p_pos - p_neg
    return p_pos, p_neg, w, float(thresholds.b_geom(X @ w, y, result.alpha))


@styled
def plot_svm_geometry(
    X,
    y,
    result,
    mu,
    *,
    threshold="geometric",
    ax=None,
    show_ch=True,
    margins=True,
    xlim=None,
    ylim=None,
    title=None,
    legend=True,
):
    """Draw the SVM as the perpendicular bisector of the nearest points of two RCHs (Fig. 2.8).

    Draws each class's convex hull (dashed) and reduced convex hull ``RCH(P_class, mu)`` (solid,
    shaded), the nearest points ``p_pos``, ``p_neg`` of the two RCHs joined by their segment, the
    separating line and the two margin lines (dotted), and circles the support vectors
    (``alpha_i > 0``).

    Parameters
    ----------
    {Xy}
    result : svmbook.qp.QPResult
        The solved linear mu-SVM, :func:`svmbook.qp.mu_svm_dual` on ``X @ X.T`` (nearest-point
        scale).
    mu : float
        Its reduction parameter.
    threshold : {"geometric", "kkt"}, default="geometric"
        ``"geometric"``: the bisector (4.9), with the margin lines through the nearest points.
        ``"kkt"``: the KKT offset (4.8) with the supporting planes ``w . x + b = +-rho``, the
        lines ``f = +-1`` of the equivalent C-SVM.
    {ax}
    show_ch : bool, default=True
        Draw the convex hulls of the classes.
    margins : bool, default=True
        Draw the dotted lines: through the nearest points (geometric threshold) or the supporting
        planes ``f = +-rho`` (KKT threshold).
    {window}
    title : str, optional
        Default: ``mu``, ``1/mu`` and the equivalent C.
    {legend}

    {returns_ax}
    """
    mu = check_positive("mu", mu)
    check_option("threshold", threshold, ("geometric", "kkt"))
    X, y = two_class_points(X, y)
    p_pos, p_neg, w, b_geom = _mu_view(X, y, result)
    ax = get_ax(ax)
    xlim, ylim = window(X, xlim=xlim, ylim=ylim)
    handles = []
    for cls, key in ((1.0, "positive"), (-1.0, "negative")):
        P = X[y == cls]
        if show_ch:
            draw_convex_hull(ax, P, color=COLORS[key], label=None)
        rch = qrh(P, max(min(mu, 1.0), 1.0 / P.shape[0]))
        draw_polygon(
            ax, rch.vertices, color=COLORS[key], lw=1.6, fill=COLORS[f"{key}_region"], gid="rch"
        )
    if show_ch:
        handles.append(Line2D([], [], color=COLORS["model"], ls="--", lw=0.9, label="convex hulls"))
    handles.append(Line2D([], [], color=COLORS["model"], lw=1.6, label="reduced hulls"))
    if threshold == "geometric":
        b, half = b_geom, 0.5 * float(w @ w)
    else:  # the KKT offset (4.8), as qp stores it
        b, half = float(result.b), float(result.rho)
    draw_line(ax, w, b, xlim, ylim, lw=1.5, gid="decision_boundary")
    handles.append(Line2D([], [], color=COLORS["model"], label="separating line"))
    if margins:
        for side in (1.0, -1.0):
            draw_margin(ax, w, b + side * half, xlim, ylim)
        # with the bisector the dotted lines pass through the nearest points (not the C-SVM margins)
        label = "through nearest points" if threshold == "geometric" else r"$f = \pm\rho$"
        handles.append(Line2D([], [], color=COLORS["model"], ls=":", label=label))
    seg = np.vstack([p_neg, p_pos])
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
    scatter_classes(ax, X, y, pos_label=1.0)
    circle_support_vectors(ax, X[result.support])
    if title is None:
        C = mu_to_c(mu, result.rho)
        title = rf"$\mu$ = {mu:.3g} (1/$\mu$ = {1 / mu:.3g}), C = {C:.3g}"
    finish_axis(ax, xlim, ylim, title)
    if legend:
        point_handles, _ = ax.get_legend_handles_labels()
        legend_outside(ax, point_handles + handles)
    return ax


class _MuModel:
    """The decision function of a mu-SVM solution, scaled so that its margin lines are +-1.

    Lets :func:`svmbook.plots.plot_svc_2d` draw it (``decision_function``, ``support_``,
    ``classes_``).
    """

    classes_ = np.array([-1.0, 1.0])

    def __init__(self, X, coef, b, scale, kernel, support):
        self._X, self._coef, self._b, self._scale = X, coef, b, scale
        self._kernel = kernel
        self.support_ = support

    def decision_function(self, Z):
        return (self._kernel(np.asarray(Z, dtype=np.float64), self._X) @ self._coef + self._b) / (
            self._scale
        )


@styled
def plot_mu_svm_2d(
    X,
    y,
    result,
    kernel,
    *,
    threshold="geometric",
    ax=None,
    grid_resolution=150,
    title=None,
    legend=False,
    shade=True,
):
    """Draw a mu-SVM in input space, linear or Gaussian (Figs. 4.5, 4.8, 4.9b).

    Draws the solved mu-SVM's decision boundary ``f(x) = sum_i alpha_i y_i K(x_i, x) + b = 0``
    (solid), the margin level sets (dotted) and the support vectors, with
    :func:`svmbook.plots.plot_svc_2d`.

    Parameters
    ----------
    {Xy}
    result : svmbook.qp.QPResult
        The solved mu-SVM, :func:`svmbook.qp.mu_svm_dual` on ``kernel(X)``.
    kernel : callable
        The kernel it was solved with, ``kernel(A, B) -> K`` (e.g. ``svmbook.kernels.rbf``).
    threshold : {"geometric", "kkt"} or float, default="geometric"
        The bisector (4.9) (margin lines through the nearest points), the KKT threshold (4.8)
        (margin lines ``f = +-rho``), or a fixed offset ``b`` (Fig. 4.9b: ``b = 0``; margin lines
        ``f = +-rho``).
    {ax}
    grid_resolution : int, default=150
    {title}
    legend : bool, default=False
    shade : bool, default=True

    {returns_ax}
    """
    X, y = two_class_points(X, y)
    res = result
    f = kernel(X) @ res.coef
    if isinstance(threshold, str):
        if threshold == "geometric":
            b = thresholds.b_geom(f, y, res.alpha)
            scale = 0.5 * res.w_norm2
        elif threshold == "kkt":
            b, scale = res.b, res.rho
        else:
            raise ValueError(f"threshold must be 'geometric', 'kkt' or a number, got {threshold!r}")
    else:
        b, scale = float(threshold), res.rho
    model = _MuModel(X, res.coef, b, scale, kernel, res.support)
    return plot_svc_2d(
        model, X, y, ax=ax, grid_resolution=grid_resolution, title=title, legend=legend, shade=shade
    )


@styled
def plot_nearest_neighbour(X, y, *, ax=None, grid_resolution=150, title="1-NN", legend=False):
    """Regions of the 1-nearest-neighbour classifier (Fig. 4.9a), in the style of ``plot_svc_2d``.

    Parameters
    ----------
    {Xy}
    {ax}
    grid_resolution : int, default=150
    title : str, default="1-NN"
    legend : bool, default=False

    {returns_ax}
    """
    X, y = two_class_points(X, y)

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


@styled
def plot_meb(X, result, *, C=None, ax=None, title=None, legend=True):
    """Draw the minimal enclosing ball of 2-D points, hard or soft (Fig. 2.10, (2.38)-(2.44)).

    Draws the ball of a solved :func:`svmbook.qp.meb_dual` (``C`` None) or
    :func:`svmbook.qp.soft_meb_dual` on the linear kernel: the ball, its centre
    ``c = sum_i alpha_i x_i`` (2.40), the points on the sphere (``0 < alpha_i``, circled) and, for
    the soft ball, the points outside it (``alpha_i = C``, crosses).

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        The points.
    result : svmbook.qp.QPResult
        The solved ball (``alpha`` and ``radius2``) on ``X @ X.T``.
    C : float, optional
        The soft ball's bound it was solved with; None for the hard ball.
    {ax}
    title : str, optional
        Default: hard or soft MEB (with ``C``).
    {legend}

    {returns_ax}
    """
    X = check_points("X", X, n_features=2)
    res = result
    centre = res.alpha @ X
    radius = float(np.sqrt(max(res.radius2, 0.0)))
    ax = get_ax(ax)
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
    mark_star(ax, centre, gid="centre", label="centre $c$", size=90, color="black")
    scatter_points(ax, X, COLORS["positive"], label=r"$\alpha_i = 0$ (inside)")
    eps = 1e-6 * (1.0 if C is None else C)
    on = (res.alpha > eps) & (res.alpha < (np.inf if C is None else C - eps))
    if np.any(on):
        circle_support_vectors(ax, X[on], label=r"on the sphere ($0 < \alpha_i$)")
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
    xlim, ylim = (lo[0] - pad, hi[0] + pad), (lo[1] - pad, hi[1] + pad)
    return finish_axis(ax, xlim, ylim, title, legend=legend)
