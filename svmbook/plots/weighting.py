"""Figures of the chapter on weighted SVMs and thresholds (Goodrich 2012, chapter 4).

Each function takes data and what was fitted (a normal ``w``, thresholds, the geometry of a fitted
machine from :func:`svmbook.thresholds.linear_wsvm_geometry` or
:func:`svmbook.thresholds.linear_csvm_thresholds`) and draws it; nothing here fits. Offsets are
the book's, *added*: a linear machine with normal ``w`` predicts ``sign(w . x + b)``, so the
decision line of offset ``b`` is ``{x : w . x = -b}`` (Goodrich (2012) writes ``w . x - b``, with
his threshold the negative of ours). Artists carry a ``gid``:
``"wrch"``, ``"nearest_points"``, ``"threshold_<name>"``, ``"kkt_interval"``, ``"margins"``,
``"support_vectors"``, ``"sigmoid"``, ...
"""

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Polygon

from svmbook._validation import (
    check_labels_pm1,
    check_option,
    check_positive,
    check_sample_weight,
)
from svmbook.hull import wrch_polygon
from svmbook.plots._style import (
    COLORS,
    MARKERS,
    MAX_WEIGHT_AREA,
    OKABE_ITO,
    POINT_SIZE,
    circle_support_vectors,
    draw_line,
    draw_margin,
    draw_polygon,
    get_ax,
    label_axes,
    padded_limits,
    ring_points,
    styled,
    two_class_points,
    window,
)
from svmbook.thresholds import platt_fit

__all__ = [
    "THRESHOLD_STYLES",
    "plot_c_threshold",
    "plot_platt_fit",
    "plot_strategy_errors",
    "plot_threshold_path",
    "plot_thresholds",
    "plot_weighted_svm",
]


THRESHOLD_STYLES = {
    "geometric": ("black", "-"),
    "kkt": (OKABE_ITO[2], "--"),
    "platt": (OKABE_ITO[4], "-."),
    "mu_kkt": (OKABE_ITO[3], ":"),
}
"""Colour and line style of each kind of threshold, matched by name: "platt", "mu-svm" (the
mu-SVM's KKT threshold next to a C-SVM's), "geom", "kkt"."""


_OTHER_STYLES = ((OKABE_ITO[3], ":"), (OKABE_ITO[5], (0, (5, 1, 1, 1))), (OKABE_ITO[7], ":"))


def _threshold_style(name, k):
    r"""(colour, linestyle) of the k-th threshold called ``name``.

    The name is matched without mathtext markup, so ``"$\mu$-SVM KKT"`` is the mu-SVM's style.
    """
    low = name.lower().replace("$", "").replace("\\", "")
    for key, style in (("platt", "platt"), ("mu-svm", "mu_kkt"), ("geom", "geometric")):
        if key in low:
            return THRESHOLD_STYLES[style]
    if "kkt" in low:
        return THRESHOLD_STYLES["kkt"]
    return _OTHER_STYLES[k % len(_OTHER_STYLES)]


def _slug(name):
    """``"C-SVM KKT $b$"`` -> ``"c_svm_kkt_b"`` (for gids)."""
    return "_".join("".join(c if c.isalnum() else " " for c in name.lower()).split())


def _scatter_weighted(ax, X, y, s, point_size=POINT_SIZE, alpha=1.0):
    """Both classes, marker area proportional to the weight (capped), weight-0 points hollow."""
    area = point_size * np.clip(s, 0.0, MAX_WEIGHT_AREA)
    for cls, key, name in ((1.0, "positive", "$+1$"), (-1.0, "negative", "$-1$")):
        live = (y == cls) & (s > 0)
        if np.any(live):
            ax.scatter(
                X[live, 0],
                X[live, 1],
                s=area[live],
                c=COLORS[key],
                marker=MARKERS[key],
                edgecolors="white",
                linewidths=0.5 if point_size >= 10 else 0.0,
                alpha=alpha,
                label=f"class {name}",
                zorder=3,
                gid=f"class_{key}",
            )
        dead = (y == cls) & (s <= 0)
        if np.any(dead):
            ring_points(
                ax,
                X[dead],
                COLORS[key],
                size=point_size,
                lw=0.8,
                zorder=3,
                marker=MARKERS[key],
                gid=f"class_{key}_weight0",
            )


def _band(ax, w, lo, hi, xlim, ylim, *, gid, label):
    """Shade ``{x : lo <= w . x <= hi}`` inside the window (infinite ends clipped to it).

    The band of offsets ``b in [b_lo, b_hi]`` is ``lo = -b_hi``, ``hi = -b_lo``.
    """
    corners = np.array(
        [[xlim[0], ylim[0]], [xlim[0], ylim[1]], [xlim[1], ylim[0]], [xlim[1], ylim[1]]]
    )
    proj = corners @ w
    span = float(proj.max() - proj.min()) + 1.0
    lo = max(float(lo), float(proj.min()) - span)
    hi = min(float(hi), float(proj.max()) + span)
    if hi < lo:
        return None
    unit = w / float(w @ w)
    d = np.array([-w[1], w[0]]) / np.sqrt(float(w @ w))
    far = 10.0 * (xlim[1] - xlim[0] + ylim[1] - ylim[0])
    a, b = unit * lo, unit * hi
    poly = Polygon(
        [a - far * d, a + far * d, b + far * d, b - far * d],
        closed=True,
        facecolor=THRESHOLD_STYLES["kkt"][0],
        alpha=0.15,
        edgecolor="none",
        hatch="//",
        zorder=0.5,
        label=label,
    )
    poly.set_gid(gid)
    ax.add_patch(poly)
    return poly


@styled
def plot_thresholds(
    X,
    y,
    w,
    thresholds,
    *,
    interval=None,
    margins=None,
    support=None,
    ax=None,
    xlim=None,
    ylim=None,
    title=None,
    xlabel="$x_1$",
    ylabel="$x_2$",
    legend=True,
    legend_loc="best",
):
    r"""Parallel decision lines of one linear classifier under several thresholds (Figs. 4.11-4.14).

    The normal ``w`` fixes the direction; each offset ``b`` (added) gives the line
    ``w . x + b = 0``. Styles: geometric solid black, KKT dashed green, Platt dash-dotted purple
    (:data:`THRESHOLD_STYLES`, matched by name), others dotted.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    w : array-like of shape (2,)
        The normal (non-zero).
    thresholds : dict
        ``{name: b}``, e.g. ``{"KKT": 0.3, "geometric": 0.1, "Platt": 0.2}``.
    interval : (float, float), optional
        ``(lo, hi)``: shade the band of the lines of the KKT-consistent offsets
        ``lo <= b <= hi`` (Fig. 4.12; an infinite end is clipped to the window, Fig. 4.13).
    margins : sequence of float, optional
        Offsets ``c`` of further lines ``w . x + c = 0`` drawn dotted black (the supporting
        planes ``w . x + b = +-rho`` are ``c = b -+ rho``).
    support : array-like of int, optional
        Indices of support vectors to circle.
    {ax}
    {window}
    {title_labels}
    {legend}
    legend_loc : str, default="best"

    {returns_ax}
    """
    X, y = two_class_points(X, y, pm1=True)
    w = np.asarray(w, dtype=np.float64)
    if w.shape != (2,) or not np.all(np.isfinite(w)) or not float(w @ w) > 0:
        raise ValueError(f"w must be a finite non-zero vector of shape (2,), got {w!r}")
    if not isinstance(thresholds, dict) or not thresholds:
        raise ValueError("thresholds must be a non-empty dict {name: b}")
    for name, b in thresholds.items():
        if not np.isfinite(b):
            raise ValueError(f"threshold {name!r} must be finite, got {b}")
    ax = get_ax(ax)
    xlim, ylim = window(X, 0.1, xlim=xlim, ylim=ylim)
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    if interval is not None:
        lo, hi = map(float, interval)
        if not lo <= hi:
            raise ValueError(f"interval must have lo <= hi, got {interval}")
        _band(ax, w, -hi, -lo, xlim, ylim, gid="kkt_interval", label="KKT-consistent $b$")
    for c in margins if margins is not None else ():
        draw_margin(ax, w, float(c), xlim, ylim)
    for k, (name, b) in enumerate(thresholds.items()):
        color, ls = _threshold_style(name, k)
        gid = f"threshold_{_slug(name)}"
        draw_line(ax, w, float(b), xlim, ylim, color=color, ls=ls, lw=1.5, label=name, gid=gid)
    _scatter_weighted(ax, X, y, np.ones(X.shape[0]))
    if support is not None:
        circle_support_vectors(ax, X[np.asarray(support, dtype=np.int64)])
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    label_axes(ax, xlabel, ylabel, title)
    if legend:
        handles, _ = ax.get_legend_handles_labels()
        if margins is not None and len(margins):
            handles.append(Line2D([], [], color=COLORS["model"], ls=":", label="margins"))
        ax.legend(handles=handles, loc=legend_loc)
    return ax


@styled
def plot_weighted_svm(
    X,
    y,
    geometry,
    mu,
    *,
    thresholds=("geometric",),
    unweighted=False,
    circle_sv=True,
    point_size=POINT_SIZE,
    point_alpha=1.0,
    ax=None,
    xlim=None,
    ylim=None,
    title=None,
    xlabel="$x_1$",
    ylabel="$x_2$",
    legend=True,
):
    r"""Draw a linear weighted mu-SVM as the bisector of its two WRCHs (Figs. 4.17-4.21).

    Draws the picture of a fitted :class:`svmbook.MuSVC` (linear kernel, bounds
    ``alpha_i <= s_i mu``, (4.11)) that :func:`svmbook.thresholds.linear_wsvm_geometry` computed:
    each class's weighted reduced hull (shaded, solid outline), the nearest points (stars) and
    the segment joining them, the decision line of each requested threshold, the points with
    marker areas proportional to their weights, and the support vectors (``alpha_i > 0``)
    circled.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    geometry : svmbook.thresholds.WeightedSVMGeometry
        The fitted machine's geometry (its ``sample_weight`` are the weights drawn).
    mu : float
        The machine's reduction parameter, in (0, 1].
    thresholds : sequence of {"geometric", "kkt"}, default=("geometric",)
        Decision lines to draw (KKT: (4.8); its interval is shaded when it is not a point).
    unweighted : bool, default=False
        Also draw the unweighted RCHs at the same mu, dotted (Fig. 4.20); skipped for a class
        whose RCH would be empty.
    circle_sv : bool, default=True
    point_size : float, default=30
        Marker area of a point of weight 1 (areas grow with the weight, capped at 12 times).
    point_alpha : float, default=1.0
        Opacity of the points (lower it for a thousand points).
    {ax}
    {window}
    title, xlabel, ylabel : str, optional
        The default title gives mu and the distance between the hulls.
    {legend}

    {returns_ax}
    """
    X, y = two_class_points(X, y, pm1=True)
    mu = check_positive("mu", mu)
    geo = geometry
    s = check_sample_weight("geometry.sample_weight", geo.sample_weight, X.shape[0])
    kinds = ("geometric", "kkt")
    thresholds = tuple(check_option("thresholds", name, kinds) for name in thresholds)
    ax = get_ax(ax)
    xlim, ylim = window(X, 0.1, xlim=xlim, ylim=ylim)
    for cls, key in ((1.0, "positive"), (-1.0, "negative")):
        inside = y == cls
        verts = wrch_polygon(X[inside], s[inside], mu)
        draw_polygon(
            ax, verts, color=COLORS[key], fill=COLORS[key], alpha=0.18, gid="wrch", point_marker="*"
        )
        if unweighted and mu * np.count_nonzero(inside) >= 1.0 - 1e-9:
            plain = wrch_polygon(X[inside], np.ones(np.count_nonzero(inside)), mu)
            draw_polygon(ax, plain, color=COLORS[key], ls=":", gid="rch_unweighted")
    ends = np.vstack([geo.p_pos, geo.p_neg])
    ax.plot(
        ends[:, 0], ends[:, 1], color=COLORS["breakpoint"], lw=1.0, zorder=4, gid="nearest_segment"
    )
    ax.plot(
        ends[:, 0],
        ends[:, 1],
        ls="none",
        marker="*",
        markersize=13,
        color="black",
        markerfacecolor="white",
        zorder=6,
        gid="nearest_points",
        label="nearest points",
    )
    if "kkt" in thresholds:
        lo, hi = geo.kkt.b_interval
        corners = np.array([[a, b] for a in xlim for b in ylim]) @ geo.w
        if hi - lo > 2e-3 * float(corners.max() - corners.min()):  # visible at this scale
            _band(ax, geo.w, -hi, -lo, xlim, ylim, gid="kkt_interval", label="KKT-consistent $b$")
    for name in thresholds:
        b = geo.b_geom if name == "geometric" else geo.kkt.b
        color, ls = THRESHOLD_STYLES[name]
        label = "geometric boundary" if name == "geometric" else "KKT boundary"
        gid = f"threshold_{name}"
        draw_line(ax, geo.w, b, xlim, ylim, color=color, ls=ls, lw=1.5, label=label, gid=gid)
    _scatter_weighted(ax, X, y, s, point_size=float(point_size), alpha=float(point_alpha))
    if circle_sv:
        circle_support_vectors(ax, X[geo.support], label=r"$\alpha_i > 0$")
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    label_axes(ax, xlabel, ylabel)
    if title is None:
        title = f"$\\mu$ = 1/{1 / mu:.4g}, distance {np.sqrt(geo.w @ geo.w):.3f}"
    ax.set_title(title)
    if legend:
        ax.legend(loc="best")
    return ax


@styled
def plot_c_threshold(
    X,
    y,
    fit,
    *,
    ax=None,
    xlim=None,
    ylim=None,
    title=None,
    xlabel="$x_1$",
    ylabel="$x_2$",
    legend=True,
    circle_sv=False,
):
    r"""Draw a linear C-SVM's KKT threshold, which leaves the data as C shrinks (Figs. 4.10, 4.15).

    Draws the thresholds of a fitted C-SVM (:func:`svmbook.thresholds.linear_csvm_thresholds`):
    the C-SVM's KKT decision line ``w . x + b = 0``
    (dashed) with its margins ``w . x + b = +-1`` (dotted), the geometric line of the same normal
    (solid), and in the upper left corner the fraction of training points each predicts positive
    (without ``ylim`` the window gets a free strip above the data for it).

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    fit : svmbook.thresholds.CSVMThresholds
        The fitted C-SVM's normal and thresholds.
    {ax}
    {window}
    {title_labels}
    {legend}
    circle_sv : bool, default=False
        Circle the support vectors (at small C nearly every point is one).

    {returns_ax}
    """
    X, y = two_class_points(X, y, pm1=True)
    if not float(fit.w @ fit.w) > 0:
        raise ValueError("fit.w is zero: the C-SVM has no line to draw")
    support = np.flatnonzero(fit.alpha > 0) if circle_sv else None
    if ylim is None:  # a free strip above the data for the fractions' box, so it covers no point
        xlim, ylim = window(X, 0.1, xlim=xlim)
        ylim = (ylim[0], ylim[1] + 0.3 * (ylim[1] - ylim[0]))
    ax = plot_thresholds(
        X,
        y,
        fit.w,
        {"C-SVM KKT $b$": fit.kkt.b, "geometric $b$": fit.b_geom},
        margins=(fit.kkt.b - 1.0, fit.kkt.b + 1.0),
        support=support,
        ax=ax,
        xlim=xlim,
        ylim=ylim,
        title=title,
        xlabel=xlabel,
        ylabel=ylabel,
        legend=legend,
        legend_loc="lower right",
    )
    corners = np.array([[a, b] for a in ax.get_xlim() for b in ax.get_ylim()]) @ fit.w
    off = "" if corners.min() <= -fit.kkt.b <= corners.max() else " (line off the window)"
    ax.text(
        0.02,
        0.98,
        f"predicted $+1$:\nKKT {100 * fit.frac_pos_kkt:.0f}%{off}\n"
        f"geometric {100 * fit.frac_pos_geom:.0f}%",
        transform=ax.transAxes,
        fontsize=8,
        va="top",
        gid="fractions",
        bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.85},
        zorder=10,
    )
    return ax


@styled
def plot_threshold_path(
    C_values,
    fractions,
    *,
    truth=None,
    ylim=(-0.03, 1.03),
    ax=None,
    xlabel="C",
    ylabel="fraction predicted $+1$",
    title=None,
    legend=True,
):
    """Fraction of points predicted positive against C, one line per threshold (log-x).

    Parameters
    ----------
    C_values : array-like of shape (n_values,)
        Positive, increasing or not.
    fractions : dict
        ``{name: array-like of shape (n_values,)}`` with values in [0, 1].
    truth : float, optional
        The true fraction of positives, drawn as a dotted horizontal line.
    ylim : (float, float), default=(-0.03, 1.03)
    {ax}
    {title_labels}
    {legend}

    {returns_ax}
    """
    C_values = np.asarray(C_values, dtype=np.float64)
    if C_values.ndim != 1 or C_values.size == 0 or np.any(~(C_values > 0)):
        raise ValueError("C_values must be a non-empty 1-D array of positive values")
    if not isinstance(fractions, dict) or not fractions:
        raise ValueError("fractions must be a non-empty dict {name: values}")
    ax = get_ax(ax)
    order = np.argsort(C_values)
    for k, (name, values) in enumerate(fractions.items()):
        values = np.asarray(values, dtype=np.float64)
        if values.shape != C_values.shape:
            raise ValueError(f"fractions[{name!r}] must have shape {C_values.shape}")
        if np.any(values < 0) or np.any(values > 1):
            raise ValueError(f"fractions[{name!r}] must lie in [0, 1]")
        color, ls = _threshold_style(name, k)
        (line,) = ax.plot(
            C_values[order], values[order], color=color, ls=ls, marker="o", markersize=4, label=name
        )
        line.set_gid(f"path_{_slug(name)}")
    if truth is not None:
        ax.axhline(
            float(truth), color=COLORS["breakpoint"], ls=":", label="true fraction", gid="truth"
        )
    ax.set_xscale("log")
    ax.set_ylim(*ylim)
    label_axes(ax, xlabel, ylabel, title, legend)
    return ax


@styled
def plot_platt_fit(
    f,
    y,
    *,
    A=None,
    B=None,
    thresholds=None,
    ax=None,
    jitter=0.03,
    random_state=0,
    xlabel="$f(x)$ (threshold omitted)",
    ylabel="$P(y = +1 \\mid f)$",
    title=None,
    legend=True,
):
    r"""Platt's sigmoid over the training decision values, and where it crosses 1/2 (4.3.3).

    Draws the values ``f_i`` at height 1 (positives) or 0 (negatives), slightly jittered, the
    fitted ``P(y=1 | f) = 1 / (1 + exp(A f + B))`` (:func:`svmbook.thresholds.platt_fit` unless
    ``A`` and ``B`` are given), the level 1/2 dotted and the boundary of the probabilistic offset
    ``b = B/A``, at ``f = -B/A``, as a vertical line; ``thresholds`` adds the boundaries
    ``f = -b`` of other offsets.

    Parameters
    ----------
    f : array-like of shape (n_samples,)
        Decision values without threshold.
    y : array-like of shape (n_samples,)
        Labels in {-1, +1}.
    A, B : float, optional
        The sigmoid (both or neither; ``A < 0``).
    thresholds : dict, optional
        ``{name: b}`` of offsets, drawn as vertical lines at ``f = -b`` in
        :data:`THRESHOLD_STYLES`.
    {ax}
    jitter : float, default=0.03
        Vertical jitter of the points.
    random_state : int, default=0
        Seed of the jitter.
    {title_labels}
    {legend}

    {returns_ax}
    """
    y = check_labels_pm1("y", y)
    f = np.asarray(f, dtype=np.float64)
    if f.shape != y.shape:
        raise ValueError(f"f must have the shape of y {y.shape}, got {f.shape}")
    if (A is None) != (B is None):
        raise ValueError("A and B must be given together")
    if A is None:
        A, B = platt_fit(f, y)
    if not A < 0:
        raise ValueError(f"A must be negative (f must rank the classes), got {A}")
    ax = get_ax(ax)
    rng = np.random.default_rng(random_state)
    height = (y > 0).astype(float) + rng.uniform(-jitter, jitter, size=y.shape)
    for cls, key in ((1.0, "positive"), (-1.0, "negative")):
        m = y == cls
        ax.scatter(
            f[m],
            height[m],
            s=14,
            c=COLORS[key],
            marker=MARKERS[key],
            alpha=0.6,
            edgecolors="none",
            gid=f"class_{key}",
            label=f"class ${'+' if cls > 0 else '-'}1$",
        )
    lo, hi = padded_limits(f, pad=0.1)
    grid = np.linspace(lo, hi, 400)
    (curve,) = ax.plot(
        grid,
        1.0 / (1.0 + np.exp(A * grid + B)),
        color=COLORS["model"],
        label=f"sigmoid, A = {A:.3g}, B = {B:.3g}",
    )
    curve.set_gid("sigmoid")
    ax.axhline(0.5, color=COLORS["breakpoint"], ls=":", lw=1.0, gid="half")
    extra = {"Platt $-B/A$": B / A, **(thresholds or {})}  # offsets b: boundaries at f = -b
    for k, (name, b) in enumerate(extra.items()):
        color, ls = _threshold_style(name, k)
        ax.axvline(-float(b), color=color, ls=ls, label=name, gid=f"threshold_{_slug(name)}")
    ax.set_xlim(lo, hi)
    ax.set_ylim(-0.1, 1.1)
    label_axes(ax, xlabel, ylabel, title, legend, loc="center right")
    return ax


@styled
def plot_strategy_errors(
    results,
    *,
    metrics=None,
    reference=None,
    ax=None,
    ylabel="test error",
    title=None,
    legend=True,
):
    """Draw error rates per weighting strategy as grouped bars with standard errors (Table 4.4).

    Parameters
    ----------
    results : dict
        ``{strategy: {metric: array-like of per-run values}}``; every strategy has every metric.
    metrics : sequence of str, optional
        Which metrics to draw and in which order (default: those of the first strategy).
    reference : dict, optional
        ``{strategy: {metric: value}}`` (e.g. the thesis's means), drawn as black ticks.
    {ax}
    ylabel, title : str, optional
    {legend}

    Returns
    -------
    matplotlib.axes.Axes
        Bar heights are the means; error bars the standard errors ``sd / sqrt(runs)`` (none for a
        single run).
    """
    if not isinstance(results, dict) or not results:
        raise ValueError("results must be a non-empty dict {strategy: {metric: values}}")
    strategies = list(results)
    metrics = list(results[strategies[0]]) if metrics is None else list(metrics)
    if not metrics:
        raise ValueError("metrics must not be empty")
    for st in strategies:
        missing = [m for m in metrics if m not in results[st]]
        if missing:
            raise ValueError(f"results[{st!r}] lacks the metrics {missing}")
    ax = get_ax(ax)
    width = 0.8 / len(strategies)
    x = np.arange(len(metrics))
    for k, st in enumerate(strategies):
        runs = [np.asarray(results[st][m], dtype=np.float64).ravel() for m in metrics]
        if any(r.size == 0 for r in runs):
            raise ValueError(f"results[{st!r}] has a metric without values")
        mean = np.array([r.mean() for r in runs])
        se = np.array([r.std(ddof=1) / np.sqrt(r.size) if r.size > 1 else 0.0 for r in runs])
        pos = x - 0.4 + width * (k + 0.5)
        bars = ax.bar(
            pos,
            mean,
            width * 0.9,
            yerr=se,
            capsize=3,
            label=st,
            color=OKABE_ITO[(k + 2) % len(OKABE_ITO)],
            edgecolor="white",
        )
        for patch in bars.patches:
            patch.set_gid(f"bars_{_slug(st)}")
        if reference is not None and st in reference:
            ref = [reference[st].get(m, np.nan) for m in metrics]
            ax.scatter(
                pos,
                ref,
                marker="_",
                s=250,
                color="black",
                zorder=5,
                linewidths=2,
                label="thesis" if k == 0 else None,
                gid=f"reference_{_slug(st)}",
            )
    ax.set_xticks(x)
    ax.set_xticklabels(metrics)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    if legend:
        ax.legend(loc="best")
    return ax
