"""Pocket Cats rules: one test (or a few) per rule POCKET-1..6, per clan effect and chief ability, the rulebook's
end-game example, saving, frames and bots.

Positions are hand-built with :func:`isle_nb.model.pocket.state.scenario` (tiles written ``"?id"`` lie face down,
``"dog-1:3"`` is dog 1 turned three quarter turns clockwise). Cells are (row, col), row 0 at the top.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest

from isle_nb.model.core.errors import IllegalAction, InvalidSave
from isle_nb.model.isle.game import UndoRefused
from isle_nb.model.pocket import (
    CLAN_KEYS,
    CLANS,
    TURNS_PER_GAME,
    ChooseClan,
    Flip,
    KeepDogs,
    NextGame,
    PocketAction,
    PocketGame,
    PocketGreedyBot,
    PocketRandomBot,
    RotateDog,
    Stay,
    Swap,
    action_from_dict,
    capture_balance,
    clan,
    play_pocket,
    resolve,
    rules,
    tile,
)
from isle_nb.model.pocket.board import CENTRE, dog_targets, index
from isle_nb.model.pocket.examples import RULEBOOK_CLANS, RULEBOOK_EXAMPLE, RULEBOOK_ROTATION
from isle_nb.model.pocket.state import PocketState, new_state, scenario
from isle_nb.model.pocket.tiles import game_tile_ids

P1, P2 = "Player 1", "Player 2"

# A filler grid for Royal Claws (P1) vs Gourmets (P2); tests copy it and change what they need.
RC_GO = [
    ["mouse-3", "mouse-4a", "mouse-4b", "mouse-5a", "mouse-5b"],
    ["mouse-6", "pigeon-2", "pigeon-5", "fly-3", "fly-4"],
    ["royal-claws-1", "royal-claws-2", "dog-1", "royal-claws-4", "royal-claws-5"],
    ["gourmets-1", "gourmets-2", "gourmets-3", "gourmets-4", "gourmets-5"],
    ["dog-2", "dog-3", "dog-4", "dog-5", "royal-claws-3"],
]


def layout(base: list[list[str]], **changes: str) -> list[list[str]]:
    """A copy of ``base`` with tiles moved, written r{row}c{col}="tile": the tile (with an optional ":turn") goes
    to that cell and the tile that was there takes its old place."""
    rows = [list(r) for r in base]
    for key, value in changes.items():
        row, col = int(key[1]), int(key[3])
        wanted = value.split(":")[0]
        old = next((r, c) for r in range(5) for c in range(5) if rows[r][c].split(":")[0] == wanted)
        rows[old[0]][old[1]] = rows[row][col]
        rows[row][col] = value
    return rows


def down_except(rows: list[list[str]], *up: tuple[int, int]) -> list[list[str]]:
    """The layout with every tile face down except those on ``up``."""
    return [[t if (r, c) in up else f"?{t}" for c, t in enumerate(row)] for r, row in enumerate(rows)]


def play(state: PocketState, *actions: object) -> PocketState:
    for action in actions:
        state = rules.apply(state, action)  # type: ignore[arg-type]
    return state


def targets(state: PocketState, player: str) -> set[tuple[int, int]]:
    return {a.target for a in rules.legal_actions(state, player) if isinstance(a, Swap) and a.source == state.flipped}


def flipped_at(rows: list[list[str]], cell: tuple[int, int], clans: tuple[str, str] = ("royal claws", "gourmets"),
               effects: bool = True, up: tuple[tuple[int, int], ...] = ()) -> PocketState:
    """P1 has just flipped the tile on ``cell`` (everything else face down except ``up``)."""
    state = scenario(down_except(rows, *up), clans, effects)
    return rules.apply(state, Flip(P1, cell))


def refused(state: PocketState, action: object, rule: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        rules.apply(state, action)  # type: ignore[arg-type]
    assert caught.value.rule == rule
    return caught.value


# ==== POCKET-1: setup =========================================================================================
def test_pocket_1_grid_holds_the_25_tiles_face_down_with_the_centre_face_up() -> None:
    state = new_state(clans=("crooks", "power cats"), seed=11)
    ids = [s.tile for s in state.grid]
    assert sorted(ids) == sorted(game_tile_ids(("crooks", "power cats")))
    kinds = Counter(tile(t).kind for t in ids)
    assert kinds == {"cat": 10, "prey": 10, "dog": 5}
    assert Counter(tile(t).clan for t in ids if tile(t).kind == "cat") == {"crooks": 5, "power cats": 5}
    assert [i for i, s in enumerate(state.grid) if s.face_up] == [index(CENTRE)]
    assert state.stage == "flip" and rules.awaiting(state) == (P1,)


def test_pocket_1_setup_is_deterministic_from_the_seed() -> None:
    assert new_state(seed=5).grid == new_state(seed=5).grid
    assert new_state(seed=5).grid != new_state(seed=6).grid


def test_pocket_1_dogs_get_a_random_turn_at_setup() -> None:
    turns = Counter(s.turn for seed in range(40) for s in new_state(seed=seed).grid if s.piece.kind == "dog")
    assert set(turns) == {0, 1, 2, 3}
    assert all(s.turn == 0 for s in new_state(seed=1).grid if s.piece.kind != "dog")


def test_pocket_1_clan_data_matches_variants_data() -> None:
    assert len(CLANS) == 7
    expected = {
        "royal claws": (1, 2, 3, 4, 5),
        "gourmets": (2, 4, 1, 5, 3),
        "crooks": (1, 2, 3, 4, 7),
        "defenders of justice": (1, 1, 1, 1, 9),
        "chaoticats": (None,) * 5,
        "power cats": (4, 4, 3, 6, 2),
        "polterkitties": (2, 2, 3, 3, 5),
    }
    assert {k: c.attack for k, c in CLANS.items()} == expected
    assert sorted(tile(p).points for p in game_tile_ids(("crooks", "gourmets"))[10:20]) == [2, 3, 3, 4, 4, 4, 5, 5,
                                                                                              5, 6]
    assert clan("The Royal_Claws").key == clan("RC").key == "royal claws"
    with pytest.raises(IllegalAction, match="POCKET-5"):
        clan("lions")


# ==== POCKET-2: a turn ========================================================================================
def test_pocket_2_a_turn_is_a_flip_then_a_swap_and_the_players_alternate() -> None:
    state = new_state(seed=2)
    state = rules.apply(state, Flip(P1, (0, 0)))
    assert state.stage == "move" and state.grid[0].face_up and state.flipped == (0, 0)
    action = rules.legal_actions(state, P1)[0]
    assert isinstance(action, Swap)
    state = rules.apply(state, action)
    assert state.stage == "flip" and state.turn == 1 and rules.awaiting(state) == (P2,)


def test_pocket_2_flipped_prey_swaps_with_one_of_the_8_tiles_around_it() -> None:
    rows = layout(RC_GO, r1c1="pigeon-2")
    state = flipped_at(rows, (1, 1))
    assert targets(state, P1) == {(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)}
    corner = flipped_at(RC_GO, (0, 0))
    assert targets(corner, P1) == {(0, 1), (1, 0), (1, 1)}


def test_pocket_2_flipped_cat_swaps_1_or_2_cells_along_its_row_or_column() -> None:
    state = flipped_at(RC_GO, (2, 1), effects=False)  # royal-claws-2
    assert targets(state, P1) == {(2, 0), (2, 2), (2, 3), (1, 1), (0, 1), (3, 1), (4, 1)}


def test_pocket_2_flipped_dog_swaps_with_any_tile_in_its_row_or_column() -> None:
    state = flipped_at(RC_GO, (2, 2))  # dog-1 in the centre
    assert targets(state, P1) == {(2, 0), (2, 1), (2, 3), (2, 4), (0, 2), (1, 2), (3, 2), (4, 2)}


def test_pocket_2_a_face_down_tile_stays_face_down_when_swapped() -> None:
    state = flipped_at(RC_GO, (0, 0))
    state = rules.apply(state, Swap(P1, (0, 0), (1, 1)))
    assert state.grid[index((1, 1))] .tile == "mouse-3" and state.grid[index((1, 1))].face_up
    assert state.grid[index((0, 0))].tile == "pigeon-2" and not state.grid[index((0, 0))].face_up


def test_pocket_2_dogs_keep_their_turn_when_flipped_and_moved() -> None:
    rows = layout(RC_GO, r2c2="dog-3:1")
    state = flipped_at(rows, (2, 2))
    assert state.grid[index((2, 2))].turn == 1
    state = rules.apply(state, Swap(P1, (2, 2), (2, 0)))
    assert state.grid[index((2, 0))] .tile == "dog-3" and state.grid[index((2, 0))].turn == 1


def test_pocket_2_refusals_name_the_rule_and_change_nothing() -> None:
    state = new_state(seed=3)
    refused(state, Flip(P1, CENTRE), "POCKET-2")  # already face up
    refused(state, Flip(P2, (0, 0)), "POCKET-2")  # not P2's turn
    refused(state, Swap(P1, (0, 0), (0, 1)), "POCKET-2")  # flip first
    flipped = rules.apply(state, Flip(P1, (0, 0)))
    snapshot = dataclasses.replace(flipped)
    refused(flipped, Swap(P1, (0, 0), (4, 4)), "POCKET-2")  # out of reach for any tile
    refused(flipped, Swap(P1, (0, 0), (0, 0)), "POCKET-2")
    refused(flipped, Swap(P1, (0, 1), (0, 2)), "POCKET-2")  # only the flipped tile moves
    refused(flipped, Stay(P1), "POCKET-2")
    refused(flipped, Flip(P1, (0, 1)), "POCKET-2")  # one flip per turn
    assert flipped == snapshot
    with pytest.raises(IllegalAction, match="POCKET-1"):
        rules.apply(state, Flip("Nobody", (0, 0)))
    game = PocketGame.new(seed=3)
    before, actions = game.state, list(game.actions)
    with pytest.raises(IllegalAction, match="POCKET-2"):
        game.apply(Flip(P2, (0, 0)))
    assert game.state is before and game.actions == actions and game.awaiting == (P1,)


def test_pocket_2_undo_is_refused_after_a_flip_but_allowed_for_the_swap() -> None:
    game = PocketGame.new(seed=4)
    game.apply(Flip(P1, (0, 0)))
    assert not game.can_undo
    with pytest.raises(UndoRefused):
        game.undo()
    swap = game.legal_actions(P1)[0]
    game.apply(swap)
    assert game.can_undo and game.turn == 1
    game.undo()
    assert game.stage == "move" and game.turn == 0 and game.flipped == (0, 0)
    game.redo()
    assert game.turn == 1 and game.actions[-1] == swap


# ==== POCKET-3: the end of the game ===========================================================================
def test_pocket_3_the_game_ends_after_24_turns_when_no_tile_is_face_down() -> None:
    game = PocketGame.new(clans=("crooks", "gourmets"), seed=8)
    play_pocket(game, [PocketRandomBot(1), PocketRandomBot(2)])
    assert game.over and game.turn == TURNS_PER_GAME == 24
    flips = [a for a in game.actions if isinstance(a, Flip)]
    assert len(flips) == 24 and Counter(a.player for a in flips) == {P1: 12, P2: 12}
    assert game.end is not None and game.end.steps[-1].rule == "POCKET-4"


def test_pocket_3_dogs_turn_the_cats_their_arrows_point_at_face_down() -> None:
    rows = layout(RC_GO, r2c2="dog-2")  # arrows W and E: royal-claws-2 (2,1) and royal-claws-4 (2,3)
    result = resolve(scenario(rows).grid, (P1, P2), ("royal claws", "gourmets"), effects=False)
    assert not result.grid[index((2, 1))].face_up and not result.grid[index((2, 3))].face_up
    assert result.grid[index((1, 2))].face_up  # pigeon above: dogs only bite cats
    turned = layout(RC_GO, r2c2="dog-2:1")  # now N and S: pigeon-5 above, gourmets-3 below
    result = resolve(scenario(turned).grid, (P1, P2), ("royal claws", "gourmets"), effects=False)
    assert result.grid[index((2, 1))].face_up and not result.grid[index((3, 2))].face_up
    assert dog_targets(scenario(turned).grid[index(CENTRE)], CENTRE) == [(1, 2), (3, 2)]


# Found by a seeded search over random grids, then frozen here (the comments say what happens in them).
TIE_BREAK = [  # Royal Claws (P1) vs Gourmets (P2), effects off: 15 points each, 3 prey tiles against 4
    ["dog-1:2", "dog-5:2", "mouse-6", "pigeon-2", "royal-claws-3"],
    ["mouse-5b", "gourmets-3", "fly-4", "mouse-5a", "pigeon-5"],
    ["royal-claws-4", "mouse-3", "gourmets-2", "mouse-4b", "dog-2:3"],
    ["royal-claws-5", "fly-3", "gourmets-5", "royal-claws-1", "mouse-4a"],
    ["gourmets-1", "dog-3:2", "dog-4:2", "royal-claws-2", "gourmets-4"],
]
CROOKS_FIRST = [  # Crooks (P1) vs Chaoticats (P2): all 5 Chaoticats survive the dogs (value 2 < the Crooks' 7)
    ["pigeon-2", "crooks-2", "pigeon-5", "dog-5", "crooks-4"],
    ["chaoticats-3", "dog-3", "mouse-5b", "chaoticats-4", "mouse-6"],
    ["crooks-1", "dog-2:3", "crooks-3", "dog-1:1", "mouse-4a"],
    ["mouse-3", "mouse-5a", "fly-3", "chaoticats-2", "chaoticats-1"],
    ["mouse-4b", "dog-4:3", "fly-4", "chaoticats-5", "crooks-5"],
]
CHAOS_FIRST = [  # Crooks (P1) vs Chaoticats (P2): 2 Chaoticats survive the dogs (value 8 > the Crooks' 7)
    ["dog-5", "dog-4:2", "chaoticats-2", "mouse-4a", "fly-4"],
    ["chaoticats-4", "mouse-6", "mouse-5b", "dog-1:1", "chaoticats-5"],
    ["crooks-5", "chaoticats-3", "pigeon-5", "crooks-2", "mouse-5a"],
    ["dog-3", "dog-2:1", "mouse-3", "crooks-1", "chaoticats-1"],
    ["mouse-4b", "crooks-4", "fly-3", "crooks-3", "pigeon-2"],
]
POWER = [  # Power Cats (P1) vs Crooks (P2): the Power Cats chief on A3 sees A1 down his column and E3 along his row
    ["mouse-5b", "power-cats-1", "dog-4", "fly-3", "crooks-2"],
    ["crooks-1", "crooks-3", "mouse-3", "dog-3:2", "dog-1:3"],
    ["power-cats-5", "power-cats-3", "dog-2", "power-cats-4", "pigeon-5"],
    ["mouse-4a", "fly-4", "crooks-5", "dog-5:2", "mouse-6"],
    ["pigeon-2", "crooks-4", "power-cats-2", "mouse-5a", "mouse-4b"],
]


def test_pocket_3_prey_goes_to_the_higher_orthogonal_attack_and_a_tie_to_nobody() -> None:
    result = resolve(scenario(TIE_BREAK).grid, (P1, P2), ("royal claws", "gourmets"), effects=False)
    by_prey = {c.prey: c for c in result.captures}
    assert dict(by_prey["mouse-5b"].attack) == {"royal claws": 4, "gourmets": 1}
    assert by_prey["mouse-5b"].winner == "royal claws"
    assert dict(by_prey["mouse-3"].attack) == {"royal claws": 4, "gourmets": 5}  # gourmets-3 (1) + gourmets-2 (4)
    assert by_prey["mouse-3"].winner == "gourmets"
    assert by_prey["mouse-6"].winner is None and by_prey["mouse-6"].how == "none"
    clans = ("crooks", "chaoticats")
    tie = resolve(scenario(CROOKS_FIRST, clans).grid, (P1, P2), clans, effects=False)
    pigeon = next(c for c in tie.captures if c.prey == "pigeon-2")
    assert dict(pigeon.attack) == {"crooks": 2, "chaoticats": 2} and pigeon.winner is None and pigeon.how == "tie"


def test_pocket_3_both_pigeons_score_10_and_both_flies_12() -> None:
    rows = [
        ["pigeon-2", "royal-claws-1", "pigeon-5", "dog-1:2", "dog-2"],
        ["fly-3", "royal-claws-2", "fly-4", "dog-3:2", "mouse-3"],
        ["dog-4", "dog-5", "royal-claws-3", "mouse-4a", "mouse-4b"],
        ["mouse-5a", "mouse-5b", "mouse-6", "royal-claws-4", "royal-claws-5"],
        ["gourmets-1", "gourmets-2", "gourmets-3", "gourmets-4", "gourmets-5"],
    ]
    result = resolve(scenario(rows).grid, (P1, P2), ("royal claws", "gourmets"), effects=False)
    score = result.score("royal claws")
    assert set(score.prey) >= {"pigeon-2", "pigeon-5", "fly-3", "fly-4"}
    pairs = 10 + 12
    singles = sum(tile(p).points for p in score.prey if tile(p).prey == "mouse")
    assert score.pair_bonus == 3 + 5 and score.total == pairs + singles


# ==== POCKET-4: ties ==========================================================================================
def test_pocket_4_equal_points_are_broken_by_prey_tiles_then_shared() -> None:
    result = resolve(scenario(TIE_BREAK).grid, (P1, P2), ("royal claws", "gourmets"), effects=False)
    rc, go = result.score("royal claws"), result.score("gourmets")
    assert (rc.total, go.total) == (15, 15) and (rc.prey_count, go.prey_count) == (3, 4)
    assert result.winners == (P2,)
    assert "caught more prey tiles" in result.steps[-1].text
    # The dogs keep every prey away from every cat: 0 points and 0 tiles each, a shared victory.
    empty = [
        ["mouse-3", "mouse-4a", "mouse-4b", "mouse-5a", "mouse-5b"],
        ["mouse-6", "pigeon-2", "pigeon-5", "fly-3", "fly-4"],
        ["dog-1", "dog-2", "dog-3", "dog-4", "dog-5"],
        ["royal-claws-1", "royal-claws-2", "royal-claws-3", "royal-claws-4", "royal-claws-5"],
        ["gourmets-1", "gourmets-2", "gourmets-3", "gourmets-4", "gourmets-5"],
    ]
    result = resolve(scenario(empty).grid, (P1, P2), ("royal claws", "gourmets"), effects=False)
    assert [s.total for s in result.scores] == [0, 0] and result.winners == (P1, P2)


# ==== POCKET-5: game modes ====================================================================================
def test_pocket_5_freedom_needs_two_different_clans_and_defaults_to_royal_claws_against_gourmets() -> None:
    assert new_state().clans == ("royal claws", "gourmets")
    with pytest.raises(IllegalAction, match="POCKET-5"):
        new_state(clans=("crooks", "Crooks"))
    with pytest.raises(IllegalAction, match="POCKET-5"):
        new_state(variant="chaos")
    with pytest.raises(IllegalAction, match="POCKET-5"):
        new_state(clans=("crooks", "gourmets"), variant="limited")


def test_pocket_5_limited_each_player_draws_3_clan_cards_and_keeps_1() -> None:
    game = PocketGame.new(variant="limited", seed=9)
    assert game.stage == "choose_clan" and set(game.awaiting) == {P1, P2}
    offers = game.state.offers
    assert len(offers[0]) == len(offers[1]) == 3 and not set(offers[0]) & set(offers[1])
    with pytest.raises(IllegalAction, match="POCKET-5"):
        game.apply(ChooseClan(P1, offers[1][0]))
    game.apply(ChooseClan(P2, offers[1][2]))
    assert game.awaiting == (P1,) and not game.state.grid
    game.apply(ChooseClan(P1, offers[0][1]))
    assert game.clans == {P1: offers[0][1], P2: offers[1][2]}
    assert game.stage == "flip" and game.awaiting == (P1,) and len(game.state.grid) == 25


def test_pocket_5_experts_draft_two_games_and_totals_decide() -> None:
    game = PocketGame.new(variant="experts", seed=12)
    hand = game.state.offers[0]
    assert game.awaiting == (P1,) and len(hand) == 3 and game.state.offers[1] == ()
    game.apply(ChooseClan(P1, hand[0]))
    assert game.awaiting == (P2,) and set(game.state.offers[1]) == set(hand[1:])
    with pytest.raises(UndoRefused):
        game.undo()  # the passed cards are now known
    game.apply(ChooseClan(P2, hand[2]))
    bots = [PocketGreedyBot(1), PocketRandomBot(2)]
    play_pocket(game, bots)
    assert game.over and len(game.state.finished) == 2
    game_two = game.state.finished[1]
    # game 2: the other player drew, chose first and started
    second_start = [a for a in game.actions if isinstance(a, NextGame)]
    assert [a.player for a in second_start] == [P2]
    frame = game.result()
    assert list(frame["game"]) == ["1", "1", "2", "2", "total", "total"]
    totals = frame[frame["game"] == "total"].set_index("player")["points"]
    for player in (P1, P2):
        assert totals[player] == game.state.finished[0].score(player).total + game_two.score(player).total
    assert set(game.winners()) <= {P1, P2} and game.winners()


def test_pocket_5_experts_second_game_is_started_by_the_second_player() -> None:
    game = PocketGame.new(variant="experts", seed=13)
    play_pocket(game, ["random", "random"])
    log = [e.text for e in game.state.log if e.text.startswith("Game 2:")]
    assert log and log[0].endswith(f"{P2} starts.")


# ==== POCKET-6: end-game order ================================================================================
def test_pocket_6_defenders_swap_with_the_centre_before_the_royal_claws_choose() -> None:
    # The Defenders' chief (9) outranks the Royal Claws' chief (5), so he trades places with the centre dog first;
    # the dog lands on C1, still beside the Royal Claws chief on C2, and that is the dog she may turn.
    rows = [
        ["mouse-3", "mouse-4a", "defenders-of-justice-5", "mouse-4b", "mouse-5a"],
        ["mouse-5b", "mouse-6", "royal-claws-5", "pigeon-2", "pigeon-5"],
        ["fly-3", "fly-4", "dog-1", "dog-2", "dog-3"],
        ["royal-claws-1", "royal-claws-2", "royal-claws-3", "royal-claws-4", "dog-4"],
        ["defenders-of-justice-1", "defenders-of-justice-2", "defenders-of-justice-3", "defenders-of-justice-4",
         "?dog-5"],
    ]
    state = scenario(rows, ("royal claws", "defenders of justice"))
    mover = state.players[state.current]
    state = play(state, Flip(mover, (4, 4)), Swap(mover, (4, 4), (4, 3)))
    assert state.stage == "chief" and rules.awaiting(state) == (P1,)
    assert {a.cell for a in rules.legal_actions(state, P1) if isinstance(a, RotateDog)} == {(0, 2)}
    refused(state, RotateDog(P1, CENTRE, 1), "POCKET-6")
    done = rules.apply(state, RotateDog(P1, (0, 2), 2))
    assert done.end is not None
    titles = [s.title for s in done.end.steps]
    assert titles.index("Defenders of Justice chief") < titles.index("Royal Claws chief") < titles.index(
        "The dogs attack")
    assert done.end.grid[index(CENTRE)].tile == "defenders-of-justice-5"
    assert done.end.grid[index((0, 2))].tile == "dog-1" and done.end.grid[index((0, 2))].turn == 2


def test_pocket_6_chief_order_uses_the_chaoticats_value_after_the_dogs_attack() -> None:
    clans = ("crooks", "chaoticats")
    result = resolve(scenario(CHAOS_FIRST, clans).grid, (P1, P2), clans, effects=True)
    titles = [s.title for s in result.steps]
    assert result.chaoticats_value == 8
    assert titles.index("The dogs attack") < titles.index("The Chaoticats' value") < titles.index("The Crooks' chief")
    assert result.grid[index((1, 0))].face_up  # the Chaoticat (8) beside the Crooks chief (7) is not weaker


def test_pocket_6_crooks_first_when_the_chaoticats_are_weaker_then_the_value_is_recounted() -> None:
    clans = ("crooks", "chaoticats")
    result = resolve(scenario(CROOKS_FIRST, clans).grid, (P1, P2), clans, effects=True)
    titles = [s.title for s in result.steps]
    assert titles.index("The Crooks' chief") < titles.index("The Chaoticats' value")
    assert not result.grid[index((3, 4))].face_up and not result.grid[index((4, 3))].face_up  # attack 2 < 7
    assert result.chaoticats_value == 6  # 3 left after the Crooks chief


# ==== clan effects and chief abilities ========================================================================
def test_royal_claws_effect_swaps_a_flipped_cat_with_any_face_up_dog() -> None:
    rows = layout(RC_GO, r4c0="dog-2")
    base = flipped_at(rows, (3, 4), up=((4, 0),))  # P1 (Royal Claws) flips gourmets-5: any cat counts
    assert (4, 0) in targets(base, P1)
    state = rules.apply(base, Swap(P1, (3, 4), (4, 0)))
    assert state.grid[index((4, 0))].tile == "gourmets-5"
    assert "Royal Claws effect" in state.log[-1].text
    off = flipped_at(rows, (3, 4), up=((4, 0),), effects=False)
    assert (4, 0) not in targets(off, P1)
    other = flipped_at(rows, (3, 4), clans=("gourmets", "royal claws"), up=((4, 0),))  # P1 plays Gourmets
    assert (4, 0) not in targets(other, P1)


def test_royal_claws_chief_may_turn_an_adjacent_dog_before_the_dogs_attack() -> None:
    # The rulebook example one move before the end: mouse-4b lies face down on A5; flipping it and swapping it
    # with mouse-5a on A4 gives the example grid.
    rows = [list(r) for r in RULEBOOK_EXAMPLE]
    rows[3][0], rows[4][0] = "mouse-5a", "?mouse-4b"
    state = scenario(rows, RULEBOOK_CLANS)
    mover = state.players[state.current]
    state = play(state, Flip(mover, (4, 0)), Swap(mover, (4, 0), (3, 0)))
    assert state.stage == "chief" and rules.awaiting(state) == (P2,)  # P2 plays the Royal Claws
    options = rules.legal_actions(state, P2)
    assert {a.cell for a in options if isinstance(a, RotateDog)} == {(2, 2), (3, 1)}  # dog-1 and dog-5 touch her
    assert KeepDogs(P2) in options
    refused(state, RotateDog(P2, (0, 0), 1), "POCKET-6")  # dog-4 is not beside her
    refused(state, RotateDog(P2, (2, 2), 4), "POCKET-6")
    refused(state, RotateDog(P1, (2, 2), 1), "POCKET-6")  # not the Gourmets' choice
    turned = rules.apply(state, RotateDog(P2, *RULEBOOK_ROTATION))
    kept = rules.apply(state, KeepDogs(P2))
    assert turned.over and kept.over
    assert turned.end is not None and kept.end is not None
    assert turned.end.grid[index((2, 1))].face_up and not kept.end.grid[index((2, 1))].face_up  # the chief saved


def test_gourmets_effect_and_chief_in_the_rulebook_example() -> None:
    result = resolve(scenario(RULEBOOK_EXAMPLE, RULEBOOK_CLANS).grid, (P1, P2), RULEBOOK_CLANS, True,
                     RULEBOOK_ROTATION)
    gourmets = result.score("gourmets")
    assert gourmets.clan_bonus == gourmets.prey_count == 4
    corner = next(c for c in result.captures if c.prey == "mouse-4a")
    assert ("gourmets", "gourmets-5", 3, "corner") in corner.helpers


def test_rulebook_example_without_effects_gourmets_13_royal_claws_15() -> None:
    grid = scenario(RULEBOOK_EXAMPLE, RULEBOOK_CLANS, effects=False).grid
    result = resolve(grid, (P1, P2), RULEBOOK_CLANS, effects=False)
    eliminated = {s.tile for s in result.grid if not s.face_up}
    assert eliminated == {"gourmets-1", "gourmets-2", "royal-claws-4", "royal-claws-5"}  # values 2, 4 and 4, 5
    assert sorted(result.score("gourmets").prey) == ["mouse-3", "pigeon-2", "pigeon-5"]
    assert sorted(tile(p).points for p in result.score("royal claws").prey) == [4, 5, 6]
    assert next(c for c in result.captures if c.prey == "mouse-5b").cell == (4, 4)  # mouse 5 bottom right
    assert (result.score("gourmets").total, result.score("royal claws").total) == (13, 15)
    assert result.winners == (P2,)


def test_rulebook_example_with_effects_gourmets_21_royal_claws_15() -> None:
    grid = scenario(RULEBOOK_EXAMPLE, RULEBOOK_CLANS).grid
    result = resolve(grid, (P1, P2), RULEBOOK_CLANS, effects=True, rotation=RULEBOOK_ROTATION)
    eliminated = {s.tile for s in result.grid if not s.face_up}
    assert eliminated == {"gourmets-1", "gourmets-2", "gourmets-3", "royal-claws-4"}  # values 2, 4, 1 and 4
    assert sorted(result.score("gourmets").prey) == ["mouse-3", "mouse-4a", "pigeon-2", "pigeon-5"]
    assert next(c for c in result.captures if c.prey == "mouse-4a").cell[0] == 2  # the middle row
    assert sorted(result.score("royal claws").prey) == ["fly-4", "mouse-5b", "mouse-6"]
    assert (result.score("gourmets").total, result.score("royal claws").total) == (21, 15)
    assert result.winners == (P1,)


def test_crooks_effect_and_chief_eliminate_weaker_neighbours_even_crooks() -> None:
    rows = [
        ["crooks-1", "crooks-5", "gourmets-4", "mouse-3", "mouse-4a"],  # gourmets-4 has attack 5
        ["mouse-4b", "crooks-2", "mouse-5a", "mouse-5b", "mouse-6"],
        ["pigeon-2", "pigeon-5", "fly-3", "fly-4", "crooks-3"],
        ["crooks-4", "gourmets-1", "gourmets-2", "gourmets-3", "gourmets-5"],
        ["dog-1:2", "dog-2", "dog-3:1", "dog-4", "dog-5"],  # only gourmets-3 on D4 is bitten
    ]
    clans = ("crooks", "gourmets")
    on = resolve(scenario(rows, clans).grid, (P1, P2), clans, effects=True)
    assert "Gourmets 1 on D4 face down" in on.steps[1].text and on.steps[1].text.count("face down") == 1
    for cell in ((0, 0), (1, 1), (0, 2)):  # crooks-1, crooks-2 and gourmets-4: all weaker than 7
        assert not on.grid[index(cell)].face_up
    assert on.score("crooks").clan_bonus == 3  # the chief, crooks-3 and crooks-4 are still face up
    off = resolve(scenario(rows, clans).grid, (P1, P2), clans, effects=False)
    assert off.grid[index((0, 0))].face_up and off.score("crooks").clan_bonus == 0


def test_crooks_chief_face_down_eliminates_nobody() -> None:
    rows = [
        ["crooks-1", "crooks-5", "dog-1:2", "mouse-3", "mouse-4a"],
        ["dog-2", "crooks-2", "dog-3", "mouse-4b", "mouse-5a"],
        ["crooks-3", "crooks-4", "dog-4", "mouse-5b", "mouse-6"],
        ["gourmets-1", "gourmets-2", "gourmets-3", "gourmets-5", "pigeon-2"],
        ["gourmets-4", "dog-5", "pigeon-5", "fly-3", "fly-4"],
    ]
    rows[0][2] = "dog-1:3"  # arrow W: bites the Crooks chief on (0, 1)
    result = resolve(scenario(rows, ("crooks", "gourmets")).grid, (P1, P2), ("crooks", "gourmets"), True)
    assert not result.grid[index((0, 1))].face_up and result.grid[index((0, 0))].face_up
    assert "eliminates nobody" in next(s.text for s in result.steps if s.title == "The Crooks' chief")


def test_defenders_effect_allows_diagonal_moves_of_1_or_2() -> None:
    rows = [
        ["defenders-of-justice-1", "mouse-3", "mouse-4a", "mouse-4b", "mouse-5a"],
        ["mouse-5b", "mouse-6", "pigeon-2", "pigeon-5", "fly-3"],
        ["fly-4", "dog-1", "defenders-of-justice-2", "dog-2", "dog-3"],
        ["dog-4", "dog-5", "defenders-of-justice-3", "defenders-of-justice-4", "defenders-of-justice-5"],
        ["crooks-1", "crooks-2", "crooks-3", "crooks-4", "crooks-5"],
    ]
    clans = ("defenders of justice", "crooks")
    state = scenario(down_except(rows), clans)
    state = rules.apply(state, Flip(P1, (0, 0)))
    assert targets(state, P1) == {(0, 1), (0, 2), (1, 0), (2, 0), (1, 1), (2, 2)}
    off = rules.apply(scenario(down_except(rows), clans, effects=False), Flip(P1, (0, 0)))
    assert targets(off, P1) == {(0, 1), (0, 2), (1, 0), (2, 0)}


def test_defenders_chief_swaps_with_the_centre_before_the_dogs_attack() -> None:
    rows = [
        ["defenders-of-justice-5", "mouse-3", "mouse-4a", "mouse-4b", "mouse-5a"],
        ["dog-1:2", "mouse-6", "pigeon-2", "pigeon-5", "fly-3"],
        ["fly-4", "dog-4", "mouse-5b", "dog-2", "dog-3"],
        ["defenders-of-justice-1", "dog-5", "defenders-of-justice-2", "defenders-of-justice-3",
         "defenders-of-justice-4"],
        ["crooks-1", "crooks-2", "crooks-3", "crooks-4", "crooks-5"],
    ]
    clans = ("defenders of justice", "crooks")
    result = resolve(scenario(rows, clans).grid, (P1, P2), clans, effects=True)
    assert result.grid[index(CENTRE)].tile == "defenders-of-justice-5"
    assert result.grid[index((0, 0))].tile == "mouse-5b"
    # in the centre, dog-4 on (2, 1) bites the chief: the swap happened before the dogs attack
    assert not result.grid[index(CENTRE)].face_up
    off = resolve(scenario(rows, clans).grid, (P1, P2), clans, effects=False)
    assert off.grid[index((0, 0))].tile == "defenders-of-justice-5"


def test_chaoticats_value_depends_on_how_many_stay_face_up() -> None:
    rows = [
        ["chaoticats-1", "mouse-3", "chaoticats-2", "mouse-4a", "chaoticats-3"],
        ["dog-1:2", "mouse-4b", "dog-2:1", "mouse-5a", "dog-3:1"],
        ["chaoticats-4", "mouse-5b", "chaoticats-5", "mouse-6", "dog-4"],
        ["dog-5", "pigeon-2", "pigeon-5", "fly-3", "fly-4"],
        ["gourmets-1", "gourmets-2", "gourmets-3", "gourmets-4", "gourmets-5"],
    ]
    clans = ("chaoticats", "gourmets")
    for effects in (True, False):  # the value is how the Chaoticats get an attack at all (our decision)
        result = resolve(scenario(rows, clans).grid, (P1, P2), clans, effects)
        up = sum(1 for s in result.grid if s.face_up and s.piece.clan == "chaoticats")
        assert up == 2 and result.chaoticats_value == 8
        mouse = next(c for c in result.captures if c.prey == "mouse-3")
        assert all(h[2] == result.chaoticats_value for h in mouse.helpers if h[0] == "chaoticats")


def test_chaoticats_chief_completes_a_half_caught_pair() -> None:
    rows = [
        ["pigeon-2", "chaoticats-5", "mouse-3", "dog-1:2", "pigeon-5"],
        ["dog-2:1", "mouse-4a", "mouse-4b", "dog-3:2", "mouse-5a"],
        ["chaoticats-1", "chaoticats-2", "chaoticats-3", "chaoticats-4", "mouse-5b"],
        ["dog-4", "dog-5", "mouse-6", "fly-3", "fly-4"],
        ["gourmets-1", "gourmets-2", "gourmets-3", "gourmets-4", "gourmets-5"],
    ]
    clans = ("chaoticats", "gourmets")
    grid = scenario(rows, clans).grid
    # the chief on B1 catches pigeon-2 on A1 alone; nobody hunts pigeon-5 on E1 (a dog and a mouse beside it)
    on = resolve(grid, (P1, P2), clans, effects=True)
    far = next(c for c in on.captures if c.prey == "pigeon-5")
    assert far.winner == "chaoticats" and far.how == "pair"
    assert on.score("chaoticats").pair_bonus == 3
    off = resolve(grid, (P1, P2), clans, effects=False)
    assert next(c for c in off.captures if c.prey == "pigeon-5").winner is None


def test_power_cats_effect_may_leave_a_flipped_cat_in_place() -> None:
    rows = [
        ["power-cats-1", "mouse-3", "mouse-4a", "mouse-4b", "mouse-5a"],
        ["mouse-5b", "mouse-6", "pigeon-2", "pigeon-5", "fly-3"],
        ["fly-4", "dog-1", "power-cats-2", "dog-2", "dog-3"],
        ["dog-4", "dog-5", "power-cats-3", "power-cats-4", "power-cats-5"],
        ["crooks-1", "crooks-2", "crooks-3", "crooks-4", "crooks-5"],
    ]
    clans = ("power cats", "crooks")
    state = rules.apply(scenario(down_except(rows), clans), Flip(P1, (4, 0)))  # a Crooks cat: any cat counts
    assert Stay(P1) in rules.legal_actions(state, P1)
    after = rules.apply(state, Stay(P1))
    assert after.grid[index((4, 0))] == state.grid[index((4, 0))] and after.turn == 1
    prey = rules.apply(scenario(down_except(rows), clans), Flip(P1, (0, 1)))
    assert Stay(P1) not in rules.legal_actions(prey, P1)
    off = rules.apply(scenario(down_except(rows), clans, effects=False), Flip(P1, (4, 0)))
    refused(off, Stay(P1), "POCKET-2")


def test_power_cats_chief_hunts_his_whole_row_and_column() -> None:
    clans = ("power cats", "crooks")
    grid = scenario(POWER, clans).grid
    on = resolve(grid, (P1, P2), clans, effects=True)
    column = next(c for c in on.captures if c.prey == "mouse-5b")
    assert column.winner == "power cats" and ("power cats", "power-cats-5", 2, "column") in column.helpers
    row = next(c for c in on.captures if c.prey == "pigeon-5")
    assert row.winner == "power cats" and ("power cats", "power-cats-5", 2, "row") in row.helpers
    off = resolve(grid, (P1, P2), clans, effects=False)
    assert next(c for c in off.captures if c.prey == "mouse-5b").winner == "crooks"
    assert next(c for c in off.captures if c.prey == "pigeon-5").winner is None


def test_polterkitties_effect_moves_another_face_up_prey_instead() -> None:
    rows = [
        ["mouse-3", "mouse-4a", "polterkitties-1", "polterkitties-2", "polterkitties-3"],
        ["mouse-4b", "mouse-5a", "mouse-5b", "mouse-6", "pigeon-2"],
        ["pigeon-5", "fly-3", "dog-1", "fly-4", "dog-2"],
        ["dog-3", "dog-4", "dog-5", "polterkitties-4", "polterkitties-5"],
        ["crooks-1", "crooks-2", "crooks-3", "crooks-4", "crooks-5"],
    ]
    clans = ("polterkitties", "crooks")
    state = rules.apply(scenario(down_except(rows, (1, 4)), clans), Flip(P1, (0, 0)))
    moves = {(a.source, a.target) for a in rules.legal_actions(state, P1) if isinstance(a, Swap)}
    assert ((1, 4), (0, 3)) in moves and ((1, 4), (2, 3)) in moves  # pigeon-2 on (1, 4) may move instead
    after = rules.apply(state, Swap(P1, (1, 4), (0, 4)))
    assert after.grid[index((0, 0))].tile == "mouse-3"  # the flipped prey stays
    assert after.grid[index((0, 4))].tile == "pigeon-2"
    off = rules.apply(scenario(down_except(rows, (1, 4)), clans, effects=False), Flip(P1, (0, 0)))
    refused(off, Swap(P1, (1, 4), (0, 4)), "POCKET-2")


def test_polterkitties_chief_cannot_be_caught_by_dogs() -> None:
    rows = [
        ["polterkitties-5", "dog-1:3", "polterkitties-1", "mouse-3", "mouse-4a"],
        ["dog-2", "mouse-4b", "mouse-5a", "mouse-5b", "mouse-6"],
        ["pigeon-2", "pigeon-5", "fly-3", "fly-4", "dog-3"],
        ["dog-4", "dog-5", "polterkitties-2", "polterkitties-3", "polterkitties-4"],
        ["crooks-1", "crooks-2", "crooks-3", "crooks-4", "crooks-5"],
    ]
    clans = ("polterkitties", "crooks")
    on = resolve(scenario(rows, clans).grid, (P1, P2), clans, effects=True)
    assert on.grid[0].face_up and "cannot catch" in on.steps[1].text
    off = resolve(scenario(rows, clans).grid, (P1, P2), clans, effects=False)
    assert not off.grid[0].face_up


# ==== the shell: saving, frames, bots =========================================================================
def test_save_and_load_replays_the_match() -> None:
    game = PocketGame.new(clans=("polterkitties", "power cats"), seed=21)
    play_pocket(game, ["greedy", "random"])
    loaded = PocketGame.from_json(game.to_json())
    assert loaded.state == game.state and loaded.actions == game.actions
    assert all(action_from_dict(a.to_dict()) == a for a in game.actions)
    assert all(type(a).from_dict(a.to_dict()) == a for a in game.actions)
    assert PocketAction.from_dict(Flip(P1, (1, 2)).to_dict()) == Flip(P1, (1, 2))
    with pytest.raises(InvalidSave):
        Swap.from_dict(Flip(P1, (1, 2)).to_dict())
    half = PocketGame.new(variant="limited", seed=3)
    bot = PocketRandomBot(5)
    for _ in range(20):
        player = half.awaiting[0]
        half.apply(bot.choose(half, player, half.legal_actions(player)))
    assert PocketGame.from_json(half.to_json()).state == half.state


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(format="other"),
        lambda d: d.update(version=99),
        lambda d: d.update(seed="x"),
        lambda d: d.update(variant="chaos"),
        lambda d: d.update(effects="yes"),
        lambda d: d["actions"].__setitem__(1, {"kind": "swap", "player": P1, "source": [0, 0], "target": [4, 4]}),
        lambda d: d["actions"].__setitem__(0, {"kind": "fly", "player": P1}),
        lambda d: d["actions"].__setitem__(0, {"kind": "flip", "player": P1, "cell": [9, 9]}),
    ],
)
def test_invalid_saves_are_refused(mutate) -> None:  # type: ignore[no-untyped-def]
    game = PocketGame.new(seed=1)
    game.apply(Flip(P1, (0, 0)))
    game.apply(game.legal_actions(P1)[0])
    data = json.loads(game.to_json())
    mutate(data)
    with pytest.raises(InvalidSave):
        PocketGame.from_json(json.dumps(data))
    with pytest.raises(InvalidSave):
        PocketGame.from_json("{not json")


def test_grid_frame_has_one_row_per_cell_and_hides_face_down_tiles_from_a_viewer() -> None:
    game = PocketGame.new(seed=2)
    frame = game.grid_frame()
    assert len(frame) == 25 and list(frame.columns[:8]) == ["row", "col", "cell", "tile", "kind", "face", "owner",
                                                            "attack"]
    assert (frame["face"] == "up").sum() == 1
    dogs = frame[frame["kind"] == "dog"]
    assert len(dogs) == 5 and set(dogs["orientation"]) <= {0, 90, 180, 270}
    seen = game.grid_frame(viewer=P1)
    assert (seen["tile"] == "?").sum() == 24


def test_result_frame_columns() -> None:
    game = PocketGame.new(seed=3)
    assert game.result().empty
    play_pocket(game, ["greedy", "greedy"])
    frame = game.result()
    assert list(frame["player"]) == [P1, P2] and frame["winner"].any()
    assert (frame["points"] == frame["prey_points"] + frame["pair_bonus"] + frame["clan_bonus"]).all()


def test_greedy_bot_picks_the_move_with_the_best_capture_balance() -> None:
    game = PocketGame.new(seed=31)
    bot = PocketGreedyBot(0)
    for _ in range(10):
        player = game.awaiting[0]
        actions = game.legal_actions(player)
        choice = bot.choose(game, player, actions)
        if isinstance(choice, Swap):
            from isle_nb.model.pocket.board import swap as swap_cells

            best = max(capture_balance(game.state, player, swap_cells(game.state.grid, a.source, a.target))
                       for a in actions if isinstance(a, Swap))
            assert capture_balance(game.state, player, swap_cells(game.state.grid, choice.source, choice.target)) \
                == best
        game.apply(choice)


def test_greedy_bot_beats_the_random_bot_most_of_the_time() -> None:
    wins = 0
    for seed in range(40):
        game = PocketGame.new(seed=seed)
        greedy_first = seed % 2 == 0
        bots = [PocketGreedyBot(seed), PocketRandomBot(seed)] if greedy_first else [PocketRandomBot(seed),
                                                                                    PocketGreedyBot(seed)]
        play_pocket(game, bots)
        wins += (P1 if greedy_first else P2) in game.winners()
    assert wins >= 28


def test_games_are_deterministic_from_the_seed_and_bot_seeds() -> None:
    def run() -> PocketState:
        game = PocketGame.new(variant="experts", seed=17)
        play_pocket(game, [PocketGreedyBot(3), PocketRandomBot(4)])
        return game.state

    assert run() == run()


def _where(grid, tile_id):  # type: ignore[no-untyped-def]
    from isle_nb.model.pocket.board import find

    return find(grid, tile_id)


def test_all_clans_can_be_chosen() -> None:
    for first in CLAN_KEYS:
        for second in CLAN_KEYS:
            if first != second:
                assert new_state(clans=(first, second), seed=1).clans == (first, second)
