"""The immutable state of a Pocket Cats match, and its setup (POCKET-1, POCKET-5).

A :class:`PocketState` is a frozen value; :mod:`.rules` turns a state and an action into the next state. Chance is
explicit: the clan cards and the grid are shuffled by :func:`rng`, seeded from the match seed, the game number and
what is being shuffled, so a match replays exactly from its seed and actions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from isle_nb.model.core.contract import LogEntry
from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.core.records import check_names, check_seed
from isle_nb.model.parts.words import subject
from isle_nb.model.pocket.board import CENTRE, TURNS_PER_GAME, Grid, Square, grid_from_rows, index
from isle_nb.model.pocket.endgame import EndResult
from isle_nb.model.pocket.tiles import CLAN_KEYS, CLANS, clan_key, exact_clan_key, game_tile_ids, tile

Variant = Literal["freedom", "limited", "experts"]
VARIANTS: tuple[Variant, ...] = ("freedom", "limited", "experts")
"""The ways to play a match (POCKET-5): free choice of clans, clan cards, or the experts' two games."""
Stage = Literal["choose_clan", "flip", "move", "chief", "between", "over"]
"""What the match waits for: clan choices, a flip, the move of the flipped tile, the Royal Claws chief's choice at
the end, the start of the second experts game, or nothing (over)."""

DEFAULT_PLAYERS: tuple[str, str] = ("Player 1", "Player 2")
DEFAULT_CLANS: tuple[str, str] = ("royal claws", "gourmets")


@dataclass(frozen=True, slots=True)
class PocketState:
    """Everything about a match: players, clans, the grid, whose turn, and finished games."""

    players: tuple[str, str]
    variant: Variant
    effects: bool
    seed: int
    stage: Stage
    game: int = 1
    """1, or 2 for the second game of an experts match."""
    first: int = 0
    """The player (0 or 1) who starts this game."""
    current: int = 0
    """The player (0 or 1) whose turn it is (or who chooses a clan first)."""
    clans: tuple[str | None, str | None] = (None, None)
    offers: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """Clan cards in front of each player while choosing (POCKET-5)."""
    grid: Grid = ()
    flipped: tuple[int, int] | None = None
    """The cell of the tile flipped this turn, waiting to be moved."""
    last_swap: tuple[tuple[int, int], tuple[int, int]] | None = None
    """The two cells of the latest swap (from, to), until a tile is left in place or the next game starts."""
    turn: int = 0
    """Turns completed in this game (0-24)."""
    revealed: int = 0
    """Counts moments that revealed hidden information (a flip, a clan card); undo never crosses one."""
    end: EndResult | None = None
    """The resolution of this game once it is over."""
    finished: tuple[EndResult, ...] = ()
    """Every finished game of the match (experts mode has two)."""
    log: tuple[LogEntry, ...] = field(default=())

    @property
    def over(self) -> bool:
        """True once the match has ended."""
        return self.stage == "over"

    def clan_of(self, player: str) -> str | None:
        """The clan key of a player (``None`` before it is chosen)."""
        return self.clans[self.seat(player)]

    def seat(self, player: str) -> int:
        """0 or 1; raises IllegalAction(POCKET-1) for an unknown name."""
        if player not in self.players:
            known = ", ".join(self.players)
            raise IllegalAction("POCKET-1", f"there is no player called {quote(player)} (players: {known})")
        return self.players.index(player)

    def owner(self, clan: str) -> str | None:
        """The player playing a clan."""
        for player, key in zip(self.players, self.clans, strict=True):
            if key == clan:
                return player
        return None

    def face_down(self) -> int:
        """How many tiles are face down on the grid."""
        return sum(1 for s in self.grid if not s.face_up)

    def logged(self, player: str | None, text: str, private: bool = False) -> PocketState:
        """The state with one more log line."""
        return replace(self, log=(*self.log, LogEntry(self.game, self.stage, player, text, private, self.turn)))


def rng(seed: int, game: int, purpose: str) -> random.Random:
    """The random generator for one shuffle of one game of a match."""
    return random.Random(f"pocket:{seed}:{game}:{purpose}")


def deal_grid(seed: int, game: int, clans: tuple[str, str]) -> Grid:
    """Shuffle the 25 tiles face down into the grid, give each dog a random turn, flip the centre (POCKET-1).

    Dogs keep the turn they get here for the whole game (POCKET-6 Decision).
    """
    random_ = rng(seed, game, "grid")
    ids = list(game_tile_ids(clans))
    random_.shuffle(ids)
    squares = [Square(t, False, random_.randrange(4) if tile(t).kind == "dog" else 0) for t in ids]
    squares[index(CENTRE)] = squares[index(CENTRE)].flipped(True)
    return tuple(squares)


def start_game(state: PocketState) -> PocketState:
    """Deal the grid once both clans are known, and hand the first turn to the starting player.

    This reveals the centre tile (and both clans), so undo never goes back across it.
    """
    first, second = state.clans
    assert first is not None and second is not None
    grid = deal_grid(state.seed, state.game, (first, second))
    state = replace(state, stage="flip", grid=grid, current=state.first, turn=0, flipped=None, offers=((), ()),
                    revealed=state.revealed + 1)
    centre = grid[index(CENTRE)].piece
    return state.logged(
        None,
        f"Game {state.game}: {CLANS[first].name} ({state.players[0]}) against {CLANS[second].name} "
        f"({state.players[1]}). The tiles are dealt face down; the centre shows {centre.label}. "
        f"{subject(state.players[state.first], 'starts')}.",
    )


def draw_clan_cards(state: PocketState) -> PocketState:
    """Deal clan cards for limited mode (3 each) or an experts game (3 to the starting player) (POCKET-5)."""
    cards = list(CLAN_KEYS)
    rng(state.seed, state.game, "clans").shuffle(cards)
    if state.variant == "limited":
        offers: tuple[tuple[str, ...], tuple[str, ...]] = (tuple(cards[:3]), tuple(cards[3:6]))
    else:
        hand = tuple(cards[:3])
        offers = (hand, ()) if state.first == 0 else ((), hand)
    state = replace(state, stage="choose_clan", offers=offers, clans=(None, None), current=state.first,
                    revealed=state.revealed + 1)
    for seat, offer in enumerate(offers):
        if offer:
            names = ", ".join(CLANS[k].name for k in offer)
            state = state.logged(state.players[seat], f"{subject(state.players[seat], 'draws')} {names}.", private=True)
    return state


def new_state(
    players: Sequence[str] | int = DEFAULT_PLAYERS,
    clans: Sequence[str] | None = None,
    variant: str = "freedom",
    effects: bool = True,
    seed: int = 0,
) -> PocketState:
    """A new match. The freedom variant needs two different clans (default Royal Claws against Gourmets); the
    limited and experts variants draw clan cards instead (POCKET-5). Raises IllegalAction for a bad setup."""
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise IllegalAction("POCKET-5", f"unknown variant {quote(variant)}; choose one of {', '.join(VARIANTS)}")
    names = check_names(players, range(2, 3), "POCKET-1", "Pocket Cats")
    seed = check_seed(seed, "POCKET-1")
    if not isinstance(effects, bool):
        raise IllegalAction("POCKET-5", f"effects must be True or False, not {quote(effects)}")
    if clans is not None and (
        not isinstance(clans, (list, tuple)) or len(clans) != 2 or not all(isinstance(c, str) for c in clans)
    ):
        raise IllegalAction("POCKET-5", f"clans must be two clan names, not {quote(clans)}")
    state = PocketState(players=(names[0], names[1]), variant=variant, effects=effects, seed=seed, stage="choose_clan")
    if variant != "freedom":
        if clans is not None:
            raise IllegalAction(
                "POCKET-5", f"in the {variant} variant the clans come from the clan cards; do not pass clans"
            )
        return draw_clan_cards(state)
    keys = tuple(exact_clan_key(c) for c in (tuple(clans) if clans is not None else DEFAULT_CLANS))
    if len(keys) != 2 or keys[0] == keys[1]:
        raise IllegalAction("POCKET-5", f"each player needs a different clan, got {quote(clans)}")
    return start_game(replace(state, clans=(keys[0], keys[1])))


def scenario(
    layout: Iterable[Iterable[str | Square]],
    clans: tuple[str, str] = DEFAULT_CLANS,
    effects: bool = True,
    players: tuple[str, str] = DEFAULT_PLAYERS,
    first: int = 0,
) -> PocketState:
    """A freedom-mode state on a hand-built grid (see :func:`~isle_nb.model.pocket.board.grid_from_rows`).

    Tiles written ``"?id"`` lie face down. The turn number follows from the face-down count (one flip per turn)
    and the player to flip next from ``first``. With no face-down tile left the state is ready for the end of the
    game: pass it to :func:`isle_nb.model.pocket.endgame.resolve`. Such a state has no seed history, so a game
    built on it cannot be saved and replayed.
    """
    keys = (clan_key(clans[0]), clan_key(clans[1]))
    grid = grid_from_rows(layout)
    expected = set(game_tile_ids(keys))
    if {s.tile for s in grid} != expected:
        raise ValueError("the grid must hold exactly the 25 tiles of a game between these clans")
    turn = max(0, TURNS_PER_GAME - sum(1 for s in grid if not s.face_up))
    return PocketState(players=players, variant="freedom", effects=effects, seed=0, stage="flip", first=first,
                       current=(first + turn) % 2, clans=keys, grid=grid, turn=turn)
