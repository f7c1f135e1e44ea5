"""The reference QPs certify their own answers (duality gap and infeasibility)."""

import warnings

import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.exceptions import ConvergenceWarning
from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel

from svmbook import qp
from svmbook.qp._common import CERTIFY_RTOL, certify
from svmbook.svm import formulations as F


def _problem(seed):
    """A seeded random C-SVC problem: linear, polynomial or RBF kernel, n 10-150, C 0.2-1000."""
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(10, 150)), int(rng.integers(2, 10))
    X = rng.normal(size=(n, d))
    y = np.where(rng.random(n) < 0.5, 1.0, -1.0)
    y[:2] = [1.0, -1.0]
    C = float(np.exp(rng.uniform(np.log(0.2), np.log(1000.0))))
    kind = ("linear", "poly", "rbf")[seed % 3]
    if kind == "linear":
        K = X @ X.T
    elif kind == "poly":
        K = polynomial_kernel(X, degree=int(rng.integers(2, 6)), gamma=1.0 / d, coef0=1.0)
    else:
        K = rbf_kernel(X, gamma=1.0 / d)
    return K, y, C


def test_certify_accepts_a_kkt_point_and_rejects_perturbed_or_infeasible_ones():
    """On a problem with a known optimum: gap 0 there, positive elsewhere."""
    # min 1/2 (x1^2 + x2^2) - x1 - x2 s.t. 0 <= x <= 0.5, x1 - x2 = 0: optimum (0.5, 0.5)
    H, q, A = np.eye(2), -np.ones(2), np.array([[1.0, -1.0]])
    box = {"lb": np.zeros(2), "ub": np.full(2, 0.5), "A": A}
    good = certify(H, q, np.array([0.5, 0.5]), **box)
    assert good.status == 0 and good.duality_gap == 0.0 and good.infeasibility == 0.0
    worse = certify(H, q, np.array([0.4, 0.4]), **box)
    # f(0.4, 0.4) - f* = 0.09; the Frank-Wolfe gap bounds it from above
    assert worse.status == 1 and worse.duality_gap * 0.84 >= 0.09 - 1e-12
    off = certify(H, q, np.array([0.5, 0.4]), **box)
    assert off.status == 1 and off.infeasibility > CERTIFY_RTOL
    assert "NOT certified" in off.message


@pytest.mark.parametrize("seed", range(3))
def test_svc_dual_certificate_bounds_the_true_suboptimality(seed):
    """A certified answer perturbed along a feasible direction loses its certificate."""
    K, y, C = _problem(seed)
    res = qp.svc_dual(K, y, C)
    assert res.status == 0 and res.duality_gap <= CERTIFY_RTOL
    Q = (y[:, None] * y[None, :]) * K
    i, j = np.flatnonzero(y > 0)[0], np.flatnonzero(y < 0)[0]
    alpha = res.alpha.copy()
    step = 0.3 * C if alpha[i] < 0.5 * C else -0.3 * C
    alpha[i] += step
    alpha[j] += step  # y' alpha unchanged
    alpha = np.clip(alpha, 0.0, C)
    bad = certify(Q, -np.ones(len(y)), alpha, lb=np.zeros(len(y)), ub=np.full(len(y), C),
                  A=y[None, :])  # fmt: skip
    assert bad.status == 1


def test_uncertified_answers_warn_and_say_so():
    """The listings' 1e-10 ridge on iris is ill-conditioned: cvxopt's answer is not certified.

    Iris petals repeat across classes, so only the ridge (squared slack, C = 1e10) gives an answer,
    and cvxopt stops on it with a relative duality gap above 1e-6.
    """
    iris = load_iris()
    X, y = iris.data[:, 2:4], np.where(iris.target == 2, 1.0, -1.0)
    with pytest.warns(ConvergenceWarning, match="NOT certified"):
        res = qp.svc_dual(rbf_kernel(X, gamma=0.5), y, bias="implicit", infeasible="ridge")
    assert res.status == 1 and "NOT certified" in res.message
    assert res.duality_gap > CERTIFY_RTOL


def test_smo_against_certified_oracles_only():
    """60 seeded C-SVC problems: the SMO core never beats a certified cvxopt optimum.

    Uncertified oracle answers are skipped and counted; a converged SMO matches the certified
    objective to 1e-6 relative (SMO's own stopping tolerance 1e-8 on the KKT gap).
    """
    skipped, compared, unconverged = [], 0, []
    for seed in range(60):
        K, y, C = _problem(seed)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            ref = qp.svc_dual(K, y, C)
            smo = F.solve_c_svc(K, y, C, tol=1e-8, max_iter=2_000_000)
        if ref.status != 0:
            skipped.append(seed)
            continue
        compared += 1
        Q = (y[:, None] * y[None, :]) * K
        alpha = np.abs(smo.dual_coef)
        obj = 0.5 * alpha @ Q @ alpha - alpha.sum()
        scale = max(1.0, abs(ref.objective))
        assert ref.objective <= obj + 1e-9 * scale, seed  # the oracle is at least as good
        if smo.status == 0:
            assert obj - ref.objective <= 1e-6 * scale, seed
        else:
            unconverged.append(seed)
    print(f"compared {compared}, skipped {len(skipped)} uncertified oracle answers {skipped}, "
          f"SMO at max_iter on {unconverged}")  # fmt: skip
    assert compared >= 55, f"too many uncertified oracle answers: {skipped}"
