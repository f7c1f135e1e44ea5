"""The simplification figures (Nguyen 2006, chapter 3): what they draw, checked by gid."""

import numpy as np
import pytest
from sklearn.datasets import make_moons

from svmbook import SVC, plots
from svmbook.simplify import gaussian_merge_curve, merge_gaussian, simplify


def _by_gid(ax, gid):
    return [a for a in ax.get_children() if a.get_gid() == gid]


@pytest.fixture(scope="module")
def moons():
    X, y = make_moons(120, noise=0.2, random_state=0)
    model = SVC(gamma=1.0, C=10.0).fit(X, y)
    return X, y, model, simplify(model, mmd=0.5)


def test_merge_curve_stars_the_global_maximum_and_marks_the_start():
    """Star the merge's k*, at the curve's largest value; draw the start k = m dotted."""
    ax = plots.plot_merge_curve(0.4, 0.7)
    (curve,) = _by_gid(ax, "curve")
    ks, f = curve.get_data()
    np.testing.assert_allclose(f, gaussian_merge_curve(ks, 0.4, 0.7))
    (star,) = _by_gid(ax, "global_max")
    k_star, f_star = star.get_offsets()[0]
    assert k_star == pytest.approx(merge_gaussian([1.0], [0.0], 0.4, 0.6, -np.log(0.7)).k)
    assert f_star >= f.max() - 1e-12
    (start,) = _by_gid(ax, "start")
    assert start.get_xdata()[0] == pytest.approx(0.4) and start.get_linestyle() == ":"
    assert not _by_gid(ax, "local_max")  # C = 0.7 > e^-2: one maximum
    assert "one maximum" in ax.get_title()


def test_merge_curve_rings_the_second_maximum_below_e_minus_2():
    """Ring the other maximum of a bimodal f (C = 0.1 < e^-2, m = 0.49) and say so."""
    ax = plots.plot_merge_curve(0.49, 0.1)
    (star,) = _by_gid(ax, "global_max")
    (ring,) = _by_gid(ax, "local_max")
    (k_star, _), (k_other, f_other) = star.get_offsets()[0], ring.get_offsets()[0]
    assert k_star < 0.5 < k_other  # the heavier x_j side wins (m < 1/2)
    assert f_other < gaussian_merge_curve(k_star, 0.49, 0.1)
    assert "two maxima" in ax.get_title()


@pytest.mark.parametrize(("m", "C", "match"), [(0.0, 0.5, "m must"), (1.0, 0.5, "m must"),
                                               (0.5, 1.0, "C must"), (0.5, 0.0, "C must")])
def test_merge_curve_bad_input(m, C, match):
    """Refuse an m or a C outside (0, 1), naming it."""
    with pytest.raises(ValueError, match=match):
        plots.plot_merge_curve(m, C)


def test_merge_pair_draws_the_terms_their_sum_and_the_merge():
    """Draw both terms, their sum, and beta K(z, .) peaking at the merge's k."""
    ax = plots.plot_merge_pair([0.0, 0.0], [1.5, 0.5], 0.4, 0.6, gamma=0.5)
    (t_i,), (t_j,), (total,), (merged,) = (_by_gid(ax, g) for g in ("term_i", "term_j", "sum",
                                                                       "merged"))  # fmt: skip
    np.testing.assert_allclose(total.get_ydata(), t_i.get_ydata() + t_j.get_ydata())
    merge = merge_gaussian([0.0, 0.0], [1.5, 0.5], 0.4, 0.6, 0.5)
    ts, values = merged.get_data()
    assert values.max() == pytest.approx(merge.beta, rel=1e-4)
    assert ts[np.argmax(values)] == pytest.approx(merge.k, abs=0.01)
    with pytest.raises(ValueError, match="same sign"):
        plots.plot_merge_pair([0.0], [1.0], 0.4, -0.6, gamma=0.5)


def test_simplified_boundary_draws_both_machines_svs_and_reduced_vectors(moons):
    """Draw both boundaries and margins, circle the SVs, size the reduced vectors by |beta|."""
    X, y, model, small = moons
    ax = plots.plot_simplified_boundary(model, small, X, y, grid_resolution=60)
    for gid in ("original_boundary", "original_margins", "simplified_boundary",
                "simplified_margins"):  # fmt: skip
        assert len(_by_gid(ax, gid)) == 1, gid
    (margins,) = _by_gid(ax, "simplified_margins")
    assert margins.get_linestyle()[0][1] is not None  # dotted: a dash pattern
    (svs,) = _by_gid(ax, "support_vectors")
    np.testing.assert_array_equal(svs.get_offsets(), X[model.support_])
    (reduced,) = _by_gid(ax, "reduced_vectors")
    Z, beta, _ = small.machines_[0]
    np.testing.assert_array_equal(reduced.get_offsets(), Z)
    sizes = reduced.get_sizes()
    np.testing.assert_allclose(sizes / sizes.max(), np.abs(beta) / np.abs(beta).max())
    assert str(Z.shape[0]) in ax.get_title() and ax.get_legend() is not None


def test_simplified_boundary_bad_input(moons):
    """Refuse a multiclass simplification, 3-D data and a one-point grid."""
    X, y, model, small = moons
    X3, y3 = np.vstack([X, X[:5] + 3.0]), np.concatenate([y, np.full(5, 2)])
    three = simplify(SVC(gamma=1.0, C=10.0).fit(X3, y3), mmd=0.5)
    with pytest.raises(ValueError, match="one two-class machine"):
        plots.plot_simplified_boundary(model, three, X, y)
    with pytest.raises(ValueError, match="X"):
        plots.plot_simplified_boundary(model, small, np.c_[X, X[:, 0]], y)
    with pytest.raises(ValueError, match="grid_resolution"):
        plots.plot_simplified_boundary(model, small, X, y, grid_resolution=1)
