import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.contour import ContourSet
from sklearn.svm import SVC

from svmbook import plots
from svmbook.datasets import gunn_table
from svmbook.plots import (
    plot_canonical_hyperplane,
    plot_feature_map,
    plot_linear_classifier,
    plot_norm_constraint,
    plot_regularisation_path,
    plot_separating_lines,
    plot_slacks,
    plot_svc_2d,
)
from svmbook.qp import hard_margin_primal

X22, Y22 = gunn_table("2.2")  # Gunn's Table 2.2: not separable


def _by_gid(ax, gid, kind=None):
    artists = [a for a in ax.get_children() if a.get_gid() == gid]
    if kind is not None:
        artists = [a for a in artists if isinstance(a, kind)]
    return artists


def _n_circled(ax):
    (svs,) = _by_gid(ax, "support_vectors")
    return len(svs.get_offsets())


def _labelled(ax):
    return bool(ax.get_xlabel()) and bool(ax.get_ylabel())


@pytest.fixture(scope="module")
def linear_svc():
    return SVC(kernel="linear", C=1.0).fit(X22, Y22)


@pytest.fixture(scope="module")
def rbf_svc():
    return SVC(kernel="rbf", gamma=0.5, C=10.0).fit(X22, Y22)


class _FlatModel:
    """A fitted-model stand-in with |f| < 1 on the whole window (like a tiny C)."""

    classes_ = np.array([-1, 1])
    support_ = np.array([0, 4])

    def decision_function(self, X):
        return 0.1 * (X[:, 0] - 2.5)


def _line_params(line):
    """Unit normal ``u`` and offset ``c`` of a drawn straight line ``u . x + c = 0``."""
    (x0, x1), (y0, y1) = line.get_xdata(), line.get_ydata()
    u = np.array([y1 - y0, x0 - x1], dtype=float)
    u /= np.linalg.norm(u)
    return u, -u @ np.array([x0, y0])


def _signed_distances(line, X):
    u, c = _line_params(line)
    return X @ u + c


def test_plot_svc_2d_geometry_of_a_linear_svc(linear_svc):
    ax = plot_svc_2d(linear_svc, X22, Y22)
    w, b = linear_svc.coef_[0], linear_svc.intercept_[0]
    # the circled points are exactly the support vectors
    (circles,) = _by_gid(ax, "support_vectors")
    np.testing.assert_allclose(circles.get_offsets(), linear_svc.support_vectors_)
    # the boundary is the contour w . x + b = 0, the margins dotted contours at +-1
    (boundary,) = _by_gid(ax, "decision_boundary", ContourSet)
    for path in boundary.get_paths():
        np.testing.assert_allclose(path.vertices @ w + b, 0.0, atol=1e-9)
    (margins,) = _by_gid(ax, "margins", ContourSet)
    np.testing.assert_array_equal(margins.levels, [-1.0, 1.0])
    assert margins.get_linestyles()[0][1] is not None  # dotted: a dash pattern, not solid
    values = np.concatenate([p.vertices @ w + b for p in margins.get_paths() if len(p.vertices)])
    np.testing.assert_allclose(np.abs(values), 1.0, atol=1e-9)


@pytest.fixture(scope="module")
def table_21():
    return gunn_table("2.1")


@pytest.mark.parametrize("model_name", ["linear_svc", "rbf_svc"])
def test_plot_svc_2d_structure(model_name, request):
    model = request.getfixturevalue(model_name)
    ax = plot_svc_2d(model, X22, Y22, title="Table 2.2")
    (boundary,) = _by_gid(ax, "decision_boundary", ContourSet)
    (margins,) = _by_gid(ax, "margins", ContourSet)
    np.testing.assert_array_equal(boundary.levels, [0.0])
    np.testing.assert_array_equal(margins.levels, [-1.0, 1.0])
    assert boundary.get_linestyles()[0][1] is None  # solid: no dash pattern
    assert margins.get_linestyles()[0][1] is not None  # dotted
    assert _n_circled(ax) == len(model.support_)
    np.testing.assert_allclose(_by_gid(ax, "support_vectors")[0].get_offsets(), X22[model.support_])
    assert _labelled(ax)
    assert ax.get_title() == "Table 2.2"
    assert len(_by_gid(ax, "shading")) == 1
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "support vectors" in labels and "$f(x)=0$" in labels


def test_plot_svc_2d_options(linear_svc):
    fig, ax = plt.subplots()
    out = plot_svc_2d(
        linear_svc,
        X22,
        Y22,
        ax=ax,
        margins=False,
        circle_sv=False,
        shade=False,
        legend=False,
        xlim=(0, 5),
        ylim=(0, 4),
    )
    assert out is ax and len(fig.axes) == 1
    assert _by_gid(ax, "margins") == [] and _by_gid(ax, "support_vectors") == []
    assert _by_gid(ax, "shading") == [] and ax.get_legend() is None
    assert ax.get_xlim() == (0, 5) and ax.get_ylim() == (0, 4)


def test_plot_svc_2d_soft_shading_is_clipped(rbf_svc):
    ax = plot_svc_2d(rbf_svc, X22, Y22, soft=True, grid_resolution=50)
    (mesh,) = _by_gid(ax, "shading")
    values = np.asarray(mesh.get_array())
    assert values.min() >= -1.0 and values.max() <= 1.0
    assert np.any((values > -1.0) & (values < 1.0))  # a real ramp, not two colours


def test_plot_svc_2d_levels_outside_the_window_are_not_drawn():
    ax = plot_svc_2d(_FlatModel(), X22, Y22)
    assert _by_gid(ax, "margins") == []
    (boundary,) = _by_gid(ax, "decision_boundary")
    np.testing.assert_array_equal(boundary.levels, [0.0])
    assert _n_circled(ax) == 2
    # C = 1e-3 on the data: f ~ -1 everywhere; whatever is drawn lies in the range of f
    model = SVC(kernel="linear", C=1e-3).fit(X22, Y22)
    ax = plot_svc_2d(model, X22, Y22)
    assert _n_circled(ax) == len(model.support_)
    for cs in _by_gid(ax, "margins") + _by_gid(ax, "decision_boundary"):
        assert all(len(seg) > 0 for seg in cs.allsegs)


def test_plot_svc_2d_label_order_follows_classes():
    y = np.where(Y22 == 1, "a", "b")
    model = SVC(kernel="linear").fit(X22, y)
    ax = plot_svc_2d(model, X22, y)
    (pos,) = _by_gid(ax, "class_positive")
    np.testing.assert_allclose(pos.get_offsets(), X22[y == model.classes_[1]])


def test_plot_svc_2d_bad_input(linear_svc):
    with pytest.raises(ValueError, match="X must have shape"):
        plot_svc_2d(linear_svc, X22[:, :1], Y22)
    with pytest.raises(ValueError, match="y must have shape"):
        plot_svc_2d(linear_svc, X22, Y22[:-1])


def test_plot_regularisation_path_table_2_2():
    Cs = np.logspace(-2, 2, 50)
    values = np.column_stack([np.minimum(Cs, 1.0), -np.ones_like(Cs)])
    bps = (4 / 9, 2 / 3, 26 / 9, 104 / 15)
    ax = plot_regularisation_path(
        Cs, values, breakpoints=bps, labels=["$w_1$", "$b$"], ylabel="coefficient"
    )
    assert len(_by_gid(ax, "path")) == 2
    vlines = _by_gid(ax, "breakpoint")
    assert len(vlines) == 4
    np.testing.assert_allclose([v.get_xdata()[0] for v in vlines], bps)
    assert all(v.get_linestyle() == ":" for v in vlines)
    assert ax.get_xscale() == "log" and ax.get_ylabel() == "coefficient" and _labelled(ax)
    ax = plot_regularisation_path(Cs, values[:, 0], logx=False)
    assert ax.get_xscale() == "linear" and ax.get_legend() is None
    with pytest.raises(ValueError, match="values must have shape"):
        plot_regularisation_path(Cs, values[:-1])


def test_plot_separating_lines_draws_table_2_1_osh(table_21):
    # Gunn (1998), section 2.1, Table 2.1: the optimal separating hyperplane is w = (-2, 4), b = -5
    ax = plot_separating_lines(*table_21, n_lines=0)
    w, b = np.array([-2.0, 4.0]), -5.0
    (best,) = _by_gid(ax, "max_margin")
    np.testing.assert_allclose(best.get_xydata() @ w + b, 0.0, atol=1e-4)
    levels = sorted(float(np.mean(m.get_xydata() @ w + b)) for m in _by_gid(ax, "margins"))
    np.testing.assert_allclose(levels, [-1.0, 1.0], atol=1e-4)
    for margin in _by_gid(ax, "margins"):
        assert margin.get_linestyle() == ":"
        values = margin.get_xydata() @ w + b
        assert values[0] == pytest.approx(values[1], abs=1e-4)


def test_plot_separating_lines_fig_2_1(table_21):
    X, y = table_21
    ax = plot_separating_lines(X, y, n_lines=7, random_state=0)
    others = _by_gid(ax, "separating_line")
    (best,) = _by_gid(ax, "max_margin")
    assert len(others) == 7 and best.get_linewidth() > others[0].get_linewidth()
    margins = []
    for line in [*others, best]:
        d = y * _signed_distances(line, X)
        assert np.all(d > 0) or np.all(d < 0)  # every drawn line separates the classes
        margins.append(np.abs(d).min())
    assert margins[-1] == pytest.approx(1 / np.sqrt(20), abs=1e-6)  # 1/||w||, w = (-2, 4)
    assert margins[-1] >= max(margins[:-1])
    assert len(_by_gid(ax, "margins")) == 2 and _labelled(ax)
    # seeded: the same random_state draws the same lines
    again = plot_separating_lines(X, y, n_lines=7, random_state=0)
    np.testing.assert_allclose(
        _by_gid(again, "separating_line")[3].get_xydata(), others[3].get_xydata()
    )
    with pytest.raises(ValueError, match="not linearly separable"):
        plot_separating_lines(X22, Y22)


@pytest.mark.parametrize(("b", "n_violating"), [(-5.0, 0), (-5.5, 2), (-4.5, 2)])
def test_plot_linear_classifier_geometry(table_21, b, n_violating):
    # Gunn (1998), Table 2.1 with w = (-2, 4): b = -5 is the optimum (points 2, 5, 6, 7 on the
    # margin); shifting b by 1/2 breaks y_i f(x_i) >= 1 for the two nearest points of one class
    X, y = table_21
    w = np.array([-2.0, 4.0])
    ax = plot_linear_classifier(X, y, w, b)
    (boundary,) = _by_gid(ax, "decision_boundary")
    np.testing.assert_allclose(boundary.get_xydata() @ w + b, 0.0, atol=1e-12)
    margins = _by_gid(ax, "margins")
    levels = sorted(float(np.mean(m.get_xydata() @ w + b)) for m in margins)
    np.testing.assert_allclose(levels, [-1.0, 1.0], atol=1e-12)
    assert all(m.get_linestyle() == ":" for m in margins)
    yf = y * (X @ w + b)
    violators = _by_gid(ax, "margin_violators")
    if n_violating:
        (crosses,) = violators
        np.testing.assert_allclose(crosses.get_offsets(), X[yf < 1 - 1e-9])
        assert len(crosses.get_offsets()) == n_violating
    else:
        assert violators == []
    # circled: the points on the margin (none when b is shifted: no point has y_i f(x_i) = 1)
    on_margin = X[np.isclose(yf, 1.0)]
    circled = [c.get_offsets() for c in _by_gid(ax, "support_vectors")]
    assert len(circled) == (len(on_margin) > 0)
    if circled:
        np.testing.assert_allclose(circled[0], on_margin)
    assert ax.get_legend() is not None and _labelled(ax)
    assert "$b = " in ax.get_title()


def test_plot_linear_classifier_options(table_21):
    X, y = table_21
    w = np.array([-2.0, 4.0])
    ax = plot_linear_classifier(X, y, w, -5.0, support=[1, 4], legend=False, title="given")
    (circled,) = _by_gid(ax, "support_vectors")
    np.testing.assert_allclose(circled.get_offsets(), X[[1, 4]])
    assert ax.get_legend() is None and ax.get_title() == "given"
    with pytest.raises(ValueError, match="w must be"):
        plot_linear_classifier(X, y, np.zeros(2), 0.0)
    with pytest.raises(ValueError, match="y"):
        plot_linear_classifier(X, np.arange(len(X)), w, 0.0)


@pytest.mark.parametrize("scale", [1.0, 3.0])
def test_plot_canonical_hyperplane_fig_2_2(table_21, scale):
    X, y = table_21
    ax = plot_canonical_hyperplane((scale * np.array([-2.0, 4.0]), scale * -5.0), X, y)
    (boundary,) = _by_gid(ax, "decision_boundary")
    margins = _by_gid(ax, "margins")
    assert len(margins) == 2
    # canonical form (2.3): the margins are the lines |f| = 1, at distance 1/||w|| = 1/sqrt(20)
    for line in margins:
        d = np.abs(_signed_distances(line, X))
        assert d.min() == pytest.approx(0.0, abs=1e-9)  # a nearest point lies on each
        assert np.abs(_line_params(line)[1] - _line_params(boundary)[1]) == pytest.approx(
            1 / np.sqrt(20)
        )
    (segment,) = _by_gid(ax, "nearest_distance")
    p, foot = segment.get_xydata()
    assert np.linalg.norm(p - foot) == pytest.approx(1 / np.sqrt(20))
    assert _signed_distances(boundary, foot[None])[0] == pytest.approx(0.0, abs=1e-12)
    assert "0.224" in _by_gid(ax, "distance_label")[0].get_text()
    assert _n_circled(ax) == 4  # points 2, 5, 6, 7 are nearest
    # a fitted linear model works too
    model = SVC(kernel="linear", C=1e6).fit(X, y)
    ax2 = plot_canonical_hyperplane(model, X, y)
    (segment,) = _by_gid(ax2, "nearest_distance")
    assert np.linalg.norm(np.diff(segment.get_xydata(), axis=0)) == pytest.approx(
        1 / np.sqrt(20), rel=1e-3
    )


def test_plot_norm_constraint_fig_2_3(table_21):
    X, y = table_21
    A = 8.0
    ax = plot_norm_constraint(X, y, A, n_lines=5, random_state=1)
    circles = _by_gid(ax, "exclusion_circle")
    assert len(circles) == len(X)
    assert all(c.get_radius() == pytest.approx(1 / A) for c in circles)
    np.testing.assert_allclose([c.center for c in circles], X)
    lines = _by_gid(ax, "admissible_hyperplane")
    assert len(lines) == 5
    for line in lines:
        d = y * _signed_distances(line, X)
        d = d if d[0] > 0 else -d
        assert np.all(d >= 1 / A - 1e-9)  # no hyperplane cuts a circle
    assert _by_gid(ax, "not_admissible") == [] and _labelled(ax)
    # below ||w*|| = sqrt(20) no canonical hyperplane is admissible
    ax = plot_norm_constraint(X, y, 4.0, random_state=1)
    assert _by_gid(ax, "admissible_hyperplane") == [] and len(_by_gid(ax, "not_admissible")) == 1
    with pytest.raises(ValueError, match="A must be > 0"):
        plot_norm_constraint(X, y, 0.0)


def test_plot_slacks_fig_2_5(linear_svc):
    ax = plot_slacks(linear_svc, X22, Y22)
    w, b = linear_svc.coef_[0], linear_svc.intercept_[0]
    signs = np.where(Y22 == linear_svc.classes_[1], 1.0, -1.0)
    xi = np.maximum(0.0, 1 - signs * (X22 @ w + b))
    segments = _by_gid(ax, "slack")
    labels = _by_gid(ax, "slack_label")
    assert len(segments) == len(labels) == np.sum(xi > 1e-9) > 0
    for segment, label in zip(segments, labels, strict=True):
        p, end = segment.get_xydata()
        (i,) = np.flatnonzero(np.all(X22 == p, axis=1))
        assert end @ w + b == pytest.approx(signs[i])  # ends on its own margin f = y_i
        assert np.linalg.norm(p - end) * np.linalg.norm(w) == pytest.approx(xi[i])
        assert label.get_text() == rf"$\xi_{{{i + 1}}}={xi[i]:.2f}$"
    assert _n_circled(ax) == len(linear_svc.support_) and _labelled(ax)
    with pytest.raises(ValueError, match="affine"):
        plot_slacks(SVC(kernel="rbf").fit(X22, Y22), X22, Y22)


def test_feature_map_quadratic_is_the_kernel_map():
    X = np.random.default_rng(0).normal(size=(5, 2))
    Z = plots.feature_map_quadratic(X)
    np.testing.assert_allclose(Z @ Z.T, (X @ X.T) ** 2, rtol=1e-12)


def test_plot_feature_map_fig_2_9():
    from svmbook.datasets import make_circles2d

    X, y = make_circles2d(40, factor=0.5, noise=0.05, random_state=3)
    signs = np.where(y > 0, 1.0, -1.0)
    ax_in, ax_3d = plot_feature_map(X, y)
    assert ax_3d.name == "3d" and ax_in.name == "rectilinear"
    assert len(_by_gid(ax_3d, "separating_plane")) == 1
    # the optimal plane in feature space separates the mapped rings ...
    Z = plots.feature_map_quadratic(X)
    primal = hard_margin_primal(Z, signs)
    w, b = primal.w, primal.b
    assert np.all(signs * (Z @ w + b) >= 1 - 1e-6)
    # ... and the drawn input-space boundary is its preimage, a closed curve around the inner ring
    (boundary,) = _by_gid(ax_in, "decision_boundary", ContourSet)
    np.testing.assert_array_equal(boundary.levels, [0.0])
    (path,) = [p for p in boundary.get_paths() if len(p.vertices)]
    f_on_curve = plots.feature_map_quadratic(path.vertices) @ w + b
    assert np.abs(f_on_curve).max() < 0.05
    inside = path.contains_points(X)
    np.testing.assert_array_equal(inside, y == y.max())  # +1 (inner ring) inside
    assert ax_3d.get_zlabel() == "$x_2^2$" and _labelled(ax_in)
    fig = plt.figure()
    with pytest.raises(ValueError, match="3-D"):
        plot_feature_map(X, y, axes=(fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)))
