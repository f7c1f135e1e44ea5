"""Selection by the SV bound, the radius-margin bound or the smaller one, Goodrich (2012) Table 6.7.

Oracles: brute force over the grid with the cvxopt L2 geometric dual
(``svmbook.qp.geometric.l2_geometric_dual``: its support vectors, ``alpha_i > 1e-6``, the
interior-point solution's non-support multipliers being of order ``1e-9``) and the cvxopt MEB
dual of ``K + I/(2C)`` for the exact ratio ``R^2 / Delta^2``.
"""

import numpy as np
import pytest

from svmbook.model_selection import BoundChoice, bound_choice, grid_kernel, modelsel_grid
from svmbook.qp.geometric import l2_geometric_dual, meb_dual

PARAMS, CS = [2, 3, 4], 2.0 ** np.arange(-3, 4, 2)


def problem(seed, n=40):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.where(X[:, 0] * X[:, 1] + 0.3 * rng.normal(size=n) > 0, 1.0, -1.0)
    return X, y


def brute_force(X, y):
    """Exact ``n_s`` and ``R^2 / Delta^2`` at every grid point, from the cvxopt duals."""
    n_sv = np.empty((len(PARAMS), len(CS)), np.int64)
    ratio = np.empty(n_sv.shape)
    for i, q in enumerate(PARAMS):
        K = grid_kernel(X, "poly", q)(X, X)
        for j, C in enumerate(CS):
            svm = l2_geometric_dual(K, y, C)
            meb = meb_dual(K + np.eye(len(y)) / (2.0 * C))
            n_sv[i, j] = np.count_nonzero(svm.alpha > 1e-6)
            ratio[i, j] = 4.0 * meb.radius2 / svm.w_norm2  # Delta^2 = ||w||^2 / 4
    return n_sv, ratio


def first_argmin(a):
    flat = int(np.argmin(a))
    return flat // a.shape[1], flat % a.shape[1]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_choices_equal_brute_force(seed):
    """Count the exact support vectors and select the minima of both bounds as brute force."""
    X, y = problem(seed)
    n_sv, ratio = brute_force(X, y)
    sel = modelsel_grid(X, y, kernel="poly", params=PARAMS, Cs=CS, method="standard", tol=1e-9)
    np.testing.assert_array_equal(sel.n_sv, n_sv)
    choice = bound_choice(sel)
    assert isinstance(choice, BoundChoice)
    assert choice.sv == first_argmin(n_sv)
    assert choice.rm == first_argmin(ratio)
    assert choice.sv_bound == n_sv.min()
    assert choice.rm_bound == pytest.approx(ratio.min(), rel=1e-6)
    smaller = choice.sv if n_sv.min() <= ratio.min() else choice.rm
    assert choice.min == smaller == choice.index("min")
    assert choice.index("sv") == choice.sv and choice.index("rm") == choice.rm


def test_warm_started_grid_counts_the_support_vectors_of_its_machines():
    """Cristianini's grid records the support vectors of each machine it trained."""
    X, y = problem(3)
    n_sv, _ = brute_force(X, y)
    sel = modelsel_grid(X, y, kernel="poly", params=PARAMS, Cs=CS, method="cristianini", tol=1e-9)
    np.testing.assert_array_equal(sel.n_sv, n_sv)
    assert bound_choice(sel).sv == first_argmin(n_sv)


def test_min_takes_the_smaller_minimum():
    """With fewer support vectors than the ratio the smaller bound is the SV bound's choice."""
    X, y = problem(4)
    sel = modelsel_grid(X, y, kernel="poly", params=PARAMS, Cs=CS, method="standard")
    choice = bound_choice(sel)
    expected = choice.sv if choice.sv_bound <= choice.rm_bound else choice.rm
    assert choice.min == expected


def test_bad_input_raises_naming_the_parameter():
    X, y = problem(5, n=20)
    with pytest.raises(TypeError, match="selection must be a GridSelection"):
        bound_choice({"n_sv": np.ones((2, 2))})
    adaptive = modelsel_grid(X, y, kernel="poly", params=[2, 3], Cs=[0.5, 2.0])
    with pytest.raises(ValueError, match="selection must come from method='standard'"):
        bound_choice(adaptive)
    standard = modelsel_grid(X, y, kernel="poly", params=[2, 3], Cs=[0.5, 2.0], method="standard")
    with pytest.raises(ValueError, match="rule must be one of"):
        bound_choice(standard).index("loo")
    with pytest.raises(ValueError, match="param must be an integer degree"):
        grid_kernel(X, "poly", 2.5)
    with pytest.raises(ValueError, match="kernel must be one of"):
        grid_kernel(X, "sigmoid", 1.0)
