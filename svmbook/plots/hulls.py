"""Figures of the hull-algorithm chapter (Goodrich 2012, chapter 3).

Quickhull and QRH step by step (the steps come from :mod:`svmbook.hull.steps`), 3-D hulls, the
extreme vertex of Theorem 3, the corrected QRH filter, k-sets, the symmetry (3.8), vertex counts
and weighted reduced hulls. Each function draws into ``ax`` (a new figure when None) and returns
it.
"""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.lines import Line2D
from mpl_toolkits.mplot3d.art3d import Poly3DCollection

from svmbook._docstrings import shared_docs
from svmbook._validation import (
    check_curve,
    check_int,
    check_mu_or_inverse,
    check_points,
    check_positive,
    check_sample_weight,
)
from svmbook.hull import (
    extreme_vertex,
    qrh,
    quickhull2d,
    symmetric_transform,
    weighted_centroid,
    wrch_min_mu,
    wrch_polygon,
)
from svmbook.hull.steps import facet_normal
from svmbook.plots._style import (
    COLORS,
    MAX_WEIGHT_AREA,
    NEST,
    OKABE_ITO,
    POINT_SIZE,
    docs,
    draw_line,
    draw_polygon,
    finish_axis,
    get_ax,
    label_axes,
    legend_outside,
    mark_star,
    padded_limits,
    plus_points,
    ring_points,
    scatter_points,
    styled,
    window,
)

__all__ = [
    "plot_extreme_vertex",
    "plot_hull_3d",
    "plot_hull_counts",
    "plot_hull_step",
    "plot_ksets",
    "plot_qrh_filters",
    "plot_rch",
    "plot_symmetry",
    "plot_wrch",
    "plot_wrch_weights",
]


@docs
def draw_convex_hull(ax, P, *, color=None, label="convex hull", lw=0.9, zorder=2):
    """Outline the convex hull of 2-D points, dashed (nothing for fewer than 3 points).

    Parameters
    ----------
    {draw_ax}
    P : ndarray of shape (n, 2)
        The points.
    color : colour, optional
        Default: the model's colour (black).
    label : str or None, default="convex hull"
        Legend label.
    lw : float, default=0.9
        Line width.
    zorder : float, default=2
        Drawing order (lower: underneath other outlines).

    Returns
    -------
    matplotlib.lines.Line2D or None
        The outline (gid ``"convex_hull"``), or None when nothing was drawn.
    """
    if P.shape[0] < 3:
        return None
    color = COLORS["model"] if color is None else color
    V = P[quickhull2d(P)]
    return draw_polygon(
        ax, V, color=color, ls="--", lw=lw, gid="convex_hull", label=label, zorder=zorder
    )


@styled
def plot_hull_step(P, steps, step, *, ax=None, title=None, legend=True):
    """One step of :func:`quickhull_steps` / :func:`qrh_steps` (the step-through figure).

    Grey plus marks for P; the subset the call sees as filled dots; the facet ``l -> r`` thick with
    its outward normal; the new vertex ``h`` (a star) with its support points circled and the two
    new facets dashed; the points kept for the next calls ``L`` and ``R`` ringed in two colours; the
    polygon found so far (solid black).

    Parameters
    ----------
    P : array-like of shape (n, 2)
    steps : list of HullStep
    step : int
        Index into ``steps`` (0-based).
    {ax}
    title : str, optional
        Default: the step number and what the step does.
    {legend}

    {returns_ax}
    """
    P = check_points("P", P, n_features=2)
    step = int(step)
    if not 0 <= step < len(steps):
        raise ValueError(f"step must be in [0, {len(steps) - 1}], got {step}")
    st = steps[step]
    ax = get_ax(ax)
    plus_points(ax, P, label="$P$")
    ax.scatter(
        P[st.subset, 0],
        P[st.subset, 1],
        s=22,
        c=COLORS["data"],
        zorder=3,
        gid="subset",
        label="points of the call",
    )
    draw_polygon(ax, st.polygon, color=COLORS["model"], lw=1.2, gid="polygon", label="hull so far")
    ax.plot(
        st.facet[:, 0],
        st.facet[:, 1],
        color=COLORS["negative"],
        lw=3.0,
        zorder=4,
        gid="facet",
        label="facet $l \\to r$",
    )
    mid = st.facet.mean(axis=0)
    nrm = facet_normal(st.facet[0], st.facet[1])
    span = max(np.ptp(P[:, 0]), np.ptp(P[:, 1]))
    if np.any(nrm):
        ax.annotate(
            "",
            xy=mid + 0.12 * span * nrm,
            xytext=mid,
            arrowprops={"arrowstyle": "->", "color": COLORS["negative"], "lw": 1.3},
            gid="normal",
        )
    if st.vertex is not None:
        for part, color, name in ((st.left, OKABE_ITO[2], "$L$"), (st.right, OKABE_ITO[4], "$R$")):
            size = 90 if color == OKABE_ITO[2] else 150
            ring_points(ax, P[part], color, size=size, lw=1.1, gid="kept", label=f"kept for {name}")
        for end in st.facet:
            ax.plot(
                [end[0], st.vertex[0]],
                [end[1], st.vertex[1]],
                color=OKABE_ITO[3],
                ls="--",
                lw=1.3,
                zorder=4,
                gid="new_facets",
            )
        mark_star(ax, st.vertex, gid="new_vertex", label="new vertex $h$")
        if st.support.shape[0] > 1:
            ring_points(
                ax,
                P[st.support],
                OKABE_ITO[3],
                size=40,
                lw=1.2,
                zorder=5,
                marker="s",
                gid="support",
                label="support of $h$",
            )
    if title is None:
        if step == 0:
            title = "step 0: initial vertices $l$, $r$"
        elif st.vertex is None:
            title = f"step {step}: facet is final"
        else:
            title = f"step {step}: split at $h$"
    xlim, ylim = window(P)
    return finish_axis(ax, xlim, ylim, title, legend=legend)


@styled
def plot_rch(
    P, mus=None, *, inv_mus=None, ax=None, show_ch=True, show_vertices=True, title=None, legend=True
):
    """Nested reduced convex hulls of one point set (Figs. 2.9, 3.8, 3.12).

    Points as plus marks, the convex hull dashed, ``RCH(P, mu)`` (Algorithm 5,
    :func:`svmbook.hull.qrh`) for each ``mu`` solid with its vertices as small circles.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    mus : float or sequence of float, optional
        Reduction parameters in ``[1/n, 1]``; or give ``inv_mus`` (``1/mu`` values).
    inv_mus : float or sequence of float, optional
    {ax}
    show_ch : bool, default=True
    show_vertices : bool, default=True
        Mark the RCH vertices (Fig. 2.9's circles).
    {title}
    {legend}

    {returns_ax}
    """
    P = check_points("P", P, n_features=2)
    if (mus is None) == (inv_mus is None):
        raise ValueError("give exactly one of mus and inv_mus")
    mus = (
        [check_mu_or_inverse("mu", None, v) for v in np.atleast_1d(inv_mus)]
        if mus is None
        else [check_mu_or_inverse("mu", v, None) for v in np.atleast_1d(mus)]
    )
    ax = get_ax(ax)
    plus_points(ax, P)
    if show_ch:
        draw_convex_hull(ax, P)
    for t, mu in enumerate(sorted(mus, reverse=True)):
        rch = qrh(P, mu)
        color = NEST[t % len(NEST)]
        draw_polygon(
            ax,
            rch.vertices,
            color=color,
            lw=1.5,
            gid="rch",
            label=rf"$\mu$ = 1/{1 / mu:.4g} ({rch.n_vertices} vertices)",
        )
        if show_vertices:
            ring_points(ax, rch.vertices, color, size=14, lw=0.9, gid="rch_vertices")
    xlim, ylim = window(P)
    return finish_axis(ax, xlim, ylim, title, legend=legend)


@styled
def plot_hull_3d(P, vertices, facets, *, ax=None, title=None, points=True, alpha=0.35):
    """Draw a triangulated 3-D hull (Fig. 3.1b): translucent facets, vertices circled.

    Parameters
    ----------
    P : array-like of shape (n, 3) or None
        The points (drawn as small dots when ``points``); None to draw the hull alone.
    vertices : array-like of shape (n_v, 3)
        Vertex coordinates.
    facets : array-like of shape (n_f, 3), int
        Rows of indices into ``vertices``.
    ax : 3-D matplotlib Axes, optional
        Created (``projection="3d"``) when None.
    {title}
    points : bool, default=True
    alpha : float, default=0.35
        Face opacity.

    Returns
    -------
    mpl_toolkits.mplot3d.axes3d.Axes3D
    """
    V = np.asarray(vertices, dtype=np.float64)
    F = np.asarray(facets, dtype=np.int64)
    if V.ndim != 2 or V.shape[1] != 3:
        raise ValueError(f"vertices must have shape (n_v, 3), got {V.shape}")
    if F.ndim != 2 or F.shape[1] != 3 or (F.size and (F.min() < 0 or F.max() >= V.shape[0])):
        raise ValueError("facets must be rows of 3 indices into vertices")
    if ax is None:
        ax = plt.figure().add_subplot(projection="3d")
    if not hasattr(ax, "zaxis"):
        raise ValueError("ax must be a 3-D Axes (projection='3d')")
    faces = Poly3DCollection(
        V[F], facecolors=OKABE_ITO[5], edgecolors="0.25", linewidths=0.6, alpha=alpha
    )
    faces.set_gid("facets")
    ax.add_collection3d(faces)
    ax.scatter(
        V[:, 0],
        V[:, 1],
        V[:, 2],
        s=30,
        facecolors="none",
        edgecolors="black",
        lw=1.0,
        depthshade=False,
        gid="vertices",
    )
    if P is not None and points:
        P = np.asarray(P, dtype=np.float64)
        ax.scatter(P[:, 0], P[:, 1], P[:, 2], s=6, c=COLORS["data"], depthshade=False, gid="points")
    allp = V if P is None else np.vstack([V, P])
    for setter, col in ((ax.set_xlim, 0), (ax.set_ylim, 1), (ax.set_zlim, 2)):
        setter(*padded_limits(allp[:, col], 0.05))
    label_axes(ax, "$x_1$", "$x_2$")
    ax.set_zlabel("$x_3$")
    if title is not None:
        ax.set_title(title)
    return ax


@styled
def plot_extreme_vertex(
    P, mu=None, angle=0.0, *, inv_mu=None, ax=None, show_rch=True, title=None, legend=True
):
    """Theorem 3: the vertex of ``RCH(P, mu)`` extreme in the direction at ``angle`` (Fig. 3.5).

    The direction ``n = (cos angle, sin angle)`` as an arrow from the centroid; the line
    perpendicular to ``n`` "pushed into" P until ``m = ceil(1/mu)`` points lie on or beyond it;
    those support points circled (weight ``mu``, given in the legend and title, unlabelled so that
    nearby points' labels do not overlap; the light point in orange, labelled with its weight
    ``1 - (m - 1) mu``); the vertex ``v`` (a star) on the RCH outline.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    mu : float, optional
        In ``[1/n, 1]``; or give ``inv_mu``.
    angle : float, default=0.0
        Direction angle in degrees.
    inv_mu : float, optional
    {ax}
    show_rch : bool, default=True
        Outline ``RCH(P, mu)`` (:func:`svmbook.hull.qrh`).
    title : str, optional
        Default: ``mu``, ``m`` and the angle.
    {legend}

    {returns_ax}
    """
    P = check_points("P", P, n_features=2)
    mu = check_mu_or_inverse("mu", mu, inv_mu)
    theta = np.deg2rad(float(angle))
    n = np.array([np.cos(theta), np.sin(theta)])
    v = extreme_vertex(P, n, mu=mu)
    ax = get_ax(ax)
    plus_points(ax, P)
    if show_rch:
        draw_polygon(
            ax,
            qrh(P, mu).vertices,
            color=OKABE_ITO[2],
            lw=1.4,
            gid="rch",
            label=r"RCH$(P, \mu)$",
        )
    xlim, ylim = window(P, 0.2)
    proj = P[v.support] @ n
    level = proj.min()
    draw_line(
        ax, n, -level, xlim, ylim, lw=1.0, ls="-.", color=COLORS["breakpoint"], gid="pushed_plane"
    )
    full = v.weights >= v.weights[0] * (1 - 1e-9)
    colors = [COLORS["positive"] if f else OKABE_ITO[3] for f in full]
    ring_points(ax, P[v.support], colors, size=110, lw=1.4, gid="support_points")
    span = max(np.ptp(P[:, 0]), np.ptp(P[:, 1]))
    for i, lam, c, f in zip(v.support, v.weights, colors, full, strict=True):
        if f:
            continue
        ax.annotate(
            f"{lam:.3g}",
            P[i],
            xytext=(6, 5),
            textcoords="offset points",
            fontsize=7,
            color=c,
            gid="weights",
        )
    c0 = P.mean(axis=0)
    ax.annotate(
        "",
        xy=c0 + 0.25 * span * n,
        xytext=c0,
        arrowprops={"arrowstyle": "->", "color": "black", "lw": 1.4},
        gid="direction",
    )
    mark_star(ax, v.point, gid="vertex", label="vertex $v$", size=170)
    handles = [
        Line2D(
            [],
            [],
            marker="o",
            ls="none",
            mfc="none",
            mec=COLORS["positive"],
            label=r"support, weight $\mu$",
        ),
        Line2D(
            [],
            [],
            marker="o",
            ls="none",
            mfc="none",
            mec=OKABE_ITO[3],
            label=r"light point, $1-(m-1)\mu$",
        ),
    ]
    if title is None:
        title = rf"$\mu$ = {mu:.3g}, $m$ = {v.support.shape[0]}, angle = {float(angle):.0f}°"
    finish_axis(ax, xlim, ylim, title)
    if legend:
        legend_outside(ax, ax.get_legend_handles_labels()[0] + handles)
    return ax


@styled
def plot_qrh_filters(P, mu=None, *, k=None, ax=None, zoom=True, title=None, legend=True):
    """Draw Algorithm 5 with the corrected filter against the printed one.

    The correction is listed in docs/errata.md (goodrich-2012-alg-5). The exact RCH
    (:func:`svmbook.hull.qrh`, ``filter="both"``) solid with its vertices, the printed filter's
    (``filter="thesis"``) dashed, and the vertices the printed filter loses marked with a red ring,
    magnified in an inset.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    mu : float, optional
    k : int, optional
        ``mu = 1/k`` (give one of ``mu``, ``k``).
    {ax}
    zoom : bool, default=True
        Add an inset (lower right) magnifying the first lost vertex, if any.
    title : str, optional
        Default: ``mu`` and what the panel compares.
    {legend}

    {returns_ax}
    """
    P = check_points("P", P, n_features=2)
    exact = qrh(P, mu, k=k)
    printed = qrh(P, mu, k=k, filter="thesis")
    ax = get_ax(ax)
    gap = np.array([np.linalg.norm(printed.vertices - v, axis=1).min() for v in exact.vertices])
    lost = exact.vertices[gap > 1e-9 * max(1.0, np.abs(P).max())]
    xlim, ylim = window(P)
    panels = [ax]
    if zoom and lost.size:
        inset = ax.inset_axes([0.6, 0.04, 0.38, 0.38])
        half = 0.025 * max(np.ptp(P[:, 0]), np.ptp(P[:, 1]))
        inset.set_xlim(lost[0, 0] - half, lost[0, 0] + half)
        inset.set_ylim(lost[0, 1] - half, lost[0, 1] + half)
        inset.set_xticks([])
        inset.set_yticks([])
        inset.set_gid("zoom")
        inset.spines[["top", "right"]].set_visible(True)
        ax.indicate_inset_zoom(inset, edgecolor="0.4")
        panels.append(inset)
    for target in panels:
        main = target is ax
        plus_points(target, P, label="points of $P$" if main else None)
        draw_polygon(
            target,
            exact.vertices,
            color=OKABE_ITO[2],
            lw=2.2,
            label=f"corrected filter ({exact.n_vertices} vertices)" if main else None,
            gid="rch",
        )
        draw_polygon(
            target,
            printed.vertices,
            color="black",
            lw=1.1,
            ls="--",
            label=f"printed filter ({printed.n_vertices} vertices)" if main else None,
            gid="rch_thesis",
        )
        target.scatter(exact.vertices[:, 0], exact.vertices[:, 1], s=14, c=OKABE_ITO[2], zorder=5)
        if lost.size:
            ring_points(
                target,
                lost,
                "red",
                size=220 if main else 400,
                lw=1.8,
                zorder=6,
                gid="lost_vertices",
                label="vertex lost" if main else None,
            )
    if title is None:
        title = rf"RCH$(P, \mu = {exact.mu:.3g})$: Algorithm 5 filters"
    return finish_axis(ax, xlim, ylim, title, legend=legend)


_KSET_DOCS = {
    "kset_input": """P : array-like of shape (n, 2)
    The points.
k : int
    The size of the k-sets, ``1 <= k <= n - 1``.""",
}


def _kset_hull(P, k):
    """Return the checked points, ``k`` and ``RCH(P, 1/k)``, whose vertices are k-set centroids."""
    P = check_points("P", P, n_features=2)
    k = check_int("k", k, 1, P.shape[0] - 1)
    return P, k, qrh(P, k=k)


def _vertex_directions(vertices):
    """Return, per vertex of a convex CCW polygon, a direction in which it alone is extreme.

    The direction is the bisector of the outward normals of the vertex's two edges.
    """
    V = np.asarray(vertices)
    nv = V.shape[0]
    out = np.empty_like(V)
    for i in range(nv):
        prev_edge = V[i] - V[i - 1]
        next_edge = V[(i + 1) % nv] - V[i]
        # outward normal of a CCW edge e: (e_y, -e_x)
        n1 = np.array([prev_edge[1], -prev_edge[0]])
        n2 = np.array([next_edge[1], -next_edge[0]])
        d = n1 / np.linalg.norm(n1) + n2 / np.linalg.norm(n2)
        out[i] = d / np.linalg.norm(d)
    return out


@styled
@shared_docs(_KSET_DOCS)
def plot_ksets(P, k, *, ax=None, highlight=None, title=None, legend=True):
    """Draw the k-sets of P and ``RCH(P, 1/k)`` (Fig. 3.7, Sec. 3.6).

    Each vertex of ``RCH(P, 1/k)`` is the centroid of a k-set (its k support points); a line
    cutting that k-set off from the rest is drawn for each (dashed), the vertices marked, and
    one k-set (``highlight``, a vertex index) circled.

    Parameters
    ----------
    {kset_input}
    {ax}
    highlight : int, optional
        Vertex whose k-set is circled (default 0); -1 for none.
    title : str, optional
        Default: the number of k-sets.
    {legend}

    {returns_ax}
    """
    P, k, rch = _kset_hull(P, k)
    ax = get_ax(ax)
    xlim, ylim = window(P, 0.2)
    if rch.n_vertices >= 3:
        dirs = _vertex_directions(rch.vertices)
        for d in dirs:
            proj = np.sort(P @ d)[::-1]
            cut = 0.5 * (proj[k - 1] + proj[k])
            draw_line(
                ax,
                d,
                -cut,
                xlim,
                ylim,
                lw=0.8,
                ls="--",
                color=COLORS["breakpoint"],
                gid="kset_lines",
            )
    draw_polygon(ax, rch.vertices, color=OKABE_ITO[2], lw=1.6, gid="rch", label=f"RCH$(P, 1/{k})$")
    ax.scatter(
        rch.vertices[:, 0],
        rch.vertices[:, 1],
        s=20,
        c=OKABE_ITO[2],
        zorder=4,
        gid="rch_vertices",
        label="k-set centroids",
    )
    scatter_points(ax, P, COLORS["positive"], label="$P$", size=34)
    highlight = 0 if highlight is None else int(highlight)
    if 0 <= highlight < rch.n_vertices:
        sup = rch.support[highlight]
        ring = {"size": 150, "lw": 1.3, "zorder": 5, "gid": "highlight"}
        ring_points(ax, P[sup], "black", label="one k-set", **ring)
    if title is None:
        title = f"{rch.n_vertices} {k}-sets"
    return finish_axis(ax, xlim, ylim, title, legend=legend)


@styled
@shared_docs(_KSET_DOCS)
def plot_symmetry(P, k, *, ax=None, n_rays=3, title=None, legend=True):
    """Draw eq. (3.8): ``RCH(P, 1/(n-k))`` is ``RCH(P, 1/k)`` reflected and scaled (Fig. 3.11).

    The reflection is through the centroid, the scale ``k/(n-k)``.

    Both hulls, the centroid ``c``, and for ``n_rays`` vertices ``v_a`` the segment through ``c`` to
    their images ``q_a = n/(n-k) c - k/(n-k) v_a`` (:func:`svmbook.hull.symmetric_transform`).

    Parameters
    ----------
    {kset_input}
    {ax}
    n_rays : int, default=3
    title : str, optional
        Default: the two values of ``mu`` and ``n``.
    {legend}

    {returns_ax}
    """
    P, k, big = _kset_hull(P, k)
    n = P.shape[0]
    image = symmetric_transform(big, P)
    c = P.mean(axis=0)
    ax = get_ax(ax)
    plus_points(ax, P)
    draw_polygon(ax, big.vertices, color=OKABE_ITO[2], lw=1.6, gid="rch", label=f"RCH$(P, 1/{k})$")
    draw_polygon(
        ax,
        image.vertices,
        color=OKABE_ITO[4],
        lw=1.6,
        gid="rch_image",
        label=f"RCH$(P, 1/{n - k})$, the reflected image",
    )
    mark_star(ax, c, gid="centroid", label="centroid $c$", size=110, color="black")
    names = "abcdefghij"
    for t in range(min(int(n_rays), big.n_vertices, len(names))):
        v, w = big.vertices[t], image.vertices[t]
        ax.plot(
            [v[0], w[0]],
            [v[1], w[1]],
            color=COLORS["breakpoint"],
            lw=0.8,
            ls=":",
            zorder=2,
            gid="rays",
        )
        ax.annotate(f"$v_{names[t]}$", v, xytext=(4, 4), textcoords="offset points", fontsize=8)
        ax.annotate(f"$q_{names[t]}$", w, xytext=(4, -10), textcoords="offset points", fontsize=8)
    xlim, ylim = window(P)
    if title is None:
        title = rf"$\mu = 1/{k} \leftrightarrow \mu = 1/{n - k}$ (n = {n})"
    return finish_axis(ax, xlim, ylim, title, legend=legend)


@styled
def plot_hull_counts(
    inv_mu,
    counts,
    *,
    ax=None,
    label="vertices",
    bound=None,
    title=None,
    legend=True,
    ylabel="number of vertices $n_v$ (= facets in 2-D)",
):
    """Vertex/facet counts of ``RCH(P, mu)`` against ``1/mu`` (Fig. 3.9).

    Integer ``1/mu`` (k-sets) as filled circles joined by a line, non-integer ones as open squares;
    an optional bound (e.g. (3.4)) dashed.

    Parameters
    ----------
    inv_mu : array-like of shape (m,)
        ``1/mu`` values.
    counts : array-like of shape (m,)
    {ax}
    label : str, default="vertices"
    bound : array-like of shape (m,), optional
    title, ylabel : str, optional
    {legend}

    {returns_ax}
    """
    x, c = check_curve("inv_mu", inv_mu, "counts", counts)
    ax = get_ax(ax)
    integer = np.isclose(x, np.round(x))
    order = np.argsort(x)
    xi, ci = x[order][integer[order]], c[order][integer[order]]
    ax.plot(
        xi,
        ci,
        "o-",
        color=COLORS["positive"],
        ms=4,
        gid="counts_integer",
        label=f"{label}, $1/\\mu = k$",
    )
    if np.any(~integer):
        ax.plot(
            x[~integer],
            c[~integer],
            "s",
            mfc="none",
            color=OKABE_ITO[3],
            ms=5,
            gid="counts_fractional",
            label=f"{label}, $1/\\mu \\in (k, k+1)$",
        )
    if bound is not None:
        bnd = np.asarray(bound, dtype=np.float64)
        if bnd.shape != x.shape:
            raise ValueError(f"bound must have shape {x.shape}, got {bnd.shape}")
        ax.plot(
            x[order], bnd[order], ls="--", color=COLORS["breakpoint"], gid="bound", label="bound"
        )
    label_axes(ax, r"$1/\mu$", ylabel, title, legend)
    return ax


@styled
def plot_wrch(
    P,
    mu,
    sample_weight=None,
    *,
    ax=None,
    color=None,
    convex_hull=True,
    label_points=False,
    title=None,
    legend=True,
):
    r"""Draw weighted reduced convex hulls ``WRCH(P, mu, s)`` (Figs. 3.13, 4.17, 4.20).

    ``WRCH(P, mu, s) = {sum_i alpha_i x_i : sum_i alpha_i = 1, 0 <= alpha_i <= s_i mu}`` (3.10),
    computed by :func:`svmbook.hull.wrch_polygon` (Algorithm 7 inside Algorithm 5): each hull
    solid, the convex hull of the points as a wide grey dashed band underneath (so that it stays
    visible where a hull, e.g. at ``mu = 1``, coincides with it), the points with marker areas
    proportional to their weights (capped at 12 times a unit point; weight-0 points hollow), and
    the weighted centroid (a large black ring, around the star that the hull at ``mu = 1 / sum(s)``
    shrinks to).

    Parameters
    ----------
    P : array-like of shape (n_points, 2)
        The points (one class).
    mu : float or sequence of float
        Reduction parameters, each ``>= 1 / sum(s)``; one hull per value.
    sample_weight : array-like of shape (n_points,), default=None
        Weights ``s_i >= 0`` (None: all 1, the RCH).
    {ax}
    color : colour, optional
        Of the hull when one ``mu`` is given (default: the nested-hull colours).
    convex_hull : bool, default=True
        Also draw the convex hull of the points (dashed, gid ``"convex_hull"``).
    label_points : bool, default=False
        Write the point's number and weight, ``i (s_i = ...)``, next to each point (1-based, as
        the thesis).
    {title}
    legend : bool, default=True
        Draw the legend (to the right of the axes).

    {returns_ax}

    Raises
    ------
    ValueError
        Bad shapes, negative weights, or a ``mu < 1/sum(s)`` (empty hull).
    """
    P = check_points("P", P, n_features=2)
    s = check_sample_weight("sample_weight", sample_weight, P.shape[0])
    mus = sorted((check_positive("mu", m) for m in np.atleast_1d(mu)), reverse=True)
    ax = get_ax(ax)
    if convex_hull:
        draw_convex_hull(ax, P, color="0.6", lw=3.5, zorder=1)
    for t, m in enumerate(mus):
        hull_color = color if color is not None and len(mus) == 1 else NEST[t % len(NEST)]
        draw_polygon(
            ax,
            wrch_polygon(P, s, m),
            color=hull_color,
            lw=1.5,
            gid="wrch",
            label=rf"$\mu$ = {m:.3g}",
            point_marker="*",
        )
    area = POINT_SIZE * np.clip(s, 0.0, MAX_WEIGHT_AREA)
    live = s > 0
    point_color = COLORS["positive"] if color is None else color
    scatter_points(ax, P[live], point_color, size=area[live])
    if np.any(~live):
        ring_points(ax, P[~live], point_color, size=POINT_SIZE, zorder=3, gid="points_weight0")
    centroid = weighted_centroid(P, s)
    # a ring rather than a star: the hull at mu = 1/sum(s) is a star at this very point
    ax.scatter(
        *centroid,
        marker="o",
        s=300,
        facecolors="none",
        edgecolors="black",
        lw=1.2,
        zorder=5,
        gid="weighted_centroid",
        label="weighted centroid (ring)",
    )
    if label_points:
        for i, (p, si) in enumerate(zip(P, s, strict=True)):
            ax.annotate(
                f"{i + 1} ($s_{{{i + 1}}}$ = {si:.3g})",
                p,
                xytext=(5, 5),
                textcoords="offset points",
                fontsize=8,
                gid="point_labels",
            )
    xlim, ylim = window(P, 0.2)
    return finish_axis(ax, xlim, ylim, title, legend=legend)


@docs
def plot_wrch_weights(P, mus, *, ax=None, title=None, legend=True, **weights):
    """:func:`plot_wrch` with the weights as keywords ``s1=..., s2=...`` (one slider per point).

    The live explorer of the weighted hull puts one slider on each ``s_i``; this is its callback.
    Points without a keyword keep weight 1; keyword numbers are 1-based, as in the thesis.

    Parameters
    ----------
    P : array-like of shape (n, 2)
    mus : float or sequence of float
    {ax}
    {title}
    {legend}
    **weights : float
        ``s1``, ..., ``sn``.

    {returns_ax}
    """
    P = check_points("P", P, n_features=2)
    s = np.ones(P.shape[0])
    for key, value in weights.items():
        if not key.startswith("s") or not key[1:].isdigit() or not 1 <= int(key[1:]) <= s.size:
            raise ValueError(f"weights are s1..s{s.size}, got {key!r}")
        s[int(key[1:]) - 1] = float(value)
    lo = wrch_min_mu(s)
    mus = [m for m in np.atleast_1d(mus) if m >= lo * (1 - 1e-12)] or [lo]
    return plot_wrch(P, mus, s, ax=ax, title=title, legend=legend, label_points=True)
