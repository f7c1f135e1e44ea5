"""Theorem 3 and Algorithm 7 (Goodrich 2012) against the LP oracle and closed forms (mu = 1,
mu = 1/n, integer weights as duplicated points, the weighted centroid)."""

import numpy as np
import pytest
from scipy.optimize import linprog

from svmbook.hull import extreme_vertex, n_support, rch_vertex, resolve_mu, wrch_vertex


def lp_min(proj, ub):
    """min proj'alpha s.t. sum(alpha) = 1, 0 <= alpha <= ub (HiGHS dual simplex: a vertex)."""
    res = linprog(
        proj,
        A_eq=np.ones((1, proj.size)),
        b_eq=[1.0],
        bounds=list(zip(np.zeros_like(ub), ub, strict=True)),
        method="highs-ds",
    )
    assert res.status == 0
    return res.fun, res.x


def dense(idx, lam, n):
    alpha = np.zeros(n)
    alpha[idx] = lam
    return alpha


def random_mus(rng, n):
    """Integer and non-integer 1/mu over the whole range [1/n, 1], ends included."""
    return [
        1.0,
        1.0 / n,
        1.0 / rng.integers(1, n + 1),
        1.0 / rng.uniform(1, n),
        1.0 / rng.uniform(1, 2),
        1.0 / rng.uniform(n - 1, n),
    ]


@pytest.mark.parametrize("seed", range(8))
def test_rch_vertex_equals_lp(seed):
    # Continuous random projections have no ties, so the LP optimum is unique and the
    # weights themselves must agree. HiGHS returns a basic solution whose entries are the bounds
    # mu or the remainder, exact up to its 1e-7 feasibility tolerance in the worst case; we see
    # ~1e-15, and assert 1e-9.
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 40))
    proj = rng.standard_normal(n)
    for mu in random_mus(rng, n):
        idx, lam = rch_vertex(proj, mu, 0)
        fun, x = lp_min(proj, np.full(n, mu))
        assert lam @ proj[idx] == pytest.approx(fun, abs=1e-9)
        np.testing.assert_allclose(dense(idx, lam, n), x, atol=1e-9)
        assert np.all(np.diff(proj[idx]) >= 0)


def test_rch_vertex_in_d_dimensions_equals_lp():
    # In any d: the maximiser returned by extreme_vertex against the LP in d = 5.
    rng = np.random.default_rng(11)
    P = rng.standard_normal((30, 5))
    for _ in range(20):
        v = rng.standard_normal(5)
        mu = 1.0 / rng.uniform(1, 30)
        vert = extreme_vertex(P, v, mu=mu)
        fun, x = lp_min(-(P @ v), np.full(30, mu))
        assert vert.point @ v == pytest.approx(-fun, abs=1e-9)
        np.testing.assert_allclose(vert.point, x @ P, atol=1e-8)


def test_weights_structure():
    # mu = 1/k gives k equal weights; otherwise exactly one light weight in (0, mu).
    proj = np.random.default_rng(1).standard_normal(20)
    for k in range(1, 21):
        idx, lam = rch_vertex(proj, 0.0, k)
        assert idx.size == k and np.all(lam == 1.0 / k)
        idx, lam = rch_vertex(proj, 1.0 / k, 0)
        assert idx.size == k
        np.testing.assert_allclose(lam, 1.0 / k, rtol=1e-12)
    for inv in (1.3, 2.5, 7.01, 19.99):
        mu = 1.0 / inv
        idx, lam = rch_vertex(proj, mu, 0)
        assert idx.size == int(np.ceil(inv))
        assert np.all(lam[:-1] == mu) and 0.0 < lam[-1] < mu
        assert lam.sum() == pytest.approx(1.0, abs=1e-14)


@pytest.mark.parametrize("k", [49, 98, 103, 107, 196, 23294, 23320])
def test_float_one_over_k(k):
    # Floating point: math.ceil(1/(1/k)) == k + 1 for these k; with an absolute 1e-12 the last two
    # still fail. n_support uses a relative tolerance.
    naive = np.ceil(1.0 / (1.0 / k)) if k < 1000 else np.ceil(1.0 / (1.0 / k) - 1e-12)
    assert naive == k + 1
    assert n_support(1.0 / k, 0) == k
    proj = np.random.default_rng(k).standard_normal(k + 5)
    idx, lam = rch_vertex(proj, 1.0 / k, 0)
    assert idx.size == k and lam.min() > 0.5 / k


def test_ties_lower_index_first():
    proj = np.array([1.0, 0.0, 0.0, 2.0, 0.0, -1.0])
    idx, lam = rch_vertex(proj, 0.4, 0)
    assert idx.tolist() == [5, 1, 2] and lam.tolist() == [0.4, 0.4, 0.19999999999999996]
    idx, _ = rch_vertex(proj, 0.0, 4)
    assert idx.tolist() == [5, 1, 2, 4]


@pytest.mark.parametrize("n", [1, 2, 7, 30])
def test_selection_order_both_paths(n):
    # Every m (the partial-selection path for m <= 2n/3 and the full sort above) returns the
    # first m entries of the (projection, index) order, on data with many ties.
    rng = np.random.default_rng(n)
    proj = rng.integers(0, 4, n).astype(float)
    ref = np.lexsort((np.arange(n), proj))
    for m in range(1, n + 1):
        idx, _ = rch_vertex(proj, 0.0, m)
        assert idx.tolist() == ref[:m].tolist()
        fun, _ = lp_min(proj, np.full(n, 1.0 / m))
        assert proj[idx].mean() == pytest.approx(fun, abs=1e-12)


def test_extremes_of_mu():
    # mu = 1 is the convex hull (the single best point); mu = 1/n is the centroid.
    rng = np.random.default_rng(3)
    P = rng.standard_normal((9, 2))
    v = np.array([0.3, -1.0])
    assert extreme_vertex(P, v, mu=1.0).support.tolist() == [int(np.argmax(P @ v))]
    np.testing.assert_allclose(extreme_vertex(P, v, mu=1 / 9).point, P.mean(0), rtol=1e-14)
    np.testing.assert_allclose(extreme_vertex(P, v, k=9).point, P.mean(0), rtol=1e-14)


@pytest.mark.parametrize("seed", range(6))
def test_wrch_vertex_equals_lp(seed):
    # Algorithm 7 against the LP with bounds s_i mu; some s_i = 0 (the visited-mask case).
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(2, 30))
    proj = rng.standard_normal(n)
    s = rng.uniform(0, 3, n) * (rng.uniform(size=n) > 0.2)
    s[0] = max(s[0], 0.5)
    total = s.sum()
    for mu in (1.0 / total, 1.0 / rng.uniform(1, total), 2.0 / s[s > 0].min(), 10.0):
        idx, lam = wrch_vertex(proj, s, mu)
        fun, x = lp_min(proj, s * mu)
        assert np.all(lam > 0) and np.all(lam <= s[idx] * mu * (1 + 1e-12))
        assert lam.sum() == pytest.approx(1.0, abs=1e-14)
        np.testing.assert_allclose(dense(idx, lam, n), x, atol=1e-9)


def test_wrch_skips_zero_weights():
    proj = np.array([-3.0, -2.0, 0.0, 1.0])
    s = np.array([0.0, 1.0, 0.0, 5.0])
    idx, lam = wrch_vertex(proj, s, 0.25)
    assert idx.tolist() == [1, 3] and lam.tolist() == [0.25, 0.75]


def test_wrch_unbounded_mu():
    # mu = inf is the unreduced hull: the single best point with positive weight.
    idx, lam = wrch_vertex(np.array([-1.0, 0.0, 2.0]), np.array([0.0, 2.0, 1.0]), np.inf)
    assert idx.tolist() == [1] and lam.tolist() == [1.0]


def test_wrch_with_unit_weights_is_theorem_3():
    # Unit weights give Theorem 3, including mu = 1/k in floating point (the remainder tolerance).
    proj = np.random.default_rng(5).standard_normal(60)
    ones = np.ones(60)
    for mu in [1.0 / k for k in (1, 3, 7, 49, 59)] + [0.37, 0.051, 1.0 / 60]:
        i1, l1 = rch_vertex(proj, mu, 0)
        i2, l2 = wrch_vertex(proj, ones, mu)
        assert i1.tolist() == i2.tolist()
        np.testing.assert_allclose(l1, l2, rtol=1e-12)


def test_wrch_duplication_and_scaling():
    # (3.11) (integer weights == duplicated points) and (WRCH(mu, c s) == WRCH(c mu, s)) at the
    # level of the extreme point, on 20 random directions.
    rng = np.random.default_rng(7)
    P = rng.standard_normal((8, 3))
    s = rng.integers(1, 4, 8)
    Pdup = np.repeat(P, s, axis=0)
    for _ in range(20):
        v = rng.standard_normal(3)
        mu = 1.0 / rng.uniform(1, s.sum())
        a = extreme_vertex(P, v, mu=mu, s=s).point
        np.testing.assert_allclose(a, extreme_vertex(Pdup, v, mu=mu).point, atol=1e-13)
        np.testing.assert_allclose(
            a, extreme_vertex(P, v, mu=mu / 2.5, s=2.5 * s).point, atol=1e-13
        )


def test_wrch_fig_3_13_semantics():
    # At mu = 1/sum(s) every direction gives the weighted centroid. x_i (a hull vertex)
    # is in the WRCH iff mu s_i >= 1; with s = (1, 2, 3, 4), x_4 leaves below mu = 1/4.
    P = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0]])
    s = np.array([1.0, 2.0, 3.0, 4.0])
    c = s @ P / s.sum()
    for v in np.random.default_rng(0).standard_normal((10, 2)):
        np.testing.assert_allclose(extreme_vertex(P, v, mu=0.1, s=s).point, c, atol=1e-14)
    towards_x4 = np.array([-1.0, 1.0])
    assert extreme_vertex(P, towards_x4, mu=0.25, s=s).support.tolist() == [3]
    assert extreme_vertex(P, towards_x4, mu=0.2499, s=s).support.size == 2
    towards_x1 = np.array([-1.0, -1.0])
    assert extreme_vertex(P, towards_x1, mu=1.0, s=s).support.tolist() == [0]
    assert extreme_vertex(P, towards_x1, mu=0.99, s=s).support.size == 2


def test_resolve_mu():
    assert resolve_mu(10, k=4) == (0.25, 4)
    assert resolve_mu(10, mu=0.1) == (0.1, 0)
    assert resolve_mu(3, mu=1 / 3 - 1e-17) == (1 / 3, 0)


@pytest.mark.parametrize(
    ("kwargs", "err", "match"),
    [
        ({"mu": 0.05}, ValueError, "mu must be >= 1/n"),
        ({"mu": 1.5}, ValueError, "mu must be in"),
        ({"mu": 0.0}, ValueError, "mu must be in"),
        ({"mu": "a"}, TypeError, "mu must be a real"),
        ({"k": 11}, ValueError, "k must be in"),
        ({"k": 0}, ValueError, "k must be in"),
        ({"k": 2.0}, TypeError, "k must be an integer"),
        ({"k": True}, TypeError, "k must be an integer"),
        ({"mu": 0.5, "k": 2}, ValueError, "exactly one of mu and k"),
        ({}, ValueError, "exactly one of mu and k"),
        ({"mu": 0.5, "s": -np.ones(10)}, ValueError, "s must be >= 0"),
        ({"mu": 0.5, "s": np.ones(9)}, ValueError, "s must have shape"),
        ({"mu": 0.05, "s": np.ones(10)}, ValueError, "reduced hull is empty"),
        ({"k": 2, "s": np.ones(10)}, ValueError, "k is for the unweighted"),
        ({"s": np.ones(10)}, ValueError, "mu is required"),
    ],
)
def test_bad_input(kwargs, err, match):
    P = np.random.default_rng(0).standard_normal((10, 2))
    with pytest.raises(err, match=match):
        extreme_vertex(P, [1.0, 0.0], **kwargs)


def test_bad_points_and_direction():
    with pytest.raises(ValueError, match="direction must be"):
        extreme_vertex(np.zeros((3, 2)), [1.0, 0.0, 0.0], mu=1.0)
    with pytest.raises(ValueError, match="P contains NaN"):
        extreme_vertex([[np.nan, 0.0]], [1.0, 0.0], mu=1.0)
    with pytest.raises(ValueError, match="P must be a 2-D array"):
        extreme_vertex(np.zeros(3), [1.0], mu=1.0)
