
import matplotlib
import numpy as np
import pytest

from svmbook.solvers import smo
from svmbook.solvers.pair_step import pair_step_geometry

matplotlib.use("Agg")




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
        phi = ts * (yi * Gi - yj * Gj) + 0.5 * s.a * ts**2
        phi_t = s.t * (yi * Gi - yj * Gj) + 0.5 * s.a * s.t**2
        assert phi_t <= phi.min() + 1e-9
        assert np.allclose(s.unclipped, s.old + s.t_unclipped * s.direction)


def test_unclipped_is_the_stationary_point_along_the_line():
    # phi(t) = t (y_i G_i - y_j G_j) + a t^2 / 2 has derivative 0 at t_unclipped
    s = pair_step_geometry(0.2, 0.4, 1, -1, -0.7, 0.1, 1.0, 1.0, 0.3, 1.0)
    assert (1 * -0.7 - (-1) * 0.1) + s.a * s.t_unclipped == pytest.approx(0.0, abs=1e-14)


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

