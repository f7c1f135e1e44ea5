"""Figures of the regression chapters: losses and 1-D regressions (Gunn 1998; Yeh et al. 2014).

:func:`plot_svr_1d` draws a fitted regressor (``predict(X)`` and ``support_``) in Gunn's
conventions: the fitted curve solid, the tube ``f +- epsilon`` dotted, the support vectors
circled (or, for the smooth regressions of :mod:`svmbook.reduced`, which have no support
vectors, the points outside the tube), and optionally a reduced set. :func:`plot_losses` is
Fig. 5.1, on the losses of :mod:`svmbook.losses`; :func:`plot_smooth_eps_loss` the squared
epsilon-insensitive loss of the RSVM review (20) against its smooth approximations (21).
"""

import numpy as np

from svmbook.losses import loss_epsilon_insensitive, loss_huber, loss_laplace, loss_quadratic
from svmbook.plots._style import (
    COLORS,
    MARKERS,
    NEST,
    OKABE_ITO,
    POINT_SIZE,
    circle_support_vectors,
    get_ax,
    label_axes,
    legend_outside,
    padded_limits,
    styled,
    support_indices,
)
from svmbook.solvers.smooth_plus import eps_insensitive_sq, smooth_eps_insensitive_sq

__all__ = [
    "plot_losses",
    "plot_smooth_eps_loss",
    "plot_svr_1d",
]


def _regression_window(model, x, pad=0.05):
    """Return the x-range of a 1-D regression: the data range, padded where the model allows.

    Each side is padded by ``pad`` times the data range, unless the model refuses that end point
    (``model.predict`` raises ``ValueError``, as a kernel does outside its domain, e.g. the
    infinite spline below 0); that side then stays at the data's own end, where the model was
    fitted and so is defined. Checking the two end points suffices for a domain that is an
    interval, which every kernel domain of :mod:`svmbook.kernels` is.
    """
    lo, hi = float(np.min(x)), float(np.max(x))
    padded = padded_limits(x, pad=pad)
    window = []
    for inner, outer in ((lo, padded[0]), (hi, padded[1])):
        try:
            model.predict(np.array([[outer]]))
        except ValueError:
            outer = inner
        window.append(outer)
    return tuple(window)


@styled
def plot_svr_1d(
    model,
    x,
    y,
    *,
    epsilon,
    ax=None,
    circle_sv=True,
    show_reduced_set=False,
    n_grid=400,
    xlim=None,
    xlabel="$x$",
    ylabel="$y$",
    title=None,
    legend=True,
):
    """Draw a fitted 1-D support vector regression, in Gunn's conventions (Figs. 5.2-5.7, 6.x).

    The data, the fitted curve ``f(x)`` solid, the tube ``f(x) +- epsilon`` dotted and the support
    vectors circled.

    Parameters
    ----------
    model : fitted regressor
        Has ``predict(X)`` and ``support_``, fitted on ``x.reshape(-1, 1)``.
    x : array-like of shape (n_samples,) or (n_samples, 1)
        The training inputs.
    y : array-like of shape (n_samples,)
        The training targets.
    epsilon : float
        Half-width of the tube (the model's ``epsilon``); must be >= 0.
    {ax}
    circle_sv : bool or "outside", default=True
        True: circle the support vectors ``model.support_``. ``"outside"``: circle the points
        strictly outside the tube, ``|y_i - f(x_i)| > epsilon``, for a model without support
        vectors (the smooth epsilon-SSVR of :mod:`svmbook.reduced`: its coefficients are dense);
        they are the points whose dual variables are non-zero in its ``beta -> inf`` limit.
        False: circle nothing.
    show_reduced_set : bool, default=False
        Mark the model's reduced set ``model.reduced_set_`` (the points of its kernel expansion,
        e.g. :class:`svmbook.reduced.RSVR`'s ``Ã``) as diamonds on the curve.
    n_grid : int, default=400
        Points at which the curve is evaluated.
    xlim : (float, float), optional
        Range of the curve; by default the data range padded by 5 % on each side where the model
        is defined there (see :func:`_regression_window`: the infinite spline kernel, defined on
        ``x >= 0`` only, keeps the curve inside the data range at 0).
    {title_labels}
    {legend}

    {returns_ax}
    """
    x = np.asarray(x, dtype=np.float64)
    if x.ndim == 2 and x.shape[1] == 1:
        x = x[:, 0]
    if x.ndim != 1:
        raise ValueError(f"x must have shape (n_samples,) or (n_samples, 1), got {x.shape}")
    y = np.asarray(y, dtype=np.float64)
    if y.shape != x.shape:
        raise ValueError(f"y must have shape {x.shape}, got {y.shape}")
    epsilon = float(epsilon)
    if not epsilon >= 0:
        raise ValueError(f"epsilon must be >= 0, got {epsilon}")
    ax = get_ax(ax)
    xlim = _regression_window(model, x) if xlim is None else tuple(xlim)
    grid = np.linspace(*xlim, int(n_grid))
    f = np.asarray(model.predict(grid[:, None]), dtype=np.float64)

    ax.plot(grid, f, color=COLORS["model"], ls="-", label="$f(x)$", zorder=2, gid="fit")
    (upper,) = ax.plot(
        grid,
        f + epsilon,
        color=COLORS["model"],
        ls=":",
        lw=1.2,
        label=r"$f(x)\pm\varepsilon$",
        zorder=2,
        gid="tube",
    )
    ax.plot(grid, f - epsilon, color=COLORS["model"], ls=":", lw=1.2, zorder=2, gid="tube")
    ax.scatter(
        x,
        y,
        s=POINT_SIZE,
        c=COLORS["positive"],
        marker=MARKERS["data"],
        edgecolors="white",
        linewidths=0.5,
        label="data",
        zorder=3,
        gid="data",
    )
    if circle_sv == "outside":
        residual = y - np.asarray(model.predict(x[:, None]), dtype=np.float64)
        outside = np.abs(residual) > epsilon
        circle_support_vectors(
            ax, np.column_stack([x[outside], y[outside]]), label="outside the tube"
        )
    elif circle_sv:
        support = support_indices(model)
        circle_support_vectors(ax, np.column_stack([x[support], y[support]]))
    if show_reduced_set:
        _mark_reduced_set(ax, model)
    ax.set_xlim(xlim)
    label_axes(ax, xlabel, ylabel, title, legend)
    return ax


def _mark_reduced_set(ax, model):
    """Mark ``model.reduced_set_`` (1-D points) as diamonds on the fitted curve."""
    points = getattr(model, "reduced_set_", None)
    if points is None:
        raise TypeError(
            f"show_reduced_set needs a model with reduced_set_, got {type(model).__name__}"
        )
    xr = np.asarray(points, dtype=np.float64)[:, 0]
    ax.scatter(
        xr,
        np.asarray(model.predict(xr[:, None]), dtype=np.float64),
        s=55,
        marker="D",
        c=[NEST[1]],
        edgecolors="black",
        linewidths=0.6,
        label=f"reduced set ($m={xr.size}$)",
        zorder=5,
        gid="reduced_set",
    )


_LOSS_PANELS = (
    ("quadratic", "(a) quadratic"),
    ("laplace", "(b) Laplace"),
    ("huber", "(c) Huber"),
    ("epsilon_insensitive", r"(d) $\varepsilon$-insensitive"),
)


@styled
def plot_losses(*, epsilon=0.5, delta=1.0, ax=None, axes=None, r_max=3.0, n_grid=601, legend=True):
    """Gunn's Fig. 5.1: the four regression losses as functions of the residual ``y - f(x)``.

    Quadratic (5.13), Laplace ``|r|``, Huber (5.17) and epsilon-insensitive (5.4); the functions
    themselves are :mod:`svmbook.losses` (re-exported here).

    Parameters
    ----------
    epsilon : float, default=0.5
        Tube half-width of the epsilon-insensitive loss.
    delta : float, default=1.0
        Width of Huber's quadratic zone (Gunn's mu in (5.17)).
    ax : matplotlib Axes, optional
        Draw all four curves into this one axes. Used when ``axes`` is None; a new figure is
        created when both are None.
    axes : sequence of 4 Axes, optional
        Draw one loss per axes, titled (a)-(d) as in Fig. 5.1.
    r_max : float, default=3.0
        The residual axis runs over ``[-r_max, r_max]``.
    n_grid : int, default=601
        Points per curve.
    legend : bool, default=True
        In one panel, name the four curves in a legend to the right of the axes, off the curves
        (the four panels of ``axes`` are titled instead).

    Returns
    -------
    matplotlib.axes.Axes or ndarray of Axes
        ``ax`` (one panel), or ``axes`` as an array when four panels were given.
    """
    r = np.linspace(-float(r_max), float(r_max), int(n_grid))
    values = {
        "quadratic": loss_quadratic(r),
        "laplace": loss_laplace(r),
        "huber": loss_huber(r, delta),
        "epsilon_insensitive": loss_epsilon_insensitive(r, epsilon),
    }
    labels = {
        "quadratic": "quadratic",
        "laplace": "Laplace",
        "huber": rf"Huber, $\delta={delta:g}$",
        # no value: one legend may serve panels of several epsilons (plot_grid's one_legend)
        "epsilon_insensitive": r"$\varepsilon$-insensitive",
    }
    xlabel, ylabel = "residual $y - f(x)$", "loss"
    if axes is not None:
        axes = np.asarray(axes, dtype=object).ravel()
        if axes.size != 4:
            raise ValueError(f"axes must hold 4 Axes, got {axes.size}")
        for panel, (key, panel_title) in zip(axes, _LOSS_PANELS, strict=True):
            panel.plot(r, values[key], color=COLORS["model"], gid=f"loss_{key}")
            panel.set_title(panel_title)
            panel.set_xlabel(xlabel)
            panel.set_ylabel(ylabel)
            panel.set_xlim(r[0], r[-1])
        return axes
    ax = get_ax(ax)
    for (key, _), color in zip(_LOSS_PANELS, OKABE_ITO, strict=False):
        ax.plot(r, values[key], color=color, label=labels[key], gid=f"loss_{key}")
    ax.set_xlim(r[0], r[-1])
    ax.set_ylim(0.0, 1.05 * float(values["laplace"].max()))
    label_axes(ax, xlabel, ylabel)
    if legend:
        legend_outside(ax)
    return ax


@styled
def plot_smooth_eps_loss(
    *, epsilon=0.5, betas=(2.0, 5.0, 20.0), ax=None, r_max=2.0, n_grid=801, legend=True
):
    """Draw the squared epsilon-insensitive loss and its smooth forms (Yeh et al. 2014, (20), (21)).

    ``|e|_eps^2 = (e - eps)_+^2 + (-e - eps)_+^2`` solid (wide, pale, below the others), and for
    each ``beta`` the smooth ``p_eps^2(e, beta) = p(e - eps, beta)^2 + p(-e - eps, beta)^2``
    dashed on top, as functions of the residual ``e = f(x) - y``; the tube's edges ``+-eps``
    dotted. The smooth loss lies above the exact one (it is positive even inside the tube) and
    tends to it as ``beta`` grows. The functions are :mod:`svmbook.solvers.smooth_plus`.

    Parameters
    ----------
    epsilon : float, default=0.5
        The tube's half width, ``>= 0``.
    betas : sequence of float, default=(2.0, 5.0, 20.0)
        The smoothing parameters, each ``> 0``, one dashed curve each.
    {ax}
    r_max : float, default=2.0
        The residual axis runs over ``[-r_max, r_max]``.
    n_grid : int, default=801
        Points per curve.
    {legend}

    {returns_ax}
    """
    r = np.linspace(-float(r_max), float(r_max), int(n_grid))
    ax = get_ax(ax)
    exact = eps_insensitive_sq(r, epsilon)
    # the exact loss wide and below, the smooth ones dashed on top: a smooth curve close to the
    # exact one (large beta) stays visible over it instead of hidden under it
    ax.plot(r, exact, color=COLORS["model"], lw=3.0, alpha=0.5, label=r"$|e|_\varepsilon^2$",
            zorder=2, gid="loss_eps_sq")  # fmt: skip
    for beta, color in zip(betas, NEST, strict=False):
        ax.plot(
            r,
            smooth_eps_insensitive_sq(r, epsilon, beta),
            color=color,
            ls="--",
            zorder=3,
            label=rf"$p_\varepsilon^2(e, \beta)$, $\beta={beta:g}$",
            gid=f"smooth_beta_{beta:g}",
        )
    for edge in (-epsilon, epsilon):
        ax.axvline(edge, color=COLORS["breakpoint"], ls=":", lw=1.0, zorder=1, gid="tube_edges")
    ax.set_xlim(r[0], r[-1])
    ax.set_ylim(0.0, 1.05 * float(exact.max()))
    label_axes(ax, r"residual $e = f(x) - y$", "loss", None, legend, loc="upper center")
    return ax
