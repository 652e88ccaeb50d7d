"""The Pocket Cats moves that are no click on the board, as buttons shown only while they are legal: leave the tile
in place, leave the dogs, turn the chosen dog, start the second game, and keep one of the clan cards (POCKET-5)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import ipywidgets as widgets

from isle_nb.model.pocket.actions import ChooseClan, KeepDogs, NextGame, PocketAction, RotateDog, Stay
from isle_nb.model.pocket.board import Cell
from isle_nb.model.pocket.tiles import CLANS
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.slots import Slot

ROTATION_LABELS = {1: "Turn it 1/4 clockwise", 2: "Turn it 1/2", 3: "Turn it 1/4 anticlockwise"}


def pocket_button(messages: MessageArea, label: str, handler: Callable[[], None], css: str) -> widgets.Button:
    """A button of the Pocket Cats panel: ``handler`` runs on a click, its errors shown in ``messages``."""
    button = widgets.Button(description=label, layout=widgets.Layout(width="auto", flex="0 0 auto"))
    button.add_class(css)
    button.on_click(messages.guard(lambda _b: handler()))
    return button


class MoveButtons:
    """The clan cards to keep (``clan_box``) and the other buttons (``actions_box``). ``act_for`` plays a move of a
    kind for the player at the screen, ``rotate`` turns the chosen dog, ``act`` sends a move."""

    def __init__(self, messages: MessageArea, act_for: Callable[[Callable[..., PocketAction]], None],
                 rotate: Callable[[int], None], act: Callable[[PocketAction], None]) -> None:
        self.messages = messages
        self.act = act
        self.stay_button = pocket_button(messages, "Leave it in place", lambda: act_for(Stay), "pocket-stay")
        self.keep_dogs_button = pocket_button(messages, "Leave the dogs as they are", lambda: act_for(KeepDogs),
                                              "pocket-keep-dogs")
        self.rotate_buttons = {
            turns: pocket_button(messages, label, partial(rotate, turns), f"pocket-rotate-{turns}")
            for turns, label in ROTATION_LABELS.items()
        }
        self.next_game_button = pocket_button(messages, "Start the second game", lambda: act_for(NextGame),
                                              "pocket-next-game")
        self.clan_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions_box = widgets.HBox(
            [self.stay_button, self.keep_dogs_button, *self.rotate_buttons.values(), self.next_game_button],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self._clans_slot = Slot()

    def show(self, stage: str, legal: Sequence[PocketAction], actor: str | None, dog: Cell | None) -> None:
        """Show the buttons of the moves in ``legal`` (``actor``'s legal actions in the ``stage`` of the game; the
        turns of ``dog``, the dog chosen)."""
        show = {
            self.stay_button: any(isinstance(a, Stay) for a in legal),
            self.keep_dogs_button: any(isinstance(a, KeepDogs) for a in legal),
            self.next_game_button: any(isinstance(a, NextGame) for a in legal),
        }
        for turns, button in self.rotate_buttons.items():
            show[button] = dog is not None and RotateDog(actor or "", dog, turns) in legal
        for button, visible in show.items():
            button.layout.display = "" if visible else "none"
        clans = tuple(a for a in legal if isinstance(a, ChooseClan)) if stage == "choose_clan" else ()
        if self._clans_slot.changed(clans):
            replace_children(self.clan_box, [self._clan_button(a) for a in clans])

    def _clan_button(self, action: ChooseClan) -> widgets.Button:
        clan = CLANS[action.clan]
        button = widgets.Button(description=clan.name, tooltip=f"{clan.effect_text} Chief: {clan.chief_text}",
                                layout=widgets.Layout(width="auto"))
        button.style.button_color = clan.colour
        button.style.text_color = "white"
        button.add_class("pocket-clan")
        button.on_click(self.messages.guard(lambda _b: self.act(action)))
        return button


__all__ = ["ROTATION_LABELS", "MoveButtons", "pocket_button"]
