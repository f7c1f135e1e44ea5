"""The one artist vocabulary of the book's figures: colours, the style, and the shared artists.

Every figure module of :mod:`svmbook.plots` draws with these pieces, so a class, a support
vector, a separating line, a margin or a hull looks the same in every chapter. Plot conventions
follow Gunn (1998): support vectors circled; the decision boundary ``f = 0`` solid and the margins
``f = +-1`` dotted. Artists that tests and readers may want to find carry a ``gid``.

The module is private to the package; its names carry no underscore so that the figure modules
import them without reaching into another module's private helpers.
"""

import contextlib
import functools
import numbers

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
from cycler import cycler
from matplotlib.lines import Line2D
from matplotlib.patches import Polygon

from svmbook._docstrings import shared_docs
from svmbook._validation import check_points, check_two_classes

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

# A sequence of colours for nested hulls (no class meaning): green, orange, purple, sky, yellow.
NEST = (OKABE_ITO[2], OKABE_ITO[3], OKABE_ITO[4], OKABE_ITO[5], "#B8A200", OKABE_ITO[0])

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

DOCS = {
    # the parameters and the return value of the figure functions
    "ax": """ax : matplotlib Axes, optional
    Where to draw; a new figure is created when None.""",
    "title": """title : str, optional
    Axis title (none when None).""",
    "legend": """legend : bool, default=True
    Draw the legend.""",
    "window": """xlim, ylim : (float, float), optional
    The plot window; by default the data range, padded.""",
    "axis_labels": """xlabel, ylabel : str, optional
    Axis labels.""",
    "Xy": """X : array-like of shape (n_samples, 2)
    The training points.
y : array-like of shape (n_samples,)
    Their two-class labels (the larger one is +1).""",
    "returns_ax": """Returns
-------
matplotlib.axes.Axes
    The Axes drawn into (``ax``, or the new figure's).""",
    # the parameters of the shared artists below
    "draw_ax": """ax : matplotlib Axes
    Where to draw.""",
    "gid": """gid : str
    The artist's gid.""",
    "line_window": """xlim, ylim : (float, float)
    The window.""",
}
DOCS["title_labels"] = DOCS["title"] + "\n" + DOCS["axis_labels"]
"""Docstring entries (and the Returns section) the figure functions share, written once: a
docstring line ``{key}`` is replaced by ``DOCS[key]`` (:func:`svmbook._docstrings.compose`;
:func:`styled` does it for the figure functions, ``shared_docs(DOCS)`` for the rest)."""

docs = shared_docs(DOCS)

SV_SIZE = 150.0  # scatter area (points^2) of the SV circles; the class markers use ~30
POINT_SIZE = 30.0
MAX_WEIGHT_AREA = 12.0  # weighted markers grow with the weight up to this multiple of POINT_SIZE

# how a model's level sets are drawn: f = 0 solid, f = +-1 dotted (Gunn's conventions)
_LEVEL_STYLES = {
    "decision_boundary": ("solid", 1.5, "-", "$f(x)=0$"),
    "margins": ("dotted", 1.2, ":", r"$f(x)=\pm 1$"),
}


def use_style():
    """Apply :data:`STYLE` to matplotlib's global rcParams (the notebooks' first cell calls it).

    Returns
    -------
    None
    """
    mpl.rcParams.update(STYLE)


@contextlib.contextmanager
def style():
    """Draw in :data:`STYLE`, restoring the previous values of its keys on exit.

    Only the keys of :data:`STYLE` are saved and restored. ``mpl.rc_context`` would restore every
    rcParam, including ``interactive``, which the inline backend switches on when a session's first
    figure is made; restoring it to False stops Jupyter showing later figures at the end of a cell.

    Yields
    ------
    None
        Inside the block, matplotlib draws in the book's style.
    """
    saved = {key: mpl.rcParams[key] for key in STYLE}
    mpl.rcParams.update(STYLE)
    try:
        yield
    finally:
        mpl.rcParams.update(saved)


def styled(fn):
    """Wrap ``fn`` to run inside :func:`style` (figures it creates get the book's size and fonts).

    The wrapper's docstring is ``fn``'s with its shared entries (``{ax}``, ``{title}``, ...) filled
    in from :data:`DOCS`.

    Parameters
    ----------
    fn : callable
        A figure function.

    Returns
    -------
    callable
        ``fn`` drawing inside :func:`style`.
    """
    fn = docs(fn)  # before wraps copies the docstring (inspect.unwrap finds fn composed too)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with style():
            return fn(*args, **kwargs)

    return wrapper


def two_class_points(X, y, *, pm1=False):
    """Return 2-D points ``X`` and their two-class labels ``y`` as +-1, checked together.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        The points (named ``X`` in messages).
    y : array-like of shape (n_samples,)
        Their labels (named ``y``); see :func:`svmbook._validation.check_two_classes`.
    pm1 : bool, default=False
        Require the labels to be -1 and +1 already.

    Returns
    -------
    X : ndarray of shape (n_samples, 2)
        The points, float64.
    y : ndarray of shape (n_samples,)
        The labels as -1.0 and +1.0.
    """
    X = check_points("X", X, n_features=2)
    return X, check_two_classes("y", y, X.shape[0], pm1=pm1)


def get_ax(ax):
    """Return ``ax``, or the Axes of a new figure when ``ax`` is None.

    Parameters
    ----------
    ax : matplotlib Axes or None
        Where to draw.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots()
    return ax


def padded_limits(values, pad=0.1):
    """Return the range of ``values`` widened by ``pad`` times its span on each side.

    Parameters
    ----------
    values : array-like
        Coordinates along one axis.
    pad : float, default=0.1
        Fraction of the span added on each side (of ``max(|value|, 1)`` when the span is 0).

    Returns
    -------
    (float, float)
    """
    lo, hi = float(np.min(values)), float(np.max(values))
    span = hi - lo if hi > lo else max(abs(lo), 1.0)
    return lo - pad * span, hi + pad * span


def window(points, pad=0.12, *, xlim=None, ylim=None):
    """Return the plot window around 2-D ``points``, padded; a given ``xlim``/``ylim`` wins.

    Parameters
    ----------
    points : ndarray of shape (n, 2)
        The points the window must show.
    pad : float, default=0.12
        Fraction of each coordinate's span added on each side.
    xlim, ylim : (float, float), optional
        Fixed limits replacing the computed ones.

    Returns
    -------
    xlim, ylim : (float, float)
    """
    xlim = padded_limits(points[:, 0], pad) if xlim is None else tuple(map(float, xlim))
    ylim = padded_limits(points[:, 1], pad) if ylim is None else tuple(map(float, ylim))
    return xlim, ylim


def format_value(value):
    """Return ``value`` as short text for a panel title (numbers to 4 significant digits).

    Parameters
    ----------
    value : object
        A parameter value.

    Returns
    -------
    str
    """
    if isinstance(value, bool | np.bool_):
        return str(bool(value))
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return f"{float(value):.4g}"
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


# parameter names written as a symbol in titles: Greek letters by name, in the book's glyphs
_GREEK = ("alpha", "beta", "gamma", "delta", "eta", "mu", "nu", "rho", "sigma", "tau", "theta")
_SYMBOLS = {"epsilon": r"\varepsilon", **{name: "\\" + name for name in _GREEK}}


def math_value(value):
    """Return a number in mathtext, without dollars: ``1e5`` is ``10^{5}``, never ``1e+05``.

    Numbers keep 4 significant digits; a number that Python would print with an exponent is
    written as a power of ten (times its mantissa unless that is 1), infinity as the symbol.

    Parameters
    ----------
    value : int or float
        A real number (not a bool).

    Returns
    -------
    str
    """
    if isinstance(value, numbers.Integral):
        return str(int(value))
    value = float(value)
    if np.isinf(value):
        return r"-\infty" if value < 0 else r"\infty"
    text = f"{value:.4g}"
    if "e" not in text:
        return text
    mantissa, exponent = text.split("e")
    power = f"10^{{{int(exponent)}}}"
    return power if mantissa == "1" else rf"{mantissa} \times {power}"


def param_title(name, value):
    """Return ``name = value`` for a panel title, numbers and symbols in mathtext: ``$C = 10^{5}$``.

    A one-letter name is an italic symbol, a Greek name its letter (``epsilon`` is the book's
    varepsilon) and a name in dollars that symbol; any other name stays text (``kernel = rbf``,
    ``step $= 2$``).

    Parameters
    ----------
    name : str
        The parameter's name.
    value : object
        Its value; numbers (not bools) are written by :func:`math_value`, others by
        :func:`format_value`.

    Returns
    -------
    str
    """
    if len(name) > 2 and name[0] == name[-1] == "$":  # already a mathtext symbol, e.g. "$m$"
        symbol = name[1:-1]
    else:
        symbol = _SYMBOLS.get(name, name if len(name) == 1 and name.isalpha() else None)
    numeric = isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)
    if numeric and symbol is not None:
        return f"${symbol} = {math_value(value)}$"
    if numeric:
        return f"{name} $= {math_value(value)}$"
    if symbol is not None:
        return f"${symbol}$ = {format_value(value)}"
    return f"{name} = {format_value(value)}"


def support_indices(model):
    """Return ``model.support_`` as int64 indices.

    Parameters
    ----------
    model : fitted estimator
        Has ``support_`` (indices into the training inputs).

    Returns
    -------
    ndarray of int64

    Raises
    ------
    TypeError
        ``model`` has no ``support_`` (it is not fitted or not a support vector machine).
    """
    support = getattr(model, "support_", None)
    if support is None:
        raise TypeError(f"model must be fitted and have support_, got {type(model).__name__}")
    return np.asarray(support, dtype=np.int64)


@docs
def circle_support_vectors(ax, points, *, label="support vectors"):
    """Circle ``points`` (black open circles, ``gid="support_vectors"``).

    Parameters
    ----------
    {draw_ax}
    points : ndarray of shape (m, 2)
        The points to circle.
    label : str or None, default="support vectors"
        Legend label.

    Returns
    -------
    matplotlib.collections.PathCollection
    """
    sv = {"size": SV_SIZE, "lw": 1.2, "gid": "support_vectors"}
    return ring_points(ax, points, COLORS["sv"], label=label, **sv)


@docs
def ring_points(ax, P, color, *, size, gid, label=None, lw=None, zorder=4, marker="o"):
    """Ring points with open markers of one colour (support vectors, kept or lost points).

    Parameters
    ----------
    {draw_ax}
    P : ndarray of shape (m, 2)
        The points to ring.
    color : colour or sequence of colours
        Edge colour(s).
    size : float
        Marker area.
    {gid}
    label : str, optional
        Legend label.
    lw : float, optional
        Edge width (default: matplotlib's).
    zorder : float, default=4
        Drawing order (the class markers are at 3).
    marker : str, default="o"
        Matplotlib marker.

    Returns
    -------
    matplotlib.collections.PathCollection
    """
    open_marker = {"facecolors": "none", "edgecolors": color, "linewidths": lw, "zorder": zorder}
    return ax.scatter(*P[:, :2].T, s=size, marker=marker, gid=gid, label=label, **open_marker)


@docs
def scatter_classes(ax, X, y, *, pos_label=None):
    """Scatter a two-class sample, class +1 blue circles and -1 vermillion squares.

    Parameters
    ----------
    {draw_ax}
    X : ndarray of shape (n, 2)
        The points.
    y : ndarray of shape (n,)
        Labels, at most two classes.
    pos_label : object, optional
        The label drawn as +1 (default: the larger label).

    Returns
    -------
    object
        The label drawn as +1.

    Raises
    ------
    ValueError
        ``y`` has more than two classes.
    """
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
                s=POINT_SIZE,
                c=COLORS[key],
                marker=MARKERS[key],
                edgecolors="white",
                linewidths=0.5,
                label=f"class {name}",
                zorder=3,
                gid=f"class_{key}",
            )
    return pos_label


@docs
def plus_points(ax, P, *, label="points of $P$", gid="points"):
    """Draw points as Goodrich's plus marks (Figs. 2.9, 3.8).

    Parameters
    ----------
    {draw_ax}
    P : ndarray of shape (n, 2)
        The points.
    label : str or None, default="points of $P$"
        Legend label.
    gid : str, default="points"
        The artist's gid.

    Returns
    -------
    matplotlib.collections.PathCollection
    """
    return ax.scatter(
        P[:, 0], P[:, 1], marker="+", s=40, c=COLORS["data"], lw=1.0, zorder=3, label=label, gid=gid
    )


@docs
def mark_point(ax, p, marker, color, label, gid, size=70, face=None):
    """Mark one special point (a nearest point, a minimum-norm point) above everything else.

    Parameters
    ----------
    {draw_ax}
    p : array-like of shape (2,)
        The point.
    marker : str
        Matplotlib marker.
    color : colour
        Edge colour (and face colour when ``face`` is None).
    label : str or None
        Legend label.
    {gid}
    size : float, default=70
        Marker area.
    face : colour, optional
        Face colour (e.g. white for an open marker).

    Returns
    -------
    matplotlib.collections.PathCollection
    """
    return ax.scatter(
        [p[0]],
        [p[1]],
        s=size,
        marker=marker,
        c=color if face is None else face,
        edgecolors=color,
        linewidths=1.3,
        zorder=6,
        label=label,
        gid=gid,
    )


def level_handle(gid):
    """Return a legend handle for the level sets drawn with ``gid`` by :func:`contour_levels`.

    Parameters
    ----------
    gid : {"decision_boundary", "margins"}
        Which level sets.

    Returns
    -------
    matplotlib.lines.Line2D
    """
    _, _, ls, label = _LEVEL_STYLES[gid]
    return Line2D([], [], color=COLORS["model"], ls=ls, label=label)


@docs
def contour_levels(ax, xx, yy, Z, levels, gid):
    """Contour ``Z`` at the ``levels`` inside its range, in the style of ``gid``.

    Parameters
    ----------
    {draw_ax}
    xx, yy : ndarray of shape (m, m)
        The grid.
    Z : ndarray of shape (m, m)
        Values of the decision function on the grid.
    levels : sequence of float
        The level sets to draw (those outside the range of ``Z`` are skipped).
    gid : {"decision_boundary", "margins"}
        Style and gid of the contours.

    Returns
    -------
    matplotlib.lines.Line2D or None
        A legend handle, or None (nothing drawn) when no level lies in the range of ``Z``.
    """
    zmin, zmax = float(np.nanmin(Z)), float(np.nanmax(Z))
    levels = [lv for lv in levels if zmin <= lv <= zmax and zmin < zmax]
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
    return level_handle(gid)


@docs
def draw_line(ax, w, b, xlim, ylim, **style):
    """Draw the line ``w . x + b = 0`` across the window.

    The end points lie on the window's edges (on the two vertical edges when the line is flatter
    than the diagonal, else on the horizontal ones), so ``w . x + b = 0`` holds at both.

    Parameters
    ----------
    {draw_ax}
    w : array-like of shape (2,)
        The normal (non-zero).
    b : float
        The offset, added as everywhere in the book.
    {line_window}
    **style
        Line properties; default black, solid, width 1.2, ``gid="separator"``.

    Returns
    -------
    matplotlib.lines.Line2D
    """
    w = np.asarray(w, dtype=np.float64)
    if abs(w[1]) >= abs(w[0]):
        xs = np.array(xlim, dtype=np.float64)
        ys = -(w[0] * xs + b) / w[1]
    else:
        ys = np.array(ylim, dtype=np.float64)
        xs = -(w[1] * ys + b) / w[0]
    style = {"color": COLORS["model"], "ls": "-", "lw": 1.2, "gid": "separator", **style}
    return ax.plot(xs, ys, **style)[0]


@docs
def draw_polygon(
    ax,
    V,
    *,
    color,
    ls="-",
    lw=1.5,
    fill=None,
    alpha=1.0,
    gid=None,
    label=None,
    zorder=2,
    point_marker="o",
):
    """Outline (and optionally fill) a convex polygon; a point or a segment when degenerate.

    Parameters
    ----------
    {draw_ax}
    V : array-like of shape (n_v, 2)
        The vertices in order (one vertex: a point; two: a segment).
    color : colour
        Of the outline.
    ls : str, default="-"
        Line style of the outline.
    lw : float, default=1.5
        Line width of the outline.
    fill : colour, optional
        Fill colour (a patch with gid ``gid + "_fill"``); no fill when None.
    alpha : float, default=1.0
        Opacity of the fill.
    gid : str, optional
        The outline's gid.
    label : str, optional
        Legend label of the outline.
    zorder : float, default=2
        Of the outline; the fill goes one below.
    point_marker : str, default="o"
        Marker of a one-vertex polygon.

    Returns
    -------
    matplotlib.lines.Line2D
        The outline; its data are the vertices, closed (first repeated last) when there are 3+.
    """
    V = np.asarray(V, dtype=np.float64).reshape(-1, 2)
    if fill is not None and V.shape[0] > 2:
        patch = Polygon(
            V, closed=True, facecolor=fill, alpha=alpha, edgecolor="none", zorder=zorder - 1
        )
        patch.set_gid(None if gid is None else f"{gid}_fill")
        ax.add_patch(patch)
    closed = np.vstack([V, V[:1]]) if V.shape[0] > 2 else V
    (line,) = ax.plot(
        closed[:, 0],
        closed[:, 1],
        color=color,
        ls=ls,
        lw=lw,
        marker=point_marker if V.shape[0] == 1 else None,
        ms=5 if point_marker == "o" else 12,
        zorder=zorder,
        gid=gid,
        label=label,
    )
    return line


def legend_outside(ax, handles=None):
    """Put the legend to the right of the axes, so it never hides points or lines.

    Parameters
    ----------
    ax : matplotlib Axes
        Whose legend.
    handles : list of artists, optional
        The legend entries (default: the labelled artists of ``ax``).

    Returns
    -------
    matplotlib.legend.Legend
    """
    kwargs = {} if handles is None else {"handles": handles}
    return ax.legend(
        loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0, fontsize=7, **kwargs
    )


def label_axes(ax, xlabel, ylabel, title=None, legend=False, loc="best"):
    """Set the axis labels and the title (when given), and draw the legend (when asked).

    Parameters
    ----------
    ax : matplotlib Axes
        The panel.
    xlabel, ylabel : str
        Axis labels.
    title : str, optional
        Axis title (none when None).
    legend : bool, default=False
        Draw the legend of the labelled artists.
    loc : str, default="best"
        Legend location.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``.
    """
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    if legend:
        ax.legend(loc=loc)
    return ax


@docs
def scatter_points(ax, P, color, *, gid="points", label=None, size=POINT_SIZE):
    """Scatter points of one colour (filled, white edges, above the lines).

    Parameters
    ----------
    {draw_ax}
    P : ndarray of shape (n, 2)
        The points.
    color : colour
        Their colour.
    gid : str, default="points"
        The artist's gid.
    label : str, optional
        Legend label.
    size : float or ndarray, default=POINT_SIZE
        Marker area(s).

    Returns
    -------
    matplotlib.collections.PathCollection
    """
    filled = {"c": [color], "edgecolors": "white", "lw": 0.5, "zorder": 3}
    return ax.scatter(*P[:, :2].T, s=size, gid=gid, label=label, **filled)


@docs
def draw_margin(ax, w, b, xlim, ylim, *, gid="margins", color=None):
    """Draw the line ``w . x + b = 0`` as a margin: dotted, in the model's colour.

    Parameters
    ----------
    {draw_ax}
    w : array-like of shape (2,)
        The normal.
    b : float
        The offset (added).
    {line_window}
    gid : str, default="margins"
        The line's gid.
    color : colour, optional
        Default: the model's colour (black).

    Returns
    -------
    matplotlib.lines.Line2D
    """
    color = COLORS["model"] if color is None else color
    return draw_line(ax, w, b, xlim, ylim, color=color, ls=":", lw=1.2, zorder=2, gid=gid)


@docs
def mark_star(ax, p, *, gid, label=None, size=160, color=OKABE_ITO[3]):
    """Mark a new or extreme vertex with a star outlined in black.

    Parameters
    ----------
    {draw_ax}
    p : array-like of shape (2,)
        The vertex.
    {gid}
    label : str, optional
        Legend label.
    size : float, default=160
        Marker area.
    color : colour, default=orange
        Face colour.

    Returns
    -------
    matplotlib.collections.PathCollection
    """
    return ax.scatter(
        *p, marker="*", s=size, c=color, edgecolors="black", lw=0.6, zorder=6, gid=gid, label=label
    )


@docs
def finish_axis(ax, xlim, ylim, title, xlabel="$x_1$", ylabel="$x_2$", equal=True, legend=False):
    """Set the window, an equal aspect, the labels and the title of a data panel.

    Parameters
    ----------
    ax : matplotlib Axes
        The panel.
    {line_window}
    title : str or None
        Axis title (none when None).
    {axis_labels}
    equal : bool, default=True
        Equal scales on both axes (angles and distances read true).
    legend : bool, default=False
        Draw the legend to the right of the axes (:func:`legend_outside`).

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``.
    """
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    if equal:
        ax.set_aspect("equal", adjustable="box")
    if legend:
        legend_outside(ax)
    return label_axes(ax, xlabel, ylabel, title)
