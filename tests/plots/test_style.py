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


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (10, "10"),
        (0.5, "0.5"),
        (1e5, "10^{5}"),
        (1e-5, "10^{-5}"),
        (2.5e-7, r"2.5 \times 10^{-7}"),
        (float("inf"), r"\infty"),
        (123456.0, r"1.235 \times 10^{5}"),
    ],
)
def test_math_value_writes_powers_of_ten(value, text):
    from svmbook.plots._style import math_value

    assert math_value(value) == text


def test_param_title_in_mathtext():
    from svmbook.plots._style import param_title

    assert param_title("C", 1e5) == "$C = 10^{5}$"
    assert param_title("gamma", 0.25) == r"$\gamma = 0.25$"
    assert param_title("epsilon", 0.1) == r"$\varepsilon = 0.1$"
    assert param_title("$m$", 20) == "$m = 20$"
    assert param_title("kernel", "rbf") == "kernel = rbf"
    assert param_title("step", 3) == "step $= 3$"
    assert param_title("shrinking", True) == "shrinking = True"
    assert param_title("sigma", "auto") == r"$\sigma$ = auto"
