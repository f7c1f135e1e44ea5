"""Small multiples: one figure function drawn at several values of one parameter."""

import numbers

import matplotlib.pyplot as plt
import numpy as np

from svmbook.plots._style import format_value, math_value, param_title, styled

__all__ = [
    "plot_grid",
]


def _value_text(value):
    """Return a number in mathtext (with its dollars), anything else as short text."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_):
        return f"${math_value(value)}$"
    return format_value(value)


@styled
def plot_grid(
    plot_fn,
    param,
    values,
    *,
    ncols=None,
    figsize=None,
    sharex=False,
    sharey=False,
    panel_title=None,
    one_legend=False,
    **kwargs,
):
    r"""Small multiples: ``plot_fn(**{param: v}, ax=ax, **kwargs)`` for each value, one panel each.

    The static half of every "static first, then widget" cell: a grid at representative values,
    each panel titled ``param = v`` in mathtext (``$C = 10^{5}$``, :func:`param_title`) unless
    ``panel_title`` says otherwise.

    Parameters
    ----------
    plot_fn : callable
        Draws into ``ax=`` (any function of this module, or ``svmbook.widgets.svc_view``).
    param : str
        Name of the keyword argument that varies.
    values : sequence
        Its values, one panel each.
    ncols : int, optional
        Panels per row (default ``min(len(values), 4)``).
    figsize : (float, float), optional
        Figure size (default 3.6 x 3.0 inches per panel).
    sharex, sharey : bool, default=False
        Passed to ``plt.subplots``.
    panel_title : str or False, optional
        Each panel's title: by default ``param = v``; a format string with the field ``{value}``,
        a number in mathtext (``r"$1/\mu$ = {value}"`` gives ``$1/\mu$ = $10^{3}$``); or False
        to keep the title that ``plot_fn`` drew.
    one_legend : bool, default=False
        Pass ``legend=False`` to ``plot_fn`` for every panel but the last, so one legend (drawn by
        ``plot_fn``, outside its axes) serves the row; ``plot_fn`` must take a ``legend`` keyword.
    **kwargs
        Passed unchanged to every call of ``plot_fn``.

    Returns
    -------
    matplotlib.figure.Figure
    """
    values = list(values)
    if not values:
        raise ValueError("values must not be empty")
    ncols = min(len(values), 4) if ncols is None else int(ncols)
    if ncols < 1:
        raise ValueError(f"ncols must be >= 1, got {ncols}")
    nrows = -(-len(values) // ncols)
    if figsize is None:
        figsize = (3.6 * ncols, 3.0 * nrows)
    fig, axes = plt.subplots(
        nrows,
        ncols,
        figsize=figsize,
        squeeze=False,
        sharex=sharex,
        sharey=sharey,
        layout="constrained",
    )
    axes = axes.ravel()
    for k, (ax, value) in enumerate(zip(axes, values, strict=False)):
        if one_legend:
            kwargs["legend"] = k == len(values) - 1
        plot_fn(**{param: value}, ax=ax, **kwargs)
        if panel_title is None:
            ax.set_title(param_title(param, value))
        elif panel_title is not False:
            ax.set_title(panel_title.format(value=_value_text(value)))
    for extra in axes[len(values) :]:
        extra.set_visible(False)
    return fig
