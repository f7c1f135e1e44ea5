"""Figures of kernel dimension reduction (Yeh et al. 2014, section 4): components and variates.

:func:`plot_components` scatters two components of a projection (the ``transform`` of
:class:`svmbook.reduced.ReducedKPCA` or :class:`svmbook.reduced.ReducedKSIR`), coloured by class
or by a continuous response; :func:`plot_canonical_variates` scatters a canonical pair of
:class:`svmbook.reduced.ReducedKCCA`, one view's variate against the other's. Both take the
projections as arrays and fit nothing.
"""

import numpy as np

from svmbook.plots._style import (
    COLORS,
    NEST,
    OKABE_ITO,
    POINT_SIZE,
    get_ax,
    label_axes,
    legend_outside,
    scatter_classes,
    scatter_points,
    styled,
)

__all__ = ["plot_canonical_variates", "plot_components"]

# one colour per class for up to ten classes: the book's palette first (without black), then
# three more that stay apart from it
_CLASS_COLORS = (*OKABE_ITO[:7], "#7F7F7F", "#8C564B", "#17BECF")
# and one marker each, so that classes of similar colours stay apart by shape
_CLASS_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">")


def _projection(name, Z, n_rows=None):
    """Return ``Z`` as a float 2-D array (a 1-D array is one column), checked."""
    Z = np.asarray(Z, dtype=np.float64)
    if Z.ndim == 1:
        Z = Z[:, None]
    if Z.ndim != 2 or Z.shape[0] == 0:
        raise ValueError(f"{name} must have shape (n_samples, n_components), got {Z.shape}")
    if n_rows is not None and Z.shape[0] != n_rows:
        raise ValueError(f"{name} must have {n_rows} rows, got {Z.shape[0]}")
    return Z


def _column(name, Z, index):
    if not 0 <= index < Z.shape[1]:
        raise ValueError(f"{name} must be in [0, {Z.shape[1] - 1}], got {index}")
    return Z[:, index]


def _continuous(ax, P, values, label, cmap):
    """Scatter ``P`` coloured by ``values`` in colour map ``cmap``, with a labelled colour bar."""
    points = ax.scatter(*P.T, c=values, s=POINT_SIZE, cmap=cmap, edgecolors="white",
                        linewidths=0.4, zorder=3, gid="points")  # fmt: skip
    ax.figure.colorbar(points, ax=ax, label=label)


@styled
def plot_components(
    Z,
    y=None,
    *,
    components=(0, 1),
    continuous=False,
    color_label="$y$",
    cmap="viridis",
    class_names=None,
    ax=None,
    title=None,
    xlabel=None,
    ylabel=None,
    legend=True,
):
    """Scatter two components of a dimension reduction, coloured by class or by response.

    Parameters
    ----------
    Z : array-like of shape (n_samples, n_components)
        The projections (a transformer's ``transform``), at least two columns unless both
        ``components`` are the same column.
    y : array-like of shape (n_samples,), optional
        Class labels (two classes: the book's class markers; up to ten: one colour and one
        marker each) or, with ``continuous=True``, a response drawn as colour. None: one colour.
    components : (int, int), default=(0, 1)
        The columns drawn on the horizontal and vertical axes (0-based).
    continuous : bool, default=False
        Colour by the value of ``y`` (in ``cmap``, with a colour bar) instead of by class.
    color_label : str, default="$y$"
        The colour bar's label (``continuous=True``).
    cmap : str or Colormap, default="viridis"
        The colour map of ``continuous=True`` (a cyclic one, e.g. "twilight", for an angle).
    class_names : dict, optional
        Legend name of each class label (e.g. ``{0: "outer circle", 1: "inner circle"}``);
        default: "class +1" and "class -1" for two classes (the larger label is +1), the label
        itself for more.
    {ax}
    {title}
    xlabel, ylabel : str, optional
        Axis labels (default: "component k", 1-based).
    legend : bool, default=True
        Draw the class legend, beside the panel.

    {returns_ax}
    """
    Z = _projection("Z", Z)
    if class_names is not None and not isinstance(class_names, dict):
        raise TypeError(f"class_names must be a dict or None, got {type(class_names).__name__}")
    i, j = (int(c) for c in components)
    P = np.column_stack([_column("components[0]", Z, i), _column("components[1]", Z, j)])
    ax = get_ax(ax)
    if y is None:
        scatter_points(ax, P, COLORS["data"])
    else:
        y = np.asarray(y)
        if y.shape != (Z.shape[0],):
            raise ValueError(f"y must have shape ({Z.shape[0]},), got {y.shape}")
        if continuous:
            _continuous(ax, P, y.astype(np.float64), color_label, cmap)
        else:
            classes = np.unique(y)
            if classes.size > len(_CLASS_COLORS):
                raise ValueError(
                    f"y must have at most {len(_CLASS_COLORS)} classes (or continuous=True), "
                    f"got {classes.size}"
                )
            if classes.size <= 2:
                drawn = len(ax.collections)
                pos_label = scatter_classes(ax, P, y)
                if class_names is not None:
                    # scatter_classes draws the +1 class first, then the other (when present)
                    order = [pos_label] + [c for c in classes if c != pos_label]
                    present = [c for c in order if np.any(y == c)]
                    for artist, label in zip(ax.collections[drawn:], present, strict=True):
                        artist.set_label(class_names.get(label, f"class {label}"))
            else:
                names = {} if class_names is None else class_names
                styles = zip(classes, _CLASS_COLORS, _CLASS_MARKERS, strict=False)
                for label, color, marker in styles:
                    ax.scatter(*P[y == label].T, s=0.7 * POINT_SIZE, c=[color], marker=marker,
                               edgecolors="white", lw=0.4, zorder=3, gid=f"class_{label}",
                               label=names.get(label, str(label)))  # fmt: skip
            if legend:
                legend_outside(ax)
    label_axes(
        ax,
        f"component {i + 1}" if xlabel is None else xlabel,
        f"component {j + 1}" if ylabel is None else ylabel,
        title,
    )
    return ax


@styled
def plot_canonical_variates(
    Zs,
    Zt,
    *,
    pair=0,
    color=None,
    color_label="latent",
    cmap="viridis",
    ax=None,
    title=None,
    xlabel=None,
    ylabel=None,
):
    """Scatter one canonical pair: the ``s`` view's variate against the ``t`` view's.

    The closer the points lie to a line, the higher the pair's correlation; the sample
    correlation of the two columns ends the title (off the data).

    Parameters
    ----------
    Zs, Zt : array-like of shape (n_samples, n_components)
        The canonical variates of the two views (``ReducedKCCA.transform(X, y)``).
    pair : int, default=0
        The pair drawn (0-based).
    color : array-like of shape (n_samples,), optional
        A value per object drawn as colour (e.g. the latent variable of a toy problem), with a
        colour bar; None: one colour.
    color_label : str, default="latent"
        The colour bar's label.
    cmap : str or Colormap, default="viridis"
        The colour map of ``color`` (a cyclic one, e.g. "twilight", for an angle).
    {ax}
    title : str, optional
        Axis title; ``"correlation r"`` is appended (alone when None).
    xlabel, ylabel : str, optional
        Axis labels (default: the view and the pair, 1-based).

    {returns_ax}
    """
    Zs = _projection("Zs", Zs)
    Zt = _projection("Zt", Zt, n_rows=Zs.shape[0])
    pair = int(pair)
    P = np.column_stack([_column("pair", Zs, pair), _column("pair", Zt, pair)])
    ax = get_ax(ax)
    if color is None:
        scatter_points(ax, P, NEST[0])
    else:
        color = np.asarray(color, dtype=np.float64)
        if color.shape != (Zs.shape[0],):
            raise ValueError(f"color must have shape ({Zs.shape[0]},), got {color.shape}")
        _continuous(ax, P, color, color_label, cmap)
    correlation = f"correlation {float(np.corrcoef(P.T)[0, 1]):.3f}"
    label_axes(
        ax,
        f"view $s$, variate {pair + 1}" if xlabel is None else xlabel,
        f"view $t$, variate {pair + 1}" if ylabel is None else ylabel,
        correlation if title is None else f"{title}: {correlation}",
    )
    return ax
