"""svmbook: support vector machines, from the textbook statement to fast solvers.

The package behind the svmbook notebooks. Every notebook imports it; a chapter that teaches an
algorithm also writes a short teaching version and checks it against the package. The estimators
are exported here: the SVMs of :mod:`svmbook.svm` (``svmbook.SVC``, ...), the smooth and reduced
kernel SVMs of :mod:`svmbook.reduced` (``svmbook.RSVC``, ...) and the input-space margin
classifier of :mod:`svmbook.input_margin` (``svmbook.InputMarginSVC``).
"""

__version__ = "0.1.0"

from .input_margin import InputMarginSVC
from .reduced import RSVC, RSVR, SSVC, SSVR
from .svm import SVC, SVR, MuSVC, NuSVC, NuSVR, OneClassSVM

__all__ = [
    "SVC",
    "SVR",
    "MuSVC",
    "NuSVC",
    "NuSVR",
    "OneClassSVM",
    "SSVC",
    "SSVR",
    "RSVC",
    "RSVR",
    "InputMarginSVC",
    "__version__",
]
