"""Who the app shows: the person who must decide now at a table of people and bots, and whether the hot-seat cover
hides the screen while the device passes from one person to another."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.isle.view_facts import needs_cover


def next_viewer(current: str | None, view: PlayerView, humans: Sequence[str], players: Sequence[str]) -> str:
    """The player to show after a change: the person a pending decision waits for, else the one shown if they still
    decide (or nobody does), else the first person who decides; only bots: the one shown (``view``'s public facts
    say who is awaited)."""
    if not humans:
        return current or players[0]
    if view.pending and view.pending[-1].player in humans:
        return view.pending[-1].player
    deciding = [n for n in view.awaiting if n in humans]
    if current is not None and (current in deciding or (not deciding and current in humans)):
        return current
    return deciding[0] if deciding else humans[0]


def cover_between(previous: str | None, new: str, humans: Collection[str], view: PlayerView,
                  hot_seat_cover: bool) -> bool:
    """Hot seat: hide the screen when the device passes to a different person and the screen shows secrets (the
    family game's only while lessons are dealt)."""
    if not (hot_seat_cover and previous in humans and new in humans and previous != new):
        return False
    return needs_cover(view)


__all__ = ["cover_between", "next_viewer"]
