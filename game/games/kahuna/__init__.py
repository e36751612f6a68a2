"""Kahuna, the two-player bridge-building game: board, rules engine, AI and log text (no pygame)."""

from game.games import GameSpec, OptionSpec, PlayerStyle

RULES_PAGES = tuple(f"kahuna.rules.{n}" for n in range(1, 8))

PIECE_STYLES = (
    PlayerStyle((44, 42, 46), (110, 106, 112), (16, 14, 18), "●", "colour.black"),
    PlayerStyle((244, 240, 228), (255, 255, 255), (150, 140, 120), "○", "colour.white"),
)
"""Kahuna is played with black and white bridges and stones."""

SPEC = GameSpec(
    id="kahuna",
    name_key="kahuna.name",
    min_players=2,
    max_players=2,
    ruleset="game.games.kahuna.rules:RULES",
    make_agent="game.games.kahuna.ai:make_agent",
    view="game.games.kahuna.view:KahunaTable",
    describe_event="game.games.kahuna.text:describe_event",
    hidden_information=True,
    options=(
        OptionSpec("destroy_own", "kahuna.option.destroy_own", False, help_key="kahuna.option.destroy_own.help"),
        OptionSpec("always_draw", "kahuna.option.always_draw", False, help_key="kahuna.option.always_draw.help"),
        OptionSpec("restricted_building", "kahuna.option.restricted_building", False,
                   help_key="kahuna.option.restricted_building.help"),
        OptionSpec("early_end", "kahuna.option.early_end", True, help_key="kahuna.option.early_end.help"),
        OptionSpec("anti_stall", "kahuna.option.anti_stall", False, help_key="kahuna.option.anti_stall.help",
                   legacy=True),
    ),
    rules_pages=RULES_PAGES,
    statistics="game.games.kahuna.text:statistics",
    default_players=2,
    blurb_key="kahuna.blurb",
    player_styles=PIECE_STYLES,
)
