"""The public support vector machines: SVC, NuSVC, MuSVC, SVR, NuSVR, OneClassSVM.

After ``sklearn/svm/_classes.py``: each class is a numpydoc docstring and an ``__init__`` that only
stores its arguments, plus the class attributes that say what it is (``_impl``, the problem it
solves; ``_parameter_constraints``; ``_fixed_params``, the values of the settings it has no
parameter for). The logic lives in :mod:`svmbook.svm._base`. Parameters shared by several classes
are documented once, in :data:`_PARAM_DOCS`; :func:`_documented` composes each class's
Parameters section from its ``__init__`` signature, in its order, with the entries the class
words its own way (:func:`svmbook._docstrings.compose`).
"""

import inspect
import textwrap
from numbers import Real

from sklearn.utils._param_validation import Interval, StrOptions

from .._docstrings import compose
from ._base import BaseMuSVC, BaseOneClass, BaseSVC, BaseSVM, BaseSVR
from ._machines import NEAREST_POINT_SOLVERS

__all__ = ["SVC", "NuSVC", "MuSVC", "SVR", "NuSVR", "OneClassSVM"]


def _warm_start_doc(what, how, kernel_change):
    """Return the ``warm_start`` block for an estimator, wrapped as the class docstrings are.

    The class docstrings indent a parameter's description by 8 columns, so the text is wrapped
    at 92 to end at 100.
    """
    text = (
        f"Refit from the previous solution when the data are the same and only {what} changed. "
        f"{how} After a change of the kernel parameters (``kernel``, ``gamma``, ``degree``, "
        f'``coef0``, ``kernel_params``; not to or from ``"precomputed"``) {kernel_change} '
        "Other changes start cold. SMO only."
    )
    body = textwrap.indent(textwrap.fill(text, width=92), " " * 4)
    return "warm_start : bool, default=False\n" + body


_C_SEEDING = (
    "The previous ``alpha`` is scaled by ``C_new / C_old`` (Nguyen's alpha seeding, eq. 4.15: "
    "the box and equality constraints stay satisfied)."
)

#: Parameter documentation shared by the classes, each entry a numpydoc ``name : type`` block.
_PARAM_DOCS = {
    "kernel": """kernel : str, Kernel or callable, default="rbf"
    scikit-learn names (``"linear"``, ``"poly"``, ``"rbf"``, ``"sigmoid"``, ``"precomputed"``),
    catalogue names of :mod:`svmbook.kernels` (``"erbf"``, ``"spline"``, ... with
    ``kernel_params``), a :class:`svmbook.kernels.Kernel`, or a callable ``k(X, Y) -> Gram``
    (evaluated once into a Gram matrix).""",
    "degree": """degree : int, default=3
    Degree of ``"poly"``: ``(gamma <x, x'> + coef0)^degree``.""",
    "gamma": """gamma : {"scale", "auto"} or float, default="scale"
    Scale of ``"rbf"``, ``"poly"``, ``"sigmoid"``. ``"scale"``: ``1 / (n_features * X.var())``;
    ``"auto"``: ``1 / n_features``. RBF width: ``gamma = 1 / (2 sigma^2)``.""",
    "coef0": """coef0 : float, default=0.0
    Offset of ``"poly"`` and ``"sigmoid"``.""",
    "kernel_params": """kernel_params : dict, default=None
    Parameters of a catalogue kernel, e.g. ``{"sigma": 1.0}`` for ``kernel="erbf"``.""",
    "bias": """bias : {"explicit", "implicit", "auto"}, default="explicit"
    ``"explicit"``: equality constraint and a computed ``intercept_`` (LIBSVM). ``"implicit"``:
    no equality constraint, ``intercept_ = 0``, the bias lives in the kernel (Gunn eq. 2.39;
    ``solver="qp"`` only). ``"auto"``: the kernel's ``implicit_bias`` flag.""",
    "infeasible": """infeasible : {"raise", "ridge"}, default="raise"
    With ``C=np.inf`` on infeasible data (qp): raise, or solve the listings' squared-slack
    problem.""",
    "tol": """tol : float, default=1e-3
    Stopping tolerance of the SMO solver (LIBSVM's eps; unused by ``"qp"``, which solves to
    1e-10).""",
    "cache_size": """cache_size : float, default=200
    Kernel row cache of the numba solvers, in MB.""",
    "smo_mode": """smo_mode : {"auto", "faithful", "fast"}, default="auto"
    How the SMO core computes the kernel rows it misses in its cache. ``"faithful"``: as
    LIBSVM (matrix products and LIBSVM's float32 values, so the same iterations);
    ``"fast"``: RBF rows of dense points by feature-major products and a vectorised
    exponential (values may differ in the last float32 bit, so the path may too; the
    solution meets the same stopping rule). In both, long RBF rows of dense points are
    shared with a helper thread on a second CPU that the solver never waits for, with the
    same values whichever thread computes them (``SVMBOOK_ROW_THREADS=1`` keeps every row on
    the solver's thread). ``"auto"``: ``"fast"`` where it was measured faster, RBF on dense
    points with at most 40 features whose float32 Gram matrix exceeds ``cache_size``
    (:func:`svmbook.solvers.smo.choose_mode`), else ``"faithful"``; the choice is in
    ``smo_mode_``. Other solvers ignore it.""",
    "shrinking": """shrinking : bool, default=True
    LIBSVM's shrinking heuristic (SMO).""",
    "max_iter": """max_iter : int, default=-1
    Iteration cap per machine; -1 is the solver's default (LIBSVM's ``max(10^7, 100 n)`` for
    SMO). Hitting it warns with ``ConvergenceWarning`` and keeps the current (feasible)
    solution; ``fit_status_=1``. Unlike scikit-learn, where -1 means no cap at all, a fit
    always ends: on a few ill-conditioned problems (large C, linear kernel) scikit-learn runs
    on for 10^8 iterations and more where this stops at 10^7 and warns.""",
    "class_weight": """class_weight : dict or "balanced", default=None
    ``C`` of class ``k`` is ``class_weight[k] * C`` (SMO only).""",
    "decision_function_shape": """decision_function_shape : {"ovr", "ovo"}, default="ovr"
    Shape of ``decision_function`` with more than two classes (scikit-learn's meaning).""",
    "break_ties": """break_ties : bool, default=False
    With ``decision_function_shape="ovr"`` and more than two classes, predict the argmax of
    ``decision_function`` instead of the one-vs-one vote.""",
    "probability": """probability : bool, default=False
    Fit Platt's sigmoids at ``fit`` (LIBSVM's method: five refits of each machine on four
    fifths of its samples, :mod:`svmbook.svm.probability`) so that :meth:`predict_proba` is
    available; it makes ``fit`` about six times slower. scikit-learn 1.9 deprecates this
    parameter in favour of ``CalibratedClassifierCV(SVC(), ensemble=False)``, which works with
    this class too; svmbook keeps LIBSVM's method.""",
    "random_state": """random_state : int, numpy.random.Generator or RandomState, default=None
    Draws the folds of ``probability=True``; unused otherwise.""",
    "multiclass": """multiclass : {"ovo", "ovr"}, default="ovo"
    More than two classes: LIBSVM's one-vs-one machines, or one machine per class against
    the rest (``dual_coef_`` of shape (n_classes, n_SV), ``intercept_`` (n_classes,)).""",
    "warm_start": _warm_start_doc(
        what="``C``, the kernel parameters or the solver settings (``tol``, ``max_iter``, "
        "``cache_size``, ``shrinking``)",
        how=_C_SEEDING,
        kernel_change="the previous support vectors are the initial working set (C-SVC, "
        "eps-SVR: the problem restricted to them first) or, for nu-SVR, the previous alpha the "
        "start.",
    ),
}


# the entries of the nu formulations, whose solvers also include the nearest-point ones
_TOL_NP = """tol : float, default=1e-3
    Stopping tolerance (LIBSVM's eps for ``"smo"``; the relative nearest-point gap else)."""
_WARM_START_NU = _warm_start_doc(
    what="the kernel parameters or the solver settings (``tol``, ``max_iter``, ``cache_size``, "
    "``shrinking``)",
    how="The previous ``alpha`` is the start (no constraint involves the kernel, so it stays "
    "feasible).",
    kernel_change="this start is kept.",
)
_NU_SOLVER = """solver : {"smo", "wsk_fast", "sk", "wsk", "gilbert", "mdm", "tao"}, \
default="smo"
    ``"smo"``: LIBSVM's solver, reproduced. The others solve the same problem as a
    nearest-point problem of reduced hulls (Goodrich 2012, ch. 5;
    :mod:`svmbook.solvers.nearest_point`, relative nearest-point stop at ``tol``, then polished
    by MDM to the relative KKT condition at ``tol``) and report the model in LIBSVM's scale."""


#: Sections shared by the docstrings, inserted as they are (no extra indent).
_SECTION_DOCS = {
    "notes_sklearn": """Notes
-----
scikit-learn's own SVM tests (``sklearn/svm/tests/test_svm.py``) pass with this class in place
of scikit-learn's, except where svmbook differs on purpose: ``probability=True`` and
``probA_``/``probB_`` are not deprecated (LIBSVM's Platt scaling is kept); a callable kernel
receives the validated float array (non-numeric data go through ``kernel="precomputed"``) and
its output shape is checked at ``fit``; predicting on sparse input after a dense fit works;
``dual_coef_`` stays dense after a sparse fit; data whose variance overflows are refused with
``gamma="scale"`` before the fit, naming the cause. ``tests/svm/test_sklearn_suite.py`` runs
that module and holds this list.""",
}


def _documented(**own):
    """Return a class decorator that composes the class docstring.

    Its line ``{parameters}`` becomes the Parameters section, one entry per ``__init__``
    parameter in the signature's order: the entry in ``own`` where the class words it its own
    way, else the one of :data:`_PARAM_DOCS`; the other ``{key}`` lines are :data:`_SECTION_DOCS`.

    Parameters
    ----------
    **own
        ``{parameter: numpydoc entry}`` of the class.

    Returns
    -------
    callable
        The decorator; it returns the class itself, its ``__doc__`` composed.
    """

    def decorate(cls):
        names = list(inspect.signature(cls.__init__).parameters)[1:]
        entries = {**_PARAM_DOCS, **own}
        parameters = "\n".join(["Parameters", "----------"] + [entries[name] for name in names])
        cls.__doc__ = compose(cls.__doc__, {**_SECTION_DOCS, "parameters": parameters})
        return cls

    return decorate


# the constraints of the problems only the SMO core solves: finite C, no qp options
_SMO_ONLY = {
    **{k: v for k, v in BaseSVM._parameter_constraints.items() if k not in ("bias", "infeasible")},
    "solver": [StrOptions({"smo"})],
    "C": [Interval(Real, 0.0, None, closed="neither")],
}


# the settings of the nu and mu problems, which have neither C's qp options nor a loss
_NO_C = {"C": None, "bias": "explicit", "infeasible": "raise", "epsilon": None, "loss": None,
         "delta": None}  # fmt: skip
# the nearest-point settings of the estimators without a stop parameter: the solvers' default rule,
# polished to the relative KKT condition (as MuSVC's default)
_NO_MU = {"mu": None, "threshold": None, "stop": "relative_np", "history": False, "polish": True}


@_documented(
    C="""C : float, default=1.0
    Box bound on the multipliers (> 0). ``np.inf`` is the hard margin: with ``solver="qp"``
    infeasible data raise :class:`svmbook.qp.InfeasibleProblemError` unless
    ``infeasible="ridge"``; the SMO core (no upper bound then, as LIBSVM) runs on such data
    until ``max_iter`` and warns.""",
    solver="""solver : {"smo", "qp"}, default="smo"
    ``"smo"``: the numba SMO core (LIBSVM's algorithm; explicit bias; ``sample_weight`` and
    ``class_weight``). ``"qp"``: cvxopt interior point, the reference solver and the only one
    for ``bias="implicit"`` and ``infeasible="ridge"``; the Gunn chapters use it.""",
)
class SVC(BaseSVC):
    """C-support vector classifier: reference QP or LIBSVM's SMO; binary and multiclass.

    ``f(x) = sum_i dual_coef_i K(x_i, x) + intercept_``, predicting ``classes_[1]`` where ``f > 0``
    (binary). The dual (Gunn 1998, eq. 2.35-2.36) is solved by :func:`svmbook.qp.svc_dual`
    (``solver="qp"``) or by the numba SMO core (``solver="smo"``, as LIBSVM's ``solve_c_svc``).
    More than two classes: one-vs-one as LIBSVM (``dual_coef_``/``intercept_`` laid out as
    scikit-learn's) or ``multiclass="ovr"``, with either solver.

    {parameters}

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    class_weight_ : ndarray of shape (n_classes,)
        The weight of each class.
    support_ : ndarray of shape (n_SV,)
        Indices of the support vectors (SMO and multiclass: grouped by class, as scikit-learn;
        binary qp: increasing).
    support_vectors_ : ndarray of shape (n_SV, n_features)
        Empty for ``kernel="precomputed"``.
    n_support_ : ndarray of shape (n_classes,)
        Support vectors per class.
    dual_coef_ : ndarray of shape (n_classes - 1, n_SV)
        Binary: ``y_i alpha_i`` with ``y = +1`` for ``classes_[1]``; one-vs-one: LIBSVM's layout.
    intercept_ : ndarray of shape (n_classes * (n_classes - 1) / 2,)
        The constant of each machine's decision function.
    objective_ : float or ndarray
        Dual objective per machine.
    margin_, b_interval_ : float, tuple
        Binary ``solver="qp"`` only: ``2 / ||w||`` and the interval of optimal biases.
    coef_ : ndarray of shape (n_machines, n_features)
        Linear kernel only (read-only).
    n_iter_ : ndarray of shape (n_machines,) (int for binary qp)
        Iterations per machine.
    fit_status_ : int
        0 if every machine converged, 1 if one stopped at ``max_iter``.
    probA_, probB_ : ndarray of shape (n_machines,)
        Platt's sigmoid ``1 / (1 + exp(probA_ f + probB_))`` of each machine, ``f`` its decision
        value in LIBSVM's orientation (positive for the pair's first class); empty unless
        ``probability=True``.
    shape_fit_, bias_, n_features_in_
        Training shape, resolved bias, number of features.
    kernel_, gamma_
        The fitted kernel (a :class:`svmbook.kernels.Kernel` with ``gamma`` resolved, the
        callable given, or None for ``"precomputed"``) and the number ``gamma`` stood for.

    See Also
    --------
    NuSVC : Pick it to set the fraction ``nu`` of margin errors and support vectors instead of
        ``C``, whose scale depends on the data.
    MuSVC : Pick it for the geometric reading, the nearest points of reduced convex hulls
        (chapters 7 and 10) and their nearest-point solvers (chapter 9).
    sklearn.svm.SVC : LIBSVM in C; ``solver="smo"`` reproduces it iteration by iteration (the
        SMO chapter, chapter 6; the hard margin and kernels are chapters 2 and 3).

    {notes_sklearn}

    References
    ----------
    S. R. Gunn, "Support Vector Machines for Classification and Regression", Technical Report,
    University of Southampton, 1998. C.-C. Chang and C.-J. Lin, "LIBSVM: a library for support
    vector machines", ACM TIST 2(3), 2011.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVC
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0], [3.0, 1.0]])
    >>> y = np.array([0, 0, 1, 1])
    >>> clf = SVC(kernel="linear", C=100.0).fit(X, y)  # SMO, LIBSVM's algorithm
    >>> clf.predict([[0.5, 0.5], [2.5, 0.5]])
    array([0, 1])
    >>> hard = SVC(kernel="linear", C=np.inf, solver="qp").fit(X, y)  # the hard margin (cvxopt)
    >>> round(hard.margin_, 6)
    1.414214
    """

    _impl = "svc"
    _fixed_params = {"nu": None, "epsilon": None, "loss": None, "delta": None, **_NO_MU}

    def __init__(
        self,
        C=1.0,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        *,
        shrinking=True,
        tol=1e-3,
        cache_size=200,
        smo_mode="auto",
        class_weight=None,
        max_iter=-1,
        decision_function_shape="ovr",
        break_ties=False,
        probability=False,
        random_state=None,
        bias="explicit",
        solver="smo",
        infeasible="raise",
        kernel_params=None,
        multiclass="ovo",
        warm_start=False,
    ):
        self._set_params_from(locals())


@_documented(
    nu="""nu : float, default=0.5
    In (0, 1]; an infeasible ``nu`` (``nu * (n_1 + n_2) / 2 > min(n_1, n_2)`` for a pair)
    raises ``ValueError``.""",
    tol=_TOL_NP,
    class_weight="""class_weight : dict or "balanced", default=None
    Accepted for scikit-learn compatibility and ignored, as in LIBSVM's nu-SVC.""",
    solver=_NU_SOLVER
    + """
    The nearest-point problem is the mu-SVM's with ``mu = 2 / (nu sum(w))``.""",
    warm_start=_WARM_START_NU,
)
class NuSVC(BaseSVC):
    """nu-support vector classifier (Schoelkopf et al. 2000) solved by SMO (LIBSVM's Solver_NU).

    ``nu`` in (0, 1] is an upper bound on the fraction of margin errors and a lower bound on the
    fraction of support vectors. There is no reference QP for the nu formulations in
    :mod:`svmbook.qp` (the nu-SVC is the mu-SVM of :class:`MuSVC` with ``mu = 2 / (nu n)``,
    whose oracle is :func:`svmbook.qp.mu_svm_dual`). Multiclass as :class:`SVC`.

    {parameters}

    Attributes
    ----------
    classes_, class_weight_, support_, support_vectors_, n_support_, dual_coef_, intercept_
        As in :class:`SVC` (``dual_coef_`` rescaled by ``1/r`` as LIBSVM).
    n_iter_, fit_status_, objective_, coef_, probA_, probB_, shape_fit_, n_features_in_,
    kernel_, gamma_
        As in :class:`SVC`.

    See Also
    --------
    SVC : The same machines parametrised by ``C``; ``NuSVC(nu)`` equals ``SVC(C=1/r)``. Pick it
        for a direct ``C`` or the hard margin (chapters 2 and 6).
    MuSVC : The same problem read as the nearest points of reduced hulls, ``mu = 2 / (nu n)``;
        pick it for the geometry, thresholds and equivalent C of chapters 7 and 10.
    sklearn.svm.NuSVC : LIBSVM; reproduced iteration by iteration.

    {notes_sklearn}

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import NuSVC
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0], [3.0, 1.0]])
    >>> y = np.array([0, 0, 1, 1])
    >>> NuSVC(kernel="linear", nu=0.5).fit(X, y).predict([[0.5, 0.5], [2.5, 0.5]])
    array([0, 1])
    """

    _impl = "nu_svc"
    _fixed_params = {**_NO_C, **_NO_MU}

    _parameter_constraints: dict = {
        **{k: v for k, v in BaseSVC._parameter_constraints.items()
           if k not in ("C", "bias", "infeasible")},
        "nu": [Interval(Real, 0.0, 1.0, closed="right")],
        "solver": [StrOptions({"smo", *NEAREST_POINT_SOLVERS})],
    }  # fmt: skip

    def __init__(
        self,
        nu=0.5,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        *,
        shrinking=True,
        tol=1e-3,
        cache_size=200,
        smo_mode="auto",
        class_weight=None,
        max_iter=-1,
        decision_function_shape="ovr",
        break_ties=False,
        probability=False,
        random_state=None,
        solver="smo",
        kernel_params=None,
        multiclass="ovo",
        warm_start=False,
    ):
        self._set_params_from(locals())


@_documented(
    mu="""mu : float or "auto", default="auto"
    The reduction of the hulls, usually in (0, 1] (``1/mu`` is the least number of points
    a hull's vertex mixes; ``mu >= 1`` with unit weights is the hard margin). With weights
    the bounds are ``s_i mu``, so ``mu > 1`` is meaningful when weights are below 1.
    ``"auto"``: per machine Goodrich's ``1 / (0.9 kappa)`` (section 4.4.5, ``kappa`` the
    weight of the lighter class), the smallest hulls short of the centroids:
    always feasible, whereas a fixed mu must satisfy ``mu * kappa >= 1`` and, to give a
    classifier, be small enough that the two hulls do not intersect
    (:class:`svmbook.exceptions.HullsIntersectError`, a ``ValueError``, otherwise).""",
    solver="""solver : {"wsk_fast", "smo", "qp", "sk", "wsk", "gilbert", "mdm", "tao"}, \
default="wsk_fast"
    ``"qp"``: the cvxopt oracle :func:`svmbook.qp.mu_svm_dual`. ``"smo"``: the SMO core with
    LIBSVM's second-order working sets (:mod:`svmbook.solvers.smo`, nu formulation, ``alpha
    = mu a``). The others: the nearest-point solvers of Goodrich ch. 5
    (:func:`svmbook.solvers.nearest_point.solve_nearest_point`): Schlesinger-Kozinec,
    weighted S-K, Gilbert, MDM (equal to the thesis's SMO of section 5.3, which takes the
    maximal violating pair), Tao's S-K/MDM hybrid, and the efficient WSK of section 5.6.""",
    threshold="""threshold : {"kkt", "geometric", "platt"}, default="kkt"
    The threshold ``b`` (Goodrich 4.3): KKT (4.8) (the midpoint of its interval when no
    free support vector pins it; the interval is ``b_interval_``), geometric (4.9) (halfway
    between the nearest points) or Platt's probabilistic one. Caps ``s_i mu >= 1`` are
    implied by the class sums and taken as non-binding, so at ``mu = 1``, where the primal
    is degenerate and :func:`svmbook.qp.mu_svm_dual` reports an interval, the KKT threshold
    is the hard margin's (chapter 10).""",
    stop="""stop : {"relative_np", "absolute_np", "relative_kkt", "absolute_kkt"}, \
default="relative_np"
    Stopping condition of the nearest-point solvers (Goodrich 5.2.4); ``"smo"`` stops on
    LIBSVM's KKT gap relative to the margin and ``"qp"`` solves to optimality.""",
    polish="""polish : bool, default=True
    After ``stop`` is met, continue with MDM pair steps until the relative KKT condition
    holds at ``tol`` as well (nearest-point solvers only). The nearest-point conditions
    bound the error of ``||w||``, not of the threshold: without the polish, S-K, Gilbert and
    WSK at ``tol=1e-3`` can return a threshold off by more than its own size (chapter 9).
    ``polish=False`` runs the thesis's method as printed.""",
    tol="""tol : float, default=1e-3
    Tolerance of the stopping condition (``"smo"``: LIBSVM's KKT gap below ``tol`` times
    the margin, a relative KKT condition).""",
    class_weight="""class_weight : dict or "balanced", default=None
    Class weights multiply the per-point weights ``s_i`` of the weighted hulls.""",
    history="""history : bool, default=False
    Record the per-iteration history of the nearest-point solvers (``history_``).""",
)
class MuSVC(BaseMuSVC):
    r"""mu-SVM (Goodrich 2012): the bisector of the nearest points of two (weighted) reduced hulls.

    The dual is Goodrich's (2.26)/(4.11): ``min 1/2 || sum_{pos} alpha_i phi(x_i) - sum_{neg}
    alpha_i phi(x_i) ||^2`` with ``sum_{pos} alpha_i = sum_{neg} alpha_i = 1`` and
    ``0 <= alpha_i <= s_i mu``: the nearest points of the reduced convex hulls RCH(X_pos, mu) and
    RCH(X_neg, mu), with per-point weights ``s_i`` (``sample_weight`` times ``class_weight``)
    giving weighted hulls. ``mu = 1`` is the hard margin (the convex hulls); each class needs
    ``mu * sum_{class} s_i >= 1`` (at equality its hull is its weighted centroid). The decision
    function is ``f(x) = sum_i alpha_i y_i K(x_i, x) + b`` with ``b`` the chosen threshold; the
    equivalent C-SVM has ``C = mu / rho`` in this scale (Goodrich's ``C = mu / (2 rho)`` with the
    primal's rho; :mod:`svmbook.convert`). Multiclass: one-vs-one or one-vs-rest as :class:`SVC`.

    {parameters}

    Attributes
    ----------
    classes_, support_, support_vectors_, n_support_, dual_coef_, intercept_, n_iter_,
    fit_status_, objective_, coef_, probA_, probB_, shape_fit_, n_features_in_, kernel_, gamma_
        As in :class:`SVC`; ``objective_`` is ``1/2 ||w||^2`` of the nearest-point problem.
    alpha_ : ndarray of shape (n_machines, n_samples)
        The nearest-point multipliers (class sums 1) of each binary machine over all samples
        (zero outside the machine's two classes).
    mu_ : ndarray of shape (n_machines,)
        The mu of each machine (``mu``, or its ``"auto"`` value).
    b_interval_ : ndarray of shape (n_machines, 2)
        The KKT-consistent offsets of each machine: the interval of ``intercept_[k]`` (the book's
        ``b``) that satisfies the KKT conditions.
    rho_ : ndarray of shape (n_machines,)
        The margin parameter rho of (4.8) (:func:`svmbook.thresholds.b_kkt`). When no free
        support vector pins it (e.g. a class at its centroid, ``mu = 1 / n_class``) it is the
        smallest KKT-consistent value.
    C_ : ndarray of shape (n_machines,)
        The equivalent C-SVM's C, ``mu / rho``. When rho is not pinned, every C in
        ``mu / rho_interval`` (:func:`svmbook.thresholds.b_kkt`) gives the same classifier, and
        ``C_`` is the largest of them. Infinite where ``rho_ <= 0``, which no optimum has
        (``rho >= ||w||^2 / 2``): a fit the solver stopped at its step cap (``fit_status_``).
    w_norm_ : ndarray of shape (n_machines,)
        Distance between the nearest points, ``||w||``.
    history_ : list of dict or None
        Per machine, the solver's history (``history=True``, nearest-point solvers).

    See Also
    --------
    SVC : The same classifiers parametrised by ``C`` (``C_`` converts); pick it for LIBSVM's
        model and scikit-learn's layout (chapters 2, 3 and 6).
    NuSVC : The same classifiers in LIBSVM's nu scale; pick it to compare with LIBSVM.
    svmbook.qp.mu_svm_dual : The reference QP the geometric chapters (7, 9 and 10) check the
        solvers against.

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import MuSVC
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [2.0, 0.0], [2.0, 1.0]])
    >>> y = np.array([0, 0, 1, 1])
    >>> clf = MuSVC(mu=1.0, kernel="linear", solver="qp").fit(X, y)
    >>> clf.predict([[0.4, 0.5], [1.6, 0.5]]), round(float(clf.w_norm_[0]), 6)
    (array([0, 1]), 2.0)
    """

    _impl = "mu_svc"
    _fixed_params = {**_NO_C, "nu": None, "warm_start": False}

    _parameter_constraints: dict = {
        **{k: v for k, v in BaseSVC._parameter_constraints.items()
           if k not in ("C", "bias", "infeasible", "warm_start")},
        "mu": [Interval(Real, 0.0, None, closed="neither"), StrOptions({"auto"})],
        "solver": [StrOptions({"qp", "smo", *NEAREST_POINT_SOLVERS})],
        "threshold": [StrOptions({"kkt", "geometric", "platt"})],
        "stop": [StrOptions({"relative_np", "absolute_np", "relative_kkt", "absolute_kkt"})],
        "history": ["boolean"],
        "polish": ["boolean"],
    }  # fmt: skip

    def __init__(
        self,
        mu="auto",
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        *,
        solver="wsk_fast",
        threshold="kkt",
        stop="relative_np",
        polish=True,
        tol=1e-3,
        shrinking=True,
        cache_size=200,
        smo_mode="auto",
        class_weight=None,
        max_iter=-1,
        history=False,
        decision_function_shape="ovr",
        break_ties=False,
        probability=False,
        random_state=None,
        kernel_params=None,
        multiclass="ovo",
    ):
        self._set_params_from(locals())


@_documented(
    C="""C : float, default=1.0
    Loss weight (> 0); ``np.inf`` is the hard tube ``|y - f| <= epsilon``.""",
    epsilon="""epsilon : float, default=0.1
    Half-width of the insensitive tube; used by ``loss="epsilon_insensitive"`` only.""",
    loss="""loss : {"epsilon_insensitive", "laplace", "quadratic", "huber"}, \
default="epsilon_insensitive"
    ``"laplace"``: ``|y - f|`` (eq. 5.10-5.11). ``"quadratic"``: ``(y - f)^2``, i.e. kernel
    ridge regression with ``lambda = 1/(2C)`` and an unpenalised bias. ``"huber"``: eq.
    5.19-5.20, width ``delta``. Only ``"epsilon_insensitive"`` with ``solver="smo"``.""",
    delta="""delta : float, default=None
    Width of the Huber loss (> 0; Gunn's mu, named apart from the hull reduction ``mu`` of
    :class:`MuSVC`); required with ``loss="huber"``, ignored otherwise.""",
    solver="""solver : {"smo", "qp"}, default="smo"
    ``"smo"``: the numba SMO core (LIBSVM's ``solve_epsilon_svr``; explicit bias, the
    epsilon-insensitive loss, ``sample_weight``). ``"qp"``: cvxopt interior point, the
    reference solver and the only one for ``bias="implicit"``, ``infeasible="ridge"`` and the
    laplace, quadratic and Huber losses.""",
)
class SVR(BaseSVR):
    """Support vector regression: reference QP with four losses (Gunn 1998, chapter 5) or SMO.

    ``f(x) = sum_i dual_coef_i K(x_i, x) + intercept_`` with ``dual_coef_ = beta = alpha - alpha*``,
    solved by :func:`svmbook.qp.svr_dual` (``solver="qp"``) or by the numba SMO core
    (``solver="smo"``: LIBSVM's ``solve_epsilon_svr``; epsilon-insensitive loss, finite C,
    explicit bias).

    {parameters}

    Attributes
    ----------
    support_ : ndarray of shape (n_SV,)
    support_vectors_ : ndarray of shape (n_SV, n_features)
    dual_coef_ : ndarray of shape (1, n_SV)
        ``beta_i = alpha_i - alpha*_i``.
    intercept_ : ndarray of shape (1,)
    b_interval_ : tuple of float
        qp only.
    objective_ : float
    coef_ : ndarray of shape (1, n_features)
        Linear kernel only (read-only).
    n_iter_, fit_status_, bias_, shape_fit_, n_features_in_, kernel_, gamma_
        As in :class:`SVC` (``n_iter_`` an int).

    See Also
    --------
    NuSVR : Pick it to choose the fraction ``nu`` of points outside the tube instead of its
        width ``epsilon``.
    sklearn.svm.SVR : LIBSVM; the epsilon-insensitive loss with ``bias="explicit"`` only.
    SVC : Classification. The regression chapter (chapter 5, after Gunn's chapter 5) derives
        the four duals of this class.

    {notes_sklearn}

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import SVR
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> y = np.array([0.0, 1.0, 2.0, 3.0])
    >>> reg = SVR(kernel="linear", C=10.0, epsilon=0.5).fit(X, y)
    >>> np.round(reg.predict([[1.5], [4.0]]), 6)  # the flattest line within 0.5 of every point
    array([1.5     , 3.166667])
    """

    _impl = "svr"
    _fixed_params = {"nu": None, **_NO_MU}

    _parameter_constraints: dict = {
        **BaseSVM._parameter_constraints,
        "epsilon": [Interval(Real, 0.0, None, closed="left")],
        "loss": [StrOptions({"epsilon_insensitive", "laplace", "quadratic", "huber"})],
        "delta": [Interval(Real, 0.0, None, closed="neither"), None],
    }

    def __init__(
        self,
        C=1.0,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        epsilon=0.1,
        *,
        loss="epsilon_insensitive",
        delta=None,
        shrinking=True,
        tol=1e-3,
        cache_size=200,
        smo_mode="auto",
        max_iter=-1,
        bias="explicit",
        solver="smo",
        infeasible="raise",
        kernel_params=None,
        warm_start=False,
    ):
        self._set_params_from(locals())


@_documented(
    nu="""nu : float, default=0.5
    In (0, 1]: an upper bound on the fraction of points outside the tube and a lower bound
    on the fraction of support vectors.""",
    C="""C : float, default=1.0
    Box bound on the multipliers (finite, > 0).""",
    tol="""tol : float, default=1e-3
    Stopping tolerance of the SMO solver (LIBSVM's eps).""",
    solver="""solver : {"smo"}, default="smo"
    The SMO core (LIBSVM's ``solve_nu_svr``).""",
)
class NuSVR(BaseSVR):
    """nu-support vector regression (Schoelkopf et al. 2000) solved by SMO (LIBSVM's Solver_NU).

    ``nu`` in (0, 1] bounds the fraction of points outside the tube (above) and of support
    vectors (below); the tube half-width is learned (``epsilon_``). SMO only: :mod:`svmbook.qp`
    has no nu formulation.

    {parameters}

    Attributes
    ----------
    epsilon_ : float
        The fitted tube half-width ``-r``.
    support_, support_vectors_, dual_coef_, intercept_, n_iter_, fit_status_, objective_, coef_,
    shape_fit_, n_features_in_, kernel_, gamma_
        As in :class:`SVR`.

    See Also
    --------
    SVR : Pick it to fix the tube width ``epsilon``, or for the laplace, quadratic and Huber
        losses and the hard tube (chapter 5).
    sklearn.svm.NuSVR : LIBSVM; reproduced iteration by iteration.

    {notes_sklearn}

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import NuSVR
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> y = np.array([0.0, 1.0, 2.0, 3.0])
    >>> reg = NuSVR(kernel="linear", C=10.0, nu=0.5).fit(X, y)
    >>> bool(abs(reg.predict([[1.5]])[0] - 1.5) < 0.5)
    True
    """

    _impl = "nu_svr"
    _fixed_params = {"bias": "explicit", "infeasible": "raise", "epsilon": None,
                     "loss": "epsilon_insensitive", "delta": None, **_NO_MU}  # fmt: skip

    _parameter_constraints: dict = {
        **_SMO_ONLY,
        "nu": [Interval(Real, 0.0, 1.0, closed="right")],
    }

    def __init__(
        self,
        *,
        nu=0.5,
        C=1.0,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        shrinking=True,
        tol=1e-3,
        cache_size=200,
        smo_mode="auto",
        max_iter=-1,
        solver="smo",
        kernel_params=None,
        warm_start=False,
    ):
        self._set_params_from(locals())


@_documented(
    tol=_TOL_NP,
    nu="""nu : float, default=0.5
    In (0, 1]: an upper bound on the fraction of outliers and a lower bound on the fraction
    of support vectors.""",
    solver=_NU_SOLVER
    + """
    The nearest-point problem is the minimum-norm point of the reduced hull with
    ``mu = 1 / (nu sum(w))`` (Goodrich section 5.9,
    :func:`svmbook.solvers.nearest_point.solve_min_norm_point`).""",
    warm_start=_WARM_START_NU,
)
class OneClassSVM(BaseOneClass):
    """One-class SVM (Schoelkopf et al. 2001) solved by SMO (LIBSVM's ``solve_one_class``).

    ``decision_function(x) = sum_i dual_coef_i K(x_i, x) - offset_``; ``predict`` is +1 (inlier)
    where it is > 0 and -1 elsewhere, as LIBSVM. ``nu`` in (0, 1] bounds the fraction of outliers
    (above) and of support vectors (below). SMO only (no reference QP for the nu formulations).

    {parameters}

    Attributes
    ----------
    support_, support_vectors_, dual_coef_, intercept_, n_iter_, fit_status_, objective_, coef_,
    shape_fit_, n_features_in_, kernel_, gamma_
        As in :class:`SVR` (``dual_coef_ = alpha``, LIBSVM's unnormalised scaling).
    offset_ : float
        LIBSVM's ``rho``: ``decision_function = score_samples - offset_``.

    See Also
    --------
    sklearn.svm.OneClassSVM : LIBSVM; reproduced iteration by iteration.
    MuSVC : Two classes instead of one; its nearest-point solvers (chapter 9) are the ones
        ``solver`` names here, on one reduced hull.

    {notes_sklearn}

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook import OneClassSVM
    >>> X = np.array([[0.0], [0.1], [0.2], [0.3]])
    >>> OneClassSVM(gamma=1.0, nu=0.5).fit(X).predict([[0.15], [5.0]])
    array([ 1, -1])
    """

    _impl = "one_class"
    _fixed_params = _NO_C | _NO_MU

    _parameter_constraints: dict = {
        **{k: v for k, v in _SMO_ONLY.items() if k != "C"},
        "nu": [Interval(Real, 0.0, 1.0, closed="right")],
        "solver": [StrOptions({"smo", *NEAREST_POINT_SOLVERS})],
    }

    def __init__(
        self,
        *,
        kernel="rbf",
        degree=3,
        gamma="scale",
        coef0=0.0,
        tol=1e-3,
        nu=0.5,
        shrinking=True,
        cache_size=200,
        smo_mode="auto",
        max_iter=-1,
        solver="smo",
        kernel_params=None,
        warm_start=False,
    ):
        self._set_params_from(locals())
