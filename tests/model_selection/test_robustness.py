"""No input crashes :mod:`svmbook.model_selection`: the cases of ``robustness_cases.py``.

They run in a subprocess so that a crash inside compiled code (a segmentation fault) fails this
test with its signal instead of killing the test runner.
"""

from pathlib import Path

from _robustness import cases_in_a_subprocess

test_cases_in_a_subprocess = cases_in_a_subprocess(Path(__file__).with_name("robustness_cases.py"))
