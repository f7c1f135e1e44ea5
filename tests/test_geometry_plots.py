import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest

from svmbook import geometry_plots as gp
from svmbook import hull
from svmbook.plotting import plot_grid

matplotlib.use("Agg")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def two_class():
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal([2.0, 2.0], 0.8, (12, 2)), rng.normal([-1.0, -1.0], 0.8, (12, 2))])
    y = np.repeat([1.0, -1.0], 12)
    return X, y


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


def test_fit_mu_view_geometry(two_class):
    X, y = two_class
    view = gp.fit_mu_view(X, y, 0.25)
    np.testing.assert_allclose(view.w, view.p_pos - view.p_neg)
    np.testing.assert_allclose(view.w @ view.w, view.result.w_norm2, rtol=1e-9)
    # the bisector is halfway between the nearest points
    assert view.w @ view.p_pos - view.b_geom == pytest.approx(view.b_geom - view.w @ view.p_neg)
    assert view.C == pytest.approx(0.25 / view.rho)


@pytest.mark.parametrize("threshold", ["geometric", "kkt"])
def test_plot_svm_geometry_structure(two_class, threshold):
    X, y = two_class
    ax = gp.plot_svm_geometry(X, y, inv_mu=3, threshold=threshold)
    gids = _gids(ax)
    for gid in (
        "convex_hull",
        "rch",
        "decision_boundary",
        "margins",
        "nearest_points",
        "support_vectors",
        "class_positive",
        "class_negative",
    ):
        assert gid in gids
    assert "C =" in ax.get_title() and ax.get_xlabel() == "$x_1$"
    assert ax.get_legend() is not None
    ax2 = gp.plot_svm_geometry(X, y, 0.5, show_ch=False, margins=False, legend=False, title="t")
    assert "convex_hull" not in _gids(ax2) and "margins" not in _gids(ax2)
    assert ax2.get_title() == "t"


def test_plot_svm_geometry_bad_input(two_class):
    X, y = two_class
    with pytest.raises(ValueError, match="exactly one of mu and inv_mu"):
        gp.plot_svm_geometry(X, y)
    with pytest.raises(ValueError, match="exactly one of mu and inv_mu"):
        gp.plot_svm_geometry(X, y, 0.5, inv_mu=2)
    with pytest.raises(ValueError, match="inv_mu must be > 0"):
        gp.plot_svm_geometry(X, y, inv_mu=-1)
    with pytest.raises(ValueError, match="threshold must be"):
        gp.plot_svm_geometry(X, y, 0.5, threshold="platt")
    with pytest.raises(ValueError, match="X must have shape"):
        gp.plot_svm_geometry(X[:, :1], y, 0.5)
    with pytest.raises(ValueError):  # mu below 1/n_class: the hulls are empty
        gp.plot_svm_geometry(X, y, 0.01)


def test_plot_svm_geometry_in_plot_grid(two_class):
    X, y = two_class
    fig = plot_grid(gp.plot_svm_geometry, "inv_mu", [1, 4], X=X, y=y, legend=False)
    assert len([a for a in fig.axes if a.get_visible()]) == 2


def test_plot_rch_nested(two_class):
    X, _ = two_class
    ax = gp.plot_rch(X, inv_mus=[1, 4, 24], title="nested")
    lines = [a for a in ax.get_lines() if a.get_gid() == "rch"]
    assert len(lines) == 3
    # mu = 1/24 = 1/n is the centroid: a single marker
    assert len(lines[-1].get_xdata()) == 1
    np.testing.assert_allclose([lines[-1].get_xdata()[0], lines[-1].get_ydata()[0]], X.mean(axis=0))
    assert "convex_hull" in _gids(ax) and "rch_vertices" in _gids(ax)
    with pytest.raises(ValueError, match="exactly one of mus and inv_mus"):
        gp.plot_rch(X)
    with pytest.raises(ValueError, match="shape"):
        gp.plot_rch(np.zeros((3, 3)), mus=[1.0])


@pytest.mark.parametrize(("gamma", "threshold"), [(None, "geometric"), (2.0, "kkt"), (50.0, 0.0)])
def test_plot_mu_svm_2d(two_class, gamma, threshold):
    X, y = two_class
    ax = gp.plot_mu_svm_2d(X, y, 0.5, gamma=gamma, threshold=threshold, grid_resolution=40)
    assert {"decision_boundary", "support_vectors", "shading"} <= _gids(ax)
    assert "mu" in ax.get_title()


def test_plot_mu_svm_2d_margins_through_nearest_points(two_class):
    # geometric threshold: the scaled decision function is +-1 at the nearest points
    X, y = two_class
    view = gp.fit_mu_view(X, y, 0.5)
    res = view.result
    model = gp._MuModel(X, res.coef, view.b_geom, 0.5 * res.w_norm2, lambda A, B: A @ B.T, [])
    np.testing.assert_allclose(
        model.decision_function(np.vstack([view.p_pos, view.p_neg])), [1.0, -1.0], atol=1e-9
    )
    with pytest.raises(ValueError, match="threshold must be"):
        gp.plot_mu_svm_2d(X, y, 0.5, threshold="bad")


def test_plot_nearest_neighbour(two_class):
    X, y = two_class
    ax = gp.plot_nearest_neighbour(X, y, grid_resolution=30)
    assert "decision_boundary" in _gids(ax) and "support_vectors" not in _gids(ax)


@pytest.mark.parametrize("C", [None, 0.1])
def test_plot_meb(two_class, C):
    X, _ = two_class
    ax = gp.plot_meb(X, C=C)
    gids = _gids(ax)
    assert {"ball", "centre", "points"} <= gids
    assert ("outside" in gids) == (C is not None)
    ball = next(a for a in ax.patches if a.get_gid() == "ball")
    # the hard ball contains every point
    if C is None:
        d = np.linalg.norm(X - np.asarray(ball.center), axis=1)
        assert d.max() <= ball.radius * (1 + 1e-6)
    with pytest.raises(ValueError, match="infeasible"):
        gp.plot_meb(X, C=0.01)


def test_quickhull_steps_reproduce_quickhull2d():
    for seed in range(5):
        P = np.random.default_rng(seed).standard_normal((20, 2))
        steps = gp.quickhull_steps(P)
        assert _cyclic_same(steps[-1].polygon, P[hull.quickhull2d(P)])
        # every split adds one vertex; the step count is 1 + 2 n_v - 2 (splits and final facets)
        n_v = steps[-1].polygon.shape[0]
        assert len(steps) == 2 * n_v - 1
    triangle = gp.quickhull_steps([[0.0, 0.0], [1.0, 0.0], [0.5, 1.0]])  # the guard terminates
    assert triangle[-1].polygon.shape == (3, 2)
    with pytest.raises(ValueError, match="different x"):
        gp.quickhull_steps([[0.0, 0.0], [0.0, 1.0]])


@pytest.mark.parametrize("mu", [1.0, 0.5, 1 / 3, 0.37])
def test_qrh_steps_reproduce_qrh(mu):
    for seed in range(4):
        P = np.random.default_rng(seed).standard_normal((14, 2))
        steps = gp.qrh_steps(P, mu)
        assert _cyclic_same(steps[-1].polygon, hull.qrh(P, mu).vertices, tol=1e-9)
        for st in steps[1:]:
            if st.vertex is not None:
                np.testing.assert_allclose(st.weights @ P[st.support], st.vertex)
                assert st.weights.sum() == pytest.approx(1.0)


def test_qrh_steps_thesis_filter_matches_the_package():
    P = np.random.default_rng(25).standard_normal((8, 2))
    thesis = gp.qrh_steps(P, k=2, filter="thesis")
    assert _cyclic_same(thesis[-1].polygon, hull.qrh(P, k=2, filter="thesis").vertices)
    assert thesis[-1].polygon.shape[0] == 7
    assert gp.qrh_steps(P, k=2, filter="none")[-1].polygon.shape[0] == 8
    with pytest.raises(ValueError, match="filter must be one of"):
        gp.qrh_steps(P, k=2, filter="some")


def test_plot_hull_step():
    P = np.random.default_rng(0).standard_normal((12, 2))
    steps = gp.qrh_steps(P, k=2)
    split = next(t for t, s in enumerate(steps) if s.vertex is not None)
    ax = gp.plot_hull_step(P, steps, split)
    assert {"facet", "new_vertex", "new_facets", "kept", "polygon", "support"} <= _gids(ax)
    assert "split" in ax.get_title()
    final = next(t for t, s in enumerate(steps) if t > 0 and s.vertex is None)
    ax = gp.plot_hull_step(P, steps, final)
    assert "new_vertex" not in _gids(ax) and "final" in ax.get_title()
    assert "initial" in gp.plot_hull_step(P, steps, 0).get_title()
    with pytest.raises(ValueError, match="step must be in"):
        gp.plot_hull_step(P, steps, len(steps))


def test_plot_hull_3d():
    P = np.random.default_rng(0).standard_normal((20, 3))
    h = hull.beneath_beyond(P)
    ax = gp.plot_hull_3d(P, P, h.facets, title="3-D")
    assert ax.get_zlabel() == "$x_3$" and ax.get_title() == "3-D"
    assert any(c.get_gid() == "facets" for c in ax.collections)
    with pytest.raises(ValueError, match="facets must be"):
        gp.plot_hull_3d(P, P, h.facets + 100)
    with pytest.raises(ValueError, match="vertices must have shape"):
        gp.plot_hull_3d(P, P[:, :2], h.facets)
    _, flat = plt.subplots()
    with pytest.raises(ValueError, match="3-D Axes"):
        gp.plot_hull_3d(P, P, h.facets, ax=flat)


def test_plot_extreme_vertex_theorem_3():
    P = np.random.default_rng(3).standard_normal((10, 2))
    ax = gp.plot_extreme_vertex(P, inv_mu=2.5, angle=40)
    assert {"vertex", "support_points", "pushed_plane", "direction", "weights", "rch"} <= _gids(ax)
    weights = sorted(float(t.get_text()) for t in ax.texts if t.get_gid() == "weights")
    np.testing.assert_allclose(weights, [0.2, 0.4, 0.4])
    star = next(c for c in ax.collections if c.get_gid() == "vertex").get_offsets()[0]
    n = np.array([np.cos(np.deg2rad(40)), np.sin(np.deg2rad(40))])
    np.testing.assert_allclose(star, hull.extreme_vertex(P, n, mu=0.4).point)
    assert "m$ = 3" in ax.get_title()
    with pytest.raises(ValueError):
        gp.plot_extreme_vertex(P, 0.01)  # below 1/n


def test_plot_qrh_filters_marks_the_lost_vertex():
    P = np.random.default_rng(25).standard_normal((8, 2))
    ax = gp.plot_qrh_filters(P, k=2)
    lost = next(c for c in ax.collections if c.get_gid() == "lost_vertices")
    assert lost.get_offsets().shape == (1, 2)
    (inset,) = ax.child_axes
    assert inset.get_gid() == "zoom"
    x0, x1 = inset.get_xlim()
    assert x0 < lost.get_offsets()[0, 0] < x1
    assert not gp.plot_qrh_filters(P, k=2, zoom=False).child_axes
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("8 vertices" in s for s in labels) and any("7 vertices" in s for s in labels)
    ax = gp.plot_qrh_filters(np.random.default_rng(1).standard_normal((8, 2)), 1.0)
    assert "lost_vertices" not in _gids(ax)


def test_plot_ksets_fig_3_7_pentagon():
    t = 2 * np.pi * np.arange(5) / 5
    P = np.c_[np.cos(t), np.sin(t)]
    ax = gp.plot_ksets(P, 2)
    assert ax.get_title() == "5 2-sets"
    cuts = [a for a in ax.get_lines() if a.get_gid() == "kset_lines"]
    assert len(cuts) == 5
    hl = next(c for c in ax.collections if c.get_gid() == "highlight")
    assert hl.get_offsets().shape == (2, 2)
    with pytest.raises(ValueError, match="k must be an integer"):
        gp.plot_ksets(P, 5)


def test_vertex_directions_separate_the_ksets():
    P = np.random.default_rng(7).standard_normal((12, 2))
    rch = hull.qrh(P, k=3)
    for d, sup in zip(gp._vertex_directions(rch.vertices), rch.support, strict=True):
        top = np.argsort(-(P @ d))[:3]
        assert set(top) == set(sup)


def test_plot_symmetry_maps_vertices():
    P = np.random.default_rng(1).standard_normal((6, 2))
    ax = gp.plot_symmetry(P, 2)
    image = next(a for a in ax.get_lines() if a.get_gid() == "rch_image")
    xy = np.c_[image.get_xdata(), image.get_ydata()][:-1]
    assert _cyclic_same(xy, hull.qrh(P, k=4).vertices, tol=1e-9)
    assert len([a for a in ax.get_lines() if a.get_gid() == "rays"]) == 3
    with pytest.raises(ValueError, match="k must be an integer"):
        gp.plot_symmetry(P, 0)


def test_plot_hull_counts():
    x = np.array([1, 1.5, 2, 2.5, 3])
    ax = gp.plot_hull_counts(x, [3, 7, 5, 9, 5], bound=[10, 30, 15, 40, 20], title="t")
    assert {"counts_integer", "counts_fractional", "bound"} <= _gids(ax)
    integer = next(a for a in ax.get_lines() if a.get_gid() == "counts_integer")
    assert integer.get_xdata().tolist() == [1, 2, 3]
    assert ax.get_xlabel() == r"$1/\mu$"
    with pytest.raises(ValueError, match="equal length"):
        gp.plot_hull_counts(x, [1, 2])
    with pytest.raises(ValueError, match="bound must have shape"):
        gp.plot_hull_counts(x, x, bound=[1])


def test_plot_wrch_fig_3_13():
    P = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0]])
    s = [1, 2, 3, 4]
    ax = gp.plot_wrch(P, s, [1.0, 0.3, 0.1])
    lines = [a for a in ax.get_lines() if a.get_gid() == "wrch"]
    assert len(lines) == 3
    # mu = 1/sum(s): the weighted centroid
    np.testing.assert_allclose(
        [lines[-1].get_xdata()[0], lines[-1].get_ydata()[0]], hull.weighted_centroid(P, s)
    )
    assert len([t for t in ax.texts if t.get_gid() == "point_labels"]) == 4
    with pytest.raises(ValueError, match="s must have shape"):
        gp.plot_wrch(P, [1, 2], 0.5)


def test_plot_wrch_weights_keywords():
    P = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0]])
    ax = gp.plot_wrch_weights(P, [0.5, 0.25], s1=1, s2=2, s3=3, s4=4)
    assert len([a for a in ax.get_lines() if a.get_gid() == "wrch"]) == 2
    # too small a mu for these weights falls back to the weighted centroid
    ax = gp.plot_wrch_weights(P, [0.05], s4=1)
    assert len([a for a in ax.get_lines() if a.get_gid() == "wrch"]) == 1
    with pytest.raises(ValueError, match="weights are s1..s4"):
        gp.plot_wrch_weights(P, 0.5, s5=1)
