"""The data loaders survive random and truncated bytes: the cases of ``fuzz_cases.py``.

They run in a subprocess so that a crash inside a compiled parser (a segmentation fault) fails
this test with its signal instead of killing the test runner.
"""

from pathlib import Path

import pytest
from _robustness import run_cases

CASES = Path(__file__).with_name("fuzz_cases.py")


@pytest.mark.slow
def test_fuzz_cases_in_a_subprocess():
    """Every fuzzed file gives a clear ValueError or a consistent parse; nothing crashes."""
    run_cases(CASES)
