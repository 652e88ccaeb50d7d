"""Cards as small HTML faces: a coloured band with the card type and id, the title, the costs and the text."""

from __future__ import annotations

import html

from isle_nb.model.parts.cards import Card

TYPE_STYLE: dict[str, tuple[str, str]] = {
    # card type: (band colour, label): the discovery cards, then the solo and family games' cards
    "oshax": ("#8d6e63", "Oshax"),
    "rescue": ("#2e7d32", "Rescue"),
    "anytime": ("#7b1fa2", "Anytime"),
    "treasure": ("#b07d00", "Treasure"),
    "lesson": ("#1565c0", "Lesson"),
    "family_lesson": ("#2e7d32", "Family lesson"),
    "solo_lesson": ("#546e7a", "Sister's lesson"),
    "solo_advanced_lesson": ("#37474f", "Advanced lesson"),
    "solo_basket": ("#5d4037", "Basket card"),
    "solo_colour": ("#546e7a", "Sister's colour"),
}
"""The band colour and label of each kind of card, in notebooks and in the app alike (dark enough for white
text)."""


ICON_PATHS: dict[str, str] = {
    "fish": '<path d="M1 6 Q5 1 9 6 Q5 11 1 6 Z M9 6 L12 3 L12 9 Z" fill="#1565c0"/>',
    "speed": '<path d="M1 2 L6 6 L1 10 Z M6 2 L11 6 L6 10 Z" fill="#2e7d32"/>',
    "basket": '<path d="M3 5 Q6 0 9 5" fill="none" stroke="#8d6e63" stroke-width="1.3"/>'
              '<path d="M1 5 H11 L9.5 11 H2.5 Z" fill="#a1887f"/>',
    "half basket": '<path d="M1 5 H6 V11 H2.5 Z" fill="#a1887f"/>'
                   '<path d="M6 5 H11 L9.5 11 H6 Z" fill="none" stroke="#a1887f" stroke-dasharray="1.5 1"/>',
}
"""Small drawn icons for a card's facts (fish, speed, baskets): pictures, not emoji, which a browser without an
emoji font shows as empty boxes. The words beside them say the same, so the icons are hidden from screen readers."""


def icon(name: str) -> str:
    """One of :data:`ICON_PATHS` as a 12-pixel inline SVG."""
    return (f'<svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" '
            f'style="vertical-align:-1px;margin-right:2px">{ICON_PATHS[name]}</svg>')


def card_html(card: Card) -> str:
    """One card as an inline HTML block (what ``Card._repr_html_`` shows)."""
    band, label = TYPE_STYLE.get(card.type, ("#757575", card.type))
    if card.public:
        label = f"Public {label.lower()}"
    facts: list[str] = []
    if card.is_discovery:
        facts.append(f"{icon('fish')}{card.cost} fish")
    if card.speed or card.type in ("rescue", "solo_basket"):
        facts.append(f"{icon('speed')}speed {card.speed}")
    if card.basket != "none":
        facts.append(f"{icon('half basket')}half basket" if card.basket == "half" else f"{icon('basket')}basket")
    if card.baskets is not None:
        facts.append(f"{icon('basket')}{card.baskets} card{'s' if card.baskets != 1 else ''}")
    if card.module is not None:
        facts.append(f"module {html.escape(card.module)}")
    if card.pick_colour:
        facts.append("pick a colour")
    actions = ""
    if card.actions:
        actions = (
            '<div style="margin-top:4px;font-family:monospace;font-size:11px">'
            + " &rarr; ".join(html.escape(str(a)) for a in card.actions)
            + "</div>"
        )
    return (
        '<div class="isle-nb-card" style="display:inline-block;vertical-align:top;width:200px;'
        "border:1px solid #999;border-radius:8px;overflow:hidden;margin:2px;"
        'font-family:sans-serif;font-size:12px;background:#fffdf7;color:#222">'
        f'<div style="background:{band};color:#fff;padding:3px 6px;display:flex;'
        'justify-content:space-between">'
        f"<b>{html.escape(label)}</b><span>#{card.id}</span></div>"
        '<div style="padding:4px 6px">'
        f'<div style="font-weight:bold;font-size:13px">{html.escape(card.title)}</div>'
        f'<div style="color:#555;font-size:11px">{" &middot; ".join(facts)}</div>'
        f'<div style="margin-top:4px">{html.escape(card.text)}</div>'
        f"{actions}</div></div>"
    )


__all__ = ["ICON_PATHS", "TYPE_STYLE", "card_html", "icon"]
