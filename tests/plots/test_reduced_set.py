"""Figures of simplified machines: what is drawn, and where."""

import matplotlib.pyplot as plt
import numpy as np
import pytest

from svmbook import plots


def _by_gid(artists, gid):
    return [a for a in artists if a.get_gid() == gid]


def test_reduction_accuracy_axes_in_percent():
    """Check reduction and accuracy in %, points ordered by reduction, the original level."""
    curves = {
        "bottom-up": ([500, 1000, 250], [90, 80, 120]),
        "top-down": ([1000, 500], [100, 150]),
    }
    ax = plots.plot_reduction_accuracy(curves, n_original=2000, n_test=1000, original_errors=80)
    (bu,) = _by_gid(ax.lines, "bottom-up")
    np.testing.assert_allclose(bu.get_xdata(), [50.0, 75.0, 87.5])
    np.testing.assert_allclose(bu.get_ydata(), [92.0, 91.0, 88.0])
    (td,) = _by_gid(ax.lines, "top-down")
    assert td.get_color() != bu.get_color()
    (level,) = _by_gid(ax.lines, "original")
    assert level.get_ydata()[0] == pytest.approx(92.0)
    assert ax.get_xlabel() == "reduction rate (%)"


def test_reduction_accuracy_bad_input():
    """Check that empty curves, unequal sequences and non-positive sizes are refused."""
    with pytest.raises(ValueError, match="curves"):
        plots.plot_reduction_accuracy({}, n_original=10, n_test=10)
    with pytest.raises(ValueError, match=r"curves\['a'\]"):
        plots.plot_reduction_accuracy({"a": ([1, 2], [1])}, n_original=10, n_test=10)
    with pytest.raises(ValueError, match="n_test"):
        plots.plot_reduction_accuracy({"a": ([1], [1])}, n_original=10, n_test=0)


def test_reduced_vectors_one_row_per_machine():
    """Check one image per vector with its weight below, one row per label, wrapped rows."""
    rng = np.random.default_rng(0)
    Z = rng.uniform(-1, 1, size=(7, 16))
    beta = np.array([1.5, -0.25, 2.0, 0.125, -3.0, 0.5, 1.0])
    labels = ["1", "1", "8", "8", "8", "8", "8"]
    fig = plots.plot_reduced_vectors(Z, beta, image_shape=(4, 4), labels=labels, max_columns=3)
    images = [im for ax in fig.axes for im in ax.images]
    assert sorted(im.get_gid() for im in images) == [f"vector_{i}" for i in range(7)]
    (im,) = [im for im in images if im.get_gid() == "vector_4"]
    np.testing.assert_array_equal(im.get_array(), Z[4].reshape(4, 4))
    texts = {t.get_gid(): t.get_text() for ax in fig.axes for t in ax.texts}
    assert texts["weight_1"] == "-0.25" and texts["weight_4"] == "-3"
    # rows: "1" (2 vectors), "8" (3), its continuation (2): 3 rows of 3 cells
    assert len(fig.axes) == 9
    assert [ax.get_ylabel() for ax in fig.axes[::3]] == ["1", "8", ""]


def test_reduced_vectors_into_a_figure():
    """Check drawing into a given figure, every vector in one group without labels."""
    fig = plt.figure()
    out = plots.plot_reduced_vectors(np.ones((2, 256)), [1.0, 2.0], fig=fig, title="t")
    assert out is fig
    assert len(fig.axes) == 2
    assert fig._suptitle.get_text() == "t"


def test_reduced_vectors_bad_input():
    """Check the shapes of Z, beta and labels, and max_columns."""
    with pytest.raises(ValueError, match="Z must have shape"):
        plots.plot_reduced_vectors(np.ones((2, 10)), [1.0, 2.0])
    with pytest.raises(ValueError, match="beta"):
        plots.plot_reduced_vectors(np.ones((2, 256)), [1.0])
    with pytest.raises(ValueError, match="labels"):
        plots.plot_reduced_vectors(np.ones((2, 256)), [1.0, 2.0], labels=["a"])
    with pytest.raises(ValueError, match="max_columns"):
        plots.plot_reduced_vectors(np.ones((2, 256)), [1.0, 2.0], max_columns=0)
