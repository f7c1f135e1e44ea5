"""First working sets from trained machines: Nguyen's FIFO of support vectors (thesis ch. 4).

Model selection trains one machine per parameter setting, and machines with neighbouring
settings share most of their support vectors (Nguyen (2006), section 4.4.2, Fig. 4.4). Nguyen
therefore starts the decomposition (Table 2.1, :func:`svmbook.solvers.decomposition.decompose`)
of every machine after the first from the support vectors of the machines trained before it:

* one queue per binary machine (one per class pair for one-vs-one, one per class for
  one-vs-rest; the thesis swaps the two, docs/errata.md#nguyen-2006-sec-4-4-2), first in first
  out, with room for ``q`` indices, the working-set size, "so that
  all the SVs of the latest trained machine are kept in the initial working set"
  (:class:`SVQueue`);
* the first working set of the next machine is the queue's contents, newest first, filled up
  to ``q`` with indices drawn at random (:func:`first_working_set`);
* when the kernel is unchanged and only ``C`` moves, the previous solution is rescaled,
  ``alpha_2 = C_2 alpha_1 / C_1`` (alpha seeding, eq. (4.15)), a feasible start; otherwise the
  start is ``alpha = 0``.

The baseline ("org." in Fig. 4.6) is the same decomposition from a random first working set and
``alpha = 0``. Both reach the same optimum (to the solver's tolerance), so the selected model is
unchanged; only the outer loops, kernel evaluations and time differ. :func:`train_sequence`
trains a sequence of settings either way and records those counts per machine and setting,
with the common-SV ratio (:func:`common_sv_ratio`) between consecutive machines of one binary
problem.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np

from .._validation import (
    check_bool,
    check_instances,
    check_int,
    check_option,
    check_points,
    check_positive,
    check_random_state,
)
from ..kernels import Kernel
from ..solvers.decomposition import decompose

__all__ = [
    "INITS",
    "SequenceRun",
    "SVQueue",
    "binary_problems",
    "common_sv_ratio",
    "first_working_set",
    "train_sequence",
]

#: First working sets of :func:`train_sequence`: Nguyen's FIFO, or the random baseline.
INITS = ("fifo", "random")
#: Denominators of :func:`common_sv_ratio`.
RELATIVE_TO = ("current", "previous", "union", "smaller")


class SVQueue:
    """A first-in first-out queue of sample indices with room for ``capacity`` of them.

    Pushing an index already queued moves it to the newest end, so the queue holds distinct
    indices; when it overflows the oldest leave. Pushing a machine's support vectors therefore
    keeps all of them when there are at most ``capacity`` (Nguyen (2006), section 4.4.2), and
    the older machines' support vectors fill the room that is left.

    Parameters
    ----------
    capacity : int
        The most indices kept (the working-set size q).

    Raises
    ------
    ValueError
        If ``capacity < 1``.
    TypeError
        If ``capacity`` is not an int.

    Examples
    --------
    >>> queue = SVQueue(4)
    >>> queue.push([0, 1, 2])
    >>> queue.push([2, 5, 6])
    >>> queue.newest_first().tolist()
    [6, 5, 2, 1]
    """

    def __init__(self, capacity):
        self.capacity = check_int("capacity", capacity, 1)
        self._items = OrderedDict()

    def __len__(self):
        """Return the number of queued indices."""
        return len(self._items)

    def push(self, indices):
        """Append indices at the newest end, in the given order, and drop the oldest overflow.

        Parameters
        ----------
        indices : array-like of int
            The indices, oldest first (the last ones survive an overflow).
        """
        for i in np.asarray(indices, dtype=np.int64).ravel().tolist():
            self._items.pop(i, None)
            self._items[i] = None
        while len(self._items) > self.capacity:
            self._items.popitem(last=False)

    def newest_first(self):
        """Return the queued indices, the newest first.

        Returns
        -------
        ndarray of int64
            The indices.
        """
        return np.asarray(list(reversed(self._items)), dtype=np.int64)


def first_working_set(queue, n_samples, q, rng):
    """Return Nguyen's first working set: the queue's indices, newest first, filled at random.

    Parameters
    ----------
    queue : SVQueue
        The support vectors of the machines trained before (empty for the first machine).
    n_samples : int
        The binary problem's number of samples (indices ``0 .. n_samples - 1``).
    q : int
        The working-set size, ``q <= n_samples``.
    rng : numpy.random.Generator
        Draws the indices that fill the set up to ``q``.

    Returns
    -------
    ndarray of int64
        ``q`` distinct indices: at most ``q`` from the queue, then random others.

    Raises
    ------
    ValueError
        If ``q > n_samples`` or a queued index is not below ``n_samples``.
    """
    q = check_int("q", q, 1, n_samples)
    queued = queue.newest_first()[:q]
    if queued.size and queued.max() >= n_samples:
        raise ValueError(f"queue holds index {queued.max()} >= n_samples = {n_samples}")
    rest = np.setdiff1d(np.arange(n_samples, dtype=np.int64), queued)
    fill = rng.choice(rest, size=q - queued.size, replace=False)
    return np.concatenate([queued, np.asarray(fill, dtype=np.int64)])


def common_sv_ratio(previous, current, *, relative_to="current"):
    """Return the share of support vectors two machines have in common.

    Nguyen (2006), Fig. 4.4, says two machines trained with different parameters "share more
    than 86.0 %" of their support vectors without stating the denominator. Ours by default is
    the current (later) machine's support vectors, ``|SV_prev & SV_cur| / |SV_cur|``: the share
    of the new machine's support vectors that the previous machine could pass on in its first
    working set, the quantity the FIFO initialisation exploits.

    Parameters
    ----------
    previous, current : array-like of int
        The support-vector indices of the two machines (in one sample numbering).
    relative_to : {"current", "previous", "union", "smaller"}, default="current"
        The denominator: ``|SV_cur|``, ``|SV_prev|``, ``|SV_prev | SV_cur|`` (Jaccard) or the
        smaller of the two sets.

    Returns
    -------
    float
        The ratio in [0, 1]; nan when the denominator is 0.

    Raises
    ------
    ValueError
        If ``relative_to`` is not one of the options.

    Examples
    --------
    >>> common_sv_ratio([0, 1, 2, 3], [2, 3, 4])
    0.6666666666666666
    >>> common_sv_ratio([0, 1, 2, 3], [2, 3, 4], relative_to="union")
    0.4
    """
    check_option("relative_to", relative_to, RELATIVE_TO)
    prev = np.unique(np.asarray(previous, dtype=np.int64))
    cur = np.unique(np.asarray(current, dtype=np.int64))
    common = np.intersect1d(prev, cur).size
    denominator = {
        "current": cur.size,
        "previous": prev.size,
        "union": np.union1d(prev, cur).size,
        "smaller": min(prev.size, cur.size),
    }[relative_to]
    return common / denominator if denominator else float("nan")


def binary_problems(y, multiclass="ovo"):
    """Split a classification problem into its binary machines.

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        Class labels, at least two classes.
    multiclass : {"ovo", "ovr"}, default="ovo"
        One machine per class pair ``(i, j)``, ``i < j`` (class ``i`` is +1), or one per class
        against the rest (the class is +1). Two classes give one machine either way.

    Returns
    -------
    classes : ndarray
        The sorted distinct labels.
    problems : list of tuple
        ``(label, indices, signs)`` per machine: ``(i, j)`` or ``c`` (class positions), the
        machine's sample indices into ``y`` and its labels in {-1, +1}.

    Raises
    ------
    ValueError
        If ``y`` has fewer than two classes or ``multiclass`` is not an option.
    """
    check_option("multiclass", multiclass, ("ovo", "ovr"))
    y = np.asarray(y).ravel()
    classes, index = np.unique(y, return_inverse=True)
    if classes.size < 2:
        raise ValueError(f"y must hold at least two classes, got {classes.size}")
    if classes.size == 2:
        return classes, [((0, 1), np.arange(y.size), np.where(index == 0, 1.0, -1.0))]
    problems = []
    if multiclass == "ovo":
        for i in range(classes.size):
            for j in range(i + 1, classes.size):
                idx = np.flatnonzero((index == i) | (index == j))
                problems.append(((i, j), idx, np.where(index[idx] == i, 1.0, -1.0)))
    else:
        for c in range(classes.size):
            problems.append((c, np.arange(y.size), np.where(index == c, 1.0, -1.0)))
    return classes, problems


@dataclass
class SequenceRun:
    """What :func:`train_sequence` returns.

    Attributes
    ----------
    classes : ndarray
        The sorted labels.
    machines : list
        The binary machines' labels (:func:`binary_problems`), in training order.
    records : list of dict
        One per setting and machine, in training order: ``setting`` (position in the
        sequence), ``machine``, ``n_samples``, ``n_outer`` (outer loops of Table 2.1),
        ``n_kernel_evals``, ``time`` (seconds in the decomposition, including the gradient of a
        seeded start), ``n_support``, ``common_sv`` (:func:`common_sv_ratio` with the same
        binary machine of the previous setting; nan for the first setting), ``seeded`` (the
        start was (4.15)), ``objective``, ``offset`` and ``status`` (the solver's).
    solutions : dict
        ``(setting, machine)`` to the machine's ``alpha`` over its samples (with ``offset`` of
        its record, ``f(x) = sum_i signs_i alpha_i K(x_i, x) - offset``); empty unless
        ``keep_solutions``.
    """

    classes: np.ndarray
    machines: list
    records: list
    solutions: dict = field(default_factory=dict)

    def column(self, name, setting=None):
        """Return one field of the records, optionally of one setting only.

        Parameters
        ----------
        name : str
            A record field, e.g. ``"n_outer"``.
        setting : int, default=None
            Only the records of this setting (None: all).

        Returns
        -------
        ndarray
            The values in training order.
        """
        return np.asarray(
            [r[name] for r in self.records if setting is None or r["setting"] == setting]
        )


def _check_settings(settings):
    """Return the settings as ``[(Kernel, float C)]``, naming the faulty entry."""
    settings = list(settings)
    if not settings:
        raise ValueError("settings must hold at least one (kernel, C) pair")
    out = []
    for t, pair in enumerate(settings):
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            raise ValueError(f"settings[{t}] must be a (kernel, C) pair, got {pair!r}")
        (kernel,) = check_instances(f"settings[{t}] kernel", (pair[0],), Kernel)
        out.append((kernel, check_positive(f"settings[{t}] C", pair[1])))
    return out


def train_sequence(
    X,
    y,
    settings,
    *,
    init="fifo",
    q=10,
    multiclass="ovo",
    tol=1e-3,
    cache_rows=None,
    max_iter=None,
    random_state=None,
    keep_solutions=False,
):
    """Train C-SVMs for a sequence of settings by decomposition, first working sets from a FIFO.

    Nguyen (2006), section 4.4.2: for every setting ``(kernel, C)`` in turn, every binary
    machine is trained by :func:`svmbook.solvers.decomposition.decompose` with working-set size
    ``q``. With ``init="fifo"`` its first working set is :func:`first_working_set` of the
    machine's :class:`SVQueue`, and its start is the previous setting's solution rescaled by
    (4.15) when the kernel is the same (``alpha = 0`` otherwise); its support vectors are then
    pushed on the queue, bounded ones first so that the free ones are the newest. With
    ``init="random"`` (the thesis's "org.") the first working set is random and the start 0.
    Both ways draw their random indices alike, so with one ``random_state`` the machines of the
    first setting are trained identically.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Training points.
    y : array-like of shape (n_samples,)
        Class labels.
    settings : sequence of (Kernel, float)
        The parameter settings in training order: a :class:`svmbook.kernels.Kernel` and ``C``.
    init : {"fifo", "random"}, default="fifo"
        Nguyen's initialisation or the random baseline.
    q : int, default=10
        Working-set size and queue capacity, even and >= 2 (a machine with fewer samples uses
        the largest even size it has).
    multiclass : {"ovo", "ovr"}, default="ovo"
        The binary machines (:func:`binary_problems`).
    tol : float, default=1e-3
        The decomposition's stopping tolerance (maximal KKT violation).
    cache_rows : int, default=None
        Kernel rows in each machine's LRU cache, at most the machine's number of samples (the
        decomposition's default when None).
    max_iter : int, default=None
        Cap on outer loops per machine (the decomposition's default when None).
    random_state : None, int or numpy.random.Generator, default=None
        Draws the random (parts of the) first working sets.
    keep_solutions : bool, default=False
        Keep every machine's ``alpha`` in :attr:`SequenceRun.solutions`.

    Returns
    -------
    SequenceRun
        The per-machine counts and, with ``keep_solutions``, the solutions.

    Raises
    ------
    ValueError
        If ``init``, ``multiclass``, ``q``, ``tol``, ``cache_rows`` or a setting is invalid,
        ``X`` and ``y`` differ in length, or ``y`` has fewer than two classes.
    TypeError
        If a setting's kernel is not a :class:`svmbook.kernels.Kernel`, or ``q`` or
        ``cache_rows`` is not an int.

    Examples
    --------
    >>> from svmbook.kernels import linear
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [2.0, 0.0], [2.0, 1.0]])
    >>> run = train_sequence(X, [0, 0, 1, 1], [(linear(), 1.0), (linear(), 2.0)], q=2)
    >>> run.machines, [bool(r["seeded"]) for r in run.records]
    ([(0, 1)], [False, True])
    """
    check_option("init", init, INITS)
    q = check_int("q", q, 2)
    if q % 2:
        raise ValueError(f"q must be even, got {q}")
    check_positive("tol", tol)
    check_bool("keep_solutions", keep_solutions)
    X = check_points("X", X)
    y = np.asarray(y).ravel()
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"y must have {X.shape[0]} entries (one per row of X), got {y.shape[0]}")
    settings = _check_settings(settings)
    if cache_rows is not None:
        check_int("cache_rows", cache_rows, 1)
    rng = check_random_state("random_state", random_state)
    classes, problems = binary_problems(y, multiclass)

    queues = {label: SVQueue(min(q, idx.size - idx.size % 2)) for label, idx, _ in problems}
    previous = {}  # machine -> (kernel, C, alpha, support indices)
    records, solutions = [], {}
    for t, (kernel, C) in enumerate(settings):
        for label, idx, signs in problems:
            n_p = idx.size
            q_p = queues[label].capacity
            prev = previous.get(label)
            alpha0 = None
            # the baseline draws as the FIFO does from an empty queue, so that the first
            # setting's machines start alike both ways
            queue = queues[label] if init == "fifo" else SVQueue(q_p)
            B0 = first_working_set(queue, n_p, q_p, rng)
            if init == "fifo" and prev is not None and prev[0] == kernel:
                # (4.15): feasible, y' alpha unchanged up to rounding, which decompose keeps
                alpha0 = np.clip(prev[2] * (C / prev[1]), 0.0, C)
            res = decompose(
                X=X[idx], kernel=kernel, y=signs, C=C, q=q_p, working_set=B0, alpha0=alpha0,
                tol=tol, max_iter=max_iter,
                cache_rows=None if cache_rows is None else min(cache_rows, n_p),
            )  # fmt: skip
            support = np.flatnonzero(res.alpha > 0)
            records.append(
                {
                    "setting": t,
                    "machine": label,
                    "n_samples": int(n_p),
                    "n_outer": int(res.n_outer),
                    "n_kernel_evals": int(res.n_kernel_evals),
                    "time": float(res.time),
                    "n_support": int(support.size),
                    "common_sv": (
                        float("nan") if prev is None else common_sv_ratio(prev[3], support)
                    ),
                    "seeded": alpha0 is not None,
                    "objective": float(res.objective),
                    "offset": float(res.offset),
                    "status": int(res.status),
                }
            )
            if init == "fifo":
                bounded = res.alpha[support] >= C
                queues[label].push(np.concatenate([support[bounded], support[~bounded]]))
            previous[label] = (kernel, C, res.alpha, support)
            if keep_solutions:
                solutions[t, label] = res.alpha.copy()
    return SequenceRun(
        classes=classes,
        machines=[label for label, _, _ in problems],
        records=records,
        solutions=solutions,
    )
