"""The rules engine: who must act, every legal action, and applying one action to a state.

``legal_actions`` and ``apply`` are pure functions of a :class:`~isle_nb.model.state.GameState`. ``apply`` raises
:class:`~isle_nb.model.errors.IllegalAction` naming the broken rule and never changes its input; on success it
returns the next state after resolving everything that needs no decision.

The phase table (DAY-2): a day is Fishing (automatic), Explore (draft, then buy: simultaneous), Read lessons
(automatic, except colours of public lessons), Rescue cats (simultaneous choice of cards, then turns),
Rare finds (turns), then the end of the day (automatic). Pending decisions (placing a gained tile, a map bonus,
what an anytime card revealed) sit on a stack and are decided before anything else (ANY-1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from isle_nb.model import anytime, gained_tiles
from isle_nb.model.actions import (
    Action,
    Buy,
    BuyDrawn,
    ChooseField,
    ChooseLessonColour,
    ChooseRescueCards,
    DraftPick,
    KeepFamilyLessons,
    MoveCat,
    Pass,
    Place,
    PlayAnytime,
    PlayOshax,
    PlayTreasure,
    Rescue,
    TakeCat,
    TakeMapBonus,
    check_action,
)
from isle_nb.model.errors import IllegalAction, quote
from isle_nb.model.phases import day, explore, family, lessons, rare_finds, rescue, solo
from isle_nb.model.records import check_names, check_seed
from isle_nb.model.state import SISTER, GameState, Mode, replace
from isle_nb.model.turns import describe_moment, describe_pending, require_player

PHASE_AWAITING: dict[str, Callable[[GameState], tuple[str, ...]]] = {
    "setup": family.awaiting,
    "family": family.awaiting,
    "explore": explore.awaiting,
    "lessons": lessons.awaiting,
    "rescue": rescue.awaiting,
    "rare_finds": rare_finds.awaiting,
}

PHASE_LEGAL: dict[str, Callable[[GameState, Any], list[Action]]] = {
    "setup": family.legal,
    "family": family.legal,
    "explore": explore.legal,
    "lessons": lessons.legal,
    "rescue": rescue.legal,
    "rare_finds": rare_finds.legal,
}


MODES: tuple[Mode, ...] = ("standard", "solo", "family")


def new_game(
    names: Sequence[str] | int, seed: int, mode: Mode = "standard", difficulty: str | None = None
) -> GameState:
    """A new game, set up and waiting for its first decisions.

    ``names`` lists the players (or says how many, named "Player 1"...). ``mode`` is ``"standard"`` (2-4
    players), ``"solo"`` (1 player against the sister, with a ``difficulty``, default ``"easy"``, SOLO-1..12) or
    ``"family"`` (2-4 players, simplified rules, FAMILY-1..5); only the solo game takes a difficulty. The seed is a
    whole number (see :func:`~isle_nb.model.records.check_seed`); names are checked by
    :func:`~isle_nb.model.records.check_names`. :class:`IllegalAction` for anything else.
    """
    if not isinstance(mode, str) or mode not in MODES:
        raise IllegalAction("SETUP-1", f"unknown mode {quote(mode)}; choose one of {', '.join(MODES)}")
    rule = "SOLO-1" if mode == "solo" else "SETUP-1"
    players = check_names(names, range(1, 2) if mode == "solo" else range(2, 5), rule, f"the {mode} game")
    seed = check_seed(seed, "SETUP-1")
    if SISTER in players:
        raise IllegalAction("SETUP-1", f"the name {SISTER!r} is kept for the solo game's opponent")
    if mode == "solo":
        return day.start_day(solo.new_state(players[0], seed, "easy" if difficulty is None else difficulty))
    if difficulty is not None:
        raise IllegalAction("SETUP-1", f"only the solo game has a difficulty, not the {mode} game")
    if mode == "family":
        return family.new_state(players, seed)
    return day.new_state(players, seed, mode)


def awaiting(state: GameState) -> tuple[str, ...]:
    """Players who must decide something now (empty once the game is over)."""
    if state.over:
        return ()
    if state.pending:
        return (state.pending[-1].player,)
    return PHASE_AWAITING[state.phase](state)


def legal_actions(state: GameState, name: str) -> list[Action]:
    """Every legal action for this player now, including anytime cards they could play (ANY-2)."""
    player = state.player(name)
    if state.over:
        return []
    if state.pending:
        top = state.pending[-1]
        if top.player != name:
            return []
        if top.kind in ("place", "map_bonus"):
            return gained_tiles.legal(state, player)
        if top.kind == "extra_rescue":
            return rescue.legal_extra(state, player)
        return anytime.legal_pending(state, player)
    return [*PHASE_LEGAL[state.phase](state, player), *anytime.legal(state, player)]


def _apply_pass(state: GameState, action: Pass) -> GameState:
    top = state.pending[-1] if state.pending else None
    if top is not None and top.player == action.player:
        if top.kind == "move_cats":
            return anytime.apply_stop_moving(state, action)
        if top.kind == "extra_rescue":
            return rescue.apply_pass(state, action)
    if top is not None:
        raise IllegalAction("ANY-1", f"{top.player} must first finish {describe_pending(top.kind)}")
    if state.phase == "rescue":
        return rescue.apply_pass(state, action)
    if state.phase == "rare_finds":
        return rare_finds.apply_pass(state, action)
    if state.phase == "family":
        return family.apply_pass(state, action)
    raise IllegalAction("DAY-2", f"there is nothing to pass now ({describe_moment(state)})")


HANDLERS: dict[type[Action], Callable[[GameState, Any], GameState]] = {
    DraftPick: explore.apply_pick,
    Buy: explore.apply_buy,
    ChooseLessonColour: lessons.apply_colour,
    ChooseRescueCards: rescue.apply_choose,
    Rescue: rescue.apply_rescue,
    Place: gained_tiles.apply_place,
    TakeMapBonus: gained_tiles.apply_map_bonus,
    PlayOshax: rare_finds.apply_oshax,
    PlayTreasure: rare_finds.apply_treasure,
    PlayAnytime: anytime.apply_play,
    BuyDrawn: anytime.apply_buy_drawn,
    ChooseField: anytime.apply_choose_field,
    MoveCat: anytime.apply_move_cat,
    KeepFamilyLessons: family.apply_keep,
    TakeCat: family.apply_take,
    Pass: _apply_pass,
}

# Actions that answer a pending decision; every other action must wait until the stack is empty (ANY-1).
PENDING_ANSWERS: dict[str, tuple[type[Action], ...]] = {
    "place": (Place,),
    "map_bonus": (TakeMapBonus,),
    "buy_drawn": (BuyDrawn,),
    "choose_field": (ChooseField,),
    "move_cats": (MoveCat, Pass),
    "extra_rescue": (Rescue, Pass),
}


SHOWS_A_CARD: tuple[type[Action], ...] = (PlayOshax, PlayTreasure, PlayAnytime)
"""Actions that play a card from a hidden hand face up (RARE-2, RARE-3, ANY-1): each is a reveal."""


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``. Raises :class:`IllegalAction` (and changes nothing) if it is not legal; a
    malformed action (wrong types, unknown ids, values out of range) is refused before any rule runs."""
    check_action(action)
    require_player(state, action.player)
    if state.over:
        raise IllegalAction("END-2", "the game is over: no more actions")
    if state.pending:
        top = state.pending[-1]
        if top.player != action.player and not isinstance(action, PlayAnytime):
            raise IllegalAction("ANY-1", f"{top.player} must first finish {describe_pending(top.kind)}")
        if top.player == action.player and not isinstance(action, PENDING_ANSWERS[top.kind]):
            raise IllegalAction("ANY-1", f"{top.player} must first finish {describe_pending(top.kind)}")
    elif isinstance(action, (Place, TakeMapBonus, BuyDrawn, ChooseField, MoveCat)):
        raise IllegalAction("ANY-1", f"{action.player} has no pending decision for a {action.kind} action")
    state = HANDLERS[type(action)](state, action)
    if isinstance(action, SHOWS_A_CARD):  # a card from a hidden hand is now face up: undo stops here
        state = replace(state, revealed=state.revealed + 1)
    return advance(state)


AFTER_TURN: dict[str, Callable[[GameState], GameState]] = {
    "rescue": rescue.after_turn,
    "rare_finds": rare_finds.after_turn,
    "family": family.after_turn,
}


def advance(state: GameState) -> GameState:
    """Resolve whatever needs no decision: tiles that cannot be placed, a finished turn passing on, and the
    sister's turns in a solo game."""
    state = gained_tiles.settle(state)
    if not state.pending and state.acted and not state.over:
        state = AFTER_TURN[state.phase](replace(state, acted=False))
    while not state.pending and state.phase == "rescue" and state.turn is not None and state.turn == state.sister_seat:
        state = rescue.sister_turn(state)
    return state


SIMULTANEOUS_STEPS: frozenset[tuple[str, str]] = frozenset(
    {
        ("explore", "draft"),
        ("explore", "buy"),
        ("lessons", "colours"),
        ("rescue", "choose"),
        ("setup", "keep_lessons"),  # the family game's hidden lesson choice (FAMILY-1)
    }
)


def simultaneous(state: GameState) -> bool:
    """Whether the awaited players decide at once and in secret (draft, buying, lesson colours, rescue cards,
    family lessons), not one after another; a pending decision is always one player's."""
    return not state.pending and (state.phase, state.step) in SIMULTANEOUS_STEPS

