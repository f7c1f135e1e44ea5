"""Figures of the learning-theory chapter (Gunn 1998, chapter 1).

The modelling errors (Fig. 1.1), shattering by lines (Fig. 1.2) and the VC confidence of
structural risk minimisation (1.6)-(1.8). Each function draws into ``ax`` (a new figure when None)
and returns it.
"""

import itertools

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Ellipse

from svmbook._validation import check_curve
from svmbook.plots._style import (
    COLORS,
    OKABE_ITO,
    draw_line,
    finish_axis,
    get_ax,
    label_axes,
    padded_limits,
    scatter_classes,
    styled,
)
from svmbook.qp import InfeasibleProblemError, hard_margin_primal

__all__ = [
    "plot_modelling_errors",
    "plot_shattering",
    "plot_vc_bound",
]


def _max_margin_line(X, y):
    """Return the optimal separating line ``(w, b)`` of a labelling, or None when there is none."""
    try:
        primal = hard_margin_primal(X, y)
    except InfeasibleProblemError:
        return None
    return primal.w, primal.b


def _ellipse_boundary(center, width, height, n=720):
    t = np.linspace(0.0, 2.0 * np.pi, n, endpoint=False)
    return np.column_stack(
        [center[0] + 0.5 * width * np.cos(t), center[1] + 0.5 * height * np.sin(t)]
    )


@styled
def plot_modelling_errors(
    *,
    target=(0.55, 0.82),
    learned=(-0.35, -0.05),
    hypothesis=((-0.2, 0.0), 1.5, 1.0),
    ax=None,
    title="modelling errors",
):
    """Gunn's Fig. 1.1: approximation and estimation error in the space of functions (schematic).

    The target space is a large ellipse, the hypothesis space ``H_m`` a smaller one inside it.
    The target ``f_0`` lies outside ``H_m``; the best function of the class, ``f_m``, is the point
    of ``H_m`` nearest to ``f_0`` (computed on the boundary of the ellipse); the function
    ``f_{m,n}`` learned from ``n`` examples lies elsewhere in ``H_m``. Arrows mark the
    approximation error ``f_0 -> f_m`` and the estimation error ``f_m -> f_{m,n}``. (Gunn writes
    ``H_n`` and ``f_{n,l}``; the book keeps ``n`` for the number of examples.)

    Parameters
    ----------
    target : (float, float)
        Position of ``f_0``; must lie outside the hypothesis ellipse.
    learned : (float, float)
        Position of ``f_{m,n}``; must lie inside the hypothesis ellipse.
    hypothesis : ((float, float), float, float)
        Centre, width and height of the hypothesis ellipse.
    {ax}
    {title}

    {returns_ax}
    """
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

    ax = get_ax(ax)
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
        r"hypothesis space $\mathcal{H}_m$",
        ha="center",
        va="bottom",
        color=COLORS["positive"],
    )
    points = (
        (target, "target", "$f_0$", (6, 4)),
        (best, "best_in_class", "$f_m$", (-22, 6)),
        (learned, "learned", r"$\hat f_{m,n}$", (6, -12)),
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
    finish_axis(
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


@styled
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
        labelling ``y`` in {-1, +1}, or None if none exists. The default is the optimal separating
        line of :func:`svmbook.qp.hard_margin_primal` (None when it reports the labelling
        infeasible).
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
        separator = _max_margin_line
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
    xlim = padded_limits(X[:, 0], pad=0.5)
    ylim = padded_limits(X[:, 1], pad=0.5)

    for ax, labels in zip(axes, itertools.product((-1, 1), repeat=p), strict=False):
        y = np.array(labels, dtype=np.float64)
        scatter_classes(ax, X, y, pos_label=1.0)
        if np.all(y == y[0]):
            # one class: any line beside the points separates it; draw one left of them
            x_line = X[:, 0].min() - 0.5 * (X[:, 0].min() - xlim[0])
            draw_line(ax, (1.0, 0.0), -x_line, xlim, ylim)
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
                draw_line(ax, line[0], line[1], xlim, ylim)
        ax.set_xlim(xlim)
        ax.set_ylim(ylim)
        ax.set_xticks([])
        ax.set_yticks([])
        ax.set_xlabel("$x_1$", fontsize=7, labelpad=1)
        ax.set_ylabel("$x_2$", fontsize=7, labelpad=1)
        ax.spines[["top", "right"]].set_visible(True)
    return axes[:n_panels]


@styled
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
    {ax}
    label : str, default="VC confidence"
        Legend label of the confidence curve (call twice on one ``ax`` to compare two forms).
    color : colour, optional
        Colour of the confidence curve (default: the first colour of the book, blue).
    linestyle : str, default="--"
        Line style of the confidence curve.
    {title_labels}

    {returns_ax}
    """
    h, confidence = check_curve("h", h, "confidence", confidence)
    ax = get_ax(ax)
    color = OKABE_ITO[0] if color is None else color
    # Drawn above the bound: where the empirical risk is 0 the two coincide, and the dashed
    # confidence must stay visible on the solid bound.
    ax.plot(h, confidence, color=color, ls=linestyle, label=label, gid="confidence", zorder=3)
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
    label_axes(ax, xlabel, ylabel, title, True)
    return ax
