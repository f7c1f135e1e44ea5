"""Tests of svmbook.datasets.libsvm: the loader of the LIBSVM/StatLog sets."""

import numpy as np
import pytest

from svmbook.datasets import load_libsvm


def test_load_libsvm(external):
    _, expected = external
    X, y = load_libsvm("statlog-heart")
    n, n_pos = expected["heart"]
    assert X.shape == (n, 13) and isinstance(X, np.ndarray)
    assert set(np.unique(y)) == {-1.0, 1.0} and (y == 1).sum() == n_pos
    X, y = load_libsvm("dna", dense=False)
    assert X.shape == (expected["dna"], 180) and X.format == "csr"
    assert y.dtype == np.int64 and set(np.unique(y)) == {1, 2, 3}
    with pytest.raises(ValueError, match="subset"):
        load_libsvm("statlog-heart", subset="train")
    with pytest.raises(ValueError, match="name"):
        load_libsvm("mnist")
