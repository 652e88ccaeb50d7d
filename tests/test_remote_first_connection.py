"""A seat joined inside a running loop (a kernel) connects only when that loop turns; a move sent before that, as a
notebook's next cell may send it, waits for the first connection instead of being refused. Notebook 14 failed so
under load: "not connected to the hub right now; it is being retried"."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from isle_nb import hub, remote


def test_a_move_sent_before_the_first_connection_waits_for_it() -> None:
    server = hub.start_hub()
    try:
        table = remote.create_table(server.url, players=["Ann", "Bob"], seed=3)

        async def session() -> None:
            ann = remote.join(table.links["Ann"])
            try:
                assert not ann.connected  # this loop has not run the connecting task yet
                await ann.apply_async(ann.legal_actions()[0])
                assert ann.connected
                assert await ann.wait_async(0, 5) and ann.seq == 1
            finally:
                ann.close()

        with ThreadPoolExecutor(max_workers=1) as worker:  # a loop of its own (see run_apart in test_hub.py)
            worker.submit(asyncio.run, session()).result(timeout=60)
    finally:
        server.stop()
