"""CI-size experiment runs for the experiment tests, each computed once per test session.

The Rätsch and StatLog data come from ``SVMBOOK_DATA``; when it is not set, the workplace's
shared data directory is used if it exists, as the Makefile does.
"""

import os
from pathlib import Path

from svmbook.experiments import get_experiment

_SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
if "SVMBOOK_DATA" not in os.environ and _SHARED.is_dir():
    os.environ["SVMBOOK_DATA"] = str(_SHARED)

_CACHE = {}


def run(name):
    """CI-size result of an experiment, computed once per session."""
    if name not in _CACHE:
        _CACHE[name] = get_experiment(name).run("ci", random_state=0, progress=False)
    return _CACHE[name]
