"""Copenhagen's action and event kinds with their fields (see ``game.core.kinds``)."""

from game.core.kinds import action, event

ACTIONS = {
    "take": action("slot"),
    "discard": action("card"),
    "ability": action("ability"),
    "convert": action("from to"),
    "build": action("at mirror pay rot tile"),
    "coat": action("choice", "ability at"),
    "both": action(),
    "end": action(),
    "deal": action("cards seat", chance=True),
    "refill": action("card slot", chance=True),
    "reshuffle": action("", "cards", chance=True),
}

EVENTS = {
    "dealt": event("cards seat", public="count seat"),
    "refilled": event("card slot"),
    "mermaid": event("slot"),
    "reshuffled": event("cards taken"),
    "turn": event("seat turn"),
    "took": event("ability card seat slot"),
    "discarded": event("card seat"),
    "ability_used": event("ability seat"),
    "converted": event("from seat to"),
    "built": event("at cells contact cost discount mirror pay rot seat tile"),
    "special": event("at seat"),
    "scored": event("index line points score seat windows"),
    "coat": event("seat", "cell row"),
    "coat_lost": event("seat"),
    "ability_gained": event("ability seat"),
    "refreshed": event("abilities seat"),
    "game_over": event("reason scores"),
}
