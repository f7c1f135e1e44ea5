"""pytest plugin: svmbook's estimators in place of scikit-learn's in ``sklearn.svm``.

Loaded with ``-p _sklearn_substitute`` by ``test_sklearn_suite.py`` in a subprocess: the
substitution happens in :func:`pytest_configure`, before scikit-learn's test module is imported, so
both its ``svm.SVC`` and its ``from sklearn.svm import SVR`` resolve to svmbook's classes. Importing
this module (e.g. for doctest collection) changes nothing.
"""

SUBSTITUTED = ("SVC", "NuSVC", "SVR", "NuSVR", "OneClassSVM")


def pytest_configure(config):
    """Put svmbook's estimators into ``sklearn.svm``.

    Parameters
    ----------
    config : pytest.Config
        The run's configuration (unused).
    """
    import sklearn.svm

    import svmbook

    for name in SUBSTITUTED:
        setattr(sklearn.svm, name, getattr(svmbook, name))
