"""A seat judges a move as the rules do (issue #30 §1): every game's ``normal_form`` says once what makes two actions
the same choice, and over random positions of every mode the rules, a local seat and a remote seat (built from the
very message a hub sends, its ``check`` asking the rules for anything its legal actions do not stand for) accept
and refuse the same actions, with the same rule and sentence: legal actions, the same choices in other orders or
with interchangeable cards, and illegal ones."""

from __future__ import annotations

import random
from typing import Any

import pytest
from msgspec.structs import replace

from isle_nb.hub.protocol import from_hub
from isle_nb.hub.wire import SeatText, may_of, state_fields
from isle_nb.model.core.contract import Rules
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.records import record_fields
from isle_nb.model.core.seat import LocalSeat
from isle_nb.model.isle.actions import ChooseRescueCards, DraftPick, PlayAnytime
from isle_nb.model.isle.rules import RULES as ISLE_RULES
from isle_nb.model.modes import mode_of_game, new_game
from isle_nb.model.parts.cards import card
from isle_nb.remote import RemoteSeat, state_data

MODES: list[tuple[str, list[str], dict[str, Any]]] = [
    ("standard", ["Ann", "Ben", "Cat"], {}),
    ("solo", ["Ann"], {"difficulty": "hard"}),
    ("family", ["Ann", "Ben"], {}),
    ("pocket", ["Ann", "Ben"], {"variant": "experts"}),
    ("explore_draw", ["Ann", "Ben"], {}),
]
POSITIONS = 20
"""Positions checked per mode (each a random point of a seeded random game)."""
SAMPLED = 6
"""Legal actions per position whose other forms are tried (all of them when fewer)."""


def remote_seat(game: Any, player: str) -> RemoteSeat:
    """The seat a hub's message for ``player`` makes, unconnected; its questions to the hub answered by the rules
    as the hub answers them (:meth:`isle_nb.hub.tables.TableManager.check`)."""
    mode = mode_of_game(game).name
    text = SeatText(state_fields("t", mode, game, player, False, (), None, may_of(game, player))).text(())
    seat = RemoteSeat("http://127.0.0.1:1", "t", "token", state_data(from_hub(text)))  # type: ignore[arg-type]
    seat.asked = []  # type: ignore[attr-defined]

    def ask(key: bytes) -> str | None:
        seat.asked.append(key)  # type: ignore[attr-defined]
        try:
            game.rules.apply(game.state, game.rules.action_from_dict(__import__("json").loads(key)))
        except IllegalAction as error:
            return str(error)
        return None

    seat._ask = ask  # type: ignore[method-assign]
    return seat


def other_forms(rules: Rules[Any, Any, Any], view: Any, action: Any, rng: random.Random) -> list[Any]:
    """``action`` with each field naming a set in another order, and (The Isle of Cats) a card swapped for an
    interchangeable copy the player holds: the same choice by the rules' normal form."""
    found = []
    for name in record_fields(type(action)):
        value = getattr(action, name)
        if isinstance(value, tuple) and len(value) > 1 and name in ("cards", "slots", "picks", "choice", "cells"):
            shuffled = list(value)
            while shuffled == list(value) and len(set(value)) > 1:
                rng.shuffle(shuffled)
            found.append(replace(action, **{name: tuple(shuffled)}))
    hand = getattr(getattr(view, "me", None), "hand", ())
    if isinstance(action, (ChooseRescueCards, PlayAnytime)) and hand:
        cards = action.cards if isinstance(action, ChooseRescueCards) else (action.card,)
        for index, chosen in enumerate(cards):
            copies = [c for c in hand if c not in cards and card(c).type == card(chosen).type
                      and (card(c).speed, card(c).basket, card(c).effect) ==
                      (card(chosen).speed, card(chosen).basket, card(chosen).effect)]
            if copies:
                swapped = (*cards[:index], copies[0], *cards[index + 1:])
                found.append(replace(action, cards=swapped) if isinstance(action, ChooseRescueCards)
                             else replace(action, card=copies[0]))
    return [f for f in found if rules.normal_form(view, f) == rules.normal_form(view, action)]


def illegal_forms(action: Any, players: tuple[str, ...], rng: random.Random) -> list[Any]:
    """Well-formed actions near ``action`` that the rules may refuse: another player's, a set with one item left
    out or repeated."""
    found = [replace(action, player=next(p for p in players if p != action.player))] if len(players) > 1 else []
    for name in ("cards", "slots", "picks"):
        value = getattr(action, name, None)
        if isinstance(value, tuple) and value:
            found.append(replace(action, **{name: value[1:]}))
            found.append(replace(action, **{name: (*value, value[0])}))
    return found


def rules_verdict(game: Any, action: Any) -> str | None:
    try:
        game.rules.apply(game.state, action)
    except IllegalAction as error:
        return str(error)
    return None


@pytest.mark.parametrize("mode,players,options", MODES, ids=[m[0] for m in MODES])
def test_a_remote_seat_judges_every_move_as_the_rules_do(mode: str, players: list[str],
                                                          options: dict[str, Any]) -> None:
    rng = random.Random(30)
    positions = checked = same = 0
    game = new_game(mode, players, seed=30, **options)
    while positions < POSITIONS:
        if game.over:
            game = new_game(mode, players, seed=rng.randrange(1000), **options)
        awaited = game.awaiting[0]
        for _ in range(rng.randrange(1, 12)):  # move on some steps between positions
            if game.over or not game.awaiting:
                break
            mover = rng.choice(game.awaiting)
            game.apply(rng.choice(game.legal_actions(mover)))
        if game.over or not game.awaiting:
            continue
        positions += 1
        awaited = rng.choice(game.awaiting)
        legal = game.legal_actions(awaited)
        view = game.view(awaited)
        remote, local = remote_seat(game, awaited), LocalSeat(game, awaited)
        assert remote.legal_actions() == legal
        forms = [game.rules.normal_form(view, action) for action in legal]  # each choice is listed once
        assert len(set(forms)) == len(forms)
        for action in rng.sample(legal, min(SAMPLED, len(legal))):
            assert game.rules.normal_form(view, game.rules.normal_form(view, action)) == \
                game.rules.normal_form(view, action)
            forms = other_forms(game.rules, view, action, rng)
            same += len(forms)
            remote.asked.clear()  # type: ignore[attr-defined]
            for candidate in [action, *forms]:  # the same choice: accepted by all, without asking the hub
                assert rules_verdict(game, candidate) is None, candidate
                assert remote.check(candidate) is None and local.check(candidate) is None, candidate
            assert not remote.asked  # type: ignore[attr-defined]
            for candidate in illegal_forms(action, game.player_names, rng):
                expected = rules_verdict(game, candidate) if candidate.player == awaited else \
                    f"SEAT-1: {awaited} cannot act for {candidate.player}: a seat plays only its own moves"
                assert remote.check(candidate) == local.check(candidate) == expected, candidate
            checked += 1 + len(forms)
        local.close()
    assert positions == POSITIONS and checked > POSITIONS
    if mode in ("standard", "solo", "explore_draw"):
        assert same > 0  # some actions had another form of the same choice


def test_two_draft_picks_in_either_order_are_one_choice() -> None:
    game = new_game("standard", ["Ann", "Ben"], seed=3)
    pick = game.legal_actions("Ann")[0]
    assert isinstance(pick, DraftPick) and len(pick.cards) == 2
    turned = replace(pick, cards=pick.cards[::-1])
    view = game.view("Ann")
    assert ISLE_RULES.normal_form(view, turned) == ISLE_RULES.normal_form(view, pick)
    assert turned not in game.legal_actions("Ann")
    assert remote_seat(game, "Ann").check(turned) is None
    game.apply(turned)
    assert game.actions == [turned]
