"""``InputMarginSVC``: the classifier of Akaho (2002), with scikit-learn's API."""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from .._atomic_fit import atomic_fit
from .._docstrings import shared_docs
from .._validation import (
    check_bool,
    check_int,
    check_option,
    check_points,
    check_positive,
    check_two_classes,
)
from ..kernels import get_kernel
from ..qp import InfeasibleProblemError, svc_dual
from .algorithm import SIMPLIFIED_QPS, StepError, algorithm_step, simplified_step, support_of
from .derivatives import differentiable_kernel
from .expansion import KernelExpansion
from .foot import margin_estimate, metric_matrices

__all__ = ["ALGORITHMS", "SELECTIONS", "InputMarginSVC", "InputMarginStep"]

#: The points the fitted classifier evaluates at, documented once.
_points_docs = shared_docs({"points": "X : array-like of shape (n, n_features)\n    The points."})

#: ``InputMarginSVC(algorithm=...)``: Algorithm 1 or the simplified algorithm of section 6.
ALGORITHMS = ("full", "simplified")
#: ``InputMarginSVC(select=...)``: the step with the largest estimated margin, or the last.
SELECTIONS = ("best_margin", "last")


def _kernel(kernel, gamma, degree, coef0):
    """Resolve the kernel: a ``Kernel`` as given, or a name with scikit-learn's parameters."""
    if isinstance(kernel, str):
        check_option("kernel", kernel, ("rbf", "poly", "linear"))
        gamma = check_positive("gamma", gamma)
        kernel = get_kernel(kernel, degree=degree, gamma=gamma, coef0=coef0)
    return differentiable_kernel(kernel)


@dataclass(frozen=True)
class InputMarginStep:
    """One step of a fit, kept so that figures can be drawn without refitting.

    Attributes
    ----------
    expansion : KernelExpansion
        The discriminant after the step (step 0: the SVM).
    margin : float
        Its estimated input-space margin (:func:`~svmbook.input_margin.margin_estimate`).
    distances : ndarray of shape (n,)
        The signed per-point distances of the estimate.
    feet : ndarray of shape (n, m)
        The feet ``x_hat_i`` of the margin estimate, one per training point, under this
        discriminant (not the centres ``expansion.centres`` of its basis functions, which are
        Algorithm 1's own foot estimates).
    alpha : ndarray of shape (n,)
        The QP's multipliers.
    g : ndarray of shape (n,)
        ``g_hat`` of the step's QP (ones for the SVM).
    qp_status : int
        0 when the QP's answer is certified optimal.
    foot_status : ndarray of int of shape (n,) or None
        Per-point status of the step's foot update (12) (None for step 0 and the simplified
        algorithm).
    """

    expansion: KernelExpansion
    margin: float
    distances: np.ndarray
    feet: np.ndarray
    alpha: np.ndarray
    g: np.ndarray
    qp_status: int
    foot_status: np.ndarray | None


class InputMarginSVC(ClassifierMixin, BaseEstimator):
    """Binary classifier with a large margin in the input space (Akaho 2002).

    Starts from the ordinary SVM and runs ``n_steps`` steps of Algorithm 1 (or of the simplified
    algorithm of section 6), each of which linearises the input-space distance of every training
    point at its estimated foot on the boundary and solves an SVM-like QP; the step with the
    largest estimated input-space margin is kept (the "crude method" of section 3.6; step 0, the
    SVM, is a candidate, so the margin never falls below the SVM's estimate).

    Parameters
    ----------
    kernel : {"rbf", "poly", "linear"} or Kernel, default="rbf"
        A differentiable kernel (:func:`~svmbook.input_margin.differentiable_kernel`); names
        use scikit-learn's parameters ``gamma``, ``degree`` and ``coef0``.
    gamma : float, default=0.5
        ``exp(-gamma ||x - y||^2)`` (``0.5`` is Akaho's ``sigma^2 = 1``), or the polynomial's
        scale.
    degree : int, default=3
        The polynomial's degree.
    coef0 : float, default=1.0
        The polynomial's constant.
    C : float, default=np.inf
        The box of the soft margin (19)-(21); ``np.inf`` is the hard margin of the paper's
        experiments. Hard-margin duals of narrow kernels have multipliers of 1e3-1e5; a large
        finite ``C`` is the practical alternative when their QPs cannot be certified.
    metric : None, array-like of shape (m, m) or callable, default=None
        The input metric ``G``: None (Euclidean), one symmetric positive-definite matrix, or a
        callable ``x -> G(x)`` evaluated at each training point.
    n_steps : int, default=5
        Steps after the SVM (the paper runs 5).
    n_foot_iter : int, default=10
        Updates (12) per point in each foot update and margin estimate.
    foot_tol : float, default=1e-10
        Their convergence tolerance.
    algorithm : {"full", "simplified"}, default="full"
        Algorithm 1, or the simplified algorithm (no foot update, no ``eta_hat``).
    simplified_qp : {"exact", "rescaled_kernel"}, default="exact"
        The simplified algorithm's QP: exact (linear term ``-g_hat``), or the paper's recipe of a
        standard SVM on the kernel ``k_ij / (g_i g_j)``, which changes the equality constraint
        and so the bias (:func:`~svmbook.input_margin.simplified_step`).
    select : {"best_margin", "last"}, default="best_margin"
        Keep the step with the largest estimated margin, or the last step.
    rcond : float, default=1e-10
        The least-squares cut-off of the projection (18).
    slow_down : bool, default=False
        Slow every foot iteration down where Proposition 1 predicts an unstable local minimum
        (section 3.4, :func:`~svmbook.input_margin.foot_of_perpendicular`'s ``hessian``). The
        paper describes the remedy as costly and does not use it in its simulations.

    Notes
    -----
    The estimated margin of a step (:func:`~svmbook.input_margin.margin_estimate`) is the
    smallest distance of a training point to the boundary, signed by ``y_i f(x_i)``: the
    linearised QP does not enforce the paper's ``y_i f(x_i) > 0`` (section 2), and a step that
    misclassifies a training point gets a negative margin and is never selected over the SVM.
    With a finite ``C`` the estimate still runs over all training points, so margin errors
    count against a step. Each estimate runs the iteration (12) from the points and from the
    step's foot estimates and keeps, per point, the nearer foot.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The labels; ``classes_[1]`` is the positive class.
    kernel_ : Kernel
        The resolved kernel.
    steps_ : list of InputMarginStep
        Step 0 (the SVM) and every completed step.
    margins_ : ndarray
        The estimated input-space margin of each step, one per entry of ``steps_``.
    best_step_ : int
        The selected step.
    input_margin_ : float
        Its estimated margin.
    svm_margin_ : float
        The SVM's (step 0).
    expansion_ : KernelExpansion
        The selected discriminant.
    support_ : ndarray of int
        Training points whose centre carries a coefficient in ``expansion_``.
    n_steps_ : int
        Completed steps (``n_steps`` unless one failed).
    stop_reason_ : str or None
        Why the steps stopped early (None when all ran).
    """

    def __init__(self, kernel="rbf", *, gamma=0.5, degree=3, coef0=1.0, C=np.inf, metric=None,
                 n_steps=5, n_foot_iter=10, foot_tol=1e-10, algorithm="full",
                 simplified_qp="exact", select="best_margin", rcond=1e-10,
                 slow_down=False):  # fmt: skip
        self.kernel = kernel
        self.gamma = gamma
        self.degree = degree
        self.coef0 = coef0
        self.C = C
        self.metric = metric
        self.n_steps = n_steps
        self.n_foot_iter = n_foot_iter
        self.foot_tol = foot_tol
        self.algorithm = algorithm
        self.simplified_qp = simplified_qp
        self.select = select
        self.rcond = rcond
        self.slow_down = slow_down

    @atomic_fit
    def fit(self, X, y):
        """Fit the SVM, then run the steps and keep the selected one.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training points.
        y : array-like of shape (n_samples,)
            Two classes.

        Returns
        -------
        InputMarginSVC
            ``self``, fitted.

        Raises
        ------
        InfeasibleProblemError
            Hard margin (``C=np.inf``) and no separating function of the kernel's feature space.
        ValueError
            Bad parameters or data, or cvxopt fails on the SVM of step 0 (a later step that
            fails is reported by a warning and the last good step is kept).
        """
        X = check_points("X", X)
        labels = np.asarray(y)
        y = check_two_classes("y", labels, X.shape[0])
        self.classes_ = np.unique(labels)
        C = check_positive("C", self.C, allow_inf=True)
        n_steps = check_int("n_steps", self.n_steps, 0)
        n_foot_iter = check_int("n_foot_iter", self.n_foot_iter, 1)
        foot_tol = check_positive("foot_tol", self.foot_tol)
        rcond = check_positive("rcond", self.rcond)
        check_option("algorithm", self.algorithm, ALGORITHMS)
        check_option("simplified_qp", self.simplified_qp, SIMPLIFIED_QPS)
        check_option("select", self.select, SELECTIONS)
        slow_down = check_bool("slow_down", self.slow_down)
        self.kernel_ = _kernel(self.kernel, self.gamma, self.degree, self.coef0)
        G, G_inv = metric_matrices(self.metric, X)
        try:
            svm = svc_dual(self.kernel_(X), y, C)
        except InfeasibleProblemError:
            raise
        except (ValueError, ArithmeticError) as exc:  # cvxopt's failures on ill-conditioned duals
            raise ValueError(
                f"the SVM of step 0 failed in cvxopt ({exc}): the hard-margin dual is badly "
                "conditioned (multipliers of 1e3-1e5 are common); use a large finite C"
            ) from exc
        expansion = KernelExpansion.build(self.kernel_, X, svm.coef, None, svm.b)
        self.steps_ = [self._record(expansion, X, y, G, svm.alpha, np.ones_like(y), svm.status)]
        self.stop_reason_ = None
        for k in range(n_steps):
            try:
                if self.algorithm == "full":
                    expansion, info = algorithm_step(
                        expansion, X, y, G_inv, metric=G, C=C, n_foot_iter=n_foot_iter,
                        foot_tol=foot_tol, rcond=rcond, slow_down=slow_down,
                    )  # fmt: skip
                else:
                    expansion, info = simplified_step(expansion, X, y, G_inv, C=C,
                                                      qp=self.simplified_qp)  # fmt: skip
                step = self._record(expansion, X, y, G, info.alpha, info.g, info.qp_status,
                                    info.foot_status)  # fmt: skip
                if not np.isfinite(step.margin):
                    raise StepError("the margin estimate is not finite")
            except StepError as exc:
                self.stop_reason_ = f"step {k + 1}: {exc}"
                warnings.warn(
                    f"InputMarginSVC: {self.stop_reason_}; keeping steps 0-{k} "
                    "(the last good step)",
                    ConvergenceWarning,
                    stacklevel=3,  # fit's caller, past atomic_fit's wrapper
                )
                break
            self.steps_.append(step)
        self.n_steps_ = len(self.steps_) - 1
        self.margins_ = np.array([s.margin for s in self.steps_])
        self.best_step_ = (int(np.argmax(self.margins_)) if self.select == "best_margin"
                           else self.n_steps_)  # fmt: skip
        self.input_margin_ = float(self.margins_[self.best_step_])
        self.svm_margin_ = float(self.margins_[0])
        self.expansion_ = self.steps_[self.best_step_].expansion
        self.support_ = support_of(self.expansion_)
        uncertified = [k for k, s in enumerate(self.steps_) if s.qp_status != 0]
        if uncertified:
            warnings.warn(
                f"InputMarginSVC: the QP of step(s) {uncertified} was not certified optimal "
                "(ill-conditioned hard-margin dual?); consider a finite C",
                ConvergenceWarning,
                stacklevel=3,  # fit's caller, past atomic_fit's wrapper
            )
        return self

    def _record(self, expansion, X, y, G, alpha, g, qp_status, foot_status=None):
        """Record a step, with its margin estimate started from the points and the centres."""
        starts = [X] if expansion.centres is X else [X, expansion.centres]
        est = margin_estimate(expansion, X, y, starts, metric=G, max_iter=self.n_foot_iter,
                              tol=self.foot_tol,
                              hessian=expansion.hessian if self.slow_down else None)  # fmt: skip
        return InputMarginStep(expansion, est.margin, est.distances, est.feet, alpha, g,
                               qp_status, foot_status)  # fmt: skip

    @_points_docs
    def decision_function(self, X):
        """Return ``f(x)`` of the selected step (positive for ``classes_[1]``).

        Parameters
        ----------
        {points}

        Returns
        -------
        ndarray of shape (n,)
            The decision values.
        """
        check_is_fitted(self)
        return self.expansion_.decision_function(X)

    @_points_docs
    def predict(self, X):
        """Return the predicted classes.

        Parameters
        ----------
        {points}

        Returns
        -------
        ndarray of shape (n,)
            ``classes_[1]`` where ``f(x) > 0``, else ``classes_[0]``.
        """
        f = self.decision_function(X)  # checks the fit before classes_ is read
        return self.classes_[(f > 0).astype(int)]
