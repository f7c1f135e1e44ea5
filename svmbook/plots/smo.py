"""Figures of the SMO and decomposition chapter: one pair step, traces and benchmarks.

The step's geometry comes from :func:`svmbook.solvers.pair_step.pair_step_geometry`; traces and
benchmark results come from the solvers and :mod:`benchmarks`. Each function draws into ``ax`` (a
new figure when None) and returns it.
"""

import numpy as np
from matplotlib.patches import Rectangle

from svmbook.plots._style import COLORS, get_ax, label_axes, legend_outside, styled
from svmbook.solvers.pair_step import pair_step_geometry

__all__ = [
    "loglog_slope",
    "plot_pair_step",
    "plot_scaling",
    "plot_smo_trace",
    "plot_speedups",
]


@styled
def plot_pair_step(alpha, G, y, K, C, i, j, *, ax=None, contours=True, title=None, legend=True):
    """One SMO step drawn in the ``(alpha_i, alpha_j)`` plane.

    The box ``[0, C_i] x [0, C_j]``, the line ``y_i a_i + y_j a_j = const`` (dashed) and its
    feasible segment (thick), level curves of the dual objective restricted to the plane (the other
    alphas fixed), the old point, the negative gradient there (the arrow), the unconstrained
    optimum along the line (a cross) and the clipped new point.

    Parameters
    ----------
    alpha, G, y : array-like of shape (n,)
        The state before the step: dual variables, gradient ``Q alpha + p``, labels in {-1, +1}.
    K : ndarray of shape (n, n)
        Gram matrix.
    C : float or array-like of shape (n,)
        Upper bounds.
    i, j : int
        The working pair (0-based).
    {ax}
    contours : bool, default=True
        Draw level curves of the objective.
    {title}
    {legend}

    {returns_ax}
    """
    alpha = np.asarray(alpha, dtype=np.float64)
    G = np.asarray(G, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    C = np.broadcast_to(np.asarray(C, dtype=np.float64), alpha.shape)
    if i == j:
        raise ValueError(f"i and j must differ, got i = j = {i}")
    ax = get_ax(ax)  # after the checks: a bad call leaves no empty figure
    s = pair_step_geometry(
        alpha[i], alpha[j], y[i], y[j], G[i], G[j], K[i, i], K[j, j], K[i, j], C[i], C[j]
    )
    Ci, Cj = float(C[i]), float(C[j])
    span = max(Ci, Cj)
    # the panel shows the box, and the unconstrained optimum if it is not too far away
    on_panel = bool(
        np.all(s.unclipped >= -span) and s.unclipped[0] <= Ci + span and s.unclipped[1] <= Cj + span
    )
    pts = np.vstack([[0.0, 0.0], [Ci, Cj]] + ([s.unclipped] if on_panel else []))
    lo = pts.min(axis=0) - 0.15 * span
    hi = pts.max(axis=0) + 0.15 * span

    if contours:
        # objective change in the plane: g' u + u' Q2 u / 2, u = (a_i, a_j) - old
        Q2 = np.array([[K[i, i], y[i] * y[j] * K[i, j]], [y[i] * y[j] * K[i, j], K[j, j]]])
        gi = np.linspace(lo[0], hi[0], 120)
        gj = np.linspace(lo[1], hi[1], 120)
        A, B = np.meshgrid(gi, gj)
        U = np.stack([A - s.old[0], B - s.old[1]])
        Z = s.gradient[0] * U[0] + s.gradient[1] * U[1]
        Z = Z + 0.5 * (Q2[0, 0] * U[0] ** 2 + 2 * Q2[0, 1] * U[0] * U[1] + Q2[1, 1] * U[1] ** 2)
        cs = ax.contour(
            A,
            B,
            Z,
            levels=12,
            colors=COLORS["breakpoint"],
            linewidths=0.6,
            alpha=0.6,
            linestyles="solid",
        )
        cs.set_gid("objective_contours")

    ax.add_patch(Rectangle((0, 0), Ci, Cj, fill=False, edgecolor="black", linewidth=1.2, gid="box"))
    # the whole constraint line across the panel
    d = s.direction
    t_far = 4.0 * span
    line = np.stack([s.old - t_far * d, s.old + t_far * d])
    ax.plot(line[:, 0], line[:, 1], ls="--", lw=0.8, color=COLORS["data"], gid="constraint_line")
    ax.plot(
        s.segment[:, 0],
        s.segment[:, 1],
        lw=3.5,
        color=COLORS["positive"],
        alpha=0.7,
        solid_capstyle="butt",
        label="feasible segment",
        gid="segment",
    )
    # negative gradient at the old point, scaled to a fixed fraction of the box
    g = -s.gradient
    norm = float(np.hypot(*g))
    if norm > 0:
        g = g / norm * 0.3 * span
        ax.annotate(
            "",
            xy=s.old + g,
            xytext=s.old,
            arrowprops=dict(arrowstyle="->", color=COLORS["negative"], lw=1.4),
            gid="gradient",
        )
        ax.plot([], [], color=COLORS["negative"], lw=1.4, label=r"$-\nabla$ objective")
    if on_panel:
        ax.scatter(
            *s.unclipped,
            marker="x",
            s=60,
            color="black",
            zorder=5,
            label="unconstrained optimum",
            gid="unclipped",
        )
    else:
        # the optimum lies far outside the box: point to it from where the line leaves the panel
        ax.scatter([], [], marker="x", s=60, color="black", label="unconstrained optimum")
        u = s.unclipped - s.new
        with np.errstate(divide="ignore", invalid="ignore"):
            reach = np.where(u > 0, (hi - s.new) / u, np.where(u < 0, (lo - s.new) / u, np.inf))
        edge = s.new + 0.97 * float(np.min(reach)) * u
        ax.annotate(
            f"unconstrained optimum\n({s.unclipped[0]:.3g}, {s.unclipped[1]:.3g}), off the panel",
            xy=edge,
            xytext=(0.97, 0.03),
            textcoords="axes fraction",
            ha="right",
            va="bottom",
            fontsize=7,
            arrowprops=dict(arrowstyle="->", color="black", lw=0.8),
            gid="unclipped",
        )
    ax.scatter(
        *s.old, s=60, facecolors="white", edgecolors="black", zorder=5, label="old", gid="old"
    )
    ax.scatter(*s.new, s=60, color="black", zorder=6, label="new (clipped)", gid="new")
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(lo[1], hi[1])
    ax.set_aspect("equal", adjustable="box")
    xlabel = rf"$\alpha_{{{i}}}$  ($y = {int(y[i]):+d}$)"
    label_axes(ax, xlabel, rf"$\alpha_{{{j}}}$  ($y = {int(y[j]):+d}$)", title)
    if legend:
        legend_outside(ax)  # the box fills the axes: any legend inside would hide part of it
    return ax


def loglog_slope(sizes, values):
    """Return the least-squares slope of ``log(values)`` against ``log(sizes)``.

    The slope is the exponent ``s`` of a power law ``values = c sizes^s``.

    Parameters
    ----------
    sizes, values : array-like of shape (m,)
        Positive problem sizes and measured costs, ``m >= 2``.

    Returns
    -------
    float
    """
    sizes = np.asarray(sizes, dtype=np.float64)
    values = np.asarray(values, dtype=np.float64)
    if sizes.shape != values.shape or sizes.size < 2:
        raise ValueError("sizes and values must have the same length, at least 2")
    if np.any(sizes <= 0) or np.any(values <= 0):
        raise ValueError("sizes and values must be positive for a log-log fit")
    return float(np.polyfit(np.log(sizes), np.log(values), 1)[0])


@styled
def plot_scaling(sizes, values, *, label=None, fit=True, ax=None, xlabel="$n$", ylabel="time (s)"):
    """Draw measured cost against problem size on log-log axes, with the fitted power law.

    The fitted line ``c n^s`` is dotted and its slope ``s`` goes into the legend. Call it again on
    the same ``ax`` to compare solvers.

    Parameters
    ----------
    sizes, values : array-like of shape (m,)
        Problem sizes and measured costs (positive).
    label : str, optional
        Legend label of the measurements.
    fit : bool, default=True
        Draw the fitted power law (:func:`loglog_slope`).
    {ax}
    {axis_labels}

    {returns_ax}
    """
    ax = get_ax(ax)
    sizes = np.asarray(sizes, dtype=np.float64)
    values = np.asarray(values, dtype=np.float64)
    (pts,) = ax.plot(sizes, values, marker="o", lw=1.0, label=label, gid="measured")
    if fit:
        slope = loglog_slope(sizes, values)
        c = np.polyfit(np.log(sizes), np.log(values), 1)
        ns = np.geomspace(sizes.min(), sizes.max(), 50)
        ax.plot(
            ns,
            np.exp(np.polyval(c, np.log(ns))),
            ls=":",
            color=pts.get_color(),
            label=f"fit: slope {slope:.2f}",
            gid="fit",
        )
    ax.set_xscale("log")
    ax.set_yscale("log")
    label_axes(ax, xlabel, ylabel, None, True)
    return ax


@styled
def plot_smo_trace(traces, *, optimum=None, ax=None, xlabel="iteration", logx=False):
    """Objective against iteration for one or more solver runs.

    Parameters
    ----------
    traces : dict
        ``label -> (iterations, objectives)``.
    optimum : float, optional
        If given, plot ``objective - optimum`` on a log axis (values below 1e-12 are floored
        there), which shows the convergence rate; else the objective itself.
    {ax}
    xlabel : str, default="iteration"
    logx : bool, default=False

    {returns_ax}
    """
    if not traces:
        raise ValueError("traces must not be empty")
    ax = get_ax(ax)
    for label, (its, objs) in traces.items():
        its = np.asarray(its, dtype=np.float64)
        objs = np.asarray(objs, dtype=np.float64)
        if its.shape != objs.shape:
            raise ValueError(f"trace {label!r}: iterations and objectives differ in length")
        vals = objs if optimum is None else np.maximum(objs - optimum, 1e-12)
        ax.plot(its, vals, lw=1.4, label=str(label), gid=f"trace_{label}")
    if optimum is not None:
        ax.set_yscale("log")
        ax.set_ylabel("objective - optimum")
    else:
        ax.set_ylabel("dual objective")
    if logx:
        ax.set_xscale("log")
    ax.set_xlabel(xlabel)
    ax.legend(loc="best")
    return ax


@styled
def plot_speedups(results, *, solvers=("faithful", "fast"), ax=None, labels=None):
    """Bar chart of speed-ups over scikit-learn from a benchmark result (``make bench`` JSON).

    Parameters
    ----------
    results : list of dict
        The ``"results"`` list of ``benchmarks/results/latest.json``: each has ``"case"`` and
        ``"solvers"`` mapping a solver name to a dict with ``"speedup_vs_sklearn"`` (or
        ``"median_s"``, from which it is computed against ``"sklearn"``).
    solvers : sequence of str, default=("faithful", "fast")
        Bars per case, side by side. Cases without a solver leave its bar out.
    {ax}
    labels : dict, optional
        ``case -> tick label`` (default: the case names).

    {returns_ax}
    """
    if not results:
        raise ValueError("results must not be empty")
    ax = get_ax(ax)
    cases = [r["case"] for r in results]
    width = 0.8 / len(solvers)
    x = np.arange(len(cases))
    for k, name in enumerate(solvers):
        xs, hs = [], []
        for pos, r in zip(x, results, strict=True):
            s = r["solvers"].get(name)
            if s is None:
                continue
            sp = s.get("speedup_vs_sklearn")
            if sp is None:
                sp = r["solvers"]["sklearn"]["median_s"] / s["median_s"]
            xs.append(pos + (k - (len(solvers) - 1) / 2) * width)
            hs.append(sp)
        bars = ax.bar(xs, hs, width=width, label=name, gid=f"bars_{name}")
        ax.bar_label(bars, labels=[f"{h:.1f}x" for h in hs], fontsize=7, padding=1)
    ax.axhline(1.0, color="black", lw=0.8, ls=":", gid="parity")
    ax.set_xticks(x)
    names = [labels.get(c, c) if labels else c for c in cases]
    ax.set_xticklabels(names, rotation=20, ha="right")
    ax.set_ylabel("speed-up over scikit-learn")
    ax.legend(loc="best")
    return ax
