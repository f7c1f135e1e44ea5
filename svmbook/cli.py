"""The ``svmbook`` command line.

``svmbook reproduce --list`` lists the experiments of :mod:`svmbook.experiments`;
``svmbook reproduce NAME [--full] [--seed N] [--no-progress]`` runs one (CI size unless
``--full``) and prints our numbers next to the thesis's as a plain-text table. The same works as
``python -m svmbook reproduce ...``.
"""

from __future__ import annotations

import argparse
import sys
import time

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
    rep.add_argument("--seed", type=int, default=0, help="random_state (default 0)")
    rep.add_argument("--no-progress", action="store_true", help="no progress bars")
    return parser


def _list(out):
    from .experiments import registry

    experiments = registry()
    width = max(len(name) for name in experiments)
    for name, exp in experiments.items():
        print(f"{name.ljust(width)}  {exp.source}: {exp.title}", file=out)


def _reproduce(args, out):
    from .experiments import get_experiment

    exp = get_experiment(args.name)
    size = "full" if args.full else "ci"
    start = time.perf_counter()
    result = exp.run(size=size, random_state=args.seed, progress=not args.no_progress)
    elapsed = time.perf_counter() - start
    print(f"{exp.name}: {exp.title}", file=out)
    print(f"source: {exp.source}; published numbers: {exp.provenance or 'none printed'}", file=out)
    settings = ", ".join(f"{k}={v}" for k, v in result.settings.items())
    print(f"ours ({settings}; {elapsed:.1f} s):", file=out)
    print(file=out)
    print(exp.format(result), file=out)
    print(file=out)
    print("* bold, _ underlined (see the experiment's description for their meaning)", file=out)


def main(argv=None, out=None):
    """Entry point of ``svmbook``; returns the exit status (0 on success, 2 on bad usage)."""
    out = sys.stdout if out is None else out
    parser = _parser()
    args = parser.parse_args(argv)
    if args.list:
        _list(out)
        return 0
    if args.name is None:
        parser.error("reproduce needs an experiment name or --list")
    try:
        _reproduce(args, out)
    except ValueError as exc:
        if "name must be one of" not in str(exc):
            raise
        print(f"svmbook reproduce: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
