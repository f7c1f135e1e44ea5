
import matplotlib.pyplot as plt
import numpy as np
import pytest
from sklearn.svm import SVR

from svmbook.datasets import gunn_table
from svmbook.losses import loss_huber
from svmbook.plots import (
    plot_losses,
    plot_smooth_eps_loss,
    plot_svr_1d,
)

X22, Y22 = gunn_table("2.2")  # Gunn's Table 2.2: not separable
X_REG, Y_REG = gunn_table("5.1")  # Gunn's Table 5.1: 1-D regression
X_REG = X_REG[:, 0]

X_REG, Y_REG = gunn_table("5.1")  # Gunn's Table 5.1: 1-D regression

X_REG = X_REG[:, 0]



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
    ax = plot_losses(epsilon=0.5, delta=1.0)
    keys = ["quadratic", "laplace", "huber", "epsilon_insensitive"]
    lines = {k: _by_gid(ax, f"loss_{k}")[0] for k in keys}
    r = lines["huber"].get_xdata()
    np.testing.assert_allclose(lines["huber"].get_ydata(), loss_huber(r, 1.0))
    eps = lines["epsilon_insensitive"].get_ydata()
    assert np.all(eps[np.abs(r) <= 0.5] == 0.0)
    assert _labelled(ax) and len(ax.get_legend().get_texts()) == 4
    # house style: the legend outside the axes, off the curves; none when asked
    assert ax.get_legend().get_bbox_to_anchor().x0 > ax.get_window_extent().x1 - 1
    assert plot_losses(legend=False).get_legend() is None


def test_plot_losses_four_panels_fig_5_1():
    fig, axes = plt.subplots(1, 4)
    out = plot_losses(axes=axes, epsilon=0.25, delta=0.5)
    assert len(out) == 4
    assert [a.get_title()[:3] for a in out] == ["(a)", "(b)", "(c)", "(d)"]
    assert all(_labelled(a) and len(a.get_lines()) == 1 for a in out)
    with pytest.raises(ValueError, match="axes must hold 4"):
        plot_losses(axes=axes[:3])



def _sinc_data():
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-3.0, 3.0, 60))
    return x, np.sinc(x) + rng.normal(0.0, 0.1, x.size)


def test_plot_svr_1d_circles_the_points_outside_the_tube_of_a_smooth_regression():
    from svmbook.reduced import SSVR

    x, y = _sinc_data()
    model = SSVR(C=10.0, epsilon=0.1, gamma=2.0).fit(x[:, None], y)
    ax = plot_svr_1d(model, x, y, epsilon=0.1, circle_sv="outside", n_grid=101)
    (svs,) = _by_gid(ax, "support_vectors")
    outside = np.abs(y - model.predict(x[:, None])) > 0.1
    assert 0 < outside.sum() < x.size
    np.testing.assert_allclose(svs.get_offsets(), np.column_stack([x[outside], y[outside]]))
    assert svs.get_label() == "outside the tube"
    # without support_, circle_sv=True cannot circle anything
    with pytest.raises(TypeError, match="support_"):
        plot_svr_1d(model, x, y, epsilon=0.1)


def test_plot_svr_1d_marks_the_reduced_set_on_the_curve():
    from svmbook.reduced import RSVR

    x, y = _sinc_data()
    model = RSVR(reduced_size=8, C=10.0, epsilon=0.1, gamma=2.0, random_state=0)
    model.fit(x[:, None], y)
    ax = plot_svr_1d(model, x, y, epsilon=0.1, circle_sv=False, show_reduced_set=True)
    (marks,) = _by_gid(ax, "reduced_set")
    xr = model.reduced_set_[:, 0]
    on_curve = np.column_stack([xr, model.predict(xr[:, None])])
    np.testing.assert_allclose(marks.get_offsets(), on_curve)
    assert "m=8" in marks.get_label()
    svr = SVR().fit(x[:, None], y)
    with pytest.raises(TypeError, match="reduced_set_"):
        plot_svr_1d(svr, x, y, epsilon=0.1, show_reduced_set=True)


def test_plot_smooth_eps_loss_lies_above_the_exact_loss_and_approaches_it():
    from svmbook.solvers.smooth_plus import eps_insensitive_sq

    ax = plot_smooth_eps_loss(epsilon=0.5, betas=(2.0, 20.0), n_grid=201)
    (exact,) = _by_gid(ax, "loss_eps_sq")
    r = exact.get_xdata()
    np.testing.assert_allclose(exact.get_ydata(), eps_insensitive_sq(r, 0.5))
    gaps = []
    for beta in (2, 20):
        (curve,) = _by_gid(ax, f"smooth_beta_{beta}")
        assert curve.get_linestyle() == "--"
        assert curve.get_zorder() > exact.get_zorder()  # drawn over the exact loss, not hidden
        gap = curve.get_ydata() - exact.get_ydata()
        assert np.all(gap > 0.0)  # positive even inside the tube
        gaps.append(gap.max())
    assert gaps[1] < gaps[0]
    assert len(_by_gid(ax, "tube_edges")) == 2
    assert _labelled(ax) and ax.get_legend() is not None
