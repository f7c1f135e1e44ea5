"""Figures of the model-selection chapter: what is drawn, and where."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_rgba

from svmbook import plots
from svmbook.model_selection import MuSearchResult


def _by_gid(artists, gid):
    return [a for a in artists if a.get_gid() == gid]


LOG2_C = np.array([-2.0, 0.0, 2.0, 4.0])
LOG2_G = np.array([-1.0, 1.0, 3.0])
VALUES = np.array(
    [
        [0.40, 0.30, 0.35],
        [0.20, 0.10, 0.25],
        [0.15, 0.10, 0.30],
        [12.0, 0.50, np.nan],
    ]
)


def test_estimate_map_cells_minima_and_mask():
    mask = np.zeros(VALUES.shape, dtype=bool)
    mask[0, 0] = mask[3, 1] = True
    ax = plots.plot_estimate_map(LOG2_C, LOG2_G, VALUES, mask=mask, vmax=1.0, title="t")
    (mesh,) = _by_gid(ax.collections, "estimate")
    # one cell per grid point, stored gamma-major (rows = log2 gamma)
    assert mesh.get_array().shape == (LOG2_G.size, LOG2_C.size)
    np.testing.assert_array_equal(np.ma.filled(mesh.get_array(), np.nan), VALUES.T)
    # the colour range is clipped at vmax, so GACV-like values above 1 do not set it
    assert mesh.norm.vmax == 1.0 and mesh.norm.vmin == pytest.approx(0.10)
    # the two tied minima (log2 C, log2 gamma) = (0, 1) and (2, 1), both starred, each star in
    # the upper right of its 2 x 2 cell (0.3 of a cell from the centre), off the value label
    (stars,) = _by_gid(ax.collections, "minimum")
    np.testing.assert_allclose(sorted(map(tuple, stars.get_offsets())), [(0.6, 1.6), (2.6, 1.6)])
    # the hatched cells cover their grid points, one step wide
    hatched = _by_gid(ax.patches, "masked")
    corners = sorted((p.get_x(), p.get_y(), p.get_width(), p.get_height()) for p in hatched)
    assert corners == [(-3.0, -2.0, 2.0, 2.0), (3.0, 0.0, 2.0, 2.0)]
    # a value per finite cell, large ones without decimals
    texts = [t.get_text() for t in _by_gid(ax.texts, "value")]
    assert len(texts) == np.isfinite(VALUES).sum() and "12" in texts and "0.10" in texts
    assert ax.get_xlabel() == r"$\log_2 C$" and ax.get_ylabel() == r"$\log_2 \gamma$"
    assert len(ax.figure.axes) == 2  # the colour bar


def test_estimate_map_without_extras_and_bad_input():
    fig, ax = plt.subplots()
    out = plots.plot_estimate_map(LOG2_C, LOG2_G, VALUES, annotate=False, colorbar=False, ax=ax)
    assert out is ax and not _by_gid(ax.texts, "value") and len(fig.axes) == 1
    with pytest.raises(ValueError, match="values must have shape"):
        plots.plot_estimate_map(LOG2_C, LOG2_G, VALUES.T)
    with pytest.raises(ValueError, match="log2_C must be strictly increasing"):
        plots.plot_estimate_map(LOG2_C[::-1], LOG2_G, VALUES)
    with pytest.raises(ValueError, match="mask must have the shape"):
        plots.plot_estimate_map(LOG2_C, LOG2_G, VALUES, mask=np.zeros((2, 2), bool))
    with pytest.raises(ValueError, match="no finite"):
        plots.plot_estimate_map(LOG2_C, LOG2_G, np.full(VALUES.shape, np.nan))


def test_design_stages_and_best():
    stage1 = np.array([[0.0, 0.0], [-2.0, -1.0], [2.0, 1.0]])
    stage2 = np.array([[1.0, 0.5], [3.0, 1.5]])
    ax = plots.plot_design([stage1, stage2], best=(2.0, 1.0))
    for k, stage in enumerate((stage1, stage2)):
        (points,) = _by_gid(ax.collections, f"stage_{k}")
        np.testing.assert_allclose(points.get_offsets(), stage)
    (best,) = _by_gid(ax.collections, "best")
    np.testing.assert_allclose(best.get_offsets(), [[2.0, 1.0]])
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["stage 1 (3 points)", "stage 2 (2 points)", "chosen"]
    with pytest.raises(ValueError, match="at least one stage"):
        plots.plot_design([])
    with pytest.raises(ValueError, match=r"stages\[0\] must be an array of shape"):
        plots.plot_design([np.zeros((3, 3))])


def test_mu_map_curve_levels_and_schedules():
    log2_C = np.array([-4.0, -2.0, 0.0, 2.0])
    inv_mu = np.array([180.0, 120.0, 30.0, 5.0])
    schedules = {"linear in 1/mu": [178.0, 90.0, 1.0], "linear in mu": [178.0, 2.0, 1.0]}
    ax = plots.plot_mu_map(log2_C, inv_mu, class_sizes={"class -1": 180, "class +1": 220},
                           schedules=schedules)  # fmt: skip
    (curve,) = _by_gid(ax.lines, "mu_map")
    np.testing.assert_allclose(curve.get_xydata(), np.column_stack([log2_C, inv_mu]))
    for k, n in enumerate((180.0, 220.0)):
        (level,) = _by_gid(ax.lines, f"centroid_{k}")
        np.testing.assert_allclose(level.get_ydata(), [n, n])
    (one,) = _by_gid(ax.lines, "mu_one")
    np.testing.assert_allclose(one.get_ydata(), [1.0, 1.0])
    # each schedule is a column of ticks right of the curve, at its 1/mu values
    xs = []
    for k, values in enumerate(schedules.values()):
        (ticks,) = _by_gid(ax.lines, f"schedule_{k}")
        np.testing.assert_allclose(ticks.get_ydata(), values)
        assert np.unique(ticks.get_xdata()).size == 1
        xs.append(ticks.get_xdata()[0])
    assert log2_C[-1] < xs[0] < xs[1]
    with pytest.raises(ValueError, match="inv_mu must have the length"):
        plots.plot_mu_map(log2_C, inv_mu[:2])


def _rows():
    result = MuSearchResult(best_params=None, best_score=np.inf)
    table = [  # gamma, mu, score, stop
        (1.0, 1 / 8, 0.5, ""), (1.0, 1 / 4, 0.3, ""), (1.0, 1 / 2, np.nan, "intersect"),
        (4.0, 1 / 8, 0.4, ""), (4.0, 1 / 4, 0.2, ""), (4.0, 1 / 2, 0.25, ""), (4.0, 1.0, 0.6, ""),
    ]  # fmt: skip
    result.rows = [{"gamma": g, "mu": m, "score": s, "stop": stop} for g, m, s, stop in table]
    return result.rows


def test_mu_search_lines_stops_and_best():
    rows = _rows()
    ax = plots.plot_mu_search(rows, ylabel="GACV")
    (first,) = _by_gid(ax.lines, "gamma_0")
    np.testing.assert_allclose(first.get_xydata(), [[8.0, 0.5], [4.0, 0.3]])
    (second,) = _by_gid(ax.lines, "gamma_1")
    np.testing.assert_allclose(second.get_xdata(), [8.0, 4.0, 2.0, 1.0])
    # gamma = 1 stopped where its hulls intersect, at 1/mu = 2, drawn at its last score 0.3;
    # gamma = 4 ran to mu = 1
    (stop,) = _by_gid(ax.collections, "stop_0")
    np.testing.assert_allclose(stop.get_offsets(), [[2.0, 0.3]])
    assert not _by_gid(ax.collections, "stop_1")
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == [r"$\gamma = 1$", r"$\gamma = 4$", "sequence ended (hulls intersect)",
                      "lowest criterion"]
    # the reason's legend entry is a grey proxy, not gamma = 1's colour; the cross keeps it
    (proxy,) = [h for h, t in zip(ax.get_legend().legend_handles, labels, strict=True)
                if t.startswith("sequence ended")]
    np.testing.assert_allclose(proxy.get_facecolor()[0][:3], [0.6, 0.6, 0.6])
    np.testing.assert_allclose(stop.get_facecolor()[0], to_rgba(first.get_color()))
    (best,) = _by_gid(ax.collections, "best")
    np.testing.assert_allclose(best.get_offsets(), [[4.0, 0.2]])
    assert ax.get_yscale() == "log" and ax.get_xlabel() == r"$1/\mu$"
    with pytest.raises(ValueError, match="rows must hold"):
        plots.plot_mu_search([])
    with pytest.raises(ValueError, match="no scored machine"):
        plots.plot_mu_search(rows[2:3])


def test_c_path_series():
    C = [0.25, 1.0, 4.0]
    ax = plots.plot_c_path(C, {"cold": [10, 20, 40], "warm": [10, 5, 8]}, ylabel="iterations")
    (cold,) = _by_gid(ax.lines, "series_0")
    np.testing.assert_allclose(cold.get_xydata(), [[-2.0, 10.0], [0.0, 20.0], [2.0, 40.0]])
    (warm,) = _by_gid(ax.lines, "series_1")
    np.testing.assert_allclose(warm.get_ydata(), [10.0, 5.0, 8.0])
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["cold", "warm"]
    with pytest.raises(ValueError, match="C must be a non-empty sequence of positive"):
        plots.plot_c_path([0.0, 1.0], {"a": [1, 2]})
    with pytest.raises(ValueError, match="must have 3 values"):
        plots.plot_c_path(C, {"a": [1, 2]})
    with pytest.raises(ValueError, match="non-empty dict"):
        plots.plot_c_path(C, {})


def test_design_points_are_drawn_over_the_maps_best_star():
    """A design point on a map's best cell lies over its star, whose arms show around it."""
    ax = plots.plot_estimate_map(LOG2_C, LOG2_G, VALUES, annotate=False, colorbar=False)
    plots.plot_design([np.array([[0.0, 1.0], [2.0, 1.0]])], ax=ax, legend=False)
    (stars,) = _by_gid(ax.collections, "minimum")
    (points,) = _by_gid(ax.collections, "stage_0")
    assert stars.get_zorder() < points.get_zorder()
    assert stars.get_sizes()[0] >= 4 * points.get_sizes()[0]
