"""A fit that does not return leaves its estimator unfitted: :func:`atomic_fit`.

A fit sets its fitted attributes (scikit-learn's trailing underscore: ``classes_``,
``n_features_in_``, ...) as it goes; interrupted half-way (KeyboardInterrupt, an error of a late
step), such an estimator would pass ``check_is_fitted`` with a half-set model, and ``predict``
would run on it or fail with an ``AttributeError`` far from the cause. :func:`atomic_fit` makes
the fit all-or-nothing instead: on any exception, the estimator's attributes are put back as they
were before the fit, with every fitted attribute removed.
"""

import functools

__all__ = ["atomic_fit", "is_fitted_attribute"]


def is_fitted_attribute(name):
    """Return whether ``name`` is a fitted attribute in scikit-learn's sense.

    Parameters
    ----------
    name : str
        An attribute name.

    Returns
    -------
    bool
        True for a trailing underscore that is not a dunder (what ``check_is_fitted`` counts).
    """
    return name.endswith("_") and not name.startswith("__")


def atomic_fit(fit):
    """Decorate a fitting method so that an exception or an interrupt leaves the estimator unfitted.

    Parameters
    ----------
    fit : callable
        The method, ``fit(self, *args, **kwargs)``.

    Returns
    -------
    callable
        The method that, when ``fit`` raises (any ``BaseException``: ``KeyboardInterrupt``
        included), restores the attributes the estimator had before the call, drops its fitted
        attributes (a refit that fails leaves no earlier model behind either) and re-raises.
    """

    @functools.wraps(fit)
    def wrapper(self, *args, **kwargs):
        before = dict(vars(self))
        try:
            return fit(self, *args, **kwargs)
        except BaseException:
            vars(self).clear()
            vars(self).update({k: v for k, v in before.items() if not is_fitted_attribute(k)})
            raise

    return wrapper
