"""Figures of simplified (reduced-set) machines (Nguyen 2006, chapter 3).

* :func:`plot_reduction_accuracy` -- test accuracy against the reduction rate of the support
  vectors, one curve per method (Fig. 3.6: bottom-up Phase I and II, top-down);
* :func:`plot_reduced_vectors` -- the reduced vectors of simplified machines as images with
  their weights under them, one machine per row (Fig. 3.7: the ten one-vs-rest USPS machines).

Each takes computed numbers (e.g. the rows and series of the ``nguyen-fig-3.6`` and
``nguyen-fig-3.7`` reproductions) and never trains. Artists carry a ``gid``: ``"<curve name>"``
and ``"original"`` (Fig. 3.6); ``"vector_<i>"`` (an image) and ``"weight_<i>"`` (its weight)
in the order of ``Z`` (Fig. 3.7).
"""

import matplotlib.pyplot as plt
import numpy as np

from svmbook.plots._style import (
    COLORS,
    OKABE_ITO,
    docs,
    get_ax,
    label_axes,
    legend_outside,
    style,
    styled,
)

__all__ = ["plot_reduced_vectors", "plot_reduction_accuracy"]

_MARKERS = ("o", "s", "^", "D", "v", "P")
#: Size of one image's cell in the gallery, in inches (width, height with the weight below).
_CELL = (0.72, 0.9)


@styled
def plot_reduction_accuracy(
    curves, *, n_original, n_test, original_errors=None, ax=None, title=None, legend=True
):
    """Draw test accuracy against the reduction rate, one curve per simplification method.

    The reduction rate is ``100 (1 - n / n_original)`` % of the support vectors, the accuracy
    ``100 (1 - errors / n_test)`` %, as in Nguyen (2006), Fig. 3.6.

    Parameters
    ----------
    curves : dict
        ``{name: (n_vectors, errors)}``: per point, the vectors kept (in total over the
        machines) and the test errors, two sequences of the same length.
    n_original : int
        The support vectors of the original classifier, one machine or several (the
        reduction's 0 %).
    n_test : int
        The number of test points.
    original_errors : int, optional
        The original classifier's test errors, drawn as a dotted level labelled "original
        classifier"; none when None.
    {ax}
    {title}
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``curves`` is empty, a curve's two sequences differ in length, or ``n_original`` or
        ``n_test`` is not positive.
    """
    if not isinstance(curves, dict) or not curves:
        raise ValueError("curves must be a non-empty dict {name: (n_vectors, errors)}")
    for name, value in (("n_original", n_original), ("n_test", n_test)):
        if not value > 0:
            raise ValueError(f"{name} must be positive, got {value}")
    ax = get_ax(ax)
    for k, (name, (n_vectors, errors)) in enumerate(curves.items()):
        n = np.asarray(n_vectors, dtype=np.float64).ravel()
        e = np.asarray(errors, dtype=np.float64).ravel()
        if n.shape != e.shape:
            raise ValueError(f"curves[{name!r}]: {n.size} sizes and {e.size} error counts")
        order = np.argsort(n)[::-1]  # from the least reduced to the most
        ax.plot(100.0 * (1.0 - n[order] / n_original), 100.0 * (1.0 - e[order] / n_test),
                color=OKABE_ITO[(k + 1) % len(OKABE_ITO)], marker=_MARKERS[k % len(_MARKERS)],
                ms=4, lw=1.3, label=str(name), gid=str(name))  # fmt: skip
    if original_errors is not None:
        ax.axhline(100.0 * (1.0 - original_errors / n_test), color=COLORS["model"], ls=":",
                   lw=1.2, label="original classifier", gid="original")  # fmt: skip
    label_axes(ax, "reduction rate (%)", "test accuracy (%)", title)
    if legend:
        legend_outside(ax)
    return ax


def _groups(labels, m):
    """Return the distinct labels in order of first appearance and each one's vector indices."""
    if labels is None:
        return [(None, np.arange(m))]
    labels = np.asarray(labels)
    if labels.shape != (m,):
        raise ValueError(f"labels must have one entry per vector ({m}), got shape {labels.shape}")
    _, first = np.unique(labels, return_index=True)
    return [(labels[i], np.flatnonzero(labels == labels[i])) for i in np.sort(first)]


@docs
def plot_reduced_vectors(
    Z, beta, *, image_shape=(16, 16), labels=None, fig=None, max_columns=12, title=None
):
    """Draw reduced vectors as images with their weights below, one machine per row.

    Each image is scaled to its own grey range (a reduced vector is a weighted mean of support
    vectors, so its pixels need not stay in the data's range); dark is the largest value.
    Vectors of the same label (the machine) share a row, wrapped after ``max_columns``
    images, in the order of ``Z``; the label is written at the start of its row.

    Parameters
    ----------
    Z : array-like of shape (m, n_pixels)
        The reduced vectors, ``n_pixels = prod(image_shape)``.
    beta : array-like of shape (m,)
        Their weights (printed with three significant digits).
    image_shape : (int, int), default=(16, 16)
        Rows and columns of an image (USPS digits are 16 x 16).
    labels : array-like of shape (m,), optional
        The machine of each vector (e.g. the digit of a one-vs-rest machine); all vectors in
        one group when None.
    fig : matplotlib Figure, optional
        Where to draw (its contents are kept; the grid is added to it); a new figure sized to
        the grid when None.
    max_columns : int, default=12
        The most images per row.
    {title}

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn into.

    Raises
    ------
    ValueError
        If ``Z`` is not 2-D with ``prod(image_shape)`` columns, ``beta`` or ``labels`` does not
        have one entry per vector, or ``max_columns`` is not positive.
    """
    Z = np.asarray(Z, dtype=np.float64)
    beta = np.asarray(beta, dtype=np.float64).ravel()
    shape = tuple(int(s) for s in image_shape)
    if Z.ndim != 2 or Z.shape[1] != int(np.prod(shape)):
        raise ValueError(f"Z must have shape (m, {int(np.prod(shape))}) for image_shape "
                         f"{shape}, got {Z.shape}")  # fmt: skip
    if beta.shape != (Z.shape[0],):
        raise ValueError(f"beta must have one weight per vector ({Z.shape[0]}), got {beta.size}")
    if isinstance(max_columns, bool) or not isinstance(max_columns, int) or max_columns < 1:
        raise ValueError(f"max_columns must be a positive int, got {max_columns!r}")
    groups = _groups(labels, Z.shape[0])
    # one row per max_columns vectors of a group: (label or None, indices) per row
    rows = []
    for label, idx in groups:
        for start in range(0, max(idx.size, 1), max_columns):
            rows.append((label if start == 0 else None, idx[start : start + max_columns]))
    n_cols = max(1, min(max_columns, max(idx.size for _, idx in rows)))
    with style():
        if fig is None:
            fig = plt.figure(figsize=(_CELL[0] * n_cols + 0.6, _CELL[1] * len(rows) + 0.4))
        grid = fig.add_gridspec(len(rows), n_cols, hspace=0.45, wspace=0.08)
        for r, (label, idx) in enumerate(rows):
            for c in range(n_cols):
                ax = fig.add_subplot(grid[r, c])
                ax.set_xticks([])
                ax.set_yticks([])
                if c == 0 and label is not None:
                    ax.set_ylabel(str(label), rotation=0, ha="right", va="center")
                if c >= idx.size:
                    ax.set_axis_off()
                    continue
                i = int(idx[c])
                ax.imshow(Z[i].reshape(shape), cmap="gray_r", interpolation="nearest",
                          gid=f"vector_{i}")  # fmt: skip
                for spine in ax.spines.values():
                    spine.set_visible(True)
                    spine.set_linewidth(0.4)
                ax.text(0.5, -0.06, f"{beta[i]:.3g}", transform=ax.transAxes, ha="center",
                        va="top", fontsize=7, gid=f"weight_{i}")  # fmt: skip
        if title is not None:
            fig.suptitle(title)
    return fig
