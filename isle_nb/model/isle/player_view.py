"""What one player may see of an Isle of Cats game: a frozen :class:`PlayerView`, projected from the state.

:func:`player_view` strips what the rules keep secret from that player (EXPLORE-4, LESSON-1, RESCUE-1, FAMILY-1,
SOLO-6): the other players' hands, draft packs, picks and drafted cards, private and family lessons, rescue cards
until they are revealed, the cards another player drew with card 71-74, the private log lines of others, and the
sister's face-down colours and basket cards. It keeps what the mode has (``has_fish``, ``has_cards``, ``has_oshax``,
``sister``) so a widget can lay itself out from the view alone. Widgets render a view, never the raw state, so
hidden information is safe by construction. Anyone who is not a player gets the public view (``player`` and ``me``
``None``, every player among ``others``), the same for every watcher. ``to_dict``/``from_dict`` are the view's
exact JSON form (:mod:`isle_nb.model.core.wire`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import msgspec

from isle_nb.model.core.contract import LogEntry
from isle_nb.model.core.copying import Fields
from isle_nb.model.core.wire import Wire, field_names
from isle_nb.model.isle import engine
from isle_nb.model.isle.hidden import HIDDEN_CARDS, basket_cards_shown, drawn_cards_hidden, rescue_revealed
from isle_nb.model.isle.state import (
    BuyDrawnCards,
    ExtraRescue,
    FieldForCat,
    GameState,
    MapBonus,
    Mode,
    MoveCats,
    Pending,
    PlaceTile,
    PlayerState,
    SisterState,
)
from isle_nb.model.isle.variants import variant
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.tiles import COMMON_SHAPES, Tile


class SideView(Wire, frozen=True):
    """What everybody sees of a seat: the name, boat and fish, and the baskets and speed of the rescue phase."""

    name: str
    seat: int
    boat: Boat
    fish: int
    bought: bool
    """Explore: they have decided what to buy."""
    rescue_cards: tuple[int, ...] | None
    """Rescue cards: the viewer's own once chosen; another player's once revealed (RESCUE-2), else ``None``."""
    permanent_baskets: int
    baskets_ready: int
    full_baskets: int
    half_baskets: int
    speed: int
    """Speed, baskets: set when the rescue cards are revealed (0 before)."""
    passed: bool


class OwnView(SideView, frozen=True):
    """Everything the viewer sees of themselves: all of their own state."""

    hand: tuple[int, ...]
    private_lessons: tuple[int, ...]
    colour_lessons: tuple[int, ...]
    pack: tuple[int, ...]
    drafted: tuple[int, ...]
    pick: tuple[int, ...] | None
    baskets_available: int
    place_anywhere: bool
    extra_rescues: int
    family_lessons: tuple[int, ...]
    family_offer: tuple[int, ...]


class OtherView(SideView, frozen=True):
    """What the viewer sees of another player: the boat and public counts, never the cards themselves."""

    hand_size: int
    private_lessons: int
    """How many private lessons lie face down in front of them (not which)."""
    family_lessons: int
    """Family game: how many family lessons they kept (not which)."""
    has_picked: bool
    """Explore: they have made this round's hidden pick."""


class SisterView(Wire, frozen=True):
    """Solo game: the sister's public side (SOLO-2, SOLO-6, SOLO-7, SOLO-11)."""

    difficulty: str
    colours: tuple[str, ...]
    """Her colour cards turned face up so far, in reveal order."""
    colours_face_down: int
    lessons: tuple[int, ...]
    cards_today: tuple[int, ...]
    """Today's basket cards that are face up (the first as soon as it is revealed)."""
    face_down_today: int
    """Today's basket cards still face down."""
    resolved: int
    speed: int
    deck_size: int


class PlayerView(Wire, frozen=True):
    """The game as ``player`` may see it (see the module docstring for what is stripped); with ``player`` and
    ``me`` ``None``, the public view every watcher gets (:func:`player_view` of a non-player)."""

    player: str | None
    mode: Mode
    day: int
    phase: str
    step: str
    over: bool
    awaiting: tuple[str, ...]
    turn_order: tuple[str, ...]
    """Names in turn order (the sister included in a solo game)."""
    turn: str | None
    left_field: tuple[Tile, ...]
    right_field: tuple[Tile, ...]
    around_island: tuple[Tile, ...]
    """Family game: the cats lying around the island (it has no fields)."""
    rare_display: tuple[Tile, ...]
    common_supply: dict[str, int]
    """Common treasures left, by shape."""
    oshax_supply: tuple[Tile, ...]
    public_lessons: tuple[tuple[int, str | None], ...]
    pending: tuple[Pending, ...]
    """The stack of pending decisions; cards another player drew (card 71-74) are stripped."""
    deck_size: int
    discard_size: int
    me: OwnView | None
    """The viewer's own side (``None`` in the public view)."""
    others: tuple[OtherView, ...]
    """Every other player (every player in the public view), in seat order."""
    log: tuple[LogEntry, ...]
    """The log lines the viewer may read."""
    sister: SisterView | None
    has_fish: bool
    """The mode uses fish (not the family game)."""
    has_cards: bool
    """The mode uses discovery cards (not the family game)."""
    has_oshax: bool
    """Oshax can be gained (not the family game)."""
    has_fields: bool
    """Cats wait in the left and right fields (the family game lays them around the island instead)."""

    def other(self, name: str) -> OtherView:
        """What the viewer sees of another player (KeyError for an unknown name or the viewer)."""
        for other in self.others:
            if other.name == name:
                return other
        raise KeyError(name)

    def __getitem__(self, key: str) -> Any:
        """``view["me"]``...: the :meth:`to_dict` form, for code written against the JSON view."""
        return self.to_dict()[key]


SIDE_FIELDS = tuple(name for name in field_names(SideView) if name not in HIDDEN_CARDS)
OWN_FIELDS = field_names(OwnView)
COPIED_FIELDS = (
    "mode", "day", "phase", "step", "over", "left_field", "right_field", "around_island", "rare_display",
    "oshax_supply", "public_lessons",
)
"""The view fields that are the state's own values, unchanged."""
_OWN, _SIDE, _STATE = Fields(OWN_FIELDS), Fields(SIDE_FIELDS), Fields(COPIED_FIELDS)


PARTS_KEPT = 1024
"""How many parts of views :data:`_parts` remembers (all are forgotten when it is full)."""
_parts: dict[tuple[int, int, bool], tuple[object, Any]] = {}


def _part(kind: int, source: object, flag: bool, make: Callable[[], Any]) -> Any:
    """The part of a view ``make`` builds from the frozen record ``source`` (and ``flag``), built once per record.

    A player who did not change between two states is the very same record in both, and the four seats of a table
    see each other player alike, so every view of a move and of the moves after it shares that player's part: one
    object, which a :class:`~isle_nb.model.core.wire.TextMemo` writes as JSON once. Each entry holds its record, so no
    other object can take its id while it is remembered."""
    key = (kind, id(source), flag)
    found = _parts.get(key)
    if found is not None and found[0] is source:
        return found[1]
    part = make()
    if len(_parts) >= PARTS_KEPT:
        _parts.clear()
    _parts[key] = (source, part)
    return part


def _own(player: PlayerState) -> OwnView:
    return _part(0, player, False, lambda: OwnView(**_OWN.of(player)))


def _other(state: GameState, player: PlayerState) -> OtherView:
    revealed = rescue_revealed(state, player)
    return _part(1, player, revealed, lambda: OtherView(
        **{**_SIDE.of(player), "rescue_cards": player.rescue_cards if revealed else None},
        hand_size=len(player.hand),
        private_lessons=len(player.private_lessons),
        family_lessons=len(player.family_lessons),
        has_picked=player.pick is not None,
    ))


def _sister(state: GameState) -> SisterView | None:
    sister = state.sister
    if sister is None:
        return None
    return _part(2, sister, False, lambda: _sister_view(sister))


def _sister_view(sister: SisterState) -> SisterView:
    shown = basket_cards_shown(sister)
    return SisterView(
        difficulty=sister.difficulty,
        colours=sister.revealed_colours,
        colours_face_down=len(sister.colour_row) - sister.colours_revealed,
        lessons=sister.lessons,
        cards_today=sister.cards[:shown],
        face_down_today=len(sister.cards) - shown,
        resolved=sister.resolved,
        speed=sister.speed,
        deck_size=len(sister.deck),
    )


def _pending(pending: Pending, viewer: str | None) -> Pending:
    """A pending decision as ``viewer`` sees it: the cards another player drew stay with that player (ANY-3)."""
    if isinstance(pending, BuyDrawnCards) and drawn_cards_hidden(pending, viewer):
        return msgspec.structs.replace(pending, cards=())
    return pending


SEEN_KEPT = 512
"""How many (game, viewer) logs :func:`seen_log` remembers (all are forgotten when it is full)."""
_seen: dict[tuple[int, str | None], tuple[tuple[LogEntry, ...], tuple[LogEntry, ...]]] = {}


def seen_log(log: tuple[LogEntry, ...], viewer: str | None) -> tuple[LogEntry, ...]:
    """The lines of ``log`` that ``viewer`` may read (a watcher, ``None``: the public ones).

    A game's log only grows (an undo goes back to an earlier one), and every view of every move reads it, so the
    lines this viewer was given from the same game's log last time are kept and only the lines added since are
    read: a log that holds, at the same place, the very line the last one ended with goes on from it. A game is
    known by its first line (held here, so no other line takes its id)."""
    if not log:
        return ()
    key = (id(log[0]), viewer)
    found = _seen.get(key)
    if found is not None:
        source, seen = found
        count = len(source)
        if source[0] is log[0] and count <= len(log) and log[count - 1] is source[-1]:
            if count < len(log):
                seen += tuple([e for e in log[count:] if e.seen_by(viewer)])
                _seen[key] = (log, seen)
            return seen
    seen = tuple([e for e in log if e.seen_by(viewer)])
    if len(_seen) >= SEEN_KEPT:
        _seen.clear()
    _seen[key] = (log, seen)
    return seen


def _supply(state: GameState) -> dict[str, int]:
    """Common treasures left, by shape (every shape, 0 when none is left)."""
    counted = _part(3, state.common_supply, False, lambda: _count(state.common_supply))
    return dict(counted)  # a view's own dict: the counts stay as they are for every other view


def _count(supply: tuple[Tile, ...]) -> dict[str, int]:
    left = Counter(t.shape for t in supply)
    return {s: left[s] for s in COMMON_SHAPES}


def player_view(state: GameState, viewer: str | None) -> PlayerView:
    """What ``viewer`` may see of ``state``; for anyone who is not a player (``None`` too), the public view."""
    player = viewer if viewer in state.names else None
    rules = variant(state.mode)
    return PlayerView(
        **_STATE.of(state),
        player=player,
        awaiting=engine.awaiting(state),
        turn_order=tuple(state.seat_name(s) for s in state.turn_order),
        turn=None if state.turn is None else state.seat_name(state.turn),
        common_supply=_supply(state),
        pending=tuple(_pending(p, player) for p in state.pending),
        deck_size=len(state.deck),
        discard_size=len(state.discard),
        me=None if player is None else _own(state.player(player)),
        others=tuple(_other(state, p) for p in state.players if p.name != player),
        log=seen_log(state.log, player),
        sister=_sister(state),
        has_fish=rules.has_fish,
        has_cards=rules.has_cards,
        has_oshax=rules.has_oshax,
        has_fields=rules.has_fields,
    )


__all__ = [
    "BuyDrawnCards", "ExtraRescue", "FieldForCat", "LogEntry", "MapBonus", "MoveCats", "OtherView", "OwnView",
    "Pending", "PlaceTile", "PlayerView", "SideView", "SisterView", "player_view",
]
"""``LogEntry`` and ``Pending`` (one of ``PlaceTile``, ``MapBonus``, ...) are the records a view's ``log`` and
``pending`` hold: screens import them here."""
