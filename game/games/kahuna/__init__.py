"""Kahuna, the two-player bridge-building game: board, rules engine, AI and log text (no pygame)."""

from game.games import GameSpec, OptionSpec
from game.games.kahuna.ai import make_agent
from game.games.kahuna.rules import RULES
from game.games.kahuna.text import describe_event, statistics

RULES_PAGES = tuple(f"kahuna.rules.{n}" for n in range(1, 8))

SPEC = GameSpec(
    id="kahuna",
    name_key="kahuna.name",
    min_players=2,
    max_players=2,
    ruleset=RULES,
    make_agent=make_agent,
    view="game.games.kahuna.view:KahunaTable",
    describe_event=describe_event,
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
    statistics=statistics,
    default_players=2,
    blurb_key="kahuna.blurb",
)
