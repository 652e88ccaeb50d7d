"""One registry of games (issue #19): every mode is declared once, and everything that offers a choice of games reads
it: ``Game.new``, the saves, ``simulate``, ``play_app``, the Games dialog and ``isle_nb.modes()``."""

from __future__ import annotations

import json
import warnings

import pytest

from isle_nb import ExploreDrawGame, Game, IllegalAction, PocketGame, modes, new_game, play
from isle_nb.model.core.errors import InvalidSave
from isle_nb.model.core.shell import GameShell
from isle_nb.model.modes import MODES, app_maker, game_mode, load_game, mode_of_game, mode_of_save

PLAYERS = {"standard": 3, "solo": 1, "family": 2, "pocket": 2, "explore_draw": 3}


def test_modes_lists_every_registered_game_for_notebooks() -> None:
    frame = modes()
    assert list(frame.columns) == ["name", "label", "players", "options"]
    assert list(frame["name"]) == ["standard", "solo", "family", "pocket", "explore_draw"]
    by_name = frame.set_index("name")
    assert by_name.loc["standard", "players"] == "2-4" and by_name.loc["explore_draw", "players"] == "1-12"
    assert "difficulty: easy, medium, hard, very hard, expert" in by_name.loc["solo", "options"]
    assert by_name.loc["pocket", "options"].startswith("variant: freedom, limited, experts")


@pytest.mark.parametrize("name", list(PLAYERS))
def test_every_mode_starts_plays_saves_and_loads_through_the_registry(name: str) -> None:
    mode = game_mode(name)
    game = new_game(name, PLAYERS[name], seed=5)
    assert isinstance(game, mode.shell) and mode_of_game(game) is mode
    assert game.player_names == tuple(f"Player {n + 1}" for n in range(PLAYERS[name]))
    assert mode.rules is mode.shell.rules and mode.save_format == mode.rules.save_format and mode.bots
    assert isinstance(game.view(None), mode.view)  # the class that rebuilds a view sent over the wire
    play(game, ["random"] * PLAYERS[name], max_actions=30, until=lambda g: len(g.actions) >= 12)
    text = game.to_json()
    assert mode_of_save(json.loads(text)) is mode
    loaded = load_game(text)
    assert type(loaded) is mode.shell and loaded.state == game.state
    with warnings.catch_warnings():
        warnings.simplefilter("ignore" if mode.shell is not Game else "error")  # see the front-door test below
        assert type(Game.from_json(text)) is mode.shell


def test_players_is_names_or_a_count_in_every_constructor() -> None:
    """Issue #19: ``players`` means the same everywhere: names, or how many players (named "Player 1"...)."""
    assert PocketGame.new(2, seed=1).player_names == ("Player 1", "Player 2")
    assert ExploreDrawGame.new(3, seed=1).player_names == ("Player 1", "Player 2", "Player 3")
    assert Game.new(4).player_names == ("Player 1", "Player 2", "Player 3", "Player 4")
    with pytest.raises(IllegalAction, match="ED-1"):
        ExploreDrawGame.new(13)
    with pytest.raises(IllegalAction, match="POCKET-1"):
        PocketGame.new(3)


def test_an_unknown_mode_is_refused_with_the_choices() -> None:
    with pytest.raises(IllegalAction, match="SETUP-1: unknown mode 'chess'; choose one of standard, solo"):
        Game.new(2, mode="chess")
    with pytest.raises(InvalidSave, match="not a saved game of any mode"):
        mode_of_save({"format": "chess.pgn"})


def test_an_option_the_mode_does_not_have_is_refused_under_its_setup_rule() -> None:
    with pytest.raises(IllegalAction, match="SETUP-1: The Isle of Cats has no option 'mixed_cards'; it has no"):
        Game.new(2, mode="standard", mixed_cards=True)
    with pytest.raises(IllegalAction, match="POCKET-5: Pocket Cats has no option 'difficulty'; its options are"):
        new_game("pocket", 2, difficulty="hard")
    assert Game.new(2, mode="standard", difficulty=None).state.mode == "standard"  # None: as if not given
    assert type(new_game("explore_draw", 2, mixed_cards=True)) is ExploreDrawGame


def test_the_pocket_variant_does_not_collide_with_the_mode_and_old_saves_still_load() -> None:
    """POCKET-5: Pocket Cats' ways to play are its ``variant``; saves written before called it ``"mode"``."""
    game = PocketGame.new(("Ann", "Ben"), seed=3, variant="limited")
    data = json.loads(game.to_json())
    assert data["variant"] == "limited" and "mode" not in data
    old = {("mode" if key == "variant" else key): value for key, value in data.items()}
    assert PocketGame.from_json(json.dumps(old)).state == game.state
    assert mode_of_save(old).name == "pocket"


def test_each_mode_has_its_app_registered_by_the_widgets() -> None:
    import isle_nb.widgets  # noqa: F401  (registers the apps)

    for name in MODES:
        assert callable(app_maker(name))


def test_the_games_dialog_offers_every_registered_mode_pocket_cats_included() -> None:
    from isle_nb.widgets import play_app

    app = play_app(["Ann", "bot:greedy"], seed=4, bot_delay=0, autosave=False)
    app.games_button.click()
    form = app.dialog.form
    assert [value for _, value in form.mode.options] == list(MODES)
    form.mode.value = "pocket"
    assert form.difficulty.layout.display == "none"
    assert [row.layout.display for row in form.seat_rows] == [None, None, *["none"] * (len(form.seat_rows) - 2)]
    form.seed.value = "9"
    form.start_button.click()
    other = app.other_app
    assert isinstance(other.game, PocketGame) and other.game.state.seed == 9
    assert other.game.player_names == ("Ann", "Greedy bot")


def test_play_app_opens_every_mode() -> None:
    from isle_nb.widgets import play_app

    for name, count in PLAYERS.items():
        app = play_app(["You", *["bot:random"] * (count - 1)], seed=2, bot_delay=0, autosave=False, mode=name)
        assert isinstance(app.game, GameShell) and mode_of_game(app.game).name == name


def test_simulate_and_play_app_take_players_as_names_or_a_count() -> None:
    from isle_nb import simulate
    from isle_nb.widgets import play_app

    frame = simulate(1, players=["Ann", "Ben"], bots="random", seed=1, processes=1, progress=False)
    assert list(frame["player"]) == ["Ann", "Ben"] and set(frame["players"]) == {2}
    assert list(simulate(1, players=2, seed=1, processes=1, progress=False)["player"]) == ["Player 1", "Player 2"]
    app = play_app(3, seed=1, bot_delay=0, autosave=False, hot_seat_cover=False)
    assert app.humans == ["Player 1", "Player 2", "Player 3"]


def test_the_front_door_opens_every_game_and_game_new_still_does_with_a_warning() -> None:
    """``isle_nb.new_game`` / ``isle_nb.load_game`` open every registered game; ``Game.new(mode=...)`` and
    ``Game.from_json`` for another game still work for one release, warning that they will go (issue #29)."""
    from isle_nb import load_game

    pocket = new_game("pocket", 2, seed=3)
    assert type(load_game(pocket.to_json())).__name__ == "PocketGame"
    with pytest.warns(DeprecationWarning, match=r"isle_nb.new_game\('explore_draw'"):
        assert type(Game.new(2, mode="explore_draw", seed=1)) is ExploreDrawGame
    with pytest.warns(DeprecationWarning, match=r"isle_nb.load_game"):
        assert type(Game.from_json(pocket.to_json())).__name__ == "PocketGame"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert type(Game.new(2, mode="family", seed=1)) is Game


@pytest.mark.parametrize("mode", ["pocket", "explore_draw"])
def test_a_save_whose_mode_contradicts_its_format_is_refused(mode: str) -> None:
    """Issue #31: an Explore & Draw save saying ``"mode": "standard"`` (or a Pocket Cats save with a ``mode``
    beside its ``variant``) is refused in words, through every loader, instead of loading as its format's game."""
    data = json.loads(new_game(mode, 2, seed=5).to_json())
    data["mode"] = "standard"
    text = json.dumps(data)
    for load in (load_game, game_mode(mode).shell.from_json):
        with pytest.raises(InvalidSave, match=r"says it is a game of 'standard'|has no 'mode'"):
            load(text)


def test_pocket_cats_clans_are_named_exactly_in_a_setup_and_an_action() -> None:
    """Issue #31: the clans a match is set up with (a save, a hub table's options) and the clan an action keeps are
    the rules' own keys; another spelling is refused under POCKET-5 (people's spellings are read by ``clan``)."""
    with pytest.raises(IllegalAction, match="POCKET-5: there is no clan called 'POWER CATS'"):
        new_game("pocket", 2, seed=1, clans=("POWER CATS", "gourmets"))
    game = new_game("pocket", 2, seed=1, variant="limited")
    first = game.awaiting[0]
    kept = game.legal_actions(first)[0]
    before = game.state
    with pytest.raises(IllegalAction, match="POCKET-5"):
        game.apply(type(kept)(first, kept.clan.upper()))
    assert game.state is before
