"""The hand panel: your cards, the anytime cards you may play right now (whenever the model allows, ANY-1/2), your
private lessons and the public lessons in play."""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Collection, Mapping
from typing import Any

import ipywidgets as widgets
from msgspec.structs import replace

from isle_nb.model.isle.actions import PlayAnytime
from isle_nb.model.isle.changes import CHANGED_WORDS
from isle_nb.model.isle.view_facts import caution
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.tiles import COLOUR_HEX, Tile
from isle_nb.widgets.cards import card_html, cards_row_html
from isle_nb.widgets.panels.base import Context, Panel, note


def anytime_label(action: PlayAnytime) -> str:
    """One way of playing an anytime card, in words."""
    if action.colour:
        return action.colour.capitalize()
    if action.choice:
        parts = []
        for item in action.choice:
            if item.isdigit():
                parts.append(f"#{item} {card(int(item)).title}")
            else:
                try:
                    parts.append(str(Tile.from_id(item)))
                except ValueError:
                    parts.append(item)
        return " + ".join(parts)
    return "Play"


def public_lessons_html(public: tuple[tuple[int, str | None], ...], new: Collection[int] = ()) -> str:
    """The public lessons in play, each with its colour; those in ``new`` (played since the viewer's last move) are
    outlined."""
    if not public:
        return '<div style="color:#777;font-style:italic;padding:4px">no public lessons yet</div>'
    items = []
    for card_id, colour in public:
        tag = ""
        if colour:
            tag = (f'<span style="display:inline-block;background:{COLOUR_HEX[colour]};color:#111;padding:0 6px;'
                   f'border-radius:4px;font-weight:bold">{html.escape(colour)}</span>')
        mark = f' class="isle-changed" title="{CHANGED_WORDS}"' if card_id in new else ""
        items.append(f'<div{mark} style="margin:0 6px 6px 0">{card_html(card_id, note="")}{tag}</div>')
    return f'<div style="display:flex;flex-wrap:wrap">{"".join(items)}</div>'


def copies_of(ctx: Context, plays: dict[int, list[Any]]) -> None:
    """Give every copy of a card the plays the model lists once per kind of card (two "Rescue two at once" cards
    both get Play now): the same choices with the copy's id, each one the model accepts (``ctx.check``)."""
    listed = list(plays)
    for card_id in sorted(ctx.me.hand):
        if card_id in plays:
            continue
        found = card(card_id)
        twin = next((c for c in listed if (card(c).effect, card(c).params) == (found.effect, found.params)), None)
        if twin is None:
            continue
        options = [replace(a, card=card_id) for a in plays[twin]]
        options = [a for a in options if ctx.check(a) is None]
        if options:
            plays[card_id] = options


def playable_now(ctx: Context) -> dict[int, list[PlayAnytime]]:
    """The anytime cards in the viewer's hand that the model allows now, each with its ways of being played."""
    plays: dict[int, list[PlayAnytime]] = defaultdict(list)
    for action in ctx.of(PlayAnytime):
        plays[action.card].append(action)
    copies_of(ctx, plays)
    return dict(plays)


class HandPanel(Panel):
    """Your hand (anytime cards get a Play button when the model allows them now), and the lessons."""

    kind = "hand"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        me = ctx.me
        plays = playable_now(ctx)
        self.play_buttons: dict[int, widgets.Button] = {}
        self._mark(None)  # a mark from an earlier hand goes
        self.choices: dict[int, widgets.Dropdown] = {}
        cards: list[widgets.Widget] = []
        for card_id in sorted(me.hand):
            controls = self._controls(card_id, plays.get(card_id, []))
            cards.append(widgets.VBox([widgets.HTML(card_html(card_id)), *controls],
                                      layout=widgets.Layout(margin="0 6px 6px 0")))
        self.children = [
            note(f"<b>Your hand</b> ({len(me.hand)} card{'s' if len(me.hand) != 1 else ''}). Anytime cards show "
                 "<b>Play now</b> whenever you may play them."),
            widgets.Box(cards, layout=widgets.Layout(display="flex", flex_flow="row wrap")) if cards
            else note("Your hand is empty.", "muted"),
            note(f"<b>Your private lessons</b> (face down, {len(me.private_lessons)})"),
            widgets.HTML(cards_row_html(me.private_lessons, "none played yet")),
            note("<b>Public lessons</b> " + ("(only you score them, at half their points rounded up: SOLO-5)"
                                             if ctx.view.sister is not None else "(every player scores them)")),
            widgets.HTML(public_lessons_html(ctx.view.public_lessons, ctx.changes.lessons)),
        ]

    def _controls(self, card_id: int, options: list[PlayAnytime]) -> list[widgets.Widget]:
        """The Play button of an anytime card the model allows now (with a choice when it can be played in several
        ways, and a warning when it would give nothing now); none for another card."""
        ctx = self.ctx
        controls: list[widgets.Widget] = []
        if options:
            button = widgets.Button(description="Play now", button_style="info",
                                    layout=widgets.Layout(width="150px"))
            button.add_class("isle-play-anytime")
            if len(options) > 1:
                treasures = card(card_id).effect == "basket_for_treasures"
                dropdown = widgets.Dropdown(options=[(anytime_label(a), a) for a in options],
                                            layout=widgets.Layout(width="auto", min_width="150px",
                                                                  max_width="320px"))
                dropdown.add_class("isle-anytime-choice")
                self.choices[card_id] = dropdown
                controls.append(dropdown)
                if treasures and ctx.boat is not None:  # show on the boat which treasures would be paid
                    dropdown.observe(ctx.messages.guard(lambda change: self._mark(change["new"])),
                                     names=["value"])
                    self._mark(dropdown.value)
                button.on_click(ctx.messages.guard(lambda _b, d=dropdown: self.act(d.value)))
            else:
                button.on_click(ctx.messages.guard(lambda _b, a=options[0]: self.act(a)))
            self.play_buttons[card_id] = button
            controls.append(button)
            warning = caution(ctx.view, card_id)
            if warning:  # allowed, but it would give nothing now: say so before it is played
                button.tooltip = warning
                controls.append(note(html.escape(warning), "warn"))
        return controls

    def _mark(self, action: PlayAnytime | None) -> None:
        """Outline on the boat the treasures this choice pays for a basket."""
        boat = self.ctx.boat
        if boat is None:
            return
        cells: list[tuple[int, int]] = []
        if action is not None:
            for placed in self.ctx.me.boat.tiles:
                if placed.tile.id in action.choice:
                    cells.extend(placed.cells)
        boat.mark_cells(cells, "paid for a basket" if cells else "")

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Rebuilt only when the hand, lessons or playable anytime cards change."""
        me = ctx.me
        return ("hand", ctx.viewer, me.hand, me.private_lessons, ctx.view.public_lessons, ctx.changes.lessons,
                tuple(ctx.of(PlayAnytime)))


class AnytimeNow(HandPanel):
    """The anytime cards you may play right now, next to the decision (the Hand tab is far below it): each card's
    name with its Play button. Empty when there is none (and none was shown earlier in the phase).

    ``earlier`` maps the cards shown earlier in the same phase to their number of ways of being played: they keep
    their rows, in the same order and of the same size, with a disabled button ("Played", or "Not now" while still in
    the hand), so playing one card never slides another card's button under the mouse. ``shown`` is the new map."""

    kind = "anytime-now"

    def __init__(self, ctx: Context, earlier: Mapping[int, int] | None = None, **kwargs: Any) -> None:
        Panel.__init__(self, ctx, **kwargs)
        self.play_buttons = {}
        self.choices = {}
        plays = playable_now(ctx)
        self.shown: dict[int, int] = dict(earlier or {})
        self.shown.update((c, len(plays[c])) for c in sorted(plays) if c not in self.shown)
        rows: list[widgets.Widget] = []
        for card_id, ways in self.shown.items():
            found = card(card_id)
            controls = self._controls(card_id, plays[card_id]) if card_id in plays else self._gone(card_id, ways)
            rows.append(widgets.HBox([widgets.HTML(f"<b>#{card_id}</b> {html.escape(found.title)}",
                                                   layout=widgets.Layout(min_width="150px")), *controls],
                                     layout=widgets.Layout(align_items="center", flex_flow="row wrap")))
        heading = "Anytime cards you may play now" if plays else "Anytime cards (none you may play now)"
        self.children = [note(f"<b>{heading}</b>"), *rows] if rows else []

    def _gone(self, card_id: int, ways: int) -> list[widgets.Widget]:
        """The controls of a card shown earlier in this phase that may not be played now: disabled, of the size its
        controls had."""
        words = "Not now" if card_id in self.ctx.me.hand else "Played"
        controls: list[widgets.Widget] = []
        if ways > 1:
            controls.append(widgets.Dropdown(options=[words], disabled=True,
                                             layout=widgets.Layout(width="auto", min_width="150px")))
        controls.append(widgets.Button(description=words, disabled=True, layout=widgets.Layout(width="150px")))
        return controls

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Rebuilt only when the playable anytime cards change."""
        return ("anytime-now", ctx.viewer, tuple(ctx.of(PlayAnytime)))


__all__ = ["AnytimeNow", "HandPanel", "anytime_label", "playable_now", "public_lessons_html"]
