"""Placing a tile on a :class:`~isle_nb.widgets.boat.BoatWidget` by mouse or keyboard: the placing half of the boat.

The ghost is drawn in the browser (:class:`~isle_nb.widgets.ghost.GhostOverlay`, fed once per tile with the tile's
pictures, its legal spots and what each would give in the game's words, :mod:`isle_nb.model.parts.placement_effects`),
so hovering costs no kernel round trip. Rotate and Mirror (R / F) turn it, Tab / arrows step through the legal spots
and Enter places; a click hands a ``Place`` to ``on_place``, and a refusal is said on the line under the boat. The
drawing of the boat itself (its canvas layers, redrawn in one message) stays in :mod:`isle_nb.widgets.boat`.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Any

import ipywidgets as widgets

from isle_nb.draw import Scene, to_svg
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle.actions import Place
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.geometry import Cell
from isle_nb.model.parts.placement_effects import PlacementDescriber, PlacementEffects
from isle_nb.model.parts.placements import placement_from_cells
from isle_nb.model.parts.tiles import Tile
from isle_nb.view import tile_items
from isle_nb.widgets.ghost import GhostOverlay
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.pointer import Placer

PlaceHandler = Callable[[Place], None]
SANDBOX_PLAYER = "you"


def orientation_svg(tile: Tile, cells: Sequence[Cell], size: int = 11) -> str:
    """A small picture of a tile in one orientation (for the placing toolbar)."""
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    scene = Scene(w * size + 4, h * size + 4, {"tile": tuple(tile_items(tile, cells, size, (2, 2)))})
    return to_svg(scene)


def rule_and_reason(error: IllegalAction) -> tuple[str, str]:
    """A refusal split into its rule ID and its plain-words reason."""
    text = str(error)
    prefix = f"{error.rule}: "
    return error.rule, text[len(prefix):] if text.startswith(prefix) else text


class BoatPlacing:
    """A mixin for :class:`~isle_nb.widgets.boat.BoatWidget`: placing a tile (ghost, rotate, mirror, click or
    Enter to place, a suggested spot). The widget provides the boat, its ghost overlay, the placing toolbar's
    widgets and :meth:`batch`, whose end redraws what ``_dirty`` names (``"ghost"``, ``"status"``)."""

    boat: Boat
    colour: str | None
    messages: MessageArea
    ghost_view: GhostOverlay
    colour_buttons: widgets.ToggleButtons
    colour_row: widgets.HBox
    placing_tools: widgets.HBox
    legal_toggle: widgets.ToggleButton
    preview: widgets.HTML
    status: widgets.HTML
    placer: Placer | None
    player: str
    on_place: PlaceHandler | None
    hover: Cell | None
    _must_touch: bool
    _dirty: set[str]
    _ghost_version: int
    _suggestion_words: str

    def batch(self) -> AbstractContextManager[None]:  # pragma: no cover - the widget's
        raise NotImplementedError

    def start_placing(
        self,
        tile: Tile,
        legal: Iterable[Place | Iterable[Cell]] | None = None,
        on_place: PlaceHandler | None = None,
        must_touch: bool = True,
        player: str = SANDBOX_PLAYER,
        ask_colour: bool = True,
    ) -> None:
        """Place ``tile``. ``legal`` lists the model's legal ``Place`` actions for it (with their orientation and
        anchor; a game whose actions name only cells may give the cell sets, which the model's
        :func:`placement_from_cells` turns into placements); when it is None the boat's own legal placements are
        used. ``on_place(action)`` gets the clicked placement as a ``Place`` of ``player`` (without it the tile is
        placed on this widget's boat only, a sandbox; the boat judges it). ``ask_colour`` shows colour buttons
        under the boat for an Oshax; an app that asks in its prompt passes False and calls :meth:`choose_colour`."""
        if legal is None:
            legal = [Place(player, p.sorted_cells, None, p.orientation, p.anchor)
                     for p in self.boat.legal_placements(tile, must_touch)]
        actions = [spot if isinstance(spot, Place) else self._place_of(tile, spot, player) for spot in legal]
        self._must_touch = must_touch
        with self.batch():
            self.placer = Placer.of(tile, [a for a in actions if a is not None])
            self.player = player
            self.on_place = on_place
            self.colour = tile.colour if tile.kind == "oshax" else None
            with self.colour_buttons.hold_trait_notifications():
                self.colour_buttons.value = None
            self.colour_row.layout.display = "flex" if ask_colour and tile.kind == "oshax" and not tile.colour \
                else "none"
            self.placing_tools.layout.display = "flex"
            self.legal_toggle.layout.visibility = "visible"
            self._dirty.update(("ghost", "status"))

    @staticmethod
    def _place_of(tile: Tile, cells: Iterable[Cell], player: str) -> Place | None:
        found = placement_from_cells(tile.shape_def, cells)
        return None if found is None else Place(player, found.sorted_cells, None, found.orientation, found.anchor)

    def hover_cell(self, x: int, y: int) -> None:
        """Python's note of the cell under the handle (the browser draws the ghost; tests use :meth:`ghost`)."""
        self.hover = (x, y)

    def ghost(self) -> tuple[frozenset[Cell], bool] | None:
        """The ghost's cells at the last :meth:`hover_cell` and whether that is a legal spot (``None``: no ghost)."""
        if self.placer is None or self.hover is None:
            return None
        return self.placer.ghost(self.hover), self.placer.is_legal(self.hover)

    def stop_placing(self) -> None:
        """Leave placing mode (the ghost disappears)."""
        if self.placer is None:
            return
        with self.batch():
            self.placer = None
            self.on_place = None
            self.colour = None
            self._dirty.add("ghost")
            self.placing_tools.layout.display = "none"
            self.legal_toggle.layout.visibility = "hidden"
            self.colour_row.layout.display = "none"
            self.status.value = ""

    @property
    def placing(self) -> Tile | None:
        """The tile being placed, if any."""
        return None if self.placer is None else self.placer.tile

    @property
    def tile_shown(self) -> Tile | None:
        """The tile being placed as the ghost shows it (an Oshax in its chosen colour)."""
        if self.placer is None:
            return None
        tile = self.placer.tile
        return tile.with_colour(self.colour) if tile.kind == "oshax" and self.colour else tile

    def choose_colour(self, colour: str | None) -> None:
        """The colour of the Oshax being placed (OSHAX-1); the ghost and what each spot gives follow it."""
        if self.placer is None or self.placer.tile.kind != "oshax":
            return
        with self.batch():
            self.colour = colour
            self._dirty.update(("ghost", "status"))

    def rotate(self) -> None:
        """Turn the tile being placed a quarter clockwise."""
        self._turn(Placer.rotate)

    def mirror(self) -> None:
        """Flip the tile being placed left-right."""
        self._turn(Placer.mirror)

    def _turn(self, how: Callable[[Placer], object]) -> None:
        if self.placer is None:
            return
        with self.batch():
            how(self.placer)
            self.ghost_view.orientation = self.placer.orientation
            self._dirty.add("status")

    def click_cell(self, x: int, y: int, orientation: int | None = None) -> None:
        """A click (or Enter) with the ghost's handle on cell (x, y): send that placement to the model, which places
        the tile or says in one line why not (on the line under the boat; nothing moves)."""
        placer = self.placer
        if placer is None:
            return
        if orientation is not None and 0 <= orientation < len(placer.orientations):
            placer.orientation = orientation
        if placer.tile.kind == "oshax" and placer.tile.colour is None and self.colour is None:
            self._refuse("OSHAX-1", "choose the colour of your Oshax first (above), then place it")
            return
        action = placer.action_at((x, y), self.player, self.colour)
        try:
            if self.on_place is not None:
                self.on_place(action)
            else:  # sandbox: the boat judges
                tile = self.tile_shown
                assert tile is not None
                new = self.boat.place(tile, action.cells, must_touch=self._must_touch)
                with self.batch():
                    self.stop_placing()
                    self.boat = new
        except IllegalAction as error:
            self._refuse(*rule_and_reason(error))
            return
        if self.placer is placer:  # still placing (e.g. the model kept the same decision): the click is answered
            with self.ghost_view.hold_sync():
                self.ghost_view.notice = ""
                self.ghost_view.answered()

    def show_suggestion(self, action: Place | None) -> None:
        """Show a suggested placement (e.g. a hint) as a dashed blue ghost on the boat, with what it would give;
        ``None`` removes it. The player still places the tile themselves."""
        placer = self.placer
        spot = None if action is None or placer is None else placer.spot_of(action)
        if spot is None:
            self.ghost_view.suggestion = []
            self._suggestion_words = ""
            self._show_placing_status()
            return
        orientation, (x, y) = spot
        tile = self.tile_shown
        assert tile is not None and placer is not None and action is not None  # a spot was found for it
        words = PlacementDescriber(self.boat, tile).describe(action.cells)
        with self.ghost_view.hold_sync():
            self.ghost_view.suggestion = [orientation, x, y]
            if placer.orientation != orientation:
                placer.orientation = orientation
                self.ghost_view.orientation = orientation
        self._suggestion_words = words
        self._show_placing_status()

    @property
    def suggestion(self) -> tuple[int, Cell] | None:
        """The suggested spot shown (orientation, handle cell), if any."""
        s = self.ghost_view.suggestion
        return (s[0], (s[1], s[2])) if len(s) == 3 else None

    def _load_ghost_if_current(self, version: int) -> None:
        """Load the ghost scheduled after a repaint, unless a newer one was asked for since."""
        if version == self._ghost_version:
            self.messages.guard(lambda: self._load_ghost())()

    def _load_ghost(self) -> None:
        """Send the browser the tile's pictures, its legal spots and what each would give (once per tile)."""
        placer = self.placer
        if placer is None:
            self.ghost_view.clear()
            return
        tile = self.tile_shown
        assert tile is not None
        describer = PlacementDescriber(self.boat, tile)
        infos: dict[str, int] = {}
        sentences: dict[PlacementEffects, int] = {}  # many spots give the same: word each once
        target_infos = []
        for spots in placer.spots:
            row = []
            for action in spots.values():
                effects = describer.effects(action.cells)
                index = sentences.get(effects)
                if index is None:
                    index = sentences[effects] = infos.setdefault(effects.sentence(), len(infos))
                row.append(index)
            target_infos.append(row)
        shape = tile.shape_def
        n = len(placer.orientations)
        with self.ghost_view.hold_sync():
            self.ghost_view.load(
                [(tile, placer.orientations[i], placer.handles[i]) for i in range(n)],
                placer.targets,
                list(infos),
                target_infos,
                [shape.turned(i) for i in range(n)],
                [shape.mirrored(i) for i in range(n)],
                placer.orientation,
            )
            self.ghost_view.ready = not (tile.kind == "oshax" and tile.colour is None)
        self._suggestion_words = ""

    def _ghost_message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        """A click (or Enter) reported by the browser ghost: its cell and the orientation it showed."""
        if content.get("event") != "click" or self.placer is None:
            return
        orientation = content.get("orientation")
        self.click_cell(int(content["x"]), int(content["y"]),
                        orientation if isinstance(orientation, int) else None)

    def _colour_button(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:  # None: the buttons were reset for a new tile
            self.choose_colour(change["new"])

    def _refuse(self, rule: str, reason: str) -> None:
        """Say why a click was refused, on the line under the boat (the layout does not move)."""
        with self.ghost_view.hold_sync():
            self.ghost_view.notice = reason
            self.ghost_view.notice_rule = rule
            self.ghost_view.answered()

    def _ghost_turned(self, change: dict[str, Any]) -> None:
        """R / F pressed in the browser."""
        placer = self.placer
        if placer is None or change["new"] == placer.orientation:
            return
        if 0 <= change["new"] < len(placer.orientations):
            with self.batch():
                placer.orientation = change["new"]
                self._dirty.add("status")

    def _show_placing_status(self) -> None:
        placer = self.placer
        if placer is None:
            return
        tile = self.tile_shown
        assert tile is not None
        self.preview.value = orientation_svg(tile, placer.cells)
        turn = f"orientation {placer.orientation + 1} of {len(placer.orientations)}"
        keys = "keys: R rotate &middot; F mirror &middot; Tab / arrows: legal spots &middot; Enter: place"
        colour = ""
        if tile.kind == "oshax" and tile.colour is None:
            colour = ' &middot; <b style="color:#a11a1a">choose its colour first</b>'
        suggestion = self._suggestion_words
        second = (f'<span style="color:#1f5fbf">Suggested (dashed blue): {html.escape(suggestion)}</span>'
                  if suggestion and self.ghost_view.suggestion
                  else f'<span class="isle-pointer-words" style="color:#666">{keys}</span>')  # no keys on a phone
        self.status.value = (
            f'<div style="font-size:12.5px;line-height:1.35">Placing <b>{html.escape(str(tile))}</b> &middot; '
            f"{turn}{colour}<br>{second}</div>"
        )


__all__ = ["SANDBOX_PLAYER", "BoatPlacing", "PlaceHandler", "orientation_svg", "rule_and_reason"]
