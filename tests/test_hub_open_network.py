"""Issue #31: the hub faces an open network. No client can fill it, stall it or stop it: damaged stored tables are
listed and the rest served, only the keeper (the admin secret) creates, ends and deletes tables, finished tables leave
memory and expire, every connection is bounded (hello, queue, count, rate, body), a hub refuses to start in a sentence
naming the file, and the client raises only its documented errors."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import sqlite3
import stat
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pytest
import websockets
from test_hub import _start_hub, run_apart

from isle_nb import remote
from isle_nb.hub import running_hub
from isle_nb.hub.admin import HEADER, read_secret, secret_path
from isle_nb.hub.app import Limits
from isle_nb.hub.limits import RateLimit
from isle_nb.hub.protocol import BURST, NAME_LIMIT
from isle_nb.hub.server import bind, main
from isle_nb.hub.store import Store, StoreRefused
from isle_nb.hub.tables import Refusal, TableManager
from isle_nb.remote import ConnectionLost, HubRefused, NotASeat

pytestmark = pytest.mark.timeout(90)


def _ws(url: str, table_id: str) -> str:
    return url.replace("http", "ws") + f"/api/tables/{table_id}/ws"


def _until(check, seconds: float = 10.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def _free_port() -> int:
    probe = bind("127.0.0.1", 0)
    port = probe.getsockname()[1]
    probe.close()
    return port


# -- High ----------------------------------------------------------------------------------------------------------
def test_a_stored_table_that_cannot_be_rebuilt_is_listed_as_damaged_and_the_others_are_served(tmp_path) -> None:
    db = tmp_path / "hub.sqlite"
    store = Store(db)
    manager = TableManager(store)
    good, _ = manager.create("pocket", ["Ann", "Bob"], 1)
    unknown, _ = manager.create("pocket", ["Ann", "Bob"], 2)
    broken, _ = manager.create("standard", ["Ann", "Bob"], 3)
    store.db.execute("UPDATE tables SET mode = 'chess' WHERE id = ?", (unknown.id,))  # a mode no longer known
    store.append(broken.id, 0, {"kind": "buy", "player": "Ann", "cards": [999]})  # a move that no longer replays
    store.close()

    store = Store(db)
    restarted = TableManager(store)  # starts
    listed = {s.id: s for s in restarted.summaries()}
    assert listed[good.id].damaged is None and restarted.table(good.id).game.rules is good.game.rules
    for damaged in (unknown.id, broken.id):
        reason = listed[damaged].damaged
        assert reason and reason.startswith("its game could not be rebuilt") and "Traceback" not in reason
        with pytest.raises(Refusal) as refused:
            restarted.table(damaged)
        assert refused.value.code == "damaged"
    assert "chess" in listed[unknown.id].damaged  # the reason in words
    restarted.delete(unknown.id)  # the keeper may remove it
    assert unknown.id not in {s.id for s in restarted.summaries()}
    store.close()


def test_only_the_keeper_with_the_admin_secret_creates_ends_and_deletes_tables(tmp_path) -> None:
    db = tmp_path / "hub.sqlite"
    with running_hub(db=db) as hub:
        secret = secret_path(db)
        assert secret.name == "hub.secret" and stat.S_IMODE(secret.stat().st_mode) == 0o600
        assert read_secret(db) == hub.secret
        request = {"players": ["Ann", "open"], "seed": 1}
        for headers in ({}, {HEADER: "guess"}):
            answer = httpx.post(f"{hub.url}/api/tables", json=request, headers=headers)
            assert answer.status_code == 403 and answer.json()["code"] == "admin"
        with pytest.raises(HubRefused) as refused:
            remote.create_table(hub.url, players=["Ann", "open"], secret="guess")
        assert refused.value.code == "admin" and "secret" in str(refused.value)
        assert len(remote.tables(hub.url)) == 0

        table = remote.create_table(hub.url, players=["Ann", "open"], seed=1)  # this process started the hub
        link = remote.claim(hub.url, table.id)  # claiming, playing and watching need no secret
        seat = remote.join(link)
        watcher = remote.watch(hub.url, table.id)
        seat.close()
        watcher.close()
        for answer in (httpx.post(f"{hub.url}/api/tables/{table.id}/end"),
                       httpx.delete(f"{hub.url}/api/tables/{table.id}", headers={HEADER: "guess"}),
                       httpx.get(f"{hub.url}/api/results")):
            assert answer.status_code == 403 and answer.json()["code"] == "admin"
        remote.end_table(hub.url, table.id, secret=hub.secret)
        assert remote.tables(hub.url).set_index("id").loc[table.id, "awaiting"] == []
        remote.delete_table(hub.url, table.id)  # the secret of a hub this process started is found
        assert table.id not in set(remote.tables(hub.url)["id"])


def test_finished_and_abandoned_tables_are_ended_deleted_and_expire_with_their_results_kept(tmp_path) -> None:
    store = Store(tmp_path / "hub.sqlite")
    manager = TableManager(store, expire_after=60)
    finished, _ = manager.create("pocket", ["bot:random", "bot:random"], 5)
    while manager.bot_move(finished):
        pass
    assert finished.game.over
    abandoned, _ = manager.create("pocket", ["Ann", "Bob"], 6)
    manager.retire(finished)
    manager.end(abandoned)
    with pytest.raises(Refusal) as refused:
        manager.act(abandoned, "Ann", abandoned.game.legal_actions("Ann")[0].to_dict(), 0)
    assert refused.value.code == "ended"
    listed = {s.id: s for s in manager.summaries()}
    assert listed[finished.id].over and listed[finished.id].ended and listed[abandoned.id].ended
    assert manager.expire(time.time()) == []  # not yet
    assert sorted(manager.expire(time.time() + 61)) == sorted([finished.id, abandoned.id])
    assert manager.summaries() == [] and store.table(finished.id) is None
    kept = manager.results()
    assert [r["id"] for r in kept] == [finished.id]  # the finished game's result, for the teacher's download
    assert kept[0]["result"] == finished.game.game_result().to_dict()
    store.close()


def test_a_finished_table_leaves_memory_and_comes_back_from_the_store_when_asked_for() -> None:
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["bot:random", "bot:random"], mode="pocket", seed=3)
        assert _until(lambda: remote.tables(hub.url).set_index("id").loc[table.id, "over"])
        manager = hub.hub.manager
        assert _until(lambda: table.id not in manager.tables)
        assert table.id not in manager.recalled
        saved = remote.saved_game(hub.url, table.id)  # asked for: rebuilt from the store
        watcher = remote.watch(hub.url, table.id)
        try:
            assert watcher.over and watcher.result() is not None
            assert json.loads(saved)["actions"] and table.id in manager.recalled
            assert table.id not in manager.tables  # not played again
        finally:
            watcher.close()


def test_asking_for_many_finished_tables_in_turn_cannot_keep_the_hub_replaying_games(tmp_path) -> None:
    store = Store(tmp_path / "hub.sqlite")
    manager = TableManager(store)
    finished = []
    for seed in range(12):
        table, _ = manager.create("pocket", ["bot:random", "bot:random"], seed)
        while manager.bot_move(table):
            pass
        manager.retire(table)
        finished.append(table.id)
    manager.recalls = RateLimit(rate=0.01, burst=4)  # (the hub's: 2 a second, 8 at once) slower than any machine
    answers = []
    for table_id in finished:  # each one replayed from the store...
        try:
            answers.append(manager.table(table_id).id)
        except Refusal as refused:
            answers.append(refused.code)
    assert answers == finished[:4] + ["busy"] * 8  # ...until the hub has replayed enough for now
    assert manager.table(finished[0]).id == finished[0]  # the last ones brought back are still at hand
    store.close()


# -- Medium --------------------------------------------------------------------------------------------------------
@pytest.mark.timeout(300)  # seconds at idle; a loaded machine's hub reads the flood slowly (the rate limit holds)
def test_a_client_that_does_not_read_is_closed_and_its_queue_is_bounded() -> None:
    """A watcher that never reads what it is told is closed once its queue is full, and the others play on. The
    others' moves fill it: every act and undo is a state for the watcher (a few KB each; one every CATCH_UP seconds at
    most), so the hub's send buffer (SEND_BUFFER) fills within seconds. (Answers to its own messages would be
    refusals of a hundred bytes, read at the rate limit: filling 4 MB of buffers with them took up to 4 minutes.)"""
    players = ["Ann", "Bob", "Cid", "Dee"]
    with running_hub(limits=Limits(queue=16)) as hub:
        table = remote.create_table(hub.url, players=players, seed=1)
        listeners = hub.hub.manager.table(table.id).listeners
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connecting: the window stays small
        raw.connect(("127.0.0.1", hub.port))
        from websockets.sync.client import connect

        seats = [remote.join(table.links[name]) for name in players[1:]]
        try:
            with connect(_ws(hub.url, table.id), sock=raw, close_timeout=1) as flooder:
                flooder.send(json.dumps({"type": "hello", "protocol": 1}))  # a watcher, that never reads
                assert _until(lambda: len(listeners) == len(seats) + 1)
                picks = [seat.legal_actions()[0] for seat in seats]

                def moved_while_watched() -> bool:
                    for seat, pick in zip(seats, picks, strict=True):
                        seat.apply(pick)
                        seat.undo()
                    return len(listeners) == len(seats)  # the hub let go of the watcher

                assert _until(moved_while_watched, 60)
            ann = remote.join(table.links["Ann"])  # and serves the others
            try:
                assert ann.connected
                before = ann.seq
                seats[0].apply(picks[0])
                assert ann.wait(before)  # Ann is told of Bob's move
            finally:
                ann.close()
        finally:
            for seat in seats:
                seat.close()


def test_a_body_over_the_limit_is_refused_before_it_is_read() -> None:
    with running_hub() as hub:
        with socket.create_connection(("127.0.0.1", hub.port), timeout=10) as raw:
            raw.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        b"Content-Length: 300000000\r\n\r\n{\"players\":")
            answer = raw.recv(4096)  # at once, not after 300 MB
        assert answer.startswith(b"HTTP/1.1 413")


def test_malformed_messages_count_toward_the_rate_limit() -> None:
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=1)

        async def flood() -> list[str]:
            async with websockets.connect(_ws(hub.url, table.id)) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": 1}))
                await ws.recv()
                for _ in range(BURST + 50):
                    await ws.send("{not json")
                return [json.loads(await ws.recv())["code"] for _ in range(BURST + 50)]

        codes = run_apart(flood())
        assert "rate" in codes and codes.count("malformed") >= BURST


def test_an_unwritable_database_refuses_to_start_with_a_sentence_naming_the_file() -> None:
    folder = Path(tempfile.mkdtemp())
    try:
        db = folder / "hub.sqlite"
        Store(db).close()
        db.chmod(0o444)
        folder.chmod(0o777)
        (folder / "hub.sqlite.lock").chmod(0o666)
        read, write = os.pipe()
        child = os.fork()  # a process of its own, as nobody when this is root (root may write any file)
        if child == 0:  # pragma: no cover (the child)
            code = 3
            sys.stderr = open(write, "w", closefd=False)  # noqa: SIM115 (flushed below)
            try:
                if os.geteuid() == 0:
                    os.setgid(65534)
                    os.setuid(65534)
                main(["hub", "--db", str(db), "--port", "0"])
            except SystemExit as stopped:
                code = stopped.code if isinstance(stopped.code, int) else 3
            finally:
                sys.stderr.flush()
                os._exit(code)
        os.close(write)
        with os.fdopen(read) as said:
            stderr = said.read()
        assert os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]) == 1, stderr
        assert stderr.startswith(f"isle-nb hub: The hub cannot use {db} as its database")
        assert "readonly" in stderr and "Traceback" not in stderr
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_second_hub_on_the_same_database_refuses_to_start(tmp_path, capsys) -> None:
    db = tmp_path / "hub.sqlite"
    first = Store(db)
    try:
        with pytest.raises(StoreRefused, match=r"Another hub is already running on .*hub\.sqlite"):
            Store(db)
        with pytest.raises(SystemExit) as stopped:
            main(["hub", "--db", str(db), "--port", "0"])
        assert stopped.value.code == 1
        said = capsys.readouterr().err
        assert said.startswith("isle-nb hub: Another hub is already running on") and str(db) in said
    finally:
        first.close()
    Store(db).close()  # once the first has stopped, the next one starts


def test_a_file_that_is_no_database_is_refused_in_a_sentence_naming_it(tmp_path, capsys) -> None:
    db = tmp_path / "notes.txt"
    db.write_text("not a database at all, but a long enough text to be read as one\n" * 20)
    with pytest.raises(SystemExit):
        main(["hub", "--db", str(db), "--port", "0"])
    said = capsys.readouterr().err
    assert said.startswith(f"isle-nb hub: The hub cannot use {db} as its database") and "Traceback" not in said


def test_a_connection_must_say_hello_soon_but_a_seated_kernel_that_answers_pings_is_never_dropped() -> None:
    with running_hub(limits=Limits(hello=0.5), ping=0.2) as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=1)

        async def silent() -> tuple[dict, int | None]:  # type: ignore[type-arg]
            async with websockets.connect(_ws(hub.url, table.id)) as ws:
                said = json.loads(await asyncio.wait_for(ws.recv(), 10))
                with pytest.raises(websockets.ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), 10)
                return said, ws.close_code

        said, code = run_apart(silent())
        assert said["type"] == "error" and said["code"] == "slow" and code == 1008
        ann = remote.join(table.links["Ann"])
        try:
            time.sleep(2.0)  # ten pings' time waiting for nobody: still seated
            assert ann.connected
            ann.apply(ann.legal_actions()[0])
            assert ann.seq == 1
        finally:
            ann.close()


def test_open_connections_are_bounded_and_the_one_refused_is_told_why() -> None:
    with running_hub(limits=Limits(connections=2)) as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=1)
        first, second = remote.watch(hub.url, table.id), remote.watch(hub.url, table.id)
        try:
            assert _until(lambda: hub.hub.connections == 2)

            async def third() -> dict:  # type: ignore[type-arg]
                async with websockets.connect(_ws(hub.url, table.id)) as ws:
                    return json.loads(await asyncio.wait_for(ws.recv(), 10))

            said = run_apart(third())
            assert said["code"] == "busy" and "try again" in said["message"]
        finally:
            first.close()
            second.close()


# -- Low -----------------------------------------------------------------------------------------------------------
def test_a_hub_stopped_by_sigterm_leaves_every_table_in_the_database_file_itself(tmp_path) -> None:
    port = _free_port()
    db = tmp_path / "hub.sqlite"
    process = _start_hub(port, db)
    try:
        table = remote.create_table(f"http://127.0.0.1:{port}", players=["Ann", "Bob"], seed=1,
                                    secret=read_secret(db))
        process.send_signal(signal.SIGTERM)
        process.wait(30)
    finally:
        process.kill()
    alone = tmp_path / "copy"
    alone.mkdir()
    shutil.copy(db, alone / "hub.sqlite")  # the database file without its -wal
    with sqlite3.connect(alone / "hub.sqlite") as copy:
        assert copy.execute("SELECT id FROM tables").fetchall() == [(table.id,)]


def test_the_client_raises_connection_lost_not_the_websockets_error() -> None:
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=1)
        ann = remote.join(table.links["Ann"])
        try:
            class Broken:
                async def send(self, text: str) -> None:
                    raise websockets.ConnectionClosedError(None, None)

            ann._socket = Broken()
            with pytest.raises(ConnectionLost):
                ann.apply(ann.legal_actions()[0])
        finally:
            ann.close()


def test_the_play_page_joins_only_hubs_its_server_allows(monkeypatch) -> None:
    link = "http://127.0.0.1:8765/tables/ab12cd34?seat=secret"
    query = f"table={httpx.QueryParams({'x': link})['x']}"
    for name in ("ISLE_NB_HUB", "ISLE_NB_HUBS"):
        monkeypatch.delenv(name, raising=False)
    assert remote.link_in_query(query) == link  # no hub named: hubs on this machine
    elsewhere = "table=" + httpx.QueryParams({"t": "http://evil.example:80/tables/x?seat=y"})["t"]
    with pytest.raises(NotASeat, match="this page joins only tables of a hub on this machine"):
        remote.link_in_query(httpx.QueryParams(elsewhere).__str__())
    monkeypatch.setenv("ISLE_NB_HUB", "http://127.0.0.1:9999")  # the class's own hub
    with pytest.raises(NotASeat, match=r"127\.0\.0\.1:9999"):
        remote.link_in_query(query)
    monkeypatch.setenv("ISLE_NB_HUBS", "http://127.0.0.1:8765, http://10.0.0.2:8765")
    assert remote.link_in_query(query) == link


def test_identifiers_in_requests_are_bounded_and_never_echoed_whole() -> None:
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "open"], seed=1)
        long_id = "9" * 4000
        for answer in (httpx.get(f"{hub.url}/api/tables/{long_id}/state"),
                       httpx.post(f"{hub.url}/api/tables/{table.id}/claim", json={"seat": "x" * 4000}),
                       httpx.post(f"{hub.url}/api/tables", headers={HEADER: hub.secret},
                                  json={"players": ["Ann", "B" * 4000]})):
            assert answer.status_code == 400 and len(answer.text) < 400 and answer.json()["code"] == "malformed"
        assert httpx.post(f"{hub.url}/api/tables/{table.id}/claim", json={"seat": "x" * NAME_LIMIT}).json()[
            "code"] == "no_open_seat"


def test_a_waiting_seat_is_woken_by_the_hubs_message_not_by_polling(monkeypatch) -> None:
    """Issue #33: a seat waits on an event set by the hub's next message (and connects with websockets' own loop),
    instead of looking every 5 ms: no short sleep is taken while it waits."""
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=3)
        bob = remote.join(table.links["Bob"])  # a script's seat, on a thread of its own

        async def session() -> bool:
            ann = remote.join(table.links["Ann"])  # a kernel's seat, on this loop
            try:
                naps: list[float] = []
                real_sleep = asyncio.sleep

                async def counted(delay: float, *args: object) -> object:
                    naps.append(delay)
                    return await real_sleep(delay, *args)

                monkeypatch.setattr(asyncio, "sleep", counted)
                waiting = asyncio.ensure_future(ann.wait_async(0, 10))
                await real_sleep(0.3)
                assert not waiting.done()
                bob.apply(bob.legal_actions()[0])
                woken = await waiting
                monkeypatch.setattr(asyncio, "sleep", real_sleep)
                assert [nap for nap in naps if nap < 0.05] == []  # (the hub's own clock and pings sleep longer)
                return woken
            finally:
                ann.close()

        try:
            assert run_apart(session()) is True
        finally:
            bob.close()


def test_a_kept_secret_outlives_its_process_and_only_its_owner_reads_it(tmp_path) -> None:
    """Issue #30 §6: the hub's admin secret and a class's page token are made once, kept in a file only the owner
    reads, and read back unchanged (so a restarted class keeps the address it handed out); a file made readable by
    others is closed again; a folder it cannot write is refused in a sentence."""
    from isle_nb.hub.admin import kept_secret
    from isle_nb.hub.store import StoreRefused

    path = tmp_path / "hub.page-token"
    first = kept_secret(path, "the class's page token")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and len(first) >= 40
    path.chmod(0o644)
    assert kept_secret(path, "the class's page token") == first and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert kept_secret(tmp_path / "other.page-token", "the class's page token") != first
    with pytest.raises(StoreRefused, match=r"cannot write the class's page token to .*missing"):
        kept_secret(tmp_path / "missing" / "x.page-token", "the class's page token")


def test_every_connection_has_a_bounded_send_buffer() -> None:
    """A client that does not read holds at most SEND_BUFFER bytes of the machine (doubled by the system for its
    bookkeeping), not the 4 MB Linux would let it grow to, and is noticed within seconds."""
    from isle_nb.hub.server import SEND_BUFFER

    listening = bind("127.0.0.1", 0)
    try:
        client = socket.create_connection(listening.getsockname()[:2])
        accepted, _ = listening.accept()
        with client, accepted:
            # fixed at SEND_BUFFER (Linux reports it doubled), not left to grow from its default of 16 KB
            assert accepted.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) in (SEND_BUFFER, 2 * SEND_BUFFER)
    finally:
        listening.close()
