"""Gunn (1998)'s figures in the registry: every claim of the report holds."""

import pytest

from svmbook.reproductions import registry
from svmbook.reproductions._compare import compare

GUNN = [name for name in registry() if name.startswith("gunn-")]


def test_gunn_items_are_registered_with_their_places():
    """Register Gunn's figures with their places in the report, unseeded."""
    assert len(GUNN) >= 10
    for name in GUNN:
        exp = registry()[name]
        assert exp.source.startswith(f"Gunn (1998), Figure {name.rsplit('-', 1)[1]}, ")
        assert exp.provenance.startswith("Gunn (1998)") and not exp.seeded


@pytest.mark.parametrize("name", GUNN)
def test_gunn_figure_is_reproduced(name):
    """Reproduce every claim (and printed number) of a Gunn figure."""
    exp = registry()[name]
    result = exp.run("ci", progress=False)
    comparison = compare(exp, result)
    claims = [c for c in comparison.checks if c.kind == "claim"]
    assert claims, f"{name} checks no claim"
    assert comparison.verdict == "reproduced", [c for c in comparison.checks if not c.agrees]


def test_gunn_fig_2_4_numbers():
    """Find Table 2.1's canonical hyperplane."""
    row = registry()["gunn-fig-2.4"].run("ci", progress=False).rows[0]
    # the canonical hyperplane of Table 2.1: w = (-2, 4), b = -5, margin 1/sqrt(5)
    assert [row["w_1"], row["w_2"]] == pytest.approx([-2.0, 4.0], abs=1e-6)
    assert row["b"] == pytest.approx(-5.0, abs=1e-6) and row["margin"] == pytest.approx(5**-0.5)
