"""Helpers shared by the rules tests: hand-built game states, stepping a game to a phase, and the invariants.

States are built from :func:`engine.new_game` output with ``dataclasses.replace``. Cards and tiles are *moved*
(taken out of wherever they are, put where the test wants them), so every hand-built state still holds each of
the 150 cards and 160 tiles exactly once and :func:`check_invariants` can run on it too.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import cache

from isle_nb.model.isle import engine
from isle_nb.model.isle.actions import (
    Action,
    Buy,
    BuyDrawn,
    ChooseRescueCards,
    Pass,
    PlayAnytime,
    PlayTreasure,
    Rescue,
)
from isle_nb.model.isle.frames import card_locations, tile_locations
from isle_nb.model.isle.state import FIELD_COST, FISH_PER_DAY, GameState, PlayerState
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.boat_analysis import colour_counts
from isle_nb.model.parts.cards import card, discovery_card_ids
from isle_nb.model.parts.tiles import Tile, common_supply_per_shape

NAMES = ("Ann", "Ben", "Cat", "Dan")
TILE_TOTALS = {"cat": 85, "oshax": 6, "rare": 25, "common": 44}
CARD_TOTAL = 150


# ==== building states ==========================================================================================
def new_state(players: int = 2, seed: int = 0) -> GameState:
    """A new standard game for ``players`` players named Ann, Ben, Cat, Dan (in seat order)."""
    return engine.new_game(NAMES[:players], seed)


def _without_card(state: GameState, card_id: int) -> GameState:
    """``state`` with ``card_id`` taken out of wherever it is."""

    def drop(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(c for c in cards if c != card_id)

    players = tuple(
        replace(
            p,
            hand=drop(p.hand),
            private_lessons=drop(p.private_lessons),
            colour_lessons=drop(p.colour_lessons),
            pack=drop(p.pack),
            drafted=drop(p.drafted),
            rescue_cards=None if p.rescue_cards is None else drop(p.rescue_cards),
        )
        for p in state.players
    )
    return replace(
        state,
        players=players,
        deck=drop(state.deck),
        discard=drop(state.discard),
        public_lessons=tuple(item for item in state.public_lessons if item[0] != card_id),
    )


def give_cards(state: GameState, name: str, cards: Iterable[int], where: str = "hand") -> GameState:
    """Move ``cards`` into a player's ``hand`` (or ``private_lessons``, ``pack``, ``drafted``, ``rescue_cards``)."""
    for card_id in cards:
        state = _without_card(state, card_id)
        player = state.player(name)
        current = getattr(player, where) or ()
        state = state.update_player(name, **{where: (*current, card_id)})
    return state


def set_hand(state: GameState, name: str, cards: Iterable[int]) -> GameState:
    """Make ``cards`` exactly the player's hand; the cards they held go to the discard pile."""
    cards = tuple(cards)
    old = tuple(c for c in state.player(name).hand if c not in cards)
    state = state.update_player(name, hand=())
    state = replace(state, discard=state.discard + old)
    return give_cards(state, name, cards)


def card_to_pile(state: GameState, card_id: int, pile: str = "deck", top: bool = True) -> GameState:
    """Move a card to the top (or bottom) of the deck or onto the discard pile."""
    state = _without_card(state, card_id)
    cards = getattr(state, pile)
    return replace(state, **{pile: (card_id, *cards) if top else (*cards, card_id)})


TILE_PLACES = (
    "bag", "left_field", "right_field", "around_island", "rare_display", "common_supply", "oshax_supply", "box"
)


def _without_tile(state: GameState, tile: Tile) -> GameState:
    """``state`` with ``tile`` (matched by id, so an Oshax whatever its colour) taken out of wherever it is."""
    changes = {place: tuple(t for t in getattr(state, place) if t.id != tile.id) for place in TILE_PLACES}
    players = []
    for p in state.players:
        placed = p.boat.find(tile)
        players.append(replace(p, boat=p.boat.remove(placed.tile)) if placed else p)
    return replace(state, players=tuple(players), **changes)


def move_tile(state: GameState, tile: Tile, to: str, position: int | None = None) -> GameState:
    """Move ``tile`` to one of :data:`TILE_PLACES` (appended, or inserted at ``position``)."""
    state = _without_tile(state, tile)
    tiles = list(getattr(state, to))
    tiles.insert(len(tiles) if position is None else position, tile)
    return replace(state, **{to: tuple(tiles)})


def set_field(state: GameState, which: str, tiles: Sequence[Tile]) -> GameState:
    """Make ``tiles`` exactly the cats of one field; the cats that were there go to the box."""
    place = f"{which}_field"
    for old in getattr(state, place):
        state = move_tile(state, old, "box")
    for tile in tiles:
        state = move_tile(state, tile, place)
    return state


def put_on_boat(state: GameState, name: str, tile: Tile, cells: Iterable[tuple[int, int]]) -> GameState:
    """Move ``tile`` (an Oshax with its colour) onto a player's boat at ``cells`` (touch rule not checked)."""
    state = _without_tile(state, tile)
    player = state.player(name)
    boat = player.boat.place(tile, list(cells), must_touch=False)
    return state.update_player(name, boat=boat)


def first_placement(boat: Boat, tile: Tile, must_touch: bool = True) -> tuple[tuple[int, int], ...]:
    """The cells of the first legal placement of ``tile`` (sorted)."""
    placements = boat.legal_placements(tile, must_touch)
    assert placements, f"{tile} has no legal placement"
    return tuple(sorted(placements[0].cells))


def cram_boat(
    state: GameState, name: str, keep: Iterable[tuple[int, int]] = (), tiles: Iterable[Tile] | None = None
) -> GameState:
    """Fill a player's boat with ``tiles`` (default: the cats and rare treasures in the bag), leaving ``keep`` free,
    so that nothing bigger than a few cells fits afterwards. Each tile goes to its first legal place that avoids
    ``keep`` (touch rule ignored) and is moved from where it was, so every tile is still counted once."""
    keep = frozenset(keep)
    for tile in list(state.bag if tiles is None else tiles):
        boat = state.player(name).boat
        spot = next((p for p in boat.legal_placements(tile, must_touch=False) if not p.cells & keep), None)
        if spot is not None:
            state = put_on_boat(state, name, tile, spot.cells)
    return state


def free_cells(state: GameState, name: str) -> frozenset[tuple[int, int]]:
    """The empty cells of a player's boat."""
    boat = state.player(name).boat
    return boat.cells - boat.covered


# ==== stepping a game ==========================================================================================
Policy = Callable[[GameState, str, list[Action]], Action]


def first_policy(state: GameState, name: str, actions: list[Action]) -> Action:
    """The first legal action that is not an anytime card (buy nothing, choose no rescue cards, ...)."""
    return next(a for a in actions if not isinstance(a, PlayAnytime))


def passive_policy(state: GameState, name: str, actions: list[Action]) -> Action:
    """Like :func:`first_policy`, but pass whenever passing is possible."""
    passes = [a for a in actions if isinstance(a, Pass)]
    return passes[0] if passes else first_policy(state, name, actions)


def step(state: GameState, policy: Policy = first_policy) -> GameState:
    """Apply one action of the first awaited player, chosen by ``policy``."""
    name = engine.awaiting(state)[0]
    return engine.apply(state, policy(state, name, engine.legal_actions(state, name)))


def step_until(
    state: GameState, done: Callable[[GameState], bool], policy: Policy = first_policy, limit: int = 5000
) -> GameState:
    """Step with ``policy`` until ``done(state)``."""
    for _ in range(limit):
        if done(state):
            return state
        assert not state.over, "the game ended first"
        state = step(state, policy)
    raise AssertionError("step limit reached")


def to_phase(state: GameState, phase: str, step_name: str | None = None, day: int | None = None,
             policy: Policy = first_policy) -> GameState:
    """Step until the game is in ``phase`` (and ``step``, and ``day``) with no pending decision."""
    return step_until(
        state,
        lambda s: s.phase == phase
        and (step_name is None or s.step == step_name)
        and (day is None or s.day == day)
        and not s.pending,
        policy,
    )


def apply_all(state: GameState, actions: Iterable[Action]) -> GameState:
    """Apply several actions in order."""
    for action in actions:
        state = engine.apply(state, action)
    return state


def choose_rescue_cards(state: GameState, cards: dict[str, tuple[int, ...]]) -> GameState:
    """In the rescue phase's choose step: everyone chooses (``cards``, default none); reveals the cards."""
    for p in state.players:
        state = engine.apply(state, ChooseRescueCards(p.name, cards.get(p.name, ())))
    return state


def rescue_turns(state: GameState, cards: dict[str, tuple[int, ...]] | None = None) -> GameState:
    """A state at the start of the rescue turns (cards must already be in the players' hands)."""
    state = to_phase(state, "rescue", "choose")
    return choose_rescue_cards(state, cards or {})


def pass_until_rare_finds(state: GameState) -> GameState:
    """Everyone passes the rescue turns (state must be in rescue turns)."""
    while state.phase == "rescue":
        name = engine.awaiting(state)[0]
        state = engine.apply(state, Pass(name))
    return state


def names_in_turn_order(state: GameState) -> list[str]:
    """Player names in turn order."""
    return [state.players[s].name for s in state.turn_order]


@cache
def _every_card() -> list[int]:
    """The discovery deck's card numbers, sorted (worked out once: the invariants ask after every action)."""
    return sorted(discovery_card_ids())


# ==== invariants =============================================================================================
def check_invariants(
    state: GameState, previous: GameState | None = None, legal: dict[str, list[Action]] | None = None
) -> None:
    """Everything that must hold in every state (raises AssertionError naming what failed).

    Boats that are the very same object as in ``previous`` are not re-validated again; ``legal`` may give each
    player's legal actions if the caller has them already.
    """
    # every tile exactly once, constant counts per kind
    locations = tile_locations(state)
    ids = [t.id for t, _, _ in locations]
    if len(set(ids)) != len(ids):
        duplicates = [i for i, n in Counter(ids).items() if n > 1]
        raise AssertionError(f"tiles in two places: {duplicates}")
    kinds = Counter(t.kind for t, _, _ in locations)
    assert dict(kinds) == TILE_TOTALS, f"tile counts {dict(kinds)}"
    lying = state.left_field + state.right_field + state.around_island
    assert all(t.kind == "cat" for t in lying), "only cats lie in the fields and around the island"
    assert all(t.kind in ("cat", "rare") for t in state.bag), "the bag holds cats and rare treasures only"
    assert all(t.kind == "rare" for t in state.rare_display)
    assert all(t.kind == "common" for t in state.common_supply)
    assert all(t.kind == "oshax" and t.colour is None for t in state.oshax_supply)
    # every card exactly once
    cards = [c for c, _, _ in card_locations(state)]
    assert len(cards) == CARD_TOTAL, f"{len(cards)} cards located"
    assert sorted(cards) == _every_card(), "cards missing or repeated"
    # players
    for p in state.players:
        assert p.fish >= 0, f"{p.name} has {p.fish} fish"
        assert 0 <= p.baskets_used <= p.permanent_baskets, f"{p.name} baskets {p.baskets_used}/{p.permanent_baskets}"
        assert p.full_baskets >= 0 and p.half_baskets >= 0
        mask = 0
        for placed in p.boat.tiles:
            assert not mask & placed.mask, f"overlapping tiles on {p.name}'s boat"
            mask |= placed.mask
            if placed.tile.kind == "oshax":
                assert placed.tile.colour is not None, "a placed Oshax has a colour"
        assert mask == p.boat.occupied
        if previous is None or previous.players[p.seat].boat is not p.boat:
            assert Boat.from_dict(p.boat.to_dict()) == p.boat, f"{p.name}'s boat does not re-validate"
    assert sorted(state.turn_order) == list(range(len(state.players))), f"turn order {state.turn_order}"
    assert [p.seat for p in state.players] == list(range(len(state.players)))
    assert 1 <= state.day <= 5
    per_shape = common_supply_per_shape(len(state.players))
    assert all(n <= per_shape for n in Counter(t.shape for t in state.common_supply).values())
    if state.step == "turns" and not state.pending:
        assert state.turn is not None and not state.players[state.turn].passed, "the turn is someone still in"
    if previous is not None:
        assert state.revealed >= previous.revealed and state.draws >= previous.draws
        assert state.day >= previous.day
    # who acts
    waiting = engine.awaiting(state)
    legal = legal if legal is not None else {p.name: engine.legal_actions(state, p.name) for p in state.players}
    if state.over:
        assert waiting == ()
        assert all(actions == [] for actions in legal.values())
    else:
        assert waiting, f"nobody to act in {state.phase}/{state.step}"
        for name in waiting:
            assert legal[name], f"{name} must act but has no legal action"


def expected_fish_change(before: GameState, action: Action, after: GameState) -> dict[str, int]:
    """Each player's fish change for ``action``, recomputed from the rules (not from the engine's code).

    Fish change only by: +20 per day started (FISH-1), buying cards (EXPLORE-5, ANY-3), rescuing (RESCUE-4),
    cards 107-112 paid with a fish (RARE-3) and the fish gains of anytime cards (game-data §4.3).
    """
    delta = dict.fromkeys(before.names, 0)
    days = after.day - before.day
    for name in delta:
        delta[name] += FISH_PER_DAY * days
    actor = action.player
    me: PlayerState = before.player(actor)
    if isinstance(action, (Buy, BuyDrawn)):
        delta[actor] -= sum(card(c).cost for c in action.cards)
    elif isinstance(action, Rescue):
        delta[actor] -= FIELD_COST[action.field]
    elif isinstance(action, PlayTreasure) and action.pay:
        delta[actor] -= 1
    elif isinstance(action, PlayAnytime):
        effect = card(action.card).effect
        tiles = [p.tile for p in me.boat.tiles]
        gain = {
            "fish_per_oshax": 2 * sum(t.kind == "oshax" for t in tiles),
            "fish_per_private_lesson": len(me.private_lessons),
            "fish_per_colour": len({t.colour for t in tiles if t.kind == "cat"}),
            "fish_per_rare_treasure": 2 * sum(t.kind == "rare" for t in tiles),
            "fish_per_common_treasure": sum(t.kind == "common" for t in tiles),
            "fish_per_cat_of_colour": colour_counts(me.boat).get(action.colour, 0) if action.colour else 0,
            "discard_basket_for_fish": 5,
        }.get(effect, 0)
        delta[actor] += gain
    return delta


def check_fish(before: GameState, action: Action, after: GameState) -> None:
    """Fish are fully accounted: the change equals :func:`expected_fish_change`."""
    expected = expected_fish_change(before, action, after)
    actual = {p.name: after.player(p.name).fish - p.fish for p in before.players}
    assert actual == expected, f"fish changed by {actual}, expected {expected} after {action}"


def random_action(
    state: GameState, rnd: random.Random, anytime_chance: float = 0.1, legal: dict[str, list[Action]] | None = None
) -> Action:
    """A random legal action: usually one of an awaited player's, sometimes anyone's anytime card (ANY-2)."""
    legal = legal if legal is not None else {p.name: engine.legal_actions(state, p.name) for p in state.players}
    if rnd.random() < anytime_chance:
        plays = [a for actions in legal.values() for a in actions if isinstance(a, PlayAnytime)]
        if plays:
            return rnd.choice(plays)
    name = rnd.choice(engine.awaiting(state))
    return rnd.choice(legal[name])
