"""The action and event kinds of the Catan games with their fields (see ``game.core.kinds``): the family's,
which every Catan game has, base Catan's, and the two-player layer's. Each game's own ``kinds`` module
combines them with its own."""

from game.core.kinds import action, event

FAMILY_ACTIONS = {
    "terrain": action("hex terrain", chance=True),
    "harbor": action("kind slot", chance=True),
    "spiral": action("corner", chance=True),
    "token": action("hex number", chance=True),
    "reds": action("eights sixes", chance=True),
    "first_player": action("seat", chance=True),
    "settlement": action("vertex"),
    "road": action("edge"),
    "city": action("vertex"),
    "roll": action("", "dice"),
    "robber": action("hex", "victim"),
    "steal": action("resource", chance=True),
    "end_road_building": action(),
    "bank_trade": action("get give"),
    "trade": action(),
    "trade_give": action("resource"),
    "trade_want": action("resource"),
    "propose": action("", "to"),
    "cancel_trade": action(),
    "accept": action(),
    "decline": action(),
    "counter": action(),
    "complete": action("seat"),
    "end_turn": action(),
}
"""The opening, the dice and the robber, building, and trade."""

FAMILY_EVENTS = {
    "tile": event("hex terrain", logged=False),
    "harbor": event("kind slot", logged=False, animated=False),
    "tokens": event("numbers", logged=False, animated=False),
    "layout": event("layout"),
    "first_player": event("seat"),
    "starting_resources": event("cards seat"),
    "turn": event("seat turn"),
    "rolled": event("dice seat total"),
    "produced": event("gains shortage total"),
    "discarded": event("cards seat"),
    "robber": event("hex seat victim"),
    "stole": event("resource thief victim", public="thief victim"),
    "robbed": event("resource thief victim"),
    "built": event("piece seat", "edge free vertex"),
    "longest_road": event("lengths previous seat"),
    "bank_trade": event("count get give seat"),
    "offer": event("give seat want", "to"),
    "answer": event("answer seat", "give want"),
    "traded": event("get give partner seat"),
    "trade_cancelled": event("seat", animated=False),
    "game_over": event("points winner", animated=False),
}

ACTIONS = {
    **FAMILY_ACTIONS,
    "discard": action("cards"),
    "buy": action(),
    "draw": action("card", chance=True),
    "play": action("card", "resource resources"),
}

EVENTS = {
    **FAMILY_EVENTS,
    "buying": event("seat", animated=False),
    "bought": event("card seat", public="seat"),
    "played": event("card seat", "resource resources taken"),
    "largest_army": event("previous seat"),
}

TWO_PLAYER_ACTIONS = {
    "road": action("edge", "colour"),
    "settlement": action("vertex", "colour"),
    "forced_trade": action("mode"),
    "forced_draw": action("resource", chance=True),
    "give_back": action("cards"),
    "robber_to_desert": action(),
}
"""What the two-player layer adds and changes: neutral builds, trade tokens, the forced trade."""

TWO_PLAYER_EVENTS = {
    "built": event("piece seat", "by edge free neutral vertex"),
    "neutral_skipped": event("piece seat", animated=False),
    "rethrow": event("dice seat total", "event"),
    "trade_tokens": event("due gained reason seat"),
    "token_action": event("action cost seat", "mode"),
    "forced_draw": event("resource seat victim", public="seat victim"),
    "forced_drawn": event("resource seat victim"),
    "gave_back": event("cards partner seat", public="partner seat"),
    "given_back": event("cards partner seat"),
}
