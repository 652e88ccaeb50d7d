"""The widgets' one change-tracking scheme (isle_nb.widgets.slots): a part is rebuilt only when the key of what it
shows changes (what a redraw needs is computed once per change by the seat: tests/test_seat.py)."""

from __future__ import annotations

from isle_nb import Game, GreedyBot
from isle_nb.widgets.app import GameApp
from isle_nb.widgets.slots import Batch, Slot


def test_a_slot_redraws_only_for_a_new_key() -> None:
    slot = Slot()
    assert slot.changed(("draft", 1))  # nothing drawn yet
    assert not slot.changed(("draft", 1))
    assert slot.changed(("draft", 2))
    assert slot.changed(None) and slot.changed(None)  # no key: every time
    assert slot.changed(("draft", 2))
    slot.forget()
    assert slot.changed(("draft", 2))


def test_the_app_keeps_a_panel_while_its_key_holds_and_rebuilds_it_after() -> None:
    """Selecting cards in the draft panel survives a redraw that changes nothing it shows; a pick rebuilds it."""
    game = Game.new(["Ann", "Bob"], seed=3)
    app = GameApp(game, bots={"Bob": GreedyBot(1)})
    panel = app.decision_area.panel
    app.refresh()
    assert app.decision_area.panel is panel  # same state, same key: the very same widget
    app.act(app.game.legal_actions("Ann")[0])
    assert app.viewer == "Ann" and app.decision_area.panel is not panel  # her pack changed: a new panel


def test_a_batch_runs_its_end_once_when_the_outermost_block_closes() -> None:
    ends: list[int] = []
    batch = Batch(lambda: ends.append(1))
    assert not batch
    with batch():
        with batch():
            assert batch
        assert ends == []  # the inner block ending does not redraw
    assert ends == [1] and not batch
    try:
        with batch():
            raise ValueError("a refused action")
    except ValueError:
        pass
    assert ends == [1, 1]  # an error still ends the batch (and redraws what changed before it)
