r"""Figures of the smooth SVM and reduced-kernel chapters (Yeh et al., RSVM review, sections 2.1-3).

* :func:`plot_smooth_plus` -- the plus function ``r_+`` and the smooth plus function
  ``p(r, beta)`` (the review's eq. (6)) for several ``beta``, with the largest gap
  ``log(2) / beta`` (at ``r = 0``) marked on each curve;
* :func:`plot_gradient_norms` -- ``||grad Phi||`` against the Newton step on a logarithmic axis,
  one curve per run (quadratic convergence shows as a curve that bends down ever more steeply);
* :func:`plot_smooth_boundary` -- a smooth SVM on 2-D data: the boundary ``f = 0`` solid, the
  margins ``f = +-1`` dotted, the points with ``y f(x) < 1`` circled (the support vectors of
  the squared-hinge limit) or only the misclassified ones, and, for a reduced kernel, the
  reduced set as diamonds;
* :func:`plot_size_curves` -- any quantities against a size (the reduced-set size ``m``, the
  number of points ``n``), one line with markers per quantity;
* :func:`plot_selection_comparison` -- reduced-set selections side by side: test accuracy
  against ``m`` (left) and the selection's time against ``m`` (right).

Each function takes computed values or fitted models and never fits. Artists carry a ``gid``:
``"plus"``, ``"smooth_<k>"``, ``"gap_<k>"``; ``"grad_<k>"``; ``"reduced_set"`` (and those of
:func:`svmbook.plots.plot_svc_2d`); ``"curve_<k>"``; ``"accuracy_<k>"``, ``"time_<k>"``.
"""

import matplotlib.pyplot as plt
import numpy as np

from svmbook._validation import check_option
from svmbook.plots._style import (
    COLORS,
    OKABE_ITO,
    circle_support_vectors,
    get_ax,
    label_axes,
    legend_outside,
    level_handle,
    style,
    styled,
)
from svmbook.plots.hyperplane import plot_svc_2d
from svmbook.solvers.smooth_plus import plus, smooth_plus

__all__ = [
    "plot_gradient_norms",
    "plot_selection_comparison",
    "plot_size_curves",
    "plot_smooth_boundary",
    "plot_smooth_plus",
]

_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
#: Colour of the reduced set's diamonds (no class meaning: the reduced points are a basis).
_REDUCED = OKABE_ITO[2]
#: ``circle`` of :func:`plot_smooth_boundary`: the level below which ``y f(x)`` is circled; label.
_CIRCLES = {"margin": (1.0, "$y f(x) < 1$"), "errors": (0.0, "$y f(x) < 0$ (misclassified)")}


def _named(label, function):
    """Return a legend label with the decision function ``f`` renamed ``function``."""
    return label.replace("f(x)", f"{function}(x)")


def _curve_style(k):
    """Colour and marker of the ``k``-th curve (the classes' blue and vermillion come first)."""
    return OKABE_ITO[k % len(OKABE_ITO)], _MARKERS[k % len(_MARKERS)]


def _as_curve(name, values, n=None):
    """Return ``values`` as a 1-D float array, of length ``n`` when given."""
    arr = np.asarray(values, dtype=np.float64).ravel()
    if arr.size == 0 or (n is not None and arr.size != n):
        expected = "non-empty" if n is None else f"{n} values"
        raise ValueError(f"{name} must hold {expected}, got {arr.size}")
    return arr


@styled
def plot_smooth_plus(betas, *, xlim=(-1.0, 1.0), n_points=401, ax=None, title=None, legend=True):
    r"""Draw the plus function and the smooth plus function ``p(r, beta)`` for several ``beta``.

    The argument is a real number ``r`` (the review writes ``x``; the book keeps ``x`` for points).
    ``r_+`` is solid black; each ``p(r, beta) = r + log(1 + exp(-beta r)) / beta`` (the review's
    eq. (6)) is a coloured line, and its largest gap above ``r_+``, ``log(2) / beta`` at ``r = 0``,
    is a thick vertical segment from 0 to ``p(0, beta)`` in the curve's colour, ending in a dot so
    that a short one (a large ``beta``) stays visible.

    Parameters
    ----------
    betas : sequence of float
        The smoothing parameters, each ``> 0`` and finite.
    xlim : (float, float), default=(-1.0, 1.0)
        The range of ``r``; it must contain 0 (where the gap is largest).
    n_points : int, default=401
        Points per curve.
    {ax}
    {title}
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``betas`` is empty or holds a value that is not positive and finite, or ``xlim``
        does not contain 0 in its interior.
    """
    betas = _as_curve("betas", betas)
    if not np.all(np.isfinite(betas) & (betas > 0)):
        raise ValueError(f"betas must be positive and finite, got {betas.tolist()}")
    lo, hi = (float(v) for v in xlim)
    if not lo < 0.0 < hi:
        raise ValueError(f"xlim must contain 0 in its interior, got {(lo, hi)}")
    x = np.linspace(lo, hi, int(n_points))
    ax = get_ax(ax)
    ax.plot(x, plus(x), color=COLORS["model"], lw=2.0, gid="plus", label="$r_+$")
    for k, beta in enumerate(betas):
        color = OKABE_ITO[k % len(OKABE_ITO)]
        ax.plot(x, smooth_plus(x, beta), color=color, gid=f"smooth_{k}",
                label=rf"$p(r, \beta)$, $\beta = {beta:g}$")  # fmt: skip
        ax.plot([0.0, 0.0], [0.0, float(smooth_plus(0.0, beta))], color=color, lw=4.0,
                marker="o", markevery=[1], markersize=6, solid_capstyle="butt",
                gid=f"gap_{k}")  # fmt: skip
    label_axes(ax, "$r$", r"$r_+$ and $p(r, \beta)$", title)
    if legend:
        legend_outside(ax)
    return ax


@styled
def plot_gradient_norms(runs, *, ax=None, title=None, ylabel=r"$\Vert\nabla\Phi\Vert$",
                        legend=True):  # fmt: skip
    r"""Draw the gradient norm against the Newton step, one curve per run, on a log axis.

    Parameters
    ----------
    runs : dict
        ``{label: grad_norms}``: the norms at the start and after each step (for example
        ``NewtonResult.grad_norms`` of :func:`svmbook.solvers.newton.newton_armijo`).
    {ax}
    {title}
    ylabel : str, default=r"$\Vert\nabla\Phi\Vert$"
        The y axis label.
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``runs`` is empty, or a run is empty or holds a value that is not positive and
        finite (a logarithmic axis cannot show it).
    """
    if not isinstance(runs, dict) or not runs:
        raise ValueError("runs must be a non-empty dict {label: grad_norms}")
    ax = get_ax(ax)
    for k, (label, norms) in enumerate(runs.items()):
        norms = _as_curve(f"runs[{label!r}]", norms)
        if not np.all(np.isfinite(norms) & (norms > 0)):
            raise ValueError(f"runs[{label!r}] must be positive and finite (a log axis)")
        color, marker = _curve_style(k)
        ax.plot(np.arange(norms.size), norms, color=color, marker=marker, gid=f"grad_{k}",
                label=str(label))  # fmt: skip
    ax.set_yscale("log")
    ax.xaxis.get_major_locator().set_params(integer=True)
    label_axes(ax, "Newton step", ylabel, title)
    if legend:
        legend_outside(ax)
    return ax


@styled
def plot_smooth_boundary(model, X, y, *, reduced_set=None, circle="margin", ax=None,
                         grid_resolution=200, xlim=None, ylim=None, title=None,
                         legend=True, function="f"):  # fmt: skip
    r"""Draw a smooth SVM (SSVM or RSVM) on 2-D data: boundary, margins, its support vectors.

    The regions, the boundary ``f = 0`` (solid) and the margins ``f = +-1`` (dotted) are those of
    :func:`svmbook.plots.plot_svc_2d`. A smooth SVM has no dual variables to read its support
    vectors from; by default the points with ``y f(x) < 1`` are circled, those with a positive
    loss in the squared-hinge limit (``beta -> inf``), whose dual variables ``C (1 - y f)_+`` are
    positive. Where nearly every point has ``y f < 1`` (a small reduced set), circling only the
    misclassified points (``y f(x) < 0``) keeps the figure readable. The reduced set, when
    given, is drawn as green-edged diamonds (the basis of ``f``; its
    points need not be training points).

    Parameters
    ----------
    model : fitted classifier
        Has ``decision_function`` (one value per point, positive for ``classes_[-1]``) and
        ``classes_``; e.g. :class:`svmbook.reduced.SSVC` or :class:`svmbook.reduced.RSVC`.
    {Xy}
    reduced_set : array-like of shape (m, 2), optional
        The reduced set ``Ã`` of an RSVM (its ``reduced_set_``).
    circle : {{"margin", "errors"}}, default="margin"
        Circle the points with ``y f(x) < 1`` (``"margin"``) or those with ``y f(x) < 0``
        (``"errors"``, the misclassified training points).
    {ax}
    grid_resolution : int, default=200
        Grid points per axis for the decision values.
    {window}
    {title}
    {legend}
    function : str, default="f"
        The decision function's name in the legend (``"F"`` writes ``$F(x)=0$``,
        ``$y F(x) < 1$``): a model built on other models' decision values keeps its own letter.

    {returns_ax}

    Raises
    ------
    ValueError
        If ``X`` is not 2-D, ``y`` does not match it, ``reduced_set`` is not ``(m, 2)``, the
        model's decision function is not one value per point, ``circle`` is not an option, or
        ``function`` is empty.
    TypeError
        If ``function`` is not a string.
    """
    circle = check_option("circle", circle, _CIRCLES)
    if not isinstance(function, str):
        raise TypeError(f"function must be a string (the decision function's name), got "
                        f"{type(function).__name__}")  # fmt: skip
    if not function:
        raise ValueError("function must be a non-empty name, got ''")
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    ax = plot_svc_2d(model, X, y, ax=ax, circle_sv=False, grid_resolution=grid_resolution,
                     xlim=xlim, ylim=ylim, title=title, legend=False)  # fmt: skip
    positive = np.asarray(model.classes_)[-1]
    y_pm = np.where(y == positive, 1.0, -1.0)
    margin = y_pm * np.asarray(model.decision_function(X), dtype=np.float64)
    level, label = _CIRCLES[circle]
    circle_support_vectors(ax, X[margin < level], label=_named(label, function))
    if reduced_set is not None:
        R = np.asarray(reduced_set, dtype=np.float64)
        if R.ndim != 2 or R.shape[1] != 2:
            raise ValueError(f"reduced_set must have shape (m, 2), got {R.shape}")
        # no m in the label: one legend may serve panels of different reduced sizes (m is in titles)
        ax.scatter(R[:, 0], R[:, 1], marker="D", s=55, facecolors="none", edgecolors=_REDUCED,
                   linewidths=1.8, zorder=5, gid="reduced_set", label="reduced set")  # fmt: skip
    if legend:
        handles, _ = ax.get_legend_handles_labels()
        levels = [level_handle(gid) for gid in ("decision_boundary", "margins")
                  if any(c.get_gid() == gid for c in ax.collections)]  # fmt: skip
        for handle in levels:
            handle.set_label(_named(handle.get_label(), function))
        legend_outside(ax, handles + levels)
    return ax


@styled
def plot_size_curves(sizes, curves, *, ax=None, xlabel="$m$", ylabel="value", logx=False,
                     logy=False, title=None, legend=True):  # fmt: skip
    r"""Draw quantities against a size, one line with markers per quantity.

    Parameters
    ----------
    sizes : array-like of shape (k,)
        The x values (a reduced-set size ``m``, a number of points ``n``, an index).
    curves : dict
        ``{label: values}`` with ``k`` values each; NaN leaves a gap (a size not computed).
    {ax}
    xlabel, ylabel : str
        The axis labels.
    logx, logy : bool, default=False
        Logarithmic axes.
    {title}
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``curves`` is empty or a curve does not have one value per size.
    """
    xs = _as_curve("sizes", sizes)
    if not isinstance(curves, dict) or not curves:
        raise ValueError("curves must be a non-empty dict {label: values}")
    ax = get_ax(ax)
    for k, (label, values) in enumerate(curves.items()):
        values = _as_curve(f"curves[{label!r}]", values, xs.size)
        color, marker = _curve_style(k)
        ax.plot(xs, values, color=color, marker=marker, gid=f"curve_{k}", label=str(label))
    if logx:
        ax.set_xscale("log")
    if logy:
        ax.set_yscale("log")
    label_axes(ax, xlabel, ylabel, title)
    if legend:
        legend_outside(ax)
    return ax


def plot_selection_comparison(results, *, axes=None, title=None):
    r"""Draw reduced-set selections side by side: test accuracy and selection time against ``m``.

    Left: the test accuracy of the RSVM trained on each reduced set against its size ``m``;
    right: the seconds the selection took against ``m`` (logarithmic). A method with one run
    is one marker; with several (one per target size, or per threshold), a line with markers.

    Parameters
    ----------
    results : dict
        ``{method: (sizes, accuracies, times)}``, three equally long sequences per method.
    axes : sequence of two matplotlib Axes, optional
        Where to draw; a new figure with two panels is created when None.
    title : str, optional
        The figure's title (none when None).

    Returns
    -------
    ndarray of two matplotlib.axes.Axes
        The accuracy panel and the time panel.

    Raises
    ------
    ValueError
        If ``results`` is empty, a method's three sequences differ in length, or a time is
        not positive.
    """
    if not isinstance(results, dict) or not results:
        raise ValueError("results must be a non-empty dict {method: (sizes, accuracies, times)}")
    with style():  # a figure created here gets the book's size and fonts
        if axes is None:
            fig, axes = plt.subplots(1, 2, figsize=(10.0, 3.8), layout="constrained")
        axes = np.asarray(axes, dtype=object).ravel()
        if axes.size != 2:
            raise ValueError(f"axes must hold two Axes, got {axes.size}")
        for k, (method, triple) in enumerate(results.items()):
            if len(triple) != 3:
                raise ValueError(f"results[{method!r}] must be (sizes, accuracies, times)")
            m = _as_curve(f"results[{method!r}] sizes", triple[0])
            acc = _as_curve(f"results[{method!r}] accuracies", triple[1], m.size)
            secs = _as_curve(f"results[{method!r}] times", triple[2], m.size)
            if np.any(secs <= 0):
                raise ValueError(f"results[{method!r}] times must be positive (a log axis)")
            color, marker = _curve_style(k)
            axes[0].plot(m, acc, color=color, marker=marker, gid=f"accuracy_{k}",
                         label=str(method))  # fmt: skip
            axes[1].plot(m, secs, color=color, marker=marker, gid=f"time_{k}", label=str(method))
        axes[1].set_yscale("log")
        label_axes(axes[0], "reduced-set size $m$", "test accuracy")
        label_axes(axes[1], "reduced-set size $m$", "selection time (s)")
        legend_outside(axes[1])
        if title is not None:
            axes[0].figure.suptitle(title)
    return axes
