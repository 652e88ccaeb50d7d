"""Pocket Cats bots, playing through the legality API only (:func:`play_pocket` is the one ``play`` of every game).

* :class:`PocketRandomBot` picks uniformly among the legal actions (seeded, so games replay).
* :class:`PocketGreedyBot` flips at random (it cannot see under the tiles), then picks the move that leaves the
  best *capture balance*: its points minus the opponent's if the game were scored now on the face-up tiles
  (dogs attacking, chiefs' reach and clan bonuses included; face-down tiles count for nothing). At the end it
  picks the Royal Claws rotation that scores best.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from isle_nb.model.core.contract import Bot, Shell
from isle_nb.model.core.random_bot import RandomBot
from isle_nb.model.core.shell import bot_by_name, play
from isle_nb.model.pocket.actions import ChooseClan, Flip, KeepDogs, PocketAction, RotateDog, Stay, Swap
from isle_nb.model.pocket.board import Grid, swap
from isle_nb.model.pocket.endgame import before_rotation, resolve
from isle_nb.model.pocket.state import PocketState

PocketBot = Bot[PocketAction]
"""A bot for Pocket Cats: the one :class:`~isle_nb.model.core.contract.Bot` protocol over Pocket actions."""


class PocketRandomBot(RandomBot):
    """Chooses uniformly at random among the legal actions (the shared :class:`RandomBot`)."""


def capture_balance(state: PocketState, player: str, grid: Grid | None = None) -> int:
    """``player``'s points minus the opponent's if the face-up tiles of ``grid`` were scored now (a preview)."""
    first, second = state.clans
    assert first is not None and second is not None
    result = resolve(state.grid if grid is None else grid, state.players, (first, second), state.effects,
                     preview=True)
    mine = result.score(player).total
    other = sum(s.total for s in result.scores) - mine
    return mine - other


CLAN_PREFERENCE = ("power cats", "crooks", "defenders of justice", "gourmets", "royal claws", "polterkitties",
                   "chaoticats")


class PocketGreedyBot:
    """Maximises the capture balance after its move; flips at random (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Shell, player: str, actions: Sequence[PocketAction]) -> PocketAction:
        """The action with the best capture balance (ties broken at random)."""
        state: PocketState = game.state
        first = actions[0]
        if isinstance(first, Flip):
            return self.rng.choice(list(actions))
        if isinstance(first, ChooseClan):
            choices = [a for a in actions if isinstance(a, ChooseClan)]  # all of them: one kind, as the first
            return min(choices, key=lambda a: CLAN_PREFERENCE.index(a.clan))
        if isinstance(first, (Swap, Stay)):
            scored = [(capture_balance(state, player, self._after(state, a)), a) for a in actions]
            return self._best(scored)
        if isinstance(first, (RotateDog, KeepDogs)):
            first_clan, second_clan = state.clans
            assert first_clan is not None and second_clan is not None, "the dogs turn once both clans are chosen"
            clans = (first_clan, second_clan)
            grid = before_rotation(state.grid, clans, state.effects)
            scored = []
            for action in actions:
                rotation = (action.cell, action.quarter_turns) if isinstance(action, RotateDog) else None
                result = resolve(grid, state.players, clans, state.effects, rotation, preview=False)
                scored.append((2 * result.score(player).total - sum(s.total for s in result.scores), action))
            best = max(value for value, _ in scored)
            keep = [a for value, a in scored if value == best and isinstance(a, KeepDogs)]
            return keep[0] if keep else self._best(scored)  # turn a dog only when it helps
        return first

    @staticmethod
    def _after(state: PocketState, action: PocketAction) -> Grid:
        if isinstance(action, Swap):
            return swap(state.grid, action.source, action.target)
        return state.grid

    def _best(self, scored: list[tuple[int, PocketAction]]) -> PocketAction:
        best = max(value for value, _ in scored)
        return self.rng.choice([a for value, a in scored if value == best])

    def __repr__(self) -> str:
        return "PocketGreedyBot()"


POCKET_BOTS: dict[str, type[PocketRandomBot] | type[PocketGreedyBot]] = {
    "random": PocketRandomBot,
    "greedy": PocketGreedyBot,
}


def make_pocket_bot(kind: str, seed: int = 0) -> PocketBot:
    """A bot by name: ``"random"`` or ``"greedy"``."""
    return bot_by_name(POCKET_BOTS, kind, seed)


play_pocket = play
"""Let bots play a Pocket Cats match: the one driver of every game, :func:`isle_nb.model.core.shell.play`."""
