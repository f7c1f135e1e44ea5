"""Tests of svmbook.reduced.kdr: reduced KPCA, KSIR and KCCA (Yeh et al., section 4).

The oracles are the review's formulas written out here from their printed definitions (loops
over the points where the paper sums), the classical methods they reduce to (scikit-learn's
``KernelPCA`` and ``PCA``, SIR (38) and CCA (42) solved by ``scipy.linalg.eigh``), and the
facts the formulas imply (symmetry, rank, normalisation, the range of the eigenvalues).
"""

import numpy as np
import pytest
import scipy.linalg
from sklearn.datasets import make_circles
from sklearn.decomposition import PCA, KernelPCA
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.svm import LinearSVC
from sklearn.utils.estimator_checks import parametrize_with_checks

from svmbook import SVC
from svmbook.kernels import linear, rbf
from svmbook.reduced import ReducedKCCA, ReducedKPCA, ReducedKSIR, kdr
from svmbook.reduced.kdr import RANGE_RTOL


def _points(n=120, d=3, seed=0):
    return np.random.default_rng(seed).normal(size=(n, d))


def _kernel_covariance(K):
    """(37) written out: ``1/n sum_i (K(Ã, x_i) - k̃)(K(Ã, x_i) - k̃)'`` for ``K = K(A, Ã')``."""
    mean = K.sum(axis=0) / K.shape[0]
    S = np.zeros((K.shape[1], K.shape[1]))
    for row in K:
        S += np.outer(row - mean, row - mean)
    return S / K.shape[0]


def _match_up_to_sign(Z, Z_ref):
    """Largest difference of two sets of components after aligning each column's sign."""
    signs = np.sign(np.sum(Z * Z_ref, axis=0))
    return np.max(np.abs(Z - Z_ref * signs))


# -- KPCA ------------------------------------------------------------------------------------------


def test_kernel_covariance_is_symmetric_psd_with_the_trace_of_the_column_variances():
    """Σ_K̃ (37): symmetric, PSD, trace = sum of the variances of the columns of K(A, Ã')."""
    X = _points()
    kpca = ReducedKPCA(gamma=0.5, reduced_size=30, random_state=0).fit(X)
    K = rbf(gamma=0.5)(X, kpca.reduced_set_)
    S = _kernel_covariance(K)
    assert np.allclose(S, S.T, rtol=0, atol=1e-15)
    lam = np.linalg.eigvalsh(S)
    assert lam.min() >= -1e-14 * lam.max()
    assert np.trace(S) == pytest.approx(K.var(axis=0).sum(), rel=1e-12)
    # the fitted components are its eigenpairs, largest first, orthonormal
    A = kpca.alphas_
    assert np.allclose(S @ A, A * kpca.eigenvalues_, rtol=0, atol=1e-12 * lam.max())
    assert np.allclose(A.T @ A, np.eye(A.shape[1]), atol=1e-12)
    assert np.allclose(kpca.eigenvalues_, lam[::-1][: A.shape[1]], rtol=1e-10, atol=0)
    assert np.allclose(kpca.kernel_mean_, K.mean(axis=0), rtol=1e-14, atol=0)


@pytest.mark.parametrize("form", ["covariance", "centered"])
def test_eigenvalues_are_nonnegative_sorted_and_the_variances_of_the_projections(form):
    """Eigenvalues >= 0, descending, equal to the variance of each training projection."""
    X = _points()
    kpca = ReducedKPCA(form=form, gamma=0.5, reduced_size=40, random_state=1).fit(X)
    lam = kpca.eigenvalues_
    assert np.all(lam > 0) and np.all(np.diff(lam) <= 0)
    Z = kpca.transform(X)
    assert np.allclose(Z.mean(axis=0), 0, atol=1e-12)
    assert np.allclose(Z.var(axis=0), lam, rtol=1e-9, atol=0)
    assert np.all(lam[1:] > RANGE_RTOL * lam[0])  # None keeps the non-zero variances only


def test_the_whole_training_set_as_reduced_set_is_the_reviews_kpca_35():
    """With Ã = A the reduced KPCA (36)-(37) is the KPCA (34)-(35) on the full kernel."""
    X = _points(n=60)
    K = rbf(gamma=0.5)(X)
    n = X.shape[0]
    k_bar = sum(K[:, i] for i in range(n)) / n  # (35): k̄ = 1/n sum_i K(A, x_i)
    S = sum(np.outer(K[:, i] - k_bar, K[:, i] - k_bar) for i in range(n)) / n
    lam, V = np.linalg.eigh(S)
    lam, V = lam[::-1][:5], V[:, ::-1][:, :5]
    for kpca in (
        ReducedKPCA(5, gamma=0.5).fit(X),
        ReducedKPCA(5, gamma=0.5, reduced_set=np.arange(n)).fit(X),
    ):
        assert kpca.reduced_set_.shape == (n, 3)
        assert np.allclose(kpca.eigenvalues_, lam, rtol=1e-10, atol=0)
        assert _match_up_to_sign(kpca.alphas_, V) < 1e-8
        assert np.allclose(kpca.transform(X), (K - k_bar) @ kpca.alphas_, atol=1e-12)


def test_centered_form_on_the_whole_set_is_scikit_learns_kernel_pca():
    """The classical centred-Gram KPCA: scikit-learn's projections up to sign, eigenvalues / n."""
    X, X_new = _points(n=120), _points(n=10, seed=5)
    ours = ReducedKPCA(4, form="centered", gamma=0.3).fit(X)
    theirs = KernelPCA(4, kernel="rbf", gamma=0.3).fit(X)
    assert np.allclose(ours.eigenvalues_ * X.shape[0], theirs.eigenvalues_, rtol=1e-9)
    assert _match_up_to_sign(ours.transform(X), theirs.transform(X)) < 1e-9
    assert _match_up_to_sign(ours.transform(X_new), theirs.transform(X_new)) < 1e-9


def test_centered_form_on_a_reduced_set_is_pca_of_the_nystrom_features():
    """Reduced classical KPCA = PCA of ``K(A, Ã') K(Ã, Ã')^(-1/2)`` (unit-length axes)."""
    X = _points(n=200)
    kpca = ReducedKPCA(3, form="centered", gamma=0.5, reduced_size=25, random_state=0).fit(X)
    K = rbf(gamma=0.5)(X, kpca.reduced_set_)
    d, U = np.linalg.eigh(rbf(gamma=0.5)(kpca.reduced_set_))
    features = K @ (U / np.sqrt(d)) @ U.T
    pca = PCA(3).fit(features)
    assert np.allclose(kpca.eigenvalues_, pca.explained_variance_ * 199 / 200, rtol=1e-6)
    assert _match_up_to_sign(kpca.transform(X), pca.transform(features)) < 1e-6
    # the feature-space axis v = sum_j α_j φ(x̃_j) has unit length
    M = rbf(gamma=0.5)(kpca.reduced_set_)
    assert np.allclose(kpca.alphas_.T @ M @ kpca.alphas_, np.eye(3), atol=1e-8)


def test_linear_centered_kpca_is_pca_31_33():
    """With the linear kernel the centred form is PCA of Σ_A (33), projections β' (x - x̄)."""
    X = _points(n=100, d=4) * [3.0, 1.0, 0.5, 2.0]
    kpca = ReducedKPCA(4, form="centered", kernel="linear").fit(X)
    pca = PCA(4).fit(X)
    assert np.allclose(kpca.eigenvalues_, pca.explained_variance_ * 99 / 100, rtol=1e-10)
    assert _match_up_to_sign(kpca.transform(X), pca.transform(X)) < 1e-10
    # and the rank of the linear kernel data caps the components
    with pytest.raises(ValueError, match="n_components must be <= 4"):
        ReducedKPCA(5, form="centered", kernel="linear").fit(X)


def test_transform_of_new_points_is_alpha_times_the_centred_kernel_column():
    """``z = α' (K(Ã, x) - k̃)`` for points outside the training set, one at a time."""
    X, X_new = _points(), _points(n=5, seed=3)
    kpca = ReducedKPCA(3, gamma=0.5, reduced_size=20, random_state=2).fit(X)
    k = rbf(gamma=0.5)
    for x, z in zip(X_new, kpca.transform(X_new), strict=True):
        column = k(kpca.reduced_set_, x[None, :])[:, 0]  # K(Ã, x)
        assert np.allclose(z, kpca.alphas_.T @ (column - kpca.kernel_mean_), atol=1e-14)


def test_reduced_set_by_indices_by_points_and_by_size():
    """A drawn reduced set, the same indices given, and the same points given fit alike."""
    X = _points()
    drawn = ReducedKPCA(3, gamma=0.5, reduced_size=15, random_state=4).fit(X)
    idx = drawn.reduced_indices_
    assert idx.shape == (15,) and np.all(np.diff(idx) > 0)
    by_idx = ReducedKPCA(3, gamma=0.5, reduced_set=idx).fit(X)
    by_points = ReducedKPCA(3, gamma=0.5, reduced_set=X[idx]).fit(X)
    assert by_points.reduced_indices_ is None
    for other in (by_idx, by_points):
        assert np.array_equal(other.reduced_set_, drawn.reduced_set_)
        assert np.allclose(other.transform(X), drawn.transform(X), atol=1e-12)
    # any points serve, e.g. centroids that are not training points
    centroids = np.array([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
    assert ReducedKPCA(2, gamma=0.5, reduced_set=centroids).fit(X).transform(X).shape == (120, 2)


# -- KSIR ------------------------------------------------------------------------------------------


def _three_classes(n=300, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    radius = np.hypot(X[:, 0], X[:, 1])
    y = np.digitize(radius, [0.8, 1.4])  # three rings
    return X, y


def test_ksir_has_at_most_j_minus_1_components_and_a_between_slice_rank_of_j_minus_1():
    """The between-slice covariance of J classes has rank <= J - 1, so <= J - 1 components."""
    X, y = _three_classes()
    ksir = ReducedKSIR(gamma=1.0, reduced_size=40, random_state=0).fit(X, y)
    assert ksir.n_slices_ == 3 and ksir.alphas_.shape == (40, 2)
    K = rbf(gamma=1.0)(X, ksir.reduced_set_)
    k_bar = K.mean(axis=0)
    between = (
        sum(
            np.sum(y == j)
            * np.outer(K[y == j].mean(axis=0) - k_bar, K[y == j].mean(axis=0) - k_bar)
            for j in range(3)
        )
        / X.shape[0]
    )
    assert np.linalg.matrix_rank(between, tol=1e-12 * np.abs(between).max()) == 2
    with pytest.raises(ValueError, match="n_components must be <= 2"):
        ReducedKSIR(3, gamma=1.0, reduced_size=40, random_state=0).fit(X, y)


@pytest.mark.parametrize("ridge", [0.0, 1e-3])
def test_ksir_solves_40_with_the_normalisation_beta_sigma_beta_identity(ridge):
    """Σ_E(K̃|Y_J) α = λ (Σ_K̃ + ridge) α with α' (Σ_K̃ + ridge) α = I, λ in [0, 1]."""
    X, y = _three_classes()
    ksir = ReducedKSIR(gamma=1.0, reduced_size=30, ridge=ridge, random_state=0).fit(X, y)
    K = rbf(gamma=1.0)(X, ksir.reduced_set_)
    Kc = K - K.mean(axis=0)
    S = _kernel_covariance(K)
    S = S + ridge * np.trace(S) / S.shape[0] * np.eye(S.shape[0])
    between = sum(
        np.mean(y == j) * np.outer(Kc[y == j].mean(axis=0), Kc[y == j].mean(axis=0))
        for j in range(3)
    )
    A, lam = ksir.alphas_, ksir.eigenvalues_
    assert np.allclose(A.T @ S @ A, np.eye(2), atol=1e-6)
    assert np.allclose(between @ A, S @ A * lam, atol=1e-6 * np.abs(between).max())
    assert np.all((lam >= 0) & (lam <= 1)) and lam[0] >= lam[1]
    if ridge:  # positive definite: scipy's generalized solver agrees
        assert np.allclose(lam, scipy.linalg.eigh(between, S, eigvals_only=True)[::-1][:2])


def _sir_38(X, slices):
    """SIR (38) by scipy's generalized solver: directions with β' Σ_A β = I, largest first."""
    Xc = X - X.mean(axis=0)
    Sigma = Xc.T @ Xc / X.shape[0]
    between = sum(s.size / X.shape[0] * np.outer(Xc[s].mean(0), Xc[s].mean(0)) for s in slices)
    lam, B = scipy.linalg.eigh(between, Sigma)
    return lam[::-1], B[:, ::-1]


def test_linear_ksir_is_sir_38_and_finds_the_index_direction():
    """y = f(β'x) + noise, Gaussian x, ℓ = 2000: linear KSIR equals SIR and |cos| > 0.95."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(2000, 5))
    beta = np.array([1.0, 2.0, 0.0, -1.0, 0.5]) / np.sqrt(6.25)
    y = np.exp(X @ beta) + 0.2 * rng.normal(size=2000)
    ksir = ReducedKSIR(2, n_slices=10, kernel="linear", ridge=0.0).fit(X, y)
    lam, B = _sir_38(X, np.array_split(np.argsort(y, kind="stable"), 10))
    assert np.allclose(ksir.eigenvalues_, lam[:2], rtol=1e-8)
    assert _match_up_to_sign(ksir.transform(X), (X - X.mean(axis=0)) @ B[:, :2]) < 1e-7
    direction = np.linalg.lstsq(X - X.mean(axis=0), ksir.transform(X)[:, 0], rcond=None)[0]
    assert abs(direction @ beta) / np.linalg.norm(direction) > 0.95


def test_ksir_slices_classes_or_sorted_responses():
    """``"auto"``: the classes of a label vector, ``AUTO_SLICES`` of a continuous response."""
    X, y = _three_classes()
    assert ReducedKSIR(gamma=1.0, reduced_size=20, random_state=0).fit(X, y).n_slices_ == 3
    response = X[:, 0] + 0.1 * X[:, 1]
    assert ReducedKSIR(reduced_size=20, random_state=0).fit(X, response).n_slices_ == 10
    assert ReducedKSIR(n_slices=4, reduced_size=20, random_state=0).fit(X, response).n_slices_ == 4
    with pytest.raises(ValueError, match="Unknown label type"):
        ReducedKSIR(n_slices="classes").fit(X, response)
    with pytest.raises(ValueError, match="at least 2 slices"):
        ReducedKSIR().fit(X, np.zeros(X.shape[0]))
    with pytest.raises(ValueError, match="n_slices must be <= n_samples = 5"):
        ReducedKSIR(n_slices=6).fit(X[:5], response[:5])


@pytest.mark.parametrize("make_classifier", [LinearSVC, lambda: SVC(kernel="linear")])
def test_ksir_then_a_linear_classifier_beats_the_linear_classifier_alone(make_classifier):
    """Pipeline([ReducedKSIR, linear SVM]) on two circles: about 98 % against chance."""
    X, y = make_circles(600, noise=0.1, factor=0.5, random_state=0)
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=0)
    alone = make_classifier().fit(X_train, y_train).score(X_test, y_test)
    pipe = Pipeline(
        [
            ("ksir", ReducedKSIR(gamma=1.0, reduced_size=50, random_state=0)),
            ("svm", make_classifier()),
        ]
    ).fit(X_train, y_train)
    assert alone < 0.6 and pipe.score(X_test, y_test) > 0.95
    assert list(pipe[:-1].get_feature_names_out()) == ["reducedksir0"]


# -- KCCA ------------------------------------------------------------------------------------------


def test_linear_kcca_of_an_invertible_transform_has_correlations_one():
    """View t = view s times an invertible matrix: every canonical correlation is 1 (η = 1)."""
    rng = np.random.default_rng(0)
    Xs = rng.normal(size=(200, 3))
    Xt = Xs @ rng.normal(size=(3, 3))
    kcca = ReducedKCCA(3, kernel_s="linear", kernel_t="linear", ridge=0.0).fit(Xs, Xt)
    assert np.allclose(kcca.correlations_, 1.0, atol=1e-9)


@pytest.mark.parametrize("ridge", [0.0, 1e-3])
def test_kcca_correlations_lie_in_0_1_and_are_the_correlations_of_the_variates(ridge):
    """ρ in [0, 1], descending; the variates of pair k correlate by ρ_k, and not across pairs."""
    rng = np.random.default_rng(1)
    angle = rng.uniform(0, 2 * np.pi, 300)
    Xs = np.c_[np.cos(angle), np.sin(angle)] + 0.05 * rng.normal(size=(300, 2))
    Xt = np.c_[np.cos(2 * angle), angle > np.pi] + 0.05 * rng.normal(size=(300, 2))
    kcca = ReducedKCCA(3, reduced_size=40, ridge=ridge, random_state=0).fit(Xs, Xt)
    rho = kcca.correlations_
    assert np.all((rho >= 0) & (rho <= 1)) and np.all(np.diff(rho) <= 0)
    zs, zt = kcca.transform(Xs, Xt)
    assert np.array_equal(zs, kcca.transform(Xs))
    cross = zs.T @ zt / 300
    assert np.allclose(cross, np.diag(rho), atol=1e-8)
    if ridge == 0.0:  # unit variances without a ridge: the cross-covariances are correlations
        assert np.allclose(zs.T @ zs / 300, np.eye(3), atol=1e-8)
        assert np.allclose(zt.T @ zt / 300, np.eye(3), atol=1e-8)


def test_linear_kcca_is_cca_42_with_the_corrected_recovery_of_u_t():
    """(42) by scipy; u^t = Σ_tt^-1 Σ_st' u^s / sqrt(η) attains ρ = sqrt(η) (errata eq-31)."""
    rng = np.random.default_rng(2)
    Z = rng.normal(size=(500, 2))
    Xs = np.c_[Z, rng.normal(size=(500, 2))] @ rng.normal(size=(4, 4))
    Xt = np.c_[Z @ [[1.0, 0.5], [0.0, 1.0]] + 0.5 * rng.normal(size=(500, 2)), rng.normal(size=500)]
    Xs_c, Xt_c = Xs - Xs.mean(axis=0), Xt - Xt.mean(axis=0)
    S_ss, S_tt, S_st = Xs_c.T @ Xs_c / 500, Xt_c.T @ Xt_c / 500, Xs_c.T @ Xt_c / 500
    eta, U_s = scipy.linalg.eigh(S_st @ np.linalg.solve(S_tt, S_st.T), S_ss)
    eta, U_s = eta[::-1], U_s[:, ::-1]
    U_t = np.linalg.solve(S_tt, S_st.T @ U_s[:, :3]) / np.sqrt(eta[:3])
    assert np.allclose(np.diag(U_t.T @ S_tt @ U_t), 1.0)  # unit variance: sqrt(η), not η
    rho = np.diag(U_s[:, :3].T @ S_st @ U_t)
    assert np.allclose(rho, np.sqrt(eta[:3]))
    kcca = ReducedKCCA(3, kernel_s="linear", kernel_t="linear", ridge=0.0).fit(Xs, Xt)
    assert np.allclose(kcca.correlations_, rho, rtol=1e-8)
    zs, zt = kcca.transform(Xs, Xt)
    assert _match_up_to_sign(zs, Xs_c @ U_s[:, :3]) < 1e-7
    assert _match_up_to_sign(zt, Xt_c @ U_t) < 1e-7


def test_kcca_reduced_sets_are_paired_indices_or_given_points():
    """The same drawn indices in both views; a pair of point sets; a 1-D second view."""
    rng = np.random.default_rng(3)
    Xs, y = rng.normal(size=(80, 2)), rng.normal(size=80)
    drawn = ReducedKCCA(1, reduced_size=10, random_state=0).fit(Xs, y)
    idx = drawn.reduced_indices_
    assert np.array_equal(drawn.reduced_set_s_, Xs[idx])
    assert np.array_equal(drawn.reduced_set_t_[:, 0], y[idx]) and drawn.n_features_t_ == 1
    given = ReducedKCCA(1, reduced_set=(Xs[idx], y[idx, None])).fit(Xs, y)
    assert given.reduced_indices_ is None
    assert np.allclose(given.transform(Xs, y)[1], drawn.transform(Xs, y)[1], atol=1e-12)


# -- determinism, pipelines, bad input -------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda: ReducedKPCA(3, reduced_size=30, random_state=7),
        lambda: ReducedKPCA(3, form="centered", reduced_size=30, random_state=7),
        lambda: ReducedKSIR(reduced_size=30, random_state=7),
        lambda: ReducedKCCA(2, reduced_size=30, random_state=7),
    ],
)
def test_fits_are_reproducible_with_the_largest_coefficient_positive(make):
    """Same seed, same answer to the bit; each component's largest coefficient is positive.

    (KCCA: the ``s`` coefficients decide, the ``t`` ones follow to keep the pair's correlation.)
    """
    X, y = _three_classes()
    first, second = make().fit(X, y), make().fit(X, y)
    for name in ("alphas_", "alphas_s_", "alphas_t_"):
        if hasattr(first, name):
            assert np.array_equal(getattr(first, name), getattr(second, name))
    A = getattr(first, "alphas_", getattr(first, "alphas_s_", None))
    assert np.all(A[np.argmax(np.abs(A), axis=0), np.arange(A.shape[1])] > 0)
    assert np.array_equal(first.transform(X), second.transform(X))
    other = make().set_params(random_state=8).fit(X, y)
    assert not np.array_equal(first.transform(X), other.transform(X))


def test_covariances_summed_over_row_blocks_equal_the_whole_product(monkeypatch):
    """Blocks of ``CHUNK_ROWS`` rows (here 7: many blocks, a ragged last one) change nothing."""
    X, y = _three_classes(n=100)
    models = [
        ReducedKPCA(3, form="centered", reduced_size=20, random_state=0),
        ReducedKSIR(reduced_size=20, random_state=0),
        ReducedKCCA(2, reduced_size=20, random_state=0),
    ]
    whole = [model.fit(X, y).transform(X) for model in models]
    monkeypatch.setattr(kdr, "CHUNK_ROWS", 7)
    for model, Z in zip(models, whole, strict=True):
        assert np.allclose(model.fit(X, y).transform(X), Z, rtol=0, atol=1e-10)


def test_the_ridge_is_relative_so_a_rescaled_kernel_gives_the_same_components():
    """The ridge follows the mean variance: linear KSIR of ``10 X`` has the same λ and z."""
    X, y = _three_classes()
    ksir = ReducedKSIR(kernel="linear", reduced_size=30, ridge=0.1, random_state=0)
    small, large = ksir.fit(X, y), ReducedKSIR(**ksir.get_params()).fit(10 * X, y)
    assert np.allclose(small.eigenvalues_, large.eigenvalues_, rtol=1e-10)
    assert np.allclose(small.transform(X), large.transform(10 * X), rtol=1e-8, atol=1e-10)


def test_kernel_objects_of_the_catalogue_are_accepted():
    """A :class:`svmbook.kernels.Kernel` is used as given; names resolve with gamma."""
    X = _points()
    kpca = ReducedKPCA(2, kernel=rbf(sigma=1.0), reduced_size=10, random_state=0).fit(X)
    assert kpca.kernel_ == rbf(sigma=1.0)
    assert ReducedKPCA(2, reduced_size=10, random_state=0).fit(X).kernel_ == rbf(gamma=1 / 3)
    assert ReducedKPCA(2, kernel=linear(), reduced_size=10, random_state=0).fit(X).gamma_ == 1 / 3


def test_bad_input_names_the_parameter():
    """Wrong values raise ValueError / TypeError naming what is wrong."""
    X = _points(n=30)
    with pytest.raises(ValueError, match="reduced_size must be <= n_samples = 30"):
        ReducedKPCA(reduced_size=31).fit(X)
    with pytest.raises(ValueError, match="reduced_size or reduced_set, not both"):
        ReducedKPCA(reduced_size=3, reduced_set=[0, 1]).fit(X)
    with pytest.raises(ValueError, match="reduced_set indices must lie in"):
        ReducedKPCA(reduced_set=[0, 30]).fit(X)
    with pytest.raises(ValueError, match="reduced_set indices must be unique"):
        ReducedKPCA(reduced_set=[1, 1]).fit(X)
    with pytest.raises(ValueError, match="reduced_set must hold at least one index"):
        ReducedKPCA(reduced_set=np.array([], dtype=int)).fit(X)
    with pytest.raises(ValueError, match=r"reduced_set must have shape \(n_points, 3\)"):
        ReducedKPCA(reduced_set=np.zeros((4, 2))).fit(X)
    with pytest.raises(ValueError, match="'form' parameter"):
        ReducedKPCA(form="gram").fit(X)
    with pytest.raises(ValueError, match="'ridge' parameter"):
        ReducedKSIR(ridge=-1.0).fit(X, X[:, 0] > 0)
    with pytest.raises(ValueError, match="'kernel' parameter"):
        ReducedKPCA(kernel="precomputed").fit(X)
    with pytest.raises(ValueError, match="NaN"):
        ReducedKPCA().fit(np.where(X > 1, np.nan, X))
    for constant in (
        ReducedKPCA(),
        ReducedKPCA(form="centered", kernel="linear"),
        ReducedKSIR(),
        ReducedKCCA(1),
    ):
        with pytest.raises(ValueError, match="no direction of non-zero variance"):
            constant.fit(np.zeros((6, 2)), [0, 1] * 3)
    fitted = ReducedKPCA(2, reduced_size=5, random_state=0).fit(X)
    with pytest.raises(ValueError, match="features"):
        fitted.transform(np.zeros((2, 4)))
    kcca = ReducedKCCA(1, reduced_size=5, random_state=0).fit(X, X[:, :2])
    with pytest.raises(ValueError, match=r"y must have shape \(3, n_features\)"):
        kcca.transform(X[:3], X[:4, :2])
    with pytest.raises(ValueError, match=r"y must have shape \(n_points, 2\)"):
        kcca.transform(X[:3], X[:3, :1])
    with pytest.raises(ValueError, match="reduced_set of two views must be 1-D indices or a pair"):
        ReducedKCCA(1, reduced_set=np.zeros((3, 3))).fit(X, X[:, :2])
    with pytest.raises(ValueError, match="reduced_size or reduced_set, not both"):
        ReducedKCCA(1, reduced_size=3, reduced_set=(X[:3], X[:3, :2])).fit(X, X[:, :2])
    with pytest.raises(ValueError, match="reduced_set\\[1\\] must have shape"):
        ReducedKCCA(1, reduced_set=(X[:3], X[:3, :1])).fit(X, X[:, :2])


@parametrize_with_checks(
    [
        ReducedKPCA(2, reduced_size=5, random_state=0),
        ReducedKPCA(2, form="centered", kernel="linear"),
        ReducedKSIR(reduced_size=5, random_state=0),
        ReducedKCCA(1, reduced_size=5, random_state=0),
    ]
)
def test_sklearn_compatible(estimator, check):
    """Check scikit-learn's estimator checks."""
    check(estimator)
