import itertools

import numpy as np
import pytest
from matplotlib.patches import Rectangle

from svmbook.plots import (
    loglog_slope,
    plot_pair_step,
    plot_scaling,
    plot_smo_trace,
    plot_speedups,
)
from svmbook.solvers.pair_step import pair_step_geometry


def _tiny_state():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(6, 2))
    y = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
    K = X @ X.T
    alpha = np.array([0.2, 0.0, 1.0, 0.5, 0.7, 0.0])
    G = (np.outer(y, y) * K) @ alpha - 1.0
    return alpha, G, y, K



@pytest.mark.parametrize("i, j", list(itertools.permutations(range(4), 2))[:6])
def test_plot_pair_step_draws_box_segment_and_points(i, j):
    alpha, G, y, K = _tiny_state()
    ax = plot_pair_step(alpha, G, y, K, 1.0, i, j, title="step")
    boxes = [p for p in ax.patches if isinstance(p, Rectangle) and p.get_gid() == "box"]
    assert len(boxes) == 1 and boxes[0].get_width() == 1.0
    (seg,) = [ln for ln in ax.lines if ln.get_gid() == "segment"]
    s = pair_step_geometry(
        alpha[i], alpha[j], y[i], y[j], G[i], G[j], K[i, i], K[j, j], K[i, j], 1.0
    )
    np.testing.assert_allclose(np.column_stack(seg.get_data()), s.segment)
    gids = {c.get_gid() for c in ax.collections} | {t.get_gid() for t in ax.texts}
    assert {"old", "new", "unclipped"} <= gids
    (new,) = [c for c in ax.collections if c.get_gid() == "new"]
    np.testing.assert_allclose(new.get_offsets()[0], s.new)
    assert ax.get_title() == "step"


def test_plot_pair_step_far_optimum_is_pointed_at_not_plotted():
    # from alpha = 0 with a tiny curvature the optimum along the line lies far outside the box
    alpha, y = np.zeros(2), np.array([1.0, -1.0])
    K = np.array([[1.0, 0.99], [0.99, 1.0]])
    G = -np.ones(2)
    ax = plot_pair_step(alpha, G, y, K, 1.0, 0, 1)
    (note,) = [t for t in ax.texts if t.get_gid() == "unclipped"]
    assert "off the panel" in note.get_text()
    assert ax.get_xlim()[1] < 2.0  # the panel stays around the box
    (new,) = [c for c in ax.collections if c.get_gid() == "new"]
    np.testing.assert_allclose(new.get_offsets()[0], [1.0, 1.0])


def test_plot_pair_step_same_index_raises():
    alpha, G, y, K = _tiny_state()
    with pytest.raises(ValueError, match="differ"):
        plot_pair_step(alpha, G, y, K, 1.0, 2, 2)


def test_loglog_slope_recovers_the_exponent():
    n = np.array([100, 200, 400, 800])
    assert loglog_slope(n, 3e-9 * n**3) == pytest.approx(3.0)
    with pytest.raises(ValueError):
        loglog_slope([1, 2], [1, -1])


def test_plot_scaling_fit_line_and_label():
    n = np.array([100, 200, 400, 800])
    ax = plot_scaling(n, 1e-6 * n**2, label="qp")
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "fit: slope 2.00" in labels
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"


def test_plot_smo_trace_gap_on_log_axis():
    ax = plot_smo_trace({"a": ([1, 2, 3], [-1.0, -1.5, -1.6])}, optimum=-1.6)
    (line,) = [ln for ln in ax.lines if ln.get_gid() == "trace_a"]
    assert line.get_ydata()[-1] == pytest.approx(1e-12)
    assert ax.get_yscale() == "log"
    with pytest.raises(ValueError):
        plot_smo_trace({})


def test_plot_speedups_bars_per_solver():
    results = [
        {"case": "a", "solvers": {"sklearn": {"median_s": 2.0}, "fast": {"median_s": 1.0}}},
        {
            "case": "b",
            "solvers": {
                "sklearn": {"median_s": 1.0},
                "fast": {"median_s": 0.5, "speedup_vs_sklearn": 2.0},
                "faithful": {"median_s": 1.0, "speedup_vs_sklearn": 1.0},
            },
        },
    ]
    ax = plot_speedups(results)
    faithful, fast = ax.containers  # one BarContainer per solver, in the order given
    assert [p.get_height() for p in faithful] == [1.0]  # case "a" has no faithful run
    assert [p.get_height() for p in fast] == [2.0, 2.0]  # computed for "a", stored for "b"

