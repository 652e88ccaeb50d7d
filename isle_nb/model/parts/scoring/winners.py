"""Who wins: the tie-breaks of the standard game (SCORE-8), the family game (FAMILY-5) and the solo game (SOLO-12)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal


def _best_then(scores: Mapping[str, int], tie_break: Mapping[str, int], what: str) -> tuple[str, ...]:
    if not scores:
        return ()
    top = max(scores.values())
    tied = [player for player, total in scores.items() if total == top]
    if len(tied) == 1:
        return tuple(tied)
    missing = [p for p in tied if p not in tie_break]
    if missing:
        raise ValueError(f"the tie-break needs the {what} of {', '.join(missing)}")
    best = max(tie_break[p] for p in tied)
    return tuple(p for p in tied if tie_break[p] == best)


def winners(scores: Mapping[str, int], fish: Mapping[str, int]) -> tuple[str, ...]:
    """The winner(s) of a standard game (SCORE-8).

    Highest total wins; among tied players the one with most unspent ``fish`` wins; players still tied share
    the victory (all are returned, in the order of ``scores``).
    """
    return _best_then(scores, fish, "fish")


def family_winners(scores: Mapping[str, int], filled_rooms: Mapping[str, int]) -> tuple[str, ...]:
    """The winner(s) of a family game (FAMILY-5): highest total, then most filled rooms, else shared."""
    return _best_then(scores, filled_rooms, "filled rooms")


def solo_winner(player_total: int, sister_total: int) -> Literal["player", "sister"]:
    """Who wins the solo game (SOLO-12): the player needs a strictly higher total; the sister wins ties."""
    return "player" if player_total > sister_total else "sister"


__all__ = ["family_winners", "solo_winner", "winners"]
