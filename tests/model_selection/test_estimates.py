"""Error estimates (Goodrich 2012, sections 6.2 and 6.4.3) against cvxopt and brute force."""

import warnings

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.exceptions import NotFittedError
from sklearn.model_selection import StratifiedKFold

from svmbook import SVC, MuSVC, NuSVC
from svmbook.kernels import rbf
from svmbook.model_selection.estimates import (
    FoldErrors,
    LOOResult,
    gacv,
    holdout_error,
    kfold_error,
    loo_error,
    r_delta_sq,
    sv_bound,
    xi_alpha,
)
from svmbook.qp import mu_svm_dual, svc_dual

GAMMA = 0.5


def _problem(seed, n=40, noise=0.6):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.where(X[:, 0] + X[:, 1] + noise * rng.normal(size=n) > 0, 1, 0)
    return X, y


def _gram(X):
    return rbf(gamma=GAMMA)(X)


def _gacv_62(alpha, yf, K):
    """Goodrich (6.2), literally, with the band [-1, 1] tested with a relative 1e-6."""
    xi = np.maximum(0.0, 1.0 - yf)
    below = yf < -1.0
    band = (yf >= -1.0) & (yf <= 1.0 + 1e-6)
    d = np.diag(K)
    return (xi.sum() + np.sum(2 * alpha[below] * d[below]) + np.sum(alpha[band] * d[band])) / len(
        yf
    )


def _gacv_68(alpha, yf, rho, K):
    """Goodrich (6.8), literally, in the primal scale of (2.20) (rho, f and xi of w = 1/2 sum)."""
    xi = np.maximum(0.0, rho - yf)
    below = yf < -rho
    band = (yf >= -rho) & (yf <= rho * (1 + 1e-6))
    d = np.diag(K)
    total = 2 * xi.sum() + np.sum(2 * alpha[below] * d[below]) + np.sum(alpha[band] * d[band])
    return total / (2 * rho * len(yf))


def _r2(K):
    return float(np.max(np.diag(K)[:, None] - K))


# --------------------------------------------------------------------------------------------
# estimates of one machine, against the cvxopt oracles and the printed formulas
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("C", [0.3, 1.0, 10.0])
def test_gacv_and_xi_alpha_of_svc_match_formulas_on_the_cvxopt_solution(seed, C):
    X, y = _problem(seed)
    K = _gram(X)
    t = np.where(y == 1, 1.0, -1.0)
    ref = svc_dual(K, t, C)
    assert ref.status == 0
    yf = t * (K @ ref.coef + ref.b)
    model = SVC(C=C, kernel="rbf", gamma=GAMMA, solver="qp").fit(X, y)
    # the model is the oracle's solution; the estimates then follow from the formulas alone
    assert gacv(model, X, y) == pytest.approx(_gacv_62(ref.alpha, yf, K), rel=1e-9, abs=1e-12)
    r2 = _r2(K)
    expected = np.count_nonzero(2 * ref.alpha * r2 + np.maximum(0, 1 - yf) >= 1) / len(y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # a class without free SV at small C
        assert xi_alpha(model, X, y) == expected
    assert r_delta_sq(model, X) == pytest.approx(r2, rel=1e-12)


@pytest.mark.parametrize("seed", [0, 3])
@pytest.mark.parametrize("mu", [0.15, 0.3])
def test_mu_forms_match_68_and_69_on_the_cvxopt_solution(seed, mu):
    X, y = _problem(seed)
    K = _gram(X)
    t = np.where(y == 1, 1.0, -1.0)
    ref = mu_svm_dual(K, t, mu)  # nearest-point scale: w = sum alpha y x, rho twice the primal
    assert ref.status == 0
    rho = ref.rho / 2.0  # the primal (2.20) scale of (6.8), (6.9): w = 1/2 sum alpha y x
    # Goodrich's f = w.x - b_thesis; the oracle's b is -b_thesis (the package adds its bias)
    yf = t * (K @ (ref.alpha * t) + ref.b) / 2.0
    model = MuSVC(mu=mu, kernel="rbf", gamma=GAMMA, solver="qp").fit(X, y)
    assert model.rho_[0] == pytest.approx(ref.rho, rel=1e-8)
    assert gacv(model, X, y) == pytest.approx(_gacv_68(ref.alpha, yf, rho, K), rel=1e-7)
    r2 = _r2(K)
    xi = np.maximum(0.0, rho - yf)
    expected = np.count_nonzero(ref.alpha * r2 + xi >= rho) / len(y)
    assert xi_alpha(model, X, y) == expected


@pytest.mark.parametrize("seed", [0, 1, 4])
@pytest.mark.parametrize("mu", [0.1, 0.2, 0.5])
def test_mu_svm_and_svc_with_the_mapped_c_give_the_same_estimates(seed, mu):
    # Goodrich section 6.4.3: (6.8) and (6.9) of a mu-SVM equal (6.2) and Joachims' estimate of
    # the C-SVM with C = mu / (2 rho) (= MuSVC.C_ in the package's nearest-point scale)
    X, y = _problem(seed)
    mu_model = MuSVC(mu=mu, kernel="rbf", gamma=GAMMA, solver="qp").fit(X, y)
    c_model = SVC(C=float(mu_model.C_[0]), kernel="rbf", gamma=GAMMA, solver="qp").fit(X, y)
    # both are cvxopt solutions certified to a relative duality gap of 1e-6; GACV is linear in
    # alpha and the slacks, so it agrees to about that (measured: 3e-13 at most)
    assert gacv(mu_model, X, y) == pytest.approx(gacv(c_model, X, y), rel=1e-6)
    r2 = r_delta_sq(c_model, X)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # mu = 0.1 can put a class at its bound
        assert xi_alpha(mu_model, X, y, r_delta_sq=r2) == xi_alpha(c_model, X, y, r_delta_sq=r2)


def test_smo_and_the_oracle_give_the_same_gacv_to_the_solver_tolerance():
    X, y = _problem(5, n=60)
    qp = SVC(C=2.0, kernel="rbf", gamma=GAMMA, solver="qp").fit(X, y)
    smo = SVC(C=2.0, kernel="rbf", gamma=GAMMA, solver="smo", tol=1e-6).fit(X, y)
    # SMO stops at a KKT gap of 1e-6: alpha and the margins move by about that
    assert gacv(smo, X, y) == pytest.approx(gacv(qp, X, y), abs=1e-4)


def test_xi_alpha_never_exceeds_the_sv_bound():
    for seed in range(4):
        X, y = _problem(seed)
        for C in (0.1, 1.0, 100.0):
            model = SVC(C=C, kernel="rbf", gamma=GAMMA).fit(X, y)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                assert xi_alpha(model, X, y) <= sv_bound(model)


def test_xi_alpha_warns_when_a_class_has_no_free_support_vector():
    # a tiny C puts every multiplier of the smaller class at C (Goodrich section 6.4.1)
    X, y = _problem(0)
    model = SVC(C=1e-3, kernel="rbf", gamma=GAMMA, solver="qp").fit(X, y)
    with pytest.warns(UserWarning, match="no free support vector"):
        value = xi_alpha(model, X, y)
    assert 0.0 <= value <= 1.0


def test_gacv_uses_the_kernel_as_the_model_does():
    # gamma="scale", a Kernel object and a precomputed Gram matrix give the same machine
    X, y = _problem(6)
    gamma = 1.0 / (X.shape[1] * X.var())
    scale = SVC(C=1.0, gamma="scale", solver="qp").fit(X, y)
    kernel = SVC(C=1.0, kernel=rbf(gamma=gamma), solver="qp").fit(X, y)
    K = rbf(gamma=gamma)(X)
    pre = SVC(C=1.0, kernel="precomputed", solver="qp").fit(K, y)
    values = [gacv(scale, X, y), gacv(kernel, X, y), gacv(pre, K, y)]
    assert values == pytest.approx([values[0]] * 3, rel=1e-12)


def test_sv_bound_is_the_support_fraction():
    X, y = _problem(0)
    model = SVC(C=1.0, kernel="rbf", gamma=GAMMA).fit(X, y)
    assert sv_bound(model) == model.support_.shape[0] / X.shape[0]


# --------------------------------------------------------------------------------------------
# leave-one-out against brute force
# --------------------------------------------------------------------------------------------


def _brute_loo(make, X, y):
    """Retrain on every n - 1 points and classify the one left out."""
    mistakes = []
    for i in range(len(y)):
        keep = np.delete(np.arange(len(y)), i)
        if make(keep).predict(X[i : i + 1])[0] != y[i]:
            mistakes.append(i)
    return mistakes


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
@pytest.mark.parametrize("C", [0.5, 5.0])
def test_loo_shortcut_equals_brute_force_for_svc(seed, C):
    X, y = _problem(seed, n=30, noise=1.0)
    est = SVC(C=C, kernel="rbf", gamma=GAMMA)
    expected = _brute_loo(lambda keep: clone(est).fit(X[keep], y[keep]), X, y)
    warm = loo_error(est, X, y)
    cold = loo_error(est, X, y, warm_start=False)
    full = loo_error(est, X, y, shortcut=False)
    for res in (warm, cold, full):
        assert isinstance(res, LOOResult)
        assert res.mistakes.tolist() == expected
        assert res.error == len(expected) / len(y)
    n_sv = SVC(C=C, kernel="rbf", gamma=GAMMA).fit(X, y).support_.shape[0]
    assert warm.n_fits == cold.n_fits == n_sv
    assert full.n_fits == len(y)
    assert warm.error <= n_sv / len(y)  # the SV bound (6.1)


@pytest.mark.parametrize("seed", [0, 2])
def test_loo_shortcut_equals_brute_force_for_mu_svc(seed):
    X, y = _problem(seed, n=30, noise=1.0)
    est = MuSVC(mu=0.2, kernel="rbf", gamma=GAMMA, solver="qp")
    expected = _brute_loo(lambda keep: clone(est).fit(X[keep], y[keep]), X, y)
    res = loo_error(est, X, y)
    assert res.mistakes.tolist() == expected
    assert res.error <= sv_bound(clone(est).fit(X, y))


def test_loo_fixes_data_dependent_settings_at_the_full_fit():
    # gamma="scale" is the full set's 1 / (d var X) in every fold, so brute force with that
    # number is the reference
    X, y = _problem(7, n=30, noise=1.0)
    gamma = 1.0 / (X.shape[1] * X.var())
    expected = _brute_loo(lambda keep: SVC(C=1.0, gamma=gamma).fit(X[keep], y[keep]), X, y)
    assert loo_error(SVC(C=1.0), X, y).mistakes.tolist() == expected


def test_loo_with_a_precomputed_kernel():
    X, y = _problem(1, n=30, noise=1.0)
    K = _gram(X)
    pre = loo_error(SVC(C=1.0, kernel="precomputed"), K, y)
    points = loo_error(SVC(C=1.0, kernel="rbf", gamma=GAMMA), X, y)
    assert pre.mistakes.tolist() == points.mistakes.tolist()


# --------------------------------------------------------------------------------------------
# k-fold and hold-out
# --------------------------------------------------------------------------------------------


def test_kfold_error_is_seeded_and_stratified():
    X, y = _problem(0, n=50)
    est = SVC(C=1.0, kernel="rbf", gamma=GAMMA)
    a = kfold_error(est, X, y, cv=5, random_state=3)
    b = kfold_error(est, X, y, cv=5, random_state=3)
    assert isinstance(a, FoldErrors)
    assert a.errors.shape == (5,)
    assert a.error == pytest.approx(a.errors.mean())
    np.testing.assert_array_equal(a.errors, b.errors)
    assert 0.0 <= a.error <= 1.0


def test_kfold_errors_are_those_of_a_manual_stratified_loop():
    X, y = _problem(2, n=40)
    est = SVC(C=1.0, kernel="rbf", gamma=GAMMA)
    res = kfold_error(est, X, y, cv=4, random_state=np.random.default_rng(0))
    seed = int(np.random.default_rng(0).integers(2**31 - 1))
    manual = []
    for tr, te in StratifiedKFold(4, shuffle=True, random_state=seed).split(X, y):
        model = SVC(C=1.0, kernel="rbf", gamma=GAMMA).fit(X[tr], y[tr])
        manual.append(np.mean(model.predict(X[te]) != y[te]))
    np.testing.assert_allclose(res.errors, manual)


def test_holdout_error_is_seeded():
    X, y = _problem(0, n=50)
    est = SVC(C=1.0, kernel="rbf", gamma=GAMMA)
    a = holdout_error(est, X, y, test_size=0.3, random_state=1)
    assert a == holdout_error(est, X, y, test_size=0.3, random_state=1)
    assert 0.0 <= a <= 1.0


# --------------------------------------------------------------------------------------------
# bad input
# --------------------------------------------------------------------------------------------


def test_unfitted_model_raises():
    X, y = _problem(0)
    with pytest.raises(NotFittedError, match="model is not fitted"):
        gacv(SVC(), X, y)
    with pytest.raises(NotFittedError, match="model is not fitted"):
        sv_bound(MuSVC())


def test_multiclass_model_raises():
    X, y = _problem(0, n=45)
    y3 = np.arange(45) % 3
    model = SVC(kernel="rbf", gamma=GAMMA).fit(X, y3)
    for f in (sv_bound, lambda m: gacv(m, X, y3), lambda m: xi_alpha(m, X, y3)):
        with pytest.raises(ValueError, match="two-class model"):
            f(model)
    with pytest.raises(ValueError, match="y must hold exactly two classes"):
        loo_error(SVC(), X, y3)


def test_other_estimators_raise():
    X, y = _problem(0)
    with pytest.raises(TypeError, match="model must be a svmbook SVC or MuSVC"):
        gacv(NuSVC().fit(X, y), X, y)
    with pytest.raises(TypeError, match="estimator must be a svmbook SVC or MuSVC"):
        loo_error(NuSVC(), X, y)


def test_wrong_data_raises():
    X, y = _problem(0)
    model = SVC(kernel="rbf", gamma=GAMMA).fit(X, y)
    with pytest.raises(ValueError, match=r"X must have shape \(40, n_features\)"):
        gacv(model, X[:-1], y)
    with pytest.raises(ValueError, match=r"X must have shape \(n_points, 2\)"):
        gacv(model, np.hstack([X, X]), y)
    with pytest.raises(ValueError, match="X must be the training points"):
        gacv(model, X + 1.0, y)
    with pytest.raises(ValueError, match=r"y must have shape \(40,\)"):
        gacv(model, X, y[:-1])
    with pytest.raises(ValueError, match="labels the model was not fitted on"):
        xi_alpha(model, X, np.where(y == 1, 5, 0))
    with pytest.raises(ValueError, match="r_delta_sq must be >= 0"):
        xi_alpha(model, X, y, r_delta_sq=-1.0)
    with pytest.raises(TypeError, match="X must be a real numeric array"):
        loo_error(SVC(), np.array([["a", "b"]] * 40), y)
    with pytest.raises(ValueError, match=r"y must have shape \(40,\)"):
        kfold_error(SVC(), X, y[:-2])
    with pytest.raises(ValueError, match="cv must be"):
        kfold_error(SVC(), X, y, cv=1)
    with pytest.raises(ValueError, match="test_size must be"):
        holdout_error(SVC(), X, y, test_size=1.5)
    with pytest.raises(TypeError, match="shortcut must be"):
        loo_error(SVC(), X, y, shortcut="yes")


def test_mu_svc_without_a_positive_margin_raises():
    """A MuSVC with ``rho_ <= 0`` (a capped fit's) has no C-SVM scale: the estimates refuse it.

    Dividing by a negative rho would flip every margin and multiplier, and the count of
    xi-alpha would reward a machine worse than chance (the capped fits of
    ``tests/model_selection/test_mu_search.py``).
    """
    X, y = _problem(0)
    model = MuSVC(mu=0.2, kernel="rbf", gamma=GAMMA, solver="qp").fit(X, y)
    for rho in (0.0, -1e-9):
        model.rho_ = np.array([rho])
        for estimate in (gacv, xi_alpha):
            with pytest.raises(ValueError, match="no positive margin"):
                estimate(model, X, y)


@pytest.mark.parametrize("C", [1e-2, 1.0, 100.0])
def test_loo_warm_start_is_feasible_for_every_support_vector(C):
    # small C puts whole classes at the bound, so the removed amount is taken from the other class
    from svmbook.model_selection.estimates import _loo_start

    X, y = _problem(0, n=30, noise=1.0)
    t = np.where(y == 1, 1.0, -1.0)
    alpha = svc_dual(_gram(X), t, C).alpha
    upper = np.full(len(y), C)
    for i in np.flatnonzero(alpha > 0):
        a = _loo_start(alpha, t, upper, i)
        rest = np.delete(t, i)
        assert abs(rest @ a) <= 1e-12 * max(1.0, alpha.sum())
        assert np.all(a >= 0) and np.all(a <= C)


def test_loo_fixes_mu_auto_at_the_full_fit():
    X, y = _problem(2, n=30, noise=1.0)
    est = MuSVC(kernel="rbf", gamma=GAMMA, solver="qp")  # mu="auto" depends on the class sizes
    mu = float(clone(est).fit(X, y).mu_[0])
    fixed = MuSVC(mu=mu, kernel="rbf", gamma=GAMMA, solver="qp")
    expected = _brute_loo(lambda keep: clone(fixed).fit(X[keep], y[keep]), X, y)
    assert loo_error(est, X, y).mistakes.tolist() == expected


def test_kfold_with_an_int_seed_uses_scikit_learns_folds():
    """Check that an int random_state gives StratifiedKFold's folds with that seed."""
    from sklearn.datasets import make_classification
    from sklearn.model_selection import StratifiedKFold, cross_val_score

    from svmbook import SVC

    X, y = make_classification(120, n_features=4, random_state=7)
    res = kfold_error(SVC(), X, y, cv=4, random_state=3)
    folds = StratifiedKFold(4, shuffle=True, random_state=3)
    np.testing.assert_allclose(res.errors, 1.0 - cross_val_score(SVC(), X, y, cv=folds))
