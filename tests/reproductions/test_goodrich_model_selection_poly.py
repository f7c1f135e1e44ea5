"""Goodrich Tables 6.4-6.7 (svmbook.reproductions.goodrich_model_selection_poly) at CI size.

Radius-margin selection over the 7 x 21 (q, C) grid of the tau-scaled polynomial kernel on heart
and thyroid, two realisations: the registry entries, the orderings of the iteration counts the
thesis prints, Table 6.7's three selections against Table 6.6's runs, Table 6.7's bold rule,
and computed verdicts. The Rätsch data come from ``$SVMBOOK_DATA``.
"""

import pytest
from _runs import assert_ci_verdict_with_claims, run

from svmbook.reproductions import MeanSE, registry
from svmbook.reproductions.goodrich_model_selection import METHODS
from svmbook.reproductions.goodrich_model_selection_poly import BOUND_COLUMNS, _bold_significant

NAMES = ("goodrich-table-6.4", "goodrich-table-6.5", "goodrich-table-6.6", "goodrich-table-6.7")


def test_registry_lists_tables_6_4_to_6_7_with_the_printed_cells():
    """Register the four tables after Table 6.3 with the nine sets as printed."""
    experiments = registry()
    names = list(experiments)
    assert names.index("goodrich-table-6.3") < names.index("goodrich-table-6.4")
    assert names.index("goodrich-table-6.7") < names.index("goodrich-table-B.4")
    for name in NAMES:
        exp = experiments[name]
        assert exp.source == f"Goodrich (2012), Table {name[-3:]}, section 6.3.8"
        assert exp.provenance.startswith("Goodrich (2012)") and not exp.seeded
        assert len(exp.published) == 9 and exp.published[0]["dataset"] == "banana"
        assert "polynomial" in exp.title
        columns = tuple(BOUND_COLUMNS) if name.endswith("6.7") else tuple(METHODS)
        assert tuple(exp.published[0])[1:] == columns
    t64 = experiments["goodrich-table-6.4"].published
    assert t64[0]["ε = 1e-3"] == MeanSE(30370.2, 1712.8)
    assert all(r["adaptive"].mark == "bold" for r in t64)
    t65 = experiments["goodrich-table-6.5"].published
    assert all(r["ε = 1e-1"].mark == "bold" for r in t65)
    assert experiments["goodrich-table-6.6"].marks == ()
    t67 = experiments["goodrich-table-6.7"].published
    assert t67[0]["min(SV,RM)"] == MeanSE(0.110, 0.003, "bold")
    titanic = t67[-1]
    assert titanic["SV Bound"] == MeanSE(0.235, 0.010)
    assert not any(titanic[c].mark for c in BOUND_COLUMNS)
    # Table 6.7's RM column is Table 6.6's tol = 1e-3 column
    t66 = experiments["goodrich-table-6.6"].published
    assert [r["RM Bound"][:2] for r in t67] == [r["ε = 1e-3"][:2] for r in t66]


def test_ci_iteration_tables_order_the_methods_as_the_thesis():
    """Spend the fewest SMO steps adaptively and the fewest MEB steps at tol = 1e-1."""
    svm, meb = run("goodrich-table-6.4"), run("goodrich-table-6.5")
    assert [r["dataset"] for r in svm.rows] == ["heart", "thyroid"]
    assert svm.settings["kernel"] == "poly" and svm.settings["n_runs"] == 2
    for s, m in zip(svm.rows, meb.rows, strict=True):
        assert s["adaptive"].mean < s["ε = 1e-1"].mean < s["ε = 1e-3"].mean
        assert s["adaptive"].mark == "bold"
        assert m["ε = 1e-1"].mean < m["adaptive"].mean < m["ε = 1e-3"].mean
        assert m["ε = 1e-1"].mark == "bold"
    printed = "iterations ε = 1e-3 / adaptive (SMO + MEB, sums over the sets), printed tables"
    # (707.5 + 35.9 + 544.1 + 38.4) / (11.6 + 4.7 + 13.7 + 7.4): the printed heart and thyroid
    assert svm.settings[printed] == pytest.approx(35.5, abs=0.05)
    assert "claim: SMO iterations exceed MEB iterations on every set and method" in meb.settings


def test_ci_test_errors_and_the_bound_table_share_their_runs():
    """Give Table 6.7's RM column Table 6.6's tol = 1e-3 errors, min(SV,RM) one of the others."""
    errors, bounds = run("goodrich-table-6.6"), run("goodrich-table-6.7")
    same = errors.settings["runs where adaptive selects ε = 1e-3's (q, C)"]
    wins = bounds.settings["runs where min(SV,RM) takes the SV bound's selection"]
    for e, b in zip(errors.rows, bounds.rows, strict=True):
        assert all(0.0 <= e[c].mean <= 0.5 for c in METHODS)
        if same[e["dataset"]] == "2/2":
            assert e["adaptive"] == e["ε = 1e-3"]
        assert b["RM Bound"][:2] == e["ε = 1e-3"][:2]
        if wins[b["dataset"]] == "2/2":
            assert b["min(SV,RM)"][:2] == b["SV Bound"][:2]
        elif wins[b["dataset"]] == "0/2":
            assert b["min(SV,RM)"][:2] == b["RM Bound"][:2]


def test_bold_marks_the_significantly_better_bound_and_an_equal_min():
    """Bold the bound with significantly lower errors, and min(SV,RM) where its mean equals it."""
    low, high, close = [0.10, 0.12, 0.11], [0.30, 0.33, 0.31], [0.11, 0.11, 0.12]

    def marks(sv, smaller, rm):
        errors = {"sv": sv, "min": smaller, "rm": rm}
        row = {c: MeanSE(sum(errors[r]) / 3, 0.01) for c, r in BOUND_COLUMNS.items()}
        _bold_significant(row, errors)
        return [row[c].mark for c in BOUND_COLUMNS]

    assert marks(low, low, high) == ["bold", "bold", ""]
    assert marks(high, high, low) == ["", "", "bold"]  # the smaller bound took the SV bound's
    assert marks(high, low, low) == ["", "bold", "bold"]
    assert marks(low, low, close) == ["", "", ""]  # not significant


def test_ci_verdicts_are_computed_with_the_claims():
    """Compare every table by the rule, the claims included as checks."""
    for name in NAMES:
        assert_ci_verdict_with_claims(name)
