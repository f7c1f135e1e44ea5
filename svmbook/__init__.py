"""svmbook: support vector machines, from the textbook statement to fast solvers.

The package behind the svmbook notebooks. Every notebook imports it; nothing in a notebook
re-implements it.
"""

__version__ = "0.1.0"

from .estimators import SVC, SVR, MuSVC, NuSVC, NuSVR, OneClassSVM

__all__ = ["SVC", "SVR", "MuSVC", "NuSVC", "NuSVR", "OneClassSVM", "__version__"]
