"""Nguyen's bottom-up simplification (Table 3.1), the refit (Prop. 5) and Phase II."""

import numpy as np
import pytest
from sklearn.datasets import make_moons

from svmbook import SVC
from svmbook.simplify import (
    MergeKernel,
    bottom_up,
    distance2,
    distance2_gradient,
    marginal_differences,
    merge_gaussian,
    phase2,
    refit_weights,
)

RBF = MergeKernel("rbf", gamma=1.0)


@pytest.fixture(scope="module")
def machine():
    X, y = make_moons(300, noise=0.2, random_state=0)
    model = SVC(gamma=1.0, C=10.0).fit(X, y)
    return X, model.support_vectors_, model.dual_coef_[0]


@pytest.mark.parametrize("theta", [0.05, 0.3, 1.0])
def test_phase1_keeps_the_mmd_and_its_incremental_update_is_exact(machine, theta):
    """Check MMD <= theta after Phase I and the accumulated differences against direct ones."""
    _, X_sv, alpha = machine
    r = bottom_up(X_sv, alpha, RBF, theta, refit=False)
    assert r.n_merges > 0 and r.Z.shape[0] == alpha.size - r.n_merges
    md = marginal_differences(X_sv, alpha, r.Z, r.beta, RBF)
    np.testing.assert_allclose(md.max(), r.mmd_phase1, atol=1e-12)
    assert r.mmd_phase1 <= theta
    # every merge joins one class: both signs survive
    assert np.any(r.beta > 0) and np.any(r.beta < 0)


def test_more_threshold_fewer_vectors_and_deterministic(machine):
    _, X_sv, alpha = machine
    sizes = [bottom_up(X_sv, alpha, RBF, t).Z.shape[0] for t in (0.0, 0.1, 0.5, 1.5)]
    assert sizes[0] == alpha.size and sizes == sorted(sizes, reverse=True) and sizes[-1] < sizes[1]
    a = bottom_up(X_sv, alpha, RBF, 0.5)
    b = bottom_up(X_sv, alpha, RBF, 0.5)
    np.testing.assert_array_equal(a.Z, b.Z)
    np.testing.assert_array_equal(a.beta, b.beta)


@pytest.mark.parametrize("theta", [0.1, 0.5])
def test_all_pairs_keeps_the_mmd_deterministically_and_ends_with_no_mergeable_pair(machine,
                                                                                  theta):
    """Check pairs="all": MMD <= theta on the direct differences, repeatable, and at its end
    every same-class pair's merge breaks the threshold (Table 3.1's "until all pairs ... have
    been tried", over every pair).
    """
    _, X_sv, alpha = machine
    r = bottom_up(X_sv, alpha, RBF, theta, pairs="all", refit=False)
    md = marginal_differences(X_sv, alpha, r.Z, r.beta, RBF)
    np.testing.assert_allclose(md.max(), r.mmd_phase1, atol=1e-12)
    assert r.mmd_phase1 <= theta
    again = bottom_up(X_sv, alpha, RBF, theta, pairs="all", refit=False)
    np.testing.assert_array_equal(r.Z, again.Z)
    np.testing.assert_array_equal(r.beta, again.beta)
    D = RBF(X_sv, X_sv) @ alpha - RBF(X_sv, r.Z) @ r.beta
    for a in range(r.Z.shape[0]):
        for b in range(a + 1, r.Z.shape[0]):
            if r.beta[a] * r.beta[b] > 0:
                m = merge_gaussian(r.Z[a], r.Z[b], r.beta[a], r.beta[b], RBF.gamma)
                change = r.beta[a] * RBF(X_sv, r.Z[a : a + 1])[:, 0] + r.beta[b] * RBF(
                    X_sv, r.Z[b : b + 1])[:, 0] - m.beta * RBF(X_sv, m.z[None, :])[:, 0]
                assert np.max(np.abs(D + change)) > theta


def test_all_pairs_merges_where_the_nearest_pairs_stop():
    """Check that pairs="all" goes on where every nearest pair's merge breaks the threshold.

    Seven points (one of the other class); at theta = 0.2 the list of nearest pairs stops after
    one merge, the list of all pairs finds a second, farther pair.
    """
    X = np.array([[2.2, 0.1], [0.1, 1.8], [1.8, 0.7], [1.9, 2.3], [2.2, 0.5], [2.5, 0.9],
                  [1.8, 0.9]])  # fmt: skip
    alpha = np.array([1.9, 1.0, 1.7, 1.8, 2.0, 2.3, -0.5])
    nearest = bottom_up(X, alpha, RBF, 0.2, refit=False)
    wide = bottom_up(X, alpha, RBF, 0.2, pairs="all", refit=False)
    assert (nearest.n_merges, wide.n_merges) == (1, 2)
    assert wide.mmd_phase1 <= 0.2


def test_zero_threshold_merges_only_duplicates():
    """Check theta = 0: no merge without duplicates; two copies of a vector merge exactly."""
    X = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 0.0], [3.0, 1.0]])
    alpha = np.array([0.5, 0.25, 0.75, -1.5])
    r = bottom_up(X, alpha, RBF, 0.0, refit=False)
    assert r.n_merges == 1 and r.mmd_phase1 <= 1e-12
    merged = [np.allclose(z, [1.0, 0.0]) and np.isclose(b, 1.0)
              for z, b in zip(r.Z, r.beta, strict=True)]  # fmt: skip
    assert any(merged)
    assert bottom_up(X[[0, 1, 3]], alpha[[0, 1, 3]], RBF, 0.0).n_merges == 0


def test_refit_makes_the_residual_orthogonal_and_lowers_the_distance(machine):
    """Check Proposition 5: K^z beta = K^zx alpha, and F no larger than with Phase I's weights."""
    _, X_sv, alpha = machine
    r = bottom_up(X_sv, alpha, RBF, 0.5, refit=False)
    beta = refit_weights(r.Z, X_sv, alpha, RBF)
    np.testing.assert_allclose(RBF(r.Z, r.Z) @ beta, RBF(r.Z, X_sv) @ alpha, atol=1e-9)
    assert distance2(r.Z, beta, X_sv, alpha, RBF) <= distance2(r.Z, r.beta, X_sv, alpha, RBF)


def test_phase2_never_increases_the_distance(machine):
    _, X_sv, alpha = machine
    start = bottom_up(X_sv, alpha, RBF, 1.0)
    Z, beta = phase2(start.Z, start.beta, X_sv, alpha, RBF, max_iter=50)
    assert distance2(Z, beta, X_sv, alpha, RBF) <= start.distance2 + 1e-12
    full = bottom_up(X_sv, alpha, RBF, 1.0, phase2_iter=50)
    assert full.distance2 <= start.distance2 + 1e-12


def test_simplified_machine_predicts_as_the_original(machine):
    """Check the point of it all: the simplified expansion, same threshold, agrees on the data."""
    X, X_sv, alpha = machine
    model = SVC(gamma=1.0, C=10.0).fit(*make_moons(300, noise=0.2, random_state=0))
    r = bottom_up(X_sv, alpha, RBF, 0.5, phase2_iter=50)
    f = RBF(X, r.Z) @ r.beta + model.intercept_[0]
    assert r.Z.shape[0] < alpha.size / 2
    assert np.mean((f > 0) == (model.decision_function(X) > 0)) >= 0.99


@pytest.mark.parametrize(
    "kernel", [MergeKernel("rbf", gamma=0.7), MergeKernel("poly", degree=3, gamma=0.6)]
)
def test_gradient_against_finite_differences(kernel):
    rng = np.random.default_rng(0)
    X, alpha = rng.normal(size=(6, 3)), rng.normal(size=6)
    Z, beta = rng.normal(size=(3, 3)), rng.normal(size=3)
    F, gZ, gb = distance2_gradient(Z, beta, X, alpha, kernel)
    np.testing.assert_allclose(F, distance2(Z, beta, X, alpha, kernel), rtol=1e-12)
    h = 1e-6
    for j in range(3):
        e = np.zeros(3)
        e[j] = h
        num = (distance2(Z, beta + e, X, alpha, kernel) - distance2(Z, beta - e, X, alpha, kernel))
        assert num / (2 * h) == pytest.approx(gb[j], rel=1e-5, abs=1e-7)
        for k in range(3):
            E = np.zeros_like(Z)
            E[j, k] = h
            up, down = Z + E, Z - E
            num = distance2(up, beta, X, alpha, kernel) - distance2(down, beta, X, alpha, kernel)
            assert num / (2 * h) == pytest.approx(gZ[j, k], rel=1e-5, abs=1e-7)


def test_polynomial_expansion_simplifies():
    rng = np.random.default_rng(1)
    X_sv = np.abs(rng.normal(size=(20, 4)))
    alpha = np.where(np.arange(20) % 2 == 0, 1.0, -1.0) * rng.uniform(0.5, 1.5, 20)
    kernel = MergeKernel("poly", degree=2, gamma=0.5)
    r = bottom_up(X_sv, alpha, kernel, 0.5, refit=False)
    assert r.n_merges > 0 and r.mmd_phase1 <= 0.5
    np.testing.assert_allclose(marginal_differences(X_sv, alpha, r.Z, r.beta, kernel).max(),
                               r.mmd_phase1, rtol=1e-10)  # fmt: skip


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ({"X_sv": np.zeros(3)}, ValueError, "2-D"),
        ({"alpha": np.ones(2)}, ValueError, "one weight per vector"),
        ({"alpha": np.array([1.0, 0.0, -1.0])}, ValueError, "non-zero"),
        ({"theta": -0.1}, ValueError, "theta"),
        ({"theta": np.inf}, ValueError, "theta"),
        ({"kernel": "rbf"}, TypeError, "MergeKernel"),
        ({"mode": "cone"}, ValueError, "mode"),
        ({"pairs": "nearest-two"}, ValueError, "pairs"),
    ],
)
def test_bad_input(args, error, match):
    base = {"X_sv": np.eye(3), "alpha": np.array([1.0, 2.0, -1.0]), "kernel": RBF, "theta": 0.1}
    with pytest.raises(error, match=match):
        bottom_up(**{**base, **args})


def test_bad_kernels():
    with pytest.raises(ValueError, match="kind"):
        MergeKernel("sigmoid")
    with pytest.raises(ValueError, match="gamma"):
        MergeKernel("rbf", gamma=0.0)
    with pytest.raises(ValueError, match="degree"):
        MergeKernel("poly", degree=0)
