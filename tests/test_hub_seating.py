"""A table holds people (issue #30 §2): a seat is taken under the name its person chose, the table waits while a
seat is open (nobody moves, not even its bots) and is dealt with the names taken, starting when the last seat is
taken, or when the teacher starts it with bots in the open seats. The names outlive a hub restart."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from isle_nb import remote
from isle_nb.hub import running_hub
from isle_nb.hub.admin import HEADER
from isle_nb.remote import HubRefused

pytestmark = pytest.mark.timeout(60)


def shown(seat: remote.RemoteSeat) -> str:
    """The seat's view as text (every mode names its players in it)."""
    return json.dumps(seat.view.to_dict())


def wait_for(seat: remote.RemoteSeat, done, seconds: float = 10) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        seat.wait(seat.seq, 0.1)
    assert done()


@pytest.mark.parametrize("mode", ["standard", "explore_draw", "pocket"])
def test_a_table_waits_for_its_players_and_deals_their_names(tmp_path, mode: str) -> None:
    players = ["open", "open"] if mode == "pocket" else ["open", "Cleo=bot:greedy", "open"]
    db = tmp_path / "hub.sqlite"
    with running_hub(db=db) as hub:
        table = remote.create_table(hub.url, players=players, mode=mode, seed=7)
        ann = remote.join(remote.claim(hub.url, table.id, name="Ann"))
        try:
            assert ann.name == "Ann" and '"Ann"' in shown(ann) and '"Bea"' not in shown(ann)
            time.sleep(0.5)  # the bot seat does not move while a seat is open
            assert ann.seq == 0
            listed = remote.tables(hub.url).set_index("id").loc[table.id]
            assert listed["players"][0] == "Ann" and len(listed["open"]) == 1
            with pytest.raises(HubRefused, match="waiting for 1 more player") as waiting:
                ann.apply(ann.legal_actions()[0])
            assert waiting.value.code == "waiting" and ann.seq == 0
            with pytest.raises(HubRefused) as taken:
                remote.claim(hub.url, table.id, name="Ann")  # the model's name checks: one Ann per table
            assert taken.value.code == "name" and "Ann" in str(taken.value)
            bea_link = remote.claim(hub.url, table.id, name="  Bea ")
            wait_for(ann, lambda: '"Bea"' in shown(ann))  # Ann's screen learns the new name
            assert remote.tables(hub.url).set_index("id").loc[table.id, "open"] == []
            bea = remote.join(bea_link)
            try:
                assert bea.name == "Bea" and '"Ann"' in shown(bea)
                ann.apply(ann.legal_actions()[0])  # the table has started: moves count
                wait_for(ann, lambda: ann.seq >= 1)
            finally:
                bea.close()
        finally:
            ann.close()
        moves = remote.tables(hub.url).set_index("id").loc[table.id, "seq"]
    with running_hub(db=db) as again:  # the hub's database keeps the names and the deal
        listed = remote.tables(again.url).set_index("id").loc[table.id]
        assert listed["players"][0] == "Ann" and "Bea" in listed["players"] and listed["seq"] == moves


def test_the_teacher_starts_a_table_with_bots_in_its_open_seats() -> None:
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["open", "open", "open"], seed=3)
        ann = remote.join(remote.claim(hub.url, table.id, name="Ann"))
        try:
            answer = httpx.post(f"{hub.url}/api/tables/{table.id}/start", headers={HEADER: "guess"})
            assert answer.status_code == 403 and answer.json()["code"] == "admin"
            remote.start_table(hub.url, table.id)  # the secret of a hub this process started is found
            listed = remote.tables(hub.url).set_index("id").loc[table.id]
            assert listed["open"] == [] and listed["players"][0] == "Ann"
            ann.apply(ann.legal_actions()[0])
            wait_for(ann, lambda: ann.seq >= 3)  # the two bots in the open seats made their picks too
            with pytest.raises(HubRefused) as again:
                remote.start_table(hub.url, table.id)
            assert again.value.code == "started"
            with pytest.raises(HubRefused) as none_left:
                remote.claim(hub.url, table.id, name="Dan")
            assert none_left.value.code == "no_open_seat"
        finally:
            ann.close()


def test_every_seat_sees_who_is_here_and_a_tap_brings_an_away_person_back() -> None:
    """Issue #30 §3: the hub tells every seat whose page is open (``present``) as pages open and close; a person a
    bot plays for (they kept the table waiting) is back as soon as their page says so (``here``: a tap, a key, the
    page shown again), without a reload: no bot plays for them any more."""
    from isle_nb.widgets.presence import PresenceLine

    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob", "Cleo=bot:greedy"], seed=4, time_limit=1.0)
        ann = remote.join(table.links["Ann"])
        bob = remote.join(table.links["Bob"])
        try:
            wait_for(ann, lambda: ann.present == ("Ann", "Bob"))
            line = PresenceLine(ann, ("Ann", "Bob", "Cleo"), ("Cleo",))
            assert "<b>Ann</b> (you), <b>Bob</b> (here), <b>Cleo</b> (computer player)" in line.line.value
            ann.apply(ann.legal_actions()[0])  # Ann picks; Bob keeps the table waiting: a bot plays for him
            wait_for(ann, lambda: "Bob" in ann.away)
            assert "<b>Bob</b> (away: a bot is playing for Bob)" in line.line.value
            seen: list[tuple[str, ...]] = []
            ann.observe(lambda change: seen.append(change["new"]), names=["away"])
            wait_for(bob, lambda: "Bob" in bob.away)  # Bob's page knows it too (it sends "here" only then)
            bob.here()  # Bob taps his page: he is back (he may keep the table waiting again a second later)
            wait_for(ann, lambda: any("Bob" not in away for away in seen))
            bob.close()
            wait_for(ann, lambda: "Bob" not in ann.present)
            assert "<b>Bob</b> (here)" not in line.line.value  # page closed (or away again, by now)
            line.close()
        finally:
            ann.close()
            bob.close()
