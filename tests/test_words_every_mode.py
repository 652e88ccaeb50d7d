"""Issue #32 §5: what a player reads in every registered mode (log lines, refusals, placement sentences, labels) has
no plural/singular slip ("You flips", "1 private lessons", "discards 0 cards"), no nested brackets and no internal
key ("explore_draw", "bot:greedy", "'one_per_row'", a file name).

Seeded games of every mode of the registry are played by random bots, with the person at the screen called "You"
(the name the apps give them), and every sentence is read as the apps show it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.random_bot import RandomBot
from isle_nb.model.modes import MODES, GameMode, same_game
from isle_nb.model.parts.placement_effects import describe_placement
from isle_nb.widgets.saves import SavedGame, seat_words
from isle_nb.widgets.words import error_words, player_text

NAMES = ("You", "Bea", "Cy", "Di")

PLURAL_NOUNS = ("cards|cats|lessons|moves|treasures|baskets|maps|rats|tiles|points|colours|families|specials|players|"
                "days|rows|columns|discoveries")
SLIPS = {
    "a third-person verb after You": re.compile(r"\bYou (?!pass\b)[a-z]+[^s\W]s\b|\bYou has\b|\bYou's\b"),
    "a plural after 1": re.compile(rf"(?<![\d.,#-])\b1 (?:[a-z-]+ ){{0,2}}?(?:{PLURAL_NOUNS})\b"),
    "a singular after a number other than 1": re.compile(
        r"(?<![\d.,#-])\b(?:0|[2-9]|\d\d+) (?:[a-z-]+ ){0,1}?(?:card|cat|lesson|move|basket|map|rat|tile|point)\b"
        r"(?![-\w]| (?:colours?|treasures?|maps?|tiles?|lessons?|cards?|baskets?|famil))"),
    "an undecided plural": re.compile(r"\w\(s\)"),
    "nothing discarded said as 0": re.compile(r"\bdiscards 0\b"),
    "an internal key": re.compile(r"\b[a-z]+_[a-z_]+\b|\bbot:\w|\.json\b|\b[a-z]+=[a-z]"),
}


def nested_brackets(text: str) -> bool:
    """Whether ``text`` has a bracket inside a bracket ("(room 4 (bedroom (bottom)))")."""
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth > 1:
            return True
    return False


def slips(text: str) -> list[str]:
    """What is wrong with one sentence a player reads."""
    found = [f"{kind}: {m.group(0)!r}" for kind, pattern in SLIPS.items() for m in pattern.finditer(text)]
    return found + (["nested brackets"] if nested_brackets(text) else [])


def play(mode: GameMode, players: int, seed: int) -> Iterator[str]:
    """Every sentence the players of one seeded game of ``mode`` read: the log as each seat sees it (as the app
    words it), each refusal of a move made at the wrong time, and what each placement on offer would do."""
    names = list(NAMES[:players])
    game = mode.new(names, seed=seed)
    bot = RandomBot(seed)
    isle = same_game(mode.name, "standard")
    last: Any = None
    for _step in range(4000):
        if game.state.over:
            break
        player = game.awaiting[0]
        legal = game.rules.legal_actions(game.state, player)
        if last is not None and last not in legal:  # the previous move again: a refusal, as a player would read it
            try:
                game.apply(last)
            except IllegalAction as error:
                yield error_words(error)[0]
        if isle and type(legal[0]).__name__ == "Place" and hasattr(game.state.pending[0], "tile"):
            boat = next(p.boat for p in game.state.players if p.name == player)
            for place in legal[:3]:
                yield describe_placement(boat, game.state.pending[0].tile, place.cells)
        last = bot.choose(game, player, legal)
        game.apply(last)
        points_now = getattr(game.view(player), "points_now", None)
        assert points_now is None or set(points_now) == set(game.players)
    assert game.state.over, f"{mode.name} did not finish"
    for viewer in names:
        for entry in game.view(viewer).log:
            text = getattr(entry, "text", entry)
            yield player_text(text, entry.player, viewer)[0] if isle else player_text(text)[0]
    end = getattr(game.view(names[0]), "end", None)
    for step in getattr(end, "steps", ()):
        yield step.text


@pytest.mark.parametrize("name", list(MODES))
def test_every_mode_reads_without_slips(name: str) -> None:
    mode = MODES[name]
    problems: dict[str, str] = {}
    read = 0
    for players in sorted({mode.players[0], min(mode.default_players, 3)}):
        for seed in (1, 2):
            for text in play(mode, players, seed):
                read += 1
                for problem in slips(text):
                    problems.setdefault(problem, text)
    assert read > 50
    assert not problems, "\n".join(f"{p}  <-  {t}" for p, t in problems.items())


def test_labels_name_games_and_seats_in_words(tmp_path: Path) -> None:
    """The mode labels, seats and the saved games list say games and bots in words, without keys or file names."""
    for mode in MODES.values():
        assert not slips(mode.label), mode.label
    assert seat_words("bot:greedy") == "greedy bot" and seat_words("Cleo=bot:greedy") == "Cleo (greedy bot)"
    for name in MODES:
        for moves in (1, 12):
            saved = SavedGame(tmp_path / f"game-{name}.json", ("You", "bot:greedy"), name, 7, 0.0, 0.0, False, moves)
            assert not slips(saved.label) and saved.path.name not in saved.label, saved.label
            assert MODES[name].label in saved.label and "greedy bot" in saved.label


@pytest.mark.parametrize("text", [
    "You flips Mouse 4 on D3.", "You swaps a tile.", "You starts.", "You has chosen today's cards.",
    "gains 1 fish (1 private lessons)", "Loaded the game (1 moves).", "buys 2 cards and discards 0 cards",
    "places the cat in room 4 (bedroom (bottom))", "Explore & Draw (explore_draw)", "You vs bot:greedy",
    "covers 1 treasure map(s)", "You takes column B, using the special 'one_per_row'", "You's chief",
])
def test_the_checker_finds_each_slip_the_issue_names(text: str) -> None:
    assert slips(text)


@pytest.mark.parametrize("text", [
    "You flip Mouse 4 on D3.", "You pass.", "Gains 1 fish (1 private lesson).", "Lesson 1, 1 per common treasure.",
    "You take column B and C2, using the special \u201cone more card from another column\u201d.",
    "In room 4 (bedroom, bottom), covering 2 rats.", "Buys 2 cards for 4 fish.", "1 per 2 cats on the edge",
])
def test_the_checker_lets_good_sentences_be(text: str) -> None:
    assert not slips(text)
