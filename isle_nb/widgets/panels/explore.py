"""Explore phase panels: the hidden draft (keep 2, pass the rest; EXPLORE-2..4) and buying the drafted cards
(EXPLORE-5)."""

from __future__ import annotations

import html
from typing import Any

from isle_nb.model.isle.actions import Buy, DraftPick
from isle_nb.model.isle.view_facts import pass_direction, picks_needed, seat_order
from isle_nb.model.parts.cards import card
from isle_nb.widgets.cards import CardPicker
from isle_nb.widgets.panels.base import CardChoicePanel, ConfirmButton, Context, note, row


def drafted_line(card_ids: tuple[int, ...]) -> str:
    """The cards drafted so far, in words."""
    if not card_ids:
        return "none yet"
    return ", ".join(f"#{c} {html.escape(card(c).title)}" for c in card_ids)


class DraftPanel(CardChoicePanel):
    """Pick the cards to keep from the pack in front of you; the rest pass on."""

    kind = "draft"
    choice = DraftPick

    def build(self, ctx: Context) -> None:
        me = ctx.me
        view = ctx.view
        need = picks_needed(view)
        direction = pass_direction(view)
        names = seat_order(view)
        if direction:
            neighbour = html.escape(names[(me.seat + direction) % len(names)])
            arrow = "to the left &larr;" if direction == 1 else "to the right &rarr;"
            rest = f"The rest pass {arrow} to <b>{neighbour}</b>."
        else:  # nothing is passed (solo game)
            rest = "Nothing is passed: the cards you do not keep are discarded (SOLO-4)."
        self.picker = CardPicker(me.pack, verb="Keep", limit=need, on_change=ctx.messages.guard(self._update))
        self.lay_out(
            f"Draft, day {view.day}: keep {need} card{'s' if need != 1 else ''}",
            f"{rest} You have <b>{me.fish}</b> fish; you buy what you keep after the draft. "
            f"Drafted so far: {drafted_line(me.drafted)}",
            self.picker,
            self.keep_row(f"Keep these {need}", "isle-draft-keep"),
        )

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Same pack, same picks so far: keep the panel (and the cards selected)."""
        me = ctx.me
        return ("draft", ctx.viewer, me.pack, me.drafted, me.pick)

    def _update(self, selected: tuple[int, ...]) -> None:
        self.need_exactly(selected, picks_needed(self.ctx.view))


class BuyPanel(CardChoicePanel):
    """Choose which drafted cards to buy: the running total against your fish, then confirm."""

    kind = "buy"
    choice = Buy

    def build(self, ctx: Context) -> None:
        self.picker = CardPicker(ctx.me.drafted, verb="Buy", on_change=ctx.messages.guard(self._update))
        self.total = note("")
        self.confirm = ConfirmButton("Buy", "", self.send_choice, ctx.messages, style="success", css="isle-buy-confirm",
                                     ask=False)
        self.skip = ConfirmButton("Buy nothing", "Buy nothing? All your drafted cards will be discarded.",
                                  self.buy_nothing, ctx.messages, style="", css="isle-buy-nothing",
                                  yes="Yes, buy nothing")
        self.lay_out(
            f"Buy your drafted cards (day {ctx.view.day})",
            "Choose the cards to buy, then <b>Buy</b>. Cards you do not buy are discarded. Bought cards join your "
            "hand; cards from earlier days stay.",
            self.picker,
            row(self.confirm, self.total),
            row(note("Skip buying this time?", "muted"), self.skip, margin="4px 0 0 0"),
        )

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Same drafted cards and fish: keep the selection."""
        me = ctx.me
        return ("buy", ctx.viewer, me.drafted, me.fish, me.bought)

    def _update(self, selected: tuple[int, ...]) -> None:
        fish = self.ctx.me.fish
        cost = sum(card(c).cost for c in selected)
        reason = self.ctx.check(self.action())
        colour = "#a11a1a" if reason else "#1e6b34"
        self.total.value = (f'<span style="margin-left:10px;color:{colour}">Total <b>{cost}</b> fish of your '
                            f"<b>{fish}</b>{' &middot; ' + html.escape(reason) if reason else ''}</span>")
        button = self.confirm.button
        button.description = (f"Buy {len(selected)} card{'s' if len(selected) != 1 else ''} ({cost} fish)"
                              if selected else "Buy (choose cards first)")
        button.disabled = not selected or reason is not None

    def buy_nothing(self) -> None:
        """Buy none of the drafted cards (a deliberate choice: the button asks first)."""
        self.act(Buy(self.ctx.viewer, ()))


__all__ = ["BuyPanel", "DraftPanel", "drafted_line"]
