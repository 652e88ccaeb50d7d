"""The lobby's summary of a table says where its game stands and the score as far as a watcher sees it (issue #30
§5): each game's rules read both from the public view (``Rules.progress``, ``Rules.shown_scores``), the final scores
come from the result once over, and nothing hidden leaks (the standard game's private lessons score, so it shows no
score before the end). The teacher's list of tables shows them. Driven through the table manager, without a
server."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

import pytest

from isle_nb.connection import state_data
from isle_nb.hub.protocol import from_hub
from isle_nb.hub.store import Store
from isle_nb.hub.tables import Table, TableManager
from isle_nb.model.core.result import GameResult
from isle_nb.model.parts.cards import core_lesson_ids
from isle_nb.remote import RemoteSeat
from isle_nb.widgets.teacher_tables import summary_html

GAMES = [("standard", ["Ann", "Bob"], {}), ("family", ["Ann", "Bob"], {}), ("solo", ["Ann"], {}),
         ("pocket", ["Ann", "Bob"], {"variant": "experts"}), ("explore_draw", ["Ann", "Bob"], {})]


def _move(manager: TableManager, table: Table, pick: random.Random) -> None:
    game = table.game
    who = game.awaiting[0]
    manager.act(table, who, pick.choice(game.legal_actions(who)).to_dict(), table.seq)


def _watcher(table: Table) -> RemoteSeat:
    """A watcher's page at the table now, as the hub sends it."""
    return RemoteSeat("http://127.0.0.1:1", table.id, None, state_data(from_hub(table.message(None))))


@pytest.mark.parametrize(("mode", "players", "options"), GAMES, ids=[game[0] for game in GAMES])
def test_the_summary_says_where_the_game_stands_and_the_score_from_what_a_watcher_is_sent(
        mode: str, players: list[str], options: dict[str, str]) -> None:
    manager = TableManager(Store(":memory:"))
    table, _ = manager.create(mode, players, 4, options)
    rules, pick = table.game.rules, random.Random(2)
    shown = set()
    while not table.game.over:
        if table.seq % 7 == 0:
            summary, watcher = table.summary(), _watcher(table)
            assert summary.progress == rules.progress(watcher.view) != ""  # the watcher's view says as much
            assert summary.scores == rules.shown_scores(watcher.view)
            shown.add(summary.scores is not None)
        _move(manager, table, pick)
    assert shown == ({False} if mode in ("standard", "family", "solo") else {False, True} if mode == "pocket"
                     else {True})  # Pocket Cats has no score while the clans are chosen
    final = table.summary()
    result = _watcher(table).result()
    assert isinstance(result, GameResult) and final.scores == result.totals  # the final scores, as every page
    manager.retire(table)  # the lobby keeps the finished table's summary
    assert manager.retired[table.id].scores == result.totals


def test_a_table_waiting_for_players_says_nothing_of_its_game() -> None:
    manager = TableManager(Store(":memory:"))
    table, _ = manager.create("pocket", ["Ann", "open"], 4)
    assert (table.summary().progress, table.summary().scores) == ("", None)


def test_the_standard_games_hidden_lessons_do_not_reach_the_summary() -> None:
    """Two tables alike in all a watcher sees, but Ann's private lessons differ and so do the scores the rules
    would give now: their summaries are the same, with no score until the end."""
    manager = TableManager(Store(":memory:"))
    table, _ = manager.create("standard", ["Ann", "Bob"], 4)
    pick = random.Random(2)
    while table.seq < 60 or not table.game.state.player("Ann").private_lessons:
        _move(manager, table, pick)
    state = table.game.state
    ann = state.player("Ann")
    held = {c for p in state.players for c in (*p.hand, *p.private_lessons, *p.colour_lessons, *p.drafted)}
    held |= {card for card, _colour in state.public_lessons}
    others = [c for c in core_lesson_ids() if c not in held]
    rules = table.game.rules
    for start in range(len(others)):
        lessons = tuple(others[start:start + len(ann.private_lessons)])
        secret = replace(state, players=tuple(replace(p, private_lessons=lessons) if p.name == "Ann" else p
                                              for p in state.players))
        if rules.scores(secret) != rules.scores(state):
            break
    else:
        raise AssertionError("no other private lessons change Ann's score here")
    twin = Table(table.id, table.mode, type(table.game)(secret), table.seats, table.options, table.created)
    assert rules.view(secret, None) == rules.view(state, None)  # a watcher sees the very same game
    assert twin.public_progress() == table.public_progress() == (table.summary().progress, None)


def test_the_teachers_list_shows_the_progress_and_the_score() -> None:
    row = SimpleNamespace(id="7", label="Pocket Cats", players=["Ann", "Bob"], kinds=["person", "person"], open=[],
                          away=[], awaiting=["Ann"], seq=12, over=False, ended=float("nan"), damaged=None,
                          time_limit=None, progress="game 1 of 2, turn 7 of 24", scores={"Ann": 5, "Bob": 3})
    said = summary_html(row)
    assert "playing, 12 moves so far.<br>Seated: Ann, Bob.<br>Game 1 of 2, turn 7 of 24.<br>Score so far: Ann 5, " \
           "Bob 3.<br>Waiting for: Ann." in said
    row.progress, row.scores = "day 2 of 5, Rescue cats (taking turns)", None
    assert "Day 2 of 5, Rescue cats (taking turns).<br>No score is shown before the end: some points stay secret " \
           "until then." in summary_html(row)
    row.over, row.scores = True, {"Ann": 80, "Bob": 75}
    assert "the game is over after 12 moves.<br>Seated: Ann, Bob.<br>Final score: Ann 80, Bob 75.</div>" in \
        summary_html(row)
