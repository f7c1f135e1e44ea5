import itertools

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.patches import Rectangle

from svmbook.solver_plots import (
    loglog_slope,
    pair_step_geometry,
    plot_pair_step,
    plot_scaling,
    plot_smo_trace,
    plot_speedups,
)
from svmbook.solvers import smo

matplotlib.use("Agg")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _random_states(n_cases=300, seed=0):
    """Random feasible pair states, including alphas at the bounds and unequal C_i, C_j."""
    rng = np.random.default_rng(seed)
    for _ in range(n_cases):
        Ci, Cj = rng.choice([1.0, 2.0, 0.5], size=2)
        ai = rng.choice([0.0, Ci, rng.uniform(0, Ci)])
        aj = rng.choice([0.0, Cj, rng.uniform(0, Cj)])
        yi, yj = rng.choice([-1.0, 1.0], size=2)
        Gi, Gj = rng.normal(scale=2.0, size=2)
        x = rng.normal(size=(2, 3))
        Kii, Kjj, Kij = x[0] @ x[0], x[1] @ x[1], x[0] @ x[1]
        yield ai, aj, yi, yj, Gi, Gj, Kii, Kjj, Kij, Ci, Cj


def _on_boundary(p, Ci, Cj, tol=1e-12):
    inside = -tol <= p[0] <= Ci + tol and -tol <= p[1] <= Cj + tol
    touches = min(abs(p[0]), abs(p[0] - Ci), abs(p[1]), abs(p[1] - Cj)) <= tol
    return inside and touches


def test_segment_endpoints_on_box_boundary_and_constraint_line():
    for ai, aj, yi, yj, Gi, Gj, Kii, Kjj, Kij, Ci, Cj in _random_states():
        s = pair_step_geometry(ai, aj, yi, yj, Gi, Gj, Kii, Kjj, Kij, Ci, Cj)
        const = yi * ai + yj * aj
        assert s.t_range[0] <= 0.0 <= s.t_range[1]
        for end in s.segment:
            assert _on_boundary(end, Ci, Cj)
            assert yi * end[0] + yj * end[1] == pytest.approx(const, abs=1e-12)


def test_clipped_point_in_box_on_line_and_optimal_on_segment():
    for ai, aj, yi, yj, Gi, Gj, Kii, Kjj, Kij, Ci, Cj in _random_states():
        s = pair_step_geometry(ai, aj, yi, yj, Gi, Gj, Kii, Kjj, Kij, Ci, Cj)
        assert -1e-12 <= s.new[0] <= Ci + 1e-12 and -1e-12 <= s.new[1] <= Cj + 1e-12
        assert yi * s.new[0] + yj * s.new[1] == pytest.approx(yi * ai + yj * aj, abs=1e-12)
        # the objective along the segment is minimal at the new point
        ts = np.linspace(*s.t_range, 201)
        phi = ts * (yi * Gi - yj * Gj) + 0.5 * s.eta * ts**2
        phi_t = s.t * (yi * Gi - yj * Gj) + 0.5 * s.eta * s.t**2
        assert phi_t <= phi.min() + 1e-9
        assert np.allclose(s.unclipped, s.old + s.t_unclipped * s.direction)


def test_unclipped_is_the_stationary_point_along_the_line():
    # phi(t) = t (y_i G_i - y_j G_j) + eta t^2 / 2 has derivative 0 at t_unclipped
    s = pair_step_geometry(0.2, 0.4, 1, -1, -0.7, 0.1, 1.0, 1.0, 0.3, 1.0)
    assert (1 * -0.7 - (-1) * 0.1) + s.eta * s.t_unclipped == pytest.approx(0.0, abs=1e-14)


def test_new_point_matches_the_package_update_pair():
    """The clipped point equals LIBSVM's branchy update in svmbook.solvers.smo.update_pair."""
    for ai, aj, yi, yj, Gi, Gj, Kii, Kjj, Kij, Ci, Cj in _random_states(120, seed=1):
        s = pair_step_geometry(ai, aj, yi, yj, Gi, Gj, Kii, Kjj, Kij, Ci, Cj)
        alpha = np.array([ai, aj])
        st = (
            np.array([yi, yj]),
            np.arange(2, dtype=np.int64),
            np.array([Kii, Kjj]),
            -np.ones(2),
            alpha,
            np.array([Ci, Cj]),
            np.array([Gi, Gj]),
            np.zeros(2),
            np.full(2, 2, dtype=np.int8),
            np.arange(2, dtype=np.int64),
        )
        smo.update_pair(0, 1, Kij, st)
        np.testing.assert_allclose(alpha, s.new, atol=1e-12)


def test_pair_step_rejects_points_outside_the_box():
    with pytest.raises(ValueError, match="outside the box"):
        pair_step_geometry(1.5, 0.0, 1, 1, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0)
    with pytest.raises(ValueError, match="-1 or \\+1"):
        pair_step_geometry(0.5, 0.0, 0, 1, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0)


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
