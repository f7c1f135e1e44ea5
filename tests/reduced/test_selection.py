"""Oracles of reduced-set selection and the Nystrom link (RSVM review section 3, eqs. 10, 25-30)."""

import math

import numpy as np
import pytest

from svmbook.kernels import rbf, rbf_columns
from svmbook.reduced.selection import (
    OYANG_CONST,
    ReducedSet,
    crsvm_reduced_set,
    crsvm_width_factor,
    irsvm_distance,
    irsvm_reduced_set,
    nystrom_approximation,
    random_reduced_set,
    srsvm_reduced_set,
    systematic_sample,
)

RNG = np.random.default_rng(0)
X = RNG.normal(size=(120, 2))
Y = np.where(X[:, 0] * X[:, 1] > 0, 1.0, -1.0)
KERNEL = rbf(gamma=1.0)


# -- Nystrom (10)-(11) -----------------------------------------------------------------------


def test_nystrom_oracles():
    """Reduced columns reproduced, K - K_hat PSD, rank <= m, Ã = A gives K."""
    K = KERNEL(X)
    idx = np.array([3, 17, 40, 41, 99])
    K_hat = nystrom_approximation(KERNEL, X, idx)
    np.testing.assert_allclose(K_hat[:, idx], K[:, idx], atol=1e-10)
    assert np.linalg.eigvalsh(K - K_hat).min() >= -1e-10
    assert np.linalg.matrix_rank(K_hat, tol=1e-8) <= idx.size
    np.testing.assert_allclose(nystrom_approximation(KERNEL, X[:30], np.arange(30)), KERNEL(X[:30]),
                               atol=1e-8)  # fmt: skip


def test_nystrom_error_non_increasing_for_nested_sets():
    """||K - K_hat||_F does not grow as the reduced set grows by nesting."""
    K = KERNEL(X)
    order = np.random.default_rng(1).permutation(X.shape[0])
    errors = [np.linalg.norm(K - nystrom_approximation(KERNEL, X, order[:m]))
              for m in (2, 5, 10, 20, 40)]  # fmt: skip
    assert np.all(np.diff(errors) <= 1e-9)


# -- random ------------------------------------------------------------------------------------


def test_random_stratified():
    """The size is exact, classes keep their share within one point, the draw is seeded."""
    y = np.array([0] * 90 + [1] * 30)
    rs = random_reduced_set(X, 20, y=y, random_state=0)
    assert isinstance(rs, ReducedSet) and rs.size == 20 and rs.method == "random"
    assert abs(np.sum(y[rs.indices] == 1) - 5) <= 1
    np.testing.assert_array_equal(rs.points, X[rs.indices])
    again = random_reduced_set(X, 20, y=y, random_state=0)
    np.testing.assert_array_equal(again.indices, rs.indices)
    assert np.unique(rs.indices).size == 20 and rs.time >= 0
    assert random_reduced_set(X, 7, random_state=0).size == 7
    # a rare class still gets one point
    rare = np.array([1] + [0] * 119)
    assert 0 in random_reduced_set(X, 5, y=rare, random_state=0).indices


# -- IRSVM (25)-(28) ---------------------------------------------------------------------------


def test_irsvm_distance_three_ways():
    """r by least squares = by the normal equations (26)-(27) = sqrt(k'(I - P)k) (erratum)."""
    Kr = KERNEL(X, X[:6])
    k = KERNEL(X, X[10:11])[:, 0]
    beta = np.linalg.solve(Kr.T @ Kr, Kr.T @ k)
    r_normal = np.linalg.norm(Kr @ beta - k)
    P = Kr @ np.linalg.solve(Kr.T @ Kr, Kr.T)
    r_proj = math.sqrt(k @ (np.eye(X.shape[0]) - P) @ k)
    r = irsvm_distance(Kr, k)
    assert r == pytest.approx(r_normal, rel=1e-6) and r == pytest.approx(r_proj, rel=1e-6)
    assert irsvm_distance(Kr, Kr[:, 2]) < 1e-8  # a point already in Ã
    # nested column spaces: r does not grow as Ã grows
    rs = [irsvm_distance(KERNEL(X, X[:m]), k) for m in (1, 2, 4, 6, 8)]
    assert np.all(np.diff(rs) <= 1e-12)


def test_irsvm_selection():
    """Kept columns stay independent, the recorded r is (28), a larger threshold keeps fewer."""
    rs = irsvm_reduced_set(X, KERNEL, threshold=1.0, patience=15, random_state=0)
    assert rs.method == "irsvm" and rs.size >= 2
    Kr = KERNEL(X, rs.points)
    assert np.linalg.eigvalsh(Kr.T @ Kr).min() > 0  # the Gram matrix stays positive definite
    # the first candidate's recorded distance is (28) against the initial pair
    order = np.random.default_rng(0).permutation(X.shape[0])
    first = irsvm_distance(KERNEL(X, X[order[:2]]), KERNEL(X, X[order[2:3]])[:, 0])
    assert rs.history["distances"][0] == pytest.approx(first, rel=1e-8)
    sizes = [irsvm_reduced_set(X, KERNEL, threshold=t, patience=15, random_state=0).size
             for t in (0.5, 1.0, 2.0, 4.0)]  # fmt: skip
    assert sizes == sorted(sizes, reverse=True) and sizes[0] > sizes[-1]
    capped = irsvm_reduced_set(X, KERNEL, threshold=1e-3, max_size=10, random_state=0)
    assert capped.size == 10
    norm = irsvm_reduced_set(X, KERNEL, threshold=0.3, normalized=True, random_state=0)
    assert norm.size >= 2


def test_irsvm_warm_start_from_a_larger_threshold():
    """A set found with a larger threshold seeds a smaller one and is kept whole."""
    big = irsvm_reduced_set(X, KERNEL, threshold=3.0, random_state=0)
    small = irsvm_reduced_set(X, KERNEL, threshold=1.0, initial_indices=big.indices,
                              random_state=0)  # fmt: skip
    np.testing.assert_array_equal(small.indices[: big.size], big.indices)
    assert small.size >= big.size


# -- systematic sampling (Algorithm 2) ---------------------------------------------------------


def test_systematic_sample_round():
    """Candidates are exactly the misclassified points; <= k per class, one per stratum."""
    h = np.random.default_rng(2).normal(size=X.shape[0])
    wrong = np.flatnonzero(Y * h < 0)
    picks = systematic_sample(h, Y, 4, random_state=0)
    assert set(picks) <= set(wrong)
    for label in (1.0, -1.0):
        cand = wrong[Y[wrong] == label]
        mine = picks[Y[picks] == label]
        assert mine.size == min(4, cand.size)
        strata = np.array_split(cand[np.argsort(h[cand], kind="stable")], mine.size)
        assert [np.isin(mine, stratum).sum() for stratum in strata] == [1] * mine.size
    assert systematic_sample(np.abs(h) * Y, Y, 4).size == 0  # nothing misclassified


def test_srsvm_rounds():
    """Each round adds at most 2k points; a threshold already met ends after one round."""
    rs = srsvm_reduced_set(X, Y, KERNEL, k=3, threshold=1.0, max_rounds=4, random_state=0)
    sizes = np.concatenate([[4], rs.history["size"]])  # 2 initial points per class
    assert np.all(np.diff(sizes) <= 6) and rs.method == "srsvm"
    np.testing.assert_array_equal(rs.points, X[rs.indices])
    one = srsvm_reduced_set(X, Y, KERNEL, k=3, threshold=0.01, random_state=0)
    assert one.history["size"].size == 1


# -- CRSVM (29)-(30), Algorithm 3 --------------------------------------------------------------


def test_crsvm_constants():
    """delta = 1.6210 / sqrt(pi) and the factors of (29) for n_r = 5."""
    assert OYANG_CONST / math.sqrt(math.pi) == pytest.approx(0.914551314930913, rel=1e-12)
    for d, factor in {1: 0.304850, 2: 0.661770, 3: 0.811311, 10: 0.839556}.items():
        assert crsvm_width_factor(d, 5) == pytest.approx(factor, abs=5e-7)


def test_crsvm_width_on_a_ring():
    """Points at distance rho from their centroid give R̄ = (d + 1)/d rho; fewer than n_r: all."""
    angles = np.linspace(0, 2 * np.pi, 4, endpoint=False)
    ring = np.c_[np.cos(angles), np.sin(angles)] * 0.5
    A = np.vstack([ring + 5.0, ring - 5.0])
    y = np.array([1] * 4 + [0] * 4)
    rs = crsvm_reduced_set(A, y, k=1, n_r=5, random_state=0)
    assert rs.points.shape == (2, 2) and rs.indices is None
    sigma = 1.5 * 0.5 * crsvm_width_factor(2, 5)
    np.testing.assert_allclose(rs.history["sigma"], sigma, rtol=1e-12)
    np.testing.assert_allclose(rs.gamma, 1.0 / (2 * sigma**2), rtol=1e-12)
    printed = crsvm_reduced_set(A, y, k=1, width="printed", random_state=0)
    np.testing.assert_allclose(printed.gamma, 1.0 / (2 * sigma), rtol=1e-12)


def test_crsvm_shape_and_kernel():
    """2k centroids for two classes; the columns are the per-centre Gaussians."""
    rs = crsvm_reduced_set(X, Y, k=4, random_state=0)
    assert rs.points.shape == (8, 2) and rs.gamma.shape == (8,)
    np.testing.assert_array_equal(rs.history["label"], [-1.0] * 4 + [1.0] * 4)
    K = rbf_columns(X, rs.points, rs.gamma)
    j = 3
    np.testing.assert_allclose(K[:, j], rbf(gamma=rs.gamma[j])(X, rs.points[j : j + 1])[:, 0])


def test_bad_input():
    """Parameters are named in the errors."""
    with pytest.raises(ValueError, match="size"):
        random_reduced_set(X, 0)
    with pytest.raises(ValueError, match="number of classes"):
        random_reduced_set(X, 1, y=Y)
    with pytest.raises(ValueError, match="threshold"):
        irsvm_reduced_set(X, KERNEL, threshold=0.0)
    with pytest.raises(TypeError, match="kernel"):
        irsvm_reduced_set(X, "rbf", threshold=1.0)
    with pytest.raises(ValueError, match="-1 and \\+1"):
        srsvm_reduced_set(X, np.arange(120), KERNEL)
    with pytest.raises(ValueError, match="width"):
        crsvm_reduced_set(X, Y, k=2, width="sigma")
    with pytest.raises(ValueError, match="indices"):
        nystrom_approximation(KERNEL, X, [0, 500])
