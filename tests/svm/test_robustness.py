"""No input crashes the interpreter: the property-based cases of ``robustness_cases.py``.

They run in a subprocess so that a crash inside compiled code (a segmentation fault) fails this
test with its signal instead of killing the test runner.
"""

from pathlib import Path

import numpy as np
import pytest
from _robustness import cases_in_a_subprocess

from svmbook import SVC, MuSVC, NuSVC

test_cases_in_a_subprocess = cases_in_a_subprocess(Path(__file__).with_name("robustness_cases.py"))


@pytest.mark.parametrize(
    ("scale", "match"),
    [(1e20, "beyond float32's range"), (1e-40, "below float32's smallest normal number")],
)
def test_kernel_values_outside_float32_name_the_cause(scale, match):
    """Kernel values the float32 rows cannot hold raise before any solver runs."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 2)) * scale
    y = np.arange(20) % 2
    for est in (SVC(kernel="linear"), NuSVC(kernel="linear"), MuSVC(kernel="linear")):
        with pytest.raises(ValueError, match=match):
            est.fit(X, y)


def test_nu_svc_without_margin_raises():
    """Constant features leave nu-SVC no margin (r = 0): a clear error, not a division by 0."""
    X = np.ones((20, 3))
    with pytest.raises(ValueError, match="nu-SVC found no margin"):
        NuSVC().fit(X, np.arange(20) % 2)


def test_gamma_scale_overflow_names_the_variance():
    """gamma='scale' on data whose variance overflows says so (not 'gamma must be > 0')."""
    X = np.finfo(np.float64).max * np.random.default_rng(0).uniform(size=(10, 2))
    with pytest.raises(ValueError, match=r"gamma='scale'.*X.var\(\)"):
        SVC().fit(X, np.arange(10) % 2)
