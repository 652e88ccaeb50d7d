"""The small widgets: readable cards and the card picker, the message area, confirmations, the island, the
browser ghost's data."""

from __future__ import annotations

import pytest

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle.game import Game
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.tiles import Tile
from isle_nb.view import MARGIN
from isle_nb.widgets import BoatWidget, CardPicker, IslandWidget, MessageArea, card_html
from isle_nb.widgets.ghost import GhostOverlay
from isle_nb.widgets.panels.base import ConfirmButton


def test_a_card_shows_cost_speed_basket_and_effect():
    html = card_html(63)
    assert "Rescue" in html and "3</b> fish" in html and "speed <b>3</b>" in html and "<b>basket</b>" in html
    assert "Play in the rescue phase" in html
    lesson = card_html(144)
    assert "Public lesson" in lesson and "pick a colour" in lesson
    assert "Private lesson" in card_html(113)
    assert "3px solid" in card_html(7, selected=True)


def test_the_card_picker_keeps_choices_in_order_and_respects_its_limit():
    seen: list[tuple[int, ...]] = []
    picker = CardPicker([7, 16, 63], verb="Keep", limit=2, on_change=seen.append)
    picker.buttons[7].click()
    picker.buttons[63].click()
    assert picker.selected == (7, 63)
    assert picker.buttons[7].description == "\u2713 Keep" and picker.buttons[7].button_style == "success"
    picker.buttons[16].click()
    assert picker.selected == (63, 16)
    picker.toggle(63)
    assert picker.selected == (16,) and seen[-1] == (16,)
    with pytest.raises(ValueError):
        picker.toggle(99)


def test_the_message_area_guards_handlers():
    messages = MessageArea()

    def refused() -> None:
        raise IllegalAction("RESCUE-4", "a cat from the right field costs 5 fish")

    assert messages.guard(refused)() is None
    assert messages.kind == "error" and messages.text == "Not allowed: A cat from the right field costs 5 fish."
    assert messages.rules == ["RESCUE-4"] and "isle-rule" in messages.value and "5 fish" in messages.value
    assert "isle-message-error" in messages.value and messages.errors
    messages.show("Done", "ok")
    assert "isle-message-ok" in messages.value
    messages.clear()
    assert messages.value == ""


def test_a_confirm_button_asks_before_acting():
    done: list[int] = []
    confirm = ConfirmButton("Pass", "Really?", lambda: done.append(1), MessageArea())
    confirm.button.click()
    assert done == [] and confirm.yes in confirm.children
    confirm.yes.click()
    assert done == [1] and confirm.children == (confirm.button,)
    confirm.ask_first = False
    confirm.button.click()
    assert done == [1, 1]


def test_the_island_shows_fields_supply_and_day_track_with_buttons_from_actions():
    game = Game.new(["Ann", "Bob"], seed=4)
    island = IslandWidget()
    clicked: list[str] = []
    first = game.fields["left"][0].id
    island.show(game.view("Ann"), {first: ("Rescue 3", lambda: clicked.append(first))})
    buttons = island.buttons()
    assert len(buttons) == len(game.fields["left"]) + len(game.fields["right"])
    assert buttons[first].layout.display == "flex" and buttons[first].description == "Rescue 3"
    assert all(b.layout.display == "none" for t, b in buttons.items() if t != first)
    buttons[first].click()
    assert clicked == [first]
    assert "day 1 of 5" in island.track.value
    assert "Turn order" in island.order.value and "speed 0" in island.order.value
    assert "Left field" in island.field_titles["left"].value and "<b>3</b> fish" in island.field_titles["left"].value
    assert "Common" in island.treasures.value and "Oshax (6)" in island.treasures.value


def test_the_ghost_overlay_gets_the_pictures_and_legal_spots_of_every_orientation():
    tile = Tile.cat("red", 402)
    boat = Boat("B")
    widget = BoatWidget(boat)
    widget.start_placing(tile)
    ghost, placer = widget.ghost_view, widget.placer
    assert ghost.active and len(ghost.pictures) == len(placer.orientations)
    assert [set(map(tuple, t)) for t in ghost.targets] == [set(t) for t in placer.targets]
    assert ghost.columns[0] == MARGIN and ghost.columns[1] - ghost.columns[0] == ghost.cell  # the scene's grid
    for i in range(len(placer.orientations)):
        assert ghost.mirror_map[ghost.mirror_map[i]] == i
        j = i
        for _ in range(4):
            j = ghost.rotate_map[j]
        assert j == i
    ghost = GhostOverlay()
    ghost.clear()
    assert not ghost.active
    assert "GhostOverlay(" in repr(ghost) and "0x" not in repr(ghost)
