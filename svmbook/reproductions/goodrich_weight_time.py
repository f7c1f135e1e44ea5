"""Goodrich (2012) Figs 5.7 and 5.8: WSK training time against class weights and against margin.

Section 5.5.3 trains weighted SVMs by the WSK with class weights ``s_pos`` (every positive point)
and ``s_neg`` (every negative point), Gaussian kernel ``gamma = 0.01`` and ``mu = 1/(0.9
kappa)``, kappa the weight of the lighter class (:func:`svmbook.weighting.mu_from_kappa`). Fig.
5.7 plots the training time against ``s_pos / s_neg``, Fig. 5.8 the same runs against the width
of the margin. Only the ratio matters: scaling every weight by c scales kappa by c and mu by
1/c, so the caps ``s_i mu`` and the problem are unchanged; we set ``s_neg = 1``,
``s_pos = ratio``.

The margin width in the geometric framework is the distance between the two (weighted,
reduced) hulls, ``||p_pos - p_neg|| = ||w||`` with ``w = sum_i alpha_i y_i phi(x_i)`` in the
nearest-point scale (the solvers' ``w_norm``; docs/errata.md#goodrich-2012-ch-5-tables): the supporting hyperplanes
through the nearest points are ``||w||`` apart.

Decisions (the thesis does not name the two data sets): heart and german, the
sets of the weighted Tables 5.2-5.3, as there (:mod:`svmbook.reproductions.goodrich_wsk`): the
StatLog sets (270 and 1000 points, positive = the smaller class: heart disease present, bad
credit), the whole pooled set z-scored as the training data (a training time needs no test
split). Ratios: 25 values geometric from 10^-3 to 10^3 (1 included). Trainer:
:func:`svmbook.solvers.nearest_point.solve_nearest_point`, ``method="wsk_fast"`` (the thesis's
WSK implementation, section 5.6), relative NP stop ``1e-3``. Time: wall clock of the solver
(set-up included) in ms, the smallest of 3 identical solves (the solver is deterministic, so
the minimum removes the noise of a shared machine), after one untimed warm-up solve; only
orderings compare with the thesis's MATLAB times on unstated hardware. ``n_iter`` is the
machine-independent cost.

The thesis prints no numbers, so ``published`` is empty. Its claims, and the result's
``settings`` that say whether they hold in our run:

* Fig. 5.7: "assigning extreme weights to a class can possibly increase training time", but
  "this is not always the case": in its panel (b) the time is very low when the negative class
  is given a large weight. ``"claim: extreme weights can increase the time"``: on some set an
  end of the ratio grid takes longer than the equal weights (ratio 1); ``"claim: ... not
  always"``: on some set an end of the grid takes no longer than ratio 1. ``"fastest ratio
  (<set>)"`` says where each set trains fastest (unequal weights on german here).
* Fig. 5.8: "smaller margins are generally associated with increased training times".
  ``"rank correlation margin-time (<set>)"``: Spearman's rho of margin and time over the ratios
  (and of margin and ``n_iter``); ``"claim: smaller margin, longer training"``: rho < 0 on
  every set.

Fig. 5.7 rows are by ratio, Fig. 5.8 rows the same runs ordered by margin. Running both in one
process reuses the runs (:func:`weight_time_runs` is cached).

``size="ci"``: heart, 5 ratios from 10^-2 to 10^2, one timed solve each.
"""

from __future__ import annotations

import warnings
from functools import cache

import numpy as np
from scipy.stats import spearmanr
from sklearn.exceptions import ConvergenceWarning

from ..datasets import load_libsvm
from ..solvers.nearest_point import solve_nearest_point
from ..weighting import mu_from_kappa
from . import Result, iterate
from ._common import by_name, goodrich_figure, kernel_label, make_kernel, standardise, tiny_problem

#: Thesis name -> StatLog set of :func:`svmbook.datasets.load_libsvm`.
DATASETS = {"heart": "statlog-heart", "german": "statlog-german"}
GAMMA = 0.01
FRACTION = 0.9
TOL = 1e-3
_FULL = {"datasets": ("heart", "german"), "ratios": (-3.0, 3.0, 25), "repeats": 3}
_CI = {"datasets": ("heart",), "ratios": (-2.0, 2.0, 5), "repeats": 1}


def ratio_grid(low, high, n_values):
    """``n_values`` ratios ``s_pos / s_neg`` geometric from ``10**low`` to ``10**high``.

    Parameters
    ----------
    low, high : float
        Decimal exponents of the first and last ratio.
    n_values : int
        How many ratios.

    Returns
    -------
    tuple of float
        The ratios.
    """
    return tuple(float(r) for r in np.logspace(low, high, n_values))


def _warm_up():
    X, y = tiny_problem()
    solve_nearest_point(X=X, kernel=make_kernel("rbf", 0.5), y=y, mu=0.5, method="wsk_fast")


@cache
def weight_time_runs(dataset, ratios, repeats, progress=False):
    """WSK training at each class-weight ratio: a tuple of row dicts.

    Parameters
    ----------
    dataset : {"heart", "german"}
    ratios : tuple of float
        Values of ``s_pos / s_neg`` (``s_neg = 1``).
    repeats : int
        Timed solves per ratio; the row's time is their minimum.
    progress : bool, default=False

    Returns
    -------
    tuple of dict
        ``dataset``, ``ratio``, ``inv_mu`` (1/mu), ``time (ms)``, ``n_iter``, ``margin``
        (``||w||``, the distance between the hulls), ``converged``.
    """
    X, y = load_libsvm(DATASETS[dataset])
    X = standardise(X, X[:0])[0]
    kernel = make_kernel("rbf", GAMMA)
    _warm_up()
    rows = []
    for ratio in iterate(ratios, dataset, progress):
        s = np.where(y > 0, ratio, 1.0)
        mu = mu_from_kappa(s, y, FRACTION)
        seconds = []
        for _ in range(repeats):
            with warnings.catch_warnings():
                # counted, not shown: the row's "converged" says whether max_iter stopped it
                warnings.simplefilter("ignore", ConvergenceWarning)
                res = solve_nearest_point(
                    X=X, kernel=kernel, y=y, mu=mu, sample_weight=s, method="wsk_fast", tol=TOL
                )
            seconds.append(res.time)
        rows.append(
            {
                "dataset": dataset,
                "ratio": ratio,
                "inv_mu": 1.0 / mu,
                "time (ms)": 1000.0 * min(seconds),
                "n_iter": res.n_iter,
                "margin": res.w_norm,
                "converged": res.converged,
            }
        )
    return tuple(rows)


def _runs(size, progress):
    cfg = _FULL if size == "full" else _CI
    ratios = ratio_grid(*cfg["ratios"])
    runs = {d: weight_time_runs(d, ratios, cfg["repeats"], progress) for d in cfg["datasets"]}
    settings = {
        "kernel": kernel_label("rbf", GAMMA),
        "mu": f"1/({FRACTION} kappa)",
        "method": "wsk_fast",
        "tol": TOL,
        "repeats": cfg["repeats"],
    }
    return runs, settings


def _fig_5_7(size, random_state, progress):
    runs, settings = _runs(size, progress)
    slower, not_slower = False, False
    for dataset, rows in runs.items():
        equal = min(rows, key=lambda r: abs(np.log(r["ratio"])))["time (ms)"]  # ratio 1
        settings[f"fastest ratio ({dataset})"] = min(rows, key=lambda r: r["time (ms)"])["ratio"]
        for end in (rows[0], rows[-1]):
            slower |= end["time (ms)"] > equal
            not_slower |= end["time (ms)"] <= equal
    settings["claim: extreme weights can increase the time"] = slower
    settings["claim: ... not always"] = not_slower
    return Result(
        "goodrich-fig-5.7",
        ("dataset", "ratio"),
        ("inv_mu", "time (ms)", "n_iter", "margin", "converged"),
        [dict(r) for rows in runs.values() for r in rows],
        settings,
    )


def _fig_5_8(size, random_state, progress):
    runs, settings = _runs(size, progress)
    negative = True
    for dataset, rows in runs.items():
        margin = [r["margin"] for r in rows]
        rho_time = float(spearmanr(margin, [r["time (ms)"] for r in rows]).statistic)
        rho_iter = float(spearmanr(margin, [r["n_iter"] for r in rows]).statistic)
        settings[f"rank correlation margin-time ({dataset})"] = round(rho_time, 3)
        settings[f"rank correlation margin-n_iter ({dataset})"] = round(rho_iter, 3)
        negative &= rho_time < 0
    settings["claim: smaller margin, longer training"] = negative
    return Result(
        "goodrich-fig-5.8",
        ("dataset", "margin"),
        ("time (ms)", "n_iter", "ratio"),
        [dict(r) for rows in runs.values() for r in sorted(rows, key=lambda r: r["margin"])],
        settings,
    )


EXPERIMENTS = by_name(
    goodrich_figure(
        "5.7", "The relationship between weighting and training time", "5.5.3", _fig_5_7, __doc__
    ),
    goodrich_figure(
        "5.8", "The relationship between margin and training time", "5.5.3", _fig_5_8, __doc__
    ),
)
