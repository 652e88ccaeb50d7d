"""Readable cards, and a row of cards to pick from (draft, buy, rescue cards, cards drawn by an anytime card).

Cards are drawn as compact HTML (about 150 px wide) showing everything a player needs to decide: type, title,
cost in fish, speed, basket and the effect text. Icons are words, so they read the same on every font.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets
from traitlets import Tuple

from isle_nb.model.parts.cards import card
from isle_nb.view.cards import TYPE_STYLE

CARD_WIDTH = 150


def card_facts(card_id: int) -> list[str]:
    """Short facts printed on a card: cost, speed, basket, colour choice."""
    found = card(card_id)
    facts = [f"<b>{found.cost}</b> fish"]
    if found.type == "rescue":
        facts.append(f"speed <b>{found.speed}</b>")
        facts.append({"full": "<b>basket</b>", "half": "<b>half</b> basket", "none": "no basket"}[found.basket])
    if found.pick_colour:
        facts.append("pick a colour")
    return facts


def card_html(card_id: int, selected: bool = False, note: str = "", width: int = CARD_WIDTH) -> str:
    """One card as HTML: a coloured band with its type, the title, the facts line and the effect text."""
    found = card(card_id)
    band, label = TYPE_STYLE[found.type]
    if found.public:
        label = "Public lesson"
    elif found.type == "lesson":
        label = "Private lesson"
    border = "3px solid #1a7f37" if selected else "1px solid #9e9e9e"
    shadow = "box-shadow:0 0 0 2px #b7e4c7;" if selected else ""
    extra = f'<div style="margin-top:3px;color:#1a7f37;font-weight:bold">{html.escape(note)}</div>' if note else ""
    return (
        f'<div class="isle-card" data-card="{found.id}" style="box-sizing:border-box;width:{width}px;'
        f"min-height:150px;border:{border};{shadow}border-radius:8px;overflow:hidden;background:#fffdf7;"
        'color:#222;font-family:sans-serif;font-size:11px;line-height:1.3">'
        f'<div style="background:{band};color:#fff;padding:2px 6px;display:flex;justify-content:space-between">'
        f"<b>{html.escape(label)}</b><span>#{found.id}</span></div>"
        '<div style="padding:3px 6px 5px 6px">'
        f'<div style="font-weight:bold;font-size:12.5px;margin-bottom:1px">{html.escape(found.title)}</div>'
        f'<div style="color:#444;margin-bottom:3px">{" &middot; ".join(card_facts(card_id))}</div>'
        f"<div>{html.escape(found.text)}</div>{extra}</div></div>"
    )


def cards_row_html(card_ids: Iterable[int], empty: str = "no cards") -> str:
    """Several cards side by side (wrapping)."""
    ids = list(card_ids)
    if not ids:
        return f'<div style="color:#777;font-style:italic;padding:4px">{html.escape(empty)}</div>'
    inner = "".join(f'<div style="margin:0 6px 6px 0">{card_html(c)}</div>' for c in ids)
    return f'<div style="display:flex;flex-wrap:wrap">{inner}</div>'


def wrap_box(children: Sequence[widgets.Widget] = ()) -> widgets.Box:
    """A Box whose children wrap onto new lines."""
    layout = widgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-start")
    return widgets.Box(list(children), layout=layout)


class CardPicker(widgets.Box):
    """Cards side by side, each with a toggle button; ``selected`` holds the chosen card ids in click order.

    With ``limit``, choosing one more card than allowed drops the oldest choice.
    """

    selected = Tuple(help="The chosen card ids, in the order they were chosen.")
    face = staticmethod(card_html)
    """How a card is drawn: ``face(card_id, selected=False) -> html`` (subclasses draw other kinds of card)."""

    def __init__(
        self,
        cards: Sequence[int],
        verb: str = "Pick",
        limit: int | None = None,
        on_change: Callable[[tuple[int, ...]], None] | None = None,
        **kwargs: Any,
    ) -> None:
        if "layout" not in kwargs:  # given at once: a Layout replaced later would stay alive (a widget too)
            # every card box is as tall as the tallest in its row, its button at the bottom: buttons line up
            kwargs["layout"] = widgets.Layout(display="flex", flex_flow="row wrap", align_items="stretch")
        super().__init__(**kwargs)
        self.cards = tuple(cards)
        self.verb = verb
        self.limit = limit
        self._on_change = on_change
        self.add_class("isle-card-picker")
        self.views: dict[int, widgets.HTML] = {}
        self.buttons: dict[int, widgets.Button] = {}
        children = []
        for card_id in self.cards:
            view = widgets.HTML(self.face(card_id))
            button = widgets.Button(description=verb, layout=widgets.Layout(width=f"{CARD_WIDTH}px"))
            button.add_class("isle-card-button")
            button.on_click(lambda _b, c=card_id: self.toggle(c))
            self.views[card_id], self.buttons[card_id] = view, button
            children.append(widgets.VBox([view, button], layout=widgets.Layout(
                margin="0 6px 6px 0", justify_content="space-between", align_items="flex-start")))
        self.children = children
        self.observe(self._show_selection, names=["selected"])

    def toggle(self, card_id: int) -> None:
        """Choose a card, or un-choose it if it was chosen."""
        if card_id not in self.cards:
            raise ValueError(f"card {card_id} is not offered here")
        chosen = list(self.selected)
        if card_id in chosen:
            chosen.remove(card_id)
        else:
            chosen.append(card_id)
            if self.limit is not None and len(chosen) > self.limit:
                chosen = chosen[-self.limit :]
        self.selected = tuple(chosen)

    def _show_selection(self, change: dict[str, Any]) -> None:
        with self.hold_sync():
            for card_id in self.cards:
                chosen = card_id in self.selected
                self.views[card_id].value = self.face(card_id, selected=chosen)
                button = self.buttons[card_id]
                button.description = f"\u2713 {self.verb}" if chosen else self.verb
                button.button_style = "success" if chosen else ""
        if self._on_change is not None:
            self._on_change(self.selected)


__all__ = ["TYPE_STYLE", "CardPicker", "card_facts", "card_html", "cards_row_html", "wrap_box"]
