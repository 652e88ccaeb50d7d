"""The public picture of each mode's view for a watcher's page (:mod:`isle_nb.widgets.watch`), as HTML built from
the view layer's pictures: what every player may see and nothing more. A watcher's view holds no player's secrets
(the hub sends none), so these pictures draw every part of it.

- The Isle of Cats (standard, solo, family): the island with its fields and treasures, then every boat with what
  the table knows of its player (fish, how many cards, baskets), the solo sister's colours and lessons, and the
  public lessons in play.
- Explore & Draw: the island of the day, then every player's sheets.
- Pocket Cats: the board.
"""

from __future__ import annotations

import html
from functools import singledispatch

from isle_nb.draw import to_svg
from isle_nb.model.explore_draw.view import ExploreDrawView
from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.pocket.player_view import PocketView
from isle_nb.view import boat_scene
from isle_nb.view.explore_draw import island_html, sheets_svg
from isle_nb.view.island import island_scene
from isle_nb.view.pocket import view_scene
from isle_nb.widgets.panels.boats import BOAT_CELL, boat_facts, boat_summary
from isle_nb.widgets.panels.hand import public_lessons_html
from isle_nb.widgets.panels.sister import colours_html, lessons_html


def _part(title: str, body: str) -> str:
    return (f'<div class="isle-watch-part"><div style="font-size:13px;margin:2px 0"><b>{title}</b></div>'
            f"{body}</div>")


@singledispatch
def public_picture(view: object) -> str:
    """The public picture of a seat's view (HTML), drawn by the function registered for the view's class."""
    raise TypeError(f"a watcher's page has no picture of a {type(view).__name__}")


@public_picture.register
def isle_picture(view: PlayerView) -> str:
    """The Isle of Cats as every player sees it: the island, then each boat with its player's public facts."""
    boats = [_part(f"{html.escape(player.name)}'s boat",
                   f'<div style="font-size:12.5px">{boat_facts(player, view)}</div>'
                   f'<div style="font-size:12.5px;color:#444">{boat_summary(player)}</div>'
                   f"<div>{to_svg(boat_scene(player.boat, size=BOAT_CELL))}</div>")
             for player in view.others]
    island = _part(f"The island (day {view.day})", to_svg(island_scene(view, width=520)))
    shown = [island, *boats]
    if view.sister is not None:  # the solo game: her colours and lessons lie face up
        shown.append(_part("The sister", f"{colours_html(view)}<div style='font-size:12px'>{lessons_html(view)}</div>"))
    if view.public_lessons:
        shown.append(_part("Public lessons", public_lessons_html(view.public_lessons)))
    return f'<div class="isle-watch-picture">{"".join(shown)}</div>'


@public_picture.register
def explore_draw_picture(view: ExploreDrawView) -> str:
    """Explore & Draw as every player sees it: the island of the day, then every player's sheets."""
    sheets = [_part(f"{html.escape(sheet.name)}'s sheets", sheets_svg(sheet)) for sheet in view.seats]
    island = _part(f"The island of day {view.day}", island_html(view.island)) if view.island else ""
    return f'<div class="isle-watch-picture">{island}{"".join(sheets)}</div>'


@public_picture.register
def pocket_picture(view: PocketView) -> str:
    """Pocket Cats as every player sees it: the board (face-down tiles as backs)."""
    return f'<div class="isle-watch-picture">{_part("The board", to_svg(view_scene(view)))}</div>'


__all__ = ["explore_draw_picture", "isle_picture", "pocket_picture", "public_picture"]
