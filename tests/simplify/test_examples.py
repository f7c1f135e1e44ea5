"""The 2-D examples of Nguyen's Fig. 3.4 and the grid agreement (svmbook.simplify.examples)."""

import numpy as np
import pytest
from sklearn.datasets import make_moons

from svmbook import SVC
from svmbook.datasets import make_blobs2d
from svmbook.simplify import FIG_3_4_SETS, fig_3_4_data, grid_agreement


class _Halfplane:
    """A linear machine ``f(x) = <w, x> + b`` with only a decision function."""

    def __init__(self, w, b):
        self.w, self.b = np.asarray(w, dtype=float), float(b)

    def decision_function(self, X):
        return X @ self.w + self.b


def test_data_sets_are_the_documented_generators():
    """Return exactly the generators FIG_3_4_SETS names, seeded by random_state."""
    assert set(FIG_3_4_SETS) == {"moons", "blobs"}
    for seed in (0, 3):
        X, y = fig_3_4_data("moons", seed)
        X_ref, y_ref = make_moons(170, noise=0.25, random_state=seed)
        np.testing.assert_array_equal(X, X_ref)
        np.testing.assert_array_equal(y, y_ref)
        X, y = fig_3_4_data("blobs", seed)
        X_ref, y_ref = make_blobs2d(150, separation=2.5, random_state=seed)
        np.testing.assert_array_equal(X, X_ref)
        np.testing.assert_array_equal(y, y_ref)


def test_default_seed_gives_the_thesis_support_vector_counts():
    """At seed 0 the machines exp(-0.5 ||x - y||^2), C = 1 have the thesis's 61 and 75 SVs."""
    for name, n_sv in (("moons", 61), ("blobs", 75)):
        X, y = fig_3_4_data(name)
        assert SVC(kernel="rbf", gamma=0.5, C=1.0).fit(X, y).support_.size == n_sv


def test_agreement_of_two_halfplanes_is_the_area_share_on_the_grid():
    """Two vertical boundaries a quarter of the window apart disagree on a quarter of the grid."""
    X = np.array([[0.0, 0.0], [1.0, 1.0]])
    left, right = _Halfplane([1.0, 0.0], -0.25), _Halfplane([1.0, 0.0], -0.5)
    # window [0, 1]^2 (pad 0): grid columns at x = j / 99 with 0.25 < x <= 0.5 disagree
    xs = np.linspace(0.0, 1.0, 100)
    expected = 1.0 - np.mean((xs > 0.25) & (xs <= 0.5))
    assert grid_agreement(left, right, X, resolution=100, pad=0.0) == pytest.approx(expected)
    assert grid_agreement(left, left, X) == 1.0
    flipped = _Halfplane([-1.0, 0.0], 0.25)
    assert grid_agreement(left, flipped, X, resolution=101, pad=0.0) == pytest.approx(1 / 101)


def test_padding_widens_the_window():
    """A boundary outside the unpadded window is seen once the padding reaches it."""
    X = np.array([[0.0, 0.0], [1.0, 1.0]])
    always, edge = _Halfplane([0.0, 0.0], 1.0), _Halfplane([1.0, 0.0], 0.3)  # edge: x > -0.3
    assert grid_agreement(always, edge, X, resolution=50, pad=0.0) == 1.0
    assert grid_agreement(always, edge, X, resolution=50, pad=0.5) < 1.0


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"resolution": 1}, "resolution"),
        ({"resolution": 2.5}, "resolution"),
        ({"pad": -0.1}, "pad"),
        ({"pad": np.inf}, "pad"),
        ({"X": np.zeros((4, 3))}, "X"),
    ],
)
def test_bad_input_names_the_parameter(kwargs, match):
    """Reject a bad grid, padding or non-2-D points with an error naming the parameter."""
    args = {"X": np.array([[0.0, 0.0], [1.0, 1.0]]), **kwargs}
    machine = _Halfplane([1.0, 0.0], 0.0)
    with pytest.raises((ValueError, TypeError), match=match):
        grid_agreement(machine, machine, **args)


def test_a_window_beyond_the_floats_is_refused():
    """Refuse data whose padded window overflows instead of comparing on a grid of NaN."""
    X = np.array([[-1e308, 0.0], [1e308, 1.0]])
    machine = _Halfplane([1.0, 0.0], 0.0)
    with pytest.raises(ValueError, match="pad"):
        grid_agreement(machine, machine, X)


def test_unknown_data_set_is_rejected():
    """Name the parameter when the data set is unknown."""
    with pytest.raises(ValueError, match="name"):
        fig_3_4_data("spirals")
