"""The top-down reduced-set construction (Burges; Schölkopf et al.), Nguyen's baseline."""

import numpy as np
import pytest
from sklearn.datasets import make_moons

from svmbook import SVC
from svmbook.simplify import (
    MergeKernel,
    distance2,
    fixed_point_preimage,
    merge_gaussian,
    top_down,
)


def test_fixed_point_agrees_with_the_merge_on_two_vectors():
    """Check that (3.10) on a two-term same-sign expansion finds Proposition 2's z."""
    X, a = np.array([[0.0, 0.0], [1.0, 0.0]]), np.array([0.4, 0.6])
    z, n_iter, ok = fixed_point_preimage(X, a, 0.5, [0.5, 0.0])
    assert ok and n_iter < 1000
    np.testing.assert_allclose(z, merge_gaussian(X[0], X[1], 0.4, 0.6, gamma=0.5).z, atol=1e-8)


def test_fixed_point_on_the_residual_uses_plus_z():
    """Check the corrected (3.12) form top_down builds: earlier vectors as +z with weight -beta.

    On such a residual the fixed point's limit is stationary: the gradient of
    ``Psi . Phi(z)``, ``sum_s a_s K(x_s, z) (x_s - z)`` over all terms, vanishes there.
    """
    rng = np.random.default_rng(0)
    X, a = rng.normal(size=(5, 2)), np.array([1.0, 0.8, 0.6, 0.9, 0.7])
    z1 = np.array([0.1, -0.2])
    terms_X, terms_a = np.vstack([X, z1]), np.concatenate([a, [-0.5]])
    z, _, ok = fixed_point_preimage(terms_X, terms_a, 0.5, X[0])
    assert ok
    w = terms_a * np.exp(-0.5 * np.sum((terms_X - z) ** 2, axis=1))
    np.testing.assert_allclose(w @ (terms_X - z), 0.0, atol=1e-8)


def test_vanishing_denominator_stops_without_nan():
    X, a = np.array([[-1.0, 0.0], [1.0, 0.0]]), np.array([1.0, -1.0])
    z, _, ok = fixed_point_preimage(X, a, 1.0, [0.0, 0.0])
    assert not ok and np.all(np.isfinite(z))


def test_top_down_builds_a_good_expansion_and_phase2_improves_it():
    X, y = make_moons(200, noise=0.2, random_state=0)
    model = SVC(gamma=1.0, C=10.0).fit(X, y)
    X_sv, alpha = model.support_vectors_, model.dual_coef_[0]
    kernel = MergeKernel("rbf", gamma=1.0)
    sizes = (2, 5, 10)
    results = [top_down(X_sv, alpha, kernel, k) for k in sizes]
    d2 = [r.distance2 for r in results]
    assert d2[0] > d2[1] > d2[2]
    assert all(r.Z.shape == (k, 2) for r, k in zip(results, sizes, strict=True))
    np.testing.assert_allclose(
        kernel(results[2].Z, results[2].Z) @ results[2].beta,
        kernel(results[2].Z, X_sv) @ alpha, atol=1e-8,
    )  # Proposition 5's refit
    better = top_down(X_sv, alpha, kernel, 10, phase2_iter=50)
    assert better.distance2 <= d2[2] + 1e-12
    f = kernel(X, better.Z) @ better.beta + model.intercept_[0]
    assert np.mean((f > 0) == (model.decision_function(X) > 0)) >= 0.98
    again = top_down(X_sv, alpha, kernel, 10, phase2_iter=50)
    np.testing.assert_array_equal(again.Z, better.Z)
    assert distance2(better.Z, better.beta, X_sv, alpha, kernel) == pytest.approx(better.distance2)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"kernel": MergeKernel("poly", degree=2)}, "Gaussian"),
        ({"n_vectors": 0}, "n_vectors"),
        ({"n_vectors": 4}, "n_vectors"),
        ({"n_restarts": 0}, "n_restarts"),
    ],
)
def test_bad_input(kwargs, match):
    base = {"X_sv": np.eye(3), "alpha": np.array([1.0, 2.0, -1.0]),
            "kernel": MergeKernel("rbf"), "n_vectors": 2}  # fmt: skip
    with pytest.raises(ValueError, match=match):
        top_down(**{**base, **kwargs})
