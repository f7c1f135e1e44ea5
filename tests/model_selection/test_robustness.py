"""No input crashes :mod:`svmbook.model_selection`: the cases of ``robustness_cases.py``.

They run in a subprocess so that a crash inside compiled code (a segmentation fault) fails this
test with its signal instead of killing the test runner.
"""

from pathlib import Path

import pytest
from _robustness import run_cases

CASES = Path(__file__).with_name("robustness_cases.py")


@pytest.mark.slow
def test_robustness_cases_in_a_subprocess():
    """Every case raises a clear error or returns a usable model; nothing crashes."""
    run_cases(CASES)
