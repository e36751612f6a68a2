"""Cannonades' action and event kinds with their fields (see ``game.core.kinds``)."""

from game.core.kinds import action, event

ACTIONS = {
    "add": action("card"),
    "shoot": action("card seat slot"),
    "board": action("seat ship slot"),
    "draw": action("card"),
    "end": action(),
    "react": action("option", "slot"),
    "discard": action("card"),
    "pick": action("card"),
    "start": action("seat", chance=True),
    "deal": action("card", chance=True),
    "take": action("card", chance=True),
}

EVENTS = {
    "start": event("seat"),
    "deal": event("card pile reason seat", public="pile reason seat"),
    "mulligan": event("cards seat"),
    "turn": event("draw final first seat turn"),
    "add": event("card seat slot", public="seat slot"),
    "shoot": event("card seat slot target"),
    "board": event("card seat ship slot target"),
    "react": event("against option seat", "slot"),
    "flip": event("card cause seat slot"),
    "sink": event("by card seat slot"),
    "survive": event("by card seat slot"),
    "grin": event("against card cause seat"),
    "vendetta": event("against seat"),
    "discard": event("cards reason seat", "draw"),
    "pick": event("card index seat"),
    "take": event("card from seat", public="from seat"),
    "standoff": event("cancelled seat"),
    "eliminated": event("by seat"),
    "end_turn": event("seat", animated=False),
    "game_over": event("details ranks scores", animated=False),
}
