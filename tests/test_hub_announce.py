"""Who a hub tells of a move at once, and who a little later (issue #20): the movers and the seats whose turn it is
now are told before the mover's answer; the others are told once for all the moves made meanwhile. Also the values
a hub reuses from one message to the next: the parts of the views of players who did not change, and what a seat
may do while it is the same."""

from __future__ import annotations

import json
import random

from isle_nb.hub.app import CATCH_UP
from isle_nb.hub.compact import compact
from isle_nb.hub.store import Store
from isle_nb.hub.tables import Listener, Table, TableManager
from isle_nb.model.isle import player_view as views
from isle_nb.model.modes import game_mode

SEATS = ("Ann", "Bob", "Cleo", "Dan")


def _table(seed: int = 3) -> tuple[TableManager, Table, dict[str | None, list[dict]]]:  # type: ignore[type-arg]
    """A 4-seat standard table with a listener for every seat and a watcher, each recording what it gets."""
    manager = TableManager(Store(":memory:"))
    table, _ = manager.create("standard", list(SEATS), seed)
    received: dict[str | None, list[dict]] = {}  # type: ignore[type-arg]
    for seat in (*SEATS, None):
        inbox = received.setdefault(seat, [])
        listener = Listener(seat, lambda text, inbox=inbox: inbox.append(json.loads(text)))
        table.listeners.add(listener)
        table.tell(listener)
    return manager, table, received


def _move(manager: TableManager, table: Table, pick: random.Random, seat: str | None = None) -> str:
    """One random legal move (by ``seat``, else by an awaited seat), announced as the hub does; the mover."""
    game = table.game
    mover = seat if seat is not None else pick.choice(game.awaiting)
    manager.act(table, mover, pick.choice(game.legal_actions(mover)).to_dict(), table.seq)
    table.announce({mover})
    return mover


def _clear(received: dict[str | None, list[dict]]) -> None:  # type: ignore[type-arg]
    for inbox in received.values():
        inbox.clear()


def test_a_move_in_turns_is_told_at_once_to_the_mover_and_the_next_player_and_later_to_the_others() -> None:
    manager, table, received = _table()
    pick = random.Random(1)
    game = table.game
    while game.simultaneous or len(game.awaiting) != 1:  # play on to a step taken in turn (the rescue turns)
        _move(manager, table, pick)
        table.catch_up()
    _clear(received)
    first = _move(manager, table, pick)
    now = set(game.awaiting)
    told = {seat for seat, inbox in received.items() if inbox}
    assert told == {first} | now  # the watcher and the players waiting for their turn are not told yet
    assert all(inbox[-1]["seq"] == table.seq for inbox in received.values() if inbox)
    behind = {listener.seat for listener in table.listeners if listener.behind}
    assert behind == set(received) - told
    second = _move(manager, table, pick)
    table.catch_up()
    for seat, inbox in received.items():
        if seat not in {first, second} | now | set(game.awaiting):
            assert [m["seq"] for m in inbox] == [table.seq]  # one message for both moves
        assert inbox[-1]["seq"] == table.seq  # everyone knows the table as it is now
        assert inbox[-1]["view"]["phase"] == game.state.phase
    assert not any(listener.behind for listener in table.listeners)


def test_in_a_simultaneous_step_only_the_mover_and_those_whose_turn_began_or_ended_are_told_at_once() -> None:
    manager, table, received = _table()
    pick = random.Random(2)
    game = table.game
    assert game.simultaneous  # the draft
    for _ in range(12):
        if not game.simultaneous:
            break
        before = {listener.seat: listener.awaited for listener in table.listeners}
        _clear(received)
        mover = _move(manager, table, pick)
        for listener in table.listeners:
            changed = before[listener.seat] != (listener.seat in game.awaiting)
            assert bool(received[listener.seat]) == (listener.seat == mover or changed or
                                                     (listener.seat in game.awaiting and not game.simultaneous))
        table.catch_up()
        assert all(inbox and inbox[-1]["seq"] == table.seq for inbox in received.values())


def test_everyone_is_told_at_once_when_the_game_ends() -> None:
    manager = TableManager(Store(":memory:"))
    table, _ = manager.create("pocket", ["Ann", "Bob"], 4)
    pick = random.Random(4)
    while table.seq < 200 and not table.game.over:
        last = table.game.awaiting[0]
        manager.act(table, last, pick.choice(table.game.legal_actions(last)).to_dict(), table.seq)
        if table.game.over:
            break
    assert table.game.over
    received: list[str] = []
    watcher = Listener(None, received.append)
    table.listeners.add(watcher)
    assert table.announce({last}) is False and len(received) == 1 and json.loads(received[0])["over"]


def test_a_hub_catches_its_watchers_up_within_a_tenth_of_a_second() -> None:
    # Human players see others' moves without a wait they would notice; a busy hub answers moves first.
    assert 0 < CATCH_UP <= 0.1


def test_views_share_the_parts_of_players_who_did_not_change() -> None:
    game = game_mode("standard").new(list(SEATS), 5)
    first = {seat: game.view(seat) for seat in SEATS}
    cleo = game.state.player("Cleo")
    ann_sees, bob_sees = ({o.name: o for o in first[s].others} for s in ("Ann", "Bob"))
    assert ann_sees["Cleo"] is bob_sees["Cleo"]  # one object, written as JSON once for every seat
    mover = game.awaiting[0]
    game.apply(game.legal_actions(mover)[0])
    assert game.state.player("Cleo") is cleo or mover == "Cleo"
    later = {o.name: o for o in game.view("Ann").others}
    if game.state.player("Cleo") is cleo:
        assert later["Cleo"] is ann_sees["Cleo"]
    views._parts.clear()  # built afresh, the views are equal: the shared parts are values, not shortcuts
    assert {seat: game.view(seat) for seat in SEATS} == {seat: game.view(seat) for seat in SEATS}
    fresh = game.view("Ann")
    views._parts.clear()
    assert game.view("Ann") == fresh and game.view("Ann") is not fresh


def test_the_view_parts_kept_are_bounded() -> None:
    game = game_mode("standard").new(list(SEATS), 6)
    pick = random.Random(6)
    for _ in range(300):
        if game.over:
            break
        seat = pick.choice(game.awaiting)
        game.apply(pick.choice(game.legal_actions(seat)))
        for viewer in (*SEATS, None):
            game.view(viewer)
        assert len(views._parts) <= views.PARTS_KEPT


def test_what_a_seat_may_do_is_reused_while_it_is_the_same_and_written_afresh_when_it_changes() -> None:
    manager, table, _ = _table(7)
    game = table.game
    seat = game.awaiting[0]
    last: list = []  # type: ignore[type-arg]
    first = compact(game, seat, game.legal_actions(seat), last)
    assert compact(game, seat, game.legal_actions(seat), last) is first
    assert first == compact(game, seat, game.legal_actions(seat))
    pick = random.Random(7)
    for _ in range(60):
        _move(manager, table, pick)
        entries = compact(game, seat, game.legal_actions(seat), last)
        assert entries == compact(game, seat, game.legal_actions(seat))  # never an out-of-date answer


def test_every_message_a_listener_gets_is_the_tables_state_for_that_seat() -> None:
    # Told at once or caught up later, each message is exactly what the seat would be sent at that move.
    manager, table, received = _table(11)
    _clear(received)
    pick = random.Random(11)
    for step in range(120):
        if table.game.over:
            break
        _move(manager, table, pick)
        if step % 3 == 2:
            table.catch_up()
        for seat, inbox in received.items():
            if inbox:
                expected = json.loads(table.message(seat))
                got = inbox[-1]
                assert {k: v for k, v in got.items() if k != "log"} == {k: v for k, v in expected.items()
                                                                         if k != "log"}
                inbox.clear()
