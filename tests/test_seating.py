"""Seat specs are read by the model (issue #19), so ``play_app``, the Games dialog, saved games and the hub read
them alike: ``"Ann"``, ``"bot:greedy"``, ``"Cleo=bot:greedy"`` and, on a hub, ``"open"``."""

from __future__ import annotations

import pytest

from isle_nb import Game, GreedyBot, IllegalAction
from isle_nb.model.core.seating import SeatSpec, parse_seats, seat_bots

KINDS = Game.bot_kinds()


def test_names_bots_and_named_bots() -> None:
    seats = parse_seats(["Ann", "bot:greedy", "bot:greedy", "Cleo=bot:random"], KINDS)
    assert seats == (SeatSpec("Ann", "person"), SeatSpec("Greedy bot 1", "bot", "greedy"),
                     SeatSpec("Greedy bot 2", "bot", "greedy"), SeatSpec("Cleo", "bot", "random"))
    assert parse_seats(["Ann", "bot:greedy"], KINDS)[1].name == "Greedy bot"  # numbered only when repeated


def test_open_seats_only_where_they_are_allowed() -> None:
    assert parse_seats(["Ann", "open", "Bea=open"], KINDS, open_seats=True)[1:] == (
        SeatSpec("Player 2", "open"), SeatSpec("Bea", "open"))
    assert parse_seats(["Ann", "open"], KINDS)[1] == SeatSpec("open", "person")  # at one device: just a name


@pytest.mark.parametrize("specs", [["Ann", "bot:clever"], ["Ann", " "], ["Ann", 3]])
def test_a_bad_spec_is_refused_with_the_setup_rule(specs: list) -> None:
    with pytest.raises(IllegalAction, match="SETUP-1"):
        parse_seats(specs, KINDS)


def test_every_bot_seat_gets_its_bot() -> None:
    seats = parse_seats(["Ann", "bot:greedy", "Cleo=bot:greedy"], KINDS)
    bots = seat_bots(seats, KINDS, seed=4)
    assert set(bots) == {"Greedy bot", "Cleo"} and all(isinstance(b, GreedyBot) for b in bots.values())
