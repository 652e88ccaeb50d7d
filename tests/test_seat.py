"""Seats (design.md §3): a :class:`LocalSeat` gives one player's screen their view, their legal actions and a way to
act, tells it when anything changed, and takes back only what the people at the device may take back."""

from __future__ import annotations

import pytest

from isle_nb import Game, GameResult, IllegalAction, LocalSeat, Seat, UndoRefused, play
from isle_nb.model.isle.actions import DraftPick
from isle_nb.model.isle.player_view import PlayerView


def hot_seat(names: tuple[str, ...] = ("Ann", "Bob"), seed: int = 1) -> tuple[Game, dict[str, LocalSeat]]:
    """A new game and one local seat per person, all at one device."""
    game = Game.new(list(names), seed=seed)
    return game, {n: LocalSeat(game, n, people=names) for n in names}


def test_a_local_seat_is_a_seat_and_shows_its_players_view() -> None:
    game, seats = hot_seat()
    ann = seats["Ann"]
    assert isinstance(ann, Seat)
    assert ann.name == "Ann"
    assert isinstance(ann.view, PlayerView) and ann.view == game.view("Ann")
    assert ann.view is ann.view  # computed once per state
    assert ann.legal_actions() == game.legal_actions("Ann")
    assert ann.awaiting == ("Ann", "Bob") and not ann.over and ann.result() is None


def test_acting_through_a_seat_tells_every_seat_at_the_table() -> None:
    game, seats = hot_seat()
    told: list[int] = []
    seats["Bob"].observe(lambda change: told.append(change["new"]), names=["version"])
    before = seats["Bob"].version
    pick = seats["Ann"].legal_actions()[0]
    seats["Ann"].apply(pick)
    assert game.actions == [pick]
    assert told == [before + 1] and seats["Bob"].version == before + 1
    assert seats["Ann"].awaiting == ("Bob",) == seats["Bob"].awaiting
    assert seats["Ann"].legal_actions() == [] and seats["Ann"].view.me.pick is not None


def test_an_illegal_action_raises_the_rules_error_unchanged_and_changes_nothing() -> None:
    """EXPLORE-2: a draft pick keeps the number of cards the rules ask for; the seat passes the refusal on as is."""
    game, seats = hot_seat()
    ann = seats["Ann"]
    wrong = DraftPick("Ann", ())
    expected = game.check(wrong)
    assert expected is not None and ann.check(wrong) == expected
    state, version = game.state, ann.version
    with pytest.raises(IllegalAction) as refused:
        ann.apply(wrong)
    assert str(refused.value) == expected
    assert game.state is state and ann.version == version


def test_a_seat_plays_only_its_own_moves() -> None:
    game, seats = hot_seat()
    bobs = seats["Bob"].legal_actions()[0]
    assert "cannot act for Bob" in (seats["Ann"].check(bobs) or "")
    with pytest.raises(IllegalAction, match="SEAT-1"):
        seats["Ann"].apply(bobs)
    assert game.actions == []


def test_undo_takes_back_the_last_move_of_the_people_here_and_redo_plays_it_again() -> None:
    game, seats = hot_seat()
    ann = seats["Ann"]
    assert not ann.can_undo and ann.undo_note == "Nothing to undo yet."
    pick = ann.legal_actions()[0]
    ann.apply(pick)
    assert ann.can_undo and ann.undo_note == "" and not ann.can_redo
    assert ann.undo() == pick
    assert game.actions == [] and ann.view.me.pick is None and ann.can_redo
    ann.redo()
    assert game.actions == [pick] and not ann.can_redo


def test_undo_takes_back_the_bot_moves_made_after_a_persons_move() -> None:
    """A person's Undo also takes back the moves of the others (bots) made after theirs."""
    game = Game.new(["Ann", "Bot"], seed=2, mode="family")
    ann = LocalSeat(game, "Ann")  # only Ann sits at this device; the bot plays Bot
    play(game, {"Ann": "random", "Bot": "random"}, until=lambda g: g.phase == "family" and "Ann" in g.awaiting)
    while "Ann" in game.awaiting:  # take a cat and place it
        mine = ann.legal_actions()[0]
        ann.apply(mine)
    before = len(game.actions) - 1
    play(game, {"Bot": "random"})
    assert len(game.actions) > before + 1 and game.undo_depth >= len(game.actions) - before  # nothing was revealed
    assert ann.undo() == mine
    assert len(game.actions) == before and "Ann" in game.awaiting
    ann.redo()
    assert game.actions[-1] == mine


def test_undo_is_refused_across_a_reveal() -> None:
    """EXPLORE-3: once every pick is made the packs pass on, which reveals cards: nobody can take a pick back."""
    _game, seats = hot_seat()
    for seat in seats.values():
        seat.apply(seat.legal_actions()[0])
    ann = seats["Ann"]
    assert not ann.can_undo and "revealed" in ann.undo_note
    with pytest.raises(UndoRefused):
        ann.undo()


def test_the_result_once_over_says_who_won_and_how_ties_are_broken() -> None:
    game, seats = hot_seat()
    play(game, ["random", "random"])
    result = seats["Ann"].result()
    assert seats["Ann"].over and isinstance(result, GameResult)
    assert result.totals == game.scores() and set(result.winners) == set(game.winners())
    assert "SCORE-8" in result.tie_break
    assert GameResult.from_dict(result.to_dict()) == result


def test_a_closed_seat_is_no_longer_told() -> None:
    _game, seats = hot_seat()
    ann = seats["Ann"]
    ann.close()
    version = ann.version
    seats["Bob"].apply(seats["Bob"].legal_actions()[0])
    assert ann.version == version


@pytest.mark.parametrize(
    ("mode", "column", "expected"),
    [
        ("standard", "fish left", "Ann and Bob tied on 40 points; the tie is broken by the fish left (Ann 3, Bob 5) "
                                  "(SCORE-8)."),
        ("family", "filled rooms", "Ann and Bob tied on 40 points; the tie is broken by the filled rooms (Ann 3, "
                                   "Bob 5) (FAMILY-5)."),
        ("solo", None, "Ann and The sister tied on 40 points: the sister wins ties (SOLO-12)."),
    ],
)
def test_the_model_says_how_a_tie_was_broken(mode: str, column: str | None, expected: str) -> None:
    """SCORE-8, FAMILY-5, SOLO-12: the sentence the end screen shows comes from the model's result."""
    from types import SimpleNamespace

    import pandas as pd

    from isle_nb.model.isle.results import tie_break_text

    players = ["Ann", "Bob" if column else "Sister", "Cat"]
    frame = pd.DataFrame({"player": players, "total": [40, 40, 12]} | ({column: [3, 5, 9]} if column else {}))
    assert tie_break_text(SimpleNamespace(mode=mode), frame) == expected  # type: ignore[arg-type]
    assert tie_break_text(SimpleNamespace(mode=mode), frame.assign(total=[40, 39, 12])) == ""  # type: ignore[arg-type]


def test_a_spectators_seat_shows_the_public_view_and_plays_nothing() -> None:
    """A seat whose name is no player's watches: the public view (no hand of anyone), no legal actions, no moves."""
    game, seats = hot_seat()
    watcher = LocalSeat(game, "Watcher")
    assert not watcher.plays and seats["Ann"].plays
    assert watcher.view.me is None and watcher.view == game.view("Someone else")
    assert watcher.legal_actions() == [] and watcher.hint() is None
    with pytest.raises(IllegalAction):
        watcher.apply(seats["Ann"].legal_actions()[0])
    assert game.actions == []
