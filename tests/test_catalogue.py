"""The box's contents as DataFrames (isle_nb.model.isle.catalogue) agree with the rules: SETUP-1..6, DAY-1, FISH-1,
LESSON-1/2/4 and ANY-3. The teaching notebooks print these tables, so a wrong count here is a wrong lesson."""

from __future__ import annotations

import pytest

import isle_nb
from isle_nb import BASE_LAYOUTS, COLOURS, Boat, Game
from isle_nb.model.isle import catalogue


def test_rooms_frame_covers_the_boat_once() -> None:
    """Seven rooms (SETUP-1) that share out all 142 cells, the 19 rats and the 5 maps of boat A."""
    boat = Boat("A")
    rooms = catalogue.rooms_frame(boat)
    assert list(rooms["room"]) == [1, 2, 3, 4, 5, 6, 7]
    assert rooms["cells"].sum() == len(boat.cells) == 142
    assert rooms["rats"].sum() == len(boat.rats) == 19
    maps = [colour for text in rooms["maps"] if text for colour in text.split(", ")]
    assert sorted(maps) == sorted(COLOURS)


def test_layouts_frame_has_a_column_per_boat() -> None:
    boats = catalogue.layouts_frame(BASE_LAYOUTS)
    assert list(boats.columns) == list(BASE_LAYOUTS)
    assert list(boats.loc["rats"]) == [19, 19, 19, 19]
    map_rows = boats.drop(index="rats")
    assert len(map_rows) == 5
    for name in BASE_LAYOUTS:  # every boat has one map of each colour, on the same five cells
        assert sorted(map_rows[name]) == sorted(COLOURS)
        assert sorted(Boat(name).maps) == [map_cell(index) for index in map_rows.index]


def map_cell(label: str) -> tuple[int, int]:
    x, y = label.removeprefix("map at (").removesuffix(")").split(", ")
    return int(x), int(y)


def test_tile_kinds_frame_counts_the_box() -> None:
    """85 cats in 17 shapes, 6 Oshax, 25 rare and 44 common treasures (SETUP-2..4)."""
    kinds = catalogue.tile_kinds_frame().set_index("kind")
    assert kinds["tiles"].to_dict() == {"cat": 85, "oshax": 6, "rare treasure": 25, "common treasure": 44}
    assert kinds.loc["cat", "shapes"] == 17 and kinds.loc["rare treasure", "squares per tile"] == "4"
    assert {kind: len(tiles) for kind, tiles in catalogue.tile_groups().items()} == kinds["tiles"].to_dict()


def test_deck_frame_counts_the_discovery_deck() -> None:
    """150 cards in five types, numbered in blocks (SETUP-5)."""
    deck = catalogue.deck_frame().set_index("type")
    assert deck["cards"].to_dict() == {"oshax": 6, "rescue": 60, "anytime": 31, "treasure": 15, "lesson": 38}
    assert deck.loc["oshax", "ids"] == "1-6" and deck.loc["lesson", "ids"] == "113-150"


def test_lesson_cards_frame() -> None:
    """30 private lessons at 2 fish and 8 public ones at 1 fish (LESSON-1); colour picks are marked (LESSON-2/4)."""
    lessons = catalogue.lesson_cards_frame()
    assert list(lessons["card"]) == list(range(113, 151))
    assert lessons.groupby("kind")["cost"].agg(set).to_dict() == {"private": {2}, "public": {1}}
    assert (lessons["kind"] == "public").sum() == 8
    assert lessons.loc[lessons["card"] == 117, "pick a colour"].item()
    assert set(lessons["set"]) == {"core", "A", "B", "C"}


def test_anytime_effects_frame_groups_the_31_cards_into_17_effects() -> None:
    effects = catalogue.anytime_effects_frame()
    assert len(effects) == 17 and effects["copies"].sum() == 31
    assert effects.loc[effects["cards"] == "69-70", "copies"].item() == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_frame_describes_a_new_game(players: int) -> None:
    """Each field holds 2 cats per player (DAY-1), 20 fish each (FISH-1), 7 cards dealt, 110 tiles in bag, fields
    and display together (SETUP-4), and the commons counted out for the player count (SETUP-2)."""
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    row = catalogue.setup_frame([Game.new(names, seed=2024)]).iloc[0]
    assert row["players"] == players and len(row["boats"]) == players
    assert row["left field"] == row["right field"] == 2 * players
    assert row["fish each"] == 20 and row["cards dealt"] == 7
    assert row["in bag"] + 4 * players + row["rare on display"] == 110
    assert row["common per shape"] == {2: 5, 3: 8, 4: 11}[players]
    assert row["deck left"] == 150 - 7 * players
    assert sorted(row["turn order"].split(" > ")) == sorted(names)


def test_the_catalogue_is_public() -> None:
    """Notebooks import only isle_nb: every catalogue function is exported there, as the same object."""
    for name in catalogue.__all__:
        if name != "CARD_TYPES":
            assert getattr(isle_nb, name) is getattr(catalogue, name)
