"""Figures of the separating-hyperplane chapter (Gunn 1998, chapter 2).

:func:`plot_svc_2d` draws any fitted two-class classifier on 2-D data in Gunn's conventions; the
schematic figures (2.1-2.3, 2.5, 2.9) draw computed geometry: the optimal separating hyperplane
comes from :func:`svmbook.qp.hard_margin_primal`. Models are fitted scikit-learn compatible
classifiers with ``decision_function(X)`` and ``support_`` (indices into the training ``X``).
"""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import LinearSegmentedColormap, ListedColormap
from matplotlib.lines import Line2D
from matplotlib.patches import Circle

from svmbook._validation import check_positive
from svmbook.plots._style import (
    COLORS,
    MARKERS,
    circle_support_vectors,
    contour_levels,
    draw_line,
    draw_margin,
    finish_axis,
    format_value,
    get_ax,
    label_axes,
    legend_outside,
    level_handle,
    padded_limits,
    scatter_classes,
    styled,
    support_indices,
    two_class_points,
    window,
)
from svmbook.qp import hard_margin_primal

__all__ = [
    "feature_map_quadratic",
    "plot_canonical_hyperplane",
    "plot_feature_map",
    "plot_linear_classifier",
    "plot_norm_constraint",
    "plot_regularisation_path",
    "plot_separating_lines",
    "plot_slacks",
    "plot_svc_2d",
]


def _decision_values(model, points):
    """Return ``model.decision_function(points)``, checking it is one value per point."""
    f = np.asarray(model.decision_function(points), dtype=np.float64)
    if f.ndim != 1:
        raise ValueError("model.decision_function must return one value per sample (two classes)")
    return f


@styled
def plot_svc_2d(
    model,
    X,
    y,
    *,
    ax=None,
    margins=True,
    circle_sv=True,
    soft=False,
    shade=True,
    grid_resolution=200,
    xlim=None,
    ylim=None,
    title=None,
    xlabel="$x_1$",
    ylabel="$x_2$",
    legend=True,
):
    """Draw a fitted two-class SVM on 2-D data, in Gunn's conventions (Figs. 2.4-2.8, 2.10, 4.x).

    Training points by class, the decision boundary ``f(x) = 0`` solid, the margins ``f(x) = +-1``
    dotted, support vectors circled and the class regions shaded. Any kernel works: the lines are
    contours of ``model.decision_function`` on a grid. A level outside the range of ``f`` on the
    grid is not drawn (e.g. the margins of a very small C lie outside the window).

    Parameters
    ----------
    model : fitted classifier
        Has ``decision_function(X)`` (positive for ``model.classes_[-1]``) and ``support_``.
    X : array-like of shape (n_samples, 2)
        The training inputs ``model`` was fitted on (``support_`` indexes into them).
    y : array-like of shape (n_samples,)
        Two-class labels; the class ``model.classes_[-1]`` (or the larger label) is drawn as +1.
    {ax}
    margins : bool, default=True
        Draw the margins ``f = +-1`` (dotted).
    circle_sv : bool, default=True
        Circle the support vectors ``X[model.support_]``.
    soft : bool, default=False
        Shade by Gunn's soft classifier (2.20), ``h(f) = clip(f, -1, 1)``, a colour ramp between the
        two class colours, instead of by the sign of ``f``.
    shade : bool, default=True
        Shade the class regions at all.
    grid_resolution : int, default=200
        Grid points per axis for evaluating ``f``.
    {window}
    {title_labels}
    legend : bool, default=True
        Draw the legend (classes, SVs, boundary, margins) to the right of the axes, off the data.

    {returns_ax}
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"X must have shape (n_samples, 2), got {X.shape}")
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must have shape ({X.shape[0]},), got {y.shape}")
    grid_resolution = int(grid_resolution)
    if grid_resolution < 2:
        raise ValueError(f"grid_resolution must be >= 2, got {grid_resolution}")
    ax = get_ax(ax)
    xlim = padded_limits(X[:, 0]) if xlim is None else tuple(xlim)
    ylim = padded_limits(X[:, 1]) if ylim is None else tuple(ylim)

    xx, yy = np.meshgrid(np.linspace(*xlim, grid_resolution), np.linspace(*ylim, grid_resolution))
    grid = np.column_stack([xx.ravel(), yy.ravel()])
    Z = _decision_values(model, grid).reshape(xx.shape)

    if shade:
        if soft:  # Gunn's soft classifier (2.20): a colour ramp inside the margin
            colors = [COLORS["negative_region"], "white", COLORS["positive_region"]]
            cmap = LinearSegmentedColormap.from_list("svmbook_soft", colors)
            values, vmin = np.clip(Z, -1.0, 1.0), -1.0
        else:
            cmap = ListedColormap([COLORS["negative_region"], COLORS["positive_region"]])
            values, vmin = (Z > 0).astype(float), 0.0
        ax.pcolormesh(
            xx,
            yy,
            values,
            cmap=cmap,
            vmin=vmin,
            vmax=1.0,
            shading="auto",
            zorder=0,
            gid="shading",
            rasterized=True,
        )

    handles = [contour_levels(ax, xx, yy, Z, [0.0], "decision_boundary")]
    if margins:
        handles.append(contour_levels(ax, xx, yy, Z, [-1.0, 1.0], "margins"))
    handles = [handle for handle in handles if handle is not None]

    classes = getattr(model, "classes_", None)
    pos_label = classes[-1] if classes is not None and len(classes) == 2 else None
    scatter_classes(ax, X, y, pos_label=pos_label)
    if circle_sv:
        circle_support_vectors(ax, X[support_indices(model)])

    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    label_axes(ax, xlabel, ylabel, title)
    if legend:
        point_handles, _ = ax.get_legend_handles_labels()
        legend_outside(ax, point_handles + handles)
    return ax


def _random_separating_lines(X, y, n_lines, rng, min_distance=0.0, n_tries=4000):
    """Up to ``n_lines`` random lines ``(u, c)``, ``||u|| = 1``, with ``y_i (u . x_i + c) > 0``.

    Directions are drawn uniformly; for each, the offsets that keep every point at distance at
    least ``min_distance`` on its own side form an interval, and one offset is drawn from it (from
    its middle 80 % when ``min_distance`` is 0, so the line separates strictly). Directions
    without such an offset are rejected.
    """
    theta = rng.uniform(0.0, 2.0 * np.pi, n_tries)
    U = np.column_stack([np.cos(theta), np.sin(theta)])
    proj = X @ U.T  # (n, n_tries)
    lo = np.max(min_distance - proj[y > 0], axis=0)  # c >= d - u.x_i for y_i = +1
    hi = np.min(-min_distance - proj[y < 0], axis=0)  # c <= -d - u.x_i for y_i = -1
    ok = np.flatnonzero(hi > lo)[:n_lines]
    t = rng.uniform(0.1, 0.9, ok.size) if min_distance == 0 else rng.uniform(0.0, 1.0, ok.size)
    return [(U[k], lo[k] + tk * (hi[k] - lo[k])) for k, tk in zip(ok, t, strict=True)]


def _affine_decision(model, d=2):
    """``(w, b)`` of a model whose ``decision_function`` is affine (a linear kernel)."""
    probes = np.vstack([np.zeros(d), np.eye(d), np.full(d, 0.5)])
    f = _decision_values(model, probes)
    b, w = f[0], f[1 : d + 1] - f[0]
    if not np.isclose(f[-1], b + 0.5 * w.sum(), rtol=1e-6, atol=1e-8):
        raise ValueError("model must have an affine decision function (a linear kernel)")
    return w, float(b)


@styled
def plot_separating_lines(X, y, *, n_lines=8, random_state=None, ax=None, title=None):
    """Gunn's Fig. 2.1: many lines separate the data; one of them maximises the margin.

    ``n_lines`` random separating lines (uniform directions, each kept only if an offset exists
    that puts every point strictly on its own side; offset drawn inside that interval) are drawn
    thin and grey; the optimal separating hyperplane (2.7) is drawn thick, with its margins
    ``f = +-1`` dotted.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Linearly separable data.
    y : array-like of shape (n_samples,)
        Two-class labels (the larger one is +1).
    n_lines : int, default=8
        Separating lines to draw besides the optimal one.
    random_state : None, int or numpy.random.Generator
        Seeds the directions of the lines.
    {ax}
    {title}

    {returns_ax}
    """
    X, y = two_class_points(X, y)
    n_lines = int(n_lines)
    if n_lines < 0:
        raise ValueError(f"n_lines must be >= 0, got {n_lines}")
    primal = hard_margin_primal(X, y)
    w, b = primal.w, primal.b
    rng = np.random.default_rng(random_state)
    ax = get_ax(ax)
    xlim, ylim = padded_limits(X[:, 0], 0.25), padded_limits(X[:, 1], 0.25)
    for u, c in _random_separating_lines(X, y, n_lines, rng):
        draw_line(ax, u, c, xlim, ylim, color=COLORS["breakpoint"], lw=0.9, gid="separating_line")
    draw_line(ax, w, b, xlim, ylim, lw=2.2, gid="max_margin", label="maximum margin")
    for level in (-1.0, 1.0):
        draw_margin(ax, w, b - level, xlim, ylim)
    ax.plot([], [], color=COLORS["breakpoint"], lw=0.9, label="other separating lines")
    scatter_classes(ax, X, y, pos_label=1.0)
    finish_axis(ax, xlim, ylim, title)
    legend_outside(ax)
    return ax


@styled
def plot_linear_classifier(
    X,
    y,
    w,
    b,
    *,
    support=None,
    ax=None,
    xlim=None,
    ylim=None,
    title=None,
    legend=True,
    tol=1e-9,
):
    """Draw the linear classifier ``f(x) = <w, x> + b`` on 2-D data, crossing out margin violators.

    Any ``(w, b)``, fitted or not: the boundary ``f = 0`` solid, the margins ``f = +-1`` dotted,
    the points by class, the given support vectors (or else the points on the margin,
    ``y_i f(x_i) = 1``) circled, and the points that violate the margin, ``y_i f(x_i) < 1``,
    crossed out. Moving ``b`` away from the optimum shows the constraints of the hard-margin
    problem failing one point at a time.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        The points.
    y : array-like of shape (n_samples,)
        Labels in ``{-1, +1}``.
    w : array-like of shape (2,)
        The normal of the boundary (non-zero).
    b : float
        The offset, added: ``f(x) = <w, x> + b``.
    support : array-like of int, optional
        Indices of the support vectors to circle; by default the points on the margin are circled.
    {ax}
    {window}
    title : str, optional
        Axis title (default: the values of ``w`` and ``b`` in mathtext).
    legend : bool, default=True
        Draw the legend to the right of the axes, off the data.
    tol : float, default=1e-9
        Tolerance of ``y_i f(x_i) = 1`` (on the margin) and ``y_i f(x_i) < 1`` (a violation).

    {returns_ax}
    """
    X, y = two_class_points(X, y, pm1=True)
    w = np.asarray(w, dtype=np.float64)
    if w.shape != (2,) or not np.any(w):
        raise ValueError(f"w must be a non-zero vector of shape (2,), got {w!r}")
    b = float(b)
    tol = check_positive("tol", tol)
    yf = y * (X @ w + b)
    violating = yf < 1.0 - tol
    if support is None:
        circled, circle_label = np.abs(yf - 1.0) <= tol, "on the margin"
    else:
        circled, circle_label = np.asarray(support, dtype=np.int64), "support vectors"

    ax = get_ax(ax)
    xlim, ylim = window(X, 0.25, xlim=xlim, ylim=ylim)
    draw_line(ax, w, b, xlim, ylim, gid="decision_boundary", label=r"$f(x) = 0$")
    draw_margin(ax, w, b - 1.0, xlim, ylim).set_label(r"$f(x) = \pm 1$")
    draw_margin(ax, w, b + 1.0, xlim, ylim)
    scatter_classes(ax, X, y, pos_label=1.0)
    if X[circled].size:
        circle_support_vectors(ax, X[circled], label=circle_label)
    if np.any(violating):
        ax.scatter(
            *X[violating].T,
            s=70,
            marker="x",
            c=COLORS["model"],
            lw=1.3,
            zorder=5,
            gid="margin_violators",
            label=r"violates the margin, $y_i f(x_i) < 1$",
        )
    if title is None:
        title = rf"$w = ({format_value(w[0])}, {format_value(w[1])})$, $b = {format_value(b)}$"
    finish_axis(ax, xlim, ylim, title)
    if legend:
        legend_outside(ax)
    return ax


def _canonical(w, b, X):
    """Rescale ``(w, b)`` so that ``min_i |w . x_i + b| = 1`` (2.3)."""
    w = np.asarray(w, dtype=np.float64)
    scale = np.min(np.abs(X @ w + b))
    if not scale > 0:
        raise ValueError("the hyperplane passes through a data point: it has no canonical form")
    return w / scale, float(b) / scale


@styled
def plot_canonical_hyperplane(model, X, y, *, ax=None, title=None):
    """Gunn's Fig. 2.2: a canonical hyperplane and the distance ``1/||w||`` of the nearest point.

    ``(w, b)`` is rescaled to canonical form (2.3), ``min_i |w . x_i + b| = 1``; the hyperplane
    ``f = 0`` is drawn solid, the canonical hyperplanes ``f = +-1`` dotted, and the perpendicular
    from the nearest point to ``f = 0`` is drawn and labelled with its length ``1/||w||`` (2.5).

    Parameters
    ----------
    model : fitted linear classifier or (w, b)
        A model with an affine ``decision_function`` (e.g. ``SVC(kernel="linear")``), or the pair
        ``(w, b)`` of any hyperplane that misses the data points.
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
    {ax}
    {title}

    {returns_ax}
    """
    X, y = two_class_points(X, y)
    w, b = _affine_decision(model) if hasattr(model, "decision_function") else model
    w, b = _canonical(w, b, X)
    f = X @ w + b
    # of the nearest points (|f| = 1 after (2.3)), annotate the one nearest the data's centre
    on_margin = np.flatnonzero(np.isclose(np.abs(f), 1.0, atol=1e-6))
    nearest = on_margin[np.argmin(np.linalg.norm(X[on_margin] - X.mean(axis=0), axis=1))]
    foot = X[nearest] - f[nearest] * w / (w @ w)
    distance = 1.0 / np.linalg.norm(w)

    ax = get_ax(ax)
    xlim, ylim = padded_limits(X[:, 0], 0.25), padded_limits(X[:, 1], 0.25)
    draw_line(ax, w, b, xlim, ylim, gid="decision_boundary", label=r"$\langle w,x\rangle+b=0$")
    draw_margin(ax, w, b - 1.0, xlim, ylim).set_label(r"$\langle w,x\rangle+b=\pm1$")
    draw_margin(ax, w, b + 1.0, xlim, ylim)
    ax.annotate(
        "",
        xy=foot,
        xytext=X[nearest],
        arrowprops={
            "arrowstyle": "<->",
            "color": COLORS["negative"],
            "lw": 1.3,
            "shrinkA": 0,
            "shrinkB": 0,
        },
    ).set_gid("nearest_arrow")
    ax.plot(
        *np.column_stack([X[nearest], foot]), color=COLORS["negative"], lw=0, gid="nearest_distance"
    )
    mid = 0.5 * (X[nearest] + foot)
    ax.annotate(
        rf"$1/\|w\| = {distance:.3f}$",
        mid,
        xytext=(14, -16),
        textcoords="offset points",
        color=COLORS["negative"],
        gid="distance_label",
    )
    scatter_classes(ax, X, y, pos_label=1.0)
    circle_support_vectors(ax, X[on_margin], label="nearest points")
    finish_axis(ax, xlim, ylim, title)
    legend_outside(ax)
    return ax


@styled
def plot_norm_constraint(X, y, A, *, n_lines=6, random_state=None, ax=None, title=None):
    """Gunn's Fig. 2.3: canonical hyperplanes with ``||w|| <= A`` stay ``1/A`` away from the points.

    A circle of radius ``1/A`` is drawn around every point (2.9); ``n_lines`` random canonical
    hyperplanes with ``||w|| <= A`` (found by rejection: random directions whose admissible
    offsets are not empty) are drawn, and none of them cuts a circle. When ``A`` is below the
    ``||w||`` of the optimal separating hyperplane no canonical hyperplane qualifies; the panel
    says so.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Linearly separable data.
    y : array-like of shape (n_samples,)
        Two-class labels (the larger one is +1).
    A : float
        The bound (2.8) on ``||w||``, > 0.
    n_lines : int, default=6
        Admissible hyperplanes to draw.
    random_state : None, int or numpy.random.Generator
        Seeds the directions.
    {ax}
    title : str, optional
        Axis title (default names A and 1/A).

    {returns_ax}
    """
    X, y = two_class_points(X, y)
    A = check_positive("A", A)
    radius = 1.0 / A
    rng = np.random.default_rng(random_state)
    lines = _random_separating_lines(X, y, int(n_lines), rng, min_distance=radius)
    ax = get_ax(ax)
    xlim = padded_limits(X[:, 0], 0.25)
    ylim = padded_limits(X[:, 1], 0.25)
    for p in X:
        ax.add_patch(
            Circle(
                p,
                radius,
                facecolor="0.92",
                edgecolor=COLORS["breakpoint"],
                lw=0.8,
                zorder=1,
                gid="exclusion_circle",
            )
        )
    for u, c in lines:
        m = np.min(y * (X @ u + c))  # the nearest distance; canonical w = u / m, ||w|| = 1/m <= A
        draw_line(ax, u / m, c / m, xlim, ylim, lw=1.0, gid="admissible_hyperplane")
    if not lines:
        ax.text(
            0.5,
            0.95,
            rf"no canonical hyperplane has $\|w\| \leq {A:g}$",
            ha="center",
            va="top",
            transform=ax.transAxes,
            gid="not_admissible",
        )
    scatter_classes(ax, X, y, pos_label=1.0)
    title = (
        rf"$\|w\| \leq A = {A:g}$: every hyperplane $\geq 1/A = {radius:.3g}$ away"
        if title is None
        else title
    )
    finish_axis(ax, xlim, ylim, title)
    return ax


@styled
def plot_slacks(model, X, y, *, ax=None, title=None, tol=1e-9):
    """Gunn's Fig. 2.5: the soft margin on non-separable data, each slack drawn and labelled.

    The classifier is drawn by :func:`plot_svc_2d`; for every point with slack
    ``xi_i = max(0, 1 - y_i f(x_i)) > 0`` (2.27), a segment runs from the point, along the normal,
    to its own margin ``f = y_i``. Its length is ``xi_i / ||w||`` (the slack in units of the
    margin); the label gives ``xi_i``.

    Parameters
    ----------
    model : fitted linear classifier
        Has an affine ``decision_function`` and ``support_`` (e.g. ``SVC(kernel="linear", C=1)``).
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        The training labels (``model.classes_[-1]`` is +1).
    {ax}
    {title}
    tol : float, default=1e-9
        Slacks at most ``tol`` are treated as 0 (not drawn).

    {returns_ax}
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    w, b = _affine_decision(model)
    classes = getattr(model, "classes_", np.unique(y))
    signs = np.where(y == classes[-1], 1.0, -1.0)
    f = X @ w + b
    xi = np.maximum(0.0, 1.0 - signs * f)
    violators = np.flatnonzero(xi > tol)
    ends = X[violators] - (f[violators] - signs[violators])[:, None] * w / (w @ w)  # on f = y_i
    extent = np.vstack([X, ends])
    xlim, ylim = padded_limits(extent[:, 0], 0.1), padded_limits(extent[:, 1], 0.1)
    ax = plot_svc_2d(model, X, y, ax=ax, xlim=xlim, ylim=ylim, title=title, legend=False)
    for i, end in zip(violators, ends, strict=True):
        ax.plot(
            *np.column_stack([X[i], end]), color=COLORS["negative"], lw=1.3, zorder=3, gid="slack"
        )
        mid = 0.5 * (X[i] + end)
        ax.annotate(
            rf"$\xi_{{{i + 1}}}={xi[i]:.2f}$",
            mid,
            xytext=(4, 2),
            textcoords="offset points",
            fontsize=8,
            color=COLORS["negative"],
            gid="slack_label",
        )
    ax.set_aspect("equal", adjustable="box")
    handles, _ = ax.get_legend_handles_labels()
    handles += [
        level_handle("decision_boundary"),
        level_handle("margins"),
        Line2D([], [], color=COLORS["negative"], lw=1.3, label=r"slack $\xi_i$ to the margin"),
    ]
    legend_outside(ax, handles)
    return ax


def feature_map_quadratic(X):
    """Map 2-D points by the homogeneous quadratic feature map ``(x1^2, sqrt2 x1 x2, x2^2)``.

    ``<phi(x), phi(x')> = <x, x'>^2``, Gunn's (2.40) without the constant and linear features.

    Parameters
    ----------
    X : array-like of shape (n, 2)
        The points.

    Returns
    -------
    ndarray of shape (n, 3)
    """
    X = np.asarray(X, dtype=np.float64)
    return np.column_stack([X[:, 0] ** 2, np.sqrt(2.0) * X[:, 0] * X[:, 1], X[:, 1] ** 2])


@styled
def plot_feature_map(X=None, y=None, *, axes=None, random_state=0, grid_resolution=200):
    """Gunn's Fig. 2.9: data no line separates become separable by a plane in feature space.

    Two rings in the plane are mapped by ``phi(x) = (x1^2, sqrt2 x1 x2, x2^2)``
    (:func:`feature_map_quadratic`) into three dimensions, where the optimal separating plane
    ``<w, phi(x)> + b = 0`` is computed (2.7). The left panel is the input space with the preimage
    of that plane, a conic, solid (and its margins dotted); the right panel the feature space with
    the mapped points and the plane.

    Parameters
    ----------
    X, y : array-like, optional
        2-D data separable by a conic through ``phi``; by default 60 points of two rings
        (``svmbook.datasets.make_circles2d(60, factor=0.5, noise=0.05)``).
    axes : (Axes, Axes3D), optional
        The input-space panel and a 3-D panel (``projection="3d"``); a new figure when None.
    random_state : None, int or numpy.random.Generator, default=0
        Seeds the default rings.
    grid_resolution : int, default=200
        Grid points per axis for the input-space boundary.

    Returns
    -------
    (Axes, Axes3D)
    """
    if X is None:
        from svmbook.datasets import make_circles2d

        X, y = make_circles2d(60, factor=0.5, noise=0.05, random_state=random_state)
    X, y = two_class_points(X, y)
    Z = feature_map_quadratic(X)
    primal = hard_margin_primal(Z, y)
    w, b = primal.w, primal.b
    if axes is None:
        fig = plt.figure(figsize=(10.0, 4.2))
        axes = (fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2, projection="3d"))
    ax_in, ax_3d = axes
    if getattr(ax_3d, "name", "") != "3d":
        raise ValueError("axes[1] must be a 3-D Axes (projection='3d')")

    xlim, ylim = padded_limits(X[:, 0], 0.15), padded_limits(X[:, 1], 0.15)
    xx, yy = np.meshgrid(np.linspace(*xlim, grid_resolution), np.linspace(*ylim, grid_resolution))
    F = (feature_map_quadratic(np.column_stack([xx.ravel(), yy.ravel()])) @ w + b).reshape(xx.shape)
    contour_levels(ax_in, xx, yy, F, [0.0], "decision_boundary")
    contour_levels(ax_in, xx, yy, F, [-1.0, 1.0], "margins")
    scatter_classes(ax_in, X, y, pos_label=1.0)
    finish_axis(ax_in, xlim, ylim, "input space: a conic boundary")

    for sign, key in ((1.0, "positive"), (-1.0, "negative")):
        m = y == sign
        ax_3d.scatter(
            *Z[m].T, s=14, c=COLORS[key], marker=MARKERS[key], depthshade=False, gid=f"mapped_{key}"
        )
    # the plane, solved for the coordinate with the largest |w_k|, over the other two
    k = int(np.argmax(np.abs(w)))
    others = [j for j in range(3) if j != k]
    g0, g1 = np.meshgrid(
        np.linspace(Z[:, others[0]].min(), Z[:, others[0]].max(), 10),
        np.linspace(Z[:, others[1]].min(), Z[:, others[1]].max(), 10),
    )
    coords = [None, None, None]
    coords[others[0]], coords[others[1]] = g0, g1
    coords[k] = -(b + w[others[0]] * g0 + w[others[1]] * g1) / w[k]
    ax_3d.plot_surface(*coords, color="0.6", alpha=0.35, linewidth=0, gid="separating_plane")
    ax_3d.set_xlabel("$x_1^2$")
    ax_3d.set_ylabel(r"$\sqrt{2}\,x_1x_2$")
    ax_3d.set_zlabel("$x_2^2$")
    ax_3d.set_title(r"feature space $\phi(x)$: a plane")
    ax_3d.view_init(elev=12, azim=-45)
    return ax_in, ax_3d


@styled
def plot_regularisation_path(
    Cs,
    values,
    *,
    breakpoints=(),
    labels=None,
    ax=None,
    logx=True,
    xlabel="$C$",
    ylabel="value",
    title=None,
):
    """Draw coefficients (alpha_i, w, b, ...) as functions of C, with the path's breakpoints dotted.

    Redraws the regularisation path of Gunn's Table 2.2 (section 2.2; the chapter derives it):
    ``alpha_i(C)``, ``w(C)`` and ``b(C)`` are piecewise linear in C between the breakpoints 4/9,
    2/3, 26/9 and 104/15, where the active set changes.

    Parameters
    ----------
    Cs : array-like of shape (n_C,)
        The values of C (positive when ``logx``).
    values : array-like of shape (n_C,) or (n_C, n_series)
        One column per curve.
    breakpoints : sequence of float, default=()
        Values of C drawn as vertical dotted lines.
    labels : sequence of str, optional
        One label per column (a legend is drawn when given).
    {ax}
    logx : bool, default=True
        Logarithmic C axis.
    {title_labels}

    {returns_ax}
    """
    Cs = np.asarray(Cs, dtype=np.float64)
    values = np.asarray(values, dtype=np.float64)
    if values.ndim == 1:
        values = values[:, None]
    if Cs.ndim != 1 or values.ndim != 2 or values.shape[0] != Cs.shape[0]:
        raise ValueError(
            f"values must have shape ({Cs.shape[0]},) or ({Cs.shape[0]}, n_series), "
            f"got {values.shape}"
        )
    if labels is not None and len(labels) != values.shape[1]:
        raise ValueError(f"labels must have {values.shape[1]} entries, got {len(labels)}")
    ax = get_ax(ax)
    for j in range(values.shape[1]):
        label = None if labels is None else labels[j]
        ax.plot(Cs, values[:, j], label=label, gid="path")
    for c in breakpoints:
        ax.axvline(float(c), color=COLORS["breakpoint"], ls=":", lw=1.0, zorder=0, gid="breakpoint")
    if logx:
        ax.set_xscale("log")
    label_axes(ax, xlabel, ylabel, title, labels is not None)
    return ax
