"""Phase 3, Read lessons: every lesson in hand is played (LESSON-1); public "pick a colour" lessons get their
colour from the player who plays them (LESSON-2)."""

from __future__ import annotations

from isle_nb.model.actions import Action, ChooseLessonColour
from isle_nb.model.cards import card
from isle_nb.model.errors import IllegalAction, quote
from isle_nb.model.scoring.score import plural
from isle_nb.model.state import GameState, PlayerState, replace, without
from isle_nb.model.tiles import COLOURS


def needs_colour(card_id: int) -> bool:
    """A public lesson whose colour the player picks as it is played (LESSON-2)."""
    found = card(card_id)
    return found.type == "lesson" and found.public and found.pick_colour


def begin(state: GameState) -> GameState:
    """Play every lesson in every hand: private ones face down, public ones face up (LESSON-1); public "pick a
    colour" lessons wait in front of their player for the colour (LESSON-2)."""
    state = replace(state, phase="lessons", step="colours")
    for player in state.players:
        lessons = [c for c in player.hand if card(c).type == "lesson"]
        private = tuple(c for c in lessons if not card(c).public)
        public = tuple((c, None) for c in lessons if card(c).public and not needs_colour(c))
        colour = tuple(c for c in lessons if needs_colour(c))
        if not lessons:
            continue
        hand = tuple(c for c in player.hand if c not in lessons)
        state = state.update_player(
            player.name, hand=hand, private_lessons=player.private_lessons + private, colour_lessons=colour
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
    if state.phase != "lessons":
        raise IllegalAction("LESSON-2", "a lesson's colour is chosen when it is played, in the Read lessons phase")
    player = state.player(action.player)
    if action.card not in player.colour_lessons:
        raise IllegalAction("LESSON-2", f"{player.name} has no public 'pick a colour' lesson #{action.card} to play")
    if action.colour not in COLOURS:
        raise IllegalAction("LESSON-2", f"choose one of the colours {', '.join(COLOURS)}, not {quote(action.colour)}")
    state = state.update_player(player.name, colour_lessons=without(player.colour_lessons, action.card))
    state = replace(state, public_lessons=(*state.public_lessons, (action.card, action.colour)))
    title = card(action.card).title
    return state.logged(
        player.name, f"plays public lesson #{action.card} '{title}' with colour {action.colour} (LESSON-2)"
    )
