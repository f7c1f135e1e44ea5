"""CI-size experiment runs for the reproduction tests, each computed once per test session.

The Rätsch and StatLog data come from ``SVMBOOK_DATA`` (``make test`` sets it).
"""

from svmbook.reproductions import get_experiment
from svmbook.reproductions._compare import compare

_CACHE = {}


def run(name):
    """Return the CI-size result of an experiment, computed once per session (default seed)."""
    if name not in _CACHE:
        _CACHE[name] = get_experiment(name).run("ci", progress=False)
    return _CACHE[name]


def assert_ci_verdict_with_claims(name, n_columns=3):
    """Check that a CI run of a nine-set table gets a verdict with claims among its checks.

    CI runs two of the nine Rätsch sets: the other seven rows' ``n_columns`` cells are cells we
    do not have ("n/a").
    """
    comparison = compare(get_experiment(name), run(name))
    assert "claim" in {c.kind for c in comparison.checks}
    assert comparison.verdict in ("reproduced", "mostly", "partly", "not reproduced")
    assert sum(c.kind == "n/a" for c in comparison.checks) == 7 * n_columns
