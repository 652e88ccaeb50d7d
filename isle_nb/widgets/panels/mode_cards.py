"""Cards of the solo and family games drawn as readable HTML: family lessons, the sister's lessons, her colour cards
and her basket cards (with their keywords, SOLO-8), and a card picker that draws them."""

from __future__ import annotations

import html

from isle_nb.model.parts.cards import card
from isle_nb.widgets.cards import CARD_WIDTH, TYPE_STYLE, CardPicker


def basket_actions_text(card_id: int) -> str:
    """A solo basket card's keywords in the order they are resolved: ``"Cat 5; Rare 2"`` (SOLO-8)."""
    return "; ".join(str(action) for action in card(card_id).actions)


def mode_card_facts(card_id: int) -> list[str]:
    """Short facts printed on a solo or family card."""
    found = card(card_id)
    if found.type == "solo_basket":
        count = found.baskets or 1
        return [f"speed <b>{found.speed}</b>", f"<b>{count}</b> card{'s' if count != 1 else ''} a day if first"]
    if found.type in ("solo_lesson", "solo_advanced_lesson"):
        return ["scores for the sister"]
    if found.type == "family_lesson":
        return ["hidden until the end"]
    return []


def mode_card_html(card_id: int, selected: bool = False, note: str = "", width: int = CARD_WIDTH) -> str:
    """One solo or family card as HTML, in the style of :func:`isle_nb.widgets.cards.card_html`."""
    found = card(card_id)
    band, label = TYPE_STYLE[found.type]
    border = "3px solid #1a7f37" if selected else "1px solid #9e9e9e"
    shadow = "box-shadow:0 0 0 2px #b7e4c7;" if selected else ""
    extra = f'<div style="margin-top:3px;color:#1a7f37;font-weight:bold">{html.escape(note)}</div>' if note else ""
    keywords = ""
    if found.actions:
        keywords = (f'<div class="isle-basket-actions" style="font-weight:bold;font-size:12px;margin:2px 0">'
                    f"{html.escape(basket_actions_text(card_id))}</div>")
    facts = mode_card_facts(card_id)
    facts_line = f'<div style="color:#444;margin-bottom:3px">{" &middot; ".join(facts)}</div>' if facts else ""
    return (
        f'<div class="isle-card isle-mode-card" data-card="{found.id}" style="box-sizing:border-box;width:{width}px;'
        f"min-height:125px;border:{border};{shadow}border-radius:8px;overflow:hidden;background:#fffdf7;"
        'color:#222;font-family:sans-serif;font-size:11px;line-height:1.3">'
        f'<div style="background:{band};color:#fff;padding:2px 6px;display:flex;justify-content:space-between">'
        f"<b>{html.escape(label)}</b><span>#{found.id}</span></div>"
        '<div style="padding:3px 6px 5px 6px">'
        f'<div style="font-weight:bold;font-size:12.5px;margin-bottom:1px">{html.escape(found.title)}</div>'
        f"{facts_line}{keywords}<div>{html.escape(found.text)}</div>{extra}</div></div>"
    )


def mode_cards_row_html(card_ids: tuple[int, ...] | list[int], empty: str = "no cards", width: int = CARD_WIDTH) -> str:
    """Several solo or family cards side by side (wrapping)."""
    if not card_ids:
        return f'<div style="color:#777;font-style:italic;padding:4px">{html.escape(empty)}</div>'
    inner = "".join(f'<div style="margin:0 6px 6px 0">{mode_card_html(c, width=width)}</div>' for c in card_ids)
    return f'<div style="display:flex;flex-wrap:wrap">{inner}</div>'


class ModeCardPicker(CardPicker):
    """A :class:`CardPicker` that draws solo and family cards with :func:`mode_card_html`."""

    face = staticmethod(mode_card_html)


__all__ = [
    "ModeCardPicker",
    "basket_actions_text",
    "mode_card_facts",
    "mode_card_html",
    "mode_cards_row_html",
]
