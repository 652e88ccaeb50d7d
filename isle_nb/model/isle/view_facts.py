"""What a screen derives from one player's view of The Isle of Cats (design.md §3: derived facts come from the view,
never from the state).

Each function reads only a :class:`~isle_nb.model.isle.player_view.PlayerView`, so it works the same for a local seat,
a remote one that holds nothing but the views a hub sent, a bot and a test: the seat order, where the game is in
the phase table, how many cards to keep in the draft and where the rest go, the solo game's numbered rows, and every
score as far as the viewer can know it (another player's private or family lessons stay out until the end), and what
to know before playing an anytime card that would give nothing now (:func:`caution`).
"""

from __future__ import annotations

from typing import Any

from isle_nb.model.isle import flow
from isle_nb.model.isle.constants import FIELD_COST, SISTER
from isle_nb.model.isle.phases import explore, solo
from isle_nb.model.isle.player_view import OtherView, OwnView, PlayerView
from isle_nb.model.isle.results import largest_elsewhere, side_score
from isle_nb.model.isle.variants import variant
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.scoring import Score, score_sister
from isle_nb.model.parts.scoring.score import plural

HIDDEN_CATEGORIES = ("private_lessons", "family_lessons")
"""Score categories of cards another player keeps secret until the end of the game."""


def sides(view: PlayerView) -> tuple[OwnView | OtherView, ...]:
    """Every player's side of the table as the viewer sees it, in seat order."""
    shown = (*((view.me,) if view.me is not None else ()), *view.others)
    return tuple(sorted(shown, key=lambda side: side.seat))


def seat_order(view: PlayerView) -> tuple[str, ...]:
    """The players' names in seat order (not the sister)."""
    return tuple(side.name for side in sides(view))


def no_rescue_reason(view: PlayerView) -> str:
    """Why the viewer cannot rescue a cat now, in words (RESCUE-3..5, PLACE-5): the fields are empty, no basket is
    left, the fish are too few, or no cat in the fields fits on the boat."""
    me = view.me
    assert me is not None, "a watcher rescues nothing"
    fields = {"left": view.left_field, "right": view.right_field}
    if not (view.left_field or view.right_field):
        return "the fields are empty"
    if me.baskets_available < 1:
        return "you have no basket left (each cat needs one: RESCUE-5)"
    payable = [tile for name, tiles in fields.items() if me.fish >= FIELD_COST[name] for tile in tiles]
    if not payable:
        costs = " and ".join(f"{FIELD_COST[n]} fish from the {n} field" for n, tiles in fields.items() if tiles)
        return f"a cat costs {costs}, and you have {plural(me.fish, 'fish', 'fish')} (RESCUE-4)"
    touch = not me.place_anywhere
    if not any(me.boat.can_place(t.with_colour("blue") if t.kind == "oshax" and t.colour is None else t, touch)
               for t in payable):
        return "no cat you can pay for has room on your boat (PLACE-5)"
    return ""


def step_row(view: PlayerView) -> flow.Step:
    """The row of the phase table the game is in (its name for players, what is being done, its panel)."""
    return flow.row(view)


def describe_pending(view: PlayerView) -> str | None:
    """The decision on top of the pending stack, in words, or ``None`` if there is none."""
    return flow.describe_pending(view.pending[-1].kind) if view.pending else None


def picks_needed(view: PlayerView) -> int:
    """How many cards the viewer keeps from their draft pack (EXPLORE-2; 3 of 5 in solo, SOLO-4)."""
    assert view.me is not None, "a watcher drafts nothing"
    return explore.picks_needed(view.me, view.mode)


def pass_direction(view: PlayerView) -> int:
    """Where draft packs go today: +1 to the next seat, -1 to the previous, 0 when nothing is passed (EXPLORE-3,
    SOLO-4)."""
    return 0 if view.sister is not None else explore.pass_direction(view.day)


def needs_cover(view: PlayerView) -> bool:
    """Whether this view shows something the other people at a shared device must not see now (hands, picks,
    lessons), so that handing the device over hides the screen first."""
    steps = variant(view.mode).covered_steps
    return steps is None or (view.phase, view.step) in steps


def solo_rows(view: PlayerView) -> dict[str, list[Any]] | None:
    """Solo game: the numbered rows the sister's basket cards refer to (SOLO-3, SOLO-8), else ``None``:
    ``"cats"`` (Cat 1..n), ``"rare"`` (Rare 1..n, each a stack of one shape) and ``"oshax"`` (Oshax 1..n)."""
    if view.sister is None:
        return None
    return {
        "cats": list(solo.cat_row(view)),
        "rare": [list(stack) for stack in solo.rare_stacks(view)],
        "oshax": list(view.oshax_supply),
    }


def live_score(view: PlayerView, name: str) -> Score:
    """``name``'s score if the game ended now, as the viewer can know it: everything for the viewer and the sister,
    another player's without their secret lessons (they count in :meth:`Seat.result` at the end)."""
    me = view.me
    if name == SISTER and view.sister is not None and me is not None:
        return score_sister(me.boat, colour_order=view.sister.colours, solo_lessons=view.sister.lessons,
                            fish=me.fish, private_lesson_count=len(me.private_lessons))
    side = next(s for s in sides(view) if s.name == name)
    return side_score(
        view.mode, side.boat,
        private_lessons=side.private_lessons if isinstance(side, OwnView) else (),
        private_lesson_count=None if isinstance(side, OwnView) else side.private_lessons,
        family_lessons=side.family_lessons if isinstance(side, OwnView) else (),
        public_lessons=view.public_lessons,
        fish=side.fish,
        permanent_baskets=side.permanent_baskets,
        first_in_turn_order=bool(view.turn_order) and view.turn_order[0] == name,
        largest_family_of_others=largest_elsewhere({s.name: s.boat for s in sides(view)}, name),
    )



def _card_baskets(cards: tuple[int, ...]) -> int:
    """How many cats the baskets on these rescue cards carry: one per full basket, one per two halves (RESCUE-5)."""
    found = [card(c) for c in cards if card(c).type == "rescue"]
    return sum(c.basket == "full" for c in found) + sum(c.basket == "half" for c in found) // 2


def baskets_for_next_rescue(view: PlayerView) -> int:
    """How many cats the viewer could carry at their next rescue with what they hold now (RESCUE-5): during the
    rescue turns the baskets left; before them today's ready baskets and those of the rescue cards chosen or in
    hand; after them tomorrow's permanent baskets and the rescue cards in hand."""
    me = view.me
    assert me is not None, "a watcher rescues nothing"
    if view.phase == "rescue" and view.step == "turns":
        return me.baskets_available
    if view.phase == "rescue" and me.rescue_cards is not None:
        return me.baskets_ready + _card_baskets(me.rescue_cards)
    ready = me.permanent_baskets if view.phase == "rare_finds" else me.baskets_ready
    return ready + _card_baskets(me.hand)


def caution(view: PlayerView, card_id: int) -> str | None:
    """What the viewer should know before playing the anytime card ``card_id``, which the rules allow but which
    would give nothing now, or ``None``: cards 80-82 with fewer baskets than cats (each cat needs its own)."""
    found = card(card_id)
    if found.effect != "rescue_two":
        return None
    assert view.me is not None, "a watcher plays no card"
    cats = view.me.extra_rescues + 2
    baskets = baskets_for_next_rescue(view)
    if baskets >= cats:
        return None
    return (f"You have {plural(baskets, 'basket')} for your next rescue and each cat needs its own: this card gives "
            f"you nothing unless you gain a basket first (cards 84-89).")

__all__ = [
    "HIDDEN_CATEGORIES",
    "caution",
    "describe_pending",
    "live_score",
    "needs_cover",
    "no_rescue_reason",
    "pass_direction",
    "picks_needed",
    "seat_order",
    "sides",
    "solo_rows",
    "step_row",
]
