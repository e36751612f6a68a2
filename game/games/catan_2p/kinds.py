"""Catan for two's action and event kinds: base Catan's, the two-player layer's and the knight turned in for
tokens (see ``game.core.kinds``)."""

from game.core.kinds import action, event
from game.games.catan import kinds as catan

ACTIONS = {**catan.ACTIONS, **catan.TWO_PLAYER_ACTIONS, "turn_in_knight": action()}

EVENTS = {
    **catan.EVENTS,
    **catan.TWO_PLAYER_EVENTS,
    "knight_turned_in": event("gained seat"),
    "largest_army": event("previous seat"),
}
