"""Computed verdicts: the distance of every reproduced cell to the published one, and a rule.

The rule (it is also the header of ``docs/reproductions.md``):

* **A cell with a mean and standard error on both sides** agrees if
  ``z = max(|ours - theirs| - r, 0) / sqrt(se_ours^2 + se_theirs^2) <= 2``, where ``r`` is half
  a unit of the last decimal printed in the published column (a printed ``0.13`` stands for
  any value that rounds to it; a printed ``± 0.00`` is a standard error below that rounding).
* **A cell without standard errors** (a count, a norm, a cell whose both errors are 0) agrees if
  its relative difference ``max(|ours - theirs| - r, 0) / |theirs|`` is at most 10 %.
* **A cell we do not have** (a row left out because every run was capped, "n/a") disagrees.
* **Marks**: for each mark the source prints by a rule we apply (an experiment's ``marks``:
  bold, underline, or both), every cell that either side so marks is a check; it agrees if
  both marks are the same.
* **Timings** are never compared with the source's numbers (they are another machine's);
  a ratio of two timings is reported as the median and range of repeated runs
  (:func:`svmbook.reproductions.timing_ratio`), and the source's ordering of the two (slower or
  faster) is a claim that holds if every repeat's ratio is on the source's side of 1.
* **Claims**: every qualitative claim of the source that the experiment checks (a
  ``"claim: ..."`` boolean of the result's settings, or one of the experiment's ``claims``
  evaluated on the result) is a check that agrees if it holds.

The verdict of an item is the fraction of its checks that agree: **reproduced** if all do,
**mostly** from 80 %, **partly** from 50 %, **not reproduced** below; an item with no check
(nothing printed, no claim checked) has **no comparison**.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .._docstrings import shared_docs
from ._cells import MeanSE

__all__ = [
    "Check",
    "Comparison",
    "RULE",
    "cell_distance",
    "column_rounding",
    "compare",
    "verdict",
]

#: The Parameters section of what reads a run against its experiment (:func:`compare`,
#: :func:`svmbook.reproductions._report.printout`).
RUN_DOC = """Parameters
----------
experiment : Experiment
    The experiment, with its published rows.
result : Result
    A run of it (fresh, or read back with :meth:`Result.from_json`)."""

#: Largest z of an agreeing cell with standard errors on both sides.
Z_AGREE = 2.0
#: Largest relative difference of an agreeing cell without standard errors.
REL_AGREE = 0.10
#: (least fraction of agreeing checks, verdict), from the strictest.
VERDICTS = ((1.0, "reproduced"), (0.8, "mostly"), (0.5, "partly"), (0.0, "not reproduced"))
#: The rule in one paragraph, for the report's header.
RULE = (
    "A published cell with a standard error agrees with ours if z = max(|ours - theirs| - r, "
    "0) / sqrt(se_ours^2 + se_theirs^2) <= 2, r being half a unit of the last decimal printed "
    "in the column; a cell without standard errors agrees if its relative difference, with "
    "the same r, is at most 10 %; a cell we do not have (n/a) disagrees. Where the source's "
    "rule for bold and underline is the one we apply, every cell either side marks is a check "
    "that agrees if the marks are the same. Timings are never compared with the source's "
    "numbers: a ratio of timings is the median and range (min-max) of repeated runs, and the "
    "source's ordering is a claim that holds if every repeat is on its side of 1. Every "
    "qualitative claim of the source that an experiment checks is a check that agrees if it "
    "holds. Verdict: reproduced if every check agrees, mostly from 80 %, partly from 50 %, "
    "not reproduced below; no comparison if there is no check."
)


class Check(NamedTuple):
    """One comparison of an item: a cell, a mark or a claim.

    Attributes
    ----------
    kind : str
        ``"z"``, ``"rel"`` (a cell), ``"n/a"`` (a cell we do not have), ``"mark"`` or
        ``"claim"``.
    where : str
        The row key and column (``"heart small μ: KKT"``), or the claim.
    ours, theirs : str
        Both sides as printed (empty for a claim's source side).
    distance : float or None
        z or the relative difference; None for marks, claims and missing cells.
    agrees : bool
        Whether the check agrees under the rule.
    """

    kind: str
    where: str
    ours: str
    theirs: str
    distance: float | None
    agrees: bool


class Comparison(NamedTuple):
    """The checks of one item and the verdict they give.

    Attributes
    ----------
    checks : tuple of Check
        Cells, then marks, then claims.
    verdict : str
        One of ``reproduced``, ``mostly``, ``partly``, ``not reproduced``, ``no comparison``.
    """

    checks: tuple
    verdict: str

    def count(self, kinds):
        """Count the agreeing checks of some kinds.

        Parameters
        ----------
        kinds : collection of str
            Kinds of :class:`Check`.

        Returns
        -------
        tuple of int
            ``(agreeing, total)``.
        """
        chosen = [c for c in self.checks if c.kind in kinds]
        return sum(c.agrees for c in chosen), len(chosen)


def _decimals(x):
    """Decimals of ``x`` as typed, trailing zeros lost (``0.13`` -> 2, ``8.8e-03`` -> 4)."""
    if isinstance(x, int):
        return 0
    text = repr(float(x))
    if "e" in text:
        mantissa, exponent = text.split("e")
        return max(len(mantissa.partition(".")[2]) - int(exponent), 0)
    return len(text.partition(".")[2].rstrip("0"))


def column_rounding(published):
    """Half a unit of the last decimal printed in each column of a published table.

    A typed float loses its trailing zeros (``0.090`` is ``0.09``), so a column's decimals are
    the most that any of its means or standard errors shows.

    Parameters
    ----------
    published : sequence of dict
        The published rows.

    Returns
    -------
    dict
        Column to half a unit of its last decimal (0.5 for integer columns).

    Examples
    --------
    >>> column_rounding([{"e": MeanSE(0.09, 0.001)}, {"e": MeanSE(0.13, 0.0)}, {"e": 3575}])
    {'e': 0.0005}
    """
    decimals = {}
    for row in published:
        for column, cell in row.items():
            if isinstance(cell, bool) or not isinstance(cell, MeanSE | int | float):
                continue
            parts = (cell.mean, cell.se) if isinstance(cell, MeanSE) else (cell,)
            d = max(_decimals(v) for v in parts)
            decimals[column] = max(decimals.get(column, 0), d)
    return {column: 0.5 * 10.0**-d for column, d in decimals.items()}


def cell_distance(ours, theirs, rounding=0.0):
    """Compare one of our cells with the published one.

    Parameters
    ----------
    ours : MeanSE or float or int
        Our cell.
    theirs : MeanSE or float or int
        The published cell.
    rounding : float, default=0.0
        Half a unit of the published cell's last printed decimal: differences up to it are
        the printout's rounding.

    Returns
    -------
    tuple
        ``(kind, distance, agrees)``: kind ``"z"`` when both sides have a standard error (not
        both 0), else ``"rel"``.

    Raises
    ------
    TypeError
        If a side is not a number or a :class:`MeanSE`.

    Examples
    --------
    >>> kind, z, agrees = cell_distance(MeanSE(0.241, 0.005), MeanSE(0.269, 0.004), 0.0005)
    >>> kind, round(z, 2), agrees
    ('z', 4.29, False)
    >>> kind, rel, agrees = cell_distance(3600, 3575, rounding=0.5)
    >>> kind, round(rel, 4), agrees
    ('rel', 0.0069, True)
    """
    for name, value in (("ours", ours), ("theirs", theirs)):
        if isinstance(value, bool) or not isinstance(value, MeanSE | int | float):
            raise TypeError(f"{name} must be a number or a MeanSE, got {type(value).__name__}")
    their_value = theirs.mean if isinstance(theirs, MeanSE) else float(theirs)
    our_value = ours.mean if isinstance(ours, MeanSE) else float(ours)
    gap = max(abs(our_value - their_value) - rounding, 0.0)
    if isinstance(ours, MeanSE) and isinstance(theirs, MeanSE):
        scale = math.hypot(ours.se, theirs.se)
        if scale > 0:
            z = gap / scale
            return "z", z, z <= Z_AGREE
    if their_value == 0:
        return "rel", (0.0 if gap == 0 else math.inf), gap == 0
    rel = gap / abs(their_value)
    return "rel", rel, rel <= REL_AGREE


def verdict(n_agree, n_total):
    """Apply the rule to counts of checks.

    Parameters
    ----------
    n_agree : int
        Agreeing checks.
    n_total : int
        All checks.

    Returns
    -------
    str
        ``reproduced``, ``mostly``, ``partly``, ``not reproduced``, or ``no comparison`` when
        there is no check.

    Raises
    ------
    ValueError
        If the counts are negative or ``n_agree > n_total``.

    Examples
    --------
    >>> verdict(8, 10), verdict(10, 10), verdict(4, 10), verdict(0, 0)
    ('mostly', 'reproduced', 'not reproduced', 'no comparison')
    """
    if not 0 <= n_agree <= n_total:
        raise ValueError(f"n_agree must be in [0, n_total={n_total}], got {n_agree}")
    if n_total == 0:
        return "no comparison"
    fraction = n_agree / n_total
    return next(name for least, name in VERDICTS if fraction >= least)


def _text(value):
    if isinstance(value, MeanSE):
        return value.format(3)
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def _where(key_values, column):
    return f"{' '.join(str(v) for v in key_values)}: {column}"


def _cell_checks(experiment, result):
    ours_by_key = {tuple(r.get(k) for k in result.keys): r for r in result.rows}
    rounding = column_rounding(experiment.published)
    cells, marks = [], []
    for p in experiment.published:
        key = tuple(p.get(k) for k in result.keys)
        r = ours_by_key.get(key, {})
        for column, theirs in p.items():
            if column in result.keys or column in experiment.timing_columns:
                continue
            if isinstance(theirs, str):
                continue  # text prints no number to compare
            ours = r.get(column)
            where = _where(key, column)
            if isinstance(ours, bool) or not isinstance(ours, MeanSE | int | float):
                cells.append(Check("n/a", where, _text(ours or "n/a"), _text(theirs), None, False))
                continue
            kind, distance, agrees = cell_distance(ours, theirs, rounding[column])
            cells.append(Check(kind, where, _text(ours), _text(theirs), distance, agrees))
            if experiment.marks and isinstance(theirs, MeanSE):
                # a mark the source does not use under this rule is not compared
                our_mark = ours.mark if isinstance(ours, MeanSE) else ""
                our_mark = our_mark if our_mark in experiment.marks else ""
                if our_mark or theirs.mark:
                    marks.append(
                        Check(
                            "mark",
                            where,
                            our_mark or "none",
                            theirs.mark or "none",
                            None,
                            our_mark == theirs.mark,
                        )
                    )
    return cells + marks


def _published_time_ratio(experiment, result, top, bottom):
    """Divide the source's timing cells of two rows (None if it prints no such cells)."""
    if not experiment.timing_columns or not result.keys:
        return None
    column, key = experiment.timing_columns[0], result.keys[0]
    rows = {p.get(key): p.get(column) for p in experiment.published}
    a, b = rows.get(top), rows.get(bottom)
    if not (isinstance(a, MeanSE) and isinstance(b, MeanSE)) or b.mean == 0:
        return None
    return a.mean / b.mean


def _claim_checks(experiment, result):
    checks = []
    table_claims = experiment.claims(result) if experiment.claims is not None else {}
    for name, value in table_claims.items():
        checks.append(Check("claim", name, str(bool(value)), "", None, bool(value)))
    for name, value in result.settings.items():
        if name.startswith("claim: ") and isinstance(value, bool):
            checks.append(Check("claim", name[len("claim: ") :], str(value), "", None, value))
        elif name.startswith("time ratio ") and isinstance(value, dict):
            top, _, bottom = name[len("time ratio ") :].partition("/")
            theirs = _published_time_ratio(experiment, result, top, bottom)
            if theirs is None:
                continue
            slower = theirs > 1
            holds = value["min"] > 1 if slower else value["max"] < 1
            ours = (
                f"{value['median']:.2f}x (range {value['min']:.2f}-{value['max']:.2f}, "
                f"{value['repeats']} repeats)"
            )
            claim = f"{top} {'slower' if slower else 'faster'} than {bottom}"
            checks.append(Check("claim", claim, ours, f"{theirs:.2f}x", None, holds))
    return checks


@shared_docs({"run": RUN_DOC})
def compare(experiment, result):
    """Compare a run with the published numbers and claims of its experiment.

    {run}

    Returns
    -------
    Comparison
        Every check and the verdict of the rule (module docstring).

    Raises
    ------
    ValueError
        If ``result`` is a run of another experiment.
    """
    if result.name != experiment.name:
        raise ValueError(f"result: a run of {result.name!r}, not of {experiment.name!r}")
    checks = (*_cell_checks(experiment, result), *_claim_checks(experiment, result))
    return Comparison(checks, verdict(sum(c.agrees for c in checks), len(checks)))
