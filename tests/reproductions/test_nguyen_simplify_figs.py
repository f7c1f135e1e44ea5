"""Nguyen Figs 3.1 and 3.4 (svmbook.reproductions.nguyen_simplify_figs) at CI size.

Fig. 3.1's rows are checked against the stationarity of (3.24) and the closed forms of the
curve; Fig. 3.4's against the machines it reports (the counts and the grid agreement are
recomputed), and every claim is a computed boolean that the comparison counts.
"""

import numpy as np
import pytest
from _runs import run

from svmbook import SVC
from svmbook.reproductions import registry
from svmbook.reproductions._compare import compare
from svmbook.reproductions.nguyen_simplify_figs import FIG_3_4, local_maxima
from svmbook.simplify import fig_3_4_data, gaussian_merge_curve, grid_agreement, simplify

NAMES = ("nguyen-fig-3.1", "nguyen-fig-3.4")


def _claims(result):
    return {k: v for k, v in result.settings.items() if k.startswith("claim: ")}


def test_registry_lists_figures_3_1_and_3_4():
    """Register both figures with their places, no printed rows, and a seed for Fig. 3.4 only."""
    experiments = registry()
    for name in NAMES:
        exp, number = experiments[name], name.rsplit("-", 1)[1]
        assert exp.source.startswith(f"Nguyen (2006), Fig. {number}, section 3.")
        assert not exp.published
    assert experiments["nguyen-fig-3.4"].seeded and not experiments["nguyen-fig-3.1"].seeded


@pytest.mark.parametrize("name", NAMES)
def test_ci_claims_are_computed_booleans_and_checked(name):
    """Give every figure computed claims that its comparison counts, all holding here."""
    res = run(name)
    claims = _claims(res)
    assert claims and all(isinstance(v, bool) for v in claims.values())
    comparison = compare(registry()[name], res)
    assert comparison.count({"claim"}) == (sum(claims.values()), len(claims))
    assert all(claims.values())


def test_fig_3_1_rows_are_stationary_points_and_the_counter_example_is_bimodal():
    """Put k* where f' = 0 and f is largest; find two symmetric maxima at m = 1/2, C = 0.1."""
    res = run("nguyen-fig-3.1")
    for r in res.rows:
        m, C, k = r["m"], r["C_ij"], r["k*"]
        # f'(k) / (2 ln(1/C)) = m (1 - k) C^((1-k)^2) - (1 - m) k C^(k^2), zero at the maximum
        assert m * (1 - k) * C ** ((1 - k) ** 2) == pytest.approx((1 - m) * k * C ** (k**2),
                                                                  abs=1e-14)  # fmt: skip
        ks = np.linspace(0.0, 1.0, 10_001)
        assert r["f(k*)"] >= gaussian_merge_curve(ks, m, C).max() - 1e-15
    figure, counter = res.rows
    assert figure["k*"] == pytest.approx(0.37957, abs=1e-5)  # the thesis's curve, read off
    assert counter["local maxima"] == 2 and counter["f(m)"] < counter["f(k*)"]
    peaks = local_maxima(0.5, 0.1)
    assert peaks.sum() == pytest.approx(1.0, abs=1e-4)  # symmetric about 1/2
    assert res.settings[next(k for k in res.settings if k.startswith("counter-example"))] is True


def test_local_maxima_is_one_peak_above_e_minus_2():
    """Find one maximum for every m when C >= e^-2 (the mixture's unimodal regime)."""
    for m in (0.1, 0.3, 0.5, 0.7, 0.9):
        assert local_maxima(m, np.exp(-2.0) + 1e-3, 20_001).size == 1


def test_fig_3_4_rows_recomputed():
    """Recompute the counts and the agreement of the reported machines at the default seed."""
    res = run("nguyen-fig-3.4")
    for r in res.rows:
        X, y = fig_3_4_data(r["data"], 0)
        model = SVC(kernel="rbf", gamma=FIG_3_4["gamma"], C=FIG_3_4["C"]).fit(X, y)
        small = simplify(model, mmd=FIG_3_4["mmd"])
        assert r["n_SV"] == model.support_.size == r["thesis n_SV"]  # chosen to match
        assert r["n_reduced"] == small.report_["n_after"] < r["n_SV"]
        assert r["grid agreement"] == grid_agreement(model, small, X, FIG_3_4["grid"],
                                                     FIG_3_4["pad"])  # fmt: skip
        assert r["reduction"] == pytest.approx(1 - r["n_reduced"] / r["n_SV"])
