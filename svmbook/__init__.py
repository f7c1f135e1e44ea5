"""svmbook: support vector machines, from the textbook statement to fast solvers.

The package behind the svmbook notebooks. Every notebook imports it; a chapter that teaches an
algorithm also writes a short teaching version and checks it against the package. The estimators
live in :mod:`svmbook.svm` and are exported here (``svmbook.SVC``, ...).
"""

__version__ = "0.1.0"

from .svm import SVC, SVR, MuSVC, NuSVC, NuSVR, OneClassSVM

__all__ = ["SVC", "SVR", "MuSVC", "NuSVC", "NuSVR", "OneClassSVM", "__version__"]
