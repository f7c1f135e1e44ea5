"""Synthetic data: the 2-D toys and the re-created sets of Goodrich (2012).

Binary problems use ``y`` in {-1, +1} (float64). The toys (:func:`make_linear2d`,
:func:`make_blobs2d`, :func:`make_xor`, :func:`make_circles2d`) illustrate the chapters; the
imbalanced and weighted sets re-create Goodrich's (2012) chapters 4 and 5, which state sizes and
costs but print no coordinates.
"""

from __future__ import annotations

import numpy as np

from .._docstrings import shared_docs
from .._validation import check_int, check_interval, check_positive, check_random_state

__all__ = [
    "UNBAL_COSTS",
    "make_blobs2d",
    "make_circles2d",
    "make_imbalanced2d",
    "make_linear2d",
    "make_unbal",
    "make_weighted_mixture",
    "make_xor",
]


_toy_docs = shared_docs(
    {
        "random_state": "random_state : None, int or numpy.random.Generator, default=None\n"
        "    The seed of the draws, or the generator itself.",
        "random_state_0": "random_state : None, int or numpy.random.Generator, default=0\n"
        "    The seed of the draws, or the generator itself.",
        "returns_xy": "Returns\n-------\nX : ndarray of shape (n_samples, 2), float64\n"
        "    The points.\ny : ndarray of shape (n_samples,), float64 in {-1, +1}\n"
        "    Their labels.",
        "returns_pos_neg": "Returns\n-------\nX : ndarray of shape (n_pos + n_neg, 2), float64\n"
        "    The points.\ny : ndarray of shape (n_pos + n_neg,), float64 in {-1, +1}\n"
        "    Their labels.",
    }
)


def _split_classes(n_samples):
    """Class sizes (negatives, positives): the positives get the odd sample."""
    n_neg = n_samples // 2
    return n_neg, n_samples - n_neg


def _shuffled(rng, X, y):
    order = rng.permutation(len(y))
    return np.ascontiguousarray(X[order]), y[order]


@_toy_docs
def make_linear2d(n_samples=40, margin=0.5, random_state=None):
    """Linearly separable 2-D data with a guaranteed gap.

    Points are uniform on [-1, 1]^2, labelled by the side of a random line through the origin;
    points closer than ``margin / 2`` to that line are redrawn, so the hard-margin SVM's margin is
    at least ``margin``.

    Parameters
    ----------
    n_samples : int, default=40
        Number of points (>= 2); ``n_samples // 2`` negatives, the rest positives.
    margin : float, default=0.5
        Width of the empty strip around the labelling line, in [0, 1).
    {random_state}

    {returns_xy}
    """
    n_samples = check_int("n_samples", n_samples, 2)
    margin = check_interval("margin", margin, 0.0, 1.0, high_open=True)
    rng = check_random_state("random_state", random_state)
    angle = rng.uniform(0.0, 2.0 * np.pi)
    normal = np.array([np.cos(angle), np.sin(angle)])
    wanted = dict(zip((-1.0, 1.0), _split_classes(n_samples), strict=True))
    parts = {-1.0: [], 1.0: []}
    while any(sum(len(p) for p in parts[c]) < wanted[c] for c in parts):
        batch = rng.uniform(-1.0, 1.0, size=(2 * n_samples, 2))
        dist = batch @ normal
        batch = batch[np.abs(dist) >= margin / 2]
        for c in parts:
            parts[c].append(batch[np.sign(batch @ normal) == c])
    X = np.vstack([np.vstack(parts[c])[: wanted[c]] for c in (-1.0, 1.0)])
    y = np.repeat([-1.0, 1.0], [wanted[-1.0], wanted[1.0]])
    return _shuffled(rng, X, y)


@_toy_docs
def make_blobs2d(n_samples=100, separation=3.0, cluster_std=1.0, random_state=None):
    """Two isotropic Gaussian classes in 2-D, overlapping unless far apart.

    The class means are ``±(separation / 2) (1, 1) / sqrt(2)``, so their distance is ``separation``;
    each class has covariance ``cluster_std**2 I``. Small separations give the non-separable
    (soft-margin) case.

    Parameters
    ----------
    n_samples : int, default=100
        Number of points (>= 2); ``n_samples // 2`` negatives, the rest positives.
    separation : float, default=3.0
        Distance between the class means, >= 0.
    cluster_std : float, default=1.0
        Standard deviation of each coordinate, > 0.
    {random_state}

    {returns_xy}
    """
    n_samples = check_int("n_samples", n_samples, 2)
    separation = check_interval("separation", separation, 0.0, high_open=True)
    cluster_std = check_interval("cluster_std", cluster_std, 0.0, low_open=True, high_open=True)
    rng = check_random_state("random_state", random_state)
    n_neg, n_pos = _split_classes(n_samples)
    centre = separation / 2 / np.sqrt(2.0) * np.ones(2)
    X = np.vstack(
        [
            rng.normal(-centre, cluster_std, size=(n_neg, 2)),
            rng.normal(centre, cluster_std, size=(n_pos, 2)),
        ]
    )
    y = np.repeat([-1.0, 1.0], [n_neg, n_pos])
    return _shuffled(rng, X, y)


@_toy_docs
def make_xor(n_samples=200, noise=0.25, random_state=None):
    """Make the XOR problem: four Gaussian clusters at (±1, ±1), opposite corners sharing a label.

    Clusters at (1, 1) and (-1, -1) are labelled -1, those at (1, -1) and (-1, 1) are +1, i.e. ``y =
    -sign(c_1 c_2)`` for the cluster centre c. No line separates them (the XOR labelling of Gunn's
    Fig. 1.2 argument); a degree-2 polynomial or an RBF kernel does.

    Parameters
    ----------
    n_samples : int, default=200
        Number of points (>= 4), spread as evenly as possible over the four clusters.
    noise : float, default=0.25
        Standard deviation of each cluster, >= 0.
    {random_state}

    {returns_xy}
    """
    n_samples = check_int("n_samples", n_samples, 4)
    noise = check_interval("noise", noise, 0.0, high_open=True)
    rng = check_random_state("random_state", random_state)
    centres = np.array([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]])
    counts = np.full(4, n_samples // 4)
    counts[: n_samples % 4] += 1
    X = np.repeat(centres, counts, axis=0) + rng.normal(0.0, noise, size=(n_samples, 2))
    y = np.repeat(-centres[:, 0] * centres[:, 1], counts)
    return _shuffled(rng, X, y)


@_toy_docs
def make_circles2d(n_samples=200, factor=0.5, noise=0.1, random_state=None):
    """Two concentric rings: the inner one (radius ``factor``) is +1, the outer one (radius 1) -1.

    Parameters
    ----------
    n_samples : int, default=200
        Number of points (>= 2); ``n_samples // 2`` on the outer ring, the rest on the inner one.
    factor : float, default=0.5
        Radius of the inner ring relative to the outer one, in (0, 1).
    noise : float, default=0.1
        Standard deviation of Gaussian noise added to each coordinate, >= 0.
    {random_state}

    {returns_xy}
    """
    n_samples = check_int("n_samples", n_samples, 2)
    factor = check_interval("factor", factor, 0.0, 1.0, low_open=True, high_open=True)
    noise = check_interval("noise", noise, 0.0, high_open=True)
    rng = check_random_state("random_state", random_state)
    n_out, n_in = _split_classes(n_samples)
    radius = np.repeat([1.0, factor], [n_out, n_in])
    angle = rng.uniform(0.0, 2.0 * np.pi, size=n_samples)
    X = radius[:, None] * np.column_stack([np.cos(angle), np.sin(angle)])
    X += rng.normal(0.0, noise, size=X.shape)
    y = np.repeat([-1.0, 1.0], [n_out, n_in])
    return _shuffled(rng, X, y)


# Goodrich (2012), chapter 4: imbalanced toys. The thesis gives no coordinates: these are
# illustrative re-creations with the stated sizes and costs.

#: Misclassification costs of the unbal set (section 4.4): 10 for a positive, 1 for a negative.
UNBAL_COSTS = {1: 10.0, -1: 1.0}


def _two_gaussians(n_pos, n_neg, separation, rng):
    """Unit-variance isotropic classes, means ``±(separation / 2) (1, 1) / sqrt(2)``."""
    centre = separation / 2 / np.sqrt(2.0) * np.ones(2)
    X = np.vstack([rng.normal(centre, 1.0, (n_pos, 2)), rng.normal(-centre, 1.0, (n_neg, 2))])
    y = np.repeat([1.0, -1.0], [n_pos, n_neg])
    return _shuffled(rng, X, y)


@_toy_docs
def make_unbal(n_pos=200, n_neg=1000, random_state=0):
    """Make the unbal set of Goodrich section 4.4 (Fig. 4.16): two overlapping 2-D Gaussians.

    200 positives and 1000 negatives; misclassifying a positive costs 10, a negative 1
    (:data:`UNBAL_COSTS`). The thesis contradicts itself on which class is larger; only 200
    positives (cost 10) / 1000 negatives fit the arithmetic of its Table 4.4 (``docs/errata.md``,
    goodrich-2012-sec-4-4-unbal). It gives no means or covariances; we take unit-variance isotropic
    classes ("similar variances", Fig. 4.19) whose means are 2.5 apart, so that they overlap.

    Parameters
    ----------
    n_pos, n_neg : int, default=200, 1000
        Class sizes (>= 1 each).
    {random_state_0}

    {returns_pos_neg}
    """
    n_pos = check_int("n_pos", n_pos, 1)
    n_neg = check_int("n_neg", n_neg, 1)
    return _two_gaussians(n_pos, n_neg, 2.5, check_random_state("random_state", random_state))


@_toy_docs
def make_imbalanced2d(n_pos=500, n_neg=50, separation=2.0, random_state=0):
    """Make the 500 positive / 50 negative overlapping toy of Goodrich Fig. 4.10 (and 4.15).

    A linear C-SVM with small C on it puts its KKT threshold outside the data: every training
    point is predicted positive (the "bad threshold" of section 4.3.5), while the geometric
    threshold still splits the classes. Unit-variance isotropic classes whose means are
    ``separation`` apart (the thesis gives no distributions).

    Parameters
    ----------
    n_pos, n_neg : int, default=500, 50
        Class sizes (>= 1 each).
    separation : float, default=2.0
        Distance between the class means, >= 0.
    {random_state_0}

    {returns_pos_neg}
    """
    n_pos = check_int("n_pos", n_pos, 1)
    n_neg = check_int("n_neg", n_neg, 1)
    separation = check_interval("separation", separation, 0.0, high_open=True)
    return _two_gaussians(
        n_pos, n_neg, separation, check_random_state("random_state", random_state)
    )


def make_weighted_mixture(n_per_subset=125, std=0.75, random_state=0):
    """Make the synthetic set of Goodrich section 5.5.2 (Fig. 5.6): two Gaussians per class.

    Positive subsets are centred at (1, 2) and (1, -2), negative ones at (-1, 2) and (-1, -2)
    (the classes mirror each other across x = 0, so ignoring weights the best boundary is
    x = 0); isotropic standard deviation ``std``. Weights: 6 on the positive subset at (1, 2)
    and on the negative one at (-1, -2), 1 on the others, so that a weighted boundary must bend
    (Fig. 5.6). The thesis gives no means, spreads or sizes; 4 x 125 points and ``std = 0.75``
    make the unweighted S-K's class errors (about 0.09) and the test set (50 points, 10 %) fit
    Table 5.4's S-K row (errors 0.095/0.098, cost 16.1).

    Parameters
    ----------
    n_per_subset : int, default=125
        Number of points drawn from each of the four Gaussians, >= 1.
    std : float, default=0.75
        Standard deviation of every Gaussian in each coordinate, > 0.
    random_state : None, int or numpy.random.Generator, default=0
        Seed or generator for the draws.

    Returns
    -------
    X : ndarray of shape (4 * n_per_subset, 2)
        The points, subset by subset in the order (1, 2), (1, -2), (-1, 2), (-1, -2).
    y : ndarray of shape (4 * n_per_subset,)
        The labels, +1 for the first two subsets and -1 for the last two.
    s : ndarray of shape (4 * n_per_subset,)
        The weights (costs): 6 on the subsets at (1, 2) and (-1, -2), 1 on the others.
    """
    n = check_int("n_per_subset", n_per_subset, 1)
    std = check_positive("std", std)
    rng = check_random_state("random_state", random_state)
    centres = np.array([[1.0, 2.0], [1.0, -2.0], [-1.0, 2.0], [-1.0, -2.0]])
    labels = np.array([1.0, 1.0, -1.0, -1.0])
    weights = np.array([6.0, 1.0, 1.0, 6.0])
    X = np.vstack([rng.normal(c, std, (n, 2)) for c in centres])
    return X, np.repeat(labels, n), np.repeat(weights, n)
