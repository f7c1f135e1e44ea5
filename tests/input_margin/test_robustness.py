"""No input crashes :class:`~svmbook.input_margin.InputMarginSVC`: ``robustness_cases.py``.

The property-based cases run in a subprocess so that a crash inside compiled code fails this
test with its signal instead of killing the test runner. The fast test pins what they found.
"""

import pickle
from pathlib import Path

import numpy as np
from _robustness import cases_in_a_subprocess

from svmbook.input_margin import InputMarginSVC

test_cases_in_a_subprocess = cases_in_a_subprocess(Path(__file__).with_name("robustness_cases.py"))


def test_pickled_model_gives_the_same_decision_values_on_its_training_points():
    """The values do not depend on whether X is the very array of the centres (a pickle copies)."""
    X = np.random.default_rng(0).normal(size=(12, 2)) * 1e7
    y = np.arange(12) % 2
    model = InputMarginSVC(n_steps=1).fit(X, y)
    again = pickle.loads(pickle.dumps(model))
    np.testing.assert_array_equal(again.decision_function(X), model.decision_function(X))
