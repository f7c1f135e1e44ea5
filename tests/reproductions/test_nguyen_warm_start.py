"""Nguyen (2006) Figs 4.4 and 4.6 at CI size: the runs, the shares, the reductions, the claims."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from _runs import run

from svmbook.reproductions import Result, get_experiment
from svmbook.reproductions import nguyen_warm_start as nw
from svmbook.reproductions._compare import compare

pytestmark = pytest.mark.needs_data


def test_fig_4_4_shares_from_the_runs():
    """Check each share against the pooled count recomputed from the WS run's records."""
    result = run("nguyen-fig-4.4")
    assert [r["dataset"] for r in result.rows] == list(nw.DATASETS)
    runs = nw.scenario_runs("letter", "rbf", "ci", 0)
    # every gamma's C = 2 against its C = 1
    recs = [r for r in runs["WS"][0].records if runs["x"][r["setting"]] == 2.0]
    assert len(recs) == len(nw._CI["gammas"]) * len(runs["WS"][0].machines)
    common = sum(round(r["common_sv"] * r["n_support"]) for r in recs)
    share = 100.0 * common / sum(r["n_support"] for r in recs)
    assert result.row(dataset="letter")["rbf C=1 vs 2 (%)"] == round(share, 1)
    claims = [k for k in result.settings if k.startswith("claim: ")]
    assert len(claims) == 9
    assert compare(get_experiment("nguyen-fig-4.4"), result).verdict != "no comparison"


def test_fig_4_6_same_solutions_both_ways():
    """Check that WS and org. reach the same objective on every machine and setting."""
    runs = nw.scenario_runs("sat-image", "linear", "ci", 0)
    ws, org = runs["WS"][0], runs["org."][0]
    np.testing.assert_allclose(ws.column("objective"), org.column("objective"), rtol=1e-3)
    # the repeats are the same runs: only their times differ
    for first, again in ((ws, runs["WS"][1]), (org, runs["org."][1])):
        np.testing.assert_array_equal(again.column("n_outer"), first.column("n_outer"))
    np.testing.assert_array_equal(ws.column("status"), 0)
    # the first setting starts alike, the later ones are seeded (4.15) only in WS
    assert not ws.column("seeded", setting=0).any() and ws.column("seeded", setting=1).all()
    assert not org.column("seeded").any()


def test_fig_4_6_rows_and_reductions():
    """Check the reductions against the mean times, and the claims' wording."""
    result = run("nguyen-fig-4.6")
    assert len(result.rows) == len(nw.DATASETS) * len(nw.SCENARIOS)
    c = nw.curves(nw.scenario_runs("shuttle", "rbf", "ci", 0), first=1)
    assert c["WS", "time"].shape == (nw.REPEATS["ci"], c["x"].size)
    red = np.median(100.0 * (1.0 - c["WS", "time"] / c["org.", "time"]), axis=0)
    row = result.row(dataset="shuttle", scenario="rbf")
    assert row["time reduction min (%)"] == round(float(red.min()), 1)
    assert row["time reduction max (%)"] == round(float(red.max()), 1)
    assert row["WS <= org. loops"].endswith(f"/{c['x'].size}")
    s = result.settings
    assert s["time reduction per machine, thesis (%)"] == "22.8 to 85.5"
    assert sum(k.startswith("claim: ") for k in s) == 4
    assert s["largest objective difference WS - org. (relative)"] <= nw.SAME_OBJECTIVE
    assert row["time org. / WS min"] <= row["time org. / WS"] <= row["time org. / WS max"]
    # every curve has one value per x, and the saved form round-trips without them
    for series in result.series.values():
        assert all(v.shape == series["x"].shape for v in series.values())
    back = Result.from_json(result.to_json(series=False))
    assert back.rows == result.rows and back.series == {}


def test_figures_draw():
    """Check that both figures draw from CI runs, and that a saved run is refused."""
    ax = nw.draw_fig_4_4(run("nguyen-fig-4.4"))
    assert len(ax.patches) == len(nw.DATASETS) * len(nw.SCENARIOS)
    fig = nw.draw_fig_4_6(run("nguyen-fig-4.6"))
    assert len(fig.axes) == 9
    plt.close("all")
    saved = Result.from_json(run("nguyen-fig-4.6").to_json(series=False))
    with pytest.raises(ValueError, match="curves"):
        nw.draw_fig_4_6(saved)


def test_stratified_subsample_keeps_small_classes():
    """Check that a class keeps its share, or 10 points, or all it has."""
    y = np.repeat([1, 2, 3], [1000, 40, 4])
    idx = nw.stratified(y, 104, np.random.default_rng(0))
    counts = np.bincount(y[idx])[1:]
    assert counts.tolist() == [100, 10, 4]
    assert np.unique(idx).size == idx.size


def test_settings_order():
    """Check the scenarios' settings: C inner to gamma in the RBF row, degrees at C = 1."""
    settings, xs = nw.scenario_settings("rbf", "full", 36)
    assert len(settings) == 10 * len(nw._FULL["gammas"])
    assert xs[:10] == [float(c) for c in range(1, 11)]
    assert len({k for k, _ in settings[:10]}) == 1
    ci, _ = nw.scenario_settings("rbf", "ci", 36)  # two gammas, C = 1..3 inside each
    assert ci[0][0] == ci[2][0] != ci[3][0] and [C for _, C in ci[:3]] == [1.0, 2.0, 3.0]
    poly, degrees = nw.scenario_settings("poly", "full", 36)
    assert degrees == [float(p) for p in range(2, 10)] and {C for _, C in poly} == {1.0}


def test_table_4_1_features_and_classes():
    """Check Table 4.1's dimensions as StatLog has them: sat-image 36 features, shuttle 7."""
    X, y = nw.load_set("sat-image", "full", 0)
    assert X.shape == (4435, 36) and np.unique(y).size == 6
    X, y = nw.load_set("shuttle", "ci", 0)
    assert X.shape[1] == 9 and np.unique(y).size == 7
    assert X.min() == -1.0 and X.max() == 1.0


def test_runs_resume_from_their_checkpoints(tmp_path, monkeypatch):
    """Check that kept repeats are read back, not trained again, and are keyed by the set-up."""
    monkeypatch.setenv("SVMBOOK_CACHE", str(tmp_path))
    monkeypatch.setitem(nw._CI, "checkpoint", True)  # the full size's behaviour, at CI size
    runs = nw.scenario_runs.__wrapped__  # past the in-process cache
    first = runs("letter", "linear", "ci", 5)
    kept = sorted(tmp_path.glob("reproductions/*.json"))
    assert [p.name for p in kept] == sorted(
        nw.checkpoint_path("letter", "linear", "ci", 5, k).name for k in range(nw.REPEATS["ci"])
    )
    assert not list(tmp_path.glob("reproductions/*.part"))
    monkeypatch.setattr(nw, "_repeat", lambda *args: pytest.fail("a kept repeat was trained again"))
    again = runs("letter", "linear", "ci", 5)
    assert again["x"] == first["x"] and again["n_points"] == first["n_points"]
    for way in ("WS", "org."):
        for a, b in zip(first[way], again[way], strict=True):
            assert b.machines == a.machines
            np.testing.assert_array_equal(b.classes, a.classes)
            for field in a.records[0]:
                np.testing.assert_array_equal(b.column(field), a.column(field))
    # any change of the set-up is another file
    before = nw.checkpoint_path("letter", "linear", "ci", 5, 0)
    monkeypatch.setitem(nw._CI, "q", 10)
    assert nw.checkpoint_path("letter", "linear", "ci", 5, 0) != before
