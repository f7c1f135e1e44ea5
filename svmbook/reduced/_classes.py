"""The public smooth SVM estimators: SSVC, RSVC, SSVR, RSVR (Yeh et al., RSVM review).

Each class is a numpydoc docstring and an ``__init__`` that only stores its arguments (with the
SVM estimators' ``_set_params_from``), plus the class attributes that say what it is (``_kind``,
``_reduced``, ``_parameter_constraints``); the logic lives in :mod:`svmbook.reduced._base`.
Parameters shared by the classes are documented once, in
:data:`svmbook.reduced._base.PARAM_DOCS`.
"""

from numbers import Real

from sklearn.base import ClassifierMixin, RegressorMixin
from sklearn.utils._param_validation import Interval

from .._docstrings import compose
from ..svm._base import BaseSVM
from ._base import PARAM_DOCS, SmoothClassifierMixin, SmoothRegressorMixin, SmoothSVMBase

__all__ = ["RSVC", "RSVR", "SSVC", "SSVR"]

_ATTRIBUTES = {
    "attributes_classifier": """coef_ : ndarray of shape (n_machines, q)
    ``w`` (linear kernel: ``q = n_features``), ``u`` (full kernel: ``q = n_samples``) or ``ũ``
    (reduced kernel: ``q = m``); one row for two classes, one per class otherwise.
intercept_ : ndarray of shape (n_machines,)
    The biases ``b``.
classes_ : ndarray of shape (n_classes,)
    The labels; the binary machine is ``classes_[1]`` (+1) against ``classes_[0]``.
n_iter_ : ndarray of shape (n_machines,)
    Newton steps per machine.
objective_ : ndarray of shape (n_machines,)
    The smooth objective at the answer, per machine.""",
    "attributes_regressor": """coef_ : ndarray of shape (q,)
    ``w`` (linear kernel), ``u`` (full kernel) or ``ũ`` (reduced kernel).
intercept_ : float
    The bias ``b``.
n_iter_ : int
    Newton steps.
objective_ : float
    The smooth objective at the answer.""",
    "attributes_common": """fit_status_ : int
    0 when every machine met its stopping rule, 1 otherwise.
kernel_ : Kernel
    The kernel with its parameters resolved (``gamma="scale"`` as a number).
n_features_in_ : int
    Features seen in ``fit``.""",
    "attributes_full": """reduced_set_ : ndarray of shape (n_samples, n_features) or None
    The points of the basis: the training points (the full kernel), None for the linear
    kernel (the model is ``w``).""",
    "attributes_reduced": """reduced_set_ : ndarray of shape (m, n_features)
    The reduced set ``X̃``.
reduced_indices_ : ndarray of shape (m,) or None
    Its rows in the training data (None for a given ``reduced_set`` or CRSVM's centroids).
reduced_gamma_ : ndarray of shape (m,) or None
    Per-column widths ``1 / (2 sigma_j^2)`` of CRSVM (None: the kernel's own).
selection_time_ : float
    Seconds the selection took (0 for a given ``reduced_set``).""",
}


def _documented(cls):
    """Compose the class docstring's shared blocks (parameters and attributes)."""
    cls.__doc__ = compose(cls.__doc__, {**PARAM_DOCS, **_ATTRIBUTES})
    return cls


@_documented
class SSVC(SmoothClassifierMixin, ClassifierMixin, SmoothSVMBase):
    """Smooth SVM classifier on the full kernel (Lee and Mangasarian 2001; RSVM review (7)-(9)).

    Minimises ``1/2 (||u||^2 + b^2) + C/2 sum_i p(1 - y_i (K(x_i, X) u + b), beta)^2`` by
    Newton-Armijo (:mod:`svmbook.solvers.newton`); ``kernel="linear"`` is the linear SSVM (7)
    in ``(w, b)``, not (8) on the Gram matrix ``X X'``, which regularises ``||u||`` instead of
    ``||w|| = ||X' u||`` (a different model). The full kernel is ``n x n``: for large data use
    :class:`RSVC`. More than two classes are fitted one-vs-rest.

    Parameters
    ----------
    {C}
    {kernel}
    {degree}
    {gamma}
    {coef0}
    {kernel_params}
    {beta}
    {tol}
    {max_iter}
    {chunk_size}
    {verbose}
    {warm_start}

    Attributes
    ----------
    {attributes_classifier}
    {attributes_full}
    {attributes_common}

    See Also
    --------
    RSVC : the same on a reduced kernel, for large data.
    svmbook.SVC : the hinge-loss SVM (LIBSVM's), whose loss is not squared.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook.reduced import SSVC
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    >>> SSVC(kernel="linear", C=10.0).fit(X, [0, 1, 0, 1]).predict([[0.9, 0.8]]).tolist()
    [1]
    """

    _kind = "classification"
    _reduced = False
    _parameter_constraints: dict = dict(SmoothSVMBase._parameter_constraints)

    def __init__(
        self,
        C=1.0,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        kernel_params=None,
        *,
        beta=10.0,
        tol=1e-8,
        max_iter=100,
        chunk_size=None,
        verbose=False,
        warm_start=False,
    ):
        BaseSVM._set_params_from(self, locals())


@_documented
class RSVC(SmoothClassifierMixin, ClassifierMixin, SmoothSVMBase):
    """Reduced SVM classifier: the smooth SVM on a reduced kernel (RSVM review (10)-(13)).

    Minimises ``1/2 (||ũ||^2 + b^2) + C/2 sum_{i=1}^n p(1 - y_i (K(x_i, X̃) ũ + b), beta)^2``
    with the loss over all ``n`` training points (docs/errata.md#yeh-rsvm-eq-12) and the
    ``n x m`` reduced kernel built once in blocks; Newton-Armijo costs ``O(n m^2)`` per step
    and ``O(n m)`` memory. The reduced set is drawn at random (stratified), chosen by IRSVM,
    systematic sampling or clustering, or given. More than two classes are fitted
    one-vs-rest, all machines on the same reduced kernel.

    Parameters
    ----------
    {reduced_size}
    {C}
    {kernel}
    {degree}
    {gamma}
    {coef0}
    {kernel_params}
    {reduced_set}
    {selection}
    {selection_params}
    {beta}
    {tol}
    {max_iter}
    {chunk_size}
    {verbose}
    {warm_start}
    {random_state}

    Attributes
    ----------
    {attributes_classifier}
    {attributes_reduced}
    {attributes_common}

    See Also
    --------
    SSVC : the full-kernel smooth SVM (the same model when the reduced set is all of ``X``).

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook.reduced import RSVC
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(200, 2))
    >>> y = (X[:, 0] * X[:, 1] > 0).astype(int)
    >>> clf = RSVC(reduced_size=20, gamma=1.0, C=10.0, random_state=0).fit(X, y)
    >>> clf.reduced_set_.shape, clf.score(X, y) > 0.9
    ((20, 2), True)
    """

    _kind = "classification"
    _reduced = True
    _parameter_constraints: dict = {
        **SmoothSVMBase._parameter_constraints,
        **SmoothSVMBase._reduced_constraints,
    }

    def __init__(
        self,
        reduced_size=0.1,
        C=1.0,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        kernel_params=None,
        *,
        reduced_set=None,
        selection="random",
        selection_params=None,
        beta=10.0,
        tol=1e-8,
        max_iter=100,
        chunk_size=None,
        verbose=False,
        warm_start=False,
        random_state=None,
    ):
        BaseSVM._set_params_from(self, locals())


_EPSILON = {"epsilon": [Interval(Real, 0.0, None, closed="left")]}


@_documented
class SSVR(SmoothRegressorMixin, RegressorMixin, SmoothSVMBase):
    """Smooth epsilon-support vector regression on the full kernel (Yeh et al. 2014, section 2.3).

    The RSVM review's eqs. (22)-(24) (the decision function (24) with its index corrected:
    docs/errata.md#yeh-rsvm-eq-24).

    Minimises ``1/2 (||u||^2 + b^2) + C/2 sum_i p_eps^2(K(x_i, X) u + b - y_i, beta)`` with the
    smooth squared epsilon-insensitive loss (21) by Newton-Armijo; ``kernel="linear"`` is the
    linear epsilon-SSVR (22). Unlike the epsilon-SVR (14) the loss is squared and the bias is
    regularised, so even at ``beta = inf`` it is not :class:`svmbook.SVR`'s problem.

    Parameters
    ----------
    {C}
    {epsilon}
    {kernel}
    {degree}
    {gamma}
    {coef0}
    {kernel_params}
    {beta}
    {tol}
    {max_iter}
    {chunk_size}
    {verbose}
    {warm_start}

    Attributes
    ----------
    {attributes_regressor}
    {attributes_full}
    {attributes_common}

    See Also
    --------
    RSVR : the same on a reduced kernel, for large data.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook.reduced import SSVR
    >>> X = np.linspace(-3, 3, 40).reshape(-1, 1)
    >>> reg = SSVR(C=100.0, epsilon=0.01, gamma=1.0).fit(X, np.sinc(X[:, 0]))
    >>> bool(abs(reg.predict([[0.0]])[0] - 1.0) < 0.05)
    True
    """

    _kind = "regression"
    _reduced = False
    _parameter_constraints: dict = {**SmoothSVMBase._parameter_constraints, **_EPSILON}

    def __init__(
        self,
        C=1.0,
        epsilon=0.1,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        kernel_params=None,
        *,
        beta=10.0,
        tol=1e-8,
        max_iter=100,
        chunk_size=None,
        verbose=False,
        warm_start=False,
    ):
        BaseSVM._set_params_from(self, locals())


@_documented
class RSVR(SmoothRegressorMixin, RegressorMixin, SmoothSVMBase):
    """Reduced epsilon-SSVR: the smooth regression on a reduced kernel (RSVM review, section 2.3).

    The epsilon-SSVR (23) with ``K(X, X)`` replaced by the ``n x m`` reduced kernel
    ``K(X, X̃)`` and the loss over all ``n`` points, as for :class:`RSVC`. The reduced set is
    drawn at random, chosen by IRSVM, or given.

    Parameters
    ----------
    {reduced_size}
    {C}
    {epsilon}
    {kernel}
    {degree}
    {gamma}
    {coef0}
    {kernel_params}
    {reduced_set}
    selection : {"random", "irsvm"}, default="random"
        How the reduced set is chosen (the other methods need class labels).
    {selection_params}
    {beta}
    {tol}
    {max_iter}
    {chunk_size}
    {verbose}
    {warm_start}
    {random_state}

    Attributes
    ----------
    {attributes_regressor}
    {attributes_reduced}
    {attributes_common}

    See Also
    --------
    SSVR : the full-kernel version (the same model when the reduced set is all of ``X``).

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook.reduced import RSVR
    >>> X = np.linspace(-3, 3, 200).reshape(-1, 1)
    >>> reg = RSVR(reduced_size=20, C=100.0, epsilon=0.01, gamma=1.0, random_state=0)
    >>> bool(abs(reg.fit(X, np.sinc(X[:, 0])).predict([[0.0]])[0] - 1.0) < 0.05)
    True
    """

    _kind = "regression"
    _reduced = True
    _parameter_constraints: dict = {
        **SmoothSVMBase._parameter_constraints,
        **SmoothSVMBase._reduced_constraints,
        **_EPSILON,
    }

    def __init__(
        self,
        reduced_size=0.1,
        C=1.0,
        epsilon=0.1,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        kernel_params=None,
        *,
        reduced_set=None,
        selection="random",
        selection_params=None,
        beta=10.0,
        tol=1e-8,
        max_iter=100,
        chunk_size=None,
        verbose=False,
        warm_start=False,
        random_state=None,
    ):
        BaseSVM._set_params_from(self, locals())
