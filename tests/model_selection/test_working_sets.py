"""Nguyen's first working sets from trained machines (thesis section 4.4.2) against the baseline."""

import numpy as np
import pytest
from sklearn.datasets import make_classification

from svmbook.kernels import linear, polynomial, rbf
from svmbook.model_selection import (
    SVQueue,
    binary_problems,
    common_sv_ratio,
    first_working_set,
    train_sequence,
)
from svmbook.model_selection import working_sets as ws
from svmbook.qp import svc_dual

TOL = 1e-6


def _three_classes(n=90, seed=0):
    X, y = make_classification(
        n_samples=n, n_features=4, n_informative=3, n_redundant=0, n_classes=3,
        n_clusters_per_class=1, flip_y=0.05, random_state=seed,
    )  # fmt: skip
    return X, y


#: A sequence with C moving at a fixed kernel (seeded starts) and kernel changes (alpha = 0).
SETTINGS = [
    (rbf(gamma=0.5), 1.0),
    (rbf(gamma=0.5), 3.0),
    (rbf(gamma=0.2), 3.0),
    (linear(), 1.0),
    (linear(), 2.0),
    (polynomial(2, coef0=1.0), 1.0),
]


@pytest.fixture(scope="module", params=["ovo", "ovr"])
def runs(request):
    """Both initialisations of :data:`SETTINGS` on a seeded three-class problem."""
    X, y = _three_classes()
    out = {
        init: train_sequence(X, y, SETTINGS, init=init, q=6, multiclass=request.param, tol=TOL,
                             random_state=1, keep_solutions=True)  # fmt: skip
        for init in ("fifo", "random")
    }
    return X, y, request.param, out


def test_same_solutions_as_baseline_and_cvxopt(runs):
    """Check that FIFO and random starts reach the cvxopt oracle's objective and decisions."""
    X, y, multiclass, out = runs
    _, problems = binary_problems(y, multiclass)
    fifo, base = out["fifo"], out["random"]
    assert [r["machine"] for r in fifo.records] == [r["machine"] for r in base.records]
    for rf, rb in zip(fifo.records, base.records, strict=True):
        assert rf["status"] == rb["status"] == 0
        t, label = rf["setting"], rf["machine"]
        kernel, C = SETTINGS[t]
        idx, signs = next((i, s) for m, i, s in problems if m == label)
        K = kernel(X[idx])
        ref = svc_dual(K, signs, C)
        np.testing.assert_allclose(rf["objective"], ref.objective, rtol=1e-6)
        np.testing.assert_allclose(rb["objective"], ref.objective, rtol=1e-6)
        f_ref = K @ ref.coef + ref.b
        for run, rec in ((fifo, rf), (base, rb)):
            f = K @ (signs * run.solutions[t, label]) - rec["offset"]
            # the decomposition's float32 kernel values: the tolerance of its own oracle tests
            np.testing.assert_allclose(f, f_ref, atol=1e-4)


def test_first_setting_trained_alike(runs):
    """Check that both ways train the first setting's machines identically (same draws)."""
    _, _, _, out = runs
    for measure in ("n_outer", "n_kernel_evals", "objective"):
        np.testing.assert_array_equal(
            out["fifo"].column(measure, setting=0), out["random"].column(measure, setting=0)
        )


def test_seeding_only_when_the_kernel_is_unchanged(runs):
    """Check that (4.15) starts exactly the settings whose kernel equals the previous one's."""
    _, _, _, out = runs
    for r in out["fifo"].records:
        assert r["seeded"] == (r["setting"] in (1, 4))
    assert not any(r["seeded"] for r in out["random"].records)


def test_common_sv_ratio_recorded(runs):
    """Check the recorded common-SV ratios: nan for the first setting, in [0, 1] after."""
    _, _, _, out = runs
    ratios = out["fifo"].column("common_sv", setting=0)
    assert np.all(np.isnan(ratios))
    later = np.concatenate([out["fifo"].column("common_sv", t) for t in range(1, len(SETTINGS))])
    assert np.all((later >= 0) & (later <= 1))


def test_seeding_saves_outer_loops_along_c():
    """Check that a C path at one kernel takes fewer outer loops from the FIFO and (4.15)."""
    X, y = _three_classes(150, 3)
    path = [(linear(), C) for C in (1.0, 2.0, 3.0, 4.0)]
    loops = {
        init: train_sequence(X, y, path, init=init, q=4, random_state=0).column("n_outer")
        for init in ("fifo", "random")
    }
    n_machines = 3
    # the first setting starts alike (random set, alpha = 0); every later one seeded
    assert loops["fifo"][n_machines:].sum() < loops["random"][n_machines:].sum()


@pytest.mark.parametrize("q", [16, 40])
def test_first_working_set_holds_the_newest_machines_svs(monkeypatch, q):
    """Check that each first working set is the previous machine's SVs, or q of them."""
    seen = []
    real = ws.decompose

    def spy(**kwargs):
        res = real(**kwargs)
        seen.append((kwargs["working_set"].copy(), res.alpha.copy(), kwargs["C"]))
        return res

    monkeypatch.setattr(ws, "decompose", spy)
    X, y = make_classification(n_samples=60, n_features=3, n_informative=3, n_redundant=0,
                               class_sep=2.0, random_state=4)  # fmt: skip
    settings = [(rbf(gamma=0.3), 1.0), (rbf(gamma=0.5), 1.0), (linear(), 1.0)]
    train_sequence(X, y, settings, q=q, random_state=0)
    for (_, alpha, C), (B0, _, _) in zip(seen, seen[1:], strict=False):
        assert B0.size == q and np.unique(B0).size == q
        sv = set(np.flatnonzero(alpha > 0).tolist())
        free = set(np.flatnonzero((alpha > 0) & (alpha < C)).tolist())
        if len(sv) <= q:  # all of them, newest first, then random others
            assert set(B0[: len(sv)].tolist()) == sv
        else:  # q of them, the free ones first (pushed last, so newest)
            B = set(B0.tolist())
            assert B <= sv and (free <= B if len(free) <= q else B <= free)


def test_queue_is_fifo_of_distinct_indices():
    """Check that the queue keeps the newest pushes, moves repeats up, drops the oldest."""
    queue = SVQueue(5)
    queue.push([1, 2, 3])
    queue.push([4, 2])
    assert queue.newest_first().tolist() == [2, 4, 3, 1]
    queue.push([7, 8, 9])  # overflow: the oldest (1, 3) leave
    assert queue.newest_first().tolist() == [9, 8, 7, 2, 4]
    queue.push(np.arange(10, 17))  # more than the capacity: the last five survive
    assert queue.newest_first().tolist() == [16, 15, 14, 13, 12]
    assert len(queue) == 5


def test_first_working_set_fills_at_random():
    """Check that the queue's indices come first and random distinct others fill up to q."""
    queue = SVQueue(6)
    queue.push([3, 8])
    B = first_working_set(queue, 20, 6, np.random.default_rng(0))
    assert B[:2].tolist() == [8, 3]
    assert B.size == 6 and np.unique(B).size == 6 and B.max() < 20
    empty = first_working_set(SVQueue(4), 10, 4, np.random.default_rng(0))
    assert empty.size == 4 and np.unique(empty).size == 4
    with pytest.raises(ValueError, match="q"):
        first_working_set(queue, 5, 6, np.random.default_rng(0))


def test_common_sv_ratio_by_hand():
    """Check the ratio on a hand-counted case: 3 common of 4 previous, 5 current, 6 in all."""
    prev, cur = [1, 2, 3, 4], [2, 3, 4, 5, 6]
    assert common_sv_ratio(prev, cur) == pytest.approx(3 / 5)
    assert common_sv_ratio(prev, cur, relative_to="previous") == pytest.approx(3 / 4)
    assert common_sv_ratio(prev, cur, relative_to="union") == pytest.approx(3 / 6)
    assert common_sv_ratio(prev, cur, relative_to="smaller") == pytest.approx(3 / 4)
    assert np.isnan(common_sv_ratio([1], []))
    with pytest.raises(ValueError, match="relative_to"):
        common_sv_ratio(prev, cur, relative_to="both")


def test_binary_problems_layout():
    """Check the one-vs-one pairs and one-vs-rest machines and their signs."""
    y = np.array([5, 7, 9, 5, 7, 9])
    classes, ovo = binary_problems(y, "ovo")
    assert classes.tolist() == [5, 7, 9]
    assert [p[0] for p in ovo] == [(0, 1), (0, 2), (1, 2)]
    assert ovo[0][1].tolist() == [0, 1, 3, 4] and ovo[0][2].tolist() == [1, -1, 1, -1]
    _, ovr = binary_problems(y, "ovr")
    assert [p[0] for p in ovr] == [0, 1, 2]
    assert ovr[2][2].tolist() == [-1, -1, 1, -1, -1, 1]
    _, two = binary_problems([0, 1, 1], "ovr")
    assert len(two) == 1


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"init": "warm"}, ValueError, "init"),
        ({"q": 3}, ValueError, "q must be even"),
        ({"q": 2.0}, TypeError, "q"),
        ({"multiclass": "ecoc"}, ValueError, "multiclass"),
        ({"tol": 0.0}, ValueError, "tol"),
        ({"cache_rows": 0}, ValueError, "cache_rows"),
        ({"random_state": -1}, ValueError, "random_state"),
        ({"settings": []}, ValueError, "settings"),
        ({"settings": [(linear(), 1.0, 2)]}, ValueError, r"settings\[0\]"),
        ({"settings": [("rbf", 1.0)]}, TypeError, r"settings\[0\] kernel"),
        ({"settings": [(linear(), -1.0)]}, ValueError, r"settings\[0\] C"),
        ({"y": [0, 0, 1]}, ValueError, "y must have 4"),
        ({"y": [1, 1, 1, 1]}, ValueError, "two classes"),
    ],
)
def test_bad_input(kwargs, error, match):
    """Check that bad input names the parameter."""
    args = {"X": np.eye(4), "y": [0, 0, 1, 1], "settings": [(linear(), 1.0)], "q": 2}
    args.update(kwargs)
    X, y, settings = args.pop("X"), args.pop("y"), args.pop("settings")
    with pytest.raises(error, match=match):
        train_sequence(X, y, settings, **args)
