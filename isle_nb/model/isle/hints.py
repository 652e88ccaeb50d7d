"""Hints that teach: what the search bot would do now, and why, in the model's own numbers.

:func:`hint` asks :class:`~isle_nb.model.isle.search.SearchBot` for the player's best action (it sees only that
player's view), plays it on a determinized copy of the game (nothing is played for real and no secret is used), and
explains it with the score breakdown before and after (families, rats, rooms, lessons), the fish and baskets left,
what the simulated rest of the day gave it over the next best choice, and what it gives up. For a placement it also
lists the best spots for the tile by score change (:attr:`Hint.placements`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from isle_nb.model.isle import actions, engine, results
from isle_nb.model.isle.actions import Action
from isle_nb.model.isle.determinize import determinize
from isle_nb.model.isle.search import Judged, SearchBot
from isle_nb.model.isle.state import FIELD_COST, GameState, tile_to_place
from isle_nb.model.isle.variants import variant
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.geometry import Cell
from isle_nb.model.parts.placement_effects import PlacementDescriber
from isle_nb.model.parts.tiles import Tile, treasure_words
from isle_nb.model.parts.words import chosen_words, tile_among

HINT_BUDGET = 8
"""Rollouts behind a hint (the same as the bot's default: a hint is what the bot would play)."""
TOP_PLACEMENTS = 3

CATEGORY_WORDS = {
    "rats": "rats",
    "rooms": "rooms",
    "families": "families",
    "rare_treasures": "rare treasures",
    "private_lessons": "private lessons",
    "public_lessons": "public lessons",
    "family_lessons": "family lessons",
    "colours": "colours",
    "solo_lessons": "solo lessons",
}


@dataclass(frozen=True)
class PlacementOption:
    """One spot for the tile being placed: the action, its cells, the score change and what it gives in words."""

    action: actions.Place
    cells: tuple[Cell, ...]
    score_change: int
    words: str


@dataclass(frozen=True)
class Hint:
    """What the search bot suggests for ``player`` now, with the numbers behind it.

    ``score_before``/``score_after`` are the player's totals if the game ended just before/after the action (on a
    copy of the game), ``categories_before``/``categories_after`` the breakdown; ``fish_*`` and ``baskets_*`` the
    fish and the baskets they could still use; ``value`` and ``runner_up_value`` the mean score lead at the end of
    the simulated day for the suggestion and the next best choice (``runner_up``); ``samples`` how many simulated
    days back the suggestion; ``placements`` the best spots by score change when a tile is being placed.
    """

    player: str
    action: Action
    summary: str
    reasons: tuple[str, ...]
    score_before: int
    score_after: int
    categories_before: Mapping[str, int]
    categories_after: Mapping[str, int]
    fish_before: int
    fish_after: int
    baskets_before: int
    baskets_after: int
    value: float
    runner_up: Action | None
    runner_up_value: float | None
    samples: int
    placements: tuple[PlacementOption, ...] = ()

    @property
    def text(self) -> str:
        """The suggestion and its reasons as plain sentences."""
        return " ".join((self.summary, *self.reasons))

    @property
    def score_change(self) -> int:
        """Points the action adds (or costs) right away."""
        return self.score_after - self.score_before

    def __str__(self) -> str:
        return self.text


# -- actions in words ------------------------------------------------------------------------------------------
def _card_words(card_id: int) -> str:
    found = card(card_id)
    return f"#{card_id} ({found.title})"


def _cards_words(cards: tuple[int, ...]) -> str:
    words = [_card_words(c) for c in cards]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _tile_words(tiles: tuple[Tile, ...], tile_id: str) -> str:
    """The tile with this id among ``tiles`` (a field, the cats around the island) in words that tell it apart."""
    tile = next((t for t in tiles if t.id == tile_id), None)
    return chosen_words(tile_id) if tile is None else tile_among(tile, tiles)


def map_bonus_words(shape: str) -> str:
    """What a treasure-map bonus takes, in words: a common treasure's shape, or a rare treasure's id (FAMILY-4)."""
    return str(Tile.from_id(shape)) if ":" in shape else treasure_words("common", shape)


def describe_action(state: GameState, action: Action) -> str:
    """``action`` as an instruction to the player, in the game's words."""
    if isinstance(action, actions.DraftPick):
        return f"Keep {_cards_words(action.cards)} from this pack."
    if isinstance(action, (actions.Buy, actions.BuyDrawn)):
        if not action.cards:
            return "Buy nothing and keep your fish."
        cost = sum(card(c).cost for c in action.cards)
        return f"Buy {_cards_words(action.cards)} for {cost} fish."
    if isinstance(action, actions.ChooseRescueCards):
        if not action.cards:
            return "Play no rescue cards today."
        speed = sum(card(c).speed for c in action.cards)
        return f"Play the rescue cards {_cards_words(action.cards)} (speed {speed})."
    if isinstance(action, actions.Rescue):
        tile = _tile_words(state.field(action.field), action.tile)
        return f"Rescue {tile} from the {action.field} field for {FIELD_COST[action.field]} fish."
    if isinstance(action, actions.TakeCat):
        return f"Take {_tile_words(state.around_island, action.tile)} from around the island."
    if isinstance(action, actions.Place):
        placing = tile_to_place(state)
        colour = f", as a {action.colour} cat" if action.colour else ""
        return f"Place the {placing or 'tile'} on the spot shown{colour}."
    if isinstance(action, actions.ChooseLessonColour):
        return f"Give lesson {_card_words(action.card)} the colour {action.colour}."
    if isinstance(action, actions.TakeMapBonus):
        return "Decline the treasure-map bonus." if action.shape is None else (
            f"Take the {map_bonus_words(action.shape)} for the map.")
    if isinstance(action, (actions.PlayOshax, actions.PlayTreasure, actions.PlayAnytime)):
        return f"Play {_card_words(action.card)}."
    if isinstance(action, actions.KeepFamilyLessons):
        return f"Keep the family lessons {_cards_words(action.cards)}."
    if isinstance(action, actions.ChooseField):
        return f"Put the cat in the {action.field} field."
    if isinstance(action, actions.MoveCat):
        return "Move the cat to the other field."
    if isinstance(action, actions.Pass):
        return "Pass."
    return f"{action.kind.replace('_', ' ').capitalize()}."


# -- building a hint -------------------------------------------------------------------------------------------
def _changes(before: Mapping[str, int], after: Mapping[str, int]) -> str:
    parts = [f"{CATEGORY_WORDS.get(k, k)} {after[k] - before[k]:+d}" for k in after if after[k] != before.get(k, 0)]
    return ", ".join(parts)


def _placements(state: GameState, player: str, world: GameState, judged: list[Judged]) -> tuple[PlacementOption, ...]:
    """The best few spots for the tile being placed, by score change (among the best by the rules of thumb); the
    bot's choice first."""
    tile = tile_to_place(state)
    assert tile is not None
    me = state.player(player)
    before = results.score_player(world, player).total
    options = []
    for entry in judged:
        action = entry.action
        assert isinstance(action, actions.Place)
        after = results.score_player(engine.apply(world, action), player).total
        shown = tile.with_colour(action.colour) if tile.kind == "oshax" and action.colour else tile
        words = PlacementDescriber(me.boat, shown).describe(action.cells)
        options.append(PlacementOption(action, action.cells, after - before, words))
    options.sort(key=lambda o: -o.score_change)
    best = judged[0].action
    first = [o for o in options if o.action == best]
    rest = [o for o in options if o.action != best]
    return tuple(first + rest)[:TOP_PLACEMENTS]


def hint(state: GameState, player: str, seed: int = 0, budget: int | float = HINT_BUDGET) -> Hint | None:
    """What :class:`SearchBot` would do for ``player`` now, explained; ``None`` if they have nothing to decide."""
    legal = engine.legal_actions(state, player)
    if not legal:
        return None
    bot = SearchBot(seed, budget=budget)
    judged = bot.judge(state, player, legal)
    best = judged[0]
    runner = judged[1] if len(judged) > 1 else None
    world = determinize(state, player, random.Random(f"hint:{seed}:{state.revealed}"))
    after_world = engine.apply(world, best.action)
    before = results.score_player(world, player)
    after = results.score_player(after_world, player)
    me_before, me_after = world.player(player), after_world.player(player)
    reasons = []
    if after.total != before.total:
        reasons.append(f"It changes your score from {before.total} to {after.total} points now "
                       f"({_changes(before.categories, after.categories)}).")
    elif isinstance(best.action, actions.Place):
        reasons.append(f"Your score stays {after.total} points for now, but it keeps the boat open for more.")
    if variant(state.mode).has_fish:
        spent = me_before.fish - me_after.fish
        fish = f"You keep {me_after.fish} fish" + (f" (it costs {spent})" if spent > 0 else "")
        reasons.append(f"{fish} and {me_after.baskets_available} basket"
                       f"{'s' if me_after.baskets_available != 1 else ''} to use.")
    if best.samples and runner is not None and not isinstance(best.action, actions.Place):
        reasons.append(
            f"In {best.samples} simulated rest{'s' if best.samples != 1 else ''} of the day it ends "
            f"{best.value:+.1f} points against the best rival, {best.value - runner.value:.1f} better than the next "
            f"choice: {describe_action(state, runner.action)[0].lower()}{describe_action(state, runner.action)[1:]}"
        )
    if isinstance(best.action, actions.DraftPick):
        me = state.player(player)
        passed = tuple(c for c in me.pack if c not in best.action.cards)
        if passed:
            reasons.append(f"It passes on {_cards_words(passed)}.")
    if isinstance(best.action, actions.Pass) and runner is not None:
        reasons.append("Passing gives up the rest of this phase: the simulations found nothing here worth its cost.")
    placements = _placements(state, player, world, judged) if isinstance(best.action, actions.Place) else ()
    if placements:
        top = placements[0]
        reasons.insert(0, top.words)
    return Hint(
        player=player,
        action=best.action,
        summary=describe_action(state, best.action),
        reasons=tuple(reasons),
        score_before=before.total,
        score_after=after.total,
        categories_before=MappingProxyType(dict(before.categories)),
        categories_after=MappingProxyType(dict(after.categories)),
        fish_before=me_before.fish,
        fish_after=me_after.fish,
        baskets_before=me_before.baskets_available,
        baskets_after=me_after.baskets_available,
        value=best.value,
        runner_up=runner.action if runner else None,
        runner_up_value=runner.value if runner else None,
        samples=best.samples,
        placements=placements,
    )


__all__ = ["Hint", "PlacementOption", "describe_action", "hint"]
