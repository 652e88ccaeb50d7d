"""Pictures of the game: boats, tiles, the island, cards, score sheets and the Pocket Cats board.

Each picture is built from the items of the drawing kit (:mod:`isle_nb.draw`) and rendered with its SVG or PNG
renderer, or painted live by the ipycanvas widgets. This layer reads the model and never decides a rule; the model
objects' ``_repr_html_`` / ``_repr_png_`` hooks ask it for their picture lazily, so importing the model loads no
drawing code.

- :mod:`isle_nb.view.grid`: pixel geometry of a boat picture (cell size, margin, cell <-> pixel).
- :mod:`isle_nb.view.tiles`: a tile's colour, pattern and letter; one tile; a captioned gallery of tiles.
- :mod:`isle_nb.view.boat`: a boat with its tiles, a ghost tile and highlighted cells.
- :mod:`isle_nb.view.island`: the fields of cats and the rare treasures on display.
- :mod:`isle_nb.view.table`: the whole table: island, Vesh's track, turn order, deck and every player's place.
- :mod:`isle_nb.view.cards`: a card's face as HTML.
- :mod:`isle_nb.view.scores`: a score sheet as HTML.
- :mod:`isle_nb.view.pocket`: the Pocket Cats board.
- :mod:`isle_nb.view.words`: game facts in a player's words (a game's moment, log lines, score sheets).
- :mod:`isle_nb.view.tables`: DataFrames styled for the reader (the teaching notebooks).
- :mod:`isle_nb.view.turn_summary`: a day of the standard game on one page (tables, a printable PNG or PDF).
- :mod:`isle_nb.view.explore_draw`: Explore & Draw's island cards and a player's printable sheets.
- :mod:`isle_nb.view.ed_cards`: Explore & Draw's printed cards as pictures (their shapes, keyword, lesson).

Usage::

    from isle_nb.view import boat_scene, to_png
    png = to_png(boat_scene(game.state.players[0].boat))
"""

from isle_nb.draw import Scene, side_by_side, to_image, to_png, to_svg
from isle_nb.view.boat import (
    CHANGED,
    GHOST_BAD,
    GHOST_OK,
    HIGHLIGHT,
    ROOM_TINTS,
    boat_png,
    boat_scene,
    boat_static_items,
    boat_svg,
    boat_tile_items,
    changed_items,
    ghost_items,
    highlight_items,
    highlight_scene,
)
from isle_nb.view.cards import card_html
from isle_nb.view.ed_cards import ed_card_png, ed_card_scene, ed_card_svg
from isle_nb.view.explore_draw import island_card_html, island_html, sheets_png, sheets_scene, sheets_svg
from isle_nb.view.grid import CELL, MARGIN, boat_size, cell_at, cell_origin
from isle_nb.view.island import island_scene
from isle_nb.view.pocket import board_scene, pocket_png, pocket_scene
from isle_nb.view.scores import score_html
from isle_nb.view.table import table_scene
from isle_nb.view.tables import show_table, table
from isle_nb.view.tiles import (
    COLOUR_LETTER,
    COLOUR_PATTERN,
    TREASURE_FILL,
    gallery_scene,
    tile_fill,
    tile_items,
    tile_scene,
)
from isle_nb.view.turn_summary import (
    scoring_summary_frame,
    turn_summary_downloads,
    turn_summary_figure,
    turn_summary_frame,
    turn_summary_pdf,
    turn_summary_png,
)
from isle_nb.view.words import and_list, card_numbers, game_moment, headings, log_words, score_sheet

__all__ = [
    "CELL",
    "CHANGED",
    "COLOUR_LETTER",
    "COLOUR_PATTERN",
    "GHOST_BAD",
    "GHOST_OK",
    "HIGHLIGHT",
    "MARGIN",
    "ROOM_TINTS",
    "TREASURE_FILL",
    "Scene",
    "and_list",
    "board_scene",
    "boat_png",
    "boat_scene",
    "boat_size",
    "boat_static_items",
    "boat_svg",
    "boat_tile_items",
    "card_html",
    "card_numbers",
    "cell_at",
    "cell_origin",
    "changed_items",
    "ed_card_png",
    "ed_card_scene",
    "ed_card_svg",
    "gallery_scene",
    "game_moment",
    "ghost_items",
    "headings",
    "highlight_items",
    "highlight_scene",
    "island_card_html",
    "island_html",
    "island_scene",
    "log_words",
    "pocket_png",
    "pocket_scene",
    "score_html",
    "score_sheet",
    "scoring_summary_frame",
    "sheets_png",
    "sheets_scene",
    "sheets_svg",
    "show_table",
    "side_by_side",
    "table",
    "table_scene",
    "tile_fill",
    "tile_items",
    "tile_scene",
    "to_image",
    "to_png",
    "to_svg",
    "turn_summary_downloads",
    "turn_summary_figure",
    "turn_summary_frame",
    "turn_summary_pdf",
    "turn_summary_png",
]
