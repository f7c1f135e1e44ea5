"""Property-based robustness cases of :mod:`svmbook.reduced` (run by ``test_robustness.py``).

The smooth SVMs (SSVC, SSVR, RSVC, RSVR and their reduced-set selections), RSVC and RSVR fitted
on Dask arrays (:mod:`svmbook.reduced.dask`, which needs a cluster: one in-process worker thread,
``slow``), the MapReduce RSVM (in memory, and on Dask arrays under the synchronous scheduler: no
cluster), the reduced kernel dimension reductions, the selection functions and the Newton-Armijo
core with its smooth plus function. The rule and the machinery are ``tests/_robustness.py``'s.
"""

import warnings

import dask
import dask.array as da
import numpy as np
import pytest
from _robustness import (
    BAD_NUMBERS,
    DEGENERATE,
    EXPONENTS,
    SETTINGS,
    call_or_clear_error,
    check_usable,
    degenerate,
    degenerate_cases,
    fit_exhausted,
    fit_or_clear_error,
    fit_with_bad_parameter,
    malformed_cases,
    scale_cases,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from svmbook.kernels import get_kernel
from svmbook.reduced import (
    MRRSVC,
    RSVC,
    RSVR,
    SSVC,
    SSVR,
    ReducedKCCA,
    ReducedKPCA,
    ReducedKSIR,
    crsvm_reduced_set,
    irsvm_reduced_set,
    nystrom_approximation,
    random_reduced_indices,
    random_reduced_set,
    srsvm_reduced_set,
    stratified_shards,
)
from svmbook.solvers.newton import newton_armijo, smooth_problem
from svmbook.solvers.smooth_plus import (
    smooth_eps_insensitive_sq,
    smooth_plus,
    smooth_plus_grad,
    smooth_plus_hess,
)

CASES = settings(SETTINGS, max_examples=30)

ESTIMATORS = {
    "SSVC": lambda: SSVC(),
    "SSVC-linear": lambda: SSVC(kernel="linear"),
    "SSVC-hinge": lambda: SSVC(beta=np.inf),
    "SSVR": lambda: SSVR(),
    "RSVC-random": lambda: RSVC(reduced_size=0.3, random_state=0),
    "RSVC-irsvm": lambda: RSVC(selection="irsvm", random_state=0),
    "RSVC-srsvm": lambda: RSVC(selection="srsvm", random_state=0),
    "RSVC-crsvm": lambda: RSVC(selection="crsvm", random_state=0),
    "RSVR-random": lambda: RSVR(reduced_size=0.3, random_state=0),
    "RSVR-irsvm": lambda: RSVR(selection="irsvm", random_state=0),
    "MRRSVC": lambda: MRRSVC(n_shards=2, random_state=0),
    "ReducedKPCA": lambda: ReducedKPCA(n_components=2, random_state=0),
    "ReducedKPCA-centered": lambda: ReducedKPCA(form="centered", reduced_size=3, random_state=0),
    "ReducedKSIR": lambda: ReducedKSIR(n_components=1, random_state=0),
    "ReducedKCCA": lambda: ReducedKCCA(n_components=1, random_state=0),
}
REGRESSION = ("SSVR", "RSVR", "ReducedKCCA")
# parameters that are numbers (or None standing for one) in at least one estimator
NUMERIC = {"C", "final_C", "beta", "epsilon", "tol", "max_iter", "chunk_size", "reduced_size",
           "gamma", "gamma_s", "gamma_t", "degree", "coef0", "n_components", "n_shards",
           "ridge", "n_slices"}  # fmt: skip
PARAMETERS = sorted(
    (name, param)
    for name, make in ESTIMATORS.items()
    for param in make().get_params(deep=False)
    if param in NUMERIC
)


def _targets(name, X, rng):
    if name.startswith(REGRESSION):
        return X.sum(axis=1) if X.ndim == 2 and X.dtype.kind == "f" else rng.normal(size=len(X))
    if name.startswith("ReducedKPCA"):
        return None
    return np.arange(len(X)) % 2


def _fit(name, X, y, **params):
    return fit_or_clear_error(ESTIMATORS[name], X, y, name=name, **params)


test_any_scale = scale_cases(ESTIMATORS, _targets, n_max=20, d_max=3, case_settings=CASES)


test_degenerate_data = degenerate_cases(
    ESTIMATORS, _targets, REGRESSION, n_max=16, case_settings=CASES
)


test_wrong_shapes_and_types = malformed_cases(ESTIMATORS, _targets, case_settings=CASES)


@CASES
@given(name_param=st.sampled_from(PARAMETERS), value=st.sampled_from(BAD_NUMBERS))
def test_bad_parameters(name_param, value):
    """Negative, zero, NaN, inf and wrongly typed numeric parameters: refused by name, or usable."""
    name, param = name_param
    rng = np.random.default_rng(0)
    X = rng.normal(size=(16, 2))
    fit_with_bad_parameter(ESTIMATORS[name], X, _targets(name, X, rng), param, value, name)


@CASES
@given(
    name=st.sampled_from(
        [
            k
            for k in sorted(ESTIMATORS)
            if k.startswith(("S", "R", "M")) and not k.startswith("Reduced")
        ]
    ),  # fmt: skip
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_max_iter_exhaustion(name, seed):
    """One Newton step: a usable model with a warning, or a clear error."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(30, 2))
    fit_exhausted(ESTIMATORS[name], X, _targets(name, X, rng), name=name, max_iter=1)


@settings(CASES, max_examples=10)
@given(
    kind=st.sampled_from(["clean", "nan", "constant", "one_class", "huge_one"]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_mrrsvc_on_dask_arrays(kind, seed):
    """MRRSVC on a Dask array (synchronous scheduler): the in-memory rule, same predictions."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(24, 2))
    X, y = degenerate(kind, X, np.arange(24) % 2, rng=rng) if kind != "clean" else (X, X[:, 0] > 0)
    with dask.config.set(scheduler="synchronous"):
        model = fit_or_clear_error(ESTIMATORS["MRRSVC"], da.from_array(X, chunks=8), y)
    if model is not None:
        check_usable(model, X, "MRRSVC on Dask")


@pytest.fixture(scope="module")
def dask_client():
    """One in-process Dask cluster (a single worker thread) for the fits on Dask arrays."""
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1,
                            dashboard_address=":0") as client:  # fmt: skip
        yield client


@pytest.mark.slow
@settings(CASES, max_examples=12)
@given(
    name=st.sampled_from(["RSVC-random", "RSVR-random"]),
    kind=st.sampled_from(["clean", *DEGENERATE]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_rsvc_rsvr_on_dask_arrays(dask_client, name, kind, seed):
    """RSVC and RSVR fitted on a Dask array (svmbook.reduced.dask): the in-memory rule."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(24, 2))
    y = _targets(name, X, rng)
    if kind != "clean":
        X, y = degenerate(kind, X, y, regression=name.startswith(REGRESSION), rng=rng)
    # the fit runs on the module's client (the default one); the model predicts on numpy arrays
    model = fit_or_clear_error(ESTIMATORS[name], da.from_array(X, chunks=8), y, name=name)
    if model is not None:
        check_usable(model, X, f"{name} on Dask")


@CASES
@given(
    function=st.sampled_from(
        ["random", "indices", "irsvm", "srsvm", "crsvm", "nystrom", "shards"]
    ),  # fmt: skip
    kind=st.sampled_from(["clean", *DEGENERATE]),
    size=st.sampled_from([-1, 0, 1, 3, 10**6, 2.5, np.nan, "3"]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_selection_functions(function, kind, size, seed):
    """The reduced-set selections on degenerate data and sizes: a clear error or valid points."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(12, 2))
    X, y = degenerate(kind, X, np.arange(12) % 2, rng=rng) if kind != "clean" else (X, None)
    y = np.arange(12) % 2 if y is None else y
    pm1 = np.where(y == 1, 1.0, -1.0)
    kernel = get_kernel("rbf", gamma=0.5)
    calls = {
        "random": lambda: random_reduced_set(X, size, y=y, random_state=seed),
        "indices": lambda: random_reduced_indices(len(X), size, y=y, random_state=seed),
        "irsvm": lambda: irsvm_reduced_set(X, kernel, threshold=0.1, max_size=size,
                                           random_state=seed),  # fmt: skip
        "srsvm": lambda: srsvm_reduced_set(X, pm1, kernel, k=size, random_state=seed),
        "crsvm": lambda: crsvm_reduced_set(X, y, k=size, random_state=seed),
        "nystrom": lambda: nystrom_approximation(kernel, X, np.arange(min(3, len(X)))[:size]
                                                 if isinstance(size, int) else size),
        "shards": lambda: stratified_shards(y, size, random_state=seed),
    }  # fmt: skip
    result = call_or_clear_error(calls[function], name=function)
    if result is None:
        return
    arrays = [result] if isinstance(result, np.ndarray) else (
        list(result) if isinstance(result, list | tuple) else [result.points])  # fmt: skip
    for a in arrays:
        a = np.asarray(a)
        assert a.dtype.kind != "f" or np.all(np.isfinite(a)), f"{function}: non-finite result"


@CASES
@given(
    kind=st.sampled_from(["classification", "regression"]),
    exponent=st.sampled_from(EXPONENTS),
    n=st.integers(min_value=1, max_value=12),
    defect=st.sampled_from(["none", "nan", "inf", "short_y", "1d", "zero"]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_newton_core(kind, exponent, n, defect, seed):
    """newton_armijo on a design at any scale or malformed: finite result, or a clear error."""
    rng = np.random.default_rng(seed)
    K = rng.normal(size=(n, 3)) * 10.0**exponent
    y = np.where(np.arange(n) % 2 == 0, 1.0, -1.0) if kind == "classification" else K[:, 0]
    if defect == "nan":
        K[0, 0] = np.nan
    elif defect == "inf":
        K[0, 0] = np.inf
    elif defect == "short_y":
        y = y[:-1]
    elif defect == "1d":
        K = K[:, 0]
    elif defect == "zero":
        K[:] = 0.0
    problem = smooth_problem(kind, C=1.0, beta=10.0, epsilon=0.1 if kind == "regression" else 0)
    result = call_or_clear_error(newton_armijo, K, y, problem, max_iter=30, name="newton")
    if result is not None:
        assert np.all(np.isfinite(result.coef)) and np.isfinite(result.intercept)
        assert np.isfinite(result.objective)


@CASES
@given(
    kind=st.sampled_from(["classification", "regression", "other", 3]),
    param=st.sampled_from(["C", "beta", "epsilon"]),
    value=st.sampled_from(BAD_NUMBERS),
)
def test_smooth_problem_parameters(kind, param, value):
    """smooth_problem refuses bad parameters by name."""
    params = {"C": 1.0, "beta": 10.0, "epsilon": 0.1, param: value}
    try:
        problem = smooth_problem(kind, **params)
    except (ValueError, TypeError) as exc:
        assert param in str(exc) or "kind" in str(exc), str(exc)
        return
    for field in ("C", "beta", "epsilon"):
        v = getattr(problem, field)
        assert not np.isnan(v) and v >= 0, f"{field}={v!r} accepted"


@CASES
@given(
    exponent=st.sampled_from(EXPONENTS),
    beta=st.sampled_from([1e-300, 1e-8, 1.0, 10.0, 1e8, 1e300, np.inf]),
    epsilon=st.sampled_from([0.0, 0.1, 1e300]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_smooth_plus_at_any_scale(exponent, beta, epsilon, seed):
    """The smooth plus function and its derivatives are finite wherever their argument is."""
    x = np.random.default_rng(seed).normal(size=9) * 10.0**exponent
    x[:3] = [0.0, 1e308, -1e308]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an intermediate overflow must be meant (np.errstate)
        values = [smooth_plus(x, beta), smooth_plus_grad(x, beta), smooth_plus_hess(x, beta)]
    with np.errstate(over="ignore"):  # the square of 1e308 is inf: the loss itself overflows
        values.append(smooth_eps_insensitive_sq(x, epsilon, beta))
    for v in values[:3]:
        assert np.all(np.isfinite(v)), f"p or a derivative not finite at beta={beta}"
    assert np.all(values[0] >= 0)
    assert np.all(values[3] >= 0) and np.all(~np.isnan(values[3]))
