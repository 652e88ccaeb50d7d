"""The whole table of the standard game in one picture: the island with its two fields, Vesh's track and the
turn-order cats, the treasures beside it, the deck, and each player's boat, fish and cards around the table.

The players sit round the table in seat order, each next player on the left of the one before (seen from above:
clockwise, starting at the bottom), and arrows show who is next. The picture only shows what the game state holds;
it decides nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from isle_nb.draw import Circle, Item, Line, Polygon, Polyline, Rect, Scene, Text
from isle_nb.model.isle.state import GameState, PlayerState
from isle_nb.model.parts.tiles import Tile
from isle_nb.view.boat import boat_static_items, boat_tile_items
from isle_nb.view.grid import boat_size
from isle_nb.view.tiles import tile_items

WIDTH = 1000
"""The picture's width in CSS pixels."""
BOAT_CELL = 9
"""A boat cell's side in the picture (a third of the boat widget's)."""
FIELD_CELL = 11
"""A cell of the cats in the fields and the treasures beside the island."""
PANEL_W, PANEL_H = 236, 150
"""The size of one player's place at the table: name, fish, cards and boat."""
TOKEN_FILLS = ("#fafafa", "#455a64", "#ffb300", "#26a69a")
"""The colours of the players' wooden cats, by seat (the picture's choice: the game gives players no colour)."""
TOKEN_INK = ("#222222", "#ffffff", "#222222", "#222222")
INK = "#3b2a14"
ISLAND_FILL = "#e6efd2"
ISLAND_STROKE = "#6b8e23"
FIELD_FILL = "#f7f3e3"
TABLE_FILL = "#fbf7ee"
ARROW = "#8d6e63"
CARD_BACK = "#5d4037"
DAYS = 5
"""Spaces on Vesh's track: the standard game lasts five days (END-2)."""


def _moved(item: Item, dx: float, dy: float) -> Item:
    """An item shifted by ``(dx, dy)`` pixels."""
    if isinstance(item, (Rect, Circle, Text)):
        return dataclasses.replace(item, x=item.x + dx, y=item.y + dy)
    if isinstance(item, Line):
        return dataclasses.replace(item, x1=item.x1 + dx, y1=item.y1 + dy, x2=item.x2 + dx, y2=item.y2 + dy)
    return dataclasses.replace(item, points=tuple((x + dx, y + dy) for x, y in item.points))


def _all_moved(items: Iterable[Item], dx: float, dy: float) -> list[Item]:
    return [_moved(item, dx, dy) for item in items]


SPOTS_BY_COUNT = {1: ("bottom",), 2: ("bottom", "top"), 3: ("bottom", "left", "right")}
"""Where the players sit, in seat order: the first at the bottom, each next one on the left of the one before
(clockwise seen from above). Three players sit bottom, left and right; four fill all sides."""


def _seat_spots(count: int) -> tuple[str, ...]:
    return SPOTS_BY_COUNT.get(count, ("bottom", "left", "top", "right"))


def _places(top: float, middle: float, bottom: float) -> dict[str, tuple[float, float]]:
    """The top-left corner of a player's place on each side of the table."""
    centre_x = (WIDTH - PANEL_W) / 2
    return {
        "bottom": (centre_x, bottom),
        "left": (8.0, middle),
        "top": (centre_x, top),
        "right": (WIDTH - PANEL_W - 8.0, middle),
    }


def _token(x: float, y: float, seat: int, name: str, radius: float = 11) -> list[Item]:
    """A player's wooden cat: a disc in the seat's colour with the player's initial."""
    fill, ink = TOKEN_FILLS[seat % len(TOKEN_FILLS)], TOKEN_INK[seat % len(TOKEN_INK)]
    return [Circle(x, y, radius, fill, INK), Text(x, y, name[:1].upper(), ink, int(radius * 1.1), True)]


def _card_backs(x: float, y: float, count: int, label: str) -> list[Item]:
    """A small fanned pile of card backs with its count in words beside it."""
    items: list[Item] = []
    for i in range(min(count, 5)):
        items.append(Rect(x + 4 * i, y, 14, 20, CARD_BACK, "#ffffff", 1.0))
    if count == 0:
        items.append(Rect(x, y, 14, 20, None, "#bcaaa4", 1.0))
    items.append(Text(x + 24 + 4 * min(count, 5) + 3.3 * len(label), y + 10, label, INK, 11))
    return items


def _player_place(player: PlayerState, left: float, top: float) -> list[Item]:
    """One player's place: wooden cat, name, fish, cards (hand and draft) and the boat with its tiles."""
    items: list[Item] = [Rect(left, top, PANEL_W, PANEL_H, "#ffffff", "#bcaaa4", 1.0)]
    items += _token(left + 16, top + 16, player.seat, player.name)
    items.append(Text(left + 34 + 3.6 * len(player.name), top + 16, player.name, INK, 13, True))
    fish = f"{player.fish} fish"
    items.append(Text(left + PANEL_W - 10 - 3.1 * len(fish), top + 16, fish, "#1565c0", 11, True))
    cards = len(player.hand)
    to_draft = len(player.pack) + len(player.drafted)
    items += _card_backs(left + 10, top + 30, cards, f"{cards} in hand")
    if to_draft:
        items += _card_backs(left + 124, top + 30, to_draft, f"{to_draft} drafting")
    boat_w, _ = boat_size(BOAT_CELL)
    boat = [*boat_static_items(player.boat, BOAT_CELL, rooms=True), *boat_tile_items(player.boat.tiles, BOAT_CELL)]
    items += _all_moved(boat, left + (PANEL_W - boat_w) / 2, top + 52)
    return items


def _tiles_row(tiles: Sequence[Tile], left: float, top: float, width: float, size: int = FIELD_CELL) -> list[Item]:
    """Tiles laid out left to right, wrapping at ``width``."""
    items: list[Item] = []
    x, y, line = left, top, 2 * size
    for tile in tiles:
        w = (max(cx for cx, _ in tile.cells) + 1) * size
        h = (max(cy for _, cy in tile.cells) + 1) * size
        if x + w > left + width and x > left:
            x, y, line = left, y + line + 5, 2 * size
        items += tile_items(tile, tile.cells, size, (x, y), "#333333")
        x += w + 6
        line = max(line, h)
    return items


def _field(title: str, tiles: Sequence[Tile], left: float, top: float, width: float, height: float) -> list[Item]:
    """One field of the island: a framed area, its title and price, and its cats."""
    items: list[Item] = [
        Rect(left, top, width, height, FIELD_FILL, ISLAND_STROKE, 1.5),
        Text(left + width / 2, top + 11, title, INK, 12, True),
    ]
    return items + _tiles_row(tiles, left + 8, top + 24, width - 16)


def _vesh_track(state: GameState, left: float, top: float) -> list[Item]:
    """Vesh's track: spaces 5 to 1; his boat starts on 5 and moves one space each night (END-2)."""
    items: list[Item] = [Text(left + 70, top + 8, "Vesh's track", INK, 12, True)]
    space = DAYS + 1 - state.day
    for i, number in enumerate(range(DAYS, 0, -1)):
        x = left + 150 + i * 34
        here = number == space
        items.append(Rect(x, top - 4, 26, 24, "#37474f" if here else "#ffffff", INK, 1.0))
        items.append(Text(x + 13, top + 8, str(number), "#ffffff" if here else INK, 12, here))
    x = left + 150 + (DAYS - space) * 34 + 13
    items.append(Polygon(((x - 12, top + 24), (x + 12, top + 24), (x + 8, top + 31), (x - 8, top + 31)), "#37474f"))
    items.append(Text(left + 150 + DAYS * 34 + 42, top + 8, f"day {state.day} of {DAYS}", INK, 11))
    return items


def _turn_order(state: GameState, left: float, top: float) -> list[Item]:
    """The turn-order track: each player's wooden cat, first to last."""
    items: list[Item] = [Text(left + 70, top + 8, "Turn order", INK, 12, True)]
    for place, seat in enumerate(state.turn_order):
        x = left + 163 + place * 68
        name = state.seat_name(seat)
        items += _token(x, top + 8, seat, name, 10)
        items.append(Text(x + 16 + 3.2 * len(name), top + 8, name, INK, 11))
        if place + 1 < len(state.turn_order):
            items.append(Text(x + 56, top + 8, ">", ARROW, 12, True))
    return items


def _island(state: GameState, left: float, top: float, width: float, height: float) -> list[Item]:
    """The island board: Vesh's track and the turn order above the two fields."""
    items: list[Item] = [Rect(left, top, width, height, ISLAND_FILL, ISLAND_STROKE, 2.5)]
    items += _vesh_track(state, left + 10, top + 12)
    items += _turn_order(state, left + 10, top + 50)
    field_w, field_top = (width - 30) / 2, top + 76
    field_h = height - (field_top - top) - 10
    items += _field("Left field: 3 fish a cat", state.left_field, left + 10, field_top, field_w, field_h)
    items += _field("Right field: 5 fish a cat", state.right_field, left + 20 + field_w, field_top, field_w, field_h)
    return items


def _beside_island(state: GameState, left: float, top: float, width: float) -> list[Item]:
    """What lies beside the island: the rare treasures on display, the Oshax, the common treasures and the deck."""
    rare = f"Rare treasures ({len(state.rare_display)})"
    items: list[Item] = [Text(left + 8 + 3.4 * len(rare), top + 8, rare, INK, 12, True)]
    items += _tiles_row(state.rare_display, left + 8, top + 22, width * 0.34, 7)
    oshax = f"Oshax ({len(state.oshax_supply)})"
    items.append(Text(left + width * 0.38 + 3.4 * len(oshax), top + 8, oshax, INK, 12, True))
    items += _tiles_row(state.oshax_supply, left + width * 0.38, top + 22, width * 0.38, 7)
    commons = f"{len(state.common_supply)} common treasures"
    items.append(Text(left + width * 0.38 + 3.1 * len(commons), top + 66, commons, INK, 11))
    items += _card_backs(left + width * 0.78, top + 4, len(state.deck), f"deck {len(state.deck)}")
    items += _card_backs(left + width * 0.78, top + 34, len(state.discard), f"discard {len(state.discard)}")
    return items


def _arrow(points: Sequence[tuple[float, float]]) -> list[Item]:
    """An arrow along ``points`` with its head at the last point."""
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = ((x2, y2), (x2 - 12 * ux - 6 * uy, y2 - 12 * uy + 6 * ux), (x2 - 12 * ux + 6 * uy, y2 - 12 * uy - 6 * ux))
    line = (*points[:-1], (x2 - 8 * ux, y2 - 8 * uy))
    return [Polyline(line, ARROW, 2.5), Polygon(head, ARROW)]


def _route(
    start: str, end: str, places: dict[str, tuple[float, float]], top_lane: float, side_lane: float
) -> list[tuple[float, float]]:
    """The path of the arrow from the player on side ``start`` to the next player, on side ``end``: round the
    island, never across it."""
    def box(spot: str) -> tuple[float, float, float, float]:
        x, y = places[spot]
        return x, y, x + PANEL_W, y + PANEL_H

    (sl, st, sr, sb), (el, et, er, eb) = box(start), box(end)
    smx, smy, emx, emy = (sl + sr) / 2, (st + sb) / 2, (el + er) / 2, (et + eb) / 2
    routes = {
        ("bottom", "left"): [(sl, smy), (emx, smy), (emx, eb)],
        ("left", "top"): [(smx, st), (smx, emy), (el, emy)],
        ("top", "right"): [(sr, smy), (emx, smy), (emx, et)],
        ("right", "bottom"): [(smx, sb), (smx, emy), (er, emy)],
        ("left", "right"): [(smx, st), (smx, top_lane), (emx, top_lane), (emx, et)],
        ("bottom", "top"): [(sl, smy), (side_lane, smy), (side_lane, emy), (el, emy)],
        ("top", "bottom"): [(sr, smy), (WIDTH - side_lane, smy), (WIDTH - side_lane, emy), (er, emy)],
    }
    return routes[(start, end)]


def _next_player_arrows(
    spots: Sequence[str], places: dict[str, tuple[float, float]], top_lane: float
) -> list[Item]:
    """Arrows from each player's place to the next player's, who sits on their left, and a label on the first."""
    if len(spots) < 2:
        return []
    items: list[Item] = []
    for i, spot in enumerate(spots):
        items += _arrow(_route(spot, spots[(i + 1) % len(spots)], places, top_lane, PANEL_W / 2))
    x, y = places[spots[0]]
    label = "next player: on your left"
    items.append(Text(x - 6 - 3.1 * len(label), y + PANEL_H / 2 - 12, label, ARROW, 11, True))
    return items


def table_scene(state: GameState) -> Scene:
    """The table of a standard game seen from above (layers ``table``, ``island``, ``players`` and ``arrows``).

    In the middle the island: Vesh's track (his boat on today's space), the turn-order track with the players'
    wooden cats, the left field (3 fish a cat) and the right field (5 fish a cat). Below it the rare treasures on
    display, the Oshax and the common treasures waiting beside the island, the deck and the discard pile. Round
    it the players in seat order, each with their wooden cat, fish, cards in hand (and in the draft) and boat; the
    arrows point from each player to the next, who sits on their left.
    """
    spots = _seat_spots(len(state.players))
    island_left = PANEL_W + 24
    island_w = WIDTH - 2 * island_left
    top_row = 8.0
    island_top = top_row + (28 if "top" not in spots else PANEL_H + 16)
    island_h = 250.0
    beside_top = island_top + island_h + 8
    bottom_row = beside_top + 84
    height = int(bottom_row + PANEL_H + 10)
    places = _places(top_row, island_top + 40, bottom_row)
    players: list[Item] = []
    for player, spot in zip(state.players, spots, strict=False):
        players += _player_place(player, *places[spot])
    return Scene(
        WIDTH,
        height,
        {
            "table": (Rect(0, 0, WIDTH, height, TABLE_FILL),),
            "island": (
                *_island(state, island_left, island_top, island_w, island_h),
                *_beside_island(state, island_left, beside_top, island_w),
            ),
            "arrows": tuple(_next_player_arrows(spots, places, top_row + 6)),
            "players": tuple(players),
        },
    )


__all__ = ["table_scene"]
