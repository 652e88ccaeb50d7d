"""Bots that play through the public API only: :meth:`Game.legal_actions` and :meth:`Game.apply`.

* :class:`RandomBot` picks uniformly among the legal actions (seeded, so games replay).
* :class:`GreedyBot` prefers placements that grow families, cover rats and fill rooms, buys cards it can use,
  and rescues when it can afford to.

:func:`play` (the one driver of every game, :func:`isle_nb.model.core.shell.play`) runs a game with bots in some seats
until the game ends or a human seat must act. :class:`Bot` is the one bot protocol of every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from isle_nb.model.core.contract import Bot, Shell
from isle_nb.model.core.random_bot import RandomBot
from isle_nb.model.core.shell import bot_by_name, play
from isle_nb.model.isle.actions import (
    Action,
    ChooseRescueCards,
    DraftPick,
    Pass,
    Place,
    Rescue,
)
from isle_nb.model.isle.judgement import (
    card_value,
    of_kind,
    own_choices,
    simple_gains,
    thumb_choice,
    turn_moves,
)
from isle_nb.model.isle.search import SearchBot
from isle_nb.model.isle.state import FIELD_COST, GameState, PlayerState, tile_to_place
from isle_nb.model.parts.boat_analysis import colour_counts
from isle_nb.model.parts.judgement import placement_value
from isle_nb.model.parts.tiles import COLOURS, Tile


class GreedyBot:
    """A simple greedy player: good placements, useful cards, rescues while it can pay."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Shell, player: str, actions: Sequence[Action]) -> Action:
        """The action that looks best by simple rules of thumb."""
        state = game.state
        me = state.player(player)
        first = actions[0]
        actions = own_choices(actions)  # the phase's own choices, no anytime plays
        kind = first.kind  # the decision to make, by its action kind (the JSON discriminator)
        if kind == "place":
            tile = tile_to_place(state)
            assert tile is not None
            places = of_kind(actions, Place)  # all of them: one kind, as the first
            if tile.kind == "oshax":
                counts = colour_counts(me.boat)
                best_colour = max(COLOURS, key=lambda c: counts.get(c, 0))
                places = [a for a in places if a.colour == best_colour] or places
            return max(places, key=lambda a: placement_value(me.boat, tile, a.cells))
        if kind in ("draft_pick", "choose_rescue_cards"):
            picks = [a for a in actions if isinstance(a, (DraftPick, ChooseRescueCards))]  # all: one kind, as first
            return max(picks, key=lambda a: sum(card_value(c, state, player) for c in a.cards))
        thumb = thumb_choice(state, me, actions)  # buys, lesson colours, map bonuses: as every bot chooses them
        if thumb is not None:
            return thumb
        if kind in ("choose_field", "keep_family_lessons"):
            return first
        if kind == "move_cat":
            return next(a for a in actions if isinstance(a, Pass))
        rescues, takes, finds = turn_moves(actions)
        if rescues:
            return max(rescues, key=lambda a: self._rescue_value(state, me, a))
        if takes:
            around = {t.id: t for t in state.around_island}
            return max(takes, key=lambda a: self._tile_value(me, around[a.tile]))
        if finds:
            return finds[0]
        gains = simple_gains(actions)
        if gains:
            return gains[0]
        passes = [a for a in actions if isinstance(a, Pass)]
        if passes:
            return passes[0]
        return self.rng.choice(list(actions))

    @staticmethod
    def _tile_value(player: PlayerState, tile: Tile) -> float:
        """The best placement value of a tile for this player (with card 69/70's freedom if they have it), plus its
        size (bigger cats fill the boat faster)."""
        placements = player.boat.legal_placements(tile, must_touch=not player.place_anywhere)
        return (
            max((placement_value(player.boat, tile, sorted(p.cells)) for p in placements), default=-100.0) + tile.size
        )

    @classmethod
    def _rescue_value(cls, state: GameState, player: PlayerState, action: Rescue) -> float:
        tile = next(t for t in state.field(action.field) if t.id == action.tile)
        return cls._tile_value(player, tile) - FIELD_COST[action.field] * 0.5

    def __repr__(self) -> str:
        return "GreedyBot()"


BotFactory = Callable[[int], Bot[Action]]
"""Makes a bot from a seed (a bot class, or a function)."""

BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
"""The bots by name: the one registry behind ``play_app``'s ``"bot:<name>"`` seats, :func:`make_bot` and
``isle_nb.simulate``'s ``bots=``. A new bot is one entry here."""


def make_bot(kind: str, seed: int = 0) -> Bot[Action]:
    """A bot by name, one of :data:`BOTS` (``"random"``, ``"greedy"``, ...)."""
    return bot_by_name(BOTS, kind, seed)


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "card_value", "make_bot", "placement_value", "play"]
