"""Oracles of the smooth plus function (RSVM review, eqs. 6 and 18-21)."""

import numpy as np
import pytest

from svmbook.solvers.smooth_plus import (
    eps_insensitive_sq,
    plus,
    smooth_eps_insensitive_sq,
    smooth_plus,
    smooth_plus_grad,
    smooth_plus_hess,
)

GRID = np.linspace(-5.0, 5.0, 2001)


@pytest.mark.parametrize("beta", [0.5, 5.0, 10.0, 100.0])
def test_bounds_and_gap(beta):
    """``x_+ <= p(x, beta) <= x_+ + log(2) / beta``, the gap largest at 0."""
    gap = smooth_plus(GRID, beta) - plus(GRID)
    assert np.all(gap >= 0.0)
    assert gap.max() <= np.log(2.0) / beta * (1 + 1e-15)
    assert gap[np.argmin(np.abs(GRID))] == pytest.approx(np.log(2.0) / beta, rel=1e-15)


def test_value_at_zero_and_limit():
    """``p(0, 5) = log(2) / 5``, and ``p -> x_+`` uniformly as beta grows."""
    assert smooth_plus(0.0, 5.0) == pytest.approx(0.13862943611198905, rel=1e-15)
    gaps = [np.max(smooth_plus(GRID, b) - plus(GRID)) for b in (1.0, 10.0, 100.0, 1000.0)]
    assert np.all(np.diff(gaps) < 0) and gaps[-1] < 1e-3
    np.testing.assert_array_equal(smooth_plus(GRID, np.inf), plus(GRID))


def test_printed_form_and_no_overflow():
    """(6) as printed equals the logaddexp form, which stays finite where the printed one fails."""
    x = np.linspace(-3, 3, 61)
    printed = x + np.log1p(np.exp(-5.0 * x)) / 5.0
    np.testing.assert_allclose(smooth_plus(x, 5.0), printed, rtol=1e-14, atol=1e-15)
    with np.errstate(over="ignore"):
        assert not np.isfinite(-1e4 + np.log1p(np.exp(1e5)) / 10.0)
    values = smooth_plus(np.array([-1e4, 1e4]), 10.0)
    assert np.all(np.isfinite(values)) and values[0] == 0.0 and values[1] == 1e4


@pytest.mark.parametrize("beta", [1.0, 5.0, 30.0])
def test_derivatives_by_finite_differences(beta):
    """``p' = sigma(beta x)`` and ``p'' = beta sigma (1 - sigma)`` (central differences)."""
    h = 1e-5
    fd1 = (smooth_plus(GRID + h, beta) - smooth_plus(GRID - h, beta)) / (2 * h)
    np.testing.assert_allclose(smooth_plus_grad(GRID, beta), fd1, atol=1e-8)
    fd2 = (smooth_plus_grad(GRID + h, beta) - smooth_plus_grad(GRID - h, beta)) / (2 * h)
    np.testing.assert_allclose(smooth_plus_hess(GRID, beta), fd2, atol=1e-6 * beta)


def test_limit_derivatives():
    """At beta = inf the slope is the step function (0 at 0) and the curvature 0."""
    np.testing.assert_array_equal(smooth_plus_grad(GRID, np.inf), (GRID > 0).astype(float))
    np.testing.assert_array_equal(smooth_plus_hess(GRID, np.inf), 0.0)


@pytest.mark.parametrize("epsilon", [0.0, 0.1, 1.0])
def test_eps_insensitive_identities(epsilon):
    """(18)-(20) on a grid, and (21) bounds ``|x|_eps^2`` from above and tends to it."""
    a, b = plus(GRID - epsilon), plus(-GRID - epsilon)
    np.testing.assert_allclose(a + b, np.maximum(np.abs(GRID) - epsilon, 0.0))  # (18)
    np.testing.assert_array_equal(a * b, 0.0)  # (19)
    exact = eps_insensitive_sq(GRID, epsilon)
    np.testing.assert_allclose(exact, np.maximum(np.abs(GRID) - epsilon, 0.0) ** 2)  # (20)
    for beta in (5.0, 50.0):
        smooth = smooth_eps_insensitive_sq(GRID, epsilon, beta)
        assert np.all(smooth >= exact) and np.all(smooth > 0)
    err = np.max(smooth_eps_insensitive_sq(GRID, epsilon, 1e6) - exact)
    assert err < 1e-5


def test_bad_input():
    """A non-positive beta or a negative epsilon is named in the error."""
    with pytest.raises(ValueError, match="beta"):
        smooth_plus(1.0, 0.0)
    with pytest.raises(TypeError, match="beta"):
        smooth_plus_grad(1.0, "5")
    with pytest.raises(ValueError, match="epsilon"):
        eps_insensitive_sq(1.0, -0.1)
