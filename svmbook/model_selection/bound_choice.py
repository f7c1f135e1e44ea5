"""Selection by the SV bound, the radius-margin bound, or the smaller of the two.

Goodrich (2012), section 6.3.8 and Table 6.7: with the polynomial kernel the radius-margin ratio
can select very poor parameters while the SV bound does better on several sets, so the thesis
also selects by the SV bound (6.1) and by the smaller of the two bounds at each grid point.
Both bound the number of leave-one-out errors: ``n_s`` (6.1) and ``R^2 / Delta^2`` (6.3, read
with the thesis's constant, ``R^2 / (Delta^2 n)`` on the error rate), so the smaller of the two
at a grid point is a bound too, and its minimum over the grid is the smaller of the two minima.

:func:`bound_choice` reads the three selections off one grid run of
:func:`svmbook.model_selection.modelsel_grid` whose every machine met the tolerance (the
standard or Cristianini method): its ``n_sv`` for the SV bound, its own selection for the
radius-margin bound.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import check_option
from .radius_margin import GridSelection

__all__ = ["BoundChoice", "bound_choice"]

#: The selection rules, in Table 6.7's column order.
RULES = ("sv", "min", "rm")


@dataclass(frozen=True)
class BoundChoice:
    """The grid points selected by the SV bound, the smaller bound and the radius-margin bound.

    Attributes
    ----------
    sv, min, rm : tuple of int
        ``(i, j)`` in the grid's ``(params, Cs)`` selected by each rule; ``min`` is ``sv`` when
        the SV bound's minimum is the smaller (ties to the SV bound), else ``rm``.
    sv_bound, rm_bound : float
        The minima of the two bounds on the number of leave-one-out errors: the fewest support
        vectors ``n_s`` and the selected ``R^2 / Delta^2``.
    """

    sv: tuple[int, int]
    min: tuple[int, int]
    rm: tuple[int, int]
    sv_bound: float
    rm_bound: float

    def index(self, rule):
        """Return the grid point selected by a rule.

        Parameters
        ----------
        rule : {"sv", "min", "rm"}
            The rule.

        Returns
        -------
        tuple of int
            ``(i, j)``.

        Raises
        ------
        ValueError
            If ``rule`` is not a rule.
        """
        return getattr(self, check_option("rule", rule, RULES))


def bound_choice(selection):
    """Select by the SV bound, by the smaller of the SV and radius-margin bounds, and by RM.

    Goodrich (2012), Table 6.7. The SV bound selects the grid point with the fewest support
    vectors (ties to the first in loop order, the rule of :func:`modelsel_grid`); the
    radius-margin bound is ``selection``'s own choice; the smaller bound selects whichever of
    the two has the smaller minimum, ``n_s`` against ``R^2 / Delta^2`` (ties to the SV bound).

    Parameters
    ----------
    selection : GridSelection
        A run of :func:`svmbook.model_selection.modelsel_grid` with ``method="standard"`` or
        ``"cristianini"``, every grid point's machine trained to ``tol``.

    Returns
    -------
    BoundChoice
        The three selections and the two minima.

    Raises
    ------
    TypeError
        If ``selection`` is not a :class:`GridSelection`.
    ValueError
        If ``selection`` is an adaptive run (its machines are partly trained, their support
        vectors no bound).

    Examples
    --------
    >>> import numpy as np
    >>> from svmbook.model_selection import modelsel_grid
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(30, 2))
    >>> y = np.where(X[:, 0] + 0.3 * rng.normal(size=30) > 0, 1, -1)
    >>> sel = modelsel_grid(X, y, kernel="poly", params=[2, 3], Cs=[0.5, 8.0], method="standard")
    >>> choice = bound_choice(sel)
    >>> choice.rm == sel.index, choice.sv_bound == int(sel.n_sv.min())
    (True, True)
    """
    if not isinstance(selection, GridSelection):
        raise TypeError(f"selection must be a GridSelection, got {type(selection).__name__}")
    if selection.method == "adaptive":
        raise ValueError(
            "selection must come from method='standard' or 'cristianini' (every machine trained "
            "to tol), got an adaptive run"
        )
    flat = int(np.argmin(selection.n_sv))  # ties: the first in loop order
    sv = (flat // selection.n_sv.shape[1], flat % selection.n_sv.shape[1])
    sv_bound, rm_bound = float(selection.n_sv[sv]), float(selection.ratio)
    rm = tuple(int(i) for i in selection.index)
    return BoundChoice(
        sv=sv,
        min=sv if sv_bound <= rm_bound else rm,
        rm=rm,
        sv_bound=sv_bound,
        rm_bound=rm_bound,
    )
