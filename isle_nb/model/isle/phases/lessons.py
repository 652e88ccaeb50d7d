"""Phase 3, Read lessons: every lesson in hand is played (LESSON-1); public "pick a colour" lessons get their
colour from the player who plays them (LESSON-2). Before the lessons are read, a player who just bought a card
that draws cards (71-74) may play it, and a lesson bought during the phase is played that day (LESSON-3)."""

from __future__ import annotations

from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.isle.actions import Action, ChooseLessonColour, Pass
from isle_nb.model.isle.state import GameState, PlayerState, replace, without
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.scoring.score import plural
from isle_nb.model.parts.tiles import COLOURS
from isle_nb.model.parts.words import subject


def needs_colour(card_id: int) -> bool:
    """A public lesson whose colour the player picks as it is played (LESSON-2)."""
    found = card(card_id)
    return found.type == "lesson" and found.public and found.pick_colour


def fresh_draw_cards(state: GameState, player: PlayerState) -> tuple[int, ...]:
    """The cards that draw cards (71-74) the player bought this day and could play now, before the lessons are read:
    right after paying, as the publisher's clarification allows, whoever bought last."""
    if not (state.deck or state.discard):
        return ()  # nothing left to draw
    return tuple(c for c in player.just_bought if c in player.hand and card(c).effect == "draw_and_buy")


def drawing(state: GameState) -> tuple[str, ...]:
    """Players who may still play a just-bought draw card before the lessons are read."""
    return tuple(p.name for p in state.players if fresh_draw_cards(state, p))


def legal_go_on(state: GameState, player: PlayerState) -> list[Action]:
    """Go on to reading the lessons (the draw card, if not played now, stays in hand)."""
    return [Pass(player.name)] if fresh_draw_cards(state, player) else []


def apply_go_on(state: GameState, action: Pass) -> GameState:
    """The player keeps their just-bought draw cards for later and is ready to read the lessons."""
    if not fresh_draw_cards(state, state.player(action.player)):
        raise IllegalAction("LESSON-1", f"{subject(action.player, 'has')} no card just bought to play before the "
                            "lessons")
    state = state.update_player(action.player, just_bought=())
    return state.logged(action.player, "keeps the cards just bought for later")


def begin(state: GameState) -> GameState:
    """Play every lesson in every hand: private ones face down, public ones face up (LESSON-1); public "pick a
    colour" lessons wait in front of their player for the colour (LESSON-2)."""
    for player in state.players:
        state = play_lessons(state.update_player(player.name, just_bought=()), player.name)
    return state


def play_lessons(state: GameState, name: str) -> GameState:
    """Play the lessons in one player's hand (LESSON-1): at the start of the phase, or as soon as one is bought
    during it (LESSON-3 holds back only lessons gained in another phase)."""
    player = state.player(name)
    lessons = [c for c in player.hand if card(c).type == "lesson"]
    if not lessons:
        return state
    private = tuple(c for c in lessons if not card(c).public)
    public = tuple((c, None) for c in lessons if card(c).public and not needs_colour(c))
    colour = tuple(c for c in lessons if needs_colour(c))
    hand = tuple(c for c in player.hand if c not in lessons)
    state = state.update_player(
        player.name, hand=hand, private_lessons=player.private_lessons + private,
        colour_lessons=player.colour_lessons + colour,
    )
    state = replace(state, public_lessons=state.public_lessons + public)
    # played face up, or face down but counted by everyone: what the player bought is no longer hidden, so the
    # buy that started this phase cannot be undone (the buyer would buy again knowing it)
    state = replace(state, revealed=state.revealed + 1)
    if private:
        state = state.logged(player.name, f"plays {plural(len(private), 'private lesson')} face down (LESSON-1)")
        ids = ", ".join(f"#{c}" for c in private)
        what = "a private lesson" if len(private) == 1 else "private lessons"
        state = state.logged(player.name, f"plays {ids} as {what}", private=True)
    for c, _ in public:
        state = state.logged(player.name, f"plays public lesson #{c} '{card(c).title}' (LESSON-5)")
    return state


def awaiting(state: GameState) -> tuple[str, ...]:
    """Players who still have to give a public lesson its colour."""
    return tuple(p.name for p in state.players if p.colour_lessons)


def legal(state: GameState, player: PlayerState) -> list[Action]:
    """A colour choice for the first public "pick a colour" lesson being played (one lesson at a time)."""
    if not player.colour_lessons:
        return []
    return [ChooseLessonColour(player.name, player.colour_lessons[0], colour) for colour in COLOURS]


def apply_colour(state: GameState, action: ChooseLessonColour) -> GameState:
    """Play a public "pick a colour" lesson with its colour."""
    player = state.player(action.player)
    if action.card not in player.colour_lessons:
        raise IllegalAction("LESSON-2", f"{subject(player.name, 'has')} no public 'pick a colour' lesson "
                            f"#{action.card} to play")
    if action.colour not in COLOURS:
        raise IllegalAction("LESSON-2", f"choose one of the colours {', '.join(COLOURS)}, not {quote(action.colour)}")
    state = state.update_player(player.name, colour_lessons=without(player.colour_lessons, action.card))
    state = replace(state, public_lessons=(*state.public_lessons, (action.card, action.colour)))
    title = card(action.card).title
    return state.logged(
        player.name, f"plays public lesson #{action.card} '{title}' with colour {action.colour} (LESSON-2)"
    )
