"""The printout of a run and the markdown report of saved full-size runs.

:func:`printout` is what ``svmbook reproduce NAME`` prints: the caption, the source, the
settings, ours next to the published numbers, every check of :mod:`svmbook.reproductions._compare`
with its distance, and the verdict. :func:`report` is ``svmbook reproduce --report DIR``: a
header with the rule, a summary table of verdicts, and per experiment the printout of the
result saved in ``DIR/NAME.json`` (an experiment with no saved full-size result is listed as
not run at full size, with the command that runs it). ``docs/reproductions.md`` is the report
of ``docs/reproductions``.
"""

from __future__ import annotations

from pathlib import Path

from .._docstrings import shared_docs
from . import registry
from ._cells import MeanSE
from ._compare import RULE, RUN_DOC, compare
from ._result import Result, format_table

__all__ = ["load_saved", "printout", "report"]

#: Settings shown as checks, not on the settings line.
_CHECKED = ("claim: ", "time ratio ")
#: Labels of the check counts, and the kinds of check they count.
_KINDS = (("cells", ("z", "rel", "n/a")), ("marks", ("mark",)), ("claims", ("claim",)))


def _settings_line(result):
    shown = {k: v for k, v in result.settings.items() if not k.startswith(_CHECKED)}
    return ", ".join(f"{k}={v}" for k, v in shown.items())


def _checks_table(comparison):
    lines = []
    for c in comparison.checks:
        distance = "" if c.distance is None else f"{c.distance:.3f}"
        lines.append([c.kind, c.where, c.ours, c.theirs, distance, "yes" if c.agrees else "NO"])
    return format_table(("check", "where", "ours", "source", "distance", "agrees"), lines)


def _counts(comparison):
    parts = []
    for label, kinds in _KINDS:
        agree, total = comparison.count(kinds)
        if total:
            parts.append(f"{label} {agree}/{total}")
    return ", ".join(parts) if parts else "nothing to compare"


def _has_marks(experiment, result):
    cells = [v for row in (*experiment.published, *result.rows) for v in row.values()]
    return any(isinstance(v, MeanSE) for v in cells)


@shared_docs({"run": RUN_DOC})
def printout(experiment, result):
    """Print a run as ``svmbook reproduce`` does.

    {run}

    Returns
    -------
    str
        Caption, source, settings, ours next to the source's numbers, the timing ratios, every
        check with its distance, and the verdict.
    """
    comparison = compare(experiment, result)
    out = [
        f"{experiment.name}: {experiment.title}",
        f"source: {experiment.source}; published numbers: {experiment.provenance or 'none'}",
        f"ours ({_settings_line(result)}):",
        "",
        experiment.format(result),
    ]
    if _has_marks(experiment, result):
        out += ["", "* bold, _ underlined (the experiment's description gives their meaning)"]
    ratios = {k: v for k, v in result.settings.items() if k.startswith("time ratio ")}
    for name, r in ratios.items():
        out.append(
            f"{name}: median {r['median']:.2f}x, range {r['min']:.2f}-{r['max']:.2f} "
            f"over {r['repeats']} repeats"
        )
    if comparison.checks:
        out += ["", _checks_table(comparison)]
    out += ["", f"verdict: {comparison.verdict} ({_counts(comparison)})"]
    return "\n".join(out)


def _anchor(name):
    """Return the anchor of an experiment's heading ``## name`` in the report.

    It is the slug GitHub and MyST (the book's ``myst_heading_anchors``) give the heading: lower
    case, the dots dropped (``goodrich-table-5.5`` -> ``goodrich-table-55``). Every link into the
    report, ``reproductions.md#<anchor>``, uses it (``tests/reproductions/test_anchors.py``).
    """
    return name.replace(".", "").lower()


def load_saved(directory):
    """Read the results saved in a directory.

    Parameters
    ----------
    directory : str or Path
        Where ``svmbook reproduce NAME --full --save DIR`` wrote ``NAME.json``.

    Returns
    -------
    dict
        Experiment name to :class:`Result`, for every ``*.json`` file of the directory.

    Raises
    ------
    ValueError
        If a file's name differs from the result's, or is not a saved result.
    """
    saved = {}
    for path in sorted(Path(directory).glob("*.json")):
        result = Result.from_json(path.read_text(encoding="utf-8"))
        if result.name != path.stem:
            raise ValueError(f"directory: {path.name} holds a result of {result.name!r}")
        saved[result.name] = result
    return saved


def report(directory):
    """Write the markdown report of the full-size results saved in a directory.

    Parameters
    ----------
    directory : str or Path
        Where the results were saved; it appears in the report as given.

    Returns
    -------
    str
        The report: the rule, a summary of verdicts, and per experiment its printout, checks
        and verdict (or how to run it at full size).
    """
    saved = {n: r for n, r in load_saved(directory).items() if r.settings.get("size") == "full"}
    experiments = registry()
    head = [
        "# Reproductions at full size",
        "",
        f"Generated by `svmbook reproduce --report {directory}` from the results that "
        f"`svmbook reproduce NAME --full --save {directory}` saved there (one JSON file per "
        "experiment); do not edit it by hand. Each experiment's set-up, and every decision "
        "taken where its source is silent, is in its docstring (`svmbook reproduce --list` "
        "names the module). Published numbers are typed from the sources with the corrections "
        "of `docs/errata.md` applied. In the printouts a `*` marks a bold cell, `_` an "
        "underlined one; times are this machine's wall clock and are compared only as ratios.",
        "",
        "**The rule.** " + RULE,
        "",
        "## Summary",
        "",
        "| experiment | source | checks agreeing | verdict |",
        "|---|---|---|---|",
    ]
    body = []
    for name, exp in experiments.items():
        link = f"[{name}](#{_anchor(name)})"
        body += [f"## {name}", ""]
        if name not in saved:
            head.append(f"| {link} | {exp.source} | | not run at full size |")
            body += [
                "**Not run at full size.** Run it with "
                f"`svmbook reproduce {name} --full --save {directory}`.",
                "",
            ]
            continue
        comparison = compare(exp, saved[name])
        head.append(f"| {link} | {exp.source} | {_counts(comparison)} | {comparison.verdict} |")
        body += [f"**Verdict: {comparison.verdict}** ({_counts(comparison)}).", ""]
        if exp.remarks:
            body += [exp.remarks, ""]
        body += ["```text", printout(exp, saved[name]), "```", ""]
    return "\n".join([*head, "", *body]).rstrip("\n") + "\n"
