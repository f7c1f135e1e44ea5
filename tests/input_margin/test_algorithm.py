"""Tests of svmbook.input_margin.algorithm against the explicit degree-2 feature map (Akaho 2002,
section 3): the temporaries, eta_hat as the gradient of g, homogeneity, the updates (10)-(11),
Q as a Gram matrix, the linear-kernel fixed point, the projection (18) and the simplified
algorithm (section 6, docs/errata.md#akaho-2002-eq-22)."""

import numpy as np
import pytest

from svmbook.input_margin import (
    KernelExpansion,
    StepError,
    algorithm_step,
    foot_of_perpendicular,
    kernel_gradient,
    linearised_distance,
    metric_matrices,
    reproject,
    simplified_step,
    support_of,
    temporaries,
    update_coefficients,
)
from svmbook.kernels import linear, rbf
from svmbook.qp import svc_dual
from svmbook.qp.input_margin import input_margin_dual

from .conftest import mixture, phi, psi

RTOL = 1e-10


@pytest.fixture
def setting(poly2):
    """Random omega_hat on random foot estimates, random SPD metrics (oracle 2)."""
    rng = np.random.default_rng(7)
    n = 6
    X = rng.normal(size=(n, 2))
    Xh = X + 0.3 * rng.normal(size=(n, 2))
    M = rng.normal(size=(n, 2, 2))
    G = M @ M.transpose(0, 2, 1) + 0.5 * np.eye(2)
    e = KernelExpansion.build(poly2, Xh, rng.normal(size=n), rng.normal(size=(n, 2)), 0.2)
    y = np.array([1.0, -1.0, 1.0, 1.0, -1.0, -1.0])
    return e, X, y, G, np.linalg.inv(G)


def explicit(e, X, y, G_inv):
    """omega_hat, q, p, r, g, eta, v and z in the 6-D feature space."""
    omega = sum(a * phi(c) + psi(c) @ b for c, a, b in zip(e.centres, e.a, e.b, strict=True))
    q = np.array([psi(c).T @ omega for c in e.centres])
    p = np.array([phi(c) @ omega for c in e.centres])
    r = omega @ omega
    qn2 = np.einsum("ia,iab,ib->i", q, G_inv, q)
    g = np.sqrt(qn2 / r)
    rows = zip(e.centres, G_inv, q, qn2, g, strict=True)
    eta = np.array([(psi(c) @ Gi @ qi - n2 / r * omega) / (gi * r) for c, Gi, qi, n2, gi in rows])
    v = np.array([phi(c) - psi(c) @ (c - x) for c, x in zip(e.centres, X, strict=True)])
    z = y[:, None] * v - eta
    return dict(omega=omega, q=q, p=p, r=r, g=g, eta=eta, v=v, z=z)


def test_temporaries_equal_the_explicit_inner_products(setting):
    e, X, y, G, G_inv = setting
    tmp = temporaries(e, X, y, G_inv)
    ex = explicit(e, X, y, G_inv)
    np.testing.assert_allclose(tmp.q, ex["q"], rtol=RTOL)
    np.testing.assert_allclose(tmp.p, ex["p"], rtol=RTOL)
    np.testing.assert_allclose(tmp.r, ex["r"], rtol=RTOL)
    np.testing.assert_allclose(tmp.g, ex["g"], rtol=RTOL)
    np.testing.assert_allclose(tmp.s, ex["v"] @ ex["v"].T, rtol=RTOL)
    np.testing.assert_allclose(tmp.t, ex["eta"] @ ex["v"].T, rtol=RTOL, atol=1e-12)
    np.testing.assert_allclose(tmp.u, ex["eta"] @ ex["eta"].T, rtol=RTOL, atol=1e-12)
    np.testing.assert_allclose(tmp.Q, ex["z"] @ ex["z"].T, rtol=RTOL, atol=1e-12)
    # p + f0 and q are f and grad f at the estimates (section 3.3)
    values, grads = e.value_and_gradient(e.centres)
    np.testing.assert_allclose(tmp.p + e.f0, values, rtol=RTOL)
    np.testing.assert_allclose(tmp.q, grads, rtol=RTOL)


def test_symmetry_and_definiteness(setting):
    # oracle 6: Q symmetric PSD (a Gram matrix), u symmetric, t not
    e, X, y, G, G_inv = setting
    tmp = temporaries(e, X, y, G_inv)
    np.testing.assert_array_equal(tmp.Q, tmp.Q.T)
    assert np.linalg.eigvalsh(tmp.Q)[0] > -1e-10 * np.abs(tmp.Q).max()
    np.testing.assert_allclose(tmp.u, tmp.u.T, rtol=1e-12)
    assert np.abs(tmp.t - tmp.t.T).max() > 1e-3


def test_eta_is_the_gradient_of_g_and_orthogonal_to_omega(setting):
    # oracle 3 and 4: eta_i = d g_i / d omega (6); eta . omega = 0; g_i(c omega) = g_i(omega)
    e, X, y, G, G_inv = setting
    ex = explicit(e, X, y, G_inv)
    omega = ex["omega"]

    def g_of(w, i):
        c = e.centres[i]
        qi = psi(c).T @ w
        return np.sqrt(qi @ G_inv[i] @ qi / (w @ w))

    h = 1e-6
    for i in range(len(X)):
        fd = [(g_of(omega + h * ek, i) - g_of(omega - h * ek, i)) / (2 * h) for ek in np.eye(6)]
        np.testing.assert_allclose(ex["eta"][i], fd, atol=1e-7)
        assert abs(ex["eta"][i] @ omega) < 1e-10 * np.linalg.norm(omega)
        assert g_of(3.7 * omega, i) == pytest.approx(g_of(omega, i), rel=1e-13)


def test_linearised_distance_is_scale_invariant(setting):
    e, X, y, G, G_inv = setting
    values, grads = e.value_and_gradient(e.centres)
    d = linearised_distance(values, grads, e.centres, X, G_inv)
    np.testing.assert_allclose(
        linearised_distance(2.5 * values, 2.5 * grads, e.centres, X, G_inv), d, rtol=1e-14
    )


def test_updates_reproduce_omega_and_the_bias(setting):
    # oracle 5: (10) gives omega = sum_i alpha_i z_i for any alpha >= 0; (11) is
    # f_0 = y_i (g_i - omega . z_i)
    e, X, y, G, G_inv = setting
    tmp = temporaries(e, X, y, G_inv)
    ex = explicit(e, X, y, G_inv)
    alpha = np.random.default_rng(8).random(len(X))
    a, b = update_coefficients(alpha, y, X, e, tmp)
    new = KernelExpansion(e.kernel, e.centres, a, b, 0.0)
    omega = sum(ai * phi(c) + psi(c) @ bi for c, ai, bi in zip(new.centres, a, b, strict=True))
    np.testing.assert_allclose(omega, alpha @ ex["z"], rtol=RTOL, atol=1e-12)
    qp = input_margin_dual(tmp.Q, tmp.g, y, 1.0)
    omega = qp.alpha @ ex["z"]
    free = qp.free
    assert free.size
    np.testing.assert_allclose(y[free] * (tmp.g[free] - ex["z"][free] @ omega), qp.b, rtol=1e-6)


def test_svm_special_case_of_the_temporaries():
    # x_hat = x (d = 0) and no derivative terms: s is the Gram matrix, the QP's Q is y y' K once
    # eta = 0 (section 3.2); with g = 1 the QP is the SVM dual (tests/qp/test_input_margin.py)
    X, y = mixture(2)
    k = rbf(sigma=1.0)
    svm = svc_dual(k(X), y, 10.0)
    e = KernelExpansion.build(k, X, svm.coef, None, svm.b)
    tmp = temporaries(e, X, y, metric_matrices(None, X)[1])
    np.testing.assert_allclose(tmp.s, k(X), rtol=1e-13)
    ty = tmp.t * y[None, :]
    np.testing.assert_allclose(tmp.Q + ty + ty.T - tmp.u, np.outer(y, y) * k(X), atol=1e-12)


def test_linear_kernel_is_a_fixed_point():
    # oracle 8: with k = x'y and G = I, g_hat = 1, eta_hat = 0 and phi - psi^T d = x for any x_hat
    X, y = mixture(3)
    X = X + np.where(y[:, None] > 0, 1.5, -1.5)  # separable
    svm = svc_dual(X @ X.T, y)
    w = svm.coef @ X
    # other centres, the same f: b_j = -0.1 a_j (1, 1) undoes the shift of the centres
    e = KernelExpansion.build(linear(), X + 0.1, svm.coef, -np.outer(svm.coef, 0.1 * np.ones(2)),
                              svm.b)  # fmt: skip
    np.testing.assert_allclose(e.decision_function(X), svm.decision_function(X @ X.T), rtol=1e-9)
    tmp = temporaries(e, X, y, metric_matrices(None, X)[1])
    np.testing.assert_allclose(tmp.g, 1.0, rtol=1e-10)
    np.testing.assert_allclose(tmp.u, 0.0, atol=1e-10)
    np.testing.assert_allclose(tmp.s, X @ X.T, rtol=1e-10)
    np.testing.assert_allclose(tmp.Q, np.outer(y, y) * (X @ X.T), rtol=1e-9, atol=1e-9)
    # the foot iteration reaches x - w (w'x + b) / |w|^2 in one update
    res = foot_of_perpendicular(e, X, X, max_iter=1, warn=False)
    exact = X - np.outer(X @ w + svm.b, w) / (w @ w)
    np.testing.assert_allclose(res.points, exact, atol=1e-10)
    # and a whole step of Algorithm 1 returns the same linear machine
    G, G_inv = metric_matrices(None, X)
    new, info = algorithm_step(e, X, y, G_inv)
    T = np.random.default_rng(0).normal(size=(7, 2))
    np.testing.assert_allclose(new.decision_function(T), T @ w + svm.b, rtol=1e-6, atol=1e-6)


def test_projection_reproduces_the_old_function():
    X, y = mixture(1)
    k = rbf(sigma=1.0)
    svm = svc_dual(k(X), y, 10.0)
    e = KernelExpansion.build(k, X, svm.coef, None, svm.b)
    moved = X + 1e-3 * np.random.default_rng(2).normal(size=X.shape)
    p = reproject(e, X, moved)
    T = np.vstack([X, moved])
    np.testing.assert_allclose(p.decision_function(T), e.decision_function(T), atol=1e-6)
    # only the support carries coefficients (section 3.5)
    assert set(support_of(p)) <= set(svm.support)
    # with unchanged centres T holds n distinct points for (m + 1)|SV| + 1 unknowns: the
    # least-squares answer reproduces the values, not necessarily the coefficients
    unchanged = reproject(e, X, X)
    np.testing.assert_allclose(unchanged.decision_function(X), e.decision_function(X), atol=1e-6)


def test_simplified_with_linear_kernel_is_the_svm():
    # oracle 9: g_hat = 1, so both QPs are the SVM
    X, y = mixture(3)
    X = X + np.where(y[:, None] > 0, 1.5, -1.5)
    svm = svc_dual(X @ X.T, y)
    e = KernelExpansion.build(linear(), X, svm.coef, None, svm.b)
    G_inv = metric_matrices(None, X)[1]
    for qp in ("exact", "rescaled_kernel"):
        new, info = simplified_step(e, X, y, G_inv, qp=qp)
        np.testing.assert_allclose(info.g, 1.0, rtol=1e-9)
        np.testing.assert_allclose(new.a, svm.coef, rtol=1e-5, atol=1e-6)
        assert new.f0 == pytest.approx(svm.b, rel=1e-5)


def test_simplified_variants_differ_when_g_varies():
    X, y = mixture(4)
    k = rbf(sigma=1.0)
    svm = svc_dual(k(X), y, 100.0)
    e = KernelExpansion.build(k, X, svm.coef, None, svm.b)
    G_inv = metric_matrices(None, X)[1]
    exact, info = simplified_step(e, X, y, G_inv, C=100.0)
    recipe, recipe_info = simplified_step(e, X, y, G_inv, C=100.0, qp="rescaled_kernel")
    assert np.ptp(info.g) > 0.1
    assert np.abs(exact.a - recipe.a).max() > 1e-3 * np.abs(exact.a).max()
    # the exact step's free points sit on their constraints y_i f(x_i) = g_i (section 6); the
    # recipe's bias is rescaled per point, so its free points do not
    free = (info.alpha > 1e-6) & (info.alpha < 100.0 - 1e-4)
    assert free.any()
    np.testing.assert_allclose(y[free] * exact.decision_function(X[free]), info.g[free], rtol=1e-6)
    free = (recipe_info.alpha > 1e-6) & (recipe_info.alpha < 100.0 - 1e-4)
    off = np.abs(y[free] * recipe.decision_function(X[free]) - info.g[free])
    assert off.max() > 1e-3


def test_vanishing_gradient_stops_a_step():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [-1.0, 0.0]])
    y = np.array([1.0, -1.0, -1.0])
    # f = 1 - 2 k(0, x) ... symmetric about 0: grad f(0) = 0 at the first point
    e = KernelExpansion.build(rbf(sigma=1.0), X, [2.0, -1.0, -1.0], None, 0.0)
    with pytest.raises(StepError, match="vanishes"):
        simplified_step(e, X, y, metric_matrices(None, X)[1])


def test_simplified_g_is_the_corrected_eq_22():
    # docs/errata.md#akaho-2002-eq-22: ||sum_j a_j k_x(x_i, x_j)|| / sqrt(a'Ka), not a_i inside
    X, y = mixture(3)
    X = X + np.where(y[:, None] > 0, 1.5, -1.5)
    for kernel in (linear(), rbf(sigma=1.0)):
        svm = svc_dual(kernel(X), y, 10.0)
        e = KernelExpansion.build(kernel, X, svm.coef, None, svm.b)
        _, info = simplified_step(e, X, y, metric_matrices(None, X)[1], C=10.0)
        Kx = kernel_gradient(kernel, X, X)
        norm = np.sqrt(svm.coef @ kernel(X) @ svm.coef)
        corrected = np.linalg.norm(np.einsum("ija,j->ia", Kx, svm.coef), axis=1) / norm
        printed = np.linalg.norm(svm.coef[:, None] * Kx.sum(axis=1), axis=1) / norm
        np.testing.assert_allclose(info.g, corrected, rtol=1e-10)
        assert np.abs(printed - corrected).max() > 1e-2
        if kernel == linear():
            np.testing.assert_allclose(corrected, 1.0, rtol=1e-9)
