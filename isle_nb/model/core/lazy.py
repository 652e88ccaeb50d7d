"""Libraries imported when first used, not when the package is: pandas takes a third of a second to import, and a
kernel that plays a game never makes a table (every page of a class, every lesson and every seat starts a kernel).

A module says ``pd`` as usual, with the real import for the type checker::

    if TYPE_CHECKING:
        import pandas as pd
    else:
        from isle_nb.model.core.lazy import pandas as pd
"""

from __future__ import annotations

import importlib
from typing import Any


class LazyModule:
    """A stand-in for the module ``name``: the first attribute asked of it imports the module (later ones find it
    in ``sys.modules``)."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        return getattr(importlib.import_module(self._name), attribute)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported when first used>"


pandas = LazyModule("pandas")
"""pandas, imported when a table is first made."""

__all__ = ["LazyModule", "pandas"]
