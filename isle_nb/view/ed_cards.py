"""Pictures of Explore & Draw's printed cards: each discovery as the shape printed on the card, drawn like pen on
paper (a cat in its colour with its pattern, an Oshax in grey with an O, a treasure in black marked with a star if
rare, a ring if common), the keyword between or above them, and a lesson card's words (ED-4, ED-5, ED-10).
"""

from __future__ import annotations

import base64
import html
import textwrap
from functools import cache

from isle_nb.draw import Circle, Item, Rect, Scene, Text, to_png, to_svg
from isle_nb.model.explore_draw.data import CardDiscovery, IslandCard, island_card, sheet_lesson
from isle_nb.model.parts.geometry import Cell
from isle_nb.view.explore_draw import PAPER, pen_tile_items
from isle_nb.view.grid import outline

CARD_CELL = 26
"""The largest side of a square on a card picture, in CSS pixels (smaller where a card's shapes need the room)."""
CARD_WIDTH_UNITS, CARD_HEIGHT_UNITS = 130, 160
"""The size of every card picture, in CSS pixels (shown about 100 pixels wide on the island)."""
BAND_HEIGHT = 26
"""The band at the top: the deck's colour and the card's number."""
LESSON_WRAP = 17
"""Characters per line of a lesson card's words."""
BAND = {"cat": "#43a047", "lesson": "#1e88e5"}
"""The colour of each deck's band (cat deck green, lesson deck blue)."""
OSHAX_INK = "#616161"
CHOSEN = "#2e7d32"
"""The frame and tick of a chosen card (green: the hover frame is amber and dashed)."""
PAD = 8


def _size(cells: tuple[Cell, ...]) -> tuple[int, int]:
    return max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1


def _discovery_items(printed: CardDiscovery, x: float, y: float, size: int) -> list[Item]:
    """One discovery with its top-left square at (x, y)."""
    tile = printed.tile
    if tile.kind != "oshax":
        return pen_tile_items(tile, printed.cells, size, (x, y))
    items: list[Item] = [Rect(x + cx * size, y + cy * size, size, size, PAPER) for cx, cy in printed.cells]
    items.extend(outline(printed.cells, OSHAX_INK, 3.0, size, (x, y)))
    first_x, first_y = min(printed.cells, key=lambda c: (c[1], c[0]))
    centre = (x + first_x * size + size / 2, y + first_y * size + size / 2)
    items.append(Circle(*centre, size * 0.32, PAPER, OSHAX_INK))
    items.append(Text(*centre, "O", OSHAX_INK, int(size * 0.5), True))
    return items


def _row(group: list[CardDiscovery], top: float, size: int, width: float) -> tuple[list[Item], int, int]:
    """Discoveries side by side, one square apart, centred on a card ``width`` wide; the items, the row's height
    and the width the row needs."""
    sizes = [_size(p.cells) for p in group]
    needed = (sum(w for w, _ in sizes) + len(group) - 1) * size
    x = (max(width, needed + 2 * PAD) - needed) / 2
    items: list[Item] = []
    for printed, (w, _) in zip(group, sizes, strict=True):
        items.extend(_discovery_items(printed, x, top, size))
        x += (w + 1) * size
    return items, max(h for _, h in sizes) * size, needed + 2 * PAD


def _layout(card: IslandCard, size: int, width: float, top: float,
            per_row: int | None = None) -> tuple[list[Item], float, float]:
    """The card's words and discoveries centred on a card ``width`` wide from ``top`` down, squares ``size`` wide
    (``per_row`` discoveries a row at most: the four of an ``any 2`` card in two rows): the items, the width they
    need and where they end."""
    items: list[Item] = []
    needed = 0.0
    if card.lesson is not None:
        lines = textwrap.wrap(sheet_lesson(card.lesson).text, LESSON_WRAP)
        items.append(Text(width / 2, top + 10, f"Lesson {card.lesson}", "#222222", 15, True))
        items.extend(Text(width / 2, top + 30 + n * 15, line, "#222222", 12) for n, line in enumerate(lines))
        return items, needed, top + 30 + len(lines) * 15
    if card.keyword == "any 2":
        items.append(Text(width / 2, top + 7, "any 2", "#c62828", 15, True))
        top += 20
    sides = [[p for p in card.printed if p.option == side] for side in ("above", "below")]
    for n, group in enumerate(sides if card.keyword == "or" else [list(card.printed)]):
        if n:
            items.append(Text(width / 2, top + 10, "or", "#c62828", 16, True))
            top += 22
        step = per_row or len(group)
        for start in range(0, len(group), step):
            row, height, row_width = _row(group[start:start + step], top, size, width)
            items.extend(row)
            needed = max(needed, row_width)
            top += height + 8
    return items, needed, top - 8


@cache
def card_size(size: int = CARD_CELL) -> tuple[int, int]:
    """The width and height of every card picture (as the printed cards, all cards are one size); ``size`` is the
    largest square a discovery is drawn with."""
    return CARD_WIDTH_UNITS, CARD_HEIGHT_UNITS


def _fitted(card: IslandCard, size: int) -> list[Item]:
    """The card's words and discoveries, the squares as large as fit (at most ``size``), centred in the card's body
    under the band."""
    width, height = card_size(size)
    body = height - BAND_HEIGHT - 2 * PAD

    def largest(per_row: int | None) -> tuple[int, float]:
        for square in range(size, 5, -1):
            _, needed, end = _layout(card, square, width, 0, per_row)
            if needed <= width and end <= body:
                return square, end
        return 5, _layout(card, 5, width, 0, per_row)[2]

    # one row of discoveries, or two rows when that draws them larger (a card of three or four small shapes)
    layouts = [(*largest(p), p) for p in ((None, 2) if len(card.printed) > 2 else (None,))]
    square, end, per_row = max(layouts, key=lambda layout: layout[0])  # the first of equals: one row
    top = BAND_HEIGHT + PAD + max(0.0, (body - end) / 2)
    return _layout(card, square, width, top, per_row)[0]


def ed_card_scene(card_id: str, size: int = CARD_CELL) -> Scene:
    """The printed card ``card_id`` (``"052"``) as a picture, drawn like the printed cards: a band in its deck's
    colour with its number large, then its discoveries as the shapes printed on it, large and centred (the word
    ``or`` between the two sides of an ``or`` card, ``any 2`` above the choices of an ``any 2`` card); a lesson card
    shows its lesson in our words. Every picture of one ``size`` has the same width and height (:func:`card_size`),
    so cards line up side by side."""
    card = island_card(card_id)
    width, height = card_size(size)
    band = (
        Rect(0, 0, width, height, "#fbf3df", "#9e9e9e"),
        Rect(0, 0, width, BAND_HEIGHT, BAND[card.deck]),
        Text(width / 2, BAND_HEIGHT / 2, f"#{card.id}", "#ffffff", 17, True),
    )
    return Scene(width, height, {"card": band, "discoveries": tuple(_fitted(card, size))})


def ed_choice_scene(card_id: str, side: str | None = None, picks: tuple[int, ...] = (),
                    size: int = CARD_CELL) -> Scene:
    """What a player takes from a card, as the shapes printed on it: one side of an ``or`` card (``side``
    ``"above"`` or ``"below"``), the ``picks`` of an ``any 2`` card (indexes, repeats allowed), else everything."""
    card = island_card(card_id)
    if side is not None:
        chosen = [p for p in card.printed if p.option == side]
    elif picks:
        chosen = [card.printed[i] for i in picks]
    else:
        chosen = list(card.printed)
    if not chosen:
        return Scene(2 * PAD, 2 * PAD, {})
    items, height, width = _row(chosen, PAD, size, 0)
    return Scene(width, height + 2 * PAD, {"discoveries": tuple(items)})


def ed_choice_svg(card_id: str, side: str | None = None, picks: tuple[int, ...] = ()) -> str:
    """What a player takes from a card as SVG text (see :func:`ed_choice_scene`)."""
    return to_svg(ed_choice_scene(card_id, side, picks))


def svg_img(svg: str, width: float, alt: str = "") -> str:
    """An SVG picture as an HTML ``<img>`` ``width`` CSS pixels wide (its own data URL: no file needed)."""
    data = base64.b64encode(svg.encode()).decode()
    return (f'<img alt="{html.escape(alt)}" src="data:image/svg+xml;base64,{data}" '
            f'style="width:{width}px;display:block">')


@cache
def ed_card_html(card_id: str, width: float = 120, chosen: bool = False) -> str:
    """A printed card as an HTML picture ``width`` pixels wide (:func:`ed_card_scene`); when ``chosen`` (picked or
    chosen for today) it has a solid green frame and a tick in its corner, never only a change of shade (kept once
    made: a screen redraws its island after every move)."""
    card = island_card(card_id)
    frame = f"3px solid {CHOSEN}" if chosen else "3px solid transparent"
    tick = (f'<span class="isle-ed-tick" style="position:absolute;top:-8px;right:-8px;background:{CHOSEN};'
            'color:#fff;border-radius:50%;width:22px;height:22px;line-height:22px;text-align:center;'
            'font-weight:bold;font-size:14px">\u2714</span>') if chosen else ""
    return (f'<div class="isle-ed-card{" isle-ed-chosen" if chosen else ""}" title="{html.escape(card.describe())}" '
            f'style="border:{frame};border-radius:6px;width:{width}px;position:relative">'
            f"{svg_img(ed_card_svg(card_id), width, card.describe())}{tick}</div>")


def ed_card_svg(card_id: str) -> str:
    """A printed card as SVG text (see :func:`ed_card_scene`)."""
    return to_svg(ed_card_scene(card_id))


def ed_card_png(card_id: str, scale: float = 2.0) -> bytes:
    """A printed card as PNG bytes (see :func:`ed_card_scene`)."""
    return to_png(ed_card_scene(card_id), scale)


__all__ = ["CARD_CELL", "card_size", "ed_card_html", "ed_card_png", "ed_card_scene", "ed_card_svg", "ed_choice_scene",
           "ed_choice_svg", "svg_img"]
