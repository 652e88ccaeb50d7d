"""Helpers of the hub tests: drive remote seats with random legal moves, record every message each seat receives,
and rebuild what each seat should have received from the table's saved game."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterable

from isle_nb.hub.wire import seat_state
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.undo import undo_note
from isle_nb.model.core.wire import to_plain
from isle_nb.model.modes import game_mode
from isle_nb.remote import ConnectionLost, HubRefused, RemoteSeat


def dumps(message: object) -> str:
    """A message's JSON values as compact text, to compare messages by value (the hub writes non-ASCII as UTF-8)."""
    return json.dumps(message, separators=(",", ":"))


def record_messages(monkeypatch, seen: list[tuple[str, str, list]]) -> None:  # type: ignore[no-untyped-def, type-arg]
    """Record every state message any :class:`RemoteSeat` takes in, as (seat, text, the log lines the seat had
    before it)."""
    show = RemoteSeat._show

    def recording(self: RemoteSeat, message: dict) -> None:  # type: ignore[type-arg]
        seen.append((message["seat"], dumps(message), list(getattr(self, "_log", []))))
        show(self, message)

    monkeypatch.setattr(RemoteSeat, "_show", recording)


def play_randomly(seats: Iterable[RemoteSeat], seed: int = 0, deadline: float = 60.0,
                  until: int | None = None) -> int:
    """Let each seat make random legal moves when awaited until the game is over (or the table reaches move
    ``until``); the moves accepted. Refusals of moves that went stale meanwhile are retried."""
    rng = random.Random(seed)
    seats = list(seats)
    end = time.monotonic() + deadline
    accepted = 0
    while not all(s.over for s in seats):
        assert time.monotonic() < end, "the game did not end in time"
        if until is not None and max(s.seq for s in seats) >= until:
            return accepted
        moved = False
        for seat in seats:
            legal = seat.legal_actions() if seat.name in seat.awaiting and not seat.over else []
            if not legal:
                continue
            try:
                seat.apply(rng.choice(legal))
            except (IllegalAction, HubRefused, ConnectionLost):
                continue  # the seat's view was behind the table (or the hub restarting): look again
            accepted += 1
            moved = True
        if not moved:
            time.sleep(0.002)
    return accepted


def expected_states(mode: str, table_id: str, saved: str,
                    people: Iterable[str]) -> dict[tuple[str, int], tuple[str, list]]:  # type: ignore[type-arg]
    """What each person seat should receive at each move number, rebuilt from the finished table's saved game with
    the local model (a fresh game, every action applied again): the message but its log, as text, and the plain
    form of every log line of the seat's view."""
    shell = game_mode(mode).shell
    data = json.loads(saved)
    actions = data.pop("actions")
    game = shell.from_json(json.dumps({**data, "actions": []}))
    people = list(people)
    expected: dict[tuple[str, int], tuple[str, list]] = {}  # type: ignore[type-arg]
    plain: dict[int, tuple[object, object]] = {}  # each log line's plain form, by the line's identity

    def line(entry: object) -> object:
        if id(entry) not in plain:
            plain[id(entry)] = entry, to_plain(entry)  # the line is kept, so its id stays its own
        return plain[id(entry)][1]

    def note() -> None:
        for seat in people:
            can_undo = not undo_note(game, (seat,), [p for p in people if p != seat])  # the one undo rule
            state, log = seat_state(table_id, mode, game, seat, can_undo)
            state.pop("present")  # who has a page open is the hub's to say, not the game's (tested apart)
            expected[seat, len(game.actions)] = dumps(state), [line(entry) for entry in log]

    note()
    for raw in actions:
        game.apply(game.rules.action_from_dict(raw))
        note()
    return expected
