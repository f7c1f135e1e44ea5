import itertools

import matplotlib.pyplot as plt
import numpy as np
import pytest

from svmbook import plots
from svmbook.datasets import gunn_table
from svmbook.plots import (
    plot_modelling_errors,
    plot_shattering,
    plot_vc_bound,
)

X22, Y22 = gunn_table("2.2")  # Gunn's Table 2.2: not separable
X_REG, Y_REG = gunn_table("5.1")  # Gunn's Table 5.1: 1-D regression
X_REG = X_REG[:, 0]




def _by_gid(ax, gid, kind=None):
    artists = [a for a in ax.get_children() if a.get_gid() == gid]
    if kind is not None:
        artists = [a for a in artists if isinstance(a, kind)]
    return artists


def _labelled(ax):
    return bool(ax.get_xlabel()) and bool(ax.get_ylabel())


def _separators(ax):
    return _by_gid(ax, "separator")


def _not_separable(ax):
    return _by_gid(ax, "not_separable")



def test_plot_shattering_three_points_all_separable():
    points = np.array([[0.0, 0.0], [1.0, 0.0], [0.3, 1.0]])
    axes = plot_shattering(points)
    assert len(axes) == 8
    for ax, labels in zip(axes, itertools.product((-1, 1), repeat=3), strict=True):
        (line,) = _separators(ax)
        assert _not_separable(ax) == []
        # the drawn line separates the labelling: classes on opposite sides (or all on one)
        (x0, x1), (y0, y1) = line.get_xdata(), line.get_ydata()
        side = np.sign((x1 - x0) * (points[:, 1] - y0) - (y1 - y0) * (points[:, 0] - x0))
        labels = np.array(labels)
        assert np.all(side != 0)
        assert np.all(side * labels == side[0] * labels[0])


def test_plot_shattering_square_xor_is_not_separable():
    square = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    axes = plot_shattering(square)
    assert len(axes) == 16
    marked = [i for i, ax in enumerate(axes) if _not_separable(ax)]
    assert len(marked) == 2
    # the two XOR labellings: (0,0) and (1,1) share a class, (1,0) and (0,1) the other
    for i in marked:
        labels = [(i >> (3 - k)) & 1 for k in range(4)]
        assert labels[0] == labels[3] != labels[1] == labels[2]
        assert _separators(axes[i]) == []
    assert all(len(_separators(ax)) == 1 for i, ax in enumerate(axes) if i not in marked)


def test_plot_shattering_custom_separator_and_axes():
    calls = []

    def never(X, y):
        calls.append(y)
        return None

    fig, axes = plt.subplots(2, 4)
    out = plot_shattering([[0, 0], [1, 0], [0, 1]], axes=axes, separator=never)
    assert len(out) == 8 and len(calls) == 6  # the two one-class labellings need no separator
    assert sum(bool(_not_separable(ax)) for ax in out) == 6
    with pytest.raises(ValueError, match="points must have shape"):
        plot_shattering([0, 1, 2])


def test_plot_vc_bound_marks_srm_choice():
    h = np.arange(1, 21, dtype=float)
    n, delta = 100, 0.05
    confidence = np.sqrt((h * (np.log(2 * n / h) + 1) - np.log(delta / 4)) / n)
    emp_risk = 0.5 / h
    ax = plot_vc_bound(h, confidence, emp_risk=emp_risk)
    (bound,) = _by_gid(ax, "bound")
    np.testing.assert_allclose(bound.get_ydata(), emp_risk + confidence)
    (choice,) = _by_gid(ax, "srm_choice")
    assert choice.get_xdata()[0] == h[np.argmin(emp_risk + confidence)]
    assert _labelled(ax)
    ax = plot_vc_bound(h, confidence)
    assert _by_gid(ax, "bound") == [] and len(_by_gid(ax, "confidence")) == 1


def test_plot_vc_bound_label_and_color_style_two_forms_on_one_axes():
    h = np.arange(1, 21, dtype=float)
    ax = plot_vc_bound(h, np.sqrt(h / 100), label="Vapnik's form")
    out = plot_vc_bound(
        h, np.sqrt(h / 120), ax=ax, label="as printed", color="#D55E00", linestyle=":"
    )
    assert out is ax
    first, second = _by_gid(ax, "confidence")
    assert first.get_label() == "Vapnik's form" and first.get_linestyle() == "--"
    assert first.get_color() == plots.OKABE_ITO[0]
    assert second.get_label() == "as printed" and second.get_linestyle() == ":"
    assert second.get_color() == "#D55E00"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Vapnik's form", "as printed"]


def test_plot_modelling_errors_fig_1_1_geometry():
    ax = plot_modelling_errors()
    (hyp,) = _by_gid(ax, "hypothesis_space")
    (target,) = _by_gid(ax, "target_space")
    f0 = _by_gid(ax, "target")[0].get_xydata()[0]
    fn = _by_gid(ax, "best_in_class")[0].get_xydata()[0]
    fnl = _by_gid(ax, "learned")[0].get_xydata()[0]
    for p, inside in ((f0, False), (fnl, True)):
        assert hyp.contains_point(ax.transData.transform(p)) == inside
        assert target.contains_point(ax.transData.transform(p))
    # f_n is the point of H_n nearest to f_0: on its boundary, closer than any other boundary point
    (cx, cy), a, b = hyp.center, hyp.width / 2, hyp.height / 2
    assert ((fn[0] - cx) / a) ** 2 + ((fn[1] - cy) / b) ** 2 == pytest.approx(1.0)
    t = np.linspace(0, 2 * np.pi, 5000)
    boundary = np.column_stack([cx + a * np.cos(t), cy + b * np.sin(t)])
    assert np.linalg.norm(fn - f0) <= np.linalg.norm(boundary - f0, axis=1).min() + 1e-3
    approx = [c for c in ax.get_children() if c.get_gid() == "approximation_error"]
    estim = [c for c in ax.get_children() if c.get_gid() == "estimation_error"]
    assert len(approx) == len(estim) == 1
    np.testing.assert_allclose(approx[0].xy, fn) and np.testing.assert_allclose(estim[0].xy, fnl)
    assert _labelled(ax)
    with pytest.raises(ValueError, match="target"):
        plot_modelling_errors(target=(0.0, 0.0))

