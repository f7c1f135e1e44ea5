"""Result's JSON form: what a full-size run saves and the report reads back."""

import math

import numpy as np
import pytest

from svmbook.reproductions import MeanSE, Result, timing_ratio


def test_json_round_trip_keeps_every_type():
    """Read back a saved result with every type it had."""
    result = Result(
        "x",
        ("dataset", "mu"),
        ("err", "n", "ok", "note"),
        [
            {"dataset": "heart", "mu": "small μ", "err": MeanSE(0.1, 0.01, "bold"), "n": 3},
            {"dataset": "heart", "mu": "large μ", "err": "n/a", "ok": True, "note": None},
        ],
        {"size": "full", "C": {"small μ": 0.1}, "nan": math.nan, "pair": (1, 2.5)},
        {("e", "wsk"): {"n_changed": np.arange(3, dtype=np.int64)}, "a": np.array([0.5, 1.5])},
    )
    back = Result.from_json(result.to_json())
    assert back.name == "x" and back.keys == ("dataset", "mu") and back.columns == result.columns
    assert back.rows == result.rows and isinstance(back.rows[0]["err"], MeanSE)
    assert back.rows[0]["err"].mark == "bold" and isinstance(back.rows[0]["n"], int)
    assert back.settings["pair"] == (1, 2.5) and math.isnan(back.settings["nan"])
    arr = back.series["e", "wsk"]["n_changed"]
    assert arr.dtype == np.int64 and arr.tolist() == [0, 1, 2]
    np.testing.assert_array_equal(back.series["a"], [0.5, 1.5])
    assert back.to_json() == result.to_json()  # stable text: saved files diff cleanly
    lean = Result.from_json(result.to_json(series=False))  # what --save writes
    assert (
        lean.series == {}
        and lean.rows == result.rows
        and lean.settings.keys() == result.settings.keys()
    )


def test_json_numpy_scalars_and_errors():
    """Save numpy scalars as Python's; refuse what JSON cannot hold."""
    result = Result("y", ("k",), ("v",), [{"k": "a", "v": np.float64(0.25), "b": np.bool_(True)}])
    back = Result.from_json(result.to_json())
    assert type(back.rows[0]["v"]) is float and back.rows[0]["b"] is True
    with pytest.raises(TypeError, match="no JSON form"):
        Result("z", (), (), [{"k": object()}]).to_json()
    with pytest.raises(ValueError, match="not a saved reproduction result"):
        Result.from_json('{"name": "z"}')
    with pytest.raises(ValueError, match="not a saved reproduction result"):
        Result.from_json("not json")


def test_timing_ratio_is_median_and_range():
    """Summarise a timing ratio by median and range over repeats."""
    assert timing_ratio([3.6, 7.2, 4.5]) == {"median": 4.5, "min": 3.6, "max": 7.2, "repeats": 3}
    assert timing_ratio(iter([2.0]))["repeats"] == 1
    with pytest.raises(ValueError, match="values"):
        timing_ratio([])
