import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest

from svmbook import thresholds
from svmbook.datasets import make_imbalanced2d
from svmbook.qp import mu_svm_dual
from svmbook.weighting_plots import (
    linear_csvm_thresholds,
    linear_wsvm_geometry,
    plot_c_threshold,
    plot_platt_fit,
    plot_strategy_errors,
    plot_threshold_path,
    plot_thresholds,
    plot_weighted_svm,
    plot_wrch,
)

matplotlib.use("Agg")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture
def toy():
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal([1.5, 1.5], 0.8, (10, 2)), rng.normal([-1, -1], 1.2, (12, 2))])
    y = np.r_[np.ones(10), -np.ones(12)]
    return X, y


def _gids(ax):
    found = {a.get_gid() for a in ax.get_children()}
    found |= {a.get_gid() for a in ax.patches} | {a.get_gid() for a in ax.lines}
    return found


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
        hull = [p for p in ax.patches if p.get_gid() == "wrch"][0].get_xy()
        assert np.any(np.all(np.isclose(hull, P[0]), axis=1)) == inside


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


def test_linear_wsvm_geometry_matches_the_qp(toy):
    X, y = toy
    s = np.linspace(0.5, 2.0, y.size)
    geo = linear_wsvm_geometry(X, y, 0.3, s)
    ref = mu_svm_dual(X @ X.T, y, 0.3, sample_weight=s)
    np.testing.assert_allclose(geo.alpha, ref.alpha, atol=1e-6)
    np.testing.assert_allclose(geo.w @ geo.w, ref.w_norm2, rtol=1e-6)
    np.testing.assert_allclose(geo.p_pos - geo.p_neg, geo.w)
    f = X @ geo.w
    assert geo.b_geom == pytest.approx(0.5 * (geo.p_pos @ geo.w + geo.p_neg @ geo.w))
    assert geo.kkt.b == pytest.approx(-ref.b, abs=1e-5)
    assert geo.b_geom == pytest.approx(thresholds.b_geom(f, y, geo.alpha))


def test_plot_weighted_svm_artists(toy):
    X, y = toy
    ax = plot_weighted_svm(X, y, 0.5, thresholds=("geometric", "kkt"), unweighted=True)
    gids = _gids(ax)
    expected = {"wrch", "nearest_points", "nearest_segment", "threshold_geometric"}
    assert expected | {"threshold_kkt", "support_vectors", "kkt_interval"} <= gids
    labels = ax.get_legend().get_texts()
    assert any("geometric" in t.get_text() for t in labels)
    assert ax.get_title().startswith("$\\mu$ = 1/2")


def test_plot_weighted_svm_point_weight_changes_the_machine(toy):
    X, y = toy
    light = linear_wsvm_geometry(X, y, 0.3)
    k = light.support[0]  # a positive support point
    s = np.ones(y.size)
    s[k] = 10.0
    heavy = linear_wsvm_geometry(X, y, 0.3, s)
    assert not np.allclose(light.w, heavy.w)
    s = np.ones(y.size)
    s[0] = 10.0  # not a support point: its weight changes nothing (Goodrich T44)
    np.testing.assert_allclose(linear_wsvm_geometry(X, y, 0.3, s).w, light.w, atol=1e-6)
    ax = plot_weighted_svm(X, y, 0.3, point=k, weight=10.0)
    sizes = next(c for c in ax.collections if c.get_gid() == "class_positive").get_sizes()
    assert sizes.max() == pytest.approx(10 * sizes.min())


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"thresholds": ("platt",)}, "thresholds"),
        ({"point": 0}, "together"),
        ({"point": 99, "weight": 2.0}, "index"),
        ({"mu": 0.01}, "mu"),
    ],
)
def test_plot_weighted_svm_bad_input(toy, kwargs, match):
    X, y = toy
    args = {"mu": 0.5, **kwargs}
    with pytest.raises(ValueError, match=match):
        plot_weighted_svm(X, y, **args)


def test_plot_weighted_svm_bad_labels(toy):
    X, _ = toy
    with pytest.raises(ValueError):
        plot_weighted_svm(X, np.ones(X.shape[0]), 0.5)


def test_plot_thresholds_lines_band_and_margins(toy):
    X, y = toy
    w = np.array([1.0, 1.0])
    ax = plot_thresholds(
        X,
        y,
        w,
        {"KKT": 0.5, "geometric": 0.0, "Platt": 0.2},
        interval=(-0.3, np.inf),
        margins=(-1.0, 1.0),
        support=[0, 1],
    )
    gids = _gids(ax)
    assert {"threshold_kkt", "threshold_geometric", "threshold_platt", "kkt_interval"} <= gids
    assert "margins" in gids and "support_vectors" in gids
    kkt = next(line for line in ax.lines if line.get_gid() == "threshold_kkt")
    assert kkt.get_linestyle() == "--"
    x0 = np.asarray(kkt._xy1)
    assert w @ x0 == pytest.approx(0.5)
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert {"KKT", "geometric", "Platt", "margins"} <= set(texts)


@pytest.mark.parametrize(
    "w, thr, extra, match",
    [
        ([0.0, 0.0], {"a": 0.0}, {}, "non-zero"),
        ([1.0, 0.0], {}, {}, "non-empty"),
        ([1.0, 0.0], {"a": np.inf}, {}, "finite"),
        ([1.0, 0.0], {"a": 0.0}, {"interval": (1.0, 0.0)}, "lo <= hi"),
    ],
)
def test_plot_thresholds_bad_input(toy, w, thr, extra, match):
    X, y = toy
    with pytest.raises(ValueError, match=match):
        plot_thresholds(X, y, w, thr, **extra)


def test_c_threshold_small_c_predicts_everything_positive():
    X, y = make_imbalanced2d()
    small = linear_csvm_thresholds(X, y, 0.01)
    assert small.frac_pos_kkt == 1.0
    assert 0.85 < small.frac_pos_geom < 0.95
    assert small.kkt.rho == 1.0
    np.testing.assert_allclose((small.alpha * y).sum(), 0.0, atol=1e-8)
    assert np.all(small.alpha <= 0.01 + 1e-12)
    ax = plot_c_threshold(X, y, 0.01)
    gids = _gids(ax)
    assert {"threshold_c_svm_kkt_b", "threshold_geometric_b", "margins", "fractions"} <= gids
    text = next(t for t in ax.texts if t.get_gid() == "fractions").get_text()
    assert "KKT 100%" in text and "off the window" in text
    assert ax.get_title() == "C = 0.01"


def test_c_threshold_bad_c():
    X, y = make_imbalanced2d(n_pos=20, n_neg=5)
    for C in (0.0, -1.0, np.inf):
        with pytest.raises(ValueError, match="C must"):
            plot_c_threshold(X, y, C)


def test_plot_threshold_path():
    C = np.array([0.01, 0.1, 1.0])
    ax = plot_threshold_path(C, {"KKT": [1.0, 0.98, 0.97], "geometric": [0.9] * 3}, truth=0.91)
    assert ax.get_xscale() == "log"
    assert {"path_kkt", "path_geometric", "truth"} <= _gids(ax)
    with pytest.raises(ValueError, match="positive"):
        plot_threshold_path([0.0, 1.0], {"a": [0, 1]})
    with pytest.raises(ValueError, match="shape"):
        plot_threshold_path(C, {"a": [0.5]})
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        plot_threshold_path(C, {"a": [0.5, 2.0, 0.1]})


def test_plot_platt_fit_threshold_line_at_minus_b_over_a(toy):
    X, y = toy
    f = X @ np.array([1.0, 1.0])
    A, B = thresholds.platt_fit(f, y)
    ax = plot_platt_fit(f, y, thresholds={"KKT": 0.1})
    gids = _gids(ax)
    assert {"sigmoid", "half", "threshold_platt_b_a", "threshold_kkt"} <= gids
    line = next(ln for ln in ax.lines if ln.get_gid() == "threshold_platt_b_a")
    assert line.get_xdata()[0] == pytest.approx(-B / A)
    sig = next(ln for ln in ax.lines if ln.get_gid() == "sigmoid")
    xs, ps = sig.get_data()
    np.testing.assert_allclose(ps, 1 / (1 + np.exp(A * xs + B)))
    with pytest.raises(ValueError, match="together"):
        plot_platt_fit(f, y, A=-1.0)
    with pytest.raises(ValueError, match="negative"):
        plot_platt_fit(f, y, A=1.0, B=0.0)
    with pytest.raises(ValueError, match="shape"):
        plot_platt_fit(f[:-1], y)


def test_plot_strategy_errors_means_and_standard_errors():
    results = {
        "Overall": {"Pos": [0.3, 0.34], "Neg": [0.04, 0.05]},
        "Cost": {"Pos": [0.1, 0.12], "Neg": [0.2, 0.25]},
    }
    ax = plot_strategy_errors(results, reference={"Overall": {"Pos": 0.335, "Neg": 0.042}})
    overall = [p for p in ax.patches if p.get_gid() == "bars_overall"]
    np.testing.assert_allclose([p.get_height() for p in overall], [0.32, 0.045])
    assert "reference_overall" in _gids(ax)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Pos", "Neg"]
    with pytest.raises(ValueError, match="lacks"):
        plot_strategy_errors({"a": {"x": [1]}, "b": {"y": [1]}})
    with pytest.raises(ValueError, match="non-empty"):
        plot_strategy_errors({})
