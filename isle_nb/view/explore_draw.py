"""Pictures of Explore & Draw: a player's sheets (boat sheet, lesson sheet, specials) ready to print, and the
island of the day as HTML cards.

:func:`sheets_scene` lays the boat sheet on the left and the lesson sheet on the right, with the five specials
below the boat, so a class can print the sheets (:func:`sheets_svg`, :func:`sheets_png`) and play on paper.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from isle_nb.draw import Circle, Item, Rect, Scene, Text, pattern_items, to_png, to_svg
from isle_nb.model.boat import PlacedTile
from isle_nb.model.explore_draw.data import island_card, lesson_sheet, sheet_lesson, specials
from isle_nb.model.explore_draw.island import slot_name
from isle_nb.model.explore_draw.view import SheetView
from isle_nb.model.geometry import Cell
from isle_nb.model.tiles import COLOUR_HEX, Tile
from isle_nb.view.boat import boat_scene
from isle_nb.view.grid import CELL, MARGIN, outline
from isle_nb.view.tiles import COLOUR_LETTER, COLOUR_PATTERN, placed_tiles_items

PAPER = "#fffdf6"
"""A drawing hides what is printed under it (rats, maps): its cells are paper white."""

LESSON_ROW = 14
SHEET_WIDTH = 330
INK = "#222222"
FAINT = "#9e9e9e"


def pen_tile_items(
    tile: Tile, cells: Iterable[Cell], size: int = CELL, offset: tuple[float, float] = (MARGIN, MARGIN)
) -> list[Item]:
    """A discovery as drawn with a pen: a cat (or Oshax) outlined in its colour and hatched with its colour-blind
    pattern in that colour; a treasure as a black outline marked C (common) or R (rare)."""
    cells = sorted(cells, key=lambda c: (c[1], c[0]))
    ox, oy = offset
    items: list[Item] = [Rect(ox + x * size, oy + y * size, size, size, PAPER) for x, y in cells]
    x, y = cells[0]
    cx, cy = ox + x * size + size / 2, oy + y * size + size / 2
    if tile.is_cat and tile.colour is not None:
        pen = COLOUR_HEX[tile.colour]
        for px, py in cells[1:]:  # the first cell carries the letter
            items.extend(pattern_items(COLOUR_PATTERN[tile.colour], ox + px * size, oy + py * size, size, pen))
        items.extend(outline(cells, pen, 3.0, size, offset))
        if tile.kind == "oshax":
            items.append(Circle(cx, cy, size * 0.32, PAPER, pen))
        items.append(Text(cx, cy, COLOUR_LETTER[tile.colour], pen, int(size * 0.5), True))
    else:
        items.extend(outline(cells, INK, 2.0, size, offset))
        items.append(Text(cx, cy, "R" if tile.kind == "rare" else "C", INK, int(size * 0.5), True))
    return items


def pen_drawing_items(drawings: Sequence[PlacedTile], size: int = CELL) -> list[Item]:
    """Every discovery of a boat sheet, drawn with a pen (:func:`pen_tile_items`)."""
    return placed_tiles_items(drawings, size, pen_tile_items)


def _lesson_items(sheet: SheetView, left: float) -> list[Item]:
    ticks = dict(sheet.ticks)
    points = dict(sheet.lesson_points)
    items: list[Item] = [Text(left + SHEET_WIDTH / 2, 14, f"Lesson sheet of {sheet.name}", INK, 13, bold=True)]
    for index, lesson in enumerate(lesson_sheet()):
        top = 26 + index * LESSON_ROW
        ticked = lesson.number in ticks
        items.append(Rect(left, top + 2, 10, 10, "#ffffff", INK, 1.0))
        if ticked:
            items.append(Text(left + 5, top + 7, "X", "#1e6b34", 10, bold=True))
        colour = ticks.get(lesson.number)
        if colour:
            items.append(Rect(left + 14, top + 3, 8, 8, COLOUR_HEX[colour], INK, 0.5))
        items.append(Text(left + 40, top + 7, f"{lesson.number}.", INK if ticked else FAINT, 10))
        items.append(Text(left + 160, top + 7, lesson.title[:40], INK if ticked else FAINT, 10))
        if ticked:
            items.append(Text(left + SHEET_WIDTH - 20, top + 7, str(points.get(lesson.number, 0)), INK, 10,
                              bold=True))
    return items


def _special_items(sheet: SheetView, top: float, width: float) -> list[Item]:
    used = {key for key, _ in sheet.specials}
    box = (width - 16) / 5
    items: list[Item] = [Text(width / 2, top - 10, "Specials (one a day, three a game, each once)", INK, 11, bold=True)]
    for index, special in enumerate(specials()):
        left = 8 + index * box
        items.append(Rect(left, top, box - 6, 34, "#f1f1f1" if special.key in used else "#ffffff", INK, 1.0))
        words = special.text.rstrip(".").split()
        middle = left + (box - 6) / 2
        items.append(Text(middle, top + 11, " ".join(words[:4]), INK, 8))
        items.append(Text(middle, top + 23, " ".join(words[4:]), INK, 8))
        if special.key in used:
            items.append(Text(left + box - 14, top + 8, "X", "#a11a1a", 12, bold=True))
    return items


def sheets_scene(sheet: SheetView, size: int = CELL) -> Scene:
    """A player's boat sheet (drawings, rats and maps left visible until covered), specials and lesson sheet with
    ticks and live points, from their :class:`~isle_nb.model.explore_draw.view.SheetView` (every sheet is public:
    ``game.view(name).sheet_of(name)``)."""
    boat = boat_scene(sheet.boat, size)
    left = boat.width + 16
    specials_top = boat.height + 22
    height = max(specials_top + 44, 30 + len(lesson_sheet()) * LESSON_ROW)
    total = Text(60, height - 6, f"Score now: {sheet.score}", INK, 11, bold=True)
    extra = [*_special_items(sheet, specials_top, boat.width), total]
    layers = dict(boat.layers)
    layers["tiles"] = tuple(pen_drawing_items(sheet.boat.tiles, size))
    layers["sheet"] = (*_lesson_items(sheet, left), *extra)
    return Scene(left + SHEET_WIDTH, height + 8, layers)


def sheets_svg(sheet: SheetView) -> str:
    """A player's sheets as SVG text (see :func:`sheets_scene`)."""
    return to_svg(sheets_scene(sheet))


def sheets_png(sheet: SheetView, scale: float = 2.0) -> bytes:
    """A player's sheets as PNG bytes (see :func:`sheets_scene`)."""
    return to_png(sheets_scene(sheet), scale)


def lesson_sheet_html(sheet: SheetView) -> str:
    """A player's lesson sheet as a folded HTML table: every lesson, ticked (with its colour) or not, and the
    points of the ticked ones now; the summary line gives the sheet's score now."""
    ticks = dict(sheet.ticks)
    points = dict(sheet.lesson_points)
    rows = []
    for lesson in lesson_sheet():
        ticked = lesson.number in ticks
        tick = "&#9745;" if ticked else "&#9744;"
        colour = f" ({ticks[lesson.number]})" if ticks.get(lesson.number) else ""
        style = "" if ticked else "color:#999"
        shown = points.get(lesson.number, 0) if ticked else ""
        rows.append(f'<tr style="{style}"><td>{tick}</td><td>{lesson.number}</td><td>{html.escape(lesson.title)}'
                    f"{colour}</td><td>{shown}</td></tr>")
    return (f"<details><summary><b>Lesson sheet</b> · score now {sheet.score}</summary>"
            f'<table style="font-size:12px">{"".join(rows)}</table></details>')


def island_card_html(card_id: str, slot: int | None = None, chosen: bool = False) -> str:
    """One island card as a small HTML box: where it lies, its deck, its keyword and what it shows."""
    card = island_card(card_id)
    band = "#1e88e5" if card.deck == "lesson" else "#43a047"
    where = f"{slot_name(slot)} · " if slot is not None else ""
    if card.lesson is not None:
        lesson = sheet_lesson(card.lesson)
        body = f"<b>Lesson {lesson.number}</b><br>{html.escape(lesson.title)}"
        if lesson.pick_colour:
            body += "<br><i>pick a colour</i>"
    else:
        shown = "<br>".join(html.escape(str(t)) for t in card.discoveries)
        if card.keyword == "or":
            body = f"{shown}<br><b>or</b><br>" + "<br>".join(html.escape(str(t)) for t in card.below)
        elif card.keyword == "any 2":
            body = f"<b>any 2</b><br>{shown}"
        else:
            body = shown
    border = "3px solid #f9a825" if chosen else "1px solid #bbb"
    return (
        f'<div class="isle-ed-card" style="border:{border};border-radius:6px;width:150px;min-height:92px;'
        f'font-size:11px;background:#fff"><div style="background:{band};color:#fff;padding:2px 6px">'
        f'{where}{card.deck} deck · {html.escape(card.id)}</div><div style="padding:4px 6px">{body}</div></div>'
    )


def island_html(island: tuple[tuple[int, str], ...], chosen: tuple[int, ...] = ()) -> str:
    """The island of the day as a 4 x 3 grid of cards (ED-1); ``chosen`` slots are framed."""
    cells = "".join(island_card_html(card_id, slot, slot in chosen) for slot, card_id in sorted(island))
    return (
        '<div class="isle-ed-island" style="display:grid;grid-template-columns:repeat(4, 156px);gap:4px">'
        f"{cells}</div>"
    )


__all__ = [
    "island_card_html",
    "island_html",
    "pen_drawing_items",
    "pen_tile_items",
    "sheets_png",
    "sheets_scene",
    "sheets_svg",
]
