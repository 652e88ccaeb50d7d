"""``IslandWidget``: the island between the boats: Vesh's day track, turn order and speed, the two fields of cats
(3 and 5 fish), the rare treasures on display, the common-treasure supply and the Oshax still available.

Each cat in a field has a button under it. The game app fills those buttons from the model's legal actions
(rescue a cat, move a cat with card 77, take a cat in the family game); a cat with no legal action for the player
shown has its button hidden.

The other modes show the same island their own way: in the solo game the cats are numbered Cat 1-8 across both
fields, the rare treasures Rare 1..n by stack and the Oshax 1-6 (SOLO-1, SOLO-3: the sister's basket cards name
them by number), and the sister sits in the turn order; in the family game the cats lie around the island with no
price and there are no Oshax (FAMILY-1, FAMILY-2).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import ipywidgets as widgets

from isle_nb.draw import Scene, to_svg
from isle_nb.model.isle.changes import CHANGED_WORDS, NOTHING, Changes
from isle_nb.model.isle.constants import DAYS, FIELD_COST, SISTER
from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.isle.view_facts import sides, solo_rows
from isle_nb.model.parts.tiles import COMMON_SHAPES, Tile
from isle_nb.view import tile_items
from isle_nb.widgets.closing import ClosesParts, close_dropped
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.style import PASSED_TEXT, PAST_DAY

TileAction = tuple[str, Callable[[], None]]
"""A button label and what clicking it does."""

FIELD_NAMES = {"left": "Left field", "right": "Right field"}
AROUND_THE_ISLAND = "Cats around the island"
"""The family game's one field (FAMILY-2)."""


@lru_cache(maxsize=1024)
def tile_svg(tile: Tile, size: int = 11) -> str:
    """A small picture of one tile, as drawn on the boat (each drawn once: the island, the panels and the log show
    the same few tiles after every move)."""
    cells = tile.cells
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    scene = Scene(w * size + 4, h * size + 4, {"tile": tuple(tile_items(tile, cells, size, (2, 2), "#333333"))})
    return to_svg(scene)


def day_track_html(day: int, over: bool) -> str:
    """Vesh's boat on the day track (END-2)."""
    spaces = []
    for d in range(1, DAYS + 1):
        here = d == day and not over
        style = (
            "background:#6b4f2a;color:#fff;font-weight:bold" if here else
            "background:#efe3c8;color:#6b4f2a" if d > day else f"background:{PAST_DAY[1]};color:{PAST_DAY[0]}"
        )
        spaces.append(f'<span style="display:inline-block;width:22px;text-align:center;border-radius:4px;'
                      f'margin-right:2px;{style}">{d}</span>')
    label = "game over" if over else f"day {day} of {DAYS}"
    if not over and day == DAYS:
        label += ' &middot; <b style="color:#a11a1a">last day!</b>'
    return f'<div class="isle-day-track" style="font-size:12.5px">Vesh\'s boat: {"".join(spaces)} {label}</div>'


def turn_order_html(view: PlayerView) -> str:
    """Turn order with each player's speed (the sister's from her first basket card in the solo game; no speed
    without rescue cards, as in the family game); the player whose turn it is is marked, those who passed are
    greyed."""
    players = {side.name: side for side in sides(view)}
    parts = []
    for i, name in enumerate(view.turn_order, start=1):
        mark = "&#9654; " if view.turn == name else ""
        weight = "bold" if view.turn == name else "normal"
        if name == SISTER and view.sister is not None:
            speed, passed, label = view.sister.speed, False, "the sister"
        else:
            player = players[name]
            speed, passed, label = player.speed, player.passed, name
        facts = [f"speed {speed}"] if view.has_cards else []
        if passed:
            facts.append("passed")
        extra = f' <span style="color:#666">({", ".join(facts)})</span>' if facts else ""
        colour = f"color:{PASSED_TEXT};" if passed else ""
        parts.append(f'<span class="isle-turn-seat" style="font-weight:{weight};white-space:nowrap;{colour}">'
                     f"{mark}{i}. {html.escape(label)}{extra}</span>")
    return f'<div class="isle-turn-order" style="font-size:12.5px">Turn order: {" &rarr; ".join(parts)}</div>'


def numbered_html(number: int, picture: str, title: str = "") -> str:
    """A picture with its number under it (solo game: the rare stacks and the Oshax, SOLO-1, SOLO-3)."""
    return (f'<div title="{html.escape(title)}" style="display:inline-flex;flex-direction:column;align-items:center;'
            f'justify-content:flex-end;margin-right:6px">{picture}'
            f'<span class="isle-number" style="font-size:11px;font-weight:bold;color:#37474f">{number}</span></div>')


def numbers_span(count: int) -> str:
    """`` 1-n`` for a numbered row of ``count`` items (empty when there is none)."""
    return "" if count == 0 else " 1" if count == 1 else f" 1&ndash;{count}"


def changed_class(changed: bool) -> str:
    """The HTML class attribute of something changed since the viewer's last move ("" if it did not)."""
    return ' class="isle-changed"' if changed else ""


def changed_title(changed: bool) -> str:
    """What a tooltip adds for something changed since the viewer's last move."""
    return f": {CHANGED_WORDS}" if changed else ""


def mark_changed(box: widgets.Widget, changed: bool) -> None:
    """Outline a widget that changed since the viewer's last move (the outline takes no room), or stop."""
    if changed != ("isle-changed" in box._dom_classes):
        (box.add_class if changed else box.remove_class)("isle-changed")


def changed_line_html(changes: Changes, fields: str = "the fields") -> str:
    """The island's last line: what the outlines mean and what left ``fields``, the display and the Oshax since the
    viewer's last move ("" when nothing on the island changed)."""
    parts = []
    if changes.arrived or changes.rare_arrived:
        parts.append('<span class="isle-changed" style="display:inline-block;width:14px;height:10px;'
                     'margin:0 4px 0 2px"></span>outlined: new here')
    for words, tiles in ((f"gone from {fields}", changes.left), ("rare treasures taken", changes.rare_left),
                         ("Oshax taken", changes.oshax_left)):
        if tiles:
            pictures = "".join(f'<span title="{html.escape(str(t))}" style="margin-left:3px;opacity:0.75">'
                               f"{tile_svg(t, 6)}</span>" for t in tiles)
            parts.append(f'<span style="white-space:nowrap">{words}:</span>{pictures}')
    if not parts:
        return ""
    return (f'<div class="isle-changed-note" title="{CHANGED_WORDS}" style="display:flex;flex-wrap:wrap;'
            f'align-items:center;gap:2px 10px;margin-top:3px"><b>Since your last move:</b>'
            f'{"".join(f"<span>{p}</span>" for p in parts)}</div>')


class IslandWidget(ClosesParts, widgets.VBox):
    """The island: day track, turn order, fields with a button per cat, rare display, supply, Oshax."""

    closes_with = ("empty",)
    """What an empty field shows: closed with the island even when no field is empty."""

    def __init__(self, messages: MessageArea | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.messages = messages if messages is not None else MessageArea()
        self.track = widgets.HTML()
        self.order = widgets.HTML()
        self.field_titles = {side: widgets.HTML() for side in FIELD_COST}
        self.field_boxes = {
            side: widgets.Box(layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-end"))
            for side in FIELD_COST
        }
        self.treasures = widgets.HTML()
        self.changed = widgets.HTML(layout=widgets.Layout(display="none"))
        """The last line: the legend of the outlines and the cats gone since the viewer's last move (nothing lies
        under it, so it moves nothing when it comes or goes)."""
        self.changed.add_class("isle-changed-line")
        self.empty = {side: widgets.HTML('<i style="color:#777">empty</i>') for side in FIELD_COST}
        """What an empty field shows."""
        self._fields: dict[str, Sequence[Tile]] = {}
        self.slots: dict[str, tuple[widgets.VBox, widgets.Button]] = {}
        self.numbers: dict[str, widgets.HTML] = {}
        """The "Cat n" label under each cat (shown in the solo game), by tile id."""
        self.actions: dict[str, TileAction] = {}
        children: list[widgets.Widget] = [self.track, self.order]
        for side in FIELD_COST:
            self.field_boxes[side].add_class(f"isle-field-{side}")
            children += [self.field_titles[side], self.field_boxes[side]]
        children += [self.treasures, self.changed]
        self.children = children
        self.add_class("isle-island")
        self.layout.border, self.layout.padding = "1px solid #d8c8a8", "2px 8px 4px 8px"  # no second Layout

    def _slot(self, tile: Tile) -> tuple[widgets.VBox, widgets.Button]:
        found = self.slots.get(tile.id)
        if found is None:
            button = widgets.Button(description="Rescue", layout=widgets.Layout(width="70px", height="24px",
                                                                                 padding="0", display="none"))
            button.add_class("isle-cat-button")
            button.on_click(self.messages.guard(lambda _b, t=tile.id: self.click(t)))
            number = widgets.HTML("", layout=widgets.Layout(display="none"))
            number.add_class("isle-cat-number")
            picture = widgets.HTML(f'<div title="{html.escape(str(tile))}">{tile_svg(tile)}</div>')
            box = widgets.VBox([picture, number, button],
                               layout=widgets.Layout(align_items="center", margin="0 6px 2px 0"))
            found = self.slots[tile.id] = (box, button)
            self.numbers[tile.id] = number
        return found

    def click(self, tile_id: str) -> None:
        """Click the button under a cat (what it does comes from the app's legal actions)."""
        action = self.actions.get(tile_id)
        if action is None:
            raise ValueError(f"nothing can be done with {tile_id} now")
        action[1]()

    def buttons(self) -> dict[str, widgets.Button]:
        """The button under each cat now in a field, by tile id."""
        return {tile.id: self._slot(tile)[1] for side in FIELD_COST for tile in self._fields.get(side, ())}

    def cat_numbers(self) -> dict[str, str]:
        """The label shown above each field cat (``"Cat 3"`` in the solo game, else empty), by tile id."""
        return {tile_id: label.value for tile_id, label in self.numbers.items() if label.layout.display != "none"}

    def show(self, view: PlayerView, actions: Mapping[str, TileAction] | None = None,
             changes: Changes = NOTHING) -> None:
        """Show the island as the player's ``view`` has it; ``actions`` maps a field cat's tile id to its button;
        ``changes`` (the model's, since the player's last move) outlines the cats and rare treasures that arrived and
        lists the cats that left."""
        self.actions = dict(actions or {})
        # without fields (the family game) the cats around the island are shown in the left field's place
        self._fields = (
            {"left": view.left_field, "right": view.right_field} if view.has_fields
            else {"left": view.around_island, "right": ()}
        )
        rows = solo_rows(view)  # the sister's numbering (SOLO-3), None outside the solo game
        numbers = {t.id: i for i, t in enumerate(rows["cats"], start=1)} if rows else {}
        with self.hold_sync():
            self.track.value = day_track_html(view.day, view.over)
            self.order.value = turn_order_html(view)
            for side, cost in FIELD_COST.items():
                tiles = self._fields.get(side, ())
                count = f'<span style="color:#666">({len(tiles)} cat{"s" if len(tiles) != 1 else ""})</span>'
                if not view.has_fields:
                    if view.phase == "setup":
                        count = '<span style="color:#666">(drawn once everyone has kept their lessons)</span>'
                    title = f"<b>{AROUND_THE_ISLAND}</b> {count}" if side == "left" else ""
                else:
                    title = f"<b>{FIELD_NAMES[side]}</b> &middot; <b>{cost}</b> fish a cat {count}"
                    if numbers and tiles:
                        title += (f' <span style="color:#37474f">Cat {numbers[tiles[0].id]}&ndash;'
                                  f"{numbers[tiles[-1].id]}</span>")
                self.field_titles[side].value = f'<div style="margin-top:2px;font-size:12.5px">{title}</div>'
                hidden = not view.has_fields and side != "left"
                self.field_titles[side].layout.display = "none" if hidden else None
                self.field_boxes[side].layout.display = "none" if hidden else "flex"
                boxes = []
                for tile in tiles:
                    box, button = self._slot(tile)
                    label = self.numbers[tile.id]
                    if tile.id in numbers:
                        label.value = f'<b style="font-size:11px;color:#37474f">Cat {numbers[tile.id]}</b>'
                        label.layout.display = None
                    else:
                        label.layout.display = "none"
                    mark_changed(box, tile.id in changes.arrived)
                    action = self.actions.get(tile.id)
                    if action is None:
                        button.layout.display = "none"
                        button.disabled = True
                    else:
                        button.description = action[0]
                        button.tooltip = f"{action[0]}: {tile}"
                        button.disabled = False
                        button.button_style = "success"
                        button.layout.display = "flex"
                    boxes.append(box)
                self.field_boxes[side].children = boxes or [self.empty[side]]
            self.treasures.value = self._treasures_html(view, rows, changes.rare_arrived)
            self.changed.value = changed_line_html(changes, "the fields" if view.has_fields else "around the island")
            self.changed.layout.display = None if self.changed.value else "none"
        live = {t.id for side in FIELD_COST for t in self._fields.get(side, ())}
        slots, self.slots = self.slots, {k: v for k, v in self.slots.items() if k in live}
        close_dropped({k: box for k, (box, _button) in slots.items()},
                      {k: box for k, (box, _button) in self.slots.items()})  # rescued cats' boxes
        self.numbers = {k: v for k, v in self.numbers.items() if k in live}

    @staticmethod
    def _treasures_html(view: PlayerView, rows: Mapping[str, Sequence[Any]] | None,
                        arrived: frozenset[str] = frozenset()) -> str:
        def row(label: str, content: str) -> str:
            return (f'<div style="display:flex;flex-wrap:wrap;align-items:center;margin-top:3px">'
                    f'<span style="width:92px;font-weight:bold">{label}</span>{content}</div>')

        none = '<i style="color:#777">none</i>'
        if rows is not None:  # one number per stack of one shape (SOLO-3)
            stacks = rows["rare"]
            rare = "".join(
                numbered_html(i, f"<span>{tile_svg(s[0], 8)}{'&times;' + str(len(s)) if len(s) > 1 else ''}</span>",
                              f"Rare {i}: {len(s)} rare treasure{'s' if len(s) > 1 else ''} "
                              f"({str(s[0]).removesuffix(' rare treasure')})")
                for i, s in enumerate(stacks, start=1)
            ) or none
        else:
            rare = "".join(f'<span title="{html.escape(str(t))}{changed_title(t.id in arrived)}"'
                           f'{changed_class(t.id in arrived)} style="margin-right:4px">{tile_svg(t, 8)}</span>'
                           for t in view.rare_display) or none
        common = "".join(
            f'<span style="margin-right:8px;white-space:nowrap">{tile_svg(Tile.common(s), 8)}'
            f"&times;{view.common_supply.get(s, 0)}</span>"
            for s in COMMON_SHAPES
        )
        if rows is not None:  # the Oshax row, numbered left to right (SOLO-1)
            oshax = "".join(numbered_html(i, tile_svg(t, 7), f"Oshax {i}")
                            for i, t in enumerate(rows["oshax"], start=1))
        else:
            oshax = "".join(f'<span style="margin-right:3px">{tile_svg(t, 7)}</span>' for t in view.oshax_supply)
        if rows is not None:  # the numbers the sister's basket cards use
            rare_label = f"Rare{numbers_span(len(rows['rare']))}"
            oshax_label = f"Oshax{numbers_span(len(rows['oshax']))}"
        else:
            rare_label = f"Rare ({len(view.rare_display)})"
            oshax_label = f"Oshax ({len(view.oshax_supply)})"
        lines = [row(rare_label, rare), row("Common", common)]
        if view.has_oshax:  # no Oshax in the family game (FAMILY-1)
            lines.append(row(oshax_label, oshax or none))
        return '<div class="isle-treasures" style="font-size:12.5px;margin-top:2px">' + "".join(lines) + "</div>"


__all__ = ["AROUND_THE_ISLAND", "IslandWidget", "TileAction", "changed_line_html", "day_track_html", "mark_changed",
           "numbered_html", "tile_svg", "turn_order_html"]
