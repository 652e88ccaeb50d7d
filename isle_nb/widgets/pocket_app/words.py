"""What the Pocket Cats panel says: the goal and a legend of the tiles, where the game is and whose move it is, the
score if the game ended now, the latest events, and what Undo took back."""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Mapping
from typing import Any

from isle_nb.model.parts.words import YOU, plural
from isle_nb.model.pocket.actions import ChooseClan, Flip, KeepDogs, PocketAction, RotateDog, Stay, Swap
from isle_nb.model.pocket.board import TURNS_PER_GAME, Cell, index, name
from isle_nb.model.pocket.endgame import clan_name
from isle_nb.model.pocket.player_view import PocketView
from isle_nb.model.pocket.tiles import CLANS
from isle_nb.widgets.words import bot_sentence, latest_lines, you_are

GOAL = ("<b>Goal:</b> catch the most prey points. When every tile is face up, the dogs bite the cats their arrows "
        "point at, then each prey goes to the clan with more attack on the cats beside it (POCKET-3).")
"""What the players play for, in one line above the board."""

LESSON = "11_pocket_cats.ipynb"
"""The notebook that teaches Pocket Cats, beside the play notebook; the app links it."""

MOVE_WORDS: dict[type[PocketAction], Callable[[Any], str]] = {
    Swap: lambda a: f"the move from {name(a.source)} to {name(a.target)}",
    Flip: lambda a: f"turning over {name(a.cell)}",
    RotateDog: lambda a: f"turning the dog on {name(a.cell)}",
    ChooseClan: lambda a: f"keeping {clan_name(a.clan)}",
    Stay: lambda _a: "leaving the tile in place",
    KeepDogs: lambda _a: "leaving the dogs as they were",
}
"""Each kind of move in a few plain words, for what Undo took back."""


def move_words(action: PocketAction) -> str:
    """A move in a few plain words ("the move from A1 to B2"), for what Undo took back."""
    words = MOVE_WORDS.get(type(action))
    return words(action) if words is not None else "the last move"


def standing_html(view: PocketView, viewer: str) -> str:
    """The score so far, and who is ahead: each player's points if the game ended now (from the view's
    :attr:`~isle_nb.model.pocket.player_view.PocketView.points_now`), plus the points of the match's finished games;
    empty before both clans are known and once the game's end is shown."""
    total = view.score_so_far
    if view.points_now is None or total is None:
        return ""
    first, second = view.players
    if total[first] == total[second]:
        verdict = "level"
    else:
        leader = max(view.players, key=lambda p: total[p])
        verdict = "you are ahead" if leader in (viewer, YOU) else f"{html.escape(leader)} is ahead"
    scores = ", ".join(f"{html.escape(p)} {plural(total[p], 'point')}" for p in view.players)
    match = " (with the games played before)" if view.finished else ""
    return (f"<div style='line-height:1.45'><b>If the game ended now:</b> {scores}{match}: {verdict}. "
            "<small>Face-down tiles take no part yet.</small></div>")


def guide_html(view: PocketView) -> str:
    """The goal in one line, a legend of what the tiles show (the clans' two letters, the dogs' arrows) and a link
    to the notebook that teaches the game."""
    clans = [c for c in view.clans if c is not None] or list(CLANS)
    letters = ", ".join(f"<b>{CLANS[c].abbreviation}</b> {html.escape(CLANS[c].name)}" for c in clans)
    return (
        f"<div style='line-height:1.45'>{GOAL}</div>"
        "<div style='line-height:1.4;font-size:12px;color:#444'>"
        f"On a cat: its clan's two letters ({letters}) and its attack. "
        "A dog's arrows show where it bites when the dogs attack. "
        f'<a href="{LESSON}" target="_blank" rel="noopener" style="color:#1a5fb4;text-decoration:underline">'
        "How to play Pocket Cats</a></div>"
    )


def status_html(view: PocketView, result: Any, actor: str | None, bots: Collection[str],
                source: Cell | None, you: str | None = None) -> str:
    """Who ``you`` (the one person at this screen, if one) plays, where the game is and what ``actor`` (the player
    at the screen, if they must act now) does next; ``result`` once the game is over, ``source`` the prey chosen to
    move instead of the flipped tile (Polterkitties)."""
    clan = view.clans[view.players.index(you)] if you in view.players else None
    said = you_are(you, f" ({clan_name(clan)})" if clan else "")
    return (f"{said}. " if said else "") + _where(view, result, actor, bots, source)


def _where(view: PocketView, result: Any, actor: str | None, bots: Collection[str], source: Cell | None) -> str:

    def who(p: str) -> str:
        clan = view.clans[view.players.index(p)]
        tag = " (bot)" if p in bots else ""
        return f"{html.escape(p)}{tag}" + (f" &ndash; {clan_name(clan)}" if clan else "")

    if result is not None:
        winners = result.winners
        verdict = "a shared victory" if len(winners) == 2 else f"{html.escape(winners[0])} wins"
        totals = ", ".join(f"{html.escape(p)} {points}" for p, points in view.points.items())
        return f"<b>Game over: {verdict}</b> ({totals} points). Step through the end below."
    head = f"<b>Game {view.game}</b>"
    if view.stage == "choose_clan":
        head += ": choosing clans (POCKET-5). "
        if actor:
            return head + f"{who(actor)}: keep one of your clan cards."
        return head + "Waiting for " + ", ".join(map(html.escape, view.awaiting)) + "."
    if view.stage == "between":
        return head + " is over. " + (f"{who(actor)}: start the second game." if actor else "")
    head += f", turn {min(view.turn + 1, TURNS_PER_GAME)} of {TURNS_PER_GAME}. "
    if view.stage == "chief":
        if actor:
            return head + f"{who(actor)}: your chief may turn a dog next to her (choose a green dog), or leave " \
                          "the dogs (POCKET-6)."
        return head + "The Royal Claws chief is choosing."
    mover = view.awaiting[0]
    if actor is None:
        return head + f"{who(mover)} to play."
    if view.stage == "flip":
        return head + f"{who(actor)}: choose a face-down tile to flip it (POCKET-2)."
    assert view.flipped is not None
    piece = view.grid[index(view.flipped)].piece
    text = head + f"{who(actor)}: swap {html.escape(piece.label)} with a highlighted tile (POCKET-2)."
    if source is not None:
        text += f" Moving the prey on {name(source)} instead (Polterkitties)."
    return text


def log_html(view: PocketView, bots: Mapping[int, str] | None = None) -> str:
    """The latest lines of the log ``view``'s seat may read, as a list; ``bots``: the lines that tell of a move a
    bot made for a person who kept a shared table waiting, by place, with that person
    (:func:`~isle_nb.widgets.words.bot_lines`): they say so."""
    lines = latest_lines(view.log, 6, bots or {})
    items = "".join(f"<li>{html.escape(e.text if bot is None else bot_sentence(e.text, bot, view.player))}</li>"
                    for e, bot in lines)
    return f"<ul style='margin:4px 0;padding-left:18px;font-size:12px;line-height:1.4'>{items}</ul>"


__all__ = ["GOAL", "LESSON", "MOVE_WORDS", "guide_html", "log_html", "move_words", "standing_html", "status_html"]
