"""The geometry of one two-variable SMO step in the ``(alpha_i, alpha_j)`` plane.

The two-variable step of SMO (Platt 1998; LIBSVM's ``Solver``): for the dual
``min 0.5 a'Qa + p'a, y'a = const, 0 <= a <= C`` with ``Q_ij = y_i y_j K_ij`` and gradient
``G = Qa + p``, moving ``(a_i, a_j)`` along ``d = (y_i, -y_j)`` keeps ``y_i a_i + y_j a_j`` fixed;
the objective along the line is ``phi(t) = t (y_i G_i - y_j G_j) + t^2 a / 2`` with the curvature
``a = K_ii + K_jj - 2 K_ij`` (the book's ``a_ij``, as LIBSVM and Fan, Chen & Lin (2005) write it;
Platt's ``eta`` is ``-a``), minimised at ``t* = (y_j G_j - y_i G_i) / a`` and clipped to the part of
the line inside the box. :func:`pair_step_geometry` computes it for the SMO figures.
"""

from dataclasses import dataclass

import numpy as np

__all__ = ["TAU", "PairStep", "pair_step_geometry"]

TAU = 1e-12  # LIBSVM's replacement for a non-positive curvature


@dataclass(frozen=True)
class PairStep:
    """Geometry of one two-variable step in the ``(alpha_i, alpha_j)`` plane.

    Attributes
    ----------
    old : ndarray of shape (2,)
        ``(alpha_i, alpha_j)`` before the step.
    direction : ndarray of shape (2,)
        ``d = (y_i, -y_j)``: moving by ``t d`` keeps ``y_i alpha_i + y_j alpha_j`` constant.
    t_range : (float, float)
        The feasible ``t``: ``old + t d`` lies in the box exactly for ``t`` in this interval.
    segment : ndarray of shape (2, 2)
        Its endpoints ``old + t_range[k] d`` (rows), on the box boundary.
    a : float
        Curvature ``a_ij = K_ii + K_jj - 2 K_ij`` along ``d`` (``TAU`` if not positive).
    t_unclipped, t : float
        The minimiser of the objective along the line, and the same clipped to ``t_range``.
    unclipped, new : ndarray of shape (2,)
        ``old + t_unclipped d`` and ``old + t d`` (the new point, inside the box).
    gradient : ndarray of shape (2,)
        ``(G_i, G_j)``, the gradient of the objective in the plane.
    """

    old: np.ndarray
    direction: np.ndarray
    t_range: tuple
    segment: np.ndarray
    a: float
    t_unclipped: float
    t: float
    unclipped: np.ndarray
    new: np.ndarray
    gradient: np.ndarray


def pair_step_geometry(alpha_i, alpha_j, y_i, y_j, G_i, G_j, K_ii, K_jj, K_ij, C_i, C_j=None):
    """Return the feasible segment, the unconstrained optimum along it, and the clipped new point.

    Parameters
    ----------
    alpha_i, alpha_j : float
        Current values, inside ``[0, C_i] x [0, C_j]``.
    y_i, y_j : {-1, +1}
    G_i, G_j : float
        Gradient entries ``(Q alpha + p)_i``, ``(Q alpha + p)_j``.
    K_ii, K_jj, K_ij : float
        Kernel values.
    C_i : float
        Upper bound of ``alpha_i``.
    C_j : float, optional
        Upper bound of ``alpha_j`` (default ``C_i``).

    Returns
    -------
    PairStep
    """
    C_j = C_i if C_j is None else C_j
    y_i, y_j = float(np.sign(y_i)), float(np.sign(y_j))
    if y_i == 0 or y_j == 0:
        raise ValueError("y_i and y_j must be -1 or +1")
    old = np.array([alpha_i, alpha_j], dtype=np.float64)
    upper = np.array([C_i, C_j], dtype=np.float64)
    if np.any(old < 0) or np.any(old > upper):
        raise ValueError(f"(alpha_i, alpha_j) = {tuple(old)} is outside the box [0, C]^2")
    d = np.array([y_i, -y_j])
    # 0 <= old_k + t d_k <= C_k, with d_k = +-1: t between -old_k d_k and (C_k - old_k) d_k
    ends = np.stack([-old * d, (upper - old) * d])
    t_lo = float(np.max(ends.min(axis=0)))
    t_hi = float(np.min(ends.max(axis=0)))
    a = float(K_ii + K_jj - 2.0 * K_ij)
    a = a if a > 0 else TAU
    t_unclipped = (y_j * G_j - y_i * G_i) / a
    t = float(np.clip(t_unclipped, t_lo, t_hi))
    return PairStep(
        old=old,
        direction=d,
        t_range=(t_lo, t_hi),
        segment=np.stack([old + t_lo * d, old + t_hi * d]),
        a=a,
        t_unclipped=float(t_unclipped),
        t=t,
        unclipped=old + t_unclipped * d,
        new=old + t * d,
        gradient=np.array([G_i, G_j], dtype=np.float64),
    )
