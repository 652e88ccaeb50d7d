"""The phase table (isle_nb.model.isle.flow, DAY-2): every row is reachable, every next step exists, the modes are
variations of rows, and the engine, widgets and hints read the table instead of keeping their own copies."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import get_args

import pytest

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle import engine, flow
from isle_nb.model.isle.actions import Action, Buy, Rescue
from isle_nb.model.isle.state import Mode, Pending
from isle_nb.widgets.panels import PANELS

MODEL = Path(flow.__file__).parent

GAMES: list[tuple[Mode, tuple[str, ...], dict[str, str]]] = [
    ("standard", ("Ann", "Ben", "Cat"), {}),
    ("solo", ("Ann",), {"difficulty": "hard"}),
    ("family", ("Ann", "Ben"), {}),
]


def _play(mode: Mode, names: tuple[str, ...], options: dict[str, str], seed: int, monkeypatch: pytest.MonkeyPatch,
          visited: set[flow.Key]) -> None:
    """A random game in which every row's ``begin`` records that it ran, and every state records its row."""
    for key, step in list(flow.TABLES[mode].items()):
        def begin(state, _key=key, _begin=step.begin):  # type: ignore[no-untyped-def]
            visited.add(_key)
            return _begin(state)

        monkeypatch.setitem(flow.TABLES[mode], key, replace(step, begin=begin))
    rng = random.Random(seed)
    state = engine.new_game(names, seed, mode, **options)
    while not state.over:
        visited.add((state.phase, state.step))
        name = rng.choice(engine.awaiting(state))
        state = engine.apply(state, rng.choice(engine.legal_actions(state, name)))
    visited.add((state.phase, state.step))


@pytest.mark.parametrize(("mode", "names", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_every_row_is_reachable_in_random_games(
    mode: Mode, names: tuple[str, ...], options: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    visited: set[flow.Key] = set()
    for seed in (1, 2):
        _play(mode, names, options, seed, monkeypatch, visited)
    assert set(flow.TABLES[mode]) <= visited


@pytest.mark.parametrize("mode", list(flow.TABLES))
def test_every_next_step_is_a_row_of_the_same_table(mode: Mode) -> None:
    """A step's ``next`` names a row of its own mode's table (checked on a state of every row where it ends)."""
    table = flow.TABLES[mode]
    names, options = next((n, o) for m, n, o in GAMES if m == mode)
    rng = random.Random(5)
    state = engine.new_game(names, 5, mode, **options)
    seen_next: set[flow.Key] = set()
    while not state.over:
        current = flow.row(state)
        assert current.key in table
        if current.next is not None:
            seen_next.add(current.next(state))
        name = rng.choice(engine.awaiting(state))
        state = engine.apply(state, rng.choice(engine.legal_actions(state, name)))
    assert seen_next <= set(table)
    assert flow.row(state).key == flow.OVER and flow.row(state).next is None


def test_the_table_says_who_acts_and_how() -> None:
    for mode, table in flow.TABLES.items():
        for step in table.values():
            assert not (step.simultaneous and step.turns), step.key
            if step.handlers:
                assert step.panel in PANELS, (mode, step.key)  # the game app has a panel for every deciding step
                assert step.next is not None and step.simultaneous != step.turns
            assert step.name and step.doing
    assert [s.key for s in flow.STANDARD if s.simultaneous] == [
        ("explore", "draft"), ("explore", "buy"), ("lessons", "draw"), ("lessons", "colours"), ("rescue", "choose")
    ]
    assert [s.key for s in flow.STANDARD if s.turns] == [("rescue", "turns"), ("rare_finds", "turns")]
    assert [s.key for s in flow.FAMILY if s.handlers] == [("setup", "keep_lessons"), ("family", "turns")]


def test_solo_is_the_standard_table_with_a_few_rows_varied() -> None:
    standard, solo = flow.TABLES["standard"], flow.TABLES["solo"]
    assert list(standard) == list(solo)
    varied = {key for key in standard if standard[key] != solo[key]}
    assert varied == {("explore", "draft"), ("rescue", "choose"), ("rescue", "turns"), ("rare_finds", "turns")}
    for key in standard:
        assert standard[key].handlers == solo[key].handlers and standard[key].awaiting == solo[key].awaiting


def test_every_pending_kind_is_in_the_table_with_its_answers_and_panel() -> None:
    assert set(flow.PENDING) == {record.kind for record in get_args(Pending)}
    for kind in flow.PENDING.values():
        assert kind.handlers and kind.panel in PANELS and kind.words
        assert all(issubclass(t, Action) for t in kind.handlers)


def test_moments_and_phase_names_come_from_the_table() -> None:
    state = engine.new_game(("Ann", "Ben"), 3)
    assert flow.describe_moment(state) == "day 1, Explore (drafting)"
    assert flow.phase_name("rare_finds") == "Rare finds" and flow.phase_name("family") == "Rescue cats (family game)"
    assert engine.simultaneous(state)
    family = engine.new_game(("Ann", "Ben"), 3, "family")
    assert flow.describe_moment(family) == "day 1, Setup (keeping family lessons)"


def test_the_table_tells_the_whole_flow_and_advance_sets_the_step() -> None:
    """Issue #19: the fishing row leads to the draft (DAY-1, DAY-2); every row that ends names the next one, and
    advance puts the game in that (phase, step) itself: no phase module moves the game to another step."""
    state = engine.new_game(["Ann", "Ben"], 3)
    fishing = flow.TABLES["standard"][flow.FISHING]
    assert fishing.ended(state) and fishing.next is not None and fishing.next(state) == ("explore", "draft")
    assert (state.phase, state.step) == ("explore", "draft") and all(len(p.pack) == 7 for p in state.players)
    entered = flow.enter(replace(state, phase="over", step="done"), ("rescue", "choose"))
    assert (entered.phase, entered.step) == ("rescue", "choose")
    for source in (MODEL / "phases").glob("*.py"):
        text = source.read_text(encoding="utf-8")
        assert "replace(state, phase=" not in text and "replace(state, step=" not in text, source.name


def test_the_engine_refuses_an_action_of_another_step_itself() -> None:
    """DAY-2: an action of another step is refused by the engine, naming its phase; the phase modules check no
    phase, so the turn helpers no longer import the phase table (no flow <-> turns import knot)."""
    state = engine.new_game(["Ann", "Ben"], 3)
    with pytest.raises(IllegalAction, match="DAY-2: buying drafted cards belongs to the Explore phase, but it is now"):
        engine.apply(state, Buy("Ann", ()))
    with pytest.raises(IllegalAction, match="DAY-2: rescuing a cat belongs to the Rescue cats phase"):
        engine.apply(state, Rescue("Ann", "left", state.left_field[0].id))
    assert "flow" not in (MODEL / "turns.py").read_text(encoding="utf-8")
