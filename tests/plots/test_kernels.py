
import numpy as np
import pytest

from svmbook.datasets import gunn_table
from svmbook.plots import (
    plot_kernel_gram,
    plot_kernel_profile,
)

X22, Y22 = gunn_table("2.2")  # Gunn's Table 2.2: not separable
X_REG, Y_REG = gunn_table("5.1")  # Gunn's Table 5.1: 1-D regression
X_REG = X_REG[:, 0]




def _by_gid(ax, gid, kind=None):
    artists = [a for a in ax.get_children() if a.get_gid() == gid]
    if kind is not None:
        artists = [a for a in artists if isinstance(a, kind)]
    return artists


def _labelled(ax):
    return bool(ax.get_xlabel()) and bool(ax.get_ylabel())



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

