"""Pictures of Explore & Draw: a player's sheets (boat sheet, lesson sheet, specials) ready to print, and the
island of the day as HTML cards.

:func:`sheets_scene` lays the boat sheet on the left and the lesson sheet on the right, with the five specials
below the boat, so a class can print the sheets (:func:`sheets_svg`, :func:`sheets_png`) and play on paper.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from isle_nb.draw import Circle, Item, Rect, Scene, Text, pattern_items, to_png, to_svg
from isle_nb.model.explore_draw.data import island_card, lesson_sheet, sheet_lesson, specials
from isle_nb.model.explore_draw.island import slot_name
from isle_nb.model.explore_draw.view import SheetView
from isle_nb.model.parts.boat import PlacedTile
from isle_nb.model.parts.geometry import Cell
from isle_nb.model.parts.tiles import COLOUR_HEX, Tile
from isle_nb.view.boat import boat_scene
from isle_nb.view.grid import CELL, MARGIN, outline
from isle_nb.view.tiles import COLOUR_LETTER, COLOUR_PATTERN, placed_tiles_items, treasure_mark

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
    pattern in that colour; a treasure as a black outline marked with a ring (common) or a star (rare)."""
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
        items.extend(treasure_mark(tile.kind, cx, cy, size, INK))
    return items


def pen_drawing_items(drawings: Sequence[PlacedTile], size: int = CELL) -> list[Item]:
    """Every discovery of a boat sheet, drawn with a pen (:func:`pen_tile_items`)."""
    return placed_tiles_items(drawings, size, pen_tile_items)


def _lesson_items(sheet: SheetView, left: float, with_points: bool = True) -> list[Item]:
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
        if ticked and with_points:
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


SCORE_BOXES = ("rats", "rooms", "families", "rare treasures", "lessons", "total")
"""The scoring area printed under the specials: one box per category of the score pad (ED-7) and the total."""


def is_blank(sheet: SheetView) -> bool:
    """Whether nothing is drawn or ticked on the sheet yet (a blank sheet prints no score)."""
    return not sheet.boat.tiles and not sheet.ticks and not sheet.specials


def _scoring_items(sheet: SheetView, top: float, width: float, categories: dict[str, int] | None,
                   total: bool) -> list[Item]:
    """The scoring area: a labelled box per category and the total; the categories filled in from ``categories``
    (``None``: left empty, to fill in by hand), the total when ``total``."""
    box = (width - 16) / len(SCORE_BOXES)
    items: list[Item] = [Text(width / 2, top - 8, "Score", INK, 11, bold=True)]
    for index, name in enumerate(SCORE_BOXES):
        left = 8 + index * box
        items.append(Rect(left, top, box - 6, 36, "#ffffff", INK, 1.5 if name == "total" else 1.0))
        items.append(Text(left + (box - 6) / 2, top + 9, name, INK, 8))
        value = sheet.score if name == "total" and total else None
        if name != "total" and categories is not None:
            value = categories.get(name, 0)
        if value is not None:
            items.append(Text(left + (box - 6) / 2, top + 25, str(value), INK, 12, bold=True))
    return items


def sheets_scene(sheet: SheetView, size: int = CELL, categories: dict[str, int] | None = None) -> Scene:
    """A player's boat sheet (drawings, rats and maps left visible until covered), specials, scoring area and
    lesson sheet with ticks and live points, from their :class:`~isle_nb.model.explore_draw.view.SheetView` (every
    sheet is public: ``seat.view.sheet_of(name)``). ``categories`` fills the scoring area (points by category, as
    in the game's result); a blank sheet, or none given, leaves it empty to score by hand."""
    boat = boat_scene(sheet.boat, size)
    left = boat.width + 16
    specials_top = boat.height + 22
    scoring_top = specials_top + 58
    height = max(scoring_top + 44, 30 + len(lesson_sheet()) * LESSON_ROW)
    blank = is_blank(sheet)
    extra = [*_special_items(sheet, specials_top, boat.width),
             *_scoring_items(sheet, scoring_top, boat.width, None if blank else categories, not blank)]
    layers = dict(boat.layers)
    layers["tiles"] = tuple(pen_drawing_items(sheet.boat.tiles, size))
    layers["sheet"] = (*_lesson_items(sheet, left, not blank), *extra)
    return Scene(left + SHEET_WIDTH, height + 8, layers)


def sheets_svg(sheet: SheetView, categories: dict[str, int] | None = None) -> str:
    """A player's sheets as SVG text (see :func:`sheets_scene`)."""
    return to_svg(sheets_scene(sheet, categories=categories))


def sheets_png(sheet: SheetView, scale: float = 2.0, categories: dict[str, int] | None = None) -> bytes:
    """A player's sheets as PNG bytes (see :func:`sheets_scene`)."""
    return to_png(sheets_scene(sheet, categories=categories), scale)


def sheets_pdf(sheets: Sequence[SheetView], scale: float = 2.0,
               categories: dict[str, dict[str, int]] | None = None, paper: str = "A4") -> bytes:
    """Several players' sheets as a PDF to print and play on paper, one page each on ``paper`` (``"A4"`` or
    ``"Letter"``): the sheets as vector drawing (see :func:`sheets_scene`) and, under them, every lesson's sentence
    as on screen, ticked or not, with its points. ``categories`` maps a player's name to their points by category.
    ``scale`` is kept for callers of the picture PDF this once was; the drawing is vector at any size."""
    from isle_nb.draw.pdf import to_pdf

    del scale
    pages = [(sheets_scene(s, categories=(categories or {}).get(s.name)), lesson_lines(s)) for s in sheets]
    return to_pdf(pages, paper)


def lesson_lines(sheet: SheetView) -> list[str]:
    """Every lesson of a player's lesson sheet as a line of text, as on screen: a box ticked or not, the lesson's
    number and sentence, the colour chosen with it and the points it gives now."""
    ticks = dict(sheet.ticks)
    points = dict(sheet.lesson_points)
    lines = [f"Lesson sheet of {sheet.name}: {len(ticks)} ticked, score now {sheet.score}"]
    for lesson in lesson_sheet():
        ticked = lesson.number in ticks
        colour = ticks.get(lesson.number)
        chosen = f" ({colour})" if isinstance(colour, str) else ""
        worth = f": {points.get(lesson.number, 0)} points" if ticked else ""
        lines.append(f"{'[x]' if ticked else '[  ]'} {lesson.number}. {lesson.text}{chosen}{worth}")
    return lines


def lesson_sheet_html(sheet: SheetView) -> str:
    """A player's lesson sheet as an HTML table: every lesson in words, ticked (with its colour, if it has one) or
    not, and the points each ticked lesson gives now; the heading gives the sheet's score now (ED-5, ED-7)."""
    ticks = dict(sheet.ticks)
    points = dict(sheet.lesson_points)
    rows = []
    for lesson in lesson_sheet():
        ticked = lesson.number in ticks
        tick = "&#9745;" if ticked else "&#9744;"
        colour = ticks.get(lesson.number)
        chip = (f' <span style="background:{COLOUR_HEX[colour]};color:#fff;padding:0 4px;border-radius:3px">'
                f"{html.escape(colour)}</span>") if isinstance(colour, str) and colour in COLOUR_HEX else ""
        shown = f"<b>{points.get(lesson.number, 0)}</b>" if ticked else ""
        rows.append(f'<tr class="isle-ed-lesson{" isle-ed-ticked" if ticked else ""}" '
                    f'style="{"" if ticked else "color:#888"}"><td>{tick}</td><td>{lesson.number}.</td>'
                    f"<td>{html.escape(lesson.text)}{chip}</td>"
                    f'<td style="text-align:right;min-width:24px">{shown}</td></tr>')
    return (f'<div class="isle-ed-lessons"><b>Lesson sheet</b> · {len(ticks)} ticked · score now '
            f'<b class="isle-ed-score">{sheet.score}</b>'
            f'<div style="max-height:260px;overflow:auto"><table style="font-size:12px;border-collapse:collapse">'
            f'{"".join(rows)}</table></div></div>')


def sister_html(colours: Sequence[str], lessons: Sequence[int], score: int | None,
                points: Sequence[tuple[str, int]] = ()) -> str:
    """The solo game's sister: her colour cards face up so far on one line (worth 5, 4, 3, 2, 1 per cat), her
    lessons in words and her score now (ED-8), with where it comes from (``points``: her scoring lines that give
    points, in words): she scores the player's boat as it is, so she has points before the first move."""
    from isle_nb.model.parts.cards import card

    chips = "".join(
        f'<span style="background:{COLOUR_HEX[c]};color:#fff;padding:2px 6px;margin-right:3px;border-radius:4px;'
        f'white-space:nowrap">{5 - i} per {html.escape(c)} cat</span>' for i, c in enumerate(colours))
    hidden = 5 - len(colours)
    if hidden:
        chips += f'<span style="color:#666"> {hidden} face down</span>'
    items = "".join(f"<li>{html.escape(card(n).text)}</li>" for n in lessons)
    total = "" if score is None else f' · her score now <b class="isle-ed-sister-score">{score}</b>'
    if score is not None:
        why = "; ".join(f"{html.escape(words)}" for words, _points in points) or "nothing yet"
        total += ('<div class="isle-ed-sister-why" style="font-size:12px;color:#555;line-height:1.35">She scores '
                  f"your boat as it is now, so she has points before your first move: {why}.</div>")
    return (f'<div class="isle-ed-sister"><b>The sister</b>{total}'
            f'<div style="white-space:nowrap;overflow-x:auto">{chips}</div>'
            f'<div>Her lessons:</div><ul style="margin:2px 0;padding-left:18px">{items}</ul></div>')


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
    "lesson_lines",
    "lesson_sheet_html",
    "pen_drawing_items",
    "pen_tile_items",
    "sheets_pdf",
    "sheets_png",
    "sheets_scene",
    "sheets_svg",
    "sister_html",
]
