"""Uniform designs for the nested search over ``(log2 C, log2 gamma)``, as data.

The nested uniform design (UD) of Huang, Lee, Lin and Huang (2007), summarised in Yeh, Huang, Pao
and Lee's review of the reduced kernel trick (section 2.4, Fig. 2): stage 1 evaluates a 13-run
uniform design over a box in ``(log2 C, log2 gamma)``; stage 2 halves the box in each coordinate,
centres it on the best stage-1 point and evaluates a 9-run design there (9 then 5 runs for large
data sets). The review prints no tables; :data:`UD_TABLES` are the ones of the authors' SSVM
toolbox (``hibiscus.m``), which takes them from the Uniform Design web site of Hong Kong Baptist
University. Each row is ``(level of log2 C, level of log2 gamma)`` with levels ``1 .. runs``; the
first row of every table is the centre level.

A design's level ``l`` of ``runs`` maps to ``centre + ((l - 1) / (runs - 1) - 1/2) * length``
(the toolbox's mapping), so a stage spans its box from edge to edge. A later stage drops the centre
row, which is the best point of the stage before, already evaluated. The boxes of later stages are
not clipped to the first one (as in the toolbox): a best point on an edge moves the search
outwards.
"""

from __future__ import annotations

import numpy as np

from .._validation import check_choice, check_points, check_range

__all__ = ["LOG2_C_RANGE", "UD_TABLES", "default_box", "design_points"]


def _table(rows):
    a = np.array(rows, dtype=np.int64)
    a.flags.writeable = False
    return a


#: The uniform designs by number of runs: rows ``(level of log2 C, level of log2 gamma)``.
UD_TABLES = {
    13: _table([(7, 7), (5, 4), (12, 3), (2, 11), (9, 10), (6, 13), (3, 2), (11, 12), (13, 8),
                (10, 5), (1, 6), (4, 9), (8, 1)]),
    9: _table([(5, 5), (1, 4), (7, 8), (2, 7), (3, 2), (9, 6), (8, 3), (6, 1), (4, 9)]),
    5: _table([(3, 3), (1, 2), (2, 5), (4, 1), (5, 4)]),
}  # fmt: skip


def design_points(runs, centre, lengths, *, drop_centre=False):
    """Return the points of a uniform design in a box of ``(log2 C, log2 gamma)``.

    Parameters
    ----------
    runs : {13, 9, 5}
        The design (a key of :data:`UD_TABLES`).
    centre : array-like of shape (2,)
        The box's centre ``(log2 C, log2 gamma)``.
    lengths : array-like of shape (2,)
        The box's side lengths (log2 units, > 0).
    drop_centre : bool, default=False
        Leave out the centre row (a later stage of the nested design, whose centre is the best
        point so far).

    Returns
    -------
    ndarray of shape (runs, 2) or (runs - 1, 2)
        The points in table order.

    Raises
    ------
    ValueError
        If ``runs`` has no table or ``lengths`` are not positive.

    Examples
    --------
    >>> design_points(5, [0.0, 0.0], [4.0, 4.0])
    array([[ 0.,  0.],
           [-2., -1.],
           [-1.,  2.],
           [ 1., -2.],
           [ 2.,  1.]])
    """
    runs = check_choice("runs", runs, tuple(UD_TABLES))
    centre = np.asarray(centre, dtype=np.float64).reshape(2)
    lengths = np.asarray(lengths, dtype=np.float64).reshape(2)
    if not np.all(lengths > 0) or not np.all(np.isfinite(lengths)):
        raise ValueError(f"lengths must be positive and finite, got {lengths.tolist()}")
    levels = UD_TABLES[runs][1:] if drop_centre else UD_TABLES[runs]
    return centre + ((levels - 1) / (runs - 1) - 0.5) * lengths


#: The SSVM toolbox's range of ``log2 C`` for the full kernel: ``C = 1e-2 .. 1e4``.
LOG2_C_RANGE = (float(np.log2(1e-2)), float(np.log2(1e4)))


def default_box(X, log2_C=LOG2_C_RANGE):
    """Return the default search box ``((log2 C low, high), (log2 gamma low, high))``.

    ``C`` spans ``1e-2 .. 1e4`` (the SSVM toolbox's range for the full kernel). The ``gamma`` of
    the kernel ``exp(-gamma ||x - z||^2)`` spans the values at which the point nearest the data's
    mean (``d2``: its smallest non-zero squared distance to the mean) has kernel value 0.999 down
    to 0.15 with the mean: ``gamma = -ln(0.999) / d2 .. -ln(0.15) / d2``. The toolbox states this
    rule with the distance; we read it with the squared distance, the kernel's argument.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The training points.
    log2_C : tuple of float, default=LOG2_C_RANGE
        The range of ``log2 C``.

    Returns
    -------
    tuple of tuple of float
        ``((log2 C low, log2 C high), (log2 gamma low, log2 gamma high))``.

    Raises
    ------
    ValueError
        If all points coincide (no non-zero distance) or ``log2_C`` is not a range.

    Examples
    --------
    >>> box = default_box([[0.0, 0.0], [2.0, 0.0]])
    >>> [round(v, 3) for v in box[1]]
    [-9.965, 0.924]
    """
    X = check_points("X", X)
    c_range = check_range("log2_C", *log2_C)
    d2 = np.sum((X - X.mean(axis=0)) ** 2, axis=1)
    d2 = d2[d2 > 0]
    if d2.size == 0:
        raise ValueError("X: all points coincide, so there is no kernel width to search")
    k = float(d2.min())
    g_range = (float(np.log2(-np.log(0.999) / k)), float(np.log2(-np.log(0.15) / k)))
    return c_range, g_range
