"""Shared pytest configuration: the markers every test module may use.

``slow`` marks the book build and the notebook executor (minutes; ``make unit`` leaves them out),
``needs_data`` the tests that read the external benchmark sets through ``SVMBOOK_DATA``.
"""


def pytest_configure(config):
    """Register the project's markers (``--strict-markers`` rejects any other)."""
    config.addinivalue_line("markers", "slow: the book build and the notebook executor (minutes)")
    config.addinivalue_line(
        "markers", "needs_data: reads an external benchmark set through SVMBOOK_DATA"
    )
