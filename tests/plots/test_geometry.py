import numpy as np
import pytest

from svmbook import hull, kernels, plots, qp, thresholds
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


def _solve(X, y, mu):
    return qp.mu_svm_dual(X @ X.T, y, mu)


@pytest.mark.parametrize("threshold", ["geometric", "kkt"])
def test_plot_svm_geometry_structure(two_class, threshold):
    X, y = two_class
    ax = plots.plot_svm_geometry(X, y, _solve(X, y, 1 / 3), 1 / 3, threshold=threshold)
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
    # the dotted lines are named for what they are: through the nearest points, or f = +-rho
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    dotted = "through nearest points" if threshold == "geometric" else r"$f = \pm\rho$"
    assert dotted in labels and "reduced hulls" in labels and "margins" not in labels
    ax2 = plots.plot_svm_geometry(
        X, y, _solve(X, y, 0.5), 0.5, show_ch=False, margins=False, legend=False, title="t"
    )
    assert "convex_hull" not in _gids(ax2) and "margins" not in _gids(ax2)
    assert ax2.get_title() == "t"


def test_plot_svm_geometry_draws_the_bisector_of_the_nearest_points(two_class):
    X, y = two_class
    res = _solve(X, y, 0.25)
    ax = plots.plot_svm_geometry(X, y, res, 0.25)
    pos = y > 0
    p_pos, p_neg = res.alpha[pos] @ X[pos], res.alpha[~pos] @ X[~pos]
    w = p_pos - p_neg
    b = thresholds.b_geom(X @ w, y, res.alpha)
    # the boundary w . x + b = 0 halfway between the nearest points; margins through them
    (boundary,) = [ln for ln in ax.lines if ln.get_gid() == "decision_boundary"]
    np.testing.assert_allclose(boundary.get_xydata() @ w, -b)
    assert w @ p_pos + b == pytest.approx(-(w @ p_neg + b))
    margins = [ln.get_xydata() @ w for ln in ax.lines if ln.get_gid() == "margins"]
    np.testing.assert_allclose(np.sort(np.ravel(margins)), [w @ p_neg] * 2 + [w @ p_pos] * 2)
    assert all(ln.get_linestyle() == ":" for ln in ax.lines if ln.get_gid() == "margins")
    # the circled points are the support vectors, the RCH outlines the hulls of Algorithm 5
    (circles,) = [c for c in ax.collections if c.get_gid() == "support_vectors"]
    np.testing.assert_allclose(circles.get_offsets(), X[res.support])
    outlines = [ln.get_xydata()[:-1] for ln in ax.lines if ln.get_gid() == "rch"]
    for cls, outline in zip((1.0, -1.0), outlines, strict=True):
        np.testing.assert_allclose(outline, hull.qrh(X[y == cls], 0.25).vertices)


def test_plot_svm_geometry_bad_input(two_class):
    X, y = two_class
    res = _solve(X, y, 0.5)
    with pytest.raises(ValueError, match="mu must be > 0"):
        plots.plot_svm_geometry(X, y, res, -1.0)
    with pytest.raises(ValueError, match="threshold must be"):
        plots.plot_svm_geometry(X, y, res, 0.5, threshold="platt")
    with pytest.raises(ValueError, match="X must have shape"):
        plots.plot_svm_geometry(X[:, :1], y, res, 0.5)


def test_plot_svm_geometry_in_plot_grid(two_class):
    X, y = two_class

    def panel(inv_mu, ax=None, legend=True):
        return plots.plot_svm_geometry(X, y, _solve(X, y, 1 / inv_mu), 1 / inv_mu, ax=ax)

    fig = plot_grid(panel, "inv_mu", [1, 4], legend=False)
    assert len([a for a in fig.axes if a.get_visible()]) == 2


@pytest.mark.parametrize(("gamma", "threshold"), [(None, "geometric"), (2.0, "kkt"), (50.0, 0.0)])
def test_plot_mu_svm_2d(two_class, gamma, threshold):
    X, y = two_class
    kernel = kernels.linear() if gamma is None else kernels.rbf(gamma=gamma)
    res = qp.mu_svm_dual(kernel(X), y, 0.5)
    ax = plots.plot_mu_svm_2d(X, y, res, kernel, threshold=threshold, grid_resolution=40, title="m")
    assert {"decision_boundary", "support_vectors", "shading"} <= _gids(ax)
    (circles,) = [c for c in ax.collections if c.get_gid() == "support_vectors"]
    np.testing.assert_allclose(circles.get_offsets(), X[res.support])
    assert ax.get_title() == "m"


def test_plot_mu_svm_2d_margins_through_nearest_points(two_class):
    # geometric threshold: the scaled decision function is +-1 at the nearest points
    X, y = two_class
    res = _solve(X, y, 0.5)
    pos = y > 0
    p_pos, p_neg = res.alpha[pos] @ X[pos], res.alpha[~pos] @ X[~pos]
    b = thresholds.b_geom(X @ (p_pos - p_neg), y, res.alpha)
    model = _MuModel(X, res.coef, b, 0.5 * res.w_norm2, lambda A, B: A @ B.T, [])
    np.testing.assert_allclose(
        model.decision_function(np.vstack([p_pos, p_neg])), [1.0, -1.0], atol=1e-9
    )
    with pytest.raises(ValueError, match="threshold must be"):
        plots.plot_mu_svm_2d(X, y, res, kernels.linear(), threshold="bad")


def test_plot_nearest_neighbour(two_class):
    X, y = two_class
    ax = plots.plot_nearest_neighbour(X, y, grid_resolution=30)
    assert "decision_boundary" in _gids(ax) and "support_vectors" not in _gids(ax)


@pytest.mark.parametrize("C", [None, 0.1])
def test_plot_meb(two_class, C):
    X, _ = two_class
    K = X @ X.T
    res = qp.meb_dual(K) if C is None else qp.soft_meb_dual(K, C)
    ax = plots.plot_meb(X, res, C=C)
    gids = _gids(ax)
    assert {"ball", "centre", "points"} <= gids
    assert ("outside" in gids) == (C is not None)
    ball = next(a for a in ax.patches if a.get_gid() == "ball")
    np.testing.assert_allclose(ball.center, res.alpha @ X)
    assert ball.radius == pytest.approx(np.sqrt(res.radius2))
    # the hard ball contains every point
    if C is None:
        d = np.linalg.norm(X - np.asarray(ball.center), axis=1)
        assert d.max() <= ball.radius * (1 + 1e-6)
