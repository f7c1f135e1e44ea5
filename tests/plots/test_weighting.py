import numpy as np
import pytest

from svmbook import SVC, MuSVC, hull, thresholds
from svmbook.datasets import make_imbalanced2d
from svmbook.plots import (
    plot_c_threshold,
    plot_platt_fit,
    plot_strategy_errors,
    plot_threshold_path,
    plot_thresholds,
    plot_weighted_svm,
)


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



def _wsvm(X, y, mu, s=None):
    model = MuSVC(mu=mu, kernel="linear", solver="qp", tol=1e-6).fit(X, y, sample_weight=s)
    return thresholds.linear_wsvm_geometry(model, X, y, s)


def _csvm(X, y, C):
    model = SVC(kernel="linear", C=C, solver="smo", tol=1e-6).fit(X, y)
    return thresholds.linear_csvm_thresholds(model, X, y)


def _line(ax, gid):
    return next(line for line in ax.lines if line.get_gid() == gid)


def test_plot_weighted_svm_artists(toy):
    X, y = toy
    geo = _wsvm(X, y, 0.5)
    ax = plot_weighted_svm(X, y, geo, 0.5, thresholds=("geometric", "kkt"), unweighted=True)
    gids = _gids(ax)
    expected = {"wrch", "nearest_points", "nearest_segment", "threshold_geometric"}
    assert expected | {"threshold_kkt", "support_vectors", "kkt_interval"} <= gids
    labels = ax.get_legend().get_texts()
    assert any("geometric" in t.get_text() for t in labels)
    assert ax.get_title().startswith("$\\mu$ = 1/2")


def test_plot_weighted_svm_geometry(toy):
    X, y = toy
    geo = _wsvm(X, y, 0.3)
    ax = plot_weighted_svm(X, y, geo, 0.3, thresholds=("geometric", "kkt"))
    # the decision lines are w . x + b = 0 at both drawn end points
    for gid, b in (("threshold_geometric", geo.b_geom), ("threshold_kkt", geo.kkt.b)):
        np.testing.assert_allclose(_line(ax, gid).get_xydata() @ geo.w, -b, atol=1e-9)
    # the circled points are exactly the support vectors (alpha_i > 0)
    (circles,) = [c for c in ax.collections if c.get_gid() == "support_vectors"]
    np.testing.assert_allclose(circles.get_offsets(), X[geo.support])
    # the nearest points are drawn where the geometry puts them
    np.testing.assert_allclose(_line(ax, "nearest_points").get_xydata(), [geo.p_pos, geo.p_neg])
    # each class's WRCH outline has the vertices of wrch_polygon
    outlines = [line.get_xydata() for line in ax.lines if line.get_gid() == "wrch"]
    for cls, outline in zip((1.0, -1.0), outlines, strict=True):
        V = hull.wrch_polygon(X[y == cls], np.ones(np.sum(y == cls)), 0.3)
        np.testing.assert_allclose(outline[:-1], V)


def test_plot_weighted_svm_draws_the_weights(toy):
    X, y = toy
    light = _wsvm(X, y, 0.3)
    k = light.support[0]  # a positive support point
    s = np.ones(y.size)
    s[k] = 10.0
    heavy = _wsvm(X, y, 0.3, s)
    assert not np.allclose(light.w, heavy.w)
    s = np.ones(y.size)
    s[0] = 10.0  # not a support point: its weight changes nothing (Goodrich (2012), section 4.4)
    np.testing.assert_allclose(_wsvm(X, y, 0.3, s).w, light.w, atol=1e-6)
    ax = plot_weighted_svm(X, y, heavy, 0.3)
    sizes = next(c for c in ax.collections if c.get_gid() == "class_positive").get_sizes()
    assert sizes.max() == pytest.approx(10 * sizes.min())


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"thresholds": ("platt",)}, "thresholds"),
        ({"mu": 0.0}, "mu"),
    ],
)
def test_plot_weighted_svm_bad_input(toy, kwargs, match):
    X, y = toy
    args = {"mu": 0.5, **kwargs}
    with pytest.raises(ValueError, match=match):
        plot_weighted_svm(X, y, _wsvm(X, y, 0.5), **args)


def test_plot_weighted_svm_bad_labels(toy):
    X, y = toy
    with pytest.raises(ValueError):
        plot_weighted_svm(X, np.ones(X.shape[0]), _wsvm(X, y, 0.5), 0.5)


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
    kkt = _line(ax, "threshold_kkt")
    assert kkt.get_linestyle() == "--"
    np.testing.assert_allclose(kkt.get_xydata() @ w, -0.5)  # w . x + b = 0
    margins = [line.get_xydata() @ w for line in ax.lines if line.get_gid() == "margins"]
    np.testing.assert_allclose(np.array(margins)[:, 0], [1.0, -1.0])
    (circles,) = [c for c in ax.collections if c.get_gid() == "support_vectors"]
    np.testing.assert_allclose(circles.get_offsets(), X[[0, 1]])
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
    small = _csvm(X, y, 0.01)
    assert small.frac_pos_kkt == 1.0
    assert 0.85 < small.frac_pos_geom < 0.95
    assert small.kkt.rho == 1.0
    np.testing.assert_allclose((small.alpha * y).sum(), 0.0, atol=1e-8)
    assert np.all(small.alpha <= 0.01 + 1e-12)
    ax = plot_c_threshold(X, y, small, title="C = 0.01")
    gids = _gids(ax)
    assert {"threshold_c_svm_kkt_b", "threshold_geometric_b", "margins", "fractions"} <= gids
    text = next(t for t in ax.texts if t.get_gid() == "fractions").get_text()
    assert "KKT 100%" in text and "off the window" in text
    assert ax.get_title() == "C = 0.01"
    geometric = _line(ax, "threshold_geometric_b").get_xydata()
    np.testing.assert_allclose(geometric @ small.w, -small.b_geom)


def test_c_threshold_zero_normal():
    X, y = make_imbalanced2d(n_pos=20, n_neg=5)
    fit = _csvm(X, y, 1.0)._replace(w=np.zeros(2))
    with pytest.raises(ValueError, match="zero"):
        plot_c_threshold(X, y, fit)


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


def test_plot_threshold_path_mathtext_mu_svm_has_its_own_style():
    # "$\\mu$-SVM KKT" must not be drawn in the C-SVM's KKT style (chapter 10's Figure 10.4).
    C = np.array([0.01, 0.1, 1.0])
    fractions = {"C-SVM KKT": [1.0, 0.98, 0.97], "$\\mu$-SVM KKT (smallest $\\rho$)": [0.98] * 3}
    ax = plot_threshold_path(C, fractions)
    c_svm, mu_svm = ax.lines[:2]
    style = (c_svm.get_color(), c_svm.get_linestyle())
    assert style != (mu_svm.get_color(), mu_svm.get_linestyle())


def test_plot_platt_fit_threshold_line_at_minus_b_over_a(toy):
    X, y = toy
    f = X @ np.array([1.0, 1.0])
    A, B = thresholds.platt_fit(f, y)
    ax = plot_platt_fit(f, y, thresholds={"KKT": 0.1})
    gids = _gids(ax)
    assert {"sigmoid", "half", "threshold_platt_b_a", "threshold_kkt"} <= gids
    line = next(ln for ln in ax.lines if ln.get_gid() == "threshold_platt_b_a")
    assert line.get_xdata()[0] == pytest.approx(-B / A)
    # another offset b is drawn at its boundary f = -b
    kkt = next(ln for ln in ax.lines if ln.get_gid() == "threshold_kkt")
    assert kkt.get_xdata()[0] == pytest.approx(-0.1)
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

