"""The USPS handwritten digits (the ESL copy), an external file."""

from __future__ import annotations

import numpy as np

from ._fetch import fetch_file
from ._parse import check_table, parse

__all__ = ["load_usps"]


def load_usps(subset="train"):
    """Load the USPS handwritten digits (16 x 16 grey levels), ESL version.

    The files ``usps/zip.train.gz`` and ``usps/zip.test.gz`` distributed with Hastie, Tibshirani &
    Friedman, *The Elements of Statistical Learning*.

    Parameters
    ----------
    subset : {"train", "test"}, default="train"
        ``"train"``: 7291 digits; ``"test"``: 2007 digits.

    Returns
    -------
    X : ndarray of shape (n_samples, 256), float64
        Grey levels in [-1, 1], row-major 16 x 16 images.
    y : ndarray of shape (n_samples,), int64
        Digits 0..9.

    Raises
    ------
    ValueError
        If ``subset`` is unknown, or a file cannot be parsed (the message names the file;
        :func:`~svmbook.datasets.fetch_file` raises for a missing file or a failed checksum).
    """
    if subset not in ("train", "test"):
        raise ValueError(f"subset must be 'train' or 'test', got {subset!r}")
    path = fetch_file(f"usps/zip.{subset}.gz")
    table = check_table(path, parse(path, np.loadtxt, dtype=np.float64, ndmin=2))
    if table.shape[1] != 257:
        raise ValueError(f"usps/zip.{subset}.gz: expected 257 columns, found {table.shape[1]}")
    return np.ascontiguousarray(table[:, 1:]), table[:, 0].astype(np.int64)
