"""Shared set-up of the Goodrich reproductions: data sets, kernels, C-SVMs, error rates."""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from .._docstrings import shared_docs
from ..datasets import load_raetsch
from ..kernels import get_kernel
from . import Experiment, iterate

#: The nine Rätsch sets of Goodrich's tables: (name in the thesis's tables, loader name).
RAETSCH = (
    ("banana", "banana"),
    ("b.cancer", "breast-cancer"),
    ("diabetes", "diabetis"),
    ("german", "german"),
    ("heart", "heart"),
    ("image", "image"),
    ("splice", "splice"),
    ("thyroid", "thyroid"),
    ("titanic", "titanic"),
)
_LOADER = dict(RAETSCH)
#: Rätsch's published realisations of the .asc sets (``load_raetsch``); the full-data sets
#: (diabetis, splice, thyroid) have our seeded splits for any realisation.
_ASC_REALISATIONS = 10
_FULL_DATA = ("diabetis", "splice", "thyroid")
#: Sets the loader returns integer coded, not normalised: we z-score them with the training
#: split's statistics (the thesis's App. A says every set is scaled to zero mean, unit s.d.).
_UNSCALED = ("splice",)
#: The sets and runs of a table's ``size="ci"`` run.
_CI_DATASETS = ("heart", "thyroid")
_CI_RUNS = 2

_DATASET_DOC = """dataset : str
    The set's name in the thesis's tables (a key of :data:`RAETSCH`)."""
_REALISATION_DOC = """realisation : int
    1-based realisation."""
_KERNEL_DOC = """kind : {"rbf", "poly", "linear"}
    The kernel.
value : float or int, default=None
    Its parameter: gamma or the degree q."""
_DECISION_DOC = """f : array-like
    Decision values without the offset.
b : float
    The offset, added (the book's sign; Goodrich's threshold is ``-b``)."""
#: The head of a numpydoc Parameters section, for the blocks that are a function's whole section.
_PARAMETERS = "Parameters\n----------\n"
#: Parameter entries of the Goodrich reproductions, written once (:data:`_param_docs`).
_DOCS = {
    "dataset": _DATASET_DOC,
    "realisation": _REALISATION_DOC,
    "kernel": _KERNEL_DOC,
    "kernel_parameters": _PARAMETERS + _KERNEL_DOC,
    "C": "C : float\n    The box constraint.",
    "progress": (
        "name : str\n    The progress bar's label.\n"
        "progress : bool\n    Whether to show a progress bar."
    ),
    "decision": _DECISION_DOC,
    "decision_parameters": _PARAMETERS + _DECISION_DOC,
    # the cached runs of one split (stopping_run, perceptron_errors): the kernel's parameter
    # has no default there
    "split_run": "\n".join(
        (_DATASET_DOC, _REALISATION_DOC, "kind, value\n    The kernel and its parameter.")
    ),
}
#: Decorator composing a docstring with the blocks of :data:`_DOCS` (``{dataset}``, ...).
_param_docs = shared_docs(_DOCS)


@_param_docs
def realisations(dataset, n_runs):
    """List the realisations of a run: 1..n_runs, capped at 10 for Rätsch's .asc sets.

    The thesis names the number of runs, not which realisations (section 4.3.4): we take the
    first ones, and the .asc sets have only 10.

    Parameters
    ----------
    {dataset}
    n_runs : int
        The thesis's number of runs.

    Returns
    -------
    list of int
        The realisations.
    """
    loader = _LOADER[dataset]
    cap = n_runs if loader in _FULL_DATA else min(n_runs, _ASC_REALISATIONS)
    return list(range(1, cap + 1))


@_param_docs
def run_table(size, n_runs, variants, run, name, progress):
    """Run a table over the Rätsch sets: each set's realisations under each variant of a row.

    ``size="full"``: the nine sets of :data:`RAETSCH`, ``n_runs`` realisations each (fewer where a
    set has fewer, :func:`realisations`); ``size="ci"``: heart and thyroid, two realisations.

    Parameters
    ----------
    size : {"full", "ci"}
        The run's size.
    n_runs : int
        The thesis's number of runs, used at full size.
    variants : sequence
        What differs between the rows of a set (e.g. ``(mu label, C)`` pairs), in the table's
        order.
    run : callable
        ``run(dataset, realisation, variant)``: the outcome of one split.
    {progress}

    Returns
    -------
    runs : dict
        ``(dataset, variant)`` to the outcomes over the realisations, in the table's order.
    n_runs : int
        The runs asked for at this size.
    """
    full = size == "full"
    datasets = [d for d, _ in RAETSCH] if full else list(_CI_DATASETS)
    n_runs = n_runs if full else _CI_RUNS
    jobs = [(d, v, r) for d in datasets for v in variants for r in realisations(d, n_runs)]
    runs = defaultdict(list)
    for d, v, r in iterate(jobs, name, progress):
        runs[d, v].append(run(d, r, v))
    return dict(runs), n_runs


def standardise(X_train, X_test):
    """z-score both with the training split's mean and s.d. (constant features left at 0).

    Parameters
    ----------
    X_train, X_test : ndarray
        Training and test inputs.

    Returns
    -------
    tuple of ndarray
        Both z-scored with the training statistics.
    """
    mean = X_train.mean(axis=0)
    sd = X_train.std(axis=0)
    sd[sd == 0] = 1.0
    return (X_train - mean) / sd, (X_test - mean) / sd


@_param_docs
def load(dataset, realisation):
    """``(X_train, y_train, X_test, y_test)`` of a Rätsch set by its name in the thesis.

    Parameters
    ----------
    {dataset}
    {realisation}

    Returns
    -------
    tuple of ndarray
        ``(X_train, y_train, X_test, y_test)``.
    """
    X_tr, y_tr, X_te, y_te = load_raetsch(_LOADER[dataset], realisation)
    if _LOADER[dataset] in _UNSCALED:
        X_tr, X_te = standardise(X_tr, X_te)
    return X_tr, y_tr, X_te, y_te


@_param_docs
def kernel_spec(kind, value=None):
    """Estimator keyword arguments for the thesis's kernels (its conventions, (4.1)/(4.2)).

    ``("rbf", gamma)``: ``exp(-gamma ||x - y||^2)``; ``("poly", q)``: ``(1 + x.y)^q``;
    ``("linear",)``: ``x.y``.

    {kernel_parameters}

    Returns
    -------
    dict
        Keyword arguments of :class:`svmbook.SVC` (``kernel``, ``gamma``, ``degree``, ``coef0``).
    """
    if kind == "rbf":
        return {"kernel": "rbf", "gamma": float(value)}
    if kind == "poly":
        return {"kernel": "poly", "degree": int(value), "gamma": 1.0, "coef0": 1.0}
    if kind == "linear":
        return {"kernel": "linear"}
    raise ValueError(f"kind must be 'rbf', 'poly' or 'linear', got {kind!r}")


@_param_docs
def make_kernel(kind, value=None):
    """Build the :class:`svmbook.kernels.Kernel` of :func:`kernel_spec`.

    {kernel_parameters}

    Returns
    -------
    svmbook.kernels.Kernel
        The kernel.
    """
    spec = kernel_spec(kind, value)
    return get_kernel(spec.pop("kernel"), **spec)


@_param_docs
def kernel_label(kind, value=None):
    """``"rbf(gamma=0.01)"``, ``"poly(q=3)"`` or ``"linear"``.

    {kernel_parameters}

    Returns
    -------
    str
        The label.
    """
    if kind == "linear":
        return "linear"
    return f"rbf(gamma={value:g})" if kind == "rbf" else f"poly(q={value})"


@_param_docs
def c_svm(X, y, C, kind, value=None):
    """Train a C-SVM (svmbook's SMO, LIBSVM's algorithm; tol 1e-3, SVMlight's default).

    Parameters
    ----------
    X, y : ndarray
        Training points and labels in {-1, +1}.
    {C}
    {kernel}

    Returns
    -------
    tuple
        The fitted :class:`svmbook.SVC`, the multipliers ``alpha'`` over all training points and
        the training decision values without threshold ``f`` (:mod:`svmbook.thresholds`).
    """
    from ..svm import SVC

    clf = SVC(C=C, tol=1e-3, **kernel_spec(kind, value)).fit(X, y)
    alpha = np.zeros(len(y))
    alpha[clf.support_] = np.abs(clf.dual_coef_[0])
    f = clf.decision_function(X) - clf.intercept_[0]
    return clf, alpha, f


@_param_docs
def predict(f, b):
    """``sign(f + b)`` with the book's added offset; ties go to +1.

    {decision_parameters}

    Returns
    -------
    ndarray
        Labels in {-1, +1}.
    """
    return np.where(np.asarray(f) + b >= 0, 1.0, -1.0)


@_param_docs
def error(y, f, b):
    """Error rate of ``sign(f + b)``.

    Parameters
    ----------
    y : array-like
        True labels.
    {decision}

    Returns
    -------
    float
        The fraction of misclassified points.
    """
    return float(np.mean(predict(f, b) != y))


def goodrich_figure(number, title, section, runner, description, remarks=""):
    """Declare a figure of the thesis that prints no numbers: its claims are the checks.

    Parameters
    ----------
    number : str
        The figure's number, ``"5.9"``.
    title : str
        Its caption.
    section : str
        The section that sets it up, ``"5.6.1"``.
    runner : callable
        ``runner(size, random_state, progress) -> Result``.
    description : str
        The set-up and decisions (the module's docstring).
    remarks : str, default=""
        The report's explanation of a discrepancy.

    Returns
    -------
    Experiment
        ``goodrich-fig-<number>``, with no published rows and no seed.
    """
    return Experiment(
        name=f"goodrich-fig-{number}",
        title=title,
        source=f"Goodrich (2012), Figure {number}, section {section}",
        runner=runner,
        provenance=f"no numbers printed; set-up from Goodrich (2012), section {section}",
        description=description,
        remarks=remarks,
    )


def by_name(*experiments):
    """Key experiments by name, the ``EXPERIMENTS`` dict of a module.

    Parameters
    ----------
    *experiments : Experiment
        The module's experiments.

    Returns
    -------
    dict
        Name to experiment.
    """
    return {e.name: e for e in experiments}


def tiny_problem():
    """Return a tiny two-class problem for the untimed warm-up solves that compile the cores.

    Returns
    -------
    tuple of ndarray
        ``(X, y)``: 16 points in the plane, labels in {-1, +1}.
    """
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(1.0, 1.0, (8, 2)), rng.normal(-1.0, 1.0, (8, 2))])
    return X, np.repeat([1.0, -1.0], 8)
