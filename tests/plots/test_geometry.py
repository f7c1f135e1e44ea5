import numpy as np
import pytest

from svmbook import plots
from svmbook.plots import plot_grid
from svmbook.plots.geometry import _MuModel


@pytest.fixture(scope="module")
def two_class():
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal([2.0, 2.0], 0.8, (12, 2)), rng.normal([-1.0, -1.0], 0.8, (12, 2))])
    y = np.repeat([1.0, -1.0], 12)
    return X, y


def _gids(ax):
    return {a.get_gid() for a in ax.get_children()} - {None}



def test_fit_mu_view_geometry(two_class):
    X, y = two_class
    view = plots.fit_mu_view(X, y, 0.25)
    np.testing.assert_allclose(view.w, view.p_pos - view.p_neg)
    np.testing.assert_allclose(view.w @ view.w, view.result.w_norm2, rtol=1e-9)
    # the bisector is halfway between the nearest points
    assert view.w @ view.p_pos - view.b_geom == pytest.approx(view.b_geom - view.w @ view.p_neg)
    assert view.C == pytest.approx(0.25 / view.rho)


@pytest.mark.parametrize("threshold", ["geometric", "kkt"])
def test_plot_svm_geometry_structure(two_class, threshold):
    X, y = two_class
    ax = plots.plot_svm_geometry(X, y, inv_mu=3, threshold=threshold)
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
    ax2 = plots.plot_svm_geometry(X, y, 0.5, show_ch=False, margins=False, legend=False, title="t")
    assert "convex_hull" not in _gids(ax2) and "margins" not in _gids(ax2)
    assert ax2.get_title() == "t"


def test_plot_svm_geometry_bad_input(two_class):
    X, y = two_class
    with pytest.raises(ValueError, match="exactly one of mu and inv_mu"):
        plots.plot_svm_geometry(X, y)
    with pytest.raises(ValueError, match="exactly one of mu and inv_mu"):
        plots.plot_svm_geometry(X, y, 0.5, inv_mu=2)
    with pytest.raises(ValueError, match="inv_mu must be > 0"):
        plots.plot_svm_geometry(X, y, inv_mu=-1)
    with pytest.raises(ValueError, match="threshold must be"):
        plots.plot_svm_geometry(X, y, 0.5, threshold="platt")
    with pytest.raises(ValueError, match="X must have shape"):
        plots.plot_svm_geometry(X[:, :1], y, 0.5)
    with pytest.raises(ValueError):  # mu below 1/n_class: the hulls are empty
        plots.plot_svm_geometry(X, y, 0.01)


def test_plot_svm_geometry_in_plot_grid(two_class):
    X, y = two_class
    fig = plot_grid(plots.plot_svm_geometry, "inv_mu", [1, 4], X=X, y=y, legend=False)
    assert len([a for a in fig.axes if a.get_visible()]) == 2




@pytest.mark.parametrize(("gamma", "threshold"), [(None, "geometric"), (2.0, "kkt"), (50.0, 0.0)])
def test_plot_mu_svm_2d(two_class, gamma, threshold):
    X, y = two_class
    ax = plots.plot_mu_svm_2d(X, y, 0.5, gamma=gamma, threshold=threshold, grid_resolution=40)
    assert {"decision_boundary", "support_vectors", "shading"} <= _gids(ax)
    assert "mu" in ax.get_title()


def test_plot_mu_svm_2d_margins_through_nearest_points(two_class):
    # geometric threshold: the scaled decision function is +-1 at the nearest points
    X, y = two_class
    view = plots.fit_mu_view(X, y, 0.5)
    res = view.result
    model = _MuModel(X, res.coef, view.b_geom, 0.5 * res.w_norm2, lambda A, B: A @ B.T, [])
    np.testing.assert_allclose(
        model.decision_function(np.vstack([view.p_pos, view.p_neg])), [1.0, -1.0], atol=1e-9
    )
    with pytest.raises(ValueError, match="threshold must be"):
        plots.plot_mu_svm_2d(X, y, 0.5, threshold="bad")


def test_plot_nearest_neighbour(two_class):
    X, y = two_class
    ax = plots.plot_nearest_neighbour(X, y, grid_resolution=30)
    assert "decision_boundary" in _gids(ax) and "support_vectors" not in _gids(ax)


@pytest.mark.parametrize("C", [None, 0.1])
def test_plot_meb(two_class, C):
    X, _ = two_class
    ax = plots.plot_meb(X, C=C)
    gids = _gids(ax)
    assert {"ball", "centre", "points"} <= gids
    assert ("outside" in gids) == (C is not None)
    ball = next(a for a in ax.patches if a.get_gid() == "ball")
    # the hard ball contains every point
    if C is None:
        d = np.linalg.norm(X - np.asarray(ball.center), axis=1)
        assert d.max() <= ball.radius * (1 + 1e-6)
    with pytest.raises(ValueError, match="infeasible"):
        plots.plot_meb(X, C=0.01)

