"""``python -m isle_nb ...``: the same as the ``isle-nb`` command (:mod:`isle_nb.cli`)."""

import sys

from isle_nb.cli import main

sys.exit(main())
