"""CI-size experiment runs for the reproduction tests, each computed once per test session.

The Rätsch and StatLog data come from ``SVMBOOK_DATA`` (``make test`` sets it).
"""

from svmbook.reproductions import get_experiment

_CACHE = {}


def run(name):
    """Return the CI-size result of an experiment, computed once per session (default seed)."""
    if name not in _CACHE:
        _CACHE[name] = get_experiment(name).run("ci", progress=False)
    return _CACHE[name]
