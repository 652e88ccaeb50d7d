"""The public picture of each mode's view for a watcher's page (:mod:`isle_nb.widgets.watch`), as HTML built from
the view layer's pictures: what every player may see and nothing more. A watcher's view holds no player's secrets
(the hub sends none), so these pictures draw every part of it.

- The Isle of Cats (standard, solo, family): the island with its fields and treasures, then every boat with what
  the table knows of its player (fish, how many cards, baskets).
- Explore & Draw: the island of the day, then every player's sheets.
- Pocket Cats: the board.
"""

from __future__ import annotations

import html

from isle_nb.draw import to_svg
from isle_nb.model.explore_draw.view import ExploreDrawView
from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.pocket.player_view import PocketView
from isle_nb.view import boat_scene
from isle_nb.view.explore_draw import island_html, sheets_svg
from isle_nb.view.island import island_scene
from isle_nb.view.pocket import view_scene
from isle_nb.widgets.panels.boats import BOAT_CELL, boat_facts, boat_summary


def _part(title: str, body: str) -> str:
    return (f'<div class="isle-watch-part"><div style="font-size:13px;margin:2px 0"><b>{title}</b></div>'
            f"{body}</div>")


def isle_picture(view: PlayerView) -> str:
    """The Isle of Cats as every player sees it: the island, then each boat with its player's public facts."""
    boats = [_part(f"{html.escape(player.name)}'s boat",
                   f'<div style="font-size:12.5px">{boat_facts(player, view)}</div>'
                   f'<div style="font-size:12.5px;color:#444">{boat_summary(player)}</div>'
                   f"<div>{to_svg(boat_scene(player.boat, size=BOAT_CELL))}</div>")
             for player in view.others]
    island = _part(f"The island (day {view.day})", to_svg(island_scene(view, width=520)))
    return f'<div class="isle-watch-picture">{island}{"".join(boats)}</div>'


def explore_draw_picture(view: ExploreDrawView) -> str:
    """Explore & Draw as every player sees it: the island of the day, then every player's sheets."""
    sheets = [_part(f"{html.escape(sheet.name)}'s sheets", sheets_svg(sheet)) for sheet in view.seats]
    island = _part(f"The island of day {view.day}", island_html(view.island)) if view.island else ""
    return f'<div class="isle-watch-picture">{island}{"".join(sheets)}</div>'


def pocket_picture(view: PocketView) -> str:
    """Pocket Cats as every player sees it: the board (face-down tiles as backs)."""
    return f'<div class="isle-watch-picture">{_part("The board", to_svg(view_scene(view)))}</div>'


__all__ = ["explore_draw_picture", "isle_picture", "pocket_picture"]
