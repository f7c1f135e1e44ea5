"""pytest plugin: svmbook's estimators in place of scikit-learn's in ``sklearn.svm``.

Loaded with ``-p _sklearn_substitute`` before scikit-learn's test module is imported, so both its
``svm.SVC`` and its ``from sklearn.svm import SVR`` resolve to svmbook's classes.
"""

import sklearn.svm

import svmbook

SUBSTITUTED = ("SVC", "NuSVC", "SVR", "NuSVR", "OneClassSVM")

for _name in SUBSTITUTED:
    setattr(sklearn.svm, _name, getattr(svmbook, _name))
