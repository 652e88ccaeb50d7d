"""Views travel (issue #19): every player view and the public view have an exact plain-JSON form.

Seeded random games of every mode (standard 2-4 players, solo, family, Pocket Cats in its three variants, Explore &
Draw with 1-3 players): at sampled states along each game and at its end, every seat's view and the public view
survive ``View.from_dict(json.loads(json.dumps(view.to_dict())))`` unchanged. The public view is what anyone who
is not a player gets: the same value for every watcher, with nothing a player keeps secret (EXPLORE-4, LESSON-1,
RESCUE-1, SOLO-6, POCKET-1, POCKET-5, ED-2).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from isle_nb.model.core.errors import InvalidSave
from isle_nb.model.core.wire import TextMemo, to_plain, to_text
from isle_nb.model.explore_draw.game import RULES as ED_RULES
from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.isle.rules import RULES as ISLE_RULES
from isle_nb.model.parts.boat import boat_from_plain, boat_to_plain
from isle_nb.model.pocket.rules import RULES as POCKET_RULES

GAMES: list[tuple[str, Any, tuple[str, ...], dict[str, Any]]] = [
    ("standard-2", ISLE_RULES, ("Ann", "Ben"), {}),
    ("standard-3", ISLE_RULES, ("Ann", "Ben", "Cat"), {}),
    ("standard-4", ISLE_RULES, ("Ann", "Ben", "Cat", "Dan"), {}),
    ("solo", ISLE_RULES, ("Ann",), {"mode": "solo", "difficulty": "hard"}),
    ("family", ISLE_RULES, ("Ann", "Ben", "Cat"), {"mode": "family"}),
    ("pocket-freedom", POCKET_RULES, ("Ann", "Ben"), {}),
    ("pocket-limited", POCKET_RULES, ("Ann", "Ben"), {"variant": "limited"}),
    ("pocket-experts", POCKET_RULES, ("Ann", "Ben"), {"variant": "experts"}),
    ("explore-draw-3", ED_RULES, ("Ann", "Ben", "Cat"), {}),
    ("explore-draw-solo", ED_RULES, ("Ann",), {"difficulty": "medium"}),
]
SAMPLES = 8
"""States checked per game (besides the first and the last), spread at random along it."""


@cache
def playout(rules: Any, players: tuple[str, ...], seed: int, options: tuple[tuple[str, Any], ...] = ()) -> list[Any]:
    """Every state of one seeded game of random legal actions, start to end (each game played once)."""
    state = rules.new_game(players, seed, **dict(options))
    states = [state]
    pick = random.Random(seed)
    while not state.over:
        player = rules.awaiting(state)[0]
        state = rules.apply(state, pick.choice(rules.legal_actions(state, player)))
        states.append(state)
    return states


def sampled(states: list[Any], seed: int) -> Iterator[Any]:
    """The first and last states and :data:`SAMPLES` others."""
    middle = sorted(random.Random(seed).sample(range(1, len(states) - 1), min(SAMPLES, len(states) - 2)))
    return (states[i] for i in (0, *middle, len(states) - 1))


def travelled(view: Any) -> Any:
    """The view after a trip through JSON text."""
    return type(view).from_dict(json.loads(json.dumps(view.to_dict())))


@pytest.mark.parametrize(("label", "rules", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_every_view_travels_exactly(label: str, rules: Any, players: tuple[str, ...], options: dict) -> None:
    states = playout(rules, players, 19, tuple(options.items()))
    for state in sampled(states, 19):
        for viewer in (*players, None):
            view = rules.view(state, viewer)
            assert travelled(view) == view, f"{label}: {viewer}'s view changed on its way"


@pytest.mark.parametrize(("label", "rules", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_the_public_view_is_the_same_for_every_watcher(
    label: str, rules: Any, players: tuple[str, ...], options: dict
) -> None:
    for state in sampled(playout(rules, players, 19, tuple(options.items())), 7):
        public = rules.view(state, None)
        assert public.player is None
        assert rules.view(state, "Watcher") == rules.view(state, "Zoe") == public
        assert all(not entry.private for entry in public.log if not isinstance(entry, str))


def test_the_public_view_of_the_isle_shows_every_player_and_no_hand() -> None:
    """EXPLORE-4, LESSON-1, RESCUE-1: hands, packs, picks and private lessons stay with their players."""
    states = playout(ISLE_RULES, ("Ann", "Ben", "Cat"), 19)
    for state in sampled(states, 3):
        public = ISLE_RULES.view(state, None)
        assert public.me is None and [o.name for o in public.others] == list(state.names)
        for name in state.names:
            another = next(n for n in state.names if n != name)
            assert public.other(name) == ISLE_RULES.view(state, another).other(name)
        assert all(not hasattr(o, "hand") and not hasattr(o, "pack") for o in public.others)


def test_the_public_view_of_pocket_cats_hides_the_clan_cards_and_the_clans_being_chosen() -> None:
    """POCKET-1, POCKET-5: the clan cards on offer and the clans chosen in secret stay hidden."""
    state = POCKET_RULES.new_game(("Ann", "Ben"), 9, variant="limited")
    state = POCKET_RULES.apply(state, POCKET_RULES.legal_actions(state, "Ann")[0])
    public = POCKET_RULES.view(state, None)
    assert public.offer == () and public.clans == (None, None)
    assert all(square.tile is None for square in public.grid if not square.face_up)


def test_the_public_view_of_explore_and_draw_hides_the_choices_until_all_have_chosen() -> None:
    """ED-2: the cards a player chose stay hidden until every player has chosen."""
    state = ED_RULES.new_game(("Ann", "Ben"), 4)
    state = ED_RULES.apply(state, ED_RULES.legal_actions(state, "Ann")[0])
    public = ED_RULES.view(state, None)
    assert [s.has_chosen for s in public.seats] == [True, False]
    assert all(s.choice is None for s in public.seats)
    assert public.to_resolve == () and public.card is None and public.items == ()


def test_a_view_dict_holds_every_field() -> None:
    """Today's dict dropped the mode, ``over`` and the pending decisions: the wire form holds every field."""
    view = ISLE_RULES.view(ISLE_RULES.new_game(("Ann", "Ben"), 1), "Ann")
    data = view.to_dict()
    assert {"mode", "over", "pending", "me", "others", "sister"} <= set(data)
    assert data["mode"] == "standard" and data["over"] is False
    assert view["me"]["pack"] == list(view.me.pack)


def test_a_view_that_does_not_fit_its_type_is_refused() -> None:
    data = ISLE_RULES.view(ISLE_RULES.new_game(("Ann", "Ben"), 1), "Ann").to_dict()
    for broken in ({**data, "day": "1"}, {**data, "secret": 1}, {k: v for k, v in data.items() if k != "me"}):
        with pytest.raises(InvalidSave):
            PlayerView.from_dict(broken)


def test_an_explore_and_draw_sheet_travels_without_the_placement_rules() -> None:
    """An Explore & Draw sheet may hold the same treasure twice, which no boat of the base game allows."""
    states = playout(ED_RULES, ("Ann", "Ben", "Cat"), 19)
    for boat in (seat.boat for seat in states[-1].seats):
        assert boat_from_plain(json.loads(json.dumps(boat_to_plain(boat)))) == boat


@pytest.mark.parametrize(("label", "rules", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_views_text_written_with_a_memo_is_its_plain_forms_json_state_after_state(
    label: str, rules: Any, players: tuple[str, ...], options: dict
) -> None:
    # The hub writes every seat's view after every move with one memo: each state's text, values reused from the
    # states before, holds exactly the view's plain form (the same JSON values; texts may be UTF-8, not escapes),
    # and the view comes back from it.
    memo = TextMemo()
    states = playout(rules, players, 19, tuple(options.items()))
    for state in [states[0], *sampled(states, 5), *states[-3:]]:
        memo.turn()
        for viewer in (*players, None):
            view = rules.view(state, viewer)
            text = to_text(view, memo)
            assert json.loads(text) == json.loads(to_text(view)) == to_plain(view) == view.to_dict(), label
            assert type(view).from_json(text) == view == type(view).from_json(text.encode()), label


def test_a_memo_writes_an_unchanged_part_once_and_forgets_what_its_last_uses_left_untouched() -> None:
    state = playout(ISLE_RULES, ("Ann", "Ben", "Cat", "Dan"), 19)[40]
    boat = state.players[0].boat
    memo = TextMemo()
    memo.turn()
    text = to_text(boat, memo)
    assert memo.get(boat) is text and to_text(boat, memo) is text  # written once, found again
    assert memo.get(state.players[1].boat) is None
    for _ in range(TextMemo.USES):
        memo.turn()
    assert to_text(boat, memo) is text  # found after a forgetting: it was touched since the one before
    for _ in range(2 * TextMemo.USES):
        memo.turn()
    assert memo.get(boat) is None  # untouched through two forgettings: forgotten (the memo stays small)


def test_a_memo_reuses_the_text_of_a_value_found_whole_and_writes_a_changed_one_anew() -> None:
    # A hub finds another player's unchanged view whole and reuses its text; when that player's fish change later,
    # the new value is written whole (msgspec writes a boat in microseconds: no part of it is kept apart).
    state = playout(ISLE_RULES, ("Ann", "Ben", "Cat", "Dan"), 19)[40]
    player = state.players[0]
    memo = TextMemo()
    memo.turn()
    text = to_text(player, memo)
    for _ in range(TextMemo.USES - 1):
        memo.turn()
        assert memo.get(player) is text and to_text(player, memo) is text  # found whole
    richer = dataclasses.replace(player, fish=player.fish + 1)
    written = json.loads(to_text(richer, memo))
    assert written == {**json.loads(text), "fish": player.fish + 1}
    assert written["boat"] == json.loads(json.dumps(boat_to_plain(player.boat)))


def test_a_views_log_is_the_lines_its_viewer_may_read_whatever_order_the_states_come_in() -> None:
    # seen_log keeps the lines it gave each viewer of each game and reads only the lines added since: the views
    # of two games with the same players, states visited forwards, backwards (as after undo) and at random, each
    # hold exactly the lines their viewer may read (LOG-private lines stay with their player).
    games = [playout(ISLE_RULES, ("Ann", "Ben", "Cat"), seed) for seed in (19, 23)]
    visits = [(g, i) for i in range(0, 60) for g in range(2)] + [(0, i) for i in range(60, 0, -7)]
    visits += [(random.Random(5).randrange(2), random.Random(i).randrange(60)) for i in range(40)]
    for game, index in visits:
        state = games[game][index]
        for viewer in ("Ann", "Ben", "Cat", None):
            expected = tuple(e for e in state.log if e.seen_by(viewer))
            assert ISLE_RULES.view(state, viewer).log == expected, (game, index, viewer)
