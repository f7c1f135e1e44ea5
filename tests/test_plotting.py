import itertools

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.contour import ContourSet
from sklearn.svm import SVC, SVR

from svmbook import plotting
from svmbook.datasets import gunn_table
from svmbook.plotting import (
    STYLE,
    plot_canonical_hyperplane,
    plot_feature_map,
    plot_grid,
    plot_kernel_gram,
    plot_kernel_profile,
    plot_losses,
    plot_modelling_errors,
    plot_norm_constraint,
    plot_regularisation_path,
    plot_separating_lines,
    plot_shattering,
    plot_slacks,
    plot_svc_2d,
    plot_svr_1d,
    plot_vc_bound,
    style,
    use_style,
)

matplotlib.use("Agg")

X22, Y22 = gunn_table("2.2")  # Gunn's Table 2.2: not separable
X_REG, Y_REG = gunn_table("5.1")  # Gunn's Table 5.1: 1-D regression
X_REG = X_REG[:, 0]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


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


class _FlatModel:
    """A fitted-model stand-in with |f| < 1 on the whole window (like a tiny C)."""

    classes_ = np.array([-1, 1])
    support_ = np.array([0, 4])

    def decision_function(self, X):
        return 0.1 * (X[:, 0] - 2.5)


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


def test_plot_svr_1d_structure():
    model = SVR(kernel="rbf", C=10.0, epsilon=0.5, gamma=0.5).fit(X_REG[:, None], Y_REG)
    ax = plot_svr_1d(model, X_REG, Y_REG, epsilon=0.5, n_grid=101)
    (fit,) = _by_gid(ax, "fit")
    tube = _by_gid(ax, "tube")
    assert fit.get_linestyle() == "-"
    assert len(tube) == 2 and all(line.get_linestyle() == ":" for line in tube)
    np.testing.assert_allclose(tube[0].get_ydata() - fit.get_ydata(), 0.5)
    np.testing.assert_allclose(fit.get_ydata() - tube[1].get_ydata(), 0.5)
    assert _n_circled(ax) == len(model.support_)
    assert _labelled(ax)
    # x as a column works too
    ax2 = plot_svr_1d(model, X_REG[:, None], Y_REG, epsilon=0.5, circle_sv=False, legend=False)
    assert _by_gid(ax2, "support_vectors") == []


def test_plot_svr_1d_bad_epsilon():
    model = SVR().fit(X_REG[:, None], Y_REG)
    with pytest.raises(ValueError, match="epsilon must be >= 0"):
        plot_svr_1d(model, X_REG, Y_REG, epsilon=-1.0)


def test_plot_svr_1d_default_window_stays_in_the_kernel_domain():
    import svmbook

    x = np.linspace(0.0, 4.0, 9)  # starts at 0: a 5 % pad below would leave the spline's domain
    y = np.sin(x)
    model = svmbook.SVR(kernel="spline", C=100, epsilon=0.5, bias="implicit", solver="qp").fit(
        x[:, None], y
    )
    with pytest.raises(ValueError, match="spline kernel needs inputs >= 0"):
        model.predict(np.array([[-0.2]]))
    ax = plot_svr_1d(model, x, y, epsilon=0.5)
    grid = _by_gid(ax, "fit")[0].get_xdata()
    # below: clipped to the data's end (0); above: the usual 5 % pad, where the kernel is defined
    assert grid[0] == 0.0
    assert grid[-1] == pytest.approx(4.0 + 0.05 * 4.0)
    assert ax.get_xlim() == (grid[0], grid[-1])
    # a model defined everywhere keeps both pads
    rbf = SVR(kernel="rbf", C=10.0, epsilon=0.5).fit(x[:, None], y)
    grid = _by_gid(plot_svr_1d(rbf, x, y, epsilon=0.5), "fit")[0].get_xdata()
    assert (grid[0], grid[-1]) == pytest.approx((-0.2, 4.2))


def test_plot_losses_single_axes():
    ax = plot_losses(epsilon=0.5, mu=1.0)
    keys = ["quadratic", "laplace", "huber", "epsilon_insensitive"]
    lines = {k: _by_gid(ax, f"loss_{k}")[0] for k in keys}
    r = lines["huber"].get_xdata()
    np.testing.assert_allclose(lines["huber"].get_ydata(), plotting.loss_huber(r, 1.0))
    eps = lines["epsilon_insensitive"].get_ydata()
    assert np.all(eps[np.abs(r) <= 0.5] == 0.0)
    assert _labelled(ax) and len(ax.get_legend().get_texts()) == 4


def test_plot_losses_four_panels_fig_5_1():
    fig, axes = plt.subplots(1, 4)
    out = plot_losses(axes=axes, epsilon=0.25, mu=0.5)
    assert len(out) == 4
    assert [a.get_title()[:3] for a in out] == ["(a)", "(b)", "(c)", "(d)"]
    assert all(_labelled(a) and len(a.get_lines()) == 1 for a in out)
    with pytest.raises(ValueError, match="axes must hold 4"):
        plot_losses(axes=axes[:3])


def _separators(ax):
    return _by_gid(ax, "separator")


def _not_separable(ax):
    return _by_gid(ax, "not_separable")


def test_plot_shattering_three_points_all_separable():
    points = np.array([[0.0, 0.0], [1.0, 0.0], [0.3, 1.0]])
    axes = plot_shattering(points)
    assert len(axes) == 8
    for ax, labels in zip(axes, itertools.product((-1, 1), repeat=3), strict=True):
        (line,) = _separators(ax)
        assert _not_separable(ax) == []
        # the drawn line separates the labelling: classes on opposite sides (or all on one)
        (x0, x1), (y0, y1) = line.get_xdata(), line.get_ydata()
        side = np.sign((x1 - x0) * (points[:, 1] - y0) - (y1 - y0) * (points[:, 0] - x0))
        labels = np.array(labels)
        assert np.all(side != 0)
        assert np.all(side * labels == side[0] * labels[0])


def test_plot_shattering_square_xor_is_not_separable():
    square = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    axes = plot_shattering(square)
    assert len(axes) == 16
    marked = [i for i, ax in enumerate(axes) if _not_separable(ax)]
    assert len(marked) == 2
    # the two XOR labellings: (0,0) and (1,1) share a class, (1,0) and (0,1) the other
    for i in marked:
        labels = [(i >> (3 - k)) & 1 for k in range(4)]
        assert labels[0] == labels[3] != labels[1] == labels[2]
        assert _separators(axes[i]) == []
    assert all(len(_separators(ax)) == 1 for i, ax in enumerate(axes) if i not in marked)


def test_plot_shattering_custom_separator_and_axes():
    calls = []

    def never(X, y):
        calls.append(y)
        return None

    fig, axes = plt.subplots(2, 4)
    out = plot_shattering([[0, 0], [1, 0], [0, 1]], axes=axes, separator=never)
    assert len(out) == 8 and len(calls) == 6  # the two one-class labellings need no separator
    assert sum(bool(_not_separable(ax)) for ax in out) == 6
    with pytest.raises(ValueError, match="points must have shape"):
        plot_shattering([0, 1, 2])


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


def test_plot_vc_bound_marks_srm_choice():
    h = np.arange(1, 21, dtype=float)
    n, delta = 100, 0.05
    confidence = np.sqrt((h * (np.log(2 * n / h) + 1) - np.log(delta / 4)) / n)
    emp_risk = 0.5 / h
    ax = plot_vc_bound(h, confidence, emp_risk=emp_risk)
    (bound,) = _by_gid(ax, "bound")
    np.testing.assert_allclose(bound.get_ydata(), emp_risk + confidence)
    (choice,) = _by_gid(ax, "srm_choice")
    assert choice.get_xdata()[0] == h[np.argmin(emp_risk + confidence)]
    assert _labelled(ax)
    ax = plot_vc_bound(h, confidence)
    assert _by_gid(ax, "bound") == [] and len(_by_gid(ax, "confidence")) == 1


def test_plot_vc_bound_label_and_color_style_two_forms_on_one_axes():
    h = np.arange(1, 21, dtype=float)
    ax = plot_vc_bound(h, np.sqrt(h / 100), label="Vapnik's form")
    out = plot_vc_bound(
        h, np.sqrt(h / 120), ax=ax, label="as printed", color="#D55E00", linestyle=":"
    )
    assert out is ax
    first, second = _by_gid(ax, "confidence")
    assert first.get_label() == "Vapnik's form" and first.get_linestyle() == "--"
    assert first.get_color() == plotting.OKABE_ITO[0]
    assert second.get_label() == "as printed" and second.get_linestyle() == ":"
    assert second.get_color() == "#D55E00"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Vapnik's form", "as printed"]


def test_plot_kernel_gram_and_profile():
    x = np.linspace(0, 1, 5)[:, None]

    def rbf(A, B):
        return np.exp(-0.5 * (A - B.T) ** 2)

    ax = plot_kernel_gram(rbf(x, x), title="RBF")
    (image,) = _by_gid(ax, "gram")
    assert image.get_array().shape == (5, 5) and ax.get_title() == "RBF" and _labelled(ax)
    assert len(ax.figure.axes) == 2  # the colour bar

    ax = plot_kernel_profile(rbf, x0=1.0, label="RBF")
    (line,) = _by_gid(ax, "kernel_profile")
    assert line.get_ydata().max() == pytest.approx(1.0, abs=1e-3)
    assert line.get_xdata()[np.argmax(line.get_ydata())] == pytest.approx(1.0, abs=0.02)
    assert _labelled(ax) and "1" in ax.get_ylabel()
    with pytest.raises(ValueError, match="kernel_fn must return"):
        plot_kernel_profile(lambda A, B: np.ones((3, 3)))


def test_plot_grid_panels_and_titles():
    models = {c: SVC(kernel="linear", C=c).fit(X22, Y22) for c in (0.01, 1.0, 100.0)}

    def view(C, ax=None, **kwargs):
        return plot_svc_2d(models[C], X22, Y22, ax=ax, **kwargs)

    fig = plot_grid(view, "C", [0.01, 1.0, 100.0], legend=False)
    axes = [a for a in fig.axes if a.get_visible()]
    assert len(axes) == 3
    assert [a.get_title() for a in axes] == ["C = 0.01", "C = 1", "C = 100"]
    for C, ax in zip((0.01, 1.0, 100.0), axes, strict=True):
        assert _n_circled(ax) == len(models[C].support_) and ax.get_legend() is None

    fig = plot_grid(lambda mu, ax: plot_losses(mu=mu, ax=ax), "mu", [0.5, 1, 2, 3, 4], ncols=2)
    assert len(fig.axes) == 6 and sum(a.get_visible() for a in fig.axes) == 5
    assert fig.axes[1].get_title() == "mu = 1"


def test_style_is_scoped_and_use_style_applies_it():
    before = dict(matplotlib.rcParams)
    ax = plot_losses()
    assert tuple(ax.figure.get_size_inches()) == tuple(STYLE["figure.figsize"])
    assert dict(matplotlib.rcParams) == before  # no global change from a plotting call
    with style():
        assert matplotlib.rcParams["axes.spines.top"] is False
    assert dict(matplotlib.rcParams) == before
    try:
        use_style()
        assert matplotlib.rcParams["legend.frameon"] is False
    finally:
        matplotlib.rcParams.update(before)


def test_no_function_calls_show(monkeypatch, linear_svc):
    def boom(*args, **kwargs):
        raise AssertionError("plt.show called")

    monkeypatch.setattr(plt, "show", boom)
    plot_svc_2d(linear_svc, X22, Y22)
    plot_losses()
    plot_shattering([[0, 0], [1, 0]])


def test_style_leaves_interactive_mode_alone():
    # The inline backend turns interactive mode on when a session's first figure is made inside
    # style(); restoring it on exit would stop Jupyter from showing later figures automatically.
    before = matplotlib.rcParams["interactive"]
    try:
        with plotting.style():
            matplotlib.rcParams["interactive"] = not before
        assert matplotlib.rcParams["interactive"] is (not before)
    finally:
        matplotlib.rcParams["interactive"] = before


# --- Gunn's schematic figures 1.1, 2.1, 2.2, 2.3, 2.5, 2.9 ---


def _line_params(line):
    """Unit normal ``u`` and offset ``c`` of a drawn straight line ``u . x + c = 0``."""
    (x0, x1), (y0, y1) = line.get_xdata(), line.get_ydata()
    u = np.array([y1 - y0, x0 - x1], dtype=float)
    u /= np.linalg.norm(u)
    return u, -u @ np.array([x0, y0])


def _signed_distances(line, X):
    u, c = _line_params(line)
    return X @ u + c


def test_plot_modelling_errors_fig_1_1_geometry():
    ax = plot_modelling_errors()
    (hyp,) = _by_gid(ax, "hypothesis_space")
    (target,) = _by_gid(ax, "target_space")
    f0 = _by_gid(ax, "target")[0].get_xydata()[0]
    fn = _by_gid(ax, "best_in_class")[0].get_xydata()[0]
    fnl = _by_gid(ax, "learned")[0].get_xydata()[0]
    for p, inside in ((f0, False), (fnl, True)):
        assert hyp.contains_point(ax.transData.transform(p)) == inside
        assert target.contains_point(ax.transData.transform(p))
    # f_n is the point of H_n nearest to f_0: on its boundary, closer than any other boundary point
    (cx, cy), a, b = hyp.center, hyp.width / 2, hyp.height / 2
    assert ((fn[0] - cx) / a) ** 2 + ((fn[1] - cy) / b) ** 2 == pytest.approx(1.0)
    t = np.linspace(0, 2 * np.pi, 5000)
    boundary = np.column_stack([cx + a * np.cos(t), cy + b * np.sin(t)])
    assert np.linalg.norm(fn - f0) <= np.linalg.norm(boundary - f0, axis=1).min() + 1e-3
    approx = [c for c in ax.get_children() if c.get_gid() == "approximation_error"]
    estim = [c for c in ax.get_children() if c.get_gid() == "estimation_error"]
    assert len(approx) == len(estim) == 1
    np.testing.assert_allclose(approx[0].xy, fn) and np.testing.assert_allclose(estim[0].xy, fnl)
    assert _labelled(ax)
    with pytest.raises(ValueError, match="target"):
        plot_modelling_errors(target=(0.0, 0.0))


@pytest.fixture(scope="module")
def table_21():
    return gunn_table("2.1")


def test_max_margin_hyperplane_is_table_2_1_osh(table_21):
    w, b = plotting._max_margin_hyperplane(*table_21)
    np.testing.assert_allclose(w, [-2.0, 4.0], atol=1e-5)
    assert b == pytest.approx(-5.0, abs=1e-5)


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
    Z = plotting.feature_map_quadratic(X)
    np.testing.assert_allclose(Z @ Z.T, (X @ X.T) ** 2, rtol=1e-12)


def test_plot_feature_map_fig_2_9():
    from svmbook.datasets import make_circles2d

    X, y = make_circles2d(40, factor=0.5, noise=0.05, random_state=3)
    signs = np.where(y > 0, 1.0, -1.0)
    ax_in, ax_3d = plot_feature_map(X, y)
    assert ax_3d.name == "3d" and ax_in.name == "rectilinear"
    assert len(_by_gid(ax_3d, "separating_plane")) == 1
    # the optimal plane in feature space separates the mapped rings ...
    Z = plotting.feature_map_quadratic(X)
    w, b = plotting._max_margin_hyperplane(Z, signs)
    assert np.all(signs * (Z @ w + b) >= 1 - 1e-6)
    # ... and the drawn input-space boundary is its preimage, a closed curve around the inner ring
    (boundary,) = _by_gid(ax_in, "decision_boundary", ContourSet)
    np.testing.assert_array_equal(boundary.levels, [0.0])
    (path,) = [p for p in boundary.get_paths() if len(p.vertices)]
    f_on_curve = plotting.feature_map_quadratic(path.vertices) @ w + b
    assert np.abs(f_on_curve).max() < 0.05
    inside = path.contains_points(X)
    np.testing.assert_array_equal(inside, y == y.max())  # +1 (inner ring) inside
    assert ax_3d.get_zlabel() == "$x_2^2$" and _labelled(ax_in)
    fig = plt.figure()
    with pytest.raises(ValueError, match="3-D"):
        plot_feature_map(X, y, axes=(fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)))
