"""One undo rule, said once in the model (issue #30 §1, isle_nb.model.core.undo): a person takes back their last move
with the bot moves that followed it, while no other person has moved since, nothing was revealed since and the game
is not over; a device (its local seats) and a hub's table (Table.can_undo, TableManager.undo) both follow it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from isle_nb.hub.store import Store, StoredSeat
from isle_nb.hub.tables import Refusal, Table, TableManager
from isle_nb.model.core.history import UndoRefused
from isle_nb.model.core.undo import take_back, undo_note, undo_reach
from isle_nb.model.modes import game_mode


@dataclass
class Move:
    player: str


@dataclass
class History:
    """The part of a game shell the rule reads: its moves, how far undo may go (a reveal stops it), whether over."""

    moves: list[str]
    undo_depth: int = 99
    over: bool = False
    actions: list[Move] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.actions = [Move(p) for p in self.moves]

    def undo(self) -> None:
        self.actions.pop()


SEATS = [StoredSeat(0, "Ann", "person", None, "x"), StoredSeat(1, "Bot", "bot", "random", None),
         StoredSeat(2, "Cy", "person", None, "y")]


def table(game: Any) -> Table:
    return Table(id="t1", mode=game_mode("standard"), game=game, seats=list(SEATS), options={}, created=0.0)


@pytest.mark.parametrize("moves,depth", [
    (["Ann"], 1),
    (["Ann", "Bot"], 2),
    (["Ann", "Bot", "Bot"], 3),
    (["Cy", "Ann", "Bot"], 2),
])
def test_a_person_takes_back_their_move_with_the_bot_moves_after_it(moves: list[str], depth: int) -> None:
    game = History(moves)
    assert undo_reach(game, ("Ann",), ("Cy",)) == (depth, "")  # type: ignore[arg-type]
    assert table(game).can_undo("Ann")
    assert take_back(game, ("Ann",), ("Cy",)).player == "Ann"  # type: ignore[arg-type]
    assert len(game.actions) == len(moves) - depth


def test_another_persons_move_a_reveal_or_the_end_stops_it() -> None:
    assert undo_note(History(["Ann", "Cy"]), ("Ann",), ("Cy",)) == \
        "Undo is off: Cy has moved since your last move."  # type: ignore[arg-type]
    assert not table(History(["Ann", "Bot", "Cy", "Bot"])).can_undo("Ann")
    assert not table(History(["Ann", "Bot"], undo_depth=1)).can_undo("Ann")
    assert "revealed" in table(History(["Ann", "Bot"], undo_depth=1)).undo_note("Ann")
    assert not table(History(["Ann"], over=True)).can_undo("Ann")
    assert undo_note(History(["Bot"]), ("Ann",)) == "Nothing to undo yet."  # type: ignore[arg-type]
    game = History(["Ann", "Cy"])
    with pytest.raises(UndoRefused, match="Cy has moved"):
        take_back(game, ("Ann",), ("Cy",))  # type: ignore[arg-type]
    assert len(game.actions) == 2


def test_at_a_device_every_other_seat_is_a_bot() -> None:
    assert undo_reach(History(["Ann", "Bob", "Cy"]), ("Ann",)) == (3, "")  # type: ignore[arg-type]
    assert undo_reach(History(["Ann", "Bob", "Cy"]), ("Ann", "Cy")) == (1, "")  # type: ignore[arg-type]


def test_a_hub_table_takes_back_the_bot_moves_too_and_forgets_them_in_its_store() -> None:
    game = History(["Cy", "Ann", "Bot", "Bot"])
    forgotten: list[int] = []

    class Remembering(Store):
        def remove_last(self, table_id: str, seq: int) -> None:
            forgotten.append(seq)

    manager = TableManager.__new__(TableManager)
    manager.store = Remembering.__new__(Remembering)
    at = table(game)
    assert manager.undo(at, "Ann").player == "Ann"
    assert forgotten == [3, 2, 1] and [m.player for m in game.actions] == ["Cy"]
    with pytest.raises(Refusal, match="Nothing to undo"):
        manager.undo(at, "Ann")
