"""Goodrich Figs 6.1-6.3, 6.5 and 6.8-6.11 (svmbook.reproductions.goodrich_model_selection_figs).

Each figure runs at CI size through the registry; the tests check the rows against the
properties that hold by construction (xi-alpha never above the SV bound, the margin of shrinking
hulls never smaller, the totals of Fig. 6.9 the sums of its maps), that every thesis claim is a
computed boolean, and that the comparison counts the claims and Fig. 6.9's printed totals. The
Rätsch data come from ``$SVMBOOK_DATA``.
"""

import numpy as np
import pytest
from _runs import run

from svmbook.model_selection import RadiusMarginMachine
from svmbook.reproductions import MeanSE, registry
from svmbook.reproductions._common import load, make_kernel
from svmbook.reproductions._compare import compare
from svmbook.reproductions.goodrich_model_selection_figs import (
    FIG_6_8_PAIRS,
    FIG_6_9_CLAMP,
    FIG_6_9_METHODS,
    poly_curve,
)

NAMES = tuple(
    f"goodrich-fig-{n}" for n in ("6.1", "6.2", "6.3", "6.5", "6.8", "6.9", "6.10", "6.11")
)


def _claims(result):
    return {k: v for k, v in result.settings.items() if k.startswith("claim: ")}


def test_registry_lists_the_chapter_6_figures():
    """Register the figures in order, with places, and Fig. 6.9's totals as printed."""
    experiments = registry()
    names = list(experiments)
    assert [n for n in names if n in NAMES] == list(NAMES)  # natural order: 6.10 after 6.9
    for name in NAMES:
        exp = experiments[name]
        number = name.rsplit("-", 1)[1]
        assert exp.source.startswith(f"Goodrich (2012), Figure {number}, section 6.")
        assert exp.provenance and not exp.seeded and exp.description
        assert bool(exp.published) == (name == "goodrich-fig-6.9")
    printed = experiments["goodrich-fig-6.9"].published
    assert printed == (
        {"dataset": "german", "standard": 1.0e6, "Cristianini": 3.3e5, "adaptive": 1.7e4},
        {"dataset": "image", "standard": 1.7e6, "Cristianini": 7.8e5, "adaptive": 1.7e4},
    )
    assert tuple(printed[0])[1:] == tuple(FIG_6_9_METHODS)


@pytest.mark.parametrize("name", NAMES)
def test_ci_claims_are_computed_booleans_and_checked(name):
    """Give every figure computed claims that its comparison counts."""
    res = run(name)
    claims = _claims(res)
    assert claims and all(isinstance(v, bool) for v in claims.values())
    comparison = compare(registry()[name], res)
    assert comparison.count({"claim"}) == (sum(claims.values()), len(claims))
    assert comparison.verdict in ("reproduced", "mostly", "partly", "not reproduced")


def test_ci_estimates_on_banana():
    """Keep xi-alpha under the SV bound; both, and the test error, are rates."""
    rows = {name: run(name).rows for name in NAMES[:3]}
    grid = [(r["log2 gamma"], r["log2 C"]) for r in rows["goodrich-fig-6.1"]]
    assert len(grid) == 2 * 11 and grid == [(g, c) for g in (0, 2) for c in range(-10, 11, 2)]
    for r in rows["goodrich-fig-6.3"]:
        assert 0.0 <= r["xi-alpha"] <= r["SV bound"] <= 1.0 and 0.0 <= r["test error"] <= 1.0
    for r in rows["goodrich-fig-6.2"]:
        assert r["GACV"] >= 0.0
    # the smallest C reduces a class to its centroid: no free support vector there
    assert not rows["goodrich-fig-6.3"][0]["free SVs"] and rows["goodrich-fig-6.3"][-1]["free SVs"]


def test_ci_fig_6_5_margin_grows_and_the_ball_stays():
    """Widen the margin as mu falls at a fixed ball, down to the centroids."""
    res = run("goodrich-fig-6.5")
    assert [r["1/mu"] for r in res.rows] == list(range(1, 21))
    margins = np.array(res.column("margin"))
    assert np.all(np.diff(margins) >= -1e-7 * margins[:-1])
    assert len(set(res.column("R"))) == 1
    ratio = np.array(res.column("R^2/Delta^2"))
    np.testing.assert_allclose(ratio, res.rows[0]["R"] ** 2 / margins**2, rtol=1e-12)
    assert res.rows[-1]["n_SV"] == 40  # mu = 1/20: every point at its class's centroid
    assert all(_claims(res).values())


def test_ci_fig_6_8_steps_add_up_and_the_line_separates():
    """Count the steps of the comparison and after it; the bands are apart at the line."""
    res = run("goodrich-fig-6.8")
    bands = res.series["bands"]
    line = bands["line"]
    p1, p2 = res.rows
    assert line == sum(r["SVM steps"] + r["MEB steps"] for r in res.rows)
    after = sum(r["steps after the line"] for r in res.rows)
    assert bands["brackets"].shape == (line + 1 + after, 2, 2)
    winner, loser = (p1, p2) if res.settings["winner"] == "pair 1" else (p2, p1)
    assert winner["T_up at the line"] < loser["T_low at the line"]
    # both pairs trained to tol after the line: their ratios equal the standard training's
    X, y, _, _ = load("german", 1)
    for r, (lg, lc) in zip(res.rows, FIG_6_8_PAIRS, strict=True):
        m = RadiusMarginMachine(make_kernel("rbf", 2.0**lg)(X, X), y, 2.0**lc).train(1e-3)
        assert r["R/Delta at tol"] == pytest.approx(np.sqrt(m.bounds().ratio), rel=4e-3)
        assert r["T_low at the line"] <= r["R/Delta at tol"] <= r["T_up at the line"]


def test_ci_fig_6_9_totals_are_the_maps_sums():
    """Sum each panel's map, clamped and not; compare the clamped totals with the printed."""
    res = run("goodrich-fig-6.9")
    assert [r["dataset"] for r in res.rows] == ["german"]
    row = res.rows[0]
    for panel in FIG_6_9_METHODS:
        steps = res.series["maps"]["german", panel]
        assert steps.shape == (11, 11) and row[f"{panel}, unclamped"] == int(steps.sum())
        assert row[panel] == int(np.minimum(steps, FIG_6_9_CLAMP).sum()) <= steps.sum()
    assert row["adaptive"] < row["Cristianini"] < row["standard"]
    assert row["adaptive / Cristianini"] == pytest.approx(row["adaptive"] / row["Cristianini"])
    assert res.columns[:4] == (*FIG_6_9_METHODS, "adaptive / Cristianini")
    checks = compare(registry()["goodrich-fig-6.9"], res).checks
    cells = [c for c in checks if c.kind in ("rel", "n/a")]
    # german's three totals are compared; image is not run at CI size
    assert [c.kind for c in cells] == ["rel"] * 3 + ["n/a"] * 3
    assert res.settings["adaptive / Cristianini, printed totals"] == {"german": 0.052}
    assert not isinstance(row["standard"], MeanSE)


def test_poly_curve_bounds_and_errors():
    """Report the RM bound, the SV bound and the test error as rates along C."""
    rows = poly_curve("heart", 2, (-2, 0, 2), 100_000)
    assert [r["log2 C"] for r in rows] == [-2, 0, 2]
    for r in rows:
        assert r["RM bound"] > 0 and 0 < r["SV bound"] <= 1 and 0 <= r["test error"] <= 1
        assert r["converged"]
    # a larger C makes the L2 machine more like the hard margin: fewer support vectors
    assert rows[0]["SV bound"] >= rows[-1]["SV bound"]
    for name in ("goodrich-fig-6.10", "goodrich-fig-6.11"):
        res = run(name)
        assert [r["log2 C"] for r in res.rows] == list(range(-10, 11, 2))
