"""Every app carries the stylesheet that fits it to phones and tablets (issue #32 §1), and placing speaks of taps on a
touch screen. What the stylesheet does is measured in a real browser (tests/browser/test_touch.py); these check,
in milliseconds, that no app is left without it."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from isle_nb import Game
from isle_nb.hub import running_hub
from isle_nb.model.modes import game_mode
from isle_nb.model.parts.boat import Boat
from isle_nb.model.pocket import PocketGame
from isle_nb.widgets.app import GameApp
from isle_nb.widgets.boat import HINT, TOUCH_HINT, BoatWidget
from isle_nb.widgets.explore_draw import ExploreDrawApp
from isle_nb.widgets.fit import APPS, FIT_CSS, TAP_HEIGHT
from isle_nb.widgets.lobby import LobbyApp
from isle_nb.widgets.panels.pending import PLACING_HOW
from isle_nb.widgets.pocket import PocketBoardWidget


def styles(root: Any) -> str:
    """Every ``<style>`` text shown in the widget tree under ``root``."""
    found = []
    stack = [root]
    while stack:
        widget = stack.pop()
        if isinstance(widget, widgets.HTML) and "<style>" in widget.value:
            found.append(widget.value)
        stack.extend(getattr(widget, "children", ()))
    return "\n".join(found)


def test_every_app_carries_the_stylesheet_for_phones_and_tablets() -> None:
    apps = [
        GameApp(Game.new(["You", "Rival"], seed=1), hot_seat_cover=False),
        ExploreDrawApp(game_mode("explore_draw").new(["You"], 1, difficulty="easy")),
        PocketBoardWidget(PocketGame.new(seed=3)),
    ]
    with running_hub() as hub:
        apps.append(LobbyApp(hub.url, lambda _link: None, refresh_every=None))
    for app in apps:
        assert FIT_CSS in styles(app), type(app).__name__
        assert any(f"{name[1:]}" in app._dom_classes for name in APPS), type(app).__name__
    assert f"min-height: {TAP_HEIGHT}px" in FIT_CSS and "(pointer: coarse)" in FIT_CSS


def test_placing_words_for_the_mouse_and_for_touch() -> None:
    """The prompt holds both ways of placing, each marked for the page to show the one of its pointer; the boat's
    line has a touch screen's words too."""
    assert 'class="isle-pointer-words"' in PLACING_HOW and 'class="isle-touch-words"' in PLACING_HOW
    assert ".isle-touch-words" in FIT_CSS and ".isle-pointer-words" in FIT_CSS
    boat = BoatWidget(Boat("A"))
    assert boat.ghost_view.hint == HINT and boat.ghost_view.touch_hint == TOUCH_HINT
    assert "Tap" in TOUCH_HINT and len(TOUCH_HINT) < 80  # two lines beside the Place button on a phone
