"""Placing gained tiles on a boat at once (PLACE-5), and the treasure-map bonus it may earn (MAP-1, MAP-2).

Whatever gives a player a tile (a rescue, an Oshax or treasure card, a map bonus, card 75) takes the tile out of
its source and pushes a ``"place"`` decision. The player answers with :class:`~isle_nb.model.isle.actions.Place`.
A tile that has no legal placement when its turn to be placed comes goes back where it came from (PLACE-5).
"""

from __future__ import annotations

from isle_nb.model.core.errors import IllegalAction, IllegalPlacement, quote
from isle_nb.model.isle.actions import Action, Place, TakeMapBonus
from isle_nb.model.isle.state import GameState, MapBonus, PlaceTile, PlayerState, replace, without
from isle_nb.model.isle.variants import variant
from isle_nb.model.parts.geometry import Cell
from isle_nb.model.parts.tiles import COLOURS, COMMON_SHAPES, Tile, check_colour, treasure_words
from isle_nb.model.parts.words import plural, possessive, subject, with_article


def must_touch(player: PlayerState) -> bool:
    """Whether the player's next tile must touch their tiles (not after card 69/70, PLACE-6)."""
    return not player.place_anywhere


def push_placement(state: GameState, player: str, tile: Tile, source: str) -> GameState:
    """Make ``player`` place ``tile`` (already taken from ``source``) before anything else happens."""
    return replace(state, pending=(*state.pending, PlaceTile(player, tile, source)))


def return_tile(state: GameState, tile: Tile, source: str) -> GameState:
    """Put a tile back where it was taken from (it could not be placed, PLACE-5)."""
    if source in ("left", "right"):
        return replace(state, **{f"{source}_field": (*state.field(source), tile)})
    if source == "around_island":
        return replace(state, around_island=(*state.around_island, tile))
    if source == "bag":
        return replace(state, bag=(*state.bag, tile))
    if source == "oshax":
        return replace(state, oshax_supply=(*state.oshax_supply, replace(tile, colour=None)))
    if source == "rare_display":
        return replace(state, rare_display=(*state.rare_display, tile))
    if source == "common_supply":
        return replace(state, common_supply=(*state.common_supply, tile))
    raise ValueError(f"unknown tile source {source!r}")


RETURN_WORDS: dict[str, str] = {
    "left": "to the left field",
    "right": "to the right field",
    "bag": "into the bag",
    "oshax": "beside the island",
    "rare_display": "to the treasure display",
    "common_supply": "to the supply",
}
"""Where a tile that cannot be placed goes back, in words for the log (PLACE-5)."""


def take_common(state: GameState, shape: str) -> tuple[GameState, Tile]:
    """Take one common treasure of ``shape`` from the supply (it must be there)."""
    tile = next(t for t in state.common_supply if t.shape == shape)
    return replace(state, common_supply=without(state.common_supply, tile)), tile


def placeable_common_shapes(
    state: GameState, player: PlayerState, shapes: tuple[str, ...] = COMMON_SHAPES
) -> list[str]:
    """Common-treasure shapes still in the supply that fit on the player's boat now."""
    available = {t.shape for t in state.common_supply}
    touch = must_touch(player)
    return [s for s in shapes if s in available and player.boat.can_place(s, touch)]


def bonus_options(state: GameState, player: PlayerState) -> list[str]:
    """What a covered map can give now: common shapes that fit (MAP-1), and in the family game also the rare
    treasures on display that fit, by tile id (FAMILY-4)."""
    options = placeable_common_shapes(state, player)
    if variant(state.mode).family_lessons:
        touch = must_touch(player)
        seen: set[object] = set()
        for tile in state.rare_display:
            if tile.shape not in seen and player.boat.can_place(tile, touch):
                seen.add(tile.shape)
                options.append(tile.id)
    return options


def settle(state: GameState) -> GameState:
    """Resolve pending decisions that have no real choice: a tile that cannot be placed goes back (PLACE-5),
    a map bonus with no treasure that fits is dropped (MAP-1)."""
    while state.pending:
        top = state.pending[-1]
        player = state.player(top.player)
        if isinstance(top, PlaceTile):
            if player.boat.can_place(top.tile, must_touch(player)):
                return state
            state = return_tile(replace(state, pending=state.pending[:-1]), top.tile, top.source)
            state = state.logged(
                top.player,
                f"the {top.tile} does not fit on the boat and goes back {RETURN_WORDS[top.source]} (PLACE-5)",
            )
        elif isinstance(top, MapBonus):
            if bonus_options(state, player):
                return state
            state = replace(state, pending=state.pending[:-1])
            state = state.logged(top.player, "no treasure left that fits: the map bonus is lost (MAP-1)")
        else:
            return state
    return state


def legal(state: GameState, player: PlayerState) -> list[Action]:
    """Legal answers to a ``place`` or ``map_bonus`` decision on top of the stack."""
    top = state.pending[-1]
    if isinstance(top, PlaceTile):
        colours: tuple[str | None, ...] = COLOURS if top.tile.kind == "oshax" else (None,)
        name = player.name
        return player.boat.placement_actions(
            top.tile, must_touch(player), ("place", name, top.tile.shape, colours),
            lambda p: tuple([Place(name, p.sorted_cells, colour, p.orientation, p.anchor) for colour in colours]))
    if isinstance(top, MapBonus):
        options: list[Action] = [TakeMapBonus(player.name, s) for s in bonus_options(state, player)]
        return [*options, TakeMapBonus(player.name, None)]
    return []


def place_action(
    player: str, tile: Tile, orientation: int, anchor: Cell, colour: str | None = None
) -> Place:
    """The :class:`Place` of ``tile`` in one of its shape's orientations with that orientation's (0, 0) corner on
    ``anchor`` (a view turns a click into an action with this; the model then judges it like any other)."""
    cells = tile.shape_def.cells_at(orientation, anchor)
    return Place(player, tuple(sorted(cells)), colour, orientation, (anchor[0], anchor[1]))


def placement_of(tile: Tile, action: Place) -> tuple[Cell, ...]:
    """Where a ``Place`` puts ``tile``: its cells, checked against its orientation and anchor when it names them."""
    if action.orientation is None and action.anchor is None:
        return action.cells
    shape = tile.shape_def
    if action.orientation is None or action.anchor is None or not 0 <= action.orientation < len(shape.orientations):
        raise IllegalPlacement("PLACE-1", f"give both the orientation (0-{len(shape.orientations) - 1}) and the "
                                          f"anchor cell of the {tile}, or neither")
    if sorted(shape.cells_at(action.orientation, action.anchor)) != sorted(action.cells):
        raise IllegalPlacement("PLACE-1", f"the cells do not match orientation {action.orientation} of the {tile} "
                                          f"at {action.anchor}")
    return action.cells


def apply_place(state: GameState, action: Place) -> GameState:
    """Place the pending tile; report and queue its treasure-map bonuses."""
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, PlaceTile) or top.player != action.player:
        raise IllegalAction("PLACE-5", f"{subject(action.player, 'has')} no tile to place now")
    player = state.player(action.player)
    tile = top.tile
    if tile.kind == "oshax":
        if action.colour is None:
            raise IllegalPlacement("OSHAX-1", f"choose the colour of the {tile} as you place it")
        try:
            tile = tile.with_colour(check_colour(action.colour))
        except ValueError as error:
            raise IllegalPlacement("OSHAX-1", str(error)) from None
    elif action.colour is not None:
        raise IllegalPlacement("OSHAX-1", f"only an Oshax takes a colour; the {tile} has its own")
    boat = player.boat.place(tile, placement_of(tile, action), must_touch=must_touch(player))
    placed = boat.tiles[-1]
    state = state.update_player(player.name, boat=boat, place_anywhere=False)
    state = replace(state, pending=state.pending[:-1])
    where = ", ".join(f"({x},{y})" for x, y in sorted(placed.cells))
    state = state.logged(player.name, f"places the {tile} on {where}")
    if placed.map_bonuses:
        count = len(placed.map_bonuses)
        state = replace(state, pending=(*state.pending, MapBonus(player.name, count)))
        state = state.logged(player.name, f"covers {plural(count, 'treasure map')} of the same colour (MAP-1)")
    return state


def apply_map_bonus(state: GameState, action: TakeMapBonus) -> GameState:
    """Take (and then place) a common treasure for a covered map, or decline it."""
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, MapBonus) or top.player != action.player:
        raise IllegalAction("MAP-1", f"{subject(action.player, 'has')} no treasure-map bonus to take now")
    player = state.player(action.player)
    rest = state.pending[:-1]
    if top.count > 1:
        rest = (*rest, replace(top, count=top.count - 1))
    if action.shape is None:
        return replace(state, pending=rest).logged(player.name, "declines a treasure-map bonus")
    if variant(state.mode).family_lessons and isinstance(action.shape, str) and action.shape.startswith("rare:"):
        tile = tile_in(state.rare_display, action.shape)
        if tile is None or not player.boat.can_place(tile, must_touch(player)):
            raise IllegalAction(
                "FAMILY-4", f"{quote(action.shape)} is not a rare treasure on display that fits on the boat"
            )
        state = replace(state, pending=rest, rare_display=without(state.rare_display, tile))
        state = state.logged(player.name, f"takes one {tile} for a treasure map (FAMILY-4)")
        return push_placement(state, player.name, tile, "rare_display")
    if action.shape not in COMMON_SHAPES:
        raise IllegalAction("MAP-1", f"a map gives a common treasure (1x1, 1x2, L3, I3), not {quote(action.shape)}")
    if action.shape not in placeable_common_shapes(state, player, (action.shape,)):
        raise IllegalAction(
            "MAP-1", f"no {treasure_words('common', action.shape)} is left in the supply that fits on "
            f"{possessive(player.name)} boat"
        )
    state, tile = take_common(replace(state, pending=rest), action.shape)
    state = state.logged(player.name, f"takes {with_article(str(tile))} for a treasure map")
    return push_placement(state, player.name, tile, "common_supply")


def tile_in(tiles: tuple[Tile, ...], tile_id: str) -> Tile | None:
    """The tile with this id among ``tiles``, if present."""
    return next((t for t in tiles if t.id == tile_id), None)


def fits(player: PlayerState, tile: Tile) -> bool:
    """Whether ``tile`` has a legal place on the player's boat now (PLACE-5; an Oshax fits whatever its colour)."""
    probe = tile.with_colour("blue") if tile.kind == "oshax" and tile.colour is None else tile
    return player.boat.can_place(probe, must_touch(player))


def fit_refusal(player: PlayerState, tile: Tile, rule: str, named: str | None = None) -> IllegalAction | None:
    """Why the player may not gain a tile that has no legal placement on their boat (PLACE-5), or ``None``;
    ``named`` is the tile in words that tell it apart where it lies (:func:`~isle_nb.model.parts.words.tile_among`)."""
    if fits(player, tile):
        return None
    return IllegalAction(rule, f"{named or f'the {tile}'} has no legal place on {possessive(player.name)} boat, so "
                               "it cannot be taken (PLACE-5)")


def check_fits(player: PlayerState, tile: Tile, rule: str, named: str | None = None) -> None:
    """Refuse to gain a tile that has no legal placement on the player's boat (PLACE-5)."""
    refusal = fit_refusal(player, tile, rule, named)
    if refusal is not None:
        raise refusal
