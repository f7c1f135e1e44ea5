import matplotlib.pyplot as plt
import numpy as np
import pytest

from svmbook import hull, plots
from svmbook.plots import (
    plot_wrch,
)
from svmbook.plots.hulls import _vertex_directions


def _gids(ax):
    return {a.get_gid() for a in ax.get_children()} - {None}


def _cyclic_same(A, B, tol=1e-9):
    """Same polygon as cyclic sequences (either orientation)."""
    A, B = np.asarray(A), np.asarray(B)
    if A.shape != B.shape:
        return False
    for seq in (B, B[::-1]):
        for shift in range(len(seq)):
            if np.allclose(A, np.roll(seq, shift, axis=0), atol=tol):
                return True
    return False



def test_plot_hull_step():
    P = np.random.default_rng(0).standard_normal((12, 2))
    steps = hull.qrh_steps(P, k=2)
    split = next(t for t, s in enumerate(steps) if s.vertex is not None)
    ax = plots.plot_hull_step(P, steps, split)
    assert {"facet", "new_vertex", "new_facets", "kept", "polygon", "support"} <= _gids(ax)
    assert "split" in ax.get_title()
    final = next(t for t, s in enumerate(steps) if t > 0 and s.vertex is None)
    ax = plots.plot_hull_step(P, steps, final)
    assert "new_vertex" not in _gids(ax) and "final" in ax.get_title()
    assert "initial" in plots.plot_hull_step(P, steps, 0).get_title()
    with pytest.raises(ValueError, match="step must be in"):
        plots.plot_hull_step(P, steps, len(steps))


def test_plot_hull_3d():
    P = np.random.default_rng(0).standard_normal((20, 3))
    h = hull.beneath_beyond(P)
    ax = plots.plot_hull_3d(P, P, h.facets, title="3-D")
    assert ax.get_zlabel() == "$x_3$" and ax.get_title() == "3-D"
    assert any(c.get_gid() == "facets" for c in ax.collections)
    with pytest.raises(ValueError, match="facets must be"):
        plots.plot_hull_3d(P, P, h.facets + 100)
    with pytest.raises(ValueError, match="vertices must have shape"):
        plots.plot_hull_3d(P, P[:, :2], h.facets)
    _, flat = plt.subplots()
    with pytest.raises(ValueError, match="3-D Axes"):
        plots.plot_hull_3d(P, P, h.facets, ax=flat)


def test_plot_extreme_vertex_theorem_3():
    P = np.random.default_rng(3).standard_normal((10, 2))
    ax = plots.plot_extreme_vertex(P, inv_mu=2.5, angle=40)
    assert {"vertex", "support_points", "pushed_plane", "direction", "weights", "rch"} <= _gids(ax)
    weights = sorted(float(t.get_text()) for t in ax.texts if t.get_gid() == "weights")
    np.testing.assert_allclose(weights, [0.2])  # only the light point is labelled
    star = next(c for c in ax.collections if c.get_gid() == "vertex").get_offsets()[0]
    n = np.array([np.cos(np.deg2rad(40)), np.sin(np.deg2rad(40))])
    np.testing.assert_allclose(star, hull.extreme_vertex(P, n, mu=0.4).point)
    assert "m$ = 3" in ax.get_title()
    with pytest.raises(ValueError):
        plots.plot_extreme_vertex(P, 0.01)  # below 1/n


def test_plot_qrh_filters_marks_the_lost_vertex():
    P = np.random.default_rng(25).standard_normal((8, 2))
    ax = plots.plot_qrh_filters(P, k=2)
    lost = next(c for c in ax.collections if c.get_gid() == "lost_vertices")
    assert lost.get_offsets().shape == (1, 2)
    (inset,) = ax.child_axes
    assert inset.get_gid() == "zoom"
    x0, x1 = inset.get_xlim()
    assert x0 < lost.get_offsets()[0, 0] < x1
    assert not plots.plot_qrh_filters(P, k=2, zoom=False).child_axes
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("8 vertices" in s for s in labels) and any("7 vertices" in s for s in labels)
    ax = plots.plot_qrh_filters(np.random.default_rng(1).standard_normal((8, 2)), 1.0)
    assert "lost_vertices" not in _gids(ax)


def test_plot_ksets_fig_3_7_pentagon():
    t = 2 * np.pi * np.arange(5) / 5
    P = np.c_[np.cos(t), np.sin(t)]
    ax = plots.plot_ksets(P, 2)
    assert ax.get_title() == "5 2-sets"
    cuts = [a for a in ax.get_lines() if a.get_gid() == "kset_lines"]
    assert len(cuts) == 5
    hl = next(c for c in ax.collections if c.get_gid() == "highlight")
    assert hl.get_offsets().shape == (2, 2)
    with pytest.raises(ValueError, match="k must be"):
        plots.plot_ksets(P, 5)


def test_vertex_directions_separate_the_ksets():
    P = np.random.default_rng(7).standard_normal((12, 2))
    rch = hull.qrh(P, k=3)
    for d, sup in zip(_vertex_directions(rch.vertices), rch.support, strict=True):
        top = np.argsort(-(P @ d))[:3]
        assert set(top) == set(sup)


def test_plot_symmetry_maps_vertices():
    P = np.random.default_rng(1).standard_normal((6, 2))
    ax = plots.plot_symmetry(P, 2)
    image = next(a for a in ax.get_lines() if a.get_gid() == "rch_image")
    xy = np.c_[image.get_xdata(), image.get_ydata()][:-1]
    assert _cyclic_same(xy, hull.qrh(P, k=4).vertices, tol=1e-9)
    assert len([a for a in ax.get_lines() if a.get_gid() == "rays"]) == 3
    with pytest.raises(ValueError, match="k must be"):
        plots.plot_symmetry(P, 0)


def test_plot_hull_counts():
    x = np.array([1, 1.5, 2, 2.5, 3])
    ax = plots.plot_hull_counts(x, [3, 7, 5, 9, 5], bound=[10, 30, 15, 40, 20], title="t")
    assert {"counts_integer", "counts_fractional", "bound"} <= _gids(ax)
    integer = next(a for a in ax.get_lines() if a.get_gid() == "counts_integer")
    assert integer.get_xdata().tolist() == [1, 2, 3]
    assert ax.get_xlabel() == r"$1/\mu$"
    with pytest.raises(ValueError, match="equal length"):
        plots.plot_hull_counts(x, [1, 2])
    with pytest.raises(ValueError, match="bound must have shape"):
        plots.plot_hull_counts(x, x, bound=[1])


def test_plot_wrch_fig_3_13():
    P = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0]])
    s = [1, 2, 3, 4]
    ax = plots.plot_wrch(P, [1.0, 0.3, 0.1], s, label_points=True)
    lines = [a for a in ax.get_lines() if a.get_gid() == "wrch"]
    assert len(lines) == 3
    # the outlines' vertices are the hull's vertices (Algorithm 7), largest mu first
    for line, mu in zip(lines[:2], (1.0, 0.3), strict=True):
        np.testing.assert_allclose(line.get_xydata()[:-1], hull.wqrh(P, s, mu).vertices)
    # mu = 1/sum(s): the weighted centroid
    np.testing.assert_allclose(
        [lines[-1].get_xdata()[0], lines[-1].get_ydata()[0]], hull.weighted_centroid(P, s)
    )
    # the points keep their index only (no coordinate subscripts) and show their weight
    labels = [t.get_text() for t in ax.texts if t.get_gid() == "point_labels"]
    assert labels == [f"{i} ($s_{{{i}}}$ = {i})" for i in range(1, 5)]
    with pytest.raises(ValueError, match="sample_weight must have shape"):
        plots.plot_wrch(P, 0.5, [1, 2])


def test_plot_wrch_weights_keywords():
    P = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0]])
    ax = plots.plot_wrch_weights(P, [0.5, 0.25], s1=1, s2=2, s3=3, s4=4)
    assert len([a for a in ax.get_lines() if a.get_gid() == "wrch"]) == 2
    # too small a mu for these weights falls back to the weighted centroid
    ax = plots.plot_wrch_weights(P, [0.05], s4=1)
    assert len([a for a in ax.get_lines() if a.get_gid() == "wrch"]) == 1
    with pytest.raises(ValueError, match="weights are s1..s4"):
        plots.plot_wrch_weights(P, 0.5, s5=1)


def test_plot_wrch_draws_hull_ch_and_weighted_points():
    P = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0], [2.0, 1.0]])
    s = np.array([1.0, 2.0, 3.0, 4.0, 0.0])
    ax = plot_wrch(P, 0.25, s)
    gids = _gids(ax)
    assert {"wrch", "convex_hull", "points", "points_weight0"} <= gids
    assert ax.get_xlabel() == "$x_1$" and ax.get_ylabel() == "$x_2$"
    sizes = next(c for c in ax.collections if c.get_gid() == "points").get_sizes()
    np.testing.assert_allclose(sizes / sizes[0], [1, 2, 3, 4])


def test_plot_wrch_at_the_weighted_centroid_draws_a_star():
    P = np.array([[0.0, 0.0], [4.0, 0.0], [0.0, 4.0]])
    ax = plot_wrch(P, 1 / 6, [1, 2, 3])
    (star,) = [line for line in ax.lines if line.get_gid() == "wrch"]
    np.testing.assert_allclose(star.get_xydata()[0], [8 / 6, 12 / 6])


def test_plot_wrch_heavy_point_is_a_vertex_iff_s_mu_at_least_one():
    rng = np.random.default_rng(1)
    P = rng.normal(size=(12, 2))
    P[0] = [5.0, 5.0]
    s = np.ones(12)
    s[0] = 10
    for mu, inside in ((1 / 10, True), (1 / 12, False)):
        ax = plot_wrch(P, mu, s)
        (outline,) = [line for line in ax.lines if line.get_gid() == "wrch"]
        assert np.any(np.all(np.isclose(outline.get_xydata(), P[0]), axis=1)) == inside


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"P": np.zeros((3, 3)), "mu": 0.5}, "shape"),
        ({"P": np.eye(2), "mu": 0.0}, "mu must be > 0"),
        ({"P": np.eye(2), "mu": 0.2}, "empty"),
        ({"P": np.eye(2), "mu": 0.5, "sample_weight": [1.0, -1.0]}, ">= 0"),
        ({"P": np.eye(2), "mu": 0.5, "sample_weight": [1.0]}, "shape"),
    ],
)
def test_plot_wrch_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        plot_wrch(**kwargs)


def test_plot_rch_nested():
    rng = np.random.default_rng(0)
    X = rng.normal([2.0, 2.0], 0.8, (24, 2))
    ax = plots.plot_rch(X, inv_mus=[1, 4, 24], title="nested")
    lines = [a for a in ax.get_lines() if a.get_gid() == "rch"]
    assert len(lines) == 3
    # the outlines are the RCHs' vertices (Algorithm 5), largest mu first
    for line, mu in zip(lines[:2], (1.0, 0.25), strict=True):
        np.testing.assert_allclose(line.get_xydata()[:-1], hull.qrh(X, mu).vertices)
    # mu = 1/24 = 1/n is the centroid: a single marker
    assert len(lines[-1].get_xdata()) == 1
    np.testing.assert_allclose([lines[-1].get_xdata()[0], lines[-1].get_ydata()[0]], X.mean(axis=0))
    assert "convex_hull" in _gids(ax) and "rch_vertices" in _gids(ax)
    with pytest.raises(ValueError, match="exactly one of mus and inv_mus"):
        plots.plot_rch(X)
    with pytest.raises(ValueError, match="shape"):
        plots.plot_rch(np.zeros((3, 3)), mus=[1.0])
