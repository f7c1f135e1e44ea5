
import matplotlib.pyplot as plt
import numpy as np
import pytest
from sklearn.svm import SVR

from svmbook.datasets import gunn_table
from svmbook.losses import loss_huber
from svmbook.plots import (
    plot_losses,
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


def test_plot_losses_four_panels_fig_5_1():
    fig, axes = plt.subplots(1, 4)
    out = plot_losses(axes=axes, epsilon=0.25, delta=0.5)
    assert len(out) == 4
    assert [a.get_title()[:3] for a in out] == ["(a)", "(b)", "(c)", "(d)"]
    assert all(_labelled(a) and len(a.get_lines()) == 1 for a in out)
    with pytest.raises(ValueError, match="axes must hold 4"):
        plot_losses(axes=axes[:3])

