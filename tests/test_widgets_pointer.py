"""The placing logic behind the boat widget: it turns with the shape's own orientation maps and is legal exactly
where the model's legal ``Place`` actions are (their orientation and anchor say where; nothing is rebuilt)."""

from __future__ import annotations

from isle_nb.model.core.errors import IllegalPlacement
from isle_nb.model.isle.actions import Place
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.geometry import HEIGHT, WIDTH
from isle_nb.model.parts.tiles import Tile
from isle_nb.widgets.pointer import Placer, handle_of


def legal_actions(boat: Boat, tile: Tile) -> list[Place]:
    return [Place("Ann", tuple(sorted(p.cells)), None, p.orientation, p.anchor) for p in boat.legal_placements(tile)]


def placer_for(boat: Boat, tile: Tile) -> Placer:
    return Placer.of(tile, legal_actions(boat, tile))


def test_four_rotations_and_two_mirrors_come_back() -> None:
    placer = placer_for(Boat("A"), Tile.cat("blue", 409))
    start = placer.orientation
    for _ in range(4):
        placer.rotate()
    assert placer.orientation == start
    placer.mirror()
    placer.mirror()
    assert placer.orientation == start


def test_rotate_and_mirror_reach_every_orientation() -> None:
    placer = placer_for(Boat("B"), Tile.cat("red", 402))
    seen = set()
    for _ in range(2):
        for _ in range(4):
            seen.add(placer.orientation)
            placer.rotate()
        placer.mirror()
    assert seen == set(range(len(placer.orientations)))


def test_a_spot_is_legal_exactly_where_a_legal_action_lies_and_clicks_give_that_action() -> None:
    """PLACE-1..3: the placer's legal spots are the model's legal placements, one for one."""
    first = Tile.cat("green", 403)
    boat = Boat("C").place(first, Boat("C").legal_placements(first)[40])
    tile = Tile.cat("purple", 410)
    legal = legal_actions(boat, tile)
    by_cells = {frozenset(a.cells): a for a in legal}
    placer = Placer.of(tile, legal)
    assert sum(len(t) for t in placer.targets) == len(legal)
    for orientation in range(len(placer.orientations)):
        placer.orientation = orientation
        for x in range(-1, WIDTH + 1):
            for y in range(-1, HEIGHT + 1):
                cells = placer.ghost((x, y))
                assert placer.is_legal((x, y)) == (cells in by_cells)
                action = placer.action_at((x, y), "Ann")
                assert frozenset(action.cells) == cells and action.orientation == orientation
                if cells in by_cells:
                    assert action == by_cells[cells] and action.anchor == by_cells[cells].anchor


def test_an_illegal_spot_gives_a_place_the_model_refuses_with_its_reason() -> None:
    """PLACE-1: a click beside the boat becomes a Place that the boat refuses in plain words."""
    boat = Boat("A")
    tile = Tile.cat("orange", 416)
    placer = placer_for(boat, tile)
    action = placer.action_at((0, 0), "Ann")
    try:
        boat.place(tile, action.cells)
    except IllegalPlacement as error:
        assert "off the boat" in str(error) and "[(" not in str(error)
    else:
        raise AssertionError("a tile in the corner of the grid should lie off the boat")


def test_the_handle_is_a_cell_of_the_tile() -> None:
    placer = placer_for(Boat("A"), Tile.cat("orange", 416))
    assert placer.current_targets
    assert handle_of(placer.cells) in placer.cells
    x, y = placer.current_targets[0]
    assert (x, y) in placer.ghost((x, y))


def test_an_oshax_spot_is_kept_once_and_takes_the_chosen_colour() -> None:
    """OSHAX-1: the model offers each Oshax spot once per colour; the placer keeps one and adds the colour."""
    boat = Boat("A")
    oshax = Tile.oshax(301)
    legal = [Place("Ann", a.cells, colour, a.orientation, a.anchor)
             for a in legal_actions(boat, oshax) for colour in ("blue", "red")]
    placer = Placer.of(oshax, legal)
    assert sum(len(t) for t in placer.targets) == len(legal) // 2
    spot = placer.current_targets[0]
    assert placer.action_at(spot, "Ann", "red").colour == "red"
