"""Cannonades' table options and their choices, apart from the engine so the registry can offer them
without loading it."""

OPTION_CHOICES = {
    "deck": ("standard", "full"),  # 46 cards as BGA plays them, or the probable printed 52
    "deal": ("mulligan", "bga"),  # 5 cards and automatic mulligans, or 2 ships + 3 cards each
    "strict_memory": (False, True),  # owners cannot look at their own face-down ships
    "hand_limit": ("players", "five"),  # players still in + 1, or fixed at 5
    "icon_tiebreak": ("any_grin", "bga"),  # +1 icon for any Grin, or only for 2 or more Grins (BGA)
    "elimination": ("take_card", "bga_draw"),  # attacker takes a random card, or draws from the pile
    "trigger_discards": (False, True),  # the standoff trigger discards to the hand limit
    "first_draw": ("draw", "bga"),  # a player's first turn draws 5 - ships like every turn, or skips it (BGA)
}
DEFAULT_OPTIONS = {key: choices[0] for key, choices in OPTION_CHOICES.items()}
LEGACY_OPTIONS = {"first_draw": "bga"}
"""Options added after games were saved, with the rule those games were played with."""
