"""Root pytest configuration, for ``make nbval`` (``pytest --nbval notebooks``) and every run.

* ``SVMBOOK_STATIC=1``: widgets are no-ops, in this process and in the nbval kernels it starts.
* This process draws with Agg (no display, no hangs on interactive backends). nbval kernels
  inherit this process's environment, and ipykernel installs the inline backend only when
  ``MPLBACKEND`` is unset, so the kernels get the inline backend explicitly: the stored outputs
  hold each figure's ``display_data`` and the fresh run must produce it too. (Images are not
  compared; their ``text/plain`` is, through ``tests/nbval_sanitize.cfg``.)
* ``stderr`` is never compared: numba and deprecation warnings carry per-process paths and change
  with upstream versions (MDAnalysis/UserGuide does the same). Errors still fail the cell.
"""

import os

os.environ["SVMBOOK_STATIC"] = "1"
os.environ["MPLBACKEND"] = "Agg"
os.environ.setdefault("PYTHONHASHSEED", "0")

import matplotlib  # noqa: E402  (read MPLBACKEND=Agg now: this process keeps Agg whatever the kernels use)

matplotlib.use("Agg")

INLINE_BACKEND = "module://matplotlib_inline.backend_inline"


def pytest_collectstart(collector):
    """Prepare each notebook's comparison and kernel environment as nbval collects it.

    Parameters
    ----------
    collector : pytest.Collector
        The collector starting; nbval's notebook collector (``IPyNbFile``) is the one handled.
    """
    if hasattr(collector, "skip_compare") and collector.__class__.__name__ == "IPyNbFile":
        if "stderr" not in collector.skip_compare:
            collector.skip_compare = (*collector.skip_compare, "stderr")
        # The kernel for this notebook starts after collection; give it the inline backend.
        os.environ["MPLBACKEND"] = INLINE_BACKEND
        os.environ.setdefault("OMP_NUM_THREADS", "1")
        os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
