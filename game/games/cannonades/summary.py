"""The game-over screen's Cannonades part: how the game was decided, and the fleets left afloat.

After a standoff it is the tie-break table: each surviving captain's ships, different icons,
ships facing the same way, cards in hand and the last card, with the step that decided marked;
after a last captain afloat, the order in which the others went out.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.cannonades import card_art
from game.games.cannonades.rules import TIEBREAK_STEPS
from game.ui import theme
from game.ui.draw import player_token
from game.ui.fonts import render_paragraph, render_text


def draw_summary(surface: pygame.Surface, rect: pygame.Rect, result, name_of, game_id: str,
                 fleets: dict[int, list[tuple[int, bool]]] | None = None) -> None:
    """How the game was decided, then (where there is room) the surviving fleets as the viewer sees them."""
    details = result.details
    title = render_text(tr("cannonades.ui.summary.title"), 22, theme.INK_SOFT, bold=True)
    surface.blit(title, rect.topleft)
    y = rect.y + title.get_height() + 8
    if details.get("reason") == "standoff" and details.get("keys"):
        y = draw_tiebreak_table(surface, pygame.Rect(rect.x, y, rect.width, rect.bottom - y), details, name_of,
                                game_id)
    else:
        winner = details.get("winners", [None])[0]
        if winner is not None:
            line = render_paragraph(tr("cannonades.ui.summary.last", name=name_of(winner)), 19, theme.INK,
                                    rect.width)
            surface.blit(line, (rect.x, y))
            y += line.get_height() + 6
    out = details.get("eliminated", [])
    if out and y < rect.bottom - 24:
        names = tr("cannonades.ui.list_sep").join(f"{i + 1}. {name_of(seat)}" for i, seat in enumerate(out))
        line = render_paragraph(tr("cannonades.ui.summary.out", names=names), 17, theme.INK_SOFT, rect.width)
        surface.blit(line, (rect.x, y + 4))
        y += line.get_height() + 8
    if fleets:
        ordered = sorted(fleets.items(), key=lambda item: (result.ranks[item[0]], item[0]))
        draw_fleets(surface, pygame.Rect(rect.x, y + 6, rect.width, rect.bottom - y - 6), ordered, game_id)


def draw_fleets(surface, rect: pygame.Rect, fleets: list[tuple[int, list[tuple[int, bool]]]], game_id: str) -> None:
    """The surviving captains best first, each with their token and ships, as many as fit."""
    card = (44, 62)
    row = card[1] + 8
    if rect.height < row + 26:
        return
    head = render_text(tr("cannonades.ui.summary.fleets"), 17, theme.INK_SOFT, bold=True)
    surface.blit(head, rect.topleft)
    y = rect.y + head.get_height() + 6
    columns = 2 if len(fleets) > 1 and rect.width >= 2 * (40 + 4 * (card[0] + 6)) else 1
    width = rect.width // columns
    for index, (seat, fleet) in enumerate(fleets):
        column, line = index % columns, index // columns
        top = y + line * row
        if top + row > rect.bottom:
            return
        x = rect.x + column * width
        player_token(surface, (x + 14, top + card[1] // 2), 12, seat, game_id)
        for slot, (kind, up) in enumerate(fleet):
            image = card_art.image(kind, *card, face_up=up)
            surface.blit(image, (x + 34 + slot * (card[0] + 6), top))


def draw_tiebreak_table(surface, rect: pygame.Rect, details: dict, name_of, game_id: str) -> int:
    """Rows are the five steps, columns the survivors; the deciding row and the winners stand out, and a
    captain's values fade once an earlier step has left them behind."""
    keys = {int(seat): values for seat, values in details["keys"].items()}
    seats = sorted(keys)
    winners = set(details.get("winners", []))
    decided = details.get("tiebreak_step", 0)
    row_height = max(24, min(32, (rect.height - 40) // (len(TIEBREAK_STEPS) + 1)))
    label_width = 200
    column = max(60, (rect.width - label_width) // max(1, len(seats)))
    y = rect.y
    for i, seat in enumerate(seats):
        cx = rect.x + label_width + column * i + column // 2
        player_token(surface, (cx, y + row_height // 2), 11, seat, game_id)
        if seat in winners:
            crown = render_text("★", 16, theme.ACCENT_DARK)
            surface.blit(crown, crown.get_rect(midleft=(cx + 14, y + row_height // 2)))
    y += row_height
    contenders = set(seats)  # still tied for first before this step; the others' values are faded
    for step, name in enumerate(TIEBREAK_STEPS, start=1):
        row = pygame.Rect(rect.x - 6, y, label_width + column * len(seats) + 6, row_height - 2)
        if step == decided:
            pygame.draw.rect(surface, theme.mix(theme.PAPER, theme.ACCENT_LIGHT, 0.55), row, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT, row, 2, border_radius=6)
        faded = decided and step > decided
        ink = theme.INK_FAINT if faded else theme.INK
        label = render_text(f"{step}. " + tr(f"cannonades.ui.summary.step.{name}"), 17, ink, bold=step == decided)
        surface.blit(label, label.get_rect(midleft=(rect.x, row.centery)))
        for i, seat in enumerate(seats):
            value = keys[seat][step - 1]
            text = ("✓" if value else "–") if name == "trigger" else str(value)
            strong = seat in winners and step == decided
            colour = theme.ACCENT_DARK if strong else (ink if seat in contenders else theme.INK_FAINT)
            image = render_text(text, 18, colour, bold=strong)
            surface.blit(image, image.get_rect(center=(rect.x + label_width + column * i + column // 2, row.centery)))
        best = max(keys[seat][step - 1] for seat in contenders)
        contenders = {seat for seat in contenders if keys[seat][step - 1] == best}
        y += row_height
    if not decided:
        note = render_paragraph(tr("cannonades.ui.summary.shared"), 17, theme.INK_SOFT, rect.width)
        surface.blit(note, (rect.x, y + 4))
        y += note.get_height() + 4
    return y + 6
