"""The pure placing logic: orientations, the ghost under the mouse, and legality exactly as the model lists it."""

from __future__ import annotations

from isle_nb.model.boat import Boat
from isle_nb.model.geometry import normalize
from isle_nb.model.tiles import Tile
from isle_nb.widgets.pointer import Placer, handle_of, mirror_cells, rotate_cells


def placer_for(boat: Boat, tile: Tile) -> Placer:
    return Placer.from_cell_sets(tile, [p.cells for p in boat.legal_placements(tile)])


def test_rotating_four_times_or_mirroring_twice_comes_back():
    placer = placer_for(Boat("A"), Tile.cat("blue", 409))
    start = placer.orientation
    for _ in range(4):
        placer.rotate()
    assert placer.orientation == start
    placer.mirror()
    placer.mirror()
    assert placer.orientation == start


def test_every_orientation_is_reachable_with_rotate_and_mirror():
    placer = placer_for(Boat("B"), Tile.cat("red", 402))
    seen = set()
    for flip in range(2):
        for _ in range(4):
            seen.add(placer.orientation)
            placer.rotate()
        if flip == 0:
            placer.mirror()
    assert seen == set(range(len(placer.orientations)))


def test_a_ghost_is_legal_exactly_when_the_model_lists_its_cells():
    first = Tile.cat("green", 400)
    boat = Boat("C").place(first, Boat("C").legal_placements(first)[40])  # later tiles must touch it (PLACE-3)
    tile = Tile.cat("blue", 409)
    legal = {p.cells for p in boat.legal_placements(tile)}
    placer = Placer.from_cell_sets(tile, legal)
    for orientation in range(len(placer.orientations)):
        placer.orientation = orientation
        for x in range(-1, 23):
            for y in range(-1, 10):
                ghost = placer.ghost((x, y))
                assert normalize(ghost) == placer.cells
                assert placer.is_legal(ghost) == (ghost in legal)
                assert ((x, y) in placer.current_targets) == (ghost in legal)


def test_the_ghost_is_centred_on_its_handle_and_the_start_orientation_has_legal_spots():
    placer = placer_for(Boat("A"), Tile.cat("orange", 416))
    assert placer.current_targets
    ghost = placer.ghost((5, 5))
    assert (5, 5) in ghost
    assert handle_of(placer.cells) in placer.cells


def test_rotate_and_mirror_helpers_keep_the_shape():
    cells = ((0, 0), (1, 0), (1, 1), (1, 2))
    assert len(rotate_cells(cells)) == 4
    assert mirror_cells(mirror_cells(cells)) == normalize(cells)
    assert rotate_cells(rotate_cells(rotate_cells(rotate_cells(cells)))) == normalize(cells)
