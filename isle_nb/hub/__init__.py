"""The hub: one process that owns shared tables, so that players at one game each play from their own notebook.

``from isle_nb.hub import running_hub`` runs one for tests (``start_hub`` for notebooks, until ``.stop()``);
``isle-nb hub`` serves one. The hub is an ASGI app (:mod:`.app`) over a table manager (:mod:`.tables`) and a
SQLite store (:mod:`.store`); what a seat receives is built in :mod:`.wire` and :mod:`.compact`, and every message
both ways is declared once in :mod:`.protocol`. Creating, ending and deleting tables take the admin secret
(:mod:`.admin`). Its client is :mod:`isle_nb.remote`.
"""

from __future__ import annotations

from typing import Any

_SERVER = ("RunningHub", "main", "running_hub", "start_hub")
"""Served from :mod:`.server` on first use (it imports uvicorn; the client needs only the messages)."""


def __getattr__(name: str) -> Any:
    if name in _SERVER:
        from isle_nb.hub import server

        return getattr(server, name)
    raise AttributeError(f"module 'isle_nb.hub' has no attribute {name!r}")


__all__ = ["RunningHub", "main", "running_hub", "start_hub"]
