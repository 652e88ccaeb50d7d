"""End-of-game scoring (SCORE-1..9, FAMILY-5, SOLO-12) and the boat analysis it rests on.

Boats are built tile by tile with ``Boat.place`` at explicit cells (``must_touch=False`` where the test does
not care about the order of play). Lesson cards are covered one by one in ``test_lessons.py``.
"""

from __future__ import annotations

import pandas as pd
import pytest
from boat_helpers import Piece, build, cat, column, row

from isle_nb.model.core.errors import IllegalAction, UnknownComponent
from isle_nb.model.parts import boat_analysis
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.scoring import (
    CATEGORIES,
    Score,
    family_winners,
    score_boat,
    score_sister,
    solo_winner,
    winners,
)
from isle_nb.model.parts.tiles import Tile

ROOM7: Piece = ("T", [(20, 3), (20, 4), (21, 4), (20, 5)])


# ---- SCORE-1: rats -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("pieces", "visible"),
    [
        ((), 19),
        ((("1x2", [(0, 5), (1, 5)]),), 17),
        ((("1x2", [(0, 5), (1, 5)]), ("1x1", [(1, 6)]), ("I3", row(0, 11, 13))), 13),
    ],
)
def test_score_1_rats_minus_one_each(pieces: tuple[Piece, ...], visible: int) -> None:
    score = score_boat(build(*pieces))
    assert score["rats"] == -visible
    assert score.rows[0].detail == f"{visible} visible rats"


def test_score_1_a_cat_covering_a_rat_hides_it() -> None:
    boat = build((cat("red", 415), column(1, 2, 6)))  # covers the rats at (1,5) and (1,6) of boat A
    assert boat_analysis.visible_rats(boat) == Boat("A").rats - {(1, 5), (1, 6)}
    assert score_boat(boat)["rats"] == -17


# ---- SCORE-2: rooms ----------------------------------------------------------------------------------------
def test_score_2_rooms_minus_five_per_unfilled_room() -> None:
    assert score_boat(Boat("A"))["rooms"] == -35
    room7 = build(ROOM7)
    assert boat_analysis.filled_rooms(room7) == (7,)
    assert score_boat(room7)["rooms"] == -30
    assert score_boat(room7).rows[1].detail == "6 unfilled rooms (1, 2, 3, 4, 5, 6)"


def test_score_2_one_empty_cell_leaves_a_room_unfilled() -> None:
    # room 7 is four cells shaped like a T; three of them are not enough
    boat = build(("L3", [(20, 3), (20, 4), (21, 4)]))
    assert boat_analysis.unfilled_rooms(boat) == (1, 2, 3, 4, 5, 6, 7)
    assert score_boat(boat)["rooms"] == -35


def test_score_2_filled_unfilled_and_empty_rooms() -> None:
    boat = build(ROOM7, ("1x1", [(8, 1)]))
    assert boat_analysis.filled_rooms(boat) == (7,)
    assert boat_analysis.unfilled_rooms(boat) == (1, 2, 3, 4, 5, 6)
    assert boat_analysis.empty_rooms(boat) == (1, 3, 4, 5, 6)


# ---- SCORE-3: families -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("size", "points"),
    [(0, 0), (1, 0), (2, 0), (3, 8), (4, 11), (5, 15), (6, 20), (7, 25), (8, 30), (10, 40)],
)
def test_score_3_family_table(size: int, points: int) -> None:
    assert boat_analysis.family_points(size) == points


# A chain of green cats of very different sizes (4, 5, 6, 6 cells) along the middle of boat A.
GREEN_CHAIN: list[Piece] = [
    (cat("green", 414), [(1, 4), (2, 4), (2, 3), (3, 3)]),
    (cat("green", 415), row(4, 3, 7)),
    (cat("green", 410), [(8, 3), (9, 3), (10, 3), (8, 4), (10, 4), (11, 4)]),
    (cat("green", 402), [(12, 2), (12, 3), (12, 4), (13, 1), (13, 2), (13, 3)]),
]


@pytest.mark.parametrize(("count", "points"), [(1, 0), (2, 0), (3, 8), (4, 11)])
def test_score_3_a_tile_counts_as_one_cat_whatever_its_size(count: int, points: int) -> None:
    boat = build(*GREEN_CHAIN[:count])
    (family,) = boat_analysis.families(boat)
    assert family.size == count
    assert score_boat(boat)["families"] == points


def test_score_3_oshax_joins_the_family_of_its_chosen_colour() -> None:
    oshax = Tile.oshax(303, "green")  # 6 cells, touching the last green cat of the chain
    cells = [(14, 3), (14, 4), (15, 1), (15, 2), (15, 3), (16, 3)]
    chain = build(*GREEN_CHAIN, (oshax, cells))
    (family,) = boat_analysis.families(chain)
    assert family.size == 5 and family.oshax == 1
    assert family.describe() == "green family of 5 cats (1 Oshax)"
    assert score_boat(chain)["families"] == 15
    # the same tile as a red Oshax is a lonely red cat instead
    red = build(*GREEN_CHAIN, (oshax.with_colour("red"), cells))
    assert [(f.colour, f.size) for f in boat_analysis.families(red)] == [("green", 4), ("red", 1)]
    assert score_boat(red)["families"] == 11
    assert boat_analysis.oshax_count(red) == 1
    assert boat_analysis.colour_counts(red)["red"] == 1


def test_score_3_other_colours_and_diagonals_do_not_join_a_family() -> None:
    boat = build(
        (cat("blue", 415), row(4, 2, 6)),
        (cat("red", 415), row(4, 7, 11)),  # touches both blue cats but is red
        (cat("blue", 408), [(12, 4), (13, 4), (14, 4), (15, 4), (15, 3)]),
        (cat("blue", 412), [(17, 4), (16, 5), (17, 5), (18, 5), (17, 6)]),  # (16,5) meets (15,4) at a corner
    )
    sizes = sorted((f.colour, f.size) for f in boat_analysis.families(boat))
    assert sizes == [("blue", 1), ("blue", 1), ("blue", 1), ("red", 1)]
    assert score_boat(boat)["families"] == 0
    assert len(boat_analysis.lonely_cats(boat)) == 4
    assert len(boat_analysis.lonely_cats(boat, "blue")) == 3


def test_score_3_diagonal_contact_is_not_touching() -> None:
    boat = build(
        (cat("blue", 414), [(5, 1), (6, 1), (4, 2), (5, 2)]),
        (cat("blue", 412), [(7, 2), (6, 3), (7, 3), (8, 3), (7, 4)]),
    )
    a, b = boat.tiles
    assert not boat_analysis.tiles_touching(a, b)  # (6,1) and (7,2), (5,2) and (6,3) meet only at corners
    assert len(boat_analysis.families(boat)) == 2
    c = build((cat("blue", 414), [(5, 1), (6, 1), (4, 2), (5, 2)]), (cat("green", 415), row(3, 4, 8))).tiles
    assert boat_analysis.tiles_touching(c[0], c[1]) and boat_analysis.tiles_touching(c[1], c[0])
    assert not boat_analysis.tiles_touching(c[0], c[0])


# ---- SCORE-4 and SCORE-7: treasures ------------------------------------------------------------------------
def test_score_4_rare_treasures_three_each() -> None:
    boat = build(ROOM7, ("O", [(8, 4), (9, 4), (8, 5), (9, 5)]), ("1x1", [(3, 3)]))
    score = score_boat(boat)
    assert score["rare_treasures"] == 6
    assert next(r for r in score.rows if r.category == "rare_treasures").detail == "2 rare treasures"


def test_score_7_common_treasures_give_no_points_on_their_own() -> None:
    commons = build(("1x1", [(3, 3)]), ("I3", row(4, 5, 7)), ("L3", [(9, 4), (10, 4), (10, 5)]))
    score = score_boat(commons)
    assert len(boat_analysis.common_treasures(commons)) == 3
    assert score["rare_treasures"] == 0
    assert score.total == score["rats"] + score["rooms"] == -19 - 35


# ---- SCORE-8: ties -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("scores", "fish", "expected"),
    [
        ({"Ann": 60, "Bob": 55}, {"Ann": 0, "Bob": 9}, ("Ann",)),
        ({"Ann": 60, "Bob": 60, "Cid": 40}, {"Ann": 3, "Bob": 7, "Cid": 20}, ("Bob",)),
        ({"Ann": 60, "Bob": 60, "Cid": 60}, {"Ann": 7, "Bob": 7, "Cid": 2}, ("Ann", "Bob")),
        ({"Ann": -5, "Bob": -5}, {"Ann": 0, "Bob": 0}, ("Ann", "Bob")),
        ({}, {}, ()),
    ],
)
def test_score_8_most_fish_breaks_ties_else_shared(
    scores: dict[str, int], fish: dict[str, int], expected: tuple[str, ...]
) -> None:
    assert winners(scores, fish) == expected


def test_score_8_fish_of_untied_players_are_not_needed() -> None:
    assert winners({"Ann": 10, "Bob": 3}, {}) == ("Ann",)
    with pytest.raises(ValueError, match="fish"):
        winners({"Ann": 10, "Bob": 10}, {"Ann": 2})


@pytest.mark.parametrize(
    ("scores", "rooms", "expected"),
    [
        ({"Ann": 30, "Bob": 30}, {"Ann": 2, "Bob": 3}, ("Bob",)),
        ({"Ann": 30, "Bob": 30}, {"Ann": 3, "Bob": 3}, ("Ann", "Bob")),
        ({"Ann": 31, "Bob": 30}, {"Ann": 0, "Bob": 7}, ("Ann",)),
    ],
)
def test_family_5_most_filled_rooms_breaks_ties(
    scores: dict[str, int], rooms: dict[str, int], expected: tuple[str, ...]
) -> None:
    assert family_winners(scores, rooms) == expected


@pytest.mark.parametrize(
    ("player", "sister", "expected"), [(50, 49, "player"), (50, 50, "sister"), (3, 70, "sister")]
)
def test_solo_12_the_sister_wins_ties(player: int, sister: int, expected: str) -> None:
    assert solo_winner(player, sister) == expected


# ---- SCORE-9: the rulebook's worked example ----------------------------------------------------------------
# Boat C. Rooms 2 and 4 are filled with the 8 common treasures, room 7 with the one rare treasure (a T).
SCORE9_TREASURES: list[Piece] = [
    ("I3", row(1, 4, 6)),
    ("L3", [(7, 0), (7, 1), (8, 1)]),
    ("I3", row(0, 8, 10)),
    ("1x2", row(1, 9, 10)),
    ("I3", row(7, 4, 6)),
    ("L3", [(7, 8), (7, 7), (8, 7)]),
    ("I3", row(8, 8, 10)),
    ("1x2", row(7, 9, 10)),
    ROOM7,
]
SCORE9_FAMILIES: list[Piece] = [
    # blue family of 3 in the stern room, covering the rats (0,3) (0,4) (0,5)
    (cat("blue", 409), [(0, 3), (1, 3), (0, 4), (0, 5), (1, 5)]),
    (cat("blue", 415), row(2, 1, 5)),
    (cat("blue", 404), [(2, 4), (3, 4), (2, 5), (3, 5), (2, 6)]),
    # red family of 5 around the apple room, covering (5,5) (6,2) (7,2) (10,3)
    (cat("red", 415), row(2, 6, 10)),
    (cat("red", 403), [(10, 3), (10, 4), (10, 5), (10, 6), (9, 4)]),
    (cat("red", 407), [(6, 3), (6, 4), (6, 5), (5, 5), (4, 5)]),
    (cat("red", 400), [(7, 3), (8, 3), (9, 3), (8, 4), (8, 5)]),
    (cat("red", 408), [(4, 6), (5, 6), (6, 6), (7, 6), (7, 5)]),
    # orange family A (top), covering (12,2) (12,3) (13,2) (13,3); its cell (13,4) ...
    (cat("orange", 404), [(12, 2), (13, 2), (12, 3), (13, 3), (13, 4)]),
    (cat("orange", 415), column(11, 0, 4)),
    (cat("orange", 403), [(13, 0), (12, 1), (13, 1), (14, 1), (15, 1)]),
    # ... meets orange family B (bottom) only at a corner, at (14,5); B covers (14,7) (14,8) (15,7) (16,7)
    (cat("orange", 408), [(14, 5), (14, 6), (14, 7), (14, 8), (13, 8)]),
    (cat("orange", 409), [(15, 5), (16, 5), (15, 6), (15, 7), (16, 7)]),
    (cat("orange", 400), [(11, 7), (12, 7), (13, 7), (12, 6), (12, 5)]),
    # green family of 3 in the pantry, leaving the rats (18,3) and (18,4) visible
    (cat("green", 403), [(16, 1), (15, 2), (16, 2), (17, 2), (18, 2)]),
    (cat("green", 414), [(14, 2), (14, 3), (15, 3), (15, 4)]),
    (cat("green", 408), [(17, 3), (17, 4), (17, 5), (17, 6), (18, 6)]),
]


def test_score_9_worked_example() -> None:
    """The rulebook example: rats -2, rooms -20, families 47, rare 3, private lessons 13, public 16: 57.

    How it is reproduced on boat C:

    * rats -2: 17 of the 19 rats are covered; (18,3) and (18,4) stay visible.
    * rooms -20: exactly rooms 2, 4 (the 8 common treasures) and 7 (the rare T) are filled; 1, 3, 5, 6
      are not.
    * families 47 = 8 + 8 + 16 + 15. The "16" is not a family size on the table (SCORE-3): it is the two
      orange families of 3 (8 + 8) that meet only diagonally, at (13,4)/(14,5), and so score separately.
      With blue 3 (8), green 3 (8) and red 5 (15): five families, 8 + 8 + (8 + 8) + 15 = 47.
    * rare treasures 3: one rare treasure.
    * private lessons 13 = 6 + 7 + 0. The rulebook's 7 comes from a lesson outside the base deck; here 126
      with 6 private lessons in front of the player gives 6, 119 (first in turn order) gives 7, and four more
      lessons give 0 (124: 2 rats visible, 114: 17 cats not 15, 118: 1 basket, 142: no fish).
    * public lessons 16: public lesson 148, 2 per common treasure, with 8 common treasures.
    """
    boat = build(*SCORE9_TREASURES, *SCORE9_FAMILIES, layout="C")
    score = score_boat(
        boat,
        private_lessons=[126, 119, 124, 114, 118, 142],
        public_lessons=[148],
        first_in_turn_order=True,
        fish=0,
    )
    assert dict(score.categories) == {
        "rats": -2,
        "rooms": -20,
        "families": 47,
        "rare_treasures": 3,
        "private_lessons": 13,
        "public_lessons": 16,
        "family_lessons": 0,
    }
    assert score.total == 57
    assert boat_analysis.visible_rats(boat) == {(18, 3), (18, 4)}
    assert boat_analysis.unfilled_rooms(boat) == (1, 3, 5, 6)
    assert len(boat_analysis.common_treasures(boat)) == 8 and len(boat_analysis.rare_treasures(boat)) == 1
    family_rows = [(r.detail, r.points) for r in score.rows if r.category == "families"]
    assert sorted(family_rows) == [
        ("blue family of 3 cats", 8),
        ("green family of 3 cats", 8),
        ("orange family of 3 cats", 8),
        ("orange family of 3 cats", 8),
        ("red family of 5 cats", 15),
    ]
    # the two orange families meet only at a corner
    orange_a, orange_b = [f for f in boat_analysis.families(boat) if f.colour == "orange"]
    assert (13, 4) in orange_a.cells | orange_b.cells and (14, 5) in orange_a.cells | orange_b.cells
    assert not any(boat_analysis.tiles_touching(a, b) for a in orange_a.tiles for b in orange_b.tiles)


# ---- FAMILY-5 and SOLO-12 ----------------------------------------------------------------------------------
def test_family_5_no_points_for_rare_treasures() -> None:
    boat = build(ROOM7, ("O", [(8, 4), (9, 4), (8, 5), (9, 5)]))
    standard = score_boat(boat)
    family = score_boat(boat, mode="family", family_lessons=[167, 164])
    assert standard["rare_treasures"] == 6
    assert family["rare_treasures"] == 0
    assert "no points in the family game (FAMILY-5)" in family.rows[3].detail
    # 167: 1 filled room x 2; 164: 2 treasures x 2
    assert family["family_lessons"] == 2 + 4
    assert family.total == standard.total - 6 + 6


def test_family_5_refuses_discovery_lessons_and_the_standard_game_refuses_family_lessons() -> None:
    with pytest.raises(IllegalAction, match="FAMILY-1"):
        score_boat(Boat("A"), mode="family", private_lessons=[113])
    with pytest.raises(IllegalAction, match="FAMILY-1"):
        score_boat(Boat("A"), family_lessons=[151])
    with pytest.raises(IllegalAction, match="FAMILY-1"):
        score_boat(Boat("A"), mode="family", family_lessons=[113])


def test_solo_12_sister_scores_five_to_one_per_cat_of_the_revealed_colours() -> None:
    boat = build(
        (cat("red", 415), column(7, 0, 4)),
        (cat("red", 408), [(9, 0), (9, 1), (9, 2), (9, 3), (10, 3)]),
        (cat("blue", 415), column(12, 0, 4)),
        (Tile.oshax(300, "blue"), [(1, 4), (2, 3), (2, 4), (3, 2), (3, 3), (4, 2)]),
        (cat("orange", 412), [(16, 3), (15, 4), (16, 4), (17, 4), (16, 5)]),
    )
    sister = score_sister(boat, colour_order=["blue", "red", "green", "orange", "purple"])
    # blue 2 (one is an Oshax) x 5 + red 2 x 4 + green 0 x 3 + orange 1 x 2 + purple 0 x 1
    assert sister["colours"] == 10 + 8 + 0 + 2 + 0
    assert sister.total == 20
    assert [r.detail for r in sister.rows][:2] == [
        "1st colour blue: 2 cats x 5",
        "2nd colour red: 2 cats x 4",
    ]
    with_lessons = score_sister(
        boat, colour_order=["blue", "red", "green", "orange", "purple"], solo_lessons=[214, 200], fish=2
    )
    # 214: 4 cats on the edge (red 415, red 408, blue 415 on row 0, the Oshax at (3,2)); 200: 2 fish x 4
    assert with_lessons["solo_lessons"] == 4 + 8
    assert with_lessons.total == 32


def test_solo_12_sister_refuses_bad_colours_and_non_solo_lessons() -> None:
    with pytest.raises(IllegalAction, match="SOLO-11"):
        score_sister(Boat("A"), colour_order=["red", "red"])
    with pytest.raises(UnknownComponent):
        score_sister(Boat("A"), colour_order=["pink"])
    with pytest.raises(IllegalAction, match="SOLO-2"):
        score_sister(Boat("A"), colour_order=["red"], solo_lessons=[121])


def test_solo_12_player_scores_as_standard_except_public_lessons() -> None:
    boat = build(ROOM7)
    standard = score_boat(boat, private_lessons=[122], public_lessons=[150])
    solo = score_boat(boat, private_lessons=[122], public_lessons=[150], mode="solo")
    assert standard["public_lessons"] == 25 and solo["public_lessons"] == 13
    assert standard["private_lessons"] == solo["private_lessons"] == 2
    assert standard.total - solo.total == 12


# ---- the Score object --------------------------------------------------------------------------------------
def test_score_breakdown_is_a_dataframe_with_one_row_per_item() -> None:
    boat = build(*SCORE9_TREASURES, *SCORE9_FAMILIES, layout="C")
    score = score_boat(boat, private_lessons=[117], public_lessons=[(144, "red")])
    frame = score.breakdown
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == ["category", "detail", "points"]
    # rats, rooms, 5 families, rare treasures, 2 lessons
    assert len(frame) == 10
    assert int(frame["points"].sum()) == score.total
    assert list(frame["category"].unique()) == [
        "rats",
        "rooms",
        "families",
        "rare_treasures",
        "private_lessons",
        "public_lessons",
    ]
    assert frame.iloc[0]["detail"] == "2 visible rats"
    assert frame.iloc[1]["detail"] == "4 unfilled rooms (1, 3, 5, 6)"
    # 117: orange has 4 cats on the edge (the best colour), one point each
    assert frame.iloc[8]["detail"].startswith("#117 Chosen colour on the edge (orange chosen): needs ")
    assert frame.iloc[8]["points"] == 4
    html = score._repr_html_()
    assert "<table" in html and f"Total: {score.total}" in html
    assert "orange chosen" in str(score)


def test_score_categories_are_always_all_present() -> None:
    score = score_boat(Boat("B"))
    assert tuple(score.categories) == CATEGORIES
    assert score.total == -19 - 35
    assert isinstance(score, Score)
    with pytest.raises(TypeError):
        score.categories["rats"] = 0  # type: ignore[index]


def test_lesson_1_lessons_must_be_passed_in_the_right_list() -> None:
    with pytest.raises(IllegalAction, match="LESSON-1"):
        score_boat(Boat("A"), private_lessons=[148])
    with pytest.raises(IllegalAction, match="LESSON-1"):
        score_boat(Boat("A"), public_lessons=[113])
    with pytest.raises(IllegalAction, match="LESSON-1"):
        score_boat(Boat("A"), private_lessons=[113, 113])
    with pytest.raises(IllegalAction, match="LESSON-1"):
        score_boat(Boat("A"), private_lessons=[1])  # an Oshax card
    with pytest.raises(ValueError, match="mode"):
        score_boat(Boat("A"), mode="expert")  # type: ignore[arg-type]


# ---- boat analysis -----------------------------------------------------------------------------------------
def test_analysis_edges_maps_and_treasure_contacts() -> None:
    boat = build(
        (cat("red", 415), column(1, 2, 6)),  # on the edge at (1,2) and (1,6), next to nothing else
        (cat("blue", 415), row(5, 3, 7)),  # inside the boat, away from rats
        ("1x2", [(8, 5), (9, 5)]),  # touches the blue cat
        ("1x1", [(14, 1)]),  # covers the blue map
    )
    assert [p.tile.colour for p in boat_analysis.cats_touching_edge(boat)] == ["red"]
    assert boat_analysis.cats_touching_edge(boat, "blue") == ()
    assert [p.tile.colour for p in boat_analysis.cats_touching_treasure(boat)] == ["blue"]
    assert [p.tile.colour for p in boat_analysis.cats_not_touching_treasure(boat)] == ["red"]
    assert [p.tile.shape for p in boat_analysis.treasures_touching_colour(boat, "blue")] == ["1x2"]
    assert dict(boat_analysis.covered_maps(boat)) == {(1, 3): "red", (14, 1): "blue"}
    assert len(boat_analysis.uncovered_maps(boat)) == 3
    # rats (1,5) (1,6) are covered by the red cat; (0,5) is visible and next to it
    assert boat_analysis.colours_touching_visible_rats(boat) == {"red"}
    assert len(boat_analysis.empty_edge_cells(boat)) == 44 - 2
    assert len(boat_analysis.middle_row_empty_cells(boat)) == 22 - 1
