"""Kahuna's action and event kinds with their fields (see ``game.core.kinds``)."""

from game.core.kinds import action, event

ACTIONS = {
    "build": action("card line"),
    "remove": action("cards line"),
    "discard": action("card"),
    "draw": action("source", "card"),
    "pass": action(),
    "start_player": action("seat", chance=True),
    "deal": action("card seat", chance=True),
    "reveal": action("card", chance=True),
}

EVENTS = {
    "start_player": event("seat", animated=False),
    "card_dealt": event("card seat source", public="seat source"),
    "display_refilled": event("card display", animated=False),
    "round_started": event("round seat", "pile"),
    "card_played": event("card purpose seat"),
    "bridge_built": event("line seat"),
    "stone_placed": event("island seat supply_empty"),
    "bridge_removed": event("by cause line owner", "island"),
    "stone_lost": event("island seat"),
    "card_discarded": event("card seat", public="count seat"),
    "pile_draw": event("seat", logged=False),
    "card_drawn": event("card seat source", public="seat source"),
    "passed": event("seat", animated=False),
    "final_turns": event("seat", animated=False),
    "round_scored": event("points round stones totals"),
    "game_over": event("losers reason scores winners", animated=False),
}
