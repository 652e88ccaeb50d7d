"""The rules engine: who must act, every legal action, and applying one action to a state.

``legal_actions`` and ``apply`` are pure functions of a :class:`~isle_nb.model.isle.state.GameState`. ``apply`` raises
:class:`~isle_nb.model.core.errors.IllegalAction` naming the broken rule and never changes its input; on success it
returns the next state after resolving everything that needs no decision.

Who acts, what is legal, which handler takes an action and what comes next are read from the phase table
(:mod:`isle_nb.model.isle.flow`); pending decisions (placing a gained tile, a map bonus, what an anytime card revealed)
sit on a stack and are decided before anything else (ANY-1).
"""

from __future__ import annotations

from collections.abc import Sequence

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.records import check_names, check_seed
from isle_nb.model.isle import anytime, flow
from isle_nb.model.isle.actions import Action, Pass, PlayAnytime, PlayOshax, PlayTreasure, check_action
from isle_nb.model.isle.phases import day, family, solo
from isle_nb.model.isle.state import SISTER, GameState, Mode, replace
from isle_nb.model.isle.turns import require_player
from isle_nb.model.isle.variants import VARIANTS, variant
from isle_nb.model.parts.words import subject

MODES: tuple[str, ...] = tuple(VARIANTS)


def new_game(
    names: Sequence[str] | int, seed: int, mode: Mode = "standard", difficulty: str | None = None
) -> GameState:
    """A new game, set up and waiting for its first decisions.

    ``names`` lists the players (or says how many, named "Player 1"...). ``mode`` is ``"standard"`` (2-4
    players), ``"solo"`` (1 player against the sister, with a ``difficulty``, default ``"easy"``, SOLO-1..12) or
    ``"family"`` (2-4 players, simplified rules, FAMILY-1..5); only the solo game takes a difficulty. The seed is a
    whole number (see :func:`~isle_nb.model.core.records.check_seed`); names are checked by
    :func:`~isle_nb.model.core.records.check_names`. :class:`IllegalAction` for anything else.
    """
    rules = variant(mode)
    counts = range(rules.players[0], rules.players[-1] + 1)
    players = check_names(names, counts, rules.setup_rule, f"the {rules.name} game")
    seed = check_seed(seed, "SETUP-1")
    if SISTER in players:
        raise IllegalAction("SETUP-1", f"the name {SISTER!r} is kept for the solo game's opponent")
    if rules.has_sister:
        return flow.start(solo.new_state(players[0], seed, "easy" if difficulty is None else difficulty))
    if difficulty is not None:
        raise IllegalAction("SETUP-1", f"only the solo game has a difficulty, not the {rules.name} game")
    if rules.family_lessons:
        return family.new_state(players, seed)
    return flow.start(day.new_state(players, seed, rules.name))


def awaiting(state: GameState) -> tuple[str, ...]:
    """Players who must decide something now (empty once the game is over)."""
    if state.over:
        return ()
    if state.pending:
        return (state.pending[-1].player,)
    return flow.row(state).awaiting(state)


def simultaneous(state: GameState) -> bool:
    """Whether the awaited players decide at once and in secret (draft, buying, lesson colours, rescue cards,
    family lessons), not one after another; a pending decision is always one player's."""
    return not state.pending and not state.over and flow.row(state).simultaneous


def legal_actions(state: GameState, name: str) -> list[Action]:
    """The legal actions for this player now, including anytime cards they could play (ANY-2).

    Choices that cannot differ in effect are listed once: of several rescue cards with the same speed and basket,
    of several copies of an anytime card, of treasure cards with the same effect, only one stands for all (the
    lowest card id). Every legal action is either in the list or equivalent to one in it; :func:`apply` accepts
    the others too.
    """
    player = state.player(name)
    if state.over:
        return []
    plays = anytime.legal(state, player)  # empty unless play stands between two actions (ANY-1)
    if state.pending:
        top = state.pending[-1]
        if top.player != name:
            return plays
        return [*flow.PENDING[top.kind].legal(state, player), *plays]
    return [*flow.row(state).legal(state, player), *plays]


ACTION_TYPES: frozenset[type[Action]] = frozenset(
    {t for table in flow.TABLES.values() for step in table.values() for t in step.handlers}
    | {t for kind in flow.PENDING.values() for t in kind.handlers}
    | set(flow.ANYTIME)
)
"""Every action type some step, pending decision or anytime card takes."""


SHOWS_A_CARD: tuple[type[Action], ...] = (PlayOshax, PlayTreasure, PlayAnytime)
"""Actions that play a card from a hidden hand face up (RARE-2, RARE-3, ANY-1): each is a reveal."""


def _handler(state: GameState, action: Action) -> flow.Handler:
    """The handler the phase table gives ``action`` now, or :class:`IllegalAction` naming the broken rule."""
    kind = type(action)
    if state.pending:
        top = state.pending[-1]
        if kind in flow.ANYTIME:
            return flow.ANYTIME[kind]  # it refuses while an action is being resolved (ANY-1)
        if top.player != action.player:
            raise IllegalAction("ANY-1", f"{top.player} must first finish {flow.describe_pending(top.kind)}")
        handler = flow.PENDING[top.kind].handlers.get(kind)
        if handler is None:
            raise IllegalAction("ANY-1", f"{top.player} must first finish {flow.describe_pending(top.kind)}")
        return handler
    if kind in flow.ANSWERS_ONLY:
        raise IllegalAction("ANY-1", f"{subject(action.player, 'has')} no decision waiting that this move answers")
    if kind in flow.ANYTIME:
        return flow.ANYTIME[kind]
    handler = flow.row(state).handlers.get(kind)
    if handler is not None:
        return handler
    if kind is Pass:
        raise IllegalAction("DAY-2", f"there is nothing to pass now: it is {flow.describe_moment(state)}")
    owner = flow.owner(state.mode, kind)
    where = f"the {owner.name} phase" if owner is not None else "no step of this game"
    raise IllegalAction(owner.rule if owner is not None else "DAY-2",
                        f"{kind.doing} belongs to {where}, but it is now {flow.describe_moment(state)}")


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``. Raises :class:`IllegalAction` (and changes nothing) if it is not legal; a
    malformed action (wrong types, unknown ids, values out of range) is refused before any rule runs."""
    check_action(action)
    require_player(state, action.player)
    if state.over:
        raise IllegalAction("END-2", "the game is over: no more actions")
    state = _handler(state, action)(state, action)
    if isinstance(action, SHOWS_A_CARD):  # a card from a hidden hand is now face up: undo stops here
        state = replace(state, revealed=state.revealed + 1)
    return flow.advance(state)


advance = flow.advance
