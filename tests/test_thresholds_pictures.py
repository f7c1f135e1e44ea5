import matplotlib
import numpy as np
import pytest

from svmbook import SVC, MuSVC, thresholds
from svmbook.datasets import make_imbalanced2d
from svmbook.qp import mu_svm_dual

matplotlib.use("Agg")




@pytest.fixture
def toy():
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal([1.5, 1.5], 0.8, (10, 2)), rng.normal([-1, -1], 1.2, (12, 2))])
    y = np.r_[np.ones(10), -np.ones(12)]
    return X, y



def test_linear_wsvm_geometry_matches_the_qp(toy):
    X, y = toy
    s = np.linspace(0.5, 2.0, y.size)
    model = MuSVC(mu=0.3, kernel="linear", solver="qp", tol=1e-6).fit(X, y, sample_weight=s)
    geo = thresholds.linear_wsvm_geometry(model, X, y, s)
    ref = mu_svm_dual(X @ X.T, y, 0.3, sample_weight=s)
    np.testing.assert_allclose(geo.alpha, ref.alpha, atol=1e-6)
    np.testing.assert_allclose(geo.w @ geo.w, ref.w_norm2, rtol=1e-6)
    np.testing.assert_allclose(geo.p_pos - geo.p_neg, geo.w)
    f = X @ geo.w
    assert geo.b_geom == pytest.approx(0.5 * (geo.p_pos @ geo.w + geo.p_neg @ geo.w))
    assert geo.kkt.b == pytest.approx(-ref.b, abs=1e-5)
    assert geo.b_geom == pytest.approx(thresholds.b_geom(f, y, geo.alpha))


def test_linear_csvm_thresholds_of_a_fitted_svc():
    X, y = make_imbalanced2d(n_pos=40, n_neg=10)
    model = SVC(kernel="linear", C=0.5, solver="smo", tol=1e-6).fit(X, y)
    fit = thresholds.linear_csvm_thresholds(model, X, y)
    np.testing.assert_allclose(fit.w, model.coef_[0], atol=1e-8)
    # the C-SVM's KKT threshold is sklearn's intercept with the thesis's sign
    assert fit.kkt.b == pytest.approx(-model.intercept_[0], abs=1e-6)
    assert np.all((fit.alpha >= 0) & (fit.alpha <= 0.5 + 1e-12))
