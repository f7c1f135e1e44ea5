"""Thresholds (svmbook.thresholds), Goodrich (2012) sections 4.3 and 5.9.3.

Every threshold is the book's offset b, added (f = raw + b); Goodrich's thresholds are -b.
Oracles: the corrected closed-form range [-(b_1 + b_3)/2, -(b_2 + b_4)/2] of the KKT offset when no
SV is free (Goodrich 2012, section 4.3.1, in his sign, corrected as in docs/errata.md,
goodrich-2012-sec-4-3-1-b-range; the LP over the primal is in tests/qp/test_geometric.py), the K = I
closed form (the Gaussian limit: alpha_i = 1/n of its class), b_kkt = b_geom for the hard margin
(Fig. 4.14b), svmbook.qp.svc_dual's own bias for the C-SVM threshold, the bad KKT threshold of the
C-SVM on the 500/50 toy (Figs. 4.10 and 4.15), and scipy's minimiser of Platt's likelihood.
Tolerances: cvxopt after polishing (1e-7); Platt's Newton method stops at gradient 1e-10 here, so
(A, B) agree with scipy to ~1e-6.
"""

import numpy as np
import pytest
from scipy.optimize import minimize

from svmbook import SVC, MuSVC, thresholds
from svmbook.datasets import make_imbalanced2d
from svmbook.kernels import get_kernel
from svmbook.qp import mu_svm_dual, svc_dual
from svmbook.thresholds import (
    b_csvm,
    b_geom,
    b_kkt,
    b_platt,
    perceptron_threshold,
    platt_fit,
)

TOL = 1e-7


def data(n_pos=20, n_neg=20, seed=0, shift=1.0):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(shift, 1.0, (n_pos, 2)), rng.normal(-shift, 1.0, (n_neg, 2))])
    return X, np.r_[np.ones(n_pos), -np.ones(n_neg)]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_kkt_range_without_free_svs_is_the_swapped_printed_range(seed):
    """Fig. 4.12: mu = 1/2, three points per class, every alpha 0 or mu."""
    X, y = data(3, 3, seed=seed, shift=1.5)
    K = X @ X.T
    res = mu_svm_dual(K, y, 0.5)
    alpha = res.alpha
    f = K @ res.coef
    t = b_kkt(f, y, alpha, 0.5)
    pos, neg, sv = y > 0, y < 0, alpha > 1e-9
    b1, b2 = f[neg & sv].min(), f[neg & ~sv].max()
    b3, b4 = f[pos & ~sv].min(), f[pos & sv].max()
    # Printed (his sign): b_min = (b1 + b3)/2, b_max = (b2 + b4)/2; the labels are swapped.
    np.testing.assert_allclose(t.b_interval, [-(b1 + b3) / 2, -(b2 + b4) / 2], atol=TOL)
    assert t.b == pytest.approx(0.5 * sum(t.b_interval))
    assert res.b == pytest.approx(t.b)  # the QP result stores the same added offset


def test_kkt_identity_kernel_closed_form():
    y = np.r_[np.ones(3), -np.ones(5)]
    alpha = np.where(y > 0, 1 / 3, 1 / 5)
    f = alpha * y  # K = I
    t = b_kkt(f, y, alpha, 0.5)
    assert t.b == pytest.approx(0.5 * (1 / 5 - 1 / 3))
    assert t.rho == pytest.approx(0.5 * (1 / 3 + 1 / 5))
    assert t.b_interval[0] == t.b_interval[1] == t.b
    assert b_geom(f, y, alpha) == pytest.approx(t.b)


def test_hard_margin_kkt_equals_geometric():
    """mu = inf on separable data: every SV is on its supporting plane (Fig. 4.14b)."""
    X, y = data(seed=3, shift=3.0)
    K = get_kernel("rbf", gamma=0.5)(X, X)
    res = mu_svm_dual(K, y, np.inf)
    f = K @ res.coef
    assert b_kkt(f, y, res.alpha, np.inf).b == pytest.approx(b_geom(f, y, res.alpha), abs=TOL)


def test_geometric_threshold_is_scale_free():
    """The C-SVM's alpha' and the equivalent mu-SVM's alpha give one geometric hyperplane."""
    X, y = data(seed=4)
    K = X @ X.T
    c_res = svc_dual(K, y, 0.5)
    S = c_res.alpha.sum()
    mu_res = mu_svm_dual(K, y, 1.0 / S)  # mu = 2C / S
    g_c = b_geom(K @ c_res.coef, y, c_res.alpha)
    g_mu = b_geom(K @ mu_res.coef, y, mu_res.alpha)
    assert 2 / S * g_c == pytest.approx(g_mu, abs=TOL)
    assert g_mu == pytest.approx(-0.5 * mu_res.alpha @ (K @ mu_res.coef), abs=1e-12)  # (4.9)


@pytest.mark.parametrize("C", [0.05, 1.0])
def test_csvm_threshold_matches_svc_dual(C):
    X, y = data(seed=5)
    K = X @ X.T
    res = svc_dual(K, y, C)
    t = b_csvm(K @ res.coef, y, res.alpha, C)
    assert t.b == pytest.approx(res.b, abs=TOL)
    np.testing.assert_allclose(t.b_interval, res.b_interval, atol=TOL)
    assert t.rho == 1.0


def test_small_c_kkt_threshold_slides_out_of_the_data():
    """Goodrich (2012), Fig. 4.10: a linear C-SVM on 500/50 points.

    At small C every training point is predicted positive with the KKT threshold, while the
    geometric threshold still splits the classes.
    """
    X, y = make_imbalanced2d(random_state=0)
    K = X @ X.T
    C = 0.01
    res = svc_dual(K, y, C)
    f = K @ res.coef
    kkt = b_csvm(f, y, res.alpha, C).b
    geom = b_geom(f, y, res.alpha)
    assert np.all(f + kkt > 0)
    assert np.mean(f[y < 0] + geom < 0) > 0.5  # most negatives on their side
    assert np.mean(f + geom > 0) < 0.95
    # At C = 1 the KKT threshold is still inside the data.
    res1 = svc_dual(K, y, 1.0)
    f1 = K @ res1.coef
    assert np.mean(f1 + b_csvm(f1, y, res1.alpha, 1.0).b > 0) < 1.0


def test_platt_fit_matches_scipy():
    rng = np.random.default_rng(6)
    y = np.where(rng.random(300) < 0.3, 1.0, -1.0)
    d = y * 1.5 + rng.normal(0, 1.2, 300)
    A, B = platt_fit(d, y, tol=1e-10)
    n_pos, n_neg = (y > 0).sum(), (y < 0).sum()
    t = np.where(y > 0, (n_pos + 1) / (n_pos + 2), 1 / (n_neg + 2))

    def nll(p):
        z = p[0] * d + p[1]
        return np.sum(t * z + np.logaddexp(0, -z))

    ref = minimize(nll, [0.0, 0.0], method="BFGS", options={"gtol": 1e-10}).x
    np.testing.assert_allclose([A, B], ref, atol=1e-5)
    assert A < 0
    assert b_platt(d, y, tol=1e-10) == pytest.approx(B / A)
    # Fitting f - c instead shifts the offset by c: the same boundary (section 4.3.3).
    assert b_platt(d - 0.7, y, tol=1e-10) == pytest.approx(B / A + 0.7, abs=1e-8)


def test_platt_errors():
    y = np.r_[np.ones(10), -np.ones(10)]
    with pytest.raises(ValueError, match="slope A"):
        b_platt(-y * 2.0, y)  # anti-ordered values
    with pytest.raises(ValueError, match="max_iter must be >= 1, got 0"):
        platt_fit(y, y, max_iter=0)


def test_perceptron_thresholds():
    f = np.array([2.0, 0.5, 1.0, -1.0, -3.0, 0.2])
    y = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
    alpha = np.array([0.0, 0.3, 0.2, 0.1, 0.0, 0.4])
    assert perceptron_threshold(f, y, alpha, "kkt") == pytest.approx(0.5 - 0.5)
    alpha_pos = np.array([0.0, 0.3, 0.4, 0.1, 0.0, 0.2])  # sum alpha y = 0.4: the sign shows
    assert perceptron_threshold(f, y, alpha_pos, "kkt") == pytest.approx(0.4)
    assert perceptron_threshold(f, y, alpha, "bias_free") == 0.0
    assert perceptron_threshold(f, y, alpha, "geometric") == pytest.approx(b_geom(f, y, alpha))
    # max over positive SVs (1.0), min over negative SVs (-1.0).
    assert perceptron_threshold(f, y, alpha, "svm_kkt") == pytest.approx(0.0)
    # shifted by 2 the two ends are 3 and 1: b = -1/2 (3 + 1), the book's sign
    assert perceptron_threshold(f + 2.0, y, alpha, "svm_kkt") == pytest.approx(-2.0)
    with pytest.raises(ValueError, match="kind must be one of"):
        perceptron_threshold(f, y, alpha, "platt")


def test_threshold_bad_input():
    y = np.r_[1.0, -1.0]
    with pytest.raises(ValueError, match="alpha must be >= 0"):
        b_kkt([0.0, 0.0], y, [-1.0, 1.0], 1.0)
    with pytest.raises(ValueError, match="same shape"):
        b_geom([0.0], y, [1.0, 1.0])
    with pytest.raises(ValueError, match="class -1 sums to 0"):
        b_geom([0.0, 0.0], y, [1.0, 0.0])
    with pytest.raises(ValueError, match="upper must be >= 0"):
        b_kkt([0.0, 0.0], y, [1.0, 1.0], -1.0)


def test_centroid_class_takes_the_smallest_rho():
    """Fig. 4.13: a class reduced to its centroid lets rho grow without bound; the mu-SVM takes
    the b with the smallest rho (its plane through the extreme support point)."""
    X, y = data(4, 8, seed=7, shift=1.5)
    K = X @ X.T
    res = mu_svm_dual(K, y, 1 / 4)  # positives: mu * 4 = 1, the centroid
    f = K @ res.coef
    t = b_kkt(f, y, res.alpha, 1 / 4)
    assert np.isinf(t.rho_interval[1])
    u = t.rho - t.b  # positive supporting plane: f_i + b = rho
    assert u == pytest.approx(f[y > 0].max(), abs=1e-12)
    assert res.b == pytest.approx(t.b, abs=1e-12)


# --- pictures of fitted linear machines -------------------------------------------------------


@pytest.fixture
def wsvm_toy():
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal([1.5, 1.5], 0.8, (10, 2)), rng.normal([-1, -1], 1.2, (12, 2))])
    y = np.r_[np.ones(10), -np.ones(12)]
    return X, y



def test_linear_wsvm_geometry_matches_the_qp(wsvm_toy):
    X, y = wsvm_toy
    s = np.linspace(0.5, 2.0, y.size)
    model = MuSVC(mu=0.3, kernel="linear", solver="qp", tol=1e-6).fit(X, y, sample_weight=s)
    geo = thresholds.linear_wsvm_geometry(model, X, y, s)
    ref = mu_svm_dual(X @ X.T, y, 0.3, sample_weight=s)
    np.testing.assert_allclose(geo.alpha, ref.alpha, atol=1e-6)
    np.testing.assert_allclose(geo.w @ geo.w, ref.w_norm2, rtol=1e-6)
    np.testing.assert_allclose(geo.p_pos - geo.p_neg, geo.w)
    f = X @ geo.w
    assert geo.b_geom == pytest.approx(-0.5 * (geo.p_pos @ geo.w + geo.p_neg @ geo.w))
    assert geo.kkt.b == pytest.approx(ref.b, abs=1e-5)
    assert geo.b_geom == pytest.approx(thresholds.b_geom(f, y, geo.alpha))


def test_linear_csvm_thresholds_of_a_fitted_svc():
    X, y = make_imbalanced2d(n_pos=40, n_neg=10)
    model = SVC(kernel="linear", C=0.5, solver="smo", tol=1e-6).fit(X, y)
    fit = thresholds.linear_csvm_thresholds(model, X, y)
    np.testing.assert_allclose(fit.w, model.coef_[0], atol=1e-8)
    # the C-SVM's KKT offset is scikit-learn's intercept (the book's sign)
    assert fit.kkt.b == pytest.approx(model.intercept_[0], abs=1e-6)
    assert np.all((fit.alpha >= 0) & (fit.alpha <= 0.5 + 1e-12))
