"""The hub's tables: each one game held by the hub, its seats, its log in the store, and who is listening.

The table manager is the authority of the hub: it validates every move with the rules and stores it before anyone
is told; :meth:`Table.announce` then queues each listener's new message (its own seat's view only), once for all
the moves made meanwhile. It plays the bot seats, refuses moves
for another seat, stale moves (except in a simultaneous step, where a move that is still legal is accepted), and
undo other than the one rule allows (:mod:`isle_nb.model.core.undo`). It knows nothing about HTTP or WebSockets: the app
(:mod:`isle_nb.hub.app`) hands it decoded messages and sends what it queues.
"""

from __future__ import annotations

import hmac
import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from isle_nb.hub.limits import RateLimit
from isle_nb.hub.modes import parse_seats
from isle_nb.hub.protocol import NAME_LIMIT, Error, Refused, Summary
from isle_nb.hub.store import Store, StoredSeat, StoredTable, token_hash
from isle_nb.hub.wire import SeatText, may_of, result_data, state_fields
from isle_nb.model.core.contract import Bot
from isle_nb.model.core.errors import IllegalAction, InvalidSave
from isle_nb.model.core.result import GameResult
from isle_nb.model.core.shell import GameShell, bot_by_name
from isle_nb.model.core.undo import take_back, undo_note
from isle_nb.model.core.wire import TextMemo
from isle_nb.model.modes import GameMode, game_mode

TABLES_LIMIT = 1_000
"""The most tables one hub holds (finished ones included, until they expire)."""
EXPIRE_AFTER = 7 * 86_400
"""Seconds a finished or ended table stays on the hub (its result is kept apart for the teacher's download)."""
RECALLED = 4
"""How many finished tables, brought back from the store when asked for, stay in memory meanwhile."""
RECALLS = (2.0, 8)
"""Finished tables brought back from the store a second on average, and at once (each replays a whole game): more
are refused for a moment (``busy``), so that asking for many in turn cannot keep the hub replaying."""
TIME_LIMIT = "time_limit"
"""The table option that sets how many seconds a person may keep the table waiting before a bot plays for them
(off when absent)."""
LONGEST_LIMIT = 86_400


class Refusal(ValueError):
    """A request the hub refuses; ``code`` says what kind of refusal (see ``docs/protocol.md``), ``rule`` the rule
    an illegal move breaks."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule

    def refused(self, number: int | None) -> Refused:
        """The refusal of message ``number`` on a seat's connection (it stays open)."""
        return Refused(number, self.code, self.rule, str(self))

    def error(self) -> Error:
        """The refusal as an HTTP answer's body, or of a hello (the connection then closes)."""
        return Error(self.code, self.rule, str(self))


def refusal_of(error: IllegalAction) -> Refusal:
    """An :class:`IllegalAction` of the rules as a refusal carrying its rule ID and sentence."""
    return Refusal("illegal", str(error), getattr(error, "rule", None))


class Listener:
    """One connection to a table: its seat (``None`` for a watcher), the log lines it has, where its messages go,
    whether its seat was awaited in the last message it got, and whether the table changed since (``behind``)."""

    def __init__(self, seat: str | None, send: Callable[[str], None]) -> None:
        self.seat = seat
        self.send = send
        self.log: tuple[Any, ...] = ()
        self.awaited = False
        self.behind = False


@dataclass(eq=False)
class Table:
    """One table: its game, seats, bots and listeners (connections by seat name, ``None`` for a watcher)."""

    id: str
    mode: GameMode
    game: GameShell
    seats: list[StoredSeat]
    options: dict[str, Any]
    created: float
    bots: dict[str, Bot[Any]] = field(default_factory=dict)
    listeners: set[Listener] = field(default_factory=set)
    changed: bool = False
    """Whether the game changed since the listeners were last told (:meth:`announce`)."""
    away: set[str] = field(default_factory=set)
    """Person seats a bot plays until their player comes back (they kept the table waiting past its time limit)."""
    awaited_since: dict[str, float] = field(default_factory=dict)
    """Since when (``time.monotonic()``) each awaited person seat has been awaited."""
    stand_in: Bot[Any] | None = None
    """The bot that plays for people who are away."""
    stood_in: dict[int, str] = field(default_factory=dict)
    """The lines of the game's log (by place in the state's log) that tell of a move the stand-in made for a person
    who was away, with that person: every page says a bot made it (:meth:`stand_in_lines`)."""
    memo: TextMemo = field(default_factory=TextMemo)
    """The text of the seats' views' parts as last written (kept from one announcement to the next)."""
    written: dict[str | None, dict[str, tuple[Any, str]]] = field(default_factory=dict)
    """Each seat's view fields as last written, with their text (see :func:`~isle_nb.hub.wire.view_text`)."""
    compacted: dict[str | None, list[Any]] = field(default_factory=dict)
    """Each seat's legal actions as last sent, with their compact form (see :func:`~isle_nb.hub.compact.compact`)."""
    result_of: tuple[Any, dict[str, Any] | None] | None = None
    """The state whose result :meth:`result` last worked out, and that result."""
    public_of: tuple[Any, str, dict[str, int] | None] | None = None
    """The state whose progress and scores :meth:`public_progress` last read, and what it read."""
    ended: float | None = None
    """When the game finished or the table was ended (``time.time()``): nobody moves there any more."""
    caught_up: float = float("-inf")
    """When (the hub's loop time) the listeners left behind were last told (:meth:`catch_up`)."""

    @property
    def time_limit(self) -> float | None:
        """Seconds a person may keep the table waiting before a bot plays for them (``None``: no limit)."""
        return self.options.get(TIME_LIMIT)

    def note_awaited(self, now: float) -> None:
        """Start the clock of each person seat that has just become awaited (and stop the others')."""
        people = {s.name for s in self.seats if s.kind == "person"}
        awaiting = [name for name in self.game.awaiting if name in people]
        self.awaited_since = {name: self.awaited_since.get(name, now) for name in awaiting}

    @property
    def waiting(self) -> bool:
        """Whether the table waits for its players: a seat is still open, so it is not dealt yet and nobody moves
        (each claim deals it again with the names taken so far; the last one starts it)."""
        return any(seat.kind == "open" for seat in self.seats)

    @property
    def seq(self) -> int:
        """Actions applied so far."""
        return len(self.game.actions)

    def seat_of(self, token: object) -> StoredSeat | None:
        """The person seat whose token this is, else ``None``."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        digest = token_hash(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat
        return None

    def can_undo(self, seat: str) -> bool:
        """Whether ``seat`` may take back its last move now (with the bot moves after it), by the one undo rule
        (:mod:`isle_nb.model.core.undo`)."""
        return not self.undo_note(seat)

    def undo_note(self, seat: str) -> str:
        """Why ``seat`` may not take back its last move now, in words ("" when it may)."""
        return undo_note(self.game, (seat,), self.people_but(seat))

    def people_but(self, seat: str) -> tuple[str, ...]:
        """The players who are people (not bots of the hub), but ``seat``: a move of theirs cannot be taken back
        by anyone else."""
        return tuple(s.name for s in self.seats if s.kind != "bot" and s.name != seat)

    def state(self, seat: str | None) -> SeatText:
        """What the listeners of ``seat`` (a watcher for ``None``) receive now, as text but for their logs."""
        may = may_of(self.game, seat, self.compacted.setdefault(seat, []))
        return SeatText(state_fields(self.id, self.mode.name, self.game, seat,
                                     seat is not None and self.can_undo(seat), self.away, self.result(), may,
                                     self.present()),
                        self.memo, self.written.setdefault(seat, {}), self.stand_in_lines(seat))

    def stand_in_lines(self, seat: str | None) -> dict[int, str]:
        """The lines of ``seat``'s log (a watcher's for ``None``) that tell of a move the stand-in made for a person
        who was away, by their place in that log, with that person. A seat's view holds the lines of the game's log
        its player may read (:meth:`~isle_nb.model.core.contract.LogEntry.seen_by`), in order, so a line's place
        differs from one seat to another where private lines come before it."""
        if not self.stood_in:
            return {}
        found: dict[int, str] = {}
        place = 0
        for number, entry in enumerate(self.game.state.log):
            if entry.seen_by(seat):
                if number in self.stood_in:
                    found[place] = self.stood_in[number]
                place += 1
        return found

    def present(self) -> set[str]:
        """The people whose seat has a connection open now."""
        return {listener.seat for listener in self.listeners if listener.seat is not None}

    def result(self) -> dict[str, Any] | None:
        """The game's result as sent once it is over (else ``None``), worked out once per state: the final score
        table takes a while, and every seat and every reconnection receives it."""
        state = self.game.state
        if self.result_of is None or self.result_of[0] is not state:
            self.result_of = (state, result_data(self.game))
        return self.result_of[1]

    def message(self, seat: str | None, sent: tuple[Any, ...] = ()) -> str:
        """The message a listener of ``seat`` that has the log lines ``sent`` receives now (its text)."""
        return self.state(seat).text(sent)

    def tell(self, listener: Listener, state: SeatText | None = None) -> None:
        """Send ``listener`` its message (``state`` from :meth:`state`, if already built)."""
        state = state if state is not None else self.state(listener.seat)
        listener.send(state.text(listener.log))
        listener.log = state.log
        listener.awaited = listener.seat in self.game.awaiting
        listener.behind = False

    def announce(self, movers: Collection[str | None] | None = None) -> bool:
        """Give the listeners their new message: each seat's built once, and only the parts of the views that
        changed since the last announcement written again (:class:`~isle_nb.model.core.wire.TextMemo`).

        With ``movers`` (the seats that just moved), only those who need the news to play are told at once: the
        movers, the seats that became awaited or stopped being awaited, the seat awaited in a step taken in turn
        (its choices may hang on every move), and everyone once the game is over. The others (watching others
        move, or deciding in secret in a simultaneous step, where a move made before another's still counts if it
        is still legal) fall ``behind`` until :meth:`catch_up`, which tells them once for all the moves made
        meanwhile. Whether anyone is behind."""
        self.changed = False
        self.note_awaited(time.monotonic())
        self.memo.turn()
        game = self.game
        awaiting = game.awaiting
        in_turn = not game.simultaneous
        now = []
        for listener in list(self.listeners):
            awaited = listener.seat in awaiting
            if movers is None or listener.seat in movers or awaited != listener.awaited or (awaited and in_turn) \
                    or game.over:
                now.append(listener)
            else:
                listener.behind = True
        self._tell_each(now)
        return len(now) < len(self.listeners)

    def catch_up(self) -> None:
        """Tell the listeners left :meth:`announce` behind what the table is now."""
        self.memo.turn()
        self._tell_each([listener for listener in self.listeners if listener.behind])

    def _tell_each(self, listeners: list[Listener]) -> None:
        """Tell each of these listeners, building each seat's message once."""
        built: dict[str | None, SeatText] = {}
        for listener in listeners:
            if listener.seat not in built:
                built[listener.seat] = self.state(listener.seat)
            self.tell(listener, built[listener.seat])

    def public_progress(self) -> tuple[str, dict[str, int] | None]:
        """Where the game stands and the scores, as a watcher sees them: the rules read both from the public view
        (:meth:`~isle_nb.model.core.contract.Rules.progress`, :meth:`~isle_nb.model.core.contract.Rules.
        shown_scores`), and once the game is over the scores are the result's (every page shows it then); nothing
        while the table waits for players. Read once per state: every look at the lobby asks for it."""
        if self.waiting:
            return "", None
        state = self.game.state
        if self.public_of is None or self.public_of[0] is not state:
            rules, view, result = self.game.rules, self.game.view(None), self.result()
            scores = rules.shown_scores(view) if result is None else GameResult.from_dict(result).totals
            self.public_of = (state, rules.progress(view), scores)
        return self.public_of[1], self.public_of[2]

    def summary(self) -> Summary:
        """The table as the lobby lists it: no token, no secret (its progress and scores as a watcher sees them)."""
        progress, scores = self.public_progress()
        return Summary(
            self.id, self.mode.name, self.mode.label, [s.name for s in self.seats], [s.kind for s in self.seats],
            [s.name for s in self.seats if s.kind == "open"], self.seq, self.game.over, self.time_limit,
            sorted(self.away), [] if self.ended else list(self.game.awaiting), self.created, ended=self.ended,
            progress=progress, scores=scores)


class TableManager:
    """Every table of one hub over one :class:`~isle_nb.hub.store.Store`; rebuilt from it on start.

    Only the tables still played stay in memory (:attr:`tables`). A finished or ended table leaves it
    (:meth:`retire`; its log and result stay stored) and is rebuilt from the store when someone asks for it, the last
    :data:`RECALLED` of them kept meanwhile; it expires :data:`EXPIRE_AFTER` seconds after it ended (:meth:`expire`).
    A stored table that cannot be rebuilt is listed as damaged, with the reason, and the others are served."""

    def __init__(self, store: Store, expire_after: float = EXPIRE_AFTER) -> None:
        self.store = store
        self.expire_after = expire_after
        self.tables: dict[str, Table] = {}
        """The tables being played."""
        self.retired: dict[str, Summary] = {}
        """The finished and ended tables, as the lobby lists them."""
        self.damaged: dict[str, Summary] = {}
        """The stored tables that could not be rebuilt, each saying why."""
        self.recalled: OrderedDict[str, Table] = OrderedDict()
        self.recalls = RateLimit(*RECALLS)
        for stored in store.tables():
            try:
                table = self._rebuild(stored)
            except Exception as error:  # whatever breaks one table must not stop the hub
                self.damaged[stored.id] = _damaged(stored, error)
                continue
            if stored.ended is not None or table.game.over:
                self.retire(table, stored.ended)
            else:
                self.tables[stored.id] = table

    # -- creating ---------------------------------------------------------------------------------------------
    def create(self, mode: object = "standard", players: object = None, seed: object = None,
               options: object = None) -> tuple[Table, dict[str, str]]:
        """A new table and each person seat's token by name; :class:`Refusal` saying why for a bad setup.

        Without a ``seed`` the hub draws one and keeps it secret until the game is over: the seed and the moves
        decide every card and tile still hidden, so whoever knows it could read everyone's hand."""
        if seed is None:
            seed = secrets.randbelow(2**31)
        if len(self.tables) + len(self.retired) + len(self.damaged) >= TABLES_LIMIT:
            raise Refusal("full", f"this hub holds at most {TABLES_LIMIT} tables")
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise Refusal("malformed", "options must be an object of names and values")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise Refusal("malformed", "the seed must be a whole number (or left out: the hub draws a secret one)")
        limit = options.get(TIME_LIMIT)
        if limit is not None and (not isinstance(limit, (int, float)) or isinstance(limit, bool)
                                  or not 0 < limit <= LONGEST_LIMIT):
            raise Refusal("malformed", f"the time limit is a number of seconds, more than 0 and at most "
                                       f"{LONGEST_LIMIT:,}")
        game_options = _game_options(options)
        try:
            found = game_mode(mode)  # type: ignore[arg-type]  # refused when it is no mode's name
            specs = parse_seats(players if players is not None else ["Player 1", "Player 2"], found)
            game = found.new([s.name for s in specs], seed, **game_options)
        except IllegalAction as error:
            raise refusal_of(error) from None
        except (TypeError, ValueError) as error:
            raise Refusal("malformed", f"cannot set up that table: {error}") from None
        tokens: dict[str, str] = {}
        seats: list[StoredSeat] = []
        for number, spec in enumerate(specs):
            hashed = None
            if spec.kind == "person":
                tokens[spec.name] = secrets.token_urlsafe(24)
                hashed = token_hash(tokens[spec.name])
            seats.append(StoredSeat(number, spec.name, spec.kind, spec.bot, hashed))
        stored = StoredTable(secrets.token_hex(4), found.name, _save_of(game), dict(options), time.time(),
                             tuple(seats), ())
        self.store.add_table(stored)
        table = Table(stored.id, found, game, seats, dict(options), stored.created)
        self._seat_bots(table)
        self.tables[table.id] = table
        return table, tokens

    def _rebuild(self, stored: StoredTable) -> Table:
        """A stored table as it was: its game rebuilt by replaying its log through the rules."""
        mode = game_mode(stored.mode)
        game = mode.shell.from_json(json.dumps({**stored.save, "actions": list(stored.actions)}))
        table = Table(stored.id, mode, game, list(stored.seats), stored.options, stored.created,
                      ended=stored.ended, stood_in=dict(stored.stand_in))
        self._seat_bots(table)
        return table

    # -- ending -----------------------------------------------------------------------------------------------
    def retire(self, table: Table, when: float | None = None) -> None:
        """A finished (or ended) table leaves memory: it is marked ended in the store, with its result if the game
        finished, and the lobby keeps its summary. Its connections keep what they were last sent."""
        if table.ended is None:
            table.ended = time.time() if when is None else when
            self.store.end(table.id, table.ended, table.result(), [s.name for s in table.seats], table.mode.name)
        self.tables.pop(table.id, None)
        self.retired[table.id] = table.summary()

    def end(self, table: Table) -> None:
        """End a table, finished or not (an abandoned game): nobody moves there any more; it expires later."""
        self.retire(table)

    def delete(self, table_id: str) -> None:
        """Remove a table from the hub and its store (a finished game's result is kept apart); :class:`Refusal`
        for a table the hub does not have."""
        table_id = self._known(table_id)
        live = self.tables.get(table_id)
        if live is not None:
            self.retire(live)
        self.store.delete(table_id)
        for kept in (self.tables, self.retired, self.damaged, self.recalled):
            kept.pop(table_id, None)

    def expire(self, now: float) -> list[str]:
        """Delete the tables that ended more than :attr:`expire_after` seconds before ``now``; their ids."""
        gone = self.store.expired(now - self.expire_after)
        for table_id in gone:
            self.delete(table_id)
        return gone

    def results(self) -> list[dict[str, Any]]:
        """Every finished table's result, kept after the table itself expires (for the teacher's download)."""
        return self.store.results()

    def summaries(self) -> list[Summary]:
        """Every table as the lobby lists it, oldest first: those played, finished, ended and damaged."""
        found = [t.summary() for t in self.tables.values()] + list(self.retired.values())
        return sorted([*found, *self.damaged.values()], key=lambda s: (s.created, s.id))

    @staticmethod
    def _seat_bots(table: Table) -> None:
        """The table's bots: one per bot seat, and the stand-in for people who are away (its tables with a time
        limit); seeded from the game's seed, so they play as they would have before a restart."""
        seed = table.game.rules.setup(table.game.state).get("seed", 0)
        kinds = table.mode.bots
        table.bots = {s.name: bot_by_name(kinds, s.bot, seed * 101 + s.seat) for s in table.seats
                      if s.kind == "bot" and s.bot is not None}
        if table.time_limit is not None:
            table.stand_in = bot_by_name(kinds, "random" if "random" in kinds else next(iter(kinds)), seed * 103)
        table.note_awaited(time.monotonic())

    # -- finding ----------------------------------------------------------------------------------------------
    def table(self, table_id: object) -> Table:
        """The table with this id (a finished one brought back from the store); :class:`Refusal` otherwise
        (``unknown_table``, ``damaged``)."""
        table_id = self._known(table_id)
        found = self.tables.get(table_id) or self.recalled.get(table_id)
        if found is None:
            if table_id in self.damaged:
                raise Refusal("damaged", f"this table cannot be played: {self.damaged[table_id].damaged}")
            stored = self.store.table(table_id)
            if stored is None:
                raise Refusal("unknown_table", "there is no such table on this hub")
            if not self.recalls.allow():
                raise Refusal("busy", "the hub is bringing back other finished tables: ask again in a moment")
            found = self._rebuild(stored)
            self.recalled[table_id] = found
            while len(self.recalled) > RECALLED:
                self.recalled.popitem(last=False)
        if table_id in self.recalled:
            self.recalled.move_to_end(table_id)
        return found

    def _known(self, table_id: object) -> str:
        """``table_id`` if it is one this hub has; :class:`Refusal` otherwise (a long id is not echoed)."""
        if not isinstance(table_id, str) or len(table_id) > NAME_LIMIT:
            raise Refusal("malformed", f"a table id is text of at most {NAME_LIMIT} characters")
        if table_id not in self.tables and table_id not in self.retired and table_id not in self.damaged:
            raise Refusal("unknown_table", "there is no such table on this hub")
        return table_id

    def __iter__(self) -> Iterator[Table]:
        return iter(self.tables.values())

    def claim(self, table: Table, name: object = None, as_name: object = None) -> tuple[str, str]:
        """Take an open seat (the one called ``name``, or the first), played under ``as_name`` if given (the name
        its person chose: the model's name checks apply, so it must differ from the others at the table): its
        player's name and the new seat token. The table is dealt again with the names taken so far (nobody has
        moved: a table waits while a seat is open); the last seat taken starts the game."""
        if table.ended is not None:
            raise Refusal("ended", "this table has ended: nobody moves there any more")
        index = next((number for number, seat in enumerate(table.seats)
                      if seat.kind == "open" and (name is None or seat.name == name)), None)
        if index is None:
            raise Refusal("no_open_seat", "this table has no open seat left" if name is None
                          else f"{name!r} is not an open seat at this table")
        seat = table.seats[index]
        chosen = seat.name if as_name is None else as_name
        if not isinstance(chosen, str) or not chosen.strip():
            raise Refusal("malformed", "a player's name is some text")
        chosen = chosen.strip()
        token = secrets.token_urlsafe(24)
        claimed = replace(seat, name=chosen, kind="person", token_hash=token_hash(token))
        seats = [claimed if number == index else other for number, other in enumerate(table.seats)]
        game = self._dealt(table, seats) if chosen != seat.name else None
        self.store.set_seat(table.id, claimed, None if game is None else _save_of(game))
        if game is not None:
            self._redealt(table, game)
        table.seats[index] = claimed
        table.changed = True
        return chosen, token

    def start(self, table: Table) -> list[str]:
        """The teacher starts a table whose seats are not all taken: each open seat becomes a bot of the game's
        own kind (its name kept), so the game begins; the names of those seats. :class:`Refusal` if no seat is
        open (the table started when its last seat was taken) or the table has ended."""
        if table.ended is not None:
            raise Refusal("ended", "this table has ended: nobody moves there any more")
        opened = [seat for seat in table.seats if seat.kind == "open"]
        if not opened:
            raise Refusal("started", "this table has started already: every seat is taken")
        kinds = table.mode.bots
        kind = "greedy" if "greedy" in kinds else next(iter(kinds))
        for number, seat in enumerate(table.seats):
            if seat.kind == "open":
                bot = replace(seat, kind="bot", bot=kind)
                self.store.set_seat(table.id, bot)
                table.seats[number] = bot
        self._seat_bots(table)
        table.changed = True
        return [seat.name for seat in opened]

    def _dealt(self, table: Table, seats: list[StoredSeat]) -> GameShell:
        """The table's game dealt again (same seed and options) for these seats' names; :class:`Refusal` with the
        rules' sentence for names the model refuses (the same name twice...)."""
        rules = table.game.rules
        setup = rules.setup(table.game.state)
        try:
            return table.mode.new([seat.name for seat in seats], setup["seed"], **_game_options(table.options))
        except IllegalAction as error:
            raise Refusal("name", f"that name cannot be used at this table: {error}",
                          getattr(error, "rule", None)) from None

    def _redealt(self, table: Table, game: GameShell) -> None:
        """The table plays ``game`` from now on (dealt again before anyone moved): what was sent of the old one is
        forgotten, so every listener gets the new game whole."""
        table.game = game
        table.written, table.compacted, table.memo, table.result_of = {}, {}, TextMemo(), None
        for listener in table.listeners:
            listener.log = ()
        self._seat_bots(table)

    # -- playing ----------------------------------------------------------------------------------------------
    def act(self, table: Table, seat: str, data: object, seen: object) -> None:
        """Apply ``seat``'s action (its ``to_dict`` form) sent at sequence number ``seen``; store it, then tell
        every listener. :class:`Refusal` (the table unchanged) when it is malformed, for another seat, stale
        outside a simultaneous step, or illegal (with the rule's message)."""
        if table.ended is not None:
            raise Refusal("ended", "this table has ended: nobody moves there any more")
        if not isinstance(seen, int) or isinstance(seen, bool):
            raise Refusal("malformed", "a move says the sequence number it was made at ('seq')")
        if table.waiting:
            raise Refusal("waiting", waiting_words(table))
        action = self._action(table, seat, data)
        if seen != table.seq and not table.game.simultaneous:
            raise Refusal("stale", f"the table has moved on (move {table.seq}, you saw move {seen}): look again")
        self._apply(table, action)

    @staticmethod
    def _action(table: Table, seat: str, data: object) -> Any:
        """``seat``'s action from its ``to_dict`` form; :class:`Refusal` when it is malformed or another seat's."""
        try:
            action = table.game.rules.action_from_dict(data)
        except InvalidSave as error:
            raise Refusal("malformed", str(error)) from None
        if action.player != seat:
            raise Refusal("not_your_seat", f"you play {seat} at this table, not {action.player}")
        return action

    def check(self, table: Table, seat: str, data: object) -> IllegalAction | None:
        """Why the rules would refuse ``seat``'s action (its ``to_dict`` form) now, or ``None``: nothing changes.
        What a remote seat asks about a move that is not the same choice as one of its legal actions, so that it
        refuses with the rules' own sentence (:class:`Refusal` for a malformed action or another seat's)."""
        if table.ended is not None:
            raise Refusal("ended", "this table has ended: nobody moves there any more")
        action = self._action(table, seat, data)
        try:
            table.game.rules.apply(table.game.state, action)
        except IllegalAction as error:
            return error
        return None

    def _apply(self, table: Table, action: Any, stand_in: bool = False) -> None:
        """Apply, store and record ``action`` (``stand_in``: the stand-in made it for a person who is away: the
        lines of the log it adds about that person are marked as a bot's)."""
        game = table.game
        try:
            after = game.rules.apply(game.state, action)
        except IllegalAction as error:
            raise refusal_of(error) from None
        marked: dict[int, str] = {}
        if stand_in:
            start = len(game.state.log)
            marked = {start + number: action.player for number, entry in enumerate(after.log[start:])
                      if entry.player == action.player}
        self.store.append(table.id, table.seq, action.to_dict(), marked)  # stored before anyone is told
        table.stood_in.update(marked)
        game.record(after, action)
        table.awaited_since.pop(action.player, None)  # their clock starts again when they are next awaited
        table.changed = True

    def undo(self, table: Table, seat: str) -> Any:
        """Take back ``seat``'s own last move with the bot moves after it (by the one undo rule,
        :mod:`isle_nb.model.core.undo`: no other person moved since, nothing revealed, the game not over), each
        forgotten in the store first, and return it; :class:`Refusal` otherwise."""
        if table.ended is not None:
            raise Refusal("ended", "this table has ended: nobody moves there any more")
        note = table.undo_note(seat)
        if note:
            raise Refusal("undo", note)
        taken = take_back(table.game, (seat,), table.people_but(seat),
                          each=lambda: self.store.remove_last(table.id, table.seq - 1))
        if table.stood_in:  # the marks of the lines taken back go with them
            kept = len(table.game.state.log)
            table.stood_in = {line: person for line, person in table.stood_in.items() if line < kept}
        table.changed = True
        return taken

    def bot_move(self, table: Table) -> bool:
        """Let one awaited bot seat move, or the stand-in for a person who is away; whether one did. While every
        person at the table is away, no bot moves: the table waits for them (a class that pauses keeps its games)."""
        game = table.game
        people = {seat.name for seat in table.seats if seat.kind == "person"}
        if table.waiting or (people and people <= table.away):
            return False
        for name in game.awaiting:
            bot = table.bots.get(name) or (table.stand_in if name in table.away else None)
            if bot is not None and not game.over:
                self._apply(table, bot.choose(game, name, game.legal_actions(name)), name not in table.bots)
                return True
        return False

    def overdue(self, table: Table, now: float) -> bool:
        """Send away the people who have kept the table waiting past its time limit (a bot plays for them until
        they come back: :meth:`back`); whether anyone was."""
        limit = table.time_limit
        if limit is None or table.game.over:
            return False
        late = {name for name, since in table.awaited_since.items() if now - since >= limit} - table.away
        if late:
            table.away |= late
            table.changed = True
        return bool(late)

    def back(self, table: Table, seat: str) -> None:
        """``seat``'s player is here again (they connected or moved): no bot plays for them any more."""
        if seat in table.away:
            table.away.discard(seat)
            table.awaited_since.pop(seat, None)
            table.note_awaited(time.monotonic())
            table.changed = True

    def saved_game(self, table: Table) -> str:
        """The table's saved game (JSON text) once it is over; :class:`Refusal` before (it holds secrets)."""
        if not table.game.over:
            raise Refusal("not_over", "a table's saved game is given only once the game is over: it holds every "
                                      "player's secrets")
        return table.game.to_json()


def waiting_words(table: Table) -> str:
    """Why nobody moves at a table whose seats are not all taken, in a player's words."""
    opened = [seat.name for seat in table.seats if seat.kind == "open"]
    more = "1 more player" if len(opened) == 1 else f"{len(opened)} more players"
    return (f"the table is waiting for {more} ({', '.join(opened)}): the game starts when every seat is taken, or "
            "when the teacher starts it with bots in the open seats")


def _game_options(options: dict[str, Any]) -> dict[str, Any]:
    """A table's options for its game (the hub's own, the time limit, left out)."""
    return {k: v for k, v in options.items() if k != TIME_LIMIT}


def _save_of(game: GameShell) -> dict[str, Any]:
    """The saved game's header the store keeps for a table: format, version and setup (players, seed, options)."""
    rules = game.rules
    return {"format": rules.save_format, "version": rules.save_version, **rules.setup(game.state)}


def _damaged(stored: StoredTable, error: Exception) -> Summary:
    """How the lobby lists a stored table that could not be rebuilt: what is known of it, and why."""
    reason = str(error).strip() or type(error).__name__
    seats = stored.seats
    return Summary(stored.id, stored.mode, stored.mode, [s.name for s in seats], [s.kind for s in seats], [],
                   len(stored.actions), False, stored.options.get(TIME_LIMIT), [], [], stored.created,
                   damaged=f"its game could not be rebuilt from the hub's database ({reason}); the hub's keeper "
                           f"may delete it", ended=stored.ended)


__all__ = ["EXPIRE_AFTER", "Listener", "Refusal", "Table", "TableManager", "refusal_of", "waiting_words"]
