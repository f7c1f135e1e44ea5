"""Property-based robustness cases of :mod:`svmbook.simplify` (run by ``test_robustness.py``).

:func:`~svmbook.simplify.simplify` by each method on SVCs fitted to data at any scale or degenerate,
with bad parameters or a model it cannot take, and the merge and pre-image steps on extreme inputs,
and :func:`~svmbook.simplify.grid_agreement` on data at any scale or degenerate and with bad grids.
The rule and the machinery are ``tests/_robustness.py``'s; an SVC that refuses the data (a clear
error) leaves nothing to simplify.
"""

import warnings

import numpy as np
from _robustness import (
    BAD_NUMBERS,
    CLEAR,
    DEGENERATE,
    EXPONENTS,
    SETTINGS,
    call_or_clear_error,
    check_usable,
    degenerate,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.svm import SVC as SklearnSVC

from svmbook import SVC, MuSVC
from svmbook.simplify import (
    SimplifiedSVC,
    fixed_point_preimage,
    grid_agreement,
    merge_gaussian,
    merge_polynomial,
    simplify,
)

CASES = settings(SETTINGS, max_examples=30)

#: Each method with a size target it takes (the bottom-up method's size follows from mmd).
METHODS = {
    "bottom_up": {"mmd": 0.1},
    "top_down": {"n_vectors": 0.5},
    "l1": {"n_vectors": 0.5},
    "kpca": {"n_vectors": 0.5},
}
KERNELS = {
    "rbf": {"kernel": "rbf"},
    "linear": {"kernel": "linear"},
    "poly": {"kernel": "poly", "degree": 2, "coef0": 0.0},
}


def _model(X, y, kernel):
    """Return an SVC fitted to ``(X, y)``, or None when it refuses the data."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return SVC(C=10.0, **KERNELS[kernel]).fit(X, y)
        except CLEAR:
            return None


def _simplify(model, X, method, kernel, **params):
    """Simplify; a clear error, or a simplified model usable on ``X``."""
    if method == "top_down" and kernel != "rbf":
        params = {"method": "kpca", **{k: v for k, v in params.items() if k != "method"}}
    args = {"method": method, **METHODS[method], **params}
    result = call_or_clear_error(simplify, model, name=f"simplify {args}", **args)
    if result is not None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check_usable(result, X, f"simplify {args}")
    return result


@CASES
@given(
    method=st.sampled_from(sorted(METHODS)),
    kernel=st.sampled_from(sorted(KERNELS)),
    exponent=st.sampled_from(EXPONENTS),
    n=st.integers(min_value=2, max_value=16),
    n_classes=st.sampled_from([2, 3]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_any_scale(method, kernel, exponent, n, n_classes, seed):
    """Models of data scaled from 1e-300 to 1e300, two points on, binary and one-vs-one."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2)) * 10.0**exponent
    model = _model(X, np.arange(n) % n_classes, kernel)
    if model is not None:
        _simplify(model, X, method, kernel)


@CASES
@given(
    method=st.sampled_from(sorted(METHODS)),
    kernel=st.sampled_from(sorted(KERNELS)),
    kind=st.sampled_from([k for k in DEGENERATE if k not in ("nan", "inf", "one_class")]),
    n=st.integers(min_value=2, max_value=16),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_degenerate_models(method, kernel, kind, n, seed):
    """Models of constant, duplicated, collinear, zero or huge points (NaN never fits)."""
    rng = np.random.default_rng(seed)
    X, y = degenerate(kind, rng.normal(size=(n, 3)), np.arange(n) % 2, rng=rng)
    model = _model(X, y, kernel)
    if model is not None:
        _simplify(model, X, method, kernel)


@CASES
@given(
    method=st.sampled_from(sorted(METHODS)),
    param=st.sampled_from(
        ["mmd", "n_vectors", "phase2_iter", "phase2", "mode", "pairs", "progress", "method"]
    ),  # fmt: skip
    value=st.sampled_from([*BAD_NUMBERS, "x", 10**6, 2.5]),
)
def test_bad_parameters(method, param, value):
    """Bad parameters: refused naming the parameter (or the conflicting one), or usable."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 2))
    model = _model(X, (X[:, 0] > 0).astype(int), "rbf")
    args = {"method": method, **METHODS[method], param: value}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = simplify(model, **args)
    except CLEAR as exc:
        named = [param] + (["n_vectors", "mmd"] if param in ("n_vectors", "mmd", "method") else [])
        assert any(p in str(exc) for p in named), f"{args} refused without naming it: {exc}"
        return
    check_usable(result, X, f"simplify {args}")


@settings(CASES, max_examples=12)
@given(
    model=st.sampled_from(
        ["none", "string", "unfitted", "mu_svc", "sigmoid", "sklearn_poly1", "simplified"]
    ),  # fmt: skip
)
def test_models_it_cannot_take(model):
    """Not a model, an unfitted one, a kernel outside the merges: a clear error naming why."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 2))
    y = (X[:, 0] > 0).astype(int)
    models = {
        "none": lambda: None,
        "string": lambda: "SVC",
        "unfitted": lambda: SVC(),
        "mu_svc": lambda: MuSVC().fit(X, y),
        "sigmoid": lambda: SklearnSVC(kernel="sigmoid").fit(X, y),
        "sklearn_poly1": lambda: SklearnSVC(kernel="poly", coef0=1.0).fit(X, y),
        "simplified": lambda: SimplifiedSVC(),
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        given_model = models[model]()
        try:
            result = simplify(given_model, mmd=0.1)
        except CLEAR as exc:  # NotFittedError is a ValueError
            assert str(exc)
            return
    check_usable(result, X, f"simplify of {model}")


@CASES
@given(
    method=st.sampled_from(sorted(METHODS)),
    phase2_iter=st.sampled_from([1, 2]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_iteration_budget_exhaustion(method, phase2_iter, seed):
    """Phase II cut to one or two iterations: a usable model (warnings allowed)."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(30, 2))
    model = _model(X, (X[:, 0] + 0.5 * rng.normal(size=30) > 0).astype(int), "rbf")
    assert _simplify(model, X, method, "rbf", phase2_iter=phase2_iter) is not None


@CASES
@given(
    exponent=st.sampled_from(EXPONENTS),
    weights=st.sampled_from(
        [
            (1.0, 1.0),
            (1.0, -1.0),
            (1e-300, 1.0),
            (1e300, 1e300),
            (0.0, 0.0),
            (np.nan, 1.0),
            (np.inf, 1.0),
        ]
    ),  # fmt: skip
    gamma=st.sampled_from([1e-300, 0.5, 1e300, 0.0, -1.0, np.nan, np.inf]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_merge_steps(exponent, weights, gamma, seed):
    """One merge (Gaussian, polynomial) and one pre-image: finite, or a clear error."""
    rng = np.random.default_rng(seed)
    x_i, x_j = rng.normal(size=(2, 3)) * 10.0**exponent
    a_i, a_j = weights
    for merge in (
        lambda: merge_gaussian(x_i, x_j, a_i, a_j, gamma),
        lambda: merge_polynomial(x_i, x_j, a_i, a_j, 2),
        lambda: merge_polynomial(x_i, x_j, a_i, a_j, 3, mode="segment"),
    ):
        result = call_or_clear_error(merge, name="merge")
        if result is not None:
            assert np.all(np.isfinite(result.z)) and np.isfinite(result.beta), result
    X = np.vstack([x_i, x_j])
    z = call_or_clear_error(fixed_point_preimage, X, np.array([a_i, a_j]), gamma, x_i,
                            max_iter=3, name="pre-image")  # fmt: skip
    if z is not None:
        z = z[0] if isinstance(z, tuple) else z
        assert np.all(np.isfinite(z)), z


@settings(CASES, max_examples=20)
@given(
    exponent=st.sampled_from(EXPONENTS),
    kind=st.sampled_from(["clean", *DEGENERATE]),
    resolution=st.sampled_from([-1, 0, 1, 2, 7, 2.5, np.nan, "7", None]),
    pad=st.sampled_from([0.0, 0.12, 10.0, *BAD_NUMBERS]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_grid_agreement(exponent, kind, resolution, pad, seed):
    """The agreement of a machine with itself on any data and grid: 1, or a clear error."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(12, 2)) * 10.0**exponent
    y = np.arange(12) % 2
    model = _model(X, y, "rbf")
    if model is None:
        return
    if kind != "clean":
        X, _ = degenerate(kind, X, y, rng=rng)
    share = call_or_clear_error(grid_agreement, model, model, X, resolution, pad,
                                name="grid_agreement")  # fmt: skip
    if share is not None:
        assert share == 1.0, f"grid_agreement of a machine with itself is {share}"
