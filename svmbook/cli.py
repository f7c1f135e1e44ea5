"""The ``svmbook`` command line.

``svmbook reproduce --list`` lists the experiments of :mod:`svmbook.reproductions`;
``svmbook reproduce NAME [--full] [--seed N] [--no-progress] [--save DIR]`` runs one (CI size
unless ``--full``), prints our numbers next to the source's with the per-cell distances and the
verdict (:mod:`svmbook.reproductions._compare`), and with ``--save`` writes the result (its
rows and settings, not a figure's curves) to ``DIR/NAME.json``; ``svmbook reproduce --report
DIR`` prints the markdown report of the results saved in ``DIR`` (``docs/reproductions.md`` is
``svmbook reproduce --report docs/reproductions``). The same works as ``python -m svmbook
reproduce ...``.

Exit status: 0 on success, 1 when the data an experiment needs cannot be found (one line on
stderr saying where svmbook looked and what to set), 2 on bad usage (an unknown name, a seed
given to an experiment with a fixed set-up).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

__all__ = ["main"]


def _parser():
    parser = argparse.ArgumentParser(
        prog="svmbook", description="svmbook: support vector machines, from the textbook up."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    rep = sub.add_parser(
        "reproduce",
        help="run a reproduction of a source's table or figure",
        description="Run a reproduction and print ours next to the source's numbers.",
    )
    rep.add_argument("name", nargs="?", help="experiment name (see --list)")
    rep.add_argument("--list", action="store_true", help="list the experiments and exit")
    rep.add_argument(
        "--full", action="store_true", help="the source's full set-up (slow) instead of CI size"
    )
    rep.add_argument(
        "--seed",
        type=int,
        default=None,
        help="random_state of a seeded experiment (default 0); refused by fixed set-ups",
    )
    rep.add_argument("--no-progress", action="store_true", help="no progress bars")
    rep.add_argument("--save", metavar="DIR", help="also write the result to DIR/NAME.json")
    rep.add_argument(
        "--report", metavar="DIR", help="print the markdown report of the results saved in DIR"
    )
    return parser


def _list(out):
    from .reproductions import registry

    experiments = registry()
    width = max(len(name) for name in experiments)
    for name, exp in experiments.items():
        print(f"{name.ljust(width)}  {exp.source}: {exp.title}", file=out)


def _reproduce(args, out):
    from .reproductions import get_experiment
    from .reproductions._report import printout

    exp = get_experiment(args.name)
    if args.seed is not None and not exp.seeded:
        raise _UsageError(
            f"{exp.name} runs the source's fixed set-up (its published realisations) and takes "
            "no --seed"
        )
    size = "full" if args.full else "ci"
    result = exp.run(size=size, random_state=args.seed, progress=not args.no_progress)
    print(printout(exp, result), file=out)
    if args.save is not None:
        path = Path(args.save) / f"{exp.name}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        # rows and settings: what the report reads (a figure's curves stay in-process)
        path.write_text(result.to_json(series=False), encoding="utf-8")
        print(f"saved: {path}", file=out)


class _UsageError(Exception):
    """A request the command line refuses (exit status 2)."""


def main(argv=None, out=None):
    """Run the ``svmbook`` command line.

    Parameters
    ----------
    argv : list of str, default=None
        The arguments (None: ``sys.argv[1:]``).
    out : file, default=None
        Where the output goes (None: ``sys.stdout``); errors go to ``sys.stderr``.

    Returns
    -------
    int
        The exit status: 0 on success, 1 when data is missing, 2 on bad usage.
    """
    out = sys.stdout if out is None else out
    parser = _parser()
    args = parser.parse_args(argv)
    if args.list:
        _list(out)
        return 0
    if args.report is not None:
        from .reproductions._report import report

        if not Path(args.report).is_dir():
            print(f"svmbook reproduce: --report {args.report}: no such directory", file=sys.stderr)
            return 2
        print(report(args.report), file=out, end="")
        return 0
    if args.name is None:
        parser.error("reproduce needs an experiment name, --list or --report DIR")
    try:
        _reproduce(args, out)
    except _UsageError as exc:
        print(f"svmbook reproduce: {exc}", file=sys.stderr)
        return 2
    except FileNotFoundError as exc:
        # the loaders' message names the places searched and SVMBOOK_DATA; one line, no traceback
        print(f"svmbook reproduce: missing data: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    except ValueError as exc:
        if "name must be one of" not in str(exc):
            raise
        print(f"svmbook reproduce: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
