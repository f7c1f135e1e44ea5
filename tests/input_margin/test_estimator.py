"""Tests of svmbook.input_margin.InputMarginSVC (Akaho 2002): step 0 is the SVM, the selected
margin is never below the SVM's, the linear kernel is a fixed point, sparsity, soft margin,
determinism, failures reported, the metric, scikit-learn's API and bad input."""

import warnings

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.exceptions import ConvergenceWarning

import svmbook.input_margin.estimator as estimator_module
from svmbook.exceptions import InfeasibleProblemError
from svmbook.input_margin import InputMarginSVC, StepError
from svmbook.kernels import rbf
from svmbook.qp import svc_dual

from .conftest import mixture


def fit(model, X, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return model.fit(X, y)


@pytest.mark.parametrize("seed", [0, 3, 4])
def test_selected_margin_is_never_below_the_svm(seed):
    # oracle 17: step 0 (the SVM) is a candidate of the best-margin selection
    X, y = mixture(seed)
    model = fit(InputMarginSVC(), X, y)
    assert model.input_margin_ >= model.svm_margin_
    assert model.input_margin_ == model.margins_.max()
    assert model.margins_[0] == model.svm_margin_
    assert len(model.steps_) == model.n_steps_ + 1 == model.margins_.size
    assert model.expansion_ is model.steps_[model.best_step_].expansion


def test_improves_on_seeded_data():
    # seed 3: margin 0.0041 -> 0.036 (ratio 8.8), the order of the paper's example 0.040 -> 0.096
    X, y = mixture(3)
    model = fit(InputMarginSVC(), X, y)
    assert model.n_steps_ == 5 and model.stop_reason_ is None
    assert model.input_margin_ / model.svm_margin_ > 3.0
    assert model.best_step_ > 0


def test_step_zero_is_the_svm():
    X, y = mixture(1)
    model = fit(InputMarginSVC(n_steps=0, C=10.0), X, y)
    svm = svc_dual(rbf(gamma=0.5)(X), y, 10.0)
    T = np.random.default_rng(0).random((9, 2))
    np.testing.assert_allclose(model.decision_function(T), rbf(gamma=0.5)(T, X) @ svm.coef + svm.b,
                               rtol=1e-12)  # fmt: skip
    np.testing.assert_array_equal(model.steps_[0].g, 1.0)
    assert model.best_step_ == 0 and model.n_steps_ == 0


def test_linear_kernel_returns_the_svm_at_every_step():
    # oracle 8: the input margin of a linear machine is 1/|w|, and Algorithm 1 keeps it
    X, y = mixture(3)
    X = X + np.where(y[:, None] > 0, 1.5, -1.5)
    model = fit(InputMarginSVC("linear", n_steps=3), X, y)
    svm = svc_dual(X @ X.T, y)
    np.testing.assert_allclose(model.margins_, 1.0 / np.sqrt(svm.w_norm2), rtol=1e-6)
    T = np.random.default_rng(0).normal(size=(5, 2))
    for step in model.steps_:
        np.testing.assert_allclose(step.expansion.decision_function(T),
                                   T @ (svm.coef @ X) + svm.b, rtol=1e-5, atol=1e-5)  # fmt: skip


def test_support_stays_within_the_union_of_the_active_sets():
    # oracle 15: the support of (a, b) at step k is within J_0 u ... u J_k
    X, y = mixture(3)
    model = fit(InputMarginSVC(), X, y)
    active = set()
    for step in model.steps_:
        active |= set(np.flatnonzero(step.alpha > 1e-8 * step.alpha.max()))
        weight = np.abs(step.expansion.a) + np.linalg.norm(step.expansion.b, axis=1)
        assert set(np.flatnonzero(weight > 1e-8 * weight.max())) <= active


def test_soft_margin_keeps_the_box():
    X, y = mixture(0)
    model = fit(InputMarginSVC(C=5.0), X, y)
    for step in model.steps_:
        assert np.all((step.alpha >= 0) & (step.alpha <= 5.0 + 1e-9))
    assert model.input_margin_ >= model.svm_margin_


@pytest.mark.parametrize("algorithm", ["full", "simplified"])
def test_deterministic(algorithm):
    X, y = mixture(4)
    a = fit(InputMarginSVC(algorithm=algorithm, C=100.0), X, y)
    b = fit(InputMarginSVC(algorithm=algorithm, C=100.0), X, y)
    np.testing.assert_array_equal(a.margins_, b.margins_)
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))


@pytest.mark.parametrize("qp", ["exact", "rescaled_kernel"])
def test_simplified_algorithm(qp):
    X, y = mixture(3)
    model = fit(InputMarginSVC(algorithm="simplified", simplified_qp=qp, C=100.0), X, y)
    assert model.input_margin_ >= model.svm_margin_
    for step in model.steps_:
        assert not np.any(step.expansion.b)
        np.testing.assert_array_equal(step.expansion.centres, X)


def test_a_failing_step_keeps_the_last_good_one(monkeypatch):
    X, y = mixture(3)
    real = estimator_module.algorithm_step
    calls = []

    def failing(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise StepError("degenerate test step")
        return real(*args, **kwargs)

    monkeypatch.setattr(estimator_module, "algorithm_step", failing)
    with pytest.warns(ConvergenceWarning, match="step 3: degenerate test step; keeping steps 0-2"):
        model = InputMarginSVC().fit(X, y)
    assert model.n_steps_ == 2
    assert model.stop_reason_ == "step 3: degenerate test step"
    assert model.best_step_ <= 2


def test_a_failing_svm_names_the_cause(monkeypatch):
    def failing(*args, **kwargs):
        raise ValueError("domain error")

    monkeypatch.setattr(estimator_module, "svc_dual", failing)
    X, y = mixture(0)
    with pytest.raises(ValueError, match="SVM of step 0 failed in cvxopt .domain error.*finite C"):
        InputMarginSVC().fit(X, y)


def test_metric_scales_the_margin():
    X, y = mixture(2)
    euclid = fit(InputMarginSVC(n_steps=0), X, y)
    scaled = fit(InputMarginSVC(n_steps=0, metric=4.0 * np.eye(2)), X, y)
    assert scaled.svm_margin_ == pytest.approx(2.0 * euclid.svm_margin_, rel=1e-9)
    varying = fit(InputMarginSVC(n_steps=2, metric=lambda x: np.diag(1.0 + x * x)), X, y)
    assert varying.input_margin_ >= varying.svm_margin_


def test_slowing_down_is_an_option():
    X, y = mixture(4)
    model = fit(InputMarginSVC(n_steps=2, slow_down=True, C=100.0), X, y)
    assert model.input_margin_ >= model.svm_margin_
    with pytest.raises(TypeError, match="slow_down"):
        InputMarginSVC(slow_down="yes").fit(X, y)


def test_step_data_for_figures():
    X, y = mixture(3)
    model = fit(InputMarginSVC(n_steps=2), X, y)
    for step in model.steps_:
        assert step.feet.shape == X.shape and step.distances.shape == y.shape
        assert step.margin == pytest.approx(step.distances.min())
    assert model.steps_[0].foot_status is None
    assert model.steps_[1].foot_status.shape == y.shape


def test_scikit_learn_api():
    X, y = mixture(3)
    labels = np.where(y > 0, "pos", "neg")
    model = fit(clone(InputMarginSVC(n_steps=1, C=100.0)), X, labels)
    np.testing.assert_array_equal(model.classes_, ["neg", "pos"])
    assert set(model.predict(X)) <= {"neg", "pos"}
    assert model.score(X, labels) == np.mean(model.predict(X) == labels)
    assert model.get_params()["n_steps"] == 1
    np.testing.assert_array_equal(model.predict(X) == "pos", model.decision_function(X) > 0)


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"C": -1.0}, "C must be > 0"),
        ({"n_steps": -1}, "n_steps"),
        ({"n_foot_iter": 0}, "n_foot_iter"),
        ({"algorithm": "fast"}, "algorithm must be one of"),
        ({"simplified_qp": "libsvm"}, "simplified_qp must be one of"),
        ({"select": "first"}, "select must be one of"),
        ({"kernel": "sigmoid"}, "kernel must be one of"),
        ({"gamma": 0.0}, "gamma must be > 0"),
        ({"metric": -np.eye(2)}, "metric must be positive definite"),
    ],
)
def test_bad_parameters(params, match):
    X, y = mixture(0)
    with pytest.raises(ValueError, match=match):
        InputMarginSVC(**params).fit(X, y)


def test_hard_margin_without_a_separating_function():
    X = np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 1.0]])
    with pytest.raises(InfeasibleProblemError, match="hard-margin problem"):
        InputMarginSVC().fit(X, [1, -1, -1])


def test_bad_data():
    X, y = mixture(0)
    with pytest.raises(ValueError, match="y must have exactly 2 classes"):
        InputMarginSVC().fit(X, np.arange(y.size) % 3)
    with pytest.raises(ValueError, match="X"):
        InputMarginSVC().fit(X[:, 0], y)


def test_far_from_the_origin_gives_the_same_decision_values():
    """Shift the data by 1e7: every step's decision function is the unshifted one (1e-8)."""
    X, y = mixture(3)
    grid = 2.0**20  # exact doubles before and after the shift
    X = np.round(X * grid) / grid
    X_test = np.round(np.random.default_rng(1).random((50, 2)) * grid) / grid
    shift = np.array([1e7, -1e7])
    near, far = fit(InputMarginSVC(), X, y), fit(InputMarginSVC(), X + shift, y)
    assert near.best_step_ == far.best_step_
    # the feet far away stop at floating point's resolution there (moves of about 1e-8, the
    # 4 eps |x| of foot_of_perpendicular), so the distances agree to that, not to 1e-10
    np.testing.assert_allclose(far.margins_, near.margins_, rtol=1e-7)
    for s_near, s_far in zip(near.steps_, far.steps_, strict=True):
        f_near = s_near.expansion.decision_function(X_test)
        f_far = s_far.expansion.decision_function(X_test + shift)
        np.testing.assert_allclose(f_far, f_near, rtol=0, atol=1e-8 * np.abs(f_near).max())
    f_near = near.decision_function(X_test)
    np.testing.assert_allclose(far.decision_function(X_test + shift), f_near, rtol=0,
                               atol=1e-8 * np.abs(f_near).max())  # fmt: skip
