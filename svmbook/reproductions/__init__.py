"""Reproductions of the sources' tables and figures: a registry of experiments.

Every public module of this package defines ``EXPERIMENTS = {name: Experiment(...)}``;
:func:`registry` discovers them with :mod:`pkgutil`, so adding a module adds its experiments to
``svmbook reproduce --list`` (:mod:`svmbook.cli`). An :class:`Experiment` knows

* its ``name`` (``"goodrich-table-4.1"``), ``title`` and ``source`` (table or figure, section);
* ``run(size="ci"|"full", random_state=None, progress=True)``, which returns a :class:`Result`
  (rows of dicts, no pandas): ``"ci"`` is a few seconds on a laptop (fewer data sets and runs,
  the same set-up), ``"full"`` the source's set-up (minutes to hours). Only a ``seeded``
  experiment takes a ``random_state``: the others run the source's fixed realisations;
* ``published``: the source's numbers, typed from the printed table with the corrections of
  ``docs/errata.md`` applied, and ``provenance`` naming the table and section. Cells the source
  does not print are absent, never invented.

Cells that are a mean over runs are :class:`MeanSE` (mean, standard error, and the source's
mark where it prints one: ``"bold"`` or ``"underline"``, whose meaning each experiment states).
:mod:`svmbook.reproductions._compare` turns a result and the published rows into per-cell
distances and a verdict; :mod:`svmbook.reproductions._report` writes the report of saved
results that is ``docs/reproductions.md``.

Examples
--------
>>> from svmbook.reproductions import registry
>>> exp = registry()["goodrich-table-4.4"]
>>> exp.source
'Goodrich (2012), Table 4.4, section 4.4.6'
>>> exp.published[0]["Overall"]
MeanSE(mean=0.09, se=0.001, mark='bold')
"""

from __future__ import annotations

import importlib
import pkgutil
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from .._docstrings import shared_docs
from .._validation import check_option
from ._cells import MeanSE, mean_se, parse_table, significance_mark, timing_ratio
from ._result import DIGITS_DOC, Result, format_comparison

__all__ = [
    "SIZES",
    "Experiment",
    "MeanSE",
    "Result",
    "format_comparison",
    "get_experiment",
    "iterate",
    "mean_se",
    "parse_table",
    "registry",
    "significance_mark",
    "timing_ratio",
]

#: Run sizes: ``"ci"`` (seconds, for tests) and ``"full"`` (the source's set-up).
SIZES = ("ci", "full")


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
        The source's rows (same key columns as the result), empty for figures whose numbers
        are not printed.
    provenance : str
        Where ``published`` was typed from, and the corrections of ``docs/errata.md`` applied.
    description : str
        Set-up and the decisions taken where the source is silent or ambiguous.
    seeded : bool
        Whether ``random_state`` acts (random draws or splits); an experiment on the source's
        fixed realisations refuses a seed.
    timing_columns : tuple of str
        Columns that are wall-clock times: never compared with the source's numbers (only
        their ratios, as claims).
    marks : tuple of str
        The marks the source prints by the rule we apply (``"bold"``, ``"underline"``): those
        are compared cell by cell with ours; empty when the printed marks cannot be compared.
    remarks : str
        A short explanation of a discrepancy for the report; it states no number that the
        printout does not show.
    claims : callable or None
        ``claims(result) -> {claim: bool}``: the source's qualitative claims about a table,
        checked on a result when it is compared (a figure's runner checks its own, as
        ``"claim: ..."`` settings).
    """

    name: str
    title: str
    source: str
    runner: Callable
    published: tuple = ()
    provenance: str = ""
    description: str = ""
    seeded: bool = False
    timing_columns: tuple = ()
    marks: tuple = ("bold", "underline")
    remarks: str = ""
    claims: Callable | None = None

    def run(self, size="ci", random_state=None, progress=True):
        """Run the experiment.

        Parameters
        ----------
        size : {"ci", "full"}, default="ci"
            ``"ci"`` runs in seconds, ``"full"`` is the source's set-up.
        random_state : int, default=None
            Seed of a ``seeded`` experiment (None: 0); must be None for the others.
        progress : bool, default=True
            Show progress bars.

        Returns
        -------
        Result
            Its settings start with ``size``, the seed of a seeded experiment, and the wall
            clock of the run in seconds (``elapsed (s)``).

        Raises
        ------
        ValueError
            If ``size`` is not a size, or a seed is given to an experiment with a fixed set-up.
        TypeError
            If ``random_state`` is not an int or ``progress`` not a bool.
        """
        check_option("size", size, SIZES)
        if random_state is not None:
            if isinstance(random_state, bool) or not isinstance(random_state, int | np.integer):
                raise TypeError(f"random_state must be an int, got {type(random_state).__name__}")
            if not self.seeded:
                raise ValueError(
                    f"random_state: {self.name} runs the source's fixed set-up and takes no seed"
                )
        if not isinstance(progress, bool):
            raise TypeError(f"progress must be a bool, got {type(progress).__name__}")
        seed = 0 if random_state is None else int(random_state)
        start = time.perf_counter()
        result = self.runner(size, seed, progress)
        elapsed = round(time.perf_counter() - start, 1)
        head = {"size": size, **({"random_state": seed} if self.seeded else {})}
        result.settings = {**head, **result.settings, "elapsed (s)": elapsed}
        return result

    @shared_docs({"digits": DIGITS_DOC})
    def format(self, result, digits=3):
        """Ours next to the published numbers, :func:`format_comparison`.

        Parameters
        ----------
        result : Result
            A run of this experiment.
        {digits}

        Returns
        -------
        str
            The plain-text table.
        """
        return format_comparison(result, self.published, digits)


def _modules():
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def registry():
    """Every experiment of every module of :mod:`svmbook.reproductions`, by name.

    Returns
    -------
    dict
        Name to :class:`Experiment`, in natural order (table-4.10 after table-4.9).

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
    """Return the experiment called ``name``.

    Parameters
    ----------
    name : str
        A key of :func:`registry`.

    Returns
    -------
    Experiment
        The experiment.

    Raises
    ------
    ValueError
        If there is none; the message lists the names.
    """
    experiments = registry()
    if name not in experiments:
        raise ValueError(f"name must be one of {list(experiments)}, got {name!r}")
    return experiments[name]


def iterate(items: Iterable, desc, progress):
    """Wrap ``items`` in a progress bar.

    Parameters
    ----------
    items : iterable
        What to loop over.
    desc : str
        The bar's label.
    progress : bool
        Whether to show a ``tqdm.auto`` bar.

    Returns
    -------
    iterable
        The items, as a list or behind the bar.
    """
    items = list(items)
    if not progress:
        return items
    from tqdm.auto import tqdm

    return tqdm(items, total=len(items), desc=desc, leave=False)
