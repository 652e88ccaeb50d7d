"""Calling back later on the kernel's running loop: how a page looks at something again by itself (the lobby's
tables, a waiting room's table, the watcher's table, the teacher's tables, a game another kernel still holds)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

HUB_SILENT = "The class's hub does not answer just now: this page looks again in a few seconds."
"""What a page that looks at the class's hub by itself says when the hub does not answer (it is restarting, say)."""


def later(seconds: float | None, callback: Callable[[], None]) -> bool:
    """Call ``callback`` in ``seconds`` on the running loop of this kernel; whether it will (no loop outside a
    kernel, or ``seconds`` is ``None``: then nothing is scheduled)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return False
    if seconds is None:
        return False
    loop.call_later(seconds, callback)
    return True


__all__ = ["HUB_SILENT", "later"]
