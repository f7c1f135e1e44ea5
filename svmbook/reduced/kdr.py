"""Kernel dimension reduction with reduced kernels: KPCA, KSIR and KCCA (Yeh et al., section 4).

The review applies the reduced kernel trick of its section 2 to three classical dimension
reductions. Each method works on the *kernel data* ``K(X, X̃)`` (the review's ``K(A, Ã')``,
its data matrix ``A`` written ``X`` here, as in the book): row ``i`` holds the kernel values
of training point ``x_i`` against the reduced set ``X̃`` (``m`` points, ``m << n``), and
is treated as a new ``m``-dimensional description of ``x_i``. With ``k̃`` the mean of those
rows, the review's covariance of the kernel data (37) is

``Σ_K̃ = 1/n sum_i (K(X̃, x_i) - k̃)(K(X̃, x_i) - k̃)'`` (``m x m``),

and each method is an eigenproblem in ``m`` unknowns (cost ``O(n m^2 + m^3)``, memory
``O(n m)``) instead of ``n`` (the full-kernel methods, ``X̃ = X``):

* :class:`ReducedKPCA`: ``Σ_K̃ α = λ α`` (36), the paper's covariance-of-columns KPCA, or the
  classical centred-Gram KPCA of Schölkopf et al. (1998) restricted to the span of the reduced
  set (``form="centered"``);
* :class:`ReducedKSIR`: ``Σ_E(K̃|Y_J) α = λ Σ_K̃ α`` (40), kernel sliced inverse regression;
* :class:`ReducedKCCA`: ``Σ_K̃st Σ_K̃tt^-1 Σ_K̃st' α^s = η Σ_K̃ss α^s`` (48), kernel canonical
  correlation analysis of two views.

Projection of new points
    The review states the eigenproblems only. Every transformer here projects a point ``x`` by
    ``z = α' (K(X̃, x) - k̃)``: the training projections are then the centred kernel data times
    the directions, so their variance is the eigenvalue (KPCA) or their covariance the
    normalisation (KSIR, KCCA). It is the natural choice (the same map the eigenproblem
    scores), not a formula of the paper.

Near-singular covariances
    ``Σ_K̃`` has low effective rank (the review says so of the full kernel; a reduced kernel of a
    smooth kernel is not much better), and KSIR and KCCA put it on the right-hand side of a
    generalized eigenproblem. The review leaves the remedy open. Here both usual remedies are
    applied: the right-hand matrix ``B`` gets a ridge ``B + ridge * (trace(B) / m) I`` (relative
    to the mean variance, so the same ``ridge`` suits any kernel scale; parameter ``ridge``),
    and the problem is then solved on the range of that matrix: directions whose eigenvalue is
    below ``RANGE_RTOL`` (``1e-10``) times the largest are dropped (range restriction; with
    ``ridge=0`` this is the only remedy, and it makes the linear kernel reproduce the linear
    methods exactly). The solution is the one ``scipy.linalg.eigh(S, B + ridge ...)`` returns
    whenever that matrix's condition number is below ``1 / RANGE_RTOL`` (nothing is dropped).

Linear special cases
    With ``kernel="linear"``, ``ridge=0`` and a reduced set that spans the input space (the
    whole training set does), ``form="centered"`` KPCA is PCA (31)-(33), KSIR is SIR (38) and
    KCCA is CCA (41)-(42): the kernel data are ``X X̃'``, the directions ``β = X̃' α`` and the
    projections ``β' (x - x̄)``. The covariance form is not PCA (its metric is ``X̃ X̃'``, not
    the identity).

Errata (docs/errata.md#yeh-rsvm-eq-31, docs/errata.md#yeh-rsvm-sec-4-notation)
    (31) maximises the trace of the printed matrix. The recovery of the second CCA direction
    is ``u^t = Σ_tt^-1 Σ_st' u^s / sqrt(η)`` with ``η = ρ^2`` (printed: ``Σ_tt^-1 Σ_st u^s /
    η``, which has the wrong dimensions when ``d_s != d_t``; dividing by ``sqrt(η)`` gives unit
    variance). The names of the covariances follow (44)-(46) and (48) (``Σ_st``, ``Σ_ss``,
    ``Σ_tt``), not the shorter ones of (43) and (47).

Signs
    An eigenvector's sign is arbitrary; each component is flipped so that its largest-magnitude
    coefficient is positive (for KCCA, the ``s`` coefficients decide and the ``t`` ones follow),
    so a fit is reproducible.

The reduced set is the whole training set by default (the full-kernel method), ``reduced_size``
points drawn uniformly without replacement with ``random_state``, or given as ``reduced_set``
(indices into the training set, or points).
"""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np
import scipy.linalg
import scipy.sparse as sp
from sklearn.base import (
    BaseEstimator,
    ClassNamePrefixFeaturesOutMixin,
    TransformerMixin,
    _fit_context,
)
from sklearn.utils._param_validation import Interval, StrOptions
from sklearn.utils.multiclass import check_classification_targets, type_of_target
from sklearn.utils.validation import check_is_fitted, validate_data

from .. import kernels as _kernels
from .._atomic_fit import atomic_fit
from .._blas import blas_limit, threads_for
from .._docstrings import shared_docs
from .._validation import check_indices, check_points, check_random_state

__all__ = ["AUTO_SLICES", "CHUNK_ROWS", "RANGE_RTOL", "ReducedKCCA", "ReducedKPCA", "ReducedKSIR"]

#: Eigenvalues of a (ridged) metric below this fraction of its largest count as zero: the
#: generalized eigenproblems are solved on the metric's range, and components whose variance
#: is below this fraction of the largest are not offered.
RANGE_RTOL = 1e-10

#: Rows per block of the covariance products (each block's product stays below
#: ``svmbook._blas.LARGE`` multiply-adds for reduced sets of up to about 490 points).
CHUNK_ROWS = 4096

#: Number of slices of a continuous response for ``ReducedKSIR(n_slices="auto")`` (a common
#: choice; the review does not say).
AUTO_SLICES = 10

# scikit-learn's kernel names (catalogue kernels with parameters are passed as Kernel objects)
_KERNEL_NAMES = {"linear", "poly", "rbf", "sigmoid"}

_kernel_constraints = {
    "degree": [Interval(Integral, 0, None, closed="left")],
    "coef0": [Interval(Real, None, None, closed="neither")],
    "reduced_size": [Interval(Integral, 1, None, closed="left"), None],
    "reduced_set": ["array-like", tuple, None],
    "random_state": ["random_state", np.random.Generator],
}

_docs = shared_docs(
    {
        "kernel": """kernel : {"linear", "poly", "rbf", "sigmoid"} or Kernel, default="rbf"
    scikit-learn's kernel names with its parameterisation (:func:`svmbook.kernels.get_kernel`),
    or any :class:`svmbook.kernels.Kernel` of the catalogue.""",
        "gamma": """gamma : float, default=None
    Scale of ``"rbf"``, ``"poly"`` and ``"sigmoid"`` (RBF width: ``gamma = 1 / (2 sigma^2)``);
    None: ``1 / n_features`` (as scikit-learn's ``KernelPCA``).""",
        "degree_coef0": """degree : int, default=3
    Degree of ``"poly"``: ``(gamma <x, x'> + coef0)^degree``.
coef0 : float, default=0.0
    Offset of ``"poly"`` and ``"sigmoid"``.""",
        "reduced": """reduced_size : int, default=None
    Size ``m`` of a reduced set drawn uniformly without replacement from the training points
    (with ``random_state``). None with ``reduced_set=None``: the whole training set, the
    full-kernel method (memory ``O(n^2)``).
reduced_set : array-like, default=None
    The reduced set itself: a 1-D array of indices into the training points, or a 2-D array of
    points (any points, e.g. cluster centroids). Not together with ``reduced_size``.""",
        "random_state": """random_state : None, int, Generator or RandomState, default=None
    Seed of the draw of the reduced set (``reduced_size`` only).""",
        "ridge": """ridge : float, default=1e-3
    Ridge of the covariances on the right-hand side, relative to their mean variance:
    ``Σ + ridge * (trace(Σ) / m) I``. 0: range restriction only (see the module docstring).
    Larger values trade fit for stability.""",
        "fitted_common": """kernel_ : Kernel
    The kernel, parameters resolved.
gamma_ : float
    The number ``gamma`` stood for (None resolved).
reduced_set_ : ndarray of shape (m, n_features)
    The reduced set ``X̃``.
reduced_indices_ : ndarray of shape (m,) or None
    Its indices in the training points (None when the points were given).
kernel_mean_ : ndarray of shape (m,)
    ``k̃``, the mean of the training points' kernel data ``K(X̃, x_i)``.
alphas_ : ndarray of shape (m, n_components)
    The directions ``α̃`` (one a column; the sign fixed as in the module docstring).
n_features_in_ : int
    Number of features seen in ``fit``.""",
    }
)


# -- the shared steps ------------------------------------------------------------------------------


def _resolve_kernel(kernel, gamma, degree, coef0, n_features):
    """Return the :class:`Kernel` and the resolved ``gamma`` (None: ``1 / n_features``)."""
    gamma = 1.0 / n_features if gamma is None else float(gamma)
    return _kernels.get_kernel(kernel, degree=degree, gamma=gamma, coef0=coef0), gamma


def _reduced_indices(n_samples, reduced_size, random_state):
    """Return all indices, or ``reduced_size`` of them drawn uniformly, sorted."""
    if reduced_size is None:
        return np.arange(n_samples)
    if reduced_size > n_samples:
        raise ValueError(f"reduced_size must be <= n_samples = {n_samples}, got {reduced_size}")
    rng = check_random_state("random_state", random_state)
    return np.sort(rng.choice(n_samples, size=reduced_size, replace=False))


def _given_indices(reduced_set, n_samples):
    """Return ``reduced_set`` checked as indices into ``n_samples`` points (at least one)."""
    idx = check_indices("reduced_set", reduced_set, n_samples)
    if idx.size == 0:
        raise ValueError("reduced_set must hold at least one index, got none")
    return idx


def _not_both(reduced_size, reduced_set):
    """Raise ``ValueError`` when both ``reduced_size`` and ``reduced_set`` are given."""
    if reduced_size is not None and reduced_set is not None:
        raise ValueError(
            f"give reduced_size or reduced_set, not both; got reduced_size={reduced_size}"
        )


def _reduced_set(X, reduced_size, reduced_set, random_state):
    """Return ``(indices or None, points)`` of the reduced set of one view."""
    if reduced_set is None:
        idx = _reduced_indices(X.shape[0], reduced_size, random_state)
        return idx, X[idx]
    _not_both(reduced_size, reduced_set)
    if np.ndim(reduced_set) == 1:
        idx = _given_indices(reduced_set, X.shape[0])
        return idx, X[idx]
    return None, check_points("reduced_set", reduced_set, n_features=X.shape[1])


def _centred_kernel_data(kernel, X, points):
    """Return the kernel data ``K(X, X̃)`` centred by its column means, and those means ``k̃``."""
    C = kernel(X, points)
    mean = C.mean(axis=0)
    C -= mean
    return C, mean


def _covariance(C, D=None):
    """Return ``C' D / n`` (``C' C / n``, exactly symmetric, when ``D`` is None).

    Summed over blocks of ``CHUNK_ROWS`` rows, so that each BLAS product is of a size the
    package's rule (:mod:`svmbook._blas`) gives one thread: on the shared 2-core machine a
    200,000 x 200 covariance took 0.2 s on one thread and 1.2-1.8 s with the library's two.
    The blocks are summed in a fixed order, so the result does not depend on the load.
    """
    right = C if D is None else D
    S = np.zeros((C.shape[1], right.shape[1]))
    for start in range(0, C.shape[0], CHUNK_ROWS):
        block = C[start : start + CHUNK_ROWS]
        other = block if D is None else right[start : start + CHUNK_ROWS]
        with blas_limit(threads_for(block.shape[1], other.shape[1], block.shape[0])):
            S += block.T @ other
    S /= C.shape[0]
    return 0.5 * (S + S.T) if D is None else S


def _whitener(B, ridge):
    """Return ``W`` (``m x r``) with ``W' (B + ridge * trace(B) / m I) W = I`` on its range.

    The eigenvectors of the ridged ``B`` whose eigenvalue exceeds ``RANGE_RTOL`` times the
    largest, each divided by the square root of its eigenvalue.
    """
    m = B.shape[0]
    d, U = scipy.linalg.eigh(B + (ridge * np.trace(B) / m) * np.eye(m))
    if d[-1] <= 0.0:
        return np.empty((m, 0))
    keep = d > RANGE_RTOL * d[-1]
    return U[:, keep] / np.sqrt(d[keep])


def _generalized_eigh(S, W):
    """Return the eigenpairs of ``S α = λ B α`` on the range of ``W``, largest first.

    ``W`` is ``B``'s :func:`_whitener`; the vectors satisfy ``α' B α = 1`` (``B`` ridged).
    """
    lam, V = scipy.linalg.eigh(W.T @ S @ W)
    return lam[::-1], W @ V[:, ::-1]


def _fix_signs(alphas, partner=None):
    """Flip each column so that its largest-magnitude entry is positive (``partner``'s with it)."""
    rows = np.argmax(np.abs(alphas), axis=0)
    signs = np.where(alphas[rows, np.arange(alphas.shape[1])] < 0, -1.0, 1.0)
    return alphas * signs, None if partner is None else partner * signs


def _n_components(n_components, available, bound):
    """Return the number of components to keep (None: all ``available``).

    ``bound`` says what limits ``available``, for the message.
    """
    if available == 0:
        raise ValueError(
            "the kernel data have no direction of non-zero variance: all points alike, or a "
            "kernel that does not tell them apart"
        )
    if n_components is None:
        return available
    if n_components > available:
        raise ValueError(f"n_components must be <= {available} ({bound}), got {n_components}")
    return n_components


def _project(kernel, X, points, mean, alphas):
    """Return ``z = α' (K(X̃, x) - k̃)`` for every row ``x`` of ``X``."""
    C = kernel(X, points)
    C -= mean
    with blas_limit(threads_for(C.shape[0], alphas.shape[1], C.shape[1])):
        return C @ alphas


def _store(estimator, arguments):
    """Store each ``__init__`` argument as the attribute of the same name (scikit-learn's rule).

    Called first in ``__init__`` as ``_store(self, locals())``, so that ``locals()`` holds
    ``self`` and the arguments only.
    """
    for name, value in arguments.items():
        if name != "self":
            setattr(estimator, name, value)


class _RequiresY:
    """Tag mixin: ``fit`` needs ``y`` (the slices' response, or the second view)."""

    def __sklearn_tags__(self):
        """Return the estimator tags, with ``y`` required."""
        tags = super().__sklearn_tags__()
        tags.target_tags.required = True
        return tags


# -- one view: KPCA and KSIR -----------------------------------------------------------------------


class _OneViewReduction(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """What KPCA and KSIR share: the kernel, the reduced set, the kernel data and ``transform``."""

    _parameter_constraints: dict = {
        "n_components": [Interval(Integral, 1, None, closed="left"), None],
        "kernel": [StrOptions(_KERNEL_NAMES), _kernels.Kernel],
        "gamma": [Interval(Real, 0.0, None, closed="neither"), None],
        **_kernel_constraints,
    }

    @property
    def _n_features_out(self):
        """Number of output features (for ``get_feature_names_out``)."""
        return self.alphas_.shape[1]

    def _kernel_data(self, X):
        """Resolve the kernel, choose the reduced set and return the centred kernel data."""
        self.kernel_, self.gamma_ = _resolve_kernel(
            self.kernel, self.gamma, self.degree, self.coef0, X.shape[1]
        )
        self.reduced_indices_, self.reduced_set_ = _reduced_set(
            X, self.reduced_size, self.reduced_set, self.random_state
        )
        C, self.kernel_mean_ = _centred_kernel_data(self.kernel_, X, self.reduced_set_)
        return C

    def transform(self, X):
        """Project points on the components: ``z = α' (K(X̃, x) - k̃)``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The points.

        Returns
        -------
        ndarray of shape (n_samples, n_components)
            Their coordinates on the components.
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return _project(self.kernel_, X, self.reduced_set_, self.kernel_mean_, self.alphas_)


@_docs
class ReducedKPCA(_OneViewReduction):
    """Kernel principal component analysis on a reduced kernel (Yeh et al., section 4.1).

    Two forms, both on the kernel data ``K(X, X̃)`` of the module docstring, both projecting
    a point by ``z = α' (K(X̃, x) - k̃)`` and both with ``eigenvalues_`` the variances of the
    training projections:

    * ``form="covariance"`` (the review's (34)-(37)): the eigenvectors of the covariance of the
      kernel data, ``Σ_K̃ α = λ α`` with ``α' α = 1``. The kernel data are treated as ordinary
      features (the empirical kernel map); with the whole training set as reduced set this is
      the review's KPCA (34)-(35) exactly. It is *not* the classical kernel PCA.
    * ``form="centered"`` (Schölkopf, Smola and Müller 1998): the principal axes of the centred
      feature-space points, ``v = sum_j α_j φ(x̃_j)`` restricted to the span of the reduced
      set: ``Σ_K̃ α = λ K(X̃, X̃) α`` with ``α' K(X̃, X̃) α = 1`` (``v`` of unit length). With the
      whole training set as reduced set it is the classical ``K̃ a = n λ a`` on the centred
      Gram matrix ``K̃`` (scikit-learn's ``KernelPCA``: the same projections up to sign, its
      ``eigenvalues_`` are ``n`` times these); with a reduced set it is PCA of the Nyström
      features ``K(X, X̃) K(X̃, X̃)^(-1/2)``. The metric ``K(X̃, X̃)`` is handled by range
      restriction (no ridge). With the linear kernel it is PCA (31)-(33).

    Parameters
    ----------
    n_components : int, default=None
        Number of components. None: every component of non-zero variance (above
        ``RANGE_RTOL`` times the largest).
    form : {"covariance", "centered"}, default="covariance"
        The eigenproblem (see above).
    {kernel}
    {gamma}
    {degree_coef0}
    {reduced}
    {random_state}

    Attributes
    ----------
    eigenvalues_ : ndarray of shape (n_components,)
        ``λ``, descending: the variance of each component's training projections.
    {fitted_common}

    See Also
    --------
    ReducedKSIR : supervised: the directions that separate the slices (classes).
    sklearn.decomposition.KernelPCA : the classical form on the full kernel.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook.reduced.kdr import ReducedKPCA
    >>> X = np.random.default_rng(0).normal(size=(200, 3))
    >>> kpca = ReducedKPCA(n_components=2, gamma=0.5, reduced_size=30, random_state=0).fit(X)
    >>> kpca.transform(X[:4]).shape
    (4, 2)
    >>> kpca.alphas_.shape
    (30, 2)
    >>> bool(kpca.eigenvalues_[0] >= kpca.eigenvalues_[1] > 0)
    True
    """

    _parameter_constraints: dict = {
        **_OneViewReduction._parameter_constraints,
        "form": [StrOptions({"covariance", "centered"})],
    }

    def __init__(
        self,
        n_components=None,
        *,
        form="covariance",
        kernel="rbf",
        gamma=None,
        degree=3,
        coef0=0.0,
        reduced_size=None,
        reduced_set=None,
        random_state=None,
    ):
        _store(self, locals())

    @_fit_context(prefer_skip_nested_validation=True)
    @atomic_fit
    def fit(self, X, y=None):
        """Find the principal components of the kernel data.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training points (at least 2).
        y : None
            Ignored.

        Returns
        -------
        self : ReducedKPCA
            The fitted transformer.
        """
        X = validate_data(self, X, dtype=np.float64, ensure_min_samples=2)
        S = _covariance(self._kernel_data(X))  # Σ_K̃, (37)
        if self.form == "covariance":
            lam, alphas = scipy.linalg.eigh(S)
            lam, alphas = lam[::-1], alphas[:, ::-1]
        else:
            metric = self.kernel_(self.reduced_set_)  # K(X̃, X̃)
            lam, alphas = _generalized_eigh(S, _whitener(metric, 0.0))
        available = int(np.sum(lam > RANGE_RTOL * lam[0])) if lam.size and lam[0] > 0 else 0
        k = _n_components(self.n_components, available, "the components of non-zero variance")
        self.eigenvalues_ = lam[:k].copy()
        self.alphas_ = _fix_signs(np.ascontiguousarray(alphas[:, :k]))[0]
        return self


@_docs
class ReducedKSIR(_RequiresY, _OneViewReduction):
    """Kernel sliced inverse regression on a reduced kernel (Yeh et al., section 4.2).

    Sliced inverse regression (Li 1991, the review's (38)) finds the directions along which
    the means of the slices of the response spread most relative to the total spread. KSIR
    does it on the kernel data (39), the reduced KSIR on ``K(X, X̃)`` (40):

    ``Σ_E(K̃|Y_J) α = λ Σ_K̃ α``, ``α_k' Σ_K̃ α_l = δ_kl``,

    with ``Σ_E(K̃|Y_J) = 1/n sum_j n_j (k̄^j - k̃)(k̄^j - k̃)'`` the between-slice covariance of
    the slice means ``k̄^j`` of the kernel data. The slices are the classes for classification,
    or groups of (almost) equal size of the points sorted by their response. The between-slice
    covariance has rank at most ``J - 1`` (its terms sum to zero), so there are at most
    ``J - 1`` components; ``λ`` is the between-slice share of each projection's variance, in
    ``[0, 1]``. ``Σ_K̃`` is ridged and range-restricted (module docstring); the normalisation
    holds for the ridged matrix. With the linear kernel and ``ridge=0`` it is SIR (38).

    Parameters
    ----------
    n_components : int, default=None
        Number of components, at most ``J - 1``. None: ``J - 1`` (or fewer when the kernel data
        have fewer directions of non-zero variance).
    n_slices : "auto", "classes" or int, default="auto"
        ``"classes"``: one slice per class of ``y``. An int ``J >= 2``: the points sorted by
        ``y`` (stably) cut into ``J`` slices of almost equal size. ``"auto"``: the classes when
        ``y`` is a classification target (scikit-learn's ``type_of_target``: binary or
        multiclass), ``AUTO_SLICES`` slices otherwise.
    {kernel}
    {gamma}
    {degree_coef0}
    {reduced}
    {ridge}
    {random_state}

    Attributes
    ----------
    eigenvalues_ : ndarray of shape (n_components,)
        ``λ``, descending, in ``[0, 1]`` (clipped against rounding).
    n_slices_ : int
        ``J``, the number of slices used.
    {fitted_common}

    See Also
    --------
    ReducedKPCA : unsupervised.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook.reduced.kdr import ReducedKSIR
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(300, 2))
    >>> y = (np.hypot(X[:, 0], X[:, 1]) > 1.2).astype(int)  # a circle: not linearly separable
    >>> ksir = ReducedKSIR(gamma=1.0, reduced_size=40, random_state=0).fit(X, y)
    >>> ksir.transform(X).shape  # J - 1 = 1 component for two classes
    (300, 1)
    >>> bool(0.5 < ksir.eigenvalues_[0] <= 1.0)
    True
    """

    _parameter_constraints: dict = {
        **_OneViewReduction._parameter_constraints,
        "n_slices": [StrOptions({"auto", "classes"}), Interval(Integral, 2, None, closed="left")],
        "ridge": [Interval(Real, 0.0, None, closed="left")],
    }

    def __init__(
        self,
        n_components=None,
        *,
        n_slices="auto",
        kernel="rbf",
        gamma=None,
        degree=3,
        coef0=0.0,
        reduced_size=None,
        reduced_set=None,
        ridge=1e-3,
        random_state=None,
    ):
        _store(self, locals())

    def _slices(self, y):
        """Return each point's slice, ``0 .. J - 1``."""
        mode = self.n_slices
        if mode == "auto":
            mode = "classes" if type_of_target(y) in ("binary", "multiclass") else AUTO_SLICES
        if mode == "classes":
            check_classification_targets(y)
            labels = np.unique(y, return_inverse=True)[1].reshape(-1)
            if labels.max() == 0:
                raise ValueError(
                    "ReducedKSIR needs at least 2 slices, and y has a single class; give "
                    "n_slices as an int to slice a continuous y"
                )
            return labels
        if mode > y.shape[0]:
            raise ValueError(f"n_slices must be <= n_samples = {y.shape[0]}, got {mode}")
        labels = np.empty(y.shape[0], dtype=np.int64)
        for j, members in enumerate(np.array_split(np.argsort(y, kind="stable"), mode)):
            labels[members] = j
        return labels

    @_fit_context(prefer_skip_nested_validation=True)
    @atomic_fit
    def fit(self, X, y):
        """Find the effective dimension-reduction directions of the kernel data.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training points (at least 2).
        y : array-like of shape (n_samples,)
            Class labels, or a continuous response to slice.

        Returns
        -------
        self : ReducedKSIR
            The fitted transformer.
        """
        X, y = validate_data(self, X, y, dtype=np.float64, ensure_min_samples=2)
        labels = self._slices(y)
        n, J = X.shape[0], labels.max() + 1
        C = self._kernel_data(X)
        # the slice sums of the centred kernel data through a sparse indicator (no copy of C);
        # rows sqrt(n_j / n) (k̄^j - k̃), whose Gram product is Σ_E(K̃|Y_J)
        counts = np.bincount(labels, minlength=J)
        indicator = sp.csr_matrix((np.ones(n), (labels, np.arange(n))), shape=(J, n))
        means = np.asarray(indicator @ C) / (np.sqrt(counts * n)[:, None])
        W = _whitener(_covariance(C), self.ridge)
        lam, alphas = _generalized_eigh(means.T @ means, W)
        k = _n_components(
            self.n_components,
            min(J - 1, W.shape[1]),
            f"J - 1 for J = {J} slices, and no more than the kernel data's directions of "
            "non-zero variance",
        )
        self.n_slices_ = int(J)
        self.eigenvalues_ = np.clip(lam[:k], 0.0, 1.0)
        self.alphas_ = _fix_signs(np.ascontiguousarray(alphas[:, :k]))[0]
        return self


# -- two views: KCCA -------------------------------------------------------------------------------


@_docs
class ReducedKCCA(_RequiresY, ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """Kernel canonical correlation analysis on reduced kernels (Yeh et al., section 4.3).

    Two views of the same ``n`` objects, ``X`` (``s``) and ``y`` (``t``), each with its own
    kernel and reduced set (the same indices in both views by default, natural for paired
    data). On the centred kernel data of the two views, with covariances ``Σ_ss``, ``Σ_tt`` and
    the cross-covariance ``Σ_st`` (44)-(46) of the reduced kernels, the canonical pairs maximise
    the correlation (47) ``ρ = α^s' Σ_st α^t / sqrt(α^s' Σ_ss α^s α^t' Σ_tt α^t)``, i.e. solve
    (48)

    ``Σ_st Σ_tt^-1 Σ_st' α^s = η Σ_ss α^s``, ``α^t = Σ_tt^-1 Σ_st' α^s / sqrt(η)``, ``η = ρ^2``

    (the printed recovery of ``α^t`` is corrected: docs/errata.md#yeh-rsvm-eq-31). It is solved
    as the singular value decomposition of ``W_s' Σ_st W_t``, with ``W`` the whiteners of the
    ridged, range-restricted ``Σ_ss`` and ``Σ_tt`` (module docstring): the singular values are
    the canonical correlations ``ρ``, in ``[0, 1]``, and ``α' (Σ + ridge) α = I`` in each view,
    so the canonical variates have unit variance when ``ridge=0``. Without a ridge the correlations
    overfit as the reduced set grows (in exact arithmetic, ``n`` linearly independent kernel
    columns in each view make every correlation 1, whatever the data): the ridge is what makes
    the full-kernel problem meaningful (Hardoon et al. 2004). With linear kernels and
    ``ridge=0`` it is CCA (41)-(42).

    ``transform(X)`` returns the canonical variates of the ``s`` view (so the transformer fits
    in a ``Pipeline``, ``y`` being the second view), ``transform(X, y)`` both views' (as
    scikit-learn's ``CCA``).

    Parameters
    ----------
    n_components : int, default=2
        Number of canonical pairs.
    kernel_s, kernel_t : {"linear", "poly", "rbf", "sigmoid"} or Kernel, default="rbf"
        The kernels of the two views: scikit-learn's names with its parameterisation
        (:func:`svmbook.kernels.get_kernel`), or any :class:`svmbook.kernels.Kernel`.
    gamma_s, gamma_t : float, default=None
        Scale of each view's ``"rbf"``, ``"poly"`` and ``"sigmoid"``; None: ``1 /
        n_features`` of that view.
    {degree_coef0}
    reduced_size : int, default=None
        Size ``m`` of a reduced set drawn uniformly without replacement from the training
        objects (the same ones in both views, with ``random_state``). None with
        ``reduced_set=None``: all objects, the full-kernel method (memory ``O(n^2)``).
    reduced_set : array-like or tuple, default=None
        A 1-D array of indices into the training objects (used in both views), or a pair
        ``(points_s, points_t)`` of 2-D arrays. Not together with ``reduced_size``.
    {ridge}
    {random_state}

    Attributes
    ----------
    correlations_ : ndarray of shape (n_components,)
        The canonical correlations ``ρ``, descending, in ``[0, 1]`` (``η = ρ^2``).
    alphas_s_, alphas_t_ : ndarray of shape (m_s, n_components), (m_t, n_components)
        The directions of each view (a pair a column).
    kernel_s_, kernel_t_ : Kernel
        The kernels, parameters resolved.
    gamma_s_, gamma_t_ : float
        The numbers ``gamma_s`` and ``gamma_t`` stood for (None resolved).
    reduced_set_s_, reduced_set_t_ : ndarray of shape (m_s, n_features), (m_t, n_features_t)
        The reduced sets.
    reduced_indices_ : ndarray of shape (m,) or None
        Their indices in the training objects (None when the points were given).
    kernel_mean_s_, kernel_mean_t_ : ndarray of shape (m_s,), (m_t,)
        The means of each view's kernel data.
    n_features_in_ : int
        Number of features of ``X`` seen in ``fit``.
    n_features_t_ : int
        Number of features of ``y``.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook.reduced.kdr import ReducedKCCA
    >>> rng = np.random.default_rng(0)
    >>> angle = rng.uniform(0, 2 * np.pi, 300)
    >>> Xs = np.c_[np.cos(angle), np.sin(angle)] + 0.05 * rng.normal(size=(300, 2))
    >>> Xt = np.c_[np.cos(angle) ** 2] + 0.05 * rng.normal(size=(300, 1))  # nonlinear link
    >>> kcca = ReducedKCCA(n_components=1, reduced_size=50, random_state=0).fit(Xs, Xt)
    >>> bool(kcca.correlations_[0] > 0.9)
    True
    >>> zs, zt = kcca.transform(Xs, Xt)
    >>> zs.shape, zt.shape
    ((300, 1), (300, 1))
    """

    _parameter_constraints: dict = {
        "n_components": [Interval(Integral, 1, None, closed="left")],
        "kernel_s": [StrOptions(_KERNEL_NAMES), _kernels.Kernel],
        "kernel_t": [StrOptions(_KERNEL_NAMES), _kernels.Kernel],
        "gamma_s": [Interval(Real, 0.0, None, closed="neither"), None],
        "gamma_t": [Interval(Real, 0.0, None, closed="neither"), None],
        **_kernel_constraints,
        "ridge": [Interval(Real, 0.0, None, closed="left")],
    }

    def __init__(
        self,
        n_components=2,
        *,
        kernel_s="rbf",
        kernel_t="rbf",
        gamma_s=None,
        gamma_t=None,
        degree=3,
        coef0=0.0,
        reduced_size=None,
        reduced_set=None,
        ridge=1e-3,
        random_state=None,
    ):
        _store(self, locals())

    @property
    def _n_features_out(self):
        """Number of output features (for ``get_feature_names_out``)."""
        return self.alphas_s_.shape[1]

    def _view_t(self, y, n_samples):
        """Return the second view given to ``transform``, checked against the fitted one."""
        Y = np.asarray(y)
        return check_points(
            "y", Y[:, None] if Y.ndim == 1 else Y, n_points=n_samples, n_features=self.n_features_t_
        )

    def _reduced_sets(self, X, Y):
        """Return ``(indices or None, points_s, points_t)``."""
        rs = self.reduced_set
        if isinstance(rs, tuple) and len(rs) == 2 and np.ndim(rs[0]) == 2:
            _not_both(self.reduced_size, rs)
            return (
                None,
                check_points("reduced_set[0]", rs[0], n_features=X.shape[1]),
                check_points("reduced_set[1]", rs[1], n_features=Y.shape[1]),
            )
        if rs is not None and np.ndim(rs) != 1:
            raise ValueError(
                "reduced_set of two views must be 1-D indices or a pair (points_s, points_t) of "
                f"2-D arrays, got an array of shape {np.shape(rs)}"
            )
        idx, points_s = _reduced_set(X, self.reduced_size, rs, self.random_state)
        return idx, points_s, Y[idx]

    @_fit_context(prefer_skip_nested_validation=True)
    @atomic_fit
    def fit(self, X, y):
        """Find the canonical pairs of the two views' kernel data.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The first view (``s``), at least 2 objects.
        y : array-like of shape (n_samples,) or (n_samples, n_features_t)
            The second view (``t``) of the same objects.

        Returns
        -------
        self : ReducedKCCA
            The fitted transformer.
        """
        X, Y = validate_data(
            self, X, y, multi_output=True, y_numeric=True, dtype=np.float64, ensure_min_samples=2
        )
        Y = np.ascontiguousarray(Y.reshape(X.shape[0], -1), dtype=np.float64)
        self.n_features_t_ = Y.shape[1]
        self.kernel_s_, self.gamma_s_ = _resolve_kernel(
            self.kernel_s, self.gamma_s, self.degree, self.coef0, X.shape[1]
        )
        self.kernel_t_, self.gamma_t_ = _resolve_kernel(
            self.kernel_t, self.gamma_t, self.degree, self.coef0, Y.shape[1]
        )
        self.reduced_indices_, self.reduced_set_s_, self.reduced_set_t_ = self._reduced_sets(X, Y)
        Cs, self.kernel_mean_s_ = _centred_kernel_data(self.kernel_s_, X, self.reduced_set_s_)
        Ct, self.kernel_mean_t_ = _centred_kernel_data(self.kernel_t_, Y, self.reduced_set_t_)
        Ws = _whitener(_covariance(Cs), self.ridge)
        Wt = _whitener(_covariance(Ct), self.ridge)
        U, rho, Vt = scipy.linalg.svd(Ws.T @ _covariance(Cs, Ct) @ Wt, full_matrices=False)
        k = _n_components(
            self.n_components,
            min(Ws.shape[1], Wt.shape[1]),
            "the directions of non-zero variance of the poorer view",
        )
        self.correlations_ = np.clip(rho[:k], 0.0, 1.0)
        self.alphas_s_, self.alphas_t_ = _fix_signs(
            np.ascontiguousarray(Ws @ U[:, :k]), np.ascontiguousarray(Wt @ Vt[:k].T)
        )
        return self

    def transform(self, X, y=None):
        """Return the canonical variates ``z = α' (K(X̃, x) - k̃)`` of one or both views.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Objects of the first view.
        y : array-like of shape (n_samples,) or (n_samples, n_features_t), default=None
            The same objects' second view.

        Returns
        -------
        ndarray of shape (n_samples, n_components), or a pair of them
            The first view's variates, or ``(z_s, z_t)`` when ``y`` is given.
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        z_s = _project(self.kernel_s_, X, self.reduced_set_s_, self.kernel_mean_s_, self.alphas_s_)
        if y is None:
            return z_s
        Y = self._view_t(y, X.shape[0])
        return z_s, _project(
            self.kernel_t_, Y, self.reduced_set_t_, self.kernel_mean_t_, self.alphas_t_
        )
