"""What the Copenhagen table shows while its animations catch up with the game.

The engine's state is already final when the table hears of an action; the table animates the
events one after another, and each step changes this picture of the table the moment its animation
lands (a card arrives in a hand, a tile settles on a facade). When no animation is left the picture
is taken afresh from the observation, so it can never drift from the game.
"""

from __future__ import annotations

from game.games.copenhagen import board
from game.games.copenhagen.rules import ABILITY_INDEX, ACTIVE, MERMAID_STATES, USED

MERMAID_CARD = len(board.COLOURS)
"""The harbour holds colour indices, -1 for an empty slot, and this for the revealed mermaid."""


class ShownTable:
    """The table as drawn: harbour, hands, facades, scores, abilities, deck, discard pile and supply."""

    def __init__(self, observation):
        o = observation
        self.players = o.players
        self.harbour = list(o.harbour)
        if o.mermaid_slot is not None:
            self.harbour[o.mermaid_slot] = MERMAID_CARD
        self.hands = [list(h) for h in o.hands]
        self.hidden = list(o.hidden)
        self.facades = [list(f) for f in o.facades]
        self.scores = list(o.scores)
        self.abilities = [list(a) for a in o.abilities]
        self.deck_size = o.deck_size
        self.discard = list(o.discard)
        self.mermaid = MERMAID_STATES[o.mermaid]
        self.supply = list(o.supply)
        self.current = o.current

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat]) + self.hidden[seat]

    def occupied(self, seat: int) -> tuple[int, int]:
        """The cells built on a facade and which of them are brickwork."""
        occupied = bricks = 0
        for tile, o_index, col, row in self.facades[seat]:
            p = board.PLACEMENT_AT[tile][(o_index, col, row)]
            occupied |= p.mask
            bricks |= p.bricks
        return occupied, bricks

    # -- the events, as they land ------------------------------------------------------------
    def add_cards(self, seat: int, cards: dict) -> None:
        for name, n in cards.items():
            self.hands[seat][board.COLOUR_INDEX[name]] += n

    def remove_card(self, seat: int, colour: int) -> None:
        """A card leaves a hand: a known one if the viewer knows of one, else one of the unseen."""
        if self.hands[seat][colour] > 0:
            self.hands[seat][colour] -= 1
        elif self.hidden[seat] > 0:
            self.hidden[seat] -= 1

    def dealt(self, data: dict) -> None:
        if "cards" in data:
            self.add_cards(data["seat"], data["cards"])
            self.deck_size -= sum(data["cards"].values())
        else:
            self.hidden[data["seat"]] += data["count"]
            self.deck_size -= data["count"]

    def refilled(self, data: dict) -> None:
        self.harbour[data["slot"]] = board.COLOUR_INDEX[data["card"]]
        self.deck_size = max(0, self.deck_size - 1)

    def mermaid_revealed(self, data: dict) -> None:
        self.harbour[data["slot"]] = MERMAID_CARD
        self.mermaid = "revealed"

    def reshuffled(self, data: dict) -> None:
        self.deck_size += data["cards"]
        for name, n in data["taken"].items():
            self.discard[board.COLOUR_INDEX[name]] -= n
        self.mermaid = "deck"

    def took_from_harbour(self, data: dict) -> None:
        self.harbour[data["slot"]] = -1
        if data.get("ability"):
            self.abilities[data["seat"]][ABILITY_INDEX[data["ability"]]] = USED

    def took_into_hand(self, data: dict) -> None:
        self.hands[data["seat"]][board.COLOUR_INDEX[data["card"]]] += 1

    def discarded(self, data: dict) -> None:
        colour = board.COLOUR_INDEX[data["card"]]
        self.remove_card(data["seat"], colour)
        self.discard[colour] += 1

    def ability_used(self, seat: int, ability: str) -> None:
        self.abilities[seat][ABILITY_INDEX[ability]] = USED

    def paid(self, data: dict) -> None:
        for name, n in data["pay"].items():
            colour = board.COLOUR_INDEX[name]
            for _ in range(n):
                self.remove_card(data["seat"], colour)
            self.discard[colour] += n

    def built(self, data: dict) -> None:
        tile = board.TILE_INDEX[data["tile"]]
        o_index = board.TILES[tile].orientation_of[(data["rot"], data["mirror"])]
        self.supply[tile] -= 1
        self.facades[data["seat"]].append((tile, o_index, data["at"][0], data["at"][1]))

    def special(self, data: dict) -> None:
        self.supply[board.SPECIAL] -= 1
        self.facades[data["seat"]].append((board.SPECIAL, 0, data["at"][0], data["at"][1]))

    def scored(self, data: dict) -> None:
        self.scores[data["seat"]] = data["score"]

    def ability_gained(self, data: dict) -> None:
        self.abilities[data["seat"]][ABILITY_INDEX[data["ability"]]] = ACTIVE

    def refreshed(self, data: dict) -> None:
        for name in data["abilities"]:
            self.abilities[data["seat"]][ABILITY_INDEX[name]] = ACTIVE

    def turn(self, data: dict) -> None:
        self.current = data["seat"]
