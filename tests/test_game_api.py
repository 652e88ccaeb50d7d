"""The ``Game`` shell: traits batching, undo/redo (refused after reveals), save/load (malformed input refused with
nothing half-built), ``view`` hiding what a player may not see, and the DataFrames."""

from __future__ import annotations

import json
from collections import Counter

import pandas as pd
import pytest
from game_helpers import give_cards, passive_policy, set_hand, to_phase

from isle_nb.bots import GreedyBot, RandomBot, play
from isle_nb.model.core.errors import IllegalAction, InvalidSave
from isle_nb.model.isle import engine
from isle_nb.model.isle.actions import Buy, ChooseRescueCards, DraftPick, Pass, PlayAnytime
from isle_nb.model.isle.game import SAVE_FORMAT, SAVE_VERSION, Game, UndoRefused
from isle_nb.model.parts.scoring import CATEGORIES

GAME_TRAITS = (
    "state", "day", "phase", "step", "awaiting", "players", "turn_order", "turn", "fields", "rare_display",
    "common_supply", "oshax_supply", "public_lessons", "pending", "log", "over", "can_undo", "can_redo", "actions",
)
PLAYER_TRAITS = ("fish", "hand", "private_lessons", "permanent_baskets", "baskets_ready", "speed", "boat")


def _draft_round(game: Game) -> None:
    for p in game.state.players:
        game.apply(DraftPick(p.name, p.pack[:2]))


def _check_consistent(game: Game) -> None:
    """Every trait agrees with ``game.state``."""
    state = game.state
    assert game.day == state.day and game.phase == state.phase and game.step == state.step
    assert game.awaiting == engine.awaiting(state)
    assert game.log == state.log and game.pending == state.pending
    assert game.fields == {"left": state.left_field, "right": state.right_field}
    for model, player in zip(game.players, state.players, strict=True):
        assert model.fish == player.fish and model.hand == player.hand and model.boat == player.boat
        assert model.private_lessons == player.private_lessons and model.baskets_ready == player.ready_baskets


# ==== traits ==========================================================================================
def test_traits_are_batched_and_consistent_for_observers() -> None:
    """After each action every observer sees the whole new state (game and player traits), and each trait changes
    at most once per action."""
    game = Game.new(["Ann", "Ben"], seed=3)
    seen: list[tuple[int, str]] = []
    problems: list[str] = []

    def observer(change: dict) -> None:
        seen.append((id(change["owner"]), change["name"]))
        try:
            _check_consistent(game)
        except AssertionError as error:
            problems.append(f"{change['name']}: {error}")

    game.observe(observer, names=list(GAME_TRAITS))
    for model in game.players:
        model.observe(observer, names=list(PLAYER_TRAITS))
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(150):
        if game.over:
            break
        seen.clear()
        name = game.awaiting[0]
        game.apply(bots[0].choose(game, name, game.legal_actions(name)))
        counts = Counter(seen)
        assert all(n == 1 for n in counts.values()), counts
        assert counts[(id(game), "state")] == 1 and counts[(id(game), "actions")] == 1
    assert problems == []


def test_traits_follow_undo_and_redo() -> None:
    """Undo and redo update every trait too."""
    game = Game.new(["Ann", "Ben"], seed=3)
    pack = game.state.player("Ann").pack
    game.apply(DraftPick("Ann", pack[:2]))
    game.undo()
    _check_consistent(game)
    assert game.state.player("Ann").pick is None and game.actions == [] and game.can_redo and not game.can_undo
    game.redo()
    _check_consistent(game)
    assert game.state.player("Ann").pick == pack[:2] and game.can_undo and not game.can_redo


# ==== undo / redo ======================================================================================
def test_undo_restores_previous_state_and_redo_reapplies() -> None:
    """Undo takes back a hidden action exactly; redo applies it again; a new action clears the redo list."""
    game = Game.new(["Ann", "Ben", "Cat"], seed=4)
    start = game.state
    with pytest.raises(UndoRefused):
        game.undo()
    with pytest.raises(UndoRefused):
        game.redo()
    game.apply(DraftPick("Ann", start.player("Ann").pack[:2]))
    after_ann = game.state
    game.apply(DraftPick("Ben", start.player("Ben").pack[2:4]))
    game.undo()
    game.undo()
    assert game.state == start and game.state.log == start.log and game.actions == []
    game.redo()
    assert game.state is after_ann
    game.apply(DraftPick("Ben", start.player("Ben").pack[:2]))
    assert not game.can_redo
    with pytest.raises(UndoRefused):
        game.redo()


def test_record_makes_the_rules_answer_current_as_apply_would() -> None:
    """A hub checks a move with the rules, stores it, then records the state the rules returned: the game is then
    as if it had applied the move (the traits, the action log, undo), and the rules ran once."""
    applied, recorded = Game.new(["Ann", "Ben", "Cat"], seed=4), Game.new(["Ann", "Ben", "Cat"], seed=4)
    pick = DraftPick("Ann", recorded.state.player("Ann").pack[:2])
    applied.apply(pick)
    after = recorded.rules.apply(recorded.state, pick)
    recorded.record(after, pick)
    assert recorded.state is after and recorded.state == applied.state
    assert recorded.actions == applied.actions == [pick] and recorded.can_undo == applied.can_undo
    _check_consistent(recorded)
    recorded.undo()
    assert recorded.actions == [] and recorded.state == Game.new(["Ann", "Ben", "Cat"], seed=4).state


def test_undo_refused_after_draft_picks_are_passed() -> None:
    """Undo is refused once hidden information was revealed: the last pick of a round passes the packs on."""
    game = Game.new(["Ann", "Ben"], seed=4)
    game.apply(DraftPick("Ann", game.state.player("Ann").pack[:2]))
    state = game.state
    game.apply(DraftPick("Ben", game.state.player("Ben").pack[:2]))
    assert not game.can_undo
    after = game.state
    with pytest.raises(UndoRefused, match="revealed"):
        game.undo()
    assert game.state is after and game.state != state


def test_undo_refused_after_rescue_cards_revealed() -> None:
    """Undo is refused after the last rescue-card choice reveals everyone's cards (RESCUE-1)."""
    state = to_phase(engine.new_game(("Ann", "Ben"), 2), "rescue", "choose", policy=passive_policy)
    game = Game(state)
    game.apply(ChooseRescueCards("Ann", ()))
    assert game.can_undo
    game.apply(ChooseRescueCards("Ben", ()))
    assert not game.can_undo
    with pytest.raises(UndoRefused):
        game.undo()


def test_undo_refused_after_public_lessons_are_played_face_up() -> None:
    """Undo is refused when the last purchase starts the lessons phase and public lessons are shown (LESSON-1)."""
    state = engine.new_game(("Ann", "Ben"), 2)
    while state.step == "draft":
        for p in state.players:
            state = engine.apply(state, DraftPick(p.name, p.pack[:2]))
    state = give_cards(state, "Ann", (148,), where="drafted")
    game = Game(state)
    game.apply(Buy("Ann", (148,)))
    assert game.can_undo, "a purchase alone is hidden"
    game.apply(Buy("Ben", ()))
    assert game.state.public_lessons == ((148, None),)
    assert not game.can_undo
    with pytest.raises(UndoRefused):
        game.undo()


def test_undo_refused_after_a_card_draw() -> None:
    """Undo is refused after an anytime card drew cards from the deck (ANY-3)."""
    state = set_hand(engine.new_game(("Ann", "Ben"), 2), "Ann", (71,))
    game = Game(state)
    game.apply(PlayAnytime("Ann", 71))
    with pytest.raises(UndoRefused):
        game.undo()


# ==== save / load =======================================================================================
def test_save_and_load_round_trip() -> None:
    """to_json / from_json: the same players, seed and actions give the same state, log and undo history."""
    game = Game.new(["Ann", "Ben", "Cat"], seed=9)
    bots = {"Ann": GreedyBot(0), "Ben": RandomBot(1), "Cat": RandomBot(2)}
    for _ in range(120):
        name = game.awaiting[0]
        game.apply(bots[name].choose(game, name, game.legal_actions(name)))
    text = game.to_json()
    data = json.loads(text)
    assert data["format"] == SAVE_FORMAT and data["version"] == SAVE_VERSION
    assert data["players"] == ["Ann", "Ben", "Cat"] and data["seed"] == 9 and data["mode"] == "standard"
    assert len(data["actions"]) == len(game.actions) == 120
    loaded = Game.from_json(text)
    assert loaded.state == game.state and loaded.state.log == game.state.log
    assert loaded.actions == game.actions and loaded.can_undo == game.can_undo
    assert loaded.to_json() == text
    assert Game.from_json(text.encode()).state == game.state
    play(loaded, [RandomBot(5)] * 3)
    assert loaded.over


def _save(**changes: object) -> str:
    game = Game.new(["Ann", "Ben"], seed=1)
    game.apply(DraftPick("Ann", game.state.player("Ann").pack[:2]))
    data = json.loads(game.to_json())
    data.update(changes)
    return json.dumps(data)


MALFORMED_SAVES = {
    "not json": "{not json",
    "empty": "",
    "a list": "[1, 2]",
    "wrong format": _save(format="something.else"),
    "wrong version": _save(version=99),
    "players not a list": _save(players="Ann"),
    "player not a name": _save(players=["Ann", 5]),
    "one player": _save(players=["Ann"]),
    "same names": _save(players=["Ann", "Ann"]),
    "seed a float": _save(seed=1.5),
    "seed a bool": _save(seed=True),
    "seed a string": _save(seed="1"),
    "unknown mode": _save(mode="chaos"),
    "actions not a list": _save(actions={"kind": "pass"}),
    "action not an object": _save(actions=[5]),
    "unknown action": _save(actions=[{"kind": "fly", "player": "Ann"}]),
    "action without player": _save(actions=[{"kind": "pass"}]),
    "unknown field": _save(actions=[{"kind": "pass", "player": "Ann", "extra": 1}]),
    "bad cells": _save(actions=[{"kind": "place", "player": "Ann", "cells": [[1, 2, 3]]}]),
    "illegal action": _save(actions=[{"kind": "pass", "player": "Ann"}]),
    "unknown player": _save(actions=[{"kind": "draft_pick", "player": "Zed", "cards": [1, 2]}]),
    "card as text": _save(actions=[{"kind": "draft_pick", "player": "Ann", "cards": ["1", "2"]}]),
    "card as bool": _save(actions=[{"kind": "draft_pick", "player": "Ann", "cards": [True, False]}]),
    "second action illegal": _save(
        actions=[{"kind": "draft_pick", "player": "Ann", "cards": []}, {"kind": "pass", "player": "Ben"}]
    ),
    "deeply nested": "[" * 100_000 + "]" * 100_000,
}


@pytest.mark.parametrize("case", sorted(MALFORMED_SAVES))
def test_load_malformed_save_raises_invalid_save_and_builds_nothing(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Malformed save files raise InvalidSave, and no Game object is built (nothing half-built)."""
    built: list[Game] = []
    original = Game.__init__

    def counting_init(self: Game, *args: object, **kwargs: object) -> None:
        built.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(Game, "__init__", counting_init)
    with pytest.raises(InvalidSave):
        Game.from_json(MALFORMED_SAVES[case])
    assert built == []


def test_load_refuses_non_text() -> None:
    """from_json refuses things that are not JSON text, and invalid UTF-8 bytes."""
    for thing in (None, 5, b"\xff\xfe{", ["x"]):
        with pytest.raises(InvalidSave):
            Game.from_json(thing)  # type: ignore[arg-type]


def test_failed_apply_leaves_the_game_unchanged() -> None:
    """A refused action changes nothing: state, actions, save text, undo history."""
    game = Game.new(["Ann", "Ben"], seed=1)
    game.apply(DraftPick("Ann", game.state.player("Ann").pack[:2]))
    text, state = game.to_json(), game.state
    with pytest.raises(IllegalAction):
        game.apply(Pass("Ben"))
    assert game.to_json() == text and game.state is state and game.can_undo


# ==== view ==============================================================================================
def test_view_hides_other_hands_picks_and_private_lessons() -> None:
    """view(player): own hand, pack, pick and private lessons; of the others only counts and public facts."""
    state = to_phase(engine.new_game(("Ann", "Ben", "Cat"), 6), "explore", "draft", day=2, policy=passive_policy)
    state = set_hand(state, "Ann", (84, 98))
    state = give_cards(state, "Ann", (113, 120), where="private_lessons")
    game = Game(state)
    game.apply(DraftPick("Ann", state.player("Ann").pack[:2]))
    ann = game.view("Ann")
    ben = game.view("Ben")
    assert ann["me"]["hand"] == [84, 98] and ann["me"]["private_lessons"] == [113, 120]
    assert ann["me"]["pick"] == list(state.player("Ann").pack[:2])
    others = ben.other("Ann").to_dict()
    assert others["hand_size"] == 2 and others["private_lessons"] == 2 and others["has_picked"] is True
    for secret in ("hand", "pick", "pack", "drafted"):
        assert secret not in others
    text = json.dumps(ben.to_dict()) + repr(ben)
    assert ben["me"]["hand"] == list(state.player("Ben").hand)
    for hidden in ("#113", "#120"):
        assert hidden not in text
    assert ben["left_field"] == [t.id for t in state.left_field]
    assert ben["right_field"] == [t.id for t in state.right_field]
    assert [o["name"] for o in ben["others"]] == ["Ann", "Cat"] and [o.name for o in ann.others] == ["Ben", "Cat"]
    json.dumps(ann.to_dict())  # a view's dict form is plain JSON data


# ==== DataFrames ======================================================================================
def test_frames_shapes_and_contents() -> None:
    """The DataFrames: players, boat cells, the 160 tiles, the 150 cards (hidden per viewer), log, result, score."""
    game = Game.new(["Ann", "Ben", "Cat"], seed=12)
    play(game, [GreedyBot(0), GreedyBot(1), GreedyBot(2)])
    state = game.state

    players = game.players_frame()
    assert players.shape[0] == 3 and list(players["player"]) == ["Ann", "Ben", "Cat"]
    assert list(players["fish"]) == [p.fish for p in state.players]
    assert sorted(players["turn_position"]) == [1, 2, 3]
    assert list(players["tiles_on_boat"]) == [len(p.boat.tiles) for p in state.players]

    boat = game.boat_frame("Ben")
    assert boat.shape[0] == 142 and int(boat["rat"].sum()) == 19 and int(boat["edge"].sum()) == 44
    assert boat["map"].notna().sum() == 5 and sorted(boat["room"].unique()) == [1, 2, 3, 4, 5, 6, 7]
    covered = state.player("Ben").boat.covered
    assert int(boat["tile"].notna().sum()) == len(covered)

    tiles = game.tiles_frame()
    assert tiles.shape[0] == 160
    assert tiles["tile"].is_unique
    assert tiles["kind"].value_counts().to_dict() == {"cat": 85, "common": 44, "rare": 25, "oshax": 6}
    on_boats = tiles[tiles["location"] == "boat"]
    assert len(on_boats) == sum(len(p.boat.tiles) for p in state.players)

    cards = game.cards_frame()
    assert cards.shape[0] == 150 and cards["card"].notna().all()
    hidden = game.cards_frame(viewer="Ann")
    assert hidden.shape[0] == 150
    own = hidden[hidden["owner"] == "Ann"]
    assert own["card"].notna().all()
    assert hidden[hidden["location"].isin(["deck", "discard"])]["card"].isna().all()
    assert hidden[(hidden["owner"] == "Ben") & (hidden["location"] == "hand")]["card"].isna().all()

    log = game.log_frame()
    assert list(log.columns) == ["day", "phase", "player", "text"] and len(log) == len(state.log)
    private = game.log_frame(viewer="Ann")
    assert len(private) == len([e for e in state.log if not e.private or e.player == "Ann"]) < len(log)

    assert game.over
    result = game.result()
    assert result.shape[0] == 3
    assert list(result["total"]) == [game.score(n).total for n in ("Ann", "Ben", "Cat")]
    assert all(c in result.columns for c in CATEGORIES)
    best = max(result["total"])
    assert set(result[result["winner"]]["player"]) <= set(result[result["total"] == best]["player"])
    assert result["winner"].any()
    score = game.score_frame()
    assert isinstance(score, pd.DataFrame) and set(score["player"]) == {"Ann", "Ben", "Cat"}
    assert "points" in score.columns


def test_play_stops_as_soon_as_until_holds() -> None:
    """play(until=...) hands control back at the first moment the condition holds, before the game is over."""
    game = Game.new(["Ann", "Bob"], seed=3)
    play(game, ["greedy", "greedy"], until=lambda g: g.phase == "rescue")
    assert game.phase == "rescue" and not game.over
    before = Game.new(["Ann", "Bob"], seed=3)
    for action in game.actions[:-1]:
        before.apply(action)
    assert before.phase != "rescue"  # it stopped at the first such moment


def test_the_package_exports_every_action_type_and_each_name_it_lists() -> None:
    """isle_nb exports every action of the standard game (its ``__all__`` lists them) and each listed name exists."""
    import isle_nb
    from isle_nb.model.isle.actions import ACTION_TYPES

    assert {cls.__name__ for cls in ACTION_TYPES.values()} <= set(isle_nb.__all__)
    assert len(isle_nb.__all__) == len(set(isle_nb.__all__))
    assert all(getattr(isle_nb, name) is not None for name in isle_nb.__all__ if name != "__version__")
