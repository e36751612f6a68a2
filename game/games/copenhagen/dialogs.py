"""The questions the Copenhagen table asks mid-turn, each a shared ``Dialog``.

Which card to discard over the hand limit, which coat-of-arms reward to take, which colours Change
of colors swaps, and how to pay when converted cards make several payments possible. Every choice
offered is one of the engine's legal actions; the others are shown greyed with the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import tr
from game.games.copenhagen import art, board
from game.games.copenhagen.rules import ABILITIES, USED
from game.ui import theme
from game.ui.dialog import Choice, Dialog
from game.ui.fonts import render_text
from game.ui.image_button import ImageButton
from game.ui.widgets import Button

if TYPE_CHECKING:  # pragma: no cover
    from game.games.copenhagen.view import CopenhagenTable

CHIP = (64, 90)


class Question(Dialog):
    """A dialog whose choices are also kept by name (``keyed``), so the table can mark a hint on one."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.keyed: dict[tuple, object] = {}

    def add_keyed(self, key: tuple, widget):
        self.keyed[key] = widget
        return self.add(widget)


def colour_label(name: str) -> str:
    return tr(f"copenhagen.colour.{name}")


def hinted(view: CopenhagenTable, **fields) -> bool:
    """True when the hint the person asked for is this choice."""
    if not view.hint:
        return False
    action = view.hint[0]
    return all(action.get(k) == v for k, v in fields.items())


def discard_dialog(view: CopenhagenTable) -> Dialog:
    """Over the hand limit: one card of the person's choice goes to the discard pile."""
    hand = view.observation().hands[view.me]
    colours = [c for c in range(len(board.COLOURS)) if hand[c]]
    dialog = Question(lambda: tr("copenhagen.ui.discard.title"),
                    lambda: tr("copenhagen.ui.discard.body", n=sum(hand), limit=7),
                    area=view.dialog_area, width=620, content_height=CHIP[1] + 40)
    xs = _row(dialog.content_rect, len(colours), CHIP[0] + 24)
    for x, colour in zip(xs, colours, strict=True):
        name = board.COLOURS[colour]
        button = ImageButton((x, dialog.content_rect.y + 6, CHIP[0] + 24, CHIP[1] + 30),
                             art.card_face(name, *CHIP),
                             lambda name=name: view.act({"type": "discard", "card": name}),
                             label=lambda name=name: colour_label(name), badge=lambda n=hand[colour]: f"{n}",
                             tooltip=lambda name=name: tr("copenhagen.ui.discard.one", colour=colour_label(name)),
                             sound="card_slide")
        button.selected = hinted(view, type="discard", card=name)
        dialog.add_keyed(("discard", name), button)
    return dialog


def coat_dialog(view: CopenhagenTable) -> Dialog:
    """A coat of arms: a new ability, a white tile placed at once, or all used abilities refreshed."""
    state = view.observation()
    me = view.me
    legal = view.actions_of("coat")
    gainable = {a["ability"] for a in legal if a["choice"] == "ability"}
    spots = [a for a in legal if a["choice"] == "special"]
    can_refresh = any(a["choice"] == "refresh" for a in legal)
    pending = state.pending_coats
    title = tr("copenhagen.ui.coat.title") + (" " + tr("copenhagen.ui.coat.more", n=pending) if pending > 1 else "")
    dialog = Question(title, lambda: tr("copenhagen.ui.coat.body"), area=view.dialog_area, width=860,
                      content_height=196)
    area = dialog.content_rect
    left = area.x + (area.width - (4 * 96 + 40 + 150 + 20 + 150)) // 2
    heads = [(left, 4 * 96, "copenhagen.coat.ability"), (left + 4 * 96 + 40, 150, "copenhagen.coat.special"),
             (left + 4 * 96 + 210, 150, "copenhagen.coat.refresh")]

    def draw_heads(surface, rect):
        for x, width, key in heads:
            text = render_text(tr(key), 19, theme.INK, bold=True)
            surface.blit(text, text.get_rect(midtop=(x + width // 2, rect.y)))

    dialog.draw_content = draw_heads
    top = area.y + 34
    x = left
    for index, name in enumerate(ABILITIES):
        if index == 0:
            continue  # everybody owns Any cards from the start
        owned = state.abilities[me][index]
        button = ImageButton((x, top, 88, 130), art.ability_tile(name, "active", 72),
                             lambda name=name: view.act({"type": "coat", "choice": "ability", "ability": name}),
                             label=lambda name=name: tr(f"copenhagen.ability.{name}"),
                             enabled_fn=lambda name=name: name in gainable,
                             reason=lambda owned=owned: tr("copenhagen.ui.coat.owned" if owned
                                                           else "copenhagen.why.not_now"),
                             tooltip=lambda name=name: tr(f"copenhagen.ability.{name}.help"), sound="chime")
        button.selected = hinted(view, type="coat", choice="ability", ability=name)
        dialog.add_keyed(("ability", name), button)
        x += 96
    white = ImageButton((heads[1][0] + 31, top, 88, 130), _white_tile_picture(), view.start_special,
                        label=lambda: tr("copenhagen.ui.white_left", n=state.supply[board.SPECIAL]),
                        enabled_fn=lambda: bool(spots),
                        reason=lambda: tr("copenhagen.ui.coat.no_white" if state.supply[board.SPECIAL] else
                                          "copenhagen.why.sold_out"),
                        tooltip=lambda: tr("copenhagen.coat.special.help"), sound="card_flip")
    white.selected = hinted(view, type="coat", choice="special")
    dialog.add_keyed(("special",), white)
    used = [ABILITIES[i] for i, s in enumerate(state.abilities[me]) if s == USED]
    refresh = ImageButton((heads[2][0] + 31, top, 88, 130), _refresh_picture(used[0] if used else "any_cards"),
                          lambda: view.act({"type": "coat", "choice": "refresh"}),
                          label=lambda: tr("copenhagen.ui.coat.refresh_n", n=len(used)),
                          enabled_fn=lambda: can_refresh, reason=lambda: tr("copenhagen.ui.coat.none_used"),
                          tooltip=lambda: tr("copenhagen.coat.refresh.help"), sound="card_flip")
    refresh.selected = hinted(view, type="coat", choice="refresh")
    dialog.add_keyed(("refresh",), refresh)
    return dialog


def _white_tile_picture() -> pygame.Surface:
    surface = pygame.Surface((72, 72), pygame.SRCALPHA)
    pygame.draw.rect(surface, theme.PAPER_DARK, surface.get_rect(), border_radius=10)
    tile = art.tile_image("special-1", 0, False, 48)
    surface.blit(tile, tile.get_rect(center=(36, 36)))
    return surface


def _refresh_picture(ability: str) -> pygame.Surface:
    surface = art.ability_tile(ability, "used", 72).copy()
    centre = (36, 36)
    pygame.draw.circle(surface, theme.PAPER, centre, 22)
    pygame.draw.arc(surface, theme.GOOD, (16, 16, 40, 40), 0.6, 5.6, 5)
    pygame.draw.polygon(surface, theme.GOOD, [(52, 22), (58, 36), (44, 33)])
    return surface


def convert_dialog(view: CopenhagenTable) -> Dialog:
    """Change of colors: which colour of cards in hand counts as which other colour for this build."""
    hand = view.observation().hands[view.me]
    pairs = {(a["from"], a["to"]) for a in view.actions_of("convert")}
    sources = [c for c in board.COLOURS if any(p[0] == c for p in pairs)]
    choice = {"from": sources[0] if len(sources) == 1 else None, "to": None}

    def use():
        if choice["from"] and choice["to"]:
            view.close_dialog()
            view.act({"type": "convert", "from": choice["from"], "to": choice["to"]})

    dialog = Question(lambda: tr("copenhagen.ability.change_of_colors"), lambda: tr("copenhagen.ui.convert.body"),
                    [Choice(lambda: tr("copenhagen.ui.convert.use"), use, "primary",
                            enabled=lambda: bool(choice["from"] and choice["to"]),
                            reason=lambda: tr("copenhagen.ui.convert.pick")),
                     Choice(lambda: tr("common.cancel"), view.close_dialog)],
                    area=view.dialog_area, width=720, content_height=2 * (CHIP[1] + 36) + 20, cancel=1)
    area = dialog.content_rect
    rows = [(area.y + 4, "copenhagen.ui.convert.from"), (area.y + CHIP[1] + 52, "copenhagen.ui.convert.to")]

    def draw_labels(surface, rect):
        for y, key in rows:
            text = render_text(tr(key), 19, theme.INK, bold=True)
            surface.blit(text, (rect.x, y + CHIP[1] // 2 - 8))

    dialog.draw_content = draw_labels
    source_buttons, target_buttons = [], []

    def pick(side: str, name: str) -> None:
        choice[side] = name
        if side == "from" and choice["to"] and (name, choice["to"]) not in pairs:
            choice["to"] = None
        for button, colour in source_buttons:
            button.selected = colour == choice["from"]
        for button, colour in target_buttons:
            button.selected = colour == choice["to"]

    x0 = area.x + 150
    for k, name in enumerate(board.COLOURS):
        source = ImageButton((x0 + k * 100, rows[0][0], 84, CHIP[1] + 30), art.card_face(name, *CHIP),
                             lambda name=name: pick("from", name), label=lambda name=name: colour_label(name),
                             badge=lambda n=hand[board.COLOUR_INDEX[name]]: str(n) if n else "",
                             enabled_fn=lambda name=name: name in sources,
                             reason=lambda: tr("copenhagen.ui.convert.none_in_hand"))
        target = ImageButton((x0 + k * 100, rows[1][0], 84, CHIP[1] + 30), art.card_face(name, *CHIP),
                             lambda name=name: pick("to", name), label=lambda name=name: colour_label(name),
                             enabled_fn=lambda name=name: (choice["from"], name) in pairs if choice["from"] else any(
                                 p[1] == name for p in pairs),
                             reason=lambda: tr("copenhagen.ui.convert.no_tile"))
        source_buttons.append((source, name))
        target_buttons.append((target, name))
        dialog.add_keyed(("from", name), source)
        dialog.add_keyed(("to", name), target)
    if view.hint and view.hint[0]["type"] == "convert":
        pick("from", view.hint[0]["from"])
        pick("to", view.hint[0]["to"])
    elif choice["from"]:
        pick("from", choice["from"])
    return dialog


def pay_dialog(view: CopenhagenTable, options: list[dict]) -> Dialog:
    """Several ways to pay (converted cards): which cards go."""
    cost = sum(options[0]["pay"].values())
    height = len(options) * 52
    dialog = Question(lambda: tr("copenhagen.ui.pay.title"), lambda: tr("copenhagen.ui.pay.body", cost=cost),
                    [Choice(lambda: tr("common.cancel"), view.close_dialog)], area=view.dialog_area, width=560,
                    content_height=height, cancel=0)
    area = dialog.content_rect
    for k, action in enumerate(options):
        def pay(action=action):
            view.close_dialog()
            view.act(action)

        label = " + ".join(tr("copenhagen.ui.n_cards", n=n, colour=colour_label(c)) for c, n in action["pay"].items())
        dialog.add_keyed(("pay", k), Button((area.x + 40, area.y + k * 52, area.width - 80, 44), label, pay, size=20))
    return dialog


def _row(rect: pygame.Rect, count: int, width: int, gap: int = 14) -> list[int]:
    total = count * width + (count - 1) * gap
    start = rect.centerx - total // 2
    return [start + k * (width + gap) for k in range(count)]

