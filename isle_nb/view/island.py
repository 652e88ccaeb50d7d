"""A picture of the island: the two fields of cats (or, in the family game, the cats around it) and the rare
treasures on display."""

from __future__ import annotations

from isle_nb.draw import Item, Scene, Text
from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.isle.state import GameState
from isle_nb.model.parts.tiles import Tile
from isle_nb.view.tiles import tile_items


def island_scene(state: GameState | PlayerView, size: int = 16, width: int = 560) -> Scene:
    """The island: left field (3 fish), right field (5 fish) and the rare-treasure display, as small tiles.

    In the family game the cats lie around the island and cost nothing (FAMILY-2); in the solo game they are
    numbered Cat 1-8 across both fields (SOLO-3). A player's view (``PlayerView``) draws the same island: the
    fields and the display are public.
    """
    if state.mode == "family":
        rows: list[tuple[str, tuple[Tile, ...]]] = [
            (f"Cats around the island ({len(state.around_island)})", state.around_island),
        ]
    else:
        numbered = " - Cat 1-4" if state.mode == "solo" else ""
        rows = [
            (f"Left field - 3 fish ({len(state.left_field)}){numbered}", state.left_field),
            (f"Right field - 5 fish ({len(state.right_field)}){' - Cat 5-8' if numbered else ''}", state.right_field),
        ]
    rows.append((f"Rare treasures ({len(state.rare_display)})", state.rare_display))
    gap = size // 2 + 4
    items: list[Item] = []
    y = 6
    for title, tiles in rows:
        items.append(Text(12 + 4 * len(title), y + 8, title, "#3b2a14", 13, True))
        y += 22
        x, line_height = 12, 2 * size
        for tile in tiles:
            w = (max(cx for cx, _ in tile.cells) + 1) * size
            h = (max(cy for _, cy in tile.cells) + 1) * size
            if x + w > width - 8 and x > 12:
                x, y, line_height = 12, y + line_height + gap, 2 * size
            items.extend(tile_items(tile, tile.cells, size, (x, y), "#333333"))
            x += w + gap
            line_height = max(line_height, h)
        y += line_height + 2 * gap
    return Scene(width, y, {"island": tuple(items)})


__all__ = ["island_scene"]
