"""No input crashes :mod:`svmbook.reduced`: the property-based cases of ``robustness_cases.py``.

They run in a subprocess so that a crash inside compiled code (a segmentation fault) fails this
test with its signal instead of killing the test runner. The fast tests pin what the cases found.
"""

import warnings
from pathlib import Path

import numpy as np
import pytest
from _robustness import cases_in_a_subprocess

from svmbook.reduced import RSVC
from svmbook.solvers.smooth_plus import smooth_plus, smooth_plus_grad, smooth_plus_hess

test_cases_in_a_subprocess = cases_in_a_subprocess(Path(__file__).with_name("robustness_cases.py"))


def test_smooth_plus_overflows_to_its_limits_silently():
    """beta |x| beyond the floats gives the exact limits, without an overflow warning."""
    x = np.array([-1e308, 0.0, 1e308])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        np.testing.assert_array_equal(smooth_plus(x, 10.0), [0.0, np.log(2.0) / 10.0, 1e308])
        np.testing.assert_array_equal(smooth_plus_grad(x, 10.0), [0.0, 0.5, 1.0])
        np.testing.assert_array_equal(smooth_plus_hess(x, 10.0), [0.0, 2.5, 0.0])


def test_an_error_inside_a_dask_fit_on_the_default_client_stays_itself():
    """A ValueError of a Dask fit passes the cluster context (was a RuntimeError), named."""
    da = pytest.importorskip("dask.array")
    distributed = pytest.importorskip("distributed")
    X = np.random.default_rng(0).normal(size=(40, 2))
    X[3, 0] = np.nan
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1,
                            dashboard_address=":0"):  # fmt: skip
        with pytest.raises(ValueError, match="NaN or inf"):
            RSVC(gamma=0.5, random_state=0).fit(da.from_array(X, chunks=10), np.arange(40) % 2)
        # gamma="scale" on data whose variance overflows: the in-memory message, not "gamma > 0"
        X[3, 0] = 0.0
        with pytest.raises(ValueError, match=r"gamma='scale'.*X.var\(\)"):
            RSVC(random_state=0).fit(da.from_array(X * 1e300, chunks=10), np.arange(40) % 2)
