"""Playable anytime cards are shown next to the decision (issue #22 §4), not only in the Hand tab far below it."""

from __future__ import annotations

from game_helpers import rescue_turns

from isle_nb.bots import GreedyBot
from isle_nb.model.isle.game import Game
from isle_nb.widgets import GameApp
from isle_nb.widgets.panels.hand import AnytimeNow
from isle_nb.widgets.panels.rescue import RescueTurnPanel
from isle_nb.widgets.style import NARROW_CSS, PANEL_HEIGHT, WIDE_CSS


def test_the_anytime_cards_you_may_play_now_sit_under_the_decision_and_play_from_there():
    state = Game.new(["Ann", "Bot"], seed=3).state.update_player("Ann", hand=(90, 96, 71, 150))
    app = GameApp(Game(state), bots={"Bot": GreedyBot()}, bot_delay=0)
    assert app.right.children[0] is app.decision  # right under the decision, in its box
    assert app.decision.children == (app.panel_box, app.anytime_box)
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


def test_in_a_rescue_turn_the_anytime_cards_take_the_decisions_room_and_the_island_stays_put():
    """A playable anytime card shows, and goes when played, inside the decision's box of fixed height: nothing under
    it moves (the island and its Rescue buttons; RESCUE-3 turns, ANY-1 cards). Beside the boat the panel gives up
    its room (it scrolls inside); on a narrow screen the box gives its parts to the one column (issue #22 §4)."""
    state = rescue_turns(Game.new(["Ann", "Bot"], seed=3).state.update_player("Ann", hand=(90, 96)))
    app = GameApp(Game(state), bots={"Bot": GreedyBot()}, bot_delay=0)
    assert isinstance(app.panel, RescueTurnPanel) and app.viewer == "Ann"
    right = tuple(app.right.children)
    assert right == (app.decision, app.hints, app.island_bar, app.island)
    assert app.decision.children == (app.panel_box, app.anytime_box) and app.decision.layout.height == PANEL_HEIGHT
    (now,) = app.anytime_box.children
    assert set(now.play_buttons) == {90, 96}

    def rows() -> list[tuple[str, ...]]:
        """Each row's card and its controls' words (a dropdown: its kind), top to bottom."""
        (box,) = app.anytime_box.children
        return [(row.children[0].value,
                 *(getattr(c, "description", "") or type(c).__name__ for c in row.children[1:]))
                for row in box.children[1:]]

    start = rows()
    assert start == [("<b>#90</b> Fish per colour", "Play now"),
                     ("<b>#96</b> Fish per cat of a colour", "Dropdown", "Play now")]
    now.play_buttons[90].click()
    (now,) = app.anytime_box.children
    assert set(now.play_buttons) == {96} and isinstance(app.panel, RescueTurnPanel)
    # the played card keeps its row, so the other card's button stays where it was
    assert rows() == [(start[0][0], "Played"), start[1]]
    now.play_buttons[96].click()
    assert isinstance(app.panel, RescueTurnPanel) and app.game.state.player("Ann").hand == ()
    assert rows() == [(start[0][0], "Played"), (start[1][0], "Dropdown", "Played")]
    assert "none you may play now" in app.anytime_box.children[0].children[0].value
    assert tuple(app.right.children) == right and app.decision.layout.height == PANEL_HEIGHT
    wide = " ".join(WIDE_CSS.split())
    assert ".isle-decision > .isle-panel-box { height: auto !important; flex: 1 1 0; min-height: 0;" in wide
    assert ".isle-decision > .isle-anytime-box { flex: 0 1 auto; max-height: 45%; overflow-y: auto; }" in wide
    assert "isle-decision { display: contents !important; }" in NARROW_CSS
