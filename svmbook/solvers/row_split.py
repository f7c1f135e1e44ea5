"""A second thread that computes part of each RBF kernel row of a solve, and is never waited for.

Kernel rows are half of an SMO fit at 10,000 x 20 points and most of it on USPS (256 features),
by ``make bench``'s floor, and a row is a pass over all the points: it splits into independent
spans. Two threads cut a row's time by 40-45 % (measured on the 2-vCPU VM, fast mode: 42 us
to 26 us at 10,000 x 20, 224 us to 124 us at 50,000 x 20), but a thread pool that waits for
its workers turns every row into a wait for the scheduler as soon as another process holds a
core (the multithreaded BLAS rows measured 4-5x slower then). So the work is shared without waiting:

* the row is cut into spans of :data:`~svmbook.solvers._rows_f32.SPAN` entries. The solver's
  thread takes them from the front, a helper thread from the back; the solver announces the
  span it is about to compute in ``ctl[CLAIM]``, the helper stops at it, and publishes each
  span it finished in ``done[c]`` with the row's generation number;
* the solver stops at the first span the helper has published (every later one is published
  too: the helper works back to front) and copies the helper's spans from the helper's own
  buffer. It never waits: a helper that is late, descheduled or absent only means the solver
  computes more spans itself; two threads computing the same span write the same values into
  different buffers;
* every span is computed by one function of the SMO's mode
  (:func:`~svmbook.solvers._rows_f32.rbf_span_fast`, or
  :func:`~svmbook.solvers._rows_f32.rbf_at_span_fast` for a row at the active points only, or
  the faithful :func:`~svmbook.solvers._rows_f32.rbf_span_exact`) on spans fixed by the row's
  length, so a row is the same bit for bit whoever computed which part: the solver's path
  does not depend on timing;
* ``ctl`` and ``done`` are read and written with acquire/release atomics (:func:`load_acquire`,
  :func:`store_release`), so the helper's values are complete when the solver sees them
  published, and a compiled loop re-reads them.

The helper thread runs other jobs of the same kind, posted with :func:`post`: the blocks of a
prefilled kernel matrix (:func:`svmbook.solvers.cache.gram_blocks`) and the machines of a
multiclass fit (:func:`svmbook.solvers.smo.solve_many`), taken from the back while the caller takes
them from the front (claims by :func:`compare_and_swap`, results published with
:func:`store_release`), where :func:`helper_allowed`.

Whether a solve gets the helper is a rule on the problem's shape and the machine, never on the
load (:func:`use_helper`): RBF rows of dense points with at least :data:`MIN_ENTRIES`
multiply-adds and two spans, on a process allowed at least two CPUs, outside :func:`one_thread`
(fits run in parallel already use the cores) and unless ``SVMBOOK_ROW_THREADS=1``. The helper
thread is started on first use, serves one solve at a time (:func:`helping`), spins while a
solve is on (yielding its CPU after :data:`_IDLE_SPINS` idle spins) and sleeps between solves.
"""

from __future__ import annotations

import contextlib
import os
import platform
import queue
import threading

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from ._rows_f32 import RBF_KIND, SPAN, rbf_at_span_fast, rbf_span_exact, rbf_span_fast

__all__ = [
    "MIN_ENTRIES",
    "compare_and_swap",
    "helper_allowed",
    "helping",
    "load_acquire",
    "monotonic_ns",
    "one_thread",
    "pause",
    "post",
    "no_split",
    "parts",
    "split_row",
    "split_state",
    "store_release",
    "use_helper",
]

#: Rows with fewer multiply-adds (points x features) than this, or with fewer than two spans,
#: are computed by the solver's thread alone. Measured on the 2-vCPU VM (a row alone / shared):
#: 1,000 x 20 points 3.5 / 3.6 us, 2,000 x 20 8.2 / 6.7 us, 3,000 x 20 11.8 / 9.0 us,
#: 5,000 x 20 20.5 / 13.7 us, 2,000 x 64 20.3 / 10.8 us.
MIN_ENTRIES = 40_000

# ctl entries, written by the solver's side and read by the helper (which writes only ``done``);
# the words written per span and per row sit on separate 64-byte lines
GEN = 0  # generation of the current row; never decreases, so no late span is read twice
ROW = 8  # the point whose row it is
N_AT = 9  # -1: the whole row; n >= 0: at the points ``points[:n]`` only
CLAIM = 16  # the span the solver computes now, -1 before its first
SESSION = 24  # the solve being served: odd while it runs, the next even number after it
_CTL_LEN = 32

_PAUSE = platform.machine().lower() in ("x86_64", "amd64", "i386", "i686")
#: POSIX ``sched_yield``, called from jitted code by its symbol (cacheable, unlike a ctypes
#: pointer); the helper is never started where it is missing (:func:`use_helper`).
_sched_yield = types.ExternalFunction("sched_yield", types.int32())


@intrinsic
def load_acquire(typingctx, arr, i):
    """``arr[i]`` of an int64 array, read with acquire ordering (never hoisted out of a loop).

    Parameters
    ----------
    typingctx : numba.core.typing.Context
        Supplied by numba (an intrinsic); jitted callers pass the other arguments only.
    arr : ndarray of int64
        The shared array.
    i : int
        The index.

    Returns
    -------
    int
        ``arr[i]``; the writes another thread made before its release store of it are visible.
    """
    sig = types.int64(arr, i)

    def codegen(context, builder, signature, args):
        ary = context.make_array(signature.args[0])(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, signature.args[0], ary, [args[1]])
        return builder.load_atomic(ptr, "acquire", 8)

    return sig, codegen


@intrinsic
def store_release(typingctx, arr, i, v):
    """``arr[i] = v`` for an int64 array, written with release ordering.

    Parameters
    ----------
    typingctx : numba.core.typing.Context
        Supplied by numba (an intrinsic); jitted callers pass the other arguments only.
    arr : ndarray of int64
        The shared array.
    i : int
        The index.
    v : int
        The value; this thread's earlier writes are visible to a thread that reads it with
        :func:`load_acquire`.

    Returns
    -------
    None
        In compiled code the store is the whole effect.
    """
    sig = types.void(arr, i, v)

    def codegen(context, builder, signature, args):
        ary = context.make_array(signature.args[0])(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, signature.args[0], ary, [args[1]])
        value = context.cast(builder, args[2], signature.args[2], types.int64)
        builder.store_atomic(value, ptr, "release", 8)
        return context.get_dummy_value()

    return sig, codegen


@intrinsic
def compare_and_swap(typingctx, arr, i, expected, new):
    """Set ``arr[i] = new`` if it equals ``expected``, atomically; return whether it did.

    Parameters
    ----------
    typingctx : numba.core.typing.Context
        Supplied by numba (an intrinsic); jitted callers pass the other arguments only.
    arr : ndarray of int64
        The shared array.
    i : int
        The index.
    expected, new : int
        The value ``arr[i]`` must hold, and the one it gets.

    Returns
    -------
    bool
        Whether this call made the swap (acquire-release ordering).
    """
    sig = types.boolean(arr, i, expected, new)

    def codegen(context, builder, signature, args):
        ary = context.make_array(signature.args[0])(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, signature.args[0], ary, [args[1]])
        old = context.cast(builder, args[2], signature.args[2], types.int64)
        value = context.cast(builder, args[3], signature.args[3], types.int64)
        pair = builder.cmpxchg(ptr, old, value, "acq_rel", "acquire")
        return builder.extract_value(pair, 1)

    return sig, codegen


@intrinsic
def _spin_pause(typingctx):
    """Emit the CPU's spin-wait hint (x86 ``pause``; nothing elsewhere)."""
    sig = types.void()

    def codegen(context, builder, signature, args):
        if _PAUSE:
            fnty = ir.FunctionType(ir.VoidType(), [])
            fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.x86.sse2.pause")
            builder.call(fn, [])
        return context.get_dummy_value()

    return sig, codegen


@intrinsic
def monotonic_ns(typingctx, clock):
    """Return POSIX ``clock_gettime(clock)`` in nanoseconds.

    Parameters
    ----------
    typingctx : numba.core.typing.Context
        Supplied by numba (an intrinsic); jitted callers pass the other arguments only.
    clock : int
        The clock id; pass ``time.CLOCK_MONOTONIC`` (its value differs between systems).

    Returns
    -------
    int
        The clock's time in nanoseconds.
    """
    sig = types.int64(clock)

    def codegen(context, builder, signature, args):
        i32, i64 = ir.IntType(32), ir.IntType(64)
        ts = cgutils.alloca_once(builder, ir.ArrayType(i64, 2))
        fnty = ir.FunctionType(i32, [i32, ts.type])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "clock_gettime")
        builder.call(fn, [builder.trunc(args[0], i32), ts])
        sec = builder.load(builder.gep(ts, [i32(0), i32(0)]))
        nsec = builder.load(builder.gep(ts, [i32(0), i32(1)]))
        return builder.add(builder.mul(sec, i64(1_000_000_000)), nsec)

    return sig, codegen


@njit(cache=True, inline="always")
def pause(spins):
    """One step of a spin-wait: the CPU's pause hint, and ``sched_yield`` every 2,000 steps.

    Parameters
    ----------
    spins : int
        The steps since the last yield (0 at the start).

    Returns
    -------
    int
        The count to pass next time: ``spins + 1``, or 0 after yielding.
    """
    _spin_pause()
    if spins + 1 >= _IDLE_SPINS:
        _sched_yield()
        return 0
    return spins + 1


def no_split():
    """Return the split state of a solve without a helper.

    Returns
    -------
    ndarray of int64 of shape (0,)
        An empty state: rows are computed by the solver's thread alone.
    """
    return np.zeros(0, dtype=np.int64)


def _state_len(m, d):
    return _CTL_LEN + -(-m // SPAN) + 3 * SPAN + d + SPAN // 2 + (m + 1) // 2


def split_state(m, d):
    """Allocate the state shared by a solve over ``m`` points of ``d`` features and its helper.

    One int64 array (a solver passes the kernel source, which carries it, to every function of
    its loop: one array costs less there than eight), laid out by :func:`parts`.

    Parameters
    ----------
    m, d : int
        Number of points and of features.

    Returns
    -------
    ndarray of int64
        The state, all zero.
    """
    return np.zeros(_state_len(m, d), dtype=np.int64)


@njit(cache=True, inline="always")
def parts(S, m, d):
    """Return the parts of split state ``S`` for ``m`` points of ``d`` features (views).

    ``S[:32]`` holds the control words (:data:`GEN`, :data:`ROW`, :data:`N_AT`, :data:`CLAIM`,
    :data:`SESSION`); then come ``done`` (the generation each span was published with), the
    solver's span scratch ``E`` (int64), ``acc`` and ``P`` (float64), ``xr`` (float64, shape
    (1, d)) and ``V`` (float32), and the helper's row buffer ``buf`` (float32, length m).

    Parameters
    ----------
    S : ndarray of int64
        The state of :func:`split_state` for ``m`` and ``d``.
    m, d : int
        Number of points and of features.

    Returns
    -------
    tuple
        ``(done, E, acc, P, xr, V, buf)``.
    """
    n_spans = -(-m // SPAN)
    o = _CTL_LEN
    done = S[o : o + n_spans]
    o += n_spans
    E = S[o : o + SPAN]
    o += SPAN
    acc = S[o : o + SPAN].view(np.float64)
    o += SPAN
    P = S[o : o + SPAN].view(np.float64)
    o += SPAN
    xr = S[o : o + d].view(np.float64).reshape((1, d))
    o += d
    V = S[o : o + SPAN // 2].view(np.float32)
    o += SPAN // 2
    buf = S[o : o + (m + 1) // 2].view(np.float32)[:m]
    return done, E, acc, P, xr, V, buf


@njit(cache=True, inline="always")
def _span(gamma, X, x_sq, a, XT, points, n, c, out, acc, P, E, V, xr, fast):
    """Compute span ``c`` of row ``a``: of all the points (``n < 0``) or of ``points[:n]``."""
    lo = c * SPAN
    if n >= 0:
        rbf_at_span_fast(gamma, X, x_sq, a, points, lo, min(n, lo + SPAN), out, acc, P, E, V)
    elif fast:
        rbf_span_fast(gamma, X, x_sq, a, XT, lo, min(X.shape[0], lo + SPAN), out, acc, P, E)
    else:
        rbf_span_exact(gamma, X, x_sq, a, lo, min(X.shape[0], lo + SPAN), out, xr, acc, P, E)


@njit(cache=True, nogil=True)
def split_row(gamma, X, x_sq, a, XT, points, n, out, split, fast):
    """Compute RBF row ``a`` into ``out``, sharing its spans with the helper if it comes.

    Parameters
    ----------
    gamma : float
        The RBF parameter.
    X, x_sq, XT
        The points, their squared norms and ``X.T`` (as in
        :func:`~svmbook.solvers._rows_f32.rbf_span_fast`; unused by the faithful mode).
    a : int
        The point whose row is computed.
    points : ndarray of int64
        With ``n >= 0``: the row is computed at ``points[:n]`` only (a solver's active set,
        :func:`~svmbook.solvers._rows_f32.rbf_at_span_fast`). The helper reads the array its
        solve registered (:func:`helping`), so it must be that one.
    n : int
        Number of points, or -1 for the whole row.
    out : ndarray of float32 of shape (m,)
        Receives the row (at ``points[:n]`` only when ``n >= 0``).
    split : ndarray of int64
        The state of :func:`split_state`.
    fast : bool
        The SMO's mode: fast-mode spans (:func:`~svmbook.solvers._rows_f32.rbf_span_fast`) or
        faithful ones (:func:`~svmbook.solvers._rows_f32.rbf_span_exact`, whole rows only). The
        helper computes the mode its solve registered (:func:`helping`).
    """
    ctl = split
    done, E, acc, P, xr, V, buf = parts(split, X.shape[0], X.shape[1])
    n_spans = -(-(X.shape[0] if n < 0 else n) // SPAN)
    g = ctl[GEN] + 1
    ctl[ROW] = a
    ctl[N_AT] = n
    store_release(ctl, CLAIM, -1)
    store_release(ctl, GEN, g)  # publishes the row and the reset claim with it
    for c in range(n_spans):
        if load_acquire(done, c) == g:  # the helper did spans c.. (it works back to front)
            lo = c * SPAN
            if n < 0:
                out[lo:] = buf[lo:]
            else:
                for t in range(lo, n):
                    out[points[t]] = buf[points[t]]
            return
        store_release(ctl, CLAIM, c)
        _span(gamma, X, x_sq, a, XT, points, n, c, out, acc, P, E, V, xr, fast)


@njit(cache=True, nogil=True)
def _serve(gamma, X, x_sq, XT, points, fast, session, ctl, idle_spins):
    """Serve solve ``session``: compute spans of its rows from the back while it runs (the helper).

    After ``idle_spins`` spins without a new row it yields its CPU once (``sched_yield``) and
    spins on: it never returns to Python during a solve, where it would wait for the GIL. A
    row's request is read between two reads of its generation, so a request overwritten
    meanwhile is not served under the wrong number; a late helper's spans of an old row carry
    that row's number and are never read. A row is served only if its solve is still
    ``session`` after its generation was read: a later solve on the same source (a shared row
    cache) posts its rows after announcing itself, and may have other ``points``.
    """
    m = X.shape[0]
    done, _, _, _, _, _, buf = parts(ctl, m, X.shape[1])
    # the helper's own scratch (the state's belongs to the solver)
    acc = np.empty(SPAN)
    P = np.empty(SPAN)
    E = np.empty(SPAN, dtype=np.int64)
    V = np.empty(SPAN, dtype=np.float32)
    xr = np.empty((1, X.shape[1]))
    seen = 0  # generations start at 1: serve the row posted before the helper came, if any
    idle = 0
    while load_acquire(ctl, SESSION) == session:
        g = load_acquire(ctl, GEN)
        if g == seen:
            idle += 1
            if idle >= idle_spins:
                _sched_yield()
                idle = 0
            _spin_pause()
            continue
        a = ctl[ROW]
        n = ctl[N_AT]
        if load_acquire(ctl, GEN) != g:  # a newer row was posted while reading this one
            continue
        if load_acquire(ctl, SESSION) != session:  # the row of a later solve
            return
        seen = g
        idle = 0
        if n > points.shape[0] or not 0 <= a < m:  # never index out of bounds, whatever is read
            continue
        for c in range(-(-(m if n < 0 else n) // SPAN) - 1, -1, -1):
            if load_acquire(ctl, CLAIM) >= c or load_acquire(ctl, GEN) != g:
                break
            _span(gamma, X, x_sq, a, XT, points, n, c, buf, acc, P, E, V, xr, fast)
            store_release(done, c, g)


#: Spins without a new row before the helper yields its CPU once (about 50 us). Measured at
#: 10,000 x 20 points with both CPUs held by two other processes: a fit 0.50-0.66 s with the
#: helper against 0.68-0.78 s without; with 100,000 spins (2.5 ms) 0.83-0.86 s, the spinning
#: helper taking the solver's turns.
_IDLE_SPINS = 2_000


class _Helper:
    """The helper thread: runs the jobs of its queue one at a time (:func:`post`)."""

    def __init__(self):
        self.jobs = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="svmbook-row-helper", daemon=True)
        self.thread.start()

    def _run(self):
        while True:
            fn, args = self.jobs.get()
            try:
                fn(*args)
            except Exception:  # noqa: BLE001 -- the caller did the job itself; keep the thread
                pass
            fn = args = None  # do not keep a job's arrays alive until the next one


_helper = None
_helper_lock = threading.Lock()


_one_thread = 0  # open one_thread() contexts
_one_thread_lock = threading.Lock()


def _reset_after_fork():
    # the child has no helper thread (start a new one on first use), and a lock another thread
    # of the parent held at the fork would stay held forever
    global _helper, _helper_lock, _one_thread_lock
    _helper = None
    _helper_lock = threading.Lock()
    _one_thread_lock = threading.Lock()


os.register_at_fork(after_in_child=_reset_after_fork)


@contextlib.contextmanager
def one_thread():
    """Keep every kernel row on its solver's thread inside the context.

    For fits that run in parallel (the searcher's workers, :class:`svmbook.model_selection.
    SVMSearchCV` with ``n_jobs``): they already use the cores, and a helper per fit would only
    take turns with them.

    Yields
    ------
    None
        Inside the context :func:`use_helper` is False.
    """
    global _one_thread
    with _one_thread_lock:
        _one_thread += 1
    try:
        yield
    finally:
        with _one_thread_lock:
            _one_thread -= 1


def _cpus():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def helper_allowed():
    """Whether work may go to the helper thread here and now (a rule on the machine, not the load).

    Returns
    -------
    bool
        True on a POSIX system with at least two CPUs for the process, outside
        :func:`one_thread` and with ``SVMBOOK_ROW_THREADS`` unset or not ``1``.
    """
    if _one_thread or os.environ.get("SVMBOOK_ROW_THREADS", "").strip() == "1":
        return False
    return os.name == "posix" and _cpus() >= 2  # sched_yield, clock_gettime


def use_helper(kind, sparse, m, d):
    """Whether a solve's kernel rows are shared with the helper thread (a rule on the shape).

    Parameters
    ----------
    kind : int
        The kernel code (:attr:`svmbook.kernels.Kernel.kind`).
    sparse : bool
        Whether the points are a CSR matrix.
    m, d : int
        Number of points and of features.

    Returns
    -------
    bool
        True for RBF rows of dense points (either SMO mode) with ``m d >= MIN_ENTRIES`` and at
        least two spans, where :func:`helper_allowed`.

    Examples
    --------
    >>> use_helper(2, False, 100, 20)
    False
    """
    return bool(
        kind == RBF_KIND and not sparse and m * d >= MIN_ENTRIES and m > SPAN and helper_allowed()
    )


def post(fn, *args):
    """Run ``fn(*args)`` on the helper thread once it is free (started on first use); no waiting.

    ``fn`` is a jitted ``nogil`` function that coordinates with its caller through atomics in
    its arguments (:func:`load_acquire`, :func:`store_release`), so that the caller never waits
    for it: a job that starts late, or not before the caller is done, only does less.

    Parameters
    ----------
    fn : callable
        The job.
    *args
        Its arguments (kept alive until it returns).
    """
    global _helper
    with _helper_lock:
        if _helper is None:
            _helper = _Helper()
        helper = _helper
    helper.jobs.put((fn, args))


@contextlib.contextmanager
def helping(ksrc, points):
    """Let the helper thread share the rows of a solve on ``ksrc`` inside the context.

    The solve's rows go through :func:`split_row` whenever its source carries a split state
    (:func:`svmbook.solvers.cache.kernel_source`); without one this does nothing. The solve
    gets a new odd number in ``ctl[SESSION]`` (a source shared by several solves keeps one
    state); on exit the number moves on, which tells the helper to leave; nobody waits for it.

    Parameters
    ----------
    ksrc : tuple
        :attr:`svmbook.solvers.cache.KernelSource.ksrc`.
    points : ndarray of int64
        The array the solve passes to :func:`split_row` for rows at its active points (the
        SMO's point of each variable, permuted in place by shrinking), or an empty array.

    Yields
    ------
    None
        Inside the context the helper serves the solve's rows, when it comes.
    """
    kind, theta, X, x_sq, fast, XT, ws, csr, ctl = ksrc
    if ctl.shape[0] == 0:
        yield
        return
    session = ctl[SESSION] + 1 + ctl[SESSION] % 2  # the next odd number
    ctl[SESSION] = session  # before the solve posts a row (its release store publishes this)
    post(_serve, float(theta[0]), X, x_sq, XT, points, bool(fast), session, ctl, _IDLE_SPINS)
    try:
        yield
    finally:
        ctl[SESSION] = session + 1
