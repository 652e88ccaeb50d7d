"""The phase table: the flow of a game of The Isle of Cats as data (DAY-2).

A day is Fishing (automatic), Explore (draft, then buy: simultaneous), Read lessons (colours of public lessons:
simultaneous), Rescue cats (a secret choice of cards, then turns by speed), Rare finds (turns), and the end of the
day (automatic). The family game keeps its lessons at the start, then takes cats in turns each day.

Each :class:`Step` row says who acts (``awaiting``), whether they act at once and in secret (``simultaneous``) or
one after another in turn order (``turns``), the legal-action generator, the handler of each action type, what
starts the step (``begin``), when it ends (``ended``), what happens then (``end``) and which step comes next
(``next``). :func:`advance` follows the table after every action: it passes a finished turn on, lets the solo
sister play hers, and moves on while a step has ended, putting the game in the next (phase, step) itself
(:func:`enter`). The engine refuses an action of another step, naming its phase and the row's ``rule``. The solo
and family games are variations of rows (:data:`TABLES`), never branches inside the standard phases.

Pending decisions (placing a gained tile, a map bonus, what an anytime card asks) sit on a stack above the table and
are decided first (ANY-1); :data:`PENDING` says, per kind, who answers with which actions, and how they are listed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from isle_nb.model.isle import actions, anytime, gained_tiles
from isle_nb.model.isle.actions import Action
from isle_nb.model.isle.phases import day, explore, family, lessons, rare_finds, rescue, solo
from isle_nb.model.isle.state import GameState, Mode, PlayerState, replace
from isle_nb.model.isle.turns import next_turn

Handler = Callable[[GameState, Any], GameState]
Key = tuple[str, str]
"""A row's (phase, step), as in ``GameState.phase`` and ``GameState.step``."""


def _nobody(state: GameState) -> tuple[str, ...]:
    return ()


def _nothing(state: GameState, player: PlayerState) -> list[Action]:
    return []


def _same(state: GameState) -> GameState:
    return state


def _whose_turn(state: GameState) -> tuple[str, ...]:
    """The player whose turn it is (nobody when it is the sister's, or once all have passed)."""
    if state.turn is None or state.turn >= len(state.players):
        return ()
    return (state.players[state.turn].name,)


def _never(state: GameState) -> bool:
    return False


def _always(state: GameState) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Step:
    """One row of the phase table: a step of a phase and everything the engine needs to run it."""

    phase: str
    step: str
    name: str
    """The phase in the game's words ("Rescue cats")."""
    doing: str
    """What the players do in this step, in words ("choosing rescue cards")."""
    awaiting: Callable[[GameState], tuple[str, ...]] = _nobody
    """Who must decide now (no pending decision on the stack)."""
    legal: Callable[[GameState, PlayerState], list[Action]] = _nothing
    """The step's own legal actions for a player (anytime cards come on top, ANY-2)."""
    handlers: Mapping[type[Action], Handler] = field(default_factory=dict)
    """The handler of each action type played in this step."""
    simultaneous: bool = False
    """The awaited players decide at once and in secret; the step ends once nobody is awaited."""
    turns: bool = False
    """Players act one at a time in turn order; a turn passes on once the action is fully resolved."""
    begin: Callable[[GameState], GameState] = _same
    """What starts the step."""
    ended: Callable[[GameState], bool] = _never
    """Whether the step is over (checked whenever no decision is pending)."""
    end: Callable[[GameState], GameState] = _same
    """What happens when it is over (reveal the secret choices, discard, box the leftover cats...)."""
    next: Callable[[GameState], Key] | None = None
    """The step that comes next (``None`` for the end of the game)."""
    automatic: Callable[[GameState], bool] = _never
    """Whether the rules play the current turn themselves (the solo sister's turns, SOLO-7)."""
    play: Callable[[GameState], GameState] = _same
    """How the rules play such a turn."""
    panel: str = ""
    """Which panel of the game app shows the step (``""`` when nobody decides in it)."""
    rule: str = "DAY-2"
    """The rule an action of this step breaks when it is made in another step (the engine refuses it)."""

    @property
    def key(self) -> Key:
        """(phase, step)."""
        return (self.phase, self.step)

    @property
    def words(self) -> str:
        """The phase and what is done in it, in one phrase: "Rescue cats (choosing rescue cards)", and "Rescue
        cats (family game, taking turns)" for a phase whose name ends in brackets already."""
        if self.name.endswith(")"):
            return f"{self.name[:-1]}, {self.doing})"
        return f"{self.name} ({self.doing})"


def _all_decided(awaiting: Callable[[GameState], tuple[str, ...]]) -> Callable[[GameState], bool]:
    def ended(state: GameState) -> bool:
        return not awaiting(state)

    return ended


def _together(
    phase: str, step: str, name: str, doing: str, who: Callable[[GameState], tuple[str, ...]],
    legal: Callable[[GameState, PlayerState], list[Action]], handlers: Mapping[type[Action], Handler], **rest: Any,
) -> Step:
    """A row in which everybody ``who`` names decides at once and in secret; it ends when nobody is left to decide."""
    return Step(
        phase, step, name, doing, awaiting=who, legal=legal, handlers=handlers, simultaneous=True,
        ended=_all_decided(who), **rest,
    )


def _in_turns(
    phase: str, step: str, name: str, legal: Callable[[GameState, PlayerState], list[Action]],
    handlers: Mapping[type[Action], Handler], **rest: Any,
) -> Step:
    """A row in which players take turns, one at a time in turn order."""
    return Step(phase, step, name, "taking turns", awaiting=_whose_turn, legal=legal, handlers=handlers, turns=True,
                **rest)


def _to(key: Key) -> Callable[[GameState], Key]:
    def next_key(state: GameState) -> Key:
        return key

    return next_key


FISHING: Key = ("fishing", "done")
OVER: Key = ("over", "done")


def _next_day_or_over(state: GameState) -> Key:
    return OVER if day.last_day(state) else FISHING


def _draft_or_buy(state: GameState) -> Key:
    return ("explore", "draft") if explore.draft_goes_on(state) else ("explore", "buy")


STANDARD: tuple[Step, ...] = (
    Step("fishing", "done", "Fishing", "fishing", begin=day.next_day, ended=_always, next=_to(("explore", "draft"))),
    _together(
        "explore", "draft", "Explore", "drafting", explore.drafting, explore.legal_picks,
        {actions.DraftPick: explore.apply_pick}, begin=day.deal_packs, end=explore.resolve_round, next=_draft_or_buy,
        panel="draft",
    ),
    _together(
        "explore", "buy", "Explore", "buying", explore.buying, explore.legal_buys, {actions.Buy: explore.apply_buy},
        next=_to(("lessons", "draw")), panel="buy",
    ),
    _together(
        "lessons", "draw", "Read lessons", "playing cards just bought", lessons.drawing, lessons.legal_go_on,
        {actions.Pass: lessons.apply_go_on}, next=_to(("lessons", "colours")),
        panel="fresh_draw",
    ),
    _together(
        "lessons", "colours", "Read lessons", "choosing lesson colours", lessons.awaiting, lessons.legal,
        {actions.ChooseLessonColour: lessons.apply_colour}, begin=lessons.begin, next=_to(("rescue", "choose")),
        panel="lesson_colours", rule="LESSON-2",  # a lesson's colour is chosen as it is played
    ),
    _together(
        "rescue", "choose", "Rescue cats", "choosing rescue cards", rescue.choosing, rescue.legal_choose,
        {actions.ChooseRescueCards: rescue.apply_choose}, begin=rescue.begin, end=rescue.reveal,
        next=_to(("rescue", "turns")), panel="rescue_choice",
    ),
    _in_turns(
        "rescue", "turns", "Rescue cats", rescue.legal_turn,
        {actions.Rescue: rescue.apply_rescue, actions.Pass: rescue.apply_pass}, begin=rescue.begin_turns,
        ended=rescue.phase_over, end=rescue.finish, next=_to(("rare_finds", "turns")), panel="rescue_turn",
    ),
    _in_turns(
        "rare_finds", "turns", "Rare finds", rare_finds.legal,
        {actions.PlayOshax: rare_finds.apply_oshax, actions.PlayTreasure: rare_finds.apply_treasure,
         actions.Pass: rare_finds.apply_pass},
        begin=rare_finds.begin, ended=lambda state: state.turn is None, end=day.end_day, next=_next_day_or_over,
        panel="rare_finds",
    ),
    Step("over", "done", "Game over", "the end of the game", begin=day.game_over),
)
"""The standard game (DAY-2): the steps of a day in order, the end of the game last."""


def _vary(rows: tuple[Step, ...], **changes: dict[str, Any]) -> tuple[Step, ...]:
    """``rows`` with some rows changed: ``phase_step={field: value}``."""
    return tuple(replace(row, **changes.get(f"{row.phase}_{row.step}", {})) for row in rows)


def _solo_reveal(state: GameState) -> GameState:
    return solo.reveal(rescue.reveal(state))


def _solo_finish(state: GameState) -> GameState:
    return rescue.finish(solo.finish(state))


def _solo_end_day(state: GameState) -> GameState:
    return day.end_day(state, also=solo.end_day)


def _sister_turn(state: GameState) -> GameState:
    return next_turn(solo.take_turn(state))


SOLO: tuple[Step, ...] = _vary(
    STANDARD,
    explore_draft={"end": explore.resolve_solo_round},  # keep 3 of 5, twice, then the deck's top card (SOLO-4)
    rescue_choose={"end": _solo_reveal},  # her first basket card is revealed with the others' cards (SOLO-6)
    rescue_turns={  # she plays her turns herself; her cards left are resolved when the phase ends (SOLO-7)
        "automatic": solo.sister_to_play, "play": _sister_turn, "end": _solo_finish,
    },
    rare_finds_turns={"end": _solo_end_day},  # she flips her next colour card (SOLO-11)
)
"""The solo game against the sister: the standard rows with four variations."""

FAMILY: tuple[Step, ...] = (
    _together(
        "setup", "keep_lessons", "Setup", "keeping family lessons", family.keeping, family.legal_keeps,
        {actions.KeepFamilyLessons: family.apply_keep}, next=_to(("family", "first_day")), panel="family_lessons",
    ),
    Step("family", "first_day", "Rescue cats (family game)", "starting the first day", begin=family.start_day,
         ended=_always, next=_to(("family", "turns"))),
    _in_turns(
        "family", "turns", "Rescue cats (family game)", family.legal_turn,
        {actions.TakeCat: family.apply_take, actions.Pass: family.apply_pass}, ended=family.day_over,
        end=family.end_day, next=lambda state: OVER if day.last_day(state) else ("family", "next_day"),
        panel="family_turn",
    ),
    Step("family", "next_day", "Rescue cats (family game)", "starting the next day", begin=family.next_day,
         ended=_always, next=_to(("family", "turns"))),
    Step("over", "done", "Game over", "the end of the game", begin=day.game_over),
)
"""The family game (FAMILY-1..5): keep lessons, then five days of taking cats in turns."""

TABLES: dict[Mode, dict[Key, Step]] = {
    "standard": {row.key: row for row in STANDARD},
    "solo": {row.key: row for row in SOLO},
    "family": {row.key: row for row in FAMILY},
}
"""The phase table of each mode, by (phase, step)."""

ANYTIME: Mapping[type[Action], Handler] = {actions.PlayAnytime: anytime.apply_play}
"""Actions a player may take in any step, even while another player's decision is pending (ANY-2)."""


@dataclass(frozen=True, slots=True)
class PendingKind:
    """One kind of pending decision: how it is described, which actions answer it and how they are listed."""

    kind: str
    words: str
    handlers: Mapping[type[Action], Handler]
    legal: Callable[[GameState, PlayerState], list[Action]]
    panel: str


PENDING: dict[str, PendingKind] = {
    kind.kind: kind
    for kind in (
        PendingKind("place", "placing a tile", {actions.Place: gained_tiles.apply_place}, gained_tiles.legal, "place"),
        PendingKind("map_bonus", "taking or declining a treasure-map bonus",
                    {actions.TakeMapBonus: gained_tiles.apply_map_bonus}, gained_tiles.legal, "map_bonus"),
        PendingKind("buy_drawn", "buying the drawn cards", {actions.BuyDrawn: anytime.apply_buy_drawn},
                    anytime.legal_pending, "buy_drawn"),
        PendingKind("choose_field", "choosing a field for a drawn cat",
                    {actions.ChooseField: anytime.apply_choose_field}, anytime.legal_pending, "choose_field"),
        PendingKind("move_cats", "moving cats between the fields",
                    {actions.MoveCat: anytime.apply_move_cat, actions.Pass: anytime.apply_stop_moving},
                    anytime.legal_pending, "move_cats"),
        PendingKind("extra_rescue", "rescuing one more cat or declining",
                    {actions.Rescue: rescue.apply_rescue, actions.Pass: rescue.apply_decline}, rescue.legal_extra,
                    "extra_rescue"),
    )
}
"""Every kind of pending decision (ANY-1), by kind."""

ANSWERS_ONLY: frozenset[type[Action]] = frozenset(
    {t for kind in PENDING.values() for t in kind.handlers} - {actions.Rescue, actions.Pass}
)
"""Actions that only ever answer a pending decision."""


class AtStep(Protocol):
    """Where a game stands, as a state or any player's view of it says."""

    @property
    def mode(self) -> Mode:
        """The game's mode."""
        ...

    @property
    def phase(self) -> str:
        """The phase of the day."""
        ...

    @property
    def step(self) -> str:
        """The step within the phase."""
        ...


def row(state: AtStep) -> Step:
    """The row of the phase table the game (or a view of it) is in."""
    return TABLES[state.mode][(state.phase, state.step)]


def owner(mode: Mode, action: type[Action]) -> Step | None:
    """The row of ``mode``'s table (else of another mode's table) whose step takes this action type."""
    for table in (TABLES[mode], *TABLES.values()):
        for candidate in table.values():
            if action in candidate.handlers:
                return candidate
    return None


def advance(state: GameState) -> GameState:
    """Follow the table after an action: settle tiles that cannot be placed, pass a finished turn on, let the rules
    play the sister's turns, and move to the next step while a step has ended (never with a decision pending)."""
    state = gained_tiles.settle(state)
    while not state.pending and not state.over:
        current = row(state)
        if state.acted:
            state = next_turn(replace(state, acted=False))
        elif current.ended(state):
            state = current.end(state)
            if current.next is not None:
                key = current.next(state)
                state = state if key == current.key else enter(state, key)
        elif current.automatic(state):
            state = current.play(state)
        else:
            break
    return state


def enter(state: GameState, key: Key) -> GameState:
    """Go to the step ``key`` of the table: the state is in that (phase, step), then the row's ``begin`` runs."""
    return TABLES[state.mode][key].begin(replace(state, phase=key[0], step=key[1]))


def start(state: GameState) -> GameState:
    """The first day of a new standard or solo game: its fishing (the day stays 1), then on by the table."""
    return advance(day.start_day(replace(state, phase="fishing", step="done")))


def phase_name(phase: str) -> str:
    """A phase in the game's words (``"rare_finds"`` -> ``"Rare finds"``)."""
    for table in TABLES.values():
        for candidate in table.values():
            if candidate.phase == phase:
                return candidate.name
    return phase


def describe_moment(state: GameState) -> str:
    """Where the game is, in words (``"day 2, Rescue cats (choosing rescue cards)"``)."""
    if state.over:
        return "the end of the game"
    current = row(state)
    return f"day {state.day}, {current.name} ({current.doing})"


def describe_pending(kind: str) -> str:
    """A pending decision in words."""
    return PENDING[kind].words


__all__ = [
    "ANYTIME",
    "FAMILY",
    "PENDING",
    "SOLO",
    "STANDARD",
    "TABLES",
    "PendingKind",
    "Step",
    "advance",
    "describe_moment",
    "describe_pending",
    "enter",
    "owner",
    "phase_name",
    "row",
    "start",
]
