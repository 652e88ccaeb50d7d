"""Rescue panels: secretly choose rescue cards (RESCUE-1), then on your turn rescue a cat from a field (with the
island's buttons) or pass (RESCUE-3..5)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from isle_nb.model.isle.actions import ChooseRescueCards, Rescue
from isle_nb.model.isle.constants import FIELD_COST
from isle_nb.model.isle.view_facts import no_rescue_reason, sides
from isle_nb.model.parts.cards import card
from isle_nb.widgets.cards import CardPicker
from isle_nb.widgets.panels.base import CardChoicePanel, Context, Panel, action_button, heading, note, row


def baskets_line(ctx: Context) -> str:
    """The viewer's fish and baskets, in words."""
    me = ctx.me
    parts = [f"<b>{me.fish}</b> fish", f"permanent baskets ready: <b>{me.baskets_ready}</b> of {me.permanent_baskets}"]
    if me.full_baskets or me.half_baskets:
        parts.append(f"from rescue cards: <b>{me.full_baskets}</b> full, <b>{me.half_baskets}</b> half")
    return " &middot; ".join(parts)


BASKET_WORDS = {"card": "a basket from your rescue cards", "permanent": "your permanent basket"}


class BasketChooser(widgets.VBox):
    """Which basket carries the next rescued cat (RESCUE-5), asked only when the model offers the choice; the
    answer goes to ``ctx.choices["basket"]`` where the island's Rescue buttons read it."""

    def __init__(self, ctx: Context, baskets: list[str]) -> None:
        super().__init__()
        self.ctx = ctx
        self.toggle = widgets.ToggleButtons(
            options=[(BASKET_WORDS.get(b, b), b) for b in baskets], value=None, style={"button_width": "auto"}
        )
        self.toggle.observe(ctx.messages.guard(self._chosen), names=["value"])
        self.add_class("isle-basket-choice")
        self.children = [
            note("Which basket carries the cat? It matters because card 76, in your hand or drawn later with a card "
                 "71-74, discards a used permanent basket first (RESCUE-5)."),
            self.toggle,
        ]

    def _chosen(self, change: dict[str, Any]) -> None:
        self.ctx.choices["basket"] = change["new"]


def basket_chooser(ctx: Context) -> BasketChooser | None:
    """The basket question when the player's legal rescues name a basket, else ``None``."""
    baskets = sorted({a.basket for a in ctx.of(Rescue) if a.basket is not None})
    return BasketChooser(ctx, baskets) if baskets else None


def rescue_for(ctx: Context, variants: list[Rescue]) -> Rescue:
    """The rescue to send for a cat: the only one, or the one with the basket chosen in the panel."""
    if len(variants) == 1:
        return variants[0]
    basket = ctx.choices.get("basket")
    for action in variants:
        if action.basket == basket:
            return action
    raise ValueError("First choose the basket that carries the cat (above), then click Rescue.")


def revealed_line(ctx: Context) -> str:
    """What everyone revealed: rescue cards, speed."""
    parts = []
    for player in sides(ctx.view):
        cards = ", ".join(f"#{c}" for c in player.rescue_cards or ()) or "no cards"
        parts.append(f"<b>{html.escape(player.name)}</b>: {cards} (speed {player.speed})")
    sister = ctx.view.sister
    if sister is not None and sister.cards_today:  # the solo game: her first basket card sets her speed (SOLO-6)
        parts.append(f"<b>the sister</b>: basket card #{sister.cards_today[0]} (speed {sister.speed})")
    return "Revealed: " + " &middot; ".join(parts)


class RescueChoicePanel(CardChoicePanel):
    """Choose which rescue cards to play this phase, in secret."""

    kind = "rescue-choice"
    choice = ChooseRescueCards

    def build(self, ctx: Context) -> None:
        self.picker = CardPicker(
            tuple(c for c in ctx.me.hand if card(c).type == "rescue"),
            verb="Play",
            on_change=ctx.messages.guard(self._update),
        )
        self.summary = note("")
        self.play_button = action_button(
            "Play no rescue cards", self.send_choice, ctx.messages, "success", css="isle-rescue-play", width="180px"
        )
        sister = " Then the sister reveals her first basket card: its speed places her in the turn order (SOLO-6)."
        self.lay_out(
            "Rescue cats: choose the rescue cards you play (in secret)",
            f"Speed sets the turn order (highest first); baskets carry cats. You have {baskets_line(ctx)}. "
            f"A cat costs {FIELD_COST['left']} fish from the left field, {FIELD_COST['right']} from the right."
            + (sister if ctx.view.sister is not None else ""),
            self.picker if self.picker.cards else note("You hold no rescue cards.", "muted"),
            row(self.play_button, self.summary),
        )

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Same hand: keep the selection."""
        return ("rescue-choice", ctx.viewer, ctx.me.hand, ctx.me.rescue_cards)

    def _update(self, selected: tuple[int, ...]) -> None:
        speed = sum(card(c).speed for c in selected)
        full = sum(card(c).basket == "full" for c in selected)
        half = sum(card(c).basket == "half" for c in selected)
        self.summary.value = (
            f'<span style="margin-left:10px">Printed on the cards: speed <b>{speed}</b>, '
            f"<b>{full}</b> full and <b>{half}</b> half baskets</span>"
        )
        n = len(selected)
        self.play_button.description = f"Play {n} card{'s' if n != 1 else ''}" if n else "Play no rescue cards"
        self.play_button.disabled = self.ctx.check(self.action()) is not None


class RescueTurnPanel(Panel):
    """Your turn in the rescue: rescue a cat (buttons on the island) or pass."""

    kind = "rescue-turn"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        rescues = ctx.of(Rescue)
        self.pass_button = self.make_pass_button("Pass? You are out of the rescue for the rest of today.")
        if rescues:
            how = (
                "Click <b>Rescue</b> under a cat on the island, then place it on your boat. "
                f"{len(rescues)} cat{'s' if len(rescues) != 1 else ''} can be rescued now."
            )
        else:
            why = no_rescue_reason(ctx.view)
            how = f"You cannot rescue a cat now{': ' + why if why else ''}. Pass."
        self.basket = basket_chooser(ctx)
        self.children = [
            heading("Rescue cats: your turn"),
            note(how),
            note(f"You have {baskets_line(ctx)}.", "muted"),
            *([self.basket] if self.basket is not None else []),
            note(revealed_line(ctx), "muted"),
            self.pass_button,
        ]


__all__ = [
    "BasketChooser",
    "RescueChoicePanel",
    "RescueTurnPanel",
    "basket_chooser",
    "baskets_line",
    "rescue_for",
    "revealed_line",
]
