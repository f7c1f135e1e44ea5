
import matplotlib
import matplotlib.pyplot as plt
import pytest
from sklearn.svm import SVC

from svmbook import plots
from svmbook.datasets import gunn_table
from svmbook.plots import (
    STYLE,
    plot_losses,
    plot_shattering,
    plot_svc_2d,
    style,
    use_style,
)

X22, Y22 = gunn_table("2.2")  # Gunn's Table 2.2: not separable
X_REG, Y_REG = gunn_table("5.1")  # Gunn's Table 5.1: 1-D regression
X_REG = X_REG[:, 0]

X22, Y22 = gunn_table("2.2")  # Gunn's Table 2.2: not separable



@pytest.fixture(scope="module")
def linear_svc():
    return SVC(kernel="linear", C=1.0).fit(X22, Y22)



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
        with plots.style():
            matplotlib.rcParams["interactive"] = not before
        assert matplotlib.rcParams["interactive"] is (not before)
    finally:
        matplotlib.rcParams["interactive"] = before

