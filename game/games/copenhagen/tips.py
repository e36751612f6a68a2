"""The words of the Copenhagen table: the tooltip of whatever is under the mouse, tile names, costs.

Over your facade with a tile held, the tooltip says why it cannot go there or what it costs; over a
harbour card, whether it may be taken now; over the deck, the mermaid's odds; over another player,
their score, cards and abilities.
"""

from __future__ import annotations

from game.core.i18n import tr
from game.core.rules import CHANCE
from game.games.copenhagen import board
from game.games.copenhagen.rules import ABILITIES, ACTIVE, HAND_LIMIT, RULES, USED
from game.games.copenhagen.shown import MERMAID_CARD
from game.games.copenhagen.text import earnings


class CopenhagenTips:
    """The texts a ``CopenhagenTable`` shows about what is under the mouse and what is held."""

    def __init__(self, table):
        self.table = table

    def hover_tip(self) -> str | None:
        """What is under the mouse on the table, said in a line or two (None when nothing needs saying)."""
        table = self.table
        if table.hover is None:
            return None
        kind = table.hover[0]
        if kind == "cell":
            ghost = table.ghost()
            if ghost is not None:
                if ghost["problem"]:
                    return tr(ghost["problem"])
                text = self.cost_text(ghost["cost"]) if ghost["cost"] else tr("copenhagen.ui.special.free")
                return "\n".join([text, *self.earned_lines(ghost)])
            return self.cell_tip(table.hover[1])
        if kind == "slot":
            return self.slot_tip(table.hover[1])
        if kind == "deck":
            return self.deck_tip()
        if kind == "discard":
            return tr("copenhagen.ui.discard.tip", n=sum(table.shown.discard))
        if kind == "special":
            return tr("copenhagen.ui.special.tip", n=table.shown.supply[board.SPECIAL])
        if kind == "supply":
            return self.supply_tip(table.hover[1])
        if kind == "ability":
            return self.ability_tip(table.me, table.hover[1])
        if kind == "coat_row":
            return tr("copenhagen.ui.coat_row.tip", row=table.hover[1] + 1)
        if kind == "hand":
            cards = table.hand_cards()
            index = table.hover[1]
            if index < len(cards):
                colour = board.COLOURS[cards[index]]
                return tr("copenhagen.ui.hand.tip", colour=tr(f"copenhagen.colour.{colour}"),
                          n=table.shown.hands[table.me][cards[index]], total=table.shown.hand_size(table.me))
            return None
        if kind == "opponent":
            return self.opponent_tip(table.hover[1])
        if kind == "opponent_ability":
            return table.host.player_name(table.hover[1]) + ": " + self.ability_tip(table.hover[1], table.hover[2])
        return None

    def cell_tip(self, cell) -> str | None:
        index = board.cell_index(*cell)
        if index in board.COAT_CELLS:
            return tr("copenhagen.ui.coat_cell.tip")
        return None

    def slot_tip(self, slot: int) -> str | None:
        table = self.table
        card = table.shown.harbour[slot]
        if card < 0:
            return tr("copenhagen.ui.slot.empty", slot=slot + 1)
        if card == MERMAID_CARD:
            return tr("copenhagen.log.mermaid")
        text = tr("copenhagen.ui.slot.tip", slot=slot + 1, colour=tr(f"copenhagen.colour.{board.COLOURS[card]}"))
        mark = table.harbour_marks().get(slot)
        if mark == "any":
            text += " " + tr("copenhagen.ui.slot.any")
        elif mark == "third":
            text += " " + tr("copenhagen.ui.slot.third")
        elif table.host.can_act() and mark is None and table.phase() in ("second", "last_call"):
            text += " " + table.slot_refusal(slot)
        return text

    def deck_tip(self) -> str:
        table = self.table
        shown = table.shown
        lines = [tr("copenhagen.ui.deck.count", count=shown.deck_size)]
        if shown.mermaid == "aside":
            lines.append(tr("copenhagen.deck.mermaid_aside"))
        elif shown.mermaid == "deck":
            lines.append(tr("copenhagen.deck.mermaid_in"))
            chance = RULES.mermaid_chance(table.observation())
            if chance:
                lines.append(tr("copenhagen.ui.deck.chance", left=round(1 / chance)))
        return "\n".join(lines)

    def supply_tip(self, tile_id: str) -> str:
        table = self.table
        left = table.shown.supply[board.TILE_INDEX[tile_id]]
        text = tr("copenhagen.ui.supply.tip", tile=self.tile_name(tile_id), n=left)
        if table.host.can_act() and table.phase() in ("turn", "construct"):
            problem = RULES.tile_problem(table.observation(), table.me, tile_id)
            text += "\n" + (tr(problem) if problem else tr("copenhagen.ui.supply.click"))
        return text

    def ability_tip(self, seat: int, index: int) -> str:
        table = self.table
        name = ABILITIES[index]
        state = table.shown.abilities[seat][index]
        lines = [tr(f"copenhagen.ability.{name}"), tr(f"copenhagen.ability.{name}.help")]
        lines.append(tr({0: "copenhagen.ui.ability.state_none", ACTIVE: "copenhagen.ui.ability.state_active",
                         USED: "copenhagen.ui.ability.state_used"}[state]))
        return "\n".join(lines)

    def opponent_tip(self, seat: int) -> str:
        table = self.table
        shown = table.shown
        owned = [tr(f"copenhagen.ability.{ABILITIES[i]}") + ("" if s == ACTIVE else " " + tr("copenhagen.ui.used_mark"))
                 for i, s in enumerate(shown.abilities[seat]) if s]
        occupied, _ = shown.occupied(seat)
        return tr("copenhagen.ui.opponent.tip", name=table.host.player_name(seat), score=shown.scores[seat],
                  cards=shown.hand_size(seat), limit=HAND_LIMIT, empty=board.CELLS - bin(occupied).count("1"),
                  abilities=", ".join(owned))

    def earned_lines(self, ghost: dict) -> list[str]:
        """What a placement earns at once, a line (nothing when it earns nothing yet)."""
        earned = earnings(ghost.get("earns"), tr)
        return [tr("copenhagen.ui.earns", earned=tr("copenhagen.earn.sep").join(earned))] if earned else []

    def cost_text(self, cost: dict) -> str:
        table = self.table
        tile = board.TILES[board.TILE_INDEX[table.selected]]
        text = tr("copenhagen.ui.cost", cost=cost["cost"], colour=tr(f"copenhagen.colour.{tile.colour_name}"))
        if cost["contact"]:
            text += " " + tr("copenhagen.log.contact")
        if cost["discount"]:
            text += " " + tr("copenhagen.log.discount")
        return text

    def tile_name(self, tile_id: str) -> str:
        colour, size = tile_id.split("-")
        if colour == "special":
            return tr("copenhagen.tile.special")
        return tr("copenhagen.tile.named", colour=tr(f"copenhagen.colour.{colour}"), size=size)

    def tray_idle_text(self) -> str:
        table = self.table
        if table.my_turn_to("turn", "construct"):
            return tr("copenhagen.ui.tray.pick")
        return ""

    def waiting_text(self) -> str:
        table = self.table
        actor = table.controller.to_act()
        if actor is None:
            return tr("play.status.over")
        if actor == CHANCE:
            return ""
        return tr("copenhagen.ui.waiting", name=table.host.player_name(actor))
