"""Rare finds panel: on your turn play one Oshax card (take an Oshax) or one treasure card (take treasures), or
pass (RARE-1..3). Every option shown is one of the model's legal actions."""

from __future__ import annotations

import html
from collections import defaultdict
from typing import Any

import ipywidgets as widgets

from isle_nb.model.actions import PlayOshax, PlayTreasure
from isle_nb.model.cards import card
from isle_nb.model.tiles import Tile
from isle_nb.widgets.island import tile_svg
from isle_nb.widgets.panels.base import Context, Panel, heading, note


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
    """Oshax and treasure options grouped by card, and Pass."""

    kind = "rare-finds"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        self.option_buttons: list[tuple[Any, widgets.Button]] = []
        groups: dict[int, list[PlayOshax | PlayTreasure]] = defaultdict(list)
        for action in ctx.legal:
            if isinstance(action, (PlayOshax, PlayTreasure)):
                groups[action.card].append(action)
        rows: list[widgets.Widget] = []
        for card_id, actions in groups.items():
            found = card(card_id)
            rows.append(note(f"<b>#{card_id} {html.escape(found.title)}</b>: {html.escape(found.text)}"))
            options = [self._option(a) for a in actions]
            rows.append(
                widgets.Box(
                    options, layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-end")
                )
            )
        if not groups:
            rows.append(note("You have no Oshax or treasure card you can play now.", "muted"))
        self.pass_button = self.make_pass_button(
            "Pass? You are out of the rare finds for the rest of today.", ask=bool(groups)
        )
        self.children = [
            heading("Rare finds: play an Oshax or treasure card, or pass"),
            note(f"You have <b>{ctx.me.fish}</b> fish. Tiles you take are placed on your boat at once.", "muted"),
            *rows,
            self.pass_button,
        ]

    def _option(self, action: PlayOshax | PlayTreasure) -> widgets.Widget:
        if isinstance(action, PlayOshax):
            tiles = [Tile.oshax(action.shape)]
            label = f"Oshax {action.shape}"
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
