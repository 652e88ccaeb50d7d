"""The one legality API of Pocket Cats: :func:`legal_actions`, :func:`apply` and :func:`awaiting`, and
:data:`RULES`, the :class:`~isle_nb.model.core.contract.Rules` object the shell runs over.

:func:`apply` checks an action with the same code that :func:`legal_actions` enumerates with, and raises
:class:`~isle_nb.model.core.errors.IllegalAction` naming the POCKET rule it breaks. It never changes a state: it
returns a new one.

Moves (POCKET-2): a flipped prey swaps with one of the 8 tiles around it; a flipped cat with a tile 1 or 2 cells
away in a straight line along its row or column; a flipped dog with any tile in its row or column. Clan effects
(on the owner's turn, with effects on) add choices: the Royal Claws may swap a flipped cat with any face-up dog,
the Defenders of Justice may also swap it 1 or 2 cells along a diagonal, the Power Cats may leave it in place, and
the Polterkitties, after flipping a prey, may move a different face-up prey (with the prey move) instead.
"Flips a cat" means any cat, of either clan (POCKET-6 Decision).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from isle_nb.model.core.contract import PlacementChoice
from isle_nb.model.core.errors import IllegalAction, InvalidSave, quote
from isle_nb.model.parts.words import plural, possessive, subject
from isle_nb.model.pocket.actions import (
    ChooseClan,
    Flip,
    KeepDogs,
    NextGame,
    PocketAction,
    RotateDog,
    Stay,
    Swap,
    action_from_dict,
    check_action,
)
from isle_nb.model.pocket.board import (
    DIAGONAL,
    ORTHOGONAL,
    TURNS_PER_GAME,
    Cell,
    Grid,
    cell_of,
    index,
    king_neighbours,
    line_cells,
    name,
    offset,
    on_grid,
    swap,
)
from isle_nb.model.pocket.endgame import EndResult, before_rotation, resolve, rotation_options
from isle_nb.model.pocket.player_view import PocketView, pocket_view
from isle_nb.model.pocket.state import VARIANTS, PocketState, Stage, draw_clan_cards, new_state, start_game
from isle_nb.model.pocket.tiles import CLANS, exact_clan_key

STAGE_RULE = {"choose_clan": "POCKET-5", "flip": "POCKET-2", "move": "POCKET-2", "chief": "POCKET-6",
              "between": "POCKET-5", "over": "POCKET-3"}


# -- who acts ---------------------------------------------------------------------------------------------------
def awaiting(state: PocketState) -> tuple[str, ...]:
    """The players who must act now (both while choosing clans in limited mode; nobody once over)."""
    if state.stage == "choose_clan":
        return tuple(p for seat, p in enumerate(state.players) if state.offers[seat] and state.clans[seat] is None)
    if state.stage in ("flip", "move", "chief"):
        return (state.players[state.current],)
    if state.stage == "between":
        return (state.players[1 - state.first],)
    return ()


# -- moves ------------------------------------------------------------------------------------------------------
def straight(cell: Cell, steps: tuple[Cell, ...], reach: int) -> list[Cell]:
    """Cells 1..reach steps away along each direction, on the grid."""
    found = []
    for step in steps:
        for distance in range(1, reach + 1):
            target = offset(cell, step, distance)
            if on_grid(target):
                found.append(target)
    return found


def swap_targets(grid: Grid, cell: Cell, clan: str | None, effects: bool) -> dict[Cell, str]:
    """Where the tile flipped on ``cell`` may be swapped to, with the reason (POCKET-2 and permanent clan effects).

    ``clan`` is the clan of the player who flipped it.
    """
    piece = grid[index(cell)].piece
    if piece.kind == "prey":
        targets = {c: "prey: a tile around it" for c in king_neighbours(cell)}
    elif piece.kind == "cat":
        targets = {c: "cat: 1 or 2 cells along its row or column" for c in straight(cell, ORTHOGONAL, 2)}
    else:
        targets = {c: "dog: any tile in its row or column" for c in line_cells(cell)}
    if effects and piece.kind == "cat":
        if clan == "royal claws":
            for position, square in enumerate(grid):
                there = cell_of(position)
                if square.face_up and square.piece.kind == "dog" and there not in targets:
                    targets[there] = "Royal Claws effect: any face-up dog"
        elif clan == "defenders of justice":
            for there in straight(cell, DIAGONAL, 2):
                targets.setdefault(there, "Defenders of Justice effect: 1 or 2 cells along a diagonal")
    return targets


def other_prey_moves(grid: Grid, flipped: Cell) -> dict[tuple[Cell, Cell], str]:
    """The Polterkitties' alternative: another face-up prey swaps with a tile around it."""
    moves: dict[tuple[Cell, Cell], str] = {}
    for position, square in enumerate(grid):
        source = cell_of(position)
        if source == flipped or not square.face_up or square.piece.kind != "prey":
            continue
        for target in king_neighbours(source):
            moves[(source, target)] = "Polterkitties effect: another face-up prey moves instead"
    return moves


def move_options(state: PocketState) -> dict[tuple[Cell, Cell], str]:
    """Every legal (source, target) swap for the tile flipped this turn, with the reason."""
    assert state.flipped is not None
    clan = state.clans[state.current]
    targets = swap_targets(state.grid, state.flipped, clan, state.effects)
    options = {(state.flipped, t): why for t, why in targets.items()}
    piece = state.grid[index(state.flipped)].piece
    if state.effects and clan == "polterkitties" and piece.kind == "prey":
        options.update(other_prey_moves(state.grid, state.flipped))
    return options


def may_stay(state: PocketState) -> bool:
    """True if the flipped tile may stay where it is (Power Cats effect on a flipped cat)."""
    if state.stage != "move" or state.flipped is None:
        return False
    clan = state.clans[state.current]
    return state.effects and clan == "power cats" and state.grid[index(state.flipped)].piece.kind == "cat"


# -- the legality API -------------------------------------------------------------------------------------------
def legal_actions(state: PocketState, player: str) -> list[PocketAction]:
    """Every legal action for ``player`` now, in a fixed order (empty if they do not act now)."""
    state.seat(player)
    if player not in awaiting(state):
        return []
    seat = state.seat(player)
    if state.stage == "choose_clan":
        return [ChooseClan(player, k) for k in state.offers[seat]]
    if state.stage == "flip":
        return [Flip(player, cell_of(p)) for p, s in enumerate(state.grid) if not s.face_up]
    if state.stage == "move":
        actions: list[PocketAction] = [Swap(player, s, t) for s, t in sorted(move_options(state))]
        if may_stay(state):
            actions.append(Stay(player))
        return actions
    if state.stage == "chief":
        dogs = rotation_options(before_rotation(state.grid, _clans(state), state.effects), _clans(state), state.effects)
        return [*(RotateDog(player, c, q) for c in dogs for q in (1, 2, 3)), KeepDogs(player)]
    if state.stage == "between":
        return [NextGame(player)]
    return []


def apply(state: PocketState, action: PocketAction) -> PocketState:
    """The state after ``action``; raises IllegalAction (naming the POCKET rule) and changes nothing if illegal."""
    check_action(action)
    seat = state.seat(action.player)
    rule = STAGE_RULE[state.stage]
    if state.over:
        raise IllegalAction("POCKET-3", "the game is over")
    waiting = awaiting(state)
    if action.player not in waiting:
        raise IllegalAction(rule, f"{subject(action.player, 'does')} not act now; waiting for {', '.join(waiting)}")
    if state.stage == "choose_clan":
        if not isinstance(action, ChooseClan):
            raise IllegalAction(rule, "first each player keeps one of their clan cards")
        return _choose_clan(state, seat, action)
    if state.stage == "flip":
        if not isinstance(action, Flip):
            raise IllegalAction(rule, "a turn starts by flipping a face-down tile")
        return _flip(state, action)
    if state.stage == "move":
        if isinstance(action, Swap):
            return _swap(state, action)
        if isinstance(action, Stay):
            if not may_stay(state) or state.flipped is None:
                raise IllegalAction(rule, "the flipped tile must be swapped with another tile (only the Power Cats, "
                                    "with clan effects on, may leave a flipped cat in place)")
            label = state.grid[index(state.flipped)].piece.label
            text = f"{subject(action.player, 'leaves')} {label} on {name(state.flipped)} (Power Cats effect)."
            return _end_turn(replace(state, last_swap=None).logged(action.player, text))
        raise IllegalAction(rule, "now swap the flipped tile with another tile")
    if state.stage == "chief":
        if isinstance(action, RotateDog):
            return _conclude(state, (action.cell, action.quarter_turns))
        if isinstance(action, KeepDogs):
            return _conclude(state, None)
        raise IllegalAction(rule, "the Royal Claws chief may turn a dog next to her, or leave the dogs")
    # between games
    if not isinstance(action, NextGame):
        raise IllegalAction(rule, "the first game is over; start the second game of the match")
    return draw_clan_cards(replace(state, game=2, first=1 - state.first, current=1 - state.first, grid=(),
                                   clans=(None, None), end=None, flipped=None, last_swap=None, turn=0))


# -- transitions ------------------------------------------------------------------------------------------------
def _clans(state: PocketState) -> tuple[str, str]:
    first, second = state.clans
    assert first is not None and second is not None
    return (first, second)


def _choose_clan(state: PocketState, seat: int, action: ChooseClan) -> PocketState:
    offer = state.offers[seat]
    try:
        key = exact_clan_key(action.clan)
    except IllegalAction:
        key = ""
    if key not in offer:
        names = ", ".join(CLANS[k].name for k in offer)
        raise IllegalAction("POCKET-5", f"{action.player} can only keep one of their clan cards: {names}")
    clans = list(state.clans)
    clans[seat] = key
    offers = list(state.offers)
    offers[seat] = ()
    other = 1 - seat
    state = replace(state, clans=(clans[0], clans[1]))
    if state.variant == "experts" and seat == state.first:
        rest = tuple(k for k in offer if k != key)
        offers[other] = rest
        state = replace(state, offers=(offers[0], offers[1]), current=other, revealed=state.revealed + 1)
        state = state.logged(action.player, f"{subject(action.player, 'keeps')} {CLANS[key].name} and passes "
                             f"{' and '.join(CLANS[k].name for k in rest)} to {state.players[other]}.")
        return state
    state = replace(state, offers=(offers[0], offers[1]))
    # private: in limited mode both keep a clan in secret (the view hides it too); the deal then shows both clans
    state = state.logged(action.player, f"{subject(action.player, 'keeps')} {CLANS[key].name}.", private=True)
    if all(c is not None for c in state.clans):
        return start_game(state)
    return state


def _flip(state: PocketState, action: Flip) -> PocketState:
    cell = action.cell
    if not on_grid(cell):
        raise IllegalAction("POCKET-2", f"{quote(cell)} is not a cell of the 5x5 grid")
    square = state.grid[index(cell)]
    if square.face_up:
        raise IllegalAction("POCKET-2", f"the tile on {name(cell)} is already face up; flip a face-down tile")
    grid = list(state.grid)
    grid[index(cell)] = square.flipped(True)
    state = replace(state, grid=tuple(grid), stage="move", flipped=cell, revealed=state.revealed + 1)
    return state.logged(action.player, f"{subject(action.player, 'flips')} {square.piece.label} on {name(cell)}.")


def _swap(state: PocketState, action: Swap) -> PocketState:
    assert state.flipped is not None
    if not (on_grid(action.source) and on_grid(action.target)):
        raise IllegalAction("POCKET-2", "both cells must be on the 5x5 grid")
    options = move_options(state)
    why = options.get((action.source, action.target))
    if why is None:
        piece = state.grid[index(state.flipped)].piece
        if action.source != state.flipped:
            raise IllegalAction("POCKET-2", f"only the tile just flipped ({piece.label} on {name(state.flipped)}) "
                                "moves this turn")
        if action.target == action.source:
            raise IllegalAction("POCKET-2", "a tile must be swapped with another tile")
        reach = {"prey": "one of the 8 tiles around it", "cat": "a tile 1 or 2 cells away in its row or column",
                 "dog": "a tile in its row or column"}[piece.kind]
        raise IllegalAction("POCKET-2", f"{piece.label} on {name(state.flipped)} cannot reach {name(action.target)}: "
                            f"a flipped {piece.kind} swaps with {reach}")
    moving = state.grid[index(action.source)].piece
    other = state.grid[index(action.target)]
    other_label = other.piece.label if other.face_up else "a face-down tile"
    grid = swap(state.grid, action.source, action.target)
    effect = f" ({why.split(':')[0]})" if "effect" in why else ""
    state = replace(state, grid=grid, last_swap=(action.source, action.target)).logged(
        action.player,
        f"{subject(action.player, 'swaps')} {moving.label} on {name(action.source)} with {other_label} on "
        f"{name(action.target)}{effect}.",
    )
    return _end_turn(state)


def _end_turn(state: PocketState) -> PocketState:
    state = replace(state, turn=state.turn + 1, flipped=None)
    if state.face_down() > 0:
        return replace(state, stage="flip", current=1 - state.current)
    clans = _clans(state)
    dogs = rotation_options(before_rotation(state.grid, clans, state.effects), clans, state.effects)
    if dogs:
        owner = state.players[clans.index("royal claws")]
        state = replace(state, stage="chief", current=clans.index("royal claws"))
        return state.logged(owner, f"The last tile is placed: {possessive(owner)} Royal Claws chief may turn a dog "
                            "next to her before the dogs attack.")
    return _conclude(state, None)


def _conclude(state: PocketState, rotation: tuple[Cell, int] | None) -> PocketState:
    result = resolve(state.grid, state.players, _clans(state), state.effects, rotation)
    stage: Stage = "between" if state.variant == "experts" and state.game == 1 else "over"
    state = replace(state, stage=stage, grid=result.grid, end=result, finished=(*state.finished, result))
    state = state.logged(None, f"Game {state.game} is over. {result.steps[-1].text}")
    if stage == "over" and len(state.finished) == 2:
        state = state.logged(None, match_verdict(state.finished, state.players))
    return state


def match_totals(finished: Sequence[EndResult], players: tuple[str, str]) -> dict[str, tuple[int, int]]:
    """Each player's (points, prey tiles) summed over the finished games."""
    return {
        p: (sum(r.score(p).total for r in finished), sum(r.score(p).prey_count for r in finished)) for p in players
    }


def match_winners(finished: Sequence[EndResult], players: tuple[str, str]) -> tuple[str, ...]:
    """The winner(s) of a match: most points in total, then most prey tiles, else shared (POCKET-4, POCKET-5)."""
    if len(finished) == 1:
        return finished[0].winners
    totals = match_totals(finished, players)
    best = max(totals.values())
    return tuple(p for p in players if totals[p] == best)


def match_verdict(finished: Sequence[EndResult], players: tuple[str, str]) -> str:
    """A sentence giving the totals of an experts match and who won."""
    totals = match_totals(finished, players)
    winners = match_winners(finished, players)
    parts = ", ".join(f"{p} {plural(totals[p][0], 'point')} ({totals[p][1]} prey)" for p in players)
    verdict = "the victory is shared" if len(winners) == 2 else f"{subject(winners[0], 'wins')} the match"
    return f"Match totals: {parts}; {verdict}."


def simultaneous(state: PocketState) -> bool:
    """Whether the awaited players decide at once: both choosing their clan in secret (limited mode)."""
    return state.stage == "choose_clan" and len(awaiting(state)) > 1


class PocketRules:
    """Pocket Cats as a :class:`~isle_nb.model.core.contract.Rules` (the shell :class:`~isle_nb.model.pocket.game.
    PocketGame` runs over it)."""

    save_format = "isle_nb.pocket"
    save_version = 1

    def new_game(
        self,
        players: Sequence[str] | int,
        seed: int,
        clans: Sequence[str] | None = None,
        variant: str = "freedom",
        effects: bool = True,
    ) -> PocketState:
        """A new match (see :func:`isle_nb.model.pocket.state.new_state`, which checks every argument)."""
        return new_state(players, clans, variant, effects, seed)

    def players(self, state: PocketState) -> tuple[str, ...]:
        """The two players; the first one starts the (first) game."""
        return state.players

    awaiting = staticmethod(awaiting)
    simultaneous = staticmethod(simultaneous)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    action_from_dict = staticmethod(action_from_dict)

    def normal_form(self, view: object, action: PocketAction) -> PocketAction:
        """The action itself: no two Pocket Cats actions are the same choice (a flip names its cell, a swap its
        two cells in order, a clan its exact key, POCKET-2, POCKET-5)."""
        return action

    def scores(self, state: PocketState) -> dict[str, int]:
        """Each player's points summed over the finished games of the match (0 before the first game ends: the
        face-down tiles leave a game in progress without a score)."""
        return {p: points for p, (points, _) in match_totals(state.finished, state.players).items()}

    def winners(self, state: PocketState) -> tuple[str, ...]:
        """The winner of the match, or both players for a shared victory; empty while it is not over."""
        return match_winners(state.finished, state.players) if state.over else ()

    def progress(self, view: PocketView) -> str:
        """The game of the match and its turn ("game 1 of 2, turn 5 of 24"), or what is being done."""
        games = f"game {view.game} of 2" if view.variant == "experts" else "the game"  # experts play two (POCKET-5)
        if view.over:
            return "the match is over"
        if view.stage == "choose_clan":
            return f"{games}, choosing clans"
        if view.stage == "between":
            return f"{games} is over; the second game starts next"
        return f"{games}, turn {min(view.turn + 1, TURNS_PER_GAME)} of {TURNS_PER_GAME}"

    def shown_scores(self, view: PocketView) -> dict[str, int] | None:
        """The score so far: the match's finished games and this game if it ended now on the tiles face up
        (:attr:`~isle_nb.model.pocket.player_view.PocketView.score_so_far`); ``None`` once over."""
        return None if view.over else view.score_so_far

    def view(self, state: PocketState, player: str | None) -> PocketView:
        """What ``player`` may see (see :mod:`isle_nb.model.pocket.player_view`)."""
        return pocket_view(state, player, awaiting(state))

    def placement_choices(self, state: PocketState, player: str) -> list[PlacementChoice]:
        """None: Pocket Cats flips and swaps cards on a grid; it places no tiles on a boat."""
        return []

    def setup(self, state: PocketState) -> dict[str, Any]:
        """Players, variant, the clans of the freedom variant, effects and seed."""
        first = state.finished[0].clans if state.finished else state.clans
        return {
            "players": list(state.players),
            "variant": state.variant,
            "clans": list(first) if state.variant == "freedom" else None,
            "effects": state.effects,
            "seed": state.seed,
        }

    def new_from_setup(self, data: Mapping[str, Any]) -> PocketState:
        """The match a saved setup describes; :class:`InvalidSave` if it is malformed or the rules refuse it. Saves
        written before the variant had its own name call it ``"mode"``."""
        players, clans, effects, seed = (data.get(k) for k in ("players", "clans", "effects", "seed"))
        variant = data.get("variant", data.get("mode"))
        if "variant" in data and "mode" in data:
            raise InvalidSave(f"a saved Pocket Cats match has no 'mode', only a 'variant': got {quote(data['mode'])}")
        if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
            raise InvalidSave("'players' must be a list of two names")
        if variant not in VARIANTS:
            raise InvalidSave(f"unknown variant {quote(variant)}")
        if clans is not None and (not isinstance(clans, list) or not all(isinstance(c, str) for c in clans)):
            raise InvalidSave("'clans' must be a list of clan names or null")
        if not isinstance(effects, bool):
            raise InvalidSave("'effects' must be true or false")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidSave("'seed' must be an integer")
        try:
            return new_state((players[0], players[1]), tuple(clans) if clans else None, variant, effects, seed)
        except IllegalAction as error:
            raise InvalidSave(f"cannot set up the saved match: {error}") from None

    def __repr__(self) -> str:
        return "PocketRules()"


RULES = PocketRules()
"""The rules of Pocket Cats, for the shell and anything written against the contract."""
