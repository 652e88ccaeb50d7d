"""Golden playthroughs: saved seeded bot games replay to exactly the same final scores (END-2, SCORE-1..8).

Each ``tests/golden/*.json`` holds a saved game (``Game.to_json()``: players, seed, every action) and the final
score of every player by category, the totals and the winners. A change in the rules engine or scoring that alters
any of them makes this test fail.

To regenerate the files after a deliberate rules change (then review the diff of the scores!)::

    ISLE_NB_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py -k regenerate
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from isle_nb.bots import GreedyBot, RandomBot, play
from isle_nb.model.isle.game import Game

GOLDEN = Path(__file__).parent / "golden"
REGENERATE_ENV = "ISLE_NB_REGENERATE_GOLDEN"

# name -> (players, seed, bot kinds per seat)
PLAYTHROUGHS: dict[str, tuple[tuple[str, ...], int, tuple[str, ...]]] = {
    "greedy_2p": (("Ann", "Ben"), 2024, ("greedy", "greedy")),
    "random_3p": (("Ann", "Ben", "Cat"), 7, ("random", "random", "random")),
    "mixed_4p": (("Ann", "Ben", "Cat", "Dan"), 31, ("greedy", "random", "greedy", "random")),
}
BOTS = {"greedy": GreedyBot, "random": RandomBot}


def final_record(game: Game) -> dict:
    """The final scores of a finished game: per player each category and the total, and the winners (SCORE-8)."""
    result = game.result()
    scores = {}
    for name in game.state.names:
        score = game.score(name)
        scores[name] = {**{key: int(value) for key, value in score.categories.items()}, "total": int(score.total)}
    return {
        "scores": scores,
        "totals": {name: row["total"] for name, row in scores.items()},
        "winners": sorted(result[result["winner"]]["player"]),
    }


def generate(name: str) -> dict:
    """Play the seeded bot game ``name`` and return its golden record."""
    players, seed, kinds = PLAYTHROUGHS[name]
    game = Game.new(list(players), seed=seed)
    play(game, [BOTS[kind](seed + i) for i, kind in enumerate(kinds)])
    assert game.over
    return {"name": name, "bots": list(kinds), "save": json.loads(game.to_json()), **final_record(game)}


def load(name: str) -> dict:
    """A golden record, with its save rebuilt (the file keeps one action per line)."""
    golden = json.loads((GOLDEN / f"{name}.json").read_text())
    golden["save"]["actions"] = golden.pop("actions")
    return golden


def dump(record: dict) -> str:
    """A golden record as JSON text with one action per line, so that a diff shows which actions changed."""
    record = json.loads(json.dumps(record))
    actions = record["save"].pop("actions")
    head = json.dumps(record, indent=1)
    lines = ",\n".join("  " + json.dumps(action) for action in actions)
    return f'{head[:-2]},\n "actions": [\n{lines}\n ]\n}}\n'


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough_replays_to_the_same_scores(name: str) -> None:
    """END-2 / SCORE-1..8: replaying a saved golden game gives exactly the recorded final scores and winners."""
    golden = load(name)
    game = Game.from_json(json.dumps(golden["save"]))
    assert game.over and game.state.day == 5
    assert len(game.actions) == len(golden["save"]["actions"])
    record = final_record(game)
    assert record["totals"] == golden["totals"]
    assert record["scores"] == golden["scores"]
    assert record["winners"] == golden["winners"]


def test_golden_bots_are_deterministic() -> None:
    """The same seeded bots play exactly the same game twice (what makes the golden files reproducible)."""
    assert generate("greedy_2p") == generate("greedy_2p")


@pytest.mark.skipif(os.environ.get(REGENERATE_ENV) != "1", reason=f"set {REGENERATE_ENV}=1 to rewrite the files")
def test_regenerate_golden_files() -> None:
    """Rewrite tests/golden/*.json from the seeded bot games (only with ISLE_NB_REGENERATE_GOLDEN=1)."""
    GOLDEN.mkdir(exist_ok=True)
    for name in PLAYTHROUGHS:
        record = generate(name)
        (GOLDEN / f"{name}.json").write_text(dump(record))
        assert load(name) == record
