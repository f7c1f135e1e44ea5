"""Pure figure builders for the svmbook notebooks, in one style.

Every function takes the data (and, where relevant, a fitted model) and an optional ``ax``; it draws
into ``ax``, creating a figure only when ``ax`` is None, and returns what it drew into. Nothing here
calls ``plt.show`` or changes global state, except :func:`use_style`, which a notebook calls once.
Each function also draws inside :func:`style`, so the figures it creates have the book's size and
fonts even when :func:`use_style` was not called.

Models are any fitted scikit-learn compatible estimators: classifiers with ``decision_function(X)``
and ``support_`` (indices into the training ``X``), regressors with ``predict(X)`` and ``support_``
(``svmbook.SVC``/``SVR`` and ``sklearn.svm.SVC``/``SVR`` alike).

Plot conventions follow Gunn (1998): support vectors circled; classification draws the decision
boundary ``f = 0`` solid and the margins ``f = +-1`` dotted; regression draws the fitted curve solid
and the tube ``f +- epsilon`` dotted. Artists that tests and readers may want to find carry a
``gid`` (``"decision_boundary"``, ``"margins"``, ``"support_vectors"``, ``"fit"``, ``"tube"``, ...).
"""

import contextlib
import functools
import itertools
import numbers

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
from cycler import cycler
from matplotlib.colors import LinearSegmentedColormap, ListedColormap
from matplotlib.lines import Line2D
from scipy.optimize import linprog

from svmbook.losses import (
    loss_epsilon_insensitive,
    loss_huber,
    loss_laplace,
    loss_quadratic,
)

__all__ = [
    "COLORS",
    "MARKERS",
    "STYLE",
    "loss_epsilon_insensitive",
    "loss_huber",
    "loss_laplace",
    "loss_quadratic",
    "feature_map_quadratic",
    "plot_canonical_hyperplane",
    "plot_feature_map",
    "plot_grid",
    "plot_kernel_gram",
    "plot_kernel_profile",
    "plot_losses",
    "plot_modelling_errors",
    "plot_norm_constraint",
    "plot_regularisation_path",
    "plot_separating_lines",
    "plot_shattering",
    "plot_slacks",
    "plot_svc_2d",
    "plot_svr_1d",
    "plot_vc_bound",
    "style",
    "use_style",
]

# Okabe & Ito (2008), colour-blind safe. Class +1 blue, class -1 vermillion; everything the model
# draws (boundary, margins, fitted curve, tube, SV circles) is black so it reads in greyscale too.
OKABE_ITO = (
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#009E73",  # bluish green
    "#E69F00",  # orange
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#F0E442",  # yellow
    "#000000",  # black
)

COLORS = {
    "positive": OKABE_ITO[0],
    "negative": OKABE_ITO[1],
    "positive_region": "#CCE3F0",
    "negative_region": "#F7DFCC",
    "model": "black",
    "sv": "black",
    "data": "#4D4D4D",
    "breakpoint": "#7F7F7F",
}
"""Colours of the book: the two classes, their regions, the model lines and the SV circles."""

MARKERS = {"positive": "o", "negative": "s", "data": "o"}
"""Markers of the two classes (filled, so the SV circles around them stay visible)."""

STYLE = {
    "figure.figsize": (5.0, 4.0),
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "savefig.bbox": "tight",
    "font.size": 10.0,
    "axes.titlesize": 11.0,
    "axes.labelsize": 10.0,
    "xtick.labelsize": 9.0,
    "ytick.labelsize": 9.0,
    "legend.fontsize": 8.0,
    "legend.frameon": False,
    "axes.grid": False,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.prop_cycle": cycler(color=list(OKABE_ITO)),
    "image.cmap": "viridis",
    "lines.linewidth": 1.5,
    "lines.markersize": 5.0,
}
"""The one matplotlib style (rcParams) of the book."""

_SV_SIZE = 150.0  # scatter area (points^2) of the SV circles; the class markers use ~30
_POINT_SIZE = 30.0


def use_style():
    """Apply :data:`STYLE` to matplotlib's global rcParams (the notebooks' first cell calls it)."""
    mpl.rcParams.update(STYLE)


@contextlib.contextmanager
def style():
    """Context manager drawing in :data:`STYLE`, restoring the previous values of its keys on exit.

    Only the keys of :data:`STYLE` are saved and restored. ``mpl.rc_context`` would restore every
    rcParam, including ``interactive``, which the inline backend switches on when a session's first
    figure is made; restoring it to False stops Jupyter showing later figures at the end of a cell.
    """
    saved = {key: mpl.rcParams[key] for key in STYLE}
    mpl.rcParams.update(STYLE)
    try:
        yield
    finally:
        mpl.rcParams.update(saved)


def _styled(fn):
    """Run ``fn`` inside :func:`style` (figures created by ``fn`` get the book's size and fonts)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with style():
            return fn(*args, **kwargs)

    return wrapper


def _get_ax(ax):
    if ax is None:
        _, ax = plt.subplots()
    return ax


def _padded_limits(values, pad=0.1):
    lo, hi = float(np.min(values)), float(np.max(values))
    span = hi - lo if hi > lo else max(abs(lo), 1.0)
    return lo - pad * span, hi + pad * span


def _format_value(value):
    if isinstance(value, bool | np.bool_):
        return str(bool(value))
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return f"{float(value):.4g}"
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _support_indices(model):
    support = getattr(model, "support_", None)
    if support is None:
        raise TypeError(f"model must be fitted and have support_, got {type(model).__name__}")
    return np.asarray(support, dtype=np.int64)


def _circle_support_vectors(ax, points, *, label="support vectors"):
    return ax.scatter(
        points[:, 0],
        points[:, 1],
        s=_SV_SIZE,
        facecolors="none",
        edgecolors=COLORS["sv"],
        linewidths=1.2,
        label=label,
        zorder=4,
        gid="support_vectors",
    )


def _scatter_classes(ax, X, y, *, pos_label=None):
    """Scatter a two-class sample; returns the labels used as "+1" and "-1"."""
    classes = np.unique(y)
    if classes.size > 2:
        raise ValueError(f"y must have at most 2 classes, got {classes.size}")
    if pos_label is None:
        pos_label = classes[-1]
    positive = y == pos_label
    for mask, key, name in ((positive, "positive", "$+1$"), (~positive, "negative", "$-1$")):
        if np.any(mask):
            ax.scatter(
                X[mask, 0],
                X[mask, 1],
                s=_POINT_SIZE,
                c=COLORS[key],
                marker=MARKERS[key],
                edgecolors="white",
                linewidths=0.5,
                label=f"class {name}",
                zorder=3,
                gid=f"class_{key}",
            )
    return pos_label


def _levels_in_range(levels, Z):
    zmin, zmax = float(np.nanmin(Z)), float(np.nanmax(Z))
    return [lv for lv in levels if zmin <= lv <= zmax and zmin < zmax]


# how the model's level sets are drawn: f = 0 solid, f = +-1 dotted (Gunn's conventions)
_LEVEL_STYLES = {
    "decision_boundary": ("solid", 1.5, "-", "$f(x)=0$"),
    "margins": ("dotted", 1.2, ":", r"$f(x)=\pm 1$"),
}


def _level_handle(gid):
    """A legend handle for the level sets drawn with ``gid`` (see :data:`_LEVEL_STYLES`)."""
    _, lw, ls, label = _LEVEL_STYLES[gid]
    return Line2D([], [], color=COLORS["model"], ls=ls, label=label)


def _contour_levels(ax, xx, yy, Z, levels, gid):
    """Contour ``Z`` at the ``levels`` inside its range in the style of ``gid``; a legend handle.

    Returns None (and draws nothing) when no level lies in the range of ``Z``.
    """
    levels = _levels_in_range(levels, Z)
    if not levels:
        return None
    linestyle, linewidth, _, _ = _LEVEL_STYLES[gid]
    cs = ax.contour(
        xx,
        yy,
        Z,
        levels=levels,
        colors=COLORS["model"],
        linestyles=linestyle,
        linewidths=linewidth,
        zorder=2,
    )
    cs.set_gid(gid)
    return _level_handle(gid)


@_styled
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
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
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
    xlim, ylim : (float, float), optional
        Plot window; by default the data range padded by 10 %.
    title, xlabel, ylabel : str, optional
        Axis title and labels.
    legend : bool, default=True
        Draw the legend (classes, SVs, boundary, margins).

    Returns
    -------
    matplotlib.axes.Axes
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
    ax = _get_ax(ax)
    xlim = _padded_limits(X[:, 0]) if xlim is None else tuple(xlim)
    ylim = _padded_limits(X[:, 1]) if ylim is None else tuple(ylim)

    xx, yy = np.meshgrid(np.linspace(*xlim, grid_resolution), np.linspace(*ylim, grid_resolution))
    grid = np.column_stack([xx.ravel(), yy.ravel()])
    Z = np.asarray(model.decision_function(grid), dtype=np.float64)
    if Z.ndim != 1:
        raise ValueError("model.decision_function must return one value per sample (two classes)")
    Z = Z.reshape(xx.shape)

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

    handles = [_contour_levels(ax, xx, yy, Z, [0.0], "decision_boundary")]
    if margins:
        handles.append(_contour_levels(ax, xx, yy, Z, [-1.0, 1.0], "margins"))
    handles = [handle for handle in handles if handle is not None]

    classes = getattr(model, "classes_", None)
    pos_label = classes[-1] if classes is not None and len(classes) == 2 else None
    _scatter_classes(ax, X, y, pos_label=pos_label)
    if circle_sv:
        _circle_support_vectors(ax, X[_support_indices(model)])

    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    if legend:
        point_handles, _ = ax.get_legend_handles_labels()
        ax.legend(handles=point_handles + handles, loc="best")
    return ax


def _regression_window(model, x, pad=0.05):
    """The default x-range of a 1-D regression: the data range, padded where the model allows.

    Each side is padded by ``pad`` times the data range, unless the model refuses that end point
    (``model.predict`` raises ``ValueError``, as a kernel does outside its domain, e.g. the
    infinite spline below 0); that side then stays at the data's own end, where the model was
    fitted and so is defined. Checking the two end points suffices for a domain that is an
    interval, which every kernel domain of :mod:`svmbook.kernels` is.
    """
    lo, hi = float(np.min(x)), float(np.max(x))
    padded = _padded_limits(x, pad=pad)
    window = []
    for inner, outer in ((lo, padded[0]), (hi, padded[1])):
        try:
            model.predict(np.array([[outer]]))
        except ValueError:
            outer = inner
        window.append(outer)
    return tuple(window)


@_styled
def plot_svr_1d(
    model,
    x,
    y,
    *,
    epsilon,
    ax=None,
    circle_sv=True,
    n_grid=400,
    xlim=None,
    xlabel="$x$",
    ylabel="$y$",
    title=None,
    legend=True,
):
    """Draw a fitted 1-D support vector regression, in Gunn's conventions (Figs. 5.2-5.7, 6.x).

    The data, the fitted curve ``f(x)`` solid, the tube ``f(x) +- epsilon`` dotted and the support
    vectors circled.

    Parameters
    ----------
    model : fitted regressor
        Has ``predict(X)`` and ``support_``, fitted on ``x.reshape(-1, 1)``.
    x : array-like of shape (n_samples,) or (n_samples, 1)
        The training inputs.
    y : array-like of shape (n_samples,)
        The training targets.
    epsilon : float
        Half-width of the tube (the model's ``epsilon``); must be >= 0.
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    circle_sv : bool, default=True
        Circle the support vectors.
    n_grid : int, default=400
        Points at which the curve is evaluated.
    xlim : (float, float), optional
        Range of the curve; by default the data range padded by 5 % on each side where the model
        is defined there (see :func:`_regression_window`: the infinite spline kernel, defined on
        ``x >= 0`` only, keeps the curve inside the data range at 0).
    xlabel, ylabel, title : str, optional
        Axis labels and title.
    legend : bool, default=True
        Draw the legend.

    Returns
    -------
    matplotlib.axes.Axes
    """
    x = np.asarray(x, dtype=np.float64)
    if x.ndim == 2 and x.shape[1] == 1:
        x = x[:, 0]
    if x.ndim != 1:
        raise ValueError(f"x must have shape (n_samples,) or (n_samples, 1), got {x.shape}")
    y = np.asarray(y, dtype=np.float64)
    if y.shape != x.shape:
        raise ValueError(f"y must have shape {x.shape}, got {y.shape}")
    epsilon = float(epsilon)
    if not epsilon >= 0:
        raise ValueError(f"epsilon must be >= 0, got {epsilon}")
    ax = _get_ax(ax)
    xlim = _regression_window(model, x) if xlim is None else tuple(xlim)
    grid = np.linspace(*xlim, int(n_grid))
    f = np.asarray(model.predict(grid[:, None]), dtype=np.float64)

    ax.plot(grid, f, color=COLORS["model"], ls="-", label="$f(x)$", zorder=2, gid="fit")
    (upper,) = ax.plot(
        grid,
        f + epsilon,
        color=COLORS["model"],
        ls=":",
        lw=1.2,
        label=r"$f(x)\pm\varepsilon$",
        zorder=2,
        gid="tube",
    )
    ax.plot(grid, f - epsilon, color=COLORS["model"], ls=":", lw=1.2, zorder=2, gid="tube")
    ax.scatter(
        x,
        y,
        s=_POINT_SIZE,
        c=COLORS["positive"],
        marker=MARKERS["data"],
        edgecolors="white",
        linewidths=0.5,
        label="data",
        zorder=3,
        gid="data",
    )
    if circle_sv:
        support = _support_indices(model)
        _circle_support_vectors(ax, np.column_stack([x[support], y[support]]))
    ax.set_xlim(xlim)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    if legend:
        ax.legend(loc="best")
    return ax


_LOSS_PANELS = (
    ("quadratic", "(a) quadratic"),
    ("laplace", "(b) Laplace"),
    ("huber", "(c) Huber"),
    ("epsilon_insensitive", r"(d) $\varepsilon$-insensitive"),
)


@_styled
def plot_losses(*, epsilon=0.5, mu=1.0, ax=None, axes=None, r_max=3.0, n_grid=601):
    """Gunn's Fig. 5.1: the four regression losses as functions of the residual ``f(x) - y``.

    Quadratic (5.13), Laplace ``|r|``, Huber (5.17) and epsilon-insensitive (5.4); the functions
    themselves are :mod:`svmbook.losses` (re-exported here).

    Parameters
    ----------
    epsilon : float, default=0.5
        Tube half-width of the epsilon-insensitive loss.
    mu : float, default=1.0
        Width of Huber's quadratic zone.
    ax : matplotlib Axes, optional
        Draw all four curves into this one axes (with a legend). Used when ``axes`` is None; a new
        figure is created when both are None.
    axes : sequence of 4 Axes, optional
        Draw one loss per axes, titled (a)-(d) as in Fig. 5.1.
    r_max : float, default=3.0
        The residual axis runs over ``[-r_max, r_max]``.
    n_grid : int, default=601
        Points per curve.

    Returns
    -------
    matplotlib.axes.Axes or ndarray of Axes
        ``ax`` (one panel), or ``axes`` as an array when four panels were given.
    """
    r = np.linspace(-float(r_max), float(r_max), int(n_grid))
    values = {
        "quadratic": loss_quadratic(r),
        "laplace": loss_laplace(r),
        "huber": loss_huber(r, mu),
        "epsilon_insensitive": loss_epsilon_insensitive(r, epsilon),
    }
    labels = {
        "quadratic": "quadratic",
        "laplace": "Laplace",
        "huber": rf"Huber, $\mu={mu:g}$",
        "epsilon_insensitive": rf"$\varepsilon$-insensitive, $\varepsilon={epsilon:g}$",
    }
    xlabel, ylabel = "residual $f(x)-y$", "loss"
    if axes is not None:
        axes = np.asarray(axes, dtype=object).ravel()
        if axes.size != 4:
            raise ValueError(f"axes must hold 4 Axes, got {axes.size}")
        for panel, (key, panel_title) in zip(axes, _LOSS_PANELS, strict=True):
            panel.plot(r, values[key], color=COLORS["model"], gid=f"loss_{key}")
            panel.set_title(panel_title)
            panel.set_xlabel(xlabel)
            panel.set_ylabel(ylabel)
            panel.set_xlim(r[0], r[-1])
        return axes
    ax = _get_ax(ax)
    for (key, _), color in zip(_LOSS_PANELS, OKABE_ITO, strict=False):
        ax.plot(r, values[key], color=color, label=labels[key], gid=f"loss_{key}")
    ax.set_xlim(r[0], r[-1])
    ax.set_ylim(0.0, 1.05 * float(values["laplace"].max()))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(loc="upper center")
    return ax


def _separating_line(X, y):
    """A line ``(w, b)`` with ``y_i (w . x_i + b) >= 1`` for all i, or None if none exists.

    Solves the LP ``min ||w||_1`` subject to those constraints (so the line is a wide, L-inf
    margin separator rather than an arbitrary vertex). For a one-class labelling the LP returns
    ``w = 0``; the caller draws a line beside the points then.
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    n, d = X.shape
    # variables: w (d), b (1), u (d) with -u <= w <= u; minimise sum(u)
    c = np.concatenate([np.zeros(d + 1), np.ones(d)])
    A_sep = -np.hstack([y[:, None] * X, y[:, None], np.zeros((n, d))])
    b_sep = -np.ones(n)
    eye = np.eye(d)
    A_abs = np.vstack(
        [
            np.hstack([eye, np.zeros((d, 1)), -eye]),
            np.hstack([-eye, np.zeros((d, 1)), -eye]),
        ]
    )
    A_ub = np.vstack([A_sep, A_abs])
    b_ub = np.concatenate([b_sep, np.zeros(2 * d)])
    bounds = [(None, None)] * (d + 1) + [(0, None)] * d
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, bounds=bounds, method="highs")
    if res.status != 0:
        return None
    return res.x[:d], float(res.x[d])


def _draw_line(ax, w, b, xlim, ylim, **style):
    """Draw ``w . x + b = 0`` across the window (black, solid, ``gid="separator"`` by default)."""
    w = np.asarray(w, dtype=np.float64)
    if abs(w[1]) >= abs(w[0]):
        xs = np.array(xlim)
        ys = -(w[0] * xs + b) / w[1]
    else:
        ys = np.array(ylim)
        xs = -(w[1] * ys + b) / w[0]
    style = {"color": COLORS["model"], "ls": "-", "lw": 1.2, "gid": "separator", **style}
    return ax.plot(xs, ys, **style)[0]


@_styled
def plot_shattering(points, *, axes=None, separator=None, ncols=None):
    """Gunn's Fig. 1.2: every labelling of a point set, with a separating line where one exists.

    One small panel per labelling (``2**p`` panels for ``p`` points). Three points in general
    position in the plane are shattered by lines (8 panels, a line in each); four points are not
    (e.g. the square's two XOR labellings have no line, and are marked "not separable").

    Parameters
    ----------
    points : array-like of shape (p, 2)
        The points (``p <= 6``, i.e. at most 64 panels).
    axes : sequence of at least ``2**p`` Axes, optional
        Where to draw; a new figure with a grid of panels is created when None.
    separator : callable, optional
        ``separator(X, y) -> (w, b) | None`` giving a line ``w . x + b = 0`` that separates the
        labelling ``y`` in {-1, +1}, or None if none exists. The default solves a linear program
        (``scipy.optimize.linprog``).
    ncols : int, optional
        Panels per row of a new figure (default 4).

    Returns
    -------
    ndarray of Axes
        The ``2**p`` panels, labellings in the order ``itertools.product((-1, 1), repeat=p)``.
    """
    X = np.asarray(points, dtype=np.float64)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"points must have shape (p, 2), got {X.shape}")
    p = X.shape[0]
    if not 1 <= p <= 6:
        raise ValueError(f"points must hold 1 to 6 points, got {p}")
    n_panels = 2**p
    if separator is None:
        separator = _separating_line
    if axes is None:
        ncols = min(n_panels, 4 if ncols is None else int(ncols))
        nrows = -(-n_panels // ncols)
        _, axes = plt.subplots(nrows, ncols, figsize=(1.6 * ncols, 1.6 * nrows), squeeze=False)
        axes = axes.ravel()
        for extra in axes[n_panels:]:
            extra.set_visible(False)
    axes = np.asarray(axes, dtype=object).ravel()
    if axes.size < n_panels:
        raise ValueError(f"axes must hold at least {n_panels} Axes, got {axes.size}")
    xlim = _padded_limits(X[:, 0], pad=0.5)
    ylim = _padded_limits(X[:, 1], pad=0.5)

    for ax, labels in zip(axes, itertools.product((-1, 1), repeat=p), strict=False):
        y = np.array(labels, dtype=np.float64)
        _scatter_classes(ax, X, y, pos_label=1.0)
        if np.all(y == y[0]):
            # one class: any line beside the points separates it; draw one left of them
            x_line = X[:, 0].min() - 0.5 * (X[:, 0].min() - xlim[0])
            _draw_line(ax, (1.0, 0.0), -x_line, xlim, ylim)
        else:
            line = separator(X, y)
            if line is None:
                ax.text(
                    0.5,
                    0.5,
                    "not separable",
                    transform=ax.transAxes,
                    ha="center",
                    va="center",
                    fontsize=7,
                    color=COLORS["model"],
                    gid="not_separable",
                    bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.8},
                )
            else:
                _draw_line(ax, line[0], line[1], xlim, ylim)
        ax.set_xlim(xlim)
        ax.set_ylim(ylim)
        ax.set_xticks([])
        ax.set_yticks([])
        ax.set_xlabel("$x_1$", fontsize=7, labelpad=1)
        ax.set_ylabel("$x_2$", fontsize=7, labelpad=1)
        ax.spines[["top", "right"]].set_visible(True)
    return axes[:n_panels]


# --- Gunn's schematic figures (1.1, 2.1, 2.2, 2.3, 2.5, 2.9), drawn from computed geometry -------


def _check_two_class_2d(X, y):
    """``X`` as float (n, 2) and ``y`` as float labels in {-1, +1} (the larger label is +1)."""
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"X must have shape (n_samples, 2), got {X.shape}")
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must have shape ({X.shape[0]},), got {y.shape}")
    classes = np.unique(y)
    if classes.size != 2:
        raise ValueError(f"y must have exactly 2 classes, got {classes.size}")
    return X, np.where(y == classes[-1], 1.0, -1.0)


def _max_margin_hyperplane(Z, y):
    """The optimal separating hyperplane ``(w, b)`` of separable data, any dimension.

    Solves the primal (2.7) with constraints (2.4), ``min 1/2 ||w||^2`` subject to
    ``y_i (w . z_i + b) >= 1``, by SLSQP (a few variables, so no QP library is needed here).
    Raises ``ValueError`` when the data are not linearly separable.
    """
    from scipy.optimize import minimize

    Z = np.asarray(Z, dtype=np.float64)
    d = Z.shape[1]
    A = y[:, None] * np.column_stack([Z, np.ones(len(Z))])
    start = _separating_line(Z, y)
    if start is None:
        raise ValueError("the data are not linearly separable (no hyperplane satisfies (2.4))")
    res = minimize(
        lambda v: 0.5 * v[:d] @ v[:d],
        np.append(*start),
        jac=lambda v: np.append(v[:d], 0.0),
        constraints={"type": "ineq", "fun": lambda v: A @ v - 1.0, "jac": lambda v: A},
        method="SLSQP",
        options={"ftol": 1e-14, "maxiter": 500},
    )
    return res.x[:d], float(res.x[d])


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
    f = np.asarray(model.decision_function(probes), dtype=np.float64)
    if f.ndim != 1:
        raise ValueError("model.decision_function must return one value per sample (two classes)")
    b, w = f[0], f[1 : d + 1] - f[0]
    if not np.isclose(f[-1], b + 0.5 * w.sum(), rtol=1e-6, atol=1e-8):
        raise ValueError("model must have an affine decision function (a linear kernel)")
    return w, float(b)


def _finish(ax, xlim, ylim, title, xlabel="$x_1$", ylabel="$x_2$", equal=True):
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    if equal:
        ax.set_aspect("equal", adjustable="box")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)


def _ellipse_boundary(center, width, height, n=720):
    t = np.linspace(0.0, 2.0 * np.pi, n, endpoint=False)
    return np.column_stack(
        [center[0] + 0.5 * width * np.cos(t), center[1] + 0.5 * height * np.sin(t)]
    )


@_styled
def plot_modelling_errors(
    *,
    target=(0.55, 0.82),
    learned=(-0.35, -0.05),
    hypothesis=((-0.2, 0.0), 1.5, 1.0),
    ax=None,
    title="Fig. 1.1: modelling errors",
):
    """Gunn's Fig. 1.1: approximation and estimation error in the space of functions (schematic).

    The target space is a large ellipse, the hypothesis space ``H_n`` a smaller one inside it.
    The target ``f_0`` lies outside ``H_n``; the best function of the class, ``f_n``, is the point
    of ``H_n`` nearest to ``f_0`` (computed on the boundary of the ellipse); the learned function
    ``f_{n,l}`` lies elsewhere in ``H_n``. Arrows mark the approximation error ``f_0 -> f_n`` and
    the estimation error ``f_n -> f_{n,l}``.

    Parameters
    ----------
    target : (float, float)
        Position of ``f_0``; must lie outside the hypothesis ellipse.
    learned : (float, float)
        Position of ``f_{n,l}``; must lie inside the hypothesis ellipse.
    hypothesis : ((float, float), float, float)
        Centre, width and height of the hypothesis ellipse.
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    title : str, optional
        Axis title.

    Returns
    -------
    matplotlib.axes.Axes
    """
    from matplotlib.patches import Ellipse

    (cx, cy), width, height = hypothesis
    target, learned = np.asarray(target, float), np.asarray(learned, float)

    def inside(p):
        return ((p[0] - cx) / (width / 2)) ** 2 + ((p[1] - cy) / (height / 2)) ** 2 < 1

    if inside(target):
        raise ValueError(f"target must lie outside the hypothesis space, got {tuple(target)}")
    if not inside(learned):
        raise ValueError(f"learned must lie inside the hypothesis space, got {tuple(learned)}")
    boundary = _ellipse_boundary((cx, cy), width, height)
    best = boundary[np.argmin(np.linalg.norm(boundary - target, axis=1))]

    ax = _get_ax(ax)
    ax.add_patch(
        Ellipse((0.0, 0.1), 3.0, 2.2, facecolor="0.95", edgecolor="0.5", gid="target_space")
    )
    ax.add_patch(
        Ellipse(
            (cx, cy),
            width,
            height,
            facecolor=COLORS["positive_region"],
            edgecolor=COLORS["positive"],
            gid="hypothesis_space",
        )
    )
    ax.text(0.0, 1.02, "target space", ha="center", va="bottom", color="0.3")
    ax.text(
        cx,
        cy - 0.5 * height + 0.06,
        r"hypothesis space $\mathcal{H}_n$",
        ha="center",
        va="bottom",
        color=COLORS["positive"],
    )
    points = (
        (target, "target", "$f_0$", (6, 4)),
        (best, "best_in_class", "$f_n$", (-22, 6)),
        (learned, "learned", r"$\hat f_{n,l}$", (6, -12)),
    )
    for p, gid, text, offset in points:
        ax.plot(*p, "o", color=COLORS["model"], ms=5, gid=gid, zorder=4)
        ax.annotate(text, p, xytext=offset, textcoords="offset points", fontsize=11)
    for start, end, gid, text in (
        (target, best, "approximation_error", "approximation\nerror"),
        (best, learned, "estimation_error", "estimation\nerror"),
    ):
        arrow = ax.annotate(
            "",
            xy=end,
            xytext=start,
            arrowprops={"arrowstyle": "->", "color": COLORS["negative"], "lw": 1.5},
        )
        arrow.set_gid(gid)
        mid = 0.5 * (start + end)
        ax.text(
            mid[0] + 0.06,
            mid[1],
            text,
            color=COLORS["negative"],
            fontsize=8,
            va="center",
            gid=f"{gid}_label",
        )
    _finish(
        ax,
        (-1.6, 1.6),
        (-1.05, 1.3),
        title,
        "generalisation error = approximation + estimation error",
        "functions (schematic)",
    )
    ax.set_xticks([])
    ax.set_yticks([])
    return ax


@_styled
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
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    title : str, optional
        Axis title.

    Returns
    -------
    matplotlib.axes.Axes
    """
    X, y = _check_two_class_2d(X, y)
    n_lines = int(n_lines)
    if n_lines < 0:
        raise ValueError(f"n_lines must be >= 0, got {n_lines}")
    w, b = _max_margin_hyperplane(X, y)
    rng = np.random.default_rng(random_state)
    ax = _get_ax(ax)
    xlim, ylim = _padded_limits(X[:, 0], 0.25), _padded_limits(X[:, 1], 0.25)
    for u, c in _random_separating_lines(X, y, n_lines, rng):
        _draw_line(ax, u, c, xlim, ylim, color=COLORS["breakpoint"], lw=0.9, gid="separating_line")
    _draw_line(ax, w, b, xlim, ylim, lw=2.2, gid="max_margin", label="maximum margin")
    for level in (-1.0, 1.0):
        _draw_line(ax, w, b - level, xlim, ylim, ls=":", gid="margins")
    ax.plot([], [], color=COLORS["breakpoint"], lw=0.9, label="other separating lines")
    _scatter_classes(ax, X, y, pos_label=1.0)
    _finish(ax, xlim, ylim, title)
    ax.legend(loc="best")
    return ax


def _canonical(w, b, X):
    """Rescale ``(w, b)`` so that ``min_i |w . x_i + b| = 1`` (2.3)."""
    w = np.asarray(w, dtype=np.float64)
    scale = np.min(np.abs(X @ w + b))
    if not scale > 0:
        raise ValueError("the hyperplane passes through a data point: it has no canonical form")
    return w / scale, float(b) / scale


@_styled
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
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    title : str, optional
        Axis title.

    Returns
    -------
    matplotlib.axes.Axes
    """
    X, y = _check_two_class_2d(X, y)
    w, b = _affine_decision(model) if hasattr(model, "decision_function") else model
    w, b = _canonical(w, b, X)
    f = X @ w + b
    # of the nearest points (|f| = 1 after (2.3)), annotate the one nearest the data's centre
    on_margin = np.flatnonzero(np.isclose(np.abs(f), 1.0, atol=1e-6))
    nearest = on_margin[np.argmin(np.linalg.norm(X[on_margin] - X.mean(axis=0), axis=1))]
    foot = X[nearest] - f[nearest] * w / (w @ w)
    distance = 1.0 / np.linalg.norm(w)

    ax = _get_ax(ax)
    xlim, ylim = _padded_limits(X[:, 0], 0.25), _padded_limits(X[:, 1], 0.25)
    _draw_line(ax, w, b, xlim, ylim, gid="decision_boundary", label=r"$\langle w,x\rangle+b=0$")
    _draw_line(
        ax, w, b - 1.0, xlim, ylim, ls=":", gid="margins", label=r"$\langle w,x\rangle+b=\pm1$"
    )
    _draw_line(ax, w, b + 1.0, xlim, ylim, ls=":", gid="margins")
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
    _scatter_classes(ax, X, y, pos_label=1.0)
    _circle_support_vectors(ax, X[on_margin], label="nearest points")
    _finish(ax, xlim, ylim, title)
    ax.legend(loc="best")
    return ax


@_styled
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
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    title : str, optional
        Axis title (default names A and 1/A).

    Returns
    -------
    matplotlib.axes.Axes
    """
    from matplotlib.patches import Circle

    X, y = _check_two_class_2d(X, y)
    A = float(A)
    if not A > 0:
        raise ValueError(f"A must be > 0, got {A}")
    radius = 1.0 / A
    rng = np.random.default_rng(random_state)
    lines = _random_separating_lines(X, y, int(n_lines), rng, min_distance=radius)
    ax = _get_ax(ax)
    xlim = _padded_limits(X[:, 0], 0.25)
    ylim = _padded_limits(X[:, 1], 0.25)
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
        _draw_line(ax, u / m, c / m, xlim, ylim, lw=1.0, gid="admissible_hyperplane")
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
    _scatter_classes(ax, X, y, pos_label=1.0)
    title = (
        rf"$\|w\| \leq A = {A:g}$: every hyperplane $\geq 1/A = {radius:.3g}$ away"
        if title is None
        else title
    )
    _finish(ax, xlim, ylim, title)
    return ax


@_styled
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
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    title : str, optional
        Axis title.
    tol : float, default=1e-9
        Slacks at most ``tol`` are treated as 0 (not drawn).

    Returns
    -------
    matplotlib.axes.Axes
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
    xlim, ylim = _padded_limits(extent[:, 0], 0.1), _padded_limits(extent[:, 1], 0.1)
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
        _level_handle("decision_boundary"),
        _level_handle("margins"),
        Line2D([], [], color=COLORS["negative"], lw=1.3, label=r"slack $\xi_i$ to the margin"),
    ]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0))
    return ax


def feature_map_quadratic(X):
    """The feature map of the homogeneous quadratic kernel: ``phi(x) = (x1^2, sqrt2 x1 x2, x2^2)``.

    ``<phi(x), phi(x')> = <x, x'>^2``, Gunn's (2.40) without the constant and linear features.
    """
    X = np.asarray(X, dtype=np.float64)
    return np.column_stack([X[:, 0] ** 2, np.sqrt(2.0) * X[:, 0] * X[:, 1], X[:, 1] ** 2])


@_styled
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
    X, y = _check_two_class_2d(X, y)
    Z = feature_map_quadratic(X)
    w, b = _max_margin_hyperplane(Z, y)
    if axes is None:
        fig = plt.figure(figsize=(10.0, 4.2))
        axes = (fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2, projection="3d"))
    ax_in, ax_3d = axes
    if getattr(ax_3d, "name", "") != "3d":
        raise ValueError("axes[1] must be a 3-D Axes (projection='3d')")

    xlim, ylim = _padded_limits(X[:, 0], 0.15), _padded_limits(X[:, 1], 0.15)
    xx, yy = np.meshgrid(np.linspace(*xlim, grid_resolution), np.linspace(*ylim, grid_resolution))
    F = (feature_map_quadratic(np.column_stack([xx.ravel(), yy.ravel()])) @ w + b).reshape(xx.shape)
    _contour_levels(ax_in, xx, yy, F, [0.0], "decision_boundary")
    _contour_levels(ax_in, xx, yy, F, [-1.0, 1.0], "margins")
    _scatter_classes(ax_in, X, y, pos_label=1.0)
    _finish(ax_in, xlim, ylim, "input space: a conic boundary")

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


@_styled
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
    """Coefficients (alpha_i, w, b, ...) as functions of C, with the path's breakpoints dotted.

    Redraws Gunn's Table 2.2 regularisation path (oracle notes section 5.2): ``alpha_i(C)``,
    ``w(C)`` and ``b(C)`` are piecewise linear in C between the breakpoints 4/9, 2/3, 26/9 and
    104/15, where the active set changes.

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
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    logx : bool, default=True
        Logarithmic C axis.
    xlabel, ylabel, title : str, optional
        Axis labels and title.

    Returns
    -------
    matplotlib.axes.Axes
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
    ax = _get_ax(ax)
    for j in range(values.shape[1]):
        label = None if labels is None else labels[j]
        ax.plot(Cs, values[:, j], label=label, gid="path")
    for c in breakpoints:
        ax.axvline(float(c), color=COLORS["breakpoint"], ls=":", lw=1.0, zorder=0, gid="breakpoint")
    if logx:
        ax.set_xscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    if labels is not None:
        ax.legend(loc="best")
    return ax


@_styled
def plot_vc_bound(
    h,
    confidence,
    *,
    emp_risk=None,
    ax=None,
    label="VC confidence",
    color=None,
    linestyle="--",
    xlabel="VC dimension $h$",
    ylabel="risk",
    title=None,
):
    """Structural risk minimisation (Gunn 1.6-1.8): the VC confidence, and the bound, against h.

    The confidence term is computed elsewhere (``svmbook.theory.vc_confidence``) and passed in.
    With ``emp_risk``, the empirical risk and the bound ``emp_risk + confidence`` are drawn too and
    the ``h`` minimising the bound (the SRM choice) is marked by a dotted vertical line.

    Parameters
    ----------
    h : array-like of shape (n,)
        VC dimensions (the nested structure ``S_1 ⊂ S_2 ⊂ ...``).
    confidence : array-like of shape (n,)
        The VC confidence term at each ``h``.
    emp_risk : array-like of shape (n,), optional
        The smallest empirical risk reached in each ``S_h``.
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    label : str, default="VC confidence"
        Legend label of the confidence curve (call twice on one ``ax`` to compare two forms).
    color : colour, optional
        Colour of the confidence curve (default: the first colour of the book, blue).
    linestyle : str, default="--"
        Line style of the confidence curve.
    xlabel, ylabel, title : str, optional
        Axis labels and title.

    Returns
    -------
    matplotlib.axes.Axes
    """
    h = np.asarray(h, dtype=np.float64)
    confidence = np.asarray(confidence, dtype=np.float64)
    if h.ndim != 1 or confidence.shape != h.shape:
        raise ValueError(f"confidence must have shape {h.shape}, got {confidence.shape}")
    ax = _get_ax(ax)
    color = OKABE_ITO[0] if color is None else color
    ax.plot(h, confidence, color=color, ls=linestyle, label=label, gid="confidence")
    if emp_risk is not None:
        emp_risk = np.asarray(emp_risk, dtype=np.float64)
        if emp_risk.shape != h.shape:
            raise ValueError(f"emp_risk must have shape {h.shape}, got {emp_risk.shape}")
        bound = emp_risk + confidence
        ax.plot(h, emp_risk, color=OKABE_ITO[1], ls="-.", label="empirical risk", gid="emp_risk")
        ax.plot(h, bound, color=COLORS["model"], ls="-", label="bound on the risk", gid="bound")
        h_best = h[int(np.argmin(bound))]
        ax.axvline(
            h_best,
            color=COLORS["breakpoint"],
            ls=":",
            lw=1.0,
            label=f"SRM choice $h={h_best:g}$",
            gid="srm_choice",
        )
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    ax.legend(loc="best")
    return ax


@_styled
def plot_kernel_gram(K, *, ax=None, title=None, cmap=None, colorbar=True):
    """Heatmap of a Gram matrix ``K[i, j] = k(x_i, x_j)`` (Chapter 3, the kernel catalogue).

    Parameters
    ----------
    K : array-like of shape (n, m)
        The Gram matrix.
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    title : str, optional
        Axis title.
    cmap : str or Colormap, optional
        Colour map (default: the style's ``image.cmap``, viridis).
    colorbar : bool, default=True
        Add a colour bar labelled ``K``.

    Returns
    -------
    matplotlib.axes.Axes
    """
    K = np.asarray(K, dtype=np.float64)
    if K.ndim != 2:
        raise ValueError(f"K must be a 2-D array, got shape {K.shape}")
    ax = _get_ax(ax)
    image = ax.imshow(K, cmap=cmap, interpolation="nearest", aspect="equal", gid="gram")
    if colorbar:
        ax.figure.colorbar(image, ax=ax, label="$K_{ij}$")
    ax.set_xlabel("$j$")
    ax.set_ylabel("$i$")
    if title is not None:
        ax.set_title(title)
    return ax


@_styled
def plot_kernel_profile(
    kernel_fn,
    *,
    x0=0.0,
    xs=None,
    ax=None,
    label=None,
    xlabel="$x$",
    ylabel=None,
    title=None,
):
    """The kernel as a function of one argument, ``x -> k(x, x0)``, in one dimension (Chapter 3).

    Parameters
    ----------
    kernel_fn : callable
        ``kernel_fn(X, Y) -> K`` with ``X`` of shape (n, 1), ``Y`` of shape (m, 1) and ``K`` of
        shape (n, m), e.g. ``svmbook.kernels.rbf(sigma=1.0)`` or a lambda.
    x0 : float, default=0.0
        The fixed argument.
    xs : array-like of shape (n,), optional
        Where to evaluate; by default 400 points on ``[x0 - 3, x0 + 3]``.
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    label : str, optional
        Legend label (call repeatedly on one ``ax`` to compare kernels).
    xlabel, ylabel, title : str, optional
        Axis labels (``ylabel`` defaults to ``k(x, x0)``) and title.

    Returns
    -------
    matplotlib.axes.Axes
    """
    x0 = float(x0)
    xs = np.linspace(x0 - 3.0, x0 + 3.0, 400) if xs is None else np.asarray(xs, dtype=np.float64)
    if xs.ndim != 1:
        raise ValueError(f"xs must be 1-D, got shape {xs.shape}")
    K = np.asarray(kernel_fn(xs[:, None], np.array([[x0]])), dtype=np.float64)
    if K.shape not in ((xs.size, 1), (xs.size,)):
        raise ValueError(f"kernel_fn must return shape ({xs.size}, 1), got {K.shape}")
    ax = _get_ax(ax)
    ax.plot(xs, K.ravel(), label=label, gid="kernel_profile")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"$k(x, {x0:g})$" if ylabel is None else ylabel)
    if title is not None:
        ax.set_title(title)
    if label is not None:
        ax.legend(loc="best")
    return ax


@_styled
def plot_grid(
    plot_fn, param, values, *, ncols=None, figsize=None, sharex=False, sharey=False, **kwargs
):
    """Small multiples: ``plot_fn(**{param: v}, ax=ax, **kwargs)`` for each value, one panel each.

    The static half of every "static first, then widget" cell: a grid at representative values,
    each panel titled ``"param = v"``.

    Parameters
    ----------
    plot_fn : callable
        Draws into ``ax=`` (any function of this module, or ``svmbook.widgets.svc_view``).
    param : str
        Name of the keyword argument that varies.
    values : sequence
        Its values, one panel each.
    ncols : int, optional
        Panels per row (default ``min(len(values), 4)``).
    figsize : (float, float), optional
        Figure size (default 3.6 x 3.0 inches per panel).
    sharex, sharey : bool, default=False
        Passed to ``plt.subplots``.
    **kwargs
        Passed unchanged to every call of ``plot_fn``.

    Returns
    -------
    matplotlib.figure.Figure
    """
    values = list(values)
    if not values:
        raise ValueError("values must not be empty")
    ncols = min(len(values), 4) if ncols is None else int(ncols)
    if ncols < 1:
        raise ValueError(f"ncols must be >= 1, got {ncols}")
    nrows = -(-len(values) // ncols)
    if figsize is None:
        figsize = (3.6 * ncols, 3.0 * nrows)
    fig, axes = plt.subplots(
        nrows,
        ncols,
        figsize=figsize,
        squeeze=False,
        sharex=sharex,
        sharey=sharey,
        layout="constrained",
    )
    axes = axes.ravel()
    for ax, value in zip(axes, values, strict=False):
        plot_fn(**{param: value}, ax=ax, **kwargs)
        ax.set_title(f"{param} = {_format_value(value)}")
    for extra in axes[len(values) :]:
        extra.set_visible(False)
    return fig
