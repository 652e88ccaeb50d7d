"""What one player may see of a Pocket Cats match: a frozen :class:`PocketView` (POCKET-1, POCKET-5).

Face-down tiles show no tile (nor a dog's turn), the clan cards in front of the other player stay hidden, and so
does the other player's clan until both are chosen (limited and experts modes); private log lines of the other
player are left out. Anyone who is not a player gets the public view: no clan card, no clan before both are chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

from isle_nb.model.core.contract import LogEntry
from isle_nb.model.core.copying import Fields
from isle_nb.model.core.wire import Wire
from isle_nb.model.pocket.board import Cell, Square, cell_of
from isle_nb.model.pocket.endgame import EndResult, resolve
from isle_nb.model.pocket.state import PocketState, Stage, Variant
from isle_nb.model.pocket.tiles import PocketTile, game_tile_ids, tile


@dataclass(frozen=True, slots=True)
class VisibleSquare:
    """A cell as a player sees it: the tile and a dog's turn when face up, nothing but the back when face down."""

    tile: str | None
    face_up: bool
    turn: int = 0

    @property
    def piece(self) -> PocketTile:
        """The face-up tile lying here (a face-down square shows none: :class:`ValueError`)."""
        if self.tile is None:
            raise ValueError("a face-down tile is hidden")
        return tile(self.tile)


class PocketView(Wire, frozen=True):
    """The match as ``player`` may see it; with ``player`` ``None``, the public view every watcher gets."""

    player: str | None
    players: tuple[str, str]
    variant: Variant
    effects: bool
    stage: Stage
    game: int
    turn: int
    over: bool
    awaiting: tuple[str, ...]
    clans: tuple[str | None, str | None]
    """Each player's clan; the other player's stays ``None`` until both are chosen."""
    offer: tuple[str, ...]
    """The clan cards in front of the viewer (limited and experts modes; none in the public view)."""
    grid: tuple[VisibleSquare, ...]
    flipped: tuple[int, int] | None
    last_swap: tuple[tuple[int, int], tuple[int, int]] | None
    """The two cells of the latest swap, until a tile is left in place or the next game starts."""
    finished: tuple[EndResult, ...]
    log: tuple[LogEntry, ...]

    @property
    def end(self) -> EndResult | None:
        """How the game just played ended, while its end is shown (between the games of a match, or once over)."""
        return self.finished[-1] if self.finished and self.stage in ("over", "between") else None

    @property
    def points(self) -> dict[str, int]:
        """Each player's points over the games finished so far."""
        return {p: sum(r.score(p).total for r in self.finished) for p in self.players}

    @property
    def score_so_far(self) -> dict[str, int] | None:
        """Each player's points over the match if this game ended now: the finished games' points plus
        :attr:`points_now`; the finished games' alone between two games and once over; ``None`` while no score is
        known yet (the first game's clans are being chosen)."""
        now = self.points_now
        if now is not None:
            return {p: now[p] + points for p, points in self.points.items()}
        return self.points if self.finished else None

    @property
    def points_now(self) -> dict[str, int] | None:
        """Each player's points in this game if it ended now on the tiles face up (the dogs attack, then the prey
        are caught and scored as at the end, POCKET-3; face-down tiles take no part and no chief acts first): the
        score so far. ``None`` before both clans are known and once the game is over (its end is shown then)."""
        clans = self.clans
        if self.stage not in ("flip", "move", "chief") or clans[0] is None or clans[1] is None:
            return None
        # a face-down square shows no tile: the tiles not seen stand for them in any order (face-down tiles take no
        # part in a preview, but every tile of the game is on the grid)
        seen = {s.tile for s in self.grid if s.tile is not None}
        unseen = iter([t for t in game_tile_ids((clans[0], clans[1])) if t not in seen])
        grid = tuple(Square(s.tile or next(unseen), s.face_up, s.turn) for s in self.grid)
        result = resolve(grid, self.players, (clans[0], clans[1]), self.effects, preview=True)
        return {p: result.score(p).total for p in self.players}


_STATE = Fields(("players", "variant", "effects", "stage", "game", "turn", "over", "flipped", "last_swap", "finished"))
"""The view fields that are the state's own values, unchanged."""


def pocket_view(state: PocketState, viewer: str | None, awaiting: tuple[str, ...]) -> PocketView:
    """What ``viewer`` may see of ``state``; for anyone who is not a player (``None`` too), the public view."""
    seat = state.players.index(viewer) if viewer in state.players else None
    choosing = state.stage == "choose_clan"
    clans = tuple(c if s == seat or not choosing else None for s, c in enumerate(state.clans))
    return PocketView(
        **_STATE.of(state),
        player=None if seat is None else viewer,
        awaiting=awaiting,
        clans=(clans[0], clans[1]),
        offer=() if seat is None else state.offers[seat],
        grid=tuple(
            VisibleSquare(s.tile, True, s.turn) if s.face_up else VisibleSquare(None, False) for s in state.grid
        ),
        log=tuple(e for e in state.log if e.seen_by(None if seat is None else viewer)),
    )


def changed_cells(before: PocketView | None, now: PocketView) -> tuple[Cell, ...]:
    """The squares that changed since ``before``, the same player's view right after their last move (issue #22):
    flipped face up, swapped or a dog turned; none before their first move, or once another game of the match is
    dealt (every square is new then)."""
    if before is None or before.game != now.game or len(before.grid) != len(now.grid):
        return ()
    return tuple(cell_of(n) for n, (old, new) in enumerate(zip(before.grid, now.grid, strict=True)) if old != new)


__all__ = ["PocketView", "VisibleSquare", "changed_cells", "pocket_view"]
