"""``python -m c4lab.ray``: the command line of the Ray drivers."""

import sys

from .cli import main

sys.exit(main())
