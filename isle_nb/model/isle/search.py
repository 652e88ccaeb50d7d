"""``SearchBot``: determinized Monte Carlo search that sees only its own seat's view.

For a decision that matters (draft picks, rescue cards, which cat to rescue or whether to pass, rare finds,
lesson colours, map bonuses, family lessons) the bot

1. orders the legal actions by the rules of thumb of :mod:`isle_nb.model.isle.judgement` and keeps the few best
   (plus passing, when passing is legal);
2. builds a *determinized* state from its view (:func:`~isle_nb.model.isle.determinize.determinize`: everything it
   cannot see is re-sampled), plays each candidate there and lets a fast rollout policy play every seat to the end
   of the day (common random numbers: every candidate meets the same guessed world);
3. scores where each rollout ends with :func:`evaluate` (its score lead from the model's score breakdown, plus
   what its fish, cards in hand and unfinished lessons are still worth), repeats with fresh determinizations while
   the budget lasts, and plays the candidate with the best mean.

Buying follows the rules of thumb directly: what a bought lesson or rescue card is worth shows only on later days
or at the final scoring, beyond the rollouts' horizon (the end of the day), where the fish it costs show at once;
searched, the bot bought too little (in 40 seeded 2-player games against GreedyBot it won 75 % searching its buys,
88 % following the rules of thumb).

A placement has no hidden consequences right away, so it is decided by a one-ply search: the best few spots by the
rules of thumb, each scored by the model after placing (families, rats, rooms, lessons) plus a little of the
rules-of-thumb value for what it leaves open. Decisions with one legal action, or where nothing is at stake
(choosing a field for card 83, moving cats with card 77) follow the rollout policy directly.

The budget is an ``int`` (rollouts per decision: the same seed gives the same decision, for tests and benchmarks)
or a ``float`` (seconds per decision; at least one full round of candidates is always played).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from isle_nb.model.core.contract import Shell
from isle_nb.model.isle import engine, results
from isle_nb.model.isle.actions import (
    Action,
    Buy,
    BuyDrawn,
    ChooseField,
    ChooseLessonColour,
    ChooseRescueCards,
    MoveCat,
    Pass,
    Place,
    PlayOshax,
    PlayTreasure,
    Rescue,
    TakeCat,
    TakeMapBonus,
)
from isle_nb.model.isle.determinize import determinize
from isle_nb.model.isle.gained_tiles import must_touch
from isle_nb.model.isle.judgement import (
    CARD_PICKS,
    bonus_size,
    card_worths,
    of_kind,
    own_choices,
    simple_gains,
    thumb_choice,
    turn_moves,
)
from isle_nb.model.isle.state import DAYS, FIELD_COST, SISTER, GameState, PlayerState, tile_to_place
from isle_nb.model.parts.boat_analysis import colour_counts
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.geometry import cells_to_mask, neighbours_mask
from isle_nb.model.parts.judgement import placement_value
from isle_nb.model.parts.tiles import COLOURS, Tile

DEFAULT_BUDGET = 8
"""Rollouts per searched decision by default (deterministic for a given seed)."""
CANDIDATES = 3
"""How many actions (besides passing or buying nothing) a searched decision compares."""
PLACEMENT_CANDIDATES = 6
"""How many placements the one-ply placement search scores with the model."""
ROLLOUT_LIMIT = 400
"""A safety cap on the actions of one rollout (a rollout ends with the day)."""


# -- evaluation ---------------------------------------------------------------------------------------------------
def _future_worth(state: GameState, player: PlayerState) -> float:
    """What the player's fish, cards in hand and lessons not yet met are still worth, in points, days to come."""
    days_left = DAYS - state.day + (0 if state.phase in ("rare_finds", "over") else 1)
    if state.over or days_left <= 0:
        return 0.01 * player.fish  # only a tie-break now (SCORE-8)
    worth = 0.45 * player.fish
    for card_id in player.hand:
        found = card(card_id)
        if found.type == "rescue":
            worth += {"full": 2.0, "half": 1.0, "none": 0.3}[found.basket] + 0.1 * found.speed
        elif found.type == "treasure" or found.type == "oshax":
            worth += 3.0
        elif found.type == "lesson":
            worth += 0.4 * (found.points or 4)
        else:
            worth += 1.0
    worth += 0.6 * min(days_left, 3) * len(player.private_lessons)
    return worth


def evaluate(state: GameState, player: str) -> float:
    """How good ``state`` looks for ``player``: their points plus future worth, minus the best rival's.

    Points come from the model's scoring (:func:`isle_nb.model.isle.results.score_player`); the rival is the best other
    player (the sister in a solo game).
    """
    def value(name: str) -> float:
        total = results.score_player(state, name).total
        if name == SISTER:
            return float(total)
        return total + _future_worth(state, state.player(name))

    mine = value(player)
    rivals = [p.name for p in state.players if p.name != player]
    if state.sister is not None:
        rivals.append(SISTER)
    if not rivals:
        return mine
    return mine - max(value(name) for name in rivals)


# -- the fast rollout policy --------------------------------------------------------------------------------------
def _colour_weight(player: PlayerState) -> dict[str, int]:
    return {colour: count for colour, count in colour_counts(player.boat).items()}


def _tile_worth(player: PlayerState, tile: Tile, counts: dict[str, int]) -> float:
    """A quick worth of a tile to a player, without looking for a spot: its colour on the boat and its size."""
    return 2.0 * counts.get(tile.colour or "", 0) + tile.size


def fast_placement(state: GameState, player: PlayerState, tile: Tile) -> Action | None:
    """The best spot for ``tile`` by a cheap bitmask score over the legal placements: cells of its colour it
    touches, rats it covers, rooms it fills, a treasure map of its colour, how snugly it fits."""
    boat = player.boat
    placements = boat.legal_placements(tile, must_touch(player))
    if not placements:
        return None
    colour = tile.colour
    if tile.kind == "oshax":
        counts = colour_counts(boat)
        most = max(COLOURS, key=counts.__getitem__)  # every colour is a key
        colour = most
    layout = boat.layout
    occupied = boat.occupied
    same = 0
    if colour is not None and (tile.is_cat or tile.kind == "oshax"):
        for placed in boat.tiles:
            if placed.tile.colour == colour:
                same |= placed.mask
    rats = layout.rat_mask & ~occupied
    free = layout.hull_mask & ~occupied
    open_rooms = [room for room in layout.room_masks.values() if room & free]
    maps = cells_to_mask(cell for cell, map_colour in layout.maps.items() if map_colour == colour) & free
    step = max(1, len(placements) // 48)  # a sample of the spots is plenty for a rollout
    best, best_value = placements[0], float("-inf")
    for placement in placements[::step]:
        mask = placement.mask
        around = neighbours_mask(mask) & ~mask
        left = free & ~mask
        value = (
            4.0 * (around & same).bit_count()
            + 2.0 * (mask & rats).bit_count()
            + 3.0 * bool(mask & maps)
            + 0.4 * (around & occupied).bit_count()
        )
        for room in open_rooms:
            if room & mask and not room & left:
                value += 6.0
        if value > best_value:
            best, best_value = placement, value
    return Place(player.name, best.sorted_cells, colour if tile.kind == "oshax" else None)


def policy_choice(state: GameState, player: str, actions: Sequence[Action]) -> Action:
    """The rollout policy: greedy rules of thumb that cost little (no placement search behind a rescue)."""
    me = state.player(player)
    first = actions[0]
    actions = own_choices(actions)
    if isinstance(first, Place):
        tile = tile_to_place(state)
        assert tile is not None
        return fast_placement(state, me, tile) or first
    if isinstance(first, CARD_PICKS):
        picks = [a for a in actions if isinstance(a, CARD_PICKS)]  # all of them: one kind, as the first
        worth = card_worths(state, player, picks)
        return max(picks, key=lambda a: sum(worth[c] for c in a.cards))
    thumb = thumb_choice(state, me, actions)  # buys, lesson colours, map bonuses
    if thumb is not None:
        return thumb
    if isinstance(first, ChooseField):
        return first
    rescues, takes, finds = _turn_choices(state, me, actions)
    for best in (rescues, takes, finds, simple_gains(actions)):
        if best:
            return best[0]
    passes = [a for a in actions if isinstance(a, Pass)]
    return passes[0] if passes else actions[0]


def _turn_choices(
    state: GameState, me: PlayerState, actions: Sequence[Action]
) -> tuple[list[Rescue], list[TakeCat], list[PlayOshax | PlayTreasure]]:
    """A turn's rescues, cat takes and rare finds, each best first by the rules of thumb."""
    counts = _colour_weight(me)
    fields = {"left": state.left_field, "right": state.right_field}
    around = {t.id: t for t in state.around_island}

    def rescue_worth(action: Rescue) -> float:
        tile = next(t for t in fields[action.field] if t.id == action.tile)
        return _tile_worth(me, tile, counts) - 0.5 * FIELD_COST[action.field]

    rescues, takes, finds = turn_moves(actions)
    return (sorted(rescues, key=lambda a: -rescue_worth(a)),
            sorted(takes, key=lambda a: -_tile_worth(me, around[a.tile], counts)), finds)


def _policy_action(state: GameState, name: str) -> Action:
    """The rollout policy's action for ``name``, enumerating placements only once (the hot path of rollouts)."""
    tile = tile_to_place(state)
    if tile is not None:
        found = fast_placement(state, state.player(name), tile)
        if found is not None:
            return found
    return policy_choice(state, name, engine.legal_actions(state, name))


def rollout(state: GameState, day: int) -> GameState:
    """Play every seat with the rollout policy until day ``day`` is over (or the game)."""
    for _ in range(ROLLOUT_LIMIT):
        if state.over or state.day != day:
            return state
        waiting = engine.awaiting(state)
        if not waiting:
            return state
        state = engine.apply(state, _policy_action(state, waiting[0]))
    return state


# -- the bot -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Judged:
    """One candidate action and what the search found: its mean value over ``samples`` rollouts."""

    action: Action
    value: float
    samples: int


class SearchBot:
    """Determinized Monte Carlo search with fast rollouts (see the module docstring).

    ``budget``: rollouts per decision (an ``int``, reproducible for a seed) or seconds per decision (a
    ``float``). The bot reads only what its seat may see: hidden cards, picks and future draws are re-sampled.
    """

    def __init__(self, seed: int = 0, budget: int | float = DEFAULT_BUDGET) -> None:
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or budget <= 0:
            raise ValueError(f"budget must be a positive number of rollouts (int) or seconds (float), not {budget!r}")
        self.seed = seed
        self.budget = budget

    def choose(self, game: Shell, player: str, actions: Sequence[Action]) -> Action:
        """The action with the best searched value (see :meth:`judge`)."""
        return self.judge(game.state, player, actions)[0].action

    def judge(self, state: GameState, player: str, actions: Sequence[Action]) -> list[Judged]:
        """The candidates the search compared, best first (one entry when there was nothing to compare)."""
        seen = sum(1 for entry in state.log if entry.visible_to(player))
        rng = random.Random(f"search:{self.seed}:{player}:{state.revealed}:{seen}")
        actions = list(actions)
        if len(actions) == 1:
            return [Judged(actions[0], 0.0, 0)]
        first = actions[0]
        if isinstance(first, Place):
            return self._judge_placements(state, player, actions, rng)
        if isinstance(first, (ChooseField, MoveCat, BuyDrawn, Buy)):
            return [Judged(policy_choice(state, player, actions), 0.0, 0)]
        candidates = self._candidates(state, player, actions)
        if len(candidates) == 1:
            return [Judged(candidates[0], 0.0, 0)]
        return self._search(state, player, candidates, rng)

    # -- candidates ------------------------------------------------------------------------------------------
    def _candidates(self, state: GameState, player: str, actions: list[Action]) -> Sequence[Action]:
        """The few actions worth searching, ordered by the rules of thumb; passing is always among them."""
        me = state.player(player)
        first = actions[0]
        actions = own_choices(actions)
        if isinstance(first, CARD_PICKS):
            picks = [a for a in actions if isinstance(a, CARD_PICKS)]  # all of them: one kind, as the first
            worth = card_worths(state, player, picks)
            ranked = sorted(picks, key=lambda a: -sum(worth[c] for c in a.cards))
            kept: list[Action] = list(ranked[:CANDIDATES])
            if isinstance(first, ChooseRescueCards) and ChooseRescueCards(player, ()) in actions:
                kept = _with(kept, ChooseRescueCards(player, ()))
            return kept
        if isinstance(first, ChooseLessonColour):
            counts = _colour_weight(me)
            return sorted(of_kind(actions, ChooseLessonColour), key=lambda a: -counts.get(a.colour, 0))[:3]
        if isinstance(first, TakeMapBonus):
            return sorted(of_kind(actions, TakeMapBonus), key=lambda a: -bonus_size(a.shape))[:CANDIDATES]
        # turns: rescue, take a cat, rare finds, anytime cards, pass
        rescues, takes, finds = _turn_choices(state, me, actions)
        kept = [*rescues[:CANDIDATES], *takes[: CANDIDATES - 1], *finds[:1], *simple_gains(actions)[:1]]
        kept += [a for a in actions if isinstance(a, Pass)][:1]
        return kept or [policy_choice(state, player, actions)]

    # -- searching -------------------------------------------------------------------------------------------
    def _search(
        self, state: GameState, player: str, candidates: Sequence[Action], rng: random.Random
    ) -> list[Judged]:
        """Mean evaluation of each candidate over determinized rollouts to the end of the day."""
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        timed = isinstance(self.budget, float)
        deadline = time.perf_counter() + float(self.budget) if timed else 0.0
        rounds = max(1, int(self.budget) // len(candidates)) if not timed else 1_000_000
        for round_number in range(rounds):
            world = determinize(state, player, rng)
            for index, action in enumerate(candidates):
                after = engine.apply(world, action)
                end = rollout(after, state.day)
                totals[index] += evaluate(end, player)
                counts[index] += 1
            if timed and round_number >= 0 and time.perf_counter() >= deadline:
                break
        judged = [Judged(a, totals[i] / counts[i], counts[i]) for i, a in enumerate(candidates)]
        return sorted(judged, key=lambda j: -j.value)

    def _judge_placements(
        self, state: GameState, player: str, actions: list[Action], rng: random.Random
    ) -> list[Judged]:
        """One-ply placement search: the best spots by the rules of thumb, each scored by the model after placing."""
        me = state.player(player)
        tile = tile_to_place(state)
        assert tile is not None
        boat = me.boat
        if tile.kind == "oshax":
            counts = colour_counts(boat)
            colours = sorted(COLOURS, key=lambda c: -counts.get(c, 0))[:2]
            actions = [a for a in actions if isinstance(a, Place) and a.colour in colours] or actions
        places = of_kind(actions, Place)  # a placement is pending: nothing else is offered (no anytime card)
        prior = {a: placement_value(boat, tile, a.cells) for a in places}
        ranked = sorted(places, key=lambda a: -prior[a])[:PLACEMENT_CANDIDATES]
        world = determinize(state, player, rng)
        judged = []
        for action in ranked:
            after = engine.apply(world, action)
            value = results.score_player(after, player).total + 0.25 * prior[action]
            judged.append(Judged(action, value, 1))
        return sorted(judged, key=lambda j: -j.value)

    def __repr__(self) -> str:
        return f"SearchBot(budget={self.budget!r})"


def _with(actions: list[Action], extra: Action) -> list[Action]:
    return actions if extra in actions else [*actions, extra]


__all__ = ["DEFAULT_BUDGET", "Judged", "SearchBot", "evaluate", "policy_choice", "rollout"]
