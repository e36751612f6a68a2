"""The Catan-for-two table: base Catan's table with the two-player parts.

What the two-player layer adds is one part the table holds (``TwoPlayerPart``, as ``table.two``),
so any table of the family composes it (base Catan here; Cities & Knights for two the same way):

- the neutral colours' pieces, always with their marks (``NeutralBoard`` paints them);
- after a build that owes a neutral piece, the legal neutral spots lit for both colours; a click
  builds there, and a spot open to both colours asks which (``NeutralColourDialog``);
- the trade tokens of each player (in their panel) and the supply (beside the bank);
- the token actions as buttons in the person's panel, each with its current cost and, greyed, why not;
- the two rolls of a turn beside the dice, and the re-throw of an equal total announced;
- the give-back choice after a forced trade (``GiveBackDialog``).

The table names the part's hooks where base Catan's table has them (``candidates``, ``spot_kind``,
``ghost_piece``, ``click_spot``, ``dialog_plan``, ``make_dialog``) and draws the part's figures from
its panels and its dice.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.games.catan import dialogs
from game.games.catan.board_layer import BoardLayer
from game.games.catan.drawing import CatanDrawing
from game.games.catan.panels import CatanPanels
from game.games.catan.shown import Piece
from game.games.catan.tips import CatanTips
from game.games.catan.two_player import FORCED_GIVES, NEUTRAL_COLOURS, opponent
from game.games.catan.view import CatanTable
from game.games.catan_2p.text import neutral
from game.ui import theme
from game.ui.dialog import Choice
from game.ui.fonts import render_text, text_size
from game.ui.widgets import Button

TOKEN_GOLD = (214, 172, 64)
TOKEN_ACTIONS = ("forced_trade", "robber_to_desert", "turn_in_knight")
TOKEN_KEYS = {"forced_trade": pygame.K_f, "robber_to_desert": pygame.K_r, "turn_in_knight": pygame.K_n,
              "remove_knight": pygame.K_n}
TOKEN_ACTION_PHASES = ("pre_roll", "main")
FORCED_SHARE = 0.44
"""The forced trade's share of the row of token actions (the robber's label is longer)."""
KNIGHT_WIDTH = 104
TOKEN_ROW = 48
"""How far down a player's panel their tokens sit (under their name)."""


def token_coin(size: int) -> pygame.Surface:
    """A trade token: a gold coin with a rim and a cart-wheel mark."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size / 2, size / 2)
    pygame.draw.circle(surface, theme.mix(TOKEN_GOLD, theme.INK, 0.45), centre, size / 2)
    pygame.draw.circle(surface, TOKEN_GOLD, centre, size / 2 - 2)
    pygame.draw.circle(surface, theme.mix(TOKEN_GOLD, theme.WHITE, 0.4), centre, size / 2 - 5, max(1, size // 12))
    for angle in range(0, 180, 45):
        spoke = pygame.Vector2(size * 0.22, 0).rotate(angle)
        pygame.draw.line(surface, theme.mix(TOKEN_GOLD, theme.INK, 0.5), centre + spoke, centre - spoke, 2)
    return surface


class NeutralPaint:
    """A board layer's mixin: the neutral colours' pieces always marked (they belong to nobody at the table)."""

    def paint(self, colour: int, marks: bool):
        return super().paint(colour, marks or colour in NEUTRAL_COLOURS)


class NeutralBoard(NeutralPaint, BoardLayer):
    """Base Catan's board layer with the neutral colours marked."""


class ActionsDialog(dialogs.CatanDialog):
    """A choice among a few actions (keys 1, 2...), with Back."""

    def __init__(self, table, actions: list[dict], label, choose, title, body, width: int):
        choices = [Choice(lambda a=a: label(a), lambda a=a: choose(a), "primary", hotkey=pygame.K_1 + i)
                   for i, a in enumerate(actions)]
        choices.append(Choice(lambda: tr("catan.ui.back"), table.close_dialog))
        super().__init__(table, title, body, choices, width=width, cancel=len(choices) - 1)


class NeutralColourDialog(ActionsDialog):
    """A spot open to both neutral colours: which one builds there."""

    kind = "neutral"

    def __init__(self, table, actions: list[dict]):
        def label(action: dict) -> str:
            return neutral(tr, action["colour"]) + " " + table.seat_style(action["colour"]).symbol

        super().__init__(table, actions, label, table.act, lambda: tr("catan_2p.ui.neutral.title"),
                         lambda: tr("catan_2p.ui.neutral.body"), 640)


class GiveBackDialog(dialogs.CardsChoiceDialog):
    """After a forced trade's draws: the 2 cards given back to the opponent, chosen from the whole hand
    (among the kinds the declared mode allows, where a game has modes)."""

    kind = "give_back"

    def __init__(self, table):
        allowed = {kind for a in table.actions_of("give_back") for kind in a["cards"]}
        super().__init__(table, table.me, FORCED_GIVES, allowed)

    def opponent_name(self) -> str:
        return self.table.seat_name(opponent(self.table.me))

    def title_text(self) -> str:
        return tr("catan_2p.ui.give_back.title", count=FORCED_GIVES)

    def body_text(self) -> str:
        return tr("catan_2p.ui.give_back.body", count=FORCED_GIVES, name=self.opponent_name(),
                  chosen=sum(self.chosen))

    def confirm_label(self) -> str:
        return tr("catan_2p.ui.give_back.confirm", name=self.opponent_name())

    def confirm(self) -> None:
        self.table.act({"type": "give_back", "cards": self.chosen_cards()})


class TwoPlayerPart:
    """The two-player layer's share of a Catan table: neutral builds, trade tokens, the double roll."""

    token_actions = TOKEN_ACTIONS
    """The token buttons: the two token actions, then the way a player earns tokens at will."""

    def __init__(self, table):
        self.table = table
        self.buttons = [Button((0, 0, 108, 40), lambda kind=kind: self.label(kind), lambda kind=kind: self.take(kind),
                               size=14, enabled_fn=lambda kind=kind: self.action(kind) is not None,
                               reason=lambda kind=kind: self.reason(kind), hotkey=TOKEN_KEYS[kind],
                               tooltip=lambda kind=kind: tr(self.text_key(kind) + ".tip", cost=self.cost()))
                        for kind in self.token_actions]
        handlers = table.animation.handlers
        handlers["rethrow"] = self.rethrow
        handlers["forced_draw"] = handlers["forced_drawn"] = self.drawn
        handlers["gave_back"] = handlers["given_back"] = self.given
        handlers["token_action"] = lambda d: self.float_tokens(d["seat"], tr("catan_2p.ui.paid", count=d["cost"]))
        handlers["trade_tokens"] = self.earned
        handlers["knight_turned_in"] = self.earned

    # -- neutral builds ------------------------------------------------------------------------
    def neutral_candidates(self) -> dict[tuple, list[dict]]:
        """Spot -> the neutral builds there (one per colour that may build on it)."""
        found: dict[tuple, list[dict]] = {}
        for a in self.table.legal_actions():
            if "colour" in a:
                key = ("e", a["edge"]) if a["type"] == "road" else ("v", a["vertex"])
                found.setdefault(key, []).append(a)
        return found

    def neutral_spot_kind(self) -> str | None:
        kinds = {a["type"] for a in self.table.legal_actions() if "colour" in a}
        return "e" if kinds == {"road"} else "v" if kinds else None

    def click_neutral(self, found: list[dict]) -> None:
        if len(found) > 1:
            self.table.open_dialog(NeutralColourDialog(self.table, found))
        else:
            self.table.act(found[0])

    # -- trade tokens --------------------------------------------------------------------------
    def cost(self) -> int:
        table = self.table
        return table.ruleset.token_cost(table.observation(), table.me)

    def price(self, kind: str) -> int:
        return self.cost() if kind != "turn_in_knight" else 0

    def action(self, kind: str) -> dict | None:
        return next((a for a in self.table.actions_of(kind)), None)

    def text_key(self, kind: str) -> str:
        return f"catan_2p.ui.{kind}"

    def label(self, kind: str) -> str:
        return tr(self.text_key(kind))

    def cost_line(self) -> str:
        """What a token action costs the person now (beside their tokens, over the buttons)."""
        return tr("catan_2p.ui.cost", cost=self.cost())

    def take(self, kind: str) -> None:
        action = self.action(kind)
        if action is not None:
            self.table.mode = None
            self.table.act(action)

    def reason(self, kind: str) -> str:
        """Why a token action is not open now."""
        table = self.table
        state = table.observation()
        me = table.me
        if not table.host.can_act() or state.current != me:
            return tr("play.not_your_turn")
        if state.phase not in TOKEN_ACTION_PHASES:
            return tr("catan_2p.ui.reason.when")
        if kind == "turn_in_knight":
            if state.knight_turned_in:
                return tr("catan_2p.ui.reason.knight_once")
            if not state.token_supply:
                return tr("catan_2p.ui.reason.supply_empty")
            return tr("catan_2p.ui.reason.no_knight")
        if state.token_used:
            return tr("catan_2p.ui.reason.once")
        if state.tokens[me] < self.price(kind):
            return tr("catan_2p.ui.reason.tokens", cost=self.price(kind), held=state.tokens[me])
        if kind == "robber_to_desert":
            return tr("catan_2p.ui.reason.in_desert")
        if not table.ruleset.cards_of(state, opponent(me)):
            return tr("catan_2p.ui.reason.no_cards", name=table.seat_name(opponent(me)))
        return tr("catan_2p.ui.reason.give_back", count=FORCED_GIVES)

    def place_buttons(self) -> None:
        """The token buttons sit in the panel of the person at the screen: the two token actions in a row
        above their pieces left, turning in a knight (which earns tokens) beside their tokens."""
        rect = self.table.panel_rect(self.table.me)
        forced, robber, knight = self.buttons
        inner = rect.width - 28 - 6
        width = round(inner * FORCED_SHARE)
        forced.rect = pygame.Rect(rect.x + 14, rect.bottom - 84, width, 44)
        robber.rect = pygame.Rect(forced.rect.right + 6, rect.bottom - 84, inner - width, 44)
        knight.rect = pygame.Rect(rect.right - 14 - KNIGHT_WIDTH, rect.y + 46, KNIGHT_WIDTH, 32)

    def draw_tokens(self, surface, seat: int, rect: pygame.Rect) -> None:
        """A player's tokens under their name; for the player on turn the rolls made so far."""
        table = self.table
        state = table.observation()
        coin = token_coin(26)
        at = (rect.x + 56, rect.y + TOKEN_ROW)
        surface.blit(coin, at)
        count = render_text(tr("catan_2p.ui.tokens", count=state.tokens[seat]), 17, theme.INK, bold=True)
        surface.blit(count, (at[0] + 32, at[1] + 13 - count.get_height() // 2))
        if seat == table.me:
            place = self.cost_rect(seat, rect)
            surface.blit(render_text(self.cost_line(), 15, theme.INK_SOFT), place)
        table.tips.add(pygame.Rect(at, (40 + count.get_width(), 26)), lambda: tr(
            "catan_2p.ui.tip.tokens", name=table.seat_name(seat), count=state.tokens[seat], cost=self.cost()))

    def cost_rect(self, seat: int, rect: pygame.Rect) -> pygame.Rect | None:
        """Where the person's cost line goes in their panel ``rect``: beside their tokens, or under them where
        the knight's button leaves no room beside; None in another player's panel."""
        if seat != self.table.me:
            return None
        count = text_size(tr("catan_2p.ui.tokens", count=self.table.observation().tokens[seat]), 17, bold=True)
        width, height = text_size(self.cost_line(), 15)
        x, y = rect.x + 56, rect.y + TOKEN_ROW
        if x + 44 + count[0] + width > rect.right - 20 - KNIGHT_WIDTH:
            return pygame.Rect(x + 32, y + 28, width, height)
        return pygame.Rect(x + 44 + count[0], y + 13 - height // 2, width, height)

    def draw_supply(self, surface) -> None:
        table = self.table
        state = table.observation()
        bank = table.layout.bank
        text = render_text(tr("catan_2p.ui.supply", count=state.token_supply), 16, theme.INK_SOFT, bold=True)
        box = pygame.Rect(0, 0, text.get_width() + 34, 26)
        box.topright = (bank.right - 12, bank.y + 8)
        surface.blit(token_coin(22), (box.x, box.y + 2))
        surface.blit(text, (box.x + 28, box.centery - text.get_height() // 2))
        table.tips.add(box, lambda: tr("catan_2p.ui.tip.supply", count=state.token_supply))

    def draw_rolls(self, surface, at) -> None:
        """Beside the dice: the first roll's total once made, and the re-throw while it is due."""
        table = self.table
        lines = self.roll_lines()
        if not lines or table.animation.dice.busy:
            return
        images = [render_text(line, 16, theme.INK, bold=i == 0) for i, line in enumerate(lines)]
        width = max(image.get_width() for image in images) + 16
        box = pygame.Rect(at[0] - width // 2, at[1] + 88, width, 8 + 20 * len(images))
        pygame.draw.rect(surface, theme.PAPER, box, border_radius=8)
        pygame.draw.rect(surface, theme.INK_FAINT, box, 1, border_radius=8)
        for i, image in enumerate(images):
            surface.blit(image, image.get_rect(midtop=(box.centerx, box.y + 4 + 20 * i)))
        table.tips.add(box, lambda: tr("catan_2p.ui.tip.rolls"))

    def roll_lines(self) -> list[str]:
        """The rolls of this turn so far, as the table writes them under the dice."""
        state = self.table.observation()
        if not state.rolls:
            return []
        lines = [tr("catan_2p.ui.first_roll", total=state.first_total)]
        if state.phase == "rethrow":
            lines.append(tr("catan_2p.ui.rethrow_due"))
        elif state.rolls == 2 and state.dice:
            lines.append(tr("catan_2p.ui.second_roll", total=sum(state.dice)))
        return lines

    # -- animations ----------------------------------------------------------------------------
    def rethrow(self, d: dict) -> None:
        animation = self.table.animation
        animation.rolled(dict(d, total=None))  # the total repeats: no production is shown
        animation.show_banner(tr("catan_2p.ui.banner.rethrow", total=d["total"]),
                              tr("catan_2p.ui.banner.rethrow.detail"), 1.0, "dice")

    def drawn(self, d: dict) -> None:
        """A card drawn in a forced trade flies from the opponent's hand (seen by the two traders only)."""
        if "resource" in d:
            self.table.animation.fly_cards({d["resource"]: 1}, d["victim"], d["seat"], "card_slide")

    def given(self, d: dict) -> None:
        if "cards" in d:
            self.table.animation.fly_cards(d["cards"], d["seat"], d["partner"], "card_slide")

    def earned(self, d: dict) -> None:
        if d["gained"]:
            self.float_tokens(d["seat"], tr("catan_2p.ui.gained", count=d["gained"]))

    def float_tokens(self, seat: int, text: str) -> None:
        self.table.animation.float_text(text, self.table.panel_rect(seat).center, theme.INK, 22, (*TOKEN_GOLD, 230))


class TokenPanels:
    """A panels mixin: each player's trade tokens and the supply beside the bank."""

    thinking_in_name = False

    def draw_player(self, surface, seat: int) -> None:
        super().draw_player(surface, seat)
        self.table.two.draw_tokens(surface, seat, self.table.panel_rect(seat))

    def draw_bank(self, surface) -> None:
        super().draw_bank(surface)
        self.table.two.draw_supply(surface)

    def thinking_at(self, rect: pygame.Rect) -> tuple[int, int]:
        """Under the tokens (a computer player's panel has no cost line there)."""
        return rect.x + 56, rect.y + TOKEN_ROW + 30


class RollsDrawing:
    """A drawing mixin: the rolls of the turn under the dice."""

    def draw_dice(self, surface) -> None:
        super().draw_dice(surface)
        self.table.two.draw_rolls(surface, self.table.layout.dice_at)


class NeutralTips:
    """A tips mixin: the neutral piece owed by name (and the road built when it has no room), and on a
    lit neutral spot, which neutral colours may build there."""

    def phase_status(self, state) -> str:
        if state.phase == "neutral" and state.neutral_due:
            return self.neutral_status(state.neutral_due[0])
        return super().phase_status(state)

    def neutral_status(self, due: str) -> str:
        """What the build owes now: the piece ``due``, or a road when no neutral colour has room for it."""
        kinds = {a["type"] for a in self.table.legal_actions() if "colour" in a}
        if kinds == {"road"} and due != "road":
            return tr("catan_2p.ui.status.neutral_instead", piece=self.neutral_piece_name(due))
        return tr(self.neutral_status_key(next(iter(kinds), due)))

    def neutral_status_key(self, kind: str) -> str:
        return f"catan_2p.ui.status.neutral.{kind}"

    def spot_tip(self, key: tuple) -> str:
        found = self.table.candidates().get(key, [])
        if found and "colour" in found[0]:
            names = tr("catan.log.separator").join(neutral(tr, a["colour"]) for a in found)
            return tr("catan_2p.ui.tip.neutral_here", piece=self.neutral_piece_name(found[0]["type"]), names=names)
        return super().spot_tip(key)

    def neutral_piece_name(self, kind: str) -> str:
        return tr(f"catan.piece.{kind}")


class TwoPlayerPanels(TokenPanels, CatanPanels):
    """Base Catan's panels with the trade tokens."""


class TwoPlayerDrawing(RollsDrawing, CatanDrawing):
    """Base Catan's drawing with the two rolls."""


class TwoPlayerTips(NeutralTips, CatanTips):
    """Base Catan's words with the neutral spots'."""


class TwoPlayerTable:
    """A Catan table's mixin: holds the ``TwoPlayerPart`` (as ``two``) and routes the table's hooks
    through it in the neutral phase and the give-back step."""

    part_class = TwoPlayerPart
    give_back_class = GiveBackDialog

    def __init__(self, host):
        super().__init__(host)
        self.two = self.part_class(self)
        self.buttons += self.two.buttons
        self.two.place_buttons()

    def candidates(self) -> dict[tuple, list[dict]]:
        if self.observation().phase == "neutral":
            return self.two.neutral_candidates() if self.dialog is None else {}
        return super().candidates()

    def spot_kind(self) -> str | None:
        if self.observation().phase == "neutral":
            return self.two.neutral_spot_kind() if self.host.can_act() and self.dialog is None else None
        return super().spot_kind()

    def seat_name(self, seat: int) -> str:
        """A neutral colour (it can hold Longest Road) is named as the log names it."""
        return neutral(tr, seat) if seat in NEUTRAL_COLOURS else super().seat_name(seat)

    def ghost_piece(self, action: dict) -> Piece | None:
        if "colour" in action:
            return self.neutral_piece(action)
        return super().ghost_piece(action)

    def neutral_piece(self, action: dict) -> Piece:
        """How a neutral build shows on its spot before the click."""
        return Piece(action["type"], action["colour"])

    def click_spot(self, key: tuple) -> None:
        found = self.candidates().get(key)
        if found and "colour" in found[0]:
            self.two.click_neutral(found)
            return
        super().click_spot(key)

    def dialog_plan(self, state) -> tuple[set, str | None]:
        if state.phase == "forced_give" and self.host.interactive and self.host.can_act() \
                and self.controller.to_act() == self.me:
            return {"give_back"}, "give_back"
        if state.phase == "neutral" and self.host.can_act():
            return {"neutral"}, None
        return super().dialog_plan(state)

    def make_dialog(self, kind: str):
        return self.give_back_class(self) if kind == "give_back" else super().make_dialog(kind)

    def refresh_buttons(self) -> None:
        """A hinted token action is marked on its button (it has no place on the board)."""
        super().refresh_buttons()
        for kind, button in zip(self.two.token_actions, self.two.buttons, strict=True):
            button.selected = self.hint_is(kind)

    def update(self, dt: float) -> None:
        self.two.place_buttons()
        super().update(dt)


class CatanForTwoTable(TwoPlayerTable, CatanTable):
    """The table of Catan for two (see the module docstring)."""

    board_class = NeutralBoard
    panels_class = TwoPlayerPanels
    drawing_class = TwoPlayerDrawing
    tips_class = TwoPlayerTips
