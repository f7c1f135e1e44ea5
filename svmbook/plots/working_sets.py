"""Figures of first working sets from trained machines (Nguyen 2006, chapter 4).

* :func:`plot_common_svs` -- the share of support vectors two machines have in common, grouped
  bars per data set with the thesis's threshold (Fig. 4.4);
* :func:`plot_working_set_curves` -- loops and time per machine along a sequence of settings,
  original (random first working set) against WS (from the trained machines), each measure
  normalised into [0, 1] as in Fig. 4.6.

Each takes computed numbers (e.g. the rows and series of the ``nguyen-fig-4.4`` and
``nguyen-fig-4.6`` reproductions) and never trains. Artists carry a ``gid``: ``"bars_<k>"``,
``"threshold"``, ``"<measure> <way>"`` (e.g. ``"time WS"``).
"""

import numpy as np

from svmbook.plots._style import COLORS, OKABE_ITO, get_ax, label_axes, legend_outside, styled

__all__ = ["plot_common_svs", "plot_working_set_curves"]

#: Line style per measure, colour per way (the way's colour is fixed across panels).
_MEASURE_STYLES = ("-", "--", ":", "-.")
#: the ways' colours in the order of :func:`svmbook.plots.plot_c_path` (the baseline first, blue)
_WAY_COLORS = (OKABE_ITO[0], OKABE_ITO[1], OKABE_ITO[2], OKABE_ITO[4])
_MARKERS = ("^", "D", "v", "P")  # not the class markers (circle, square) of the book


@styled
def plot_common_svs(table, *, threshold=None, ax=None, title=None, legend=True):
    """Draw common-SV percentages as grouped bars: one group per data set, one bar per pair.

    Parameters
    ----------
    table : dict
        ``{dataset: {pair: percent}}``, the same pairs (in the same order) for every set.
    threshold : float, optional
        A level to draw as a dotted line (the thesis's 86.0 %); none when None.
    {ax}
    {title}
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``table`` is empty, or the sets do not have the same pairs.
    """
    if not isinstance(table, dict) or not table:
        raise ValueError("table must be a non-empty dict {dataset: {pair: percent}}")
    sets = list(table)
    pairs = list(table[sets[0]])
    for d in sets:
        if list(table[d]) != pairs:
            raise ValueError(f"table[{d!r}] must have the pairs {pairs}, got {list(table[d])}")
    ax = get_ax(ax)
    width = 0.8 / len(pairs)
    centres = np.arange(len(sets), dtype=np.float64)
    for k, pair in enumerate(pairs):
        values = [float(table[d][pair]) for d in sets]
        ax.bar(centres + (k - (len(pairs) - 1) / 2) * width, values, width,
               color=OKABE_ITO[(k + 2) % len(OKABE_ITO)], edgecolor=COLORS["model"],
               linewidth=0.5, label=str(pair), gid=f"bars_{k}")  # fmt: skip
    if threshold is not None:
        ax.axhline(float(threshold), color=COLORS["model"], ls=":", lw=1.2, gid="threshold",
                   label=f"{threshold:g} %")  # fmt: skip
    ax.set_xticks(centres, sets)
    ax.set_ylim(0.0, 100.0)
    label_axes(ax, "data set", "common support vectors (%)", title)
    if legend:
        legend_outside(ax)
    return ax


@styled
def plot_working_set_curves(
    x, curves, *, normalise=True, ax=None, title=None, xlabel="C", legend=True
):
    """Draw measures per machine along a sequence of settings, one line per measure and way.

    Fig. 4.6 of Nguyen (2006) normalises each measure into [0, 1]; here each measure is divided
    by its largest value over all ways, so the ways stay comparable within a measure.

    Parameters
    ----------
    x : array-like of shape (m,)
        The settings' x (C or the degree).
    curves : dict
        ``{measure: {way: values}}`` with m values each, e.g.
        ``{"loops": {"org.": ..., "WS": ...}, "time": {...}}``.
    normalise : bool, default=True
        Divide each measure by its largest value.
    {ax}
    {title}
    xlabel : str, default="C"
        The x label.
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``curves`` is empty or a curve does not have one value per x.
    """
    x = np.asarray(x, dtype=np.float64).ravel()
    if not isinstance(curves, dict) or not curves:
        raise ValueError("curves must be a non-empty dict {measure: {way: values}}")
    ax = get_ax(ax)
    ways = []
    for i, (measure, by_way) in enumerate(curves.items()):
        values = {w: np.asarray(v, dtype=np.float64).ravel() for w, v in by_way.items()}
        for w, v in values.items():
            if v.shape != x.shape:
                raise ValueError(f"curves[{measure!r}][{w!r}] must have {x.size} values, "
                                 f"got {v.size}")  # fmt: skip
        scale = max(float(np.nanmax(v)) for v in values.values()) if normalise else 1.0
        for w, v in values.items():
            if w not in ways:
                ways.append(w)
            k = ways.index(w)
            ax.plot(x, v / (scale or 1.0), color=_WAY_COLORS[k % len(_WAY_COLORS)],
                    ls=_MEASURE_STYLES[i % len(_MEASURE_STYLES)],
                    marker=_MARKERS[k % len(_MARKERS)], ms=4, lw=1.3,
                    label=f"{measure} {w}", gid=f"{measure} {w}")  # fmt: skip
    if normalise:
        ax.set_ylim(0.0, 1.05)
    ylabel = "normalised" if normalise else " / ".join(curves) + " per machine"
    label_axes(ax, xlabel, ylabel, title)
    if legend:
        legend_outside(ax)
    return ax
