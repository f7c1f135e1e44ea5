"""Yeh et al.'s Table 1 at CI size: the data as run, the rows, the claims and the verdict."""

import numpy as np
import pytest
from _runs import run

from svmbook.reproductions import get_experiment
from svmbook.reproductions import yeh_reduced_kernel as yeh
from svmbook.reproductions._compare import compare

pytestmark = pytest.mark.needs_data


def test_shuttle_is_classes_1_and_4_scaled():
    """The full shuttle set: the review's sizes (40,856 and 13,633), features in [-1, 1]."""
    X, y, X_test, y_test = yeh.load_set("shuttle", "full", 0)
    assert (y.size, y_test.size) == (40856, 13633)
    assert (np.sum(y > 0), np.sum(y_test > 0)) == (6748, 2155)  # class 4 is +1
    assert X.min() == -1.0 and X.max() == 1.0


def test_published_table_as_printed():
    """Nine printed rows; the review's derived targets follow from them."""
    rows = {(r["Dataset"], r["Method"]): r for r in yeh.PUBLISHED}
    assert len(rows) == 9
    acc = "Accuracy (%)"
    assert rows["adult", yeh.NONLINEAR][acc] - rows["adult", yeh.LINEAR][acc] == pytest.approx(2.73)
    speed = rows["adult", yeh.NONLINEAR][yeh.TIME] / rows["adult", yeh.MRRSVM][yeh.TIME]
    assert speed == pytest.approx(7.68, abs=0.01)


def test_ci_rows_claims_and_verdict():
    """Two sets run, three methods each; the claims are checks; connect-4 is n/a."""
    result = run(yeh.NAME)
    assert [(r["Dataset"], r["Method"]) for r in result.rows] == [
        (d, m) for d in yeh.DATASETS for m in (yeh.LINEAR, yeh.NONLINEAR, yeh.MRRSVM)
    ]
    for r in result.rows:
        assert 50.0 < r["Accuracy (%)"] <= 100.0 and r[yeh.TIME] > 0.0
    assert sum(k.startswith("claim: ") for k in result.settings) == 5 * len(yeh.DATASETS)
    for d in yeh.DATASETS:  # MRRSVM: shards of about 500 points (CI), the nonlinear SSVM's C, gamma
        rows = {r["Method"]: r for r in result.rows if r["Dataset"] == d}
        assert result.settings[f"MRRSVM shards x reduced points ({d})"] == (4, 50)
        assert (rows[yeh.MRRSVM]["C"], rows[yeh.MRRSVM]["gamma"]) == (
            rows[yeh.NONLINEAR]["C"], rows[yeh.NONLINEAR]["gamma"])
        assert rows[yeh.MRRSVM]["CV accuracy (%)"] is None
    comparison = compare(get_experiment(yeh.NAME), result)
    assert "claim" in {c.kind for c in comparison.checks}
    # connect-4's three rows: one accuracy each (times are not compared)
    assert sum(c.kind == "n/a" for c in comparison.checks) == 3
