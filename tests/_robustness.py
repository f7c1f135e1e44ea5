"""The rule and the machinery of the robustness suites (``tests/*/robustness_cases.py``).

The rule: bad input either raises a clear ``ValueError``/``TypeError`` (with a message), or the
estimator returns a usable model, warnings allowed, whose outputs on the training points are
finite and survive a pickle round trip; never a crash, a hang or a silent NaN. The cases modules
are not collected by themselves (no ``test_`` prefix): each package's ``test_robustness.py``
runs its cases module in a subprocess with :func:`run_cases`, so that an input that crashed the
interpreter inside compiled code fails that test with its signal instead of killing the runner.

The test factories (:func:`scale_cases`, :func:`degenerate_cases`, :func:`malformed_cases`,
:func:`cases_in_a_subprocess`) return the tests every suite shares, for its own estimators.
Importable from any test module: ``tests/conftest.py`` puts ``tests/`` on ``sys.path``.
"""

import pickle
import subprocess
import sys
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

#: The exceptions that count as a clear error.
CLEAR = (ValueError, TypeError)

#: Hypothesis settings of every case: derandomised, no deadline, no example database.
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    database=None,
)

#: The settings of the cases whose examples each fit a slower estimator (searches, QPs).
FEW = settings(SETTINGS, max_examples=12)

#: Exponents of the data scales the cases draw from, 1e-300 to 1e300.
EXPONENTS = [-300, -100, -40, -20, -7, 0, 7, 20, 40, 100, 300]

#: The degenerate data sets of :func:`degenerate`.
DEGENERATE = ["nan", "inf", "constant", "duplicates", "collinear", "one_class", "zero", "huge_one"]

#: The malformed inputs of :func:`malformed`.
MALFORMED = ["1d", "3d", "strings", "complex", "empty", "y_length", "object"]

#: Bad values of a numeric parameter (each must be refused or give a usable model).
BAD_NUMBERS = [-1.0, 0.0, np.nan, np.inf, -np.inf, "1.0", None, [1.0]]


def outputs(model, X):
    """Return the model's outputs on ``X`` as floats: decision values, transform or predictions.

    Parameters
    ----------
    model : estimator
        A fitted estimator.
    X : array-like
        The points.

    Returns
    -------
    ndarray
        ``decision_function(X)``, else ``transform(X)``, else ``predict(X)``.
    """
    for method in ("decision_function", "transform", "predict"):
        if hasattr(model, method):
            return np.asarray(getattr(model, method)(X), dtype=float)
    raise AssertionError(f"{type(model).__name__} has no output method")


def check_usable(model, X, name):
    """Assert that ``model``'s outputs on ``X`` are finite and survive a pickle round trip.

    Parameters
    ----------
    model : estimator
        A fitted estimator.
    X : array-like
        The training points.
    name : str
        The case's name, for the messages.
    """
    values = outputs(model, X)
    assert np.all(np.isfinite(values)), f"{name}: non-finite outputs without error"
    again = pickle.loads(pickle.dumps(model))
    np.testing.assert_array_equal(outputs(again, X), values, err_msg=f"{name}: pickle")
    if hasattr(model, "predict"):
        np.testing.assert_array_equal(np.asarray(again.predict(X)), np.asarray(model.predict(X)))


def fit_or_clear_error(make, X, y, name="", **params):
    """Fit a new estimator; return the model, or None when a clear error was raised.

    Parameters
    ----------
    make : callable
        Returns a new unfitted estimator.
    X : array-like
        The training points.
    y : array-like or None
        The targets (None: ``fit(X)``).
    name : str, default=""
        The case's name, for the messages.
    **params
        Set on the estimator before the fit (``set_params``); a bad value must be refused by
        ``fit`` with a clear error too.

    Returns
    -------
    estimator or None
        The fitted model (checked by :func:`check_usable`), or None.
    """
    est = make()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            est.set_params(**params)
            model = est.fit(X, y) if y is not None else est.fit(X)
        except CLEAR as exc:
            assert str(exc), f"{name}: empty error message"
            return None
        check_usable(model, X, name)
    return model


def fit_with_bad_parameter(make, X, y, param, value, name="", names=None):
    """Fit with ``param=value``: a clear error that names ``param``, or a usable model.

    Parameters
    ----------
    make : callable
        Returns a new unfitted estimator.
    X : array-like
        The training points (well-formed).
    y : array-like or None
        The targets.
    param : str
        The parameter.
    value : object
        Its (bad) value.
    name : str, default=""
        The case's name, for the messages.
    names : sequence of str, default=None
        The names the message may give instead (None: ``param`` only), e.g. a grid's keys.

    Returns
    -------
    estimator or None
        The fitted model, or None after a clear error naming ``param``.
    """
    est = make()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            est.set_params(**{param: value})
            model = est.fit(X, y) if y is not None else est.fit(X)
        except CLEAR as exc:
            named = any(n in str(exc) for n in names or [param])
            assert named, f"{name}: {param}={value!r} refused without naming it: {exc}"
            return None
        check_usable(model, X, name)
    return model


def fit_exhausted(make, X, y, name="", **params):
    """Fit with an iteration budget too small: a usable model that warns, or a clear error.

    Parameters
    ----------
    make : callable
        Returns a new unfitted estimator.
    X : array-like
        The training points.
    y : array-like or None
        The targets.
    name : str, default=""
        The case's name, for the messages.
    **params
        The budget (e.g. ``max_iter=1``).

    Returns
    -------
    estimator or None
        The fitted model, or None after a clear error.
    """
    est = make().set_params(**params)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            model = est.fit(X, y) if y is not None else est.fit(X)
        except CLEAR as exc:
            assert str(exc), f"{name}: empty error message"
            return None
    converged = getattr(model, "fit_status_", 1) == 0
    assert converged or caught, f"{name}: {params} exhausted without a warning"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_usable(model, X, name)
    return model


def call_or_clear_error(function, *args, name="", **kwargs):
    """Call ``function``; return its result, or None when a clear error was raised.

    Parameters
    ----------
    function : callable
        The function under test.
    *args
        Its positional arguments.
    name : str, default=""
        The case's name, for the messages.
    **kwargs
        Its keyword arguments.

    Returns
    -------
    object or None
        The result, or None.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return function(*args, **kwargs)
        except CLEAR as exc:
            assert str(exc), f"{name}: empty error message"
            return None


def degenerate(kind, X, y, regression=False, rng=None):
    """Return ``(X, y)`` made degenerate as ``kind`` (one of :data:`DEGENERATE`) says.

    Parameters
    ----------
    kind : str
        ``"nan"`` or ``"inf"`` (one entry), ``"constant"`` features, ``"duplicates"`` (one
        point repeated), ``"collinear"`` points, ``"one_class"``, all ``"zero"``, or one
        ``"huge_one"`` point at 1e200.
    X : ndarray of shape (n, d)
        The points (a copy is changed).
    y : ndarray or None
        The targets.
    regression : bool, default=False
        ``y`` is a regression target (``"one_class"`` leaves it).
    rng : numpy.random.Generator, default=None
        Draws the NaN's and inf's row.

    Returns
    -------
    tuple
        The degenerate ``(X, y)``.
    """
    rng = rng or np.random.default_rng(0)
    X, n = np.array(X, dtype=float), len(X)
    if kind == "nan":
        X[rng.integers(n), 0] = np.nan
    elif kind == "inf":
        X[rng.integers(n), -1] = np.inf
    elif kind == "constant":
        X[:] = 1.5
    elif kind == "duplicates":
        X[:] = X[0]
    elif kind == "collinear":
        X = np.outer(np.arange(n, dtype=float), np.linspace(1.0, -1.0, X.shape[1]) + 0.5)
    elif kind == "one_class" and y is not None and not regression:
        y = np.zeros(n, dtype=int)
    elif kind == "zero":
        X[:] = 0.0
    elif kind == "huge_one":
        X[0] = 1e200
    return X, y


def malformed(bad, X, y):
    """Return ``(X, y)`` malformed as ``bad`` (one of :data:`MALFORMED`) says.

    Parameters
    ----------
    bad : str
        ``"1d"`` or ``"3d"`` points, ``"strings"``, ``"complex"``, ``"empty"``, a ``"y_length"``
        one short, or an ``"object"`` array holding a None.
    X : ndarray of shape (n, d)
        The points.
    y : ndarray or None
        The targets.

    Returns
    -------
    tuple
        The malformed ``(X, y)``.
    """
    if bad == "1d":
        X = X[:, 0]
    elif bad == "3d":
        X = X[:, :, None]
    elif bad == "strings":
        X = np.array([["a", "b"]] * len(X))
    elif bad == "complex":
        X = X + 1j
    elif bad == "empty":
        X, y = X[:0], (None if y is None else y[:0])
    elif bad == "y_length" and y is not None:
        y = y[:-1]
    elif bad == "object":
        X = X.astype(object)
        X[0, 0] = None
    return X, y


def must_refuse(bad, y):
    """Return whether the malformed input ``bad`` must be refused (not merely survived).

    Parameters
    ----------
    bad : str
        One of :data:`MALFORMED`.
    y : ndarray or None
        The targets of the case (a short ``y`` exists only when there are targets).

    Returns
    -------
    bool
        True unless ``bad`` is ``"object"`` (a None converts to NaN, which may be refused as
        such) or a ``"y_length"`` case without targets.
    """
    return bad != "object" and (bad != "y_length" or y is not None)


def run_cases(path):
    """Run the cases module ``path`` by pytest in a subprocess; fail on a signal or a failure.

    Parameters
    ----------
    path : path-like
        The cases module.
    """
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", str(path)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode >= 0, f"crashed with signal {-proc.returncode}:\n{proc.stdout[-4000:]}"
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]


def scale_cases(estimators, targets, *, n_max=24, d_max=4, case_settings=SETTINGS):
    """Return the test that fits each estimator to data at scales 1e-300..1e300, n from 1 on.

    Parameters
    ----------
    estimators : dict
        Case name -> callable returning a new unfitted estimator.
    targets : callable
        ``targets(name, X, rng)``: the targets of a case (None: ``fit(X)``).
    n_max : int, default=24
        The most points.
    d_max : int, default=4
        The most features.
    case_settings : hypothesis.settings, default=SETTINGS
        The test's settings.

    Returns
    -------
    callable
        The hypothesis test ``test_any_scale``.
    """

    @case_settings
    @given(
        name=st.sampled_from(sorted(estimators)),
        exponent=st.sampled_from(EXPONENTS),
        n=st.integers(min_value=1, max_value=n_max),
        d=st.integers(min_value=1, max_value=d_max),
        seed=st.integers(min_value=0, max_value=10_000),
    )
    def test_any_scale(name, exponent, n, d, seed):
        """Data scaled from 1e-300 to 1e300, any size from one point on."""
        rng = np.random.default_rng(seed)
        X = rng.normal(size=(n, d)) * 10.0**exponent
        fit_or_clear_error(estimators[name], X, targets(name, X, rng), name=name)

    return test_any_scale


def degenerate_cases(estimators, targets, regression=(), *, n_max=20, case_settings=SETTINGS):
    """Return the test that fits each estimator to each kind of :func:`degenerate` data.

    Parameters
    ----------
    estimators : dict
        Case name -> callable returning a new unfitted estimator.
    targets : callable
        ``targets(name, X, rng)``: the targets of a case (None: ``fit(X)``).
    regression : tuple of str, default=()
        Prefixes of the case names whose targets are real (``"one_class"`` leaves them).
    n_max : int, default=20
        The most points (three features).
    case_settings : hypothesis.settings, default=SETTINGS
        The test's settings.

    Returns
    -------
    callable
        The hypothesis test ``test_degenerate_data``.
    """

    @case_settings
    @given(
        name=st.sampled_from(sorted(estimators)),
        kind=st.sampled_from(DEGENERATE),
        n=st.integers(min_value=2, max_value=n_max),
        seed=st.integers(min_value=0, max_value=10_000),
    )
    def test_degenerate_data(name, kind, n, seed):
        """NaN and inf, constant features, duplicated and collinear points, one class, zeros."""
        rng = np.random.default_rng(seed)
        X = rng.normal(size=(n, 3))
        real = name.startswith(tuple(regression))
        X, y = degenerate(kind, X, targets(name, X, rng), real, rng)
        fit_or_clear_error(estimators[name], X, y, name=name)

    return test_degenerate_data


def malformed_cases(estimators, targets, *, case_settings=SETTINGS):
    """Return the test that each estimator refuses each :func:`malformed` input clearly.

    Parameters
    ----------
    estimators : dict
        Case name -> callable returning a new unfitted estimator.
    targets : callable
        ``targets(name, X, rng)``: the targets of a case (None: ``fit(X)``).
    case_settings : hypothesis.settings, default=SETTINGS
        The test's settings.

    Returns
    -------
    callable
        The hypothesis test ``test_wrong_shapes_and_types``.
    """

    @case_settings
    @given(name=st.sampled_from(sorted(estimators)), bad=st.sampled_from(MALFORMED))
    def test_wrong_shapes_and_types(name, bad):
        """Wrong shapes and dtypes raise a clear error."""
        rng = np.random.default_rng(0)
        X = rng.normal(size=(10, 2))
        X, y = malformed(bad, X, targets(name, X, rng))
        model = fit_or_clear_error(estimators[name], X, y, name=name)
        if must_refuse(bad, y):
            assert model is None, f"{name} accepted {bad} input"

    return test_wrong_shapes_and_types


def cases_in_a_subprocess(path):
    """Return the slow test that runs the cases module ``path`` by :func:`run_cases`.

    Parameters
    ----------
    path : path-like
        The cases module.

    Returns
    -------
    callable
        The test ``test_robustness_cases_in_a_subprocess``, marked ``slow``.
    """

    @pytest.mark.slow
    def test_robustness_cases_in_a_subprocess():
        """Every case raises a clear error or returns a usable model; nothing crashes."""
        run_cases(path)

    return test_robustness_cases_in_a_subprocess
