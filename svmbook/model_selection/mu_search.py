"""Search over mu instead of C: Goodrich's schedule, linear in 1/mu (Goodrich 2012, section 6.4.2).

A C-SVM's C maps to the hull reduction mu of the same classifier very unevenly: a small change of
C can reduce a class to its centroid or leave the hulls untouched (Goodrich, section 6.4.1, Fig.
6.13). Searching mu directly avoids both: start at ``mu = 1 / (m - 2)`` (``m`` the smaller class'
size: every hull a little larger than its centroid), step linearly in ``1/mu`` towards 1, and stop
as soon as the two reduced hulls intersect, since every larger mu gives larger hulls that
intersect too. Stepping linearly in mu instead would spend most steps near ``mu = 1`` and skip
the small values where the classifier changes most (Fig. 6.14).

Each step fits a :class:`svmbook.MuSVC` and scores it with a criterion (an error estimate such as
the mu-SVM forms of GACV and xi-alpha, eqs. (6.8) and (6.9), or the error on held-out points);
the equivalent C-SVM's ``C`` of each machine (``MuSVC.C_``) is recorded beside it, so a mu
search can be compared with a search over C.

Near the mu where the hulls meet, the margin ``rho`` tends to 0 and the relative stop of
:class:`svmbook.MuSVC`'s SMO core (KKT gap below ``tol`` times the margin) asks for ever more
iterations; the refinement is capped, and a capped fit returns a feasible iterate that need not
be the mu-SVM of its mu: its ``||w||`` can stall above the thesis's ``1e-5`` test while the
hulls already intersect, and its KKT threshold can give ``rho <= 0`` (``C_`` infinite), where
the estimates, which divide by ``rho``, count nonsense. By default such fits end the sequence
unscored (``docs/errata.md#goodrich-2012-mu-search-stop``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from sklearn.base import clone

from .._validation import check_int, check_option, check_positive
from ..exceptions import HullsIntersectError

__all__ = ["MuSearchResult", "mu_schedule", "mu_search"]


def mu_schedule(y, n_steps=20):
    """Return Goodrich's mu values for labels ``y``: from ``1/(m-2)`` linearly in ``1/mu`` to 1.

    With ``m`` the size of the smaller class, ``1/mu`` starts at ``m - 2`` and moves by
    ``delta = -m / n_steps`` until it reaches 1 (``mu <- 1 / max(1/mu + delta, 1)``; Goodrich
    2012, section 6.4.2). For ``m = 200`` and 20 steps: ``1/mu = 198, 188, ..., 18, 8, 1``, 21
    values.

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        Binary labels.
    n_steps : int, default=20
        The number of steps ``1/mu`` would take over ``m``; it sets the grid's coarseness.

    Returns
    -------
    ndarray of shape (n_mu,)
        The mu values, increasing, the last one 1.

    Raises
    ------
    ValueError
        If ``y`` does not have exactly two classes, the smaller has fewer than 3 points (then
        ``1/(m-2)`` is no reduction), or ``n_steps`` is not a positive integer.

    Examples
    --------
    >>> import numpy as np
    >>> mu = mu_schedule(np.repeat([0, 1], [200, 260]))
    >>> len(mu), np.round(1 / mu[:3]).tolist(), float(mu[-1])
    (21, [198.0, 188.0, 178.0], 1.0)
    """
    n_steps = check_int("n_steps", n_steps, 1)
    _, counts = np.unique(np.asarray(y), return_counts=True)
    if counts.size != 2:
        raise ValueError(f"y must have exactly two classes, got {counts.size}")
    m = int(counts.min())
    if m < 3:
        raise ValueError(f"y: the smaller class has {m} points; mu search needs at least 3")
    inverse = [float(m - 2)]
    delta = -m / n_steps
    while inverse[-1] > 1.0:
        inverse.append(max(inverse[-1] + delta, 1.0))
    return 1.0 / np.array(inverse)


@dataclass
class MuSearchResult:
    """What :func:`mu_search` found and every machine it trained.

    Attributes
    ----------
    best_params : dict
        ``{"gamma": ..., "mu": ...}`` of the lowest score (the first in search order on ties),
        or None if no machine could be trained.
    best_score : float
        Its score (``inf`` if none).
    rows : list of dict
        One per trained or attempted machine, in search order: ``gamma``, ``mu``, ``score``
        (NaN where no classifier), ``C`` (the equivalent C-SVM's C), ``w_norm``, ``n_iter``
        and ``stop`` (``""``, ``"intersect"``: the fit found the hulls intersecting, or
        ``"small_w"``: ``||w||`` fell below ``w_tol`` of its first value for this gamma,
        ``"no_margin"``: the fit has no positive margin, ``rho_ <= 0``, or ``"unconverged"``:
        the solver stopped at its step cap, ``fit_status_ != 0``), and one column per name of
        ``scores`` (NaN where not scored).
    n_trained : int
        The number of machines fitted (the count Goodrich's Table 6.11 reports).
    """

    best_params: dict | None
    best_score: float
    rows: list = field(default_factory=list)
    n_trained: int = 0


def mu_search(
    X,
    y,
    *,
    gammas,
    criterion,
    estimator=None,
    n_steps=20,
    schedule=None,
    w_tol=1e-5,
    unconverged="stop",
    scores=None,
    progress=False,
):
    """Search mu (and the kernel's gamma) by Goodrich's schedule, stopping where the hulls meet.

    For every gamma, fit a :class:`svmbook.MuSVC` at each mu of :func:`mu_schedule`, smallest
    first, score it with ``criterion`` (lower is better), and stop that gamma's sequence at the
    first mu whose hulls intersect (the fit raises
    :class:`~svmbook.exceptions.HullsIntersectError`) or whose ``||w||`` falls below ``w_tol``
    times the ``||w||`` of the first mu (Goodrich 2012, section 6.4.2).

    The thesis's test ``||w|| < 1e-5`` is absolute, so it depends on the scale of the kernel;
    here ``w_tol`` is relative to the first machine of the sequence (the two agree where that
    ``||w||`` is of order 1; a small RBF gamma shrinks the whole feature space, and with it the
    first ``||w||``). Its text says that "smaller values of mu are not searched" after the
    stop; the search runs towards larger mu, so it is the larger values that are skipped
    (``docs/errata.md#goodrich-2012-ch-6-appx``).

    Fits that need not be the mu-SVM of their mu (``docs/errata.md#goodrich-2012-mu-search-stop``;
    the thesis's search assumes an exact solver). A fit without a positive margin (``rho_ <= 0``,
    ``C_`` infinite; at the optimum ``rho >= ||w||^2 / 2 > 0``) has no equivalent C-SVM: it is
    never scored and ends the sequence (stop ``"no_margin"``), as intersecting hulls do. A fit
    the solver stopped at its step cap (``fit_status_ != 0``: the SMO core caps the refinement
    of its relative stop where the hulls nearly touch) ends it too (stop ``"unconverged"``):
    every larger mu brings the hulls closer and is harder still, and a capped iterate may be
    close to the machine (a large-C one) or far from it, with hulls that in fact intersect;
    the search cannot tell which without the uncapped fit. ``unconverged="score"`` scores
    capped fits as any other and goes on, as the thesis's search does.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Training points.
    y : array-like of shape (n_samples,)
        Binary labels.
    gammas : sequence of float
        The kernel parameters to search; each gets its own mu sequence.
    criterion : callable
        ``criterion(model, X, y) -> float``, the score of a fitted model, lower is better: an
        error estimate of the model on its training data, or a closure measuring the error on
        held-out points.
    estimator : svmbook.MuSVC, default=None
        The model whose other parameters (kernel, solver, tol, ...) are kept; cloned with
        ``gamma`` and ``mu`` set at every step. Default ``MuSVC(kernel="rbf")``.
    n_steps : int, default=20
        See :func:`mu_schedule`.
    schedule : array-like of float, default=None
        The mu values every gamma's sequence runs through, increasing, in ``(0, 1]``; default
        ``mu_schedule(y, n_steps)``. A shorter sequence caps the machines per gamma (e.g. the
        schedule's first ``n_steps`` values: at most ``n_steps`` machines, without ``mu = 1``).
    w_tol : float, default=1e-5
        The relative ``||w||`` below which a sequence stops.
    unconverged : {"stop", "score"}, default="stop"
        What a fit the solver stopped at its step cap does: ``"stop"``: it ends the sequence,
        unscored; ``"score"``: it is scored and the sequence goes on. A fit with ``rho_ <= 0``
        ends the sequence unscored either way.
    scores : dict of str to callable, default=None
        Further criteria ``score(model, X, y) -> float``, evaluated on every machine that
        ``criterion`` scores and stored in its row under their names (NaN where it is not
        scored), so that several selections, or the held-out error over the whole search, come
        from one search.
    progress : bool, default=False
        Show a ``tqdm.auto`` bar over the gammas.

    Returns
    -------
    MuSearchResult
        The best (gamma, mu), its score and one row per machine.

    Raises
    ------
    ValueError
        If ``gammas`` is empty or not positive, ``w_tol`` is not positive, the labels are not
        binary with at least 3 points in each class, ``schedule`` is empty, not increasing or
        outside ``(0, 1]``, a name of ``scores`` is a column of the rows, or ``estimator`` has
        no ``mu`` parameter, or ``unconverged`` is not ``"stop"`` or ``"score"``.
    TypeError
        If ``criterion`` or a value of ``scores`` is not callable.

    See Also
    --------
    svmbook.convert.mu_to_c : The C of a mu-SVM's classifier, to compare with a C search.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from svmbook import MuSVC
    >>> X, y = make_moons(80, noise=0.2, random_state=0)
    >>> train_error = lambda model, X, y: float(np.mean(model.predict(X) != y))
    >>> res = mu_search(X, y, gammas=[0.5, 2.0], criterion=train_error, n_steps=4,
    ...                 estimator=MuSVC(kernel="rbf", solver="smo"))
    >>> sorted(res.best_params), res.n_trained <= 2 * 5
    (['gamma', 'mu'], True)
    """
    if not callable(criterion):
        raise TypeError(f"criterion must be callable as criterion(model, X, y), got {criterion!r}")
    gammas = [check_positive("gammas", g) for g in np.atleast_1d(np.asarray(gammas, dtype=float))]
    if not gammas:
        raise ValueError("gammas must hold at least one kernel parameter")
    w_tol = check_positive("w_tol", w_tol)
    check_option("unconverged", unconverged, ("stop", "score"))
    if estimator is None:
        from ..svm import MuSVC

        estimator = MuSVC(kernel="rbf")
    if "mu" not in estimator.get_params():
        raise ValueError(f"estimator must have a mu parameter (a MuSVC), got {estimator!r}")
    scores = _check_scores(scores)
    X = np.asarray(X, dtype=float)
    mus = mu_schedule(y, n_steps) if schedule is None else _check_schedule(schedule)
    result = MuSearchResult(best_params=None, best_score=np.inf)
    if progress:
        from tqdm.auto import tqdm

        gammas = tqdm(gammas, desc="mu search")
    for gamma in gammas:
        w_first = None
        for mu in mus:
            row = {"gamma": float(gamma), "mu": float(mu), "score": np.nan, "C": np.nan,
                   "w_norm": np.nan, "n_iter": 0, "stop": ""}  # fmt: skip
            row.update(dict.fromkeys(scores, np.nan))
            model = clone(estimator).set_params(gamma=gamma, mu=mu)
            result.n_trained += 1
            try:
                model.fit(X, y)
            except HullsIntersectError:
                row["stop"] = "intersect"
                result.rows.append(row)
                break
            w = float(model.w_norm_[0])
            row.update(C=float(model.C_[0]), w_norm=w, n_iter=int(np.sum(model.n_iter_)))
            row["stop"] = _degenerate(model, unconverged)
            if row["stop"]:
                result.rows.append(row)
                break
            w_first = w if w_first is None else w_first
            if w < w_tol * w_first:
                row["stop"] = "small_w"
                result.rows.append(row)
                break
            row["score"] = float(criterion(model, X, y))
            row.update({name: float(score(model, X, y)) for name, score in scores.items()})
            result.rows.append(row)
            if row["score"] < result.best_score:
                result.best_score = row["score"]
                result.best_params = {"gamma": float(gamma), "mu": float(mu)}
    return result


def _degenerate(model, unconverged):
    """Return why a fitted mu-SVM ends its sequence unscored (see :func:`mu_search`), or ``""``."""
    if not model.rho_[0] > 0:
        return "no_margin"
    if unconverged == "stop" and np.any(np.asarray(model.fit_status_) != 0):
        return "unconverged"
    return ""


#: The columns every row of :class:`MuSearchResult` has: no name of ``scores`` may take one.
_ROW_COLUMNS = ("gamma", "mu", "score", "C", "w_norm", "n_iter", "stop")


def _check_scores(scores):
    """Validate :func:`mu_search`'s ``scores``; return it as a dict (empty for None)."""
    if scores is None:
        return {}
    scores = dict(scores)
    for name, score in scores.items():
        if name in _ROW_COLUMNS:
            raise ValueError(f"scores: the name {name!r} is a column of the rows {_ROW_COLUMNS}")
        if not callable(score):
            raise TypeError(
                f"scores[{name!r}] must be callable as score(model, X, y), got {score!r}"
            )
    return scores


def _check_schedule(schedule):
    """Validate :func:`mu_search`'s ``schedule``; return it as a float array."""
    mus = np.asarray(schedule, dtype=float)
    if mus.ndim != 1 or mus.size == 0:
        raise ValueError(
            f"schedule must be a non-empty 1-D sequence of mu values, got {schedule!r}"
        )
    if not (np.all(mus > 0) and np.all(mus <= 1) and np.all(np.diff(mus) > 0)):
        raise ValueError(f"schedule must increase within (0, 1], got {mus.tolist()}")
    return mus
