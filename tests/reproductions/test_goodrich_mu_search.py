"""Goodrich Tables 6.8-6.11 (svmbook.reproductions.goodrich_mu_search) at CI size.

The C search over the 21 x 21 Gaussian grid against the mu search, on heart and thyroid, two
realisations: the registry entries, the four tables read from one computation per split, the
counts of Table 6.11 and computed verdicts. The Rätsch data come from ``$SVMBOOK_DATA``.
"""

import numpy as np
import pytest
from _runs import run

from svmbook import SVC, MuSVC
from svmbook.model_selection import fit_path, gacv, mu_schedule, xi_alpha
from svmbook.reproductions import MeanSE, registry
from svmbook.reproductions._common import load
from svmbook.reproductions._compare import compare
from svmbook.reproductions.goodrich_model_selection import GRID
from svmbook.reproductions.goodrich_mu_search import N_STEPS, SIDES, TOL, search_run

NAMES = ("goodrich-table-6.8", "goodrich-table-6.9", "goodrich-table-6.10", "goodrich-table-6.11")


def test_registry_lists_tables_6_8_to_6_11_with_the_printed_cells():
    """Register the four tables after Table 6.3, with their place and the nine sets as printed."""
    experiments = registry()
    names = list(experiments)
    assert names.index("goodrich-table-6.3") < names.index(NAMES[0])
    assert [names.index(n) for n in NAMES] == sorted(names.index(n) for n in NAMES)
    assert names.index(NAMES[-1]) < names.index("goodrich-table-B.4")
    for name in NAMES:
        exp = experiments[name]
        assert exp.source == f"Goodrich (2012), Table {name.rsplit('-', 1)[1]}, section 6.4.4"
        assert exp.provenance.startswith("Goodrich (2012)") and not exp.seeded
        assert len(exp.published) == 9 and exp.published[0]["dataset"] == "banana"
        assert tuple(exp.published[0])[1:] == SIDES
    t68 = experiments["goodrich-table-6.8"].published
    assert t68[1]["μ-SVM"] == MeanSE(0.297, 0.014, "bold") and t68[0]["C-SVM"].mark == ""
    t611 = experiments["goodrich-table-6.11"].published
    assert all(r["C-SVM"] == 441 for r in t611)
    assert t611[6]["μ-SVM"] == MeanSE(420.0, 0.0)  # splice: 21 gammas x 20 mu values
    assert experiments["goodrich-table-6.11"].marks == ()
    assert experiments["goodrich-table-6.10"].marks == ("bold",)


def test_ci_tables_read_one_search_per_split():
    """Read the four tables from the same searches: no selection beats the search's minimum."""
    tables = {name: run(name) for name in NAMES}
    for name, res in tables.items():
        assert [r["dataset"] for r in res.rows] == ["heart", "thyroid"], name
        assert res.settings["n_runs"] == 2 and res.columns == SIDES
    lowest = tables["goodrich-table-6.10"]
    for name in NAMES[:2]:
        for row, best in zip(tables[name].rows, lowest.rows, strict=True):
            for side in SIDES:
                assert best[side].mean <= row[side].mean <= 0.5
    for row in tables["goodrich-table-6.11"].rows:
        assert row["C-SVM"] == 441 and isinstance(row["C-SVM"], int)
        # at most 20 mu-SVMs per gamma; heart and thyroid hulls stay apart at most gammas
        assert 300 <= row["μ-SVM"].mean <= 21 * N_STEPS
    counts = tables["goodrich-table-6.11"].settings
    assert counts["claim: the C search trains 441 SVMs in every run"] is True


def test_ci_bold_marks_the_lower_mean_only():
    """Bold the lower of the two means at three decimals, as the thesis prints them."""
    for name in NAMES[:3]:
        for row in run(name).rows:
            a, b = (round(row[side].mean, 3) for side in SIDES)
            marks = [row[side].mark for side in SIDES]
            assert marks == (["", ""] if a == b else (["bold", ""] if a < b else ["", "bold"]))


def test_ci_verdicts_are_computed_with_the_claims():
    """Compare every table by the rule, its claims included; the seven other sets are n/a."""
    for name in NAMES:
        comparison = compare(registry()[name], run(name))
        assert any(c.kind == "claim" for c in comparison.checks)
        assert sum(c.kind == "n/a" for c in comparison.checks) == 7 * 2
        assert comparison.verdict in ("reproduced", "mostly", "partly", "not reproduced")


def test_search_run_selections_against_a_refit():
    """Refit the machines a split's selections name and find their test errors and estimates."""
    out = search_run("thyroid", 1)
    X, y, X_test, y_test = load("thyroid", 1)
    assert out["C-SVM"]["trained"] == 441 and out["μ-SVM"]["trained"] <= 21 * N_STEPS
    schedule = mu_schedule(y, N_STEPS)[:N_STEPS]
    for what in ("gacv", "xi-alpha", "min"):
        # the mu side fits every machine cold: a refit is the same machine
        gamma, mu = out["μ-SVM"]["selected"][what]
        assert mu in schedule
        model = MuSVC(kernel="rbf", gamma=gamma, mu=mu, solver="smo", tol=TOL).fit(X, y)
        assert np.mean(model.predict(X_test) != y_test) == out["μ-SVM"][what]
        # the C side warm-starts along ascending C: replay the path up to the selected C
        gamma, C = out["C-SVM"]["selected"][what]
        path = [{"C": float(c)} for c in GRID[GRID <= C]]
        model = list(fit_path(SVC(kernel="rbf", gamma=gamma, tol=TOL), path, X, y))[-1][0]
        assert np.mean(model.predict(X_test) != y_test) == out["C-SVM"][what]
    # the lowest test error over the search is at most that of each selection
    for side in SIDES:
        assert out[side]["min"] <= min(out[side]["gacv"], out[side]["xi-alpha"])
    # GACV's choice on the mu side has the lowest GACV (6.8) of its gamma's sequence
    gamma, mu = out["μ-SVM"]["selected"]["gacv"]
    chosen = gacv(MuSVC(kernel="rbf", gamma=gamma, mu=mu, solver="smo", tol=TOL).fit(X, y), X, y)
    for other in schedule[:3]:
        model = MuSVC(kernel="rbf", gamma=gamma, mu=other, solver="smo", tol=TOL).fit(X, y)
        assert chosen <= gacv(model, X, y) + 1e-9
    with pytest.warns(UserWarning, match="no free support vector"):
        xi_alpha(SVC(kernel="rbf", gamma=1.0, C=2.0**-10).fit(X, y), X, y)
