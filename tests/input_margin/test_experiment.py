"""Tests of svmbook.input_margin.experiment: the data of Akaho (2002), section 4, and the
simulation's bookkeeping (ratios, prefixes of longer runs, settings)."""

import numpy as np
import pytest

from svmbook.input_margin.experiment import SETUP, make_mixture_problem, simulation


def test_mixture_problem_shapes_and_classes():
    X, y, X_test, y_test, centres = make_mixture_problem(random_state=0)
    assert X.shape == (20, 2) and X_test.shape == (1000, 2) and centres.shape == (2, 3, 2)
    assert np.sum(y > 0) == 10 and np.sum(y_test > 0) == 500
    assert np.all((centres >= 0) & (centres < 1))
    # every point is near one of its class's centres (5 standard deviations)
    for points, labels in ((X, y), (X_test, y_test)):
        for cls, c in zip((1.0, -1.0), centres, strict=True):
            d = np.linalg.norm(points[labels == cls][:, None] - c[None], axis=2).min(axis=1)
            assert d.max() < 5 * 0.2 * np.sqrt(2)
    again = make_mixture_problem(random_state=0)
    np.testing.assert_array_equal(again[0], X)


def test_mixture_problem_validates():
    with pytest.raises(ValueError, match="n_train"):
        make_mixture_problem(n_train=1)
    with pytest.raises(ValueError, match="std"):
        make_mixture_problem(std=0.0)


def test_simulation_ratios_and_prefixes():
    short = simulation(2, 5, n_test=200)
    longer = simulation(3, 5, n_test=200)
    np.testing.assert_array_equal(short.margin, longer.margin[:2])
    np.testing.assert_allclose(longer.margin_ratio, longer.margin / longer.svm_margin)
    assert np.all(longer.margin_ratio >= 1.0)
    np.testing.assert_allclose(longer.error_ratio, longer.error / longer.svm_error)
    assert np.all((longer.best_step >= 0) & (longer.best_step <= SETUP["n_steps"]))
    with pytest.raises(TypeError, match="unknown settings"):
        simulation(1, 0, kernel="poly")
