r"""Figures of the reduced kernel at scale (Yeh et al. 2014, section 5): the MapReduce RSVM.

:func:`plot_big_table` draws the Big Table of a MapReduce RSVM with two shards: each reduced
point of either shard at ``(g_1(x), g_2(x))``, the two shard models' decision values, coloured
by its class, with the final linear SSVM's boundary ``F = w_1 g_1 + w_2 g_2 + w_0 = 0`` solid,
its margins ``F = +-1`` dotted and the rows with ``y F < 1`` circled
(:func:`svmbook.plots.plot_smooth_boundary` on the table's two columns, its legend naming
``F``). It takes the fitted table and model and fits nothing. Artists carry the ``gid`` of
:func:`svmbook.plots.plot_smooth_boundary`.
"""

import numpy as np

from svmbook.plots._style import styled
from svmbook.plots.reduced import plot_smooth_boundary

__all__ = ["plot_big_table"]


@styled
def plot_big_table(big_table, labels, final, *, ax=None, grid_resolution=200, xlim=None,
                   ylim=None, title=None, legend=True):  # fmt: skip
    r"""Draw a two-shard Big Table by class with the final linear SSVM's boundary and margins.

    Parameters
    ----------
    big_table : array-like of shape (r, 2)
        The Big Table ``B``: row ``j`` is ``[g_1(x_j), g_2(x_j)]`` for the ``r`` reduced points of
        both shards (:attr:`svmbook.reduced.MRRSVC.big_table_` of a two-shard model).
    labels : array-like of shape (r,)
        The rows' two-class labels (``big_table_labels_``; the larger one is +1).
    final : fitted classifier
        The linear model on the table (``final_``): ``decision_function`` of the two columns,
        positive for ``classes_[-1]``, and ``classes_``.
    {ax}
    grid_resolution : int, default=200
        Grid points per axis for the final model's decision values.
    {window}
    {title}
    {legend}

    {returns_ax}

    Raises
    ------
    ValueError
        If ``big_table`` does not have two columns (one per shard) or ``labels`` does not have
        one entry per row.
    """
    B = np.asarray(big_table, dtype=np.float64)
    if B.ndim != 2 or B.shape[1] != 2 or B.shape[0] == 0:
        raise ValueError(f"big_table must have shape (r, 2) (two shards), got {B.shape}")
    labels = np.asarray(labels)
    if labels.shape != (B.shape[0],):
        raise ValueError(f"labels must have one entry per row of big_table ({B.shape[0]}), got "
                         f"shape {labels.shape}")  # fmt: skip
    # the final model is F of (18.3) in the book, not a shard model's f: the legend says so
    ax = plot_smooth_boundary(final, B, labels, ax=ax, grid_resolution=grid_resolution,
                              xlim=xlim, ylim=ylim, title=title, legend=legend,
                              function="F")  # fmt: skip
    ax.set_xlabel(r"$g_1(x)$, shard 1's decision value")
    ax.set_ylabel(r"$g_2(x)$, shard 2's decision value")
    return ax
