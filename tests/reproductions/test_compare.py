"""Computed verdicts: per-cell distances, marks, claims, timing ratios, and the rule."""

import math

import pytest

from svmbook.reproductions import Experiment, MeanSE, Result
from svmbook.reproductions._compare import (
    REL_AGREE,
    Z_AGREE,
    cell_distance,
    column_rounding,
    compare,
    verdict,
)


def test_cell_distance_z_and_relative():
    """Measure a cell by z with both errors, by the relative difference without."""
    # z with both standard errors: |0.3 - 0.2| / sqrt(0.03^2 + 0.04^2) = 2
    kind, z, agrees = cell_distance(MeanSE(0.3, 0.03), MeanSE(0.2, 0.04))
    assert kind == "z" and z == pytest.approx(2.0) and agrees  # the bound is inclusive
    assert not cell_distance(MeanSE(0.31, 0.03), MeanSE(0.2, 0.04))[2]
    # the printed rounding is no difference: 0.134 prints as 0.13 (half unit 0.005)
    assert cell_distance(MeanSE(0.134, 0.0), MeanSE(0.13, 0.0), 0.005)[1] == 0.0
    # no standard errors (counts, norms, both zero): relative difference, 10 %
    assert cell_distance(110, 100) == ("rel", pytest.approx(0.1), True)
    assert cell_distance(111, 100)[2] is False
    assert cell_distance(MeanSE(0.5, 0.0), MeanSE(0.5, 0.0)) == ("rel", 0.0, True)
    assert cell_distance(MeanSE(0.52, 0.01), 0.5)[0] == "rel"  # theirs without an error
    assert cell_distance(0.0, 0.0)[2] and cell_distance(1.0, 0.0) == ("rel", math.inf, False)
    with pytest.raises(TypeError, match="ours"):
        cell_distance("n/a", 1.0)
    with pytest.raises(TypeError, match="theirs"):
        cell_distance(1.0, True)
    assert Z_AGREE == 2.0 and REL_AGREE == 0.10


def test_column_rounding_uses_the_most_decimals_printed():
    """Take a column's rounding from the most decimals any of its cells prints."""
    published = [
        {"k": "a", "e": MeanSE(0.09, 0.001), "n": 3575, "w": 8.837141e-03},
        {"k": "b", "e": MeanSE(0.13, 0.0), "n": 12, "w": 5.500539e03},
    ]
    assert column_rounding(published) == {
        "e": pytest.approx(0.0005),
        "n": 0.5,
        "w": pytest.approx(5e-10),
    }


@pytest.mark.parametrize(
    ("agree", "total", "expected"),
    [
        (10, 10, "reproduced"),
        (9, 10, "mostly"),
        (8, 10, "mostly"),
        (7, 10, "partly"),
        (5, 10, "partly"),
        (4, 10, "not reproduced"),
        (0, 3, "not reproduced"),
        (0, 0, "no comparison"),
    ],
)
def test_verdict_rule(agree, total, expected):
    """Derive the verdict from the fraction of agreeing checks."""
    assert verdict(agree, total) == expected


def test_verdict_rejects_bad_counts():
    """Reject counts that are not a part of a whole."""
    with pytest.raises(ValueError, match="n_agree"):
        verdict(3, 2)
    with pytest.raises(ValueError, match="n_agree"):
        verdict(-1, 2)


def _experiment(published, **kw):
    return Experiment("x", "t", "S (2000), Table 1", lambda *a: None, published, **kw)


def test_compare_cells_marks_missing_cells_and_claims():
    """Check every published cell, mark, claim and timing ratio of a synthetic table."""
    published = (
        {"k": "a", "v": MeanSE(0.20, 0.01, "bold"), "t": MeanSE(30.0, 1.0), "c": 100},
        {"k": "b", "v": MeanSE(0.40, 0.01), "t": MeanSE(90.0, 1.0), "c": 50},
        {"k": "c", "v": MeanSE(0.30, 0.01)},
    )
    result = Result(
        "x",
        ("k",),
        ("v", "t", "c"),
        [
            {"k": "a", "v": MeanSE(0.21, 0.01, "bold"), "t": MeanSE(3.0, 0.1), "c": 104},
            {"k": "b", "v": MeanSE(0.30, 0.01, "bold"), "t": MeanSE(12.0, 0.1), "c": 80},
            {"k": "c", "v": "n/a"},
        ],
        {
            "claim: ordering holds": True,
            "claim: another": False,
            "time ratio b/a": {"median": 4.0, "min": 3.5, "max": 4.4, "repeats": 3},
        },
    )
    exp = _experiment(published, timing_columns=("t",))
    comparison = compare(exp, result)
    by = {(c.kind, c.where): c for c in comparison.checks}
    assert by["z", "a: v"].agrees and not by["z", "b: v"].agrees  # z 0.67 vs 6.4
    assert by["rel", "a: c"].agrees and not by["rel", "b: c"].agrees  # 4 % vs 60 %
    assert not by["n/a", "c: v"].agrees
    assert not any(c.where.endswith(": t") and c.kind != "claim" for c in comparison.checks)
    assert by["mark", "a: v"].agrees and not by["mark", "b: v"].agrees
    assert by["claim", "ordering holds"].agrees and not by["claim", "another"].agrees
    ratio = by["claim", "b slower than a"]  # the source's 90 / 30 = 3x, ours 3.5x-4.4x
    assert ratio.agrees and ratio.theirs == "3.00x" and "range 3.50-4.40" in ratio.ours
    assert comparison.count(("z", "rel", "n/a")) == (2, 5)
    assert comparison.count(("mark",)) == (1, 2)
    assert comparison.count(("claim",)) == (2, 3)
    assert comparison.verdict == "partly"  # 5 of 10
    # marks under another rule than ours are not compared
    unmarked = compare(_experiment(published, timing_columns=("t",), marks=()), result)
    assert unmarked.count(("mark",)) == (0, 0)
    # a source that prints only bold: our underlines are not compared
    result.rows[0]["v"] = MeanSE(0.21, 0.01, "underline")
    bold_only = compare(_experiment(published, timing_columns=("t",), marks=("bold",)), result)
    assert bold_only.count(("mark",)) == (0, 2)  # a: bold printed, ours not; b: ours bold


def test_a_timing_ratio_straddling_one_fails_the_ordering_claim():
    """Fail an ordering claim when the repeats of a timing ratio fall on both sides of 1."""
    published = ({"k": "a", "t": MeanSE(30.0, 1.0)}, {"k": "b", "t": MeanSE(90.0, 1.0)})
    ratio = {"median": 1.2, "min": 0.9, "max": 1.5, "repeats": 3}
    result = Result("x", ("k",), ("t",), [], {"time ratio b/a": ratio})
    comparison = compare(_experiment(published, timing_columns=("t",)), result)
    assert [c.agrees for c in comparison.checks] == [False]
    assert comparison.verdict == "not reproduced"


def test_compare_checks_the_result_is_the_experiments():
    """Refuse another experiment's result; nothing to check gives no comparison."""
    with pytest.raises(ValueError, match="result"):
        compare(_experiment(()), Result("y", (), (), []))
    assert compare(_experiment(()), Result("x", (), (), [])).verdict == "no comparison"
