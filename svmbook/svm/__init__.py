"""Support vector machines after ``sklearn/svm/``: the estimators and the road to the numba cores.

* :mod:`svmbook.svm._classes`: the public estimators :class:`SVC`, :class:`NuSVC`,
  :class:`MuSVC`, :class:`SVR`, :class:`NuSVR`, :class:`OneClassSVM` (docstrings and storing
  ``__init__``);
* :mod:`svmbook.svm._base`: their shared fit / predict / validation logic;
* :mod:`svmbook.svm._machines`: one function per (problem, solver), each returning one
  :class:`svmbook.svm.formulations.FormulationResult`;
* :mod:`svmbook.svm.formulations`: LIBSVM's ``solve_*`` adapters over the one SMO core and the
  C-SVC adapter of Nguyen's decomposition;
* :mod:`svmbook.svm.multiclass`: one-vs-one (LIBSVM's layout and votes) and one-vs-rest.
"""

from ._classes import SVC, SVR, MuSVC, NuSVC, NuSVR, OneClassSVM

__all__ = ["SVC", "SVR", "MuSVC", "NuSVC", "NuSVR", "OneClassSVM"]
