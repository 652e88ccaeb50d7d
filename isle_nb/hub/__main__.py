"""``python -m isle_nb.hub [--port ...]``: the same as ``isle-nb hub``."""

import sys

from isle_nb.hub.server import main

main(["hub", *sys.argv[1:]])
