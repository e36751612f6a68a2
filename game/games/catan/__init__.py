"""Catan, the base game for 3-4 players: board, rules engine, AI and log text (no pygame)."""

from game.games import GameSpec, OptionSpec
from game.games.catan.ai import make_agent
from game.games.catan.rules import RULES
from game.games.catan.text import describe_event, statistics

RULES_PAGES = tuple(f"catan.rules.{n}" for n in range(1, 9))

SPEC = GameSpec(
    id="catan",
    name_key="catan.name",
    min_players=3,
    max_players=4,
    ruleset=RULES,
    make_agent=make_agent,
    view="game.games.catan.view:CatanTable",
    describe_event=describe_event,
    hidden_information=True,
    options=(
        OptionSpec("layout", "catan.option.layout", "random", kind="choice", choices=("random", "beginner"),
                   help_key="catan.option.layout.help"),
        OptionSpec("numbers", "catan.option.numbers", "spiral", kind="choice", choices=("spiral", "random"),
                   help_key="catan.option.numbers.help"),
        OptionSpec("start_positions", "catan.option.start_positions", True,
                   help_key="catan.option.start_positions.help"),
        OptionSpec("victory_points", "catan.option.victory_points", 10, kind="int", low=5, high=20,
                   help_key="catan.option.victory_points.help"),
        OptionSpec("friendly_robber", "catan.option.friendly_robber", False,
                   help_key="catan.option.friendly_robber.help"),
    ),
    rules_pages=RULES_PAGES,
    statistics=statistics,
    default_players=4,
    blurb_key="catan.blurb",
)
