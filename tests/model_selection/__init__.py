"""Tests of svmbook.model_selection (a package: basenames such as test_robustness repeat)."""
