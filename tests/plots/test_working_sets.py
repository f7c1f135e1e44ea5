"""Figures of first working sets from trained machines: what is drawn, and where."""

import numpy as np
import pytest

from svmbook import plots


def _by_gid(artists, gid):
    return [a for a in artists if a.get_gid() == gid]


TABLE = {
    "sat-image": {"linear": 96.0, "rbf": 98.0},
    "letter": {"linear": 90.0, "rbf": 88.5},
}


def test_common_svs_bars_and_threshold():
    """Check one bar per set and pair at its value, and the threshold line."""
    ax = plots.plot_common_svs(TABLE, threshold=86.0, title="t")
    for k, pair in enumerate(("linear", "rbf")):
        bars = _by_gid(ax.patches, f"bars_{k}")
        assert [b.get_height() for b in bars] == [TABLE[d][pair] for d in TABLE]
    # the two pairs of a set sit side by side around its tick
    left, right = _by_gid(ax.patches, "bars_0")[0], _by_gid(ax.patches, "bars_1")[0]
    assert left.get_x() + left.get_width() == pytest.approx(right.get_x())
    (line,) = _by_gid(ax.lines, "threshold")
    assert line.get_ydata()[0] == 86.0
    assert [t.get_text() for t in ax.get_xticklabels()] == list(TABLE)
    assert ax.get_ylim() == (0.0, 100.0)


def test_common_svs_bad_table():
    """Check that an empty table or sets with other pairs are refused."""
    with pytest.raises(ValueError, match="table"):
        plots.plot_common_svs({})
    with pytest.raises(ValueError, match="letter"):
        plots.plot_common_svs({"a": {"p": 1.0}, "letter": {"q": 2.0}})


def test_working_set_curves_normalised_per_measure():
    """Check each measure divided by its largest value over both ways."""
    x = [1.0, 2.0, 3.0]
    curves = {
        "loops": {"org.": [10.0, 8.0, 6.0], "WS": [10.0, 2.0, 1.0]},
        "time": {"org.": [0.1, 0.2, 0.4], "WS": [0.1, 0.1, 0.1]},
    }
    ax = plots.plot_working_set_curves(x, curves, title="sat-image, linear")
    (org,) = _by_gid(ax.lines, "loops org.")
    np.testing.assert_allclose(org.get_ydata(), [1.0, 0.8, 0.6])
    (ws,) = _by_gid(ax.lines, "time WS")
    np.testing.assert_allclose(ws.get_ydata(), [0.25, 0.25, 0.25])
    # one colour per way, one line style per measure
    assert org.get_color() == _by_gid(ax.lines, "time org.")[0].get_color()
    assert org.get_linestyle() != ws.get_linestyle()
    raw = plots.plot_working_set_curves(x, curves, normalise=False, legend=False)
    np.testing.assert_allclose(_by_gid(raw.lines, "time org.")[0].get_ydata(), [0.1, 0.2, 0.4])


def test_working_set_curves_bad_input():
    """Check that empty curves or a curve of the wrong length are refused."""
    with pytest.raises(ValueError, match="curves"):
        plots.plot_working_set_curves([1.0], {})
    with pytest.raises(ValueError, match=r"curves\['loops'\]\['WS'\]"):
        plots.plot_working_set_curves([1.0, 2.0], {"loops": {"WS": [1.0]}})
