"""A fit interrupted by KeyboardInterrupt leaves the estimator unfitted, in every family.

Each case raises ``KeyboardInterrupt`` from an inner function that the fit calls after it has
set some fitted attributes (monkeypatched), then checks that ``check_is_fitted`` raises, that
the prediction method raises ``NotFittedError`` (no half-set model runs), and that the same
estimator, fitted again without the interrupt, works. A refit interrupted the same way leaves no
earlier model behind either.
"""

import numpy as np
import pytest
from sklearn.exceptions import NotFittedError
from sklearn.utils.validation import check_is_fitted

import svmbook.input_margin.estimator as input_margin_estimator
import svmbook.model_selection.search as search
import svmbook.reduced._base as reduced_base
import svmbook.reduced.kdr as kdr
import svmbook.simplify.estimator as simplify_estimator
from svmbook import SVC, SVR, MuSVC, NuSVC, OneClassSVM
from svmbook._atomic_fit import atomic_fit, is_fitted_attribute
from svmbook.input_margin import InputMarginSVC
from svmbook.model_selection import SVMSearchCV
from svmbook.reduced import (
    MRRSVC,
    RSVC,
    RSVR,
    SSVC,
    SSVR,
    ReducedKCCA,
    ReducedKPCA,
    ReducedKSIR,
)
from svmbook.simplify import SimplifiedSVC
from svmbook.svm._base import BaseSVM

RNG = np.random.default_rng(0)
X = RNG.normal(size=(24, 2))
LABELS = (X[:, 0] + 0.3 * RNG.normal(size=24) > 0).astype(int)
TARGETS = X.sum(axis=1)


def _interrupt(*args, **kwargs):
    raise KeyboardInterrupt


# (estimator, targets, where the interrupt is raised: (owner, attribute))
CASES = {
    "SVC": (lambda: SVC(), LABELS, (BaseSVM, "_check_finite_model")),
    "NuSVC": (lambda: NuSVC(nu=0.3), LABELS, (BaseSVM, "_check_finite_model")),
    "MuSVC": (lambda: MuSVC(), LABELS, (BaseSVM, "_check_finite_model")),
    "SVR": (lambda: SVR(), TARGETS, (BaseSVM, "_check_finite_model")),
    "OneClassSVM": (lambda: OneClassSVM(), None, (BaseSVM, "_check_finite_model")),
    "SSVC": (lambda: SSVC(), LABELS, (reduced_base, "newton_armijo")),
    "RSVC": (lambda: RSVC(random_state=0), LABELS, (reduced_base, "newton_armijo")),
    "SSVR": (lambda: SSVR(), TARGETS, (reduced_base, "newton_armijo")),
    "RSVR": (lambda: RSVR(random_state=0), TARGETS, (reduced_base, "newton_armijo")),
    "MRRSVC": (lambda: MRRSVC(n_shards=2, random_state=0), LABELS, (MRRSVC, "_encode")),
    "ReducedKPCA": (lambda: ReducedKPCA(2), None, (kdr, "_n_components")),
    "ReducedKSIR": (lambda: ReducedKSIR(1), LABELS, (kdr, "_n_components")),
    "ReducedKCCA": (lambda: ReducedKCCA(1), TARGETS, (kdr, "_n_components")),
    "InputMarginSVC": (
        lambda: InputMarginSVC(C=10.0, n_steps=1),
        LABELS,
        (input_margin_estimator, "algorithm_step"),
    ),
    "SVMSearchCV": (
        lambda: SVMSearchCV(SVC(), {"C": [0.1, 1.0]}, cv=2, progress=False),
        LABELS,
        (search, "_cv_results"),
    ),
}


def _fit(est, y):
    return est.fit(X) if y is None else est.fit(X, y)


def _output(est):
    for method in ("predict", "transform"):
        if hasattr(est, method):
            return getattr(est, method)(X)
    raise AssertionError(f"{type(est).__name__} has no output method")


def _assert_unfitted(est):
    with pytest.raises(NotFittedError):
        check_is_fitted(est)
    with pytest.raises(NotFittedError):
        _output(est)
    assert not [k for k in vars(est) if is_fitted_attribute(k)]


@pytest.mark.parametrize("refit", [False, True], ids=["fresh", "refit"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_interrupted_fit_leaves_the_estimator_unfitted(name, refit, monkeypatch):
    """KeyboardInterrupt half-way through fit: unfitted, and a later fit works."""
    make, y, (owner, attribute) = CASES[name]
    est = make()
    if refit:
        _fit(est, y)
    with monkeypatch.context() as patch:
        patch.setattr(owner, attribute, _interrupt)
        with pytest.raises(KeyboardInterrupt):
            _fit(est, y)
    _assert_unfitted(est)
    assert np.all(np.isfinite(np.asarray(_output(_fit(est, y)), dtype=float)))


def test_interrupted_simplify_leaves_the_simplified_svc_unfitted(monkeypatch):
    """KeyboardInterrupt inside SimplifiedSVC.simplify: no machines, predict refuses."""
    model = SVC(C=10.0).fit(X, LABELS)
    simplified = SimplifiedSVC(mmd=0.1)
    with monkeypatch.context() as patch:
        patch.setattr(simplify_estimator, "_simplify_machine", _interrupt)
        with pytest.raises(KeyboardInterrupt):
            simplified.simplify(model)
    assert not [k for k in vars(simplified) if is_fitted_attribute(k)]
    with pytest.raises(NotFittedError):
        simplified.predict(X)
    assert simplified.simplify(model).predict(X).shape == (24,)


def test_atomic_fit_restores_the_other_attributes():
    """The decorator puts back the non-fitted attributes a failed fit changed, and re-raises."""

    class Toy:
        def __init__(self):
            self.param = 1

        @atomic_fit
        def fit(self, fail):
            self.param = 2
            self.coef_ = 3.0
            self._private = 4
            if fail:
                raise ValueError("late failure")
            return self

    toy = Toy()
    with pytest.raises(ValueError, match="late failure"):
        toy.fit(True)
    assert vars(toy) == {"param": 1}
    assert toy.fit(False).coef_ == 3.0
    assert Toy.fit.__name__ == "fit"
