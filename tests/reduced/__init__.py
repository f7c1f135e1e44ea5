"""Tests of svmbook.reduced (a package, so that basenames such as test_selection may repeat)."""
