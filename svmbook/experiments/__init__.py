"""Reproductions of the sources' tables and figures: a registry of experiments.

Every module of this package defines ``EXPERIMENTS = {name: Experiment(...)}``; :func:`registry`
discovers them with :mod:`pkgutil`, so adding a module adds its experiments to ``svmbook
reproduce --list`` (:mod:`svmbook.cli`). An :class:`Experiment` knows

* its ``name`` (``"goodrich-table-4.1"``), ``title`` and ``source`` (table or figure, section);
* ``run(size="ci"|"full", random_state=0, progress=True)``, which returns a :class:`Result`
  (rows of dicts, no pandas): ``"ci"`` is a few seconds on a laptop (fewer data sets and runs,
  the same set-up), ``"full"`` the thesis's set-up (minutes to hours);
* ``published``: the thesis's numbers, typed from the implementation notes (their tables are
  the thesis's with the front-matter errata applied), with ``provenance`` naming the notes file
  and section. Cells the notes do not give are absent, never invented.

Cells that are a mean over runs are :class:`MeanSE` (mean, standard error, and the thesis's mark
where it prints one: ``"bold"`` or ``"underline"``, whose meaning each experiment states).

Example
-------
>>> from svmbook.experiments import registry
>>> exp = registry()["goodrich-table-4.4"]
>>> exp.source
'Goodrich (2012), Table 4.4, section 4.4.6'
>>> exp.published[0]["Overall"]
MeanSE(mean=0.09, se=0.001, mark='bold')
"""

from __future__ import annotations

import importlib
import math
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from .._validation import check_option

__all__ = [
    "SIZES",
    "Experiment",
    "MeanSE",
    "Result",
    "format_comparison",
    "get_experiment",
    "mean_se",
    "parse_table",
    "iterate",
    "registry",
    "significance_mark",
]

#: Run sizes: ``"ci"`` (seconds, for tests) and ``"full"`` (the thesis's set-up).
SIZES = ("ci", "full")


class MeanSE(NamedTuple):
    """A mean over runs with its standard error, and the thesis's typographic mark.

    ``mark`` is ``"bold"`` or ``"underline"`` as printed (published cells), or the same marks
    from our own significance test (each experiment says which test), else ``""``.
    """

    mean: float
    se: float
    mark: str = ""

    def format(self, digits=3):
        """``"0.241 ± 0.005"``, with ``*`` after a bold and ``_`` after an underlined value."""
        suffix = {"bold": "*", "underline": "_"}.get(self.mark, "")
        return f"{self.mean:.{digits}f} ± {self.se:.{digits}f}{suffix}"


def mean_se(values, mark=""):
    """:class:`MeanSE` of a sequence: mean and ``std(ddof=1) / sqrt(n)`` (0 for one value)."""
    v = np.asarray(list(values), dtype=np.float64)
    if v.size == 0:
        raise ValueError("values must not be empty")
    se = float(np.std(v, ddof=1) / math.sqrt(v.size)) if v.size > 1 else 0.0
    return MeanSE(float(v.mean()), se, mark)


def _cell(text):
    """A published cell: ``**a ± b**`` (bold), ``<u>a ± b</u>`` (underline), a number or text."""
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


def parse_table(text, columns):
    """Rows of dicts from markdown table rows copied verbatim from the notes.

    Each non-empty line is ``| k1 | k2 | v1 | v2 | ...`` with as many cells as ``columns``; an
    empty leading key repeats the previous row's (the notes' ``| | large μ |`` rows). Cells
    are parsed by the notes' notation: ``a ± b`` is a :class:`MeanSE`, ``**...**`` bold,
    ``<u>...</u>`` underlined, numbers are int or float, anything else stays text.

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


@dataclass
class Result:
    """What :meth:`Experiment.run` returns.

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
        What was run: size, seed, runs, data sets, solver settings.
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
        """The row whose key columns equal ``key`` (KeyError if none)."""
        for r in self.rows:
            if all(r.get(k) == v for k, v in key.items()):
                return r
        raise KeyError(f"{self.name}: no row with {key}")

    def column(self, name):
        """The values of one column, in row order (None where a row lacks it)."""
        return [r.get(name) for r in self.rows]


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


def format_comparison(result, published=(), digits=3):
    """A plain-text table: ours next to the thesis's value of every column.

    Rows follow ``result.rows``; a published row with the same key values adds a ``thesis``
    column after each of ours that the thesis prints (blank where the notes give no number).
    ``*`` marks bold, ``_`` underlined values.
    """
    index = {tuple(p.get(k) for k in result.keys): p for p in published}
    compared = {col for p in published for col in p if col not in result.keys}
    header = list(result.keys)
    for col in result.columns:
        header.append(col)
        if col in compared:
            header.append("thesis")
    lines = [header]
    for r in result.rows:
        p = index.get(tuple(r.get(k) for k in result.keys), {})
        line = [_text(r.get(k), digits) for k in result.keys]
        for col in result.columns:
            line.append(_text(r.get(col), digits))
            if col in compared:
                line.append(_text(p.get(col), digits))
        lines.append(line)
    widths = [max(len(line[j]) for line in lines) for j in range(len(header))]
    out = ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip()]
    out[0] = "  ".join(c.ljust(w) for c, w in zip(header, widths, strict=True)).rstrip()
    out.append("  ".join("-" * w for w in widths))
    for line in lines[1:]:
        out.append("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())
    return "\n".join(out)


@dataclass(frozen=True)
class Experiment:
    """One reproducible table or figure.

    Attributes
    ----------
    name : str
        ``"<source>-<table|fig>-<number>"``, e.g. ``"goodrich-table-4.1"``.
    title : str
        The caption.
    source : str
        Where it is printed: ``"Goodrich (2012), Table 4.1, section 4.3.4"``.
    runner : callable
        ``runner(size, random_state, progress) -> Result``.
    published : tuple of dict
        The thesis's rows (same key columns as the result), empty for figures whose numbers
        are not printed.
    provenance : str
        Where ``published`` was typed from (notes file and section, errata applied there).
    description : str
        Set-up and the decisions taken where the source is silent or ambiguous.
    """

    name: str
    title: str
    source: str
    runner: Callable
    published: tuple = ()
    provenance: str = ""
    description: str = ""

    def run(self, size="ci", random_state=0, progress=True):
        """Run the experiment; ``size`` is ``"ci"`` (seconds) or ``"full"`` (the thesis's)."""
        check_option("size", size, SIZES)
        if isinstance(random_state, bool) or not isinstance(random_state, int | np.integer):
            raise TypeError(f"random_state must be an int, got {type(random_state).__name__}")
        if not isinstance(progress, bool):
            raise TypeError(f"progress must be a bool, got {type(progress).__name__}")
        result = self.runner(size, int(random_state), progress)
        result.settings = {"size": size, "random_state": int(random_state), **result.settings}
        return result

    def format(self, result, digits=3):
        """:func:`format_comparison` of ``result`` against :attr:`published`."""
        return format_comparison(result, self.published, digits)


def _modules():
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def registry():
    """Every experiment of every module of :mod:`svmbook.experiments`, by name.

    Raises
    ------
    ValueError
        If two modules define the same name, or a key differs from its experiment's name.
    """
    found = {}
    for module_name in _modules():
        module = importlib.import_module(f"{__name__}.{module_name}")
        for key, exp in getattr(module, "EXPERIMENTS", {}).items():
            if key != exp.name:
                raise ValueError(f"{module_name}: EXPERIMENTS key {key!r} != name {exp.name!r}")
            if key in found:
                raise ValueError(f"experiment {key!r} is defined twice")
            found[key] = exp
    return dict(sorted(found.items(), key=lambda kv: _natural(kv[0])))


def _natural(name):
    """Sort key: numbers compare as numbers (table-4.10 after table-4.9)."""
    parts = name.replace("-", ".").split(".")
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts]


def get_experiment(name):
    """The experiment called ``name`` (ValueError listing the names if there is none)."""
    experiments = registry()
    if name not in experiments:
        raise ValueError(f"name must be one of {list(experiments)}, got {name!r}")
    return experiments[name]


def significance_mark(ours, reference, alpha=0.05):
    """The thesis's mark from a paired t-test of per-run values against a reference column.

    ``"bold"`` if ``ours`` is significantly lower (two-sided p < ``alpha``), ``"underline"`` if
    significantly higher, else ``""`` (also with fewer than two runs or identical columns).
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


def iterate(items: Iterable, desc, progress):
    """``items`` behind a ``tqdm.auto`` progress bar labelled ``desc`` when ``progress``."""
    items = list(items)
    if not progress:
        return items
    from tqdm.auto import tqdm

    return tqdm(items, total=len(items), desc=desc, leave=False)
