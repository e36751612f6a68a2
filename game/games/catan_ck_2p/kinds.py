"""The action and event kinds of Catan for two with Cities & Knights: the expansion's, the two-player layer's
and the neutral knights' (see ``game.core.kinds``)."""

from game.core.kinds import action, event
from game.games.catan import kinds as catan
from game.games.catan_ck import kinds as ck

ACTIONS = {
    **ck.ACTIONS,
    **catan.TWO_PLAYER_ACTIONS,
    "knight": action("vertex", "colour"),
    "promote": action("vertex", "colour"),
    "remove_knight": action("vertex"),
}

EVENTS = {
    **ck.EVENTS,
    **catan.TWO_PLAYER_EVENTS,
    "built": event("piece seat", "by edge free instead neutral vertex"),
    "rolled": event("dice event seat total", "rethrown"),
    "knight": event("seat strength vertex", "by neutral"),
    "promoted": event("seat strength vertex", "by neutral"),
    "knight_removed": event("due gained seat strength vertex", animated=False),
    "forced_void": event("reason seat victim", animated=False),
}
