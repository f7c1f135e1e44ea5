"""Goodrich Figs 6.12-6.16 (svmbook.reproductions.goodrich_mu_search_figs) at CI size.

The rows are checked against what holds by construction (a class at its centroid has
``1/mu`` equal to its size, the reduced hull's width is 0 at the centroid and the hull's at
``mu = 1``, scaling the data leaves the mu-SVM's support vectors), every thesis claim is a computed
boolean that the comparison counts. The Rätsch data come from ``$SVMBOOK_DATA``.
"""

import numpy as np
import pytest
from _runs import run
from scipy.spatial import ConvexHull

from svmbook.reproductions import registry
from svmbook.reproductions._compare import compare
from svmbook.reproductions.goodrich_mu_search_figs import mean_width

NAMES = tuple(f"goodrich-fig-{n}" for n in ("6.12", "6.13", "6.14", "6.15", "6.16"))


def _claims(result):
    return {k: v for k, v in result.settings.items() if k.startswith("claim: ")}


def test_registry_lists_figures_6_12_to_6_16():
    """Register the figures after Fig. 6.11 with their places and no printed numbers."""
    experiments = registry()
    names = list(experiments)
    assert [n for n in names if n in NAMES] == list(NAMES)
    for name in NAMES:
        exp, number = experiments[name], name.rsplit("-", 1)[1]
        assert exp.source.startswith(f"Goodrich (2012), Figure {number}, section 6.4")
        assert not exp.published and not exp.seeded


@pytest.mark.parametrize("name", NAMES)
def test_ci_claims_are_computed_booleans_and_checked(name):
    """Give every figure computed claims that its comparison counts."""
    res = run(name)
    claims = _claims(res)
    assert claims and all(isinstance(v, bool) for v in claims.values())
    comparison = compare(registry()[name], res)
    assert comparison.count({"claim"}) == (sum(claims.values()), len(claims))


def test_ci_fig_6_12_counts_per_gamma():
    """Split every gamma's Cs into valid and invalid; the valid ones are the larger Cs."""
    res = run("goodrich-fig-6.12")
    maps = res.series["maps"]["heart"]
    for i, r in enumerate(res.rows):
        assert r["valid"] + r["invalid"] == 11
        assert r["invalid, one class"] <= r["invalid"]
        valid = maps["valid"][i]
        # a larger C never brings a class back to its centroid: the valid Cs are a tail
        assert np.all(valid[np.argmax(valid) :]) if valid.any() else True
        assert r["lowest test error"] == maps["error"][i].min()


def test_ci_fig_6_13_centroid_level_is_the_class_size():
    """Read ``1/mu`` equal to a class's size where that class is at its centroid."""
    res = run("goodrich-fig-6.13")
    sizes = set(res.settings["class sizes"].values())
    for r in res.rows:
        if r["centroid"]:
            assert round(r["1/mu"]) in sizes
        assert r["1/mu (clipped at 1)"] == max(r["1/mu"], 1.0)


def test_mean_width_limits():
    """Give the centroid width 0 and the full hull its mean width (perimeter / pi)."""
    rng = np.random.default_rng(1)
    P = rng.uniform(size=(30, 2))
    assert mean_width(P, 1.0 / 30, 360) == pytest.approx(0.0, abs=1e-12)
    perimeter = ConvexHull(P).area  # in 2-D, ConvexHull.area is the perimeter
    assert mean_width(P, 1.0, 3600) == pytest.approx(perimeter / np.pi, rel=1e-4)
    widths = [mean_width(P, 1.0 / k, 360) for k in range(30, 0, -1)]
    assert np.all(np.diff(widths) >= -1e-12)  # the hull grows with mu


def test_ci_fig_6_14_and_6_16_rows():
    """Run both schedules to mu = 1; scale the toy without changing the mu-SVM."""
    res = run("goodrich-fig-6.14")
    last = res.rows[-1]
    assert last["(a) 1/mu"] == last["(b) 1/mu"] == 1.0
    assert last["(a) mean width"] == pytest.approx(last["(b) mean width"])
    toy = run("goodrich-fig-6.16")
    by = {(r["data"], r["machine"]): r for r in toy.rows}
    assert by["toy", "mu = 1/5"]["n_SV"] == by["toy x 10", "mu = 1/5"]["n_SV"]
    # the equivalent C scales with the data (1/10^2 for ten times the coordinates)
    ratio = by["toy x 10", "mu = 1/5"]["equivalent C"] / by["toy", "mu = 1/5"]["equivalent C"]
    assert ratio == pytest.approx(0.01, rel=1e-4)


def test_ci_fig_6_15_rows_per_gamma():
    """Search at most the schedule for each gamma, and report its best test error."""
    res = run("goodrich-fig-6.15")
    assert [r["log2 gamma"] for r in res.rows] == [-10, -6, -2, 2, 6, 10]
    n_mu = int(res.settings["schedule"].split()[0])
    assert sum(r["mu searched"] for r in res.rows) <= res.settings["machines trained"]
    for r in res.rows:
        assert 0 <= r["mu searched"] <= n_mu
        assert r["stop"] in ("intersect", "small_w", "no_margin", "unconverged", "mu = 1")
