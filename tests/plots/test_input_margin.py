"""The input-space margin figures (Akaho 2002): what they draw, checked by gid; they never fit."""

import warnings

import numpy as np
import pytest

from svmbook import plots
from svmbook.input_margin import InputMarginSVC, foot_of_perpendicular, support_of
from svmbook.input_margin.experiment import make_mixture_problem


def _by_gid(ax, gid):
    return [a for a in ax.get_children() if a.get_gid() == gid]


def _circle(Z):
    return np.sum(Z**2, axis=1) - 1.0, 2.0 * Z


def _legend_is_outside(ax):
    legend = ax.get_legend()
    return legend is not None and legend.get_bbox_to_anchor().x0 > ax.bbox.x1 - 1e-6


@pytest.fixture(scope="module")
def fitted():
    X, y, _, _, _ = make_mixture_problem(random_state=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = InputMarginSVC(n_steps=2).fit(X, y)
    return X, y, model


@pytest.fixture
def no_fitting(monkeypatch):
    """Make every fit, QP and foot iteration the figures could reach raise."""

    def boom(*args, **kwargs):
        raise AssertionError("a figure fitted, solved or iterated")

    import svmbook.input_margin as im
    import svmbook.plots.input_margin as pim

    monkeypatch.setattr(InputMarginSVC, "fit", boom)
    monkeypatch.setattr(im.estimator, "svc_dual", boom)
    monkeypatch.setattr(im.algorithm, "input_margin_dual", boom)
    for module in (im, im.foot, im.algorithm, pim):
        if hasattr(module, "foot_of_perpendicular"):
            monkeypatch.setattr(module, "foot_of_perpendicular", boom)


def test_input_margin_draws_boundary_margins_feet_and_the_smallest_distance(fitted, no_fitting):
    """Solid boundary, dotted margins, SVs circled, a segment per point, the margin thick."""
    X, y, model = fitted
    s = model.steps_[0]
    ax = plots.plot_input_margin(s.expansion, X, y, s.feet, distances=s.distances,
                                 grid_resolution=60)  # fmt: skip
    for gid in ("decision_boundary", "margins", "support_vectors", "feet", "foot_segments",
                "input_margin", "margin_circle"):  # fmt: skip
        assert len(_by_gid(ax, gid)) == 1, gid
    (margins,) = _by_gid(ax, "margins")
    assert margins.get_linestyle()[0][1] is not None  # dotted: a dash pattern
    (svs,) = _by_gid(ax, "support_vectors")
    np.testing.assert_array_equal(svs.get_offsets(), X[support_of(s.expansion)])
    (feet,) = _by_gid(ax, "feet")
    np.testing.assert_array_equal(feet.get_offsets(), s.feet)
    (segments,) = _by_gid(ax, "foot_segments")
    assert len(segments.get_segments()) == len(X)
    i = int(np.argmin(s.distances))
    (thick,) = _by_gid(ax, "input_margin")
    np.testing.assert_allclose(np.column_stack(thick.get_data()), [X[i], s.feet[i]])
    (circle,) = _by_gid(ax, "margin_circle")
    assert circle.get_radius() == pytest.approx(s.margin)
    assert f"{s.margin:.3g}" in ax.get_title()
    assert ax.get_xlabel() == "$x_1$" and ax.get_ylabel() == "$x_2$"
    assert _legend_is_outside(ax)
    assert ax.get_aspect() == 1.0  # equal scales: distances read true


def test_input_margin_defaults_and_bad_input(fitted):
    """Euclidean distances by default, no legend on request; refuse mismatched feet or support."""
    X, y, model = fitted
    feet = model.steps_[0].feet
    ax = plots.plot_input_margin(model, X, y, feet, support=[0, 1], legend=False,
                                 grid_resolution=40)  # fmt: skip
    assert ax.get_legend() is None
    (circle,) = _by_gid(ax, "margin_circle")
    assert circle.get_radius() == pytest.approx(np.linalg.norm(feet - X, axis=1).min())
    (svs,) = _by_gid(ax, "support_vectors")
    assert len(svs.get_offsets()) == 2
    with pytest.raises(ValueError, match="feet"):
        plots.plot_input_margin(model, X, y, feet[:-1])
    with pytest.raises(ValueError, match="support"):
        plots.plot_input_margin(model, X, y, feet, support=[len(X)])
    with pytest.raises(ValueError, match="distances"):
        plots.plot_input_margin(model, X, y, feet, distances=np.ones(3))
    with pytest.raises(TypeError, match="fun"):
        plots.plot_input_margin(object(), X, y, feet)
    with pytest.raises(ValueError, match="zoom"):
        plots.plot_input_margin(model, X, y, feet, zoom=0.0)


def test_input_margin_zooms_on_the_point_carrying_the_margin(fitted, no_fitting):
    """zoom=c: the square of half-width c times the margin around that point, the circle inside."""
    X, y, model = fitted
    s = model.steps_[0]
    i = int(np.argmin(s.distances))
    ax = plots.plot_algorithm_step(model, X, y, 0, zoom=3.0, grid_resolution=40, legend=False)
    np.testing.assert_allclose(ax.get_xlim(), X[i, 0] + np.array([-3.0, 3.0]) * s.margin)
    np.testing.assert_allclose(ax.get_ylim(), X[i, 1] + np.array([-3.0, 3.0]) * s.margin)
    (circle,) = _by_gid(ax, "margin_circle")
    np.testing.assert_allclose(circle.center, X[i])


def test_algorithm_step_labels_after_step_0(fitted, no_fitting):
    """Step 0 circles support vectors and dots margins; later steps say neither is one any more."""
    X, y, model = fitted
    labels = [t.get_text() for t in plots.plot_algorithm_step(model, X, y, 0, grid_resolution=40)
              .get_legend().get_texts()]  # fmt: skip
    assert "support vectors" in labels and r"$f(x)=\pm 1$" in labels
    labels = [t.get_text() for t in plots.plot_algorithm_step(model, X, y, 1, grid_resolution=40)
              .get_legend().get_texts()]  # fmt: skip
    assert "support vectors" not in labels and "points with a coefficient" in labels
    assert r"levels $f(x)=\pm 1$" in labels


def test_foot_iteration_draws_the_iterates_and_their_projections(no_fitting):
    """Join the iterates in order, ring the start, star the last, dot the rays from x."""
    path = np.array([[np.cos(0.5), np.sin(0.5)], [1.1, 0.2], [1.0, -0.05], [1.0, 0.01]])
    ax = plots.plot_foot_iteration(_circle, [1.8, 0.0], path, foot=(1.0, 0.0))
    (iterates,) = _by_gid(ax, "iterates")
    np.testing.assert_allclose(np.column_stack(iterates.get_data()), path)
    (rays,) = _by_gid(ax, "projections")
    assert len(rays.get_segments()) == len(path) - 1
    assert rays.get_linestyle()[0][1] is not None  # dotted
    for gid, where in (("start", path[0]), ("last", path[-1]), ("point", [1.8, 0.0]),
                       ("foot", [1.0, 0.0])):  # fmt: skip
        (mark,) = _by_gid(ax, gid)
        np.testing.assert_allclose(mark.get_offsets()[0], where)
    assert len(_by_gid(ax, "decision_boundary")) == 1
    assert "3 updates" in ax.get_title()
    assert _legend_is_outside(ax)
    with pytest.raises(ValueError, match="path"):
        plots.plot_foot_iteration(_circle, [1.8, 0.0], path[:, :1])
    with pytest.raises(ValueError, match="x"):
        plots.plot_foot_iteration(_circle, [1.8, 0.0, 0.0], path)


def test_foot_iteration_of_a_package_run_ends_at_the_foot():
    """A stable foot (rho = 1.5 < 2R): the last iterate drawn is the nearest point (1, 0)."""
    run = foot_of_perpendicular(_circle, [[1.5, 0.0]], [[np.cos(0.5), np.sin(0.5)]], max_iter=60,
                                warn=False)  # fmt: skip
    ax = plots.plot_foot_iteration(_circle, [1.5, 0.0], run.path[:, 0], legend=False)
    (last,) = _by_gid(ax, "last")
    np.testing.assert_allclose(last.get_offsets()[0], [1.0, 0.0], atol=1e-8)
    assert ax.get_legend() is None


def test_algorithm_step_draws_the_recorded_step(fitted, no_fitting):
    """Draw steps_[k] as recorded: its feet, its margin, 'selected' on the best step."""
    X, y, model = fitted
    for k, s in enumerate(model.steps_):
        ax = plots.plot_algorithm_step(model, X, y, k, grid_resolution=40)
        (feet,) = _by_gid(ax, "feet")
        np.testing.assert_array_equal(feet.get_offsets(), s.feet)
        assert f"step {k}" in ax.get_title() and f"{s.margin:.3g}" in ax.get_title()
        assert ("selected" in ax.get_title()) == (k == model.best_step_)
    assert "the SVM" in plots.plot_algorithm_step(model, X, y, 0, grid_resolution=20).get_title()
    with pytest.raises(ValueError, match="step"):
        plots.plot_algorithm_step(model, X, y, len(model.steps_))
    with pytest.raises(TypeError, match="InputMarginSVC"):
        plots.plot_algorithm_step(model.steps_[0].expansion, X, y, 0)


def test_step_margins_stars_the_selected_step():
    """One point per step, the SVM's level dotted, the selected step starred, the current ringed."""
    margins = [0.01, 0.03, 0.02]
    ax = plots.plot_step_margins(margins, current=2)
    (line,) = _by_gid(ax, "step_margins")
    np.testing.assert_allclose(line.get_ydata(), margins)
    (star,) = _by_gid(ax, "selected_step")
    np.testing.assert_allclose(star.get_offsets()[0], [1, 0.03])
    (ring,) = _by_gid(ax, "current_step")
    np.testing.assert_allclose(ring.get_offsets()[0], [2, 0.02])
    (level,) = _by_gid(ax, "svm_level")
    assert level.get_ydata()[0] == pytest.approx(0.01) and level.get_linestyle() == ":"
    assert ax.get_xlabel() == "step $t$" and _legend_is_outside(ax)
    with pytest.raises(ValueError, match="current"):
        plots.plot_step_margins(margins, current=3)
    with pytest.raises(ValueError, match="margins"):
        plots.plot_step_margins([])


def test_margin_comparison_is_log_log_with_the_diagonal(no_fitting):
    """Log-log axes, the diagonal dotted, runs without improvement apart (Fig. 4)."""
    svm, ours = np.array([0.004, 0.01, 0.02]), np.array([0.036, 0.01, 0.05])
    ax = plots.plot_margin_comparison(svm, ours)
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    (diagonal,) = _by_gid(ax, "diagonal")
    assert diagonal.get_linestyle() == ":"
    np.testing.assert_allclose(diagonal.get_xdata(), diagonal.get_ydata())
    (runs,) = _by_gid(ax, "runs")
    np.testing.assert_allclose(runs.get_offsets(), [[0.004, 0.036], [0.02, 0.05]])
    (same,) = _by_gid(ax, "not_improved")
    np.testing.assert_allclose(same.get_offsets(), [[0.01, 0.01]])
    assert "SVM" in ax.get_xlabel() and "Algorithm 1" in ax.get_ylabel()
    assert _legend_is_outside(ax)
    with pytest.raises(ValueError, match="margin must be positive"):
        plots.plot_margin_comparison(svm, [0.0, 0.01, 0.05])
    with pytest.raises(ValueError, match="margin"):
        plots.plot_margin_comparison(svm, ours[:2])


def test_error_comparison_is_linear_with_the_diagonal(no_fitting):
    """Linear axes, the diagonal dotted, one point per run (Fig. 5)."""
    ax = plots.plot_error_comparison([0.3, 0.4], [0.25, 0.45], legend=False)
    assert ax.get_xscale() == "linear" and ax.get_legend() is None
    assert len(_by_gid(ax, "diagonal")) == 1
    (runs,) = _by_gid(ax, "runs")
    assert len(runs.get_offsets()) == 2
    assert "test error" in ax.get_xlabel() and "test error" in ax.get_ylabel()
    labels = [t.get_text() for t in plots.plot_error_comparison([0.3, 0.4], [0.25, 0.45])
              .get_legend().get_texts()]  # fmt: skip
    assert "equal to the SVM's" not in labels  # no run on the diagonal, no legend entry
    with pytest.raises(ValueError, match="svm_error must be non-negative"):
        plots.plot_error_comparison([-0.1, 0.4], [0.25, 0.45])


def test_algorithm_steps_lays_out_a_column_per_step_within_the_book_width(fitted, no_fitting):
    """One column per step, the zoom below it, one legend under the panels, 9 inches wide."""
    X, y, model = fitted
    fig = plots.plot_algorithm_steps(model, X, y, [0, 1, 2], grid_resolution=20)
    assert fig.get_figwidth() <= 9.0  # 900 pixels at the book's 100 dpi
    axes = fig.axes
    assert len(axes) == 6 and all(ax.get_legend() is None for ax in axes)
    assert len(fig.legends) == 1
    labels = [text.get_text() for text in fig.legends[0].get_texts()]
    assert r"$f(x)=0$" in labels and r"levels $f(x)=\pm 1$" in labels
    for col, s in enumerate(model.steps_):
        top, bottom = axes[col], axes[3 + col]
        assert f"step {col}" in top.get_title() and f"{s.margin:.3g}" in top.get_title()
        assert ("selected" in top.get_title()) == (col == model.best_step_)
        assert "zoom" in bottom.get_title()
        i = int(np.argmin(s.distances))
        np.testing.assert_allclose(bottom.get_xlim(), X[i, 0] + np.array([-3.0, 3.0]) * s.margin)
    with pytest.raises(ValueError, match="steps"):
        plots.plot_algorithm_steps(model, X, y, [])
    with pytest.raises(ValueError, match="step"):
        plots.plot_algorithm_steps(model, X, y, [0, len(model.steps_)])
