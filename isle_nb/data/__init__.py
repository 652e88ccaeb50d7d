"""The game's facts as JSON data files (boats, tile shapes, cards). No logic lives here."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> Any:
    """Parse ``isle_nb/data/<name>.json`` once; callers must not mutate the result."""
    text = resources.files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8")
    return json.loads(text)
