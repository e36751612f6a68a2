"""The questions the Cannonades table asks in the middle of a turn, and its view of the discard pile.

A Grin reaction (draw, make the attacker discard, turn up one of their ships, or let it go), a card
to lose to a reaction or to the hand limit, a cannonade to take back in the standoff. Each is built
from the table's legal actions; a choice that is not possible now is shown greyed with the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import language, tr
from game.games.cannonades import card_art
from game.games.cannonades.anim import card_kind
from game.games.cannonades.guide import fleet_guide, grin_guide
from game.games.cannonades.rules import CODES, IS_SHIP, unseen_counts
from game.games.cannonades.words import card_tip
from game.ui.audio import get_audio
from game.ui.card_choice import CardGrid, card_choice
from game.ui.dialog import Choice, Dialog
from game.ui.table import BOARD_AREA

if TYPE_CHECKING:  # pragma: no cover
    from game.games.cannonades.view import CannonadesTable

GRID_CARD = (60, 84)
DIALOG_GUIDE = (420, 262)
CHOICE_CARD = (96, 134)


def reaction_dialog(table: CannonadesTable) -> Dialog:
    """A Grin reaction against the player at the head of the queue."""
    state = table.state()
    reactor, against = state.reactions[0]
    name = table.host.player_name(against)
    legal = table.actions_of("react")
    options = {a["option"] for a in legal}

    def choose(option: str):
        def run():
            table.close_dialog()
            if option == "reveal":
                table.mode = "reveal"
                table.selected = None
                return
            action = next(a for a in legal if a["option"] == option)
            table.act(action)
        return run

    reasons = {"draw": tr("cannonades.ui.react.draw.no"),
               "discard": tr("cannonades.ui.react.discard.no", name=name),
               "reveal": tr("cannonades.ui.react.reveal.no", name=name)}
    choices = []
    for option in ("draw", "discard", "reveal", "pass"):
        choices.append(Choice(lambda option=option: tr(f"cannonades.ui.react.{option}", name=name), choose(option),
                              "primary" if option != "pass" else "secondary",
                              enabled=lambda option=option: option in options,
                              reason=lambda option=option: reasons.get(option, ""),
                              tooltip=lambda option=option: tr(f"cannonades.ui.react.{option}.tip", name=name)))
    more = len(state.reactions) - 1
    body = tr("cannonades.ui.react.body", name=name)
    if more:
        body += "\n" + tr("cannonades.ui.react.more", n=more)
    return Dialog(tr("cannonades.ui.react.title"), body, choices, area=BOARD_AREA, width=940, dim_alpha=70)


def discard_dialog(table: CannonadesTable, title: str, body: str, count: int):
    """``count`` cards of the hand to discard: the dialog and its card picker."""
    cards = table.my_hand()
    images = [card_art.image(k, *CHOICE_CARD) for k in cards]
    tips = [card_tip(k, table.deck) for k in cards]

    def done(indices):
        table.close_dialog()
        for index in indices:
            if not table.act({"type": "discard", "card": CODES[cards[index]]}):
                break

    width = min(1180, max(640, len(cards) * 108 + 60))
    return card_choice(title, body, images, done, lambda: tr("cannonades.ui.discard"), pick=count, tips=tips,
                       area=BOARD_AREA, width=width, reason=lambda: tr("cannonades.ui.discard.reason", n=count))


def pick_dialog(table: CannonadesTable):
    """A cannonade to take back from the discard pile: the dialog and its card picker."""
    choices = [card_kind(a["card"]) for a in table.actions_of("pick")]
    images = [card_art.image(k, *CHOICE_CARD) for k in choices]
    tips = [card_tip(k, table.deck) for k in choices]

    def done(indices):
        table.close_dialog()
        table.act({"type": "pick", "card": CODES[choices[indices[0]]]})

    return card_choice(tr("cannonades.ui.pick.title"), tr("cannonades.ui.pick.body"), images, done,
                       lambda: tr("cannonades.ui.pick.take"), tips=tips, area=BOARD_AREA,
                       width=max(640, len(choices) * 108 + 80), reason=lambda: tr("cannonades.ui.pick.reason"))


def discard_viewer(table: CannonadesTable) -> Dialog:
    """The discard pile card by card, with the colour guide and Captain Grin below it."""
    cards = list(table.shown.discard)
    images = [card_art.image(k, *GRID_CARD) for k in cards]
    tips = [card_tip(k, table.deck) for k in cards]
    width = 940
    rows = CardGrid.rows_needed(len(cards), width - 48, GRID_CARD[0])
    grid_height = rows * (GRID_CARD[1] + 8) if cards else 0
    ships = sum(1 for k in cards if IS_SHIP[k])
    body = tr("cannonades.ui.discards.body", ships=ships, cannonades=len(cards) - ships) if cards else \
        tr("cannonades.ui.discards.empty")
    unseen = tuple(unseen_counts(table.state()))
    deck = table.deck

    def guides(surface, rect):
        top = rect.y + grid_height + 8
        surface.blit(fleet_guide(unseen, deck, DIALOG_GUIDE, language()), (rect.centerx - DIALOG_GUIDE[0] - 6, top))
        surface.blit(grin_guide(DIALOG_GUIDE, language()), (rect.centerx + 6, top))

    dialog = Dialog(lambda: tr("cannonades.ui.discards.title", n=len(cards)), body,
                    [Choice(lambda: tr("cannonades.ui.close"), table.close_dialog, "primary")],
                    area=BOARD_AREA, width=width, content_height=grid_height + 8 + DIALOG_GUIDE[1],
                    draw_content=guides, cancel=0)
    if cards:
        dialog.add(CardGrid(pygame.Rect(dialog.content_rect.topleft, (dialog.content_rect.width, grid_height)),
                            images, tips))
    get_audio().play("card_slide")
    return dialog
