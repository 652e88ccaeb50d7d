"""isle_nb.view.table_scene: the whole table of the standard game in one picture (issue #34)."""

from __future__ import annotations

import pytest

from isle_nb import Game, RandomBot, play
from isle_nb.draw import Circle, Polygon, Polyline, Rect, Text, to_png, to_svg
from isle_nb.view import table_scene
from isle_nb.view.table import PANEL_H, PANEL_W

NAMES = ["Ann", "Hal", "Kim", "Tom"]
"""Initials that are no tile letter (B, G, R, P, O, X, C), so the tiles' letters can be counted."""
TILE_LETTERS = set("BGRPOXC")


def texts(layer: tuple[object, ...]) -> list[Text]:
    return [item for item in layer if isinstance(item, Text)]


def marks(layer: tuple[object, ...]) -> list[object]:
    """Each tile's one mark: a cat's or an Oshax's letter, a rare treasure's star, a common treasure's ring (its
    white centre) (issue #32: treasures carry no letter, "R" is a red cat)."""
    letters = [t for t in texts(layer) if t.text in TILE_LETTERS]
    stars = [i for i in layer if isinstance(i, Polygon) and len(i.points) == 10]
    rings = [i for i in layer if isinstance(i, Circle) and i.fill == "rgba(255,255,255,0.85)"]
    return [*letters, *stars, *rings]


def player_places(scene_layer: tuple[object, ...]) -> list[Rect]:
    return [i for i in scene_layer if isinstance(i, Rect) and (i.w, i.h) == (PANEL_W, PANEL_H)]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_the_table_shows_every_player_and_the_island_as_the_state_has_them(count: int) -> None:
    game = Game.new(NAMES[:count], seed=2024)
    state = game.state
    scene = table_scene(state)
    island = scene.layers["island"]
    words = {t.text for t in texts(scene.layers["players"])}
    for player in state.players:
        assert player.name in words and f"{player.fish} fish" in words
        assert f"{len(player.pack)} drafting" in words  # the 7 cards dealt for the draft
    assert len(player_places(scene.layers["players"])) == count
    assert len({(r.x, r.y) for r in player_places(scene.layers["players"])}) == count  # one side each
    # every cat in the fields, every rare treasure on display and every Oshax beside the island is drawn
    shown = len(state.left_field) + len(state.right_field) + len(state.rare_display) + len(state.oshax_supply)
    assert len(marks(island)) == shown
    # the turn-order track names the players first to last, left to right
    names = sorted((t for t in texts(island) if t.text in state.names), key=lambda t: t.x)
    assert [t.text for t in names] == [state.seat_name(seat) for seat in state.turn_order]
    assert f"deck {len(state.deck)}" in {t.text for t in texts(island)}
    # one arrow from each player to the next
    assert sum(isinstance(i, Polyline) for i in scene.layers["arrows"]) == count


def test_vesh_stands_on_the_space_of_the_day_and_boats_show_their_tiles() -> None:
    """Day 1: Vesh on space 5. After the game (day 5) he is on space 1, and the boats show the tiles placed."""
    game = Game.new(NAMES[:3], seed=7)
    start = table_scene(game.state)
    play(game, [RandomBot(1), RandomBot(2), RandomBot(3)])
    end = table_scene(game.state)

    def vesh(scene_items: tuple[object, ...]) -> str:
        return next(t.text for t in texts(scene_items) if t.bold and t.fill == "#ffffff" and t.text.isdigit())

    assert vesh(start.layers["island"]) == "5"
    assert vesh(end.layers["island"]) == str(6 - game.state.day)
    placed = sum(len(p.boat.tiles) for p in game.state.players)
    assert placed > 0
    marks_before, marks_after = marks(start.layers["players"]), marks(end.layers["players"])
    assert len(marks_after) - len(marks_before) == placed  # one mark per placed tile


def test_the_arrows_go_round_the_island_and_the_picture_renders() -> None:
    scene = table_scene(Game.new(NAMES[:4], seed=3).state)
    rects = {name: r for name, r in zip(NAMES, player_places(scene.layers["players"]), strict=True)}
    heads = [i.points[0] for i in scene.layers["arrows"] if isinstance(i, Polygon)]
    for name, (x, y) in zip(NAMES[1:] + NAMES[:1], heads, strict=True):  # each arrow ends at the next place
        r = rects[name]
        assert r.x - 1 <= x <= r.x + r.w + 1 and r.y - 1 <= y <= r.y + r.h + 1, name
    island = next(i for i in scene.layers["island"] if isinstance(i, Rect))
    for line in (i for i in scene.layers["arrows"] if isinstance(i, Polyline)):
        for x, y in line.points:  # no corner of an arrow lies on the island
            assert not (island.x < x < island.x + island.w and island.y < y < island.y + island.h)
    assert to_png(scene).startswith(b"\x89PNG") and to_svg(scene).startswith("<svg")
