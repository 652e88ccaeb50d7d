"""Words for players: model messages and log lines turned into sentences, with rule IDs as small tags.

The model writes short log lines ("keeps #64, #5 from the draft", "buys 5 card(s) for 10 fish (EXPLORE-5)") and
refusals ("PLACE-1: the red 6-square cat would lie off the boat at [(-1, 0)]"). The app shows them as sentences: the
player in front ("You keep #64, #5", with the verb in the second person for the player called "You"), plurals spelled
out ("1 card", "5 cards"), no coordinate lists or Python reprs, and every rule ID as a small tag whose tooltip is the
rule in the project's own words (``isle_nb/data/rules.json``, built from the rules reference by
``scripts/build_rules_json.py``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, TypeVar

from isle_nb.data import load
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.placement_effects import room_words
from isle_nb.model.parts.words import YOU, second_person, third_person

RULE_ID = re.compile(r"\b([A-Z]{2,8}-\d+[a-z]?)\b")
RULES_IN_PARENS = re.compile(r"\s*\(((?:[A-Z]{2,8}-\d+[a-z]?)(?:\s*,\s*[A-Z]{2,8}-\d+[a-z]?)*)\)")
LEADING_RULE = re.compile(r"^\s*([A-Z]{2,8}-\d+[a-z]?)\s*:\s*")
PLURAL = re.compile(r"\b(\d+) ((?:[A-Za-z]+ ){0,2}[A-Za-z]+)\(s\)")
CELLS = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
CELL_LIST = re.compile(r"\s*(?:at |on )?\[?(?:\(\s*-?\d+\s*,\s*-?\d+\s*\)(?:\s*,\s*)?)+\]?")
CELL_SET = re.compile(r"\s*(?:at )?(?:frozenset\()?\{[^{}]*\}\)?")
REPR = re.compile(r"\b\w+\([a-z_]+=[^)]*\)")



@cache
def rule_texts() -> dict[str, str]:
    """Rule ID -> the rule in one paragraph (our own summary of the rules reference)."""
    return dict(load("rules"))


def rule_text(rule: str) -> str:
    """The summary of one rule ("" for an unknown ID)."""
    return rule_texts().get(rule, "")


def rule_tag(rule: str) -> str:
    """A small tag showing ``rule``; hovering it shows the rule's text."""
    summary = rule_text(rule) or "a rule of the game"
    return (f'<span class="isle-rule" title="{html.escape(rule)}: {html.escape(summary)}">'
            f"{html.escape(rule)}</span>")


def split_rules(text: str) -> tuple[str, list[str]]:
    """``text`` without its rule IDs (a leading ``"RULE-1: "`` or a ``"(RULE-1, RULE-2)"`` group), and the IDs."""
    rules: list[str] = []
    lead = LEADING_RULE.match(text)
    if lead:
        rules.append(lead.group(1))
        text = text[lead.end():]

    def take(match: re.Match[str]) -> str:
        rules.extend(r.strip() for r in match.group(1).split(","))
        return ""

    text = RULES_IN_PARENS.sub(take, text)
    return text.strip(), list(dict.fromkeys(rules))


def plurals(text: str) -> str:
    """``"1 card(s)"`` -> ``"1 card"``, ``"5 card(s)"`` -> ``"5 cards"``."""
    return PLURAL.sub(lambda m: f"{m.group(1)} {m.group(2)}{'' if m.group(1) == '1' else 's'}", text)


SECOND_VERB = re.compile(r"\band (buys|discards|draws|gains|keeps|moves|passes|places|plays|takes)\b")
"""A second verb of the same player in a log line ("plays card #70 and takes an Oshax"), put in the second person
with the first ("You play card #70 and take an Oshax")."""


def without_coordinates(text: str) -> str:
    """Remove cell lists and sets (``at [(-1, 0), (0, 0)]``, ``{(3, 4)}``) and Python reprs from a message."""
    text = CELL_SET.sub("", text)
    text = CELL_LIST.sub("", text)
    text = REPR.sub("", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def sentence(text: str) -> str:
    """Capital first letter and a full stop (or the text's own closing punctuation)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?:" else text + "."


def cells_in(text: str) -> list[tuple[int, int]]:
    """The ``(x, y)`` cells written in ``text``."""
    pairs = (c.strip("() ").split(",") for c in CELLS.findall(text))  # CELLS matches two numbers
    return [(int(x), int(y)) for x, y in pairs]


def placement_words(boat: Boat, cells: Iterable[tuple[int, int]]) -> str:
    """Where a tile lies (after the fact, for the log), in the game's words: the rooms (named as everywhere, by
    :func:`~isle_nb.model.parts.placement_effects.room_words`), the rats it covers, the treasure maps under it."""
    cells = [(x, y) for x, y in cells]
    room_of = boat.layout.room_of
    rooms = sorted({room_of[c] for c in cells if c in room_of})
    parts = []
    if rooms:
        parts.append("in " + " and ".join(room_words(r) for r in rooms))
    rats = sum(1 for c in cells if c in boat.rats)
    if rats:
        parts.append(f"covering {rats} rat{'s' if rats != 1 else ''}")
    maps = [boat.maps[c] for c in cells if c in boat.maps]
    for colour in maps:
        parts.append(f"on the {colour} map")
    return ", ".join(parts)


T = TypeVar("T")


def bot_lines(seat: Any) -> Mapping[int, str]:
    """The lines of ``seat``'s log (by place in its view's log) that tell of a move a bot made for a person who kept
    a shared table waiting, with that person (a hub's seat knows them:
    :attr:`~isle_nb.remote.RemoteSeat.stand_in_lines`); none at a table played at this device."""
    return getattr(seat, "stand_in_lines", {})


def latest_lines(log: Sequence[T], count: int, bots: Mapping[int, str]) -> list[tuple[T, str | None]]:
    """The last ``count`` lines of ``log``, each with the person a bot made that move for (``None`` for a line
    that is no such move's; ``bots`` from :func:`bot_lines`)."""
    start = max(0, len(log) - count)
    return [(line, bots.get(start + number)) for number, line in enumerate(log[start:])]


def bot_for(person: str, viewer: str | None) -> str:
    """The subject of a line about a move a bot made for ``person`` while they were away: "A bot playing for
    Bob", and "A bot playing for you" on that person's own screen."""
    return f"A bot playing for {'you' if person in (viewer, YOU) else person}"


def bot_sentence(text: str, person: str, viewer: str | None = None) -> str:
    """A whole log sentence that starts with ``person`` ("Bob flips the fox.") told of the bot that played for them
    while they were away ("A bot playing for Bob flips the fox.", "A bot playing for you flips..." on their own
    screen); a sentence that does not start with them (what followed from the move) stays as it is."""
    if person == YOU and text.startswith(YOU + " "):
        verb, _, rest = text[len(YOU) + 1:].partition(" ")
        return f"{bot_for(person, viewer)} {third_person(verb)}{' ' if rest else ''}{rest}"
    if text.startswith(person + " ") and person:
        return f"{bot_for(person, viewer)} {text[len(person) + 1:]}"
    return text


def player_text(text: str, player: str | None = None, viewer: str | None = None,
                boat: Boat | None = None, stand_in: str | None = None) -> tuple[str, list[str]]:
    """A log line as a sentence for players (plain text, not yet escaped) and the rule IDs it cites.

    ``player`` is who did it (the sentence starts with their name; "You" when it is ``viewer`` or the player is
    called "You", with the verb in the second person). ``boat`` (that player's boat) lets a placement say where
    the tile went instead of listing cells. ``stand_in``: the person a bot made this move for while they kept a
    shared table waiting: the bot is then the subject where that person would have been ("A bot playing for Bob
    buys...", "A bot playing for you buys..." on their own screen), also in a whole sentence that names them first
    (``player`` ``None``: :func:`bot_sentence`).
    """
    if stand_in is not None and player is None:
        return player_text(bot_sentence(text, stand_in, viewer), None, viewer, boat)
    text, rules = split_rules(text)
    text = plurals(text)
    if boat is not None and text.startswith("places ") and CELLS.search(text):
        where = placement_words(boat, cells_in(text))
        text = without_coordinates(text) + (f" {where}" if where else "")
    else:
        text = without_coordinates(text)
    if player:
        you = player in (viewer, YOU)
        words = text.split(" ", 1)
        if player == stand_in:
            subject = bot_for(player, viewer) + ("" if words and words[0].islower() else ":")
        elif you and words and words[0].islower():
            words[0] = second_person(words[0])
            text = SECOND_VERB.sub(lambda m: f"and {second_person(m[1])}", " ".join(words))
            subject = YOU
        elif you:
            subject = YOU + ":"
        elif words and words[0].islower():
            subject = player
        else:
            subject = player + ":"
        text = f"{subject} {text}"
    return sentence(text), rules


def you_are(name: str | None, role: str = "") -> str:
    """Who the person at this screen plays, as the apps say it first ("You are <b>Ann</b>"), with ``role`` after the
    name (HTML); nothing for nobody (a watcher) or a player called "You"."""
    if name is None or name == YOU:
        return ""
    return f"You are <b>{html.escape(name)}</b>{role}"


def line_html(text: str, rules: Iterable[str] = ()) -> str:
    """A sentence (plain text) and its rule tags, as HTML."""
    tags = "".join(rule_tag(r) for r in rules)
    return f"{html.escape(text)}{' ' + tags if tags else ''}"


def error_words(error: BaseException) -> tuple[str, list[str]]:
    """A refusal of the rules (or any error message) as a sentence and the rule IDs it names."""
    text, rules = split_rules(str(error))
    rule = getattr(error, "rule", None)
    if isinstance(rule, str) and rule not in rules:
        rules.insert(0, rule)
    text = plurals(without_coordinates(text))
    return sentence(text), rules


__all__ = [
    "bot_for",
    "bot_lines",
    "bot_sentence",
    "error_words",
    "latest_lines",
    "line_html",
    "placement_words",
    "player_text",
    "plurals",
    "rule_tag",
    "rule_text",
    "second_person",
    "sentence",
    "split_rules",
    "without_coordinates",
    "you_are",
]
