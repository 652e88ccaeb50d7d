"""The sister of the solo game, shown all the time (SOLO-2, SOLO-6..12): her colour cards in the order they were
revealed with the points each scores, today's basket cards (the revealed ones with their keywords, how many are
still face down), her speed and place in the turn order, her lessons, what she scores now, and the latest log
lines saying what she took and why.

Everything here is read from the player's view (its ``sister``, the log) and the score the model derives from it
(:func:`isle_nb.model.isle.view_facts.live_score`): the sister's turns are played by the model itself, never by a
widget.
"""

from __future__ import annotations

import html
from typing import Any

from isle_nb.model.isle.constants import SISTER
from isle_nb.model.isle.player_view import LogEntry, PlayerView
from isle_nb.model.isle.view_facts import live_score
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.scoring import SISTER_COLOUR_POINTS
from isle_nb.model.parts.tiles import COLOUR_HEX
from isle_nb.widgets.panels.base import Context, Panel, note
from isle_nb.widgets.panels.mode_cards import basket_actions_text
from isle_nb.widgets.words import line_html, player_text

LATEST_LINES = 5
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def sister_log(ctx: Context, count: int = LATEST_LINES) -> list[LogEntry]:
    """The sister's latest log lines of the current day (what she revealed, took and why)."""
    view = ctx.view
    lines = [e for e in view.log if e.player == SISTER and e.day == view.day]
    return lines[-count:]


def sister_line(entry: LogEntry) -> str:
    """One of her log lines as a sentence with its rule tag ("She reveals basket card #186: ..." when the line
    starts with what she does)."""
    text = f"she {entry.text}" if entry.text[:1].islower() else entry.text
    return line_html(*player_text(text))


def colours_html(view: PlayerView) -> str:
    """Her colour cards in their row: face up in the order revealed, with the points per cat on your boat (from any
    seat's view of a solo game: they are public)."""
    sister = view.sister
    assert sister is not None
    slots = []
    for position, points in enumerate(SISTER_COLOUR_POINTS):
        if position < len(sister.colours):
            colour = sister.colours[position]
            body = (f'<div style="background:{COLOUR_HEX[colour]};color:#111;font-weight:bold;border-radius:4px;'
                    f'padding:1px 4px">{html.escape(colour)}</div>')
            cls = "isle-sister-colour isle-sister-colour-up"
        else:
            body = '<div style="background:#cfd8dc;color:#546e7a;border-radius:4px;padding:1px 4px">face down</div>'
            cls = "isle-sister-colour"
        slots.append(
            f'<div class="{cls}" style="text-align:center;width:76px;margin-right:4px;font-size:11.5px">'
            f'<div style="color:#546e7a">{ORDINALS[position]}</div>{body}'
            f"<div><b>{points}</b> a cat</div></div>"
        )
    return f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">{"".join(slots)}</div>'


def basket_chip(card_id: int, status: str) -> str:
    """One revealed basket card: its number, keywords and whether it is resolved."""
    found = card(card_id)
    done = status == "resolved"
    style = "background:#eceff1;color:#555" if done else "background:#fff3e0;border:1px solid #e0a96d"
    mark = "&#10004; " if done else "&#9654; "
    return (f'<span class="isle-sister-basket" data-card="{found.id}" title="{html.escape(found.text)}" '
            f'style="display:inline-block;{style};border-radius:6px;padding:2px 6px;margin:0 4px 3px 0;'
            f'font-size:12px">{mark}<b>#{found.id}</b> {html.escape(basket_actions_text(card_id))} '
            f'<span style="color:#777">({status})</span></span>')


def baskets_html(ctx: Context) -> str:
    """Today's basket cards: the revealed ones with their keywords, and how many are still face down."""
    view = ctx.view
    sister = view.sister
    assert sister is not None
    shown = sister.cards_today
    count = len(shown) + sister.face_down_today
    if not count:
        if view.phase in ("explore", "lessons") or (view.phase == "rescue" and view.step == "choose"):
            text = "Her first basket card is revealed when you have chosen your rescue cards (SOLO-6)."
        else:
            text = "She plays no basket cards today."
        return f'<span style="color:#666">{text}</span>'
    chips = [basket_chip(c, "resolved" if i < sister.resolved else "next")
             for i, c in enumerate(shown)]
    hidden = sister.face_down_today
    if hidden:
        chips.append(f'<span class="isle-sister-facedown" style="display:inline-block;background:#cfd8dc;'
                     f'border-radius:6px;padding:2px 6px;font-size:12px">{hidden} face down</span>')
    first = card(shown[0])
    head = (f"She plays <b>{count}</b> basket card{'s' if count != 1 else ''} today "
            f"(from #{first.id}), <b>{sister.resolved}</b> resolved.")
    return f"<div>{head}</div><div>{''.join(chips)}</div>"


def speed_html(ctx: Context) -> str:
    """Her speed and her place in the turn order."""
    view = ctx.view
    sister = view.sister
    assert sister is not None
    order = list(view.turn_order)
    if view.phase != "rescue" or view.step != "turns" or SISTER not in order:
        return ""
    place = order.index(SISTER) + 1
    return (f"Speed <b>{sister.speed}</b>: she is <b>{ORDINALS[place - 1] if place <= 5 else place}</b> in the turn "
            f"order ({' &rarr; '.join(html.escape(n) for n in order)}).")


def lessons_html(view: PlayerView) -> str:
    """Her solo lessons (and the advanced ones of the difficulty), each with its text (public)."""
    sister = view.sister
    assert sister is not None
    items = []
    for card_id in sister.lessons:
        found = card(card_id)
        tag = ' <span style="color:#a11a1a">(advanced)</span>' if found.type == "solo_advanced_lesson" else ""
        items.append(f'<li class="isle-sister-lesson" data-card="{found.id}"><b>#{found.id} '
                     f"{html.escape(found.title)}</b>{tag}: {html.escape(found.text)}</li>")
    return f'<ul style="margin:0;padding-left:18px">{"".join(items)}</ul>'


class SisterPanel(Panel):
    """The sister at a glance: colours, today's basket cards, speed, lessons, score, and what she just did."""

    kind = "sister"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        sister = ctx.view.sister
        assert sister is not None, "the sister panel is for the solo game"
        score = live_score(ctx.view, SISTER)
        parts = " + ".join(f"{name.replace('_', ' ')} {value}" for name, value in score.categories.items())
        latest = sister_log(ctx)
        lines = "".join(f'<div class="isle-sister-line">{sister_line(e)}</div>' for e in latest)
        self.latest = note(
            f'<div style="font-size:12px;background:#f5f5f5;border-radius:6px;padding:2px 6px">'
            f"<b>What she did today:</b>{lines or ' <i>nothing yet</i>'}</div>"
        )
        self.colours = note(colours_html(ctx.view))
        self.baskets = note(baskets_html(ctx))
        self.children = [
            note(f'<span class="isle-sister-title" style="font-size:14px;font-weight:bold;color:#37474f">The sister'
                 f"</span> ({html.escape(sister.difficulty)}) &middot; if the game ended now she would score "
                 f'<b>{score.total}</b> <span style="color:#666">({parts}; her colours and lessons are scored on '
                 "your boat, so this changes as you fill it)</span>"),
            note("<b>Her colours</b> (she scores the cats of these colours on <i>your</i> boat; the next card is "
                 "turned each evening):"),
            self.colours,
            note("<b>Today's basket cards</b> (each keyword takes a tile off the island):"),
            self.baskets,
            note(speed_html(ctx)),
            self.latest,
            note("<b>Her lessons</b> (scored on your boat):"),
            note(f'<div style="font-size:12px">{lessons_html(ctx.view)}</div>'),
        ]
        self.layout.border = "1px solid #b0bec5"
        self.layout.padding = "2px 8px 4px 8px"
        self.layout.margin = "6px 0 0 0"

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Rebuilt when the sister, the boat she scores, the turn order or the log change."""
        view = ctx.view
        return ("sister", view.sister, ctx.me.boat, view.turn_order, view.phase, view.step, len(view.log))


__all__ = ["SisterPanel", "baskets_html", "colours_html", "lessons_html", "sister_line", "sister_log", "speed_html"]
