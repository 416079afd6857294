"""``python -m cs229``: the ``cs229`` command."""
import sys

from cs229.cli import main

sys.exit(main())
