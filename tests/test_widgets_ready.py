"""The ready signal (issue #22 §5): every app tells the page when it is idle and awaiting input, so browser tests
wait for it instead of fixed times."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest

from isle_nb.bots import GreedyBot
from isle_nb.model.game import Game
from isle_nb.model.phases import rescue
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


def test_the_app_is_not_ready_while_a_bot_move_is_scheduled(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(ready_module, "kernel_loop", asyncio.get_running_loop)  # as in a kernel: written once idle

    async def scenario() -> tuple[tuple[str, int], tuple[str, int]]:
        state = Game.new(["Ann", "Bot"], seed=3).state
        state = state.update_player("Ann", pack=(), drafted=(), hand=(), fish=20, bought=True)
        state = rescue.begin(replace(state.update_player("Bot", pack=(), drafted=(), bought=True), turn_order=(1, 0)))
        app = GameApp(Game(state), bots={"Bot": GreedyBot()}, bot_delay=0.05)
        await asyncio.sleep(0)
        app.panel.play_button.click()  # Ann plays no cards; the bot's turn waits its delay
        await asyncio.sleep(0)
        waiting = signal_of(app)
        for _ in range(100):
            await asyncio.sleep(0.02)
            if app.game.turn == "Ann" or app.game.phase != "rescue":
                break
        await asyncio.sleep(0)
        return waiting, signal_of(app)

    with ThreadPoolExecutor(max_workers=1) as worker:
        waiting, after = worker.submit(asyncio.run, scenario()).result(timeout=30)
    assert waiting[0] == "no"
    assert after[0] == "yes" and after[1] > waiting[1]
