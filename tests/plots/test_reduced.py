"""Figures of the smooth SVM and reduced-kernel chapters: what is drawn, and where."""

import numpy as np
import pytest

from svmbook import plots
from svmbook.reduced import RSVC, SSVC


def _by_gid(artists, gid):
    return [a for a in artists if a.get_gid() == gid]


def _checkerboard(n, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.uniform(0.0, 2.0, (n, 2))
    return X, np.where(np.floor(X[:, 0]) == np.floor(X[:, 1]), 1, -1)


def test_smooth_plus_draws_the_plus_function_each_curve_and_its_gap():
    ax = plots.plot_smooth_plus([1.0, 5.0], xlim=(-2.0, 2.0), title="t")
    (plus,) = _by_gid(ax.lines, "plus")
    np.testing.assert_allclose(plus.get_ydata(), np.maximum(plus.get_xdata(), 0.0))
    for k, beta in enumerate((1.0, 5.0)):
        (curve,) = _by_gid(ax.lines, f"smooth_{k}")
        assert np.all(curve.get_ydata() > plus.get_ydata())  # p > r_+ everywhere
        (gap,) = _by_gid(ax.lines, f"gap_{k}")
        np.testing.assert_allclose(gap.get_xdata(), [0.0, 0.0])
        np.testing.assert_allclose(gap.get_ydata(), [0.0, np.log(2.0) / beta], rtol=1e-12)
    assert ax.get_title() == "t" and ax.get_xlabel() == "$r$"
    assert ax.get_ylabel() == r"$r_+$ and $p(r, \beta)$"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["$r_+$", r"$p(r, \beta)$, $\beta = 1$", r"$p(r, \beta)$, $\beta = 5$"]


@pytest.mark.parametrize(
    ("betas", "xlim", "match"),
    [([], (-1, 1), "non-empty"), ([0.0], (-1, 1), "positive"), ([np.inf], (-1, 1), "finite"),
     ([1.0], (0.0, 1.0), "contain 0")],
)  # fmt: skip
def test_smooth_plus_bad_input(betas, xlim, match):
    with pytest.raises(ValueError, match=match):
        plots.plot_smooth_plus(betas, xlim=xlim)


def test_gradient_norms_one_log_curve_per_run():
    runs = {"a": [10.0, 1.0, 1e-2, 1e-6], "b": [5.0, 0.5]}
    ax = plots.plot_gradient_norms(runs, legend=False)
    (a,) = _by_gid(ax.lines, "grad_0")
    np.testing.assert_array_equal(a.get_xdata(), [0, 1, 2, 3])
    np.testing.assert_array_equal(a.get_ydata(), runs["a"])
    assert len(_by_gid(ax.lines, "grad_1")) == 1
    assert ax.get_yscale() == "log" and ax.get_legend() is None


@pytest.mark.parametrize(
    ("runs", "match"),
    [({}, "non-empty"), ({"a": []}, "non-empty"), ({"a": [1.0, 0.0]}, "positive")],
)
def test_gradient_norms_bad_input(runs, match):
    with pytest.raises(ValueError, match=match):
        plots.plot_gradient_norms(runs)


def test_smooth_boundary_circles_the_points_inside_the_margin_and_marks_the_reduced_set():
    X, y = _checkerboard(120)
    model = RSVC(reduced_size=12, gamma=2.0, C=10.0, random_state=0).fit(X, y)
    ax = plots.plot_smooth_boundary(model, X, y, reduced_set=model.reduced_set_,
                                    grid_resolution=60)  # fmt: skip
    margin = np.where(y == 1, 1.0, -1.0) * model.decision_function(X)
    (circles,) = _by_gid(ax.collections, "support_vectors")
    np.testing.assert_array_equal(circles.get_offsets(), X[margin < 1.0])
    (reduced,) = _by_gid(ax.collections, "reduced_set")
    np.testing.assert_array_equal(reduced.get_offsets(), model.reduced_set_)
    assert _by_gid(ax.collections, "decision_boundary")
    assert _by_gid(ax.collections, "margins")
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "reduced set" in labels and "$f(x)=0$" in labels
    assert r"$f(x)=\pm 1$" in labels


def test_smooth_boundary_can_circle_only_the_misclassified_points():
    X, y = _checkerboard(120)
    model = RSVC(reduced_size=4, gamma=2.0, C=10.0, random_state=0).fit(X, y)
    ax = plots.plot_smooth_boundary(model, X, y, circle="errors", grid_resolution=40)
    margin = np.where(y == 1, 1.0, -1.0) * model.decision_function(X)
    (circles,) = _by_gid(ax.collections, "support_vectors")
    np.testing.assert_array_equal(circles.get_offsets(), X[margin < 0.0])
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "$y f(x) < 0$ (misclassified)" in labels
    with pytest.raises(ValueError, match="circle"):
        plots.plot_smooth_boundary(model, X, y, circle="all", grid_resolution=20)


def test_smooth_boundary_names_the_decision_function_in_the_legend():
    X, y = _checkerboard(60)
    model = RSVC(reduced_size=6, gamma=2.0, C=10.0, random_state=0).fit(X, y)
    ax = plots.plot_smooth_boundary(model, X, y, grid_resolution=20, function="F")
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert {"$F(x)=0$", r"$F(x)=\pm 1$", "$y F(x) < 1$"} <= set(labels)
    assert not any("f(x)" in label for label in labels)
    with pytest.raises(TypeError, match="function"):
        plots.plot_smooth_boundary(model, X, y, grid_resolution=20, function=1)
    with pytest.raises(ValueError, match="function"):
        plots.plot_smooth_boundary(model, X, y, grid_resolution=20, function="")


def test_smooth_boundary_of_a_full_ssvm_has_no_reduced_set():
    X, y = _checkerboard(60)
    model = SSVC(gamma=2.0, C=10.0).fit(X, y)
    ax = plots.plot_smooth_boundary(model, X, y, grid_resolution=40, legend=False)
    assert not _by_gid(ax.collections, "reduced_set")
    assert ax.get_legend() is None
    with pytest.raises(ValueError, match="reduced_set"):
        plots.plot_smooth_boundary(model, X, y, reduced_set=np.zeros((3, 3)), grid_resolution=20)


def test_size_curves_one_line_per_quantity():
    ax = plots.plot_size_curves([10, 20, 40], {"train": [0.3, 0.2, 0.1], "test": [0.35, 0.25,
                                np.nan]}, ylabel="error", logx=True)  # fmt: skip
    (test,) = _by_gid(ax.lines, "curve_1")
    assert np.isnan(test.get_ydata()[-1])
    assert ax.get_xscale() == "log" and ax.get_yscale() == "linear"
    assert ax.get_ylabel() == "error" and ax.get_xlabel() == "$m$"
    with pytest.raises(ValueError, match="3 values"):
        plots.plot_size_curves([1, 2, 3], {"a": [1.0, 2.0]})
    with pytest.raises(ValueError, match="non-empty"):
        plots.plot_size_curves([1, 2, 3], {})


def test_selection_comparison_two_panels():
    results = {"random": ([10, 20], [0.8, 0.9], [1e-4, 2e-4]), "IRSVM": ([15], [0.85], [0.1])}
    acc_ax, time_ax = plots.plot_selection_comparison(results, title="t")
    (irsvm,) = _by_gid(acc_ax.lines, "accuracy_1")
    np.testing.assert_array_equal(irsvm.get_xdata(), [15])
    (random_time,) = _by_gid(time_ax.lines, "time_0")
    np.testing.assert_array_equal(random_time.get_ydata(), [1e-4, 2e-4])
    assert time_ax.get_yscale() == "log" and time_ax.get_legend() is not None
    assert acc_ax.figure._suptitle.get_text() == "t"


@pytest.mark.parametrize(
    ("results", "match"),
    [({}, "non-empty"), ({"a": ([1], [0.5])}, "sizes, accuracies, times"),
     ({"a": ([1, 2], [0.5], [1.0, 1.0])}, "2 values"), ({"a": ([1], [0.5], [0.0])}, "positive")],
)  # fmt: skip
def test_selection_comparison_bad_input(results, match):
    with pytest.raises(ValueError, match=match):
        plots.plot_selection_comparison(results)
