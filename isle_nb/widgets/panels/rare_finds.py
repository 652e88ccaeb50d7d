"""Rare finds panel: on your turn play one Oshax card (take an Oshax) or one treasure card (take treasures), or
pass (RARE-1..3). Choose the card, then the tiles. Every option shown is one of the model's legal actions."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import ipywidgets as widgets

from isle_nb.model.isle.actions import PlayOshax, PlayTreasure
from isle_nb.model.parts.tiles import COMMON_SHAPES, Tile, treasure_words
from isle_nb.model.parts.words import with_article
from isle_nb.widgets.cards import CardPicker
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.island import tile_svg
from isle_nb.widgets.panels.base import Context, Panel, heading, note
from isle_nb.widgets.panels.hand import copies_of


def treasure_label(action: PlayTreasure) -> str:
    """A treasure option in words: ``"Rare T"``, ``"1x1 + L3"``, ``"Pay 1 fish: L3 + I3"``."""
    parts = []
    for tile_id in action.tiles:
        kind, shape = tile_id.split(":")[:2]
        parts.append(f"Rare {shape}" if kind == "rare" else shape)
    text = " + ".join(parts)
    return f"Pay 1 fish: {text}" if action.pay else text


def option_tiles(action: PlayTreasure) -> list[Tile]:
    """The tiles an option gives, for pictures."""
    tiles = []
    for tile_id in action.tiles:
        if tile_id.startswith("common:"):
            tiles.append(Tile.common(tile_id.split(":")[1]))
        else:
            tiles.append(Tile.from_id(tile_id))
    return tiles


class RareFindsPanel(Panel):
    """Choose the card first, then what it gives: an Oshax, a rare treasure on display, or up to two common treasures
    picked shape by shape (one Take button, instead of a button per combination); and Pass.

    Every choice is one of the model's legal actions; a second copy of a card gets the same choices with its own id
    when the model accepts them (``ctx.check``).
    """

    kind = "rare-finds"

    closes_with = ("picker", "options", "choice_line", "take_button", "clear_button")
    """Parts shown only when a card offers them (closed with the panel either way)."""

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        self.option_buttons: list[tuple[Any, widgets.Button]] = []
        self.shape_buttons: dict[str, widgets.Button] = {}
        self.chosen: list[str] = []
        self.groups: dict[int, list[PlayOshax | PlayTreasure]] = defaultdict(list)
        for action in ctx.legal:
            if isinstance(action, (PlayOshax, PlayTreasure)):
                self.groups[action.card].append(action)
        copies_of(ctx, self.groups)
        self.card = next(iter(sorted(self.groups)), None)
        self.picker = CardPicker(sorted(self.groups), verb="Choose", limit=1,
                                 on_change=ctx.messages.guard(self._picked))
        self.options = widgets.VBox(layout=widgets.Layout(margin="4px 0"))
        self.choice_line = note("")
        self.take_button = widgets.Button(description="Take", button_style="success", disabled=True,
                                          layout=widgets.Layout(width="auto", min_width="120px"))
        self.take_button.add_class("isle-find-take")
        self.take_button.on_click(ctx.messages.guard(lambda _b: self.take()))
        self.clear_button = widgets.Button(description="Clear", layout=widgets.Layout(width="80px"))
        self.clear_button.on_click(ctx.messages.guard(lambda _b: self._set_chosen([])))
        self.pass_button = self.make_pass_button(
            "Pass? You are out of the rare finds for the rest of today.", ask=bool(self.groups)
        )
        rows: list[widgets.Widget] = [self.picker, self.options] if self.groups else [
            note("You have no Oshax or treasure card you can play now.", "muted")]
        self.children = [
            heading("Rare finds: choose a card, then what it gives, or pass"),
            note(f"You have <b>{ctx.me.fish}</b> fish. Tiles you take are placed on your boat at once.", "muted"),
            *rows,
            self.pass_button,
        ]
        if self.card is not None:
            self.picker.toggle(self.card)

    def _reused(self) -> tuple[widgets.Widget, ...]:
        """The parts every card's options show again: never closed when the options change."""
        return self.take_button, self.clear_button, self.choice_line

    # -- choosing ---------------------------------------------------------------------------------------------
    def select(self, card_id: int) -> None:
        """Show the choices of one card."""
        if self.picker.selected != (card_id,):
            self.picker.toggle(card_id)

    def _picked(self, selected: tuple[int, ...]) -> None:
        self.card = selected[0] if selected else None
        self.option_buttons = []
        self.shape_buttons = {}
        self.chosen = []
        if self.card is None:
            replace_children(self.options, [note("Choose a card above.", "muted")], keep=self._reused())
            return
        actions = self.groups[self.card]
        direct = [a for a in actions if isinstance(a, PlayOshax) or any(t.startswith("rare:") for t in a.tiles)]
        commons = [a for a in actions if isinstance(a, PlayTreasure) and a not in direct]
        rows: list[widgets.Widget] = []
        if direct:
            title = "Take an Oshax:" if isinstance(direct[0], PlayOshax) else "Take a rare treasure from the display:"
            rows.append(note(f"<b>{title}</b>"))
            rows.append(widgets.Box([self._option(a) for a in direct], layout=widgets.Layout(
                display="flex", flex_flow="row wrap", align_items="flex-end")))
        if commons:
            shapes = sorted({t.split(":")[1] for a in commons for t in a.tiles}, key=COMMON_SHAPES.index)
            for shape in shapes:
                words = with_article(treasure_words("common", shape))
                button = widgets.Button(description=f"+ {shape}", tooltip=f"Add {words}",
                                        layout=widgets.Layout(width="auto", min_width="70px"))
                button.add_class(f"isle-find-shape-{shape}")
                button.on_click(self.ctx.messages.guard(lambda _b, s=shape: self.pick(s)))
                self.shape_buttons[shape] = button
            most = max(len(a.tiles) for a in commons)
            pay = any(a.pay for a in commons)
            rows.append(note(f"<b>{'Or take' if direct else 'Take'} up to {most} common treasure"
                             f"{'s' if most != 1 else ''}</b>"
                             + (" (the bigger ones cost 1 fish)" if pay else "") + ": click a shape to add it."))
            rows.append(widgets.Box(
                [widgets.VBox([widgets.HTML(tile_svg(Tile.common(s), 9)), b],
                              layout=widgets.Layout(align_items="center", margin="0 6px 4px 0"))
                 for s, b in self.shape_buttons.items()],
                layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-end")))
            rows.append(widgets.HBox([self.take_button, self.clear_button, self.choice_line],
                                     layout=widgets.Layout(align_items="center")))
        replace_children(self.options, rows, keep=self._reused())
        self._set_chosen([])

    def pick(self, shape: str) -> None:
        """Add a common treasure of ``shape`` to the choice (a third one starts again from this one)."""
        most = max((len(a.tiles) for a in self._commons()), default=0)
        chosen = [*self.chosen, shape]
        self._set_chosen(chosen if len(chosen) <= most else [shape])

    def _commons(self) -> list[PlayTreasure]:
        if self.card is None:
            return []
        return [a for a in self.groups[self.card]
                if isinstance(a, PlayTreasure) and all(t.startswith("common:") for t in a.tiles)]

    def choice(self) -> PlayTreasure | None:
        """The legal action matching the shapes chosen (free before paying), or ``None``."""
        wanted = sorted(f"common:{s}" for s in self.chosen)
        matches = [a for a in self._commons() if sorted(a.tiles) == wanted]
        return min(matches, key=lambda a: a.pay) if matches else None

    def _set_chosen(self, chosen: list[str]) -> None:
        self.chosen = chosen
        action = self.choice()
        self.take_button.disabled = action is None
        if not chosen:
            self.take_button.description = "Take"
            self.choice_line.value = '<span style="color:#666;margin-left:8px">nothing chosen yet</span>'
        elif action is None:
            self.take_button.description = "Take"
            self.choice_line.value = (f'<span style="color:#a11a1a;margin-left:8px">{" + ".join(chosen)} is not '
                                      "one of this card's choices</span>")
        else:
            self.take_button.description = f"Take {treasure_label(action).replace('Pay 1 fish: ', '')}" + (
                " (pay 1 fish)" if action.pay else "")
            self.choice_line.value = ""

    def take(self) -> None:
        """Play the card for the common treasures chosen."""
        action = self.choice()
        if action is not None:
            self.act(action)

    def _option(self, action: PlayOshax | PlayTreasure) -> widgets.Widget:
        if isinstance(action, PlayOshax):
            tiles = [Tile.oshax(action.shape)]
            label = "This Oshax"  # the picture above shows which: the six differ only in shape
        else:
            tiles = option_tiles(action)
            label = treasure_label(action)
        button = widgets.Button(description=label, tooltip=label, layout=widgets.Layout(width="auto"))
        button.add_class("isle-find-option")
        button.on_click(self.ctx.messages.guard(lambda _b, a=action: self.act(a)))
        self.option_buttons.append((action, button))
        pictures = "".join(f'<span style="margin:0 2px">{tile_svg(t, 8)}</span>' for t in tiles)
        return widgets.VBox(
            [widgets.HTML(f'<div style="text-align:center">{pictures}</div>'), button],
            layout=widgets.Layout(
                align_items="center", margin="0 6px 6px 0", border="1px solid #e0d6c2", padding="2px"
            ),
        )


__all__ = ["RareFindsPanel", "option_tiles", "treasure_label"]
