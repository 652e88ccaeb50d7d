"""Every lesson card scored on real boats: standard (113-150), family (151-168) and solo (197-215).

Each card gets one boat where it scores and one where it does not (or scores less), with exact numbers. The
boats are built tile by tile through ``Boat.place`` at explicit cells (``must_touch=False``, as anytime cards
69/70 allow), so the scoring code sees exactly what a game would produce. Boat A is used throughout; its rats,
maps and rooms are in game-data §1.4.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from boat_helpers import Piece, cat, column, row
from boat_helpers import build_groups as build

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.parts import boat_analysis as ba
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.scoring import score_boat, score_sister
from isle_nb.model.parts.tiles import COLOURS, Tile

# ---- building boats ----------------------------------------------------------------------------------------


# Families on boat A: red 5, blue 4, green 3, a lonely purple cat and an orange pair (15 cats).
RED5: list[Piece] = [
    (cat("red", 415), row(2, 6, 10)),
    (cat("red", 403), [(10, 3), (10, 4), (10, 5), (10, 6), (9, 4)]),
    (cat("red", 407), [(6, 3), (6, 4), (6, 5), (5, 5), (4, 5)]),
    (cat("red", 400), [(7, 3), (8, 3), (9, 3), (8, 4), (8, 5)]),
    (cat("red", 408), [(4, 6), (5, 6), (6, 6), (7, 6), (7, 5)]),
]
RED6 = [(cat("red", 412), [(2, 4), (3, 3), (3, 4), (3, 5), (4, 4)])]  # joins the red family
RED7 = [(cat("red", 414), [(3, 2), (4, 2), (4, 3), (5, 3)])]  # joins it too
BLUE4: list[Piece] = [
    (cat("blue", 403), [(16, 1), (15, 2), (16, 2), (17, 2), (18, 2)]),
    (cat("blue", 414), [(14, 2), (14, 3), (15, 3), (15, 4)]),
    (cat("blue", 408), [(17, 3), (17, 4), (17, 5), (17, 6), (18, 6)]),
    (cat("blue", 412), [(19, 3), (18, 4), (19, 4), (20, 4), (19, 5)]),
]
GREEN3: list[Piece] = [
    (cat("green", 415), column(11, 0, 4)),
    (cat("green", 404), [(12, 2), (13, 2), (12, 3), (13, 3), (13, 4)]),
    (cat("green", 403), [(13, 0), (12, 1), (13, 1), (14, 1), (15, 1)]),
]
PURPLE1: list[Piece] = [(cat("purple", 409), [(0, 3), (1, 3), (0, 4), (0, 5), (1, 5)])]
ORANGE2: list[Piece] = [
    (cat("orange", 408), [(14, 5), (14, 6), (14, 7), (14, 8), (13, 8)]),
    (cat("orange", 409), [(15, 5), (16, 5), (15, 6), (15, 7), (16, 7)]),
]
FAMILIES = [*RED5, *BLUE4, *GREEN3, *PURPLE1, *ORANGE2]
# a fourth green cat and a third orange cat: families of 5, 4, 4 and 3
GREEN4TH: list[Piece] = [(cat("green", 410), [(7, 0), (7, 1), (8, 0), (9, 0), (9, 1), (10, 1)])]
ORANGE3RD: list[Piece] = [(cat("orange", 402), [(9, 7), (10, 7), (10, 8), (11, 7), (11, 8), (12, 8)])]
# two more purple cats and a third orange one, touching no cat of their colour
EXTRA3: list[Piece] = [
    (cat("purple", 415), row(1, 4, 8)),
    (cat("purple", 407), [(7, 8), (8, 8), (9, 6), (9, 7), (9, 8)]),
    (cat("orange", 412), [(10, 7), (11, 6), (11, 7), (11, 8), (12, 7)]),
]

# Five lonely cats touching the edge, one per colour (blue, green, red, purple, orange from stern to bow).
EDGE5: list[Piece] = [
    (cat("blue", 415), column(7, 0, 4)),
    (cat("green", 415), column(9, 0, 4)),
    (cat("red", 415), column(11, 0, 4)),
    (cat("purple", 415), column(13, 0, 4)),
    (cat("orange", 415), column(15, 1, 5)),
]
# Three red cats and one blue cat touching the edge, none of them touching each other.
RED3_BLUE1: list[Piece] = [
    (cat("blue", 415), column(7, 0, 4)),
    (cat("red", 415), column(9, 0, 4)),
    (cat("red", 408), [(11, 5), (11, 6), (11, 7), (11, 8), (12, 8)]),
    (cat("red", 407), [(4, 1), (5, 1), (6, 1), (4, 2), (4, 3)]),
]


def five_of(colour: str, count: int = 5) -> list[Piece]:
    """``count`` (≤ 5) lonely cats of one colour, far apart."""
    pieces: list[Piece] = [
        (cat(colour, 415), column(7, 0, 4)),
        (cat(colour, 408), [(9, 0), (9, 1), (9, 2), (9, 3), (10, 3)]),
        (cat(colour, 407), [(12, 0), (12, 1), (12, 2), (13, 2), (14, 2)]),
        (cat(colour, 409), [(1, 2), (2, 2), (1, 3), (1, 4), (2, 4)]),
        (cat(colour, 412), [(16, 3), (15, 4), (16, 4), (17, 4), (16, 5)]),
    ]
    return pieces[:count]


# All 44 edge cells of boat A covered by common treasures (9 I3, 8 1x2, one 1x1 at the bow tip).
EDGE_COVER: list[Piece] = [
    ("I3", row(0, 7, 9)),
    ("I3", row(0, 10, 12)),
    ("1x2", row(0, 13, 14)),
    ("I3", row(1, 4, 6)),
    ("1x2", row(1, 15, 16)),
    ("I3", row(2, 1, 3)),
    ("1x2", row(2, 17, 18)),
    ("I3", column(0, 3, 5)),
    ("1x2", row(3, 19, 20)),
    ("1x2", row(5, 19, 20)),
    ("I3", row(8, 7, 9)),
    ("I3", row(8, 10, 12)),
    ("1x2", row(8, 13, 14)),
    ("I3", row(7, 4, 6)),
    ("1x2", row(7, 15, 16)),
    ("I3", row(6, 1, 3)),
    ("1x2", row(6, 17, 18)),
]
BOW_TIP: list[Piece] = [("1x1", [(21, 4)])]

# The 19 rats of boat A covered by 12 common treasures; the last three pieces cover 5 of them.
RAT_COVER: list[Piece] = [
    ("1x2", [(0, 5), (1, 5)]),
    ("1x1", [(1, 6)]),
    ("1x1", [(4, 1)]),
    ("1x2", [(7, 3), (8, 3)]),
    ("1x1", [(10, 8)]),
    ("I3", row(0, 11, 13)),
    ("1x1", [(14, 0)]),
    ("1x2", [(13, 8), (14, 8)]),
    ("1x1", [(14, 7)]),
    ("1x2", [(15, 6), (15, 7)]),
    ("1x2", [(17, 2), (18, 2)]),
    ("1x1", [(19, 3)]),
]

# Rooms: room 1 (18 cells) filled by 4 I3 + 3 1x2; room 7 (4 cells, a T) by a rare T.
ROOM1: list[Piece] = [
    ("I3", column(0, 3, 5)),
    *[("I3", column(x, 2, 4)) for x in (1, 2, 3)],
    *[("1x2", column(x, 5, 6)) for x in (1, 2, 3)],
]
ROOM7: list[Piece] = [("T", [(20, 3), (20, 4), (21, 4), (20, 5)])]

# The middle row (y = 4, 22 cells): five rare I + one 1x2.
MIDDLE_ROW: list[Piece] = [*[("I", row(4, x, x + 3)) for x in (0, 4, 8, 12, 16)], ("1x2", row(4, 20, 21))]

# A red cat touching two treasures, a blue cat touching one, a green cat touching none, a lone rare treasure.
TREASURES: list[Piece] = [
    (cat("red", 415), row(4, 1, 5)),
    ("1x1", [(3, 3)]),
    ("1x2", [(6, 4), (7, 4)]),
    (cat("blue", 415), column(12, 2, 6)),
    ("I3", column(13, 2, 4)),
    ("O", [(16, 3), (17, 3), (16, 4), (17, 4)]),
    (cat("green", 414), [(4, 1), (5, 1), (5, 2), (6, 2)]),
]
# Every colour touching a treasure.
ALL_TOUCH_TREASURE: list[Piece] = [
    ("I", row(4, 7, 10)),
    ("I", row(3, 11, 14)),
    ("1x1", [(16, 5)]),
    (cat("blue", 415), row(3, 6, 10)),
    (cat("green", 415), row(5, 6, 10)),
    (cat("red", 415), row(4, 11, 15)),
    (cat("purple", 415), row(2, 10, 14)),
    (cat("orange", 415), row(5, 11, 15)),
]
# A red cat next to the visible rats (1,5) and (1,6).
RED_NEAR_RAT: list[Piece] = [(cat("red", 415), column(2, 2, 6))]
# Every colour next to a visible rat.
ALL_NEAR_RAT: list[Piece] = [
    (cat("blue", 415), column(2, 2, 6)),
    (cat("green", 415), row(2, 4, 8)),
    (cat("red", 415), row(1, 11, 15)),
    (cat("purple", 415), column(16, 2, 6)),
    (cat("orange", 415), row(7, 6, 10)),
]
# The five maps of boat A covered by common treasures.
MAPS: list[Piece] = [("1x1", [c]) for c in ((1, 3), (7, 0), (9, 7), (14, 1), (19, 5))]
OSHAX2: list[Piece] = [
    (Tile.oshax(300, "red"), [(5, 2), (6, 1), (6, 2), (7, 0), (7, 1), (8, 0)]),
    (Tile.oshax(301, "blue"), [(15, 2), (16, 1), (16, 2), (16, 3), (16, 4), (17, 3)]),
]

BOATS: dict[str, Callable[[], Boat]] = {
    "empty": lambda: build(),
    "families": lambda: build(FAMILIES),
    "families_no_purple": lambda: build(RED5, BLUE4, GREEN3, ORANGE2),
    "families_no_green": lambda: build(RED5, BLUE4, PURPLE1, ORANGE2),
    "green_family_only": lambda: build(GREEN3),
    "four_families": lambda: build(FAMILIES, GREEN4TH, ORANGE3RD),
    "red6": lambda: build(FAMILIES, RED6),
    "red7": lambda: build(FAMILIES, RED6, RED7),
    "three_each": lambda: build(FAMILIES, EXTRA3),
    "twenty_cats": lambda: build(FAMILIES, RED6, RED7, EXTRA3),
    "twenty_one_cats": lambda: build(
        FAMILIES, RED6, RED7, EXTRA3, [(cat("purple", 414), [(12, 4), (12, 5), (13, 5), (13, 6)])]
    ),
    "fourteen_cats": lambda: build(RED5, BLUE4, GREEN3, PURPLE1, ORANGE2[:1]),
    "edge5": lambda: build(EDGE5),
    "edge4": lambda: build(EDGE5[:4]),
    "edge1": lambda: build(EDGE5[:1]),
    "red3_blue1": lambda: build(RED3_BLUE1),
    "edge_covered": lambda: build(EDGE_COVER, BOW_TIP),
    "edge_gap": lambda: build(EDGE_COVER),
    "rats_covered": lambda: build(RAT_COVER),
    "one_rat_visible": lambda: build(RAT_COVER[:-1]),
    "five_rats_visible": lambda: build(RAT_COVER[:-3]),
    "six_rats_visible": lambda: build(RAT_COVER[:-4]),
    "four_rats_visible": lambda: build(RAT_COVER[:-3], [("1x1", [(15, 6)])]),
    "parrot_rooms": lambda: build(ROOM1, ROOM7),
    "room7": lambda: build(ROOM7),
    "moon_room_used": lambda: build([("1x1", [(8, 1)])]),
    "apple_room_used": lambda: build([("1x1", [(7, 4)])]),
    "middle_row": lambda: build(MIDDLE_ROW),
    "middle_row_gap": lambda: build(MIDDLE_ROW[:-1]),
    "treasures": lambda: build(TREASURES),
    "five_treasures": lambda: build(TREASURES, [("1x1", [(20, 4)])]),
    "six_treasures": lambda: build(TREASURES, [("1x1", [(20, 4)]), ("1x1", [(21, 4)])]),
    "all_touch_treasure": lambda: build(ALL_TOUCH_TREASURE),
    "red_near_rat": lambda: build(RED_NEAR_RAT),
    "all_near_rat": lambda: build(ALL_NEAR_RAT),
    "maps_covered": lambda: build(MAPS),
    "two_maps_covered": lambda: build(MAPS[:2]),
    "oshax": lambda: build(OSHAX2),
    **{f"five_{c}": (lambda c=c: build(five_of(c))) for c in COLOURS},
    **{f"four_{c}": (lambda c=c: build(five_of(c, 4))) for c in COLOURS},
}


@cache
def boat(name: str) -> Boat:
    return BOATS[name]()


def lesson_points(card_id: int, boat_name: str, **facts: Any) -> int:
    """What one lesson scores on a named boat, through the public entry points.

    ``colour`` is the colour a public pick-a-colour lesson was played with; ``mode`` selects solo halving.
    """
    the_boat = boat(boat_name)
    the_card = card(card_id)
    colour = facts.pop("colour", None)
    if the_card.type == "family_lesson":
        return score_boat(the_boat, mode="family", family_lessons=[card_id], **facts)["family_lessons"]
    if the_card.type in ("solo_lesson", "solo_advanced_lesson"):
        return score_sister(the_boat, colour_order=(), solo_lessons=[card_id], **facts)["solo_lessons"]
    if the_card.public:
        item = (card_id, colour) if colour else card_id
        return score_boat(the_boat, public_lessons=[item], **facts)["public_lessons"]
    return score_boat(the_boat, private_lessons=[card_id], **facts)["private_lessons"]


# ---- the boats are what they claim to be -------------------------------------------------------------------
def test_fixture_boats_have_the_intended_facts() -> None:
    assert [(f.colour, f.size) for f in ba.families(boat("families"))] == [
        ("red", 5),
        ("blue", 4),
        ("green", 3),
        ("orange", 2),
        ("purple", 1),
    ]
    assert ba.largest_family_size(boat("red6")) == 6
    assert ba.largest_family_size(boat("red7")) == 7
    assert len(ba.cat_tiles(boat("twenty_cats"))) == 20
    assert dict(ba.colour_counts(boat("three_each"))) == {
        "blue": 4,
        "green": 3,
        "red": 5,
        "purple": 3,
        "orange": 3,
    }
    assert len(ba.empty_edge_cells(boat("edge_covered"))) == 0
    assert ba.empty_edge_cells(boat("edge_gap")) == {(21, 4)}
    assert len(ba.visible_rats(boat("five_rats_visible"))) == 5
    assert ba.filled_rooms(boat("parrot_rooms")) == (1, 7)
    assert ba.oshax_count(boat("oshax")) == 2


# ---- one case per lesson card ----------------------------------------------------------------------------
# (card, boat where it scores, its facts, points, boat where it does not, its facts, points)
Case = tuple[int, str, dict[str, Any], int, str, dict[str, Any], int]
NONE: dict[str, Any] = {}

STANDARD_CASES: list[Case] = [
    (113, "edge_covered", NONE, 12, "edge_gap", NONE, 0),
    (114, "families", NONE, 10, "fourteen_cats", NONE, 0),
    (115, "three_each", NONE, 15, "families", NONE, 0),
    (116, "edge5", NONE, 7, "edge4", NONE, 0),
    (117, "red3_blue1", NONE, 3, "empty", NONE, 0),
    (118, "empty", {"permanent_baskets": 3}, 7, "empty", {"permanent_baskets": 2}, 0),
    (119, "empty", {"first_in_turn_order": True}, 7, "empty", {"first_in_turn_order": False}, 0),
    (120, "edge5", NONE, 5, "families_no_purple", NONE, 0),
    (121, "families", {"largest_family_of_others": 4}, 10, "families", {"largest_family_of_others": 6}, 0),
    (122, "treasures", NONE, 2, "empty", NONE, 0),
    (123, "treasures", NONE, 3, "empty", NONE, 0),
    (124, "rats_covered", NONE, 10, "one_rat_visible", NONE, 0),
    (125, "empty", NONE, 38, "rats_covered", NONE, 0),
    (126, "empty", {"private_lesson_count": 4}, 4, "empty", {"private_lesson_count": 0}, 0),
    (127, "five_blue", NONE, 9, "four_blue", NONE, 0),
    (128, "five_green", NONE, 9, "four_green", NONE, 0),
    (129, "five_purple", NONE, 9, "four_purple", NONE, 0),
    (130, "five_red", NONE, 9, "four_red", NONE, 0),
    (131, "five_orange", NONE, 9, "four_orange", NONE, 0),
    (132, "five_rats_visible", NONE, 10, "four_rats_visible", NONE, 0),
    (133, "empty", {"private_lesson_count": 6}, 7, "empty", {"private_lesson_count": 5}, 0),
    (134, "five_treasures", NONE, 9, "treasures", NONE, 0),
    (135, "edge5", NONE, 2, "edge1", NONE, 0),
    (136, "parrot_rooms", NONE, 12, "room7", NONE, 0),
    (137, "empty", NONE, 18, "moon_room_used", NONE, 0),
    (138, "families", NONE, 8, "green_family_only", NONE, 0),
    (139, "oshax", NONE, 6, "families", NONE, 0),
    (140, "empty", NONE, 15, "apple_room_used", NONE, 0),
    (141, "families", NONE, 8, "families_no_green", NONE, 0),
    (142, "empty", {"fish": 5}, 7, "empty", {"fish": 4}, 0),
    # public lessons; pick-a-colour ones are played with a colour
    (143, "red3_blue1", {"colour": "red"}, 6, "red3_blue1", {"colour": "green"}, 0),
    (144, "five_red", {"colour": "red"}, 5, "five_red", {"colour": "blue"}, 0),
    (145, "five_red", {"colour": "red"}, 5, "families", {"colour": "purple"}, 0),
    (146, "five_red", {"colour": "red"}, 15, "families", {"colour": "red"}, 0),
    (147, "empty", {"private_lesson_count": 3}, 6, "empty", {"private_lesson_count": 0}, 0),
    (148, "treasures", NONE, 6, "empty", NONE, 0),
    (149, "treasures", {"colour": "red"}, 2, "treasures", {"colour": "green"}, 0),
    (150, "empty", NONE, 25, "maps_covered", NONE, 0),
]

FAMILY_CASES: list[Case] = [
    (151, "red3_blue1", NONE, 3, "empty", NONE, 0),
    (152, "edge5", NONE, 9, "edge4", NONE, 0),
    (153, "edge5", NONE, 2, "edge1", NONE, 0),
    (154, "rats_covered", NONE, 10, "one_rat_visible", NONE, 0),
    (155, "middle_row", NONE, 10, "middle_row_gap", NONE, 0),
    (156, "edge_covered", NONE, 12, "edge_gap", NONE, 0),
    (157, "twenty_cats", NONE, 10, "families", NONE, 0),
    (158, "three_each", NONE, 15, "families", NONE, 0),
    (159, "five_blue", NONE, 9, "four_blue", NONE, 0),
    (160, "five_green", NONE, 9, "four_green", NONE, 0),
    (161, "five_purple", NONE, 9, "four_purple", NONE, 0),
    (162, "five_red", NONE, 9, "four_red", NONE, 0),
    (163, "five_orange", NONE, 9, "four_orange", NONE, 0),
    (164, "treasures", NONE, 8, "empty", NONE, 0),
    (
        165,
        "families",
        {"largest_family_of_others": 5},
        10,
        "green_family_only",
        {"largest_family_of_others": 5},
        0,
    ),
    (166, "empty", NONE, 38, "rats_covered", NONE, 0),
    (167, "parrot_rooms", NONE, 4, "empty", NONE, 0),
    (168, "families", NONE, 8, "families_no_green", NONE, 0),
]

SOLO_CASES: list[Case] = [
    (197, "treasures", NONE, 15, "all_touch_treasure", NONE, 0),
    (198, "families", NONE, 10, "edge5", NONE, 0),
    (199, "treasures", NONE, 10, "rats_covered", NONE, 0),
    (200, "empty", {"fish": 3}, 12, "empty", {"fish": 0}, 0),
    (201, "empty", NONE, 95, "rats_covered", NONE, 0),
    (202, "red7", NONE, 10, "families", NONE, 0),
    (203, "edge4", NONE, 5, "edge5", NONE, 0),
    (204, "empty", NONE, 0, "empty", NONE, 0),  # alone it has nothing to repeat; see test_solo_12_card_204
    (205, "parrot_rooms", NONE, 6, "empty", NONE, 0),
    (206, "edge5", NONE, 25, "families_no_purple", NONE, 0),
    (207, "empty", {"private_lesson_count": 4}, 12, "empty", {"private_lesson_count": 0}, 0),
    (208, "families", NONE, 15, "edge5", NONE, 0),
    (209, "families", NONE, 11, "green_family_only", NONE, 0),
    (210, "treasures", NONE, 9, "empty", NONE, 0),
    (211, "treasures", NONE, 3, "all_touch_treasure", NONE, 0),
    (212, "maps_covered", NONE, 20, "empty", NONE, 0),
    (213, "families", NONE, 15, "edge5", NONE, 0),
    (214, "edge5", NONE, 5, "empty", NONE, 0),
    (215, "red_near_rat", NONE, 20, "all_near_rat", NONE, 0),
]


def _ids(cases: list[Case]) -> list[str]:
    return [f"{c[0]}-{card(c[0]).effect}" for c in cases]


def test_every_lesson_card_has_a_case() -> None:
    covered = {c[0] for c in STANDARD_CASES + FAMILY_CASES + SOLO_CASES}
    assert covered == set(range(113, 169)) | set(range(197, 216))


@pytest.mark.parametrize("case", STANDARD_CASES, ids=_ids(STANDARD_CASES))
def test_score_5_and_6_standard_lessons(case: Case) -> None:
    card_id, yes, yes_facts, yes_points, no, no_facts, no_points = case
    assert lesson_points(card_id, yes, **yes_facts) == yes_points
    assert lesson_points(card_id, no, **no_facts) == no_points


@pytest.mark.parametrize("case", FAMILY_CASES, ids=_ids(FAMILY_CASES))
def test_family_5_family_lessons(case: Case) -> None:
    card_id, yes, yes_facts, yes_points, no, no_facts, no_points = case
    assert lesson_points(card_id, yes, **yes_facts) == yes_points
    assert lesson_points(card_id, no, **no_facts) == no_points


@pytest.mark.parametrize("case", SOLO_CASES, ids=_ids(SOLO_CASES))
def test_solo_12_sister_lessons(case: Case) -> None:
    card_id, yes, yes_facts, yes_points, no, no_facts, no_points = case
    assert lesson_points(card_id, yes, **yes_facts) == yes_points
    assert lesson_points(card_id, no, **no_facts) == no_points


# ---- special cases named in the rules ----------------------------------------------------------------------
def test_lesson_4_private_pick_a_colour_takes_the_best_colour() -> None:
    """Blue comes first in colour order, but red has 3 cats on the edge to blue's 1: 117 scores red."""
    score = score_boat(boat("red3_blue1"), private_lessons=[117])
    assert score["private_lessons"] == 3
    (row,) = [r for r in score.rows if r.category == "private_lessons"]
    assert row.detail.startswith("#117 ")
    assert "(red chosen)" in row.detail
    assert row.detail.endswith("has 3 red → 3")


def test_lesson_4_family_card_151_takes_the_best_colour_too() -> None:
    score = score_boat(boat("red3_blue1"), mode="family", family_lessons=[151])
    assert score["family_lessons"] == 3
    assert "(red chosen)" in score.rows[-1].detail


def test_lesson_2_public_pick_a_colour_scores_every_boat_with_the_played_colour() -> None:
    """Public 144 played with red: each player scores their own red cats, even a player with none."""
    played = [(144, "red")]
    assert score_boat(boat("families"), public_lessons=played)["public_lessons"] == 5
    assert score_boat(boat("red7"), public_lessons=played)["public_lessons"] == 7
    assert score_boat(boat("five_blue"), public_lessons=played)["public_lessons"] == 0
    # the same card played with blue instead
    assert score_boat(boat("five_blue"), public_lessons=[(144, "blue")])["public_lessons"] == 5


@pytest.mark.parametrize("card_id", [143, 144, 145, 146, 149])
def test_lesson_2_public_pick_a_colour_without_a_colour_is_refused(card_id: int) -> None:
    with pytest.raises(IllegalAction) as error:
        score_boat(boat("families"), public_lessons=[card_id])
    assert error.value.rule == "LESSON-2"
    assert isinstance(error.value, ValueError)


def test_lesson_2_a_colour_on_a_colourless_public_lesson_is_refused() -> None:
    with pytest.raises(IllegalAction, match="LESSON-2"):
        score_boat(boat("families"), public_lessons=[(148, "red")])


def test_solo_5_public_lessons_score_half_rounded_up() -> None:
    """144 with red on a boat with 7 red cats is worth 7; in the solo game the player gets 4."""
    played = [(144, "red")]
    assert score_boat(boat("red7"), public_lessons=played)["public_lessons"] == 7
    solo = score_boat(boat("red7"), public_lessons=played, mode="solo")
    assert solo["public_lessons"] == 4
    assert solo.rows[-1].detail.endswith("→ 7, halved in the solo game (SOLO-5) → 4")
    # 150 on an empty boat: 25 → 13; private lessons are not halved
    assert score_boat(boat("empty"), public_lessons=[150], mode="solo")["public_lessons"] == 13
    assert score_boat(boat("empty"), private_lessons=[140], mode="solo")["private_lessons"] == 15


@pytest.mark.parametrize(("boat_name", "points"), [("red7", 10), ("red6", 0), ("families", 0)])
def test_solo_5_card_121_needs_a_family_of_seven(boat_name: str, points: int) -> None:
    assert score_boat(boat(boat_name), private_lessons=[121], mode="solo")["private_lessons"] == points


@pytest.mark.parametrize(
    ("boat_name", "others", "points"),
    [
        ("families", 0, 10),  # largest family 5, nobody else has one
        ("families", 5, 10),  # tied with another boat: still scores
        ("families", 6, 0),  # another boat has a bigger family
        ("edge5", 0, 0),  # no family of 3 or more at all
        ("red6", 5, 10),  # the 6-family scores in the standard game
    ],
)
def test_score_5_card_121_largest_family(boat_name: str, others: int, points: int) -> None:
    score = score_boat(boat(boat_name), private_lessons=[121], largest_family_of_others=others)
    assert score["private_lessons"] == points


@pytest.mark.parametrize(
    ("card_id", "boat_name", "facts"),
    [
        (114, "red6", NONE),  # 16 cats
        (130, "red6", NONE),  # 6 red cats
        (162, "red6", NONE),
        (157, "twenty_one_cats", NONE),
        (132, "six_rats_visible", NONE),
        (133, "empty", {"private_lesson_count": 7}),
        (134, "six_treasures", NONE),
        (118, "empty", {"permanent_baskets": 4}),
    ],
)
def test_score_5_exactly_means_not_one_more(card_id: int, boat_name: str, facts: dict[str, Any]) -> None:
    assert lesson_points(card_id, boat_name, **facts) == 0


@pytest.mark.parametrize(
    ("card_id", "colour", "points"), [(145, "green", 5), (145, "orange", 0), (158, None, 0)]
)
def test_score_6_at_least_three_includes_three(card_id: int, colour: str | None, points: int) -> None:
    """The families boat has exactly 3 green cats, 2 orange and 1 purple."""
    facts = {"colour": colour} if colour else {}
    assert lesson_points(card_id, "families", **facts) == points
    assert lesson_points(158, "three_each") == 15  # purple and orange exactly 3


@pytest.mark.parametrize(("card_id", "points"), [(141, 11), (168, 11), (138, 12), (209, 11), (213, 20)])
def test_score_5_third_family_and_family_counts_with_four_families(card_id: int, points: int) -> None:
    """Families of 5, 4, 4 and 3: the third largest is a 4 (11), not the smallest family (8)."""
    assert [f.size for f in ba.scoring_families(boat("four_families"))] == [5, 4, 4, 3]
    assert lesson_points(card_id, "four_families") == points


@pytest.mark.parametrize(
    ("covered", "points"), [("empty", 25), ("two_maps_covered", 15), ("maps_covered", 0)]
)
def test_score_6_card_150_counts_uncovered_maps(covered: str, points: int) -> None:
    assert lesson_points(150, covered) == points
    assert len(ba.uncovered_maps(boat(covered))) == points // 5


def test_solo_12_card_204_repeats_the_highest_other_lesson() -> None:
    """On the families boat with 3 fish: 198 gives 2 x 5 = 10, 200 gives 4 x 3 = 12; 204 repeats the 12."""
    score = score_sister(boat("families"), colour_order=(), solo_lessons=[204, 198, 200], fish=3)
    points = {r.detail.split()[0]: r.points for r in score.rows}
    assert points == {"#204": 12, "#198": 10, "#200": 12}
    assert score["solo_lessons"] == 34
    assert "#200 with 12" in score.rows[0].detail


def test_solo_12_card_204_never_repeats_itself_or_nothing() -> None:
    # with only lessons scoring 0, it adds 0
    score = score_sister(boat("empty"), colour_order=(), solo_lessons=[198, 204])
    assert score["solo_lessons"] == 0


def test_every_lesson_row_says_what_it_needs_and_what_the_boat_has() -> None:
    lessons = list(range(113, 143))
    score = score_boat(boat("families"), private_lessons=lessons, public_lessons=[(144, "red"), 150])
    lesson_rows = [r for r in score.rows if r.category.endswith("lessons")]
    assert len(lesson_rows) == 32
    for lesson_row in lesson_rows:
        assert "needs " in lesson_row.detail and "; has " in lesson_row.detail
        assert lesson_row.detail.endswith(f"→ {lesson_row.points}")
