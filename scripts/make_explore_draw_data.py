"""Write ``isle_nb/data/explore_draw.json``: the reconstructed Explore & Draw decks, lesson sheet and boat sheets.

The printed cat deck, lesson deck and lesson sheet of Explore & Draw are not published. This script builds the
approximation of variants-data §C.1-§C.4 once; the game reads only the JSON file (through
:mod:`isle_nb.model.explore_draw.data`), so a real list can replace the file without code changes.

Run: ``python scripts/make_explore_draw_data.py`` (rewrites the file; the output is deterministic).
"""

from __future__ import annotations

import json
from pathlib import Path

COLOURS = ("blue", "green", "red", "purple", "orange")
CAT_SHAPES = range(400, 417)
OSHAX_SHAPES = range(300, 306)
RARE_CYCLE = ("L", "T", "O", "S", "I")
COMMON = ("1x1", "1x2", "L3", "I3")
COMMON_PAIRS = (("1x1", "1x2"), ("L3", "I3"), ("1x2", "L3"), ("I3", "1x1"), ("1x1", "L3"), ("1x2", "I3"))

# Sheet lesson number -> (base card, title, text, effect, params, pick_colour); variants-data §C.2.
KEPT = (113, 114, 115, 116, 117, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135,
        136, 137, 138, 139, 140, 141, 155, 157, 164, 167, 143, 144, 145, 146, 147, 148, 149, 150)
RECAST = {
    126: ("1 per ticked lesson", "Scores 1 for each lesson ticked on your sheet, this one included."),
    133: ("Exactly 6 ticked lessons", "Scores 7 if exactly 6 lessons are ticked on your sheet, this one included."),
    143: ("Chosen colour on the edge, 2 each",
          "Pick a colour when you tick it: scores 2 for each cat of that colour touching the edge of your boat."),
    144: ("Cats of a chosen colour", "Pick a colour when you tick it: scores 1 for each cat of that colour."),
    145: ("Three of a chosen colour", "Pick a colour when you tick it: scores 5 if you have 3 or more cats of it."),
    146: ("Lonely cats of a chosen colour",
          "Pick a colour when you tick it: scores 3 for each cat of that colour touching no cat of its colour."),
    147: ("2 per ticked lesson", "Scores 2 for each lesson ticked on your sheet, this one included."),
    148: ("2 per common treasure", "Scores 2 for each common treasure on your boat."),
    149: ("Treasures by a chosen colour",
          "Pick a colour when you tick it: scores 1 for each treasure touching a cat of that colour."),
    150: ("5 per uncovered map", "Scores 5 for each treasure map still uncovered at the end."),
    117: ("Chosen colour on the edge",
          "Pick a colour when you tick it: scores 1 for each cat of that colour touching the edge of your boat."),
    121: ("Largest family", "Scores 10 if no other player has a bigger family than yours (ties score too)."),
}


def cat_deck() -> list[dict[str, object]]:
    cards: list[dict[str, object]] = []
    for colour in COLOURS:
        for shape in CAT_SHAPES:
            cards.append({"discoveries": [f"cat:{colour}:{shape}"]})
    for shape in OSHAX_SHAPES:
        cards.append({"discoveries": [f"oshax:{shape}"]})
    for i in range(9):
        pair = COMMON_PAIRS[i % len(COMMON_PAIRS)]
        cards.append({"keyword": "or", "discoveries": [f"rare:{RARE_CYCLE[i % 5]}"],
                      "below": [f"common:{pair[0]}", f"common:{pair[1]}"]})
    for _ in range(8):
        cards.append({"keyword": "any 2", "discoveries": [f"common:{s}" for s in COMMON]})
    return [{"id": f"C{n:03d}", **c} for n, c in enumerate(cards, 1)]


def lesson_deck() -> list[dict[str, object]]:
    cards: list[dict[str, object]] = [{"lesson": n} for n in range(1, len(KEPT) + 1)]
    cards += [{"discoveries": [f"oshax:{shape}"]} for shape in (302, 303, 304, 305)]
    cards += [{"keyword": "or", "discoveries": [f"rare:{s}"], "below": [f"common:{a}", f"common:{b}"]}
              for s, (a, b) in (("S", ("1x1", "I3")), ("I", ("1x2", "L3")))]
    cards += [{"keyword": "any 2", "discoveries": [f"common:{s}" for s in COMMON]} for _ in range(2)]
    return [{"id": f"L{n:02d}", **c} for n, c in enumerate(cards, 1)]


def lesson_sheet(cards: dict[int, dict[str, object]]) -> list[dict[str, object]]:
    sheet = []
    for number, base in enumerate(KEPT, 1):
        card = cards[base]
        title, text = RECAST.get(base, (card["title"], card["text"]))
        sheet.append({
            "number": number, "base_card": base, "title": title, "text": text, "effect": card["effect"],
            "params": card["params"], "pick_colour": card["pick_colour"],
        })
    return sheet


def main() -> None:
    root = Path(__file__).resolve().parents[1]
    base = {c["id"]: c for c in json.loads((root / "isle_nb/data/cards.json").read_text())["cards"]}
    data = {
        "source": (
            "RECONSTRUCTION, not the printed game. The Explore & Draw rules are from the rulebook (seed 003), but "
            "its cat deck, lesson deck and lesson sheet are not published: they are built as variants-data.md "
            "§C.2-§C.4 proposes (85 single-cat cards, 6 Oshax, 9 'or' and 8 'any 2' treasure cards; 39 sheet "
            "lessons taken from the base game; 4 Oshax and 4 treasure cards in the lesson deck) by "
            "scripts/make_explore_draw_data.py. A real list can replace this file without code changes."
        ),
        "boat_sheets": {
            "source": (
                "variants-data.md §C.1 ([ShaeS] boat1..6.json, boats 1-4 cross-checked with BGA). Not confirmed "
                "that the printed E&D sheets use exactly these rats and maps. Values are boat layouts of boats.json."
            ),
            "sheets": {"1": "A", "2": "D", "3": "C", "4": "B", "5": "E", "6": "F"},
        },
        "common_treasures": {
            "source": "Assumed: the base game's four common shapes (the day tracker is not shown in the rulebook).",
            "shapes": list(COMMON),
        },
        "island": {
            "source": "Explore & Draw rulebook (seed 003), ED-1.",
            "columns": ["A", "B", "C", "D"], "rows": 3, "cat_slots": [1, 3, 5, 6, 8, 9, 10, 11],
            "lesson_slots": [2, 4, 7, 12], "days": 7,
        },
        "specials": {
            "source": "Explore & Draw rulebook (seed 003), ED-6.",
            "per_day": 1, "per_game": 3,
            "list": [
                {"key": "extra_card", "text": "Choose 1 additional card from any other column."},
                {"key": "one_per_row", "text": "Choose 1 card from each row, instead of a column."},
                {"key": "row", "text": "Choose a row instead of a column."},
                {"key": "twice_cat", "text": "Draw your next cat twice."},
                {"key": "twice_treasure", "text": "Draw your next treasure twice."},
            ],
        },
        "solo": {
            "source": (
                "variants-data.md §C.4 (reconstruction): base solo lessons 197-199 and 201-206, advanced 207-215."
            ),
            "lessons": [197, 198, 199, 201, 202, 203, 204, 205, 206],
            "advanced_lessons": list(range(207, 216)),
            "advanced_by_difficulty": {"easy": 0, "medium": 1, "hard": 2, "very hard": 3, "expert": 4},
            "lessons_dealt": 3,
        },
        "cat_deck": cat_deck(),
        "lesson_deck": lesson_deck(),
        "lesson_sheet": lesson_sheet(base),
    }
    path = root / "isle_nb/data/explore_draw.json"
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}: {len(data['cat_deck'])} cat-deck cards, {len(data['lesson_deck'])} lesson-deck cards")


if __name__ == "__main__":
    main()
