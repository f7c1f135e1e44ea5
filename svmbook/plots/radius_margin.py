r"""Figures of the radius-margin chapter (Goodrich 2012, section 6.3).

* :func:`plot_bound_bands` -- lower and upper bounds against solver steps, one shaded band per
  quantity, the exact values dotted: the margin and radius bounds of one partially trained
  machine (sections 6.3.2-6.3.3), or the brackets ``[T^low, T^up]`` of two machines while
  Algorithm 12 compares them (the thesis's Fig. 6.8);
* :func:`plot_iteration_map` -- the solver steps a grid search spent on each grid point as a heat
  map on a logarithmic colour scale, its total in the colour bar's label, the selected point
  starred and the search's starting point ringed (the thesis's Fig. 6.9).

Each function takes computed arrays and never trains. Artists carry a ``gid``: ``"band_<k>"``,
``"low_<k>"``, ``"up_<k>"``, ``"exact_<k>"``, ``"iterations"``, ``"selected"``, ``"start"``.
"""

import numpy as np
from matplotlib.colors import LogNorm

from svmbook.plots._style import (
    COLORS,
    OKABE_ITO,
    get_ax,
    label_axes,
    legend_outside,
    mark_star,
    ring_points,
    styled,
)
from svmbook.plots.model_selection import _axis_values, _edges

__all__ = ["plot_bound_bands", "plot_iteration_map"]

_LOG2_C = r"$\log_2 C$"
_LOG2_GAMMA = r"$\log_2 \gamma$"


@styled
def plot_bound_bands(
    steps, bands, *, exact=None, ax=None, title=None, xlabel="steps", ylabel="bound",
    logy=True, legend=True,
):  # fmt: skip
    r"""Draw lower and upper bounds against solver steps, one shaded band per quantity.

    Each band fills the region between its lower and upper bound at every step (solid edges); an
    exact value, where given, is a dotted horizontal line in the band's colour. Where a lower
    bound is 0 or an upper bound infinite (a margin bound before the classes separate), the band
    is open on that side.

    Parameters
    ----------
    steps : array-like of shape (n,)
        The x coordinates (e.g. SMO steps taken so far).
    bands : dict
        ``{label: (lower, upper)}`` with ``n`` values each (mathtext labels welcome).
    exact : dict, optional
        ``{label: value}``: the exact value of some of the bands' quantities.
    {ax}
    {title}
    xlabel, ylabel : str
        The axis labels.
    logy : bool, default=True
        Logarithmic y axis (non-positive lower bounds are then not drawn).
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``bands`` is empty, a band does not have ``len(steps)`` values per bound, a lower
        bound exceeds its upper bound, or ``exact`` names an unknown band.
    """
    xs = np.asarray(steps, dtype=np.float64).ravel()
    if not isinstance(bands, dict) or not bands:
        raise ValueError("bands must be a non-empty dict {label: (lower, upper)}")
    exact = {} if exact is None else dict(exact)
    unknown = sorted(set(exact) - set(bands))
    if unknown:
        raise ValueError(f"exact names bands that are not drawn: {unknown}")
    ax = get_ax(ax)
    for k, (label, pair) in enumerate(bands.items()):
        low, up = (np.asarray(b, dtype=np.float64).ravel() for b in pair)
        if low.shape != xs.shape or up.shape != xs.shape:
            raise ValueError(f"bands[{label!r}] must hold two arrays of {xs.size} values")
        if np.any(low > up * (1 + 1e-12)):
            raise ValueError(f"bands[{label!r}]: a lower bound exceeds its upper bound")
        color = OKABE_ITO[k % len(OKABE_ITO)]
        shown_low = np.where(low > 0, low, np.nan) if logy else low
        shown_up = np.where(np.isfinite(up), up, np.nan)
        ax.fill_between(xs, shown_low, shown_up, color=color, alpha=0.25, lw=0,
                        gid=f"band_{k}", label=str(label))  # fmt: skip
        ax.plot(xs, shown_low, color=color, lw=1.2, gid=f"low_{k}")
        ax.plot(xs, shown_up, color=color, lw=1.2, gid=f"up_{k}")
        if label in exact:
            ax.axhline(exact[label], color=color, ls=":", lw=1.4, gid=f"exact_{k}",
                       label=f"{label}: exact")  # fmt: skip
    if logy:
        ax.set_yscale("log")
    label_axes(ax, xlabel, ylabel, title)
    if legend:
        legend_outside(ax)
    return ax


@styled
def plot_iteration_map(
    log2_C, log2_params, counts, *, selected=None, start=None, vmin=None, vmax=None,
    colorbar=True, cbar_label="SMO steps", ylabel=_LOG2_GAMMA, ax=None, title=None,
    legend=True,
):  # fmt: skip
    r"""Draw the solver steps a grid search spent on each grid point, the selection starred.

    The colours are on a logarithmic scale (the counts of a grid span orders of magnitude);
    grid points with no step (skipped, or decided without a step) are drawn in the lowest
    colour. The colour bar's label ends with the grid's total, so panels of different methods
    can be compared by their labels as well as by their colours (give them equal ``vmin`` and
    ``vmax``).

    Parameters
    ----------
    log2_C : array-like of shape (n_C,)
        The grid's ``log2 C``, increasing (the x axis).
    log2_params : array-like of shape (n_params,)
        The kernel parameter's grid (``log2 gamma``, or the polynomial degree), increasing (the
        y axis).
    counts : array-like of shape (n_params, n_C)
        Steps per grid point, as :class:`svmbook.model_selection.GridSelection` holds them
        (kernel parameter first).
    selected : (float, float), optional
        ``(log2 C, kernel parameter)`` of the selected point: a star.
    start : (float, float), optional
        ``(log2 C, kernel parameter)`` of the search's initial guess: a ring.
    vmin, vmax : float, optional
        The colour range (default: from the smallest positive count, or 1, to the largest).
    colorbar : bool, default=True
        Draw a colour bar beside the axes.
    cbar_label : str, default="SMO steps"
        The colour bar's label; ``" (total N)"`` is appended.
    ylabel : str, default=r"$\log_2 \gamma$"
        The y axis label.
    {ax}
    {title}
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If an axis is not increasing, ``counts`` does not have the grid's shape or holds a
        negative or non-finite value.
    """
    xs = _axis_values("log2_C", log2_C)
    ys = _axis_values("log2_params", log2_params)
    counts = np.asarray(counts, dtype=np.float64)
    if counts.shape != (ys.size, xs.size):
        raise ValueError(
            f"counts must have shape (len(log2_params), len(log2_C)) = {(ys.size, xs.size)}, "
            f"got {counts.shape}"
        )
    if not np.all(np.isfinite(counts)) or np.any(counts < 0):
        raise ValueError("counts must be finite and non-negative")
    positive = counts[counts > 0]
    lo = float(vmin) if vmin is not None else (float(positive.min()) if positive.size else 1.0)
    hi = float(vmax) if vmax is not None else max(float(counts.max()), lo * 10)
    ax = get_ax(ax)
    shown = np.clip(counts, lo, hi)  # a zero count takes the lowest colour of the log scale
    mesh = ax.pcolormesh(_edges(xs), _edges(ys), shown, norm=LogNorm(lo, hi), shading="flat")
    mesh.set_gid("iterations")
    if colorbar:
        ax.figure.colorbar(mesh, ax=ax, label=f"{cbar_label} (total {counts.sum():,.0f})",
                           fraction=0.05, pad=0.03)  # fmt: skip
    if start is not None:
        ring_points(ax, np.atleast_2d(np.asarray(start, dtype=np.float64)), COLORS["model"],
                    size=220, gid="start", label="initial guess", lw=1.6)  # fmt: skip
    if selected is not None:
        mark_star(ax, selected, gid="selected", label="selected")
    ax.set_xticks(xs[::2])
    ax.set_yticks(ys[::2])
    label_axes(ax, _LOG2_C, ylabel, title)
    if legend and (selected is not None or start is not None):
        legend_outside(ax)
    return ax
