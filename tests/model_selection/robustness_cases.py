"""Property-based robustness cases of :mod:`svmbook.model_selection` (run by its test module).

:class:`~svmbook.model_selection.SVMSearchCV` (grid and uniform design, over SVC, MuSVC and the
reduced RSVC), the error estimates, the mu search and the radius-margin functions, on data at
any scale, degenerate or malformed, and with bad parameters. The rule and the machinery are
``tests/_robustness.py``'s; every number an estimate returns must be finite (or an error rate's
``inf`` bound named as such).
"""

import numpy as np
from _robustness import (
    BAD_NUMBERS,
    DEGENERATE,
    EXPONENTS,
    FEW,
    SETTINGS,
    call_or_clear_error,
    degenerate,
    degenerate_cases,
    fit_with_bad_parameter,
    malformed_cases,
    scale_cases,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from svmbook import SVC, MuSVC
from svmbook.model_selection import (
    SVMSearchCV,
    gacv,
    holdout_error,
    kfold_error,
    loo_error,
    modelsel_grid,
    mu_search,
    r_delta_sq,
    radius_margin_ratio,
    sv_bound,
    xi_alpha,
)
from svmbook.reduced import RSVC

CASES = settings(FEW, max_examples=25)

ESTIMATORS = {
    "SVC-grid": lambda: SVMSearchCV(
        SVC(), {"C": [0.1, 10.0], "gamma": [0.5]}, cv=2, progress=False
    ),  # fmt: skip
    "SVC-uniform": lambda: SVMSearchCV(
        SVC(), strategy="uniform_design", design=(5, 5), cv=2, progress=False
    ),  # fmt: skip
    "MuSVC-grid": lambda: SVMSearchCV(MuSVC(), {"mu": [0.2, 0.5]}, cv=2, progress=False),
    "RSVC-grid": lambda: SVMSearchCV(
        RSVC(reduced_size=0.5, random_state=0), {"C": [0.1, 10.0]}, cv=2, progress=False
    ),  # fmt: skip
}
ESTIMATES = ["loo", "kfold", "holdout", "xi_alpha", "gacv", "sv_bound", "r_delta_sq"]


def _labels(name, X, rng):
    return np.arange(len(X)) % 2


def _estimate(which, X, y):
    """Return one estimate of an SVC on ``(X, y)`` (the model fitted inside when needed)."""
    if which == "loo":
        return loo_error(SVC(C=10.0), X, y)
    if which == "kfold":
        return kfold_error(SVC(C=10.0), X, y, cv=2, random_state=0)
    if which == "holdout":
        return holdout_error(SVC(C=10.0), X, y, random_state=0)
    model = SVC(C=10.0).fit(X, y)
    return {
        "xi_alpha": lambda: xi_alpha(model, X, y),
        "gacv": lambda: gacv(model, X, y),
        "sv_bound": lambda: sv_bound(model),
        "r_delta_sq": lambda: r_delta_sq(model, X),
    }[which]()


def _finite_numbers(result, what):
    """Assert that every float a result holds (number, array, dataclass fields) is finite."""
    values = [getattr(result, f) for f in getattr(result, "__dataclass_fields__", {})] or [result]
    for v in values:
        a = np.asarray(v)
        if a.dtype.kind == "f":
            assert np.all(np.isfinite(a)), f"{what}: non-finite {v!r}"


test_search_at_any_scale = scale_cases(ESTIMATORS, _labels, n_max=16, d_max=2, case_settings=CASES)


test_search_on_degenerate_data = degenerate_cases(
    ESTIMATORS, _labels, n_max=14, case_settings=CASES
)


test_search_on_wrong_shapes_and_types = malformed_cases(ESTIMATORS, _labels, case_settings=CASES)


@settings(SETTINGS, max_examples=40)
@given(
    param=st.sampled_from(
        [
            "cv",
            "design",
            "box",
            "n_jobs",
            "param_grid",
            "strategy",
            "scoring",
            "refit",
            "warm_start",
            "estimator",
        ]
    ),  # fmt: skip
    value=st.sampled_from(
        [
            *BAD_NUMBERS,
            "x",
            (0, 0),
            {"C": [-1.0]},
            {"C": [np.nan]},
            {"C": []},
            {"nope": [1.0]},
            {"C": ["a"]},
        ]
    ),  # fmt: skip
)
def test_search_bad_parameters(param, value):
    """Bad settings and grids: refused by name (a grid's own parameter name counts), or usable."""
    X = np.random.default_rng(0).normal(size=(16, 2))
    y = (X[:, 0] > 0).astype(int)
    grid_keys = list(value) if param == "param_grid" and isinstance(value, dict) else []
    fit_with_bad_parameter(ESTIMATORS["SVC-grid"], X, y, param, value, names=[param, *grid_keys])


@CASES
@given(
    which=st.sampled_from(ESTIMATES),
    kind=st.sampled_from(["clean", *DEGENERATE]),
    exponent=st.sampled_from([-7, 0, 7, 100]),
    n=st.integers(min_value=4, max_value=14),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_estimates(which, kind, exponent, n, seed):
    """The error estimates on scaled or degenerate data: finite numbers, or a clear error."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2)) * 10.0**exponent
    X, y = degenerate(kind, X, np.arange(n) % 2, rng=rng) if kind != "clean" else (X, n % 2)
    y = np.arange(n) % 2 if np.ndim(y) == 0 else y
    result = call_or_clear_error(_estimate, which, X, y, name=which)
    if result is not None:
        _finite_numbers(result, which)


@CASES
@given(
    gammas=st.sampled_from([[0.5], [1e-300], [1e300], [], [-1.0], [np.nan], ["a"], [np.inf]]),
    n_steps=st.sampled_from([1, 3, 0, -1, 2.5]),
    kind=st.sampled_from(["clean", "constant", "duplicates", "one_class", "nan"]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_mu_search(gammas, n_steps, kind, seed):
    """The mu search with bad gammas or steps, on degenerate data: a result or a clear error."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(12, 2))
    X, y = degenerate(kind, X, np.arange(12) % 2, rng=rng) if kind != "clean" else (X, None)
    y = np.arange(12) % 2 if y is None else y

    def criterion(model, X_, y_):
        return float(np.mean(model.predict(X_) != y_))

    result = call_or_clear_error(mu_search, X, y, gammas=gammas, criterion=criterion,
                                 n_steps=n_steps, name="mu_search")  # fmt: skip
    if result is not None and result.best_params is not None:
        assert np.isfinite(result.best_score)


@CASES
@given(
    exponent=st.sampled_from(EXPONENTS),
    C=st.sampled_from([1e-300, 1.0, 1e300, *BAD_NUMBERS]),
    defect=st.sampled_from(
        ["none", "nan", "asymmetric", "one_class", "short_y", "zeros", "not_pm1"]
    ),  # fmt: skip
    n=st.integers(min_value=1, max_value=10),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_radius_margin_ratio(exponent, C, defect, n, seed):
    """The radius-margin ratio on a Gram matrix at any scale or malformed: finite, or clear."""
    rng = np.random.default_rng(seed)
    A = rng.normal(size=(n, 3))
    K = (A @ A.T) * 10.0**exponent
    y = np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    if defect == "nan":
        K[0, 0] = np.nan
    elif defect == "asymmetric" and n > 1:
        K[0, 1] += 1.0
    elif defect == "one_class":
        y[:] = 1.0
    elif defect == "short_y":
        y = y[:-1]
    elif defect == "zeros":
        K[:] = 0.0
    elif defect == "not_pm1":
        y = y * 2.0
    ratio = call_or_clear_error(radius_margin_ratio, K, y, C, max_iter=2000, name="ratio")
    if ratio is not None:
        assert np.isfinite(ratio) and ratio >= 0, ratio


@settings(FEW, max_examples=10)
@given(
    kind=st.sampled_from(["clean", "constant", "duplicates", "nan", "one_class"]),
    params=st.sampled_from([None, [0.5], [-1.0], [np.nan]]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_modelsel_grid(kind, params, seed):
    """Algorithm 13's grid on degenerate data or bad kernel parameters: a choice or clear."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(12, 2))
    X, y = degenerate(kind, X, np.arange(12) % 2, rng=rng) if kind != "clean" else (X, None)
    y = np.arange(12) % 2 if y is None else y
    result = call_or_clear_error(modelsel_grid, X, y, params=params, Cs=[0.1, 10.0],
                                 max_iter=2000, name="modelsel_grid")  # fmt: skip
    if result is not None:
        assert np.isfinite(result.C) and np.isfinite(result.param) and np.isfinite(result.ratio)
