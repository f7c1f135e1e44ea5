r"""Figures of the simplification chapter (Nguyen 2006, chapter 3).

The labels use the book's symbols, not the thesis's: the mixing proportion ``omega`` of a pair
(Nguyen's ``m``), the pair's kernel value ``K_ij`` (his ``C_ij``), the position ``t`` on the
segment (his ``k``) and the curve ``g(t)`` (his ``f(k)``).

* :func:`plot_merge_curve` -- the one-dimensional problem of a Gaussian merge,
  ``g(t) = omega K_ij^{(1-t)^2} + (1 - omega) K_ij^{t^2}`` on ``[0, 1]`` (Nguyen (2006),
  eq. (3.24) and Fig. 3.1), with its global maximum starred, any other local maximum ringed and
  the starting value ``t = omega`` dotted; below ``K_ij = e^{-2}`` the curve can have two maxima,
  and the title says so;
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
from matplotlib.colors import to_rgba
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

#: Below this kernel value ``K_ij`` of the pair, ``g(t)`` can have two maxima on ``[0, 1]``.
BIMODAL_K_IJ = float(np.exp(-2.0))
#: Two maxima of ``g`` closer than this are a tie (equal by symmetry, up to the curve's rounding).
_TIE = 1e-9
#: The largest reduced vector's area, in units of a data point's.
_REDUCED_SIZE = 8.0
#: The reduced vectors' colour (the simplified machine's lines share it).
_SIMPLIFIED = OKABE_ITO[2]


def _check_omega_K_ij(omega, K_ij):
    """Validate ``omega`` in ``(0, 1)`` and ``K_ij`` in ``(0, 1)``; return them as floats."""
    omega, K_ij = float(omega), float(K_ij)
    if not 0.0 < omega < 1.0:
        raise ValueError(f"omega must lie in (0, 1), got {omega!r}")
    if not 0.0 < K_ij < 1.0:
        raise ValueError(f"K_ij must lie in (0, 1) (two distinct points), got {K_ij!r}")
    return omega, K_ij


def _merge_on_unit_segment(omega, K_ij):
    """Return Proposition 2's merge of ``x_i = 1``, ``x_j = 0`` with weights ``omega, 1 - omega``.

    The pair's kernel value is ``exp(-gamma) = K_ij``, so the merge's position ``t`` (the
    package's ``k``) is the global maximiser of ``g`` for these ``omega`` and ``K_ij``.
    """
    return merge_gaussian([1.0], [0.0], omega, 1.0 - omega, gamma=-np.log(K_ij))


@styled
def plot_merge_curve(omega, K_ij, *, ax=None, title=None, legend=True, n_points=401):
    r"""Draw ``g(t)`` of a Gaussian merge on ``[0, 1]``, its global maximum starred (Fig. 3.1).

    ``g(t) = omega K_ij^{(1-t)^2} + (1 - omega) K_ij^{t^2}`` (Nguyen (2006), eq. (3.24), his
    ``f(k)``) is the inner product of the mixture ``phibar = omega phi(x_i) + (1 - omega)
    phi(x_j)`` with the image of ``z = t x_i + (1 - t) x_j``; the merge takes its global maximiser
    ``t*`` (:func:`svmbook.simplify.merge_gaussian`). Other local maxima are ringed, and labelled
    a tie when they are as high as ``t*`` (``omega = 1/2``: the search keeps one of the two equal
    maxima); the start ``t = omega`` is a dotted vertical line. When ``K_ij < e^{-2}`` the title
    says that two maxima are possible (``omega`` near 1/2 has them): the search must be global.

    Parameters
    ----------
    omega : float
        The mixing proportion ``alpha_i / (alpha_i + alpha_j)`` (Nguyen's ``m``), in ``(0, 1)``.
    K_ij : float
        The pair's kernel value ``k(x_i, x_j)`` (Nguyen's ``C_ij``), in ``(0, 1)``.
    {ax}
    title : str, optional
        Axis title (default: the values of ``omega`` and ``K_ij``, and the bimodal regime).
    {legend}
    n_points : int, default=401
        Points of the drawn curve.

    {returns_ax}

    Raises
    ------
    ValueError
        If ``omega`` or ``K_ij`` lies outside ``(0, 1)``.
    """
    omega, K_ij = _check_omega_K_ij(omega, K_ij)
    ts = np.linspace(0.0, 1.0, int(n_points))
    g = gaussian_merge_curve(ts, omega, K_ij)
    t_star = _merge_on_unit_segment(omega, K_ij).k
    g_star = float(gaussian_merge_curve(t_star, omega, K_ij))
    ax = get_ax(ax)
    ax.plot(ts, g, color=COLORS["model"], lw=1.5, gid="curve", label="$g(t)$")
    inner = np.flatnonzero((g[1:-1] >= g[:-2]) & (g[1:-1] >= g[2:])) + 1
    others = [i for i in inner if abs(ts[i] - t_star) > 2.0 / (ts.size - 1)]
    if others:
        # the grid's peak of another maximum can sit a grid step off it: compare the refined values
        tie = all(abs(_refine(ts[i], omega, K_ij) - g_star) <= _TIE for i in others)
        label = "an equal maximum (a tie)" if tie else "another local maximum"
        P = np.column_stack([ts[others], g[others]])
        ring_points(ax, P, OKABE_ITO[1], size=120, gid="local_max", label=label, lw=1.4)
    mark_star(ax, (t_star, g_star), gid="global_max",
              label=f"maximum used, $t^* = {t_star:.3f}$")  # fmt: skip
    ax.axvline(omega, color=COLORS["breakpoint"], ls=":", lw=1.2, gid="start",
               label=r"start $t = \omega$")  # fmt: skip
    ax.set_xlim(0.0, 1.0)
    if title is None:
        regime = (r"$K_{ij} < e^{-2}$: two maxima possible" if K_ij < BIMODAL_K_IJ
                  else "one maximum")  # fmt: skip
        title = f"$\\omega = {omega:.2f}$, $K_{{ij}} = {K_ij:.2f}$ ({regime})"
    label_axes(ax, "$t$", r"$g(t) = \bar\phi\cdot\phi(t\,x_i + (1 - t)\,x_j)$", title)
    if legend:
        legend_outside(ax)
    return ax


def _refine(t0, omega, K_ij, width=0.01):
    """Return the largest ``g`` near ``t0`` on a fine grid (the value of a local maximum)."""
    ts = np.linspace(max(0.0, t0 - width), min(1.0, t0 + width), 2001)
    return float(gaussian_merge_curve(ts, omega, K_ij).max())


@styled
def plot_merge_pair(x_i, x_j, alpha_i, alpha_j, gamma, *, ax=None, title=None, legend=True,
                    n_points=401):  # fmt: skip
    r"""Draw two same-class Gaussian terms along their line, and the merged term (Proposition 2).

    On the line ``x(t) = x_j + t (x_i - x_j)`` (``t = 0`` at ``x_j``, 1 at ``x_i``, and the
    merge's ``t*`` at ``z``) the curves are ``alpha_i y_i k(x_i, x(t))`` and
    ``alpha_j y_j k(x_j, x(t))`` (dotted), their sum (solid) and the merge's ``beta k(z, x(t))``
    (dashed, in the reduced vectors' colour). The merge is
    :func:`svmbook.simplify.merge_gaussian`.

    Parameters
    ----------
    x_i, x_j : array-like of shape (n_features,)
        The two vectors.
    alpha_i, alpha_j : float
        Their signed weights ``alpha_i y_i`` and ``alpha_j y_j`` (same sign).
    gamma : float
        The kernel's ``gamma`` in ``exp(-gamma ||x - y||^2)``.
    {ax}
    title : str, optional
        Axis title (default: the merge's ``t*`` and ``beta``).
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
            label=r"$\alpha_i y_i\, k(x_i, x)$")  # fmt: skip
    ax.plot(ts, term_j, color=COLORS["negative"], ls=":", lw=1.3, gid="term_j",
            label=r"$\alpha_j y_j\, k(x_j, x)$")  # fmt: skip
    ax.plot(ts, term_i + term_j, color=COLORS["model"], lw=1.6, gid="sum", label="their sum")
    ax.plot(ts, merged, color=_SIMPLIFIED, ls="--", lw=1.6, gid="merged",
            label=r"$\beta\, k(z, x)$")  # fmt: skip
    for t, name in ((0.0, "$x_j$"), (1.0, "$x_i$"), (merge.k, "$z$")):
        ax.axvline(t, color=COLORS["breakpoint"], lw=0.6, zorder=0)
        ax.annotate(name, (t, 1.0), xycoords=("data", "axes fraction"), ha="center", va="bottom")
    if title is None:
        title = f"merge: $t^* = {merge.k:.3f}$, $\\beta = {merge.beta:.3f}$"
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
    reduced vectors as translucent green-edged diamonds, under the circles, filled in the colour
    of the class their weight points to, with areas proportional to ``|beta|`` (the largest at
    eight times a point's). The legend's labels carry no counts (the default title has them),
    so one legend can serve several panels.

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
    # the labels carry no counts (the title has them), so one legend can serve several panels
    circle_support_vectors(ax, X[support], label="original support vectors")
    top = float(np.max(np.abs(beta))) if beta.size else 1.0
    sizes = _REDUCED_SIZE * POINT_SIZE * np.abs(beta) / (top if top > 0 else 1.0)
    # translucent faces, opaque edges, under the circles (zorder 4): no diamond hides an SV
    faces = [to_rgba(COLORS["positive"] if b > 0 else COLORS["negative"], 0.55) for b in beta]
    ax.scatter(Z[:, 0], Z[:, 1], s=sizes, marker="D", c=faces, edgecolors=_SIMPLIFIED,
               linewidths=2.0, zorder=3.5, gid="reduced_vectors",
               label="reduced vectors, area $\\propto |\\beta|$")  # fmt: skip
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
