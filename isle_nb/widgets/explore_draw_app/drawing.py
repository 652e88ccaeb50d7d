"""The boat sheet of Explore & Draw and the row of discoveries to draw on it: the shared boat widget (ghost, rotate,
mirror, legal spots, map bonus) drawing like pen on paper, with a button for each discovery of the card being
resolved (ED-3) and for skipping the second copy of a "twice" special (ED-6)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from isle_nb.model.explore_draw import DeclineCopy, Draw, EDAction, TakeMapBonus
from isle_nb.model.explore_draw.data import discovery_tile
from isle_nb.model.isle.actions import Place
from isle_nb.model.parts.boat import Boat, PlacedTile
from isle_nb.view.explore_draw import pen_drawing_items
from isle_nb.widgets.boat import BoatWidget
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.slots import Slot


class SheetWidget(BoatWidget):
    """The boat sheet: the shared boat widget (ghost, rotate, mirror, legal spots, map bonus) with the discoveries
    drawn as with a pen: cats outlined and hatched in their colour, treasures in black marked C or R; a drawing just
    made is drawn the same way as after a full redraw."""

    def tiles_items(self, tiles: Sequence[PlacedTile]) -> list[Any]:
        """The drawings, in pen."""
        return pen_drawing_items(tiles, self.cell)


class DrawingPanel:
    """The boat sheet (``boat``) and the buttons of what may be drawn now (``items``). ``player`` and ``legal`` say
    who draws and what they may do now; ``act`` sends their move."""

    def __init__(self, messages: MessageArea, boat: Boat, player: Callable[[], str],
                 legal: Callable[[], list[EDAction]], act: Callable[[EDAction], None]) -> None:
        self.messages = messages
        self.player = player
        self.legal = legal
        self.act = act
        self.boat = SheetWidget(boat, messages=messages)
        self.items = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._slot = Slot()
        """The row of buttons is rebuilt only when its choices change (see widgets/slots.py)."""

    def show(self, legal: list[EDAction], boat: Boat) -> None:
        """What may be drawn now (the first discovery ready on the boat, a covered map's treasure offered), then the
        sheet's ``boat``."""
        self.boat.stop_placing()
        self.boat.close_offer()
        bonus = [a for a in legal if isinstance(a, TakeMapBonus)]
        if bonus:
            shapes = [a.shape for a in bonus if a.shape]
            self.boat.offer_map_bonus(shapes, self.messages.guard(
                lambda shape: self.act(TakeMapBonus(self.player(), shape))))
        tiles = sorted({a.tile for a in legal if isinstance(a, Draw)})
        decline = DeclineCopy(self.player()) in legal
        if self._slot.changed((*tiles, decline)):
            buttons = [self._draw_button(tile_id) for tile_id in tiles]
            replace_children(self.items, [*buttons, self._decline_button()] if decline else buttons)
        if tiles:
            self.draw(tiles[0])
        self.boat.boat = boat

    def draw(self, tile_id: str) -> None:
        """Pick which discovery of the card to draw next: the boat shows its ghost and legal spots (ED-3)."""
        draws = [a for a in self.legal() if isinstance(a, Draw) and a.tile == tile_id]
        if not draws:
            self.messages.show(f"{tile_id} cannot be drawn now", "warning")
            return
        tile = discovery_tile(tile_id)
        fixed = draws[0].colour if tile.kind == "oshax" and len({a.colour for a in draws}) == 1 else None
        if fixed:
            tile = tile.with_colour(fixed)
        cells = {a.cells for a in draws}

        def place(chosen: Place) -> None:
            self.act(Draw(self.player(), tile_id, chosen.cells, fixed or chosen.colour))

        self.boat.start_placing(tile, cells, on_place=self.messages.guard(place))
        self.boat.show_legal = True

    def _draw_button(self, tile_id: str) -> widgets.Button:
        button = widgets.Button(description=f"draw the {discovery_tile(tile_id)}",
                                layout=widgets.Layout(width="auto"))
        button.add_class("isle-ed-draw")
        button.on_click(self.messages.guard(lambda _b: self.draw(tile_id)))
        return button

    def _decline_button(self) -> widgets.Button:
        """Leave out the second copy of a "twice" special (ED-6)."""
        button = widgets.Button(description="skip the second copy", layout=widgets.Layout(width="auto"))
        button.add_class("isle-ed-decline-copy")
        button.on_click(self.messages.guard(lambda _b: self.act(DeclineCopy(self.player()))))
        return button


__all__ = ["DrawingPanel", "SheetWidget"]
