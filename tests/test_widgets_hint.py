"""The app's Hint button driven from Python: it shows the strong bot's suggestion and why, highlights it (cards,
the cat on the island, the ghost on the boat) and plays nothing; the next move clears it."""

from __future__ import annotations

from isle_nb.bots import GreedyBot
from isle_nb.model.isle.actions import DraftPick, Place, Rescue
from isle_nb.widgets import GameApp, play_app
from isle_nb.widgets.hint import HINT_CLASS


def advance_until(app: GameApp, kind: type, viewer: str = "Ann") -> None:
    """Play greedy moves for every seat until ``viewer`` has a choice of this kind."""
    game = app.game
    bot = GreedyBot(1)
    while not game.over:
        awaiting = game.awaiting
        legal = game.legal_actions(viewer) if viewer in awaiting else []
        if len(legal) > 1 and isinstance(legal[0], kind) and app.viewer == viewer:
            return
        name = awaiting[0]
        game.apply(bot.choose(game, name, game.legal_actions(name)))
    raise AssertionError(f"{viewer} never had a {kind.__name__} choice")


def test_hint_highlights_the_cards_to_keep_and_plays_nothing() -> None:
    app = play_app(["Ann", "bot:greedy"], seed=2, bot_delay=0)
    assert not app.hints.button.disabled
    actions = len(app.game.actions)
    app.hints.button.click()
    found = app.hints.hint
    assert found is not None and isinstance(found.action, DraftPick)
    assert len(app.game.actions) == actions, "a hint never plays"
    picker = app.panel.picker  # type: ignore[union-attr]
    assert sorted(app.hints.highlighted, key=id) == sorted((picker.buttons[c] for c in found.action.cards), key=id)
    assert all(HINT_CLASS in b._dom_classes for b in app.hints.highlighted)
    text = app.hints.reason.value
    assert "Hint:" in text and "passes on" in text and f"#{found.action.cards[0]} (" in text
    app.act(found.action)  # the player follows it: the hint goes away
    assert app.hints.hint is None and app.hints.reason.value == "" and not app.hints.highlighted


def test_hint_shows_a_ghost_at_the_suggested_spot_with_the_best_places() -> None:
    app = GameApp(play_app(["Ann", "Ben"], seed=5, bot_delay=0).game, hot_seat_cover=False, bot_delay=0)
    advance_until(app, Place)
    found = app.hints.show()
    assert found is not None and isinstance(found.action, Place)
    assert app.boat.suggestion is not None
    assert app.boat.placer is not None and app.boat.placer.spot_of(found.action) == app.boat.suggestion
    assert "Best places for this tile" in app.hints.reason.value or len(found.placements) <= 1
    assert "points now" in app.hints.reason.value or len(found.placements) <= 1
    app.hints.clear()
    assert app.boat.suggestion is None


def test_hint_highlights_the_cat_to_rescue() -> None:
    app = GameApp(play_app(["Ann", "Ben"], seed=3, bot_delay=0).game, hot_seat_cover=False, bot_delay=0)
    advance_until(app, Rescue)
    found = app.hints.show()
    assert found is not None
    if isinstance(found.action, Rescue):
        assert app.hints.highlighted == [app.island.buttons()[found.action.tile]]
    else:  # passing is the suggestion: the Pass button lights up
        assert [b.description for b in app.hints.highlighted] == ["Pass"]
    assert found.summary in app.hints.reason.value.replace("&#x27;", "'")


def test_search_bot_seat_and_the_button_off_when_nothing_to_decide() -> None:
    """``bot:search`` seats the search bot; while it decides the status says it is thinking; the Hint button is
    off while the player shown has nothing to decide."""
    app = play_app(["Ann", "bot:search"], seed=4, bot_delay=0)
    assert type(app.bots["Search bot"]).__name__ == "SearchBot"
    pick = app.game.legal_actions("Ann")[0]
    app.act(pick)
    assert app.game.awaiting == () or "Ann" in app.game.awaiting or "thinking" in app.status.value
    assert app.hints.button.disabled == ("Ann" not in app.game.awaiting)
