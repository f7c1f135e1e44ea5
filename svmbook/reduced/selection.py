r"""Reduced-set selection for the reduced kernel (Yeh et al., RSVM review, section 3).

The reduced kernel ``K(X, X̃)`` is built from a reduced set ``X̃`` of ``m`` points; each function
here chooses one and returns a :class:`ReducedSet` (the points, their indices in the data where
they are data points, per-column widths where the method gives them, and the seconds it took):

* :func:`random_reduced_set`: the original RSVM's uniform draw, stratified by class;
* :func:`irsvm_reduced_set`: IRSVM (Lee, Lo and Huang 2003; Algorithm 1, eqs. 25-28), which
  keeps a point only if its kernel column is far from the span of the columns kept so far;
* :func:`srsvm_reduced_set`: systematic sampling (Chien, Chang and Lee 2010; Algorithm 2), which
  adds misclassified points, stratified by their decision value, until a validation accuracy
  is reached;
* :func:`crsvm_reduced_set`: clustering RSVM (Algorithm 3, eqs. 29-30), k-means centroids per
  class, each with its own Gaussian width (not data points: ``indices`` is None);
* :func:`nystrom_approximation`: the theory link (10)-(11): ``K(X, X) ~ K(X, X̃) K(X̃, X̃)^+
  K(X̃, X)``; RSVM solves in the span of the reduced columns, which this approximation shares.

Decisions where the review leaves a gap (docs/errata.md#yeh-rsvm-irsvm,
docs/errata.md#yeh-rsvm-alg-2, docs/errata.md#yeh-rsvm-alg-3):

* IRSVM's distance is ``r = ||(I - P) K(X, x)||_2`` with ``P`` the projection of ``R^n`` onto the
  span of the kept columns (printed: ``r^2 = (I - P) K(X, x)``, a vector, with ``P`` "of
  ``R^ℓ̃``"); it is computed with an orthonormal basis of that span (Gram-Schmidt, twice), which
  equals the normal-equations form (26)-(28) without forming ``K̃'K̃``. "Several successive
  failures" is ``patience``; ``normalized=True`` divides ``r`` by ``||K(X, x)||`` so that the
  threshold does not scale with ``sqrt(n)``.
* Systematic sampling *expands* the reduced set each round (section 3.2's words; Algorithm 2,
  step 3, says "form a new reduced set").
* CRSVM's ``n_r`` nearest instances are taken within the centroid's own cluster (all of it if
  it is smaller), and the column is ``exp(-||x - c||^2 / (2 sigma^2))`` as the kernel is defined;
  Algorithm 3 prints ``2 sigma`` in the exponent (``width="printed"`` reproduces it).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np
from sklearn.cluster import KMeans

from .._validation import (
    check_bool,
    check_indices,
    check_instances,
    check_int,
    check_interval,
    check_labels_pm1,
    check_option,
    check_points,
    check_positive,
    check_random_state,
)
from ..kernels import Kernel
from ..solvers.newton import newton_armijo, smooth_problem

__all__ = [
    "OYANG_CONST",
    "ReducedSet",
    "crsvm_reduced_set",
    "crsvm_width_factor",
    "irsvm_distance",
    "irsvm_reduced_set",
    "nystrom_approximation",
    "random_reduced_indices",
    "random_reduced_set",
    "srsvm_reduced_set",
    "systematic_sample",
]

#: ``delta sqrt(pi)`` of the CRSVM width (29) (Oyang and Hwang 2002): ``delta = 0.914551...``.
OYANG_CONST = 1.6210


@dataclass(frozen=True)
class ReducedSet:
    """A reduced set and how it was chosen.

    Attributes
    ----------
    points : ndarray of shape (m, n_features)
        The reduced set ``X̃``, one point a row.
    indices : ndarray of shape (m,) of int64, or None
        Rows of the data the points are (None for centroids).
    gamma : ndarray of shape (m,) or None
        Per-column inverse squared widths ``1 / (2 sigma_j^2)`` (CRSVM); None: the kernel's own.
    time : float
        Seconds the selection took.
    method : str
        ``"random"``, ``"irsvm"``, ``"srsvm"`` or ``"crsvm"``.
    history : dict
        What the method records per step (IRSVM: the distances tried; SRSVM: the size and the
        validation accuracy per round).
    """

    points: np.ndarray
    indices: np.ndarray | None
    gamma: np.ndarray | None
    time: float
    method: str
    history: dict = field(default_factory=dict)

    @property
    def size(self):
        """The number of reduced points ``m``."""
        return self.points.shape[0]


def _stratified_counts(counts, size):
    """Split ``size`` over classes in proportion to ``counts`` (largest remainders), >= 1 each."""
    share = counts / counts.sum() * size
    out = np.minimum(np.maximum(np.floor(share).astype(np.int64), 1), counts)
    while out.sum() < size:
        room = out < counts
        gap = np.where(room, share - out, -np.inf)
        out[int(np.argmax(gap))] += 1
    while out.sum() > size:
        out[int(np.argmax(np.where(out > 1, out - share, -np.inf)))] -= 1
    return out


def random_reduced_indices(n, size, *, y=None, random_state=None):
    """Draw the sorted row indices of a uniform random reduced set (stratified by class).

    The draw of :func:`random_reduced_set` without the data: a distributed fit draws the
    indices on the client and gathers only those rows.

    Parameters
    ----------
    n : int
        The number of points.
    size : int
        ``m``, between 1 and ``n`` (and at least the number of classes when stratified).
    y : array-like of shape (n,), default=None
        Class labels: each class gets its share of ``m`` (largest remainders, at least one).
    random_state : None, int or numpy.random.Generator, default=None
        The draw.

    Returns
    -------
    ndarray of shape (size,) of int64
        The indices, sorted.

    Raises
    ------
    ValueError
        If ``size`` is out of range or ``y`` does not have ``n`` labels.
    """
    size = check_int("size", size, 1, n)
    rng = check_random_state("random_state", random_state)
    if y is None:
        idx = rng.choice(n, size=size, replace=False)
    else:
        classes, codes = np.unique(np.asarray(y), return_inverse=True)
        if codes.shape[0] != n:
            raise ValueError(f"y has {codes.shape[0]} labels but X has {n} points")
        if size < classes.size:
            raise ValueError(f"size must be >= the number of classes ({classes.size}) when "
                             f"stratified, got {size}")  # fmt: skip
        counts = _stratified_counts(np.bincount(codes), size)
        idx = np.concatenate(
            [
                rng.choice(np.flatnonzero(codes == c), size=k, replace=False)
                for c, k in enumerate(counts)
            ]  # fmt: skip
        )
    return np.sort(idx).astype(np.int64)


def random_reduced_set(X, size, *, y=None, random_state=None):
    """Draw a uniform random reduced set, stratified by class when labels are given.

    Parameters
    ----------
    X : array-like of shape (n, n_features)
        The data.
    size : int
        ``m``, between 1 and ``n`` (and at least the number of classes when stratified).
    y : array-like of shape (n,), default=None
        Class labels: each class gets its share of ``m`` (largest remainders, at least one).
    random_state : None, int or numpy.random.Generator, default=None
        The draw.

    Returns
    -------
    ReducedSet
        The points, their sorted indices and the time.
    """
    started = time.perf_counter()
    X = check_points("X", X)
    idx = random_reduced_indices(X.shape[0], size, y=y, random_state=random_state)
    return ReducedSet(X[idx], idx, None, time.perf_counter() - started, "random")


def irsvm_distance(K_reduced, column):
    """Return the distance (28) of a kernel column to the span of the reduced columns.

    ``r = ||K̃ beta* - K(X, x)||`` with ``beta*`` the least-squares solution (25)-(27), i.e.
    ``sqrt(k' (I - P) k)`` (docs/errata.md#yeh-rsvm-irsvm). Computed here by least squares;
    :func:`irsvm_reduced_set` keeps an orthonormal basis instead (the same number).

    Parameters
    ----------
    K_reduced : array-like of shape (n, m)
        The reduced kernel ``K(X, X̃)``.
    column : array-like of shape (n,)
        The candidate's column ``K(X, x)``.

    Returns
    -------
    float
        The distance.
    """
    K_reduced = check_points("K_reduced", K_reduced)
    column = np.asarray(column, dtype=np.float64)
    if column.shape != (K_reduced.shape[0],):
        raise ValueError(f"column must have shape ({K_reduced.shape[0]},), got {column.shape}")
    coef = np.linalg.lstsq(K_reduced, column, rcond=None)[0]
    return float(np.linalg.norm(K_reduced @ coef - column))


def _orthogonal_part(Q, m, k):
    """``k - Q Q' k`` over the first ``m`` basis vectors, Gram-Schmidt twice (stable)."""
    for _ in range(2):
        k = k - Q[:, :m] @ (Q[:, :m].T @ k)
    return k


def irsvm_reduced_set(
    X,
    kernel,
    *,
    threshold,
    initial_size=2,
    initial_indices=None,
    patience=50,
    max_size=None,
    normalized=False,
    random_state=None,
):
    """Choose a reduced set by IRSVM (Algorithm 1): keep a point when its column is new.

    Candidates are visited in a random order; ``x`` joins the reduced set when the distance
    ``r`` of ``K(X, x)`` to the span of the kept columns (28) is at least ``threshold``. The
    visit stops after ``patience`` successive rejections, at ``max_size`` points, or when every
    point was tried. A larger threshold keeps fewer points; a set found with a larger one can
    seed a search with a smaller one (``initial_indices``), as the review suggests.

    Parameters
    ----------
    X : array-like of shape (n, n_features)
        The data ``X``.
    kernel : Kernel
        The kernel (:mod:`svmbook.kernels`).
    threshold : float
        ``delta > 0``; its scale grows like ``sqrt(n)`` unless ``normalized``.
    initial_size : int, default=2
        Points of the random initial set (the review's "typically a size of 2").
    initial_indices : array-like of int, default=None
        Rows of ``X`` forming the initial set instead (e.g. a larger threshold's answer); the
        others are visited in random order.
    patience : int, default=50
        Successive rejections that end the search (the review's "several successive points").
    max_size : int, default=None
        Largest reduced set (None: ``n``).
    normalized : bool, default=False
        Compare ``r / ||K(X, x)||`` (in [0, 1]) with the threshold.
    random_state : None, int or numpy.random.Generator, default=None
        The initial set and the visiting order.

    Returns
    -------
    ReducedSet
        The points, their indices in the order kept, and ``history["distances"]`` (every
        candidate's ``r``, in visiting order).
    """
    started = time.perf_counter()
    X = check_points("X", X)
    kernel = check_instances("kernel", [kernel], Kernel)[0]
    threshold = check_positive("threshold", threshold)
    n = X.shape[0]
    initial_size = check_int("initial_size", initial_size, 1, n)
    patience = check_int("patience", patience, 1)
    max_size = n if max_size is None else check_int("max_size", max_size, initial_size, n)
    normalized = check_bool("normalized", normalized)
    rng = check_random_state("random_state", random_state)
    order = rng.permutation(n)
    if initial_indices is not None:
        start = check_indices("initial_indices", initial_indices, n, max_size)
        initial_size = start.size
        order = np.concatenate([start, order[~np.isin(order, start)]])
    Q = np.empty((n, max_size))
    kept, m = [], 0
    for i in order[:initial_size]:  # the initial set: kept, its independent columns spanned
        k = _orthogonal_part(Q, m, kernel(X, X[i : i + 1])[:, 0])
        norm = np.linalg.norm(k)
        kept.append(int(i))
        if norm > 1e-12 * math.sqrt(n):
            Q[:, m] = k / norm
            m += 1
    distances, failures = [], 0
    for i in order[initial_size:]:
        if len(kept) >= max_size or failures >= patience:
            break
        column = kernel(X, X[i : i + 1])[:, 0]
        k = _orthogonal_part(Q, m, column)
        r = float(np.linalg.norm(k))
        distances.append(r)
        score = r / max(float(np.linalg.norm(column)), 1e-300) if normalized else r
        if score >= threshold:
            Q[:, m] = k / r
            m += 1
            kept.append(int(i))
            failures = 0
        else:
            failures += 1
    idx = np.array(kept, dtype=np.int64)
    return ReducedSet(X[idx], idx, None, time.perf_counter() - started, "irsvm",
                      {"distances": np.array(distances)})  # fmt: skip


def systematic_sample(h, y, k, *, random_state=None):
    """Return one round of systematic sampling (Algorithm 2, steps 0-3): the points to add.

    The candidates are exactly the misclassified points (``y_i h_i < 0``); those of each class
    are sorted by ``h``, cut into ``min(k, count)`` nearly equal consecutive strata, and one
    point is drawn from each stratum.

    Parameters
    ----------
    h : array-like of shape (n,)
        Decision values of the current RSVM.
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    k : int
        Strata per class.
    random_state : None, int or numpy.random.Generator, default=None
        The draws.

    Returns
    -------
    ndarray of int64
        Indices of the picks, the positive class's first (at most ``k`` per class).
    """
    h = np.asarray(h, dtype=np.float64)
    y = check_labels_pm1("y", y, both_classes=False)
    if h.shape != y.shape:
        raise ValueError(f"h must have shape {y.shape}, got {h.shape}")
    k = check_int("k", k, 1)
    rng = check_random_state("random_state", random_state)
    picks = []
    for label in (1.0, -1.0):
        cand = np.flatnonzero((y * h < 0) & (y == label))
        cand = cand[np.argsort(h[cand], kind="stable")]
        for stratum in np.array_split(cand, min(k, cand.size)) if cand.size else []:
            picks.append(int(rng.choice(stratum)))
    return np.array(picks, dtype=np.int64)


def srsvm_reduced_set(
    X,
    y,
    kernel,
    *,
    k=5,
    initial_size=2,
    threshold=0.95,
    validation_fraction=0.2,
    max_rounds=50,
    C=1.0,
    beta=10.0,
    random_state=None,
):
    """Choose a reduced set by systematic sampling (Algorithm 2) for binary labels.

    A small random start (``initial_size`` points per class) gives an RSVM ``h``; each round
    sorts the misclassified training points of each class by ``h``, cuts each list into ``k``
    nearly equal strata, adds one random point of each stratum to the reduced set and refits,
    until the accuracy on a held-out validation part reaches ``threshold`` (or ``max_rounds``,
    or no point is misclassified).

    Parameters
    ----------
    X : array-like of shape (n, n_features)
        The data.
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    kernel : Kernel
        The kernel.
    k : int, default=5
        Strata per class and round (at most ``2k`` points a round).
    initial_size : int, default=2
        Random initial points per class.
    threshold : float, default=0.95
        Validation accuracy in (0, 1] that ends the search.
    validation_fraction : float, default=0.2
        Share of the points held out (stratified) for the validation accuracy.
    max_rounds : int, default=50
        Rounds at most.
    C, beta : float, default=1.0, 10.0
        The RSVMs' parameters (:func:`svmbook.solvers.newton.smooth_problem`).
    random_state : None, int or numpy.random.Generator, default=None
        The split, the initial set and the picks.

    Returns
    -------
    ReducedSet
        The points and their indices in ``X``; ``history`` has per round the reduced-set size,
        the validation accuracy and the number of candidates (misclassified points).
    """
    started = time.perf_counter()
    X = check_points("X", X)
    y = check_labels_pm1("y", y)
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"y has {y.shape[0]} labels but X has {X.shape[0]} points")
    kernel = check_instances("kernel", [kernel], Kernel)[0]
    k = check_int("k", k, 1)
    initial_size = check_int("initial_size", initial_size, 1)
    threshold = check_interval("threshold", threshold, 0.0, 1.0, low_open=True)
    validation_fraction = check_interval(
        "validation_fraction", validation_fraction, 0.0, 1.0, low_open=True, high_open=True
    )
    max_rounds = check_int("max_rounds", max_rounds, 1)
    problem = smooth_problem(C=C, beta=beta)
    rng = check_random_state("random_state", random_state)
    held = random_reduced_set(X, max(2, round(validation_fraction * X.shape[0])), y=y,
                              random_state=rng).indices  # fmt: skip
    train = np.setdiff1d(np.arange(X.shape[0]), held)
    Xt, yt = X[train], y[train]
    chosen = []
    for label in (1.0, -1.0):
        pool = np.flatnonzero(yt == label)
        chosen.extend(rng.choice(pool, size=min(initial_size, pool.size), replace=False))
    chosen = list(map(int, chosen))
    history = {"size": [], "accuracy": [], "candidates": []}
    Kt = kernel(Xt, Xt[chosen])
    res = newton_armijo(Kt, yt, problem)
    for _ in range(max_rounds):
        h = Kt @ res.coef + res.intercept
        picks = systematic_sample(h, yt, k, random_state=rng)
        new = [p for p in picks.tolist() if p not in chosen]
        chosen.extend(new)  # expand the reduced set (section 3.2)
        Kt = kernel(Xt, Xt[chosen])
        res = newton_armijo(Kt, yt, problem)
        h_val = kernel(X[held], Xt[chosen]) @ res.coef + res.intercept
        accuracy = float(np.mean(np.where(h_val > 0, 1.0, -1.0) == y[held]))  # step 4
        history["size"].append(len(chosen))
        history["accuracy"].append(accuracy)
        history["candidates"].append(int(np.sum(yt * h < 0)))
        if accuracy >= threshold or not new:
            break
    idx = train[np.array(chosen, dtype=np.int64)]
    return ReducedSet(X[idx], idx, None, time.perf_counter() - started, "srsvm",
                      {key: np.array(val) for key, val in history.items()})  # fmt: skip


def crsvm_width_factor(n_features, n_r):
    """Return ``delta sqrt(pi) / ((n_r + 1) Gamma(d / 2 + 1))^(1/d)``, the factor of (29).

    Parameters
    ----------
    n_features : int
        ``d``.
    n_r : int
        The nearest instances averaged.

    Returns
    -------
    float
        ``sigma / R̄(c)``: e.g. 0.661770 for ``d = 2, n_r = 5``.
    """
    d = check_int("n_features", n_features, 1)
    n_r = check_int("n_r", n_r, 1)
    return OYANG_CONST / ((n_r + 1) * math.gamma(d / 2 + 1)) ** (1.0 / d)


def _kmeans(X, n_clusters, rng):
    model = KMeans(n_clusters=n_clusters, n_init=4, random_state=int(rng.integers(2**31 - 1)))
    return model.fit(X)


def crsvm_reduced_set(X, y, *, k, n_r=5, width="kernel", random_state=None):
    """Choose a reduced set by CRSVM (Algorithm 3): k-means centroids per class with widths.

    The width of centroid ``c`` is (29)-(30): ``sigma = R̄(c) crsvm_width_factor(d, n_r)`` with
    ``R̄(c) = (d + 1) / d`` times the mean distance of the ``n_r`` instances of its cluster
    nearest to ``c``. A centroid whose cluster sits on it (``R̄ = 0``) gets the median width of
    the others.

    Parameters
    ----------
    X : array-like of shape (n, n_features)
        The data.
    y : array-like of shape (n,)
        Class labels (any number of classes; ``k`` centroids each).
    k : int
        Clusters per class (fewer if a class has fewer distinct points).
    n_r : int, default=5
        The nearest instances of (30).
    width : {"kernel", "printed"}, default="kernel"
        ``"kernel"``: columns ``exp(-||x - c||^2 / (2 sigma^2))``, the kernel's definition;
        ``"printed"``: ``exp(-||x - c||^2 / (2 sigma))`` as Algorithm 3 prints it.
    random_state : None, int or numpy.random.Generator, default=None
        The k-means starts.

    Returns
    -------
    ReducedSet
        The centroids (class by class), ``indices=None`` and per-column ``gamma``
        (:func:`svmbook.kernels.rbf_columns`); ``history["sigma"]`` and ``history["label"]``.
    """
    started = time.perf_counter()
    X = check_points("X", X)
    y = np.asarray(y)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must have shape ({X.shape[0]},), got {y.shape}")
    k = check_int("k", k, 1)
    n_r = check_int("n_r", n_r, 1)
    width = check_option("width", width, ("kernel", "printed"))
    rng = check_random_state("random_state", random_state)
    d = X.shape[1]
    factor = crsvm_width_factor(d, n_r)
    centres, sigmas, labels = [], [], []
    for label in np.unique(y):
        Xc = X[y == label]
        n_clusters = min(k, np.unique(Xc, axis=0).shape[0])
        model = _kmeans(Xc, n_clusters, rng)
        for j, c in enumerate(model.cluster_centers_):
            dist = np.sort(np.linalg.norm(Xc[model.labels_ == j] - c, axis=1))[:n_r]
            sigmas.append((d + 1) / d * dist.mean() * factor)
            centres.append(c)
            labels.append(label)
    sigma = np.array(sigmas)
    positive = sigma > 0
    if not positive.any():
        raise ValueError("every cluster collapses onto its centroid: no width can be estimated")
    sigma[~positive] = np.median(sigma[positive])
    gamma = 1.0 / (2.0 * sigma**2) if width == "kernel" else 1.0 / (2.0 * sigma)
    return ReducedSet(np.array(centres), None, gamma, time.perf_counter() - started, "crsvm",
                      {"sigma": sigma, "label": np.array(labels)})  # fmt: skip


def nystrom_approximation(kernel, X, indices):
    """Return the Nystrom approximation (10) of ``K(X, X)`` from the reduced set ``A[indices]``.

    ``K̂ = K(X, X̃) K(X̃, X̃)^+ K(X̃, X)`` (a pseudo-inverse, so repeated or dependent reduced
    points are allowed). Its columns at the reduced points equal ``K``'s, ``K - K̂`` is positive
    semidefinite for a positive semidefinite kernel, and ``rank K̂ <= m``. An ``n x n`` matrix:
    for the theory and small data only.

    Parameters
    ----------
    kernel : Kernel
        The kernel.
    X : array-like of shape (n, n_features)
        The data ``X``.
    indices : array-like of shape (m,)
        Rows of ``X`` forming ``X̃``.

    Returns
    -------
    ndarray of shape (n, n)
        ``K̂``.
    """
    X = check_points("X", X)
    kernel = check_instances("kernel", [kernel], Kernel)[0]
    idx = check_indices("indices", indices, X.shape[0])
    C = kernel(X, X[idx])
    W = kernel(X[idx])
    return C @ np.linalg.pinv(W, hermitian=True) @ C.T
