"""Figures of the radius-margin chapter: what is drawn, and where."""

import numpy as np
import pytest
from matplotlib.colors import LogNorm

from svmbook import plots


def _by_gid(artists, gid):
    return [a for a in artists if a.get_gid() == gid]


def test_bound_bands_draw_each_band_its_edges_and_exact_value():
    steps = np.arange(4)
    bands = {"R": ([0.5, 0.8, 0.9, 1.0], [2.0, 1.5, 1.1, 1.0]), r"$\Delta$": ([0.0, 0.1, 0.2, 0.3],
             [1.0, 0.6, 0.4, 0.3])}  # fmt: skip
    ax = plots.plot_bound_bands(steps, bands, exact={"R": 1.0}, title="t")
    for k in (0, 1):
        assert len(_by_gid(ax.collections, f"band_{k}")) == 1
    (low,) = _by_gid(ax.lines, "low_1")
    # on the log axis the margin's zero lower bound is left open (not drawn)
    assert np.isnan(low.get_ydata()[0]) and low.get_ydata()[1] == 0.1
    (exact,) = _by_gid(ax.lines, "exact_0")
    assert exact.get_ydata()[0] == 1.0 and exact.get_linestyle() == ":"
    assert not _by_gid(ax.lines, "exact_1")
    assert ax.get_yscale() == "log" and ax.get_title() == "t"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert sorted(labels) == sorted(["R", r"$\Delta$", "R: exact"])


def test_bound_bands_open_an_infinite_upper_bound():
    bands = {"T": ([1.0, 2.0], [np.inf, 3.0])}
    ax = plots.plot_bound_bands([0, 1], bands, logy=False, legend=False)
    (up,) = _by_gid(ax.lines, "up_0")
    assert np.isnan(up.get_ydata()[0]) and up.get_ydata()[1] == 3.0
    assert ax.get_legend() is None


@pytest.mark.parametrize(
    ("bands", "exact", "match"),
    [
        ({}, None, "non-empty"),
        ({"a": ([1.0], [2.0])}, None, "two arrays of 2"),
        ({"a": ([3.0, 1.0], [2.0, 2.0])}, None, "exceeds"),
        ({"a": ([1.0, 1.0], [2.0, 2.0])}, {"b": 1.0}, "not drawn"),
    ],
)
def test_bound_bands_bad_input(bands, exact, match):
    with pytest.raises(ValueError, match=match):
        plots.plot_bound_bands([0, 1], bands, exact=exact)


def test_iteration_map_cells_total_selection_and_start():
    log2_C = np.array([-1.0, 0.0, 1.0])
    log2_g = np.array([-2.0, 2.0])
    counts = np.array([[0, 10, 100], [1000, 5, 0]])
    ax = plots.plot_iteration_map(log2_C, log2_g, counts, selected=(1.0, 2.0), start=(0.0, -2.0))
    (mesh,) = _by_gid(ax.collections, "iterations")
    assert isinstance(mesh.norm, LogNorm) and (mesh.norm.vmin, mesh.norm.vmax) == (5.0, 1000.0)
    # zero counts take the lowest colour; rows are the kernel parameter (y)
    np.testing.assert_array_equal(mesh.get_array().reshape(2, 3), [[5, 10, 100], [1000, 5, 5]])
    (star,) = _by_gid(ax.collections, "selected")
    np.testing.assert_array_equal(star.get_offsets(), [[1.0, 2.0]])
    (ring,) = _by_gid(ax.collections, "start")
    np.testing.assert_array_equal(ring.get_offsets(), [[0.0, -2.0]])
    cbar_label = ax.figure.axes[-1].get_ylabel()
    assert cbar_label == "SMO steps (total 1,115)"


@pytest.mark.parametrize(
    ("counts", "match"),
    [(np.zeros((3, 2)), "shape"), (np.array([[1.0, -1.0], [0.0, 1.0]]), "non-negative")],
)
def test_iteration_map_bad_input(counts, match):
    with pytest.raises(ValueError, match=match):
        plots.plot_iteration_map([0.0, 1.0], [0.0, 1.0], counts)
    with pytest.raises(ValueError, match="increasing"):
        plots.plot_iteration_map([1.0, 0.0], [0.0, 1.0], np.ones((2, 2)))
