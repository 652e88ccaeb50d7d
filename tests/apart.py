"""Running a coroutine as a kernel would, from a test: on a loop of its own in another thread."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run_apart(coroutine: Any, timeout: float = 120) -> Any:
    """Run ``coroutine`` to the end on a loop of its own in another thread: a browser test earlier in the same
    process leaves Playwright's loop marked as running in this thread, where asyncio.run would refuse to start."""
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(asyncio.run, coroutine).result(timeout=timeout)
