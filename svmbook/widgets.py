"""Live explorers for the notebooks, built on :mod:`svmbook.plots`, static first.

A chapter cell first draws a small grid at representative values (``plots.plot_grid``), then
calls an explorer here, which puts sliders on the same pure function. The explorers degrade:

* :func:`is_static` is true under ``SVMBOOK_STATIC=1`` (CI, ``make notebooks``) or when nbgrader
  executes (``NBGRADER_EXECUTION``); :func:`explore` then displays nothing and returns None, so no
  frontend, widget state or placeholder output is ever needed.
* Every redraw is a plain module-level function of its arguments (:func:`svc_view`,
  :func:`svr_view`, ``plots.plot_losses``); no callback reads a global (the lesson of
  kangwonlee/nmisp#441), so tests call the callbacks directly at the slider endpoints.
* A fit that fails with a ``ValueError`` (an infeasible hard margin at ``C=inf``, a parameter out
  of range) draws its message into the panel instead of breaking the widget.
"""

import functools
import math
import os
import textwrap

import matplotlib.pyplot as plt
import numpy as np
from sklearn.base import clone

from svmbook import plots
from svmbook._docstrings import shared_docs
from svmbook._validation import check_int, check_positive, check_range
from svmbook.input_margin import foot_of_perpendicular
from svmbook.plots._style import (
    COLORS,
    math_value,
    param_title,
    scatter_classes,
    style,
)
from svmbook.simplify import simplify

__all__ = [
    "checkbox",
    "dropdown",
    "explore",
    "explore_losses",
    "explore_svc",
    "explore_svr",
    "float_slider",
    "foot_view",
    "input_margin_step_view",
    "int_slider",
    "is_static",
    "log_slider",
    "render_message",
    "simplify_view",
    "smooth_view",
    "svc_view",
    "svr_view",
]

_TRUE = {"1", "true", "yes", "on"}


def is_static():
    """Return True when widgets must not be built (``SVMBOOK_STATIC`` is "1"/"true", or nbgrader).

    Returns
    -------
    bool
    """
    flag = os.environ.get("SVMBOOK_STATIC", "").strip().lower()
    return flag in _TRUE or "NBGRADER_EXECUTION" in os.environ


# --- controls -----------------------------------------------------------------------------------


def _widgets():
    import ipywidgets  # imported lazily: static runs never need it

    return ipywidgets


def _slider(kind, name, **settings):
    """Return the ``ipywidgets`` slider ``kind`` labelled ``name``, redrawing on release only."""
    return getattr(_widgets(), kind)(description=name, continuous_update=False, **settings)


def log_slider(name, low, high, value=None, *, steps=40, base=10.0):
    """Return a logarithmic slider (``ipywidgets.FloatLogSlider``) for C, gamma, sigma, ...

    Parameters
    ----------
    name : str
        The slider's label (use the parameter's name).
    low, high : float
        End points, ``0 < low < high``.
    value : float, optional
        Start value (default: the geometric mean of the end points).
    steps : int, default=40
        Number of steps between the end points.
    base : float, default=10.0
        Base of the logarithm.

    Returns
    -------
    ipywidgets.FloatLogSlider
    """
    low, high = check_range(name, low, high, positive=True)
    lo, hi = math.log(low, base), math.log(high, base)
    if value is None:
        value = base ** ((lo + hi) / 2)
    step = (hi - lo) / int(steps)
    return _slider(
        "FloatLogSlider", name, value=float(value), base=base, min=lo, max=hi, step=step,
        readout_format=".3g",
    )  # fmt: skip


def float_slider(name, low, high, value=None, *, step=None):
    """Return a linear slider (``ipywidgets.FloatSlider``).

    Parameters
    ----------
    name : str
        The slider's description (the parameter it sets).
    low, high : float
        The range, ``low < high``.
    value : float, optional
        The start value (default: the middle of the range).
    step : float, optional
        The step (default: 1/100 of the range).

    Returns
    -------
    ipywidgets.FloatSlider
    """
    low, high = check_range(name, low, high)
    value = float((low + high) / 2 if value is None else value)
    step = (high - low) / 100 if step is None else float(step)
    return _slider(
        "FloatSlider", name, value=value, min=low, max=high, step=step, readout_format=".3g"
    )


def int_slider(name, low, high, value=None, *, step=1):
    """Return an integer slider (``ipywidgets.IntSlider``), e.g. for a polynomial degree.

    Parameters
    ----------
    name, low, high
        As in :func:`float_slider` (integer ends).
    value : int, optional
        The start value (default: ``low``).
    step : int, default=1
        The step.

    Returns
    -------
    ipywidgets.IntSlider
    """
    low, high = check_range(name, low, high, cast=int)
    value = low if value is None else int(value)
    return _slider("IntSlider", name, value=value, min=low, max=high, step=int(step))


def dropdown(name, options, value=None):
    """Return a choice (``ipywidgets.Dropdown``) among strings or objects (e.g. kernel objects).

    Parameters
    ----------
    name : str
        The dropdown's description (the parameter it sets).
    options : sequence or dict
        A sequence of values, a sequence of ``(label, value)`` pairs, or a dict
        ``{label: value}``.
    value : object, optional
        The start value (default: the first option).

    Returns
    -------
    ipywidgets.Dropdown
    """
    if isinstance(options, dict):
        options = list(options.items())
    else:
        options = list(options)
    if not options:
        raise ValueError("options must not be empty")
    kwargs = {"options": options, "description": name}
    if value is not None:
        kwargs["value"] = value
    return _widgets().Dropdown(**kwargs)


def checkbox(name, value=True):
    """Return a toggle (``ipywidgets.Checkbox``), e.g. for an explicit bias.

    Parameters
    ----------
    name : str
        The checkbox's description (the parameter it sets).
    value : bool, default=True
        The start value.

    Returns
    -------
    ipywidgets.Checkbox
    """
    return _widgets().Checkbox(value=bool(value), description=name)


# --- rendering ----------------------------------------------------------------------------------


def render_message(ax, exc):
    """Write an exception's type and message into ``ax`` (how a failed fit shows in a panel).

    Parameters
    ----------
    ax : matplotlib Axes
    exc : BaseException or str

    Returns
    -------
    matplotlib.text.Text
    """
    text = exc if isinstance(exc, str) else f"{type(exc).__name__}: {exc}"
    text = "\n".join(textwrap.wrap(text, width=48)) or "(no message)"
    return ax.text(
        0.5,
        0.5,
        text,
        transform=ax.transAxes,
        ha="center",
        va="center",
        fontsize=9,
        zorder=10,
        gid="message",
        wrap=True,
        bbox={"facecolor": "white", "edgecolor": COLORS["breakpoint"], "alpha": 0.9},
    )


def _draw_data(ax, X, y):
    """Draw the training sample alone (what the panel shows under a failure message)."""
    X = np.asarray(X, dtype=np.float64)
    if X.ndim == 2 and X.shape[1] == 2:
        scatter_classes(ax, X, np.asarray(y))
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
    else:
        ax.scatter(X.ravel(), np.asarray(y), s=30, c=COLORS["positive"], gid="data")
        ax.set_xlabel("$x$")
        ax.set_ylabel("$y$")


def _fit(estimator, X, y, params):
    return clone(estimator).set_params(**params).fit(X, y)


def _fit_or_message(estimator, X, y, params, ax, title):
    """Refit, or draw the failure into the panel: the common half of the view callbacks.

    Returns ``(model, ax)``; ``model`` is None when the fit raised ``ValueError``, in which case
    ``ax`` already shows the data, the title and the error message.
    """
    with style():
        if ax is None:
            _, ax = plt.subplots()
        try:
            return _fit(estimator, X, y, params), ax
        except ValueError as exc:
            _draw_data(ax, X, y)
            if title is not None:
                ax.set_title(title)
            render_message(ax, exc)
            return None, ax


def _params_title(params):
    return ", ".join(param_title(k, v) for k, v in params.items()) or None


def svc_view(estimator, X, y, ax=None, *, plot_options=None, **params):
    """Refit a classifier with ``params`` and draw it: the redraw callback of :func:`explore_svc`.

    ``clone(estimator).set_params(**params).fit(X, y)``, then ``plots.plot_svc_2d``. A
    ``ValueError`` from the fit (infeasible hard margin, parameter out of range) is drawn as a
    message over the data instead of raised.

    Parameters
    ----------
    estimator : classifier
        A scikit-learn compatible (unfitted or fitted) classifier; it is cloned, never modified.
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    plot_options : dict, optional
        Passed to ``plots.plot_svc_2d`` (e.g. ``{"soft": True}``). A ``title`` there wins over
        the default title listing ``params``.
    **params
        Estimator parameters (``C=..., kernel=..., gamma=...``).

    Returns
    -------
    matplotlib.axes.Axes
    """
    options = {"title": _params_title(params), **(plot_options or {})}
    model, ax = _fit_or_message(estimator, X, y, params, ax, options["title"])
    if model is None:
        return ax
    return plots.plot_svc_2d(model, X, y, ax=ax, **options)


def svr_view(estimator, x, y, ax=None, *, plot_options=None, **params):
    """Refit a regressor with ``params`` and draw it: the redraw callback of :func:`explore_svr`.

    ``clone(estimator).set_params(**params).fit(x.reshape(-1, 1), y)``, then
    ``plots.plot_svr_1d`` with the tube width ``epsilon`` read from the fitted estimator's
    parameters. A ``ValueError`` from the fit is drawn as a message over the data.

    Parameters
    ----------
    estimator : regressor
        A scikit-learn compatible regressor with an ``epsilon`` parameter; it is cloned.
    x : array-like of shape (n_samples,) or (n_samples, 1)
    y : array-like of shape (n_samples,)
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    plot_options : dict, optional
        Passed to ``plots.plot_svr_1d``.
    **params
        Estimator parameters (``C=..., epsilon=..., gamma=...``).

    Returns
    -------
    matplotlib.axes.Axes
    """
    x = np.asarray(x, dtype=np.float64).reshape(-1, 1)
    options = {"title": _params_title(params), **(plot_options or {})}
    model, ax = _fit_or_message(estimator, x, y, params, ax, options["title"])
    if model is None:
        return ax
    epsilon = model.get_params().get("epsilon", 0.0)
    return plots.plot_svr_1d(model, x, y, epsilon=epsilon, ax=ax, **options)


def _draw_or_message(ax, draw, X=None, y=None):
    """Run ``draw(ax)`` in the book's style, on a new Axes when ``ax`` is None; return the Axes.

    A ``ValueError`` from ``draw`` (a parameter out of range) is written into the panel, over the
    data ``X, y`` when given, instead of raised: the common frame of the view callbacks.
    """
    with style():
        if ax is None:
            _, ax = plt.subplots()
        try:
            draw(ax)
        except ValueError as exc:
            if X is not None:
                _draw_data(ax, X, y)
            render_message(ax, exc)
    return ax


def simplify_view(model, X, y, ax=None, *, mmd, phase2=True, legend=True):
    """Simplify a fitted two-class machine at the threshold ``mmd`` and draw both machines.

    The callback of a slider over the MMD threshold ``theta``:
    ``svmbook.simplify.simplify(model, mmd=mmd, phase2=phase2)``, then
    ``plots.plot_simplified_boundary``, titled with ``theta`` and the vector counts (the MMD
    reached, which can be far below ``theta``, is in the simplification's ``report_``). A
    ``ValueError`` (a threshold out of range) is drawn as a message over the data instead of
    raised.

    Parameters
    ----------
    model : fitted classifier
        A two-class SVC fitted on ``X, y`` (svmbook's or scikit-learn's); never modified.
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    mmd : float
        The MMD threshold ``theta`` of the bottom-up method (``simplify``'s ``mmd``).
    phase2 : bool, default=True
        Run Phase II.
    legend : bool, default=True
        Draw the legend (beside the panel).

    Returns
    -------
    matplotlib.axes.Axes
    """

    def draw(ax):
        simplified = simplify(model, mmd=mmd, phase2=phase2)
        n_after = simplified.report_["n_after"]
        title = (f"$\\theta = {math_value(mmd)}$: {len(model.support_)} SVs $\\to$ {n_after} "
                 "vectors")
        plots.plot_simplified_boundary(model, simplified, X, y, ax=ax, title=title,
                                       legend=legend)  # fmt: skip

    return _draw_or_message(ax, draw, X, y)


def _circle(radius):
    """Return ``X -> (values, gradients)`` of ``|x|^2 - radius^2`` (the circle ``|x| = radius``)."""

    def fun(X):
        return np.sum(X**2, axis=1) - radius**2, 2.0 * X

    return fun


def foot_view(s, ax=None, *, radius=1.0, start_angle=0.5, n_iter=15, legend=True):
    """Iterate the foot of the perpendicular from ``(s, 0)`` to a circle, and draw the iterates.

    The callback of a slider over the point's distance ``s`` from the centre: the curve is the
    circle ``|x| = radius`` (``f(x) = |x|^2 - radius^2``), the iteration
    :func:`svmbook.input_margin.foot_of_perpendicular` starts on the circle at the angle
    ``start_angle``, and ``plots.plot_foot_iteration`` draws it. By Akaho (2002), Proposition 1,
    the nearest foot ``(radius, 0)`` is stable exactly when ``0 < s < 2 radius``; the title
    says which side of that bound ``s`` lies. A ``ValueError`` (a non-positive ``s`` or
    ``radius``) is drawn as a message instead of raised.

    Parameters
    ----------
    s : float
        The point's distance from the centre, ``> 0`` (not the book's offset ``rho``).
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    radius : float, default=1.0
        The circle's radius.
    start_angle : float, default=0.5
        The angle (radians) of the start ``x^[0]`` on the circle.
    n_iter : int, default=15
        Updates of the iteration.
    legend : bool, default=True
        Draw the legend (beside the panel).

    Returns
    -------
    matplotlib.axes.Axes
    """

    def draw(ax):
        r, R = check_positive("s", s), check_positive("radius", radius)
        x = np.array([[r, 0.0]])
        start = R * np.array([[np.cos(start_angle), np.sin(start_angle)]])
        path = foot_of_perpendicular(_circle(R), x, start, max_iter=check_int("n_iter", n_iter, 1),
                                     tol=1e-12, warn=False).path[:, 0]  # fmt: skip
        regime = "stable" if r < 2.0 * R else "unstable"
        title = (f"$s = {math_value(r)}$, $R = {math_value(R)}$: "
                 f"$|1 - s/R| = {abs(1.0 - r / R):.2f}$ ({regime})")
        plots.plot_foot_iteration(_circle(R), x[0], path, foot=(R, 0.0), ax=ax, title=title,
                                  legend=legend)  # fmt: skip

    return _draw_or_message(ax, draw)


def input_margin_step_view(model, X, y, ax=None, *, step, legend=True):
    """Draw step ``step`` of a fitted ``InputMarginSVC`` and, beside it, the margins of all steps.

    The callback of a step slider: ``plots.plot_algorithm_step`` (boundary, foot estimates,
    support vectors and the estimated margin of that step) and, in an inset below the legend,
    ``plots.plot_step_margins`` with that step ringed. Nothing is refitted. A step out of range is
    drawn as a message over the data instead of raised.

    Parameters
    ----------
    model : InputMarginSVC
        Fitted on ``X, y``.
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    step : int
        The step, 0 (the SVM) to ``len(model.steps_) - 1``.
    legend : bool, default=True
        Draw the legend (beside the panel).

    Returns
    -------
    matplotlib.axes.Axes
        The step's panel (the inset is its child).
    """

    def draw(ax):
        plots.plot_algorithm_step(model, X, y, step, ax=ax, legend=legend)
        inset = ax.inset_axes([1.12, 0.0, 0.55, 0.38])
        plots.plot_step_margins(model.margins_, best_step=model.best_step_, current=step,
                                ax=inset, legend=False)  # fmt: skip
        inset.set_ylabel("margin")

    return _draw_or_message(ax, draw, X, y)


def smooth_view(estimator, X, y, ax=None, *, legend=True, grid_resolution=200, circle="margin",
                **params):  # fmt: skip
    """Refit a smooth SVM with ``params`` and draw it with its reduced set, if it has one.

    The callback of a slider over the reduced-set size ``m`` (or ``C``, ``gamma``, ...):
    ``clone(estimator).set_params(**params).fit(X, y)`` (a new fit at every call), then
    ``plots.plot_smooth_boundary`` with the fitted ``reduced_set_`` of a reduced estimator
    (:class:`svmbook.reduced.RSVC`; a full-kernel :class:`svmbook.reduced.SSVC` has none),
    titled with ``params`` (``reduced_size`` written ``$m$``) and the training accuracy. A
    ``ValueError`` from the fit (a reduced size out of range) is drawn as a message over the
    data instead of raised.

    Parameters
    ----------
    estimator : classifier
        :class:`svmbook.reduced.RSVC` or :class:`svmbook.reduced.SSVC` (unfitted or fitted); it
        is cloned, never modified.
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
    ax : matplotlib Axes, optional
        Where to draw; a new figure is created when None.
    legend : bool, default=True
        Draw the legend (beside the panel).
    grid_resolution : int, default=200
        Grid points per axis for the decision values.
    circle : {"margin", "errors"}, default="margin"
        Which training points ``plots.plot_smooth_boundary`` circles: ``y f(x) < 1`` or
        ``y f(x) < 0``.
    **params
        Estimator parameters (``reduced_size=..., C=..., gamma=...``).

    Returns
    -------
    matplotlib.axes.Axes
    """
    # the book writes the reduced-set size m: a title in symbols, not the code's identifier
    title = _params_title({("$m$" if k == "reduced_size" else k): v for k, v in params.items()})
    model, ax = _fit_or_message(estimator, X, y, params, ax, title)
    if model is None:
        return ax
    # a reduced estimator has the parameter reduced_size; a full-kernel one's basis is all of X
    reduced = model.reduced_set_ if "reduced_size" in model.get_params() else None
    accuracy = f"training accuracy {model.score(X, y):.3f}"
    title = accuracy if title is None else f"{title}: {accuracy}"
    return plots.plot_smooth_boundary(model, X, y, reduced_set=reduced, circle=circle, ax=ax,
                                      title=title, legend=legend,
                                      grid_resolution=grid_resolution)  # fmt: skip


# --- explorers ----------------------------------------------------------------------------------


def _redraw(plot_fn, values):
    """One widget update: a fresh figure, ``plot_fn(ax=ax, **values)``, displayed, then closed.

    A ``ValueError`` raised by ``plot_fn`` becomes a message in the panel.
    """
    from IPython.display import display

    with style():
        fig, ax = plt.subplots()
        try:
            plot_fn(ax=ax, **values)
        except ValueError as exc:
            render_message(ax, exc)
    display(fig)
    plt.close(fig)  # displayed as an image; keep pyplot from holding (and re-showing) it
    return fig


def _control(name, spec):
    """Expand the shorthand ``(low, high, "log")`` or ``(low, high, "log", value)`` to a slider."""
    if isinstance(spec, tuple) and len(spec) in (3, 4) and spec[2] == "log":
        value = spec[3] if len(spec) == 4 else None
        return log_slider(name, spec[0], spec[1], value)
    return spec


def explore(plot_fn, /, **controls):
    """Put controls on a plotting function: ``ipywidgets.interactive``, or nothing when static.

    Parameters
    ----------
    plot_fn : callable
        ``plot_fn(ax=ax, **values)`` draws one panel, e.g. ``plots.plot_losses`` or
        ``functools.partial(svc_view, estimator, X, y)``.
    **controls
        One per keyword of ``plot_fn`` that varies: an ipywidgets widget (see :func:`log_slider`,
        :func:`float_slider`, :func:`int_slider`, :func:`dropdown`, :func:`checkbox`), an
        ``interact`` shorthand (``(0.0, 1.0)``, a list of options, a bool), ``ipywidgets.fixed``,
        or ``(low, high, "log")`` / ``(low, high, "log", value)`` for a :func:`log_slider`.

    Returns
    -------
    ipywidgets.interactive or None
        None, with no output at all, when :func:`is_static`; else the displayed widget (its
        ``children`` are the controls followed by the output area). It is already displayed:
        end the cell with ``;`` (or assign the result) so Jupyter does not show it twice.
    """
    if is_static():
        return None
    from IPython.display import display

    widgets = _widgets()

    def update(**values):
        _redraw(plot_fn, values)

    controls = {name: _control(name, spec) for name, spec in controls.items()}
    widget = widgets.interactive(update, **controls)
    display(widget)
    return widget


_EXPLORER_DOCS = {
    "returns_explorer": """Returns
-------
ipywidgets.interactive or None
    As :func:`explore`.""",
}


@shared_docs(_EXPLORER_DOCS)
def explore_svc(estimator, X, y, *, plot_options=None, **param_controls):
    """Explore a classifier on 2-D data: each change refits a clone and redraws ``plot_svc_2d``.

    The callback is :func:`svc_view`.

    Parameters
    ----------
    estimator : classifier
        e.g. ``svmbook.SVC(kernel="rbf")`` or ``sklearn.svm.SVC``.
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
    plot_options : dict, optional
        Passed to ``plots.plot_svc_2d``.
    **param_controls
        Controls for estimator parameters, e.g. ``C=log_slider("C", 1e-3, 1e3, 1.0)``,
        ``kernel=dropdown("kernel", {"linear": "linear", "rbf": "rbf"})``.

    {returns_explorer}
    """
    view = functools.partial(svc_view, estimator, X, y, plot_options=plot_options)
    return explore(view, **param_controls)


@shared_docs(_EXPLORER_DOCS)
def explore_svr(estimator, x, y, *, plot_options=None, **param_controls):
    """Explore a 1-D regression: each change refits a clone and redraws ``plot_svr_1d``.

    The callback is :func:`svr_view`. The tube drawn is the fitted estimator's ``epsilon`` (a
    control named ``epsilon`` moves it).

    Parameters
    ----------
    estimator : regressor
        e.g. ``svmbook.SVR(kernel="rbf")`` or ``sklearn.svm.SVR``.
    x : array-like of shape (n_samples,) or (n_samples, 1)
    y : array-like of shape (n_samples,)
    plot_options : dict, optional
        Passed to ``plots.plot_svr_1d``.
    **param_controls
        Controls for estimator parameters, e.g. ``epsilon=float_slider("epsilon", 0, 1, 0.5)``.

    {returns_explorer}
    """
    view = functools.partial(svr_view, estimator, x, y, plot_options=plot_options)
    return explore(view, **param_controls)


@shared_docs(_EXPLORER_DOCS)
def explore_losses(*, epsilon=0.5, delta=1.0):
    """Explore Gunn's Fig. 5.1: sliders for ``epsilon`` and ``delta`` on ``plots.plot_losses``.

    Parameters
    ----------
    epsilon : float, default=0.5
        Start value of the epsilon-insensitive loss's tube half-width.
    delta : float, default=1.0
        Start value of Huber's width (Gunn's mu in (5.17)).

    {returns_explorer}
    """
    if is_static():
        return None
    return explore(
        plots.plot_losses,
        epsilon=float_slider("epsilon", 0.0, 2.0, epsilon, step=0.05),
        delta=float_slider("delta", 0.05, 2.0, delta, step=0.05),
    )
