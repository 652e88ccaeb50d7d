"""Panels for decisions that interrupt play (the model's pending stack): place a tile, a treasure-map bonus,
buy the cards an anytime card drew, put a drawn cat into a field, move cats between fields, a second rescue."""

from __future__ import annotations

import html
from functools import partial
from typing import Any, TypeVar

import ipywidgets as widgets

from isle_nb.model.isle.actions import BuyDrawn, ChooseField, MoveCat, Pass, Place, Rescue, TakeCat, TakeMapBonus
from isle_nb.model.isle.constants import FIELD_COST
from isle_nb.model.isle.player_view import BuyDrawnCards, FieldForCat, MapBonus, MoveCats, PlaceTile
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.tiles import COLOUR_HEX, COLOURS, COMMON_SHAPES, Tile
from isle_nb.model.parts.words import with_article
from isle_nb.widgets.cards import CardPicker
from isle_nb.widgets.island import tile_svg
from isle_nb.widgets.panels.base import (
    CardChoicePanel,
    ConfirmButton,
    Context,
    Panel,
    action_button,
    heading,
    heading_html,
    note,
    note_html,
    row,
)
from isle_nb.widgets.panels.rescue import basket_chooser, rescue_for

SOURCES = {
    "left": "from the left field",
    "right": "from the right field",
    "around_island": "from around the island",
    "oshax": "from beside the island",
    "rare_display": "from the treasure display",
    "common_supply": "from the common supply",
    "bag": "drawn from the bag",
}


def source_words(source: str) -> str:
    """Where a tile being placed comes from, in words."""
    return SOURCES.get(source, source)


def top_of(ctx: Context, kind: type[P]) -> P:
    """The decision on top of the stack, which a panel of ``kind`` shows."""
    top = ctx.view.pending[-1]
    assert isinstance(top, kind), f"a panel of {kind.__name__} shows {type(top).__name__}"
    return top


P = TypeVar("P")

PLACING_HOW = ('<span class="isle-pointer-words">Move the mouse over your boat (or click it and press <b>Tab</b> / '
               "the arrow keys): the ghost shows the tile and the line under the boat says what the spot gives. "
               "<b>R</b> rotates, <b>F</b> mirrors; click (or <b>Enter</b>) to place.</span>"
               '<span class="isle-touch-words">Tap your boat: the ghost shows the tile there and the line under the '
               "boat says what the spot gives. <b>Rotate</b> and <b>Mirror</b> turn it; tap the same spot again (or "
               "<b>Place</b>) to place it.</span>")
"""How to place, with the mouse and keyboard or by touch (the page shows the words of its pointer, see
:mod:`isle_nb.widgets.fit`)."""


class PlacePanel(Panel):
    """Tells the player to place the tile on the boat (the boat widget does the placing). An Oshax asks for its
    colour here first (OSHAX-1): the ghost then shows the Oshax in that colour and what each spot would give.
    The next tile that is no Oshax is shown in the same panel (:meth:`update`)."""

    kind = "place"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        tile = top_of(ctx, PlaceTile).tile
        self.colour_buttons: dict[str, widgets.Button] = {}
        rows: list[widgets.Widget] = []
        self.asks_colour = tile is not None and tile.kind == "oshax"
        if self.asks_colour:
            colours = sorted({a.colour for a in ctx.of(Place) if a.colour is not None}, key=COLOURS.index)
            for colour in colours:
                button = widgets.Button(description=colour.capitalize(), tooltip=f"The Oshax counts as a {colour} cat",
                                        layout=widgets.Layout(width="auto", min_width="86px"))
                button.style.button_color = COLOUR_HEX[colour]
                button.style.text_color = "#111111"
                button.style.font_weight = "bold"
                button.add_class(f"isle-oshax-{colour}")
                button.on_click(ctx.messages.guard(lambda _b, c=colour: self.choose(c)))
                self.colour_buttons[colour] = button
            self.chosen = note("First choose its colour: it counts as a cat of that colour for families, maps and "
                               "lessons (OSHAX-1).", "warn")
            swatches = widgets.Box(list(self.colour_buttons.values()),
                                   layout=widgets.Layout(display="flex", flex_flow="row wrap"))
            swatches.add_class("isle-oshax-colours")  # spaced by the app's style sheet (a Layout has no gap)
            rows.append(swatches)
            rows.append(self.chosen)
            current = ctx.boat.colour if ctx.boat is not None else None
            if current:
                self._show_choice(current)
        self.title, self.picture, self.where = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self._show_tile(ctx)
        self.children = [self.title, widgets.HBox([self.picture, self.where], layout=widgets.Layout(
            align_items="center")), *rows]

    def _show_tile(self, ctx: Context) -> None:
        top = top_of(ctx, PlaceTile)
        tile = top.tile
        self.title.value = heading_html(f"Place your {tile} on your boat")
        self.picture.value = tile_svg(tile, 14) if tile else ""
        self.where.value = note_html(f"It comes {source_words(top.source)}. {PLACING_HOW}")

    def update(self, ctx: Context) -> bool:
        """The next tile to place, in this panel (an Oshax, before or after, has its colour buttons: rebuilt)."""
        tile = top_of(ctx, PlaceTile).tile
        if self.asks_colour or (tile is not None and tile.kind == "oshax"):
            return False
        self.ctx = ctx
        self._show_tile(ctx)
        return True

    def choose(self, colour: str) -> None:
        """Choose the Oshax's colour (the boat's ghost takes it at once)."""
        if self.ctx.boat is not None:
            self.ctx.boat.choose_colour(colour)
        self._show_choice(colour)

    def _show_choice(self, colour: str) -> None:
        for name, button in self.colour_buttons.items():
            button.icon = "check" if name == colour else ""
        self.chosen.value = (f'<div style="color:#1e6b34;font-size:13px;margin:2px 0">{colour_chip(colour)} '
                             f"Your Oshax is <b>{colour}</b>: now place it on your boat (you may still change the "
                             "colour).</div>")


def colour_chip(colour: str) -> str:
    """A small square of a cat colour (HTML)."""
    return (f'<span style="display:inline-block;width:11px;height:11px;background:{COLOUR_HEX[colour]};'
            'border:1px solid #333;vertical-align:middle"></span>')


class MapBonusPanel(Panel):
    """The placed cat covered a treasure map of its colour (MAP-1): take a common treasure, or decline. In the family
    game a rare treasure on display may be taken instead (FAMILY-4). All choices are here, in the prompt."""

    kind = "map-bonus"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        count = top_of(ctx, MapBonus).count
        self.rare_buttons: dict[str, widgets.Button] = {}
        self.common_buttons: dict[str, widgets.Button] = {}
        options: list[widgets.Widget] = []
        decline: TakeMapBonus | None = None
        for action in ctx.of(TakeMapBonus):
            if action.shape is None:
                decline = action
                continue
            if action.shape in COMMON_SHAPES:
                tile = Tile.common(action.shape)
                label, buttons, css = f"Common {action.shape}", self.common_buttons, f"isle-bonus-{action.shape}"
            else:
                tile = Tile.from_id(action.shape)
                label, buttons, css = f"Rare {tile.shape}", self.rare_buttons, "isle-bonus-rare"
            button = action_button(label, partial(self.act, action), ctx.messages, "primary", css=css,
                                   tooltip=f"Take {with_article(str(tile))}")
            buttons[action.shape] = button
            options.append(widgets.VBox([widgets.HTML(tile_svg(tile, 10)), button],
                                        layout=widgets.Layout(align_items="center", margin="0 8px 4px 0")))
        self.decline_button = (action_button("No thanks", partial(self.act, decline), ctx.messages,
                                             css="isle-bonus-decline") if decline is not None else None)
        rare = " or a rare treasure from the display (FAMILY-4)" if self.rare_buttons else ""
        self.children = [
            heading("Treasure map bonus!"),
            note(f"Your tile covers {count} treasure map{'s' if count != 1 else ''} of its own colour (MAP-1). Take a "
                 f"common treasure{rare}; you place it next."),
            widgets.Box([*options, *([self.decline_button] if self.decline_button else [])],
                        layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-end")),
        ]


class BuyDrawnPanel(CardChoicePanel):
    """Buy any of the cards an anytime card drew (ANY-3)."""

    kind = "buy-drawn"
    choice = BuyDrawn

    def build(self, ctx: Context) -> None:
        top = top_of(ctx, BuyDrawnCards)
        self.picker = CardPicker(top.cards, verb="Buy", on_change=ctx.messages.guard(self._update))
        self.confirm = ConfirmButton("Buy nothing", "Buy none of them? They will be discarded.", self.send_choice,
                                     ctx.messages, style="success", css="isle-buy-drawn", yes="Yes, buy nothing")
        self.total = note("")
        self.lay_out(
            "Buy the cards you drew",
            f"Pay their usual cost to keep them; the rest are discarded. You have <b>{ctx.me.fish}</b> fish.",
            self.picker,
            row(self.confirm, self.total),
        )

    def _update(self, selected: tuple[int, ...]) -> None:
        cost = sum(card(c).cost for c in selected)
        reason = self.ctx.check(self.action())
        self.total.value = f'<span style="margin-left:10px">Total <b>{cost}</b> fish' + (
            f' &middot; <span style="color:#a11a1a">{html.escape(reason)}</span>' if reason else "") + "</span>"
        self.confirm.button.description = f"Buy {len(selected)} ({cost} fish)" if selected else "Buy nothing"
        self.confirm.button.disabled = reason is not None
        self.confirm.ask_first = not selected


class ChooseFieldPanel(Panel):
    """Put a cat drawn by card 83 into a field."""

    kind = "choose-field"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        tile = top_of(ctx, FieldForCat).tile
        self.buttons = {
            a.field: action_button(f"{a.field.capitalize()} field", partial(self.act, a), ctx.messages,
                                   css=f"isle-field-{a.field}-choice")
            for a in ctx.of(ChooseField)
        }
        self.children = [
            heading(f"Put the {tile} into a field"),
            widgets.HBox([widgets.HTML(tile_svg(tile, 14)) if tile else widgets.HTML(), *self.buttons.values()],
                         layout=widgets.Layout(align_items="center")),
        ]


class MoveCatsPanel(Panel):
    """Card 77: move cats between the fields with the island's buttons, then stop."""

    kind = "move-cats"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        count = top_of(ctx, MoveCats).count
        self.stop_button = action_button("Stop moving cats", lambda: self.act(Pass(ctx.viewer)), ctx.messages,
                                         css="isle-stop-moving")
        self.children = [
            heading("Move cats between the fields"),
            note(f"Click <b>Move</b> under a cat on the island to move it to the other field ({count} more at most)."),
            self.stop_button,
        ]


class ExtraRescuePanel(Panel):
    """Card 80-82: rescue one more cat now, or decline."""

    kind = "extra-rescue"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        n = len(ctx.of(Rescue))
        self.decline = action_button("No more cats", lambda: self.act(Pass(ctx.viewer)), ctx.messages,
                                     css="isle-decline-extra")
        self.basket = basket_chooser(ctx)
        self.children = [
            heading("Rescue one more cat?"),
            note(f"Click <b>Rescue</b> under a cat on the island ({n} possible), or decline. You may play anytime "
                 "cards first (Your hand)."),
            *([self.basket] if self.basket is not None else []),
            self.decline,
        ]


def island_actions_for(ctx: Context) -> dict[str, tuple[str, Any]]:
    """The buttons under the field cats: rescue (with its cost), move, or take (family game), from the legal
    actions."""
    actions: dict[str, tuple[str, Any]] = {}
    rescues: dict[str, list[Rescue]] = {}
    for action in ctx.legal:
        if isinstance(action, Rescue):  # one per cat, or one per basket when the basket is chosen (RESCUE-5)
            variants = rescues.setdefault(action.tile, [])
            variants.append(action)
            actions[action.tile] = (
                f"Rescue {FIELD_COST[action.field]}", lambda v=variants: ctx.act(rescue_for(ctx, v))
            )
        elif isinstance(action, MoveCat):
            actions[action.tile] = ("Move", lambda a=action: ctx.act(a))
        elif isinstance(action, TakeCat):
            actions[action.tile] = ("Take", lambda a=action: ctx.act(a))
    return actions


__all__ = [
    "BuyDrawnPanel",
    "ChooseFieldPanel",
    "ExtraRescuePanel",
    "MapBonusPanel",
    "MoveCatsPanel",
    "PlacePanel",
    "island_actions_for",
    "source_words",
    "top_of",
]
