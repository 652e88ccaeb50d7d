"""Reading what a canvas widget sends, without a browser: decode ipycanvas command messages by name.

The ``sent`` fixture (in ``conftest.py``) records every message the ipycanvas manager sends; :func:`decode` turns one
message into ``(command name, arguments)`` pairs.
"""

from __future__ import annotations

import json
from typing import Any

from ipycanvas.canvas import COMMANDS

NAMES = {v: k for k, v in COMMANDS.items()}
"""Command name by its number in the ipycanvas wire format."""


def decode(message: tuple[Any, Any]) -> list[tuple[str, list[Any]]]:
    """The commands of one canvas message, by name (a ``hold_canvas`` batch is a list of commands)."""
    _, buffers = message
    commands = json.loads(bytes(buffers[0]))
    if commands and not isinstance(commands[0], list):
        commands = [commands]
    return [(NAMES.get(c[0], c[0]), c[1] if len(c) > 1 else []) for c in commands]
