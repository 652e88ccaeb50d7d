"""The island of Explore & Draw: the 12 printed cards as pictures in four columns, each column with the button that
chooses it (ED-2); while a special that changes today's choice is ticked (ED-6), a pick box under each card and the
row that chooses the picked cards."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.explore_draw import ChooseCards, EDAction
from isle_nb.model.explore_draw.data import island_card
from isle_nb.model.explore_draw.island import COLUMNS, column_slots, slot_name
from isle_nb.view.ed_cards import ed_card_html
from isle_nb.widgets.explore_draw_app.specials import SPECIAL_WORDS
from isle_nb.widgets.messages import MessageArea

CARD_WIDTH = 100
"""The width of a card picture on the island, in CSS pixels (four columns fit a 1024 pixels wide screen)."""


def picks_refusal(picked: set[int], special: str) -> str:
    """Why the cards picked on the island are no choice with the ticked special, as a sentence ("A1 and B2 are not a
    choice with “Choose a row instead of a column.”: pick the cards it allows.")."""
    names = [slot_name(s) for s in sorted(picked)]
    if not names:
        return f"No card is picked yet: pick the cards that \u201c{special}\u201d allows."
    special = special.rstrip(".")
    cards = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    verb = "is" if len(names) == 1 else "are"
    return f"{cards} {verb} not a choice with \u201c{special}\u201d: pick the cards it allows."


class IslandPanel:
    """The cards (``cards``), their pick boxes (``picks``) and the column buttons (``column_buttons``) in
    ``island``; ``choice_row`` holds the button that chooses the picked cards and the note beside it. ``armed`` is the
    special ticked for today's choice (``row``, ``one_per_row``, ``extra_card``), if any."""

    def __init__(self, messages: MessageArea, on_column: Callable[[str], None],
                 on_choose_picked: Callable[[], None]) -> None:
        guard = messages.guard
        self.cards = [widgets.HTML() for _ in range(12)]
        self.picks = [widgets.ToggleButton(description="Pick", layout=widgets.Layout(width=f"{CARD_WIDTH + 6}px",
                                                                                     display="none"))
                      for _ in range(12)]
        for slot, pick in enumerate(self.picks, start=1):
            pick.add_class(f"isle-ed-pick-{slot}")
            pick.observe(guard(lambda _c: self.show_picked()), names=["value"])
        self.column_buttons = []
        columns = []
        for column in COLUMNS:
            button = widgets.Button(description=f"Column {column}",
                                    layout=widgets.Layout(width=f"{CARD_WIDTH + 6}px"))
            button.add_class(f"isle-ed-column-{column}")
            button.on_click(guard(lambda _b, c=column: on_column(c)))
            self.column_buttons.append(button)
            parts = [w for slot in column_slots(column) for w in (self.cards[slot - 1], self.picks[slot - 1])]
            box = widgets.VBox([*parts, button], layout=widgets.Layout(padding="2px", align_items="center"))
            box.add_class("isle-ed-col")
            columns.append(box)
        self.island = widgets.HBox(columns, layout=widgets.Layout(flex_flow="row nowrap"))
        self.island.add_class("isle-ed-island")
        self.armed: str | None = None
        self._island: dict[int, str] = {}
        """The island as last shown (slot -> card id), for framing picked cards."""
        self._refused_picks: set[int] | None = None
        """The cards last offered with "Choose the picked cards" that the ticked special does not allow."""
        self.choose_button = widgets.Button(description="Choose the picked cards", button_style="primary",
                                            layout=widgets.Layout(width="200px"))
        self.choose_button.add_class("isle-ed-choose-picked")
        self.choose_button.on_click(guard(lambda _b: on_choose_picked()))
        self.pick_note = widgets.HTML()
        self.choice_row = widgets.HBox([self.choose_button, self.pick_note],
                                       layout=widgets.Layout(display="none", align_items="center"))

    def picked(self) -> set[int]:
        """The slots whose cards are picked now."""
        return {slot for slot, pick in enumerate(self.picks, start=1) if pick.value}

    def arm(self, special: str) -> None:
        """Tick ``special`` for today's choice (untick it if it was ticked) and clear the picks."""
        self.armed = None if self.armed == special else special
        for pick in self.picks:
            pick.value = False

    def choice(self, legal: list[EDAction]) -> ChooseCards:
        """The legal choice of the picked cards with the ticked special (ED-2, ED-6), which then is no longer
        ticked; otherwise :class:`IllegalAction` saying why, also said under the island where the cards are
        picked."""
        picked = self.picked()
        for action in legal:
            if isinstance(action, ChooseCards) and action.special == self.armed and set(action.slots) == picked:
                self.armed = None
                return action
        self._refused_picks = picked
        self.show_picked()
        raise IllegalAction("ED-6", picks_refusal(picked, SPECIAL_WORDS[self.armed or ""]))

    def show(self, view: Any, mine: Any, legal: list[EDAction], player: str) -> None:
        """The island as ``view`` shows it to ``player`` (``mine``: their sheet), with the columns they may choose;
        a ticked special no legal choice uses is unticked."""
        chosen = set(view.to_resolve) | ({view.card} if view.card else set())
        island = self._island = dict(view.island)
        for slot in range(1, 13):
            card_id = island.get(slot)
            picked = slot in (mine.choice or ()) or slot in chosen
            self.cards[slot - 1].value = ed_card_html(card_id, CARD_WIDTH, picked) if card_id else ""
        choosing = [a for a in legal if isinstance(a, ChooseCards)]
        for button, column in zip(self.column_buttons, COLUMNS, strict=True):
            button.disabled = ChooseCards(player, column_slots(column)) not in choosing
            cards = [island_card(island[s]).describe() for s in column_slots(column) if s in island]
            button.tooltip = f"Column {column} gives: " + "; ".join(cards)
        if self.armed is not None and not any(a.special == self.armed for a in choosing):
            self.armed = None
        for slot, pick in enumerate(self.picks, start=1):
            pick.layout.display = None if self.armed and slot in island else "none"
        self.choice_row.layout.display = "flex" if self.armed else "none"
        self.show_picked()

    def show_picked(self) -> None:
        """While a special is ticked: a tick and a frame on each picked card, and the note beside the choose
        button (why the last picks were refused, until they change)."""
        if self.armed is None:
            return
        picked = self.picked()
        for slot, pick in enumerate(self.picks, start=1):  # a picked card: a tick on its button and a frame
            pick.description = "\u2714 Picked" if pick.value else "Pick"
            pick.button_style = "success" if pick.value else ""
            if slot in self._island:
                self.cards[slot - 1].value = ed_card_html(self._island[slot], CARD_WIDTH, pick.value)
        if self._refused_picks is not None and self._refused_picks != picked:
            self._refused_picks = None  # the picks changed: the refusal was about other cards
        note = f"Pick its cards on the island ({len(picked)} picked); tick the box again to untick it."
        if self._refused_picks is not None:
            note = ('<span class="isle-ed-pick-refusal" style="color:#8a1c1c">'
                    f"{html.escape(picks_refusal(picked, SPECIAL_WORDS[self.armed]))}</span>")
        self.pick_note.value = (f'<div style="line-height:1.3">\u2611 {html.escape(SPECIAL_WORDS[self.armed])}<br>'
                                f"{note}</div>")


__all__ = ["CARD_WIDTH", "IslandPanel", "picks_refusal"]
