"""No input crashes :mod:`svmbook.simplify`: the property-based cases of ``robustness_cases.py``.

They run in a subprocess so that a crash inside compiled code (a segmentation fault) fails this
test with its signal instead of killing the test runner. The fast tests pin what the cases found.
"""

from pathlib import Path

import numpy as np
import pytest
from _robustness import cases_in_a_subprocess

from svmbook.simplify import MergeKernel, fixed_point_preimage, l1_selection, merge_polynomial

test_cases_in_a_subprocess = cases_in_a_subprocess(Path(__file__).with_name("robustness_cases.py"))


def test_l1_selection_of_a_vanishing_expansion_raises():
    """K @ alpha = 0 at every vector (the weights cancel): no penalty selects, a clear error."""
    X = np.zeros((2, 2))
    with pytest.raises(ValueError, match="K @ alpha"):
        l1_selection(X, np.array([1.0, -1.0]), MergeKernel("rbf", gamma=0.5), n_vectors=1)


def test_merge_out_of_float_range_raises():
    """||x||^(2p) beyond the floats: a ValueError naming the cause, not an OverflowError."""
    x = np.array([1e100, 2e100])
    with pytest.raises(ValueError, match="floating-point range"):
        merge_polynomial(x, 1.5 * x, 1.0, 1.0, 2)


def test_fixed_point_preimage_with_huge_weights_stays_finite():
    """Weights of 1e300 on points of 1e20: the iteration is scale-free in the weights."""
    X = np.array([[1e20, 0.0], [2e20, 0.0]])
    z, _, _ = fixed_point_preimage(X, [1e300, 1e300], 1e-300, X[0], max_iter=3)
    assert np.all(np.isfinite(z))
    with pytest.raises(ValueError, match="a"):
        fixed_point_preimage(X, [np.inf, 1.0], 0.5, X[0])
