import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest

from svmbook import npa_plots
from svmbook.qp import min_norm_wrch, mu_svm_dual
from svmbook.solvers.nearest_point import solve_nearest_point

matplotlib.use("Agg")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


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


def test_iterates_start_at_centroid_and_follow_the_full_run(toy):
    X, y = toy
    K = X @ X.T
    alphas = npa_plots.iterates(K, y, 0.3, "sk", 5)
    assert len(alphas) == 6
    np.testing.assert_allclose(alphas[0], np.full(24, 1 / 12))
    for a in alphas:
        np.testing.assert_allclose([a[y > 0].sum(), a[y < 0].sum()], [1.0, 1.0], atol=1e-12)
        assert np.all(a <= 0.3 + 1e-12)
    # ||w|| never increases along an S-K run
    norms = [np.sqrt(a * y @ K @ (a * y)) for a in alphas]
    assert np.all(np.diff(norms) <= 1e-9)


def test_iterates_stop_when_converged(toy):
    X, y = toy
    alphas = npa_plots.iterates(X @ X.T, y, 0.3, "mdm", 500, tol=1e-6)
    assert len(alphas) < 501
    ref = mu_svm_dual(X @ X.T, y, 0.3)
    w = (alphas[-1] * y) @ X
    assert np.linalg.norm(w) ** 2 == pytest.approx(ref.w_norm2, rel=1e-4)


def test_iterates_one_class_and_bad_steps(toy):
    X, y = toy
    alphas = npa_plots.iterates(X @ X.T, y, 0.5, "gilbert", 3, one_class=True)
    assert len(alphas) == 4 and alphas[0].sum() == pytest.approx(1.0)
    with pytest.raises(ValueError, match="n_steps"):
        npa_plots.iterates(X @ X.T, y, 0.5, "sk", -1)


def test_nearest_points_and_minkowski(toy):
    X, y = toy
    alpha = np.where(y > 0, 1 / 12, 1 / 12)
    p_pos, p_neg = npa_plots.nearest_points(X, y, alpha)
    np.testing.assert_allclose(p_pos, X[y > 0].mean(axis=0))
    np.testing.assert_allclose(p_neg, X[y < 0].mean(axis=0))
    D, pairs = npa_plots.minkowski_difference(X, y)
    assert D.shape == (144, 2) and pairs.shape == (144, 2)
    np.testing.assert_allclose(D[5], X[pairs[5, 0]] - X[pairs[5, 1]])
    # min-norm point of CH(P_pos - P_neg) = distance between CH(P_pos), CH(P_neg) (oracle 16)
    X2 = X + np.r_[np.full((12, 2), 1.5), np.zeros((12, 2))]
    D2, _ = npa_plots.minkowski_difference(X2, y)
    dist = np.sqrt(min_norm_wrch(D2 @ D2.T).w_norm2)
    assert dist == pytest.approx(np.sqrt(mu_svm_dual(X2 @ X2.T, y, np.inf).w_norm2), rel=1e-5)


@pytest.mark.parametrize("kind,method", [("vertex", "sk"), ("vertex", "gilbert"), ("pair", "mdm")])
def test_plot_np_step_draws_the_step(toy, kind, method):
    X, y = toy
    alphas = npa_plots.iterates(X @ X.T, y, 0.3, method, 2)
    ax = npa_plots.plot_np_step(X, y, alphas[0], alphas[1], mu=0.3, kind=kind, title="step")
    gids = _gids(ax)
    assert {"w", "p", "p_new", "slab", "rch_positive", "rch_negative"} <= gids
    assert ("vertex" in gids) == (kind == "vertex")
    assert ax.get_title() == "step" and ax.get_xlabel() == "$x_1$"
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any(("lambda" in t) if kind == "vertex" else ("delta" in t) for t in texts)


def test_plot_np_step_lambda_matches_the_move(toy):
    X, y = toy
    alphas = npa_plots.iterates(X @ X.T, y, 0.3, "sk", 3)
    ax = npa_plots.plot_np_step(X, y, alphas[2], alphas[3], mu=0.3)
    label = [t.get_text() for t in ax.get_legend().get_texts() if "lambda" in t.get_text()][0]
    lam = float(label.split("=")[1].strip(" $"))
    assert 0.0 < lam <= 1.0


def test_plot_np_step_state_only_and_convex_hulls(toy):
    X, y = toy
    alpha = np.full(24, 1 / 12)
    ax = npa_plots.plot_np_step(X, y, alpha, mu=1.0, legend=False)
    gids = _gids(ax)
    assert "hull_positive" in gids and "rch_positive" not in gids and "slab" not in gids
    assert ax.get_legend() is None


def test_plot_np_step_bad_input(toy):
    X, y = toy
    alpha = np.full(24, 1 / 12)
    with pytest.raises(ValueError, match="kind"):
        npa_plots.plot_np_step(X, y, alpha, alpha, kind="bogus")
    with pytest.raises(ValueError, match="alpha"):
        npa_plots.plot_np_step(X, y, alpha[:3])
    with pytest.raises(ValueError, match="X must"):
        npa_plots.plot_np_step(np.zeros((24, 3)), y, alpha)
    with pytest.raises(ValueError, match="labels"):
        npa_plots.plot_np_step(X, np.zeros(24), alpha)
    with pytest.raises(ValueError, match="mu"):
        npa_plots.plot_np_step(X, y, alpha, mu=0.0)


def test_plot_np_path_draws_bisector(toy):
    X, y = toy
    alphas = npa_plots.iterates(X @ X.T, y, 0.3, "sk", 8)
    ax = npa_plots.plot_np_path(X, y, alphas, mu=0.3)
    gids = _gids(ax)
    assert {"path_positive", "path_negative", "decision_boundary", "margins", "w"} <= gids
    path = [line for line in ax.lines if line.get_gid() == "path_positive"][0]
    assert len(path.get_xdata()) == len(alphas)
    with pytest.raises(ValueError, match="at least one"):
        npa_plots.plot_np_path(X, y, [], mu=0.3)


def test_plot_traces_and_sweep():
    series = {"S-K": ([0, 1, 2, 3], [3.0, 2.0, 1.5, 0.0]), "MDM": ([0, 1], [2.0, 1.0])}
    ax = npa_plots.plot_traces(series, reference=1.0, ylabel="gap", title="t")
    assert ax.get_yscale() == "log" and ax.get_ylabel() == "gap" and ax.get_title() == "t"
    line = [ln for ln in ax.lines if ln.get_gid() == "series_0"][0]
    assert len(line.get_xdata()) == 3  # the zero is left out on a log axis
    assert "reference" in _gids(ax)
    ax = npa_plots.plot_mu_sweep([10, 20, 40], {"SMO": [5, 6, 7], "S-K": [9, 4, 2]})
    assert ax.get_xlabel() == r"$1/\mu$" and len(ax.get_legend().get_texts()) == 2
    with pytest.raises(ValueError, match="non-empty dict"):
        npa_plots.plot_traces({})
    with pytest.raises(ValueError, match="same non-zero length"):
        npa_plots.plot_traces({"a": ([1, 2], [1.0])})
    with pytest.raises(ValueError, match="pair"):
        npa_plots.plot_traces({"a": 3})
    with pytest.raises(ValueError, match="non-empty dict"):
        npa_plots.plot_mu_sweep([1], [1])


def test_plot_min_norm_point(toy):
    X, y = toy
    Z = y[:, None] * X + np.array([0.5, 0.5])
    ax = npa_plots.plot_min_norm_point(Z, mu=0.5, labels=y)
    gids = _gids(ax)
    assert {"origin", "min_norm_point", "support_line", "rch", "hull"} <= gids
    ref = min_norm_wrch(Z @ Z.T, 0.5)
    ax2 = npa_plots.plot_min_norm_point(Z, mu=0.5, alpha=ref.alpha)
    label = [t.get_text() for t in ax2.get_legend().get_texts() if "min-norm" in t.get_text()][0]
    assert f"{np.sqrt(ref.w_norm2):.3f}" in label
    with pytest.raises(ValueError, match="Z must"):
        npa_plots.plot_min_norm_point(np.zeros((3, 3)))
    with pytest.raises(ValueError, match="empty"):
        npa_plots.plot_min_norm_point(Z, mu=0.01)
    with pytest.raises(ValueError, match="labels"):
        npa_plots.plot_min_norm_point(Z, labels=y[:3])


def test_plot_linear_classifiers(toy):
    X, y = toy
    res = solve_nearest_point(X @ X.T, y=y, mu=0.3, method="mdm", tol=1e-6)
    w = res.coef @ X
    ax = npa_plots.plot_linear_classifiers(X, y, {"SVM": (w, res.b_geom), "bias-free": (w, 0.0)})
    gids = _gids(ax)
    assert {"line_0", "line_1", "origin"} <= gids
    assert len(ax.get_legend().get_texts()) == 5
    with pytest.raises(ValueError, match="non-zero"):
        npa_plots.plot_linear_classifiers(X, y, {"bad": ([0.0, 0.0], 0.0)})
    with pytest.raises(ValueError, match="non-empty"):
        npa_plots.plot_linear_classifiers(X, y, {})
