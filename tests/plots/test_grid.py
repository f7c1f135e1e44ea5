from sklearn.svm import SVC

from svmbook.datasets import gunn_table
from svmbook.plots import (
    plot_grid,
    plot_losses,
    plot_svc_2d,
)

X22, Y22 = gunn_table("2.2")  # Gunn's Table 2.2: not separable
X_REG, Y_REG = gunn_table("5.1")  # Gunn's Table 5.1: 1-D regression
X_REG = X_REG[:, 0]

X22, Y22 = gunn_table("2.2")  # Gunn's Table 2.2: not separable


def _by_gid(ax, gid, kind=None):
    artists = [a for a in ax.get_children() if a.get_gid() == gid]
    if kind is not None:
        artists = [a for a in artists if isinstance(a, kind)]
    return artists


def _n_circled(ax):
    (svs,) = _by_gid(ax, "support_vectors")
    return len(svs.get_offsets())


def test_plot_grid_panels_and_titles():
    models = {c: SVC(kernel="linear", C=c).fit(X22, Y22) for c in (0.01, 1.0, 100.0)}

    def view(C, ax=None, **kwargs):
        return plot_svc_2d(models[C], X22, Y22, ax=ax, **kwargs)

    fig = plot_grid(view, "C", [0.01, 1.0, 100.0], legend=False)
    axes = [a for a in fig.axes if a.get_visible()]
    assert len(axes) == 3
    assert [a.get_title() for a in axes] == ["$C = 0.01$", "$C = 1$", "$C = 100$"]
    for C, ax in zip((0.01, 1.0, 100.0), axes, strict=True):
        assert _n_circled(ax) == len(models[C].support_) and ax.get_legend() is None

    def losses_panel(delta, ax):
        return plot_losses(delta=delta, ax=ax)

    fig = plot_grid(losses_panel, "delta", [0.5, 1, 2, 3, 4], ncols=2)
    assert len(fig.axes) == 6 and sum(a.get_visible() for a in fig.axes) == 5
    assert fig.axes[1].get_title() == r"$\delta = 1$"


def test_plot_grid_one_legend_for_the_row():
    fig = plot_grid(plot_losses, "epsilon", [0.0, 1e5], one_legend=True)
    assert [a.get_legend() is None for a in fig.axes] == [True, False]
    # a power of ten is written as one, in mathtext, at the source (never "1e+05")
    assert [a.get_title() for a in fig.axes] == [r"$\varepsilon = 0$", r"$\varepsilon = 10^{5}$"]


def test_plot_grid_panel_title_format_and_keep():
    def view(C, ax=None, **kwargs):
        model = SVC(kernel="linear", C=C).fit(X22, Y22)
        return plot_svc_2d(model, X22, Y22, ax=ax, title="own", **kwargs)

    fig = plot_grid(view, "C", [1.0, 100.0], legend=False, panel_title=r"$C$ = {value}")
    assert [a.get_title() for a in fig.axes] == ["$C$ = $1$", "$C$ = $100$"]
    fig = plot_grid(view, "C", [1e5], legend=False, panel_title=r"$C$ = {value}")
    assert fig.axes[0].get_title() == "$C$ = $10^{5}$"
    fig = plot_grid(view, "C", [1.0], legend=False, panel_title="run {value}")
    assert fig.axes[0].get_title() == "run $1$"
    fig = plot_grid(view, "C", [1.0, 100.0], legend=False, panel_title=False)
    assert [a.get_title() for a in fig.axes] == ["own", "own"]
