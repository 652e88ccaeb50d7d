"""Anytime cards (ANY-1..3, game-data §4.3): all 17 effects, dispatched by the card's effect key.

An anytime card may be played by its owner between any two actions of a day (ANY-2 decision), never while
another action is still being resolved (ANY-1). Effects that need a decision after something random is revealed
(cards drawn, tiles drawn from the bag) push a pending decision.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TypeVar

from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.isle.actions import Action, BuyDrawn, ChooseField, MoveCat, Pass, PlayAnytime
from isle_nb.model.isle.buying import affordable_sets, buy
from isle_nb.model.isle.gained_tiles import push_placement, tile_in
from isle_nb.model.isle.phases.lessons import play_lessons
from isle_nb.model.isle.state import (
    BuyDrawnCards,
    ExtraRescue,
    FieldForCat,
    GameState,
    MoveCats,
    Pending,
    PlayerState,
    between_actions,
    draw_cards,
    draw_tile,
    replace,
    without,
    without_all,
)
from isle_nb.model.isle.turns import require_card_in_hand
from isle_nb.model.parts.boat_analysis import colour_counts
from isle_nb.model.parts.cards import Card, card
from isle_nb.model.parts.scoring.score import plural
from isle_nb.model.parts.tiles import COLOURS, Tile
from isle_nb.model.parts.words import chosen_words, subject, with_article

P = TypeVar("P", bound=Pending)

Effect = Callable[[GameState, PlayerState, Card, PlayAnytime], GameState]


def _gain_fish(state: GameState, player: PlayerState, amount: int, why: str) -> GameState:
    state = state.update_player(player.name, fish=player.fish + amount)
    return state.logged(player.name, f"gains {amount} fish ({why})")


def _count_kind(player: PlayerState, kind: str) -> int:
    return sum(p.tile.kind == kind for p in player.boat.tiles)


def fish_per_oshax(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 67-68: 2 fish per Oshax on the boat."""
    n = _count_kind(player, "oshax")
    return _gain_fish(state, player, int(found.params["fish"]) * n, f"{n} Oshax on the boat")


def fish_per_private_lesson(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 78-79: 1 fish per private lesson in front of the player."""
    n = len(player.private_lessons)
    return _gain_fish(state, player, int(found.params["fish"]) * n, plural(n, "private lesson"))


def fish_per_colour(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 90-91: 1 fish per colour of cat on the boat (Oshax do not count as colours)."""
    n = len({p.tile.colour for p in player.boat.tiles if p.tile.kind == "cat"})
    return _gain_fish(state, player, int(found.params["fish"]) * n, f"{plural(n, 'cat colour')} on the boat")


def fish_per_rare_treasure(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 92-93: 2 fish per rare treasure on the boat."""
    n = _count_kind(player, "rare")
    return _gain_fish(state, player, int(found.params["fish"]) * n, f"{plural(n, 'rare treasure')} on the boat")


def fish_per_common_treasure(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 94-95: 1 fish per common treasure on the boat."""
    n = _count_kind(player, "common")
    return _gain_fish(state, player, int(found.params["fish"]) * n, f"{plural(n, 'common treasure')} on the boat")


def fish_per_cat_of_colour(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 96-97: pick a colour, 1 fish per cat and Oshax of that colour on the boat."""
    if action.colour not in COLOURS:
        raise IllegalAction("ANY-3", f"card #{found.id} needs a colour: one of {', '.join(COLOURS)}")
    n = colour_counts(player.boat).get(action.colour, 0)
    counted = f"{n} {action.colour} {'cat or Oshax' if n == 1 else 'cats and Oshax'}"
    return _gain_fish(state, player, int(found.params["fish"]) * n, counted)


def place_anywhere(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 69-70: the next cat, Oshax or treasure may go anywhere on the boat (PLACE-6)."""
    state = state.update_player(player.name, place_anywhere=True)
    return state.logged(player.name, "may place the next tile anywhere on the boat (PLACE-6)")


def draw_and_buy(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 71-74: draw 2 or 3 cards; the player may buy any of them at their usual cost (ANY-3)."""
    state, drawn = draw_cards(state, int(found.params["n"]))
    state = state.logged(player.name, f"draws {plural(len(drawn), 'card')} to buy (ANY-3)")
    if not drawn:
        return state
    return replace(state, pending=(*state.pending, BuyDrawnCards(player.name, drawn)))


def random_tile_from_bag(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Card 75: a random tile from the bag, placed on the boat at once (back to the bag if it cannot fit)."""
    state, tile = draw_tile(state)
    if tile is None:
        return state.logged(player.name, "the bag is empty: nothing is drawn")
    state = state.logged(player.name, f"draws {with_article(str(tile))} from the bag and must place it")
    return push_placement(state, player.name, tile, "bag")


def discard_basket_for_fish(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Card 76: give up a permanent basket (a used one if there is one) for 5 fish."""
    used = player.baskets_used - 1 if player.baskets_used else 0
    state = state.update_player(
        player.name, permanent_baskets=player.permanent_baskets - 1, baskets_used=used, fish=player.fish + 5
    )
    return state.logged(player.name, f"discards a permanent basket and gains {found.params['fish']} fish")


def move_cats_between_fields(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Card 77: move up to 3 cats, one at a time, to the other field."""
    pending = MoveCats(player.name, int(found.params["max"]))
    return replace(state, pending=(*state.pending, pending))


def rescue_two(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 80-82: the player's next rescue may take one more cat (a basket and the fish for each). Several such
    cards stack, and one played between the cats of a rescue adds a cat to that rescue (ANY-1)."""
    more = player.extra_rescues + 1
    state = state.update_player(player.name, extra_rescues=more)
    going_on = bool(state.pending) and state.pending[-1] == ExtraRescue(player.name)  # between the player's cats
    rescue = "this rescue" if going_on else "the next rescue"
    return state.logged(player.name, f"may rescue {plural(more, 'more cat')} with {rescue}")


def bag_tiles_to_fields(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Card 83: draw 4 tiles from the bag; the player chooses a field for each cat, rare treasures go on display."""
    cats: list[Tile] = []
    for _ in range(int(found.params["n"])):
        state, tile = draw_tile(state)
        if tile is None:
            break
        if tile.kind == "rare":
            state = replace(state, rare_display=(*state.rare_display, tile))
            state = state.logged(player.name, f"draws {with_article(str(tile))}: it goes to the treasure display")
        else:
            cats.append(tile)
    state = state.logged(player.name, f"draws {plural(len(cats), 'cat')} to put into the fields")
    pending = tuple(FieldForCat(player.name, t) for t in reversed(cats))
    return replace(state, pending=state.pending + pending)


def gain_basket(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 84-85: one more permanent basket, ready to use."""
    state = state.update_player(player.name, permanent_baskets=player.permanent_baskets + 1)
    return state.logged(player.name, "gains a permanent basket")


def basket_for_lessons(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 86-87: discard 2 played private lessons (named in ``choice``) for a permanent basket."""
    wanted = int(found.params["lessons"])
    try:
        ids = tuple(int(c) for c in action.choice)
        rest = without_all(player.private_lessons, ids)
    except ValueError:
        raise IllegalAction(
            "ANY-3", f"name {wanted} of your played private lessons {list(player.private_lessons)}"
        ) from None
    if len(ids) != wanted or len(set(ids)) != wanted:
        raise IllegalAction("ANY-3", f"card #{found.id} needs exactly {wanted} different private lessons")
    state = state.update_player(player.name, private_lessons=rest, permanent_baskets=player.permanent_baskets + 1)
    state = replace(state, discard=state.discard + ids)
    state = state.logged(player.name, f"discards {plural(wanted, 'private lesson')} and gains a permanent basket")
    what = "private lesson" if len(ids) == 1 else "private lessons"
    return state.logged(player.name, f"discards {what} {', '.join(f'#{c}' for c in ids)}", private=True)


def basket_for_treasures(state: GameState, player: PlayerState, found: Card, action: PlayAnytime) -> GameState:
    """Cards 88-89: discard 2 treasures from the boat (named in ``choice``) for a permanent basket."""
    wanted = int(found.params["treasures"])
    placed = [player.boat.find(Tile.from_id(t)) if _is_tile_id(t) else None for t in action.choice]
    if len(set(action.choice)) != wanted or any(p is None or not p.tile.is_treasure for p in placed):
        raise IllegalAction("ANY-3", f"card #{found.id} needs exactly {wanted} different treasures from your boat")
    boat = player.boat
    tiles = [p.tile for p in placed if p is not None]
    for tile in tiles:
        boat = boat.remove(tile)
    state = state.update_player(player.name, boat=boat, permanent_baskets=player.permanent_baskets + 1)
    state = replace(state, box=state.box + tuple(tiles))
    return state.logged(
        player.name, f"discards {', '.join(map(str, tiles))} from the boat and gains a permanent basket"
    )


def _is_tile_id(text: object) -> bool:
    try:
        Tile.from_id(str(text))
    except ValueError:
        return False
    return True


EFFECTS: dict[str, Effect] = {
    "fish_per_oshax": fish_per_oshax,
    "place_anywhere": place_anywhere,
    "draw_and_buy": draw_and_buy,
    "random_tile_from_bag": random_tile_from_bag,
    "discard_basket_for_fish": discard_basket_for_fish,
    "move_cats_between_fields": move_cats_between_fields,
    "fish_per_private_lesson": fish_per_private_lesson,
    "rescue_two": rescue_two,
    "bag_tiles_to_fields": bag_tiles_to_fields,
    "gain_basket": gain_basket,
    "basket_for_lessons": basket_for_lessons,
    "basket_for_treasures": basket_for_treasures,
    "fish_per_colour": fish_per_colour,
    "fish_per_rare_treasure": fish_per_rare_treasure,
    "fish_per_common_treasure": fish_per_common_treasure,
    "fish_per_cat_of_colour": fish_per_cat_of_colour,
}


def playable(state: GameState, player: PlayerState, found: Card) -> str | None:
    """Why the card cannot be played now, or ``None`` if it can."""
    effect = found.effect
    if effect in ("draw_and_buy",) and not (state.deck or state.discard):
        return "the deck and the discard pile are empty"
    if effect in ("random_tile_from_bag", "bag_tiles_to_fields") and not state.bag:
        return "the bag is empty"
    if effect == "discard_basket_for_fish" and player.permanent_baskets < 1:
        return "you have no permanent basket to discard"
    if effect == "move_cats_between_fields" and not (state.left_field or state.right_field):
        return "there are no cats in the fields"
    if effect == "basket_for_lessons" and len(player.private_lessons) < int(found.params["lessons"]):
        return f"you need {found.params['lessons']} played private lessons"
    if effect == "basket_for_treasures" and sum(p.tile.is_treasure for p in player.boat.tiles) < int(
        found.params["treasures"]
    ):
        return f"you need {found.params['treasures']} treasures on your boat"
    if effect == "place_anywhere" and player.place_anywhere:
        return "your next tile may already go anywhere"
    return None


def legal(state: GameState, player: PlayerState) -> list[Action]:
    """The anytime card plays open to the player now: one for each card effect (copies of a card with the same effect
    are interchangeable, so only the lowest id is listed) with each choice it takes (ANY-1)."""
    if not between_actions(state):
        return []
    options: list[Action] = []
    seen: set[tuple[str, object]] = set()
    for card_id in sorted(player.hand):
        found = card(card_id)
        key = (found.effect, found.params.get("n"))
        if found.type != "anytime" or key in seen or playable(state, player, found) is not None:
            continue
        seen.add(key)
        if found.effect == "fish_per_cat_of_colour":
            options.extend(PlayAnytime(player.name, card_id, colour=c) for c in COLOURS)
        elif found.effect == "basket_for_lessons":
            for pair in combinations(sorted(set(player.private_lessons)), int(found.params["lessons"])):
                options.append(PlayAnytime(player.name, card_id, choice=tuple(str(c) for c in pair)))
        elif found.effect == "basket_for_treasures":
            treasures = sorted(p.tile.id for p in player.boat.tiles if p.tile.is_treasure)
            for chosen in combinations(treasures, int(found.params["treasures"])):
                options.append(PlayAnytime(player.name, card_id, choice=chosen))
        else:
            options.append(PlayAnytime(player.name, card_id))
    return options


def apply_play(state: GameState, action: PlayAnytime) -> GameState:
    """Play an anytime card and resolve it completely (ANY-1)."""
    if state.over:
        raise IllegalAction("END-2", "the game is over: no card can be played")
    if not between_actions(state):
        top = state.pending[-1]
        raise IllegalAction("ANY-1", f"an anytime card cannot interrupt: {top.player} is still resolving an action")
    player = state.player(action.player)
    found = require_card_in_hand(player, action.card, ("anytime",), "ANY-1")
    reason = playable(state, player, found)
    if reason is not None:
        raise IllegalAction("ANY-3", f"card #{found.id} cannot be played now: {reason}")
    state = state.update_player(player.name, hand=without(player.hand, found.id))
    state = replace(state, discard=(*state.discard, found.id))
    state = state.logged(player.name, f"plays anytime card #{found.id} '{found.title}' (ANY-1)")
    return EFFECTS[found.effect](state, state.player(player.name), found, action)


# -- pending decisions pushed by anytime cards ------------------------------------------------------------------
def legal_pending(state: GameState, player: PlayerState) -> list[Action]:
    """Answers to the anytime decision on top of the stack."""
    top = state.pending[-1]
    if isinstance(top, BuyDrawnCards):
        return [BuyDrawn(player.name, combo) for combo in affordable_sets(top.cards, player.fish)]
    if isinstance(top, FieldForCat):
        return [ChooseField(player.name, "left"), ChooseField(player.name, "right")]
    if isinstance(top, MoveCats):
        cats = [t for t in state.left_field + state.right_field if t.id not in top.moved]
        return [*(MoveCat(player.name, t.id) for t in cats), Pass(player.name)]
    return []


def _top(state: GameState, player: str, kind: type[P], rule: str, what: str) -> P:
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, kind) or top.player != player:
        raise IllegalAction(rule, f"{subject(player, 'has')} nothing to {what} now")
    return top


def apply_buy_drawn(state: GameState, action: BuyDrawn) -> GameState:
    """Buy some of the drawn cards at their cost; the rest are discarded (ANY-3)."""
    top = _top(state, action.player, BuyDrawnCards, "ANY-3", "buy from a card draw")
    state = buy(replace(state, pending=state.pending[:-1]), action.player, top.cards, tuple(action.cards), "ANY-3")
    if (state.phase, state.step) == ("lessons", "colours"):  # the lessons are being read: read this one too
        state = play_lessons(state, action.player)
    return state


def apply_choose_field(state: GameState, action: ChooseField) -> GameState:
    """Put the cat drawn by card 83 in the chosen field."""
    top = _top(state, action.player, FieldForCat, "ANY-3", "put into a field")
    if action.field not in ("left", "right"):
        raise IllegalAction("ANY-3", f"the fields are 'left' and 'right', not {quote(action.field)}")
    state = replace(state, pending=state.pending[:-1])
    state = replace(state, **{f"{action.field}_field": (*state.field(action.field), top.tile)})
    return state.logged(action.player, f"puts the {top.tile} into the {action.field} field")


def apply_move_cat(state: GameState, action: MoveCat) -> GameState:
    """Move one cat to the other field (card 77)."""
    top = _top(state, action.player, MoveCats, "ANY-3", "move")
    if action.tile in top.moved:
        raise IllegalAction("ANY-3", f"{chosen_words(action.tile)} has already been moved by this card")
    source = (
        "left"
        if tile_in(state.left_field, action.tile)
        else "right"
        if tile_in(state.right_field, action.tile)
        else None
    )
    if source is None:
        raise IllegalAction("ANY-3", f"{chosen_words(action.tile)} is in neither field")
    target = "right" if source == "left" else "left"
    tile = tile_in(state.field(source), action.tile)
    assert tile is not None
    state = replace(
        state,
        **{f"{source}_field": without(state.field(source), tile), f"{target}_field": (*state.field(target), tile)},
    )
    rest = state.pending[:-1]
    if top.count > 1:
        rest = (*rest, replace(top, count=top.count - 1, moved=(*top.moved, tile.id)))
    state = replace(state, pending=rest)
    return state.logged(action.player, f"moves the {tile} from the {source} to the {target} field")


def apply_stop_moving(state: GameState, action: Pass) -> GameState:
    """Stop moving cats (card 77)."""
    _top(state, action.player, MoveCats, "ANY-3", "stop moving")
    return replace(state, pending=state.pending[:-1]).logged(action.player, "stops moving cats")
