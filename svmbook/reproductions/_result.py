"""What a reproduction returns: :class:`Result`, its JSON form, and its printout.

A :class:`Result` is rows of dicts (no pandas) with the run's settings and, for figures, the
curves behind the rows. :meth:`Result.to_json` and :meth:`Result.from_json` round-trip it
exactly, so that a full-size run saved once (``svmbook reproduce NAME --full --save DIR``)
can be compared and reported later without re-running it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np

from .._docstrings import shared_docs
from ._cells import MeanSE

__all__ = ["Result", "format_comparison"]

#: The ``digits`` entry of the table formatters (:func:`format_comparison`,
#: :meth:`svmbook.reproductions.Experiment.format`).
DIGITS_DOC = """digits : int, default=3
    Decimals of the numbers."""


def _encode(value):
    """Make a result's value JSON-ready: tagged dicts for what JSON has no type for."""
    if isinstance(value, MeanSE):
        return {"__meanse__": [float(value.mean), float(value.se), value.mark]}
    if isinstance(value, np.ndarray):
        return {"__array__": value.tolist(), "dtype": str(value.dtype)}
    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, float | np.floating):
        return float(value)
    if isinstance(value, tuple):
        return {"__tuple__": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _encode(v) for k, v in value.items()}
        # keys such as (panel, method) tuples: JSON objects take only strings
        return {"__items__": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if value is None or isinstance(value, str):
        return value
    raise TypeError(f"value of type {type(value).__name__} has no JSON form in a Result")


def _decode(value):
    """Invert :func:`_encode`."""
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "__meanse__" in value:
        return MeanSE(*value["__meanse__"])
    if "__array__" in value:
        return np.asarray(value["__array__"], dtype=value["dtype"])
    if "__tuple__" in value:
        return tuple(_decode(v) for v in value["__tuple__"])
    if "__items__" in value:
        return {_hashable(_decode(k)): _decode(v) for k, v in value["__items__"]}
    return {k: _decode(v) for k, v in value.items()}


def _hashable(key):
    return tuple(key) if isinstance(key, list) else key


@dataclass
class Result:
    """What :meth:`svmbook.reproductions.Experiment.run` returns.

    Attributes
    ----------
    name : str
        The experiment's name.
    keys : tuple of str
        Columns that identify a row (``("dataset", "mu")``); they match the published rows'.
    columns : tuple of str
        Value columns, in display order.
    rows : list of dict
        One dict per row, keys and columns (a value column may be missing in a row).
    settings : dict
        What was run: size, seed, runs, data sets, solver settings; ``"claim: ..."`` entries
        are booleans saying whether a qualitative claim of the source holds in this run.
    series : dict
        Figures: the curves behind the rows (per-iteration or sampled values, for plotting),
        keyed as the experiment documents; not printed.
    """

    name: str
    keys: tuple
    columns: tuple
    rows: list
    settings: dict = field(default_factory=dict)
    series: dict = field(default_factory=dict)

    def row(self, **key):
        """Return the row whose key columns equal ``key``.

        Parameters
        ----------
        **key
            Column name and value pairs.

        Returns
        -------
        dict
            The first matching row.

        Raises
        ------
        KeyError
            If no row matches.
        """
        for r in self.rows:
            if all(r.get(k) == v for k, v in key.items()):
                return r
        raise KeyError(f"{self.name}: no row with {key}")

    def column(self, name):
        """Return the values of one column, in row order.

        Parameters
        ----------
        name : str
            The column.

        Returns
        -------
        list
            One value per row, None where a row lacks the column.
        """
        return [r.get(name) for r in self.rows]

    def to_json(self, series=True):
        """Write the result as JSON text, which :meth:`from_json` reads back equal.

        Parameters
        ----------
        series : bool, default=True
            Include :attr:`series`; without it (what ``svmbook reproduce --save`` writes) the
            text holds what the printout and the comparison read, not the curves behind a
            figure, which can be megabytes.

        Returns
        -------
        str
            Indented JSON; cells, arrays, tuples and non-string keys are tagged objects.
        """
        data = {
            "name": self.name,
            "keys": list(self.keys),
            "columns": list(self.columns),
            "rows": _encode(self.rows),
            "settings": _encode(self.settings),
            "series": _encode(self.series) if series else {},
        }
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text):
        """Read a result written by :meth:`to_json`.

        Parameters
        ----------
        text : str
            The JSON text.

        Returns
        -------
        Result
            The result, with the types it was saved with.

        Raises
        ------
        ValueError
            If ``text`` is not a saved result.
        """
        try:
            data = json.loads(text)
            return cls(
                name=data["name"],
                keys=tuple(data["keys"]),
                columns=tuple(data["columns"]),
                rows=_decode(data["rows"]),
                settings=_decode(data["settings"]),
                series=_decode(data["series"]),
            )
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise ValueError(f"text is not a saved reproduction result ({exc})") from exc


def _text(value, digits):
    if value is None:
        return ""
    if isinstance(value, MeanSE):
        return value.format(digits)
    if isinstance(value, bool | np.bool_):
        return str(bool(value))
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        v = float(value)
        return f"{v:.{digits}f}" if v == 0 or 1e-2 <= abs(v) < 1e5 else f"{v:.3e}"
    return str(value)


def format_table(header, lines):
    """Left-aligned plain-text columns under a dashed rule.

    Parameters
    ----------
    header : sequence of str
        The column titles.
    lines : sequence of sequence of str
        The rows, as many cells as ``header``.

    Returns
    -------
    str
        The table, trailing spaces stripped.
    """
    table = [list(header), *(list(line) for line in lines)]
    widths = [max(len(line[j]) for line in table) for j in range(len(header))]
    out = [
        "  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in table
    ]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


@shared_docs({"digits": DIGITS_DOC})
def format_comparison(result, published=(), digits=3):
    """Format a plain-text table: ours next to the source's value of every column.

    Parameters
    ----------
    result : Result
        Our run.
    published : sequence of dict, default=()
        The source's rows, with the same key columns.
    {digits}

    Returns
    -------
    str
        Rows follow ``result.rows``; a published row with the same key values adds a
        ``source`` column after each of ours that the source prints (blank where it gives no
        number). ``*`` marks bold, ``_`` underlined values.
    """
    index = {tuple(p.get(k) for k in result.keys): p for p in published}
    compared = {col for p in published for col in p if col not in result.keys}
    header = list(result.keys)
    for col in result.columns:
        header.append(col)
        if col in compared:
            header.append("source")
    lines = []
    for r in result.rows:
        p = index.get(tuple(r.get(k) for k in result.keys), {})
        line = [_text(r.get(k), digits) for k in result.keys]
        for col in result.columns:
            line.append(_text(r.get(col), digits))
            if col in compared:
                line.append(_text(p.get(col), digits))
        lines.append(line)
    return format_table(header, lines)
