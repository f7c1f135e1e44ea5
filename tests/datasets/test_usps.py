"""Tests of svmbook.datasets.usps: the USPS loader."""

import numpy as np
import pytest

from svmbook.datasets import load_usps


def test_load_usps(external):
    _, expected = external
    for subset, n in zip(("train", "test"), expected["usps"], strict=True):
        X, y = load_usps(subset)
        assert X.shape == (n, 256) and X.dtype == np.float64 and X.flags.c_contiguous
        assert y.shape == (n,) and y.dtype == np.int64
        np.testing.assert_array_equal(np.unique(y), np.arange(10))
        assert X.min() >= -1.0 and X.max() <= 1.0
    with pytest.raises(ValueError, match="subset"):
        load_usps("validation")
