r"""Figures of the model-selection chapter (Goodrich 2012, chapter 6; Nguyen 2006, chapter 4).

* :func:`plot_estimate_map` -- an error estimate (or the test error) over a grid of
  ``(log2 C, log2 gamma)`` as a heat map, its minima starred, optional hatched cells (e.g. where a
  class is reduced to its centroid, section 6.4.1);
* :func:`plot_design` -- the points of a search (the stages of a nested uniform design) over
  such a map;
* :func:`plot_mu_map` -- the equivalent ``1/mu`` of C-SVMs along ``log2 C`` (Fig. 6.13), with the
  levels where a class is reduced to its centroid and the ``1/mu`` values of search schedules;
* :func:`plot_mu_search` -- a mu search's criterion against ``1/mu``, one line per ``gamma``,
  where each sequence stopped and the best machine;
* :func:`plot_c_path` -- iterations or time along a path of C, one line per method (warm and cold
  starts).

Each function takes computed arrays or results (:class:`svmbook.model_selection.MuSearchResult`
rows) and never fits. Artists carry a ``gid``: ``"estimate"``, ``"minimum"``, ``"masked"``,
``"value"``, ``"stage_<k>"``, ``"best"``, ``"mu_map"``, ``"centroid_<k>"``, ``"mu_one"``,
``"schedule_<k>"``, ``"gamma_<k>"``, ``"stop_<k>"``, ``"series_<k>"``.
"""

import numpy as np
from matplotlib.patches import Rectangle

from svmbook.plots._style import (
    COLORS,
    NEST,
    OKABE_ITO,
    get_ax,
    label_axes,
    legend_outside,
    mark_star,
    styled,
)

__all__ = [
    "plot_c_path",
    "plot_design",
    "plot_estimate_map",
    "plot_mu_map",
    "plot_mu_search",
]

_LOG2_C = r"$\log_2 C$"
_LOG2_GAMMA = r"$\log_2 \gamma$"
_INV_MU = r"$1/\mu$"
#: Values within this relative distance of the minimum are minima too (ties of error counts).
_TIE_RTOL = 1e-12
#: A map's stars sit this fraction of a cell from its centre, up and right (off the value label).
_STAR_SHIFT = 0.3
#: Marker area and drawing order of the points of a search (plot_design).
_DESIGN_SIZE, _DESIGN_ZORDER = 36, 5
#: A map's best-cell stars have five times a design point's area, so one drawn over them leaves
#: the star's arms visible.
_MAP_STAR_SIZE = 5 * _DESIGN_SIZE
#: Legend labels of the reasons a mu search stopped (``MuSearchResult.rows[i]["stop"]``).
_STOPS = {
    "intersect": "sequence ended (hulls intersect)",
    "small_w": r"sequence ended ($\lVert w\rVert$ negligible)",
    "no_margin": r"sequence ended (no margin, $\rho \leq 0$)",
    "unconverged": "sequence ended (solver capped)",
}
#: The stop crosses' legend proxy is grey, so that it names the reason, not one gamma's colour.
_STOP_PROXY_COLOR = "0.6"


def _axis_values(name, values):
    """Return grid coordinates as a strictly increasing 1-D float array."""
    v = np.asarray(values, dtype=np.float64).ravel()
    if v.size == 0 or not np.all(np.isfinite(v)):
        raise ValueError(f"{name} must be a non-empty sequence of finite numbers")
    if v.size > 1 and not np.all(np.diff(v) > 0):
        raise ValueError(f"{name} must be strictly increasing")
    return v


def _edges(centres):
    """Cell edges around increasing centres: midpoints inside, half a step outside."""
    if centres.size == 1:
        return np.array([centres[0] - 0.5, centres[0] + 0.5])
    mid = (centres[1:] + centres[:-1]) / 2
    return np.r_[2 * centres[0] - mid[0], mid, 2 * centres[-1] - mid[-1]]


def _minima(values):
    """Boolean mask of the cells at the smallest finite value (ties included)."""
    best = np.nanmin(values)
    return np.isfinite(values) & (values <= best + _TIE_RTOL * max(abs(best), 1.0))


def _star(ax, x, y, *, gid, label=None, size=170, zorder=6):
    """Draw white stars outlined in black, readable on any colour of the map."""
    return ax.scatter(x, y, marker="*", s=size, c="white", edgecolors="black", linewidths=1.0,
                      zorder=zorder, gid=gid, label=label)  # fmt: skip


@styled
def plot_estimate_map(
    log2_C,
    log2_gamma,
    values,
    *,
    mask=None,
    annotate=True,
    vmin=None,
    vmax=None,
    colorbar=True,
    cbar_label="estimated error",
    ax=None,
    title=None,
):
    r"""Draw an error estimate over a ``(log2 C, log2 gamma)`` grid, its minima starred.

    Every cell is coloured by its value (clipped to ``[vmin, vmax]``, so an estimate that exceeds
    1, such as GACV, does not wash out the rest) and, with ``annotate``, labelled with it. Every
    cell holding the smallest value gets a white star (``gid="minimum"``): error counts tie, and a
    tie is part of the answer; a star sits in the upper right corner of its cell, clear of the
    value. Cells of ``mask`` are hatched (``gid="masked"``).

    Parameters
    ----------
    log2_C : array-like of shape (n_C,)
        The grid's ``log2 C``, increasing (the x axis).
    log2_gamma : array-like of shape (n_gamma,)
        The grid's ``log2 gamma``, increasing (the y axis).
    values : array-like of shape (n_C, n_gamma)
        The estimate at each grid point; NaN cells stay blank.
    mask : array-like of bool, shape (n_C, n_gamma), default=None
        Cells to hatch (e.g. where a class is reduced to its centroid).
    annotate : bool, default=True
        Write each cell's value in it (two decimals; no decimals from 10 on).
    vmin, vmax : float, optional
        The colour range (default: the values' range).
    colorbar : bool, default=True
        Draw a colour bar beside the axes.
    cbar_label : str, default="estimated error"
        The colour bar's label.
    {ax}
    {title}

    {returns_ax}

    Raises
    ------
    ValueError
        If the grid coordinates are not increasing, or ``values`` or ``mask`` do not have the
        grid's shape.
    """
    xs = _axis_values("log2_C", log2_C)
    ys = _axis_values("log2_gamma", log2_gamma)
    values = np.asarray(values, dtype=np.float64)
    if values.shape != (xs.size, ys.size):
        raise ValueError(
            f"values must have shape (len(log2_C), len(log2_gamma)) = {(xs.size, ys.size)}, "
            f"got {values.shape}"
        )
    if not np.any(np.isfinite(values)):
        raise ValueError("values holds no finite number")
    ax = get_ax(ax)
    ex, ey = _edges(xs), _edges(ys)
    lo = float(np.nanmin(values)) if vmin is None else float(vmin)
    hi = float(np.nanmax(values)) if vmax is None else float(vmax)
    mesh = ax.pcolormesh(ex, ey, values.T, vmin=lo, vmax=hi, shading="flat")
    mesh.set_gid("estimate")
    if annotate:
        norm = mesh.norm
        for i, x in enumerate(xs):
            for j, y in enumerate(ys):
                v = values[i, j]
                if not np.isfinite(v):
                    continue
                light = norm(np.clip(v, lo, hi)) > 0.55  # viridis: the upper colours are light
                ax.text(x, y, f"{v:.0f}" if abs(v) >= 10 else f"{v:.2f}", ha="center",
                        va="center", fontsize=7, color="black" if light else "white",
                        zorder=5, gid="value")  # fmt: skip
    if mask is not None:
        mask = np.asarray(mask, dtype=bool)
        if mask.shape != values.shape:
            raise ValueError(f"mask must have the shape of values {values.shape}, got {mask.shape}")
        for i, j in zip(*np.nonzero(mask), strict=True):
            ax.add_patch(Rectangle((ex[i], ey[j]), ex[i + 1] - ex[i], ey[j + 1] - ey[j],
                                   fill=False, hatch="///", edgecolor=COLORS["data"], lw=0.0,
                                   zorder=4, gid="masked"))  # fmt: skip
    # each star sits in the upper right corner of its cell, clear of the cell's value label; it is
    # larger than and drawn under the markers of plot_design (zorder 5), so a design point that
    # lands on it shows on top of the star and the star's arms show around it
    sx = xs + _STAR_SHIFT * (ex[1:] - ex[:-1])
    sy = ys + _STAR_SHIFT * (ey[1:] - ey[:-1])
    best = _minima(values)
    _star(ax, np.broadcast_to(sx[:, None], values.shape)[best],
          np.broadcast_to(sy[None, :], values.shape)[best], gid="minimum", size=_MAP_STAR_SIZE,
          zorder=_DESIGN_ZORDER - 1)  # fmt: skip
    if colorbar:
        ax.figure.colorbar(mesh, ax=ax, label=cbar_label, fraction=0.05, pad=0.03)
    ax.set_xticks(xs)
    ax.set_yticks(ys)
    ax.set_xticklabels([f"{v:g}" for v in xs])
    ax.set_yticklabels([f"{v:g}" for v in ys])
    return label_axes(ax, _LOG2_C, _LOG2_GAMMA, title)


@styled
def plot_design(stages, *, best=None, ax=None, title=None, legend=True):
    r"""Draw the points a search evaluated in ``(log2 C, log2 gamma)``, one marker per stage.

    Drawn over :func:`plot_estimate_map` it shows where a nested uniform design looked (stage
    ``k`` with ``gid="stage_<k>"``) and what it chose (an orange star, ``gid="best"``, unlike the
    map's white ones).

    Parameters
    ----------
    stages : sequence of array-like of shape (n_k, 2)
        The ``(log2 C, log2 gamma)`` points of each stage, in order.
    best : array-like of shape (2,), optional
        The chosen point.
    {ax}
    {title}
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``stages`` is empty or a stage is not a set of 2-D points.
    """
    if len(stages) == 0:
        raise ValueError("stages must hold at least one stage of points")
    ax = get_ax(ax)
    markers = ("o", "D", "^", "s")
    for k, points in enumerate(stages):
        P = np.asarray(points, dtype=np.float64)
        if P.ndim != 2 or P.shape[1] != 2 or P.shape[0] == 0:
            raise ValueError(f"stages[{k}] must be an array of shape (n, 2), got {P.shape}")
        ax.scatter(P[:, 0], P[:, 1], s=_DESIGN_SIZE, marker=markers[k % len(markers)],
                   c=NEST[k % len(NEST)], edgecolors="black", linewidths=0.6, zorder=_DESIGN_ZORDER,
                   gid=f"stage_{k}", label=f"stage {k + 1} ({P.shape[0]} points)")  # fmt: skip
    if best is not None:
        b = np.asarray(best, dtype=np.float64).reshape(2)
        mark_star(ax, b, gid="best", label="chosen", size=220)
    label_axes(ax, _LOG2_C, _LOG2_GAMMA, title)
    if legend:
        legend_outside(ax)
    return ax


@styled
def plot_mu_map(
    log2_C, inv_mu, *, class_sizes=None, schedules=None, ax=None, title=None, legend=True
):
    r"""Draw the equivalent ``1/mu`` of C-SVMs against ``log2 C`` (Goodrich 2012, Fig. 6.13).

    A C-SVM with multipliers ``alpha'`` is the mu-SVM with ``mu = 2C / sum_i alpha'_i``
    (section 2.5.1); the curve (``gid="mu_map"``) shows how unevenly a grid in ``log2 C`` moves
    through the hull reductions. A class of ``n_k`` points is reduced to its centroid where
    ``1/mu >= n_k`` (dashed, ``gid="centroid_<k>"``); ``1/mu = 1`` is no reduction (dotted,
    ``gid="mu_one"``). Each schedule of ``schedules`` is a column of ticks at its ``1/mu`` values
    to the right of the curve (``gid="schedule_<k>"``), so its spacing can be read against the
    curve's.

    Parameters
    ----------
    log2_C : array-like of shape (n,)
        The ``log2 C`` of the C-SVMs, increasing.
    inv_mu : array-like of shape (n,)
        Their equivalent ``1/mu`` (``>= 1``).
    class_sizes : dict, optional
        ``{label: n_k}``, the class sizes to draw as centroid levels.
    schedules : dict, optional
        ``{label: inv_mu_values}``, search schedules to draw as tick columns.
    {ax}
    {title}
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``log2_C`` is not increasing or ``inv_mu`` does not match it.
    """
    xs = _axis_values("log2_C", log2_C)
    inv = np.asarray(inv_mu, dtype=np.float64).ravel()
    if inv.shape != xs.shape:
        raise ValueError(f"inv_mu must have the length of log2_C ({xs.size}), got {inv.size}")
    ax = get_ax(ax)
    ax.plot(xs, inv, color=COLORS["model"], marker="o", ms=3, lw=1.3, gid="mu_map",
            label=r"C-SVM: $1/\mu = \sum_i\alpha'_i / 2C$")  # fmt: skip
    for k, (label, n) in enumerate((class_sizes or {}).items()):
        ax.axhline(float(n), color=OKABE_ITO[k % 2], ls="--", lw=1.0, gid=f"centroid_{k}",
                   label=f"{label}: centroid ($1/\\mu = {float(n):g}$)")  # fmt: skip
    ax.axhline(1.0, color=COLORS["breakpoint"], ls=":", lw=1.0, gid="mu_one",
               label=r"$\mu = 1$: no reduction")  # fmt: skip
    step = (xs[-1] - xs[0]) / 12 if xs.size > 1 else 1.0
    for k, (label, values) in enumerate((schedules or {}).items()):
        v = np.asarray(values, dtype=np.float64).ravel()
        x = np.full(v.shape, xs[-1] + (k + 1) * step)
        ax.plot(x, v, ls="none", marker="_", ms=10, mew=1.6, color=NEST[(k + 2) % len(NEST)],
                gid=f"schedule_{k}", label=f"{label} ({v.size} values)")  # fmt: skip
    label_axes(ax, _LOG2_C, _INV_MU + " of the same classifier", title)
    if legend:
        legend_outside(ax)
    return ax


@styled
def plot_mu_search(rows, *, ax=None, title=None, legend=True, ylabel="criterion", logy=True):
    r"""Draw a mu search: the criterion against ``1/mu``, one line per ``gamma``.

    ``rows`` are :attr:`svmbook.model_selection.MuSearchResult.rows`. Each ``gamma``'s scored
    machines form a line (``gid="gamma_<k>"``); where its sequence ended before ``mu = 1`` (the
    hulls intersect, ``||w||`` became negligible, no margin, or the solver capped) a cross of the
    same colour marks the ``1/mu`` of the stop at the height of the sequence's last score
    (``gid="stop_<k>"``); the legend names each reason once with a grey cross, in no gamma's
    colour; the lowest score is a white star (``gid="best"``). The
    search runs from the right (``1/mu = m - 2``) to the left.

    Parameters
    ----------
    rows : list of dict
        The search's rows (``gamma``, ``mu``, ``score``, ``stop``).
    {ax}
    {title}
    {legend}
    ylabel : str, default="criterion"
        The y label (the criterion's name).
    logy : bool, default=True
        Logarithmic y axis (GACV spans several decades).

    {returns_ax}

    Raises
    ------
    ValueError
        If ``rows`` is empty or no row has a finite score.
    """
    if len(rows) == 0:
        raise ValueError("rows must hold the rows of a mu search (MuSearchResult.rows)")
    scores = np.array([r["score"] for r in rows], dtype=np.float64)
    if not np.any(np.isfinite(scores)):
        raise ValueError("rows holds no scored machine")
    ax = get_ax(ax)
    gammas = list(dict.fromkeys(float(r["gamma"]) for r in rows))
    reasons = []  # stop reasons drawn, in order of appearance
    for k, gamma in enumerate(gammas):
        color = OKABE_ITO[k % len(OKABE_ITO)]
        mine = [r for r in rows if float(r["gamma"]) == gamma]
        scored = [r for r in mine if np.isfinite(r["score"])]
        if scored:
            ax.plot([1 / r["mu"] for r in scored], [r["score"] for r in scored], marker="o",
                    ms=3, lw=1.3, color=color, gid=f"gamma_{k}",
                    label=f"$\\gamma = {gamma:g}$")  # fmt: skip
        for r in mine:
            if r["stop"] and scored:
                # at the stop's 1/mu and the height of the sequence's last score: sequences that
                # stop at the same mu stay apart
                ax.scatter([1 / r["mu"]], [scored[-1]["score"]], marker="X", s=70, color=color,
                           edgecolors="black", linewidths=0.6, zorder=5, gid=f"stop_{k}")
                label = _STOPS.get(r["stop"], f"sequence ended ({r['stop']})")
                if label not in reasons:
                    reasons.append(label)
    for label in reasons:  # empty proxies: a legend entry each, nothing on the axes
        ax.scatter([], [], marker="X", s=70, color=_STOP_PROXY_COLOR, edgecolors="black",
                   linewidths=0.6, label=label)
    best = int(np.nanargmin(scores))
    _star(ax, [1 / rows[best]["mu"]], [scores[best]], gid="best", label="lowest criterion")
    if logy:
        ax.set_yscale("log")
    label_axes(ax, _INV_MU, ylabel, title)
    if legend:
        legend_outside(ax)
    return ax


@styled
def plot_c_path(C, series, *, ax=None, title=None, ylabel="iterations", logy=True, legend=True):
    r"""Draw measurements along a path of C (x: ``log2 C``), one line per method.

    Parameters
    ----------
    C : array-like of shape (n,)
        The path's values of C (positive, increasing).
    series : dict
        ``{label: values}`` with ``n`` values each (e.g. iterations of cold and warm fits).
    {ax}
    {title}
    ylabel : str, default="iterations"
        The y label.
    logy : bool, default=True
        Logarithmic y axis.
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``C`` is not positive and increasing, or a series does not have its length.
    """
    C = np.asarray(C, dtype=np.float64).ravel()
    if C.size == 0 or not np.all(C > 0):
        raise ValueError("C must be a non-empty sequence of positive values")
    xs = _axis_values("C", np.log2(C))
    if not isinstance(series, dict) or not series:
        raise ValueError("series must be a non-empty dict {label: values}")
    ax = get_ax(ax)
    markers = ("^", "D", "v", "P")  # not the class markers (circle, square) of the book
    for k, (label, values) in enumerate(series.items()):
        v = np.asarray(values, dtype=np.float64).ravel()
        if v.shape != xs.shape:
            raise ValueError(f"series[{label!r}] must have {xs.size} values, got {v.size}")
        color = OKABE_ITO[k % len(OKABE_ITO)]
        ax.plot(xs, v, marker=markers[k % len(markers)], ms=4, lw=1.3, color=color,
                gid=f"series_{k}", label=str(label))  # fmt: skip
    if logy:
        ax.set_yscale("log")
    label_axes(ax, _LOG2_C, ylabel, title)
    if legend:
        legend_outside(ax)
    return ax
