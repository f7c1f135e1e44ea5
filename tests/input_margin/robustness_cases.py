"""Property-based robustness cases of :class:`svmbook.input_margin.InputMarginSVC`.

Run by ``test_robustness.py``; the rule and the machinery are ``tests/_robustness.py``'s. Each
example solves cvxopt QPs, so the cases draw fewer examples than the SVM suites.
"""

import numpy as np
from _robustness import (
    BAD_NUMBERS,
    FEW,
    degenerate_cases,
    fit_or_clear_error,
    fit_with_bad_parameter,
    malformed_cases,
    scale_cases,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from svmbook.input_margin import CONVERGED, MAX_ITER, VANISHING_GRADIENT, InputMarginSVC

CASES = settings(FEW, max_examples=20)


def _euclidean(x):
    """The Euclidean metric at ``x`` as a callable metric (module level: a model pickles)."""
    return np.eye(x.shape[0])


ESTIMATORS = {
    "full": lambda: InputMarginSVC(C=10.0, n_steps=2),
    "simplified": lambda: InputMarginSVC(C=10.0, n_steps=2, algorithm="simplified"),
    "hard": lambda: InputMarginSVC(n_steps=1),
    "linear": lambda: InputMarginSVC(kernel="linear", C=1.0, n_steps=1),
    "poly-metric": lambda: InputMarginSVC(
        kernel="poly", degree=2, C=10.0, n_steps=1, metric=_euclidean
    ),  # fmt: skip
}
NUMERIC = ["gamma", "degree", "coef0", "C", "n_steps", "n_foot_iter", "foot_tol", "rcond"]


def _targets(name, X, rng):
    return np.arange(len(X)) % 2


test_any_scale = scale_cases(ESTIMATORS, _targets, n_max=14, d_max=2, case_settings=CASES)


test_degenerate_data = degenerate_cases(ESTIMATORS, _targets, n_max=12, case_settings=CASES)


test_wrong_shapes_and_types = malformed_cases(ESTIMATORS, _targets, case_settings=CASES)


@settings(CASES, max_examples=40)
@given(param=st.sampled_from(NUMERIC), value=st.sampled_from(BAD_NUMBERS))
def test_bad_parameters(param, value):
    """Negative, zero, NaN, inf and wrongly typed numeric parameters: refused by name, or usable."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(12, 2))
    fit_with_bad_parameter(ESTIMATORS["full"], X, (X[:, 0] > 0).astype(int), param, value)


@CASES
@given(
    param=st.sampled_from(
        ["kernel", "metric", "algorithm", "simplified_qp", "select", "slow_down"]
    ),  # fmt: skip
    value=st.sampled_from(["x", None, 1.0, np.nan, [1.0], lambda X: -np.ones((len(X), 2, 2))]),
)
def test_bad_options(param, value):
    """Unknown options, non-callable or non-positive-definite metrics: refused by name."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(12, 2))
    y = (X[:, 0] > 0).astype(int)
    fit_with_bad_parameter(ESTIMATORS["full"], X, y, param, value)


@CASES
@given(
    name=st.sampled_from(sorted(ESTIMATORS)),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_foot_iteration_budget(name, seed):
    """One foot update per step: a usable model, or a clear error.

    Akaho's Algorithm 1 interleaves a fixed number of foot updates with each coefficient update
    (its feet need not converge within a step), so an unconverged foot is recorded in the step's
    ``foot_status``, not warned about; the budget that warns when exhausted is the QP's.
    """
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(16, 2))
    y = (X[:, 0] + 0.3 * rng.normal(size=16) > 0).astype(int)
    model = fit_or_clear_error(ESTIMATORS[name], X, y, name=name, n_foot_iter=1)
    if model is not None and name != "simplified":
        statuses = [s.foot_status for s in model.steps_[1:] if s.foot_status is not None]
        assert all(np.isin(s, [CONVERGED, MAX_ITER, VANISHING_GRADIENT]).all() for s in statuses)
