"""The one game contract (isle_nb.model.core.contract): every game's Rules satisfies it, one generic random playout
drives every game through the protocol only, one shell saves and undoes for all, and player views hide secrets."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from isle_nb import Game, GreedyBot, PocketGame, PocketGreedyBot, RandomBot, play
from isle_nb.model.core.contract import Bot, LogEntry, Rules
from isle_nb.model.core.errors import IllegalAction, InvalidSave
from isle_nb.model.core.records import record_fields
from isle_nb.model.core.shell import GameShell, make_bot
from isle_nb.model.core.wire import field_names
from isle_nb.model.explore_draw.game import RULES as ED_RULES
from isle_nb.model.explore_draw.game import ExploreDrawGame
from isle_nb.model.isle.actions import Buy, DraftPick, Pass
from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.isle.rules import RULES as ISLE_RULES
from isle_nb.model.pocket import PocketRandomBot, play_pocket
from isle_nb.model.pocket.player_view import PocketView
from isle_nb.model.pocket.rules import RULES as POCKET_RULES

CONTRACT_METHODS = [
    "new_game", "players", "awaiting", "simultaneous", "legal_actions", "apply", "scores", "winners", "view",
    "setup", "new_from_setup", "action_from_dict", "normal_form",
]

INTERRUPTS = {"play_anytime"}
"""Action kinds a player may take while the game waits for someone else (The Isle of Cats' anytime cards)."""

GAMES: list[tuple[str, Rules[Any, Any, Any], list[str], dict[str, Any]]] = [
    ("standard", ISLE_RULES, ["Ann", "Ben", "Cat"], {}),
    ("solo", ISLE_RULES, ["Ann"], {"mode": "solo", "difficulty": "hard"}),
    ("family", ISLE_RULES, ["Ann", "Ben"], {"mode": "family"}),
    ("pocket freedom", POCKET_RULES, ["Ann", "Ben"], {}),
    ("pocket limited", POCKET_RULES, ["Ann", "Ben"], {"variant": "limited"}),
    ("pocket experts", POCKET_RULES, ["Ann", "Ben"], {"variant": "experts"}),
    ("explore & draw", ED_RULES, ["Ann", "Ben", "Cat"], {}),
    ("explore & draw solo", ED_RULES, ["Ann"], {"difficulty": "hard"}),
]


@pytest.mark.parametrize("rules", [ISLE_RULES, POCKET_RULES, ED_RULES], ids=["isle", "pocket", "explore_draw"])
def test_every_rules_object_satisfies_the_protocol(rules: Rules[Any, Any, Any]) -> None:
    assert isinstance(rules, Rules)
    for name in CONTRACT_METHODS:
        assert callable(getattr(rules, name)), name
    assert isinstance(rules.save_format, str) and isinstance(rules.save_version, int)


def test_both_shells_are_the_one_generic_shell_over_their_rules() -> None:
    assert issubclass(Game, GameShell) and issubclass(PocketGame, GameShell)
    assert Game.rules is ISLE_RULES and PocketGame.rules is POCKET_RULES
    for bot in (RandomBot(1), GreedyBot(1), PocketRandomBot(1), PocketGreedyBot(1)):
        assert isinstance(bot, Bot)
    assert play_pocket is play


def _random_playout(rules: Rules[Any, Any, Any], names: list[str], options: dict[str, Any], seed: int) -> Any:
    """Play a whole game of random legal actions through the protocol alone, checking the contract each step."""
    rng = random.Random(seed)
    state = rules.new_game(names, seed, **options)
    assert rules.players(state) == tuple(names)
    actions = []
    for _ in range(20_000):
        if state.over:
            break
        waiting = rules.awaiting(state)
        assert waiting, "a game that is not over awaits someone"
        if rules.simultaneous(state):
            assert set(waiting) <= set(names)
        for name in names:
            legal = rules.legal_actions(state, name)
            if name in waiting:
                assert legal, name
            else:  # only interrupts (anytime cards, ANY-2) for someone the game does not wait for
                assert {a.kind for a in legal} <= INTERRUPTS, (name, waiting)
        name = rng.choice(waiting)
        action = rng.choice(rules.legal_actions(state, name))
        assert action.player == name
        assert rules.action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        before = state
        state = rules.apply(state, action)
        assert state.revealed >= before.revealed
        assert all(isinstance(entry, LogEntry) for entry in state.log)
        actions.append(action)
        for viewer in names:
            view = rules.view(state, viewer)
            with pytest.raises(AttributeError):  # a frozen record
                setattr(view, field_names(type(view))[0], None)
    assert state.over and rules.awaiting(state) == ()
    assert all(rules.legal_actions(state, name) == [] for name in names)
    winners = rules.winners(state)
    assert winners and set(winners) <= set(rules.scores(state))
    return state, actions


@pytest.mark.parametrize(("label", "rules", "names", "options"), GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.parametrize("seed", [3, 11])
def test_random_games_through_the_protocol_only(
    label: str, rules: Rules[Any, Any, Any], names: list[str], options: dict[str, Any], seed: int
) -> None:
    """Any game plays to its end through the contract; its setup and actions rebuild the same final state."""
    state, actions = _random_playout(rules, names, options, seed)
    setup = json.loads(json.dumps(rules.setup(state)))
    replayed = rules.new_from_setup(setup)
    for action in actions:
        replayed = rules.apply(replayed, action)
    assert replayed == state and replayed.log == state.log


@pytest.mark.parametrize(("label", "rules", "names", "options"), GAMES[:1] + GAMES[3:4], ids=["isle", "pocket"])
def test_an_illegal_action_changes_nothing_in_any_game(
    label: str, rules: Rules[Any, Any, Any], names: list[str], options: dict[str, Any]
) -> None:
    state = rules.new_game(names, 5, **options)
    idle = next(n for n in names if not rules.legal_actions(state, n)) if not rules.simultaneous(state) else None
    action = rules.legal_actions(state, rules.awaiting(state)[0])[0]
    if idle is not None:
        wrong = type(action)(**{**{f: getattr(action, f) for f in record_fields(type(action))}, "player": idle})
        with pytest.raises(IllegalAction):
            rules.apply(state, wrong)
    after = rules.apply(state, action)
    assert after != state or after.log != state.log
    assert rules.new_game(names, 5, **options) == state  # apply never changed its input


@pytest.mark.parametrize("shell", [Game, PocketGame, ExploreDrawGame])
def test_the_shell_saves_loads_undoes_and_checks_the_same_way_for_every_game(shell: type[GameShell]) -> None:
    game = shell.new(seed=4) if shell is PocketGame else shell.new(["Ann", "Ben"], seed=4)
    bot = RandomBot(4)
    for _ in range(30):
        name = game.awaiting[0]
        game.apply(bot.choose(game, name, game.legal_actions(name)))
    text = game.to_json()
    data = json.loads(text)
    assert data["format"] == shell.rules.save_format and data["version"] == shell.rules.save_version
    loaded = shell.from_json(text)
    assert loaded.state == game.state and loaded.actions == game.actions
    name = game.awaiting[0]
    legal = game.legal_actions(name)
    assert game.check(legal[0]) is None
    before = game.state
    wrong = type(legal[0])(**{**{f: getattr(legal[0], f) for f in record_fields(type(legal[0]))}, "player": "Nobody"})
    assert game.check(wrong) and game.state is before
    with pytest.raises(IllegalAction):
        game.apply(wrong)
    assert game.state is before and game.actions == loaded.actions
    with pytest.raises(InvalidSave):
        shell.from_json(json.dumps({**data, "format": "something else"}))
    assert game.winners() == ()
    play(game, ["random", "random"])
    assert game.over and game.winners() and set(game.scores()) >= set(game.winners())


def test_play_accepts_bot_names_for_every_game() -> None:
    assert type(make_bot(Game, "greedy", 1)) is GreedyBot
    assert type(make_bot(PocketGame, "greedy", 1)) is PocketGreedyBot
    with pytest.raises(ValueError, match="choose one of random, greedy"):
        make_bot(Game, "clever")
    game = play(Game.new(["Ann", "Ben"], seed=2, mode="family"), {"Ann": "greedy", "Ben": RandomBot(3)})
    assert game.over


# ==== player views (design §2: hidden information by projection) ===============================================
def test_player_view_is_typed_frozen_and_strips_the_others_secrets() -> None:
    game = Game.new(["Ann", "Ben", "Cat"], seed=2)
    pack = game.state.player("Ann").pack
    game.apply(DraftPick("Ann", pack[:2]))
    ann, ben = game.view("Ann"), game.view("Ben")
    assert isinstance(ann, PlayerView)
    with pytest.raises(AttributeError):  # a frozen record
        ann.day = 3  # type: ignore[misc]
    assert ann.me.pick == pack[:2] and ann.me.pack == pack and ann.me.hand == game.state.player("Ann").hand
    seen = ben.other("Ann")
    assert seen.has_picked and not ben.other("Cat").has_picked
    assert seen.hand_size == len(game.state.player("Ann").hand)
    for secret in ("hand", "pack", "pick", "drafted", "colour_lessons", "family_offer"):
        assert not hasattr(seen, secret), secret
    assert all(not entry.private or entry.player == "Ben" for entry in ben.log)
    assert any(entry.private and entry.player == "Ann" for entry in ann.log)
    assert {o.name for o in ben.others} == {"Ann", "Cat"}
    assert ben.has_fish and ben.has_cards and ben.has_oshax and ben.sister is None
    with pytest.raises(KeyError):
        ben.other("Ben")


def test_player_view_hides_rescue_cards_until_revealed_and_private_lessons_always() -> None:
    game = Game.new(["Ann", "Ben"], seed=8)
    while game.phase != "rescue" or game.step != "choose":
        name = game.awaiting[0]
        actions = game.legal_actions(name)
        game.apply(next((a for a in actions if isinstance(a, Buy) and a.cards), actions[0]))
    first = game.awaiting[0]
    game.apply(game.legal_actions(first)[-1])
    other = next(n for n in game.state.names if n != first)
    assert game.view(other).other(first).rescue_cards is None
    assert game.view(first).me.rescue_cards == game.state.player(first).rescue_cards
    for name in game.state.names:
        hidden = game.state.player(name).private_lessons
        for viewer in game.state.names:
            if viewer != name:
                assert game.view(viewer).other(name).private_lessons == len(hidden)


def test_player_view_of_the_solo_game_shows_only_the_sisters_face_up_cards() -> None:
    game = Game.new(["Ann"], seed=3, mode="solo", difficulty="medium")
    view = game.view("Ann")
    assert view.sister is not None and view.sister.colours == game.state.sister.colour_row[:1]
    assert view.sister.colours_face_down == 4 and view.sister.difficulty == "medium"
    assert view.turn_order == ("Ann", "Sister")
    assert view.sister.cards_today == () and view.sister.face_down_today == 0


def test_player_view_of_the_family_game_has_no_fish_cards_or_oshax_and_hides_kept_lessons() -> None:
    game = Game.new(["Ann", "Ben"], seed=6, mode="family")
    for name in ("Ann", "Ben"):
        game.apply(game.legal_actions(name)[0])
    ann, ben = game.view("Ann"), game.view("Ben")
    assert not (ann.has_fish or ann.has_cards or ann.has_oshax)
    assert ann.me.family_lessons == game.state.player("Ann").family_lessons
    assert ben.other("Ann").family_lessons == 2 and not hasattr(ben.other("Ann"), "family_offer")


def test_pending_cards_drawn_by_another_player_are_stripped() -> None:
    from dataclasses import replace

    from isle_nb.model.isle.state import BuyDrawnCards

    game = Game.new(["Ann", "Ben"], seed=1)
    state = replace(game.state, pending=(BuyDrawnCards("Ann", (10, 11)),))
    assert ISLE_RULES.view(state, "Ann").pending[-1].cards == (10, 11)
    assert ISLE_RULES.view(state, "Ben").pending[-1].cards == ()


def test_pocket_view_hides_face_down_tiles_and_the_other_clan_offer() -> None:
    game = PocketGame.new(variant="limited", seed=9, players=("Ann", "Ben"))
    ann = game.view("Ann")
    assert isinstance(ann, PocketView)
    assert ann.offer == game.state.offers[0] and ann.clans == (None, None)
    game.apply(game.legal_actions("Ann")[0])
    ben = game.view("Ben")
    assert ben.clans == (None, None) and ben.offer == game.state.offers[1]
    game.apply(game.legal_actions("Ben")[0])
    view = game.view("Ann")
    assert view.clans == game.state.clans
    assert sum(s.face_up for s in view.grid) == 1
    assert all(s.tile is None and s.turn == 0 for s in view.grid if not s.face_up)
    assert all(not e.private or e.player == "Ann" for e in view.log)
    public = game.view("Nobody")  # anyone who is not a player watches: the public view (issue #19)
    assert public.player is None and public.offer == () and public == game.view(None)


def test_pass_is_refused_outside_turns_by_the_protocol() -> None:
    state = ISLE_RULES.new_game(["Ann", "Ben"], 1)
    with pytest.raises(IllegalAction, match="DAY-2"):
        ISLE_RULES.apply(state, Pass("Ann"))
