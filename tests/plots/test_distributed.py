"""The Big Table figure of the MapReduce RSVM: what is drawn, and where."""

import numpy as np
import pytest

from svmbook import plots
from svmbook.reduced import MRRSVC


def _by_gid(artists, gid):
    return [a for a in artists if a.get_gid() == gid]


@pytest.fixture(scope="module")
def two_shards():
    rng = np.random.default_rng(0)
    X = rng.uniform(-1.0, 1.0, (300, 2))
    y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
    return MRRSVC(n_shards=2, reduced_size=15, gamma=2.0, C=10.0, random_state=0).fit(X, y)


def test_big_table_draws_its_rows_by_class_with_the_final_boundary(two_shards):
    model = two_shards
    B, labels = model.big_table_, model.big_table_labels_
    ax = plots.plot_big_table(B, labels, model.final_, grid_resolution=40, title="t")
    (pos,) = _by_gid(ax.collections, "class_positive")
    np.testing.assert_array_equal(pos.get_offsets(), B[labels == 1])
    margin = np.where(labels == 1, 1.0, -1.0) * model.final_.decision_function(B)
    (circles,) = _by_gid(ax.collections, "support_vectors")
    np.testing.assert_array_equal(circles.get_offsets(), B[margin < 1.0])
    assert _by_gid(ax.collections, "decision_boundary")
    assert _by_gid(ax.collections, "margins")
    assert ax.get_xlabel() == "$g_1(x)$, shard 1's decision value"
    assert ax.get_ylabel() == "$g_2(x)$, shard 2's decision value"
    assert ax.get_title() == "t" and ax.get_legend() is not None
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "$F(x)=0$" in legend and r"$F(x)=\pm 1$" in legend and "$y F(x) < 1$" in legend


def test_big_table_window_zooms_on_the_origin(two_shards):
    model = two_shards
    ax = plots.plot_big_table(model.big_table_, model.big_table_labels_, model.final_,
                              grid_resolution=40, xlim=(-0.5, 0.5), ylim=(-0.25, 0.25))  # fmt: skip
    assert ax.get_xlim() == (-0.5, 0.5) and ax.get_ylim() == (-0.25, 0.25)


@pytest.mark.parametrize(
    ("table", "labels", "match"),
    [
        (np.zeros((4, 3)), np.ones(4), r"big_table must have shape \(r, 2\)"),
        (np.zeros((0, 2)), np.ones(0), "big_table must have shape"),
        (np.zeros((4, 2)), np.ones(3), "labels must have one entry per row"),
    ],
)
def test_big_table_bad_input(two_shards, table, labels, match):
    with pytest.raises(ValueError, match=match):
        plots.plot_big_table(table, labels, two_shards.final_)
