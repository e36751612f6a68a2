"""Words of the Cannonades table: card names, what a card does, colour names."""

from __future__ import annotations

from game.core.i18n import tr
from game.games.cannonades.rules import CODES, FACES_LEFT, GRINS, IS_SHIP, KINDS, UNKNOWN


def card_name(kind: int) -> str:
    return tr(f"cannonades.card.{CODES[kind]}") if kind != UNKNOWN else tr("cannonades.card.unknown")


def colour_name(colour: str) -> str:
    return tr(f"cannonades.ui.colour.{colour}")


def card_tip(kind: int, deck: tuple[int, ...]) -> str:
    """What a card is and does, for its tooltip."""
    card = KINDS[kind]
    if IS_SHIP[kind]:
        facing = tr("cannonades.ui.facing.left") if FACES_LEFT[kind] else tr("cannonades.ui.facing.right")
        return tr("cannonades.ui.tip.ship", name=card_name(kind), grins=GRINS[kind], facing=facing,
                  copies=deck[kind])
    colours = tr("cannonades.ui.list_sep").join(colour_name(c) for c in card.colours)
    return tr("cannonades.ui.tip.cannonade", name=card_name(kind), colours=colours, copies=deck[kind])


def sentence(text: str) -> str:
    """A text that starts with a card name ("orange ship: ...") begins with a capital."""
    return text[:1].upper() + text[1:]
