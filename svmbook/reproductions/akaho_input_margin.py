r"""Akaho (2002) Figs. 4 and 5: input-space margins and test errors over 100 random data sets.

Section 4 trains the SVM and Algorithm 1 on 100 two-class problems in the plane (each class a
mixture of 3 Gaussians with centres uniform in ``[0, 1)^2`` and ``sigma = 0.2``; 20 training and
1,000 test points; Gaussian kernel with ``sigma^2 = 1``; hard margin; 5 steps, the step with the
largest estimated margin kept) and plots, run by run, the SVM's input-space margin against
Algorithm 1's (Fig. 4, log-log) and the two test errors (Fig. 5). The text prints the ranges of
the ratios (Algorithm 1 over SVM): margins from 1.00 to 27.9 with 4 runs of 100 not improved,
test errors from 0.40 to 1.37, and says that the input-space margin improves the generalisation
"in average" but not in every run.

Rows: the margin ratio (min, median, max, share of runs kept at step 0) and the test-error ratio
(min, median, max, share below 1); the published cells are the printed extremes and the share 4 /
100. ``series`` holds the per-run margins and errors for redrawing the figures. The set-up's
ambiguities are resolved as in :mod:`svmbook.input_margin.experiment` (20 training points in
all, balanced test set, equal mixture weights, fresh centres per run, ``exp(-||x - y||^2 / 2)``,
10 updates (12) per foot update, the margin estimate of
:func:`~svmbook.input_margin.margin_estimate`). The example run of Figs. 2-3 (margin 0.040 to
0.096) has no published data and is not reproduced.

Claims: every margin ratio is at least 1 (step 0 is a candidate); a few runs (at most 10 %, at
least one) are not improved; the largest ratio is of order 10 (10 to 100); the test-error ratios
straddle 1; Algorithm 1's mean test error is below the SVM's. ``size="ci"`` runs the first 10
data sets of the seed, ``"full"`` the paper's 100 (about 15 s).
"""

from __future__ import annotations

import numpy as np

from ..input_margin.experiment import SETUP, simulation
from . import Experiment, Result, iterate
from ._common import by_name

#: Data sets per size.
RUNS = {"ci": 10, "full": 100}
#: The printed numbers (section 4).
PUBLISHED = (
    {"ratio": "margin", "min": 1.00, "max": 27.9, "not improved": 0.04},
    {"ratio": "test error", "min": 0.40, "max": 1.37},
)


def _simulate(size, random_state, progress):
    n_runs = RUNS[size]
    sim = simulation(n_runs, random_state,
                     progress=lambda runs: iterate(runs, "akaho", progress))  # fmt: skip
    margin, error = sim.margin_ratio, sim.error_ratio[np.isfinite(sim.error_ratio)]
    not_improved = float(np.mean(sim.best_step == 0))
    rows = [
        {"ratio": "margin", "min": float(margin.min()), "median": float(np.median(margin)),
         "max": float(margin.max()), "not improved": not_improved},
        {"ratio": "test error", "min": float(error.min()), "median": float(np.median(error)),
         "max": float(error.max()), "below 1": float(np.mean(error < 1.0))},
    ]  # fmt: skip
    failed = sum(reason is not None for reason in sim.stop_reason)
    settings = {
        "data sets": n_runs,
        "data": (f"per class {SETUP['n_components']} Gaussians, centres uniform in [0, 1)^2, "
                 f"std {SETUP['std']:g}; {SETUP['n_train']} training, {SETUP['n_test']} test "
                 "points, half per class"),
        "machines": (f"InputMarginSVC(gamma=0.5, C=inf, n_steps={SETUP['n_steps']}, "
                     f"n_foot_iter={SETUP['n_foot_iter']}), step 0 the hard-margin SVM"),
        "SVM input margin (median)": float(np.median(sim.svm_margin)),
        "Algorithm 1 input margin (median)": float(np.median(sim.margin)),
        "mean test error: SVM": float(sim.svm_error.mean()),
        "mean test error: Algorithm 1": float(sim.error.mean()),
        "runs with a failed step (kept the last good one)": failed,
        "QPs not certified optimal (steps of all runs)": (
            f"{int(sim.qp_uncertified.sum())} of {int((sim.n_steps + 1).sum())}"
        ),
        "foot updates stopped at n_foot_iter (share)": float(sim.foot_unconverged.mean()),
        "claim: every margin ratio is at least 1": bool(margin.min() >= 1.0),
        "claim: a few runs (1 to 10 %) are not improved": bool(0.0 < not_improved <= 0.10),
        "claim: the largest margin ratio is of order 10 (10 to 100)": bool(
            10.0 <= margin.max() < 100.0
        ),
        "claim: the test-error ratios straddle 1": bool(error.min() < 1.0 < error.max()),
        "claim: Algorithm 1's mean test error is below the SVM's": bool(
            sim.error.mean() < sim.svm_error.mean()
        ),
    }  # fmt: skip
    series = {"svm_margin": sim.svm_margin, "margin": sim.margin, "svm_error": sim.svm_error,
              "error": sim.error, "best_step": sim.best_step}  # fmt: skip
    columns = ("min", "median", "max", "not improved", "below 1")
    return Result("akaho-figs-4-5", ("ratio",), columns, rows, settings, series)


EXPERIMENTS = by_name(
    Experiment(
        name="akaho-figs-4-5",
        title="Input-space margin and test error of Algorithm 1 against the SVM, 100 runs",
        source="Akaho (2002), Figs. 4 and 5, section 4",
        runner=_simulate,
        published=PUBLISHED,
        provenance=(
            "Akaho (2002), section 4, the text under Figs. 4 and 5: the ranges of the "
            "ratios and the 4 runs of 100 without improvement"
        ),  # fmt: skip
        description=__doc__,
        seeded=True,
        marks=(),
        remarks=(
            "The printed extremes are those of 100 random data sets and move with the seed: over "
            "other seeds of ours the largest margin ratio falls on both sides of the paper's, and "
            "the share of runs not improved with it, while the smallest test-error ratio stays "
            "above the paper's. Our mixtures overlap heavily (the SVM misclassifies about a "
            "third of the test points), so no run gains as much as the paper's best; the "
            "qualitative claims hold."
        ),
    ),
)
