r"""Figures of the chapter on the input-space margin (Akaho 2002).

* :func:`plot_input_margin` -- a two-class machine on 2-D data with its boundary ``f = 0``, its
  levels ``f = +-1`` dotted, the support vectors circled, the foot estimates ``x_hat_i`` of the
  margin estimate joined to their points ``x_i``, and the input-space margin: the smallest
  distance, drawn as a thick segment and a dashed circle of that radius around its point
  (Akaho's Figs. 2 and 3), optionally zoomed on that point;
* :func:`plot_foot_iteration` -- the iterates of the foot-of-perpendicular iteration for one point
  and a curve ``f = 0`` (convergence or oscillation, Proposition 1), each update the projection
  of the point onto the tangent line at the previous iterate;
* :func:`plot_algorithm_step` -- one step of Algorithm 1 from a fitted
  :class:`~svmbook.input_margin.InputMarginSVC`'s ``steps_``, drawn as :func:`plot_input_margin`;
* :func:`plot_algorithm_steps` -- several steps side by side, each over its zoom on the point
  carrying the margin, with one legend below (a figure of the book's column width);
* :func:`plot_step_margins` -- the estimated input-space margin of every step, the selected one
  starred;
* :func:`plot_margin_comparison` and :func:`plot_error_comparison` -- one point per run of the
  simulation of section 4, the SVM against Algorithm 1, with the diagonal dotted: input-space
  margins on log-log axes (Fig. 4) and test errors (Fig. 5).

Each function takes computed values or fitted models and never fits, solves or iterates. Artists
carry a ``gid``: ``"decision_boundary"``, ``"margins"``, ``"support_vectors"``, ``"feet"``,
``"foot_segments"``, ``"input_margin"``, ``"margin_circle"``; ``"point"``, ``"iterates"``,
``"start"``, ``"last"``, ``"projections"``, ``"foot"``; ``"step_margins"``, ``"selected_step"``,
``"svm_level"``; ``"runs"``, ``"not_improved"``, ``"diagonal"``.
"""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.patches import Circle

from svmbook._validation import check_int, check_points, check_positive
from svmbook.input_margin import KernelExpansion, support_of
from svmbook.plots._style import (
    COLORS,
    OKABE_ITO,
    circle_support_vectors,
    contour_levels,
    finish_axis,
    get_ax,
    label_axes,
    legend_outside,
    mark_point,
    mark_star,
    scatter_classes,
    styled,
    two_class_points,
    window,
)

__all__ = [
    "plot_algorithm_step",
    "plot_algorithm_steps",
    "plot_error_comparison",
    "plot_foot_iteration",
    "plot_input_margin",
    "plot_margin_comparison",
    "plot_step_margins",
]

#: The foot estimates and their segments (no class meaning).
_FOOT = OKABE_ITO[2]
#: The input-space margin: the smallest distance and its circle.
_MARGIN = OKABE_ITO[3]


def _level_grid(values, xlim, ylim, grid_resolution):
    """Return the grid of the window and ``values(points)`` on it, shaped as the grid."""
    grid_resolution = check_int("grid_resolution", grid_resolution, 2)
    xx, yy = np.meshgrid(np.linspace(*xlim, grid_resolution), np.linspace(*ylim, grid_resolution))
    Z = np.asarray(values(np.column_stack([xx.ravel(), yy.ravel()])), dtype=np.float64)
    return xx, yy, Z.reshape(xx.shape)


def _values_of(fun):
    """Return ``X -> f(X)`` of a model, an expansion or a callable ``X -> (values, gradients)``."""
    if hasattr(fun, "decision_function"):
        return fun.decision_function
    fun = getattr(fun, "value_and_gradient", fun)
    if not callable(fun):
        raise TypeError("fun must have decision_function, value_and_gradient, or be callable")
    return lambda X: fun(X)[0]


def _support(model, support, n):
    """Return the indices to circle: ``support``, else the model's ``support_`` or expansion's."""
    if support is None:
        support = getattr(model, "support_", None)
    if support is None and isinstance(model, KernelExpansion):
        support = support_of(model)
    if support is None:
        return np.zeros(0, dtype=np.int64)
    support = np.asarray(support, dtype=np.int64).ravel()
    if support.size and (support.min() < 0 or support.max() >= n):
        raise ValueError(f"support must index the {n} training points")
    return support


@styled
def plot_input_margin(model, X, y, feet, *, distances=None, support=None, ax=None,
                      grid_resolution=200, xlim=None, ylim=None, title=None, legend=True,
                      zoom=None, support_label="support vectors",
                      levels_label=None):  # fmt: skip
    r"""Draw a 2-D machine, the foot estimates of its training points and its input-space margin.

    The decision boundary ``f = 0`` is solid and the levels ``f = +-1`` dotted (contours of
    ``f`` on a grid); the points are drawn by class and the support vectors circled; each foot
    estimate ``x_hat_i`` (an open diamond) is joined to its point ``x_i`` by a thin segment. The
    point with the smallest distance carries the input-space margin: its segment is thick and a
    dashed circle of that radius around it shows that no boundary point is nearer. The axes have
    equal scales, so distances read true. A small margin is invisible at the scale of the data:
    ``zoom`` draws the same picture in a window around the point that carries it.

    Parameters
    ----------
    model : fitted classifier, KernelExpansion or callable
        Has ``decision_function`` (e.g. :class:`~svmbook.input_margin.InputMarginSVC`, an
        expansion, an SVC), or is a callable ``X -> (values, gradients)``.
    {Xy}
    feet : array-like of shape (n_samples, 2)
        The foot estimates ``x_hat_i``, one per training point.
    distances : array-like of shape (n_samples,), optional
        The distances of the points to the boundary, signed by ``y_i f(x_i)`` as in
        :class:`~svmbook.input_margin.MarginEstimate` (default: ``|x_hat_i - x_i|``). The margin
        is their minimum.
    support : array-like of int, optional
        The training points to circle (default: ``model.support_``, or the centres carrying a
        coefficient of an expansion; none for a callable).
    {ax}
    grid_resolution : int, default=200
        Grid points per axis for the contours.
    {window}
    title : str, optional
        Axis title (default: the input-space margin).
    {legend}
    zoom : float, optional
        Show only the square of half-width ``zoom`` times the margin around the point that
        carries it (replaces ``xlim`` and ``ylim``; default: the whole data).
    support_label : str, default="support vectors"
        Legend label of the circled points.
    levels_label : str, optional
        Legend label of the dotted levels ``f = +-1`` (default: the book's margin label).

    {returns_ax}

    Raises
    ------
    ValueError
        If ``X`` is not 2-D two-class data, ``feet`` or ``distances`` do not match it,
        ``support`` does not index it, or ``zoom`` is not positive.
    """
    X, y = two_class_points(X, y)
    n = X.shape[0]
    feet = check_points("feet", feet, n_points=n, n_features=2)
    if distances is None:
        distances = np.linalg.norm(feet - X, axis=1)
    distances = check_points("distances", np.reshape(np.asarray(distances, float), (-1, 1)),
                             n_points=n)[:, 0]  # fmt: skip
    support = _support(model, support, n)
    i = int(np.argmin(distances))
    margin = float(distances[i])
    if zoom is not None:
        half = check_positive("zoom", zoom) * max(abs(margin), np.finfo(float).eps)
        xlim, ylim = (X[i, 0] - half, X[i, 0] + half), (X[i, 1] - half, X[i, 1] + half)
    xlim, ylim = window(np.vstack([X, feet]), xlim=xlim, ylim=ylim)
    xx, yy, Z = _level_grid(_values_of(model), xlim, ylim, grid_resolution)
    ax = get_ax(ax)
    handles = [contour_levels(ax, xx, yy, Z, [0.0], "decision_boundary"),
               contour_levels(ax, xx, yy, Z, [-1.0, 1.0], "margins")]  # fmt: skip
    if levels_label is not None and handles[1] is not None:
        handles[1].set_label(levels_label)
    segments = LineCollection(np.stack([X, feet], axis=1), colors=_FOOT, linewidths=0.8,
                              zorder=2.5, gid="foot_segments")  # fmt: skip
    ax.add_collection(segments)
    scatter_classes(ax, X, y)
    if support.size:
        circle_support_vectors(ax, X[support], label=support_label)
    ax.scatter(*feet.T, s=22, marker="D", facecolors="white", edgecolors=_FOOT, linewidths=1.0,
               zorder=3.5, gid="feet", label=r"foot estimates $\hat x_i$")  # fmt: skip
    ax.plot(*np.stack([X[i], feet[i]]).T, color=_MARGIN, lw=2.5, zorder=5, gid="input_margin",
            label="smallest distance (input-space margin)")  # fmt: skip
    ax.add_patch(Circle(X[i], abs(margin), fill=False, ls="--", lw=1.0, color=_MARGIN, zorder=5,
                        gid="margin_circle"))  # fmt: skip
    if title is None:
        title = f"input-space margin {margin:.3g}"
    finish_axis(ax, xlim, ylim, title)
    if legend:
        labelled, _ = ax.get_legend_handles_labels()
        legend_outside(ax, [h for h in handles if h is not None] + labelled)
    return ax


@styled
def plot_foot_iteration(fun, x, path, *, foot=None, ax=None, grid_resolution=300, xlim=None,
                        ylim=None, title=None, legend=True):  # fmt: skip
    r"""Draw the iterates of the foot-of-perpendicular iteration for one point ``x``.

    The curve ``f = 0`` is solid; the point ``x`` is a blue dot; the iterates
    ``x_hat^[0], x_hat^[1], ...`` are joined in order (orange), the start ringed and the last
    starred; a thin dotted segment joins ``x`` to every iterate after the start, since each
    update is the foot of the perpendicular from ``x`` to the tangent line at the previous
    iterate. Near a stable foot the iterates settle; near an unstable one they oscillate about it
    (Akaho (2002), Proposition 1).

    Parameters
    ----------
    fun : callable, KernelExpansion or fitted classifier
        The function whose zero set is the curve: a callable ``X -> (values, gradients)``, an
        expansion, or anything with ``decision_function``.
    x : array-like of shape (2,)
        The point whose foot is sought.
    path : array-like of shape (n_iter + 1, 2)
        The iterates, the start first (e.g. ``FootResult.path[:, i]`` of
        :func:`~svmbook.input_margin.foot_of_perpendicular`).
    foot : array-like of shape (2,), optional
        The true nearest point of the curve, marked with a black cross (a filled X) when given.
    {ax}
    grid_resolution : int, default=300
        Grid points per axis for the curve.
    {window}
    title : str, optional
        Axis title (default: the number of updates and the distance of the last iterate from
        ``x``).
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``x`` or ``foot`` is not one 2-D point or ``path`` not a sequence of 2-D points.
    """
    x = check_points("x", np.reshape(np.asarray(x, dtype=np.float64), (1, -1)), n_features=2)[0]
    path = check_points("path", path, n_features=2)
    xlim, ylim = window(np.vstack([x, path]), pad=0.25, xlim=xlim, ylim=ylim)
    xx, yy, Z = _level_grid(_values_of(fun), xlim, ylim, grid_resolution)
    ax = get_ax(ax)
    handles = [contour_levels(ax, xx, yy, Z, [0.0], "decision_boundary")]
    if path.shape[0] > 1:
        rays = np.stack([np.broadcast_to(x, path[1:].shape), path[1:]], axis=1)
        ax.add_collection(LineCollection(rays, colors=COLORS["breakpoint"], linewidths=0.6,
                                         linestyles=":", zorder=2, gid="projections"))  # fmt: skip
    ax.plot(*path.T, color=OKABE_ITO[3], marker="o", ms=3.5, lw=1.0, zorder=4, gid="iterates",
            label=r"iterates $\hat{x}^{[l]}$")  # fmt: skip
    mark_point(ax, path[0], "o", COLORS["model"], r"start $\hat{x}^{[0]}$", "start", size=60,
               face="white")  # fmt: skip
    mark_star(ax, path[-1], gid="last", label="last iterate", size=120)
    mark_point(ax, x, "o", COLORS["positive"], "point $x_i$", "point", size=40)
    if foot is not None:
        foot = check_points("foot", np.reshape(np.asarray(foot, float), (1, -1)), n_features=2)[0]
        mark_point(ax, foot, "X", COLORS["model"], "nearest point $x_i^*$", "foot", size=50)
    if title is None:
        title = (f"{path.shape[0] - 1} updates: last iterate at distance "
                 f"{np.linalg.norm(path[-1] - x):.3g} from $x_i$")  # fmt: skip
    finish_axis(ax, xlim, ylim, title)
    if legend:
        labelled, _ = ax.get_legend_handles_labels()
        legend_outside(ax, [h for h in handles if h is not None] + labelled)
    return ax


def _step(model, step):
    """Return ``model.steps_[step]``, checked."""
    steps = getattr(model, "steps_", None)
    if steps is None:
        raise TypeError(f"model must be a fitted InputMarginSVC, got {type(model).__name__}")
    return steps[check_int("step", step, 0, len(steps) - 1)]


def _step_title(model, step, sep):
    """Title a step: its number, who computed it, its estimated margin, and if it was selected."""
    name = "the SVM" if step == 0 else "Algorithm 1"
    chosen = " (selected)" if step == getattr(model, "best_step_", None) else ""
    return f"step {step}, {name}{sep}estimated margin {_step(model, step).margin:.3g}{chosen}"


@styled
def plot_algorithm_step(model, X, y, step, *, ax=None, grid_resolution=200, xlim=None, ylim=None,
                        title=None, legend=True, zoom=None):  # fmt: skip
    r"""Draw step ``step`` of a fitted ``InputMarginSVC``: boundary, foot estimates and margin.

    :func:`plot_input_margin` with the step's discriminant, the foot estimates and signed
    distances of its margin estimate, and the training points whose basis centre carries a
    coefficient circled (step 0 is the SVM and its support vectors). After step 0 the levels
    ``f = +-1`` are no longer the SVM's margins and the circled points no longer support
    vectors; the legend says so.

    Parameters
    ----------
    model : InputMarginSVC
        Fitted on ``X, y``; its ``steps_`` are drawn, nothing is refitted.
    {Xy}
    step : int
        The step, from 0 (the SVM) to ``len(model.steps_) - 1``.
    {ax}
    grid_resolution : int, default=200
        Grid points per axis for the contours.
    {window}
    title : str, optional
        Axis title (default: the step, its estimated margin, and whether it is the selected one).
    {legend}
    zoom : float, optional
        As in :func:`plot_input_margin`: the neighbourhood of the point carrying the margin.

    {returns_ax}

    Raises
    ------
    TypeError
        If ``model`` is not a fitted ``InputMarginSVC``.
    ValueError
        If ``step`` is out of range or the data are not those of :func:`plot_input_margin`.
    """
    s = _step(model, step)
    labels = {} if step == 0 else {"support_label": "points with a coefficient",
                                   "levels_label": r"levels $f(x)=\pm 1$"}  # fmt: skip
    if title is None:
        title = _step_title(model, step, ": ")
    return plot_input_margin(s.expansion, X, y, s.feet, distances=s.distances,
                             support=support_of(s.expansion), ax=ax,
                             grid_resolution=grid_resolution, xlim=xlim, ylim=ylim, title=title,
                             legend=legend, zoom=zoom, **labels)  # fmt: skip


@styled
def plot_algorithm_steps(model, X, y, steps, *, zoom=3.0, grid_resolution=200, figsize=(8.7, 6.6)):
    r"""Draw several steps of Algorithm 1 side by side, each above its zoom on the margin's point.

    One column per step: :func:`plot_algorithm_step` on top (titled with the step and its
    estimated margin) and the same step zoomed on the point that carries the margin below it.
    The legend of the last step serves all panels, below them, so the figure keeps the width it
    is given (the default fits the book's column, 900 pixels at 100 dpi with the notebook's
    padding, for three steps).

    Parameters
    ----------
    model : InputMarginSVC
        Fitted on ``X, y``; its ``steps_`` are drawn, nothing is refitted.
    {Xy}
    steps : sequence of int
        The steps to draw, one column each, from 0 (the SVM) to ``len(model.steps_) - 1``.
    zoom : float, default=3.0
        Half-width of the zoom panels, in units of the step's margin (as in
        :func:`plot_input_margin`).
    grid_resolution : int, default=200
        Grid points per axis for the contours.
    figsize : (float, float), default=(8.7, 6.6)
        The figure's size in inches.

    Returns
    -------
    matplotlib.figure.Figure
        With ``2 * len(steps)`` axes, the top row first.

    Raises
    ------
    TypeError
        If ``model`` is not a fitted ``InputMarginSVC``.
    ValueError
        If ``steps`` is empty or holds a step out of range.
    """
    steps = list(steps)
    if not steps:
        raise ValueError("steps must name at least one step")
    for t in steps:
        _step(model, t)
    fig, axes = plt.subplots(2, len(steps), figsize=figsize, squeeze=False,
                             height_ratios=[1.25, 1.0], layout="constrained")  # fmt: skip
    for col, t in enumerate(steps):
        last = col == len(steps) - 1
        plot_algorithm_step(model, X, y, t, ax=axes[0, col], grid_resolution=grid_resolution,
                            title=_step_title(model, t, "\n"), legend=last)  # fmt: skip
        plot_algorithm_step(model, X, y, t, ax=axes[1, col], grid_resolution=grid_resolution,
                            zoom=zoom, title=f"step {t}: zoom on the nearest point",
                            legend=False)  # fmt: skip
    # the last step's legend (its contour lines are proxy handles) moves below the panels
    legend = axes[0, -1].get_legend()
    labels = [text.get_text() for text in legend.get_texts()]
    fig.legend(legend.legend_handles, labels, loc="outside lower center", ncol=4, fontsize=7,
               frameon=False)  # fmt: skip
    legend.remove()
    return fig


@styled
def plot_step_margins(margins, *, best_step=None, current=None, ax=None, title=None,
                      legend=True):  # fmt: skip
    r"""Draw the estimated input-space margin of every step of Algorithm 1.

    The margins are joined in order, the SVM's (step 0) is a dotted level, the selected step is
    starred and, when given, the current step ringed.

    Parameters
    ----------
    margins : array-like of shape (n_steps + 1,)
        The estimated margins, step 0 (the SVM) first (``InputMarginSVC.margins_``).
    best_step : int, optional
        The selected step (default: the largest margin).
    current : int, optional
        A step to ring (e.g. the one a step slider shows).
    {ax}
    {title}
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``margins`` is empty or not finite, or a step is out of range.
    """
    margins = check_points("margins", np.reshape(np.asarray(margins, float), (-1, 1)))[:, 0]
    last = margins.size - 1
    best = int(np.argmax(margins)) if best_step is None else check_int("best_step", best_step, 0,
                                                                       last)  # fmt: skip
    steps = np.arange(margins.size)
    ax = get_ax(ax)
    ax.axhline(margins[0], color=COLORS["model"], ls=":", lw=1.2, gid="svm_level",
               label="the SVM (step 0)")  # fmt: skip
    ax.plot(steps, margins, color=COLORS["model"], marker="o", ms=4, lw=1.2, gid="step_margins",
            label="estimated margin")  # fmt: skip
    mark_star(ax, (best, margins[best]), gid="selected_step", label="selected step")
    if current is not None:
        k = check_int("current", current, 0, last)
        mark_point(ax, (k, margins[k]), "o", _MARGIN, "this step", "current_step", size=110,
                   face="none")  # fmt: skip
    ax.set_xticks(steps)
    label_axes(ax, "step $t$", "estimated input-space margin", title)
    if legend:
        legend_outside(ax)
    return ax


def _comparison(ax, svm, ours, *, log, xlabel, ylabel, title, legend):
    """Scatter one point per run, runs on the diagonal in their own colour, the diagonal dotted."""
    same = np.isclose(ours, svm, rtol=1e-9, atol=0.0)
    lo, hi = float(min(svm.min(), ours.min())), float(max(svm.max(), ours.max()))
    lo, hi = (lo / 1.5, hi * 1.5) if log else (lo - 0.05 * (hi - lo), hi + 0.05 * (hi - lo))
    ax.plot([lo, hi], [lo, hi], color=COLORS["model"], ls=":", lw=1.2, gid="diagonal",
            label="equal (the diagonal)")  # fmt: skip
    ax.scatter(svm[~same], ours[~same], s=22, c=COLORS["positive"], edgecolors="white", lw=0.5,
               zorder=3, gid="runs", label="one run")  # fmt: skip
    # no legend entry for an empty set of runs
    ax.scatter(svm[same], ours[same], s=40, marker="s", facecolors="none",
               edgecolors=COLORS["negative"], lw=1.2, zorder=4, gid="not_improved",
               label="equal to the SVM's" if same.any() else None)  # fmt: skip
    if log:
        ax.set_xscale("log")
        ax.set_yscale("log")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_aspect("equal", adjustable="box")
    label_axes(ax, xlabel, ylabel, title)
    if legend:
        legend_outside(ax)
    return ax


def _paired(svm_name, svm, name, ours, *, positive):
    """Return two equal-length finite 1-D arrays (positive when asked), checked by name."""
    svm = check_points(svm_name, np.reshape(np.asarray(svm, float), (-1, 1)))[:, 0]
    ours = check_points(name, np.reshape(np.asarray(ours, float), (-1, 1)), n_points=svm.size)
    ours = ours[:, 0]
    for label, values in ((svm_name, svm), (name, ours)):
        if positive and not np.all(values > 0):
            raise ValueError(f"{label} must be positive for log-log axes")
        if not positive and np.any(values < 0):
            raise ValueError(f"{label} must be non-negative")
    return svm, ours


@styled
def plot_margin_comparison(svm_margin, margin, *, ax=None, title=None, legend=True):
    r"""Draw the input-space margins of Algorithm 1 against the SVM's, one point per run (Fig. 4).

    Log-log axes with equal scales; the diagonal (no improvement) dotted; the runs whose selected
    step is the SVM itself (margin equal to the SVM's) drawn as open vermillion squares on it.

    Parameters
    ----------
    svm_margin : array-like of shape (n_runs,)
        The SVM's estimated input-space margins (``Simulation.svm_margin``).
    margin : array-like of shape (n_runs,)
        Algorithm 1's (``Simulation.margin``).
    {ax}
    {title}
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If the arrays differ in length or hold a non-positive value.
    """
    svm_margin, margin = _paired("svm_margin", svm_margin, "margin", margin, positive=True)
    return _comparison(get_ax(ax), svm_margin, margin, log=True,
                       xlabel="input-space margin of the SVM",
                       ylabel="input-space margin of Algorithm 1",
                       title=title, legend=legend)  # fmt: skip


@styled
def plot_error_comparison(svm_error, error, *, ax=None, title=None, legend=True):
    r"""Draw the test errors of Algorithm 1 against the SVM's, one point per run (Fig. 5).

    Linear axes with equal scales; below the dotted diagonal Algorithm 1 makes fewer errors.

    Parameters
    ----------
    svm_error : array-like of shape (n_runs,)
        The SVM's test errors (shares, ``Simulation.svm_error``).
    error : array-like of shape (n_runs,)
        Algorithm 1's (``Simulation.error``).
    {ax}
    {title}
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If the arrays differ in length or hold a negative value.
    """
    svm_error, error = _paired("svm_error", svm_error, "error", error, positive=False)
    return _comparison(get_ax(ax), svm_error, error, log=False,
                       xlabel="test error of the SVM", ylabel="test error of Algorithm 1",
                       title=title, legend=legend)  # fmt: skip
