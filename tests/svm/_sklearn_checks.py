"""scikit-learn's estimator checks as pytest parameters, shared by the estimator test modules."""

import pytest
from sklearn.utils.estimator_checks import estimator_checks_generator

# Checks of features svmbook does not claim are left out rather than run as skips: the array-API
# dispatch check (svmbook's solvers take numpy arrays only, like scikit-learn's SVC; the check
# itself skips unless SCIPY_ARRAY_API=1, which would change scipy's behaviour for the whole run).
NOT_CLAIMED = frozenset({"check_array_api_input"})


def _name(check):
    return getattr(check, "func", check).__name__


def sklearn_check_params(estimators, expected_failed_checks):
    """``pytest.param(estimator, check)`` for every applicable check, expected failures as xfail."""
    params = []
    for estimator in estimators:
        for item in estimator_checks_generator(
            estimator, expected_failed_checks=expected_failed_checks(estimator), mark="xfail"
        ):
            # Expected failures come back as pytest.param(..., marks=xfail), the others as tuples.
            marks = getattr(item, "marks", ())
            est, check = item.values if marks else item
            if _name(check) in NOT_CLAIMED:
                continue
            params.append(pytest.param(est, check, marks=marks, id=f"{est!r}-{_name(check)}"))
    return params
