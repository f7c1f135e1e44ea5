"""Goodrich (2012) Tables 4.1-4.3 (and App. B.4-B.5): KKT, geometric and Platt thresholds.

Set-up (Goodrich (2012), section 4.3.4): C-SVMs (SVMlight in the thesis; svmbook's SMO, LIBSVM's
algorithm, here) on nine Rätsch sets, "small mu" = ``C = 0.1``, "large mu" = ``C = 100``
(section 4.3.4); mean test error and its standard error over the runs. The same alpha gets three
thresholds (:mod:`svmbook.thresholds`): KKT (the solver's own, ``b = -intercept_``), geometric
(4.9) and probabilistic (Platt's sigmoid, fitted with Lin-Lin-Weng's method on the training
decision values; the thesis does not say how it fits the sigmoid). Marks: **bold** = significantly lower than KKT, underline =
significantly higher (two-sided paired t-test over the runs, p < 0.05), as the thesis.

Decisions where the thesis is silent:

* Runs: the thesis's 20 runs on "the" Rätsch realisations: we use realisations 1..20
  where they exist; Rätsch's .asc sets (banana, b.cancer, german, heart, image, titanic) have 10,
  so their full runs are 10. diabetes, splice and thyroid are our seeded stratified splits at
  the standard sizes (:func:`svmbook.datasets.load_raetsch`); splice, integer coded, is
  z-scored with its training statistics.
* "large mu" is ``C = 100`` for Tables 4.1-4.3 (the chapter 4 text) and ``C = 1`` for the
  appendix tables B.4-B.5, whose large-mu rows match section 5.9.3's "large mu = C = 1" (docs/errata.md#goodrich-2012-app-b-large-mu).
* App. B spells diabetes "diabetis"; its rows are keyed "diabetes" here to share the row keys.

``size="ci"``: heart and thyroid, two realisations.
"""

from __future__ import annotations

import math

from ..thresholds import b_geom, b_platt
from . import Experiment, Result, mean_se, parse_table, significance_mark
from ._common import _param_docs, by_name, c_svm, error, kernel_label, load, run_table

THRESHOLDS = ("KKT", "Geometric", "Probabilistic")
_KEYS = ("dataset", "mu")
_PROVENANCE = (
    "Goodrich (2012), section 4.3.4; errata applied: the tables report error rates "
    "(docs/errata.md#goodrich-2012-front-matter)"
)


@_param_docs
def threshold_errors(X, y, X_test, y_test, C, kind, value=None):
    """Test error of one C-SVM with each of the three thresholds (dict by threshold name).

    The probabilistic error is NaN when Platt's sigmoid gives no threshold: its fitted slope is
    not negative because the training decision values do not rank the classes (banana
    realisation 2, linear kernel, ``C = 0.1``: the machine is nearly ``w = 0``, ``|f| < 1e-4``,
    and ``f`` correlates negatively with ``y``).

    Parameters
    ----------
    X, y : ndarray
        Training data, labels in {-1, +1}.
    X_test, y_test : ndarray
        Test data.
    {C}
    {kernel}

    Returns
    -------
    dict
        Test error by threshold name (:data:`THRESHOLDS`).
    """
    clf, alpha, f = c_svm(X, y, C, kind, value)
    f_test = clf.decision_function(X_test) - clf.intercept_[0]
    try:
        b_prob = b_platt(f, y)
    except ValueError:
        b_prob = math.nan
    b = {
        "KKT": -float(clf.intercept_[0]),
        "Geometric": b_geom(f, y, alpha),
        "Probabilistic": b_prob,
    }
    return {
        name: math.nan if math.isnan(b[name]) else error(y_test, f_test, b[name])
        for name in THRESHOLDS
    }


def _runner(kind, value, C_large, name):
    settings = (("small μ", 0.1), ("large μ", C_large))

    def errors(dataset, realisation, setting):
        return threshold_errors(*load(dataset, realisation), setting[1], kind, value)

    def run(size, random_state, progress):
        runs, n_runs = run_table(size, 20, settings, errors, name, progress)
        rows = []
        no_platt = {}
        for (d, (mu, _)), per_run in runs.items():
            row = {"dataset": d, "mu": mu, "runs": len(per_run)}
            for t in THRESHOLDS:
                # mean and paired test over the runs where the threshold exists
                kept = [e for e in per_run if not math.isnan(e[t])]
                if len(kept) < len(per_run):
                    no_platt[f"{d} {mu}"] = len(per_run) - len(kept)
                if not kept:
                    row[t] = "n/a"
                    continue
                values = [e[t] for e in kept]
                mark = "" if t == "KKT" else significance_mark(values, [e["KKT"] for e in kept])
                row[t] = mean_se(values, mark)
            rows.append(row)
        info = {"kernel": kernel_label(kind, value), "C": dict(settings), "n_runs": n_runs}
        if no_platt:
            info["runs without a Platt threshold (mean over the others)"] = no_platt
        return Result(name, _KEYS, (*THRESHOLDS, "runs"), rows, info)

    return run


_TABLE_4_1 = """
| banana | small μ | 0.419 ± 0.012 | 0.428 ± 0.011 | 0.425 ± 0.013 |
| | large μ | 0.394 ± 0.012 | 0.394 ± 0.013 | 0.390 ± 0.014 |
| b.cancer | small μ | 0.274 ± 0.011 | 0.277 ± 0.008 | 0.271 ± 0.007 |
| | large μ | 0.275 ± 0.011 | 0.295 ± 0.010 | 0.281 ± 0.010 |
| diabetes | small μ | 0.269 ± 0.004 | **0.241 ± 0.005** | **0.239 ± 0.005** |
| | large μ | 0.260 ± 0.004 | **0.247 ± 0.004** | **0.244 ± 0.005** |
| german | small μ | 0.249 ± 0.005 | **0.235 ± 0.005** | **0.235 ± 0.005** |
| | large μ | 0.252 ± 0.005 | 0.250 ± 0.006 | 0.248 ± 0.006 |
| heart | small μ | 0.182 ± 0.009 | **0.158 ± 0.008** | **0.158 ± 0.007** |
| | large μ | 0.195 ± 0.008 | 0.187 ± 0.009 | **0.185 ± 0.009** |
| image | small μ | 0.265 ± 0.002 | **0.208 ± 0.004** | **0.198 ± 0.003** |
| | large μ | 0.160 ± 0.024 | **0.131 ± 0.018** | **0.126 ± 0.016** |
| splice | small μ | 0.160 ± 0.002 | **0.158 ± 0.002** | **0.158 ± 0.002** |
| | large μ | 0.136 ± 0.006 | **0.134 ± 0.006** | **0.135 ± 0.005** |
| thyroid | small μ | 0.223 ± 0.011 | **0.133 ± 0.009** | **0.101 ± 0.009** |
| | large μ | 0.145 ± 0.020 | **0.095 ± 0.012** | **0.083 ± 0.009** |
| titanic | small μ | 0.238 ± 0.007 | 0.226 ± 0.001 | 0.226 ± 0.001 |
| | large μ | 0.233 ± 0.005 | 0.227 ± 0.001 | 0.226 ± 0.001 |
"""
_TABLE_4_2 = """
| banana | small μ | 0.372 ± 0.009 | 0.365 ± 0.014 | 0.363 ± 0.014 |
| | large μ | 0.248 ± 0.029 | 0.246 ± 0.029 | 0.245 ± 0.028 |
| b.cancer | small μ | 0.265 ± 0.010 | 0.264 ± 0.006 | 0.260 ± 0.008 |
| | large μ | 0.297 ± 0.012 | 0.304 ± 0.013 | 0.299 ± 0.012 |
| diabetes | small μ | 0.265 ± 0.006 | **0.246 ± 0.005** | **0.243 ± 0.004** |
| | large μ | 0.280 ± 0.006 | 0.273 ± 0.007 | **0.271 ± 0.007** |
| german | small μ | 0.276 ± 0.005 | **0.238 ± 0.005** | **0.237 ± 0.004** |
| | large μ | 0.271 ± 0.005 | **0.251 ± 0.006** | **0.249 ± 0.006** |
| heart | small μ | 0.215 ± 0.012 | **0.163 ± 0.008** | **0.166 ± 0.008** |
| | large μ | 0.218 ± 0.010 | **0.192 ± 0.010** | **0.193 ± 0.010** |
| image | small μ | 0.119 ± 0.002 | **0.108 ± 0.002** | **0.106 ± 0.002** |
| | large μ | 0.075 ± 0.010 | **0.069 ± 0.009** | **0.069 ± 0.009** |
| splice | small μ | 0.454 ± 0.006 | **0.387 ± 0.003** | **0.373 ± 0.005** |
| | large μ | 0.418 ± 0.009 | **0.384 ± 0.003** | **0.378 ± 0.004** |
| thyroid | small μ | 0.101 ± 0.007 | **0.081 ± 0.006** | **0.057 ± 0.007** |
| | large μ | 0.072 ± 0.009 | **0.061 ± 0.007** | **0.052 ± 0.006** |
| titanic | small μ | 0.229 ± 0.001 | 0.227 ± 0.001 | 0.229 ± 0.001 |
| | large μ | 0.227 ± 0.002 | 0.225 ± 0.001 | 0.226 ± 0.002 |
"""
_TABLE_4_3 = """
| banana | small μ | 0.485 ± 0.010 | 0.481 ± 0.011 | 0.484 ± 0.011 |
| | large μ | 0.497 ± 0.012 | **0.485 ± 0.012** | 0.486 ± 0.011 |
| b.cancer | small μ | 0.292 ± 0.010 | 0.286 ± 0.007 | 0.290 ± 0.009 |
| | large μ | 0.294 ± 0.009 | 0.294 ± 0.008 | 0.293 ± 0.009 |
| diabetes | small μ | 0.234 ± 0.004 | <u>0.238 ± 0.005</u> | 0.233 ± 0.004 |
| | large μ | 0.234 ± 0.004 | <u>0.239 ± 0.005</u> | 0.233 ± 0.004 |
| german | small μ | 0.236 ± 0.005 | 0.243 ± 0.005 | 0.234 ± 0.005 |
| | large μ | 0.241 ± 0.010 | <u>0.248 ± 0.009</u> | 0.236 ± 0.006 |
| heart | small μ | 0.162 ± 0.007 | 0.166 ± 0.007 | 0.164 ± 0.007 |
| | large μ | 0.169 ± 0.006 | 0.173 ± 0.006 | 0.169 ± 0.006 |
| image | small μ | 0.161 ± 0.002 | <u>0.166 ± 0.003</u> | 0.161 ± 0.003 |
| | large μ | 0.157 ± 0.002 | <u>0.162 ± 0.003</u> | 0.156 ± 0.003 |
| splice | small μ | 0.164 ± 0.001 | 0.164 ± 0.001 | 0.164 ± 0.001 |
| | large μ | 0.164 ± 0.002 | <u>0.165 ± 0.002</u> | 0.164 ± 0.001 |
| thyroid | small μ | 0.154 ± 0.009 | **0.105 ± 0.009** | **0.115 ± 0.009** |
| | large μ | 0.130 ± 0.010 | **0.110 ± 0.008** | **0.113 ± 0.008** |
| titanic | small μ | 0.225 ± 0.001 | 0.225 ± 0.001 | 0.225 ± 0.001 |
| | large μ | 0.225 ± 0.001 | 0.225 ± 0.001 | 0.225 ± 0.001 |
"""
_TABLE_B_4 = """
| banana | small μ | 0.233 ± 0.006 | 0.228 ± 0.006 | **0.229 ± 0.006** |
| | large μ | 0.231 ± 0.006 | **0.226 ± 0.006** | **0.227 ± 0.006** |
| b.cancer | small μ | 0.320 ± 0.007 | 0.351 ± 0.007 | 0.323 ± 0.007 |
| | large μ | 0.332 ± 0.009 | 0.356 ± 0.009 | 0.334 ± 0.009 |
| diabetis | small μ | 0.301 ± 0.005 | 0.304 ± 0.006 | 0.302 ± 0.006 |
| | large μ | 0.312 ± 0.006 | 0.314 ± 0.006 | 0.313 ± 0.006 |
| german | small μ | 0.300 ± 0.007 | 0.300 ± 0.007 | 0.298 ± 0.006 |
| | large μ | 0.300 ± 0.007 | 0.300 ± 0.007 | **0.298 ± 0.006** |
| heart | small μ | 0.229 ± 0.009 | 0.229 ± 0.009 | 0.230 ± 0.010 |
| | large μ | 0.229 ± 0.009 | 0.229 ± 0.009 | 0.230 ± 0.010 |
| image | small μ | 0.037 ± 0.001 | 0.037 ± 0.001 | 0.037 ± 0.001 |
| | large μ | 0.041 ± 0.001 | 0.041 ± 0.001 | 0.040 ± 0.001 |
| splice | small μ | 0.127 ± 0.002 | 0.130 ± 0.003 | 0.126 ± 0.002 |
| | large μ | 0.127 ± 0.002 | 0.130 ± 0.003 | **0.126 ± 0.002** |
| thyroid | small μ | 0.067 ± 0.008 | 0.066 ± 0.007 | 0.079 ± 0.009 |
| | large μ | 0.070 ± 0.007 | 0.071 ± 0.006 | 0.083 ± 0.008 |
| titanic | small μ | 0.225 ± 0.002 | 0.224 ± 0.002 | 0.223 ± 0.002 |
| | large μ | 0.225 ± 0.002 | 0.224 ± 0.002 | 0.223 ± 0.002 |
"""
_TABLE_B_5 = """
| banana | small μ | 0.108 ± 0.001 | 0.111 ± 0.001 | 0.110 ± 0.001 |
| | large μ | 0.110 ± 0.003 | 0.111 ± 0.002 | 0.109 ± 0.001 |
| b.cancer | small μ | 0.359 ± 0.012 | 0.394 ± 0.013 | 0.360 ± 0.012 |
| | large μ | 0.359 ± 0.012 | 0.398 ± 0.013 | 0.360 ± 0.012 |
| diabetis | small μ | 0.333 ± 0.004 | 0.334 ± 0.004 | 0.333 ± 0.004 |
| | large μ | 0.333 ± 0.004 | 0.334 ± 0.004 | 0.332 ± 0.004 |
| german | small μ | 0.280 ± 0.008 | 0.278 ± 0.007 | **0.275 ± 0.007** |
| | large μ | 0.280 ± 0.008 | 0.278 ± 0.007 | **0.275 ± 0.007** |
| heart | small μ | 0.220 ± 0.010 | 0.220 ± 0.010 | 0.222 ± 0.011 |
| | large μ | 0.220 ± 0.010 | 0.220 ± 0.010 | 0.222 ± 0.011 |
| image | small μ | 0.050 ± 0.013 | 0.038 ± 0.001 | 0.038 ± 0.001 |
| | large μ | 0.050 ± 0.012 | 0.038 ± 0.001 | 0.038 ± 0.001 |
| splice | small μ | 0.162 ± 0.011 | **0.132 ± 0.002** | **0.129 ± 0.002** |
| | large μ | 0.164 ± 0.011 | **0.132 ± 0.002** | **0.129 ± 0.002** |
| thyroid | small μ | 0.077 ± 0.009 | 0.076 ± 0.009 | 0.167 ± 0.012 |
| | large μ | 0.078 ± 0.009 | 0.077 ± 0.009 | 0.166 ± 0.012 |
| titanic | small μ | 0.288 ± 0.035 | 0.294 ± 0.033 | 0.246 ± 0.023 |
| | large μ | 0.309 ± 0.034 | 0.308 ± 0.031 | **0.254 ± 0.023** |
"""


#: The report's explanations of the discrepancies (no number the printout does not show).
_KKT_REMARK = (
    "The KKT column is where we differ most. At small mu most multipliers sit at the bound, "
    "and the KKT threshold is then a convention of the solver (LIBSVM's midpoint of the "
    "feasible interval here, SVMlight's rule in the thesis): the thesis's own argument against "
    "that threshold. The geometric and probabilistic thresholds, computed from the same "
    "multipliers, agree far better. At large mu our errors on image, splice and thyroid are "
    "lower than the thesis's for all three thresholds; the reason is not established."
)
_SPLICE_REMARK = (
    "Splice is where we differ most: it is integer coded, and we z-score it with the training "
    "statistics (the thesis's appendix says every set is scaled to zero mean and unit "
    "variance, not how); with a polynomial kernel the scale of the inputs changes the machine. "
    "The thesis marks no cell of this table as significantly worse than KKT, even where its "
    "own values are far apart (thyroid's probabilistic threshold): our underlines there count "
    "as disagreements."
)


def _experiment(
    number, title, section, kind, value, C_large, table, provenance=_PROVENANCE, remarks=""
):
    name = f"goodrich-table-{number}"
    return Experiment(
        name=name,
        title=title,
        source=f"Goodrich (2012), Table {number}, {section}",
        runner=_runner(kind, value, C_large, name),
        published=parse_table(table.replace("diabetis", "diabetes"), (*_KEYS, *THRESHOLDS)),
        provenance=provenance,
        description=__doc__,
        remarks=remarks,
    )


_B = (
    "Goodrich (2012), Appendix B; errata applied: error rates "
    "(docs/errata.md#goodrich-2012-front-matter); large mu is C = 1 there "
    "(docs/errata.md#goodrich-2012-app-b-large-mu)"
)
EXPERIMENTS = by_name(
    _experiment(
        "4.1",
        "Error for Gaussian SVMs (gamma = 0.01) combined with three possible thresholds",
        "section 4.3.4",
        "rbf",
        0.01,
        100.0,
        _TABLE_4_1,
        remarks=_KKT_REMARK,
    ),
    _experiment(
        "4.2",
        "Error for Gaussian SVMs (gamma = 0.1) combined with three possible thresholds",
        "section 4.3.4",
        "rbf",
        0.1,
        100.0,
        _TABLE_4_2,
        remarks=_KKT_REMARK,
    ),
    _experiment(
        "4.3",
        "Error for linear SVMs combined with three possible thresholds",
        "section 4.3.4",
        "linear",
        None,
        100.0,
        _TABLE_4_3,
        remarks=(
            "The values agree; the marks mostly do not: several differences the thesis "
            "marks as significant are not significant in our paired tests over the same "
            "number of runs, on other realisations and splits."
        ),
    ),
    _experiment(
        "B.4",
        "Error rate for polynomial SVMs (q = 3) combined with three possible thresholds",
        "Appendix B",
        "poly",
        3,
        1.0,
        _TABLE_B_4,
        _B,
        remarks=_SPLICE_REMARK,
    ),
    _experiment(
        "B.5",
        "Error rate for polynomial SVMs (q = 5) combined with three possible thresholds",
        "Appendix B",
        "poly",
        5,
        1.0,
        _TABLE_B_5,
        _B,
        remarks=_SPLICE_REMARK,
    ),
)
