"""The ready signal (issue #22 §5): every app tells the page when it is idle and awaiting input, so browser tests
wait for it instead of fixed times."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from isle_nb.widgets import GameApp, play_app
from isle_nb.widgets import ready as ready_module
from isle_nb.widgets.closing import tree


def signal_of(app: GameApp) -> tuple[str, int]:
    """What the page reads: data-ready and data-settled of the app's hidden mark."""
    found = re.search(r'data-ready="(\w+)" data-settled="(\d+)"', app.ready_signal.value)
    assert found is not None
    return found.group(1), int(found.group(2))


def test_the_app_shows_its_ready_signal_and_it_grows_after_each_handled_click():
    app = play_app(["Ann", "bot:greedy"], seed=1, bot_delay=0)
    assert id(app.ready_signal) in tree(app)  # shown in the page (and closed with the app)
    ready, settled = signal_of(app)
    assert ready == "yes" and settled >= 1
    pack = app.panel.picker.cards
    app.panel.picker.buttons[pack[0]].click()
    assert signal_of(app) == ("yes", settled + 1)  # a handled click, even one that changes no state
    app.panel.picker.buttons[pack[1]].click()
    app.panel.keep_button.click()  # the model moves, the bot answers at once
    assert signal_of(app)[0] == "yes" and signal_of(app)[1] > settled + 1


def test_the_app_is_not_ready_while_a_bot_move_is_scheduled():
    app = play_app(["Ann", "bot:greedy"], seed=1, bot_delay=0)
    settled = signal_of(app)[1]
    loop = asyncio.new_event_loop()
    app.driver._handle = loop.call_later(60, lambda: None)  # a bot move is scheduled
    app.settle()
    assert signal_of(app) == ("no", settled)
    app.driver.cancel()  # the bot moved
    loop.close()
    app.settle()
    assert signal_of(app) == ("yes", settled + 1)


def test_in_a_kernel_the_signal_is_written_once_the_event_is_handled(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(ready_module, "kernel_loop", asyncio.get_running_loop)

    async def scenario() -> tuple[int, int, int]:
        app = play_app(["Ann", "bot:greedy"], seed=1, bot_delay=0)
        await asyncio.sleep(0)
        first = signal_of(app)[1]
        pack = app.panel.picker.cards
        for card in pack[:3]:  # three handled clicks in one turn of the loop: one write
            app.panel.picker.buttons[card].click()
        during = signal_of(app)[1]
        await asyncio.sleep(0)
        return first, during, signal_of(app)[1]

    with ThreadPoolExecutor(max_workers=1) as worker:
        first, during, after = worker.submit(asyncio.run, scenario()).result(timeout=30)
    assert during == first and after == first + 1
