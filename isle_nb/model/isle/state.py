"""The immutable game state: players, island, bag, decks, and the stack of pending decisions.

Everything here is a frozen value. A rules transition (see :mod:`isle_nb.model.isle.engine`) takes a state and an action
and returns the next state; nothing is ever changed in place. Chance is explicit: every random draw uses
:func:`rng`, seeded from the game's seed and the number of draws made so far, so a game replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache
from operator import attrgetter
from typing import Any, ClassVar, Literal, Protocol, TypeVar

import msgspec

from isle_nb.model.core.contract import LogEntry
from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.isle.constants import DAYS, FIELD_COST, FISH_PER_DAY, HAND_SIZE, SISTER
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.geometry import Cell
from isle_nb.model.parts.scoring.score import Mode
from isle_nb.model.parts.tiles import Tile

V = TypeVar("V")


@cache
def _field_reader(cls: type) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]], bool, frozenset[str],
                                      tuple[Callable[[Any, Any], None], ...]]:
    """The init fields of a dataclass, a reader of their values, whether a copy must go through ``__init__`` (a
    ``__post_init__`` checks or derives something), their names as a set, and a setter of each field's slot (none
    for a class whose instances keep their fields in a ``__dict__``)."""
    names = tuple(f.name for f in fields(cls) if f.init)
    read = (lambda value: (getattr(value, names[0]),)) if len(names) == 1 else attrgetter(*names)
    slotted = "__slots__" in cls.__dict__
    setters = tuple(cls.__dict__[name].__set__ for name in names) if slotted else ()
    needs_init = hasattr(cls, "__post_init__") or len(names) != len(fields(cls))
    return names, read, needs_init, frozenset(names), setters


_set = object.__setattr__


def replace(value: V, /, **changes: Any) -> V:
    """``dataclasses.replace`` for the state's frozen values, the same new value made faster (states are copied
    several times per action): the fields are copied straight into the new value, as the generated ``__init__``
    would store them (one ``__dict__`` update for the big values, one slot each for the small ones)."""
    if isinstance(value, msgspec.Struct):  # a pending decision
        return msgspec.structs.replace(value, **changes)
    cls: type = type(value)  # a plain type: the cache keys on it
    names, read, needs_init, known, setters = _field_reader(cls)
    if needs_init or not changes.keys() <= known:  # unknown names raise TypeError in __init__, as replace does
        return cls(**{**dict(zip(names, read(value), strict=True)), **changes})
    new: V = object.__new__(cls)
    if setters:
        for setter, current in zip(setters, read(value), strict=True):
            setter(new, current)
        for name, changed in changes.items():
            _set(new, name, changed)
    else:
        stored = new.__dict__
        stored.update(value.__dict__)
        stored.update(changes)
    return new


Phase = Literal["setup", "fishing", "explore", "lessons", "rescue", "rare_finds", "family", "over"]
Step = Literal["keep_lessons", "draft", "buy", "draw", "colours", "choose", "turns", "done"]
Field = Literal["left", "right"]



@dataclass(frozen=True)  # no slots: a copy is one __dict__ update, the hot path of every action (see replace)
class PlayerState:
    """Everything one player owns: boat, fish, cards, baskets, and their part of the current phase."""

    name: str
    seat: int
    boat: Boat
    fish: int = 0
    hand: tuple[int, ...] = ()
    """Cards in hand (bought, not yet played)."""
    private_lessons: tuple[int, ...] = ()
    """Private lessons played face down in front of the player (LESSON-1)."""
    colour_lessons: tuple[int, ...] = ()
    """Read lessons: public "pick a colour" lessons the player is playing, face up, until they give each its colour
    (LESSON-2). Only lessons in hand when the phase began are here: one gained later waits (LESSON-3)."""
    permanent_baskets: int = 1
    baskets_used: int = 0
    """Permanent baskets already used today (RESCUE-5); reset at the end of the day (END-3)."""
    pack: tuple[int, ...] = ()
    """Explore: the cards in front of the player during the draft."""
    drafted: tuple[int, ...] = ()
    """Explore: cards kept in the draft, to be bought or discarded."""
    pick: tuple[int, ...] | None = None
    """Explore: this round's hidden pick, ``None`` until made."""
    bought: bool = False
    """Explore: the player has decided what to buy."""
    rescue_cards: tuple[int, ...] | None = None
    """Rescue: the cards chosen to play this phase (hidden until everyone chose), ``None`` until chosen."""
    full_baskets: int = 0
    half_baskets: int = 0
    speed: int = 0
    passed: bool = False
    """Rescue / rare finds: the player passed and is out for the rest of the phase (RESCUE-3, RARE-1)."""
    place_anywhere: bool = False
    """Card 69/70 was played: the next cat, Oshax or treasure ignores the touch rule (PLACE-6)."""
    extra_rescues: int = 0
    """Cards 80-82 played: how many more cats the next rescue may take, one per card (they stack, ANY-1)."""
    just_bought: tuple[int, ...] = ()
    """Explore: the cards bought this day; a draw card among them may be played before the lessons are read."""
    family_lessons: tuple[int, ...] = ()
    """Family game: the 2 family lessons the player kept (FAMILY-1)."""
    family_offer: tuple[int, ...] = ()
    """Family game: the 3 family lessons dealt, until the player keeps 2 (FAMILY-1)."""

    @property
    def ready_baskets(self) -> int:
        """Permanent baskets still on their ready side today."""
        return self.permanent_baskets - self.baskets_used

    @property
    def baskets_ready(self) -> int:
        """The same as :attr:`ready_baskets`, under the name the views and traits use."""
        return self.ready_baskets

    @property
    def baskets_available(self) -> int:
        """How many cats the player could carry now: ready permanent baskets, full baskets, half-basket pairs."""
        return self.ready_baskets + self.full_baskets + self.half_baskets // 2


class PendingRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="kind"):
    """The base of the pending decisions: frozen msgspec Structs tagged by their ``kind``, so that a view's stack of
    them travels with each one's kind and comes back as the right record (:mod:`isle_nb.model.core.wire`)."""


class PlaceTile(PendingRecord, frozen=True, tag="place"):
    """Place ``tile`` (gained from ``source``) on the boat now (PLACE-5)."""

    player: str
    tile: Tile
    source: str
    kind: ClassVar[Literal["place"]] = "place"


class MapBonus(PendingRecord, frozen=True, tag="map_bonus"):
    """Take a common treasure for a covered treasure map, or decline; ``count`` bonuses are left (MAP-1)."""

    player: str
    count: int = 1
    kind: ClassVar[Literal["map_bonus"]] = "map_bonus"


class BuyDrawnCards(PendingRecord, frozen=True, tag="buy_drawn"):
    """Buy any of the ``cards`` drawn by card 71-74 (ANY-3); only ``player`` sees them."""

    player: str
    cards: tuple[int, ...]
    kind: ClassVar[Literal["buy_drawn"]] = "buy_drawn"


class FieldForCat(PendingRecord, frozen=True, tag="choose_field"):
    """Choose the field for the cat ``tile`` drawn by card 83 (ANY-3)."""

    player: str
    tile: Tile
    kind: ClassVar[Literal["choose_field"]] = "choose_field"


class MoveCats(PendingRecord, frozen=True, tag="move_cats"):
    """Move up to ``count`` more cats between the fields, each once (``moved``), or stop (card 77, ANY-3)."""

    player: str
    count: int
    moved: tuple[str, ...] = ()
    kind: ClassVar[Literal["move_cats"]] = "move_cats"


class ExtraRescue(PendingRecord, frozen=True, tag="extra_rescue"):
    """Rescue one more cat, or decline (card 80-82)."""

    player: str
    kind: ClassVar[Literal["extra_rescue"]] = "extra_rescue"


Pending = PlaceTile | MapBonus | BuyDrawnCards | FieldForCat | MoveCats | ExtraRescue
"""A decision that must be made before play goes on: one small record per kind (the top of the stack is decided
first, ANY-1). Each names its ``player`` and has a ``kind`` (see :data:`isle_nb.model.isle.flow.PENDING`)."""


@dataclass(frozen=True, slots=True)
class SisterState:
    """Solo game: the sister's colour cards, lessons, basket deck and today's basket cards (SOLO-2, SOLO-6..11)."""

    difficulty: str
    colour_row: tuple[str, ...]
    """The 5 solo colour cards in their row, left to right (SOLO-2)."""
    colours_revealed: int
    """How many colour cards are face up (1 at setup, one more after each of days 1-4, SOLO-11)."""
    lessons: tuple[int, ...]
    """Her 3 solo lessons and the advanced ones for the difficulty (SOLO-2)."""
    deck: tuple[int, ...]
    """Solo basket cards still face down in the deck."""
    cards: tuple[int, ...] = ()
    """Today's basket cards: the first is revealed at once, the others as she plays them (SOLO-6, SOLO-7)."""
    resolved: int = 0
    """How many of today's cards she has resolved."""
    speed: int = 0
    used: tuple[int, ...] = ()
    """Basket cards resolved on earlier days (they are not reshuffled)."""

    @property
    def done(self) -> bool:
        """She has resolved all of today's cards."""
        return self.resolved >= len(self.cards)

    @property
    def revealed_colours(self) -> tuple[str, ...]:
        """The face-up colour cards in reveal order."""
        return self.colour_row[: self.colours_revealed]


@dataclass(frozen=True)  # no slots: a copy is one __dict__ update, the hot path of every action (see replace)
class GameState:
    """The whole game at one moment. Players are in seat order; ``turn_order`` holds seat numbers."""

    seed: int
    mode: Mode
    players: tuple[PlayerState, ...]
    day: int = 1
    phase: Phase = "explore"
    step: Step = "draft"
    turn_order: tuple[int, ...] = ()
    turn: int | None = None
    """Seat of the player whose turn it is in rescue / rare finds, else ``None``."""
    acted: bool = False
    """The player whose turn it is has acted; the turn passes on once their pending decisions are done."""
    bag: tuple[Tile, ...] = ()
    left_field: tuple[Tile, ...] = ()
    right_field: tuple[Tile, ...] = ()
    around_island: tuple[Tile, ...] = ()
    """Family game only: the cats laid in a ring around the island (FAMILY-2); it has no left or right field."""
    rare_display: tuple[Tile, ...] = ()
    common_supply: tuple[Tile, ...] = ()
    oshax_supply: tuple[Tile, ...] = ()
    box: tuple[Tile, ...] = ()
    deck: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    public_lessons: tuple[tuple[int, str | None], ...] = ()
    """Public lessons in play with their chosen colour (``None`` until chosen or when none is needed)."""
    draft_round: int = 0
    pending: tuple[Pending, ...] = ()
    draws: int = 0
    """Random draws made so far: with ``seed`` this fixes the next draw (see :func:`rng`)."""
    revealed: int = 0
    """Counts moments when hidden information became known; undo cannot cross one."""
    sister: SisterState | None = None
    """Solo game only: the sister's state; she sits in ``turn_order`` as seat ``len(players)``."""
    log: tuple[LogEntry, ...] = field(default=(), compare=False)

    # -- lookups ----------------------------------------------------------------------------------------------
    @property
    def sister_seat(self) -> int | None:
        """The sister's seat number in ``turn_order`` (solo game), else ``None``."""
        return len(self.players) if self.sister is not None else None

    def seat_name(self, seat: int) -> str:
        """The name of whoever sits at ``seat`` (a player, or the sister in a solo game)."""
        return SISTER if seat == self.sister_seat else self.players[seat].name

    @property
    def names(self) -> tuple[str, ...]:
        """Player names in seat order."""
        return tuple(p.name for p in self.players)

    def seat_of(self, name: str) -> int:
        """Seat number of a player by name; :class:`IllegalAction` (SETUP-1) if there is no such player."""
        for p in self.players:
            if p.name == name:
                return p.seat
        names = ", ".join(p.name for p in self.players)
        raise IllegalAction("SETUP-1", f"there is no player called {quote(name)} (players: {names})")

    def player(self, name: str) -> PlayerState:
        """A player's state by name; :class:`IllegalAction` (SETUP-1) if there is no such player."""
        return self.players[self.seat_of(name)]

    def field(self, which: str) -> tuple[Tile, ...]:
        """The cats in the left or right field."""
        return self.left_field if which == "left" else self.right_field

    @property
    def over(self) -> bool:
        """True once day 5 has ended."""
        return self.phase == "over"

    # -- building the next state ------------------------------------------------------------------------------
    def with_player(self, player: PlayerState) -> GameState:
        """This state with one player replaced (by seat)."""
        players = list(self.players)
        players[player.seat] = player
        return replace(self, players=tuple(players))

    def update_player(self, name: str, **changes: object) -> GameState:
        """This state with some fields of one player changed."""
        return self.with_player(replace(self.player(name), **changes))

    def logged(self, player: str | None, text: str, private: bool = False) -> GameState:
        """This state with one more log line."""
        entry = LogEntry(self.day, self.phase, player, text, private)
        return replace(self, log=(*self.log, entry))


def between_actions(state: GameState) -> bool:
    """Whether play stands between two actions, where anytime cards may be played (ANY-1): nothing is pending, or
    only the next cat of card 80-82, which is a rescue of its own."""
    return not state.over and (not state.pending or isinstance(state.pending[-1], ExtraRescue))


class WithPending(Protocol):
    """A game state or a player's view of it: both show the stack of pending decisions."""

    @property
    def pending(self) -> tuple[Pending, ...]:
        """The pending decisions, the top one last."""
        ...


def tile_to_place(state: WithPending) -> Tile | None:
    """The tile the decision on top of the pending stack asks to place (PLACE-5), or ``None`` when it asks
    something else or nothing is pending; for a state or any player's view of it."""
    top = state.pending[-1] if state.pending else None
    return top.tile if isinstance(top, PlaceTile) else None


def rng(state: GameState) -> random.Random:
    """The random generator for the next draw: fixed by the seed and the number of draws so far."""
    return random.Random(f"isle_nb:{state.seed}:{state.draws}")


def draw_tile(state: GameState) -> tuple[GameState, Tile | None]:
    """Draw one tile at random from the bag (``None`` if the bag is empty)."""
    if not state.bag:
        return state, None
    index = rng(state).randrange(len(state.bag))
    tile = state.bag[index]
    bag = state.bag[:index] + state.bag[index + 1 :]
    return replace(state, bag=bag, draws=state.draws + 1, revealed=state.revealed + 1), tile


def draw_cards(state: GameState, count: int) -> tuple[GameState, tuple[int, ...]]:
    """Draw cards from the top of the deck, shuffling the discard pile into a new deck when it runs out."""
    drawn: list[int] = []
    deck, discard, draws = state.deck, state.discard, state.draws
    while len(drawn) < count:
        if not deck:
            if not discard:
                break
            shuffled = list(discard)
            random.Random(f"isle_nb:{state.seed}:{draws}").shuffle(shuffled)
            deck, discard, draws = tuple(shuffled), (), draws + 1
        drawn.append(deck[0])
        deck = deck[1:]
    new = replace(state, deck=deck, discard=discard, draws=draws, revealed=state.revealed + 1)
    return new, tuple(drawn)


def without(items: tuple, item: object) -> tuple:
    """``items`` with the first occurrence of ``item`` removed (raises ValueError if absent)."""
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def without_all(items: tuple, remove: tuple) -> tuple:
    """``items`` with each element of ``remove`` taken out once."""
    result = items
    for item in remove:
        result = without(result, item)
    return result


__all__ = [
    "DAYS",
    "FIELD_COST",
    "FISH_PER_DAY",
    "HAND_SIZE",
    "SISTER",
    "BuyDrawnCards",
    "Cell",
    "ExtraRescue",
    "Field",
    "FieldForCat",
    "GameState",
    "LogEntry",
    "MapBonus",
    "Mode",
    "MoveCats",
    "Pending",
    "Phase",
    "PlaceTile",
    "PlayerState",
    "SisterState",
    "Step",
    "between_actions",
    "draw_cards",
    "draw_tile",
    "rng",
]
