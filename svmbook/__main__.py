"""``python -m svmbook ...``: the :mod:`svmbook.cli` command line."""

import sys

from .cli import main

sys.exit(main())
