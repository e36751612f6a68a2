"""Cannonades: pirate fleets, cannonades and Captain Grin, for 2 to 5 players."""

from game.games import GameSpec, OptionSpec
from game.games.cannonades.options import DEFAULT_OPTIONS, LEGACY_OPTIONS, OPTION_CHOICES


def _option(key: str) -> OptionSpec:
    choices = OPTION_CHOICES[key]
    if choices == (False, True):
        return OptionSpec(key, f"cannonades.option.{key}", DEFAULT_OPTIONS[key], "bool",
                          help_key=f"cannonades.option.{key}.help", legacy=LEGACY_OPTIONS.get(key))
    return OptionSpec(key, f"cannonades.option.{key}", DEFAULT_OPTIONS[key], "choice", choices=choices,
                      help_key=f"cannonades.option.{key}.help", legacy=LEGACY_OPTIONS.get(key))


SPEC = GameSpec(
    id="cannonades",
    name_key="cannonades.name",
    min_players=2,
    max_players=5,
    ruleset="game.games.cannonades.rules:RULES",
    make_agent="game.games.cannonades.ai:make_agent",
    view="game.games.cannonades.view:CannonadesTable",
    describe_event="game.games.cannonades.text:describe_event",
    hidden_information=True,
    options=tuple(_option(key) for key in OPTION_CHOICES),
    rules_pages=tuple(f"cannonades.rules.{n}" for n in range(1, 8)),
    statistics="game.games.cannonades.text:statistics",
    default_players=4,
    blurb_key="cannonades.blurb",
)
