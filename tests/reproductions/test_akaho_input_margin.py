"""Akaho (2002) Figs. 4 and 5 (svmbook.reproductions.akaho_input_margin) at CI size: the rows
agree with the simulation they summarise, the published cells are the printed ones, and every
claim is a computed boolean that the comparison counts."""

import numpy as np
from _runs import run

from svmbook.input_margin.experiment import simulation
from svmbook.reproductions import registry
from svmbook.reproductions._compare import compare

NAME = "akaho-figs-4-5"


def test_registry_entry():
    exp = registry()[NAME]
    assert exp.seeded and exp.source == "Akaho (2002), Figs. 4 and 5, section 4"
    assert exp.published[0] == {"ratio": "margin", "min": 1.0, "max": 27.9, "not improved": 0.04}
    assert exp.published[1] == {"ratio": "test error", "min": 0.4, "max": 1.37}


def test_ci_rows_summarise_the_simulation():
    res = run(NAME)
    sim = simulation(10, 0)
    margin = res.row(ratio="margin")
    assert margin["min"] == sim.margin_ratio.min() and margin["max"] == sim.margin_ratio.max()
    assert margin["not improved"] == np.mean(sim.best_step == 0)
    error = res.row(ratio="test error")
    assert error["median"] == np.median(sim.error_ratio)
    np.testing.assert_array_equal(res.series["margin"], sim.margin)
    assert res.settings["data sets"] == 10


def test_ci_claims_are_computed_and_counted():
    res = run(NAME)
    claims = {k: v for k, v in res.settings.items() if k.startswith("claim: ")}
    assert len(claims) == 5 and all(isinstance(v, bool) for v in claims.values())
    assert claims["claim: every margin ratio is at least 1"]
    comparison = compare(registry()[NAME], res)
    assert comparison.count({"claim"}) == (sum(claims.values()), 5)
    assert comparison.verdict in ("reproduced", "mostly", "partly", "not reproduced")
