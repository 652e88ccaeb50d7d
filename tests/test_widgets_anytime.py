"""Playable anytime cards are shown next to the decision (issue #22 §4), not only in the Hand tab far below it."""

from __future__ import annotations

from isle_nb.bots import GreedyBot
from isle_nb.model.game import Game
from isle_nb.widgets import GameApp
from isle_nb.widgets.panels.hand import AnytimeNow


def test_the_anytime_cards_you_may_play_now_sit_under_the_decision_and_play_from_there():
    state = Game.new(["Ann", "Bot"], seed=3).state.update_player("Ann", hand=(90, 96, 71, 150))
    app = GameApp(Game(state), bots={"Bot": GreedyBot()}, bot_delay=0)
    right = list(app.right.children)
    assert right.index(app.anytime_box) == right.index(app.panel_box) + 1  # right under the decision
    (now,) = app.anytime_box.children
    assert isinstance(now, AnytimeNow)
    assert set(now.play_buttons) == set(app.tab("Your hand").play_buttons) == {90, 96, 71}  # not the lesson 150
    now.choices[96].value = now.choices[96].options[1][1]
    now.play_buttons[96].click()
    assert 96 not in app.game.state.player("Ann").hand and "green" in app.game.state.log[-1].text
    (after,) = app.anytime_box.children
    assert set(after.play_buttons) == {90, 71}


def test_no_anytime_box_when_nothing_may_be_played():
    state = Game.new(["Ann", "Bot"], seed=3).state.update_player("Ann", hand=(150,))
    app = GameApp(Game(state), bots={"Bot": GreedyBot()}, bot_delay=0)
    assert app.anytime_box.children == ()
