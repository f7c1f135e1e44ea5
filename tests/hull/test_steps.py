import matplotlib
import numpy as np
import pytest

from svmbook import hull

matplotlib.use("Agg")




def _cyclic_same(A, B, tol=1e-9):
    """Same polygon as cyclic sequences (either orientation)."""
    A, B = np.asarray(A), np.asarray(B)
    if A.shape != B.shape:
        return False
    for seq in (B, B[::-1]):
        for shift in range(len(seq)):
            if np.allclose(A, np.roll(seq, shift, axis=0), atol=tol):
                return True
    return False



def test_quickhull_steps_reproduce_quickhull2d():
    for seed in range(5):
        P = np.random.default_rng(seed).standard_normal((20, 2))
        steps = hull.quickhull_steps(P)
        assert _cyclic_same(steps[-1].polygon, P[hull.quickhull2d(P)])
        # every split adds one vertex; the step count is 1 + 2 n_v - 2 (splits and final facets)
        n_v = steps[-1].polygon.shape[0]
        assert len(steps) == 2 * n_v - 1
    triangle = hull.quickhull_steps([[0.0, 0.0], [1.0, 0.0], [0.5, 1.0]])  # the guard terminates
    assert triangle[-1].polygon.shape == (3, 2)
    with pytest.raises(ValueError, match="different x"):
        hull.quickhull_steps([[0.0, 0.0], [0.0, 1.0]])


@pytest.mark.parametrize("mu", [1.0, 0.5, 1 / 3, 0.37])
def test_qrh_steps_reproduce_qrh(mu):
    for seed in range(4):
        P = np.random.default_rng(seed).standard_normal((14, 2))
        steps = hull.qrh_steps(P, mu)
        assert _cyclic_same(steps[-1].polygon, hull.qrh(P, mu).vertices, tol=1e-9)
        for st in steps[1:]:
            if st.vertex is not None:
                np.testing.assert_allclose(st.weights @ P[st.support], st.vertex)
                assert st.weights.sum() == pytest.approx(1.0)


def test_qrh_steps_thesis_filter_matches_the_package():
    P = np.random.default_rng(25).standard_normal((8, 2))
    thesis = hull.qrh_steps(P, k=2, filter="thesis")
    assert _cyclic_same(thesis[-1].polygon, hull.qrh(P, k=2, filter="thesis").vertices)
    assert thesis[-1].polygon.shape[0] == 7
    assert hull.qrh_steps(P, k=2, filter="none")[-1].polygon.shape[0] == 8
    with pytest.raises(ValueError, match="filter must be one of"):
        hull.qrh_steps(P, k=2, filter="some")

