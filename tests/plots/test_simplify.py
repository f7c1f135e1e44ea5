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
    """Star the merge's t*, at the curve's largest value; draw the start t = omega dotted."""
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
    assert not _by_gid(ax, "local_max")  # K_ij = 0.7 > e^-2: one maximum
    assert "one maximum" in ax.get_title()
    assert r"\omega" in ax.get_title() and "K_{ij}" in ax.get_title()  # the book's symbols


def test_merge_curve_rings_the_second_maximum_below_e_minus_2():
    """Ring the other maximum of a bimodal g (K_ij = 0.1 < e^-2, omega = 0.49) and say so."""
    ax = plots.plot_merge_curve(0.49, 0.1)
    (star,) = _by_gid(ax, "global_max")
    (ring,) = _by_gid(ax, "local_max")
    (k_star, _), (k_other, f_other) = star.get_offsets()[0], ring.get_offsets()[0]
    assert k_star < 0.5 < k_other  # the heavier x_j side wins (m < 1/2)
    assert f_other < gaussian_merge_curve(k_star, 0.49, 0.1)
    assert "two maxima" in ax.get_title()
    assert ring.get_label() == "another local maximum"


def test_merge_curve_labels_equal_maxima_a_tie():
    """At omega = 1/2 the two maxima are equal by symmetry: the ring is labelled a tie."""
    ax = plots.plot_merge_curve(0.5, 0.1)
    (star,) = _by_gid(ax, "global_max")
    (ring,) = _by_gid(ax, "local_max")
    (t_star, _), (t_other, _) = star.get_offsets()[0], ring.get_offsets()[0]
    assert t_star + t_other == pytest.approx(1.0, abs=0.01)  # mirror images about t = 1/2
    assert "tie" in ring.get_label()


@pytest.mark.parametrize(("omega", "K_ij", "match"),
                         [(0.0, 0.5, "omega must"), (1.0, 0.5, "omega must"),
                          (0.5, 1.0, "K_ij must"), (0.5, 0.0, "K_ij must")])  # fmt: skip
def test_merge_curve_bad_input(omega, K_ij, match):
    """Refuse an omega or a K_ij outside (0, 1), naming it."""
    with pytest.raises(ValueError, match=match):
        plots.plot_merge_curve(omega, K_ij)


def test_merge_pair_draws_the_terms_their_sum_and_the_merge():
    """Draw both terms, their sum, and beta k(z, .) peaking at the merge's t*."""
    ax = plots.plot_merge_pair([0.0, 0.0], [1.5, 0.5], 0.4, 0.6, gamma=0.5)
    (t_i,), (t_j,), (total,), (merged,) = (_by_gid(ax, g) for g in ("term_i", "term_j", "sum",
                                                                       "merged"))  # fmt: skip
    np.testing.assert_allclose(total.get_ydata(), t_i.get_ydata() + t_j.get_ydata())
    merge = merge_gaussian([0.0, 0.0], [1.5, 0.5], 0.4, 0.6, 0.5)
    ts, values = merged.get_data()
    assert values.max() == pytest.approx(merge.beta, rel=1e-4)
    assert ts[np.argmax(values)] == pytest.approx(merge.k, abs=0.01)
    assert "t^*" in ax.get_title() and "y_i" in t_i.get_label()  # the book's symbols
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
    # no counts in the legend (one legend serves several panels); no diamond over a circle
    assert not any(c.isdigit() for c in svs.get_label() + reduced.get_label())
    assert reduced.get_zorder() < svs.get_zorder()


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
