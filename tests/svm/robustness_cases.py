"""Property-based robustness cases of the SVM estimators (run by ``test_robustness.py``).

The rule and the machinery are ``tests/_robustness.py``'s: a clear ``ValueError``/``TypeError``,
or a model whose decision values on the training points are finite (warnings allowed) and that
survives a pickle round trip.
"""

import warnings

import numpy as np
from _robustness import (
    CLEAR,
    SETTINGS,
    degenerate_cases,
    fit_or_clear_error,
    malformed_cases,
    scale_cases,
)
from hypothesis import given
from hypothesis import strategies as st

from svmbook import SVC, SVR, MuSVC, NuSVC, NuSVR, OneClassSVM

ESTIMATORS = {
    "SVC-smo": lambda: SVC(),
    "SVC-smo-linear": lambda: SVC(kernel="linear"),
    "SVC-qp": lambda: SVC(solver="qp", kernel="linear"),
    "SVC-poly": lambda: SVC(kernel="poly", degree=5),
    "NuSVC-smo": lambda: NuSVC(nu=0.3),
    "NuSVC-wsk_fast": lambda: NuSVC(nu=0.3, kernel="linear", solver="wsk_fast"),
    "MuSVC-wsk_fast": lambda: MuSVC(kernel="linear"),
    "MuSVC-sk": lambda: MuSVC(kernel="linear", solver="sk"),
    "MuSVC-mdm": lambda: MuSVC(solver="mdm"),
    "MuSVC-tao": lambda: MuSVC(solver="tao"),
    "MuSVC-smo": lambda: MuSVC(solver="smo"),
    "MuSVC-qp": lambda: MuSVC(solver="qp"),
    "SVR-smo": lambda: SVR(kernel="linear"),
    "SVR-qp": lambda: SVR(solver="qp"),
    "NuSVR-smo": lambda: NuSVR(),
    "OneClassSVM-smo": lambda: OneClassSVM(kernel="linear"),
    "OneClassSVM-wsk_fast": lambda: OneClassSVM(solver="wsk_fast"),
}


def _targets(name, X, rng, n_classes=2):
    if name.startswith(("SVR", "NuSVR")):
        return X.sum(axis=1) if X.ndim == 2 and X.dtype.kind == "f" else rng.normal(size=len(X))
    if name.startswith("OneClass"):
        return None
    return np.arange(len(X)) % n_classes


def _fit_or_clear_error(name, X, y, **params):
    """Fit the estimator ``name``; return the model, or None after a clear error."""
    return fit_or_clear_error(ESTIMATORS[name], X, y, name=name, **params)


test_any_scale = scale_cases(ESTIMATORS, _targets)


test_degenerate_data = degenerate_cases(ESTIMATORS, _targets, ("SVR", "NuSVR"))


test_wrong_shapes_and_types = malformed_cases(ESTIMATORS, _targets)


@SETTINGS
@given(
    name=st.sampled_from([k for k in sorted(ESTIMATORS) if not k.endswith("qp")]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_max_iter_exhaustion(name, seed):
    """One iteration: a usable model with a warning, or a clear error."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(30, 2))
    _fit_or_clear_error(name, X, _targets(name, X, rng), max_iter=1)


@SETTINGS
@given(
    name=st.sampled_from(["NuSVC-smo", "NuSVC-wsk_fast", "NuSVR-smo", "OneClassSVM-smo"]),
    nu=st.sampled_from([1e-12, 1e-3, 0.5, 0.99, 1.0]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_extreme_nu(name, nu, seed):
    """nu at the edges of (0, 1], including infeasible values for unbalanced classes."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(15, 2))
    y = _targets(name, X, rng)
    if y is not None and name.startswith("NuSVC"):
        y = (np.arange(15) < 3).astype(int)  # 3 against 12: nu > 0.4 is infeasible
    _fit_or_clear_error(name, X, y, nu=nu)


@SETTINGS
@given(
    name=st.sampled_from([k for k in sorted(ESTIMATORS) if k.startswith("MuSVC")]),
    mu=st.sampled_from([1e-6, 0.01, 0.2, 0.5, 1.0, 5.0]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_extreme_mu(name, mu, seed):
    """mu from infeasible (empty hulls) to the hard margin on overlapping classes."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(16, 2))
    _fit_or_clear_error(name, X, np.arange(16) % 2, mu=mu)


@SETTINGS
@given(
    estimator=st.sampled_from(["SVC", "NuSVC", "SVR", "OneClassSVM", "MuSVC"]),
    exponent=st.sampled_from([-300, -45, -20, 0, 20, 40, 300]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_precomputed_kernel_at_any_scale(estimator, exponent, seed):
    """A precomputed Gram matrix scaled from 1e-300 to 1e300."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(12, 2))
    K = (X @ X.T + 1.0) * 10.0**exponent
    cls = {"SVC": SVC, "NuSVC": NuSVC, "SVR": SVR, "OneClassSVM": OneClassSVM, "MuSVC": MuSVC}
    est = cls[estimator](kernel="precomputed")
    y = {"OneClassSVM": None, "SVR": X[:, 0]}.get(estimator, np.arange(12) % 2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            model = est.fit(K, y) if y is not None else est.fit(K)
        except CLEAR:
            return
        assert np.all(np.isfinite(np.asarray(model.predict(K), dtype=float)))
