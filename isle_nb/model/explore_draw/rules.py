"""The legality API of Explore & Draw: who acts, the legal actions, and applying an action (ED-1..ED-10).

:func:`apply` validates every action with the same checks that :func:`legal_actions` uses to build its
candidates, and raises :class:`~isle_nb.model.core.errors.IllegalAction` naming the rule (the state is a value, so a
refused action changes nothing). After each action, :func:`settle` does what needs no decision: a discovery
that cannot be drawn anywhere is skipped (and only then, ED-3), a map bonus with no treasure that fits is lost,
and the day ends once every player has resolved their cards.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations_with_replacement
from typing import TypedDict

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.explore_draw import sheet
from isle_nb.model.explore_draw.actions import (
    ChooseCards,
    DeclineCopy,
    Draw,
    EDAction,
    TakeCard,
    TakeMapBonus,
    UseSpecial,
    check_action,
)
from isle_nb.model.explore_draw.data import (
    IslandCard,
    common_shapes,
    island_card,
    sheet_lesson,
    special_name,
    specials,
    specials_limits,
)
from isle_nb.model.explore_draw.island import CHOICE_SPECIALS, DAYS, choices, describe_choice, slot_name
from isle_nb.model.explore_draw.state import Drawn, EDPlayer, EDState, Obligation, deal
from isle_nb.model.parts.tiles import COLOURS, Colour, Tile, check_colour
from isle_nb.model.parts.words import possessive, subject, with_article

SPECIALS_PER_DAY, SPECIALS_PER_GAME = specials_limits()
TWICE_SPECIALS: tuple[str, ...] = ("twice_cat", "twice_treasure")
SPECIAL_KEYS: tuple[str, ...] = tuple(s.key for s in specials())


# -- who acts -------------------------------------------------------------------------------------------------
def awaiting(state: EDState) -> tuple[str, ...]:
    """Players who must act now: those who have not chosen yet, or who still have cards to resolve."""
    if state.step == "choose":
        return tuple(s.name for s in state.seats if s.choice is None)
    if state.step == "resolve":
        return tuple(s.name for s in state.seats if s.busy)
    return ()


def special_refusal(state: EDState, seat: EDPlayer, special: str) -> str | None:
    """Why ``seat`` cannot use ``special`` now (ED-6), or ``None`` if they can."""
    if special not in SPECIAL_KEYS:
        return f"there is no special called {special!r}; the specials are {', '.join(SPECIAL_KEYS)}"
    if any(key == special for key, _ in seat.specials):
        used = special_name(special)
        return f"{subject(seat.name, 'has')} already used the special \u201c{used}\u201d: each special is used once"
    if len(seat.specials) >= SPECIALS_PER_GAME:
        return f"{subject(seat.name, 'has')} already used {SPECIALS_PER_GAME} specials, the most a game allows"
    if sum(1 for _, day in seat.specials if day == state.day) >= SPECIALS_PER_DAY:
        return f"{subject(seat.name, 'has')} already used a special today: {SPECIALS_PER_DAY} a day"
    return None


# -- legal actions --------------------------------------------------------------------------------------------
def legal_actions(state: EDState, player: str) -> list[EDAction]:
    """Every legal action of ``player`` now (empty when they have nothing to do)."""
    seat = state.seat(player)
    if state.step == "choose":
        if seat.choice is not None:
            return []
        found: list[EDAction] = [ChooseCards(player, slots) for slots in choices(None)]
        for special in CHOICE_SPECIALS:
            if special_refusal(state, seat, special) is None:
                found += [ChooseCards(player, slots, special) for slots in choices(special)]
        return found
    if state.step != "resolve" or not seat.busy:
        return []
    found = _resolve_actions(state, seat)
    for special in TWICE_SPECIALS:
        if special_refusal(state, seat, special) is None:
            found.append(UseSpecial(player, special))
    return found


def _resolve_actions(state: EDState, seat: EDPlayer) -> list[EDAction]:
    if seat.now:
        head = seat.now[0]
        if head.tile is None:
            options: list[EDAction] = [
                TakeMapBonus(seat.name, s) for s in common_shapes() if sheet.fits(seat.boat, Tile.common(s))
            ]
            return [*options, TakeMapBonus(seat.name, None)]
        declines: list[EDAction] = [DeclineCopy(seat.name)] if head.source == "copy" else []
        return [*_draws(seat, (head.tile,)), *declines]
    if seat.card is not None:
        return _draws(seat, seat.items)
    found: list[EDAction] = []
    for slot in seat.to_resolve:
        found += [TakeCard(seat.name, slot, **option) for option in card_options(island_card(state.card_at(slot)))]
    return found


def _draws(seat: EDPlayer, tiles: tuple[Tile, ...]) -> list[EDAction]:
    found: list[EDAction] = []
    seen: set[str] = set()
    for tile in tiles:
        if tile.id in seen:
            continue
        seen.add(tile.id)
        colours: tuple[str | None, ...] = (None,)
        if tile.kind == "oshax":
            colours = (tile.colour,) if tile.colour is not None else COLOURS
        found += sheet.draw_actions(seat.boat, seat.name, tile, colours)
    return found


class CardOption(TypedDict, total=False):
    """One way to take a card: the keywords of :class:`TakeCard` it sets (none for a card that asks nothing)."""

    side: str
    picks: tuple[int, ...]
    colour: Colour


def card_options(card: IslandCard) -> list[CardOption]:
    """What a player may decide when taking ``card``: the colour of a pick-a-colour lesson (ED-5), the side of an
    ``or`` card, the two picks of an ``any 2`` card (ED-4); one empty option otherwise."""
    if card.lesson is not None:
        if sheet_lesson(card.lesson).pick_colour:
            return [{"colour": c} for c in COLOURS]
        return [{}]
    if card.keyword == "or":
        return [{"side": "above"}, {"side": "below"}]
    if card.keyword == "any 2":
        return [{"picks": pair} for pair in combinations_with_replacement(range(len(card.discoveries)), 2)]
    return [{}]


# -- applying -------------------------------------------------------------------------------------------------
def apply(state: EDState, action: EDAction) -> EDState:
    """The state after ``action``; :class:`IllegalAction` naming the rule if the rules refuse it."""
    check_action(action)
    if state.over:
        raise IllegalAction("ED-1", "the game is over: the seventh day has ended")
    seat = state.seat(action.player)
    if isinstance(action, ChooseCards):
        return _choose(state, seat, action)
    if state.step != "resolve":
        raise IllegalAction("ED-2", f"{seat.name} must first choose today's cards (a column)")
    if not seat.busy:
        raise IllegalAction("ED-2", f"{subject(seat.name, 'has')} resolved all of today's cards")
    if isinstance(action, UseSpecial):
        new = _use_special(state, seat, action)
    elif isinstance(action, TakeCard):
        new = _take_card(state, seat, action)
    elif isinstance(action, Draw):
        new = _draw(state, seat, action)
    elif isinstance(action, TakeMapBonus):
        new = _map_bonus(state, seat, action)
    elif isinstance(action, DeclineCopy):
        new = _decline_copy(state, seat)
    else:
        raise IllegalAction("ED-2", f"unknown action {action!r}")
    return end_day_if_done(settle(new, seat.name))


def _choose(state: EDState, seat: EDPlayer, action: ChooseCards) -> EDState:
    if state.step != "choose":
        raise IllegalAction("ED-2", "the cards of the day have already been chosen")
    if seat.choice is not None:
        raise IllegalAction("ED-2", f"{subject(seat.name, 'has')} already chosen today's cards")
    special = action.special
    if special is not None:
        if special not in CHOICE_SPECIALS:
            raise IllegalAction(
                "ED-6", f"the special \u201c{special_name(special)}\u201d does not change the choice; use it while "
                "resolving cards"
            )
        refusal = special_refusal(state, seat, special)
        if refusal:
            raise IllegalAction("ED-6", refusal)
    slots = tuple(sorted(action.slots))
    if slots not in choices(special):
        what = {
            None: "one column (3 cards)",
            "extra_card": "one column and one card of another column",
            "one_per_row": "one card of each row",
            "row": "one row (4 cards)",
        }[special]
        raise IllegalAction("ED-6" if special else "ED-2", f"choose {what}, not the slots {list(action.slots)}")
    specials_used = seat.specials if special is None else (*seat.specials, (special, state.day))
    state = state.with_seat(replace(seat, choice=slots, choice_special=special, specials=specials_used))
    state = state.logged(seat.name, f"{subject(seat.name, 'has')} chosen today's cards")
    if any(s.choice is None for s in state.seats):
        return state
    return _reveal_choices(state)


def _reveal_choices(state: EDState) -> EDState:
    """Every player has chosen: show the choices and start resolving (ED-2)."""
    seats = tuple(replace(s, to_resolve=s.choice or ()) for s in state.seats)
    state = replace(state, seats=seats, step="resolve", revealed=state.revealed + 1)
    for s in seats:
        assert s.choice is not None
        special = f", using the special \u201c{special_name(s.choice_special)}\u201d (ED-6)" if s.choice_special else ""
        took = f"{subject(s.name, 'takes')} {describe_choice(s.choice, s.choice_special)}{special}"
        state = state.logged(s.name, took)
    return state


def _use_special(state: EDState, seat: EDPlayer, action: UseSpecial) -> EDState:
    if action.special not in TWICE_SPECIALS:
        raise IllegalAction("ED-6", f"the special \u201c{special_name(action.special)}\u201d is chosen with the "
                                    "cards, not while resolving them")
    refusal = special_refusal(state, seat, action.special)
    if refusal:
        raise IllegalAction("ED-6", refusal)
    seat = replace(seat, specials=(*seat.specials, (action.special, state.day)), armed=(*seat.armed, action.special))
    what = "cat" if action.special == "twice_cat" else "treasure"
    return state.with_seat(seat).logged(seat.name, f"{seat.name} will draw the next {what} twice (ED-6)")


def _take_card(state: EDState, seat: EDPlayer, action: TakeCard) -> EDState:
    if seat.now or seat.card is not None:
        raise IllegalAction("ED-2", "finish the card you are resolving before taking the next one")
    if action.slot not in seat.to_resolve:
        raise IllegalAction("ED-2", f"{slot_name(action.slot)} is not one of {possessive(seat.name)} cards left today")
    card = island_card(state.card_at(action.slot))
    option = {k: v for k, v in (("side", action.side), ("picks", tuple(action.picks)), ("colour", action.colour)) if v}
    if card.keyword == "any 2" and action.picks:
        option["picks"] = tuple(sorted(action.picks))
    if option not in card_options(card):
        raise IllegalAction(*_option_refusal(card, action))
    seat = replace(
        seat,
        to_resolve=tuple(s for s in seat.to_resolve if s != action.slot),
        resolved=(*seat.resolved, (state.day, card.id)),
    )
    where = slot_name(action.slot)
    if card.lesson is not None:
        lesson = sheet_lesson(card.lesson)
        colour = check_colour(action.colour) if action.colour else None
        if lesson.number in seat.ticked:
            text = f"{subject(seat.name, 'takes')} lesson {lesson.number} ({where}), already ticked (ED-5)"
        else:
            seat = replace(seat, ticks=(*seat.ticks, (lesson.number, colour)))
            chosen = f" with {colour}" if colour else ""
            text = f"{subject(seat.name, 'ticks')} lesson {lesson.number}, {lesson.title}{chosen} (ED-5)"
        return state.with_seat(seat).logged(seat.name, text)
    if card.keyword == "or":
        items = card.discoveries if action.side == "above" else card.below
    elif card.keyword == "any 2":
        items = tuple(card.discoveries[i] for i in sorted(action.picks))  # the option checked above
    else:
        items = card.discoveries
    seat = replace(seat, card=action.slot, items=items)
    text = f"{subject(seat.name, 'takes')} {where}: {', '.join(map(str, items))}"
    return state.with_seat(seat).logged(seat.name, text)


def _option_refusal(card: IslandCard, action: TakeCard) -> tuple[str, str]:
    if card.lesson is not None:
        if sheet_lesson(card.lesson).pick_colour:
            return "ED-5", f"lesson {card.lesson} takes a colour when it is ticked: pick one of {', '.join(COLOURS)}"
        return "ED-5", f"lesson {card.lesson} is ticked as it is: no colour, side or picks"
    if card.keyword == "or":
        return "ED-4", "an 'or' card: take everything above the word (side='above') or everything below it ('below')"
    if card.keyword == "any 2":
        return "ED-4", (
            f"an 'any 2' card: pick exactly 2 of its {len(card.discoveries)} discoveries by index "
            "(the same one twice is allowed, one alone is not)"
        )
    return "ED-4", "this card has no keyword: everything on it is taken, with no side or picks"


def _draw(state: EDState, seat: EDPlayer, action: Draw) -> EDState:
    if seat.now:
        head = seat.now[0]
        if head.tile is None:
            raise IllegalAction("ED-7", "first take (or decline) the common treasure of the covered treasure map")
        if action.tile != head.tile.id:
            raise IllegalAction("ED-3", f"the {head.tile} must be drawn now, before anything else")
        tile, source = head.tile, head.source
        if tile.kind == "oshax" and action.colour != tile.colour:
            raise IllegalAction("ED-6", f"an Oshax drawn twice keeps its colour: draw it in {tile.colour}")
    else:
        if seat.card is None:
            raise IllegalAction("ED-2", f"{subject(seat.name, 'has')} no card in progress: take one of today's "
                                "cards first")
        found = next((t for t in seat.items if t.id == action.tile), None)
        if found is None:
            left = ", ".join(str(t) for t in seat.items)
            raise IllegalAction("ED-3", f"{action.tile!r} is not left on the card being resolved (left: {left})")
        tile, source = found, "card"
        if tile.kind == "oshax":
            if action.colour is None:
                raise IllegalAction("ED-3", f"choose the colour of the {tile} as you draw it (OSHAX-1)")
            if action.colour not in COLOURS:
                raise IllegalAction("ED-3", f"{action.colour!r} is not a cat colour: {', '.join(COLOURS)}")
            tile = tile.with_colour(action.colour)
    if tile.kind != "oshax" and action.colour is not None:
        raise IllegalAction("ED-3", f"only an Oshax takes a colour; the {tile} has its own")
    placement = sheet.check_drawing(seat.boat, tile, action.cells)
    boat, placed = sheet.draw(seat.boat, tile, placement)
    card_id = state.card_at(seat.card) if seat.card is not None else None
    drawn = (*seat.drawn, Drawn(state.day, card_id, tile, source))
    if seat.now:
        now = seat.now[1:]
        items = seat.items
    else:
        now = ()
        index = next(i for i, t in enumerate(seat.items) if t.id == action.tile)
        items = seat.items[:index] + seat.items[index + 1:]
    follow: list[Obligation] = [Obligation() for _ in placed.map_bonuses]
    armed = seat.armed
    twice = "twice_cat" if tile.is_cat else "twice_treasure"
    if source != "copy" and twice in armed:
        armed = tuple(a for a in armed if a != twice)
        follow.append(Obligation(tile, "copy"))
    seat = replace(seat, boat=boat, items=items, now=(*follow, *now), armed=armed, drawn=drawn)
    again = " again (ED-6)" if source == "copy" else ""
    state = state.with_seat(seat).logged(seat.name, f"{subject(seat.name, 'draws')} {with_article(str(tile))}{again}")
    if placed.map_bonuses:
        state = state.logged(seat.name, f"{subject(seat.name, 'covers')} the {tile.colour} treasure map with that "
                             "colour (ED-7)")
    return state


def _decline_copy(state: EDState, seat: EDPlayer) -> EDState:
    """Leave out the second copy of a "twice" special: the sheet says you *may* draw it (ED-6)."""
    if not seat.now or seat.now[0].source != "copy":
        raise IllegalAction("ED-6", f"{subject(seat.name, 'has')} no second copy to leave out now")
    tile = seat.now[0].tile
    seat = replace(seat, now=seat.now[1:])
    text = f"{subject(seat.name, 'does')} not draw the {tile} a second time (ED-6)"
    return state.with_seat(seat).logged(seat.name, text)


def _map_bonus(state: EDState, seat: EDPlayer, action: TakeMapBonus) -> EDState:
    if not seat.now or seat.now[0].tile is not None:
        raise IllegalAction("ED-7", f"{subject(seat.name, 'has')} no treasure-map bonus to take now")
    rest = seat.now[1:]
    if action.shape is None:
        declined = f"{subject(seat.name, 'declines')} a map bonus"
        return state.with_seat(replace(seat, now=rest)).logged(seat.name, declined)
    if action.shape not in common_shapes():
        shapes = ", ".join(common_shapes())
        raise IllegalAction("ED-7", f"a map gives a common treasure ({shapes}), not {action.shape!r}")
    tile = Tile.common(action.shape)
    if not sheet.fits(seat.boat, tile):
        raise IllegalAction("ED-7", f"{with_article(str(tile))} does not fit on {possessive(seat.name)} boat")
    seat = replace(seat, now=(Obligation(tile, "map"), *rest))
    return state.with_seat(seat).logged(seat.name, f"{subject(seat.name, 'takes')} {with_article(str(tile))} for a map")


# -- what needs no decision -----------------------------------------------------------------------------------
def settle(state: EDState, name: str) -> EDState:
    """Skip what cannot be drawn (ED-3), drop a map bonus nothing fits (ED-7), finish empty cards."""
    while True:
        seat = state.seat(name)
        if seat.now:
            head = seat.now[0]
            if head.tile is None:
                if any(sheet.fits(seat.boat, Tile.common(s)) for s in common_shapes()):
                    return state
                seat = replace(seat, now=seat.now[1:])
                state = state.with_seat(seat).logged(name, "no common treasure fits: the map bonus is lost (ED-7)")
                continue
            if sheet.fits(seat.boat, head.tile):
                return state
            card_id = state.card_at(seat.card) if seat.card is not None else None
            lost = Drawn(state.day, card_id, head.tile, head.source)
            seat = replace(seat, now=seat.now[1:], skipped=(*seat.skipped, lost))
            state = state.with_seat(seat).logged(name, f"the {head.tile} does not fit anywhere and is skipped (ED-3)")
            continue
        if seat.card is not None:
            if seat.items and any(sheet.fits(seat.boat, t) for t in seat.items):
                return state
            card_id = state.card_at(seat.card)
            skipped = tuple(Drawn(state.day, card_id, t) for t in seat.items)
            seat = replace(seat, card=None, items=(), skipped=(*seat.skipped, *skipped))
            state = state.with_seat(seat)
            if skipped:
                what = ", ".join(map(str, (d.tile for d in skipped)))
                state = state.logged(name, f"{what} does not fit anywhere and is skipped (ED-3)")
            continue
        return state


def end_day_if_done(state: EDState) -> EDState:
    """When every player has resolved their cards: discard the island, flip the sister's next colour (solo,
    ED-8), and deal the next day, or end the game after day 7 (ED-1)."""
    if state.step != "resolve" or any(s.busy for s in state.seats):
        return state
    seats = tuple(replace(s, choice=None, choice_special=None) for s in state.seats)
    state = replace(state, seats=seats, discarded=(*state.discarded, *(c for _, c in state.island)), island=())
    sister = state.sister
    if sister is not None and sister.revealed < len(sister.colours):
        sister = replace(sister, revealed=sister.revealed + 1)
        state = replace(state, sister=sister, revealed=state.revealed + 1)
        flipped = sister.colours[sister.revealed - 1]
        state = state.logged(None, f"the sister flips her next colour card: {flipped} (ED-8)")
    if state.day >= DAYS:
        return replace(state, step="over").logged(None, "Vesh has arrived: the game is over, time to score (ED-7)")
    return deal(replace(state, day=state.day + 1))
