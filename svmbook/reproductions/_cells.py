"""The cells of a reproduction table: means with standard errors, marks, timing ratios.

A published cell is typed as the source prints it (``a ± b``, bold ``**...**``, underlined
``<u>...</u>``, a number or text, :func:`parse_table`); one of ours is a :class:`MeanSE` over
the runs, marked by the same rule the source states (:func:`significance_mark` for a paired
test). A timing depends on the machine, so only ratios of timings are compared, summarised
over repeated runs by :func:`timing_ratio`.
"""

from __future__ import annotations

import math
from importlib import resources
from typing import NamedTuple

import numpy as np

__all__ = [
    "MeanSE",
    "mean_se",
    "parse_table",
    "published_rows",
    "significance_mark",
    "timing_ratio",
]


class MeanSE(NamedTuple):
    """A mean over runs with its standard error, and the source's typographic mark.

    Attributes
    ----------
    mean : float
        The mean over the runs.
    se : float
        Its standard error, ``std(ddof=1) / sqrt(n)``.
    mark : str, default=""
        ``"bold"`` or ``"underline"`` as printed (published cells), or the same marks from our
        own test (each experiment says which test), else ``""``.
    """

    mean: float
    se: float
    mark: str = ""

    def format(self, digits=3):
        """Format the cell as text, ``"0.241 ± 0.005"``.

        Parameters
        ----------
        digits : int, default=3
            Decimals of the mean and of the standard error.

        Returns
        -------
        str
            The cell, with ``*`` after a bold and ``_`` after an underlined value.
        """
        suffix = {"bold": "*", "underline": "_"}.get(self.mark, "")
        return f"{self.mean:.{digits}f} ± {self.se:.{digits}f}{suffix}"


def mean_se(values, mark=""):
    """Summarise per-run values as a :class:`MeanSE`.

    Parameters
    ----------
    values : iterable of float
        One value per run.
    mark : str, default=""
        The cell's mark.

    Returns
    -------
    MeanSE
        Mean and ``std(ddof=1) / sqrt(n)`` (0 for one value).

    Raises
    ------
    ValueError
        If ``values`` is empty.
    """
    v = np.asarray(list(values), dtype=np.float64)
    if v.size == 0:
        raise ValueError("values must not be empty")
    se = float(np.std(v, ddof=1) / math.sqrt(v.size)) if v.size > 1 else 0.0
    return MeanSE(float(v.mean()), se, mark)


def _cell(text):
    """Parse a published cell: ``**a ± b**`` (bold), ``<u>a ± b</u>`` (underline), number, text."""
    mark = ""
    if text.startswith("**") and text.endswith("**"):
        text, mark = text[2:-2].strip(), "bold"
    elif text.startswith("<u>") and text.endswith("</u>"):
        text, mark = text[3:-4].strip(), "underline"
    if "±" in text:
        mean, se = (float(part) for part in text.split("±"))
        return MeanSE(mean, se, mark)
    try:
        number = float(text)
    except ValueError:
        return text
    return int(number) if text.lstrip("-").isdigit() else number


def published_rows(name):
    """Return the rows of a published table as typed, from ``svmbook/reproductions/published/``.

    The tables are transcribed from the sources as markdown rows (the input of
    :func:`parse_table`), one file per table, so that data is kept apart from code.

    Parameters
    ----------
    name : str
        The table's file name without ``.md``, e.g. ``"goodrich-table-5.5"``.

    Returns
    -------
    str
        The rows, one per line.

    Raises
    ------
    ValueError
        If there is no such table.

    Examples
    --------
    >>> published_rows("goodrich-table-4.4").splitlines()[0].split(" | ")[0]
    '| Overall Err'
    """
    path = resources.files(__package__).joinpath("published", f"{name}.md")
    if not path.is_file():
        raise ValueError(f"name must name a published table, got {name!r} (no {name}.md)")
    return path.read_text(encoding="utf-8")


def parse_table(text, columns):
    """Rows of dicts from markdown table rows typed from a printed table.

    Parameters
    ----------
    text : str
        One row per non-empty line, ``| k1 | k2 | v1 | v2 | ...`` with as many cells as
        ``columns``; an empty leading key repeats the previous row's (the ``| | large μ |``
        rows of a table whose first column spans two rows).
    columns : sequence of str
        The column names.

    Returns
    -------
    tuple of dict
        One dict per row. Cells are parsed by the printed notation: ``a ± b`` is a
        :class:`MeanSE`, ``**...**`` bold, ``<u>...</u>`` underlined, numbers are int or float,
        anything else stays text.

    Raises
    ------
    ValueError
        If a line has the wrong number of cells, or the first row has no key.

    Examples
    --------
    >>> rows = parse_table('''
    ... | heart | small μ | 0.182 ± 0.009 | **0.158 ± 0.008** |
    ... | | large μ | 0.195 ± 0.008 | 0.187 ± 0.009 |''', ("dataset", "mu", "KKT", "Geometric"))
    >>> rows[1]["dataset"], rows[1]["Geometric"].mean, rows[0]["Geometric"].mark
    ('heart', 0.187, 'bold')
    """
    rows, previous = [], None
    for line in text.strip().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != len(columns):
            raise ValueError(f"text: {len(columns)} cells expected, got {len(cells)} in {line!r}")
        if cells[0] == "":
            if previous is None:
                raise ValueError(f"text: the first row has no key: {line!r}")
            cells[0] = previous
        previous = cells[0]
        rows.append({col: _cell(c) for col, c in zip(columns, cells, strict=True)})
    return tuple(rows)


def significance_mark(ours, reference, alpha=0.05):
    """Mark a column as the source does: a paired t-test against a reference column.

    Parameters
    ----------
    ours, reference : sequence of float
        Paired per-run values.
    alpha : float, default=0.05
        Level of the two-sided test.

    Returns
    -------
    str
        ``"bold"`` if ``ours`` is significantly lower (two-sided p < ``alpha``), ``"underline"``
        if significantly higher, else ``""`` (also with fewer than two runs or identical
        columns).
    """
    from scipy.stats import ttest_rel

    a, b = np.asarray(ours, dtype=np.float64), np.asarray(reference, dtype=np.float64)
    d = a - b
    if a.size < 2 or np.all(d == 0):
        return ""
    if np.ptp(d) <= 1e-12 * float(np.abs(d).max()):
        p = 0.0  # a constant nonzero difference: t is infinite (scipy warns and loses precision)
    else:
        p = ttest_rel(a, b).pvalue
    if not np.isfinite(p) or p >= alpha:
        return ""
    return "bold" if a.mean() < b.mean() else "underline"


def timing_ratio(values):
    """Summarise a timing ratio measured in repeated runs: median and range.

    One timing is one noisy sample of a shared machine's load; a ratio of timings is reported
    over repeats, never from one.

    Parameters
    ----------
    values : sequence of float
        The ratio in each repeat.

    Returns
    -------
    dict
        ``median``, ``min``, ``max`` and ``repeats`` (the number of values).

    Raises
    ------
    ValueError
        If ``values`` is empty.

    Examples
    --------
    >>> timing_ratio([3.6, 7.2, 4.5])
    {'median': 4.5, 'min': 3.6, 'max': 7.2, 'repeats': 3}
    """
    v = np.asarray(list(values), dtype=np.float64)
    if v.size == 0:
        raise ValueError("values must not be empty")
    return {
        "median": float(np.median(v)),
        "min": float(v.min()),
        "max": float(v.max()),
        "repeats": int(v.size),
    }
