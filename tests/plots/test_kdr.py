import numpy as np
import pytest

from svmbook.plots import plot_canonical_variates, plot_components

RNG = np.random.default_rng(0)
Z = RNG.normal(size=(40, 3))


def _by_gid(ax, gid):
    return [a for a in ax.get_children() if a.get_gid() == gid]


def test_plot_components_two_classes_uses_the_class_markers():
    y = np.repeat([0, 1], 20)
    ax = plot_components(Z, y, components=(2, 0))
    (pos,) = _by_gid(ax, "class_positive")
    (neg,) = _by_gid(ax, "class_negative")
    np.testing.assert_allclose(pos.get_offsets(), Z[y == 1][:, [2, 0]])
    assert len(neg.get_offsets()) == 20
    assert ax.get_xlabel() == "component 3" and ax.get_ylabel() == "component 1"
    assert ax.get_legend() is not None


def test_plot_components_names_the_classes():
    y = np.repeat([0, 1], 20)
    ax = plot_components(Z, y, class_names={0: "outer circle", 1: "inner circle"})
    (pos,) = _by_gid(ax, "class_positive")
    (neg,) = _by_gid(ax, "class_negative")
    assert pos.get_label() == "inner circle" and neg.get_label() == "outer circle"
    with pytest.raises(TypeError, match="class_names must be a dict"):
        plot_components(Z, y, class_names=["a", "b"])


def test_plot_components_many_classes_and_continuous():
    y = np.arange(40) % 10
    ax = plot_components(Z, y)
    assert all(len(_by_gid(ax, f"class_{c}")) == 1 for c in range(10))
    # one marker per class, so that neighbours in colour differ in shape
    paths = {_by_gid(ax, f"class_{c}")[0].get_paths()[0].vertices.tobytes() for c in range(10)}
    assert len(paths) == 10
    ax2 = plot_components(Z, np.linspace(0, 1, 40), continuous=True, color_label="response")
    (points,) = _by_gid(ax2, "points")
    np.testing.assert_allclose(points.get_array(), np.linspace(0, 1, 40))
    assert len(ax2.figure.axes) == 2  # the colour bar
    ax3 = plot_components(Z[:, 0], components=(0, 0))  # one column, no labels
    assert len(_by_gid(ax3, "points")) == 1


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"components": (0, 3)}, r"components\[1\] must be in \[0, 2\]"),
        ({"y": np.zeros(5)}, r"y must have shape \(40,\)"),
        ({"y": np.arange(40) % 11}, "at most 10 classes"),
    ],
)
def test_plot_components_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        plot_components(Z, **kwargs)


def test_plot_canonical_variates_draws_the_pair_and_its_correlation():
    Zt = Z + 0.1 * RNG.normal(size=Z.shape)
    latent = np.linspace(-1, 1, 40)
    ax = plot_canonical_variates(Z, Zt, pair=1, color=latent, title="toy", cmap="twilight")
    (points,) = _by_gid(ax, "points")
    assert points.get_cmap().name == "twilight"
    np.testing.assert_allclose(points.get_offsets(), np.column_stack([Z[:, 1], Zt[:, 1]]))
    r = np.corrcoef(Z[:, 1], Zt[:, 1])[0, 1]
    assert ax.get_title() == f"toy: correlation {r:.3f}"
    r0 = np.corrcoef(Z[:, 0], Zt[:, 0])[0, 1]
    assert plot_canonical_variates(Z, Zt).get_title() == f"correlation {r0:.3f}"
    assert "variate 2" in ax.get_xlabel() and "$t$" in ax.get_ylabel()
    with pytest.raises(ValueError, match="Zt must have 40 rows"):
        plot_canonical_variates(Z, Zt[:5])
    with pytest.raises(ValueError, match="pair must be in"):
        plot_canonical_variates(Z, Zt, pair=3)
    with pytest.raises(ValueError, match="color must have shape"):
        plot_canonical_variates(Z, Zt, color=latent[:3])
