import numpy as np
import pytest

from svmbook import hull, plots
from svmbook.qp import min_norm_wrch
from svmbook.solvers.iterates import nearest_point_iterates, nearest_points
from svmbook.solvers.nearest_point import solve_nearest_point


@pytest.fixture
def toy():
    rng = np.random.default_rng(3)
    X = np.vstack(
        [rng.normal([1.5, 0.9], 1.0, size=(12, 2)), rng.normal([-1.5, -0.9], 1.0, size=(12, 2))]
    )
    y = np.r_[np.ones(12), -np.ones(12)]
    return X, y


def _gids(ax):
    found = {a.get_gid() for a in ax.get_children()}
    found |= {a.get_gid() for a in ax.collections}
    found |= {a.get_gid() for a in ax.lines}
    return found



@pytest.mark.parametrize("kind,method", [("vertex", "sk"), ("vertex", "gilbert"), ("pair", "mdm")])
def test_plot_np_step_draws_the_step(toy, kind, method):
    X, y = toy
    alphas = nearest_point_iterates(X @ X.T, y, 0.3, method, 2)
    ax = plots.plot_np_step(X, y, alphas[0], alphas[1], mu=0.3, kind=kind, title="step")
    gids = _gids(ax)
    assert {"w", "p", "p_new", "slab", "rch_positive", "rch_negative"} <= gids
    assert ("vertex" in gids) == (kind == "vertex")
    assert ax.get_title() == "step" and ax.get_xlabel() == "$x_1$"
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any(("lambda" in t) if kind == "vertex" else ("delta" in t) for t in texts)


def test_plot_np_step_lambda_matches_the_move(toy):
    X, y = toy
    alphas = nearest_point_iterates(X @ X.T, y, 0.3, "sk", 3)
    ax = plots.plot_np_step(X, y, alphas[2], alphas[3], mu=0.3)
    label = [t.get_text() for t in ax.get_legend().get_texts() if "lambda" in t.get_text()][0]
    lam = float(label.split("=")[1].strip(" $"))
    assert 0.0 < lam <= 1.0


def test_plot_np_step_state_only_and_convex_hulls(toy):
    X, y = toy
    alpha = np.full(24, 1 / 12)
    ax = plots.plot_np_step(X, y, alpha, mu=1.0, legend=False)
    gids = _gids(ax)
    assert "hull_positive" in gids and "rch_positive" not in gids and "slab" not in gids
    assert ax.get_legend() is None


def test_plot_np_step_bad_input(toy):
    X, y = toy
    alpha = np.full(24, 1 / 12)
    with pytest.raises(ValueError, match="kind"):
        plots.plot_np_step(X, y, alpha, alpha, kind="bogus")
    with pytest.raises(ValueError, match="alpha"):
        plots.plot_np_step(X, y, alpha[:3])
    with pytest.raises(ValueError, match="X must"):
        plots.plot_np_step(np.zeros((24, 3)), y, alpha)
    with pytest.raises(ValueError, match="y must contain only"):
        plots.plot_np_step(X, np.zeros(24), alpha)
    with pytest.raises(ValueError, match="mu"):
        plots.plot_np_step(X, y, alpha, mu=0.0)


def test_plot_np_path_draws_bisector(toy):
    X, y = toy
    alphas = nearest_point_iterates(X @ X.T, y, 0.3, "sk", 8)
    ax = plots.plot_np_path(X, y, alphas, mu=0.3)
    gids = _gids(ax)
    assert {"path_positive", "path_negative", "decision_boundary", "margins", "w"} <= gids
    path = [line for line in ax.lines if line.get_gid() == "path_positive"][0]
    assert len(path.get_xdata()) == len(alphas)
    # the bisector w . x = (w . p_pos + w . p_neg) / 2 and the margins through the nearest points
    p_pos, p_neg = nearest_points(X, y, alphas[-1])
    w = p_pos - p_neg
    (boundary,) = [line for line in ax.lines if line.get_gid() == "decision_boundary"]
    np.testing.assert_allclose(boundary.get_xydata() @ w, 0.5 * (w @ p_pos + w @ p_neg))
    margins = [line.get_xydata() @ w for line in ax.lines if line.get_gid() == "margins"]
    np.testing.assert_allclose(np.sort(np.ravel(margins)), [w @ p_neg] * 2 + [w @ p_pos] * 2)
    with pytest.raises(ValueError, match="at least one"):
        plots.plot_np_path(X, y, [], mu=0.3)


def test_plot_traces_and_sweep():
    series = {"S-K": ([0, 1, 2, 3], [3.0, 2.0, 1.5, 0.0]), "MDM": ([0, 1], [2.0, 1.0])}
    ax = plots.plot_traces(series, reference=1.0, ylabel="gap", title="t")
    assert ax.get_yscale() == "log" and ax.get_ylabel() == "gap" and ax.get_title() == "t"
    line = [ln for ln in ax.lines if ln.get_gid() == "series_0"][0]
    assert len(line.get_xdata()) == 3  # the zero is left out on a log axis
    assert "reference" in _gids(ax)
    ax = plots.plot_mu_sweep([10, 20, 40], {"SMO": [5, 6, 7], "S-K": [9, 4, 2]})
    assert ax.get_xlabel() == r"$1/\mu$" and len(ax.get_legend().get_texts()) == 2
    with pytest.raises(ValueError, match="non-empty dict"):
        plots.plot_traces({})
    with pytest.raises(ValueError, match="same non-zero length"):
        plots.plot_traces({"a": ([1, 2], [1.0])})
    with pytest.raises(ValueError, match="pair"):
        plots.plot_traces({"a": 3})
    with pytest.raises(ValueError, match="non-empty dict"):
        plots.plot_mu_sweep([1], [1])


def test_plot_min_norm_point(toy):
    X, y = toy
    Z = y[:, None] * X + np.array([0.5, 0.5])
    ref = min_norm_wrch(Z @ Z.T, 0.5)
    ax = plots.plot_min_norm_point(Z, ref.alpha, mu=0.5, labels=y)
    gids = _gids(ax)
    assert {"origin", "min_norm_point", "support_line", "rch", "hull"} <= gids
    a = ref.alpha @ Z
    (point,) = [c for c in ax.collections if c.get_gid() == "min_norm_point"]
    np.testing.assert_allclose(point.get_offsets()[0], a)
    # the supporting line a . z = ||a||^2 through the min-norm point, perpendicular to it
    (line,) = [ln for ln in ax.lines if ln.get_gid() == "support_line"]
    np.testing.assert_allclose(line.get_xydata() @ a, a @ a)
    # the reduced hull's outline has the vertices of RCH(Z, 0.5)
    (rch,) = [ln for ln in ax.lines if ln.get_gid() == "rch"]
    np.testing.assert_allclose(rch.get_xydata()[:-1], hull.qrh(Z, 0.5).vertices)
    ax2 = plots.plot_min_norm_point(Z, ref.alpha, mu=0.5)
    label = [t.get_text() for t in ax2.get_legend().get_texts() if "min-norm" in t.get_text()][0]
    assert f"{np.sqrt(ref.w_norm2):.3f}" in label
    with pytest.raises(ValueError, match="Z must"):
        plots.plot_min_norm_point(np.zeros((3, 3)), ref.alpha[:3])
    with pytest.raises(ValueError, match="empty"):
        plots.plot_min_norm_point(Z, ref.alpha, mu=0.01)
    with pytest.raises(ValueError, match="labels"):
        plots.plot_min_norm_point(Z, ref.alpha, labels=y[:3])


def test_plot_linear_classifiers(toy):
    X, y = toy
    res = solve_nearest_point(X @ X.T, y=y, mu=0.3, method="mdm", tol=1e-6)
    w = res.coef @ X
    ax = plots.plot_linear_classifiers(X, y, {"SVM": (w, res.b_geom), "bias-free": (w, 0.0)})
    gids = _gids(ax)
    assert {"line_0", "line_1", "origin"} <= gids
    assert len(ax.get_legend().get_texts()) == 5
    for k, b in enumerate((res.b_geom, 0.0)):
        (line,) = [ln for ln in ax.lines if ln.get_gid() == f"line_{k}"]
        np.testing.assert_allclose(line.get_xydata() @ w, -b, atol=1e-9)  # w . x + b = 0
    with pytest.raises(ValueError, match="non-zero"):
        plots.plot_linear_classifiers(X, y, {"bad": ([0.0, 0.0], 0.0)})
    with pytest.raises(ValueError, match="non-empty"):
        plots.plot_linear_classifiers(X, y, {})

