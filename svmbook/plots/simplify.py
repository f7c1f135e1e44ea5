r"""Figures of the simplification chapter (Nguyen 2006, chapter 3).

* :func:`plot_merge_curve` -- the one-dimensional problem of a Gaussian merge,
  ``f(k) = m C^{(1-k)^2} + (1 - m) C^{k^2}`` on ``[0, 1]`` (Nguyen's (3.24), Fig. 3.1), with its
  global maximum starred, any other local maximum ringed and the starting value ``k = m``
  dotted; below ``C = e^{-2}`` the curve can have two maxima, and the title says so;
* :func:`plot_merge_pair` -- two same-class Gaussian terms along the line through their
  vectors, their sum, and the single term of the merge that replaces them (Proposition 2);
* :func:`plot_simplified_boundary` -- a two-class machine on 2-D data and its simplification:
  both decision boundaries and ``+-1`` margins (dotted), the original support vectors circled,
  the reduced vectors drawn with areas proportional to ``|beta|`` (Fig. 3.4).

Each function takes computed values or fitted models and never fits or simplifies. Artists carry
a ``gid``: ``"curve"``, ``"global_max"``, ``"local_max"``, ``"start"``; ``"sum"``, ``"term_i"``,
``"term_j"``, ``"merged"``; ``"original_boundary"``, ``"original_margins"``,
``"simplified_boundary"``, ``"simplified_margins"``, ``"support_vectors"``,
``"reduced_vectors"``.
"""

import numpy as np
from matplotlib.lines import Line2D

from svmbook.plots._style import (
    COLORS,
    OKABE_ITO,
    POINT_SIZE,
    circle_support_vectors,
    get_ax,
    label_axes,
    legend_outside,
    mark_star,
    ring_points,
    scatter_classes,
    styled,
    support_indices,
    two_class_points,
    window,
)
from svmbook.simplify import gaussian_merge_curve, merge_gaussian

__all__ = ["plot_merge_curve", "plot_merge_pair", "plot_simplified_boundary"]

#: Below this kernel value of the pair, ``f`` of (3.24) can have two maxima on ``[0, 1]``.
BIMODAL_C = float(np.exp(-2.0))
#: The reduced vectors' colour (the simplified machine's lines share it).
_SIMPLIFIED = OKABE_ITO[2]


def _check_m_C(m, C):
    """Validate ``m`` in ``(0, 1)`` and ``C`` in ``(0, 1)``; return them as floats."""
    m, C = float(m), float(C)
    if not 0.0 < m < 1.0:
        raise ValueError(f"m must lie in (0, 1), got {m!r}")
    if not 0.0 < C < 1.0:
        raise ValueError(f"C must lie in (0, 1) (two distinct points), got {C!r}")
    return m, C


def _merge_on_unit_segment(m, C):
    """Return Proposition 2's merge of ``x_i = 1``, ``x_j = 0`` with weights ``m, 1 - m``.

    The pair's kernel value is ``exp(-gamma) = C``, so the merge's ``k`` is the global maximiser
    of ``f`` for these ``m`` and ``C``.
    """
    return merge_gaussian([1.0], [0.0], m, 1.0 - m, gamma=-np.log(C))


@styled
def plot_merge_curve(m, C, *, ax=None, title=None, legend=True, n_points=401):
    r"""Draw Nguyen's ``f(k)`` of (3.24) on ``[0, 1]``, its global maximum starred (Fig. 3.1).

    ``f(k)`` is the inner product of the mixture ``M = m Phi(x_i) + (1 - m) Phi(x_j)`` with the
    image of ``z = k x_i + (1 - k) x_j``; the merge takes its global maximiser ``k*``
    (:func:`svmbook.simplify.merge_gaussian`). Other local maxima are ringed and the start
    ``k = m`` (the weights' mixing proportion) is a dotted vertical line. When
    ``C < e^{-2}`` the title says that two maxima are possible (``m`` near 1/2 has them): the
    search must be global. The labels use the book's symbols: the position ``t`` (Nguyen's
    ``k``; ``k`` is the kernel), the curve ``g(t)`` (``f`` is the decision function), the pair's
    kernel value ``kappa`` (Nguyen's ``C_ij``; ``C`` is the penalty) and the feature map ``phi``.

    Parameters
    ----------
    m : float
        ``alpha_i / (alpha_i + alpha_j)``, in ``(0, 1)``.
    C : float
        The pair's kernel value ``K(x_i, x_j)``, in ``(0, 1)``.
    {ax}
    title : str, optional
        Axis title (default: the values of ``m`` and ``C``, and the bimodal regime).
    {legend}
    n_points : int, default=401
        Points of the drawn curve.

    {returns_ax}

    Raises
    ------
    ValueError
        If ``m`` or ``C`` lies outside ``(0, 1)``.
    """
    m, C = _check_m_C(m, C)
    ks = np.linspace(0.0, 1.0, int(n_points))
    f = gaussian_merge_curve(ks, m, C)
    k_star = _merge_on_unit_segment(m, C).k
    f_star = float(gaussian_merge_curve(k_star, m, C))
    ax = get_ax(ax)
    ax.plot(ks, f, color=COLORS["model"], lw=1.5, gid="curve", label="$g(t)$")
    inner = np.flatnonzero((f[1:-1] >= f[:-2]) & (f[1:-1] >= f[2:])) + 1
    others = [i for i in inner if abs(ks[i] - k_star) > 2.0 / (ks.size - 1)]
    if others:
        P = np.column_stack([ks[others], f[others]])
        ring_points(ax, P, OKABE_ITO[1], size=120, gid="local_max", label="another local maximum",
                    lw=1.4)  # fmt: skip
    mark_star(ax, (k_star, f_star), gid="global_max", label=f"global maximum $t^* = {k_star:.3f}$")
    ax.axvline(m, color=COLORS["breakpoint"], ls=":", lw=1.2, gid="start", label="start $t = m$")
    ax.set_xlim(0.0, 1.0)
    if title is None:
        regime = r"$\kappa < e^{-2}$: two maxima possible" if C < BIMODAL_C else "one maximum"
        title = f"$m = {m:.2f}$, $\\kappa = {C:.2f}$ ({regime})"
    label_axes(ax, "$t$", r"$g(t) = \langle M, \phi(z_t)\rangle$", title)
    if legend:
        legend_outside(ax)
    return ax


@styled
def plot_merge_pair(x_i, x_j, alpha_i, alpha_j, gamma, *, ax=None, title=None, legend=True,
                    n_points=401):  # fmt: skip
    r"""Draw two same-class Gaussian terms along their line, and the merged term (Proposition 2).

    On the line ``x(t) = x_j + t (x_i - x_j)`` (``t = 0`` at ``x_j``, 1 at ``x_i``, and ``k`` of
    the merge at ``z``) the curves are ``alpha_i K(x_i, x(t))`` and ``alpha_j K(x_j, x(t))``
    (dotted), their sum (solid) and the merge's ``beta K(z, x(t))`` (dashed, in the reduced
    vectors' colour). The merge is :func:`svmbook.simplify.merge_gaussian`.

    Parameters
    ----------
    x_i, x_j : array-like of shape (n_features,)
        The two vectors.
    alpha_i, alpha_j : float
        Their signed weights (same sign).
    gamma : float
        The kernel's ``gamma`` in ``exp(-gamma ||x - y||^2)``.
    {ax}
    title : str, optional
        Axis title (default: the merge's ``k`` and ``beta``).
    {legend}
    n_points : int, default=401
        Points of each curve.

    {returns_ax}

    Raises
    ------
    ValueError
        As :func:`svmbook.simplify.merge_gaussian`.
    """
    merge = merge_gaussian(x_i, x_j, alpha_i, alpha_j, gamma)
    d2 = float(np.sum((np.asarray(x_i, float) - np.asarray(x_j, float)) ** 2))
    lo, hi = -0.75, 1.75  # the segment and a little of each side
    ts = np.linspace(lo, hi, int(n_points))
    term_i = alpha_i * np.exp(-gamma * d2 * (1.0 - ts) ** 2)
    term_j = alpha_j * np.exp(-gamma * d2 * ts**2)
    merged = merge.beta * np.exp(-gamma * d2 * (ts - merge.k) ** 2)
    ax = get_ax(ax)
    ax.plot(ts, term_i, color=COLORS["positive"], ls=":", lw=1.3, gid="term_i",
            label=r"$\alpha_i K(x_i, x)$")  # fmt: skip
    ax.plot(ts, term_j, color=COLORS["negative"], ls=":", lw=1.3, gid="term_j",
            label=r"$\alpha_j K(x_j, x)$")  # fmt: skip
    ax.plot(ts, term_i + term_j, color=COLORS["model"], lw=1.6, gid="sum", label="their sum")
    ax.plot(ts, merged, color=_SIMPLIFIED, ls="--", lw=1.6, gid="merged",
            label=r"$\beta K(z, x)$")  # fmt: skip
    for t, name in ((0.0, "$x_j$"), (1.0, "$x_i$"), (merge.k, "$z$")):
        ax.axvline(t, color=COLORS["breakpoint"], lw=0.6, zorder=0)
        ax.annotate(name, (t, 1.0), xycoords=("data", "axes fraction"), ha="center", va="bottom")
    if title is None:
        title = f"merge: $k = {merge.k:.3f}$, $\\beta = {merge.beta:.3f}$"
    label_axes(ax, r"$t$, position on the line $x_j + t\,(x_i - x_j)$", "contribution to $f$")
    ax.set_title(title, pad=16)
    if legend:
        legend_outside(ax)
    return ax


def _decision(model, grid, name):
    """Return ``model.decision_function(grid)``, one value per point (two classes)."""
    f = np.asarray(model.decision_function(grid), dtype=np.float64)
    if f.ndim != 1:
        raise ValueError(f"{name} must be a two-class machine (one decision value per point)")
    return f


def _contours(ax, xx, yy, F, color, gid):
    """Draw ``F = 0`` solid and ``F = +-1`` dotted in one colour, gids ``<gid>_boundary/_margins``.

    Levels outside the range of ``F`` on the grid are skipped.
    """
    lo, hi = float(F.min()), float(F.max())
    for levels, ls, lw, suffix in (([0.0], "solid", 1.6, "boundary"),
                                   ([-1.0, 1.0], "dotted", 1.2, "margins")):  # fmt: skip
        shown = [v for v in levels if lo <= v <= hi and lo < hi]
        if shown:
            cs = ax.contour(xx, yy, F, levels=shown, colors=color, linestyles=ls, linewidths=lw,
                            zorder=2)  # fmt: skip
            cs.set_gid(f"{gid}_{suffix}")


@styled
def plot_simplified_boundary(model, simplified, X, y, *, ax=None, grid_resolution=200, xlim=None,
                             ylim=None, title=None, legend=True):  # fmt: skip
    r"""Draw a two-class machine and its simplification on 2-D data (Nguyen's Fig. 3.4).

    The original machine's boundary ``f = 0`` is solid black and its margins ``f = +-1`` dotted
    black; the simplified machine's ``f' = 0`` and ``f' = +-1`` are drawn the same way in green.
    The training points are drawn by class, the original support vectors circled, and the
    reduced vectors as green-edged diamonds filled in the colour of the class their weight
    points to, with areas proportional to ``|beta|`` (the largest at twelve times a point's).

    Parameters
    ----------
    model : fitted classifier
        The original machine: ``decision_function`` (one value per point) and ``support_``
        (indices into ``X``).
    simplified : SimplifiedSVC
        Its simplification (:func:`svmbook.simplify.simplify`), one machine.
    {Xy}
    {ax}
    grid_resolution : int, default=200
        Grid points per axis for the decision values.
    {window}
    title : str, optional
        Axis title (default: the vector counts before and after).
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``X`` is not 2-D data with two-class ``y``, a machine is not two-class, or
        ``simplified`` does not hold exactly one machine.
    """
    X, _ = two_class_points(X, y)
    machines = getattr(simplified, "machines_", None)
    if machines is None or len(machines) != 1:
        raise ValueError("simplified must be a fitted SimplifiedSVC of one two-class machine")
    Z, beta, _ = machines[0]
    Z = np.asarray(Z, dtype=np.float64)
    beta = np.asarray(beta, dtype=np.float64)
    grid_resolution = int(grid_resolution)
    if grid_resolution < 2:
        raise ValueError(f"grid_resolution must be >= 2, got {grid_resolution}")
    xlim, ylim = window(np.vstack([X, Z]), xlim=xlim, ylim=ylim)
    xx, yy = np.meshgrid(np.linspace(*xlim, grid_resolution), np.linspace(*ylim, grid_resolution))
    grid = np.column_stack([xx.ravel(), yy.ravel()])
    ax = get_ax(ax)
    _contours(ax, xx, yy, _decision(model, grid, "model").reshape(xx.shape), COLORS["model"],
              "original")  # fmt: skip
    _contours(ax, xx, yy, _decision(simplified, grid, "simplified").reshape(xx.shape),
              _SIMPLIFIED, "simplified")  # fmt: skip
    classes = getattr(model, "classes_", None)
    pos_label = classes[-1] if classes is not None and len(classes) == 2 else None
    scatter_classes(ax, X, np.asarray(y), pos_label=pos_label)
    support = support_indices(model)
    circle_support_vectors(ax, X[support], label=f"support vectors ({support.size})")
    top = float(np.max(np.abs(beta))) if beta.size else 1.0
    sizes = 12.0 * POINT_SIZE * np.abs(beta) / (top if top > 0 else 1.0)
    faces = np.where(beta > 0, COLORS["positive"], COLORS["negative"])
    ax.scatter(Z[:, 0], Z[:, 1], s=sizes, marker="D", c=faces, edgecolors=_SIMPLIFIED,
               linewidths=1.8, zorder=5, gid="reduced_vectors",
               label=f"reduced vectors ({Z.shape[0]}), area $\\propto |\\beta|$")  # fmt: skip
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    if title is None:
        title = f"{support.size} support vectors $\\to$ {Z.shape[0]} reduced vectors"
    label_axes(ax, "$x_1$", "$x_2$", title)
    if legend:
        handles, _ = ax.get_legend_handles_labels()
        lines = [Line2D([], [], color=c, ls=ls, label=text) for c, ls, text in (
            (COLORS["model"], "-", "original $f = 0$"),
            (COLORS["model"], ":", r"original $f = \pm 1$"),
            (_SIMPLIFIED, "-", "simplified $f' = 0$"),
            (_SIMPLIFIED, ":", r"simplified $f' = \pm 1$"),
        )]  # fmt: skip
        legend_outside(ax, handles + lines)
    return ax
