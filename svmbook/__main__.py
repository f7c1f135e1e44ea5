"""``python -m svmbook ...``: the :mod:`svmbook.cli` command line."""

import sys

from .cli import main

if __name__ == "__main__":  # not when imported (pytest --doctest-modules imports every module)
    sys.exit(main())
