"""The simulation of Akaho (2002), section 4: input margins and test errors over random data sets.

Each data set is a two-class problem in the plane: each class is a mixture of 3 Gaussians with
centres uniform in ``[0, 1)^2`` and spherical standard deviation 0.2; 20 training and 1,000 test
points. The SVM (hard margin, Gaussian kernel with ``sigma^2 = 1``) and Algorithm 1 (5 steps,
the step with the largest estimated margin kept) are trained on each, and the paper reports the
ratios (Algorithm 1 over SVM) of the input-space margins (Fig. 4: 1.00 to 27.9, 4 of 100 runs
without improvement) and of the test errors (Fig. 5: 0.40 to 1.37).

Where the paper is silent we take (:data:`SETUP`): 20 training points in all (10 per class) and
500 test points per class; the mixture's components equally likely; fresh centres for every
data set; the kernel ``exp(-||x - y||^2 / (2 sigma^2))`` with ``sigma = 1``; the Euclidean metric;
10 updates (12) per foot update (the number Fig. 2 shows); the margin estimated as in
:func:`~svmbook.input_margin.margin_estimate`; the error ratio is Algorithm 1's test error over
the SVM's. Run ``r`` of a seed draws from the ``r``-th child of ``numpy.random.SeedSequence(seed)``,
so a shorter run is the beginning of a longer one.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from .._validation import check_int, check_positive, check_random_state
from .estimator import InputMarginSVC
from .foot import CONVERGED

__all__ = ["SETUP", "Simulation", "make_mixture_problem", "simulation"]

#: Akaho's section 4 set-up, with our reading of what it leaves open (module docstring).
SETUP = {
    "n_train": 20,
    "n_test": 1000,
    "n_components": 3,
    "std": 0.2,
    "sigma": 1.0,
    "n_steps": 5,
    "n_foot_iter": 10,
}


def make_mixture_problem(n_train=20, n_test=1000, n_components=3, std=0.2, random_state=None):
    """Draw one data set of Akaho's simulation: two Gaussian mixtures in ``[0, 1)^2``.

    Parameters
    ----------
    n_train : int, default=20
        Training points in all (half per class; the positives get an odd one).
    n_test : int, default=1000
        Test points in all, split the same way.
    n_components : int, default=3
        Gaussians per class, equally likely, centres uniform in ``[0, 1)^2``.
    std : float, default=0.2
        Their standard deviation in each coordinate.
    random_state : None, int or numpy.random.Generator, default=None
        The seed of the draws, or the generator itself.

    Returns
    -------
    X_train : ndarray of shape (n_train, 2)
        Training points, positives first.
    y_train : ndarray of shape (n_train,)
        Their labels in {-1, +1}.
    X_test : ndarray of shape (n_test, 2)
        Test points, positives first.
    y_test : ndarray of shape (n_test,)
        Their labels.
    centres : ndarray of shape (2, n_components, 2)
        The mixtures' centres, positive class first.
    """
    n_train = check_int("n_train", n_train, 2)
    n_test = check_int("n_test", n_test, 0)
    n_components = check_int("n_components", n_components, 1)
    std = check_positive("std", std)
    rng = check_random_state("random_state", random_state)
    centres = rng.random((2, n_components, 2))

    def draw(n):
        n_pos = n - n // 2
        parts = [c[rng.integers(0, n_components, k)] + std * rng.normal(size=(k, 2))
                 for c, k in zip(centres, (n_pos, n // 2), strict=True)]  # fmt: skip
        return np.vstack(parts), np.r_[np.ones(n_pos), -np.ones(n // 2)]

    X_train, y_train = draw(n_train)
    X_test, y_test = draw(n_test)
    return X_train, y_train, X_test, y_test, centres


def _error(expansion, X, y):
    """Return the share of ``X`` that ``sign f`` misclassifies (``f = 0`` counts as -1)."""
    return float(np.mean(np.where(expansion.decision_function(X) > 0, 1.0, -1.0) != y))


@dataclass(frozen=True)
class Simulation:
    """Per-run outcomes of :func:`simulation` (arrays of shape (n_runs,)).

    Attributes
    ----------
    svm_margin, margin : ndarray
        Estimated input-space margins of the SVM and of the selected step.
    margin_ratio : ndarray
        ``margin / svm_margin`` (1 where step 0 was kept).
    svm_error, error : ndarray
        Test errors of the SVM and of the selected step.
    error_ratio : ndarray
        ``error / svm_error`` (nan where the SVM makes no test error).
    best_step : ndarray of int
        The selected step (0: no improvement).
    n_steps : ndarray of int
        Completed steps (fewer than asked when a step failed).
    stop_reason : list of str or None
        Why a run's steps stopped early.
    qp_uncertified : ndarray of int
        Steps (step 0 included) whose QP answer could not be certified optimal.
    foot_unconverged : ndarray
        Share of the per-point foot updates (12) of the steps that stopped at ``n_foot_iter``
        updates without converging (or lost their gradient).
    """

    svm_margin: np.ndarray
    margin: np.ndarray
    margin_ratio: np.ndarray
    svm_error: np.ndarray
    error: np.ndarray
    error_ratio: np.ndarray
    best_step: np.ndarray
    n_steps: np.ndarray
    stop_reason: list
    qp_uncertified: np.ndarray
    foot_unconverged: np.ndarray


def simulation(n_runs=100, random_state=0, *, progress=None, **setup):
    """Run Akaho's simulation (section 4) on ``n_runs`` random data sets.

    Parameters
    ----------
    n_runs : int, default=100
        Data sets (the paper's 100).
    random_state : int, default=0
        The seed; run ``r`` uses the ``r``-th child of ``numpy.random.SeedSequence(seed)``.
    progress : callable or None, default=None
        Wraps the run indices (e.g. a progress bar); None loops plainly.
    **setup
        Overrides of :data:`SETUP` (``n_train``, ``n_test``, ``n_components``, ``std``,
        ``sigma``, ``n_steps``, ``n_foot_iter``).

    Returns
    -------
    Simulation
        The per-run margins, errors and their ratios.

    Raises
    ------
    TypeError
        If ``setup`` names an unknown setting.
    """
    n_runs = check_int("n_runs", n_runs, 1)
    seed = check_int("random_state", random_state, 0)
    unknown = set(setup) - set(SETUP)
    if unknown:
        raise TypeError(f"simulation got unknown settings {sorted(unknown)}")
    s = {**SETUP, **setup}
    sigma = check_positive("sigma", s["sigma"])
    children = np.random.SeedSequence(seed).spawn(n_runs)
    runs = range(n_runs) if progress is None else progress(range(n_runs))
    out = {k: [] for k in ("svm_margin", "margin", "svm_error", "error", "best_step", "n_steps",
                           "stop_reason", "qp_uncertified", "foot_unconverged")}  # fmt: skip
    for r in runs:
        X, y, X_test, y_test, _ = make_mixture_problem(
            s["n_train"], s["n_test"], s["n_components"], s["std"],
            np.random.default_rng(children[r]),
        )  # fmt: skip
        model = InputMarginSVC(gamma=1.0 / (2.0 * sigma**2), n_steps=s["n_steps"],
                               n_foot_iter=s["n_foot_iter"])  # fmt: skip
        with warnings.catch_warnings():
            # a failed step is recorded in stop_reason; uncertified QPs are part of the method
            warnings.simplefilter("ignore", ConvergenceWarning)
            model.fit(X, y)
        out["svm_margin"].append(model.svm_margin_)
        out["margin"].append(model.input_margin_)
        out["svm_error"].append(_error(model.steps_[0].expansion, X_test, y_test))
        out["error"].append(_error(model.expansion_, X_test, y_test))
        out["best_step"].append(model.best_step_)
        out["n_steps"].append(model.n_steps_)
        out["stop_reason"].append(model.stop_reason_)
        out["qp_uncertified"].append(sum(step.qp_status != 0 for step in model.steps_))
        feet = [step.foot_status for step in model.steps_ if step.foot_status is not None]
        out["foot_unconverged"].append(
            float(np.mean(np.concatenate(feet) != CONVERGED)) if feet else 0.0
        )
    arr = {k: np.array(v) for k, v in out.items() if k != "stop_reason"}
    with np.errstate(divide="ignore", invalid="ignore"):
        error_ratio = np.where(arr["svm_error"] > 0, arr["error"] / arr["svm_error"], np.nan)
    return Simulation(
        arr["svm_margin"], arr["margin"], arr["margin"] / arr["svm_margin"], arr["svm_error"],
        arr["error"], error_ratio, arr["best_step"], arr["n_steps"], out["stop_reason"],
        arr["qp_uncertified"], arr["foot_unconverged"],
    )  # fmt: skip
