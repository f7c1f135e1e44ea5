"""The one result type of the reference formulations, and the toolbox's support-vector tolerance."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

__all__ = ["Certificate", "HullsIntersectError", "InfeasibleProblemError", "QPResult", "svtol"]


class InfeasibleProblemError(ValueError):
    """The hard-margin (``C=np.inf``) problem has no solution.

    The data cannot be separated (or fitted inside the tube) by any function of the kernel's
    feature space.

    Use a finite ``C`` (soft margin), or ``infeasible="ridge"`` for the listings' squared-slack
    semantics.
    """


class HullsIntersectError(ValueError):
    """The two (reduced) convex hulls of a mu-SVM intersect: no positive margin, no classifier.

    Raised by every solver of :class:`svmbook.MuSVC` and by :func:`svmbook.qp.mu_svm_dual`
    (Goodrich 2012, section 2.5: the nearest-point problem separates nothing once ``mu`` is too
    large for the data and the kernel). A search over ``mu`` stops at it.
    """


def svtol(C):
    """Support-vector tolerance of Gunn's toolbox, ``svtol(C)``.

    ``1e-5`` when ``C`` is infinite, else ``1e-6 * C``. Listings A.1 and A.2 call ``svtol(alpha)``;
    the toolbox signature takes ``C`` and so do we (docs/errata.md#gunn-1998-listing-a-1-svtol). A
    multiplier counts as a support vector when it exceeds the tolerance, and as free (strictly
    inside the box) when it is also below ``C - svtol(C)``.

    Parameters
    ----------
    C : float
        The box bound of the multipliers (``np.inf`` for the hard margin).

    Returns
    -------
    float
        The tolerance: ``1e-6 * C``, or ``1e-5`` for infinite ``C``.
    """
    C = float(C)
    return 1e-5 if np.isinf(C) else 1e-6 * C


@dataclass(frozen=True)
class Certificate:
    """What a reference solution's own check found (:func:`svmbook.qp._common.certify`).

    Attributes
    ----------
    status : int
        0: certified optimal (relative duality gap and infeasibility below the tolerance);
        1: not certified (a ``ConvergenceWarning`` was issued).
    message : str
        The solver's status and the two measures, in words.
    duality_gap : float
        Relative Frank-Wolfe duality gap, an upper bound on the relative suboptimality.
    infeasibility : float
        Relative violation of the box and equality constraints.
    """

    status: int
    message: str
    duality_gap: float
    infeasibility: float

    @classmethod
    def of(cls, result):
        """Return the certificate a result carries.

        Parameters
        ----------
        result : QPResult or MEBResult
            A certified result.

        Returns
        -------
        Certificate
            Its ``status``, ``message``, ``duality_gap`` and ``infeasibility``.
        """
        return cls(result.status, result.message, result.duality_gap, result.infeasibility)

    def fields(self):
        """Return the certificate as keyword arguments of a result type.

        Returns
        -------
        dict
            ``status``, ``message``, ``duality_gap`` and ``infeasibility``.
        """
        return {
            "status": self.status,
            "message": self.message,
            "duality_gap": self.duality_gap,
            "infeasibility": self.infeasibility,
        }


@dataclass(frozen=True)
class QPResult:
    """Solution of one reference QP, the analogue of LIBSVM's ``SolutionInfo``.

    The learned function is ``f(x) = sum_i coef[i] * K(x_i, x) + b`` for every formulation.

    Attributes
    ----------
    alpha : ndarray of shape (n_samples,) or (2 * n_samples,)
        Dual variables. SVC: ``alpha``. SVR: ``(alpha, alpha*)`` stacked (for the beta-forms of the
        Laplace, quadratic and Huber losses these are the positive and negative parts of ``beta``).
    coef : ndarray of shape (n_samples,)
        Expansion coefficients: ``alpha * y`` (SVC) or ``beta = alpha - alpha*`` (SVR).
    b : float
        Bias. Explicit bias: the average over free support vectors of the KKT estimate (Listings
        A.1/A.2); when no free support vector exists the bias is not unique and ``b`` is the
        midpoint of ``b_interval`` (the choice of LIBSVM's ``calculate_rho``; Listing A.1 would
        print "cannot compute bias" and use 0, Listing A.2 ``(max y + min y) / 2``). Implicit bias:
        0.
    b_interval : tuple of float
        ``(lo, hi)``, the set of biases satisfying the KKT conditions with ``coef``.
        ``lo == hi == b`` when a free support vector pins the bias.
    b_multiplier : float or None
        The multiplier of the equality constraint returned by cvxopt: an independent estimate of
        ``b`` (it lies in ``b_interval`` up to the solver accuracy). None for the implicit bias.
    objective : float
        Dual objective in the textbook minimisation form, e.g. ``1/2 a'Qa - 1'a`` for Gunn (1998),
        eq. (2.35).
    support : ndarray of int
        Indices with ``|coef| > svtol``.
    free : ndarray of int
        Indices of the support vectors strictly inside the box (the ones that pin ``b``).
    status : int
        0 when the solution is certified optimal: its relative duality gap and infeasibility,
        computed from the answer itself, are below 1e-6 (:func:`svmbook.qp._common.certify`); 1
        when it cannot be certified (a ``ConvergenceWarning`` says so; do not use it as an oracle).
    message : str
        cvxopt's status and the certificate, in words.
    duality_gap, infeasibility : float
        The certificate's relative duality gap and infeasibility.
    n_iter : int
        Interior-point iterations.
    w_norm2 : float
        ``coef' K coef`` = ``||w||^2`` in feature space.
    margin : float or None
        ``2 / sqrt(w_norm2)`` for classification, None for regression.
    svtol : float
        The tolerance used for ``support`` and ``free``.
    formulation : str
        Which problem was solved, e.g. ``"svc_dual: the SVC dual of Gunn (1998), eqs. (2.35)-(2.36),
        explicit bias, C=1"``.
    w : ndarray or None
        Primal weight vector (only :func:`hard_margin_primal`).
    rho : float or None
        The margin parameter rho of the geometric (mu-SVM) formulations, Goodrich (2012), eqs.
        (2.20)/(4.8): the supporting planes are ``f = +-rho`` (None for the C-SVM and SVR, where rho
        = 1).
    rho_interval : tuple of float or None
        ``(lo, hi)``, the range of rho over the KKT-consistent (b, rho) pairs (``lo == hi == rho``
        when each class has a free support vector).
    """

    alpha: np.ndarray
    coef: np.ndarray
    b: float
    b_interval: tuple[float, float]
    b_multiplier: float | None
    objective: float
    support: np.ndarray
    free: np.ndarray
    status: int
    message: str
    duality_gap: float
    infeasibility: float
    n_iter: int
    w_norm2: float
    margin: float | None
    svtol: float
    formulation: str
    w: np.ndarray | None = field(default=None)
    rho: float | None = field(default=None)
    rho_interval: tuple[float, float] | None = field(default=None)

    @classmethod
    def assemble(
        cls, alpha, coef, bias, free, svtol, w_norm2, solved, formulation, *, objective=None,
        **fields,
    ):  # fmt: skip
        """Return a result from a formulation's solution, its bias, free set and certificate.

        Parameters
        ----------
        alpha, coef : ndarray
            The dual variables and expansion coefficients (see the attributes).
        bias : tuple
            ``(b, (lo, hi), multiplier)``: the bias, its KKT interval and the equality
            multiplier (None if there is none); stored as floats.
        free : ndarray of bool
            Which variables lie strictly inside their box; ``support`` is ``|coef| > svtol``.
        svtol, w_norm2 : float
            As the attributes.
        solved : tuple
            ``(certificate, n_iter)``: the solution's :class:`Certificate`, stored as
            ``status``, ``message``, ``duality_gap`` and ``infeasibility``, and the
            interior-point iterations.
        formulation : str
            As the attribute.
        objective : float, default=None
            As the attribute (None: ``w_norm2 / 2``, the nearest-point and primal objective).
        **fields
            ``margin`` (default: ``2 rho / sqrt(w_norm2)``, infinite when ``w_norm2`` vanishes),
            ``w``, ``rho``, ``rho_interval`` where they apply.

        Returns
        -------
        QPResult
            The result.
        """
        b, (lo, hi), multiplier = bias
        certificate, n_iter = solved
        rho = 1.0 if fields.get("rho") is None else fields["rho"]
        fields.setdefault("margin", float(2.0 * rho / np.sqrt(w_norm2)) if w_norm2 > 0 else np.inf)
        return cls(
            alpha=alpha,
            coef=coef,
            b=float(b),
            b_interval=(float(lo), float(hi)),
            b_multiplier=None if multiplier is None else float(multiplier),
            objective=0.5 * w_norm2 if objective is None else objective,
            support=np.flatnonzero(np.abs(coef) > svtol),
            free=np.flatnonzero(free),
            **certificate.fields(),
            n_iter=n_iter,
            w_norm2=w_norm2,
            svtol=svtol,
            formulation=formulation,
            **fields,
        )

    def decision_function(self, K_cross):
        """``f`` at new points from ``K_cross[i, j] = K(x_new_i, x_train_j)``.

        Parameters
        ----------
        K_cross : array-like of shape (n_new, n_samples)
            Kernel values between the new points and the training points.

        Returns
        -------
        ndarray of shape (n_new,)
            ``f(x_new_i) = sum_j coef_j K(x_new_i, x_train_j) + b``.
        """
        K_cross = np.asarray(K_cross, dtype=np.float64)
        return K_cross @ self.coef + self.b
