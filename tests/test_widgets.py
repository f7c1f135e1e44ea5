import functools

import ipywidgets
import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.svm import SVC, SVR

from svmbook import plots, widgets
from svmbook.datasets import gunn_table
from svmbook.widgets import (
    checkbox,
    dropdown,
    explore,
    explore_losses,
    explore_svc,
    explore_svr,
    float_slider,
    int_slider,
    is_static,
    log_slider,
    svc_view,
    svr_view,
)

matplotlib.use("Agg")

X, Y = gunn_table("2.2")  # Gunn's Table 2.2: not separable
X_REG, Y_REG = gunn_table("5.1")  # Gunn's Table 5.1: 1-D regression
X_REG = X_REG[:, 0]


class InfeasibleProblemError(ValueError):
    """Stands in for svmbook's error on a hard margin over non-separable data."""


class HardMarginSVC(ClassifierMixin, BaseEstimator):
    """A classifier whose fit fails at C = inf, like svmbook.SVC on non-separable data."""

    def __init__(self, C=1.0):
        self.C = C

    def fit(self, X, y):
        if np.isinf(self.C):
            raise InfeasibleProblemError("the hard-margin problem is infeasible (C=inf)")
        return SVC(kernel="linear", C=self.C).fit(X, y)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture
def live(monkeypatch):
    """A notebook with a frontend: neither static flag set."""
    monkeypatch.delenv("SVMBOOK_STATIC", raising=False)
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)


def _n_circled(ax):
    (svs,) = [a for a in ax.get_children() if a.get_gid() == "support_vectors"]
    return len(svs.get_offsets())


def _messages(ax):
    return [a.get_text() for a in ax.texts if a.get_gid() == "message"]


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, False),
        ({"SVMBOOK_STATIC": "1"}, True),
        ({"SVMBOOK_STATIC": "true"}, True),
        ({"SVMBOOK_STATIC": "TRUE"}, True),
        ({"SVMBOOK_STATIC": "0"}, False),
        ({"SVMBOOK_STATIC": ""}, False),
        ({"NBGRADER_EXECUTION": "autograde"}, True),
        ({"NBGRADER_EXECUTION": ""}, True),
    ],
)
def test_is_static(monkeypatch, env, expected):
    monkeypatch.delenv("SVMBOOK_STATIC", raising=False)
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert is_static() is expected


def test_explore_is_silent_when_static(monkeypatch, capsys):
    monkeypatch.setenv("SVMBOOK_STATIC", "1")
    calls = []

    def plot_fn(ax=None, **values):
        calls.append(values)

    assert explore(plot_fn, C=(0.1, 10.0)) is None
    assert explore_svc(SVC(), X, Y, C=(0.1, 10.0)) is None
    assert explore_svr(SVR(), X_REG, Y_REG, C=(0.1, 10.0)) is None
    assert explore_losses() is None
    assert calls == []
    assert capsys.readouterr() == ("", "")
    assert plt.get_fignums() == []


def test_explore_live_builds_interactive(live):
    calls = []

    def plot_fn(ax=None, **values):
        calls.append(values)
        ax.plot([0, 1], [0, values["C"]])
        return ax

    slider = log_slider("C", 1e-3, 1e3, 1.0)
    widget = explore(plot_fn, C=slider, kernel=["linear", "rbf"])
    assert isinstance(widget, ipywidgets.interactive)
    assert slider in widget.children
    assert any(isinstance(c, ipywidgets.Dropdown) for c in widget.children)
    assert isinstance(widget.children[-1], ipywidgets.Output)
    assert calls == [{"C": 1.0, "kernel": "linear"}]  # drawn once at creation
    slider.value = 1e3  # a slider move redraws with the new value
    assert calls[-1] == {"C": pytest.approx(1e3), "kernel": "linear"}
    assert plt.get_fignums() == []  # each redraw's figure is displayed and closed


def test_explore_log_shorthand(live):
    seen = []
    widget = explore(
        lambda ax=None, C=None, gamma=None: seen.append((C, gamma)),
        C=(1e-2, 1e2, "log"),
        gamma=(1e-3, 1e1, "log", 0.1),
    )
    C, gamma = widget.children[:2]
    assert isinstance(C, ipywidgets.FloatLogSlider) and C.description == "C"
    assert C.min == pytest.approx(-2) and C.max == pytest.approx(2)
    assert gamma.value == pytest.approx(0.1)
    assert seen == [(pytest.approx(1.0), pytest.approx(0.1))]


def test_explore_renders_value_errors(live, monkeypatch):
    drawn = []
    monkeypatch.setattr(widgets, "render_message", lambda ax, exc: drawn.append(str(exc)))

    def plot_fn(ax=None, C=1.0):
        raise InfeasibleProblemError("infeasible")

    widget = explore(plot_fn, C=(0.5, 2.0))
    assert isinstance(widget, ipywidgets.interactive) and drawn == ["infeasible"]


def test_explorers_live(live):
    widget = explore_svc(
        SVC(kernel="linear"),
        X,
        Y,
        C=log_slider("C", 1e-3, 1e3, 1.0),
        kernel=dropdown("kernel", {"linear": "linear", "rbf": "rbf"}),
        plot_options={"soft": True},
    )
    assert isinstance(widget, ipywidgets.interactive)
    assert [c.description for c in widget.children[:-1]] == ["C", "kernel"]
    widget = explore_svr(SVR(), X_REG, Y_REG, epsilon=float_slider("epsilon", 0.0, 1.0, 0.5))
    assert widget.children[0].value == 0.5
    widget = explore_losses(epsilon=0.3, delta=0.5)
    assert [c.description for c in widget.children[:-1]] == ["epsilon", "delta"]
    assert [c.value for c in widget.children[:-1]] == [0.3, 0.5]


@pytest.mark.parametrize(("C", "C_text"), [(1e-3, "0.001"), (1.0, "1"), (1e5, "10^{5}")])
@pytest.mark.parametrize("kernel", ["linear", "rbf"])
def test_svc_view_at_slider_endpoints(C, C_text, kernel):
    estimator = SVC(kernel="linear")
    ax = svc_view(estimator, X, Y, C=C, kernel=kernel)
    reference = SVC(kernel=kernel, C=C).fit(X, Y)
    assert _n_circled(ax) == len(reference.support_)
    assert ax.get_title() == f"$C = {C_text}$, kernel = {kernel}"  # mathtext, never "1e+05"
    assert ax.get_xlabel() and ax.get_ylabel()
    assert estimator.get_params()["C"] == 1.0  # the estimator itself is never touched


def test_svc_view_with_kernel_objects_and_given_ax():
    def quadratic(A, B):
        return (A @ B.T + 1.0) ** 2

    fig, ax = plt.subplots()
    out = svc_view(SVC(), X, Y, ax=ax, kernel=quadratic, C=100.0, plot_options={"title": "t"})
    assert out is ax and ax.get_title() == "t"
    assert _n_circled(ax) == len(SVC(kernel=quadratic, C=100.0).fit(X, Y).support_)


def test_svc_view_renders_infeasible_fit():
    ax = svc_view(HardMarginSVC(), X, Y, C=np.inf)
    (message,) = _messages(ax)
    assert "InfeasibleProblemError" in message and "infeasible" in message
    assert ax.get_title() == r"$C = \infty$"
    # the data are still shown under the message
    assert any(a.get_gid() == "class_positive" for a in ax.get_children())
    # a finite C on the same estimator draws the model
    ax = svc_view(HardMarginSVC(), X, Y, C=1.0)
    assert _messages(ax) == [] and _n_circled(ax) > 0


def test_svc_view_renders_invalid_parameter():
    ax = svc_view(SVC(), X, Y, C=-1.0)
    (message,) = _messages(ax)
    assert "C" in message


@pytest.mark.parametrize("C", [1e-3, 1e3])
@pytest.mark.parametrize("epsilon", [0.0, 0.5])
def test_svr_view_at_slider_endpoints(C, epsilon):
    ax = svr_view(SVR(kernel="rbf", gamma=0.5), X_REG, Y_REG, C=C, epsilon=epsilon)
    reference = SVR(kernel="rbf", gamma=0.5, C=C, epsilon=epsilon).fit(X_REG[:, None], Y_REG)
    assert _n_circled(ax) == len(reference.support_)
    fit = next(a for a in ax.get_lines() if a.get_gid() == "fit")
    upper = next(a for a in ax.get_lines() if a.get_gid() == "tube")
    np.testing.assert_allclose(upper.get_ydata() - fit.get_ydata(), epsilon)


def test_svr_view_renders_failures():
    ax = svr_view(SVR(), X_REG, Y_REG, epsilon=-1.0)
    (message,) = _messages(ax)
    assert "epsilon" in message


def test_view_callbacks_work_in_plot_grid():
    fig = plots.plot_grid(
        functools.partial(svc_view, SVC(kernel="linear"), X, Y), "C", [1e-3, 1.0, 1e3]
    )
    assert [a.get_title() for a in fig.axes] == ["$C = 0.001$", "$C = 1$", "$C = 1000$"]


def test_control_helpers():
    slider = log_slider("C", 1e-3, 1e3)
    assert isinstance(slider, ipywidgets.FloatLogSlider)
    assert slider.min == pytest.approx(-3) and slider.max == pytest.approx(3)
    assert slider.value == pytest.approx(1.0)
    assert slider.continuous_update is False
    assert log_slider("gamma", 0.01, 100, 0.1, steps=4).step == pytest.approx(1.0)
    assert float_slider("mu", 0, 2).value == 1.0
    assert int_slider("degree", 1, 10, 2).value == 2
    kernels = dropdown("kernel", [("linear", "linear"), ("quadratic", len)])
    assert kernels.value == "linear" and kernels.options[1][1] is len
    assert dropdown("kernel", ["a", "b"], value="b").value == "b"
    assert checkbox("bias").value is True
    with pytest.raises(ValueError, match="0 < low < high"):
        log_slider("C", 0.0, 1.0)
    with pytest.raises(ValueError, match="low < high"):
        float_slider("mu", 1.0, 1.0)
    with pytest.raises(ValueError, match="options must not be empty"):
        dropdown("kernel", [])


@pytest.mark.parametrize("mmd", [0.0, 0.5, 3.0])
def test_simplify_view_at_slider_endpoints(mmd):
    from sklearn.datasets import make_moons

    X2, y2 = make_moons(80, noise=0.2, random_state=0)
    model = SVC(kernel="rbf", gamma=1.0, C=10.0).fit(X2, y2)
    ax = widgets.simplify_view(model, X2, y2, mmd=mmd, phase2=False)
    (reduced,) = [a for a in ax.get_children() if a.get_gid() == "reduced_vectors"]
    n_after = len(reduced.get_offsets())
    assert 1 <= n_after <= len(model.support_)
    title = f"$\\theta = {mmd:g}$: {len(model.support_)} SVs $\\to$ {n_after} vectors"
    assert ax.get_title() == title  # the threshold theta, not the MMD reached
    assert _n_circled(ax) == len(model.support_)
    assert ax.get_legend() is not None
    assert widgets.simplify_view(model, X2, y2, mmd=mmd, legend=False).get_legend() is None


def test_simplify_view_renders_invalid_mmd():
    model = SVC(kernel="rbf", gamma=1.0).fit(X, Y)
    _, ax = plt.subplots()
    assert widgets.simplify_view(model, X, Y, ax, mmd=-1.0) is ax
    (message,) = _messages(ax)
    assert "mmd" in message


@pytest.mark.parametrize(("s", "regime"), [(0.5, "stable"), (1.5, "stable"), (3.0, "unstable")])
def test_foot_view_at_slider_endpoints(s, regime):
    ax = widgets.foot_view(s, n_iter=40)
    assert f"({regime})" in ax.get_title() and "$s = " in ax.get_title()
    (iterates,) = [a for a in ax.get_children() if a.get_gid() == "iterates"]
    path = np.column_stack(iterates.get_data())
    assert path.shape[1] == 2 and path.shape[0] <= 41  # the start and at most 40 updates
    (foot,) = [a for a in ax.get_children() if a.get_gid() == "foot"]
    np.testing.assert_allclose(foot.get_offsets()[0], [1.0, 0.0])
    # Proposition 1: stable iff 0 < s < 2R, the error shrinking by |1 - s/R| = 0.5 per update
    near_foot = np.linalg.norm(path[-1] - [1.0, 0.0]) < 1e-6
    assert near_foot == (regime == "stable")
    assert ax.get_legend() is not None
    assert widgets.foot_view(s, legend=False).get_legend() is None


@pytest.mark.parametrize("s", [0.0, -1.0])
def test_foot_view_renders_invalid_s(s):
    _, ax = plt.subplots()
    assert widgets.foot_view(s, ax) is ax
    (message,) = _messages(ax)
    assert "s must be > 0" in message


@pytest.fixture(scope="module")
def input_margin_fit():
    from svmbook.input_margin import InputMarginSVC
    from svmbook.input_margin.experiment import make_mixture_problem

    X2, y2, _, _, _ = make_mixture_problem(random_state=3)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return X2, y2, InputMarginSVC(n_steps=2).fit(X2, y2)


def test_input_margin_step_view_at_slider_endpoints(input_margin_fit, monkeypatch):
    X2, y2, model = input_margin_fit
    monkeypatch.setattr(type(model), "fit", lambda *a, **k: pytest.fail("the view refitted"))
    for step in (0, len(model.steps_) - 1):
        ax = widgets.input_margin_step_view(model, X2, y2, step=step)
        assert ax.get_title().startswith(f"step {step}")
        (inset,) = ax.child_axes
        (ring,) = [a for a in inset.get_children() if a.get_gid() == "current_step"]
        np.testing.assert_allclose(ring.get_offsets()[0], [step, model.margins_[step]])
        assert ax.get_legend() is not None
    assert widgets.input_margin_step_view(model, X2, y2, step=0, legend=False).get_legend() is None


def test_input_margin_step_view_renders_a_step_out_of_range(input_margin_fit):
    X2, y2, model = input_margin_fit
    _, ax = plt.subplots()
    assert widgets.input_margin_step_view(model, X2, y2, ax, step=99) is ax
    (message,) = _messages(ax)
    assert "step" in message
@pytest.mark.parametrize("m", [2, 20, 60])
def test_smooth_view_at_slider_endpoints(m):
    from svmbook.reduced import RSVC

    X2, y2 = _xor60()
    ax = widgets.smooth_view(RSVC(gamma=1.0, C=10.0, random_state=0), X2, y2, reduced_size=m,
                             grid_resolution=40)  # fmt: skip
    (reduced,) = [a for a in ax.get_children() if a.get_gid() == "reduced_set"]
    assert len(reduced.get_offsets()) == m
    assert ax.get_title().startswith(f"$m = {m}$: training accuracy ")
    assert ax.get_legend() is not None


def test_smooth_view_full_kernel_has_no_reduced_set_and_renders_bad_sizes():
    from svmbook.reduced import RSVC, SSVC

    X2, y2 = _xor60()
    ax = widgets.smooth_view(SSVC(gamma=1.0), X2, y2, legend=False, grid_resolution=30,
                             circle="errors")  # fmt: skip
    model = SSVC(gamma=1.0).fit(X2, y2)
    errors = np.sum(np.where(y2 == model.classes_[-1], 1.0, -1.0) * model.decision_function(X2) < 0)
    (circles,) = [a for a in ax.get_children() if a.get_gid() == "support_vectors"]
    assert len(circles.get_offsets()) == errors
    assert not [a for a in ax.get_children() if a.get_gid() == "reduced_set"]
    assert ax.get_legend() is None and ax.get_title().startswith("training accuracy ")
    _, ax = plt.subplots()
    assert widgets.smooth_view(RSVC(), X2, y2, ax, reduced_size=0) is ax
    (message,) = _messages(ax)
    assert "reduced_size" in message


def _xor60():
    from svmbook.datasets import make_xor

    return make_xor(60, noise=0.3, random_state=0)
@pytest.mark.parametrize(("reduced_size", "gamma"), [(2, 0.1), (60, 20.0)])
def test_svr_view_of_the_reduced_ssvr_at_slider_endpoints(reduced_size, gamma):
    # chapter 17's explorer: RSVR over m and gamma, the points outside the tube circled and the
    # reduced set marked
    from svmbook.reduced import RSVR

    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(-3.0, 3.0, 80))
    y = np.sinc(x) + rng.normal(0.0, 0.1, x.size)
    options = {"circle_sv": "outside", "show_reduced_set": True}
    rsvr = RSVR(C=10.0, epsilon=0.1, random_state=0)
    ax = svr_view(rsvr, x, y, plot_options=options, reduced_size=reduced_size, gamma=gamma)
    (marks,) = [a for a in ax.get_children() if a.get_gid() == "reduced_set"]
    assert len(marks.get_offsets()) == reduced_size
    assert [a for a in ax.get_children() if a.get_gid() == "support_vectors"]
    assert f"reduced_size $= {reduced_size}$" in ax.get_title()
