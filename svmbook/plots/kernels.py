"""Figures of the kernel chapter (Gunn 1998, chapter 3): Gram matrices and kernel profiles."""

import numpy as np

from svmbook.plots._style import get_ax, label_axes, styled

__all__ = [
    "plot_kernel_gram",
    "plot_kernel_profile",
]


@styled
def plot_kernel_gram(K, *, ax=None, title=None, cmap=None, colorbar=True):
    """Heatmap of a Gram matrix ``K[i, j] = k(x_i, x_j)`` (Chapter 3, the kernel catalogue).

    Parameters
    ----------
    K : array-like of shape (n, m)
        The Gram matrix.
    {ax}
    {title}
    cmap : str or Colormap, optional
        Colour map (default: the style's ``image.cmap``, viridis).
    colorbar : bool, default=True
        Add a colour bar labelled ``K``.

    {returns_ax}
    """
    K = np.asarray(K, dtype=np.float64)
    if K.ndim != 2:
        raise ValueError(f"K must be a 2-D array, got shape {K.shape}")
    ax = get_ax(ax)
    image = ax.imshow(K, cmap=cmap, interpolation="nearest", aspect="equal", gid="gram")
    if colorbar:
        ax.figure.colorbar(image, ax=ax, label="$K_{ij}$")
    label_axes(ax, "$j$", "$i$", title)
    return ax


@styled
def plot_kernel_profile(
    kernel_fn,
    *,
    x0=0.0,
    xs=None,
    ax=None,
    label=None,
    xlabel="$x$",
    ylabel=None,
    title=None,
):
    """Draw the kernel as a function of one argument, ``x -> k(x, x0)``, in one dimension.

    Parameters
    ----------
    kernel_fn : callable
        ``kernel_fn(X, Y) -> K`` with ``X`` of shape (n, 1), ``Y`` of shape (m, 1) and ``K`` of
        shape (n, m), e.g. ``svmbook.kernels.rbf(sigma=1.0)`` or a lambda.
    x0 : float, default=0.0
        The fixed argument.
    xs : array-like of shape (n,), optional
        Where to evaluate; by default 400 points on ``[x0 - 3, x0 + 3]``.
    {ax}
    label : str, optional
        Legend label (call repeatedly on one ``ax`` to compare kernels).
    xlabel, ylabel, title : str, optional
        Axis labels (``ylabel`` defaults to ``k(x, x0)``) and title.

    {returns_ax}
    """
    x0 = float(x0)
    xs = np.linspace(x0 - 3.0, x0 + 3.0, 400) if xs is None else np.asarray(xs, dtype=np.float64)
    if xs.ndim != 1:
        raise ValueError(f"xs must be 1-D, got shape {xs.shape}")
    K = np.asarray(kernel_fn(xs[:, None], np.array([[x0]])), dtype=np.float64)
    if K.shape not in ((xs.size, 1), (xs.size,)):
        raise ValueError(f"kernel_fn must return shape ({xs.size}, 1), got {K.shape}")
    ax = get_ax(ax)
    ax.plot(xs, K.ravel(), label=label, gid="kernel_profile")
    ylabel = f"$k(x, {x0:g})$" if ylabel is None else ylabel
    label_axes(ax, xlabel, ylabel, title, label is not None)
    return ax
