"""The hub and its client without a browser: whole games of every mode played by remote seats against a hub on
127.0.0.1, every byte each seat receives held against the local model's view of that seat, refusals that leave the
table unchanged, and a hub killed mid-game and restarted."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import websockets
from apart import run_apart
from hub_helpers import dumps, expected_states, play_randomly, record_messages
from msgspec.structs import replace

from isle_nb import Game, LocalSeat, new_game, remote
from isle_nb.hub import running_hub
from isle_nb.hub.admin import read_secret
from isle_nb.hub.compact import action_at, expand, sizes
from isle_nb.hub.protocol import BURST, MESSAGE_LIMIT
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.history import UndoRefused
from isle_nb.model.isle.actions import DraftPick
from isle_nb.model.modes import MODES, game_mode
from isle_nb.remote import HubRefused, NotASeat

pytestmark = pytest.mark.timeout(90)

GAMES = [
    ("standard", ["Ann", "Bob", "bot:random"], {}),
    ("solo", ["Ann"], {"difficulty": "easy"}),
    ("family", ["Ann", "Bob"], {}),
    ("explore_draw", ["Ann", "Bob", "bot:random"], {}),
    ("pocket", ["Ann", "Bob"], {"variant": "limited"}),
]


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    with running_hub(db=tmp_path_factory.mktemp("hub") / "hub.sqlite") as running:
        yield running


@pytest.mark.parametrize(("mode", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_remote_seats_play_a_whole_game_and_receive_exactly_their_own_view(hub, monkeypatch, mode, players,
                                                                          options) -> None:
    """Every message a seat receives is, byte for byte, the one built from the local model's view and legal
    actions of that seat at that move: nothing of another seat's secrets can be in it."""
    seen: list[tuple[str, str, list]] = []  # type: ignore[type-arg]
    record_messages(monkeypatch, seen)
    table = remote.create_table(hub.url, players=players, mode=mode, seed=7, **options)
    seats = [remote.join(link) for link in table.links.values()]
    try:
        assert play_randomly(seats, seed=3) > 0
        for seat in seats:  # the last message of every seat is in
            assert seat.wait(seat.seq - 1, 5)
        results = [seat.result() for seat in seats]
        views = {seat.name: seat.view for seat in seats}
        legal = {seat.name: seat.legal_actions() for seat in seats}
        saved = remote.saved_game(hub.url, table.id)
    finally:
        for seat in seats:
            seat.close()
    game = game_mode(mode).shell.from_json(saved)
    assert game.over
    assert results == [game.game_result()] * len(seats)
    expected = expected_states(mode, table.id, saved, table.links)
    assert len(seen) > len(game.actions) // 2
    for name, text, had in seen:
        message = json.loads(text)
        change = message.pop("log")
        assert set(message.pop("present")) <= set(table.links)  # only people, never a secret
        state, log = expected[name, message["seq"]]
        assert dumps(message) == state, f"{name} at move {message['seq']}"
        assert had[:change["keep"]] == log[:change["keep"]] and change["add"] == log[change["keep"]:]
    # the same from the other side: the views and actions each seat ends with are the local game's
    for name in table.links:
        assert views[name] == game.view(name)
        assert legal[name] == game.legal_actions(name)


def test_a_placement_decision_is_sent_as_the_boat_masks_not_hundreds_of_actions() -> None:
    """A cat to place on an empty boat has 734 legal places (about 100 KB as actions); the seat receives a few
    hundred bytes and lists the same actions, in order, with the model's placement code (PLACE-1)."""
    from isle_nb.hub.compact import compact

    game = Game.new(["Ann", "Bob"], seed=7)
    while not (game.state.pending and game.state.pending[-1].kind == "place"):
        name = game.awaiting[0]
        game.apply(game.legal_actions(name)[-1])
    name = game.state.pending[-1].player
    legal = game.legal_actions(name)
    entries = compact(game, name, legal)
    assert len(legal) > 100
    assert [list(e) for e in entries] == [["placements"]]
    assert len(json.dumps(entries)) < 600
    assert expand(json.loads(json.dumps(entries)), game.rules.action_from_dict) == legal
    assert sizes(entries) == [len(legal)]  # and one action is built alone, without the others
    assert [action_at(entries, i, game.rules.action_from_dict) for i in (0, 1, len(legal) - 1)] == \
        [legal[0], legal[1], legal[-1]]


def test_a_link_that_is_not_a_seats_is_refused(hub) -> None:
    table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=1)
    other = remote.create_table(hub.url, players=["Cid", "Dee"], seed=1)
    token = table.links["Ann"].split("seat=")[1]
    for link in ("not a link", f"{hub.url}/tables/{table.id}", f"{hub.url}/tables/{table.id}?seat=made-up",
                 f"{hub.url}/tables/nosuchtable?seat={token}", f"{hub.url}/tables/{other.id}?seat={token}"):
        with pytest.raises(NotASeat):
            remote.join(link)
    assert issubclass(NotASeat, ValueError)


def test_refused_messages_leave_the_table_unchanged_and_the_connection_open(hub) -> None:
    """Malformed, too long, binary, unknown, another seat's, stale and illegal messages each get a refusal naming
    why; the table does not move and the next good move is accepted on the same connection."""
    table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=2)
    token = table.links["Ann"].split("seat=")[1]
    address = hub.url.replace("http", "ws") + f"/api/tables/{table.id}/ws"

    async def session() -> list[dict]:  # type: ignore[type-arg]
        async with websockets.connect(address) as socket:
            await socket.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
            first = json.loads(await socket.recv())
            pick = expand(first["may"], Game.rules.action_from_dict)[0].to_dict()
            answers = []
            for message in ("{not json", "[1, 2]", "x" * (MESSAGE_LIMIT + 1), b"\x00binary",
                            json.dumps({"type": "shout", "id": 1}),
                            json.dumps({"type": "act", "id": 2, "seq": 0, "action": {**pick, "player": "Bob"}}),
                            json.dumps({"type": "act", "id": 3, "seq": 0, "action": {**pick, "kind": "buy"}}),
                            json.dumps({"type": "act", "id": 4, "seq": 0, "action": {"kind": "nonsense"}}),
                            json.dumps({"type": "act", "id": 5, "action": pick}),
                            json.dumps({"type": "undo", "id": 6})):
                await socket.send(message)
                answers.append(json.loads(await socket.recv()))
            await socket.send(json.dumps({"type": "act", "id": 7, "seq": 0, "action": pick}))
            answers.append(json.loads(await socket.recv()))  # the new state first
            answers.append(json.loads(await socket.recv()))  # then the answer
            return answers

    answers = run_apart(session())
    codes = [a.get("code") for a in answers[:10]]
    assert codes == ["malformed", "malformed", "too_long", "malformed", "malformed", "not_your_seat", "illegal",
                     "malformed", "malformed", "undo"]
    assert all(a["type"] == "refused" and a["message"] for a in answers[:10])
    assert answers[6]["rule"] == "DAY-2" and answers[6]["message"].startswith("DAY-2: ")  # no buying in the draft
    assert answers[10]["type"] == "state" and answers[10]["seq"] == 1
    assert answers[11] == {"type": "ok", "id": 7, "seq": 1}


def test_stale_moves_are_refused_in_turns_but_accepted_in_a_simultaneous_step_while_legal(hub) -> None:
    table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=4)
    ann, bob = (remote.join(table.links[n]) for n in ("Ann", "Bob"))
    try:
        seen = ann.seq
        bob.apply(bob.legal_actions()[0])  # the draft is simultaneous: Ann's view is now one move behind
        ann._message["seq"] = seen
        ann.seq = seen
        ann.apply(ann.legal_actions()[0])  # still legal: accepted
        assert ann.wait(seen + 1, 5) and ann.seq == seen + 2
        def taking_turns() -> bool:
            return ann.view["phase"] == "rescue" and ann.view["step"] == "turns" and len(ann.awaiting) == 1

        while not taking_turns():  # play on until the rescue turns, where players act one after another
            for seat in (ann, bob):
                if seat.name in seat.awaiting and seat.legal_actions():
                    seat.apply(seat.legal_actions()[0])
            assert not ann.over
        mover = ann if ann.awaiting == (ann.name,) else bob
        before = mover.seq
        mover.seq = before - 1
        with pytest.raises(HubRefused) as refused:
            mover.apply(mover.legal_actions()[0])
        assert refused.value.code == "stale"
        lobby = remote.tables(hub.url).set_index("id")  # the hub's own count: the refused move changed nothing
        assert lobby.loc[table.id, "seq"] == before
    finally:
        ann.close()
        bob.close()


def test_undo_takes_back_only_your_own_last_move(hub) -> None:
    table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=5, mode="family")
    ann, bob = (remote.join(table.links[n]) for n in ("Ann", "Bob"))
    try:
        first = ann.legal_actions()[0]
        ann.apply(first)  # keeping family lessons is hidden: nothing is revealed yet
        assert ann.can_undo and not bob.can_undo
        with pytest.raises(UndoRefused):
            bob.undo()
        assert ann.undo() == first
        assert ann.seq == 0 and remote.tables(hub.url).set_index("id").loc[table.id, "seq"] == 0
        with pytest.raises(UndoRefused):
            ann.redo()
    finally:
        ann.close()
        bob.close()


def test_undo_at_a_table_with_a_bot_takes_back_your_move_and_the_bots_answer(hub) -> None:
    """Issue #30 §1: the one undo rule at a hub, where a bot answers at once (before, undo was almost never on)."""
    table = remote.create_table(hub.url, players=["Ann", "bot:random"], seed=0)
    ann = remote.join(table.links["Ann"])
    rng = random.Random(0)
    try:
        for _ in range(60):
            assert ann.wait(-1, 5)
            deadline = time.monotonic() + 10
            while ann.name not in ann.awaiting and time.monotonic() < deadline:  # the bot's move shows
                time.sleep(0.01)
            before, mine = ann.seq, rng.choice(ann.legal_actions())
            ann.apply(mine)
            deadline = time.monotonic() + 10
            while ann.seq < before + 2 and ann.name not in ann.awaiting and time.monotonic() < deadline:
                time.sleep(0.01)
            if ann.seq >= before + 2 and ann.can_undo:
                break
        else:
            pytest.fail("the bot never answered a move of Ann that she could take back")
        assert ann.undo() == mine
        assert remote.tables(hub.url).set_index("id").loc[table.id, "seq"] <= before + 1
    finally:
        ann.close()


def test_a_remote_seat_accepts_the_same_choice_and_refuses_in_the_rules_words(hub) -> None:
    """Issue #30 §1: two draft cards picked in the other order are the same choice for the remote seat as for the
    rules; an illegal pick is refused with the rules' own rule ID and sentence, the local seat's words."""
    table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=4)
    ann = remote.join(table.links["Ann"])
    local = LocalSeat(new_game("standard", ["Ann", "Bob"], seed=4), "Ann")
    try:
        pick = ann.legal_actions()[0]
        assert isinstance(pick, DraftPick) and pick in local.legal_actions()
        turned = replace(pick, cards=pick.cards[::-1])
        assert turned not in ann.legal_actions() and ann.check(turned) is None
        twice = replace(pick, cards=(pick.cards[0], pick.cards[0]))
        assert ann.check(twice) == local.check(twice) and ann.check(twice).startswith("EXPLORE-")
        other = replace(pick, player="Bob")
        assert ann.check(other) == local.check(other) == \
            "SEAT-1: Ann cannot act for Bob: a seat plays only its own moves"
        watcher = httpx.post(f"{hub.url}/api/tables/{table.id}/check", json={"action": pick.to_dict()}, timeout=10)
        assert watcher.status_code >= 400 and watcher.json()["code"] == "not_a_seat"  # a watcher cannot ask
        ann.apply(turned)
        assert ann.wait(0, 5) and ann.seq == 1
    finally:
        ann.close()


def test_a_remote_seat_remembers_its_view_at_its_own_last_move(hub) -> None:
    """Issue #22 §4: the view a screen compares with to mark what the others did since the seat's last move (none
    before it); an undo forgets the move it took back."""
    table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=5, mode="family")
    ann, bob = (remote.join(table.links[n]) for n in ("Ann", "Bob"))
    try:
        assert ann.seen is None
        ann.apply(ann.legal_actions()[0])
        assert ann.wait(after_seq=0)
        assert ann.seen == ann.view
        ann.undo()
        deadline = time.monotonic() + 10
        while ann.seq != 0 and time.monotonic() < deadline:  # the hub shows the table without the move
            time.sleep(0.01)
        assert ann.seq == 0 and ann.seen is None
        ann.apply(ann.legal_actions()[0])
        assert ann.wait(after_seq=0)
        after_ann = ann.view
        bob.apply(bob.legal_actions()[0])
        assert ann.wait(after_seq=1)
        assert ann.seen == after_ann != ann.view and bob.seen == bob.view
    finally:
        ann.close()
        bob.close()


def test_lobby_lists_tables_gives_open_seats_and_keeps_saved_games_until_the_end(hub) -> None:
    table = remote.create_table(hub.url, players=["Ann", "open", "Cleo=open"], seed=6)
    listed = remote.tables(hub.url).set_index("id").loc[table.id]
    assert listed["open"] == ["Player 2", "Cleo"] and listed["seq"] == 0 and not listed["over"]
    link = remote.claim(hub.url, table.id, "Cleo")
    cleo = remote.join(link)
    try:
        assert cleo.name == "Cleo"
        assert remote.claim(hub.url, table.id)  # the other open seat
        with pytest.raises(HubRefused) as none_left:
            remote.claim(hub.url, table.id)
        assert none_left.value.code == "no_open_seat"
        with pytest.raises(HubRefused) as early:
            remote.saved_game(hub.url, table.id)
        assert early.value.code == "not_over"
    finally:
        cleo.close()
    with pytest.raises(IllegalAction):
        remote.create_table(hub.url, players=["Ann"] * 7, mode="standard")
    with pytest.raises(IllegalAction):
        remote.create_table(hub.url, players=["Ann", "bot:genius"])


def test_the_hub_offers_the_models_registry_of_games_and_its_setup_rules(hub) -> None:
    """One registry (issue #20): the lobby lists every mode the model registers, and a table is set up by the mode's
    own rules (a wrong count or option names the mode's setup rule, POCKET-5 for Pocket Cats)."""
    listed = httpx.get(hub.url + "/api/modes", timeout=5).json()
    assert [m["name"] for m in listed] == list(MODES)
    assert listed[-1] == {"name": "explore_draw", "label": MODES["explore_draw"].label, "players": [1, 12],
                          "options": ["difficulty", "mixed_cards"]}
    with pytest.raises(IllegalAction, match="POCKET-5: Pocket Cats is played by 2 players, not 3"):
        remote.create_table(hub.url, players=["Ann", "Bob", "Cleo"], mode="pocket")
    with pytest.raises(IllegalAction, match="POCKET-5: Pocket Cats has no option 'difficulty'"):
        remote.create_table(hub.url, players=["Ann", "Bob"], mode="pocket", difficulty="easy")
    with pytest.raises(IllegalAction, match="SETUP-1: unknown mode 'chess'"):
        remote.create_table(hub.url, players=["Ann", "Bob"], mode="chess")


def test_a_browser_origin_not_served_is_refused_at_the_handshake(hub) -> None:
    table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=1)
    address = hub.url.replace("http", "ws") + f"/api/tables/{table.id}/ws"

    async def handshake() -> None:
        async with websockets.connect(address, origin="http://elsewhere.example"):
            pass

    with pytest.raises(websockets.InvalidStatus):
        run_apart(handshake())
    before = len(remote.tables(hub.url))
    for request in (httpx.get(f"{hub.url}/api/tables", headers={"origin": "http://elsewhere.example"}),
                    httpx.post(f"{hub.url}/api/tables", headers={"origin": "http://elsewhere.example",
                                                                 "content-type": "text/plain"},
                               content=json.dumps({"players": ["Ann", "Bob"]}))):
        assert request.status_code == 403 and request.json()["code"] == "origin"
    assert len(remote.tables(hub.url)) == before  # no table was made from the page


def test_a_connection_sending_too_fast_is_slowed_down_not_dropped(hub) -> None:
    table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=1)
    token = table.links["Ann"].split("seat=")[1]
    address = hub.url.replace("http", "ws") + f"/api/tables/{table.id}/ws"

    async def flood() -> list[str]:
        async with websockets.connect(address) as socket:
            await socket.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
            await socket.recv()
            for number in range(BURST + 50):
                await socket.send(json.dumps({"type": "undo", "id": number}))
            codes: list[str] = []
            while len(codes) < BURST + 50:  # (the table's new states, who is present, may come in between)
                message = json.loads(await socket.recv())
                if message["type"] == "refused":
                    codes.append(message["code"])
            return codes

    codes = run_apart(flood())
    assert "rate" in codes and codes.count("undo") >= BURST


def _start_hub(port: int, db: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    process = subprocess.Popen([sys.executable, "-m", "isle_nb.hub", "--port", str(port), "--db", str(db)],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60  # a loaded machine (CI runs two test workers) can take 10 s to import it all
    while time.monotonic() < deadline and process.poll() is None:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.05)
    process.kill()
    output = process.communicate(timeout=10)[0].decode(errors="replace")
    raise AssertionError(f"the hub did not start:\n{output[-2000:]}")


def test_a_hub_killed_mid_game_comes_back_and_the_seats_finish(tmp_path) -> None:
    """SIGKILL at move 20 of a Pocket Cats match: a hub started again on the same database (in this process, to
    save a second start-up) replays its log, the seats reconnect by themselves, finish the match and agree on the
    result, which is the local replay's."""
    from isle_nb.hub.server import bind

    probe = bind("127.0.0.1", 0)
    port = probe.getsockname()[1]
    probe.close()
    db = tmp_path / "hub.sqlite"
    url = f"http://127.0.0.1:{port}"
    process = _start_hub(port, db)
    seats = []
    try:
        secret = read_secret(db)  # isle-nb hub wrote it beside its database
        table = remote.create_table(url, players=["Ann", "Bob"], mode="pocket", seed=9, secret=secret)
        seats = [remote.join(link) for link in table.links.values()]
        play_randomly(seats, seed=1, until=20)
        before = max(s.seq for s in seats)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        with running_hub(db=db, port=port):
            play_randomly(seats, seed=2)
            assert all(s.seq > before for s in seats)
            saved = remote.saved_game(url, table.id)
    finally:
        for seat in seats:
            seat.close()
        process.kill()
        process.wait(10)
    game = game_mode("pocket").shell.from_json(saved)
    assert [s.result() for s in seats] == [game.game_result()] * 2


def test_the_hub_is_a_console_script_and_a_make_target() -> None:
    import tomllib

    root = Path(__file__).parents[1]
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["isle-nb"] == "isle_nb.cli:main"  # whose `hub` command is isle_nb.hub.server.main
    makefile = (root / "Makefile").read_text()
    assert "\nhub: venv\n" in makefile and "make hub" in makefile


def test_a_finished_tables_result_is_worked_out_once_for_every_seat_and_watcher() -> None:
    # The final score table takes a while: a table works it out once per state, not once per listener.
    import random

    from isle_nb.hub.store import Store
    from isle_nb.hub.tables import Listener, TableManager

    manager = TableManager(Store(":memory:"))
    table, _ = manager.create("pocket", ["Ann", "Bob"], 4)
    pick = random.Random(4)
    while not table.game.over:
        name = table.game.awaiting[0]
        manager.act(table, name, pick.choice(table.game.legal_actions(name)).to_dict(), table.seq)
    received: list[str] = []
    for seat in ("Ann", "Bob", None, None):
        table.listeners.add(Listener(seat, received.append))
    worked_out = []
    result = type(table.game).game_result
    table.game.game_result = lambda: worked_out.append(1) or result(table.game)  # type: ignore[method-assign]
    table.announce()
    table.announce()
    assert len(worked_out) == 1 and len(received) == 8
    assert {json.dumps(json.loads(text)["result"]) for text in received} == {json.dumps(result(table.game).to_dict())}


def test_a_hub_process_keeps_its_tables_out_of_the_garbage_collectors_way() -> None:
    # isle-nb hub freezes the tables it rebuilt and collects the young generation seldom (its values are frozen
    # and seldom form cycles): checked in a process of its own, as the collector's settings are the process's.
    code = ("import gc; from isle_nb.hub.server import quiet_collector; gc.collect(); quiet_collector(); "
            "print(gc.get_threshold()[0], gc.get_freeze_count() > 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})
    assert done.stdout.split() == ["20000", "True"]


def test_a_remote_seat_is_a_seat_and_a_watcher_sees_the_public_view_only(hub) -> None:
    """The screens' Seat protocol holds for a remote seat; a watcher gets the public view (the same the local model
    gives anyone who is not a player, EXPLORE-4: no hand, no pick) and may not act."""
    from isle_nb.model.core.seat import Seat

    table = remote.create_table(hub.url, players=["Ann", "bot:random"], seed=8)
    ann = remote.join(table.links["Ann"])
    watcher = remote.watch(hub.url, table.id)
    try:
        assert isinstance(ann, Seat) and isinstance(watcher, Seat)
        ann.apply(ann.legal_actions()[0])
        assert watcher.wait(0, 5)
        deadline = time.monotonic() + 5
        while True:  # the hub's log, replayed here, once the watcher has caught up with it
            stored = next(t for t in hub.store.tables() if t.id == table.id)
            if len(stored.actions) == watcher.seq or time.monotonic() > deadline:
                break
            time.sleep(0.01)
        game = Game.from_json(json.dumps({**stored.save, "actions": list(stored.actions)}))
        assert len(game.actions) == watcher.seq and watcher.view == game.view(None)
        assert watcher.name == "watcher" and watcher.view.me is None and watcher.legal_actions() == []
        assert watcher.view.player is None and {o.name for o in watcher.view.others} == {"Ann", "Random bot"}
        with pytest.raises(HubRefused) as refused:
            watcher.apply(Game.rules.action_from_dict({"kind": "pass", "player": "Ann"}))
        assert refused.value.code == "not_a_seat"
    finally:
        ann.close()
        watcher.close()


def test_the_protocol_page_names_every_refusal_the_hub_gives() -> None:
    import re

    root = Path(__file__).parents[1]
    source = "".join(p.read_text() for p in (root / "isle_nb" / "hub").glob("*.py"))
    codes = set(re.findall(r'Refusal\("(\w+)"', source)) | {"illegal"}
    page = (root / "docs" / "protocol.md").read_text()
    assert codes >= {"malformed", "stale", "not_your_seat", "rate", "too_long", "undo"}
    assert not {c for c in codes if f"`{c}`" not in page}


def test_in_a_running_event_loop_a_seat_never_blocks_it(hub) -> None:
    """In a kernel (a loop runs in the calling thread) the seat's connection is a task of that loop: apply() sends
    and returns at once, a refusal arrives in ``refusal``, ``apply_async``/``wait_async`` await the hub, and the
    blocking wait() is refused."""
    table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=3)

    async def session() -> None:
        ann = remote.join(table.links["Ann"])
        try:
            assert await ann.wait_async(-1, 5) and not ann.connected  # not yet: this loop has not run its task
            while not ann.connected:
                await asyncio.sleep(0.01)
            with pytest.raises(RuntimeError):
                ann.wait(0, 1)
            pick = ann.legal_actions()[0]
            ann.apply(pick)
            assert await ann.wait_async(0, 5) and ann.seq == 1
            ann.apply(pick)  # Ann has picked already (EXPLORE-2): refused, and the loop is told
            for _ in range(500):
                if ann.refusal:
                    break
                await asyncio.sleep(0.01)
            assert ann.refusal and "EXPLORE" in ann.refusal
            with pytest.raises(IllegalAction):
                await ann.apply_async(pick)
            assert ann.seq == 1
        finally:
            ann.close()

    run_apart(session())


def test_without_a_seed_the_hub_deals_a_secret_one(hub) -> None:
    """Two tables created alike deal differently, and nothing sent before the end names the seed."""
    first, second = (remote.create_table(hub.url, players=["Ann", "Bob"]) for _ in range(2))
    packs = []
    for table in (first, second):
        response = httpx.get(f"{hub.url}/api/tables/{table.id}/state",
                             headers={"x-seat-token": table.links["Ann"].split("seat=")[1]})
        assert "seed" not in response.text
        packs.append(response.json()["view"]["me"]["pack"])
    assert packs[0] != packs[1]
    assert "seed" not in httpx.get(f"{hub.url}/api/tables").text


def test_when_every_person_at_a_table_is_away_the_bots_wait_for_them(hub) -> None:
    """Issue #30 §3: a table whose people are all away does not play on by itself (the bot seat and the stand-in
    wait); once one person is back, the stand-in plays for the other again."""
    table = remote.create_table(hub.url, players=["Ann", "Bob", "Cleo=bot:greedy"], seed=4, time_limit=0.2)
    watcher = remote.watch(hub.url, table.id)
    try:
        deadline = time.monotonic() + 10
        while watcher.away != ("Ann", "Bob") and time.monotonic() < deadline:
            watcher.wait(watcher.seq, 0.1)
        assert watcher.away == ("Ann", "Bob")
        paused = watcher.seq  # the bot's own draft pick at most
        time.sleep(1.0)  # five time limits: nobody plays for the absent people, the bot does not play on
        assert watcher.seq == paused and watcher.seq <= 1
        ann = remote.join(table.links["Ann"])  # Ann is back: the stand-in plays for Bob, who is still away
        try:
            while watcher.seq == paused and time.monotonic() < deadline:
                watcher.wait(watcher.seq, 0.1)
            assert watcher.seq > paused and "Bob" in watcher.away
        finally:
            ann.close()
    finally:
        watcher.close()


def test_a_person_who_keeps_the_table_waiting_is_played_by_a_bot_until_they_come_back(hub) -> None:
    """With a time limit, a seat awaited longer than it is played by a bot, and everyone is told (``away``);
    the player coming back (connecting) ends it. Without one, nobody is ever played for."""
    table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=4, time_limit=0.3)
    ann = remote.join(table.links["Ann"])
    try:
        ann.apply(ann.legal_actions()[0])
        deadline = time.monotonic() + 10
        while "Bob" not in ann.away and time.monotonic() < deadline:
            ann.wait(ann.seq, 0.2)
        assert ann.away == ("Bob",)
        while ann.name not in ann.awaiting and time.monotonic() < deadline:  # the bot made Bob's pick
            ann.wait(ann.seq, 0.2)
        assert "Ann" in ann.awaiting and ann.seq >= 2
        told: list[tuple[str, ...]] = []
        ann.observe(lambda change: told.append(change["new"]), names=["away"])
        bob = remote.join(table.links["Bob"])  # Bob is back (Ann, idle meanwhile, may be away herself by now)
        try:
            while not any("Bob" not in away for away in told) and time.monotonic() < deadline:
                time.sleep(0.02)
            assert any("Bob" not in away for away in told)  # everyone was told that Bob is back
        finally:
            bob.close()
    finally:
        ann.close()
    listed = remote.tables(hub.url).set_index("id")
    assert listed.loc[table.id, "seq"] >= 2
    with pytest.raises(HubRefused):
        remote.create_table(hub.url, players=["Ann", "Bob"], time_limit=-1)
