"""Parsing the external files: a file that cannot be read raises a ``ValueError`` naming it.

The files pass :func:`~svmbook.datasets.fetch_file`'s checksum first, so a parse fails only on
a registry entry that does not match the file's format, or on a local copy registered anew; the
parsers (numpy's ``loadtxt`` through ``gzip``, scikit-learn's svmlight reader, scipy's
``loadmat``) then raise whatever their layer meets (``gzip.BadGzipFile``, ``EOFError``,
``zlib.error``, scipy's ``MatReadError``, ``KeyError``, ...). The loaders turn all of these
into one ``ValueError`` that names the file and keeps the parser's exception as its cause.
"""

from __future__ import annotations

import warnings

import numpy as np

__all__ = ["check_table", "parse"]


def parse(path, reader, *args, **kwargs):
    """Return ``reader(path, *args, **kwargs)``, or raise a ``ValueError`` naming ``path``.

    Parameters
    ----------
    path : path-like
        The file.
    reader : callable
        The parser, called as ``reader(path, *args, **kwargs)``.
    *args
        Its further positional arguments.
    **kwargs
        Its keyword arguments.

    Returns
    -------
    object
        What ``reader`` returns.

    Raises
    ------
    ValueError
        If ``reader`` raises anything but ``MemoryError`` (the parser's exception is chained).
    """
    try:
        with warnings.catch_warnings():
            # an empty file: the loaders raise on the empty table, a warning would repeat it
            warnings.filterwarnings("ignore", "loadtxt: input contained no data")
            return reader(path, *args, **kwargs)
    except MemoryError:
        raise
    except Exception as exc:  # any parser layer's failure on the bytes: one error type
        raise ValueError(
            f"{path}: cannot be parsed ({type(exc).__name__}: {exc}); the file is corrupt or not "
            "in the expected format"
        ) from exc


def check_table(path, table, min_columns=2):
    """Return the 2-D ``table`` read from ``path``, or raise if it has no rows or too few columns.

    Parameters
    ----------
    path : path-like
        The file, for the message.
    table : ndarray
        The parsed table.
    min_columns : int, default=2
        The fewest columns (the features and a label).

    Returns
    -------
    ndarray
        ``table``.

    Raises
    ------
    ValueError
        If ``table`` is not 2-D, has no rows or fewer than ``min_columns`` columns.
    """
    table = np.asarray(table)
    if table.ndim != 2 or table.shape[0] == 0 or table.shape[1] < min_columns:
        raise ValueError(
            f"{path}: expected a table of at least one row and {min_columns} columns, found "
            f"shape {table.shape}"
        )
    return table
